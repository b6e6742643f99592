"""The form for one lesson in the teacher panel's Lessons tab, and the tab's words in English and Spanish.

The form holds a title, the language, the pasted words and the optional
settings; every change of the words, language, deck or minimum is checked at
once by :func:`myword_edu.myword.lesson_draft.check_draft` (in Python, whatever
the page sent), and each unknown word's suggestions are buttons that put the
word in its place. :mod:`myword_edu.ui.teacher.lessons` holds the tab around it.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from myword_edu.i18n.classroom import CLASSROOM, text
from myword_edu.myword.lesson_draft import DRAFT_DECKS, DraftCheck, DraftProblem, LessonDraft, check_draft, parse_words, replace_word
from myword_edu.myword.lessons import BOTS_RANGE, ROUNDS_RANGE
from myword_edu.myword.values import MIN_CARDS_RANGE

__all__ = ["LessonEditor", "problem_text", "lesson_text", "dropdown", "WORD_PROBLEMS", "PACES"]

#: Problems with the words themselves: while there is one, whether the words fit in a deck is not said.
WORD_PROBLEMS = ("no_words", "too_many", "not_letters", "unknown", "blocked", "twice", "too_short", "deck")
PACES = (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 15.0, 20.0, 30.0)



def lesson_text(lang: str, key: str, **values: Any) -> str:
    """The tab's text ``key`` in ``lang`` (the classroom catalog's ``lesson_edit.*`` texts)."""
    return text(lang if lang in ("en", "es") else "en", f"lesson_edit.{key}", **values)


def problem_text(problem: DraftProblem, lang: str) -> str:
    """A draft's problem in the teacher's language.

    >>> problem_text(DraftProblem("unknown", "freind", 0, ("friend",), field="en"), "en")
    '“freind”: did you mean friend?'
    >>> problem_text(DraftProblem("blocked", "xx", 2), "es")
    '«xx» no se puede usar en clase.'
    """
    values: dict[str, Any] = {"word": problem.word, "count": problem.count, "limit": problem.limit,
                              "field": problem.field, "detail": problem.detail}  # fmt: skip
    if problem.code == "unknown":
        values["language"] = lesson_text(lang, f"lang.{problem.field}") if problem.field in ("en", "es") else problem.field
        if problem.suggestions:
            values["options"] = f" {lesson_text(lang, 'or')} ".join(problem.suggestions)
            return lesson_text(lang, "p.unknown_near", **values)
    key = f"p.{problem.code}"
    return lesson_text(lang, key, **values) if f"lesson_edit.{key}" in CLASSROOM else str(problem)


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def dropdown(description: str, options: list[tuple[str, Any]], value: Any, width: str = "420px") -> w.Dropdown:
    drop = w.Dropdown(options=options, value=value, description=description, layout=w.Layout(width=width))
    drop.style.description_width = "170px"
    return drop

class LessonEditor:
    """The form for one lesson: title, language, words, and the optional settings."""

    def __init__(self, tab: Any, *, lexicons: Any = None) -> None:
        """``tab``: the Lessons tab (its ``x``, ``panel`` and ``save``)."""
        self.tab = tab
        x, t = tab.x, tab.panel.t
        from myword_edu.lexicon.wordlist import load_lexicon

        self.lexicons = lexicons or load_lexicon
        self.heading = w.HTML()
        self.title = w.Text(description=x("title"), layout=w.Layout(width="560px"), _dom_classes=["myword-lesson-title"])
        self.lang = dropdown(x("lang"), [(t("lang.en"), "en"), (t("lang.es"), "es")], "en")
        self.words = w.Textarea(description=x("words"), placeholder="friend, because, people", continuous_update=False,
                                rows=4, layout=w.Layout(width="560px"), _dom_classes=["myword-lesson-words"])  # fmt: skip
        for box in (self.title, self.words):
            box.style.description_width = "170px"
        self.check_button = w.Button(description=x("check"), _dom_classes=["myword-lesson-check"])
        self.save_button = w.Button(description=x("save"), _dom_classes=["myword-primary", "myword-lesson-save"])
        self.cancel_button = w.Button(description=x("cancel"), _dom_classes=["myword-lesson-cancel"])
        self.check_button.on_click(lambda _b: self.check())
        self.save_button.on_click(lambda _b: self.tab.save(self.draft()))
        self.cancel_button.on_click(lambda _b: self.close())
        self.problems = w.VBox([], _dom_classes=["myword-draft-problems"])
        self.fit = w.HTML(_dom_classes=["myword-draft-fit"])
        self.message = w.HTML()
        self.grade = w.Text(description=x("grade"), layout=w.Layout(width="420px"))
        self.description = w.Text(description=x("description"), layout=w.Layout(width="560px"))
        for box in (self.grade, self.description):
            box.style.description_width = "170px"
        self.deck = dropdown(x("deck"), [(x(f"deck.{d}"), d) for d in DRAFT_DECKS], "standard")
        self.pace = dropdown(x("pace"), [(f"{p:g}", p) for p in PACES], 4.0)
        self.rounds = dropdown(x("rounds"), [(str(n), n) for n in ROUNDS_RANGE], 2)
        self.min_cards = dropdown(x("min_cards"), [(x("auto"), 0)] + [(str(n), n) for n in MIN_CARDS_RANGE], 0)
        self.bots = dropdown(x("bots"), [(str(n), n) for n in BOTS_RANGE], 1)
        more = w.VBox([self.grade, self.description, self.deck, self.pace, self.rounds, self.min_cards, self.bots])
        self.more = w.Accordion(children=[more], selected_index=None)
        self.more.set_title(0, x("more"))
        for widget in (self.lang, self.words, self.deck, self.min_cards):
            widget.observe(lambda _c: self.check(), names="value")
        self.root = w.VBox([self.heading, self.title, self.lang, w.HTML(f"<p><small>{_e(x('words_help'))}</small></p>"),
                            self.words, w.HBox([self.check_button]), self.problems, self.fit, self.more,
                            w.HBox([self.save_button, self.cancel_button]), self.message],
                           _dom_classes=["myword-card-box", "myword-lesson-editor", "myword-hidden"])  # fmt: skip
        self.editing: LessonDraft | None = None
        self._fix_buttons: list[w.Widget] = []
        self._quiet = False

    def open(self, draft: LessonDraft | None) -> None:
        """Show the form, empty (a new lesson) or filled with ``draft``."""
        x = self.tab.x
        self.editing = draft
        self._quiet = True
        try:
            d = draft or LessonDraft("", self.tab.panel.lang if self.tab.panel.lang in ("en", "es") else "en", ())
            self.title.value = d.title
            self.lang.value = d.lang
            self.words.value = ", ".join(d.words)
            self.grade.value, self.description.value = d.grade, d.description
            decks = [(x(f"deck.{k}"), k) for k in DRAFT_DECKS] + ([(x("deck.custom"), "custom")] if d.deck == "custom" else [])
            self.deck.options = decks
            self.deck.value = d.deck
            if d.pace not in PACES:
                self.pace.options = sorted([*self.pace.options, (f"{d.pace:g}", d.pace)], key=lambda o: o[1])
            self.pace.value, self.rounds.value, self.bots.value = d.pace, d.rounds, d.bots
            self.min_cards.value = d.min_cards or 0
        finally:
            self._quiet = False
        self.heading.value = f"<h2>{_e(x('edit_title', title=draft.title) if draft and draft.lesson_id else x('new_title'))}</h2>"
        self.message.value = ""
        self.root.remove_class("myword-hidden")
        if draft is not None:
            self.check()
        else:
            self.show_problems(())
            self.fit.value = ""

    def close(self) -> None:
        self.editing = None
        self.root.add_class("myword-hidden")
        self._clear_fixes()
        self.fit.value = self.message.value = ""

    def draft(self) -> LessonDraft:
        """The draft the form holds now (every value checked again by the engine)."""
        deck = self.deck.value if self.deck.value in (*DRAFT_DECKS, "custom") else "standard"
        kept = self.editing.kept_cards if self.editing else ()
        if self.editing and (self.editing.deck == "custom") != (deck == "custom"):
            kept = ()  # a custom deck's cards are the whole deck, not cards to add to another
        return LessonDraft(
            title=self.title.value, lang=self.lang.value, words=parse_words(self.words.value), grade=self.grade.value,
            description=self.description.value, deck=deck, pace=self.pace.value, rounds=self.rounds.value,
            min_cards=self.min_cards.value or None, bots=self.bots.value,
            kept_cards=kept,
            lesson_id=self.editing.lesson_id if self.editing else None,
        )  # fmt: skip

    def check(self) -> DraftCheck | None:
        """Check the form now and show every problem (the title is only asked for on saving)."""
        if self._quiet:
            return None
        draft = self.draft()
        result = check_draft(draft, lexicons=self.lexicons)
        shown = [p for p in result.problems if p.code != "title" or draft.title]
        self.show_problems(shown)
        x = self.tab.x
        if result.deck_size and not any(p.code in WORD_PROBLEMS for p in result.problems):
            cards = " ".join(str(c) for c in result.extra_cards)
            fit = x("fits", count=len(result.words), cards=result.deck_size) if result.fits else \
                x("extra", count=len(result.words), added=len(result.extra_cards), cards=cards)  # fmt: skip
            accents = [s for s, typed in zip(result.words, draft.words) if s != typed.lower()]
            extra = f"<br><small>{_e(x('shown', words=', '.join(accents)))}</small>" if accents else ""
            self.fit.value = f'<p class="myword-msg good">{_e(fit)}{extra}</p>'
        else:
            self.fit.value = ""
        return result

    def _clear_fixes(self) -> None:
        for widget in self._fix_buttons:
            widget.close()
        self._fix_buttons = []
        self.problems.children = []

    def show_problems(self, problems: Any) -> None:
        self._clear_fixes()
        lang = self.tab.panel.lang
        rows: list[w.Widget] = []
        for problem in problems:
            text = w.HTML(f'<p class="myword-msg bad">{_e(problem_text(problem, lang))}</p>')
            parts: list[w.Widget] = [text]
            for suggestion in problem.suggestions if problem.code == "unknown" else ():
                button = w.Button(description=suggestion, _dom_classes=["myword-suggestion"])
                button.on_click(lambda _b, i=problem.index, s=suggestion: self.fix(i, s))
                parts.append(button)
            row = w.HBox(parts, _dom_classes=["myword-row"])
            rows.append(row)
            self._fix_buttons += [*parts, row]
        self.problems.children = rows

    def fix(self, index: int, word: str) -> None:
        """Put a suggested word in place of the ``index``-th word (the check runs again)."""
        self.words.value = replace_word(self.words.value, index, word)
