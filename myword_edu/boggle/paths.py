"""Tracing words on a Boggle grid: the paths of touching cubes (8 directions, no cube twice).

The grid is given as its faces row by row (folded: one letter or ``"qu"``) and
its width; :class:`myword_edu.boggle.board.Board` asks these searches for its paths.

>>> neighbours(2, 2)
((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))
>>> first_path(("c", "a", "t", "s"), 2, "cats"), sorted(all_paths(("c", "a", "t", "s"), 2, "at"))
((0, 1, 2, 3), [(1, 2)])
"""

from __future__ import annotations

import logging
from collections import Counter
from functools import lru_cache
from typing import Iterator

__all__ = ["PATH_STEPS", "neighbours", "all_paths", "first_path"]

log = logging.getLogger(__name__)

#: The most steps :func:`first_path` takes (each 10 to 150 microseconds, by the word's length).
#: On boards of dice a word of the shipped lists takes at most 14 (measured on 120 boards); only a
#: board built to be hard (two letters, a word of 20 or more) can need more, and past this bound
#: its word is taken as not on the board.
PATH_STEPS = 1_000


@lru_cache(maxsize=None)
def neighbours(height: int, width: int) -> tuple[tuple[int, ...], ...]:
    """For each cell (row by row), the cells around it (8 at most).

    >>> neighbours(2, 2)
    ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))
    """
    out = []
    for r in range(height):
        for c in range(width):
            out.append(
                tuple(
                    rr * width + cc
                    for rr in range(r - 1, r + 2)
                    for cc in range(c - 1, c + 2)
                    if (rr, cc) != (r, c) and 0 <= rr < height and 0 <= cc < width
                )
            )
    return tuple(out)


def all_paths(cells: tuple[str, ...], width: int, word: str) -> Iterator[tuple[int, ...]]:
    """Every path (cell indices) on a grid of ``cells`` (faces, row by row, ``width`` to a row) that spells
    the folded ``word``; the search skips cells from which the rest of the word cannot be spelled even with cubes reused.

    There can be very many (a word of A's on a board of A's has millions):
    to know whether a path exists, or one through a given cube, use
    :func:`first_path`, which stops at the first.
    """
    n = len(cells)
    have = Counter("".join(cells))
    if not word or any(have[ch] < k for ch, k in Counter(word).items()):
        return
    around = neighbours(n // width, width)
    # can[pos] = cells whose face starts word[pos:] and from which the rest can follow
    can: list[set[int]] = [set() for _ in range(len(word) + 1)]
    for pos in range(len(word) - 1, -1, -1):
        for c in range(n):
            face = cells[c]
            if word.startswith(face, pos):
                end = pos + len(face)
                if end == len(word) or any(nb in can[end] for nb in around[c]):
                    can[pos].add(c)
    path: list[int] = []

    def extend(pos: int) -> Iterator[tuple[int, ...]]:
        if pos == len(word):
            yield tuple(path)
            return
        for c in around[path[-1]] if path else range(n):
            if c in can[pos] and c not in path:
                path.append(c)
                yield from extend(pos + len(cells[c]))
                path.pop()

    yield from extend(0)


def first_path(cells: tuple[str, ...], width: int, word: str, through: int | None = None) -> tuple[int, ...] | None:
    """The first path (cell indices) on a grid of ``cells`` (faces, row by row, ``width`` to a row) that
    spells the folded ``word`` (and goes through the cell
    ``through``, if given), or None: an answer in milliseconds on any board.

    The search stops at the first path. At each step it goes on only to cubes
    from which the rest of the word (and the way through ``through``) can
    still follow on cubes not used yet, counted as if those could be reused
    (a bound worked out for all the letters left at once, on bitmasks), tries
    the cube with the fewest ways on first, and remembers the dead ends it
    has met (a dead end is the last cube and the set of cubes used). Finding
    a path is hard in general (a word of 30 A's and B's on a board of A's
    and B's): past :data:`PATH_STEPS` steps, never needed on boards of dice,
    the search gives up and answers None (logged as a warning).

    >>> cells = ("a",) * 8 + ("b",)
    >>> first_path(cells, 3, "aaaaaaaa"), first_path(cells, 3, "aaaaaaaa", through=8), first_path(cells, 3, "aaab", through=0)
    ((0, 1, 2, 5, 4, 3, 6, 7), None, (0, 1, 5, 8))
    """
    n, size = len(cells), len(word)
    have = Counter("".join(cells))
    if not word or any(have[ch] < k for ch, k in Counter(word).items()):
        return None
    if through is not None and not 0 <= through < n:
        return None
    around = neighbours(n // width, width)
    near = [sum(1 << nb for nb in around[c]) for c in range(n)]
    widths = [len(face) for face in cells]
    w, full = width, (1 << n) - 1
    not_first = sum(1 << c for c in range(n) if c % w)
    not_last = sum(1 << c for c in range(n) if c % w != w - 1)

    # at[pos]: the cubes whose face starts word[pos:] (one-letter faces, two-letter faces)
    at1 = [sum(1 << c for c in range(n) if cells[c] == word[pos]) for pos in range(size)]
    at2 = [sum(1 << c for c in range(n) if widths[c] == 2 and word.startswith(cells[c], pos)) for pos in range(size)]
    target = 0 if through is None else 1 << through

    def reach(pos: int, free: int, need: int) -> tuple[int, int]:
        """The free cubes that can hold word[pos] with the rest of the word following on free cubes
        (cubes reused: a bound, not a path), and those from which the rest also passes ``need``."""
        can1 = can2 = via1 = via2 = 0  # the sets for positions p + 1 and p + 2
        next1 = next2 = full  # the cubes touching them (all cubes past the end of the word)
        vnext1 = vnext2 = 0
        for p in range(size - 1, pos - 1, -1):
            here = (at1[p] & next1 | at2[p] & next2) & free
            if need:
                via = (at1[p] & (vnext1 | need & next1) | at2[p] & (vnext2 | need & next2)) & free
                row = via | (via << 1 & not_first) | (via >> 1 & not_last)
                vnext2, vnext1, via2, via1 = vnext1, (row | row << w | row >> w) & full, via1, via
            row = here | (here << 1 & not_first) | (here >> 1 & not_last)
            next2, next1, can2, can1 = next1, (row | row << w | row >> w) & full, can1, here
        return can1, via1

    dead: set[tuple[int, int]] = set()
    path: list[int] = []
    steps = PATH_STEPS

    def extend(cell: int, pos: int, used: int) -> bool:
        nonlocal steps
        if pos == size:
            return not target or bool(used & target)
        if (cell, used) in dead:
            return False
        steps -= 1
        if not steps:
            raise _OverBudget
        need = target if target and not used & target else 0
        can, via = reach(pos, full & ~used, need)
        wanted = (via if need else can) & near[cell]
        options = []
        while wanted:
            low = wanted & -wanted
            wanted ^= low
            options.append(low.bit_length() - 1)
        # the cube with the fewest ways on first: a long word does not paint itself into a corner
        options.sort(key=lambda c: (near[c] & ~used).bit_count())
        for nb in options:
            path.append(nb)
            if extend(nb, pos + widths[nb], used | 1 << nb):
                return True
            path.pop()
        dead.add((cell, used))
        return False

    can, via = reach(0, full, target)
    first = via if target else can
    try:
        while first:
            low = first & -first
            first ^= low
            start = low.bit_length() - 1
            path[:] = [start]
            if extend(start, widths[start], low):
                return tuple(path)
    except _OverBudget:
        log.warning("no path for %r on %s after %d steps: taken as not on the board", word, " ".join(cells), PATH_STEPS)
    return None


class _OverBudget(Exception):
    """:func:`first_path` has taken :data:`PATH_STEPS` steps."""
