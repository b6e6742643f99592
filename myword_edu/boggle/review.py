"""The end of a Boggle round, as every page shows it: who leads, and the words nobody found.

The solo page, a live room's pages and the teacher's panel draw these; none of
them decides who won or which words to show.

>>> leaders({"Ana": 4, "Ben": 6, "Cy": 6})
(('Ben', 'Cy'), 6)
>>> from myword_edu.lexicon.wordlist import Lexicon
>>> lex = Lexicon.from_words(["cat", "act", "scat", "tacs"], blocked=["tacs"])
>>> missed_words({"cat", "act", "scat", "tacs"}, {"cat"}, lex)
('act', 'scat')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection, Iterable, Mapping, Sequence

if TYPE_CHECKING:
    from myword_edu.lexicon.wordlist import Lexicon

__all__ = ["leaders", "missed_words", "focus_first"]


def leaders(scores: Mapping[str, int], players: Sequence[str] | None = None) -> tuple[tuple[str, ...], int]:
    """The players with the most points (in seating order) and those points; ``players``: the
    players to compare (default: every one in ``scores``; a player without a score has 0).

    >>> leaders({"Ana": 3, "Ben": 1}, ["Ben", "Ana", "Cy"]), leaders({})
    ((('Ana',), 3), ((), 0))
    """
    names = list(scores) if players is None else list(players)
    if not names:
        return (), 0
    best = max(scores.get(name, 0) for name in names)
    return tuple(name for name in names if scores.get(name, 0) == best), best


def missed_words(on_board: Iterable[str], found: Collection[str], lexicon: "Lexicon") -> tuple[str, ...]:
    """The board's words (folded) that nobody found, most familiar first (then shorter, then
    alphabetical); a blocked word is never shown."""
    missed = (w for w in on_board if w not in found and not lexicon.is_blocked(w))
    return tuple(sorted(missed, key=lambda w: (-lexicon.zipf(w), len(w), w)))


def focus_first(words: Sequence[str], focus: Iterable[str]) -> tuple[str, ...]:
    """``words`` (a review's list) with a lesson's focus words among them first, in the lesson's order.

    >>> focus_first(["act", "scat", "cat"], ["hat", "cat"])
    ('cat', 'act', 'scat')
    """
    there = set(words)
    first = [w for w in dict.fromkeys(focus) if w in there]
    return (*first, *(w for w in words if w not in first))
