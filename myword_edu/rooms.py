"""Live classroom rooms: the whole class plays the same deal.

A room is a row of ``rooms`` (join code, game, language, variant, the secret
seed its decks come from), its ``room_players`` and an append-only log
``room_events``. The room's state is the replay of that log through
:class:`myword_edu.rules.Round`, so every kernel that reads the log (each
student's, the teacher's) holds the same table, and a kernel that died is
rebuilt from the log with every score and card intact.

Every change is one exclusive transaction (:meth:`Store.transaction`,
``BEGIN IMMEDIATE`` on SQLite, an advisory lock on PostgreSQL): read the events
committed since this kernel last looked, apply them, judge the new intent
against that up-to-date state, append it (a claim also writes its attempt
row), commit, and only then answer. The commit order therefore decides who
was first: the first valid claim takes the cards; a claim on cards someone
took meanwhile is answered ``too_late`` and costs nothing.

Roles are capabilities: :class:`TeacherRoom` (built by the passcode-protected
teacher panel) deals, starts and ends rounds and removes players;
:class:`StudentSeat` can only claim, and always under the student it joined
as. No view holds an undealt card.

>>> from myword_edu.store import Store
>>> from myword_edu.lexicon import Lexicon
>>> store = Store.open("sqlite://", fresh=True)
>>> lex = {"en": Lexicon.from_words(["cat", "act"], blocked=[])}
>>> ana, ben = store.add_student("Ana"), store.add_student("Ben")
>>> room = TeacherRoom.create(store, lang="en", lexicons=lex, deck="C A T S")
>>> a = StudentSeat.join(store, room.code, ana.id, lexicons=lex)
>>> b = StudentSeat.join(store, room.code, ben.id, lexicons=lex)
>>> room.start_round(), [str(room.deal()) for _ in range(3)]
(1, ['C', 'A', 'T'])
>>> seen = b.sync().version
>>> a.claim("cat").accepted, b.claim("act", seen=seen).reason.value
(True, 'too_late')
>>> b.view().scores
{'Ana': 3, 'Ben': 0}
"""

from __future__ import annotations

import json
import os
import secrets
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Mapping, Sequence

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from . import schema as t
from .cards import Card, parse_cards
from .errors import BadWordError
from .lexicon import Lexicon, load_lexicon
from .room_state import (
    CODE_ALPHABET,
    CODE_LENGTH,
    ROOM_GAMES,
    VARIANTS,
    RoomError,
    RoomEvent,
    RoomReplica,
    RoomView,
    normalise_code,
)
from .rules import ClaimResult
from .text import parse_lang

try:  # POSIX: writers queue on a file lock instead of SQLite's sleep-and-retry busy handler
    import fcntl
except ImportError:  # pragma: no cover - Windows: SQLite's busy handler alone
    fcntl = None  # type: ignore[assignment]

__all__ = ["RoomError", "RoomEvent", "RoomView", "RoomReplica", "TeacherRoom", "StudentSeat", "normalise_code",
           "room_status", "CODE_ALPHABET", "CODE_LENGTH"]  # fmt: skip


def _event(row: Any) -> RoomEvent:
    return RoomEvent(row.seq, row.kind, row.actor, tuple(json.loads(row.intent)),
                     json.loads(row.result) if row.result else None, row.at)  # fmt: skip


class _Room:
    """A kernel's live connection to one room: a replica kept up to date from the log."""

    _ALLOWED: frozenset[str] = frozenset()

    def __init__(self, store: Any, row: Any, lexicons: Mapping[str, Lexicon] | None) -> None:
        self.store = store
        self.room_id: int = row.id
        self.code: str = row.code
        self.lang: str = row.lang
        self.variant: str = row.variant
        self.lesson: str | None = row.lesson
        self.pace: float = row.pace
        self._seed: str = row.seed  # secret: never shown
        self._lexicons = dict(lexicons) if lexicons else {"en": load_lexicon("en"), "es": load_lexicon("es")}
        self._reset()

    def _reset(self) -> None:
        self.replica = RoomReplica(self.lang, self.variant, self._seed, self._lexicons)

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

    def sync(self) -> RoomView:
        self.poll()
        return self.replica.view()

    def view(self) -> RoomView:
        """The table as this kernel last saw it (call :meth:`poll` or :meth:`sync` to refresh)."""
        return self.replica.view()

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
            with self._queue(), self.store.transaction(exclusive=True) as conn:
                self._catch_up(conn)
                if self.replica.closed:
                    raise RoomError("closed", "the teacher has closed this room")
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
        row = _room_row(conn, str(code))
    return None if row is None else str(row.status)


def _room_row(conn: sa.Connection, code: str) -> Any:
    return conn.execute(sa.select(t.rooms).where(t.rooms.c.code == normalise_code(code))).first()


class TeacherRoom(_Room):
    """The teacher's side of a room: create it, deal, start and end rounds, remove players."""

    _ALLOWED = frozenset({"start", "deal", "finish", "remove", "close"})

    @classmethod
    def create(cls, store: Any, *, lang: str = "en", variant: str = "standard", lesson: str | None = None,
               pace: float = 3.0, game: str = "myword", lexicons: Mapping[str, Lexicon] | None = None,
               deck: str | None = None) -> "TeacherRoom":  # fmt: skip
        """Open a new room with a fresh join code."""
        lang = parse_lang(lang).value
        if variant not in VARIANTS or game not in ROOM_GAMES or not 0.2 <= float(pace) <= 60:
            raise RoomError("bad_setting", f"bad room setting: {game}, {variant}, pace {pace}")
        secret = secrets.token_hex(16) if deck is None else "deck:" + " ".join(str(c) for c in parse_cards(deck))
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                with store.transaction() as conn:
                    conn.execute(sa.insert(t.rooms).values(
                        class_id=store.class_id(), code=code, game=game, lang=lang, variant=variant, lesson=lesson,
                        pace=float(pace), seed=secret, status="open", created_at=store.now()))  # fmt: skip
                break
            except IntegrityError:
                continue
        else:  # pragma: no cover - 20 collisions in a row
            raise RoomError("bad_setting", "could not find a free join code")
        return cls.open(store, code, lexicons=lexicons)

    @classmethod
    def open(cls, store: Any, code: str, *, lexicons: Mapping[str, Lexicon] | None = None) -> "TeacherRoom":
        """Reattach to a room (after the teacher's kernel restarted)."""
        with store.reading() as conn:
            row = _room_row(conn, code)
        if row is None:
            raise RoomError("no_room", f"no room has the code {normalise_code(code)!r}", code=normalise_code(code))
        room = cls(store, row, lexicons)
        room.poll()
        return room

    def start_round(self) -> int:
        """Start the next round with everyone in the room now; returns its number."""
        def action(conn: sa.Connection) -> int:
            if not self.replica.members:
                raise RoomError("no_players", "nobody has joined the room yet")
            number = self.replica.round_no + 1
            self.replica.apply(self._append(conn, "start", None, ["start", number]))
            return number
        return self._write(action)

    def deal(self) -> Card:
        """Deal the next card of the current round."""
        def action(conn: sa.Connection) -> Card:
            rnd = self.replica.round
            if rnd is None:
                raise RoomError("no_round", "start a round first")
            if rnd.is_over:
                raise RoomError("round_over", "the round is over")
            if rnd.cards_left == 0:
                raise RoomError("deck_empty", "every card has been dealt")
            self.replica.apply(self._append(conn, "deal", None, ["deal"]))
            return rnd.initial_deck[rnd.deck_size - rnd.cards_left - 1]
        return self._write(action)

    def finish_round(self) -> None:
        """End the round now (the cards on the table score nothing)."""
        def action(conn: sa.Connection) -> None:
            if self.replica.round is not None and not self.replica.round.is_over:
                self.replica.apply(self._append(conn, "finish", None, ["finish"]))
        self._write(action)

    def remove_player(self, name: str) -> None:
        """Take a player out of the room: they can no longer call; their attempts stay."""
        def action(conn: sa.Connection) -> None:
            if name not in self.replica.members:
                raise RoomError("unknown_player", f"{name!r} is not in the room", name=name)
            conn.execute(sa.update(t.room_players).where(t.room_players.c.room_id == self.room_id,
                                                         t.room_players.c.name == name)
                         .values(removed_at=self.store.now()))  # fmt: skip
            self.replica.apply(self._append(conn, "remove", None, ["remove", name]))
        self._write(action)

    def close(self) -> None:
        """Close the room: nobody can join or call any more."""
        def action(conn: sa.Connection) -> None:
            conn.execute(sa.update(t.rooms).where(t.rooms.c.id == self.room_id)
                         .values(status="closed", closed_at=self.store.now()))  # fmt: skip
            self.replica.apply(self._append(conn, "close", None, ["close"]))
        self._write(action)

    def undealt(self) -> int:
        """How many cards are still to deal (the teacher's view; the cards themselves stay hidden)."""
        return self.replica.round.cards_left if self.replica.round else 0


class StudentSeat(_Room):
    """A student's place in a room: claims are always made as the student who joined."""

    _ALLOWED = frozenset({"join", "claim"})

    def __init__(self, store: Any, row: Any, lexicons: Any, student_id: int, name: str, game_id: str,
                 settings: Any) -> None:  # fmt: skip
        super().__init__(store, row, lexicons)
        self.student_id, self.name, self.game_id, self.settings = student_id, name, game_id, settings

    @classmethod
    def join(cls, store: Any, code: str, student_id: int, *,
             lexicons: Mapping[str, Lexicon] | None = None) -> "StudentSeat":  # fmt: skip
        """Join (or rejoin) the room with this code as a roster student."""
        student = store.student(student_id)  # raises UnknownStudentError
        with store.reading() as conn:
            row = _room_row(conn, code)
        if row is None:
            raise RoomError("no_room", f"no room has the code {normalise_code(code)!r}", code=normalise_code(code))
        if row.status != "open":
            raise RoomError("closed", "the teacher has closed this room")
        game_id = None
        p = t.room_players
        with store.reading() as conn:
            seat = conn.execute(sa.select(p).where(p.c.room_id == row.id, p.c.student_id == student.id)).first()
        if seat is not None:
            if seat.removed_at is not None:
                raise RoomError("removed", "the teacher has taken you out of this room")
            game_id = seat.game_id
        else:
            game_id = store.start_game(student.id, lang=student.settings.lang, variant=row.variant,
                                       min_cards=student.settings.min_cards, lesson=row.lesson, kind="room")  # fmt: skip
        me = cls(store, row, lexicons, student.id, seat.name if seat else student.name, game_id, student.settings)

        def action(conn: sa.Connection) -> None:
            now = store.now()
            if seat is None:
                conn.execute(sa.insert(p).values(room_id=row.id, student_id=student.id, name=me.name,
                                                 game_id=game_id, joined_at=now, last_seen=now))  # fmt: skip
                intent = ["join", me.name, student.settings.min_cards, student.settings.lang]
                me.replica.apply(me._append(conn, "join", me.name, intent))
            else:
                conn.execute(sa.update(p).where(p.c.id == seat.id).values(last_seen=now))
        me._write(action)
        return me

    def heartbeat(self) -> None:
        """Mark the student as connected now (the teacher's panel shows who is)."""
        with self.store.transaction() as conn:
            conn.execute(sa.update(t.room_players).where(t.room_players.c.room_id == self.room_id,
                                                         t.room_players.c.student_id == self.student_id)
                         .values(last_seen=self.store.now()))  # fmt: skip

    def claim(self, word: str, card_ids: Sequence[int] | None = None, *, seen: int | None = None,
              round_no: int | None = None) -> ClaimResult:  # fmt: skip
        """Call a word, judged against the table as committed; stored before it returns.

        ``seen`` (and ``round_no``) describe the table the student was looking
        at; without them the current table is assumed.
        """
        def action(conn: sa.Connection) -> ClaimResult:
            replica = self.replica
            if self.name in replica.removed:
                raise RoomError("removed", "the teacher has taken you out of this room")
            rnd = replica.round
            if rnd is None:
                raise RoomError("no_round", "wait for the teacher to deal")
            if self.name not in {p.name for p in rnd.players}:
                raise RoomError("not_in_round", "you play from the next round")
            ids = None if card_ids is None else [int(i) for i in card_ids]
            intent = ["claim", replica.round_no if round_no is None else int(round_no), self.name, str(word), ids,
                      None if seen is None else int(seen)]  # fmt: skip
            rnd.check_claim(self.name, str(word))  # BadWordError before anything changes
            event = self._next_event("claim", self.name, intent)
            result = replica.apply(event)  # judged against everything committed before it
            assert result is not None
            record = {"accepted": result.accepted, "reason": result.reason.value if result.reason else None,
                      "card_ids": list(result.card_ids), "spelling": result.spelling,
                      "free": [[f.player, f.card_id] for f in result.free_cards]}  # fmt: skip
            self._insert(conn, event, record)
            conn.execute(sa.insert(t.attempts).values(
                student_id=self.student_id, game_id=self.game_id, round=intent[1], at=event.at,
                word=str(word)[:64], folded=result.folded[:64], spelling=(result.spelling or result.folded)[:64],
                cards=" ".join(str(c) for c in result.cards)[:200], card_count=len(result.cards),
                accepted=result.accepted, reason=record["reason"], points=len(result.card_ids),
                free_cards=len(result.free_cards), min_cards=self.settings.min_cards, lang=self.settings.lang,
                lesson=self.lesson, focus_word=None))  # fmt: skip
            return result
        return self._write(action)
