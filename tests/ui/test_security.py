"""Never trust the browser: forged clicks and trait sets change nothing and reveal nothing."""

from __future__ import annotations

import json

import pytest

from myword_edu.ui.myword.app import StudentApp
from myword_edu.ui.myword.model import Phase
from myword_edu.ui.myword.settings import Settings


@pytest.fixture
def app(lexicons, clock):
    app = StudentApp(Settings(seed=11, bots=1, pace=2.0, last_call=0.0), lexicons=lexicons, now=clock)
    app.table._handle_custom_msg({"type": "ready"}, [])
    for _ in range(5):
        app.session.deal_next()
    return app


def undealt_ids(app):
    rnd = app.session.round
    return set(range(rnd.deck_size - rnd.cards_left, rnd.deck_size))


def state_of(app, browser) -> list[dict]:
    return json.loads(browser.page_state(app.root))


def test_the_page_holds_only_the_cards_on_the_table(app, browser):
    rnd = app.session.round
    states = state_of(app, browser)
    table_state = next(s for s in states if "cards" in s and "selected" in s)
    assert {c["id"] for c in table_state["cards"]} == {tc.id for tc in rnd.table_cards}
    assert not any(k in s for s in states for k in ("deck", "initial_deck", "undealt"))
    undealt_faces = [str(c) for c in rnd.initial_deck[rnd.deck_size - rnd.cards_left :]]
    assert json.dumps(undealt_faces[:6]) not in browser.page_state(app.root)


def test_forged_pick_of_an_undealt_card(app, browser):
    for card_id in sorted(undealt_ids(app))[:5]:
        browser.custom(app.table, {"type": "pick", "id": card_id})
    assert app.session.selection == [] and app.table.selected == []


def test_forged_selection_trait_cannot_take_undealt_cards(app, browser):
    before = dict(app.session.round.scores)
    forged = sorted(undealt_ids(app))[:4]
    browser.update(app.table, selected=forged, cards=[{"id": i, "face": "A", "kind": "single", "label": "", "newest": False} for i in forged])
    browser.click(app.call_button)
    assert app.session.round.scores == before
    assert {c["id"] for c in app.table.cards} == {tc.id for tc in app.session.round.table_cards}


def test_forged_click_on_disabled_next_round_button(app, browser):
    assert app.next_round_button.disabled
    browser.update(app.next_round_button, disabled=False)
    browser.click(app.next_round_button)
    assert app.session.round_number == 1 and app.session.phase is Phase.DEALING


def test_forged_clicks_after_the_round_is_over(app, browser, clock):
    s = app.session
    while s.phase is not Phase.ROUND_OVER:
        clock.advance(2.0)
        s.tick()
    scores, left = dict(s.round.scores), s.round.cards_left
    assert app.call_button.disabled and app.next_button.disabled and app.entry.disabled
    browser.update(app.entry, value="cat", disabled=False)
    browser.update(app.call_button, disabled=False)
    browser.click(app.call_button)
    browser.custom(app.entry, {"event": "submit"})
    browser.click(app.next_button)
    browser.click(app.undo_button)
    browser.click(app.pause_button)
    browser.click(app.play_again_button)
    assert s.round.scores == scores and s.round.cards_left == left and s.phase is Phase.ROUND_OVER
    assert s.round_number == 1


def test_forged_disabled_table_pick(app, browser, clock):
    s = app.session
    while s.phase is not Phase.ROUND_OVER:
        clock.advance(2.0)
        s.tick()
    browser.update(app.table, disabled=False)
    browser.custom(app.table, {"type": "pick", "id": 0})
    assert s.selection == []


@pytest.mark.parametrize(
    "content",
    [{"type": "pick", "id": "0"}, {"type": "pick"}, {"type": "pick", "id": True}, {"type": "deal"}, {}, {"event": "click"}],
)
def test_malformed_messages_are_ignored(app, browser, content):
    before = (dict(app.session.round.scores), app.session.round.cards_left, list(app.session.selection))
    browser.custom(app.table, content)
    assert (dict(app.session.round.scores), app.session.round.cards_left, list(app.session.selection)) == before


def test_forged_robot_count_and_names_are_checked(app, browser):
    browser.update(app.bots_pick, index=99)  # refused by the widget's own validation
    assert app.bots_pick.value == 1
    browser.update(app.names_box, value="<script>x</script>, " + "A" * 500 + ", ".join(["n"] * 50))
    browser.update(app.mode_toggle, index=1)
    s = app.session
    assert len(s.players) <= 8 and all(len(n) <= 40 for n in s.players)
    assert "<script>" not in app.scores.value and "&lt;script&gt;" in app.scores.value


def test_names_in_feed_and_review_are_escaped(lexicons, clock, browser):
    app = StudentApp(
        Settings(seed=3, mode="projector", students=("<i>Ana</i>", "Ben"), last_call=0.0),
        lexicons=lexicons,
        now=clock,
    )
    app.table._handle_custom_msg({"type": "ready"}, [])
    app.session.deal_next()
    app.session.submit("zzz", player="<i>Ana</i>")
    assert "<i>" not in app.feed.value and "&lt;i&gt;Ana&lt;/i&gt;" in app.feed.value
    assert "<i>" not in app.feedback.html
