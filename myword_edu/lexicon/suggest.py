"""Did you mean...? The nearest real words to a misspelled one.

:func:`suggest` walks the lexicon's word graph once with a row of edit
distances per prefix (Levenshtein with swapped neighbours counted as one edit,
so ``freind`` is one edit from ``friend``), and drops every branch as soon as
no word below it can be close enough. It looks one edit away first and two
edits away only when that found too few words; words are ranked by how many
edits they need (an N typed for an Ñ counts half), then by how common they
are (:meth:`Lexicon.zipf`, with a little more for a word one letter longer:
a left-out letter is the commonest slip). Blocked
words are never suggested. Words are compared folded (accents and case do not
count, ñ is its own letter) and suggested in their dictionary spelling.

>>> lex = Lexicon.from_words(["friend", "fiend", "fried", "árbol"], zipf={"friend": 5.6, "fried": 4.0}, blocked=[])
>>> suggest("freind", lex)
['friend', 'fried', 'fiend']
>>> suggest("arbl", lex)
['árbol']
>>> suggest("zzzzzz", lex)
[]
"""

from __future__ import annotations

from myword_edu.core.text import ALL_LETTERS, fold
from myword_edu.lexicon.dawg import CHILD_MASK, EDGE_SHIFT, TERMINAL
from myword_edu.lexicon.wordlist import Lexicon

__all__ = ["suggest", "near_words", "MAX_DISTANCE"]

#: The most edits a suggestion may be away from the typed word.
MAX_DISTANCE = 2
#: Longest typed word looked at (longer text is not a misspelling worth a search).
_MAX_LENGTH = 30


def near_words(word: str, lexicon: Lexicon, max_distance: int = 1) -> dict[str, int]:
    """Every folded word of ``lexicon`` at most ``max_distance`` edits from ``word``, with its distance.

    An edit is a letter added, removed or changed, or two neighbours swapped.
    The typed word itself is left out.

    >>> near_words("cta", Lexicon.from_words(["cat", "act", "cart"], blocked=[]))
    {'cat': 1}
    """
    target = fold(word) if isinstance(word, str) else ""
    if not target or len(target) > _MAX_LENGTH or max_distance < 0:
        return {}
    arr = lexicon.graph.arr
    if not len(lexicon.graph):
        return {}
    n = len(target)
    letters = ALL_LETTERS
    found: dict[str, int] = {}
    # (node, prefix, this row, the row before, the prefix's last letter)
    stack: list[tuple[int, str, list[int], list[int] | None, str]] = [(0, "", list(range(n + 1)), None, "")]
    while stack:
        node, prefix, row, before, last = stack.pop()
        header = arr[node]
        for k in range(node + 1, node + 1 + (header >> EDGE_SHIFT)):
            edge = arr[k]
            ch = letters[edge >> EDGE_SHIFT]
            child = edge & CHILD_MASK
            new = [row[0] + 1]
            smallest = new[0]
            for j in range(1, n + 1):
                value = row[j - 1] if target[j - 1] == ch else row[j - 1] + 1
                if new[j - 1] + 1 < value:
                    value = new[j - 1] + 1
                if row[j] + 1 < value:
                    value = row[j] + 1
                if before is not None and j > 1 and ch == target[j - 2] and last == target[j - 1] and before[j - 2] + 1 < value:
                    value = before[j - 2] + 1
                new.append(value)
                if value < smallest:
                    smallest = value
            if smallest > max_distance:
                continue
            spelled = prefix + ch
            if new[n] <= max_distance and arr[child] & TERMINAL and spelled != target:
                found[spelled] = new[n]
            stack.append((child, spelled, new, row, ch))
    return found


def suggest(word: str, lexicon: Lexicon, *, limit: int = 3, max_distance: int = MAX_DISTANCE) -> list[str]:
    """Up to ``limit`` real words near ``word``, nearest and most common first, in their dictionary spelling.

    >>> suggest("siad", Lexicon.from_words(["said", "sad", "side"], zipf={"said": 6.2, "sad": 5.0}, blocked=["side"]))
    ['said', 'sad']
    """
    found: dict[str, int] = {}
    for distance in range(1, max_distance + 1):
        found = near_words(word, lexicon, distance)
        found = {w: d for w, d in found.items() if not lexicon.is_blocked(w)}
        if len(found) >= limit:
            break
    target = fold(word) if isinstance(word, str) else ""
    ranked = sorted(found, key=lambda w: _rank(w, found[w], target, lexicon))
    return [lexicon.spelling(w) for w in ranked[: max(0, limit)]]


def _rank(candidate: str, distance: int, target: str, lexicon: Lexicon) -> tuple[float, float, str]:
    """Nearest first (an N typed for an Ñ costs half an edit), then the most common, with half a
    Zipf point more for a word the writer left a letter out of (children leave letters out more
    often than they add them)."""
    cost = distance - 0.5 if candidate.replace("ñ", "n") == target.replace("ñ", "n") else distance
    longer = 0.5 if len(candidate) > len(target) else 0.0
    return (cost, -(lexicon.zipf(candidate) + longer), candidate)
