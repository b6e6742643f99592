"""Every word the cards on the table allow.

A depth-first walk of the lexicon's word graph that spends cards as it goes:
a letter card, a double letter card (both letters, in order), ``?`` (any
edge) or ``??`` (any two edges). Using a real card dominates using a wild for
the same letters (the wild stays, and can stand for anything later), so the
wild branch is skipped where the real card is there: this prunes the search
without losing a word. Used for hints, end-of-round reviews, computer players
and for ending a round when no player can make a word.

>>> from myword_edu.lexicon import Lexicon
>>> lex = Lexicon.from_words(["cat", "act", "at", "mask", "cats"], blocked=[])
>>> sorted(words_on_table(parse_cards("C A T"), lex))
['act', 'cat']
>>> sorted(words_on_table(parse_cards("M K ??"), lex))
['mask']
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Iterable

from ._dawg import ALPHABET, CHILD_MASK, EDGE_SHIFT, TERMINAL
from .cards import Card, parse_cards  # parse_cards: doctests

if TYPE_CHECKING:
    from .lexicon import Lexicon

__all__ = ["words_on_table", "hints"]


def words_on_table(cards: Iterable[Card], lexicon: "Lexicon", *, min_cards: int = 3) -> set[str]:
    """Every word (folded form) the ``cards`` can spell with at least ``min_cards`` cards.

    Blocked words are included (the caller decides what to show; see :func:`hints`).
    """
    pool = Counter(cards)
    singles = [0] * len(ALPHABET)
    doubles: dict[int, list[list]] = {}
    wilds = [0, 0]  # [?, ??]
    code = {ch: i for i, ch in enumerate(ALPHABET)}
    for card, n in pool.items():
        if card.letters == "?":
            wilds[0] += n
        elif card.letters == "??":
            wilds[1] += n
        elif card.is_double:
            a, b = card.letters
            doubles.setdefault(code[a], []).append([code[b], n, card.letters])
        else:
            singles[code[card.letters]] += n
    arr = lexicon.graph.arr
    if not len(lexicon.graph):
        return set()
    found: set[str] = set()
    alphabet = ALPHABET

    def child_of(node: int, label: int) -> int:
        header = arr[node]
        for k in range(node + 1, node + 1 + (header >> EDGE_SHIFT)):
            edge = arr[k]
            lab = edge >> EDGE_SHIFT
            if lab == label:
                return edge & CHILD_MASK
            if lab > label:
                return -1
        return -1

    pair_entry = {(a * 32 + entry[0]): entry for a, entries in doubles.items() for entry in entries}

    def visit(child: int, word: str, used: int, prev: int) -> None:
        # Leaves are most of the visits: settle them here without a call.
        cheader = arr[child]
        if cheader & TERMINAL and used >= min_cards:
            found.add(word)
        if cheader >> EDGE_SHIFT:
            walk(child, word, used, prev)

    def walk(node: int, prefix: str, used: int, prev: int) -> None:
        # ``prev``: the previous letter's label if a one-letter card covered it
        # (+32 if that card was a ?), else -1. Once ``used`` reaches the
        # minimum, two one-letter cards in a row are dominated by the double
        # card (or ??) for the same pair, which keeps them both for later.
        header = arr[node]
        settled = used >= min_cards and prev >= 0
        for k in range(node + 1, node + 1 + (header >> EDGE_SHIFT)):
            edge = arr[k]
            label = edge >> EDGE_SHIFT
            child = edge & CHILD_MASK
            letter = alphabet[label]
            if settled:
                entry = pair_entry.get((prev & 31) * 32 + label)
                skip_one = entry is not None and entry[1] > 0
            else:
                skip_one = False
            if skip_one:
                pass
            elif singles[label]:
                singles[label] -= 1
                visit(child, prefix + letter, used + 1, label)
                singles[label] += 1
            elif wilds[0] and not (settled and prev >= 32 and wilds[1]):
                wilds[0] -= 1
                visit(child, prefix + letter, used + 1, label + 32)
                wilds[0] += 1
            pairs = doubles.get(label)
            real_pairs: tuple | set = ()
            if pairs:
                real_pairs = set()
                for entry in pairs:
                    if entry[1]:
                        grandchild = child_of(child, entry[0])
                        if grandchild >= 0:
                            real_pairs.add(entry[0])
                            entry[1] -= 1
                            visit(grandchild, prefix + entry[2], used + 1, -1)
                            entry[1] += 1
            if wilds[1]:
                wilds[1] -= 1
                cheader = arr[child]
                for j in range(child + 1, child + 1 + (cheader >> EDGE_SHIFT)):
                    cedge = arr[j]
                    clabel = cedge >> EDGE_SHIFT
                    if clabel in real_pairs:
                        continue  # the double letter card does this better
                    visit(cedge & CHILD_MASK, prefix + letter + alphabet[clabel], used + 1, -1)
                wilds[1] += 1

    if arr[0] >> EDGE_SHIFT:
        walk(0, "", 0, -1)
    return found


def hints(cards: Iterable[Card], lexicon: "Lexicon", *, min_cards: int = 3, limit: int | None = None) -> list[str]:
    """Words the cards allow in their dictionary spelling, most common first, blocked words never shown.

    >>> from myword_edu.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["cat", "act"], zipf={"act": 4.5, "cat": 4.0}, blocked=["act"])
    >>> hints(parse_cards("C A T"), lex)
    ['cat']
    """
    words = [w for w in words_on_table(cards, lexicon, min_cards=min_cards) if not lexicon.is_blocked(w)]
    ranked = sorted(words, key=lambda w: (-lexicon.zipf(w), len(w), w))
    if limit is not None:
        ranked = ranked[:limit]
    return [lexicon.spelling(w) for w in ranked]
