"""Reading the page's request: the query string that carries practice settings.

Voila puts the request's query string in the kernel's ``QUERY_STRING``
environment variable. With preheated kernels the notebook runs before anyone
asks for the page, so :func:`query_from_request` first waits for Voila to
hand the request over (:func:`wait_for_request`, which returns at once when
the kernel is not preheated or not under Voila at all).

:func:`wait_for_request` does what ``voila.utils.wait_for_request`` does
without importing Voila: ``voila.utils`` imports jupyter_server, nbconvert and
about 700 other modules, some 40 MiB of private memory in every kernel kept
ready for a student (measured: 43 MiB), for one websocket message.
"""

from __future__ import annotations

import json
import logging
import os

from myword_edu.core.text import Lang
from myword_edu.ui.myword.settings import Settings

__all__ = ["preload", "settings_from_request", "query_from_request", "wait_for_request", "query_url"]

log = logging.getLogger(__name__)


def preload() -> None:
    """Load what every page needs (widgets, both word lists) before the request arrives."""
    from myword_edu.lexicon.wordlist import load_lexicon
    # ipywidgets, anywidget and the game; not the class store (SQLAlchemy, 10 MiB of each kernel): a practice link
    # never opens it, and a page that does loads it then (about 0.2 s)
    from myword_edu.ui import whoami; from myword_edu.ui.myword import app  # noqa: F401

    for lang in Lang:
        try:
            load_lexicon(lang.value)
        except OSError:
            log.warning("the %s word list is missing", lang.value)


def query_url(environ: dict[str, str] | os._Environ[str] | None = None) -> str | None:
    """The address where Voila hands a preheated kernel its request, or ``None`` outside one.

    The same address ``voila.utils.wait_for_request`` builds from Voila's environment variables.

    >>> query_url({"VOILA_PREHEAT": "True", "VOILA_APP_IP": "127.0.0.1", "VOILA_APP_PORT": "8866",
    ...            "VOILA_SERVER_URL": "/", "VOILA_KERNEL_ID": "k1"})
    'ws://127.0.0.1:8866/voila/query/k1'
    >>> query_url({"VOILA_PREHEAT": "False"}) is None
    True
    """
    env = os.environ if environ is None else environ
    if env.get("VOILA_PREHEAT", "False") == "False":
        return None
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    ip = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", "8866")
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{ip}:{port}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"


def wait_for_request() -> None:
    """In a preheated kernel, wait until a visitor's request arrives and put it in the environment.

    Voila answers the kernel's websocket with one JSON message of the request's
    variables (``QUERY_STRING``, ``SCRIPT_NAME``...) once the page is opened.
    Returns at once outside a preheated Voila kernel.
    """
    url = query_url()
    if url is None:
        return
    from websockets.sync.client import connect

    try:
        with connect(url, open_timeout=5, max_size=2**20) as websocket:
            message = websocket.recv()
    except (OSError, TimeoutError) as error:  # Voila gone: the page can never come
        log.warning("no request from Voila at %s: %s", url, error)
        return
    for key, value in json.loads(message).items():
        os.environ[str(key)] = str(value)


def query_from_request() -> str:
    """The page's query string (after waiting for the request, in a preheated kernel)."""
    wait_for_request()
    return os.environ.get("QUERY_STRING", "")


def settings_from_request() -> Settings:
    """The settings in the page's query string (defaults for anything missing or wrong)."""
    return Settings.from_query(query_from_request())
