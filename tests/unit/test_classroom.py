"""Students, their settings, names, and roster import with every problem on its line."""

from __future__ import annotations

import pytest

from myword_edu.classroom.roster import (
    NameError_,
    RosterError,
    StudentSettings,
    clean_name,
    decode_upload,
    name_key,
    parse_roster,
)
from myword_edu.myword.variant import parse_variant
from myword_edu.core.codes import normalise_code


def problems(text: str, **kwargs) -> list[tuple[int, str]]:
    with pytest.raises(RosterError) as error:
        parse_roster(text, **kwargs)
    return [(p.line, p.code) for p in error.value.problems]


def test_settings_are_checked():
    assert StudentSettings(min_cards="4", lang="es-MX", variant="Ages 7", bot_level="HARD") == StudentSettings(4, "es", "junior", "hard")
    for bad in ({"min_cards": 1}, {"min_cards": True}, {"lang": "fr"}, {"variant": "easy"}, {"bot_level": "expert"}):
        with pytest.raises(ValueError):
            StudentSettings(**bad)
    assert StudentSettings.from_dict({"min_cards": 9, "lang": "es", "junk": 1}) == StudentSettings(lang="es")
    assert parse_variant("ages7").value == "junior"  # how earlier releases stored it


def test_names():
    assert clean_name(" Ana\u0301 ") == "Aná"  # NFC
    assert clean_name('=HYPERLINK("http://x")') == '=HYPERLINK("http://x")'
    for bad, reason in (("", "empty"), ("   ", "empty"), ("a" * 41, "too_long"), ("a\nb", "control"), ("a\u200bb", "control")):
        with pytest.raises(NameError_) as error:
            clean_name(bad)
        assert error.value.reason == reason
    assert name_key("ÉMILE") == name_key("émile")


def test_plain_list_of_names():
    roster = parse_roster("Ana\nBen\n\nCarla\n")
    assert [(r.line, r.name, r.min_cards) for r in roster.rows] == [(1, "Ana", None), (2, "Ben", None), (4, "Carla", None)]


def test_csv_with_all_columns_in_spanish_and_semicolons():
    text = "\ufeffNombre;Mínimo de cartas;Idioma;Variante;Nivel\nPeña, Ana;4;español;7 años;difícil\nLuis;;inglés;estándar;fácil\n"
    rows = parse_roster(text).rows
    assert [(r.name, r.min_cards, r.lang, r.variant, r.bot_level) for r in rows] == [
        ("Peña, Ana", 4, "es", "junior", "hard"), ("Luis", None, "en", "standard", "easy")]  # fmt: skip
    assert rows[1].settings(StudentSettings(min_cards=5)).min_cards == 5


def test_every_bad_row_is_reported_with_its_line():
    text = (
        "name,min cards,language,colour\n"   # 1: unknown column
        "Ana,4,en,\n"                        # 2: fine
        "Ana,3,en,\n"                        # 3: duplicate of line 2
        ",3,en,\n"                           # 4: empty name
        "Ben,seven,fr,\n"                    # 5: two bad cells
        '"Carla\nMaría",3,en,\n'             # 6-7: a name with a line break
        "Dan,3,en,,extra\n"                  # 8: too many cells
        "Eve,3,es,\n"                        # 9: taken (existing)
    )  # fmt: skip
    assert problems(text, existing=["eve"]) == [
        (1, "unknown_column"), (3, "duplicate_name"), (4, "empty_name"), (5, "bad_min_cards"), (5, "bad_lang"),
        (6, "control_name"), (8, "too_many_cells"), (9, "name_taken"),
    ]  # fmt: skip


def test_header_without_name_and_empty_file():
    assert problems("language,min cards\nen,3\n") == [(1, "no_name_column")]
    assert problems("\n\n") == [(1, "no_students")]


def test_quoted_commas_and_quotes_survive():
    rows = parse_roster('name\n"O\'Brien, ""Sam"""\n').rows
    assert rows[0].name == 'O\'Brien, "Sam"'


def test_upload_decoding_and_join_codes():
    assert decode_upload("José".encode("cp1252")) == "José"
    assert decode_upload("\ufeffJosé".encode()) == "José"
    assert normalise_code(" ab-34 c") == "AB34C" and normalise_code(None) == ""
