"""Live Boggle room properties (Hypothesis): any log of joins, removals, rounds, words and early ends,
replayed from scratch or applied as kernels poll it, gives the same lists; no word committed after the
bell counts; at the end a word on two or more lists scores nothing and every other keeps its points."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from myword_edu.boggle.round import Reason
from myword_edu.rooms.boggle_replica import BoggleReplica
from myword_edu.lexicon.wordlist import Lexicon
from myword_edu.rooms.replica import RoomEvent

BOARD = "R A T / E S N / T I L"
WORDS = ["rat", "rats", "star", "tar", "tars", "arts", "ear", "eat", "sat", "set", "nil", "lit", "tin", "tins",
         "snit", "lint", "zzz", "trail"]  # fmt: skip
NAMES = ["Ana", "Ben", "Cai"]
T0 = datetime(2026, 11, 30, 9, 0)
LEX = {"en": Lexicon.from_words([w for w in WORDS if w != "zzz"], blocked=[])}


@st.composite
def logs(draw):
    """A room's log as the store would commit it: (kind, intent, seconds after the first event)."""
    out, clock, round_no, joined = [], 0.0, 0, []
    for _ in range(draw(st.integers(1, 40))):
        clock += draw(st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.0])) + (40.0 if draw(st.integers(0, 15)) == 0 else 0.0)
        kind = draw(st.sampled_from(["join"] * 3 + ["remove", "start"] + ["word"] * 10 + ["finish"]))
        if kind == "join":
            name = draw(st.sampled_from(NAMES))
            joined.append(name)
            out.append(("join", ("join", name, draw(st.sampled_from([None, 3, 4])), "en"), clock))
        elif kind == "remove" and joined:
            out.append(("remove", ("remove", draw(st.sampled_from(joined))), clock))
        elif kind == "start" and joined:
            round_no += 1
            rules = {"dice": "new", "seconds": draw(st.sampled_from([30, 60])), "min_length": None, "bonus": False}
            out.append(("start", ("start", round_no, rules), clock))
        elif kind == "word" and round_no:
            path = draw(st.lists(st.integers(0, 8), min_size=1, max_size=4)) if draw(st.integers(0, 3)) == 0 else None
            word = "" if path is not None and draw(st.booleans()) else draw(st.sampled_from(WORDS))
            name = draw(st.sampled_from(joined)) if draw(st.integers(0, 5)) else draw(st.sampled_from(NAMES))
            out.append(("word", ("word", round_no, name, word, path), clock))
        elif kind == "finish" and round_no and draw(st.booleans()):
            out.append(("finish", ("finish",), clock))
    return out


def _events(log):
    return [RoomEvent(seq, kind, None, intent, None, T0 + timedelta(seconds=at))
            for seq, (kind, intent, at) in enumerate(log, 1)]  # fmt: skip


def _replay(events):
    replica, plays = BoggleReplica("en", f"board:{BOARD}", LEX), []
    for event in events:
        plays.append(replica.apply(event))
    return replica, plays


@settings(max_examples=150, deadline=None)
@given(logs(), st.integers(1, 6))
def test_replaying_the_log_whole_or_in_pieces_gives_the_same_room(log, pieces):
    events = _events(log)
    whole, plays = _replay(events)
    polled, plays_polled = BoggleReplica("en", f"board:{BOARD}", LEX), []
    step = max(1, len(events) // pieces)
    for start in range(0, len(events), step):  # a kernel catching up poll by poll, viewing in between
        for event in events[start : start + step]:
            plays_polled.append(polled.apply(event))
        polled.view(now=events[min(len(events), start + step) - 1].at)
    assert plays == plays_polled
    late = T0 + timedelta(days=1)
    assert whole.view(now=late) == polled.view(now=late)


@settings(max_examples=150, deadline=None)
@given(logs())
def test_no_word_after_the_bell_counts_and_shared_words_score_nothing(log):
    events = _events(log)
    replica = BoggleReplica("en", f"board:{BOARD}", LEX)
    for event in events:
        ends_at, finished = replica.ends_at, replica.round is not None and replica.round.is_over
        play = replica.apply(event)
        if event.kind == "word" and play.accepted:
            assert ends_at is not None and event.at < ends_at and not finished
            assert play.reason is None and play.word in LEX["en"]
        if event.kind == "word" and ends_at is not None and event.at >= ends_at:
            assert play.reason is Reason.ROUND_OVER
    result = replica.view(now=T0 + timedelta(days=1)).result
    if result is None:
        return
    finders = Counter(s.word for scored in result.words.values() for s in scored)
    for name, scored in result.words.items():
        for s in scored:
            assert s.crossed == (finders[s.word] > 1) and (s.points == 0) == s.crossed
        assert result.scores[name] == sum(s.points for s in scored)
    assert result.shared == {w for w, n in finders.items() if n > 1}


FOCUS_WORDS = ["cat", "hat", "map", "ship", "queen", "stand", "friend", "because", "niño", "x"]


@settings(max_examples=25, deadline=None)
@given(secret=st.text("0123456789abcdef", min_size=1, max_size=32), rounds=st.integers(1, 3),
       dice=st.sampled_from(["new", "classic", "big", "es"]), min_length=st.sampled_from([None, 3, 4, 5]),
       bonus=st.booleans(), focus=st.lists(st.sampled_from(FOCUS_WORDS), min_size=1, max_size=6, unique=True))
def test_a_lesson_rooms_boards_are_the_same_in_every_replica_and_hold_every_word_they_report(
        secret, rounds, dice, min_length, bonus, focus):  # fmt: skip
    """Two kernels replaying the same log hold the same lesson board each round; every focus word is either
    on it as a real path or reported as left out."""
    lex = {"en": LEX["en"], "es": Lexicon.from_words(["niño"], "es", blocked=[])}
    lang = "es" if dice == "es" else "en"
    kernels = [BoggleReplica(lang, secret, lex, focus) for _ in range(2)]
    rules = {"dice": dice, "seconds": 60, "min_length": min_length, "bonus": bonus}
    log = [("join", ("join", "Ana", None, lang), 0.0)] + [("start", ("start", n, rules), 60.0 * n) for n in range(1, rounds + 1)]
    for event in _events(log):
        views = []
        for kernel in kernels:
            kernel.apply(event)
            views.append(kernel.view(now=event.at))
        a, b = views
        assert (a.board, a.focus, a.focus_left_out) == (b.board, b.focus, b.focus_left_out)
        if event.kind == "start":
            assert set(a.focus) | set(a.focus_left_out) == set(focus) and not set(a.focus) & set(a.focus_left_out)
            for word in a.focus:
                path = a.board.find_path(word)
                assert path is not None and a.board.word_at(path) == word
