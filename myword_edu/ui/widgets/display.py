"""How the app's pages show themselves in a notebook (and so in Voila)."""

from __future__ import annotations

from html import escape
from typing import Any

__all__ = ["ShowsRoot", "say"]


class ShowsRoot:
    """Displays ``self.root`` (a widget), with ``repr(self)`` as the plain-text form.

    nbval compares the plain text, so a page's repr, not a widget id, is what
    a notebook's stored output holds. Beside the root goes a
    :class:`~myword_edu.ui.widgets.connection.ConnectionWatch`, which tells the student
    when the page has lost its kernel, in :meth:`shown_lang`.
    """

    root: Any

    def shown_lang(self) -> str:
        """The language the page shows now: its game's (``app.session``, ``session``), else its own ``lang``."""
        for owner in (getattr(self, "app", None), self):
            if owner is None:
                continue
            for lang in (getattr(getattr(owner, "session", None), "lang", None), getattr(owner, "lang", None)):
                if lang in ("en", "es"):
                    return str(lang)
        return "en"

    def shown_widget(self) -> Any:
        """What the notebook displays: the root, and the connection watch (which draws nothing until needed)."""
        import ipywidgets as w

        from myword_edu.ui.widgets.connection import ConnectionWatch

        return w.Box([self.root, ConnectionWatch(lang_of=self.shown_lang)], _dom_classes=["myword-shown"],
                     layout=w.Layout(display="block", overflow="visible"))  # fmt: skip

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        bundle = self.shown_widget()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        return {**bundle, "text/plain": repr(self)}


def say(message: str, *, good: bool) -> str:
    """A short message as escaped HTML (the teacher panel's tabs answer with it)."""
    return f'<p class="myword-msg {"good" if good else "bad"}">{escape(message)}</p>'
