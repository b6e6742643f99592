"""Salted scrypt hashes of codes: what the store keeps instead of a teacher's passcode or a student's picture code.

Only ``scrypt$N$r$p$salt$hash`` is kept (standard library :func:`hashlib.scrypt`,
a fresh 16-byte salt each time), and a typed code is compared in constant time
(:func:`hmac.compare_digest`).

>>> stored = hash_passcode("tortuga-42", n=2**10)
>>> stored.startswith("scrypt$1024$8$1$"), verify_passcode("tortuga-42", stored), verify_passcode(42, stored)
(True, True, False)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

__all__ = ["hash_passcode", "verify_passcode", "MAX_CODE_LENGTH"]

#: The longest code compared (a longer one is refused without hashing it).
MAX_CODE_LENGTH = 128


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def hash_passcode(code: str, *, salt: bytes | None = None, n: int = 2**14, r: int = 8, p: int = 1) -> str:
    """The salted scrypt hash of ``code`` as one string (what the store keeps)."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(code.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=32, maxmem=64 * 1024 * 1024)
    return f"scrypt${n}${r}${p}${_b64(salt)}${_b64(digest)}"


def verify_passcode(code: object, stored: str | None) -> bool:
    """Does ``code`` match the stored hash? (Constant-time comparison; False for anything malformed.)"""
    if not isinstance(code, str) or not stored or len(code) > MAX_CODE_LENGTH:
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
