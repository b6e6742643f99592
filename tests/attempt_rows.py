"""Attempts for tests that store rows by hand: the fields as keywords, ``accepted`` as a yes or no."""

from __future__ import annotations

from typing import Any

from myword_edu.classroom.attempts import Attempt, Outcome


def attempt_row(*, accepted: bool, **fields: Any) -> Attempt:
    """An :class:`Attempt` from its fields, the outcome from ``accepted`` and ``reason`` (``too_late`` is its own)."""
    return Attempt(outcome=Outcome.of(accepted, fields.get("reason")), **fields)
