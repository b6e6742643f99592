"""Where the class finds ``myword-edu serve``: its address on the class network, for links and QR codes.

``serve`` listens on ``--host`` (127.0.0.1 by default: this computer only;
``0.0.0.0``: every network the computer is on). A student's tablet needs the
computer's own address on the classroom network (``http://192.168.1.20:8866/``),
which :func:`class_base_url` works out once when the server starts, and
``serve`` puts in its kernels' environment (:data:`CLASS_URL_ENV`) so the
teacher panel can show the live room's link and QR code
(:mod:`myword_edu.ui.teacher.room_address`). Under a plain Voila or a
JupyterHub the variable is not set and the panel shows the join code only.

>>> base = class_base_url("0.0.0.0", 8866, lan=lambda: "192.168.1.20")
>>> base
'http://192.168.1.20:8866/'
>>> room_url(base, "K7M2Q")
'http://192.168.1.20:8866/voila/render/room.ipynb?code=K7M2Q'
>>> is_this_computer_only(base), is_this_computer_only(class_base_url("127.0.0.1", 8866))
(False, True)
"""

from __future__ import annotations

import ipaddress
import os
import socket
from typing import Callable, Mapping
from urllib.parse import urlencode, urlsplit

__all__ = [
    "CLASS_URL_ENV",
    "ROOM_NOTEBOOK",
    "lan_address",
    "class_base_url",
    "room_url",
    "class_base_from_environ",
    "is_this_computer_only",
]

#: Set by ``myword-edu serve`` for its kernels: the server's base address on the class network.
CLASS_URL_ENV = "MYWORD_EDU_CLASS_URL"
#: The live room's student page, relative to the notebooks folder.
ROOM_NOTEBOOK = "room.ipynb"
_ALL_INTERFACES = {"0.0.0.0", "", "::"}
_THIS_COMPUTER = {"localhost", "127.0.0.1", "::1"}


def lan_address() -> str | None:
    """This computer's address on its main network (the one a route out would use), or None without one.

    A UDP socket is "connected" to a private address: that picks the
    interface, and sends nothing.
    """
    for family, probe in ((socket.AF_INET, "10.255.255.255"), (socket.AF_INET6, "fd00::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 9))
                address = str(sock.getsockname()[0]).split("%")[0]
        except OSError:  # no network of this family
            continue
        if not ipaddress.ip_address(address).is_loopback and not ipaddress.ip_address(address).is_unspecified:
            return address
    return None


def _host_part(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def class_base_url(host: str, port: int, *, lan: Callable[[], str | None] = lan_address) -> str:
    """The server's base address as a student's device opens it, ``http://HOST:PORT/``.

    On every interface (``0.0.0.0``) that is this computer's network address
    (``localhost`` when it has none); on one address, that address; on this
    computer only, ``localhost`` (which no other device can open: see
    :func:`is_this_computer_only`).

    >>> class_base_url("0.0.0.0", 8000, lan=lambda: None)
    'http://localhost:8000/'
    >>> class_base_url("192.168.0.7", 8866), class_base_url("::", 8866, lan=lambda: "fd00::5")
    ('http://192.168.0.7:8866/', 'http://[fd00::5]:8866/')
    """
    if host in _ALL_INTERFACES:
        shown = lan() or "localhost"
    elif host in _THIS_COMPUTER or host.startswith("127."):
        shown = "localhost"
    else:
        shown = host
    return f"http://{_host_part(shown)}:{port}/"


def room_url(base: str, code: str | None = None) -> str:
    """The live room's page, with its join code filled in when given (the page reads ``?code=``).

    >>> room_url("http://localhost:8866/", "AB12C")
    'http://localhost:8866/voila/render/room.ipynb?code=AB12C'
    >>> room_url("http://localhost:8866/")
    'http://localhost:8866/voila/render/room.ipynb'
    """
    page = f"{base.rstrip('/')}/voila/render/{ROOM_NOTEBOOK}"
    return f"{page}?{urlencode({'code': code})}" if code else page


def class_base_from_environ(environ: Mapping[str, str] | None = None) -> str | None:
    """The base address ``serve`` gave its kernels, or None (not under ``myword-edu serve``, or not an http address).

    >>> class_base_from_environ({CLASS_URL_ENV: "http://10.0.0.4:8866/"}), class_base_from_environ({})
    ('http://10.0.0.4:8866/', None)
    >>> class_base_from_environ({CLASS_URL_ENV: "javascript:alert(1)"}) is None
    True
    """
    env = os.environ if environ is None else environ
    value = env.get(CLASS_URL_ENV, "")
    parts = urlsplit(value)
    return value if parts.scheme in ("http", "https") and parts.hostname else None


def is_this_computer_only(base: str) -> bool:
    """Whether only this computer can open ``base`` (``localhost``, ``127.x``, ``::1``).

    >>> is_this_computer_only("http://[::1]:8866/"), is_this_computer_only("http://10.1.2.3:8866/")
    (True, False)
    """
    host = urlsplit(base).hostname or ""
    return host in _THIS_COMPUTER or host.startswith("127.")
