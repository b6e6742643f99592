"""Letter cards and the decks they come in.

A :class:`Card` is a single letter (``A``, ``Ñ``), a double letter card used
whole and in order (``QU``, ``ND``), a single wild ``?`` (any one letter) or a
double wild ``??`` (any two adjacent letters).

>>> parse_cards("nd u K ?? qu ñ ?")
[Card('ND'), Card('U'), Card('K'), Card('??'), Card('QU'), Card('Ñ'), Card('?')]
>>> str(Card("qu"))
'QU'
>>> len(standard_deck("es")), len(standard_deck("en")), len(junior_deck("en"))
(72, 71, 54)
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from myword_edu.core.errors import CardTokenError, WrongTypeError
from myword_edu.core.text import ALL_LETTERS, Lang, normalize, parse_lang

__all__ = [
    "Card",
    "WILD",
    "DOUBLE_WILD",
    "parse_cards",
    "as_cards",
    "standard_deck",
    "junior_deck",
    "shuffled",
    "SINGLE_LETTER_COUNTS",
    "DOUBLE_LETTER_CARDS",
]

_WILD_FACES = ("?", "??")


@dataclass(frozen=True, order=True)
class Card:
    """One letter card. ``letters`` is lowercase (``"qu"``) or ``"?"`` / ``"??"``.

    >>> Card("Qu").letters, Card("??").is_wild, Card("??").width
    ('qu', True, 2)
    """

    letters: str

    def __post_init__(self) -> None:
        raw = self.letters
        if not isinstance(raw, str):
            raise CardTokenError(repr(raw))
        face = normalize(raw)
        if face not in _WILD_FACES and not (
            1 <= len(face) <= 2 and all(ch in ALL_LETTERS for ch in face)
        ):
            raise CardTokenError(raw)
        object.__setattr__(self, "letters", face)

    @property
    def is_wild(self) -> bool:
        """True for ``?`` and ``??``."""
        return self.letters in _WILD_FACES

    @property
    def is_double(self) -> bool:
        """True for a double letter card such as ``QU`` (not for ``??``)."""
        return len(self.letters) == 2 and not self.is_wild

    @property
    def width(self) -> int:
        """How many letters of a word the card covers (1 or 2)."""
        return 2 if self.letters in ("??",) or self.is_double else 1

    def matches(self, chunk: str) -> bool:
        """Can this card stand for ``chunk`` (folded letters of the same width)?

        >>> Card("?").matches("x"), Card("??").matches("sk"), Card("nd").matches("dn")
        (True, True, False)
        """
        if len(chunk) != self.width:
            return False
        return self.is_wild or chunk == self.letters

    def __str__(self) -> str:
        return self.letters.upper()

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


WILD = Card("?")
DOUBLE_WILD = Card("??")

_TOKEN_SPLIT = re.compile(r"[\s,]+")


def parse_cards(text: str) -> list[Card]:
    """Cards from text: tokens split on spaces or commas, any case.

    >>> parse_cards("a, b,c")
    [Card('A'), Card('B'), Card('C')]
    >>> parse_cards("a xyz")
    Traceback (most recent call last):
    ...
    myword_edu.core.errors.CardTokenError: 'xyz' is not a card. A card is one letter (A), two letters (QU), ? or ??
    """
    if not isinstance(text, str):
        raise WrongTypeError("cards", text, "text such as 'C A T QU ?'")
    return [Card(token) for token in _TOKEN_SPLIT.split(text.strip()) if token]


def as_cards(cards: object, name: str = "cards") -> tuple[Card, ...]:
    """Cards from a list of cards or card faces, or from text (``"C A T"``); anything else is refused.

    >>> as_cards(["c", Card("qu")]), as_cards("a ??")
    ((Card('C'), Card('QU')), (Card('A'), Card('??')))
    >>> as_cards([1, 2])
    Traceback (most recent call last):
    ...
    myword_edu.core.errors.WrongTypeError: each of the cards must be a card or a card's letters, not 1
    """
    if isinstance(cards, str):
        return tuple(parse_cards(cards))
    if isinstance(cards, (bytes, Mapping)) or not isinstance(cards, Iterable):
        raise WrongTypeError(name, cards, "a list of cards")
    out = []
    for card in cards:
        if isinstance(card, str):
            card = Card(card)
        elif not isinstance(card, Card):
            raise WrongTypeError(f"each of the {name}", card, "a card or a card's letters")
        out.append(card)
    return tuple(out)


# Deck composition (DESIGN.md: 54 single letters with one Ñ, 15 double letters
# with QU, CH and ND among them, wilds ? ? ??). The mix is derived by
# tools/design_deck.py from the letter and bigram frequencies of both shipped
# word lists; tests/unit/test_cards.py checks these numbers.
SINGLE_LETTER_COUNTS: dict[str, int] = {
    "a": 5, "b": 1, "c": 2, "d": 2, "e": 6, "f": 1, "g": 1, "h": 2, "i": 3,
    "j": 1, "k": 1, "l": 2, "m": 2, "n": 3, "o": 4, "p": 1, "r": 3, "s": 3,
    "t": 3, "u": 2, "v": 1, "w": 1, "x": 1, "y": 1, "z": 1, "ñ": 1,
}  # fmt: skip
DOUBLE_LETTER_CARDS: tuple[str, ...] = (
    "qu", "ch", "nd", "en", "de", "es", "er", "th", "in", "on", "re", "an", "he", "ar", "as",
)  # fmt: skip
_WILDS = ("?", "?", "??")


def _build(singles: Iterable[str], doubles: Iterable[str], wilds: Iterable[str]) -> list[Card]:
    cards = [Card(letter) for letter, n in SINGLE_LETTER_COUNTS.items() if letter in set(singles) for _ in range(n)]
    cards += [Card(pair) for pair in doubles]
    cards += [Card(w) for w in wilds]
    return cards


def standard_deck(lang: object) -> list[Card]:
    """The full deck in a fixed order: 72 cards in Spanish, 71 in English (no Ñ)."""
    language = parse_lang(lang)
    singles = [ch for ch in SINGLE_LETTER_COUNTS if language is Lang.ES or ch != "ñ"]
    return _build(singles, DOUBLE_LETTER_CARDS, _WILDS)


def junior_deck(lang: object) -> list[Card]:
    """The ages-7-and-up deck: single letters and QU only (no wilds, no other doubles)."""
    language = parse_lang(lang)
    singles = [ch for ch in SINGLE_LETTER_COUNTS if language is Lang.ES or ch != "ñ"]
    return _build(singles, ("qu",), ())


def shuffled(deck: Sequence[Card], seed: int | str | None) -> list[Card]:
    """A shuffled copy of ``deck``; the same seed always gives the same order.

    >>> shuffled(standard_deck("en"), 7) == shuffled(standard_deck("en"), 7)
    True
    >>> Counter(shuffled(standard_deck("en"), 7)) == Counter(standard_deck("en"))
    True
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise WrongTypeError("seed", seed, "a whole number, a text or None")
    cards = list(as_cards(deck, "deck"))
    random.Random(seed).shuffle(cards)
    return cards
