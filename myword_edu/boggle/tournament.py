"""A Boggle tournament: rounds until a player reaches the target (the rulebook's 50 or 100 points).

The rounds end together, so several players can pass the target in the same
round: the one with most points wins; a tie at the top plays another round
(:func:`champions`). A live room keeps its totals in its log and asks the same
question (:mod:`myword_edu.rooms.boggle_replica`).

>>> champions({"Ana": 52, "Ben": 40}, 50), champions({"Ana": 52, "Ben": 52}, 50), champions({"Ana": 9}, None)
(('Ana',), (), ())
"""

from __future__ import annotations

from typing import Mapping, Sequence

from myword_edu.boggle.review import leaders
from myword_edu.boggle.round import RoundResult, player_names
from myword_edu.boggle.rules import check_rule
from myword_edu.core.errors import IllegalMoveError, SettingError, WrongTypeError

__all__ = ["Tournament", "champions"]


def champions(totals: Mapping[str, int], target: int | None) -> tuple[str, ...]:
    """Who won a tournament with these totals: the one player at the top with ``target`` points or
    more; empty while it goes on (nobody there yet, or a tie at the top), and with no target."""
    if target is None or not totals:
        return ()
    top, best = leaders(totals)
    return top if best >= target and len(top) == 1 else ()


class Tournament:
    """Rounds until a player reaches the target (such as 50 or 100 points); None: one round.

    The rounds end together, so several players can pass the target in the same
    round: the one with most points wins; a tie at the top plays another round.

    >>> t = Tournament(["Ana", "Ben"], target=50)
    >>> t.totals, t.is_over
    ({'Ana': 0, 'Ben': 0}, False)
    """

    def __init__(self, players: Sequence[str], target: int | None = 50) -> None:
        check_rule("target", target)  # a BoggleRulesError names the field
        self.players = player_names(players)
        if not self.players:
            raise SettingError("players", players, "a tournament needs at least one player")
        self.target = target
        self.results: list[RoundResult] = []

    @property
    def round_number(self) -> int:
        """The number of the round being played (or the last one, once over)."""
        return len(self.results) + (0 if self.is_over else 1)

    @property
    def totals(self) -> dict[str, int]:
        return {n: sum(r.scores.get(n, 0) for r in self.results) for n in self.players}

    def add(self, result: RoundResult) -> None:
        """Count a finished round."""
        if not isinstance(result, RoundResult):
            raise WrongTypeError("result", result, "a RoundResult (what Round.finish gives)")
        if self.is_over:
            raise IllegalMoveError("the tournament is over")
        self.results.append(result)

    @property
    def is_over(self) -> bool:
        if not self.results:
            return False
        return self.target is None or bool(champions(self.totals, self.target))

    @property
    def winners(self) -> tuple[str, ...]:
        """The leaders (the winner once :attr:`is_over`)."""
        return leaders(self.totals, self.players)[0]
