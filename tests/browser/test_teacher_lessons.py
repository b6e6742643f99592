"""A teacher writes this week's lesson in the panel, in Debian's Chromium against a real ``myword-edu serve``.

Six words pasted, one misspelled ("siad"): the panel names it with the
suggestion "said"; one click fixes it; Save writes the lesson file into the
teacher's own lessons folder (created then); the class plays it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from myword_edu.classroom.store import Store
from myword_edu.myword.lessons import load_lesson
from tests.browser.conftest import ARTIFACTS, CHROMIUM, SCREENSHOTS, Server, free_port

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSCODE = "profe-tortuga-7"
WORDS = "friend, because, people\nschool, where, siad"


@pytest.fixture(scope="module")
def lessons_server(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    home = tmp_path_factory.mktemp("lessons-home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(home / "data"))  # the teacher's lessons folder: the test's, not the user's
        server = Server(free_port(), "--db", str(home / "class.sqlite3"))
    server.teacher_url = f"{server.base}/voila/render/teacher.ipynb"
    server.db = home / "class.sqlite3"
    server.lessons = home / "data" / "myword-edu" / "lessons"
    yield server
    server.stop()


def field(page, scope: str, label: str):
    return page.locator(f"{scope} .widget-text, {scope} .widget-password, {scope} .widget-dropdown, {scope} .widget-textarea",
                        has_text=label).first  # fmt: skip


def test_a_teacher_pastes_six_words_fixes_one_from_the_suggestion_saves_and_uses_it(lessons_server, pages):
    teacher = pages(lessons_server.teacher_url)
    teacher.wait_for_selector("text=First time here")
    code = re.search(r"setup code to choose your passcode: (\d{4}-\d{4})", lessons_server.log())
    assert code, lessons_server.log()
    field(teacher, ".myword-lock", "Setup code").locator("input").fill(code.group(1))
    field(teacher, ".myword-lock", "New passcode").locator("input").fill(PASSCODE)
    field(teacher, ".myword-lock", "Repeat it").locator("input").fill(PASSCODE)
    teacher.locator("button.myword-setup").click()
    teacher.wait_for_selector(".myword-roster")
    assert not lessons_server.lessons.exists()

    teacher.get_by_role("tab", name="Lessons").click()
    teacher.locator("button.myword-new-lesson").click()
    editor = ".myword-lesson-editor"
    teacher.locator(f"{editor} .myword-lesson-title input").fill("This week: tricky words")
    words = teacher.locator(f"{editor} .myword-lesson-words textarea")
    words.fill(WORDS)
    words.press("Tab")  # leaving the box checks the words
    teacher.wait_for_selector("text=“siad”: did you mean said")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    teacher.screenshot(path=str(ARTIFACTS / "teacher-new-lesson.png"))
    teacher.locator("button.myword-suggestion", has_text=re.compile("^said$")).click()
    teacher.wait_for_selector("text=All 6 words fit in one deck at the same time with these cards added: P (1 more).")
    assert teacher.locator(f"{editor} .myword-lesson-words textarea").input_value() == "friend, because, people\nschool, where, said"
    assert teacher.locator(".myword-draft-problems .myword-msg").count() == 0
    SCREENSHOTS.mkdir(exist_ok=True)
    teacher.screenshot(path=str(SCREENSHOTS / "teacher-lessons.png"))

    teacher.locator("button.myword-lesson-save").click()
    teacher.wait_for_selector("text=Saved: This week: tricky words.")
    path = lessons_server.lessons / "this-week-tricky-words.toml"
    assert load_lesson(path).focus == ("friend", "because", "people", "school", "where", "said")
    mine = teacher.locator('.myword-lesson[data-lesson="this-week-tricky-words"]')
    mine.wait_for()
    assert "your lesson" in mine.inner_text() and "FRIEND, BECAUSE, PEOPLE, SCHOOL, WHERE, SAID" in mine.inner_text()

    field(teacher, ".myword-lessons-tab", "Lesson").locator("select").select_option(label="This week: tricky words (English)")
    teacher.locator("button.myword-use-lesson").click()
    teacher.wait_for_selector("text=The class plays: This week: tricky words.")
    store = Store.open(f"sqlite:///{lessons_server.db}")
    try:
        assert store.class_info().lesson == "this-week-tricky-words"
    finally:
        store.dispose()
    assert teacher.dialogs == []
