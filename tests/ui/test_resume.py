"""A rostered student's solo game survives a closed tab: picking their name again resumes it.

Each test plays on one page, then opens a second page on the same store (a new
kernel after the tab closed or the kernel was killed) and picks the same name,
once the closed tab's seat has gone quiet (:data:`~myword_edu.classroom.presence.STALE_SECONDS`).
"""

from __future__ import annotations

import json

import pytest

from myword_edu.myword.lesson_library import LessonLibrary
from myword_edu.classroom.presence import STALE_SECONDS
from myword_edu.classroom.progress import review_order
from myword_edu.core.resources import data_dir
from myword_edu.classroom.store import Store
from myword_edu.ui.myword.model import Phase
from myword_edu.ui.whoami import StudentPage

from tests.store_clock import StoreClock

from tests.ui.test_whoami import _tries, deal_until

EN = {"cat", "dog", "sun", "act", "tan", "net", "ten", "one", "eat", "tea", "ate", "sit", "its", "tin", "nit", "ant"}


@pytest.fixture
def store(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 's.sqlite3'}", fresh=True)
    store.now = StoreClock()
    return store


@pytest.fixture(scope="module")
def library():
    return LessonLibrary([data_dir("lessons")])


@pytest.fixture
def open_page(store, lexicons, clock, library):
    def make() -> StudentPage:
        store.now.advance(STALE_SECONDS + 1)  # the page before this one was closed: its seat is free
        return StudentPage("", store=store, lexicons=lexicons, now=clock, lessons=library)

    return make


def _play_a_while(page, clock, cards: int = 12):
    s = page.app.session
    s.start()
    for _ in range(cards):
        s.deal_next()
    word = deal_until(s, EN)
    s.submit(word)  # a call of the student's, stored
    s.submit("zzzq")  # and a wrong one
    return s


def test_reopening_the_page_resumes_cards_score_and_calls(store, open_page, clock, browser):
    ana = store.add_student("Ana")
    first = open_page()
    browser.click(next(b for b in first.names.children if b.description == "Ana"))
    s1 = _play_a_while(first, clock)
    before = (s1.table, s1.scores, s1.totals, s1.cards_left, [c.word for c in s1.feed], s1.round_number)

    # The tab closes (nothing is called on the old page); a new page picks the same name.
    second = open_page()
    browser.click(next(b for b in second.names.children if b.description == "Ana"))
    s2 = second.app.session
    assert (s2.table, s2.scores, s2.totals, s2.cards_left, [c.word for c in s2.feed], s2.round_number) == before
    assert "Welcome back" in second.banner.value
    # The game goes on into the same game row: one game, every call in it.
    s2.start()
    s2.deal_next()
    assert s2.cards_left < before[3] and set(before[0]) <= set(s2.table)  # the same deal, going on
    s2.submit("qqqz")
    games = {row.game_id for row in store.attempts(student_id=ana.id)}
    assert len(games) == 1 and len(store.attempts(student_id=ana.id)) == 3


def test_a_finished_game_is_not_resumed(store, open_page, clock):
    ana = store.add_student("Ana")
    store.update_students([ana.id], lang="en")
    first = open_page()
    first.pick(ana.id)
    s = first.app.session
    s.start()
    for _ in range(1000):  # robots call, cards run out, the last call ends each round
        if s.phase is Phase.GAME_OVER:
            break
        if s.phase is Phase.ROUND_OVER:
            s.next_round()
        clock.advance(5)
        s.tick()
    assert s.phase is Phase.GAME_OVER
    assert store.unfinished_game(ana.id, "practice") is None
    second = open_page()
    second.pick(ana.id)
    assert second.app.session.cards_left == second.app.session.deck_size  # a new deal
    assert "Welcome back" not in second.banner.value


def test_the_teachers_new_settings_start_a_new_game(store, open_page, clock):
    ana = store.add_student("Ana")
    first = open_page()
    first.pick(ana.id)
    _play_a_while(first, clock)
    store.update_students([ana.id], min_cards=4)
    second = open_page()
    second.pick(ana.id)
    s = second.app.session
    assert s.table == [] and next(p for p in s.round.players if p.name == "Ana").min_cards == 4


def test_a_damaged_saved_game_starts_a_new_one(store, open_page, clock):
    ana = store.add_student("Ana")
    first = open_page()
    first.pick(ana.id)
    _play_a_while(first, clock)
    game_id, text = store.unfinished_game(ana.id, "practice")
    state = json.loads(text)
    state["game"]["played"][0]["intents"].append(["claim", "Ana", "cat", [999]])  # not what happened
    store.save_game_state(game_id, json.dumps(state))
    second = open_page()
    second.pick(ana.id)
    assert second.app.session.table == [] and "Welcome back" not in second.banner.value


def test_a_lesson_game_resumes_its_stacked_deal(store, open_page, clock):
    ana = store.add_student("Ana")
    store.update_students([ana.id], lang="es")  # a Spanish lesson is played by Spanish students
    store.update_class(lesson="es-4-enye")
    first = open_page()
    first.pick(ana.id)
    s1 = first.app.session
    s1.start()
    for _ in range(9):
        s1.deal_next()
    second = open_page()
    second.pick(ana.id)
    s2 = second.app.session
    assert s2.lesson.id == "es-4-enye" and s2.table == s1.table and s2.cards_left == s1.cards_left


# -- Boggle ---------------------------------------------------------------------------------
class Wall:
    """The wall clock a Boggle round's start is kept by (moved by hand)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def _boggle_page(store, clock, wall):
    from myword_edu.ui.boggle.page import BogglePage

    store.now.advance(STALE_SECONDS + 1)  # the page before this one was closed: its seat is free
    return BogglePage("", store=store, now=clock, epoch=wall)


def _top_words(session, n):
    words = [w for w in session.round.words if not session.lexicon.is_blocked(w)]
    return sorted(words, key=lambda w: (-session.lexicon.zipf(w), w))[:n]


def test_a_boggle_round_resumes_with_its_board_words_and_running_clock(store, clock, browser):
    from myword_edu.classroom.boggle_store import set_student_rules
    from myword_edu.ui.boggle.model import BPhase

    ana = store.add_student("Ana")
    set_student_rules(store, [ana.id], minutes=2)
    wall = Wall()
    first = _boggle_page(store, clock, wall)
    first.pick(ana.id)
    s1 = first.app.session
    browser.click(first.app.start_button)
    typed, traced = _top_words(s1, 2)
    s1.submit(typed)
    s1.submit_path(first.app.session.path_of(traced))
    s1.submit("zzzq")
    assert [p.word for p in s1.found] == [typed, traced]

    # 50 s later the tab is gone; a new page picks Ana: same board, her words, 70 s left.
    wall.now += 50
    second = _boggle_page(store, clock, wall)
    second.pick(ana.id)
    s2 = second.app.session
    assert s2.phase is BPhase.PLAYING and s2.faces == s1.faces
    assert [p.word for p in s2.found] == [typed, traced] and s2.seconds_left == 70
    assert "Welcome back" in second.banner.value
    assert len(store.attempts(student_id=ana.id)) == 3  # nothing stored twice
    more = next(w for w in _top_words(s2, 6) if w not in (typed, traced))
    assert s2.submit(more).good
    assert len({r.game_id for r in store.attempts(student_id=ana.id)}) == 1
    clock.advance(71)
    s2.tick()
    assert s2.phase is BPhase.ROUND_OVER
    assert store.unfinished_game(ana.id, "boggle") is None


def test_a_boggle_round_whose_time_ran_out_shows_its_results(store, clock, browser):
    from myword_edu.ui.boggle.model import BPhase

    ana = store.add_student("Ana")
    wall = Wall()
    first = _boggle_page(store, clock, wall)
    first.pick(ana.id)
    browser.click(first.app.start_button)
    (word,) = _top_words(first.app.session, 1)
    first.app.session.submit(word)
    wall.now += 600  # back after the bell
    second = _boggle_page(store, clock, wall)
    second.pick(ana.id)
    s = second.app.session
    assert s.phase is BPhase.ROUND_OVER and s.result.scores["Ana"] > 0 and s.best == s.result.scores["Ana"]
    assert store.unfinished_game(ana.id, "boggle") is None


def test_a_resumed_lesson_game_deals_as_it_did_though_the_review_changed(store, open_page, clock):
    ana = store.add_student("Ana")
    store.update_class(lesson="en-3-digraphs")
    _tries(store, ana, "myword", [("sihp", False, "ship")])
    first = open_page()
    first.pick(ana.id)
    s = first.app.session
    assert s.lesson.review[0] == "ship"
    s.start()
    s.deal_next()  # the game is kept for resuming from its first card
    deck, review, left = s.round.initial_deck, s.lesson.review, s.cards_left
    _tries(store, ana, "boggle", [("fsh", False, "fish")])  # played since, on another device: FISH is due first now
    second = open_page()
    second.pick(ana.id)
    again = second.app.session
    assert "Welcome back" in second.banner.value
    assert again.round.initial_deck == deck and again.lesson.review == review  # the same deal, carried on
    assert again.cards_left == left
    assert review_order(store.attempts(), ana.id, "en-3-digraphs", again.lesson.focus)[:2] == ["ship", "fish"] != list(review[:2])
