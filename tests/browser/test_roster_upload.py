"""A class-list file too big for the page is refused in the page, with the limit; Import uses only the file just chosen.

A 12 MB file used to drop the page's websocket with no message (Tornado's
10 MiB limit), and Import then re-imported the previous file. The test
records every websocket frame the page sends: the big file never leaves it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from myword_edu.classroom.passcode import TeacherAuth
from myword_edu.classroom.store import Store

from tests.browser.conftest import CHROMIUM, Server, free_port

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSCODE = "profe-archivo-8"
BIG = 12_345_678  # bytes: over Tornado's 10 MiB websocket message limit


@pytest.fixture(scope="module")
def roster_server(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    db = tmp_path_factory.mktemp("rosterdb") / "class.sqlite3"
    store = Store.open(f"sqlite:///{db}", fresh=True)
    TeacherAuth(store).reset(PASSCODE, PASSCODE)  # as `myword-edu passcode` does
    server = Server(free_port(), "--db", str(db))
    yield server
    server.stop()


def roster_names(page) -> list[str]:
    return page.eval_on_selector_all(".myword-roster tbody td.name", "tds => tds.map(td => td.textContent)")


def wait_for_roster(page, count: int) -> None:
    """The class list shows ``count`` names (it is redrawn just after the import's message)."""
    page.wait_for_function(f"() => document.querySelectorAll('.myword-roster tbody td.name').length === {count}")


def test_a_big_file_is_refused_in_the_page_and_import_never_reuses_an_old_file(roster_server, chromium):
    context = chromium.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.set_default_timeout(120_000)
    sent: list[int] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(len(payload))))
    try:
        page.goto(f"{roster_server.base}/voila/render/teacher.ipynb")
        page.locator(".myword-lock input[type=password]").fill(PASSCODE)
        page.locator("button.myword-unlock").click()
        page.wait_for_selector(".myword-roster-tab")
        picker = page.locator(".myword-roster-tab input[type=file]")

        picker.set_input_files(files=[{"name": "clase.csv", "mimeType": "text/csv", "buffer": b"name\nAna\nBen\n"}])
        page.wait_for_selector("text=clase.csv (13 bytes) is ready: press Import.")
        page.locator("button.myword-import").click()
        page.wait_for_selector("text=Imported 2 students.")
        wait_for_roster(page, 2)
        assert sorted(roster_names(page)) == ["Ana", "Ben"]

        sent.clear()
        picker.set_input_files(files=[{"name": "fotos.zip", "mimeType": "application/zip", "buffer": b"x" * BIG}])
        message = page.locator(".myword-msg.bad", has_text="fotos.zip is 12.3 MB")
        message.wait_for()
        assert re.search(r"too big for a class list\. A class list file may be at most 256 kB", message.inner_text())
        assert max(sent, default=0) < 10_000, sent  # only the name and size went to the server

        page.locator("button.myword-import").click()  # the page is still connected, and nothing old is imported
        page.wait_for_selector("text=Choose a file or paste names first.")
        assert sorted(roster_names(page)) == ["Ana", "Ben"]
        assert "Ana" not in page.locator(".myword-file-chosen").inner_text()
    finally:
        page.close(run_before_unload=True)
        context.close()
