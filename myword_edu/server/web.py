"""The HTTP surface of ``myword-edu serve``: Voila's handlers, with the holes a class would find closed.

:func:`harden_handlers` takes the handler list Voila builds and changes five things:

- ``/`` and ``/voila/tree/...`` (Voila's folder listing, which showed every
  notebook's name and loaded Font Awesome from a CDN) send the visitor to the
  student app instead, with the query string kept (``/?lang=es`` opens the
  app in Spanish). ``/voila/api/contents/...`` (the same listing as JSON)
  answers 404.
- A page (``/voila/render/...``) sets Tornado's ``_xsrf`` cookie. Voila's page
  sends it back with the shutdown beacon it fires when the tab closes; Voila
  serves pages from preheated kernels without ever setting the cookie, so the
  beacon was refused ("'_xsrf' argument missing from POST") and every closed
  tab's kernel lived until culled. The check itself is untouched: the beacon
  still needs the cookie and the same value in its form, which only a page of
  this server can read, and every other POST still needs both.
- Malformed ``/voila/templates/...`` paths, and paths with a NUL byte, answer
  404 instead of a 500 with a traceback in the log.
- ``/logout`` (there is no login) answers 404 instead of a 500.

Nothing here decides who may do what in the app: the teacher passcode and
every game rule are checked in Python in the kernels.
"""

from __future__ import annotations

import os
import re
from typing import Any

from jupyter_server.auth.logout import LogoutHandler
from tornado import web
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

__all__ = ["harden_handlers", "AppRedirectHandler", "NotFoundHandler", "PageHandler", "TemplateFileHandler"]

_TEMPLATE_NAME = re.compile(r"[A-Za-z0-9_.-]+")


class AppRedirectHandler(web.RequestHandler):
    """Sends ``/`` and the folder listing to the student app (query string kept)."""

    def initialize(self, target: str) -> None:
        self.target = target

    def get(self, *_args: Any, **_kwargs: Any) -> None:
        query = self.request.query
        self.redirect(self.target + (f"?{query}" if query else ""))

    head = get


class NotFoundHandler(web.RequestHandler):
    """404 for every method, with Tornado's plain page (nothing loaded from outside)."""

    def initialize(self, **_kwargs: Any) -> None:  # takes the replaced handler's settings
        pass

    def prepare(self) -> None:
        raise web.HTTPError(404)


class PageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voila's page, which also sets the ``_xsrf`` cookie its closing-tab shutdown request sends back."""

    async def get(self, path: str | None = None) -> None:
        if path is not None and "\x00" in path:
            raise web.HTTPError(404)
        self.xsrf_token  # noqa: B018 (reading it sets the cookie, before the page is streamed)
        await super().get(path)


class TemplateFileHandler(TemplateStaticFileHandler):  # type: ignore[misc]
    """Voila's template files (``<template>/static/<file>``); anything else is 404, never 500."""

    def parse_url_path(self, path: str) -> str:
        parts = path.split("/", 2)
        if len(parts) != 3 or parts[1] != "static" or not parts[2] or not _TEMPLATE_NAME.fullmatch(parts[0]) \
                or "\x00" in path:  # fmt: skip
            raise web.HTTPError(404)
        try:
            return str(super().parse_url_path(path))
        except ValueError:  # no such template
            raise web.HTTPError(404) from None

    @classmethod
    def get_absolute_path(cls, root: str, path: str) -> str:
        parts = os.path.normpath(path).split(os.path.sep, 2)
        if len(parts) != 3 or parts[1] != "static":  # "lab/static/../x" normalises away the folder
            raise web.HTTPError(404)
        try:
            return str(super().get_absolute_path(root, path))
        except ValueError:
            raise web.HTTPError(404) from None


def _replace(handler: Any, target: str) -> tuple[Any, ...] | None:
    """The replacement for one of Voila's handler classes, or None to keep it."""
    if isinstance(handler, type):
        if issubclass(handler, TornadoVoilaTreeHandler):
            return (AppRedirectHandler, {"target": target})
        if issubclass(handler, VoilaContentsHandler) or issubclass(handler, LogoutHandler):
            return (NotFoundHandler,)
        if handler is TemplateStaticFileHandler:
            return (TemplateFileHandler,)
        if handler is TornadoVoilaHandler:
            return (PageHandler,)
    return None


def harden_handlers(handlers: list[Any], *, app_path: str) -> list[Any]:
    """Voila's handler list with the changes listed in the module docs.

    ``app_path`` is the student app's path (``/voila/render/myword.ipynb``).

    >>> from voila.tornado.treehandler import TornadoVoilaTreeHandler
    >>> [h[:2] for h in harden_handlers([("/", TornadoVoilaTreeHandler, {})], app_path="/app")]
    [('/', <class 'myword_edu.server.web.AppRedirectHandler'>)]
    """
    out = []
    for entry in handlers:
        pattern, handler, *rest = entry
        new = _replace(handler, app_path)
        if new is None:
            out.append(entry)
        elif len(new) == 2:
            out.append((pattern, *new))
        else:
            out.append((pattern, new[0], *rest))
    return out
