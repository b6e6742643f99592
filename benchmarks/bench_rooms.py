#!/usr/bin/env python3
"""Live-room load test: simulated students in separate processes race claims on one table.

The parent process plays the teacher: it opens a room, adds the students to
the roster, starts one process per student (each a fresh interpreter with its
own connection, as a Voila kernel would be), waits until all have joined, then
deals a card every ``--pace`` seconds, starting a new round when one ends,
until ``--seconds`` have passed. Each student polls the log every 150 ms, and
when the table holds a word it can make it calls it (at a human-like rate;
each student prefers the longest words, so many race for the same cards;
one call in 20 is a made-up word that gives the others free cards). Every
process stops by itself at the deadline; everything stays on loopback.

Afterwards the parent checks, from the database alone:

- no card was awarded twice (per round: accepted claims and free cards);
- no attempt was lost (every answer a student got is in ``attempts`` and in
  the log, with the same result);
- cards are conserved (scored + on the table + still to deal = the deck) and
  a fresh replay of the log gives the stored results;

and reports claim-to-answer latency (p50/p95) and table-update propagation
(commit of a deal or claim to the moment another student's kernel has
applied it; p50/p95).

    python benchmarks/bench_rooms.py [--db URL] [--students 30] [--seconds 60] [--postgres]
"""

from __future__ import annotations

import json
import random
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
CLAIM_CHANCE = 0.25  # per look, when the table holds a word: a class of 30 races for every word


def student(url: str, code: str, student_id: int, go_file: str, out_file: str, seed: int) -> None:
    """One simulated student (run in its own process)."""
    from myword_edu.rooms.replica import RoomError
    from myword_edu.rooms.seat import StudentSeat
    from myword_edu.classroom.store import Store, utcnow

    rng = random.Random(seed)
    store = Store.open(url)
    seat = StudentSeat.join(store, code, student_id)
    Path(out_file + ".ready").write_text("ready")
    stop_at = wait_for_go(go_file)
    if stop_at is None:
        return
    answers, latencies, propagation = [], [], []
    solved_for, words = (-1, -1), []
    while time.time() < stop_at:
        started = time.perf_counter()
        for event in seat.poll():
            if event.kind in ("deal", "claim") and event.actor != seat.name:
                propagation.append((utcnow() - event.at).total_seconds())
        view = seat.view()
        rnd = seat.replica.round
        if rnd is not None and not rnd.is_over and seat.name in view.in_round and view.table and \
                rng.random() < CLAIM_CHANCE:  # fmt: skip
            if solved_for != (view.round_no, view.version):
                lexicon = rnd.lexicon_for(rnd._player(seat.name))
                words = sorted((w for w in rnd.words_possible(seat.name) if not lexicon.is_blocked(w)),
                               key=lambda w: (-len(w), w))[:3]  # fmt: skip
                solved_for = (view.round_no, view.version)
            if words:
                word = "zqxj" if rng.random() < 0.05 else rng.choice(words)
                t0 = time.perf_counter()
                try:
                    result = seat.claim(word, seen=view.version, round_no=view.round_no)
                except RoomError as error:
                    answers.append({"error": error.reason})
                else:
                    latencies.append(time.perf_counter() - t0)
                    answers.append({"seq": seat.replica.seq, "accepted": result.accepted,
                                    "reason": result.reason.value if result.reason else None,
                                    "card_ids": list(result.card_ids)})  # fmt: skip
        time.sleep(max(0.0, POLL - (time.perf_counter() - started)))
    Path(out_file).write_text(json.dumps({"name": seat.name, "answers": answers, "latency": latencies,
                                          "propagation": propagation}))  # fmt: skip


def check(store, room) -> dict:
    """Verify the room from the database alone; returns counts (raises AssertionError on a violation)."""
    import sqlalchemy as sa

    from myword_edu.classroom import schema as t
    from myword_edu.rooms.replica import RoomEvent, RoomReplica

    with store.reading() as conn:
        rows = conn.execute(sa.select(t.room_events).where(t.room_events.c.room_id == room.room_id)
                            .order_by(t.room_events.c.seq)).all()  # fmt: skip
    replica = RoomReplica(room.lang, room.variant, room._seed, room._lexicons)
    awarded: Counter = Counter()
    twice = mismatched = 0
    rounds = 0

    def conserved() -> None:
        rnd = replica.round
        if rnd is not None:
            scored = sum(rnd.scores.values())
            assert scored + len(rnd.table) + rnd.cards_left + len(rnd.leftover) == rnd.deck_size, "cards not conserved"

    for row in rows:
        event = RoomEvent(row.seq, row.kind, row.actor, tuple(json.loads(row.intent)), None, row.at)
        if row.kind == "start":
            conserved()
            rounds += 1
        result = replica.apply(event)
        if row.kind == "claim":
            stored = json.loads(row.result)
            if (result.accepted, list(result.card_ids)) != (stored["accepted"], stored["card_ids"]):
                mismatched += 1
            for card_id in stored["card_ids"] + [c for _, c in stored["free"]]:
                awarded[(replica.round_no, card_id)] += 1
    conserved()
    twice = sum(1 for n in awarded.values() if n > 1)
    claims = {row.seq: json.loads(row.result) | {"actor": row.actor} for row in rows if row.kind == "claim"}
    return {"events": len(rows), "claims": claims, "twice": twice, "mismatched": mismatched, "rounds": rounds,
            "awarded": sum(awarded.values())}  # fmt: skip


def run(url: str, *, students: int = 30, seconds: float = 60.0, pace: float = 0.2, workdir: str | None = None) -> dict:
    """Run the load test against ``url`` (an empty database); returns the figures and checks."""
    from myword_edu.rooms.live import TeacherRoom
    from myword_edu.classroom.attempts import NOT_TRIES
    from myword_edu.rooms.replica import RoomError
    from myword_edu.classroom.store import Store

    work = Path(workdir or tempfile.mkdtemp(prefix="myword-load-"))
    store = Store.open(url, fresh=True)
    ids = [store.add_student(f"Student {i:02d}").id for i in range(students)]
    room = TeacherRoom.create(store, lang="en", pace=max(0.2, pace))
    class_ = Students(__file__, url, room.code, ids, work)
    class_.wait_joined()
    stop_at = time.time() + seconds
    class_.go_until(stop_at)
    room.start_round()
    dealt, empty_since = 0, None
    while time.time() < stop_at:
        tick = time.monotonic()
        view = room.sync()
        try:
            if view.over or (view.cards_left == 0 and empty_since and tick - empty_since > 2.0):
                room.finish_round()
                room.start_round()
                empty_since = None
            elif view.cards_left == 0:
                empty_since = empty_since or tick
            else:
                room.deal()
                dealt += 1
        except RoomError:
            pass
        time.sleep(max(0.0, pace - (time.monotonic() - tick)))
    reports = class_.reports()
    checked = check(store, room)
    answered = [(r["name"], a) for r in reports for a in r["answers"] if "seq" in a]
    lost = 0
    for name, answer in answered:
        stored = checked["claims"].get(answer["seq"])
        if stored is None or stored["actor"] != name or stored["accepted"] != answer["accepted"] or \
                stored["card_ids"] != answer["card_ids"]:  # fmt: skip
            lost += 1
    attempts = len(store.attempts())
    tries = sum(1 for _, a in answered if a.get("reason") not in {r.value for r in NOT_TRIES})  # the rest: no attempt
    latency = [x for r in reports for x in r["latency"]]
    propagation = [x for r in reports for x in r["propagation"]]
    reasons = Counter(a.get("reason") or ("accepted" if a.get("accepted") else a.get("error")) for _, a in answered)
    figures = {
        "backend": store.engine.dialect.name, "students": students, "reported": len(reports), "seconds": seconds,
        "rounds": checked["rounds"], "deals": dealt, "claims": len(answered), "claim_events": len(checked["claims"]),
        "attempts_stored": attempts, "reasons": dict(reasons), "awarded_twice": checked["twice"],
        "replay_mismatches": checked["mismatched"], "tries": tries, "attempts_lost": lost + (tries - attempts),
        "claim_p50_ms": round(1000 * pct(latency, 0.5), 1), "claim_p95_ms": round(1000 * pct(latency, 0.95), 1),
        "propagation_p50_ms": round(1000 * pct(propagation, 0.5), 1),
        "propagation_p95_ms": round(1000 * pct(propagation, 0.95), 1),
        "propagation_samples": len(propagation),
    }  # fmt: skip
    store.dispose()
    return figures


def _options(parser) -> None:
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--pace", type=float, default=0.2, help="seconds between deals")


def _ok(figures: dict) -> bool:
    return figures["awarded_twice"] == 0 and figures["attempts_lost"] == 0 and figures["replay_mismatches"] == 0


if __name__ == "__main__":
    sys.exit(load_main(__doc__, student, run, _options, _ok))
