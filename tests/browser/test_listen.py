"""The listening games in Debian's Chromium against a real ``myword-edu serve``, offline (127.0.0.1 only):
a Boggle lesson board says a planted word and tracing it scores double; a live room's "Say a word"
is said on a student's page, which shows the word only once someone builds it.

The audio is captured with the tap of ``tests/browser/test_speech.py`` (the page's voices taken
away, so the shipped synthesizer speaks); boards and decks are worked out in the test process with
the same engine and shipped lessons as the server.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from myword_edu.boggle.lesson_board import roll_lesson_board
from myword_edu.core.resources import data_dir
from myword_edu.myword.cards import Card
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.myword.spelling import best_spelling

from tests.browser.conftest import ROOM_PASSCODE, SCREENSHOTS
from tests.browser.test_speech import NO_VOICES, TAP, assert_speech

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CUBES = ".boggle-grid .boggle-cube"
CARDS = ".myword-table .myword-card"
SEED = 11
LESSON = "en-4-qu"


@pytest.fixture
def offline(chromium):
    """``offline(url)``: a page (its own device) that can reach 127.0.0.1 only, with the audio tap and
    no voices of the browser; ``page.blocked`` lists what it tried to reach elsewhere."""
    contexts = []

    def new_page(url: str):
        context = chromium.new_context(viewport={"width": 1366, "height": 768})
        contexts.append(context)
        blocked: list[str] = []

        def route(route):
            target = route.request.url
            if urlsplit(target).hostname == "127.0.0.1" or target.startswith(("data:", "blob:")):
                route.continue_()
            else:
                blocked.append(target)
                route.abort()

        context.route("**/*", route)
        for script in (TAP, NO_VOICES):
            context.add_init_script(script)
        page = context.new_page()
        page.blocked = blocked
        page.set_default_timeout(90_000)
        page.goto(url)
        return page

    yield new_page
    for context in contexts:
        context.close()


def heard_next(page, count: int) -> dict:
    """Wait for the page's sound number ``count`` (from 1) and return it."""
    page.wait_for_function(f"window.__heard.length >= {count}", timeout=120_000)
    return page.evaluate(f"window.__heard[{count - 1}]")


def centre(page, cell: int) -> tuple[float, float]:
    box = page.locator(f"{CUBES}[data-cell='{cell}']").bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_boggle_lesson_board_says_a_planted_word_and_tracing_it_scores_double(server, offline):
    lesson = LessonLibrary([data_dir("lessons")]).get(LESSON)
    planted = roll_lesson_board("new", lesson.focus, seed=f"{SEED}-1", min_length=3)
    first, second = planted.planted[:2]
    page = offline(f"http://127.0.0.1:{server.port}/voila/render/boggle.ipynb?lesson={LESSON}&seed={SEED}&listen=1&seconds=120")
    page.wait_for_selector(f"{CUBES}.boggle-blank")
    assert page.evaluate("window.__heard.length") == 0  # nothing is said before Start
    page.get_by_role("button", name="Start", exact=True).click()
    assert_speech(heard_next(page, 1), f"the first planted word {first!r}")
    listen = page.locator(".boggle-listen")
    listen.wait_for()
    assert "Listen! Find the word you hear on the board" in listen.inner_text()
    body = page.locator("body").inner_text().upper()
    assert not any(word.upper() in body for word in planted.planted)  # heard, never shown

    cells = list(planted.paths[first])  # the word said, traced
    page.mouse.move(*centre(page, cells[0]))
    page.mouse.down()
    for cell in cells[1:]:
        page.mouse.move(*centre(page, cell), steps=4)
    page.mouse.up()
    page.wait_for_selector(f".myword-feedback >> text=You heard it: {first.upper()}, double points!")
    assert_speech(heard_next(page, 2), f"the next planted word {second!r}")
    again = page.locator("button.boggle-say-again")
    again.click()
    normal = heard_next(page, 3)
    again.click()
    slow = heard_next(page, 4)
    assert_speech(normal, "said again")
    assert_speech(slow, "said again, slowly")
    assert slow["seconds"] > normal["seconds"] * 1.25, (normal, slow)
    assert page.blocked == [], f"the page tried to reach other hosts: {page.blocked}"
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "boggle-listen.png"))


def test_the_teachers_say_a_word_is_said_on_a_students_page_and_shown_once_built(room_server, offline):
    base = f"http://127.0.0.1:{room_server.port}"
    title = LessonLibrary([data_dir("lessons")]).get("en-4-qu").title
    teacher = offline(f"{base}/voila/render/teacher.ipynb")
    teacher.locator(".myword-lock input[type=password]").first.fill(ROOM_PASSCODE)
    teacher.locator("button.myword-unlock").click()
    teacher.get_by_role("tab", name="Live room").click()
    teacher.locator(".myword-room-lesson select").select_option(label=title)
    teacher.locator("button.myword-room-open").click()
    teacher.wait_for_selector(".myword-room-joincode >> text=Join code")
    code = re.search(r"Join code: (\w+)", teacher.locator(".myword-room-joincode").inner_text()).group(1)

    ana = offline(f"{base}/voila/render/room.ipynb")
    ana.locator(".myword-room-code input").fill(code)
    ana.locator(".myword-room-code input").press("Enter")
    ana.locator("button.myword-room-name", has_text=re.compile("^Ana$")).click()
    ana.wait_for_selector("text=You are Ana")
    teacher.wait_for_selector(".myword-room-players >> text=Ana")
    teacher.locator("button.myword-room-start").click()
    teacher.wait_for_selector(".myword-room-teacher-status >> text=Round 1")
    teacher.locator("button.myword-room-say").click()
    said = teacher.locator(".myword-room-said")
    said.wait_for()
    word = re.search(r"Said to the class: (\w+)", said.inner_text()).group(1)
    assert "Nobody has made it yet." in said.inner_text()

    assert_speech(heard_next(ana, 1), f"the word said {word!r}")  # on the student's own device
    listen = ana.locator(".myword-room-listen")
    assert "Listen! Make the word you hear" in listen.inner_text()
    assert word not in ana.locator("body").inner_text().upper()  # heard, not shown
    ana.locator("button.myword-room-say-again").click()
    assert_speech(heard_next(ana, 2), "said again")
    SCREENSHOTS.mkdir(exist_ok=True)
    ana.screenshot(path=str(SCREENSHOTS / "room-listen-student.png"))  # "Listen!": the word is only heard

    for _ in range(80):  # the teacher deals until the word can be built from the table
        table = [Card(f) for f in teacher.eval_on_selector_all(CARDS, "els => els.map(e => e.textContent.trim())")]
        if best_spelling(word.lower(), table) is not None:
            break
        count = len(table)
        teacher.locator("button.myword-room-deal").click()
        teacher.wait_for_function(f"() => document.querySelectorAll('{CARDS}').length > {count}")
    ana.wait_for_function(f"() => document.querySelectorAll('{CARDS}').length >= {len(table)}")
    ana.locator(".myword-entry input").fill(word.lower())
    ana.locator(".myword-entry input").press("Enter")
    ana.wait_for_selector(".myword-room-feedback >> text=Yes!")
    ana.wait_for_selector(f".myword-room-listen >> text=The word was {word}: Ana made it.")
    teacher.wait_for_selector(".myword-room-said >> text=Ana made it first.")
    assert ana.blocked == [] and teacher.blocked == []
    teacher.screenshot(path=str(SCREENSHOTS / "room-listen-teacher.png"))
