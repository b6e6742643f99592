"""The project's wheel for the browser kernel: the Python code and the compiled word lists.

The wheel ``pip`` builds carries the plain word lists and frequency tables too
(about 12 MB that the app never reads). The browser downloads this wheel on
every first visit, so the site gets a lean one: every module of the package
(with its compiled text catalogs, ``i18n/locale/*/LC_MESSAGES/*.mo``) except the site build itself, the two compiled lexicons, the two blocklists,
the word lists' licences, and the lessons. It installs where :func:`myword_edu.core.resources.data_dir`
looks (``myword_edu/wordlists``), as in any wheel.

>>> sorted(SHIPPED_WORDLIST_FILES)
['en.blocked.txt', 'en.lexicon', 'es.blocked.txt', 'es.lexicon']
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

from myword_edu import __version__
from myword_edu.core.resources import data_dir

__all__ = ["build_kernel_wheel", "SHIPPED_WORDLIST_FILES", "wheel_name"]

PACKAGE_DIR = Path(__file__).resolve().parent.parent
SHIPPED_WORDLIST_FILES = ("en.lexicon", "es.lexicon", "en.blocked.txt", "es.blocked.txt")
#: Parts of the package the browser never uses (the build tooling, the Voila server's files).
_LEFT_OUT = ("site", "config", "jupyter", "wordlists", "notebooks", "lessons")
#: A fixed timestamp, so the same sources give the same wheel bytes.
_DATE = (2020, 1, 1, 0, 0, 0)


def wheel_name(version: str = __version__) -> str:
    """
    >>> wheel_name("1.2.3")
    'myword_edu-1.2.3-py3-none-any.whl'
    """
    return f"myword_edu-{version}-py3-none-any.whl"


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"sha256={digest}"


def _files() -> list[tuple[str, Path]]:
    files: list[tuple[str, Path]] = []
    for path in sorted(PACKAGE_DIR.rglob("*")):
        relative = path.relative_to(PACKAGE_DIR)
        if not path.is_file() or relative.parts[0] in _LEFT_OUT or "__pycache__" in relative.parts:
            continue
        if path.suffix in (".py", ".typed", ".json", ".css", ".js", ".mo"):  # .mo: the compiled text catalogs
            files.append((f"myword_edu/{relative.as_posix()}", path))
    wordlists = data_dir("wordlists")
    for name in SHIPPED_WORDLIST_FILES:
        files.append((f"myword_edu/wordlists/{name}", wordlists / name))
    for licence in sorted(wordlists.glob("LICENSE.*")):
        files.append((f"myword_edu/wordlists/{licence.name}", licence))
    try:
        lessons = data_dir("lessons")
    except FileNotFoundError:
        return files
    for lesson in sorted(p for p in lessons.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        files.append((f"myword_edu/lessons/{lesson.relative_to(lessons).as_posix()}", lesson))
    return files


def build_kernel_wheel(folder: Path, version: str = __version__) -> Path:
    """Write the lean wheel into ``folder`` and return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / wheel_name(version)
    dist_info = f"myword_edu-{version}.dist-info"
    metadata = (
        "Metadata-Version: 2.1\nName: myword-edu\n"
        f"Version: {version}\nSummary: MyWord! for the browser kernel (code and compiled word lists)\n"
        "License: MIT (code); word list licences in myword_edu/wordlists/LICENSE.*\n"
        "Requires-Python: >=3.11\n"
    )
    wheel_meta = "Wheel-Version: 1.0\nGenerator: myword-edu build-site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries: list[tuple[str, bytes]] = [(arc, path.read_bytes()) for arc, path in _files()]
    entries.append((f"{dist_info}/METADATA", metadata.encode()))
    entries.append((f"{dist_info}/WHEEL", wheel_meta.encode()))
    record = "".join(f"{arc},{_record_hash(data)},{len(data)}\n" for arc, data in entries)
    record += f"{dist_info}/RECORD,,\n"
    entries.append((f"{dist_info}/RECORD", record.encode()))
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for arc, data in entries:
            info = zipfile.ZipInfo(arc, date_time=_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return target
