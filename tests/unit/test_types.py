"""The engine type-checks (STYLE.md: full type hints, mypy on the engine)."""

import subprocess
import sys
from pathlib import Path

import pytest

from tests.engine_modules import engine_files

ROOT = Path(__file__).resolve().parents[2]



@pytest.mark.slow
def test_engine_passes_mypy():
    files = engine_files()
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache"), *files],
        capture_output=True, text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
