"""Boggle in the class store: the teacher's Boggle settings and each student's personal bests.

The teacher chooses, for the class and for any student (a student without
their own settings plays with the class's), the :class:`~myword_edu.boggle.rules.BoggleRules`
the class store keeps:

- the board size, 4x4 or 5x5; the dice set (``classic``, ``new`` or ``es``
  make 4x4 boards, ``big`` makes 5x5 ones, and ``es`` plays in Spanish);
- the round's length in whole minutes (1 to 10);
- the minimum word length (3 to 8, or ``None``: the board's own, 3 on 4x4 and
  4 on 5x5).

The student's page cannot change them (see :mod:`myword_edu.ui.boggle.page`).

>>> from myword_edu.classroom.store import Store
>>> store = Store.open("sqlite://", fresh=True)
>>> ana = store.add_student("Ana")
>>> boggle_rules(store, ana.id)
BoggleRules(dice='new', seconds=180, min_length=None, bonus=False, target=None, size=4)
>>> _ = set_student_rules(store, [ana.id], size=5, dice="big", min_length=5, minutes=2)
>>> boggle_rules(store, ana.id)
BoggleRules(dice='big', seconds=120, min_length=5, bonus=False, target=None, size=5)
>>> bests = StoreBests(store, ana.id)
>>> bests.record("Ana", "boggle/en/big/180s/min5", 12), bests.best("Ana", "boggle/en/big/180s/min5")
(True, 12)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

import sqlalchemy as sa

from myword_edu.boggle.rules import BoggleRules, BoggleRulesError
from myword_edu.classroom import schema as t

if TYPE_CHECKING:
    from myword_edu.classroom.store import Store

__all__ = ["rules_to_row", "rules_from_row", "boggle_rules", "class_rules", "set_class_rules", "set_student_rules", "own_rules", "StoreBests"]


def rules_to_row(rules: BoggleRules) -> dict[str, Any]:
    """The class store's columns for a class's or a student's rules: whole minutes, no bonus cube, no target
    (a live room chooses those)."""
    if rules.seconds % 60:
        raise BoggleRulesError("seconds", rules.seconds, f"the class's rounds last whole minutes, not {rules.seconds} seconds")
    if rules.bonus or rules.target is not None:
        field = "bonus" if rules.bonus else "target"
        raise BoggleRulesError(field, getattr(rules, field), "the bonus cube and tournaments are chosen for a live room")
    return {"size": rules.size, "minutes": rules.seconds // 60, "min_length": rules.min_length, "dice": rules.dice}


def rules_from_row(row: Any) -> BoggleRules:
    """Rules from a stored row (a row that is no longer valid gives the defaults)."""
    if row is None:
        return BoggleRules()
    try:
        return BoggleRules(dice=str(row["dice"]), seconds=int(row["minutes"]) * 60, min_length=row["min_length"],
                           size=int(row["size"]))  # fmt: skip
    except (BoggleRulesError, TypeError, ValueError):
        return BoggleRules()


def _owner(store: "Store", student_id: int | None) -> Any:
    s = t.boggle_settings
    return sa.and_(s.c.class_id == store.class_id(),
                   s.c.student_id.is_(None) if student_id is None else s.c.student_id == student_id)  # fmt: skip


def _read(store: "Store", student_id: int | None) -> Any:
    with store.reading() as conn:
        return conn.execute(sa.select(t.boggle_settings).where(_owner(store, student_id))).mappings().first()


def class_rules(store: "Store") -> BoggleRules:
    """The class's Boggle settings (the defaults until the teacher changes them)."""
    return rules_from_row(_read(store, None))


def own_rules(store: "Store", student_id: int) -> BoggleRules | None:
    """The student's own Boggle settings, or None when they play with the class's."""
    row = _read(store, student_id)
    return rules_from_row(row) if row is not None else None


def boggle_rules(store: "Store", student_id: int) -> BoggleRules:
    """The Boggle settings a student plays with: their own, else the class's."""
    store.student(student_id)  # raises UnknownStudentError
    return own_rules(store, student_id) or class_rules(store)


def _write(conn: sa.Connection, store: "Store", student_id: int | None, rules: BoggleRules) -> None:
    conn.execute(sa.delete(t.boggle_settings).where(_owner(store, student_id)))
    conn.execute(sa.insert(t.boggle_settings).values(class_id=store.class_id(), student_id=student_id, **rules_to_row(rules)))


def set_class_rules(store: "Store", rules: BoggleRules) -> BoggleRules:
    """Change the class's Boggle settings (students with their own keep theirs)."""
    rules_to_row(rules)  # raises BoggleRulesError before anything is written
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
    for _, rules in updated:
        rules_to_row(rules)
    with store.transaction(exclusive=True) as conn:
        for student_id, rules in updated:
            _write(conn, store, student_id, rules)
    return [rules for _, rules in updated]


class StoreBests:
    """A student's personal Boggle bests, kept in the class store (a :class:`~myword_edu.boggle.bests.BestScores`).

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
