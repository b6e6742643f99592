"""The gettext catalogs: every key in every language, same placeholders, plural forms, compiled files up to date."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from myword_edu.i18n.catalog import Catalog, Plural, Text, languages, translations
from myword_edu.i18n.classroom import CLASSROOM
from myword_edu.i18n.game import GAME
from myword_edu.i18n.rooms import ROOMS
from tests.catalog_files import DOMAINS, LOCALE, fields, po_file

ROOT = Path(__file__).resolve().parents[2]
CATALOGS: dict[str, Catalog] = {"game": GAME, "classroom": CLASSROOM, "rooms": ROOMS}
ENTRIES = [(domain, key) for domain, catalog in CATALOGS.items() for key in catalog]


def _tool():
    spec = importlib.util.spec_from_file_location("catalogs_tool", ROOT / "tools" / "catalogs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogs_tool"] = module
    spec.loader.exec_module(module)
    return module


def test_every_domain_has_a_catalog_and_a_file_per_language():
    assert set(CATALOGS) == set(DOMAINS)
    for domain in DOMAINS:
        for lang in languages():
            if lang != "en":  # English is the source: its texts are the msgids
                assert (LOCALE / lang / "LC_MESSAGES" / f"{domain}.mo").is_file()


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_spanish_file_has_every_key_and_no_other(domain):
    keys = {e.msgctxt for e in po_file(domain) if not e.obsolete}
    assert set(CATALOGS[domain]) - keys == set(), "keys without a Spanish entry: run python tools/catalogs.py"
    assert keys - set(CATALOGS[domain]) == set(), "Spanish entries for keys that are gone"


@pytest.mark.parametrize(("domain", "key"), ENTRIES)
def test_each_key_is_translated_from_todays_english_with_the_same_placeholders(domain, key):
    entry = CATALOGS[domain].entry(key)
    po = next(e for e in po_file(domain) if e.msgctxt == key)
    assert "fuzzy" not in po.flags, f"{key}: the English changed since it was translated"
    if isinstance(entry, Plural):
        assert (po.msgid, po.msgid_plural) == (entry.one, entry.other)
        forms = [po.msgstr_plural[i] for i in sorted(po.msgstr_plural)]
        assert len(forms) == 2 and all(forms), f"{key}: Spanish needs its singular and its plural"
        english = fields(entry.one) | fields(entry.other)
        assert fields(forms[1]) == fields(entry.other), key  # the plural form says everything the English says
        assert fields(forms[0]) <= english, key
        assert entry.count in english or entry.count == "people", f"{key}: the number {entry.count!r} is never passed"
    else:
        assert isinstance(entry, Text) and po.msgid == entry.english and not po.msgid_plural
        assert po.msgstr, f"{key}: not translated"
        assert fields(po.msgstr) == fields(entry.english), key


@pytest.mark.parametrize(("domain", "key"), ENTRIES)
def test_the_compiled_catalog_says_what_the_po_file_says(domain, key):
    """The .mo the package loads (standard library gettext) matches the .po a teacher reviews."""
    entry = CATALOGS[domain].entry(key)
    po = next(e for e in po_file(domain) if e.msgctxt == key)
    if isinstance(entry, Plural):
        assert CATALOGS[domain].template("es", key, 1) == po.msgstr_plural[0]
        assert CATALOGS[domain].template("es", key, 2) == po.msgstr_plural[1]
        assert CATALOGS[domain].template("en", key, 1) == entry.one
        assert CATALOGS[domain].template("en", key, 2) == entry.other
    else:
        assert CATALOGS[domain].template("es", key) == po.msgstr
        assert CATALOGS[domain].template("en", key) == entry.english


def test_spanish_picks_its_plural_form_by_the_gettext_rule():
    info = translations("game", "es").info()
    assert info["plural-forms"] == "nplurals=2; plural=(n != 1);"
    assert GAME("es", "deck.left", left=0, total=71) == "Quedan 0 de 71 cartas"  # 0 is plural in Spanish


def test_the_committed_files_are_what_the_tool_writes():
    """Catches an edited .py table or .po file whose .pot/.mo were not rebuilt (python tools/catalogs.py)."""
    tool = _tool()
    stale = [str(path.relative_to(ROOT)) for path, data in tool.outputs().items() if path.read_bytes() != data]
    assert stale == []


def test_the_tool_reports_a_changed_english_text_as_needing_work(monkeypatch, tmp_path):
    tool = _tool()
    pot = tool.template(Catalog("demo", {"a": "Hello", "b": Plural("{count} card", "{count} cards")}))
    old = tool.merge(pot, None, "es")
    for entry in old:
        if entry.msgid_plural:
            entry.msgstr_plural = {0: "{count} carta", 1: "{count} cartas"}
        else:
            entry.msgstr = "Hola"
    assert tool.problems(old, "es") == []
    changed = tool.template(Catalog("demo", {"a": "Hello there", "b": Plural("{count} card", "{count} cards"), "c": "New"}))
    merged = tool.merge(changed, old, "es")
    by_key = {e.msgctxt: e for e in merged}
    assert "fuzzy" in by_key["a"].flags and by_key["a"].previous_msgid == "Hello" and by_key["a"].msgstr == "Hola"
    assert by_key["b"].msgstr_plural == {0: "{count} carta", 1: "{count} cartas"} and "fuzzy" not in by_key["b"].flags
    assert sorted(tool.problems(merged, "es")) == [
        "es 'a': the English changed; check the translation and untick 'needs work' (fuzzy)",
        "es 'c': not translated yet",
    ]
    mo = tmp_path / "demo.mo"
    mo.write_bytes(tool.compiled(merged))  # fuzzy and empty entries are left out: the page says them in English
    import gettext

    with mo.open("rb") as file:
        found = gettext.GNUTranslations(file)
    assert found.pgettext("a", "Hello there") == "Hello there"
    assert found.npgettext("b", "{count} card", "{count} cards", 1) == "{count} carta"
