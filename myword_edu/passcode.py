"""The teacher's passcode: a salted scrypt hash in the store, and a limit on wrong guesses.

- The passcode is never stored: only ``scrypt$N$r$p$salt$hash`` (standard
  library :func:`hashlib.scrypt`, a fresh 16-byte salt each time).
- First run: nobody has chosen a passcode yet. So that a student who finds
  the panel's address first cannot choose it, choosing one needs the one-time
  *setup code* that ``myword-edu serve`` prints in the teacher's terminal
  (``myword-edu passcode`` sets one directly, and resets a forgotten one).
- Wrong guesses are counted in the store, so opening a new page (a new kernel)
  does not reset the count: after :data:`FREE_TRIES` wrong codes in a row each
  further try must wait, 30 s doubling up to 15 minutes. A guess is counted
  *before* it is checked, so many pages guessing at once are all counted.

>>> stored = hash_passcode("tortuga-42", n=2**10)
>>> stored.startswith("scrypt$1024$8$1$"), "tortuga" in stored
(True, False)
>>> verify_passcode("tortuga-42", stored), verify_passcode("tortuga-43", stored)
(True, False)
>>> [lockout_seconds(n) for n in (4, 5, 6, 7, 20)]
[0.0, 30.0, 60.0, 120.0, 900.0]
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from typing import TYPE_CHECKING, Any, Callable

from .errors import MyWordError

if TYPE_CHECKING:
    from .store import Store

__all__ = [
    "PasscodeError",
    "LockedOutError",
    "TeacherAuth",
    "hash_passcode",
    "verify_passcode",
    "check_new_passcode",
    "lockout_seconds",
    "MIN_LENGTH",
    "MAX_LENGTH",
    "FREE_TRIES",
]

MIN_LENGTH = 6
MAX_LENGTH = 128
FREE_TRIES = 5
MAX_LOCKOUT = 900.0
PASSCODE_KEY = "teacher.passcode_hash"
SETUP_KEY = "teacher.setup_code_hash"
FAILURES_KEY = "teacher.failures"
LOCKED_KEY = "teacher.locked_until"


class PasscodeError(MyWordError, ValueError):
    """A passcode refused. ``reason``: ``wrong``, ``too_short``, ``too_long``, ``mismatch``,
    ``no_setup_code``, ``wrong_setup_code``, ``already_set``, ``not_set``."""

    def __init__(self, reason: str, message: str, **values: Any) -> None:
        self.reason = reason
        self.values = values
        super().__init__(message)


class LockedOutError(PasscodeError):
    """Too many wrong codes: ``seconds`` to wait before the next try."""

    def __init__(self, seconds: float) -> None:
        self.seconds = max(1, int(seconds + 0.999))
        super().__init__("locked", f"too many wrong codes: try again in {self.seconds} s", seconds=self.seconds)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def hash_passcode(code: str, *, salt: bytes | None = None, n: int = 2**14, r: int = 8, p: int = 1) -> str:
    """The salted scrypt hash of ``code`` as one string (what the store keeps)."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(code.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=32, maxmem=64 * 1024 * 1024)
    return f"scrypt${n}${r}${p}${_b64(salt)}${_b64(digest)}"


def verify_passcode(code: object, stored: str | None) -> bool:
    """Does ``code`` match the stored hash? (Constant-time comparison; False for anything malformed.)"""
    if not isinstance(code, str) or not stored or len(code) > MAX_LENGTH:
        return False
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        expected = base64.b64decode(digest)
        actual = hashlib.scrypt(code.encode("utf-8"), salt=base64.b64decode(salt), n=int(n), r=int(r), p=int(p),
                                dklen=len(expected), maxmem=64 * 1024 * 1024)  # fmt: skip
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(actual, expected)


def check_new_passcode(code: object, repeat: object) -> str:
    """A new passcode as typed twice; raises :class:`PasscodeError` saying what is wrong.

    >>> check_new_passcode("abc", "abc")
    Traceback (most recent call last):
    ...
    myword_edu.passcode.PasscodeError: a passcode needs at least 6 characters
    """
    if not isinstance(code, str) or len(code) < MIN_LENGTH:
        raise PasscodeError("too_short", f"a passcode needs at least {MIN_LENGTH} characters", min=MIN_LENGTH)
    if len(code) > MAX_LENGTH:
        raise PasscodeError("too_long", f"a passcode has at most {MAX_LENGTH} characters", max=MAX_LENGTH)
    if code != repeat:
        raise PasscodeError("mismatch", "the two passcodes are not the same")
    return code


def lockout_seconds(failures: int) -> float:
    """How long to wait after ``failures`` wrong codes in a row."""
    if failures < FREE_TRIES:
        return 0.0
    return min(MAX_LOCKOUT, 30.0 * 2 ** (failures - FREE_TRIES))


class TeacherAuth:
    """The passcode of the class in ``store``.

    Args:
        store: where the hash and the counters live.
        now: wall-clock seconds (shared by every kernel), replaceable in tests.
        kdf_n: scrypt's cost (tests lower it).
    """

    def __init__(self, store: "Store", *, now: Callable[[], float] = time.time, kdf_n: int = 2**14) -> None:
        self.store = store
        self.now = now
        self.kdf_n = kdf_n

    def has_passcode(self) -> bool:
        return bool(self.store.get_config(PASSCODE_KEY))

    def has_setup_code(self) -> bool:
        return bool(self.store.get_config(SETUP_KEY))

    def issue_setup_code(self) -> str | None:
        """A new one-time setup code (shown to whoever started the server), or None once a passcode is set."""
        if self.has_passcode():
            return None
        code = "-".join(f"{secrets.randbelow(10**4):04d}" for _ in range(2))
        self.store.set_config(SETUP_KEY, hash_passcode(code, n=self.kdf_n))
        return code

    def _count_try(self) -> None:
        """Count one try before checking it; raise :class:`LockedOutError` while locked."""
        now = self.now()
        refused: list[float] = []

        def change(values: dict[str, str | None]) -> dict[str, str | None]:
            locked_until = float(values[LOCKED_KEY] or 0)
            if locked_until > now:
                refused.append(locked_until - now)
                return {}
            failures = int(values[FAILURES_KEY] or 0) + 1
            wait = lockout_seconds(failures)
            return {FAILURES_KEY: str(failures), LOCKED_KEY: repr(now + wait) if wait else None}

        self.store.update_config([FAILURES_KEY, LOCKED_KEY], change)
        if refused:
            raise LockedOutError(refused[0])

    def _reset_tries(self) -> None:
        self.store.update_config([FAILURES_KEY, LOCKED_KEY], lambda _v: {FAILURES_KEY: None, LOCKED_KEY: None})

    def tries_left(self) -> int:
        return max(0, FREE_TRIES - int(self.store.get_config(FAILURES_KEY) or 0))

    def unlock(self, code: object) -> None:
        """Check the passcode; raises :class:`PasscodeError` (``wrong``) or :class:`LockedOutError`."""
        stored = self.store.get_config(PASSCODE_KEY)
        if not stored:
            raise PasscodeError("not_set", "no passcode has been chosen yet")
        self._count_try()
        if not verify_passcode(code, stored):
            raise PasscodeError("wrong", "that is not the passcode", tries_left=self.tries_left())
        self._reset_tries()

    def set_up(self, setup_code: object, new: object, repeat: object) -> None:
        """First run: choose the passcode, proving with the setup code that you started the server."""
        if self.has_passcode():
            raise PasscodeError("already_set", "a passcode has already been chosen")
        stored = self.store.get_config(SETUP_KEY)
        if not stored:
            raise PasscodeError("no_setup_code", "start the app with `myword-edu serve` to get a setup code")
        code = check_new_passcode(new, repeat)
        self._count_try()
        typed = "".join(ch for ch in setup_code if ch.isdigit()) if isinstance(setup_code, str) else ""
        if len(typed) != 8 or not verify_passcode(f"{typed[:4]}-{typed[4:]}", stored):
            raise PasscodeError("wrong_setup_code", "that is not the setup code", tries_left=self.tries_left())
        self._store_passcode(code)

    def change(self, old: object, new: object, repeat: object) -> None:
        """Change the passcode (the old one must be right)."""
        code = check_new_passcode(new, repeat)
        self.unlock(old)
        self._store_passcode(code)

    def reset(self, new: object, repeat: object) -> None:
        """Set a new passcode without the old one (the ``myword-edu passcode`` command, run by the server's owner)."""
        self._store_passcode(check_new_passcode(new, repeat))

    def _store_passcode(self, code: str) -> None:
        hashed = hash_passcode(code, n=self.kdf_n)
        self.store.update_config(
            [PASSCODE_KEY, SETUP_KEY, FAILURES_KEY, LOCKED_KEY],
            lambda _v: {PASSCODE_KEY: hashed, SETUP_KEY: None, FAILURES_KEY: None, LOCKED_KEY: None},
        )
