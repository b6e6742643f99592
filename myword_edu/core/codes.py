"""Join codes: the one scheme for a live room's code and a class's join code.

A code is :data:`CODE_LENGTH` characters of :data:`CODE_ALPHABET`, letters and
digits a child cannot mistake for one another when copying from the board (no
0/O, 1/I, 2/Z, 5/S, 8/B). A typed code is compared after
:func:`normalise_code`: upper case, anything but letters and digits dropped
(spaces, dashes, dots), full-width and other compatibility forms read as plain
letters, and each look-alike read as the letter it stands for (0 as O, 1 as I,
2 as Z, 5 as S, 8 as B). No code made from the alphabet contains a look-alike,
so a new code normalises to itself; codes made by earlier releases (a class's
code could hold B and 8) still open: :func:`codes_match` normalises both sides.

>>> normalise_code(" k7q-xm "), normalise_code("ｋ７ｑｘｍ"), normalise_code("A8-5Z")
('K7QXM', 'K7QXM', 'ABSZ')
>>> codes_match("B8XY2", "bbxyz"), codes_match("K7QXM", "K7QXN"), codes_match(None, "K7QXM")
(True, False, False)
"""

from __future__ import annotations

import hmac
import secrets
import unicodedata

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "new_code", "normalise_code", "codes_match"]

#: The characters of a new code: no two that look alike.
CODE_ALPHABET = "ACDEFGHJKLMNPQRTUVWXY34679"
#: How long a new code is (26 ** 5: about 11.9 million codes).
CODE_LENGTH = 5
#: The most characters of a typed code that are read (a stored code is at most 20).
MAX_TYPED = 20
#: Look-alikes read as the letter they stand for.
_LOOK_ALIKES = str.maketrans({"0": "O", "1": "I", "2": "Z", "5": "S", "8": "B"})


def new_code() -> str:
    """A fresh code a child can copy from the board.

    >>> code = new_code(); len(code), set(code) <= set(CODE_ALPHABET), normalise_code(code) == code
    (5, True, True)
    """
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: object) -> str:
    """A code as typed, as it is compared: upper case, letters and digits only, look-alikes read as letters
    ("" for anything that is not text).

    >>> normalise_code(" ab-c d7 "), normalise_code("0l1"), normalise_code(None)
    ('ABCD7', 'OLI', '')
    """
    if not isinstance(text, str):
        return ""
    plain = unicodedata.normalize("NFKC", text[: MAX_TYPED * 4]).upper()
    return "".join(ch for ch in plain if ch.isascii() and ch.isalnum()).translate(_LOOK_ALIKES)[:MAX_TYPED]


def codes_match(stored: str | None, typed: object) -> bool:
    """Is ``typed`` the ``stored`` code (both normalised; compared in constant time)? False with no code."""
    if not stored:
        return False
    return hmac.compare_digest(normalise_code(stored).encode(), normalise_code(typed).encode())
