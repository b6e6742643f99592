"""Spaced review in the deal: the words a student missed come out first, and every focus word stays possible."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from myword_edu.classroom.attempts import Attempt, Outcome
from myword_edu.classroom.progress import review_order
from myword_edu.core.resources import data_dir
from myword_edu.myword.lesson_library import LessonLibrary

LESSON = LessonLibrary([data_dir("lessons")]).get("en-3-digraphs")


def block_starts(deck, lesson) -> dict[str, int]:
    cards = [str(c) for c in deck]
    return {word: next(i for i in range(len(cards)) if sorted(cards[i : i + len(block)]) == sorted(map(str, block)))
            for word, block in lesson.spellings.items()}  # fmt: skip


def test_ship_missed_and_chin_right_twice_deal_ship_first():
    t = datetime(2026, 3, 2, 9, 0)

    def call(n, typed, made, focus):
        return Attempt(1, "g", 1, typed, typed, typed, "", 0, Outcome.ACCEPTED if made else Outcome.REFUSED,
                       None if made else "not_a_word", 0, 0, 3, "en", LESSON.id, focus,
                       at=t + timedelta(seconds=n), id=n + 1)  # fmt: skip

    attempts = [call(0, "chin", True, "chin"), call(1, "sihp", False, "ship"), call(2, "chin", True, "chin")]
    order = review_order(attempts, 1, LESSON.id, LESSON.focus)
    assert order[0] == "ship" and "chin" not in order
    starts = block_starts(LESSON.reviewing(order).deal(7, 0), LESSON)
    assert min(starts, key=starts.get) == "ship"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 1), st.lists(st.sampled_from(LESSON.focus), unique=True, max_size=4))
def test_the_review_words_come_out_first_in_order_and_the_deck_is_the_lessons(seed, index, review):
    lesson = LESSON.reviewing(review)
    deck = lesson.deal(seed, index)
    assert Counter(deck) == Counter(LESSON.cards)  # the same cards, every focus word's block in it
    starts = block_starts(deck, lesson)
    first = [starts[w] for w in review]
    assert first == sorted(first)
    assert all(s < min((v for w, v in starts.items() if w not in review), default=len(deck)) for s in first)


def test_no_review_deals_as_before():
    assert LESSON.reviewing([]).deal(3, 1) == LESSON.deal(3, 1)
