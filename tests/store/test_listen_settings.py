"""Listening settings in the class store (schema version 7): each student's, the class's for new
students, on SQLite and PostgreSQL, and a version 6 database brought up to date."""

from __future__ import annotations

import sqlalchemy as sa

from myword_edu.classroom import schema
from myword_edu.classroom.roster import StudentSettings
from myword_edu.classroom.settings import resolve_boggle, resolve_myword
from myword_edu.classroom.store import Store


def test_a_version_6_database_gets_listening_off_for_everyone(tmp_path):
    url = f"sqlite:///{tmp_path / 'v6.sqlite3'}"
    engine = sa.create_engine(url)
    with engine.begin() as conn:  # a database made by the release before listening
        for version in range(1, 7):
            schema.MIGRATIONS[version](conn)
        conn.execute(sa.insert(schema.schema_version).values(id=1, version=6))
        conn.execute(sa.insert(schema.classes).values(id=1, name="Class", created_at=sa.func.now()))
    engine.dispose()
    store = Store.open(url, fresh=True)
    assert store.schema_version() == 7
    assert store.class_info().defaults == StudentSettings()
    ana = store.add_student("Ana")
    assert not ana.settings.listen and not ana.settings.listen_slow
    store.update_students([ana.id], listen=True)
    assert Store.open(url, fresh=True).student(ana.id).settings.listen


def test_listening_per_student_and_for_new_students(store):
    ana, ben = store.add_student("Ana"), store.add_student("Ben")
    store.update_students([ana.id], listen=True, listen_slow=True)
    assert store.student(ana.id).settings == StudentSettings(listen=True, listen_slow=True)
    assert store.student(ben.id).settings == StudentSettings()
    store.update_students([ana.id, ben.id], min_cards=4)  # other settings leave listening as it was
    assert store.student(ana.id).settings.listen and not store.student(ben.id).settings.listen
    store.update_class(defaults=StudentSettings(lang="es", listen=True))
    carla = store.add_student("Carla")  # a new student gets the class's
    assert carla.settings.listen and not carla.settings.listen_slow and carla.settings.lang == "es"
    assert not store.student(ben.id).settings.listen  # (the class's settings are for new students)
    imported = store.import_roster("name,listening\nDani,no\nEva,sí\nFede,\n")
    assert [s.settings.listen for s in imported] == [False, True, True]  # empty: the class's
    play = resolve_myword(store.class_info().defaults, store.student(ana.id))
    assert play.listen and play.listen_slow and not play.listen_and_build  # no lesson: nothing to say
    from myword_edu.boggle.rules import BoggleRules

    assert resolve_boggle(BoggleRules(), student=store.student(ana.id)).listen
    assert resolve_boggle(BoggleRules(), defaults=store.class_info().defaults).listen  # a guest: the class's
