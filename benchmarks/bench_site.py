"""The static site in the browser: time to interactive, bytes per visit, word lists' load time.

Run from the repository: ``.venv/bin/python benchmarks/bench_site.py [--runs 3] [--site DIR] [--compare]``.
Builds the site (``myword-edu build-site``, downloads cached) unless ``--site``
names one, serves it on 127.0.0.1 with a static server that counts what it
sends, and opens it in Debian's Chromium, each run with a fresh profile:

- *first visit*: empty cache and storage;
- *reload*: the same tab reloaded (the browser's cache revalidates with the server).

Time to interactive runs from navigation start to the first card on the table
with the loading screen gone. Bytes are the response bodies the server sent
(uncompressed: a host that gzips sends less). The word lists' load times are
measured inside the browser kernel. ``--compare`` also builds the site with
the wheels as PyPI ships them and times both, interleaved, as a ratio (the
byte-compiled wheels against that baseline). The goal for this machine is <= 12 s and
<= 30 MB per first visit; figures are printed, not asserted. The machine's
load average is printed too: other work on its 2 cores slows the kernel.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from myword_edu.site.serve import SiteServer  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]  # fmt: skip
READY = "window.myword && (window.myword.readyAt || window.myword.failed)"


def visit(page, server: SiteServer, *, reload: bool) -> dict:
    before, count = server.bytes_sent(), len(server.requests)
    if reload:
        page.reload()
    else:
        page.goto(server.url)
    page.wait_for_function(READY, timeout=180_000)
    state = page.evaluate("window.myword")
    if state["failed"]:
        raise RuntimeError(f"the site failed to start: {state['failed']}")
    frame = next(f for f in page.frames if "/repl/" in f.url)
    info = frame.eval_on_selector(".myword-site-info", "e => ({...e.dataset})")
    return {
        "tti": state["readyAt"] / 1000,
        "bytes": server.bytes_sent() - before,
        "requests": len(server.requests) - count,
        "en_ms": float(info["lexiconEnMs"]),
        "es_ms": float(info["lexiconEsMs"]),
        "python_ms": float(info["pythonStartMs"]),
    }


def measure(p, server: SiteServer) -> tuple[dict, dict]:
    """A first visit and a reload, with a fresh profile on disk (as a student's browser has:
    an in-memory profile does not keep Pyodide's 9.6 MB runtime in its cache)."""
    with tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS, viewport={"width": 1366, "height": 768}
        )
        page = context.new_page()
        first = visit(page, server, reload=False)
        again = visit(page, server, reload=True)
        context.close()
    return first, again


def med(rows: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in rows)


def table(name: str, first: list[dict], again: list[dict]) -> None:
    print(f"\n{name} (median of {len(first)} runs){'first visit':>{48 - len(name)}}{'reload':>12}")
    print(f"{'time to interactive (s)':<34}{med(first, 'tti'):>14.1f}{med(again, 'tti'):>12.1f}")
    print(f"{'bytes downloaded (MB)':<34}{med(first, 'bytes') / 1e6:>14.1f}{med(again, 'bytes') / 1e6:>12.2f}")
    print(f"{'requests':<34}{med(first, 'requests'):>14.0f}{med(again, 'requests'):>12.0f}")
    print(f"{'English word list load (ms)':<34}{med(first, 'en_ms'):>14.1f}{med(again, 'en_ms'):>12.1f}")
    print(f"{'Spanish word list load (ms)':<34}{med(first, 'es_ms'):>14.1f}{med(again, 'es_ms'):>12.1f}")
    print(f"{'app start in Python (ms)':<34}{med(first, 'python_ms'):>14.1f}{med(again, 'python_ms'):>12.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=None, help="a built site (default: build one now)")
    parser.add_argument(
        "--compare", action="store_true",
        help="also build the site with the wheels as PyPI ships them (not byte-compiled) and time both, interleaved",
    )  # fmt: skip
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        sites: dict[str, Path] = {}
        if args.site is not None:
            sites["site"] = args.site
        else:
            from myword_edu.site import build_site

            started = time.monotonic()
            manifest = build_site(Path(tmp) / "site")
            sites["site"] = Path(tmp) / "site"
            print(f"build: {time.monotonic() - started:.1f} s, {manifest['files']} files, "
                  f"{manifest['bytes'] / 1e6:.1f} MB on disk")  # fmt: skip
        if args.compare:
            from myword_edu.site import build_site

            build_site(Path(tmp) / "plain", byte_compile=False)
            sites["wheels not compiled (baseline)"] = Path(tmp) / "plain"
        results: dict[str, tuple[list[dict], list[dict]]] = {name: ([], []) for name in sites}
        with sync_playwright() as p:
            for run in range(args.runs):
                for name, folder in sites.items():
                    with SiteServer(folder) as server:
                        first, again = measure(p, server)
                    results[name][0].append(first)
                    results[name][1].append(again)
                    print(f"run {run + 1} {name}: first visit {first['tti']:.1f} s, {first['bytes'] / 1e6:.1f} MB; "
                          f"reload {again['tti']:.1f} s, {again['bytes'] / 1e6:.2f} MB; "
                          f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip

    for name, (first, again) in results.items():
        table(name, first, again)
    main_first, main_again = results["site"]
    print(f"\nreload / first visit: {med(main_again, 'tti') / med(main_first, 'tti'):.2f} of the time; "
          "goal: <= 12 s and <= 30 MB per first visit")
    if args.compare:
        base_first, base_again = results["wheels not compiled (baseline)"]
        print(f"byte-compiled / baseline: first visit {med(main_first, 'tti') / med(base_first, 'tti'):.2f} of the time, "
              f"{med(main_first, 'bytes') / med(base_first, 'bytes'):.2f} of the bytes; "
              f"reload {med(main_again, 'tti') / med(base_again, 'tti'):.2f} of the time")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
