"""The app's look: one stylesheet, shipped in the package and injected by an HTML widget.

No web font, no icon font, nothing from a CDN: classrooms are often offline.
Sizes are for a 1366x768 Chromebook first; the layout wraps on a tablet.
"""

from __future__ import annotations

__all__ = ["APP_CSS", "LABEL_CSS", "TABLE_CSS", "style_tag"]

TABLE_CSS = """
.myword-table {
  display: flex; flex-wrap: wrap; gap: 10px; align-content: flex-start; box-sizing: border-box;
  min-height: 296px; padding: 12px; border-radius: 14px; /* three rows of cards: room to deal without moving what is below */
  background: #1f6f4a; box-shadow: inset 0 0 0 3px #185a3b;
}
.myword-table .myword-empty { color: #e8f5ee; font-size: 20px; margin: auto 8px; }
.myword-gap { flex: none; width: 64px; height: 84px; } /* where a taken card was: the others stay put */
.myword-gap.myword-wide { width: 96px; }
.myword-card {
  position: relative; box-sizing: border-box;
  width: 64px; height: 84px; padding: 0; margin: 0;
  font: 700 36px/1 system-ui, "DejaVu Sans", Arial, sans-serif; letter-spacing: 0.02em;
  color: #1b1b1b; background: #fffdf5; border: 3px solid #d9cfa7; border-radius: 10px;
  box-shadow: 0 3px 0 #b9ad80; cursor: pointer;
}
.myword-card:hover { transform: translateY(-2px); }
.myword-card:focus-visible { outline: 4px solid #ffbf00; outline-offset: 2px; }
.myword-card.myword-double { width: 96px; background: #eef5ff; border-color: #7aa7e0; box-shadow: 0 3px 0 #4f7fbd; }
.myword-card.myword-double::after {
  content: ""; position: absolute; left: 10px; right: 10px; bottom: 10px;
  border-bottom: 4px solid #4f7fbd; border-radius: 2px;
}
.myword-card.myword-wild, .myword-card.myword-wild2 {
  color: #5b2a86; background: #f6edff; border: 3px dashed #8e52c6; box-shadow: 0 3px 0 #8e52c6;
}
.myword-card.myword-wild2 { width: 96px; }
.myword-card.myword-new { border-color: #ffb300; box-shadow: 0 0 0 4px #ffd54f, 0 3px 0 #b9ad80; }
.myword-card.myword-selected {
  transform: translateY(-6px); background: #fff3b0; border-color: #e08e00; border-style: solid;
  box-shadow: 0 0 0 4px #e08e00;
}
.myword-card .myword-order {
  position: absolute; right: -8px; top: -10px; min-width: 24px; height: 24px; border-radius: 12px;
  background: #e08e00; color: #fff; font-size: 15px; line-height: 24px;
}
.myword-card:disabled { cursor: default; opacity: 0.85; }
@media (prefers-reduced-motion: no-preference) {
  .myword-card.myword-new { animation: myword-arrive 0.35s ease-out; }
  /* a picked card lifts smoothly; the newest card's glow moves at once: a shadow's transition
     repaints the card every frame (half of a dealing table's drawing, measured without a GPU) */
  .myword-card { transition: transform 0.12s ease; }
}
@keyframes myword-arrive { from { transform: translateY(-14px) scale(0.92); } }
@media (max-width: 800px) {
  .myword-table { min-height: 342px; } /* four rows */
  .myword-card, .myword-gap { width: 54px; height: 72px; font-size: 30px; }
  .myword-card.myword-double, .myword-card.myword-wild2, .myword-gap.myword-wide { width: 82px; }
}
"""

APP_CSS = """
body { background: #f4f1e8 !important; }
html, body, .jp-LabShell .lm-BoxPanel-child { scrollbar-gutter: stable; } /* a scrollbar coming and going moves nothing */
.myword-app { width: 100%; max-width: 1300px; box-sizing: border-box; margin: 0 auto; padding: 4px 8px; gap: 8px;
  font-family: system-ui, "DejaVu Sans", Arial, sans-serif; color: #1b1b1b; }
.myword-app .widget-html-content { font-size: 16px; line-height: 1.35; }
.myword-header { align-items: center; flex-wrap: wrap; gap: 12px; }
.myword-title { flex: 1 1 auto; }
.myword-title h1 { margin: 0; font-size: 30px; color: #1f6f4a; }
.myword-title p { margin: 0; font-size: 15px; color: #444; }
.myword-row { align-items: center; flex-wrap: wrap; gap: 8px; }
.myword-app button.jupyter-button, .myword-app .widget-toggle-buttons button {
  font-size: 17px; height: 40px; padding: 0 14px; border-radius: 8px; width: auto;
}
.myword-app button.jupyter-button:focus-visible { outline: 3px solid #ffbf00; outline-offset: 2px; }
.myword-app .myword-primary button, .myword-app button.myword-primary {
  background: #1f6f4a; color: #fff; font-weight: 700;
}
.myword-deck { min-width: 260px; font-variant-numeric: tabular-nums; }
.myword-row > .widget-html:has(.myword-deck) { flex: 1 1 auto; } /* the buttons after it stay put */
.myword-row > :has(.myword-status-box) { flex: 1 0 100%; min-height: 26px; } /* the status has its own line */
.myword-listen { background: #e8f1fb; border: 2px solid #9cc1e8; border-radius: 10px; padding: 6px 10px; }
.myword-listen .widget-html-content { font-size: 19px; }
.myword-listen-count { color: #444; font-size: 16px; }
.myword-listen-word { font-size: 24px; letter-spacing: 0.04em; }
.myword-app button.myword-say-again { background: #1d5fa3; color: #fff; font-weight: 700; }
.myword-deck progress { width: 180px; height: 14px; vertical-align: middle; margin-left: 8px; }
.myword-status { font-size: 18px; font-weight: 600; }
.myword-entry input { font-size: 24px !important; height: 46px !important; letter-spacing: 0.06em;
  text-transform: uppercase; border: 3px solid #1f6f4a !important; border-radius: 8px; }
.myword-entry { width: 340px; max-width: 100%; }
.myword-entry input { width: 230px !important; flex: none !important; } /* typing does not widen the box */
.myword-entry label { font-size: 17px !important; font-weight: 600; }
.myword-app .myword-call-row button.jupyter-button { height: 46px; }
.myword-feedback { min-height: 68px; } /* room for an answer and who got a free card */
.myword-msg { font-size: 20px; font-weight: 600; padding: 4px 12px; border-radius: 8px; display: inline-block; }
.myword-msg.good { background: #dff3e6; color: #14532d; }
.myword-msg.bad { background: #fde7e4; color: #8a1c12; }
.myword-msg .myword-free { display: block; font-size: 16px; font-weight: 500; }
.myword-main { align-items: flex-start; flex-wrap: wrap; gap: 16px; }
.myword-play { flex: 1 1 620px; min-width: 0; gap: 6px; position: relative; }
.myword-over { position: absolute; inset: 0; z-index: 2; overflow-y: auto; gap: 6px; background: #f4f1e8; } /* the round's end covers the table */
.myword-side { flex: 0 1 300px; gap: 8px; }
.myword-entry input:placeholder-shown { text-transform: none; font-size: 18px !important; letter-spacing: 0; }
.myword-scoreboard table { border-collapse: collapse; font-size: 17px; width: 100%; }
.myword-scoreboard th, .myword-scoreboard td { padding: 3px 10px; text-align: left; border-bottom: 1px solid #ddd4b8; }
.myword-scoreboard td.num, .myword-scoreboard th.num { text-align: right; }
.myword-scoreboard tr.me td { font-weight: 700; background: #fff6cc; }
.myword-panel h2 { font-size: 18px; margin: 2px 0 4px; color: #1f6f4a; }
.myword-feed ol { margin: 0; padding-left: 2.6em; font-size: 16px; max-height: 260px; overflow-y: auto; } /* room for "12." */
.myword-feed li.ok { color: #14532d; }
.myword-feed li.no { color: #8a1c12; }
.myword-review { background: #fffdf5; border: 2px solid #d9cfa7; border-radius: 12px; padding: 8px 16px; }
.myword-review h2 { font-size: 24px; margin: 4px 0; color: #1f6f4a; }
.myword-review h3 { font-size: 17px; margin: 8px 0 2px; }
.myword-review .myword-winner { font-size: 26px; font-weight: 700; color: #8a4b00; }
.myword-review .chips span { display: inline-block; margin: 2px 4px 2px 0; padding: 2px 8px;
  border-radius: 6px; background: #eef5e9; font-weight: 600; }
.myword-settings { font-size: 15px; }
.myword-settings .widget-dropdown > select, .myword-settings input { font-size: 15px; }
.myword-hidden { display: none !important; }
@media (max-width: 800px) {
  .myword-title h1 { font-size: 24px; }
  .myword-deck progress { width: 110px; }
  .myword-entry { width: 100%; }
}
"""


#: No control's label is cut ("Seconds p..."): a description label is at least as wide as its text
#: (a set ``description_width`` still lines shorter ones up), in every language (the browser tests check).
LABEL_CSS = """
.myword-app .widget-inline-hbox > .widget-label, .myword-teacher .widget-inline-hbox > .widget-label {
  min-width: max-content; flex-shrink: 0; }
"""


def style_tag() -> str:
    """The ``<style>`` element that an HTML widget puts on the page."""
    return f"<style>{APP_CSS}{LABEL_CSS}</style>"
