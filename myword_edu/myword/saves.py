"""Saved MyWord! rounds: a round restored from its save by replaying what was done.

A save (:meth:`myword_edu.myword.round.Round.to_dict`) keeps the deck, the
players and every action; restoring replays the actions on a new round and
checks that they give the same events, so a save that was changed, or a word
list that changed, is refused (:class:`~myword_edu.core.errors.CorruptSaveError`)
instead of restoring a different game.

>>> from myword_edu.lexicon.wordlist import Lexicon
>>> from myword_edu.myword.cards import parse_cards
>>> from myword_edu.myword.values import Player
>>> lex = Lexicon.from_words(["cat"], blocked=[])
>>> rnd = Round([Player("Ana")], parse_cards("C A T"), lex)
>>> for _ in range(3): _ = rnd.deal()
>>> _ = rnd.claim("Ana", "cat")
>>> round_from_json(rnd.to_json(), lex).scores
{'Ana': 3}
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

from myword_edu.core.errors import CorruptSaveError, MyWordError, WrongLexiconError, WrongTypeError
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.myword.cards import Card
from myword_edu.myword.round import Round
from myword_edu.myword.values import SAVE_VERSION, Player

__all__ = ["round_from_dict", "round_from_json"]


def round_from_dict(
    data: Mapping[str, Any],
    lexicon: Lexicon,
    *,
    lexicons: Mapping[str, Lexicon] | None = None,
    foreign: Sequence[Lexicon] = (),
) -> "Round":
    """Rebuild a saved round by replaying its actions; the actions and events must match.

    Anything else (a missing or mistyped field, an action that does not
    replay, another language's word list) raises
    :class:`~myword_edu.core.errors.CorruptSaveError` (a
    :class:`~myword_edu.core.errors.WrongLexiconError` for the language).
    """
    if not isinstance(lexicon, Lexicon):
        raise WrongTypeError("lexicon", lexicon, "a Lexicon")
    if not isinstance(data, Mapping):
        raise CorruptSaveError(f"a saved round is a JSON object, not {_short(data)}")
    try:
        if data["version"] != SAVE_VERSION:
            raise CorruptSaveError(f"saved round version {_short(data['version'])} is not supported")
        if data["lang"] != lexicon.lang.value:
            if data["lang"] in ("en", "es"):
                raise WrongLexiconError(data["lang"], lexicon.lang.value)
            raise CorruptSaveError(f"saved round language {_short(data['lang'])} is not en or es")
        players, deck, intents, events = (_saved_list(data, key) for key in ("players", "deck", "intents", "events"))
        rnd = Round(
            [Player(**p) for p in players],
            [Card(c) for c in deck],
            lexicon,
            junior=data["junior"],
            dealer=data["dealer"],
            dealer_calls=data["dealer_calls"],
            lexicons=lexicons,
            foreign=foreign,
        )
        for intent in intents:
            if not isinstance(intent, list) or not intent:
                raise CorruptSaveError(f"a saved action is a non-empty list, not {_short(intent)}")
            if intent == ["deal"]:
                rnd.deal()
            elif intent[0] == "claim" and len(intent) in (4, 5):
                rnd.claim(intent[1], intent[2], intent[3], seen=intent[4] if len(intent) > 4 else None)
            elif intent == ["finish"]:
                rnd.finish()
            else:
                raise CorruptSaveError(f"unknown action {_short(intent)} in saved round")
        if rnd.intents != intents:
            raise CorruptSaveError("saved round's actions do not replay as saved")
        if [e.to_dict() for e in rnd.events] != events:
            raise CorruptSaveError("saved round replays to different events (was the word list changed?)")
    except CorruptSaveError:
        raise
    except KeyError as error:
        raise CorruptSaveError(f"saved round has no {_short(error.args[0] if error.args else '')} field") from error
    except (MyWordError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise CorruptSaveError(f"saved round does not replay: {error}") from error
    return rnd

def from_json(cls, text: str, lexicon: Lexicon, **kwargs: Any) -> "Round":
    return cls.from_dict(json.loads(text), lexicon, **kwargs)


def round_from_json(text: str, lexicon: Lexicon, **kwargs: Any) -> Round:
    """A saved round from its JSON text (:meth:`~myword_edu.myword.round.Round.to_json`); see :func:`round_from_dict`."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise CorruptSaveError(f"a saved round is JSON text: {error}"[:120]) from error
    return round_from_dict(data, lexicon, **kwargs)


def _saved_list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data[key]
    if not isinstance(value, list):
        raise CorruptSaveError(f"a saved round's {key!r} is a list, not {_short(value)}")
    return value


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
