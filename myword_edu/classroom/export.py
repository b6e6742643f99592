"""Progress for a spreadsheet: every attempt, and a summary per student and focus word.

Two forms of the same tables:

- **CSV** files open in Excel and LibreOffice with accents intact (UTF-8 with
  a byte order mark, ``\\r\\n`` line ends, RFC 4180 quoting, so names with
  commas, quotes or line breaks survive a round trip). Any text cell that
  begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is
  neutralised with a leading apostrophe, so a student called
  ``=HYPERLINK(...)`` is shown as text and never run as a formula (CSV
  injection).
- An **.xlsx workbook** (:func:`to_xlsx`, written with XlsxWriter) with a sheet
  per table, named in the teacher's language. It needs no import dialog, so
  every spreadsheet shows the accents right. Every text cell is written as a
  string with Excel's "quote prefix" (what typing a leading ``'`` does), so a
  name like ``=HYPERLINK(...)`` is shown exactly as typed, is never a formula,
  and stays text when the cell is edited; numbers are numbers and times are
  real date-times. The header row is frozen and filterable, and the columns
  are as wide as their contents. XlsxWriter is imported only when a workbook
  is built.

The summary has one row per student (focus word ``(all words)``) followed by
a row per focus word they practised: attempts, spelled right, accepted, and
competence over the last 5 attempts. Below it, after an empty row, comes the
class word report (:func:`word_report_rows`): a row per focus word and
student, the words the class misses most first (in the workbook, its own sheet).

>>> neutralise("=HYPERLINK(\\"http://x\\")"), neutralise("Ana"), neutralise("-3")
('\\'=HYPERLINK("http://x")', 'Ana', "'-3")
>>> to_csv([["name"], ["Peña, Ana"]])[:3] == "\\ufeff".encode("utf-8")
True
>>> to_xlsx([("Intentos", [["alumno"], ["Lucía"]])])[:2]  # a zip file, like every .xlsx
b'PK'
"""

from __future__ import annotations

import csv
import io
import math
import re
from datetime import datetime, timezone
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from myword_edu.i18n.classroom import text
from myword_edu.classroom.attempts import Attempt, Outcome
from myword_edu.classroom.progress import FocusProgress, StudentProgress, WordRow, class_word_report, focus_progress

if TYPE_CHECKING:
    from myword_edu.classroom.store import Store

__all__ = [
    "neutralise",
    "to_csv",
    "read_csv",
    "attempts_csv",
    "summary_csv",
    "attempts_rows",
    "summary_rows",
    "word_report_rows",
    "summary_table",
    "write_exports",
    "export_names",
    "workbook_name",
    "workbook_sheets",
    "class_workbook",
    "to_xlsx",
    "ExportFormat",
    "XLSX_MIME",
    "DANGEROUS_STARTS",
]

#: A cell starting with one of these is read as a formula by some spreadsheet.
DANGEROUS_STARTS = ("=", "+", "-", "@", "\t", "\r")
BOM = "\ufeff"
#: The media type of an .xlsx workbook.
XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
#: How times are shown in the workbook (the same text as the CSV's).
TIME_FORMAT = "%Y-%m-%d %H:%M:%S"
XLSX_TIME_FORMAT = "yyyy-mm-dd hh:mm:ss"


class ExportFormat(str, Enum):
    """The kinds of file ``myword-edu export`` writes."""

    CSV = "csv"
    XLSX = "xlsx"


def neutralise(cell: str) -> str:
    """The cell with a leading apostrophe if a spreadsheet could read it as a formula."""
    return "'" + cell if cell.startswith(DANGEROUS_STARTS) else cell


def _csv_cell(cell: Any) -> Any:
    if isinstance(cell, str):
        return neutralise(cell)
    if isinstance(cell, datetime):
        return cell.strftime(TIME_FORMAT)
    return "" if cell is None else cell


def to_csv(rows: Iterable[Sequence[Any]]) -> bytes:
    """UTF-8 CSV bytes with a BOM; text cells neutralised, numbers written as numbers, times as text."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    for row in rows:
        writer.writerow([_csv_cell(c) for c in row])
    return (BOM + buffer.getvalue()).encode("utf-8")


def to_xlsx(sheets: Iterable[tuple[str, Sequence[Sequence[Any]]]]) -> bytes:
    """An .xlsx workbook with one sheet per ``(title, rows)``; the first row of each is its header.

    Text is written as strings with a quote prefix (never a formula, whatever
    it starts with), ``int``/``float`` as numbers, ``datetime`` (UTC) as
    date-times, ``None`` and ``""`` as empty cells.
    """
    import xlsxwriter  # here, not at the top: a page that never exports never loads it

    buffer = io.BytesIO()
    options = {"in_memory": True, "strings_to_formulas": False, "strings_to_urls": False, "strings_to_numbers": False}
    book = xlsxwriter.Workbook(buffer, options)
    header = book.add_format({"bold": True, "quote_prefix": True, "bottom": 1, "bg_color": "#E6F0EA", "text_wrap": False})
    text_cell = book.add_format({"quote_prefix": True})
    time_cell = book.add_format({"num_format": XLSX_TIME_FORMAT})
    used: set[str] = set()
    for title, rows in sheets:
        sheet = book.add_worksheet(_sheet_title(title, used))
        widths: list[int] = []
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                shown = _write_cell(sheet, r, c, value, header if r == 0 else text_cell, time_cell)
                if c >= len(widths):
                    widths.extend([0] * (c + 1 - len(widths)))
                widths[c] = max(widths[c], shown + (3 if r == 0 else 0))  # room for the filter button
        for c, width in enumerate(widths):
            sheet.set_column(c, c, min(max(width, 6), 50) + 1)
        sheet.freeze_panes(1, 0)
        if rows and rows[0]:
            sheet.autofilter(0, 0, len(rows) - 1, len(rows[0]) - 1)
    book.close()
    return buffer.getvalue()


def _write_cell(sheet: Any, r: int, c: int, value: Any, text_format: Any, time_format: Any) -> int:
    """Write one cell by its Python type; returns how many characters it shows (for the column width)."""
    if value is None or value == "":
        return 0
    if isinstance(value, datetime):
        if value.tzinfo is not None:
            value = value.astimezone(timezone.utc).replace(tzinfo=None)
        sheet.write_datetime(r, c, value, time_format)
        return len(XLSX_TIME_FORMAT)
    if isinstance(value, bool):
        value = str(value)
    if isinstance(value, (int, float)) and math.isfinite(value):
        sheet.write_number(r, c, value)
        return len(f"{value:g}")
    text = _NOT_XML.sub("\ufffd", str(value))  # XlsxWriter escapes control characters; these have no escape
    sheet.write_string(r, c, text, text_format)
    return max((len(line) for line in text.splitlines()), default=0)


_NOT_XML = re.compile("[\ud800-\udfff\ufffe\uffff]")
_BAD_TITLE = str.maketrans({ch: " " for ch in "[]:*?/\\"})


def _sheet_title(title: str, used: set[str]) -> str:
    """A sheet name Excel accepts: at most 31 characters, none of ``[]:*?/\\``, unique in the book."""
    base = title.translate(_BAD_TITLE).strip().strip("'")[:31] or "Sheet"
    name, n = base, 2
    while name.casefold() in used:
        suffix = f" ({n})"
        name, n = base[: 31 - len(suffix)] + suffix, n + 1
    used.add(name.casefold())
    return name


def read_csv(data: bytes) -> list[list[str]]:
    """Rows of a CSV made by :func:`to_csv` (for tests and round trips).

    >>> read_csv(to_csv([["a,b", 'say "hi"', "x\\ny"]]))
    [['a,b', 'say "hi"', 'x\\ny']]
    """
    return [row for row in csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""))]


def _pct(part: float | None) -> float | str:
    return "" if part is None else round(part, 1)


#: The games' names in the attempts CSV (the same in every language).
GAME_NAMES = {"myword": "MyWord!", "boggle": "Boggle"}


def attempts_rows(attempts: Iterable[Attempt], lang: str = "en") -> list[list[Any]]:
    """The attempts table (a header row first; times are ``datetime`` values, UTC)."""
    t = lambda key: text(lang, key)  # noqa: E731
    header = [t("csv.time"), t("csv.student"), t("csv.word"), t("csv.spelling"), t("csv.cards"), t("csv.card_count"),
              t("csv.accepted"), t("csv.reason"), t("csv.points"), t("csv.free_cards"), t("csv.min_cards"),
              t("csv.language"), t("csv.game_kind"), t("csv.game"), t("csv.round"), t("csv.lesson"),
              t("csv.focus_word")]  # fmt: skip
    rows: list[list[Any]] = [header]
    for a in attempts:
        reason = text(lang, f"reason.{a.reason}") if a.reason else ""
        rows.append([
            a.at, a.student, a.word, a.spelling, a.cards, a.card_count, _outcome(a.outcome, lang),
            reason, a.points, a.free_cards, a.min_cards, a.lang, GAME_NAMES.get(a.game, a.game), a.game_id, a.round,
            a.lesson or "", a.focus_word or "",
        ])  # fmt: skip
    return rows


def _outcome(outcome: Outcome, lang: str) -> str:
    """The *accepted* cell: yes, no, or too late (its own outcome: not a wrong answer).

    >>> _outcome(Outcome.TOO_LATE, "es"), _outcome(Outcome.ACCEPTED, "en")
    ('demasiado tarde', 'yes')
    """
    if outcome is Outcome.TOO_LATE:
        return text(lang, "reason.too_late")
    return text(lang, "csv.yes" if outcome is Outcome.ACCEPTED else "csv.no")


def summary_rows(
    progress: Iterable[StudentProgress], focus: Iterable[FocusProgress], lang: str = "en"
) -> list[list[Any]]:
    """The summary table: per student, then per focus word of that student (a header row first)."""
    t = lambda key: text(lang, key)  # noqa: E731
    header = [t("csv.student"), t("csv.lesson"), t("csv.focus_word"), t("csv.attempts"), t("csv.accepted_count"),
              t("csv.accepted_pct"), t("csv.spelled_right"), t("csv.competence"), t("csv.cards_won"),
              t("csv.minutes"), t("csv.wpm"), t("csv.last_active")]  # fmt: skip
    by_student: dict[int, list[FocusProgress]] = {}
    for item in focus:
        by_student.setdefault(item.student_id, []).append(item)
    rows: list[list[Any]] = [header]
    for p in progress:
        wpm = p.words_per_minute
        rows.append([
            p.name, "", t("csv.all_words"), p.attempts, p.accepted, _pct(p.accepted_pct), "", "", p.cards_won,
            round(p.seconds_played / 60.0, 1), "" if wpm is None else round(wpm, 2), p.last_active,
        ])  # fmt: skip
        for f in by_student.get(p.student_id, []):
            level = f.competence
            rows.append([
                p.name, f.lesson, f.word, f.attempts, f.accepted, _pct(100.0 * f.accepted / f.attempts),
                f.spelled_right, _pct(None if level is None else 100.0 * level), "", "", "", "",
            ])  # fmt: skip
    return rows


def word_report_rows(report: Iterable[WordRow], lang: str = "en") -> list[list[Any]]:
    """The class word report: a row per focus word and student who tried it, the most missed words first.

    >>> from myword_edu.classroom.progress import WordCell
    >>> rows = word_report_rows([WordRow("ship", 4, 1, (WordCell(1, "=Ana", 4, 1, (False, True)),))], "en")
    >>> rows[0][:4], rows[1]
    (['focus word', 'class tries', 'class spelled right', 'class missed %'], ['ship', 4, 1, 75.0, '=Ana', 4, 1, 50.0])
    """
    t = lambda key: text(lang, key)  # noqa: E731
    header = [t("csv.focus_word"), t("csv.class_tries"), t("csv.class_right"), t("csv.class_missed_pct"),
              t("csv.student"), t("csv.attempts"), t("csv.spelled_right"), t("csv.competence")]  # fmt: skip
    rows: list[list[Any]] = [header]
    for row in report:
        for cell in row.students:
            level = cell.competence
            rows.append([row.word, row.tries, row.right, _pct(100.0 * row.miss_rate), cell.name, cell.tries, cell.right,
                         _pct(None if level is None else 100.0 * level)])  # fmt: skip
    return rows


def summary_table(attempts: Sequence[Attempt], progress: Sequence[StudentProgress], lang: str = "en") -> list[list[Any]]:
    """The summary CSV's rows: the summary, an empty row, the class word report (roster students only)."""
    names = {p.student_id: p.name for p in progress}
    return [*summary_rows(progress, focus_progress(attempts), lang), [],
            *word_report_rows(class_word_report(attempts, names), lang)]  # fmt: skip


def attempts_csv(store: "Store", lang: str = "en") -> bytes:
    """Every attempt of the class (removed students included), oldest first."""
    return to_csv(attempts_rows(store.attempts(), lang))


def summary_csv(store: "Store", lang: str = "en") -> bytes:
    """The summary of the students on the roster (totals and focus words from the same attempts)."""
    attempts = store.attempts()
    return to_csv(summary_table(attempts, store.progress(attempts), lang))


def workbook_sheets(
    attempts: Sequence[Attempt], progress: Iterable[StudentProgress], lang: str = "en"
) -> list[tuple[str, list[list[Any]]]]:
    """The workbook's sheets: the attempts, the summary and the class word report, titled in ``lang``.

    >>> [title for title, _ in workbook_sheets([], [], "es")]
    ['Intentos', 'Resumen', 'Palabras']
    """
    progress = list(progress)
    names = {p.student_id: p.name for p in progress}
    return [
        (text(lang, "xlsx.attempts"), attempts_rows(attempts, lang)),
        (text(lang, "xlsx.summary"), summary_rows(progress, focus_progress(attempts), lang)),
        (text(lang, "xlsx.words"), word_report_rows(class_word_report(attempts, names), lang)),
    ]


def class_workbook(store: "Store", lang: str = "en") -> bytes:
    """The class's attempts and summary as one .xlsx workbook."""
    attempts = store.attempts()
    return to_xlsx(workbook_sheets(attempts, store.progress(attempts), lang))


def workbook_name(now: datetime) -> str:
    """The workbook's file name at ``now``.

    >>> workbook_name(datetime(2026, 3, 2, 9, 5))
    'myword-progress-2026-03-02-0905.xlsx'
    """
    return f"myword-progress-{now.strftime('%Y-%m-%d-%H%M')}.xlsx"


def export_names(now: datetime) -> tuple[str, str]:
    """The file names of the two exports at ``now``.

    >>> export_names(datetime(2026, 3, 2, 9, 5))
    ('myword-attempts-2026-03-02-0905.csv', 'myword-summary-2026-03-02-0905.csv')
    """
    stamp = now.strftime("%Y-%m-%d-%H%M")
    return f"myword-attempts-{stamp}.csv", f"myword-summary-{stamp}.csv"


def write_exports(
    store: "Store",
    folder: Path,
    *,
    lang: str = "en",
    now: datetime | None = None,
    formats: Iterable[ExportFormat | str] = (ExportFormat.CSV, ExportFormat.XLSX),
) -> list[Path]:
    """Write the CSV files and/or the workbook into ``folder`` (created if needed); returns their paths."""
    kinds = {ExportFormat(f) for f in formats}
    folder.mkdir(parents=True, exist_ok=True)
    moment = now or datetime.now()
    paths = []
    if ExportFormat.CSV in kinds:
        names = export_names(moment)
        (folder / names[0]).write_bytes(attempts_csv(store, lang))
        (folder / names[1]).write_bytes(summary_csv(store, lang))
        paths += [folder / names[0], folder / names[1]]
    if ExportFormat.XLSX in kinds:
        path = folder / workbook_name(moment)
        path.write_bytes(class_workbook(store, lang))
        paths.append(path)
    return paths
