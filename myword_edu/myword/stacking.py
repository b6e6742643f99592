"""Stacking a lesson's deck: every focus word's cards reserved, and dealt together at some point of a round.

A lesson (:mod:`myword_edu.myword.lessons`) makes its focus words possible:
:func:`reserve_cards` picks cards for all of them at once (no card shared, as
few wild cards as possible), and :func:`stack_deck` shuffles a round's deck so
that each word's cards come out one after another, the blocks spread through
the deal; the blocks given as ``first`` (the words a student should review)
take the earliest places, in their order.

>>> import random
>>> from myword_edu.myword.cards import parse_cards
>>> cards = parse_cards("C A T D O G X Y Z W")
>>> reserved = reserve_cards(["cat", "dog"], cards, 3)
>>> [" ".join(map(str, reserved[w])) for w in ("cat", "dog")]
['C A T', 'D O G']
>>> deck = stack_deck(cards, list(reserved.values()), random.Random(1))
>>> sorted(map(str, deck)) == sorted(map(str, cards))
True
>>> deck = stack_deck(cards, [reserved["cat"]], random.Random(1), first=[reserved["dog"]])
>>> "".join(map(str, deck)).find("O") < "".join(map(str, deck)).find("A")  # DOG's block comes out first
True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence

from myword_edu.myword.cards import Card
from myword_edu.myword.spelling import best_spelling

__all__ = ["reserve_cards", "stack_deck", "stacked_deal"]


def reserve_cards(focus: Sequence[str], cards: Sequence[Card], min_cards: int, *, tries: int = 80) -> dict[str, tuple[Card, ...]] | None:
    """Cards for every focus word (folded) at once, no card shared, with as few wild cards as possible,
    each word taking at least ``min_cards``; None if ``tries`` orders of the words find none."""
    supply = Counter(ch for c in cards for ch in c.letters)
    best: dict[str, tuple[Card, ...]] | None = None
    best_wilds = 0
    for attempt in range(tries):
        order = list(focus)
        if attempt:
            random.Random(attempt).shuffle(order)
        else:  # words with the scarcest letters first
            order.sort(key=lambda w: sum(1 / (supply[ch] or 0.5) for ch in w), reverse=True)
        pool = Counter(cards)
        reserved: dict[str, tuple[Card, ...]] = {}
        for word in order:
            letters_only = [c for c in pool.elements() if not c.is_wild]
            spelled = best_spelling(word, letters_only)
            if spelled is None or len(spelled) < min_cards:
                spelled = best_spelling(word, pool.elements())
            if spelled is None or len(spelled) < min_cards:
                break
            pool -= Counter(spelled)
            reserved[word] = spelled
        else:
            wilds = sum(c.is_wild for cs in reserved.values() for c in cs)
            if best is None or wilds < best_wilds:
                best, best_wilds = reserved, wilds
            if wilds == 0:
                break
    return best


def stack_deck(
    cards: Sequence[Card], blocks: Sequence[Sequence[Card]], rng: random.Random,
    *, first: Sequence[Sequence[Card]] = (),
) -> list[Card]:  # fmt: skip
    """``cards`` shuffled by ``rng``, each block (a focus word's reserved cards, part of ``cards``) dealt
    together in a random order, the blocks spread through the deal; the ``first`` blocks (part of
    ``cards`` too, not of ``blocks``) before the others, in the order given."""
    return stacked_deal(cards, blocks, rng, first=first)[0]


def stacked_deal(
    cards: Sequence[Card], blocks: Sequence[Sequence[Card]], rng: random.Random,
    *, first: Sequence[Sequence[Card]] = (),
) -> tuple[list[Card], list[tuple[int, int]]]:  # fmt: skip
    """:func:`stack_deck`'s deck, and where each block lies in it: ``(start, end)`` deck positions
    for each of ``first`` then ``blocks``, in the order given (the same ``rng``, the same deck).

    >>> from myword_edu.myword.cards import parse_cards
    >>> cards = parse_cards("C A T D O G X Y Z W")
    >>> deck, where = stacked_deal(cards, [parse_cards("C A T")], random.Random(1), first=[parse_cards("D O G")])
    >>> [sorted("".join(map(str, deck[a:b]))) for a, b in where]
    [['D', 'G', 'O'], ['A', 'C', 'T']]
    """
    rest = Counter(cards)
    shuffled_blocks = []
    for index, reserved in enumerate(blocks, start=len(first)):
        block = list(reserved)
        rest -= Counter(block)
        rng.shuffle(block)
        shuffled_blocks.append((index, block))
    leading = []
    for index, reserved in enumerate(first):  # (with no first blocks, the same deal as ever: saved games replay)
        block = list(reserved)
        rest -= Counter(block)
        leading.append((index, block))
    others = sorted(rest.elements())
    rng.shuffle(others)
    rng.shuffle(shuffled_blocks)
    for _, block in leading:
        rng.shuffle(block)
    shuffled_blocks = leading + shuffled_blocks
    k, n = len(shuffled_blocks), len(others)
    cuts = sorted(min(n, max(0, round((j + 1) * n / (k + 1)) + rng.randint(-2, 2))) for j in range(k))
    deck: list[Card] = []
    where = [(0, 0)] * k
    previous = 0
    for cut, (index, block) in zip(cuts, shuffled_blocks):
        deck += others[previous:cut]
        where[index] = (len(deck), len(deck) + len(block))
        deck += block
        previous = cut
    return deck + others[previous:], where
