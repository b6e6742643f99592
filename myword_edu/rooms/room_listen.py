"""A live room played by ear: which focus word the teacher's "Say a word" says next.

In a room opened with a lesson (:mod:`myword_edu.rooms.room_lesson`) the teacher
can have every student's device say a focus word; the first student to build it
takes the cards, as with any call. The word is picked here, in the teacher's
transaction, from the round as committed: the focus word that needs the fewest
of the cards still to come to be made from the table (none: it can be made now),
ties going to the lesson's order. Words already said or made in this round come
after the others: a word said and not made may be said again once every other is
said, never twice in a row. The pick is written to the room's log
(``["say", round, word]``), so every kernel that replays the log knows which words
were said (:class:`~myword_edu.rooms.replica.RoomReplica`), and a page that
rejoins can say the word again.

The undealt cards are read only here, in the engine; nothing but the word said
leaves it.

>>> from myword_edu.lexicon.wordlist import Lexicon
>>> from myword_edu.myword.cards import parse_cards
>>> from myword_edu.myword.round import Round
>>> from myword_edu.myword.values import Player
>>> rnd = Round([Player("Ana")], parse_cards("D O G X C A T"), Lexicon.from_words(["cat", "dog"], blocked=[]))
>>> _ = rnd.deal()
>>> next_to_say(rnd, ("cat", "dog"), said=(), made=())  # DOG's cards come first
'dog'
>>> next_to_say(rnd, ("cat", "dog"), said=("dog",), made=())
'cat'
>>> next_to_say(rnd, ("cat", "dog"), said=("dog", "cat"), made=())  # each said once: again, not CAT twice
'dog'
>>> next_to_say(rnd, ("cat",), said=("cat",), made=()) is None
True
"""

from __future__ import annotations

from typing import Collection, Sequence

from myword_edu.myword.cards import Card
from myword_edu.myword.round import Round
from myword_edu.myword.spelling import best_spelling

__all__ = ["next_to_say", "cards_needed"]


def cards_needed(word: str, table: Sequence[Card], coming: Sequence[Card]) -> int | None:
    """How many of the ``coming`` cards (in dealing order) must join ``table`` before ``word`` (folded)
    can be made: 0 if it can be made now, None if not even with every card.

    >>> from myword_edu.myword.cards import parse_cards
    >>> cards_needed("cat", parse_cards("C A"), parse_cards("X T")), cards_needed("cat", (), parse_cards("C A"))
    (2, None)
    """
    if best_spelling(word, [*table, *coming]) is None:
        return None
    low, high = 0, len(coming)  # more cards never make a word impossible: search the first count that works
    while low < high:
        middle = (low + high) // 2
        if best_spelling(word, [*table, *coming[:middle]]) is None:
            low = middle + 1
        else:
            high = middle
    return low


def next_to_say(rnd: Round, focus: Sequence[str], *, said: Sequence[str], made: Collection[str]) -> str | None:
    """The focus word (folded) to say next in ``rnd``, or None when no focus word can still be made.

    ``said``: the words said in this round, in order; ``made``: the focus words made in this round.
    Words neither said nor made come first; then the others, but not the word said last.
    """
    table = rnd.table
    coming = rnd.initial_deck[rnd.deck_size - rnd.cards_left :]
    fresh = [w for w in focus if w not in said and w not in made]
    again = [w for w in focus if w not in fresh and (not said or w != said[-1])]
    for group in (fresh, again):
        needs = [(n, i, w) for i, w in enumerate(group) if (n := cards_needed(w, table, coming)) is not None]
        if needs:
            return min(needs)[2]
    return None
