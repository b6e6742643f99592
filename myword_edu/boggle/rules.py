"""Boggle's rules of play: one object for solo games, live rooms and the class's settings.

:class:`BoggleRules` holds what a teacher (or a practice link) may choose: the
dice set (which makes the board's size and language), the round's length, the
minimum word length, the bonus cube and a tournament's target. Every value is
checked when the rules are made; a value that is not allowed raises
:class:`BoggleRulesError`, whose ``field`` names it, so a page can say which
choice to change in the player's language.

The rulebook's minimum word length, when nobody sets one, is 3 letters on a 4x4
board and 4 on 5x5 (:func:`board_min_length`).

>>> BoggleRules(dice="big").size, BoggleRules(dice="big").word_min, BoggleRules(min_length=5).word_min
(5, 4, 5)
>>> BoggleRules(seconds=5)
Traceback (most recent call last):
...
myword_edu.boggle.rules.BoggleRulesError: a Boggle round lasts 30 to 600 seconds, not 5
>>> BoggleRules.from_json({"dice": "es", "seconds": 120}).to_json()
{'dice': 'es', 'seconds': 120, 'min_length': None, 'bonus': False, 'target': None}
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from typing import Any, Mapping

from myword_edu.boggle.dice import DICE, DICE_LANG, dice_size
from myword_edu.core.errors import SettingError

__all__ = [
    "BoggleRules", "BoggleRulesError", "MIN_LENGTH_RANGE", "SECONDS_RANGE", "MINUTES_RANGE", "TARGETS",
    "TARGET_RANGE", "BOARD_SIZES", "board_min_length", "check_rule",
]  # fmt: skip

#: Minimum word lengths a teacher may set.
MIN_LENGTH_RANGE = range(3, 9)
#: How long a round may last, in seconds (30 s to 10 minutes).
SECONDS_RANGE = range(30, 601)
#: The whole minutes a round may last (what the teacher's lists offer, and what the class's settings keep).
MINUTES_RANGE = range(1, SECONDS_RANGE.stop // 60 + 1)
#: Tournament targets offered (the rulebook's examples).
TARGETS = (50, 100)
#: Targets a tournament may have, in points.
TARGET_RANGE = range(1, 1001)
#: Board sizes the dice make (rows = columns).
BOARD_SIZES = tuple(sorted({dice_size(d) for d in DICE}))


class BoggleRulesError(SettingError):
    """A Boggle setting that is not allowed: ``field`` names it (``"dice"``, ``"seconds"``,
    ``"minutes"``, ``"min_length"``, ``"bonus"``, ``"target"``, ``"size"``), ``value`` is what was given.

    >>> try:
    ...     BoggleRules(min_length=2)
    ... except BoggleRulesError as error:
    ...     error.field, error.value
    ('min_length', 2)
    """

    def __init__(self, field: str, value: object, message: str) -> None:
        self.field = field
        super().__init__(field, value, message[:160])


def board_min_length(cubes: int) -> int:
    """The rulebook's minimum word length on a board of ``cubes`` cubes: 3 on 4x4 (or smaller), 4 on 5x5 and up.

    >>> board_min_length(16), board_min_length(25)
    (3, 4)
    """
    return 3 if cubes <= 16 else 4


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_rule(name: str, value: Any) -> Any:
    """``value`` if it is allowed for the setting ``name``, else :class:`BoggleRulesError`.

    >>> check_rule("min_length", 4), check_rule("target", None)
    (4, None)
    """
    if name == "dice":
        if not isinstance(value, str) or value not in DICE:
            raise BoggleRulesError("dice", value, f"unknown dice set {value!r}. Valid dice sets are: {', '.join(DICE)}")
    elif name == "seconds":
        if not _whole(value) or value not in SECONDS_RANGE:
            raise BoggleRulesError(
                "seconds", value, f"a Boggle round lasts {SECONDS_RANGE.start} to {SECONDS_RANGE.stop - 1} seconds, not {value!r}"
            )
    elif name == "minutes":
        if not _whole(value) or value not in MINUTES_RANGE:
            raise BoggleRulesError(
                "minutes", value, f"a round lasts {MINUTES_RANGE.start} to {MINUTES_RANGE.stop - 1} minutes, not {value!r}"
            )
    elif name == "min_length":
        if value is not None and (not _whole(value) or value not in MIN_LENGTH_RANGE):
            raise BoggleRulesError(
                "min_length", value,
                f"the minimum word length must be {MIN_LENGTH_RANGE.start} to {MIN_LENGTH_RANGE.stop - 1}, not {value!r}",
            )  # fmt: skip
    elif name == "bonus":
        if not isinstance(value, bool):
            raise BoggleRulesError("bonus", value, f"bonus is yes or no (True or False), not {value!r}")
    elif name == "target":
        if value is not None and (not _whole(value) or value not in TARGET_RANGE):
            raise BoggleRulesError(
                "target", value,
                f"a tournament is played to {TARGET_RANGE.start} to {TARGET_RANGE.stop - 1} points "
                f"(such as {TARGETS[0]} or {TARGETS[1]}), not {value!r}",
            )  # fmt: skip
    elif name == "size":
        if not _whole(value) or value not in BOARD_SIZES:
            sizes = " or ".join(str(n) for n in BOARD_SIZES)
            raise BoggleRulesError("size", value, f"the board size must be {sizes}, not {value!r}")
    return value


@dataclass(frozen=True)
class BoggleRules:
    """How a Boggle round is played (checked when made).

    ``min_length=None``: the board's own (:func:`board_min_length`);
    ``target=None``: no tournament; ``size=None``: the dice's (a size given must
    be the dice's: the teacher's lists choose them apart).

    >>> BoggleRules(size=5, dice="new")
    Traceback (most recent call last):
    ...
    myword_edu.boggle.rules.BoggleRulesError: the 'new' dice make 4x4 boards, not 5x5. Dice for 5x5: big
    """

    dice: str = "new"
    seconds: int = 180
    min_length: int | None = None
    bonus: bool = False
    target: int | None = None
    size: int | None = None

    def __post_init__(self) -> None:
        if self.size is not None:
            check_rule("size", self.size)
        for name in ("dice", "seconds", "min_length", "bonus", "target"):
            check_rule(name, getattr(self, name))
        made = dice_size(self.dice)
        if self.size is None:
            object.__setattr__(self, "size", made)
        elif made != self.size:
            fitting = ", ".join(d for d in DICE if dice_size(d) == self.size)
            raise BoggleRulesError(
                "dice", self.dice,
                f"the {self.dice!r} dice make {made}x{made} boards, not {self.size}x{self.size}. "
                f"Dice for {self.size}x{self.size}: {fitting}",
            )  # fmt: skip

    @property
    def lang(self) -> str:
        """The language the dice are made for (the game's language)."""
        return DICE_LANG[self.dice]

    @property
    def minutes(self) -> int:
        """The round's length in whole minutes, rounded up (what a teacher's list shows).

        >>> BoggleRules(seconds=90).minutes
        2
        """
        return max(1, math.ceil(self.seconds / 60))

    @property
    def word_min(self) -> int:
        """The shortest word allowed: the chosen minimum, else the board's own (3 on 4x4, 4 on 5x5)."""
        assert self.size is not None
        return self.min_length or board_min_length(self.size * self.size)

    def with_changes(self, **changes: Any) -> "BoggleRules":
        """A copy with some values changed (checked again); ``minutes`` sets ``seconds`` in whole minutes.

        >>> BoggleRules().with_changes(minutes=2, dice="es").seconds
        120
        >>> BoggleRules().with_changes(colour="red")
        Traceback (most recent call last):
        ...
        myword_edu.boggle.rules.BoggleRulesError: unknown Boggle setting 'colour'. Valid settings are: dice, seconds, min_length, bonus, target, size, minutes
        """
        if "minutes" in changes:
            minutes = changes.pop("minutes")
            check_rule("minutes", minutes)
            changes["seconds"] = minutes * 60
        unknown = [key for key in changes if key not in _FIELDS]
        if unknown:
            raise BoggleRulesError(
                unknown[0], changes[unknown[0]],
                f"unknown Boggle setting {unknown[0]!r}. Valid settings are: {', '.join(_FIELDS)}, minutes",
            )  # fmt: skip
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        """The rules as a room's log keeps them."""
        return {"dice": self.dice, "seconds": self.seconds, "min_length": self.min_length, "bonus": self.bonus,
                "target": self.target}  # fmt: skip

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> "BoggleRules":
        """Rules from a room's log or row (checked again; missing values are the defaults).

        >>> BoggleRules.from_json(["new"])
        Traceback (most recent call last):
        ...
        myword_edu.boggle.rules.BoggleRulesError: Boggle rules are a JSON object, not list
        """
        if data is not None and not isinstance(data, Mapping):
            raise BoggleRulesError("rules", data, f"Boggle rules are a JSON object, not {type(data).__name__}")
        data = dict(data or {})
        return cls(data.get("dice", "new"), data.get("seconds", 180), data.get("min_length"),
                   data.get("bonus", False), data.get("target"))  # fmt: skip


_FIELDS = tuple(f.name for f in fields(BoggleRules))
