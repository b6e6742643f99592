import pytest

from myword_edu.core.errors import MyWordError, NotAWordError, UnknownLanguageError, WordListError
from myword_edu.lexicon.wordlist import Lexicon, load_lexicon, pack_lexicon, read_word_file
from myword_edu.core.resources import data_dir
from myword_edu.core.text import fold


def test_english_words(en):
    for word in ["cat", "dogs", "walked", "queen", "dunk", "mask", "CAT", " Cat "]:
        assert word in en, word
    for word in ["i'm", "paris", "usa", "qxz", "", "c4t", "🙂"]:
        assert word not in en, word
    assert en.lang.value == "en" and len(en) > 60_000


def test_spanish_words_fold_accents_but_not_enye(es):
    assert "camion" in es and "CAMIÓN" in es and "camión" in es
    assert es.spelling("camion") == "camión"
    assert es.spelling("PINGUINO") == "pingüino"
    assert "pingüinos" in es and "niño" in es and "años" in es
    assert "nino" not in es or es.spelling("nino") != "niño"  # ñ is its own letter
    for word in ["etc", "sra", "madrid"]:
        assert word not in es, word
    assert len(es) > 500_000


def test_spelling_of_unknown_word_is_a_lookup_error(en):
    with pytest.raises(NotAWordError) as info:
        en.spelling("qxz")
    assert isinstance(info.value, LookupError) and "QXZ" in str(info.value)


def test_zipf_orders_common_before_rare(en, es):
    assert en.zipf("the") > en.zipf("cat") > en.zipf("ocelot") > 0
    assert es.zipf("casa") > es.zipf("ornitorrinco")
    assert en.zipf("qxz") == 0.0


def test_blocklists(en, es):
    assert en.is_blocked("fuck") and en.is_blocked("FUCKING")
    assert not en.is_blocked("cat")
    assert es.is_blocked("mierda") and not es.is_blocked("casa")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_compiled_lexicon_matches_text_list(lang):
    lexicon = load_lexicon(lang)
    words = read_word_file(data_dir("wordlists") / f"{lang}.words.txt", "wordlist")
    assert list(lexicon) == sorted({fold(w) for w in words})
    for word in words[:: max(1, len(words) // 3000)]:
        assert word in lexicon
        assert fold(lexicon.spelling(word)) == fold(word)


def test_unknown_language():
    with pytest.raises(UnknownLanguageError):
        load_lexicon("fr")


def test_from_words_reports_every_bad_entry():
    with pytest.raises(WordListError) as info:
        Lexicon.from_words(["ok", "", "two words", "año"], lang="en")
    assert len(info.value.problems) == 3
    assert "word 4" in info.value.problems[2]


def test_from_words_keeps_shipped_blocklist_by_default():
    lexicon = Lexicon.from_words(["cat", "fuck"], lang="en")
    assert "fuck" in lexicon and lexicon.is_blocked("fuck")


def test_lexicon_from_bytes_without_mmap():
    data = pack_lexicon([("árbol", 4.0), ("arbol", 1.0), ("casa", 5.5)], "es", source="test")
    lexicon = Lexicon(data, blocked=[])
    assert lexicon.spelling("ARBOL") == "árbol" and lexicon.zipf("casa") == 5.5
    with pytest.raises(ValueError):
        Lexicon(b"XXXX" + data[4:])


@pytest.mark.parametrize(
    "build",
    [lambda: Lexicon.from_words(5), lambda: Lexicon.from_words("cat"), lambda: Lexicon.from_words(None),
     lambda: Lexicon.from_words(["cat"], zipf=["cat"]), lambda: Lexicon.from_words(["cat"], zipf={"cat": "often"}),
     lambda: Lexicon.from_words(["cat"], blocked=5), lambda: Lexicon.from_words(["cat"], blocked=[5]),
     lambda: Lexicon.from_words(["cat"], blocked="cat"), lambda: Lexicon(5), lambda: Lexicon(b"junk")],
)  # fmt: skip
def test_wrongly_typed_input_is_a_typed_error(build):
    with pytest.raises(MyWordError):
        build()


def test_queries_about_something_that_is_not_text():
    lex = Lexicon.from_words(["cat"], blocked=[])
    assert 5 not in lex and lex.rank(5) == -1 and lex.zipf(None) == 0.0 and not lex.is_blocked(["cat"])
    with pytest.raises(NotAWordError):
        lex.spelling(5)
