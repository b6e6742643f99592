"""The accuracy chart: an SVG drawn in Python (no plotting library), shown in an HTML widget.

Accepted calls in percent per stretch of time, for the whole class and,
optionally, one student. Every label is escaped; points carry a ``<title>``
(a tooltip: "10:05 · 7 of 9 accepted").

>>> from datetime import datetime, timedelta
>>> from myword_edu.classroom.progress import AccuracyPoint
>>> svg = accuracy_svg([AccuracyPoint(datetime(2026, 3, 2, 9), 4, 3)], timedelta(minutes=5), "en")
>>> svg.startswith("<svg") and "75%" in svg
True
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from html import escape
from typing import Sequence

from myword_edu.i18n.classroom import text
from myword_edu.classroom.progress import AccuracyPoint

__all__ = ["accuracy_svg", "local_time"]

WIDTH, HEIGHT = 640, 230
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 30, 34
CLASS_COLOUR, STUDENT_COLOUR = "#1f6f4a", "#c05f00"


def local_time(moment: datetime) -> datetime:
    """A stored UTC time in this computer's time zone (naive)."""
    return moment.replace(tzinfo=timezone.utc).astimezone().replace(tzinfo=None)


def _label(moment: datetime, step: timedelta) -> str:
    local = local_time(moment)
    return local.strftime("%H:%M") if step < timedelta(days=1) else local.strftime("%d/%m")


def accuracy_svg(
    class_points: Sequence[AccuracyPoint],
    step: timedelta,
    lang: str,
    *,
    student_points: Sequence[AccuracyPoint] = (),
    student: str = "",
) -> str:
    """The chart as an ``<svg>`` element (an empty-state message when there is no point)."""
    title = text(lang, "progress.chart_aria")
    if not class_points:
        return f'<p class="myword-chart-empty">{escape(text(lang, "progress.chart_empty"))}</p>'
    starts = [p.start for p in [*class_points, *student_points]]
    first, last = min(starts), max(starts)
    span = max((last - first).total_seconds(), step.total_seconds())
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(moment: datetime) -> float:
        if first == last:  # one stretch only: in the middle
            return LEFT + plot_w / 2
        return LEFT + 10 + (plot_w - 20) * (moment - first).total_seconds() / span

    def y(pct: float) -> float:
        return TOP + plot_h * (1 - pct / 100.0)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
             f'role="img" aria-label="{escape(title)}" class="myword-chart" font-family="system-ui, DejaVu Sans, Arial" font-size="14">']  # fmt: skip
    for pct in (0, 25, 50, 75, 100):
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(pct):.1f}" y2="{y(pct):.1f}" stroke="#ddd4b8" />')
        parts.append(f'<text x="{LEFT - 6}" y="{y(pct) + 4:.1f}" text-anchor="end" fill="#555">{pct}%</text>')
    ticks = sorted({class_points[0].start, class_points[len(class_points) // 2].start, class_points[-1].start})
    for moment in ticks:
        parts.append(f'<text x="{x(moment):.1f}" y="{HEIGHT - 12}" text-anchor="middle" fill="#555">{escape(_label(moment, step))}</text>')
    series = [(class_points, CLASS_COLOUR, text(lang, "progress.chart_class"), "")]
    if student_points:
        series.append((student_points, STUDENT_COLOUR, student, ' stroke-dasharray="6 4"'))
    legend_x = LEFT
    for points, colour, name, dash in series:
        path = " ".join(f"{'M' if i == 0 else 'L'}{x(p.start):.1f},{y(p.pct):.1f}" for i, p in enumerate(points))
        parts.append(f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="3"{dash} />')
        for p in points:
            tip = f"{name} · {_label(p.start, step)} · {p.accepted}/{p.attempts} ({p.pct:.0f}%)"
            parts.append(f'<circle cx="{x(p.start):.1f}" cy="{y(p.pct):.1f}" r="4.5" fill="{colour}"><title>{escape(tip)}</title></circle>')
        parts.append(f'<rect x="{legend_x}" y="8" width="14" height="4" fill="{colour}" />')
        parts.append(f'<text x="{legend_x + 20}" y="14" fill="#1b1b1b">{escape(name)}</text>')
        legend_x += 28 + 8 * len(name)
    parts.append("</svg>")
    return "".join(parts)
