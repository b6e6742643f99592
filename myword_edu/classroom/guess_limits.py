"""Limits on guessing the teacher's passcode: how long a device waits, the class's tries, which devices are known.

See the threat model in :mod:`myword_edu.classroom.passcode`, which counts
every try here before checking it. A device is a browser, known by a random
cookie (:mod:`myword_edu.server.device`) and named in the store by a hash of it
(:func:`device_key`); a device record is ``{"f": wrong in a row, "u": wait
until, "t": last try, "o": opened}``.

>>> [lockout_seconds(n) for n in (4, 5, 6, 7, 20)]
[0.0, 30.0, 60.0, 120.0, 900.0]
>>> max_guesses_per_year()
543616
"""

from __future__ import annotations

import hashlib
from typing import Any

__all__ = ["FREE_TRIES", "MAX_LOCKOUT", "CLASS_BURST", "CLASS_PER_HOUR", "MAX_KNOWN", "KNOWN_DAYS", "FORGET_SECONDS",
           "MAX_DEVICES", "SHARED_DEVICE", "DEVICES_KEY", "BUDGET_KEY", "lockout_seconds", "max_guesses_per_year",
           "device_key", "is_known", "forget_devices"]  # fmt: skip

#: Wrong tries in a row a device gets before it must wait.
FREE_TRIES = 5
MAX_LOCKOUT = 900.0
#: Tries that devices new to the panel share at once, and how many more they get an hour.
CLASS_BURST = 60
CLASS_PER_HOUR = 30
#: Browsers remembered as having opened the panel (exempt from the class's limit), and for how long.
MAX_KNOWN = 8
KNOWN_DAYS = 90
#: A device's count is forgotten a day after its last try; at most this many are kept.
FORGET_SECONDS = 24 * 3600.0
MAX_DEVICES = 500
#: The device of pages that have none.
SHARED_DEVICE = "-"
DEVICES_KEY = "teacher.devices"  # JSON {device key: record}
BUDGET_KEY = "teacher.class_tries"  # JSON [tries left, at]


def lockout_seconds(failures: int) -> float:
    """How long a device waits after ``failures`` wrong codes in a row."""
    if failures < FREE_TRIES:
        return 0.0
    return min(MAX_LOCKOUT, 30.0 * 2 ** min(failures - FREE_TRIES, 16))


def max_guesses_per_year() -> int:
    """The most tries the limits let through in a year, from every device together (see the module docs)."""
    year = 365.25 * 24 * 3600
    per_device, failures, at = 0, 0, 0.0
    while at <= year:  # one device guessing as soon as it may, never pausing (a pause only loses tries)
        failures += 1
        per_device += 1
        at += lockout_seconds(failures)
    return CLASS_BURST + int(CLASS_PER_HOUR * year / 3600) + MAX_KNOWN * per_device


def device_key(device: str | None) -> str:
    """How the store names a device: a hash of its cookie (the cookie itself is a secret of its browser).

    >>> device_key(None), len(device_key("0123abcd" * 4))
    ('-', 32)
    """
    if not device:
        return SHARED_DEVICE
    return hashlib.sha256(f"myword-device:{device}".encode("utf-8")).hexdigest()[:32]


def is_known(key: str, record: object, now: float) -> bool:
    """Has this device opened the panel (recently enough to be remembered)?"""
    if key == SHARED_DEVICE or not isinstance(record, dict) or "o" not in record:
        return False
    return now - float(record["o"]) < KNOWN_DAYS * 86400


def forget_devices(devices: dict[str, Any], now: float, *, keep: str) -> dict[str, Any]:
    """Drop what no longer matters: counts a day old with no wait left (known devices stay), the oldest beyond
    :data:`MAX_DEVICES`. A dropped device only gets fresh tries, which the class's limit still holds."""
    kept: dict[str, Any] = {}
    for key, record in devices.items():
        if not isinstance(record, dict):
            continue
        known = is_known(key, record, now)
        stale = now - float(record.get("t", 0)) > FORGET_SECONDS and float(record.get("u", 0)) <= now
        if stale and not known:
            continue
        if stale:
            record = {**record, "f": 0, "u": 0.0}
        kept[key] = record
    unknown = sorted((k for k, r in kept.items() if k != keep and not is_known(k, r, now)),
                     key=lambda k: float(kept[k].get("t", 0)))  # fmt: skip
    for key in unknown[: max(0, len(unknown) - MAX_DEVICES)]:
        del kept[key]
    return kept
