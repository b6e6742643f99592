"""A throw-away PostgreSQL server on loopback for the store and room tests.

Debian's PostgreSQL binaries (``apt-get install postgresql``; tools/test.sh
installs it) start a private cluster in a temporary folder, owned by the
``postgres`` system user when the tests run as root (initdb refuses root).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

__all__ = ["PostgresServer", "find_bin"]


def find_bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class PostgresServer:
    """Start with :meth:`start`, get a SQLAlchemy URL from :attr:`url`, :meth:`stop` at the end."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="myword-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.user = "postgres" if os.geteuid() == 0 else None

    def _run(self, *args: str, **kwargs) -> subprocess.CompletedProcess:
        command = list(args)
        if self.user:
            command = ["runuser", "-u", self.user, "--", *command]
        return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs)

    def start(self, timeout: float = 60.0) -> "PostgresServer":
        initdb, pg_ctl = find_bin("initdb"), find_bin("pg_ctl")
        if not initdb or not pg_ctl:
            raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
        if self.user:
            shutil.chown(self.folder, self.user)
        self._run(initdb, "-D", str(self.data), "-A", "trust", "-U", "myword", "-E", "UTF8", "--locale=C.UTF-8")
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off -c max_connections=200"
        self._run(pg_ctl, "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "-t", str(int(timeout)), "start")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", self.port)) == 0:
                    break
            time.sleep(0.05)
        else:
            raise RuntimeError("PostgreSQL did not start listening in time")
        createdb = find_bin("createdb")
        self._run(createdb, "-h", "127.0.0.1", "-p", str(self.port), "-U", "myword", "myword")
        return self

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://myword@127.0.0.1:{self.port}/myword"

    def stop(self) -> None:
        pg_ctl = find_bin("pg_ctl")
        if pg_ctl and self.data.exists():
            try:
                self._run(pg_ctl, "-D", str(self.data), "-m", "immediate", "stop")
            except subprocess.CalledProcessError:
                pass
        shutil.rmtree(self.folder, ignore_errors=True)
