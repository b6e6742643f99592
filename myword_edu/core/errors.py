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
    "CardIdsError",
    "CardIdsTypeError",
    "WrongTypeError",
    "SettingError",
    "MissingLexiconError",
    "WrongLexiconError",
]


class MyWordError(Exception):
    """Root of every error the engine raises on purpose."""


def _shown(value: object, limit: int = 40) -> str:
    """A value as a message quotes it: its repr, cut short (a hostile value can be huge)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a repr that fails must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class WrongTypeError(MyWordError, TypeError):
    """A value of the wrong type given to the engine: ``name`` is the argument, ``expected`` what it takes.

    >>> raise WrongTypeError("seen", "3", "a whole number (the round's version) or None")
    Traceback (most recent call last):
    ...
    myword_edu.core.errors.WrongTypeError: seen must be a whole number (the round's version) or None, not '3'
    """

    def __init__(self, name: str, value: object, expected: str) -> None:
        self.name = name
        self.value = value
        self.expected = expected
        super().__init__(f"{name} must be {expected}, not {_shown(value)}")


class SettingError(MyWordError, ValueError):
    """A setting of a game, a round or a player that is not allowed: ``name`` is the setting.

    >>> raise SettingError("players", [], "a game needs at least one player")
    Traceback (most recent call last):
    ...
    myword_edu.core.errors.SettingError: a game needs at least one player
    """

    def __init__(self, name: str, value: object, message: str) -> None:
        self.name = name
        self.value = value
        super().__init__(message)


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


class CardIdsError(MyWordError, ValueError):
    """Cards picked for a call that are not cards on the table; nothing changes.

    ``reason``: ``"repeated"`` (a card picked twice) or ``"not_on_table"`` (an id
    that is not a card on the table now); the type problems
    (:class:`CardIdsTypeError`) are ``"not_a_list"`` and ``"not_whole_numbers"``.
    ``card_ids`` is what was given (a tuple when it was a list of ids).
    """

    def __init__(self, card_ids: object, reason: str, message: str) -> None:
        self.card_ids = card_ids
        self.reason = reason
        super().__init__(message)


class CardIdsTypeError(CardIdsError, TypeError):
    """Card ids that are not a list of whole numbers (an iterator, a number, floats, text...)."""


class MissingLexiconError(MyWordError, LookupError):
    """A player plays in a language the round has no word list for.

    >>> raise MissingLexiconError("Lu", "es")
    Traceback (most recent call last):
    ...
    myword_edu.core.errors.MissingLexiconError: Lu plays in Spanish (es), but this game has no Spanish word list
    """

    def __init__(self, player: str, lang: str) -> None:
        self.player = player
        self.lang = lang
        super().__init__(f"{player} plays in {_LANGUAGE_NAMES.get(lang, lang)} ({lang}), "
                         f"but this game has no {_LANGUAGE_NAMES.get(lang, lang)} word list")  # fmt: skip


class WrongLexiconError(CorruptSaveError):
    """A save restored with another language's word list: ``saved`` and ``given`` are the two tags.

    >>> raise WrongLexiconError("es", "en")
    Traceback (most recent call last):
    ...
    myword_edu.core.errors.WrongLexiconError: this game was saved in Spanish (es): restore it with the Spanish word list, not the English one
    """

    def __init__(self, saved: str, given: str) -> None:
        self.saved = saved
        self.given = given
        super().__init__(
            f"this game was saved in {_LANGUAGE_NAMES.get(saved, saved)} ({saved}): restore it with the "
            f"{_LANGUAGE_NAMES.get(saved, saved)} word list, not the {_LANGUAGE_NAMES.get(given, given)} one"
        )


_LANGUAGE_NAMES = {"en": "English", "es": "Spanish"}
