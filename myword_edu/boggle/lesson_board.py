"""A lesson board: a Boggle board rolled from the dice with a lesson's words planted on it as paths.

Every planted word is a real path (neighbouring cubes, no cube twice in one
word); words may share cubes where their letters agree, and a Qu face holds
"qu". Each cube is one die of the set showing one of its six faces, as in a
real shake: the planted letters are matched to distinct dice that have them
(a bipartite matching kept as the words go in), and the dice left over are
shaken into the other cubes. Only when the dice cannot show all the planted
letters at once (a word with a K on the Spanish dice, or two Z's on a set with
one Z) does a cube show a letter its die does not have (``off_dice``).

Words go in longest first, each by a depth-first search that prefers cubes
already holding the right letter and goes only to cubes from which the rest of
the word can still follow (a bound worked out on bitmasks, as in
:meth:`~myword_edu.boggle.board.Board.find_path`). A few tries with other
orders keep the board that holds the most words. The same seed gives the same
board. Words are plain strings (this module knows nothing of lessons).

>>> lesson = roll_lesson_board("new", ["cat", "hat", "map", "Bag", "qat", "at"], seed=1)
>>> lesson.planted
('cat', 'hat', 'map', 'bag')
>>> lesson.left_out
{'qat': <Unplanted.NO_FACE: 'no_face'>, 'at': <Unplanted.TOO_SHORT: 'too_short'>}
>>> all(lesson.board.word_at(lesson.paths[word]) == word for word in lesson.planted)
True
>>> roll_lesson_board("new", ["cat", "hat"], seed=1) == roll_lesson_board("new", ["cat", "hat"], seed=1)
True
"""

from __future__ import annotations

import enum
import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from myword_edu.boggle.board import DICE, Board, BoardError, neighbours
from myword_edu.core.errors import WrongTypeError
from myword_edu.core.text import ALL_LETTERS, fold

__all__ = ["Unplanted", "LessonBoard", "roll_lesson_board", "word_faces", "TRIES", "WORD_STEPS"]

#: Boards tried (other word orders, other cubes) before keeping the one that holds the most words
#: (then the fewest cubes off the dice).
TRIES = 20
#: Steps of the search for one word's path on one try (a 6-word lesson takes a few hundred in all).
WORD_STEPS = 1000
#: Steps the search goes on for after it has found a path, for one that needs fewer new cubes.
SEARCH_ON = 100
_LETTERS = frozenset(ALL_LETTERS) - {"q"}


class Unplanted(str, enum.Enum):
    """Why a word is not on a lesson board."""

    TOO_SHORT = "too_short"  # fewer letters than the round's minimum: it would not count
    TOO_LONG = "too_long"  # more cubes than the board has
    NO_FACE = "no_face"  # a letter no cube can show (a Q without U, a hyphen)
    NO_ROOM = "no_room"  # no path for it next to the other words

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class LessonBoard:
    """A board with words planted on it.

    Attributes:
        board: the board (folded faces, as :meth:`Board.roll` makes).
        dice_set: the name of the dice set (a key of :data:`~myword_edu.boggle.board.DICE`).
        dice: for each cube, the index of the die on it (every die once).
        planted: the words on the board as paths (folded), in the order given.
        paths: each planted word's path (cell indices).
        left_out: each word that is not on the board (folded) and why.
        off_dice: cubes showing a letter their die does not have (empty unless the dice
            cannot show every planted letter at once).
    """

    board: Board
    dice_set: str
    dice: tuple[int, ...]
    planted: tuple[str, ...]
    paths: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    left_out: Mapping[str, Unplanted] = field(default_factory=dict)
    off_dice: frozenset[int] = frozenset()


def word_faces(word: str) -> tuple[str, ...] | None:
    """The cube faces a folded word is traced on ("qu" is one face), or None if a letter is on no face.

    >>> word_faces("queso"), word_faces("qat"), word_faces("niño")
    (('qu', 'e', 's', 'o'), None, ('n', 'i', 'ñ', 'o'))
    """
    out: list[str] = []
    i = 0
    while i < len(word):
        if word.startswith("qu", i):
            out.append("qu")
            i += 2
        elif word[i] in _LETTERS:
            out.append(word[i])
            i += 1
        else:
            return None
    return tuple(out) if out else None


def roll_lesson_board(
    dice: str,
    words: Iterable[str],
    seed: "int | str | random.Random | None" = None,
    *,
    bonus: bool = False,
    min_length: int | None = None,
) -> LessonBoard:
    """Shake the dice set ``dice`` into a square board with as many of ``words`` planted as fit.

    Args:
        dice: a dice set's name ("new", "classic", "big", "es").
        words: the words to plant (any spelling: they are folded; repeats are dropped).
        seed: the same seed (and words) gives the same board.
        bonus: pick a cube at random as the bonus cube.
        min_length: the round's shortest word (letters, Qu is two): shorter words are left out
            (they would not count). Default: the board's own minimum (3 on 4x4, 4 on 5x5).

    >>> lesson = roll_lesson_board("es", ["niño", "año", "uña", "piña"], seed=3)
    >>> sorted(lesson.planted), lesson.off_dice
    (['año', 'niño', 'piña', 'uña'], frozenset())
    """
    if not isinstance(dice, str) or dice not in DICE:
        raise BoardError([f"unknown dice set {dice!r}. Valid dice sets are: {', '.join(DICE)}"[:120]])
    if isinstance(words, (str, bytes)) or not isinstance(words, Iterable):
        raise WrongTypeError("words", words, "a list of words")
    if not (seed is None or isinstance(seed, random.Random) or (isinstance(seed, (int, str)) and not isinstance(seed, bool))):
        raise WrongTypeError("seed", seed, "a whole number, a text, a random.Random or None")
    if not isinstance(bonus, bool):
        raise WrongTypeError("bonus", bonus, "True or False")
    if min_length is not None and (isinstance(min_length, bool) or not isinstance(min_length, int)):
        raise WrongTypeError("min_length", min_length, "a whole number or None")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    dice_faces = DICE[dice]
    n = len(dice_faces)
    least = (3 if n <= 16 else 4) if min_length is None else min_length
    folded: list[str] = []
    for word in words:
        if not isinstance(word, str):
            raise WrongTypeError("a word", word, "text")
        word = fold(word)
        if word not in folded:
            folded.append(word)
    left_out: dict[str, Unplanted] = {}
    wanted: dict[str, tuple[str, ...]] = {}
    for word in folded:
        faces = word_faces(word)
        if faces is None:
            left_out[word] = Unplanted.NO_FACE
        elif len(word) < least:
            left_out[word] = Unplanted.TOO_SHORT
        elif len(faces) > n:
            left_out[word] = Unplanted.TOO_LONG
        else:
            wanted[word] = faces
    planter = _Planter(dice_faces, math.isqrt(n))
    best: _Try | None = None
    order = list(wanted)
    rng.shuffle(order)
    order.sort(key=lambda w: -len(wanted[w]))  # the first try: longest words first (the hardest to fit)
    for number in range(TRIES):
        attempt = planter.plant([(w, wanted[w]) for w in order], rng)
        if best is None or (len(attempt.paths), -len(attempt.off)) > (len(best.paths), -len(best.off)):
            best = attempt
        # every word in: done, or after a few more tries if some cubes are off their dice (often they must be)
        if len(best.paths) == len(wanted) and (not best.off or number >= TRIES // 4):
            break
        # the next try plants first the words that did not fit in this one
        order = [w for w in order if w not in attempt.paths] + [w for w in order if w in attempt.paths]
    assert best is not None
    board, on_cells, off = planter.fill(best, rng, bonus)
    paths = dict(best.paths)
    for word in wanted:
        if word not in paths:  # not planted, but the shake may have spelled it anyway
            found = board.find_path(word)
            if found is None:
                left_out[word] = Unplanted.NO_ROOM
            else:
                paths[word] = found
    planted = tuple(w for w in folded if w in paths)
    return LessonBoard(board, dice, on_cells, planted, {w: paths[w] for w in planted},
                       {w: left_out[w] for w in folded if w in left_out}, off)  # fmt: skip


@dataclass
class _Try:
    """One try's planted cubes: faces (None: free), the matching of cubes to dice, the paths."""

    faces: list[str | None]
    die_of: list[int]  # cell -> die, -1 if none (a free cube, or one off the dice)
    cell_of: list[int]  # die -> cell, -1 if free
    off: set[int]
    paths: dict[str, tuple[int, ...]]


class _Planter:
    """The dice and the board's shape, and the search that plants words on them."""

    def __init__(self, dice: Sequence[Sequence[str]], width: int) -> None:
        self.dice = dice
        self.n = len(dice)
        self.width = width
        around = neighbours(len(dice) // width, width)
        self.near = [sum(1 << nb for nb in around[c]) for c in range(self.n)]
        self.with_face: dict[str, list[int]] = {}
        for index, die in enumerate(dice):
            for face in dict.fromkeys(die):  # in the die's order: the same in every process
                self.with_face.setdefault(face, []).append(index)

    # -- the matching of planted cubes to dice ---------------------------------------------
    def _augment(self, t: _Try, cell: int, face: str, seen: set[int], order: dict[str, list[int]]) -> bool:
        for die in order.get(face, ()):
            if die in seen:
                continue
            seen.add(die)
            other = t.cell_of[die]
            if other < 0 or self._augment(t, other, t.faces[other] or "", seen, order):
                t.cell_of[die] = cell
                t.die_of[cell] = die
                return True
        return False

    def _fits_dice(self, faces: Iterable[str]) -> bool:
        """Can distinct dice show all these faces at once (a multiset)?"""
        cell_of = [-1] * self.n
        wants = list(faces)

        def augment(i: int, seen: set[int]) -> bool:
            for die in self.with_face.get(wants[i], ()):
                if die not in seen:
                    seen.add(die)
                    if cell_of[die] < 0 or augment(cell_of[die], seen):
                        cell_of[die] = i
                        return True
            return False

        return len(wants) <= self.n and all(augment(i, set()) for i in range(len(wants)))

    # -- planting ---------------------------------------------------------------------------
    def plant(self, words: Sequence[tuple[str, tuple[str, ...]]], rng: random.Random) -> _Try:
        """Plant the words in this order (each where it fits, or not at all)."""
        order = {face: rng.sample(dice, len(dice)) for face, dice in self.with_face.items()}
        t = _Try([None] * self.n, [-1] * self.n, [-1] * self.n, set(), {})
        letters: Counter[str] = Counter()
        for word, faces in words:
            path = self._path(t, faces, rng, order, True)
            if path is None and not self._fits_dice((letters + Counter(faces)).elements()):
                # a cube off the dice only when the dice cannot show these letters at once anyway
                path = self._path(t, faces, rng, order, False)
            if path is not None:
                t.paths[word] = path
                letters += Counter(faces)
        return t

    def _path(self, t: _Try, faces: tuple[str, ...], rng: random.Random, order: dict[str, list[int]],
              strict: bool) -> tuple[int, ...] | None:  # fmt: skip
        n, near = self.n, self.near
        free = sum(1 << c for c in range(n) if t.faces[c] is None)
        holding: dict[str, int] = {}
        for c, face in enumerate(t.faces):
            if face is not None:
                holding[face] = holding.get(face, 0) | 1 << c
        room: dict[str, bool] = {}  # face -> can one more cube show it (on its own die)?
        for face in dict.fromkeys(faces):
            if strict:
                saved = (t.die_of[:], t.cell_of[:])
                probe = next((c for c in range(n) if t.faces[c] is None), -1)
                ok = probe >= 0 and self._augment(t, probe, face, set(), order)
                t.die_of, t.cell_of = saved
                room[face] = ok
            else:
                room[face] = True
        k = len(faces)
        # can[i]: the cubes that may hold faces[i] with faces[i+1:] following (cubes reused: a bound)
        can = [0] * k
        after = (1 << n) - 1
        for i in range(k - 1, -1, -1):
            here = (holding.get(faces[i], 0) | (free if room[faces[i]] else 0)) & after
            if not here:
                return None
            can[i] = here
            after = 0
            rest = here
            while rest:
                low = rest & -rest
                rest ^= low
                after |= near[low.bit_length() - 1]
        # fresh[i]: positions from i on whose letter no planted cube on their way holds (each needs a new cube)
        fresh = [0] * (k + 1)
        for i in range(k - 1, -1, -1):
            fresh[i] = fresh[i + 1] + (0 if holding.get(faces[i], 0) & can[i] else 1)
        path: list[int] = []
        steps = WORD_STEPS

        def options(mask: int) -> list[int]:
            shared: list[int] = []
            fresh: list[int] = []
            while mask:
                low = mask & -mask
                mask ^= low
                c = low.bit_length() - 1
                (fresh if t.faces[c] is None else shared).append(c)
            rng.shuffle(shared)
            rng.shuffle(fresh)
            return shared + fresh

        # the path that needs the fewest new cubes (then the fewest off the dice) wins: words that share
        # cubes leave room for the others. best: (cost, path, the try's cubes and matching with it)
        best: list = [k * (n + 1) + 1, None, None]

        def extend(pos: int, used: int, cost: int) -> None:
            nonlocal steps
            if cost + fresh[pos] >= best[0]:
                return
            if pos == k:
                best[:] = [cost, tuple(path), (t.faces[:], t.die_of[:], t.cell_of[:], set(t.off))]
                steps = min(steps, SEARCH_ON)  # a path is found: look a little further for a better one
                return
            steps -= 1
            if steps <= 0:
                return
            mask = can[pos] & ~used
            if path:
                mask &= near[path[-1]]
            face = faces[pos]
            for c in options(mask):
                if best[0] == fresh[0] or steps <= 0:
                    return
                placed = t.faces[c] is None
                added = 0
                if placed:
                    saved = (t.die_of[:], t.cell_of[:])
                    t.faces[c] = face
                    added = 1
                    if not self._augment(t, c, face, set(), order):
                        if strict:
                            t.faces[c] = None
                            t.die_of, t.cell_of = saved
                            continue
                        t.off.add(c)
                        added = n + 1
                elif t.faces[c] != face:
                    continue
                path.append(c)
                extend(pos + 1, used | 1 << c, cost + added)
                path.pop()
                if placed:
                    t.faces[c] = None
                    t.off.discard(c)
                    t.die_of, t.cell_of = saved

        extend(0, 0, 0)
        if best[1] is None:
            return None
        t.faces, t.die_of, t.cell_of, t.off = best[2]
        return best[1]

    # -- the rest of the shake ---------------------------------------------------------------
    def fill(self, t: _Try, rng: random.Random, bonus: bool) -> tuple[Board, tuple[int, ...], frozenset[int]]:
        """The board: planted cubes on their matched dice, the other dice shaken into the other cubes."""
        spare = [d for d in range(self.n) if t.cell_of[d] < 0]
        rng.shuffle(spare)
        dice = list(t.die_of)
        cells: list[str] = []
        off = set()
        for c in range(self.n):
            if dice[c] < 0:
                dice[c] = spare.pop()
            face = t.faces[c]
            if face is None:
                face = rng.choice(self.dice[dice[c]])
            elif face not in self.dice[dice[c]]:
                off.add(c)
            cells.append(face)
        board = Board(tuple(cells), self.width, rng.randrange(self.n) if bonus else None)
        return board, tuple(dice), frozenset(off)
