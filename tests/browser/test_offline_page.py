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


# Every page a student can reach (typing the server's address, a mistyped link), loaded in Chromium.
# An app page is ready when its widgets are drawn; an error page or a redirect, when it has loaded.
READY = ".myword-app, .myword-teacher, .myword-who, .myword-room, .boggle-app"
STUDENT_REACHABLE = [
    ("/", READY),
    ("/?lang=es", READY),
    ("/voila/tree", READY),
    ("/voila/tree/notebooks", READY),
    ("/voila/render/myword.ipynb", READY),
    ("/voila/render/myword.ipynb?seed=5&bots=1&lang=es", READY),
    ("/voila/render/boggle.ipynb", READY),
    ("/voila/render/room.ipynb", READY),
    ("/voila/render/teacher.ipynb", READY),
    ("/voila/render/nope.ipynb", None),  # 404 page
    ("/voila/templates/lab/static/nope.js", None),
    ("/voila/files/myword.ipynb", None),  # 403 page
]


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("path,ready", STUDENT_REACHABLE, ids=[p for p, _ in STUDENT_REACHABLE])
def test_no_page_a_student_can_reach_loads_anything_from_outside(server, chromium, path, ready):
    context = chromium.new_context()
    page = context.new_page()
    page.set_default_timeout(180_000)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    try:
        page.goto(server.base + path, wait_until="load")
        if ready:
            page.wait_for_selector(ready)
        page.wait_for_load_state("networkidle")
        outside = [u for u in requested if not u.startswith((server.base, "data:", "blob:"))]
        assert outside == [], outside
    finally:
        page.close(run_before_unload=True)  # its kernel stops (see test_kernels.py)
        context.close()
