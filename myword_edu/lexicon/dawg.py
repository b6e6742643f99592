"""A compact word graph (a minimised DAWG with word counts) in one flat array.

The shipped lexicons are files of this format, memory-mapped, so 30 student
kernels share one copy of the pages and each pays almost nothing in private
memory; the same code reads a ``bytes`` object where ``mmap`` is missing (a
browser kernel). Pure Python, no C extension.

Layout: a little-endian ``uint32`` array. A node at offset ``o`` is one header
word ``n_edges << 27 | terminal << 26 | count`` (``count``: words at or below
the node) followed by ``n_edges`` edge words ``label << 27 | child_offset``,
labels in alphabet order. Counts give every word its rank in sorted order
(a minimal perfect hash), which indexes the frequency and spelling tables.

>>> g = WordGraph.from_words(["cat", "cats", "car", "dog"])
>>> "cats" in g, "ca" in g, g.rank("dog"), len(g), list(g)
(True, False, 3, 4, ['car', 'cat', 'cats', 'dog'])
"""

from __future__ import annotations

import sys
from array import array
from typing import Iterable, Iterator

from myword_edu.core.text import ALL_LETTERS

__all__ = ["WordGraph", "build_graph", "ALPHABET"]

ALPHABET = ALL_LETTERS
CODE = {ch: i for i, ch in enumerate(ALPHABET)}
EDGE_SHIFT = 27
TERMINAL = 1 << 26
COUNT_MASK = TERMINAL - 1
CHILD_MASK = (1 << EDGE_SHIFT) - 1


class _BuildNode:
    __slots__ = ("final", "edges", "ident")

    def __init__(self) -> None:
        self.final = False
        self.edges: dict[str, _BuildNode] = {}
        self.ident = -1


def build_graph(words: Iterable[str]) -> array:
    """Build the flat array for ``words`` (folded, letters of :data:`ALPHABET`).

    Words may come in any order and may repeat. Daciuk et al.'s incremental
    construction of a minimal acyclic automaton from sorted input.
    """
    ordered = sorted(set(words))
    for word in ordered:
        if not word or any(ch not in CODE for ch in word):
            raise ValueError(f"cannot store {word!r}: words are folded letters a-z or ñ")
    register: dict[tuple, _BuildNode] = {}
    root = _BuildNode()
    unchecked: list[tuple[_BuildNode, str, _BuildNode]] = []

    def minimise(down_to: int) -> None:
        while len(unchecked) > down_to:
            parent, label, child = unchecked.pop()
            key = (child.final, tuple((lab, c.ident) for lab, c in child.edges.items()))
            found = register.get(key)
            if found is not None:
                parent.edges[label] = found
            else:
                child.ident = len(register)
                register[key] = child

    previous = ""
    for word in ordered:
        common = 0
        for a, b in zip(word, previous):
            if a != b:
                break
            common += 1
        minimise(common)
        node = unchecked[-1][2] if unchecked else root
        for label in word[common:]:
            child = _BuildNode()
            node.edges[label] = child
            unchecked.append((node, label, child))
            node = child
        node.final = True
        previous = word
    minimise(0)
    return _serialise(root)


def _serialise(root: _BuildNode) -> array:
    order: list[_BuildNode] = []
    offsets: dict[int, int] = {}
    queue = [root]
    position = 0
    while queue:  # breadth first: parents near their children, root at 0
        next_queue: list[_BuildNode] = []
        for node in queue:
            if id(node) in offsets:
                continue
            offsets[id(node)] = position
            position += 1 + len(node.edges)
            order.append(node)
            next_queue.extend(node.edges.values())
        queue = next_queue
    if position > CHILD_MASK:
        raise ValueError("word list too large for the graph format")
    counts: dict[int, int] = {}

    def count(node: _BuildNode) -> int:
        key = id(node)
        if key not in counts:
            counts[key] = int(node.final) + sum(count(c) for c in node.edges.values())
        return counts[key]

    out = array("I", bytes(4 * position))
    for node in order:
        o = offsets[id(node)]
        out[o] = (len(node.edges) << EDGE_SHIFT) | (TERMINAL if node.final else 0) | count(node)
        for k, (label, child) in enumerate(sorted(node.edges.items(), key=lambda e: CODE[e[0]])):
            out[o + 1 + k] = (CODE[label] << EDGE_SHIFT) | offsets[id(child)]
    return out


def as_uint32(buffer: object) -> "memoryview | array":
    """A little-endian uint32 view of ``buffer`` without copying where possible."""
    view = memoryview(buffer)  # type: ignore[arg-type]
    if sys.byteorder == "little":
        return view.cast("B").cast("I")
    swapped = array("I", bytes(view))
    swapped.byteswap()
    return swapped


class WordGraph:
    """Read-only queries over a flat word graph (see the module docstring)."""

    __slots__ = ("arr", "_len")

    def __init__(self, arr: "memoryview | array") -> None:
        self.arr = arr
        self._len = arr[0] & COUNT_MASK if len(arr) else 0

    @classmethod
    def from_words(cls, words: Iterable[str]) -> "WordGraph":
        """A graph built in memory from folded words."""
        return cls(build_graph(words))

    def __len__(self) -> int:
        return self._len

    def child(self, node: int, ch: str) -> int:
        """The node reached from ``node`` by letter ``ch``, or -1."""
        code = CODE.get(ch)
        return -1 if code is None else self.child_by_code(node, code)

    def child_by_code(self, node: int, code: int) -> int:
        """The node reached from ``node`` by the letter with alphabet index ``code``, or -1."""
        arr = self.arr
        header = arr[node]
        for k in range(node + 1, node + 1 + (header >> EDGE_SHIFT)):
            edge = arr[k]
            label = edge >> EDGE_SHIFT
            if label == code:
                return edge & CHILD_MASK
            if label > code:
                return -1
        return -1

    def find(self, word: str) -> int:
        """The node a folded word (or prefix) ends at, or -1."""
        node = 0
        if not self._len:
            return -1
        for ch in word:
            node = self.child(node, ch)
            if node < 0:
                return -1
        return node

    def is_terminal(self, node: int) -> bool:
        return bool(self.arr[node] & TERMINAL)

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or not word:
            return False
        node = self.find(word)
        return node >= 0 and bool(self.arr[node] & TERMINAL)

    def has_prefix(self, prefix: str) -> bool:
        """True if some word starts with ``prefix``."""
        return self.find(prefix) >= 0

    def rank(self, word: str) -> int:
        """The word's index in sorted order, or -1 if it is not a word."""
        if not word or not self._len:
            return -1
        arr = self.arr
        node = 0
        rank = 0
        for ch in word:
            code = CODE.get(ch)
            if code is None:
                return -1
            header = arr[node]
            if header & TERMINAL:
                rank += 1
            for k in range(node + 1, node + 1 + (header >> EDGE_SHIFT)):
                edge = arr[k]
                label = edge >> EDGE_SHIFT
                child = edge & CHILD_MASK
                if label == code:
                    node = child
                    break
                if label > code:
                    return -1
                rank += arr[child] & COUNT_MASK
            else:
                return -1
        return rank if arr[node] & TERMINAL else -1

    def edges(self, node: int) -> list[tuple[str, int]]:
        """``(letter, child)`` pairs leaving ``node``, in alphabet order."""
        arr = self.arr
        n = arr[node] >> EDGE_SHIFT
        return [
            (ALPHABET[arr[k] >> EDGE_SHIFT], arr[k] & CHILD_MASK) for k in range(node + 1, node + 1 + n)
        ]

    def __iter__(self) -> Iterator[str]:
        if not self._len:
            return
        arr = self.arr
        stack: list[tuple[int, str]] = [(0, "")]
        while stack:
            node, prefix = stack.pop()
            header = arr[node]
            if header & TERMINAL and prefix:
                yield prefix
            n = header >> EDGE_SHIFT
            for k in range(node + n, node, -1):
                edge = arr[k]
                stack.append((edge & CHILD_MASK, prefix + ALPHABET[edge >> EDGE_SHIFT]))
