"""The student app in a browser kernel: the static site made by ``myword-edu build-site``.

The site's page runs one line in a Pyodide kernel (its input hidden)::

    from myword_edu.ui.browser import start_site; start_site("myword", "lang=es&bots=2", ["myword", "boggle"])

:func:`start_site` loads both word lists (timing them), builds the game's
app from the link's settings, and adds :class:`BrowserStorage`: the student's
calls are recorded by the class app's
:class:`~myword_edu.ui.myword.recorder.AttemptRecorder` into a
:class:`~myword_edu.classroom.browser_progress.BrowserProgress`, and every record is
appended to the page's ``localStorage`` before the answer shows. After a
reload the stored records come back; the download buttons give the same CSV
files as the server's export. There is no server: everything stays in this
browser.

>>> site_text("es", "download_attempts")
'Descargar mi progreso (CSV)'
"""

from __future__ import annotations

import logging
import time
from typing import Any, Callable

import anywidget
import ipywidgets as w
from traitlets import Dict, Unicode

from myword_edu.classroom.browser_progress import STORAGE_KEY, BrowserProgress, MAX_RECORDS
from myword_edu.classroom.roster import Student
from myword_edu.i18n.game import languages, message
from myword_edu.lexicon.wordlist import load_lexicon
from myword_edu.ui.widgets.download import SAVE_FILE_JS
from myword_edu.ui.myword.settings import Settings

__all__ = ["start_site", "build_site_app", "BrowserStorage", "site_text", "games_nav", "SITE_GAMES"]

log = logging.getLogger(__name__)


def site_text(lang: str, key: str, **values: Any) -> str:
    """A line of the site's own text in ``lang`` (English if the language is unknown)."""
    return message(lang if lang in languages() else "en", f"site.{key}", **values)


_ESM = SAVE_FILE_JS + r"""
// The model keeps the records and saves files even before (or without) a view on the page.
function readDoc(key) {
  try {
    const doc = JSON.parse(window.localStorage.getItem(key) || "null");
    return doc && Array.isArray(doc.records) ? doc : { version: 1, records: [] };
  } catch (error) {
    return { version: 1, records: [] };
  }
}


function initialize({ model }) {
  const key = model.get("key");
  const max = model.get("limits").max_records || 20000;
  let stored = null;
  let available = true;
  try {
    stored = window.localStorage.getItem(key);
  } catch (error) {
    available = false;
  }
  const onMessage = (msg, buffers) => {
    if (!msg) return;
    if (msg.type === "save") {
      // Append to what is stored now (another tab may have added records).
      const doc = readDoc(key);
      doc.records.push(msg.record);
      while (doc.records.length > max) doc.records.shift();
      for (;;) {
        try {
          window.localStorage.setItem(key, JSON.stringify(doc));
          break;
        } catch (error) {  // full: drop the oldest tenth and try again
          if (doc.records.length < 10) break;
          doc.records.splice(0, Math.ceil(doc.records.length / 10));
        }
      }
    } else if (msg.type === "file") {
      saveFile(msg, buffers);
    }
  };
  model.on("msg:custom", onMessage);
  model.send({ type: "load", data: stored, available: available });
  return () => model.off("msg:custom", onMessage);
}

function render({ model, el }) {
  const bar = document.createElement("div");
  bar.className = "myword-progress-bar";
  const text = document.createElement("span");
  text.className = "myword-progress-text";
  const buttons = ["attempts", "summary"].map((kind) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "jupyter-button widget-button myword-download myword-download-" + kind;
    button.addEventListener("click", () => {
      let data = null;
      try { data = window.localStorage.getItem(model.get("key")); } catch (error) { data = null; }
      model.send({ type: "download", kind: kind, data: data });
    });
    return button;
  });
  const draw = () => {
    text.textContent = model.get("summary");
    const labels = model.get("labels");
    buttons[0].textContent = labels.attempts || "";
    buttons[1].textContent = labels.summary || "";
  };
  bar.append(text, ...buttons);
  el.appendChild(bar);
  model.on("change:summary", draw);
  model.on("change:labels", draw);
  draw();
  return () => { model.off("change:summary", draw); model.off("change:labels", draw); };
}
export default { initialize, render };
"""

_CSS = """
.myword-site > .myword-app { width: 100%; box-sizing: border-box; }
.myword-progress-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 10px; max-width: 1300px;
  margin: 10px auto 4px; padding: 8px 16px; box-sizing: border-box; border-top: 2px solid #d9cfa7;
  font: 16px/1.35 system-ui, "DejaVu Sans", Arial, sans-serif; color: #333; }
.myword-progress-text { flex: 1 1 320px; }
.myword-site-nav { max-width: 1300px; margin: 0 auto; padding: 2px 16px 10px; box-sizing: border-box;
  font: 17px/1.4 system-ui, "DejaVu Sans", Arial, sans-serif; }
.myword-site-nav a { color: #1f6f4a; font-weight: 700; padding: 2px 4px; }
.myword-site-nav a[aria-current="page"] { color: #1b1b1b; text-decoration: none; }
.myword-progress-bar button.myword-download { font-size: 16px; height: 38px; padding: 0 14px; border-radius: 8px;
  width: auto; cursor: pointer; }
.myword-progress-bar button.myword-download-attempts { background: #1f6f4a; color: #fff; font-weight: 700; }
"""


class BrowserStorage(anywidget.AnyWidget):
    """The page's ``localStorage`` for :class:`BrowserProgress` records, and the CSV downloads.

    Python never trusts what the page sends: stored records are checked one by
    one (:meth:`BrowserProgress.load`), and a download is built from a fresh
    check of what the page holds.
    """

    _esm = _ESM
    _css = _CSS
    key = Unicode(STORAGE_KEY).tag(sync=True)
    limits = Dict({"max_records": MAX_RECORDS}).tag(sync=True)
    summary = Unicode("").tag(sync=True)
    labels = Dict().tag(sync=True)

    def __init__(self, progress: BrowserProgress, *, lang: Callable[[], str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.progress = progress
        self._lang = lang
        self.available = True
        self.loaded = False
        self.sent: list[str] = []  # file names sent (tests)
        progress.on_record = self._save
        self.on_msg(self._handle_message)
        self.relabel()

    def _save(self, record: dict[str, Any]) -> None:
        self.send({"type": "save", "record": record})
        self.relabel()

    def relabel(self) -> None:
        lang = self._lang()
        attempts = self.progress.attempts()
        if not self.available:
            self.summary = site_text(lang, "unavailable")
        elif attempts:
            self.summary = site_text(lang, "saved", attempts=len(attempts), accepted=sum(a.accepted for a in attempts))
        else:
            self.summary = site_text(lang, "none")
        self.labels = {"attempts": site_text(lang, "download_attempts"), "summary": site_text(lang, "download_summary")}

    def _handle_message(self, _widget: object, content: object, _buffers: object) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "load" and not self.loaded:
            self.loaded = True
            self.available = content.get("available") is not False
            data = content.get("data")
            kept = self.progress.load(data if isinstance(data, str) else None)
            log.info("loaded %d stored records (%d left out)", kept, self.progress.skipped)
            self.relabel()
        elif kind == "download" and content.get("kind") in ("attempts", "summary"):
            self.download(content["kind"], content.get("data"))

    def download(self, kind: str, stored: object) -> None:
        """Send the page a CSV file of what it holds (or of this session's records if it holds nothing)."""
        snapshot = BrowserProgress(self.progress.student, now=self.progress.now)
        if not (isinstance(stored, str) and snapshot.load(stored)):
            snapshot.records = list(self.progress.records)
        lang = self._lang()
        filename, data = snapshot.attempts_csv(lang) if kind == "attempts" else snapshot.summary_csv(lang)
        self.send({"type": "file", "filename": filename, "mime": "text/csv"}, buffers=[data])
        self.sent.append(filename)


def _timed(load: Callable[[str], object], lang: str) -> float:
    started = time.perf_counter()
    load(lang)
    return round((time.perf_counter() - started) * 1000, 1)


def _myword_app(query: str, progress: BrowserProgress) -> tuple[Any, Callable[[], str]]:
    from myword_edu.ui.myword.app import StudentApp
    from myword_edu.ui.myword.recorder import AttemptRecorder

    recorder = AttemptRecorder(progress, Student(id=1, name=progress.student))  # type: ignore[arg-type]
    app = StudentApp(Settings.from_query(query), recorder=recorder)
    return app, lambda: app.session.lang


def _boggle_app(query: str, progress: BrowserProgress) -> tuple[Any, Callable[[], str]]:
    from myword_edu.ui.boggle.app import BoggleApp
    from myword_edu.ui.boggle.recorder import BoggleRecorder
    from myword_edu.ui.boggle.settings import BoggleSettings

    recorder = BoggleRecorder(progress, Student(id=1, name=progress.student))  # type: ignore[arg-type]
    app = BoggleApp(BoggleSettings.from_query(query), recorder=recorder)
    return app, lambda: app.session.lang


#: The games the site can start: name -> builder of (app, its current language).
SITE_GAMES: dict[str, Callable[[str, BrowserProgress], tuple[Any, Callable[[], str]]]] = {
    "myword": _myword_app,
    "boggle": _boggle_app,
}
_GAME_TITLE_KEYS = {"myword": "app.title", "boggle": "boggle.title"}


def games_nav(game: str, games: list[str], lang: str, query: str = "") -> str:
    """Links to the site's other games (the page is one level above the app's frame).

    >>> games_nav("myword", ["myword", "boggle"], "es")
    '<nav class="myword-site-nav" aria-label="Juegos">Juegos: <a href="../?game=myword&amp;lang=es" target="_top" aria-current="page">¡MyWord!</a> · <a href="../?game=boggle&amp;lang=es" target="_top">Boggle</a></nav>'
    >>> games_nav("myword", ["myword"], "en")
    ''
    """
    from html import escape

    shown = [g for g in games if g in SITE_GAMES]
    if len(shown) < 2:
        return ""
    label = site_text(lang, "games")
    links = []
    for name in shown:
        current = ' aria-current="page"' if name == game else ""
        href = escape(f"../?game={name}&lang={lang}")
        links.append(f'<a href="{href}" target="_top"{current}>{escape(message(lang, _GAME_TITLE_KEYS[name]))}</a>')
    return f'<nav class="myword-site-nav" aria-label="{label}">{label}: {" · ".join(links)}</nav>'


def build_site_app(game: str = "myword", query: str = "", games: list[str] | None = None) -> w.VBox:
    """The page's widget: the game's app, the progress bar, and the start-up timings (hidden)."""
    started = time.perf_counter()
    timings = {f"lexicon-{lang}-ms": _timed(load_lexicon, lang) for lang in ("en", "es")}
    settings = Settings.from_query(query)
    progress = BrowserProgress(settings.name or message(settings.lang, "player.you"))
    game = game if game in SITE_GAMES else "myword"
    app, lang = SITE_GAMES[game](query, progress)
    storage = BrowserStorage(progress, lang=lang)
    nav = w.HTML(games_nav(game, list(games or [game]), lang()))
    session = getattr(app, "session", None)
    if session is not None and session.has_trait("lang"):
        def relabel(_change: object) -> None:
            storage.relabel()
            nav.value = games_nav(game, list(games or [game]), lang())

        session.observe(relabel, names="lang")
    timings["python-start-ms"] = round((time.perf_counter() - started) * 1000, 1)
    info = w.HTML(
        '<div class="myword-site-info" hidden '
        + " ".join(f'data-{name}="{value}"' for name, value in timings.items())
        + "></div>"
    )
    page = w.VBox([app.root, storage, nav, info], _dom_classes=["myword-site"])
    page.app, page.storage, page.progress, page.timings = app, storage, progress, timings  # type: ignore[attr-defined]
    return page


def start_site(game: str = "myword", query: str = "", games: list[str] | None = None) -> None:
    """Show the game on the site's page (the one line the page runs)."""
    from IPython.display import display

    display(build_site_app(game, query, games))
