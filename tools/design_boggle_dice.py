#!/usr/bin/env python3
"""Derive the Spanish Boggle dice ("es" in myword_edu/boggle/round.py) from the shipped Spanish list.

No official Spanish Boggle set exists (DESIGN.md, "Boggle"). The 16 dice x 6
faces = 96 faces are shared out by letter frequency:

1. Letter frequencies of the folded Spanish list, two ways, averaged:
   *running text* (each word weighted by 10 ** Zipf, so the words children
   read count most) and *the list itself* (each form once: the words the
   solver accepts, verb forms included).
2. Q always comes before U in Spanish, so Q lives only on one "Qu" face;
   Ñ gets one face (rare, but it is Spanish's own letter).
3. Letters worth less than a fifth of a face are left out (X, and K and W,
   which only loan words use). Every other letter gets at least one face; the rest are
   shared by frequency (largest remainder), like the MyWord! deck.
4. Faces go onto dice commonest first, each onto a die that does not have
   that letter yet: the one with the fewest faces, then the one sharing the
   fewest pairs of letters with the other dice (so no two dice are alike and
   a board rarely shows the same pairs over and over), then the one with the
   least total frequency so far, then the lowest number. No die repeats a
   letter, and each mixes common and rare ones.

Then the set is measured: average words and points per board against the
English sets ("classic", "new", "big"), on seeded boards, with the full list
and with common words only (Zipf >= 3, words a child may know).

    python tools/design_boggle_dice.py            # derive, print, measure (about a minute)
    python tools/design_boggle_dice.py --boards 50
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from myword_edu.boggle.board import Board  # noqa: E402
from myword_edu.boggle.dice import DICE  # noqa: E402
from myword_edu.boggle.scoring import score_word  # noqa: E402
from myword_edu.boggle.solver import solve  # noqa: E402
from myword_edu.lexicon.wordlist import load_lexicon  # noqa: E402

DICE_COUNT = 16
FACES_PER_DIE = 6
MIN_SHARE_OF_A_FACE = 1 / 5
FORCED = {"qu": 1, "ñ": 1}


def letter_frequencies(lang: str = "es") -> dict[str, float]:
    """The average of running-text and word-list letter frequencies (folded letters)."""
    lexicon = load_lexicon(lang)
    text: Counter = Counter()
    forms: Counter = Counter()
    for rank, word in enumerate(lexicon):  # alphabetical order = rank order
        zipf = lexicon.zipf_at_rank(rank)
        letters = Counter(word)
        forms.update(letters)
        if zipf > 0:
            weight = 10**zipf
            for ch, n in letters.items():
                text[ch] += n * weight
    total_text, total_forms = sum(text.values()), sum(forms.values())
    return {ch: (text[ch] / total_text + forms[ch] / total_forms) / 2 for ch in sorted(set(text) | set(forms))}


def face_counts(freq: dict[str, float]) -> dict[str, int]:
    """How many faces each letter (and Qu) gets."""
    faces = DICE_COUNT * FACES_PER_DIE
    budget = faces - sum(FORCED.values())
    letters = [ch for ch in freq if ch not in ("q", "ñ")]
    total = sum(freq[ch] for ch in letters)
    ideal = {ch: freq[ch] / total * budget for ch in letters}
    kept = [ch for ch in letters if ideal[ch] >= MIN_SHARE_OF_A_FACE]
    total = sum(freq[ch] for ch in kept)
    counts = {ch: 1 for ch in kept}  # one face each is given; the rest by frequency
    extra = {ch: max(0.0, freq[ch] / total * budget - 1) for ch in kept}
    scale = (budget - len(kept)) / sum(extra.values())
    floors = {ch: int(extra[ch] * scale) for ch in kept}
    for ch in kept:
        counts[ch] += floors[ch]
    left = budget - sum(counts.values())
    order = sorted(kept, key=lambda ch: (-(extra[ch] * scale - floors[ch]), ch))
    for ch in order[:left]:
        counts[ch] += 1
    counts.update(FORCED)
    return counts


def place(counts: dict[str, int], freq: dict[str, float]) -> tuple[tuple[str, ...], ...]:
    """Put the faces on dice (step 4 of the module docstring)."""
    weight = {face: freq.get(face, 0.0) if face != "qu" else freq.get("q", 0.0) for face in counts}
    faces = sorted((face for face, n in counts.items() for _ in range(n)), key=lambda f: (-weight[f], f))
    dice: list[list[str]] = [[] for _ in range(DICE_COUNT)]
    strength = [0.0] * DICE_COUNT
    pairs: Counter = Counter()  # how many dice already carry each pair of faces
    for face in faces:
        options = [i for i in range(DICE_COUNT) if len(dice[i]) < FACES_PER_DIE and face not in dice[i]]
        best = min(
            options,
            key=lambda i: (len(dice[i]), sum(pairs[frozenset((face, g))] for g in dice[i]), strength[i], i),
        )
        for other in dice[best]:
            pairs[frozenset((face, other))] += 1
        dice[best].append(face)
        strength[best] += weight[face]
    return tuple(tuple(die) for die in dice)


def design() -> tuple[tuple[str, ...], ...]:
    """The Spanish dice, derived from the shipped list."""
    freq = letter_frequencies("es")
    return place(face_counts(freq), freq)


def as_source(dice: tuple[tuple[str, ...], ...]) -> str:
    """The dice as written in boggle.py (``Q`` for the Qu face)."""
    return " ".join("".join("Q" if f == "qu" else f.upper() for f in die) for die in dice)


def measure(name: str, boards: int) -> dict[str, float]:
    """Average words (all, and common ones) and points per seeded board of a dice set."""
    lang = "es" if name == "es" else "en"
    lexicon = load_lexicon(lang)
    words, common, points = [], [], []
    for seed in range(boards):
        board = Board.roll(name, seed=seed)
        found = [w for w in solve(board, lexicon) if not lexicon.is_blocked(w)]
        words.append(len(found))
        common.append(sum(1 for w in found if lexicon.zipf(w) >= 3.0))
        points.append(sum(score_word(w) for w in found))
    return {
        "words": statistics.mean(words),
        "median": statistics.median(words),
        "common": statistics.mean(common),
        "points": statistics.mean(points),
        "empty": sum(1 for n in words if n < 10) / boards,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=300, help="seeded boards per dice set (default 300)")
    args = parser.parse_args(argv)
    freq = letter_frequencies("es")
    counts = face_counts(freq)
    print("Spanish letter frequencies (average of running text and word list):")
    print("  " + ", ".join(f"{ch} {freq[ch] * 100:.2f}%" for ch in sorted(freq, key=lambda c: -freq[c])))
    print("Faces:", dict(sorted(counts.items(), key=lambda kv: -kv[1])), f"({sum(counts.values())} faces)")
    dice = place(counts, freq)
    print("Dice:", as_source(dice))
    if dice != DICE["es"]:
        print("NOTE: boggle.py's DICE['es'] differs from this derivation; copy the line above into it.")
    print(f"\nWords per board ({args.boards} seeded boards; blocked words left out; min 3 letters on 4x4, 4 on 5x5):")
    print(f"{'dice':8s} {'list':4s} {'words':>7s} {'median':>7s} {'common':>7s} {'points':>7s} {'<10 words':>10s}")
    for name in ("classic", "new", "big", "es"):
        m = measure(name, args.boards)
        lang = "es" if name == "es" else "en"
        print(
            f"{name:8s} {lang:4s} {m['words']:7.1f} {m['median']:7.0f} {m['common']:7.1f} {m['points']:7.1f} "
            f"{m['empty'] * 100:9.1f}%"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
