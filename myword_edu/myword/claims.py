"""Checking a MyWord! claim's cards: ids a page sent, whether a table allows a word, which cards a word takes.

These are the pure parts of :meth:`myword_edu.myword.round.Round.check_claim`:
they look at card ids and the dealt deck, never at a round's state.

>>> from myword_edu.myword.cards import parse_cards
>>> deck = parse_cards("C A T QU")
>>> could_claim("cat", None, 3, [0, 1, 2], deck), could_claim("cat", [2, 1, 0], 3, [0, 1, 2], deck)
(True, False)
>>> pick_ids(deck[:3], [2, 0, 1], deck)
(0, 1, 2)
"""

from __future__ import annotations

from typing import Iterable, Sequence

from myword_edu.core.errors import CardIdsError, CardIdsTypeError, SpellingError
from myword_edu.myword.cards import Card
from myword_edu.myword.spelling import best_spelling, check_choice

__all__ = ["check_card_ids", "check_ids_on_table", "could_claim", "pick_ids"]


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_card_ids(card_ids: object) -> tuple[int, ...]:
    """Card ids for a call as a tuple, or :class:`~myword_edu.core.errors.CardIdsTypeError` if they are
    not a list of whole numbers (an iterator, a number, text, floats, True...).

    >>> check_card_ids([3, 0, 1])
    (3, 0, 1)
    >>> check_card_ids([0.9, 1.2])
    Traceback (most recent call last):
    ...
    myword_edu.core.errors.CardIdsTypeError: card ids are whole numbers (the cards' ids on the table), not 0.9
    """
    if isinstance(card_ids, (str, bytes)) or not isinstance(card_ids, Sequence):
        raise CardIdsTypeError(card_ids, "not_a_list", f"the cards picked must be a list of card ids, not {_short(card_ids)}")
    ids = tuple(card_ids)
    for card_id in ids:
        if isinstance(card_id, bool) or not isinstance(card_id, int):
            raise CardIdsTypeError(
                ids, "not_whole_numbers", f"card ids are whole numbers (the cards' ids on the table), not {_short(card_id)}"
            )
    return ids


def check_ids_on_table(ids: tuple[int, ...], table: Sequence[int]) -> None:
    """Raise :class:`~myword_edu.core.errors.CardIdsError` unless every id is a different card on ``table``.

    >>> check_ids_on_table((4, 1), [1, 2, 3])
    Traceback (most recent call last):
    ...
    myword_edu.core.errors.CardIdsError: card 4 is not on the table; the cards on the table are [1, 2, 3]
    """
    if len(set(ids)) != len(ids):
        twice = sorted({i for i in ids if ids.count(i) > 1})
        raise CardIdsError(ids, "repeated", f"a card can be picked only once: card {twice[0]} was picked twice")
    on_table = set(table)
    missing = [i for i in ids if i not in on_table]
    if missing:
        raise CardIdsError(
            ids, "not_on_table",
            f"card {missing[0]} is not on the table; the cards on the table are {sorted(on_table) or 'none'}",
        )  # fmt: skip


def could_claim(
    folded: str, card_ids: Sequence[int] | None, min_cards: int, table: Sequence[int], deck: Sequence[Card]
) -> bool:
    """Would the cards of ``table`` (ids into ``deck``) have allowed this call (picked cards, or typed)?"""
    if card_ids is not None:
        ids = tuple(card_ids)
        if len(set(ids)) != len(ids) or any(i not in table for i in ids):
            return False
        try:
            check_choice(folded, [deck[i] for i in ids], min_cards=min_cards)
        except SpellingError:
            return False
        return True
    found = best_spelling(folded, [deck[i] for i in table])
    return found is not None and len(found) >= min_cards


def pick_ids(cards: Iterable[Card], table: Sequence[int], deck: Sequence[Card]) -> tuple[int, ...]:
    """The ids of ``table`` that hold ``cards`` (the oldest card first when two are alike)."""
    free = list(table)
    ids = []
    for card in cards:
        for position, card_id in enumerate(free):
            if deck[card_id] == card:
                ids.append(card_id)
                del free[position]
                break
    return tuple(ids)
