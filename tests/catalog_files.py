"""The gettext files as a translator leaves them (read with polib, a second reader beside the standard library's)."""

from __future__ import annotations

import string
from functools import lru_cache
from pathlib import Path

import polib

LOCALE = Path(__file__).resolve().parents[1] / "myword_edu" / "i18n" / "locale"
DOMAINS = ("game", "classroom", "rooms")


def fields(template: str) -> set[str]:
    """The ``{placeholders}`` of a :meth:`str.format` template."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@lru_cache(maxsize=None)
def po_file(domain: str, lang: str = "es") -> polib.POFile:
    return polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"))


def spanish(domain: str) -> dict[str, list[str]]:
    """Each key's Spanish forms (one, or one per plural form), from the ``.po`` file."""
    return {
        e.msgctxt: [e.msgstr_plural[i] for i in sorted(e.msgstr_plural)] if e.msgid_plural else [e.msgstr]
        for e in po_file(domain)
        if not e.obsolete
    }
