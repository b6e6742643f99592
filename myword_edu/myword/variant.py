"""The two ways to play MyWord!: the standard rules, and the rulebook's rules for ages 7 and up.

The rulebook calls the second "Rules for Ages 7 and Up" (in Spanish "Reglas
para jugadores de 7 años en adelante"); the code calls it :attr:`Variant.JUNIOR`
everywhere: a failed call costs nothing, and a game dealt by the app uses the
junior deck (single letters and QU only, :func:`myword_edu.myword.cards.junior_deck`).
Pages show the rulebook's name in the reader's language; a roster file or a
link may use any of the names teachers write (:func:`parse_variant`).

>>> parse_variant("Ages 7"), parse_variant("7 años en adelante"), parse_variant("ages7")
(<Variant.JUNIOR: 'junior'>, <Variant.JUNIOR: 'junior'>, <Variant.JUNIOR: 'junior'>)
>>> Variant.JUNIOR.is_junior, Variant.STANDARD.is_junior
(True, False)
"""

from __future__ import annotations

import enum

__all__ = ["Variant", "parse_variant"]


class Variant(str, enum.Enum):
    """How failed calls are treated: the standard rules, or the rules for ages 7 and up (no penalty)."""

    STANDARD = "standard"
    JUNIOR = "junior"

    def __str__(self) -> str:
        return self.value

    @property
    def is_junior(self) -> bool:
        """The rules for ages 7 and up: failed calls are not penalised."""
        return self is Variant.JUNIOR


#: Names teachers write (in a roster file, a link), folded to lower case with single spaces.
#: "ages7" is how earlier releases stored the junior variant of a student.
_ALIASES = {
    "standard": Variant.STANDARD, "estándar": Variant.STANDARD, "estandar": Variant.STANDARD,
    "normal": Variant.STANDARD, "normales": Variant.STANDARD,
    "junior": Variant.JUNIOR, "ages7": Variant.JUNIOR, "ages 7": Variant.JUNIOR, "ages-7": Variant.JUNIOR,
    "ages 7 and up": Variant.JUNIOR, "ages 7+": Variant.JUNIOR, "7": Variant.JUNIOR, "7+": Variant.JUNIOR,
    "7 años": Variant.JUNIOR, "7anos": Variant.JUNIOR, "7años": Variant.JUNIOR, "7 anos": Variant.JUNIOR,
    "7 años en adelante": Variant.JUNIOR, "desde 7 años": Variant.JUNIOR,
}  # fmt: skip


def parse_variant(text: object) -> Variant:
    """The :class:`Variant` named ``text`` ("standard", "junior", "ages 7", "7 años"...).

    >>> parse_variant("hard")
    Traceback (most recent call last):
    ...
    ValueError: unknown variant 'hard'. Valid variants are: standard, junior (ages 7 and up)
    """
    if isinstance(text, Variant):
        return text
    if isinstance(text, str):
        key = " ".join(text.strip().lower().split())
        if key in _ALIASES:
            return _ALIASES[key]
    raise ValueError(f"unknown variant {str(text)[:40]!r}. Valid variants are: standard, junior (ages 7 and up)")
