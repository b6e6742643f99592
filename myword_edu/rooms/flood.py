"""Flood control in a live MyWord! room: a wait after a failed call, the teacher's mute, who floods.

Threat: one student (or a script on their page) sends call after call. In a
live room every failed call gives each other player a free card (the rulebook's
penalty), so 40 nonsense calls in 5 s used to empty the table and the deck and
end the round for 29 classmates.

The defence is decided from the room's log alone, never from the page's clock
or one kernel's memory, so every kernel agrees and a reopened tab (a new kernel
replaying the log) is bound exactly as the old one was:

- After a failed call the rulebook penalises (not a word, cards not on the
  table, too few cards, a blocked word...) the caller must wait before their
  next call is judged: :attr:`CallLimit.base` seconds, doubled for each other
  such failure of theirs in the last :attr:`CallLimit.window` seconds, at most
  :attr:`CallLimit.cap` (2, 4, 8, 16, 32, 60 s). The wait runs from the failed
  claim's commit time (the ``at`` of its log event). A student who mistypes
  once waits 2 s; however fast anyone sends, at most
  :meth:`CallLimit.most_per_window` (5) failed calls of one student are judged
  in any minute. The penalty of a judged call is the rulebook's, unchanged.
- A call sent during the wait is *held*: it never reaches the rules, so it
  gives nobody a card, is not an attempt (no ``attempts`` row: it does not
  lower the student's accuracy) and is not shown as a call. Held calls are
  counted in the log (``held`` events, at most one a second per kernel, each
  with how many calls it stands for) so the teacher's panel sees who floods.
- The teacher can mute a student for the rest of the round (a ``mute`` event,
  replayed by every kernel; the next round starts unmuted): their calls are
  refused before anything is written.

Solo practice (one student against computer players) has no wait: a flood there
only gives the robots cards. The projector mode takes words from the teacher.

>>> from datetime import datetime, timedelta
>>> limit = CallLimit()
>>> t0 = datetime(2026, 1, 1, 9, 0)
>>> [limit.wait_after([t0 + timedelta(seconds=s) for s in range(n)]) for n in (1, 2, 3, 6, 7)]
[2.0, 4.0, 8.0, 60.0, 60.0]
>>> limit.most_per_window()
5
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Sequence

__all__ = ["CallLimit", "FloodWatch", "FloodCount", "FLAG_CALLS"]

#: Failed plus held calls in the last minute from which the teacher's panel marks a student.
FLAG_CALLS = 5


@dataclass(frozen=True)
class CallLimit:
    """How long a student waits after a failed call (see the module docs)."""

    base: float = 2.0
    cap: float = 60.0
    window: float = 60.0

    def wait_after(self, failures: Sequence[datetime]) -> float:
        """Seconds to wait after the last of ``failures`` (one student's failed calls, oldest first)."""
        if not failures:
            return 0.0
        last = failures[-1]
        recent = sum(1 for at in failures if (last - at).total_seconds() < self.window)
        return min(self.cap, self.base * 2 ** (recent - 1))

    def most_per_window(self) -> int:
        """The most failed calls of one student that can be judged in any ``window`` seconds.

        The k-th failure inside a window waits at least ``min(cap, base * 2**(k-1))``.
        """
        spent, k = 0.0, 1
        while True:
            spent += min(self.cap, self.base * 2 ** (k - 1))
            if spent >= self.window:
                return k
            k += 1


@dataclass(frozen=True)
class FloodCount:
    """One student's calls in the last minute, for the teacher's panel."""

    failed: int  # judged calls the rulebook penalises
    held: int  # calls refused during a wait (never judged)
    muted: bool

    @property
    def is_flagged(self) -> bool:
        """Calling much faster than a player thinks: the teacher's panel marks them."""
        return self.failed + self.held >= FLAG_CALLS


class FloodWatch:
    """The flood state of one room, kept by its replica from the log (pure: no database)."""

    def __init__(self, limit: CallLimit | None = None) -> None:
        self.limit = limit or CallLimit()
        self._failures: dict[str, list[datetime]] = {}
        self._held: dict[str, list[tuple[datetime, int]]] = {}
        self._until: dict[str, datetime] = {}
        self.muted: set[str] = set()

    def failed(self, name: str, at: datetime) -> None:
        """A judged call of ``name`` failed (one the rulebook penalises), committed at ``at``."""
        recent = [f for f in self._failures.get(name, []) if (at - f).total_seconds() < self.limit.window]
        recent.append(at)
        self._failures[name] = recent
        self._until[name] = at + timedelta(seconds=self.limit.wait_after(recent))

    def held_calls(self, name: str, at: datetime, count: int) -> None:
        """``count`` calls of ``name`` were refused during their wait (logged at ``at``)."""
        kept = [(a, n) for a, n in self._held.get(name, []) if (at - a).total_seconds() < self.limit.window]
        self._held[name] = kept + [(at, max(1, int(count)))]

    def mute(self, name: str, muted: bool = True) -> None:
        if muted:
            self.muted.add(name)
        else:
            self.muted.discard(name)

    def new_round(self) -> None:
        """A new round starts: nobody is muted any more (waits run on: they are short)."""
        self.muted.clear()

    def wait_until(self, name: str) -> datetime | None:
        """When ``name``'s wait ends (None: they never failed a call)."""
        return self._until.get(name)

    def seconds_left(self, name: str, now: datetime) -> float:
        """Seconds ``name`` must still wait at ``now`` (0 when they may call)."""
        until = self._until.get(name)
        return 0.0 if until is None else max(0.0, (until - now).total_seconds())

    def recent_failures(self, name: str, now: datetime) -> int:
        return sum(1 for at in self._failures.get(name, []) if (now - at).total_seconds() < self.limit.window)

    def count(self, name: str, now: datetime) -> FloodCount:
        """``name``'s failed and held calls in the last ``window`` seconds before ``now``."""
        held = sum(n for at, n in self._held.get(name, []) if (now - at).total_seconds() < self.limit.window)
        return FloodCount(self.recent_failures(name, now), held, name in self.muted)
