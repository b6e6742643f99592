"""Listen and build's engine (myword/listening.py): which word is said, when, and how a try is judged."""

from __future__ import annotations

from collections import Counter

import pytest

from myword_edu.core.errors import BadWordError
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.core.resources import data_dir
from myword_edu.myword.lessons import parse_lesson
from myword_edu.myword.listening import EXTRA_CARDS, JUNIOR_TRIES, Cue, Listening, listen_order
from myword_edu.myword.round import Round
from myword_edu.myword.stacking import stack_deck, stacked_deal
from myword_edu.myword.cards import parse_cards
from myword_edu.myword.values import Player, Reason

WORDS = ["ship", "shop", "chin", "that", "fish", "hop", "his", "chop", "tin"]
LEX = Lexicon.from_words(WORDS, blocked=[])


def lesson(focus=("ship", "chin", "that"), extra='extra_cards = "SH SH CH TH"'):
    text = f'title = "T"\nlanguage = "en"\nfocus = {list(focus)!r}\n{extra}\n'.replace("'", '"')
    return parse_lesson(text, "t", lexicons=lambda lang: LEX)


def dealt(rnd: Round) -> int:
    return rnd.deck_size - rnd.cards_left


def deal_to(rnd: Round, listening: Listening) -> None:
    while dealt(rnd) < listening.deal_to(rnd.deck_size):
        rnd.deal()


def play(seed=4, *, junior=False, focus=("ship", "chin", "that")):
    les = lesson(focus)
    rnd = Round([Player("Ana")], les.deal(seed, 0), LEX, junior=junior)
    return les, rnd, Listening(listen_order(les, seed, 0), junior=junior)


def test_stacked_deal_says_where_each_block_is_and_deals_as_before():
    import random

    les = lesson()
    blocks = [les.spellings[w] for w in les.focus]
    deck, where = stacked_deal(les.cards, blocks[1:], random.Random(9), first=blocks[:1])
    assert deck == stack_deck(les.cards, blocks[1:], random.Random(9), first=blocks[:1])  # the same deal
    for block, (start, end) in zip(blocks, where):
        assert Counter(deck[start:end]) == Counter(block)


def test_words_are_said_in_the_order_their_cards_come_out():
    for seed in range(12):
        les = lesson()
        cues = listen_order(les, seed, 1)
        deck = les.deal(seed, 1)
        assert sorted(c.word for c in cues) == sorted(les.focus)
        assert [c.start for c in cues] == sorted(c.start for c in cues)
        for cue in cues:
            assert Counter(deck[cue.start : cue.end]) == Counter(les.spellings[cue.word])
            assert cue.shown == cue.word


def test_a_review_lesson_says_the_words_to_review_first():
    les = lesson().reviewing(["that", "chin"])
    assert [c.word for c in listen_order(les, 5, 0)][:2] == ["that", "chin"]


def test_a_word_is_said_once_its_cards_are_on_the_table_and_never_before():
    les, rnd, listening = play()
    while not listening.is_over:
        cue = listening.cue
        assert listening.deal_to(rnd.deck_size) >= cue.end
        deal_to(rnd, listening)
        assert dealt(rnd) <= cue.end + EXTRA_CARDS
        assert listening.say().word == cue.word
        assert listening.claim(rnd, "Ana", cue.word).right  # its cards are there: it can always be built
    assert listening.say() is None and listening.deal_to(rnd.deck_size) == 0


def test_extra_cards_never_reach_into_the_next_word():
    listening = Listening([Cue("a", "a", 0, 3), Cue("b", "b", 4, 7), Cue("c", "c", 20, 23)])
    assert listening.deal_to(30) == 4
    listening._index = 1
    assert listening.deal_to(30) == 9
    listening._index = 2
    assert listening.deal_to(24) == 24  # never past the deck


def test_the_right_word_takes_its_cards_and_the_next_is_asked():
    les, rnd, listening = play()
    deal_to(rnd, listening)
    first = listening.cue
    heard = listening.claim(rnd, "Ana", first.word.upper())
    assert heard.right and heard.done and heard.result.accepted and heard.word == first.word
    assert rnd.scores["Ana"] == len(les.spellings[first.word])
    assert listening.cue is not None and listening.cue.word != first.word and listening.number == 2


def test_another_real_word_is_a_failed_call_that_moves_nothing():
    rnd = Round([Player("Ana")], parse_cards("S H I P O X Y Z"), LEX)
    listening = Listening([Cue("ship", "ship", 0, 4)])
    deal_to(rnd, listening)  # S H I P O: SHOP could be built too
    table = rnd.table
    heard = listening.claim(rnd, "Ana", "SHOP")
    assert heard.result.reason is Reason.NOT_HEARD and not heard.right and heard.done  # one try (standard rules)
    assert rnd.table == table and rnd.scores["Ana"] == 0 and heard.word == "ship"
    assert Reason.NOT_HEARD.is_penalised and listening.is_over


def test_a_real_word_whose_cards_are_not_there_is_the_rounds_answer():
    rnd = Round([Player("Ana")], parse_cards("S H I P O X Y Z"), LEX)
    listening = Listening([Cue("ship", "ship", 0, 4)], junior=True)
    deal_to(rnd, listening)
    assert listening.claim(rnd, "Ana", "fish").result.reason is Reason.CARDS_NOT_ON_TABLE


def test_not_a_word_is_the_rounds_answer_and_counts_as_a_miss():
    les, rnd, listening = play()
    deal_to(rnd, listening)
    heard = listening.claim(rnd, "Ana", "shpi")
    assert heard.result.reason is Reason.NOT_A_WORD and heard.done and not heard.right
    assert listening.number == 2


def test_clicked_cards_in_the_wrong_order_miss():
    les, rnd, listening = play()
    deal_to(rnd, listening)
    cue = listening.cue
    ids = [tc.id for tc in rnd.table_cards if cue.start <= tc.id < cue.end]
    built = "".join(rnd.initial_deck[i].letters for i in ids[::-1])
    heard = listening.claim(rnd, "Ana", built, ids[::-1])  # (the page sends the cards' letters with them)
    assert heard.right == (built == cue.word) and heard.done


def test_ages_7_get_three_tries_and_the_word_is_said_again_slowly():
    les, rnd, listening = play(junior=True)
    deal_to(rnd, listening)
    cue = listening.cue
    listening.say()
    for n in range(1, JUNIOR_TRIES):
        heard = listening.claim(rnd, "Ana", "zzzq")
        assert not heard.done and heard.tries == n and listening.cue == cue
        assert rnd.scores["Ana"] == 0  # no penalty
        assert listening.say(slow=True) == type(listening.say())(cue.word, True)
    last = listening.claim(rnd, "Ana", "zzzq")
    assert last.done and last.tries == JUNIOR_TRIES and listening.cue != cue


def test_text_that_is_no_word_at_all_changes_nothing():
    les, rnd, listening = play()
    deal_to(rnd, listening)
    cue = listening.cue
    with pytest.raises(BadWordError):
        listening.claim(rnd, "Ana", "12!")
    with pytest.raises(BadWordError):
        listening.claim(rnd, "Ana", None)  # type: ignore[arg-type]
    assert listening.cue == cue and listening.answers == []


def test_after_the_round_nothing_is_a_try():
    les, rnd, listening = play()
    deal_to(rnd, listening)
    cue = listening.cue
    rnd.finish()
    heard = listening.claim(rnd, "Ana", cue.word)
    assert not heard.is_try and listening.cue == cue and listening.answers == []


def test_a_resumed_round_asks_the_word_after_the_last_one_taken():
    les, rnd, listening = play()
    cues = listening.cues
    listening.skip_taken([cues[1].word, "fish"])
    assert listening.cue == cues[2]
    listening.skip_taken([])
    assert listening.cue == cues[2]


def test_the_speed_alternates_and_starts_slow_when_the_teacher_chose_slow():
    cue = Cue("cat", "cat", 0, 3)
    assert [Listening([cue]).say().slow] == [False]
    slow = Listening([cue], slow_first=True)
    assert [slow.say().slow for _ in range(3)] == [True, False, True]


@pytest.mark.parametrize("lesson_id", ["en-3-digraphs", "es-4-enye", "es-5-tildes"])
def test_every_shipped_lesson_can_be_played_by_ear_word_after_word(lesson_id):
    from myword_edu.lexicon.wordlist import load_lexicon

    les = LessonLibrary([data_dir("lessons")]).get(lesson_id)
    lexicon = load_lexicon(les.lang)
    for index in range(les.rounds):
        rnd = Round([Player("Ana", min_cards=2)], les.deal(11, index), lexicon)
        listening = Listening(listen_order(les, 11, index))
        said = []
        while not listening.is_over:
            deal_to(rnd, listening)
            word = listening.say().word
            said.append(word)
            assert listening.claim(rnd, "Ana", les.shown[word]).right, (lesson_id, word)
        assert sorted(said) == sorted(les.focus)
