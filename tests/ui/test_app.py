"""The student app's widgets, driven as the browser drives them (no browser)."""

from __future__ import annotations

import re

import pytest

from myword_edu.ui.myword.app import StudentApp
from myword_edu.ui.myword.model import Phase
from myword_edu.ui.myword.settings import Settings


@pytest.fixture
def make_app(lexicons, clock):
    def make(**settings) -> StudentApp:
        values = {"seed": 7, "bots": 1, "pace": 2.0, **settings}
        return StudentApp(Settings(**values), lexicons=lexicons, now=clock)

    return make


def shown(app: StudentApp) -> StudentApp:
    """The page has drawn the table (its view sends "ready")."""
    app.table._handle_custom_msg({"type": "ready"}, [])
    return app


def a_word(app: StudentApp) -> str:
    s = app.session
    for _ in range(71):
        words = sorted(w for w in s.round.words_possible(s.players[0]) if not s.lexicon.is_blocked(w))
        if words:
            return max(words, key=lambda w: (s.lexicon.zipf(w), w))
        s.deal_next()
    raise AssertionError("no word")


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def hidden(widget) -> bool:
    return "myword-hidden" in widget._dom_classes


def test_app_shows_as_a_widget_with_a_stable_text_repr(make_app):
    app = make_app()
    bundle = app._repr_mimebundle_()
    assert bundle["text/plain"] == "<MyWord! practice app, lang='en', players=2>"
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"]
    shown = app.shown_widget()  # the root, and the watch that says "connection lost" when the kernel is gone
    assert shown.children[0] is app.root and type(shown.children[1]).__name__ == "ConnectionWatch"
    assert "myword-app" in app.root._dom_classes


def test_hooks_for_browser_tests(make_app):
    app = make_app()
    assert "myword-entry" in app.entry._dom_classes
    assert "myword-score" in app.scores.value
    first = re.search(r'class="num myword-score" data-player="([^"]+)"', app.scores.value).group(1)
    assert first == app.session.student


def test_nothing_is_dealt_until_the_table_is_on_the_page(make_app, browser):
    app = make_app()
    assert app.table.cards == []
    browser.custom(app.table, {"type": "ready"})
    assert len(app.table.cards) == 1
    assert app.table.cards[0]["newest"] is True


def test_enter_in_the_word_box_calls_the_word(make_app, browser):
    app = shown(make_app())
    word = a_word(app)
    browser.update(app.entry, value=word)
    browser.custom(app.entry, {"event": "submit"})
    assert app.session.scores[app.session.student] > 0
    assert app.entry.value == ""
    assert "You win" in text(app.feedback.html)
    assert "(+" in app.feed.value


def test_call_button(make_app, browser):
    app = shown(make_app())
    word = a_word(app)
    browser.update(app.entry, value=word.upper())
    browser.click(app.call_button)
    assert app.session.scores[app.session.student] > 0


def test_clicking_cards_then_call(make_app, browser):
    app = shown(make_app())
    word = a_word(app)
    ids = app.session.round.check_claim(app.session.student, word).card_ids
    for card_id in ids:
        browser.custom(app.table, {"type": "pick", "id": card_id})
    assert app.table.selected == list(ids)
    assert not app.undo_button.disabled
    browser.click(app.call_button)
    assert app.session.scores[app.session.student] == len(ids)
    assert app.table.selected == []


def test_undo_and_clear_buttons(make_app, browser):
    app = shown(make_app())
    for _ in range(3):
        app.session.deal_next()
    ids = [c["id"] for c in app.table.cards]
    browser.custom(app.table, {"type": "pick", "id": ids[0]})
    browser.custom(app.table, {"type": "pick", "id": ids[1]})
    browser.click(app.undo_button)
    assert app.table.selected == [ids[0]]
    browser.update(app.entry, value="abc")
    browser.click(app.clear_button)
    assert app.table.selected == [] and app.entry.value == ""


def test_invalid_word_shows_reason_and_penalty(make_app, browser):
    app = shown(make_app(bots=2))
    for _ in range(3):
        app.session.deal_next()
    browser.update(app.entry, value="qqq")
    browser.custom(app.entry, {"event": "submit"})
    message = text(app.feedback.html)
    assert "QQQ is not a word we know" in message
    assert "Free cards: Robot 1 took the" in message and ", Robot 2 took the" in message
    assert app.session.scores["Robot 1"] == 1


def test_bad_input_keeps_the_text_to_fix(make_app, browser):
    app = shown(make_app())
    browser.update(app.entry, value="c4t")
    browser.click(app.call_button)
    assert app.entry.value == "c4t"
    assert "Use only letters" in text(app.feedback.html)


def test_pause_and_next_card_buttons(make_app, browser, clock):
    app = shown(make_app())
    assert app.pause_button.description == "Pause"
    browser.click(app.pause_button)
    assert app.session.paused and app.pause_button.description == "Go on"
    assert "Paused" in app.status.html
    browser.click(app.next_button)
    assert len(app.table.cards) == 2
    browser.click(app.pause_button)
    assert not app.session.paused


def test_language_switch_restarts_in_spanish(make_app, browser):
    app = shown(make_app())
    browser.update(app.lang_toggle, index=1)
    assert app.session.lang == "es" and app.session.players[0] == "Tú"
    assert app.call_button.description == "¡La digo!"
    assert app.session.deck_size == 72 and len(app.table.cards) == 1
    assert "carta" in app.table.cards[0]["label"] or "comodín" in app.table.cards[0]["label"]
    word = a_word(app)
    browser.update(app.entry, value=word)
    browser.click(app.call_button)
    assert app.session.scores["Tú"] > 0


def test_mode_switch_to_class_screen(make_app, browser):
    app = shown(make_app())
    browser.update(app.names_box, value="Ana, Ben, <b>Carla</b>")
    browser.update(app.mode_toggle, index=1)
    s = app.session
    assert s.players == ["Ana", "Ben", "<b>Carla</b>"]
    assert not hidden(app.who_pick) and hidden(app.bots_pick) and hidden(app.pause_button)
    assert list(app.who_pick.options) == s.players
    assert "&lt;b&gt;Carla&lt;/b&gt;" in app.scores.value and "<b>Carla" not in app.scores.value
    word = a_word(app)
    browser.update(app.who_pick, index=1)
    browser.update(app.entry, value=word)
    browser.click(app.call_button)
    assert s.scores["Ben"] > 0


def test_settings_and_new_game(make_app, browser):
    app = shown(make_app())
    browser.update(app.bots_pick, index=3)
    browser.update(app.level_pick, index=2)
    browser.update(app.pace_pick, index=0)
    browser.click(app.new_game_button)
    s = app.session
    assert len(s.players) == 4 and s.settings.level == "hard" and s.settings.pace == 1.5
    assert all(b.level.value == "hard" for b in s.bots)
    assert len(app.table.cards) == 1  # the page is up: dealing started again


def test_round_review_and_next_round_then_play_again(make_app, browser, clock):
    app = shown(make_app(pace=0.5, last_call=0.0))
    s = app.session
    assert hidden(app.next_round_button) and hidden(app.over_box)
    while s.phase is not Phase.ROUND_OVER:
        clock.advance(0.5)
        s.tick()
    assert not hidden(app.next_round_button) and not hidden(app.over_box)
    review = text(app.review.value)
    assert "Round 1 is over!" in review and "Words you could have made" in review
    assert app.entry.disabled and app.call_button.disabled and app.table.disabled
    # laid over the table and the word box, which keep their place: nothing below them moves
    assert not hidden(app.table) and not hidden(app.call_row)
    assert app.table.empty_text == "The round is over. Press Next round to play on."
    assert app.feedback.html == '<div class="myword-feedback-box"></div>'  # the last answer is gone
    browser.click(app.next_round_button)
    assert s.round_number == 2 and hidden(app.over_box) and not hidden(app.table)
    assert app.table.empty_text == "No cards on the table yet."
    while s.phase is not Phase.GAME_OVER:
        clock.advance(0.5)
        s.tick()
    assert "Game over!" in text(app.review.value)
    assert app.table.empty_text == "The game is over. Press Play again for a new game."
    assert not hidden(app.play_again_button)
    browser.click(app.play_again_button)
    assert s.phase is Phase.DEALING and s.round_number == 1


def test_focus_goes_to_the_word_box(make_app, monkeypatch):
    app = make_app()
    sent = []
    monkeypatch.setattr(app.entry, "send", lambda content, buffers=None: sent.append(content))
    shown(app)
    assert {"do": "focus"} in sent


def test_cards_have_accessible_names(make_app):
    app = shown(make_app())
    for _ in range(10):
        app.session.deal_next()
    for card in app.table.cards:
        assert card["label"].startswith(("card ", "wild card"))
    assert app.table.label == "Cards on the table"


def test_player_name_renders_as_text(make_app):
    app = make_app(name='<img src=x onerror="alert(1)">')
    assert "<img" not in app.scores.value
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in app.scores.value


@pytest.mark.parametrize(
    ("lang", "typed", "expected"),
    [("en", "don't", "DON'T: no apostrophes or hyphens"), ("es", "x-ray", "X-RAY: sin apóstrofos ni guiones")],
)
def test_an_apostrophe_or_hyphen_is_a_failed_call_with_its_reason(make_app, browser, lang, typed, expected):
    app = shown(make_app(bots=2, lang=lang))
    for _ in range(3):
        app.session.deal_next()
    browser.update(app.entry, value=typed)
    browser.custom(app.entry, {"event": "submit"})
    from html import unescape

    message = unescape(text(app.feedback.html))
    assert expected in message
    assert "Robot 1" in message and "Robot 2" in message  # the free cards, as for any failed call
    assert app.session.scores["Robot 1"] == 1 and app.entry.value == ""


def test_the_connection_watch_knows_the_pages_language(make_app, browser):
    app = make_app()
    watch = app.shown_widget().children[1]
    assert watch.lang == "en" and watch.messages["es"]["lost"].startswith("Se ha perdido la conexión")
    browser.update(app.lang_toggle, index=1)  # the student switches to Spanish
    browser.custom(watch, {"type": "lang"})  # the page asks (on the student's next click)
    assert watch.lang == "es"
    browser.update(watch, lang="xx")  # a page may set it: it only changes its own message
    browser.custom(watch, {"type": "lang"})
    assert watch.lang == "es"


def test_a_dealt_card_redraws_the_table_once_with_the_new_card_marked_newest(make_app):
    """One message to the browser per card dealt (a whole class's tables redraw on one server), and
    never a table whose newest card is still the previous one."""
    app = shown(make_app())
    sent: list[list[dict]] = []
    app.table.observe(lambda change: sent.append(change["new"]), names="cards")
    for _ in range(3):
        app.session.deal_next()
    assert len(sent) == 3
    for cards in sent:
        assert [c["newest"] for c in cards] == [False] * (len(cards) - 1) + [True]
