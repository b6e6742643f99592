"""The engine's modules, found by walking the package (everything outside ``ui/``, ``site/`` and ``server/``)."""

from __future__ import annotations

import pkgutil
from pathlib import Path

import myword_edu

ROOT = Path(__file__).resolve().parents[1]
#: Packages that are not the engine: the views (ipywidgets), the site build tooling, the Voila server glue.
NOT_ENGINE = ("myword_edu.ui", "myword_edu.site", "myword_edu.server", "myword_edu.cli", "myword_edu.__main__")


def engine_modules() -> list[str]:
    """Every engine module's dotted name, in walk order."""
    names = ["myword_edu"]
    for info in pkgutil.walk_packages(myword_edu.__path__, "myword_edu."):
        if not any(info.name == skip or info.name.startswith(skip + ".") for skip in NOT_ENGINE):
            names.append(info.name)
    return names


def engine_files() -> list[str]:
    """The engine's source files, for mypy."""
    files = []
    for name in engine_modules():
        path = ROOT.joinpath(*name.split("."))
        files.append(str(path / "__init__.py" if path.is_dir() else path.with_suffix(".py")))
    return files
