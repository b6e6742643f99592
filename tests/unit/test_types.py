"""The engine type-checks (STYLE.md: full type hints, mypy on the engine)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ["text", "errors", "cards", "_dawg", "lexicon", "spelling", "solver", "rules", "rules_values", "game",
          "resources", "bots", "i18n", "classroom", "schema", "store", "progress", "passcode", "device", "lessons", "export", "i18n_class", "class_cli",
          "boggle", "boggle_board", "boggle_solver", "boggle_class", "room_state", "room_log", "rooms", "boggle_room"]


@pytest.mark.slow
def test_engine_passes_mypy():
    files = [str(ROOT / "myword_edu" / f"{name}.py") for name in ENGINE]
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache"), *files],
        capture_output=True, text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
