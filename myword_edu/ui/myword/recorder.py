"""Puts a student's calls into the class store, each one before the student sees its answer.

:class:`AttemptRecorder` hooks into a :class:`~myword_edu.ui.myword.model.Session`:
``session.on_attempt`` is called right after the engine has judged a call and
before any trait changes, so the attempt
(:meth:`~myword_edu.classroom.attempts.Attempt.from_claim`) is committed into
the sink (``Store.record`` returns only once it is on disk; the static site's
:class:`~myword_edu.classroom.browser_progress.BrowserProgress` hands it to the
page) before the page hears anything. A game is
recorded when its dealing starts (for words per minute).

The game itself is kept too (``games.state``: the settings and the engine's
save, rewritten after every change and cleared when the game is over), so a
student whose tab closed or whose kernel died picks their name again and
carries on: :func:`unfinished_game` finds it and :meth:`AttemptRecorder.resume`
goes on recording into the same game.
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from myword_edu.classroom.attempts import Attempt, GameSink
from myword_edu.myword.cards import Card
from myword_edu.classroom.roster import Student
from myword_edu.core.errors import MyWordError
from myword_edu.myword.values import ClaimResult
from myword_edu.ui.myword.model import Phase, Session
from myword_edu.ui.saved_game import saved_state, settings_data
from myword_edu.ui.myword.settings import Settings

if TYPE_CHECKING:
    from myword_edu.myword.lessons import Lesson
    from myword_edu.classroom.store import Store

__all__ = ["AttemptRecorder", "unfinished_game", "GAME_KIND"]

#: ``games.kind`` of a MyWord! practice game.
GAME_KIND = "practice"

log = logging.getLogger(__name__)


class AttemptRecorder:
    """Records one student's games and calls in ``store`` (the class store or the browser's)."""

    def __init__(self, store: "GameSink", student: Student) -> None:
        self.store = store
        self.student = student
        self.session: Session | None = None
        self._game: object = None
        self._game_id = ""
        self._kept: str | None = None
        self.recorded = 0

    def attach(self, session: Session) -> None:
        self.session = session
        session.on_attempt = self.record
        session.on_progress = self.keep
        session.observe(self._on_phase, names="phase")

    def resume(self, game_id: str) -> None:
        """Record into the store's game ``game_id``: the session carries it on (see :meth:`Session.carry_on`)."""
        assert self.session is not None
        self._game, self._game_id = self.session.game, game_id

    def keep(self) -> None:
        """Save the game as it is now, for resuming (nothing once it is over)."""
        session = self.session
        if session is None or session.game is not self._game:
            return  # not started yet: nothing to resume
        state = None if session.phase is Phase.GAME_OVER else json.dumps(
            {"settings": settings_data(session.settings), "game": session.game.to_dict()}, ensure_ascii=False
        )
        if state != self._kept:
            self.store.save_game_state(self._game_id, state)
            self._kept = state

    def _on_phase(self, change: dict[str, Any]) -> None:
        if change["new"] is Phase.DEALING:
            try:
                self._game_id_now()
            except MyWordError:
                log.exception("the start of %s's game could not be saved", self.student.name)

    def _game_id_now(self) -> str:
        session = self.session
        assert session is not None
        if session.game is not self._game:
            s = session.settings
            lesson: Lesson | None = getattr(session, "lesson", None)
            self._game_id = self.store.start_game(
                self.student.id, lang=session.lang, variant=s.variant, min_cards=s.min_cards,
                lesson=lesson.id if lesson else None, seed=s.seed, kind=GAME_KIND,
            )  # fmt: skip
            self._game = session.game
            self.keep()
        return self._game_id

    def record(self, result: ClaimResult, table_before: Sequence[Card]) -> None:
        """Commit one call (raises :class:`~myword_edu.classroom.store.StoreError` if it cannot be saved).

        In "Listen and build" the call is a try at the word the app said (``session.try_at``).
        """
        session = self.session
        assert session is not None
        lesson: Lesson | None = getattr(session, "lesson", None)
        attempt = Attempt.from_claim(
            result, student_id=self.student.id, game_id="", round=session.round_number, lang=session.lang,
            lesson=lesson, table_before=table_before, heard=getattr(session, "try_at", None),
        )  # fmt: skip
        if attempt is None:
            return
        self.store.record(replace(attempt, game_id=self._game_id_now()))
        self.recorded += 1


def unfinished_game(store: "Store", student: Student, settings: Settings) -> tuple[str, int, Mapping[str, Any]] | None:
    """The student's unfinished practice game with these settings: ``(game id, seed, saved game)``.

    None when there is none, or when the teacher has changed the student's
    settings since (the next game is then played under the new ones).
    """
    found = saved_state(store, student, GAME_KIND, settings)
    if found is None:
        return None
    game_id, state = found
    game = state.get("game")
    seed = game.get("seed") if isinstance(game, dict) else None
    if not isinstance(seed, int) or isinstance(seed, bool):
        return None
    return game_id, seed, game
