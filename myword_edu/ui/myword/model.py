"""A practice or projector session: the game, the robots and the clock, as traits.

:class:`Session` is a plain :class:`traitlets.HasTraits` (no widget, nothing
synced to a browser). It turns intents ("deal", "select card 4", "call
CAMION") into engine calls and copies the results into traits that views
observe. Every rule is the engine's; the session only schedules: the next card
at the pace, each robot's call when its reaction time is up, the end of the
last call. Time is passed in (``now``), so tests drive it without waiting.

>>> from myword_edu.lexicon.wordlist import Lexicon
>>> lex = Lexicon.from_words(["cat", "act"], blocked=[])
>>> s = Session(Settings(bots=0, seed=1), lexicons=lambda lang: lex, now=lambda: 0.0)
>>> s.start(); len(s.table), s.cards_left
(1, 70)
"""

from __future__ import annotations

import enum
import logging
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from traitlets import Bool, Dict, HasTraits, Instance, Int, List, Unicode, UseEnum

from myword_edu.myword.bots import Bot, BotCall
from myword_edu.myword.cards import Card
from myword_edu.core.errors import BadWordError, MyWordError
from myword_edu.lexicon.wordlist import Lexicon, load_lexicon
from myword_edu.myword.game import Game
from myword_edu.myword.values import (
    CardGiven,
    Claimed,
    ClaimResult,
    Dealt,
    Event,
    FreeCard,
    Player,
    Reason,
    RoundEnded,
    TableCard,
)
from myword_edu.myword.solver import words_on_table
from myword_edu.myword.review import RoundReview, round_review
from myword_edu.myword.variant import parse_variant
from myword_edu.core.text import Lang
from myword_edu.ui.myword.settings import Mode, Settings

if TYPE_CHECKING:
    from myword_edu.myword.lessons import Lesson

#: Robots and the round review look at words of up to this many letters: longer
#: ones are rare, and leaving them out keeps a big Spanish table quick to solve.
PLAN_MAX_LETTERS = 8

__all__ = ["Phase", "Feedback", "Call", "Session"]

log = logging.getLogger(__name__)


def _shipped_lesson(lesson_id: str) -> "Lesson | None":
    from myword_edu.myword.lesson_library import default_library

    return default_library().get(lesson_id)


class Phase(str, enum.Enum):
    READY = "ready"  # waiting for the page to show the table
    DEALING = "dealing"
    LAST_CALL = "last_call"  # every card is out; a few seconds to call
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class Feedback:
    """What to tell the player: a catalog ``key`` and its values (the view translates)."""

    key: str
    values: dict[str, Any] = field(default_factory=dict)
    good: bool = False
    free: tuple[FreeCard, ...] = ()  # the free cards the call gave, in the order given

    @property
    def free_to(self) -> tuple[str, ...]:
        return tuple(f.player for f in self.free)


@dataclass(frozen=True)
class Call:
    """One call in the feed."""

    player: str
    word: str  # as shown: the dictionary spelling for a word, else what was said
    accepted: bool
    reason: str | None
    count: int
    needed: int = 0  # the caller's minimum of cards (for "too few cards")
    free: tuple[FreeCard, ...] = ()

    @property
    def free_to(self) -> tuple[str, ...]:
        return tuple(f.player for f in self.free)


class Session(HasTraits):
    """One student's game (or a class's, in projector mode).

    Args:
        settings: language, seed, robots, pace... (see :class:`Settings`).
        names: the players' display names: ``{"you": ..., "bot": "Robot {number}"...}``
            comes from the catalogs by default.
        lexicons: ``lang -> Lexicon`` (default: the shipped ones).
        now: a monotonic clock in seconds.
    """

    phase = UseEnum(Phase, default_value=Phase.READY)
    paused = Bool(False)
    table = List()  # TableCard, oldest first
    newest = Int(-1)  # id of the newest card on the table, -1 if none
    selection = List()  # ids of the cards picked, in order
    cards_left = Int(0)
    deck_size = Int(0)
    players = List()  # names, seating order (the student first in practice)
    scores = Dict()  # this round
    totals = Dict()  # the whole game
    feed = List()  # Call, newest last
    feedback = Instance(Feedback, allow_none=True)
    leaving = List()  # FreeCard: the table cards the last failed call gave away (the table animates them)
    round_number = Int(1)
    rounds = Int(1)
    review = Instance(RoundReview, allow_none=True)
    winners = List()
    last_call_left = Int(0)
    lang = Unicode("en")

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        lexicons: Callable[[str], Lexicon] = load_lexicon,
        now: Callable[[], float] = time.monotonic,
        lessons: "Callable[[str], Lesson | None] | None" = None,
    ) -> None:
        super().__init__()
        self._lexicons = lexicons
        self._now = now
        self.settings = settings or Settings()
        self.on_change: Callable[[], None] = lambda: None  # the clock's wake-up
        # Called with (result, table before the call) for every call the student makes,
        # before anything is shown: the class store commits it there (see ui/myword/recorder.py).
        self.on_attempt: Callable[[ClaimResult, Sequence[Card]], None] | None = None
        # Called after every change of the game (a card dealt, a call, a round's end or start):
        # the class store keeps the game there, so a closed tab can resume it (ui/myword/recorder.py).
        self.on_progress: Callable[[], None] | None = None
        self._lessons = lessons if lessons is not None else _shipped_lesson
        self.new_game(self.settings)

    # -- setting up -----------------------------------------------------------
    def new_game(self, settings: Settings | None = None) -> None:
        """Start a new game (same settings unless given); the clock starts on :meth:`start`."""
        from myword_edu.i18n.game import message

        if settings is not None:
            self.settings = settings
        if self.settings.seed is None:  # a fresh deal for every page (Game(seed=None) always deals alike)
            self.settings = self.settings.with_changes(seed=random.SystemRandom().randrange(2**31))
        self.lesson = self._lessons(self.settings.lesson) if self.settings.lesson else None
        if self.lesson is not None and self.lesson.lang != self.settings.lang:  # a lesson is played in its language
            self.settings = self.settings.with_changes(lang=self.lesson.lang)
        s = self.settings
        lang = s.lang
        lexicon = self._lexicons(lang)
        foreign = [self._lexicons(other.value) for other in Lang if other.value != lang]
        if s.mode_enum is Mode.PROJECTOR:
            names = list(s.students) or [message(lang, "player.student", number=n) for n in (1, 2)]
            self.student = None
            self.bots: list[Bot] = []
        else:
            self.student = s.name or message(lang, "player.you")
            bot_names = [message(lang, "player.bot", number=n) for n in range(1, s.bots + 1)]
            bot_names = [b if b != self.student else f"{b}*" for b in bot_names]
            self.bots = [Bot(b, s.level_enum, seed=s.seed) for b in bot_names]
            names = [self.student, *bot_names]
        players = [Player(n, min_cards=s.min_cards) if n == self.student else Player(n) for n in names]
        junior = parse_variant(s.variant).is_junior  # the rules for ages 7 and up: failed calls cost nothing
        if self.lesson is not None:
            rounds = s.rounds if s.rounds is not None else self.lesson.rounds
            self.game = self.lesson.game(players, lexicon, seed=s.seed, rounds=rounds, junior=junior, foreign=foreign)
        else:
            self.game = Game(players, lexicon, seed=s.seed, rounds=s.rounds, junior=junior, foreign=foreign)
        self.lexicon = lexicon
        self.lang = lang
        self.players = names
        self.rounds = self.game.rounds
        self.feed = []
        self.feedback = None
        self.winners = []
        self._begin_round()

    def _begin_round(self) -> None:
        from myword_edu.ui.widgets.timer import Pacer

        self.round = self.game.current
        self.round.subscribe(self._on_event)
        self.pacer = Pacer(self.settings.pace)
        self._plans: dict[str, tuple[BotCall, float]] = {}
        self._missed: set[str] = set()
        self._last_call_at: float | None = None
        self._dirty = True
        self.review = None
        self.selection = []
        self.leaving = []
        self.paused = False
        self.phase = Phase.READY
        self.round_number = self.game.round_number
        self._copy_state()
        self._progress()

    def carry_on(self, saved: Mapping[str, Any]) -> None:
        """Carry on a saved game of these settings (``Game.to_dict()``): cards, calls and scores.

        The session must have been set up with the saved game's settings (its
        seed too); anything else raises :class:`~myword_edu.core.errors.CorruptSaveError`
        and leaves the fresh game as it was. Dealing goes on at :meth:`start`.
        """
        self.game.resume(saved)
        for finished in self.game.finished_rounds:
            for event in finished.events:
                self._on_event(event)
        self._begin_round()
        for event in self.round.events:
            self._on_event(event)
        if self.round.is_over:
            self._end_round()
            self._copy_state()

    def _progress(self) -> None:
        if self.on_progress is None:
            return
        try:
            self.on_progress()
        except MyWordError:  # the attempts are what must not be lost; they are committed on their own
            log.exception("the game of %s could not be kept for resuming", self.student)

    def start(self) -> None:
        """Begin dealing (the page is showing the table). Does nothing once started."""
        if self.phase is not Phase.READY:
            return
        self.phase = Phase.DEALING
        if self.settings.mode_enum is Mode.PRACTICE:
            self.pacer.start(self._now())
            self.tick()
        self.on_change()

    # -- time -----------------------------------------------------------------
    def tick(self) -> float | None:
        """Do what is due now; return when to be called again (None: nothing scheduled)."""
        now = self._now()
        if self.phase in (Phase.READY, Phase.ROUND_OVER, Phase.GAME_OVER) or self.paused:
            return None
        if self.phase is Phase.DEALING and self.pacer.is_due(now):
            self._deal(now)
        self._fire_bots(now)
        if self.phase is Phase.LAST_CALL and self._last_call_at is not None:
            left = self._last_call_at - now
            if left <= 0:
                self.round.finish()
                self._after_change(now)
            else:
                self.last_call_left = int(left + 0.999)
        return self._next_wakeup(now)

    def _next_wakeup(self, now: float) -> float | None:
        if self.phase not in (Phase.DEALING, Phase.LAST_CALL) or self.paused:
            return None
        times = [due for _, due in self._plans.values()]
        if self.phase is Phase.DEALING and self.pacer.next_at is not None:
            times.append(self.pacer.next_at)
        if self.phase is Phase.LAST_CALL and self._last_call_at is not None:
            times.append(min(self._last_call_at, now + 1.0))
        return min(times) if times else None

    def pause(self) -> None:
        if self.phase in (Phase.DEALING, Phase.LAST_CALL) and not self.paused:
            self.pacer.pause(self._now())
            self.paused = True
            self.on_change()

    def resume(self) -> None:
        if not self.paused:
            return
        shift = self.pacer.resume(self._now())
        self._plans = {name: (call, due + shift) for name, (call, due) in self._plans.items()}
        if self._last_call_at is not None:
            self._last_call_at += shift
        self.paused = False
        self.on_change()

    def deal_next(self) -> None:
        """Deal one card now ("next card" by hand); works while paused too."""
        if self.phase is Phase.READY:
            self.phase = Phase.DEALING
        if self.phase is not Phase.DEALING or self.round.cards_left == 0:
            return
        self._deal(self._now())
        self.on_change()

    def _deal(self, now: float) -> None:
        self.round.deal()
        self.pacer.dealt(now)
        self._after_change(now)

    # -- calling words --------------------------------------------------------
    def select(self, card_id: object) -> None:
        """Pick a table card (by id) as the next letter of the word; picking it again un-picks it."""
        if isinstance(card_id, bool) or not isinstance(card_id, int):
            return
        on_table = {tc.id for tc in self.round.table_cards}
        if card_id not in on_table:
            return
        if card_id in self.selection:
            self.selection = [i for i in self.selection if i != card_id]
        else:
            self.selection = [*self.selection, card_id]

    def undo(self) -> None:
        self.selection = self.selection[:-1]

    def clear(self) -> None:
        self.selection = []

    def submit(self, word: object, *, player: str | None = None, use_selection: bool = True) -> Feedback:
        """A call: ``word`` typed (or spelt by the picked cards), by the student or ``player``.

        In projector mode ``player`` is the student the teacher picked. Text
        that is not a word gets a friendly message and changes nothing.
        """
        name = player if player is not None else self.student
        if name is None or name not in self.players or (self.student is not None and name != self.student):
            return self._tell(Feedback("reason.no_player"))
        if self.phase is Phase.READY:
            self.start()
        card_ids = list(self.selection) if use_selection and self.selection else None
        text = word if isinstance(word, str) else ""
        if card_ids and not text.strip():
            text = "".join(self._card_text(i) for i in card_ids)
        table_before = self.round.table
        try:
            result = self.round.claim(name, text, card_ids)
        except BadWordError as error:
            return self._tell(Feedback(f"reason.{error.reason}", {"word": _shown(text)}))
        saved = self._record(result, table_before)  # on disk before the student sees anything
        self.selection = []
        feedback = self._feedback_for(result, mine=True) if saved else Feedback("feedback.not_saved")
        self._after_change(self._now())
        self.on_change()
        return self._tell(feedback)

    def _record(self, result: ClaimResult, table_before: Sequence[Card]) -> bool:
        """Hand the student's call to ``on_attempt`` (the class store); False if it could not be saved."""
        if self.on_attempt is None:
            return True
        try:
            self.on_attempt(result, table_before)
        except MyWordError:
            log.exception("a call by %s could not be saved", result.player)
            return False
        return True

    def _card_text(self, card_id: int) -> str:
        card = self.round.initial_deck[card_id]
        return "" if card.is_wild else card.letters

    def _tell(self, feedback: Feedback) -> Feedback:
        self.feedback = feedback
        return feedback

    def _feedback_for(self, result: ClaimResult, *, mine: bool) -> Feedback:
        word = (result.spelling or _shown(result.word)).upper()
        free = result.free_cards
        if result.accepted:
            key = "feedback.you_won_cards" if mine and self.student else "feedback.player_won_cards"
            return Feedback(key, {"word": word, "count": len(result.cards), "player": result.player}, True, free)
        assert result.reason is not None
        values = {"word": word, "needed": result.needed, "player": result.player}
        if result.reason is Reason.WRONG_LANGUAGE:
            other = next(lang.value for lang in Lang if lang.value != self.lang)
            values["language"] = other
        return Feedback(f"reason.{result.reason.value}", values, False, free)

    # -- robots ---------------------------------------------------------------
    def _fire_bots(self, now: float) -> None:
        while True:
            due = sorted((d, name) for name, (_, d) in self._plans.items() if d <= now)
            if not due or self.phase not in (Phase.DEALING, Phase.LAST_CALL):
                return
            name = due[0][1]
            call, _ = self._plans.pop(name)
            result = self.round.claim(name, call.word)
            if self.student is not None and self.student in {f.player for f in result.free_cards}:
                assert result.reason is not None
                word = (result.spelling or _shown(result.word)).upper()
                values = {"player": name, "word": word, "why": result.reason.value, "needed": result.needed}
                self._tell(Feedback("feedback.other_refused", values, True, result.free_cards))
            self._after_change(now)

    def _replan(self, now: float) -> None:
        table = self.round.table
        if self.phase not in (Phase.DEALING, Phase.LAST_CALL):
            self._plans = {}
            return
        possible_by_min: dict[int, set[str]] = {}

        def possible(min_cards: int) -> set[str]:
            if min_cards not in possible_by_min:
                possible_by_min[min_cards] = words_on_table(
                    table, self.lexicon, min_cards=min_cards, max_letters=PLAN_MAX_LETTERS
                )
            return possible_by_min[min_cards]

        if self.student is not None:
            minimum = next(p.min_cards for p in self.round.players if p.name == self.student)
            self._missed |= possible(minimum)
        for bot in self.bots:
            planned = self._plans.get(bot.name)
            if planned is not None and bot.still_good(planned[0], table):
                continue
            self._plans.pop(bot.name, None)
            call = bot.plan(table, self.lexicon, possible=possible(bot.min_cards))
            if call is not None:
                self._plans[bot.name] = (call, now + call.delay)

    # -- events and state -----------------------------------------------------
    def _on_event(self, event: Event) -> None:
        if isinstance(event, Dealt):
            self._dirty = True
        elif isinstance(event, Claimed):
            text = event.spelling.upper() if event.accepted else _shown(event.word).upper()
            needed = next((p.min_cards for p in self.round.players if p.name == event.player), 0)
            self.feed = [*self.feed, Call(event.player, text, event.accepted, event.reason, len(event.card_ids), needed)]
            self.leaving = []
            self._dirty = self._dirty or event.accepted
        elif isinstance(event, CardGiven):
            last = self.feed[-1] if self.feed else None
            given = FreeCard(event.player, event.card_id, event.card, event.source)
            if last is not None and last.player == event.caller:
                self.feed = [*self.feed[:-1], Call(**{**last.__dict__, "free": (*last.free, given)})]
            if event.source == "table":
                self.leaving = [*self.leaving, given]
            self._dirty = True
        elif isinstance(event, RoundEnded):
            self._dirty = True

    def _after_change(self, now: float) -> None:
        if self.round.is_over:
            self._end_round()
        elif self.round.cards_left == 0 and self.phase is Phase.DEALING:
            self.phase = Phase.LAST_CALL
            self.pacer.stop()
            self._last_call_at = now + self.settings.last_call
            self.last_call_left = int(self.settings.last_call + 0.999)
        if self._dirty:
            self._dirty = False
            self._replan(now)
        self._copy_state()
        self._progress()

    def _end_round(self) -> None:
        if self.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            return
        self.pacer.stop()
        self._plans = {}
        self.selection = []
        self.review = round_review(self.round, self.round_number, self.lexicon, self._missed)
        if self.game.is_over:
            self.winners = self.game.winners()
            self.phase = Phase.GAME_OVER
        else:
            self.phase = Phase.ROUND_OVER

    def next_round(self) -> None:
        if self.phase is not Phase.ROUND_OVER:
            return
        self.game.next_round()
        self._begin_round()
        self.start()

    def play_again(self) -> None:
        """A new game with the same settings and a new deal."""
        if self.phase is not Phase.GAME_OVER:
            return
        seed = self.settings.seed
        self.new_game(self.settings.with_changes(seed=(seed + 1) if seed is not None else None))
        self.start()

    def _copy_state(self) -> None:
        with self.hold_trait_notifications():  # the page redraws once it all changed (one table message per card)
            self._copy_round_state()

    def _copy_round_state(self) -> None:
        table = self.round.table_cards
        self.table = list(table)
        self.newest = max((tc.id for tc in table), default=-1)
        on_table = {tc.id for tc in table}
        if any(i not in on_table for i in self.selection):
            self.selection = [i for i in self.selection if i in on_table]
        self.cards_left = self.round.cards_left
        self.deck_size = self.round.deck_size
        self.scores = dict(self.round.scores)
        self.totals = dict(self.game.totals)

    @property
    def table_ids(self) -> Sequence[int]:
        return [tc.id for tc in self.table]


def _shown(text: object) -> str:
    """A short, printable version of what someone typed (for messages)."""
    shown = text if isinstance(text, str) else ""
    shown = "".join(ch for ch in shown.strip() if ch.isprintable())
    return shown[:20] + ("…" if len(shown) > 20 else "")
