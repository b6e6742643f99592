"""The Boggle app's widgets, driven as the browser drives them (no browser), with the shipped word lists."""

from __future__ import annotations

import asyncio
import html
import json
import re
import threading
import time

import pytest

from myword_edu.boggle.bests import MemoryBestScores
from myword_edu.ui.boggle.app import BoggleApp
from myword_edu.ui.boggle.model import BPhase
from myword_edu.ui.boggle.settings import BoggleSettings


@pytest.fixture
def make_app(clock):
    def make(bests=None, **settings) -> BoggleApp:
        values = {"seed": 7, "bots": 0, "seconds": 180, **settings}
        return BoggleApp(BoggleSettings(**values), now=clock, bests=bests)

    return make


def text(markup: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip())


def hidden(widget) -> bool:
    return "myword-hidden" in widget._dom_classes


def common_words(app: BoggleApp, n: int = 3) -> list[str]:
    s = app.session
    words = [w for w in s.round.words if not s.lexicon.is_blocked(w)]
    return sorted(words, key=lambda w: (-s.lexicon.zipf(w), w))[:n]


def type_word(app, browser, word: str) -> None:
    browser.update(app.entry, value=word)
    browser.custom(app.entry, {"event": "submit"})


def test_stable_text_repr_and_widget_bundle(make_app):
    app = make_app(bots=2, lang="es")
    bundle = app._repr_mimebundle_()
    assert bundle["text/plain"] == "<Boggle app, lang='es', dice='es', players=3>"
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"]
    shown = app.shown_widget()  # the root, and the watch that says "connection lost" when the kernel is gone
    assert shown.children[0] is app.root and type(shown.children[1]).__name__ == "ConnectionWatch"


def test_cubes_stay_covered_until_start(make_app, browser):
    app = make_app()
    assert app.grid.faces == [] and app.grid.disabled
    assert set(app.grid.labels) == {"covered cube"} and len(app.grid.labels) == 16
    assert app.entry.disabled and not hidden(app.start_button)
    assert "Press Start" in text(app.status.html)
    letters = json.dumps(app.session.board.rows)
    assert letters not in browser.page_state(app.root)
    type_word(app, browser, "cat")  # forged: the box is disabled
    assert app.session.found == [] and "Press Start first" in text(app.feedback.html)
    browser.click(app.start_button)
    assert app.session.phase is BPhase.PLAYING
    assert [f for row in app.session.board.rows for f in row] == app.grid.faces
    assert not app.grid.disabled and not app.entry.disabled and hidden(app.start_button)
    assert text(app.timer.value) == "3:00"
    assert app.grid.labels[0].endswith("row 1, column 1")


def test_typed_word_scores_and_shows_in_the_list(make_app, browser):
    app = make_app()
    browser.click(app.start_button)
    word = common_words(app, 1)[0]
    type_word(app, browser, word.upper())
    found = app.session.found
    assert [p.word for p in found] == [word]
    assert found[0].points >= 1
    assert f"{word.upper()}: +{found[0].points}" in text(app.feedback.html)
    assert word.upper() in text(app.found.value) and f"+{found[0].points}" in app.found.value
    assert app.entry.value == ""
    type_word(app, browser, word)
    assert "You already have" in text(app.feedback.html) and len(app.session.found) == 1
    type_word(app, browser, "qxzv")
    assert "not a word we know" in text(app.feedback.html)
    type_word(app, browser, "c4t")
    assert app.entry.value == "c4t" and "Use only letters" in text(app.feedback.html)


def test_a_traced_path_is_checked_in_python(make_app, browser):
    app = make_app()
    browser.click(app.start_button)
    word = common_words(app, 1)[0]
    cells = app.session.path_of(word)
    browser.custom(app.grid, {"type": "path", "cells": cells})
    assert [p.word for p in app.session.found] == [word]
    for forged in ([0, 15], [0, 1, 0], [99], [True, 1], "0,1", [], list(range(80))):
        browser.custom(app.grid, {"type": "path", "cells": forged})
    assert len(app.session.found) == 1
    browser.custom(app.grid, {"type": "path", "cells": [0, 15]})
    assert "cubes that touch" in text(app.feedback.html)


def test_timer_counts_down_ends_the_round_and_disables_input(make_app, browser, clock):
    app = make_app(seconds=60)
    browser.click(app.start_button)
    clock.advance(12.5)
    app.session.tick()
    assert text(app.timer.value) == "0:48"
    clock.advance(40)
    app.session.tick()
    assert "boggle-low" in app.timer.value  # the last 10 seconds are red
    word = common_words(app, 1)[0]
    clock.advance(8)  # the time is up, and the clock task has not ticked yet
    type_word(app, browser, word)
    assert app.session.phase is BPhase.ROUND_OVER
    assert app.session.found == [] and "This round is over" in text(app.feedback.html)
    assert app.grid.disabled and app.entry.disabled and app.send_button.disabled
    assert hidden(app.entry_row) and not hidden(app.result)
    assert text(app.timer.value) == "0:00" and "Time's up!" in text(app.status.html)
    browser.custom(app.grid, {"type": "path", "cells": app.session.path_of(word)})
    assert app.session.result.scores == {"You": 0}


def test_the_clock_task_ends_the_round_on_time():
    """A real asyncio clock (as in Voila), on a clock that runs 100x faster."""
    fast = lambda: time.monotonic() * 100.0  # noqa: E731
    result: dict = {}

    async def play() -> None:
        app = BoggleApp(BoggleSettings(seed=3, seconds=30, bots=1, level="hard"), now=fast)
        app.clock.max_sleep = 0.005
        started = fast()
        app.start()
        seen = set()
        deadline = time.monotonic() + 20
        while app.session.phase is BPhase.PLAYING and time.monotonic() < deadline:
            seen.add(app.session.seconds_left)
            await asyncio.sleep(0.002)
        result.update(phase=app.session.phase, seen=seen, disabled=app.entry.disabled, grid=app.grid.disabled,
                      robot=app.session.counts["Robot 1"], over_at=fast() - started)  # fmt: skip

    thread = threading.Thread(target=lambda: asyncio.run(play()))
    thread.start()
    thread.join(timeout=60)
    assert result["phase"] is BPhase.ROUND_OVER
    assert result["disabled"] and result["grid"]
    assert result["over_at"] >= 30  # not a moment early (and not stuck: the loop above has a deadline)
    assert len(result["seen"]) > 10  # the countdown moved second by second
    assert result["robot"] > 0  # the robot wrote its words while the clock ran


def test_words_two_players_found_are_crossed_out_in_the_review(make_app, browser, clock):
    app = make_app(bots=1, level="hard")
    browser.click(app.start_button)
    robot_words = [w for _, _, w in app.session._plans]
    mine = [w for w in common_words(app, 40) if w not in robot_words][:1]
    shared = robot_words[0]
    for word in [shared, *mine]:
        type_word(app, browser, word)
    clock.advance(181)
    app.session.tick()
    result = app.session.result
    assert shared in result.shared
    review = app.result.value
    assert f"<s>{shared.upper()}</s>" in review or f"<s>{app.session.lexicon.spelling(shared).upper()}</s>" in review
    assert review.count("boggle-crossed") == 2  # on both lists
    assert "Crossed out" in text(review)
    me = next(s for s in result.words["You"] if s.word == shared)
    assert me.crossed and me.points == 0
    assert result.scores["You"] == sum(s.points for s in result.words["You"] if not s.crossed)


def test_review_lists_missed_words_most_common_first_and_shows_a_path(make_app, browser, clock):
    app = make_app()
    browser.click(app.start_button)
    first = common_words(app, 1)[0]
    type_word(app, browser, first)
    clock.advance(200)
    app.session.tick()
    s = app.session
    missed = s.result.missed
    assert first not in missed and missed
    assert [c["text"] for c in app.missed.words] == [s.lexicon.spelling(w).upper() for w in missed]
    zipfs = [s.lexicon.zipf(w) for w in missed]
    assert zipfs == sorted(zipfs, reverse=True)
    assert not any(s.lexicon.is_blocked(w) for w in missed)
    assert f"Words nobody found ({len(missed)})" in text(app.missed_head.value)
    browser.custom(app.missed, {"type": "show", "id": 2})
    assert app.missed.selected == 2
    cells = app.grid.highlight
    assert "".join(s.board.cells[c] for c in cells) == missed[2]
    for forged in (999, -1, "2", True, None):
        browser.custom(app.missed, {"type": "show", "id": forged})
    assert app.grid.highlight == cells


def test_solo_practice_keeps_a_personal_best(make_app, browser, clock):
    bests = MemoryBestScores()
    app = make_app(bests=bests)
    assert "Play a round to set your best" in text(app.best.value)
    browser.click(app.start_button)
    for word in common_words(app, 3):
        type_word(app, browser, word)
    clock.advance(181)
    app.session.tick()
    points = app.session.result.scores["You"]
    assert points > 0
    assert f"New personal best: {points} points!" in text(app.best.value)
    key = app.session.best_key
    assert bests.best("You", key) == points
    browser.click(app.play_again_button)
    assert app.session.phase is BPhase.READY and f"Your best: {points} points" in text(app.best.value)
    browser.click(app.start_button)
    clock.advance(181)
    app.session.tick()
    assert bests.best("You", key) == points and "New personal best" not in text(app.best.value)


def test_best_scores_go_through_the_interface(make_app, browser, clock):
    calls = []

    class Store:
        def best(self, student, key):
            calls.append(("best", student, key))
            return 40

        def record(self, student, key, points):
            calls.append(("record", student, key, points))
            return False

    app = make_app(bests=Store(), name="Zoe", lang="es", bonus=True)
    assert "Tu mejor marca: 40 puntos" in text(app.best.value)
    browser.click(app.start_button)
    clock.advance(181)
    app.session.tick()
    assert calls[0] == ("best", "Zoe", "boggle/es/es/180s/min3/bonus")
    assert ("record", "Zoe", "boggle/es/es/180s/min3/bonus", 0) in calls


def test_robots_words_stay_secret_until_the_end(make_app, browser, clock):
    app = make_app(bots=2, level="hard")
    browser.click(app.start_button)
    clock.advance(120)
    app.session.tick()
    assert sum(app.session.counts.values()) > 0
    state = browser.page_state(app.root)
    robot_words = {p.word for p in app.session.round.events if p.player != "You" and len(p.word) >= 5}
    assert robot_words and not any(app.session.lexicon.spelling(w).upper() in state for w in robot_words)
    assert not any(f'"{w}"' in state for w in app.session.round.words if len(w) >= 5)
    assert "Robot 1: " in text(app.counts.value)
    clock.advance(61)
    app.session.tick()
    state = browser.page_state(app.root)
    assert all(app.session.lexicon.spelling(w).upper() in state for w in robot_words)


def test_forged_trait_sets_and_clicks_change_nothing(make_app, browser):
    app = make_app()
    browser.update(app.grid, faces=["A"] * 16, disabled=False)
    browser.custom(app.grid, {"type": "path", "cells": [0, 1, 2]})
    assert app.session.phase is BPhase.READY and app.session.found == []
    browser.click(app.next_round_button)
    browser.click(app.play_again_button)
    assert app.session.phase is BPhase.READY and app.session.round_number == 1
    browser.click(app.start_button)
    board = app.session.board
    browser.click(app.start_button)  # twice: nothing new
    assert app.session.board is board and app.session.seconds_left == 180


def test_tournament_rounds_and_next_round(make_app, browser, clock):
    app = make_app(bots=1, target=50)
    browser.click(app.start_button)
    clock.advance(181)
    app.session.tick()
    assert app.session.phase is BPhase.ROUND_OVER
    assert not hidden(app.next_round_button) and hidden(app.play_again_button)
    assert "The first to 50 points wins." in text(app.result.value)
    first = app.session.board
    browser.click(app.next_round_button)
    assert app.session.phase is BPhase.READY and app.session.round_number == 2
    assert app.session.board != first and app.grid.faces == []


def test_language_switch_and_accented_spelling(make_app, browser):
    app = make_app()
    app.lang_toggle.value = "es"
    s = app.session
    assert s.settings.dice_set == "es" and s.lang == "es"
    assert app.start_button.description == "Empezar"
    assert [o[1] for o in app.dice_pick.options] == ["es"]
    browser.click(app.start_button)
    accented = [w for w in s.round.words if s.lexicon.spelling(w) != w and not s.lexicon.is_blocked(w)]
    word = accented[0] if accented else common_words(app, 1)[0]
    type_word(app, browser, s.lexicon.spelling(word))
    assert s.found and s.found[0].word == word
    assert s.lexicon.spelling(word).upper() in text(app.found.value)
    assert "Tus palabras" in app.found.value


def test_settings_row_starts_a_new_game(make_app):
    app = make_app()
    app.dice_pick.value = "big"
    app.minutes_pick.value = 2
    app.bots_pick.value = 1
    app.level_pick.value = "medium"
    app.bonus_box.value = True
    app.new_game_button.click()
    s = app.session
    assert (s.width, s.settings.seconds, s.min_length, len(s.players), s.settings.bonus) == (5, 120, 4, 2, True)
    assert text(app.timer.value) == "2:00"
    app.start()
    assert len(app.grid.faces) == 25 and 0 <= app.grid.bonus < 25


@pytest.mark.parametrize(
    "query",
    ["lang=fr&seed=x&dice=mega&minutes=-1&min=2&bots=9&level=god&bonus=maybe&target=70",
     "%ZZ&&=&lang", None, "", "seconds=nan&minutes=inf&target=50.5"],
)  # fmt: skip
def test_bad_query_values_fall_back_to_defaults(query):
    s = BoggleSettings.from_query(query)
    assert (s.lang, s.dice_set, s.seconds, s.min_length, s.bots, s.level, s.bonus, s.target) == (
        "en", "new", 180, None, 0, "easy", False, None
    )  # fmt: skip


def test_query_settings():
    s = BoggleSettings.from_query("lang=es&dice=big&minutes=2.5&min=4&bots=2&level=hard&bonus=1&target=100&name=Ana")
    assert (s.lang, s.dice_set, s.seconds, s.min_length, s.bots, s.level, s.bonus, s.target, s.name) == (
        "es", "es", 150, 4, 2, "hard", True, 100, "Ana"
    )  # fmt: skip
    assert BoggleSettings.from_query("dice=classic").dice_set == "classic"


def test_only_a_kernel_kept_ready_builds_both_boggle_copies_before_its_visitor(monkeypatch):
    """A kernel kept ready has time to spare; one started for a student already waiting builds just
    the word list its page needs, when it needs it."""
    from myword_edu.boggle import solver
    from myword_edu.ui.boggle.app import preload

    built: list[str] = []
    monkeypatch.setattr(solver, "boggle_graph", lambda lexicon: built.append(lexicon.lang))
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # Voila's mark on a kernel started for a waiting visitor
    preload()
    assert built == []
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    preload()
    assert built == ["en", "es"]
