"""Listen and build in solo practice: the session that asks words aloud, and its bar on the page.

:class:`ListenSession` is a :class:`~myword_edu.ui.myword.model.Session` whose rounds are
played by :class:`~myword_edu.myword.listening.Listening` (the engine decides which word is
said, when, and how each try is judged): no robots and no pace; the cards are dealt up to
the word's own, the word is said (``on_say``, which the page's
:class:`~myword_edu.ui.widgets.speech.Speaker` turns into sound), dealing waits for the answer,
and every try is recorded as an attempt at the word heard (``try_at``, which the recorder
reads). The round ends once every focus word has been answered.

:class:`ListenBar` is the row above the table: "Listen: which word is it?" (never the word),
"Say it again" (a second press says it slowly; Ctrl+Space presses it), and once a word is
answered, that word spelled right with its "hear it" button.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Callable, Mapping

import ipywidgets as w
from traitlets import Bool, Instance, Int

from myword_edu.core.errors import BadWordError
from myword_edu.core.text import fold
from myword_edu.i18n.game import message
from myword_edu.myword.listening import Heard, Listening, listen_order
from myword_edu.myword.values import Claimed, Reason
from myword_edu.ui.myword.model import Feedback, Phase, Session, _shown
from myword_edu.ui.myword.settings import Mode, Settings
from myword_edu.ui.widgets.speech import hear_button

if TYPE_CHECKING:
    from myword_edu.ui.widgets.speech import Speaker

__all__ = ["ListenSession", "ListenBar"]


class ListenSession(Session):
    """A practice session playing "Listen and build" (see the module docs).

    ``on_say(word, lang, slow)`` is called each time a word is to be said; ``said`` counts them.
    Without a lesson (one that has gone since) it plays as an ordinary session.
    """

    said = Int(0)
    word_number = Int(0)  # which word is asked, from 1
    word_count = Int(0)
    answer = Instance(Heard, allow_none=True)  # the last word answered (right, or out of tries): may be shown
    retry = Bool(False)  # the last try at the word asked missed, and it is asked again (ages 7 and up)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.on_say: Callable[[str, str, bool], None] = lambda word, lang, slow: None
        self.listening: Listening | None = None
        self.try_at: str | None = None  # while a try is recorded: the word heard (folded)
        super().__init__(*args, **kwargs)

    @property
    def asking(self) -> str | None:
        """The focus word (folded) being asked now: a call now is a try at it."""
        cue = self.listening.cue if self.listening is not None else None
        return cue.word if cue is not None else None

    # -- the round ---------------------------------------------------------------------
    def new_game(self, settings: Settings | None = None) -> None:
        """A new game, always without robots (a page's robot choice included)."""
        super().new_game((settings or self.settings).with_changes(bots=0))

    def _begin_round(self) -> None:
        lesson = getattr(self.game, "lesson", None)
        self.listening = None
        if lesson is not None and self.settings.mode_enum is Mode.PRACTICE:  # (the class screen deals by hand)
            from myword_edu.myword.variant import parse_variant

            cues = listen_order(lesson, self.game.seed, self.game.round_number - 1)
            self.listening = Listening(cues, junior=parse_variant(self.settings.variant).is_junior,
                                       slow_first=self.settings.listen_slow)  # fmt: skip
            self.word_count = len(cues)
        self.answer = None
        self.word_number = 1
        super()._begin_round()

    def carry_on(self, saved: Mapping[str, Any]) -> None:
        """Carry on a saved game: the words the round's calls took were answered; the next is asked."""
        super().carry_on(saved)
        if self.listening is not None:
            self.listening.skip_taken(fold(e.spelling) for e in self.round.events if isinstance(e, Claimed) and e.accepted)
            self.word_number = self.listening.number

    def start(self) -> None:
        if self.listening is None:
            return super().start()
        if self.phase is not Phase.READY:
            return
        self.phase = Phase.DEALING
        self._ask()
        self.on_change()

    def _ask(self, *, slow: bool | None = None) -> None:
        """Deal up to the next word's cards and say it; once every word is answered, end the round."""
        listening = self.listening
        assert listening is not None
        now = self._now()
        if listening.is_over:
            self.round.finish()
        else:
            target = listening.deal_to(self.round.deck_size)
            while self.round.deck_size - self.round.cards_left < target and not self.round.is_over:
                self.round.deal()
        self.word_number = listening.number
        self._after_change(now)
        if not listening.is_over and not self.round.is_over:
            self._say(slow)

    def _say(self, slow: bool | None = None) -> None:
        assert self.listening is not None
        said = self.listening.say(slow=slow)
        if said is not None:
            self.said += 1
            self.on_say(said.word, self.lang, said.slow)

    def say_again(self) -> None:
        """Say the word asked again (each press alternates normal and slow speed)."""
        if self.listening is not None and self.phase is Phase.DEALING and not self.listening.is_over:
            self._say()

    def _after_change(self, now: float) -> None:
        if self.listening is None:
            return super()._after_change(now)
        if self.round.is_over:  # no "last call": the round ends when the words are answered
            self._end_round()
        if self._dirty:
            self._dirty = False
            self._replan(now)
        self._copy_state()
        self._progress()

    # -- no pace, no robots ----------------------------------------------------------------
    def tick(self) -> float | None:
        return None if self.listening is not None else super().tick()

    def deal_next(self) -> None:
        if self.listening is None:
            super().deal_next()

    def pause(self) -> None:
        if self.listening is None:
            super().pause()

    # -- answers ---------------------------------------------------------------------------
    def submit(self, word: object, *, player: str | None = None, use_selection: bool = True) -> Feedback:
        """The student's try at the word heard (typed, or built from the picked cards)."""
        listening = self.listening
        if listening is None:
            return super().submit(word, player=player, use_selection=use_selection)
        if self.student is None or player not in (None, self.student):
            return self._tell(Feedback("reason.no_player"))
        if self.phase is Phase.READY:
            self.start()
        if self.phase is not Phase.DEALING or listening.is_over:
            return self._tell(Feedback("reason.round_over"))
        card_ids = list(self.selection) if use_selection and self.selection else None
        text = word if isinstance(word, str) else ""
        if card_ids and not text.strip():
            text = "".join(self._card_text(i) for i in card_ids)
        table_before = self.round.table
        try:
            heard = listening.claim(self.round, self.student, text, card_ids)
        except BadWordError as error:
            return self._tell(Feedback(f"reason.{error.reason}", {"word": _shown(text)}))
        if not heard.is_try:
            return self._tell(Feedback("reason.round_over"))
        self.try_at = heard.word  # the recorder's focus word for this try
        try:
            saved = self._record(heard.result, table_before)  # on disk before the student sees anything
        finally:
            self.try_at = None
        self.selection = []
        feedback = self._listen_feedback(heard) if saved else Feedback("feedback.not_saved")
        self.retry = not heard.done
        if heard.done:
            self.answer = heard
            self._ask()
        else:  # the rules for ages 7 and up: the same word again, slowly
            self._after_change(self._now())
            self._say(slow=True)
        self.on_change()
        return self._tell(feedback)

    def _listen_feedback(self, heard: Heard) -> Feedback:
        result = heard.result
        if heard.right:
            return Feedback("listen.right", {"word": heard.shown.upper(), "count": len(result.cards)}, True)
        if result.reason is Reason.NOT_HEARD:
            return Feedback("reason.not_heard", {"word": (result.spelling or _shown(result.word)).upper()})
        return self._feedback_for(result, mine=True)


class ListenBar:
    """The row above the table in "Listen and build" (see the module docs); hidden otherwise."""

    def __init__(self, session: Session, speaker: "Speaker") -> None:
        self.session = session
        self.speaker = speaker
        self.prompt = w.HTML(_dom_classes=["myword-listen-prompt"])
        self.say_button = w.Button(layout=w.Layout(width="auto"), _dom_classes=["myword-btn", "myword-say-again"])
        self.answer = w.HTML(_dom_classes=["myword-listen-answer"])
        self.root = w.HBox([self.prompt, self.say_button, self.answer], _dom_classes=["myword-row", "myword-listen"])
        self.say_button.on_click(lambda _b: self.say_again())
        if isinstance(session, ListenSession):
            session.on_say = lambda word, lang, slow: speaker.say(word, lang, slow=slow)

    @property
    def active(self) -> bool:
        return isinstance(self.session, ListenSession) and self.session.listening is not None

    def say_again(self) -> None:
        if isinstance(self.session, ListenSession):
            self.session.say_again()

    def redraw(self) -> None:
        s = self.session
        lang = s.lang
        self.root.layout.display = "" if self.active else "none"
        if not isinstance(s, ListenSession) or s.listening is None:
            return
        asking = s.phase is Phase.DEALING and not s.listening.is_over
        self.say_button.description = message(lang, "listen.again")
        self.say_button.tooltip = message(lang, "listen.say_again_key")
        self.say_button.disabled = not asking
        number = min(s.word_number, s.word_count)
        line = message(lang, "listen.retry" if s.retry else "listen.prompt") if asking else message(lang, "listen.done")
        self.prompt.value = (f'<span class="myword-listen-count">{escape(message(lang, "listen.count", number=number, count=s.word_count))}</span> '
                             f"<strong>{escape(line)}</strong>")  # fmt: skip
        heard = s.answer
        if heard is None:
            self.answer.value = ""
            return
        mark, key = ("good", "listen.was_right") if heard.right else ("bad", "listen.was")
        self.answer.value = (f'<span class="myword-msg {mark}">{escape(message(lang, key))} '
                             f'<strong class="myword-listen-word">{escape(heard.shown)}</strong></span>'
                             f"{hear_button(heard.shown, lang)}")  # fmt: skip
