"""The live room's address on the class network and its QR code (server/address.py, ui/teacher/room_address.py)."""

from __future__ import annotations

import ipaddress
import re
import xml.etree.ElementTree as ET
from html import escape
from urllib.parse import parse_qs, urlsplit

from hypothesis import given, settings, strategies as st

from myword_edu.cli import room_line
from myword_edu.core.codes import CODE_ALPHABET, CODE_LENGTH
from myword_edu.server.address import (
    CLASS_URL_ENV,
    class_base_from_environ,
    class_base_url,
    is_this_computer_only,
    lan_address,
    room_url,
)
from myword_edu.ui.teacher.room_address import qr_svg, room_address_html

SVG = ""  # inline SVG in HTML5 needs no namespace (segno omits it)
codes = st.text(alphabet=CODE_ALPHABET, min_size=CODE_LENGTH, max_size=CODE_LENGTH)


@given(code=codes, last=st.integers(1, 254), port=st.integers(1024, 65535))
def test_the_room_url_has_the_lan_host_the_port_and_the_code_and_nothing_escaped(code, last, port):
    base = class_base_url("0.0.0.0", port, lan=lambda: f"192.168.1.{last}")
    url = room_url(base, code)
    parts = urlsplit(url)
    assert (parts.scheme, parts.hostname, parts.port) == ("http", f"192.168.1.{last}", port)
    assert parts.path == "/voila/render/room.ipynb"
    assert parse_qs(parts.query, strict_parsing=True) == {"code": [code]}
    assert url == f"http://192.168.1.{last}:{port}/voila/render/room.ipynb?code={code}"  # no %-escapes to misread
    assert escape(url) == url  # and nothing the page must escape: the text on screen is the address typed


def test_a_server_on_this_computer_only_gives_localhost_and_says_so():
    for host in ("127.0.0.1", "localhost", "::1"):
        base = class_base_url(host, 8866, lan=lambda: "192.168.1.20")
        assert base == "http://localhost:8866/" and is_this_computer_only(base)
    assert class_base_url("10.0.0.9", 9000) == "http://10.0.0.9:9000/"  # --host on one address: that address
    assert class_base_url("0.0.0.0", 8866, lan=lambda: None) == "http://localhost:8866/"  # no network at all


def test_the_machines_lan_address_is_a_real_address_or_none():
    address = lan_address()
    assert address is None or not ipaddress.ip_address(address).is_loopback


def test_the_kernel_reads_only_an_http_address_from_serve():
    assert class_base_from_environ({CLASS_URL_ENV: "http://192.168.1.20:8866/"}) == "http://192.168.1.20:8866/"
    for junk in ("", "javascript:alert(1)", "file:///etc/passwd", "http://"):
        assert class_base_from_environ({CLASS_URL_ENV: junk}) is None


@settings(deadline=None)  # the first call imports segno
@given(code=codes)
def test_the_qr_code_is_an_inline_svg_of_the_url(code):
    url = room_url("http://192.168.1.20:8866/", code)
    svg = qr_svg(url)
    assert svg.startswith("<svg") and "<?xml" not in svg  # inline: no XML declaration inside the page
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("class") == "myword-room-qr"
    assert root.find(f"{SVG}title").text == url  # says what it encodes (screen readers, a hover)
    size = int(root.get("viewBox").split()[2])
    assert (size - 8 - 21) % 4 == 0 and size >= 8 + 25  # a QR symbol (21 + 4n modules) and its 4-module quiet zone
    assert root.find(f"{SVG}path") is not None and not re.search(r"https?://(?!www\.w3\.org)", svg.replace(url, ""))
    assert qr_svg(room_url("http://192.168.1.20:8866/", code[::-1] + "X")) != svg  # another address, another code


def test_the_address_block_shows_the_url_large_with_its_qr_and_a_note_when_only_this_computer_can_open_it():
    html = room_address_html("en", "http://192.168.1.20:8866/", "K7M2Q")
    assert "<p class='myword-room-url'>http://192.168.1.20:8866/voila/render/room.ipynb?code=K7M2Q</p>" in html
    assert "<svg" in html and "scan the QR code" in html and "myword-room-local" not in html
    local = room_address_html("es", "http://localhost:8866/", "K7M2Q")
    assert "myword-room-local" in local and "--host 0.0.0.0" in local and "Solo este ordenador" in local
    assert room_address_html("en", None, "K7M2Q") == ""  # not under myword-edu serve: the join code only


def test_the_servers_window_names_the_room_page():
    line = room_line("http://192.168.1.20:8866/")
    assert "http://192.168.1.20:8866/voila/render/room.ipynb" in line and "Only this computer" not in line
    assert "--host 0.0.0.0" in room_line("http://localhost:8866/")
