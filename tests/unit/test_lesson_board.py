"""Lesson boards: the shipped lessons' words planted on boards of dice, and why a word is left out."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from myword_edu.boggle.board import DICE, Board, BoardError
from myword_edu.boggle.lesson_board import LessonBoard, Unplanted, roll_lesson_board, word_faces
from myword_edu.core.errors import MyWordError, WrongTypeError
from myword_edu.core.text import fold

LESSONS = sorted((Path(__file__).resolve().parents[2] / "lessons").glob("*.toml"))


def focus_of(path: Path) -> tuple[str, list[str]]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return data["language"], list(data["focus"])[:6]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_shipped_lesson_is_planted_on_its_languages_dice(path):
    lang, focus = focus_of(path)
    dice = "es" if lang == "es" else "new"
    planted = 0
    for seed in range(5):
        lesson = roll_lesson_board(dice, focus, seed=seed)
        for word in lesson.planted:
            assert lesson.board.word_at(lesson.paths[word]) == word
        assert all(why is Unplanted.NO_ROOM for why in lesson.left_out.values())
        planted += len(lesson.planted)
    assert planted >= 5 * 4  # at least 4 of the 6 words on every board, on average


def test_words_are_folded_kept_in_order_and_repeats_dropped():
    lesson = roll_lesson_board("es", ["Camión", "camion", "SOFÁ"], seed=4)
    assert lesson.planted == ("camion", "sofa")
    assert lesson.board.path("camion") is not None


def test_why_a_word_is_left_out():
    long_word = "abcdefghijklmnopr"  # 17 letters: more than 16 cubes
    lesson = roll_lesson_board("new", ["qat", "at", long_word, "well-done", "bat"], seed=1)
    assert lesson.left_out == {"qat": Unplanted.NO_FACE, "at": Unplanted.TOO_SHORT, long_word: Unplanted.TOO_LONG,
                               "well-done": Unplanted.NO_FACE}  # fmt: skip
    assert lesson.planted == ("bat",)


def test_a_word_with_no_room_left_is_named():
    # 9 + 9 cubes with no letter in common do not fit in 16
    lesson = roll_lesson_board("new", ["abcdefghi", "rstuvwxyz"], seed=2)
    assert len(lesson.planted) == 1
    (left,) = set(["abcdefghi", "rstuvwxyz"]) - set(lesson.planted)
    assert lesson.left_out == {left: Unplanted.NO_ROOM}


def test_the_round_minimum_leaves_short_words_out():
    lesson = roll_lesson_board("big", ["cat", "cats"], seed=3)  # 5x5: 4 letters or more
    assert lesson.planted == ("cats",) and lesson.left_out == {"cat": Unplanted.TOO_SHORT}
    assert roll_lesson_board("big", ["cat"], seed=3, min_length=3).planted == ("cat",)
    assert roll_lesson_board("new", ["quit"], seed=3, min_length=5).left_out == {"quit": Unplanted.TOO_SHORT}


def test_qu_is_one_cube():
    lesson = roll_lesson_board("new", ["queen", "quiz", "quack"], seed=5)
    assert set(lesson.planted) == {"queen", "quiz", "quack"}
    assert len(lesson.paths["queen"]) == 4 and lesson.board.cells[lesson.paths["queen"][0]] == "qu"
    assert word_faces("quack") == ("qu", "a", "c", "k")


def test_shared_letters_share_cubes_and_the_dice_stay_real():
    # "new" has a single die with K (AFFKPS): CAKE and BIKE must share that cube
    lesson = roll_lesson_board("new", ["cake", "bike"], seed=6)
    assert lesson.planted == ("cake", "bike") and not lesson.off_dice
    assert lesson.paths["cake"][2] == lesson.paths["bike"][2]
    for cell, face in enumerate(lesson.board.cells):
        assert face in DICE["new"][lesson.dice[cell]]


def test_a_letter_the_dice_lack_is_printed_anyway_and_said():
    lesson = roll_lesson_board("es", ["kilo", "casa"], seed=7)  # no K on the Spanish dice
    assert lesson.planted == ("kilo", "casa")
    k = lesson.paths["kilo"][0]
    assert lesson.board.cells[k] == "k" and lesson.off_dice == frozenset({k})


def test_the_same_seed_gives_the_same_board_and_others_differ():
    a = roll_lesson_board("new", ["ship", "fish"], seed=11)
    assert roll_lesson_board("new", ["ship", "fish"], seed=11) == a
    assert roll_lesson_board("new", ["ship", "fish"], seed=random.Random(11)) == a
    boards = {roll_lesson_board("new", ["ship", "fish"], seed=s).board for s in range(10)}
    assert len(boards) == 10


def test_no_words_is_a_plain_shake_of_the_dice():
    lesson = roll_lesson_board("classic", [], seed=1)
    assert isinstance(lesson, LessonBoard) and lesson.planted == () and isinstance(lesson.board, Board)
    assert sorted(lesson.dice) == list(range(16)) and not lesson.off_dice


def test_bad_input_says_what_is_allowed():
    with pytest.raises(BoardError, match="Valid dice sets are: classic, new, big, es"):
        roll_lesson_board("huge", ["cat"])
    with pytest.raises(WrongTypeError, match="words must be a list of words"):
        roll_lesson_board("new", "cat")
    with pytest.raises(WrongTypeError):
        roll_lesson_board("new", ["cat", 3])
    with pytest.raises(WrongTypeError):
        roll_lesson_board("new", ["cat"], seed=True)
    with pytest.raises(MyWordError):
        roll_lesson_board("new", ["cat"], min_length="3")
    assert fold("Ñandú") == "ñandu" and roll_lesson_board("es", ["ñandú"], seed=1).planted == ("ñandu",)


def test_the_same_seed_gives_the_same_board_in_every_process():
    # a resumed round, and the browser test, rebuild the board in another process (another hash seed)
    import subprocess
    import sys

    code = ("from myword_edu.boggle.lesson_board import roll_lesson_board as r; "
            "print(r('new', ['queen', 'quit', 'quiz', 'quack', 'quilt', 'squid'], seed='11-1').board)")  # fmt: skip
    boards = {
        subprocess.run([sys.executable, "-c", code], env={"PYTHONHASHSEED": str(h)}, capture_output=True, text=True,
                       check=True).stdout  # fmt: skip
        for h in (1, 2, 3)
    }
    assert len(boards) == 1
