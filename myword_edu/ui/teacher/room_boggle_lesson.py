"""What the teacher's Live room tab says about a Boggle room's lesson: how many of its focus words are hidden on
the board and which did not fit (while the round runs: the screen may be projected, so not which are hidden),
and, once the round is over, each focus word and who found it.

Drawn from the room's view (:class:`~myword_edu.rooms.boggle_replica.BoggleRoomView`: the lesson board was
rolled and its words found by the engine); names are escaped (people type them).

>>> from datetime import datetime
>>> from myword_edu.rooms.boggle_replica import BoggleReplica
>>> from myword_edu.rooms.replica import RoomEvent
>>> from myword_edu.lexicon.wordlist import Lexicon
>>> lex = Lexicon.from_words(["cat", "act", "scat", "hat"], blocked=[])
>>> replica, t0 = BoggleReplica("en", "board:C A / T S", {"en": lex}, focus=["cat", "hat"]), datetime(2026, 1, 1, 9)
>>> log = [("join", "Ana", None, "en"), ("start", 1, {"dice": "new", "seconds": 60}), ("word", 1, "Ana", "cat", None)]
>>> for seq, intent in enumerate(log, 1):
...     _ = replica.apply(RoomEvent(seq, intent[0], None, intent, None, t0))
>>> html = lesson_status_html(replica.view(t0), "Pets", lex, "en")
>>> "1 focus word hidden on the board" in html, "Did not fit on this board: HAT" in html, "CAT" in html
(True, True, False)
>>> "<td>Ana</td>" in focus_found_html(replica.view(datetime(2026, 1, 1, 10)), "Pets", lex, "en")
True
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from myword_edu.i18n.rooms import room_words
from myword_edu.rooms.boggle_replica import BoggleRoomView
from myword_edu.ui.boggle.panels import spelled

if TYPE_CHECKING:  # pragma: no cover
    from myword_edu.lexicon.wordlist import Lexicon

__all__ = ["lesson_status_html", "focus_found_html"]


def _t(lang: str, key: str, **values: object) -> str:
    return room_words(lang, f"room_tab_boggle.{key}", **values)


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _left_out(view: BoggleRoomView, lexicon: "Lexicon", lang: str) -> str:
    if not view.focus_left_out:
        return ""
    words = ", ".join(spelled(w, lexicon) for w in view.focus_left_out)
    return f'<p class="myword-room-boggle-left-out">{_e(_t(lang, "lesson_left_out", words=words))}</p>'


def lesson_status_html(view: BoggleRoomView, title: str, lexicon: "Lexicon", lang: str) -> str:
    """Before and during a round: the lesson, how many focus words are hidden, which did not fit."""
    if view.round_no == 0 or view.board is None:
        return f"<p>{_e(_t(lang, 'lesson_planted', title=title))}</p>"
    line = _t(lang, "lesson_hidden", title=title, count=len(view.focus))
    return f"<p><b>{_e(line)}</b></p>{_left_out(view, lexicon, lang)}"


def focus_found_html(view: BoggleRoomView, title: str, lexicon: "Lexicon", lang: str) -> str:
    """Once the round is over: each focus word on the board and who found it (those nobody found too),
    and the ones that did not fit."""
    if view.result is None:
        return ""
    found = sum(1 for _word, names in view.focus_found if names)
    rows = "".join(
        f"<tr class='{'myword-made' if names else ''}' data-word='{_e(word)}'><td><b>{_e(spelled(word, lexicon))}</b></td>"
        f"<td>{_e(', '.join(names)) if names else '<i>' + _e(_t(lang, 'lesson_nobody')) + '</i>'}</td></tr>"
        for word, names in view.focus_found
    )  # fmt: skip
    return (f"<h3>{_e(room_words(lang, 'room_tab.focus_title', title=title))}</h3>"
            f"<p>{_e(_t(lang, 'lesson_found', found=found, count=len(view.focus)))}</p>"
            f"<table class='myword-room-table'>{rows}</table>{_left_out(view, lexicon, lang)}")  # fmt: skip
