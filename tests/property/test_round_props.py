"""Rounds: cards are conserved, scores never go negative, saves restore exactly."""

from collections import Counter

from hypothesis import given, settings, strategies as st

from myword_edu.cards import shuffled, standard_deck
from myword_edu.errors import BadWordError
from myword_edu.rules import Player, Round

from ..conftest import SMALL_WORDS
from myword_edu.lexicon import Lexicon

LEX = Lexicon.from_words(SMALL_WORDS, blocked=["arts"])
CALLS = SMALL_WORDS[:30] + ["zzz", "arts", "", "qu1t", "cat"]

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
        except BadWordError:
            assert rnd.to_dict() == before  # bad text never changes the round
        assert conserved(rnd, deck)
        assert all(points >= 0 for points in rnd.scores.values())
        assert sum(rnd.scores.values()) + len(rnd.table) + len(rnd.leftover) + rnd.cards_left == len(deck)
    restored = Round.from_json(rnd.to_json(), LEX)
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
