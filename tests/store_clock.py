"""A class store's clock the test moves (a Boggle room's timer runs on the store's clock)."""

from __future__ import annotations

from datetime import datetime, timedelta


class StoreClock:
    """Callable like :func:`myword_edu.classroom.store.utcnow`; ``advance`` moves it forward."""

    def __init__(self) -> None:
        self.t = datetime(2026, 11, 30, 9, 0)

    def __call__(self) -> datetime:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += timedelta(seconds=seconds)
