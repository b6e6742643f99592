"""Checks for the values a page's link (its query string) carries, shared by every game's settings.

A link is typed or pasted by anyone: each value is checked, and a bad one is
refused with ``ValueError`` (the settings then ignore it).

>>> int_in(2, 6)("4"), int_in(2, 6)(3)
(4, 3)
>>> int_in(2, 6)("9")
Traceback (most recent call last):
...
ValueError: 9 is not 2 to 6
"""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["int_in"]


def int_in(low: int, high: int) -> Callable[[Any], int]:
    """A check that a value is a whole number from ``low`` to ``high`` (``True`` is not a number)."""

    def check(value: Any) -> int:
        if isinstance(value, bool):
            raise ValueError("not a number")
        number = value if isinstance(value, int) else int(str(value).strip())
        if not low <= number <= high:
            raise ValueError(f"{number} is not {low} to {high}")
        return number

    return check
