"""Settings from the link's query string; the pacer and the asyncio clock."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from myword_edu.ui.myword.app import StudentApp
from myword_edu.ui.request import settings_from_request
from myword_edu.ui.myword.settings import Settings
from myword_edu.ui.widgets.timer import Clock, Pacer


def run_in_thread(function):
    """Run ``function`` in a thread of its own (no other test's event loop in the way); re-raise its errors."""
    result: dict = {}

    def target():
        try:
            result["value"] = function()
        except BaseException as error:  # re-raised in the test's thread
            result["error"] = error

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive(), "the thread did not finish"
    if "error" in result:
        raise result["error"]
    return result.get("value")


def run_async(make_coroutine):
    return run_in_thread(lambda: asyncio.run(make_coroutine()))


def test_query_string_example_from_the_issue():
    s = Settings.from_query("lang=es&seed=7&bots=2&pace=1.5")
    assert (s.lang, s.seed, s.bots, s.pace) == ("es", 7, 2, 1.5)


@pytest.mark.parametrize(
    "query",
    [
        "lang=fr&seed=abc&bots=-1&pace=0",
        "lang=&bots=99&pace=nan&level=expert&mode=teacher&min=9",
        "pace=inf&seed=99999999999999999999999&rounds=0",
        "%ZZ&&&=&lang",
        "bots=1e3&pace=1e400&name=" + "x" * 300,
        None,
        "",
    ],
)
def test_bad_query_values_fall_back_to_defaults(query):
    s = Settings.from_query(query)
    d = Settings()
    assert (s.lang, s.bots, s.pace, s.level, s.mode, s.min_cards) == (d.lang, d.bots, d.pace, d.level, d.mode, d.min_cards)
    assert len(s.name) <= 40


def test_other_settings_from_the_query():
    s = Settings.from_query("level=HARD&mode=projector&students=Ana,%20Ben,ana,&min=4&rounds=2&name=Zoe&lang=es-MX")
    assert (s.level, s.mode, s.students, s.min_cards, s.rounds, s.name, s.lang) == (
        "hard", "projector", ("Ana", "Ben"), 4, 2, "Zoe", "es"
    )


def test_settings_from_the_request_environment(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=es&bots=3")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    s = settings_from_request()
    assert s.lang == "es" and s.bots == 3


def test_with_changes_checks_values():
    s = Settings().with_changes(bots="2", students="A, B")
    assert s.bots == 2 and s.students == ("A", "B")
    with pytest.raises(ValueError):
        Settings().with_changes(bots=9)
    with pytest.raises(TypeError, match="Valid settings are"):
        Settings().with_changes(colour="red")


def test_pacer():
    p = Pacer(1.5)
    assert not p.is_due(0.0)
    p.start(10.0)
    assert p.is_due(10.0)
    p.dealt(10.0)
    assert not p.is_due(11.0) and p.is_due(11.5)
    p.pause(11.0)
    assert p.is_paused and not p.is_due(100.0)
    assert p.resume(13.0) == 2.0 and p.next_at == 13.5
    p.stop()
    assert not p.is_due(1000.0)


def test_clock_needs_a_running_loop():
    def check():
        clock = Clock(lambda: None, now=time.monotonic)
        assert clock.start() is False and not clock.is_running

    run_in_thread(check)


def test_clock_ticks_until_nothing_is_scheduled():
    calls = []

    def tick():
        calls.append(time.monotonic())
        return None if len(calls) >= 5 else time.monotonic() + 0.01

    async def run():
        clock = Clock(tick, now=time.monotonic)
        assert clock.start()
        await asyncio.wait_for(clock.task, timeout=10)
        return clock

    clock = run_async(run)
    assert len(calls) == 5 and not clock.is_running


def test_clock_wakes_up_early_when_started_again():
    calls = []

    async def run():
        clock = Clock(lambda: calls.append(1) or time.monotonic() + 3600, now=time.monotonic, max_sleep=3600)
        clock.start()
        await asyncio.sleep(0)
        clock.start()  # wake it: tick runs again at once
        deadline = time.monotonic() + 10
        while len(calls) < 2 and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        clock.stop()

    run_async(run)
    assert len(calls) >= 2


def test_app_deals_live_on_the_event_loop(lexicons):
    async def run():
        app = StudentApp(Settings(seed=2, bots=0, pace=0.5), lexicons=lexicons)
        app.table._handle_custom_msg({"type": "ready"}, [])
        deadline = time.monotonic() + 20
        while len(app.table.cards) < 3 and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        app.clock.stop()
        return app

    app = run_async(run)
    assert len(app.table.cards) >= 3
