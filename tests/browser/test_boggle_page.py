"""Boggle in Debian's Chromium against a real ``myword-edu serve``: play words on a seeded board.

The words are chosen in the test process by solving the board the page shows,
with the same shipped word list as the server.
"""

from __future__ import annotations

import pytest

from myword_edu.boggle.board import Board
from myword_edu.boggle.solver import solve
from myword_edu.lexicon.wordlist import load_lexicon

from tests.browser.conftest import SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CUBES = ".boggle-grid .boggle-cube"
SEED = 11


def faces(page) -> list[str]:
    return page.eval_on_selector_all(CUBES, "els => els.map(e => e.dataset.face)")


def centre(page, cell: int) -> tuple[float, float]:
    box = page.locator(f"{CUBES}[data-cell='{cell}']").bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def found_words(page) -> str:
    return page.locator(".boggle-found").inner_text()


def test_play_words_on_a_seeded_board(server, chromium):
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.set_default_timeout(90_000)
    try:
        page.goto(f"{server.base}/voila/render/boggle.ipynb?seed={SEED}&bots=1&level=easy&minutes=3")
        page.wait_for_selector(f"{CUBES}.boggle-blank")
        assert len(faces(page)) == 16 and set(faces(page)) == {""}  # covered until Start
        page.get_by_role("button", name="Start", exact=True).click()
        page.wait_for_function(f"[...document.querySelectorAll('{CUBES}')].every(e => e.dataset.face)")
        shown = faces(page)
        board = Board.roll("new", seed=f"{SEED}-1")
        assert shown == [f for row in board.rows for f in row]  # the seed's board
        page.wait_for_function("document.activeElement && document.activeElement.closest('.boggle-entry') !== null")
        assert page.locator(".boggle-clock").inner_text() in ("3:00", "2:59", "2:58")

        lexicon = load_lexicon("en")
        words = sorted(
            (w for w in solve(board, lexicon) if not lexicon.is_blocked(w)), key=lambda w: (-lexicon.zipf(w), w)
        )
        assert len(words) >= 3, board

        # 1. Type a word and press Enter.
        typed = words[0]
        page.locator(".boggle-entry input").fill(typed)
        page.locator(".boggle-entry input").press("Enter")
        page.wait_for_function(
            f"document.querySelector('.boggle-found') && document.querySelector('.boggle-found').innerText.includes({typed.upper()!r})"
        )
        assert f"{typed.upper()}: +" in page.locator(".myword-feedback").inner_text()

        # 2. Drag across the cubes of another word: the path lights up, letting go sends it.
        dragged = words[1]
        cells = [board.index(p) for p in board.path(dragged)]
        page.mouse.move(*centre(page, cells[0]))
        page.mouse.down()
        for cell in cells[1:]:
            page.mouse.move(*centre(page, cell), steps=4)
        lit = page.eval_on_selector_all(f"{CUBES}.boggle-on", "els => els.map(e => Number(e.dataset.cell))")
        assert sorted(lit) == sorted(cells)
        assert page.locator(".boggle-current").inner_text().endswith(dragged.upper())
        page.mouse.up()
        page.wait_for_function(f"document.querySelector('.boggle-found').innerText.includes({dragged.upper()!r})")
        assert page.locator(f"{CUBES}.boggle-on").count() == 0

        # 3. A word that is not on the board: the reason, in words.
        page.locator(".boggle-entry input").fill("zzzq")
        page.locator(".boggle-entry input").press("Enter")
        page.wait_for_selector("text=ZZZQ is not a word we know")
        summary = page.locator(".boggle-found .boggle-summary").inner_text()
        assert summary.startswith("Words: 2")

        # 4. Click the cubes of a third word one by one, then the last one again to send it.
        third = [board.index(p) for p in board.path(words[2])]
        for cell in third:
            page.locator(f"{CUBES}[data-cell='{cell}']").click()
        page.wait_for_function(f"document.querySelectorAll('{CUBES}.boggle-on').length === {len(third)}")
        page.locator(f"{CUBES}[data-cell='{third[-1]}']").click()
        page.wait_for_function(f"document.querySelector('.boggle-found').innerText.includes({words[2].upper()!r})")
        # ... and leave the start of a fourth lit for the picture.
        if len(words) > 3:
            fourth = [board.index(p) for p in board.path(words[3])]
            for cell in fourth[:2]:
                page.locator(f"{CUBES}[data-cell='{cell}']").click()
            page.wait_for_function(f"document.querySelectorAll('{CUBES}.boggle-on').length === 2")
        box = page.locator(".boggle-entry input").bounding_box()
        assert box is not None and box["y"] + box["height"] <= 768  # no scrolling to type

        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "boggle.png"))
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0
        outside = [u for u in requests if not u.startswith((server.base, "blob:", "data:"))]
        assert outside == [], f"the page fetched from outside the server: {outside}"
    finally:
        context.close()
