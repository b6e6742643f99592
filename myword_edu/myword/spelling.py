"""Can these cards spell this word, and with which cards?

Rules (rulebook, "Allowable Words"; DESIGN.md): cards are used in any order;
a double letter card is used whole and in order; ``?`` is any one letter and
``??`` any two adjacent letters. A typed word takes the spelling that uses the
most cards, then the fewest wilds. A word needs at least ``min_cards`` cards.

>>> spell("dunk", parse_cards("ND U K"))
Traceback (most recent call last):
...
myword_edu.core.errors.CardsNotOnTableError: The cards on the table can't make 'DUNK'
>>> spell("mask", parse_cards("M K ??"))
(Card('M'), Card('??'), Card('K'))
>>> spell("queen", parse_cards("QU Q U E E N"))
(Card('Q'), Card('U'), Card('E'), Card('E'), Card('N'))
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from myword_edu.myword.cards import DOUBLE_WILD, WILD, Card, as_cards, parse_cards  # parse_cards: doctests
from myword_edu.core.errors import CardsDoNotSpellError, CardsNotOnTableError, TooFewCardsError, WrongTypeError
from myword_edu.core.text import clean_word

__all__ = ["spell", "best_spelling", "check_choice"]


def best_spelling(word: str, cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """The cards a folded ``word`` takes from ``cards`` (most cards, then fewest wilds), or None.

    >>> best_spelling("cat", parse_cards("C A T ?"))
    (Card('C'), Card('A'), Card('T'))
    >>> best_spelling("cat", parse_cards("C A")) is None
    True
    """
    if not isinstance(word, str):
        raise WrongTypeError("word", word, "a folded word (text)")
    pool = Counter(as_cards(cards))
    relevant = sorted(
        {c for c in pool if c.is_wild or c.letters in word},
        key=lambda c: c.letters,
    )
    if not relevant:
        return None
    counts = {c: pool[c] for c in relevant}
    by_letters = {c.letters: c for c in relevant if not c.is_wild}
    n = len(word)
    memo: dict[tuple, tuple[int, int, tuple[Card, ...]] | None] = {}

    def go(i: int) -> tuple[int, int, tuple[Card, ...]] | None:
        if i == n:
            return (0, 0, ())
        key = (i, *(counts[c] for c in relevant))
        if key in memo:
            return memo[key]
        best: tuple[int, int, tuple[Card, ...]] | None = None
        options: list[Card] = []
        single = by_letters.get(word[i])
        if single is not None and counts[single]:
            options.append(single)
        if i + 2 <= n:
            double = by_letters.get(word[i : i + 2])
            if double is not None and counts[double]:
                options.append(double)
        if counts.get(WILD):
            options.append(WILD)
        if i + 2 <= n and counts.get(DOUBLE_WILD):
            options.append(DOUBLE_WILD)
        for card in options:
            counts[card] -= 1
            rest = go(i + card.width)
            counts[card] += 1
            if rest is None:
                continue
            candidate = (rest[0] + 1, rest[1] - int(card.is_wild), (card, *rest[2]))
            if best is None or candidate[:2] > best[:2]:
                best = candidate
        memo[key] = best
        return best

    found = go(0)
    return found[2] if found else None


def spell(word: str, cards: Iterable[Card], *, min_cards: int = 3) -> tuple[Card, ...]:
    """The cards a typed word takes from the table, in the word's order.

    Raises :class:`~myword_edu.core.errors.CardsNotOnTableError` when the cards cannot
    make the word and :class:`~myword_edu.core.errors.TooFewCardsError` when they
    can, but with fewer than ``min_cards`` cards; both carry ``.reason``. Text
    that is no word at all raises :class:`~myword_edu.core.errors.BadWordError`.

    >>> spell("cat", parse_cards("C A T"), min_cards=4)
    Traceback (most recent call last):
    ...
    myword_edu.core.errors.TooFewCardsError: You need at least 4 cards; 'CAT' used 3
    """
    folded = clean_word(word)
    _check_min_cards(min_cards)
    found = best_spelling(folded, cards)
    if found is None:
        raise CardsNotOnTableError(folded, f"The cards on the table can't make {folded.upper()!r}")
    if len(found) < min_cards:
        raise TooFewCardsError(folded, found, min_cards)
    return found


def check_choice(
    word: str,
    chosen: Sequence[Card],
    *,
    table: Iterable[Card] | None = None,
    min_cards: int = 3,
) -> tuple[Card, ...]:
    """Check cards a player picked one by one: in this order they must spell ``word``.

    >>> check_choice("cat", parse_cards("C A T"), table=parse_cards("T A C E"))
    (Card('C'), Card('A'), Card('T'))
    >>> check_choice("act", parse_cards("C A T"))
    Traceback (most recent call last):
    ...
    myword_edu.core.errors.CardsDoNotSpellError: The cards C A T spell 'CAT', not 'ACT'
    """
    folded = clean_word(word)
    _check_min_cards(min_cards)
    chosen = as_cards(chosen, "chosen cards")
    if table is not None and Counter(chosen) - Counter(as_cards(table, "table")):
        raise CardsNotOnTableError(folded, "Some of those cards are not on the table any more")
    position = 0
    for card in chosen:
        chunk = folded[position : position + card.width]
        if not card.matches(chunk):
            break
        position += card.width
    else:
        if position == len(folded):
            if len(chosen) < min_cards:
                raise TooFewCardsError(folded, chosen, min_cards)
            return chosen
    shown = " ".join(str(c) for c in chosen) or "(none)"
    spelled = "".join(c.letters for c in chosen).upper()
    if any(c.is_wild for c in chosen) or not chosen:
        message = f"The cards {shown} don't spell {folded.upper()!r}"
    else:
        message = f"The cards {shown} spell {spelled!r}, not {folded.upper()!r}"
    raise CardsDoNotSpellError(folded, message)



def _check_min_cards(min_cards: object) -> None:
    if isinstance(min_cards, bool) or not isinstance(min_cards, int):
        raise WrongTypeError("min_cards", min_cards, "a whole number of cards")
