"""The teacher panel and a student's page in Debian's Chromium against a real ``myword-edu serve``.

One server with its own class database: the teacher sets up the passcode with
the code the server printed, builds the class, sets Ana's minimum to 4 cards
and her language to Spanish; Ana's page refuses a 3-card word with the Spanish
message; the teacher downloads both CSV files and the test reads them back.
"""

from __future__ import annotations

import re

import pytest

from myword_edu.myword.cards import Card
from myword_edu.classroom.export import read_csv
from myword_edu.lexicon.wordlist import load_lexicon
from myword_edu.myword.solver import hints
from myword_edu.myword.spelling import best_spelling
from myword_edu.core.text import fold

from tests.browser.conftest import ARTIFACTS, CHROMIUM, SCREENSHOTS, Server, free_port
from tests.attempt_rows import attempt_row

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSCODE = "profe-tortuga-7"
XSS = "<img src=x onerror=alert(1)>"
FORMULA = '=HYPERLINK("http://x")'
CARDS = ".myword-table .myword-card"


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    from pathlib import Path

    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    db = tmp_path_factory.mktemp("teacherdb") / "class.sqlite3"
    server = Server(free_port(), "--db", str(db))
    server.teacher_url = f"{server.base}/voila/render/teacher.ipynb"
    server.db = db
    yield server
    server.stop()


def setup_code(server) -> str:
    match = re.search(r"setup code to choose your passcode: (\d{4}-\d{4})", server.log())
    assert match, server.log()
    return match.group(1)


def field(page, scope: str, label: str):
    return page.locator(f"{scope} .widget-text, {scope} .widget-password, {scope} .widget-dropdown", has_text=label).first


def roster_row(page, name: str):
    return page.locator(".myword-roster tbody tr").filter(has=page.locator("td.name", has_text=re.compile(f"^{re.escape(name)}$")))


def test_teacher_sets_up_the_class_and_a_student_plays_by_those_settings(class_server, pages, tmp_path):
    teacher = pages(class_server.teacher_url)
    teacher.wait_for_selector("text=First time here")
    assert teacher.locator(".myword-roster").count() == 0

    # First run: the setup code from the server's window, then the passcode twice.
    field(teacher, ".myword-lock", "Setup code").locator("input").fill(setup_code(class_server))
    field(teacher, ".myword-lock", "New passcode").locator("input").fill(PASSCODE)
    field(teacher, ".myword-lock", "Repeat it").locator("input").fill(PASSCODE)
    teacher.locator("button.myword-setup").click()
    teacher.wait_for_selector(".myword-roster")

    for name in ("Ana", XSS, FORMULA):
        box = field(teacher, ".myword-roster-tab", "New student").locator("input")
        box.fill(name)
        teacher.locator("button.myword-add").click()
        roster_row(teacher, name).wait_for()
    assert teacher.locator(".myword-roster img").count() == 0 and teacher.dialogs == []

    # Ana: at least 4 cards, in Spanish.
    roster_row(teacher, "Ana").locator("input[type=checkbox]").check()
    teacher.wait_for_selector("text=1 selected")
    field(teacher, ".myword-roster-tab", "Minimum cards").locator("select").select_option(label="4")
    field(teacher, ".myword-roster-tab", "Language").locator("select").select_option(label="Spanish")
    teacher.locator("button.myword-apply").click()
    teacher.wait_for_selector("text=Saved. Students changed: 1.")
    cells = roster_row(teacher, "Ana").locator("td")
    teacher.wait_for_function("() => [...document.querySelectorAll('.myword-roster td')].some(td => td.textContent === 'Spanish')")
    assert [cells.nth(i).inner_text() for i in range(1, 4)] == ["Ana", "4", "Spanish"]
    SCREENSHOTS.mkdir(exist_ok=True)
    teacher.screenshot(path=str(SCREENSHOTS / "teacher.png"))

    # Ana's own page: "Who are you?", then a 3-card word is too short for her, in Spanish.
    student = pages(class_server.app_url)
    student.wait_for_selector("text=Who are you?")
    assert student.locator(".myword-names button", has_text=XSS).count() == 1 and student.dialogs == []
    student.locator(".myword-names button", has_text=re.compile("^Ana$")).click()
    student.wait_for_selector(f"{CARDS}")
    student.wait_for_selector("text=Juegas como Ana")
    student.get_by_role("button", name="Pausa", exact=True).click()
    student.wait_for_selector("text=En pausa")
    word = three_card_word(student)
    student.locator(".myword-entry input").fill(word)
    student.locator(".myword-entry input").press("Enter")
    expected = f"{load_lexicon('es').spelling(fold(word)).upper()} es muy corta: usa al menos 4 cartas."
    student.wait_for_selector(f"text={expected}")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    student.screenshot(path=str(ARTIFACTS / "student-rostered.png"))

    # The teacher sees it live, and downloads both files.
    teacher.get_by_role("tab", name="Progress").click()
    row = teacher.locator(".myword-progress tr", has_text="Ana")
    teacher.wait_for_function(
        "() => [...document.querySelectorAll('.myword-progress tr')].some("
        "r => r.querySelector('td.name')?.textContent === 'Ana' && r.querySelectorAll('td')[1].textContent === '1')"
    )
    assert "0%" in row.inner_text()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    teacher.screenshot(path=str(ARTIFACTS / "teacher-progress.png"))
    for tab, marker in (("Lessons", ".myword-lesson"), ("Class", ".myword-save-defaults")):
        teacher.get_by_role("tab", name=tab).click()
        teacher.locator(marker).first.wait_for()
        teacher.screenshot(path=str(ARTIFACTS / f"teacher-{tab.lower()}.png"))
    teacher.get_by_role("tab", name="Progress").click()
    with teacher.expect_download() as attempts_download:
        teacher.locator("button.myword-download", has_text="Download attempts").click()
    with teacher.expect_download() as summary_download:
        teacher.locator("button.myword-download", has_text="Download summary").click()
    attempts_path, summary_path = tmp_path / "attempts.csv", tmp_path / "summary.csv"
    attempts_download.value.save_as(attempts_path)
    summary_download.value.save_as(summary_path)
    assert attempts_download.value.suggested_filename.startswith("myword-attempts-")
    attempts = read_csv(attempts_path.read_bytes())
    assert attempts[0][:3] == ["time (UTC)", "student", "word typed"]
    (ana_row,) = [r for r in attempts[1:] if r[1] == "Ana"]
    assert ana_row[2] == word and ana_row[6:8] == ["no", "too few cards"] and ana_row[5] == "3" and ana_row[10] == "4"
    summary = read_csv(summary_path.read_bytes())
    names = {r[0] for r in summary[1 : summary.index([])]}  # the class word report follows, after an empty row
    assert names == {"Ana", XSS, "'" + FORMULA}
    assert teacher.dialogs == [] and student.dialogs == []


def three_card_word(page) -> str:
    """A Spanish word the table makes with exactly 3 cards (at most), dealing more by hand if needed."""
    lexicon = load_lexicon("es")
    for _ in range(72):
        cards = [Card(f) for f in page.eval_on_selector_all(CARDS, "els => els.map(e => e.dataset.face)")]
        for word in hints(cards, lexicon, max_letters=4):
            spelled = best_spelling(fold(word), cards)
            if spelled is not None and len(spelled) == 3:
                return word
        count = len(cards)
        page.locator("button.myword-btn", has_text="Otra carta").click()
        page.wait_for_function(f"document.querySelectorAll('{CARDS}').length > {count}")
    raise AssertionError("no 3-card word on the table")


def test_a_student_at_the_panel_gets_only_the_passcode_prompt(class_server, pages):
    page = pages(class_server.teacher_url)
    page.wait_for_selector("text=Enter the teacher passcode")
    body = page.locator("body").inner_text()
    assert "Ana" not in body and "HYPERLINK" not in body
    assert page.locator(".myword-roster, .myword-progress, .myword-download, .widget-tab").count() == 0
    # What the page's widget manager holds: every model's state, as the kernel sent it.
    held = page.evaluate(
        """async () => {
            const out = [];
            for (const el of document.querySelectorAll('.jupyter-widgets')) out.push(el.textContent);
            return out.join(' ');
        }"""
    )
    assert "Ana" not in held
    field(page, ".myword-lock", "Passcode").locator("input").fill("not-it")
    page.locator("button.myword-unlock").click()
    page.wait_for_selector("text=That is not the passcode")
    assert page.locator(".myword-roster").count() == 0


def test_a_student_guessing_at_the_panel_does_not_keep_the_teacher_out(class_server, pages, chromium):
    from myword_edu.server.device import DEVICE_COOKIE, DEVICE_HEADER
    from myword_edu.classroom.guess_limits import FREE_TRIES
    from myword_edu.classroom.passcode import TeacherAuth
    from myword_edu.classroom.store import Store

    store = Store.open(str(class_server.db))
    TeacherAuth(store).reset(PASSCODE, PASSCODE)  # whichever test ran before
    store.dispose()
    teacher = pages(class_server.teacher_url)
    teacher.wait_for_selector("text=Enter the teacher passcode")
    cookie = {c["name"]: c for c in teacher.context.cookies()}[DEVICE_COOKIE]
    assert cookie["httpOnly"] and DEVICE_COOKIE not in teacher.evaluate("document.cookie")  # no page script reads it
    # A student's browser that even sends the teacher's device in the header the server uses.
    context = chromium.new_context(extra_http_headers={DEVICE_HEADER: cookie["value"]})
    try:
        student = context.new_page()
        student.set_default_timeout(90_000)
        student.goto(class_server.teacher_url)
        box = field(student, ".myword-lock", "Passcode").locator("input")
        for left in range(FREE_TRIES - 1, -1, -1):
            box.fill(f"guess-{left}")
            student.locator("button.myword-unlock").click()
            student.wait_for_selector(f"text={left} {'try' if left == 1 else 'tries'} left")
        box.fill(PASSCODE)
        student.locator("button.myword-unlock").click()
        student.wait_for_selector("text=Too many wrong passcodes on this device")
        assert "myword-edu unlock" in student.locator(".myword-lock").inner_text()  # what to do, on the page
        tab = context.new_page()  # a new tab of the same browser (a new kernel) gets no fresh tries
        tab.set_default_timeout(90_000)
        tab.goto(class_server.teacher_url)
        field(tab, ".myword-lock", "Passcode").locator("input").fill(PASSCODE)
        tab.locator("button.myword-unlock").click()
        tab.wait_for_selector("text=Too many wrong passcodes on this device")
        # The teacher's browser is not held up.
        field(teacher, ".myword-lock", "Passcode").locator("input").fill(PASSCODE)
        teacher.locator("button.myword-unlock").click()
        teacher.wait_for_selector(".myword-roster")
    finally:
        context.close()


ACCENTED = ("Lucía", "Begoña", "Zoë", "Ñandú")


def unlocked_panel(server, pages):
    """The teacher panel, unlocked: with the setup code on a first run, else with the passcode."""
    teacher = pages(server.teacher_url)
    teacher.wait_for_function("() => /First time here|Enter the teacher passcode/.test(document.body.innerText)")
    if "First time here" in teacher.locator("body").inner_text():
        field(teacher, ".myword-lock", "Setup code").locator("input").fill(setup_code(server))
        field(teacher, ".myword-lock", "New passcode").locator("input").fill(PASSCODE)
        field(teacher, ".myword-lock", "Repeat it").locator("input").fill(PASSCODE)
        teacher.locator("button.myword-setup").click()
    else:
        field(teacher, ".myword-lock", "Passcode").locator("input").fill(PASSCODE)
        teacher.locator("button.myword-unlock").click()
    teacher.wait_for_selector(".myword-roster")
    return teacher


def test_teacher_downloads_the_workbook_with_accented_names(class_server, pages, tmp_path):
    from myword_edu.classroom.store import Store
    from tests.workbook import formula_count, read_xlsx

    store = Store.open(str(class_server.db))  # the class's own database, as the server's kernels see it
    on_roster = {s.name: s for s in store.students()}  # (the first test of this file added FORMULA already)
    for name in (*ACCENTED, FORMULA):
        student = on_roster.get(name) or store.add_student(name)
        game = store.start_game(student.id, lang="es", variant="standard", min_cards=3)
        store.record(attempt_row(student_id=student.id, game_id=game, round=1, word="ñandú", folded="ñandu", spelling="ñandú",
                             cards="Ñ A N D U", card_count=5, accepted=True, reason=None, points=5, free_cards=0,
                             min_cards=3, lang="es", lesson="es-4-enye", focus_word="ñandú"))  # fmt: skip
    teacher = unlocked_panel(class_server, pages)
    teacher.get_by_role("tab", name="Progress").click()
    # the class word report: the focus word, a column per student who tried it, their record
    word_row = teacher.locator("table.myword-words tr[data-word='ñandú']")
    word_row.wait_for(timeout=60_000)
    assert word_row.locator("td").first.inner_text() == "ÑANDÚ"
    heads = teacher.locator("table.myword-words thead th").all_inner_texts()
    assert set(ACCENTED) | {FORMULA} <= set(heads)
    begona = heads.index("Begoña")
    assert word_row.locator("td").nth(begona).inner_text() == "1/1 · 100%"
    button = teacher.locator("button.myword-download", has_text="workbook")
    button.wait_for()
    assert button.evaluate("b => b.scrollWidth <= b.clientWidth")  # the label is not cut
    with teacher.expect_download() as download:
        button.click()
    assert download.value.suggested_filename.startswith("myword-progress-")
    assert download.value.suggested_filename.endswith(".xlsx")
    path = tmp_path / "progress.xlsx"
    download.value.save_as(path)
    data = path.read_bytes()
    book = read_xlsx(data)
    assert list(book) == ["Attempts", "Summary", "Words"]
    attempts = {r[1]: r for r in book["Attempts"][1:]}
    assert set(ACCENTED) | {FORMULA} <= set(attempts)
    assert attempts["Begoña"][2] == "ñandú" and attempts["Begoña"][8] == 5
    assert set(ACCENTED) | {FORMULA} <= {r[0] for r in book["Summary"][1:]}
    assert {(r[0], r[4]) for r in book["Words"][1:]} >= {("ñandú", name) for name in (*ACCENTED, FORMULA)}
    assert formula_count(data) == 0 and teacher.dialogs == []
