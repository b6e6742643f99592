"""The dealing pace and the asyncio task that keeps time.

:class:`Pacer` is plain bookkeeping: when the next card is due, pause and
resume (a pause moves every deadline later by its length), "next card" now.
:class:`Clock` is the only thing that waits: an asyncio task on the kernel's
event loop that calls ``tick()`` whenever the next deadline comes, and sleeps
otherwise. Nothing ever calls :func:`time.sleep`, so the kernel keeps answering
the browser while cards are dealt.

>>> pacer = Pacer(2.0)
>>> pacer.start(now=10.0); pacer.is_due(10.0)
True
>>> pacer.dealt(now=10.0); pacer.next_at, pacer.is_due(11.0)
(12.0, False)
>>> pacer.pause(now=11.0); pacer.is_due(20.0)
False
>>> pacer.resume(now=15.0), pacer.next_at
(4.0, 16.0)
"""

from __future__ import annotations

import asyncio
import logging
from typing import Callable

__all__ = ["Pacer", "Clock"]

log = logging.getLogger(__name__)


class Pacer:
    """When the next card is due, at ``pace`` seconds per card; a paused pacer is never due."""

    def __init__(self, pace: float) -> None:
        self.pace = float(pace)
        self.next_at: float | None = None
        self.paused_at: float | None = None

    @property
    def is_paused(self) -> bool:
        return self.paused_at is not None

    def start(self, now: float) -> None:
        """Deal the first card right away."""
        self.next_at = now

    def stop(self) -> None:
        """No more cards to deal (the deck is empty or the round is over)."""
        self.next_at = None

    def is_due(self, now: float) -> bool:
        """Is it time for the next card?"""
        return self.next_at is not None and self.paused_at is None and now >= self.next_at

    def dealt(self, now: float) -> None:
        """A card was just dealt (by the pace or by hand): the next is due one pace later."""
        if self.next_at is not None:
            self.next_at = now + self.pace

    def pause(self, now: float) -> None:
        if self.paused_at is None:
            self.paused_at = now

    def resume(self, now: float) -> float:
        """Go on after a pause; returns how long the pause was (shift other deadlines by it)."""
        if self.paused_at is None:
            return 0.0
        shift = max(0.0, now - self.paused_at)
        self.paused_at = None
        if self.next_at is not None:
            self.next_at += shift
        return shift


class Clock:
    """Calls ``tick()`` on the running event loop until it returns None.

    ``tick`` does whatever is due and returns the time (``time.monotonic``
    seconds) it wants to be called again, or None when nothing more is
    scheduled (the clock task then ends; :meth:`start` runs it again).
    """

    def __init__(self, tick: Callable[[], float | None], *, now: Callable[[], float], max_sleep: float = 1.0) -> None:
        self._tick = tick
        self._now = now
        self.max_sleep = max_sleep
        self.task: asyncio.Task | None = None
        self._wake: asyncio.Event | None = None

    @property
    def is_running(self) -> bool:
        return self.task is not None and not self.task.done()

    def start(self) -> bool:
        """Run (or wake) the clock task; False when there is no running event loop (tests)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        if self.is_running:
            assert self._wake is not None
            self._wake.set()
            return True
        self._wake = asyncio.Event()
        self.task = loop.create_task(self._run())
        self.task.add_done_callback(_report)
        return True

    def stop(self) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None

    async def _run(self) -> None:
        assert self._wake is not None
        while True:
            self._wake.clear()
            next_at = self._tick()
            if next_at is None:
                return
            delay = min(max(0.0, next_at - self._now()), self.max_sleep)
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=delay)
            except asyncio.TimeoutError:
                pass


def _report(task: asyncio.Task) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("the game clock stopped", exc_info=task.exception())
