"""Progress as CSV for a spreadsheet: every attempt, and a summary per student and focus word.

The files open in Excel and LibreOffice with accents intact (UTF-8 with a
byte order mark, ``\\r\\n`` line ends, RFC 4180 quoting, so names with commas,
quotes or line breaks survive a round trip). Any text cell that begins with
``=``, ``+``, ``-``, ``@``, a tab or a carriage return is neutralised with a
leading apostrophe, so a student called ``=HYPERLINK(...)`` is shown as text
and never run as a formula (CSV injection).

The summary has one row per student (focus word ``(all words)``) followed by
a row per focus word they practised: attempts, spelled right, accepted, and
competence over the last 5 attempts.

>>> neutralise("=HYPERLINK(\\"http://x\\")"), neutralise("Ana"), neutralise("-3")
('\\'=HYPERLINK("http://x")', 'Ana', "'-3")
>>> to_csv([["name"], ["Peña, Ana"]])[:3] == "\\ufeff".encode("utf-8")
True
"""

from __future__ import annotations

import csv
import io
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from .i18n_class import text
from .progress import Attempt, FocusProgress, StudentProgress, focus_progress

if TYPE_CHECKING:
    from .store import Store

__all__ = [
    "neutralise",
    "to_csv",
    "read_csv",
    "attempts_csv",
    "summary_csv",
    "attempts_rows",
    "summary_rows",
    "write_exports",
    "export_names",
    "DANGEROUS_STARTS",
]

#: A cell starting with one of these is read as a formula by some spreadsheet.
DANGEROUS_STARTS = ("=", "+", "-", "@", "\t", "\r")
BOM = "\ufeff"


def neutralise(cell: str) -> str:
    """The cell with a leading apostrophe if a spreadsheet could read it as a formula."""
    return "'" + cell if cell.startswith(DANGEROUS_STARTS) else cell


def to_csv(rows: Iterable[Sequence[Any]]) -> bytes:
    """UTF-8 CSV bytes with a BOM; text cells neutralised, numbers written as numbers."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    for row in rows:
        writer.writerow([neutralise(c) if isinstance(c, str) else ("" if c is None else c) for c in row])
    return (BOM + buffer.getvalue()).encode("utf-8")


def read_csv(data: bytes) -> list[list[str]]:
    """Rows of a CSV made by :func:`to_csv` (for tests and round trips).

    >>> read_csv(to_csv([["a,b", 'say "hi"', "x\\ny"]]))
    [['a,b', 'say "hi"', 'x\\ny']]
    """
    return [row for row in csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""))]


def _time(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S") if moment else ""


def _pct(part: float | None) -> float | str:
    return "" if part is None else round(part, 1)


#: The games' names in the attempts CSV (the same in every language).
GAME_NAMES = {"myword": "MyWord!", "boggle": "Boggle"}


def attempts_rows(attempts: Iterable[Attempt], lang: str = "en") -> list[list[Any]]:
    """The attempts table (a header row first)."""
    t = lambda key: text(lang, key)  # noqa: E731
    header = [t("csv.time"), t("csv.student"), t("csv.word"), t("csv.spelling"), t("csv.cards"), t("csv.card_count"),
              t("csv.accepted"), t("csv.reason"), t("csv.points"), t("csv.free_cards"), t("csv.min_cards"),
              t("csv.language"), t("csv.game_kind"), t("csv.game"), t("csv.round"), t("csv.lesson"),
              t("csv.focus_word")]  # fmt: skip
    rows: list[list[Any]] = [header]
    for a in attempts:
        reason = text(lang, f"reason.{a.reason}") if a.reason else ""
        rows.append([
            _time(a.at), a.student, a.word, a.spelling, a.cards, a.card_count, t("csv.yes" if a.accepted else "csv.no"),
            reason, a.points, a.free_cards, a.min_cards, a.lang, GAME_NAMES.get(a.game, a.game), a.game_id, a.round,
            a.lesson or "", a.focus_word or "",
        ])  # fmt: skip
    return rows


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
            round(p.seconds_played / 60.0, 1), "" if wpm is None else round(wpm, 2), _time(p.last_active),
        ])  # fmt: skip
        for f in by_student.get(p.student_id, []):
            level = f.competence
            rows.append([
                p.name, f.lesson, f.word, f.attempts, f.accepted, _pct(100.0 * f.accepted / f.attempts),
                f.spelled_right, _pct(None if level is None else 100.0 * level), "", "", "", "",
            ])  # fmt: skip
    return rows


def attempts_csv(store: "Store", lang: str = "en") -> bytes:
    """Every attempt of the class (removed students included), oldest first."""
    return to_csv(attempts_rows(store.attempts(), lang))


def summary_csv(store: "Store", lang: str = "en") -> bytes:
    """The summary of the students on the roster."""
    return to_csv(summary_rows(store.progress(), focus_progress(store.attempts()), lang))


def export_names(now: datetime) -> tuple[str, str]:
    """The file names of the two exports at ``now``.

    >>> export_names(datetime(2026, 3, 2, 9, 5))
    ('myword-attempts-2026-03-02-0905.csv', 'myword-summary-2026-03-02-0905.csv')
    """
    stamp = now.strftime("%Y-%m-%d-%H%M")
    return f"myword-attempts-{stamp}.csv", f"myword-summary-{stamp}.csv"


def write_exports(store: "Store", folder: Path, *, lang: str = "en", now: datetime | None = None) -> list[Path]:
    """Write both CSV files into ``folder`` (created if needed); returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    names = export_names(now or datetime.now())
    paths = [folder / names[0], folder / names[1]]
    paths[0].write_bytes(attempts_csv(store, lang))
    paths[1].write_bytes(summary_csv(store, lang))
    return paths
