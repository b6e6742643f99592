"""A live room played by ear: what a student's page says and shows, and the teacher's line.

When the teacher presses "Say a word" (:meth:`myword_edu.rooms.live.TeacherRoom.say_word`),
the room's log gets the word; each student's page sees it at its next poll and
:class:`ListenPanel` has its own :class:`~myword_edu.ui.widgets.speech.Speaker` say it, on the
student's own device. The page shows only "Listen!" and a "Say it again" button
(``.myword-room-say-again``, a second press says it slowly) until someone makes the word;
then it shows the word and who made it. The word reaches the browser only as the message
that says it, and only once the teacher has said it; the panel sends nothing back
that could say a word (its button says again the word already said to this page).

A page that joins (or rejoins) while a word is to be found does not say it on its own: it
shows "Listen!" and the button. Students who play without the lesson (another language)
see nothing of it. :func:`said_html` is the teacher's line: the word said and who made it.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from myword_edu.i18n.game import message
from myword_edu.i18n.rooms import room_words
from myword_edu.rooms.replica import SaidWord
from myword_edu.ui.widgets.speech import Speaker

__all__ = ["ListenPanel", "said_html", "LISTEN_CSS"]

LISTEN_CSS = """
.myword-room-listen-box { align-items: center; gap: 12px; min-height: 48px; }
.myword-room-listen p { margin: 4px 0; font-size: 20px; font-weight: 700; color: #1d4f91; }
.myword-room-listen p.myword-room-listen-made { color: #1f6f4a; }
"""


class ListenPanel:
    """The "Listen!" line of a student's room page (see the module docs).

    Args:
        lang: the page's language (its texts).
        word_lang: the language the words are said in (the lesson's).
    """

    def __init__(self, lang: str, word_lang: str) -> None:
        self.lang, self.word_lang = lang, word_lang
        self.speaker = Speaker()
        self.note = w.HTML(_dom_classes=["myword-room-listen"])
        self.again_button = w.Button(description=message(lang, "listen.again"), _dom_classes=["myword-room-say-again"])
        self.again_button.layout.width = "auto"
        self.again_button.on_click(lambda _b: self.say_again())
        self.root = w.HBox([self.speaker, self.note, self.again_button], _dom_classes=["myword-room-listen-box"])
        self.root.layout.visibility = "hidden"  # keeps its place: the table below never jumps
        self.current: SaidWord | None = None  # the word said to this page last (kept in Python)
        self.spoken = -1  # the log entry of the last word this page said aloud (-1: not drawn yet)
        self._presses = 0

    def show(self, said: tuple[SaidWord, ...], plays_lesson: bool) -> None:
        """Draw the round's words said (``RoomView.said``); say a word newly said since the last draw."""
        latest = said[-1] if said and plays_lesson else None
        first_draw, self.current = self.spoken < 0, latest
        if latest is None:
            self.spoken = max(self.spoken, 0)
            self.root.layout.visibility = "hidden"
            return
        if latest.seq > self.spoken:
            self.spoken, self._presses = latest.seq, 0
            if not first_draw and latest.maker is None:  # a word said now: this device says it
                self.speaker.say(latest.shown, self.word_lang)
        if latest.maker is None:
            note = f"<p>{escape(room_words(self.lang, 'room.listen'))}</p>"
        else:
            made = room_words(self.lang, "room.listen_made", word=latest.shown.upper(), name=latest.maker)
            note = f"<p class='myword-room-listen-made'>{escape(made)}</p>"
        if self.note.value != note:
            self.note.value = note
        self.again_button.layout.display = None if latest.maker is None else "none"
        self.root.layout.visibility = "visible"

    def say_again(self) -> None:
        """Say the word to find once more (the second press slowly); nothing if no word is to be found."""
        word = self.current
        if word is None or word.maker is not None:  # a page can click a hidden button
            return
        self._presses += 1
        self.speaker.say(word.shown, self.word_lang, slow=self._presses % 2 == 0)


def said_html(view: Any, lang: str) -> str:
    """The teacher's line about the word said last in this round (the teacher may see it).

    >>> from types import SimpleNamespace
    >>> said_html(SimpleNamespace(said=(SaidWord(9, "ship", "ship", "Ana"),)), "en")
    "<p class='myword-room-said'>Said to the class: <b>SHIP</b> (word 1 of this round) · Ana made it first.</p>"
    """
    said = getattr(view, "said", ())
    if not said:
        return ""
    last = said[-1]
    line = escape(room_words(lang, "room_tab.said", word="\0", n=len(said))).replace("\0", f"<b>{escape(last.shown.upper())}</b>")
    made = room_words(lang, "room_tab.said_made", name=last.maker) if last.maker else room_words(lang, "room_tab.said_waiting")
    return f"<p class='myword-room-said'>{line} · {escape(made)}</p>"
