"""Load test with real pages: 10 students in Debian's Chromium in one live room, all calling.

A real ``myword-edu serve`` started with ``--class-size 10 --class-page room`` (ten room pages kept
ready), ten browser contexts (ten Chromebooks) that type the code, pick their names and call words
they see on their own table as fast as they can type; the teacher deals from Python on the same
database. Checked from the database afterwards, as the process load tests do
(``benchmarks/bench_rooms.check``): no card awarded twice, every claim replays to the answer stored,
and every claim has its attempt row (nothing lost).
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from pathlib import Path

import pytest
import sqlalchemy as sa

from myword_edu.classroom.attempts import NOT_TRIES
from myword_edu.classroom import schema as t
from myword_edu.myword.cards import Card
from myword_edu.lexicon.wordlist import load_lexicon
from myword_edu.rooms.replica import RoomError
from myword_edu.rooms.live import TeacherRoom
from myword_edu.myword.solver import words_on_table
from myword_edu.classroom.store import Store
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, Server, free_port
from tests.load.conftest import bench

pytestmark = [pytest.mark.slow, pytest.mark.browser]

STUDENTS = 10
SECONDS = 30.0
MIN_WORD_CALLS = 30  # real words called by the pages, however slow the machine
MAX_SECONDS = 300.0
CARDS = ".myword-table .myword-card"


def test_ten_students_in_chromium_in_one_room_lose_nothing_and_never_share_a_card(tmp_path):
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    playwright_api = pytest.importorskip("playwright.sync_api")
    db = tmp_path / "class.sqlite3"
    store = Store.open(f"sqlite:///{db}", fresh=True)
    names = [f"Student {i:02d}" for i in range(1, STUDENTS + 1)]
    for name in names:
        store.add_student(name)
    lexicons = {"en": load_lexicon("en"), "es": load_lexicon("es")}
    server = Server(free_port(), "--db", str(db), "--class-size", str(STUDENTS), "--class-page", "room",
                    ready_timeout=180)  # fmt: skip
    try:
        room = TeacherRoom.create(store, lang="en", lexicons=lexicons)
        with playwright_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            pages = []
            for name in names:
                page = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
                page.set_default_timeout(240_000)
                page.goto(f"{server.base}/voila/render/room.ipynb?code={room.code}")
                pages.append((name, page))
            for name, page in pages:
                page.locator(".myword-room-code input").press("Enter")
                page.locator("button.myword-room-name", has_text=re.compile(f"^{name}$")).click()
            for name, page in pages:
                page.wait_for_selector(f"text=You are {name}")

            rng = random.Random(7)
            room.start_round()
            sent = words_sent = 0
            start = time.monotonic()
            rounds = 1
            # at least SECONDS of play, and on a loaded machine on until the pages have called enough real
            # words (each page's turn takes longer there), within a deadline
            while (time.monotonic() < start + SECONDS
                   or (words_sent < MIN_WORD_CALLS and time.monotonic() < start + MAX_SECONDS)):  # fmt: skip
                try:
                    room.deal()
                except RoomError:  # the deck ran out, or free cards emptied it: the next round
                    room.finish_round()  # (nothing to do if it is over already)
                    room.start_round()
                    rounds += 1
                    continue
                for name, page in pages:
                    faces = page.eval_on_selector_all(CARDS, "els => els.map(e => e.textContent.trim())")
                    words = sorted(w for w in words_on_table([Card(f) for f in faces], lexicons["en"], min_cards=3)
                                   if not lexicons["en"].is_blocked(w))  # fmt: skip
                    if words:  # a student calls a word they see (the first few, so they race each other)
                        word = rng.choice(words[:4])
                        words_sent += 1
                    elif rng.random() < 0.05:  # or, now and then, gets one wrong
                        word = "zqxv"
                    else:
                        continue
                    box = page.locator(".myword-entry input")
                    if box.is_enabled():  # a student waiting after a wrong call cannot call
                        box.fill(word)
                        box.press("Enter")
                        sent += 1
            browser.close()

        checks = bench("bench_rooms").check(store, room)
        with store.reading() as conn:
            attempts = conn.scalar(sa.select(sa.func.count()).select_from(t.attempts))
        claims = checks["claims"]
        accepted = sum(1 for c in claims.values() if c["accepted"])
        reasons = Counter(c.get("reason") or "accepted" for c in claims.values())
        print(f"{STUDENTS} pages, {rounds} rounds: {sent} calls sent, {len(claims)} judged, {accepted} accepted, "
              f"{checks['awarded']} cards awarded; {dict(reasons)}")  # fmt: skip
        assert checks["twice"] == 0 and checks["mismatched"] == 0
        tries = sum(1 for c in claims.values() if c.get("reason") not in {r.value for r in NOT_TRIES})
        assert attempts == tries  # every judged try has its attempt row (a call after the round is no try)
        assert accepted >= 5  # the pages really played (races show as too_late: printed above)
        assert len({c["actor"] for c in claims.values()}) >= STUDENTS // 2
    finally:
        server.stop()
        store.dispose()
