#!/usr/bin/env python3
"""Live Boggle room load test: simulated students in separate processes write words on one board.

The parent process plays the teacher: it opens a Boggle room, adds the
students to the roster, starts one process per student (a fresh interpreter
with its own connection, as a Voila kernel would be), waits until all have
joined, then starts one round of ``--seconds``. Each student polls the log
every 150 ms; once the board is up it solves it and writes a word every
0.5-1.5 s (mostly the board's common words, so many students find the same
ones and they are crossed out; one in ten is made up), and keeps writing for
a second after the bell. Every process stops by itself; everything stays on
loopback.

Afterwards the parent checks, from the database alone:

- no answer was lost: every answer a student got is in the log with the same
  result, and every real try is an ``attempts`` row;
- the log replays to the same answers, and no word committed after the bell
  was accepted;
- the end of the round: a word two or more students found scores nothing for
  anyone, every other accepted word keeps its points;

and reports write-to-answer latency (p50/p95), how long the board took to
reach every student's kernel after the teacher started (p50/p95), and, as the
baseline measured in the same run, a solo practice game's word write (one
process, :meth:`Store.record`), with the ratio.

    python benchmarks/bench_boggle_rooms.py [--db URL] [--students 30] [--seconds 30] [--postgres]
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from room_load import Students, main as load_main, pct, wait_for_go  # noqa: E402

POLL = 0.15  # seconds between a student's looks at the log


def student(url: str, code: str, student_id: int, go_file: str, out_file: str, seed: int) -> None:
    """One simulated student (run in its own process)."""
    from myword_edu.boggle.solver import solve
    from myword_edu.core.errors import MyWordError
    from myword_edu.rooms.seat import StudentSeat
    from myword_edu.classroom.store import Store, utcnow

    rng = random.Random(seed)
    store = Store.open(url)
    seat = StudentSeat.join(store, code, student_id)
    Path(out_file + ".ready").write_text("ready")
    stop_at = wait_for_go(go_file)
    if stop_at is None:
        return
    answers, latencies, board_delay = [], [], None
    words: list[str] = []
    next_write = 0.0
    while time.time() < stop_at:
        started = time.perf_counter()
        for event in seat.poll():
            if event.kind == "start" and board_delay is None:
                board_delay = (utcnow() - event.at).total_seconds()
        view = seat.view()
        if view.board is not None and not words:
            lexicon = seat.replica.lexicon
            found = sorted((w for w in solve(view.board, lexicon) if not lexicon.is_blocked(w)),
                           key=lambda w: (-lexicon.zipf(w), w))  # fmt: skip
            words = found[:40]
            rng.shuffle(words)
        if words and time.monotonic() >= next_write:
            next_write = time.monotonic() + rng.uniform(0.5, 1.5)
            word = "zqxjv" if rng.random() < 0.1 else words.pop()
            t0 = time.perf_counter()
            try:
                play = seat.write(word)
            except MyWordError as error:
                answers.append({"error": getattr(error, "reason", type(error).__name__)})
            else:
                latencies.append(time.perf_counter() - t0)
                answers.append({"seq": seat.replica.seq, "word": play.word, "accepted": play.accepted,
                                "reason": play.reason.value if play.reason else None})  # fmt: skip
        time.sleep(max(0.0, POLL - (time.perf_counter() - started)))
    Path(out_file).write_text(json.dumps({"name": seat.name, "answers": answers, "latency": latencies,
                                          "board_delay": board_delay}))  # fmt: skip


def check(store, room) -> dict:
    """Verify the room from the database alone; returns counts and the round's result."""
    from datetime import timedelta

    import sqlalchemy as sa

    from myword_edu.classroom import schema as t
    from myword_edu.rooms.boggle_replica import BoggleReplica
    from myword_edu.rooms.replica import RoomEvent

    with store.reading() as conn:
        rows = conn.execute(sa.select(t.room_events).where(t.room_events.c.room_id == room.room_id)
                            .order_by(t.room_events.c.seq)).all()  # fmt: skip
    replica = BoggleReplica(room.lang, room._seed, room._lexicons)
    mismatched = late_accepted = real_tries = 0
    words = {}
    for row in rows:
        event = RoomEvent(row.seq, row.kind, row.actor, tuple(json.loads(row.intent)), None, row.at)
        play = replica.apply(event)
        if row.kind == "word":
            stored = json.loads(row.result)
            if (play.accepted, play.reason.value if play.reason else None, play.word) != \
                    (stored["accepted"], stored["reason"], stored["word"]):  # fmt: skip
                mismatched += 1
            if play.accepted and replica.ends_at is not None and row.at >= replica.ends_at:
                late_accepted += 1
            if play.word and stored["reason"] not in ("bad_path", "round_over"):
                real_tries += 1
            words[row.seq] = stored | {"actor": row.actor}
    assert replica.ends_at is not None
    result = replica.view(now=replica.ends_at + timedelta(seconds=1)).result
    assert result is not None
    finders = Counter(s.word for scored in result.words.values() for s in scored)
    crossout_errors = sum(1 for scored in result.words.values() for s in scored
                          if (finders[s.word] > 1) != (s.crossed and s.points == 0))  # fmt: skip
    crossout_errors += sum(1 for w in result.shared if finders[w] < 2)
    return {"events": len(rows), "words": words, "mismatched": mismatched, "late_accepted": late_accepted,
            "real_tries": real_tries, "shared": len(result.shared), "crossout_errors": crossout_errors,
            "scores": dict(result.scores)}  # fmt: skip


def solo_baseline(url: str, writes: int = 200) -> list[float]:
    """Seconds per word a solo Boggle practice game takes to store (the same database, one process)."""
    from myword_edu.classroom.attempts import Attempt, Outcome
    from myword_edu.classroom.store import Store

    store = Store.open(url)
    sid = store.add_student("Solo practice").id
    game = store.start_game(sid, lang="en", variant="new", min_cards=3, kind="boggle")
    times = []
    for i in range(writes):
        t0 = time.perf_counter()
        store.record(Attempt(sid, game, 1, "RATE", "rate", "rate", "R(1,3) A(2,2) T(2,3) E(1,2)", 4,
                             Outcome.ACCEPTED if i == 0 else Outcome.REFUSED, None if i == 0 else "already_found",
                             1 if i == 0 else 0, 0, 3, "en", game="boggle"))  # fmt: skip
        times.append(time.perf_counter() - t0)
    return times


def run(url: str, *, students: int = 30, seconds: float = 30.0, workdir: str | None = None) -> dict:
    """Run the load test against ``url`` (an empty database); returns the figures and checks."""
    from myword_edu.boggle.rules import BoggleRules
    from myword_edu.rooms.live import TeacherRoom
    from myword_edu.classroom.store import Store

    work = Path(workdir or tempfile.mkdtemp(prefix="myword-boggle-load-"))
    store = Store.open(url, fresh=True)
    ids = [store.add_student(f"Student {i:02d}").id for i in range(students)]
    round_seconds = max(30, min(600, int(seconds)))
    room = TeacherRoom.create(store, game="boggle", boggle=BoggleRules(dice="new", seconds=round_seconds))
    class_ = Students(__file__, url, room.code, ids, work)
    class_.wait_joined()
    class_.go_until(time.time() + round_seconds + 1.5)  # the students keep writing past the bell
    room.start_round()
    reports = class_.reports(timeout=round_seconds + 120)
    checked = check(store, room)
    answered = [(r["name"], a) for r in reports for a in r["answers"] if "seq" in a]
    lost = 0
    for name, answer in answered:
        stored = checked["words"].get(answer["seq"])
        if stored is None or stored["actor"] != name or stored["accepted"] != answer["accepted"] or \
                stored["reason"] != answer["reason"]:  # fmt: skip
            lost += 1
    attempts = len(store.attempts())
    latency = [x for r in reports for x in r["latency"]]
    delays = [r["board_delay"] for r in reports if r["board_delay"] is not None]
    baseline = solo_baseline(url)
    reasons = Counter(a.get("reason") or ("accepted" if a.get("accepted") else a.get("error")) for _, a in answered)
    room_p50, solo_p50 = pct(latency, 0.5), statistics.median(baseline)
    figures = {
        "backend": store.engine.dialect.name, "students": students, "reported": len(reports),
        "round_seconds": round_seconds, "writes": len(answered), "word_events": len(checked["words"]),
        "attempts_stored": attempts, "real_tries": checked["real_tries"], "reasons": dict(reasons),
        "answers_lost": lost, "replay_mismatches": checked["mismatched"], "late_accepted": checked["late_accepted"],
        "shared_words": checked["shared"], "crossout_errors": checked["crossout_errors"],
        "write_p50_ms": round(1000 * room_p50, 1), "write_p95_ms": round(1000 * pct(latency, 0.95), 1),
        "board_p50_ms": round(1000 * pct(delays, 0.5), 1), "board_p95_ms": round(1000 * pct(delays, 0.95), 1),
        "board_samples": len(delays), "solo_write_p50_ms": round(1000 * solo_p50, 1),
        "room_vs_solo_write": round(room_p50 / solo_p50, 1) if solo_p50 else None,
    }  # fmt: skip
    store.dispose()
    return figures


def _options(parser) -> None:
    parser.add_argument("--seconds", type=float, default=30.0, help="the round's length (30 to 600)")


def _ok(figures: dict) -> bool:
    return not (figures["answers_lost"] or figures["replay_mismatches"] or figures["late_accepted"]
                or figures["attempts_stored"] != figures["real_tries"] or figures["crossout_errors"])  # fmt: skip


if __name__ == "__main__":
    sys.exit(load_main(__doc__, student, run, _options, _ok))
