// The page around the app. It opens JupyterLite's REPL in a frame with the
// app's start-up code (its input hidden), hides everything of JupyterLab but
// the app's output, and shows a loading screen until the app is on screen.
// Nothing here talks to any host but the one serving the page.
(function () {
  "use strict";
  const started = performance.now();
  const params = new URLSearchParams(window.location.search);
  const lang = (params.get("lang") || navigator.language || "en").toLowerCase().startsWith("es") ? "es" : "en";
  const TEXT = {
    en: { loading: "Getting the game ready…", hint: "The first visit takes a few seconds. After that it is quicker.",
          failed: "The game could not start. Reload the page to try again.", slow: "Still getting ready… (a slow computer can take a minute)" },
    es: { loading: "Preparando el juego…", hint: "La primera vez tarda unos segundos. Después va más rápido.",
          failed: "El juego no ha podido empezar. Recarga la página para intentarlo otra vez.", slow: "Sigue preparándose… (un ordenador lento puede tardar un minuto)" },
  }[lang];
  document.documentElement.lang = lang;
  const loading = document.getElementById("myword-loading");
  const frame = document.getElementById("myword-frame");
  document.getElementById("myword-loading-text").textContent = TEXT.loading;
  document.getElementById("myword-loading-hint").textContent = TEXT.hint;

  // Everything of JupyterLab but the app itself (text the kernel prints, warnings included, is
  // not for students; a start-up error still reaches the loading screen, see watch()).
  const FRAME_CSS = `
    #jp-top-panel, #jp-menu-panel, #jp-bottom-panel, .jp-Toolbar, .lm-TabBar, .jp-CodeConsole-banner,
    .jp-CodeConsole-promptCell, .jp-CodeConsole-input, .jp-InputArea, .jp-Cell-inputWrapper, .jp-InputPrompt,
    .jp-OutputPrompt, .jp-Collapser, .jp-cell-toolbar, #jupyterlite-loading-indicator, .jp-OutputArea-prompt,
    .jp-CodeConsole-divider, .jp-CodeConsole-split > .lm-SplitPanel-handle { display: none !important; }
    .jp-CodeConsole-split > .jp-CodeConsole-content { top: 0 !important; height: 100% !important; }
    .jp-ConsolePanel, .jp-MainAreaWidget, #jp-main-dock-panel { border: 0 !important; box-shadow: none !important; }
    body, .jp-LabShell, .jp-ConsolePanel, .jp-CodeConsole, .jp-CodeConsole-content, .jp-Cell, .jp-OutputArea,
    .jp-OutputArea-child, .jp-OutputArea-output { background: #f4f1e8 !important; border: 0 !important; }
    .jp-CodeConsole-content .jp-Cell, .jp-OutputArea-output { padding: 0 !important; margin: 0 !important; }
    .jp-CodeConsole-content { padding: 0 !important; }
    .jp-OutputArea-child .jp-OutputArea-output { overflow: visible; }
    .jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stdout"],
    .jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"] { display: none !important; }
  `;

  function fail(detail) {
    loading.classList.add("myword-failed");
    document.getElementById("myword-loading-text").textContent = TEXT.failed;
    document.getElementById("myword-loading-hint").textContent = detail || "";
    window.myword.failed = detail || "failed";
  }

  window.myword = { started: started, readyAt: null, failed: null, lang: lang };

  fetch("myword-site.json", { cache: "no-cache" })
    .then((response) => response.json())
    .then((site) => start(site))
    .catch((error) => fail(String(error)));

  function start(site) {
    const games = site.games || ["myword"];
    const wanted = params.get("game") || games[0];
    const game = games.includes(wanted) ? wanted : games[0];
    const ready = (site.ready || {})[game] || ".myword-table .myword-card";
    const query = new URLSearchParams(params);
    query.delete("game");
    query.set("lang", params.get("lang") || lang);
    // The query goes to Python as a JSON string literal: no way to inject code through the URL.
    const code = `from myword_edu.ui.browser import start_site; start_site(${JSON.stringify(game)}, ${JSON.stringify(query.toString())}, ${JSON.stringify(games.map(String))})`;
    const repl = new URLSearchParams({ kernel: "python", toolbar: "0", showBanner: "0", hideCodeInput: "1", code: code });
    if (site.titles && site.titles[game]) {
      document.title = site.titles[game][lang];
      document.getElementById("myword-loading-title").textContent = site.titles[game][lang];
    }
    frame.addEventListener("load", () => {
      const doc = frame.contentDocument;
      const style = doc.createElement("style");
      style.textContent = FRAME_CSS;
      doc.head.appendChild(style);
      // Keys typed in the app are the app's: JupyterLab's shortcuts never see them (its console
      // would take Enter away from the word box to focus its hidden code prompt).
      frame.contentWindow.addEventListener("keydown", (event) => {
        const target = event.target;
        if (target && target.closest && target.closest(".myword-site")) event.stopPropagation();
      }, true);
      watch(doc, ready);
    });
    frame.src = "repl/index.html?" + repl.toString();
  }

  function watch(doc, ready) {
    let slowShown = false;
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      if (doc.querySelector(ready)) {
        clearInterval(timer);
        window.myword.readyAt = performance.now();
        document.body.classList.add("myword-ready");
        frame.removeAttribute("tabindex");
        frame.focus();
        return;
      }
      const error = doc.querySelector('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], .jp-mod-error');
      if (error && error.textContent.includes("Error")) {
        clearInterval(timer);
        const lines = error.textContent.trim().split("\n");
        fail(lines[lines.length - 1].slice(0, 300));
        return;
      }
      if (!slowShown && elapsed > 20000) {
        slowShown = true;
        document.getElementById("myword-loading-text").textContent = TEXT.slow;
      }
      if (elapsed > 180000) {
        clearInterval(timer);
        fail("");
      }
    }, 50);
  }
})();
