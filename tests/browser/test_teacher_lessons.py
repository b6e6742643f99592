"""A teacher writes this week's lesson in the panel and the class plays it in a live room, in Debian's
Chromium against a real ``myword-edu serve`` (the "done when" of the spelling-lessons issue).

Six words pasted, one misspelled ("siad"): the panel names it with the
suggestion "said"; one click fixes it; Save writes the lesson file into the
teacher's own lessons folder (created then); the class plays it. Then the
teacher adds Ana and Ben, gives both the lesson, opens a live MyWord! room with
it and deals the stacked deck until a focus word's cards are on the table; Ana
calls it, Ben's page shows the cards gone; the teacher's room view, the
Progress tab's word report and the summary CSV all name the word with Ana's record.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from myword_edu.classroom.export import read_csv
from myword_edu.classroom.store import Store
from myword_edu.myword.cards import Card
from myword_edu.myword.lessons import load_lesson
from myword_edu.myword.spelling import best_spelling
from tests.browser.conftest import ARTIFACTS, CHROMIUM, SCREENSHOTS, Server, free_port

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSCODE = "profe-tortuga-7"
WORDS = "friend, because, people\nschool, where, siad"
FOCUS = ("friend", "because", "people", "school", "where", "said")
TITLE = "This week: tricky words"
CARDS = ".myword-table .myword-card"


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


def roster_row(page, name: str):
    return page.locator(".myword-roster tbody tr").filter(has=page.locator("td.name", has_text=re.compile(f"^{name}$")))


def faces(page) -> list[str]:
    """The cards on a page's table, sorted (each page keeps a card where it first showed it)."""
    return sorted(page.eval_on_selector_all(CARDS, "els => els.map(e => e.dataset.face)"))


def wait_for_faces(page, expected: list[str], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while faces(page) != expected:
        assert time.monotonic() < deadline, f"{faces(page)} != {expected}"
        page.wait_for_timeout(50)  # a browser-side wait between checks of the condition


def test_a_teachers_pasted_lesson_is_played_in_a_live_room_and_the_focus_word_made_is_in_the_report(lessons_server, pages, tmp_path):
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
    assert load_lesson(path).focus == FOCUS
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

    add_two_students_and_give_them_the_lesson(teacher, lessons_server)
    code = open_a_room_with_the_lesson(teacher)
    ana, ben = (join_the_room(pages(f"{lessons_server.base}/voila/render/room.ipynb?code={code}"), name) for name in ("Ana", "Ben"))
    teacher.wait_for_selector(".myword-room-players >> text=Ben")
    word = ana_calls_a_focus_word_from_the_stacked_deal(teacher, ana, ben)
    # the teacher's room view: which focus word was made, by whom
    teacher.locator(".myword-room-focus tr.myword-made", has_text=word.upper()).filter(has_text="Ana").wait_for()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    teacher.locator(".myword-room-focus").scroll_into_view_if_needed()
    teacher.screenshot(path=str(ARTIFACTS / "room-lesson-teacher.png"))
    the_word_report_and_the_csv_show_it(teacher, word, tmp_path)
    assert teacher.dialogs == ana.dialogs == ben.dialogs == []


def add_two_students_and_give_them_the_lesson(teacher, server) -> None:
    """Students tab: add Ana and Ben, tick both, the new lesson for the selected students."""
    teacher.get_by_role("tab", name="Students").click()
    for name in ("Ana", "Ben"):
        field(teacher, ".myword-roster-tab", "New student").locator("input").fill(name)
        teacher.locator("button.myword-add").click()
        roster_row(teacher, name).wait_for()
    for name in ("Ana", "Ben"):
        roster_row(teacher, name).locator("input[type=checkbox]").check()
    teacher.wait_for_selector("text=2 selected")
    field(teacher, ".myword-roster-tab", "Lesson").locator("select").select_option(label=f"{TITLE} (en)")
    teacher.locator("button.myword-apply").click()
    teacher.wait_for_selector("text=Saved. Students changed: 2.")
    store = Store.open(f"sqlite:///{server.db}")
    try:
        assert {s.name: s.lesson for s in store.students()} == {"Ana": "this-week-tricky-words", "Ben": "this-week-tricky-words"}
    finally:
        store.dispose()
    assert roster_row(teacher, "Ana").locator("td", has_text=TITLE).count() == 1


def open_a_room_with_the_lesson(teacher) -> str:
    """Live room tab: a MyWord! room with the lesson; its join code."""
    teacher.get_by_role("tab", name="Live room").click()
    teacher.locator(".myword-room-lesson select").select_option(label=TITLE)
    teacher.locator("button.myword-room-open").click()
    teacher.wait_for_selector(".myword-room-joincode >> text=Join code")
    teacher.wait_for_selector(f".myword-room-focus >> text={TITLE}")  # the lesson's words, none made yet
    return re.search(r"Join code: (\w+)", teacher.locator(".myword-room-joincode").inner_text()).group(1)


def join_the_room(page, name: str):
    page.locator(".myword-room-code input").press("Enter")
    page.locator("button.myword-room-name", has_text=re.compile(f"^{name}$")).click()
    page.wait_for_selector(f"text=You are {name}")
    return page


def ana_calls_a_focus_word_from_the_stacked_deal(teacher, ana, ben) -> str:
    """The teacher deals until Ana's table spells a focus word; she calls it; Ben sees the cards go."""
    teacher.locator("button.myword-room-start").click()
    spellable: list[str] = []
    for _ in range(60):  # a card a click; the stacked deck deals each focus word's cards together
        count = len(faces(ana))
        teacher.locator("button.myword-room-deal").click()
        ana.wait_for_function(f"() => document.querySelectorAll('{CARDS}').length > {count}")
        table = faces(ana)
        spellable = [word for word in FOCUS if len(best_spelling(word, [Card(f) for f in table]) or ()) >= 3]  # Ana's minimum
        if spellable:
            break
    assert spellable, table
    print(f"lesson room: {FOCUS} spellable after {len(table)} cards dealt: {spellable}")
    word = spellable[0]
    wait_for_faces(ben, table)
    ana.locator(".myword-entry input").fill(word)
    ana.locator(".myword-entry input").press("Enter")
    ana.wait_for_selector(".myword-room-feedback >> text=Yes!")
    assert word.upper() in ana.locator(".myword-room-feedback").inner_text()
    left = list(table)
    for card in best_spelling(word, [Card(f) for f in table]):
        left.remove(str(card))
    wait_for_faces(ana, left)
    wait_for_faces(ben, left)  # gone from Ben's page too
    ben.wait_for_selector(f".myword-room-scores >> text={word.upper()}")
    SCREENSHOTS.mkdir(exist_ok=True)
    ana.screenshot(path=str(SCREENSHOTS / "room-lesson-student.png"))
    return word


def the_word_report_and_the_csv_show_it(teacher, word: str, tmp_path: Path) -> None:
    """Progress tab: the class word report has the word with Ana's record; so has the summary CSV."""
    teacher.get_by_role("tab", name="Progress").click()
    row = teacher.locator(f"table.myword-words tr[data-word='{word}']")
    row.wait_for()
    heads = teacher.locator("table.myword-words thead th").all_inner_texts()
    assert "Ana" in heads and "Ben" not in heads  # Ben tried no focus word
    assert row.locator("td").first.inner_text() == word.upper()
    assert row.locator("td").nth(heads.index("Ana")).inner_text() == "1/1 · 100%"
    aligned = row.evaluate("""tr => [...tr.cells].map((td, i) => [getComputedStyle(td).textAlign,
        getComputedStyle(tr.closest('table').tHead.rows[0].cells[i]).textAlign])""")
    assert all(cell == head for cell, head in aligned), aligned  # each number under its own column's title
    row.scroll_into_view_if_needed()
    teacher.screenshot(path=str(SCREENSHOTS / "teacher-word-report.png"))
    with teacher.expect_download() as download:
        teacher.locator("button.myword-download", has_text="Download summary").click()
    path = tmp_path / "summary.csv"
    download.value.save_as(path)
    summary = read_csv(path.read_bytes())
    gap = summary.index([])  # the students' rows, an empty row, the class word report
    assert ["Ana", "this-week-tricky-words", word, "1", "1"] in [r[:5] for r in summary[1:gap]]
    report = summary[gap + 1 :]
    assert report[0][:5] == ["focus word", "class tries", "class spelled right", "class missed %", "student"]
    assert [word, "1", "1", "0.0", "Ana", "1", "1"] in [r[:7] for r in report[1:]]
