"""Boggle in the class store: the teacher's Boggle settings and each student's personal bests.

The teacher chooses, for the class and for any student (a student without
their own settings plays with the class's):

- the board size, 4x4 or 5x5; the dice set (``classic``, ``new`` or ``es``
  make 4x4 boards, ``big`` makes 5x5 ones, and ``es`` plays in Spanish);
- the round's length in minutes (1 to 10);
- the minimum word length (3 to 8, or ``None``: the board's own, 3 on 4x4 and
  4 on 5x5).

:func:`apply_rules` turns them into the game's settings; the student's page
cannot change them (see :mod:`myword_edu.ui.boggle.page`).

>>> from myword_edu.classroom.store import Store
>>> store = Store.open("sqlite://", fresh=True)
>>> ana = store.add_student("Ana")
>>> boggle_rules(store, ana.id)
BoggleRules(size=4, minutes=3, min_length=None, dice='new')
>>> _ = set_student_rules(store, [ana.id], size=5, dice="big", min_length=5)
>>> boggle_rules(store, ana.id)
BoggleRules(size=5, minutes=3, min_length=5, dice='big')
>>> bests = StoreBests(store, ana.id)
>>> bests.record("Ana", "boggle/en/big/180s/min5", 12), bests.best("Ana", "boggle/en/big/180s/min5")
(True, 12)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Iterable

import sqlalchemy as sa

from myword_edu.classroom import schema as t
from myword_edu.boggle.round import DICE, DICE_LANG, GAME_KIND, MIN_LENGTH_RANGE
from myword_edu.core.errors import MyWordError

if TYPE_CHECKING:
    from myword_edu.classroom.store import Store

__all__ = ["BoggleRules", "BoggleRulesError", "BOARD_SIZES", "MINUTES_RANGE", "GAME_KIND", "dice_size",
           "boggle_rules", "class_rules", "set_class_rules", "set_student_rules", "own_rules", "StoreBests"]  # fmt: skip

#: Board sizes a teacher may choose (rows = columns).
BOARD_SIZES = (4, 5)
#: Round lengths a teacher may choose, in minutes.
MINUTES_RANGE = range(1, 11)


def dice_size(dice: str) -> int:
    """The size of the boards a dice set makes.

    >>> dice_size("big"), dice_size("es")
    (5, 4)
    """
    return 5 if len(DICE[dice]) == 25 else 4


class BoggleRulesError(MyWordError, ValueError):
    """A Boggle setting a teacher cannot choose. ``field`` names it, ``value`` is what was given."""

    def __init__(self, field: str, value: object, message: str) -> None:
        self.field = field
        self.value = value
        super().__init__(message)


@dataclass(frozen=True)
class BoggleRules:
    """The teacher's Boggle settings for a class or a student (checked when made).

    >>> BoggleRules(size=5, dice="new")
    Traceback (most recent call last):
    ...
    myword_edu.classroom.boggle_store.BoggleRulesError: the 'new' dice make 4x4 boards, not 5x5. Dice for 5x5: big
    """

    size: int = 4
    minutes: int = 3
    min_length: int | None = None
    dice: str = "new"

    def __post_init__(self) -> None:
        if isinstance(self.size, bool) or not isinstance(self.size, int) or self.size not in BOARD_SIZES:
            raise BoggleRulesError("size", self.size, f"the board size must be 4 or 5, not {self.size!r}")
        if isinstance(self.minutes, bool) or not isinstance(self.minutes, int) or self.minutes not in MINUTES_RANGE:
            raise BoggleRulesError("minutes", self.minutes, f"a round lasts 1 to 10 minutes, not {self.minutes!r}")
        if self.min_length is not None and (
            isinstance(self.min_length, bool) or not isinstance(self.min_length, int) or self.min_length not in MIN_LENGTH_RANGE
        ):
            raise BoggleRulesError("min_length", self.min_length, f"the minimum word length must be 3 to 8, not {self.min_length!r}")
        if not isinstance(self.dice, str) or self.dice not in DICE:
            raise BoggleRulesError("dice", self.dice, f"unknown dice set {self.dice!r}. Valid dice sets are: {', '.join(DICE)}")
        if dice_size(self.dice) != self.size:
            fitting = ", ".join(d for d in DICE if dice_size(d) == self.size)
            raise BoggleRulesError(
                "dice", self.dice,
                f"the {self.dice!r} dice make {dice_size(self.dice)}x{dice_size(self.dice)} boards, not "
                f"{self.size}x{self.size}. Dice for {self.size}x{self.size}: {fitting}",
            )  # fmt: skip

    @property
    def lang(self) -> str:
        """The language the dice are made for (the game's language)."""
        return DICE_LANG[self.dice]

    def with_changes(self, **changes: Any) -> "BoggleRules":
        """A copy with some values changed (checked again)."""
        return replace(self, **changes)

    def to_row(self) -> dict[str, Any]:
        return {"size": self.size, "minutes": self.minutes, "min_length": self.min_length, "dice": self.dice}

    @classmethod
    def from_row(cls, row: Any) -> "BoggleRules":
        """Rules from a stored row (a row that is no longer valid gives the defaults)."""
        if row is None:
            return cls()
        try:
            return cls(int(row["size"]), int(row["minutes"]), row["min_length"], str(row["dice"]))
        except (BoggleRulesError, TypeError, ValueError):
            return cls()


def _owner(store: "Store", student_id: int | None) -> Any:
    s = t.boggle_settings
    return sa.and_(s.c.class_id == store.class_id(),
                   s.c.student_id.is_(None) if student_id is None else s.c.student_id == student_id)  # fmt: skip


def _read(store: "Store", student_id: int | None) -> Any:
    with store.reading() as conn:
        return conn.execute(sa.select(t.boggle_settings).where(_owner(store, student_id))).mappings().first()


def class_rules(store: "Store") -> BoggleRules:
    """The class's Boggle settings (the defaults until the teacher changes them)."""
    return BoggleRules.from_row(_read(store, None))


def own_rules(store: "Store", student_id: int) -> BoggleRules | None:
    """The student's own Boggle settings, or None when they play with the class's."""
    row = _read(store, student_id)
    return BoggleRules.from_row(row) if row is not None else None


def boggle_rules(store: "Store", student_id: int) -> BoggleRules:
    """The Boggle settings a student plays with: their own, else the class's."""
    store.student(student_id)  # raises UnknownStudentError
    return own_rules(store, student_id) or class_rules(store)


def _write(conn: sa.Connection, store: "Store", student_id: int | None, rules: BoggleRules) -> None:
    conn.execute(sa.delete(t.boggle_settings).where(_owner(store, student_id)))
    conn.execute(sa.insert(t.boggle_settings).values(class_id=store.class_id(), student_id=student_id, **rules.to_row()))


def set_class_rules(store: "Store", rules: BoggleRules) -> BoggleRules:
    """Change the class's Boggle settings (students with their own keep theirs)."""
    with store.transaction(exclusive=True) as conn:
        _write(conn, store, None, rules)
    return class_rules(store)


def set_student_rules(store: "Store", student_ids: Iterable[int], *, reset: bool = False, **changes: Any) -> list[BoggleRules]:
    """Change some Boggle settings of one or many students at once (all or none: checked first).

    Each student's other settings stay as they were (their own, else the
    class's). ``reset=True`` removes their own settings: they play with the class's.
    """
    ids = list(dict.fromkeys(student_ids))
    for student_id in ids:
        store.student(student_id)  # raises UnknownStudentError
    if reset:
        with store.transaction() as conn:
            for student_id in ids:
                conn.execute(sa.delete(t.boggle_settings).where(_owner(store, student_id)))
        return [class_rules(store) for _ in ids]
    updated = [(i, boggle_rules(store, i).with_changes(**changes)) for i in ids]  # raises BoggleRulesError
    with store.transaction(exclusive=True) as conn:
        for student_id, rules in updated:
            _write(conn, store, student_id, rules)
    return [rules for _, rules in updated]


class StoreBests:
    """A student's personal Boggle bests, kept in the class store (a :class:`~myword_edu.boggle.round.BestScores`).

    The ``student`` name the game passes is ignored: the bests belong to ``student_id``.
    """

    def __init__(self, store: "Store", student_id: int) -> None:
        self.store = store
        self.student_id = student_id

    def best(self, student: str, key: str) -> int | None:
        b = t.boggle_bests
        with self.store.reading() as conn:
            points = conn.scalar(sa.select(b.c.points).where(b.c.student_id == self.student_id, b.c.key == key[:80]))
        return None if points is None else int(points)

    def record(self, student: str, key: str, points: int) -> bool:
        b = t.boggle_bests
        with self.store.transaction(exclusive=True) as conn:
            where = sa.and_(b.c.student_id == self.student_id, b.c.key == key[:80])
            previous = conn.scalar(sa.select(b.c.points).where(where))
            if previous is not None and points <= previous:
                return False
            conn.execute(sa.delete(b).where(where))
            conn.execute(sa.insert(b).values(student_id=self.student_id, key=key[:80], points=points, at=self.store.now()))
        return True
