""""Find the word you hear" on a lesson board: which planted word the app says next.

On a lesson board (:mod:`myword_edu.boggle.lesson_board`) played by ear, the
app says one of the planted focus words; writing it down (traced or typed)
scores double for the player it was said to (:meth:`myword_edu.boggle.round.Round.say`,
:func:`myword_edu.boggle.scoring.word_points`). Once they have it, the next planted
word is said. The word said is always the first planted word (in the board's
order) the player has not written down yet, so the words said follow from the
words found alone: a round carried on after a closed tab, replayed from the
words the student sent, says the same words and scores the same points.

>>> word_to_say(("cat", "hat", "map"), ())
'cat'
>>> word_to_say(("cat", "hat", "map"), ("hat", "cat")), word_to_say(("cat",), ("cat",)) is None
('map', True)
"""

from __future__ import annotations

from typing import Iterable, Sequence

__all__ = ["word_to_say"]


def word_to_say(planted: Sequence[str], found: Iterable[str]) -> str | None:
    """The planted word (folded) to say to a player who has written down ``found`` (folded), or None
    when they have every planted word.

    >>> word_to_say(["sol", "mar"], ["mar", "luna"])
    'sol'
    """
    have = set(found)
    return next((word for word in planted if word not in have), None)
