"""The MyWord! round: a state machine whose every change is an event (a game of
several rounds is :class:`myword_edu.myword.game.Game`; the values and events are in
:mod:`myword_edu.myword.values`).

Parsing, checking and applying are separate steps: :meth:`Round.check_claim`
says what a claim would do without doing it (the checks on cards are
:mod:`myword_edu.myword.claims`); :meth:`Round.claim` applies it (a failed call's
:mod:`~myword_edu.myword.free_cards`). Every change is an :class:`Event` (kept
in :attr:`Round.events` and sent to subscribers), a round saves to JSON and
restores exactly (:mod:`myword_edu.myword.saves`), and a seed makes a whole
game reproducible.

>>> from myword_edu.lexicon.wordlist import Lexicon
>>> from myword_edu.myword.cards import parse_cards
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

import json
from collections import Counter
from dataclasses import asdict, replace
from typing import Any, Callable, Mapping, Sequence

from myword_edu.core.errors import (
    IllegalMoveError,
    MissingLexiconError,
    SettingError,
    SpellingError,
    UnknownPlayerError,
    WrongTypeError,
)
from myword_edu.core.text import clean_word, word_with_marks
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.myword.cards import Card, as_cards
from myword_edu.myword.claims import check_card_ids, check_ids_on_table, could_claim, pick_ids
from myword_edu.myword.free_cards import free_cards
from myword_edu.myword.solver import words_on_table
from myword_edu.myword.spelling import best_spelling, check_choice
from myword_edu.myword.values import (
    SAVE_VERSION,
    CardGiven,
    ClaimResult,
    Claimed,
    Dealt,
    Event,
    FreeCard,
    Player,
    Reason,
    RoundEnded,
    TableCard,
)

__all__ = ["Round"]


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
        if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
            raise WrongTypeError("players", players, "a list of players")
        self.players: tuple[Player, ...] = tuple(players)
        if not self.players:
            raise SettingError("players", players, "a round needs at least one player")
        for player in self.players:
            if not isinstance(player, Player):
                raise WrongTypeError("each player", player, "a Player")
        names = [p.name for p in self.players]
        if len(set(names)) != len(names):
            repeated = sorted({n for n in names if names.count(n) > 1})
            raise SettingError("players", names, f"players' names must be different: {', '.join(repeated)} more than once")
        if dealer is not None and dealer not in names:
            raise UnknownPlayerError(dealer, tuple(names))
        self.initial_deck: tuple[Card, ...] = as_cards(deck, "deck")
        if not isinstance(lexicon, Lexicon):
            raise WrongTypeError("lexicon", lexicon, "a Lexicon")
        for flag, value in (("junior", junior), ("dealer_calls", dealer_calls)):
            if not isinstance(value, bool):
                raise WrongTypeError(flag, value, "True or False")
        if lexicons is not None and not isinstance(lexicons, Mapping):
            raise WrongTypeError("lexicons", lexicons, "a mapping of language tags to lexicons")
        if isinstance(foreign, (str, bytes)) or not isinstance(foreign, Sequence) or not all(
            isinstance(other, Lexicon) for other in foreign
        ):
            raise WrongTypeError("foreign", foreign, "a list of lexicons")
        self.lexicon = lexicon
        self.lexicons = dict(lexicons or {})
        for tag, other in self.lexicons.items():
            if not isinstance(other, Lexicon):
                raise WrongTypeError(f"lexicons[{tag!r}]", other, "a Lexicon")
        for player in self.players:  # a player is never judged silently by another language's list
            if player.lang is not None and self.lexicon_for(player).lang.value != player.lang:
                raise MissingLexiconError(player.name, player.lang)
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
        """The word list that judges ``player``'s calls (their own language's, else the round's)."""
        if player.lang and player.lang in self.lexicons:
            return self.lexicons[player.lang]
        return self.lexicon

    def can_call(self, name: str) -> bool:
        """False for a dealer excluded from play (the variant): they neither call nor get free cards."""
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

        Raises :class:`~myword_edu.core.errors.BadWordError` for text that is not a
        word at all (empty, digits, emoji, too long) and
        :class:`~myword_edu.core.errors.UnknownPlayerError` for an unknown name.
        """
        player = self._player(name)
        lexicon = self.lexicon_for(player)
        shown = word if isinstance(word, str) else repr(word)
        if seen is not None and (isinstance(seen, bool) or not isinstance(seen, int)):
            raise WrongTypeError("seen", seen, "a whole number (the round's version a player saw) or None")
        picked = None if card_ids is None else check_card_ids(card_ids)

        def refuse(reason: Reason, folded: str = "", spelling: str = "") -> ClaimResult:
            return ClaimResult(name, shown, folded, spelling or folded, False, reason, needed=player.min_cards)

        if self._over:
            return refuse(Reason.ROUND_OVER)
        if not self.can_call(name):
            return refuse(Reason.DEALER_CANNOT_CALL)
        marked = word_with_marks(word, lexicon.lang)
        if marked is not None:  # "don't", "x-ray": the rulebook does not allow them
            return refuse(Reason.APOSTROPHE_OR_HYPHEN, marked)
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
        deck = self.initial_deck
        if seen is not None and 0 <= seen < self.version and not could_claim(
            folded, picked, player.min_cards, self._table, deck
        ) and could_claim(folded, picked, player.min_cards, self._tables[seen], deck):
            return refuse(Reason.TOO_LATE, folded, spelling)
        if picked is not None:
            check_ids_on_table(picked, self._table)
            try:
                cards = check_choice(
                    folded, [self.initial_deck[i] for i in picked], min_cards=player.min_cards
                )
            except SpellingError as error:
                return refuse(Reason(error.reason), folded, spelling)
            return ClaimResult(name, shown, folded, spelling, True, None, cards, picked, player.min_cards)
        cards_found = best_spelling(folded, self.table)
        if cards_found is None:
            return refuse(Reason.CARDS_NOT_ON_TABLE, folded, spelling)
        if len(cards_found) < player.min_cards:
            return refuse(Reason.TOO_FEW_CARDS, folded, spelling)
        ids = pick_ids(cards_found, self._table, deck)
        return ClaimResult(name, shown, folded, spelling, True, None, cards_found, ids, player.min_cards)

    def claim(
        self, name: str, word: str, card_ids: Sequence[int] | None = None, *, seen: int | None = None
    ) -> ClaimResult:
        """A player calls a word (typed, or built from the table cards ``card_ids`` in order).

        An allowed word takes its cards. A penalised failure gives every other
        player one free card, from the caller's left, from the table first and
        then from the deck (not in the junior variant). Bad text raises
        :class:`~myword_edu.core.errors.BadWordError` and changes nothing.

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
        decided = free_cards([p.name for p in self.players], caller, table=self._table, next_card=self._next,
                             deck_size=len(self.initial_deck), can_call=self.can_call)  # fmt: skip
        given = []
        for receiver, card_id, source in decided:
            if source == "table":
                self._table.remove(card_id)
            else:
                self._next += 1
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
def _with_free_cards(result: ClaimResult, free: tuple[FreeCard, ...]) -> ClaimResult:
    return replace(result, free_cards=free)
