"""Optional sign-in for students: a picture password of 3 pictures out of 9, off by default.

Why pictures and not a PIN: the youngest players are 7. Tapping three big
pictures they know ("sun, star, flower") is easier to remember, to read off a
printed card and to hit on a tablet than typing digits, and it does not need
a keyboard. 9 pictures, 3 taps in order: 729 sequences (the teacher's panel
hands out 3 different pictures, 504 of them), a little less than a 3-digit
PIN. The threat is a classmate trying names, not an offline attack, so what
keeps guessing slow is the wait after wrong tries (:class:`Throttle`, per
page: one student's guesses never lock another out) and that a seat already
in use cannot be taken anyway (:mod:`myword_edu.classroom.presence`).

- The teacher turns it on in the panel's Class tab (``classes.sign_in``) and
  gives new pictures to the class or to one student (:func:`give_pictures`);
  the sequence is shown once, on a sheet to print and cut
  (:func:`picture_sheet_html`), and only its salted scrypt hash is stored
  (:func:`myword_edu.classroom.hashes.hash_passcode`, ``students.sign_in_hash``).
- A student page shows the same 9 pictures to everyone; the taps go to Python,
  which checks them (:func:`check_pictures`). Nothing secret is ever in a page.

>>> from myword_edu.classroom.store import Store
>>> store = Store.open("sqlite://", fresh=True)
>>> ana = store.add_student("Ana")
>>> sign_in_mode(store)
<SignIn.OFF: 'off'>
>>> [(student.name, len(pictures)) for student, pictures in give_pictures(store, [ana.id], kdf_n=2**10)]
[('Ana', 3)]
>>> check_pictures(store, ana.id, [9, 9, 9])
False
>>> picture_names((0, 2, 4), "es")
'sol, estrella, flor'
"""

from __future__ import annotations

import secrets
from enum import Enum
from html import escape
from typing import Any, Callable, Iterable, Sequence

import sqlalchemy as sa

from myword_edu.classroom import schema as t
from myword_edu.classroom.roster import Student
from myword_edu.i18n.classroom import text
from myword_edu.classroom.hashes import hash_passcode, verify_passcode

__all__ = ["SignIn", "PICTURES", "LENGTH", "Throttle", "sign_in_mode", "set_sign_in_mode", "give_pictures",
           "has_pictures", "students_without_pictures", "check_pictures", "picture_names", "picture_sheet_html"]  # fmt: skip


class SignIn(Enum):
    """How a student proves who they are after picking their name."""

    OFF = "off"
    PICTURES = "pictures"


#: The 9 pictures: (symbol, English, Spanish). The order is the page's 3x3 grid. Symbols from
#: Unicode's Miscellaneous Symbols and Dingbats, not emoji: common fonts (DejaVu Sans on a lab PC,
#: Noto on a Chromebook) draw them, so they show offline and print on any machine; the word is
#: written under each one anyway.
PICTURES: tuple[tuple[str, str, str], ...] = (
    ("☀", "sun", "sol"), ("☾", "moon", "luna"), ("★", "star", "estrella"),
    ("♥", "heart", "corazón"), ("✿", "flower", "flor"), ("☂", "umbrella", "paraguas"),
    ("✈", "plane", "avión"), ("♫", "music", "música"), ("☎", "phone", "teléfono"),
)  # fmt: skip
#: How many pictures a password has.
LENGTH = 3


def _secret_text(picks: Sequence[int]) -> str:
    return "pictures:" + "-".join(str(int(p)) for p in picks)


def picture_names(picks: Sequence[int], lang: str) -> str:
    """The pictures as words, in order."""
    column = 2 if lang == "es" else 1
    return ", ".join(PICTURES[p][column] for p in picks)


def sign_in_mode(store: Any) -> SignIn:
    """The class's setting (off unless the teacher turned it on)."""
    with store.reading() as conn:
        value = conn.scalar(sa.select(t.classes.c.sign_in).where(t.classes.c.id == store.class_id()))
    try:
        return SignIn(value)
    except ValueError:
        return SignIn.OFF


def set_sign_in_mode(store: Any, mode: SignIn) -> None:
    with store.transaction() as conn:
        conn.execute(sa.update(t.classes).where(t.classes.c.id == store.class_id()).values(sign_in=SignIn(mode).value))


def give_pictures(store: Any, student_ids: Iterable[int], *, kdf_n: int = 2**14,
                  choose: Callable[[int], int] = secrets.randbelow) -> list[tuple[Student, tuple[int, ...]]]:  # fmt: skip
    """New picture passwords (3 different pictures each) for these students; only the hashes are kept.

    Returns each student with their pictures, to print now: they cannot be read back later.
    """
    given = []
    for student_id in dict.fromkeys(student_ids):
        student = store.student(student_id)  # raises UnknownStudentError
        left = list(range(len(PICTURES)))
        picks = tuple(left.pop(choose(len(left))) for _ in range(LENGTH))
        given.append((student, picks, hash_passcode(_secret_text(picks), n=kdf_n)))
    with store.transaction() as conn:
        for student, _picks, hashed in given:
            conn.execute(sa.update(t.students).where(t.students.c.id == student.id).values(sign_in_hash=hashed))
    return [(student, picks) for student, picks, _hashed in given]


def _hash_of(store: Any, student_id: int) -> str | None:
    with store.reading() as conn:
        return conn.scalar(sa.select(t.students.c.sign_in_hash).where(t.students.c.id == student_id))


def has_pictures(store: Any, student_id: int) -> bool:
    return bool(_hash_of(store, student_id))


def students_without_pictures(store: Any) -> list[Student]:
    """Students on the class list who have no picture password yet."""
    return [s for s in store.students() if not has_pictures(store, s.id)]


def check_pictures(store: Any, student_id: int, picks: object) -> bool:
    """Are these the student's pictures? (False for anything malformed, or no password.)"""
    if not isinstance(picks, (list, tuple)) or len(picks) != LENGTH:
        return False
    if not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < len(PICTURES) for p in picks):
        return False
    return verify_passcode(_secret_text(picks), _hash_of(store, student_id))


class Throttle:
    """Wrong tries on one page: after ``free`` wrong tries in a row, a wait of ``wait`` seconds
    that doubles with each further wrong try, up to ``longest``. ``now``: a monotonic clock.

    >>> clock = iter([0, 1, 16]).__next__
    >>> throttle = Throttle(now=clock, free=3, wait=15)
    >>> [throttle.wrong() for _ in range(3)], throttle.wait_left()
    ([0.0, 0.0, 15.0], 14.0)
    >>> throttle.wait_left()
    0.0
    """

    def __init__(self, *, now: Callable[[], float], free: int = 3, wait: float = 15.0, longest: float = 120.0) -> None:
        self.now, self.free, self.wait, self.longest = now, free, wait, longest
        self.failures = 0
        self.until = 0.0

    def wait_left(self) -> float:
        """Seconds to wait before the next try (0: go ahead)."""
        return max(0.0, float(self.until - self.now()))

    def wrong(self) -> float:
        """Count a wrong try; returns the wait it starts (0 while tries are free)."""
        self.failures += 1
        if self.failures < self.free:
            return 0.0
        seconds = float(min(self.longest, self.wait * 2 ** (self.failures - self.free)))
        self.until = self.now() + seconds
        return seconds

    def right(self) -> None:
        self.failures, self.until = 0, 0.0


def picture_sheet_html(given: Sequence[tuple[Student, Sequence[int]]], lang: str, class_name: str = "") -> str:
    """A page to print: one card per student with their name and their 3 pictures in order (no outside assets).

    >>> from myword_edu.classroom.roster import StudentSettings
    >>> html = picture_sheet_html([(Student(1, "<b>Ana</b>", StudentSettings(), None), (0, 2, 4))], "en")
    >>> "&lt;b&gt;Ana&lt;/b&gt;" in html and "star" in html and "<script" not in html
    True
    """
    words = {key: text(lang if lang in ("en", "es") else "en", f"sheet.{key}") for key in ("title", "help", "class")}
    column = 2 if lang == "es" else 1
    cards = []
    for student, picks in given:
        pictures = "".join(
            f"<div class='pic'><span class='n'>{n}</span><span class='sym'>{PICTURES[p][0]}</span>"
            f"<span class='word'>{escape(PICTURES[p][column])}</span></div>"
            for n, p in enumerate(picks, 1)
        )
        cards.append(f"<div class='card'><h2>{escape(student.name)}</h2><div class='pics'>{pictures}</div></div>")
    heading = escape(words["title"]) + (f" · {escape(words['class'])}: {escape(class_name)}" if class_name else "")
    return (
        f"<!DOCTYPE html><html lang='{escape(lang)}'><head><meta charset='utf-8'><title>{escape(words['title'])}</title>"
        "<style>body{font-family:system-ui,'DejaVu Sans',Arial,sans-serif;margin:12mm}"
        ".cards{display:flex;flex-wrap:wrap;gap:6mm}.card{border:2px dashed #888;border-radius:4mm;padding:4mm;"
        "width:80mm;break-inside:avoid}.card h2{margin:0 0 3mm;font-size:20pt}.pics{display:flex;gap:3mm}"
        ".pic{display:flex;flex-direction:column;align-items:center;border:1px solid #ccc;border-radius:3mm;"
        "padding:2mm;width:22mm}.sym{font-size:28pt}.word{font-size:12pt}.n{font-size:10pt;color:#555}"
        "@media print{.help{display:none}}</style></head><body>"
        f"<h1>{heading}</h1><p class='help'>{escape(words['help'])}</p><div class='cards'>{''.join(cards)}</div>"
        "</body></html>"
    )
