"""A preheated kernel waits for its visitor's request without importing Voila.

``voila.utils`` pulls in jupyter_server and nbconvert (about 40 MiB in every
kernel kept ready for a student); ``myword_edu.ui.request`` speaks Voila's
one-message websocket protocol itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

import pytest
from websockets.sync.server import serve

from myword_edu.ui.request import query_from_request, query_url


def _voila_query_server(message: dict[str, str]):
    """A stand-in for Voila's ``/voila/query/<kernel>`` socket: sends the request once."""
    paths: list[str] = []

    def handler(connection):
        paths.append(connection.request.path)
        connection.send(json.dumps(message))

    server = serve(handler, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, paths


def _preheated_env(port: int) -> dict[str, str]:
    return {
        "VOILA_PREHEAT": "True",
        "VOILA_APP_IP": "127.0.0.1",
        "VOILA_APP_PORT": str(port),
        "VOILA_SERVER_URL": "/",
        "VOILA_KERNEL_ID": "kernel-1",
    }


def test_a_preheated_page_gets_its_visitors_query_string(monkeypatch):
    server, paths = _voila_query_server({"QUERY_STRING": "lang=es&seed=7", "SCRIPT_NAME": "/voila/render/myword.ipynb"})
    try:
        for key, value in _preheated_env(server.socket.getsockname()[1]).items():
            monkeypatch.setenv(key, value)
        monkeypatch.setenv("QUERY_STRING", "")
        assert query_from_request() == "lang=es&seed=7"
        assert paths == ["/voila/query/kernel-1"]
    finally:
        server.shutdown()


def test_a_page_outside_a_preheated_kernel_does_not_wait(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "lang=es")
    assert query_url() is None
    assert query_from_request() == "lang=es"


def test_waiting_for_the_request_loads_no_server_package():
    server, _ = _voila_query_server({"QUERY_STRING": "bots=2"})
    try:
        code = (
            "import sys\n"
            "from myword_edu.ui import query_from_request\n"
            "assert query_from_request() == 'bots=2'\n"
            "print(sorted(m for m in ('voila', 'jupyter_server', 'nbconvert', 'tornado.web') if m in sys.modules))\n"
        )
        env = {**_preheated_env(server.socket.getsockname()[1]), "PATH": "/usr/bin:/bin"}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120, check=True)
        assert out.stdout.strip() == "[]"
    finally:
        server.shutdown()


@pytest.mark.parametrize("notebook", ["myword", "boggle"])
def test_a_practice_page_plays_without_loading_the_class_store(notebook, tmp_path):
    """A practice link never opens the class store, so its kernel does not load SQLAlchemy (10 MiB each)."""
    page = ("from myword_edu.ui import StudentPage as Page\nquery = 'seed=3&bots=2&pace=0.1'\n" if notebook == "myword" else
            "from myword_edu.ui.boggle.page import BogglePage as Page\nquery = 'seed=3&bots=1&level=easy'\n")  # fmt: skip
    code = (
        "import asyncio, sys\n"
        "from myword_edu.ui import preload\n"
        "preload()\n" + page +
        "p = Page(query)\n"
        "async def play():\n"
        "    p.app._ready()\n"
        "    await asyncio.sleep(1.5)\n"
        "asyncio.run(play())\n"
        "print(type(p.app).__name__, p.student is None, sorted(m for m in ('sqlalchemy', 'myword_edu.classroom.store') if m in sys.modules))\n"
    )  # fmt: skip
    env = {**os.environ, "MYWORD_EDU_DB": f"sqlite:///{tmp_path / 'class.db'}"}
    env.pop("QUERY_STRING", None)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.split()[-2:] == ["True", "[]"], out.stdout + out.stderr


def test_the_room_join_screen_shows_before_the_class_store_loads_then_a_code_opens_it(tmp_path):
    """A class's room pages start at the same moment; their codes are typed later. The join screen
    shows without SQLAlchemy (0.25 CPU-s and 10 MiB of each kernel); the first code opens the store
    and, right or wrong, is checked against it."""
    from myword_edu.classroom.store import Store

    url = f"sqlite:///{tmp_path / 'class.db'}"
    store = Store.open(url, fresh=True)
    store.add_student("Ana")
    code = (
        "import sys\n"
        "from myword_edu.ui.room.page import RoomPage\n"
        "page = RoomPage.from_query('lang=es')\n"
        "before = 'sqlalchemy' in sys.modules\n"
        "wrong = page.enter_code('ZZZZZZ')\n"
        "print(before, wrong, 'sqlalchemy' in sys.modules, 'No hay' in page.message.value or page.message.value)\n"
    )  # fmt: skip
    env = {**os.environ, "MYWORD_EDU_DB": url}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.split()[:4] == ["False", "False", "True", "True"], out.stdout + out.stderr
