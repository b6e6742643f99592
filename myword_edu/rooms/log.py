"""A kernel's connection to one live room's log (the part of :mod:`myword_edu.rooms.live` that talks SQL).

:class:`RoomLog` keeps a replica of the room (:class:`~myword_edu.rooms.replica.RoomReplica`
for MyWord!, :class:`~myword_edu.rooms.boggle_replica.BoggleReplica` for Boggle) up to
date from ``room_events``, and runs every change as one exclusive transaction:
queue for the room, read what was committed since, check, append, commit.
:class:`~myword_edu.rooms.live.TeacherRoom` and :class:`~myword_edu.rooms.seat.StudentSeat`
build on it; each may append only its own kinds of event.
"""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Mapping

import sqlalchemy as sa

from myword_edu.classroom import schema as t
from myword_edu.rooms.boggle_replica import BoggleReplica
from myword_edu.core.errors import BadWordError
from myword_edu.lexicon.wordlist import Lexicon, load_lexicon
from myword_edu.core.codes import normalise_code
from myword_edu.rooms.replica import RoomError, RoomEvent, RoomReplica
from myword_edu.rooms.room_lesson import lesson_from_options

try:  # POSIX: writers queue on a file lock instead of SQLite's sleep-and-retry busy handler
    import fcntl
except ImportError:  # pragma: no cover - Windows: SQLite's busy handler alone
    fcntl = None  # type: ignore[assignment]

__all__ = ["RoomLog", "room_status", "room_row", "open_rooms"]


def _event(row: Any) -> RoomEvent:
    return RoomEvent(row.seq, row.kind, row.actor, tuple(json.loads(row.intent)),
                     json.loads(row.result) if row.result else None, row.at)  # fmt: skip

class RoomLog:
    """A kernel's live connection to one room: a replica kept up to date from the log."""

    _ALLOWED: frozenset[str] = frozenset()
    #: Checked in every change's transaction before the change (a student page: it still holds its
    #: seat, :meth:`myword_edu.classroom.presence.Presence.check`); it raises to refuse.
    guard: Callable[[sa.Connection], None] | None = None

    def __init__(self, store: Any, row: Any, lexicons: Mapping[str, Lexicon] | None) -> None:
        self.store = store
        self.room_id: int = row.id
        self.code: str = row.code
        self.lang: str = row.lang
        self.variant: str = row.variant
        self.lesson: str | None = row.lesson
        self.pace: float = row.pace
        self.game: str = row.game
        #: a Boggle room's rules as the teacher opened it (each round's own are in its start event)
        self.options: dict[str, Any] = json.loads(row.options) if row.options else {}
        #: the room's lesson as the room keeps it (a MyWord! room's decks are stacked with its focus
        #: words, a Boggle room's boards have them planted)
        self.room_lesson = lesson_from_options(self.options)
        self._seed: str = row.seed  # secret: never shown
        self._lexicons = dict(lexicons) if lexicons else {"en": load_lexicon("en"), "es": load_lexicon("es")}
        self._reset()

    def _reset(self) -> None:
        self.replica: RoomReplica | BoggleReplica
        if self.game == "boggle":
            focus = self.room_lesson.focus if self.room_lesson is not None else ()
            self.replica = BoggleReplica(self.lang, self._seed, self._lexicons, focus)
        else:
            self.replica = RoomReplica(self.lang, self.variant, self._seed, self._lexicons, self.room_lesson)

    @property
    def is_boggle(self) -> bool:
        return self.game == "boggle"

    def _need_game(self, game: str) -> None:
        if self.game != game:
            raise RoomError("not_allowed", f"this is a {self.game} room, not a {game} room")

    def _catch_up(self, conn: sa.Connection) -> list[RoomEvent]:
        rows = conn.execute(
            sa.select(t.room_events).where(t.room_events.c.room_id == self.room_id,
                                           t.room_events.c.seq > self.replica.seq)
            .order_by(t.room_events.c.seq)).all()  # fmt: skip
        events = [_event(r) for r in rows]
        for event in events:
            self.replica.apply(event)
        return events

    def poll(self) -> list[RoomEvent]:
        """Apply the events committed since the last look (cheap when there are none)."""
        try:
            with self.store.reading() as conn:
                return self._catch_up(conn)
        except BaseException:
            self._reset()
            raise

    def sync(self) -> Any:
        self.poll()
        return self.view()

    def view(self) -> Any:
        """The table as this kernel last saw it (call :meth:`poll` or :meth:`sync` to refresh):
        a :class:`RoomView`, or a :class:`BoggleRoomView` in a Boggle room (at the store's clock)."""
        return self.replica.view(now=self.store.now())

    @contextmanager
    def _queue(self) -> Iterator[None]:
        """On a SQLite file, wait for our turn on a lock file first: the kernel wakes the next
        writer the moment the lock is free (SQLite's busy handler would poll with sleeps of up
        to 100 ms, which makes claim answers slow when a class claims at once)."""
        database = self.store.engine.url.database or ""
        if fcntl is None or not self.store.is_sqlite or database in ("", ":memory:") or database.startswith("file:"):
            yield
            return
        fd = os.open(database + ".rooms-lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # releases the lock

    def _write(self, action: Callable[[sa.Connection], Any]) -> Any:
        try:
            with self._queue(), self.store.transaction(exclusive=True, room=self.room_id) as conn:
                self._catch_up(conn)
                if self.replica.closed:
                    raise RoomError("closed", "the teacher has closed this room")
                if self.guard is not None:
                    self.guard(conn)
                return action(conn)
        except (RoomError, BadWordError):  # raised before anything changed
            raise
        except BaseException:  # the replica may be ahead of the database: rebuild it from the log
            self._reset()
            raise

    def _append(self, conn: sa.Connection, kind: str, actor: str | None, intent: list[Any]) -> RoomEvent:
        """Write the next event of the log (in the caller's exclusive transaction)."""
        event = self._next_event(kind, actor, intent)
        self._insert(conn, event, None)
        return event

    def _next_event(self, kind: str, actor: str | None, intent: list[Any]) -> RoomEvent:
        if kind not in self._ALLOWED:  # a capability never hands out another role's actions
            raise RoomError("not_allowed", f"{type(self).__name__} cannot {kind}")
        return RoomEvent(self.replica.seq + 1, kind, actor, tuple(intent), None, self.store.now())

    def _insert(self, conn: sa.Connection, event: RoomEvent, result: Mapping[str, Any] | None) -> None:
        conn.execute(sa.insert(t.room_events).values(
            room_id=self.room_id, seq=event.seq, kind=event.kind, actor=event.actor, at=event.at,
            intent=json.dumps(list(event.intent), ensure_ascii=False),
            result=None if result is None else json.dumps(result, ensure_ascii=False)))  # fmt: skip

    def players(self) -> list[dict[str, Any]]:
        """Everyone who joined: name, student id, last seen, removed (for the teacher's panel)."""
        p = t.room_players
        with self.store.reading() as conn:
            rows = conn.execute(sa.select(p.c.name, p.c.student_id, p.c.last_seen, p.c.removed_at)
                                .where(p.c.room_id == self.room_id).order_by(p.c.id)).all()  # fmt: skip
        return [{"name": r.name, "student_id": r.student_id, "last_seen": r.last_seen, "removed": r.removed_at is not None}
                for r in rows]

def room_status(store: Any, code: object) -> str | None:
    """``"open"`` or ``"closed"`` for the room with this join code, None when there is none."""
    with store.reading() as conn:
        row = room_row(conn, str(code))
    return None if row is None else str(row.status)


def room_row(conn: sa.Connection, code: str) -> Any:
    return conn.execute(sa.select(t.rooms).where(t.rooms.c.code == normalise_code(code))).first()


def open_rooms(store: Any) -> list[dict[str, Any]]:
    """The class's rooms still open, newest first: code, game, language, when opened, players.

    A teacher whose panel was closed or whose kernel restarted goes back to one
    (:meth:`myword_edu.rooms.live.TeacherRoom.open`) instead of opening a new room.
    """
    r, p = t.rooms, t.room_players
    players = sa.select(sa.func.count()).where(p.c.room_id == r.c.id, p.c.removed_at.is_(None)).scalar_subquery()
    with store.reading() as conn:
        rows = conn.execute(sa.select(r.c.code, r.c.game, r.c.lang, r.c.created_at, players.label("players"))
                            .where(r.c.class_id == store.class_id(), r.c.status == "open")
                            .order_by(r.c.created_at.desc(), r.c.id.desc())).all()  # fmt: skip
    return [dict(row._mapping) for row in rows]
