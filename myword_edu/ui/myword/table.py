"""The table: the dealt cards as big buttons (an anywidget with its JavaScript inline).

The browser view only draws ``cards`` and sends intents: ``{"type": "pick",
"id": 4}`` when a card is clicked (or Enter/Space on it) and ``{"type":
"ready"}`` once the table is on screen. Python decides everything. Only the
cards on the table are ever sent to the page; the undealt deck is not.

Each card keeps its place while it is on the table: a taken card leaves a gap
of its width, a new card fills the first gap it fits, and a table that grew
keeps its height, so nothing moves under a child's finger (the browser tests
measure the layout shift).

A free card leaves toward its taker: ``leaving`` lists ``{"id", "taker"}`` for
the table cards the last failed call gave away (the session decides; the view
only animates). A copy of the card, fixed over the page, slides to the taker's
row of the scoreboard and fades (a fade only, in place, with
``prefers-reduced-motion``), while the card's place keeps its gap, so nothing
else moves.

Test hooks: each card is a ``button.myword-card`` inside ``div.myword-table``,
with an ``aria-label`` ("card Q U", "wild card, two letters").
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

import anywidget
from traitlets import Bool, Dict, Int, List, Unicode

from myword_edu.i18n.game import card_name, message
from myword_edu.myword.values import TableCard
from myword_edu.ui.widgets.style import TABLE_CSS

__all__ = ["CardTable", "card_kind", "card_views"]

_ESM = r"""
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "myword-table";
  root.setAttribute("role", "group");
  el.appendChild(root);
  const empty = document.createElement("p");
  empty.className = "myword-empty";
  const buttons = new Map();

  function makeButton(card) {
    const b = document.createElement("button");
    b.type = "button";
    b.addEventListener("click", () => model.send({ type: "pick", id: card.id }));
    return b;
  }

  // Each card keeps its place until it is taken: a taken card leaves a gap of its
  // width, and a new card fills the first gap it fits (else it goes at the end).
  // Nothing slides under a child's finger (layout shift), whatever is dealt or taken.
  function isWide(kind) { return kind === "double" || kind === "wild2"; }
  function makeGap(wide) {
    const gap = document.createElement("span");
    gap.className = "myword-gap" + (wide ? " myword-wide" : "");
    gap.setAttribute("aria-hidden", "true");
    return gap;
  }

  // A free card flies to its taker's row of the scoreboard: a copy fixed over the page
  // (it moves nothing: transforms and a fixed, new element are no layout shift).
  function takerBox(taker) {
    for (const cell of document.querySelectorAll("td.myword-score[data-player]")) {
      if (cell.dataset.player === taker) return (cell.closest("tr") || cell).getBoundingClientRect();
    }
    return null;
  }
  function flyAway(b, taker) {
    const from = b.getBoundingClientRect();
    if (!from.width) return;  // not on screen
    const ghost = b.cloneNode(true);
    ghost.classList.add("myword-leaving");
    ghost.classList.remove("myword-selected");
    ghost.disabled = true;
    ghost.tabIndex = -1;
    ghost.setAttribute("aria-hidden", "true");
    Object.assign(ghost.style, { left: from.left + "px", top: from.top + "px", width: from.width + "px",
                                 height: from.height + "px" });
    const to = takerBox(taker);
    const dx = to ? to.left + to.width / 2 - (from.left + from.width / 2) : 0;
    const dy = to ? to.top + to.height / 2 - (from.top + from.height / 2) : -from.height;
    const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    document.body.appendChild(ghost);
    let gone = false;
    const done = () => { if (!gone) { gone = true; ghost.remove(); } };
    requestAnimationFrame(() => requestAnimationFrame(() => {
      if (!still) ghost.style.transform = `translate(${dx}px, ${dy}px) scale(0.6)`;
      ghost.style.opacity = "0";
    }));
    ghost.addEventListener("transitionend", done);
    setTimeout(done, 1500);  // whatever happens to the transition, the copy goes
  }

  function draw() {
    const cards = model.get("cards") || [];
    const selected = model.get("selected") || [];
    const disabled = model.get("disabled");
    root.setAttribute("aria-label", model.get("label"));
    const keep = new Set(cards.map((c) => c.id));
    const takers = new Map((model.get("leaving") || []).map((l) => [l.id, l.taker]));
    for (const [id, b] of buttons) {
      if (!keep.has(id)) {
        if (takers.has(id)) flyAway(b, takers.get(id));
        b.replaceWith(makeGap(b.dataset.wide === "1"));
        buttons.delete(id);
      }
    }
    for (const card of cards) {
      let b = buttons.get(card.id);
      if (!b) {
        b = makeButton(card);
        buttons.set(card.id, b);
        b.dataset.id = String(card.id);
        b.dataset.wide = isWide(card.kind) ? "1" : "0";
        const gap = root.querySelector(isWide(card.kind) ? ".myword-gap.myword-wide" : ".myword-gap:not(.myword-wide)");
        if (gap) gap.replaceWith(b);
        else root.insertBefore(b, empty.parentNode ? empty : null);
      }
      // Only what changed is touched: a card dealt redraws that card and the one that was newest,
      // not the whole table (each redrawn card is painted again: on a Chromebook without a GPU,
      // or a machine holding a class's tabs, that is most of a running game's cost).
      const position = selected.indexOf(card.id);
      const className = "myword-card myword-" + card.kind
        + (card.newest ? " myword-new" : "")
        + (position >= 0 ? " myword-selected" : "");
      if (b.className !== className) b.className = className;
      if (b.getAttribute("aria-label") !== card.label) b.setAttribute("aria-label", card.label);
      const pressed = position >= 0 ? "true" : "false";
      if (b.getAttribute("aria-pressed") !== pressed) b.setAttribute("aria-pressed", pressed);
      if (b.disabled !== !!disabled) b.disabled = !!disabled;
      const face = card.face + (position >= 0 ? "#" + (position + 1) : "");
      if (b.dataset.drawn !== face) {
        b.dataset.drawn = face;
        b.dataset.face = card.face;
        b.replaceChildren(document.createTextNode(card.face));
        if (position >= 0) {
          const order = document.createElement("span");
          order.className = "myword-order";
          order.setAttribute("aria-hidden", "true");
          order.textContent = String(position + 1);
          b.appendChild(order);
        }
      }
    }
    while (root.lastElementChild && root.lastElementChild.classList.contains("myword-gap")) {
      root.lastElementChild.remove();  // a gap at the end holds nothing in place
    }
    if (cards.length === 0) {
      for (const gap of root.querySelectorAll(".myword-gap")) gap.remove();
      empty.textContent = model.get("empty_text");
      if (!empty.parentNode) root.appendChild(empty);
    } else if (empty.parentNode) {
      empty.remove();
    }
    // A table that grew (a big pile of cards) keeps its height: when the pile goes, what
    // is below it does not jump up. A new window size starts again from the stylesheet's.
    const height = root.offsetHeight;
    if (height > tallest) {
      tallest = height;
      root.style.minHeight = height + "px";
    }
  }

  let tallest = 0;
  const onResize = () => { tallest = 0; root.style.minHeight = ""; draw(); };
  window.addEventListener("resize", onResize);

  model.on("change:cards", draw);
  model.on("change:selected", draw);
  model.on("change:disabled", draw);
  model.on("change:label", draw);
  model.on("change:empty_text", draw);
  draw();
  model.send({ type: "ready" });
  return () => {
    model.off("change:cards", draw);
    model.off("change:selected", draw);
    model.off("change:disabled", draw);
    model.off("change:label", draw);
    model.off("change:empty_text", draw);
    window.removeEventListener("resize", onResize);
  };
}
export default { render };
"""


_LEAVING_CSS = """
.myword-card.myword-leaving { position: fixed; margin: 0; z-index: 1000; pointer-events: none; box-sizing: border-box;
  transition: transform 0.7s ease-in, opacity 0.7s ease-in; }
@media (prefers-reduced-motion: reduce) { .myword-card.myword-leaving { transition: opacity 0.3s linear; } }
"""


def card_kind(card) -> str:
    """The CSS kind of a card: ``single``, ``double``, ``wild`` or ``wild2``."""
    if card.letters == "?":
        return "wild"
    if card.letters == "??":
        return "wild2"
    return "double" if card.is_double else "single"


def card_views(table: Iterable[TableCard], lang: str, *, newest: int = -1, selected: Sequence[int] = ()) -> list[dict]:
    """What the page needs to draw the table cards (and nothing more)."""
    views = []
    for tc in table:
        kind = card_kind(tc.card)
        label = card_name(tc.card, lang)
        if tc.id in selected:
            label += ", " + message(lang, "card.selected", position=list(selected).index(tc.id) + 1)
        if tc.id == newest:
            label += ", " + message(lang, "card.newest")
        views.append(
            {"id": tc.id, "face": str(tc.card), "kind": kind, "label": label, "newest": tc.id == newest}
        )
    return views


class CardTable(anywidget.AnyWidget):
    """The cards on the table; clicking one asks to pick it (``on_pick(id)``)."""

    _esm = _ESM
    _css = TABLE_CSS + _LEAVING_CSS
    cards = List(Dict()).tag(sync=True)
    selected = List(Int()).tag(sync=True)
    disabled = Bool(False).tag(sync=True)
    label = Unicode("").tag(sync=True)
    empty_text = Unicode("").tag(sync=True)
    leaving = List(Dict()).tag(sync=True)  # [{"id", "taker"}]: free cards leaving the table (only animated)

    def __init__(self, *, on_pick: Callable[[int], None], on_ready: Callable[[], None], **kwargs) -> None:
        super().__init__(**kwargs)
        self._on_pick = on_pick
        self._on_ready = on_ready
        self.on_msg(self._handle_message)

    def _handle_message(self, _widget: object, content: object, _buffers: object) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "pick":
            card_id = content.get("id")
            if isinstance(card_id, int) and not isinstance(card_id, bool) and not self.disabled:
                self._on_pick(card_id)
        elif kind == "ready":
            self._on_ready()
