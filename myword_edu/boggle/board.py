"""Boggle's boards: a grid of cube faces and the paths of touching cubes that spell words.

A board is a grid of cube faces, folded like words (see :mod:`myword_edu.core.text`):
one letter, or ``"qu"`` for the Qu face, rolled from a set of
:mod:`~myword_edu.boggle.dice` or written by hand. A word is a path of
neighbouring cubes (8 directions), no cube twice. Points are
:mod:`~myword_edu.boggle.scoring`'s; :mod:`myword_edu.boggle.round` plays rounds on boards.

>>> board = Board.from_string("Qu I T E / A B C D / E F G H / I J K L")
>>> board.rows[0]
('Qu', 'I', 'T', 'E')
>>> board.path("quite")
[(0, 0), (0, 1), (0, 2), (0, 3)]
>>> board.path("tide") is None
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from itertools import islice
from typing import Iterable, Iterator

from myword_edu.boggle.dice import DICE
from myword_edu.boggle.paths import all_paths, first_path, neighbours
from myword_edu.boggle.rules import board_min_length
from myword_edu.core.errors import MyWordError, WrongTypeError
from myword_edu.core.text import ALL_LETTERS, fold

__all__ = ["GRID_SIZES", "BoardError", "PathError", "Board", "face_label", "path_text"]


#: Rows and columns a board may have (a board written by hand; the dice make 4x4 and 5x5).
GRID_SIZES = range(2, 7)
_FACES = frozenset(ALL_LETTERS.replace("q", "")) | {"qu"}


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
        elif self.width not in GRID_SIZES or len(cells) % self.width or len(cells) // self.width not in GRID_SIZES:
            problems.append(
                f"a board has {GRID_SIZES.start} to {GRID_SIZES.stop - 1} rows and columns, "
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
            if side * side == len(rows[0]) and side in GRID_SIZES:
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
        return board_min_length(len(self.cells))

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
        """Every path (cell indices) that spells ``word`` (see :func:`~myword_edu.boggle.paths.all_paths`).

        There can be very many (a word of A's on a board of A's has millions):
        to know whether a path exists, or one through a given cube, use
        :meth:`find_path`, which stops at the first.
        """
        return all_paths(self.cells, self.width, _folded(word))

    def find_path(self, word: str, *, through: int | None = None) -> tuple[int, ...] | None:
        """The first path (cell indices) that spells ``word`` (and goes through the cell ``through``,
        if given), or None: an answer in milliseconds on any board (see
        :func:`~myword_edu.boggle.paths.first_path`).

        >>> b = Board.from_string("A A A / A A A / A A B")
        >>> b.find_path("aaaaaaaa"), b.find_path("aaaaaaaa", through=8), b.find_path("aaab", through=0)
        ((0, 1, 2, 5, 4, 3, 6, 7), None, (0, 1, 5, 8))
        """
        word = _folded(word)
        if through is not None and (isinstance(through, bool) or not isinstance(through, int)):
            raise WrongTypeError("through", through, "a cube's index or None")
        return first_path(self.cells, self.width, word, through)

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


def _folded(word: object) -> str:
    if not isinstance(word, str):
        raise WrongTypeError("word", word, "a word (text)")
    return fold(word)
