"""The Boggle page: "Who are you?" from the class list, or straight to guest practice.

What ``notebooks/boggle.ipynb`` shows, the same way as the MyWord! page
(:class:`~myword_edu.ui.whoami.StudentPage`, whose class list, join code and
"Not you?" this reuses):

- a practice link with settings (``?lang=es&seed=7&minutes=2``) starts a
  game straight away as a guest, and records nothing (``lang=`` alone only
  chooses the language of "Who are you?", as on the MyWord! page);
- otherwise, if the teacher has a class list, the student picks their name
  (and their picture password, and a seat nobody else is playing in: see
  :class:`~myword_edu.ui.seat_gate.SeatGate`) and plays solo "beat your
  best" with the Boggle settings the teacher chose for them (board size, dice, minutes, minimum length,
  as :func:`myword_edu.classroom.settings.resolve_boggle` decides; with their lesson, or the class's,
  each board is a lesson board: :mod:`myword_edu.boggle.lesson_board`), locked; every word they
  write down is recorded and their personal best is kept in the store;
- with no class list (or no usable database) the page is guest practice.
"""

from __future__ import annotations

import logging
import time
from html import escape
from typing import Any, Callable

import ipywidgets as w

from myword_edu.classroom.settings import BogglePlay, resolve_boggle
from myword_edu.classroom.roster import Student, UnknownStudentError
from myword_edu.core.errors import MyWordError
from myword_edu.i18n.game import message
from myword_edu.i18n.classroom import text
from myword_edu.lexicon.wordlist import Lexicon, load_lexicon
from myword_edu.myword.lesson_library import LessonLibrary, default_library
from myword_edu.ui.boggle.app import BoggleApp
from myword_edu.ui.boggle.settings import BoggleSettings
from myword_edu.ui.whoami import StudentPage, _bad, is_practice_link

__all__ = ["BogglePage", "is_boggle_practice_link"]

log = logging.getLogger(__name__)


#: Query keys that make a link a guest Boggle practice link (``lang`` alone does not).
BOGGLE_PRACTICE_KEYS = frozenset({"seed", "dice", "seconds", "minutes", "min", "min_length", "bots",
                                  "level", "bonus", "target", "name", "lesson", "listen"})  # fmt: skip


def is_boggle_practice_link(query: str | None) -> bool:
    """Does the page's query string carry Boggle practice settings (a guest link)?

    >>> is_boggle_practice_link("minutes=2"), is_boggle_practice_link("lang=es"), is_boggle_practice_link("utm=x")
    (True, False, False)
    """
    return is_practice_link(query, BOGGLE_PRACTICE_KEYS)


class BogglePage(StudentPage):
    """The Boggle student page (see the module docs). Arguments as for :class:`StudentPage`."""

    def __init__(
        self,
        query: str | None = "",
        *,
        store: Any = None,
        lexicons: Callable[[str], Lexicon] = load_lexicon,
        now: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.monotonic,
        epoch: Callable[[], float] = time.time,
        lessons: LessonLibrary | None = None,
    ) -> None:
        self.library = lessons if lessons is not None else default_library()
        self.app: BoggleApp | None = None  # type: ignore[assignment]
        self.effective: BogglePlay | None = None  # what the student on the list plays under
        self._epoch = epoch  # the wall clock a round's start is kept by (a resumed round's clock)
        self._open(query, store, lexicons, now, wall)

    def _is_guest_link(self, query: str | None) -> bool:
        return is_boggle_practice_link(query)

    def _play_guest_link(self, query: str | None) -> None:
        self._play(BoggleSettings.from_query(query), None)

    def _play_without_class(self) -> None:
        self._play(BoggleSettings(lang=self._page_lang()), None)

    def _build_picker(self) -> None:
        super()._build_picker()
        self.heading.value = f"<h1>{escape(message(self.lang, 'boggle.title'))}</h1><h2>{escape(text(self.lang, 'who.title'))}</h2>"

    def pick(self, student_id: int) -> None:
        """Play as this student (their Boggle settings come from the store)."""
        if self.store is None or not self._code_ok:
            return
        from myword_edu.classroom.boggle_store import class_rules, own_rules  # (the store's modules load with it)
        from myword_edu.classroom.presence import BOGGLE

        try:
            student = self.store.student(student_id)
            own = own_rules(self.store, student.id)
        except UnknownStudentError:
            self._show_names()
            self.message.value = _bad(text(self.lang, "who.gone"))
            return
        # the student's lesson (or the class's): its words are planted on the boards
        lesson = self.library.get(student.lesson or self.store.class_info().lesson or "")
        resolved = resolve_boggle(class_rules(self.store), own, student, lesson=lesson)

        def play() -> None:
            self.student = student
            self.effective = resolved
            self._play_or_carry_on_boggle(student, BoggleSettings(name=student.name).with_play(resolved))

        self._take_seat(student, BOGGLE, play)

    def _play_or_carry_on_boggle(self, student: Student, settings: BoggleSettings) -> None:
        """The student's unfinished round if the store keeps one for these settings, else a new game."""
        from myword_edu.ui.boggle.recorder import unfinished_boggle

        assert self.store is not None
        try:
            unfinished = unfinished_boggle(self.store, student, settings)
        except MyWordError:
            log.exception("the unfinished Boggle round of %s cannot be read", student.name)
            unfinished = None
        if unfinished is None:
            self._play(settings, student)
            return
        game_id, seed, started, sent = unfinished
        self._play(settings.with_changes(seed=seed), student, resumed=True)
        assert self.app is not None and self.recorder is not None
        self.recorder.resume(game_id, started, sent)
        self.app.carry_on(sent, self._epoch() - started)

    def play_as_guest(self, settings: Any = None) -> None:
        """Practice that records nothing (in the language of ``settings``, if given)."""
        lang = getattr(settings, "lang", "en")
        self.student = None
        self._play(BoggleSettings(lang=lang), None)

    def _play(self, settings: BoggleSettings, student: Student | None, *, resumed: bool = False) -> None:
        if self.app is not None:
            self.app.clock.stop()
        recorder = bests = None
        if student is not None and self.store is not None:
            from myword_edu.classroom.boggle_store import StoreBests
            from myword_edu.ui.boggle.recorder import BoggleRecorder

            recorder = self._recorder(BoggleRecorder(self.store, student, wall=self._epoch))
            bests = StoreBests(self.store, student.id)
        self.recorder = recorder
        self.app = BoggleApp(settings, lexicons=self._lexicons, now=self._now, bests=bests, recorder=recorder,
                             locked=student is not None, lessons=self.library.get)  # fmt: skip
        children: list[w.Widget] = [self.style]
        if student is not None:
            lang = self.app.session.lang
            welcome = f" · {escape(text(lang, 'who.resumed'))}" if resumed else ""
            if self.app.session.lesson is not None:
                welcome = f" · {escape(text(lang, 'who.lesson', title=self.app.session.lesson.title))}" + welcome
            self.banner = w.HTML(f"<strong>{escape(text(lang, 'who.playing_as', name=student.name))}</strong>{welcome}")
            self.not_me = w.Button(description=text(lang, "who.not_me"), _dom_classes=["myword-btn", "myword-not-me"])
            self.not_me.on_click(lambda _b: self.back_to_names())
            children.append(w.HBox([self.banner, self.not_me], _dom_classes=["myword-whoami-bar"]))
        children.append(self.app.root)
        self.root.children = children

    def __repr__(self) -> str:
        if self.app is not None:
            return repr(self.app)
        return "<Boggle who are you?>"
