"""The game's texts: same keys and placeholders in both languages, every reason covered."""

from __future__ import annotations

import pytest

from myword_edu.i18n import game as i18n
from myword_edu.i18n.catalog import Plural
from myword_edu.myword.cards import Card
from myword_edu.myword.values import Reason
from tests.catalog_files import fields, spanish

BAD_WORD_REASONS = ("empty", "too_long", "bad_characters", "wrong_alphabet")


def test_every_key_has_a_spanish_translation():
    assert set(i18n.GAME) - set(spanish("game")) == set()
    assert set(spanish("game")) - set(i18n.GAME) == set()


@pytest.mark.parametrize("key", list(i18n.GAME))
def test_both_languages_have_the_same_placeholders(key):
    entry = i18n.GAME.entry(key)
    english = [entry.one, entry.other] if isinstance(entry, Plural) else [entry.english]
    assert {f for e in english for f in fields(e)} == {f for s in spanish("game")[key] for f in fields(s)}


@pytest.mark.parametrize("reason", [*(r.value for r in Reason), *BAD_WORD_REASONS])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_refusal_reason_has_a_message(reason, lang):
    text = i18n.message(lang, i18n.reason_key(reason), word="CAT", needed=4, language="inglés", player="Ana")
    assert text and "{" not in text


def test_unknown_key_is_a_bug():
    with pytest.raises(KeyError, match="no.such.key"):
        i18n.message("en", "no.such.key")


def test_a_plural_without_its_number_is_a_bug():
    with pytest.raises(TypeError, match="'left'"):
        i18n.message("es", "deck.left", total=71)


@pytest.mark.parametrize(
    ("face", "en", "es"),
    [
        ("qu", "card Q U", "carta Q U"),
        ("a", "card A", "carta A"),
        ("ñ", "card Ñ", "carta Ñ"),
        ("?", "wild card, one letter", "comodín, una letra"),
        ("??", "wild card, two letters", "comodín, dos letras"),
    ],
)
def test_card_names_for_screen_readers(face, en, es):
    assert i18n.card_name(Card(face), "en") == en
    assert i18n.card_name(Card(face), "es") == es


def test_join_names():
    assert i18n.join_names(["Ana"], "en") == "Ana"
    assert i18n.join_names(["Ana", "Ben"], "en") == "Ana and Ben"
    assert i18n.join_names([], "es") == ""


@pytest.mark.parametrize(
    ("names", "es"),
    [
        (["Robot 1"], "Robot 1 se lleva una carta gratis."),
        (["Robot 1", "Robot 2"], "Una carta gratis para cada uno: Robot 1 y Robot 2."),
        (["Tú"], "Te llevas una carta gratis."),
        (["Tú", "Robot 2"], "Una carta gratis para cada uno: Tú y Robot 2."),
    ],
)
def test_free_cards_agree_with_who_gets_them(names, es):
    assert i18n.about_players("es", "feedback.free_cards", names) == es


def test_free_cards_in_english():
    assert i18n.about_players("en", "feedback.free_cards", ["Robot 1"]) == "Robot 1 got a free card."
    assert i18n.about_players("en", "feedback.free_cards", ["You"]) == "You got a free card."
    assert i18n.about_players("en", "feedback.free_cards", ["Ana", "Ben"]) == "Ana and Ben got a free card."


def test_the_student_winning_a_boggle_round_is_spoken_to():
    assert i18n.about_players("es", "boggle.round_winner", ["Tú"], points=5) == "¡Has ganado esta ronda con 5 puntos!"
    assert i18n.about_players("es", "boggle.round_winner", ["Ana"], points=1) == "Ana ganó esta ronda con 1 punto."
    assert i18n.about_players("en", "boggle.round_winner", ["You"], points=1) == "You won this round with 1 point."
