"""``myword-edu build-site OUTDIR``: the student app as a static site with a Python kernel in the browser.

The site is JupyterLite's REPL app with the Pyodide kernel, behind a page of
our own (``index.html``) that shows a loading screen, runs the app's start-up
code with the code hidden, and hides everything of JupyterLab but the app.
Every file the page needs is in the folder: Pyodide's core, a Pyodide lock
file rewritten to list only the shipped wheels (all loaded at start, in
parallel), the wheels (byte-compiled for Pyodide's Python at build time, see
:mod:`~myword_edu.site.pycompile`), the labextensions, and the speech synthesizer
(``static/espeak-ng``, loaded by the page on the first "hear it" click). Nothing is fetched from any
other host at run time (``disablePyPIFallback``; no CDN URL is left in the
configuration).

The build needs PyPI and npm (the pinned files of :mod:`myword_edu.site.pins`,
cached and checked) and ``jupyterlite-core`` installed; it always builds from
scratch in a temporary folder (an incremental JupyterLite build silently fell
back to the CDN once), then replaces OUTDIR.

>>> check_outdir(Path("/"))
Traceback (most recent call last):
...
myword_edu.site.fetch.SiteBuildError: '/' is not empty and was not made by build-site: choose an empty or new folder
"""

from __future__ import annotations

import importlib.metadata
import json
import logging
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Callable

from myword_edu import __version__
from myword_edu.site import pins
from myword_edu.site.fetch import SiteBuildError, default_cache_dir, fetch_npm, fetch_wheel, file_sha256
from myword_edu.site.pycompile import compile_wheels
from myword_edu.site.wheel import build_kernel_wheel

__all__ = ["build_site", "check_outdir", "site_games", "MARKER", "PYODIDE_CORE_FILES"]

log = logging.getLogger(__name__)

#: The file that marks a folder as a built site (build-site only ever replaces such a folder).
MARKER = "myword-site.json"
#: Pyodide's core: the runtime, its standard library and its loader (none of its packages).
PYODIDE_CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PYODIDE_LICENSE = "NOTICE-pyodide.txt"
ASSETS = Path(__file__).resolve().parent / "assets"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: Per game: the page's title, and what on the page means "ready to play" (the loading screen then goes).
GAMES = {
    "myword": {"titles": {"en": "MyWord!", "es": "¡MyWord!"}, "ready": ".myword-table .myword-card"},
    "boggle": {"titles": {"en": "Boggle", "es": "Boggle"}, "ready": ".boggle-grid .boggle-cube"},
}


def check_outdir(outdir: Path) -> None:
    """Refuse to replace a folder that is not empty and not a site built before."""
    if outdir.exists() and not outdir.is_dir():
        raise SiteBuildError(f"{str(outdir)!r} is a file: choose an empty or new folder")
    if outdir.is_dir() and any(outdir.iterdir()) and not (outdir / MARKER).is_file():
        raise SiteBuildError(
            f"{str(outdir)!r} is not empty and was not made by build-site: choose an empty or new folder"
        )


def site_games() -> list[str]:
    """The games this installation can put on the site (Boggle once its engine and notebook exist)."""
    from myword_edu.core.resources import data_dir

    games = ["myword"]
    try:
        has_boggle_notebook = (data_dir("notebooks") / "boggle.ipynb").is_file()
    except FileNotFoundError:
        has_boggle_notebook = False
    if has_boggle_notebook and (Path(__file__).resolve().parent.parent / "boggle" / "round.py").is_file():
        games.append("boggle")
    return games


def _check_jupyterlite() -> None:
    for name, wanted in (("jupyterlite-core", pins.JUPYTERLITE_CORE), ("jupyterlite-pyodide-kernel", pins.JUPYTERLITE_PYODIDE_KERNEL)):
        try:
            found = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            found = None
        if found != wanted:
            raise SiteBuildError(
                f"build-site needs {name}=={wanted} (found {found or 'none'}): "
                "pip install 'myword-edu[site]'"
            )


def build_site(
    outdir: Path | str,
    *,
    cache_dir: Path | str | None = None,
    report: Callable[[str], None] = lambda text: None,
    byte_compile: bool = True,
) -> dict:
    """Build the static site into ``outdir`` (replacing a site built there before); returns its manifest.

    ``byte_compile=False`` ships the wheels as they come from PyPI (the benchmark's baseline).
    """
    started = time.monotonic()
    outdir = Path(outdir).resolve()
    check_outdir(outdir)
    _check_jupyterlite()
    cache = Path(cache_dir).expanduser() if cache_dir else default_cache_dir()
    games = site_games()

    report(f"fetching the pinned files (cache: {cache})")
    pyodide_tgz = fetch_npm(pins.PYODIDE, cache)
    kernel_wheels = {w.name: fetch_wheel(w, cache) for w in pins.KERNEL_WHEELS}
    extension_wheels = [fetch_wheel(w, cache) for w in pins.LABEXTENSION_WHEELS]

    with tempfile.TemporaryDirectory(prefix="myword-site-") as tmp:
        work = Path(tmp)
        lite = work / "lite"
        pyodide_dir = lite / "static" / "pyodide"
        pyodide_dir.mkdir(parents=True)
        report("unpacking Pyodide's core and the kernel's wheels")
        lock = _unpack_pyodide(pyodide_tgz, pyodide_dir)
        bundled = _bundled_kernel_wheels(extension_wheels[0], work / "bundled")
        our_wheel = build_kernel_wheel(work / "ours")
        shipped = {**kernel_wheels, **bundled, "myword-edu": our_wheel}
        missing = set(pins.KERNEL_PACKAGES) - set(shipped)
        if missing:
            raise SiteBuildError(f"no wheel for {sorted(missing)}")
        for path in shipped.values():
            shutil.copy2(path, pyodide_dir / path.name)
        shipped = {name: pyodide_dir / path.name for name, path in shipped.items()}
        compiled: dict = {"compiled": {}}
        if byte_compile:
            report("byte-compiling the kernel's wheels in Pyodide (Node.js)")
            compiled = compile_wheels(list(shipped.values()), pyodide_dir, keep_source={our_wheel.name})
        _write_lock(pyodide_dir / "pyodide-lock.json", lock, shipped)
        _write_lite_config(lite, list(pins.KERNEL_PACKAGES))
        report("running the JupyterLite build")
        output = work / "site"
        _jupyter_lite_build(lite, output, extension_wheels, work / "cache")
        _patch_kernel_worker(output)
        manifest = _finish(output, games, shipped, started)
        manifest["compiled_modules"] = sum(compiled["compiled"].values())
        (output / MARKER).write_text(json.dumps(manifest, indent=1), encoding="utf-8")
        _check_offline(output)
        if outdir.exists():
            shutil.rmtree(outdir)
        outdir.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(output, outdir)
    report(f"built {outdir} in {time.monotonic() - started:.0f} s ({manifest['bytes'] / 1e6:.1f} MB)")
    return manifest


PYODIDE_NOTICE = """Pyodide {version} (https://github.com/pyodide/pyodide), from the npm package
pyodide@{version}: only its core files are here (the runtime, Python's standard library and
the loader). Licence: Mozilla Public License 2.0 (https://mozilla.org/MPL/2.0/); the source
code is at https://github.com/pyodide/pyodide/tree/{version}.
"""


def _unpack_pyodide(tgz: Path, target: Path) -> dict:
    (target / PYODIDE_LICENSE).write_text(PYODIDE_NOTICE.format(version=pins.PYODIDE.version), encoding="utf-8")
    with tarfile.open(tgz) as archive:
        for name in PYODIDE_CORE_FILES:
            try:
                member = archive.getmember(f"package/{name}")
            except KeyError:
                raise SiteBuildError(f"{tgz.name} has no {name}") from None
            data = archive.extractfile(member)
            if data is None:
                raise SiteBuildError(f"{name} in {tgz.name} is not a file")
            (target / name).write_bytes(data.read())
    return json.loads((target / "pyodide-lock.json").read_text(encoding="utf-8"))


def _copy_voice(output: Path) -> None:
    """The speech synthesizer the "hear it" buttons fall back on, where the page looks for it.

    The page (not the kernel) loads it, on the first click, so it is a file of the site rather
    than part of the kernel's wheel (which every first visit downloads).
    """
    from myword_edu.ui.widgets.speech import VOICE_FILES, VOICE_PATHS

    shutil.copytree(VOICE_FILES, output / VOICE_PATHS["site"])


def _bundled_kernel_wheels(kernel_extension_wheel: Path, folder: Path) -> dict[str, Path]:
    """piplite, pyodide-kernel and the ipykernel/widgetsnbextension shims, from the kernel's labextension."""
    import zipfile

    folder.mkdir(parents=True)
    found: dict[str, Path] = {}
    with zipfile.ZipFile(kernel_extension_wheel) as archive:
        for name in archive.namelist():
            if "/static/pypi/" not in name or not name.endswith(".whl"):
                continue
            filename = name.rsplit("/", 1)[1]
            project = filename.split("-")[0].replace("_", "-").lower()
            if project == "widgetsnbextension" and not filename.startswith("widgetsnbextension-4."):
                continue
            if project in pins.BUNDLED_KERNEL_WHEELS:
                path = folder / filename
                path.write_bytes(archive.read(name))
                found[project] = path
    return found


def _imports_of(wheel: Path) -> list[str]:
    import zipfile

    with zipfile.ZipFile(wheel) as archive:
        tops = {n.split("/", 1)[0] for n in archive.namelist() if "/" in n or n.endswith(".py")}
    names = sorted(t.removesuffix(".py") for t in tops if not t.endswith((".dist-info", ".data")))
    return [n for n in names if n.isidentifier()]


def _write_lock(path: Path, lock: dict, shipped: dict[str, Path]) -> None:
    """Pyodide's lock file, listing exactly the shipped wheels (no dependency left to resolve)."""
    packages = {}
    for name, wheel in sorted(shipped.items()):
        version = wheel.name.split("-")[1]
        packages[name] = {
            "name": name,
            "version": version,
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": file_sha256(wheel),
            "package_type": "package",
            "imports": _imports_of(wheel),
            "depends": [],
            "unvendored_tests": False,
        }
    path.write_text(json.dumps({"info": lock["info"], "packages": packages}, indent=1, sort_keys=True), encoding="utf-8")


def _write_lite_config(lite: Path, packages: list[str]) -> None:
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "MyWord!",
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "pyodideUrl": "./static/pyodide/pyodide.mjs",
                    "disablePyPIFallback": True,
                    "pipliteUrls": [],
                    "loadPyodideOptions": {"packages": packages},
                }
            },
        },
    }
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")


def _jupyter_lite_build(lite: Path, output: Path, extension_wheels: list[Path], cache: Path) -> None:
    build_config = {
        "LiteBuildConfig": {
            "apps": ["repl"],
            "ignore_sys_prefix": True,
            "federated_extensions": [str(w) for w in extension_wheels],
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
            "cache_dir": str(cache),
            "output_dir": str(output),
            "contents": [],
        }
    }
    (lite / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTERLITE_")}
    result = subprocess.run(
        [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite)],
        cwd=lite, env=env, capture_output=True, text=True,
    )  # fmt: skip
    if result.returncode != 0:
        raise SiteBuildError(f"jupyter lite build failed:\n{(result.stdout + result.stderr)[-4000:]}")


def _patch_kernel_worker(output: Path) -> None:
    """Take ``jedi`` out of the packages the kernel's worker installs at start (see pins)."""
    old, new = pins.KERNEL_WORKER_PATCH
    folder = output / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    patched = []
    for script in sorted(folder.glob("*.js")):
        text = script.read_text(encoding="utf-8")
        if old in text:
            script.write_text(text.replace(old, new), encoding="utf-8")
            patched.append(script.name)
    if not any(name.startswith("comlink.worker.") for name in patched):
        raise SiteBuildError(f"the Pyodide kernel's worker script no longer lists {old}: check pins.KERNEL_WORKER_PATCH")


def _finish(output: Path, games: list[str], shipped: dict[str, Path], started: float) -> dict:
    """Our pages on top of JupyterLite's output, and the manifest."""
    for name in ("index.html", "site.css", "site.js"):
        shutil.copy2(ASSETS / name, output / name)
    _copy_voice(output)
    for unused in ("lab", "notebooks", "tree", "edit", "consoles", "doc"):
        shutil.rmtree(output / unused, ignore_errors=True)
    files = [p for p in output.rglob("*") if p.is_file()]
    manifest = {
        "myword_edu": __version__,
        "games": games,
        "titles": {g: GAMES[g]["titles"] for g in games},
        "ready": {g: GAMES[g]["ready"] for g in games},
        "pins": {
            "jupyterlite-core": pins.JUPYTERLITE_CORE,
            "jupyterlite-pyodide-kernel": pins.JUPYTERLITE_PYODIDE_KERNEL,
            "pyodide": pins.PYODIDE.version,
            "espeak-ng": pins.ESPEAK_NG.spec,
            "wheels": {name: path.name for name, path in sorted(shipped.items())},
        },
        "files": len(files),
        "bytes": sum(p.stat().st_size for p in files),
        "build_seconds": round(time.monotonic() - started, 1),
    }
    (output / MARKER).write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return manifest


def _check_offline(output: Path) -> None:
    """No configuration file may point the page at a CDN or PyPI."""
    for config in output.rglob("jupyter-lite.json"):
        text = config.read_text(encoding="utf-8")
        for host in ("cdn.jsdelivr.net", "pypi.org", "files.pythonhosted.org", "unpkg.com"):
            if host in text:
                raise SiteBuildError(f"{config.relative_to(output)} still points at {host}")
