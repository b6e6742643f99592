"""Nothing moves under a child's finger: cumulative layout shift over a whole round of each student page.

Each page is played for one whole round, in English at 1366x768 (a Chromebook) and in
Spanish at 768x1024 (a tablet) and the other way round, with robots taking cards and
the test calling words as a child would (a good word, then a wrong one, again and
again). The Layout Instability API counts how far things moved on screen
(``tests/browser/layout_shift.py``); the figure must stay at or below 0.1, the web's
"good" threshold. The figures are printed (``pytest -s``) for the README.
"""

from __future__ import annotations

import time

import pytest

from myword_edu.boggle.round import Board
from myword_edu.boggle.solver import solve
from myword_edu.lexicon.wordlist import load_lexicon
from myword_edu.myword.cards import Card
from myword_edu.myword.solver import hints
from myword_edu.myword.spelling import best_spelling
from myword_edu.core.text import fold

from tests.browser.conftest import ARTIFACTS
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


def play_a_round(pages: dict, *, over: str, word_for, entry: str, deadline: float) -> None:
    """Call words on every page (a good one, then a wrong one) until each shows ``over``."""
    calls = {key: 0 for key in pages}
    done: set = set()
    while len(done) < len(pages):
        assert time.monotonic() < deadline, f"the round did not end on {set(pages) - done}"
        for key, page in pages.items():
            if key in done:
                continue
            if page.evaluate(f"!!document.querySelector({over!r})"):
                done.add(key)
                continue
            word = "zqzq" if calls[key] % 3 == 2 else word_for(page, key[0])
            if word and page.locator(entry).is_enabled():
                calls[key] += 1
                page.locator(entry).fill(word)
                page.locator(entry).press("Enter")
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
