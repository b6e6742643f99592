"""One attempt record for every game and mode, and the one sink it goes into.

An :class:`Attempt` is one try a student made, the same fields whichever game
(MyWord! or Boggle) and whichever mode (solo practice, a live room, the static
site) it came from. It is built in one place for each game:

- :meth:`Attempt.from_claim` from a MyWord! :class:`~myword_edu.myword.values.ClaimResult`;
- :meth:`Attempt.from_play` from a Boggle :class:`~myword_edu.boggle.round.Play`.

Both return ``None`` for an answer that was no try at a word (the round was
over, the dealer may not call, nothing was typed, a forged path). The fields:

- ``game``: ``"myword"`` or ``"boggle"``;
- ``lesson``: the lesson actually played (its id), ``None`` when the deck or
  board ignored lessons (a room opened without one), and ``focus_word``: the
  lesson's focus word the try aimed at (:func:`myword_edu.core.focus.focus_target`,
  the same test in every game and mode);
- ``outcome``: :class:`Outcome` ``accepted``, ``refused`` or ``too_late`` (a
  live room's call on cards someone took a moment earlier: it costs nothing and
  is not a wrong answer, so it is not a *try*, :attr:`Attempt.is_try`);
- ``points`` as scored, what the student saw: the cards a MyWord! call took, a
  Boggle word's points with the bonus, and 0 once it is crossed out (two
  players found it; :meth:`AttemptSink.cross_out`);
- ``reason``: why it was refused (the engine's reason, as text).

An :class:`AttemptSink` keeps them: the class store
(:class:`~myword_edu.classroom.store.Store`), a live room's open transaction
(:class:`~myword_edu.classroom.attempt_store.TransactionSink`) and the
browser's storage on the static site
(:class:`~myword_edu.classroom.browser_progress.BrowserProgress`).

>>> from myword_edu.myword.values import ClaimResult, Reason
>>> late = ClaimResult("Ana", "cat", "cat", "cat", False, Reason.TOO_LATE, needed=3)
>>> a = Attempt.from_claim(late, student_id=1, game_id="g", round=1, lang="en")
>>> a.outcome, a.is_try, a.points
(<Outcome.TOO_LATE: 'too_late'>, False, 0)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Iterable, Mapping, Protocol, Sequence

from myword_edu.boggle.round import NOT_ATTEMPTS as BOGGLE_NOT_ATTEMPTS
from myword_edu.boggle.round import Board, Play
from myword_edu.boggle.board import path_text
from myword_edu.core.focus import focus_target
from myword_edu.core.text import fold
from myword_edu.myword.cards import Card
from myword_edu.myword.spelling import best_spelling
from myword_edu.myword.values import ClaimResult, Reason

if TYPE_CHECKING:
    from myword_edu.lexicon.wordlist import Lexicon

__all__ = ["Attempt", "Outcome", "AttemptSink", "GameSink", "FocusLesson", "GAMES", "game_of_kind", "NOT_TRIES"]

#: The games an attempt can come from.
GAMES = ("myword", "boggle")
#: MyWord! answers that are no try at a word (nothing in the game changed).
#: MyWord! calls that are no try at a word, so no attempt: after the round ended, or by the dealer.
NOT_TRIES = frozenset({Reason.ROUND_OVER, Reason.DEALER_CANNOT_CALL})
#: MyWord! calls that were not a word of the list ("don't" is not one either).
_NOT_WORDS = frozenset({Reason.NOT_A_WORD, Reason.APOSTROPHE_OR_HYPHEN})


class Outcome(str, enum.Enum):
    """What became of a try."""

    ACCEPTED = "accepted"
    REFUSED = "refused"
    TOO_LATE = "too_late"  # someone took the cards first: no penalty, not a wrong answer

    @classmethod
    def of(cls, accepted: bool, reason: str | None) -> "Outcome":
        """The outcome of a stored row (``accepted`` and its ``reason``).

        >>> Outcome.of(False, "too_late"), Outcome.of(True, None), Outcome.of(False, "not_a_word")
        (<Outcome.TOO_LATE: 'too_late'>, <Outcome.ACCEPTED: 'accepted'>, <Outcome.REFUSED: 'refused'>)
        """
        if accepted:
            return cls.ACCEPTED
        return cls.TOO_LATE if reason == Reason.TOO_LATE.value else cls.REFUSED


def game_of_kind(kind: str | None) -> str:
    """The game of a stored game's kind (``practice`` and ``room`` are MyWord!).

    >>> game_of_kind("room"), game_of_kind("boggle")
    ('myword', 'boggle')
    """
    return "boggle" if kind == "boggle" else "myword"


class FocusLesson(Protocol):
    """What an attempt needs of a lesson: its id, its focus words (folded) and their dictionary spellings."""

    @property
    def id(self) -> str: ...

    @property
    def focus(self) -> Sequence[str]: ...

    @property
    def shown(self) -> Mapping[str, str]: ...


def _focus_word(lesson: FocusLesson | None, folded: str, *, is_word: bool) -> str | None:
    if lesson is None or not folded:
        return None
    target = focus_target(folded, lesson.focus, is_word=is_word)
    return lesson.shown.get(target, target) if target else None


@dataclass(frozen=True)
class Attempt:
    """One try a student made, as built from the game and as stored.

    ``id`` is 0 and ``at`` None until a sink stores it (``at`` is then UTC,
    without tzinfo); ``student`` is the name, filled in when read back.
    """

    student_id: int
    game_id: str
    round: int
    word: str  # as typed (a Boggle path: the dictionary spelling, upper case)
    folded: str
    spelling: str
    cards: str  # MyWord!: the cards ("C A T"); Boggle: the path of cubes ("C(1,1) A(1,2) T(2,1)")
    card_count: int
    outcome: Outcome
    reason: str | None
    points: int
    free_cards: int
    min_cards: int
    lang: str
    lesson: str | None = None
    focus_word: str | None = None
    game: str = "myword"
    at: datetime | None = None
    id: int = 0
    student: str = ""

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ValueError(f"an attempt's game is one of {', '.join(GAMES)}, not {self.game!r}")
        if (self.outcome is Outcome.ACCEPTED) != (self.reason is None):
            raise ValueError(f"an accepted try has no reason and a refused one has one, not {self.reason!r}")
        if self.outcome is not Outcome.ACCEPTED and self.points:
            raise ValueError("only an accepted try scores points")

    @property
    def accepted(self) -> bool:
        return self.outcome is Outcome.ACCEPTED

    @property
    def is_try(self) -> bool:
        """Does it count in accuracy and mastery? Every attempt but a too-late call."""
        return self.outcome is not Outcome.TOO_LATE

    @property
    def moment(self) -> datetime:
        """When it was stored (``at``; only stored attempts have one)."""
        if self.at is None:
            raise ValueError("this attempt has not been stored yet: it has no time")
        return self.at

    def stored(self, id: int, at: datetime, student: str = "") -> "Attempt":
        """The attempt as a sink keeps it: its id and time (and the student's name)."""
        return replace(self, id=id, at=at, student=student or self.student)

    @classmethod
    def from_claim(
        cls, result: ClaimResult, *, student_id: int, game_id: str, round: int, lang: str,
        min_cards: int | None = None, lesson: FocusLesson | None = None, table_before: Sequence[Card] = (),
        at: datetime | None = None, heard: str | None = None,
    ) -> "Attempt | None":  # fmt: skip
        """The attempt of a MyWord! call (None if it was no try at a word).

        ``lesson``: the lesson the deck was dealt from (None when it ignored
        lessons); ``table_before``: the table the call was judged against (a
        call with too few cards lists the cards it would have taken);
        ``min_cards``: the caller's minimum (default: the one the call was judged by);
        ``heard``: the focus word (folded) the app said for the student to build ("Listen and
        build"): the try is at that word, whatever was built.

        >>> from myword_edu.myword.values import ClaimResult, Reason
        >>> from types import SimpleNamespace
        >>> pets = SimpleNamespace(id="pets", focus=("ship", "shop"), shown={"ship": "ship", "shop": "shop"})
        >>> shop = ClaimResult("Ana", "shop", "shop", "shop", False, Reason.NOT_HEARD, needed=3)
        >>> Attempt.from_claim(shop, student_id=1, game_id="g", round=1, lang="en", lesson=pets, heard="ship").focus_word
        'ship'
        """
        if result.reason in NOT_TRIES:
            return None
        folded = result.folded or (fold(result.word.strip()) if result.reason is Reason.TOO_LATE else "")
        if not folded:
            return None
        cards: Sequence[Card] = result.cards
        if result.reason is Reason.TOO_FEW_CARDS:  # show which cards the short word took
            cards = best_spelling(result.folded, table_before) or ()
        return cls(
            student_id=student_id, game_id=game_id, round=round, word=result.word, folded=folded,
            spelling=result.spelling or folded, cards=" ".join(str(c) for c in cards), card_count=len(cards),
            outcome=Outcome.of(result.accepted, result.reason.value if result.reason else None),
            reason=result.reason.value if result.reason else None, points=result.points if result.accepted else 0,
            free_cards=len(result.free_cards), min_cards=result.needed if min_cards is None else min_cards,
            lang=lang, lesson=lesson.id if lesson else None,
            focus_word=(lesson.shown.get(heard, heard) if lesson is not None and heard else
                        _focus_word(lesson, folded, is_word=result.reason not in _NOT_WORDS)), game="myword", at=at,
        )  # fmt: skip

    @classmethod
    def from_play(
        cls, play: Play, *, typed: object, board: Board, lexicon: "Lexicon", student_id: int, game_id: str,
        round: int, lang: str, min_length: int = 0, lesson: FocusLesson | None = None, at: datetime | None = None,
    ) -> "Attempt | None":  # fmt: skip
        """The attempt of a Boggle word (None if it was no try: a forged path, the time was up).

        ``typed``: what the student typed (None for a traced path); ``min_length``:
        the shortest word they may write (default: the one the word was judged by).
        """
        if play.reason in BOGGLE_NOT_ATTEMPTS or not play.word:
            return None
        spelling = lexicon.spelling(play.word) if play.word in lexicon else play.word
        shown = typed.strip() if isinstance(typed, str) and typed.strip() else spelling.upper()
        return cls(
            student_id=student_id, game_id=game_id, round=round, word=shown, folded=play.word, spelling=spelling,
            cards=path_text(board, play.path), card_count=len(play.word),
            outcome=Outcome.ACCEPTED if play.accepted else Outcome.REFUSED,
            reason=play.reason.value if play.reason else None, points=play.points if play.accepted else 0,
            free_cards=0, min_cards=play.needed or min_length, lang=lang, lesson=lesson.id if lesson else None,
            focus_word=_focus_word(lesson, play.word, is_word=play.word in lexicon), game="boggle", at=at,
        )  # fmt: skip


class AttemptSink(Protocol):
    """Where attempts go: each one is kept before the student sees its answer."""

    def record(self, attempt: Attempt) -> Attempt:
        """Keep ``attempt`` (committed when this returns); returns it as kept (id, time)."""
        ...

    def cross_out(self, game_ids: Iterable[str], round: int, words: Iterable[str]) -> int:
        """Boggle: these words of this round of these games were found by two or more players: they score 0.

        Returns how many kept attempts changed.
        """
        ...


class GameSink(AttemptSink, Protocol):
    """A sink that also keeps the games (what a solo recorder writes into)."""

    def start_game(
        self, student_id: int, *, lang: str, variant: str, min_cards: int, lesson: str | None = None,
        seed: object = None, kind: str = "practice",
    ) -> str: ...  # fmt: skip

    def save_game_state(self, game_id: str, state: str | None) -> None: ...
