"""Personal Boggle bests: what a student's score is compared with, and where bests are kept.

Solo practice is "beat your best": a best belongs to one kind of game (the same
language, dice, time, minimum word length and bonus cube; :func:`practice_key`).
The class store keeps them for a signed-in student
(:class:`myword_edu.classroom.boggle_store.StoreBests`); :class:`MemoryBestScores`
keeps them for one page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

__all__ = ["BestScores", "MemoryBestScores", "practice_key"]


class BestScores(Protocol):
    """Where personal bests live: the kernel for now, the class store later."""

    def best(self, student: str, key: str) -> int | None:
        """The student's best score for this kind of game, or None."""

    def record(self, student: str, key: str, points: int) -> bool:
        """Keep ``points`` if it beats the best; True if it is a new best."""


@dataclass
class MemoryBestScores:
    """Personal bests kept in memory (one kernel, one page).

    >>> bests = MemoryBestScores()
    >>> bests.record("Ana", "k", 5), bests.record("Ana", "k", 3), bests.best("Ana", "k")
    (True, False, 5)
    """

    scores: dict[tuple[str, str], int] = field(default_factory=dict)

    def best(self, student: str, key: str) -> int | None:
        return self.scores.get((student, key))

    def record(self, student: str, key: str, points: int) -> bool:
        previous = self.scores.get((student, key))
        if previous is not None and points <= previous:
            return False
        self.scores[(student, key)] = points
        return True


def practice_key(lang: str, dice: str, seconds: float, min_length: int, bonus: bool) -> str:
    """What a personal best is compared with: the same language, dice, time, minimum and bonus.

    >>> practice_key("en", "new", 180, 3, False)
    'boggle/en/new/180s/min3'
    """
    return f"boggle/{lang}/{dice}/{round(seconds)}s/min{min_length}" + ("/bonus" if bonus else "")
