"""Where the students go: the live room's address on the class network, large, and its QR code to project.

The address is the room's page with its join code (``?code=K7M2Q``: the page
fills it in), on the base address ``myword-edu serve`` put in the kernel's
environment (:mod:`myword_edu.server.address`). The QR code is drawn by segno
(pure Python) as SVG inside the page: nothing is fetched from anywhere. segno
is imported only when a room is open.

Test hooks: ``.myword-room-address`` (the widget), ``.myword-room-url`` (the
address as text), ``svg.myword-room-qr``, ``.myword-room-local`` (the note
when only this computer can open the address).
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

from myword_edu.i18n.rooms import room_words
from myword_edu.server.address import is_this_computer_only, room_url

__all__ = ["qr_svg", "room_address_html"]

_STYLE = (
    "<style>.myword-room-address-box{display:flex;flex-wrap:wrap;gap:16px;align-items:center}"
    ".myword-room-url{font:bold clamp(22px,3.2vw,40px)/1.2 monospace;overflow-wrap:anywhere;margin:4px 0}"
    "svg.myword-room-qr{width:min(320px,80vw);height:auto;background:#fff;flex:none;shape-rendering:crispEdges}"
    ".myword-room-address-text{flex:1 1 300px;min-width:0}</style>"
)


@lru_cache(maxsize=16)
def qr_svg(url: str) -> str:
    """The QR code of ``url`` as an inline ``<svg>`` (no XML declaration, sized by CSS through its viewBox).

    Error correction "M" (15% of the code may be covered or smudged), the
    four-module quiet zone scanners need, black on white, titled with the
    address for screen readers.

    >>> svg = qr_svg("http://10.0.0.4:8866/voila/render/room.ipynb?code=K7M2Q")
    >>> svg.startswith("<svg") and 'class="myword-room-qr"' in svg and "viewBox" in svg
    True
    """
    import segno

    code = segno.make(url, error="m", micro=False)
    return str(code.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True, title=url,
                               svgclass="myword-room-qr", lineclass=None))  # fmt: skip


def room_address_html(lang: str, base: str | None, code: str) -> str:
    """The tab's address block for room ``code``: empty when the server's address is unknown (not under ``serve``).

    >>> html = room_address_html("en", "http://10.0.0.4:8866/", "K7M2Q")
    >>> "http://10.0.0.4:8866/voila/render/room.ipynb?code=K7M2Q</p>" in html, "<svg" in html
    (True, True)
    >>> room_address_html("en", None, "K7M2Q")
    ''
    """
    if base is None:
        return ""
    url = room_url(base, code)
    note = ""
    if is_this_computer_only(base):
        note = f"<p class='myword-room-local myword-bad'>{escape(room_words(lang, 'room_tab.address_local'))}</p>"
    return (
        f"{_STYLE}<div class='myword-room-address-box'>{qr_svg(url)}<div class='myword-room-address-text'>"
        f"<p>{escape(room_words(lang, 'room_tab.address'))}</p>"
        f"<p class='myword-room-url'>{escape(url)}</p>{note}</div></div>"
    )
