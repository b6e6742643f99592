"""Nothing moves under a child's finger: cumulative layout shift over a whole round of each student page.

Each page is played for one whole round, in English at 1366x768 (a Chromebook) and in
Spanish at 768x1024 (a tablet) and the other way round, with robots taking cards and
the test calling words as a child would (a good word, then a wrong one, again and
again). The Layout Instability API counts how far things moved on screen
(``tests/browser/layout_shift.py``); the figure must stay at or below 0.1, the web's
"good" threshold. The figures are printed (``pytest -s``) for the README.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from myword_edu.boggle.round import Board
from myword_edu.boggle.solver import solve
from myword_edu.lexicon.wordlist import load_lexicon
from myword_edu.myword.cards import Card
from myword_edu.myword.solver import hints
from myword_edu.myword.spelling import best_spelling
from myword_edu.core.text import fold

from tests.browser.conftest import ARTIFACTS, ROOM_PASSCODE
from tests.browser.layout_shift import OBSERVER, measure, now

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CARDS = ".myword-table .myword-card"
CUBES = ".boggle-grid .boggle-cube"
LIMIT = 0.1
#: (language, width, height): every page in both languages and at both sizes.
DEVICES = [("en", 1366, 768), ("es", 768, 1024), ("es", 1366, 768), ("en", 768, 1024)]


def report(kind: str, results: dict) -> None:
    for (lang, width, height), shift in results.items():
        print(f"layout shift, {kind}, {lang} {width}x{height}: {shift}")
        if shift.total > LIMIT / 3:  # what moved, for whoever lays the page out next
            print("  " + "\n  ".join(shift.worst[:2]))
    bad = {key: shift for key, shift in results.items() if shift.total > LIMIT}
    assert not bad, "\n".join(f"{key}: {shift}\n  " + "\n  ".join(shift.worst) for key, shift in bad.items())


def myword_word(page, lang: str) -> str | None:
    """A word the cards on the page make (3+ cards), or None."""
    cards = [Card(f) for f in page.eval_on_selector_all(CARDS, "els => els.map(e => e.dataset.face)")]
    for word in hints(cards, load_lexicon(lang)):
        spelled = best_spelling(fold(word), cards)
        if spelled and len(spelled) >= 3:
            return word
    return None


def play_a_round(pages: dict, *, over: str, word_for, entry: str, deadline: float, meanwhile=lambda: None) -> None:
    """Call words on every page (a good one, then a wrong one) until each shows ``over`` (a selector, on screen);
    ``meanwhile()`` runs between the calls (a teacher ending the round)."""
    calls = {key: 0 for key in pages}
    done: set = set()
    while len(done) < len(pages):
        assert time.monotonic() < deadline, f"the round did not end on {set(pages) - done}"
        for key, page in pages.items():
            if key in done:
                continue
            if page.evaluate(f"[...document.querySelectorAll({over!r})].some(e => e.getClientRects().length > 0)"):
                done.add(key)
                continue
            word = "zqzq" if calls[key] % 3 == 2 else word_for(page, key[0])
            box = page.locator(entry)
            if word and box.is_visible() and box.is_enabled():
                calls[key] += 1
                try:
                    box.fill(word, timeout=5_000)
                    box.press("Enter", timeout=5_000)
                except PlaywrightTimeoutError:  # the round ended between the look and the call: the next look sees it
                    continue
        meanwhile()
        next(iter(pages.values())).wait_for_timeout(700)  # a child's pace between calls, not a wait for a condition


def calls_list_numbers_fit(page) -> list[str]:
    """The numbers of the calls list ("10.", "11."...) that stick out of the list (the list clips them)."""
    return page.evaluate("""() => {
      const ol = document.querySelector('.myword-feed ol');
      const probe = document.createElement('span');
      probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
      ol.appendChild(probe);
      const cut = [];
      for (const li of ol.querySelectorAll('li')) {
        const number = ol.children.length - 1 - [...ol.querySelectorAll('li')].indexOf(li);
        probe.style.font = getComputedStyle(li).font;
        probe.textContent = number + '. ';
        if (li.getBoundingClientRect().left - probe.getBoundingClientRect().width < ol.getBoundingClientRect().left - 0.5)
          cut.push(number + '.');
      }
      probe.remove();
      return cut;
    }""")


def test_the_student_app_does_not_shift_in_a_whole_round(open_app):
    pages, started = {}, {}
    for lang, width, height in DEVICES:
        page = open_app(f"lang={lang}&seed={width}&bots=2&level=hard&pace=0.5&last_call=4", width=width,
                        height=height, init_script=OBSERVER)  # fmt: skip
        pages[(lang, width, height)], started[(lang, width, height)] = page, now(page)
    play_a_round(pages, over=".myword-review", word_for=myword_word, entry=".myword-entry input",
                 deadline=time.monotonic() + 300)  # fmt: skip
    results = {}
    for key, page in pages.items():
        page.wait_for_timeout(1200)  # let the round's end settle: shifts it causes must be counted too
        results[key] = measure(page, started[key])
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"student-round-over-{key[0]}-{key[1]}x{key[2]}.png"))
        assert page.locator(".myword-feed li").count() >= 10, "the round had fewer than 10 calls"
        assert calls_list_numbers_fit(page) == [], key  # "10." shows whole, not "0."
    report("MyWord! student app", results)


def boggle_word(page, lang: str) -> str | None:
    faces = page.eval_on_selector_all(CUBES, "els => els.map(e => e.dataset.face || '')")
    if not all(faces):
        return None
    side = int(len(faces) ** 0.5)
    board = Board(tuple(f.lower() for f in faces), side)
    found = page.locator(".boggle-found").inner_text().upper() if page.locator(".boggle-found").count() else ""
    lexicon = load_lexicon(lang)
    for word in sorted(solve(board, lexicon), key=lambda w: (-lexicon.zipf(w), w)):
        if not lexicon.is_blocked(word) and word.upper() not in found:
            return word
    return None


def test_the_boggle_page_does_not_shift_in_a_whole_round(server, pages):
    opened, started = {}, {}
    for lang, width, height in DEVICES:
        url = f"{server.base}/voila/render/boggle.ipynb?lang={lang}&seed={width}&bots=2&level=hard&seconds=30"
        page = pages(url, width=width, height=height, init_script=OBSERVER)
        page.wait_for_selector(f"{CUBES}.boggle-blank")
        page.locator("button.boggle-start").click()
        page.wait_for_function(f"[...document.querySelectorAll('{CUBES}')].every(e => e.dataset.face)")
        opened[(lang, width, height)], started[(lang, width, height)] = page, now(page)
    play_a_round(opened, over=".boggle-result, .myword-review", word_for=boggle_word, entry=".boggle-entry input",
                 deadline=time.monotonic() + 240)  # fmt: skip
    results = {}
    for key, page in opened.items():
        page.wait_for_timeout(1200)  # the round's end settles
        results[key] = measure(page, started[key])
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"boggle-round-over-{key[0]}-{key[1]}x{key[2]}.png"))
    report("Boggle", results)


def open_room(room_server, pages, game: str, lang: str) -> tuple:
    """The teacher unlocks the panel and opens a room: (teacher page, join code)."""
    teacher = pages(f"{room_server.base}/voila/render/teacher.ipynb")
    teacher.locator(".myword-lock input[type=password]").first.fill(ROOM_PASSCODE)
    teacher.locator("button.myword-unlock").click()
    teacher.get_by_role("tab", name="Live room").click()
    if game == "boggle":
        teacher.locator(".myword-room-game select").select_option(label="Boggle")
        from myword_edu.boggle.board import DICE

        teacher.locator(".myword-room-dice select").select_option(index=list(DICE).index("es" if lang == "es" else "new"))
        teacher.locator(".myword-room-minutes select").select_option(index=0)
    else:
        teacher.locator(".myword-room-lang select").select_option(label={"en": "English", "es": "Español"}[lang])
        teacher.locator(".myword-room-pace input").fill("0.5")
        teacher.locator(".myword-room-pace input").press("Tab")
    teacher.locator("button.myword-room-open").click()
    teacher.wait_for_selector(".myword-room-joincode >> text=Join code")
    code = re.search(r"Join code: (\w+)", teacher.locator(".myword-room-joincode").inner_text()).group(1)
    return teacher, code


def join(room_server, pages, code: str, name: str, width: int, height: int):
    page = pages(f"{room_server.base}/voila/render/room.ipynb?code={code}", width=width, height=height,
                 init_script=OBSERVER)  # fmt: skip
    page.locator(".myword-room-code input").press("Enter")
    page.locator("button.myword-room-name", has_text=re.compile(f"^{name}$")).click()
    page.wait_for_selector(".myword-room-status")
    return page


def test_a_myword_room_page_does_not_shift_in_a_whole_round(room_server, pages):
    """One room, four pages: Ana and Ben play in English, Carla and Dani in Spanish (their pages speak
    Spanish and their calls are judged in Spanish), each language at both sizes."""
    teacher, code = open_room(room_server, pages, "myword", "en")
    sizes = {"Ana": ("en", 1366, 768), "Ben": ("en", 768, 1024), "Carla": ("es", 768, 1024), "Dani": ("es", 1366, 768)}
    students = {key: join(room_server, pages, code, name, *key[1:]) for name, key in sizes.items()}
    teacher.wait_for_selector(f".myword-room-players >> text={list(sizes)[-1]}")
    teacher.locator("button.myword-room-start").click()
    teacher.locator(".myword-room-auto").click()
    started = {key: now(page) for key, page in students.items()}

    def end_when_dealt() -> None:  # the teacher ends the round once the deck is out
        if re.search(r"\b0 cards|quedan 0 ", teacher.locator(".myword-room-teacher-status").inner_text()):
            teacher.locator("button.myword-room-end").click()

    over = ".myword-room-status .myword-room-over"
    play_a_round(students, over=over, word_for=myword_word, entry=".myword-entry input",
                 deadline=time.monotonic() + 300, meanwhile=end_when_dealt)  # fmt: skip
    results = {}
    for key, page in students.items():
        assert ("ronda" if key[0] == "es" else "round") in page.locator(".myword-room-status").inner_text().lower()
        page.wait_for_timeout(1200)  # the round's end settles
        results[key] = measure(page, started[key])
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"room-student-round-over-{key[0]}-{key[1]}x{key[2]}.png"))
    teacher.locator("button.myword-room-close").click()
    report("MyWord! live room", results)


def test_a_boggle_room_page_does_not_shift_in_a_whole_round(room_server, pages):
    """One room on the English dice, four pages: Ana and Ben's in English, Carla and Dani's in Spanish
    (their own language), each language at both sizes; everyone writes English words from the board."""
    teacher, code = open_room(room_server, pages, "boggle", "en")
    sizes = {"Ana": ("en", 768, 1024), "Ben": ("en", 1366, 768), "Carla": ("es", 1366, 768), "Dani": ("es", 768, 1024)}
    students = {key: join(room_server, pages, code, name, *key[1:]) for name, key in sizes.items()}
    teacher.wait_for_selector(f".myword-room-players >> text={list(sizes)[-1]}")
    teacher.locator("button.myword-room-start").click()
    for page in students.values():
        page.wait_for_function(f"[...document.querySelectorAll('{CUBES}')].every(e => e.dataset.face)")
    started = {key: now(page) for key, page in students.items()}
    play_a_round(students, over=".myword-room-boggle-result .boggle-result", entry=".myword-entry input",
                 word_for=lambda page, _lang: boggle_word(page, "en"), deadline=time.monotonic() + 300)  # fmt: skip
    results = {}
    for key, page in students.items():
        page.wait_for_timeout(1200)  # the round's end settles
        results[key] = measure(page, started[key])
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"room-boggle-round-over-{key[0]}-{key[1]}x{key[2]}.png"))
    teacher.locator("button.myword-room-close").click()
    report("Boggle live room", results)
