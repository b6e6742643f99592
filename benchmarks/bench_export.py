#!/usr/bin/env python3
"""Export benchmarks: the .xlsx workbook against the two CSV files of the same tables.

A class of 30 students with 200 calls each (6,000 attempts), built in memory.
Printed as ratios against a baseline measured in the same run:
- build time: the workbook (both sheets) vs. the two CSV files;
- size: the workbook's bytes vs. the two CSV files' bytes;
- import cost: loading XlsxWriter (paid only when a workbook is built) vs. loading ``myword_edu.classroom.export``.

    python benchmarks/bench_export.py [--quick]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from myword_edu.classroom.export import attempts_rows, summary_rows, to_csv, to_xlsx, workbook_sheets  # noqa: E402
from myword_edu.classroom.attempts import Attempt, Outcome  # noqa: E402
from myword_edu.classroom.progress import StudentProgress, focus_progress  # noqa: E402

NAMES = ["Lucía", "Begoña", "Zoë", "Ñandú", "Íñigo", "Ana", "Ben", "Chloé", "Dário", "Eun-ji"]


def class_data(students: int, calls: int) -> tuple[list[Attempt], list[StudentProgress]]:
    start = datetime(2026, 3, 2, 9, 0)
    attempts = []
    for s in range(students):
        name = f"{NAMES[s % len(NAMES)]} {s}"
        for c in range(calls):
            ok = c % 3 != 0
            attempts.append(Attempt(s + 1, f"g{s}", 1 + c // 50, "camión", "camion", "camión",
                                    "C A M I Ó N" if ok else "", 6 if ok else 0,
                                    Outcome.ACCEPTED if ok else Outcome.REFUSED, None if ok else "not_a_word",
                                    6 if ok else 0, 0 if ok else 1, 3, "es", "es-5-tildes", "camión",
                                    at=start + timedelta(seconds=7 * c + s), id=len(attempts) + 1, student=name))  # fmt: skip
    progress = [StudentProgress(s + 1, f"{NAMES[s % len(NAMES)]} {s}", calls, calls * 2 // 3, calls * 4, calls * 7.0,
                                start + timedelta(seconds=7 * calls)) for s in range(students)]  # fmt: skip
    return attempts, progress


def best_of(runs: int, build) -> tuple[float, int]:
    times, size = [], 0
    for _ in range(runs):
        t0 = time.perf_counter()
        size = build()
        times.append(time.perf_counter() - t0)
    return min(times), size


def import_seconds(module: str, runs: int) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    return statistics.median(
        float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout)
        for _ in range(runs)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smaller class and fewer runs")
    args = parser.parse_args()
    students, calls, runs = (10, 50, 2) if args.quick else (30, 200, 5)
    attempts, progress = class_data(students, calls)

    def csv_files() -> int:
        return len(to_csv(attempts_rows(attempts, "es"))) + len(to_csv(summary_rows(progress, focus_progress(attempts), "es")))

    def workbook() -> int:
        return len(to_xlsx(workbook_sheets(attempts, progress, "es")))

    to_xlsx([("warm-up", [["x"]])])  # the one-time import, measured apart below
    csv_s, csv_bytes = best_of(runs, csv_files)
    xlsx_s, xlsx_bytes = best_of(runs, workbook)
    print(f"{len(attempts)} attempts, {students} students")
    print(f"build: CSV files {csv_s * 1000:.0f} ms, workbook {xlsx_s * 1000:.0f} ms: ratio {xlsx_s / csv_s:.1f}x")
    print(f"size: CSV files {csv_bytes / 1024:.0f} KiB, workbook {xlsx_bytes / 1024:.0f} KiB: ratio {xlsx_bytes / csv_bytes:.2f}x")
    base = import_seconds("myword_edu.classroom.export", runs)
    lib = import_seconds("xlsxwriter", runs)
    print(f"import: myword_edu.classroom.export {base * 1000:.0f} ms, xlsxwriter {lib * 1000:.0f} ms: ratio {lib / base:.2f}x")


if __name__ == "__main__":
    main()
