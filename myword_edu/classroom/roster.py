"""The class: students, their settings, and the roster a teacher imports.

Plain values with no storage: :class:`StudentSettings` (minimum cards,
language, variant, robot level, listening), :class:`Student`, name checks, and
:func:`parse_roster` which reads a roster CSV (or a pasted list of names) and
reports *every* bad row with its line number, so nothing is half-imported.

>>> StudentSettings(min_cards=4, lang="ES")
StudentSettings(min_cards=4, lang='es', variant='standard', bot_level='easy', listen=False, listen_slow=False)
>>> clean_name("  Ana   María ")
'Ana María'
>>> [row.name for row in parse_roster("name,min cards\\nAna,4\\nBen,\\n").rows]
['Ana', 'Ben']
"""

from __future__ import annotations

import csv
import io
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping

from myword_edu.core.levels import Level, parse_level
from myword_edu.core.errors import MyWordError
from myword_edu.myword.values import MIN_CARDS_RANGE, NAME_MAX_LENGTH
from myword_edu.myword.variant import Variant, parse_variant
from myword_edu.core.text import parse_lang

__all__ = [
    "StudentSettings",
    "SETTING_KEYS",
    "parse_flag",
    "Student",
    "NameError_",
    "RosterProblem",
    "RosterError",
    "RosterRow",
    "Roster",
    "clean_name",
    "name_key",
    "parse_roster",
    "decode_upload",
    "MAX_ROSTER_BYTES",
    "MAX_STUDENTS",
    "ClassInfo",
    "UnknownStudentError",
]

#: The largest roster file the panel accepts (a class list is a few kB).
MAX_ROSTER_BYTES = 256 * 1024
#: The most students in one class.
MAX_STUDENTS = 200
#: A student's settings, as stored (one column each).
SETTING_KEYS = ("min_cards", "lang", "variant", "bot_level", "listen", "listen_slow")


def _min_cards(value: object) -> int:
    if isinstance(value, bool):
        raise ValueError(f"minimum cards must be {MIN_CARDS_RANGE.start} to {MIN_CARDS_RANGE.stop - 1}, not {value!r}")
    try:
        number = int(str(value).strip()) if not isinstance(value, int) else value
    except ValueError:
        number = -1
    if number not in MIN_CARDS_RANGE:
        raise ValueError(f"minimum cards must be {MIN_CARDS_RANGE.start} to {MIN_CARDS_RANGE.stop - 1}, not {value!r}")
    return number


_YES = frozenset({"yes", "y", "on", "true", "1", "sí", "si", "s", "x"})
_NO = frozenset({"no", "n", "off", "false", "0", ""})


def parse_flag(value: object, what: str = "a setting") -> bool:
    """A yes/no setting from a bool, 0/1 or a word (English or Spanish); ``ValueError`` otherwise.

    >>> parse_flag("Sí"), parse_flag(0), parse_flag("off")
    (True, False, False)
    >>> parse_flag("maybe", "listening")
    Traceback (most recent call last):
    ...
    ValueError: listening must be yes or no, not 'maybe'
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    word = " ".join(str(value).split()).lower() if isinstance(value, str) else None
    if word in _YES:
        return True
    if word in _NO:
        return False
    raise ValueError(f"{what} must be yes or no, not {value!r}")


@dataclass(frozen=True)
class StudentSettings:
    """What the teacher sets per student; every value is checked (``ValueError`` if wrong).

    >>> StudentSettings(variant="ages 7", bot_level="Hard").variant
    'junior'
    >>> StudentSettings(min_cards=7)
    Traceback (most recent call last):
    ...
    ValueError: minimum cards must be 2 to 6, not 7
    """

    min_cards: int = 3
    lang: str = "en"
    variant: str = Variant.STANDARD.value
    bot_level: str = Level.EASY.value
    listen: bool = False  # the listening games: the app says a focus word, the student builds it
    listen_slow: bool = False  # words the app says are said slowly at first (a second time: normal speed)

    def __post_init__(self) -> None:
        object.__setattr__(self, "min_cards", _min_cards(self.min_cards))
        object.__setattr__(self, "lang", parse_lang(self.lang).value)
        object.__setattr__(self, "variant", parse_variant(self.variant).value)
        object.__setattr__(self, "bot_level", parse_level(self.bot_level).value)
        object.__setattr__(self, "listen", parse_flag(self.listen, "listening"))
        object.__setattr__(self, "listen_slow", parse_flag(self.listen_slow, "slow speech"))

    def with_changes(self, **changes: Any) -> "StudentSettings":
        """A copy with some values changed (``None`` values are left as they are)."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})

    def to_dict(self) -> dict[str, Any]:
        return {"min_cards": self.min_cards, "lang": self.lang, "variant": self.variant, "bot_level": self.bot_level,
                "listen": self.listen, "listen_slow": self.listen_slow}  # fmt: skip

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> "StudentSettings":
        """Settings from stored data; unknown keys are ignored, bad values fall back to defaults."""
        default = cls()
        values: dict[str, Any] = {}
        for key in SETTING_KEYS:
            if data and key in data:
                try:
                    replace(default, **{key: data[key]})
                except (ValueError, MyWordError):
                    continue
                values[key] = data[key]
        return replace(default, **values)


@dataclass(frozen=True)
class Student:
    """A student on the roster. ``lesson`` is a lesson id (None: the class's lesson)."""

    id: int
    name: str
    settings: StudentSettings = field(default_factory=StudentSettings)
    lesson: str | None = None


class NameError_(MyWordError, ValueError):
    """A student name that cannot be used. ``reason``: ``empty``, ``too_long``, ``control``, ``taken``."""

    def __init__(self, name: str, reason: str) -> None:
        self.name = name
        self.reason = reason
        text = {
            "empty": "a student needs a name",
            "too_long": f"a name has at most {NAME_MAX_LENGTH} characters",
            "control": "a name cannot hold control characters (tabs, line breaks...)",
            "taken": f"there is already a student called {name!r}",
        }[reason]
        super().__init__(text)


def clean_name(text: object) -> str:
    """A student's name as stored: NFC, spaces collapsed; raises :class:`NameError_` if unusable.

    Any printable text is a name (it is always shown as text and exported
    neutralised), but not an empty one, a very long one, or one with control
    characters.

    >>> clean_name("<img src=x>")
    '<img src=x>'
    >>> clean_name("a\\tb")
    Traceback (most recent call last):
    ...
    myword_edu.classroom.roster.NameError_: a name cannot hold control characters (tabs, line breaks...)
    """
    if not isinstance(text, str):
        raise NameError_(repr(text), "empty")
    nfc = unicodedata.normalize("NFC", text)
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") and ch != " " for ch in nfc):
        raise NameError_(nfc, "control")
    name = " ".join(nfc.split())
    if not name:
        raise NameError_(name, "empty")
    if len(name) > NAME_MAX_LENGTH:
        raise NameError_(name[:NAME_MAX_LENGTH] + "…", "too_long")
    return name


def name_key(name: str) -> str:
    """The form names are compared in (two students cannot share it): casefolded NFC.

    >>> name_key("ANA") == name_key("ana")
    True
    """
    return unicodedata.normalize("NFC", " ".join(name.split())).casefold()


# -- roster import -------------------------------------------------------------
@dataclass(frozen=True)
class RosterProblem:
    """One bad row: ``line`` (1-based, in the file), ``code`` (a catalog key suffix) and values."""

    line: int
    code: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        detail = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"line {self.line}: {self.code}" + (f" ({detail})" if detail else "")


class RosterError(MyWordError, ValueError):
    """A roster with problems; ``problems`` lists every one (nothing was imported)."""

    def __init__(self, problems: Iterable[RosterProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class RosterRow:
    """A good row: the name and the settings the file gives (None: the class default)."""

    line: int
    name: str
    min_cards: int | None = None
    lang: str | None = None
    variant: str | None = None
    bot_level: str | None = None
    listen: bool | None = None

    def settings(self, defaults: StudentSettings) -> StudentSettings:
        return defaults.with_changes(
            min_cards=self.min_cards, lang=self.lang, variant=self.variant, bot_level=self.bot_level, listen=self.listen
        )


@dataclass(frozen=True)
class Roster:
    rows: tuple[RosterRow, ...]


_HEADERS = {
    "name": "name", "names": "name", "student": "name", "nombre": "name", "alumno": "name", "alumna": "name",
    "estudiante": "name", "full name": "name", "nombre completo": "name",
    "min cards": "min_cards", "min_cards": "min_cards", "minimum cards": "min_cards", "min": "min_cards",
    "mínimo de cartas": "min_cards", "minimo de cartas": "min_cards", "cartas mínimas": "min_cards",
    "mínimo": "min_cards", "minimo": "min_cards",
    "language": "lang", "lang": "lang", "idioma": "lang", "lengua": "lang",
    "variant": "variant", "variante": "variant", "rules": "variant", "reglas": "variant",
    "robot level": "bot_level", "bot level": "bot_level", "bot_level": "bot_level", "level": "bot_level",
    "computer level": "bot_level", "nivel": "bot_level", "nivel de los robots": "bot_level", "nivel robots": "bot_level",
    "listen": "listen", "listening": "listen", "escuchar": "listen", "escucha": "listen",
}  # fmt: skip
_LANG_WORDS = {"english": "en", "inglés": "en", "ingles": "en", "spanish": "es", "español": "es",
               "espanol": "es", "castellano": "es"}  # fmt: skip
_LEVEL_WORDS = {"fácil": "easy", "facil": "easy", "medio": "medium", "difícil": "hard", "dificil": "hard"}


def decode_upload(data: bytes) -> str:
    """Text from an uploaded file: UTF-8 (with or without BOM), else Windows-1252 (Excel's "CSV").

    >>> decode_upload("Peña".encode("cp1252")), decode_upload("\\ufeffPeña".encode("utf-8"))
    ('Peña', 'Peña')
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _dialect(text: str) -> type[csv.Dialect] | csv.Dialect:
    sample = "\n".join(text.splitlines()[:20])
    if not any(sep in sample for sep in ",;\t"):
        return csv.excel
    try:
        return csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        return csv.excel


def parse_roster(text: str, *, existing: Iterable[str] = ()) -> Roster:
    """Read a roster: a CSV with a header row (``name``, optional ``min cards``, ``language``,
    ``variant``, ``robot level``, ``listening`` yes/no; English or Spanish headers), or just one name per line.

    Comma, semicolon or tab separated. Every problem is collected and raised
    together in a :class:`RosterError` with its line number; ``existing``
    names (the roster now) count as taken.

    >>> parse_roster("nombre;idioma\\nAna;español\\nAna;inglés\\n;en\\nLuis;fr")
    Traceback (most recent call last):
    ...
    myword_edu.classroom.roster.RosterError: line 3: duplicate_name (name='Ana', first=2); line 4: empty_name; line 5: bad_lang (value='fr')
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    reader = csv.reader(io.StringIO(text, newline=""), _dialect(text))
    problems: list[RosterProblem] = []
    rows: list[RosterRow] = []
    columns: list[str | None] | None = None
    seen: dict[str, int] = {}
    taken = {name_key(n) for n in existing}
    line = 1
    try:
        for record in reader:
            start, line = line, reader.line_num + 1
            cells = [c.strip() for c in record]
            if not any(cells):
                continue
            if columns is None:
                heads = [_HEADERS.get(" ".join(c.lower().replace("_", " ").split())) for c in cells]
                if heads[0] is not None or any(h == "name" for h in heads):
                    if "name" not in heads:
                        problems.append(RosterProblem(start, "no_name_column"))
                        return _raise(problems)
                    columns = heads
                    for cell, head in zip(cells, heads):
                        if head is None and cell:
                            problems.append(RosterProblem(start, "unknown_column", {"value": cell}))
                    continue
                columns = ["name"]
            row = _row(start, cells, columns, problems)
            if row is None:
                continue
            key = name_key(row.name)
            if key in seen:
                problems.append(RosterProblem(start, "duplicate_name", {"name": row.name, "first": seen[key]}))
            elif key in taken:
                problems.append(RosterProblem(start, "name_taken", {"name": row.name}))
            else:
                seen[key] = start
                rows.append(row)
    except csv.Error as error:
        problems.append(RosterProblem(line, "bad_csv", {"detail": str(error)}))
    if not rows and not problems:
        problems.append(RosterProblem(1, "no_students"))
    if len(rows) + len(taken) > MAX_STUDENTS:
        problems.append(RosterProblem(1, "too_many", {"max": MAX_STUDENTS}))
    if problems:
        _raise(problems)
    return Roster(tuple(rows))


def _raise(problems: list[RosterProblem]) -> Roster:
    raise RosterError(problems)


def _row(line: int, cells: list[str], columns: list[str | None], problems: list[RosterProblem]) -> RosterRow | None:
    values: dict[str, Any] = {}
    bad = False
    if len(cells) > len(columns) and any(cells[len(columns):]):
        problems.append(RosterProblem(line, "too_many_cells", {"expected": len(columns), "found": len(cells)}))
        bad = True
    for cell, column in zip(cells, columns):
        if column is None:
            continue
        if column == "name":
            try:
                values["name"] = clean_name(cell)
            except NameError_ as error:
                if error.reason == "empty":
                    problems.append(RosterProblem(line, "empty_name"))
                else:
                    problems.append(RosterProblem(line, f"{error.reason}_name", {"name": cell[: NAME_MAX_LENGTH + 1]}))
                bad = True
            continue
        if not cell:
            continue
        try:
            if column == "min_cards":
                values[column] = _min_cards(cell)
            elif column == "lang":
                values[column] = parse_lang(_LANG_WORDS.get(cell.lower(), cell)).value
            elif column == "variant":
                values[column] = parse_variant(cell).value
            elif column == "bot_level":
                values[column] = parse_level(_LEVEL_WORDS.get(cell.lower(), cell)).value
            elif column == "listen":
                values[column] = parse_flag(cell)
        except (ValueError, MyWordError):
            problems.append(RosterProblem(line, f"bad_{column}", {"value": cell}))
            bad = True
    if "name" not in values and not bad:
        problems.append(RosterProblem(line, "empty_name"))
        return None
    if bad:
        return None
    return RosterRow(line, **values)


@dataclass(frozen=True)
class ClassInfo:
    """A class: its name, the settings new students get, its join code and lesson (None: no code, no lesson)."""

    id: int
    name: str
    defaults: StudentSettings = field(default_factory=StudentSettings)
    join_code: str | None = None
    lesson: str | None = None


class UnknownStudentError(MyWordError, LookupError):
    """A student id that is not (or no longer) on the roster."""

    def __init__(self, student_id: object) -> None:
        self.student_id = student_id
        super().__init__(f"no student with id {student_id!r} on the roster")
