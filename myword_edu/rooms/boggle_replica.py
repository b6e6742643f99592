"""A live Boggle room's state as the replay of its log (pure Python: no database, no Jupyter).

Everyone in the room plays the same board against the same clock. The log
(see :mod:`myword_edu.rooms.live`) holds joins, removals, rounds started (with the
round's :class:`~myword_edu.boggle.rules.BoggleRules`: dice, seconds, minimum length, bonus cube), words written and
rounds the teacher ended early. :class:`BoggleReplica` applies it in ``seq``
order through :class:`myword_edu.boggle.round.Round`, so every kernel that reads the
log holds the same board, the same lists and, at the end, the same crossed-out
words.

The clock is part of the log: a round ends ``seconds`` after its ``start``
event was committed, and a word committed after that is answered
``round_over`` (every replica judges it by the word's commit time, not by its
own clock). Until the round is over a student's page shows only their own
words and how many each other player has; the lists, crossed out where two or
more players found a word, appear at the end.

A room opened with a lesson (``focus``: its focus words) rolls each round's
board as a lesson board (:func:`~myword_edu.boggle.lesson_board.roll_lesson_board`:
the words planted as paths, as many as fit) from the same secret and round
number, so every replica, and every replay, holds the same board; the view
says which focus words are on it, which did not fit, and who found each.

>>> from datetime import datetime, timedelta
>>> from myword_edu.lexicon.wordlist import Lexicon
>>> lex = {"en": Lexicon.from_words(["cat", "act", "scat", "tacs"], blocked=[])}
>>> replica = BoggleReplica("en", "board:C A / T S", lex)
>>> t0 = datetime(2026, 1, 1, 9, 0)
>>> log = [("join", ("join", "Ana", None, "en")), ("join", ("join", "Ben", None, "en")),
...        ("start", ("start", 1, {"dice": "new", "seconds": 60, "min_length": None, "bonus": False})),
...        ("word", ("word", 1, "Ana", "cat", None)), ("word", ("word", 1, "Ben", "cat", None)),
...        ("word", ("word", 1, "Ana", "scat", None))]
>>> for seq, (kind, intent) in enumerate(log, 1):
...     _ = replica.apply(RoomEvent(seq, kind, None, intent, None, t0 + timedelta(seconds=seq)))
>>> replica.view(now=t0 + timedelta(seconds=30)).counts
{'Ana': 2, 'Ben': 1}
>>> view = replica.view(now=t0 + timedelta(seconds=90))  # the clock ran out
>>> view.over, dict(view.result.scores), sorted(view.result.shared)
(True, {'Ana': 1, 'Ben': 0}, ['cat'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Mapping, Sequence

from myword_edu.boggle.board import Board
from myword_edu.boggle.lesson_board import roll_lesson_board
from myword_edu.boggle.round import Play, Reason, Round, RoundResult
from myword_edu.boggle.rules import BoggleRules
from myword_edu.boggle.tournament import champions
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.rooms.replica import RoomError, RoomEvent

__all__ = ["BoggleRoomView", "BoggleReplica"]

@dataclass(frozen=True)
class BoggleRoomView:
    """What the room's pages show at one moment (lists of words only once the round is over)."""

    seq: int
    round_no: int
    board: Board | None  # None until the first round starts
    rules: BoggleRules | None
    started_at: datetime | None
    ends_at: datetime | None
    over: bool
    players: tuple[str, ...]  # in the room now (not removed)
    in_round: tuple[str, ...]
    counts: dict[str, int]  # words each player has written down this round
    totals: dict[str, int]  # the rounds of this tournament (or of the room), this one too once over
    result: RoundResult | None = None  # once over: every list, crossed-out words, scores
    ended_early: bool = False
    champions: tuple[str, ...] = ()  # once over: who won the tournament with this round (empty: it goes on)
    min_length: int = 0  # the round's shortest word (the rules', else the board's own); 0 before the first round
    #: a room with a lesson: the focus words planted on this round's board (folded, in the lesson's order)
    focus: tuple[str, ...] = ()
    #: a room with a lesson: its focus words that are not on this board (too short, no room, no face)
    focus_left_out: tuple[str, ...] = ()
    #: a room with a lesson: each planted focus word and who wrote it down this round (in the room's order)
    focus_found: tuple[tuple[str, tuple[str, ...]], ...] = ()
    game: str = field(default="boggle")

    def seconds_left(self, now: datetime) -> float:
        """Seconds until the round's clock runs out (0 when over or not started)."""
        if self.over or self.ends_at is None:
            return 0.0
        return max(0.0, (self.ends_at - now).total_seconds())


def _board(seed: str, rules: BoggleRules, round_no: int,
           focus: Sequence[str] = ()) -> tuple[Board, tuple[str, ...], tuple[str, ...]]:  # fmt: skip
    """The round's board, the focus words on it and those left out (from the secret and the round)."""
    if seed.startswith("board:"):  # a fixed board (tests, doctests): the same every round
        board = Board.from_string(seed[6:])
        on = tuple(w for w in focus if board.find_path(w) is not None)
        return board, on, tuple(w for w in focus if w not in on)
    if not focus:
        return Board.roll(rules.dice, f"{seed}:{round_no}", bonus=rules.bonus), (), ()
    planted = roll_lesson_board(rules.dice, focus, seed=f"{seed}:{round_no}", bonus=rules.bonus,
                                min_length=rules.min_length)  # fmt: skip
    return planted.board, planted.planted, tuple(planted.left_out)


class BoggleReplica:
    """A Boggle room's state, rebuilt by applying its log in ``seq`` order (pure: no database).

    Args:
        lang: the room's language (its dice's).
        seed: the room's secret; each round's board is rolled from it and the round number.
        lexicons: lexicons by language tag (the room's language must be there).
        focus: a room with a lesson: its focus words (folded), planted on every round's board.
    """

    game = "boggle"

    def __init__(self, lang: str, seed: str, lexicons: Mapping[str, Lexicon], focus: Sequence[str] = ()) -> None:
        self.lang, self.seed = lang, seed
        self.focus = tuple(focus)
        self.planted: tuple[str, ...] = ()  # the focus words on the current round's board
        self.left_out: tuple[str, ...] = ()  # the focus words that are not
        self.lexicon = lexicons[lang]
        self.seq = 0
        self.members: dict[str, int | None] = {}  # joined, not removed: their own minimum length (None: the room's)
        self.removed: set[str] = set()
        self.round: Round | None = None
        self.round_no = 0
        self.rules: BoggleRules | None = None
        self.started_at: datetime | None = None
        self.ends_at: datetime | None = None
        self.totals: dict[str, int] = {}  # the current tournament's rounds (every round without a target)
        self.closed = False
        self._tally: tuple[int, RoundResult] | None = None  # (seq, the round's tally then)

    def apply(self, event: RoomEvent) -> Play | None:
        """Apply the next event of the log; a word returns its :class:`~myword_edu.boggle.round.Play`."""
        if event.seq != self.seq + 1:
            raise RoomError("out_of_order", f"room event {event.seq} after {self.seq}")
        self.seq = event.seq
        intent, kind = event.intent, event.kind
        if kind == "join":
            name, least = str(intent[1]), intent[2]
            self.members[name] = least
            self.removed.discard(name)
            self.totals.setdefault(name, 0)
            if self.round is not None and not self.is_over(event.at):  # a latecomer plays what is left
                self.round.add_player(name, least)
        elif kind == "remove":
            self.members.pop(intent[1], None)
            self.removed.add(intent[1])
        elif kind == "start":
            self._finish_round()
            self.round_no = int(intent[1])
            self.rules = BoggleRules.from_json(intent[2])
            board, self.planted, self.left_out = _board(self.seed, self.rules, self.round_no, self.focus)
            self.round = Round(board, self.lexicon, list(self.members), min_length=self.rules.min_length,
                               min_lengths=self.members)  # fmt: skip
            self.started_at = event.at
            self.ends_at = event.at + timedelta(seconds=self.rules.seconds)
        elif kind == "finish":
            if self.round is not None:
                self.round.finish()
        elif kind == "word":
            return self._word(event)
        elif kind == "close":
            self._finish_round()
            self.closed = True
        return None

    def _word(self, event: RoomEvent) -> Play:
        _, round_no, name, text, path = event.intent
        rnd = self.round
        if rnd is None or round_no != self.round_no or name not in rnd.players or self.is_over(event.at):
            return Play(str(name), "", False, Reason.ROUND_OVER)
        assert self.started_at is not None
        return rnd.play(name, text, path=path, at=(event.at - self.started_at).total_seconds())

    def is_over(self, now: datetime) -> bool:
        """Is the current round over at ``now`` (ended early, or its clock ran out)? True with no round."""
        return self.round is None or self.round.is_over or self.ends_at is None or now >= self.ends_at

    def _finish_round(self) -> None:
        if self.round is not None:
            for name, points in self.round.tally().scores.items():
                self.totals[name] = self.totals.get(name, 0) + points
            if self.rules is not None and champions(self.totals, self.rules.target):  # won: a new tournament
                self.totals = {name: 0 for name in self.totals}
        self.round = None

    def view(self, now: datetime | None = None) -> BoggleRoomView:
        """The room at ``now`` (the store's clock)."""
        rnd = self.round
        over = self.is_over(now) if now is not None else (rnd is None or rnd.is_over)
        result = self._tally_now() if rnd is not None and over else None
        totals = dict(self.totals)
        if result is not None:
            for name, points in result.scores.items():
                totals[name] = totals.get(name, 0) + points
        return BoggleRoomView(
            seq=self.seq, round_no=self.round_no, board=rnd.board if rnd else None, rules=self.rules,
            started_at=self.started_at if rnd else None, ends_at=self.ends_at if rnd else None, over=over,
            players=tuple(self.members), in_round=rnd.players if rnd else (),
            counts={p: len(rnd.found(p)) for p in rnd.players} if rnd else {}, totals=totals, result=result,
            ended_early=bool(rnd and rnd.is_over),
            champions=champions(totals, self.rules.target) if result is not None and self.rules else (),
            min_length=rnd.min_length if rnd else 0,
            focus=self.planted if rnd else (), focus_left_out=self.left_out if rnd else (),
            focus_found=self._focus_found() if rnd else (),
        )  # fmt: skip

    def _focus_found(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        assert self.round is not None
        rnd = self.round
        words = {name: {play.word for play in rnd.found(name)} for name in rnd.players}
        return tuple((w, tuple(name for name in rnd.players if w in words[name])) for w in self.planted)

    def _tally_now(self) -> RoundResult:
        assert self.round is not None
        if self._tally is None or self._tally[0] != self.seq:  # solved once per change, not per redraw
            self._tally = (self.seq, self.round.tally())
        return self._tally[1]

    def found(self, player: str) -> tuple[Play, ...]:
        """The words ``player`` has written down this round (their own page shows them)."""
        rnd = self.round
        return rnd.found(player) if rnd is not None and player in rnd.players else ()
