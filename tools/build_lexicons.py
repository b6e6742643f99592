#!/usr/bin/env python3
"""Compile wordlists/<lang>.words.txt + <lang>.zipf.tsv into wordlists/<lang>.lexicon.

The .lexicon file is what the app memory-maps (see myword_edu/lexicon/dawg.py and
myword_edu/lexicon/wordlist.py). It is derived data: rebuild it whenever a word list
changes. tests/unit/test_lexicon.py checks it still agrees with the text lists.

    python tools/build_lexicons.py            # both languages
    python tools/build_lexicons.py es
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from myword_edu.lexicon.wordlist import pack_lexicon, read_word_file  # noqa: E402


def read_source(path: Path) -> str:
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("# source:"):
                return line[len("# source:") :].strip()
    return ""


def build(lang: str) -> Path:
    folder = ROOT / "wordlists"
    words_path = folder / f"{lang}.words.txt"
    words = read_word_file(words_path, "wordlist")
    zipf = {}
    for line in read_word_file(folder / f"{lang}.zipf.tsv", "zipf"):
        word, value = line.split("\t")
        zipf[word] = float(value)
    started = time.perf_counter()
    data = pack_lexicon(((w, zipf.get(w, 0.0)) for w in words), lang, source=read_source(words_path))
    out = folder / f"{lang}.lexicon"
    out.write_bytes(data)
    print(f"{out.name}: {len(words)} words, {len(data) / 1e6:.2f} MB, {time.perf_counter() - started:.1f} s")
    return out


if __name__ == "__main__":
    for lang in sys.argv[1:] or ["en", "es"]:
        build(lang)
