"""Which focus word a live room says next: the one nearest to being made (from the table, or the
fewest cards still to come), words not yet said or made this round first, never one that cannot be made."""

from __future__ import annotations

from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.myword.cards import parse_cards
from myword_edu.myword.round import Round
from myword_edu.myword.values import Player
from myword_edu.rooms.room_listen import cards_needed, next_to_say

LEX = Lexicon.from_words(["cat", "dog", "sun", "act"], blocked=[])


def _round(deck: str, dealt: int) -> Round:
    rnd = Round([Player("Ana")], parse_cards(deck), LEX)
    for _ in range(dealt):
        rnd.deal()
    return rnd


def test_the_word_on_the_table_comes_before_the_words_still_to_come():
    rnd = _round("S U X C A T D O G N", 6)  # on the table: S U X C A T
    assert next_to_say(rnd, ("dog", "sun", "cat"), said=(), made=()) == "cat"  # ties: the lesson's order
    assert next_to_say(rnd, ("dog", "sun"), said=(), made=()) == "dog"  # SUN lacks an N until the last card
    assert cards_needed("sun", rnd.table, parse_cards("D O G N")) == 4


def test_words_said_or_made_come_last_and_a_word_is_never_said_twice_in_a_row():
    rnd = _round("C A T D O G", 6)
    assert next_to_say(rnd, ("cat", "dog"), said=("cat",), made=()) == "dog"
    assert next_to_say(rnd, ("cat", "dog"), said=(), made=("cat",)) == "dog"
    assert next_to_say(rnd, ("cat", "dog"), said=("dog", "cat"), made=()) == "dog"
    assert next_to_say(rnd, ("cat",), said=("cat",), made=()) is None


def test_a_word_no_card_can_make_is_never_said():
    rnd = _round("C A T D O", 2)
    assert next_to_say(rnd, ("sun", "dog"), said=(), made=()) is None
    claimed = _round("C A T X", 4)
    assert claimed.claim("Ana", "cat").accepted  # the cards are gone: CAT cannot be made again
    assert next_to_say(claimed, ("cat", "act"), said=("cat",), made=("cat",)) is None
