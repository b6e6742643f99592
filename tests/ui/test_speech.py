"""The speaker and its "hear it" buttons, without a browser: what each page shows and syncs.

The sound itself is checked in Chromium (tests/browser/test_speech.py); here: every word a
student is shown has a button that says it in the game's language, nothing else has one, and
the page learns nothing from the speaker but where the synthesizer is.
"""

from __future__ import annotations

import html
import json
import re
import zipfile

import pytest

from myword_edu.boggle.bests import MemoryBestScores
from myword_edu.core.errors import MyWordError
from myword_edu.ui.boggle.app import BoggleApp
from myword_edu.ui.boggle.settings import BoggleSettings
from myword_edu.ui.myword.app import StudentApp
from myword_edu.ui.myword.model import Phase
from myword_edu.ui.myword.settings import Settings
from myword_edu.ui.widgets.speech import STATIC, VOICE_FILES, VOICE_PATHS, Speaker, hear_button, voice_path

HEAR = re.compile(r'<button type="button" class="myword-hear" data-word="([^"]*)" data-lang="([a-z]+)"')


def heard(markup: str) -> list[tuple[str, str]]:
    """The (word, language) of every "hear it" button in ``markup``."""
    return [(html.unescape(word), lang) for word, lang in HEAR.findall(markup)]


def speakers(root, browser) -> list[Speaker]:
    return [w for w in browser.widgets(root) if isinstance(w, Speaker)]


def test_a_button_says_the_word_in_its_language_and_escapes_everything():
    assert heard(hear_button("CAMIÓN", "es")) == [("camión", "es")]
    assert heard(hear_button("Cat", "EN")) == [("cat", "en")]
    hostile = hear_button('"><img src=x onerror=alert(1)>', "en")
    assert "<img" not in hostile and "onerror=alert" in html.unescape(hostile)  # the word is text, quoted
    assert 'aria-label="Hear “cat”"' in hear_button("cat", "en")
    assert 'aria-label="Escuchar «niño»"' in hear_button("niño", "es")
    assert "sonido" in hear_button("niño", "es") and "sound" in hear_button("cat", "en")  # the failure text
    with pytest.raises(MyWordError):
        hear_button("chat", "fr")


def test_the_speaker_syncs_only_where_the_synthesizer_is():
    speaker = Speaker()
    state = speaker.get_state()
    synced = {k for k in state if not k.startswith("_")} - {"layout", "tabbable", "tooltip"}
    assert synced == {"voice_path"}
    assert state["voice_path"] == "voila/templates/myword/static/espeak-ng/"
    assert state["_esm"] == (STATIC / "speech.js").read_text(encoding="utf-8")
    assert voice_path("emscripten") == VOICE_PATHS["site"]
    assert speaker.layout.display == "none"
    # Nothing on the page is fetched from another host, and the synthesizer loads only on a click.
    script = state["_esm"]
    assert "http://" not in script and "https://" not in script
    assert "espeak-ng.js" in script and "localService" in script


def test_myword_calls_and_review_have_a_button_for_every_word_made(lexicons, clock, browser):
    app = StudentApp(Settings(seed=7, bots=1, pace=0.5, last_call=0.0), lexicons=lexicons, now=clock)
    app.table._handle_custom_msg({"type": "ready"}, [])
    assert len(speakers(app.root, browser)) == 1
    s = app.session
    for _ in range(71):
        words = sorted(w for w in s.round.words_possible(s.players[0]) if not s.lexicon.is_blocked(w))
        if words:
            break
        s.deal_next()
    word = words[0]
    browser.update(app.entry, value=word.upper())
    browser.custom(app.entry, {"event": "submit"})
    assert heard(app.feed.value) == [(word, "en")]
    browser.update(app.entry, value="zqzq")  # a refused call is not read aloud (it may not be a word at all)
    browser.custom(app.entry, {"event": "submit"})
    assert "ZQZQ" in app.feed.value and heard(app.feed.value) == [(word, "en")]
    while s.phase is not Phase.ROUND_OVER:
        clock.advance(0.5)
        s.tick()
    review = app.review.value
    made = [w for name in s.players for w in s.review.words.get(name, ())]
    assert word.upper() in [w.upper() for w in made]
    expected = [(w.lower(), "en") for w in made] + [(w.lower(), "en") for w in s.review.could]
    assert heard(review) == expected
    leftover = review.split("Cards nobody won")[1].split("Words each player made")[0]
    assert heard(leftover) == []  # cards are not words


def test_spanish_words_are_said_in_spanish(lexicons, clock, browser):
    app = StudentApp(Settings(seed=3, bots=0, pace=0.5, lang="es"), lexicons=lexicons, now=clock)
    app.table._handle_custom_msg({"type": "ready"}, [])
    s = app.session
    for _ in range(72):
        words = sorted(w for w in s.round.words_possible(s.players[0]) if not s.lexicon.is_blocked(w))
        if words:
            break
        s.deal_next()
    browser.update(app.entry, value=words[0])
    browser.custom(app.entry, {"event": "submit"})
    assert [lang for _, lang in heard(app.feed.value)] == ["es"]


def test_boggle_found_result_and_missed_words_have_buttons(clock, browser):
    app = BoggleApp(BoggleSettings(seed=7, bots=0, seconds=180), now=clock, bests=MemoryBestScores())
    assert len(speakers(app.root, browser)) == 1
    browser.click(app.start_button)
    s = app.session
    word = sorted(w for w in s.round.words if not s.lexicon.is_blocked(w))[0]
    browser.update(app.entry, value=word)
    browser.custom(app.entry, {"event": "submit"})
    spelled = s.lexicon.spelling(word)
    assert heard(app.found.value) == [(spelled, "en")]
    assert app.missed.words == []  # the words nobody found stay hidden while the round is on
    clock.advance(181)
    s.tick()
    assert heard(app.result.value) == [(spelled, "en")]
    chips = app.missed.words
    assert chips and all(heard(c["hear"]) == [(c["text"].lower(), "en")] for c in chips)


def test_the_voila_template_and_the_site_ship_the_synthesizer_and_the_kernel_wheel_the_speaker(tmp_path):
    from myword_edu.site.wheel import build_kernel_wheel

    assert (VOICE_FILES / "espeak-ng.js").is_file() and (VOICE_FILES / "espeak-ng.data").is_file()
    with zipfile.ZipFile(build_kernel_wheel(tmp_path)) as wheel:
        names = set(wheel.namelist())
    assert {"myword_edu/ui/widgets/static/speech.js", "myword_edu/ui/widgets/static/speech.css"} <= names
    # The synthesizer is not in the kernel's wheel (every first visit downloads that): the page
    # loads it from the site's static/espeak-ng/ folder, only when a word is to be said.
    assert not any("espeak-ng" in n for n in names)
    assert json.loads((VOICE_FILES / "espeak-ng.json").read_text())["licence"] == "GPL-3.0"
