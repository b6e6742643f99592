from collections import Counter

import pytest

from myword_edu.myword.cards import (
    DOUBLE_LETTER_CARDS,
    Card,
    junior_deck,
    parse_cards,
    shuffled,
    standard_deck,
)
from myword_edu.core.errors import CardTokenError, MyWordError


def test_faces_and_repr_round_trip():
    for token, face in [("a", "A"), ("ñ", "Ñ"), ("qu", "QU"), ("?", "?"), ("??", "??")]:
        card = Card(token)
        assert str(card) == face
        assert eval(repr(card)) == card  # noqa: S307 - a repr you can paste back in


def test_parse_cards_mixed_separators_and_case():
    assert [str(c) for c in parse_cards("nd u K ?? qu ñ ?")] == ["ND", "U", "K", "??", "QU", "Ñ", "?"]
    assert [str(c) for c in parse_cards(" a,b ,, c ")] == ["A", "B", "C"]
    assert parse_cards("") == []


@pytest.mark.parametrize("token", ["abc", "1", "???", "é?", "!", "ab1"])
def test_bad_tokens_name_the_token(token):
    with pytest.raises(CardTokenError) as info:
        parse_cards(f"a {token} b")
    assert info.value.token == token
    assert repr(token) in str(info.value)
    assert isinstance(info.value, (ValueError, MyWordError))


def test_card_kinds():
    assert Card("qu").is_double and Card("qu").width == 2
    assert Card("??").is_wild and not Card("??").is_double and Card("??").width == 2
    assert Card("?").is_wild and Card("?").width == 1
    assert not Card("a").is_wild and Card("a").width == 1


def test_standard_deck_composition():
    es = standard_deck("es")
    en = standard_deck("en")
    assert len(es) == 72 and len(en) == 71
    singles = [c for c in es if not c.is_wild and not c.is_double]
    doubles = [c for c in es if c.is_double]
    wilds = Counter(str(c) for c in es if c.is_wild)
    assert len(singles) == 54 and Counter(singles)[Card("ñ")] == 1
    assert len(doubles) == 15 and {"qu", "ch", "nd"} <= {c.letters for c in doubles}
    assert wilds == {"?": 2, "??": 1}
    assert Counter(es) - Counter(en) == Counter({Card("ñ"): 1})
    assert len(set(DOUBLE_LETTER_CARDS)) == 15


def test_junior_deck_is_singles_and_qu():
    for lang in ("en", "es"):
        deck = junior_deck(lang)
        assert all(not c.is_wild for c in deck)
        assert [c for c in deck if c.is_double] == [Card("qu")]
        assert Counter(c for c in deck if not c.is_double) == Counter(
            c for c in standard_deck(lang) if not c.is_double and not c.is_wild
        )


def test_seeded_shuffle_is_reproducible_and_a_permutation():
    deck = standard_deck("es")
    a, b, c = shuffled(deck, 7), shuffled(deck, 7), shuffled(deck, 8)
    assert a == b and a != c
    assert Counter(a) == Counter(deck)
    assert deck == standard_deck("es")  # the input is not changed


def test_deck_mix_is_the_one_derived_from_the_word_lists():
    """tools/design_deck.py derives the mix from both shipped lists; cards.py must hold its result."""
    import importlib.util
    from pathlib import Path

    from myword_edu.myword.cards import SINGLE_LETTER_COUNTS

    path = Path(__file__).resolve().parents[2] / "tools" / "design_deck.py"
    spec = importlib.util.spec_from_file_location("design_deck", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    singles, doubles = module.design()
    assert singles == SINGLE_LETTER_COUNTS
    assert tuple(doubles) == DOUBLE_LETTER_CARDS


@pytest.mark.parametrize(
    "build",
    [lambda: parse_cards(5), lambda: parse_cards(None), lambda: parse_cards(["A", "B"]), lambda: shuffled(5, 1),
     lambda: shuffled(standard_deck("en"), [1]), lambda: shuffled(standard_deck("en"), 1.5), lambda: Card(["a"])],
)  # fmt: skip
def test_wrongly_typed_input_is_a_typed_error(build):
    with pytest.raises(MyWordError) as info:
        build()
    assert isinstance(info.value, (TypeError, ValueError))
