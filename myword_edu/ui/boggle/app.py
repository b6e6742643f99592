"""The Boggle app: the panels around a :class:`~myword_edu.ui.boggle.model.BoggleSession`.

Widgets turn intents into session calls and redraw from the session's
traits. No rule, score or word lookup lives here, and every handler is safe
when its button is disabled or hidden (a browser can send any click).

On a lesson board played by ear (``?lesson=ID&listen=1``) the page says each
planted word to find and never shows it (:mod:`myword_edu.ui.boggle.listen`).

The notebook ``notebooks/boggle.ipynb`` shows it inside a
:class:`~myword_edu.ui.boggle.page.BogglePage` ("Who are you?" or guest
practice); on its own::

    from myword_edu.ui.boggle.app import BoggleApp, boggle_settings_from_request, preload
    preload()
    app = BoggleApp(boggle_settings_from_request())
    app
"""

from __future__ import annotations

import logging
import time
from typing import Any, Callable

import ipywidgets as w

from myword_edu.boggle.bests import BestScores
from myword_edu.boggle.dice import DICE, DICE_LANG
from myword_edu.boggle.rules import MIN_LENGTH_RANGE, TARGETS
from myword_edu.i18n.game import message
from myword_edu.lexicon.wordlist import Lexicon, load_lexicon
from myword_edu.ui.widgets.game_view import GameView
from myword_edu.ui.boggle.grid import BoggleGrid, WordChips
from myword_edu.ui.boggle.model import BoggleSession, BPhase
from myword_edu.ui.boggle.panels import (best_html, cube_labels, counts_html, found_html, lesson_html, result_html, spelled,
                                         timer_html)
from myword_edu.ui.boggle.settings import BoggleSettings, boggle_settings_from_request
from myword_edu.ui.widgets.live import LiveRegion
from myword_edu.ui.boggle.listen import ListenRow
from myword_edu.ui.widgets.speech import hear_button
from myword_edu.ui.myword.panels import feedback_html
from myword_edu.ui.myword.settings import MAX_BOTS
from myword_edu.ui.widgets.style import style_tag

__all__ = ["BoggleApp", "boggle_settings_from_request", "preload", "BOGGLE_CSS"]

log = logging.getLogger(__name__)

_MINUTES = (1, 2, 3, 4, 5)

BOGGLE_CSS = """
.boggle-app .myword-title h1 { color: #1d4f91; }
.boggle-main { gap: 28px; }
.boggle-board-col { flex: 0 1 460px; min-width: 0; gap: 6px; align-items: center; }
.boggle-board-col > * { width: 100%; }
.boggle-side { flex: 1 1 380px; min-width: 0; gap: 8px; }
.boggle-top { justify-content: center; align-items: center; gap: 18px; min-height: 56px; }
.boggle-board-col .myword-status { text-align: center; font-size: 18px; }
.boggle-timer { display: flex; align-items: center; gap: 10px; font-weight: 800; }
.boggle-timer .boggle-clock { font-size: 34px; color: #1d4f91; min-width: 86px; font-variant-numeric: tabular-nums; }
.boggle-timer progress { width: 160px; height: 14px; }
.boggle-timer.boggle-low .boggle-clock { color: #c62828; }
.boggle-entry-row { justify-content: flex-start; }
.boggle-listen-row { min-height: 46px; align-items: center; } /* the same height before Start and after */
.boggle-listen p { margin: 0; font-size: 18px; font-weight: 700; color: #1d4f91; }
.boggle-entry input { font-size: 24px !important; height: 46px !important; letter-spacing: 0.06em;
  text-transform: uppercase; border: 3px solid #1d4f91 !important; border-radius: 8px; }
.boggle-entry input:placeholder-shown { text-transform: none; font-size: 18px !important; letter-spacing: 0; }
.boggle-entry { width: 320px; max-width: 100%; }
.boggle-app .boggle-entry-row button.jupyter-button { height: 46px; }
.boggle-app button.boggle-start { font-size: 22px; height: 52px; padding: 0 28px; background: #1d4f91; color: #fff; font-weight: 700; }
.boggle-found ol, .boggle-list { margin: 0; padding-left: 22px; font-size: 17px; max-height: 300px; overflow-y: auto; }
.boggle-list { list-style: none; padding-left: 0; display: flex; flex-wrap: wrap; gap: 4px 14px; max-height: none; }
.boggle-found .boggle-summary { margin: 0 0 4px; font-weight: 600; }
.boggle-pts { color: #1f6f4a; font-weight: 700; }
.boggle-x2 { color: #b3140b; font-weight: 800; }
.boggle-crossed { color: #8a8a8a; }
.boggle-crossed .boggle-pts { color: #8a8a8a; }
.boggle-best p { font-size: 18px; font-weight: 700; margin: 4px 0; color: #1d4f91; }
.boggle-new-best p { color: #8a4b00; font-size: 22px; }
.boggle-result h3 { margin: 8px 0 2px; }
.boggle-missed h3 { font-size: 17px; margin: 8px 0 2px; }
.boggle-missed p { margin: 0 0 4px; font-size: 15px; color: #444; }
.boggle-counts ul { margin: 0; padding-left: 20px; font-size: 17px; }
"""


def preload() -> None:
    """Load both word lists and their Boggle copies before the request, in a kernel kept ready.

    A kernel started for a visitor already waiting skips this: its page builds the one copy it
    needs when it needs it (building both took 0.08 CPU-s, measured, per page of a class arriving).
    """
    from myword_edu.boggle.solver import boggle_graph
    from myword_edu.ui.request import query_url

    if query_url() is None:  # not kept ready: the visitor is waiting
        return
    for lang in ("en", "es"):
        try:
            boggle_graph(load_lexicon(lang))
        except OSError:
            log.warning("the %s word list is missing", lang)


def _button(*classes: str) -> w.Button:
    return w.Button(layout=w.Layout(width="auto"), _dom_classes=["myword-btn", *classes])


def _show(widget: w.DOMWidget, visible: bool) -> None:
    if visible:
        widget.remove_class("myword-hidden")
    else:
        widget.add_class("myword-hidden")


class BoggleApp(GameView):
    """Boggle in the browser: solo practice ("beat your best") or against robots.

    Args:
        settings: see :class:`BoggleSettings` (default: English, solo, 3 minutes).
        lexicons: ``lang -> Lexicon`` (default: the shipped word lists).
        now: a monotonic clock (tests pass their own).
        bests: where personal bests are kept (default: this kernel's memory).
        recorder: records the student's words in the class store (see :mod:`.boggle_recorder`).
        locked: the teacher chose the settings: the page shows no settings and cannot change them.
    """

    def __init__(
        self,
        settings: BoggleSettings | None = None,
        *,
        lexicons: Callable[[str], Lexicon] = load_lexicon,
        now: Callable[[], float] = time.monotonic,
        bests: BestScores | None = None,
        recorder: Any = None,
        locked: bool = False,
        lessons: Callable[[str], Any] | None = None,
    ) -> None:
        self.locked = locked
        self._start(BoggleSession(settings, lexicons=lexicons, now=now, bests=bests, lessons=lessons),
                    recorder=recorder, now=now)  # fmt: skip

    # -- building ---------------------------------------------------------------------
    def _build(self) -> None:
        s = self.session.settings
        self.style = w.HTML(style_tag() + f"<style>{BOGGLE_CSS}</style>")
        self.title = w.HTML(_dom_classes=["myword-title"])
        self.lang_toggle = w.ToggleButtons(options=[("English", "en"), ("Español", "es")], value=s.lang)
        self.lang_toggle.style.button_width = "auto"
        narrow = w.Layout(width="auto")
        self.dice_pick = w.Dropdown(layout=narrow)
        self.minutes_pick = w.Dropdown(layout=narrow)
        self.min_pick = w.Dropdown(layout=narrow)
        self.bots_pick = w.Dropdown(options=list(range(MAX_BOTS + 1)), value=s.bots, layout=narrow)
        self.level_pick = w.Dropdown(layout=narrow)
        self.target_pick = w.Dropdown(layout=narrow)
        self.bonus_box = w.Checkbox(value=s.bonus, indent=False, layout=narrow)
        self.new_game_button = _button("boggle-new-game")
        self.settings_row = w.HBox(
            [self.dice_pick, self.minutes_pick, self.min_pick, self.bots_pick, self.level_pick, self.target_pick,
             self.bonus_box, self.new_game_button],
            _dom_classes=["myword-row", "myword-settings"],
        )  # fmt: skip
        self.status = LiveRegion(css_class="myword-status-box")
        self.timer = w.HTML()
        self.start_button = _button("boggle-start")
        self.grid = BoggleGrid(on_path=self._path, on_ready=self._ready)
        self.entry = w.Text(continuous_update=True, _dom_classes=["boggle-entry"], layout=w.Layout(width="auto"))
        self.send_button = _button("myword-primary", "boggle-send")
        self.feedback = LiveRegion(css_class="myword-feedback")
        self.next_round_button = _button("myword-primary", "boggle-next-round")
        self.play_again_button = _button("myword-primary", "boggle-play-again")
        self.result = w.HTML()
        self.lesson_review = w.HTML()  # a lesson board's focus words, found or not (once the round is over)
        self.missed_head = w.HTML()
        self.missed = WordChips(on_show=self._show_word)
        self.found = w.HTML()
        self.counts = w.HTML()
        self.best = w.HTML()
        self.listen = ListenRow(self.session)  # a lesson board played by ear

        self.lang_toggle.observe(self._on_lang, names="value")
        self.new_game_button.on_click(lambda _b: self.new_game())
        self.start_button.on_click(lambda _b: self.start())
        self.entry.on_msg(self._on_entry_message)
        self.send_button.on_click(lambda _b: self.send())
        self.next_round_button.on_click(lambda _b: self._next_round())
        self.play_again_button.on_click(lambda _b: self._play_again())

        header = w.HBox([self.title, self.lang_toggle], _dom_classes=["myword-row", "myword-header"])
        top = w.HBox([self.timer, self.start_button], _dom_classes=["myword-row", "boggle-top"])
        self.entry_row = w.HBox([self.entry, self.send_button], _dom_classes=["myword-row", "boggle-entry-row"])
        after = w.HBox([self.next_round_button, self.play_again_button], _dom_classes=["myword-row"])
        self.missed_box = w.VBox([self.missed_head, self.missed], _dom_classes=["boggle-missed"])
        board = w.VBox([top, self.status, self.grid], _dom_classes=["boggle-board-col"])
        side = w.VBox(
            # the result (scores, personal best) first, above the words to review: a tablet shows it without scrolling
            [self.listen.root, self.entry_row, self.feedback, after, self.result, self.best, self.lesson_review, self.missed_box, self.found, self.counts],
            _dom_classes=["boggle-side"],
        )
        main = w.HBox([board, side], _dom_classes=["myword-main", "boggle-main"])
        self.root = w.VBox([self.style, self.listen.speaker, header, self.settings_row, main], _dom_classes=["myword-app", "boggle-app"])
        if self.locked:  # the teacher's settings: nothing on the page can change them
            _show(self.settings_row, False)
            _show(self.lang_toggle, False)
            for widget in self.settings_row.children:
                widget.disabled = True
            self.lang_toggle.disabled = True

    # -- display ----------------------------------------------------------------------
    def __repr__(self) -> str:
        s = self.session.settings
        return f"<Boggle app, lang={s.lang!r}, dice={s.dice_set!r}, players={len(self.session.players)}>"

    # -- intents ----------------------------------------------------------------------
    def _ready(self) -> None:
        """The cubes are on the page: put the focus on Start."""
        if self.session.phase is BPhase.READY:
            self.start_button.focus()

    def start(self) -> None:
        """Uncover the cubes and start the clock."""
        self.session.start()
        self.entry.value = ""
        self.entry.focus()

    def carry_on(self, sent: Any, elapsed: float) -> None:
        """Carry on a saved round after a closed tab (see :meth:`BoggleSession.carry_on`)."""
        self.session.carry_on(sent, elapsed)
        self._redraw()

    def _path(self, cells: list[int]) -> None:
        self.session.submit_path(cells)

    def _on_entry_message(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            self.send()

    def send(self) -> None:
        """Send the word in the box."""
        feedback = self.session.submit(self.entry.value)
        if feedback.good or feedback.key not in _KEEP_TEXT:
            self.entry.value = ""
        self.grid.clear_path()
        self.entry.focus()

    def _show_word(self, chip: int) -> None:
        words = self.session.missed()
        if self.session.result is None or not 0 <= chip < len(words):
            return
        self.missed.selected = chip
        self.grid.highlight = self.session.path_of(words[chip])

    def _next_round(self) -> None:
        self.session.next_round()

    def _play_again(self) -> None:
        self.session.play_again()

    def new_game(self, **changes: Any) -> None:
        """A new game with the settings picked on the page (and ``changes``); locked: the same settings."""
        if self.locked:
            self.clock.stop()
            self.session.new_game(self.session.settings.with_changes(seed=None))
            self.entry.value = ""
            self._redraw()
            return
        picked = {
            "dice": self.dice_pick.value,
            "seconds": self.minutes_pick.value * 60,
            "min_length": self.min_pick.value or None,
            "bots": self.bots_pick.value,
            "level": self.level_pick.value,
            "bonus": self.bonus_box.value,
            "target": self.target_pick.value or None,
        }
        settings = self.session.settings.with_changes(**{**picked, **changes})
        self.clock.stop()
        self.session.new_game(settings)
        self.entry.value = ""
        self._relabel()
        self._redraw()

    def _on_lang(self, change: dict) -> None:
        if not self._relabeling and not self.locked and change["new"] != self.session.lang:
            self.new_game(lang=change["new"], dice=None)

    # -- drawing ----------------------------------------------------------------------
    def _on_session(self, change: dict) -> None:
        if change["name"] == "seconds_left":  # every second: only the countdown changes
            self.timer.value = timer_html(self.session.seconds_left, self.session.settings.seconds, self.session.lang)
            return
        if change["name"] == "heard":  # the next word to find by ear: say it now
            self.listen.said(change["new"])
        self._redraw()

    def _relabel_all(self) -> None:
        s = self.session.settings
        lang = s.lang
        m = lambda key, **v: message(lang, key, **v)  # noqa: E731
        self.title.value = f"<h1>{m('boggle.title')}</h1><p>{m('boggle.tagline')}</p>"
        self.lang_toggle.value = lang
        self.lang_toggle.tooltips = [m("lang.label")] * 2
        self.dice_pick.options = [(m(f"boggle.dice.{d}"), d) for d in DICE if DICE_LANG[d] == lang]
        self.dice_pick.value = s.dice_set
        self.dice_pick.description = m("boggle.settings.dice")
        minutes = sorted({*_MINUTES, max(1, round(s.seconds / 60))})
        self.minutes_pick.options = [(str(n), n) for n in minutes]
        self.minutes_pick.value = max(1, round(s.seconds / 60))
        self.minutes_pick.description = m("boggle.settings.time")
        self.min_pick.options = [(m("boggle.min.auto"), 0)] + [(str(n), n) for n in MIN_LENGTH_RANGE]
        self.min_pick.value = s.min_length or 0
        self.min_pick.description = m("boggle.settings.min")
        self.bots_pick.value = s.bots
        self.bots_pick.description = m("settings.bots")
        self.level_pick.options = [(m(f"level.{v}"), v) for v in ("easy", "medium", "hard")]
        self.level_pick.value = s.level
        self.level_pick.description = m("boggle.settings.level")
        self.target_pick.options = [(m("boggle.target.none"), 0)] + [(m("boggle.target.points", target=t), t) for t in TARGETS]
        self.target_pick.value = s.target or 0
        self.target_pick.description = m("boggle.settings.target")
        self.bonus_box.value = s.bonus
        self.bonus_box.description = m("boggle.settings.bonus")
        for widget in (self.dice_pick, self.minutes_pick, self.min_pick, self.bots_pick, self.level_pick, self.target_pick):
            widget.style.description_width = "initial"
        self.new_game_button.description = m("button.new_game")
        self.start_button.description = m("boggle.start")
        self.entry.description = m("boggle.entry_label")
        self.entry.placeholder = m("boggle.entry_placeholder")
        self.entry.style.description_width = "initial"
        self.send_button.description = m("boggle.send")
        self.next_round_button.description = m("button.next_round")
        self.play_again_button.description = m("button.play_again")
        self.grid.label = m("boggle.grid")
        self.grid.path_label = m("boggle.path_label")
        self.missed.label = m("boggle.missed_label")

    def _redraw(self) -> None:
        s = self.session
        lang = s.lang
        m = lambda key, **v: message(lang, key, **v)  # noqa: E731
        playing = s.phase is BPhase.PLAYING
        over = s.phase in (BPhase.ROUND_OVER, BPhase.GAME_OVER)
        grid = self.grid
        if grid.width != s.width or grid.height != s.height:
            grid.highlight = []
        with grid.hold_sync():
            grid.width, grid.height = s.width, s.height
            grid.faces = list(s.faces)
            grid.bonus = s.bonus
            grid.labels = cube_labels(s.faces, s.width, s.height, s.bonus, lang)
            grid.disabled = not playing
            grid.hint = "" if over else m("boggle.hint")
            if not over:
                grid.highlight = []
        self.timer.value = timer_html(s.seconds_left, s.settings.seconds, lang)
        if s.phase is BPhase.READY:
            status = m("boggle.ready", time=_duration(s.settings.seconds, lang))
        elif playing:
            status = m("boggle.playing", least=s.min_length)
        else:
            status = m("boggle.times_up")
        self.status.html = f'<div class="myword-status">{_esc(status)}</div>'
        if s.focus and not over:  # a lesson board: how many focus words are hidden (the words only at the end)
            lesson = m("boggle.lesson_hidden", count=len(s.focus))
            if playing:
                lesson += " · " + m("boggle.lesson_found", found=len(s.focus_found), count=len(s.focus))
            self.status.html += f'<div class="myword-status boggle-lesson-status">{_esc(lesson)}</div>'
        _show(self.listen.root, self.listen.draw(s.phase in (BPhase.READY, BPhase.PLAYING)))
        for widget in (self.entry, self.send_button):
            widget.disabled = not playing
        self.start_button.disabled = s.phase is not BPhase.READY
        _show(self.start_button, s.phase is BPhase.READY)
        _show(self.entry_row, not over)
        self.feedback.html = feedback_html(s.feedback, lang, me=s.student) if s.feedback is not None else ""
        self.found.value = found_html(s.found, s.lexicon, lang)
        self.counts.value = counts_html(s.players, s.counts, lang, me=s.student)
        _show(self.found, not over)  # the review lists everyone's words
        _show(self.counts, not over and not s.is_solo)
        self.best.value = best_html(s.best, s.new_best, lang) if s.is_solo else ""
        _show(self.best, s.is_solo)
        tournament_next = s.phase is BPhase.ROUND_OVER and s.settings.target is not None
        _show(self.next_round_button, tournament_next)
        self.next_round_button.disabled = not tournament_next
        again = s.phase is BPhase.GAME_OVER or (s.phase is BPhase.ROUND_OVER and s.settings.target is None)
        _show(self.play_again_button, again)
        self.play_again_button.disabled = not again
        if over and s.result is not None:
            self.result.value = result_html(
                s.result, s.lexicon, lang, players=s.players, me=s.student, round_number=s.round_number,
                totals=s.totals, target=s.settings.target, winners=s.winners, game_over=s.phase is BPhase.GAME_OVER,
            )  # fmt: skip
            self.lesson_review.value = lesson_html(s.focus, s.focus_found, list(s.focus_left_out), s.lexicon, lang)
            missed = s.missed()
            words = [{"id": i, "text": spelled(word, s.lexicon), "hear": hear_button(spelled(word, s.lexicon), lang)}
                     for i, word in enumerate(missed)]
            if self.missed.words != words:
                self.missed.words = words
                self.missed.selected = -1
            help_text = m("boggle.missed_help") if missed else m("review.none")
            self.missed_head.value = f"<h3>{_esc(m('boggle.missed_title', count=len(missed)))}</h3><p>{_esc(help_text)}</p>"
        else:
            self.result.value = ""
            self.lesson_review.value = ""
            self.missed.words = []
            self.missed.selected = -1
            self.missed_head.value = ""
        _show(self.result, over)
        _show(self.lesson_review, over and bool(self.lesson_review.value))
        _show(self.missed_box, over)

# Answers that leave the typed text in the box to fix it: nothing happened in the game.
_KEEP_TEXT = frozenset(f"reason.{r}" for r in ("empty", "too_long", "bad_characters", "wrong_alphabet"))


def _esc(text: str) -> str:
    from html import escape

    return escape(text, quote=True)


def _duration(seconds: int, lang: str) -> str:
    if seconds % 60:
        return message(lang, "boggle.seconds", seconds=seconds)
    return message(lang, "boggle.minutes", minutes=seconds // 60)
