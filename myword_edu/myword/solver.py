"""Every word the cards on the table allow.

A depth-first walk of the lexicon's word graph, once per prefix:

- letters are covered by single cards while there are some; a letter with no
  single card left adds to a *deficit*;
- a double letter card is a branch of its own (both letters, in order);
- wilds are never placed during the walk. A ``?`` covers any one deficit
  letter, and a ``??`` any adjacent pair of letters: placing them is decided
  for a finished word from the deficit (at most one ``??`` needs a scan of the
  word's adjacent pairs; two or more fall back to :func:`best_spelling`).

Deferring the wilds is what keeps the worst case in hand: placing a ``??`` at
every possible pair during the walk explores each word once per pair. The
result equals a brute-force reference (tests/property).

>>> from myword_edu.lexicon.wordlist import Lexicon
>>> lex = Lexicon.from_words(["cat", "act", "at", "mask", "cats"], blocked=[])
>>> sorted(words_on_table(parse_cards("C A T"), lex))
['act', 'cat']
>>> sorted(words_on_table(parse_cards("M K ??"), lex))
['mask']
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Iterable

from myword_edu.lexicon.dawg import ALPHABET, CHILD_MASK, CODE, EDGE_SHIFT, TERMINAL
from myword_edu.myword.cards import Card, parse_cards  # parse_cards: doctests
from myword_edu.myword.spelling import best_spelling

if TYPE_CHECKING:
    from myword_edu.lexicon.wordlist import Lexicon

__all__ = ["words_on_table", "hints"]


def words_on_table(
    cards: Iterable[Card],
    lexicon: "Lexicon",
    *,
    min_cards: int = 3,
    max_letters: int | None = None,
) -> set[str]:
    """Every word (folded form) the ``cards`` can spell with at least ``min_cards`` cards.

    ``max_letters`` skips longer words (computer players, quick hints).
    Blocked words are included (the caller decides what to show; see :func:`hints`).
    """
    cards = list(cards)
    singles = [0] * len(ALPHABET)
    doubles: dict[int, list[list]] = {}
    n_wild = n_double_wild = 0
    for card, n in Counter(cards).items():
        if card.letters == "?":
            n_wild += n
        elif card.letters == "??":
            n_double_wild += n
        elif card.is_double:
            a, b = card.letters[0], card.letters[1]
            doubles.setdefault(CODE[a], []).append([CODE[b], n, card.letters])
        else:
            singles[CODE[card.letters]] += n
    arr = lexicon.graph.arr
    found: set[str] = set()
    if not len(lexicon.graph) or not arr[0] >> EDGE_SHIFT:
        return found
    alphabet = ALPHABET
    cap = n_wild + 2 * n_double_wild  # the most deficit letters the wilds can cover
    used = [0] * len(ALPHABET)  # letters covered by one-letter cards so far, per letter
    least = min_cards
    longest = max_letters if max_letters is not None else 1 << 30

    child_of = lexicon.graph.child_by_code

    def settle(word: str, mask: str, doubles_used: int, deficit: int) -> bool:
        """Can the wilds cover the deficit, with enough cards? (``mask``: 'd' = double card)."""
        letters = len(word)
        if deficit <= n_wild:  # singles and ? only: one card per letter
            return letters - doubles_used >= least
        if letters - doubles_used - 1 < least:  # a ?? costs one card
            return False
        need = deficit - n_wild
        if need <= 2:
            for i in range(letters - 1):
                if mask[i] == "." and mask[i + 1] == ".":
                    a, b = CODE[word[i]], CODE[word[i + 1]]
                    if a == b:
                        cut = min(2, used[a] - singles[a]) if used[a] > singles[a] else 0
                    else:
                        cut = (used[a] > singles[a]) + (used[b] > singles[b])
                    if cut >= need:
                        return True
            if n_double_wild < 2:
                return False
        spelled = best_spelling(word, cards)  # several ??: the exact search
        return spelled is not None and len(spelled) >= least

    def walk(node: int, prefix: str, mask: str, doubles_used: int, deficit: int) -> None:
        if len(prefix) >= longest:
            return
        header = arr[node]
        for k in range(node + 1, node + 1 + (header >> EDGE_SHIFT)):
            edge = arr[k]
            label = edge >> EDGE_SHIFT
            child = edge & CHILD_MASK
            count = used[label] + 1
            short = deficit + (count > singles[label])
            if short <= cap:
                used[label] = count
                word = prefix + alphabet[label]
                cheader = arr[child]
                if cheader & TERMINAL and settle(word, mask + ".", doubles_used, short):
                    found.add(word)
                if cheader >> EDGE_SHIFT:
                    walk(child, word, mask + ".", doubles_used, short)
                used[label] = count - 1
            pairs = doubles.get(label)
            if pairs and len(prefix) + 2 <= longest:
                for entry in pairs:
                    if entry[1]:
                        grandchild = child_of(child, entry[0])
                        if grandchild >= 0:
                            entry[1] -= 1
                            word = prefix + entry[2]
                            gheader = arr[grandchild]
                            if gheader & TERMINAL and settle(word, mask + "dd", doubles_used + 1, deficit):
                                found.add(word)
                            if gheader >> EDGE_SHIFT:
                                walk(grandchild, word, mask + "dd", doubles_used + 1, deficit)
                            entry[1] += 1

    walk(0, "", "", 0, 0)
    return found


def hints(
    cards: Iterable[Card],
    lexicon: "Lexicon",
    *,
    min_cards: int = 3,
    limit: int | None = None,
    max_letters: int | None = None,
) -> list[str]:
    """Words the cards allow in their dictionary spelling, most common first, blocked words never shown.

    >>> from myword_edu.lexicon.wordlist import Lexicon
    >>> lex = Lexicon.from_words(["cat", "act"], zipf={"act": 4.5, "cat": 4.0}, blocked=["act"])
    >>> hints(parse_cards("C A T"), lex)
    ['cat']
    """
    words = [
        w
        for w in words_on_table(cards, lexicon, min_cards=min_cards, max_letters=max_letters)
        if not lexicon.is_blocked(w)
    ]
    ranked = sorted(words, key=lambda w: (-lexicon.zipf(w), len(w), w))
    if limit is not None:
        ranked = ranked[:limit]
    return [lexicon.spelling(w) for w in ranked]
