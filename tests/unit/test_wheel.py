"""A non-editable install carries the word lists, notebooks and lessons."""

import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_wheel_installs_and_loads_both_lexicons(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)],
        check=True,
    )
    wheel = next(dist.glob("myword_edu-*.whl"))
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], check=True)
    code = (
        "from myword_edu.lexicon.wordlist import load_lexicon\n"
        "from myword_edu.core.resources import data_dir\n"
        "en, es = load_lexicon('en'), load_lexicon('es')\n"
        "assert 'cat' in en and es.spelling('camion') == 'camión'\n"
        "print(data_dir('wordlists'))\n"
        "print(sorted(p.name for p in data_dir('notebooks').glob('*.ipynb')))\n"
        "print(len(list(data_dir('lessons').glob('*'))) >= 0)\n"
        "from myword_edu.i18n.game import message\n"
        "print(message('es', 'deck.left', left=1, total=71))\n"
    )
    out = subprocess.run([str(python), "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path)
    lines = out.stdout.splitlines()
    assert "site-packages" in lines[0]  # from the installed wheel, not this checkout
    assert "myword.ipynb" in lines[1]
    assert lines[3] == "Queda 1 de 71 cartas"  # the compiled Spanish catalog is in the wheel
