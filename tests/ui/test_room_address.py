"""The teacher opens a live room and sees where the students go: the address (with the join code) and its QR code."""

from __future__ import annotations

import pytest

from myword_edu.classroom.passcode import TeacherAuth
from myword_edu.classroom.store import Store
from myword_edu.core.resources import data_dir
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.server.address import CLASS_URL_ENV
from myword_edu.ui.teacher.panel import TeacherPanel
from myword_edu.ui.teacher.room import RoomTab

PASSCODE = "aula-viva-9"


@pytest.fixture
def tab(tmp_path, lexicons, clock):
    store = Store.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", fresh=True)
    store.add_student("Ana")
    auth = TeacherAuth(store, kdf_n=2**10)
    auth.reset(PASSCODE, PASSCODE)
    panel = TeacherPanel(store=store, auth=auth, library=LessonLibrary([data_dir("lessons")]), clock=clock)
    assert panel.unlock(PASSCODE)
    tab = next(t for t in panel.tabs if isinstance(t, RoomTab))
    tab._lexicons = {"en": lexicons("en"), "es": lexicons("es")}
    yield tab
    tab.poller.stop()


def test_opening_a_room_shows_its_class_network_address_and_a_qr_code(tab, browser, monkeypatch):
    monkeypatch.setenv(CLASS_URL_ENV, "http://192.168.1.20:8866/")  # what myword-edu serve --host 0.0.0.0 sets
    assert "<svg" not in tab.address.value
    browser.click(tab.open_button)
    assert tab.room is not None
    url = f"http://192.168.1.20:8866/voila/render/room.ipynb?code={tab.room.code}"
    assert f">{url}</p>" in tab.address.value and "<svg" in tab.address.value
    assert "myword-room-local" not in tab.address.value
    assert "myword-room-address" in tab.address._dom_classes and tab.address in browser.widgets(tab.root)
    assert url in browser.page_state(tab.root)  # what the page actually receives
    browser.click(tab.close_button)
    assert tab.address.value == ""  # a closed room sends nobody anywhere


def test_a_boggle_room_in_spanish_on_this_computer_only_says_how_to_open_it_to_the_class(tab, browser, monkeypatch):
    monkeypatch.setenv(CLASS_URL_ENV, "http://localhost:8866/")  # myword-edu serve without --host
    tab.panel.lang = "es"
    browser.update(tab.game, index=1)  # Boggle, as the dropdown sends it
    browser.click(tab.open_button)
    assert tab.room is not None and tab.room.is_boggle
    assert f"room.ipynb?code={tab.room.code}</p>" in tab.address.value and "<svg" in tab.address.value
    assert "myword-room-local" in tab.address.value and "myword-edu serve --host 0.0.0.0" in tab.address.value


def test_outside_myword_edu_serve_the_tab_shows_the_join_code_only(tab, browser, monkeypatch):
    monkeypatch.delenv(CLASS_URL_ENV, raising=False)
    browser.click(tab.open_button)
    assert tab.room.code in tab.code.value and tab.address.value == ""
