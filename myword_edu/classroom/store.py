"""The class store: the only module that talks to the database (SQLAlchemy Core).

Embedded by default: a SQLite file in WAL mode in the user's data folder
(``platformdirs.user_data_dir("myword-edu")/myword.sqlite3``), which every
kernel of ``myword-edu serve`` opens at once. ``--db URL`` or the
``MYWORD_EDU_DB`` environment variable chooses another database: a SQLAlchemy
URL (``postgresql+psycopg://user@host/myword``) or a plain file path.

Guarantees:

- Every write is one transaction, committed before the call returns; an
  attempt is on disk before the student sees the answer (``synchronous=FULL``
  on SQLite), so killing a kernel loses nothing already answered.
- Writers never deadlock: on SQLite a write transaction starts with
  ``BEGIN IMMEDIATE`` (it waits for the file's write lock up to 30 s instead of
  failing half-way); on PostgreSQL, steps that must not interleave (migrating,
  counting wrong passcodes) hold an advisory transaction lock. The order in
  which transactions commit is the order of events, which is what live rooms
  build on (see :mod:`myword_edu.classroom.schema`).
- The schema is migrated on open (:data:`myword_edu.classroom.schema.MIGRATIONS`); a
  database from a newer release is refused with a clear message.

>>> store = Store.open("sqlite://", fresh=True)  # a new in-memory database
>>> ana = store.add_student("Ana")
>>> [s.name for s in store.students()], ana.settings.min_cards
(['Ana'], 3)
"""

from __future__ import annotations

import logging
import os
import threading
import uuid
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from myword_edu.classroom import schema as t
from myword_edu.classroom.roster import (
    ClassInfo,
    NameError_,
    RosterError,
    RosterProblem,
    Student,
    StudentSettings,
    UnknownStudentError,
    clean_name,
    name_key,
    parse_roster,
)
from myword_edu.core.errors import MyWordError
from myword_edu.classroom.attempt_store import cross_out, game_starts, insert_attempt, read_attempts
from myword_edu.classroom.attempts import Attempt
from myword_edu.classroom.progress import StudentProgress, student_progress

__all__ = ["Store", "StoreError", "SchemaTooNewError", "DB_ENV", "default_url", "resolve_url", "KEEP", "utcnow"]

log = logging.getLogger(__name__)

#: The environment variable naming the database (a URL or a file path).
DB_ENV = "MYWORD_EDU_DB"
#: The file name of the embedded database.
DB_FILE = "myword.sqlite3"
_PG_LOCK = 0x6D79_776F  # advisory lock key for migrations and counters ("mywo")
_PG_ROOM_SPACE = 0x726F_6F6D  # first key of a live room's advisory lock ("room"); the second is its id


class _Keep:
    def __repr__(self) -> str:
        return "KEEP"


#: "Leave this value as it is" in :meth:`Store.update_students` (``None`` means "no lesson").
KEEP: Any = _Keep()


class StoreError(MyWordError, RuntimeError):
    """The database cannot be opened, read or written (``url`` says which, without password)."""

    def __init__(self, message: str, url: str = "") -> None:
        self.url = url
        super().__init__(message)


class SchemaTooNewError(StoreError):
    """The database was made by a newer myword-edu; this one cannot read it."""


def utcnow() -> datetime:
    """The time in UTC without tzinfo: how times are stored."""
    return datetime.now(timezone.utc).replace(tzinfo=None)


def default_url() -> str:
    """The embedded database in the user's data folder.

    >>> default_url().startswith("sqlite:///") and default_url().endswith("myword.sqlite3")
    True
    """
    import platformdirs

    return f"sqlite:///{Path(platformdirs.user_data_dir('myword-edu')) / DB_FILE}"


def resolve_url(url: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The database URL to use: ``url``, else ``$MYWORD_EDU_DB``, else :func:`default_url`.

    A plain path becomes a SQLite URL.

    >>> resolve_url("/tmp/class.db")
    'sqlite:////tmp/class.db'
    >>> resolve_url(None, {"MYWORD_EDU_DB": "postgresql+psycopg://me@db/myword"})
    'postgresql+psycopg://me@db/myword'
    """
    env = os.environ if environ is None else environ
    chosen = (url or env.get(DB_ENV) or "").strip()
    if not chosen:
        return default_url()
    if "://" not in chosen:
        return f"sqlite:///{Path(chosen).expanduser().resolve()}"
    return chosen


def _make_engine(url: str) -> sa.Engine:
    parsed = sa.make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return sa.create_engine(url, pool_pre_ping=True, future=True)
    database = parsed.database or ""
    if database and database != ":memory:" and not database.startswith("file:"):
        Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(url, connect_args={"timeout": 30})
    else:  # one shared in-memory database (tests, doctests)
        engine = sa.create_engine(url, connect_args={"check_same_thread": False}, poolclass=sa.StaticPool)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # transactions are begun below, not by the driver
        cursor = dbapi_connection.cursor()
        for pragma in ("busy_timeout=30000", "journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: sa.Connection) -> None:
        deferred = conn.get_execution_options().get("myword_read", False)
        conn.exec_driver_sql("BEGIN" if deferred else "BEGIN IMMEDIATE")

    return engine


class Store:
    """A class's roster, settings, games and attempts. Use :meth:`open`.

    Args:
        engine: a SQLAlchemy engine (already migrated, see :meth:`open`).
        now: the clock (UTC, naive), replaceable in tests.
    """

    _open: dict[str, "Store"] = {}
    _open_lock = threading.Lock()

    def __init__(self, engine: sa.Engine, *, now: Callable[[], datetime] = utcnow) -> None:
        self.engine = engine
        self.now = now
        self._class_id: int | None = None

    # -- opening ------------------------------------------------------------------
    @classmethod
    def open(cls, url: str | None = None, *, fresh: bool = False) -> "Store":
        """The store at ``url`` (see :func:`resolve_url`), migrated; one per URL per process."""
        resolved = resolve_url(url)
        with cls._open_lock:
            if not fresh and resolved in cls._open:
                return cls._open[resolved]
            try:
                engine = _make_engine(resolved)
                store = cls(engine)
                store.migrate()
                store.class_id()
            except SchemaTooNewError:
                raise
            except (SQLAlchemyError, OSError, ImportError) as error:
                shown = sa.make_url(resolved).render_as_string(hide_password=True) if "://" in resolved else resolved
                raise StoreError(f"cannot open the class database {shown}: {error}", shown) from error
            cls._open[resolved] = store
            return store

    @property
    def url(self) -> str:
        """The database URL, password hidden."""
        return self.engine.url.render_as_string(hide_password=True)

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def dispose(self) -> None:
        """Close every pooled connection (the store can still be used; it reconnects)."""
        self.engine.dispose()

    # -- transactions ---------------------------------------------------------------
    @contextmanager
    def transaction(self, *, exclusive: bool = False, room: int | None = None) -> Iterator[sa.Connection]:
        """A write transaction, committed on leaving (rolled back on an exception).

        ``exclusive``: also serialise against other exclusive transactions on
        PostgreSQL (SQLite write transactions are always serialised). With
        ``room`` (a live room's id) it serialises only against the same room's
        writes, so the rooms of a school do not queue behind each other.
        """
        try:
            with self.engine.begin() as conn:
                if exclusive and self.engine.dialect.name == "postgresql":
                    if room is None:
                        conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK})
                    else:  # the two-key form: its own key space, one lock per room
                        conn.execute(sa.text("SELECT pg_advisory_xact_lock(:space, :room)"),
                                     {"space": _PG_ROOM_SPACE, "room": int(room)})  # fmt: skip
                yield conn
        except MyWordError:
            raise
        except IntegrityError:
            raise
        except SQLAlchemyError as error:
            raise StoreError(f"the class database could not be written: {error}", self.url) from error

    @contextmanager
    def reading(self) -> Iterator[sa.Connection]:
        """A read-only transaction (it never waits for writers)."""
        try:
            with self.engine.connect().execution_options(myword_read=True) as conn:
                with conn.begin():
                    yield conn
        except SQLAlchemyError as error:
            raise StoreError(f"the class database could not be read: {error}", self.url) from error

    def migrate(self) -> int:
        """Bring the schema up to :data:`~myword_edu.classroom.schema.SCHEMA_VERSION`; returns the version found."""
        with self.transaction(exclusive=True) as conn:
            found = 0
            if sa.inspect(conn).has_table("schema_version"):
                found = conn.scalar(sa.select(t.schema_version.c.version).where(t.schema_version.c.id == 1)) or 0
            if found > t.SCHEMA_VERSION:
                raise SchemaTooNewError(
                    f"the class database {self.url} was made by a newer myword-edu (schema {found}; "
                    f"this one reads up to {t.SCHEMA_VERSION}). Upgrade myword-edu to use it.",
                    self.url,
                )
            for version in range(found + 1, t.SCHEMA_VERSION + 1):
                log.info("migrating %s to schema version %d", self.url, version)
                t.MIGRATIONS[version](conn)
            if found == 0:
                conn.execute(sa.insert(t.schema_version).values(id=1, version=t.SCHEMA_VERSION))
            elif found < t.SCHEMA_VERSION:
                conn.execute(sa.update(t.schema_version).values(version=t.SCHEMA_VERSION))
            if conn.scalar(sa.select(sa.func.count()).select_from(t.classes)) == 0:
                conn.execute(sa.insert(t.classes).values(name="My class", created_at=self.now()))
        return found

    def schema_version(self) -> int:
        with self.reading() as conn:
            return int(conn.scalar(sa.select(t.schema_version.c.version)) or 0)

    # -- configuration ----------------------------------------------------------------
    def get_config(self, key: str) -> str | None:
        with self.reading() as conn:
            return conn.scalar(sa.select(t.config.c.value).where(t.config.c.key == key))

    def update_config(
        self, keys: Sequence[str], change: Callable[[dict[str, str | None]], Mapping[str, str | None]]
    ) -> dict[str, str | None]:
        """Read ``keys``, call ``change(values)`` and write what it returns, all in one exclusive transaction.

        Returns the values after the change. ``None`` deletes a key.
        """
        with self.transaction(exclusive=True) as conn:
            rows = conn.execute(sa.select(t.config.c.key, t.config.c.value).where(t.config.c.key.in_(list(keys))))
            values: dict[str, str | None] = {k: None for k in keys}
            values.update({k: v for k, v in rows})
            updates = dict(change(dict(values)))
            for key, value in updates.items():
                conn.execute(sa.delete(t.config).where(t.config.c.key == key))
                if value is not None:
                    conn.execute(sa.insert(t.config).values(key=key, value=value))
            values.update(updates)
            return values

    def set_config(self, key: str, value: str | None) -> None:
        self.update_config([key], lambda _old: {key: value})

    # -- the class ----------------------------------------------------------------------
    def class_id(self) -> int:
        if self._class_id is None:
            with self.reading() as conn:
                self._class_id = int(conn.scalar(sa.select(sa.func.min(t.classes.c.id))))
        return self._class_id

    def class_info(self) -> ClassInfo:
        with self.reading() as conn:
            row = conn.execute(sa.select(t.classes).where(t.classes.c.id == self.class_id())).mappings().one()
        defaults = StudentSettings.from_dict({
            "min_cards": row["default_min_cards"], "lang": row["default_lang"],
            "variant": row["default_variant"], "bot_level": row["default_bot_level"],
            "listen": row["default_listen"], "listen_slow": row["default_listen_slow"],
        })  # fmt: skip
        return ClassInfo(row["id"], row["name"], defaults, row["join_code"], row["lesson"])

    def update_class(
        self, *, defaults: StudentSettings | None = None, join_code: Any = KEEP, lesson: Any = KEEP, name: str | None = None
    ) -> ClassInfo:
        """Change the class's defaults, join code (None: none), lesson (None: none) or name."""
        values: dict[str, Any] = {}
        if defaults is not None:
            values.update(default_min_cards=defaults.min_cards, default_lang=defaults.lang,
                          default_variant=defaults.variant, default_bot_level=defaults.bot_level,
                          default_listen=defaults.listen, default_listen_slow=defaults.listen_slow)  # fmt: skip
        if join_code is not KEEP:
            values["join_code"] = join_code
        if lesson is not KEEP:
            values["lesson"] = lesson
        if name is not None:
            values["name"] = clean_name(name)
        if values:
            with self.transaction() as conn:
                conn.execute(sa.update(t.classes).where(t.classes.c.id == self.class_id()).values(**values))
        return self.class_info()

    # -- the roster -------------------------------------------------------------------------
    @staticmethod
    def _student(row: Any) -> Student:
        settings = StudentSettings.from_dict(row)
        return Student(row["id"], row["name"], settings, row["lesson"])

    def students(self, *, include_removed: bool = False) -> list[Student]:
        """The roster, sorted by name."""
        query = sa.select(t.students).where(t.students.c.class_id == self.class_id())
        if not include_removed:
            query = query.where(t.students.c.removed_at.is_(None))
        with self.reading() as conn:
            rows = conn.execute(query.order_by(t.students.c.name_key, t.students.c.id)).mappings().all()
        return [self._student(r) for r in rows]

    def student(self, student_id: object) -> Student:
        """The student with this id (raises :class:`UnknownStudentError` if absent or removed)."""
        if isinstance(student_id, bool) or not isinstance(student_id, int):
            raise UnknownStudentError(student_id)
        with self.reading() as conn:
            row = conn.execute(
                sa.select(t.students).where(t.students.c.id == student_id, t.students.c.removed_at.is_(None))
            ).mappings().first()
        if row is None:
            raise UnknownStudentError(student_id)
        return self._student(row)

    def _name_free(self, conn: sa.Connection, name: str, *, except_id: int | None = None) -> None:
        query = sa.select(t.students.c.id).where(
            t.students.c.class_id == self.class_id(),
            t.students.c.name_key == name_key(name),
            t.students.c.removed_at.is_(None),
        )
        if except_id is not None:
            query = query.where(t.students.c.id != except_id)
        if conn.execute(query).first() is not None:
            raise NameError_(name, "taken")

    def add_student(self, name: str, settings: StudentSettings | None = None, *, lesson: str | None = None) -> Student:
        """Add a student (the class defaults unless ``settings``); the name must be free."""
        clean = clean_name(name)
        chosen = settings or self.class_info().defaults
        try:
            with self.transaction() as conn:
                self._name_free(conn, clean)
                new_id = self._insert_student(conn, clean, chosen, lesson)
        except IntegrityError as error:  # another kernel added the same name just now
            raise NameError_(clean, "taken") from error
        return self.student(new_id)

    def _insert_student(self, conn: sa.Connection, name: str, settings: StudentSettings, lesson: str | None) -> int:
        result = conn.execute(sa.insert(t.students).values(
            class_id=self.class_id(), name=name, name_key=name_key(name), lesson=lesson,
            created_at=self.now(), **settings.to_dict(),
        ))  # fmt: skip
        key = result.inserted_primary_key
        assert key is not None
        return int(key[0])

    def rename_student(self, student_id: int, name: str) -> Student:
        clean = clean_name(name)
        self.student(student_id)
        try:
            with self.transaction() as conn:
                self._name_free(conn, clean, except_id=student_id)
                conn.execute(sa.update(t.students).where(t.students.c.id == student_id)
                             .values(name=clean, name_key=name_key(clean)))  # fmt: skip
        except IntegrityError as error:
            raise NameError_(clean, "taken") from error
        return self.student(student_id)

    def remove_student(self, student_id: int) -> None:
        """Take a student off the roster; their games and attempts stay (and stay in the export)."""
        self.student(student_id)
        with self.transaction() as conn:
            conn.execute(sa.update(t.students).where(t.students.c.id == student_id).values(removed_at=self.now()))

    def update_students(
        self,
        student_ids: Iterable[int],
        *,
        min_cards: Any = KEEP,
        lang: Any = KEEP,
        variant: Any = KEEP,
        bot_level: Any = KEEP,
        lesson: Any = KEEP,
        listen: Any = KEEP,
        listen_slow: Any = KEEP,
    ) -> list[Student]:
        """Change settings of one or many students at once (all or none: values are checked first)."""
        ids = list(dict.fromkeys(student_ids))
        students = [self.student(i) for i in ids]
        changes = {k: v for k, v in {"min_cards": min_cards, "lang": lang, "variant": variant, "bot_level": bot_level,
                                      "listen": listen, "listen_slow": listen_slow}.items() if v is not KEEP}  # fmt: skip
        updated = [(s.id, s.settings.with_changes(**changes)) for s in students]  # raises ValueError if bad
        with self.transaction() as conn:
            for student_id, settings in updated:
                values: dict[str, Any] = settings.to_dict()
                if lesson is not KEEP:
                    values["lesson"] = lesson
                conn.execute(sa.update(t.students).where(t.students.c.id == student_id).values(**values))
        return [self.student(i) for i in ids]

    def import_roster(self, text: str) -> list[Student]:
        """Add every student of a roster CSV, or none (raises :class:`RosterError` listing every problem)."""
        roster = parse_roster(text, existing=[s.name for s in self.students()])
        defaults = self.class_info().defaults
        try:
            with self.transaction() as conn:
                current = conn.execute(sa.select(t.students.c.name).where(
                    t.students.c.class_id == self.class_id(), t.students.c.removed_at.is_(None))).scalars().all()
                parse_roster(text, existing=current)  # again, inside the lock: nobody added a name meanwhile
                ids = [self._insert_student(conn, row.name, row.settings(defaults), None) for row in roster.rows]
        except IntegrityError as error:
            raise RosterError([RosterProblem(1, "name_taken", {"name": "?"})]) from error
        by_id = {s.id: s for s in self.students()}
        return [by_id[i] for i in ids]

    # -- games and attempts -----------------------------------------------------------------
    def start_game(
        self, student_id: int, *, lang: str, variant: str, min_cards: int, lesson: str | None = None,
        seed: object = None, kind: str = "practice",
    ) -> str:  # fmt: skip
        """Record the start of a student's game; returns its id."""
        game_id = str(uuid.uuid4())
        with self.transaction() as conn:
            conn.execute(sa.insert(t.games).values(
                id=game_id, student_id=student_id, kind=kind, lesson=lesson, lang=lang, variant=variant,
                min_cards=min_cards, seed=None if seed is None else str(seed)[:24], started_at=self.now(),
            ))  # fmt: skip
        return game_id

    def save_game_state(self, game_id: str, state: str | None) -> None:
        """Keep an unfinished game's state (JSON) so it can be resumed; ``None`` once it is over."""
        with self.transaction() as conn:
            conn.execute(sa.update(t.games).where(t.games.c.id == game_id).values(state=state))

    def unfinished_game(self, student_id: int, kind: str) -> tuple[str, str] | None:
        """The student's newest game of ``kind`` that has a saved state: ``(game id, state)``, or None."""
        g = t.games
        query = (
            sa.select(g.c.id, g.c.state)
            .where(g.c.student_id == student_id, g.c.kind == kind, g.c.state.is_not(None))
            .order_by(g.c.started_at.desc(), g.c.id.desc())
            .limit(1)
        )
        with self.reading() as conn:
            row = conn.execute(query).first()
        return None if row is None else (str(row.id), str(row.state))

    def record(self, attempt: Attempt) -> Attempt:
        """Store one attempt and commit it; returns it with its id and time. Returns only once it is on disk."""
        with self.transaction() as conn:
            return insert_attempt(conn, attempt, self.now())

    def cross_out(self, game_ids: Iterable[str], round: int, words: Iterable[str]) -> int:
        """Boggle words two or more players found: 0 points in the attempts of this round of these games."""
        with self.transaction() as conn:
            return cross_out(conn, game_ids, round, words)

    def attempts(self, *, student_id: int | None = None, after_id: int = 0) -> list[Attempt]:
        """Attempts of the class (or one student), oldest first, removed students included."""
        with self.reading() as conn:
            return read_attempts(conn, self.class_id(), student_id=student_id, after_id=after_id)

    def progress(self, attempts: Sequence[Attempt] | None = None) -> list[StudentProgress]:
        """Per student on the roster: tries, accepted, cards won, time played, last active
        (:func:`~myword_edu.classroom.progress.student_progress`, from ``attempts`` or the class's)."""
        roster = [(s.id, s.name) for s in self.students()]
        with self.reading() as conn:
            starts = game_starts(conn, self.class_id())
            rows = read_attempts(conn, self.class_id()) if attempts is None else attempts
        return student_progress(roster, rows, starts)

    def change_marker(self) -> tuple[int, int, int]:
        """Changes when an attempt is stored or the roster changes (for live views): cheap to ask."""
        with self.reading() as conn:
            last_attempt = conn.scalar(sa.select(sa.func.coalesce(sa.func.max(t.attempts.c.id), 0)))
            roster = conn.execute(sa.select(sa.func.count(), sa.func.coalesce(sa.func.max(t.students.c.id), 0))
                                  .where(t.students.c.removed_at.is_(None))).one()  # fmt: skip
        return int(last_attempt or 0), int(roster[0]), int(roster[1])
