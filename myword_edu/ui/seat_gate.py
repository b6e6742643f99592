"""Between "Who are you?" and the game: the picture password (if the class uses one) and the seat.

A student page (the MyWord! and Boggle "Who are you?" pages, a live room)
hands the student picked to :meth:`SeatGate.ask`. The gate

1. asks for the student's 3 pictures when the teacher turned sign-in on
   (:mod:`myword_edu.classroom.sign_in`): the pad shows the same 9 pictures to
   everyone, the taps go to Python, wrong tries make this page wait;
2. takes the student's seat in this place (:class:`myword_edu.classroom.presence.Presence`).
   When another page is playing as them, it says so ("Ana is already playing
   on another device; ask your teacher") and keeps asking on every heartbeat,
   so the game starts here by itself once the teacher lets it in, or once the
   other page has been closed for a few seconds;
3. keeps the seat with the page's own heartbeat (:class:`PagePulse`: a few
   lines of JavaScript that send "alive" every few seconds while the tab is
   open), and tells the page when the seat was given to another page.

Nothing here trusts the page: a click on a name, a picture or a hidden button
only names an intent; who may play is decided here, in Python.

Test hooks: ``.myword-seat-gate``, ``.myword-seat-message``, the picture
buttons ``button.myword-picture`` (``data-picture`` is not used: the order is
the grid's), ``.myword-pictures-dots``, ``button.myword-pictures-again``,
``button.myword-seat-back``.
"""

from __future__ import annotations

import logging
import time
from html import escape
from typing import Any, Callable

import anywidget
import ipywidgets as w
from traitlets import Int

from myword_edu.i18n.catalog import languages
from myword_edu.i18n.rooms import room_words
from myword_edu.classroom.roster import Student
from myword_edu.core.errors import MyWordError
from myword_edu.classroom.presence import BEAT_SECONDS, Presence, SeatLostError, SeatTakenError
from myword_edu.classroom.sign_in import LENGTH, PICTURES, SignIn, Throttle, check_pictures, has_pictures, sign_in_mode

__all__ = ["SeatGate", "PagePulse", "seat_text", "GATE_CSS"]

log = logging.getLogger(__name__)


GATE_CSS = """
.myword-seat-gate { gap: 10px; }
.myword-seat-gate p { font-size: 20px; margin: 2px 0; }
.myword-seat-gate .myword-seat-bad { color: #a3261b; font-weight: 700; }
.myword-pictures button.myword-picture { width: 150px; height: 84px; font-size: 22px; border-radius: 14px;
  background: #fffdf5; border: 3px solid #d9cfa7; }
.myword-pictures button.myword-picture:hover { border-color: #1f6f4a; }
.myword-pictures-dots { font-size: 30px; letter-spacing: 8px; color: #1f6f4a; }
.myword-seat-gate button.myword-seat-back, .myword-seat-gate button.myword-pictures-again { font-size: 17px;
  height: 42px; width: auto; }
"""

_PULSE_ESM = r"""
function render({ model, el }) {
  const beat = () => model.send({ event: "alive" });
  beat();
  const timer = setInterval(beat, Math.max(1000, model.get("every_ms") || 3000));
  return () => clearInterval(timer);
}
export default { render };
"""


def seat_text(lang: str, key: str, **values: Any) -> str:
    """A message of the gate in English or Spanish.

    >>> seat_text("es", "taken", name="Ana")
    'Ana ya está jugando en otro dispositivo; pregúntale a tu maestro.'
    """
    return room_words(lang, f"gate.{key}", **values)


class PagePulse(anywidget.AnyWidget):
    """The page's heartbeat: sends ``{"event": "alive"}`` every ``every_ms`` while the tab is open."""

    _esm = _PULSE_ESM
    every_ms = Int(int(BEAT_SECONDS * 1000)).tag(sync=True)


class SeatGate:
    """Sign-in and seat keeping for one student page (see the module docs).

    Args:
        store: the class store.
        wall: a monotonic clock (the pictures' wait; how often the page's beats are written).
    """

    def __init__(self, store: Any, *, wall: Callable[[], float] = time.monotonic) -> None:
        self.store, self._wall = store, wall
        self.lang = "en"
        self.pulse = PagePulse()
        self.pulse.on_msg(self._on_pulse)
        self.throttle = Throttle(now=wall)  # per page: one page's guesses never make another wait
        self.presence: Presence | None = None  # the seat this page holds
        self.root = w.VBox([], _dom_classes=["myword-seat-gate"])
        #: Called with the student's name when another page was given the seat.
        self.on_lost: Callable[[str], None] = lambda _name: None
        #: Called on every heartbeat of the page while it holds a seat (a live room marks "connected").
        self.on_beat: Callable[[], None] = lambda: None
        self._asking: tuple[Student, str, Callable[[], None], Callable[[], None]] | None = None
        self._candidate: Presence | None = None  # our request for a seat in use (same token while we ask)
        self._entered: list[int] = []
        self._last_write = float("-inf")

    def t(self, key: str, **values: Any) -> str:
        return seat_text(self.lang, key, **values)

    @property
    def is_waiting(self) -> bool:
        """Is this page asking for a seat another page holds?"""
        return self._candidate is not None

    # -- asking --------------------------------------------------------------------------
    def ask(self, student: Student, place: str, lang: str, *, then: Callable[[], None],
            back: Callable[[], None]) -> bool:  # fmt: skip
        """Sign ``student`` in (if the class wants it) and take their seat in ``place``; ``then()`` once
        seated (now or later), ``back()`` for the names again. True when seated now."""
        self.cancel()
        self.lang = lang if lang in languages() else "en"
        self._asking = (student, place, then, back)
        if sign_in_mode(self.store) is SignIn.PICTURES:
            if not has_pictures(self.store, student.id):
                self._show([self._say(self.t("no_pictures"), bad=True), self._back_button()])
                return False
            self._entered = []
            self._show_pad("")
            return False
        return self._take()

    def cancel(self) -> None:
        """Forget the request being made (the page shows the names again)."""
        if self._candidate is not None:
            try:
                self._candidate.leave()  # no longer asking the teacher
            except MyWordError:
                log.exception("the seat request could not be withdrawn")
        self._asking, self._candidate, self._entered = None, None, []
        self.root.children = []

    def leave(self) -> None:
        """Give up the seat held ("Not you?")."""
        presence, self.presence = self.presence, None
        if presence is not None:
            try:
                presence.leave()
            except MyWordError:
                log.exception("the seat could not be given up")
        self.cancel()

    def _take(self) -> bool:
        assert self._asking is not None
        student, place, then, _back = self._asking
        presence = self._candidate or Presence(self.store, student.id, student.name, place)
        try:
            presence.take()
        except SeatTakenError:
            self._candidate = presence
            self._show([self._say(self.t("taken", name=student.name), bad=True), self._say(self.t("taken_help")),
                        self._back_button()])  # fmt: skip
            return False
        self.presence, self._candidate, self._asking = presence, None, None
        self._last_write = self._wall()
        self.root.children = []
        then()
        return True

    # -- the picture pad -------------------------------------------------------------------
    def _show_pad(self, problem: str) -> None:
        assert self._asking is not None
        student = self._asking[0]
        column = 2 if self.lang == "es" else 1
        buttons = []
        for index, (symbol, *words) in enumerate(PICTURES):
            button = w.Button(description=f"{symbol} {words[column - 1]}", _dom_classes=["myword-picture"],
                              layout=w.Layout(width="150px", height="84px"))  # fmt: skip
            button.on_click(lambda _b, i=index: self.tap(i))  # the picture's number lives in Python
            buttons.append(button)
        self.pad_buttons = buttons
        self.dots = w.HTML(_dom_classes=["myword-pictures-dots"])
        self._draw_dots()
        again = w.Button(description=self.t("start_over"), _dom_classes=["myword-pictures-again"])
        again.on_click(lambda _b: self._restart())
        self.pad_message = self._say(problem, bad=True)
        self._show([self._say(self.t("pictures", name=student.name, count=LENGTH)), self.pad_message,
                    w.GridBox(buttons, _dom_classes=["myword-pictures"],
                              layout=w.Layout(grid_template_columns="repeat(3, 150px)", grid_gap="10px")), self.dots,
                    w.HBox([again, self._back_button()])])  # fmt: skip

    def _draw_dots(self) -> None:
        self.dots.value = "●" * len(self._entered) + "○" * (LENGTH - len(self._entered))

    def _restart(self) -> None:
        self._entered = []
        if self._asking is not None and self._candidate is None and self.presence is None:
            self._draw_dots()

    def tap(self, picture: object) -> bool | None:
        """One picture tapped; on the last one the pictures are checked. True when signed in."""
        if self._asking is None or self._candidate is not None or self.presence is not None:
            return None  # not asking for pictures now (a forged tap)
        if isinstance(picture, bool) or not isinstance(picture, int) or not 0 <= picture < len(PICTURES):
            return None
        self._entered.append(picture)
        self._draw_dots()
        if len(self._entered) < LENGTH:
            return None
        entered, self._entered = self._entered, []
        wait = self.throttle.wait_left()
        if wait > 0:
            self._show_pad(self.t("wait", seconds=int(wait + 0.999)))
            return False
        student = self._asking[0]
        if not check_pictures(self.store, student.id, entered):
            wait = self.throttle.wrong()
            self._show_pad(self.t("wait", seconds=int(wait + 0.999)) if wait else self.t("wrong"))
            return False
        self.throttle.right()
        return self._take()

    # -- keeping the seat ---------------------------------------------------------------------
    def _on_pulse(self, _widget: object, content: object, _buffers: object) -> None:
        if not isinstance(content, dict) or content.get("event") != "alive":
            return
        now = self._wall()
        if now - self._last_write < BEAT_SECONDS / 2:  # however often a page sends, a beat is written at most this often
            return
        self._last_write = now
        try:
            if self.presence is not None:
                self.presence.beat()
                self.on_beat()
            elif self._candidate is not None and self._asking is not None:
                self._take()  # let in by the teacher, or the other page went quiet
        except SeatLostError:
            self._lost()
        except MyWordError:
            log.exception("the seat could not be kept")

    def check(self, conn: Any = None) -> None:
        """Raise :class:`~myword_edu.classroom.presence.SeatLostError` (and tell the page) unless this page holds its seat."""
        if self.presence is None:
            raise SeatLostError("?", "")
        try:
            self.presence.check(conn)
        except SeatLostError:
            self._lost()
            raise

    def holds_seat(self) -> bool:
        """Does this page still hold its seat? (Tells the page if not.)"""
        try:
            self.check()
        except SeatLostError:
            return False
        return True

    def guarded(self, record: Callable[..., None]) -> Callable[..., None]:
        """``record`` (a recorder's), run only while this page holds its seat: a page that lost it stores nothing."""

        def guarded_record(*args: Any) -> None:
            if self.holds_seat():
                record(*args)

        return guarded_record

    def _lost(self) -> None:
        presence, self.presence = self.presence, None
        if presence is not None:
            self.on_lost(presence.name)

    # -- drawing ----------------------------------------------------------------------------------
    def _say(self, message: str, *, bad: bool = False) -> w.HTML:
        css = "myword-seat-bad" if bad else ""
        return w.HTML(f"<p class='{css}'>{escape(message)}</p>" if message else "", _dom_classes=["myword-seat-message"])

    def _back_button(self) -> w.Button:
        button = w.Button(description=self.t("back"), _dom_classes=["myword-seat-back"])
        button.on_click(lambda _b: self._back())
        return button

    def _back(self) -> None:
        back = self._asking[3] if self._asking is not None else None
        self.cancel()
        if back is not None:
            back()

    def _show(self, children: list[w.Widget]) -> None:
        self.root.children = [w.HTML(f"<style>{GATE_CSS}</style>"), *children]

    def lost_view(self, name: str, again: Callable[[], None]) -> w.VBox:
        """What a page shows when its seat was given to another page."""
        button = w.Button(description=self.t("again"), _dom_classes=["myword-seat-again"])
        button.on_click(lambda _b: again())
        return w.VBox([w.HTML(f"<style>{GATE_CSS}</style>"), self._say(self.t("lost", name=name), bad=True), button],
                      _dom_classes=["myword-seat-gate", "myword-seat-lost"])  # fmt: skip
