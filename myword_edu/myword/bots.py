"""Computer players for solo practice.

A :class:`Bot` looks at the table and decides which word it will call and how
many seconds from now (a :class:`BotCall`); the app schedules the call and
sends it through the same :meth:`myword_edu.myword.round.Round.claim` as a student's.
Levels differ in reaction time and vocabulary: an easy bot knows only common,
short words (by ``Lexicon.zipf``), is slow, and sometimes makes a mistake (it
calls a misspelt word, or a word whose cards are gone); a hard bot knows rare
words, prefers long ones and is quick. A bot never calls a blocked word.
Everything is decided by a seeded :class:`random.Random`, so the same seed and
the same tables give the same calls.

>>> from myword_edu.myword.cards import parse_cards
>>> from myword_edu.lexicon.wordlist import Lexicon
>>> lex = Lexicon.from_words(["cat", "act", "tac"], zipf={"cat": 5.0, "act": 4.5}, blocked=[])
>>> bot = Bot("Robot 1", Level.HARD, seed=1)
>>> call = bot.plan(parse_cards("C A T"), lex)
>>> call.word in {"cat", "act"}, 2.0 <= call.delay <= 6.0, call.mistake
(True, True, None)
>>> Bot("Robot 2", Level.EASY, seed=1).plan(parse_cards("X Y Z"), lex) is None
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Collection, Iterable, Sequence

from myword_edu.myword.cards import Card
from myword_edu.myword.values import Player
from myword_edu.myword.solver import words_on_table
from myword_edu.myword.spelling import best_spelling
from myword_edu.core.levels import Level, parse_level
from myword_edu.core.text import alphabet

if TYPE_CHECKING:
    from myword_edu.lexicon.wordlist import Lexicon

__all__ = ["LevelProfile", "PROFILES", "BotCall", "Bot"]


@dataclass(frozen=True)
class LevelProfile:
    """What a level knows and how fast it is.

    Attributes:
        min_zipf: the rarest words the bot knows (Zipf frequency; 4 = common, 2 = rare).
        max_letters: the longest word the bot finds.
        reaction: seconds (low, high) before the bot calls a word it has found.
        per_letter: extra seconds for each letter of the word.
        mistake_rate: the chance a call goes wrong (a misspelt word or cards that are gone).
        prefers_long: picks the word with the most cards (else a common one at random).
    """

    min_zipf: float
    max_letters: int
    reaction: tuple[float, float]
    per_letter: float
    mistake_rate: float
    prefers_long: bool


#: The levels, pitched with benchmarks/bench_bots.py: a simulated beginner
#: (very common words of up to 4 letters, 5-9 s to spot one) beats the easy robot
#: in about 19 rounds out of 20 and the medium one about half the time; the hard
#: robot is for confident spellers.
PROFILES: dict[Level, LevelProfile] = {
    Level.EASY: LevelProfile(4.0, 5, (7.0, 11.0), 0.6, 0.2, False),
    Level.MEDIUM: LevelProfile(3.5, 6, (7.0, 11.0), 0.5, 0.1, False),
    Level.HARD: LevelProfile(1.5, 15, (2.0, 4.0), 0.2, 0.0, True),
}


@dataclass(frozen=True)
class BotCall:
    """A call a bot has decided on: ``word`` (folded), ``delay`` seconds from now.

    ``mistake`` is ``None`` for an honest call, ``"not_a_word"`` for a misspelt
    word and ``"missing_cards"`` for a word whose cards are not on the table.
    """

    word: str
    delay: float
    mistake: str | None = None


class Bot:
    """A computer player.

    Args:
        name: the player's name.
        level: a :class:`Level` (or its name).
        seed: makes every decision reproducible.
        min_cards: the bot's minimum number of cards per word.
    """

    def __init__(self, name: str, level: Level | str = Level.EASY, *, seed: object = None, min_cards: int = 3) -> None:
        self.name = name
        self.level = parse_level(level)
        self.profile = PROFILES[self.level]
        self.player = Player(name, min_cards=min_cards)
        self._rng = random.Random(f"{seed}-{name}-{self.level.value}")
        self._seen: set[str] = set()

    def __repr__(self) -> str:
        return f"Bot({self.name!r}, {self.level!s})"

    @property
    def min_cards(self) -> int:
        return self.player.min_cards

    def knows(self, word: str, lexicon: "Lexicon") -> bool:
        """Does this bot know ``word`` (folded)? Blocked words it never knows."""
        profile = self.profile
        return (
            len(word) <= profile.max_letters
            and not lexicon.is_blocked(word)
            and lexicon.zipf(word) >= profile.min_zipf
        )

    def plan(
        self,
        table: Sequence[Card],
        lexicon: "Lexicon",
        *,
        possible: Collection[str] | None = None,
    ) -> BotCall | None:
        """The call this bot will make on this table, or None if it sees no word.

        ``possible`` is every word the table allows for this bot's minimum
        (:func:`~myword_edu.myword.solver.words_on_table`), when the caller has it already.
        """
        if possible is None:
            possible = words_on_table(table, lexicon, min_cards=self.min_cards)
        known = sorted(w for w in possible if self.knows(w, lexicon))
        if not known:
            return None
        self._seen.update(known)
        profile = self.profile
        if profile.prefers_long:
            word = max(known, key=lambda w: (len(best_spelling(w, table) or ()), lexicon.zipf(w), w))
        else:
            common = sorted(known, key=lambda w: (-lexicon.zipf(w), w))[:5]
            word = self._rng.choice(common)
        delay = self._rng.uniform(*profile.reaction) + profile.per_letter * len(word)
        mistake = None
        if profile.mistake_rate and self._rng.random() < profile.mistake_rate:
            wrong = self._mistake(word, possible, table, lexicon)
            if wrong is not None:
                word, mistake = wrong
        return BotCall(word, round(delay, 3), mistake)

    def still_good(self, call: BotCall, table: Sequence[Card]) -> bool:
        """Is a planned call still worth making on the table as it is now?

        An honest call needs its cards; a mistake is made whatever the table.
        """
        if call.mistake is not None:
            return True
        cards = best_spelling(call.word, table)
        return cards is not None and len(cards) >= self.min_cards

    def _mistake(
        self, word: str, possible: Collection[str], table: Sequence[Card], lexicon: "Lexicon"
    ) -> tuple[str, str] | None:
        gone = sorted(
            w for w in self._seen if w not in possible and best_spelling(w, table) is None
        )
        if gone and self._rng.random() < 0.5:
            return self._rng.choice(gone), "missing_cards"
        for wrong in _misspellings(word, alphabet(lexicon.lang), self._rng):
            if wrong not in lexicon and not lexicon.is_blocked(wrong):
                return wrong, "not_a_word"
        return None


def _misspellings(word: str, letters: str, rng: random.Random) -> Iterable[str]:
    """A few plausible misspellings of ``word``: two letters swapped, a vowel changed."""
    vowels = [ch for ch in "aeiou" if ch in letters]
    tries = []
    for i in range(len(word) - 1):
        if word[i] != word[i + 1]:
            tries.append(word[:i] + word[i + 1] + word[i] + word[i + 2 :])
    for i, ch in enumerate(word):
        if ch in vowels:
            tries.extend(word[:i] + v + word[i + 1 :] for v in vowels if v != ch)
    rng.shuffle(tries)
    return tries
