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
