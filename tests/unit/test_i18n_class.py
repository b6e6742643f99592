"""The classroom catalogs: same keys and placeholders in both languages, a message for every code."""

from __future__ import annotations

import re
import string
from pathlib import Path

from myword_edu.classroom import roster as classroom
from myword_edu.i18n.classroom import CLASS_CATALOGS, text
from myword_edu.myword.values import Reason


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_both_catalogs_have_the_same_keys_and_placeholders():
    en, es = CLASS_CATALOGS["en"], CLASS_CATALOGS["es"]
    assert set(en) == set(es)
    for key in en:
        assert fields(en[key]) == fields(es[key]), key
        assert en[key] != es[key] or key in {"progress.competence", "csv.no"} or not re.search("[a-z]{4}", en[key]), key


def test_every_roster_problem_and_reason_has_a_message():
    source = Path(classroom.__file__).read_text(encoding="utf-8")
    codes = set(re.findall(r'RosterProblem\([^,]+, "([a-z_]+)"', source))
    codes |= {f"{reason}_name" for reason in ("too_long", "control")}
    codes |= {f"bad_{column}" for column in ("min_cards", "lang", "variant", "bot_level")}
    for code in codes:
        assert text("es", f"roster.{code}", line=3, name="Ana", first=2, value="x", expected=2, found=3, detail="d", max=9)
    for reason in Reason:
        assert text("en", f"reason.{reason.value}") and text("es", f"reason.{reason.value}")
