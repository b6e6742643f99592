"""A live MyWord! room played with a lesson: the lesson as the room keeps it, and its stacked decks.

When the teacher opens a room with a lesson, the room's options keep a copy
of what its deals need (id, title, language, focus words, the deck and each
focus word's reserved cards), not just the lesson's id: the room's decks and
every replay of its log then stay the same even if the lesson's file is
edited or deleted while the room is open. Each round's deck is
:meth:`~myword_edu.myword.lessons.Lesson.deal` from the room's secret seed and
the round's number, as solo practice deals a lesson's rounds, so every kernel
that replays the log deals the same cards.

>>> from myword_edu.lexicon.wordlist import Lexicon
>>> from myword_edu.myword.lessons import parse_lesson
>>> cats = parse_lesson('title = "Cats"\\nlanguage = "en"\\nfocus = ["cat", "act"]', "cats",
...                     lexicons=lambda lang: Lexicon.from_words(["cat", "act"], blocked=[]))
>>> kept = lesson_from_options(lesson_options(cats))
>>> kept.id, kept.focus, kept.cards == cats.cards, kept.spellings == cats.spellings
('cats', ('cat', 'act'), True, True)
>>> room_deck(kept, "secret", 2) == room_deck(cats, "secret", 2) != room_deck(cats, "secret", 3)
True
"""

from __future__ import annotations

from typing import Any, Mapping

from myword_edu.myword.cards import Card, parse_cards
from myword_edu.myword.lessons import Lesson

__all__ = ["lesson_options", "lesson_from_options", "room_deck"]


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards)


def lesson_options(lesson: Lesson) -> dict[str, Any]:
    """The room options that keep ``lesson`` (JSON-ready)."""
    return {"lesson": {
        "id": lesson.id, "title": lesson.title, "lang": lesson.lang, "focus": list(lesson.focus),
        "shown": {w: lesson.shown.get(w, w) for w in lesson.focus}, "cards": _cards(lesson.cards),
        "spellings": {w: _cards(lesson.spellings[w]) for w in lesson.focus}, "min_cards": lesson.min_cards,
        "deck": lesson.deck, "grade": lesson.grade,
    }}  # fmt: skip


def lesson_from_options(options: Mapping[str, Any] | None) -> Lesson | None:
    """The lesson a room's options keep (None: the room deals its own deck)."""
    kept = (options or {}).get("lesson")
    if not isinstance(kept, Mapping):
        return None
    focus = tuple(str(w) for w in kept["focus"])
    return Lesson(
        id=str(kept["id"]), title=str(kept["title"]), lang=str(kept["lang"]), focus=focus,
        cards=tuple(parse_cards(kept["cards"])),
        spellings={w: tuple(parse_cards(kept["spellings"][w])) for w in focus},
        shown={w: str(kept["shown"].get(w, w)) for w in focus}, grade=str(kept.get("grade", "")),
        deck=str(kept.get("deck", "standard")), min_cards=int(kept.get("min_cards", 3)),
    )  # fmt: skip


def room_deck(lesson: Lesson, seed: str, round_no: int) -> list[Card]:
    """Round ``round_no``'s deck of a room with ``lesson``: every focus word's cards dealt together,
    the blocks spread through the deal; the same for the same seed and round."""
    return lesson.deal(seed, round_no)
