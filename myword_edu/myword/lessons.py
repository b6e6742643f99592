"""Lessons: TOML files a teacher can read and edit (``lessons/*.toml``).

A lesson names its focus words and how the game is dealt::

    title = "Digraphs: CH, SH and TH"
    language = "en"
    grade = "1-2"
    focus = ["ship", "chin", "that", "fish"]
    deck = "standard"          # standard, junior or custom
    extra_cards = "SH SH"      # added to the deck (or: cards = "..." for deck = "custom")
    pace = 4.0                 # seconds per card
    rounds = 2
    min_cards = 3
    bots = 1                   # computer players

Loading checks everything and reports *every* problem with its line
(:class:`LessonError`). Focus words are made possible: each round's deck is
stacked so that every focus word's cards come out one after another at some
point of the round (spread through the deal), so each can be spelled then
(:mod:`myword_edu.myword.stacking`). The lessons of an installation are a
:class:`~myword_edu.myword.lesson_library.LessonLibrary`.

>>> lesson = parse_lesson('title = "Cats"\\nlanguage = "en"\\nfocus = ["cat", "act"]\\n', "cats",
...                       lexicons=lambda lang: Lexicon.from_words(["cat", "act"], blocked=[]))
>>> lesson.title, lesson.focus, len(lesson.cards)
('Cats', ('cat', 'act'), 71)
>>> parse_lesson('title = 3\\nlanguage = "fr"\\nfocus = ["cat"]\\ncolour = "red"\\n', "bad",
...              lexicons=lambda lang: Lexicon.from_words(["cat"], blocked=[]))
Traceback (most recent call last):
...
myword_edu.myword.lessons.LessonError: bad.toml: line 1: title must be text; line 2: language must be one of en, es, not 'fr'; line 4: unknown key 'colour'. Valid keys are: title, language, grade, description, focus, deck, cards, extra_cards, pace, rounds, min_cards, bots
"""

from __future__ import annotations

import random
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from myword_edu.myword.cards import Card, junior_deck, parse_cards, standard_deck
from myword_edu.core.errors import MyWordError
from myword_edu.lexicon.wordlist import Lexicon, load_lexicon
from myword_edu.myword.game import Game
from myword_edu.myword.round import Round
from myword_edu.myword.values import MIN_CARDS_RANGE, Player
from myword_edu.myword.spelling import best_spelling
from myword_edu.myword.stacking import reserve_cards, stacked_deal
from myword_edu.core.focus import focus_target
from myword_edu.core.text import fold, parse_lang

__all__ = [
    "Lesson",
    "LessonProblem",
    "LessonError",
    "LessonGame",
    "parse_lesson",
    "load_lesson",
    "KEYS",
    "LESSON_ID",
]

KEYS = ("title", "language", "grade", "description", "focus", "deck", "cards", "extra_cards", "pace", "rounds",
        "min_cards", "bots")  # fmt: skip
DECKS = ("standard", "junior", "custom")
PACE_RANGE = (0.5, 30.0)
ROUNDS_RANGE = range(1, 7)
BOTS_RANGE = range(0, 4)
MAX_FOCUS = 24
#: A lesson's id is its file name without ``.toml``.
LESSON_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,59}$")


@dataclass(frozen=True)
class LessonProblem:
    """One problem in a lesson file, at ``line`` (0: the file as a whole)."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message


class LessonError(MyWordError, ValueError):
    """A lesson file with problems; ``problems`` lists every one."""

    def __init__(self, name: str, problems: Iterable[LessonProblem]) -> None:
        self.name = name
        self.problems = tuple(problems)
        super().__init__(f"{name}: " + "; ".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class Lesson:
    """A checked lesson. ``focus`` holds folded words; ``cards`` the whole deck."""

    id: str
    title: str
    lang: str
    focus: tuple[str, ...]
    cards: tuple[Card, ...]
    spellings: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)  # focus word -> its reserved cards
    shown: Mapping[str, str] = field(default_factory=dict)  # focus word -> dictionary spelling
    grade: str = ""
    description: str = ""
    deck: str = "standard"
    pace: float = 4.0
    rounds: int = 2
    min_cards: int = 3
    bots: int = 1
    review: tuple[str, ...] = ()  # focus words (folded) dealt before the others, in this order

    def reviewing(self, words: Iterable[str]) -> "Lesson":
        """This lesson, its decks dealing ``words`` (focus words, folded) before the other focus words.

        A student's spaced review: the words they missed or have not yet made
        twice in a row come out first. Words that are no focus word are left out.

        >>> lesson = parse_lesson('title = "T"\\nlanguage = "en"\\nfocus = ["cat", "dog"]', "t",
        ...                       lexicons=lambda lang: Lexicon.from_words(["cat", "dog"], blocked=[]))
        >>> lesson.reviewing(["dog", "cow", "dog"]).review
        ('dog',)
        """
        return replace(self, review=tuple(dict.fromkeys(w for w in words if w in self.focus)))

    def deal(self, seed: object, index: int) -> list[Card]:
        """Round ``index``'s deck: shuffled, each focus word's cards together, blocks spread out.

        >>> lesson = parse_lesson('title = "T"\\nlanguage = "en"\\nfocus = ["cat"]', "t",
        ...                       lexicons=lambda lang: Lexicon.from_words(["cat"], blocked=[]))
        >>> from collections import Counter
        >>> deck = lesson.deal(7, 0)
        >>> Counter(deck) == Counter(lesson.cards), lesson.deal(7, 0) == deck
        (True, True)
        """
        return self._stacked(seed, index)[0]

    def blocks(self, seed: object, index: int) -> dict[str, tuple[int, int]]:
        """Where each focus word's reserved cards lie in round ``index``'s deck (:meth:`deal`):
        ``word -> (start, end)``, deck positions (its cards are ``deck[start:end]``).

        >>> lesson = parse_lesson('title = "T"\\nlanguage = "en"\\nfocus = ["cat"]', "t",
        ...                       lexicons=lambda lang: Lexicon.from_words(["cat"], blocked=[]))
        >>> start, end = lesson.blocks(7, 0)["cat"]
        >>> sorted(str(c) for c in lesson.deal(7, 0)[start:end])
        ['A', 'C', 'T']
        """
        return self._stacked(seed, index)[1]

    def _stacked(self, seed: object, index: int) -> tuple[list[Card], dict[str, tuple[int, int]]]:
        rng = random.Random(f"{seed}-{index}-{self.id}")
        words = [word for word in self.focus if word not in self.review]
        deck, where = stacked_deal(self.cards, [self.spellings[word] for word in words], rng,
                                   first=[self.spellings[word] for word in self.review])  # fmt: skip
        return deck, dict(zip([*self.review, *words], where))

    def target(self, folded: str, *, is_word: bool) -> str | None:
        """The focus word a call targets (see :func:`myword_edu.core.focus.focus_target`)."""
        return focus_target(folded, self.focus, is_word=is_word)

    def game(self, players: Sequence[Player], lexicon: Lexicon, **kwargs: Any) -> "LessonGame":
        """A game dealt from this lesson's stacked decks (``kwargs`` as for :class:`~myword_edu.myword.game.Game`)."""
        kwargs.setdefault("rounds", self.rounds)
        return LessonGame(self, players, lexicon, **kwargs)


class LessonGame(Game):
    """A :class:`~myword_edu.myword.game.Game` whose rounds are dealt by :meth:`Lesson.deal`."""

    def __init__(self, lesson: Lesson, players: Sequence[Player], lexicon: Lexicon, **kwargs: Any) -> None:
        self.lesson = lesson
        kwargs["deck"] = lesson.cards
        super().__init__(players, lexicon, **kwargs)

    def to_dict(self) -> dict[str, Any]:
        """The saved game, with the words its decks dealt first (the student's review, to deal alike again)."""
        return {**super().to_dict(), "review": list(self.lesson.review)}

    def _new_round(self, index: int) -> Round:
        return Round(
            self.players,
            self.lesson.deal(self.seed, index),
            self.lexicon,
            junior=self.junior,
            dealer=self.players[index % len(self.players)].name,
            dealer_calls=self.dealer_calls,
            lexicons=self.lexicons,
            foreign=self.foreign,
        )


# -- reading and checking ------------------------------------------------------------
def _key_lines(text: str) -> dict[str, int]:
    lines: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        match = re.match(r"\s*([A-Za-z0-9_\-\"']+)\s*=", line)
        if match:
            lines.setdefault(match.group(1).strip("\"'"), number)
    return lines


def _value_line(text: str, start: int, value: str) -> int:
    for number, line in enumerate(text.splitlines()[start - 1 :], start=start):
        if f'"{value}"' in line or f"'{value}'" in line:
            return number
    return start


def parse_lesson(
    text: str, lesson_id: str, *, lexicons: Callable[[str], Lexicon] = load_lexicon, name: str | None = None
) -> Lesson:
    """Check a lesson's TOML text; raise :class:`LessonError` listing every problem with its line."""
    shown_name = name or f"{lesson_id}.toml"
    problems: list[LessonProblem] = []
    if not LESSON_ID.match(lesson_id):
        problems.append(LessonProblem(0, f"the file name {lesson_id!r} must be lower-case letters, digits and dashes"))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        problems.append(LessonProblem(int(match.group(1)) if match else 0, f"this is not valid TOML ({error})"))
        raise LessonError(shown_name, problems) from None
    lines = _key_lines(text)
    at = lambda key: lines.get(key, 0)  # noqa: E731

    def problem(key: str, message: str) -> None:
        problems.append(LessonProblem(at(key), message))

    for key in data:
        if key not in KEYS:
            problem(key, f"unknown key {key!r}. Valid keys are: {', '.join(KEYS)}")

    def text_value(key: str, limit: int, required: bool = False) -> str:
        value = data.get(key)
        if value is None:
            if required:
                problems.append(LessonProblem(0, f"{key} is missing"))
            return ""
        if not isinstance(value, str):
            problem(key, f"{key} must be text")
            return ""
        if len(value) > limit or (required and not value.strip()):
            problem(key, f"{key} must be 1 to {limit} characters")
        return " ".join(value.split())

    def number(key: str, allowed: range | tuple[float, float], default: Any, kind: type = int) -> Any:
        value = data.get(key, default)
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and (kind is float or isinstance(value, int))
        if ok and isinstance(allowed, range):
            ok = value in allowed
            shown = f"{allowed.start} to {allowed.stop - 1}"
        elif ok:
            ok = allowed[0] <= value <= allowed[1]
            shown = f"{allowed[0]:g} to {allowed[1]:g}"
        else:
            shown = f"{allowed.start} to {allowed.stop - 1}" if isinstance(allowed, range) else f"{allowed[0]:g} to {allowed[1]:g}"
        if not ok:
            problem(key, f"{key} must be a number from {shown}, not {value!r}")
            return default
        return kind(value)

    title = text_value("title", 80, required=True)
    grade = text_value("grade", 30)
    description = text_value("description", 400)
    lang = "en"
    if "language" not in data:
        problems.append(LessonProblem(0, "language is missing"))
    else:
        try:
            lang = parse_lang(data["language"] if isinstance(data["language"], str) else "?").value
        except MyWordError:
            problem("language", f"language must be one of en, es, not {data['language']!r}")
    pace = number("pace", PACE_RANGE, 4.0, float)
    rounds = number("rounds", ROUNDS_RANGE, 2)
    min_cards = number("min_cards", MIN_CARDS_RANGE, 3)
    bots = number("bots", BOTS_RANGE, 1)
    cards = _deck(data, lang, problem)
    focus, shown = _focus(data, text, lang, lexicons, at("focus"), problems)
    spellings: dict[str, tuple[Card, ...]] = {}
    if focus and cards and not problems:
        spellings = _reserve(focus, cards, min_cards, text, at("focus"), problems)
    if problems:
        raise LessonError(shown_name, sorted(problems, key=lambda p: p.line))
    return Lesson(lesson_id, title, lang, tuple(focus), tuple(cards), spellings, shown, grade, description,
                  str(data.get("deck", "standard")), pace, rounds, min_cards, bots)  # fmt: skip


def _deck(data: Mapping[str, Any], lang: str, problem: Callable[[str, str], None]) -> list[Card]:
    kind = data.get("deck", "standard")
    if kind not in DECKS:
        problem("deck", f"deck must be one of {', '.join(DECKS)}, not {kind!r}")
        return []
    cards: list[Card] = []
    if kind == "custom":
        if "cards" not in data:
            problem("deck", 'a custom deck needs cards = "..." (the cards, separated by spaces)')
            return []
    elif "cards" in data:
        problem("cards", 'cards = "..." is only for deck = "custom" (use extra_cards to add cards)')
    for key in ("cards", "extra_cards"):
        value = data.get(key)
        if value is None:
            continue
        if not isinstance(value, str):
            problem(key, f"{key} must be text: the cards separated by spaces")
            continue
        try:
            parsed = parse_cards(value)
        except MyWordError as error:
            problem(key, f"{key}: {error}")
            continue
        if lang == "en" and any("ñ" in c.letters for c in parsed):
            problem(key, "English decks have no Ñ card")
        cards += parsed
    if kind == "standard":
        cards = standard_deck(lang) + cards
    elif kind == "junior":
        cards = junior_deck(lang) + cards
    if not 10 <= len(cards) <= 200:
        problem("cards" if kind == "custom" else "extra_cards", f"a deck needs 10 to 200 cards, not {len(cards)}")
        return []
    return cards


def _focus(
    data: Mapping[str, Any], text: str, lang: str, lexicons: Callable[[str], Lexicon], line: int,
    problems: list[LessonProblem],
) -> tuple[list[str], dict[str, str]]:  # fmt: skip
    words = data.get("focus")
    if words is None:
        problems.append(LessonProblem(0, "focus is missing (the words the lesson practises)"))
        return [], {}
    if not isinstance(words, list) or not words or len(words) > MAX_FOCUS:
        problems.append(LessonProblem(line, f"focus must be a list of 1 to {MAX_FOCUS} words in quotes"))
        return [], {}
    try:
        lexicon = lexicons(lang)
    except (OSError, MyWordError) as error:
        problems.append(LessonProblem(0, f"the {lang} word list cannot be loaded: {error}"))
        return [], {}
    focus: list[str] = []
    shown: dict[str, str] = {}
    after: dict[str, int] = {}  # the same word twice: look for the second one after the first
    for word in words:
        where = line
        if isinstance(word, str):
            where = _value_line(text, after.get(word, line), word)
            after[word] = where + 1
        if not isinstance(word, str):
            problems.append(LessonProblem(where, f"focus word {word!r} must be in quotes"))
            continue
        folded = fold(word)
        if folded not in lexicon:
            problems.append(LessonProblem(where, f"{word!r} is not in the {lang} word list"))
        elif lexicon.is_blocked(folded):
            problems.append(LessonProblem(where, f"{word!r} is not allowed in class"))
        elif folded in focus:
            problems.append(LessonProblem(where, f"{word!r} is in the focus list twice"))
        else:
            focus.append(folded)
            shown[folded] = lexicon.spelling(folded)
    return focus, shown


def _reserve(
    focus: list[str], cards: list[Card], min_cards: int, text: str, line: int, problems: list[LessonProblem]
) -> dict[str, tuple[Card, ...]]:
    """Cards for every focus word at once (:func:`~myword_edu.myword.stacking.reserve_cards`), or every
    reason there are none added to ``problems``."""
    best = reserve_cards(focus, cards, min_cards)
    if best is not None:
        return best
    for word in focus:
        spelled = best_spelling(word, cards)
        where = _value_line(text, line, word)
        if spelled is None:
            problems.append(LessonProblem(where, f"the deck cannot make {word.upper()!r}: add its cards with extra_cards"))
        elif len(spelled) < min_cards:
            problems.append(LessonProblem(where, f"{word.upper()!r} takes at most {len(spelled)} cards, fewer than min_cards = {min_cards}"))
    if not problems:
        problems.append(LessonProblem(line, "the deck does not have enough cards for all the focus words at once: "
                                            "add the letters they share with extra_cards, or use fewer words"))  # fmt: skip
    return {}


def load_lesson(path: Path, *, lexicons: Callable[[str], Lexicon] = load_lexicon) -> Lesson:
    """Read and check one lesson file."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise LessonError(path.name, [LessonProblem(0, f"cannot read the file: {error}")]) from None
    return parse_lesson(text, path.stem, lexicons=lexicons, name=path.name)
