"""Listen and build: the app says a lesson's focus word, the student builds it from the table.

MyWord! solo practice with a lesson and listening on (the teacher's setting, or
``listen=1`` on a guest's lesson link). The round's deck is the lesson's stacked
deal (:meth:`~myword_edu.myword.lessons.Lesson.deal`), so each focus word's cards
come out together. What is said, and when, is decided here:

- :func:`listen_order`: the focus words in the order their cards come out;
- a word is said once its cards are all on the table (:meth:`Listening.deal_to`:
  how many cards must have been dealt), so the student can always build it; the
  dealing stops while the student answers;
- :meth:`Listening.claim` judges a call: the word heard, built from the table,
  takes its cards like any call; another real word is a failed call
  (:attr:`~myword_edu.myword.values.Reason.NOT_HEARD`) that leaves the table as it
  is; anything else (not a word, cards that do not spell it) is the round's answer;
- every try is a try at the word heard (:attr:`Heard.word`: the attempt's focus word);
- the standard rules give one try per word: a miss is a miss, the word is shown
  spelled right and the next one is said. The rules for ages 7 and up have no
  penalty: after a miss the word is said again, slowly, up to :data:`JUNIOR_TRIES`
  tries in all;
- the round is over once every focus word has been said and answered (the
  cards still in the deck are not dealt).

>>> from myword_edu.lexicon.wordlist import Lexicon
>>> from myword_edu.myword.lessons import parse_lesson
>>> from myword_edu.myword.round import Round
>>> from myword_edu.myword.values import Player
>>> lex = Lexicon.from_words(["cat", "dog", "god"], blocked=[])
>>> lesson = parse_lesson('title = "Pets"\\nlanguage = "en"\\nfocus = ["cat", "dog"]', "pets", lexicons=lambda lang: lex)
>>> rnd = Round([Player("Ana")], lesson.deal(2, 0), lex)
>>> listening = Listening(listen_order(lesson, 2, 0))
>>> while rnd.deck_size - rnd.cards_left < listening.deal_to(rnd.deck_size): _ = rnd.deal()
>>> said = listening.say()
>>> heard = listening.claim(rnd, "Ana", said.word)
>>> heard.right, heard.done, heard.shown, listening.cue.word != said.word
(True, True, 'cat', True)
>>> while rnd.deck_size - rnd.cards_left < listening.deal_to(rnd.deck_size): _ = rnd.deal()
>>> listening.say().word, listening.claim(rnd, "Ana", "god").result.reason.value, listening.is_over
('dog', 'not_heard', True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Iterable, Sequence

from myword_edu.myword.round import Round
from myword_edu.myword.values import ClaimResult, Reason

if TYPE_CHECKING:
    from myword_edu.myword.lessons import Lesson

__all__ = ["Cue", "Said", "Heard", "Listening", "listen_order", "JUNIOR_TRIES", "EXTRA_CARDS"]

#: Tries at each word under the rules for ages 7 and up (the standard rules: one).
JUNIOR_TRIES = 3
#: Cards dealt after a word's own before it is said, when they are not the next word's (the
#: newest cards are then not just its letters).
EXTRA_CARDS = 2
#: Answers that are no try at all: nothing changed, the word is still waiting.
_NO_TRY = frozenset({Reason.ROUND_OVER, Reason.DEALER_CANNOT_CALL})


@dataclass(frozen=True)
class Cue:
    """A focus word to say: ``word`` folded, ``shown`` its dictionary spelling, its cards at
    ``deck[start:end]`` of the round's deck."""

    word: str
    shown: str
    start: int
    end: int


@dataclass(frozen=True)
class Said:
    """A word to say now, and how: ``slow`` or at normal speed."""

    word: str
    slow: bool


@dataclass(frozen=True)
class Heard:
    """The answer to one try at the word heard.

    ``result``: the call as judged; ``word``/``shown``: the word said (folded, and as the
    dictionary spells it); ``right``: the student built it; ``done``: the word is finished (right,
    or no tries left) and may be shown; ``tries``: tries at this word so far.
    """

    result: ClaimResult
    word: str
    shown: str
    right: bool
    done: bool
    tries: int

    @property
    def is_try(self) -> bool:
        """Was it a try at the word (False: the round was over; nothing changed)?"""
        return self.result.reason not in _NO_TRY


def listen_order(lesson: "Lesson", seed: object, index: int) -> tuple[Cue, ...]:
    """The lesson's focus words in the order round ``index`` deals their cards (seed ``seed``).

    >>> from myword_edu.lexicon.wordlist import Lexicon
    >>> from myword_edu.myword.lessons import parse_lesson
    >>> lesson = parse_lesson('title = "T"\\nlanguage = "en"\\nfocus = ["cat", "dog", "pig"]', "t",
    ...                       lexicons=lambda lang: Lexicon.from_words(["cat", "dog", "pig"], blocked=[]))
    >>> cues = listen_order(lesson, 3, 0)
    >>> sorted(c.word for c in cues), all(a.end <= b.start for a, b in zip(cues, cues[1:]))
    (['cat', 'dog', 'pig'], True)
    """
    blocks = lesson.blocks(seed, index)
    ordered = sorted(blocks.items(), key=lambda item: item[1])
    return tuple(Cue(word, lesson.shown.get(word, word), start, end) for word, (start, end) in ordered)


class Listening:
    """One round of "Listen and build": which word is said, and how each try is judged.

    Args:
        cues: the words in the order their cards are dealt (:func:`listen_order`).
        junior: the rules for ages 7 and up (no penalty: :data:`JUNIOR_TRIES` tries a word).
        slow_first: say each word slowly first (the teacher's setting), then at normal speed.
    """

    def __init__(self, cues: Sequence[Cue], *, junior: bool = False, slow_first: bool = False) -> None:
        self.cues = tuple(cues)
        self.junior = junior
        self.slow_first = slow_first
        self.answers: list[Heard] = []
        self._index = 0
        self._tries = 0
        self._said = 0

    # -- queries ---------------------------------------------------------------------------
    @property
    def cue(self) -> Cue | None:
        """The word being asked (None once every word has been answered)."""
        return self.cues[self._index] if self._index < len(self.cues) else None

    @property
    def number(self) -> int:
        """Which word this is, from 1 (``len(cues) + 1`` once over)."""
        return self._index + 1

    @property
    def is_over(self) -> bool:
        return self._index >= len(self.cues)

    @property
    def tries_allowed(self) -> int:
        return JUNIOR_TRIES if self.junior else 1

    def deal_to(self, deck_size: int) -> int:
        """How many cards must have been dealt before the word is said: its own, and up to
        :data:`EXTRA_CARDS` more that are not the next word's (0 once over).

        >>> Listening([Cue("cat", "cat", 4, 7), Cue("dog", "dog", 8, 11)]).deal_to(20)
        8
        """
        cue = self.cue
        if cue is None:
            return 0
        following = self.cues[self._index + 1].start if self._index + 1 < len(self.cues) else deck_size
        return min(max(cue.end, min(cue.end + EXTRA_CARDS, following)), deck_size)

    # -- actions ---------------------------------------------------------------------------
    def say(self, *, slow: bool | None = None) -> Said | None:
        """The word to say now (None once over). Each time alternates the speed, starting at
        normal (slowly, with ``slow_first``); ``slow`` forces one.

        >>> listening = Listening([Cue("cat", "cat", 0, 3)])
        >>> [listening.say().slow for _ in range(3)], listening.say(slow=True).slow
        ([False, True, False], True)
        """
        cue = self.cue
        if cue is None:
            return None
        self._said += 1
        if slow is None:
            slow = (self._said % 2 == 0) != self.slow_first
        return Said(cue.word, slow)

    def skip_taken(self, words: Iterable[str]) -> None:
        """Carry on a round whose calls already took ``words`` (folded): ask the word after the
        last of them that is a cue (a resumed game)."""
        taken = set(words)
        done = [i for i, cue in enumerate(self.cues) if cue.word in taken]
        if done:
            self._index, self._tries, self._said = max(done) + 1, 0, 0

    def claim(self, round: Round, name: str, word: object, card_ids: Sequence[int] | None = None) -> Heard:
        """Judge ``name``'s call at the word heard, and apply it to ``round`` (see the module).

        Raises :class:`~myword_edu.core.errors.BadWordError` for text that is no word at all
        (nothing changes), like :meth:`Round.claim`.
        """
        cue = self.cue
        text = word if isinstance(word, str) else ""
        check = round.check_claim(name, text, card_ids)
        if cue is None or check.reason in _NO_TRY:
            over = check if check.reason in _NO_TRY else replace(check, accepted=False, reason=Reason.ROUND_OVER,
                                                                 cards=(), card_ids=())  # fmt: skip
            return Heard(over, cue.word if cue else "", cue.shown if cue else "", False, False, self._tries)
        if check.folded == cue.word or not check.accepted:
            result = round.claim(name, text, card_ids)  # the word heard, or not a word at all: as any call
        else:  # a real word the table makes, but not the one heard: nothing moves
            result = replace(check, accepted=False, reason=Reason.NOT_HEARD, cards=(), card_ids=())
        if result.reason in _NO_TRY:
            return Heard(result, cue.word, cue.shown, False, False, self._tries)
        self._tries += 1
        right = result.accepted and result.folded == cue.word
        done = right or self._tries >= self.tries_allowed
        heard = Heard(result, cue.word, cue.shown, right, done, self._tries)
        self.answers.append(heard)
        if done:
            self._index, self._tries, self._said = self._index + 1, 0, 0
        return heard
