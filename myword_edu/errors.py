"""The exceptions the engine raises.

Every error a student's or teacher's input can cause is a :class:`MyWordError`.
Narrow subclasses also subclass :class:`ValueError` or :class:`LookupError` and
carry the data (``.word``, ``.reason``, ``.token`` ...) the UI needs to show a
message in the player's own language.
"""

from __future__ import annotations

__all__ = [
    "MyWordError",
    "UnknownLanguageError",
    "BadWordError",
    "CardTokenError",
    "SpellingError",
    "CardsNotOnTableError",
    "TooFewCardsError",
    "UnknownPlayerError",
    "IllegalMoveError",
    "CorruptSaveError",
    "WordListError",
    "NotAWordError",
    "CardsDoNotSpellError",
]


class MyWordError(Exception):
    """Root of every error the engine raises on purpose."""


class UnknownLanguageError(MyWordError, ValueError):
    """A language tag that is not English or Spanish."""

    def __init__(self, lang: object, valid: tuple[str, ...]) -> None:
        self.lang = lang
        self.valid = valid
        super().__init__(f"unknown language {lang!r}. Valid languages are: {', '.join(valid)}")


class BadWordError(MyWordError, ValueError):
    """Typed text that cannot be a word at all (empty, digits, emoji, too long...).

    ``reason`` is one of ``"empty"``, ``"too_long"``, ``"bad_characters"``,
    ``"wrong_alphabet"``.
    """

    def __init__(self, word: str, reason: str, message: str) -> None:
        self.word = word
        self.reason = reason
        super().__init__(message)


class CardTokenError(MyWordError, ValueError):
    """A card token that is not a letter, two letters, ``?`` or ``??``."""

    def __init__(self, token: str, message: str | None = None) -> None:
        self.token = token
        super().__init__(
            message
            or f"{token!r} is not a card. A card is one letter (A), two letters (QU), ? or ??"
        )


class SpellingError(MyWordError, ValueError):
    """The cards cannot be used for this word. ``reason`` says why."""

    reason = "spelling"

    def __init__(self, word: str, message: str) -> None:
        self.word = word
        super().__init__(message)


class CardsNotOnTableError(SpellingError):
    """The cards on the table cannot spell the word."""

    reason = "cards_not_on_table"


class TooFewCardsError(SpellingError):
    """The word can be spelled, but with fewer cards than the player's minimum."""

    reason = "too_few_cards"

    def __init__(self, word: str, cards: tuple, min_cards: int) -> None:
        self.cards = cards
        self.min_cards = min_cards
        super().__init__(
            word,
            f"You need at least {min_cards} cards; {word.upper()!r} used {len(cards)}",
        )


class UnknownPlayerError(MyWordError, LookupError):
    """A name that is not one of the round's players."""

    def __init__(self, name: str, valid: tuple[str, ...]) -> None:
        self.name = name
        self.valid = valid
        super().__init__(f"no player called {name!r}. Players are: {', '.join(valid)}")


class IllegalMoveError(MyWordError, ValueError):
    """An action the game's state does not allow (dealing from an empty deck...)."""


class CorruptSaveError(MyWordError, ValueError):
    """A saved game that does not replay to the state it claims."""


class WordListError(MyWordError, ValueError):
    """A word list (file or teacher's list) with problems; ``problems`` lists them all."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


class NotAWordError(MyWordError, LookupError):
    """A word that is not in the lexicon."""

    def __init__(self, word: str, lang: str) -> None:
        self.word = word
        self.lang = lang
        super().__init__(f"{word.upper()!r} is not in the {lang} word list")


class CardsDoNotSpellError(SpellingError):
    """Cards picked one by one that do not spell the word, in that order."""

    reason = "cards_do_not_spell"
