"""Load-test fixtures: an empty database on each backend, and the benchmark scripts as modules."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.pgserver import PostgresServer, find_bin

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=["sqlite", "postgresql"])
def load_url(request, tmp_path):
    """An empty class database: a SQLite file, or a throw-away PostgreSQL on loopback."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'room.sqlite3'}"
        return
    if not find_bin("initdb"):
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    server = PostgresServer().start()
    try:
        yield server.url
    finally:
        server.stop()


def bench(name: str):
    """``benchmarks/<name>.py`` loaded as a module (the load tests run the benchmarks' own checks)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
