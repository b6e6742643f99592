"""The static site's page without a browser: messages as the page sends them, and what Python sends back."""

from __future__ import annotations

import json

import pytest

from myword_edu.classroom.browser_progress import BrowserProgress, records_json
from myword_edu.classroom.export import attempts_rows, read_csv
from myword_edu.ui.browser import BrowserStorage, build_site_app, games_nav

from tests.ui.conftest import browser_custom
from tests.attempt_rows import attempt_row


@pytest.fixture
def site_page():
    """The site's widget with the page's messages captured (``page.sent``: what reached the browser)."""
    page = build_site_app("myword", "seed=7&bots=0&pace=30", ["myword", "boggle"])
    sent = []
    page.storage.send = lambda content, buffers=None: sent.append((content, buffers))
    page.sent = sent
    return page


def a_word_on_the_table(page) -> str:
    from myword_edu.lexicon.wordlist import load_lexicon
    from myword_edu.myword.solver import hints

    session = page.app.session
    session.start()
    lexicon = load_lexicon("en")
    for _ in range(80):
        found = [w for w in hints(session.round.table, lexicon) if len(w) >= 3]
        if found:
            return found[0]
        session.deal_next()
    raise AssertionError("no word")


def test_each_call_is_handed_to_the_page_before_the_answer_shows(site_page):
    page = site_page
    browser_custom(page.storage, {"type": "load", "data": None, "available": True})
    word = a_word_on_the_table(page)
    feedback_when_saved = []
    original = page.storage.send

    def send(content, buffers=None):
        feedback_when_saved.append(page.app.session.feedback)
        original(content, buffers)

    page.storage.send = send
    page.app.entry.value = word
    page.app.call()
    saves = [c for c, _ in page.sent if c["type"] == "save"]
    assert [r["record"]["kind"] for r in saves] == ["game", "attempt"]
    assert saves[1]["record"]["word"] == word and saves[1]["record"]["accepted"] is True
    assert feedback_when_saved[-1] is None  # saved while the page still showed no answer
    assert page.app.session.feedback.good
    assert "Words tried: 1, accepted: 1." in page.storage.summary


def test_stored_progress_comes_back_and_downloads_as_the_servers_csv(site_page):
    page = site_page
    earlier = BrowserProgress("You")
    game = earlier.start_game(1, lang="en", variant="standard", min_cards=3)
    earlier.record(attempt_row(
        student_id=1, game_id=game, round=1, word="tea", folded="tea", spelling="tea", cards="T E A", card_count=3,
        accepted=True, reason=None, points=3, free_cards=0, min_cards=3, lang="en",
    ))  # fmt: skip
    stored = records_json(earlier.records)
    browser_custom(page.storage, {"type": "load", "data": stored, "available": True})
    assert page.storage.summary == "Kept in this browser. Words tried: 1, accepted: 1."
    browser_custom(page.storage, {"type": "download", "kind": "attempts", "data": stored})
    content, buffers = page.sent[-1]
    assert content["type"] == "file" and content["filename"].startswith("myword-attempts-")
    rows = read_csv(buffers[0])
    assert rows[0] == attempts_rows([], "en")[0] and rows[1][2] == "tea"
    browser_custom(page.storage, {"type": "download", "kind": "summary", "data": stored})
    assert page.sent[-1][0]["filename"].startswith("myword-summary-")


def test_the_page_cannot_load_twice_or_ask_for_other_files(site_page):
    page = site_page
    browser_custom(page.storage, {"type": "load", "data": None, "available": True})
    forged = records_json([{"kind": "game", "game_id": "x", "at": "2026-01-01T00:00:00.000000", "lang": "en",
                            "variant": "standard", "min_cards": 3, "lesson": None}])  # fmt: skip
    browser_custom(page.storage, {"type": "load", "data": forged})
    assert page.storage.progress.records == []
    for message in ({"type": "download", "kind": "../../etc/passwd"}, {"type": "download"}, {"type": "eval"}, "x", []):
        browser_custom(page.storage, message)
    assert page.sent == []


def test_a_browser_without_storage_is_told_to_download(site_page):
    browser_custom(site_page.storage, {"type": "load", "data": None, "available": False})
    assert "download it before you leave" in site_page.storage.summary


def test_switching_to_spanish_relabels_the_bar_and_links(site_page):
    page = site_page
    page.app.lang_toggle.value = "es"
    assert page.storage.labels["attempts"] == "Descargar mi progreso (CSV)"
    assert "Tus palabras" in page.storage.summary
    assert 'href="../?game=boggle&amp;lang=es"' in page.children[2].value


def test_timings_and_no_code_on_the_page(site_page):
    page = site_page
    info = page.children[3].value
    assert "data-lexicon-en-ms" in info and "data-lexicon-es-ms" in info and " hidden " in info
    state = json.dumps(page.storage.get_state(), default=str)
    assert "start_site" not in state


def test_nav_escapes_and_knows_only_real_games():
    assert games_nav("myword", ["myword", '"><script>'], "en") == ""
    assert games_nav("boggle", ["myword", "boggle"], "en").count("<a ") == 2


def test_an_unknown_game_falls_back_to_myword():
    page = build_site_app("chess", "lang=es&seed=1")
    assert "MyWord" in repr(page.app) and page.app.session.lang == "es"
    assert isinstance(page.storage, BrowserStorage)


def test_a_boggle_word_is_kept_and_exported_as_boggle():
    """On the static site, Boggle words go into the browser's progress like MyWord!'s, marked Boggle."""
    from myword_edu.boggle.solver import solve

    page = build_site_app("boggle", "seed=4&bots=0&lang=en", ["myword", "boggle"])
    sent = []
    page.storage.send = lambda content, buffers=None: sent.append((content, buffers))
    browser_custom(page.storage, {"type": "load", "data": None, "available": True})
    session = page.app.session
    session.start()
    word = sorted(solve(session.board, session.lexicon, min_length=session.min_length), key=len)[0]
    session.submit(word)
    saves = [c["record"] for c, _ in sent if c["type"] == "save"]
    assert [r["kind"] for r in saves] == ["game", "attempt"]
    assert saves[0]["game"] == "boggle" and saves[1]["word"].lower() == word and saves[1]["accepted"] is True
    stored = records_json(saves)
    browser_custom(page.storage, {"type": "download", "kind": "attempts", "data": stored})
    rows = read_csv(sent[-1][1][0])
    game_column = rows[0].index("game")
    assert rows[1][game_column] == "Boggle"
