"""An exported .xlsx read back two ways: with openpyxl (a second, independent implementation), and from its XML.

openpyxl is a test dependency only: the package writes workbooks with XlsxWriter.
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any
from xml.etree import ElementTree

import openpyxl

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_ESCAPE = re.compile(r"_x([0-9A-Fa-f]{4})_")


def unescape(text: str) -> str:
    """Undo OOXML's ``_xHHHH_`` escapes, as Excel and LibreOffice do (openpyxl leaves them)."""
    return _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)


def read_xlsx(data: bytes) -> dict[str, list[list[Any]]]:
    """Every sheet's rows as openpyxl reads them (formulas would come back as ``=...`` strings)."""
    book = openpyxl.load_workbook(io.BytesIO(data))
    sheets = {}
    for sheet in book.worksheets:
        rows = []
        for row in sheet.iter_rows():
            rows.append([unescape(c.value) if isinstance(c.value, str) else c.value for c in row])
        sheets[sheet.title] = rows
    return sheets


def cell_kinds(data: bytes) -> dict[str, dict[str, str]]:
    """Per sheet, each cell's data type as openpyxl sees it ('s' text, 'n' number, 'd' date, 'f' formula)."""
    book = openpyxl.load_workbook(io.BytesIO(data))
    return {s.title: {c.coordinate: c.data_type for row in s.iter_rows() for c in row if c.value is not None}
            for s in book.worksheets}  # fmt: skip


def sheet_xml(data: bytes) -> dict[str, str]:
    """Each sheet's XML text, by sheet name (read from the zip, as a spreadsheet would)."""
    with zipfile.ZipFile(io.BytesIO(data)) as book:
        workbook = ElementTree.fromstring(book.read("xl/workbook.xml"))
        rels = ElementTree.fromstring(book.read("xl/_rels/workbook.xml.rels"))
        targets = {r.get("Id"): r.get("Target") for r in rels}
        out = {}
        for sheet in workbook.iter(f"{{{MAIN}}}sheet"):
            target = targets[sheet.get(f"{{{REL}}}id")].lstrip("/")
            path = target if target.startswith("xl/") else f"xl/{target}"
            out[sheet.get("name")] = book.read(path).decode("utf-8")
        return out


def formula_count(data: bytes) -> int:
    """How many formula elements (``<f>``) the workbook's sheets hold."""
    return sum(len(ElementTree.fromstring(xml).findall(f".//{{{MAIN}}}f")) for xml in sheet_xml(data).values())
