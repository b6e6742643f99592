"""Boggle scoring: points for a word by its length, doubled by the bonus cube and by listening.

The rulebook's table: 3-4 letters 1 point, 5: 2, 6: 3, 7: 5, 8 and more: 11;
Qu counts as two letters. A word that can be traced through the bonus cube (the
rulebook's red letter) scores double. On a lesson board played by ear ("find the
word you hear", :mod:`myword_edu.boggle.listening`) the word the app said scores
double too (both: four times). Crossing out words two players found is the
round's (:mod:`myword_edu.boggle.round`).

>>> score_word("quite"), word_points("quite", bonus=True)
(2, 4)
"""

from __future__ import annotations

from myword_edu.core.errors import WrongTypeError
from myword_edu.core.text import fold

__all__ = ["score_word", "word_points"]

_POINTS = {3: 1, 4: 1, 5: 2, 6: 3, 7: 5}


def score_word(word: str) -> int:
    """Points for a word by its letters (Qu is two): 3-4: 1, 5: 2, 6: 3, 7: 5, 8+: 11.

    >>> [score_word(w) for w in ("at", "cat", "cats", "quiet", "quests", "equally", "question")]
    [0, 1, 1, 2, 3, 5, 11]
    """
    if not isinstance(word, str):
        raise WrongTypeError("word", word, "a word (text)")
    letters = len(fold(word))
    if letters < 3:
        return 0
    return _POINTS.get(letters, 11)


def word_points(word: str, *, bonus: bool, heard: bool = False) -> int:
    """A word's points, doubled when it goes through the bonus cube, and doubled when it is
    the word the player was told to find by ear (``heard``).

    >>> word_points("cats", bonus=False), word_points("cats", bonus=True), word_points("quiet", bonus=True, heard=True)
    (1, 2, 8)
    """
    return score_word(word) * (2 if bonus else 1) * (2 if heard else 1)
