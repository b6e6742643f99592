"""Words read aloud, offline, in Debian's Chromium against a real ``myword-edu serve``.

The browser may reach 127.0.0.1 only: every other request is aborted and listed, and the list
must stay empty. The page's audio is captured where it is made: a script run before the page's
own wraps ``AudioBufferSourceNode.start`` and measures the buffer each sound plays (length,
loudness), and notes when each "hear it" click happened, for the time from click to sound.

Headless Chromium here has no voice of its own; the tests take away any it might have
(``speechSynthesis.getVoices()`` returns nothing), so the shipped synthesizer (eSpeak NG) is
what speaks. One test gives the page a fake local English voice instead and checks that the
browser's speech is then used for English, and the shipped synthesizer still for Spanish (the
fake lists only a network voice for Spanish).
"""

from __future__ import annotations

import json
import statistics
from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.test_student_app import find_word, pause

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CARDS = ".myword-table .myword-card"
SYNTH = "/voila/templates/myword/static/espeak-ng/"

#: Run in every page before its own scripts: the audio tap, the click times, no voices of the browser.
TAP = r"""
(() => {
  window.__heard = [];
  window.__clicks = [];
  document.addEventListener("click", (event) => {
    const button = event.target && event.target.closest ? event.target.closest("button.myword-hear") : null;
    if (button) window.__clicks.push({ at: performance.now(), word: button.dataset.word, lang: button.dataset.lang });
  }, true);
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (...args) {
    const buffer = this.buffer;
    const data = buffer ? buffer.getChannelData(0) : new Float32Array(0);
    let sum = 0, peak = 0, loud = 0;
    for (let i = 0; i < data.length; i++) {
      const x = Math.abs(data[i]);
      sum += x * x;
      if (x > peak) peak = x;
      if (x > 0.02) loud += 1;
    }
    window.__heard.push({
      at: performance.now(), seconds: buffer ? buffer.duration : 0, rate: buffer ? buffer.sampleRate : 0,
      rms: Math.sqrt(sum / Math.max(1, data.length)), peak, loud: loud / Math.max(1, data.length),
      state: this.context.state,
    });
    return start.apply(this, args);
  };
})();
"""
NO_VOICES = "if (window.speechSynthesis) window.speechSynthesis.getVoices = () => [];"
#: A browser with a local English voice and only a network voice for Spanish; speak() is recorded.
FAKE_VOICES = r"""
(() => {
  window.__spoken = [];
  const voices = [
    { name: "Test English (local)", lang: "en-US", localService: true, default: true, voiceURI: "test-en" },
    { name: "Test Spanish (network)", lang: "es-ES", localService: false, default: false, voiceURI: "test-es" },
  ];
  window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; this.lang = ""; this.rate = 1; this.voice = null; } };
  window.speechSynthesis.getVoices = () => voices;
  window.speechSynthesis.speak = (u) => window.__spoken.push({ text: u.text, lang: u.lang, rate: u.rate, voice: u.voice && u.voice.name });
})();
"""


@pytest.fixture
def offline(chromium, server):
    """``offline(script)``: a new page whose browser can reach 127.0.0.1 only; ``page.blocked`` lists the rest."""
    contexts = []

    def new_page(*scripts: str):
        context = chromium.new_context(viewport={"width": 1366, "height": 768})
        contexts.append(context)
        blocked: list[str] = []
        requests: list[str] = []

        def route(route):
            url = route.request.url
            if urlsplit(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
                route.continue_()
            else:
                blocked.append(url)
                route.abort()

        context.route("**/*", route)
        context.on("request", lambda request: requests.append(request.url))
        for script in (TAP, *scripts):
            context.add_init_script(script)
        page = context.new_page()
        page.blocked, page.requests = blocked, requests
        page.set_default_timeout(90_000)
        return page

    yield new_page
    for context in contexts:
        context.close()


def app_url(server, query: str) -> str:
    return f"http://127.0.0.1:{server.port}/voila/render/myword.ipynb?{query}"


def synth_requests(page) -> list[str]:
    return [u for u in page.requests if SYNTH in u]


def make_word(page, lang: str) -> str:
    """Type a word the table makes; its "hear it" button shows in the calls list."""
    word, _ = find_word(page, lang)
    page.locator(".myword-entry input").fill(word)
    page.locator(".myword-entry input").press("Enter")
    page.wait_for_selector(f".myword-feed button.myword-hear[data-word='{word}']", timeout=30_000)
    return word


def hear(page, word: str, *, key: bool = False) -> dict:
    """Click (or press Enter on) the word's button; the sound the page made and the time from click to sound."""
    before = page.evaluate("window.__heard.length")
    button = page.locator(f".myword-feed button.myword-hear[data-word='{word}']").first
    if key:
        button.focus()
        page.keyboard.press("Enter")
    else:
        button.click()
    page.wait_for_function(f"window.__heard.length > {before}", timeout=120_000)
    sound = page.evaluate(f"window.__heard[{before}]")
    clicked = page.evaluate("window.__clicks[window.__clicks.length - 1]")
    assert clicked["word"] == word
    sound["ms"] = sound["at"] - clicked["at"]
    return sound


def assert_speech(sound: dict, what: str) -> None:
    """Speech-length, non-silent audio, playing."""
    assert 0.2 <= sound["seconds"] <= 3.0, f"{what}: {sound['seconds']:.2f} s of audio"
    assert sound["peak"] > 0.1 and sound["rms"] > 0.02, f"{what}: silent ({sound})"
    assert sound["loud"] > 0.2, f"{what}: mostly silence ({sound})"
    assert sound["state"] == "running", f"{what}: the audio context is {sound['state']}"


def test_words_are_heard_in_english_and_spanish_with_no_network(offline, server):
    page = offline(NO_VOICES)
    page.goto(app_url(server, "seed=7&bots=1&pace=1&lang=en"))
    page.wait_for_selector(CARDS)
    page.wait_for_function(f"document.querySelectorAll('{CARDS}').length >= 6")
    pause(page)
    english = make_word(page, "en")
    assert synth_requests(page) == [], "the synthesizer loaded before anyone asked to hear a word"

    first = hear(page, english)
    assert_speech(first, f"English {english!r}, first click")
    assert {urlsplit(u).path.rsplit("/", 1)[1] for u in synth_requests(page)} == {"espeak-ng.js", "espeak-ng.data"}
    slow = hear(page, english)  # the second click on the same word: slowly
    assert_speech(slow, f"English {english!r}, slowly")
    assert slow["seconds"] > first["seconds"] * 1.25, (first, slow)
    again = hear(page, english, key=True)  # a third, with the keyboard: normal speed again
    assert_speech(again, f"English {english!r}, third time")
    assert abs(again["seconds"] - first["seconds"]) < 0.05, (first, again)

    # The game in Spanish (the language switch starts a new game).
    page.get_by_role("button", name="Español", exact=True).click()
    page.wait_for_selector("text=¡La digo!")
    page.wait_for_function(f"document.querySelectorAll('{CARDS}').length >= 6")
    pause(page)
    spanish = make_word(page, "es")
    button = page.locator(f".myword-feed button.myword-hear[data-word='{spanish}']").first
    assert button.get_attribute("data-lang") == "es"
    assert button.get_attribute("aria-label") == f"Escuchar «{spanish}»"
    es_first = hear(page, spanish)
    assert_speech(es_first, f"Spanish {spanish!r}")
    es_slow = hear(page, spanish)
    assert_speech(es_slow, f"Spanish {spanish!r}, slowly")
    assert es_slow["seconds"] > es_first["seconds"] * 1.25

    assert page.blocked == [], f"the page tried to reach other hosts: {page.blocked}"
    assert len(synth_requests(page)) == 2, "the synthesizer was fetched more than once"
    later = [slow, again, es_first, es_slow]
    figures = {
        "first_click_ms": round(first["ms"]),
        "later_clicks_ms": [round(s["ms"]) for s in later],
        "later_median_ms": round(statistics.median(s["ms"] for s in later)),
        "words": {"en": english, "es": spanish},
        "seconds": {"en": round(first["seconds"], 2), "en_slow": round(slow["seconds"], 2),
                    "es": round(es_first["seconds"], 2), "es_slow": round(es_slow["seconds"], 2)},
    }  # fmt: skip
    print("\nclick to sound:", json.dumps(figures))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "speech-es.png"))
    (ARTIFACTS / "speech-latency.json").write_text(json.dumps(figures, indent=1), encoding="utf-8")


def test_a_local_voice_of_the_browser_is_used_when_there_is_one(offline, server):
    page = offline(FAKE_VOICES)
    page.goto(app_url(server, "seed=7&bots=1&pace=1&lang=en"))
    page.wait_for_function(f"document.querySelectorAll('{CARDS}').length >= 6")
    pause(page)
    word = make_word(page, "en")
    button = page.locator(f".myword-feed button.myword-hear[data-word='{word}']").first
    button.click()
    page.wait_for_function("window.__spoken.length === 1")
    button.click()
    page.wait_for_function("window.__spoken.length === 2")
    spoken = page.evaluate("window.__spoken")
    assert [(s["text"], s["lang"], s["voice"]) for s in spoken] == [(word, "en-US", "Test English (local)")] * 2
    assert spoken[0]["rate"] == 1 and spoken[1]["rate"] < 1  # normal, then slowly
    assert page.evaluate("window.__heard.length") == 0 and synth_requests(page) == []
    assert page.blocked == []


def test_the_server_serves_the_synthesizer_from_the_package(server):
    import http.client

    from myword_edu.ui.widgets.speech import VOICE_FILES

    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        for name, kind in (("espeak-ng.js", "javascript"), ("espeak-ng.data", "")):
            connection.request("GET", SYNTH + name)
            response = connection.getresponse()
            body = response.read()
            assert response.status == 200, name
            assert kind in (response.getheader("Content-Type") or ""), response.getheader("Content-Type")
            assert body == (VOICE_FILES / name).read_bytes()
        connection.request("GET", SYNTH + "../../../../../../cli.py")
        assert connection.getresponse().status == 404
    finally:
        connection.close()
