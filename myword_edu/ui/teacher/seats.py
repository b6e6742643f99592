"""The teacher panel's seat controls: "let in" a second device, and the class's picture passwords.

- :class:`SeatRequests` sits above the panel's tabs, so the teacher sees it
  whatever tab is open: every page asking right now to play as a student who
  is already playing (in a live room, MyWord! or Boggle practice), each with
  a "Let in" button (:func:`myword_edu.classroom.presence.let_in`). It asks the store
  every second while the panel is open.
- :class:`SignInBox` (in the Class tab): sign-in off (the default) or picture
  passwords; new pictures for the class or one student; the cards to print
  (:func:`myword_edu.classroom.sign_in.picture_sheet_html`). The pictures exist in
  plain form only in this kernel, between "make" and the download: the store
  keeps their hashes.

Every handler re-checks what the page sent (a student id, a place, a mode).

Test hooks: ``.myword-seat-requests``, ``button.myword-let-in``; ``.myword-sign-in``,
``.myword-sign-in-mode``, ``.myword-sign-in-who``, ``button.myword-sign-in-make``,
``button.myword-download`` (the cards), ``.myword-sign-in-message``.
"""

from __future__ import annotations

import logging
from datetime import datetime
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from myword_edu.i18n.rooms import room_words
from myword_edu.classroom.roster import UnknownStudentError
from myword_edu.core.errors import MyWordError
from myword_edu.classroom.presence import knocks, let_in, place_game
from myword_edu.classroom.sign_in import SignIn, give_pictures, picture_sheet_html, set_sign_in_mode, sign_in_mode, students_without_pictures
from myword_edu.ui.widgets.download import DownloadButton
from myword_edu.ui.widgets.display import say
from myword_edu.ui.widgets.timer import Clock

if TYPE_CHECKING:  # pragma: no cover
    from myword_edu.ui.teacher.host import PanelHost

__all__ = ["SeatRequests", "SignInBox", "seats_text"]

log = logging.getLogger(__name__)
POLL_SECONDS = 1.0


def seats_text(lang: str, key: str, **values: Any) -> str:
    """A message of the seat controls in English or Spanish.

    >>> seats_text("es", "let_in", name="Ana")
    'Dejar entrar a Ana'
    """
    return room_words(lang, f"seats.{key}", **values)


class SeatRequests:
    """Pages asking to play as a student who is already playing, each with a "Let in" button."""

    def __init__(self, panel: "PanelHost") -> None:
        self.panel = panel
        self.message = w.HTML()
        self.rows = w.VBox([])
        self.root = w.VBox([self.rows, self.message], _dom_classes=["myword-seat-requests"])
        self._shown: list[tuple[int, str]] = []
        self.poller = Clock(self._tick, now=panel._clock, max_sleep=POLL_SECONDS)
        self.redraw()
        self.poller.start()

    def t(self, key: str, **values: Any) -> str:
        return seats_text(self.panel.lang, key, **values)

    def _where(self, place: str) -> str:
        game, code = place_game(place)
        return self.t("room", code=code) if game == "room" else self.t(game) if game in ("myword", "boggle") else place

    def redraw(self) -> None:
        try:
            asking = knocks(self.panel.store)
        except MyWordError:
            log.exception("the seat requests cannot be read")
            return
        shown = [(k.student_id, k.place) for k in asking]
        if shown == self._shown:
            return
        self._shown = shown
        rows = []
        for knock in asking:
            button = w.Button(description=self.t("let_in", name=knock.name), _dom_classes=["myword-primary", "myword-let-in"])
            button.on_click(lambda _b, sid=knock.student_id, place=knock.place: self.let_in(sid, place))  # kept in Python
            text = w.HTML(say(self.t("asks", name=knock.name, where=self._where(knock.place)), good=False))
            rows.append(w.HBox([text, button], _dom_classes=["myword-row"]))
        self.rows.children = rows

    def let_in(self, student_id: int, place: str) -> bool:
        """Let the asking page in (checked in the store: someone must be asking now)."""
        name = next((k.name for k in knocks(self.panel.store) if (k.student_id, k.place) == (student_id, place)), None)
        if name is None or not let_in(self.panel.store, student_id, place):
            self.message.value = say(self.t("gone"), good=False)
            self.redraw()
            return False
        self.message.value = say(self.t("let_in_done", name=name), good=True)
        self.redraw()
        return True

    def _tick(self) -> float | None:
        if not self.panel.unlocked or self.root.comm is None:  # locked, or the panel was rebuilt
            return None
        self.redraw()
        return self.panel._clock() + POLL_SECONDS

    def close(self) -> None:
        self.poller.stop()


class SignInBox:
    """The Class tab's sign-in settings and picture passwords."""

    def __init__(self, panel: "PanelHost") -> None:
        self.panel = panel
        t = self.t
        store = panel.store
        self.mode = w.ToggleButtons(options=[(t("off"), SignIn.OFF.value), (t("pictures"), SignIn.PICTURES.value)],
                                    value=sign_in_mode(store).value, _dom_classes=["myword-sign-in-mode"])  # fmt: skip
        self.mode.style.button_width = "auto"
        self.mode.observe(lambda change: self.set_mode(change["new"]), names="value")
        self.who = w.Dropdown(description=t("who"), layout=w.Layout(width="370px"), _dom_classes=["myword-sign-in-who"])
        self.who.style.description_width = "150px"
        self.make_button = w.Button(description=t("make"), _dom_classes=["myword-sign-in-make"])
        self.make_button.on_click(lambda _b: self.make(self.who.value))
        self.download = DownloadButton(self.sheet_file, label=t("download"), mime="text/html")
        self.download.layout.display = "none"
        self.status = w.HTML()
        self.message = w.HTML(_dom_classes=["myword-sign-in-message"])
        self._given: list[Any] = []  # the pictures just made: only in this kernel, for the cards
        self.root = w.VBox([w.HTML(f"<h2>{escape(t('title'))}</h2><p>{escape(t('help'))}</p>"), self.mode,
                            w.HBox([self.who, self.make_button], _dom_classes=["myword-row"]), self.download,
                            self.status, self.message], _dom_classes=["myword-card-box", "myword-sign-in"])  # fmt: skip
        self.redraw()

    def t(self, key: str, **values: Any) -> str:
        return seats_text(self.panel.lang, key, **values)

    def redraw(self) -> None:
        store = self.panel.store
        keep = self.who.value
        options = [(self.t("all"), 0)] + [(s.name, s.id) for s in store.students()]
        self.who.options = options
        self.who.value = keep if any(v == keep for _, v in options) else 0
        missing = [s.name for s in students_without_pictures(store)]
        line = self.t("missing", names=", ".join(missing)) if missing else self.t("none_missing")
        self.status.value = f"<p>{escape(line)}</p>"

    def set_mode(self, value: object) -> bool:
        """Turn sign-in on or off; turning it on gives pictures to every student who has none."""
        try:
            mode = SignIn(value)
        except ValueError:  # a page can send anything
            self.mode.value = sign_in_mode(self.panel.store).value
            return False
        set_sign_in_mode(self.panel.store, mode)
        if mode is SignIn.PICTURES:
            missing = [s.id for s in students_without_pictures(self.panel.store)]
            if missing:
                return self._give(missing)
            self.message.value = say(self.t("on"), good=True)
        else:
            self.message.value = say(self.t("now_off"), good=True)
        return True

    def make(self, student_id: object) -> bool:
        """New pictures for one student (by id) or, with 0, for every student."""
        store = self.panel.store
        if student_id == 0:
            return self._give([s.id for s in store.students()])
        if isinstance(student_id, bool) or not isinstance(student_id, int):
            return False
        return self._give([student_id])

    def _give(self, student_ids: list[int]) -> bool:
        try:
            self._given = give_pictures(self.panel.store, student_ids, kdf_n=getattr(self.panel.auth, "kdf_n", 2**14))
        except UnknownStudentError:
            self.redraw()
            return False
        except MyWordError as error:
            self.message.value = say(str(error), good=False)
            return False
        self.message.value = say(self.t("made", count=len(self._given)), good=True)
        self.download.layout.display = None if self._given else "none"
        self.redraw()
        return True

    def sheet_file(self) -> tuple[str, bytes]:
        stamp = datetime.now().strftime("%Y%m%d-%H%M")
        html = picture_sheet_html(self._given, self.panel.lang, self.panel.store.class_info().name)
        return f"myword-picture-passwords-{stamp}.html", html.encode("utf-8")

    def refresh(self, *, roster: bool = False, lessons: bool = False, live: bool = False) -> None:
        if roster:
            self.redraw()
