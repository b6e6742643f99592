"""Lesson boards (Hypothesis): every planted word is a real path on the board, the board is made of
the dice, and the same seed gives the same board."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from myword_edu.boggle.board import DICE
from myword_edu.boggle.lesson_board import roll_lesson_board
from myword_edu.boggle.solver import solve
from myword_edu.lexicon.wordlist import Lexicon

# letters of both languages, common ones more often, and the Qu face
PIECES = list("aaeeiioosstrnlcdmpbu") + ["qu", "ñ", "z", "k", "w", "h", "j", "g"]
words = st.lists(st.lists(st.sampled_from(PIECES), min_size=1, max_size=9).map("".join), min_size=0, max_size=8)
dice_sets = st.sampled_from(sorted(DICE))


def faces_of(word: str) -> list[str]:
    """The word's cube faces, written again here (no help from the code under test)."""
    out, i = [], 0
    while i < len(word):
        size = 2 if word.startswith("qu", i) else 1
        out.append(word[i : i + size])
        i += size
    return out


def dice_can_show(dice: tuple[tuple[str, ...], ...], faces: list[str]) -> bool:
    """Can distinct dice show all these faces at once? (a plain augmenting-path matching)"""
    owner: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        for d, die in enumerate(dice):
            if faces[i] in die and d not in seen:
                seen.add(d)
                if d not in owner or place(owner[d], seen):
                    owner[d] = i
                    return True
        return False

    return len(faces) <= len(dice) and all(place(i, set()) for i in range(len(faces)))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dice_sets, words, st.integers(0, 2**32), st.booleans())
def test_every_planted_word_is_a_real_path_and_the_solver_finds_it(dice, focus, seed, bonus):
    lesson = roll_lesson_board(dice, focus, seed=seed, bonus=bonus)
    board = lesson.board
    assert set(lesson.planted) | set(lesson.left_out) == set(focus)
    assert not set(lesson.planted) & set(lesson.left_out)
    for word in lesson.planted:
        path = lesson.paths[word]
        assert len(set(path)) == len(path)
        assert board.word_at(path) == word  # neighbouring cubes, none twice, spelling the word
        assert board.find_path(word) is not None
    if lesson.planted:
        lexicon = Lexicon.from_words(list(lesson.planted), "es", blocked=[])
        assert solve(board, lexicon) == set(lesson.planted)
    assert (board.bonus is not None) == bonus


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dice_sets, words, st.integers(0, 2**32))
def test_the_board_is_made_of_the_dice(dice, focus, seed):
    lesson = roll_lesson_board(dice, focus, seed=seed)
    faces = DICE[dice]
    assert sorted(lesson.dice) == list(range(len(faces)))  # every die on one cube
    for cell, face in enumerate(lesson.board.cells):
        assert (face in faces[lesson.dice[cell]]) == (cell not in lesson.off_dice)
    letters = [face for word in lesson.planted for face in faces_of(word)]
    if dice_can_show(faces, letters):  # every planted letter available on the dice: no cube off its die
        assert not lesson.off_dice


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dice_sets, words, st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_board(dice, focus, seed):
    first = roll_lesson_board(dice, focus, seed=seed)
    assert roll_lesson_board(dice, list(focus), seed=seed) == first
    assert roll_lesson_board(dice, focus, seed=str(seed)) == roll_lesson_board(dice, focus, seed=str(seed))
