"""For random games in every mode, the exported attempts are the events the pages showed.

MyWord! solo and Boggle solo (against a robot, whose shared words are crossed
out) recorded into the class store or the static site's browser storage;
MyWord! and Boggle live rooms with two or three students (too-late calls,
shared words). Each mode is driven through the engine and the recorders as the
pages drive them, the answers each page showed are written down (the word
typed, accepted / refused / too late, the reason, the points, and for Boggle
the points on the final, crossed-out list), and the attempts CSV must say
exactly that, row for row.
"""

from __future__ import annotations

import random
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from myword_edu.boggle.round import NOT_ATTEMPTS as BOGGLE_NOT_TRIES
from myword_edu.boggle.round import Board
from myword_edu.boggle.round import Reason as BoggleReason
from myword_edu.classroom.browser_progress import BrowserProgress
from myword_edu.classroom.export import attempts_csv, read_csv
from myword_edu.classroom.roster import Student
from myword_edu.classroom.store import Store
from myword_edu.core.errors import BadWordError
from myword_edu.i18n.classroom import text
from myword_edu.myword.cards import standard_deck
from myword_edu.myword.round import Reason
from myword_edu.myword.solver import words_on_table
from myword_edu.boggle.rules import BoggleRules
from myword_edu.rooms.live import TeacherRoom
from myword_edu.rooms.replica import RoomError
from myword_edu.rooms.seat import StudentSeat
from tests.store_clock import StoreClock

#: Tries that are no word, or no word on this table / board.
JUNK = ["zzq", "cta", "qqqq", "xylophone", "the", "   ", "cat", "tea", "dog", "ship"]
#: MyWord! answers a page shows that are no try (nothing is stored).
NOT_TRIES = {Reason.ROUND_OVER.value, Reason.DEALER_CANNOT_CALL.value}
MYWORD_REASONS = {r.value for r in Reason}
BOGGLE_REASONS = {r.value for r in BoggleReason} - {r.value for r in BOGGLE_NOT_TRIES}


@dataclass
class Shown:
    """One answer as a page showed it; ``points`` may be settled later (a Boggle list at the end)."""

    student: str
    word: str
    outcome: str  # "yes", "no", "too late": the attempts file's words
    reason: str  # the reason's text in the attempts file ("" when accepted)
    points: int
    folded: str = ""


def _reason(value: str | None) -> str:
    return text("en", f"reason.{value}") if value else ""


def exported(rows: list[list[str]]) -> list[tuple[str, str, str, str, int]]:
    head = rows[0]
    at = {name: head.index(text("en", key)) for name, key in (("student", "csv.student"), ("word", "csv.word"),
          ("accepted", "csv.accepted"), ("reason", "csv.reason"), ("points", "csv.points"))}  # fmt: skip
    return [(r[at["student"]], r[at["word"]], r[at["accepted"]], r[at["reason"]], int(r[at["points"]])) for r in rows[1:]]


def expected(shown: list[Shown]) -> list[tuple[str, str, str, str, int]]:
    return [(s.student, s.word, s.outcome, s.reason, s.points) for s in shown]


actions = st.lists(st.tuples(st.sampled_from(["deal", "call", "call", "junk", "wait"]), st.integers(0, 50),
                             st.integers(0, 2)), min_size=1, max_size=40)  # fmt: skip
common = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def folder():
    """Where the examples' databases go (in memory when the system has /dev/shm), removed at the end."""
    with tempfile.TemporaryDirectory(prefix="myword-attempts-", dir="/dev/shm" if Path("/dev/shm").is_dir() else None) as name:
        yield Path(name)


def _store(folder: Path) -> Store:
    """A new class store in a file (a live room reads while it writes: one in-memory connection cannot)."""
    return Store.open(f"sqlite:///{folder / uuid.uuid4().hex}.sqlite3", fresh=True)


def _sink(kind: str, name: str, folder: Path):
    if kind == "site":
        return BrowserProgress(name), lambda sink: read_csv(sink.attempts_csv()[1])
    return _store(folder), lambda sink: read_csv(attempts_csv(sink))


def _student(sink, name: str) -> Student:
    return sink.add_student(name) if isinstance(sink, Store) else Student(id=1, name=name)


# -- MyWord! solo ------------------------------------------------------------------------------------------------
@common
@given(seed=st.integers(0, 10**6), steps=actions, where=st.sampled_from(["store", "site"]),
       min_cards=st.integers(2, 4))  # fmt: skip
def test_myword_solo_exports_what_the_page_showed(en, folder, seed, steps, where, min_cards):
    from myword_edu.ui.myword.model import Session
    from myword_edu.ui.myword.recorder import AttemptRecorder
    from myword_edu.ui.myword.settings import Settings

    sink, read = _sink(where, "Ana", folder)
    student = _student(sink, "Ana")
    session = Session(Settings(seed=seed, bots=0, name="Ana", min_cards=min_cards), lexicons=lambda _l: en,
                      now=lambda: 0.0)  # fmt: skip
    AttemptRecorder(sink, student).attach(session)
    session.start()
    shown: list[Shown] = []
    for kind, pick, _who in steps:
        if kind == "deal":
            session.deal_next()
            continue
        if kind == "call":
            words = sorted(words_on_table(session.round.table, en, min_cards=2, max_letters=7))
            if not words:
                continue
            word = words[pick % len(words)]
        else:
            word = JUNK[pick % len(JUNK)]
        feedback = session.submit(word, use_selection=False)
        reason = feedback.key.removeprefix("reason.")
        if feedback.key == "feedback.you_won_cards":
            shown.append(Shown("Ana", word, "yes", "", feedback.values["count"]))
        elif reason in MYWORD_REASONS and reason not in NOT_TRIES:
            shown.append(Shown("Ana", word, "no", _reason(reason), 0))
        else:  # not a word at all (blank), the round is over: nothing stored
            assert feedback.key.startswith("reason.") and feedback.key != "feedback.not_saved", feedback
    assert exported(read(sink)) == expected(shown)


# -- Boggle solo, against a robot ------------------------------------------------------------------------------
@common
@given(seed=st.integers(0, 10**6), steps=actions, where=st.sampled_from(["store", "site"]))
@example(seed=13, steps=[("call", 0, 0)], where="store")  # the robot writes ANY too: crossed out
def test_boggle_solo_exports_what_the_page_showed_crossed_out_words_at_0(en, folder, seed, steps, where):
    from myword_edu.ui.boggle.model import BoggleSession, play_feedback
    from myword_edu.ui.boggle.recorder import BoggleRecorder
    from myword_edu.ui.boggle.settings import BoggleSettings

    clock = [0.0]
    sink, read = _sink(where, "Ana", folder)
    student = _student(sink, "Ana")
    session = BoggleSession(BoggleSettings(seed=seed, name="Ana", bots=1, level="hard", seconds=60),
                            lexicons=lambda _l: en, now=lambda: clock[0])  # fmt: skip
    BoggleRecorder(sink, student).attach(session)
    session.start()
    words = sorted(session.round.words)
    shown: list[Shown] = []
    for kind, pick, _who in steps:
        if kind in ("deal", "wait"):
            clock[0] += pick / 10  # the robot writes its words as the clock runs
            session.tick()
            continue
        word = words[pick % len(words)] if kind == "call" and words else JUNK[pick % len(JUNK)]
        before = len(session.round.events)
        feedback = session.submit(word)
        mine = [p for p in session.round.events[before:] if p.player == "Ana"]
        if mine:  # the student's word was judged: the page showed its answer
            (play,) = mine
            assert feedback == play_feedback(play, session.lexicon)
            if play.accepted:
                shown.append(Shown("Ana", word.strip() or word, "yes", "", play.points, play.word))
            elif play.reason is not None and play.reason.value in BOGGLE_REASONS:
                shown.append(Shown("Ana", word.strip(), "no", _reason(play.reason.value), 0))
    clock[0] += 61
    session.tick()
    assert session.result is not None  # the page shows the lists, shared words crossed out
    final = {w.word: w.points for w in session.result.words["Ana"]}
    for s in shown:
        if s.outcome == "yes":
            s.points = final[s.folded]
    assert exported(read(sink)) == expected(shown)


# -- MyWord! live room -------------------------------------------------------------------------------------------
@common
@given(seed=st.integers(0, 10**6), steps=actions, players=st.integers(2, 3))
@example(seed=1, steps=[("deal", 0, 0)] * 8 + [("wait", 0, 0), ("wait", 0, 1), ("call", 0, 0), ("call", 0, 1)],
         players=2)  # Ben calls on the table he saw, after Ana took its cards: too late  # fmt: skip
def test_a_myword_room_exports_what_each_page_showed(en, folder, seed, steps, players):
    store = _store(folder)
    clock = StoreClock()
    store.now = clock
    lex = {"en": en}
    deck = standard_deck("en")
    random.Random(seed).shuffle(deck)
    room = TeacherRoom.create(store, lang="en", lexicons=lex, deck=" ".join(str(c) for c in deck))
    names = ["Ana", "Ben", "Cy"][:players]
    seats = [StudentSeat.join(store, room.code, store.add_student(n).id, lexicons=lex) for n in names]
    room.start_round()
    pages = {seat.name: seat.sync() for seat in seats}  # the table each page shows (as it last looked)
    shown: list[Shown] = []
    for kind, pick, who in steps:
        seat = seats[who % players]
        clock.advance(1)
        if kind == "deal":
            try:
                room.deal()
            except RoomError:  # every card is dealt, or the round is over
                pass
            continue
        if kind == "wait":
            clock.advance(20)  # past any wait a failed call brought; the page looks again
            pages[seat.name] = seat.sync()
            continue
        page = pages[seat.name]
        if kind == "call":
            words = sorted(words_on_table([c.card for c in page.table], en, min_cards=3, max_letters=7))
            if not words:
                continue
            word = words[pick % len(words)]
        else:
            word = JUNK[pick % len(JUNK)]
        try:
            result = seat.claim(word, seen=page.version)
        except (RoomError, BadWordError):  # a wait, the round is over, no word at all: nothing stored
            continue
        if result.accepted:
            shown.append(Shown(seat.name, word, "yes", "", len(result.card_ids)))
        elif result.reason is Reason.TOO_LATE:
            shown.append(Shown(seat.name, word, _reason("too_late"), _reason("too_late"), 0))
        elif result.reason.value not in NOT_TRIES:
            shown.append(Shown(seat.name, word, "no", _reason(result.reason.value), 0))
        pages[seat.name] = seat.view()  # the answer comes with the table as committed
    assert exported(read_csv(attempts_csv(store))) == expected(shown)


# -- Boggle live room --------------------------------------------------------------------------------------------
@common
@given(seed=st.integers(0, 10**6), steps=actions, players=st.integers(2, 3))
@example(seed=1, steps=[("call", 0, 0), ("call", 0, 1), ("call", 1, 1)], players=3)  # a word on two lists
def test_a_boggle_room_exports_what_each_page_showed_crossed_out_words_at_0(en, folder, seed, steps, players):
    store = _store(folder)
    clock = StoreClock()
    store.now = clock
    lex = {"en": en}
    board = Board.roll("new", seed=str(seed))
    room = TeacherRoom.create(store, game="boggle", boggle=BoggleRules(dice="new", seconds=120), lexicons=lex,
                              board=str(board))  # fmt: skip
    names = ["Ana", "Ben", "Cy"][:players]
    seats = [StudentSeat.join(store, room.code, store.add_student(n).id, lexicons=lex) for n in names]
    room.start_round()
    for seat in seats:
        seat.sync()
    words = sorted(room.replica.round.words)[:6]  # a few words, so students share some
    shown: list[Shown] = []
    for kind, pick, who in steps:
        seat = seats[who % players]
        clock.advance(1)
        if kind in ("deal", "wait"):
            continue
        word = words[pick % len(words)] if kind == "call" and words else JUNK[pick % len(JUNK)]
        try:
            play = seat.write(word)
        except (RoomError, BadWordError):
            continue
        if play.accepted:
            shown.append(Shown(seat.name, word, "yes", "", play.points, play.word))
        elif play.reason is not None and play.reason.value in BOGGLE_REASONS:
            shown.append(Shown(seat.name, word.strip(), "no", _reason(play.reason.value), 0))
    clock.advance(121)  # the clock runs out: every page shows the lists
    result = seats[0].sync().result
    assert result is not None
    final = {(name, w.word): w.points for name, listed in result.words.items() for w in listed}
    for s in shown:
        if s.outcome == "yes":
            s.points = final[(s.student, s.folded)]
    assert exported(read_csv(attempts_csv(store))) == expected(shown)
