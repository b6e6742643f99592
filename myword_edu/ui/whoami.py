"""The student's page: "Who are you?" from the class list, or straight to guest practice.

What ``notebooks/myword.ipynb`` shows:

- a practice link with settings (``?lang=es&seed=7&bots=2&pace=1.5``) starts a
  round straight away as a guest, and records nothing;
- otherwise, if the teacher has a class list, the student picks their name
  (after typing the class's join code, if the teacher set one) and plays with
  the settings the teacher chose for them (minimum cards, language, rules,
  robot level, lesson), locked; every call they make is recorded;
- with no class list (or no usable database) the page is guest practice.

``lang=`` alone is not a setting of the game: ``?lang=es`` shows the class list
in Spanish (or, with no class list, Spanish guest practice). Without it, "Who
are you?" is in the class's language (the class defaults' language, chosen in
the teacher panel's Class tab). Once a student picks their name, the page
speaks their own language: their picture password, their seat, their game.

A name button only chooses who is playing: the settings come from the store,
in Python, never from the page. The join code is checked in Python, with a
growing wait after each wrong code on this page and a bound on the whole
class's tries (:mod:`myword_edu.classroom.code_guard`). Between the name and the game
stands the :class:`~myword_edu.ui.seat_gate.SeatGate`: the student's picture
password if the teacher turned sign-in on, and their seat: a student already
playing on another device is not taken over silently (the teacher can let this
page in), and a page whose seat the teacher gave to another device stops
storing calls.
"""

from __future__ import annotations

import logging
import time
from html import escape
from typing import TYPE_CHECKING, Any, Callable
from urllib.parse import parse_qs

import ipywidgets as w

from myword_edu.classroom.roster import Student, UnknownStudentError
from myword_edu.core.codes import codes_match
from myword_edu.classroom.code_guard import CodeGuard, CodeWaitError, wait_message
from myword_edu.classroom.progress import review_order
from myword_edu.classroom.settings import resolve_myword
from myword_edu.core.errors import CorruptSaveError, MyWordError
from myword_edu.i18n.classroom import text
from myword_edu.myword.lesson_library import LessonLibrary, default_library
from myword_edu.myword.lessons import Lesson
from myword_edu.lexicon.wordlist import Lexicon, load_lexicon
from myword_edu.ui.widgets.display import ShowsRoot
from myword_edu.ui.myword.app import StudentApp
from myword_edu.ui.myword.settings import Settings, link_choices, link_lang
from myword_edu.ui.widgets.style import style_tag

if TYPE_CHECKING:  # the class store's modules (SQLAlchemy: 10 MiB) load when a page uses the store
    from myword_edu.ui.myword.recorder import AttemptRecorder
    from myword_edu.ui.seat_gate import PagePulse, SeatGate

__all__ = ["StudentPage", "is_practice_link", "PRACTICE_KEYS"]

log = logging.getLogger(__name__)

#: Query keys that make a link a guest practice link (``lang`` alone does not: it only chooses the
#: language of "Who are you?").
PRACTICE_KEYS = frozenset({"seed", "bots", "pace", "level", "mode", "min", "min_cards", "lesson", "variant",
                           "rounds", "lastcall", "last_call", "name", "students", "listen", "slow",
                           "listen_slow"})  # fmt: skip

PAGE_CSS = """
.myword-who { max-width: 1100px; margin: 0 auto; padding: 8px; gap: 10px;
  font-family: system-ui, "DejaVu Sans", Arial, sans-serif; }
.myword-who h1 { margin: 0; font-size: 30px; color: #1f6f4a; }
.myword-who h2 { margin: 4px 0; font-size: 26px; }
.myword-who p { font-size: 18px; margin: 2px 0; }
.myword-names { flex-wrap: wrap; gap: 10px; }
.myword-names button.jupyter-button { font-size: 22px; height: 56px; min-width: 150px; padding: 0 18px;
  border-radius: 12px; background: #fffdf5; border: 3px solid #d9cfa7; width: auto; }
.myword-names button.jupyter-button:hover { border-color: #1f6f4a; }
.myword-who .myword-guest button, .myword-who button.myword-guest { font-size: 17px; height: 42px; width: auto; }
.myword-who .myword-code input { font-size: 26px !important; height: 50px !important; letter-spacing: 0.2em;
  text-transform: uppercase; width: 200px; }
.myword-who button.jupyter-button { font-size: 18px; height: 46px; border-radius: 8px; width: auto; }
.myword-whoami-bar { align-items: center; gap: 12px; max-width: 1300px; width: 100%; box-sizing: border-box;
  margin: 0 auto; padding: 0 16px;
  font-family: system-ui, "DejaVu Sans", Arial, sans-serif; }
.myword-whoami-bar .widget-html-content { font-size: 17px; }
.myword-whoami-bar button.jupyter-button { height: 34px; font-size: 15px; width: auto; }
.myword-hidden { display: none !important; }
"""


def is_practice_link(query: str | None, keys: frozenset[str] = PRACTICE_KEYS) -> bool:
    """Does the page's query string carry practice settings (a guest link)? ``keys``: the
    settings that make one (the Boggle page has its own).

    >>> is_practice_link("lang=es&seed=3"), is_practice_link("lang=es"), is_practice_link(""), is_practice_link("utm=x")
    (True, False, False, False)
    """
    try:
        given = parse_qs(query or "", keep_blank_values=True).keys()
    except (TypeError, ValueError):
        return False
    return any(k in keys for k in given)


class StudentPage(ShowsRoot):
    """The student's page (see the module docs).

    Args:
        query: the page's query string.
        store: the class store (default: opened from ``--db`` / ``MYWORD_EDU_DB``); a
            callable is called to open it.
        lexicons, now: as for :class:`~myword_edu.ui.myword.app.StudentApp`.
        lessons: the lesson library (default: shipped lessons and the teacher's own).
        wall: a clock for the join code's wait (tests pass their own).
    """

    def __init__(
        self,
        query: str | None = "",
        *,
        store: Any = None,
        lexicons: Callable[[str], Lexicon] = load_lexicon,
        now: Callable[[], float] = time.monotonic,
        lessons: LessonLibrary | None = None,
        wall: Callable[[], float] = time.monotonic,
    ) -> None:
        self.library = lessons if lessons is not None else default_library()
        self.app: StudentApp | None = None
        self._open(query, store, lexicons, now, wall)

    def _open(self, query: str | None, store: Any, lexicons: Callable[[str], Lexicon], now: Callable[[], float],
              wall: Callable[[], float]) -> None:  # fmt: skip
        """A guest link plays at once; else the class list ("Who are you?"), or guest practice when
        there is no class (shared with the Boggle page, which plays its own game)."""
        self._lexicons = lexicons
        self._now = now
        self._wall = wall
        self.student: Student | None = None
        self.store = None
        self._guard: CodeGuard | None = None  # the join code's throttle (myword_edu.classroom.code_guard)
        self._code_ok = False
        self.root = w.VBox([], _dom_classes=["myword-page"])
        self.gate: SeatGate | None = None
        self.pulse: PagePulse | None = None
        self.style = w.HTML(f"<style>{PAGE_CSS}</style>")
        self._link_lang = link_lang(query)  # "?lang=es": the language of "Who are you?"
        if self._is_guest_link(query):
            self._play_guest_link(query)
            return
        try:
            self.store = store() if callable(store) else store
            if self.store is None:
                from myword_edu.classroom.store import Store

                self.store = Store.open()
            students = self.store.students()
        except MyWordError:
            log.exception("the class database cannot be used: guest practice only")
            self.store = None
            students = []
        if not students:
            self._play_without_class()
            return
        self._build_picker()

    def _is_guest_link(self, query: str | None) -> bool:
        return is_practice_link(query)

    def _play_guest_link(self, query: str | None) -> None:
        play = resolve_myword(link=link_choices(query), lessons=self.library.get)
        self.play_as_guest(Settings.from_query(query).with_play(play))

    def _play_without_class(self) -> None:
        self.play_as_guest(Settings(lang=self._page_lang()))

    def _page_lang(self) -> str:
        """The page's language before a name is picked: the link's ``lang=``, else the class's."""
        if self._link_lang is not None:
            return self._link_lang
        if self.store is not None:
            try:
                return self.store.class_info().defaults.lang
            except MyWordError:
                log.exception("the class's language cannot be read")
        return "en"

    # -- the picker ----------------------------------------------------------------
    def _build_picker(self) -> None:
        assert self.store is not None
        if self.gate is None:  # one per page: its wait after wrong pictures outlives "Not you?"
            from myword_edu.ui.seat_gate import SeatGate

            self.gate = SeatGate(self.store, wall=self._wall)
            self.gate.on_lost = self._seat_lost
            self.pulse = self.gate.pulse
            self.style = w.Box([w.HTML(f"<style>{PAGE_CSS}</style>"), self.pulse], _dom_classes=["myword-page-head"])
        info = self.store.class_info()
        self.lang = self._link_lang or info.defaults.lang
        t = lambda key, **v: text(self.lang, key, **v)  # noqa: E731
        self.heading = w.HTML(f"<h1>MyWord!</h1><h2>{escape(t('who.title'))}</h2>")
        self.message = w.HTML("", _dom_classes=["myword-who-message"])
        self.code_box = w.Text(placeholder="", _dom_classes=["myword-code"], layout=w.Layout(width="auto"))
        self.code_button = w.Button(description=t("who.code_ok"), _dom_classes=["myword-btn", "myword-primary"])
        self.code_row = w.HBox([self.code_box, self.code_button], _dom_classes=["myword-row"])
        self.names = w.HBox([], _dom_classes=["myword-names"])
        self.guest_button = w.Button(description=t("who.guest"), _dom_classes=["myword-btn", "myword-guest"])
        self.code_button.on_click(lambda _b: self.enter_code(self.code_box.value))
        self.code_box.on_msg(self._on_code_message)
        self.guest_button.on_click(lambda _b: self.play_as_guest(Settings(lang=self.lang)))
        self.gate.cancel()
        self.picker = w.VBox([self.heading, self.message, self.code_row, self.names, self.gate.root, self.guest_button],
                             _dom_classes=["myword-who"])  # fmt: skip
        self._code_ok = not info.join_code
        self._show_names() if self._code_ok else self._ask_code()
        self.root.children = [self.style, self.picker]

    def _on_code_message(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":  # Enter in the box
            self.enter_code(self.code_box.value)

    def _ask_code(self) -> None:
        self.message.value = f"<p>{escape(text(self.lang, 'who.code_prompt'))}</p>"
        self.code_box.description = text(self.lang, "who.code_label")
        self.code_row.remove_class("myword-hidden")
        self.names.children = []

    def _show_names(self) -> None:
        assert self.store is not None and self.gate is not None
        self.gate.cancel()
        self.names.remove_class("myword-hidden")
        self.code_row.add_class("myword-hidden")
        buttons = []
        for student in self.store.students():
            button = w.Button(description=student.name, tooltip=student.name, _dom_classes=["myword-btn", "myword-name"])
            button.on_click(lambda _b, sid=student.id: self.pick(sid))
            buttons.append(button)
        self.names.children = buttons
        self.message.value = f"<p>{escape(text(self.lang, 'who.pick'))}</p>"

    def enter_code(self, typed: object) -> bool:
        """Check the class's join code (in Python); True when it opens the class list."""
        if self._code_ok or self.store is None:
            return self._code_ok
        if self._guard is None:
            self._guard = CodeGuard(self.store, clock=self._wall)
        code = self.store.class_info().join_code
        try:  # counted before it is compared; one throttle with the live room's code
            right = self._guard.check(lambda: code is None or codes_match(code, typed))
        except CodeWaitError as error:
            self.message.value = _bad(wait_message(self.lang, error))
            return False
        if right:
            self._code_ok = True
            self.code_box.value = ""
            self._show_names()
            return True
        wait = CodeWaitError("page", self._guard.seconds_left())
        self.message.value = _bad(text(self.lang, "who.code_wrong") + " " + wait_message(self.lang, wait))
        return False

    def pick(self, student_id: int) -> None:
        """Play as this student (their settings come from the store)."""
        if self.store is None or not self._code_ok:
            return
        try:
            student = self.store.student(student_id)
        except UnknownStudentError:
            self._show_names()
            self.message.value = _bad(text(self.lang, "who.gone"))
            return
        info = self.store.class_info()  # the student plays as resolved; the teacher's panel shows what clashed
        play = resolve_myword(info.defaults, student, class_lesson=info.lesson, lessons=self.library.get)
        settings = Settings().with_changes(name=student.name).with_play(play)
        lesson = play.lesson

        def play() -> None:
            self.student = student
            self._play_or_carry_on(student, settings, lesson)

        from myword_edu.classroom.presence import MYWORD

        self._take_seat(student, MYWORD, play)

    def _take_seat(self, student: Student, place: str, play: Callable[[], None]) -> None:
        """The picture password (if the class uses one) and the student's seat, then ``play()``."""
        assert self.gate is not None
        self.names.add_class("myword-hidden")
        self.message.value = ""
        self.gate.ask(student, place, student.settings.lang, then=play, back=self._show_names)  # in their language

    def _play_or_carry_on(self, student: Student, settings: Settings, lesson: Lesson | None) -> None:
        """The student's unfinished game if the store keeps one for these settings, else a new one."""
        from myword_edu.ui.myword.recorder import AttemptRecorder, unfinished_game

        assert self.store is not None
        recorder = self._recorder(AttemptRecorder(self.store, student))
        try:
            unfinished = unfinished_game(self.store, student, settings)
        except MyWordError:
            log.exception("the unfinished game of %s cannot be read", student.name)
            unfinished = None
        if unfinished is None:
            self._start(settings, recorder, lesson)
            return
        game_id, seed, saved = unfinished
        review = saved.get("review", [])  # the words its decks dealt first: deal them alike again
        first = tuple(review) if isinstance(review, list) and all(isinstance(w, str) for w in review) else ()
        self._start(settings.with_changes(seed=seed), recorder, lesson, resumed=True, review=first)
        assert self.app is not None
        try:
            self.app.carry_on(saved)
        except CorruptSaveError:  # another word list since, or a damaged row: a new game
            log.exception("the unfinished game %s of %s does not replay", game_id, student.name)
            self._start(settings, self._recorder(AttemptRecorder(self.store, student)), lesson)
            return
        recorder.resume(game_id)

    def _recorder(self, recorder: Any) -> Any:
        """A recorder that stores nothing once this page has lost its seat (no call, no saved game)."""
        assert self.gate is not None
        recorder.record = self.gate.guarded(recorder.record)
        recorder.keep = self.gate.guarded(recorder.keep)
        return recorder

    def _seat_lost(self, name: str) -> None:
        """The teacher let another device play as this student: stop, and say why."""
        if self.app is not None:
            self.app.clock.stop()
        self.app = None
        self.student = None
        assert self.gate is not None
        self.root.children = [self.style, self.gate.lost_view(name, self._build_picker)]

    def play_as_guest(self, settings: Settings) -> None:
        """Practice that records nothing."""
        self.student = None
        self._start(settings, None, None)

    def _start(self, settings: Settings, recorder: AttemptRecorder | None, lesson: Lesson | None, *,
               resumed: bool = False, review: tuple[str, ...] | None = None) -> None:  # fmt: skip
        if self.app is not None:
            self.app.clock.stop()
        lessons = self.library.get if recorder is None or self.student is None else self._reviewed(self.student, review)
        self.app = StudentApp(settings, lexicons=self._lexicons, now=self._now, recorder=recorder,
                              locked=recorder is not None, lessons=lessons)  # fmt: skip
        children: list[w.Widget] = [self.style]
        if self.student is not None:
            lang = self.app.session.lang
            parts = [text(lang, "who.playing_as", name=self.student.name)]
            if lesson is not None:
                parts.append(text(lang, "who.lesson", title=lesson.title))
            if resumed:
                parts.append(text(lang, "who.resumed"))
            self.banner = w.HTML(f"<strong>{escape(parts[0])}</strong>" + "".join(f" · {escape(p)}" for p in parts[1:]))
            self.not_me = w.Button(description=text(lang, "who.not_me"), _dom_classes=["myword-btn", "myword-not-me"])
            self.not_me.on_click(lambda _b: self.back_to_names())
            children.append(w.HBox([self.banner, self.not_me], _dom_classes=["myword-whoami-bar"]))
        children.append(self.app.root)
        self.root.children = children

    def _reviewed(self, student: Student, review: tuple[str, ...] | None) -> Callable[[str], Lesson | None]:
        """The lessons as this student's games deal them: the words they should review first.

        Each new game asks the store again (what the student missed until now,
        :func:`~myword_edu.classroom.progress.review_order`); ``review``, for the
        first game only, is a resumed game's own order.
        """
        pending = [review] if review is not None else []

        def get(lesson_id: str) -> Lesson | None:
            lesson = self.library.get(lesson_id)
            if lesson is None:
                return None
            words = pending.pop() if pending else self._review_order(student, lesson)
            return lesson.reviewing(words)

        return get

    def _review_order(self, student: Student, lesson: Lesson) -> list[str]:
        if self.store is None:
            return []
        try:
            attempts = self.store.attempts(student_id=student.id)
        except MyWordError:  # the game still starts, dealt as usual
            log.exception("the attempts of %s cannot be read for their review", student.name)
            return []
        return review_order(attempts, student.id, lesson.id, lesson.focus)

    def back_to_names(self) -> None:
        """Leave the game and show the class list again (a shared computer)."""
        if self.store is None or self.app is None or self.student is None:
            return
        self.app.clock.stop()
        self.app = None
        self.student = None
        if self.gate is not None:
            self.gate.leave()  # the seat is free at once for the right student
        self._build_picker()

    # -- display ----------------------------------------------------------------------
    def __repr__(self) -> str:
        if self.app is not None:
            return repr(self.app)
        return "<MyWord! who are you?>"


def _bad(message: str) -> str:
    return f'<p class="myword-msg bad">{escape(message)}</p>'
