"""Which focus word of a lesson a student's try aims at: the word itself, or one slip away from it.

The same test for every game: a MyWord! call and a Boggle word both count
towards a focus word when their letters are the word's (accents aside), or,
for a try that is not a word at all, when it is one slip away from exactly one
focus word (a letter missing, extra, wrong, or two letters swapped).

>>> focus_target("sihp", ["ship", "chin"]), focus_target("shp", ["ship", "shop"])
('ship', None)
"""

from __future__ import annotations

from typing import Iterable

__all__ = ["is_one_slip", "focus_target"]


def is_one_slip(a: str, b: str) -> bool:
    """Are ``a`` and ``b`` one edit apart (insert, delete, replace, or swap two neighbours)?

    >>> is_one_slip("cat", "cats"), is_one_slip("cat", "act"), is_one_slip("cat", "cat")
    (True, True, False)
    """
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def focus_target(folded: str, focus: Iterable[str], *, is_word: bool = False) -> str | None:
    """The focus word a call with letters ``folded`` targets, if any (``focus``: folded words).

    ``is_word``: the call was a real word (then only an exact match counts;
    ``SHOP`` is not a slip of ``SHIP``, it is another word).
    """
    words = list(focus)
    if folded in words:
        return folded
    if is_word:
        return None
    near = [w for w in words if is_one_slip(folded, w)]
    return near[0] if len(near) == 1 else None
