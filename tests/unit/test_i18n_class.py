"""The classroom texts: same keys and placeholders in both languages, a message for every code."""

from __future__ import annotations

import re
from pathlib import Path

from myword_edu.classroom import roster as classroom
from myword_edu.i18n.catalog import Plural
from myword_edu.i18n.classroom import CLASSROOM, text
from myword_edu.myword.values import Reason
from tests.catalog_files import fields, spanish


def test_both_languages_have_the_same_keys_and_placeholders():
    es = spanish("classroom")
    assert set(CLASSROOM) == set(es)
    for key in CLASSROOM:
        entry = CLASSROOM.entry(key)
        english = [entry.one, entry.other] if isinstance(entry, Plural) else [entry.english]
        assert {f for e in english for f in fields(e)} == {f for s in es[key] for f in fields(s)}, key
        same = english[-1] == es[key][-1]
        assert not same or key in {"progress.competence", "csv.no", "boggle_tab.tab"} or not re.search("[a-z]{4}", re.sub(r"\{\w*\}", "", english[-1])), key


def test_every_roster_problem_and_reason_has_a_message():
    source = Path(classroom.__file__).read_text(encoding="utf-8")
    codes = set(re.findall(r'RosterProblem\([^,]+, "([a-z_]+)"', source))
    codes |= {f"{reason}_name" for reason in ("too_long", "control")}
    codes |= {f"bad_{column}" for column in ("min_cards", "lang", "variant", "bot_level")}
    for code in codes:
        assert text("es", f"roster.{code}", line=3, name="Ana", first=2, value="x", expected=2, found=3, detail="d", max=9)
    for reason in Reason:
        assert text("en", f"reason.{reason.value}") and text("es", f"reason.{reason.value}")


def test_a_wait_of_one_second_is_singular():
    assert text("es", "who.code_wait", seconds=1) == "Espera 1 segundo y vuelve a intentarlo."
    assert text("en", "who.code_wait", seconds=2) == "Wait 2 seconds, then try again."
    assert text("es", "lock.wrong", tries_left=1) == "Esa no es la clave. Te queda 1 intento antes de tener que esperar."
