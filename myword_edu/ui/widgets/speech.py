"""Words read aloud in the student's browser, offline: "hear it" buttons and the page's speaker.

:func:`hear_button` is the HTML of one button (a speaker icon) that says a word in its language;
a panel puts one next to each word it shows. :class:`Speaker` is an anywidget that each student
page displays once: its script (``static/speech.js``) listens for clicks on those buttons
anywhere on the page and says the word:

- with the browser's own speech (``speechSynthesis``) when it has a voice for the language
  that runs on the device itself (``localService``: no speech service on the internet);
- otherwise with eSpeak NG, compiled to JavaScript and shipped in the package
  (:data:`VOICE_FILES`, built by ``tools/build_speech.py`` from the npm package pinned in
  :mod:`myword_edu.site.pins`). The page loads it from the server that sent it, on the first
  click (never on page open), runs it in a Web Worker and plays the sound with Web Audio.
  Voila serves it as a file of the page template (``/voila/templates/myword/static/espeak-ng/``);
  the static site's build copies the same folder to ``static/espeak-ng/``.

A second click on the same word says it slowly. What the page needs to say a word is the word
itself, already on the screen: the buttons carry it, and the speaker's only synced trait is where
the synthesizer is. Nothing is decided here, so nothing the page sends back is trusted (it sends
nothing).

>>> hear_button("Camión", "es")[:106]
'<button type="button" class="myword-hear" data-word="camión" data-lang="es" aria-label="Escuchar «camión»"'
>>> "<b>" in hear_button("<b>", "en")
False
"""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path

import anywidget
import ipywidgets as w
from traitlets import Unicode

from myword_edu.core.text import parse_lang
from myword_edu.i18n.game import message

__all__ = ["Speaker", "hear_button", "voice_path", "VOICE_FILES", "VOICE_PATHS", "STATIC"]

#: The speaker's script and stylesheet.
STATIC = Path(__file__).resolve().parent / "static"
#: The shipped synthesizer (eSpeak NG, GPL-3.0; see NOTICE.txt in the folder).
VOICE_FILES = Path(__file__).resolve().parents[2] / "jupyter" / "voila" / "templates" / "myword" / "static" / "espeak-ng"
#: Where the page finds :data:`VOICE_FILES`, below the server's base URL: under Voila, and on the
#: static site (a browser kernel).
VOICE_PATHS = {"voila": "voila/templates/myword/static/espeak-ng/", "site": "static/espeak-ng/"}

#: A speaker icon (drawn here: no icon font, nothing from a CDN).
_ICON = (
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
    '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>'
    '<path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" '
    'stroke-width="2" stroke-linecap="round"/></svg>'
)


def voice_path(platform: str = sys.platform) -> str:
    """Where the page finds the synthesizer, below the server's base URL.

    >>> voice_path("linux"), voice_path("emscripten")
    ('voila/templates/myword/static/espeak-ng/', 'static/espeak-ng/')
    """
    return VOICE_PATHS["site" if platform == "emscripten" else "voila"]


def hear_button(word: str, lang: object) -> str:
    """A button that says ``word`` aloud in ``lang`` (the page needs a :class:`Speaker` on it).

    The word goes in lower case (a synthesizer may spell out a word in capitals letter by
    letter); everything is escaped.

    >>> hear_button("CAT", "en")[:96]
    '<button type="button" class="myword-hear" data-word="cat" data-lang="en" aria-label="Hear “cat”"'
    """
    tag = parse_lang(lang).value
    spoken = word.lower()
    label = escape(message(tag, "hear.label", word=spoken), quote=True)
    return (
        f'<button type="button" class="myword-hear" data-word="{escape(spoken, quote=True)}" data-lang="{tag}" '
        f'aria-label="{label}" title="{label}" data-failed="{escape(message(tag, "hear.failed"), quote=True)}">'
        f"{_ICON}</button>"
    )


class Speaker(anywidget.AnyWidget):
    """The page's speaker: says the word of any :func:`hear_button` on the page (shows nothing).

    >>> Speaker().voice_path
    'voila/templates/myword/static/espeak-ng/'
    """

    _esm = STATIC / "speech.js"
    _css = STATIC / "speech.css"
    voice_path = Unicode("").tag(sync=True)

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("voice_path", voice_path())
        kwargs.setdefault("layout", w.Layout(display="none"))
        super().__init__(**kwargs)

    def say(self, word: str, lang: object, *, slow: bool = False) -> None:
        """Say ``word`` in ``lang`` on this page now (normal speed, or slowly), as a "hear it" click would.

        For the listening games: the app says a word nobody clicked on. The word goes to the page
        as a message at the moment it is said, never as a synced trait, and in lower case.

        >>> sent = []
        >>> speaker = Speaker()
        >>> speaker.send = sent.append
        >>> speaker.say("CAMIÓN", "es", slow=True)
        >>> sent
        [{'type': 'say', 'word': 'camión', 'lang': 'es', 'pace': 'slow'}]
        """
        tag = parse_lang(lang).value
        self.send({"type": "say", "word": word.lower(), "lang": tag, "pace": "slow" if slow else "normal"})
