"""Where the shipped data lives: word lists, notebooks and lessons.

A wheel carries them inside the package (``myword_edu/wordlists`` ...); a source
checkout keeps them at the top of the repository. Both are found here and
nowhere else.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["data_dir"]

_PACKAGE = Path(__file__).resolve().parent.parent
_KINDS = ("wordlists", "notebooks", "lessons")


def data_dir(kind: str) -> Path:
    """The folder holding ``kind`` (``"wordlists"``, ``"notebooks"`` or ``"lessons"``).

    >>> data_dir("wordlists").name
    'wordlists'
    """
    if kind not in _KINDS:
        raise ValueError(f"unknown data folder {kind!r}. Valid folders are: {', '.join(_KINDS)}")
    for candidate in (_PACKAGE / kind, _PACKAGE.parent / kind):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {kind} folder is missing from this installation ({_PACKAGE})")
