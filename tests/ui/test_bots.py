"""Computer players: levels, determinism, mistakes, never a blocked word."""

from __future__ import annotations

import pytest

from myword_edu.myword.bots import PROFILES, Bot, BotCall
from myword_edu.core.levels import Level, parse_level
from myword_edu.myword.cards import parse_cards
from myword_edu.myword.round import Round
from myword_edu.myword.values import Player


def test_same_seed_same_calls(lexicons):
    lex = lexicons("en")
    table = parse_cards("C A T S R E")
    a = [Bot("R", Level.MEDIUM, seed=5).plan(table, lex) for _ in range(3)]
    b = [Bot("R", Level.MEDIUM, seed=5).plan(table, lex) for _ in range(3)]
    assert a == b


def test_levels_differ_in_speed_and_vocabulary():
    easy, hard = PROFILES[Level.EASY], PROFILES[Level.HARD]
    assert easy.reaction[0] > hard.reaction[1]
    assert easy.min_zipf > hard.min_zipf
    assert easy.max_letters < hard.max_letters
    assert easy.mistake_rate > 0 == hard.mistake_rate


def test_easy_bot_knows_only_common_short_words(lexicons):
    lex = lexicons("en")
    bot = Bot("R", Level.EASY, seed=1)
    assert bot.knows("cat", lex)
    assert not bot.knows("tee", lex)  # zipf 3.2: too rare for an easy robot
    assert not bot.knows("stand", lex) or PROFILES[Level.EASY].max_letters >= 5


def test_bot_sees_nothing_on_an_empty_table(lexicons):
    assert Bot("R", Level.HARD, seed=1).plan((), lexicons("en")) is None


def test_hard_bot_prefers_long_words(lexicons):
    call = Bot("R", Level.HARD, seed=1).plan(parse_cards("S T A N D H"), lexicons("en"))
    assert call is not None and call.mistake is None
    assert len(call.word) == 5


def test_easy_bot_makes_mistakes_but_never_blocked_words(lexicons):
    lex = lexicons("en")
    table = parse_cards("D A R N T E S C")
    mistakes, words = set(), set()
    for seed in range(200):
        call = Bot("R", Level.EASY, seed=seed).plan(table, lex)
        assert call is not None
        words.add(call.word)
        if call.mistake:
            mistakes.add(call.mistake)
            if call.mistake == "not_a_word":
                assert call.word not in lex
    assert "not_a_word" in mistakes
    assert "darn" not in words and not any(lex.is_blocked(w) for w in words)


def test_bot_remembers_words_whose_cards_are_gone(lexicons):
    lex = lexicons("en")
    kinds = set()
    for seed in range(300):
        bot = Bot("R", Level.EASY, seed=seed)
        bot.plan(parse_cards("C A T E"), lex)
        call = bot.plan(parse_cards("S E A"), lex)
        if call and call.mistake:
            kinds.add(call.mistake)
    assert "missing_cards" in kinds


def test_bot_calls_go_through_the_engine(lexicons):
    lex = lexicons("en")
    bot = Bot("Robot", Level.HARD, seed=3)
    rnd = Round([Player("You"), bot.player], parse_cards("C A T S"), lex)
    for _ in range(4):
        rnd.deal()
    call = bot.plan(rnd.table, lex)
    result = rnd.claim(bot.name, call.word)
    assert result.accepted and rnd.scores["Robot"] == len(result.cards)


def test_still_good_follows_the_table(lexicons):
    bot = Bot("R", Level.HARD, seed=1)
    call = BotCall("cat", 3.0)
    assert bot.still_good(call, parse_cards("C A T"))
    assert not bot.still_good(call, parse_cards("C A"))
    assert bot.still_good(BotCall("xq", 1.0, "not_a_word"), ())


def test_parse_level():
    assert parse_level("EASY") is Level.EASY
    with pytest.raises(ValueError, match="Valid levels are: easy, medium, hard"):
        parse_level("expert")
