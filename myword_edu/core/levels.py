"""How strong a computer player is: one scale for MyWord! and Boggle robots.

>>> parse_level("medium")
<Level.MEDIUM: 'medium'>
"""

from __future__ import annotations

import enum

__all__ = ["Level", "parse_level"]


class Level(str, enum.Enum):
    """How strong a computer player is."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"

    def __str__(self) -> str:
        return self.value


def parse_level(text: object) -> Level:
    """The :class:`Level` named ``text`` (any case).

    >>> parse_level("Hard")
    <Level.HARD: 'hard'>
    >>> parse_level("expert")
    Traceback (most recent call last):
    ...
    ValueError: unknown level 'expert'. Valid levels are: easy, medium, hard
    """
    if isinstance(text, Level):
        return text
    if isinstance(text, str):
        for level in Level:
            if level.value == text.strip().lower():
                return level
    raise ValueError(f"unknown level {text!r}. Valid levels are: {', '.join(l.value for l in Level)}")
