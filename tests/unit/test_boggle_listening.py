""""Find the word you hear": the word said scores double for the player it was said to, and only it;
the words said follow from the words found, so a replayed round says and scores the same."""

from __future__ import annotations

import pytest

from myword_edu.boggle.board import Board
from myword_edu.boggle.lesson_board import roll_lesson_board
from myword_edu.boggle.listening import word_to_say
from myword_edu.boggle.round import Round
from myword_edu.boggle.scoring import word_points
from myword_edu.core.errors import IllegalMoveError
from myword_edu.lexicon.wordlist import Lexicon

LEX = Lexicon.from_words(["cat", "cats", "act", "scat", "tab"], blocked=[])


def test_the_word_said_scores_double_only_for_the_player_it_was_said_to():
    rnd = Round(Board.from_string("C A / T S*"), LEX, ["Ana", "Ben"])
    rnd.say("Ana", "scat")
    ana, ben = rnd.play("Ana", "scat"), rnd.play("Ben", "scat")
    assert (ana.points, ana.heard, ana.bonus) == (word_points("scat", bonus=True) * 2, True, True)  # red cube too: x4
    assert (ben.points, ben.heard) == (word_points("scat", bonus=True), False)
    other = rnd.play("Ana", "cat")
    assert (other.points, other.heard) == (1, False)


def test_a_word_that_is_not_on_the_board_cannot_be_said_and_none_stops_it():
    rnd = Round(Board.from_string("C A / T S"), LEX, ["Ana"])
    with pytest.raises(IllegalMoveError):
        rnd.say("Ana", "tab")
    rnd.say("Ana", "CATS")
    assert rnd.said("Ana") == "cats"
    rnd.say("Ana", None)
    assert rnd.said("Ana") is None and not rnd.play("Ana", "cats").heard


def test_the_next_word_is_the_first_planted_one_not_found_and_a_replay_says_the_same():
    planted = roll_lesson_board("new", ["cat", "hat", "map", "bag"], seed=1)
    lex = Lexicon.from_words(["cat", "hat", "map", "bag"], blocked=[])

    def play(found_order):
        rnd = Round(planted.board, lex, ["Ana"])
        said, points = [], []
        for word in found_order:
            heard = word_to_say(planted.planted, [p.word for p in rnd.found("Ana")])
            rnd.say("Ana", heard)
            said.append(heard)
            points.append(rnd.play("Ana", word).points)
        return said, points

    order = ["hat", "cat", "bag", "map"]
    said, points = play(order)
    assert said == ["cat", "cat", "map", "map"]  # the word said stays until it is found
    assert points == [1, 2, 1, 2]
    assert play(order) == (said, points)
    assert word_to_say(planted.planted, planted.planted) is None
