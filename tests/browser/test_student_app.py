"""The student app in Debian's Chromium against a real ``myword-edu serve``.

Words are picked in the test process with the solver, from the cards the page
shows, using the same shipped word lists as the server.
"""

from __future__ import annotations

import pytest

from myword_edu.myword.cards import Card
from myword_edu.lexicon.wordlist import load_lexicon
from myword_edu.myword.solver import hints
from myword_edu.myword.spelling import best_spelling
from myword_edu.core.text import fold

from tests.browser.conftest import ARTIFACTS, SCREENSHOTS


def wait_text(page, selector: str, text: str, timeout: float = 15_000) -> None:
    """Wait (with a deadline) until the element's text contains ``text``: widget updates arrive one by one."""
    page.wait_for_function(
        "([sel, text]) => { const el = document.querySelector(sel); return !!el && el.innerText.includes(text); }",
        arg=[selector, text],
        timeout=timeout,
    )

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CARDS = ".myword-table .myword-card"


def faces(page) -> list[str]:
    return page.eval_on_selector_all(CARDS, "els => els.map(e => e.dataset.face)")


def score(page, index: int = 0) -> int:
    return int(page.locator(".myword-score").nth(index).inner_text().strip())


def pause(page) -> None:
    button = page.get_by_role("button", name="Pause", exact=True).or_(page.get_by_role("button", name="Pausa", exact=True))
    button.click()
    page.wait_for_selector("text=/Paused|En pausa/")


def next_card(page) -> None:
    count = len(faces(page))
    page.locator("button.myword-btn", has_text="Next card").or_(page.locator("button.myword-btn", has_text="Otra carta")).click()
    page.wait_for_function(f"document.querySelectorAll('{CARDS}').length > {count}")


def find_word(page, lang: str, *, want=lambda word, cards: True, deal_more: bool = True) -> tuple[str, tuple]:
    """A word the visible cards make (dealing more by hand until one fits ``want``)."""
    lexicon = load_lexicon(lang)
    for _ in range(72):
        cards = [Card(f) for f in faces(page)]
        for word in hints(cards, lexicon):
            spelled = best_spelling(fold(word), cards)
            if spelled and len(spelled) >= 3 and want(word, spelled):
                return word, spelled
        if not deal_more:
            break
        next_card(page)
    raise AssertionError(f"no suitable word on {faces(page)}")


def assert_no_outside_requests(page, server) -> None:
    outside = [u for u in page.requests if not u.startswith((server.base, "blob:", "data:"))]
    assert outside == [], f"the page fetched from outside the server: {outside}"


def test_play_typed_clicked_and_invalid_words(open_app, server):
    page = open_app("seed=7&bots=1&pace=1")
    # Keyboard-first: the cursor is in the word box.
    page.wait_for_function("document.activeElement && document.activeElement.closest('.myword-entry') !== null")
    page.wait_for_function(f"document.querySelectorAll('{CARDS}').length >= 6")
    pause(page)
    assert score(page) == 0

    # 1. Type a word and press Enter.
    word, _ = find_word(page, "en")
    page.locator(".myword-entry input").fill(word)
    page.locator(".myword-entry input").press("Enter")
    page.wait_for_function("Number(document.querySelector('.myword-score').textContent) > 0")
    first = score(page)
    wait_text(page, ".myword-feedback", f"{word.upper()} is a word")

    # 2. Build a word by clicking its cards in order (no wild card: the cards spell it).
    word, spelled = find_word(page, "en", want=lambda w, cards: not any(c.is_wild for c in cards))
    used: set[str] = set()
    for card in spelled:
        buttons = page.locator(f"{CARDS}[data-face='{card}']")
        for i in range(buttons.count()):
            button = buttons.nth(i)
            card_id = button.get_attribute("data-id")
            if card_id not in used:
                used.add(card_id)
                button.click()
                page.wait_for_selector(f"{CARDS}[data-id='{card_id}'][aria-pressed='true']")
                break
    page.locator("button.myword-call").click()
    page.wait_for_function(f"Number(document.querySelector('.myword-score').textContent) > {first}")
    assert score(page) == first + len(spelled)

    # 3. A word that is not a word: the reason, and the robot's free card.
    robot_before = score(page, 1)
    on_table = page.locator(CARDS).count()
    page.evaluate("""() => { window.__leaving = null; new MutationObserver((changes) => { for (const c of changes)
        for (const n of c.addedNodes) if (n.classList && n.classList.contains('myword-leaving'))
          window.__leaving = n.dataset.face; }).observe(document.body, { childList: true }); }""")
    page.locator(".myword-entry input").fill("zqzq")
    page.locator(".myword-entry input").press("Enter")
    page.wait_for_selector("text=ZQZQ is not a word we know")
    wait_text(page, ".myword-feedback", "Robot 1 took ")  # which card went to whom
    page.wait_for_function(f"Number(document.querySelectorAll('.myword-score')[1].textContent) > {robot_before}")
    wait_text(page, ".myword-feed", "ZQZQ (no: not a word)")
    if on_table:  # a card from the table flies to the robot (a card from the deck never was on it)
        page.wait_for_function("window.__leaving !== null")
        face = page.evaluate("window.__leaving")
        took = "Robot 1 took a wild card" if face.startswith("?") else f"Robot 1 took the {face}"
        assert took in page.locator(".myword-feedback").inner_text()

    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "student.png"))
    assert_no_outside_requests(page, server)


def test_spanish_word_with_enye(open_app, server):
    page = open_app("seed=3&bots=1&pace=1")
    page.get_by_role("button", name="Español").click()
    page.wait_for_selector("text=¡La digo!")
    page.wait_for_function(f"document.querySelectorAll('{CARDS}').length >= 1")
    pause(page)
    word, _ = find_word(page, "es", want=lambda w, cards: "ñ" in w)
    page.locator(".myword-entry input").fill(word)
    page.locator(".myword-entry input").press("Enter")
    page.wait_for_function("Number(document.querySelector('.myword-score').textContent) > 0")
    wait_text(page, ".myword-feedback", word.upper())
    assert "Ñ" in word.upper()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "student-es.png"))
    assert_no_outside_requests(page, server)


def test_cards_are_buttons_with_accessible_names(open_app):
    page = open_app("seed=5&bots=0&pace=1")
    page.wait_for_function(f"document.querySelectorAll('{CARDS}').length >= 3")
    pause(page)
    labels = page.eval_on_selector_all(CARDS, "els => els.map(e => e.getAttribute('aria-label'))")
    assert all(label.startswith(("card ", "wild card")) for label in labels)
    assert page.locator(".myword-table").get_attribute("aria-label") == "Cards on the table"
    # Keyboard: Tab from the page to a card and press Enter to pick it.
    page.locator(CARDS).first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{CARDS}[aria-pressed='true']")


def test_bad_query_values_fall_back_to_defaults(open_app):
    page = open_app("lang=xx&bots=abc&pace=-3&seed=%F0%9F%99%82")
    assert page.locator("button.myword-call").inner_text() == "Call it!"
    assert page.locator(".myword-score").count() == 2  # the student and one robot


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (768, 1024)])
def test_fits_chromebook_and_tablet(open_app, width, height):
    page = open_app("seed=9&bots=2&pace=0.5", width=width, height=height)
    page.wait_for_function(f"document.querySelectorAll('{CARDS}').length >= 12")
    pause(page)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    box = page.locator(".myword-entry input").bounding_box()
    assert box is not None and box["y"] + box["height"] <= height
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"student-{width}x{height}.png"))
