"""The Boggle cubes and the review's word chips (anywidgets with their JavaScript inline).

:class:`BoggleGrid` draws the cubes. A student clicks cubes that touch, one
after another (the path lights up; clicking the last cube again sends it), or
presses on a cube and drags across its neighbours (letting go sends it). Arrow
keys move between cubes, Enter or Space picks one, Escape clears the path.
The page only sends the finished path, ``{"type": "path", "cells": [0, 1,
5]}``; Python checks it (:meth:`myword_edu.boggle.round.Round.play`). The cubes'
letters reach the page only once the round has started (``faces`` is empty
while they are covered). ``highlight`` shows a word's path in the review.

:class:`WordChips` is a row of words as buttons; clicking one sends
``{"type": "show", "id": 3}``.

Test hooks: ``div.boggle-grid`` holds ``button.boggle-cube`` elements with
``data-cell`` and ``data-face``; ``boggle-on`` marks the path being traced,
``boggle-shown`` a word shown in the review, ``boggle-bonus`` the red cube;
chips are ``button.boggle-chip`` with ``data-id``.
"""

from __future__ import annotations

from typing import Callable

import anywidget
from traitlets import Bool, Dict, Int, List, Unicode

__all__ = ["BoggleGrid", "WordChips", "GRID_CSS"]

GRID_CSS = """
.boggle-board { display: flex; flex-direction: column; align-items: center; gap: 6px; }
.boggle-grid {
  display: grid; gap: 10px; padding: 14px; border-radius: 18px; touch-action: none; user-select: none;
  background: #1d4f91; box-shadow: inset 0 0 0 4px #163d70; width: min(100%, 420px); box-sizing: border-box;
}
.boggle-grid.boggle-five { width: min(100%, 460px); gap: 8px; }
.boggle-cube {
  position: relative; aspect-ratio: 1 / 1; min-width: 0; padding: 0; margin: 0; box-sizing: border-box;
  font: 800 44px/1 system-ui, "DejaVu Sans", Arial, sans-serif; color: #1b1b1b;
  background: #fffdf5; border: 3px solid #d9cfa7; border-radius: 14px; box-shadow: 0 4px 0 #b9ad80;
  cursor: pointer; touch-action: none;
}
.boggle-five .boggle-cube { font-size: 34px; }
.boggle-cube.boggle-two { font-size: 34px; letter-spacing: -0.02em; }
.boggle-five .boggle-cube.boggle-two { font-size: 27px; }
.boggle-cube.boggle-blank { background: #dfe7f3; border-color: #b7c6de; box-shadow: 0 4px 0 #93a7c7; cursor: default; }
.boggle-cube.boggle-bonus { color: #b3140b; border-color: #e0554b; box-shadow: 0 4px 0 #b3140b; }
.boggle-cube.boggle-bonus::after {
  content: ""; position: absolute; left: 8px; top: 8px; width: 10px; height: 10px; border-radius: 5px; background: #d32f2f;
}
.boggle-cube.boggle-on { background: #ffe27a; border-color: #e08e00; box-shadow: 0 0 0 4px #e08e00; }
.boggle-cube.boggle-last { background: #ffc83d; }
.boggle-cube.boggle-shown { background: #bfe8cc; border-color: #1f6f4a; box-shadow: 0 0 0 4px #1f6f4a; }
.boggle-cube:focus-visible { outline: 4px solid #ffbf00; outline-offset: 2px; }
.boggle-cube:disabled { cursor: default; }
.boggle-cube:disabled:not(.boggle-blank) { color: #1b1b1b; opacity: 0.92; }
.boggle-cube .boggle-order {
  position: absolute; right: -8px; top: -10px; min-width: 24px; height: 24px; border-radius: 12px;
  background: #e08e00; color: #fff; font-size: 15px; line-height: 24px; font-weight: 700;
}
.boggle-cube.boggle-shown .boggle-order { background: #1f6f4a; }
.boggle-current { min-height: 34px; font: 700 26px/34px system-ui, "DejaVu Sans", Arial, sans-serif;
  letter-spacing: 0.08em; color: #8a4b00; }
.boggle-hint { margin: 0; font-size: 15px; color: #444; text-align: center; max-width: 440px; }
.boggle-chips { display: flex; flex-wrap: wrap; gap: 6px; max-height: 190px; overflow-y: auto; padding: 2px; }
.boggle-chip { font: 600 16px system-ui, "DejaVu Sans", Arial, sans-serif; padding: 4px 10px; border-radius: 8px;
  border: 2px solid #c9d9c9; background: #eef5e9; cursor: pointer; }
.boggle-chip:hover { border-color: #1f6f4a; }
.boggle-chip.boggle-chip-on { background: #1f6f4a; color: #fff; border-color: #1f6f4a; }
.boggle-chip:focus-visible { outline: 3px solid #ffbf00; outline-offset: 1px; }
@media (max-width: 800px) {
  .boggle-cube { font-size: 36px; }
  .boggle-cube.boggle-two { font-size: 28px; }
}
"""

_GRID_ESM = r"""
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "boggle-board";
  const grid = document.createElement("div");
  grid.className = "boggle-grid";
  grid.setAttribute("role", "group");
  const current = document.createElement("div");
  current.className = "boggle-current";
  current.setAttribute("aria-live", "polite");
  const hint = document.createElement("p");
  hint.className = "boggle-hint";
  root.append(grid, current, hint);
  el.appendChild(root);
  const cubes = [];
  let path = [];
  let drag = null;
  let skipClick = false;

  const usable = () => !model.get("disabled") && (model.get("faces") || []).length > 0;
  function touching(a, b) {
    const w = model.get("width");
    return a !== b && Math.abs(Math.floor(a / w) - Math.floor(b / w)) <= 1 && Math.abs((a % w) - (b % w)) <= 1;
  }
  function send() {
    if (path.length > 0 && usable()) model.send({ type: "path", cells: path.slice() });
    path = [];
    draw();
  }
  function tap(i) {
    if (!usable()) return;
    const last = path[path.length - 1];
    if (i === last) { send(); return; }
    const at = path.indexOf(i);
    if (at >= 0) path = path.slice(0, at + 1);
    else if (path.length === 0 || touching(last, i)) path.push(i);
    else path = [i];
    draw();
  }
  function dragTo(i) {
    const last = path[path.length - 1];
    if (i === last) return;
    if (path.length >= 2 && i === path[path.length - 2]) { path.pop(); draw(); return; }
    if (path.indexOf(i) < 0 && touching(last, i)) { path.push(i); draw(); }
  }
  function cellAt(x, y) {
    const target = document.elementFromPoint(x, y);
    const cube = target && target.closest ? target.closest(".boggle-cube") : null;
    if (!cube || !grid.contains(cube)) return null;
    // Only the middle of a cube counts, so a diagonal drag does not catch a neighbour's corner.
    const r = cube.getBoundingClientRect();
    const dx = (x - (r.left + r.width / 2)) / r.width;
    const dy = (y - (r.top + r.height / 2)) / r.height;
    return dx * dx + dy * dy > 0.16 ? null : Number(cube.dataset.cell);
  }
  grid.addEventListener("pointerdown", (e) => {
    skipClick = false;
    const cube = e.target.closest ? e.target.closest(".boggle-cube") : null;
    if (!cube || !usable()) return;
    drag = { start: Number(cube.dataset.cell), moved: false };
  });
  grid.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const i = cellAt(e.clientX, e.clientY);
    if (i === null) return;
    if (!drag.moved) {
      if (i === drag.start) return;
      drag.moved = true;
      path = [drag.start];
    }
    dragTo(i);
  });
  const release = () => {
    if (!drag) return;
    const moved = drag.moved;
    drag = null;
    if (moved) { skipClick = true; send(); }
  };
  window.addEventListener("pointerup", release);
  grid.addEventListener("pointercancel", () => { drag = null; });
  grid.addEventListener("click", (e) => {
    if (skipClick) { skipClick = false; return; }
    const cube = e.target.closest ? e.target.closest(".boggle-cube") : null;
    if (cube) tap(Number(cube.dataset.cell));
  });
  grid.addEventListener("keydown", (e) => {
    const cube = e.target.closest ? e.target.closest(".boggle-cube") : null;
    if (e.key === "Escape") { path = []; draw(); return; }
    if (!cube) return;
    const w = model.get("width"), n = cubes.length, i = Number(cube.dataset.cell);
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -w, ArrowDown: w }[e.key];
    if (step === undefined) return;
    const j = i + step;
    if (j < 0 || j >= n || (Math.abs(step) === 1 && Math.floor(j / w) !== Math.floor(i / w))) return;
    e.preventDefault();
    cubes[j].focus();
  });

  function draw() {
    const faces = model.get("faces") || [];
    const w = model.get("width"), n = w * model.get("height");
    const labels = model.get("labels") || [];
    const shown = model.get("highlight") || [];
    const bonus = model.get("bonus");
    const disabled = !!model.get("disabled");
    grid.style.gridTemplateColumns = "repeat(" + w + ", minmax(0, 1fr))";
    grid.classList.toggle("boggle-five", w >= 5);
    grid.setAttribute("aria-label", model.get("label"));
    while (cubes.length < n) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.cell = String(cubes.length);
      grid.appendChild(b);
      cubes.push(b);
    }
    while (cubes.length > n) cubes.pop().remove();
    path = path.filter((i) => i < n && faces.length > 0);
    cubes.forEach((b, i) => {
      const face = faces[i] || "";
      const inPath = path.indexOf(i), inShown = shown.indexOf(i);
      b.className = "boggle-cube" + (face ? "" : " boggle-blank") + (face.length > 1 ? " boggle-two" : "")
        + (face && i === bonus ? " boggle-bonus" : "") + (inPath >= 0 ? " boggle-on" : "")
        + (inPath >= 0 && inPath === path.length - 1 ? " boggle-last" : "") + (inShown >= 0 ? " boggle-shown" : "");
      b.dataset.face = face;
      b.disabled = disabled || !face;
      b.setAttribute("aria-label", labels[i] || "");
      b.setAttribute("aria-pressed", inPath >= 0 ? "true" : "false");
      b.replaceChildren(document.createTextNode(face || "\u00a0"));
      const order = inPath >= 0 ? inPath : inShown;
      if (order >= 0) {
        const badge = document.createElement("span");
        badge.className = "boggle-order";
        badge.setAttribute("aria-hidden", "true");
        badge.textContent = String(order + 1);
        b.appendChild(badge);
      }
    });
    const letters = path.map((i) => faces[i] || "").join("");
    current.textContent = letters ? model.get("path_label") + " " + letters.toUpperCase() : "";
    hint.textContent = model.get("hint");
  }

  const names = ["faces", "width", "height", "labels", "highlight", "bonus", "disabled", "label", "hint", "path_label"];
  for (const name of names) model.on("change:" + name, draw);
  const clear = () => { path = []; draw(); };
  model.on("change:clear", clear);
  draw();
  model.send({ type: "ready" });
  return () => {
    for (const name of names) model.off("change:" + name, draw);
    model.off("change:clear", clear);
    window.removeEventListener("pointerup", release);
  };
}
export default { render };
"""

_CHIPS_ESM = r"""
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "boggle-chips";
  root.setAttribute("role", "group");
  el.appendChild(root);
  root.addEventListener("click", (e) => {
    const chip = e.target.closest ? e.target.closest(".boggle-chip") : null;
    if (chip) model.send({ type: "show", id: Number(chip.dataset.id) });
  });
  function draw() {
    const words = model.get("words") || [];
    const selected = model.get("selected");
    root.setAttribute("aria-label", model.get("label"));
    root.replaceChildren(...words.map((w) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "boggle-chip" + (w.id === selected ? " boggle-chip-on" : "");
      b.dataset.id = String(w.id);
      b.setAttribute("aria-pressed", w.id === selected ? "true" : "false");
      b.textContent = w.text;
      if (!w.hear) return b;
      const item = document.createElement("span");
      item.className = "boggle-chip-item";
      item.append(b);
      item.insertAdjacentHTML("beforeend", w.hear);  // a "hear it" button (ui/widgets/speech.py)
      return item;
    }));
  }
  model.on("change:words", draw);
  model.on("change:selected", draw);
  model.on("change:label", draw);
  draw();
  return () => { model.off("change:words", draw); model.off("change:selected", draw); model.off("change:label", draw); };
}
export default { render };
"""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class BoggleGrid(anywidget.AnyWidget):
    """The cubes; a traced path arrives as ``on_path(cells)`` (unchecked: Python checks it)."""

    _esm = _GRID_ESM
    _css = GRID_CSS
    faces = List(Unicode()).tag(sync=True)
    width = Int(4).tag(sync=True)
    height = Int(4).tag(sync=True)
    labels = List(Unicode()).tag(sync=True)
    bonus = Int(-1).tag(sync=True)
    highlight = List(Int()).tag(sync=True)
    disabled = Bool(True).tag(sync=True)
    clear = Int(0).tag(sync=True)
    label = Unicode("").tag(sync=True)
    hint = Unicode("").tag(sync=True)
    path_label = Unicode("").tag(sync=True)

    def __init__(self, *, on_path: Callable[[list[int]], None], on_ready: Callable[[], None] = lambda: None, **kwargs) -> None:
        super().__init__(**kwargs)
        self._on_path = on_path
        self._on_ready = on_ready
        self.on_msg(self._handle_message)

    def clear_path(self) -> None:
        """Forget the path being traced on the page."""
        self.clear += 1

    def _handle_message(self, _widget: object, content: object, _buffers: object) -> None:
        if not isinstance(content, dict):
            return
        if content.get("type") == "path":
            cells = content.get("cells")
            if isinstance(cells, list) and cells and len(cells) <= 64 and all(_is_int(c) for c in cells):
                self._on_path(list(cells))
        elif content.get("type") == "ready":
            self._on_ready()


class WordChips(anywidget.AnyWidget):
    """Words as buttons; a click arrives as ``on_show(id)`` for an id that is on the list."""

    _esm = _CHIPS_ESM
    _css = GRID_CSS
    words = List(Dict()).tag(sync=True)
    selected = Int(-1).tag(sync=True)
    label = Unicode("").tag(sync=True)

    def __init__(self, *, on_show: Callable[[int], None], **kwargs) -> None:
        super().__init__(**kwargs)
        self._on_show = on_show
        self.on_msg(self._handle_message)

    def _handle_message(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("type") == "show":
            chip = content.get("id")
            if _is_int(chip) and any(w.get("id") == chip for w in self.words):
                self._on_show(chip)
