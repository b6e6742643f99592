"""A failed call explains itself: which free card went to whom, why a call was refused, and the result first."""

from __future__ import annotations

import html
import re

import pytest

from myword_edu.myword.bots import Bot, BotCall
from myword_edu.myword.cards import Card
from myword_edu.myword.values import FreeCard
from myword_edu.ui.myword.app import StudentApp
from myword_edu.ui.myword.model import Call
from myword_edu.ui.myword.panels import feed_html
from myword_edu.ui.myword.settings import Settings


@pytest.fixture
def make_app(lexicons, clock):
    def make(**settings) -> StudentApp:
        values = {"seed": 7, "bots": 1, "pace": 2.0, **settings}
        return StudentApp(Settings(**values), lexicons=lexicons, now=clock)

    return make


def text(markup: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip())


def shown(app: StudentApp) -> StudentApp:
    app.table._handle_custom_msg({"type": "ready"}, [])
    return app


def faces(app: StudentApp) -> list[str]:
    return [str(tc.card) for tc in app.session.table]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Free cards: Robot 1 took the {0}, Robot 2 took the {1}."),
        ("es", "Cartas gratis: Robot 1 se llevó la {0}, Robot 2 se llevó la {1}."),
    ],
)
def test_a_failed_call_says_which_card_went_to_whom(make_app, browser, lang, expected):
    app = shown(make_app(bots=2, lang=lang))
    for _ in range(2):  # three cards on the table
        app.session.deal_next()
    before = app.session.table
    browser.update(app.entry, value="qqq")
    browser.custom(app.entry, {"event": "submit"})
    wanted = expected.format(str(before[0].card), str(before[1].card))
    assert wanted in text(app.feedback.html)
    assert wanted.rstrip(".") in text(app.feed.value)  # the feed of calls says it too
    # the table is told which cards leave toward whom (only to animate them), and they are gone
    assert app.table.leaving == [{"id": before[0].id, "taker": "Robot 1"}, {"id": before[1].id, "taker": "Robot 2"}]
    assert {c["id"] for c in app.table.cards} == {before[2].id}


@pytest.mark.parametrize(
    ("lang", "feedback", "feed"),
    [
        ("en", "Robot 1 called QQQ: not a word. You took the {0}.", "Robot 1: QQQ (no: not a word) → You took the {0}"),
        ("es", "Robot 1 dijo QQQ: no es una palabra. Te llevaste la {0}.",
         "Robot 1: QQQ (no: no es una palabra) → Te llevaste la {0}"),
    ],
)
def test_a_robots_failed_call_tells_the_student_the_card_they_took(make_app, monkeypatch, clock, lang, feedback, feed):
    monkeypatch.setattr(Bot, "plan", lambda self, table, lexicon, possible: BotCall("qqq", 1.0, "not_a_word"))
    app = shown(make_app(lang=lang))
    first = faces(app)[0]
    clock.advance(1.0)
    app.session.tick()
    assert feedback.format(first) in text(app.feedback.html)
    assert feed.format(first) in text(app.feed.value)
    assert app.table.leaving[0]["taker"] == app.session.student


def test_leaving_cards_are_forgotten_at_the_next_call_and_round(make_app, browser):
    app = shown(make_app(bots=2))
    for _ in range(2):  # three cards on the table
        app.session.deal_next()
    browser.update(app.entry, value="qqq")
    browser.custom(app.entry, {"event": "submit"})
    assert len(app.table.leaving) == 2
    browser.update(app.entry, value="zzz")
    browser.custom(app.entry, {"event": "submit"})  # one card left on the table: one from it, one from the deck
    assert len(app.table.leaving) == 1  # a card from the deck never was on the table
    app.session.new_game()
    assert app.table.leaving == []


def test_the_animation_respects_reduced_motion():
    from myword_edu.ui.myword.table import CardTable

    assert "prefers-reduced-motion" in CardTable._esm


@pytest.mark.parametrize(
    ("lang", "reason", "needed", "expected"),
    [
        ("en", "too_few_cards", 3, "Robot 1: MUD (no: too few cards, at least 3)"),
        ("es", "too_few_cards", 3, "Robot 1: MUD (no: pocas cartas, al menos 3)"),
        ("en", "too_few_cards", 1, "Robot 1: MUD (no: too few cards, at least 1)"),
        ("en", "cards_not_on_table", 3, "Robot 1: MUD (no: those cards are not on the table)"),
        ("es", "cards_not_on_table", 3, "Robot 1: MUD (no: esas cartas no están en la mesa)"),
        ("en", "too_late", 3, "Robot 1: MUD (no: too late, the cards were already taken)"),
        ("es", "too_late", 3, "Robot 1: MUD (no: tarde, ya se llevaron las cartas)"),
        ("en", "blocked_word", 3, "Robot 1: MUD (no: not a word for class)"),
        ("es", "not_a_word", 3, "Robot 1: MUD (no: no es una palabra)"),
    ],
)
def test_the_feed_says_why_a_call_was_refused(lang, reason, needed, expected):
    call = Call("Robot 1", "MUD", False, reason, 0, needed=needed)
    assert expected in text(feed_html([call], lang))


def test_the_feed_names_a_wild_card_and_the_students_card(lexicons):
    free = (FreeCard("Ana", 4, Card("?"), "table"), FreeCard("Robot 2", 5, Card("ar"), "table"))
    call = Call("Robot 1", "QQQ", False, "not_a_word", 0, free=free)
    assert "Free cards: You took a wild card, Robot 2 took the AR" in text(feed_html([call], "en", me="Ana"))
    assert "Cartas gratis: Te llevaste un comodín, Robot 2 se llevó la AR" in text(feed_html([call], "es", me="Ana"))


# -- Boggle: the result first, above the words to review ------------------------------------------------------------
def test_the_boggle_result_and_best_come_before_the_words_to_review(clock, browser):
    from myword_edu.boggle.bests import MemoryBestScores
    from myword_edu.ui.boggle.app import BoggleApp
    from myword_edu.ui.boggle.settings import BoggleSettings

    for lang in ("en", "es"):
        app = BoggleApp(BoggleSettings(seed=7, bots=0, seconds=180, lang=lang), now=clock, bests=MemoryBestScores())
        browser.click(app.start_button)
        s = app.session
        word = sorted((w for w in s.round.words if not s.lexicon.is_blocked(w)), key=lambda w: -s.lexicon.zipf(w))[0]
        browser.update(app.entry, value=word)
        browser.custom(app.entry, {"event": "submit"})
        clock.advance(181)
        s.tick()
        side = next(box for box in _boxes(app.root) if app.missed_box in box.children).children
        visible = [c for c in side if "myword-hidden" not in c._dom_classes]
        assert visible.index(app.result) < visible.index(app.best) < visible.index(app.missed_box)
        assert ("New personal best" if lang == "en" else "Nueva mejor marca") in text(app.best.value)


def _boxes(root):
    stack = [root]
    while stack:
        widget = stack.pop()
        yield widget
        stack.extend(getattr(widget, "children", ()))
