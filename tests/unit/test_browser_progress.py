"""The static site's progress store: records kept by the browser, checked on the way back, exported as CSV."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from myword_edu.classroom.browser_progress import MAX_RECORDS, BrowserProgress, records_json
from myword_edu.classroom.export import attempts_rows, read_csv, summary_rows, to_csv
from tests.attempt_rows import attempt_row


class Ticking:
    """A clock that moves one second per reading."""

    def __init__(self) -> None:
        self.moment = datetime(2026, 3, 2, 9, 0)

    def __call__(self) -> datetime:
        self.moment += timedelta(seconds=1)
        return self.moment


def attempt(progress: BrowserProgress, game: str, word: str, *, accepted: bool = True, points: int = 3, **extra):
    fields = dict(
        student_id=1, game_id=game, round=1, word=word, folded=word.lower(), spelling=word.lower(), cards="C A T",
        card_count=3, accepted=accepted, reason=None if accepted else "not_a_word", points=points if accepted else 0,
        free_cards=0 if accepted else 1, min_cards=3, lang="en",
    )  # fmt: skip
    fields.update(extra)
    return progress.record(attempt_row(**fields))


def test_every_record_is_handed_to_the_page_as_it_is_made():
    saved = []
    progress = BrowserProgress("Ana", now=Ticking())
    progress.on_record = saved.append
    game = progress.start_game(1, lang="en", variant="standard", min_cards=3)
    attempt(progress, game, "cat")
    attempt(progress, game, "qzx", accepted=False)
    assert [r["kind"] for r in saved] == ["game", "attempt", "attempt"]
    assert saved[2]["word"] == "qzx" and saved[2]["accepted"] is False and saved[2]["reason"] == "not_a_word"


def test_a_reload_gives_the_same_csv_as_before():
    progress = BrowserProgress("Peña, Ana", now=Ticking())
    game = progress.start_game(1, lang="es", variant="standard", min_cards=3, lesson="es-4-enye")
    attempt(progress, game, "camión", folded="camion", spelling="camión", lang="es", points=6, card_count=6)
    attempt(progress, game, "=HYPERLINK(1)", accepted=False, lang="es")
    stored = records_json(progress.records)

    restored = BrowserProgress("Peña, Ana", now=progress.now)
    assert restored.load(stored) == 3
    assert restored.attempts() == progress.attempts()
    name, data = restored.attempts_csv("es")
    assert name.startswith("myword-attempts-") and data == progress.attempts_csv("es")[1]
    rows = read_csv(data)
    assert rows[0] == attempts_rows([], "es")[0]
    assert rows[1][1] == "Peña, Ana" and rows[1][2] == "camión"
    assert rows[2][2] == "'=HYPERLINK(1)"  # neutralised, as in the server's export
    summary = read_csv(restored.summary_csv("es")[1])
    assert summary[0] == summary_rows([], [], "es")[0]
    assert summary[1][0] == "Peña, Ana" and summary[1][3] == "2" and summary[1][4] == "1"


def test_records_kept_before_come_first_and_new_ones_after():
    progress = BrowserProgress("Ana", now=Ticking())
    game = progress.start_game(1, lang="en", variant="standard", min_cards=3)
    attempt(progress, game, "new")
    earlier = BrowserProgress("Ana", now=lambda: datetime(2026, 3, 1, 8, 0))
    old_game = earlier.start_game(1, lang="en", variant="standard", min_cards=3)
    attempt(earlier, old_game, "old")
    progress.load(records_json(earlier.records))
    assert [a.word for a in progress.attempts()] == ["old", "new"]
    assert [a.id for a in progress.attempts()] == [1, 2]


def test_tampered_storage_is_left_out_not_trusted():
    progress = BrowserProgress("Ana")
    good = BrowserProgress("Ana", now=Ticking())
    game = good.start_game(1, lang="en", variant="standard", min_cards=3)
    attempt(good, game, "cat")
    bad = [
        {**good.records[1], "accepted": "yes"},  # not a bool
        {**good.records[1], "points": -1},
        {**good.records[1], "points": 1e300},
        {**good.records[1], "word": "x" * 500},
        {**good.records[1], "word": "bell\x07"},
        {**good.records[1], "at": "yesterday"},
        {**good.records[1], "kind": "teacher"},
        {**good.records[1], "round": True},
        "<script>alert(1)</script>",
        None,
        [1, 2],
    ]
    kept = progress.load(json.dumps({"version": 1, "records": [good.records[1], *bad]}))
    assert kept == 1 and progress.skipped == len(bad)
    assert [a.word for a in progress.attempts()] == ["cat"]
    for garbage in ("not json", "null", "42", '{"records": "x"}', None, json.dumps([{"kind": "game"}])):
        fresh = BrowserProgress("Ana")
        assert fresh.load(garbage) == 0 and fresh.attempts() == []


def test_a_full_storage_keeps_the_newest_records():
    progress = BrowserProgress("Ana")
    record = {"kind": "game", "game_id": "g", "at": "2026-03-02T09:00:00.000000", "lang": "en",
              "variant": "standard", "min_cards": 3, "lesson": None}  # fmt: skip
    records = [{**record, "game_id": f"g{i}"} for i in range(MAX_RECORDS + 5)]
    assert progress.load(records_json(records)) == MAX_RECORDS
    assert progress.records[0]["game_id"] == "g5"


def test_minutes_played_run_from_each_game_start_to_its_last_call():
    clock = Ticking()
    progress = BrowserProgress("Ana", now=clock)
    game = progress.start_game(1, lang="en", variant="standard", min_cards=3)  # 09:00:01
    clock.moment += timedelta(seconds=58)
    attempt(progress, game, "cat")  # 09:01:00
    (row,) = progress.progress()
    assert row.seconds_played == 59 and row.attempts == 1 and row.cards_won == 3


words = st.text(alphabet="abcdefghijklmnopqrstuvwxyzñáéíóú=+-@ ,\"'", min_size=1, max_size=20)


@settings(max_examples=60, deadline=None)
@given(
    name=st.text(min_size=1, max_size=30).filter(lambda s: s.isprintable()),
    calls=st.lists(st.tuples(words, st.booleans(), st.integers(0, 40)), max_size=12),
)
def test_any_progress_survives_the_round_trip_through_storage(name, calls):
    progress = BrowserProgress(name, now=Ticking())
    game = progress.start_game(1, lang="es", variant="junior", min_cards=2)
    for word, accepted, points in calls:
        attempt(progress, game, word, accepted=accepted, points=points, lang="es")
    restored = BrowserProgress(name, now=progress.now)
    restored.load(json.loads(json.dumps(records_json(progress.records))))
    assert restored.skipped == 0
    assert restored.attempts() == progress.attempts()
    assert read_csv(restored.attempts_csv()[1]) == read_csv(to_csv(attempts_rows(progress.attempts())))


def test_a_record_that_cannot_be_kept_is_refused_with_a_myword_error():
    from myword_edu.classroom.browser_progress import RecordError
    from myword_edu.core.errors import MyWordError

    progress = BrowserProgress("Ana")
    game = progress.start_game(1, lang="en", variant="standard", min_cards=3)
    try:
        attempt(progress, game, "cat", round=0)
    except RecordError as error:
        assert isinstance(error, MyWordError) and error.record["round"] == 0
    else:
        raise AssertionError("a round 0 was kept")
    assert progress.attempts() == []
