"""Lessons: the shipped starter set, every problem on its line, and focus words made possible in the deal."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from myword_edu.myword.cards import Card
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.myword.lessons import LessonError, load_lesson, parse_lesson
from myword_edu.lexicon.wordlist import load_lexicon
from myword_edu.core.resources import data_dir
from myword_edu.myword.solver import words_on_table
from myword_edu.myword.spelling import best_spelling
from myword_edu.core.text import fold

SHIPPED = sorted(data_dir("lessons").glob("*.toml"))


def blocks(lesson, seed: int, index: int) -> dict[str, tuple[int, tuple[Card, ...]]]:
    """Deal the round's deck with nobody calling (the table is every card dealt so far). For each
    focus word: the first moment at which the cards just dealt, on their own, spell it with enough
    cards; and those cards."""
    deck = lesson.deal(seed, index)
    found: dict[str, tuple[int, tuple[Card, ...]]] = {}
    for dealt in range(1, len(deck) + 1):
        table = deck[:dealt]
        for word in lesson.focus:
            size = len(lesson.spellings[word])
            recent = table[-size:]
            spelled = best_spelling(word, recent)
            if word not in found and spelled is not None and len(spelled) == size >= lesson.min_cards:
                assert best_spelling(word, table) is not None  # so the table spells it at that moment
                found[word] = (dealt, tuple(recent))
    return found


def test_the_starter_set():
    library = LessonLibrary([data_dir("lessons")])
    lessons = library.lessons()
    assert library.errors() == []
    assert len(lessons) >= 12
    assert Counter(lesson.lang for lesson in lessons) == {"en": 6, "es": 6}
    ids = {lesson.id for lesson in lessons}
    # From early readers to older students, as the issue asks.
    assert {"en-1-short-a", "en-3-digraphs", "en-4-qu", "en-6-irregular-past"} <= ids
    assert {"es-4-enye", "es-5-tildes", "es-6-preterito-irregular"} <= ids
    enye = library.get("es-4-enye")
    assert all("ñ" in word for word in enye.focus)
    tildes = library.get("es-5-tildes")
    assert tildes.shown["camion"] == "camión" and tildes.shown["arbol"] == "árbol"
    for lesson in lessons:
        assert lesson.title and lesson.grade and lesson.focus and 0.5 <= lesson.pace <= 30


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_focus_word_can_be_spelled_in_every_round(path: Path):
    lesson = load_lesson(path)
    lexicon = load_lexicon(lesson.lang)
    for seed in (1, 2, 3):
        for index in range(lesson.rounds):
            deck = lesson.deal(seed, index)
            assert Counter(deck) == Counter(lesson.cards)
            found = blocks(lesson, seed, index)
            assert set(found) == set(lesson.focus), f"{lesson.id} seed {seed} round {index}"
            for word, (_, block) in found.items():
                # The word's cards came out together: the solver finds it in those cards alone.
                assert word in words_on_table(block, lexicon, min_cards=lesson.min_cards)
            moments = sorted(moment for moment, _ in found.values())
            assert moments[-1] - moments[0] > len(lesson.cards) // 3  # spread through the round


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), index=st.integers(min_value=0, max_value=5))
def test_stacking_holds_for_any_seed(seed, index):
    lesson = load_lesson(data_dir("lessons") / "en-3-digraphs.toml")
    assert set(blocks(lesson, seed, index)) == set(lesson.focus)
    assert lesson.deal(seed, index) == lesson.deal(seed, index)


def test_a_bad_file_lists_every_problem_with_its_line(tmp_path):
    text = (
        'title = ""\n'                         # 1
        'language = "es"\n'                    # 2
        "focus = [\n"                          # 3
        '  "niño",\n'                          # 4
        '  "xyzzyq",\n'                        # 5 not a word
        '  "niño",\n'                          # 6 twice
        "]\n"                                  # 7
        'deck = "big"\n'                       # 8
        "pace = 0\n"                           # 9
        "rounds = 9\n"                         # 10
        "min_cards = 1\n"                      # 11
        "bots = 7\n"                           # 12
        'extra_cards = "Ñ XYZ"\n'              # 13
        'teacher = "me"\n'                     # 14
    )  # fmt: skip
    path = tmp_path / "bad-lesson.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LessonError) as error:
        load_lesson(path)
    lines = [(p.line, p.message.split(" ")[0]) for p in error.value.problems]
    assert lines == [
        (1, "title"), (5, "'xyzzyq'"), (6, "'niño'"), (8, "deck"), (9, "pace"), (10, "rounds"), (11, "min_cards"),
        (12, "bots"), (14, "unknown"),
    ]  # fmt: skip
    assert str(error.value).startswith("bad-lesson.toml: line 1: title must be 1 to 80 characters")


def test_toml_syntax_errors_and_missing_keys(tmp_path):
    with pytest.raises(LessonError) as error:
        parse_lesson('title = "x"\nlanguage = "en\nfocus = []\n', "broken")
    assert error.value.problems[0].line == 2 and "not valid TOML" in error.value.problems[0].message
    with pytest.raises(LessonError) as error:
        parse_lesson('title = "x"\n', "empty")
    assert [p.message for p in error.value.problems] == ["language is missing", "focus is missing (the words the lesson practises)"]


def test_cards_that_cannot_make_the_focus_words(tmp_path):
    with pytest.raises(LessonError) as error:
        parse_lesson('title = "Q"\nlanguage = "en"\nfocus = ["queen", "quiz"]\ndeck = "custom"\n'
                     'cards = "QU E E N I Z A B C D"\n', "q")  # fmt: skip
    assert "not have enough cards for all the focus words" in str(error.value)
    with pytest.raises(LessonError) as error:
        parse_lesson('title = "Q"\nlanguage = "en"\nfocus = ["jazz"]\ndeck = "junior"\n', "j")
    assert error.value.problems[0].line == 3 and "cannot make 'JAZZ'" in error.value.problems[0].message


def test_teacher_lessons_override_shipped_ones_and_bad_files_are_listed(tmp_path):
    own = tmp_path / "own"
    own.mkdir()
    (own / "en-4-qu.toml").write_text('title = "My QU"\nlanguage = "en"\nfocus = ["quiz"]\n', encoding="utf-8")
    (own / "oops.toml").write_text('title = "Oops"\nlanguage = "en"\nfocus = ["zzzzq"]\n', encoding="utf-8")
    library = LessonLibrary([own, data_dir("lessons")])
    assert library.get("en-4-qu").title == "My QU"
    assert library.get("oops") is None and [e.name for e in library.errors()] == ["oops.toml"]
    assert library.get("../etc/passwd") is None and library.get(None) is None


def test_a_session_with_a_lesson_deals_the_stacked_deck():
    from myword_edu.ui.myword.model import Session
    from myword_edu.ui.myword.settings import Settings

    library = LessonLibrary([data_dir("lessons")])
    session = Session(Settings(seed=5, lesson="es-4-enye", bots=0), lessons=library.get, now=lambda: 0.0)
    lesson = library.get("es-4-enye")
    assert session.lang == "es" and session.lesson is lesson  # a lesson is played in its language
    assert list(session.round.initial_deck) == lesson.deal(session.settings.seed, 0)
    assert session.game.rounds == lesson.rounds
    assert fold("sueño") in lesson.focus
