"""The class store on SQLite and PostgreSQL: roster, settings, attempts, progress, migrations."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
import sqlalchemy as sa

from myword_edu.classroom import schema
from myword_edu.classroom.roster import NameError_, RosterError, StudentSettings, UnknownStudentError
from myword_edu.classroom.store import KEEP, SchemaTooNewError, Store, StoreError, resolve_url
from tests.attempt_rows import attempt_row


class FakeTime:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 2, 9, 0, 0)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta) -> None:
        self.now += timedelta(**delta)


def attempt(store: Store, student_id: int, game_id: str, *, accepted: bool = True, word: str = "cat", points: int = 3,
            focus: str | None = None, lesson: str | None = None) -> int:  # fmt: skip
    return store.record(attempt_row(
        student_id=student_id, game_id=game_id, round=1, word=word, folded=word, spelling=word,
        cards=" ".join(word.upper()) if accepted else "", card_count=len(word) if accepted else 0, accepted=accepted,
        reason=None if accepted else "not_a_word", points=points if accepted else 0, free_cards=0 if accepted else 1,
        min_cards=3, lang="en", lesson=lesson, focus_word=focus,
    )).id  # fmt: skip


def test_roster_add_rename_remove(store):
    ana = store.add_student("  Ana   María ")
    assert ana.name == "Ana María" and ana.settings == StudentSettings()
    ben = store.add_student("Ben")
    with pytest.raises(NameError_) as taken:
        store.add_student("ANA MARÍA")
    assert taken.value.reason == "taken"
    with pytest.raises(NameError_):
        store.rename_student(ben.id, "ana maría")
    assert store.rename_student(ben.id, "Benito").name == "Benito"
    store.remove_student(ana.id)
    assert [s.name for s in store.students()] == ["Benito"]
    with pytest.raises(UnknownStudentError):
        store.student(ana.id)
    again = store.add_student("Ana María")  # the name is free again; the old record keeps its history
    assert again.id != ana.id
    assert {s.name for s in store.students(include_removed=True)} == {"Ana María", "Benito"} and len(
        store.students(include_removed=True)
    ) == 3


def test_new_students_get_the_class_defaults(store):
    store.update_class(defaults=StudentSettings(min_cards=5, lang="es", variant="junior", bot_level="hard"))
    carla = store.add_student("Carla")
    assert carla.settings == StudentSettings(5, "es", "junior", "hard")
    assert store.class_info().defaults.min_cards == 5


def test_bulk_edit_changes_only_what_is_given_and_is_all_or_nothing(store):
    ids = [store.add_student(n).id for n in ("Ana", "Ben", "Carla")]
    store.update_students(ids[:2], min_cards=4, lang="es")
    by_name = {s.name: s for s in store.students()}
    assert by_name["Ana"].settings == StudentSettings(4, "es") and by_name["Ben"].settings == StudentSettings(4, "es")
    assert by_name["Carla"].settings == StudentSettings()
    with pytest.raises(ValueError):
        store.update_students(ids, min_cards=9)
    assert {s.settings.min_cards for s in store.students()} == {4, 3}
    store.update_students([ids[2]], lesson="en-4-qu")
    store.update_students([ids[2]], variant="junior", lesson=KEEP)
    assert store.student(ids[2]).lesson == "en-4-qu" and store.student(ids[2]).settings.variant == "junior"
    store.update_students([ids[2]], lesson=None)
    assert store.student(ids[2]).lesson is None


def test_roster_import_is_all_or_nothing(store):
    store.add_student("Ana")
    bad = "name,min cards,language\nBen,4,es\nana,3,en\nCarla,9,en\n,3,en\n"
    with pytest.raises(RosterError) as error:
        store.import_roster(bad)
    assert [(p.line, p.code) for p in error.value.problems] == [(3, "name_taken"), (4, "bad_min_cards"), (5, "empty_name")]
    assert [s.name for s in store.students()] == ["Ana"]
    added = store.import_roster("name,min cards,language\nBen,4,es\nCarla,,en\n")
    assert [(s.name, s.settings.min_cards, s.settings.lang) for s in added] == [("Ben", 4, "es"), ("Carla", 3, "en")]


def test_attempts_round_trip_and_progress(store):
    clock = FakeTime()
    store.now = clock
    ana, ben = store.add_student("Ana"), store.add_student("Ben")
    game = store.start_game(ana.id, lang="en", variant="standard", min_cards=3, lesson="en-4-qu", seed=2**63)
    clock.advance(minutes=1)
    attempt(store, ana.id, game, word="quiz", focus="quiz", lesson="en-4-qu")
    clock.advance(minutes=1)
    attempt(store, ana.id, game, accepted=False, word="qiz", focus="quiz", lesson="en-4-qu")
    clock.advance(minutes=2)
    attempt(store, ana.id, game, word="quit", points=3)
    rows = store.attempts()
    assert [(a.word, a.accepted, a.points, a.student, a.focus_word) for a in rows] == [
        ("quiz", True, 3, "Ana", "quiz"), ("qiz", False, 0, "Ana", "quiz"), ("quit", True, 3, "Ana", None)]  # fmt: skip
    assert rows[1].reason == "not_a_word" and rows[1].free_cards == 1 and rows[0].cards == "Q U I Z"
    assert rows[0].at == datetime(2026, 3, 2, 9, 1) and rows[0].game_id == game
    progress = {p.name: p for p in store.progress()}
    assert progress["Ana"].attempts == 3 and progress["Ana"].accepted == 2 and progress["Ana"].cards_won == 6
    assert progress["Ana"].seconds_played == 240.0 and progress["Ana"].words_per_minute == 0.5
    assert progress["Ana"].last_active == datetime(2026, 3, 2, 9, 4)
    assert progress["Ben"].attempts == 0 and progress["Ben"].accepted_pct is None and progress["Ben"].last_active is None
    store.remove_student(ana.id)
    assert [p.name for p in store.progress()] == ["Ben"]
    assert len(store.attempts()) == 3  # a removed student's work stays in the export


def test_change_marker_moves_with_attempts_and_roster(store):
    first = store.change_marker()
    ana = store.add_student("Ana")
    second = store.change_marker()
    game = store.start_game(ana.id, lang="en", variant="standard", min_cards=3)
    attempt(store, ana.id, game)
    third = store.change_marker()
    assert first != second != third and third[0] == second[0] + 1


def test_config_update_is_read_modify_write(store):
    assert store.get_config("x") is None
    for _ in range(5):
        store.update_config(["x"], lambda v: {"x": str(int(v["x"] or 0) + 1)})
    assert store.get_config("x") == "5"
    store.set_config("x", None)
    assert store.get_config("x") is None


def test_fresh_database_has_every_table_and_column(store):
    inspector = sa.inspect(store.engine)
    for name, table in schema.metadata.tables.items():
        columns = {c["name"] for c in inspector.get_columns(name)}
        assert columns == {c.name for c in table.columns}, name
    assert store.schema_version() == schema.SCHEMA_VERSION
    indexes = {i["name"]: i for i in inspector.get_indexes("students")}
    assert indexes["ix_students_active_name"]["unique"]


def test_open_twice_does_not_migrate_again(tmp_path):
    url = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    first = Store.open(url, fresh=True)
    first.add_student("Ana")
    second = Store.open(url, fresh=True)
    assert second.migrate() == schema.SCHEMA_VERSION
    assert [s.name for s in second.students()] == ["Ana"]
    assert len(second.class_info().name) > 0


def test_a_database_from_a_newer_release_is_refused(tmp_path):
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    store = Store.open(url, fresh=True)
    with store.transaction() as conn:
        conn.execute(sa.update(schema.schema_version).values(version=schema.SCHEMA_VERSION + 1))
    with pytest.raises(SchemaTooNewError, match="newer myword-edu"):
        Store.open(url, fresh=True)


def test_migrations_run_in_order_once(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    store = Store.open(url, fresh=True)
    store.add_student("Ana")
    calls = []
    nxt = schema.SCHEMA_VERSION + 1

    def to_next(conn):
        calls.append(nxt)
        conn.exec_driver_sql("ALTER TABLE students ADD COLUMN nickname VARCHAR(40)")

    monkeypatch.setattr(schema, "MIGRATIONS", {**schema.MIGRATIONS, nxt: to_next})
    monkeypatch.setattr(schema, "SCHEMA_VERSION", nxt)
    upgraded = Store.open(url, fresh=True)
    assert calls == [nxt] and upgraded.schema_version() == nxt
    Store.open(url, fresh=True)
    assert calls == [nxt]
    assert "nickname" in {c["name"] for c in sa.inspect(upgraded.engine).get_columns("students")}
    assert [s.name for s in upgraded.students()] == ["Ana"]


def test_sqlite_uses_wal_and_full_sync(tmp_path):
    store = Store.open(str(tmp_path / "w.sqlite3"), fresh=True)
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_urls_and_paths(tmp_path, monkeypatch):
    monkeypatch.delenv("MYWORD_EDU_DB", raising=False)
    assert resolve_url(None).endswith("/myword-edu/myword.sqlite3")
    assert resolve_url(str(tmp_path / "c.db")) == f"sqlite:///{tmp_path / 'c.db'}"
    monkeypatch.setenv("MYWORD_EDU_DB", "postgresql+psycopg://me:secret@db/x")
    assert resolve_url(None) == "postgresql+psycopg://me:secret@db/x"
    assert resolve_url("sqlite:///elsewhere.db") == "sqlite:///elsewhere.db"


def test_an_unusable_database_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="cannot open the class database"):
        Store.open(f"sqlite:///{blocker / 'x.sqlite3'}", fresh=True)
    with pytest.raises(StoreError) as error:
        Store.open("postgresql+psycopg://me:secret@127.0.0.1:1/x", fresh=True)
    assert "secret" not in str(error.value)


def test_a_pages_kernel_on_sqlite_never_loads_the_postgresql_dialect(tmp_path):
    """The server creates the class store; each page's kernel then opens it and reads and writes the
    class list without SQLAlchemy's PostgreSQL dialect (2 MiB of every kernel's memory)."""
    import subprocess
    import sys

    url = f"sqlite:///{tmp_path / 'class.sqlite3'}"
    Store.open(url, fresh=True).add_student("Ana")
    code = ("import sys\n"
            "from myword_edu.classroom.store import Store\n"
            f"store = Store.open({url!r})\n"
            "store.add_student('Ben')\n"
            "print(sorted(s.name for s in store.students()), 'sqlalchemy.dialects.postgresql' in sys.modules)\n")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "['Ana', 'Ben'] False\n"
