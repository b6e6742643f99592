"""The end of a MyWord! round: the cards nobody won, each player's words, and words the student could have made.

The page draws a :class:`RoundReview`; :func:`round_review` decides what it
holds. "Words you could have made" are words the student could have called at
some moment of the round (the caller collects them as the table changes, for
the student's minimum of cards), most familiar first, never a blocked word and
never a word someone called.

>>> from myword_edu.lexicon.wordlist import Lexicon
>>> from myword_edu.myword.cards import parse_cards
>>> from myword_edu.myword.round import Round
>>> from myword_edu.myword.values import Player
>>> lex = Lexicon.from_words(["cat", "act", "tab", "bat"], blocked=[])
>>> rnd = Round([Player("Ana"), Player("Ben")], parse_cards("C A T B"), lex)
>>> for _ in range(4): _ = rnd.deal()
>>> _ = rnd.claim("Ben", "cat")
>>> review = round_review(rnd, 1, lex, {"cat", "act", "tab", "bat"})
>>> review.words, review.could
({'Ana': (), 'Ben': ('CAT',)}, ('ACT', 'BAT', 'TAB'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.myword.cards import Card
from myword_edu.myword.round import Round
from myword_edu.myword.values import Claimed

__all__ = ["RoundReview", "round_review", "COULD_SHOWN"]

#: How many words the student could have made a review shows.
COULD_SHOWN = 12


@dataclass(frozen=True)
class RoundReview:
    """The end of a round: unscored cards, each player's words, words the student missed (as shown: upper case)."""

    number: int
    leftover: tuple[Card, ...]
    words: dict[str, tuple[str, ...]]
    could: tuple[str, ...]


def round_review(rnd: Round, number: int, lexicon: Lexicon, possible: Iterable[str], *, limit: int = COULD_SHOWN) -> RoundReview:
    """The review of round ``number`` of ``rnd``; ``possible``: the words (folded) the student could have
    called at some moment, judged by ``lexicon`` (the student's)."""
    words = {
        p.name: tuple(e.spelling.upper() for e in rnd.events if isinstance(e, Claimed) and e.accepted and e.player == p.name)
        for p in rnd.players
    }  # fmt: skip
    called = {w for ws in words.values() for w in ws}
    missed = sorted((w for w in set(possible) if not lexicon.is_blocked(w)), key=lambda w: (-lexicon.zipf(w), len(w), w))
    could = [shown for shown in (lexicon.spelling(w).upper() for w in missed) if shown not in called]
    return RoundReview(number, rnd.leftover, words, tuple(could[:limit]))
