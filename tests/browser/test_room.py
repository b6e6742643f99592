"""A live room in Debian's Chromium against a real ``myword-edu serve``: one teacher page and two
student pages. The teacher opens the room and deals; both students see the same cards; one takes a
word; the other's page shows it gone."""

from __future__ import annotations

import re
import time

import pytest

from myword_edu.myword.cards import Card
from myword_edu.lexicon.wordlist import load_lexicon
from myword_edu.myword.solver import words_on_table

from tests.browser.conftest import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from tests.browser.conftest import ROOM_PASSCODE as PASSCODE
CARDS = ".myword-table .myword-card"


def faces(page) -> list[str]:
    """The cards on the page, sorted: each page keeps a card where it first showed it."""
    return sorted(page.eval_on_selector_all(CARDS, "els => els.map(e => e.textContent.trim())"))


def wait_for_faces(page, expected: list[str], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while faces(page) != expected:
        assert time.monotonic() < deadline, f"{faces(page)} != {expected}"
        page.wait_for_timeout(50)  # a browser-side wait between checks of the condition


def test_two_students_see_the_teachers_deal_and_a_taken_word_disappears(room_server, pages):
    teacher = pages(f"{room_server.base}/voila/render/teacher.ipynb")
    teacher.locator(".myword-lock input[type=password]").first.fill(PASSCODE)
    teacher.locator("button.myword-unlock").click()
    teacher.get_by_role("tab", name="Live room").click()
    teacher.locator("button.myword-room-open").click()
    teacher.wait_for_selector(".myword-room-joincode >> text=Join code")
    code = re.search(r"Join code: (\w+)", teacher.locator(".myword-room-joincode").inner_text()).group(1)

    students = {}
    for name in ("Ana", "Ben"):
        page = pages(f"{room_server.base}/voila/render/room.ipynb")
        page.locator(".myword-room-code input").fill(code)
        page.locator(".myword-room-code input").press("Enter")
        page.locator("button.myword-room-name", has_text=re.compile(f"^{name}$")).click()
        page.wait_for_selector(f"text=You are {name}")
        students[name] = page
    ana, ben = students["Ana"], students["Ben"]
    teacher.wait_for_selector(".myword-room-players >> text=Ben")

    lexicon = load_lexicon("en")
    teacher.locator("button.myword-room-start").click()
    words: list[str] = []
    for _ in range(30):  # deal until the table holds a word (a shuffled deck)
        count = len(faces(teacher))
        teacher.locator("button.myword-room-deal").click()
        teacher.wait_for_function(f"() => document.querySelectorAll('{CARDS}').length > {count}")
        table = faces(teacher)
        words = sorted((w for w in words_on_table([Card(f) for f in table], lexicon, min_cards=3)
                        if not lexicon.is_blocked(w)), key=len)  # fmt: skip
        if words:
            break
    assert words, table
    started = time.monotonic()
    wait_for_faces(ana, table)
    wait_for_faces(ben, table)  # both students see the same cards as the teacher
    assert time.monotonic() - started < 5

    ana.locator(".myword-entry input").fill(words[0])
    ana.locator(".myword-entry input").press("Enter")
    ana.wait_for_selector(".myword-room-feedback >> text=Yes!")
    left = faces(ana)
    assert len(left) < len(table)
    wait_for_faces(ben, left)  # gone from Ben's page too
    wait_for_faces(teacher, left)
    ben.wait_for_selector(f".myword-room-scores >> text={words[0].upper()}")
    # The teacher's scores read as a table: names and numbers apart ("Ana   6", not "Ana6"), as on the students' pages.
    for page in (teacher, ben):
        gap = page.eval_on_selector(".myword-room-table td", "td => parseFloat(getComputedStyle(td).paddingRight)")
        assert gap >= 10, page.url
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    ben.screenshot(path=str(ARTIFACTS / "room-student.png"))
    teacher.screenshot(path=str(ARTIFACTS / "room-teacher.png"))

    # Ben closes his tab and opens the link again: his table and the scores within seconds of his name
    # (the closed tab's kernel shut down and gave his seat up; a fresh kernel replays the room's log).
    ben.close(run_before_unload=True)
    again = pages(f"{room_server.base}/voila/render/room.ipynb")
    again.locator(".myword-room-code input").fill(code)
    again.locator(".myword-room-code input").press("Enter")
    again.locator("button.myword-room-name", has_text=re.compile("^Ben$")).click()
    started = time.monotonic()
    wait_for_faces(again, left)
    again.wait_for_selector(f".myword-room-scores >> text={words[0].upper()}")
    print(f"live-room rejoin: {time.monotonic() - started:.1f} s from the click on the name to the table")


CUBES = ".boggle-grid .boggle-cube"


def cube_faces(page) -> list[str]:
    return page.eval_on_selector_all(CUBES, "els => els.map(e => e.dataset.face || '')")


def test_a_boggle_room_one_board_one_clock_and_shared_words_crossed_out(room_server, pages):
    """The room is opened with a shipped lesson: Ana traces one of its focus words planted on the board
    and sees it first in her review; the teacher's tab says how many were hidden, then who found each."""
    from myword_edu.boggle.board import Board
    from myword_edu.boggle.solver import solve
    from myword_edu.myword.lesson_library import default_library

    lesson = default_library().get("en-1-short-a")  # cat, hat, map, bag, jam, van
    teacher = pages(f"{room_server.base}/voila/render/teacher.ipynb")
    teacher.locator(".myword-lock input[type=password]").first.fill(PASSCODE)
    teacher.locator("button.myword-unlock").click()
    teacher.get_by_role("tab", name="Live room").click()
    teacher.locator(".myword-room-game select").select_option(label="Boggle")
    teacher.locator(".myword-room-minutes select").select_option("2")
    teacher.locator(".myword-room-boggle-lesson select").select_option(label=lesson.title)
    teacher.locator("button.myword-room-open").click()
    teacher.wait_for_selector(".myword-room-joincode >> text=Join code")
    code = re.search(r"Join code: (\w+)", teacher.locator(".myword-room-joincode").inner_text()).group(1)

    students = {}
    for name in ("Ana", "Ben"):
        page = pages(f"{room_server.base}/voila/render/room.ipynb?code={code}")
        page.locator(".myword-room-code input").press("Enter")
        page.locator("button.myword-room-name", has_text=re.compile(f"^{name}$")).click()
        page.wait_for_selector("text=Wait for your teacher to start the round")
        assert set(cube_faces(page)) == {""}  # covered until the teacher starts
        students[name] = page
    ana, ben = students["Ana"], students["Ben"]
    teacher.wait_for_selector(".myword-room-players >> text=Ben")

    teacher.locator("button.myword-room-start").click()
    started = time.monotonic()
    ready = f"[...document.querySelectorAll('{CUBES}')].every(e => e.dataset.face)"
    for page in (teacher, ana, ben):
        page.wait_for_function(ready, timeout=10_000)
    assert time.monotonic() - started < 5
    board_faces = cube_faces(teacher)
    assert cube_faces(ana) == cube_faces(ben) == board_faces  # one board for the class
    assert ana.locator(".myword-room-boggle-timer").inner_text().strip()[:3] in ("2:0", "1:5")

    lexicon = load_lexicon("en")
    board = Board(tuple(f.lower() for f in board_faces), 4)
    planted = [w for w in lesson.focus if board.find_path(w) is not None]  # the lesson board's focus words
    assert planted, board
    hidden = f"Lesson “{lesson.title}”: {len(planted)} focus word{'s' if len(planted) > 1 else ''} hidden on the board."
    teacher.wait_for_selector(f".myword-room-boggle-focus >> text={hidden}")
    for page in (ana, ben):  # how many, not which
        page.wait_for_selector(f".boggle-lesson-status >> text=Words from your lesson hidden on this board: {len(planted)}")
    words = sorted((w for w in solve(board, lexicon) if not lexicon.is_blocked(w) and w not in lesson.focus),
                   key=lambda w: (-lexicon.zipf(w), w))  # fmt: skip
    assert len(words) >= 2, board
    shared, ana_own, ben_own = words[0], planted[0], words[1]  # Ana's own word: a focus word, traced

    def type_word(page, word):
        page.locator(".myword-entry input").fill(word)
        page.locator(".myword-entry input").press("Enter")
        page.wait_for_selector(f".myword-room-boggle-found >> text={word.upper()}")

    type_word(ana, shared)
    # Ana traces her second word: click the cubes, then the last one again
    cells = [board.index(p) for p in board.path(ana_own)]
    for cell in cells:
        ana.locator(f"{CUBES}[data-cell='{cell}']").click()
    ana.locator(f"{CUBES}[data-cell='{cells[-1]}']").click()
    ana.wait_for_selector(f".myword-room-boggle-found >> text={ana_own.upper()}")
    type_word(ben, shared)
    type_word(ben, ben_own)
    # Ben's page knows how many words Ana has, not which
    ben.wait_for_selector(".boggle-counts >> text=Ana: 2")
    assert ana_own.upper() not in ben.locator("body").inner_text()
    teacher.wait_for_selector(f".myword-room-boggle-lists >> text={ana_own.upper()}")

    teacher.locator("button.myword-room-end").click()
    for page in (ana, ben):
        page.wait_for_selector(".myword-room-boggle-result", timeout=10_000)
        crossed = page.eval_on_selector_all(".myword-room-boggle-result s", "els => els.map(e => e.textContent)")
        assert shared.upper() in crossed  # found by both: crossed out for everyone
    assert ana_own.upper() in ben.locator(".myword-room-boggle-result").inner_text()
    # Ana's review lists the lesson's focus words first: the one she traced found, the others not
    ana.wait_for_selector(".myword-room-boggle-lesson")
    review = ana.eval_on_selector_all(".myword-room-boggle-lesson li", "els => els.map(e => [e.dataset.word, e.dataset.found])")
    assert review == [[w, "yes" if w == ana_own else "no"] for w in planted]
    above = ana.evaluate("""() => { const l = document.querySelector('.myword-room-boggle-lesson').getBoundingClientRect();
        const r = document.querySelector('.myword-room-boggle-result').getBoundingClientRect(); return l.bottom <= r.top; }""")
    assert above, "the focus words come before the lists"
    teacher.wait_for_selector(f".myword-room-boggle-focus tr[data-word='{ana_own}'] >> text=Ana")
    teacher.wait_for_function(
        f"[...document.querySelectorAll('.myword-room-boggle-lists s')].some(e => e.textContent.includes({shared.upper()!r}))"
    )
    from tests.browser.conftest import SCREENSHOTS

    SCREENSHOTS.mkdir(exist_ok=True)
    ana.screenshot(path=str(SCREENSHOTS / "room-boggle-student.png"))  # her focus word found, listed first
    teacher.locator(".myword-room-boggle").screenshot(path=str(SCREENSHOTS / "room-boggle-teacher.png"))


def test_a_student_clicks_three_cards_in_order_and_calls(room_server, pages):
    from myword_edu.myword.spelling import best_spelling

    teacher = pages(f"{room_server.base}/voila/render/teacher.ipynb")
    teacher.locator(".myword-lock input[type=password]").first.fill(PASSCODE)
    teacher.locator("button.myword-unlock").click()
    teacher.get_by_role("tab", name="Live room").click()
    teacher.locator("button.myword-room-open").click()
    teacher.wait_for_selector(".myword-room-joincode >> text=Join code")
    code = re.search(r"Join code: (\w+)", teacher.locator(".myword-room-joincode").inner_text()).group(1)
    ana = pages(f"{room_server.base}/voila/render/room.ipynb?code={code}")
    ana.locator(".myword-room-code input").press("Enter")
    ana.locator("button.myword-room-name", has_text=re.compile("^Ana$")).click()
    ana.wait_for_selector("text=You are Ana")
    teacher.wait_for_selector(".myword-room-players >> text=Ana")

    lexicon = load_lexicon("en")
    teacher.locator("button.myword-room-start").click()
    spelt: tuple = ()
    for _ in range(40):  # deal until the table holds a word of exactly three cards, none of them wild
        count = len(faces(teacher))
        teacher.locator("button.myword-room-deal").click()
        teacher.wait_for_function(f"() => document.querySelectorAll('{CARDS}').length > {count}")
        table = faces(teacher)
        for word in sorted(w for w in words_on_table([Card(f) for f in table], lexicon, min_cards=3)
                           if not lexicon.is_blocked(w)):  # fmt: skip
            cards = best_spelling(word, [Card(f) for f in table])
            if cards and len(cards) == 3 and not any(c.is_wild for c in cards):
                spelt = (word, cards)
                break
        if spelt:
            break
    assert spelt, table
    word, cards = spelt
    wait_for_faces(ana, table)
    clicked: list[str] = []
    for card in cards:  # a card's button, not one clicked already (a table can hold two alike)
        button = ana.locator(f"{CARDS}[data-face='{card}']:not([aria-pressed='true'])").first
        clicked.append(button.get_attribute("data-id"))
        button.click()
        ana.wait_for_selector(f"{CARDS}[data-id='{clicked[-1]}'][aria-pressed='true']")
    orders = ana.eval_on_selector_all(f"{CARDS}[aria-pressed='true']",
                                      "els => els.map(e => [e.dataset.id, e.querySelector('.myword-order').textContent])")  # fmt: skip
    assert sorted(orders, key=lambda o: o[1]) == [[i, str(n)] for n, i in enumerate(clicked, 1)]
    assert ana.locator(".myword-entry input").input_value() == ""  # nothing typed
    ana.locator("button.myword-room-call").click()
    ana.wait_for_selector(f".myword-room-feedback >> text={word.upper()}")
    assert "Yes!" in ana.locator(".myword-room-feedback").inner_text()
    left = sorted(table)
    for card in cards:
        left.remove(str(card))
    wait_for_faces(ana, left)
    wait_for_faces(teacher, left)
    assert ana.locator(f"{CARDS}[aria-pressed='true']").count() == 0
    ana.wait_for_selector(f".myword-room-scores >> text={word.upper()}")
