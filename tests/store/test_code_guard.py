"""Join codes cannot be guessed fast (SQLite and PostgreSQL): one page waits longer after each wrong
code, many pages together stay under the class's bound, a right code still gets in after a short wait,
and a code is never compared while a wait runs (so "wait" says nothing about the code)."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from myword_edu.classroom.code_guard import CLASS_BURST, CLASS_INTERVAL, CodeGuard, CodeWaitError
from myword_edu.classroom.store import Store
from tests.store_clock import StoreClock


class PageClock:
    """A page's monotonic clock that follows the store's (so both move together)."""

    def __init__(self, store_clock):
        self.store_clock, self.t0 = store_clock, store_clock.t

    def __call__(self):
        return (self.store_clock.t - self.t0).total_seconds()


def _guess_until(store, count, new_page_each_time):
    """Guess wrong codes as fast as allowed until ``count`` were compared; the seconds it took."""
    clock = store.now
    start, compared, page = clock.t, 0, None
    while compared < count:
        if page is None or new_page_each_time:
            page = CodeGuard(store, clock=PageClock(clock))
        try:
            assert page.check(lambda: False) is False
            compared += 1
        except CodeWaitError as error:
            clock.advance(error.seconds)
    return (clock.t - start).total_seconds()


def test_one_page_needs_days_for_500_wrong_codes(store):
    store.now = StoreClock()
    assert _guess_until(store, 500, new_page_each_time=False) > 40 * 3600


def test_new_pages_for_every_guess_need_minutes_for_500_wrong_codes(store):
    store.now = StoreClock()
    seconds = _guess_until(store, 500, new_page_each_time=True)
    assert seconds >= (500 - CLASS_BURST) * CLASS_INTERVAL  # eight minutes: 12 million room codes take months


def test_the_right_code_gets_in_after_a_short_wait_while_another_page_guesses(store):
    store.now = clock = StoreClock()
    guesser = CodeGuard(store, clock=PageClock(clock))
    compared = []
    for _ in range(400):  # one page sending a guess every 10 ms for 4 s
        try:
            compared.append(guesser.check(lambda: False))
        except CodeWaitError as error:
            assert error.reason == "page"
        clock.advance(0.01)
    assert len(compared) == 3  # at 0, 1 and 3 s
    honest = CodeGuard(store, clock=PageClock(clock))
    assert honest.check(lambda: True)  # not slowed down at all
    for _ in range(CLASS_BURST + 5):  # now many tabs use up the class's tries
        try:
            CodeGuard(store, clock=PageClock(clock)).check(lambda: False)
        except CodeWaitError:
            pass
    later = CodeGuard(store, clock=PageClock(clock))
    with pytest.raises(CodeWaitError) as info:
        later.check(lambda: pytest.fail("compared during a wait"))
    assert info.value.reason == "class" and info.value.seconds == 1
    clock.advance(info.value.seconds)
    assert later.check(lambda: True)  # in, after a one-second wait


tries = st.lists(st.tuples(st.sampled_from([0.0, 0.001, 0.05, 0.3, 1.0, 2.5, 10.0]),
                           st.integers(0, 4), st.booleans(), st.booleans()),  # gap, page, new tab, right code
                 min_size=1, max_size=120)  # fmt: skip


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tries)
def test_however_pages_guess_the_class_compares_at_most_a_burst_plus_one_a_second(script):
    store = Store.open("sqlite://", fresh=True)
    store.now = clock = StoreClock()
    pages = {}
    wrong_at = []
    for gap, index, new_tab, right in script:
        clock.advance(gap)
        if new_tab or index not in pages:
            pages[index] = CodeGuard(store, clock=PageClock(clock))
        try:
            if not pages[index].check(lambda r=right: r):
                wrong_at.append(clock.t)
        except CodeWaitError as error:
            assert error.seconds >= 1
    for i, start in enumerate(wrong_at):
        for end in wrong_at[i:]:
            span = (end - start).total_seconds()
            inside = sum(1 for at in wrong_at if start <= at <= end)
            assert inside <= CLASS_BURST + math.floor(span / CLASS_INTERVAL + 1e-9)
    store.dispose()
