"""The teacher's passcode: a salted scrypt hash in the store, and limits on guessing it.

Threat model. Students can open the teacher panel's address (it is served next
to their app) and type into it: from many pages and tabs, from private windows,
with forged widget events; a few can script it. They cannot read the server's
terminal or the class database. What is protected: the panel, and so every
student's data, opens only with the passcode, the first-run *setup code* or a
one-time *unlock code* (both printed on the server); and no student can keep
the teacher out.

- The passcode is never stored: only ``scrypt$N$r$p$salt$hash`` (standard
  library :func:`hashlib.scrypt`, a fresh 16-byte salt each time; see
  :mod:`myword_edu.classroom.hashes`); codes too.
  Everything is compared in constant time (:func:`hmac.compare_digest`).
- First run: nobody has chosen a passcode yet. So that a student who finds the
  panel's address first cannot choose it, choosing one needs the setup code
  that ``myword-edu serve`` (or ``myword-edu unlock``) prints. Every server on
  the database prints its own, and each stays valid, from any server, until a
  passcode is chosen (the last :data:`MAX_SETUP_CODES` are kept).
- Every try is counted in the store *before* it is checked, so a new page (a
  new kernel), another server, or many pages at once are all counted:

  * per **device**: a browser, known by a random cookie that ``myword-edu
    serve`` sets (:mod:`myword_edu.server.device`). After :data:`FREE_TRIES` wrong
    tries in a row each further try waits, 30 s doubling up to 15 minutes
    (:func:`~myword_edu.classroom.guess_limits.lockout_seconds`), for that browser only: one student's guesses do
    not lock the teacher's page. On a JupyterHub each user is a device; other
    pages without one (a plain Voila) share one count.
  * per **class**: a private window is a new device, so the device's wait alone
    does not bound guessing. Devices that have not opened the panel before share
    :data:`CLASS_BURST` tries, refilled at :data:`CLASS_PER_HOUR` an hour. A
    device that has opened it (the last :data:`MAX_KNOWN` such browsers, for
    :data:`KNOWN_DAYS` days) is held only by its own wait, so a flood of new
    devices does not keep the teacher's own browser out.

- The arithmetic (:func:`~myword_edu.classroom.guess_limits.max_guesses_per_year`; the limits are
  :mod:`myword_edu.classroom.guess_limits`): new devices get at most
  60 + 30 x 8766 = 263,040 tries a year; a remembered device guessing without
  a pause gets 5 at once, 5 more in 15 minutes, then one every 15 minutes:
  35,072 a year, 280,576 for all 8. That is at most 543,616 tries a year, about
  one a minute. Finding an 8-character passcode of digits only (10^8) takes
  184 years at that rate, of lowercase letters (26^8) 384,000 years, of
  letters and digits (36^8) 5 million years. (The shortest passcode allowed,
  6 characters, is safe only if it is not all digits or a common word: 10^6
  digits take under 2 years.) The 8-digit setup code lives only until a
  passcode is chosen and is held by the same limits; a one-time code lives
  :data:`UNLOCK_CODE_SECONDS` and survives at most :data:`MAX_CODE_TRIES` wrong
  codes, so the chance of guessing one is at most 20 in 10^8.
- Locked out anyway (a new computer during a flood, or pages without a device
  cookie)? ``myword-edu unlock`` on the server prints a one-time code that opens
  the panel whatever the waits; ``myword-edu passcode`` sets a new passcode.

>>> from myword_edu.classroom.guess_limits import lockout_seconds, max_guesses_per_year
>>> from myword_edu.classroom.hashes import MAX_CODE_LENGTH, hash_passcode, verify_passcode
>>> stored = hash_passcode("tortuga-42", n=2**10)
>>> stored.startswith("scrypt$1024$8$1$"), "tortuga" in stored
(True, False)
>>> verify_passcode("tortuga-42", stored), verify_passcode("tortuga-43", stored)
(True, False)
>>> [lockout_seconds(n) for n in (4, 5, 6, 7, 20)]
[0.0, 30.0, 60.0, 120.0, 900.0]
>>> max_guesses_per_year()
543616
"""

from __future__ import annotations

import json
import secrets
import time
from typing import TYPE_CHECKING, Any, Callable

from myword_edu.classroom.guess_limits import (
    BUDGET_KEY,
    CLASS_BURST,
    CLASS_PER_HOUR,
    DEVICES_KEY,
    FORGET_SECONDS,
    FREE_TRIES,
    MAX_KNOWN,
    SHARED_DEVICE,
    device_key,
    forget_devices,
    is_known,
    lockout_seconds,
)
from myword_edu.classroom.hashes import MAX_CODE_LENGTH, hash_passcode, verify_passcode
from myword_edu.core.errors import MyWordError

if TYPE_CHECKING:
    from myword_edu.classroom.store import Store

__all__ = ["PasscodeError", "LockedOutError", "TeacherAuth", "check_new_passcode", "MIN_LENGTH", "MAX_LENGTH",
           "UNLOCK_CODE_SECONDS", "MAX_CODE_TRIES", "PASSCODE_KEY", "UNLOCK_KEY"]  # fmt: skip

MIN_LENGTH = 6
MAX_LENGTH = MAX_CODE_LENGTH
#: One-time unlock codes: how long one is valid, how many wrong codes it survives, how many are kept.
UNLOCK_CODE_SECONDS = 15 * 60.0
MAX_CODE_TRIES = 20
MAX_UNLOCK_CODES = 3
#: Setup codes kept (one per server started before a passcode was chosen).
MAX_SETUP_CODES = 5

PASSCODE_KEY = "teacher.passcode_hash"
SETUP_KEY = "teacher.setup_code_hash"  # a JSON list of hashes (one hash string before release 17)
UNLOCK_KEY = "teacher.unlock_codes"  # JSON [[hash, valid_until, wrong_tries], ...]
_OLD_KEYS = ("teacher.failures", "teacher.locked_until")  # the single count of earlier releases


class PasscodeError(MyWordError, ValueError):
    """A passcode refused. ``reason``: ``wrong``, ``too_short``, ``too_long``, ``mismatch``,
    ``no_setup_code``, ``wrong_setup_code``, ``already_set``, ``not_set``."""

    def __init__(self, reason: str, message: str, **values: Any) -> None:
        self.reason = reason
        self.values = values
        super().__init__(message)


class LockedOutError(PasscodeError):
    """Too many wrong codes: ``seconds`` to wait before the next try.

    ``scope``: ``device`` (this browser guessed wrong too often) or ``class``
    (browsers new to the panel have used up the class's tries for now).
    """

    def __init__(self, seconds: float, scope: str = "device") -> None:
        self.seconds = max(1, int(seconds + 0.999))
        self.scope = scope
        where = "on this device" if scope == "device" else "from new devices in this class"
        super().__init__("locked", f"too many wrong codes {where}: try again in {self.seconds} s",
                         seconds=self.seconds, scope=scope)  # fmt: skip


def check_new_passcode(code: object, repeat: object) -> str:
    """A new passcode as typed twice; raises :class:`PasscodeError` saying what is wrong.

    >>> check_new_passcode("abc", "abc")
    Traceback (most recent call last):
    ...
    myword_edu.classroom.passcode.PasscodeError: a passcode needs at least 6 characters
    """
    if not isinstance(code, str) or len(code) < MIN_LENGTH:
        raise PasscodeError("too_short", f"a passcode needs at least {MIN_LENGTH} characters", min=MIN_LENGTH)
    if len(code) > MAX_LENGTH:
        raise PasscodeError("too_long", f"a passcode has at most {MAX_LENGTH} characters", max=MAX_LENGTH)
    if code != repeat:
        raise PasscodeError("mismatch", "the two passcodes are not the same")
    return code


def _digits(code: object) -> str | None:
    """The 8 digits of a code typed as ``1234-5678`` (spaces and dashes allowed), else None."""
    if not isinstance(code, str) or len(code) > 32 or not all(ch.isdigit() or ch in " -" for ch in code):
        return None
    digits = "".join(ch for ch in code if ch.isdigit())
    if len(digits) != 8 or not digits.isascii():
        return None
    return f"{digits[:4]}-{digits[4:]}"


def _new_code() -> str:
    return "-".join(f"{secrets.randbelow(10**4):04d}" for _ in range(2))


def _load(value: str | None, default: Any) -> Any:
    if not value:
        return default
    try:
        loaded = json.loads(value)
    except ValueError:
        return default
    return loaded if isinstance(loaded, type(default)) else default


def _setup_hashes(value: str | None) -> list[str]:
    if value and value.startswith("scrypt$"):  # one code, as earlier releases kept it
        return [value]
    return [h for h in _load(value, []) if isinstance(h, str)]


class TeacherAuth:
    """The passcode of the class in ``store``.

    Args:
        store: where the hashes and the counts live.
        now: wall-clock seconds (shared by every kernel and server), replaceable in tests.
        kdf_n: scrypt's cost (tests lower it).

    Methods that take a ``device`` count tries against it (see the module
    docs): the cookie value from :func:`myword_edu.server.device.device_from_environ`,
    or None for a page without one.
    """

    def __init__(self, store: "Store", *, now: Callable[[], float] = time.time, kdf_n: int = 2**14) -> None:
        self.store = store
        self.now = now
        self.kdf_n = kdf_n

    def has_passcode(self) -> bool:
        return bool(self.store.get_config(PASSCODE_KEY))

    def has_setup_code(self) -> bool:
        return bool(_setup_hashes(self.store.get_config(SETUP_KEY)))

    def issue_setup_code(self) -> str | None:
        """A new one-time setup code (shown to whoever started the server), or None once a passcode is set.

        Codes issued before (by another server on the database, or before a
        restart) stay valid until a passcode is chosen.
        """
        if self.has_passcode():
            return None
        code = _new_code()
        hashed = hash_passcode(code, n=self.kdf_n)
        self.store.update_config(
            [SETUP_KEY], lambda v: {SETUP_KEY: json.dumps([*_setup_hashes(v[SETUP_KEY]), hashed][-MAX_SETUP_CODES:])}
        )
        return code

    def issue_unlock_code(self) -> str:
        """A one-time code that opens the panel whatever the waits (``myword-edu unlock`` prints it).

        It is valid for :data:`UNLOCK_CODE_SECONDS` and survives :data:`MAX_CODE_TRIES` wrong codes.
        """
        if not self.has_passcode():
            raise PasscodeError("not_set", "no passcode has been chosen yet")
        code = _new_code()
        hashed, now = hash_passcode(code, n=self.kdf_n), self.now()

        def change(values: dict[str, str | None]) -> dict[str, str | None]:
            codes = [c for c in _load(values[UNLOCK_KEY], []) if _live(c, now)]
            return {UNLOCK_KEY: json.dumps([*codes, [hashed, now + UNLOCK_CODE_SECONDS, 0]][-MAX_UNLOCK_CODES:])}

        self.store.update_config([UNLOCK_KEY], change)
        return code

    # -- counting -------------------------------------------------------------------------
    def _count_try(self, device: str | None) -> int:
        """Count one try before checking it; returns the device's wrong tries in a row (this one included).

        Raises :class:`LockedOutError` (and counts nothing) while the device
        must wait, or while the class's tries for new devices are used up.
        """
        now, key = self.now(), device_key(device)
        refused: list[LockedOutError] = []
        counted: list[int] = []

        def change(values: dict[str, str | None]) -> dict[str, str | None]:
            devices = forget_devices(_load(values[DEVICES_KEY], {}), now, keep=key)
            record = devices.get(key) if isinstance(devices.get(key), dict) else None
            record = dict(record or {"f": 0, "u": 0.0, "t": now})
            if float(record.get("u", 0)) > now:
                refused.append(LockedOutError(float(record["u"]) - now, "device"))
                return {}
            updates: dict[str, str | None] = {}
            if not is_known(key, record, now):
                budget = _load(values[BUDGET_KEY], [])
                left, at = budget if len(budget) == 2 else (float(CLASS_BURST), now)
                left = min(float(CLASS_BURST), float(left) + max(0.0, now - float(at)) * CLASS_PER_HOUR / 3600)
                if left < 1:
                    refused.append(LockedOutError((1 - left) * 3600 / CLASS_PER_HOUR, "class"))
                    return {}
                updates[BUDGET_KEY] = json.dumps([left - 1, now])
            failures = int(record.get("f", 0)) + 1
            record.update(f=failures, u=now + lockout_seconds(failures), t=now)
            devices[key] = record
            counted.append(failures)
            updates[DEVICES_KEY] = json.dumps(devices, separators=(",", ":"))
            return updates

        self.store.update_config([DEVICES_KEY, BUDGET_KEY], change)
        if refused:
            raise refused[0]
        return counted[0]

    def _opened(self, device: str | None) -> None:
        """The right code from ``device``: its count starts again, and it is remembered (if it has a cookie)."""
        now, key = self.now(), device_key(device)

        def change(values: dict[str, str | None]) -> dict[str, str | None]:
            devices = forget_devices(_load(values[DEVICES_KEY], {}), now, keep=key)
            record = {"f": 0, "u": 0.0, "t": now}
            if key != SHARED_DEVICE:  # pages without a cookie are never "known": that would free every student's page
                record["o"] = now
            devices[key] = record
            known = sorted((k for k, r in devices.items() if is_known(k, r, now)), key=lambda k: devices[k]["o"])
            for old in known[:-MAX_KNOWN]:
                del devices[old]
            return {DEVICES_KEY: json.dumps(devices, separators=(",", ":"))}

        self.store.update_config([DEVICES_KEY], change)

    def tries_left(self, device: str | None = None) -> int:
        """Wrong tries ``device`` has left before it must wait."""
        record = _load(self.store.get_config(DEVICES_KEY), {}).get(device_key(device))
        failures = int(record.get("f", 0)) if isinstance(record, dict) else 0
        if isinstance(record, dict) and self.now() - float(record.get("t", 0)) > FORGET_SECONDS:
            failures = 0
        return max(0, FREE_TRIES - failures)

    def _try_unlock_code(self, code: object) -> bool:
        """Is ``code`` a live one-time code? Counted against every live code first; used up when right."""
        typed = _digits(code)
        if typed is None or not self.store.get_config(UNLOCK_KEY):
            return False
        now = self.now()
        live: list[str] = []

        def count(values: dict[str, str | None]) -> dict[str, str | None]:
            codes = [[h, until, tries + 1] for h, until, tries in
                     (c for c in _load(values[UNLOCK_KEY], []) if _live(c, now))]  # fmt: skip
            live.extend(c[0] for c in codes)
            return {UNLOCK_KEY: json.dumps(codes) if codes else None}

        self.store.update_config([UNLOCK_KEY], count)
        matches = [h for h in live if verify_passcode(typed, h)]  # every one checked, right or not
        if not matches:
            return False
        used: list[bool] = []

        def use(values: dict[str, str | None]) -> dict[str, str | None]:
            codes = _load(values[UNLOCK_KEY], [])
            rest = [c for c in codes if not (isinstance(c, list) and c and c[0] == matches[0])]
            if len(rest) == len(codes):  # another page used it a moment ago
                return {}
            used.append(True)
            return {UNLOCK_KEY: json.dumps(rest) if rest else None}

        self.store.update_config([UNLOCK_KEY], use)
        return bool(used)

    # -- what the panel does ----------------------------------------------------------------
    def unlock(self, code: object, *, device: str | None = None) -> None:
        """Check the passcode (or a one-time code); raises :class:`PasscodeError` (``wrong``) or :class:`LockedOutError`."""
        stored = self.store.get_config(PASSCODE_KEY)
        if not stored:
            raise PasscodeError("not_set", "no passcode has been chosen yet")
        if self._try_unlock_code(code):
            self._opened(device)
            return
        failures = self._count_try(device)
        if not verify_passcode(code, stored):
            raise PasscodeError("wrong", "that is not the passcode", tries_left=max(0, FREE_TRIES - failures))
        self._opened(device)

    def set_up(self, setup_code: object, new: object, repeat: object, *, device: str | None = None) -> None:
        """First run: choose the passcode, proving with a setup code that you started a server."""
        if self.has_passcode():
            raise PasscodeError("already_set", "a passcode has already been chosen")
        hashes = _setup_hashes(self.store.get_config(SETUP_KEY))
        if not hashes:
            raise PasscodeError("no_setup_code", "start the app with `myword-edu serve` to get a setup code")
        code = check_new_passcode(new, repeat)
        failures = self._count_try(device)
        typed = _digits(setup_code)
        right = [typed is not None and verify_passcode(typed, h) for h in hashes]  # every one checked
        if not any(right):
            raise PasscodeError("wrong_setup_code", "that is not the setup code", tries_left=max(0, FREE_TRIES - failures))
        if not self._store_passcode(code, only_if_unset=True):
            raise PasscodeError("already_set", "a passcode has already been chosen")
        self._opened(device)

    def change(self, old: object, new: object, repeat: object, *, device: str | None = None) -> None:
        """Change the passcode (the old one must be right)."""
        code = check_new_passcode(new, repeat)
        self.unlock(old, device=device)
        self._store_passcode(code)

    def reset(self, new: object, repeat: object) -> None:
        """Set a new passcode without the old one (the ``myword-edu passcode`` command, run by the server's owner).

        Every wait ends too; browsers that opened the panel stay remembered.
        """
        self._store_passcode(check_new_passcode(new, repeat), clear_waits=True)

    def _store_passcode(self, code: str, *, only_if_unset: bool = False, clear_waits: bool = False) -> bool:
        hashed = hash_passcode(code, n=self.kdf_n)
        now = self.now()
        stored: list[bool] = []

        def change(values: dict[str, str | None]) -> dict[str, str | None]:
            if only_if_unset and values[PASSCODE_KEY]:  # another page chose one a moment ago
                return {}
            stored.append(True)
            updates: dict[str, str | None] = {PASSCODE_KEY: hashed, SETUP_KEY: None, UNLOCK_KEY: None,
                                              **{k: None for k in _OLD_KEYS}}  # fmt: skip
            if clear_waits:
                devices = _load(values[DEVICES_KEY], {})
                kept = {k: {"f": 0, "u": 0.0, "t": now, "o": r["o"]} for k, r in devices.items() if is_known(k, r, now)}
                updates.update({DEVICES_KEY: json.dumps(kept) if kept else None, BUDGET_KEY: None})
            return updates

        self.store.update_config([PASSCODE_KEY, SETUP_KEY, UNLOCK_KEY, DEVICES_KEY, BUDGET_KEY, *_OLD_KEYS], change)
        return bool(stored)


def _live(code: object, now: float) -> bool:
    """A stored one-time code still usable: in time and not past its wrong tries."""
    return (isinstance(code, list) and len(code) == 3 and isinstance(code[0], str)
            and float(code[1]) > now and int(code[2]) < MAX_CODE_TRIES)  # fmt: skip
