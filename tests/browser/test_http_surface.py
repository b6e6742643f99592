"""What a real ``myword-edu serve`` answers to addresses a student may type or a probe may try.

``/`` and the folder listing send the visitor to the student app (no notebook
names shown); malformed paths are 404, never a 500 with a traceback.
"""

from __future__ import annotations

import http.client

import pytest

pytestmark = pytest.mark.browser


def get(server, path: str) -> tuple[int, str, str]:
    """Status, Location header and body of one GET, redirects not followed (so no page starts a kernel)."""
    connection = http.client.HTTPConnection("localhost", server.port, timeout=60)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.getheader("Location") or "", response.read().decode("utf-8", "replace")
    finally:
        connection.close()


@pytest.mark.parametrize("path,target", [
    ("/", "/voila/render/myword.ipynb"),
    ("/?lang=es", "/voila/render/myword.ipynb?lang=es"),
    ("/voila/tree", "/voila/render/myword.ipynb"),
    ("/voila/tree/", "/voila/render/myword.ipynb"),
    ("/voila/tree/teacher.ipynb", "/voila/render/myword.ipynb"),
])  # fmt: skip
def test_the_front_door_opens_the_student_app(server, path, target):
    status, location, body = get(server, path)
    assert (status, location) == (302, target)
    assert "teacher.ipynb" not in body and "boggle.ipynb" not in body


MALFORMED = [
    "/voila/templates/x",
    "/voila/templates/",
    "/voila/templates/a/b",
    "/voila/templates/lab/nostatic/x",
    "/voila/templates/lab/static/",
    "/voila/templates/..%2F..%2Fstatic/x",
    "/voila/templates/lab/static/a%00b",
    "/voila/templates/nope/static/x.js",
    "/voila/render/%00",
    "/voila/render/myword.ipynb%00",
    "/voila/api/contents/",  # the folder listing as JSON
    "/voila/api/contents/myword.ipynb",
    "/logout",
]


@pytest.mark.parametrize("path", MALFORMED)
def test_malformed_paths_are_not_found_not_a_server_error(server, path):
    status, _location, body = get(server, path)
    assert status == 404, (status, body[:300])
    assert "Traceback" not in body and "myword.ipynb" not in body


def test_the_app_and_its_template_files_are_still_served(server):
    assert get(server, "/voila/templates/myword/static/voila.js")[0] == 200
    assert get(server, "/voila/templates/lab/static/voila.js")[0] == 200
