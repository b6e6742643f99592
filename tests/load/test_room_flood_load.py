"""Load test: one student floods a live room of 30 (one seat, replica and connection per kernel) on
SQLite and PostgreSQL, replayed on a clock the test moves (``benchmarks/bench_room_flood.py``; run it
for more seeds and a slower deal). What the wait refused changes nothing: every other student's calls,
scores and free cards, and the round's length, are exactly those of the same seed where the flooder
sends only the calls the room judged; at most five failed calls a minute are judged; the teacher sees
the flood. The figures (with the same seed and an idle flooder) go to ``tests/artifacts/``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.load.conftest import bench

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_one_flooder_among_thirty_changes_nothing_beyond_the_calls_the_room_judged(load_url):
    figures = bench("bench_room_flood").run(load_url, students=30, seeds=1, flood=5, deal_every=2)
    print(json.dumps(figures))
    (run,) = figures["seeds"]
    assert run["same_as_judged_only"] and run["same_length_as_judged_only"]
    assert run["others_calls"] > 0  # the others really played
    assert run["flooder_failed_max_per_minute"] <= figures["limit_per_minute"] == 5
    assert run["flooder_sent"] >= 20 * run["flooder_judged"] and run["flooder_refused"] == \
        run["flooder_sent"] - run["flooder_judged"]  # fmt: skip
    # refused calls are no attempts, nor calls after the round ended: every judged try is one
    assert run["flooder_attempts_stored"] == run["flooder_tries"] <= run["flooder_judged"]
    assert run["teacher_sees"]["flagged"] and run["teacher_sees"]["held"] == run["flooder_refused"]
    out = ROOT / "tests" / "artifacts" / f"room-flood-{figures['backend']}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(figures, indent=2) + "\n")
