"""A game of MyWord!: several rounds, the dealer moving to the left each round.

Built on :class:`myword_edu.myword.round.Round`; saves to JSON and restores exactly.
"""

from __future__ import annotations

import random
from dataclasses import asdict
from typing import Any, Mapping, Sequence

from myword_edu.myword.cards import Card, as_cards, junior_deck, shuffled, standard_deck
from myword_edu.core.errors import CorruptSaveError, IllegalMoveError, MyWordError, SettingError, WrongTypeError
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.myword.round import Round
from myword_edu.myword.saves import round_from_dict
from myword_edu.myword.values import SAVE_VERSION, Player

__all__ = ["Game"]


class Game:
    """Several rounds (as many as players by default), the dealer moving to the left each round.

    >>> from myword_edu.lexicon.wordlist import Lexicon
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
        if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
            raise WrongTypeError("players", players, "a list of players")
        self.players = tuple(players)
        if not self.players:
            raise SettingError("players", players, "a game needs at least one player")
        if not isinstance(lexicon, Lexicon):
            raise WrongTypeError("lexicon", lexicon, "a Lexicon")
        self.lexicon = lexicon
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise WrongTypeError("seed", seed, "a whole number, a text or None")
        # No seed: draw one, and keep it, so the game can still be replayed and saved.
        self.seed = seed if seed is not None else random.SystemRandom().randrange(10**9)
        if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int)):
            raise WrongTypeError("rounds", rounds, "a whole number of rounds or None (one per player)")
        self.rounds = rounds if rounds is not None else len(self.players)
        if self.rounds < 1:
            raise SettingError("rounds", rounds, f"a game has at least one round, not {self.rounds}")
        for flag, value in (("junior", junior), ("dealer_calls", dealer_calls), ("shuffle", shuffle)):
            if not isinstance(value, bool):
                raise WrongTypeError(flag, value, "True or False")
        self.junior = junior
        self.dealer_calls = dealer_calls
        if deck is None:
            deck = junior_deck(lexicon.lang) if junior else standard_deck(lexicon.lang)
        self.base_deck = as_cards(deck, "deck")
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

    def resume(self, data: Mapping[str, Any]) -> None:
        """Carry on a saved game of this one (``data`` from :meth:`to_dict`): replay its rounds here.

        This game must be the saved one freshly set up (same players, seed, rounds and rules, so the
        same decks, a lesson's stacked decks included); anything else raises
        :class:`~myword_edu.core.errors.CorruptSaveError` and changes nothing.

        >>> from myword_edu.lexicon.wordlist import Lexicon
        >>> lex = Lexicon.from_words(["cat"], blocked=[])
        >>> game = Game([Player("Ana"), Player("Ben")], lex, seed=1)
        >>> for _ in range(3): _ = game.current.deal()
        >>> again = Game([Player("Ana"), Player("Ben")], lex, seed=1)
        >>> again.resume(game.to_dict()); again.current.table == game.current.table
        True
        >>> Game([Player("Ana"), Player("Ben")], lex, seed=2).resume(game.to_dict())
        Traceback (most recent call last):
        myword_edu.core.errors.CorruptSaveError: saved game is another game (seed, players or rules differ)
        """
        mine = self.to_dict()
        try:
            same = all(data[key] == mine[key] for key in ("version", "seed", "rounds", "junior", "dealer_calls", "players"))
            saved = list(data["played"])
        except (KeyError, TypeError) as error:
            raise CorruptSaveError(f"saved game cannot be read: {error}") from error
        if not same:
            raise CorruptSaveError("saved game is another game (seed, players or rules differ)")
        if not 1 <= len(saved) <= self.rounds:
            raise CorruptSaveError(f"saved game has {len(saved)} rounds; this game has 1 to {self.rounds}")
        played = []
        for index, data_round in enumerate(saved):
            if not isinstance(data_round, Mapping):
                raise CorruptSaveError(f"saved round {index + 1} cannot be read")
            expected = self._new_round(index)
            if [str(c) for c in expected.initial_deck] != data_round.get("deck"):
                raise CorruptSaveError(f"saved round {index + 1} was not dealt from this game's deck")
            rnd = round_from_dict(data_round, self.lexicon, lexicons=self.lexicons, foreign=self.foreign)
            if index < len(saved) - 1 and not rnd.is_over:
                raise CorruptSaveError(f"saved round {index + 1} is not over, yet a later round was played")
            played.append(rnd)
        self.finished_rounds = played[:-1]
        self.current = played[-1]

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
        """Rebuild a saved game; every round must be one this game deals (its seed's deck, its dealer).

        Anything that does not fit raises :class:`~myword_edu.core.errors.CorruptSaveError`.
        """
        if not isinstance(data, Mapping):
            raise CorruptSaveError(f"a saved game is a JSON object, not {type(data).__name__}")
        try:
            if data["version"] != SAVE_VERSION:
                raise CorruptSaveError(f"saved game version {str(data['version'])[:20]!r} is not supported")
            if not isinstance(data["players"], list) or not isinstance(data["deck"], list):
                raise CorruptSaveError("a saved game's players and deck are lists")
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
            saved = data["played"]
            if not isinstance(saved, list):
                raise CorruptSaveError("a saved game's rounds are a list")
            if not saved:
                raise CorruptSaveError("saved game has no rounds")
            if len(saved) > game.rounds:
                raise CorruptSaveError(f"saved game has {len(saved)} rounds played, but the game has {game.rounds} rounds")
            played = [round_from_dict(r, lexicon, **kwargs) for r in saved]
            for index, rnd in enumerate(played):
                expected = game.current if index == 0 else game._new_round(index)
                if (rnd.initial_deck, rnd.dealer, rnd.players, rnd.junior, rnd.dealer_calls) != (
                    expected.initial_deck, expected.dealer, expected.players, expected.junior, expected.dealer_calls
                ):
                    raise CorruptSaveError(f"round {index + 1} of the saved game is not one this game deals")
                if index < len(played) - 1 and not rnd.is_over:
                    raise CorruptSaveError(f"round {index + 1} is not over, but a later round was played")
        except CorruptSaveError:
            raise
        except KeyError as error:
            raise CorruptSaveError(f"saved game has no {str(error.args[0] if error.args else '')[:30]!r} field") from error
        except (MyWordError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise CorruptSaveError(f"saved game cannot be read: {error}") from error
        game.finished_rounds = played[:-1]
        game.current = played[-1]
        return game
