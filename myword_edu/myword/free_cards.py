"""Free cards: what a failed call costs in MyWord!.

The rulebook: a call that fails (not a word, cards not on the table, too few
cards...) gives each other player one free card, going round from the caller's
left, from the table first, else from the deck. A dealer excluded from calling
(a variant) gets none; in the rules for ages 7 and up nobody does (the round
does not ask). :meth:`myword_edu.myword.round.Round.claim` applies what
:func:`free_cards` decides.

>>> free_cards(["Ana", "Ben", "Cy", "Dan"], "Ben", table=[7], next_card=10, deck_size=12)
[('Cy', 7, 'table'), ('Dan', 10, 'deck'), ('Ana', 11, 'deck')]
"""

from __future__ import annotations

from typing import Callable, Sequence

__all__ = ["free_cards"]


def free_cards(
    seats: Sequence[str], caller: str, *, table: Sequence[int], next_card: int, deck_size: int,
    can_call: Callable[[str], bool] = lambda _name: True,
) -> list[tuple[str, int, str]]:  # fmt: skip
    """Who gets which free card after ``caller``'s failed call: ``(receiver, card id, "table" or "deck")``
    in the order given; ``table``: the ids on the table, oldest first; ``next_card``: the id of the next card
    to deal. Stops when neither the table nor the deck has a card left.

    >>> free_cards(["Ana", "Ben"], "Ana", table=[], next_card=5, deck_size=5)
    []
    >>> free_cards(["Ana", "Ben", "Cy"], "Ana", table=[], next_card=0, deck_size=9, can_call=lambda n: n != "Ben")
    [('Cy', 0, 'deck')]
    """
    start = list(seats).index(caller)
    left, following = list(table), next_card
    given = []
    for step in range(1, len(seats)):
        receiver = seats[(start + step) % len(seats)]
        if not can_call(receiver):  # the excluded dealer is out of play
            continue
        if left:
            given.append((receiver, left.pop(0), "table"))
        elif following < deck_size:
            given.append((receiver, following, "deck"))
            following += 1
        else:
            break
    return given
