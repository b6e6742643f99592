"""Rounds: cards are conserved, scores never go negative, saves restore exactly."""

from collections import Counter

from hypothesis import given, settings, strategies as st

from myword_edu.myword.cards import shuffled, standard_deck
from myword_edu.core.errors import BadWordError, CardIdsError
from myword_edu.myword.round import Round
from myword_edu.myword.saves import round_from_dict, round_from_json
from myword_edu.myword.values import Player

from tests.conftest import SMALL_WORDS
from myword_edu.lexicon.wordlist import Lexicon

LEX = Lexicon.from_words(SMALL_WORDS, blocked=["arts"])
CALLS = SMALL_WORDS[:30] + ["zzz", "arts", "", "qu1t", "cat", "can't", "x-ray"]

actions = st.lists(
    st.one_of(
        st.just(("deal",)),
        st.tuples(st.just("claim"), st.sampled_from(["Ana", "Ben", "Cy"]), st.sampled_from(CALLS)),
        st.tuples(st.just("pick"), st.sampled_from(["Ana", "Ben", "Cy"]), st.lists(st.integers(0, 71), max_size=4)),
        st.just(("finish",)),
    ),
    max_size=60,
)


def conserved(rnd, deck):
    held = Counter(rnd.table) + Counter(rnd.leftover) + rnd.undealt_counts()
    for player in rnd.players:
        held += Counter(rnd.won(player.name))
    return held == Counter(deck)


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 10_000), st.booleans(), st.booleans(), actions)
def test_conservation_scores_and_save_restore(seed, junior, dealer_calls, steps):
    deck = shuffled(standard_deck("en"), seed)
    players = [Player("Ana"), Player("Ben", min_cards=2), Player("Cy", min_cards=4)]
    rnd = Round(players, deck, LEX, junior=junior, dealer="Ben", dealer_calls=dealer_calls)
    for step in steps:
        before = rnd.to_dict()
        try:
            if step[0] == "deal":
                if rnd.cards_left and not rnd.is_over:
                    rnd.deal()
            elif step[0] == "claim":
                rnd.claim(step[1], step[2])
            elif step[0] == "pick":
                word = "".join(c.card.letters for c in rnd.table_cards if c.id in step[2]) or "cat"
                rnd.claim(step[1], word if word.isalpha() else "cat", step[2])
            else:
                rnd.finish()
        except (BadWordError, CardIdsError):
            assert rnd.to_dict() == before  # bad text or cards not on the table never change the round
        assert conserved(rnd, deck)
        assert all(points >= 0 for points in rnd.scores.values())
        assert sum(rnd.scores.values()) + len(rnd.table) + len(rnd.leftover) + rnd.cards_left == len(deck)
    restored = round_from_json(rnd.to_json(), LEX)
    assert restored.to_dict() == rnd.to_dict()
    assert restored.scores == rnd.scores and restored.table == rnd.table


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60), st.sampled_from(["Ana", "Ben", "Cy"]))
def test_any_typed_text_is_a_clean_rejection_or_a_result(text, name):
    """Unicode oddities, emoji, digits, huge input: a typed error or a result, never a crash;
    a typed error never changes the round."""
    rnd = Round([Player("Ana"), Player("Ben"), Player("Cy")], shuffled(standard_deck("es"), 3), LEX)
    for _ in range(12):
        rnd.deal()
    before = rnd.to_dict()
    try:
        result = rnd.claim(name, text)
    except BadWordError as error:
        assert error.reason in {"empty", "too_long", "bad_characters", "wrong_alphabet"}
        assert rnd.to_dict() == before
    else:
        assert result.accepted or result.reason is not None


# -- restoring a save: it restores, or it is a CorruptSaveError, never anything else ---------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 100) | st.floats(allow_nan=False) | st.text(max_size=6)
    | st.sampled_from(["deal", "claim", "finish", "cat", "Ana", "C", "??", "en", "es", "x-ray"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)  # fmt: skip


def _saved_round():
    rnd = Round([Player("Ana"), Player("Ben", min_cards=2)], "C A T S X Y", LEX, dealer="Ben")
    for _ in range(4):
        rnd.deal()
    rnd.claim("Ana", "cat")
    rnd.claim("Ben", "zzz")
    rnd.claim("Ana", "x-ray")
    return rnd.to_dict()


SAVED_ROUND = _saved_round()


def _paths(value, prefix=()):
    """Every place in a nested save (a key of a dict, an index of a list)."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


def _mutated(save, where, value, delete):
    import copy

    data = copy.deepcopy(save)
    if not where:
        return value
    holder = data
    for step in where[:-1]:
        holder = holder[step]
    if delete and isinstance(holder, dict):
        del holder[where[-1]]
    else:
        holder[where[-1]] = value
    return data


ROUND_PLACES = list(_paths(SAVED_ROUND))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(ROUND_PLACES), json_values, st.booleans())
def test_a_damaged_round_save_restores_or_is_corrupt(where, value, delete):
    from myword_edu.core.errors import CorruptSaveError

    data = _mutated(SAVED_ROUND, where, value, delete)
    try:
        restored = round_from_dict(data, LEX)
    except CorruptSaveError:
        return
    assert restored.to_dict()["events"] == data["events"]  # what it claims to be


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_any_json_value_restores_or_is_corrupt(value):
    from myword_edu.core.errors import CorruptSaveError
    from myword_edu.myword.game import Game

    for restore in (round_from_dict, Game.from_dict):
        try:
            restore(value, LEX)
        except CorruptSaveError:
            pass


def _saved_game():
    from myword_edu.myword.game import Game

    game = Game([Player("Ana"), Player("Ben")], LEX, seed=5)
    game.current.deal()
    game.current.finish()
    game.next_round()
    game.current.deal()
    return game.to_dict()


SAVED_GAME = _saved_game()
GAME_PLACES = [p for p in _paths(SAVED_GAME) if len(p) < 3 or p[:2] != ("played", 0) or len(p) < 4]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(GAME_PLACES), json_values, st.booleans())
def test_a_damaged_game_save_restores_or_is_corrupt(where, value, delete):
    from myword_edu.core.errors import CorruptSaveError
    from myword_edu.myword.game import Game

    data = _mutated(SAVED_GAME, where, value, delete)
    try:
        game = Game.from_dict(data, LEX)
    except CorruptSaveError:
        return
    assert 1 <= game.round_number <= game.rounds
