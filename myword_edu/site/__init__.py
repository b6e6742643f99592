"""The static site: the student app with a Python kernel in the browser (``myword-edu build-site``).

- :mod:`~myword_edu.site.pins`: every piece, pinned by version and checksum.
- :mod:`~myword_edu.site.fetch`: downloads from PyPI and npm, checked and cached.
- :mod:`~myword_edu.site.wheel`: the project's lean wheel for the browser.
- :mod:`~myword_edu.site.pycompile`: the wheels byte-compiled by Pyodide itself (under Node.js).
- :mod:`~myword_edu.site.build`: the build (JupyterLite's REPL, the Pyodide kernel, our page).
- :mod:`~myword_edu.site.serve`: a loopback server that logs requests (tests, benchmark).
- ``assets/``: the page around the app (loading screen, frame, styles).

What runs in the browser is :mod:`myword_edu.ui.browser` and
:mod:`myword_edu.classroom.browser_progress`.
"""

from __future__ import annotations

from myword_edu.site.build import build_site
from myword_edu.site.fetch import SiteBuildError

__all__ = ["build_site", "SiteBuildError"]
