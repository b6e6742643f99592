"""A lesson written in the teacher panel: pasted words in, every problem (or a lesson file) out.

A teacher types a title, picks the language and pastes this week's words
(commas, spaces or one per line). :func:`check_draft` answers everything at
once: words that are not in the word list (with the nearest real words as
suggestions, :mod:`myword_edu.lexicon.suggest`), blocked words (a neutral
refusal), repeated words, and whether all the words fit in one deck at the same
time, which cards it must add if not (computed: the teacher never writes
``extra_cards``), and the lesson file in the same TOML format as the shipped
lessons (``lessons/README.md``); :func:`draft_from_lesson` reads a lesson back
into a draft to edit or duplicate it. Saving is :mod:`myword_edu.myword.lesson_files`.

>>> lex = Lexicon.from_words(["friend", "said", "school"], zipf={"said": 6.2}, blocked=[])
>>> check = check_draft(LessonDraft("Week 1", "en", parse_words("friend, siad\\nschool")), lexicons=lambda lang: lex)
>>> [str(p) for p in check.problems]
["'siad' is not in the en word list (did you mean: said?)"]
>>> check = check_draft(LessonDraft("Week 1", "en", ("friend", "said", "school")), lexicons=lambda lang: lex)
>>> check.ok, check.words, check.fits, check.deck_size
(True, ('friend', 'said', 'school'), True, 71)
>>> pups = Lexicon.from_words(["puppy", "happy"], blocked=[])
>>> check = check_draft(LessonDraft("Pups", "en", ("puppy", "happy")), lexicons=lambda lang: pups)
>>> check.fits, " ".join(str(c) for c in check.extra_cards), check.deck_size
(False, 'P P P P Y', 76)
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Iterable, Sequence

from myword_edu.core.errors import MyWordError
from myword_edu.core.text import alphabet, fold, normalize, parse_lang
from myword_edu.lexicon.suggest import suggest
from myword_edu.lexicon.wordlist import Lexicon, load_lexicon
from myword_edu.myword.cards import Card, junior_deck, standard_deck
from myword_edu.myword.deck_fit import extra_cards, own_cards
from myword_edu.myword.lessons import (
    BOTS_RANGE,
    LESSON_ID,
    MAX_FOCUS,
    PACE_RANGE,
    ROUNDS_RANGE,
    Lesson,
    LessonError,
    parse_lesson,
)
from myword_edu.myword.values import MIN_CARDS_RANGE

__all__ = [
    "LessonDraft",
    "DraftProblem",
    "DraftCheck",
    "DraftError",
    "parse_words",
    "replace_word",
    "check_draft",
    "draft_from_lesson",
    "lesson_toml",
    "DRAFT_DECKS",
    "MAX_PASTE",
]

#: The decks a teacher picks from in the panel (a hand-written custom deck is kept as it is).
DRAFT_DECKS = ("standard", "junior")
#: The most characters of pasted words looked at (a week's list is far shorter).
MAX_PASTE = 4000
_MAX_TOKENS = 200
_SPLIT = re.compile(r"[\s,;]+")
_EDGE_PUNCTUATION = "\"“”«».:!?¡¿()[]{}*•·"
_WORD_CODES = ("no_words", "too_many", "not_letters", "unknown", "blocked", "twice")
_LIMITS = {"title": 80, "grade": 30, "description": 400}


@dataclass(frozen=True)
class LessonDraft:
    """What the teacher typed. ``min_cards`` None: the largest of 2 and 3 that every word allows.

    ``kept_cards`` are cards of a hand-written file that are kept when it is edited:
    its double-letter and wild extra cards (single letters are worked out again), or
    the whole deck of a ``custom`` one. ``lesson_id`` is the file being edited (None: a new one).
    """

    title: str
    lang: str
    words: tuple[str, ...]
    grade: str = ""
    description: str = ""
    deck: str = "standard"
    pace: float = 4.0
    rounds: int = 2
    min_cards: int | None = None
    bots: int = 1
    kept_cards: tuple[Card, ...] = ()
    lesson_id: str | None = None


@dataclass(frozen=True)
class DraftProblem:
    """One problem of a draft. ``code`` says which (the panel words it in the teacher's language):

    ``title`` (missing or too long: ``count`` is the limit), ``grade``, ``description`` (too long),
    ``language``, ``no_words``, ``too_many`` (``count`` words, at most :data:`MAX_FOCUS`),
    ``not_letters``, ``unknown`` (with ``suggestions``), ``blocked``, ``twice``, ``too_short``
    (``count``: the cards the word takes, ``limit``: the minimum), ``deck`` (``count`` cards:
    too many for one deck), ``setting`` (``field`` is pace, rounds, min_cards, bots or deck),
    ``file`` (``detail``: what the lesson check said). ``index`` is the word's place in the list.
    """

    code: str
    word: str = ""
    index: int = -1
    suggestions: tuple[str, ...] = ()
    count: int = 0
    limit: int = 0
    field: str = ""
    detail: str = ""

    def __str__(self) -> str:
        w = repr(self.word)
        return {
            "title": f"a lesson needs a title of 1 to {self.count} characters",
            "grade": f"the grade has at most {self.count} characters",
            "description": f"the description has at most {self.count} characters",
            "language": "the language must be en or es",
            "no_words": "type or paste the lesson's words",
            "too_many": f"a lesson has at most {MAX_FOCUS} words, not {self.count}",
            "not_letters": f"{w} is not a word of letters only",
            "unknown": f"{w} is not in the {self.field} word list"
            + (f" (did you mean: {', '.join(self.suggestions)}?)" if self.suggestions else ""),
            "blocked": f"{w} cannot be used in class",
            "twice": f"{w} is in the list twice",
            "too_short": f"{w} takes only {self.count} cards, fewer than the lesson's minimum of {self.limit}",
            "deck": f"the words need {self.count} cards, more than one deck can hold ({self.limit}): use fewer or shorter words",
            "setting": f"{self.field} cannot be {self.detail}",
            "file": self.detail,
        }.get(self.code, self.code)


@dataclass(frozen=True)
class DraftCheck:
    """Everything :func:`check_draft` found. ``words`` are the good words in their dictionary spelling."""

    problems: tuple[DraftProblem, ...]
    words: tuple[str, ...] = ()
    extra_cards: tuple[Card, ...] = ()
    deck_size: int = 0
    min_cards: int = 3
    text: str | None = None  # the lesson file, when there is no problem
    lesson: Lesson | None = field(default=None, compare=False)

    @property
    def ok(self) -> bool:
        return not self.problems and self.lesson is not None

    @property
    def fits(self) -> bool:
        """All the words fit in the chosen deck as it is (no card added)."""
        return not self.extra_cards


class DraftError(MyWordError, ValueError):
    """A draft that cannot be saved; ``problems`` lists every one."""

    def __init__(self, problems: Iterable[DraftProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in self.problems) or "the lesson cannot be saved")


def parse_words(text: object) -> tuple[str, ...]:
    """The words of pasted text: split on commas, semicolons, spaces and lines; quotes and full stops dropped.

    >>> parse_words('friend, because\\n"people"; school.  Where\\n\\n1. said')
    ('friend', 'because', 'people', 'school', 'where', '1', 'said')
    """
    if not isinstance(text, str):
        return ()
    words = []
    for token in _SPLIT.split(text[:MAX_PASTE]):
        word = normalize(token).strip(_EDGE_PUNCTUATION)
        if word:
            words.append(word)
        if len(words) >= _MAX_TOKENS:
            break
    return tuple(words)


def replace_word(text: str, index: int, new: str) -> str:
    """``text`` with its ``index``-th word (as :func:`parse_words` counts) replaced by ``new``; the rest kept.

    >>> replace_word('friend, "siad"\\nschool', 1, "said")
    'friend, "said"\\nschool'
    """
    count = 0
    for match in re.finditer(r"[^\s,;]+", text[:MAX_PASTE]):
        token = match.group()
        core = normalize(token).strip(_EDGE_PUNCTUATION)
        if not core:
            continue
        if count == index:
            stripped = token.strip(_EDGE_PUNCTUATION)
            start = match.start() + token.index(stripped) if stripped else match.start()
            return text[:start] + new + text[start + len(stripped) :]
        count += 1
    return text


@lru_cache(maxsize=2048)
def _suggestions(lexicon: Lexicon, word: str) -> tuple[str, ...]:
    return tuple(suggest(word, lexicon))


def _base_deck(draft: LessonDraft) -> list[Card]:
    if draft.deck == "custom":
        return []
    maker = junior_deck if draft.deck == "junior" else standard_deck
    return maker(draft.lang)


def _extra_cards(words: Sequence[str], draft: LessonDraft, min_cards: int) -> tuple[list[Card], dict[str, tuple[Card, ...]]]:
    """Cards to add to the draft's deck so every word has its own letter cards at the same time."""
    return extra_cards(words, _base_deck(draft) + list(draft.kept_cards), min_cards)


def _setting_problems(draft: LessonDraft) -> list[DraftProblem]:
    problems = []

    def number(name: str, value: object, allowed: range | tuple[float, float], whole: bool) -> None:
        good = isinstance(value, (int, float)) and not isinstance(value, bool) and (not whole or isinstance(value, int))
        if good:
            good = value in allowed if isinstance(allowed, range) else allowed[0] <= value <= allowed[1]  # type: ignore[operator]
        if not good:
            problems.append(DraftProblem("setting", field=name, detail=repr(value)))

    number("pace", draft.pace, PACE_RANGE, False)
    number("rounds", draft.rounds, ROUNDS_RANGE, True)
    number("bots", draft.bots, BOTS_RANGE, True)
    if draft.min_cards is not None:
        number("min_cards", draft.min_cards, MIN_CARDS_RANGE, True)
    if draft.deck not in DRAFT_DECKS and not (draft.deck == "custom" and draft.kept_cards):
        problems.append(DraftProblem("setting", field="deck", detail=repr(draft.deck)))
    return problems


def _clean(text: object) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split()) if isinstance(text, str) else ""


def check_draft(draft: LessonDraft, *, lexicons: Callable[[str], Lexicon] = load_lexicon) -> DraftCheck:
    """Every problem of ``draft`` at once; when there is none, the lesson and its file text."""
    problems: list[DraftProblem] = []
    title = _clean(draft.title)
    for name in ("title", "grade", "description"):
        value = title if name == "title" else _clean(getattr(draft, name))
        if len(value) > _LIMITS[name] or (name == "title" and not value):
            problems.append(DraftProblem(name, count=_LIMITS[name]))
    try:
        lang = parse_lang(draft.lang).value
    except MyWordError:
        problems.append(DraftProblem("language"))
        return DraftCheck(tuple(problems))
    problems += _setting_problems(draft)
    lexicon = lexicons(lang)
    words = [w for w in draft.words if isinstance(w, str)]
    if not words:
        problems.append(DraftProblem("no_words"))
    elif len(words) > MAX_FOCUS:
        problems.append(DraftProblem("too_many", count=len(words)))
    good: list[str] = []
    letters = set(alphabet(lang))
    place: dict[str, int] = {}
    for index, word in enumerate(words[:_MAX_TOKENS]):
        folded = fold(word)
        if not folded or any(ch not in letters for ch in folded):
            problems.append(DraftProblem("not_letters", word, index))
        elif lexicon.is_blocked(folded):
            problems.append(DraftProblem("blocked", word, index))
        elif folded not in lexicon:
            problems.append(DraftProblem("unknown", word, index, _suggestions(lexicon, folded), field=lang))
        elif folded in good:
            problems.append(DraftProblem("twice", word, index))
        else:
            good.append(folded)
            place[folded] = index
    shown = tuple(lexicon.spelling(w) for w in good)
    if not good or any(p.code in _WORD_CODES for p in problems):
        return DraftCheck(tuple(problems), shown)
    shortest = min(len(own_cards(w)) for w in good)
    automatic = max(MIN_CARDS_RANGE.start, min(3, shortest))
    chosen = draft.min_cards
    min_cards = chosen if isinstance(chosen, int) and not isinstance(chosen, bool) and chosen in MIN_CARDS_RANGE else automatic
    extra, spellings = _extra_cards(good, draft, min_cards)
    extra.sort(key=str)
    for word in good:
        if len(spellings[word]) < min_cards:
            problems.append(DraftProblem("too_short", lexicon.spelling(word), place[word], count=len(spellings[word]),
                                         limit=min_cards))  # fmt: skip
    size = len(_base_deck(draft)) + len(draft.kept_cards) + len(extra)
    if size > 200:
        problems.append(DraftProblem("deck", count=size, limit=200))
    if problems:
        return DraftCheck(tuple(problems), shown, tuple(extra), size, min_cards)
    text = lesson_toml(draft, shown, extra, min_cards)
    lesson_id = draft.lesson_id if draft.lesson_id and LESSON_ID.match(draft.lesson_id) else "draft"
    try:
        lesson = parse_lesson(text, lesson_id, lexicons=lexicons)
    except LessonError as error:  # the game's own check of the file it will read
        return DraftCheck(tuple(DraftProblem("file", detail=str(p)) for p in error.problems), shown, tuple(extra), size, min_cards)
    return DraftCheck((), shown, tuple(extra), size, min_cards, text, lesson)


def _quote(text: str) -> str:
    """A TOML basic string."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif unicodedata.category(ch) == "Cc" or ch == "\x7f":
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def lesson_toml(draft: LessonDraft, words: Sequence[str], extra: Sequence[Card], min_cards: int) -> str:
    """The lesson file (the format of ``lessons/*.toml``) for a checked draft.

    >>> print(lesson_toml(LessonDraft('Say "hi"', "en", ()), ["friend", "said"], [Card("e")], 3), end="")
    # Written in the MyWord! teacher panel. You can edit it with any text editor (lessons/README.md).
    title = "Say \\"hi\\""
    language = "en"
    focus = ["friend", "said"]
    deck = "standard"
    extra_cards = "E"
    pace = 4.0
    rounds = 2
    min_cards = 3
    bots = 1
    """
    lines = ["# Written in the MyWord! teacher panel. You can edit it with any text editor (lessons/README.md).",
             f"title = {_quote(_clean(draft.title))}", f"language = {_quote(parse_lang(draft.lang).value)}"]  # fmt: skip
    for name in ("grade", "description"):
        value = _clean(getattr(draft, name))
        if value:
            lines.append(f"{name} = {_quote(value)}")
    lines.append("focus = [" + ", ".join(_quote(w) for w in words) + "]")
    lines.append(f"deck = {_quote(draft.deck)}")
    if draft.deck == "custom":
        lines.append(f"cards = {_quote(' '.join(str(c) for c in draft.kept_cards))}")
        added = sorted(extra, key=str)
    else:
        added = sorted([*draft.kept_cards, *extra], key=str)
    if added:
        lines.append(f"extra_cards = {_quote(' '.join(str(c) for c in added))}")
    lines += [f"pace = {float(draft.pace)!r}", f"rounds = {draft.rounds}", f"min_cards = {min_cards}", f"bots = {draft.bots}"]
    return "\n".join(lines) + "\n"


def draft_from_lesson(lesson: Lesson, *, copy: bool = False) -> LessonDraft:
    """The draft that gives ``lesson`` again (to edit it, or with ``copy`` a new lesson like it)."""
    if lesson.deck == "custom":
        kept: tuple[Card, ...] = tuple(lesson.cards)
    else:
        base = (junior_deck if lesson.deck == "junior" else standard_deck)(lesson.lang)
        extra = Counter(lesson.cards) - Counter(base)
        kept = tuple(sorted((c for c in extra.elements() if c.is_double or c.is_wild), key=str))
    return LessonDraft(
        title=lesson.title, lang=lesson.lang, words=tuple(lesson.shown.get(w, w) for w in lesson.focus),
        grade=lesson.grade, description=lesson.description, deck=lesson.deck, pace=lesson.pace, rounds=lesson.rounds,
        min_cards=lesson.min_cards, bots=lesson.bots, kept_cards=kept, lesson_id=None if copy else lesson.id,
    )  # fmt: skip
