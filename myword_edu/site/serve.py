"""Serve a built site on this computer, counting what the browser asks for.

``python -m http.server`` is all a teacher needs; this is the same server
(standard library only) with a log of every request and the bytes sent, for
the site's browser test and benchmark.

>>> server = SiteServer(Path("."), port=0)
>>> server.url.startswith("http://127.0.0.1:")
True
>>> server.close()
"""

from __future__ import annotations

import functools
import http.server
import threading
from dataclasses import dataclass
from pathlib import Path

__all__ = ["SiteServer", "Served"]


@dataclass(frozen=True)
class Served:
    """One request the server answered: path, status and body bytes sent."""

    path: str
    status: int
    bytes: int


class _Handler(http.server.SimpleHTTPRequestHandler):
    log_to: list[Served]

    def log_message(self, format: str, *args: object) -> None:  # quiet: the log is kept in memory
        pass

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        before = source.tell()
        super().copyfile(source, outputfile)
        self._sent = source.tell() - before

    def handle_one_request(self) -> None:
        self._status, self._sent = 0, 0
        super().handle_one_request()
        if getattr(self, "path", None) and self._status:
            self.log_to.append(Served(self.path, self._status, self._sent))


class SiteServer:
    """A threaded static server for ``folder`` on 127.0.0.1 (``port=0``: any free port)."""

    def __init__(self, folder: Path, *, port: int = 0) -> None:
        self.requests: list[Served] = []
        handler = type("Handler", (_Handler,), {"log_to": self.requests})
        self.httpd = http.server.ThreadingHTTPServer(
            ("127.0.0.1", port), functools.partial(handler, directory=str(folder))
        )
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()

    def bytes_sent(self) -> int:
        return sum(r.bytes for r in self.requests)

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> "SiteServer":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
