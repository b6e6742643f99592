"""Effective settings: what a student plays under, in MyWord! and in Boggle, and what clashes.

One place decides, from layers that each override the one before:
the class's defaults < the lesson < the student's own settings < the room
(and, for a guest, a practice link's query in place of the student).
:func:`resolve_myword` and :func:`resolve_boggle` return an immutable value
with everything the game needs and a tuple of typed conflicts: each names
what clashes, what was decided, and the fix (the teacher panel shows them;
the student just plays with the resolved settings).

Rules decided here:

- **Which lesson.** A student's own lesson, else the class's; a guest plays
  the link's ``lesson=``, never the class's. A live room plays the lesson the
  room deals (the one the teacher opened it with, or none). A lesson that cannot be read
  (unknown, or its file has problems) is not played: :class:`LessonUnavailable`.
- **Which language wins.** The player's: the student's language (or a link's
  ``lang=``). A lesson is only played in its own language, so a lesson in
  another language is not played and :class:`LessonLanguageConflict` says so.
  With no language chosen (a guest link without ``lang=``), the lesson's is used.
- **Minimum cards.** The student's (else the lesson's, else the class's). The
  lesson's words must be able to score: when a focus word is dealt as fewer
  cards than that minimum, the lesson is played with the minimum lowered to
  that word's cards (:class:`MinCardsConflict`).
- **Listening** (the app says a focus word, the student builds it). The student's
  own setting (else, for a guest, the link's ``listen=``; else the class's), and
  the same for slow speech. Solo MyWord! plays "Listen and build" only with a
  lesson (its focus words are what is said), and then without robots.
- **Boggle minimum length.** The student's own, else the room's or the class's,
  else the board's (3 on 4x4, 4 on 5x5). With a lesson, it is lowered to the
  shortest focus word (never under 3): :class:`MinLengthConflict`.

>>> from myword_edu.classroom.roster import Student, StudentSettings
>>> ana = Student(1, "Ana", StudentSettings(min_cards=4, lang="es"))
>>> play = resolve_myword(StudentSettings(), ana)
>>> play.lang, play.min_cards, play.lesson, play.conflicts
('es', 4, None, ())
>>> resolve_myword(StudentSettings(), ana, class_lesson="gone").conflicts
(LessonUnavailable(lesson='gone'),)
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, Callable, ClassVar

from myword_edu.boggle.board import DICE
from myword_edu.boggle.dice import DICE_LANG
from myword_edu.boggle.rules import MIN_LENGTH_RANGE
from myword_edu.classroom.roster import Student, StudentSettings, parse_flag, parse_variant
from myword_edu.core.levels import parse_level
from myword_edu.core.text import parse_lang
from myword_edu.myword.lessons import Lesson
from myword_edu.myword.values import MIN_CARDS_RANGE

if TYPE_CHECKING:  # the rules' storage needs SQLAlchemy, which a browser kernel does not have
    from myword_edu.boggle.rules import BoggleRules

__all__ = [
    "Conflict",
    "LessonUnavailable",
    "LessonLanguageConflict",
    "MinCardsConflict",
    "MinLengthConflict",
    "MyWordChoices",
    "MyWordPlay",
    "BoggleRoom",
    "BogglePlay",
    "resolve_myword",
    "resolve_boggle",
    "focus_cards",
    "DEFAULT_BOTS",
    "DEFAULT_PACE",
]

#: Robots and seconds per card when neither a lesson nor a link sets them.
DEFAULT_BOTS = 1
DEFAULT_PACE = 3.0

Lessons = Callable[[str], "Lesson | None"]


def _no_lessons(_lesson_id: str) -> Lesson | None:
    return None


# -- conflicts -------------------------------------------------------------------------
@dataclass(frozen=True)
class Conflict:
    """Settings that cannot all hold. ``code`` names the kind (catalog key ``conflict.<code>``);
    :meth:`values` gives the data a message is filled in with."""

    code: ClassVar[str] = ""

    def values(self) -> dict[str, Any]:
        """The conflict's data, by field name."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class LessonUnavailable(Conflict):
    """The lesson chosen cannot be found, or its file has problems: played without a lesson.
    Fix: correct the file (the Lessons tab lists its problems) or choose another lesson."""

    lesson: str
    code: ClassVar[str] = "lesson_unavailable"

    def __str__(self) -> str:
        return f"the lesson {self.lesson!r} cannot be read: playing without a lesson (fix its file or choose another)"


@dataclass(frozen=True)
class LessonLanguageConflict(Conflict):
    """The lesson is in another language than the player's: the player's language wins, and the
    lesson (whose words are in its own language) is not played.
    Fix: choose a lesson in ``lang``, or set the student's language to ``lesson_lang``."""

    lesson: str
    title: str
    lesson_lang: str
    lang: str
    code: ClassVar[str] = "lesson_lang"

    def __str__(self) -> str:
        return (f"plays in {self.lang}, but the lesson {self.title!r} is in {self.lesson_lang}: playing without it "
                f"(choose a lesson in {self.lang}, or set the language to {self.lesson_lang})")  # fmt: skip


@dataclass(frozen=True)
class MinCardsConflict(Conflict):
    """A focus word is dealt as fewer cards than the student's minimum, so it could never score:
    the lesson is played with the minimum lowered to ``cards``.
    Fix: keep it (the lesson works), or give the student a lesson with longer words."""

    lesson: str
    title: str
    word: str  # the focus word dealt as the fewest cards, as the dictionary spells it
    cards: int
    min_cards: int  # the student's minimum, before it was lowered
    code: ClassVar[str] = "min_cards"

    def __str__(self) -> str:
        return (f"minimum {self.min_cards} cards, but {self.word.upper()!r} in {self.title!r} has {self.cards}: "
                f"playing the lesson with at least {self.cards} cards (to keep {self.min_cards}, choose a lesson "
                f"with longer words)")  # fmt: skip


@dataclass(frozen=True)
class MinLengthConflict(Conflict):
    """A Boggle minimum word length longer than a focus word: the lesson is played with the
    minimum lowered to ``letters`` (never under 3; a shorter word cannot count in Boggle).
    Fix: keep it, or choose a lesson with longer words."""

    lesson: str
    title: str
    word: str
    letters: int
    min_length: int  # the minimum before it was lowered
    effective: int  # the minimum played: ``letters``, but never under 3
    code: ClassVar[str] = "min_length"

    def __str__(self) -> str:
        return (f"Boggle words of at least {self.min_length} letters, but {self.word.upper()!r} in {self.title!r} has "
                f"{self.letters}: playing the lesson with at least {self.effective} letters")


# -- MyWord! -------------------------------------------------------------------------
@dataclass(frozen=True)
class MyWordChoices:
    """What a practice link names (None: not named, a lower layer decides). Values are checked.

    >>> MyWordChoices(lang="ES", min_cards=4).lang
    'es'
    >>> MyWordChoices(min_cards=9)
    Traceback (most recent call last):
    ...
    ValueError: minimum cards must be 2 to 6, not 9
    """

    lang: str | None = None
    variant: str | None = None
    min_cards: int | None = None
    bot_level: str | None = None
    bots: int | None = None
    pace: float | None = None
    rounds: int | None = None
    lesson: str | None = None
    listen: bool | None = None
    listen_slow: bool | None = None

    def __post_init__(self) -> None:
        for name in ("listen", "listen_slow"):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, parse_flag(getattr(self, name), name))
        if self.lang is not None:
            object.__setattr__(self, "lang", parse_lang(self.lang).value)
        if self.variant is not None:
            object.__setattr__(self, "variant", parse_variant(self.variant).value)
        if self.bot_level is not None:
            object.__setattr__(self, "bot_level", parse_level(self.bot_level).value)
        if self.min_cards is not None and (isinstance(self.min_cards, bool) or self.min_cards not in MIN_CARDS_RANGE):
            raise ValueError(f"minimum cards must be {MIN_CARDS_RANGE.start} to {MIN_CARDS_RANGE.stop - 1}, "
                             f"not {self.min_cards!r}")  # fmt: skip


@dataclass(frozen=True)
class MyWordPlay:
    """What a student plays MyWord! under. ``lesson``: the lesson actually played (None: free play);
    ``rounds`` None: as many as players. ``conflicts``: what clashed and what was decided.
    ``listen``: listening is on for this player (solo with a lesson: "Listen and build", no robots);
    ``listen_slow``: the words the app says are said slowly first."""

    lang: str
    variant: str
    min_cards: int
    bot_level: str
    bots: int
    pace: float
    rounds: int | None
    lesson: Lesson | None = field(default=None, repr=False, compare=False)
    lesson_id: str | None = None
    conflicts: tuple[Conflict, ...] = ()
    listen: bool = False
    listen_slow: bool = False

    @property
    def listen_and_build(self) -> bool:
        """Does solo practice play "Listen and build" (listening on, and a lesson whose words are said)?"""
        return self.listen and self.lesson is not None


def focus_cards(lesson: Lesson) -> dict[str, int]:
    """How many cards each focus word is dealt as (its reserved cards in the stacked deck: QUIZ
    takes the QU card, so 3).

    >>> from myword_edu.lexicon.wordlist import Lexicon
    >>> from myword_edu.myword.lessons import parse_lesson
    >>> lesson = parse_lesson('title = "T"\\nlanguage = "en"\\nfocus = ["cat", "quiz"]', "t",
    ...                       lexicons=lambda lang: Lexicon.from_words(["cat", "quiz"], blocked=[]))
    >>> focus_cards(lesson)
    {'cat': 3, 'quiz': 3}
    """
    return {word: len(lesson.spellings.get(word, ())) or len(word) for word in lesson.focus}


def _playable(lesson: Lesson | None, lang: str | None, conflicts: list[Conflict]) -> Lesson | None:
    """Which lesson language wins: the player's (``lang``; None: none chosen, the lesson's is used).
    A lesson in another language is not played (its words are not in the player's)."""
    if lesson is not None and lang is not None and lesson.lang != lang:
        conflicts.append(LessonLanguageConflict(lesson.id, lesson.title, lesson.lang, lang))
        return None
    return lesson


def resolve_myword(
    defaults: StudentSettings = StudentSettings(),
    student: Student | None = None,
    *,
    class_lesson: str | None = None,
    lessons: Lessons = _no_lessons,
    link: MyWordChoices | None = None,
    room_lesson: Lesson | None = None,
    in_room: bool = False,
) -> MyWordPlay:
    """What ``student`` (None: a guest, with the ``link``'s choices) plays MyWord! under.

    Args:
        defaults: the class's settings for new students (a guest's base).
        student: a student on the class list; their settings beat the lesson's.
        class_lesson: the class's lesson id (a student without their own plays it).
        lessons: ``lesson id -> Lesson`` (None when unknown or broken).
        link: a guest's practice link (ignored for a student: their settings are locked).
        in_room: a live room, which deals its own deck: it plays ``room_lesson`` (or none).

    >>> from myword_edu.lexicon.wordlist import Lexicon
    >>> from myword_edu.myword.lessons import parse_lesson
    >>> cats = parse_lesson('title = "Cats"\\nlanguage = "en"\\nfocus = ["cat"]', "cats",
    ...                     lexicons=lambda lang: Lexicon.from_words(["cat"], blocked=[]))
    >>> ben = Student(2, "Ben", StudentSettings(min_cards=5))
    >>> play = resolve_myword(StudentSettings(), ben, class_lesson="cats", lessons={"cats": cats}.get)
    >>> play.min_cards, play.lesson_id, play.pace
    (3, 'cats', 4.0)
    >>> print(play.conflicts[0])
    minimum 5 cards, but 'CAT' in 'Cats' has 3: playing the lesson with at least 3 cards (to keep 5, choose a lesson with longer words)
    """
    conflicts: list[Conflict] = []
    own = student.settings if student is not None else None
    link = (link or MyWordChoices()) if student is None else None
    # the player's language: the student's, else the link's (a guest link may leave it to the lesson)
    chosen_lang = own.lang if own is not None else (link.lang if link is not None else None)
    if in_room:
        lesson = _playable(room_lesson, chosen_lang, conflicts)
    else:
        lesson_id = (student.lesson or class_lesson) if student is not None else (link.lesson if link else None)
        found = lessons(lesson_id) if lesson_id is not None else None
        if lesson_id is not None and found is None:
            conflicts.append(LessonUnavailable(lesson_id))
        lesson = _playable(found, chosen_lang, conflicts)

    def layered(name: str, class_value: Any, lesson_value: Any) -> Any:
        for layer in (link, own):
            value = getattr(layer, name, None) if layer is not None else None
            if value is not None:
                return value
        return lesson_value if lesson is not None and lesson_value is not None else class_value

    lang = chosen_lang or (lesson.lang if lesson is not None else defaults.lang)
    min_cards = layered("min_cards", defaults.min_cards, lesson.min_cards if lesson else None)
    if lesson is not None:
        cards = focus_cards(lesson)
        fewest = min(cards.values(), default=min_cards)
        if fewest < min_cards:
            word = next(w for w in lesson.focus if cards[w] == fewest)
            conflicts.append(MinCardsConflict(lesson.id, lesson.title, lesson.shown.get(word, word), fewest, min_cards))
            min_cards = fewest
    listen = bool(layered("listen", defaults.listen, None))
    bots = _choice(link, "bots", lesson.bots if lesson else DEFAULT_BOTS)
    if listen and lesson is not None and not in_room:
        bots = 0  # the robots sit "Listen and build" out
    return MyWordPlay(
        lang=lang,
        variant=layered("variant", defaults.variant, None),
        min_cards=min_cards,
        bot_level=layered("bot_level", defaults.bot_level, None),
        bots=bots,
        pace=_choice(link, "pace", lesson.pace if lesson else DEFAULT_PACE),
        rounds=_choice(link, "rounds", lesson.rounds if lesson else None),
        lesson=lesson,
        lesson_id=lesson.id if lesson else None,
        conflicts=tuple(conflicts),
        listen=listen,
        listen_slow=bool(layered("listen_slow", defaults.listen_slow, None)),
    )


def _choice(link: MyWordChoices | None, name: str, otherwise: Any) -> Any:
    value = getattr(link, name) if link is not None else None
    return otherwise if value is None else value


# -- Boggle --------------------------------------------------------------------------
@dataclass(frozen=True)
class BoggleRoom:
    """A live Boggle room's rules as the resolution needs them: dice, seconds and minimum length."""

    dice: str
    seconds: int
    min_length: int | None = None


@dataclass(frozen=True)
class BogglePlay:
    """What a student plays Boggle under; ``lesson``: the lesson actually played.

    ``min_length`` is the player's minimum word length: solo, the student's
    own or the class's; in a room, the student's own only (None: the room's,
    ``room_min_length``, which the teacher may change round by round). None
    and None: the board's own (see :attr:`least`).
    """

    lang: str
    dice: str
    size: int
    seconds: int
    min_length: int | None
    bot_level: str
    lesson: Lesson | None = field(default=None, repr=False, compare=False)
    lesson_id: str | None = None
    conflicts: tuple[Conflict, ...] = ()
    room_min_length: int | None = None
    listen: bool = False  # listening is on for this player (the student's setting, else the class's)
    listen_slow: bool = False

    @property
    def least(self) -> int:
        """The minimum word length played: the player's, else the room's, else the board's (3 on 4x4, 4 on 5x5)."""
        for value in (self.min_length, self.room_min_length):
            if value is not None:
                return value
        return 3 if self.size <= 4 else 4


def resolve_boggle(
    class_rules: "BoggleRules",
    own_rules: "BoggleRules | None" = None,
    student: Student | None = None,
    *,
    room: BoggleRoom | None = None,
    lesson: Lesson | None = None,
    defaults: StudentSettings | None = None,
) -> BogglePlay:
    """What ``student`` plays Boggle under: the class's rules, else their own (``own_rules``), in a
    ``room`` the room's dice, time and minimum (a student's own minimum length still holds: the
    teacher set it for them). ``lesson``: the lesson the board plays (None: a plain board).
    ``defaults``: the class's settings for new students (a guest's listening).

    >>> from myword_edu.boggle.rules import BoggleRules
    >>> play = resolve_boggle(BoggleRules(min_length=5), room=BoggleRoom("es", 120))
    >>> play.lang, play.seconds, play.min_length, play.least
    ('es', 120, None, 3)
    >>> play = resolve_boggle(BoggleRules(), BoggleRules(size=5, dice="big", min_length=6), room=BoggleRoom("new", 60, 4))
    >>> play.min_length, play.least, play.size
    (6, 6, 4)
    """
    rules = own_rules or class_rules
    room_min = None
    if room is not None:  # the student's own minimum holds; else the room's, round by round
        dice, seconds, room_min = room.dice, room.seconds, room.min_length
        min_length = own_rules.min_length if own_rules is not None else None
    else:
        dice, seconds, min_length = rules.dice, rules.minutes * 60, rules.min_length
    lang = DICE_LANG[dice]
    conflicts: list[Conflict] = []
    lesson = _playable(lesson, lang, conflicts)
    size = 5 if len(DICE[dice]) == 25 else 4
    play = BogglePlay(lang, dice, size, seconds, min_length,
                      student.settings.bot_level if student is not None else StudentSettings().bot_level,
                      lesson, lesson.id if lesson else None, room_min_length=room_min)  # fmt: skip
    heard = student.settings if student is not None else (defaults or StudentSettings())
    play = replace(play, listen=heard.listen, listen_slow=heard.listen_slow)
    if lesson is not None and lesson.focus:
        word = min(lesson.focus, key=len)
        if len(word) < play.least:
            least = max(len(word), MIN_LENGTH_RANGE.start)
            conflicts.append(MinLengthConflict(lesson.id, lesson.title, lesson.shown.get(word, word), len(word),
                                               play.least, least))  # fmt: skip
            play = replace(play, min_length=least)
    return replace(play, conflicts=tuple(conflicts))
