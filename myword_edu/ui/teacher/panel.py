"""The teacher panel: a passcode screen, then the class, lessons, progress and settings.

``notebooks/teacher.ipynb`` is only::

    from myword_edu.ui.teacher.panel import TeacherPanel
    panel = TeacherPanel()
    panel

Students can open the panel's address too, so nothing of the class exists
in the kernel before the passcode is entered: the page holds a title, a
language switch and the passcode form, and the teacher's controls (and the
data they show) are built only after :meth:`TeacherPanel.unlock` has checked
the passcode in Python. Voila hands every widget model the kernel has to the
page, so "not shown" would not be enough: they are not *made*. Locking closes
every one of them again.

A first run asks for the one-time setup code that ``myword-edu serve`` prints,
then the passcode twice (see :mod:`myword_edu.classroom.passcode`). Wrong passcodes are
counted per browser (the page's device cookie, :mod:`myword_edu.server.device`), so a
student guessing on one page does not keep the teacher out of another; the lock
screen says what to do when locked out (a one-time code from ``myword-edu
unlock`` on the server).
"""

from __future__ import annotations

import logging
import time
from html import escape
from typing import Any, Callable

import ipywidgets as w

from myword_edu.server.device import device_from_environ
from myword_edu.core.errors import MyWordError
from myword_edu.i18n.classroom import text
from myword_edu.myword.lesson_library import LessonLibrary, default_library
from myword_edu.classroom.passcode import LockedOutError, PasscodeError, TeacherAuth
from myword_edu.ui.widgets.display import ShowsRoot, say
from myword_edu.ui.widgets.timer import Clock
from myword_edu.ui.room.page import SCORES_CSS
from myword_edu.ui.widgets.style import LABEL_CSS

__all__ = ["TeacherPanel", "TEACHER_CSS", "close_all"]

log = logging.getLogger(__name__)

#: How often the live views ask the store for news (seconds).
REFRESH_SECONDS = 3.0

TEACHER_CSS = """
body { background: #f4f1e8 !important; }
.myword-teacher { max-width: 1320px; margin: 0 auto; padding: 4px 10px; gap: 6px;
  font-family: system-ui, "DejaVu Sans", Arial, sans-serif; color: #1b1b1b; }
.myword-teacher .widget-html-content { font-size: 15px; line-height: 1.35; }
.myword-teacher-header { align-items: center; gap: 12px; }
.myword-teacher-header .myword-title { flex: 1 1 auto; }
.myword-teacher h1 { margin: 0; font-size: 26px; color: #1f6f4a; }
.myword-teacher h2 { margin: 4px 0; font-size: 18px; color: #1f6f4a; }
.myword-teacher button.jupyter-button { font-size: 15px; height: 34px; border-radius: 7px; width: auto; padding: 0 12px; }
.myword-teacher button.myword-primary { background: #1f6f4a; color: #fff; font-weight: 700; }
.myword-teacher button.myword-danger { background: #fde7e4; color: #8a1c12; border: 1px solid #d9a39c; }
.myword-teacher .widget-toggle-buttons button { height: 32px; font-size: 14px; }
.myword-lock { max-width: 560px; background: #fffdf5; border: 2px solid #d9cfa7; border-radius: 12px; padding: 16px; gap: 10px; }
.myword-lock input { font-size: 18px !important; height: 36px !important; }
.myword-lock-help { font-size: 13px !important; color: #5b5b5b; margin: 0; }
.myword-msg { font-size: 15px; font-weight: 600; padding: 4px 10px; border-radius: 6px; display: inline-block; margin: 0; }
.myword-msg.good { background: #dff3e6; color: #14532d; }
.myword-msg.bad { background: #fde7e4; color: #8a1c12; }
.myword-problems { margin: 4px 0; padding-left: 20px; color: #8a1c12; max-height: 160px; overflow-y: auto; }
.myword-card-box { background: #fffdf5; border: 1px solid #d9cfa7; border-radius: 10px; padding: 8px 12px; gap: 6px;
  margin-top: 8px; }
.myword-cols { align-items: flex-start; gap: 14px; flex-wrap: wrap; }
.myword-roster-wrap { max-height: 430px; overflow-y: auto; border: 1px solid #d9cfa7; border-radius: 8px; background: #fff; }
table.myword-roster, table.myword-progress, table.myword-focus { border-collapse: collapse; font-size: 14px; width: 100%; }
.myword-roster th, .myword-roster td, .myword-progress th, .myword-progress td, .myword-focus th, .myword-focus td {
  padding: 4px 8px; text-align: left; border-bottom: 1px solid #eee6cc; white-space: nowrap; }
.myword-roster th, .myword-progress th, .myword-focus th { position: sticky; top: 0; background: #f7f2df; z-index: 1; }
.myword-roster td.name { font-weight: 600; cursor: pointer; white-space: normal; overflow-wrap: break-word; max-width: 260px; }
.myword-roster tr.selected td { background: #fff3b0; }
.myword-roster input[type=checkbox] { width: 18px; height: 18px; }
.myword-progress td.num, .myword-progress th.num, .myword-focus td.num, .myword-focus th.num { text-align: right; }
.myword-progress td.name, .myword-focus td.name { font-weight: 600; white-space: normal; overflow-wrap: break-word;
  min-width: 120px; max-width: 240px; }
.myword-progress th, .myword-focus th { white-space: normal; vertical-align: bottom; }
.myword-teacher .myword-row { gap: 10px; align-items: center; flex-wrap: wrap; }
.myword-chart { width: 100%; height: auto; max-width: 640px; }
.myword-scroll { max-height: 300px; overflow-y: auto; }
.myword-lessons-list { max-height: calc(100vh - 290px); min-height: 240px; overflow-y: auto; }
.myword-dots span { font-size: 15px; letter-spacing: 1px; }
.myword-dots .ok { color: #1f6f4a; } .myword-dots .no { color: #c0392b; }
.myword-lesson { border-bottom: 1px solid #eee6cc; padding: 4px 0; }
.myword-lesson h3 { margin: 0; font-size: 16px; }
.myword-lesson p { margin: 1px 0; }
.myword-join { font-size: 28px; font-weight: 800; letter-spacing: 0.2em; color: #1f6f4a; }
.myword-teacher .widget-dropdown > select, .myword-teacher input { font-size: 14px; }
.myword-download { background: #1f6f4a !important; color: #fff !important; font-weight: 700; }
.myword-teacher .widget-tab > .p-TabBar .p-TabBar-tab, .myword-teacher .lm-TabBar-tab { font-size: 15px; min-width: 120px; }
.myword-hidden { display: none !important; }
"""


def close_all(widget: w.Widget) -> None:
    """Close a widget and everything inside it (their models leave the page)."""
    for child in list(getattr(widget, "children", ())):
        close_all(child)
    widget.close()


class TeacherPanel(ShowsRoot):
    """The teacher panel (see the module docs).

    Args:
        store: the class store (default: ``--db`` / ``MYWORD_EDU_DB`` / the embedded database).
        auth: the passcode checker (default: on ``store``).
        library: the lessons (default: shipped and the teacher's own).
        clock: a monotonic clock for the live refresh.
        device: the browser the page is in, for counting wrong passcodes
            (default: from the page's request, see :mod:`myword_edu.server.device`).
    """

    def __init__(
        self,
        *,
        store: Any = None,
        auth: TeacherAuth | None = None,
        library: LessonLibrary | None = None,
        clock: Callable[[], float] = time.monotonic,
        lang: str = "en",
        device: str | None = None,
    ) -> None:
        self.lang = lang if lang in ("en", "es") else "en"
        self.device = device if device is not None else device_from_environ()
        self.library = library if library is not None else default_library()
        self.unlocked = False
        self.tabs: list[Any] = []
        self.tab_widget: w.Tab | None = None
        self.lock_button: w.Button | None = None
        self.store_error = ""
        try:
            if store is None:
                from myword_edu.classroom.store import Store

                store = Store.open()
            self.store = store
            self.auth = auth if auth is not None else TeacherAuth(store)
        except MyWordError as error:
            self.store, self.auth = None, None
            self.store_error = str(error)
        self.refresher = Clock(self._refresh, now=clock, max_sleep=REFRESH_SECONDS)
        self._clock = clock
        self.style = w.HTML(f"<style>{TEACHER_CSS}{LABEL_CSS}{SCORES_CSS}</style>")  # the Live room tab's scores
        self.title = w.HTML(_dom_classes=["myword-title"])
        self.lang_toggle = w.ToggleButtons(options=[("English", "en"), ("Español", "es")], value=self.lang)
        self.lang_toggle.style.button_width = "auto"
        self.lang_toggle.observe(self._on_lang, names="value")
        self.header = w.HBox([self.title, self.lang_toggle], _dom_classes=["myword-teacher-header"])
        self.body = w.VBox([])
        self.root = w.VBox([self.style, self.header, self.body], _dom_classes=["myword-teacher"])
        self._show_lock()

    def t(self, key: str, **values: Any) -> str:
        return text(self.lang, key, **values)

    # -- locked -------------------------------------------------------------------------
    def _show_lock(self, message: str = "") -> None:
        self.title.value = f"<h1>{escape(self.t('panel.title'))}</h1>"
        self.lock_message = w.HTML(message)
        if self.auth is None:
            form: list[w.Widget] = [w.HTML(say(self.t("store.error", detail=self.store_error), good=False))]
        elif self.auth.has_passcode():
            self.passcode_box = w.Password(description=self.t("lock.passcode"), layout=w.Layout(width="360px"))
            self.passcode_box.style.description_width = "initial"
            self.unlock_button = w.Button(description=self.t("lock.unlock"), _dom_classes=["myword-primary", "myword-unlock"])
            self.unlock_button.on_click(lambda _b: self.unlock(self.passcode_box.value))
            self.passcode_box.on_msg(self._on_passcode_enter)
            form = [w.HTML(f"<p>{escape(self.t('lock.prompt'))}</p>"), w.HBox([self.passcode_box, self.unlock_button]),
                    self.lock_message, w.HTML(f'<p class="myword-lock-help">{escape(self.t("lock.help"))}</p>')]  # fmt: skip
        elif self.auth.has_setup_code():
            self.setup_box = w.Text(description=self.t("setup.code"), placeholder="1234-5678", layout=w.Layout(width="360px"))
            self.new_box = w.Password(description=self.t("setup.new"), layout=w.Layout(width="360px"))
            self.repeat_box = w.Password(description=self.t("setup.repeat"), layout=w.Layout(width="360px"))
            for box in (self.setup_box, self.new_box, self.repeat_box):
                box.style.description_width = "150px"
            self.setup_button = w.Button(description=self.t("setup.save"), _dom_classes=["myword-primary", "myword-setup"])
            self.setup_button.on_click(lambda _b: self.set_up(self.setup_box.value, self.new_box.value, self.repeat_box.value))
            form = [w.HTML(f"<p>{escape(self.t('setup.prompt'))}</p>"), self.setup_box, self.new_box, self.repeat_box,
                    self.setup_button, self.lock_message]  # fmt: skip
        else:
            form = [w.HTML(say(self.t("setup.no_code"), good=False))]
        self.lock_form = w.VBox(form, _dom_classes=["myword-lock"])
        self.body.children = [self.lock_form]
        self.header.children = [self.title, self.lang_toggle]

    def _on_passcode_enter(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            self.unlock(self.passcode_box.value)

    def unlock(self, code: object) -> bool:
        """Check the passcode; on success build the panel. Returns whether it is open."""
        if self.unlocked or self.auth is None:
            return self.unlocked
        try:
            self.auth.unlock(code, device=self.device)
        except LockedOutError as error:
            self._lock_says(self.locked_text(error))
            return False
        except PasscodeError as error:
            if error.reason == "not_set":
                self._show_lock()
            else:
                self._lock_says(self.t("lock.wrong", tries_left=error.values.get("tries_left", 0)))
            return False
        except MyWordError as error:
            self._lock_says(self.t("store.error", detail=str(error)))
            return False
        finally:
            if hasattr(self, "passcode_box"):
                self.passcode_box.value = ""
        self._open()
        return True

    def set_up(self, setup_code: object, new: object, repeat: object) -> bool:
        """First run: choose the passcode with the setup code; opens the panel on success."""
        if self.unlocked or self.auth is None:
            return self.unlocked
        try:
            self.auth.set_up(setup_code, new, repeat, device=self.device)
        except LockedOutError as error:
            self._lock_says(self.locked_text(error))
            return False
        except PasscodeError as error:
            if error.reason == "already_set":
                self._show_lock(say(self.t("setup.already_set"), good=False))
            elif error.reason in ("too_short", "too_long", "mismatch"):
                self._lock_says(self.t(f"passcode.{error.reason}", **error.values))
            elif error.reason == "wrong_setup_code":
                self._lock_says(self.t("setup.wrong_setup_code", **error.values))
            else:
                self._lock_says(self.t("setup.no_setup_code"))
            return False
        finally:
            for name in ("new_box", "repeat_box"):
                if hasattr(self, name):
                    getattr(self, name).value = ""
        self._open()
        return True

    def locked_text(self, error: LockedOutError) -> str:
        """Why this page must wait, and what to do (a wait for this browser, or for new browsers in the class)."""
        return self.t("lock.locked" if error.scope == "device" else "lock.class_locked", seconds=error.seconds)

    def _lock_says(self, message: str) -> None:
        self.lock_message.value = say(message, good=False)

    # -- unlocked -------------------------------------------------------------------------
    def _open(self) -> None:
        from myword_edu.ui.teacher.roster import RosterTab
        from myword_edu.ui.teacher.lessons import LessonsTab
        from myword_edu.ui.teacher.tabs import ClassTab, ProgressTab

        close_all(self.lock_form)
        self.unlocked = True
        from myword_edu.ui.teacher.room import RoomTab, room_tab_title

        from myword_edu.ui.teacher.boggle import BoggleTab, boggle_tab_title

        self.tabs = [RosterTab(self), LessonsTab(self), ProgressTab(self), ClassTab(self), RoomTab(self), BoggleTab(self)]
        self.tab_widget = w.Tab(children=[tab.root for tab in self.tabs])
        for index, key in enumerate(("tab.students", "tab.lessons", "tab.progress", "tab.class")):
            self.tab_widget.set_title(index, self.t(key))
        self.tab_widget.set_title(4, room_tab_title(self.lang))  # live rooms (myword_edu/ui/teacher/room.py)
        self.tab_widget.set_title(5, boggle_tab_title(self.lang))  # Boggle settings (myword_edu/ui/teacher/boggle.py)
        self.tab_widget.observe(self._on_tab, names="selected_index")
        self.lock_button = w.Button(description=self.t("panel.lock"), _dom_classes=["myword-lock-button"])
        self.lock_button.on_click(lambda _b: self.lock())
        self.header.children = [self.title, self.lang_toggle, self.lock_button]
        from myword_edu.ui.teacher.seats import SeatRequests

        self._close_seat_requests()
        self.seat_requests = SeatRequests(self)  # "let in" a second device, above every tab
        self.body.children = [self.seat_requests.root, self.tab_widget]
        self._marker = None
        self.refresher.start()

    def lock(self) -> None:
        """Close every teacher control and show the passcode screen again."""
        if not self.unlocked:
            return
        self.refresher.stop()
        self.unlocked = False
        self._close_seat_requests()
        if self.tab_widget is not None:
            close_all(self.tab_widget)
        if self.lock_button is not None:
            self.lock_button.close()
        self.tabs, self.tab_widget, self.lock_button = [], None, None
        self._show_lock()

    def _close_seat_requests(self) -> None:
        requests = getattr(self, "seat_requests", None)
        if requests is not None:
            requests.close()
            close_all(requests.root)
            self.seat_requests = None

    def changed(self, *, roster: bool = False, lessons: bool = False) -> None:
        """Something changed in one tab: let the others redraw what depends on it."""
        for tab in self.tabs:
            tab.refresh(roster=roster, lessons=lessons)

    def _on_tab(self, change: dict) -> None:
        """A tab was opened: a tab that reads files (Lessons) reads them again."""
        index = change["new"]
        if isinstance(index, int) and 0 <= index < len(self.tabs):
            opened = getattr(self.tabs[index], "opened", None)
            if opened is not None:
                opened()

    def _refresh(self) -> float | None:
        """The live refresh: redraw progress when the store has news."""
        if not self.unlocked or self.store is None:
            return None
        try:
            marker = self.store.change_marker()
        except MyWordError:
            log.exception("the class database cannot be read")
            return self._clock() + REFRESH_SECONDS
        if marker != self._marker:
            roster_changed = self._marker is not None and marker[1:] != self._marker[1:]
            self._marker = marker
            for tab in self.tabs:
                tab.refresh(roster=roster_changed, live=True)
        return self._clock() + REFRESH_SECONDS

    def _on_lang(self, change: dict) -> None:
        new = change["new"] if change["new"] in ("en", "es") else "en"
        if new == self.lang:
            return
        self.lang = new
        if self.unlocked:
            index = self.tab_widget.selected_index if self.tab_widget is not None else 0
            self.refresher.stop()
            if self.tab_widget is not None:
                close_all(self.tab_widget)
            if self.lock_button is not None:
                self.lock_button.close()
            self.title.value = f"<h1>{escape(self.t('panel.title'))}</h1>"
            self._open()
            if self.tab_widget is not None and index is not None:
                self.tab_widget.selected_index = index
        else:
            close_all(self.lock_form)
            self._show_lock()  # (a message in the old language is dropped)

    # -- display ----------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"<MyWord! teacher panel, {'open' if self.unlocked else 'locked'}>"
