#!/usr/bin/env python3
"""Boggle solver benchmark: the word-graph walk against two baselines in the same run.

- **graph walk** (:func:`myword_edu.boggle.solver.solve`): the lexicon's word
  graph with a letter mask per node, walked with the board;
- **dict trie**: a plain trie of nested dicts (one dict per node), walked with
  the board the usual way (each neighbour looked up in the node's dict);
- **per-word scan**: every word of the list whose letters the board has, traced
  on the board one by one.

Each board is solved 3 times and its best time kept (the machine is shared);
the figure is the median over the boards. Also printed: the size of each
lexicon structure, the time to build the graph walk's copy, the Spanish list,
and, if ``/work/shared/data/enable2k.txt`` (or ``--enable2k PATH``) is present,
solve times on ENABLE2K and the published check: P E R S / L A T G / S I N E /
T E R S holds 1,045 words worth 3,625 points on ENABLE2K.

Last, a board built to be slow (fifteen A's and a B bonus cube, a list of words
of A's): the first-path search (:meth:`Board.find_path`, which ``play`` uses)
against enumerating every path (what ``uses_bonus`` did: 19 s for 12 letters),
and :func:`solve` (which changes method past its step budget) against the
path-by-path walk with no budget.

    python benchmarks/bench_boggle.py [--boards 300] [--quick]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
import tracemalloc
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from myword_edu.lexicon.dawg import WordGraph  # noqa: E402
import myword_edu.boggle.solver as boggle_solver  # noqa: E402
from myword_edu.boggle.board import Board  # noqa: E402
from myword_edu.boggle.round import Round  # noqa: E402
from myword_edu.boggle.scoring import score_word  # noqa: E402
from myword_edu.boggle.paths import neighbours  # noqa: E402
from myword_edu.boggle.solver import _compile, boggle_graph, solve  # noqa: E402
from myword_edu.lexicon.wordlist import Lexicon, load_lexicon  # noqa: E402

ENABLE2K = Path("/work/shared/data/enable2k.txt")
BEST_BOARD = "P E R S / L A T G / S I N E / T E R S"


def build_trie(words) -> dict:
    root: dict = {}
    for word in words:
        node = root
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = word
    return root


def solve_dict_trie(board: Board, trie: dict, min_length: int) -> set[str]:
    """Baseline: the textbook trie walk (a dict per node, each neighbour looked up)."""
    faces = board.cells
    around = neighbours(board.height, board.width)
    found: set[str] = set()

    def dfs(cell: int, node: dict, used: int) -> None:
        word = node.get("")
        if word is not None and len(word) >= min_length:
            found.add(word)
        for nb in around[cell]:
            if used >> nb & 1:
                continue
            child = node
            for ch in faces[nb]:
                child = child.get(ch)
                if child is None:
                    break
            else:
                dfs(nb, child, used | 1 << nb)

    for cell, face in enumerate(faces):
        node = trie
        for ch in face:
            node = node.get(ch)
            if node is None:
                break
        else:
            dfs(cell, node, 1 << cell)
    return found


def solve_scan(board: Board, words: list[tuple[str, Counter]], min_length: int) -> set[str]:
    """Baseline: every word whose letters the board has, traced on the board."""
    have = Counter("".join(board.cells))
    found = set()
    for word, need in words:
        if len(word) >= min_length and all(have[ch] >= n for ch, n in need.items()):
            if next(board.paths(word), None) is not None:
                found.add(word)
    return found


def best_of(runs: int, fn, *args) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = fn(*args)
        best = min(best, time.perf_counter() - start)
    return best, result


def size_of(make) -> tuple[int, object]:
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    made = make()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return after - before, made


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.3f} ms"


def bench_english(boards: list[Board], scan_boards: int) -> float:
    lexicon = load_lexicon("en")
    words = list(lexicon)
    start = time.perf_counter()
    _compile(lexicon.graph.arr)
    compile_s = time.perf_counter() - start
    graph_bytes, _ = size_of(lambda: boggle_graph(lexicon))
    trie_bytes, trie = size_of(lambda: build_trie(words))
    print(f"## English list ({len(words)} words), {len(boards)} boards ({boards[0].height}x{boards[0].width})")
    print(f"structure: graph walk copy {graph_bytes / 1e6:.2f} MB (built in {compile_s * 1000:.0f} ms, once per process); "
          f"dict trie {trie_bytes / 1e6:.1f} MB ({trie_bytes / graph_bytes:.0f}x larger)")  # fmt: skip
    graph_t, trie_t, counts = [], [], []
    for board in boards:
        g, found = best_of(3, solve, board, lexicon)
        t, expected = best_of(3, solve_dict_trie, board, trie, board.min_length)
        assert found == expected, f"graph walk and dict trie disagree on {board}"
        graph_t.append(g)
        trie_t.append(t)
        counts.append(len(found))
    scan = [(w, Counter(w)) for w in words]
    scan_t = []
    for board in boards[:scan_boards]:
        s, expected = best_of(1, solve_scan, board, scan, board.min_length)
        assert solve(board, lexicon) == expected, f"graph walk and scan disagree on {board}"
        scan_t.append(s)
    g, t, s = statistics.median(graph_t), statistics.median(trie_t), statistics.median(scan_t)
    print(f"graph walk    : median {ms(g)}  (90th percentile {ms(sorted(graph_t)[len(graph_t) * 9 // 10])})")
    print(f"dict trie     : median {ms(t)}  ratio {t / g:5.2f}x")
    print(f"per-word scan : median {ms(s)}  ratio {s / g:5.0f}x  ({len(scan_t)} boards)")
    print(f"words per board: median {statistics.median(counts):.0f}")
    return g


def bench_spanish(boards: int) -> None:
    lexicon = load_lexicon("es")
    graph_bytes, _ = size_of(lambda: boggle_graph(lexicon))
    times, counts = [], []
    for seed in range(boards):
        board = Board.roll("es", seed=seed)
        t, found = best_of(3, solve, board, lexicon)
        times.append(t)
        counts.append(len(found))
    print(f"\n## Spanish list ({len(lexicon)} words), dice 'es', {boards} boards")
    print(f"graph walk copy {graph_bytes / 1e6:.2f} MB; solve median {ms(statistics.median(times))}; "
          f"words per board median {statistics.median(counts):.0f}")  # fmt: skip


def bench_enable2k(path: Path, boards: list[Board], english_median: float) -> None:
    words = [w.strip() for w in path.read_text().split() if w.strip()]
    start = time.perf_counter()
    graph = WordGraph.from_words(words)
    built = time.perf_counter() - start
    compact_bytes, _ = size_of(lambda: boggle_graph(graph))
    times = [best_of(3, solve, board, graph)[0] for board in boards]
    best = Board.from_string(BEST_BOARD)
    found = solve(best, graph)
    points = sum(score_word(w) for w in found)
    best_t = best_of(5, solve, best, graph)[0]
    print(f"\n## ENABLE2K ({len(words)} words; word graph built in {built:.1f} s, walk copy {compact_bytes / 1e6:.2f} MB)")
    print(f"solve median {ms(statistics.median(times))} over the same boards "
          f"({statistics.median(times) / english_median:.2f}x the English list)")  # fmt: skip
    status = "matches" if (len(found), points) == (1045, 3625) else "DOES NOT MATCH"
    print(f"{BEST_BOARD}: {len(found)} words, {points} points ({status} the published 1,045 words / 3,625 points); "
          f"solved in {ms(best_t)}")  # fmt: skip


def bench_one_letter_board(quick: bool) -> None:
    board = Board.from_string("A A A A / A A A A / A A A A / A A A B*")  # no word of A's can use the bonus cube
    print(f"\n## A board built to be slow: {board}")
    longest_old = 8 if quick else 10
    for letters in (6, 8, 10, 12, 15):
        word = "a" * letters
        new, found = best_of(3, lambda: board.find_path(word, through=board.bonus))
        assert found is None
        line = f"{letters:2d} A's through the bonus cube: first-path search {ms(new)}"
        if letters <= longest_old:
            old, used = best_of(1, lambda: any(board.bonus in p for p in board.paths(word)))
            assert not used
            line += f"; every path {ms(old)}  ratio {old / new:8.0f}x"
        else:
            line += "; every path: not run (19 s for 12 A's in the audit)"
        print(line)
    lexicon = Lexicon.from_words(["a" * k for k in range(3, 16)], blocked=[])
    play_t, play = best_of(3, lambda: Round(board, lexicon, ["Ana"]).play("Ana", "a" * 12))
    assert play.accepted and not play.bonus
    print(f"play('aaaaaaaaaaaa') on it, with a list of words of 3 to 15 A's: {ms(play_t)}")
    new, found = best_of(3, solve, board, lexicon, 3)
    assert len(found) == 13
    short = Lexicon.from_words(["a" * k for k in range(3, 8 if quick else 10)], blocked=[])
    budget = boggle_solver.WALK_BUDGET
    boggle_solver.WALK_BUDGET = 10**12  # the path-by-path walk with no budget: the old solver
    try:
        old, expected = best_of(1, solve, board, short, 3)
    finally:
        boggle_solver.WALK_BUDGET = budget
    new_short, found_short = best_of(3, solve, board, short, 3)
    assert found_short == expected
    print(f"solve, words of 3 to {len(max(short, key=len))} A's: {ms(new_short)}; path-by-path with no budget "
          f"{ms(old)}  ratio {old / new_short:6.0f}x; words of 3 to 15 A's: {ms(new)}")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Boggle solver benchmark")
    parser.add_argument("--boards", type=int, default=300)
    parser.add_argument("--dice", default="new", help="dice set for the English boards (default: new)")
    parser.add_argument("--enable2k", type=Path, default=ENABLE2K)
    parser.add_argument("--quick", action="store_true", help="50 boards, fewer scans")
    args = parser.parse_args(argv)
    count = 50 if args.quick else args.boards
    boards = [Board.roll(args.dice, seed=seed) for seed in range(count)]
    english = bench_english(boards, scan_boards=5 if args.quick else 20)
    bench_spanish(max(20, count // 3))
    if args.enable2k.exists():
        bench_enable2k(args.enable2k, boards, english)
    else:
        print(f"\n(ENABLE2K not found at {args.enable2k}: skipped)")
    bench_one_letter_board(args.quick)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
