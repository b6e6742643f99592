"""What a student's game page (MyWord! or Boggle) does the same way: start on its session, and relabel.

A page owns a session (a traitlets model with a ``tick`` and ``on_change``), keeps a
:class:`~myword_edu.ui.widgets.timer.Clock` running while the game needs ticks, draws itself
whenever the session changes, and rewrites its labels in the session's language without
taking its own label changes (a dropdown set to the new language) for the student's choices.
"""

from __future__ import annotations

from typing import Any, Callable

from myword_edu.ui.widgets.display import ShowsRoot
from myword_edu.ui.widgets.timer import Clock

__all__ = ["GameView"]


class GameView(ShowsRoot):
    """A game page over a session. Subclasses build (``_build``), label (``_relabel_all``), draw
    (``_redraw``) and answer the session's changes (``_on_session``).

    >>> import traitlets
    >>> class Count(traitlets.HasTraits):
    ...     n = traitlets.Int(0)
    ...     on_change = None
    ...     def tick(self): pass
    >>> class Page(GameView):
    ...     def _build(self): self.drawn = []
    ...     def _relabel_all(self): self.labelled = self._relabeling
    ...     def _redraw(self): self.drawn.append(self.session.n)
    ...     def _on_session(self, change): self._redraw()
    >>> page = Page()
    >>> page._start(Count(), recorder=None, now=lambda: 0.0)
    >>> page.session.n = 2
    >>> page.drawn, page.labelled, page._relabeling
    ([0, 2], True, False)
    """

    session: Any
    clock: Clock

    def _start(self, session: Any, *, recorder: Any, now: Callable[[], float]) -> None:
        """Play ``session``: the recorder (if any) listens, the clock ticks it, the page is built and drawn."""
        self.session = session
        if recorder is not None:
            recorder.attach(session)
        self.clock = Clock(session.tick, now=now)
        session.on_change = self.clock.start
        self._relabeling = False
        self._build()
        self._relabel()
        self._redraw()
        session.observe(self._on_session, names=list(session.trait_names()))

    def _relabel(self) -> None:
        """Every label in the session's language; widget changes meanwhile are the page's, not the student's."""
        self._relabeling = True
        try:
            self._relabel_all()
        finally:
            self._relabeling = False

    def _build(self) -> None:
        raise NotImplementedError

    def _relabel_all(self) -> None:
        raise NotImplementedError

    def _redraw(self) -> None:
        raise NotImplementedError

    def _on_session(self, change: dict) -> None:
        raise NotImplementedError
