"""The live-room pages as widgets: a student joins with the code and their name, sees the table the
teacher's tab deals, calls words; forged widget events cannot deal, end a round, claim as another
student or reveal the undealt deck."""

from __future__ import annotations

import pytest

from myword_edu.core.errors import CardIdsError

from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.classroom.passcode import TeacherAuth
from myword_edu.core.resources import data_dir
from myword_edu.classroom.store import Store
from myword_edu.ui.room.page import RoomPage
from myword_edu.ui.teacher.panel import TeacherPanel
from myword_edu.ui.teacher.room import RoomTab

PASSCODE = "aula-viva-9"
DECK = "S T A R D O G E N C I"


@pytest.fixture
def store(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", fresh=True)
    for name in ("Ana", "Ben"):
        store.add_student(name)
    return store


@pytest.fixture
def teacher(store, lex, clock):
    auth = TeacherAuth(store, kdf_n=2**10)
    auth.reset(PASSCODE, PASSCODE)
    panel = TeacherPanel(store=store, auth=auth, library=LessonLibrary([data_dir("lessons")]), clock=clock)
    assert panel.unlock(PASSCODE)
    tab = next(t for t in panel.tabs if isinstance(t, RoomTab))
    tab._lexicons = lex
    return panel, tab


def _open_room(tab, browser):
    from myword_edu.rooms.live import TeacherRoom

    tab.room = TeacherRoom.create(tab.panel.store, lexicons=tab._lexicons, deck=DECK)  # a stacked deck
    tab.panel.live_room = tab.room
    from myword_edu.ui.widgets.timer import Pacer

    tab.pacer = Pacer(1.0)
    tab._show_controls(True)
    tab.redraw()
    return tab.room.code


def _student(store, lex, browser, code, name):
    page = RoomPage(store=store, lexicons=lex)
    browser.update(page.code_box, value=code.lower())
    browser.custom(page.code_box, {"event": "submit"})
    button = next(b for b in browser.widgets(page.root) if getattr(b, "description", None) == name)
    browser.click(button)
    assert page.seat is not None and page.seat.name == name
    return page


def test_students_see_the_teachers_deal_and_a_taken_word_disappears(store, lex, teacher, browser):
    panel, tab = teacher
    code = _open_room(tab, browser)
    assert code in tab.code.value
    ana, ben = _student(store, lex, browser, code, "Ana"), _student(store, lex, browser, code, "Ben")
    browser.click(tab.start_button)
    for _ in range(4):
        browser.click(tab.deal_button)
    for page in (ana, ben):
        page._tick()
    faces = [c["face"] for c in ana.table.cards]
    assert faces == [c["face"] for c in ben.table.cards] == ["S", "T", "A", "R"]
    seen = ben.shown
    browser.update(ana.entry, value="star")
    browser.click(ana.call_button)
    assert "STAR" in ana.feedback.value and ana.table.cards == []
    assert ben.seat.claim("rats", seen=seen[1], round_no=seen[0]).reason.value == "too_late"
    ben._tick()
    assert ben.table.cards == [] and "Ana" in ben.scores.value
    tab._tick()
    assert tab.room.view().scores == {"Ana": 4, "Ben": 0}
    assert "<td>Ana</td><td>4</td>" in tab.scores.value and "STAR" in tab.scores.value


def test_a_wrong_code_is_refused_in_the_students_language(store, lex, browser):
    page = RoomPage(store=store, lexicons=lex, lang="es")
    browser.update(page.code_box, value="ZZZZZ")
    browser.click(page.join_button)
    assert "No hay ninguna sala abierta" in page.message.value and page.seat is None
    assert not [b for b in browser.widgets(page.root) if "myword-room-name" in getattr(b, "_dom_classes", ())]


def test_forged_events_cannot_deal_end_claim_as_another_or_read_the_deck(store, lex, teacher, browser):
    panel, tab = teacher
    code = _open_room(tab, browser)
    ana, ben = _student(store, lex, browser, code, "Ana"), _student(store, lex, browser, code, "Ben")
    browser.click(tab.start_button)
    browser.click(tab.deal_button)
    # the student page has no teacher control at all, and nothing names the undealt cards
    classes = {c for wd in browser.widgets(ana.root) for c in getattr(wd, "_dom_classes", ())}
    assert not {"myword-room-deal", "myword-room-start", "myword-room-end", "myword-room-auto"} & classes
    state = browser.page_state(ana.root)
    assert "DOGENCI" not in state.replace(" ", "") and "deck:" not in state and tab.room._seed not in state
    # forged: clicking a card, a second name button after joining, a changed name in a widget
    browser.custom(ana.table, {"type": "pick", "id": 0})
    names = [b for b in browser.widgets(ana.root) if "myword-room-name" in getattr(b, "_dom_classes", ())]
    assert names == []  # the name buttons are gone once joined
    assert not ana.pick(store.students()[1].id)  # a seat cannot be switched to Ben
    for wd in browser.widgets(ana.root):
        if hasattr(wd, "description") and wd.description == "Ana":
            browser.update(wd, description="Ben")
    for _ in range(3):
        browser.click(tab.deal_button)  # S T A R on the table
    ana._tick()
    browser.update(ana.entry, value="star")
    browser.click(ana.call_button)
    assert [a.student for a in store.attempts()] == ["Ana"]  # made as Ana, whatever the page said
    # the teacher's events live only on the teacher's widgets: nothing a student page sends deals
    before = tab.room.sync().seq
    browser.custom(ana.table, {"type": "deal"})
    browser.custom(ana.entry, {"event": "submit"})
    assert tab.room.sync().seq == before and tab.room.view().over is False


def test_the_tab_survives_a_language_switch_and_remove_player_locks_them_out(store, lex, teacher, browser):
    panel, tab = teacher
    code = _open_room(tab, browser)
    ana = _student(store, lex, browser, code, "Ana")
    panel.lang_toggle.value = "es"
    again = next(t for t in panel.tabs if isinstance(t, RoomTab))
    assert again is not tab and again.room.code == code and "Código para entrar" in again.code.value
    again._tick()  # the 150 ms poll: Ana has joined
    again.who.value = "Ana"
    browser.click(again.remove_button)
    browser.click(again.start_button)  # nobody left: a clear message, nothing started
    assert "nobody has joined" in again.message.value
    browser.update(ana.entry, value="cat")
    browser.click(ana.call_button)
    assert "taken you out" in ana.feedback.value and store.attempts() == []


def test_the_room_link_can_carry_the_language_and_the_code(store, lex):
    page = RoomPage.from_query("lang=es&code=K7M2", store=store, lexicons=lex)
    assert page.join_button.description == "Entrar" and page.code_box.value == "K7M2"
    assert RoomPage.from_query("lang=xx", store=store, lexicons=lex).join_button.description == "Join"
    assert RoomPage.from_query("", store=store, lexicons=lex).code_box.value == ""


def test_a_teacher_whose_panel_was_closed_goes_back_to_the_open_room(store, lex, teacher, browser):
    panel, tab = teacher
    code = _open_room(tab, browser)
    ana = _student(store, lex, browser, code, "Ana")
    assert tab.reopen.layout.display == "none"  # this tab runs the room: nothing to go back to
    # the teacher's tab closed: a new kernel, a new panel (nothing in memory)
    auth = TeacherAuth(store, kdf_n=2**10)
    fresh = TeacherPanel(store=store, auth=auth, library=LessonLibrary([data_dir("lessons")]), clock=panel._clock)
    assert fresh.unlock(PASSCODE)
    again = next(t for t in fresh.tabs if isinstance(t, RoomTab))
    again._lexicons = lex
    assert again.room is None and again.reopen.layout.display != "none"
    assert [value for _label, value in again.reopen_pick.options] == [code]
    assert "MyWord!, English, opened 0 min ago, players: 1" in again.reopen_pick.options[0][0]
    assert again.reopen_pick.value == code  # the newest room is picked, as the page shows it
    browser.click(again.reopen_button)
    assert again.message.value == "", again.message.value
    assert again.room is not None and again.room.code == code and code in again.code.value
    browser.click(again.start_button)
    browser.click(again.deal_button)
    ana.seat.poll()
    ana.redraw()
    assert len(ana.table.cards) == 1  # the student plays on in the same room
    browser.click(again.close_button)
    assert again.reopen.layout.display == "none" and again.reopen_pick.options == ()


@pytest.mark.parametrize(
    ("lang", "deck", "name", "typed", "shown"),
    [("en", DECK, "Ana", "don't", "DON'T: no apostrophes or hyphens"),
     ("es", "C A S A P E R R O", "Lucía", "para-caza", "PARA-CAZA: sin apóstrofos ni guiones")],
)  # fmt: skip
def test_a_call_with_an_apostrophe_or_hyphen_is_refused_penalised_and_replays(store, lex, browser, lang, deck, name,
                                                                               typed, shown):  # fmt: skip
    from html import unescape

    from myword_edu.classroom.roster import StudentSettings
    from myword_edu.rooms.live import TeacherRoom

    if lang != "en":
        store.add_student(name, StudentSettings(lang=lang))  # her page, her calls, in her language
    room = TeacherRoom.create(store, lang=lang, lexicons=lex, deck=deck)
    ana = _student(store, lex, browser, room.code, name)
    ben = _student(store, lex, browser, room.code, "Ben")
    room.start_round()
    for _ in range(3):
        room.deal()
    ana._tick()
    browser.update(ana.entry, value=typed)
    browser.click(ana.call_button)
    assert shown in unescape(ana.feedback.value), ana.feedback.value
    room.poll()
    assert room.view().scores == {name: 0, "Ben": 1}  # Ben's free card
    assert room.view().calls[-1]["reason"] == "apostrophe_or_hyphen"
    again = TeacherRoom.open(store, room.code, lexicons=lex)  # a kernel that replays the log
    assert again.view().scores == {name: 0, "Ben": 1} and again.view().table == room.view().table
    ben._tick()
    assert "Ben" in ben.scores.value


def test_clicking_cards_then_call_claims_them_and_a_forged_id_changes_nothing(store, lex, teacher, browser):
    panel, tab = teacher
    code = _open_room(tab, browser)
    ana, ben = _student(store, lex, browser, code, "Ana"), _student(store, lex, browser, code, "Ben")
    assert ana.table.disabled  # no round yet: a click picks nothing
    browser.click(tab.start_button)
    for _ in range(4):
        browser.click(tab.deal_button)  # S T A R
    ana._tick()
    ids = {c["face"]: c["id"] for c in ana.table.cards}
    for face in "RAT":
        browser.custom(ana.table, {"type": "pick", "id": ids[face]})
    assert ana.table.selected == [ids["R"], ids["A"], ids["T"]]
    assert "picked 2" in next(c["label"] for c in ana.table.cards if c["face"] == "A")
    browser.click(ana.picks.undo_button)
    browser.custom(ana.table, {"type": "pick", "id": ids["S"]})
    browser.custom(ana.table, {"type": "pick", "id": ids["T"]})  # R A S T: not a word, so clear it
    browser.click(ana.picks.clear_button)
    assert ana.table.selected == [] and ana.picks.ids == ()
    for face in "RAT":
        browser.custom(ana.table, {"type": "pick", "id": ids[face]})
    browser.update(ana.table, selected=[ids["S"], ids["T"], ids["A"], ids["R"]])  # the page's copy is not read
    browser.click(ana.call_button)  # nothing typed: the picked cards spell the word
    assert "RAT" in ana.feedback.value and [c["face"] for c in ana.table.cards] == ["S"]
    call = tab.room.sync().calls[-1]
    assert call["player"] == "Ana" and call["accepted"] and ana.table.selected == []
    assert tab.room.view().scores == {"Ana": 3, "Ben": 0}
    ben._tick()

    # forged ids: a card that is not on the table (a taken one, one never dealt), text, a float
    before = (tab.room.sync().seq, tab.room.view().scores, len(store.attempts()))
    for forged in (ids["R"], 999, "3", 0.5, True):
        browser.custom(ben.table, {"type": "pick", "id": forged})
    assert ben.picks.ids == () and ben.table.selected == []
    with pytest.raises(CardIdsError):
        ben.seat.claim("star", [ids["S"], ids["T"], ids["A"], ids["R"]])  # the seat re-checks the ids
    assert (tab.room.sync().seq, tab.room.view().scores, len(store.attempts())) == before
