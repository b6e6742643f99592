"""Every word on a Boggle board, and the computer players who look for them.

The solver walks the lexicon's word graph (:mod:`myword_edu.lexicon.dawg`) and the
board together, depth first. It runs on a Boggle copy of the graph, built once
per lexicon and cached: the same flat ``uint32`` layout, but each node's header
holds a 27-bit *letter mask* (bit ``i`` set: an edge labelled
``ALPHABET[i]``) and a terminal bit, and each edge word holds only the child's
offset. Two things make the walk quick in pure Python:

- at a node, ``header & neighbour_mask[cell]`` gives at once the letters that
  both continue a word and lie next to the cell (usually zero or one bit), so
  neighbours that cannot continue are never looked at;
- the child for a letter is found without a search: edges are in letter
  order, so it is edge number ``popcount(mask & (bit - 1))``.

The copy is as small as the graph (about 0.4 MB for the English list, 0.6 MB for
the Spanish one). A face of two letters ("Qu") is followed letter by letter.
Blocked words are included (the caller decides what to show).

>>> from myword_edu.boggle.board import Board
>>> from myword_edu.lexicon.wordlist import Lexicon
>>> lex = Lexicon.from_words(["quite", "quit", "tie", "tea", "bad", "it"], blocked=[])
>>> sorted(solve(Board.from_string("Qu I T E / A B C D / E F G H / I J K L"), lex))
['quit', 'quite']
>>> sorted(solve(Board.from_string("Qu I T E / A B C D / E F G H / I J K L"), lex, min_length=2))
['it', 'quit', 'quite']
"""

from __future__ import annotations

import weakref
from array import array
from typing import TYPE_CHECKING, Sequence

from myword_edu.lexicon.dawg import CHILD_MASK, CODE, EDGE_SHIFT, TERMINAL, WordGraph

from myword_edu.boggle.paths import neighbours

if TYPE_CHECKING:
    from myword_edu.boggle.board import Board
    from myword_edu.lexicon.wordlist import Lexicon

__all__ = ["solve", "boggle_graph"]

#: Terminal bit of a node header in the Boggle copy (bits 0-26 are the letter mask).
TERM = 1 << 27
LETTERS = TERM - 1

_GRAPHS: "weakref.WeakKeyDictionary[object, array]" = weakref.WeakKeyDictionary()
_PLAIN_GRAPHS: dict[int, tuple[WordGraph, array]] = {}


def _compile(arr: Sequence[int]) -> array:
    """The Boggle copy of a flat word graph (same offsets; see the module docstring)."""
    n = len(arr)
    out = array("I", bytes(4 * n))
    o = 0
    while o < n:
        header = arr[o]
        k = header >> EDGE_SHIFT
        mask = 0
        for j in range(o + 1, o + 1 + k):
            edge = arr[j]
            mask |= 1 << (edge >> EDGE_SHIFT)
            out[j] = edge & CHILD_MASK
        out[o] = mask | (TERM if header & TERMINAL else 0)
        o += 1 + k
    return out


def boggle_graph(lexicon: "Lexicon | WordGraph") -> array:
    """The Boggle copy of a lexicon's word graph, built on first use and cached.

    >>> from myword_edu.lexicon.wordlist import Lexicon
    >>> g = boggle_graph(Lexicon.from_words(["at"], blocked=[]))
    >>> bin(g[0]), g[0] & TERM
    ('0b1', 0)
    """
    if isinstance(lexicon, WordGraph):
        cached = _PLAIN_GRAPHS.get(id(lexicon))
        if cached is None or cached[0] is not lexicon:
            if len(_PLAIN_GRAPHS) >= 4:
                _PLAIN_GRAPHS.clear()
            cached = (lexicon, _compile(lexicon.arr))
            _PLAIN_GRAPHS[id(lexicon)] = cached
        return cached[1]
    graph = _GRAPHS.get(lexicon)
    if graph is None:
        graph = _compile(lexicon.graph.arr) if len(lexicon.graph) else array("I")
        _GRAPHS[lexicon] = graph
    return graph


#: Steps of the path-by-path walk before :func:`solve` changes method. Boards of dice take a few
#: hundred (at most about 1,200 in the benchmark's boards, about 1 ms); a board of one letter and a list of
#: long words of that letter would take millions (every path of A's is another way to spell AAAA...).
WALK_BUDGET = 10_000


class _OverBudget(Exception):
    """The path-by-path walk has taken too many steps: solve word by word instead."""


def solve(board: "Board", lexicon: "Lexicon | WordGraph", min_length: int | None = None) -> set[str]:
    """Every word of ``lexicon`` (folded form) that a path on ``board`` spells.

    ``min_length`` counts letters ("Qu" is two); by default the board's own
    minimum (3 on 4x4, 4 on 5x5).

    The word graph and the board are walked together, path by path. That is
    quickest on boards of dice, but a path is walked once for every way of
    tracing it: past :data:`WALK_BUDGET` steps (a board of A's and a list of
    long words of A's) the walk stops and the words are found one by one
    instead: the word graph walked with the *set* of cubes each prefix can end
    on (cubes reused), each candidate then checked with
    :meth:`~myword_edu.boggle.board.Board.find_path`.
    """
    arr = boggle_graph(lexicon)
    if not arr:
        return set()
    least = board.min_length if min_length is None else min_length
    try:
        return _walk_paths(board, arr, least)
    except _OverBudget:
        return _walk_words(board, arr, least)


def _follow(arr: array, node: int, face: str) -> int:
    """The node after the letters of ``face`` from ``node``, or -1."""
    for ch in face:
        header = arr[node]
        code = CODE[ch]
        if not header >> code & 1:
            return -1
        node = arr[node + 1 + (header & ((1 << code) - 1)).bit_count()]
    return node


def _walk_words(board: "Board", arr: array, least: int) -> set[str]:
    """Every word, prefix by prefix: each prefix of the list is looked at once, with the set of cubes
    it can end on (cubes reused); a word whose letters the board has is then traced for real."""
    from collections import Counter

    faces = board.cells
    around = neighbours(board.height, board.width)
    have = Counter("".join(faces))
    found: set[str] = set()
    stack: list[tuple[int, str, int]] = []
    starts: dict[str, int] = {}
    for cell, face in enumerate(faces):
        starts[face] = starts.get(face, 0) | 1 << cell
    for face, mask in starts.items():
        node = _follow(arr, 0, face)
        if node >= 0:
            stack.append((node, face, mask))
    while stack:
        node, prefix, mask = stack.pop()
        if Counter(prefix) - have:  # more of a letter than the board has: no path can spell it
            continue
        if arr[node] & TERM and len(prefix) >= least and board.find_path(prefix) is not None:
            found.add(prefix)
        if not arr[node] & LETTERS:
            continue
        nexts: dict[str, int] = {}
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            for nb in around[low.bit_length() - 1]:
                nexts[faces[nb]] = nexts.get(faces[nb], 0) | 1 << nb
        for face, cells in nexts.items():
            child = _follow(arr, node, face)
            if child >= 0:
                stack.append((child, prefix + face, cells))
    return found


def _walk_paths(board: "Board", arr: array, least: int) -> set[str]:
    """Every word, path by path (see the module docstring); :class:`_OverBudget` past :data:`WALK_BUDGET` steps."""
    found: set[str] = set()
    steps = WALK_BUDGET
    faces = board.cells
    ncell = len(faces)
    around = neighbours(board.height, board.width)
    nmask = [0] * ncell  # first letters of the one-letter faces around each cell
    cont = [0] * ncell  # a node whose header & cont[cell] is 0 cannot go on from cell
    by_letter: list[dict[int, int]] = [{}] * ncell  # letter bit -> those neighbours, as a cell bitmask
    multi: list[tuple[int, ...]] = [()] * ncell  # neighbours with a two-letter face
    bits = [1 << CODE[face[0]] if len(face) == 1 else 0 for face in faces]
    for cell in range(ncell):
        mask = 0
        table: dict[int, int] = {}
        longer = []
        for nb in around[cell]:
            bit = bits[nb]
            if bit:
                mask |= bit
                table[bit] = table.get(bit, 0) | (1 << nb)
            else:
                longer.append(nb)
        nmask[cell] = mask
        cont[cell] = LETTERS if longer else mask
        by_letter[cell] = table
        multi[cell] = tuple(longer)
    add = found.add

    def walk(cell: int, node: int, used: int, prefix: str) -> None:
        nonlocal steps
        steps -= 1
        if not steps:
            raise _OverBudget
        header = arr[node]
        common = header & nmask[cell]
        if common:
            table = by_letter[cell]
            while common:
                low = common & -common
                common ^= low
                free = table[low] & ~used
                if free:
                    child = arr[node + 1 + (header & (low - 1)).bit_count()]
                    child_header = arr[child]
                    while free:
                        cell_bit = free & -free
                        free ^= cell_bit
                        nb = cell_bit.bit_length() - 1
                        word = prefix + faces[nb]
                        if child_header & TERM and len(word) >= least:
                            add(word)
                        if child_header & cont[nb]:
                            walk(nb, child, used | cell_bit, word)
        if multi[cell]:
            for nb in multi[cell]:
                if used >> nb & 1:
                    continue
                child = _follow(arr, node, faces[nb])
                if child < 0:
                    continue
                word = prefix + faces[nb]
                child_header = arr[child]
                if child_header & TERM and len(word) >= least:
                    add(word)
                if child_header & LETTERS:
                    walk(nb, child, used | (1 << nb), word)

    for cell in range(ncell):
        node = _follow(arr, 0, faces[cell])
        if node < 0:
            continue
        word = faces[cell]
        if arr[node] & TERM and len(word) >= least:
            add(word)
        walk(cell, node, 1 << cell, word)
    return found
