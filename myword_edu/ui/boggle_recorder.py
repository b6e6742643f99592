"""Puts a student's Boggle words into the class store, each one before the student sees its answer.

:class:`BoggleRecorder` hooks into a :class:`~myword_edu.ui.boggle_model.BoggleSession`:
``session.on_attempt`` is called right after the engine has judged a word and
before any trait changes, so the attempt is committed (``Store.record_attempt``
returns only once it is on disk) before the page hears anything. A game is a
``games`` row of kind ``"boggle"`` (variant: the dice set), recorded when its
first round starts; each word is an ``attempts`` row: the word typed, its
dictionary spelling, the path of cubes as text in the cards column (``S(2,2)
C(1,1) ...``: face, row, column), the letter count, accepted or the reason
(not a word, not on the board, too short, blocked, already found) and the
points including the bonus cube's.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from ..boggle import GAME_KIND, NOT_ATTEMPTS, Play, path_text
from ..classroom import Student
from ..errors import MyWordError
from .boggle_model import BoggleSession, BPhase

if TYPE_CHECKING:
    from ..store import Store

__all__ = ["BoggleRecorder", "path_text"]

log = logging.getLogger(__name__)


class BoggleRecorder:
    """Records one student's Boggle games and words in ``store``."""

    def __init__(self, store: "Store", student: Student) -> None:
        self.store = store
        self.student = student
        self.session: BoggleSession | None = None
        self._game: object = None
        self._game_id = ""
        self.recorded = 0

    def attach(self, session: BoggleSession) -> None:
        self.session = session
        session.on_attempt = self.record
        session.observe(self._on_phase, names="phase")

    def _on_phase(self, change: dict[str, Any]) -> None:
        if change["new"] is BPhase.PLAYING:
            try:
                self._game_id_now()
            except MyWordError:
                log.exception("the start of %s's Boggle game could not be saved", self.student.name)

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
        """Commit one word (raises :class:`~myword_edu.store.StoreError` if it cannot be saved)."""
        session = self.session
        assert session is not None
        if play.reason in NOT_ATTEMPTS or not play.word:
            return
        lexicon = session.lexicon
        spelling = lexicon.spelling(play.word) if play.word in lexicon else play.word
        shown = typed.strip() if isinstance(typed, str) and typed.strip() else spelling.upper()
        self.store.record_attempt(
            student_id=self.student.id,
            game_id=self._game_id_now(),
            round=session.round_number,
            word=shown,
            folded=play.word,
            spelling=spelling,
            cards=path_text(session.board, play.path),
            card_count=len(play.word),
            accepted=play.accepted,
            reason=play.reason.value if play.reason else None,
            points=play.points,
            free_cards=0,
            min_cards=session.min_length,
            lang=session.lang,
        )
        self.recorded += 1
