"""The teacher panel's Lessons tab: write a lesson from pasted words, and choose who plays which.

A teacher presses *New lesson*, types a title, picks the language and pastes
the week's words; every problem shows at once (checked again in Python by
:func:`myword_edu.myword.lesson_draft.check_draft`, whatever the page sent),
with the nearest real words as buttons that fix the word. *Save* writes a lesson
file into the teacher's own folder (created then). The teacher's lessons can be
edited, duplicated and deleted (after a second click); the shipped ones are
examples to duplicate. A lesson is used for the whole class, or for the
students picked in the list (a group), stored as each student's own lesson.
Files changed by hand are read again whenever the tab is opened.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from myword_edu.classroom.roster import UnknownStudentError
from myword_edu.core.errors import MyWordError
from myword_edu.core.resources import data_dir
from myword_edu.myword.lesson_draft import (
    DRAFT_DECKS,
    DraftCheck,
    DraftError,
    DraftProblem,
    LessonDraft,
    check_draft,
    delete_lesson_file,
    draft_from_lesson,
    parse_words,
    replace_word,
    save_draft,
)
from myword_edu.myword.lessons import BOTS_RANGE, ROUNDS_RANGE, Lesson, lesson_dirs
from myword_edu.myword.round import MIN_CARDS_RANGE
from myword_edu.ui.widgets.display import say

if TYPE_CHECKING:
    from myword_edu.ui.teacher.host import PanelHost

__all__ = ["LessonsTab", "problem_text"]

log = logging.getLogger(__name__)

#: Problems with the words themselves: while there is one, whether the words fit in a deck is not said.
WORD_PROBLEMS = ("no_words", "too_many", "not_letters", "unknown", "blocked", "twice", "too_short", "deck")
LESSONS_CSS = """
.myword-lessons-tab .myword-lesson-row { flex-shrink: 0; align-items: flex-start; gap: 10px; }
.myword-lessons-tab .myword-lesson-row > .widget-vbox { flex-shrink: 0; gap: 4px; }
.myword-lessons-tab .myword-draft-problems .myword-row { gap: 6px; }
.myword-lessons-tab button.myword-suggestion { background: #fff3b0; font-weight: 700; }
"""
PACES = (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 15.0, 20.0, 30.0)

_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "pick": "Lesson", "use_students": "Use for selected students", "use_class_lesson": "Back to the class lesson",
        "students": "Students", "students_help": "Pick students (Ctrl or Shift for many) to give a group its own list.",
        "given": "{count} student(s) now play: {title}.", "given_class": "{count} student(s) play the class lesson again.",
        "pick_first": "Pick at least one student first.", "pick_lesson": "Choose a lesson first.",
        "gone": "A picked student is no longer on the class list.", "new": "New lesson",
        "new_title": "New lesson", "edit_title": "Edit: {title}", "title": "Title", "lang": "Language",
        "words": "Words", "words_help": "Paste or type the words: commas, spaces or one per line (up to 24).",
        "check": "Check", "save": "Save", "cancel": "Cancel", "more": "More settings (optional)", "grade": "Grade",
        "description": "Description", "deck": "Deck", "deck.standard": "standard (71-72 cards, with wild cards)",
        "deck.junior": "ages 7+ (letters and QU only)", "deck.custom": "the file's own deck", "pace": "Seconds per card",
        "rounds": "Rounds", "min_cards": "Shortest word (cards)", "auto": "automatic", "bots": "Computer players",
        "edit": "Edit", "duplicate": "Duplicate", "delete": "Delete", "delete_confirm": "Click again to delete",
        "deleted": "Deleted: {title}.", "saved": "Saved: {title}. It is in the list below.", "copy": "{title} (copy)",
        "example": "example (read-only: duplicate it to change it)", "yours": "your lesson",
        "fits": "All {count} words fit in one deck at the same time ({cards} cards).",
        "extra": "All {count} words fit in one deck at the same time with these cards added: {cards} ({added} more).",
        "shown": "Shown with their accents: {words}.", "fix": "Fix:", "no_folder": "There is no folder for your own lessons here.",
        "cannot_save": "The lesson could not be saved: {detail}", "gone_lesson": "That lesson is no longer there.",
        "p.title": "Give the lesson a title (up to {count} characters).", "p.grade": "The grade has at most {count} characters.",
        "p.description": "The description has at most {count} characters.", "p.language": "Choose English or Spanish.",
        "p.no_words": "Type or paste the lesson's words.", "p.too_many": "A lesson has at most 24 words; this list has {count}.",
        "p.not_letters": "“{word}” is not a word of letters only.", "p.unknown": "“{word}” is not in the {language} word list.",
        "p.unknown_near": "“{word}”: did you mean {options}?", "p.blocked": "“{word}” cannot be used in class.",
        "p.twice": "“{word}” is in the list twice.",
        "p.too_short": "“{word}” takes only {count} cards; choose “Shortest word: {count}” or leave the word out.",
        "p.deck": "These words need {count} cards, more than one deck holds ({limit}): use fewer or shorter words.",
        "p.setting": "That value of {field} cannot be used.", "p.file": "{detail}", "or": "or",
    },
    "es": {
        "pick": "Lección", "use_students": "Usar para los alumnos elegidos", "use_class_lesson": "Volver a la lección de la clase",
        "students": "Alumnos", "students_help": "Elige alumnos (Ctrl o Mayús para varios) para dar a un grupo su propia lista.",
        "given": "{count} alumno(s) juegan ahora: {title}.", "given_class": "{count} alumno(s) vuelven a la lección de la clase.",
        "pick_first": "Elige antes al menos un alumno.", "pick_lesson": "Elige antes una lección.",
        "gone": "Un alumno elegido ya no está en la lista de la clase.", "new": "Nueva lección",
        "new_title": "Nueva lección", "edit_title": "Editar: {title}", "title": "Título", "lang": "Idioma",
        "words": "Palabras", "words_help": "Pega o escribe las palabras: con comas, espacios o una por línea (hasta 24).",
        "check": "Comprobar", "save": "Guardar", "cancel": "Cancelar", "more": "Más ajustes (opcionales)", "grade": "Curso",
        "description": "Descripción", "deck": "Mazo", "deck.standard": "estándar (71-72 cartas, con comodines)",
        "deck.junior": "7+ años (solo letras y QU)", "deck.custom": "el mazo propio del archivo", "pace": "Segundos por carta",
        "rounds": "Rondas", "min_cards": "Palabra más corta (cartas)", "auto": "automático", "bots": "Jugadores del ordenador",
        "edit": "Editar", "duplicate": "Duplicar", "delete": "Borrar", "delete_confirm": "Pulsa otra vez para borrar",
        "deleted": "Borrada: {title}.", "saved": "Guardada: {title}. Está en la lista de abajo.", "copy": "{title} (copia)",
        "example": "ejemplo (solo lectura: duplícalo para cambiarlo)", "yours": "tu lección",
        "fits": "Las {count} palabras caben a la vez en un mazo ({cards} cartas).",
        "extra": "Las {count} palabras caben a la vez en un mazo añadiendo estas cartas: {cards} ({added} más).",
        "shown": "Se muestran con su tilde: {words}.", "fix": "Corregir:", "no_folder": "Aquí no hay carpeta para tus propias lecciones.",
        "cannot_save": "No se pudo guardar la lección: {detail}", "gone_lesson": "Esa lección ya no está.",
        "p.title": "Ponle un título a la lección (hasta {count} caracteres).", "p.grade": "El curso tiene como mucho {count} caracteres.",
        "p.description": "La descripción tiene como mucho {count} caracteres.", "p.language": "Elige inglés o español.",
        "p.no_words": "Escribe o pega las palabras de la lección.", "p.too_many": "Una lección tiene como mucho 24 palabras; esta lista tiene {count}.",
        "p.not_letters": "«{word}» no es una palabra solo de letras.", "p.unknown": "«{word}» no está en la lista de palabras en {language}.",
        "p.unknown_near": "«{word}»: ¿querías decir {options}?", "p.blocked": "«{word}» no se puede usar en clase.",
        "p.twice": "«{word}» está dos veces en la lista.",
        "p.too_short": "«{word}» solo ocupa {count} cartas; elige «Palabra más corta: {count}» o quita la palabra.",
        "p.deck": "Estas palabras necesitan {count} cartas, más de las que caben en un mazo ({limit}): usa menos palabras o más cortas.",
        "p.setting": "Ese valor de {field} no se puede usar.", "p.file": "{detail}", "or": "o",
    },
}  # fmt: skip
_LANG_NAMES = {"en": {"en": "English", "es": "Spanish"}, "es": {"en": "inglés", "es": "español"}}


def _x(lang: str, key: str, **values: Any) -> str:
    template = _TEXT.get(lang, _TEXT["en"])[key]
    return template.format(**values) if values else template


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
        values["language"] = _LANG_NAMES.get(lang, _LANG_NAMES["en"]).get(problem.field, problem.field)
        if problem.suggestions:
            values["options"] = f" {_x(lang, 'or')} ".join(problem.suggestions)
            return _x(lang, "p.unknown_near", **values)
    key = f"p.{problem.code}"
    return _x(lang, key, **values) if key in _TEXT["en"] else str(problem)


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _drop(description: str, options: list[tuple[str, Any]], value: Any, width: str = "420px") -> w.Dropdown:
    drop = w.Dropdown(options=options, value=value, description=description, layout=w.Layout(width=width))
    drop.style.description_width = "170px"
    return drop


class LessonsTab:
    """Write, edit, duplicate and delete lessons; use one for the class or for picked students."""

    def __init__(self, panel: "PanelHost") -> None:
        self.panel = panel
        t, x = panel.t, self.x
        self.pick = _drop(x("pick"), [], None, "560px")
        self.use_button = w.Button(description=t("lessons.use"), _dom_classes=["myword-primary", "myword-use-lesson"])
        self.use_button.on_click(lambda _b: self.use(self.pick.value))
        self.message = w.HTML()
        self.students_pick = w.SelectMultiple(options=[], rows=6, description=x("students"), layout=w.Layout(width="560px"))
        self.students_pick.style.description_width = "170px"
        self.students_button = w.Button(description=x("use_students"), _dom_classes=["myword-primary", "myword-use-students"])
        self.students_button.on_click(lambda _b: self.use_for_students(self.students_pick.value, self.pick.value))
        self.class_lesson_button = w.Button(description=x("use_class_lesson"), _dom_classes=["myword-use-class-lesson"])
        self.class_lesson_button.on_click(lambda _b: self.use_for_students(self.students_pick.value, None))
        self.students_message = w.HTML()
        self.new_button = w.Button(description=x("new"), _dom_classes=["myword-primary", "myword-new-lesson"])
        self.new_button.on_click(lambda _b: self.open_editor(None))
        self.editor = LessonEditor(self)
        self.listing = w.VBox([], _dom_classes=["myword-lessons-list"])
        self.footer = w.HTML()
        choose = w.VBox([w.HTML(f"<p>{_e(t('lessons.intro'))}</p>"), w.HBox([self.pick, self.use_button]), self.message,
                         w.HTML(f"<p><small>{_e(x('students_help'))}</small></p>"), self.students_pick,
                         w.HBox([self.students_button, self.class_lesson_button]), self.students_message],
                        _dom_classes=["myword-card-box"])  # fmt: skip
        style = w.HTML(f"<style>{LESSONS_CSS}</style>")
        self.root = w.VBox([style, choose, w.HBox([self.new_button]), self.editor.root, self.listing, self.footer],
                           _dom_classes=["myword-lessons-tab"])  # fmt: skip
        self._row_widgets: list[w.Widget] = []
        self._deleting: str | None = None
        self.redraw()

    def x(self, key: str, **values: Any) -> str:
        return _x(self.panel.lang, key, **values)

    # -- where lessons live --------------------------------------------------------------
    def own_folder(self) -> Path | None:
        """The teacher's lessons folder: the library's first folder that is not the shipped one."""
        shipped = data_dir("lessons").resolve()
        for folder in self.panel.library.folders:
            if Path(folder).resolve() != shipped:
                return Path(folder)
        return None

    def is_own(self, lesson_id: str) -> bool:
        """Whether the lesson ``lesson_id`` is read from the teacher's own folder (else it is shipped)."""
        own = self.own_folder()
        for folder in self.panel.library.folders:
            if (Path(folder) / f"{lesson_id}.toml").is_file():
                return own is not None and Path(folder) == own
        return False

    # -- drawing ---------------------------------------------------------------------------
    def redraw(self) -> None:
        t, x = self.panel.t, self.x
        library = self.panel.library
        lessons = library.lessons()
        current = self.panel.store.class_info().lesson
        options = [(t("lesson.none"), "")] + [(f"{lesson.title} ({t('lang.' + lesson.lang)})", lesson.id) for lesson in lessons]
        keep = self.pick.value
        self.pick.options = options
        values = [v for _, v in options]
        self.pick.value = keep if keep in values and keep else current if current in values else ""
        self._draw_students(lessons)
        for widget in self._row_widgets:
            widget.close()
        self._row_widgets = []
        rows: list[w.Widget] = []
        for lesson in lessons:
            rows.append(self._row(lesson))
        if not lessons:
            rows.append(w.HTML(f"<p>{_e(t('lessons.none'))}</p>"))
        errors = library.errors()
        if errors:
            items = "".join(f"<li>{_e(str(error))}</li>" for error in errors)
            rows.append(w.HTML(f"<h2>{_e(t('lessons.problems'))}</h2><ul class=\"myword-problems\">{items}</ul>"))
        self._row_widgets += rows
        self.listing.children = rows
        folder = self.own_folder()
        self.footer.value = f"<p><small>{_e(t('lessons.folder', folder=folder or lesson_dirs()[0]))}</small></p>"

    def _row(self, lesson: Lesson) -> w.Widget:
        t, x = self.panel.t, self.x
        own = self.is_own(lesson.id)
        details = t("lessons.details", grade=lesson.grade or "-", deck=lesson.deck, pace=f"{lesson.pace:g}",
                    rounds=lesson.rounds, min_cards=lesson.min_cards)  # fmt: skip
        words = ", ".join(lesson.shown.get(f, f).upper() for f in lesson.focus)
        card = w.HTML(
            f'<div class="myword-lesson" data-lesson="{_e(lesson.id)}"><h3>{_e(lesson.title)} '
            f'<small>({_e(t("lang." + lesson.lang))} · {_e(x("yours" if own else "example"))})</small></h3>'
            f"<p>{_e(lesson.description)}</p><p><small>{_e(details)}</small></p>"
            f"<p><strong>{_e(t('lessons.focus'))}:</strong> {_e(words)}</p></div>",
            layout=w.Layout(flex="1 1 auto"),
        )
        buttons: list[w.Button] = []
        actions = (("edit", self.edit), ("duplicate", self.duplicate), ("delete", self.delete)) if own else (("duplicate", self.duplicate),)
        for name, action in actions:
            label = x("delete_confirm") if name == "delete" and self._deleting == lesson.id else x(name)
            button = w.Button(description=label, _dom_classes=[f"myword-lesson-{name}"] + (["myword-danger"] if name == "delete" else []))
            button.on_click(lambda _b, act=action, lesson_id=lesson.id: act(lesson_id))
            buttons.append(button)
        box = w.VBox(buttons)
        row = w.HBox([card, box], _dom_classes=["myword-lesson-row"])
        self._row_widgets += [card, box, *buttons]
        return row  # (closed with the others at the next redraw)

    def _draw_students(self, lessons: list[Lesson]) -> None:
        titles = {lesson.id: lesson.title for lesson in lessons}
        students = self.panel.store.students()
        chosen = [i for i in self.students_pick.value if i in {s.id for s in students}]
        class_lesson = self.panel.t("lesson.class")
        self.students_pick.options = [(f"{s.name} — {titles.get(s.lesson, s.lesson) if s.lesson else class_lesson}", s.id)
                                      for s in students]  # fmt: skip
        self.students_pick.value = tuple(chosen)

    def opened(self) -> None:
        """The tab was opened: read lesson files again (a file edited by hand shows its problems, or no longer)."""
        self.redraw()

    def refresh(self, *, roster: bool = False, lessons: bool = False, live: bool = False) -> None:
        if lessons or roster:
            self.redraw()

    # -- intents ----------------------------------------------------------------------------
    def use(self, lesson_id: object) -> bool:
        """Make ``lesson_id`` the class's lesson ("" for none)."""
        t = self.panel.t
        if lesson_id in ("", None):
            chosen = None
        else:
            lesson = self.panel.library.get(lesson_id)
            if lesson is None:
                return False
            chosen = lesson.id
        try:
            self.panel.store.update_class(lesson=chosen)
        except MyWordError as error:
            self.message.value = say(t("store.error", detail=str(error)), good=False)
            return False
        title = self.panel.library.get(chosen).title if chosen else ""
        self.message.value = say(t("lessons.saved", title=title) if chosen else t("lessons.cleared"), good=True)
        self.panel.changed(lessons=True)
        return True

    def use_for_students(self, student_ids: object, lesson_id: object) -> bool:
        """Give the picked students ``lesson_id`` as their own lesson (None: the class's lesson again)."""
        ids = [i for i in student_ids if isinstance(i, int) and not isinstance(i, bool)] if isinstance(student_ids, (list, tuple)) else []
        if not ids:
            self.students_message.value = say(self.x("pick_first"), good=False)
            return False
        lesson = None
        if lesson_id is not None:
            lesson = self.panel.library.get(lesson_id)
            if lesson is None:
                self.students_message.value = say(self.x("pick_lesson"), good=False)
                return False
        try:
            self.panel.store.update_students(ids, lesson=lesson.id if lesson else None)
        except UnknownStudentError:
            self.students_message.value = say(self.x("gone"), good=False)
            return False
        except MyWordError as error:
            self.students_message.value = say(self.panel.t("store.error", detail=str(error)), good=False)
            return False
        key, values = ("given", {"title": lesson.title}) if lesson else ("given_class", {})
        self.students_message.value = say(self.x(key, count=len(ids), **values), good=True)
        self.panel.changed(roster=True)
        return True

    def open_editor(self, draft: LessonDraft | None) -> None:
        self._deleting = None
        self.editor.open(draft)

    def edit(self, lesson_id: str) -> bool:
        lesson = self.panel.library.get(lesson_id)
        if lesson is None or not self.is_own(lesson_id):
            self.message.value = say(self.x("gone_lesson"), good=False)
            return False
        self.open_editor(draft_from_lesson(lesson))
        return True

    def duplicate(self, lesson_id: str) -> bool:
        lesson = self.panel.library.get(lesson_id)
        if lesson is None:
            self.message.value = say(self.x("gone_lesson"), good=False)
            return False
        draft = draft_from_lesson(lesson, copy=True)
        self.open_editor(replace(draft, title=self.x("copy", title=lesson.title)[:80]))
        return True

    def delete(self, lesson_id: str) -> bool:
        """Delete one of the teacher's lessons: the first click asks, the second deletes."""
        lesson = self.panel.library.get(lesson_id)
        folder = self.own_folder()
        if lesson is None or folder is None or not self.is_own(lesson_id):
            self.message.value = say(self.x("gone_lesson"), good=False)
            return False
        if self._deleting != lesson_id:
            self._deleting = lesson_id
            self.redraw()
            return False
        self._deleting = None
        delete_lesson_file(folder, lesson_id)
        self.message.value = say(self.x("deleted", title=lesson.title), good=True)
        self.panel.changed(lessons=True)
        return True

    def save(self, draft: LessonDraft) -> Lesson | None:
        """Write ``draft`` into the teacher's folder; None (and the problems shown) if it cannot be."""
        folder = self.own_folder()
        if folder is None:
            self.editor.message.value = say(self.x("no_folder"), good=False)
            return None
        if draft.lesson_id is not None and not self.is_own(draft.lesson_id):
            draft = replace(draft, lesson_id=None)
        library = self.panel.library
        taken = [lesson.id for lesson in library.lessons()] + [e.name.removesuffix(".toml") for e in library.errors()]
        try:
            lesson = save_draft(draft, folder, taken=taken, lexicons=self.editor.lexicons)
        except DraftError as error:
            self.editor.show_problems(error.problems)
            return None
        except (OSError, MyWordError) as error:
            log.warning("cannot save a lesson in %s: %s", folder, error)
            self.editor.message.value = say(self.x("cannot_save", detail=str(error)), good=False)
            return None
        self.editor.close()
        self.message.value = say(self.x("saved", title=lesson.title), good=True)
        self.panel.changed(lessons=True)
        if lesson.id in [v for _, v in self.pick.options]:
            self.pick.value = lesson.id
        return lesson


class LessonEditor:
    """The form for one lesson: title, language, words, and the optional settings."""

    def __init__(self, tab: LessonsTab, *, lexicons: Any = None) -> None:
        self.tab = tab
        x, t = tab.x, tab.panel.t
        from myword_edu.lexicon.wordlist import load_lexicon

        self.lexicons = lexicons or load_lexicon
        self.heading = w.HTML()
        self.title = w.Text(description=x("title"), layout=w.Layout(width="560px"), _dom_classes=["myword-lesson-title"])
        self.lang = _drop(x("lang"), [(t("lang.en"), "en"), (t("lang.es"), "es")], "en")
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
        self.deck = _drop(x("deck"), [(x(f"deck.{d}"), d) for d in DRAFT_DECKS], "standard")
        self.pace = _drop(x("pace"), [(f"{p:g}", p) for p in PACES], 4.0)
        self.rounds = _drop(x("rounds"), [(str(n), n) for n in ROUNDS_RANGE], 2)
        self.min_cards = _drop(x("min_cards"), [(x("auto"), 0)] + [(str(n), n) for n in MIN_CARDS_RANGE], 0)
        self.bots = _drop(x("bots"), [(str(n), n) for n in BOTS_RANGE], 1)
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
