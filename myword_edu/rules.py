"""The MyWord! round and game: a state machine whose every change is an event.

Parsing, checking and applying are separate steps: :meth:`Round.check_claim`
says what a claim would do without doing it; :meth:`Round.claim` applies it.
Every change is an :class:`Event` (kept in :attr:`Round.events` and sent to
subscribers), a round saves to JSON and restores exactly, and a seed makes a
whole game reproducible.

>>> from myword_edu.lexicon import Lexicon
>>> lex = Lexicon.from_words(["cat", "act", "tab"], blocked=[])
>>> rnd = Round([Player("Ana"), Player("Ben")], parse_cards("C A T X B"), lex)
>>> for _ in range(4): _ = rnd.deal()
>>> rnd.table
(Card('C'), Card('A'), Card('T'), Card('X'))
>>> result = rnd.claim("Ana", "cat")
>>> result.accepted, result.cards, rnd.scores
(True, (Card('C'), Card('A'), Card('T')), {'Ana': 3, 'Ben': 0})
>>> bad = rnd.claim("Ben", "zzz")
>>> bad.reason, [(f.player, str(f.card)) for f in bad.free_cards]
(<Reason.NOT_A_WORD: 'not_a_word'>, [('Ana', 'X')])
"""

from __future__ import annotations

import enum
import json
import random
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from .cards import Card, parse_cards, shuffled, standard_deck, junior_deck
from .errors import (
    BadWordError,
    CorruptSaveError,
    IllegalMoveError,
    MyWordError,
    SpellingError,
    UnknownPlayerError,
)
from .lexicon import Lexicon
from .solver import words_on_table
from .spelling import best_spelling, check_choice
from .text import clean_word, parse_lang

__all__ = [
    "Player",
    "Reason",
    "ClaimResult",
    "FreeCard",
    "Event",
    "Dealt",
    "Claimed",
    "CardGiven",
    "RoundEnded",
    "TableCard",
    "Round",
    "Game",
    "MIN_CARDS_RANGE",
    "NAME_MAX_LENGTH",
]

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
    ValueError: min_cards must be 2 to 6, not 9
    """

    name: str
    min_cards: int = 3
    lang: str | None = None  # None: the round's language

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError("a player needs a name")
        if len(self.name) > NAME_MAX_LENGTH:
            raise ValueError(f"a player's name has at most {NAME_MAX_LENGTH} characters")
        if isinstance(self.min_cards, bool) or not isinstance(self.min_cards, int) or (
            self.min_cards not in MIN_CARDS_RANGE
        ):
            raise ValueError(
                f"min_cards must be {MIN_CARDS_RANGE.start} to {MIN_CARDS_RANGE.stop - 1}, not {self.min_cards}"
            )
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


# -- the round ---------------------------------------------------------------
class Round:
    """One round: a dealer deals the deck card by card; players call words.

    Args:
        players: the players, in seating order (free cards go round from the caller's left).
        deck: the cards in dealing order.
        lexicon: judges words (a player with ``lang`` set uses ``lexicons[lang]``).
        junior: the ages-7-and-up variant: failed calls are not penalised.
        dealer: the dealing player's name, or None when the app deals.
        dealer_calls: False for the variant where the dealer may not call.
        lexicons: lexicons by language tag, for players with their own language.
        foreign: other languages' lexicons: a word found only there is refused
            as "wrong language" with no penalty.
    """

    def __init__(
        self,
        players: Sequence[Player],
        deck: Sequence[Card],
        lexicon: Lexicon,
        *,
        junior: bool = False,
        dealer: str | None = None,
        dealer_calls: bool = True,
        lexicons: Mapping[str, Lexicon] | None = None,
        foreign: Sequence[Lexicon] = (),
    ) -> None:
        self.players: tuple[Player, ...] = tuple(players)
        if not self.players:
            raise ValueError("a round needs at least one player")
        names = [p.name for p in self.players]
        if len(set(names)) != len(names):
            raise ValueError("players' names must be different")
        if dealer is not None and dealer not in names:
            raise UnknownPlayerError(dealer, tuple(names))
        self.initial_deck: tuple[Card, ...] = tuple(
            parse_cards(deck) if isinstance(deck, str) else (Card(c) if isinstance(c, str) else c for c in deck)
        )
        self.lexicon = lexicon
        self.lexicons = dict(lexicons or {})
        self.foreign = tuple(foreign)
        self.junior = junior
        self.dealer = dealer
        self.dealer_calls = dealer_calls
        self._next = 0  # index of the next card to deal
        self._table: list[int] = []
        self._won: dict[str, list[int]] = {n: [] for n in names}
        self._leftover: tuple[int, ...] = ()
        self._over = False
        self.events: list[Event] = []
        self.intents: list[list[Any]] = []
        self._tables: list[tuple[int, ...]] = [()]  # the table after each intent
        self._subscribers: list[Callable[[Event], None]] = []

    # -- queries -----------------------------------------------------------
    @property
    def table(self) -> tuple[Card, ...]:
        """The cards on the table, oldest first."""
        return tuple(self.initial_deck[i] for i in self._table)

    @property
    def table_cards(self) -> tuple[TableCard, ...]:
        """The cards on the table with their ids, oldest first."""
        return tuple(TableCard(i, self.initial_deck[i]) for i in self._table)

    @property
    def cards_left(self) -> int:
        """How many cards are still to be dealt."""
        return len(self.initial_deck) - self._next

    @property
    def deck_size(self) -> int:
        return len(self.initial_deck)

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def leftover(self) -> tuple[Card, ...]:
        """Cards left unscored on the table when the round ended."""
        return tuple(self.initial_deck[i] for i in self._leftover)

    @property
    def scores(self) -> dict[str, int]:
        """Points per player: one per card won."""
        return {name: len(ids) for name, ids in self._won.items()}

    def won(self, name: str) -> tuple[Card, ...]:
        """The cards a player has won this round."""
        self._player(name)
        return tuple(self.initial_deck[i] for i in self._won[name])

    def undealt_counts(self) -> Counter:
        """The multiset of undealt cards (for conservation checks; never shown to players)."""
        return Counter(self.initial_deck[self._next :])

    def lexicon_for(self, player: Player) -> Lexicon:
        if player.lang and player.lang in self.lexicons:
            return self.lexicons[player.lang]
        return self.lexicon

    def can_call(self, name: str) -> bool:
        return not (name == self.dealer and not self.dealer_calls)

    def words_possible(self, name: str) -> set[str]:
        """Every word ``name`` could call now (folded, blocked words included)."""
        player = self._player(name)
        return words_on_table(self.table, self.lexicon_for(player), min_cards=player.min_cards)

    def anyone_can_call(self) -> bool:
        """True while some player who may call can make an allowed word from the table."""
        seen = set()
        for player in self.players:
            if not self.can_call(player.name):
                continue
            lexicon = self.lexicon_for(player)
            key = (id(lexicon), player.min_cards)
            if key in seen:
                continue
            seen.add(key)
            words = words_on_table(self.table, lexicon, min_cards=player.min_cards)
            if any(not lexicon.is_blocked(w) for w in words):
                return True
        return False

    def _player(self, name: str) -> Player:
        for player in self.players:
            if player.name == name:
                return player
        raise UnknownPlayerError(name, tuple(p.name for p in self.players))

    # -- events --------------------------------------------------------------
    def subscribe(self, callback: Callable[[Event], None]) -> None:
        """Call ``callback(event)`` after every change."""
        self._subscribers.append(callback)

    def _emit(self, event: Event) -> None:
        self.events.append(event)
        for callback in list(self._subscribers):
            callback(event)

    # -- actions -------------------------------------------------------------
    def deal(self) -> Card:
        """Put the next card on the table; raises :class:`IllegalMoveError` when none is left."""
        if self._over:
            raise IllegalMoveError("the round is over")
        if self._next >= len(self.initial_deck):
            raise IllegalMoveError("the deck is empty: every card has been dealt")
        card_id = self._next
        self._next += 1
        self._table.append(card_id)
        self.intents.append(["deal"])
        self._emit(Dealt(card_id, self.initial_deck[card_id]))
        self._end_if_stuck()
        self._tables.append(tuple(self._table))
        return self.initial_deck[card_id]

    def finish(self) -> None:
        """End the round now (the last call is over): table cards score nothing."""
        if self._over:
            return
        self.intents.append(["finish"])
        self._end("finished")
        self._tables.append(tuple(self._table))

    def _end(self, why: str) -> None:
        self._leftover = tuple(self._table)
        self._table = []
        self._over = True
        self._emit(RoundEnded(self._leftover, why))

    def _end_if_stuck(self) -> None:
        if self._next >= len(self.initial_deck) and not self._over and not self.anyone_can_call():
            self._end("no_words_left")

    @property
    def version(self) -> int:
        """How many actions the round has seen: what a player saw is ``seen=round.version``."""
        return len(self.intents)

    def check_claim(
        self, name: str, word: str, card_ids: Sequence[int] | None = None, *, seen: int | None = None
    ) -> ClaimResult:
        """What :meth:`claim` would do, without changing anything (no free cards listed).

        Raises :class:`~myword_edu.errors.BadWordError` for text that is not a
        word at all (empty, digits, emoji, too long) and
        :class:`~myword_edu.errors.UnknownPlayerError` for an unknown name.
        """
        player = self._player(name)
        lexicon = self.lexicon_for(player)
        shown = word if isinstance(word, str) else repr(word)

        def refuse(reason: Reason, folded: str = "", spelling: str = "") -> ClaimResult:
            return ClaimResult(name, shown, folded, spelling or folded, False, reason, needed=player.min_cards)

        if self._over:
            return refuse(Reason.ROUND_OVER)
        if not self.can_call(name):
            return refuse(Reason.DEALER_CANNOT_CALL)
        folded = clean_word(word, lexicon.lang)
        if lexicon.is_blocked(folded):
            return refuse(Reason.BLOCKED_WORD, folded)
        if folded not in lexicon.graph:
            if any(folded in other for other in self.foreign) and not any(
                other.is_blocked(folded) for other in self.foreign
            ):
                return refuse(Reason.WRONG_LANGUAGE, folded)
            return refuse(Reason.NOT_A_WORD, folded)
        spelling = lexicon.spelling(folded)
        if seen is not None and 0 <= seen < self.version and not self._could_claim_now(
            folded, card_ids, player.min_cards
        ) and self._could_claim(folded, card_ids, player.min_cards, self._tables[seen]):
            return refuse(Reason.TOO_LATE, folded, spelling)
        if card_ids is not None:
            ids = self._validate_ids(card_ids)
            if ids is None:
                return refuse(Reason.CARDS_NOT_ON_TABLE, folded, spelling)
            try:
                cards = check_choice(
                    folded, [self.initial_deck[i] for i in ids], min_cards=player.min_cards
                )
            except SpellingError as error:
                return refuse(Reason(error.reason), folded, spelling)
            return ClaimResult(name, shown, folded, spelling, True, None, cards, ids, player.min_cards)
        cards_found = best_spelling(folded, self.table)
        if cards_found is None:
            return refuse(Reason.CARDS_NOT_ON_TABLE, folded, spelling)
        if len(cards_found) < player.min_cards:
            return refuse(Reason.TOO_FEW_CARDS, folded, spelling)
        ids = self._pick_ids(cards_found)
        return ClaimResult(name, shown, folded, spelling, True, None, cards_found, ids, player.min_cards)

    def _validate_ids(self, card_ids: Sequence[int], table: Sequence[int] | None = None) -> tuple[int, ...] | None:
        on_table = self._table if table is None else table
        try:
            ids = tuple(int(i) for i in card_ids)
        except (TypeError, ValueError):
            return None
        if len(set(ids)) != len(ids) or any(i not in on_table for i in ids):
            return None
        return ids

    def _could_claim(
        self, folded: str, card_ids: Sequence[int] | None, min_cards: int, table: Sequence[int]
    ) -> bool:
        """Would the cards of ``table`` (ids) have allowed this call?"""
        if card_ids is not None:
            ids = self._validate_ids(card_ids, table)
            if ids is None:
                return False
            try:
                check_choice(folded, [self.initial_deck[i] for i in ids], min_cards=min_cards)
            except SpellingError:
                return False
            return True
        found = best_spelling(folded, [self.initial_deck[i] for i in table])
        return found is not None and len(found) >= min_cards

    def _could_claim_now(self, folded: str, card_ids: Sequence[int] | None, min_cards: int) -> bool:
        return self._could_claim(folded, card_ids, min_cards, self._table)

    def _pick_ids(self, cards: Iterable[Card]) -> tuple[int, ...]:
        free = list(self._table)
        ids = []
        for card in cards:
            for position, card_id in enumerate(free):
                if self.initial_deck[card_id] == card:
                    ids.append(card_id)
                    del free[position]
                    break
        return tuple(ids)

    def claim(
        self, name: str, word: str, card_ids: Sequence[int] | None = None, *, seen: int | None = None
    ) -> ClaimResult:
        """A player calls a word (typed, or built from the table cards ``card_ids`` in order).

        An allowed word takes its cards. A penalised failure gives every other
        player one free card, from the caller's left, from the table first and
        then from the deck (not in the junior variant). Bad text raises
        :class:`~myword_edu.errors.BadWordError` and changes nothing.

        ``seen`` is the :attr:`version` of the round the player was looking at
        (a live room, where calls arrive in commit order): a call those cards
        allowed, on cards someone else has taken since, is answered
        ``TOO_LATE`` and costs nothing.
        """
        result = self.check_claim(name, word, card_ids, seen=seen)
        if result.reason in (Reason.ROUND_OVER, Reason.DEALER_CANNOT_CALL):
            return result
        intent: list[Any] = ["claim", name, word, list(card_ids) if card_ids is not None else None]
        if seen is not None:
            intent.append(seen)
        self.intents.append(intent)
        if result.accepted:
            taken = set(result.card_ids)
            self._table = [i for i in self._table if i not in taken]
            self._won[name].extend(result.card_ids)
            self._emit(
                Claimed(name, result.word, result.spelling, True, None, result.card_ids)
            )
        else:
            assert result.reason is not None
            self._emit(
                Claimed(name, result.word, result.spelling, False, result.reason.value, ())
            )
            if result.reason.is_penalised and not self.junior:
                result = _with_free_cards(result, self._give_free_cards(name))
        if self.cards_left == 0:
            self._end_if_stuck()
        self._tables.append(tuple(self._table))
        return result

    def _give_free_cards(self, caller: str) -> tuple[FreeCard, ...]:
        names = [p.name for p in self.players]
        start = names.index(caller)
        given = []
        for step in range(1, len(names)):
            receiver = names[(start + step) % len(names)]
            if self._table:
                card_id, source = self._table.pop(0), "table"
            elif self._next < len(self.initial_deck):
                card_id, source = self._next, "deck"
                self._next += 1
            else:
                break
            self._won[receiver].append(card_id)
            card = self.initial_deck[card_id]
            given.append(FreeCard(receiver, card_id, card, source))
            self._emit(CardGiven(receiver, card_id, card, source, caller))
        return tuple(given)

    # -- saving --------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain data that :meth:`from_dict` turns back into this exact round."""
        return {
            "version": SAVE_VERSION,
            "lang": self.lexicon.lang.value,
            "players": [asdict(p) for p in self.players],
            "deck": [str(c) for c in self.initial_deck],
            "junior": self.junior,
            "dealer": self.dealer,
            "dealer_calls": self.dealer_calls,
            "intents": [list(i) for i in self.intents],
            "events": [e.to_dict() for e in self.events],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, Any],
        lexicon: Lexicon,
        *,
        lexicons: Mapping[str, Lexicon] | None = None,
        foreign: Sequence[Lexicon] = (),
    ) -> "Round":
        """Rebuild a saved round by replaying its actions; the events must match."""
        try:
            if data["version"] != SAVE_VERSION:
                raise CorruptSaveError(f"saved round version {data['version']} is not supported")
            rnd = cls(
                [Player(**p) for p in data["players"]],
                [Card(c) for c in data["deck"]],
                lexicon,
                junior=bool(data["junior"]),
                dealer=data["dealer"],
                dealer_calls=bool(data["dealer_calls"]),
                lexicons=lexicons,
                foreign=foreign,
            )
            for intent in data["intents"]:
                if intent[0] == "deal":
                    rnd.deal()
                elif intent[0] == "claim":
                    rnd.claim(intent[1], intent[2], intent[3], seen=intent[4] if len(intent) > 4 else None)
                elif intent[0] == "finish":
                    rnd.finish()
                else:
                    raise CorruptSaveError(f"unknown action {intent[0]!r} in saved round")
        except CorruptSaveError:
            raise
        except (MyWordError, KeyError, TypeError, ValueError, IndexError) as error:
            raise CorruptSaveError(f"saved round does not replay: {error}") from error
        if [e.to_dict() for e in rnd.events] != list(data["events"]):
            raise CorruptSaveError("saved round replays to different events (was the word list changed?)")
        return rnd

    @classmethod
    def from_json(cls, text: str, lexicon: Lexicon, **kwargs: Any) -> "Round":
        return cls.from_dict(json.loads(text), lexicon, **kwargs)


def _with_free_cards(result: ClaimResult, free: tuple[FreeCard, ...]) -> ClaimResult:
    from dataclasses import replace

    return replace(result, free_cards=free)


# -- the game ----------------------------------------------------------------
class Game:
    """Several rounds (as many as players by default), the dealer moving to the left each round.

    >>> from myword_edu.lexicon import Lexicon
    >>> game = Game([Player("Ana"), Player("Ben")], Lexicon.from_words(["cat"], blocked=[]), seed=1)
    >>> game.round_number, game.rounds, game.current.dealer
    (1, 2, 'Ana')
    """

    def __init__(
        self,
        players: Sequence[Player],
        lexicon: Lexicon,
        *,
        seed: int | str | None = None,
        rounds: int | None = None,
        junior: bool = False,
        dealer_calls: bool = True,
        deck: Sequence[Card] | None = None,
        shuffle: bool = True,
        lexicons: Mapping[str, Lexicon] | None = None,
        foreign: Sequence[Lexicon] = (),
    ) -> None:
        self.players = tuple(players)
        self.lexicon = lexicon
        # No seed: draw one, and keep it, so the game can still be replayed and saved.
        self.seed = seed if seed is not None else random.SystemRandom().randrange(10**9)
        self.rounds = rounds if rounds is not None else len(self.players)
        if self.rounds < 1:
            raise ValueError("a game has at least one round")
        self.junior = junior
        self.dealer_calls = dealer_calls
        if deck is None:
            deck = junior_deck(lexicon.lang) if junior else standard_deck(lexicon.lang)
        self.base_deck = tuple(deck)
        self.shuffle = shuffle
        self.lexicons = dict(lexicons or {})
        self.foreign = tuple(foreign)
        self.finished_rounds: list[Round] = []
        self.current = self._new_round(0)

    def _new_round(self, index: int) -> Round:
        deck = shuffled(self.base_deck, f"{self.seed}-{index}") if self.shuffle else list(self.base_deck)
        return Round(
            self.players,
            deck,
            self.lexicon,
            junior=self.junior,
            dealer=self.players[index % len(self.players)].name,
            dealer_calls=self.dealer_calls,
            lexicons=self.lexicons,
            foreign=self.foreign,
        )

    @property
    def round_number(self) -> int:
        """1-based number of the current round."""
        return len(self.finished_rounds) + 1

    @property
    def is_over(self) -> bool:
        return self.current.is_over and self.round_number >= self.rounds

    def next_round(self) -> Round:
        """Start the next round (the current one must be over)."""
        if not self.current.is_over:
            raise IllegalMoveError("the current round is not over yet")
        if self.round_number >= self.rounds:
            raise IllegalMoveError("the game is over")
        self.finished_rounds.append(self.current)
        self.current = self._new_round(len(self.finished_rounds))
        return self.current

    @property
    def totals(self) -> dict[str, int]:
        """Points per player over all rounds so far."""
        totals = {p.name: 0 for p in self.players}
        for rnd in [*self.finished_rounds, self.current]:
            for name, points in rnd.scores.items():
                totals[name] += points
        return totals

    def winners(self) -> list[str]:
        """The player(s) with the most points."""
        totals = self.totals
        best = max(totals.values())
        return [name for name, points in totals.items() if points == best]

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": SAVE_VERSION,
            "seed": self.seed,
            "rounds": self.rounds,
            "junior": self.junior,
            "dealer_calls": self.dealer_calls,
            "played": [r.to_dict() for r in [*self.finished_rounds, self.current]],
            "players": [asdict(p) for p in self.players],
            "deck": [str(c) for c in self.base_deck],
            "shuffle": self.shuffle,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], lexicon: Lexicon, **kwargs: Any) -> "Game":
        try:
            game = cls(
                [Player(**p) for p in data["players"]],
                lexicon,
                seed=data["seed"],
                rounds=data["rounds"],
                junior=data["junior"],
                dealer_calls=data["dealer_calls"],
                deck=[Card(c) for c in data["deck"]],
                shuffle=data["shuffle"],
                **kwargs,
            )
            played = [Round.from_dict(r, lexicon, **kwargs) for r in data["played"]]
        except CorruptSaveError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise CorruptSaveError(f"saved game cannot be read: {error}") from error
        if not played:
            raise CorruptSaveError("saved game has no rounds")
        game.finished_rounds = played[:-1]
        game.current = played[-1]
        return game
