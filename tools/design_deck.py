#!/usr/bin/env python3
"""Derive the deck's letter mix from both shipped word lists (DESIGN.md, "Deck").

Letter and bigram frequencies are measured on running text: every word of the
list weighted by its frequency (10 ** Zipf), so common words count most. The
English and Spanish figures are averaged (one deck serves both languages).

- 54 single letter cards: one Ñ; no single Q (Q is only ever followed by U in
  both languages, so it lives on the QU card); every other letter at least one
  card; the remaining cards shared out by frequency (largest remainder).
- 15 double letter cards: QU, CH and ND (the rulebooks' examples), then the
  most frequent remaining bigrams.
- 3 wilds: ? ? ?? (fixed by DESIGN.md).

    python tools/design_deck.py     # prints the mix; cards.py holds the result
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from myword_edu.lexicon.wordlist import read_word_file  # noqa: E402
from myword_edu.core.text import fold  # noqa: E402

SINGLES = 54
DOUBLES = 15
FORCED_DOUBLES = ("qu", "ch", "nd")


def frequencies(lang: str) -> tuple[dict[str, float], dict[str, float]]:
    zipf = {}
    for line in read_word_file(ROOT / "wordlists" / f"{lang}.zipf.tsv", "zipf"):
        word, value = line.split("\t")
        zipf[word] = float(value)
    letters: Counter = Counter()
    bigrams: Counter = Counter()
    for word in read_word_file(ROOT / "wordlists" / f"{lang}.words.txt", "wordlist"):
        weight = 10 ** zipf.get(word, 0.0) if word in zipf else 0.0
        if not weight:
            continue
        folded = fold(word)
        for ch in folded:
            letters[ch] += weight
        for a, b in zip(folded, folded[1:]):
            bigrams[a + b] += weight
    total_l = sum(letters.values())
    total_b = sum(bigrams.values())
    return ({k: v / total_l for k, v in letters.items()}, {k: v / total_b for k, v in bigrams.items()})


def design() -> tuple[dict[str, int], list[str]]:
    en_l, en_b = frequencies("en")
    es_l, es_b = frequencies("es")
    letters = "abcdefghijklmnoprstuvwxyz"  # no single Q; Ñ added below
    share = {ch: (en_l.get(ch, 0) + es_l.get(ch, 0)) / 2 for ch in letters}
    counts = {ch: 1 for ch in letters}
    budget = SINGLES - 1 - len(letters)  # one card each is given; one Ñ
    total = sum(share.values())
    ideal = {ch: share[ch] / total * (SINGLES - 1) for ch in letters}
    extra = {ch: max(0.0, ideal[ch] - 1) for ch in letters}
    scale = budget / sum(extra.values())
    floors = {ch: int(extra[ch] * scale) for ch in letters}
    for ch in letters:
        counts[ch] += floors[ch]
    left = budget - sum(floors.values())
    by_remainder = sorted(letters, key=lambda ch: (-(extra[ch] * scale - floors[ch]), ch))
    for ch in by_remainder[:left]:
        counts[ch] += 1
    counts["ñ"] = 1
    pair_score = {
        pair: (en_b.get(pair, 0) + es_b.get(pair, 0)) / 2
        for pair in set(en_b) | set(es_b)
        if "ñ" not in pair
    }
    doubles = list(FORCED_DOUBLES)
    for pair in sorted(pair_score, key=lambda p: (-pair_score[p], p)):
        if len(doubles) == DOUBLES:
            break
        if pair not in doubles:
            doubles.append(pair)
    return dict(sorted(counts.items(), key=lambda kv: "abcdefghijklmnopqrstuvwxyzñ".index(kv[0]))), doubles


if __name__ == "__main__":
    singles, doubles = design()
    print("SINGLE_LETTER_COUNTS =", singles, f"# {sum(singles.values())} cards")
    print("DOUBLE_LETTER_CARDS =", tuple(doubles))
