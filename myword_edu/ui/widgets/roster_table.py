"""The class list as a table with a tick box per student (an anywidget).

The page draws ``rows`` (text only: every cell goes in with ``textContent``)
and sends intents: ``{"type": "toggle", "id": 4}`` or ``{"type": "all", "on":
true}``. Python keeps ``selected`` and checks every id against the rows it
drew; the page never decides who is selected.
"""

from __future__ import annotations

from typing import Callable, Sequence

import anywidget
from traitlets import Dict, Int, List, Unicode

__all__ = ["RosterTable"]

_ESM = r"""
function render({ model, el }) {
  const wrap = document.createElement("div");
  wrap.className = "myword-roster-wrap";
  const table = document.createElement("table");
  table.className = "myword-roster";
  wrap.appendChild(table);
  el.appendChild(wrap);
  function cell(tag, text) { const c = document.createElement(tag); c.textContent = text; return c; }
  function draw() {
    const rows = model.get("rows") || [];
    const selected = new Set(model.get("selected") || []);
    table.replaceChildren();
    table.setAttribute("aria-label", model.get("label"));
    const head = document.createElement("thead");
    const hr = document.createElement("tr");
    const allCell = document.createElement("th");
    const all = document.createElement("input");
    all.type = "checkbox";
    all.setAttribute("aria-label", model.get("select_all_label"));
    all.checked = rows.length > 0 && rows.every((r) => selected.has(r.id));
    all.addEventListener("change", () => model.send({ type: "all", on: all.checked }));
    allCell.appendChild(all);
    hr.appendChild(allCell);
    for (const h of model.get("headers") || []) hr.appendChild(cell("th", h));
    head.appendChild(hr);
    table.appendChild(head);
    const body = document.createElement("tbody");
    for (const row of rows) {
      const tr = document.createElement("tr");
      tr.dataset.id = String(row.id);
      if (selected.has(row.id)) tr.className = "selected";
      const boxCell = document.createElement("td");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.checked = selected.has(row.id);
      box.setAttribute("aria-label", row.cells[0]);
      box.addEventListener("change", () => model.send({ type: "toggle", id: row.id }));
      boxCell.appendChild(box);
      tr.appendChild(boxCell);
      row.cells.forEach((text, i) => {
        const c = cell("td", text);
        if (i === 0) { c.className = "name"; c.addEventListener("click", () => model.send({ type: "toggle", id: row.id })); }
        tr.appendChild(c);
      });
      body.appendChild(tr);
    }
    table.appendChild(body);
  }
  for (const name of ["rows", "selected", "headers", "label", "select_all_label"]) model.on("change:" + name, draw);
  draw();
}
export default { render };
"""


class RosterTable(anywidget.AnyWidget):
    """Rows ``{"id": 3, "cells": ["Ana", "4", ...]}``; ``on_select(ids)`` after each change of the ticks."""

    _esm = _ESM
    rows = List(Dict()).tag(sync=True)
    headers = List(Unicode()).tag(sync=True)
    selected = List(Int()).tag(sync=True)
    label = Unicode("").tag(sync=True)
    select_all_label = Unicode("").tag(sync=True)

    def __init__(self, *, on_select: Callable[[list[int]], None] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self._on_select = on_select or (lambda ids: None)
        self._ids: list[int] = []  # the rows Python drew (the synced traits are the page's copy)
        self._chosen: list[int] = []
        self.on_msg(self._handle_message)

    @property
    def chosen(self) -> list[int]:
        """The ticked student ids, as Python decided them (never read back from the page)."""
        return list(self._chosen)

    @property
    def row_ids(self) -> list[int]:
        return list(self._ids)

    def set_rows(self, rows: Sequence[dict]) -> None:
        """Draw these rows; ticks on students no longer listed are dropped."""
        self.rows = list(rows)
        self._ids = [r["id"] for r in self.rows]
        self.select(self._chosen)

    def select(self, ids: Sequence[int]) -> None:
        valid = set(self._ids)
        self._chosen = [i for i in dict.fromkeys(ids) if i in valid]
        if self._chosen != list(self.selected):
            self.selected = self._chosen
        self._on_select(self.chosen)

    def _handle_message(self, _widget: object, content: object, _buffers: object) -> None:
        if not isinstance(content, dict):
            return
        if content.get("type") == "toggle":
            sid = content.get("id")
            if isinstance(sid, int) and not isinstance(sid, bool):
                current = self.chosen
                self.select([i for i in current if i != sid] if sid in current else [*current, sid])
        elif content.get("type") == "all" and isinstance(content.get("on"), bool):
            self.select(self._ids if content["on"] else [])
