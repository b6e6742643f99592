"""The served page names no outside address a browser would fetch (offline classrooms)."""

import re
import urllib.request

import pytest

# XML namespaces in inline SVGs are names, not downloads.
NAMESPACES = re.compile(r"https?://(www\.w3\.org/|creativecommons\.org/ns#|purl\.org/dc/)")


@pytest.mark.browser
def test_app_page_has_no_outside_urls(server):
    with urllib.request.urlopen(server.app_url, timeout=60) as response:
        page = response.read().decode("utf-8")
    urls = {u for u in re.findall(r"https?://[^\"' )<>]+", page) if not NAMESPACES.match(u)}
    outside = {u for u in urls if not u.startswith(server.base) and "localhost" not in u and "127.0.0.1" not in u}
    assert outside == set(), outside
