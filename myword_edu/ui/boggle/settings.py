"""Boggle settings, read from the link's query string (until the teacher panel sets them).

``/voila/render/boggle.ipynb?lang=es&seed=7&bots=2&level=hard&minutes=2&bonus=1&target=50``
sets the language, the seed, robots and their level, the round's time, a
bonus cube and a tournament; ``?lesson=ID&listen=1`` plays a lesson board by ear
("find the word you hear": :mod:`myword_edu.boggle.listening`). Every value is
checked; a bad or missing one falls back to its default, never an error.

>>> BoggleSettings.from_query("lang=es&seconds=90&min=4&target=100").dice_set, BoggleSettings.from_query("lang=es").seconds
('es', 180)
>>> BoggleSettings.from_query("dice=big&bots=9&minutes=99&target=7")
BoggleSettings(lang='en', seed=None, dice='big', seconds=180, min_length=None, bots=0, level='easy', bonus=False, target=None, name='', lesson=None, listen=False)
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, fields, replace
from typing import Any
from urllib.parse import parse_qs

from myword_edu.ui.query_values import int_in
from myword_edu.boggle.dice import DICE_LANG, default_dice
from myword_edu.boggle.rules import TARGETS, BoggleRules, check_rule
from myword_edu.classroom.settings import BogglePlay
from myword_edu.core.levels import parse_level
from myword_edu.core.errors import UnknownLanguageError
from myword_edu.myword.values import NAME_MAX_LENGTH
from myword_edu.core.text import parse_lang
from myword_edu.ui.request import query_from_request
from myword_edu.ui.myword.settings import MAX_BOTS

__all__ = ["BoggleSettings", "boggle_settings_from_request"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class BoggleSettings:
    """How a Boggle game is set up. ``dice=None``: the language's dice; ``min_length=None``:
    the board's own minimum (3 on 4x4, 4 on 5x5); ``target=None``: one round."""

    lang: str = "en"
    seed: int | None = None
    dice: str | None = None
    seconds: int = 180
    min_length: int | None = None
    bots: int = 0
    level: str = "easy"
    bonus: bool = False
    target: int | None = None
    name: str = ""
    lesson: str | None = None  # a lesson id (lessons/*.toml): its focus words are planted on the board
    #: a lesson board played by ear: the app says a planted word, which scores double (one flag: the
    #: teacher's listening setting, once resolved, sets it like the link's ``listen=1``)
    listen: bool = False

    @property
    def dice_set(self) -> str:
        """The dice played with: the chosen set if it is made for the language, else the language's."""
        if self.dice is not None and DICE_LANG[self.dice] == self.lang:
            return self.dice
        return default_dice(self.lang)

    @property
    def rules(self) -> BoggleRules:
        """The rules of play (checked by the engine): the dice played with, time, minimum, bonus, target.

        >>> BoggleSettings(dice="big").rules.word_min, BoggleSettings(lang="es", min_length=5).rules.word_min
        (4, 5)
        """
        return BoggleRules(dice=self.dice_set, seconds=self.seconds, min_length=self.min_length, bonus=self.bonus,
                           target=self.target)  # fmt: skip

    @classmethod
    def from_query(cls, query: str | None) -> "BoggleSettings":
        """Settings from a URL query string; anything wrong falls back to the default."""
        try:
            params = {k: v[-1] for k, v in parse_qs(query or "", keep_blank_values=False).items()}
        except (TypeError, ValueError):
            params = {}
        if "minutes" in params and "seconds" not in params:
            try:
                params["seconds"] = str(round(float(params["minutes"]) * 60))
            except (TypeError, ValueError, OverflowError):
                pass
        values: dict[str, Any] = {}
        for key, check in _CHECKS.items():
            raw = params.get(_ALIASES.get(key, key), params.get(key))
            if raw is not None:
                try:
                    values[key] = check(raw)
                except (TypeError, ValueError, OverflowError, UnknownLanguageError):
                    continue
        return replace(cls(), **values)

    def with_play(self, play: BogglePlay) -> "BoggleSettings":
        """These settings with the game's as resolved (:func:`myword_edu.classroom.settings.resolve_boggle`).

        >>> from myword_edu.boggle.rules import BoggleRules
        >>> from myword_edu.classroom.settings import resolve_boggle
        >>> s = BoggleSettings(name="Ana").with_play(resolve_boggle(BoggleRules(size=5, seconds=120, dice="big")))
        >>> s.dice_set, s.seconds, s.min_length, s.name, s.bots, s.listen
        ('big', 120, None, 'Ana', 0, False)

        Listening on (the teacher's setting) plays a lesson board by ear; without a lesson there is no word to say.
        """
        return replace(self, lang=play.lang, dice=play.dice, seconds=play.seconds, min_length=play.min_length,
                       level=play.bot_level, lesson=play.lesson_id,
                       listen=play.listen and play.lesson_id is not None)  # fmt: skip

    def with_changes(self, **changes: Any) -> "BoggleSettings":
        """A copy with some values changed, each checked like a query value (bad ones raise)."""
        checked = {}
        for key, value in changes.items():
            if key not in _FIELDS:
                raise TypeError(f"unknown setting {key!r}. Valid settings are: {', '.join(_FIELDS)}")
            checked[key] = value if value is None and key in _NULLABLE else _CHECKS[key](value)
        return replace(self, **checked)



def _seconds(value: Any) -> int:
    number = float(value)
    if not math.isfinite(number):
        raise ValueError("seconds out of range")
    return check_rule("seconds", round(number))


def _dice(value: Any) -> str:
    return check_rule("dice", str(value).strip().lower())


def _bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise ValueError("not yes or no")


def _target(value: Any) -> int | None:
    if value is None or str(value).strip().lower() in ("0", "none", ""):
        return None
    number = check_rule("target", int_in(1, 1000)(value))
    if number not in TARGETS:  # a link offers the targets the page's list offers
        raise ValueError(f"the target is one of {TARGETS}")
    return number


def _name(value: Any) -> str:
    text = " ".join(str(value).split())[:NAME_MAX_LENGTH]
    if not text:
        raise ValueError("empty name")
    return text


def _lesson(value: Any) -> str:
    from myword_edu.myword.lessons import LESSON_ID

    text = str(value).strip().lower()
    if not LESSON_ID.match(text):
        raise ValueError("not a lesson id")
    return text


_CHECKS = {
    "lang": lambda v: parse_lang(v).value,
    "seed": lambda v: int_in(0, 2**63)(v),
    "dice": _dice,
    "seconds": _seconds,
    "min_length": lambda v: check_rule("min_length", int_in(0, 99)(v)),
    "bots": int_in(0, MAX_BOTS),
    "level": lambda v: parse_level(v).value,
    "bonus": _bool,
    "target": _target,
    "name": _name,
    "lesson": _lesson,
    "listen": _bool,
}
_ALIASES = {"min_length": "min"}
_NULLABLE = {"seed", "dice", "min_length", "target", "lesson"}
_FIELDS = tuple(f.name for f in fields(BoggleSettings))


def boggle_settings_from_request() -> BoggleSettings:
    """The settings in the page's query string (Voila puts it in ``QUERY_STRING``).

    With preheated kernels the notebook runs before anyone asks for the page,
    so this first waits for Voila to hand the request over.
    """
    return BoggleSettings.from_query(query_from_request())
