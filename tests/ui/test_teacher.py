"""The teacher panel without a browser: what a locked page holds, forged events, and every tab's intents."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from myword_edu.classroom.roster import StudentSettings
from myword_edu.classroom.export import read_csv
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.classroom.passcode import TeacherAuth
from myword_edu.core.resources import data_dir
from myword_edu.classroom.store import Store
from myword_edu.ui.teacher.panel import TeacherPanel
from tests.workbook import formula_count, read_xlsx
from tests.attempt_rows import attempt_row

PASSCODE = "tortuga-42"
XSS = "<img src=x onerror=alert(1)>"
FORMULA = '=HYPERLINK("http://x")'


class Wall:
    def __init__(self) -> None:
        self.now = 5_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 't.sqlite3'}", fresh=True)
    for name in ("Ana", "Ben", XSS, FORMULA):
        store.add_student(name)
    return store


@pytest.fixture
def wall():
    return Wall()


@pytest.fixture
def auth(store, wall):
    auth = TeacherAuth(store, now=wall, kdf_n=2**10)
    auth.reset(PASSCODE, PASSCODE)
    return auth


@pytest.fixture(scope="module")
def library():
    return LessonLibrary([data_dir("lessons")])


@pytest.fixture
def panel(store, auth, library):
    return TeacherPanel(store=store, auth=auth, library=library)


@pytest.fixture
def open_panel(panel):
    assert panel.unlock(PASSCODE)
    return panel


def find(panel, browser, kind, css=None):
    found = [w for w in browser.widgets(panel.root) if type(w).__name__ == kind]
    return [w for w in found if css is None or css in getattr(w, "_dom_classes", ())]


def test_a_locked_panel_holds_no_control_and_no_student_data(panel, browser):
    state = browser.page_state(panel.root)
    for name in ("Ana", "Ben", "onerror", "HYPERLINK"):
        assert name not in state
    kinds = sorted(type(w).__name__ for w in browser.widgets(panel.root))
    assert kinds == sorted(["VBox", "HTML", "HBox", "HTML", "ToggleButtons", "VBox", "VBox", "HTML", "HBox", "Password",
                            "Button", "HTML", "HTML"])  # fmt: skip
    assert panel.tabs == [] and panel.tab_widget is None and repr(panel) == "<MyWord! teacher panel, locked>"


def test_forged_events_cannot_unlock(panel, browser):
    browser.update(panel.passcode_box, value="guess")
    browser.click(panel.unlock_button)
    browser.custom(panel.passcode_box, {"event": "submit"})
    for widget in browser.widgets(panel.root):
        browser.custom(widget, {"event": "click"})
        browser.custom(widget, {"type": "download"})
    assert "not the passcode" in panel.lock_message.value
    browser.update(panel.lang_toggle, index=1)
    browser.click(panel.unlock_button)
    assert not panel.unlocked and panel.tabs == []
    assert "Ana" not in browser.page_state(panel.root)
    assert panel.unlock_button.description == "Abrir" and "Esa no es la clave" in panel.lock_message.value


def test_wrong_codes_are_rate_limited_even_in_a_new_page(store, auth, library, wall, browser):
    panel = TeacherPanel(store=store, auth=auth, library=library)
    for _ in range(5):
        assert not panel.unlock("nope")
    again = TeacherPanel(store=store, auth=TeacherAuth(store, now=wall, kdf_n=2**10), library=library)
    assert not again.unlock(PASSCODE)
    assert "Try again in 30 seconds" in again.lock_message.value
    wall.now += 31
    browser.update(again.passcode_box, value=PASSCODE)
    browser.click(again.unlock_button)
    assert again.unlocked
    assert again.passcode_box.value == ""  # the passcode does not stay in the page


def test_a_student_page_guessing_forever_does_not_keep_the_teacher_out(store, auth, library, wall, browser):
    student = TeacherPanel(store=store, auth=auth, library=library, device="0" * 32)
    checked, start = 0, wall.now
    while checked < 100:  # a student's page guessing as fast as the panel lets it, for a day
        browser.update(student.passcode_box, value=f"guess-{checked}")
        browser.click(student.unlock_button)
        message = student.lock_message.value
        if "Try again in" in message:
            wall.now += int(message.split("Try again in ")[1].split()[0])
        else:
            assert "not the passcode" in message
            checked += 1
    hours = (wall.now - start) / 3600
    assert not student.unlocked and hours > 20 and checked <= 10 + 4 * hours  # then one guess every 15 minutes
    browser.update(student.passcode_box, value=PASSCODE)
    browser.click(student.unlock_button)  # even the right passcode waits on that browser
    assert not student.unlocked and "on this device" in student.lock_message.value
    again = TeacherPanel(store=store, auth=auth, library=library, device="0" * 32)  # a new tab: the same browser
    assert not again.unlock(PASSCODE)
    teacher = TeacherPanel(store=store, auth=TeacherAuth(store, now=wall, kdf_n=2**10), library=library,
                           device="1" * 32)  # fmt: skip
    browser.update(teacher.passcode_box, value=PASSCODE)
    browser.click(teacher.unlock_button)
    assert teacher.unlocked and "Ana" in browser.page_state(teacher.root)


def test_the_lock_screen_says_what_to_do_when_locked_out(store, auth, library, wall, browser):
    panel = TeacherPanel(store=store, auth=auth, library=library)  # a page with no device cookie
    assert "myword-edu unlock" in browser.page_state(panel.root)
    for _ in range(5):
        assert not panel.unlock("nope")
    assert not panel.unlock(PASSCODE)
    assert "Try again in 30 seconds, or use a one-time code" in panel.lock_message.value
    browser.update(panel.lang_toggle, index=1)
    assert not panel.unlock(PASSCODE)
    assert "dentro de" in panel.lock_message.value and "código de un solo uso" in panel.lock_message.value
    assert "ejecuta myword-edu unlock" in browser.page_state(panel.root)
    code = auth.issue_unlock_code()  # what `myword-edu unlock` prints on the server
    browser.update(panel.passcode_box, value=code)
    browser.click(panel.unlock_button)
    assert panel.unlocked


def test_new_devices_flooding_the_class_do_not_keep_a_known_browser_out(store, auth, library, wall, browser):
    teacher = TeacherPanel(store=store, auth=auth, library=library, device="a" * 32)
    assert teacher.unlock(PASSCODE)  # this browser has opened the panel before
    teacher.lock()
    for n in range(100):  # a private window for every guess
        TeacherPanel(store=store, auth=auth, library=library, device=f"{n:032x}").unlock("nope")
    newcomer = TeacherPanel(store=store, auth=auth, library=library, device="b" * 32)
    assert not newcomer.unlock(PASSCODE) and "from new devices" in newcomer.lock_message.value
    assert teacher.unlock(PASSCODE)


def test_first_run_setup_code_then_unlocked(tmp_path, library, wall, browser):
    store = Store.open(f"sqlite:///{tmp_path / 'new.sqlite3'}", fresh=True)
    auth = TeacherAuth(store, now=wall, kdf_n=2**10)
    blank = TeacherPanel(store=store, auth=auth, library=library)
    assert "myword-edu serve" in blank.lock_form.children[0].value  # no code waiting: no form at all
    assert not any(type(w).__name__ in ("Password", "Button") for w in browser.widgets(blank.root))
    code = auth.issue_setup_code()
    panel = TeacherPanel(store=store, auth=auth, library=library)
    browser.update(panel.setup_box, value="0000-0000")
    browser.update(panel.new_box, value="secret-1")
    browser.update(panel.repeat_box, value="secret-1")
    browser.click(panel.setup_button)
    assert not panel.unlocked and "not the setup code" in panel.lock_message.value
    assert panel.new_box.value == "" and panel.repeat_box.value == ""
    assert panel.set_up(code, "secret-1", "secret-1") and panel.unlocked
    assert auth.has_passcode()


def test_unlock_builds_the_panel_and_lock_closes_every_control(open_panel, browser):
    panel = open_panel
    assert [panel.tab_widget.get_title(i) for i in range(4)] == ["Students", "Lessons", "Progress", "Class"]
    assert "Ana" in browser.page_state(panel.root)
    built = browser.widgets(panel.tab_widget)
    panel.lock()
    assert all(w.comm is None for w in built)  # closed: the page drops their models
    assert "Ana" not in browser.page_state(panel.root) and panel.tabs == []


def test_names_are_text_everywhere(open_panel, browser):
    roster, _, progress, _ = open_panel.tabs[:4]  # (then live rooms and Boggle)
    names = [row["cells"][0] for row in roster.table.rows]
    assert XSS in names and FORMULA in names  # drawn by the page with textContent
    assert XSS not in progress.table.value and "&lt;img src=x onerror=alert(1)&gt;" in progress.table.value
    assert "<img" not in progress.chart.value


def test_settings_for_one_student_and_bulk(open_panel, store, browser):
    roster = open_panel.tabs[0]
    ids = {row["cells"][0]: row["id"] for row in roster.table.rows}
    browser.custom(roster.table, {"type": "toggle", "id": ids["Ana"]})
    browser.update(roster.min_pick, index=3)  # "4" (after "(no change)", 2, 3)
    browser.update(roster.lang_pick, index=2)  # Spanish
    browser.click(roster.apply_button)
    ana = next(s for s in store.students() if s.name == "Ana")
    assert ana.settings == StudentSettings(4, "es") and "Students changed: 1" in roster.message.value
    browser.custom(roster.table, {"type": "all", "on": True})
    browser.update(roster.variant_pick, index=2)
    browser.click(roster.apply_button)
    assert {s.settings.variant for s in store.students()} == {"junior"}
    assert ana.settings.min_cards == store.student(ana.id).settings.min_cards  # untouched by the bulk edit


def test_forged_roster_events_change_nothing_they_should_not(open_panel, store, browser):
    roster = open_panel.tabs[0]
    before = store.students()
    browser.custom(roster.table, {"type": "toggle", "id": 999})
    browser.custom(roster.table, {"type": "toggle", "id": True})
    browser.update(roster.table, selected=[999, before[0].id], rows=[{"id": 999, "cells": ["Mallory"]}])
    assert roster.table.chosen == []  # the page's copy of the ticks and rows decides nothing
    browser.click(roster.apply_button)
    assert "Tick one or more" in roster.message.value
    browser.custom(roster.table, {"type": "toggle", "id": before[0].id})
    browser.update(roster.min_pick, index=99)  # not an option: refused by the widget
    browser.update(roster.lesson_pick, index=-5)
    browser.click(roster.apply_button)
    assert store.students() == before


def test_add_rename_remove(open_panel, store, browser):
    roster = open_panel.tabs[0]
    browser.update(roster.add_box, value="  Carla  ")
    browser.click(roster.add_button)
    browser.update(roster.add_box, value="carla")
    browser.custom(roster.add_box, {"event": "submit"})
    assert "There is already a student called carla" in roster.message.value
    carla = next(s for s in store.students() if s.name == "Carla")
    browser.custom(roster.table, {"type": "toggle", "id": carla.id})
    browser.update(roster.rename_box, value="Carla M.")
    browser.click(roster.rename_button)
    assert store.student(carla.id).name == "Carla M."
    browser.click(roster.remove_button)
    assert store.student(carla.id)  # the first click only asks
    assert "Click again to remove 1 student" in roster.remove_button.description  # singular: one student
    browser.click(roster.remove_button)
    assert "Carla M." not in [s.name for s in store.students()]
    assert "Carla M." not in [row["cells"][0] for row in roster.table.rows]


def choose_file(picker, name: str, data: bytes) -> None:
    """What the page's file picker sends for a file that fits: its name, and its bytes as one buffer."""
    picker._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "file", "name": name, "size": len(data)}}},
                        "buffers": [memoryview(data)]})  # fmt: skip


def test_import_reports_every_bad_line_and_imports_nothing(open_panel, store, browser):
    roster = open_panel.tabs[0]
    content = "nombre;idioma;mínimo de cartas\nDani;español;4\nDani;inglés;3\nEva;klingon;3\n;es;2\nana;en;3\n".encode("cp1252")
    choose_file(roster.upload, "clase.csv", content)  # Excel's "CSV": Windows-1252, semicolons
    assert "clase.csv (" in roster.import_message.value and "is ready" in roster.import_message.value
    before = store.students()
    browser.click(roster.import_button)
    message = roster.import_message.value
    assert "Nothing was imported" in message
    for line in ("Line 3: Dani is already on line 2.", "Line 4: language must be English or Spanish, not klingon.",
                 "Line 5: the name is empty.", "Line 6: there is already a student called ana."):  # fmt: skip
        assert line in message
    assert store.students() == before
    browser.update(roster.paste, value="Dani\nEva\n")
    browser.click(roster.import_button)  # the file was used once: now the pasted names
    assert "Imported 2 students" in roster.import_message.value
    assert {"Dani", "Eva"} <= {s.name for s in store.students()}


def test_a_file_is_imported_once_and_a_too_big_one_never_leaves_the_page(open_panel, store, browser):
    roster = open_panel.tabs[0]
    choose_file(roster.upload, "first.csv", b"Dani\nEva\n")
    browser.click(roster.import_button)
    assert "Imported 2 students" in roster.import_message.value
    # The page refuses a 12 MB file itself and sends only its name and size: the message says the limit.
    browser.custom(roster.upload, {"type": "too_big", "name": "photos.zip", "size": 12_345_678})
    message = roster.import_message.value
    assert "photos.zip is 12.3 MB: too big for a class list" in message and "at most 256 kB" in message
    before = store.students()
    browser.click(roster.import_button)  # never the previous file again
    assert store.students() == before and "Choose a file or paste names first." in roster.import_message.value
    # A failed import does not keep its file either: fixing the list means choosing it again.
    choose_file(roster.upload, "second.csv", b"Dani\n")
    browser.click(roster.import_button)
    assert "Nothing was imported" in roster.import_message.value
    browser.click(roster.import_button)
    assert "Choose a file or paste names first." in roster.import_message.value


def test_a_page_that_sends_a_big_file_anyway_is_refused_in_python(open_panel, store, browser):
    roster = open_panel.tabs[0]
    choose_file(roster.upload, "big.csv", b"Zoe\n" * 70_000)  # 280 kB: a page that skipped its own check
    assert "too big for a class list" in roster.import_message.value
    before = store.students()
    browser.click(roster.import_button)
    assert store.students() == before
    browser.custom(roster.upload, {"type": "file", "name": "no-content.csv"})  # no buffer at all
    browser.click(roster.import_button)
    assert store.students() == before and "Choose a file or paste names first." in roster.import_message.value


def test_the_size_message_in_spanish(store, auth, library, browser):
    panel = TeacherPanel(store=store, auth=auth, library=library, lang="es")
    assert panel.unlock(PASSCODE)
    roster = panel.tabs[0]
    browser.custom(roster.upload, {"type": "too_big", "name": "fotos.zip", "size": 12_345_678})
    assert "fotos.zip ocupa 12,3 MB: es demasiado grande para una lista de clase" in roster.import_message.value
    assert "como mucho 256 kB" in roster.import_message.value


def test_lessons_tab_sets_the_class_lesson(open_panel, store, browser):
    lessons = open_panel.tabs[1]
    listing = browser.page_state(lessons.listing)
    assert "es-4-enye" in listing and "NIÑO" in listing
    browser.update(lessons.pick, index=[v for _, v in lessons.pick.options].index("es-4-enye"))
    browser.click(lessons.use_button)
    assert store.class_info().lesson == "es-4-enye"
    assert not lessons.use("no-such-lesson") and store.class_info().lesson == "es-4-enye"


def test_progress_and_downloads(open_panel, store, browser, monkeypatch):
    ana = next(s for s in store.students() if s.name == "Ana")
    game = store.start_game(ana.id, lang="en", variant="standard", min_cards=3)
    for word, ok in (("cat", True), ("xq", False)):
        store.record(attempt_row(student_id=ana.id, game_id=game, round=1, word=word, folded=word, spelling=word,
                             cards="C A T" if ok else "", card_count=3 if ok else 0, accepted=ok,
                             reason=None if ok else "not_a_word", points=3 if ok else 0, free_cards=0, min_cards=3,
                             lang="en"))  # fmt: skip
    progress = open_panel.tabs[2]
    open_panel._refresh()  # what the live refresher does every few seconds
    assert '<td class="num">2</td><td class="num">50%</td><td class="num">3</td>' in progress.table.value
    assert "<svg" in progress.chart.value
    browser.update(progress.student_pick, index=[v for _, v in progress.student_pick.options].index(ana.id))
    assert "stroke-dasharray" in progress.chart.value  # Ana's own line
    sent = []
    for button in (progress.download_attempts, progress.download_summary):
        monkeypatch.setattr(button, "send", lambda content, buffers=None: sent.append((content, buffers)))
        browser.custom(button, {"type": "download"})
    (meta1, (data1,)), (meta2, (data2,)) = sent
    assert meta1["filename"].startswith("myword-attempts-") and meta2["filename"].startswith("myword-summary-")
    attempts, summary = read_csv(data1), read_csv(data2)
    assert [r[2] for r in attempts[1:]] == ["cat", "xq"]
    names = [r[0] for r in summary[1 : summary.index([])]]  # the class word report follows, after an empty row
    assert "'" + FORMULA in names and XSS in names


def test_the_word_report_puts_the_word_the_class_misses_most_on_top(open_panel, store, browser, monkeypatch):
    students = {s.name: s for s in store.students()}
    calls = [("Ana", "ship", True, "ship"), ("Ana", "chin", True, "chin"), (FORMULA, "sihp", False, "ship"),
             (XSS, "shp", False, "ship"), (XSS, "chin", True, "chin")]  # fmt: skip
    for name, word, ok, focus in calls:
        student = students[name]
        game = store.start_game(student.id, lang="en", variant="standard", min_cards=3, lesson="en-3-digraphs")
        store.record(attempt_row(student_id=student.id, game_id=game, round=1, word=word, folded=word, spelling=word,
                                 cards="", card_count=0, accepted=ok, reason=None if ok else "not_a_word",
                                 points=0, free_cards=0, min_cards=3, lang="en", lesson="en-3-digraphs",
                                 focus_word=focus))  # fmt: skip
    progress = open_panel.tabs[2]
    open_panel._refresh()
    html = progress.words.value
    assert "Words the class misses most" in str([c.value for c in progress.root.children if hasattr(c, "value")])
    assert html.index('data-word="ship"') < html.index('data-word="chin"')  # 2 of 3 missed, before 0 of 2
    ship = html[html.index('data-word="ship"'):html.index('data-word="chin"')]
    assert '<td class="num">3</td><td class="num">67%</td>' in ship
    assert f'data-student="{students["Ana"].id}">1/1 · 100%' in ship
    assert f'data-student="{students[FORMULA].id}">0/1 · 0%' in ship
    assert XSS not in html and "&lt;img" in html  # names are text
    assert "Ben" not in html  # no focus word tried: no column
    sent = []
    monkeypatch.setattr(progress.download_summary, "send", lambda content, buffers=None: sent.append(buffers[0]))
    browser.custom(progress.download_summary, {"type": "download"})
    summary = read_csv(sent[0])
    words = summary[summary.index([]) + 1 :]
    assert [r[0] for r in words[1:]] == ["ship", "ship", "ship", "chin", "chin"]
    assert "'" + FORMULA in [r[4] for r in words]  # neutralised
    browser.update(open_panel.lang_toggle, index=1)
    assert "Las palabras que más falla la clase" in str([c.value for c in open_panel.tabs[2].root.children if hasattr(c, "value")])


class _Columns(HTMLParser):
    """Each header cell of a table (its class and text), and each body row's cell classes."""

    def __init__(self) -> None:
        super().__init__()
        self.heads: list[tuple[str, str]] = []
        self.rows: list[list[str]] = []
        self._cell: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("th", "td"):
            self._cell = tag
            if tag == "th":
                self.heads.append((dict(attrs).get("class") or "", ""))
            else:
                self.rows[-1].append(dict(attrs).get("class") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("th", "td"):
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell == "th":
            cls, text = self.heads[-1]
            self.heads[-1] = (cls, text + data)


def columns(html: str) -> _Columns:
    parser = _Columns()
    parser.feed(html)
    parser.rows = [r for r in parser.rows if r]
    return parser


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_focus_tables_headers_sit_over_their_numbers_and_read_as_titles(open_panel, store, browser, lang):
    """A number column's header is aligned as its numbers are (class ``num``), and every header is a
    title (capitalised, as the other tables' headers), in both tables of focus words."""
    ana = next(s for s in store.students() if s.name == "Ana")
    game = store.start_game(ana.id, lang="en", variant="standard", min_cards=3, lesson="en-3-digraphs")
    store.record(attempt_row(student_id=ana.id, game_id=game, round=1, word="ship", folded="ship", spelling="ship",
                             cards="", card_count=0, accepted=True, reason=None, points=0, free_cards=0, min_cards=3,
                             lang="en", lesson="en-3-digraphs", focus_word="ship"))  # fmt: skip
    if lang == "es":
        browser.update(open_panel.lang_toggle, index=1)
    progress = open_panel.tabs[2]
    progress.redraw()
    for html in (progress.words.value, progress.focus.value):
        table = columns(html)
        assert table.rows and all(len(row) == len(table.heads) for row in table.rows), html
        for (head_class, title), cell_class in zip(table.heads, table.rows[0]):
            assert ("num" in head_class.split()) == ("num" in cell_class.split()), (title, html)
            assert title[:1] == title[:1].upper(), (title, html)


def test_the_workbook_download_opens_with_both_sheets(open_panel, store, browser, monkeypatch):
    lucia = store.add_student("Lucía")
    game = store.start_game(lucia.id, lang="es", variant="standard", min_cards=3)
    store.record(attempt_row(student_id=lucia.id, game_id=game, round=1, word="camión", folded="camion", spelling="camión",
                         cards="C A M I Ó N", card_count=6, accepted=True, reason=None, points=6, free_cards=0,
                         min_cards=3, lang="es"))  # fmt: skip
    progress = open_panel.tabs[2]
    button = progress.download_workbook
    assert button.label == "Download both as a workbook (.xlsx)" and "myword-download" in button._esm
    sent = []
    monkeypatch.setattr(button, "send", lambda content, buffers=None: sent.append((content, buffers)))
    browser.custom(button, {"type": "download"})
    ((meta, (data,)),) = sent
    assert meta["filename"].startswith("myword-progress-") and meta["filename"].endswith(".xlsx")
    assert meta["mime"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    book = read_xlsx(data)
    assert list(book) == ["Attempts", "Summary", "Words"]
    assert [r[1] for r in book["Attempts"][1:]] == ["Lucía"] and book["Attempts"][1][8] == 6
    assert {r[0] for r in book["Summary"][1:]} == {"Ana", "Ben", XSS, FORMULA, "Lucía"}  # the name as text, exactly
    assert formula_count(data) == 0
    browser.update(open_panel.lang_toggle, index=1)  # in Spanish, the sheets are named in Spanish
    sent.clear()
    spanish = open_panel.tabs[2].download_workbook
    monkeypatch.setattr(spanish, "send", lambda content, buffers=None: sent.append((content, buffers)))
    browser.custom(spanish, {"type": "download"})
    assert spanish.label == "Descargar los dos en un libro (.xlsx)"
    assert list(read_xlsx(sent[0][1][0])) == ["Intentos", "Resumen", "Palabras"]


def test_class_tab_defaults_join_code_and_passcode(open_panel, store, browser):
    class_tab = open_panel.tabs[3]
    browser.update(class_tab.min_pick, index=3)  # 2, 3, 4, 5
    browser.click(class_tab.save_button)
    assert store.class_info().defaults.min_cards == 5
    browser.click(class_tab.join_new)
    code = store.class_info().join_code
    assert code and code in class_tab.join.value
    browser.click(class_tab.join_off)
    assert store.class_info().join_code is None
    assert not class_tab.change_passcode("wrong", "new-pass-1", "new-pass-1")
    assert class_tab.change_passcode(PASSCODE, "new-pass-1", "new-pass-1")
    assert "changed" in class_tab.passcode_message.value


def test_language_switch_rebuilds_in_spanish(open_panel, browser):
    browser.update(open_panel.lang_toggle, index=1)
    assert [open_panel.tab_widget.get_title(i) for i in range(4)] == ["Alumnado", "Lecciones", "Progreso", "Clase"]
    assert open_panel.tabs[0].apply_button.description == "Aplicar a los marcados"
    assert json.dumps(open_panel.tabs[2].download_summary.label, ensure_ascii=False) == '"Descargar resumen (CSV)"'


def test_students_tab_names_each_clash_with_the_class_lesson(open_panel, store, browser):
    roster, lessons = open_panel.tabs[0], open_panel.tabs[1]
    ids = {s.name: s.id for s in store.students()}
    store.update_students([ids["Ana"]], min_cards=5)
    store.update_students([ids["Ben"]], lang="es")
    browser.update(lessons.pick, index=[v for _, v in lessons.pick.options].index("en-1-short-a"))
    browser.click(lessons.use_button)  # the class lesson: 3-card English words
    lines = roster.conflicts.value
    assert "Ana (minimum cards per word: 5): CAT in “Short A: cat, hat, map” is made with fewer cards (3)" in lines
    assert "for this lesson Ana&#x27;s minimum is 3. To keep the minimum, choose a lesson with longer words." in lines
    assert "Ben plays in Spanish, but the lesson “Short A: cat, hat, map” is in English: Ben plays without it." in lines
    assert XSS not in lines and "&lt;img" not in lines  # a student with no clash has no line
    browser.update(open_panel.lang_toggle, index=1)  # the panel in Spanish
    roster = open_panel.tabs[0]
    assert "Ben juega en español, pero la lección «Short A: cat, hat, map» está en inglés" in roster.conflicts.value
    assert "Ajustes que chocan con una lección" in roster.conflicts.value
    lessons = open_panel.tabs[1]
    browser.update(lessons.pick, index=[v for _, v in lessons.pick.options].index(""))
    browser.click(lessons.use_button)  # no class lesson: nothing clashes
    assert open_panel.tabs[0].conflicts.value == ""


def test_listening_for_new_students_and_for_the_ticked_ones(open_panel, store, browser):
    class_tab, roster = open_panel.tabs[3], open_panel.tabs[0]
    browser.update(class_tab.listen_pick, index=1)  # On
    browser.update(class_tab.listen_slow_pick, index=1)  # Slowly first
    browser.click(class_tab.save_button)
    assert store.class_info().defaults.listen and store.class_info().defaults.listen_slow
    assert store.add_student("Nuevo").settings.listen  # new students get it
    ids = {row["cells"][0]: row["id"] for row in roster.table.rows}
    browser.custom(roster.table, {"type": "toggle", "id": ids["Ana"]})
    browser.custom(roster.table, {"type": "toggle", "id": ids["Ben"]})
    browser.update(roster.listen_pick, index=1)  # On
    browser.click(roster.apply_button)
    assert [store.student(ids[n]).settings.listen for n in ("Ana", "Ben")] == [True, True]
    assert not store.student(ids["Ana"]).settings.listen_slow
    browser.custom(roster.table, {"type": "toggle", "id": ids["Ben"]})  # only Ana now
    browser.update(roster.listen_slow_pick, index=2)  # Slowly first
    browser.click(roster.apply_button)
    assert store.student(ids["Ana"]).settings.listen_slow and not store.student(ids["Ben"]).settings.listen_slow
    cells = {row["cells"][0]: row["cells"][-1] for row in roster.table.rows}
    assert cells["Ana"] == "On, slowly" and cells["Ben"] == "On" and cells["Nuevo"] == "On, slowly"
    assert cells[XSS] == "Off" and roster.table.headers[-1] == "Listening"
    browser.update(roster.listen_pick, index=2)  # Off, for Ana
    browser.click(roster.apply_button)
    assert not store.student(ids["Ana"]).settings.listen and store.student(ids["Ana"]).settings.listen_slow
