import pytest
from hypothesis import given, strategies as st

from myword_edu.core.errors import BadWordError, UnknownLanguageError
from myword_edu.core.text import Lang, alphabet, clean_word, fold, parse_lang


@pytest.mark.parametrize(
    "typed, folded",
    [
        ("Camión", "camion"),
        ("CAMIÓN", "camion"),
        ("cami\u0301on", "camion"),  # combining accent on i... folds the same
        ("pingüino", "pinguino"),
        ("AÑO", "año"),
        ("an\u0303o", "año"),  # n + combining tilde is ñ
        ("ｃａｔ", "cat"),  # full-width letters
        ("  dog ", "dog"),
    ],
)
def test_fold(typed, folded):
    assert fold(typed) == folded


def test_fold_keeps_enye_distinct_from_n():
    assert fold("año") != fold("ano")


@pytest.mark.parametrize(
    "text, reason",
    [
        ("", "empty"),
        ("   ", "empty"),
        ("c4t", "bad_characters"),
        ("cat🐱", "bad_characters"),
        ("don't", "bad_characters"),
        ("x" * 31, "too_long"),
    ],
)
def test_clean_word_rejects(text, reason):
    with pytest.raises(BadWordError) as info:
        clean_word(text, "en")
    assert info.value.reason == reason
    assert isinstance(info.value, ValueError)


def test_enye_is_wrong_alphabet_in_english_but_fine_in_spanish():
    with pytest.raises(BadWordError) as info:
        clean_word("niño", "en")
    assert info.value.reason == "wrong_alphabet"
    assert clean_word("niño", "es") == "niño"


def test_parse_lang():
    assert parse_lang("EN") is Lang.EN
    assert parse_lang("es_MX") is Lang.ES
    with pytest.raises(UnknownLanguageError) as info:
        parse_lang("de")
    assert "en, es" in str(info.value)
    with pytest.raises(UnknownLanguageError):
        parse_lang(None)
    assert alphabet("en") == "abcdefghijklmnopqrstuvwxyz"


@given(st.text(max_size=40))
def test_clean_word_never_crashes_and_returns_letters(text):
    try:
        word = clean_word(text, "es")
    except BadWordError as error:
        assert error.reason in {"empty", "too_long", "bad_characters", "wrong_alphabet"}
    else:
        assert word and set(word) <= set(alphabet("es"))
        assert fold(word) == word


@pytest.mark.parametrize("fn", [fold, clean_word])
@pytest.mark.parametrize("value", [5, None, b"cat", ["cat"]])
def test_text_that_is_not_text_is_a_typed_error(fn, value):
    from myword_edu.core.errors import MyWordError

    with pytest.raises(MyWordError):
        fn(value)
