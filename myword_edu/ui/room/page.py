"""A student's page in a live room (``notebooks/room.ipynb``): code, name, then the shared table.

The student types the room's join code (checked in Python; each wrong code costs
a growing wait, and the class's tries are bounded: :mod:`myword_edu.classroom.code_guard`), picks their name
from the class list (a button only chooses the roster entry; settings and
identity come from the store, and the seat is bound to that student for the
rest of the page's life), then sees the table everyone sees. An asyncio task
polls the room's log every 150 ms and redraws when something was committed.
A call is judged by :class:`myword_edu.rooms.seat.StudentSeat` against the table as
committed, with ``seen`` = the table this page showed, and the answer is shown
only after it is stored. Between the name and the room stands the
:class:`~myword_edu.ui.seat_gate.SeatGate` (the picture password if the class
uses one; a student already playing in this room on another device is not
taken over without the teacher); every call checks, in its own transaction,
that this page still holds the seat.

Test hooks: ``.myword-room-code input``, buttons ``.myword-room-name``, the
table ``.myword-table .myword-card`` (clicked in order they build a word:
:class:`~myword_edu.ui.room.picks.CardPicks`, ``.myword-room-undo``, ``.myword-room-clear``),
``.myword-entry input``, ``.myword-room-call``, ``.myword-room-feedback``, ``.myword-room-wait``, ``.myword-room-scores``.

In a room opened with a lesson, the teacher's "Say a word" has this page say a focus word
aloud (:mod:`myword_edu.ui.room.listen`: ``.myword-room-listen``, ``.myword-room-say-again``).

After a failed call the student waits before the next one is judged (the
store's log decides how long: :mod:`myword_edu.rooms.flood`); the page says why
and counts down, and says so when the teacher has muted them for the round.
"""

from __future__ import annotations

import logging
import time
from html import escape
from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as w

from myword_edu.classroom.roster import UnknownStudentError
from myword_edu.classroom.code_guard import CodeGuard, CodeWaitError, wait_message
from myword_edu.core.errors import CardIdsError, MyWordError
from myword_edu.i18n.catalog import languages
from myword_edu.i18n.game import message
from myword_edu.i18n.rooms import ROOMS, room_words
from myword_edu.core.codes import normalise_code
from myword_edu.rooms.replica import RoomError
from myword_edu.ui.widgets.display import ShowsRoot
from myword_edu.ui.widgets.style import style_tag
from myword_edu.ui.room.listen import LISTEN_CSS, ListenPanel
from myword_edu.ui.room.picks import CardPicks
from myword_edu.ui.widgets.timer import Clock

if TYPE_CHECKING:
    from myword_edu.rooms.seat import StudentSeat
    from myword_edu.ui.seat_gate import SeatGate

__all__ = ["RoomPage", "room_text", "POLL_SECONDS", "SCORES_CSS"]

log = logging.getLogger(__name__)
POLL_SECONDS = 0.15
HEARTBEAT_SECONDS = 5.0

#: The scores table (:func:`scores_html`), on the student's room page and in the teacher's Live room tab.
SCORES_CSS = """
.myword-room-table { border-collapse: collapse; }
.myword-room-table th { padding: 2px 14px; font-size: 15px; text-align: left; white-space: nowrap; }
.myword-room-table td { padding: 2px 14px; font-size: 18px; }
.myword-room-table tr.myword-me td { font-weight: 700; }
"""

ROOM_CSS = SCORES_CSS + """
.myword-room h1 { margin: 0; font-size: 30px; color: #1f6f4a; }
.myword-room .myword-room-code input { font-size: 26px !important; height: 50px !important; letter-spacing: 0.2em;
  text-transform: uppercase; }
.myword-room button.myword-room-name { font-size: 22px; height: 56px; min-width: 150px; border-radius: 12px; }
.myword-room .myword-good { color: #1f6f4a; font-size: 20px; font-weight: 700; }
.myword-room .myword-bad { color: #a3261b; font-size: 20px; font-weight: 700; }
.myword-room .myword-late { color: #5a4a00; background: #fff3c4; font-size: 20px; font-weight: 700;
  padding: 4px 12px; border-radius: 8px; display: inline-block; } /* too late: no cross, it costs nothing */
.myword-room .myword-late::before { content: "⏱ "; }
.myword-room-status { min-height: 30px; }
.myword-late-mark { color: #5a4a00; background: #fff3c4; border-radius: 6px; padding: 0 6px; }
.myword-room-feedback { min-height: 64px; } /* room for the answer: nothing below it moves */
.myword-room-wait { min-height: 56px; }
.myword-room-feedback p, .myword-room-wait p, .myword-room-status p { margin: 4px 0; }
.myword-room .myword-table { min-height: 390px; } /* four rows: a class deals fast */
@media (max-width: 800px) { .myword-room .myword-table { min-height: 506px; } } /* six rows on a tablet */
.myword-room .widget-text.myword-entry { width: auto; }
.myword-room .widget-text.myword-entry input { width: 260px !important; }
"""


def _is_submit(content: object) -> bool:
    """Enter pressed in a text box (the message the browser sends)."""
    return isinstance(content, dict) and content.get("event") == "submit"


def room_text(lang: str, key: str, **values: Any) -> str:
    """A room message in English or Spanish.

    >>> room_text("es", "round", n=2)
    'Ronda 2'
    """
    return room_words(lang, f"room.{key}", **values)


def scores_html(view: Any, lang: str, me: str | None = None) -> str:
    """The scoreboard (names escaped: they are typed by people)."""
    rows = "".join(
        f"<tr class='{'myword-me' if name == me else ''}'><td>{escape(name)}</td>"
        f"<td>{view.scores.get(name, 0)}</td><td>{view.totals.get(name, 0)}</td></tr>"
        for name in view.players
    )
    calls = "".join(
        f"<li>{escape(c['player'])}: <b>{escape(str(c['word']).upper())}</b> {_call_mark(c, lang)}</li>"
        for c in reversed(view.calls)
    )
    head = f"<tr><th></th><th>{room_text(lang, 'this_round')}</th><th>{room_text(lang, 'total')}</th></tr>"
    return (f"<h3>{room_text(lang, 'scores')}</h3><table class='myword-room-table'>{head}{rows}</table>"
            f"<h3>{room_text(lang, 'calls')}</h3><ul>{calls}</ul>")  # fmt: skip


def _call_mark(call: Any, lang: str) -> str:
    """✔ for a word that won cards, ✘ for a wrong one; a call that came too late costs nothing and says so."""
    if call.get("accepted"):
        return "✔"
    if call.get("reason") == "too_late":
        return f"<span class='myword-late-mark'>⏱ {escape(room_text(lang, 'late_mark'))}</span>"
    return "✘"


class RoomPage(ShowsRoot):
    """The live-room page of one student (see the module docs).

    Args:
        store: the class store (default: ``--db`` / ``MYWORD_EDU_DB``).
        lang: the page's language before a student is chosen.
        lexicons: for tests (default: the shipped lexicons).
    """

    @classmethod
    def from_query(cls, query: str, **kwargs: Any) -> "RoomPage":
        """The page for a request's query string: ``?lang=es`` shows the join screen in Spanish
        (and ``?code=ABC123`` fills in the room code); anything else is ignored.

        >>> from urllib.parse import parse_qs
        >>> parse_qs("lang=es&code=K7M2")["lang"]
        ['es']
        """
        from urllib.parse import parse_qs

        values = parse_qs(query or "")
        lang = (values.get("lang") or ["en"])[0].strip().lower()[:2]
        page = cls(lang=lang, **kwargs)
        code = (values.get("code") or [""])[0][:20]
        if code:
            page.code_box.value = code
        return page

    def __init__(self, *, store: Any = None, lang: str = "en", lexicons: Any = None,
                 clock: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        # The class store (SQLAlchemy: 10 MiB and 0.25 CPU-s, measured) is opened when the first code is typed,
        # not before the join screen shows: a class's pages start at the same moment, their codes come later.
        self._store, self.lang, self._lexicons, self._clock = store, lang if lang in languages() else "en", lexicons, clock
        self._code_guard: CodeGuard | None = None
        self._gate: SeatGate | None = None
        self.seat: StudentSeat | None = None
        self.boggle: Any = None  # a BoggleSeatPanel in a Boggle room
        self.code = ""
        self.shown: tuple[int, int] = (0, 0)  # (round, version) of the table on screen
        self.drawn = -1  # the log position drawn
        self.ended = 0  # the last round whose end this page showed
        self.gone = False  # the room was closed, or the teacher took this student out
        self.next_heartbeat = 0.0
        self.poller = Clock(self._tick, now=clock, max_sleep=POLL_SECONDS)
        self.title = w.HTML(f"<h1>{room_text(self.lang, 'title')}</h1>")
        self.code_box = w.Text(placeholder=room_text(self.lang, "code"), _dom_classes=["myword-room-code"])
        self.code_box.on_msg(lambda _w, content, _b: self.enter_code(self.code_box.value) if _is_submit(content) else None)
        self.join_button = w.Button(description=room_text(self.lang, "join"), _dom_classes=["myword-room-join"])
        self.join_button.on_click(lambda _b: self.enter_code(self.code_box.value))
        self.message = w.HTML(_dom_classes=["myword-room-message"])
        self.body = w.VBox([w.HBox([self.code_box, self.join_button]), self.message])
        css = w.HTML(style_tag() + f"<style>{ROOM_CSS}{LISTEN_CSS}</style>")
        self.root = w.VBox([css, self.title, self.body], _dom_classes=["myword-app", "myword-room"])

    @property
    def store(self) -> Any:
        """The class store (default: ``--db`` / ``MYWORD_EDU_DB``), opened on first use."""
        if self._store is None:
            from myword_edu.classroom.store import Store

            self._store = Store.open()
        return self._store

    @property
    def code_guard(self) -> CodeGuard:
        """Wrong codes cost this page a growing wait (one guard for the page's life)."""
        if self._code_guard is None:
            self._code_guard = CodeGuard(self.store, clock=self._clock)
        return self._code_guard

    @property
    def gate(self) -> "SeatGate":
        """The seat gate (one per page), made once a code opened the class list; its heartbeat joins the page."""
        if self._gate is None:
            from myword_edu.ui.seat_gate import SeatGate

            self._gate = SeatGate(self.store, wall=self._clock)
            self._gate.on_lost, self._gate.on_beat = self._seat_lost, self._heartbeat
            self.root.children = (*self.root.children, self._gate.pulse)
        return self._gate

    def t(self, key: str, **values: Any) -> str:
        return room_text(self.lang, key, **values)

    # -- joining -----------------------------------------------------------------------
    def enter_code(self, typed: object) -> bool:
        """Check the code in Python; on success show the class list's names."""
        from myword_edu.rooms.log import room_status

        code = normalise_code(typed)
        found: list[str | None] = []
        try:  # counted before it is looked up; one throttle with the class's join code
            self.code_guard.check(lambda: found.append(room_status(self.store, code)) or found[0] is not None)
        except CodeWaitError as error:
            self.message.value = f"<p class='myword-bad'>{escape(wait_message(self.lang, error))}</p>"
            return False
        status = found[0]
        if status != "open":
            wait = "" if status is not None else \
                " " + escape(wait_message(self.lang, CodeWaitError("page", self.code_guard.seconds_left())))
            self.message.value = f"<p class='myword-bad'>{self.t('no_room' if status is None else 'closed')}{wait}</p>"
            return False
        self.code = code
        self._show_names()
        return True

    def _show_names(self) -> None:
        self.gate.cancel()
        buttons = []
        for student in self.store.students():
            button = w.Button(description=student.name, _dom_classes=["myword-room-name"])
            button.on_click(lambda _b, sid=student.id: self.pick(sid))  # the id lives in Python, not in the page
            buttons.append(button)
        self.message.value = ""
        self.body.children = [w.HTML(f"<h2>{self.t('who')}</h2>"), w.HBox(buttons, _dom_classes=["myword-names"]),
                              self.message]  # fmt: skip

    def pick(self, student_id: int) -> bool:
        """Join the room as this roster student (or rejoin: score and cards come back from the log),
        once the seat gate lets this page in (now: True; or later, when the teacher does)."""
        if not self.code or self.seat is not None or self.gate.presence is not None:
            return False
        from myword_edu.classroom.presence import room_place

        try:
            student = self.store.student(student_id)
        except UnknownStudentError:
            return False
        self.message.value = ""
        self.body.children = [self.gate.root]
        seated = self.gate.ask(student, room_place(self.code), self.lang, then=lambda: self._join(student.id),
                               back=self._show_names)  # fmt: skip
        return seated and self.seat is not None

    def _join(self, student_id: int) -> None:
        from myword_edu.rooms.seat import StudentSeat

        try:
            self.seat = StudentSeat.join(self.store, self.code, student_id, lexicons=self._lexicons)
        except (RoomError, MyWordError) as error:
            self.gate.leave()
            self._show_names()
            reason = getattr(error, "reason", "no_room")
            self.message.value = f"<p class='myword-bad'>{self.t(reason if f'room.{reason}' in ROOMS else 'no_room')}</p>"
            return
        self.seat.guard = self._guard
        self.lang = self.seat.settings.lang
        self._build_game()
        self.poller.start()

    def _guard(self, conn: Any) -> None:
        """In every call's transaction: this page still holds the student's seat."""
        from myword_edu.classroom.presence import SeatLostError

        try:
            self.gate.check(conn)
        except SeatLostError as error:
            raise RoomError("lost", str(error)) from error

    def _heartbeat(self) -> None:
        """The page's own heartbeat (it stops when the tab closes): the teacher's list shows who is connected."""
        now = self._clock()
        if self.seat is not None and now >= self.next_heartbeat:
            self.next_heartbeat = now + HEARTBEAT_SECONDS
            self.seat.heartbeat()

    def _seat_lost(self, name: str) -> None:
        """The teacher let another device play as this student here: this page stops."""
        self.poller.stop()
        self.seat, self.boggle = None, None
        self.lang = self.lang if self.lang in languages() else "en"
        self.title.value = f"<h1>{self.t('title')}</h1>"
        self.body.children = [self.gate.lost_view(name, lambda: self.enter_code(self.code))]

    def _build_game(self) -> None:
        assert self.seat is not None
        self.title.value = f"<h1>{self.t('title')}</h1><p>{escape(self.t('you', name=self.seat.name))}</p>"
        if self.seat.is_boggle:  # one board and one clock for the class
            from myword_edu.ui.room.boggle import BoggleSeatPanel

            self.title.value = f"<h1>Boggle · {self.t('title')}</h1><p>{escape(self.t('you', name=self.seat.name))}</p>"
            self.boggle = BoggleSeatPanel(self.seat, self.lang, self.store.now)
            self.body.children = [self.boggle.root]
            return
        self.picks = CardPicks(self.lang)  # click the cards in order; the ids stay in Python
        self.table = self.picks.table
        self.status = w.HTML(_dom_classes=["myword-room-status"])
        self.entry = w.Text(placeholder=self.t("word"), _dom_classes=["myword-entry"])
        self.entry.on_msg(lambda _w, content, _b: self.call() if _is_submit(content) else None)
        self.call_button = w.Button(description=self.t("call"), _dom_classes=["myword-room-call"])
        self.call_button.on_click(lambda _b: self.call())
        self.feedback = w.HTML(_dom_classes=["myword-room-feedback"])
        self.wait_note = w.HTML(_dom_classes=["myword-room-wait"])
        self.scores = w.HTML(_dom_classes=["myword-room-scores"])
        lesson = self.seat.room_lesson
        self.listen = ListenPanel(self.lang, lesson.lang) if lesson is not None else None  # the teacher's "Say a word"
        call_row = w.HBox([self.entry, self.call_button, self.picks.undo_button, self.picks.clear_button],
                          _dom_classes=["myword-room-call-row"])
        self.body.children = [self.status, *([self.listen.root] if self.listen else []), self.table, call_row,
                              self.feedback, self.wait_note, self.scores]  # fmt: skip
        self.redraw()

    # -- playing -----------------------------------------------------------------------------
    def call(self) -> None:
        """Call the typed word, or the word the picked cards spell, against the table this page shows."""
        if self.seat is None or self.seat.is_boggle:
            return
        ids = list(self.picks.ids) or None  # the page's own copy of the picks is never read
        typed = self.entry.value.strip()
        word = typed or (self.picks.word() if ids else "")
        if not word or (ids and not typed and self.picks.has_wild()):  # a wild card's letter is typed
            self.feedback.value = f"<p class='myword-bad'>{escape(self.t('wild' if ids else 'bad'))}</p>"
            return
        round_no, version = self.shown
        try:
            result = self.seat.claim(word, ids, seen=version, round_no=round_no)
        except RoomError as error:
            if error.reason in ("wait", "muted"):  # not judged: the note says why and for how long
                self.show_wait()
                return
            self.feedback.value = f"<p class='myword-bad'>{self.t(error.reason if f'room.{error.reason}' in ROOMS else 'no_round')}</p>"
            return
        except CardIdsError:  # picked cards that left the table meanwhile (or forged ids): nothing changed
            self.feedback.value = f"<p class='myword-bad'>{escape(self.t('cards_gone'))}</p>"
            self.picks.clear()
            self.redraw()
            return
        except MyWordError as error:  # not a word at all (digits, emoji...): nothing changed
            try:
                shown = message(self.lang, f"reason.{getattr(error, 'reason', '')}", word=escape(word[:30]))
            except KeyError:
                shown = self.t("bad")
            self.feedback.value = f"<p class='myword-bad'>{escape(shown)}</p>"
            return
        self.entry.value = ""
        self.picks.clear()
        if result.accepted:
            shown = self.t("accepted", word=escape(result.spelling.upper()), n=len(result.cards))
        elif result.reason is not None and result.reason.value == "too_late":  # costs nothing: not a cross
            self.feedback.value = f"<p class='myword-late'>{escape(self.t('too_late'))}</p>"
            self.redraw()
            return
        else:
            other = "es" if self.lang == "en" else "en"
            why = message(self.lang, f"reason.{result.reason.value}", word=(result.spelling or result.word).upper(),
                          needed=result.needed, player=result.player, language=other) if result.reason else ""  # fmt: skip
            shown = self.t("refused", why=escape(why))
        self.feedback.value = f"<p class='{'myword-good' if result.accepted else 'myword-bad'}'>{shown}</p>"
        self.redraw()

    def _room_gone(self, reason: str) -> None:
        """The teacher closed the room or took this student out: say so, and take no more calls."""
        self.status.value = f"<p class='myword-bad myword-room-gone'>{escape(self.t(reason))}</p>"
        self.picks.show((), enabled=False)
        self.table.empty_text = self.t(reason)
        self.feedback.value = self.wait_note.value = ""
        self.entry.disabled = self.call_button.disabled = True
        self.gone = True

    def show_wait(self) -> None:
        """The wait after a failed call, counted down from the room's log and the store's clock, or the mute."""
        if self.seat is None or self.seat.is_boggle or self.gone:
            return
        if self.shown[0] and self.ended == self.shown[0]:  # the round is over: no wait to count down
            note = ""
        elif self.seat.is_muted():
            note = f"<p class='myword-bad'>{escape(self.t('muted'))}</p>"
        else:
            left = self.seat.wait_seconds()
            failed = self.seat.failed_calls()
            n = int(left + 0.999)
            note = "" if n <= 0 else \
                f"<p class='myword-bad'>{escape(self.t('wait_many' if failed > 1 else 'wait', n=n, failed=failed))}</p>"
        if self.wait_note.value != note:
            self.wait_note.value = note
        self.call_button.disabled = bool(note)  # a hint only: the seat refuses a call anyway

    def redraw(self) -> None:
        if self.seat is None:
            return
        if self.seat.is_boggle:
            self.boggle.redraw()
            return
        view = self.seat.view()
        self.shown, self.drawn = (view.round_no, view.version), view.seq
        me = self.seat.name
        if self.seat.replica.closed or me not in view.players:  # seen at the next poll, not at the next call
            self._room_gone("closed" if self.seat.replica.closed else "removed")
            return
        self.picks.show(view.table, enabled=view.round_no > 0 and not view.over)  # a click picks; Call claims
        self.table.empty_text = self.t("over_next" if view.over else "waiting" if view.round_no == 0 else "no_round")
        if view.round_no == 0:
            status = escape(self.t("waiting"))
        elif view.over:  # what comes next, and the last answer goes: it was about the round that ended
            status = f"{escape(self.t('round', n=view.round_no))} · <span class='myword-room-over'>{escape(self.t('over_next'))}</span>"
            if self.ended != view.round_no:
                self.ended = view.round_no
                self.feedback.value = ""
        else:
            status = escape(f"{self.t('round', n=view.round_no)} · {self.t('left', n=view.cards_left)}")
        self.status.value = f"<p>{status}</p>"
        if self.listen is not None:
            self.listen.show(view.said, me not in view.off_lesson)
        self.scores.value = scores_html(view, self.lang, me)
        self.show_wait()

    def _tick(self) -> float | None:
        if self.seat is None:
            return None
        now = self._clock()
        try:
            self.seat.poll()
            if self.seat.is_boggle:
                self.boggle.tick()  # new events, the clock running out, the countdown
            elif self.seat.replica.seq != self.drawn:  # new events, from the poll or from a call
                self.redraw()
            else:
                self.show_wait()  # the countdown
        except MyWordError:
            log.exception("the room cannot be read")
        return now + POLL_SECONDS

    def __repr__(self) -> str:
        return f"<MyWord! live room page{', ' + self.seat.name if self.seat else ''}>"
