"""The MyWord! round review and free cards, as engine rules (the page only draws them)."""

from __future__ import annotations

from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.myword.cards import parse_cards
from myword_edu.myword.free_cards import free_cards
from myword_edu.myword.review import COULD_SHOWN, round_review
from myword_edu.myword.round import Round
from myword_edu.myword.values import Player


def _round(words, blocked=()):
    lex = Lexicon.from_words(words, blocked=list(blocked))
    rnd = Round([Player("Ana"), Player("Ben")], parse_cards("C A T S"), lex)
    for _ in range(4):
        rnd.deal()
    return rnd, lex


def test_the_review_never_shows_a_blocked_word_or_one_somebody_called():
    rnd, lex = _round(["cat", "act", "cast", "scat", "tacs"], blocked=["tacs"])
    rnd.claim("Ben", "cast")
    review = round_review(rnd, 2, lex, {"cat", "act", "cast", "scat", "tacs"})
    assert review.number == 2 and review.words == {"Ana": (), "Ben": ("CAST",)}
    assert set(review.could) == {"CAT", "ACT", "SCAT"} and review.leftover == ()


def test_the_review_shows_the_most_familiar_words_first_and_at_most_twelve():
    words = ["cat", "act", "cast", "scat", "tacs", "cats", "acts"] + [f"{a}{b}x" for a in "abc" for b in "abcd"]
    rnd, lex = _round(words)
    review = round_review(rnd, 1, lex, set(words))
    assert len(review.could) == COULD_SHOWN == 12
    folded = [w.lower() for w in review.could]
    assert folded == sorted(folded, key=lambda w: (-lex.zipf(w), len(w), w))


def test_free_cards_go_round_from_the_callers_left_table_first_then_deck():
    seats = ["Ana", "Ben", "Cy", "Dan"]
    assert free_cards(seats, "Dan", table=[3, 4], next_card=8, deck_size=9) == [
        ("Ana", 3, "table"), ("Ben", 4, "table"), ("Cy", 8, "deck")]  # fmt: skip
    assert free_cards(seats, "Dan", table=[], next_card=9, deck_size=9) == []  # nothing left to give
    assert free_cards(seats, "Ana", table=[1], next_card=2, deck_size=9, can_call=lambda n: n != "Ben") == [
        ("Cy", 1, "table"), ("Dan", 2, "deck")]  # fmt: skip
