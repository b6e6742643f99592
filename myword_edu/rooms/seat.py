"""A student's seat in a live room: join under one student, claim words (MyWord!) or write them (Boggle).

A seat is the student's capability in a room (see :mod:`myword_edu.rooms.live`
for how a room works): it claims and writes only under the student it joined
as, through the same exclusive transaction as every change to the room (the
commit order decides who was first), and writes the student's attempt rows in
that transaction. A failed call or a flood of calls makes the student wait
(:mod:`myword_edu.rooms.flood`).
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

import sqlalchemy as sa

from myword_edu.classroom import schema as t
from myword_edu.boggle.round import Play
from myword_edu.boggle.rules import BoggleRules
from myword_edu.classroom.attempt_store import TransactionSink
from myword_edu.classroom.attempts import Attempt, FocusLesson
from myword_edu.classroom.boggle_store import class_rules, own_rules
from myword_edu.classroom.roster import Student
from myword_edu.classroom.settings import BogglePlay, BoggleRoom, MyWordPlay, resolve_boggle, resolve_myword
from myword_edu.rooms.boggle_replica import BoggleReplica
from myword_edu.core.errors import BadWordError
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.rooms.log import RoomLog, room_row
from myword_edu.core.codes import normalise_code
from myword_edu.rooms.replica import RoomError, RoomReplica
from myword_edu.rooms.room_lesson import lesson_from_options
from myword_edu.myword.claims import check_card_ids
from myword_edu.myword.values import ClaimResult
from myword_edu.core.text import clean_word

__all__ = ["StudentSeat"]


class StudentSeat(RoomLog):
    """A student's place in a room: claims are always made as the student who joined."""

    _ALLOWED = frozenset({"join", "claim", "word", "held"})
    #: held calls are written to the log at most this often (seconds) by one kernel
    HELD_EVERY = 1.0

    def __init__(self, store: Any, row: Any, lexicons: Any, student_id: int, name: str, game_id: str,
                 settings: Any) -> None:  # fmt: skip
        super().__init__(store, row, lexicons)
        self.student_id, self.name, self.game_id, self.settings = student_id, name, game_id, settings
        #: The lesson this room's deck or board is dealt from, for the attempts' lesson and focus words
        #: (computed as in solo play, :meth:`Attempt.from_claim`). None: a room without a lesson (the
        #: class lesson is not what the students play), or one the student does not play (another
        #: language: :func:`~myword_edu.classroom.settings.resolve_myword` decides).
        self.played_lesson: FocusLesson | None = None
        self._held = 0  # calls refused during a wait, not yet counted in the log
        self._held_logged: Any = None  # when this kernel last wrote a held event

    @classmethod
    def join(cls, store: Any, code: str, student_id: int, *,
             lexicons: Mapping[str, Lexicon] | None = None) -> "StudentSeat":  # fmt: skip
        """Join (or rejoin) the room with this code as a roster student."""
        student = store.student(student_id)  # raises UnknownStudentError
        with store.reading() as conn:
            row = room_row(conn, code)
        if row is None:
            raise RoomError("no_room", f"no room has the code {normalise_code(code)!r}", code=normalise_code(code))
        if row.status != "open":
            raise RoomError("closed", "the teacher has closed this room")
        game_id = None
        join: list[Any] = []  # a new player's values in the join intent (as resolved for them)
        p = t.room_players
        with store.reading() as conn:
            seat = conn.execute(sa.select(p).where(p.c.room_id == row.id, p.c.student_id == student.id)).first()
        if seat is not None:
            if seat.removed_at is not None:
                raise RoomError("removed", "the teacher has taken you out of this room")
            game_id = seat.game_id
        elif row.game == "boggle":
            options = json.loads(row.options) if row.options else None
            rules = BoggleRules.from_json(options)
            boggle = _boggle_play(store, student, rules)
            join = [boggle.min_length]  # the student's own Boggle minimum length, if the teacher set one
            kept = lesson_from_options(options)  # the lesson the boards are rolled with (None: plain boards)
            game_id = store.start_game(student.id, lang=row.lang, variant=row.variant, lesson=kept.id if kept else None,
                                       min_cards=boggle.least, kind="boggle")  # fmt: skip
        play = None if row.game == "boggle" else _myword_play(store, student, row)
        if seat is None and play is not None:
            join = [play.min_cards, play.lang]
            game_id = store.start_game(student.id, lang=play.lang, variant=row.variant,
                                       min_cards=play.min_cards, lesson=play.lesson_id, kind="room")  # fmt: skip
        assert game_id is not None  # a seat, a Boggle room or a MyWord! room: one of them started it
        me = cls(store, row, lexicons, student.id, seat.name if seat else student.name, game_id, student.settings)
        if play is not None:
            me.played_lesson = play.lesson
        elif me.is_boggle:  # everyone plays a Boggle room's lesson: it is in the room's (the dice's) language
            me.played_lesson = me.room_lesson

        def action(conn: sa.Connection) -> None:
            now = store.now()
            if seat is None:
                conn.execute(sa.insert(p).values(room_id=row.id, student_id=student.id, name=me.name,
                                                 game_id=game_id, joined_at=now, last_seen=now))  # fmt: skip
                intent = ["join", me.name, *join, me.lang] if me.is_boggle else ["join", me.name, *join]
                me.replica.apply(me._append(conn, "join", me.name, intent))
            else:
                conn.execute(sa.update(p).where(p.c.id == seat.id).values(last_seen=now))
        me._write(action)
        return me

    def heartbeat(self) -> None:
        """Mark the student as connected now (the teacher's panel shows who is)."""
        if self._held:
            self._log_held()
        with self.store.transaction() as conn:
            conn.execute(sa.update(t.room_players).where(t.room_players.c.room_id == self.room_id,
                                                         t.room_players.c.student_id == self.student_id)
                         .values(last_seen=self.store.now()))  # fmt: skip

    def claim(self, word: str, card_ids: Sequence[int] | None = None, *, seen: int | None = None,
              round_no: int | None = None) -> ClaimResult:  # fmt: skip
        """Call a word, judged against the table as committed; stored before it returns.

        ``seen`` (and ``round_no``) describe the table the student was looking
        at; without them the current table is assumed.

        After a failed call the next one waits (:mod:`myword_edu.rooms.flood`):
        a call during the wait raises :class:`RoomError` ``wait`` (with
        ``data["seconds"]``) and is held, not judged; a muted player's raises
        ``muted``. Neither gives anyone a card or stores an attempt.
        """
        self._need_game("myword")
        self._check_may_call()  # from the log as last read: a flood costs no lock and no write

        def action(conn: sa.Connection) -> ClaimResult | float:
            replica = self.replica
            assert isinstance(replica, RoomReplica)
            if self.name in replica.removed:
                raise RoomError("removed", "the teacher has taken you out of this room")
            rnd = replica.round
            if rnd is None:
                raise RoomError("no_round", "wait for the teacher to deal")
            if self.name not in {p.name for p in rnd.players}:
                raise RoomError("not_in_round", "you play from the next round")
            if self.name in replica.flood.muted:
                raise RoomError("muted", "the teacher has paused your calls until the next round")
            left = replica.flood.seconds_left(self.name, self.store.now())
            if left > 0:  # a failed call committed by another tab of this student since our last look
                self._held += 1
                self._append_held(conn)
                return left
            ids = None if card_ids is None else list(check_card_ids(card_ids))  # 0.9 is not card 0
            looked = None if seen is None else int(seen)
            number = replica.round_no if round_no is None else int(round_no)
            intent = ["claim", number, self.name, str(word), ids, looked]
            if number == replica.round_no:  # BadWordError, CardIdsError before anything changes
                rnd.check_claim(self.name, str(word), ids, seen=looked)
            else:
                rnd.check_claim(self.name, str(word))
            event = self._next_event("claim", self.name, intent)
            table_before = rnd.table
            result = replica.apply(event)  # judged against everything committed before it
            assert result is not None
            record = {"accepted": result.accepted, "reason": result.reason.value if result.reason else None,
                      "card_ids": list(result.card_ids), "spelling": result.spelling,
                      "free": [[f.player, f.card_id] for f in result.free_cards]}  # fmt: skip
            self._insert(conn, event, record)
            attempt = Attempt.from_claim(
                result, student_id=self.student_id, game_id=self.game_id, round=number, lang=self.settings.lang,
                min_cards=self.settings.min_cards, lesson=self.played_lesson, table_before=table_before, at=event.at,
            )  # fmt: skip
            if attempt is not None:
                TransactionSink(conn, self.store.now).record(attempt)
            return result
        answer = self._write(action)
        if isinstance(answer, float):
            raise self._wait_error(answer)
        return answer

    def wait_seconds(self) -> float:
        """Seconds before this student's next call can be judged (0: now), from the log as last read."""
        if not isinstance(self.replica, RoomReplica):
            return 0.0
        return self.replica.flood.seconds_left(self.name, self.store.now())

    def failed_calls(self) -> int:
        """This student's failed calls in the last minute (each one makes the next wait longer)."""
        if not isinstance(self.replica, RoomReplica):
            return 0
        return self.replica.flood.recent_failures(self.name, self.store.now())

    def is_muted(self) -> bool:
        """Has the teacher muted this student for the rest of the round (as last read)?"""
        return isinstance(self.replica, RoomReplica) and self.name in self.replica.flood.muted

    def _check_may_call(self) -> None:
        """Refuse a call during a wait or while muted, before taking the room's lock."""
        if not (self.is_muted() or self.wait_seconds() > 0):
            return
        self.poll()  # a read, no lock: was the student removed, unmuted, a new round started?
        if self.name in self.replica.removed:
            raise RoomError("removed", "the teacher has taken you out of this room")
        if self.is_muted():
            raise RoomError("muted", "the teacher has paused your calls until the next round")
        left = self.wait_seconds()
        if left > 0:
            self._held += 1
            now = self.store.now()
            if self._held_logged is None or (now - self._held_logged).total_seconds() >= self.HELD_EVERY:
                self._log_held()
            raise self._wait_error(left)

    def _wait_error(self, seconds: float) -> RoomError:
        failed = self.failed_calls()
        whole = max(1, int(seconds + 0.999))
        return RoomError("wait", f"your last call was not allowed: wait {whole} s before the next one",
                         seconds=whole, failed=failed)  # fmt: skip

    def _log_held(self) -> None:
        """Count the held calls in the log (the teacher's panel shows them)."""
        try:
            self._write(self._append_held)
        except RoomError:  # the room closed or the round ended meanwhile: nothing to count against
            self._held = 0

    def _append_held(self, conn: sa.Connection) -> None:
        replica = self.replica
        if self._held and isinstance(replica, RoomReplica):
            replica.apply(self._append(conn, "held", self.name, ["held", replica.round_no, self.name, self._held]))
            self._held, self._held_logged = 0, self.store.now()

    def write(self, word: object = None, path: Sequence[int] | None = None, *, round_no: int | None = None) -> Play:
        """A Boggle room: write down a typed word or the word a traced ``path`` spells.

        Judged against the board of ``round_no`` (default: the current round)
        at the commit's time, stored (the log, and an attempt row for a real
        try) before it returns. Text that cannot be a word raises
        :class:`~myword_edu.core.errors.BadWordError` and changes nothing.
        """
        self._need_game("boggle")
        text = word if isinstance(word, str) else ""
        if text.strip():
            clean_word(text, self.lang)  # BadWordError before anything changes
        elif path is None:
            raise BadWordError(repr(word), "empty", "type a word or trace one on the board")
        cells = None if path is None else [int(c) for c in list(path)[:64]]

        def action(conn: sa.Connection) -> Play:
            replica = self.replica
            assert isinstance(replica, BoggleReplica)
            if self.name in replica.removed:
                raise RoomError("removed", "the teacher has taken you out of this room")
            if replica.round is None:
                raise RoomError("no_round", "wait for the teacher to start the round")
            number = replica.round_no if round_no is None else int(round_no)
            intent = ["word", number, self.name, text, cells]
            event = self._next_event("word", self.name, intent)
            play = replica.apply(event)
            assert isinstance(play, Play)
            record = {"accepted": play.accepted, "reason": play.reason.value if play.reason else None,
                      "word": play.word, "points": play.points, "path": list(play.path)}  # fmt: skip
            self._insert(conn, event, record)
            rnd = replica.round
            assert rnd is not None
            attempt = Attempt.from_play(
                play, typed=text, board=rnd.board, lexicon=replica.lexicon, student_id=self.student_id,
                game_id=self.game_id, round=number, lang=self.lang, lesson=self.played_lesson, at=event.at,
            )  # fmt: skip
            if attempt is not None:
                sink = TransactionSink(conn, self.store.now)
                sink.record(attempt)
                if play.accepted and any(play.word in {p.word for p in rnd.found(other)}
                                         for other in rnd.players if other != self.name):  # fmt: skip
                    sink.cross_out(self._room_games(conn), attempt.round, [play.word])  # shared: 0 for everyone
            return play
        return self._write(action)

    def _room_games(self, conn: sa.Connection) -> list[str]:
        """The games of everyone who joined this room (each player's attempts are in their own)."""
        p = t.room_players
        return [str(g) for g in conn.execute(sa.select(p.c.game_id).where(p.c.room_id == self.room_id)).scalars()]

    def found(self) -> tuple[Play, ...]:
        """A Boggle room: the words this student has written down this round."""
        return self.replica.found(self.name) if isinstance(self.replica, BoggleReplica) else ()


def _boggle_play(store: Any, student: Student, rules: BoggleRules) -> BogglePlay:
    """What a student plays a Boggle room under: the room's rules, their own minimum length if the
    teacher set one (``min_length``; None: the room's, round by round)."""
    room = BoggleRoom(rules.dice, rules.seconds, rules.min_length)
    return resolve_boggle(class_rules(store), own_rules(store, student.id), student, room=room)


def _myword_play(store: Any, student: Student, row: Any) -> MyWordPlay:
    """What a student plays a MyWord! room under: their minimum cards and language, and the room's
    lesson (its copy in the room's options) unless it clashes with them."""
    lesson = lesson_from_options(json.loads(row.options) if row.options else None)
    return resolve_myword(store.class_info().defaults, student, in_room=True, room_lesson=lesson)
