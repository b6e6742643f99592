"""The message catalogs: same keys and placeholders in both languages, every reason covered."""

from __future__ import annotations

import string

import pytest

from myword_edu.i18n import game as i18n
from myword_edu.myword.cards import Card
from myword_edu.myword.values import Reason

BAD_WORD_REASONS = ("empty", "too_long", "bad_characters", "wrong_alphabet")


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_catalogs_have_the_same_keys():
    en, es = i18n.CATALOGS["en"], i18n.CATALOGS["es"]
    assert set(en) - set(es) == set()
    assert set(es) - set(en) == set()


@pytest.mark.parametrize("key", sorted(i18n.CATALOGS["en"]))
def test_catalogs_have_the_same_placeholders(key):
    assert _placeholders(i18n.CATALOGS["en"][key]) == _placeholders(i18n.CATALOGS["es"][key])


@pytest.mark.parametrize("reason", [*(r.value for r in Reason), *BAD_WORD_REASONS])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_refusal_reason_has_a_message(reason, lang):
    text = i18n.message(lang, i18n.reason_key(reason), word="CAT", needed=4, language="inglés", player="Ana")
    assert text and "{" not in text


def test_unknown_key_is_a_bug():
    with pytest.raises(KeyError):
        i18n.message("en", "no.such.key")


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
