"""Lesson drafts: pasted words, every problem at once, the cards a deck needs, and files that load back the same."""

from __future__ import annotations

import unicodedata
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from myword_edu.core.resources import data_dir
from myword_edu.lexicon.wordlist import Lexicon, load_lexicon
from myword_edu.myword.cards import Card, junior_deck, standard_deck
from myword_edu.myword.lesson_draft import (
    DraftError,
    LessonDraft,
    check_draft,
    draft_from_lesson,
    parse_words,
    replace_word,
)
from myword_edu.myword.lesson_files import delete_lesson_file, new_lesson_id, save_draft
from myword_edu.myword.lessons import load_lesson
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.myword.spelling import best_spelling

WEEK = ("friend", "because", "people", "school", "where", "said")


@pytest.mark.parametrize("text", [
    "friend, because, people, school, where, said",
    "friend\nbecause\npeople\nschool\nwhere\nsaid\n",
    "friend because  people\tschool;where,said",
    '"Friend", "because", "people", "school", "where", "said".',
    "  FRIEND,,  because ,\n\n people , school , where , said ",
])  # fmt: skip
def test_pasted_words_in_any_layout_give_the_same_list(text):
    assert parse_words(text) == WEEK


def test_pasting_keeps_accents_and_enye_and_ignores_huge_pastes():
    assert parse_words("Árbol, niño\ncamión") == ("árbol", "niño", "camión")
    assert len(parse_words("cat " * 10_000)) <= 200 and parse_words(None) == ()


def test_a_suggestion_replaces_just_that_word_and_keeps_the_layout():
    assert replace_word("friend\nsiad\nschool", 1, "said") == "friend\nsaid\nschool"
    assert replace_word("siad, siad", 1, "said") == "siad, said"
    assert replace_word("a, b", 7, "c") == "a, b"


def test_every_problem_is_named_at_once_with_suggestions():
    check = check_draft(LessonDraft("Week 1", "en", ("freind", "because", "siad", "because", "x-ray", "shit")))
    problems = {(p.code, p.word): p for p in check.problems}
    assert set(problems) == {("unknown", "freind"), ("unknown", "siad"), ("twice", "because"),
                             ("not_letters", "x-ray"), ("blocked", "shit")}  # fmt: skip
    assert problems["unknown", "freind"].suggestions[0] == "friend" and problems["unknown", "freind"].index == 0
    assert problems["unknown", "siad"].suggestions[0] == "said" and problems["unknown", "siad"].index == 2
    assert str(problems["blocked", "shit"]) == "'shit' cannot be used in class"
    assert not problems["blocked", "shit"].suggestions and not check.ok and check.text is None


def test_spanish_words_typed_without_accents_are_saved_with_them():
    check = check_draft(LessonDraft("Tildes", "es", ("arbol", "camion", "lapiz", "nino")))
    (nino,) = check.problems
    assert nino.code == "unknown" and nino.suggestions[0] == "niño"
    check = check_draft(LessonDraft("Tildes", "es", ("arbol", "camion", "lapiz", "niño")))
    assert check.ok and check.words == ("árbol", "camión", "lápiz", "niño")
    assert 'focus = ["árbol", "camión", "lápiz", "niño"]' in check.text


def test_at_most_24_words_and_a_title_and_a_language():
    check = check_draft(LessonDraft("", "fr", ("cat",)))
    assert [p.code for p in check.problems] == ["title", "language"]
    many = tuple(sorted(w for w in load_lexicon("en") if len(w) == 5)[:25])
    assert [p.code for p in check_draft(LessonDraft("Many", "en", many)).problems] == ["too_many"]
    assert [p.code for p in check_draft(LessonDraft("None", "en", ())).problems] == ["no_words"]


def test_settings_have_defaults_and_are_checked():
    check = check_draft(LessonDraft("Week 1", "en", WEEK))
    lesson = check.lesson
    assert check.ok and (lesson.deck, lesson.pace, lesson.rounds, lesson.min_cards, lesson.bots) == ("standard", 4.0, 2, 3, 1)
    bad = check_draft(LessonDraft("Week 1", "en", WEEK, pace=0.1, rounds=9, bots=True, deck="huge"))
    assert sorted(p.field for p in bad.problems) == ["bots", "deck", "pace", "rounds"]


def test_the_minimum_is_automatic_for_short_words_and_a_chosen_one_names_the_words_too_short():
    two = check_draft(LessonDraft("Short", "es", ("al", "casa", "mesa")))
    assert two.ok and two.min_cards == 2
    four = check_draft(LessonDraft("Short", "en", ("cat", "school", "dog"), min_cards=4))
    assert [(p.code, p.word, p.count, p.limit) for p in four.problems] == [("too_short", "cat", 3, 4), ("too_short", "dog", 3, 4)]


def test_a_short_list_fits_the_standard_deck_as_it_is():
    check = check_draft(LessonDraft("Week 1", "en", ("friend", "because", "school", "where", "said")))
    assert check.fits and check.extra_cards == () and check.deck_size == 71
    assert check.lesson.cards == tuple(standard_deck("en")) and "extra_cards" not in check.text
    # PEOPLE has two Ps and the deck one P card: one more P, and no wild card is needed for it
    check = check_draft(LessonDraft("Week 1", "en", WEEK))
    assert not check.fits and check.extra_cards == (Card("p"),) and check.deck_size == 72
    assert not any(c.is_wild for c in check.lesson.spellings["people"])


def test_words_sharing_letters_get_the_extra_cards_they_need_and_no_wild_card():
    words = ("puppy", "happy", "apple", "paper", "pepper", "hippo")
    check = check_draft(LessonDraft("P words", "en", words))
    assert check.ok and not check.fits
    extra = Counter(check.extra_cards)
    assert extra[Card("p")] >= 10 and check.deck_size == 71 + len(check.extra_cards)
    assert f'extra_cards = "{" ".join(str(c) for c in check.extra_cards)}"' in check.text
    assert Counter(check.lesson.cards) == Counter(standard_deck("en")) + extra
    # all the words at once, from letter cards only (what the dealt deck reserves for them)
    pool = Counter(c for c in check.lesson.cards if not c.is_wild)
    for word in words:
        spelled = best_spelling(word, pool.elements())
        assert spelled is not None and len(spelled) >= 3
        pool -= Counter(spelled)
    # one card fewer and they would not all fit: the extra cards are not more than needed
    for card in set(check.extra_cards):
        fewer = Counter(check.lesson.cards)
        fewer[card] -= 1
        pool = Counter(c for c in fewer.elements() if not c.is_wild)
        spelled_all = True
        for word in sorted(words, key=lambda w: -w.count(card.letters)):
            spelled = best_spelling(word, pool.elements())
            if spelled is None:
                spelled_all = False
                break
            pool -= Counter(spelled)
        assert not spelled_all, card


def test_the_junior_deck_and_qu_words():
    check = check_draft(LessonDraft("QU", "en", ("queen", "quick", "quiet", "quilt"), deck="junior"))
    assert check.ok and check.lesson.deck == "junior"
    assert Counter(check.extra_cards)[Card("qu")] == 3  # the junior deck has one QU card and no Q
    assert Counter(check.lesson.cards) == Counter(junior_deck("en")) + Counter(check.extra_cards)
    assert not any(c.is_wild for c in check.lesson.cards)


def test_too_many_letters_for_one_deck_is_said():
    long_words = tuple(w for w in load_lexicon("en") if len(w) == 14 and "z" not in w)[:24]
    check = check_draft(LessonDraft("Long", "en", long_words))
    assert [p.code for p in check.problems] == ["deck"] and check.problems[0].count > 200


def test_every_shipped_lesson_reads_back_as_a_draft_that_gives_a_lesson_like_it():
    for lesson in LessonLibrary([data_dir("lessons")]).lessons():
        check = check_draft(draft_from_lesson(lesson))
        assert check.ok, (lesson.id, check.problems)
        again = check.lesson
        assert (again.title, again.lang, again.focus, again.shown, again.deck, again.pace, again.rounds, again.min_cards,
                again.bots) == (lesson.title, lesson.lang, lesson.focus, lesson.shown, lesson.deck, lesson.pace,
                                lesson.rounds, lesson.min_cards, lesson.bots)  # fmt: skip
        # the double-letter cards a teacher chose are kept
        doubles = lambda cards: Counter(c for c in cards if c.is_double)  # noqa: E731
        assert doubles(again.cards) == doubles(lesson.cards)


def test_save_creates_the_folder_and_edit_delete_work_on_the_file(tmp_path):
    folder = tmp_path / "lessons"
    lesson = save_draft(LessonDraft("Week 1: friends", "en", WEEK), folder, taken=["week-1-friends"])
    assert lesson.id == "week-1-friends-2" and (folder / "week-1-friends-2.toml").is_file()
    edited = save_draft(LessonDraft("Week 1", "en", WEEK[:3], lesson_id=lesson.id), folder)
    assert edited.id == lesson.id and edited.focus == WEEK[:3] and len(list(folder.glob("*.toml"))) == 1
    assert not list(folder.glob(".*"))  # no temporary file left
    with pytest.raises(DraftError) as error:
        save_draft(LessonDraft("Week 1", "en", ("freind",)), folder)
    assert error.value.problems[0].suggestions[0] == "friend"
    assert delete_lesson_file(folder, lesson.id) and not delete_lesson_file(folder, lesson.id)
    assert not delete_lesson_file(folder, "../x") and not list(folder.glob("*.toml"))
    assert new_lesson_id("!!!", []) == "lesson" and new_lesson_id("Año 2", []) == "ano-2"


WORDS = ["cat", "act", "tac", "dog", "god", "queen", "sand", "hand", "camión", "niño", "año", "árbol", "rat", "star"]
LEX = {"en": Lexicon.from_words([w for w in WORDS if "ñ" not in w], "en", blocked=[]),
       "es": Lexicon.from_words(WORDS, "es", blocked=[])}  # fmt: skip
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)


@st.composite
def drafts(draw):
    lang = draw(st.sampled_from(["en", "es"]))
    pool = [w for w in WORDS if lang == "es" or "ñ" not in w]
    return LessonDraft(
        title=draw(TEXT.filter(lambda t: t.split())), lang=lang,
        words=tuple(draw(st.lists(st.sampled_from(pool), min_size=1, max_size=6, unique=True))),
        grade=draw(TEXT), description=draw(TEXT), deck=draw(st.sampled_from(["standard", "junior"])),
        pace=draw(st.floats(0.5, 30, allow_nan=False)), rounds=draw(st.integers(1, 6)),
        min_cards=draw(st.none() | st.integers(2, 3)), bots=draw(st.integers(0, 3)),
    )  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(drafts())
def test_a_saved_lesson_loads_back_as_the_same_lesson(tmp_path, draft):
    check = check_draft(draft, lexicons=LEX.__getitem__)
    assert check.ok, check.problems
    lesson = save_draft(draft, tmp_path / "own", lexicons=LEX.__getitem__)
    loaded = load_lesson(tmp_path / "own" / f"{lesson.id}.toml", lexicons=LEX.__getitem__)
    shown = lambda t: unicodedata.normalize("NFC", " ".join(t.split()))  # noqa: E731  (as a teacher typed it, in NFC)
    assert loaded.title == shown(draft.title) and loaded.grade == shown(draft.grade)
    assert loaded.description == shown(draft.description) and loaded.lang == draft.lang
    assert [loaded.shown[w] for w in loaded.focus] == [LEX[draft.lang].spelling(w) for w in draft.words]
    assert (loaded.deck, loaded.pace, loaded.rounds, loaded.bots) == (draft.deck, draft.pace, draft.rounds, draft.bots)
    assert loaded.min_cards == (draft.min_cards or check.min_cards) and loaded.cards == check.lesson.cards
    # and the lesson read back into a draft writes the same file again
    assert check_draft(draft_from_lesson(loaded), lexicons=LEX.__getitem__).text == check.text.replace(
        f"min_cards = {check.min_cards}", f"min_cards = {loaded.min_cards}")
    delete_lesson_file(tmp_path / "own", lesson.id)
