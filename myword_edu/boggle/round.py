"""Boggle: a round's words, a tournament and personal bests, on the boards of
:mod:`myword_edu.boggle.board` (dice, boards, paths and scoring, re-exported here).

A word is a path of neighbouring cubes (8 directions), no cube twice. Scores
follow the rulebook (3-4 letters 1 point, 5: 2, 6: 3, 7: 5, 8 and more: 11; Qu
counts as two letters); a word that can go through the bonus cube (the
rulebook's red letter) scores double; a word two or more players found is
crossed out for everyone.

>>> from myword_edu.lexicon.wordlist import Lexicon
>>> rnd = Round(Board.from_string("Qu I T E* / A B C D / E F G H / I J K L"), Lexicon.from_words(["quite", "quit"]),
...             ["Ana", "Ben"])
>>> rnd.play("Ana", "quite").points, rnd.play("Ben", "quite").accepted, rnd.play("Ben", "quit").points
(4, True, 1)
>>> rnd.finish().scores
{'Ana': 0, 'Ben': 1}
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass, field
from itertools import islice
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Protocol, Sequence

from myword_edu.boggle.board import (
    BOARD_SIZES,
    DICE,
    DICE_LANG,
    MIN_LENGTH_RANGE,
    TARGETS,
    Board,
    BoardError,
    PathError,
    default_dice,
    face_label,
    path_text,
    score_word,
)
from myword_edu.core.errors import IllegalMoveError, SettingError, UnknownPlayerError, WrongTypeError
from myword_edu.core.text import clean_word, fold

if TYPE_CHECKING:
    from myword_edu.lexicon.wordlist import Lexicon

__all__ = [
    "DICE", "DICE_LANG", "BOARD_SIZES", "MIN_LENGTH_RANGE", "TARGETS", "BoardError", "PathError",
    "Board", "face_label", "default_dice", "score_word", "Reason", "Play", "ScoredWord", "RoundResult",
    "Round", "Tournament", "BestScores", "MemoryBestScores", "practice_key", "GAME_KIND", "path_text", "NOT_ATTEMPTS",
]  # fmt: skip

#: The kind of a Boggle game in the class store and in exported progress.
GAME_KIND = "boggle"


# -- a round ------------------------------------------------------------------------


class Reason(str, enum.Enum):
    """Why a word was not written down."""

    NOT_ON_BOARD = "not_on_board"
    BAD_PATH = "bad_path"
    TOO_SHORT = "too_short"
    NOT_A_WORD = "not_a_word"
    BLOCKED_WORD = "blocked_word"
    ALREADY_FOUND = "already_found"
    ROUND_OVER = "round_over"


#: Answers that are not a try at a word (a forged path, the time was up): kept out of a student's attempts.
NOT_ATTEMPTS = frozenset({Reason.BAD_PATH, Reason.ROUND_OVER})


@dataclass(frozen=True)
class Play:
    """A word a player wrote down (an event), accepted or not.

    ``path``: the cells it was traced with (the player's, or the best one
    found); ``points`` before shared words are crossed out; ``at``: seconds
    into the round, if the caller keeps time.
    """

    player: str
    word: str
    accepted: bool
    reason: Reason | None = None
    path: tuple[int, ...] = ()
    points: int = 0
    bonus: bool = False
    needed: int = 0
    at: float | None = None


@dataclass(frozen=True)
class ScoredWord:
    """A word on a player's list at the end: its points (0 when crossed out)."""

    word: str
    points: int
    bonus: bool
    crossed: bool


@dataclass(frozen=True)
class RoundResult:
    """The end of a round: each player's list and score, shared words, words nobody found."""

    board: Board
    min_length: int
    words: Mapping[str, tuple[ScoredWord, ...]]
    scores: Mapping[str, int]
    shared: frozenset[str]
    missed: tuple[str, ...]
    winners: tuple[str, ...]


class Round:
    """One board, its players and the words they write down.

    >>> from myword_edu.lexicon.wordlist import Lexicon
    >>> lex = Lexicon.from_words(["cat", "act", "tac", "scat", "dog"], blocked=[])
    >>> rnd = Round(Board.from_string("C A / T S*"), lex, ["Ana", "Ben"])
    >>> rnd.play("Ana", "scat").points, rnd.play("Ben", "cat").accepted, rnd.play("Ana", "cat").reason
    (2, True, None)
    >>> rnd.play("Ben", "dog").reason
    <Reason.NOT_ON_BOARD: 'not_on_board'>
    >>> result = rnd.finish()
    >>> dict(result.scores), sorted(result.shared), result.missed
    ({'Ana': 2, 'Ben': 0}, ['cat'], ('act', 'tac'))
    """

    def __init__(
        self, board: Board, lexicon: "Lexicon", players: Sequence[str], *, min_length: int | None = None,
        min_lengths: Mapping[str, int | None] | None = None,
    ) -> None:  # fmt: skip
        names = _names(players)  # none yet is allowed: a live room's players can join late
        if not isinstance(board, Board):
            raise WrongTypeError("board", board, "a Board (Board.from_string('C A / T S'), Board.roll('new'))")
        from myword_edu.lexicon.wordlist import Lexicon

        if not isinstance(lexicon, Lexicon):
            raise WrongTypeError("lexicon", lexicon, "a Lexicon")
        if min_lengths is not None and not isinstance(min_lengths, Mapping):
            raise WrongTypeError("min_lengths", min_lengths, "a mapping of players' names to word lengths")
        self.board = board
        self.lexicon = lexicon
        self.players: tuple[str, ...] = ()
        self.min_length = _check_min_length(board.min_length if min_length is None else min_length)
        self._min_lengths: dict[str, int] = {}
        self.events: list[Play] = []
        self._found: dict[str, dict[str, Play]] = {}
        for name in names:
            self.add_player(name, (min_lengths or {}).get(name))
        self._subscribers: list[Callable[[Play], None]] = []
        self._words: frozenset[str] | None = None
        self.result: RoundResult | None = None

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def words(self) -> frozenset[str]:
        """Every word on the board (folded, long enough, blocked ones included); solved once."""
        if self._words is None:
            from myword_edu.boggle.solver import solve

            self._words = frozenset(solve(self.board, self.lexicon, self.min_length))
        return self._words

    def add_player(self, name: str, min_length: int | None = None) -> None:
        """Seat another player (a live room's latecomer); ``min_length``: their own minimum word length
        (None: the round's). A player already seated keeps their words."""
        _names([name])
        if name in self._found:
            return
        self._min_lengths[name] = self.min_length if min_length is None else _check_min_length(min_length)
        self._found[name] = {}
        self.players = self.players + (name,)

    def min_length_for(self, player: str) -> int:
        """The shortest word ``player`` may write down."""
        return self._min_lengths[self._check_player(player)]

    def subscribe(self, callback: Callable[[Play], None]) -> None:
        """Call ``callback(play)`` for every word written down from now on (logging, a store)."""
        self._subscribers.append(callback)

    def found(self, player: str) -> tuple[Play, ...]:
        """The words ``player`` has written down so far, in order."""
        return tuple(self._found[self._check_player(player)].values())

    def points(self, word: str) -> tuple[int, bool]:
        """``(points, uses the bonus cube)`` for a word on this board, before crossing out."""
        bonus = self.board.uses_bonus(word)
        return score_word(word) * (2 if bonus else 1), bonus

    def play(self, player: str, word: object = None, *, path: object = None, at: float | None = None) -> Play:
        """``player`` writes down ``word`` (typed) or the word a ``path`` of cubes spells.

        Text that cannot be a word raises :class:`~myword_edu.core.errors.BadWordError`
        and changes nothing (so does a ``player`` not in the round or an ``at``
        that is not a number); every other answer is a :class:`Play` (also kept
        in :attr:`events`), a ``path`` that is not a list of touching cubes
        included (``BAD_PATH``).
        """
        name = self._check_player(player)
        if at is not None and (isinstance(at, bool) or not isinstance(at, (int, float))):
            raise WrongTypeError("at", at, "seconds into the round (a number) or None")
        if self.is_over:
            return self._record(Play(name, fold(word) if isinstance(word, str) else "", False, Reason.ROUND_OVER, at=at))
        traced: tuple[int, ...] = ()
        if path is not None:
            try:
                if isinstance(path, (str, bytes, Mapping)) or not isinstance(path, Iterable):
                    raise PathError("empty", f"a path is a list of cubes, not {type(path).__name__}")
                cells = list(islice(path, len(self.board.cells) + 1))  # an endless path stops here
                spelled = self.board.word_at(cells)
                traced = tuple(self.board.index(p) for p in cells)
            except PathError:
                return self._record(Play(name, fold(word) if isinstance(word, str) else "", False, Reason.BAD_PATH, at=at))
            folded = spelled if word is None or (isinstance(word, str) and not word.strip()) else clean_word(word, self.lexicon.lang)
            if folded != spelled:
                return self._record(Play(name, folded, False, Reason.BAD_PATH, at=at))
        else:
            folded = clean_word(word, self.lexicon.lang)
        least = self._min_lengths[name]
        refuse = lambda reason: self._record(Play(name, folded, False, reason, traced, needed=least, at=at))  # noqa: E731
        if len(folded) < least:
            return refuse(Reason.TOO_SHORT)
        if folded not in self.lexicon:  # before the board: only real words are traced
            return refuse(Reason.NOT_A_WORD)
        if self.lexicon.is_blocked(folded):
            return refuse(Reason.BLOCKED_WORD)
        # One search for a path through the bonus cube, one for any path: each stops at the first.
        through = self.board.find_path(folded, through=self.board.bonus) if self.board.bonus is not None else None
        anyway = through or traced or self.board.find_path(folded)
        if not anyway:
            return refuse(Reason.NOT_ON_BOARD)
        if folded in self._found[name]:
            return refuse(Reason.ALREADY_FOUND)
        bonus = through is not None
        points = score_word(folded) * (2 if bonus else 1)
        if through is not None and self.board.bonus not in traced:
            traced = through
        elif not traced:
            traced = tuple(anyway)
        play = Play(name, folded, True, None, traced, points, bonus, least, at)
        self._found[name][folded] = play
        return self._record(play)

    def _record(self, play: Play) -> Play:
        self.events.append(play)
        for callback in list(self._subscribers):
            callback(play)
        return play

    def _check_player(self, player: str) -> str:
        if not isinstance(player, str) or player not in self._found:
            raise UnknownPlayerError(str(player), self.players)
        return player

    def finish(self) -> RoundResult:
        """End the round: cross out shared words, score, list the words nobody found. Idempotent."""
        if self.result is None:
            self.result = self.tally()
        return self.result

    def tally(self) -> RoundResult:
        """What :meth:`finish` would give now, without ending the round (a live room whose clock ran out)."""
        if self.result is not None:
            return self.result
        counts = Counter(w for found in self._found.values() for w in found)
        shared = frozenset(w for w, n in counts.items() if n > 1)
        words = {
            name: tuple(ScoredWord(p.word, 0 if p.word in shared else p.points, p.bonus, p.word in shared) for p in found.values())
            for name, found in self._found.items()
        }  # fmt: skip
        scores = {name: sum(s.points for s in scored) for name, scored in words.items()}
        lex = self.lexicon
        missed = sorted((w for w in self.words if w not in counts and not lex.is_blocked(w)), key=lambda w: (-lex.zipf(w), len(w), w))
        best = max(scores.values(), default=0)
        winners = tuple(n for n in self.players if scores[n] == best)
        return RoundResult(self.board, self.min_length, words, scores, shared, tuple(missed), winners)


def _check_min_length(least: object) -> int:
    if isinstance(least, bool) or not isinstance(least, int) or least not in MIN_LENGTH_RANGE:
        raise SettingError(
            "min_length", least, f"min_length must be {MIN_LENGTH_RANGE.start} to {MIN_LENGTH_RANGE.stop - 1}, not {least!r}"[:80]
        )
    return least


def _names(players: object) -> tuple[str, ...]:
    """Players' names: a list of different, non-empty texts."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise WrongTypeError("players", players, "a list of players' names")
    names = tuple(players)
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise WrongTypeError("each player", name, "a name (text that is not empty)")
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise SettingError("players", names, f"players' names must be different: {', '.join(repeated)} more than once")
    return names


class Tournament:
    """Rounds until a player reaches the target (50 or 100 points); None: one round.

    The rounds end together, so several players can pass the target in the same
    round: the one with most points wins; a tie at the top plays another round.

    >>> t = Tournament(["Ana", "Ben"], target=50)
    >>> t.totals, t.is_over
    ({'Ana': 0, 'Ben': 0}, False)
    """

    def __init__(self, players: Sequence[str], target: int | None = 50) -> None:
        if target is not None and (isinstance(target, bool) or not isinstance(target, int) or target < 1):
            raise SettingError("target", target, f"a tournament target is a number of points (such as {TARGETS[0]} or {TARGETS[1]}), not {target!r}"[:120])
        self.players = _names(players)
        if not self.players:
            raise SettingError("players", players, "a tournament needs at least one player")
        self.target = target
        self.results: list[RoundResult] = []

    @property
    def round_number(self) -> int:
        """The number of the round being played (or the last one, once over)."""
        return len(self.results) + (0 if self.is_over else 1)

    @property
    def totals(self) -> dict[str, int]:
        return {n: sum(r.scores.get(n, 0) for r in self.results) for n in self.players}

    def add(self, result: RoundResult) -> None:
        """Count a finished round."""
        if not isinstance(result, RoundResult):
            raise WrongTypeError("result", result, "a RoundResult (what Round.finish gives)")
        if self.is_over:
            raise IllegalMoveError("the tournament is over")
        self.results.append(result)

    @property
    def is_over(self) -> bool:
        if not self.results:
            return False
        if self.target is None:
            return True
        totals = self.totals
        best = max(totals.values())
        return best >= self.target and list(totals.values()).count(best) == 1

    @property
    def winners(self) -> tuple[str, ...]:
        """The leaders (the winner once :attr:`is_over`)."""
        totals = self.totals
        best = max(totals.values())
        return tuple(n for n in self.players if totals[n] == best)


# -- personal bests -----------------------------------------------------------------


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
