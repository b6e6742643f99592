"""The database schema (SQLAlchemy Core tables) and its migrations.

The schema has a version, kept in the one-row table ``schema_version``.
:data:`MIGRATIONS` lists the steps from one version to the next; each step is
its own frozen description of what it changes (never the live table objects
below, which always describe the newest version), so a database made by any
release is brought up to date the same way a new one is built. The teacher
never runs SQL: :func:`myword_edu.classroom.store.Store.open` migrates on the way in.

Tables (version 1):

- ``config``: key/value settings of the installation (the teacher's passcode
  hash, the wrong-passcode counter); never shown to a student.
- ``classes``: a class, its defaults for new students, its join code and lesson.
- ``students``: the roster; a removed student keeps their row (and attempts)
  with ``removed_at`` set, so nothing a student did is lost.
- ``games``: one practice game (or, later, a live room's game) of a student.
- ``attempts``: every call a student made, committed before they see the answer.

Live rooms (version 2, see :mod:`myword_edu.rooms.live`):

- ``rooms``: a live room, its join code, game, language, variant, lesson and
  the secret seed its decks are shuffled from (never sent to a browser).
- ``room_players``: who joined a room (a roster student), their game row for
  attempts, when they were last seen, and whether the teacher removed them.
- ``room_events``: the room's append-only log (``seq`` 1, 2, ...: joins,
  rounds started, deals, claims with their results). The room's state is the
  replay of this log; a claim is one exclusive transaction that reads the log,
  judges the claim and appends it, so the commit order decides who was first,
  on SQLite and PostgreSQL alike.

Boggle (version 3, see :mod:`myword_edu.classroom.boggle_store`; a Boggle game is a
``games`` row with ``kind`` ``"boggle"``, its words are ``attempts`` rows):

- ``boggle_settings``: the teacher's Boggle settings, one row for the class
  (``student_id`` NULL) and one per student who has their own.
- ``boggle_bests``: each student's personal best per kind of practice game.

Version 4 adds ``rooms.options``, a room's game settings as JSON (a live
Boggle room's dice, round length, minimum word length and bonus cube).

Version 5 (seats and sign-in, see :mod:`myword_edu.classroom.presence` and :mod:`myword_edu.classroom.sign_in`):

- ``seat_presence``: which page holds a student's seat in each place (a live
  room, MyWord! or Boggle practice), its last heartbeat, and the page that
  asked to take the seat over (the teacher can let it in).
- ``classes.sign_in``: ``"off"`` or ``"pictures"`` (students prove who they are
  with a picture password before they play).
- ``students.sign_in_hash``: the salted scrypt hash of a student's picture
  password (NULL: none given); never sent to a page.

Version 6 adds ``games.state``: a rostered student's unfinished practice game
as JSON (its settings and the engine's save), rewritten after every change and
cleared when the game ends, so a closed tab or a killed kernel resumes it.

Version 7 adds listening (the app says a word, the student builds it): ``students.listen`` and
``students.listen_slow`` (words said slowly first), and the class's defaults for new students
``classes.default_listen`` and ``classes.default_listen_slow``; all off.

>>> sorted(metadata.tables)  # doctest: +NORMALIZE_WHITESPACE
['attempts', 'boggle_bests', 'boggle_settings', 'classes', 'config', 'games', 'room_events',
 'room_players', 'rooms', 'schema_version', 'seat_presence', 'students']
>>> SCHEMA_VERSION
7
"""

from __future__ import annotations

from typing import Any, Callable

import sqlalchemy as sa

__all__ = ["metadata", "SCHEMA_VERSION", "MIGRATIONS", "schema_version", "config", "classes", "students", "games",
           "attempts", "rooms", "room_players", "room_events", "boggle_settings", "boggle_bests",
           "seat_presence", "NAME_KEY_LENGTH"]  # fmt: skip

NAME_KEY_LENGTH = 160  # a casefolded 40-character name can grow (ß -> ss)


def _v1(md: sa.MetaData, *, creating: bool = False) -> dict[str, sa.Table]:
    """The tables of schema version 1, defined on ``md``.

    Only ``creating`` them (:func:`_migrate_to_1`) gives the one-active-name index its ``WHERE``:
    SQLAlchemy checks a ``postgresql_where`` by loading its PostgreSQL dialect, which cost every
    page's kernel on SQLite 2 MiB and 0.04 CPU-s, measured, for an index queries never name.
    """
    tables = {
        "schema_version": sa.Table(
            "schema_version", md,
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("version", sa.Integer, nullable=False),
        ),
        "config": sa.Table(
            "config", md,
            sa.Column("key", sa.String(100), primary_key=True),
            sa.Column("value", sa.Text, nullable=True),
        ),
        "classes": sa.Table(
            "classes", md,
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("name", sa.String(80), nullable=False),
            sa.Column("join_code", sa.String(20), nullable=True),
            sa.Column("lesson", sa.String(80), nullable=True),
            sa.Column("default_min_cards", sa.Integer, nullable=False, server_default="3"),
            sa.Column("default_lang", sa.String(5), nullable=False, server_default="en"),
            sa.Column("default_variant", sa.String(10), nullable=False, server_default="standard"),
            sa.Column("default_bot_level", sa.String(10), nullable=False, server_default="easy"),
            sa.Column("created_at", sa.DateTime, nullable=False),
        ),
        "students": sa.Table(
            "students", md,
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
            sa.Column("name", sa.String(40), nullable=False),
            sa.Column("name_key", sa.String(NAME_KEY_LENGTH), nullable=False),
            sa.Column("min_cards", sa.Integer, nullable=False),
            sa.Column("lang", sa.String(5), nullable=False),
            sa.Column("variant", sa.String(10), nullable=False),
            sa.Column("bot_level", sa.String(10), nullable=False),
            sa.Column("lesson", sa.String(80), nullable=True),
            sa.Column("created_at", sa.DateTime, nullable=False),
            sa.Column("removed_at", sa.DateTime, nullable=True),
        ),
        "games": sa.Table(
            "games", md,
            sa.Column("id", sa.String(36), primary_key=True),
            sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), nullable=False),
            sa.Column("kind", sa.String(10), nullable=False, server_default="practice"),
            sa.Column("lesson", sa.String(80), nullable=True),
            sa.Column("lang", sa.String(5), nullable=False),
            sa.Column("variant", sa.String(10), nullable=False),
            sa.Column("min_cards", sa.Integer, nullable=False),
            sa.Column("seed", sa.String(24), nullable=True),
            sa.Column("started_at", sa.DateTime, nullable=False),
        ),
        "attempts": sa.Table(
            "attempts", md,
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), nullable=False),
            sa.Column("game_id", sa.String(36), sa.ForeignKey("games.id"), nullable=False),
            sa.Column("round", sa.Integer, nullable=False),
            sa.Column("at", sa.DateTime, nullable=False),
            sa.Column("word", sa.String(64), nullable=False),
            sa.Column("folded", sa.String(64), nullable=False),
            sa.Column("spelling", sa.String(64), nullable=False),
            sa.Column("cards", sa.String(200), nullable=False),
            sa.Column("card_count", sa.Integer, nullable=False),
            sa.Column("accepted", sa.Boolean, nullable=False),
            sa.Column("reason", sa.String(30), nullable=True),
            sa.Column("points", sa.Integer, nullable=False),
            sa.Column("free_cards", sa.Integer, nullable=False),
            sa.Column("min_cards", sa.Integer, nullable=False),
            sa.Column("lang", sa.String(5), nullable=False),
            sa.Column("lesson", sa.String(80), nullable=True),
            sa.Column("focus_word", sa.String(64), nullable=True),
        ),
    }
    students_t, attempts_t = tables["students"], tables["attempts"]
    active = students_t.c.removed_at.is_(None)
    where: dict[str, Any] = {"sqlite_where": active, "postgresql_where": active} if creating else {}
    sa.Index("ix_students_active_name", students_t.c.class_id, students_t.c.name_key, unique=True, **where)
    sa.Index("ix_attempts_student_at", attempts_t.c.student_id, attempts_t.c.at)
    sa.Index("ix_attempts_game", attempts_t.c.game_id)
    sa.Index("ix_games_student", tables["games"].c.student_id)
    return tables


def _migrate_to_1(conn: sa.Connection) -> None:
    md = sa.MetaData()
    _v1(md, creating=True)
    md.create_all(conn)


def _v2(md: sa.MetaData) -> dict[str, sa.Table]:
    """The tables version 2 adds (live rooms), defined on ``md`` (which holds version 1's)."""
    tables = {
        "rooms": sa.Table(
            "rooms", md,
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
            sa.Column("code", sa.String(12), nullable=False, unique=True),
            sa.Column("game", sa.String(10), nullable=False),
            sa.Column("lang", sa.String(5), nullable=False),
            sa.Column("variant", sa.String(10), nullable=False),
            sa.Column("lesson", sa.String(80), nullable=True),
            sa.Column("pace", sa.Float, nullable=False),
            sa.Column("seed", sa.Text, nullable=False),  # secret: shuffles every deck
            sa.Column("status", sa.String(10), nullable=False),
            sa.Column("created_at", sa.DateTime, nullable=False),
            sa.Column("closed_at", sa.DateTime, nullable=True),
        ),
        "room_players": sa.Table(
            "room_players", md,
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("room_id", sa.Integer, sa.ForeignKey("rooms.id"), nullable=False),
            sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), nullable=False),
            sa.Column("name", sa.String(40), nullable=False),
            sa.Column("game_id", sa.String(36), sa.ForeignKey("games.id"), nullable=False),
            sa.Column("joined_at", sa.DateTime, nullable=False),
            sa.Column("last_seen", sa.DateTime, nullable=False),
            sa.Column("removed_at", sa.DateTime, nullable=True),
            sa.UniqueConstraint("room_id", "student_id", name="uq_room_players_student"),
        ),
        "room_events": sa.Table(
            "room_events", md,
            sa.Column("room_id", sa.Integer, sa.ForeignKey("rooms.id"), primary_key=True, autoincrement=False),
            sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("kind", sa.String(12), nullable=False),
            sa.Column("actor", sa.String(40), nullable=True),
            sa.Column("intent", sa.Text, nullable=False),
            sa.Column("result", sa.Text, nullable=True),
            sa.Column("at", sa.DateTime, nullable=False),
        ),
    }
    return tables


def _migrate_to_2(conn: sa.Connection) -> None:
    md = sa.MetaData()
    _v1(md)
    _v2(md)
    for name in ("rooms", "room_players", "room_events"):
        md.tables[name].create(conn)


def _v3(md: sa.MetaData) -> dict[str, sa.Table]:
    """The tables version 3 adds (Boggle settings and personal bests), defined on ``md``."""
    tables = {
        "boggle_settings": sa.Table(
            "boggle_settings", md,
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
            sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), nullable=True),  # NULL: the class
            sa.Column("size", sa.Integer, nullable=False),
            sa.Column("minutes", sa.Integer, nullable=False),
            sa.Column("min_length", sa.Integer, nullable=True),  # NULL: the board's own (3 on 4x4, 4 on 5x5)
            sa.Column("dice", sa.String(10), nullable=False),
            sa.UniqueConstraint("class_id", "student_id", name="uq_boggle_settings_owner"),
        ),
        "boggle_bests": sa.Table(
            "boggle_bests", md,
            sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), primary_key=True, autoincrement=False),
            sa.Column("key", sa.String(80), primary_key=True),
            sa.Column("points", sa.Integer, nullable=False),
            sa.Column("at", sa.DateTime, nullable=False),
        ),
    }
    return tables


def _migrate_to_3(conn: sa.Connection) -> None:
    md = sa.MetaData()
    _v1(md)
    _v3(md)
    for name in ("boggle_settings", "boggle_bests"):
        md.tables[name].create(conn)


def _v4(md: sa.MetaData) -> None:
    """Version 4 adds ``rooms.options``: a room's game settings as JSON (a Boggle room's dice,
    seconds, minimum length and bonus cube; NULL for MyWord! rooms)."""
    md.tables["rooms"].append_column(sa.Column("options", sa.Text, nullable=True))


def _migrate_to_4(conn: sa.Connection) -> None:
    conn.execute(sa.text("ALTER TABLE rooms ADD COLUMN options TEXT"))


def _v5(md: sa.MetaData) -> dict[str, sa.Table]:
    """Version 5: who holds each seat (``seat_presence``), the class's sign-in setting
    (``classes.sign_in``) and each student's picture-password hash (``students.sign_in_hash``)."""
    md.tables["classes"].append_column(sa.Column("sign_in", sa.String(10), nullable=False, server_default="off"))
    md.tables["students"].append_column(sa.Column("sign_in_hash", sa.Text, nullable=True))
    return {
        "seat_presence": sa.Table(
            "seat_presence", md,
            sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), primary_key=True, autoincrement=False),
            sa.Column("place", sa.String(40), primary_key=True),  # "myword", "boggle", "room:K7M2QX"
            sa.Column("token", sa.String(64), nullable=False),  # the page holding the seat (kept in its kernel)
            sa.Column("seen_at", sa.DateTime, nullable=False),  # its last heartbeat
            sa.Column("waiting_token", sa.String(64), nullable=True),  # a page asking to take the seat over
            sa.Column("waiting_at", sa.DateTime, nullable=True),
        ),
    }


def _migrate_to_5(conn: sa.Connection) -> None:
    conn.execute(sa.text("ALTER TABLE classes ADD COLUMN sign_in VARCHAR(10) NOT NULL DEFAULT 'off'"))
    conn.execute(sa.text("ALTER TABLE students ADD COLUMN sign_in_hash TEXT"))
    md = sa.MetaData()
    _v1(md)
    _v5(md)["seat_presence"].create(conn)


def _v6(md: sa.MetaData) -> None:
    """Version 6 adds ``games.state``: an unfinished practice game (settings and engine save) as
    JSON, NULL once it is over (and for live rooms, whose state is their log)."""
    md.tables["games"].append_column(sa.Column("state", sa.Text, nullable=True))


def _migrate_to_6(conn: sa.Connection) -> None:
    conn.execute(sa.text("ALTER TABLE games ADD COLUMN state TEXT"))


def _v7(md: sa.MetaData) -> None:
    """Version 7 adds listening: each student's (``students.listen``, ``students.listen_slow``) and
    the class's defaults for new students (``classes.default_listen``, ``classes.default_listen_slow``)."""
    for table, prefix in (("students", ""), ("classes", "default_")):
        for name in ("listen", "listen_slow"):
            md.tables[table].append_column(sa.Column(f"{prefix}{name}", sa.Boolean, nullable=False,
                                                     server_default=sa.false()))  # fmt: skip


def _migrate_to_7(conn: sa.Connection) -> None:
    for table, prefix in (("students", ""), ("classes", "default_")):
        for name in ("listen", "listen_slow"):
            conn.execute(sa.text(f"ALTER TABLE {table} ADD COLUMN {prefix}{name} BOOLEAN NOT NULL DEFAULT FALSE"))


#: ``MIGRATIONS[n]`` brings a database from version ``n - 1`` to ``n`` (0: empty).
MIGRATIONS: dict[int, Callable[[sa.Connection], None]] = {
    1: _migrate_to_1, 2: _migrate_to_2, 3: _migrate_to_3, 4: _migrate_to_4, 5: _migrate_to_5, 6: _migrate_to_6,
    7: _migrate_to_7,
}  # fmt: skip
#: The version this code reads and writes.
SCHEMA_VERSION = max(MIGRATIONS)

#: The newest schema, for queries.
metadata = sa.MetaData()
_tables = {**_v1(metadata), **_v2(metadata), **_v3(metadata)}
_v4(metadata)
_tables.update(_v5(metadata))
_v6(metadata)
_v7(metadata)
schema_version = _tables["schema_version"]
config = _tables["config"]
classes = _tables["classes"]
students = _tables["students"]
games = _tables["games"]
attempts = _tables["attempts"]
rooms = _tables["rooms"]
room_players = _tables["room_players"]
room_events = _tables["room_events"]
boggle_settings = _tables["boggle_settings"]
boggle_bests = _tables["boggle_bests"]
seat_presence = _tables["seat_presence"]
