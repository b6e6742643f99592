"""A page whose kernel never answers does not stay blank: it says so, tries again, then asks to reopen.

When a whole class opens the link at once the server can give up on a page
("Timeout waiting for IOPub output"). Here the page's kernel socket is held
silent (Playwright's ``route_web_socket``), so the app can never show, and the
page's clock is Playwright's, moved by hand (no waiting the two minutes).
"""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_page_that_cannot_start_says_so_in_spanish_and_tries_again(server, chromium):
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.route_web_socket(re.compile(r".*/api/kernels/.*"), lambda ws: None)  # the kernel never answers
        page.clock.install()
        loads: list[str] = []
        page.on("load", lambda p: loads.append(p.url))
        page.goto(server.app_url + "?lang=es", wait_until="load")
        assert page.locator(".myword-start-note").count() == 0
        page.clock.run_for(46_000)
        page.wait_for_selector(".myword-start-note >> text=Tu juego todavía se está preparando")
        for attempt in (1, 2):  # two automatic retries
            with page.expect_event("load"):
                page.clock.run_for(121_000)
            assert page.evaluate("sessionStorage.getItem('myword-start-retries')") == str(attempt)
        page.clock.run_for(121_000)
        page.wait_for_selector(".myword-start-note >> text=Esta página no ha podido arrancar")
        assert page.locator(".myword-start-note button", has_text="Volver a abrir").count() == 1
        assert len(loads) == 3
    finally:
        context.close()


def test_a_page_that_starts_shows_no_note(open_app):
    page = open_app("lang=es&seed=3&bots=1")
    page.clock.install()
    page.clock.run_for(130_000)
    assert page.locator(".myword-start-note").count() == 0 and page.locator(".myword-table").count() == 1


def test_a_page_still_on_its_way_is_not_reloaded(server, chromium):
    """Under a whole class's load a page's widgets can take minutes to arrive: while they keep
    arriving the page waits (a reload would throw that work away); once nothing arrives for 90 s it
    tries again."""
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.route_web_socket(re.compile(r".*/api/kernels/.*"), lambda ws: None)  # no app, as on a stuck page
        page.clock.install()
        loads: list[str] = []
        page.on("load", lambda p: loads.append(p.url))
        page.goto(server.app_url, wait_until="load")
        assert page.locator(".jp-OutputArea").count() >= 1
        for _ in range(4):  # 4 minutes of widgets arriving one a minute: no reload
            page.clock.run_for(60_000)
            page.evaluate("document.querySelector('.jp-OutputArea').appendChild(document.createElement('div'))")
        page.wait_for_selector(".myword-start-note >> text=Your game is still getting ready")
        assert len(loads) == 1
        with page.expect_event("load"):  # then nothing more arrives: it tries again
            page.clock.run_for(91_000)
        assert len(loads) == 2
    finally:
        context.close()


def _loading_screen(server, chromium) -> str:
    """The real page's first part, as the server sends it before the kernel has run: head and loading screen."""
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.route_web_socket(re.compile(r".*/api/kernels/.*"), lambda ws: None)
        html = page.goto(server.app_url + "?lang=es&seed=2", wait_until="load").text()
    finally:
        context.close()
    assert "myword-loading-tiles" in html and "Running " not in html  # our loading screen, not Voila's
    return html[: html.index("<div id=\"rendered_cells\"")] + "</body></html>"


@pytest.mark.parametrize("path, reduced, words", [
    ("/voila/render/myword.ipynb?lang=es&seed=2", False, "Preparando tu juego…"),
    ("/voila/render/boggle.ipynb", False, "Getting your game ready…"),
    ("/voila/render/teacher.ipynb?lang=es", True, "Abriendo el panel del profesorado…"),
])  # fmt: skip
def test_the_loading_screen_speaks_the_students_language_and_costs_little(server, chromium, path, reduced, words):
    """While the server starts a page's kernel the student sees letter tiles lighting up in turn and
    words they can read, in the page's language. The tiles move by a timer, twice a second: no CSS
    animation (Voila's spinner turned at 60 frames a second, 5-8.5 % of a core per waiting tab drawn
    without a GPU), and under "reduce motion" they stay still."""
    html = _loading_screen(server, chromium)
    context = chromium.new_context(locale="en-US", reduced_motion="reduce" if reduced else "no-preference")
    try:
        page = context.new_page()
        page.route("http://school.test/**", lambda route: route.fulfill(body=html, content_type="text/html")
                   if "/voila/render/" in route.request.url else route.abort())  # fmt: skip
        page.clock.install()
        page.goto("http://school.test" + path, wait_until="load")
        assert page.locator("#loading .myword-loading-text").inner_text() == words
        assert page.evaluate("document.getAnimations().length") == 0
        if "seed=2" in path:
            from tests.browser.conftest import SCREENSHOTS

            page.set_viewport_size({"width": 1024, "height": 600})
            page.screenshot(path=str(SCREENSHOTS / "loading-es.png"))
        lit = page.locator(".myword-loading-tiles .myword-lit")
        assert lit.inner_text() == "A"
        page.clock.run_for(500)
        assert lit.inner_text() == ("A" if reduced else "B")
        page.clock.run_for(500)
        assert lit.inner_text() == ("A" if reduced else "C")
    finally:
        context.close()
