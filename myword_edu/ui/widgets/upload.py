"""A one-file picker that checks the file's size in the page before sending it (an anywidget).

ipywidgets' ``FileUpload`` sends any file the teacher picks, whole, in one
websocket message: a file over 10 MiB (Tornado's limit) dropped the page's
connection with no message, and the widget's value still held the previous
file, which Import then read again. This picker:

- reads the file's size in the page and sends a file over ``max_bytes`` as
  ``{"type": "too_big", "name", "size"}`` only, without its content;
- sends a file that fits as ``{"type": "file", "name", "size"}`` with its bytes
  as one buffer;
- in Python, forgets the previously chosen file as soon as any new choice
  arrives, re-checks the size of what came (a page can send anything), and
  holds the file in a plain attribute (no synced trait), until :meth:`take`.

>>> picker = FilePicker(max_bytes=4, label="Choose file")
>>> picker._receive({"type": "file", "name": "a.csv"}, [b"Ana"])
>>> picker.file
('a.csv', b'Ana')
>>> picker._receive({"type": "too_big", "name": "b.csv", "size": 10**9}, [])
>>> picker.file is None, picker.refused
(True, ('b.csv', 1000000000))
"""

from __future__ import annotations

import logging
from typing import Callable

import anywidget
from traitlets import Int, Unicode

__all__ = ["FilePicker", "human_size"]

log = logging.getLogger(__name__)

_ESM = r"""
function render({ model, el }) {
  const input = document.createElement("input");
  input.type = "file";
  input.className = "myword-file-input";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-button widget-button myword-choose-file";
  const chosen = document.createElement("span");
  chosen.className = "myword-file-chosen";
  chosen.setAttribute("aria-live", "polite");
  input.style.display = "none";
  const draw = () => {
    button.textContent = model.get("label");
    input.accept = model.get("accept");
    chosen.textContent = model.get("chosen");
  };
  button.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    input.value = "";  // choosing the same file again is a new choice
    if (!file) { model.send({ type: "cleared" }); return; }
    if (file.size > model.get("max_bytes")) {
      model.send({ type: "too_big", name: file.name, size: file.size });  // never its content
      return;
    }
    const data = await file.arrayBuffer();
    model.send({ type: "file", name: file.name, size: file.size }, undefined, [data]);  // (content, callbacks, buffers)
  });
  model.on("change:label", draw);
  model.on("change:accept", draw);
  model.on("change:chosen", draw);
  draw();
  el.classList.add("myword-file-picker");
  el.append(input, button, chosen);
  return () => { model.off("change:label", draw); model.off("change:accept", draw); model.off("change:chosen", draw); };
}
export default { render };
"""


def human_size(size: int, lang: str = "en") -> str:
    """A file size as a teacher reads it (decimal comma in Spanish).

    >>> human_size(900), human_size(12_600), human_size(12_345_678), human_size(12_345_678, "es")
    ('900 bytes', '13 kB', '12.3 MB', '12,3 MB')
    """
    if size < 1000:
        return f"{size} bytes"
    if size < 1_000_000:
        return f"{round(size / 1000)} kB"
    shown = f"{size / 1_000_000:.1f} MB"
    return shown.replace(".", ",") if lang == "es" else shown


class FilePicker(anywidget.AnyWidget):
    """Choose one file of at most ``max_bytes``; ``on_choice(picker)`` is called after every choice.

    After a choice, :attr:`file` is ``(name, bytes)`` when it fitted, and
    :attr:`refused` is ``(name, size)`` when the page said it was too big
    (then no content was sent). Both are None after :meth:`take`.
    """

    _esm = _ESM
    label = Unicode("").tag(sync=True)
    accept = Unicode("").tag(sync=True)
    max_bytes = Int(0).tag(sync=True)
    chosen = Unicode("").tag(sync=True)  # what the page shows beside the button (set by Python only)

    def __init__(self, *, max_bytes: int, on_choice: Callable[["FilePicker"], None] | None = None, **kwargs) -> None:
        super().__init__(max_bytes=max_bytes, **kwargs)
        self._max = max_bytes  # Python's own copy: the synced one is the page's to read, never to trust
        self._on_choice = on_choice
        self.file: tuple[str, bytes] | None = None
        self.refused: tuple[str, int] | None = None
        self.on_msg(lambda _widget, content, buffers: self._receive(content, buffers))

    def _receive(self, content: object, buffers: object) -> None:
        if not isinstance(content, dict) or content.get("type") not in ("file", "too_big", "cleared"):
            return
        self.file = None  # whatever comes now replaces the previous choice
        self.refused = None
        name = content.get("name")
        name = name[:200] if isinstance(name, str) else ""
        if content["type"] == "file":
            data = bytes(buffers[0]) if isinstance(buffers, (list, tuple)) and len(buffers) == 1 else b""
            if len(data) > self._max:  # the page did not check, or lied
                self.refused = (name, len(data))
            else:
                self.file = (name, data)
        elif content["type"] == "too_big":
            size = content.get("size")
            self.refused = (name, size if isinstance(size, int) and size > self._max else self._max + 1)
        log.info("file chosen: %r, %s", name, "kept" if self.file else "refused" if self.refused else "none")
        if self._on_choice is not None:
            self._on_choice(self)

    def take(self) -> tuple[str, bytes] | None:
        """The chosen file, forgotten from now on (an import uses a file once)."""
        file, self.file, self.refused = self.file, None, None
        self.chosen = ""
        return file
