"""Progress CSV: columns, BOM, CSV injection neutralised, names that need quoting, the CLI."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from datetime import datetime, timedelta
from pathlib import Path
from xml.etree import ElementTree

import pytest

from myword_edu.cli import main
from myword_edu.export import attempts_csv, neutralise, read_csv, summary_csv, write_exports
from myword_edu.store import Store

NASTY = ['=HYPERLINK("http://x")', "+1 555", "-2", "@SUM(A1)", "\tTab", "\rCR", "<img src=x onerror=alert(1)>",
         'Peña, "Nico"\nJr']  # fmt: skip


@pytest.fixture
def store(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 'e.sqlite3'}", fresh=True)
    clock = iter(datetime(2026, 3, 2, 9, 0) + timedelta(seconds=30 * i) for i in range(1000))
    store.now = lambda: next(clock)
    return store


def play(store, name: str, calls: list[tuple[str, bool]], *, lesson: str | None = None, focus: dict | None = None):
    student = store.add_student(name)
    game = store.start_game(student.id, lang="es", variant="standard", min_cards=3, lesson=lesson)
    for word, ok in calls:
        store.record_attempt(
            student_id=student.id, game_id=game, round=1, word=word, folded=word.replace("ó", "o").replace("á", "a"),
            spelling=word, cards=" ".join(word.upper()) if ok else "", card_count=len(word) if ok else 0, accepted=ok,
            reason=None if ok else "not_a_word", points=len(word) if ok else 0, free_cards=0 if ok else 1, min_cards=3,
            lang="es", lesson=lesson, focus_word=(focus or {}).get(word),
        )  # fmt: skip
    return student


def test_neutralise_every_dangerous_start():
    for cell in NASTY[:6]:
        assert neutralise(cell) == "'" + cell
    for cell in ("Ana", "ñandú", "<img>", "3", " =x"):
        assert neutralise(cell) == cell


def test_attempts_csv(store):
    play(store, "Peña, Ana", [("camión", True), ("xq", False)])
    data = attempts_csv(store, "es")
    assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data
    rows = read_csv(data)
    assert rows[0][:4] == ["hora (UTC)", "alumno", "palabra escrita", "ortografía del diccionario"]
    assert rows[1][:9] == ["2026-03-02 09:01:00", "Peña, Ana", "camión", "camión", "C A M I Ó N", "6", "sí", "", "6"]
    assert rows[2][6:8] == ["no", "no es una palabra"] and rows[2][9] == "1"
    assert len(rows) == 3 and all(len(r) == len(rows[0]) for r in rows)
    assert rows[0][12:14] == ["juego", "id de partida"] and rows[1][12] == rows[2][12] == "MyWord!"


def test_attempts_csv_has_boggle_words_and_their_cube_paths(store):
    ana = play(store, "Ana", [("sol", True)])
    game = store.start_game(ana.id, lang="es", variant="es", min_cards=3, kind="boggle")
    for word, ok, reason, path in [("ñandú", True, None, "Ñ(1,1) A(1,2) N(2,2) D(3,2) U(3,3)"),
                                   ("ña", False, "too_short", "Ñ(1,1) A(1,2)"),
                                   ("perro", False, "not_on_board", "")]:  # fmt: skip
        store.record_attempt(student_id=ana.id, game_id=game, round=1, word=word.upper(), folded=word.replace("ú", "u"),
                             spelling=word, cards=path, card_count=len(word), accepted=ok, reason=reason,
                             points=4 if ok else 0, free_cards=0, min_cards=3, lang="es")  # fmt: skip
    rows = read_csv(attempts_csv(store, "es"))
    assert [r[12] for r in rows[1:]] == ["MyWord!", "Boggle", "Boggle", "Boggle"]
    assert rows[2][2:9] == ["ÑANDÚ", "ñandú", "Ñ(1,1) A(1,2) N(2,2) D(3,2) U(3,3)", "5", "sí", "", "4"]
    assert [r[7] for r in rows[3:]] == ["muy corta", "no está en el tablero"]
    summary = read_csv(summary_csv(store, "es"))
    assert summary[1][3:5] == ["4", "2"] and summary[1][8] == "3"  # Boggle points are not cards won


def test_summary_per_student_and_focus_word(store):
    focus = {"camión": "camión", "camon": "camión"}
    play(store, "Ana", [("camión", True), ("camon", False), ("camión", True), ("sol", True)], lesson="es-5-tildes", focus=focus)
    play(store, "Ben", [])
    rows = read_csv(summary_csv(store, "en"))
    header = rows[0]
    assert header[:6] == ["student", "lesson", "focus word", "attempts", "accepted calls", "accepted %"]
    ana = [r for r in rows if r[0] == "Ana"]
    assert ana[0][2:6] == ["(all words)", "4", "3", "75.0"] and ana[0][8] == "15"
    assert ana[1][1:8] == ["es-5-tildes", "camión", "3", "2", "66.7", "2", "66.7"]
    ben = [r for r in rows if r[0] == "Ben"]
    assert ben == [["Ben", "", "(all words)", "0", "0", "", "", "", "0", "0.0", "", ""]]


def test_nasty_names_round_trip_neutralised(store):
    names = [n for n in NASTY if not n.startswith(("\t", "\r")) and "\n" not in n] + ['Peña, "Nico" Jr']
    for name in names:  # (a name cannot hold tabs or line breaks: clean_name refuses them)
        play(store, name, [("sol", True)])
    exported = {r[0] for r in read_csv(summary_csv(store))[1:]}
    assert exported == {("'" + n) if n.startswith(("=", "+", "-", "@")) else n for n in names}
    attempts = {r[1] for r in read_csv(attempts_csv(store))[1:]}
    assert attempts == exported


def test_export_command(store, tmp_path, capsys):
    play(store, "Ana", [("sol", True)])
    out = tmp_path / "out"
    assert main(["export", "--out", str(out), "--db", str(store.engine.url.database), "--lang", "es"]) == 0
    printed = capsys.readouterr().out.split()
    assert len(printed) == 2 and all(Path(p).exists() for p in printed)
    attempts = read_csv(Path(printed[0]).read_bytes())
    assert attempts[1][1] == "Ana" and attempts[0][0] == "hora (UTC)"


def test_export_command_reports_a_bad_database(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["export", "--out", str(tmp_path / "o"), "--db", str(blocker / "db.sqlite3")]) == 1
    assert "cannot open the class database" in capsys.readouterr().err


def _xlsx_cells(path: Path) -> tuple[list[str], str]:
    with zipfile.ZipFile(path) as book:
        strings = ElementTree.fromstring(book.read("xl/sharedStrings.xml"))
        sheet = book.read("xl/worksheets/sheet1.xml").decode("utf-8")
    ns = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}
    texts = ["".join(t.text or "" for t in si.iter(f"{{{ns['m']}}}t")) for si in strings.findall("m:si", ns)]
    return texts, sheet


@pytest.mark.slow
def test_libreoffice_opens_the_export_with_accents_and_values(store, tmp_path):
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        pytest.skip("LibreOffice is not installed (apt-get install libreoffice-calc-nogui)")
    play(store, "Íñigo Peña", [("camión", True), ("árbol", True), ("xq", False)])
    play(store, '=HYPERLINK("http://x")', [("sol", True)])
    paths = write_exports(store, tmp_path / "csv", lang="es")
    profile = tmp_path / "lo-profile"
    for path in paths:
        subprocess.run(
            # The import options of LibreOffice's CSV dialog: comma, double quotes, Unicode (UTF-8), from row 1.
            [soffice, f"-env:UserInstallation=file://{profile}", "--headless", "--infilter=CSV:44,34,76,1", "--convert-to", "xlsx",
             "--outdir", str(tmp_path / "xlsx"), str(path)],
            check=True, capture_output=True, timeout=180,
        )  # fmt: skip
    texts, sheet = _xlsx_cells(tmp_path / "xlsx" / paths[0].with_suffix(".xlsx").name)
    assert {"Íñigo Peña", "camión", "árbol", "ortografía del diccionario", "C A M I Ó N", "sí"} <= set(texts)
    assert "<f>" not in sheet  # no formula anywhere: the HYPERLINK name stayed text
    assert any(t.endswith('=HYPERLINK("http://x")') for t in texts)
    texts, sheet = _xlsx_cells(tmp_path / "xlsx" / paths[1].with_suffix(".xlsx").name)
    assert "Íñigo Peña" in texts and "<f>" not in sheet
    assert "<v>66.7</v>" in sheet  # accepted % came through as a number, not text
