"""What the attempts say: per-student totals, focus-word mastery, accuracy over time.

Pure functions over :class:`~myword_edu.classroom.attempts.Attempt` values (a
sink reads them back; the panel and the CSV export show them). Every figure
comes from the same rows, the student's *tries*: every attempt but a too-late
call (someone took the cards a moment earlier: no penalty, and not a wrong
answer either; :attr:`Attempt.is_try`).

- *Attempts*: tries; *accepted %*: accepted tries / tries.
- *Cards won*: the cards a student's own MyWord! calls took.
- *Words per minute*: accepted words per minute of play, where a game's play
  time runs from its start to its last call.
- *Focus words*: a try targets a focus word of its lesson when its letters
  are the word's (accents aside), or, for a try that is not a word at all,
  when it is one slip away from exactly one focus word (a letter missing,
  extra, wrong, or two letters swapped: ``SIHP`` for ``SHIP``). *Spelled
  right* counts the tries with the word's letters; *competence* is the share
  accepted (the word made, as the student saw it) among the last
  :data:`COMPETENCE_WINDOW` tries targeting it, so a word is never mastered
  by a student none of whose tries was accepted.

>>> focus_target("shp", ["ship", "shop"]) is None  # one slip from both: unknown
True
>>> focus_target("sihp", ["ship", "chin"]), focus_target("ship", ["ship"])
('ship', 'ship')
>>> competence([False, True, True, True, True, True])
1.0
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Iterable, Mapping, Sequence

from myword_edu.classroom.attempts import Attempt
from myword_edu.core.focus import focus_target
from myword_edu.core.text import fold

__all__ = [
    "StudentProgress",
    "FocusProgress",
    "AccuracyPoint",
    "COMPETENCE_WINDOW",
    "competence",
    "tries",
    "student_progress",
    "focus_progress",
    "accuracy_series",
    "WordCell",
    "WordRow",
    "class_word_report",
    "review_order",
]

#: Competence looks at this many of the latest attempts on a word.
COMPETENCE_WINDOW = 5


@dataclass(frozen=True)
class StudentProgress:
    """A student's totals (``last_active`` is UTC; None before their first call)."""

    student_id: int
    name: str
    attempts: int = 0
    accepted: int = 0
    cards_won: int = 0
    seconds_played: float = 0.0
    last_active: datetime | None = None

    @property
    def accepted_pct(self) -> float | None:
        """Accepted calls in percent (None with no calls).

        >>> StudentProgress(1, "Ana", attempts=8, accepted=6).accepted_pct
        75.0
        """
        return 100.0 * self.accepted / self.attempts if self.attempts else None

    @property
    def words_per_minute(self) -> float | None:
        """Accepted words per minute of play (None before a minute of play: too early to tell).

        >>> StudentProgress(1, "Ana", accepted=6, seconds_played=180).words_per_minute
        2.0
        >>> StudentProgress(1, "Ana", accepted=1, seconds_played=20).words_per_minute is None
        True
        """
        if self.seconds_played < 60:
            return None
        return self.accepted / (self.seconds_played / 60.0)


@dataclass(frozen=True)
class FocusProgress:
    """One student's record on one focus word of a lesson."""

    student_id: int
    name: str
    lesson: str
    word: str  # the dictionary spelling ("camión")
    attempts: int
    spelled_right: int
    accepted: int
    recent: tuple[bool, ...]  # accepted?, the last few tries, oldest first

    @property
    def competence(self) -> float | None:
        return competence(self.recent)


@dataclass(frozen=True)
class AccuracyPoint:
    """Accuracy in one stretch of time (``start`` UTC) for the chart."""

    start: datetime
    attempts: int
    accepted: int

    @property
    def pct(self) -> float:
        return 100.0 * self.accepted / self.attempts if self.attempts else 0.0


def competence(results: Sequence[bool], window: int = COMPETENCE_WINDOW) -> float | None:
    """The share of successes among the last ``window`` results (None with no result).

    >>> competence([True, False]), competence([])
    (0.5, None)
    """
    recent = list(results)[-window:]
    return sum(recent) / len(recent) if recent else None


def tries(attempts: Iterable[Attempt]) -> list[Attempt]:
    """The attempts that count in accuracy and mastery: all but too-late calls."""
    return [a for a in attempts if a.is_try]


def student_progress(
    students: Iterable[tuple[int, str]], attempts: Iterable[Attempt], starts: Mapping[str, datetime] | None = None
) -> list[StudentProgress]:
    """Per student ``(id, name)``, in the order given: tries, accepted, cards won, time played, last active.

    ``starts``: when each game started (a game without one starts at its
    first attempt). Cards won count MyWord! only (a Boggle word's points are
    not cards); a too-late call counts in the time played and the last
    activity, not in the tries.

    >>> t = datetime(2026, 3, 2, 9, 0)
    >>> from myword_edu.classroom.attempts import Outcome
    >>> def call(i, outcome, points=0):
    ...     return Attempt(1, "g", 1, "cat", "cat", "cat", "C A T", 3, outcome, None if points else "too_late",
    ...                    points, 0, 3, "en", at=t + timedelta(minutes=i))
    >>> (ana,) = student_progress([(1, "Ana")], [call(0, Outcome.ACCEPTED, 3), call(2, Outcome.TOO_LATE)], {"g": t})
    >>> ana.attempts, ana.accepted_pct, ana.cards_won, ana.seconds_played
    (1, 100.0, 3, 120.0)
    """
    by_student: dict[int, list[Attempt]] = {}
    for attempt in attempts:
        by_student.setdefault(attempt.student_id, []).append(attempt)
    out = []
    for student_id, name in students:
        mine = by_student.get(student_id, [])
        spans: dict[str, tuple[datetime, datetime]] = {}
        for a in mine:
            first, last = spans.get(a.game_id, (a.moment, a.moment))
            spans[a.game_id] = (min(first, a.moment), max(last, a.moment))
        played = sum(max(0.0, (last - (starts or {}).get(game, first)).total_seconds())
                     for game, (first, last) in spans.items())  # fmt: skip
        counted = tries(mine)
        out.append(StudentProgress(
            student_id, name, len(counted), sum(a.accepted for a in counted),
            sum(a.points for a in counted if a.game == "myword"), played,
            max((a.moment for a in mine), default=None),
        ))  # fmt: skip
    return out


def focus_progress(attempts: Iterable[Attempt], names: Mapping[int, str] | None = None) -> list[FocusProgress]:
    """Per student, lesson and focus word: tries, spelled right, accepted, the latest results."""
    groups: dict[tuple[int, str, str], list[Attempt]] = {}
    for attempt in sorted(tries(attempts), key=lambda a: (a.moment, a.id)):
        if attempt.focus_word and attempt.lesson:
            groups.setdefault((attempt.student_id, attempt.lesson, attempt.focus_word), []).append(attempt)
    out = []
    for (student_id, lesson, word), items in groups.items():
        right = sum(a.folded == fold(word) for a in items)
        made = [a.accepted for a in items]
        name = (names or {}).get(student_id, items[-1].student)
        out.append(FocusProgress(student_id, name, lesson, word, len(items), right, sum(made),
                                 tuple(made[-COMPETENCE_WINDOW:])))  # fmt: skip
    out.sort(key=lambda f: (f.name.casefold(), f.student_id, f.lesson, f.word))
    return out


@dataclass(frozen=True)
class WordCell:
    """One student's record on one focus word, all lessons and games together."""

    student_id: int
    name: str
    tries: int
    right: int  # tries with the word's letters (accents aside)
    recent: tuple[bool, ...]  # accepted?, the last few tries, oldest first

    @property
    def competence(self) -> float | None:
        return competence(self.recent)


@dataclass(frozen=True)
class WordRow:
    """A focus word in the class word report: the class's tries, and each student's (those who tried it)."""

    word: str  # the dictionary spelling
    tries: int
    right: int
    students: tuple[WordCell, ...]  # in name order

    @property
    def misses(self) -> int:
        return self.tries - self.right

    @property
    def miss_rate(self) -> float:
        """The share of the class's tries that were not the word's letters."""
        return self.misses / self.tries if self.tries else 0.0


def class_word_report(attempts: Iterable[Attempt], names: Mapping[int, str] | None = None) -> list[WordRow]:
    """The focus words by student, the words the class misses most first.

    Counts the tries (too-late calls are none) that targeted a focus word, in
    every lesson and game; ``names``: the students to count (``id -> name``,
    the roster; None: everyone who tried). Ranked by the class's miss rate
    (tries not spelled right), then by tries, then alphabetically.

    >>> from myword_edu.classroom.attempts import Outcome
    >>> t = datetime(2026, 3, 2, 9, 0)
    >>> def call(who, typed, ok, minute):
    ...     return Attempt(who, "g", 1, typed, typed, typed, "", 0, Outcome.ACCEPTED if ok else Outcome.REFUSED,
    ...                    None if ok else "not_a_word", 0, 0, 3, "en", "l", typed if ok else "ship",
    ...                    at=t + timedelta(minutes=minute), id=minute)
    >>> rows = class_word_report([call(1, "chin", True, 0), call(1, "sihp", False, 1), call(2, "ship", True, 2)],
    ...                          {1: "Ana", 2: "Ben"})
    >>> [(r.word, r.tries, r.right, [(c.name, c.tries, c.right) for c in r.students]) for r in rows]
    [('ship', 2, 1, [('Ana', 1, 0), ('Ben', 1, 1)]), ('chin', 1, 1, [('Ana', 1, 1)])]
    """
    groups: dict[str, dict[int, list[Attempt]]] = {}
    for a in sorted(tries(attempts), key=lambda a: (a.moment, a.id)):
        if a.focus_word and (names is None or a.student_id in names):
            groups.setdefault(a.focus_word, {}).setdefault(a.student_id, []).append(a)
    rows = []
    for word, by_student in groups.items():
        cells = []
        for student_id, items in by_student.items():
            made = [a.accepted for a in items]
            name = names[student_id] if names is not None else items[-1].student
            cells.append(WordCell(student_id, name, len(items), sum(a.folded == fold(word) for a in items),
                                  tuple(made[-COMPETENCE_WINDOW:])))  # fmt: skip
        cells.sort(key=lambda c: (c.name.casefold(), c.student_id))
        rows.append(WordRow(word, sum(c.tries for c in cells), sum(c.right for c in cells), tuple(cells)))
    rows.sort(key=lambda r: (-r.miss_rate, -r.tries, fold(r.word), r.word))
    return rows


def review_order(attempts: Iterable[Attempt], student_id: int, lesson: str, focus: Sequence[str]) -> list[str]:
    """The focus words (folded, from ``focus``) a student should meet first in their next game of ``lesson``.

    A word is learnt once the student's last two tries at it (in this lesson,
    any game) were both made; the others come first, the words they missed
    most lately first (lowest competence over their last
    :data:`COMPETENCE_WINDOW` tries), then those they have not tried, in the
    lesson's order. Learnt words are left out.

    >>> from myword_edu.classroom.attempts import Outcome
    >>> t = datetime(2026, 3, 2, 9, 0)
    >>> def call(typed, ok, minute):
    ...     return Attempt(1, "g", 1, typed, typed, typed, "", 0, Outcome.ACCEPTED if ok else Outcome.REFUSED,
    ...                    None if ok else "not_a_word", 0, 0, 3, "en", "l", typed if ok else "ship",
    ...                    at=t + timedelta(minutes=minute), id=minute)
    >>> review_order([call("chin", True, 0), call("sihp", False, 1), call("chin", True, 2)], 1, "l",
    ...              ["chin", "that", "ship"])
    ['ship', 'that']
    """
    mine = [f for f in focus_progress(a for a in attempts if a.student_id == student_id) if f.lesson == lesson]
    records = {fold(f.word): f for f in mine}
    due = []
    for index, word in enumerate(focus):
        record = records.get(word)
        if record is None:
            due.append((1, 0.0, index, word))
        elif record.recent[-2:] != (True, True):
            due.append((0, record.competence or 0.0, index, word))
    return [word for *_, word in sorted(due)]


_STEPS = (
    timedelta(minutes=1), timedelta(minutes=5), timedelta(minutes=15), timedelta(hours=1),
    timedelta(hours=6), timedelta(days=1), timedelta(days=7), timedelta(days=30),
)  # fmt: skip


def accuracy_series(
    attempts: Iterable[Attempt], *, max_points: int = 24, step: timedelta | None = None
) -> tuple[timedelta, list[AccuracyPoint]]:
    """Accuracy per stretch of time, the stretch chosen so the span fits in ``max_points``.

    Returns the stretch and the points with at least one try, oldest first (too-late calls are no tries).
    Pass ``step`` to use the same stretches as another series (one student
    against the class): stretches start at whole multiples of it.

    >>> t = datetime(2026, 3, 2, 9, 0)
    >>> from myword_edu.classroom.attempts import Outcome
    >>> rows = [Attempt(1, "g", 1, "x", "x", "x", "", 0, Outcome.REFUSED if i % 2 else Outcome.ACCEPTED,
    ...                 "not_a_word" if i % 2 else None, 0, 0, 3, "en", at=t + timedelta(minutes=i)) for i in range(4)]
    >>> step, points = accuracy_series(rows)
    >>> step, [(p.attempts, p.accepted) for p in points]
    (datetime.timedelta(seconds=60), [(1, 1), (1, 0), (1, 1), (1, 0)])
    """
    items = sorted(tries(attempts), key=lambda a: a.moment)
    if not items:
        return _STEPS[0], []
    span = items[-1].moment - items[0].moment
    if step is None:
        step = next((s for s in _STEPS if span / s < max_points), _STEPS[-1])
    origin = _floor(items[0].moment, step)
    buckets: dict[int, list[int]] = {}
    for attempt in items:
        index = int((attempt.moment - origin) / step)
        counts = buckets.setdefault(index, [0, 0])
        counts[0] += 1
        counts[1] += int(attempt.accepted)
    return step, [AccuracyPoint(origin + step * i, n, ok) for i, (n, ok) in sorted(buckets.items())]


def _floor(moment: datetime, step: timedelta) -> datetime:
    if step >= timedelta(days=1):
        return moment.replace(hour=0, minute=0, second=0, microsecond=0)
    seconds = int(step.total_seconds())
    midnight = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    offset = int((moment - midnight).total_seconds()) // seconds * seconds
    return midnight + timedelta(seconds=offset)
