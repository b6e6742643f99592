"""One page per student: a second page picking a name that is playing is told so, the teacher lets it
in, the first page stops; a closed page's seat comes back within seconds; picture passwords. Every
test also forges what a hostile page can send (clicks on hidden buttons, synced traits)."""

from __future__ import annotations

import pytest

from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.classroom.passcode import TeacherAuth
from myword_edu.classroom.presence import STALE_SECONDS, knocks
from myword_edu.core.resources import data_dir
from myword_edu.rooms.live import TeacherRoom
from myword_edu.classroom.sign_in import PICTURES, SignIn, check_pictures, give_pictures, set_sign_in_mode
from myword_edu.classroom.store import Store
from myword_edu.ui.boggle.page import BogglePage
from myword_edu.ui.room.page import RoomPage
from myword_edu.ui.teacher.panel import TeacherPanel
from myword_edu.ui.whoami import StudentPage
from tests.store_clock import StoreClock

PASSCODE = "asientos-7"
TAKEN = "Ana is already playing on another device; ask your teacher."


@pytest.fixture
def store(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 'seats.sqlite3'}", fresh=True)
    store.now = StoreClock()
    for name in ("Ana", "Ben"):
        store.add_student(name)
    return store


@pytest.fixture(scope="module")
def library():
    return LessonLibrary([data_dir("lessons")])


@pytest.fixture
def lex(lexicons):
    return {"en": lexicons("en"), "es": lexicons("es")}


@pytest.fixture
def page_for(store, lexicons, clock, library):
    def make(kind=StudentPage):
        if kind is BogglePage:
            return BogglePage("", store=store, lexicons=lexicons, now=clock, wall=clock)
        return StudentPage("", store=store, lexicons=lexicons, now=clock, lessons=library, wall=clock)

    return make


@pytest.fixture
def panel(store, library, clock):
    auth = TeacherAuth(store, kdf_n=2**10)
    auth.reset(PASSCODE, PASSCODE)
    panel = TeacherPanel(store=store, auth=auth, library=library, clock=clock)
    assert panel.unlock(PASSCODE)
    return panel


def student_id(store, name):
    return next(s.id for s in store.students() if s.name == name)


def name_button(browser, page, name):
    return next(b for b in browser.widgets(page.root) if getattr(b, "description", None) == name
                and "myword-picture" not in getattr(b, "_dom_classes", ()))  # fmt: skip


def text_of(browser, root) -> str:
    return " ".join(str(getattr(w, "value", "")) for w in browser.widgets(root) if type(w).__name__ == "HTML")


def pulse(browser, page, clock):
    """The page's heartbeat, as its JavaScript sends it every few seconds."""
    clock.advance(3)
    page.store.now.advance(3)
    browser.custom(page.pulse if hasattr(page, "pulse") and page.pulse is not None else page.gate.pulse,
                   {"event": "alive"})


def let_in_button(browser, panel, name):
    panel.seat_requests.redraw()  # what its one-second poll does
    return next(b for b in browser.widgets(panel.seat_requests.root) if getattr(b, "description", "") == f"Let {name} in")


def test_a_second_page_is_told_the_name_is_playing_until_the_teacher_lets_it_in(store, page_for, panel, browser, clock):
    ana_id = student_id(store, "Ana")
    first = page_for()
    browser.click(name_button(browser, first, "Ana"))
    assert first.app is not None and first.student.name == "Ana"
    second = page_for()
    browser.click(name_button(browser, second, "Ana"))
    assert second.app is None and TAKEN in text_of(browser, second.root)
    # forged: the hidden name button again, pulses, a renamed button, a direct pick: still not in
    browser.click(name_button(browser, second, "Ana"))
    for wd in browser.widgets(second.root):
        if getattr(wd, "description", None) == "Ben":
            browser.update(wd, description="Ana")
    pulse(browser, first, clock)
    pulse(browser, second, clock)
    second.pick(ana_id)
    assert second.app is None and second.student is None and TAKEN in text_of(browser, second.root)
    first.app.session.submit("zzz")
    assert [a.student for a in store.attempts()] == ["Ana"]  # the first page plays on
    # the teacher's panel names who asks, above every tab; the second page gets in at its next beat
    browser.click(let_in_button(browser, panel, "Ana"))
    assert "Ana plays on the new device now" in panel.seat_requests.message.value
    pulse(browser, second, clock)
    assert second.app is not None and second.student.name == "Ana"
    # the first page: its next call is not stored and it says why
    first.app.session.submit("qqq")
    assert [a.word for a in store.attempts()] == ["zzz"]
    assert first.app is None and "Ana is playing on another device now" in text_of(browser, first.root)
    second.app.session.submit("xyz")
    assert [a.word for a in store.attempts()] == ["zzz", "xyz"]
    # "Choose your name again" on the first page: Ana's seat is in use, so it asks again
    again = next(b for b in browser.widgets(first.root) if "myword-seat-again" in getattr(b, "_dom_classes", ()))
    browser.click(again)
    browser.click(name_button(browser, first, "Ana"))
    assert first.app is None and TAKEN in text_of(browser, first.root)


def test_in_spanish_and_not_me_frees_the_seat_at_once(store, page_for, browser):
    from myword_edu.classroom.roster import StudentSettings

    store.update_class(defaults=StudentSettings(lang="es"))
    store.update_students([s.id for s in store.students()], lang="es")  # the gate speaks the student's language
    first, second = page_for(), page_for()
    browser.click(name_button(browser, first, "Ana"))
    browser.click(name_button(browser, second, "Ana"))
    assert "Ana ya está jugando en otro dispositivo; pregúntale a tu maestro." in text_of(browser, second.root)
    back = next(b for b in browser.widgets(second.root) if "myword-seat-back" in getattr(b, "_dom_classes", ()))
    browser.click(back)
    assert knocks(store) == []  # no longer asking the teacher
    browser.click(first.not_me)  # "Not you?": Ana's seat is free at once
    browser.click(name_button(browser, second, "Ana"))
    assert second.app is not None and second.student.name == "Ana"


def test_a_boggle_tab_reopened_after_a_crash_gets_back_in_within_seconds(store, page_for, browser, clock):
    crashed = page_for(BogglePage)
    browser.click(name_button(browser, crashed, "Ana"))
    assert crashed.app is not None
    reopened = page_for(BogglePage)
    browser.click(name_button(browser, reopened, "Ana"))
    assert reopened.app is None and TAKEN in text_of(browser, reopened.root)
    for _ in range(int(STALE_SECONDS // 3) + 1):  # the crashed page sends nothing any more
        pulse(browser, reopened, clock)
    assert reopened.app is not None and reopened.student.name == "Ana"  # no teacher needed
    old = crashed.app.session
    old.start()
    old.submit("cat")
    assert store.attempts() == [] and crashed.app is None  # the old page (if it comes back) stores nothing
    reopened.app.session.start()
    reopened.app.session.submit("cat")
    assert [a.student for a in store.attempts()] == ["Ana"]


def test_a_live_room_seat_in_use_needs_the_teacher_and_the_old_page_stops(store, lex, panel, browser, clock):
    room = TeacherRoom.create(store, lexicons=lex, deck="S T A R D O G")

    def join(name):
        page = RoomPage(store=store, lexicons=lex, clock=clock)
        browser.update(page.code_box, value=room.code.lower())
        browser.custom(page.code_box, {"event": "submit"})
        browser.click(name_button(browser, page, name))
        return page

    first = join("Ana")
    assert first.seat is not None
    second = join("Ana")
    assert second.seat is None and TAKEN in text_of(browser, second.root)
    assert not second.pick(student_id(store, "Ana"))  # forged: still refused
    room.start_round()
    for _ in range(4):
        room.deal()
    button = let_in_button(browser, panel, "Ana")
    assert f"Ana is already playing in the live room {room.code}" in text_of(browser, panel.seat_requests.root)
    browser.click(button)
    pulse(browser, second, clock)
    assert second.seat is not None and second.seat.name == "Ana"
    first._tick()
    browser.update(first.entry, value="star")
    browser.click(first.call_button)  # the old page's call: refused in the call's own transaction
    assert store.attempts() == [] and room.sync().scores == {"Ana": 0}
    assert "Ana is playing on another device now" in text_of(browser, first.root)
    second._tick()
    browser.update(second.entry, value="star")
    browser.click(second.call_button)
    assert [a.word for a in store.attempts()] == ["star"] and "Yes!" in second.feedback.value


def test_a_tab_that_stops_beating_shows_away_to_the_teacher(store, lex, browser, clock):
    room = TeacherRoom.create(store, lexicons=lex, deck="S T A R")
    page = RoomPage(store=store, lexicons=lex, clock=clock)
    page.enter_code(room.code)
    browser.click(name_button(browser, page, "Ana"))
    (before,) = room.players()
    store.now.advance(20)
    page._tick()  # the kernel's own poll is no heartbeat: only the page's beat is
    assert room.players()[0]["last_seen"] == before["last_seen"]
    pulse(browser, page, clock)
    assert room.players()[0]["last_seen"] > before["last_seen"]


def test_picture_password_forged_events_cannot_skip_it(store, page_for, browser, clock):
    ana_id, ben_id = student_id(store, "Ana"), student_id(store, "Ben")
    set_sign_in_mode(store, SignIn.PICTURES)
    give_pictures(store, [ana_id], kdf_n=2**10, choose=lambda n: 0)  # Ana: pictures 0, 1, 2
    give_pictures(store, [ben_id], kdf_n=2**10, choose=lambda n: n - 1)  # Ben: 8, 7, 6
    page = page_for()
    browser.click(name_button(browser, page, "Ana"))
    assert page.app is None and "Ana, tap your 3 pictures in order." in text_of(browser, page.root)
    pad = page.gate.pad_buttons
    assert [b.description for b in pad] == [f"{p[0]} {p[1]}" for p in PICTURES]  # the same pad for everyone
    state = browser.page_state(page.root)
    assert "scrypt" not in state and "pictures:" not in state
    # forged: the dots, the pulse's pace, a hidden "guest" is fine (records nothing), a tap out of range
    browser.update(page.gate.dots, value="●●●")
    browser.update(page.pulse, every_ms=1)
    page.gate.tap(99)
    page.gate.tap("0")
    assert page.app is None
    # three wrong tries, then even the right pictures must wait
    for _ in range(3):
        for index in (8, 7, 6):
            browser.click(pad[index])
            pad = page.gate.pad_buttons
    assert page.app is None and "Wait 15 seconds" in text_of(browser, page.root)
    for index in (0, 1, 2):
        browser.click(pad[index])
        pad = page.gate.pad_buttons
    assert page.app is None and "Wait" in text_of(browser, page.root)
    # a new name on the same page does not reset the wait; Ben's pictures do not open Ana's seat
    clock.advance(16)
    for index in (0, 1, 2):
        browser.click(pad[index])
        pad = page.gate.pad_buttons
    assert page.app is not None and page.student.name == "Ana"
    assert store.attempts() == []


def test_picture_password_in_a_live_room(store, lex, browser, clock):
    ana_id = student_id(store, "Ana")
    set_sign_in_mode(store, SignIn.PICTURES)
    give_pictures(store, [ana_id], kdf_n=2**10, choose=lambda n: 0)
    room = TeacherRoom.create(store, lexicons=lex, deck="S T A R")
    page = RoomPage(store=store, lexicons=lex, clock=clock)
    page.enter_code(room.code)
    ana_button, ben_button = name_button(browser, page, "Ana"), name_button(browser, page, "Ben")
    browser.click(ana_button)
    assert page.seat is None and room.players() == []
    browser.click(ben_button)  # forged: a name button no longer shown still asks for that student's pictures
    assert page.seat is None and "no picture password yet" in text_of(browser, page.root)
    browser.click(ana_button)
    for index in (0, 1, 2):
        browser.click(page.gate.pad_buttons[index])
    assert page.seat is not None and page.seat.name == "Ana"
    page_ben = RoomPage(store=store, lexicons=lex, clock=clock)
    page_ben.enter_code(room.code)
    browser.click(name_button(browser, page_ben, "Ben"))
    assert page_ben.seat is None and "no picture password yet" in text_of(browser, page_ben.root)


def test_the_class_tab_turns_sign_in_on_and_prints_the_cards(store, panel, browser, monkeypatch):
    box = panel.tabs[3].sign_in
    assert box.mode.value == "off" and "Without a picture password yet: Ana, Ben." in box.status.value
    browser.update(box.mode, value="admin")  # forged: not a mode
    assert box.mode.value == "off"
    browser.update(box.mode, index=1)
    assert box.mode.value == "pictures" and "Students with new pictures: 2." in box.message.value
    sent = []
    monkeypatch.setattr(box.download, "send", lambda content, buffers=None: sent.append((content, buffers)))
    browser.custom(box.download, {"type": "download"})
    ((meta, (data,)),) = sent
    assert meta["filename"].endswith(".html") and meta["mime"] == "text/html"
    sheet = data.decode("utf-8")
    assert "Ana" in sheet and "Ben" in sheet and "http" not in sheet.replace("charset", "")
    # the sheet's pictures are Ana's: the store says so (and keeps only the hash)
    ana_id = student_id(store, "Ana")
    card = sheet.split("<h2>Ana</h2>")[1].split("</div></div>")[0]
    picks = [i for word in [part.split("</span>")[0] for part in card.split("class='word'>")[1:]]
             for i, p in enumerate(PICTURES) if p[1] == word]  # fmt: skip
    assert len(picks) == 3 and check_pictures(store, ana_id, picks)
    assert "scrypt" not in browser.page_state(panel.root)
    # new pictures for Ben only; a forged student id changes nothing
    browser.update(box.who, index=[v for _, v in box.who.options].index(student_id(store, "Ben")))
    browser.click(box.make_button)
    assert "Students with new pictures: 1." in box.message.value and check_pictures(store, ana_id, picks)
    assert not box.make(999) and not box.make("1") and check_pictures(store, ana_id, picks)
    browser.update(box.mode, index=0)
    assert "off" in box.message.value.lower()
