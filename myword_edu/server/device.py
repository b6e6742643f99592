"""Which browser a page comes from: a random cookie that ``myword-edu serve`` gives every browser.

The teacher panel limits wrong passcodes per browser (see
:mod:`myword_edu.classroom.passcode`), so it must know which browser a page is in, and
a page must not be able to claim to be another. Voila passes no client
address to a kernel, only the request headers listed in ``voila.json``'s
``http_header_envs``. So ``myword-edu serve`` wraps Voila's page handler
(:func:`with_device_cookie`):

- a browser without a valid :data:`DEVICE_COOKIE` gets a new random one
  (128 bits, ``HttpOnly``, for 400 days), set with the page's response;
- the handler then writes the cookie's value into the request's
  :data:`DEVICE_HEADER`, replacing whatever the browser sent in that header,
  and Voila hands it to the page's kernel as ``HTTP_X_MYWORD_DEVICE``.

A kernel trusts that variable only when ``serve`` marked the environment
(:data:`TRUST_ENV`): under a plain Voila the header could come from the
browser. On a JupyterHub every user has their own server, and the hub's
``JUPYTERHUB_USER`` names the device instead. Otherwise
:func:`device_from_environ` answers None (every page then shares one count).
Clearing cookies or opening a private window makes a new device: that is why
the passcode also has a limit for the whole class.

>>> token = new_device_token(); is_device_token(token), is_device_token("../x"), is_device_token(None)
(True, False, False)
>>> env = {DEVICE_ENV: token}
>>> device_from_environ(env) is None, device_from_environ({**env, TRUST_ENV: "1"}) == token
(True, True)
>>> device_from_environ({**env, "JUPYTERHUB_USER": "ana"})
'jupyterhub-user:ana'
"""

from __future__ import annotations

import os
import re
import secrets
from typing import Any, Mapping, Sequence

__all__ = [
    "DEVICE_COOKIE",
    "DEVICE_HEADER",
    "DEVICE_ENV",
    "TRUST_ENV",
    "new_device_token",
    "is_device_token",
    "device_from_environ",
    "with_device_cookie",
    "device_handlers",
]

DEVICE_COOKIE = "myword_device"
DEVICE_HEADER = "X-MyWord-Device"
#: How Voila names the header in the kernel's environment (``HTTP_`` + upper case, ``-`` as ``_``).
DEVICE_ENV = "HTTP_X_MYWORD_DEVICE"
#: Set by ``myword-edu serve`` for its kernels: the device header was written by the server, not the page.
TRUST_ENV = "MYWORD_EDU_DEVICE_COOKIE"
_TOKEN = re.compile(r"[0-9a-f]{32}")
_COOKIE_DAYS = 400


def new_device_token() -> str:
    return secrets.token_hex(16)


def is_device_token(value: object) -> bool:
    return isinstance(value, str) and _TOKEN.fullmatch(value) is not None


def device_from_environ(environ: Mapping[str, str] | None = None) -> str | None:
    """The page's device (its browser's cookie) from the kernel's environment, or None when unknown or untrusted."""
    env = os.environ if environ is None else environ
    if env.get(TRUST_ENV) == "1":
        token = env.get(DEVICE_ENV)
        return token if is_device_token(token) else None
    user = env.get("JUPYTERHUB_USER", "")
    return f"jupyterhub-user:{user}" if user else None


def with_device_cookie(handler: type) -> type:
    """A subclass of a Tornado page handler that gives the browser a device cookie and the kernel its value."""

    class DeviceCookieHandler(handler):  # type: ignore[misc, valid-type]
        def prepare(self) -> Any:
            token = self.get_cookie(DEVICE_COOKIE)
            if not is_device_token(token):
                token = new_device_token()
                self.set_cookie(DEVICE_COOKIE, token, path="/", expires_days=_COOKIE_DAYS, httponly=True, samesite="Lax")
            self.request.headers[DEVICE_HEADER] = token  # replaces any such header the browser sent
            return super().prepare()

    DeviceCookieHandler.__name__ = DeviceCookieHandler.__qualname__ = f"DeviceCookie{handler.__name__}"
    return DeviceCookieHandler


def device_handlers(handlers: Sequence[Any], page_handler: type) -> list[Any]:
    """Voila's handler list with ``page_handler`` (the notebook pages) replaced by its device-cookie subclass."""
    wrapped = with_device_cookie(page_handler)
    return [(spec[0], wrapped, *spec[2:]) if isinstance(spec, tuple) and len(spec) > 1 and spec[1] is page_handler
            else spec for spec in handlers]  # fmt: skip
