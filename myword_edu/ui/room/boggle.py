"""A student's Boggle game in a live room: the room's board, the room's clock, their own words.

:class:`~myword_edu.ui.room.page.RoomPage` builds a :class:`BoggleSeatPanel` once
the student has joined a Boggle room. The cubes stay covered until the teacher
starts a round; then every page shows the same board and counts down to the
same end (the store's clock: a word committed after it is answered "time's
up", whatever the page shows). A word, typed or traced on the cubes, is
written by :meth:`myword_edu.rooms.seat.StudentSeat.write`, judged and stored
before the answer appears. During the round a student sees their own words
and only how many the others have; at the end every list appears, words two
or more players found crossed out, with the words nobody found (click one to
see it on the board). In a room opened with a lesson the page says how many of
its focus words are hidden on the board (and how many the student found), and
the review lists the focus words first, found or not (as solo practice does).

Test hooks: the cubes ``div.boggle-grid button.boggle-cube``; ``.myword-entry input``
and ``.myword-room-call`` (send); ``.myword-room-feedback``;
``.myword-room-boggle-timer``; ``.myword-room-boggle-found`` (own words);
``.myword-room-boggle-result`` (the end-of-round lists); ``.boggle-lesson-status`` and
``.myword-room-boggle-lesson`` (a lesson room's focus words: how many are hidden, and at the end
each ``li[data-word][data-found]``).
"""

from __future__ import annotations

import logging
from datetime import datetime
from html import escape
from typing import Any, Callable

import ipywidgets as w

from myword_edu.core.errors import MyWordError
from myword_edu.i18n.game import message
from myword_edu.i18n.rooms import ROOMS, room_words
from myword_edu.rooms.replica import RoomError
from myword_edu.rooms.seat import StudentSeat
from myword_edu.ui.boggle.app import BOGGLE_CSS
from myword_edu.ui.boggle.grid import BoggleGrid, WordChips
from myword_edu.ui.boggle.model import play_feedback, shown_text
from myword_edu.boggle.review import focus_first
from myword_edu.ui.boggle.panels import (counts_html, cube_labels, found_html, lesson_html, result_html, spelled,
                                         timer_html)  # fmt: skip
from myword_edu.ui.myword.model import Feedback
from myword_edu.ui.myword.panels import feedback_html
from myword_edu.ui.widgets.speech import Speaker, hear_button

__all__ = ["BoggleSeatPanel"]

log = logging.getLogger(__name__)


def _t(lang: str, key: str, **values: Any) -> str:
    return room_words(lang, f"room_boggle.{key}", **values)


def _show(widget: w.DOMWidget, visible: bool) -> None:
    widget.layout.display = None if visible else "none"


class BoggleSeatPanel:
    """The Boggle half of a student's live-room page (see the module docs).

    Args:
        seat: the student's seat in a Boggle room.
        lang: the page's language.
        now: the store's clock (the room's timer runs on it).
    """

    def __init__(self, seat: StudentSeat, lang: str, now: Callable[[], datetime]) -> None:
        self.seat, self.lang, self._now = seat, lang, now
        self.lexicon = seat.replica.lexicon  # type: ignore[union-attr]
        self.drawn = -1  # the log position drawn
        self.shown_round = 0
        self.shown_over = True
        self.shown_second = -1
        m = lambda key, **v: message(lang, key, **v)  # noqa: E731
        self.status = w.HTML(_dom_classes=["myword-room-status"])
        self.timer = w.HTML(_dom_classes=["myword-room-boggle-timer"])
        self.grid = BoggleGrid(on_path=self._path, label=m("boggle.grid"), path_label=m("boggle.path_label"))
        self.entry = w.Text(placeholder=m("boggle.entry_placeholder"), continuous_update=True,
                            _dom_classes=["boggle-entry", "myword-entry"], layout=w.Layout(width="auto"))  # fmt: skip
        self.entry.on_msg(self._on_entry_message)
        self.send_button = w.Button(description=m("boggle.send"), _dom_classes=["myword-primary", "myword-room-call"])
        self.send_button.on_click(lambda _b: self.send())
        self.feedback = w.HTML(_dom_classes=["myword-room-feedback"])
        self.found = w.HTML(_dom_classes=["myword-room-boggle-found"])
        self.counts = w.HTML()
        self.result = w.HTML(_dom_classes=["myword-room-boggle-result"])
        self.lesson_review = w.HTML(_dom_classes=["myword-room-boggle-lesson"])  # a lesson room's focus words
        self.missed_words: tuple[str, ...] = ()  # the chips' words, the focus words first
        self.missed_head = w.HTML()
        self.missed = WordChips(on_show=self._show_word)
        self.entry_row = w.HBox([self.entry, self.send_button], _dom_classes=["myword-row", "boggle-entry-row"])
        self.missed_box = w.VBox([self.missed_head, self.missed], _dom_classes=["boggle-missed"])
        board = w.VBox([w.HBox([self.timer], _dom_classes=["myword-row", "boggle-top"]), self.status, self.grid],
                       _dom_classes=["boggle-board-col"])  # fmt: skip
        side = w.VBox([self.entry_row, self.feedback, self.lesson_review, self.result, self.missed_box, self.found,
                       self.counts],
                      _dom_classes=["boggle-side"])  # fmt: skip
        self.root = w.VBox([w.HTML(f"<style>{BOGGLE_CSS}</style>"), Speaker(),
                            w.HBox([board, side], _dom_classes=["myword-main", "boggle-main"])],
                           _dom_classes=["boggle-app"])  # fmt: skip
        self.redraw()

    # -- intents ----------------------------------------------------------------------
    def _on_entry_message(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            self.send()

    def send(self) -> None:
        """Write down the word in the box (checked and stored by the room before the answer)."""
        if self._write(self.entry.value, None):
            self.entry.value = ""
        self.grid.clear_path()

    def _path(self, cells: list[int]) -> None:
        self._write(None, cells)

    def _write(self, text: object, path: list[int] | None) -> bool:
        """True when the box can be emptied (the word was judged)."""
        view = self.seat.view()
        if view.round_no == 0:
            self.feedback.value = f"<p class='myword-bad'>{escape(_t(self.lang, 'waiting'))}</p>"
            return False
        try:
            play = self.seat.write(text, path, round_no=self.shown_round or view.round_no)
        except RoomError as error:
            key = error.reason if f"room_boggle.{error.reason}" in ROOMS else "no_round"
            self.feedback.value = f"<p class='myword-bad'>{escape(_t(self.lang, key))}</p>"
            return False
        except MyWordError as error:  # not a word at all (digits, emoji, empty): nothing changed
            return self._tell(Feedback(f"reason.{getattr(error, 'reason', 'empty')}", {"word": shown_text(text)}), False)
        self.redraw()  # first: a word after the bell also brings the lists, then its answer shows
        return self._tell(play_feedback(play, self.lexicon), True)

    def _tell(self, feedback: Feedback, result: bool) -> bool:
        self.feedback.value = feedback_html(feedback, self.lang, me=self.seat.name)
        return result

    def _show_word(self, chip: int) -> None:
        view = self.seat.view()
        words = self.missed_words if view.result is not None else ()
        if view.board is None or not 0 <= chip < len(words):
            return
        self.missed.selected = chip
        path = view.board.path(words[chip], through=view.board.bonus)
        self.grid.highlight = [view.board.index(p) for p in path] if path else []

    # -- display ----------------------------------------------------------------------
    def tick(self) -> None:
        """Called by the page's poll: redraw after new events, when the clock runs out, and each second."""
        view = self.seat.view()
        now = self._now()
        left = int(view.seconds_left(now) + 0.999)
        if view.seq != self.drawn or view.over != self.shown_over:
            self.redraw()
        elif left != self.shown_second and view.rules is not None:
            self.shown_second = left
            self.timer.value = timer_html(left, view.rules.seconds, self.lang)

    def redraw(self) -> None:
        view = self.seat.view()
        lang, me = self.lang, self.seat.name
        m = lambda key, **v: message(lang, key, **v)  # noqa: E731
        if view.round_no != self.shown_round:  # a new board: forget the last round's answer and review
            self.feedback.value = ""
            self.grid.highlight = []
        elif view.over and not self.shown_over:  # the bell: the lists replace the last answer
            self.feedback.value = ""
        self.drawn, self.shown_round, self.shown_over = view.seq, view.round_no, view.over
        board = view.board
        gone = "closed" if self.seat.replica.closed else "removed" if me not in view.players else None
        playing = board is not None and not view.over and me in view.in_round and gone is None
        grid = self.grid
        with grid.hold_sync():
            if board is not None:
                grid.width, grid.height, grid.bonus = board.width, board.height, -1 if board.bonus is None else board.bonus
                grid.faces = [face for row in board.rows for face in row]  # as printed: H, Qu, Ñ
            else:  # covered until the teacher starts
                grid.faces = []
            grid.labels = cube_labels(grid.faces, grid.width, grid.height, board.bonus if board else None, lang)
            grid.disabled = not playing
            grid.hint = m("boggle.hint") if playing else ""
            if not view.over:
                grid.highlight = []
        left = int(view.seconds_left(self._now()) + 0.999)
        self.shown_second = left
        total = view.rules.seconds if view.rules is not None else 0
        self.timer.value = timer_html(left, total, lang) if board is not None else ""
        if board is None:
            status = _t(lang, "waiting")
        elif view.over:
            status = f"{_t(lang, 'round', n=view.round_no)} · {m('boggle.times_up')}"
            if view.ended_early:
                status += f" {_t(lang, 'ended')}"
        else:
            least = self.seat.replica.round.min_length_for(me) if me in view.in_round else 3  # type: ignore[union-attr]
            status = f"{_t(lang, 'round', n=view.round_no)} · {m('boggle.playing', least=least)}"
        if gone is not None:  # seen at the next poll, not at the next word
            status = _t(lang, gone)
        self.status.value = f"<p class='myword-status{' myword-room-gone' if gone else ''}'>{escape(status)}</p>"
        found = self.seat.found() if board is not None else ()
        if view.focus and not view.over and gone is None:  # a lesson board: how many focus words are hidden
            mine = len({p.word for p in found} & set(view.focus))
            lesson = f"{m('boggle.lesson_hidden', count=len(view.focus))} · " \
                     f"{m('boggle.lesson_found', found=mine, count=len(view.focus))}"
            self.status.value += f"<p class='myword-status boggle-lesson-status'>{escape(lesson)}</p>"
        for widget in (self.entry, self.send_button):
            widget.disabled = not playing
        _show(self.entry_row, playing)
        self.found.value = found_html(list(found), self.lexicon, lang)
        self.counts.value = counts_html(view.in_round, view.counts, lang, me=me, title=_t(lang, "others"))
        _show(self.found, not view.over)
        _show(self.counts, not view.over and len(view.in_round) > 1)
        result = view.result if board is not None else None
        if result is not None:
            target = view.rules.target if view.rules is not None else None
            self.result.value = result_html(result, self.lexicon, lang, players=view.in_round, me=me,
                                            round_number=view.round_no, totals=view.totals, target=target,
                                            winners=view.champions, game_over=bool(view.champions),
                                            show_totals=True)  # fmt: skip
            mine = [w for w, names in view.focus_found if me in names]
            self.lesson_review.value = lesson_html(list(view.focus), mine, list(view.focus_left_out), self.lexicon, lang)
            self.missed_words = focus_first(result.missed, view.focus)[:60]  # a lesson's focus words first
            words = [{"id": i, "text": spelled(word, self.lexicon), "hear": hear_button(spelled(word, self.lexicon), lang)}
                     for i, word in enumerate(self.missed_words)]
            if self.missed.words != words:
                self.missed.words, self.missed.selected = words, -1
            help_text = m("boggle.missed_help") if words else m("review.none")
            self.missed_head.value = (f"<h3>{escape(m('boggle.missed_title', count=len(result.missed)))}</h3>"
                                      f"<p>{escape(help_text)}</p>")  # fmt: skip
        else:
            self.result.value, self.missed_head.value, self.lesson_review.value = "", "", ""
            self.missed.words, self.missed.selected, self.missed_words = [], -1, ()
        _show(self.result, result is not None)
        _show(self.lesson_review, bool(self.lesson_review.value))
        _show(self.missed_box, result is not None)
