#!/usr/bin/env python3
"""Engine benchmarks: lexicon load cost, solver speed, deck playability.

Every figure is compared with a baseline measured in the same run and printed
as a ratio:
- lexicon: memory-mapped word graphs vs. plain frozensets of the same lists;
- solver: the word-graph walk vs. a per-word scan of the lexicon;
- playability: words the first 10 and 20 cards of a shuffled deck allow.

    python benchmarks/bench_engine.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from myword_edu.myword.cards import Card, shuffled, standard_deck  # noqa: E402
from myword_edu.lexicon.wordlist import load_lexicon, read_word_file  # noqa: E402
from myword_edu.myword.solver import words_on_table  # noqa: E402
from myword_edu.myword.spelling import best_spelling  # noqa: E402

_PROBE = r"""
import json, sys, time
def private_kib():
    fields = {}
    with open("/proc/self/smaps_rollup") as f:
        for line in f:
            parts = line.split()
            if parts[0] in ("Private_Clean:", "Private_Dirty:", "Pss:", "Rss:"):
                fields[parts[0][:-1]] = int(parts[1])
    return fields
sys.path.insert(0, %(root)r)
before = private_kib()
start = time.perf_counter()
if %(mode)r == "graph":
    from myword_edu.lexicon.wordlist import load_lexicon
    lexicons = [load_lexicon("en"), load_lexicon("es")]
    assert "casa" in lexicons[1] and "cat" in lexicons[0]
else:
    from myword_edu.lexicon.wordlist import read_word_file
    from myword_edu.core.text import fold
    from pathlib import Path
    folder = Path(%(root)r) / "wordlists"
    lexicons = [frozenset(fold(w) for w in read_word_file(folder / f"{l}.words.txt", "wordlist")) for l in ("en", "es")]
    assert "casa" in lexicons[1] and "cat" in lexicons[0]
elapsed = time.perf_counter() - start
after = private_kib()
print(json.dumps({"seconds": elapsed,
                  "private_kib": (after["Private_Clean"] + after["Private_Dirty"]) - (before["Private_Clean"] + before["Private_Dirty"]),
                  "pss_kib": after["Pss"] - before["Pss"]}))
"""


def probe(mode: str, runs: int) -> dict[str, float]:
    results = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", _PROBE % {"root": str(ROOT), "mode": mode}],
            capture_output=True, text=True, check=True,
        )
        results.append(json.loads(out.stdout))
    return {key: statistics.median(r[key] for r in results) for key in results[0]}


def bench_load(runs: int) -> None:
    graph = probe("graph", runs)
    plain = probe("frozenset", max(1, runs // 2))
    print("## Lexicon load (import + both lexicons, fresh process, median)")
    print(f"word graph (mmap): {graph['seconds'] * 1000:7.1f} ms  private {graph['private_kib'] / 1024:6.2f} MiB")
    print(f"frozensets       : {plain['seconds'] * 1000:7.1f} ms  private {plain['private_kib'] / 1024:6.2f} MiB")
    print(
        f"ratio: {plain['seconds'] / graph['seconds']:.0f}x faster, "
        f"{plain['private_kib'] / max(graph['private_kib'], 1):.0f}x less private memory"
    )


def scan_words(cards: list[Card], words: list[tuple[str, Counter]], min_cards: int) -> set[str]:
    """Baseline: check every word of the lexicon with a letter-count filter, then spell it."""
    have = Counter()
    wild_letters = 0
    for card in cards:
        if card.letters == "?":
            wild_letters += 1
        elif card.letters == "??":
            wild_letters += 2
        else:
            have.update(card.letters)
    found = set()
    for word, need in words:
        if len(word) < min_cards:
            continue
        missing = sum(n - have[ch] for ch, n in need.items() if n > have[ch])
        if missing > wild_letters:
            continue
        spelled = best_spelling(word, cards)
        if spelled is not None and len(spelled) >= min_cards:
            found.add(word)
    return found


def timed(fn, *args, **kwargs):
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    return time.perf_counter() - start, result


def bench_solver(lang: str, deals: int, scan_deals: int) -> None:
    lexicon = load_lexicon(lang)
    deck = standard_deck(lang)
    letters = [c for c in deck if not c.is_wild]
    words = [(w, Counter(w)) for w in lexicon]
    cases = {
        "16 cards, one ?": [shuffled(letters, s)[:15] + [Card("?")] for s in range(deals)],
        "24 cards, ? ? ?? (worst)": [
            shuffled(letters, s)[:21] + [Card("?"), Card("?"), Card("??")] for s in range(max(3, deals // 10))
        ],
    }
    print(f"\n## Solver, {lang} ({len(lexicon)} words), min 3 cards")
    for name, tables in cases.items():
        graph_times, sizes = [], []
        for table in tables:
            seconds, found = timed(words_on_table, table, lexicon, min_cards=3)
            graph_times.append(seconds)
            sizes.append(len(found))
        scan_times = []
        # The scan is slow (seconds to minutes a table): a few tables give its median.
        scan_count = 1 if "worst" in name else scan_deals
        for table in tables[: max(1, min(scan_count, len(tables)))]:
            seconds, found = timed(scan_words, table, words, 3)
            assert found == words_on_table(table, lexicon, min_cards=3), "solver and scan disagree"
            scan_times.append(seconds)
        g, s = statistics.median(graph_times), statistics.median(scan_times)
        print(
            f"{name:26s}: graph walk median {g * 1000:8.1f} ms (max {max(graph_times) * 1000:.1f}), "
            f"per-word scan {s * 1000:8.1f} ms, ratio {s / g:5.1f}x; words found median {statistics.median(sizes):.0f}"
        )


def bench_playability(lang: str, deals: int) -> None:
    lexicon = load_lexicon(lang)
    deck = standard_deck(lang)
    print(f"\n## Deck playability, {lang}: words allowed by the first N cards (median of {deals} deals, min 3 cards)")
    for n in (10, 20):
        counts = []
        for seed in range(deals):
            table = shuffled(deck, seed)[:n]
            counts.append(sum(1 for w in words_on_table(table, lexicon, min_cards=3) if not lexicon.is_blocked(w)))
        quartiles = statistics.quantiles(counts, n=4)
        print(
            f"first {n:2d} cards: median {statistics.median(counts):6.0f} words "
            f"(quartiles {quartiles[0]:.0f}-{quartiles[2]:.0f}, deals with none: {sum(c == 0 for c in counts)})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer deals (a smoke run)")
    args = parser.parse_args()
    runs, deals, play = (3, 10, 50) if args.quick else (7, 50, 1000)
    bench_load(runs)
    for lang in ("en", "es"):
        bench_solver(lang, deals, scan_deals=3 if args.quick else 5)
    for lang in ("en", "es"):
        bench_playability(lang, play)


if __name__ == "__main__":
    main()
