import json

import pytest

from myword_edu.myword.cards import parse_cards, standard_deck
from myword_edu.core.errors import (
    BadWordError,
    CardIdsError,
    CorruptSaveError,
    IllegalMoveError,
    MissingLexiconError,
    MyWordError,
    SettingError,
    UnknownPlayerError,
    WrongLexiconError,
)
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.myword.game import Game
from myword_edu.myword.round import Round
from myword_edu.myword.saves import round_from_dict, round_from_json
from myword_edu.myword.values import CardGiven, Claimed, Dealt, Player, Reason, RoundEnded

from tests.conftest import SMALL_WORDS

LEX = Lexicon.from_words(SMALL_WORDS, blocked=["arts"])
SPANISH = Lexicon.from_words(["casa", "gato", "niño"], lang="es", blocked=[])


def make(deck="C A T X Y Z S", players=("Ana", "Ben", "Cy"), **kwargs):
    return Round([Player(p) for p in players], parse_cards(deck), LEX, **kwargs)


def deal(rnd, n):
    for _ in range(n):
        rnd.deal()


def test_accepted_word_takes_its_cards():
    rnd = make()
    deal(rnd, 4)
    result = rnd.claim("Ana", "CAT")
    assert result.accepted and result.reason is None and result.points == 3
    assert [str(c) for c in rnd.table] == ["X"]
    assert rnd.scores == {"Ana": 3, "Ben": 0, "Cy": 0}
    assert [str(c) for c in rnd.won("Ana")] == ["C", "A", "T"]


def test_failed_call_gives_free_cards_from_callers_left_table_then_deck():
    rnd = make("X Y Q W E R T")
    deal(rnd, 1)
    result = rnd.claim("Ben", "zzz")  # not a word
    assert result.reason is Reason.NOT_A_WORD and not result.accepted
    given = [(f.player, str(f.card), f.source) for f in result.free_cards]
    assert given == [("Cy", "X", "table"), ("Ana", "Y", "deck")]
    assert rnd.scores == {"Ana": 1, "Ben": 0, "Cy": 1}
    assert rnd.cards_left == 5


@pytest.mark.parametrize(
    "word, reason",
    [("zzz", Reason.NOT_A_WORD), ("cats", Reason.CARDS_NOT_ON_TABLE), ("arts", Reason.BLOCKED_WORD)],
)
def test_each_failure_reason_is_penalised(word, reason):
    rnd = make("C A T R S X")
    deal(rnd, 3)
    result = rnd.claim("Ana", word)
    assert result.reason is reason
    assert len(result.free_cards) == 2


def test_too_few_cards_uses_the_callers_own_minimum():
    rnd = Round([Player("Ana", min_cards=4), Player("Ben", min_cards=2)], parse_cards("C A T S"), LEX)
    deal(rnd, 3)
    assert rnd.claim("Ana", "cat").reason is Reason.TOO_FEW_CARDS
    assert rnd.claim("Ben", "at").accepted


def test_junior_variant_has_no_penalty():
    rnd = make(junior=True)
    deal(rnd, 3)
    result = rnd.claim("Ana", "zzz")
    assert result.reason is Reason.NOT_A_WORD and result.free_cards == ()
    assert sum(rnd.scores.values()) == 0 and len(rnd.table) == 3


def test_dealer_may_be_excluded():
    rnd = make(dealer="Ana", dealer_calls=False)
    deal(rnd, 3)
    assert rnd.claim("Ana", "cat").reason is Reason.DEALER_CANNOT_CALL
    assert len(rnd.table) == 3 and sum(rnd.scores.values()) == 0
    assert rnd.claim("Ben", "cat").accepted


def test_wrong_language_changes_nothing():
    rnd = Round([Player("Ana"), Player("Ben")], parse_cards("C A S A X"), LEX, foreign=[SPANISH])
    deal(rnd, 4)
    assert rnd.claim("Ana", "casa").reason is Reason.WRONG_LANGUAGE
    assert sum(rnd.scores.values()) == 0 and len(rnd.table) == 4


def test_player_with_own_language():
    rnd = Round(
        [Player("Ana"), Player("Lu", lang="es")], parse_cards("C A S A"), LEX, lexicons={"es": SPANISH}
    )
    deal(rnd, 4)
    assert rnd.claim("Lu", "casa").accepted


@pytest.mark.parametrize("text", ["", "   ", "c4t", "🐱🐱🐱", "x" * 200])
def test_bad_text_raises_and_changes_nothing(text):
    rnd = make()
    deal(rnd, 3)
    before = rnd.to_dict()
    with pytest.raises(BadWordError):
        rnd.claim("Ana", text)
    assert rnd.to_dict() == before


def test_unknown_player():
    rnd = make()
    with pytest.raises(UnknownPlayerError) as info:
        rnd.claim("Zed", "cat")
    assert "Ana, Ben, Cy" in str(info.value)


def test_click_to_build_takes_exactly_those_cards():
    rnd = make("C A T A X")
    deal(rnd, 4)
    ids = [c.id for c in rnd.table_cards]
    result = rnd.claim("Ana", "cat", [ids[0], ids[3], ids[2]])
    assert result.accepted and result.card_ids == (ids[0], ids[3], ids[2])
    assert [c.id for c in rnd.table_cards] == [ids[1]]


def test_click_to_build_rejects_cards_that_do_not_spell_the_word_in_order():
    for ids, word, reason in [
        ([0, 1, 2], "act", Reason.CARDS_DO_NOT_SPELL),
        ([0, 1], "cat", Reason.CARDS_DO_NOT_SPELL),
    ]:
        rnd = make("C A T X Y")
        deal(rnd, 3)
        result = rnd.claim("Ana", word, ids)
        assert result.reason is reason and not result.cards
        assert len(result.free_cards) == 2


def test_no_card_is_awarded_twice():
    rnd = make("C A T S X")
    deal(rnd, 4)
    assert rnd.claim("Ana", "cats").accepted
    late = rnd.claim("Ben", "cat")
    assert late.reason is Reason.CARDS_NOT_ON_TABLE and not late.cards
    assert rnd.scores["Ana"] == 4


def test_deal_from_empty_deck_and_after_end():
    rnd = make("C A T")
    deal(rnd, 3)
    with pytest.raises(IllegalMoveError):
        rnd.deal()
    rnd.finish()
    assert rnd.is_over and [str(c) for c in rnd.leftover] == ["C", "A", "T"]
    assert rnd.claim("Ana", "cat").reason is Reason.ROUND_OVER
    with pytest.raises(IllegalMoveError):
        rnd.deal()


def test_round_ends_itself_when_no_word_is_possible_after_last_card():
    rnd = make("X Y Z")
    deal(rnd, 3)
    assert rnd.is_over
    assert isinstance(rnd.events[-1], RoundEnded) and rnd.events[-1].why == "no_words_left"
    assert [str(c) for c in rnd.leftover] == ["X", "Y", "Z"]


def test_events_and_subscribers():
    seen = []
    rnd = make("C A T Q")
    rnd.subscribe(seen.append)
    deal(rnd, 3)
    rnd.claim("Ana", "zzz")
    rnd.claim("Ben", "cat")
    kinds = [type(e) for e in seen]
    assert kinds[:3] == [Dealt, Dealt, Dealt]
    assert Claimed in kinds and CardGiven in kinds
    assert seen == rnd.events
    json.dumps([e.to_dict() for e in rnd.events])  # plain JSON


def test_save_restore_and_tamper_detection():
    rnd = make()
    deal(rnd, 5)
    rnd.claim("Ana", "cat")
    rnd.claim("Ben", "qqq")
    restored = round_from_json(rnd.to_json(), LEX)
    assert restored.scores == rnd.scores and restored.table_cards == rnd.table_cards
    data = json.loads(rnd.to_json())
    data["events"][3]["card_ids"] = [4, 5, 6]
    with pytest.raises(CorruptSaveError):
        round_from_dict(data, LEX)
    with pytest.raises(CorruptSaveError):
        round_from_json('{"version": 1}', LEX)


def test_game_rotates_dealer_and_totals():
    game = Game([Player("Ana"), Player("Ben")], LEX, seed=3)
    assert game.rounds == 2 and game.current.dealer == "Ana"
    with pytest.raises(IllegalMoveError):
        game.next_round()
    game.current.finish()
    second = game.next_round()
    assert second.dealer == "Ben" and game.round_number == 2
    second.finish()
    assert game.is_over
    assert set(game.winners()) <= {"Ana", "Ben"}
    again = Game.from_dict(game.to_dict(), LEX)
    assert again.totals == game.totals and again.round_number == 2


def test_same_seed_same_game():
    a = Game([Player("Ana")], LEX, seed="class-7")
    b = Game([Player("Ana")], LEX, seed="class-7")
    assert a.current.initial_deck == b.current.initial_deck
    assert sorted(a.current.initial_deck) == sorted(standard_deck("en"))


def test_player_validation():
    with pytest.raises(ValueError):
        Player("")
    with pytest.raises(ValueError):
        Player("Ana", min_cards=1)
    with pytest.raises(ValueError):
        Round([Player("Ana"), Player("Ana")], [], LEX)


def test_no_seed_means_a_fresh_deal_that_can_still_be_replayed():
    decks = {tuple(Game([Player("Ana")], LEX).current.initial_deck) for _ in range(5)}
    assert len(decks) > 1
    game = Game([Player("Ana")], LEX)
    assert Game.from_dict(game.to_dict(), LEX).current.initial_deck == game.current.initial_deck


def test_a_late_claim_on_taken_cards_is_too_late_and_costs_nothing():
    rnd = make("C A T S X Y")
    deal(rnd, 4)
    seen = rnd.version  # both players look at C A T S
    assert rnd.claim("Ana", "cats", seen=seen).accepted
    late = rnd.claim("Ben", "cat", seen=seen)
    assert late.reason is Reason.TOO_LATE and late.free_cards == ()
    assert rnd.scores == {"Ana": 4, "Ben": 0, "Cy": 0}
    # A word the cards never allowed is still penalised.
    wrong = rnd.claim("Cy", "task", seen=seen)
    assert wrong.reason is Reason.CARDS_NOT_ON_TABLE and len(wrong.free_cards) == 2
    again = round_from_json(rnd.to_json(), LEX)
    assert again.to_dict() == rnd.to_dict()


# -- every bad input gets a typed error and changes nothing (issue 11) ---------------------------------------


def _snapshot(rnd):
    return rnd.to_dict(), list(rnd.events), dict(rnd.scores), rnd.version


@pytest.mark.parametrize(
    "card_ids",
    [iter([0, 1, 2]), (i for i in [0, 1, 2]), 5, "012", {0, 1, 2}, {0: 1}, [0.9, 1.2, 2.7], [0, 1, 2.0],
     [True, 1, 2], [0, 1, None], ["0", "1", "2"], [[0], 1, 2]],
    ids=["iterator", "generator", "int", "str", "set", "dict", "floats", "one-float", "bool", "none", "strs", "nested"],
)  # fmt: skip
def test_card_ids_must_be_a_list_of_whole_numbers(card_ids):
    rnd = make("C A T X Y")
    deal(rnd, 3)
    before = _snapshot(rnd)
    with pytest.raises(CardIdsError) as info:
        rnd.claim("Ana", "cat", card_ids)
    assert isinstance(info.value, TypeError) and info.value.reason in ("not_a_list", "not_whole_numbers")
    assert "card" in str(info.value)
    assert _snapshot(rnd) == before
    with pytest.raises(CardIdsError):
        rnd.check_claim("Ana", "cat", card_ids)
    again = round_from_json(rnd.to_json(), LEX)  # the save still restores
    assert again.to_dict() == rnd.to_dict()


@pytest.mark.parametrize(
    ("card_ids", "reason"),
    [([0, 1, 99], "not_on_table"), ([0, 1, -1], "not_on_table"), ([0, 1, 3], "not_on_table"),
     ([0, 0, 2], "repeated")],
)  # fmt: skip
def test_card_ids_must_be_cards_on_the_table(card_ids, reason):
    rnd = make("C A T X Y")
    deal(rnd, 3)  # card 3 is still in the deck
    before = _snapshot(rnd)
    with pytest.raises(CardIdsError) as info:
        rnd.claim("Ana", "cat", card_ids)
    assert info.value.reason == reason and info.value.card_ids == tuple(card_ids)
    assert _snapshot(rnd) == before


def test_card_ids_taken_since_the_player_looked_are_too_late_not_an_error():
    rnd = make("C A T S X Y")
    deal(rnd, 4)
    seen = rnd.version
    assert rnd.claim("Ana", "cats", seen=seen).accepted
    late = rnd.claim("Ben", "cat", [0, 1, 2], seen=seen)
    assert late.reason is Reason.TOO_LATE and late.free_cards == ()


def test_a_tuple_of_ids_is_saved_and_restored():
    rnd = make("C A T X Y")
    deal(rnd, 3)
    assert rnd.claim("Ana", "cat", (0, 1, 2)).accepted
    assert round_from_json(rnd.to_json(), LEX).scores == {"Ana": 3, "Ben": 0, "Cy": 0}


@pytest.mark.parametrize("seen", ["3", 2.5, True, [1]])
def test_seen_must_be_a_whole_number(seen):
    rnd = make()
    deal(rnd, 3)
    before = _snapshot(rnd)
    with pytest.raises(MyWordError) as info:
        rnd.claim("Ana", "cat", seen=seen)
    assert isinstance(info.value, TypeError) and "seen" in str(info.value)
    assert _snapshot(rnd) == before


@pytest.mark.parametrize("events", ["missing", None, 5, "x", [None]])
def test_a_save_without_its_events_is_corrupt(events):
    rnd = make()
    deal(rnd, 3)
    rnd.claim("Ana", "cat")
    data = rnd.to_dict()
    if events == "missing":
        del data["events"]
    else:
        data["events"] = events
    with pytest.raises(CorruptSaveError):
        round_from_dict(data, LEX)


def test_a_spanish_save_is_not_restored_with_the_english_list():
    rnd = Round([Player("Ana"), Player("Ben")], parse_cards("C A S A"), SPANISH)
    deal(rnd, 4)
    rnd.claim("Ana", "casa")
    with pytest.raises(WrongLexiconError) as info:
        round_from_json(rnd.to_json(), LEX)
    assert isinstance(info.value, CorruptSaveError)
    assert (info.value.saved, info.value.given) == ("es", "en") and "Spanish" in str(info.value)
    assert round_from_json(rnd.to_json(), SPANISH).scores == {"Ana": 4, "Ben": 0}


def test_a_game_save_refuses_rounds_past_the_game_and_decks_not_the_seeds():
    game = Game([Player("Ana"), Player("Ben")], LEX, seed=3)
    game.current.finish()
    game.next_round()
    data = game.to_dict()
    too_many = json.loads(json.dumps(data))
    too_many["played"].append(too_many["played"][-1])
    with pytest.raises(CorruptSaveError, match="2 rounds"):
        Game.from_dict(too_many, LEX)
    other = json.loads(json.dumps(data))
    other["played"][1] = Game([Player("Ana"), Player("Ben")], LEX, seed=4).current.to_dict()
    with pytest.raises(CorruptSaveError, match="round 2"):
        Game.from_dict(other, LEX)
    dealer = json.loads(json.dumps(data))
    dealer["played"][0]["dealer"] = "Ben"
    with pytest.raises(CorruptSaveError, match="round 1"):
        Game.from_dict(dealer, LEX)
    unfinished = json.loads(json.dumps(data))
    unfinished["played"][0] = Game([Player("Ana"), Player("Ben")], LEX, seed=3).current.to_dict()
    with pytest.raises(CorruptSaveError, match="round 1 is not over"):
        Game.from_dict(unfinished, LEX)
    assert Game.from_dict(data, LEX).round_number == 2


def test_a_player_whose_language_has_no_word_list_is_refused():
    with pytest.raises(MissingLexiconError) as info:
        Round([Player("Ana"), Player("Lu", lang="es")], parse_cards("C A S A"), LEX)
    assert (info.value.player, info.value.lang) == ("Lu", "es") and "Spanish" in str(info.value)
    with pytest.raises(MissingLexiconError):  # a list filed under the wrong language is no better
        Round([Player("Lu", lang="es")], parse_cards("C A S A"), LEX, lexicons={"es": LEX})
    with pytest.raises(MissingLexiconError):
        Game([Player("Ana"), Player("Lu", lang="es")], LEX, seed=1)
    # The round's own language needs no extra list.
    assert Round([Player("Ana", lang="en")], parse_cards("C A T"), LEX).lexicon_for(Player("Ana", lang="en")) is LEX


def test_an_excluded_dealer_neither_calls_nor_receives_free_cards():
    rnd = make("X Y Q W E R T", dealer="Ana", dealer_calls=False)
    deal(rnd, 1)
    result = rnd.claim("Ben", "zzz")  # Cy, then Ana would get a card: Ana is the dealer, out of play
    assert [(f.player, str(f.card), f.source) for f in result.free_cards] == [("Cy", "X", "table")]
    assert rnd.scores == {"Ana": 0, "Ben": 0, "Cy": 1} and rnd.cards_left == 6
    # A dealer who plays (the standard rules) gets free cards as before.
    playing = make("X Y Q W E R T", dealer="Ana")
    deal(playing, 1)
    assert [f.player for f in playing.claim("Ben", "zzz").free_cards] == ["Cy", "Ana"]
    assert round_from_json(rnd.to_json(), LEX).to_dict() == rnd.to_dict()


@pytest.mark.parametrize("word", ["don't", "x-ray", "DON’T", "co‐op", "rock-'n'-roll", "cat-"])
def test_apostrophes_and_hyphens_are_a_failed_call(word):
    rnd = make("C A T X Y Z S")
    deal(rnd, 4)
    result = rnd.claim("Ana", word)
    assert not result.accepted and result.reason is Reason.APOSTROPHE_OR_HYPHEN
    assert result.reason.is_penalised and len(result.free_cards) == 2
    assert rnd.events[-3].reason == "apostrophe_or_hyphen" and rnd.events[-3].card_ids == ()
    assert round_from_json(rnd.to_json(), LEX).to_dict() == rnd.to_dict()


def test_apostrophes_and_hyphens_cost_nothing_in_the_junior_variant():
    rnd = make(junior=True)
    deal(rnd, 3)
    result = rnd.claim("Ana", "can't")
    assert result.reason is Reason.APOSTROPHE_OR_HYPHEN and result.free_cards == ()
    assert sum(rnd.scores.values()) == 0 and len(rnd.table) == 3


@pytest.mark.parametrize("text", ["'", "-", "--", "' -", "c4t-", "x-🐱"])
def test_only_punctuation_or_other_characters_is_still_bad_text(text):
    rnd = make()
    deal(rnd, 3)
    before = _snapshot(rnd)
    with pytest.raises(BadWordError):
        rnd.claim("Ana", text)
    assert _snapshot(rnd) == before


def test_game_and_round_need_players():
    with pytest.raises(SettingError, match="needs at least one player"):
        Game([], LEX)
    with pytest.raises(SettingError, match="needs at least one player"):
        Round([], parse_cards("C A T"), LEX)
    with pytest.raises(SettingError, match="different"):
        Game([Player("Ana"), Player("Ana")], LEX)
    with pytest.raises(SettingError, match="at least one round"):
        Game([Player("Ana")], LEX, rounds=0)


@pytest.mark.parametrize(
    "build",
    [lambda: Round(["Ana"], parse_cards("C A T"), LEX),
     lambda: Round("Ana", parse_cards("C A T"), LEX),
     lambda: Round([Player("Ana")], 5, LEX),
     lambda: Round([Player("Ana")], [1, 2], LEX),
     lambda: Round([Player("Ana")], parse_cards("C A T"), "en"),
     lambda: Round([Player("Ana")], parse_cards("C A T"), LEX, junior="no"),
     lambda: Round([Player("Ana")], parse_cards("C A T"), LEX, lexicons=["es"]),
     lambda: Round([Player("Ana")], parse_cards("C A T"), LEX, foreign=[5]),
     lambda: Game([Player("Ana")], LEX, rounds="2"),
     lambda: Game([Player("Ana")], LEX, seed=[1]),
     lambda: Game([Player("Ana")], LEX, deck=7),
     lambda: Player("Ana", min_cards="3"),
     lambda: Player(5)],
)  # fmt: skip
def test_wrongly_typed_settings_are_refused_with_a_typed_error(build):
    with pytest.raises(MyWordError):
        build()
