"""Who is playing as whom: one page per student per place, known to every kernel and server.

A *place* is where a student plays: a live room (``room:<join code>``),
MyWord! practice (``"myword"``) or Boggle practice (``"boggle"``). A page that
takes a student's seat in a place writes a row of ``seat_presence`` with a
random *token* that lives only in its kernel, and keeps it fresh with a
heartbeat (:meth:`Presence.beat`, every :data:`BEAT_SECONDS`, sent by the
page itself: a closed tab stops beating even if its kernel lives on).

Threat model: any page can pick any name on the class list. So:

- a seat whose heartbeat is younger than :data:`STALE_SECONDS` cannot be taken:
  the second page is told so (:class:`SeatTakenError`) and its request is
  written down (a *knock*), so the teacher's panel can let it in
  (:func:`let_in`). Its page keeps knocking while it waits, so it also gets in
  by itself once the first page has gone quiet (a tab closed, a kernel killed,
  a Chromebook restarted): within :data:`STALE_SECONDS`, no teacher needed;
- a page whose seat was given to another page learns it at its next
  heartbeat or call (:class:`SeatLostError`), and every call a live room
  stores checks the seat in the same transaction (``RoomLog.guard``).

A kernel that ends normally (its tab closed: the page asks Voila to shut it
down) gives up the seats it holds on its way out, so the student's reopened tab
gets in at once; only a killed kernel's seat waits to go stale.

Every clock is the store's (shared by every kernel, replaceable in tests).

>>> from myword_edu.classroom.store import Store
>>> store = Store.open("sqlite://", fresh=True)
>>> ana = store.add_student("Ana")
>>> first, second = Presence(store, ana.id, "Ana", MYWORD), Presence(store, ana.id, "Ana", MYWORD)
>>> first.take()
>>> second.take()
Traceback (most recent call last):
...
myword_edu.classroom.presence.SeatTakenError: Ana is already playing on another device; ask your teacher
>>> [(k.name, k.place) for k in knocks(store)]
[('Ana', 'myword')]
>>> let_in(store, ana.id, MYWORD), second.take(), second.is_mine(), first.is_mine()
(True, None, True, False)
"""

from __future__ import annotations

import atexit
import logging
import secrets
import weakref
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Iterable

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from myword_edu.classroom import schema as t
from myword_edu.core.errors import MyWordError

__all__ = ["Presence", "Knock", "SeatTakenError", "SeatLostError", "knocks", "let_in", "room_place", "place_game",
           "MYWORD", "BOGGLE", "BEAT_SECONDS", "STALE_SECONDS"]  # fmt: skip

log = logging.getLogger(__name__)

#: How often a page sends its heartbeat (seconds).
BEAT_SECONDS = 3.0
#: A seat nobody has beaten for this long is free again (three missed beats and some slack).
STALE_SECONDS = 10.0
MYWORD = "myword"
BOGGLE = "boggle"


def room_place(code: str) -> str:
    """The place of a live room (by its join code).

    >>> room_place("k7m2qx")
    'room:K7M2QX'
    """
    return f"room:{str(code).strip().upper()}"


def place_game(place: str) -> tuple[str, str | None]:
    """(``"room"`` / ``"myword"`` / ``"boggle"``, the room's code or None), for messages.

    >>> place_game("room:K7M2QX"), place_game("boggle")
    (('room', 'K7M2QX'), ('boggle', None))
    """
    if place.startswith("room:"):
        return "room", place[5:]
    return place, None


class SeatTakenError(MyWordError, PermissionError):
    """Another page is playing as this student here right now (``name``, ``place``)."""

    def __init__(self, name: str, place: str) -> None:
        self.name, self.place, self.reason = name, place, "taken"
        super().__init__(f"{name} is already playing on another device; ask your teacher")


class SeatLostError(MyWordError, PermissionError):
    """This page no longer holds the seat: the teacher let another page play as ``name``."""

    def __init__(self, name: str, place: str) -> None:
        self.name, self.place, self.reason = name, place, "lost"
        super().__init__(f"{name} is playing on another device now")


@dataclass(frozen=True)
class Knock:
    """A page asking to play as a student whose seat another page holds (for the teacher)."""

    student_id: int
    name: str
    place: str
    since: datetime


def _fresh(store: Any) -> datetime:
    """The oldest heartbeat that still counts."""
    return store.now() - timedelta(seconds=STALE_SECONDS)


class Presence:
    """One page's claim on one student's seat in one place.

    Args:
        store: the class store.
        student_id, name: the roster student (the name is for messages only).
        place: :data:`MYWORD`, :data:`BOGGLE` or :func:`room_place`.
        token: this page's secret (default: a fresh random one; it never leaves the kernel).
    """

    def __init__(self, store: Any, student_id: int, name: str, place: str, *, token: str | None = None) -> None:
        self.store, self.student_id, self.name, self.place = store, int(student_id), name, place
        self.token = token or secrets.token_urlsafe(24)

    def __repr__(self) -> str:
        return f"Presence({self.name!r}, {self.place!r})"

    def _where(self) -> Any:
        p = t.seat_presence
        return sa.and_(p.c.student_id == self.student_id, p.c.place == self.place)

    def take(self) -> None:
        """Take the seat: free, stale, already ours or given to us by the teacher.

        Raises :class:`SeatTakenError` when another page holds it (and asks the teacher, a knock).
        """
        p = t.seat_presence
        for _ in range(2):  # two first takes at once: one insert wins, the other reads it
            try:
                with self.store.transaction(exclusive=True) as conn:
                    now = self.store.now()
                    row = conn.execute(sa.select(p).where(self._where())).first()
                    if row is None:
                        conn.execute(sa.insert(p).values(student_id=self.student_id, place=self.place,
                                                         token=self.token, seen_at=now))  # fmt: skip
                        _hold(self)
                        return
                    if row.token == self.token or row.seen_at < now - timedelta(seconds=STALE_SECONDS):
                        conn.execute(sa.update(p).where(self._where())
                                     .values(token=self.token, seen_at=now, waiting_token=None, waiting_at=None))  # fmt: skip
                        _hold(self)
                        return
                    conn.execute(sa.update(p).where(self._where()).values(waiting_token=self.token, waiting_at=now))
                break
            except IntegrityError:
                continue
        raise SeatTakenError(self.name, self.place)

    def beat(self) -> None:
        """The page is still there: refresh the heartbeat. Raises :class:`SeatLostError` if the seat is not ours."""
        p = t.seat_presence
        with self.store.transaction() as conn:
            done = conn.execute(sa.update(p).where(self._where(), p.c.token == self.token)
                                .values(seen_at=self.store.now()))  # fmt: skip
        if done.rowcount != 1:
            raise SeatLostError(self.name, self.place)

    def check(self, conn: sa.Connection | None = None) -> None:
        """Raise :class:`SeatLostError` unless this page holds the seat (in ``conn``'s transaction, if given)."""
        p = t.seat_presence
        query = sa.select(p.c.token).where(self._where())
        if conn is not None:
            holder = conn.scalar(query)
        else:
            with self.store.reading() as own:
                holder = own.scalar(query)
        if holder != self.token:
            raise SeatLostError(self.name, self.place)

    def is_mine(self) -> bool:
        try:
            self.check()
        except SeatLostError:
            return False
        return True

    def leave(self) -> None:
        """Give the seat up ("Not you?"), or stop asking for it: another page can take it at once."""
        p = t.seat_presence
        _HELD.discard(self)
        with self.store.transaction() as conn:
            conn.execute(sa.delete(p).where(self._where(), p.c.token == self.token))
            conn.execute(sa.update(p).where(self._where(), p.c.waiting_token == self.token)
                         .values(waiting_token=None, waiting_at=None))  # fmt: skip


#: The seats this process holds, given up when it ends normally (:func:`_leave_all`).
_HELD: "weakref.WeakSet[Presence]" = weakref.WeakSet()
_AT_EXIT: list[bool] = []


def _hold(presence: Presence) -> None:
    _HELD.add(presence)
    if not _AT_EXIT:
        atexit.register(_leave_all)
        _AT_EXIT.append(True)


def _leave_all() -> None:
    """The kernel is ending (its tab was closed): free its seats for the student's next page."""
    for presence in list(_HELD):
        try:
            presence.leave()
        except MyWordError:  # the database is gone or busy: the seat goes stale on its own
            log.warning("the seat of %s could not be given up", presence.name)


def knocks(store: Any, places: Iterable[str] | None = None) -> list[Knock]:
    """Pages asking right now to take over a seat that is in use, oldest first (the teacher's list)."""
    p, s = t.seat_presence, t.students
    query = (
        sa.select(p.c.student_id, s.c.name, p.c.place, p.c.waiting_at)
        .join(s, s.c.id == p.c.student_id)
        .where(s.c.class_id == store.class_id(), s.c.removed_at.is_(None), p.c.waiting_token.is_not(None),
               p.c.waiting_at >= _fresh(store))
        .order_by(p.c.waiting_at, p.c.student_id)
    )  # fmt: skip
    if places is not None:
        query = query.where(p.c.place.in_(list(places)))
    with store.reading() as conn:
        rows = conn.execute(query).all()
    return [Knock(r.student_id, r.name, r.place, r.waiting_at) for r in rows]


def let_in(store: Any, student_id: object, place: object) -> bool:
    """The teacher lets the page that is knocking take the seat (the other page loses it).

    False (nothing changes) when no page is asking now: the ids come from a page, so
    they are checked here.
    """
    if isinstance(student_id, bool) or not isinstance(student_id, int) or not isinstance(place, str):
        return False
    p = t.seat_presence
    with store.transaction(exclusive=True) as conn:
        row = conn.execute(sa.select(p).where(p.c.student_id == student_id, p.c.place == place)).first()
        if row is None or row.waiting_token is None or row.waiting_at < _fresh(store):
            return False
        conn.execute(sa.update(p).where(p.c.student_id == student_id, p.c.place == place)
                     .values(token=row.waiting_token, seen_at=store.now(), waiting_token=None, waiting_at=None))  # fmt: skip
    return True
