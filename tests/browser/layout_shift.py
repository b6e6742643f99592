"""Cumulative layout shift (the Layout Instability API) of a page, read from Chromium.

``OBSERVER`` (the ``init_script`` of the ``pages`` and ``open_app`` fixtures) installs a
buffered ``PerformanceObserver`` for ``layout-shift`` entries before any of the
page's scripts run; :func:`measure` reads them back.
Shifts that follow the person's own input by less than 500 ms
(``hadRecentInput``) do not count, as in the web's CLS; everything else does,
whatever moved: a card arriving, a message appearing, a list growing.

Two figures: ``total``, every counted shift since ``since`` (ms on the page's
clock, see :func:`now`), and ``cls``, the web-vitals figure (the worst
session window: shifts less than 1 s apart, at most 5 s long). The tests assert
on ``total``, the stricter one.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["OBSERVER", "Shift", "now", "measure"]

OBSERVER = """
(() => {
  window.__layoutShifts = [];
  const describe = (node) => {
    if (!node || !node.nodeType) return "?";
    if (node.nodeType !== 1) node = node.parentElement;
    if (!node) return "?";
    const cls = (node.className && typeof node.className === "string") ? "." + node.className.trim().split(/\\s+/).slice(0, 3).join(".") : "";
    return node.tagName.toLowerCase() + cls;
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__layoutShifts.push({
          value: entry.value, time: entry.startTime, input: entry.hadRecentInput,
          sources: (entry.sources || []).map((s) => describe(s.node)
            + ` ${Math.round(s.previousRect.x)},${Math.round(s.previousRect.y)}`
            + `->${Math.round(s.currentRect.x)},${Math.round(s.currentRect.y)}`),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  } catch (e) { window.__layoutShiftError = String(e); }
})();
"""


@dataclass(frozen=True)
class Shift:
    """What the page's layout shifts add up to, and the biggest ones (for the failure message)."""

    total: float
    cls: float
    count: int
    worst: tuple[str, ...]

    def __str__(self) -> str:
        return f"CLS {self.total:.3f} (web-vitals window {self.cls:.3f}, {self.count} shifts)"


def now(page) -> float:
    """The page's clock (``performance.now()``, ms): where a measurement starts."""
    return float(page.evaluate("performance.now()"))


def measure(page, since: float = 0.0) -> Shift:
    """The layout shifts recorded on ``page`` since ``since`` (see the module docs)."""
    error = page.evaluate("window.__layoutShiftError || null")
    assert error is None, f"no Layout Instability API in this browser: {error}"
    entries = [e for e in page.evaluate("window.__layoutShifts") if e["time"] >= since and not e["input"]]
    total = sum(e["value"] for e in entries)
    worst_window = window = 0.0
    first = last = None
    for entry in sorted(entries, key=lambda e: e["time"]):
        if first is None or entry["time"] - last > 1000 or entry["time"] - first > 5000:
            first, window = entry["time"], 0.0
        window += entry["value"]
        last = entry["time"]
        worst_window = max(worst_window, window)
    biggest = sorted(entries, key=lambda e: -e["value"])[:5]
    worst = tuple(f"{e['value']:.3f} at {e['time'] / 1000:.1f} s: {'; '.join(e['sources'])}" for e in biggest)
    return Shift(total, worst_window, len(entries), worst)
