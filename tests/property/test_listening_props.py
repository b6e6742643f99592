"""Listen and build (Hypothesis): for any seed, round and answers, every focus word is said once, its
cards are on the table when it is said, and every try is a try at the word said."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.myword.lessons import parse_lesson
from myword_edu.myword.listening import JUNIOR_TRIES, Listening, listen_order
from myword_edu.myword.round import Round
from myword_edu.myword.spelling import best_spelling
from myword_edu.myword.values import Player

WORDS = ["ship", "shop", "chin", "that", "fish", "chop", "then", "much", "with", "hop", "his", "tin"]
LEX = Lexicon.from_words(WORDS, blocked=[])
LESSON = parse_lesson(
    'title = "T"\nlanguage = "en"\nfocus = ["ship", "chin", "that", "fish", "chop", "then"]\nextra_cards = "SH SH CH CH TH H"',
    "t", lexicons=lambda lang: LEX,
)  # fmt: skip
answers = st.lists(st.sampled_from(["right", "other", "nonsense"]), max_size=40)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), index=st.integers(0, 3), junior=st.booleans(), plan=answers,
       review=st.lists(st.sampled_from(LESSON.focus), max_size=3))  # fmt: skip
def test_every_word_is_said_once_with_its_cards_on_the_table(seed, index, junior, plan, review):
    lesson = LESSON.reviewing(review)
    rnd = Round([Player("Ana")], lesson.deal(seed, index), LEX, junior=junior)
    listening = Listening(listen_order(lesson, seed, index), junior=junior)
    asked: list[str] = []
    tries: dict[str, int] = {}
    step = 0
    while not listening.is_over:
        while rnd.deck_size - rnd.cards_left < listening.deal_to(rnd.deck_size):
            rnd.deal()
        cue = listening.cue
        if not asked or asked[-1] != cue.word:
            asked.append(cue.word)
        assert best_spelling(cue.word, rnd.table) is not None  # it can be built now
        kind = plan[step] if step < len(plan) else "right"
        step += 1
        typed = {"right": cue.word, "other": next(w for w in WORDS if w != cue.word), "nonsense": "qzqz"}[kind]
        heard = listening.claim(rnd, "Ana", typed)
        assert heard.word == cue.word and heard.is_try
        assert heard.right == (kind == "right")
        tries[cue.word] = tries.get(cue.word, 0) + 1
        assert tries[cue.word] <= (JUNIOR_TRIES if junior else 1)
    assert sorted(asked) == sorted(LESSON.focus) and len(asked) == len(set(asked))
    assert [a.word for a in listening.answers if a.done] == asked
    assert rnd.scores["Ana"] == sum(len(a.result.cards) for a in listening.answers if a.right)
