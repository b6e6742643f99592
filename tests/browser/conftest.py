"""A real ``myword-edu serve`` on a free port, and Debian's Chromium driven by Playwright.

Every wait is on a condition with a deadline, never a fixed sleep.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"  # committed
ARTIFACTS = REPO / "tests" / "artifacts"  # ignored by git


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve_command(port: int, *extra: str) -> list[str]:
    """``myword-edu serve`` (the console script if installed, else ``python -m myword_edu``)."""
    script = shutil.which("myword-edu", path=str(Path(sys.executable).parent))
    base = [script] if script else [sys.executable, "-m", "myword_edu"]
    return [*base, "serve", "--no-browser", "--port", str(port), *extra]


class Server:
    """A running ``myword-edu serve``: its base URL, app URL and process."""

    def __init__(self, port: int, *extra: str, ready_timeout: float = 90.0) -> None:
        self.port = port
        self.base = f"http://localhost:{port}"
        self.app_url = f"{self.base}/voila/render/myword.ipynb"
        self.log_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"myword-serve-{port}.log"
        env = {k: v for k, v in os.environ.items() if k != "QUERY_STRING"}
        env["PYTHONPATH"] = os.pathsep.join([str(REPO), *filter(None, [env.get("PYTHONPATH")])])
        # The server's own log file goes to the user's log folder (platformdirs): a test's, not the user's.
        env.setdefault("XDG_STATE_HOME", str(self.log_path.parent / "myword-serve-state"))
        self._log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            serve_command(port, *extra), cwd=REPO, env=env, stdout=self._log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        self._wait_ready(ready_timeout)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"myword-edu serve exited early:\n{self.log()}")
            if "Open this link" in self.log() and self._answers("/"):
                return
            time.sleep(0.1)  # polling interval while waiting on the condition above
        self.stop()
        raise TimeoutError(f"myword-edu serve not ready after {timeout} s:\n{self.log()}")

    def _answers(self, path: str) -> bool:
        """The server answers ``path`` (``/`` redirects to the app: not followed, so no kernel is used)."""
        connection = http.client.HTTPConnection("localhost", self.port, timeout=5)
        try:
            connection.request("GET", path)
            return connection.getresponse().status in (200, 302)
        except OSError:
            return False
        finally:
            connection.close()

    def kernel_ids(self) -> set[str]:
        """The ids of the kernels running now: the server's child processes, read from ``/proc``."""
        ids = set()
        for proc in Path("/proc").iterdir():
            try:
                if not proc.name.isdigit() or int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1]) != self.process.pid:
                    continue
                args = (proc / "cmdline").read_bytes().split(b"\0")
            except (OSError, ValueError, IndexError):  # gone meanwhile
                continue
            for arg in args:
                match = re.search(rb"kernel-([0-9a-f-]{36})\.json$", arg)
                if match:
                    ids.add(match.group(1).decode())
        return ids

    def wait_for_log(self, text: str, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.log():
            if time.monotonic() > deadline:
                raise TimeoutError(f"{text!r} not in the server log:\n{self.log()}")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self._log.close()


@pytest.fixture(scope="session")
def server():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    srv = Server(free_port())
    yield srv
    srv.stop()


ROOM_PASSCODE = "sala-viva-42"


@pytest.fixture(scope="session")
def room_server(tmp_path_factory):
    """A server with a class database for live rooms: students Ana and Ben (English), Carla and Dani
    (Spanish: their pages are in Spanish), passcode ``ROOM_PASSCODE``."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    from myword_edu.classroom.passcode import TeacherAuth
    from myword_edu.classroom.roster import StudentSettings
    from myword_edu.classroom.store import Store

    db = tmp_path_factory.mktemp("roomdb") / "class.sqlite3"
    store = Store.open(f"sqlite:///{db}", fresh=True)
    for name in ("Ana", "Ben"):
        store.add_student(name)
    for name in ("Carla", "Dani"):
        store.add_student(name, StudentSettings(lang="es"))
    TeacherAuth(store, kdf_n=2**10).reset(ROOM_PASSCODE, ROOM_PASSCODE)
    store.dispose()
    srv = Server(free_port(), "--db", str(db))
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def chromium():  # module scope: Playwright's sync API runs an event loop while it is open
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def open_app(server, chromium):
    """Open the app (with a query string) in a fresh page; records every request the page makes."""
    contexts = []

    def open_page(query: str = "", *, width: int = 1366, height: int = 768, timeout: float = 90.0,
                  init_script: str | None = None):  # fmt: skip
        context = chromium.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        if init_script:  # runs before the page's own scripts (e.g. a PerformanceObserver)
            context.add_init_script(init_script)
        page = context.new_page()
        page.requests = []
        page.on("request", lambda request: page.requests.append(request.url))
        page.set_default_timeout(timeout * 1000)
        page.goto(server.app_url + (f"?{query}" if query else ""))
        page.wait_for_selector(".myword-table .myword-card", timeout=timeout * 1000)
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture(scope="module")
def pages(chromium):
    """``pages(url, width=, height=, init_script=)``: a page in a fresh browser context (one device each), open at ``url``.

    Downloads are accepted and dialogs dismissed (their messages kept in ``page.dialogs``); the
    contexts close at the end of the test module.
    """
    contexts = []

    def new_page(url: str, *, width: int = 1366, height: int = 768, init_script: str | None = None):
        context = chromium.new_context(viewport={"width": width, "height": height}, accept_downloads=True)
        contexts.append(context)
        if init_script:  # runs before the page's own scripts (e.g. a PerformanceObserver)
            context.add_init_script(init_script)
        page = context.new_page()
        page.set_default_timeout(90_000)
        page.dialogs = []
        page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
        page.goto(url)
        return page

    yield new_page
    for context in contexts:
        context.close()
