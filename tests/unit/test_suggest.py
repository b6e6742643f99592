"""Did you mean...? Suggestions from the shipped word lists, nearest and most common first."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from myword_edu.lexicon.suggest import near_words, suggest
from myword_edu.lexicon.wordlist import Lexicon, load_lexicon


def test_english_misspellings_get_the_word_the_teacher_meant_first():
    en = load_lexicon("en")
    for typed, meant in (("freind", "friend"), ("siad", "said"), ("becuase", "because"), ("peple", "people"),
                         ("scool", "school"), ("wher", "where"), ("thier", "their"), ("necesary", "necessary")):  # fmt: skip
        assert suggest(typed, en)[0] == meant, typed


def test_spanish_suggestions_come_with_their_accents_and_enye():
    es = load_lexicon("es")
    assert suggest("arbl", es)[0] == "árbol"
    assert suggest("lapis", es)[0] == "lápiz"
    assert suggest("nino", es)[0] == "niño"
    assert suggest("cansion", es)[0] == "canción"


def test_blocked_words_are_never_suggested():
    lex = Lexicon.from_words(["darn", "barn", "yarn"], zipf={"darn": 6.0, "barn": 3.0}, blocked=["darn"])
    assert suggest("dar", lex) == ["barn", "yarn"]  # "darn", one letter away and the most common, is left out
    assert suggest("daarn", lex) == ["barn", "yarn"]


def test_nothing_near_gives_nothing_and_odd_input_is_safe():
    en = load_lexicon("en")
    assert suggest("qqqqxzzv", en) == []
    assert suggest("", en) == [] and suggest(None, en) == [] and suggest("x" * 500, en) == []  # type: ignore[arg-type]


WORDS = st.text(alphabet="abcde", min_size=1, max_size=6)


def distance(a: str, b: str) -> int:
    """Optimal string alignment distance, the slow way."""
    d = [[max(i, j) if 0 in (i, j) else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


@settings(max_examples=150, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=30, unique=True), WORDS, st.integers(0, 2))
def test_the_graph_walk_finds_exactly_the_words_within_the_distance(words, typed, most):
    lex = Lexicon.from_words(words, blocked=[])
    expected = {w: distance(typed, w) for w in words if w != typed and distance(typed, w) <= most}
    assert near_words(typed, lex, most) == expected
