import pytest

from myword_edu.myword.cards import Card, parse_cards
from myword_edu.core.errors import BadWordError, CardsDoNotSpellError, CardsNotOnTableError, MyWordError, TooFewCardsError
from myword_edu.myword.spelling import best_spelling, check_choice, spell


def faces(cards):
    return " ".join(str(c) for c in cards)


def test_rulebook_examples():
    # ND, U, K cannot spell DUNK: the N and D would be separated.
    with pytest.raises(CardsNotOnTableError) as info:
        spell("dunk", parse_cards("ND U K"))
    assert info.value.reason == "cards_not_on_table"
    # M and K with a double wild spell MASK.
    assert faces(spell("mask", parse_cards("M K ??"))) == "M ?? K"
    # Spanish: CH, A, E, R cannot make HACER.
    with pytest.raises(CardsNotOnTableError):
        spell("hacer", parse_cards("CH A E R"))
    # C and A with ?? make CASA.
    assert faces(spell("casa", parse_cards("C A ??"))) == "C A ??"


def test_most_cards_then_fewest_wilds():
    assert faces(spell("quit", parse_cards("QU Q U I T"))) == "Q U I T"
    assert faces(spell("quit", parse_cards("QU I T"))) == "QU I T"
    assert faces(spell("cat", parse_cards("C A T ? ??"))) == "C A T"
    # ? + ? beats ?? (more cards)
    assert faces(spell("cat", parse_cards("C ? ? ??"))) == "C ? ?"


def test_double_cards_are_whole_and_in_order():
    assert best_spelling("dune", parse_cards("ND U E")) is None
    assert faces(spell("and", parse_cards("A ND"), min_cards=2)) == "A ND"
    assert faces(best_spelling("hand", parse_cards("H A ND"))) == "H A ND"


def test_min_cards():
    with pytest.raises(TooFewCardsError) as info:
        spell("queen", parse_cards("QU EE N"), min_cards=4)
    assert info.value.reason == "too_few_cards"
    assert len(info.value.cards) == 3 and info.value.min_cards == 4
    assert "at least 4 cards" in str(info.value)
    assert len(spell("at", parse_cards("A T"), min_cards=2)) == 2


def test_accents_and_case_do_not_matter():
    assert faces(spell("CAMIÓN", parse_cards("C A M I O N"))) == "C A M I O N"
    assert faces(spell("año", parse_cards("A Ñ O"))) == "A Ñ O"
    with pytest.raises(CardsNotOnTableError):
        spell("año", parse_cards("A N O"))


@pytest.mark.parametrize("text", ["", "12", "🙂🙂🙂", "x" * 100])
def test_bad_text_is_a_typed_error(text):
    with pytest.raises(BadWordError):
        spell(text, parse_cards("A B C"))


def test_check_choice():
    table = parse_cards("C A T S ??")
    assert faces(check_choice("cats", parse_cards("C A T S"), table=table)) == "C A T S"
    assert faces(check_choice("cast", parse_cards("C A ??"), table=table)) == "C A ??"
    with pytest.raises(CardsDoNotSpellError):
        check_choice("cast", parse_cards("C A T S"), table=table)
    with pytest.raises(CardsNotOnTableError):
        check_choice("cat", parse_cards("C A T T"), table=table)
    with pytest.raises(TooFewCardsError):
        check_choice("cat", parse_cards("C A T"), table=table, min_cards=4)
    with pytest.raises(CardsDoNotSpellError):
        check_choice("cat", [], table=table)


@pytest.mark.parametrize(
    "build",
    [lambda: spell("cat", 5), lambda: spell("cat", [1, 2, 3]), lambda: spell("cat", parse_cards("C A T"), min_cards="3"),
     lambda: spell("cat", parse_cards("C A T"), min_cards=True), lambda: check_choice("cat", 5),
     lambda: check_choice("cat", [object()]), lambda: check_choice("cat", parse_cards("C A T"), table=5),
     lambda: check_choice("cat", parse_cards("C A T"), min_cards=None), lambda: best_spelling(5, parse_cards("C A T")),
     lambda: best_spelling("cat", None)],
)  # fmt: skip
def test_wrongly_typed_input_is_a_typed_error(build):
    with pytest.raises(MyWordError):
        build()


def test_card_letters_as_text_are_cards():
    assert spell("cat", ["C", "A", "T"]) == tuple(parse_cards("C A T"))
    assert check_choice("cat", ["c", "a", "t"]) == tuple(parse_cards("C A T"))
