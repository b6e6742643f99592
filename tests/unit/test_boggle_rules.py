"""One set of Boggle rules for solo practice, live rooms and the class's settings."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from myword_edu.boggle.board import Board
from myword_edu.boggle.dice import DICE
from myword_edu.boggle.review import leaders, missed_words
from myword_edu.boggle.rules import (
    MIN_LENGTH_RANGE,
    MINUTES_RANGE,
    SECONDS_RANGE,
    BoggleRules,
    BoggleRulesError,
    board_min_length,
)
from myword_edu.boggle.tournament import champions
from myword_edu.core.errors import MyWordError, SettingError
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.ui.boggle.settings import BoggleSettings


@pytest.mark.parametrize(
    ("values", "field"),
    [({"dice": "mega"}, "dice"), ({"seconds": 29}, "seconds"), ({"seconds": 601}, "seconds"),
     ({"seconds": 60.0}, "seconds"), ({"min_length": 2}, "min_length"), ({"min_length": 9}, "min_length"),
     ({"bonus": 1}, "bonus"), ({"target": 0}, "target"), ({"target": 1001}, "target"), ({"size": 6}, "size"),
     ({"size": 5}, "dice")],
)  # fmt: skip
def test_a_rule_that_is_not_allowed_names_its_field(values, field):
    with pytest.raises(BoggleRulesError) as caught:
        BoggleRules(**values)
    error = caught.value
    assert error.field == field and isinstance(error, (SettingError, MyWordError, ValueError))
    assert repr(values[next(iter(values))]) in str(error) or field == "dice"


@given(seconds=st.integers(0, 700), least=st.none() | st.integers(0, 10), dice=st.sampled_from([*DICE, "mega"]))
def test_solo_links_rooms_and_the_class_accept_the_same_rules(seconds, least, dice):
    """The three places that used to check Boggle settings with three ranges now agree."""
    try:
        rules = BoggleRules(dice=dice, seconds=seconds, min_length=least)
    except BoggleRulesError:
        allowed = False
    else:
        allowed = True
        assert BoggleRules.from_json(rules.to_json()) == rules  # a room's log keeps them exactly
    assert allowed == (dice in DICE and seconds in SECONDS_RANGE and (least is None or least in MIN_LENGTH_RANGE))
    query = f"dice={dice}&seconds={seconds}" + (f"&min={least}" if least is not None else "")
    link = BoggleSettings.from_query(query)  # a practice link: what is not allowed falls back to the default
    assert (link.seconds == seconds) == (seconds in SECONDS_RANGE or seconds == 180)
    assert (link.min_length == least) == (least is None or least in MIN_LENGTH_RANGE)


def test_whole_minutes_are_the_minutes_a_round_may_last():
    assert list(MINUTES_RANGE) == list(range(1, 11))
    assert BoggleRules().with_changes(minutes=10).seconds == 600
    with pytest.raises(BoggleRulesError) as caught:
        BoggleRules().with_changes(minutes=11)
    assert caught.value.field == "minutes"


def test_the_minimum_word_length_is_the_teachers_else_the_boards_own():
    assert [board_min_length(n) for n in (4, 9, 16, 25, 36)] == [3, 3, 3, 4, 4]
    assert BoggleRules(dice="new").word_min == 3 and BoggleRules(dice="big").word_min == 4
    assert BoggleRules(dice="big", min_length=3).word_min == 3
    assert Board.roll("big", seed=1).min_length == 4 and Board.roll("es", seed=1).min_length == 3
    assert BoggleSettings.from_query("dice=big").rules.word_min == 4  # the solo page's personal best key


def test_leaders_of_a_round_and_the_champion_of_a_tournament():
    assert leaders({"Ana": 3, "Ben": 3, "Cy": 1}) == (("Ana", "Ben"), 3)
    assert leaders({"Ana": 3}, ["Ben", "Ana"]) == (("Ana",), 3)  # a player with no words has 0
    assert leaders({"Ana": 0}, ["Ben", "Ana"]) == (("Ben", "Ana"), 0)
    assert champions({"Ana": 50, "Ben": 49}, 50) == ("Ana",)
    assert champions({"Ana": 60, "Ben": 60}, 50) == ()  # a tie at the top plays on
    assert champions({"Ana": 49}, 50) == () and champions({}, 50) == ()


def test_the_review_shows_familiar_words_nobody_found_and_never_a_blocked_one():
    lex = Lexicon.from_words(["cat", "act", "scat", "tacs"], blocked=["tacs"])
    missed = missed_words({"cat", "act", "scat", "tacs"}, {"act"}, lex)
    assert "act" not in missed and "tacs" not in missed and set(missed) == {"cat", "scat"}
    assert list(missed) == sorted(missed, key=lambda w: (-lex.zipf(w), len(w), w))
