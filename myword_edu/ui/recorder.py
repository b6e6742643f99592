"""Puts a student's calls into the class store, each one before the student sees its answer.

:class:`AttemptRecorder` hooks into a :class:`~myword_edu.ui.model.Session`:
``session.on_attempt`` is called right after the engine has judged a call and
before any trait changes, so the attempt is committed (``Store.record_attempt``
returns only once it is on disk) before the page hears anything. A game is
recorded when its dealing starts (for words per minute).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Sequence

from ..cards import Card
from ..classroom import Student
from ..errors import MyWordError
from ..rules import ClaimResult, Reason
from ..spelling import best_spelling
from .model import Phase, Session

if TYPE_CHECKING:
    from ..lessons import Lesson
    from ..store import Store

__all__ = ["AttemptRecorder"]

log = logging.getLogger(__name__)

#: Answers that are not a try at a word (nothing in the game changed): not recorded.
_NOT_ATTEMPTS = {Reason.ROUND_OVER, Reason.DEALER_CANNOT_CALL}
#: Calls that were not a word of the list ("don't" is not one either: a slip of a focus word counts).
_NOT_WORDS = {Reason.NOT_A_WORD, Reason.APOSTROPHE_OR_HYPHEN}


class AttemptRecorder:
    """Records one student's games and calls in ``store``."""

    def __init__(self, store: "Store", student: Student) -> None:
        self.store = store
        self.student = student
        self.session: Session | None = None
        self._game: object = None
        self._game_id = ""
        self.recorded = 0

    def attach(self, session: Session) -> None:
        self.session = session
        session.on_attempt = self.record
        session.observe(self._on_phase, names="phase")

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
                lesson=lesson.id if lesson else None, seed=s.seed,
            )  # fmt: skip
            self._game = session.game
        return self._game_id

    def record(self, result: ClaimResult, table_before: Sequence[Card]) -> None:
        """Commit one call (raises :class:`~myword_edu.store.StoreError` if it cannot be saved)."""
        session = self.session
        assert session is not None
        if result.reason in _NOT_ATTEMPTS or not result.folded:
            return
        cards: Sequence[Card] = result.cards
        if result.reason is Reason.TOO_FEW_CARDS:  # show which cards the short word took
            cards = best_spelling(result.folded, table_before) or ()
        lesson: Lesson | None = getattr(session, "lesson", None)
        focus = None
        if lesson is not None:
            target = lesson.target(result.folded, is_word=result.reason not in _NOT_WORDS)
            focus = lesson.shown.get(target, target) if target else None
        self.store.record_attempt(
            student_id=self.student.id,
            game_id=self._game_id_now(),
            round=session.round_number,
            word=result.word,
            folded=result.folded,
            spelling=result.spelling if result.reason not in _NOT_WORDS else result.folded,
            cards=" ".join(str(c) for c in cards),
            card_count=len(cards),
            accepted=result.accepted,
            reason=result.reason.value if result.reason else None,
            points=result.points,
            free_cards=len(result.free_cards),
            min_cards=result.needed,
            lang=session.lang,
            lesson=lesson.id if lesson else None,
            focus_word=focus,
        )
        self.recorded += 1
