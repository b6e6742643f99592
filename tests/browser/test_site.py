"""The static site (``myword-edu build-site``) in Debian's Chromium, served on loopback only.

The site is built once for the module (downloads are cached between runs:
``$MYWORD_SITE_CACHE`` or the user's cache folder), served by a plain static
server on 127.0.0.1, and played as a student would: every request the browser
makes (pages and workers) is logged, and any that leaves 127.0.0.1 fails the
test. Words are picked in the test process with the solver, from the cards the
page shows.
"""

from __future__ import annotations

import json
import shutil
import time
from urllib.parse import urlsplit

import pytest

from myword_edu.myword.cards import Card
from myword_edu.classroom.export import attempts_rows, read_csv
from myword_edu.lexicon.wordlist import load_lexicon
from myword_edu.myword.solver import hints
from myword_edu.myword.spelling import best_spelling
from myword_edu.core.text import fold

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

READY_TIMEOUT = 150.0  # seconds: a first visit on a busy 2-core machine
CARDS = ".myword-table .myword-card"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    pytest.importorskip("jupyterlite_core", reason="pip install 'myword-edu[site]'")
    if shutil.which("npm") is None:
        pytest.skip("npm is needed to build the site (apt-get install npm)")
    from myword_edu.site import build_site

    outdir = tmp_path_factory.mktemp("site") / "site"
    started = time.monotonic()
    manifest = build_site(outdir)
    print(f"\nsite built in {time.monotonic() - started:.1f} s: {manifest['files']} files, {manifest['bytes'] / 1e6:.1f} MB")
    return outdir, manifest


@pytest.fixture(scope="module")
def served(site):
    from myword_edu.site.serve import SiteServer

    outdir, _ = site
    with SiteServer(outdir) as server:
        yield server


@pytest.fixture
def student(chromium, served):
    """A fresh browser profile (empty cache and storage) that logs every request, pages and workers alike."""
    context = chromium.new_context(viewport={"width": 1366, "height": 768}, accept_downloads=True)
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    context.requests = requests  # type: ignore[attr-defined]
    yield context
    context.close()


def outside(requests: list[str]) -> list[str]:
    """Requests to anywhere but 127.0.0.1 (``blob:`` and ``data:`` URLs never leave the browser)."""
    return [u for u in requests if not u.startswith(("blob:", "data:")) and urlsplit(u).hostname != "127.0.0.1"]


def open_site(context, served, query: str = ""):
    page = context.new_page()
    page.requests = []
    page.on("request", lambda request: page.requests.append(request.url))  # workers' requests too
    page.set_default_timeout(60_000)
    page.goto(served.url + (f"?{query}" if query else ""))
    return page, wait_ready(page)


def wait_ready(page):
    """The app's frame once the loading screen has gone (the table shows a card)."""
    page.wait_for_function("window.myword && (window.myword.readyAt || window.myword.failed)", timeout=READY_TIMEOUT * 1000)
    state = page.evaluate("window.myword")
    assert not state["failed"], f"the site failed to start: {state['failed']}"
    assert page.locator("#myword-loading").is_hidden()
    frame = next(f for f in page.frames if "/repl/" in f.url)
    print(f"\ninteractive after {state['readyAt'] / 1000:.1f} s")
    return frame


def faces(frame) -> list[str]:
    return frame.eval_on_selector_all(CARDS, "els => els.map(e => e.dataset.face)")


def score(frame) -> int:
    return int(frame.locator(".myword-score").first.inner_text().strip())


def find_word(frame, lang: str) -> str:
    """A word of 3+ cards on the table (dealing more by hand until there is one)."""
    lexicon = load_lexicon(lang)
    for _ in range(72):
        cards = [Card(f) for f in faces(frame)]
        for word in hints(cards, lexicon):
            spelled = best_spelling(fold(word), cards)
            if spelled and len(spelled) >= 3:
                return word
        count = len(cards)
        frame.locator("button.myword-btn", has_text="Next card").click()
        frame.wait_for_function(f"document.querySelectorAll('{CARDS}').length > {count}")
    raise AssertionError(f"no word on {faces(frame)}")


def call(frame, word: str) -> None:
    entry = frame.locator(".myword-entry input")
    entry.fill(word)
    entry.press("Enter")


def no_code_shown(frame) -> None:
    """Nothing of the notebook machinery is visible: no code, no prompt, no toolbar."""
    for selector in (".jp-InputArea", ".jp-CodeConsole-promptCell", ".jp-Toolbar", "#jp-top-panel", ".cm-editor"):
        visible = frame.eval_on_selector_all(selector, "els => els.filter(e => e.offsetParent !== null).length")
        assert visible == 0, f"{selector} is visible"
    assert "start_site" not in frame.locator("body").inner_text()


def test_play_reload_and_download_progress_offline(student, served, tmp_path):
    page, frame = open_site(student, served, "seed=7&bots=1&pace=1")
    no_code_shown(frame)
    timings = frame.eval_on_selector(".myword-site-info", "e => ({...e.dataset})")
    print("start-up timings in the browser (ms):", timings)
    assert float(timings["lexiconEnMs"]) >= 0 and float(timings["lexiconEsMs"]) >= 0

    # A valid word: the score goes up and the answer says so.
    frame.get_by_role("button", name="Pause", exact=True).click()
    frame.wait_for_selector("text=Paused")
    assert score(frame) == 0
    word = find_word(frame, "en")
    call(frame, word)
    frame.wait_for_function("Number(document.querySelector('.myword-score').textContent) > 0")
    assert f"{word.upper()} is a word" in frame.locator(".myword-feedback").inner_text()
    won = score(frame)
    # A word that is not in the list: refused, recorded as such.
    call(frame, "qzxv")
    frame.wait_for_function("document.querySelector('.myword-progress-text').textContent.includes('Words tried: 2')")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "site.png"))

    # The progress survives a reload (the browser's storage), and downloads as the server's CSV.
    page.reload()
    frame = wait_ready(page)
    frame.wait_for_function("document.querySelector('.myword-progress-text').textContent.includes('Words tried: 2, accepted: 1')")
    with page.expect_download() as download_info:
        frame.locator("button.myword-download-attempts").click()
    download = download_info.value
    assert download.suggested_filename.startswith("myword-attempts-") and download.suggested_filename.endswith(".csv")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    rows = read_csv(path.read_bytes())
    assert path.read_bytes().startswith("\ufeff".encode())  # the export's BOM: Excel reads the accents
    header = attempts_rows([], "en")[0]
    assert rows[0] == header
    column = {name: i for i, name in enumerate(header)}
    assert len(rows) == 3, rows
    good, bad = rows[1], rows[2]
    assert good[column["word typed"]] == word and good[column["accepted"]] == "yes"
    assert int(good[column["points"]]) == won and good[column["student"]] == "You"
    assert bad[column["word typed"]] == "qzxv" and bad[column["accepted"]] == "no" and bad[column["reason"]]

    stored = frame.evaluate("localStorage.getItem('myword-edu/progress/v1')")
    assert json.loads(stored)["records"][0]["kind"] == "game"

    assert outside(student.requests) == [], f"requests left 127.0.0.1: {outside(student.requests)}"
    assert outside(page.requests) == []
    assert all(r.status < 400 for r in served.requests if r.path.split("?")[0] != "/favicon.ico"), [
        (r.path, r.status) for r in served.requests if r.status >= 400
    ]


def test_spanish_on_a_classroom_network_with_bad_stored_progress(chromium, served):
    """A plain-http address on the class network (not a secure context: no service worker) works;
    ``?lang=es`` starts the Spanish game; stored records someone edited by hand are left out."""
    # classroom.test stands for the teacher's computer on the network; it resolves to 127.0.0.1.
    rules = "--host-resolver-rules=MAP classroom.test 127.0.0.1"
    browser = chromium.browser_type.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, rules])
    try:
        page = browser.new_page()
        requests: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        base = f"http://classroom.test:{served.port}/"
        page.goto(base + "site.css")  # same origin: seed the storage before the app starts
        assert page.evaluate("window.isSecureContext") is False
        page.evaluate(
            """localStorage.setItem('myword-edu/progress/v1', JSON.stringify({version: 1, records: [
                 {kind: 'attempt', at: 'not a time', word: '<img src=x onerror=alert(1)>'}, 42, null]}))"""
        )
        page.goto(base + "?lang=es&seed=3")
        frame = wait_ready(page)
        assert "¡MyWord!" in frame.locator(".myword-title").inner_text()
        assert "Tus palabras se guardan" in frame.locator(".myword-progress-text").inner_text()
        assert page.title() == "¡MyWord!"
        frame.get_by_role("button", name="Pausa", exact=True).click()
        call(frame, "zzzq")
        frame.wait_for_function("document.querySelector('.myword-progress-text').textContent.includes('intentadas: 1')")
        left = [u for u in requests if not u.startswith(("blob:", "data:")) and urlsplit(u).hostname != "classroom.test"]
        assert left == [], f"requests left the server: {left}"
    finally:
        browser.close()


def test_site_lists_only_what_it_ships(site):
    """The configuration points only at files in the folder; Pyodide's lock lists exactly the shipped wheels."""
    outdir, manifest = site
    config = json.loads((outdir / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True and kernel["pyodideUrl"].startswith("./static/pyodide/")
    lock = json.loads((outdir / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert sorted(lock["packages"]) == sorted(kernel["loadPyodideOptions"]["packages"])
    for entry in lock["packages"].values():
        assert (outdir / "static" / "pyodide" / entry["file_name"]).is_file()
    assert "myword" in manifest["games"]


def test_boggle_word_on_a_seeded_board(student, served):
    """Boggle from the same site (``?game=boggle``): the seed's board, a word typed and counted."""
    from myword_edu.boggle.board import Board
    from myword_edu.boggle.solver import solve

    page, frame = open_site(student, served, "game=boggle&seed=11&minutes=3")
    no_code_shown(frame)
    assert page.title() == "Boggle"
    frame.get_by_role("button", name="Start", exact=True).click()
    # The countdown runs (an asyncio task in the browser kernel).
    frame.wait_for_function("['2:58', '2:57', '2:56'].includes(document.querySelector('.boggle-clock').textContent.trim())")
    cubes = ".boggle-grid .boggle-cube"
    frame.wait_for_function(f"[...document.querySelectorAll('{cubes}')].every(e => e.dataset.face)")
    board = Board.roll("new", seed="11-1")
    assert frame.eval_on_selector_all(cubes, "els => els.map(e => e.dataset.face)") == [f for row in board.rows for f in row]
    lexicon = load_lexicon("en")
    word = min((w for w in solve(board, lexicon) if not lexicon.is_blocked(w)), key=lambda w: (-lexicon.zipf(w), w))
    entry = frame.locator(".boggle-entry input")
    entry.fill(word)
    entry.press("Enter")
    frame.wait_for_function(f"document.querySelector('.boggle-found').innerText.includes({word.upper()!r})")
    assert f"{word.upper()}: +" in frame.locator(".myword-feedback").inner_text()
    # The other game is one link away.
    assert frame.locator(".myword-site-nav a", has_text="MyWord!").get_attribute("href") == "../?game=myword&lang=en"
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "site-boggle.png"))
    assert outside(student.requests) == [], f"requests left 127.0.0.1: {outside(student.requests)}"


def test_a_found_word_is_heard_on_the_site(student, served):
    """The "hear it" button of a Boggle word says it with the synthesizer the site ships (no voice
    of the browser's own), loaded from the site's folder on the first click (tests/browser/test_speech.py)."""
    from myword_edu.boggle.round import Board
    from myword_edu.boggle.dice import default_dice
    from myword_edu.boggle.solver import solve

    from tests.browser.test_speech import NO_VOICES, TAP, assert_speech

    student.add_init_script(TAP)
    student.add_init_script(NO_VOICES)
    page, frame = open_site(student, served, "game=boggle&seed=11&minutes=3&lang=es")
    frame.get_by_role("button", name="Empezar", exact=True).click()
    frame.wait_for_function("[...document.querySelectorAll('.boggle-grid .boggle-cube')].every(e => e.dataset.face)")
    lexicon = load_lexicon("es")
    word = min((w for w in solve(Board.roll(default_dice("es"), seed="11-1"), lexicon) if not lexicon.is_blocked(w)),
               key=lambda w: (-lexicon.zipf(w), w))  # fmt: skip
    frame.locator(".boggle-entry input").fill(word)
    frame.locator(".boggle-entry input").press("Enter")
    button = frame.locator(".boggle-found button.myword-hear").first
    button.wait_for()
    assert button.get_attribute("data-lang") == "es"
    assert not any("/static/espeak-ng/" in r.path for r in served.requests)
    button.click()
    frame.wait_for_function("window.__heard.length > 0", timeout=120_000)
    assert_speech(frame.evaluate("window.__heard[0]"), f"Spanish {word!r} on the site")
    assert {r.path for r in served.requests if "/static/espeak-ng/" in r.path} == {
        "/static/espeak-ng/espeak-ng.js", "/static/espeak-ng/espeak-ng.data",
    }  # fmt: skip
    assert outside(student.requests) == [], f"requests left 127.0.0.1: {outside(student.requests)}"
