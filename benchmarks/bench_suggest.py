#!/usr/bin/env python3
"""Did-you-mean suggestions and lesson drafts: how long a teacher waits after pasting the words.

- suggest: the word-graph walk (:func:`myword_edu.lexicon.suggest.suggest`, up to two edits)
  against a baseline in the same run: every word one edit away generated and looked up
  in the lexicon (the classic approach; it cannot reach two edits in reasonable time);
- check: :func:`myword_edu.myword.lesson_draft.check_draft` on a week's list of six words,
  one misspelled (suggestions cached after the first check, as in the panel), and on
  every shipped lesson read back as a draft.

    python benchmarks/bench_suggest.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from myword_edu.core.resources import data_dir  # noqa: E402
from myword_edu.core.text import alphabet  # noqa: E402
from myword_edu.lexicon.suggest import suggest  # noqa: E402
from myword_edu.lexicon.wordlist import load_lexicon  # noqa: E402
from myword_edu.myword.lesson_draft import LessonDraft, check_draft, draft_from_lesson  # noqa: E402
from myword_edu.myword.lesson_library import LessonLibrary  # noqa: E402

MISSPELLED = {
    "en": ["freind", "siad", "becuase", "peple", "scool", "wher", "thier", "necesary", "beautifull", "untill"],
    "es": ["arbl", "lapis", "nino", "cansion", "ecsamen", "musca", "jardn", "pinguino", "cuidad", "hiba"],
}


def one_edit(word: str, lexicon, letters: str) -> list[str]:
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    edits = {a + b[1:] for a, b in splits if b}
    edits |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    edits |= {a + c + b[1:] for a, b in splits if b for c in letters}
    edits |= {a + c + b for a, b in splits for c in letters}
    found = [w for w in edits if w != word and w in lexicon and not lexicon.is_blocked(w)]
    return sorted(found, key=lambda w: -lexicon.zipf(w))[:3]


def median_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    for lang, words in MISSPELLED.items():
        lexicon = load_lexicon(lang)
        suggest(words[0], lexicon)  # page the word graph in
        walk = [median_ms(lambda w=w: suggest(w, lexicon), runs) for w in words]
        base = [median_ms(lambda w=w: one_edit(w, lexicon, alphabet(lang)), runs) for w in words]
        print(f"suggest {lang} ({len(lexicon)} words): graph walk median {statistics.median(walk):.1f} ms "
              f"(max {max(walk):.1f}), one-edit lookups {statistics.median(base):.1f} ms: "
              f"ratio {statistics.median(walk) / statistics.median(base):.2f}")  # fmt: skip
    week = LessonDraft("Week 1", "en", ("friend", "because", "people", "school", "where", "siad"))
    first = median_ms(lambda: check_draft(week), 1)
    again = median_ms(lambda: check_draft(week), runs)
    fixed = LessonDraft("Week 1", "en", ("friend", "because", "people", "school", "where", "said"))
    good = median_ms(lambda: check_draft(fixed), runs)
    print(f"check a week's six words: first {first:.1f} ms, again {again:.1f} ms (suggestions cached), "
          f"all right (deck and lesson file) {good:.1f} ms")  # fmt: skip
    shipped = LessonLibrary([data_dir("lessons")]).lessons()
    per = [median_ms(lambda lesson=lesson: check_draft(draft_from_lesson(lesson)), runs) for lesson in shipped]
    print(f"check every shipped lesson as a draft: median {statistics.median(per):.1f} ms, max {max(per):.1f} ms")


if __name__ == "__main__":
    main()
