"""One browser's progress: the store behind the static site, kept in the browser's own storage.

The static site (``myword-edu build-site``) has no server and no database. Its
kernel records each call through the same recorders as the class app
(:class:`~myword_edu.ui.myword.recorder.AttemptRecorder`,
:class:`~myword_edu.ui.boggle.recorder.BoggleRecorder`) into a
:class:`BrowserProgress`, an :class:`~myword_edu.classroom.attempts.AttemptSink`
like the class store: each game start, each attempt and each Boggle round's
crossed-out words become one small JSON record that the page appends to
``localStorage`` (see :mod:`myword_edu.ui.browser`) before the student sees the
answer. After a reload the page hands the stored records back; a download turns
them into the same CSV files as the server's export (:mod:`myword_edu.classroom.export`),
figured by the same functions (:mod:`myword_edu.classroom.progress`).

Stored records come from the browser, so nothing in them is trusted: each is
checked field by field, and a record that does not fit is left out (counted
in :attr:`BrowserProgress.skipped`), never half-read.

>>> p = BrowserProgress("Ana", now=lambda: datetime(2026, 3, 2, 9, 0))
>>> game = p.start_game(1, lang="en", variant="standard", min_cards=3)
>>> _ = p.record(Attempt(1, game, 1, "cat", "cat", "cat", "C A T", 3, Outcome.ACCEPTED, None, 3, 0, 3, "en"))
>>> [(a.student, a.word, a.points) for a in p.attempts()]
[('Ana', 'cat', 3)]
>>> restored = BrowserProgress("Ana")
>>> restored.load(p.records)  # the game's start and the attempt
2
>>> restored.progress()[0].attempts, restored.progress()[0].cards_won
(1, 3)
"""

from __future__ import annotations

import json
import math
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable, Iterable

from myword_edu.core.errors import MyWordError
from myword_edu.classroom.attempts import Attempt, Outcome
from myword_edu.classroom.export import attempts_rows, export_names, summary_table, to_csv
from myword_edu.classroom.progress import StudentProgress, student_progress

__all__ = ["BrowserProgress", "GameStart", "RecordError", "records_json", "STORAGE_KEY", "RECORD_VERSION", "MAX_RECORDS"]

#: The ``localStorage`` key of the records (one per site origin).
STORAGE_KEY = "myword-edu/progress/v1"
RECORD_VERSION = 1
#: A browser keeps at most this many records (about 4 MB of storage); the oldest go first.
MAX_RECORDS = 20000
STUDENT_ID = 1
#: A Boggle round's crossed-out words kept in one record, at most.
MAX_CROSSED = 400
_TEXT_LIMITS = {"word": 64, "folded": 64, "spelling": 64, "cards": 200, "lang": 8, "lesson": 64, "focus_word": 64,
                "reason": 40, "game_id": 64, "variant": 16, "student": 64}  # fmt: skip


class RecordError(MyWordError, ValueError):
    """A record that cannot be kept (a field out of range); ``record`` is what was refused."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        super().__init__(f"this call cannot be kept in the browser: {record!r}")


def _utcnow() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


@dataclass(frozen=True)
class GameStart:
    """The start of a game (for the minutes played in the summary)."""

    game_id: str
    at: datetime
    lang: str
    variant: str
    min_cards: int
    lesson: str | None


class BrowserProgress:
    """A store-like record of one student's games and calls, as JSON records.

    It is a :class:`~myword_edu.classroom.attempts.GameSink` (``start_game``,
    ``record``, ``cross_out``, ``save_game_state``: what the recorders call)
    and offers the two reads the CSV export needs (``attempts``, ``progress``).
    ``on_record(record)`` is called with each new record, to be saved by the page.
    """

    def __init__(self, student: str, *, now: Callable[[], datetime] = _utcnow) -> None:
        self.student = student
        self.now = now
        self.records: list[dict[str, Any]] = []
        self.skipped = 0
        self.on_record: Callable[[dict[str, Any]], None] = lambda record: None

    # -- writing (the recorder's calls) ------------------------------------------
    def start_game(
        self, student_id: int, *, lang: str, variant: str, min_cards: int, lesson: str | None = None,
        seed: object = None, kind: str = "practice",
    ) -> str:  # fmt: skip
        game_id = str(uuid.uuid4())
        self._add({"kind": "game", "game_id": game_id, "at": _stamp(self.now()), "lang": lang, "variant": variant,
                   "min_cards": int(min_cards), "lesson": lesson,
                   "game": "boggle" if kind == "boggle" else "myword"})  # fmt: skip
        return game_id

    def record(self, attempt: Attempt) -> Attempt:
        """Keep one attempt (as the student :attr:`student`); returns it with its id and time."""
        at = attempt.at or self.now()
        record = {
            "kind": "attempt", "game_id": attempt.game_id, "round": int(attempt.round), "at": _stamp(at),
            "student": self.student, "word": attempt.word[:64], "folded": attempt.folded[:64],
            "spelling": attempt.spelling[:64], "cards": attempt.cards[:200], "card_count": int(attempt.card_count),
            "accepted": attempt.accepted, "reason": attempt.reason, "points": int(attempt.points),
            "free_cards": int(attempt.free_cards), "min_cards": int(attempt.min_cards), "lang": attempt.lang,
            "lesson": attempt.lesson, "focus_word": attempt.focus_word,
        }  # fmt: skip
        self._add(record)
        return attempt.stored(sum(1 for r in self.records if r["kind"] == "attempt"), _parse(_stamp(at)), self.student)

    def cross_out(self, game_ids: Iterable[str], round: int, words: Iterable[str]) -> int:
        """Keep a Boggle round's crossed-out words (its attempts of them then score 0)."""
        ids, folded = list(dict.fromkeys(game_ids)), sorted({w[:64] for w in words})[:MAX_CROSSED]
        if not ids or not folded:
            return 0
        changed = sum(1 for r in self.records if r["kind"] == "attempt" and r["game_id"] in ids
                      and r["round"] == round and r["folded"] in folded and r["accepted"] and r["points"])  # fmt: skip
        for game_id in ids:
            self._add({"kind": "crossed", "game_id": game_id, "round": int(round), "at": _stamp(self.now()),
                       "words": folded})  # fmt: skip
        return changed

    def save_game_state(self, game_id: str, state: str | None) -> None:
        """Games are not resumed in the browser (a reload deals a new game); the attempts are kept."""

    def _add(self, record: dict[str, Any]) -> None:
        checked = _check(record)
        if checked is None:  # the session then says the call was not saved
            raise RecordError(record)
        self.records.append(checked)
        self.on_record(checked)

    # -- loading what the browser kept ------------------------------------------
    def load(self, records: object) -> int:
        """Put records kept by the browser first (before any made since); returns how many were kept."""
        if isinstance(records, str):
            try:
                records = json.loads(records)
            except ValueError:
                records = None
        if isinstance(records, dict):
            records = records.get("records")
        if not isinstance(records, list):
            return 0
        kept = [r for r in map(_check, records[-MAX_RECORDS:]) if r is not None]
        self.skipped += min(len(records), MAX_RECORDS) - len(kept)
        self.records = kept + self.records
        return len(kept)

    # -- reading ------------------------------------------------------------------
    def games(self) -> dict[str, GameStart]:
        return {
            r["game_id"]: GameStart(r["game_id"], _parse(r["at"]), r["lang"], r["variant"], r["min_cards"], r["lesson"])
            for r in self.records if r["kind"] == "game"
        }  # fmt: skip

    def attempts(self) -> list[Attempt]:
        """Every attempt kept, oldest first (ids count from 1); a crossed-out Boggle word scores 0."""
        rows = [r for r in self.records if r["kind"] == "attempt"]
        rows.sort(key=lambda r: r["at"])  # stable: records of one moment keep their order
        kinds = {r["game_id"]: r.get("game", "myword") for r in self.records if r["kind"] == "game"}
        crossed = {(r["game_id"], r["round"], w) for r in self.records if r["kind"] == "crossed" for w in r["words"]}
        out = []
        for i, r in enumerate(rows, start=1):
            outcome = Outcome.of(r["accepted"], r["reason"])
            points = r["points"] if outcome is Outcome.ACCEPTED else 0
            if (r["game_id"], r["round"], r["folded"]) in crossed:
                points = 0
            try:
                out.append(Attempt(
                    id=i, student_id=STUDENT_ID, student=r["student"], game_id=r["game_id"], round=r["round"],
                    at=_parse(r["at"]), word=r["word"], folded=r["folded"], spelling=r["spelling"], cards=r["cards"],
                    card_count=r["card_count"], outcome=outcome, reason=r["reason"], points=points,
                    free_cards=r["free_cards"], min_cards=r["min_cards"], lang=r["lang"], lesson=r["lesson"],
                    focus_word=r["focus_word"], game=kinds.get(r["game_id"], "myword"),
                ))  # fmt: skip
            except ValueError:  # an accepted call with a reason, a refused one without: not kept
                continue
        return out

    def progress(self, attempts: Iterable[Attempt] | None = None) -> list[StudentProgress]:
        """The student's totals, as the class store computes them (one row), from ``attempts`` or every one kept."""
        starts = {game_id: start.at for game_id, start in self.games().items()}
        rows = self.attempts() if attempts is None else attempts
        return student_progress([(STUDENT_ID, self.student)], rows, starts)

    # -- the CSV files -------------------------------------------------------------
    def attempts_csv(self, lang: str = "en") -> tuple[str, bytes]:
        """The attempts file (name, bytes): the server export's format."""
        return export_names(self.now())[0], to_csv(attempts_rows(self.attempts(), lang))

    def summary_csv(self, lang: str = "en") -> tuple[str, bytes]:
        """The summary file (name, bytes): the server export's format."""
        attempts = self.attempts()
        return export_names(self.now())[1], to_csv(summary_table(attempts, self.progress(attempts), lang))


def _stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%f")


def _parse(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%f")


def _text(value: object, key: str, *, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str) or len(value) > _TEXT_LIMITS.get(key, 64) or not value.isprintable():
        raise ValueError(key)
    return value


def _int(value: object, low: int = 0, high: int = 10**6) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError("number")
    number = int(value)
    if number != value or not low <= number <= high:
        raise ValueError("number")
    return number


def _check(record: object) -> dict[str, Any] | None:
    """The record with every field checked and nothing else, or None if anything is off.

    >>> _check({"kind": "game", "game_id": "g", "at": "2026-03-02T09:00:00.000000", "lang": "es",
    ...         "variant": "standard", "min_cards": 3, "lesson": None, "extra": "<script>"})["lang"]
    'es'
    >>> _check({"kind": "game", "game_id": "g", "at": "yesterday", "lang": "es"}) is None
    True
    """
    if not isinstance(record, dict):
        return None
    try:
        kind = record.get("kind")
        at = _text(record.get("at"), "at")
        assert at is not None
        _parse(at)
        if kind == "crossed":
            words = record.get("words")
            if not isinstance(words, list) or len(words) > MAX_CROSSED:
                return None
            return {"kind": kind, "game_id": _text(record.get("game_id"), "game_id"), "at": at,
                    "round": _int(record.get("round"), 1, 1000), "words": [_text(w, "folded") for w in words]}  # fmt: skip
        common = {"kind": kind, "game_id": _text(record.get("game_id"), "game_id"), "at": at,
                  "lang": _text(record.get("lang"), "lang"), "lesson": _text(record.get("lesson"), "lesson", optional=True),
                  "min_cards": _int(record.get("min_cards"), 1, 20)}  # fmt: skip
        if kind == "game":
            game = record.get("game", "myword")
            if game not in ("myword", "boggle"):
                return None
            return {**common, "variant": _text(record.get("variant"), "variant"), "game": game}
        if kind != "attempt":
            return None
        accepted = record.get("accepted")
        if not isinstance(accepted, bool):
            return None
        return {
            **common, "round": _int(record.get("round"), 1, 1000), "student": _text(record.get("student"), "student"),
            "word": _text(record.get("word"), "word"), "folded": _text(record.get("folded"), "folded"),
            "spelling": _text(record.get("spelling"), "spelling"), "cards": _text(record.get("cards"), "cards"),
            "card_count": _int(record.get("card_count"), 0, 200), "accepted": accepted,
            "reason": _text(record.get("reason"), "reason", optional=True), "points": _int(record.get("points")),
            "free_cards": _int(record.get("free_cards"), 0, 200),
            "focus_word": _text(record.get("focus_word"), "focus_word", optional=True),
        }  # fmt: skip
    except (ValueError, TypeError, AttributeError, AssertionError):
        return None


def records_json(records: Iterable[dict[str, Any]]) -> str:
    """The stored form of records (what the page keeps under :data:`STORAGE_KEY`)."""
    return json.dumps({"version": RECORD_VERSION, "records": list(records)}, ensure_ascii=False, separators=(",", ":"))
