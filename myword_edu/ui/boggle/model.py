"""A Boggle game in the browser: board, countdown, robots and results, as traits.

:class:`BoggleSession` is a plain :class:`traitlets.HasTraits` (no widget,
nothing synced to a browser). It turns intents ("start", "send QUIET", "send
the path 0-1-5") into engine calls (:class:`myword_edu.boggle.round.Round`) and
copies the results into traits that views observe. Time is passed in
(``now``): :meth:`tick` does what is due (robots write their words, the round
ends at the deadline) and says when to call it again; tests drive it without
waiting.

What the page must not know during a round (the board's words, the robots'
words) stays in Python until the round is over. On a lesson board played by ear
(``settings.listen``) :attr:`BoggleSession.heard` is the planted word said to the
student (:mod:`myword_edu.boggle.listening`): a view says it aloud and never shows it.

>>> from myword_edu.lexicon.wordlist import Lexicon
>>> lex = Lexicon.from_words(["cat", "act", "scat"], blocked=[])
>>> s = BoggleSession(BoggleSettings(seed=1, seconds=60), lexicons=lambda lang: lex, now=lambda: 0.0)
>>> s.phase, s.faces
(<BPhase.READY: 'ready'>, [])
>>> s.start(); s.phase, len(s.faces), s.seconds_left
(<BPhase.PLAYING: 'playing'>, 16, 60)
"""

from __future__ import annotations

import enum
import math
import random
import time
from typing import Any, Callable, Sequence

from traitlets import Bool, Dict, HasTraits, Instance, Int, List, Unicode, UseEnum

from myword_edu.boggle.bests import BestScores, MemoryBestScores, practice_key
from myword_edu.boggle.board import Board
from myword_edu.boggle.round import Play, Round, RoundResult
from myword_edu.boggle.tournament import Tournament
from myword_edu.boggle.bots import BoggleBot
from myword_edu.boggle.lesson_board import Unplanted, roll_lesson_board
from myword_edu.boggle.listening import word_to_say
from myword_edu.core.errors import BadWordError, IllegalMoveError
from myword_edu.i18n.game import message
from myword_edu.lexicon.wordlist import Lexicon, load_lexicon
from myword_edu.myword.lessons import Lesson
from myword_edu.myword.lesson_library import default_library
from myword_edu.ui.boggle.settings import BoggleSettings
from myword_edu.ui.myword.model import Feedback

__all__ = ["BPhase", "BoggleSession", "MAX_PATH"]

#: The longest path a page may send (more cubes than any board has is refused).
MAX_PATH = 36


class BPhase(str, enum.Enum):
    READY = "ready"  # the cubes are covered: press Start
    PLAYING = "playing"
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"  # a tournament has a winner


class BoggleSession(HasTraits):
    """One student's Boggle game: solo practice ("beat your best") or against robots.

    Args:
        settings: see :class:`BoggleSettings`.
        lexicons: ``lang -> Lexicon`` (default: the shipped ones).
        now: a monotonic clock in seconds.
        bests: where personal bests are kept (default: in this kernel's memory).
        lessons: ``lesson id -> Lesson`` (default: the installation's lessons); with
            ``settings.lesson``, each board is a lesson board (the focus words planted on it).
    """

    phase = UseEnum(BPhase, default_value=BPhase.READY)
    lang = Unicode("en")
    faces = List()  # the cubes as printed; empty while they are covered
    width = Int(4)
    height = Int(4)
    bonus = Int(-1)  # the bonus cube, -1 if none (shown only once the round starts)
    seconds_left = Int(0)
    found = List()  # the student's accepted Plays, in order
    feedback = Instance(Feedback, allow_none=True)
    counts = Dict()  # player -> words so far (the robots' words stay hidden)
    result = Instance(RoundResult, allow_none=True)
    totals = Dict()
    round_number = Int(1)
    best = Int(allow_none=True, default_value=None)  # the student's personal best (solo practice)
    new_best = Bool(False)
    focus = List()  # a lesson's focus words planted on this board (folded): shown only once the round is over
    focus_found = List()  # those the student has found so far
    #: listening: the planted word the app says to the student now (folded; "" none): a view says it
    #: aloud (never shows it); the engine scores it double (:meth:`Round.say`)
    heard = Unicode("")

    def __init__(
        self,
        settings: BoggleSettings | None = None,
        *,
        lexicons: Callable[[str], Lexicon] = load_lexicon,
        now: Callable[[], float] = time.monotonic,
        bests: BestScores | None = None,
        lessons: "Callable[[str], Lesson | None] | None" = None,
    ) -> None:
        super().__init__()
        self._lexicons = lexicons
        self._lessons = lessons if lessons is not None else default_library().get
        self._now = now
        self.bests: BestScores = bests if bests is not None else MemoryBestScores()
        self.on_change: Callable[[], None] = lambda: None  # the clock's wake-up
        #: Called with each word the student writes down (and the text they typed, or None for a
        #: traced path) right after the engine judged it and before any trait changes: a store
        #: commits it here, before the student sees the answer (:mod:`.boggle_recorder`).
        self.on_attempt: Callable[[Play, object], None] | None = None
        self._typed: object = None
        self.new_game(settings or BoggleSettings())

    # -- setting up -------------------------------------------------------------------
    def new_game(self, settings: BoggleSettings | None = None) -> None:
        """A new game (a new tournament if the settings have a target); the cubes stay covered."""
        if settings is not None:
            self.settings = settings
        if self.settings.seed is None:
            self.settings = self.settings.with_changes(seed=random.SystemRandom().randrange(2**31))
        self.lesson = self._lessons(self.settings.lesson) if self.settings.lesson else None
        if self.lesson is not None and self.lesson.lang != self.settings.lang:  # a lesson is played in its language
            self.settings = self.settings.with_changes(lang=self.lesson.lang)
        s = self.settings
        self.lang = s.lang
        self.lexicon = self._lexicons(s.lang)
        self.student = s.name or message(s.lang, "player.you")
        names = [message(s.lang, "player.bot", number=n) for n in range(1, s.bots + 1)]
        self.bot_names = [b if b != self.student else f"{b}*" for b in names]
        self.players = [self.student, *self.bot_names]
        self.tournament = Tournament(self.players, s.target)
        self.totals = self.tournament.totals
        self.best = self.bests.best(self.student, self.best_key) if self.is_solo else None
        self._begin_round()

    @property
    def is_solo(self) -> bool:
        return not self.bot_names

    @property
    def is_listening(self) -> bool:
        """A lesson board played by ear: the app says a planted word and it scores double."""
        return self.settings.listen and bool(self.focus)

    def _say_next(self) -> None:
        """Say the next planted word the student has not found (none once the round is over)."""
        word = word_to_say(self.focus, (p.word for p in self.found)) if self.is_listening and \
            self.phase is BPhase.PLAYING else None
        self.round.say(self.student, word)
        self.heard = word or ""

    @property
    def best_key(self) -> str:
        s = self.settings
        return practice_key(s.lang, s.dice_set, s.seconds, s.rules.word_min, s.bonus)

    def _begin_round(self) -> None:
        s = self.settings
        number = len(self.tournament.results) + 1
        seed = f"{s.seed}-{number}"
        #: the lesson's words that did not fit on this board, and why
        self.focus_left_out: dict[str, Unplanted] = {}
        if self.lesson is not None:
            least = s.min_length or (4 if s.dice_set == "big" else 3)
            planted = roll_lesson_board(s.dice_set, self.lesson.focus, seed=seed, bonus=s.bonus, min_length=least)
            self.board, self.focus, self.focus_left_out = planted.board, list(planted.planted), dict(planted.left_out)
        else:
            self.board, self.focus = Board.roll(s.dice_set, seed=seed, bonus=s.bonus), []
        self.focus_found = []
        self.heard = ""
        self.round = Round(self.board, self.lexicon, self.players, min_length=s.min_length)
        self.round.subscribe(self._on_play)
        self.min_length = self.round.min_length
        self._deadline: float | None = None
        self._plans: list[tuple[float, str, str]] = []  # (due, bot, word), soonest last
        self.round_number = number
        self.width, self.height = self.board.width, self.board.height
        self.faces = []
        self.bonus = -1
        self.found = []
        self.feedback = None
        self.counts = {p: 0 for p in self.players}
        self.result = None
        self.new_best = False
        self.seconds_left = s.seconds
        self.phase = BPhase.READY

    def start(self) -> None:
        """Uncover the cubes and start the countdown (and the robots). Does nothing once started."""
        if self.phase is not BPhase.READY:
            return
        now = self._now()
        self._deadline = now + self.settings.seconds
        plans = []
        for name in self.bot_names:
            bot = BoggleBot(name, self.settings.level, seed=f"{self.settings.seed}-{self.round_number}")
            plans += [(now + t, name, w) for t, w in bot.plan(self.round.words, self.lexicon, seconds=self.settings.seconds)]
        self._plans = sorted(plans, reverse=True)
        self.faces = [f for row in self.board.rows for f in row]
        self.bonus = -1 if self.board.bonus is None else self.board.bonus
        self.phase = BPhase.PLAYING
        self.seconds_left = self.settings.seconds
        self._say_next()
        self.on_change()

    def carry_on(self, sent: Sequence[Sequence[Any]], elapsed: float) -> None:
        """Carry on the first round after a closed tab: the cubes, the student's words again, the clock.

        ``sent``: what the student sent, in order: ``(typed text, None, at)`` or
        ``(None, path, at)``; ``elapsed``: seconds since the round started (the
        clock ran on while the tab was closed, so the round may be over).
        Nothing is handed to ``on_attempt``: those words are stored already.
        """
        if self.phase is not BPhase.READY or self.round_number != 1:
            raise IllegalMoveError("only a game that has not started yet can carry on a saved round")
        self.start()
        assert self._deadline is not None
        self._deadline -= max(0.0, float(elapsed))
        on_attempt, self.on_attempt = self.on_attempt, None
        try:
            for typed, path, at in sent:
                try:
                    self.round.play(self.student, typed, path=path, at=at)
                except BadWordError:
                    continue
        finally:
            self.on_attempt = on_attempt
        self.tick()
        self.on_change()

    # -- time -------------------------------------------------------------------------
    def tick(self) -> float | None:
        """Do what is due; return when to be called again (None: nothing scheduled)."""
        if self.phase is not BPhase.PLAYING or self._deadline is None:
            return None
        now = self._now()
        while self._plans and self._plans[-1][0] <= min(now, self._deadline):
            due, name, word = self._plans.pop()
            self.round.play(name, word, at=round(due - (self._deadline - self.settings.seconds), 3))
        if now >= self._deadline:
            self._end_round()
            return None
        left = self._deadline - now
        self.seconds_left = math.ceil(left)
        next_second = now + (left - math.floor(left) or 1.0)
        times = [self._deadline, next_second]
        if self._plans:
            times.append(self._plans[-1][0])
        return min(times)

    @property
    def elapsed(self) -> float:
        if self._deadline is None:
            return 0.0
        return round(self._now() - (self._deadline - self.settings.seconds), 3)

    # -- the student's words ----------------------------------------------------------
    def submit(self, text: object) -> Feedback:
        """The student sends a typed word. Text that is not a word changes nothing."""
        return self._send(text, None)

    def submit_path(self, cells: object) -> Feedback:
        """The student sends a path of cubes (cell indices, in order) traced on the page."""
        if (
            not isinstance(cells, (list, tuple)) or not cells or len(cells) > MAX_PATH
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in cells)
        ):  # fmt: skip
            return self._tell(Feedback("boggle.reason.bad_path"))
        return self._send(None, list(cells))

    def _send(self, text: object, path: list[int] | None) -> Feedback:
        if self.phase is BPhase.PLAYING and self._deadline is not None and self._now() >= self._deadline:
            self.tick()  # the time is up even if the clock has not said so yet
        if self.phase is BPhase.READY:
            return self._tell(Feedback("boggle.not_started"))
        if self.phase is not BPhase.PLAYING:
            return self._tell(Feedback("reason.round_over"))
        self._typed = text
        try:
            play = self.round.play(self.student, text, path=path, at=self.elapsed)
        except BadWordError as error:
            return self._tell(Feedback(f"reason.{error.reason}", {"word": shown_text(text)}))
        return self._tell(self._feedback_for(play))

    def _feedback_for(self, play: Play) -> Feedback:
        return play_feedback(play, self.lexicon)

    def _tell(self, feedback: Feedback) -> Feedback:
        self.feedback = feedback
        return feedback

    def _on_play(self, play: Play) -> None:
        if play.player == self.student and self.on_attempt is not None:
            self.on_attempt(play, self._typed)
        if not play.accepted:
            return
        self.counts = {**self.counts, play.player: self.counts.get(play.player, 0) + 1}
        if play.player == self.student:
            self.found = [*self.found, play]
            if play.word in self.focus and play.word not in self.focus_found:
                self.focus_found = [*self.focus_found, play.word]
                self._say_next()

    # -- the end ----------------------------------------------------------------------
    def _end_round(self) -> None:
        if self.phase is not BPhase.PLAYING:
            return
        self._plans = []
        self.seconds_left = 0
        self.feedback = None
        self.heard = ""
        result = self.round.finish()
        self.tournament.add(result)
        self.totals = self.tournament.totals
        if self.is_solo:
            points = result.scores[self.student]
            self.new_best = self.bests.record(self.student, self.best_key, points)
            self.best = self.bests.best(self.student, self.best_key)
        self.result = result
        over = self.tournament.is_over and self.settings.target is not None
        self.phase = BPhase.GAME_OVER if over else BPhase.ROUND_OVER
        self.on_change()

    def next_round(self) -> None:
        """The next round of a tournament (covered cubes again); ignored at any other time."""
        if self.phase is not BPhase.ROUND_OVER or self.settings.target is None:
            return
        self._begin_round()
        self.on_change()

    def play_again(self) -> None:
        """A new game with the same settings and new boards (after a single round or a tournament)."""
        if self.phase is BPhase.GAME_OVER or (self.phase is BPhase.ROUND_OVER and self.settings.target is None):
            seed = self.settings.seed
            self.new_game(self.settings.with_changes(seed=(seed + 1) if seed is not None else None))
            self.on_change()

    @property
    def winners(self) -> tuple[str, ...]:
        return self.tournament.winners if self.tournament.results else ()

    def path_of(self, word: str) -> list[int]:
        """Cells of a word's path on this board (the review shows it); [] if none."""
        path = self.board.path(word, through=self.board.bonus)
        return [self.board.index(p) for p in path] if path else []

    def missed(self) -> Sequence[str]:
        """Words nobody found, the lesson's focus words first, then most common first (once the round is over)."""
        if self.result is None:
            return ()
        focus = [w for w in self.focus if w in self.result.missed]
        return (*focus, *(w for w in self.result.missed if w not in focus))


def play_feedback(play: Play, lexicon: Lexicon) -> Feedback:
    """What to tell a student about a word they wrote down (solo or in a live room)."""
    word = lexicon.spelling(play.word).upper() if play.word in lexicon else play.word.upper()
    if play.accepted:
        key = "boggle.accepted_heard" if play.heard else "boggle.accepted_bonus" if play.bonus else "boggle.accepted"
        return Feedback(key, {"word": word, "points": play.points}, True)
    assert play.reason is not None
    value = play.reason.value
    key = f"reason.{value}" if value in ("not_a_word", "blocked_word", "round_over") else f"boggle.reason.{value}"
    return Feedback(key, {"word": word, "needed": play.needed})


def shown_text(text: object) -> str:
    shown = text if isinstance(text, str) else ""
    shown = "".join(ch for ch in shown.strip() if ch.isprintable())
    return shown[:20] + ("…" if len(shown) > 20 else "")
