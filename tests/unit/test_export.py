"""Progress CSV and workbook: columns, BOM, formula injection neutralised, names that need quoting, types, the CLI."""

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
from myword_edu.classroom.export import (attempts_csv, class_workbook, neutralise, read_csv, summary_csv, to_csv, to_xlsx,
                                write_exports)  # fmt: skip
from myword_edu.classroom.store import Store
from tests.workbook import cell_kinds, formula_count, read_xlsx, sheet_xml
from tests.attempt_rows import attempt_row

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
        store.record(attempt_row(
            student_id=student.id, game_id=game, round=1, word=word, folded=word.replace("ó", "o").replace("á", "a"),
            spelling=word, cards=" ".join(word.upper()) if ok else "", card_count=len(word) if ok else 0, accepted=ok,
            reason=None if ok else "not_a_word", points=len(word) if ok else 0, free_cards=0 if ok else 1, min_cards=3,
            lang="es", lesson=lesson, focus_word=(focus or {}).get(word),
        ))  # fmt: skip
    return student


def summary_part(rows: list[list[str]]) -> list[list[str]]:
    """The summary CSV's first table: the rows before the empty row (the class word report follows it)."""
    return rows[: rows.index([])]


def words_part(rows: list[list[str]]) -> list[list[str]]:
    """The summary CSV's second table: the class word report."""
    return rows[rows.index([]) + 1 :]


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
        store.record(attempt_row(student_id=ana.id, game_id=game, round=1, word=word.upper(), folded=word.replace("ú", "u"),
                             spelling=word, cards=path, card_count=len(word), accepted=ok, reason=reason,
                             points=4 if ok else 0, free_cards=0, min_cards=3, lang="es"))  # fmt: skip
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
    rows = summary_part(read_csv(summary_csv(store, "en")))
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
    exported = {r[0] for r in summary_part(read_csv(summary_csv(store)))[1:]}
    assert exported == {("'" + n) if n.startswith(("=", "+", "-", "@")) else n for n in names}
    attempts = {r[1] for r in read_csv(attempts_csv(store))[1:]}
    assert attempts == exported


def test_export_command(store, tmp_path, capsys):
    play(store, "Ana", [("sol", True)])
    out = tmp_path / "out"
    assert main(["export", "--out", str(out), "--db", str(store.engine.url.database), "--lang", "es"]) == 0
    printed = capsys.readouterr().out.split()
    assert len(printed) == 3 and all(Path(p).exists() for p in printed)
    attempts = read_csv(Path(printed[0]).read_bytes())
    assert attempts[1][1] == "Ana" and attempts[0][0] == "hora (UTC)"
    assert printed[2].endswith(".xlsx")
    book = read_xlsx(Path(printed[2]).read_bytes())
    assert list(book) == ["Intentos", "Resumen", "Palabras"] and book["Intentos"][1][1] == "Ana"


def test_export_command_writes_only_the_workbook_when_asked(store, tmp_path, capsys):
    play(store, "Begoña", [("sol", True)])
    out = tmp_path / "out"
    assert main(["export", "--out", str(out), "--db", str(store.engine.url.database), "--format", "xlsx"]) == 0
    (printed,) = capsys.readouterr().out.split()
    assert [p.name for p in out.iterdir()] == [Path(printed).name] and printed.endswith(".xlsx")
    assert read_xlsx(Path(printed).read_bytes())["Summary"][1][0] == "Begoña"


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
    paths = write_exports(store, tmp_path / "csv", lang="es", formats=["csv"])
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


ACCENTED = ["Lucía", "Begoña", "Zoë", "Ñandú"]


def test_workbook_has_both_tables_typed_in_the_teachers_language(store):
    play(store, "Lucía", [("camión", True), ("xq", False), ("camón", False)], lesson="es-5-tildes",
         focus={"camión": "camión", "camón": "camión"})  # fmt: skip
    play(store, "Ben", [])
    data = class_workbook(store, "es")
    book = read_xlsx(data)
    assert list(book) == ["Intentos", "Resumen", "Palabras"]
    attempts, summary, words = book["Intentos"], book["Resumen"], book["Palabras"]
    # The same tables as the CSV files, cell for cell (the CSV's cells are text, with formulas neutralised).
    assert numbers_as_floats(read_csv(to_csv(attempts))) == numbers_as_floats(read_csv(attempts_csv(store, "es")))
    assert numbers_as_floats(read_csv(to_csv([*summary, [], *words]))) == numbers_as_floats(read_csv(summary_csv(store, "es")))
    assert attempts[1][:9] == [datetime(2026, 3, 2, 9, 1), "Lucía", "camión", "camión", "C A M I Ó N", 6, "sí", None, 6]
    assert attempts[2][6:10] == ["no", "no es una palabra", 0, 1]
    assert len(attempts) == 4 and summary[0][:3] == ["alumno", "lección", "palabra clave"]
    (lucia_all,) = [r for r in summary if r[0] == "Lucía" and r[2] == "(todas las palabras)"]
    assert lucia_all[3:6] == [3, 1, 33.3] and lucia_all[11] == datetime(2026, 3, 2, 9, 2)
    (focus,) = [r for r in summary if r[2] == "camión"]
    assert focus[3:8] == [2, 1, 50.0, 1, 50.0]
    assert ["Ben", None, "(todas las palabras)", 0, 0] == [r for r in summary if r[0] == "Ben"][0][:5]
    kinds = cell_kinds(data)["Intentos"]
    assert (kinds["A2"], kinds["B2"], kinds["F2"], kinds["I2"]) == ("d", "s", "n", "n")


def numbers_as_floats(rows: list[list[str]]) -> list[list[object]]:
    """CSV cells with numbers as floats ("0.0" and "0" are the same number; a workbook keeps no trailing zero)."""

    def cell(text: str) -> object:
        try:
            return float(text)
        except ValueError:
            return text

    return [[cell(c) for c in row] for row in rows]


def test_workbook_layout_frozen_header_filter_and_readable_widths(store):
    play(store, "Lucía", [("camión", True)])
    data = class_workbook(store, "en")
    book = openpyxl_book(data)
    assert book.sheetnames == ["Attempts", "Summary", "Words"]
    for sheet in book.worksheets:
        assert sheet.freeze_panes == "A2" and sheet.auto_filter.ref.startswith("A1:")
        assert all(cell.font.b for cell in sheet[1])
        header = [c.value for c in sheet[1]]
        for column, title in zip(sheet.iter_cols(min_row=1), header):
            width = sheet.column_dimensions[column[0].column_letter].width
            longest = max(len(str(c.value)) for c in column if c.value is not None)
            assert width >= min(longest, 50), (sheet.title, title, width)
    attempts = book["Attempts"]
    assert attempts["A2"].number_format == "yyyy-mm-dd hh:mm:ss"


def openpyxl_book(data: bytes):
    import io

    import openpyxl

    return openpyxl.load_workbook(io.BytesIO(data))


def test_workbook_never_holds_a_formula_whatever_the_name(store):
    names = [n for n in NASTY if not n.startswith(("\t", "\r")) and "\n" not in n] + ["@x", "+1", "-1"]
    for name in names:
        play(store, name, [("sol", True)])
    data = class_workbook(store, "en")
    assert formula_count(data) == 0
    for title, xml in sheet_xml(data).items():
        assert "<f>" not in xml and "<f " not in xml, title
    book, kinds = read_xlsx(data), cell_kinds(data)
    for title, column in (("Attempts", 1), ("Summary", 0)):
        cells = [row[column] for row in book[title][1:]]
        assert set(cells) == set(names)  # exactly as typed: no apostrophe, no evaluation
        assert all(kind != "f" for kind in kinds[title].values())
    styled = openpyxl_book(data)["Summary"]
    assert all(row[0].quotePrefix for row in styled.iter_rows(min_row=2))  # stays text when the cell is edited


def test_workbook_titles_are_valid_sheet_names():
    data = to_xlsx([("a/b:c*?[x]", [["h"]]), ("A/B:C*?[X]", [["h"]]), ("x" * 40, [])])
    assert list(read_xlsx(data)) == ["a b c   x", "A B C   X (2)", "x" * 31]


def test_xlsxwriter_is_loaded_only_when_a_workbook_is_built():
    code = (
        "import sys\n"
        "import myword_edu.classroom.export, myword_edu.cli, myword_edu.classroom.cli, myword_edu.ui.teacher.tabs\n"
        "print('xlsxwriter' in sys.modules)\n"
        "myword_edu.classroom.export.to_xlsx([('s', [['x']])])\n"
        "print('xlsxwriter' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]


def _soffice():
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        pytest.skip("LibreOffice is not installed (apt-get install libreoffice-calc-nogui)")
    return soffice


@pytest.mark.slow
def test_libreoffice_opens_the_workbook_with_accents_numbers_and_dates(store, tmp_path):
    soffice = _soffice()
    for name in ACCENTED:
        play(store, name, [("camión", True), ("xq", False)])
    play(store, '=HYPERLINK("http://x")', [("sol", True)])
    (path,) = write_exports(store, tmp_path / "out", lang="es", formats=["xlsx"])
    profile = f"-env:UserInstallation=file://{tmp_path / 'lo-profile'}"
    # Every sheet to CSV (UTF-8, formulas as their results, not as shown), and the whole book to flat ODF.
    csv_filter = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"
    for target in (csv_filter, "fods"):
        subprocess.run([soffice, profile, "--headless", "--convert-to", target, "--outdir", str(tmp_path / "lo"), str(path)],
                       check=True, capture_output=True, timeout=180)  # fmt: skip
    attempts = read_csv((tmp_path / "lo" / f"{path.stem}-Intentos.csv").read_bytes())
    summary = read_csv((tmp_path / "lo" / f"{path.stem}-Resumen.csv").read_bytes())
    assert attempts[0][:2] == ["hora (UTC)", "alumno"]
    assert {r[1] for r in attempts[1:]} == {*ACCENTED, '=HYPERLINK("http://x")'}  # the formula name is text
    assert {r[0] for r in summary[1:]} == {*ACCENTED, '=HYPERLINK("http://x")'}
    lucia = next(r for r in attempts if r[1] == "Lucía")
    assert lucia[0] == "2026-03-02 09:01:00" and lucia[4] == "C A M I Ó N" and lucia[8] == "6"
    # How LibreOffice typed each cell: names text, points numbers, times dates, no formula anywhere.
    ods = ElementTree.parse(tmp_path / "lo" / f"{path.stem}.fods").getroot()
    ns = {"table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
          "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
          "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0"}  # fmt: skip
    table = {t.get(f"{{{ns['table']}}}name"): t for t in ods.iter(f"{{{ns['table']}}}table")}
    assert set(table) == {"Intentos", "Resumen", "Palabras"}
    formula = f"{{{ns['table']}}}formula"
    assert not [c for t in table.values() for c in t.iter(f"{{{ns['table']}}}table-cell") if c.get(formula)]
    row = next(r for r in table["Intentos"].iter(f"{{{ns['table']}}}table-row")
               if "Lucía" in "".join(r.itertext()))  # fmt: skip
    kinds = []
    for cell in row.findall("table:table-cell", ns):  # LibreOffice writes equal neighbours once, with a count
        kinds += [cell.get(f"{{{ns['office']}}}value-type")] * int(cell.get(f"{{{ns['table']}}}number-columns-repeated", "1"))
    assert kinds[0] == "date" and kinds[1] == "string" and kinds[5] == "float" and kinds[8] == "float"


def test_the_summary_ends_with_the_class_word_report_most_missed_first_names_neutralised(store):
    focus = {"camión": "camión", "camon": "camión", "sol": "sol"}
    play(store, "=Ana", [("camon", False), ("camión", True), ("sol", True)], lesson="l", focus=focus)
    play(store, "Ben", [("camon", False), ("sol", True)], lesson="l", focus=focus)
    words = words_part(read_csv(summary_csv(store, "es")))
    assert words[0][:4] == ["palabra clave", "intentos de la clase", "bien escritas por la clase", "falladas por la clase %"]
    assert [r[:5] for r in words[1:]] == [["camión", "3", "1", "66.7", "'=Ana"], ["camión", "3", "1", "66.7", "Ben"],
                                          ["sol", "2", "2", "0.0", "'=Ana"], ["sol", "2", "2", "0.0", "Ben"]]  # fmt: skip
    assert words[1][5:] == ["2", "1", "50.0"] and words[2][5:] == ["1", "0", "0.0"]
    sheet = read_xlsx(class_workbook(store, "en"))["Words"]
    assert sheet[0][0] == "focus word" and sheet[1][:5] == ["camión", 3, 1, 66.7, "=Ana"]  # text, never a formula
    assert formula_count(class_workbook(store, "en")) == 0
