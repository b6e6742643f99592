"""The teacher panel's Progress and Class tabs (the Lessons tab is in :mod:`myword_edu.ui.teacher.lessons`).

Progress redraws live: the panel's refresher asks the store every few
seconds whether an attempt was stored (a cheap query) and only then reads the
attempts again. The download buttons (two CSV files, and a workbook with both
tables) build their files when clicked.
"""

from __future__ import annotations

from datetime import datetime
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from myword_edu.classroom.roster import StudentSettings
from myword_edu.core.codes import new_code
from myword_edu.core.errors import MyWordError
from myword_edu.classroom.export import XLSX_MIME, attempts_rows, export_names, summary_table, to_csv, to_xlsx, workbook_name, workbook_sheets
from myword_edu.classroom.passcode import LockedOutError, PasscodeError
from myword_edu.classroom.progress import accuracy_series, class_word_report, focus_progress
from myword_edu.myword.values import MIN_CARDS_RANGE
from myword_edu.myword.variant import Variant
from myword_edu.ui.widgets.chart import accuracy_svg, local_time
from myword_edu.ui.widgets.download import DownloadButton
from myword_edu.ui.widgets.display import say
from myword_edu.ui.teacher.seats import SignInBox

if TYPE_CHECKING:
    from myword_edu.ui.teacher.host import PanelHost

__all__ = ["ProgressTab", "ClassTab"]


def _e(value: object) -> str:
    return escape(str(value), quote=True)


class ProgressTab:
    """Per-student progress, the accuracy chart, focus words, and the downloads (two CSV files, one workbook)."""

    def __init__(self, panel: "PanelHost") -> None:
        self.panel = panel
        t = panel.t
        self.table = w.HTML(_dom_classes=["myword-scroll"])
        self.chart = w.HTML()
        self.student_pick = w.Dropdown(description=t("progress.chart_student"), layout=w.Layout(width="360px"))
        self.student_pick.style.description_width = "initial"
        self.student_pick.observe(lambda _c: self.draw_chart(), names="value")
        self.focus = w.HTML(_dom_classes=["myword-scroll"])
        self.words = w.HTML(_dom_classes=["myword-scroll"])
        self.updated = w.HTML()
        self.download_attempts = DownloadButton(self.attempts_file, label=t("progress.download_attempts"))
        self.download_summary = DownloadButton(self.summary_file, label=t("progress.download_summary"))
        self.download_workbook = DownloadButton(self.workbook_file, mime=XLSX_MIME, label=t("progress.download_workbook"))
        downloads = w.HBox([self.download_attempts, self.download_summary, self.download_workbook, self.updated],
                           _dom_classes=["myword-row"])  # fmt: skip
        chart_box = w.VBox([w.HTML(f"<h2>{_e(t('progress.chart_title'))}</h2>"), self.student_pick, self.chart],
                           layout=w.Layout(flex="1 1 420px", min_width="0"))  # fmt: skip
        left = w.VBox([self.table], layout=w.Layout(flex="1 1 600px", min_width="0"))
        self.root = w.VBox([downloads, w.HBox([left, chart_box], _dom_classes=["myword-cols"]),
                            w.HTML(f"<h2>{_e(t('progress.words_title'))}</h2><p>{_e(t('progress.words_help'))}</p>"),
                            self.words, w.HTML(f"<h2>{_e(t('progress.focus_title'))}</h2>"), self.focus])  # fmt: skip
        self.redraw()

    def redraw(self) -> None:
        t = self.panel.t
        store = self.panel.store
        self.attempts = store.attempts()
        self.progress = store.progress(self.attempts)  # totals and focus words from the same rows
        rows = []
        for p in self.progress:
            pct = "—" if p.accepted_pct is None else f"{p.accepted_pct:.0f}%"
            wpm = "—" if p.words_per_minute is None else f"{p.words_per_minute:.1f}"
            rows.append(
                f'<tr data-student="{p.student_id}"><td class="name">{_e(p.name)}</td><td class="num">{p.attempts}</td>'
                f'<td class="num">{pct}</td><td class="num">{p.cards_won}</td><td class="num">{wpm}</td>'
                f"<td>{_e(_when(p.last_active, t('progress.never')))}</td></tr>"
            )
        head = "".join(f'<th class="{c}">{_e(t(k))}</th>' for k, c in (
            ("roster.name", ""), ("progress.attempts", "num"), ("progress.accepted_pct", "num"),
            ("progress.cards_won", "num"), ("progress.wpm", "num"), ("progress.last_active", "")))  # fmt: skip
        body = "".join(rows) or f'<tr><td colspan="6">{_e(t("progress.empty"))}</td></tr>'
        self.table.value = f'<table class="myword-progress"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
        options = [(t("progress.chart_none"), 0)] + [(p.name, p.student_id) for p in self.progress]
        keep = self.student_pick.value if any(v == self.student_pick.value for _, v in options) else 0
        self.student_pick.options = options
        self.student_pick.value = keep
        self.draw_chart()
        self.draw_focus()
        self.draw_words()
        self.updated.value = f"<small>{_e(t('progress.updated', time=datetime.now().strftime('%H:%M:%S')))}</small>"

    def draw_chart(self) -> None:
        t = self.panel.t
        attempts = getattr(self, "attempts", [])
        step, points = accuracy_series(attempts)
        chosen = self.student_pick.value
        mine, name = [], ""
        if chosen:
            name = next((p.name for p in self.progress if p.student_id == chosen), "")
            _, mine = accuracy_series([a for a in attempts if a.student_id == chosen], step=step)
        self.chart.value = accuracy_svg(points, step, self.panel.lang, student_points=mine, student=name)

    def draw_focus(self) -> None:
        t = self.panel.t
        names = {p.student_id: p.name for p in self.progress}
        items = [f for f in focus_progress(self.attempts, names) if f.student_id in names]
        if not items:
            self.focus.value = f"<p>{_e(t('progress.focus_empty'))}</p>"
            return
        titles = {lesson.id: lesson.title for lesson in self.panel.library.lessons()}
        rows = []
        for f in items:
            dots = "".join('<span class="ok">●</span>' if ok else '<span class="no">○</span>' for ok in f.recent)
            level = "—" if f.competence is None else f"{100 * f.competence:.0f}%"
            rows.append(
                f'<tr><td class="name">{_e(f.name)}</td><td>{_e(titles.get(f.lesson, f.lesson))}</td>'
                f"<td>{_e(f.word.upper())}</td><td class=\"num\">{f.attempts}</td><td class=\"num\">{f.spelled_right}</td>"
                f'<td class="myword-dots" aria-label="{level}">{dots}</td><td class="num">{level}</td></tr>'
            )
        head = "".join(f'<th class="{c}">{_e(h)}</th>' for h, c in (
            (t("roster.name"), ""), (t("field.lesson"), ""), (t("progress.focus_word"), ""), (t("progress.attempts"), "num"),
            (t("progress.spelled_right"), "num"), (t("progress.competence"), ""), ("%", "num")))  # fmt: skip
        self.focus.value = f'<table class="myword-focus"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'

    def draw_words(self) -> None:
        """The class word report: focus words by student, the words the class misses most first."""
        t = self.panel.t
        report = class_word_report(self.attempts, {p.student_id: p.name for p in self.progress})
        if not report:
            self.words.value = f"<p>{_e(t('progress.focus_empty'))}</p>"
            return
        tried = {c.student_id for row in report for c in row.students}
        students = [p for p in self.progress if p.student_id in tried]
        head = "".join(f'<th class="{c}">{_e(h)}</th>' for h, c in (
            (t("progress.focus_word"), ""), (t("progress.attempts"), "num"), (t("progress.words_missed"), "num")))
        head += "".join(f'<th class="num" data-student="{p.student_id}">{_e(p.name)}</th>' for p in students)
        rows = []
        for row in report:
            cells = {c.student_id: c for c in row.students}
            tds = []
            for p in students:
                cell = cells.get(p.student_id)
                if cell is None:
                    tds.append('<td class="num">—</td>')
                    continue
                level = "—" if cell.competence is None else f"{100 * cell.competence:.0f}%"
                tds.append(f'<td class="num" data-student="{p.student_id}">{cell.right}/{cell.tries} · {level}</td>')
            rows.append(f'<tr data-word="{_e(row.word)}"><td class="name">{_e(row.word.upper())}</td>'
                        f'<td class="num">{row.tries}</td><td class="num">{100 * row.miss_rate:.0f}%</td>{"".join(tds)}</tr>')
        self.words.value = (f'<table class="myword-focus myword-words"><thead><tr>{head}</tr></thead>'
                            f'<tbody>{"".join(rows)}</tbody></table>')  # fmt: skip

    def attempts_file(self) -> tuple[str, bytes]:
        now = datetime.now()
        return export_names(now)[0], to_csv(attempts_rows(self.panel.store.attempts(), self.panel.lang))

    def summary_file(self) -> tuple[str, bytes]:
        now = datetime.now()
        store = self.panel.store
        attempts = store.attempts()
        return export_names(now)[1], to_csv(summary_table(attempts, store.progress(attempts), self.panel.lang))

    def workbook_file(self) -> tuple[str, bytes]:
        store = self.panel.store
        attempts = store.attempts()
        return workbook_name(datetime.now()), to_xlsx(workbook_sheets(attempts, store.progress(attempts), self.panel.lang))

    def refresh(self, *, roster: bool = False, lessons: bool = False, live: bool = False) -> None:
        if roster or live:
            self.redraw()


def _when(moment: datetime | None, never: str) -> str:
    if moment is None:
        return never
    local = local_time(moment)
    return local.strftime("%H:%M") if local.date() == datetime.now().date() else local.strftime("%d/%m/%Y %H:%M")


class ClassTab:
    """Settings new students get, the join code, and the passcode."""

    def __init__(self, panel: "PanelHost") -> None:
        self.panel = panel
        t = panel.t
        info = panel.store.class_info()
        d = info.defaults

        def pick(key: str, options: list[tuple[str, Any]], value: Any) -> w.Dropdown:
            drop = w.Dropdown(options=options, value=value, description=t(key), layout=w.Layout(width="370px"))
            drop.style.description_width = "150px"
            return drop

        self.min_pick = pick("field.min_cards", [(str(n), n) for n in MIN_CARDS_RANGE], d.min_cards)
        self.lang_pick = pick("field.lang", [(t("lang.en"), "en"), (t("lang.es"), "es")], d.lang)
        self.variant_pick = pick("field.variant", [(t("variant.standard"), Variant.STANDARD.value), (t("variant.junior"), Variant.JUNIOR.value)], d.variant)
        self.level_pick = pick("field.bot_level", [(t(f"level.{v}"), v) for v in ("easy", "medium", "hard")], d.bot_level)
        self.listen_pick = pick("field.listen", [(t("listen.off"), False), (t("listen.on"), True)], d.listen)
        self.listen_slow_pick = pick("field.listen_slow", [(t("listen.normal"), False), (t("listen.slow"), True)],
                                     d.listen_slow)  # fmt: skip
        self.save_button = w.Button(description=t("class.save_defaults"), _dom_classes=["myword-primary", "myword-save-defaults"])
        self.save_button.on_click(lambda _b: self.save_defaults())
        self.defaults_message = w.HTML()
        self.join = w.HTML()
        self.join_new = w.Button(description=t("class.join_new"), _dom_classes=["myword-join-new"])
        self.join_off = w.Button(description=t("class.join_off"), _dom_classes=["myword-join-off"])
        self.join_new.on_click(lambda _b: self.set_join_code(True))
        self.join_off.on_click(lambda _b: self.set_join_code(False))
        self.old_box = w.Password(description=t("class.passcode_old"), layout=w.Layout(width="370px"))
        self.new_box = w.Password(description=t("setup.new"), layout=w.Layout(width="370px"))
        self.repeat_box = w.Password(description=t("setup.repeat"), layout=w.Layout(width="370px"))
        for box in (self.old_box, self.new_box, self.repeat_box):
            box.style.description_width = "150px"
        self.change_button = w.Button(description=t("class.passcode_change"), _dom_classes=["myword-change-passcode"])
        self.change_button.on_click(lambda _b: self.change_passcode(self.old_box.value, self.new_box.value, self.repeat_box.value))
        self.passcode_message = w.HTML()
        defaults = w.VBox([w.HTML(f"<h2>{_e(t('class.defaults_title'))}</h2>"), self.min_pick, self.lang_pick,
                           self.variant_pick, self.level_pick, self.listen_pick, self.listen_slow_pick,
                           w.HTML(f'<p><small>{_e(t("listen.help"))}</small></p>', layout=w.Layout(max_width="370px")), self.save_button,
                           self.defaults_message],
                          _dom_classes=["myword-card-box"])  # fmt: skip
        join = w.VBox([w.HTML(f"<h2>{_e(t('class.join_title'))}</h2><p>{_e(t('class.join_help'))}</p>"), self.join,
                       w.HBox([self.join_new, self.join_off])], _dom_classes=["myword-card-box"])  # fmt: skip
        passcode = w.VBox([w.HTML(f"<h2>{_e(t('class.passcode_title'))}</h2>"), self.old_box, self.new_box,
                           self.repeat_box, self.change_button, self.passcode_message], _dom_classes=["myword-card-box"])  # fmt: skip
        self.sign_in = SignInBox(panel)  # students' picture passwords (myword_edu/ui/teacher/seats.py)
        self.root = w.HBox([defaults, w.VBox([join, passcode]), self.sign_in.root], _dom_classes=["myword-cols"])
        self._draw_join(info.join_code)

    def _draw_join(self, code: str | None) -> None:
        t = self.panel.t
        if code:
            self.join.value = f'<p class="myword-join">{_e(code)}</p>'
        else:
            self.join.value = f"<p>{_e(t('class.join_none'))}</p>"

    def save_defaults(self) -> bool:
        t = self.panel.t
        try:
            defaults = StudentSettings(self.min_pick.value, self.lang_pick.value, self.variant_pick.value, self.level_pick.value,
                                       listen=self.listen_pick.value, listen_slow=self.listen_slow_pick.value)  # fmt: skip
            self.panel.store.update_class(defaults=defaults)
        except (MyWordError, ValueError, TypeError) as error:
            self.defaults_message.value = say(t("store.error", detail=str(error)), good=False)
            return False
        self.defaults_message.value = say(t("class.defaults_saved"), good=True)
        return True

    def set_join_code(self, on: bool) -> str | None:
        code = new_code() if on else None
        self.panel.store.update_class(join_code=code)
        self._draw_join(code)
        return code

    def change_passcode(self, old: object, new: object, repeat: object) -> bool:
        t = self.panel.t
        try:
            self.panel.auth.change(old, new, repeat, device=self.panel.device)
        except LockedOutError as error:
            self.passcode_message.value = say(self.panel.locked_text(error), good=False)
            return False
        except PasscodeError as error:
            key = f"passcode.{error.reason}" if error.reason in ("too_short", "too_long", "mismatch") else "lock.wrong"
            self.passcode_message.value = say(t(key, **{"tries_left": 0, **error.values}), good=False)
            return False
        finally:
            for box in (self.old_box, self.new_box, self.repeat_box):
                box.value = ""
        self.passcode_message.value = say(t("passcode.changed"), good=True)
        return True

    def refresh(self, *, roster: bool = False, lessons: bool = False, live: bool = False) -> None:
        self.sign_in.refresh(roster=roster)
