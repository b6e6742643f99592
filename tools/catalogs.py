"""Keep the gettext catalogs in step with the English texts, and compile them.

    python tools/catalogs.py           # write the .pot templates, merge them into each .po, compile the .mo files
    python tools/catalogs.py --check   # change nothing; fail if a file is stale or a text has no translation

The English texts live in ``myword_edu/i18n/<domain>.py`` (one table per
domain, by stable key). For each domain this writes:

- ``myword_edu/i18n/locale/<domain>.pot``: every key as ``msgctxt``, its English
  as ``msgid`` (and ``msgid_plural``), the translator's note as a comment;
- ``myword_edu/i18n/locale/<lang>/LC_MESSAGES/<domain>.po``: the same entries
  with each language's translation. A key whose English changed keeps its old
  translation marked *fuzzy* (Poedit shows it as "needs work", with the old
  English), a new key gets an empty translation, a removed key is dropped;
- the ``.mo`` file next to each ``.po`` (fuzzy and empty entries left out, so the
  page falls back to English for them), which the package loads at run time.

Needs ``polib`` (in the ``test`` extra); the package itself reads the ``.mo``
files with the standard library only.
"""

from __future__ import annotations

import argparse
import string
import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from myword_edu.i18n.catalog import Catalog, Plural  # noqa: E402
from myword_edu.i18n.classroom import CLASSROOM  # noqa: E402
from myword_edu.i18n.game import GAME  # noqa: E402
from myword_edu.i18n.rooms import ROOMS  # noqa: E402

LOCALE = ROOT / "myword_edu" / "i18n" / "locale"
CATALOGS: tuple[Catalog, ...] = (GAME, CLASSROOM, ROOMS)
#: Each translated language: its name for the header and its gettext plural rule.
LANGUAGES = {"es": ("Spanish", "nplurals=2; plural=(n != 1);")}
PROJECT = "myword-edu"


def _fields(text: str) -> list[str]:
    return sorted({name for _, name, _, _ in string.Formatter().parse(text) if name})


def _comment(catalog: Catalog, key: str) -> str:
    entry = catalog.entry(key)
    lines = [entry.note] if entry.note else []
    if isinstance(entry, Plural):
        lines.append(f"The form is picked by the number {{{entry.count}}}"
                     + ("." if entry.count in _fields(entry.one + entry.other) else " (the caller passes it; it is not shown)."))
    return "\n".join(lines)


def template(catalog: Catalog) -> polib.POFile:
    """The ``.pot`` of ``catalog``: keys in table order."""
    pot = polib.POFile(wrapwidth=0)
    pot.metadata = {
        "Project-Id-Version": PROJECT,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    for key in catalog:
        entry = catalog.entry(key)
        english = (entry.one, entry.other) if isinstance(entry, Plural) else (entry.english, None)
        flags = ["python-brace-format"] if _fields("".join(e for e in english if e)) else []
        item = polib.POEntry(msgctxt=key, msgid=english[0], comment=_comment(catalog, key), flags=flags)
        if english[1] is not None:
            item.msgid_plural = english[1]
            item.msgstr_plural = {0: "", 1: ""}
        pot.append(item)
    return pot


def merge(pot: polib.POFile, old: polib.POFile | None, lang: str) -> polib.POFile:
    """The ``.po`` for ``lang``: the template's entries, with the old file's translations kept where they still fit."""
    name, plural_forms = LANGUAGES[lang]
    po = polib.POFile(wrapwidth=0)
    po.metadata = {**pot.metadata, "Language": lang, "Language-Team": name, "Plural-Forms": plural_forms}
    if old is not None:
        po.header = old.header
    previous = {e.msgctxt: e for e in old if not e.obsolete} if old is not None else {}
    nplurals = int(plural_forms.split("nplurals=")[1].split(";")[0])
    for item in pot:
        new = polib.POEntry(msgctxt=item.msgctxt, msgid=item.msgid, msgid_plural=item.msgid_plural,
                            comment=item.comment, flags=list(item.flags))
        had = previous.get(item.msgctxt)
        if item.msgid_plural:
            forms = dict(had.msgstr_plural) if had is not None and had.msgstr_plural else {}
            if had is not None and not had.msgid_plural and had.msgstr:
                forms = {i: had.msgstr for i in range(nplurals)}
            new.msgstr_plural = {i: forms.get(i, "") for i in range(nplurals)}
        else:
            new.msgstr = had.msgstr if had is not None and not had.msgid_plural else ""
            if had is not None and had.msgid_plural and not new.msgstr:
                new.msgstr = had.msgstr_plural.get(1, "")
        if had is not None and "fuzzy" in had.flags:
            new.flags.append("fuzzy")
            new.previous_msgid, new.previous_msgid_plural = had.previous_msgid, had.previous_msgid_plural
        elif had is not None and (had.msgid, had.msgid_plural or "") != (item.msgid, item.msgid_plural or ""):
            new.flags.append("fuzzy")
            new.previous_msgid = had.msgid
            new.previous_msgid_plural = had.msgid_plural or None
        po.append(new)
    return po


def problems(po: polib.POFile, lang: str) -> list[str]:
    """What a translator still has to do in ``po``: untranslated, fuzzy, or with other placeholders than the English."""
    found = []
    for e in po:
        where = f"{lang} {e.msgctxt!r}"
        if "fuzzy" in e.flags:
            found.append(f"{where}: the English changed; check the translation and untick 'needs work' (fuzzy)")
            continue
        english = _fields(e.msgid + (e.msgid_plural or ""))
        forms = [e.msgstr_plural[i] for i in sorted(e.msgstr_plural)] if e.msgid_plural else [e.msgstr]
        if not all(forms):
            found.append(f"{where}: not translated yet")
            continue
        for form in forms:
            if any(f not in english for f in _fields(form)) or (not e.msgid_plural and _fields(form) != english):
                found.append(f"{where}: the translation has {_fields(form)}, the English {english}")
    return found


def po_path(domain: str, lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def compiled(po: polib.POFile) -> bytes:
    """The ``.mo`` bytes of ``po`` (only finished translations; the header keeps the plural rule)."""
    done = polib.POFile(wrapwidth=0)
    done.metadata = dict(po.metadata)
    for e in po:
        if "fuzzy" not in e.flags and (e.msgstr or (e.msgstr_plural and all(e.msgstr_plural.values()))):
            done.append(e)
    return bytes(done.to_binary())


def outputs() -> dict[Path, bytes]:
    """Every file this tool writes, with the bytes it should hold."""
    files: dict[Path, bytes] = {}
    for catalog in CATALOGS:
        pot = template(catalog)
        files[LOCALE / f"{catalog.domain}.pot"] = str(pot).encode("utf-8")
        for lang in LANGUAGES:
            path = po_path(catalog.domain, lang)
            po = merge(pot, polib.pofile(str(path), wrapwidth=0) if path.exists() else None, lang)
            files[path] = str(po).encode("utf-8")
            files[path.with_suffix(".mo")] = compiled(polib.pofile(str(po), wrapwidth=0))
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file is stale or incomplete")
    args = parser.parse_args(argv)
    files = outputs()
    stale = [p for p, data in files.items() if not p.exists() or p.read_bytes() != data]
    todo = [
        line
        for catalog in CATALOGS
        for lang in LANGUAGES
        for line in problems(polib.pofile(files[po_path(catalog.domain, lang)].decode("utf-8"), wrapwidth=0), lang)
    ]
    if args.check:
        for path in stale:
            print(f"stale: {path.relative_to(ROOT)} (run python tools/catalogs.py)")
    else:
        for path in stale:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(files[path])
            print(f"wrote {path.relative_to(ROOT)}")
    for line in todo:
        print(f"to translate: {line}")
    return 1 if todo or (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
