"""Load test: 30 simulated students (separate processes) write words on one live Boggle board for a
30-second round and past its bell, on SQLite and on PostgreSQL (loopback only; every process stops by
itself). The figures are printed and written to ``tests/artifacts/boggle-room-load-*.json``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.load.conftest import bench

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_thirty_students_on_one_board_lose_nothing_and_shared_words_score_nothing(load_url, tmp_path):
    figures = bench("bench_boggle_rooms").run(load_url, students=30, seconds=30, workdir=str(tmp_path))
    backend = figures["backend"]
    print(json.dumps(figures))
    assert figures["reported"] == 30 and figures["board_samples"] == 30  # every student saw the board
    assert figures["answers_lost"] == 0 and figures["replay_mismatches"] == 0
    assert figures["writes"] == figures["word_events"] and figures["attempts_stored"] == figures["real_tries"]
    assert figures["writes"] >= 300  # hundreds of words in half a minute
    assert figures["late_accepted"] == 0 and figures["reasons"].get("round_over", 0) > 0  # the bell held
    assert figures["shared_words"] > 0 and figures["crossout_errors"] == 0
    out = ROOT / "tests" / "artifacts" / f"boggle-room-load-{backend}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(figures, indent=2) + "\n")
