"""Tells the student when the page has lost its kernel: "connection lost, reopen the link" (an anywidget).

Every page is drawn by its own kernel. When that kernel dies (killed, culled,
restarted by the server) or the server goes away, the widgets on the page
stop answering but stay drawn: a stale table that ignores every click. This
widget watches the page's kernel connection (the widget manager's
``kernel.statusChanged`` and ``connectionStatusChanged``) and then covers the
page with the message and a Reopen button, in the page's language.

The message is drawn without Python (Python is gone by then), so the page
holds both languages' texts, and the language of the page as Python last
said. The page asks for it a moment after each click or key (at most one
question per 0.7 s): by the time the connection is lost, the last answer is
the language the student was reading. Before the first answer, the page's
``lang=`` query parameter decides, else English.

>>> watch = ConnectionWatch(lang_of=lambda: "es")
>>> sorted(watch.messages), watch.lang
(['en', 'es'], 'es')
>>> watch._receive({"type": "lang"}); watch.lang
'es'
"""

from __future__ import annotations

from typing import Callable

import anywidget
from traitlets import Dict, Unicode

from myword_edu.i18n.game import languages, message

__all__ = ["ConnectionWatch", "CONNECTION_CSS"]

#: How the message covers the stale page (in the page's CSS: drawn even when Python is gone).
CONNECTION_CSS = """
.myword-connection-lost { position: fixed; inset: 0; z-index: 10000; display: flex; align-items: center;
  justify-content: center; background: rgba(255, 253, 245, 0.92); }
.myword-connection-lost[hidden] { display: none; }
.myword-connection-lost > div { max-width: 520px; margin: 16px; padding: 20px 24px; background: #fff;
  border: 3px solid #b3261e; border-radius: 14px; text-align: center; font-size: 20px; line-height: 1.4; }
.myword-connection-lost button { font-size: 20px; height: auto; padding: 8px 22px; margin-top: 8px;
  background: #1f5fbf; color: #fff; border-radius: 10px; }
"""

_ESM = r"""
const LOST = ["dead", "autorestarting", "restarting"];

function render({ model, el }) {
  el.style.display = "none";
  const cover = document.createElement("div");
  cover.className = "myword-connection-lost";
  cover.setAttribute("role", "alert");
  cover.hidden = true;
  const box = document.createElement("div");
  const text = document.createElement("p");
  const reopen = document.createElement("button");
  reopen.type = "button";
  reopen.className = "jupyter-button widget-button myword-reopen";
  reopen.addEventListener("click", () => window.location.reload());
  const style = document.createElement("style");
  style.textContent = model.get("css");
  box.append(text, reopen);
  cover.append(style, box);
  document.body.append(cover);

  let lost = false, unloading = false, slow = null, asking = null;
  const lang = () => {
    const said = model.get("lang");
    if (said) return said;
    return new URLSearchParams(window.location.search).get("lang") === "es" ? "es" : "en";
  };
  const draw = () => {
    const all = model.get("messages");
    const m = all[lang()] || all.en;
    text.textContent = m.lost;
    reopen.textContent = m.reopen;
    cover.lang = lang();
  };
  const show = () => setTimeout(() => {  // not while the tab itself is closing
    if (lost || unloading) return;
    lost = true;
    draw();
    cover.hidden = false;
    document.body.classList.add("myword-connection-is-lost");
    reopen.focus();
  }, 300);
  const onStatus = (_kernel, status) => { if (LOST.includes(status)) show(); };
  const onConnection = (_kernel, status) => {
    clearTimeout(slow);
    if (status === "disconnected") show();
    else if (status === "connecting") slow = setTimeout(show, 8000);  // reconnecting for a while: say so
  };
  const kernel = model.widget_manager && model.widget_manager.kernel;
  if (kernel && kernel.statusChanged) {
    kernel.statusChanged.connect(onStatus);
    kernel.connectionStatusChanged.connect(onConnection);
    if (LOST.includes(kernel.status) || kernel.connectionStatus === "disconnected") show();
  }
  const ask = () => {  // a little after the click, so the answer includes what the click changed
    if (lost || asking) return;
    asking = setTimeout(() => { asking = null; if (!lost) model.send({ type: "lang" }); }, 700);
  };
  const onUnload = () => { unloading = true; };
  document.addEventListener("pointerdown", ask, true);
  document.addEventListener("keydown", ask, true);
  window.addEventListener("beforeunload", onUnload);
  model.on("change:lang", draw);
  draw();
  return () => {
    clearTimeout(asking);
    clearTimeout(slow);
    if (kernel && kernel.statusChanged) {
      kernel.statusChanged.disconnect(onStatus);
      kernel.connectionStatusChanged.disconnect(onConnection);
    }
    document.removeEventListener("pointerdown", ask, true);
    document.removeEventListener("keydown", ask, true);
    window.removeEventListener("beforeunload", onUnload);
    model.off("change:lang", draw);
    cover.remove();
  };
}
export default { render };
"""


def _messages() -> dict[str, dict[str, str]]:
    return {lang: {"lost": message(lang, "connection.lost"), "reopen": message(lang, "connection.reopen")}
            for lang in languages()}  # fmt: skip


class ConnectionWatch(anywidget.AnyWidget):
    """Shows "connection lost, reopen the link" over the page when its kernel is gone.

    ``lang_of()`` is the language the page shows now; it is asked when the page asks.
    """

    _esm = _ESM
    lang = Unicode("").tag(sync=True)
    messages = Dict().tag(sync=True)
    css = Unicode(CONNECTION_CSS).tag(sync=True)

    def __init__(self, *, lang_of: Callable[[], str], **kwargs) -> None:
        super().__init__(messages=_messages(), **kwargs)
        self._lang_of = lang_of
        self.lang = self._current()
        self.on_msg(lambda _widget, content, _buffers: self._receive(content))

    def _current(self) -> str:
        lang = self._lang_of()
        return lang if lang in self.messages else "en"

    def _receive(self, content: object) -> None:
        if isinstance(content, dict) and content.get("type") == "lang":
            self.lang = self._current()
