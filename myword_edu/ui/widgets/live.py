"""A live region: text a screen reader announces when it changes (feedback, status).

An ``ipywidgets.HTML`` replaces its whole content, so an ``aria-live`` element
inside it is new each time and is not announced. This anywidget keeps one
``role="status"`` element and only changes what is inside it. Its ``html``
must be built with escaped text (see :mod:`myword_edu.ui.myword.panels`).
"""

from __future__ import annotations

import anywidget
from traitlets import Unicode

__all__ = ["LiveRegion"]

_ESM = r"""
function render({ model, el }) {
  const box = document.createElement("div");
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", model.get("politeness") || "polite");
  box.className = model.get("css_class");
  el.appendChild(box);
  const draw = () => { box.innerHTML = model.get("html"); };
  model.on("change:html", draw);
  draw();
  return () => model.off("change:html", draw);
}
export default { render };
"""


class LiveRegion(anywidget.AnyWidget):
    """A status line announced by screen readers; ``html`` is trusted, escaped markup."""

    _esm = _ESM
    html = Unicode("").tag(sync=True)
    css_class = Unicode("").tag(sync=True)
    politeness = Unicode("polite").tag(sync=True)
