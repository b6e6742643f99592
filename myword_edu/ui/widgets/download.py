"""A download button that builds its file in Python when clicked (an anywidget).

The page sends ``{"type": "download"}``; Python builds the file *then* (so it
is up to date) and sends it back as a binary buffer; the page saves it with
a temporary ``blob:`` link. Nothing is fetched from a server URL, so it works
under Voila's allowlist and offline.
"""

from __future__ import annotations

import logging
from typing import Callable

import anywidget
from traitlets import Unicode

__all__ = ["DownloadButton", "SAVE_FILE_JS"]

log = logging.getLogger(__name__)

#: A JavaScript function that saves a file message (``{filename, mime}`` + one buffer) through a
#: temporary ``blob:`` link; shared with the static site's page widget (:mod:`.browser`).
SAVE_FILE_JS = r"""
function saveFile(msg, buffers) {
  const blob = new Blob(buffers || [], { type: msg.mime || "application/octet-stream" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = msg.filename;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}
"""

_ESM = SAVE_FILE_JS + r"""
function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-button widget-button myword-download";
  const draw = () => { button.textContent = model.get("label"); };
  button.addEventListener("click", () => model.send({ type: "download" }));
  const onFile = (msg, buffers) => {
    if (msg && msg.type === "file") saveFile(msg, buffers);
  };
  model.on("msg:custom", onFile);
  model.on("change:label", draw);
  draw();
  el.appendChild(button);
  return () => { model.off("msg:custom", onFile); model.off("change:label", draw); };
}
export default { render };
"""


class DownloadButton(anywidget.AnyWidget):
    """A button that downloads ``build()`` = (file name, bytes); ``mime`` is the file's type."""

    _esm = _ESM
    label = Unicode("").tag(sync=True)

    def __init__(self, build: Callable[[], tuple[str, bytes]], *, mime: str = "text/csv", **kwargs) -> None:
        super().__init__(**kwargs)
        self._build = build
        self.mime = mime
        self.sent: list[str] = []  # file names sent (for tests and logs)
        self.on_msg(self._handle_message)

    def _handle_message(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("type") == "download":
            filename, data = self._build()
            self.send({"type": "file", "filename": filename, "mime": self.mime}, buffers=[data])
            self.sent.append(filename)
            log.info("sent %s (%d bytes)", filename, len(data))
