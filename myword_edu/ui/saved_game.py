"""A rostered student's unfinished practice game, as the class store keeps it (``games.state``).

Both games keep a JSON object with the settings the game was started under
(``"settings"``, seed left out) and what the game needs to carry on; the
MyWord! and Boggle recorders write it (:mod:`.recorder`, :mod:`.boggle_recorder`)
and find it again here. A game is carried on only under the same settings: if
the teacher changed them since, the next game starts under the new ones.

>>> from myword_edu.ui.myword.settings import Settings
>>> settings_data(Settings(seed=7, min_cards=4))["min_cards"], "seed" in settings_data(Settings(seed=7))
(4, False)
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict
from typing import Any

__all__ = ["settings_data", "saved_state"]

log = logging.getLogger(__name__)


def settings_data(settings: Any) -> dict[str, Any]:
    """A settings dataclass as JSON data, its seed left out (the saved game has its own)."""
    data = asdict(settings)
    data.pop("seed")
    return json.loads(json.dumps(data))


def saved_state(store: Any, student: Any, kind: str, settings: Any) -> tuple[str, dict[str, Any]] | None:
    """``(game id, state)`` of the student's newest unfinished game of ``kind`` under ``settings``, or None."""
    found = store.unfinished_game(student.id, kind)
    if found is None:
        return None
    game_id, text = found
    try:
        state = json.loads(text)
        same = isinstance(state, dict) and state["settings"] == settings_data(settings)
    except (ValueError, KeyError, TypeError):
        log.warning("the saved game %s of %s cannot be read", game_id, student.name)
        return None
    return (game_id, state) if same else None
