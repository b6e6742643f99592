"""A live room's state as the replay of its log (pure Python: no database, no Jupyter).

:class:`RoomReplica` applies a room's events (joins, removals, rounds started,
deals, claims, finishes) in ``seq`` order through :class:`myword_edu.myword.round.Round`;
every kernel that applies the same log holds the same table. :mod:`myword_edu.rooms.live`
reads and writes the log.

>>> from myword_edu.lexicon.wordlist import Lexicon
>>> from datetime import datetime
>>> lex = {"en": Lexicon.from_words(["cat"], blocked=[])}
>>> replica = RoomReplica("en", "standard", "deck:C A T", lex)
>>> log = [("join", ("join", "Ana", 3, "en")), ("start", ("start", 1)), ("deal", ("deal",)),
...        ("deal", ("deal",)), ("deal", ("deal",)), ("claim", ("claim", 1, "Ana", "cat", None, None))]
>>> for seq, (kind, intent) in enumerate(log, 1):
...     _ = replica.apply(RoomEvent(seq, kind, None, intent, None, datetime(2026, 1, 1)))
>>> replica.view().scores, replica.view().table
({'Ana': 3}, ())
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Mapping, Sequence

from myword_edu.core.focus import focus_target
from myword_edu.myword.cards import Card, junior_deck, parse_cards, shuffled, standard_deck
from myword_edu.myword.lessons import Lesson
from myword_edu.myword.variant import Variant, parse_variant
from myword_edu.core.errors import MyWordError
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.rooms.flood import FloodWatch
from myword_edu.myword.round import Round
from myword_edu.myword.values import ClaimResult, Player, Reason, TableCard
from myword_edu.rooms.room_lesson import room_deck

__all__ = ["RoomError", "RoomEvent", "RoomView", "RoomReplica", "SaidWord", "ROOM_GAMES", "VARIANTS"]

ROOM_GAMES = ("myword", "boggle")
VARIANTS = tuple(v.value for v in Variant)


class RoomError(MyWordError, ValueError):
    """A room action that is not allowed; ``reason`` is a key for a translated message.

    Reasons: ``no_room`` (no open room has this code), ``closed``, ``removed``
    (the teacher took the player out), ``not_in_round`` (joined after the deal
    began: plays from the next round), ``no_round``, ``round_over``,
    ``deck_empty``, ``unknown_player``, ``bad_setting``, ``wait`` (a failed call was
    just made: ``data["seconds"]`` to wait, see :mod:`myword_edu.rooms.flood`),
    ``muted`` (the teacher paused the player's calls until the next round),
    ``nothing_to_say`` (no focus word can be made: :mod:`myword_edu.rooms.room_listen`).
    """

    def __init__(self, reason: str, message: str, **data: Any) -> None:
        self.reason = reason
        self.data = data
        super().__init__(message)


@dataclass(frozen=True)
class RoomEvent:
    """One entry of a room's log."""

    seq: int
    kind: str  # join, remove, start, deal, claim, finish, close, say; held, mute, unmute (room_flood)
    actor: str | None
    intent: tuple
    result: Mapping[str, Any] | None
    at: datetime


@dataclass(frozen=True)
class SaidWord:
    """A focus word the teacher had every device say (:mod:`myword_edu.rooms.room_listen`).

    ``seq``: the log entry that said it (a page says a word once per entry); ``maker``: the first
    player who made it after it was said, None until then. A student's page shows the word only
    once it has a maker (before that it only says it aloud).
    """

    seq: int
    word: str  # folded
    shown: str  # as the dictionary spells it
    maker: str | None = None


@dataclass(frozen=True)
class RoomView:
    """What every page of the room shows (never an undealt card)."""

    seq: int
    round_no: int
    version: int  # the round's version: pass it as ``seen`` with a claim
    table: tuple[TableCard, ...]
    cards_left: int
    over: bool
    scores: dict[str, int]  # this round
    totals: dict[str, int]  # every round of the room
    players: tuple[str, ...]  # in the room now (not removed)
    in_round: tuple[str, ...]  # seated in this round
    calls: tuple[Mapping[str, Any], ...] = field(default=())  # latest claims, newest last
    muted: tuple[str, ...] = ()  # players the teacher muted for the rest of this round
    #: a room with a lesson: each focus word (as the dictionary spells it, in the lesson's order) and
    #: who made it, in any round (first maker first); empty without a lesson
    focus: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: a room with a lesson: players who play without it (their language is not the lesson's)
    off_lesson: tuple[str, ...] = ()
    #: a room with a lesson: the focus words said aloud in this round, in order (the last is the one to find)
    said: tuple[SaidWord, ...] = ()


def _deck(lang: str, variant: str, seed: str, round_no: int, lesson: Lesson | None = None) -> list[Card]:
    if lesson is not None:  # stacked with the focus words, from the seed and the round (replay is exact)
        return room_deck(lesson, seed, round_no)
    if seed.startswith("deck:"):  # a stacked deck (tests, doctests): the same every round
        return parse_cards(seed[5:])
    base = junior_deck(lang) if parse_variant(variant).is_junior else standard_deck(lang)
    return shuffled(base, f"{seed}:{round_no}")


class RoomReplica:
    """The room's state, rebuilt by applying its log in ``seq`` order (pure: no database).

    Args:
        lang, variant, seed: the room's settings (``seed`` shuffles each round's deck).
        lexicons: lexicons by language tag (the room's language must be there).
        lesson: the lesson the room is played with (each round's deck stacked with its focus words).
    """

    def __init__(self, lang: str, variant: str, seed: str, lexicons: Mapping[str, Lexicon],
                 lesson: Lesson | None = None) -> None:  # fmt: skip
        self.lang, self.variant, self.seed, self.lesson = lang, variant, seed, lesson
        self.made: dict[str, list[str]] = {word: [] for word in lesson.focus} if lesson else {}
        self.lexicons = dict(lexicons)
        self.seq = 0
        self.members: dict[str, Player] = {}  # joined and not removed, in join order
        self.removed: set[str] = set()
        self.round: Round | None = None
        self.round_no = 0
        self.totals: dict[str, int] = {}
        self.calls: list[dict[str, Any]] = []
        self.closed = False
        self.flood = FloodWatch()  # waits after failed calls, held calls, mutes
        self.said: list[SaidWord] = []  # this round's focus words said aloud (the teacher's "Say a word")
        self.made_now: set[str] = set()  # the focus words made in this round

    def apply(self, event: RoomEvent) -> ClaimResult | None:
        """Apply the next event of the log; a claim returns its result."""
        if event.seq != self.seq + 1:
            raise RoomError("out_of_order", f"room event {event.seq} after {self.seq}")
        self.seq = event.seq
        intent = event.intent
        kind = event.kind
        if kind == "join":
            name, min_cards, lang = intent[1], intent[2], intent[3]
            self.members[name] = Player(name, min_cards=min_cards, lang=lang)
            self.removed.discard(name)
            self.totals.setdefault(name, 0)
        elif kind == "remove":
            self.members.pop(intent[1], None)
            self.removed.add(intent[1])
        elif kind == "start":
            self._finish_round()
            self.round_no = int(intent[1])
            self.flood.new_round()
            self.said, self.made_now = [], set()
            deck = _deck(self.lang, self.variant, self.seed, self.round_no, self.lesson)
            self.round = Round(list(self.members.values()), deck, self.lexicons[self.lang],
                               junior=parse_variant(self.variant).is_junior, lexicons=self.lexicons)  # fmt: skip
        elif kind == "deal":
            assert self.round is not None
            self.round.deal()
        elif kind == "finish":
            assert self.round is not None
            self.round.finish()
        elif kind == "claim":
            return self._claim(intent, event.at)
        elif kind == "say":  # ["say", round, focus word]: every page says it (picked by the teacher's kernel)
            if self.lesson is not None and self.round is not None and int(intent[1]) == self.round_no \
                    and intent[2] in self.lesson.focus:
                word = str(intent[2])
                self.said.append(SaidWord(event.seq, word, self.lesson.shown.get(word, word)))
        elif kind == "held":  # calls refused during a wait: never judged
            self.flood.held_calls(intent[2], event.at, intent[3])
        elif kind in ("mute", "unmute"):
            if self.round is not None and int(intent[1]) == self.round_no:
                self.flood.mute(intent[2], kind == "mute")
        elif kind == "close":
            self._finish_round()
            self.closed = True
        return None

    def _claim(self, intent: Sequence[Any], at: datetime) -> ClaimResult:
        _, round_no, name, word, card_ids, seen = intent
        rnd = self.round
        if rnd is None or round_no != self.round_no:  # the table the player saw has gone
            result = ClaimResult(name, str(word), "", "", False, Reason.TOO_LATE)
        else:
            result = rnd.claim(name, word, card_ids, seen=seen)
        if result.accepted and self.lesson is not None and self._plays_lesson(name):
            target = focus_target(result.folded, self.lesson.focus, is_word=True)
            if target is not None and name not in self.made[target]:
                self.made[target].append(name)
            if target is not None:
                self.made_now.add(target)
                if self.said and self.said[-1].word == target and self.said[-1].maker is None:
                    self.said[-1] = replace(self.said[-1], maker=name)  # the first to build the word said
        if not result.accepted and result.reason is not None and result.reason.is_penalised:
            self.flood.failed(name, at)  # the caller's next call waits (judged here: every kernel agrees)
        self.calls = (self.calls + [{"player": name, "word": result.spelling or result.word,
                                     "accepted": result.accepted,
                                     "reason": result.reason.value if result.reason else None}])[-8:]  # fmt: skip
        return result

    def _plays_lesson(self, name: str) -> bool:
        """Does this player play the room's lesson? Not in another language (see
        :func:`myword_edu.classroom.settings.resolve_myword`: the player's language wins)."""
        player = self.members.get(name)
        lang = player.lang if player is not None and player.lang else self.lang
        return self.lesson is not None and lang == self.lesson.lang

    def _finish_round(self) -> None:
        if self.round is not None:
            for name, points in self.round.scores.items():
                self.totals[name] = self.totals.get(name, 0) + points
        self.round = None

    def view(self, now: datetime | None = None) -> RoomView:
        """The table (``now`` is for the same call on a Boggle room's replica; a deal has no clock)."""
        rnd = self.round
        scores = dict(rnd.scores) if rnd else {}
        totals = {n: self.totals.get(n, 0) + scores.get(n, 0) for n in self.totals}
        return RoomView(
            seq=self.seq, round_no=self.round_no, version=rnd.version if rnd else 0,
            table=rnd.table_cards if rnd else (), cards_left=rnd.cards_left if rnd else 0,
            over=rnd.is_over if rnd else True, scores=scores, totals=totals, players=tuple(self.members),
            in_round=tuple(p.name for p in rnd.players) if rnd else (), calls=tuple(self.calls),
            muted=tuple(n for n in self.members if n in self.flood.muted) if rnd else (),
            focus=tuple((self.lesson.shown.get(w, w), tuple(self.made[w])) for w in self.lesson.focus)
            if self.lesson else (),
            off_lesson=tuple(n for n in self.members if not self._plays_lesson(n)) if self.lesson else (),
            said=tuple(self.said) if rnd else (),
        )  # fmt: skip


