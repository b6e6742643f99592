"""Class start: N students open the link at once (the app's pages against a one-button Voila page).

Run from the repository: ``.venv/bin/python benchmarks/bench_class_start.py [--sizes 10 30] [--rounds 3]``.

For each class size N and each page (the MyWord! student app, the Boggle page,
the live-room join page) it starts a fresh ``myword-edu serve``, opens N pages
of that page at once in one Chromium (one browser context each, like N
Chromebooks) and times each page from navigation to its first usable control.
In the same run, the same N pages of a one-button Voila notebook, served by
Voila with the same ``voila.json`` (kernel pool, culling), are the baseline:
the browsers and kernels share one machine, so only the ratios mean anything.
It prints, per page and N: median and maximum time, their ratios to the
baseline's, pages that never got ready, and the private memory of every kernel
(``Private_Clean + Private_Dirty`` of ``/proc/<pid>/smaps_rollup``) with all
pages open. With ``--rounds R`` every page is measured R times, each round after
its own plain page, and the figures pool the rounds (one run's medians vary by
a quarter on this machine); each round's ratio is printed too.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_app import (ARGS, CHROMIUM, REPO, cpu_ticks, free_port, is_kernel, kernel_pids, memory_mib, processes,  # noqa: E402
                       stop_server, wait_for, wait_idle)

#: page name -> (path and query, CSS selector of its first usable control)
PAGES = {
    "myword": ("myword.ipynb?seed={i}&bots=2&pace=1.5", ".myword-table .myword-card"),
    "boggle": ("boggle.ipynb?seed={i}&bots=1&level=easy", ".boggle-grid .boggle-cube"),
    "room": ("room.ipynb", ".myword-room-code input"),
    "plain": ("plain.ipynb", ".plain-button"),
}
PLAIN_NOTEBOOK = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "plain", "metadata": {}, "outputs": [],
               "source": ["import ipywidgets as w\n", "w.Button(description='Hello', _dom_classes=['plain-button'])"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}  # fmt: skip
READY_TIMEOUT_S = 300

try:
    from playwright.sync_api import Error as PlaywrightError
except ImportError:  # (the benchmark says so when it starts)
    PlaywrightError = Exception  # type: ignore[misc, assignment]


@dataclass
class Result:
    page: str
    size: int
    times: list[float]
    failed: int
    kernels: int
    private_mib: list[float]
    cpu: dict[str, float]  # CPU seconds used from the first navigation to the last page ready, by process group
    reloads: int  # pages that reloaded themselves (the template's retry once nothing arrives for 90 s)


def cpu_by_group(server_pid: int) -> dict[str, float]:
    """CPU seconds used so far by the server, its kernels and this benchmark's Chromium (live processes)."""
    table = processes()
    groups = {"server": 0, "kernels": 0, "chromium": 0}

    def descends(pid: int, root: int) -> bool:
        while pid > 1:
            if pid == root:
                return True
            pid = table.get(pid, (1, ""))[0]
        return False

    for pid, (_ppid, args) in table.items():
        if pid == server_pid:
            group = "server"
        elif descends(pid, server_pid) and is_kernel(args):
            group = "kernels"
        elif "chromium" in args and descends(pid, os.getpid()):
            group = "chromium"
        else:
            continue
        try:
            groups[group] += cpu_ticks(pid)
        except (OSError, ValueError):
            pass
    tick = os.sysconf("SC_CLK_TCK")
    return {k: v / tick for k, v in groups.items()}


#: the app's page -> the ``--class-page`` that keeps kernels ready for it
CLASS_PAGES = {"myword": "practice", "boggle": "boggle", "room": "room"}


def _start(page: str, workdir: Path, class_size: int = 0) -> tuple[subprocess.Popen, int]:
    """``myword-edu serve`` for the app's pages; Voila with the app's voila.json for the plain page."""
    from myword_edu.cli import CONFIG_DIR, kernel_environment

    port = free_port()
    log = workdir / f"{page}-{port}.log"
    env = kernel_environment({k: v for k, v in os.environ.items() if k != "QUERY_STRING"})
    env["MYWORD_EDU_DB"] = str(workdir / f"{page}-{port}.db")
    if page == "plain":
        folder = workdir / "plain"
        folder.mkdir(exist_ok=True)
        (folder / "plain.ipynb").write_text(json.dumps(PLAIN_NOTEBOOK))
        command = [sys.executable, "-m", "voila", str(folder), "--no-browser", f"--port={port}",
                   f"--Voila.config_file_paths={CONFIG_DIR}"]  # fmt: skip
        ready, pools = "is filled with", max(1, class_size)
        if class_size:  # (and replaced after the same delay as myword-edu serve's)
            from myword_edu.cli import REFILL_DELAY_S

            command += [f"--VoilaConfiguration.default_pool_size={class_size}",
                        f"--VoilaKernelManager.fill_delay={REFILL_DELAY_S}"]
    else:  # (its own log goes to its log file; the console says when it listens)
        command = [sys.executable, "-m", "myword_edu", "serve", "--no-browser", "--port", str(port)]
        ready, pools = "Open this link", 4  # a kernel ready for each of the four pages
        if class_size:  # the class's page keeps class_size ready, the others one each (the teacher's too)
            command += ["--class-size", str(class_size), "--class-page", CLASS_PAGES[page]]
            pools = class_size + 3
    process = subprocess.Popen(command, cwd=REPO, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT,
                               start_new_session=True)  # fmt: skip
    wait_for(lambda: ready in log.read_text(errors="replace"), 180, f"{page} server start")
    wait_for(lambda: len(kernel_pids(process.pid)) >= pools, 600, f"{page} kernel pool")
    wait_idle(kernel_pids(process.pid), timeout=600)
    return process, port


#: Put in every page before its own scripts: the moment (ms since the epoch, the page's clock) its first
#: usable control appeared, so the benchmark need not ask each tab twenty times a second (which cost Chromium
#: CPU in proportion to the wait, on the machine the kernels share).
READY_SCRIPT = """selector => {
  const seen = () => {
    if (window.__mywordReady || !document.querySelector(selector)) return;
    window.__mywordReady = performance.timeOrigin + performance.now();
    observer.disconnect();
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, {childList: true, subtree: true});
}"""


def _ready_at(tab, selector: str) -> float | None:
    """When the tab's first usable control appeared (seconds since the epoch), or None while it has not.

    The page's own note, else now if the control is there (the note was missed on 3 pages in about 300
    that showed their control: those are timed to this poll, at most 0.5 s late)."""
    try:
        at = tab.evaluate("""selector => window.__mywordReady
            || (document.querySelector(selector) ? performance.timeOrigin + performance.now() : 0)""", selector)
    except PlaywrightError:  # the page is between two documents (it is still navigating)
        return None
    return at / 1000 if at else None


def _what_it_shows(tab, selector: str) -> str:
    """A page that never got ready: what is on it (for the benchmark's report)."""
    try:
        return json.dumps(tab.evaluate("""selector => ({
            url: location.pathname + location.search, state: document.readyState,
            control: !!document.querySelector(selector), app: !!document.querySelector(".myword-shown"),
            loading: !!document.getElementById("loading"), widgets: document.querySelectorAll(".jp-OutputArea *").length,
            note: (document.querySelector(".myword-start-note") || {}).textContent || "",
            text: document.body ? document.body.innerText.slice(0, 200) : ""})""", selector))
    except PlaywrightError as error:
        return f"(cannot read the page: {error})"


def run_class(browser, page: str, size: int, workdir: Path, class_size: int = 0) -> Result:
    path, selector = PAGES[page]
    process, port = _start(page, workdir, class_size)
    waiting = sorted(round(memory_mib(pid)["private"], 1) for pid in kernel_pids(process.pid))
    print(f"  {page}: {len(waiting)} kernels ready before the class, {sum(waiting):.0f} MiB private in all "
          f"(median {statistics.median(waiting):.0f})", file=sys.stderr, flush=True)
    contexts = [browser.new_context(viewport={"width": 1366, "height": 768}) for _ in range(size)]
    try:
        for context in contexts:
            context.add_init_script(f"({READY_SCRIPT})({json.dumps(selector)})")
        tabs = [context.new_page() for context in contexts]
        loads = [0] * size
        for i, tab in enumerate(tabs):
            tab.on("load", lambda _p, i=i: loads.__setitem__(i, loads[i] + 1))
        cpu_before = cpu_by_group(process.pid)
        started, started_at = time.monotonic(), time.time()
        for i, tab in enumerate(tabs):  # every tab asks at once (a goto would wait for each page's first byte)
            tab.evaluate("url => { window.location.href = url; }", f"http://localhost:{port}/voila/render/{path.format(i=i)}")
        ready: dict[int, float] = {}
        deadline = started + READY_TIMEOUT_S
        while len(ready) < size and time.monotonic() < deadline:
            for i, tab in enumerate(tabs):
                if i not in ready and (at := _ready_at(tab, selector)) is not None:
                    ready[i] = at - started_at
            time.sleep(0.5)
        cpu_after = cpu_by_group(process.pid)
        for i, tab in enumerate(tabs):
            if i not in ready:
                print(f"  {page} x{size}: page {i} not ready after {READY_TIMEOUT_S} s: {_what_it_shows(tab, selector)}",
                      file=sys.stderr, flush=True)  # fmt: skip
        pids = kernel_pids(process.pid)
        private = sorted(round(memory_mib(pid)["private"], 1) for pid in pids)
        cpu = {k: cpu_after[k] - cpu_before[k] for k in cpu_after}
        return Result(page, size, sorted(ready.values()), size - len(ready), len(pids), private, cpu,
                      sum(n > 1 for n in loads))
    finally:
        for context in contexts:
            context.close()
        stop_server(process)


def pooled(results: list[Result], page: str, size: int) -> Result:
    """One page's rounds together: every page's time, memory and reloads, CPU per page over all rounds."""
    rows = [r for r in results if r.page == page and r.size == size]
    cpu = {k: sum(r.cpu[k] for r in rows) / len(rows) for k in rows[0].cpu}
    return Result(page, size, sorted(t for r in rows for t in r.times), sum(r.failed for r in rows),
                  max(r.kernels for r in rows), sorted(m for r in rows for m in r.private_mib), cpu,
                  sum(r.reloads for r in rows))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 30])
    parser.add_argument("--rounds", type=int, default=1,
                        help="measure every page this many times, in turn with the plain page (the figures pool them)")
    parser.add_argument("--class-size", type=int, default=0,
                        help="serve with --class-size N for the page measured (the plain page: a pool of N)")
    parser.add_argument("--pages", nargs="+", default=["myword", "boggle", "room"], choices=[p for p in PAGES if p != "plain"])
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    results: list[Result] = []
    rounds: dict[tuple[str, int], list[float]] = {}  # (page, size) -> each round's median / that round's plain median
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for size in args.sizes:
            for n in range(args.rounds):
                plain_median = float("nan")
                for page in ["plain", *args.pages]:
                    result = run_class(browser, page, size, Path(tmp), args.class_size)
                    results.append(result)
                    median = statistics.median(result.times) if result.times else float("nan")
                    plain_median = median if page == "plain" else plain_median
                    rounds.setdefault((page, size), []).append(median / plain_median)
                    print(f"  {page} x{size} (round {n + 1}): ready {len(result.times)}/{size}, median {median:.1f} s",
                          file=sys.stderr, flush=True)  # fmt: skip
        browser.close()
    print("| page | students | ready | median s | max s | median / plain | max / plain | each round's median / plain "
          "| kernels | kernel private MiB (median / max) | CPU s per page: server / kernels / Chromium | reloaded |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for size in args.sizes:
        plain = pooled(results, "plain", size)
        for r in (pooled(results, page, size) for page in ["plain", *args.pages]):
            med = statistics.median(r.times) if r.times else float("nan")
            top = max(r.times) if r.times else float("nan")
            pmed, ptop = statistics.median(plain.times), max(plain.times)
            mem = f"{statistics.median(r.private_mib):.0f} / {max(r.private_mib):.0f}" if r.private_mib else "-"
            cpu = " / ".join(f"{r.cpu[k] / size:.2f}" for k in ("server", "kernels", "chromium"))
            each = ", ".join(f"{x:.2f}" for x in rounds[(r.page, size)])
            print(f"| {r.page} | {size} | {len(r.times)}/{size * args.rounds} | {med:.1f} | {top:.1f} | {med / pmed:.2f} "
                  f"| {top / ptop:.2f} | {each} | {r.kernels} | {mem} | {cpu} | {r.reloads} |")  # fmt: skip


if __name__ == "__main__":
    main()
