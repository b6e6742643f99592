"""Practice settings, read from the link's query string.

``/voila/render/myword.ipynb?lang=es&seed=7&bots=2&pace=1.5`` sets the language,
the seed, the number of robots and the seconds per card. Every value is
checked; a bad or missing one falls back to its default, never an error.

>>> Settings.from_query("lang=es&seed=7&bots=2&pace=1.5")
Settings(lang='es', seed=7, bots=2, level='easy', pace=1.5, mode='practice', name='', min_cards=3, rounds=None, last_call=15.0, students=(), variant='standard', lesson=None, listen=False, listen_slow=False)
>>> Settings.from_query("lang=klingon&bots=99&pace=-1&seed=x&level=expert").bots
1
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, fields, replace
from typing import Any
from urllib.parse import parse_qs

from myword_edu.ui.query_values import int_in
from myword_edu.core.levels import Level, parse_level
from myword_edu.myword.variant import parse_variant
from myword_edu.classroom.roster import parse_flag
from myword_edu.classroom.settings import DEFAULT_BOTS, DEFAULT_PACE, MyWordChoices, MyWordPlay
from myword_edu.core.errors import UnknownLanguageError
from myword_edu.myword.values import MIN_CARDS_RANGE, NAME_MAX_LENGTH
from myword_edu.core.text import parse_lang

__all__ = ["Mode", "Settings", "MAX_BOTS", "PACE_RANGE", "link_choices", "link_lang"]

MAX_BOTS = 3
PACE_RANGE = (0.5, 30.0)
MAX_STUDENTS = 8


class Mode(str, enum.Enum):
    """Practice (one student, robots) or projector (the teacher deals for the class)."""

    PRACTICE = "practice"
    PROJECTOR = "projector"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Settings:
    """How a game is set up. Plain values, so it prints and compares simply."""

    lang: str = "en"
    seed: int | None = None
    bots: int = DEFAULT_BOTS
    level: str = "easy"
    pace: float = DEFAULT_PACE
    mode: str = "practice"
    name: str = ""
    min_cards: int = 3
    rounds: int | None = None
    last_call: float = 15.0
    students: tuple[str, ...] = ()
    variant: str = "standard"  # or "junior" (the rules for ages 7 and up): failed calls are not penalised
    lesson: str | None = None  # a lesson id (lessons/*.toml)
    listen: bool = False  # with a lesson: "Listen and build" (the app says a focus word, the student builds it)
    listen_slow: bool = False  # the words said are said slowly first

    @classmethod
    def from_query(cls, query: str | None) -> "Settings":
        """Settings from a URL query string; anything wrong falls back to the default."""
        return cls.from_mapping(_params(query))

    @classmethod
    def from_mapping(cls, params: dict[str, Any]) -> "Settings":
        return replace(cls(), **_checked(params))

    def with_play(self, play: MyWordPlay) -> "Settings":
        """These settings with the game's as resolved (:func:`myword_edu.classroom.settings.resolve_myword`).

        >>> from myword_edu.classroom.settings import resolve_myword
        >>> Settings(name="Ana", min_cards=5).with_play(resolve_myword())
        Settings(lang='en', seed=None, bots=1, level='easy', pace=3.0, mode='practice', name='Ana', min_cards=3, rounds=None, last_call=15.0, students=(), variant='standard', lesson=None, listen=False, listen_slow=False)
        """
        return replace(self, lang=play.lang, variant=play.variant, min_cards=play.min_cards, level=play.bot_level,
                       bots=play.bots, pace=play.pace, rounds=play.rounds, lesson=play.lesson_id,
                       listen=play.listen_and_build, listen_slow=play.listen_slow)  # fmt: skip

    def with_changes(self, **changes: Any) -> "Settings":
        """A copy with some values changed, each checked like a query value."""
        checked = {}
        for key, value in changes.items():
            if key not in _FIELDS:
                raise TypeError(f"unknown setting {key!r}. Valid settings are: {', '.join(_FIELDS)}")
            checked[key] = _CHECKS[key](value) if key in _CHECKS else value
        return replace(self, **checked)

    @property
    def level_enum(self) -> Level:
        return parse_level(self.level)

    @property
    def mode_enum(self) -> Mode:
        return Mode(self.mode)


def link_choices(query: str | None) -> MyWordChoices:
    """What a practice link's query names for the game (the rest is left to the lesson and the class).

    >>> link_choices("lang=es&min=4&pace=99&lesson=es-4-enye")
    MyWordChoices(lang='es', variant=None, min_cards=4, bot_level=None, bots=None, pace=None, rounds=None, lesson='es-4-enye', listen=None, listen_slow=None)
    """
    named = _checked(_params(query))
    return MyWordChoices(**{_CHOICES.get(k, k): v for k, v in named.items() if _CHOICES.get(k, k) in _CHOICE_FIELDS})


def link_lang(query: str | None) -> str | None:
    """The language a link's ``lang=`` names (None: none, or not a language we have).

    >>> link_lang("lang=ES-mx&seed=2"), link_lang("lang=klingon"), link_lang("")
    ('es', None, None)
    """
    return _checked(_params(query)).get("lang")


def _params(query: str | None) -> dict[str, str]:
    try:
        return {k: v[-1] for k, v in parse_qs(query or "", keep_blank_values=False).items()}
    except (TypeError, ValueError):
        return {}


def _checked(params: dict[str, Any]) -> dict[str, Any]:
    """The values given that pass their check (a bad one is left out: its default holds)."""
    params = {_ALIASES.get(k, k): v for k, v in params.items()}
    values: dict[str, Any] = {}
    for key, check in _CHECKS.items():
        if key in params:
            try:
                values[key] = check(params[key])
            except (TypeError, ValueError, OverflowError, UnknownLanguageError):
                continue
    return values



def _pace(value: Any) -> float:
    number = float(value)
    if not math.isfinite(number) or not PACE_RANGE[0] <= number <= PACE_RANGE[1]:
        raise ValueError("pace out of range")
    return number


def _last_call(value: Any) -> float:
    number = float(value)
    if not math.isfinite(number) or not 0 <= number <= 120:
        raise ValueError("last call out of range")
    return number


def _seed(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError("not a seed")
    return int_in(0, 2**63)(value)


def _name(value: Any) -> str:
    text = " ".join(str(value).split())[:NAME_MAX_LENGTH]
    if not text:
        raise ValueError("empty name")
    return text


def _students(value: Any) -> tuple[str, ...]:
    items = value.split(",") if isinstance(value, str) else list(value)
    names: list[str] = []
    for item in items:
        text = " ".join(str(item).split())[:NAME_MAX_LENGTH]
        if text and text.casefold() not in {n.casefold() for n in names}:
            names.append(text)
    return tuple(names[:MAX_STUDENTS])


def _lesson(value: Any) -> str | None:
    from myword_edu.myword.lessons import LESSON_ID

    if value is None:
        return None
    text = str(value).strip().lower()
    if not LESSON_ID.match(text):
        raise ValueError("not a lesson id")
    return text


_CHECKS = {
    "lang": lambda v: parse_lang(v).value,
    "seed": _seed,
    "bots": int_in(0, MAX_BOTS),
    "level": lambda v: parse_level(v).value,
    "pace": _pace,
    "mode": lambda v: Mode(str(v).strip().lower()).value,
    "name": _name,
    "min_cards": int_in(MIN_CARDS_RANGE.start, MIN_CARDS_RANGE.stop - 1),
    "rounds": int_in(1, 6),
    "last_call": _last_call,
    "students": _students,
    "variant": lambda v: parse_variant(v).value,
    "lesson": _lesson,
    "listen": parse_flag,
    "listen_slow": parse_flag,
}
_ALIASES = {"min": "min_cards", "lastcall": "last_call", "slow": "listen_slow"}
_FIELDS = tuple(f.name for f in fields(Settings))
_CHOICES = {"level": "bot_level"}  # Settings' names for MyWordChoices' fields
_CHOICE_FIELDS = frozenset(f.name for f in fields(MyWordChoices))
