"""The site build's pieces that need no network: the lean wheel, the lock file, the guards."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from myword_edu.site import pins
from myword_edu.site.build import (
    MARKER,
    _patch_kernel_worker,
    _write_lock,
    check_outdir,
    site_games,
)
from myword_edu.site.fetch import SiteBuildError, _cached_wheel, file_sha256
from myword_edu.site.wheel import build_kernel_wheel


@pytest.fixture(scope="module")
def lean_wheel(tmp_path_factory):
    return build_kernel_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_lean_wheel_carries_code_lexicons_and_licences_only(lean_wheel):
    names = set(zipfile.ZipFile(lean_wheel).namelist())
    for needed in ("myword_edu/lexicon/wordlist.py", "myword_edu/ui/browser.py", "myword_edu/classroom/browser_progress.py",
                   "myword_edu/wordlists/en.lexicon", "myword_edu/wordlists/es.lexicon",
                   "myword_edu/wordlists/es.blocked.txt", "myword_edu/wordlists/LICENSE.SCOWL.txt",
                   *(f"myword_edu/i18n/locale/es/LC_MESSAGES/{d}.mo" for d in ("game", "classroom", "rooms"))):  # fmt: skip
        assert needed in names, needed
    assert not any(n.startswith("myword_edu/site/") for n in names)  # the build tooling stays behind
    assert not any(n.endswith((".words.txt", ".zipf.tsv", ".pyc", ".po", ".pot")) for n in names)
    assert lean_wheel.stat().st_size < 3_000_000
    record = next(n for n in names if n.endswith(".dist-info/RECORD"))
    listed = {line.split(",")[0] for line in zipfile.ZipFile(lean_wheel).read(record).decode().splitlines()}
    assert listed == names


def test_the_lean_wheel_is_the_same_bytes_every_build(lean_wheel, tmp_path):
    assert file_sha256(build_kernel_wheel(tmp_path)) == file_sha256(lean_wheel)


def test_the_lean_wheel_loads_both_lexicons_on_its_own(lean_wheel, tmp_path):
    zipfile.ZipFile(lean_wheel).extractall(tmp_path)
    code = (
        "from myword_edu.lexicon.wordlist import load_lexicon\n"
        "from myword_edu.core.resources import data_dir\n"
        "import myword_edu\n"
        "assert load_lexicon('es').spelling('camion') == 'camión' and 'cat' in load_lexicon('en')\n"
        "from myword_edu.i18n.rooms import room_words\n"
        "assert room_words('es', 'room.left', n=1) == 'Queda 1 carta', room_words('es', 'room.left', n=1)\n"
        "print(myword_edu.__file__)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert out.stdout.startswith(str(tmp_path))  # not this checkout


def test_the_lock_lists_exactly_the_shipped_wheels(lean_wheel, tmp_path):
    lock_path = tmp_path / "pyodide-lock.json"
    info = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"}
    _write_lock(lock_path, {"info": info, "packages": {"numpy": {}}}, {"myword-edu": lean_wheel})
    lock = json.loads(lock_path.read_text())
    assert lock["info"] == info and list(lock["packages"]) == ["myword-edu"]
    entry = lock["packages"]["myword-edu"]
    assert entry["file_name"] == lean_wheel.name and entry["sha256"] == file_sha256(lean_wheel)
    assert entry["imports"] == ["myword_edu"] and entry["depends"] == []


def test_every_package_the_kernel_loads_is_pinned_once():
    names = list(pins.KERNEL_PACKAGES)
    assert len(names) == len(set(names))
    assert {"ipykernel", "comm", "pyodide-kernel", "ipython", "micropip", "piplite"} <= set(names)
    assert "jedi" not in names  # taken out of the worker's start-up list instead
    for wheel in (*pins.KERNEL_WHEELS, *pins.LABEXTENSION_WHEELS):
        assert len(wheel.sha256) == 64 and wheel.version[0].isdigit()


def test_outdir_guard(tmp_path):
    check_outdir(tmp_path / "new")
    check_outdir(tmp_path)  # empty
    (tmp_path / "notes.txt").write_text("a teacher's file")
    with pytest.raises(SiteBuildError, match="not empty and was not made by build-site"):
        check_outdir(tmp_path)
    (tmp_path / MARKER).write_text("{}")
    check_outdir(tmp_path)  # a site built before: replaced
    with pytest.raises(SiteBuildError, match="is a file"):
        check_outdir(tmp_path / "notes.txt")


def test_the_worker_patch_fails_loudly_if_the_kernel_changed(tmp_path):
    folder = tmp_path / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    folder.mkdir(parents=True)
    worker = folder / "comlink.worker.abc.js"
    old, new = pins.KERNEL_WORKER_PATCH
    worker.write_text(f"for(let e of{old})t.includes(e)")
    _patch_kernel_worker(tmp_path)
    assert worker.read_text() == f"for(let e of{new})t.includes(e)"
    with pytest.raises(SiteBuildError, match="no longer lists"):
        _patch_kernel_worker(tmp_path)


def test_a_cached_download_with_a_wrong_checksum_is_thrown_away(tmp_path):
    wheel = pins.KERNEL_WHEELS[0]
    bad = tmp_path / f"{wheel.name}-{wheel.version}-py3-none-any.whl"
    bad.write_bytes(b"not the pinned wheel")
    assert _cached_wheel(wheel, tmp_path) is None and not bad.exists()


def test_boggle_is_on_the_site_once_its_notebook_exists():
    games = site_games()
    assert games[0] == "myword"
    root = Path(__file__).resolve().parents[2]
    assert ("boggle" in games) == (root / "notebooks" / "boggle.ipynb").exists()


def test_the_cli_refuses_a_folder_it_did_not_make(tmp_path, capsys):
    from myword_edu.cli import main

    (tmp_path / "homework.docx").write_text("keep me")
    assert main(["build-site", str(tmp_path)]) == 1
    assert "not empty" in capsys.readouterr().err
    assert (tmp_path / "homework.docx").read_text() == "keep me"


def test_the_site_modules_load_no_jupyter_package():
    """The build tooling and the browser's progress store are plain Python (the build may run anywhere)."""
    code = (
        "import sys\n"
        "import myword_edu.site, myword_edu.site.cli, myword_edu.site.serve, myword_edu.classroom.browser_progress\n"
        "print(','.join(m for m in ('ipywidgets', 'traitlets', 'IPython', 'anywidget', 'jupyterlite_core') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
