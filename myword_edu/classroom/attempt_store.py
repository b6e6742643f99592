"""Attempts in the class database: written, crossed out and read back as :class:`~myword_edu.classroom.attempts.Attempt`.

The SQL of the ``attempts`` table, for the store
(:meth:`myword_edu.classroom.store.Store.record`, ``attempts``, ``progress``)
and for a live room, whose attempt is written in the same transaction as the
room's event (:class:`TransactionSink`). The outcome is kept as ``accepted``
and ``reason`` (a too-late call is ``accepted = false``, ``reason = 'too_late'``),
so the schema is the one every release since version 1 has written.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Callable, Iterable

import sqlalchemy as sa

from myword_edu.classroom import schema as t
from myword_edu.classroom.attempts import Attempt, Outcome, game_of_kind

__all__ = ["insert_attempt", "cross_out", "read_attempts", "game_starts", "TransactionSink"]


def insert_attempt(conn: sa.Connection, attempt: Attempt, at: datetime) -> Attempt:
    """Write one attempt (at ``attempt.at``, else ``at``); returns it with its id and time."""
    when = attempt.at or at
    result = conn.execute(sa.insert(t.attempts).values(
        student_id=attempt.student_id, game_id=attempt.game_id, round=attempt.round, at=when,
        word=attempt.word[:64], folded=attempt.folded[:64], spelling=attempt.spelling[:64], cards=attempt.cards[:200],
        card_count=attempt.card_count, accepted=attempt.accepted, reason=attempt.reason, points=attempt.points,
        free_cards=attempt.free_cards, min_cards=attempt.min_cards, lang=attempt.lang, lesson=attempt.lesson,
        focus_word=attempt.focus_word,
    ))  # fmt: skip
    key = result.inserted_primary_key
    assert key is not None
    return attempt.stored(int(key[0]), when)


def cross_out(conn: sa.Connection, game_ids: Iterable[str], round: int, words: Iterable[str]) -> int:
    """Set to 0 the points of the accepted attempts of ``words`` in this round of these games; returns how many."""
    ids, folded = list(dict.fromkeys(game_ids)), sorted(set(words))
    if not ids or not folded:
        return 0
    a = t.attempts
    result = conn.execute(sa.update(a).where(
        a.c.game_id.in_(ids), a.c.round == round, a.c.folded.in_([w[:64] for w in folded]), a.c.accepted,
        a.c.points != 0,
    ).values(points=0))  # fmt: skip
    return int(result.rowcount or 0)


def read_attempts(conn: sa.Connection, class_id: int, *, student_id: int | None = None, after_id: int = 0) -> list[Attempt]:
    """Attempts of the class (or one student), oldest first, removed students included."""
    a, s, g = t.attempts, t.students, t.games
    query = (
        sa.select(a, s.c.name.label("student"), g.c.kind.label("game_kind"))
        .join(s, s.c.id == a.c.student_id)
        .join(g, g.c.id == a.c.game_id)
        .where(s.c.class_id == class_id, a.c.id > after_id)
        .order_by(a.c.at, a.c.id)
    )
    if student_id is not None:
        query = query.where(a.c.student_id == student_id)
    return [_attempt(r) for r in conn.execute(query).mappings()]


def game_starts(conn: sa.Connection, class_id: int) -> dict[str, datetime]:
    """When each game of the class started (for the time played)."""
    g, s = t.games, t.students
    query = sa.select(g.c.id, g.c.started_at).join(s, s.c.id == g.c.student_id).where(s.c.class_id == class_id)
    return {str(game_id): _dt(started) for game_id, started in conn.execute(query)}


class TransactionSink:
    """An :class:`~myword_edu.classroom.attempts.AttemptSink` inside an open transaction (a live room's write):
    what it keeps is committed with the rest of the transaction."""

    def __init__(self, conn: sa.Connection, now: Callable[[], datetime]) -> None:
        self.conn, self.now = conn, now

    def record(self, attempt: Attempt) -> Attempt:
        return insert_attempt(self.conn, attempt, self.now())

    def cross_out(self, game_ids: Iterable[str], round: int, words: Iterable[str]) -> int:
        return cross_out(self.conn, game_ids, round, words)


def _dt(value: Any) -> datetime:
    if isinstance(value, datetime):
        return value
    return datetime.fromisoformat(str(value))


def _attempt(row: Any) -> Attempt:
    return Attempt(
        id=row["id"], student_id=row["student_id"], student=row["student"], game_id=row["game_id"],
        round=row["round"], at=_dt(row["at"]), word=row["word"], folded=row["folded"], spelling=row["spelling"],
        cards=row["cards"], card_count=row["card_count"], outcome=Outcome.of(bool(row["accepted"]), row["reason"]),
        reason=row["reason"], points=row["points"], free_cards=row["free_cards"], min_cards=row["min_cards"],
        lang=row["lang"], lesson=row["lesson"], focus_word=row["focus_word"], game=game_of_kind(row.get("game_kind")),
    )  # fmt: skip
