"""A Boggle round: one board, its players and the words they write down.

A word is a path of neighbouring cubes (8 directions), no cube twice, on a
:class:`~myword_edu.boggle.board.Board`, scored by :mod:`~myword_edu.boggle.scoring`
(a word that can go through the bonus cube scores double; so does the word a
player was told to find by ear, :meth:`Round.say`); a word two or more
players found is crossed out for everyone. Rounds until a target are a
:class:`~myword_edu.boggle.tournament.Tournament`.

>>> from myword_edu.boggle.board import Board
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
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Sequence

from myword_edu.boggle.board import Board, PathError
from myword_edu.boggle.review import leaders, missed_words
from myword_edu.boggle.rules import MIN_LENGTH_RANGE
from myword_edu.boggle.scoring import word_points
from myword_edu.core.errors import IllegalMoveError, SettingError, UnknownPlayerError, WrongTypeError
from myword_edu.core.text import clean_word, fold

if TYPE_CHECKING:
    from myword_edu.lexicon.wordlist import Lexicon

__all__ = ["Reason", "Play", "ScoredWord", "RoundResult", "Round", "GAME_KIND", "NOT_ATTEMPTS", "player_names"]

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
    heard: bool = False


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
        names = player_names(players)  # none yet is allowed: a live room's players can join late
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
        self._said: dict[str, str] = {}  # player -> the word said to them to find by ear
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
        player_names([name])
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
        return word_points(word, bonus=bonus), bonus

    def say(self, player: str, word: str | None) -> None:
        """The app says ``word`` (folded) aloud to ``player``: until another word is said, writing it
        down scores double for them ("find the word you hear"). ``None``: no word is said any more.

        The word must be on the board (else :class:`~myword_edu.core.errors.IllegalMoveError`);
        nothing is said once the round is over.

        >>> from myword_edu.lexicon.wordlist import Lexicon
        >>> rnd = Round(Board.from_string("C A / T S"), Lexicon.from_words(["cat", "cats", "act"]), ["Ana"])
        >>> rnd.say("Ana", "cats"); rnd.said("Ana")
        'cats'
        >>> [(p.word, p.points, p.heard) for p in (rnd.play("Ana", "cat"), rnd.play("Ana", "cats"))]
        [('cat', 1, False), ('cats', 2, True)]
        """
        name = self._check_player(player)
        if word is None or self.is_over:
            self._said.pop(name, None)
            return
        folded = fold(word) if isinstance(word, str) else ""
        if not folded or not self.board.find_path(folded):
            raise IllegalMoveError(f"{folded or word!r} is not on this board: it cannot be the word to find")
        self._said[name] = folded

    def said(self, player: str) -> str | None:
        """The word said to ``player`` to find by ear, if any (never sent to a page before it is said)."""
        return self._said.get(self._check_player(player))

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
        heard = self._said.get(name) == folded
        points = word_points(folded, bonus=bonus, heard=heard)
        if through is not None and self.board.bonus not in traced:
            traced = through
        elif not traced:
            traced = tuple(anyway)
        play = Play(name, folded, True, None, traced, points, bonus, least, at, heard)
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
        missed = missed_words(self.words, counts, self.lexicon)
        winners, _ = leaders(scores, self.players)
        return RoundResult(self.board, self.min_length, words, scores, shared, missed, winners)


def _check_min_length(least: object) -> int:
    if isinstance(least, bool) or not isinstance(least, int) or least not in MIN_LENGTH_RANGE:
        raise SettingError(
            "min_length", least, f"min_length must be {MIN_LENGTH_RANGE.start} to {MIN_LENGTH_RANGE.stop - 1}, not {least!r}"[:80]
        )
    return least


def player_names(players: object) -> tuple[str, ...]:
    """Players' names: a list of different, non-empty texts (else a :class:`~myword_edu.core.errors.SettingError`).

    >>> player_names(["Ana", "Ben"])
    ('Ana', 'Ben')
    """
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
