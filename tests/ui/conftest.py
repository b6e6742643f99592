"""Fixtures for widget tests: small word lists, a fake clock, and messages as a browser sends them."""

from __future__ import annotations

import json

import pytest

from myword_edu.lexicon.wordlist import Lexicon

EN_WORDS = {
    "cat": 4.9, "act": 4.8, "tac": 0.0, "at": 5.5, "the": 7.0, "then": 6.0, "hen": 3.9,
    "ten": 5.1, "net": 4.6, "ate": 4.5, "eat": 4.9, "tea": 4.6, "sea": 5.0, "see": 6.0,
    "set": 5.5, "tee": 3.2, "rat": 4.2, "art": 5.0, "star": 5.0, "rats": 3.9, "arts": 4.2,
    "ear": 4.4, "era": 4.6, "are": 6.6, "bat": 4.3, "tab": 4.0, "stab": 3.5, "best": 5.8,
    "rest": 5.2, "nest": 3.9, "tens": 3.7, "dog": 5.0, "god": 5.1, "queen": 5.0, "quest": 4.4,
    "mask": 4.4, "dunk": 3.2, "and": 7.3, "sand": 4.5, "hand": 5.5, "land": 5.3, "stand": 5.2,
    "darn": 2.9, "trash": 4.3,
}  # fmt: skip
ES_WORDS = {
    "camión": 4.5, "casa": 5.6, "niño": 5.0, "año": 6.0, "sol": 5.0, "mar": 5.2, "pan": 4.8,
    "paz": 4.8, "luz": 5.2, "uña": 3.6, "señor": 5.3, "río": 4.9, "sal": 4.3, "tela": 4.0,
    "mesa": 4.9, "cama": 4.6, "leña": 3.3, "caña": 3.8, "peña": 3.6, "saña": 2.8, "que": 7.5,
}  # fmt: skip
EN_BLOCKED = ["darn"]


@pytest.fixture(scope="session")
def lexicons():
    """``lang -> Lexicon``: tiny English and Spanish lists, one blocked word."""
    lex = {
        "en": Lexicon.from_words(EN_WORDS, "en", zipf=EN_WORDS, blocked=EN_BLOCKED),
        "es": Lexicon.from_words(ES_WORDS, "es", zipf=ES_WORDS, blocked=[]),
    }
    return lex.__getitem__


@pytest.fixture
def lex(lexicons):
    """The tiny lexicons by language, as a room takes them."""
    return {"en": lexicons("en"), "es": lexicons("es")}


@pytest.fixture
def folder(tmp_path):
    """A teacher's lessons folder: "Cats and dogs" (English: cat, dog) and "La casa" (Spanish: casa, mesa)."""
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "pets.toml").write_text('title = "Cats and dogs"\nlanguage = "en"\nfocus = ["cat", "dog"]\n')
    (folder / "casa.toml").write_text('title = "La casa"\nlanguage = "es"\nfocus = ["casa", "mesa"]\n')
    return folder


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock():
    return FakeClock()


def browser_update(widget, **state) -> None:
    """What a browser sends when it sets synced traits (any client can send any)."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})


def browser_custom(widget, content: dict) -> None:
    """A custom message from the page (a click, Enter in a text box, an anywidget intent)."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def browser_click(button) -> None:
    """A click as the browser sends it: works even on a disabled button."""
    browser_custom(button, {"event": "click"})


def all_widgets(root):
    """Every widget below ``root`` (children of boxes)."""
    seen, stack = [], [root]
    while stack:
        widget = stack.pop()
        seen.append(widget)
        stack.extend(getattr(widget, "children", ()))
    return seen


def page_state(root) -> str:
    """Everything the page can read: the synced state of every widget, as JSON."""
    return json.dumps([w.get_state() for w in all_widgets(root)], default=str, ensure_ascii=False)


class Browser:
    """The browser's side of the widgets, for tests: ``browser.click(button)`` ..."""

    update = staticmethod(browser_update)
    custom = staticmethod(browser_custom)
    click = staticmethod(browser_click)
    widgets = staticmethod(all_widgets)
    page_state = staticmethod(page_state)


@pytest.fixture
def browser():
    return Browser()
