// The page's speaker (myword_edu/ui/widgets/speech.py): says the word of any "hear it" button.
//
// A click on <button class="myword-hear" data-word="cat" data-lang="en"> (or Enter or Space on it
// when it has the focus) says its word in its language. The browser's own speech is used when it
// has a voice for that language that runs on this device (speechSynthesis, localService);
// otherwise eSpeak NG, shipped with the app, is loaded from the server that sent this page the
// first time it is needed, runs in a Web Worker, and the page plays the sound it makes through
// Web Audio. A second click on the same word says it slowly, a third at normal speed again.
// Python can also ask for a word ({type: "say", word, lang, pace} from Speaker.say), for the
// listening games. Nothing is fetched from any other host, and nothing is sent back to Python.

const RATES = {
  normal: { speech: 1.0, espeak: 170 },  // speechSynthesis rate; eSpeak words per minute
  slow: { speech: 0.6, espeak: 100 },
};

// The worker that runs eSpeak NG (its script and data file are served beside each other).
const WORKER = `
let engine = null;
function load(url) {
  if (engine === null) {
    engine = import(url).then((m) => m.default()).then((module) => new module.eSpeakNGWorker());
    engine.catch(() => { engine = null; });
  }
  return engine;
}
self.onmessage = async (event) => {
  const { id, url, word, voice, rate } = event.data;
  try {
    const espeak = await load(url);
    espeak.set_voice(voice);
    espeak.rate = rate;
    const chunks = [];
    let length = 0;
    espeak.synthesize(word, (samples) => {
      if (samples && samples.length) { chunks.push(samples); length += samples.length; }
      return 0;
    });
    const out = new Float32Array(length);
    let at = 0;
    for (const chunk of chunks) {
      for (let i = 0; i < chunk.length; i++) out[at + i] = chunk[i] / 32768;
      at += chunk.length;
    }
    self.postMessage({ id, samples: out, rate: espeak.samplerate }, [out.buffer]);
  } catch (error) {
    self.postMessage({ id, error: String((error && error.message) || error) });
  }
};
`;

function preferred(lang) {
  // The regional tag the student's browser prefers for this language ("es-mx"), if any.
  const tags = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""]);
  for (const tag of tags) {
    const lower = String(tag).toLowerCase().replace("_", "-");
    if (lower === lang || lower.startsWith(lang + "-")) return lower;
  }
  return lang;
}

function espeakVoice(lang) {
  const tag = preferred(lang);
  if (lang === "es") return tag === "es" || tag === "es-es" ? "es" : "es-419";
  return /^en-(gb|ie|au|nz|za|in)/.test(tag) ? "en" : "en-us";
}

function localVoice(lang) {
  // A voice of the browser for ``lang`` that works without a network, or null.
  if (typeof window.speechSynthesis === "undefined" || typeof window.SpeechSynthesisUtterance === "undefined") return null;
  let voices = [];
  try { voices = window.speechSynthesis.getVoices() || []; } catch (error) { return null; }
  const tagOf = (voice) => String(voice.lang || "").toLowerCase().replace("_", "-");
  const local = voices.filter((v) => v.localService && (tagOf(v) === lang || tagOf(v).startsWith(lang + "-")));
  if (!local.length) return null;
  const tag = preferred(lang);
  return local.find((v) => tagOf(v) === tag) || local.find((v) => v.default) || local[0];
}

function baseUrl() {
  // The server's base URL (Voila's page and JupyterLite's both say it in jupyter-config-data).
  const config = document.getElementById("jupyter-config-data");
  if (config) {
    try {
      const base = JSON.parse(config.textContent).baseUrl;
      if (base) return new URL(base, document.baseURI).href;
    } catch (error) { /* fall through */ }
  }
  return new URL("/", document.baseURI).href;
}

class Speech {
  constructor() {
    this.views = 0;
    this.voicePath = "";
    this.lastWord = null;
    this.count = 0;
    this.latest = 0;
    this.context = null;
    this.source = null;
    this.worker = null;
    this.waiting = new Map();
    this.onClick = (event) => {
      const button = event.target && event.target.closest ? event.target.closest("button.myword-hear") : null;
      if (!button || !button.dataset.word) return;
      event.preventDefault();
      this.say(button);
    };
    // Ctrl+Space presses the page's "Say it again" button (listen and build, a live room's
    // "Say a word", a Boggle board by ear), wherever the focus is.
    this.onKey = (event) => {
      if (!event.ctrlKey || event.code !== "Space") return;
      const again = document.querySelector("button.myword-say-again, button.myword-room-say-again, button.boggle-say-again");
      if (!again || again.disabled) return;
      event.preventDefault();
      again.click();
    };
  }

  pace(key) {
    if (key === this.lastWord) this.count += 1;
    else { this.lastWord = key; this.count = 1; }
    return this.count % 2 === 0 ? "slow" : "normal";
  }

  stop() {
    if (this.source) { try { this.source.stop(); } catch (error) { /* already ended */ } this.source = null; }
    if (typeof window.speechSynthesis !== "undefined") { try { window.speechSynthesis.cancel(); } catch (error) { /* none */ } }
  }

  say(button) {
    const lang = button.dataset.lang === "es" ? "es" : "en";
    const word = button.dataset.word.toLocaleLowerCase(lang);
    this.speak(lang, word, this.pace(`${lang}:${word}`), button);
  }

  // Says `word` in `lang` at `pace` ("normal" or "slow"); `button` (optional) shows the state:
  // data-heard once said, busy while the synthesizer works, failed (with its title) if it cannot.
  speak(lang, word, pace, button) {
    const mark = (name, on) => { if (button) button.classList.toggle(name, on); };
    const id = ++this.latest;
    this.stop();
    const voice = localVoice(lang);
    mark("myword-hear-failed", false);
    if (voice) {
      const utterance = new SpeechSynthesisUtterance(word);
      utterance.voice = voice;
      utterance.lang = voice.lang;
      utterance.rate = RATES[pace].speech;
      if (button) button.dataset.heard = pace;
      window.speechSynthesis.speak(utterance);
      return;
    }
    // The shipped synthesizer. The audio context is made (or woken) now, inside the click: a
    // tablet's browser plays sound only from a context started by the student's own gesture
    // (a word said by the app follows a click on the page, which keeps the page allowed to play).
    let context;
    try { context = this.audio(); } catch (error) { this.failed(button, error); return; }
    mark("myword-hear-busy", true);
    this.synthesize(id, word, espeakVoice(lang), RATES[pace].espeak)
      .then(({ samples, rate }) => {
        if (id !== this.latest || !samples.length) return;  // another word was asked for meanwhile
        const buffer = context.createBuffer(1, samples.length, rate);
        buffer.getChannelData(0).set(samples);
        const source = context.createBufferSource();
        source.buffer = buffer;
        source.connect(context.destination);
        source.onended = () => { if (this.source === source) this.source = null; };
        this.source = source;
        source.start();
        if (button) button.dataset.heard = pace;
        document.dispatchEvent(new CustomEvent("myword-said", { detail: { word, lang, pace } }));
      })
      .catch((error) => this.failed(button, error))
      .finally(() => mark("myword-hear-busy", false));
  }

  audio() {
    if (this.context === null) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) throw new Error("this browser has no Web Audio");
      this.context = new Context();
    }
    if (this.context.state === "suspended") this.context.resume();
    return this.context;
  }

  synthesize(id, word, voice, rate) {
    if (this.worker === null) {
      const url = URL.createObjectURL(new Blob([WORKER], { type: "text/javascript" }));
      this.worker = new Worker(url, { type: "module" });
      this.worker.onmessage = (event) => {
        const done = this.waiting.get(event.data.id);
        if (!done) return;
        this.waiting.delete(event.data.id);
        if (event.data.error) done.reject(new Error(event.data.error));
        else done.resolve(event.data);
      };
      this.worker.onerror = (event) => {
        for (const done of this.waiting.values()) done.reject(new Error(event.message || "speech worker failed"));
        this.waiting.clear();
      };
    }
    const url = new URL(this.voicePath + "espeak-ng.js", baseUrl()).href;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, url, word, voice, rate });
    });
  }

  failed(button, error) {
    console.warn("myword: could not say the word", error);
    if (!button) return;
    button.classList.add("myword-hear-failed");
    if (button.dataset.failed) button.title = button.dataset.failed;
  }
}

function speech() {
  if (!globalThis.__mywordSpeech) globalThis.__mywordSpeech = new Speech();
  return globalThis.__mywordSpeech;
}

function render({ model, el }) {
  const s = speech();
  s.voicePath = model.get("voice_path");
  const onPath = () => { s.voicePath = model.get("voice_path"); };
  model.on("change:voice_path", onPath);
  if (s.views === 0) { document.addEventListener("click", s.onClick); document.addEventListener("keydown", s.onKey, true); }
  s.views += 1;
  // Ask for the browser's voices now: some browsers list them only a moment after the first call.
  if (typeof window.speechSynthesis !== "undefined") { try { window.speechSynthesis.getVoices(); } catch (error) { /* none */ } }
  // Python asks to say a word (Speaker.say): listening games say a word nobody clicked on.
  const onMessage = (msg) => {
    if (!msg || msg.type !== "say" || typeof msg.word !== "string") return;
    const lang = msg.lang === "es" ? "es" : "en";
    s.speak(lang, msg.word.toLocaleLowerCase(lang), msg.pace === "slow" ? "slow" : "normal", null);
  };
  model.on("msg:custom", onMessage);
  el.classList.add("myword-speaker");
  return () => {
    model.off("msg:custom", onMessage);
    model.off("change:voice_path", onPath);
    s.views -= 1;
    if (s.views === 0) { document.removeEventListener("click", s.onClick); document.removeEventListener("keydown", s.onKey, true); }
  };
}

export default { render };
