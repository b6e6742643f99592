"""The wait after a failed call and the teacher's mute, as a student and a teacher see them (fake-comm
browser): the page says why and counts down in the student's language, a forged click during the wait
is refused without a penalty, a reopened page shows the same wait, the teacher's tab marks the
flooder, and muting them changes what their page says. Join codes cost a growing wait."""

from __future__ import annotations

import pytest

from myword_edu.classroom.roster import StudentSettings
from myword_edu.classroom.code_guard import CLASS_BURST
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.classroom.passcode import TeacherAuth
from myword_edu.classroom.presence import STALE_SECONDS
from myword_edu.core.resources import data_dir
from myword_edu.rooms.live import TeacherRoom
from myword_edu.classroom.store import Store
from myword_edu.ui.room.page import RoomPage
from myword_edu.ui.teacher.panel import TeacherPanel
from myword_edu.ui.teacher.room import RoomTab
from myword_edu.ui.widgets.timer import Pacer
from tests.store_clock import StoreClock

PASSCODE = "aula-viva-9"
DECK = "S T A R D O G E N C I S T A R"


@pytest.fixture
def store(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", fresh=True)
    store.now = StoreClock()
    store.add_student("Ana")
    store.add_student("Ben")
    store.add_student("Eva", StudentSettings.from_dict({"min_cards": 3, "lang": "es", "variant": "standard",
                                                       "bot_level": "easy"}))  # fmt: skip
    return store


@pytest.fixture
def tab(store, lex, clock):
    auth = TeacherAuth(store, kdf_n=2**10)
    auth.reset(PASSCODE, PASSCODE)
    panel = TeacherPanel(store=store, auth=auth, library=LessonLibrary([data_dir("lessons")]), clock=clock)
    assert panel.unlock(PASSCODE)
    tab = next(t for t in panel.tabs if isinstance(t, RoomTab))
    tab._lexicons = lex
    tab.room = panel.live_room = TeacherRoom.create(store, lexicons=lex, deck=DECK)
    tab.pacer = Pacer(1.0)
    tab._show_controls(True)
    tab.redraw()
    return tab


def _student(store, lex, browser, code, name, clock):
    page = RoomPage(store=store, lexicons=lex, clock=clock)
    browser.update(page.code_box, value=code)
    browser.click(page.join_button)
    button = next(b for b in browser.widgets(page.root) if getattr(b, "description", None) == name)
    browser.click(button)
    assert page.seat is not None and page.seat.name == name
    return page


def _call(browser, page, word):
    browser.update(page.entry, value=word)
    browser.custom(page.entry, {"event": "submit"})


def test_the_page_says_why_it_waits_counts_down_and_a_forged_click_costs_nobody(store, lex, tab, browser, clock):
    ana = _student(store, lex, browser, tab.room.code, "Ana", clock)
    eva = _student(store, lex, browser, tab.room.code, "Eva", clock)
    browser.click(tab.start_button)
    for _ in range(8):
        browser.click(tab.deal_button)
    ana._tick(), eva._tick()
    _call(browser, ana, "zqxj")
    assert "Not this time" in ana.feedback.value
    assert "Your last call was not allowed. Wait 2 s" in ana.wait_note.value and ana.call_button.disabled
    scores = tab.room.sync().scores
    for _ in range(20):  # a page script hammering the (disabled) button
        browser.click(ana.call_button)
    assert tab.room.sync().scores == scores and len(store.attempts()) == 1
    store.now.advance(1.2)
    ana._tick()  # the page's 150 ms poll: the countdown
    assert "Wait 1 s" in ana.wait_note.value
    store.now.advance(1)
    ana._tick()
    assert ana.wait_note.value == "" and not ana.call_button.disabled
    _call(browser, ana, "qqq")  # a second failed call in the minute: a longer wait, said so
    assert "You called 2 words that were not allowed in the last minute" in ana.wait_note.value
    assert "Wait 4 s" in ana.wait_note.value
    for wait in (4, 8):  # two more failed calls: 16 s to wait
        store.now.advance(wait + 0.1)
        ana._tick()
        _call(browser, ana, "qqqz")
    assert "Wait 16 s" in ana.wait_note.value
    store.now.advance(STALE_SECONDS + 1)  # the tab closed, so its seat went quiet; it is reopened
    again = _student(store, lex, browser, tab.room.code, "Ana", clock)
    assert "Wait 5 s" in again.wait_note.value and again.call_button.disabled
    store.now.advance(0.5)
    _call(browser, eva, "xqzj")  # a Spanish student's page says it in Spanish
    assert "Tu última palabra no valía. Espera 2 s" in eva.wait_note.value


def test_the_teacher_sees_the_flooder_and_mutes_them(store, lex, tab, browser, clock):
    ana = _student(store, lex, browser, tab.room.code, "Ana", clock)
    ben = _student(store, lex, browser, tab.room.code, "Ben", clock)
    browser.click(tab.start_button)
    for _ in range(8):
        browser.click(tab.deal_button)
    ana._tick(), ben._tick()
    for _ in range(12):
        _call(browser, ana, "zqxj")
        store.now.advance(0.2)
    ana.seat.heartbeat()  # the page's heartbeat writes the refused calls still pending
    tab._tick()
    tab.redraw()
    players = tab.players.value
    assert "Ana: connected · last minute: 2 wrong calls, 10 refused while waiting" in players
    assert "myword-room-flagged" in players and "⚠ calling too fast" in players
    assert "Ben: connected</li>" in players  # nothing to say about Ben
    tab.who.value = "Ana"
    browser.click(tab.mute_button)
    assert "muted until the next round" in tab.players.value
    store.now.advance(60)
    ana._tick()
    assert "Your teacher has paused your calls until the next round." in ana.wait_note.value
    assert ana.call_button.disabled
    before = tab.room.sync().seq
    _call(browser, ana, "star")  # a muted student's call writes nothing at all
    assert tab.room.sync().seq == before and "paused" in ana.wait_note.value
    browser.click(tab.unmute_button)
    ana._tick()
    assert ana.wait_note.value == ""
    browser.click(tab.mute_button)
    browser.click(tab.end_button)
    browser.click(tab.start_button)  # a new round: everyone may call again
    ana._tick()
    assert ana.wait_note.value == "" and not ana.call_button.disabled
    ben.seat.poll()
    tab.who.value = "Ben"
    browser.click(tab.remove_button)  # taken out mid-round: the page says so
    browser.click(tab.deal_button)
    _call(browser, ben, "star")
    assert "taken you out" in ben.feedback.value


def test_wrong_room_codes_cost_a_growing_wait_in_the_pages_language(store, lex, tab, browser, clock):
    page = RoomPage(store=store, lexicons=lex, lang="es", clock=clock)
    tried = 0
    for _ in range(500):  # 500 wrong codes as fast as the page can send them, over 20 seconds
        browser.update(page.code_box, value="ZZZZZ")
        browser.click(page.join_button)
        tried += "No hay ninguna sala abierta" in page.message.value
        clock.advance(0.04)
        store.now.advance(0.04)
    assert tried == 5  # checked at 0, 1, 3, 7 and 15 s: the others were refused unchecked
    assert "Espera" in page.message.value and page.seat is None
    browser.update(page.code_box, value=tab.room.code)
    browser.click(page.join_button)
    assert "Espera" in page.message.value and page.seat is None  # even the right code waits its turn
    other = RoomPage(store=store, lexicons=lex, clock=clock)  # a classmate's page is not slowed down
    browser.update(other.code_box, value=tab.room.code)
    browser.click(other.join_button)
    assert "Who are you?" in browser.page_state(other.root)


def test_many_tabs_cannot_guess_fast_and_the_right_code_gets_in_after_a_short_wait(store, lex, tab, browser, clock):
    tried = 0
    for _ in range(200):  # a new page (a new kernel) for every guess, 50 a second
        page = RoomPage(store=store, lexicons=lex, clock=clock)
        browser.update(page.code_box, value="ZZZZZ")
        browser.click(page.join_button)
        tried += "no open room" in page.message.value
        store.now.advance(0.02)
    assert CLASS_BURST <= tried <= CLASS_BURST + 4 + 1  # the class's bound: a burst, then one a second
    refused = False
    while not refused:  # the guessing goes on now, until a guess is refused
        page = RoomPage(store=store, lexicons=lex, clock=clock)
        browser.update(page.code_box, value="ZZZZZ")
        browser.click(page.join_button)
        refused = "Many codes were tried in your class just now" in page.message.value
    honest = RoomPage(store=store, lexicons=lex, clock=clock)
    browser.update(honest.code_box, value=tab.room.code)
    browser.click(honest.join_button)
    assert "Many codes were tried in your class just now. Wait 1 second" in honest.message.value
    store.now.advance(1)
    browser.click(honest.join_button)
    assert "Who are you?" in browser.page_state(honest.root)
