"""A live room's end of round and close reach every page at its next poll (every 150 ms), not at
the student's next call; the teacher's tab says the round is over; a call that came too late looks
different from a wrong word (it costs nothing)."""

from __future__ import annotations

from myword_edu.ui.room.page import POLL_SECONDS, room_text

from tests.ui.test_room import _open_room, _student, store, teacher  # noqa: F401  (fixtures; lex is tests/ui/conftest.py's)


def test_end_round_shows_on_every_page_at_the_next_poll_and_on_the_teachers_tab(store, lex, teacher, browser):
    panel, tab = teacher
    code = _open_room(tab, browser)
    ana, ben = _student(store, lex, browser, code, "Ana"), _student(store, lex, browser, code, "Ben")
    browser.click(tab.start_button)
    for _ in range(4):
        browser.click(tab.deal_button)
    for page in (ana, ben):
        page._tick()
    browser.update(ana.entry, value="zzzz")
    browser.click(ana.call_button)
    assert ana.feedback.value  # the answer to her call is on her page
    assert "7 cards to deal" in tab.status.value

    browser.click(tab.end_button)
    assert "cards to deal" not in tab.status.value
    assert "Round 1 is over" in tab.status.value and "Start round" in tab.status.value
    assert POLL_SECONDS < 1.0
    for page in (ana, ben):
        page._tick()  # one poll, no call
        assert room_text("en", "over_next") in page.status.value
        assert "myword-room-over" in page.status.value
        assert page.table.empty_text == room_text("en", "over_next")
    assert ana.feedback.value == ""  # the last answer was about the round that ended


def test_a_closed_room_shows_on_every_page_at_the_next_poll(store, lex, teacher, browser):
    panel, tab = teacher
    code = _open_room(tab, browser)
    ana = _student(store, lex, browser, code, "Ana")
    browser.click(tab.start_button)
    browser.click(tab.deal_button)
    ana._tick()
    assert not ana.call_button.disabled
    browser.click(tab.close_button)
    ana._tick()
    assert room_text("en", "closed") in ana.status.value
    assert ana.entry.disabled and ana.call_button.disabled and ana.table.cards == []
    ana._tick()
    assert ana.call_button.disabled  # the countdown of a wait does not enable it again


def test_es_closed_room_in_spanish(store, lex, teacher, browser):
    panel, tab = teacher
    code = _open_room(tab, browser)
    ana = _student(store, lex, browser, code, "Ana")
    ana.lang = "es"
    browser.click(tab.close_button)
    ana._tick()
    assert "Tu maestro ha cerrado esta sala." in ana.status.value


def test_too_late_looks_different_from_a_wrong_word(store, lex, teacher, browser):
    panel, tab = teacher
    code = _open_room(tab, browser)
    ana, ben = _student(store, lex, browser, code, "Ana"), _student(store, lex, browser, code, "Ben")
    browser.click(tab.start_button)
    for _ in range(4):
        browser.click(tab.deal_button)
    for page in (ana, ben):
        page._tick()
    browser.update(ana.entry, value="star")
    browser.click(ana.call_button)
    browser.update(ben.entry, value="rats")  # Ben's page still shows STAR's cards
    browser.click(ben.call_button)
    assert "myword-late" in ben.feedback.value and "myword-bad" not in ben.feedback.value
    assert "No penalty" in ben.feedback.value
    ben._tick()
    assert "myword-late-mark" in ben.scores.value and "✘" not in ben.scores.value
    assert not ben.call_button.disabled  # no wait: it cost nothing
