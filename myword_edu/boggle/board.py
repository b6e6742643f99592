"""Boggle's dice and boards: faces, paths of touching cubes, scoring by length.

A board is a grid of cube faces, folded like words (see :mod:`myword_edu.core.text`):
one letter, or ``"qu"`` for the Qu face. A word is a path of neighbouring
cubes (8 directions), no cube twice. Scores follow the rulebook (3-4 letters
1 point, 5: 2, 6: 3, 7: 5, 8 and more: 11; Qu counts as two letters).
:mod:`myword_edu.boggle.round` (which re-exports all of this) plays rounds on them.

>>> board = Board.from_string("Qu I T E / A B C D / E F G H / I J K L")
>>> board.rows[0]
('Qu', 'I', 'T', 'E')
>>> board.path("quite")
[(0, 0), (0, 1), (0, 2), (0, 3)]
>>> board.path("tide") is None
True
>>> score_word("quite"), score_word("quit")
(2, 1)
"""

from __future__ import annotations

import logging
import math
import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from typing import Iterable, Iterator

from myword_edu.core.errors import MyWordError, WrongTypeError
from myword_edu.core.text import ALL_LETTERS, fold

__all__ = [
    "DICE", "DICE_LANG", "BOARD_SIZES", "MIN_LENGTH_RANGE", "TARGETS", "BoardError", "PathError",
    "Board", "face_label", "default_dice", "score_word", "path_text", "PATH_STEPS", "neighbours",
]  # fmt: skip

log = logging.getLogger(__name__)


def _dice(text: str) -> tuple[tuple[str, ...], ...]:
    """Dice written as six letters each; ``Q`` is the Qu face."""
    return tuple(tuple("qu" if ch == "Q" else ch.lower() for ch in die) for die in text.split())


#: The dice sets, each die six faces. "classic" and "new" are the 1983 and 1992
#: Boggle dice and "big" the Big Boggle 5x5 dice, as in the Princeton algs4
#: ``BoggleBoard`` (BOGGLE_1983, BOGGLE_1992, BOGGLE_BIG). "es" is this
#: project's Spanish set, derived by ``tools/design_boggle_dice.py``.
DICE: dict[str, tuple[tuple[str, ...], ...]] = {
    "classic": _dice(
        "AACIOT ABILTY ABJMOQ ACDEMP ACELRS ADENVZ AHMORS BIFORX "
        "DENOSW DKNOTU EEFHIY EGINTV EGKLUY EHINPS ELPSTU GILRUW"
    ),
    "new": _dice(
        "AAEEGN ABBJOO ACHOPS AFFKPS AOOTTW CIMOTU DEILRX DELRVY "
        "DISTTY EEGHNW EEINSU EHRTVW EIOSST ELRTTY HIMNQU HLNNRZ"
    ),
    "big": _dice(
        "AAAFRS AAEEEE AAFIRS ADENNN AEEEEM AEEGMU AEGMNN AFIRSY BJKQXZ CCENST CEIILT CEILPT CEIPST "
        "DDHNOT DHHLOR DHLNOR DHLNOR EIIITT EMOTTT ENSSSU FIPRSY GORRVW IPRRRY NOOTUW OOOTTU"
    ),
    "es": _dice(
        "AESLCQ AEONUY AEOLTF AERIUZ AERIUJ AERNTÑ AERNCP AERNCB "
        "AERLDM ASOICG ASONDH ASONTM ASRIDV ESOILB ESOIDP ESOITM"
    ),
}
#: The language each dice set is made for.
DICE_LANG: dict[str, str] = {"classic": "en", "new": "en", "big": "en", "es": "es"}
#: Rows and columns a board may have.
BOARD_SIZES = range(2, 7)
#: Minimum word lengths a teacher may set.
MIN_LENGTH_RANGE = range(3, 9)
#: Tournament targets offered (the rulebook's examples).
TARGETS = (50, 100)
_FACES = frozenset(ALL_LETTERS.replace("q", "")) | {"qu"}
#: The most steps :meth:`Board.find_path` takes (each 10 to 150 microseconds, by the word's length).
#: On boards of dice a word of the shipped lists takes at most 14 (measured on 120 boards); only a
#: board built to be hard (two letters, a word of 20 or more) can need more, and past this bound
#: its word is taken as not on the board.
PATH_STEPS = 1_000
_POINTS = {3: 1, 4: 1, 5: 2, 6: 3, 7: 5}


def default_dice(lang: str) -> str:
    """The dice set a language plays with by default.

    >>> default_dice("es"), default_dice("en")
    ('es', 'new')
    """
    return "es" if lang == "es" else "new"


def face_label(face: str) -> str:
    """How a face is printed on a cube: ``"A"``, ``"Ñ"``, ``"Qu"``.

    >>> face_label("qu"), face_label("ñ")
    ('Qu', 'Ñ')
    """
    return face[0].upper() + face[1:]


def path_text(board: Board, path: tuple[int, ...]) -> str:
    """A path of cubes as a spreadsheet reads it: each face with its row and column.

    >>> path_text(Board.from_string("C A / T S"), (3, 0, 1, 2))
    'S(2,2) C(1,1) A(1,2) T(2,1)'
    """
    parts = []
    for cell in path:
        row, col = divmod(cell, board.width)
        parts.append(f"{face_label(board.cells[cell])}({row + 1},{col + 1})")
    return " ".join(parts)


def score_word(word: str) -> int:
    """Points for a word by its letters (Qu is two): 3-4: 1, 5: 2, 6: 3, 7: 5, 8+: 11.

    >>> [score_word(w) for w in ("at", "cat", "cats", "quiet", "quests", "equally", "question")]
    [0, 1, 1, 2, 3, 5, 11]
    """
    letters = len(_folded(word))
    if letters < 3:
        return 0
    return _POINTS.get(letters, 11)


class BoardError(MyWordError, ValueError):
    """A board written wrongly; ``problems`` lists every mistake at once.

    >>> Board.from_string("A B / C 1 / Q")
    Traceback (most recent call last):
    ...
    myword_edu.boggle.board.BoardError: '1' is not a cube face (a face is one letter or Qu); 'Q' is not a cube face (Q comes as Qu on a cube); row 3 has 1 cube, row 1 has 2
    """

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


class PathError(MyWordError, ValueError):
    """A path of cubes that is not a word's path: ``reason`` is ``"outside"``,
    ``"not_adjacent"``, ``"reused"`` or ``"empty"``."""

    def __init__(self, reason: str, message: str) -> None:
        self.reason = reason
        super().__init__(message)


def _read_row(text: str, problems: list[str]) -> list[tuple[str, bool]]:
    tokens = text.split()
    if len(tokens) == 1 and len(tokens[0].rstrip("*")) > 1 and fold(tokens[0].rstrip("*")) != "qu":
        # a row written as one word ("PERS", "QUIT"): one face per letter, "qu" is the Qu face
        word, tokens = fold(tokens[0]), []
        i = 0
        while i < len(word):
            size = 2 if word.startswith("qu", i) else 1
            tokens.append(word[i : i + size] + ("*" if word[i + size : i + size + 1] == "*" else ""))
            i += size + (1 if tokens[-1].endswith("*") else 0)
    cells = []
    for token in tokens:
        bonus = token.endswith("*")
        face = fold(token.rstrip("*"))
        if face not in _FACES:
            why = "Q comes as Qu on a cube" if face == "q" else "a face is one letter or Qu"
            problems.append(f"{token.rstrip('*')!r} is not a cube face ({why})")
        cells.append((face, bonus))
    return cells


@dataclass(frozen=True)
class Board:
    """A grid of cube faces (folded), row by row; ``bonus`` is the bonus cube's index or None."""

    cells: tuple[str, ...]
    width: int
    bonus: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.cells, (str, bytes)) or not isinstance(self.cells, Iterable):
            raise BoardError([f"a board's cells are a list of faces, not {type(self.cells).__name__}"])
        cells = tuple(self.cells)
        object.__setattr__(self, "cells", cells)
        problems = [
            f"{face!r} is not a cube face (a face is one letter or Qu)"[:80]
            for face in cells if not isinstance(face, str) or face not in _FACES
        ]  # fmt: skip
        if isinstance(self.width, bool) or not isinstance(self.width, int):
            problems.append(f"a board's width is a whole number of cubes, not {self.width!r}"[:80])
        elif self.width not in BOARD_SIZES or len(cells) % self.width or len(cells) // self.width not in BOARD_SIZES:
            problems.append(
                f"a board has {BOARD_SIZES.start} to {BOARD_SIZES.stop - 1} rows and columns, "
                f"not {len(cells)} cubes in rows of {self.width}"
            )
        if self.bonus is not None and not (
            isinstance(self.bonus, int) and not isinstance(self.bonus, bool) and 0 <= self.bonus < len(cells)
        ):
            problems.append(f"the bonus cube {self.bonus!r} is not on the board")
        if problems:
            raise BoardError(problems)

    # -- making boards ------------------------------------------------------------
    @classmethod
    def from_string(cls, text: str) -> "Board":
        """A board from rows split by "/" or new lines, faces by spaces; ``*`` marks the bonus cube.

        A row may also be written as one word ("PERS/LATG/..." or even
        "perslatgsineters" for a square board); "qu" is then the Qu face.

        >>> Board.from_string("perslatgsineters").rows[3]
        ('T', 'E', 'R', 'S')
        >>> Board.from_string("A B* / C D").bonus
        1
        """
        if not isinstance(text, str):
            raise BoardError([f"{text!r} is not a board"])
        lines = [line for line in text.replace("/", "\n").splitlines() if line.strip()]
        problems: list[str] = []
        rows = [_read_row(line, problems) for line in lines]
        if len(rows) == 1 and not any(ch.isspace() for ch in lines[0].strip()):
            side = math.isqrt(len(rows[0]))
            if side * side == len(rows[0]) and side in BOARD_SIZES:
                rows = [rows[0][i : i + side] for i in range(0, len(rows[0]), side)]
        if not rows:
            raise BoardError(["the board is empty"])
        for number, row in enumerate(rows[1:], start=2):
            if len(row) != len(rows[0]):
                plural = "cube" if len(row) == 1 else "cubes"
                problems.append(f"row {number} has {len(row)} {plural}, row 1 has {len(rows[0])}")
        cells = [cell for row in rows for cell in row]
        bonus = [i for i, (_, marked) in enumerate(cells) if marked]
        if len(bonus) > 1:
            problems.append(f"{len(bonus)} bonus cubes are marked with *; a board has one at most")
        if problems:
            raise BoardError(problems)
        return cls(tuple(face for face, _ in cells), len(rows[0]), bonus[0] if bonus else None)

    @classmethod
    def roll(
        cls, dice: str = "new", seed: "int | str | random.Random | None" = None, *, bonus: bool = False
    ) -> "Board":
        """Shake a dice set into a square board; the same ``seed`` gives the same board.

        ``bonus`` picks one cube at random as the bonus cube.

        >>> Board.roll("classic", seed=1) == Board.roll("classic", seed=1)
        True
        >>> Board.roll("big", seed=1).width, Board.roll("es", seed=2, bonus=True).bonus is not None
        (5, True)
        """
        if not isinstance(dice, str) or dice not in DICE:
            raise BoardError([f"unknown dice set {dice!r}. Valid dice sets are: {', '.join(DICE)}"[:120]])
        if not (seed is None or isinstance(seed, random.Random) or (isinstance(seed, (int, str)) and not isinstance(seed, bool))):
            raise WrongTypeError("seed", seed, "a whole number, a text, a random.Random or None")
        if not isinstance(bonus, bool):
            raise WrongTypeError("bonus", bonus, "True or False")
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        order = list(DICE[dice])
        rng.shuffle(order)
        cells = tuple(rng.choice(die) for die in order)
        return cls(cells, math.isqrt(len(cells)), rng.randrange(len(cells)) if bonus else None)

    # -- looking at it --------------------------------------------------------------
    @property
    def height(self) -> int:
        return len(self.cells) // self.width

    @property
    def rows(self) -> tuple[tuple[str, ...], ...]:
        """The faces as printed ("Qu", "Ñ"), row by row."""
        w = self.width
        return tuple(tuple(face_label(f) for f in self.cells[i : i + w]) for i in range(0, len(self.cells), w))

    @property
    def min_length(self) -> int:
        """The rulebook's minimum word length: 3 letters on 4x4 (or smaller), 4 on 5x5 and up."""
        return 3 if len(self.cells) <= 16 else 4

    def __str__(self) -> str:
        labels = [face_label(f) + ("*" if i == self.bonus else "") for i, f in enumerate(self.cells)]
        w = self.width
        return " / ".join(" ".join(labels[i : i + w]) for i in range(0, len(labels), w))

    def __repr__(self) -> str:
        return f"Board.from_string({str(self)!r})"

    def position(self, cell: int) -> tuple[int, int]:
        """``(row, column)`` of a cell index."""
        return divmod(cell, self.width)

    def index(self, position: object) -> int:
        """The cell index of ``(row, column)`` (or of an index); raises :class:`PathError` if off the board."""
        if isinstance(position, int) and not isinstance(position, bool):
            cell = position
        elif (
            isinstance(position, (tuple, list)) and len(position) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in position)
            and 0 <= position[1] < self.width
        ):  # fmt: skip
            cell = position[0] * self.width + position[1]
        else:
            cell = -1
        if not 0 <= cell < len(self.cells):
            raise PathError("outside", f"{position!r} is not a cube on this board")
        return cell

    # -- paths ----------------------------------------------------------------------
    def word_at(self, path: Iterable[object]) -> str:
        """The word (folded) a path of cubes spells; :class:`PathError` if it is not a path.

        >>> b = Board.from_string("C A / T S")
        >>> b.word_at([(1, 0), (0, 1), (1, 1)]), b.word_at([0, 1, 3, 2])
        ('tas', 'cast')
        >>> b.word_at([0, 1, 0])
        Traceback (most recent call last):
        ...
        myword_edu.boggle.board.PathError: a cube can be used only once in a word
        """
        if isinstance(path, (str, bytes)) or not isinstance(path, Iterable):
            raise PathError("empty", f"a path is a list of cubes, not {type(path).__name__}")
        cells = [self.index(p) for p in islice(path, len(self.cells) + 1)]
        if not cells:
            raise PathError("empty", "the path has no cubes")
        if len(set(cells)) != len(cells):
            raise PathError("reused", "a cube can be used only once in a word")
        around = neighbours(self.height, self.width)
        for a, b in zip(cells, cells[1:]):
            if b not in around[a]:
                raise PathError("not_adjacent", f"cubes {self.position(a)} and {self.position(b)} do not touch")
        return "".join(self.cells[c] for c in cells)

    def paths(self, word: str) -> Iterator[tuple[int, ...]]:
        """Every path (cell indices) that spells ``word``; the search skips cells
        from which the rest of the word cannot be spelled even with cubes reused.

        There can be very many (a word of A's on a board of A's has millions):
        to know whether a path exists, or one through a given cube, use
        :meth:`find_path`, which stops at the first.
        """
        word = _folded(word)
        cells, n = self.cells, len(self.cells)
        have = Counter("".join(cells))
        if not word or any(have[ch] < k for ch, k in Counter(word).items()):
            return
        around = neighbours(self.height, self.width)
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

    def find_path(self, word: str, *, through: int | None = None) -> tuple[int, ...] | None:
        """The first path (cell indices) that spells ``word`` (and goes through the cell
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

        >>> b = Board.from_string("A A A / A A A / A A B")
        >>> b.find_path("aaaaaaaa"), b.find_path("aaaaaaaa", through=8), b.find_path("aaab", through=0)
        ((0, 1, 2, 5, 4, 3, 6, 7), None, (0, 1, 5, 8))
        """
        word = _folded(word)
        if through is not None and (isinstance(through, bool) or not isinstance(through, int)):
            raise WrongTypeError("through", through, "a cube's index or None")
        cells, n, size = self.cells, len(self.cells), len(word)
        have = Counter("".join(cells))
        if not word or any(have[ch] < k for ch, k in Counter(word).items()):
            return None
        if through is not None and not 0 <= through < n:
            return None
        around = neighbours(self.height, self.width)
        near = [sum(1 << nb for nb in around[c]) for c in range(n)]
        widths = [len(face) for face in cells]
        w, full = self.width, (1 << n) - 1
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
            log.warning("no path for %r on %s after %d steps: taken as not on the board", word, self, PATH_STEPS)
        return None

    def path(self, word: str, *, through: int | None = None) -> list[tuple[int, int]] | None:
        """A path of ``(row, column)`` cells spelling ``word``, or None.

        ``through``: prefer a path through that cell (the bonus cube) if there is one.
        """
        cells = self.find_path(word, through=through) if through is not None else None
        if cells is None:
            cells = self.find_path(word)
        return None if cells is None else [self.position(c) for c in cells]

    def uses_bonus(self, word: str) -> bool:
        """Can ``word`` be traced through the bonus cube?"""
        word = _folded(word)
        return self.bonus is not None and self.find_path(word, through=self.bonus) is not None


class _OverBudget(Exception):
    """:meth:`Board.find_path` has taken :data:`PATH_STEPS` steps."""


def _folded(word: object) -> str:
    if not isinstance(word, str):
        raise WrongTypeError("word", word, "a word (text)")
    return fold(word)


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
