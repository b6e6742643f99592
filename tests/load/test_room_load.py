"""Load test: 30 simulated students (separate processes) race claims on one live room for 30 s,
on SQLite and on PostgreSQL (loopback only; every process stops by itself).

``MYWORD_LOAD_SECONDS`` shortens or lengthens the run (default 30 here; the benchmark's own run,
``python benchmarks/bench_rooms.py``, plays 60 s). The figures (latency p50/p95,
propagation p50/p95, claim outcomes) are printed and written to ``tests/artifacts/room-load-*.json``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.load.conftest import bench

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SECONDS = float(os.environ.get("MYWORD_LOAD_SECONDS", "30"))


def test_thirty_students_racing_lose_nothing_and_never_award_a_card_twice(load_url, tmp_path):
    figures = bench("bench_rooms").run(load_url, students=30, seconds=SECONDS, workdir=str(tmp_path))
    backend = figures["backend"]
    print(json.dumps(figures))
    assert figures["reported"] == 30
    assert figures["awarded_twice"] == 0 and figures["replay_mismatches"] == 0
    assert figures["attempts_lost"] == 0 and figures["claims"] == figures["claim_events"]
    assert figures["attempts_stored"] == figures["tries"]  # every try at a word has its attempt row
    assert figures["claims"] >= 1.5 * SECONDS  # over a hundred claims a minute, many of them races
    assert figures["reasons"].get("too_late", 0) > 0  # students really raced for the same cards
    # Latency is reported, not asserted: the goals (p95 <= 250 ms claims, <= 500 ms propagation) are met on
    # a quiet 2-core machine (README), but a shared CI machine running other jobs can exceed them.
    out = ROOT / "tests" / "artifacts" / f"room-load-{backend}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(figures, indent=2) + "\n")
    assert figures["claim_p95_ms"] > 0 and figures["propagation_samples"] > 10 * SECONDS
