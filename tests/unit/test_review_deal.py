"""Spaced review in the deal: the words a student missed come out first, and every focus word stays possible."""

from __future__ import annotations

import random
import string
from collections import Counter
from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from myword_edu.classroom.attempts import Attempt, Outcome
from myword_edu.classroom.progress import review_order
from myword_edu.core.resources import data_dir
from myword_edu.myword.cards import Card
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.myword.stacking import stack_deck

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
def test_a_reviewing_deck_is_the_lessons_with_every_focus_word_dealt_together(seed, index, review):
    deck = LESSON.reviewing(review).deal(seed, index)
    assert Counter(deck) == Counter(LESSON.cards)  # the same cards, every focus word's block in it
    assert set(block_starts(deck, LESSON)) == set(LESSON.focus)


LETTERS = [Card(ch) for ch in string.ascii_uppercase]  # every card different: a block's place is certain


@settings(max_examples=200, deadline=None)
@given(st.permutations(LETTERS), st.lists(st.integers(2, 4), max_size=6), st.integers(0, 6), st.integers(0, 10**6))
def test_the_first_blocks_come_out_before_the_others_in_their_order(cards, sizes, n_first, seed):
    """Checked on cards that are all different, where a window of the deck can only be the block itself
    (with a lesson's cards, letters dealt at random can look like a block that is not one)."""
    blocks, at = [], 0
    for size in sizes:
        if at + size <= len(cards):
            blocks.append(cards[at : at + size])
            at += size
    first, rest = blocks[:n_first], blocks[n_first:]
    deck = stack_deck(cards, rest, random.Random(seed), first=first)
    assert Counter(deck) == Counter(cards)
    starts = []
    for block in blocks:
        places = sorted(deck.index(card) for card in block)
        assert places == list(range(places[0], places[0] + len(block)))  # dealt together
        starts.append(places[0])
    first_starts = starts[: len(first)]
    assert first_starts == sorted(first_starts)
    assert all(s < min(starts[len(first) :], default=len(deck)) for s in first_starts)


def test_no_review_deals_as_before():
    assert LESSON.reviewing([]).deal(3, 1) == LESSON.deal(3, 1)
