"""No control's label is cut off ("Seconds p..."): every tab of the teacher's panel and every student
page, in English and Spanish, at a laptop's 1366x768 and a tablet's 768x1024, in Debian's Chromium
against a real ``myword-edu serve``. A label is cut when its text is wider than its box."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import ROOM_PASSCODE

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIZES = ((1366, 768), (768, 1024))

#: Every visible label (ipywidgets' description labels, checkbox labels, Label widgets) whose text is
#: wider than its box: [text, scrollWidth, clientWidth].
CUT = """() => [...document.querySelectorAll('.widget-label, .widget-label-basic, label')]
  .filter(e => e.offsetParent !== null && e.textContent.trim())
  .filter(e => e.scrollWidth > e.clientWidth + 1)
  .map(e => [e.textContent.trim(), e.scrollWidth, e.clientWidth])"""


def cut_labels(page, where: str, cut: list) -> None:
    """Check the page at each size (the same page resized: the widgets lay out again)."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(f"() => document.documentElement.clientWidth === {width}")
        page.evaluate("() => document.fonts.ready.then(() => true)")
        labels = page.evaluate("() => document.querySelectorAll('.widget-label, label').length")
        assert labels, f"{where}: no label on the page"
        cut += [f"{where} {width}x{height}: {text!r} {scroll}>{client}px" for text, scroll, client in page.evaluate(CUT)]


def test_no_label_is_cut_in_the_teachers_tabs(room_server, pages):
    teacher = pages(f"{room_server.base}/voila/render/teacher.ipynb")
    teacher.locator(".myword-lock input[type=password]").first.fill(ROOM_PASSCODE)
    teacher.locator("button.myword-unlock").click()
    teacher.get_by_role("tab", name="Live room").wait_for()
    cut: list[str] = []
    for lang, switch in (("en", None), ("es", "Español")):
        if switch:
            teacher.locator(".myword-teacher-header .widget-toggle-buttons button", has_text=switch).click()
            teacher.get_by_role("tab", name=re.compile("Sala|Alumnos")).first.wait_for()
        tabs = teacher.get_by_role("tab")
        names = [tabs.nth(i).inner_text().strip() for i in range(tabs.count())]
        assert len(names) >= 6, names  # Students, Lessons, Progress, Class, Live room, Boggle
        for index, name in enumerate(names):
            tabs.nth(index).click()
            teacher.wait_for_function(
                f"() => [...document.querySelectorAll('[role=tab]')][{index}].getAttribute('aria-selected') === 'true'"
            )
            cut_labels(teacher, f"teacher {lang} tab {name!r}", cut)
            if teacher.locator(".myword-room-game select").is_visible():  # the live room's Boggle controls too
                teacher.locator(".myword-room-game select").select_option(label="Boggle")
                teacher.locator(".myword-room-minutes select").wait_for()
                cut_labels(teacher, f"teacher {lang} tab {name!r} Boggle", cut)
                teacher.locator(".myword-room-game select").select_option(label="MyWord!")
    assert not cut, "\n".join(cut)


def test_no_label_is_cut_on_the_students_pages(server, room_server, pages):
    cut: list[str] = []
    for lang in ("en", "es"):
        solo = pages(f"{server.base}/voila/render/myword.ipynb?lang={lang}")
        solo.wait_for_selector(".myword-table .myword-card")
        cut_labels(solo, f"solo {lang}", cut)
        solo.locator(".myword-header .widget-toggle-buttons").nth(1).locator("button").nth(1).click()  # class screen
        solo.wait_for_selector(".myword-settings .widget-text:not(.myword-hidden)")
        cut_labels(solo, f"solo {lang} projector", cut)
        boggle = pages(f"{server.base}/voila/render/boggle.ipynb?lang={lang}")
        boggle.wait_for_selector(".boggle-grid .boggle-cube")
        cut_labels(boggle, f"boggle {lang}", cut)
    assert not cut, "\n".join(cut)
