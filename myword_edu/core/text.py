"""Language tags and Unicode normalisation: the one place that handles both.

Cards carry no accents. A typed word is compared after Unicode NFKC (so
full-width letters and combining accents become plain letters), lower-casing,
and folding á é í ó ú ü (and any other accent) to the bare letter; ñ stays its
own letter.

>>> fold("Camión")
'camion'
>>> fold("PINGÜINO")
'pinguino'
>>> fold("año")
'año'
>>> fold("ｃａｔ")
'cat'
>>> parse_lang("ES")
<Lang.ES: 'es'>
"""

from __future__ import annotations

import enum
import unicodedata

from myword_edu.core.errors import BadWordError, UnknownLanguageError, WrongTypeError

__all__ = ["Lang", "parse_lang", "normalize", "fold", "clean_word", "alphabet", "MAX_WORD_LENGTH", "APOSTROPHES_AND_HYPHENS",
           "word_with_marks"]  # fmt: skip

#: Longest text accepted as a word (the longest words in both lists are shorter).
MAX_WORD_LENGTH = 30


class Lang(str, enum.Enum):
    """A language the game is played in."""

    EN = "en"
    ES = "es"

    def __str__(self) -> str:
        return self.value


def parse_lang(lang: object) -> Lang:
    """Return the :class:`Lang` for a tag such as ``"en"``, ``"ES"`` or ``"es-MX"``.

    >>> parse_lang("es-MX")
    <Lang.ES: 'es'>
    >>> parse_lang("fr")
    Traceback (most recent call last):
    ...
    myword_edu.core.errors.UnknownLanguageError: unknown language 'fr'. Valid languages are: en, es
    """
    if isinstance(lang, Lang):
        return lang
    if isinstance(lang, str):
        tag = lang.strip().lower().replace("_", "-").split("-", 1)[0]
        for member in Lang:
            if member.value == tag:
                return member
    raise UnknownLanguageError(lang, tuple(m.value for m in Lang))


_ALPHABETS = {
    Lang.EN: "abcdefghijklmnopqrstuvwxyz",
    Lang.ES: "abcdefghijklmnopqrstuvwxyzñ",
}
#: Every letter a folded word can hold, in any language (the order of the lexicon files).
ALL_LETTERS = "abcdefghijklmnopqrstuvwxyzñ"
_COMBINING_TILDE = "\u0303"


def alphabet(lang: object) -> str:
    """The folded letters words in ``lang`` are made of.

    >>> alphabet("es")[-1]
    'ñ'
    """
    return _ALPHABETS[parse_lang(lang)]


def normalize(text: str) -> str:
    """NFKC and lower-case: the dictionary spelling's form (accents kept).

    >>> normalize("Ａ\u0301rbol")
    'árbol'
    """
    if not isinstance(text, str):
        raise WrongTypeError("text", text, "text (a str)")
    return unicodedata.normalize("NFKC", text).strip().lower()


def fold(text: str) -> str:
    """The form words are compared in: :func:`normalize`, then accents removed except ñ."""
    decomposed = unicodedata.normalize("NFD", normalize(text))
    out: list[str] = []
    for ch in decomposed:
        if unicodedata.combining(ch):
            if ch == _COMBINING_TILDE and out and out[-1] == "n":
                out[-1] = "ñ"
            continue
        out.append(ch)
    return "".join(out)


def clean_word(text: object, lang: object = None) -> str:
    """Fold typed text into a word, or raise :class:`BadWordError` saying why not.

    >>> clean_word("  Niño ", "es")
    'niño'
    >>> clean_word("c4t", "en")
    Traceback (most recent call last):
    ...
    myword_edu.core.errors.BadWordError: 'c4t' has characters that are not letters: 4
    """
    if not isinstance(text, str):
        raise BadWordError(repr(text), "bad_characters", f"{text!r} is not text")
    folded = fold(text)
    if not folded:
        raise BadWordError(text, "empty", "type a word first")
    if len(folded) > MAX_WORD_LENGTH:
        raise BadWordError(
            text[:40], "too_long", f"that is too long for a word (at most {MAX_WORD_LENGTH} letters)"
        )
    letters = _ALPHABETS[parse_lang(lang)] if lang is not None else ALL_LETTERS
    bad = sorted({ch for ch in folded if ch not in letters})
    if bad:
        if all(ch in ALL_LETTERS for ch in bad):
            raise BadWordError(
                text,
                "wrong_alphabet",
                f"{text!r} uses letters that are not in {parse_lang(lang).name} cards: {''.join(bad)}",
            )
        raise BadWordError(
            text, "bad_characters", f"{text!r} has characters that are not letters: {''.join(bad)}"
        )
    return folded


#: The marks the rulebook rules out inside a word ("don't", "x-ray"), as typed on any keyboard
#: (straight and curly apostrophes, the modifier letter apostrophe; hyphens, the non-breaking
#: hyphen, the figure and en dashes and the minus sign a phone may put in).
APOSTROPHES_AND_HYPHENS = "'\u2018\u2019\u02bc-\u2010\u2011\u2012\u2013\u2212"


def word_with_marks(text: object, lang: object = None) -> str | None:
    """The folded text when it is a word of letters with apostrophes or hyphens in it, else None.

    The rulebook does not allow words that need apostrophes or hyphens: such a
    call is a word that is not allowed (not text that is no word at all).

    >>> word_with_marks("Don’t", "en"), word_with_marks("x-ray"), word_with_marks("cat")
    ("don't", 'x-ray', None)
    >>> word_with_marks("'"), word_with_marks("c4t-"), word_with_marks(5)
    (None, None, None)
    """
    if not isinstance(text, str):
        return None
    folded = fold(text)
    if not any(mark in folded for mark in APOSTROPHES_AND_HYPHENS):
        return None
    letters = "".join(ch for ch in folded if ch not in APOSTROPHES_AND_HYPHENS)
    allowed = _ALPHABETS[parse_lang(lang)] if lang is not None else ALL_LETTERS
    if not letters or len(folded) > MAX_WORD_LENGTH or any(ch not in allowed for ch in letters):
        return None
    for curly in "\u2018\u2019\u02bc":
        folded = folded.replace(curly, "'")
    for dash in "\u2010\u2011\u2012\u2013\u2212":
        folded = folded.replace(dash, "-")
    return folded
