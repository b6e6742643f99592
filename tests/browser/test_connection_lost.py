"""A page whose kernel died says so, in the page's language, instead of showing a stale table.

The kernel is killed as ``kill -9`` would (the server then starts a fresh one,
which knows nothing of the page's widgets): the page must cover the table with
"connection lost, reopen the link" and a Reopen button that opens a working page.
"""

from __future__ import annotations

import json
import os
import re
import signal
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

COVER = ".myword-connection-lost"


def kernel_pid(server, page) -> int:
    kernel = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if f"kernel-{kernel}.json".encode() in (proc / "cmdline").read_bytes():
                    return int(proc.name)
            except OSError:
                continue
    raise AssertionError(f"no process for kernel {kernel} (running: {server.kernel_ids()})")


def test_a_page_whose_kernel_died_says_so_in_spanish(server, open_app):
    page = open_app("seed=31&bots=0&lang=es")
    assert page.locator(COVER).is_hidden()
    os.kill(kernel_pid(server, page), signal.SIGKILL)
    cover = page.locator(COVER)
    cover.wait_for(state="visible", timeout=90_000)
    assert "Se ha perdido la conexión" in cover.inner_text() and "Vuelve a abrir el enlace" in cover.inner_text()
    assert cover.get_attribute("role") == "alert"
    # The cover is over the stale table: a click lands on it, not on a card.
    assert page.evaluate(f"() => document.elementFromPoint(innerWidth / 2, innerHeight / 2).closest('{COVER}') !== null")
    page.get_by_role("button", name="Volver a abrir").click()  # reloads the link: a working page again
    page.wait_for_selector(".myword-table .myword-card", timeout=180_000)
    assert page.locator(COVER).is_hidden()
    page.get_by_role("button", name="Pausa", exact=True).wait_for()


def test_the_message_follows_the_language_the_student_switched_to(server, open_app):
    page = open_app("seed=32&bots=0")  # English
    page.get_by_role("button", name="Español", exact=True).click()
    page.get_by_role("button", name="Pausa", exact=True).wait_for()
    page.wait_for_function(f"() => document.querySelector('{COVER}').lang === 'es'", timeout=60_000)
    os.kill(kernel_pid(server, page), signal.SIGKILL)
    page.locator(COVER).wait_for(state="visible", timeout=90_000)
    assert re.search("Se ha perdido la conexión", page.locator(COVER).inner_text())


def test_an_english_page_says_it_in_english(server, open_app):
    page = open_app("seed=33&bots=0")
    os.kill(kernel_pid(server, page), signal.SIGKILL)
    page.locator(COVER).wait_for(state="visible", timeout=90_000)
    assert "Connection lost" in page.locator(COVER).inner_text() and "Reopen the link" in page.locator(COVER).inner_text()
