"""What the live-room load tests share: one process per simulated student, a common start, the
figures' percentiles, and the command line (a SQLite file or a throw-away PostgreSQL).

``bench_rooms.py`` (MyWord! rooms) and ``bench_boggle_rooms.py`` (Boggle rooms)
each provide ``student(url, code, student_id, go_file, out_file, seed)`` (run
in a child process of the script) and ``run(url, **options) -> figures``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank); NaN without values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


class Students:
    """The simulated students of one run: ``script --student ...`` processes, each with its own
    interpreter and database connection (as a Voila kernel would have)."""

    def __init__(self, script: str, url: str, code: str, student_ids: list[int], work: Path) -> None:
        self.go = work / "go"
        self.work = work
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.procs: list[tuple[subprocess.Popen, str]] = []
        for i, student_id in enumerate(student_ids):
            out = str(work / f"student-{i}.json")
            self.procs.append((subprocess.Popen([sys.executable, script, "--student", url, code, str(student_id),
                                                 str(self.go), out, str(i)], env=env), out))  # fmt: skip

    def wait_joined(self, timeout: float = 300) -> None:
        """Until every student has joined the room (each writes ``out.ready``); kills them all on failure."""
        deadline = time.monotonic() + timeout
        while not all(Path(out + ".ready").exists() for _, out in self.procs):
            if time.monotonic() > deadline or any(p.poll() not in (None, 0) for p, _ in self.procs):
                self.kill()
                raise RuntimeError("the simulated students did not all join")
            time.sleep(0.05)

    def go_until(self, stop_at: float) -> None:
        """Tell every student to play until ``stop_at`` (wall clock); atomic, so none reads half a file."""
        (self.work / "go.tmp").write_text(repr(stop_at))
        (self.work / "go.tmp").rename(self.go)

    def reports(self, timeout: float = 60) -> list[dict[str, Any]]:
        """Wait for every student to stop by itself (killed after ``timeout``); their reports."""
        for p, _ in self.procs:
            try:
                p.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                p.kill()
        return [json.loads(Path(out).read_text()) for _, out in self.procs if Path(out).exists()]

    def kill(self) -> None:
        for p, _ in self.procs:
            p.kill()


def wait_for_go(go_file: str, timeout: float = 300) -> float | None:
    """In a student process: the wall-clock time to stop at, once the teacher says go (None: never)."""
    deadline = time.monotonic() + timeout
    while not Path(go_file).exists():
        if time.monotonic() > deadline:
            return None
        time.sleep(0.05)
    return float(Path(go_file).read_text())


def main(doc: str, student: Callable[..., None], run: Callable[..., dict], add_options: Callable[[Any], None],
         ok: Callable[[dict], bool], argv: list[str] | None = None) -> int:  # fmt: skip
    """The command line of a room load test: ``--student ...`` in a child, else run and print the figures."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--student":
        url, code, student_id, go, out, seed = argv[1:7]
        student(url, code, int(student_id), go, out, int(seed))
        return 0
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--db", help="an empty database URL (default: a new SQLite file)")
    parser.add_argument("--postgres", action="store_true", help="start a throw-away PostgreSQL on loopback")
    parser.add_argument("--students", type=int, default=30)
    add_options(parser)
    args = vars(parser.parse_args(argv))
    db, postgres = args.pop("db"), args.pop("postgres")
    server = None
    with tempfile.TemporaryDirectory(prefix="myword-load-") as folder:
        url = db or f"sqlite:///{folder}/room.sqlite3"
        if postgres:
            sys.path.insert(0, str(ROOT))
            from tests.pgserver import PostgresServer

            server = PostgresServer().start()
            url = server.url
        try:
            figures = run(url, workdir=folder, **args)
        finally:
            if server:
                server.stop()
    print(json.dumps(figures, indent=2))
    return 0 if ok(figures) else 1
