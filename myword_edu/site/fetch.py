"""Downloads for the site build: pinned files from PyPI and npm, checked, cached.

Each file is fetched once into the cache folder (``pip download`` for wheels,
``npm pack`` for Pyodide) and checked against its pinned checksum every time
it is used. A file in the cache whose checksum is wrong is fetched again; a
download whose checksum is wrong stops the build.

>>> sha256_of(b"abc")[:12]
'ba7816bf8f01'
"""

from __future__ import annotations

import base64
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

from myword_edu.site.pins import NpmPackage, Wheel

__all__ = ["SiteBuildError", "default_cache_dir", "fetch_wheel", "fetch_npm", "sha256_of", "file_sha256"]

log = logging.getLogger(__name__)

#: Environment variable naming the download cache (default: the user's cache folder).
CACHE_ENV = "MYWORD_SITE_CACHE"


class SiteBuildError(RuntimeError):
    """The site could not be built; the message says why and what to do."""


def default_cache_dir() -> Path:
    """``$MYWORD_SITE_CACHE``, else ``<user cache>/myword-edu/site``."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV]).expanduser()
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("myword-edu")) / "site"


def sha256_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _file_integrity(path: Path) -> str:
    digest = hashlib.sha512()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return "sha512-" + base64.b64encode(digest.digest()).decode("ascii")


def _run(command: list[str], what: str) -> None:
    log.info("running %s", " ".join(command))
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise SiteBuildError(f"{what} failed (exit {result.returncode}):\n{result.stderr[-3000:]}")


def fetch_wheel(wheel: Wheel, cache: Path) -> Path:
    """The pinned wheel from PyPI (a pure-Python wheel for Python 3.14), from the cache if there."""
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    found = _cached_wheel(wheel, folder)
    if found is not None:
        return found
    staging = folder / f".download-{wheel.name}"
    shutil.rmtree(staging, ignore_errors=True)
    _run(
        [
            sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--disable-pip-version-check",
            "--only-binary=:all:", "--python-version", "3.14", "--implementation", "py", "--abi", "none",
            "--platform", "any", "--dest", str(staging), wheel.requirement,
        ],
        f"downloading {wheel.requirement} from PyPI",
    )  # fmt: skip
    files = list(staging.glob("*.whl"))
    if len(files) != 1:
        raise SiteBuildError(f"pip download of {wheel.requirement} gave {[f.name for f in files]}, expected one wheel")
    got = file_sha256(files[0])
    if got != wheel.sha256:
        shutil.rmtree(staging, ignore_errors=True)
        raise SiteBuildError(
            f"{files[0].name} from PyPI has sha256 {got}, but myword_edu/site/pins.py pins {wheel.sha256}"
        )
    target = folder / files[0].name
    os.replace(files[0], target)
    shutil.rmtree(staging, ignore_errors=True)
    return target


def _cached_wheel(wheel: Wheel, folder: Path) -> Path | None:
    stem = wheel.name.replace("-", "_").lower()
    for path in folder.glob("*.whl"):
        name, _, rest = path.name.partition("-")
        if name.lower() == stem and rest.startswith(wheel.version + "-"):
            if file_sha256(path) == wheel.sha256:
                return path
            log.warning("%s in the cache has the wrong checksum: fetching it again", path.name)
            path.unlink()
    return None


def fetch_npm(package: NpmPackage, cache: Path) -> Path:
    """The pinned npm tarball (``npm pack``), from the cache if there."""
    folder = cache / "npm"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / package.tarball
    if target.exists():
        if _file_integrity(target) == package.integrity:
            return target
        log.warning("%s in the cache has the wrong checksum: fetching it again", target.name)
        target.unlink()
    npm = shutil.which("npm")
    if npm is None:
        raise SiteBuildError("npm is needed to fetch Pyodide (install Node.js and npm, e.g. apt-get install npm)")
    _run([npm, "pack", "--silent", "--pack-destination", str(folder), package.spec], f"npm pack {package.spec}")
    if not target.exists():
        raise SiteBuildError(f"npm pack {package.spec} did not write {target}")
    got = _file_integrity(target)
    if got != package.integrity:
        target.unlink()
        raise SiteBuildError(f"{target.name} from npm has integrity {got}, but pins.py pins {package.integrity}")
    return target
