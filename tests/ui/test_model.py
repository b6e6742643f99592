"""The practice session: pace, robots, calls, rounds, bad input — driven by a fake clock."""

from __future__ import annotations

import pytest

from myword_edu.myword.cards import Card
from myword_edu.ui.myword.model import Phase, Session
from myword_edu.ui.myword.settings import Settings


def make(lexicons, clock, **settings) -> Session:
    values = {"seed": 7, "bots": 0, "pace": 2.0, **settings}
    return Session(Settings(**values), lexicons=lexicons, now=clock)


def deal_until_word(session: Session, limit: int = 71) -> str:
    """Deal by hand until the student can make a word; return the most common one."""
    lex = session.lexicon
    for _ in range(limit):
        words = [w for w in session.round.words_possible(session.student or session.players[0]) if not lex.is_blocked(w)]
        if words:
            return max(words, key=lambda w: (lex.zipf(w), w))
        session.deal_next()
    raise AssertionError("no word came up")


def snapshot(session: Session):
    return (session.round.scores, len(session.round.events), session.cards_left, list(session.table))


def test_waits_for_the_page_then_deals_at_the_pace(lexicons, clock):
    s = make(lexicons, clock)
    assert s.phase is Phase.READY and s.table == []
    assert s.tick() is None
    s.start()
    assert s.phase is Phase.DEALING and len(s.table) == 1
    clock.advance(1.9)
    s.tick()
    assert len(s.table) == 1
    clock.advance(0.1)
    assert s.tick() == pytest.approx(clock.now + 2.0)
    assert len(s.table) == 2 and s.cards_left == 69 and s.deck_size == 71
    assert s.newest == s.table[-1].id


def test_pause_freezes_the_deal_and_resume_goes_on(lexicons, clock):
    s = make(lexicons, clock)
    s.start()
    s.pause()
    assert s.paused
    clock.advance(30)
    assert s.tick() is None and len(s.table) == 1
    s.resume()
    assert not s.paused and s.tick() == pytest.approx(clock.now + 2.0)
    clock.advance(2.0)
    s.tick()
    assert len(s.table) == 2


def test_next_card_by_hand_works_while_paused(lexicons, clock):
    s = make(lexicons, clock)
    s.start()
    s.pause()
    s.deal_next()
    assert len(s.table) == 2 and s.paused


def test_typed_word_wins_its_cards_with_dictionary_spelling(lexicons, clock):
    s = make(lexicons, clock, lang="es")
    s.start()
    word = deal_until_word(s)
    feedback = s.submit(word.upper())
    assert feedback.good and feedback.key == "feedback.you_won_cards"
    assert feedback.values["word"] == s.lexicon.spelling(word).upper()
    assert s.scores[s.student] == feedback.values["count"] > 0
    assert s.feed[-1].accepted and s.feed[-1].player == s.student


def test_word_built_by_clicking_cards(lexicons, clock):
    s = make(lexicons, clock)
    s.start()
    word = deal_until_word(s)
    result = s.round.check_claim(s.student, word)
    for card_id in result.card_ids:
        s.select(card_id)
    assert s.selection == list(result.card_ids)
    feedback = s.submit("")
    assert feedback.good, feedback
    assert s.selection == [] and s.scores[s.student] == len(result.card_ids)


def test_select_undo_clear(lexicons, clock):
    s = make(lexicons, clock)
    s.start()
    for _ in range(3):
        s.deal_next()
    ids = [tc.id for tc in s.table]
    s.select(ids[0])
    s.select(ids[2])
    assert s.selection == [ids[0], ids[2]]
    s.select(ids[0])  # again: un-pick
    assert s.selection == [ids[2]]
    s.select(ids[1])
    s.undo()
    assert s.selection == [ids[2]]
    s.clear()
    assert s.selection == []


@pytest.mark.parametrize("forged", [999, -1, "3", None, True, 3.0])
def test_picking_a_card_not_on_the_table_does_nothing(lexicons, clock, forged):
    s = make(lexicons, clock)
    s.start()
    s.select(forged)
    assert s.selection == []


def test_failed_call_gives_free_cards_to_the_others(lexicons, clock):
    s = make(lexicons, clock, bots=2)
    s.start()
    for _ in range(4):
        s.deal_next()
    feedback = s.submit("zzz")
    assert not feedback.good and feedback.key == "reason.not_a_word"
    assert feedback.free_to == tuple(s.players[1:])
    assert s.feed[-1].free_to == tuple(s.players[1:])
    assert all(s.scores[name] == 1 for name in s.players[1:])


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("", "reason.empty"),
        ("   ", "reason.empty"),
        ("a" * 200, "reason.too_long"),
        ("c4t", "reason.bad_characters"),
        ("cat🙂", "reason.bad_characters"),
        ("niño", "reason.wrong_alphabet"),
        (None, "reason.empty"),
    ],
)
def test_bad_input_gets_a_friendly_message_and_changes_nothing(lexicons, clock, text, key):
    s = make(lexicons, clock, bots=1)
    s.start()
    s.deal_next()
    before = snapshot(s)
    feedback = s.submit(text)
    assert feedback.key == key and not feedback.good
    assert snapshot(s) == before


def test_a_word_of_the_other_language_is_not_penalised(lexicons, clock):
    s = make(lexicons, clock, bots=1, lang="es")
    s.start()
    s.deal_next()
    before = snapshot(s)
    feedback = s.submit("the")
    assert feedback.key == "reason.wrong_language" and feedback.values["language"] == "en"
    assert snapshot(s)[0] == before[0]


def test_blocked_word_is_refused(lexicons, clock):
    s = make(lexicons, clock, bots=1)
    s.start()
    feedback = s.submit("darn")
    assert feedback.key == "reason.blocked_word"


def test_robot_calls_when_its_time_is_up(lexicons, clock):
    s = make(lexicons, clock, bots=1, level="hard", pace=30.0)
    s.start()
    deal_until_word(s)
    bot = s.players[1]
    assert bot in s._plans
    due = s._plans[bot][1]
    clock.now = due - 0.01
    s.tick()
    assert s.scores[bot] == 0
    clock.now = due
    s.tick()
    assert s.scores[bot] > 0 and s.feed[-1].player == bot


def test_robots_are_deterministic(lexicons, clock):
    feeds = []
    for _ in range(2):
        local = type(clock)()
        s = make(lexicons, local, bots=2, level="medium", pace=1.0)
        s.start()
        for _ in range(400):
            local.advance(0.5)
            s.tick()
        feeds.append([(c.player, c.word, c.accepted) for c in s.feed])
    assert feeds[0] == feeds[1] and feeds[0]


def test_round_ends_after_the_last_call_with_a_review(lexicons, clock):
    s = make(lexicons, clock, bots=1, pace=0.5, last_call=5.0)
    s.start()
    for _ in range(200):
        clock.advance(0.5)
        s.tick()
        if s.phase in (Phase.LAST_CALL, Phase.ROUND_OVER, Phase.GAME_OVER):
            break
    if s.phase is Phase.LAST_CALL:
        assert s.cards_left == 0 and s.last_call_left <= 5
        clock.advance(5.0)
        s.tick()
    assert s.phase is Phase.ROUND_OVER
    review = s.review
    assert review.number == 1
    assert list(review.leftover) == list(s.round.leftover)
    assert set(review.words) == set(s.players)
    assert all(not s.lexicon.is_blocked(w) for w in review.could)
    assert "DARN" not in review.could
    assert s.tick() is None


def test_game_over_then_play_again(lexicons, clock):
    s = make(lexicons, clock, bots=1, pace=0.5, last_call=0.0)
    s.start()
    for _ in range(2):
        while s.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
            clock.advance(0.5)
            s.tick()
        if s.phase is Phase.ROUND_OVER:
            s.next_round()
            assert s.round_number == 2 and s.phase is Phase.DEALING
    assert s.phase is Phase.GAME_OVER
    assert s.winners and set(s.winners) <= set(s.players)
    assert s.totals == s.game.totals
    s.play_again()
    assert s.phase is Phase.DEALING and s.round_number == 1 and sum(s.totals.values()) == 0


def test_next_round_and_play_again_only_when_allowed(lexicons, clock):
    s = make(lexicons, clock, bots=1)
    s.start()
    s.next_round()
    s.play_again()
    assert s.round_number == 1 and s.phase is Phase.DEALING and len(s.table) == 1


def test_projector_mode_teacher_deals_and_picks_the_caller(lexicons, clock):
    s = make(lexicons, clock, mode="projector", students=("Ana", "Ben", "Carla"))
    assert s.players == ["Ana", "Ben", "Carla"] and s.student is None
    s.start()
    assert s.table == []  # the teacher deals
    clock.advance(60)
    s.tick()
    assert s.table == []
    word = deal_until_word(s)
    assert s.submit(word).key == "reason.no_player"
    assert s.submit(word, player="Zoe").key == "reason.no_player"
    feedback = s.submit(word, player="Ben")
    assert feedback.good and s.scores["Ben"] > 0
    bad = s.submit("zzz", player="Ana")
    assert set(bad.free_to) == {"Ben", "Carla"}


def test_student_cannot_call_as_a_robot(lexicons, clock):
    s = make(lexicons, clock, bots=1)
    s.start()
    word = deal_until_word(s)
    assert s.submit(word, player=s.players[1]).key == "reason.no_player"
    assert s.scores[s.players[1]] == 0


def test_min_cards_from_settings(lexicons, clock):
    s = make(lexicons, clock, min_cards=4)
    s.start()
    word = deal_until_word(s)
    assert len(s.round.check_claim(s.student, word).cards) >= 4


def test_the_table_view_marks_doubles_wilds_and_the_newest(lexicons, clock):
    from myword_edu.ui.myword.table import card_views

    s = make(lexicons, clock)
    s.start()
    while s.cards_left:
        s.deal_next()
    views = card_views(s.table, "en", newest=s.newest, selected=[s.table[0].id])
    kinds = {v["face"]: v["kind"] for v in views}
    assert kinds.get("?") == "wild" and kinds.get("??") == "wild2" and kinds.get("QU") == "double"
    assert [v["id"] for v in views if v["newest"]] == [s.newest]
    assert views[0]["label"].endswith("picked 1")
    assert {v["label"] for v in views if v["face"] == "??"} == {"wild card, two letters"}


def test_projector_a_call_with_a_hyphen_is_penalised_with_its_own_reason(lexicons, clock):
    s = make(lexicons, clock, mode="projector", students=("Ana", "Ben", "Carla"))
    s.start()
    deal_until_word(s)
    bad = s.submit("x-ray", player="Ana")
    assert bad.key == "reason.apostrophe_or_hyphen" and bad.values["word"] == "X-RAY"
    assert set(bad.free_to) == {"Ben", "Carla"}
