#!/usr/bin/env python3
"""One flooding student among normal ones in a live MyWord! room, replayed deterministically.

A class of ``--students`` seats (each its own :class:`~myword_edu.rooms.seat.StudentSeat`
with its own replica and its own database connection, as a Voila kernel would
have) plays one round of a seeded deck on one store, on a clock the script
moves (0.2 s a step): the teacher deals a card every ``--deal-every`` steps, every normal student
looks at the table each step and sometimes calls one of the longest words it
allows (one call in 20 is a made-up word: normal mistakes, with their
rulebook penalty), and the round ends when it is over or two seconds after the
last card. Student 0 is the flooder. Three runs of the same seed:

- ``idle``: the flooder sends nothing;
- ``flood``: the flooder sends ``--flood`` nonsense calls every step (25 a second by default);
- ``judged``: the flooder sends only the calls the room judged in the ``flood`` run, at the same steps.

The checks: ``flood`` and ``judged`` give every other student exactly the same
results (each call's answer, scores, free cards) and the round the same length:
what the wait refused changed nothing for anyone. The flooder had at most
:meth:`~myword_edu.rooms.flood.CallLimit.most_per_window` failed calls judged in any minute.
``idle`` against ``flood`` shows what the judged ones still cost (each gives
every other player a card: the rulebook's penalty, as for any wrong call).

    python benchmarks/bench_room_flood.py [--db URL] [--students 30] [--seeds 3] [--deal-every 5] [--postgres]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

STEP = 0.2  # seconds of the room's clock per step
CALL_CHANCE = 0.05  # per normal student per step, when the table holds a word
END_AFTER = 10  # steps after the last card before the teacher ends the round


class Clock:
    """The store's clock, moved by the script (every seat's store shares it)."""

    def __init__(self) -> None:
        from datetime import datetime

        self.t = datetime(2026, 11, 30, 9, 0)

    def __call__(self):
        return self.t


def play(url: str, *, students: int, seed: int, flood: int = 0, judged_steps: dict[int, int] | None = None,
         lexicons: Any = None, tag: str = "", deal_every: int = 5) -> dict[str, Any]:  # fmt: skip
    """One round; returns every student's results, the round's length and the flooder's figures.

    Each run adds its own students (named with ``tag``) to the database, and its results name them without it.
    """
    from myword_edu.myword.cards import shuffled, standard_deck
    from myword_edu.lexicon.wordlist import load_lexicon
    from myword_edu.rooms.live import TeacherRoom
    from myword_edu.rooms.replica import RoomError
    from myword_edu.rooms.seat import StudentSeat
    from myword_edu.classroom.attempts import NOT_TRIES
    from myword_edu.classroom.store import Store

    lex = lexicons or {"en": load_lexicon("en"), "es": load_lexicon("es")}
    clock = Clock()
    store = Store.open(url, fresh=True)
    store.now = clock
    ids = [store.add_student(f"Student {i:02d}{tag}").id for i in range(students)]
    deck = " ".join(str(c) for c in shuffled(standard_deck("en"), f"flood-{seed}"))
    room = TeacherRoom.create(store, lang="en", lexicons=lex, deck=deck)
    stores = [Store.open(url, fresh=True) for _ in ids]  # one engine (connection pool) per kernel
    for s in stores:
        s.now = clock
    seats = [StudentSeat.join(s, room.code, sid, lexicons=lex) for s, sid in zip(stores, ids)]
    room.start_round()
    rngs = [random.Random(f"{seed}:{i}") for i in range(students)]
    words_for: dict[tuple, list[str]] = {}
    answers: dict[str, list] = {seat.name: [] for seat in seats}
    flooder = seats[0]
    sent = refused = tries = 0
    judged_at: dict[int, int] = {}
    failed_times = []
    step, empty_for = 0, 0
    while True:
        view = room.sync()
        if view.over:
            break
        if view.cards_left:
            if step % deal_every == 0:
                room.deal()
        else:
            empty_for += 1
            if empty_for > END_AFTER:
                room.finish_round()
                break
        calls = flood if judged_steps is None else judged_steps.get(step, 0)
        for _ in range(calls):
            sent += 1
            try:
                result = flooder.claim("zqxj")
            except RoomError as error:
                if error.reason == "wait":
                    refused += 1
                continue
            judged_at[step] = judged_at.get(step, 0) + 1
            if result.reason not in NOT_TRIES:
                tries += 1
            if result.reason is not None and result.reason.is_penalised:
                failed_times.append(clock.t)
        for i, seat in enumerate(seats[1:], 1):
            rng = rngs[i]
            seat.poll()
            v = seat.view()
            rnd = seat.replica.round
            if rnd is None or rnd.is_over or not v.table:
                continue
            table = tuple(c.id for c in v.table)
            if table not in words_for:
                lexicon = rnd.lexicon_for(rnd._player(seat.name))
                words_for[table] = sorted((w for w in rnd.words_possible(seat.name) if not lexicon.is_blocked(w)),
                                          key=lambda w: (-len(w), w))[:3]  # fmt: skip
            words = words_for[table]
            if not words or rng.random() >= CALL_CHANCE:
                continue
            word = "qzxv" if rng.random() < 0.05 else rng.choice(words)
            try:
                r = seat.claim(word, seen=v.version, round_no=v.round_no)
                answers[seat.name].append([step, word, r.accepted, r.reason.value if r.reason else None,
                                           list(r.card_ids), [[f.player, f.card_id] for f in r.free_cards]])
            except RoomError as error:
                answers[seat.name].append([step, word, "error", error.reason])
        step += 1
        clock.t += timedelta(seconds=STEP)
    for seat in seats:
        seat.heartbeat()  # pending held calls into the log
    final = room.sync()
    rnd_final = room.replica.round
    counts = room.flood()
    others = {n: s for n, s in final.scores.items() if n != flooder.name}
    per_minute = max((sum(1 for t in failed_times if start <= t < start + timedelta(seconds=60))
                      for start in failed_times), default=0)  # fmt: skip
    out = {
        "steps": step, "seconds": round(step * STEP, 1), "deck_used": rnd_final.deck_size - rnd_final.cards_left,
        "scores": others, "answers": {n: a for n, a in answers.items() if n != flooder.name},
        "flooder_sent": sent, "flooder_refused": refused, "flooder_judged": judged_at,
        "flooder_failed_max_per_minute": per_minute, "flooder_score": final.scores.get(flooder.name, 0),
        "teacher_sees": {"failed": counts[flooder.name].failed, "held": counts[flooder.name].held,
                         "flagged": counts[flooder.name].is_flagged},
        "attempts_flooder": len(store.attempts(student_id=flooder.student_id)), "flooder_tries": tries,
    }  # fmt: skip
    for s in stores:
        s.dispose()
    store.dispose()
    return json.loads(json.dumps(out).replace(tag, "")) if tag else out


def run(url: str, *, students: int = 30, seeds: int = 1, flood: int = 5, deal_every: int = 5) -> dict[str, Any]:
    """The three runs for each seed; the figures and whether the flood beyond the wait changed anything."""
    from myword_edu.lexicon.wordlist import load_lexicon
    from myword_edu.rooms.flood import CallLimit

    lex = {"en": load_lexicon("en"), "es": load_lexicon("es")}
    figures: dict[str, Any] = {"students": students, "flood_per_second": flood / STEP, "seeds": [],
                               "backend": "sqlite" if url.startswith("sqlite") else "postgresql",
                               "deal_seconds": deal_every * STEP,
                               "limit_per_minute": CallLimit().most_per_window()}  # fmt: skip
    started = time.perf_counter()
    for seed in range(seeds):
        idle = play(url, students=students, seed=seed, flood=0, lexicons=lex, tag=f" (idle {seed})",
                    deal_every=deal_every)
        flooded = play(url, students=students, seed=seed, flood=flood, lexicons=lex, tag=f" (flood {seed})",
                       deal_every=deal_every)
        steps = {int(k): v for k, v in flooded["flooder_judged"].items()}
        judged = play(url, students=students, seed=seed, judged_steps=steps, lexicons=lex,
                      tag=f" (judged {seed})", deal_every=deal_every)
        figures["seeds"].append({
            "seed": seed,
            "same_as_judged_only": flooded["answers"] == judged["answers"] and flooded["scores"] == judged["scores"],
            "same_length_as_judged_only": (flooded["steps"], flooded["deck_used"]) == (judged["steps"], judged["deck_used"]),
            "flooder_sent": flooded["flooder_sent"], "flooder_refused": flooded["flooder_refused"],
            "flooder_judged": sum(flooded["flooder_judged"].values()),
            "flooder_failed_max_per_minute": flooded["flooder_failed_max_per_minute"],
            "flooder_attempts_stored": flooded["attempts_flooder"], "flooder_tries": flooded["flooder_tries"], "teacher_sees": flooded["teacher_sees"],
            "round_seconds": {"idle": idle["seconds"], "flood": flooded["seconds"], "judged": judged["seconds"]},
            "others_points": {"idle": sum(idle["scores"].values()), "flood": sum(flooded["scores"].values())},
            "others_calls": sum(len(a) for a in flooded["answers"].values()),
        })  # fmt: skip
    figures["seconds_taken"] = round(time.perf_counter() - started, 1)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="an empty database URL (default: a new SQLite file)")
    parser.add_argument("--postgres", action="store_true", help="start a throw-away PostgreSQL on loopback")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--flood", type=int, default=5, help="nonsense calls per 0.2 s step")
    parser.add_argument("--deal-every", type=int, default=5, help="steps of 0.2 s between deals")
    args = parser.parse_args(argv)
    server = None
    with tempfile.TemporaryDirectory(prefix="myword-flood-") as folder:
        url = args.db or f"sqlite:///{folder}/room.sqlite3"
        if args.postgres:
            from tests.pgserver import PostgresServer

            server = PostgresServer().start()
            url = server.url
        try:
            figures = run(url, students=args.students, seeds=args.seeds, flood=args.flood, deal_every=args.deal_every)
        finally:
            if server:
                server.stop()
    print(json.dumps(figures, indent=2))
    ok = all(s["same_as_judged_only"] and s["same_length_as_judged_only"] and
             s["flooder_failed_max_per_minute"] <= figures["limit_per_minute"] for s in figures["seeds"])  # fmt: skip
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
