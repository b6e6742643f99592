"""Typing codes slowly: one throttle for a live room's code and the class's join code.

Threat: a page (or a script driving it) tries codes until one opens a room or
the class list; 500 wrong room codes from one page took 4 s. A room code has
26^5 (about 12 million) values and a class code 31^5 (about 29 million), so
guessing must stay far slower than a few tries a second.

Two bounds, both checked *before* the typed code is compared, so an answer
"wait" never tells a right code from a wrong one:

- **This page** (its kernel): the n-th wrong code in a row costs a wait of
  ``2**(n-1)`` seconds (1, 2, 4, 8 ... at most :data:`PAGE_MAX_WAIT`, 5
  minutes); a right code clears it. One page needs days for 500 wrong codes.
- **The whole class** (every page, counted in the store, so new tabs do not
  help): on average one try a second (:data:`CLASS_INTERVAL`) with a burst of
  :data:`CLASS_BURST` (a class arriving at once, some mistyping), shared by room
  and class codes. However many pages guess, 500 wrong codes take about eight
  minutes. A page that finds the class's tries used up waits about one second
  (the time one try takes to come back), so a classmate with the right code
  gets in after a short wait while another page guesses; a right code gives its
  try back.

>>> [page_wait(n) for n in (1, 2, 3, 9, 10, 50)]
[1.0, 2.0, 4.0, 256.0, 300.0, 300.0]
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import Any, Callable

from myword_edu.core.errors import MyWordError
from myword_edu.i18n.classroom import text

__all__ = ["CodeGuard", "CodeWaitError", "page_wait", "wait_message", "PAGE_MAX_WAIT", "CLASS_INTERVAL",
           "CLASS_BURST"]  # fmt: skip

PAGE_MAX_WAIT = 300.0
CLASS_INTERVAL = 1.0
CLASS_BURST = 20
CLASS_KEY = "codes.next_try"  # the store's config: when the class's tries are all back (GCRA)
_EPOCH = datetime(2000, 1, 1)


class CodeWaitError(MyWordError, ValueError):
    """A code that was not checked: wait ``seconds`` first. ``reason``: ``page`` (wrong codes
    typed on this page) or ``class`` (many codes tried in the class just now)."""

    def __init__(self, reason: str, seconds: float) -> None:
        self.reason = reason
        self.seconds = max(1, int(seconds + 0.999))
        super().__init__(f"too many codes tried: wait {self.seconds} s")


def page_wait(wrong: int) -> float:
    """Seconds a page waits after its ``wrong``-th wrong code in a row."""
    return 0.0 if wrong <= 0 else min(PAGE_MAX_WAIT, 2.0 ** (wrong - 1))


def wait_message(lang: str, error: CodeWaitError) -> str:
    """What the page says about a wait, in its language.

    >>> wait_message("es", CodeWaitError("class", 1))
    'Se han probado muchos códigos en tu clase ahora mismo. Espera 1 segundo y vuelve a intentarlo.'
    """
    key = "who.code_busy" if error.reason == "class" else "who.code_wait"
    return text(lang, key, seconds=error.seconds)


class CodeGuard:
    """The code throttle of one page (see the module docs).

    Args:
        store: where the class's tries are counted (its clock, ``store.now``, is shared by every kernel).
        clock: this page's monotonic seconds (tests pass their own).
    """

    def __init__(self, store: Any, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        self.wrong = 0  # wrong codes in a row on this page
        self.until = 0.0  # this page's wait ends (clock seconds)

    def check(self, is_right: Callable[[], bool]) -> bool:
        """Count a try, then run ``is_right()`` (the comparison); raises :class:`CodeWaitError`
        without comparing when this page or the class must wait first."""
        now = self.clock()
        if now < self.until:
            raise CodeWaitError("page", self.until - now)
        wait = self._take_class_try()
        if wait > 0:
            raise CodeWaitError("class", wait)
        if is_right():
            self.wrong, self.until = 0, 0.0
            self._give_back_class_try()
            return True
        self.wrong += 1
        self.until = now + page_wait(self.wrong)
        return False

    def seconds_left(self) -> float:
        """This page's wait still to run (0: it may try now, if the class may)."""
        return max(0.0, self.until - self.clock())

    # -- the class's bound: a generic cell rate algorithm on one config key ----------------------
    def _now(self) -> float:
        return (self.store.now() - _EPOCH).total_seconds()

    def _take_class_try(self) -> float:
        """Take one of the class's tries (0.0), or the seconds until one is back (nothing taken)."""
        now, wait = self._now(), [0.0]
        slack = (CLASS_BURST - 1) * CLASS_INTERVAL

        def change(values: dict[str, str | None]) -> dict[str, str | None]:
            due = max(float(values[CLASS_KEY] or 0.0), now)
            if due - now > slack:
                wait[0] = due - now - slack
                return {}
            return {CLASS_KEY: repr(due + CLASS_INTERVAL)}

        self.store.update_config([CLASS_KEY], change)
        return wait[0]

    def _give_back_class_try(self) -> None:
        now = self._now()

        def change(values: dict[str, str | None]) -> dict[str, str | None]:
            due = float(values[CLASS_KEY] or 0.0)
            return {CLASS_KEY: repr(max(now, due - CLASS_INTERVAL))} if due > now else {}

        self.store.update_config([CLASS_KEY], change)
