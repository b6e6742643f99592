"""The Boggle half of the teacher's "Live room" tab: the round's settings, and a Boggle room's board,
countdown, each player's words as they write them, and the end of the round.

:class:`BoggleRoomControls` belongs to :class:`~myword_edu.ui.teacher.room.RoomTab`.
Its settings (dice, minutes, shortest word, red bonus cube) open a Boggle room
and start each round; the dice decide the room's language, so a round cannot
switch to dice of another language. A room can be opened with a lesson of the
dice's language (:mod:`~myword_edu.ui.teacher.lesson_choice`): each board then
has its focus words planted, and the tab says how many are hidden and, at the
end, who found each (:mod:`~myword_edu.ui.teacher.room_boggle_lesson`). What it shows comes from the room's log
(:meth:`~myword_edu.rooms.live.TeacherRoom.view`, :meth:`~myword_edu.rooms.live.TeacherRoom.found`),
never from a synced trait: the settings a page sends are checked again on each
click (:meth:`BoggleRoomControls.rules`).

Test hooks: ``.myword-room-dice``, ``.myword-room-minutes``,
``.myword-room-min-length``, ``.myword-room-bonus``, ``.myword-room-boggle-lesson`` (the settings);
``.myword-room-boggle-focus`` (a lesson room's focus words);
``.myword-room-boggle-board`` holds ``div.boggle-grid button.boggle-cube``
(``data-face`` once the round started); ``.myword-room-boggle-timer`` (the
countdown); ``.myword-room-boggle-lists`` (each player's words while the round
runs, ``div.myword-room-boggle-player[data-player]``; at the end the result,
``.myword-room-boggle-result``, with crossed-out words in ``<s>`` inside
``li.boggle-crossed`` and the scores in ``td.boggle-score[data-player]``).

>>> from datetime import datetime, timedelta
>>> from myword_edu.rooms.boggle_replica import BoggleReplica
>>> from myword_edu.rooms.replica import RoomEvent
>>> from myword_edu.lexicon.wordlist import Lexicon
>>> lex = Lexicon.from_words(["cat", "act", "scat"], blocked=[])
>>> replica, t0 = BoggleReplica("en", "board:C A / T S", {"en": lex}), datetime(2026, 1, 1, 9)
>>> log = [("join", "Ana", None, "en"), ("join", "Ben", None, "en"),
...        ("start", 1, {"dice": "new", "seconds": 60, "min_length": None, "bonus": False}),
...        ("word", 1, "Ana", "cat", None), ("word", 1, "Ben", "cat", None), ("word", 1, "Ana", "scat", None)]
>>> for seq, intent in enumerate(log, 1):
...     _ = replica.apply(RoomEvent(seq, intent[0], None, intent, None, t0))
>>> html = live_lists_html(replica.view(t0), {p: replica.found(p) for p in ("Ana", "Ben")}, lex, "en")
>>> "2 words" in html and "SCAT" in html
True
>>> html = result_lists_html(replica.view(t0 + timedelta(minutes=2)), lex, "en")
>>> "<s>CAT</s>" in html, 'data-player="Ana">1<' in html
(True, True)
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING, Any, Mapping, Sequence

import ipywidgets as w

from myword_edu.i18n.rooms import room_words
from myword_edu.boggle.dice import DICE, DICE_LANG, dice_size
from myword_edu.boggle.round import Play
from myword_edu.boggle.review import leaders
from myword_edu.boggle.rules import MIN_LENGTH_RANGE, MINUTES_RANGE, TARGETS, BoggleRules, BoggleRulesError
from myword_edu.classroom.boggle_store import class_rules
from myword_edu.rooms.boggle_replica import BoggleReplica, BoggleRoomView
from myword_edu.core.errors import MyWordError
from myword_edu.i18n.game import about_players, join_names, message
from myword_edu.rooms.replica import RoomError
from myword_edu.ui.boggle.app import BOGGLE_CSS
from myword_edu.ui.boggle.grid import BoggleGrid
from myword_edu.ui.boggle.panels import cube_labels, spelled, timer_html
from myword_edu.boggle.review import focus_first
from myword_edu.ui.teacher.lesson_choice import LessonChoice
from myword_edu.ui.teacher.room_boggle_lesson import focus_found_html, lesson_status_html

if TYPE_CHECKING:  # pragma: no cover
    from myword_edu.lexicon.wordlist import Lexicon
    from myword_edu.myword.lesson_library import LessonLibrary
    from myword_edu.myword.lessons import Lesson
    from myword_edu.rooms.live import TeacherRoom

__all__ = ["BoggleRoomControls", "live_lists_html", "result_lists_html", "boggle_text"]

#: How many of the words nobody found the end of a round lists (the most common first).
MISSED_SHOWN = 30


_CSS = """
.myword-room-boggle { gap: 24px; align-items: flex-start; flex-wrap: wrap; }
.myword-room-boggle-left { flex: 0 1 440px; min-width: 0; align-items: center; }
.myword-room-boggle-lists { flex: 1 1 360px; min-width: 0; }
.myword-room-boggle-player h4 { margin: 8px 0 2px; font-size: 17px; }
.myword-room-boggle-player ol { margin: 0; display: flex; flex-wrap: wrap; gap: 2px 14px; padding-left: 0;
  list-style: none; font-size: 16px; }
.myword-room-boggle-result table { border-collapse: collapse; font-size: 17px; }
.myword-room-boggle-result th, .myword-room-boggle-result td { padding: 2px 12px; text-align: left; }
.myword-room-boggle-result td.num, .myword-room-boggle-result th.num { text-align: right; }
.myword-room-boggle-result .boggle-missed-words { color: #444; }
"""


def boggle_text(lang: str, key: str, **values: Any) -> str:
    """A message of the Boggle half in the panel's language.

    >>> boggle_text("es", "count", count=3)
    '3 palabras'
    """
    return room_words(lang, f"room_tab_boggle.{key}", **values)


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _count(lang: str, count: int) -> str:
    return boggle_text(lang, "count", count=count)


def _item(text: str, points: int, *, bonus: bool = False, crossed: bool = False) -> str:
    mark = ' <span class="boggle-x2">×2</span>' if bonus else ""
    word = f"<s>{_e(text)}</s>" if crossed else _e(text)
    cls = ' class="boggle-crossed"' if crossed else ""
    return f'<li{cls}><span class="boggle-word">{word}</span>{mark} <span class="boggle-pts">+{points}</span></li>'


def live_lists_html(view: BoggleRoomView, found: Mapping[str, Sequence[Play]], lexicon: "Lexicon", lang: str,
                    *, show_words: bool = True) -> str:  # fmt: skip
    """While the round runs: each player's count of words, points so far and (``show_words``) the
    words, newest first."""
    parts = [f"<h3>{_e(boggle_text(lang, 'live_title'))}</h3>"]
    if not view.in_round:
        parts.append(f"<p>{_e(boggle_text(lang, 'nobody'))}</p>")
    for name in view.in_round:
        plays = list(found.get(name, ()))
        points = sum(p.points for p in plays)
        head = f"{_e(name)} · {_e(_count(lang, view.counts.get(name, len(plays))))} · {_e(boggle_text(lang, 'points', points=points))}"
        items = "".join(_item(spelled(p.word, lexicon), p.points, bonus=p.bonus) for p in reversed(plays))
        body = f"<ol>{items}</ol>" if plays else f"<p>{_e(boggle_text(lang, 'none_yet'))}</p>"
        if not show_words:  # the screen may be projected: counts and points only
            body = ""
        parts.append(f'<div class="myword-room-boggle-player" data-player="{_e(name)}"><h4>{head}</h4>{body}</div>')
    return "".join(parts)


def result_lists_html(view: BoggleRoomView, lexicon: "Lexicon", lang: str) -> str:
    """The end of the round, to read to the class: scores and totals, each list with the shared
    words crossed out, and some words nobody found."""
    result = view.result
    if result is None:
        return ""
    m = lambda key, **v: message(lang, key, **v)  # noqa: E731
    players = list(view.in_round)
    title = boggle_text(lang, "over_early" if view.ended_early else "over", n=view.round_no)
    parts = [f'<div class="myword-room-boggle-result boggle-result"><h3>{_e(title)}</h3>']
    if players:
        top, best = leaders(result.scores, players)
        key = "boggle.round_tie" if len(top) > 1 else "boggle.round_winner"
        parts.append(f'<p class="boggle-round-winner">{_e(about_players(lang, key, top, points=best))}</p>')
    head = (f"<tr><th>{_e(boggle_text(lang, 'player'))}</th><th class='num'>{_e(boggle_text(lang, 'words'))}</th>"
            f"<th class='num'>{_e(boggle_text(lang, 'round_points'))}</th>"
            f"<th class='num'>{_e(boggle_text(lang, 'totals'))}</th></tr>")  # fmt: skip
    rows = "".join(
        f'<tr><td class="myword-player">{_e(p)}</td><td class="num">{len(result.words.get(p, ()))}</td>'
        f'<td class="num boggle-score" data-player="{_e(p)}">{result.scores.get(p, 0)}</td>'
        f'<td class="num boggle-total" data-player="{_e(p)}">{view.totals.get(p, 0)}</td></tr>'
        for p in players
    )
    parts.append(f"<table>{head}{rows}</table>")
    if view.champions and view.rules is not None:
        line = boggle_text(lang, "champion", names=join_names(view.champions, lang), people=len(view.champions), target=view.rules.target)
        parts.append(f'<p class="myword-winner myword-room-champion">{_e(line)}</p>')
    for name in players:
        scored = result.words.get(name, ())
        items = "".join(_item(spelled(s.word, lexicon), s.points, bonus=s.bonus and not s.crossed, crossed=s.crossed)
                        for s in scored)  # fmt: skip
        body = f'<ul class="boggle-list">{items}</ul>' if scored else f"<p>{_e(m('review.none'))}</p>"
        parts.append(f'<div class="myword-room-boggle-player" data-player="{_e(name)}"><h4>{_e(name)}</h4>{body}</div>')
    if result.shared:
        shared = ", ".join(spelled(word, lexicon) for word in sorted(result.shared))
        parts.append(f'<p class="boggle-shared">{_e(m("boggle.crossed_note", words=shared))}</p>')
    if any(s.bonus and not s.crossed for scored in result.words.values() for s in scored):
        parts.append(f'<p class="boggle-bonus-note">{_e(m("boggle.bonus_note"))}</p>')
    if result.missed:  # a lesson's focus words first
        shown = [spelled(word, lexicon) for word in focus_first(result.missed, view.focus)[:MISSED_SHOWN]]
        line = boggle_text(lang, "missed", shown=len(shown), count=len(result.missed))
        parts.append(f'<p class="boggle-missed-words">{_e(line)} {_e(", ".join(shown))}</p>')
    else:
        parts.append(f'<p class="boggle-missed-words">{_e(boggle_text(lang, "missed_none"))}</p>')
    parts.append("</div>")
    return "".join(parts)


class BoggleRoomControls:
    """The Boggle settings of the Live room tab and a Boggle room's live board, clock and lists.

    Args:
        lang: the panel's language.
        defaults: the class's Boggle settings (the controls start with them).
        library: the lessons a room can be opened with (None: no lesson choice but "No lesson").
    """

    def __init__(self, lang: str, defaults: BoggleRules | None = None, library: "LessonLibrary | None" = None) -> None:
        self.lang = lang
        rules = defaults if defaults is not None else BoggleRules()
        t = self.t
        self.dice = w.Dropdown(options=[(t(f"dice.{d}"), d) for d in DICE], value=rules.dice, description=t("dice"),
                               _dom_classes=["myword-room-dice"])  # fmt: skip
        self.minutes = w.Dropdown(options=[(str(n), n) for n in MINUTES_RANGE], value=rules.minutes,
                                  description=t("minutes"), _dom_classes=["myword-room-minutes"])  # fmt: skip
        self.min_length = w.Dropdown(options=[(t("board_min"), 0)] + [(str(n), n) for n in MIN_LENGTH_RANGE],
                                     value=rules.min_length or 0, description=t("min_length"),
                                     _dom_classes=["myword-room-min-length"])  # fmt: skip
        self.bonus = w.Checkbox(value=False, description=t("bonus"), indent=False, layout=w.Layout(width="auto"),
                                _dom_classes=["myword-room-bonus"])  # fmt: skip
        for widget in (self.dice, self.minutes, self.min_length):
            widget.style.description_width = "initial"
        self.minutes.layout.width = "150px"
        self.target = w.Dropdown(options=[(t("target.none"), 0)] + [(t("target.points", points=n), n) for n in TARGETS],
                                 value=0, description=t("target"), _dom_classes=["myword-room-target"])  # fmt: skip
        self.target.style.description_width = "initial"
        self.target.layout.width = "300px"
        self.lesson_choice = LessonChoice(lang, library, "myword-room-boggle-lesson")
        self.lesson_choice.dropdown.style.description_width = "initial"
        self.dice.observe(lambda _c: self.list_lessons(), names="value")  # a lesson in the dice's language
        self.list_lessons()
        self.settings = w.HBox([self.dice, self.minutes, self.min_length, self.target, self.bonus,
                                self.lesson_choice.dropdown],
                               layout=w.Layout(flex_flow="row wrap", align_items="center"))  # fmt: skip
        self.grid = BoggleGrid(on_path=lambda _cells: None, disabled=True, _dom_classes=["myword-room-boggle-board"])
        self.grid.label = message(lang, "boggle.grid")
        self.timer = w.HTML(_dom_classes=["myword-room-boggle-timer"])
        self.lists = w.HTML(_dom_classes=["myword-room-boggle-lists"])
        self.focus = w.HTML(_dom_classes=["myword-room-boggle-focus"])
        self.show_words = w.Checkbox(value=True, description=t("show_words"), indent=False,
                                     layout=w.Layout(width="auto"), _dom_classes=["myword-room-show-words"])  # fmt: skip
        self.show_words.observe(lambda _c: self._forget_drawn(), names="value")
        left = w.VBox([self.timer, self.grid, self.focus], _dom_classes=["myword-room-boggle-left"])
        self.live = w.VBox([w.HTML(f"<style>{BOGGLE_CSS}{_CSS}</style>"), self.show_words,
                            w.HBox([left, self.lists], _dom_classes=["myword-room-boggle"])])  # fmt: skip
        self._shown: tuple[Any, ...] | None = None  # (seq, round, over): what the lists show
        self._second: int | None = None  # the second the countdown shows

    def _forget_drawn(self) -> None:
        """The next poll redraws the lists (the teacher ticked or unticked "Show the words")."""
        self._shown = None

    @classmethod
    def for_store(cls, lang: str, store: Any, *, library: "LessonLibrary | None" = None) -> "BoggleRoomControls":
        """Controls starting with the class's Boggle settings (the defaults if they cannot be read)."""
        try:
            defaults = class_rules(store)
        except MyWordError:
            defaults = BoggleRules()
        return cls(lang, defaults, library)

    def list_lessons(self) -> None:
        """Offer the lessons in the language of the dice picked (read again from their folders)."""
        self.lesson_choice.list(DICE_LANG.get(self.dice.value, "en"))

    def t(self, key: str, **values: Any) -> str:
        return boggle_text(self.lang, key, **values)

    def show_rules(self, rules: BoggleRules) -> None:
        """Set the controls to a room's rules (the panel was rebuilt in another language)."""
        self.dice.value = rules.dice
        self.minutes.value = max(1, math.ceil(rules.seconds / 60))
        self.min_length.value = rules.min_length or 0
        self.bonus.value = rules.bonus
        self.target.value = rules.target if rules.target in TARGETS else 0

    # -- settings -----------------------------------------------------------------------------
    def rules(self) -> BoggleRules:
        """The rules the controls show, checked here (a page can send any value): raises
        :class:`~myword_edu.rooms.replica.RoomError` with a message in the panel's language."""
        dice, minutes, least = self.dice.value, self.minutes.value, self.min_length.value
        if dice not in DICE:
            raise RoomError("bad_setting", self.t("bad_dice"))
        if isinstance(minutes, bool) or not isinstance(minutes, int) or minutes not in MINUTES_RANGE:
            raise RoomError("bad_setting", self.t("bad_minutes", value=minutes))
        if isinstance(least, bool) or not isinstance(least, int) or (least and least not in MIN_LENGTH_RANGE):
            raise RoomError("bad_setting", self.t("bad_min_length"))
        target = self.target.value
        if isinstance(target, bool) or not isinstance(target, int) or (target and target not in TARGETS):
            raise RoomError("bad_setting", self.t("bad_target"))
        try:
            return BoggleRules(dice=dice, seconds=minutes * 60, min_length=least or None, bonus=bool(self.bonus.value),
                               target=target or None)  # fmt: skip
        except BoggleRulesError as error:  # pragma: no cover - every field was checked above
            key = {"seconds": "bad_minutes", "min_length": "bad_min_length", "target": "bad_target"}.get(error.field, "bad_dice")
            raise RoomError("bad_setting", self.t(key, value=minutes)) from error

    def open(self, store: Any, *, rules: BoggleRules | None = None, lesson: "Lesson | None" = None,
             lexicons: Any) -> "TeacherRoom":  # fmt: skip
        """Open a Boggle room with ``rules`` (default: the controls') and ``lesson`` (default: the one
        picked, checked again); the dice choose its language."""
        from myword_edu.rooms.live import TeacherRoom

        rules = rules if rules is not None else self.rules()
        lesson = lesson if lesson is not None else self.lesson_choice.chosen(rules.lang)
        return TeacherRoom.create(store, game="boggle", boggle=rules, lesson=lesson, lexicons=lexicons)

    def start(self, room: "TeacherRoom") -> None:
        """A new board for everyone with the controls' rules; dice of another language are refused."""
        rules = self.rules()
        if rules.lang != room.lang:
            raise RoomError("bad_setting", self.t("other_lang", room=self.t(f"lang.{room.lang}"),
                                                  dice=self.t(f"dice.{rules.dice}"),
                                                  other=self.t(f"lang.{rules.lang}")))  # fmt: skip
        self._call(room.start_round, rules)

    def finish(self, room: "TeacherRoom") -> None:
        """End the round now: everyone's lists are scored."""
        self._call(room.finish_round)

    def _call(self, action: Any, *args: Any) -> None:
        try:
            action(*args)
        except RoomError as error:
            if error.reason in ("no_players", "closed"):
                raise RoomError(error.reason, self.t(error.reason)) from error
            raise

    # -- live -------------------------------------------------------------------------------------
    def tick(self, room: "TeacherRoom") -> bool:
        """The tab's poll: redraw the countdown when its second changed. True when the round's
        state changed without a new event (its clock ran out): the tab then redraws everything."""
        view = room.view()
        if (view.seq, view.round_no, view.over) != self._shown:
            return True
        self._draw_timer(view, room.store.now())
        return False

    def _draw_timer(self, view: BoggleRoomView, now: Any) -> None:
        if view.rules is None:  # no round yet: no clock
            self._second, self.timer.value = None, ""
            return
        left = math.ceil(view.seconds_left(now))
        if left == self._second:
            return
        self._second = left
        self.timer.value = timer_html(left, view.rules.seconds, self.lang)

    def redraw(self, room: "TeacherRoom") -> str:
        """Draw the board, the countdown and the lists from the room's log; returns the status line."""
        view = room.view()
        replica = room.replica
        assert isinstance(replica, BoggleReplica)  # only a Boggle room is drawn here
        lexicon = replica.lexicon
        self._draw_grid(view, BoggleRules.from_json(room.options))
        self._second = None
        self._draw_timer(view, room.store.now())
        if view.round_no == 0 or view.rules is None:
            self.lists.value = ""
            status = self.t("waiting", count=len(view.players))
        elif view.over:
            self.lists.value = result_lists_html(view, lexicon, self.lang)
            status = f"{self.t('over_early' if view.ended_early else 'over', n=view.round_no)} {self.t('next')}"
        else:
            found = {name: room.found(name) for name in view.in_round}
            self.lists.value = live_lists_html(view, found, lexicon, self.lang, show_words=bool(self.show_words.value))
            rules = view.rules
            status = self.t("playing", n=view.round_no, minutes=clock_minutes(rules.seconds), least=view.min_length,
                            dice=self.t(f"dice.{rules.dice}"))  # fmt: skip
        self._draw_focus(room, view)
        self._shown = (view.seq, view.round_no, view.over)
        return status

    def _draw_focus(self, room: "TeacherRoom", view: BoggleRoomView) -> None:
        """A lesson room: how many focus words are hidden, which did not fit; at the end, who found each."""
        lesson, lexicon = room.room_lesson, room.replica.lexicon
        if lesson is None:
            self.focus.value = ""
        elif view.over and view.result is not None:
            self.focus.value = focus_found_html(view, lesson.title, lexicon, self.lang)
        else:
            self.focus.value = lesson_status_html(view, lesson.title, lexicon, self.lang)
        self.focus.layout.display = None if self.focus.value else "none"

    def _draw_grid(self, view: BoggleRoomView, opened: BoggleRules) -> None:
        board, grid = view.board, self.grid
        with grid.hold_sync():
            if board is None or view.round_no == 0:  # covered until the first round starts
                side = dice_size((view.rules or opened).dice)
                grid.width = grid.height = side
                grid.faces, grid.bonus = [], -1
            else:
                grid.width, grid.height = board.width, board.height
                grid.faces = [face for row in board.rows for face in row]
                grid.bonus = board.bonus if board.bonus is not None else -1
            grid.labels = cube_labels(grid.faces, grid.width, grid.height, grid.bonus, self.lang)
            grid.disabled = True


def clock_minutes(seconds: int) -> str:
    """A round's length in minutes as the status line prints it.

    >>> clock_minutes(180), clock_minutes(90)
    ('3', '1.5')
    """
    return str(seconds // 60) if seconds % 60 == 0 else f"{seconds / 60:g}"

