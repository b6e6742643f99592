"""How the app's pages show themselves in a notebook (and so in Voila)."""

from __future__ import annotations

from typing import Any

__all__ = ["ShowsRoot"]


class ShowsRoot:
    """Displays ``self.root`` (a widget), with ``repr(self)`` as the plain-text form.

    nbval compares the plain text, so a page's repr, not a widget id, is what
    a notebook's stored output holds.
    """

    root: Any

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        bundle = self.root._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        return {**bundle, "text/plain": repr(self)}
