"""Click-to-build in a live room: the cards a student picked, in order, kept in Python.

The table (:class:`~myword_edu.ui.myword.table.CardTable`) only sends "pick card
4"; this keeps the picked ids, only ever ids of cards on the table this page
shows, in the order they were clicked (clicking a picked card again un-picks
it), and draws them on the table ("picked 1", "picked 2"...). The table's
``selected`` trait is only drawn from it: a page that sets it itself changes
nothing here. Whatever is picked, the seat re-checks the ids against the table
as committed (:func:`myword_edu.myword.claims.check_card_ids`) before anything
changes.

Test hooks: ``.myword-room-undo``, ``.myword-room-clear``.
"""

from __future__ import annotations

from typing import Sequence

import ipywidgets as w

from myword_edu.i18n.game import message
from myword_edu.myword.values import TableCard
from myword_edu.ui.myword.table import CardTable, card_views

__all__ = ["CardPicks"]


class CardPicks:
    """The room page's table, the student's picked cards and the Undo and Clear buttons.

    >>> picks = CardPicks("en")
    >>> picks.ids, picks.undo_button.description
    ((), 'Undo')
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.shown: tuple[TableCard, ...] = ()  # the table cards this page shows
        self.ids: tuple[int, ...] = ()
        self.table = CardTable(on_pick=self.pick, on_ready=lambda: None, label=message(lang, "table.label"))
        self.undo_button = w.Button(description=message(lang, "button.undo"), layout=w.Layout(width="auto"),
                                    _dom_classes=["myword-btn", "myword-room-undo"])  # fmt: skip
        self.clear_button = w.Button(description=message(lang, "button.clear"), layout=w.Layout(width="auto"),
                                     _dom_classes=["myword-btn", "myword-room-clear"])  # fmt: skip
        self.undo_button.on_click(lambda _b: self.undo())
        self.clear_button.on_click(lambda _b: self.clear())
        self.show((), enabled=False)

    def show(self, cards: Sequence[TableCard], *, enabled: bool) -> None:
        """Draw these table cards (picks of cards no longer on it are dropped); clicks count only if ``enabled``."""
        self.shown = tuple(cards)
        on_table = {tc.id for tc in self.shown}
        self.ids = tuple(i for i in self.ids if i in on_table) if enabled else ()
        self.table.disabled = not enabled
        self._draw()

    def pick(self, card_id: object) -> None:
        """A card was clicked: the next letter of the word, or un-picked if it was picked already."""
        if self.table.disabled or isinstance(card_id, bool) or not isinstance(card_id, int):
            return
        if card_id not in {tc.id for tc in self.shown}:  # a forged id: not a card this page shows
            return
        self.ids = tuple(i for i in self.ids if i != card_id) if card_id in self.ids else (*self.ids, card_id)
        self._draw()

    def undo(self) -> None:
        self.ids = self.ids[:-1]
        self._draw()

    def clear(self) -> None:
        self.ids = ()
        self._draw()

    def word(self) -> str:
        """The letters the picked cards spell (a wild card's letter is the student's to type)."""
        faces = {tc.id: tc.card for tc in self.shown}
        return "".join("" if faces[i].is_wild else faces[i].letters for i in self.ids)

    def has_wild(self) -> bool:
        return any(tc.card.is_wild for tc in self.shown if tc.id in self.ids)

    def _draw(self) -> None:
        self.table.cards = card_views(self.shown, self.lang, selected=self.ids)
        self.table.selected = list(self.ids)
        self.undo_button.disabled = self.table.disabled or not self.ids
        self.clear_button.disabled = self.table.disabled or not self.ids
