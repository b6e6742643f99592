"""Every text rendered with 1 and 2 of each count, in both languages: nouns and verbs agree with the numbers and the subjects.

The patterns are the mistakes a teacher saw ("Robot 1 se llevan una carta
gratis", "Tú se llevan...", "1 cartas"): a number followed by a noun in the
wrong number, a player followed by a verb in the wrong person or number.
"""

from __future__ import annotations

import re

import pytest

from myword_edu.i18n.catalog import Catalog, Plural
from myword_edu.i18n.classroom import CLASSROOM
from myword_edu.i18n.game import GAME, about_players, join_names, score_label
from myword_edu.i18n.rooms import ROOMS
from tests.catalog_files import fields

CATALOGS = (GAME, CLASSROOM, ROOMS)
#: Placeholders that hold a number (anything else holds a word or a name).
NUMBERS = {"count", "n", "left", "total", "seconds", "needed", "points", "target", "least", "tries_left", "min", "max",
           "expected", "found", "rounds", "min_cards", "failed", "held", "minutes", "kb", "line", "first", "number",
           "position", "row", "column", "attempts", "accepted", "shown", "people", "cards"}  # fmt: skip
#: Texts that are put together from other texts (rendered through their helpers below).
COMPOSED = {("game", "score.aria"), ("rooms", "room_tab.flood")}
YOU = {"en": "You", "es": "Tú"}
#: How many players a text is about when that is fixed (a round has one winner, a tie two or more).
PLAYERS = {"boggle.round_winner": 1, "boggle.round_tie": 2, "gameover.tie": 2}

NOUNS = {
    "en": ("card", "point", "word", "student", "second", "letter", "round", "picture", "character", "column", "pt",
           "cell"),
    "es": ("carta", "punto", "palabra", "alumno", "segundo", "intento", "letra", "ronda", "dibujo", "columna", "pto",
           "celda"),
}  # fmt: skip
EN_PLURAL_NOUNS = {"card": "cards", "point": "points", "word": "words", "student": "students", "second": "seconds",
                   "letter": "letters", "round": "rounds", "picture": "pictures", "character": "characters",
                   "column": "columns", "pt": "pts", "cell": "cells"}  # fmt: skip
BAD = {
    # a number and its noun
    ("en", 1): [rf"\b1 ({'|'.join(EN_PLURAL_NOUNS.values())})\b", r"\b1 tries\b"],
    ("en", 2): [rf"\b2 ({'|'.join(NOUNS['en'])})\b", r"\b2 try\b"],
    ("es", 1): [rf"\b1 ({'|'.join(n + 's' for n in NOUNS['es'])}|caracteres)\b", r"\b[Qq]uedan 1\b", r"\bhan entrado 1\b"],
    ("es", 2): [rf"\b2 ({'|'.join(NOUNS['es'])}|carácter)\b", r"\b[Qq]ueda 2\b", r"\bha entrado 2\b"],
}
#: A player named as the subject: "Robot 1" takes a singular verb, two players a plural one, "Tú" the tú form.
SUBJECT_BAD = {
    "es": [r"\bRobot 1 (se llevan|tienen|ganaron|llegaron|dijeron)\b", r"\bRobot 2 (se lleva|tiene|ganó|llegó)\b",
           r"\bTú (se lleva|se llevan|tiene|tienen|ganó|ganaron|gana|llegó|llegaron|dijo)\b",
           r"\b(Ha|Han) ganado Tú\b", r"\bpara Tú\b", r"\bHa ganado Robot 1 y\b"],
    "en": [r"\bRobot 1 (each got|have)\b", r"\bYou (has|wins)\b"],
}  # fmt: skip


def _values(catalog: Catalog, key: str, lang: str, n: int, names: list[str]) -> dict[str, object]:
    entry = catalog.entry(key)
    english = entry.one + entry.other if isinstance(entry, Plural) else entry.english
    values: dict[str, object] = {}
    for field in fields(english):
        if field in NUMBERS:
            # a text with one count: the other numbers of that text stay at 5 ("1 of 5 cards left")
            values[field] = n if not isinstance(entry, Plural) or field == entry.count else 5
        elif field in ("names", "players"):
            values[field] = join_names(names, lang)
        else:
            values[field] = {"player": "Robot 1", "name": "Ana", "word": "GATO", "language": "inglés"}.get(field, "X")
    if isinstance(entry, Plural):
        values[entry.count] = n
    return values


def _renderings(lang: str, n: int) -> list[tuple[str, str]]:
    out = []
    robots = [f"Robot {i}" for i in range(1, n + 1)]
    for catalog in CATALOGS:
        for key in catalog:
            if (catalog.domain, key) in COMPOSED:
                continue
            entry = catalog.entry(key)
            if isinstance(entry, Plural) and entry.count == "people":
                # the student ("Tú") is among the players only in the games' own pages
                for names in (robots, [YOU[lang]] + robots[1:]) if catalog is GAME else (robots,):
                    values = _values(catalog, key, lang, n, names)
                    values.pop("names", None)
                    values.pop("people", None)
                    shown = about_players(lang, key, names, **values) if catalog is GAME else catalog(
                        lang, key, names=join_names(names, lang), people=len(names), **values)
                    out.append((f"{catalog.domain}:{key}:{names}", shown))
                continue
            players = [f"Robot {i}" for i in range(1, PLAYERS.get(key, n) + 1)]
            out.append((f"{catalog.domain}:{key}", catalog(lang, key, **_values(catalog, key, lang, n, players))))
    out.append(("game:score.aria", score_label(lang, "Robot 1", n, n)))
    failed, held = ROOMS(lang, "room_tab.flood_failed", count=n), ROOMS(lang, "room_tab.flood_held", count=n)
    out.append(("rooms:room_tab.flood", ROOMS(lang, "room_tab.flood", failed=failed, held=held)))
    for key, count in PLAYERS.items():
        players = [YOU[lang]] + [f"Robot {i}" for i in range(2, count + 1)]
        out.append((f"game:{key}:you", about_players(lang, key, players, points=n)))
    return out


@pytest.mark.parametrize("n", [1, 2])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_text_renders_with_numbers_and_subjects_that_agree(lang, n):
    problems = []
    for where, shown in _renderings(lang, n):
        assert shown and "{" not in shown and "}" not in shown, (where, shown)
        for pattern in BAD[(lang, n)] + SUBJECT_BAD[lang]:
            if re.search(pattern, shown):
                problems.append(f"{where}: {shown!r} matches {pattern!r}")
    assert problems == []


@pytest.mark.parametrize(
    ("lang", "key", "values", "expected"),
    [
        ("es", "deck.left", {"left": 1, "total": 71}, "Queda 1 de 71 cartas"),
        ("es", "deck.left", {"left": 2, "total": 71}, "Quedan 2 de 71 cartas"),
        ("es", "feedback.you_won_cards", {"word": "SOL", "count": 1}, "¡Sí! SOL es una palabra. Ganas 1 carta."),
        ("en", "feedback.you_won_cards", {"word": "SUN", "count": 1}, "Yes! SUN is a word. You win 1 card."),
        ("es", "status.last_call", {"seconds": 1}, "No hay más cartas. Última oportunidad: ¡1 segundo!"),
        ("es", "boggle.round_tie", {"names": "Ana y Ben", "points": 1}, "Empate a 1 punto: Ana y Ben."),
        ("en", "boggle.round_tie", {"names": "Ana and Ben", "points": 1}, "A tie: Ana and Ben have 1 point each."),
        ("en", "boggle.best", {"points": 1}, "Your best: 1 point. Can you beat it?"),
    ],
)
def test_known_game_texts(lang, key, values, expected):
    assert GAME(lang, key, **values) == expected


def test_the_checks_catch_the_bugs_they_are_for():
    """The old Spanish, put through the same patterns, is caught."""
    old = ["Robot 1 se llevan una carta gratis.", "Tú se llevan una carta gratis.", "Ganas 1 cartas.",
           "Quedan 1 de 71 cartas", "Tú ganó esta ronda con 5 puntos."]  # fmt: skip
    for text in old:
        assert any(re.search(p, text) for p in BAD[("es", 1)] + SUBJECT_BAD["es"]), text
    assert re.search(BAD[("en", 1)][0], "You win 1 cards.")
