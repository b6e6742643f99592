"""Boggle's computer players: which words a robot writes down, and when.

A robot knows the board's words that are common enough for its level (by
``Lexicon.zipf``), finds a share of them, and writes them at a human pace.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from myword_edu.core.levels import Level, parse_level

if TYPE_CHECKING:
    from myword_edu.lexicon.wordlist import Lexicon

__all__ = ["BotProfile", "BOT_PROFILES", "BoggleBot"]


@dataclass(frozen=True)
class BotProfile:
    """What a Boggle computer player knows and how much of it it finds in a round.

    Attributes:
        min_zipf: the rarest words it knows (Zipf frequency; 4 = common, 2 = rare).
        max_letters: the longest word it finds.
        find_rate: the share of the words it knows that it finds.
        per_minute: the most words it writes in a minute (no robot writes 40 words in 30 seconds).
        first: seconds before its first word.
    """

    min_zipf: float
    max_letters: int
    find_rate: float
    per_minute: float
    first: float


#: The levels. An easy robot finds a few short, common words (about what a
#: young reader finds in 3 minutes); a hard one finds many words a keen reader
#: knows, long ones included, about as fast as a strong adult player.
BOT_PROFILES: dict[Level, BotProfile] = {
    Level.EASY: BotProfile(4.0, 5, 0.3, 3.0, 12.0),
    Level.MEDIUM: BotProfile(3.0, 7, 0.4, 5.0, 8.0),
    Level.HARD: BotProfile(2.0, 16, 0.55, 9.0, 4.0),
}


class BoggleBot:
    """A computer player: which words it will write down, and when.

    >>> from myword_edu.lexicon.wordlist import Lexicon
    >>> lex = Lexicon.from_words(["cat", "act", "tac"], zipf={"cat": 5.0, "act": 4.5, "tac": 1.0}, blocked=[])
    >>> bot = BoggleBot("Robot 1", "hard", seed=3)
    >>> [(4.0 <= t < 59, w in ("cat", "act")) for t, w in bot.plan(["cat", "act", "tac"], lex, seconds=60)]
    [(True, True)]
    >>> BoggleBot("Robot 2", "easy", seed=3).plan(["tac"], lex, seconds=60)  # too rare for an easy robot
    []
    """

    def __init__(self, name: str, level: Level | str = Level.EASY, *, seed: object = None) -> None:
        self.name = name
        self.level = parse_level(level)
        self.profile = BOT_PROFILES[self.level]
        self._rng = random.Random(f"boggle-{seed}-{name}-{self.level.value}")

    def __repr__(self) -> str:
        return f"BoggleBot({self.name!r}, {self.level!s})"

    def knows(self, word: str, lexicon: "Lexicon") -> bool:
        """Does this robot know ``word`` (folded)? Blocked words it never knows."""
        p = self.profile
        return len(word) <= p.max_letters and not lexicon.is_blocked(word) and lexicon.zipf(word) >= p.min_zipf

    def plan(self, words: Iterable[str], lexicon: "Lexicon", *, seconds: float) -> list[tuple[float, str]]:
        """``(seconds from the start, word)`` for the words it will find, in time order.

        ``words`` are the board's words (:func:`myword_edu.boggle.solver.solve`). Common words come
        first more often than rare ones; nothing is written in the last second.
        """
        known = sorted(w for w in set(words) if self.knows(w, lexicon))
        p = self.profile
        count = min(round(len(known) * p.find_rate), round(p.per_minute * seconds / 60))
        if not count or seconds <= p.first + 1:
            return []
        rng = self._rng
        # Common words are found first: a random key skewed by frequency.
        ranked = sorted(known, key=lambda w: rng.random() * (8.0 - min(lexicon.zipf(w), 7.0)))[:count]
        span = seconds - 1 - p.first
        times = sorted(p.first + span * (rng.random() ** 1.3) for _ in ranked)
        return [(round(t, 3), w) for t, w in zip(times, ranked)]
