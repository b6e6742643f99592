"""nbval runs every notebook in ``notebooks/`` (in a fresh pytest, as CI would run ``pytest --nbval``).

Widget model ids are not compared by nbval; the app's ``text/plain`` repr is
stable (no random content), so no cell needs ``# NBVAL_IGNORE_OUTPUT``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from myword_edu.core.resources import data_dir

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(data_dir("notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    assert NOTEBOOKS


@pytest.mark.slow
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_nbval(notebook: Path):
    env = {k: v for k, v in os.environ.items() if k not in ("QUERY_STRING", "VOILA_PREHEAT")}
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), *filter(None, [env.get("PYTHONPATH")])])
    command = [sys.executable, "-m", "pytest", "--nbval", "-p", "no:cacheprovider", "-q", "-o", "addopts=--strict-markers", str(notebook)]
    proc = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"{' '.join(command)}\n{proc.stdout[-6000:]}\n{proc.stderr[-3000:]}"
