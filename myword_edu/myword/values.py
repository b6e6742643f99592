"""The MyWord! round's values and events: players, refusal reasons, calls' results, table cards.

:mod:`myword_edu.myword.round` (which re-exports all of this) plays rounds with them;
an event's ``to_dict`` is plain JSON (what a saved round and a room's log keep).

>>> Player("Ana", min_cards=4).min_cards, Reason.TOO_LATE.value
(4, 'too_late')
>>> Dealt(0, Card("qu")).to_dict()
{'card_id': 0, 'card': 'QU', 'kind': 'dealt'}
"""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass
from typing import Any

from myword_edu.myword.cards import Card
from myword_edu.core.errors import SettingError
from myword_edu.core.text import parse_lang

__all__ = ["Player", "Reason", "ClaimResult", "FreeCard", "Event", "Dealt", "Claimed", "CardGiven", "RoundEnded",
           "TableCard", "MIN_CARDS_RANGE", "NAME_MAX_LENGTH", "SAVE_VERSION"]  # fmt: skip

#: The minimum number of cards a teacher may set for a player.
MIN_CARDS_RANGE = range(2, 7)
NAME_MAX_LENGTH = 40
SAVE_VERSION = 1


@dataclass(frozen=True)
class Player:
    """A player and the settings that judge their calls.

    >>> Player("Ana", min_cards=4)
    Player(name='Ana', min_cards=4, lang=None)
    >>> Player("Ana", min_cards=9)
    Traceback (most recent call last):
    ...
    myword_edu.core.errors.SettingError: min_cards must be 2 to 6, not 9
    """

    name: str
    min_cards: int = 3
    lang: str | None = None  # None: the round's language

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise SettingError("name", self.name, f"a player needs a name, not {self.name!r}"[:80])
        if len(self.name) > NAME_MAX_LENGTH:
            raise SettingError("name", self.name, f"a player's name has at most {NAME_MAX_LENGTH} characters")
        if isinstance(self.min_cards, bool) or not isinstance(self.min_cards, int) or (
            self.min_cards not in MIN_CARDS_RANGE
        ):
            raise SettingError(
                "min_cards", self.min_cards,
                f"min_cards must be {MIN_CARDS_RANGE.start} to {MIN_CARDS_RANGE.stop - 1}, not {self.min_cards!r}"[:80],
            )  # fmt: skip
        if self.lang is not None:
            object.__setattr__(self, "lang", parse_lang(self.lang).value)


class Reason(str, enum.Enum):
    """Why a call was not accepted."""

    NOT_A_WORD = "not_a_word"
    CARDS_NOT_ON_TABLE = "cards_not_on_table"
    CARDS_DO_NOT_SPELL = "cards_do_not_spell"
    TOO_FEW_CARDS = "too_few_cards"
    BLOCKED_WORD = "blocked_word"
    WRONG_LANGUAGE = "wrong_language"
    DEALER_CANNOT_CALL = "dealer_cannot_call"
    ROUND_OVER = "round_over"
    TOO_LATE = "too_late"  # the cards were there when the player looked, but someone took them first
    APOSTROPHE_OR_HYPHEN = "apostrophe_or_hyphen"  # "don't", "x-ray": the rulebook allows neither
    NOT_HEARD = "not_heard"  # listen and build: a real word, but not the one the app said

    @property
    def is_penalised(self) -> bool:
        """Failed calls the rulebook penalises (the others change nothing)."""
        return self in _PENALISED


_PENALISED = {
    Reason.NOT_A_WORD,
    Reason.CARDS_NOT_ON_TABLE,
    Reason.CARDS_DO_NOT_SPELL,
    Reason.TOO_FEW_CARDS,
    Reason.BLOCKED_WORD,
    Reason.APOSTROPHE_OR_HYPHEN,
    Reason.NOT_HEARD,
}


@dataclass(frozen=True)
class TableCard:
    """A card on the table: ``id`` is its position in the round's deck."""

    id: int
    card: Card


@dataclass(frozen=True)
class FreeCard:
    """A card given to ``player`` because another player's call failed."""

    player: str
    card_id: int
    card: Card
    source: str  # "table" or "deck"


@dataclass(frozen=True)
class ClaimResult:
    """What a call did. ``cards``/``card_ids`` are the cards won (empty if refused)."""

    player: str
    word: str
    folded: str
    spelling: str
    accepted: bool
    reason: Reason | None
    cards: tuple[Card, ...] = ()
    card_ids: tuple[int, ...] = ()
    needed: int = 0  # the player's minimum, for too_few_cards messages
    free_cards: tuple[FreeCard, ...] = ()

    @property
    def points(self) -> int:
        return len(self.cards)


# -- events ------------------------------------------------------------------
class Event:
    """Base of the round's events; ``to_dict`` gives plain JSON data."""

    kind = "event"

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)  # type: ignore[call-overload]
        data["kind"] = self.kind
        return _jsonable(data)


def _jsonable(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        if set(value) == {"letters"}:
            return str(Card(value["letters"]))
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


@dataclass(frozen=True)
class Dealt(Event):
    kind = "dealt"
    card_id: int
    card: Card


@dataclass(frozen=True)
class Claimed(Event):
    kind = "claimed"
    player: str
    word: str
    spelling: str
    accepted: bool
    reason: str | None
    card_ids: tuple[int, ...]


@dataclass(frozen=True)
class CardGiven(Event):
    kind = "card_given"
    player: str
    card_id: int
    card: Card
    source: str
    caller: str


@dataclass(frozen=True)
class RoundEnded(Event):
    kind = "round_ended"
    leftover_ids: tuple[int, ...]
    why: str  # "finished" (last call over) or "no_words_left"
