#!/usr/bin/env python3
"""Lesson boards: planting a lesson's words against rolling a plain board, in the same run.

For each shipped lesson (``lessons/*.toml``, English on the "new" dice and
Spanish on the "es" dice; and each on the Big Boggle 5x5 dice if it is
English), its first 6 focus words are planted on ``--boards`` seeded boards
(:func:`myword_edu.boggle.lesson_board.roll_lesson_board`), and as many plain
boards are rolled (:meth:`Board.roll`). Printed per lesson:

- the median milliseconds per lesson board and per plain board, and their ratio
  (the goal is at most 50 ms per lesson board);
- how many of the 6 words were planted (mean, and the fewest), the words left
  out most often and why, and the cubes showing a letter their die lacks;
- the board's total word count (:func:`myword_edu.boggle.solver.solve`, the
  board's own minimum length) against plain rolls: median and quartiles (a
  lesson board must still read as a Boggle board).

Each board is timed alone with ``time.process_time`` (the machine is shared, and
CPU time is what the board costs).

    python benchmarks/bench_lesson_board.py [--boards 60] [--lessons DIR]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from myword_edu.boggle.board import Board  # noqa: E402
from myword_edu.boggle.lesson_board import roll_lesson_board  # noqa: E402
from myword_edu.boggle.solver import solve  # noqa: E402
from myword_edu.lexicon.wordlist import load_lexicon  # noqa: E402

GOAL_MS = 50.0
WORDS = 6


def quartiles(values: list[int]) -> str:
    q = statistics.quantiles(values, n=4)
    return f"{statistics.median(values):.0f} ({q[0]:.0f}-{q[2]:.0f})"


def timed(fn, *args, **kwargs):
    start = time.process_time()
    out = fn(*args, **kwargs)
    return time.process_time() - start, out


def bench(title: str, lang: str, dice: str, focus: list[str], boards: int) -> dict:
    lexicon = load_lexicon(lang)
    plant_ms, plain_ms, planted, off = [], [], [], []
    lesson_counts, plain_counts = [], []
    left: Counter[str] = Counter()
    for seed in range(boards):
        t, lesson = timed(roll_lesson_board, dice, focus, seed=seed)
        plant_ms.append(t * 1000)
        planted.append(len(lesson.planted))
        off.append(len(lesson.off_dice))
        left.update(f"{word} ({why})" for word, why in lesson.left_out.items())
        t, plain = timed(Board.roll, dice, seed=seed)
        plain_ms.append(t * 1000)
        lesson_counts.append(len(solve(lesson.board, lexicon)))
        plain_counts.append(len(solve(plain, lexicon)))
    lesson_med, plain_med = statistics.median(plant_ms), statistics.median(plain_ms)
    print(f"\n## {title} ({lang}, dice {dice!r}): {', '.join(focus)}")
    print(f"- lesson board: median {lesson_med:.2f} ms (p90 {statistics.quantiles(plant_ms, n=10)[-1]:.2f}, "
          f"max {max(plant_ms):.2f}); plain roll {plain_med:.3f} ms; ratio {lesson_med / plain_med:.0f}x; "
          f"goal <= {GOAL_MS:.0f} ms: {'met' if lesson_med <= GOAL_MS else 'NOT met'}")  # fmt: skip
    print(f"- planted: {statistics.mean(planted):.2f} of {len(focus)} on average (fewest {min(planted)}); "
          f"all {len(focus)} on {sum(p == len(focus) for p in planted)} of {boards} boards; "
          f"cubes off their dice: {statistics.mean(off):.2f} per board")
    if left:
        print("- left out most: " + ", ".join(f"{w} x{n}" for w, n in left.most_common(4)))
    print(f"- words on the board: lesson {quartiles(lesson_counts)} against plain {quartiles(plain_counts)} "
          f"(median ratio {statistics.median(lesson_counts) / max(1, statistics.median(plain_counts)):.2f})")
    return {"ms": lesson_med, "plain_ms": plain_med, "planted": statistics.mean(planted), "words": len(focus),
            "lesson_count": statistics.median(lesson_counts), "plain_count": statistics.median(plain_counts)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=60)
    parser.add_argument("--lessons", type=Path, default=ROOT / "lessons")
    args = parser.parse_args()
    rows = []
    for path in sorted(args.lessons.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        lang, focus = data["language"], list(data["focus"])[:WORDS]
        rows.append(bench(data["title"], lang, "es" if lang == "es" else "new", focus, args.boards))
        if lang == "en":
            rows.append(bench(data["title"] + ", 5x5", lang, "big", focus, args.boards))
    ms = [r["ms"] for r in rows]
    print(f"\n## All {len(rows)} lessons x {args.boards} boards")
    print(f"- median of the lessons' medians: {statistics.median(ms):.2f} ms per lesson board "
          f"(slowest lesson {max(ms):.2f} ms); against a plain roll: "
          f"{statistics.median(r['ms'] / r['plain_ms'] for r in rows):.0f}x")
    print(f"- planted: {sum(r['planted'] for r in rows) / sum(r['words'] for r in rows):.1%} of the words")
    print(f"- words on the board, lesson / plain (median over lessons): "
          f"{statistics.median(r['lesson_count'] / max(1, r['plain_count']) for r in rows):.2f}")


if __name__ == "__main__":
    main()
