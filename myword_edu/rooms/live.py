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
student writes words (:meth:`~myword_edu.rooms.seat.StudentSeat.write`), judged at their commit time
against the round's end, and the lists are crossed out when it is over.
:mod:`myword_edu.rooms.log` holds the SQL both games share.

Roles are capabilities: :class:`TeacherRoom` (built by the passcode-protected
teacher panel) deals, starts and ends rounds, removes players and, in a room
with a lesson, has every page say a focus word (:meth:`TeacherRoom.say_word`);
:class:`~myword_edu.rooms.seat.StudentSeat` (:mod:`myword_edu.rooms.seat`) can only claim,
and always under the student it joined as. No view holds an undealt card.

>>> from myword_edu.classroom.store import Store
>>> from myword_edu.lexicon.wordlist import Lexicon
>>> from myword_edu.rooms.seat import StudentSeat
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
from typing import Any, Mapping

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from myword_edu.classroom import schema as t
from myword_edu.boggle.board import Board
from myword_edu.boggle.round import Play
from myword_edu.boggle.rules import BoggleRules
from myword_edu.rooms.boggle_replica import BoggleReplica
from myword_edu.myword.cards import Card, parse_cards
from myword_edu.myword.lesson_library import default_library
from myword_edu.myword.lessons import Lesson
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.rooms.flood import FloodCount
from myword_edu.rooms.log import RoomLog, room_row
from myword_edu.core.codes import new_code, normalise_code
from myword_edu.rooms.replica import ROOM_GAMES, VARIANTS, RoomError, RoomReplica
from myword_edu.rooms.room_lesson import lesson_options
from myword_edu.rooms.room_listen import next_to_say
from myword_edu.core.text import parse_lang

__all__ = ["TeacherRoom"]


class TeacherRoom(RoomLog):
    """The teacher's side of a room: create it, deal, start and end rounds, remove players."""

    _ALLOWED = frozenset({"start", "deal", "finish", "remove", "close", "mute", "unmute", "say"})

    @classmethod
    def create(cls, store: Any, *, lang: str = "en", variant: str = "standard", lesson: Lesson | str | None = None,
               pace: float = 3.0, game: str = "myword", lexicons: Mapping[str, Lexicon] | None = None,
               deck: str | None = None, boggle: BoggleRules | None = None,
               board: str | None = None) -> "TeacherRoom":  # fmt: skip
        """Open a new room with a fresh join code.

        A Boggle room (``game="boggle"``) plays by ``boggle`` (dice, seconds,
        minimum length, bonus cube; the dice decide its language); ``board``
        fixes every round's board (tests), as ``deck`` fixes a MyWord! room's deck.

        A MyWord! room with a ``lesson`` (a :class:`~myword_edu.myword.lessons.Lesson`, or the id of one
        in the installation's lessons) in the room's language deals each round's deck stacked with
        its focus words (:mod:`myword_edu.rooms.room_lesson`); a Boggle room with one rolls each
        round's board with them planted as paths; the room keeps a copy of the lesson.
        """
        options = None
        if game == "boggle":
            rules = boggle if boggle is not None else BoggleRules()
            lang, variant, options = rules.lang, rules.dice, json.dumps(rules.to_json())
            secret = secrets.token_hex(16) if board is None else "board:" + str(Board.from_string(board))
        else:
            secret = secrets.token_hex(16) if deck is None else "deck:" + " ".join(str(c) for c in parse_cards(deck))
        lang = parse_lang(lang).value
        if lesson is not None:  # a Boggle room keeps it beside its rules and plants its words on each board
            played = lesson if isinstance(lesson, Lesson) else default_library().get(lesson)
            if played is None:
                raise RoomError("bad_setting", f"the lesson {lesson!r} cannot be read: fix its file or choose another")
            if played.lang != lang or deck is not None:
                raise RoomError("bad_setting", f"the lesson {played.title!r} is in {played.lang}, not {lang}"
                                if played.lang != lang else "a room with a lesson deals the lesson's deck")  # fmt: skip
            kept = {**json.loads(options or "{}"), **lesson_options(played)}
            lesson, options = played.id, json.dumps(kept, ensure_ascii=False)
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

    def say_word(self) -> str:
        """A room with a lesson: have every student's page say the next focus word aloud
        (:func:`~myword_edu.rooms.room_listen.next_to_say` picks it from the round as committed);
        returns it (folded). The first student to build it takes the cards, as with any call.

        Raises :class:`RoomError`: ``not_allowed`` (no lesson), ``no_round``, ``round_over``,
        ``nothing_to_say`` (no focus word can be made from the table or the cards to come).
        """
        self._need_game("myword")

        def action(conn: sa.Connection) -> str:
            assert isinstance(self.replica, RoomReplica)
            lesson, rnd = self.replica.lesson, self.replica.round
            if lesson is None:
                raise RoomError("not_allowed", "only a room opened with a lesson says its focus words")
            if rnd is None:
                raise RoomError("no_round", "start a round first")
            if rnd.is_over:
                raise RoomError("round_over", "the round is over")
            word = next_to_say(rnd, lesson.focus, said=[s.word for s in self.replica.said], made=self.replica.made_now)
            if word is None:
                raise RoomError("nothing_to_say", "no focus word can be made from the table or the cards to come")
            self.replica.apply(self._append(conn, "say", None, ["say", self.replica.round_no, word]))
            return word
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
