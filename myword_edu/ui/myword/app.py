"""The student app: the panels around a :class:`~myword_edu.ui.myword.model.Session`.

Widgets turn intents into session calls (``select``, ``submit``, ``pause``...)
and redraw from the session's traits. No rule, score or word lookup lives
here. Every handler is safe to call when its button is disabled or hidden: a
browser can send any click or trait value, and the session and the engine
check everything.

The notebook ``notebooks/myword.ipynb`` is only::

    from myword_edu.ui import StudentApp, preload, settings_from_request
    preload()
    app = StudentApp(settings_from_request())
    app
"""

from __future__ import annotations

import time
from typing import Any, Callable

import ipywidgets as w

from myword_edu.i18n.game import message
from myword_edu.lexicon.wordlist import Lexicon, load_lexicon
from myword_edu.ui.widgets.game_view import GameView
from myword_edu.ui.widgets.live import LiveRegion
from myword_edu.ui.widgets.speech import Speaker
from myword_edu.ui.myword.model import Phase, Session
from myword_edu.ui.myword.listen import ListenBar, ListenSession
from myword_edu.ui.myword.panels import (
    deck_counter, feed_html, feedback_html, review_html, scoreboard, status_line, table_over_text,
)
from myword_edu.ui.myword.settings import MAX_BOTS, Mode, Settings
from myword_edu.ui.widgets.style import style_tag
from myword_edu.ui.myword.table import CardTable, card_views

__all__ = ["StudentApp"]

_PACES = (1.5, 3.0, 5.0, 8.0)


def _button(*classes: str) -> w.Button:
    return w.Button(layout=w.Layout(width="auto"), _dom_classes=["myword-btn", *classes])


class StudentApp(GameView):
    """MyWord! in the browser: practice against robots, or the class screen.

    Args:
        settings: see :class:`~myword_edu.ui.myword.settings.Settings` (default: English, one easy robot).
        lexicons: ``lang -> Lexicon`` (default: the shipped word lists).
        now: a monotonic clock (tests pass their own).
    """

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        lexicons: Callable[[str], Lexicon] = load_lexicon,
        now: Callable[[], float] = time.monotonic,
        recorder: Any = None,
        locked: bool = False,
        lessons: Callable[[str], Any] | None = None,
    ) -> None:
        listening = settings is not None and settings.listen and settings.lesson is not None
        kind = ListenSession if listening else Session  # "Listen and build": the app says the words
        self.locked = locked  # a student on the class list: the teacher's settings, not the page's
        self._shown = False
        self._start(kind(settings, lexicons=lexicons, now=now, lessons=lessons), recorder=recorder, now=now)

    # -- building ---------------------------------------------------------------
    def _build(self) -> None:
        s = self.session.settings
        self.style = w.HTML(style_tag())
        self.title = w.HTML(_dom_classes=["myword-title"])
        self.lang_toggle = w.ToggleButtons(options=[("English", "en"), ("Español", "es")], value=s.lang)
        self.lang_toggle.style.button_width = "auto"
        self.mode_toggle = w.ToggleButtons(options=[("", "practice"), ("", "projector")], value=s.mode)
        self.mode_toggle.style.button_width = "auto"
        self.bots_pick = w.Dropdown(options=list(range(MAX_BOTS + 1)), value=s.bots, layout=w.Layout(width="160px"))
        self.level_pick = w.Dropdown(options=[("", "easy"), ("", "medium"), ("", "hard")], value=s.level,
                                     layout=w.Layout(width="220px"))
        paces = sorted({*_PACES, s.pace})
        self.pace_pick = w.Dropdown(options=[(f"{p:g}", p) for p in paces], value=s.pace, layout=w.Layout(width="210px"))
        self.names_box = w.Text(value=", ".join(s.students), layout=w.Layout(width="320px"))
        self.new_game_button = _button()
        self.settings_row = w.HBox(
            [self.bots_pick, self.level_pick, self.pace_pick, self.names_box, self.new_game_button],
            _dom_classes=["myword-row", "myword-settings"],
        )
        self.deck = w.HTML()
        self.status = LiveRegion(css_class="myword-status-box")
        self.pause_button = _button()
        self.next_button = _button()
        self.table = CardTable(on_pick=self._pick, on_ready=self._ready)
        self.entry = w.Text(continuous_update=True, _dom_classes=["myword-entry"], layout=w.Layout(width="auto"))
        self.who_pick = w.Dropdown(options=[], layout=w.Layout(width="240px"))
        self.call_button = _button("myword-primary", "myword-call")
        self.undo_button = _button("myword-undo")
        self.clear_button = _button("myword-clear")
        self.feedback = LiveRegion(css_class="myword-feedback")
        self.scores = w.HTML()
        self.feed = w.HTML()
        self.review = w.HTML()
        self.next_round_button = _button("myword-primary", "myword-next-round")
        self.play_again_button = _button("myword-primary", "myword-play-again")
        self.speaker = Speaker()
        self.listen_bar = ListenBar(self.session, self.speaker)

        self.lang_toggle.observe(self._on_lang, names="value")
        self.mode_toggle.observe(self._on_mode, names="value")
        self.new_game_button.on_click(lambda _b: self.new_game())
        self.pause_button.on_click(lambda _b: self.toggle_pause())
        self.next_button.on_click(lambda _b: self.session.deal_next())
        self.entry.on_msg(self._on_entry_message)
        self.call_button.on_click(lambda _b: self.call())
        self.undo_button.on_click(lambda _b: self.session.undo())
        self.clear_button.on_click(lambda _b: self._clear())
        self.next_round_button.on_click(lambda _b: self._next_round())
        self.play_again_button.on_click(lambda _b: self._play_again())

        header = w.HBox([self.title, self.lang_toggle, self.mode_toggle], _dom_classes=["myword-row", "myword-header"])
        controls = w.HBox([self.deck, self.pause_button, self.next_button, self.status], _dom_classes=["myword-row"])
        call_row = w.HBox(
            [self.entry, self.who_pick, self.call_button, self.undo_button, self.clear_button],
            _dom_classes=["myword-row", "myword-call-row"],
        )
        after = w.HBox([self.next_round_button, self.play_again_button], _dom_classes=["myword-row"])
        self.call_row = call_row
        # The round's end is laid over the table (style.py: .myword-over): nothing below it moves.
        self.over_box = w.VBox([after, self.review], _dom_classes=["myword-over", "myword-hidden"])
        play = w.VBox([controls, self.listen_bar.root, self.table, call_row, self.feedback, self.over_box],
                      _dom_classes=["myword-play"])  # fmt: skip
        side = w.VBox([self.scores, self.feed], _dom_classes=["myword-side"])
        main = w.HBox([play, side], _dom_classes=["myword-main"])
        self.root = w.VBox([self.style, self.speaker, header, self.settings_row, main], _dom_classes=["myword-app"])
        if self.locked:
            for widget in (self.lang_toggle, self.mode_toggle, self.settings_row):
                _show(widget, False)

    # -- display --------------------------------------------------------------
    def __repr__(self) -> str:
        s = self.session.settings
        return f"<MyWord! {s.mode} app, lang={self.session.lang!r}, players={len(self.session.players)}>"

    # -- intents ----------------------------------------------------------------
    def _ready(self) -> None:
        """The table is on the page: start dealing and put the cursor in the word box."""
        self._shown = True
        self.session.start()
        self.entry.focus()

    def carry_on(self, saved: Any) -> None:
        """Carry on a saved game of these settings (see :meth:`Session.carry_on`)."""
        self.session.carry_on(saved)
        self._redraw()

    def _pick(self, card_id: int) -> None:
        self.session.select(card_id)

    def _on_entry_message(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            self.call()

    def call(self) -> None:
        """Call the word in the word box (or spelt by the picked cards)."""
        player = self.who_pick.value if self.session.settings.mode_enum is Mode.PROJECTOR else None
        if self.session.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            return
        feedback = self.session.submit(self.entry.value, player=player)
        if feedback.key not in _KEEP_TEXT:
            self.entry.value = ""
        self.entry.focus()

    def _clear(self) -> None:
        self.session.clear()
        self.entry.value = ""
        self.entry.focus()

    def toggle_pause(self) -> None:
        if self.session.paused:
            self.session.resume()
        else:
            self.session.pause()

    def _next_round(self) -> None:
        self.session.next_round()
        self.entry.focus()

    def _play_again(self) -> None:
        self.session.play_again()
        self.entry.focus()

    def new_game(self, **changes: Any) -> None:
        """A new game with the settings picked on the page (and ``changes``).

        A locked app (a student on the class list) keeps the teacher's settings.
        """
        settings = self.session.settings if self.locked else self.session.settings.with_changes(
            bots=self.bots_pick.value,
            level=self.level_pick.value,
            pace=self.pace_pick.value,
            students=self.names_box.value,
            **changes,
        )
        self.clock.stop()
        self.session.new_game(settings)
        self.entry.value = ""
        self._relabel()
        self._redraw()
        if self._shown:
            self.session.start()
            self.entry.focus()

    def _on_lang(self, change: dict) -> None:
        if self.locked:  # a forged switch: the teacher chose this student's language
            self._relabel()
            return
        if not self._relabeling and change["new"] != self.session.lang:
            self.new_game(lang=change["new"])

    def _on_mode(self, change: dict) -> None:
        if self.locked:
            self._relabel()
            return
        if not self._relabeling and change["new"] != self.session.settings.mode:
            self.new_game(mode=change["new"])

    # -- drawing ----------------------------------------------------------------
    def _on_session(self, change: dict) -> None:
        self._redraw()

    def _relabel_all(self) -> None:
        lang = self.session.lang
        m = lambda key, **v: message(lang, key, **v)  # noqa: E731
        projector = self.session.settings.mode_enum is Mode.PROJECTOR
        tagline = m("app.tagline_projector" if projector else "app.tagline_listen" if self.listen_bar.active else "app.tagline")
        self.title.value = f"<h1>{m('app.title')}</h1><p>{tagline}</p>"
        self.lang_toggle.tooltips = [m("lang.label")] * 2
        self.lang_toggle.value = lang
        self.mode_toggle.options = [(m("mode.practice"), "practice"), (m("mode.projector"), "projector")]
        self.mode_toggle.value = self.session.settings.mode
        self.bots_pick.description = m("settings.bots")
        self.level_pick.options = [(m(f"level.{v}"), v) for v in ("easy", "medium", "hard")]
        self.level_pick.value = self.session.settings.level
        self.level_pick.description = m("settings.level")
        self.pace_pick.description = m("settings.pace")
        self.names_box.description = m("settings.names")
        self.names_box.placeholder = m("settings.names_placeholder")
        self.new_game_button.description = m("button.new_game")
        self.next_button.description = m("button.next_card")
        self.entry.description = m("entry.label")
        self.entry.placeholder = m("entry.placeholder")
        self.who_pick.description = m("who.label")
        self.call_button.description = m("button.call")
        self.undo_button.description = m("button.undo")
        self.clear_button.description = m("button.clear")
        self.next_round_button.description = m("button.next_round")
        self.play_again_button.description = m("button.play_again")
        self.table.label = m("table.label")
        for widget in (self.bots_pick, self.level_pick, self.pace_pick, self.names_box, self.entry, self.who_pick):
            widget.style.description_width = "initial"
        _show(self.bots_pick, not projector)
        _show(self.level_pick, not projector)
        _show(self.names_box, projector)
        _show(self.who_pick, projector)
        _show(self.pause_button, not projector and not self.listen_bar.active)
        _show(self.next_button, not self.listen_bar.active)  # "Listen and build" deals up to each word itself
        names = list(self.session.players)
        self.who_pick.options = names
        self.who_pick.value = names[0] if names else None

    def _redraw(self) -> None:
        s = self.session
        lang = s.lang
        with self.table.hold_sync():  # one message: the view knows which cards leave toward whom as they go
            self.table.leaving = [{"id": f.card_id, "taker": f.player} for f in s.leaving]
            self.table.cards = card_views(s.table, lang, newest=s.newest, selected=s.selection)
        self.table.selected = list(s.selection)
        playing = s.phase in (Phase.READY, Phase.DEALING, Phase.LAST_CALL)
        self.table.disabled = not playing
        over = s.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
        self.table.empty_text = message(lang, "table.empty") if not over else table_over_text(s.phase, lang)
        self.deck.value = deck_counter(s.cards_left, s.deck_size, s.round_number, s.rounds, lang)
        listening = self.listen_bar.active and s.phase is Phase.DEALING  # (the listening bar says what to do)
        self.status.html = "" if listening else status_line(s.phase, s.paused, s.last_call_left, lang)
        self.pause_button.description = message(lang, "button.resume" if s.paused else "button.pause")
        self.pause_button.disabled = s.phase not in (Phase.DEALING, Phase.LAST_CALL)
        self.next_button.disabled = not (s.phase in (Phase.READY, Phase.DEALING) and s.cards_left > 0)
        for widget in (self.entry, self.call_button, self.who_pick):
            widget.disabled = not playing
        self.undo_button.disabled = not (playing and s.selection)
        self.clear_button.disabled = not playing
        self.feedback.html = feedback_html(s.feedback if not over else None, lang, me=s.student)
        self.scores.value = scoreboard(s.players, s.scores, s.totals, lang, me=s.student)
        self.feed.value = feed_html(s.feed, lang, me=s.student)
        self.review.value = review_html(
            s.review if over else None, lang, players=s.players, totals=s.totals, winners=s.winners,
            game_over=s.phase is Phase.GAME_OVER, me=s.student,
        )  # fmt: skip
        _show(self.over_box, over)
        _show(self.next_round_button, s.phase is Phase.ROUND_OVER)
        self.next_round_button.disabled = s.phase is not Phase.ROUND_OVER
        _show(self.play_again_button, s.phase is Phase.GAME_OVER)
        self.play_again_button.disabled = s.phase is not Phase.GAME_OVER
        self.listen_bar.redraw()


# Answers that leave the typed text in the box to fix it: nothing happened in the game.
_KEEP_TEXT = frozenset(
    f"reason.{r}" for r in ("empty", "too_long", "bad_characters", "wrong_alphabet", "no_player", "wrong_language")
)


def _show(widget: w.DOMWidget, visible: bool) -> None:
    if visible:
        widget.remove_class("myword-hidden")
    else:
        widget.add_class("myword-hidden")
