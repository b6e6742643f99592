"""One catalog system for every string a page shows: English in Python, translations in gettext files.

Each area (``game``, ``classroom``, ``rooms``) is a gettext *domain*: a module
of this package holds its English texts by stable key, and
``locale/es/LC_MESSAGES/<domain>.po`` holds the Spanish, one entry per key with
``msgctxt`` = the key, ``msgid`` = the English and ``msgstr`` = the Spanish, so
a teacher can review it in Poedit. ``tools/catalogs.py`` writes the ``.pot``
templates from the English, merges them into the ``.po`` files and compiles the
``.mo`` files this module reads with the standard library's :mod:`gettext`
(nothing else: it also runs in the browser kernel).

A text is :meth:`str.format` template. A :class:`Plural` has an English
singular and plural and names the value that picks the form; Spanish gets
its forms from the ``.po`` file's ``Plural-Forms``. A :class:`Text` is a text
with a note for translators (what a placeholder holds).

>>> demo = Catalog("game", {"deck.left": Plural("{left} of {total} card left", "{left} of {total} cards left", "left")})
>>> demo("en", "deck.left", left=1, total=71), demo("en", "deck.left", left=2, total=71)
('1 of 71 card left', '2 of 71 cards left')
>>> "deck.left" in demo, "no.such" in demo
(True, False)
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Iterator, Mapping

from myword_edu.core.text import Lang, parse_lang

__all__ = ["Catalog", "Text", "Plural", "Entry", "languages", "translations", "LOCALE_PACKAGE"]

#: Where the compiled catalogs live (``locale/<lang>/LC_MESSAGES/<domain>.mo``) inside the package.
LOCALE_PACKAGE = "myword_edu.i18n"


@dataclass(frozen=True)
class Text:
    """An English text with a note for the translator (shown in Poedit as a comment)."""

    english: str
    note: str = ""


@dataclass(frozen=True)
class Plural:
    """A text with a singular and a plural: ``count`` names the value whose number picks the form.

    The number need not be shown: ``{names} gets a free card`` picks its form by
    how many names there are (``count="people"``, passed by the caller).
    """

    one: str
    other: str
    count: str = "count"
    note: str = ""


#: What an area's table holds for a key: plain English, English with a note, or a plural.
Entry = str | Text | Plural


def languages() -> tuple[str, ...]:
    """The language tags every catalog has.

    >>> languages()
    ('en', 'es')
    """
    return tuple(lang.value for lang in Lang)


@lru_cache(maxsize=None)
def translations(domain: str, lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``lang`` (English is the source: no file needed).

    A missing ``.mo`` file is a broken installation, so it raises
    :class:`FileNotFoundError` naming the file.
    """
    if lang == Lang.EN.value:
        return gettext.NullTranslations()
    path = resources.files(LOCALE_PACKAGE).joinpath("locale", lang, "LC_MESSAGES", f"{domain}.mo")
    try:
        with path.open("rb") as file:
            return gettext.GNUTranslations(file)
    except FileNotFoundError as error:
        raise FileNotFoundError(f"the {lang} catalog of {domain!r} is missing from this installation ({path})") from error


class Catalog:
    """The texts of one domain by key, said in any language of :func:`languages`.

    Args:
        domain: the gettext domain (the name of its ``.po``/``.mo`` files).
        entries: key -> English (:data:`Entry`).
    """

    def __init__(self, domain: str, entries: Mapping[str, Entry]) -> None:
        self.domain = domain
        self._entries: dict[str, Text | Plural] = {
            key: Text(entry) if isinstance(entry, str) else entry for key, entry in entries.items()
        }

    def __repr__(self) -> str:
        return f"<Catalog {self.domain!r}: {len(self._entries)} texts>"

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def entry(self, key: str) -> Text | Plural:
        """The English of ``key`` (an unknown key is a bug: :class:`KeyError` naming it)."""
        try:
            return self._entries[key]
        except KeyError:
            raise KeyError(f"no text {key!r} in the {self.domain!r} catalog") from None

    def template(self, lang: object, key: str, number: int | None = None) -> str:
        """The unfilled template of ``key`` in ``lang`` (for a plural, the form for ``number``)."""
        entry = self.entry(key)
        found = translations(self.domain, parse_lang(lang).value)
        if isinstance(entry, Plural):
            if number is None:
                raise TypeError(f"the text {key!r} needs the number {entry.count!r} to pick its form")
            return found.npgettext(key, entry.one, entry.other, number)
        return found.pgettext(key, entry.english)

    def __call__(self, lang: object, key: str, /, **values: Any) -> str:
        """The text ``key`` in ``lang``, filled in with ``values``.

        A plural takes its number from ``values[entry.count]``.
        """
        entry = self.entry(key)
        number = None
        if isinstance(entry, Plural):
            if entry.count not in values:
                raise TypeError(f"the text {key!r} needs the number {entry.count!r} to pick its form")
            number = int(values[entry.count])
        template = self.template(lang, key, number)
        return template.format(**values) if values else template
