"""Fitting words into a deck: the fewest cards to add so every word has its own cards at once.

A lesson's focus words must all be possible in one deal (:mod:`myword_edu.myword.stacking`
reserves their cards). :func:`extra_cards` says which letter cards a deck lacks for that,
without counting on wild cards: as few as possible, each word with at least the minimum of
cards, preferring the spelling with the most cards.

>>> from myword_edu.myword.cards import parse_cards
>>> added, spellings = extra_cards(["puppy"], parse_cards("P U Y A"), 3)
>>> " ".join(map(str, added)), " ".join(map(str, spellings["puppy"]))
('P P', 'P U P P Y')
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from myword_edu.myword.cards import Card

__all__ = ["extra_cards", "own_cards"]


def extra_cards(words: Sequence[str], deck: Sequence[Card], min_cards: int) -> tuple[list[Card], dict[str, tuple[Card, ...]]]:
    """Cards to add to ``deck`` so every (folded) word has its own letter cards at the same time
    (no wild card needed), each spelled with at least ``min_cards`` cards where it can be.
    Returns (the cards to add, each word's spelling)."""
    pool = Counter(c for c in deck if not c.is_wild)
    supply = Counter(ch for c in deck for ch in c.letters)
    order = sorted(words, key=lambda w: sum(1 / (supply[ch] or 0.5) for ch in w), reverse=True)
    added: list[Card] = []
    spellings: dict[str, tuple[Card, ...]] = {}
    for word in order:
        more, spelled = _cheapest(word, pool, min_cards)
        added += more
        pool.update(more)
        pool.subtract(spelled)
        spellings[word] = spelled
    return added, spellings


def own_cards(word: str) -> list[Card]:
    """The single cards that spell a folded word on their own (QU as one card: decks have no Q)."""
    cards, i = [], 0
    while i < len(word):
        size = 2 if word[i : i + 2] == "qu" else 1
        cards.append(Card(word[i : i + size]))
        i += size
    return cards


def _cheapest(word: str, pool: Counter[Card], min_cards: int) -> tuple[list[Card], tuple[Card, ...]]:
    """The cards to add so ``pool`` (no wild cards) spells ``word`` with at least ``min_cards`` cards:
    as few as possible, then the spelling with the most cards. Returns (cards to add, the spelling);
    the word's own single cards are always a way, so only a word shorter than ``min_cards`` gets fewer."""
    n = len(word)
    Best = tuple[int, int, tuple[Card, ...], tuple[Card, ...]]
    memo: dict[tuple, Best | None] = {}
    relevant = sorted({c for c in pool if c.letters in word}, key=lambda c: c.letters)

    def go(i: int, have: int) -> Best | None:
        if i >= n:
            return (0, 0, (), ()) if have >= min_cards else None
        key = (i, have, *(pool[c] for c in relevant))
        if key in memo:
            return memo[key]
        options: list[tuple[Card, bool]] = []
        for size in (1, 2):
            card = Card(word[i : i + size]) if i + size <= n else None
            if card is not None and pool[card] > 0:
                options.append((card, False))
        options.append((own_cards(word[i : i + 2])[0], True))
        best: Best | None = None
        for card, added in options:
            if not added:
                pool[card] -= 1
            rest = go(i + len(card.letters), min(have + 1, min_cards))
            if not added:
                pool[card] += 1
            if rest is None:
                continue
            candidate = (rest[0] + added, rest[1] - 1, (card, *rest[2]), ((card,) if added else ()) + rest[3])
            if best is None or candidate[:2] < best[:2]:
                best = candidate
        memo[key] = best
        return best

    found = go(0, 0)
    if found is None:  # too short for the minimum: its own cards, the most it can take
        own = own_cards(word)
        return own, tuple(own)
    return list(found[3]), found[2]
