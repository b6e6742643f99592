"""Reading the page's request: the query string that carries practice settings.

Voila puts the request's query string in the kernel's ``QUERY_STRING``
environment variable. With preheated kernels the notebook runs before anyone
asks for the page, so :func:`settings_from_request` first waits for Voila to
hand the request over (``voila.utils.wait_for_request``, which returns at once
when the kernel is not preheated or not under Voila at all).
"""

from __future__ import annotations

import logging
import os

from ..text import Lang
from .settings import Settings

__all__ = ["preload", "settings_from_request", "query_from_request"]

log = logging.getLogger(__name__)


def preload() -> None:
    """Load what every page needs (widgets, both word lists) before the request arrives."""
    from ..lexicon import load_lexicon
    from . import app, whoami  # noqa: F401  (imports ipywidgets, anywidget and the class store)

    for lang in Lang:
        try:
            load_lexicon(lang.value)
        except OSError:
            log.warning("the %s word list is missing", lang.value)


def query_from_request() -> str:
    """The page's query string (after waiting for the request, in a preheated kernel)."""
    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        try:
            from voila.utils import wait_for_request
        except ImportError:  # not under Voila
            pass
        else:
            wait_for_request()
    return os.environ.get("QUERY_STRING", "")


def settings_from_request() -> Settings:
    """The settings in the page's query string (defaults for anything missing or wrong)."""
    return Settings.from_query(query_from_request())
