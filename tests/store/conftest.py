"""Store fixtures: a fresh store on SQLite (a temporary file) and, where installed, on PostgreSQL."""

from __future__ import annotations

import pytest

from myword_edu.classroom.store import Store
from tests.pgserver import PostgresServer, find_bin


@pytest.fixture(scope="session")
def postgres():
    if not find_bin("initdb"):
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    server = PostgresServer().start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    """A new, empty store (every test gets its own database)."""
    if request.param == "sqlite":
        yield Store.open(f"sqlite:///{tmp_path / 'class.sqlite3'}", fresh=True)
        return
    server = request.getfixturevalue("postgres")
    import sqlalchemy as sa

    name = f"t{abs(hash(request.node.nodeid)) % 10**9}"
    admin = sa.create_engine(server.url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.exec_driver_sql(f"DROP DATABASE IF EXISTS {name}")
        conn.exec_driver_sql(f"CREATE DATABASE {name}")
    url = server.url.rsplit("/", 1)[0] + f"/{name}"
    store = Store.open(url, fresh=True)
    yield store
    store.dispose()
    with admin.connect() as conn:
        conn.exec_driver_sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    admin.dispose()
