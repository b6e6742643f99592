"""Boggle in a class, in Debian's Chromium against a real ``myword-edu serve``.

The teacher gives Ana her own Boggle settings in the panel's Boggle tab; Ana
picks her name on the Boggle page, plays a word with those settings, and the
teacher's attempts CSV holds it as a Boggle attempt.
"""

from __future__ import annotations

import re

import pytest

from myword_edu.boggle.board import Board
from myword_edu.boggle.solver import solve
from myword_edu.classroom.export import read_csv
from myword_edu.lexicon.wordlist import load_lexicon

from tests.browser.conftest import ARTIFACTS, CHROMIUM, Server, free_port

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSCODE = "profe-boggle-9"
CUBES = ".boggle-grid .boggle-cube"


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    from pathlib import Path

    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    db = tmp_path_factory.mktemp("boggledb") / "class.sqlite3"
    server = Server(free_port(), "--db", str(db))
    yield server
    server.stop()


def field(page, scope: str, label: str):
    return page.locator(f"{scope} .widget-text, {scope} .widget-password, {scope} .widget-dropdown", has_text=label).first


def test_a_rostered_students_boggle_word_reaches_the_teachers_csv(class_server, chromium, tmp_path):
    context = chromium.new_context(viewport={"width": 1366, "height": 900}, accept_downloads=True)
    try:
        teacher = context.new_page()
        teacher.set_default_timeout(90_000)
        teacher.goto(f"{class_server.base}/voila/render/teacher.ipynb")
        teacher.wait_for_selector("text=First time here")
        code = re.search(r"setup code to choose your passcode: (\d{4}-\d{4})", class_server.log())
        assert code, class_server.log()
        field(teacher, ".myword-lock", "Setup code").locator("input").fill(code.group(1))
        field(teacher, ".myword-lock", "New passcode").locator("input").fill(PASSCODE)
        field(teacher, ".myword-lock", "Repeat it").locator("input").fill(PASSCODE)
        teacher.locator("button.myword-setup").click()
        teacher.wait_for_selector(".myword-roster")
        for name in ("Ana", "Ben"):
            field(teacher, ".myword-roster-tab", "New student").locator("input").fill(name)
            teacher.locator("button.myword-add").click()
            teacher.locator(".myword-roster td.name", has_text=re.compile(f"^{name}$")).wait_for()

        # Ana's own Boggle settings: the classic dice, 2 minutes, words of 4 letters or more.
        teacher.get_by_role("tab", name="Boggle").click()
        tab = ".myword-boggle-tab"
        teacher.locator(f"{tab} select[multiple]").select_option(label="Ana")
        students = teacher.locator(f"{tab} .myword-card-box").nth(1)
        students.locator(".widget-dropdown", has_text="Dice").locator("select").select_option(label="classic (English)")
        students.locator(".widget-dropdown", has_text="Minutes").locator("select").select_option(label="2")
        students.locator(".widget-dropdown", has_text="Shortest word").locator("select").select_option(label="4")
        teacher.locator("button.boggle-apply").click()
        teacher.wait_for_selector("text=Done for 1 student.")
        teacher.wait_for_function(
            f"() => [...document.querySelectorAll('{tab} tbody tr')].some(r => r.innerText.includes('Ana')"
            " && r.innerText.includes('classic (English)'))"
        )
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        teacher.screenshot(path=str(ARTIFACTS / "teacher-boggle.png"))

        # Ana's Boggle page: "Who are you?", her settings, one word typed.
        student = context.new_page()
        student.set_default_timeout(90_000)
        student.goto(f"{class_server.base}/voila/render/boggle.ipynb")
        student.wait_for_selector("text=Who are you?")
        student.locator(".myword-names button", has_text=re.compile("^Ana$")).click()
        student.wait_for_selector("text=Playing as Ana")
        assert student.locator(".boggle-app .myword-settings").is_hidden()
        student.get_by_role("button", name="Start", exact=True).click()
        student.wait_for_function(f"[...document.querySelectorAll('{CUBES}')].every(e => e.dataset.face)")
        assert student.locator(".boggle-clock").inner_text() in ("2:00", "1:59", "1:58")
        faces = student.eval_on_selector_all(CUBES, "els => els.map(e => e.dataset.face)")
        board = Board.from_string(" / ".join(" ".join(faces[i : i + 4]) for i in range(0, 16, 4)))
        lexicon = load_lexicon("en")
        words = sorted((w for w in solve(board, lexicon, 4) if not lexicon.is_blocked(w)), key=lambda w: (-lexicon.zipf(w), w))
        assert words, board
        word = words[0]
        student.locator(".boggle-entry input").fill(word)
        student.locator(".boggle-entry input").press("Enter")
        student.wait_for_selector(f"text={word.upper()}: +")
        student.screenshot(path=str(ARTIFACTS / "student-boggle-rostered.png"))

        # The teacher's attempts CSV has it, as a Boggle attempt with its path of cubes.
        teacher.get_by_role("tab", name="Progress").click()
        with teacher.expect_download() as download:
            teacher.locator("button.myword-download", has_text="Download attempts").click()
        path = tmp_path / "attempts.csv"
        download.value.save_as(path)
        rows = read_csv(path.read_bytes())
        game = rows[0].index("game")
        (ana,) = [r for r in rows[1:] if r[1] == "Ana"]
        assert ana[game] == "Boggle" and ana[2] == word and ana[6] == "yes" and ana[10] == "4"
        assert ana[5] == str(len(word)) and ana[4].count("(") == len(board.path(word) or ())
    finally:
        context.close()
