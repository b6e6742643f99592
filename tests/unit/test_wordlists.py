"""The shipped word lists judge spelling as a school dictionary does, and a blocked word never
comes into play in any of its forms, by any path: a call, a hint, a review, a robot, a lesson."""

from __future__ import annotations

import pytest

from myword_edu.boggle import round as boggle
from myword_edu.boggle.board import Board
from myword_edu.boggle.bots import BoggleBot
from myword_edu.boggle.solver import solve
from myword_edu.myword.bots import Bot
from myword_edu.myword.cards import parse_cards
from myword_edu.myword.lessons import LessonError, parse_lesson
from myword_edu.core.resources import data_dir
from myword_edu.myword.round import Round
from myword_edu.myword.values import Player, Reason
from myword_edu.myword.solver import hints, words_on_table

# (non-standard spelling a teacher marks wrong, the standard spelling that must be accepted, if one word)
NON_STANDARD = {
    "en": [
        ("nite", "night"), ("thru", "through"), ("tho", "though"), ("lite", "light"),
        ("wanna", "want"), ("gonna", "going"), ("kinda", "kind"), ("sorta", "sort"), ("dunno", "know"),
        ("gotta", "got"), ("outta", "out"), ("gimme", "give"), ("lemme", "let"), ("gotcha", "got"),
        ("innit", None), ("whats", "what"), ("shes", "she"), ("til", "till"), ("twas", "was"),
        ("ya", "you"), ("yer", "your"), ("wot", "what"), ("funner", "fun"), ("baddest", "worst"),
        ("nth", "ninth"), ("pwned", "owned"), ("ameba", "amoeba"), ("catsup", "ketchup"),
    ],
    "es": [("ño", "señor"), ("ña", "señora"), ("ños", "señores"), ("ad", None), ("pa", "para"), ("na", "nada"),
           ("porfa", "favor"), ("finde", "semana"), ("xq", "porque")],
}
# informal words with a standard spelling of their own, and words the exclusions must not take along
STAY = {
    "en": ["yeah", "nope", "okay", "howdy", "gosh", "hmm", "liter", "lemming", "well", "shell", "cant", "wont",
           "thee", "hath", "grandma", "donut", "gotten", "till", "until", "though", "through", "light", "night"],
    "es": ["pues", "para", "nada", "señor", "señora", "pos", "hache", "jota", "efe", "zeta", "nomás", "ahorita"],
}
# blocked word -> inflections that must be blocked too (and ordinary words of the same letters that stay)
BLOCKED_FORMS = {
    "en": {"bunghole": ["bungholes"], "weenie": ["weenies"], "wienie": ["wienies"], "fuck": ["fucks", "fucked"],
           "whitey": ["whiteys"], "playboy": ["playboys"], "fagot": ["fagots"]},
    "es": {"maldito": ["malditos", "maldita", "malditas"], "pinche": ["pinches"], "chupada": ["chupadas"],
           "puta": ["putas"], "sádico": ["sádicos", "sádica", "sádicas"], "racista": ["racistas"]},
}
ALLOWED = {
    "en": ["sucked", "sucking", "snatched", "snatching", "cocked", "butter", "dickens", "congenital", "lemmings",
           "groping", "wiener", "frankfurter", "asexual"],
    "es": ["anillos", "anillo", "tetilla", "martillo", "martillos", "pincha", "pinchar", "chupar", "chupado",
           "maldecir", "bisexual", "bastardilla", "fuelle"],
}


def lexicon_of(lang, en, es):
    return {"en": en, "es": es}[lang]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_non_standard_spellings_are_refused_and_standard_ones_accepted(lang, en, es):
    lex = lexicon_of(lang, en, es)
    for wrong, right in NON_STANDARD[lang]:
        assert wrong not in lex, f"{wrong} should not be a word (standard: {right})"
        if right is not None:
            assert right in lex and not lex.is_blocked(right), right
    for word in STAY[lang]:
        assert word in lex and not lex.is_blocked(word), word


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_exclusion_entry_is_out_of_the_shipped_list(lang, en, es):
    lex = lexicon_of(lang, en, es)
    path = data_dir("wordlists") / f"{lang}.exclusions.txt"
    entries = [line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines()]
    entries = [e for e in entries if e]
    assert len(entries) >= (40 if lang == "en" else 3)
    assert [e for e in entries if e in lex] == []


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_blocked_lemma_blocks_its_inflections_and_ordinary_words_stay(lang, en, es):
    lex = lexicon_of(lang, en, es)
    for lemma, forms in BLOCKED_FORMS[lang].items():
        assert lex.is_blocked(lemma), lemma
        for form in forms:
            assert lex.is_blocked(form) and lex.is_blocked(form.upper()), form
    for word in ALLOWED[lang]:
        assert not lex.is_blocked(word), word


# --- every path a word can take into play ---------------------------------------------------

CASES = [("en", "W E E N I E S", ["weenie", "weenies"]), ("es", "M A L D I T O S", ["maldito", "malditos"])]


@pytest.mark.parametrize(("lang", "cards", "blocked"), CASES)
def test_myword_call_of_a_blocked_inflection_is_refused(lang, cards, blocked, en, es):
    lex = lexicon_of(lang, en, es)
    rnd = Round([Player("Ana", lang=lang), Player("Ben", lang=lang)], parse_cards(cards), lex)
    for _ in range(len(cards.split())):
        rnd.deal()
    assert set(blocked) <= rnd.words_possible("Ana")  # the solver sees them ...
    result = rnd.claim("Ana", blocked[-1].upper())
    assert result.reason is Reason.BLOCKED_WORD and not result.accepted  # ... a call of them is refused


@pytest.mark.parametrize(("lang", "cards", "blocked"), CASES)
def test_myword_hints_and_review_never_show_a_blocked_inflection(lang, cards, blocked, en, es):
    lex = lexicon_of(lang, en, es)
    table = parse_cards(cards)
    assert set(blocked) <= words_on_table(table, lex)
    shown = hints(table, lex)
    assert shown and not {w.lower() for w in shown} & set(blocked)
    assert all(not lex.is_blocked(w) for w in shown)


@pytest.mark.parametrize(("lang", "cards", "blocked"), CASES)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_myword_robots_never_call_a_blocked_inflection(lang, cards, blocked, level, en, es):
    lex = lexicon_of(lang, en, es)
    table = parse_cards(cards)
    for seed in range(25):
        bot = Bot("Robot", level, seed=seed)
        assert not any(bot.knows(w, lex) for w in blocked)
        call = bot.plan(table, lex)
        if call is not None and call.mistake is None:
            assert call.word not in blocked and not lex.is_blocked(call.word)


BOARDS = [("en", "W E E N / X S E I", ["weenie", "weenies"]), ("es", "M A L D / S O T I", ["maldito", "malditos"])]


@pytest.mark.parametrize(("lang", "board", "blocked"), BOARDS)
def test_boggle_play_missed_words_and_robots_skip_a_blocked_inflection(lang, board, blocked, en, es):
    lex = lexicon_of(lang, en, es)
    grid = Board.from_string(board)
    assert set(blocked) <= solve(grid, lex)  # the board holds them
    rnd = boggle.Round(grid, lex, ["Ana"])
    assert rnd.play("Ana", blocked[-1].upper()).reason is boggle.Reason.BLOCKED_WORD
    missed = rnd.finish().missed
    assert missed and not set(missed) & set(blocked)
    assert all(not lex.is_blocked(w) for w in missed)
    for level in ("easy", "medium", "hard"):
        for seed in range(10):
            plan = BoggleBot("Robot", level, seed=seed).plan(sorted(rnd.words), lex, seconds=180)
            assert not {w for _, w in plan} & set(blocked)


LESSON = """title = "Test"
language = "{lang}"
grade = "K-1"
description = "Focus words."
focus = ["{ok}", "{word}"]
deck = "standard"
rounds = 1
"""


@pytest.mark.parametrize(("lang", "ok", "word"), [("en", "cat", "bungholes"), ("en", "cat", "weenies"),
                                                  ("es", "casa", "malditos"), ("es", "casa", "pinches")])
def test_a_lesson_cannot_make_a_blocked_inflection_a_focus_word(lang, ok, word, en, es):
    lexicons = {"en": en, "es": es}.__getitem__
    with pytest.raises(LessonError) as info:
        parse_lesson(LESSON.format(lang=lang, ok=ok, word=word), "test-lesson", lexicons=lexicons)
    assert any("not allowed in class" in str(p) and word in str(p) for p in info.value.problems)
    parse_lesson(LESSON.format(lang=lang, ok=ok, word=ok + "s" if lang == "en" else "casas"), "test-lesson",
                 lexicons=lexicons)
