"""The engine imports no Jupyter package (it must also run in a browser kernel)."""

import subprocess
import sys

from tests.engine_modules import engine_modules

ENGINE = engine_modules()
assert len(ENGINE) > 40, ENGINE  # the walk found the packages


def test_engine_loads_no_jupyter_package():
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in ENGINE)
        + "from myword_edu.lexicon.wordlist import load_lexicon\n"
        + "load_lexicon('en'); load_lexicon('es')\n"
        + "bad = [m for m in ('ipywidgets', 'traitlets', 'IPython', 'ipykernel', 'comm') if m in sys.modules]\n"
        + "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_static_sites_apps_load_no_database_driver():
    """The browser kernel has no SQLAlchemy: the site's MyWord! and Boggle apps must not need it."""
    code = (
        "import sys\n"
        "from myword_edu.ui.browser import build_site_app\n"
        "build_site_app('myword', 'seed=1&bots=0', ['myword', 'boggle'])\n"
        "build_site_app('boggle', 'seed=1&bots=0', ['myword', 'boggle'])\n"
        "print(','.join(m for m in ('sqlalchemy', 'psycopg') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1:] in ([], [""])
