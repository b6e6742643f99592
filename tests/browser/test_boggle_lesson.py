"""A lesson board in Debian's Chromium against a real ``myword-edu serve``: a student opens Boggle
with a lesson, is told how many of its words are hidden, traces one, and the review lists it first.

The board is worked out in the test process with the same engine and shipped lesson as the server.
"""

from __future__ import annotations

import pytest

from myword_edu.boggle.lesson_board import roll_lesson_board
from myword_edu.core.resources import data_dir
from myword_edu.myword.lesson_library import LessonLibrary

from tests.browser.conftest import SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CUBES = ".boggle-grid .boggle-cube"
SEED = 11
LESSON = "en-4-qu"


def faces(page) -> list[str]:
    return page.eval_on_selector_all(CUBES, "els => els.map(e => e.dataset.face)")


def centre(page, cell: int) -> tuple[float, float]:
    box = page.locator(f"{CUBES}[data-cell='{cell}']").bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_student_traces_a_planted_focus_word(server, pages):
    lesson = LessonLibrary([data_dir("lessons")]).get(LESSON)
    planted = roll_lesson_board("new", lesson.focus, seed=f"{SEED}-1", min_length=3)
    assert planted.planted
    page = pages(f"{server.base}/voila/render/boggle.ipynb?lesson={LESSON}&seed={SEED}&seconds=30")
    page.wait_for_selector(f"{CUBES}.boggle-blank")
    count = len(planted.planted)
    status = page.locator(".boggle-lesson-status")
    status.wait_for()
    assert status.inner_text() == f"Words from your lesson hidden on this board: {count}"
    page.get_by_role("button", name="Start", exact=True).click()
    page.wait_for_function(f"[...document.querySelectorAll('{CUBES}')].every(e => e.dataset.face)")
    assert faces(page) == [f for row in planted.board.rows for f in row]  # the lesson board
    body = page.locator("body").inner_text().upper()
    assert not any(word.upper() in body for word in planted.planted)  # the count, not the words

    word = planted.planted[0]
    cells = list(planted.paths[word])
    page.mouse.move(*centre(page, cells[0]))
    page.mouse.down()
    for cell in cells[1:]:
        page.mouse.move(*centre(page, cell), steps=4)
    page.mouse.up()
    page.wait_for_function(f"document.querySelector('.boggle-found').innerText.includes({word.upper()!r})")
    page.wait_for_function(
        f"document.querySelector('.boggle-lesson-status').innerText.includes('Lesson words found: 1 of {count}')"
    )

    # the round ends (30 s): the lesson's words come first in the review, the traced one found
    review = page.locator(".boggle-lesson")
    review.wait_for(timeout=120_000)
    assert page.locator(f".boggle-lesson li[data-word='{word}']").get_attribute("data-found") == "yes"
    for other in planted.planted[1:]:
        assert page.locator(f".boggle-lesson li[data-word='{other}']").get_attribute("data-found") == "no"
    assert f"Lesson words found: 1 of {count}" in review.inner_text()
    side = page.locator(".boggle-side").inner_text()
    assert side.index("Your lesson words") < side.index("Words nobody found")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "boggle-lesson.png"))
