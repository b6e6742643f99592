"""Puts a student's Boggle words into the class store, each one before the student sees its answer.

:class:`BoggleRecorder` hooks into a :class:`~myword_edu.ui.boggle.model.BoggleSession`:
``session.on_attempt`` is called right after the engine has judged a word and
before any trait changes, so the attempt
(:meth:`~myword_edu.classroom.attempts.Attempt.from_play`) is committed into the
sink (``Store.record`` returns only once it is on disk) before the page hears
anything. A game is a
``games`` row of kind ``"boggle"`` (variant: the dice set), recorded when its
first round starts; each word is an ``attempts`` row: the word typed, its
dictionary spelling, the path of cubes as text in the cards column (``S(2,2)
C(1,1) ...``: face, row, column), the letter count, accepted or the reason
(not a word, not on the board, too short, blocked, already found) and the
points including the bonus cube's. When the round ends, the words the student
shares with a robot are crossed out for both (the rulebook's rule): their
attempts then score 0, as the student's list shows (:meth:`AttemptSink.cross_out`).

The round itself is kept too (``games.state``: the settings, when the round
started by the wall clock, and what the student sent), so a closed tab or a
killed kernel resumes it: the same board, the words already found, and the
clock where it would be had the tab stayed open (:func:`unfinished_boggle`).
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, Sequence

from myword_edu.boggle.board import path_text
from myword_edu.boggle.round import GAME_KIND, Play
from myword_edu.classroom.attempts import Attempt, GameSink
from myword_edu.classroom.roster import Student
from myword_edu.core.errors import MyWordError
from myword_edu.ui.boggle.model import BoggleSession, BPhase
from myword_edu.ui.boggle.settings import BoggleSettings
from myword_edu.ui.saved_game import saved_state, settings_data

if TYPE_CHECKING:
    from myword_edu.classroom.store import Store

__all__ = ["BoggleRecorder", "path_text", "unfinished_boggle"]

log = logging.getLogger(__name__)


class BoggleRecorder:
    """Records one student's Boggle games and words in ``store``."""

    def __init__(self, store: "GameSink", student: Student, *, wall: Callable[[], float] = time.time) -> None:
        self.store = store
        self.student = student
        self.session: BoggleSession | None = None
        self._game: object = None
        self._game_id = ""
        self._wall = wall
        self._started = 0.0
        self._sent: list[list[Any]] = []
        self.recorded = 0

    def attach(self, session: BoggleSession) -> None:
        self.session = session
        session.on_attempt = self.record
        session.observe(self._on_phase, names="phase")

    def resume(self, game_id: str, started: float, sent: Sequence[Sequence[Any]]) -> None:
        """Record into the store's game ``game_id``, whose round the session carries on."""
        assert self.session is not None
        self._game, self._game_id = self.session.tournament, game_id
        self._started, self._sent = started, [list(s) for s in sent]

    def _on_phase(self, change: dict[str, Any]) -> None:
        try:
            if change["new"] is BPhase.PLAYING and self.session is not None and self.session.tournament is not self._game:
                self._game_id_now()
                self._started, self._sent = self._wall(), []
                self.keep()
            elif change["new"] in (BPhase.ROUND_OVER, BPhase.GAME_OVER) and self._game_id:
                self._cross_out()
                self.store.save_game_state(self._game_id, None)  # over: nothing to resume
        except MyWordError:
            log.exception("the start or end of %s's Boggle game could not be saved", self.student.name)

    def keep(self) -> None:
        """Save the round as it is now, for resuming (only while it is being played)."""
        session = self.session
        if session is None or session.round_number != 1 or session.phase is not BPhase.PLAYING:
            return  # only a game's first round is resumed (a rostered student plays one round)
        state = {"settings": settings_data(session.settings), "seed": session.settings.seed, "started": self._started,
                 "sent": self._sent}  # fmt: skip
        self.store.save_game_state(self._game_id, json.dumps(state, ensure_ascii=False))

    def _game_id_now(self) -> str:
        session = self.session
        assert session is not None
        if session.tournament is not self._game:
            s = session.settings
            self._game_id = self.store.start_game(
                self.student.id, lang=session.lang, variant=s.dice_set, min_cards=session.min_length,
                seed=s.seed, kind=GAME_KIND,
            )  # fmt: skip
            self._game = session.tournament
        return self._game_id

    def record(self, play: Play, typed: object) -> None:
        """Commit one word (raises :class:`~myword_edu.classroom.store.StoreError` if it cannot be saved)."""
        session = self.session
        assert session is not None
        attempt = Attempt.from_play(
            play, typed=typed, board=session.board, lexicon=session.lexicon, student_id=self.student.id, game_id="",
            round=session.round_number, lang=session.lang, min_length=session.min_length,
        )  # fmt: skip
        if attempt is None:
            return
        self.store.record(replace(attempt, game_id=self._game_id_now()))
        self.recorded += 1
        self._sent.append([typed, None, play.at] if isinstance(typed, str) else [None, list(play.path), play.at])
        try:
            self.keep()
        except MyWordError:  # the word itself is stored; only resuming would miss it
            log.exception("%s's Boggle round could not be kept for resuming", self.student.name)


    def _cross_out(self) -> None:
        """The round is over: the student's words a robot found too score 0 (the lists show them crossed out)."""
        session = self.session
        result = session.result if session is not None else None
        if session is None or result is None:
            return
        crossed = [w.word for w in result.words.get(session.student, ()) if w.crossed]
        if crossed:
            self.store.cross_out([self._game_id], session.round_number, crossed)


def unfinished_boggle(
    store: "Store", student: Student, settings: BoggleSettings
) -> tuple[str, int, float, list[list[Any]]] | None:
    """The student's unfinished Boggle round with these settings: ``(game id, seed, started, sent)``.

    None when there is none, or when the teacher has changed the settings since.
    """
    found = saved_state(store, student, GAME_KIND, settings)
    if found is None:
        return None
    game_id, state = found
    try:
        seed, started = state["seed"], float(state["started"])
        sent = [[t if isinstance(t, str) else None, [int(c) for c in p] if p is not None else None,
                 None if at is None else float(at)] for t, p, at in state["sent"]]  # fmt: skip
    except (ValueError, KeyError, TypeError):
        log.warning("the saved Boggle round %s of %s cannot be read", game_id, student.name)
        return None
    if not isinstance(seed, int) or isinstance(seed, bool):
        return None
    return game_id, seed, started, sent
