"""One name in the code for the rulebook's rules for ages 7 and up: Variant.JUNIOR."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from myword_edu.classroom import schema as t
from myword_edu.classroom.roster import StudentSettings
from myword_edu.classroom.store import Store
from myword_edu.i18n.classroom import text
from myword_edu.myword.variant import Variant, parse_variant
from myword_edu.rooms.replica import VARIANTS


@pytest.mark.parametrize("name", ["junior", "ages7", "Ages 7", "ages 7 and up", "7+", "7 años", "7 años en adelante"])
def test_every_name_a_teacher_writes_is_the_junior_variant(name):
    assert parse_variant(name) is Variant.JUNIOR and parse_variant(name).is_junior


def test_rooms_and_students_use_the_same_names():
    assert VARIANTS == ("standard", "junior") and StudentSettings(variant="ages 7").variant == "junior"


def test_a_student_stored_by_an_earlier_release_still_plays_the_junior_rules():
    store = Store.open("sqlite://", fresh=True)
    ana = store.add_student("Ana")
    with store.transaction() as conn:  # what earlier releases wrote
        conn.execute(sa.update(t.students).where(t.students.c.id == ana.id).values(variant="ages7"))
    assert store.student(ana.id).settings.variant == Variant.JUNIOR.value


def test_the_label_is_the_rulebooks_name_in_each_language():
    assert text("en", "variant.junior").startswith("Ages 7 and up")  # "Rules for Ages 7 and Up"
    assert text("es", "variant.junior").startswith("7 años en adelante")  # "7 años en adelante"
