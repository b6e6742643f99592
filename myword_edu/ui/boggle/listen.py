""""Find the word you hear" on the Boggle page: the speaker, the "Listen!" line and "Say it again".

On a lesson board played by ear (``?lesson=ID&listen=1``, :attr:`BoggleSettings.listen`) the
session picks each planted word to find (:attr:`~myword_edu.ui.boggle.model.BoggleSession.heard`,
decided by :mod:`myword_edu.boggle.listening`); :class:`ListenRow` has the page's
:class:`~myword_edu.ui.widgets.speech.Speaker` say it the moment it is picked, and "Say it again"
(``.boggle-say-again``; a second press says it slowly) once more. The page shows "Listen!"
(``.boggle-listen``), never the word: the word reaches the browser only as the message that says it.
"""

from __future__ import annotations

from html import escape
import ipywidgets as w

from myword_edu.i18n.game import message
from myword_edu.ui.boggle.model import BoggleSession, BPhase
from myword_edu.ui.boggle.panels import spelled
from myword_edu.ui.widgets.speech import Speaker

__all__ = ["ListenRow"]


class ListenRow:
    """The page's speaker and its "Listen!" line, for one :class:`~myword_edu.ui.boggle.model.BoggleSession`."""

    def __init__(self, session: BoggleSession) -> None:
        self.session = session
        self.speaker = Speaker()
        self.note = w.HTML(_dom_classes=["boggle-listen"])
        self.again_button = w.Button(layout=w.Layout(width="auto"), _dom_classes=["myword-btn", "boggle-say-again"])
        self.again_button.on_click(lambda _b: self.say_again())
        self.root = w.HBox([self.note, self.again_button], _dom_classes=["myword-row", "boggle-listen-row"])
        self._presses = 0  # presses of "Say it again" for the word said now (a second press is slow)

    def said(self, word: str) -> None:
        """The session picked ``word`` (folded) to find: say it now."""
        if word:
            self._presses = 0
            self.speaker.say(spelled(word, self.session.lexicon), self.session.lang)

    def say_again(self) -> None:
        """Say the word to find once more (the second press slowly); nothing when no word is to be found."""
        s = self.session
        if not s.heard or not s.is_listening or s.phase is not BPhase.PLAYING:  # a page can click a hidden button
            return
        self._presses += 1
        self.speaker.say(spelled(s.heard, s.lexicon), s.lang, slow=self._presses % 2 == 0)

    def draw(self, shown: bool) -> bool:
        """Redraw from the session; returns whether the row is shown: a round played by ear, before its
        Start too (the row keeps its place: nothing below it moves when the first word is said)."""
        s = self.session
        lang = s.lang
        self.again_button.description = message(lang, "listen.again")
        listening = shown and s.is_listening
        if listening:
            key = "boggle.listen.prompt" if s.heard or s.phase is BPhase.READY else "boggle.listen.done"
            self.note.value = f"<p>{escape(message(lang, key))}</p>"
        self.again_button.disabled = not (listening and s.heard)
        self.again_button.layout.visibility = "visible" if listening and s.heard else "hidden"
        return listening
