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
