"""Live classroom rooms: the whole class plays the same deal.

A room is a row of ``rooms`` (join code, game, language, variant, the secret
seed its decks come from), its ``room_players`` and an append-only log
``room_events``. The room's state is the replay of that log through
:class:`myword_edu.myword.round.Round`, so every kernel that reads the log (each
student's, the teacher's) holds the same table, and a kernel that died is
rebuilt from the log with every score and card intact.

Every change is one exclusive transaction (:meth:`Store.transaction`,
``BEGIN IMMEDIATE`` on SQLite, an advisory lock on PostgreSQL): read the events
committed since this kernel last looked, apply them, judge the new intent
against that up-to-date state, append it (a claim also writes its attempt
row), commit, and only then answer. The commit order therefore decides who
was first: the first valid claim takes the cards; a claim on cards someone
took meanwhile is answered ``too_late`` and costs nothing.

A Boggle room (``game="boggle"``, replayed by
:class:`~myword_edu.rooms.boggle_replica.BoggleReplica`) shares one board and one clock:
the teacher starts each round (a new board rolled from the room's secret), a
student writes words (:meth:`StudentSeat.write`), judged at their commit time
against the round's end, and the lists are crossed out when it is over.
:mod:`myword_edu.rooms.log` holds the SQL both games share.

Roles are capabilities: :class:`TeacherRoom` (built by the passcode-protected
teacher panel) deals, starts and ends rounds and removes players;
:class:`StudentSeat` can only claim, and always under the student it joined
as. No view holds an undealt card.

>>> from myword_edu.classroom.store import Store
>>> from myword_edu.lexicon.wordlist import Lexicon
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
import secrets
from typing import Any, Mapping, Sequence

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from myword_edu.classroom import schema as t
from myword_edu.boggle.board import Board, path_text
from myword_edu.boggle.round import NOT_ATTEMPTS, Play
from myword_edu.classroom.boggle_store import own_rules
from myword_edu.boggle.rules import BoggleRules
from myword_edu.rooms.boggle_replica import BoggleReplica
from myword_edu.myword.cards import Card, parse_cards
from myword_edu.core.errors import BadWordError
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.rooms.flood import FloodCount
from myword_edu.rooms.log import RoomLog, open_rooms, room_row, room_status
from myword_edu.core.codes import new_code, normalise_code
from myword_edu.rooms.replica import ROOM_GAMES, VARIANTS, RoomError, RoomEvent, RoomReplica, RoomView
from myword_edu.myword.claims import check_card_ids
from myword_edu.myword.values import ClaimResult
from myword_edu.core.text import clean_word, parse_lang

__all__ = ["RoomError", "RoomEvent", "RoomView", "RoomReplica", "TeacherRoom", "StudentSeat", 
           "room_status", "open_rooms"]  # fmt: skip


class TeacherRoom(RoomLog):
    """The teacher's side of a room: create it, deal, start and end rounds, remove players."""

    _ALLOWED = frozenset({"start", "deal", "finish", "remove", "close", "mute", "unmute"})

    @classmethod
    def create(cls, store: Any, *, lang: str = "en", variant: str = "standard", lesson: str | None = None,
               pace: float = 3.0, game: str = "myword", lexicons: Mapping[str, Lexicon] | None = None,
               deck: str | None = None, boggle: BoggleRules | None = None,
               board: str | None = None) -> "TeacherRoom":  # fmt: skip
        """Open a new room with a fresh join code.

        A Boggle room (``game="boggle"``) plays by ``boggle`` (dice, seconds,
        minimum length, bonus cube; the dice decide its language); ``board``
        fixes every round's board (tests), as ``deck`` fixes a MyWord! room's deck.
        """
        options = None
        if game == "boggle":
            rules = boggle if boggle is not None else BoggleRules()
            lang, variant, options = rules.lang, rules.dice, json.dumps(rules.to_json())
            secret = secrets.token_hex(16) if board is None else "board:" + str(Board.from_string(board))
        else:
            secret = secrets.token_hex(16) if deck is None else "deck:" + " ".join(str(c) for c in parse_cards(deck))
        lang = parse_lang(lang).value
        if game not in ROOM_GAMES or (game == "myword" and variant not in VARIANTS) or not 0.2 <= float(pace) <= 60:
            raise RoomError("bad_setting", f"bad room setting: {game}, {variant}, pace {pace}")
        for _ in range(20):
            code = new_code()
            try:
                with store.transaction() as conn:
                    conn.execute(sa.insert(t.rooms).values(
                        class_id=store.class_id(), code=code, game=game, lang=lang, variant=variant, lesson=lesson,
                        pace=float(pace), seed=secret, status="open", created_at=store.now(),
                        options=options))  # fmt: skip
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
            row = room_row(conn, code)
        if row is None:
            raise RoomError("no_room", f"no room has the code {normalise_code(code)!r}", code=normalise_code(code))
        room = cls(store, row, lexicons)
        room.poll()
        return room

    def start_round(self, boggle: BoggleRules | None = None) -> int:
        """Start the next round with everyone in the room now; returns its number.

        In a Boggle room this rolls a new board and starts everyone's clock,
        with ``boggle``'s rules (default: the room's). The dice must stay in the
        room's language.
        """
        intent: list[Any] = ["start"]
        if self.is_boggle:
            rules = boggle if boggle is not None else BoggleRules.from_json(self.options)
            if rules.lang != self.lang:
                raise RoomError("bad_setting", f"this room plays in {self.lang}: the {rules.dice!r} dice do not")
            intent.append(rules.to_json())

        def action(conn: sa.Connection) -> int:
            if not self.replica.members:
                raise RoomError("no_players", "nobody has joined the room yet")
            number = self.replica.round_no + 1
            self.replica.apply(self._append(conn, "start", None, [intent[0], number, *intent[1:]]))
            return number
        return self._write(action)

    def deal(self) -> Card:
        """Deal the next card of the current round."""
        self._need_game("myword")

        def action(conn: sa.Connection) -> Card:
            assert isinstance(self.replica, RoomReplica)
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
        """End the round now (the cards on the table score nothing; a Boggle round's lists are scored)."""
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

    def mute_player(self, name: str, muted: bool = True) -> None:
        """Mute a player for the rest of this round (their calls are refused; the next round
        starts unmuted), or let them call again (``muted=False``). Every kernel replays it."""
        self._need_game("myword")

        def action(conn: sa.Connection) -> None:
            assert isinstance(self.replica, RoomReplica)
            if name not in self.replica.members:
                raise RoomError("unknown_player", f"{name!r} is not in the room", name=name)
            if self.replica.round is None or self.replica.round.is_over:
                raise RoomError("no_round", "no round is being played")
            if (name in self.replica.flood.muted) != muted:
                kind = "mute" if muted else "unmute"
                self.replica.apply(self._append(conn, kind, None, [kind, self.replica.round_no, name]))
        self._write(action)

    def flood(self) -> dict[str, FloodCount]:
        """A MyWord! room: each player's failed and held calls in the last minute, and who is muted."""
        if not isinstance(self.replica, RoomReplica):
            return {}
        now = self.store.now()
        return {name: self.replica.flood.count(name, now) for name in self.replica.members}

    def close(self) -> None:
        """Close the room: nobody can join or call any more."""
        def action(conn: sa.Connection) -> None:
            conn.execute(sa.update(t.rooms).where(t.rooms.c.id == self.room_id)
                         .values(status="closed", closed_at=self.store.now()))  # fmt: skip
            self.replica.apply(self._append(conn, "close", None, ["close"]))
        self._write(action)

    def undealt(self) -> int:
        """How many cards are still to deal (the teacher's view; the cards themselves stay hidden)."""
        if isinstance(self.replica, BoggleReplica) or self.replica.round is None:
            return 0
        return self.replica.round.cards_left

    def found(self, name: str) -> tuple[Play, ...]:
        """A Boggle room: the words a player has written down this round (the teacher sees them live)."""
        return self.replica.found(name) if isinstance(self.replica, BoggleReplica) else ()


class StudentSeat(RoomLog):
    """A student's place in a room: claims are always made as the student who joined."""

    _ALLOWED = frozenset({"join", "claim", "word", "held"})
    #: held calls are written to the log at most this often (seconds) by one kernel
    HELD_EVERY = 1.0

    def __init__(self, store: Any, row: Any, lexicons: Any, student_id: int, name: str, game_id: str,
                 settings: Any) -> None:  # fmt: skip
        super().__init__(store, row, lexicons)
        self.student_id, self.name, self.game_id, self.settings = student_id, name, game_id, settings
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
        p = t.room_players
        with store.reading() as conn:
            seat = conn.execute(sa.select(p).where(p.c.room_id == row.id, p.c.student_id == student.id)).first()
        if seat is not None:
            if seat.removed_at is not None:
                raise RoomError("removed", "the teacher has taken you out of this room")
            game_id = seat.game_id
        elif row.game == "boggle":
            least = _own_min_length(store, student.id)
            rules = BoggleRules.from_json(json.loads(row.options) if row.options else None)
            game_id = store.start_game(student.id, lang=row.lang, variant=row.variant, lesson=row.lesson,
                                       min_cards=least or rules.min_length or 3, kind="boggle")  # fmt: skip
        else:
            game_id = store.start_game(student.id, lang=student.settings.lang, variant=row.variant,
                                       min_cards=student.settings.min_cards, lesson=row.lesson, kind="room")  # fmt: skip
        me = cls(store, row, lexicons, student.id, seat.name if seat else student.name, game_id, student.settings)

        def action(conn: sa.Connection) -> None:
            now = store.now()
            if seat is None:
                conn.execute(sa.insert(p).values(room_id=row.id, student_id=student.id, name=me.name,
                                                 game_id=game_id, joined_at=now, last_seen=now))  # fmt: skip
                if me.is_boggle:  # the student's own Boggle minimum length, if the teacher set one
                    intent = ["join", me.name, _own_min_length(store, student.id), me.lang]
                else:
                    intent = ["join", me.name, student.settings.min_cards, student.settings.lang]
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
            intent = ["claim", replica.round_no if round_no is None else int(round_no), self.name, str(word), ids,
                      looked]  # fmt: skip
            if intent[1] == replica.round_no:  # BadWordError, CardIdsError before anything changes
                rnd.check_claim(self.name, str(word), ids, seen=looked)
            else:
                rnd.check_claim(self.name, str(word))
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
            intent = ["word", replica.round_no if round_no is None else int(round_no), self.name, text, cells]
            event = self._next_event("word", self.name, intent)
            play = replica.apply(event)
            assert isinstance(play, Play)
            record = {"accepted": play.accepted, "reason": play.reason.value if play.reason else None,
                      "word": play.word, "points": play.points, "path": list(play.path)}  # fmt: skip
            self._insert(conn, event, record)
            if play.reason not in NOT_ATTEMPTS and play.word:
                lex = replica.lexicon
                spelling = lex.spelling(play.word) if play.word in lex else play.word
                board = replica.round.board
                conn.execute(sa.insert(t.attempts).values(
                    student_id=self.student_id, game_id=self.game_id, round=intent[1], at=event.at,
                    word=(text.strip() or spelling.upper())[:64], folded=play.word[:64], spelling=spelling[:64],
                    cards=path_text(board, play.path)[:200], card_count=len(play.word), accepted=play.accepted,
                    reason=play.reason.value if play.reason else None, points=play.points, free_cards=0,
                    min_cards=play.needed or replica.round.min_length_for(self.name), lang=self.lang,
                    lesson=self.lesson, focus_word=None))  # fmt: skip
            return play
        return self._write(action)

    def found(self) -> tuple[Play, ...]:
        """A Boggle room: the words this student has written down this round."""
        return self.replica.found(self.name) if isinstance(self.replica, BoggleReplica) else ()


def _own_min_length(store: Any, student_id: int) -> int | None:
    """The minimum Boggle word length the teacher set for this student, if they did."""
    rules = own_rules(store, student_id)
    return rules.min_length if rules is not None else None

