"""Time to the first card in the browser (cold kernel vs preheated) and a kernel's memory.

Run from the repository: ``.venv/bin/python benchmarks/bench_app.py [--runs 3]``.
Starts ``myword-edu serve`` twice on free ports (``--pool 0``: every page
starts its own kernel; default: one preheated kernel waiting), opens the app
in Debian's Chromium, and times navigation to the first ``.myword-card`` on
screen. Memory is read from ``/proc/<pid>/smaps_rollup`` of the kernel that
serves an open page. Figures are printed; the preheated time is also given as a
ratio of the cold time measured in the same run (no absolute limits).
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

from myword_edu.server.kernel import LAUNCHER

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]  # fmt: skip


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        time.sleep(0.05)


def start_server(pool: int | None) -> tuple[subprocess.Popen, int, Path]:
    port = free_port()
    log = Path(f"/tmp/myword-bench-{port}.log")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    env.pop("QUERY_STRING", None)
    command = [sys.executable, "-m", "myword_edu", "serve", "--no-browser", "--port", str(port)]
    if pool is not None:
        command += ["--pool", str(pool)]
    process = subprocess.Popen(command, cwd=REPO, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT,
                               start_new_session=True)  # fmt: skip
    wait_for(lambda: "Open this link" in log.read_text(), 120, "server start")
    if pool != 0:  # (the server's own log goes to its log file: count the kernels of the four pages' pools)
        wait_for(lambda: len(kernel_pids(process.pid)) >= 4 * (pool or 1), 180, "kernel pool")
    return process, port, log


def stop_server(process: subprocess.Popen) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)


def processes() -> dict[int, tuple[int, str]]:
    """Every process on the machine: pid -> (parent pid, command line)."""
    out = subprocess.run(["ps", "-e", "-o", "pid=,ppid=,args="], capture_output=True, text=True).stdout
    table = {}
    for line in out.splitlines():
        pid, ppid, args = (line.split(None, 2) + [""])[:3]
        table[int(pid)] = (int(ppid), args)
    return table


def is_kernel(args: str) -> bool:
    """Is this command line a page's kernel (Voila's stock one, or ``myword-edu serve``'s)?"""
    return "ipykernel_launcher" in args or LAUNCHER in args


def kernel_pids(server_pid: int) -> list[int]:
    children: dict[int, list[tuple[int, str]]] = {}
    for pid, (ppid, args) in processes().items():
        children.setdefault(ppid, []).append((pid, args))
    found, stack = [], [server_pid]
    while stack:
        for pid, args in children.get(stack.pop(), []):
            stack.append(pid)
            if is_kernel(args):
                found.append(pid)
    return found


def cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def wait_idle(pids: list[int], quiet: float = 1.0, timeout: float = 120) -> None:
    """Wait until the kernels have used no CPU for ``quiet`` seconds (the notebook ran up to the request)."""
    deadline = time.monotonic() + timeout
    last = [cpu_ticks(p) for p in pids]
    since = time.monotonic()
    while time.monotonic() - since < quiet:
        if time.monotonic() > deadline:
            raise TimeoutError("kernels never went idle")
        time.sleep(0.1)
        now = [cpu_ticks(p) for p in pids]
        if now != last:
            last, since = now, time.monotonic()


def memory_mib(pid: int) -> dict[str, float]:
    text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    values = {k: int(v) / 1024 for k, v in re.findall(r"^(\w+):\s+(\d+) kB", text, re.M)}
    return {
        "rss": values["Rss"],
        "pss": values["Pss"],
        "private": values.get("Private_Clean", 0) + values.get("Private_Dirty", 0),
    }


def measure(pool: int | None, runs: int, browser) -> tuple[list[float], list[dict[str, float]]]:
    times, memories = [], []
    for run in range(runs):
        process, port, log = start_server(pool)
        try:
            if pool != 0:  # the pool is full and has run the notebook: the next page gets a warm kernel
                wait_for(lambda: len(kernel_pids(process.pid)) >= (pool or 1), 60, "pool kernel")
                wait_idle(kernel_pids(process.pid))
            context = browser.new_context(viewport={"width": 1366, "height": 768})
            page = context.new_page()
            start = time.monotonic()
            page.goto(f"http://localhost:{port}/voila/render/myword.ipynb?seed={run}&bots=2&pace=1.5", wait_until="commit")
            page.wait_for_selector(".myword-table .myword-card", timeout=120_000)
            times.append(time.monotonic() - start)
            page.wait_for_function("document.querySelectorAll('.myword-table .myword-card').length >= 5", timeout=60_000)
            pids = kernel_pids(process.pid)
            # The kernel serving the page: the one with the most memory (a refilled pool kernel is younger).
            memories.append(max((memory_mib(pid) for pid in pids), key=lambda m: m["rss"]))
            context.close()
        finally:
            stop_server(process)
    return times, memories


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        cold, cold_mem = measure(0, args.runs, browser)
        warm, warm_mem = measure(None, args.runs, browser)
        browser.close()
    cold_median, warm_median = statistics.median(cold), statistics.median(warm)
    print(f"time to first card, cold kernel (--pool 0):  median {cold_median:.2f} s  runs {[round(t, 2) for t in cold]}")
    print(f"time to first card, preheated (pool of 1):   median {warm_median:.2f} s  runs {[round(t, 2) for t in warm]}")
    print(f"preheated / cold: {warm_median / cold_median:.2f}")
    for label, mems in (("cold", cold_mem), ("preheated", warm_mem)):
        rss = statistics.median(m["rss"] for m in mems)
        pss = statistics.median(m["pss"] for m in mems)
        private = statistics.median(m["private"] for m in mems)
        print(f"kernel memory ({label}, page open, 2 robots): RSS {rss:.0f} MiB, PSS {pss:.0f} MiB, private {private:.0f} MiB")


if __name__ == "__main__":
    main()
