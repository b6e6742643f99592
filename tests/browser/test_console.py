"""What a teacher sees in the window of ``myword-edu serve``: the links and the setup code, none of Jupyter's alarms.

A real server on a free port; a student's page is opened and closed (its
kernel starts, and the page asks to stop it as it closes); then the window's
text is checked, and the log file it names must hold the details.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.browser.conftest import CHROMIUM, Server, free_port

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ALARMS = ("is not trusted", "without encryption", "'_xsrf' argument missing")


def wait_for(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        time.sleep(0.2)  # polling interval while waiting on the condition


def test_the_window_shows_links_and_setup_code_and_the_log_file_the_rest(chromium, tmp_path, monkeypatch):
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))  # the user's log folder (platformdirs, Linux)
    port = free_port()
    server = Server(port, "--db", str(tmp_path / "class.sqlite3"))
    try:
        match = re.search(r"Details for troubleshooting are written to (\S+\.log)", server.log())
        assert match, server.log()
        log_file = Path(match.group(1))
        assert log_file == tmp_path / "state" / "myword-edu" / "log" / f"serve-{port}.log"
        context = chromium.new_context()
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(server.app_url)
        page.wait_for_selector(".myword-table .myword-card")
        page.close(run_before_unload=True)  # as a tab closes: the page asks Voila to stop its kernel
        context.close()
        wait_for(lambda: "/voila/api/shutdown/" in log_file.read_text(encoding="utf-8"), 60,
                 "the closed page's shutdown request is not in the log")  # fmt: skip
    finally:
        server.stop()
    window = server.log()
    assert f"Teacher panel: http://localhost:{port}/voila/render/teacher.ipynb" in window
    assert f"Open this link in a browser: http://localhost:{port}/voila/render/myword.ipynb" in window
    room = f"Live room: students open http://localhost:{port}/voila/render/room.ipynb"  # served on this computer only
    assert room in window and "start it with myword-edu serve --host 0.0.0.0" in window
    assert re.search(r"setup code to choose your passcode: \d{4}-\d{4}", window)
    for alarm in ALARMS:
        assert alarm not in window, window
    assert "WARNING" not in window and "[MyWordVoila]" not in window and "Traceback" not in window, window
    details = log_file.read_text(encoding="utf-8")
    assert "Notebook myword.ipynb is not trusted" in details  # Voila's own lines
    assert "Kernel is running over TCP without encryption" in details  # the kernels' output
    assert "GET /voila/render/myword.ipynb" in details  # tornado's access log
    assert "POST /voila/api/shutdown/" in details
