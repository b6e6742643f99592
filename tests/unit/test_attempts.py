"""One Attempt for every game: built from a MyWord! claim or a Boggle play, the same fields, checked when made;
the browser's storage keeps a Boggle round's crossed-out words across a reload."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from myword_edu.boggle.round import Board, Round
from myword_edu.classroom.attempts import Attempt, Outcome
from myword_edu.classroom.browser_progress import BrowserProgress, records_json
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.myword.cards import parse_cards
from myword_edu.myword.lessons import parse_lesson
from myword_edu.myword.round import Player
from myword_edu.myword.round import Round as MyWordRound

LEX = Lexicon.from_words(["cat", "act", "cats", "scat", "ship"], blocked=[])
LESSON = parse_lesson('title = "Cats"\nlanguage = "en"\nfocus = ["cat", "ship"]\n', "cats", lexicons=lambda _l: LEX)


def _claims(*calls: str, min_cards: int = 3):
    rnd = MyWordRound([Player("Ana", min_cards=min_cards)], parse_cards("C A T S H I P"), LEX)
    for _ in range(7):
        rnd.deal()
    out = []
    for word in calls:
        table = rnd.table
        out.append((rnd.claim("Ana", word), table))
    return out


def test_a_claim_gives_the_same_fields_as_every_mode_stores():
    (won, table), (slip, table2) = _claims("cat", "cta")
    a = Attempt.from_claim(won, student_id=1, game_id="g", round=1, lang="en", lesson=LESSON, table_before=table)
    assert (a.game, a.word, a.cards, a.card_count, a.outcome, a.reason, a.points, a.lesson, a.focus_word) == (
        "myword", "cat", "C A T", 3, Outcome.ACCEPTED, None, 3, "cats", "cat")  # fmt: skip
    b = Attempt.from_claim(slip, student_id=1, game_id="g", round=1, lang="en", lesson=LESSON, table_before=table2)
    assert (b.outcome, b.reason, b.points, b.focus_word, b.is_try) == (Outcome.REFUSED, "not_a_word", 0, "cat", True)
    assert Attempt.from_claim(won, student_id=1, game_id="g", round=1, lang="en").lesson is None  # no lesson played


def test_a_short_word_lists_the_cards_it_would_have_taken():
    ((short, table),) = _claims("cat", min_cards=4)
    a = Attempt.from_claim(short, student_id=1, game_id="g", round=1, lang="en", table_before=table)
    assert (a.reason, a.cards, a.card_count, a.min_cards, a.points) == ("too_few_cards", "C A T", 3, 4, 0)


def test_a_boggle_play_gives_the_same_fields():
    board = Board.from_string("C A / T S")
    rnd = Round(board, LEX, ["Ana"])
    a = Attempt.from_play(rnd.play("Ana", "cats"), typed=" cats ", board=board, lexicon=LEX, student_id=1,
                          game_id="g", round=1, lang="en", lesson=LESSON)  # fmt: skip
    assert (a.game, a.word, a.cards, a.card_count, a.outcome, a.points, a.focus_word) == (
        "boggle", "cats", "C(1,1) A(1,2) T(2,1) S(2,2)", 4, Outcome.ACCEPTED, 1, None)  # fmt: skip
    traced = Attempt.from_play(rnd.play("Ana", path=[0, 1, 2]), typed=None, board=board, lexicon=LEX,
                               student_id=1, game_id="g", round=1, lang="en", lesson=LESSON)  # fmt: skip
    assert (traced.word, traced.focus_word, traced.min_cards) == ("CAT", "cat", 3)
    forged = rnd.play("Ana", path=[0, 3, 0])
    assert Attempt.from_play(forged, typed=None, board=board, lexicon=LEX, student_id=1, game_id="g", round=1,
                             lang="en") is None  # fmt: skip


@pytest.mark.parametrize("outcome, reason, points", [(Outcome.ACCEPTED, "not_a_word", 3), (Outcome.REFUSED, None, 0),
                                                     (Outcome.TOO_LATE, "too_late", 2)])  # fmt: skip
def test_an_attempt_that_contradicts_itself_cannot_be_made(outcome, reason, points):
    with pytest.raises(ValueError):
        Attempt(1, "g", 1, "cat", "cat", "cat", "", 0, outcome, reason, points, 0, 3, "en")


def test_the_browser_keeps_crossed_out_words_across_a_reload():
    moments = iter(datetime(2026, 3, 2, 9, 0) + timedelta(seconds=i) for i in range(100))
    progress = BrowserProgress("Ana", now=lambda: next(moments))
    game = progress.start_game(1, lang="en", variant="new", min_cards=3, kind="boggle")
    for word, points in (("cats", 1), ("scat", 1)):
        progress.record(Attempt(1, game, 1, word.upper(), word, word, "", 4, Outcome.ACCEPTED, None, points, 0, 3,
                                "en", game="boggle"))  # fmt: skip
    assert progress.cross_out([game], 1, ["cats"]) == 1
    restored = BrowserProgress("Ana")
    restored.load(records_json(progress.records))
    assert [(a.folded, a.points) for a in restored.attempts()] == [("cats", 0), ("scat", 1)]
    tampered = [dict(r, words="cats") if r["kind"] == "crossed" else r for r in progress.records]
    again = BrowserProgress("Ana")
    assert again.load(records_json(tampered)) == 3 and again.skipped == 1
    assert [(a.folded, a.points) for a in again.attempts()] == [("cats", 1), ("scat", 1)]
