"""spell() and the solver agree with brute-force references on random small tables."""

from collections import Counter
from itertools import permutations

from hypothesis import given, settings, strategies as st

from myword_edu.myword.cards import Card
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.myword.solver import words_on_table
from myword_edu.myword.spelling import best_spelling

LETTERS = "acnt"
card_faces = st.sampled_from(
    list(LETTERS) + ["ca", "an", "nt", "ta", "?", "??", "ñ"]
)
tables = st.lists(card_faces, min_size=0, max_size=6).map(lambda faces: [Card(f) for f in faces])
words = st.text(alphabet=LETTERS + "ñ", min_size=1, max_size=5)


def spells(word, sequence):
    position = 0
    for card in sequence:
        chunk = word[position : position + card.width]
        if not card.matches(chunk):
            return False
        position += card.width
    return position == len(word)


def brute_best(word, table):
    """(cards, -wilds) of the best spelling, by trying every ordered choice of cards."""
    best = None
    for size in range(1, len(table) + 1):
        for sequence in set(permutations(table, size)):
            if spells(word, sequence):
                score = (size, -sum(c.is_wild for c in sequence))
                best = score if best is None or score > best else best
    return best


@settings(max_examples=300, deadline=None)
@given(words, tables)
def test_spell_matches_brute_force(word, table):
    found = best_spelling(word, table)
    expected = brute_best(word, table)
    if expected is None:
        assert found is None
    else:
        assert found is not None
        assert spells(word, found)
        assert not Counter(found) - Counter(table)
        assert (len(found), -sum(c.is_wild for c in found)) == expected


LEXICON_WORDS = sorted(
    {"".join(p) for n in range(1, 5) for p in permutations("acnta", n)} | {"ñata", "caña", "nana"}
)
SMALL = Lexicon.from_words(LEXICON_WORDS, lang="es", blocked=[])


@settings(max_examples=200, deadline=None)
@given(tables, st.integers(min_value=1, max_value=4))
def test_solver_equals_brute_force_and_every_word_passes_spell(table, min_cards):
    solved = words_on_table(table, SMALL, min_cards=min_cards)
    expected = set()
    for word in SMALL:
        found = best_spelling(word, table)
        if found is not None and len(found) >= min_cards:
            expected.add(word)
    assert solved == expected


ABC_WORDS = Lexicon.from_words(
    sorted({"".join(p) for n in range(1, 7) for p in __import__("itertools").product("abc", repeat=n)}),
    blocked=[],
)
abc_tables = st.lists(
    st.sampled_from(["a", "b", "c", "ab", "ba", "cc", "?", "??"]), max_size=8
).map(lambda faces: [Card(f) for f in faces])


@settings(max_examples=300, deadline=None)
@given(abc_tables, st.integers(min_value=1, max_value=5), st.one_of(st.none(), st.integers(2, 6)))
def test_solver_with_many_wilds_equals_reference(table, min_cards, max_letters):
    """Dense tables over three letters: every ?/??/double interplay shows up here."""
    solved = words_on_table(table, ABC_WORDS, min_cards=min_cards, max_letters=max_letters)
    expected = set()
    for word in ABC_WORDS:
        if max_letters is not None and len(word) > max_letters:
            continue
        found = best_spelling(word, table)
        if found is not None and len(found) >= min_cards:
            expected.add(word)
    assert solved == expected
