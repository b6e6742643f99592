"""HTML for the text panels: deck counter, feedback, scoreboard, feed, round review.

Pure functions from session state to HTML strings for ``ipywidgets.HTML``.
Everything that comes from a person or a word list (names, typed words) goes
through :func:`html.escape`: a name such as ``<b>Ana</b>`` shows as text.

>>> scoreboard(["<b>Ana</b>", "Robot 1"], {"<b>Ana</b>": 3}, {"<b>Ana</b>": 5}, "en", me="<b>Ana</b>")[:60]
'<div class="myword-panel myword-scoreboard"><h2>Score</h2><t'
>>> "<b>" in scoreboard(["<b>Ana</b>"], {}, {}, "en")
False
"""

from __future__ import annotations

from html import escape
from typing import Mapping, Sequence

from myword_edu.i18n.game import about_players, join_names, message, score_label, took_cards, why_refused
from myword_edu.myword.review import RoundReview
from myword_edu.ui.myword.model import Call, Feedback, Phase
from myword_edu.ui.widgets.speech import hear_button

__all__ = ["deck_counter", "status_line", "table_over_text", "feedback_html", "scoreboard", "feed_html", "review_html"]


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def deck_counter(left: int, total: int, round_number: int, rounds: int, lang: str) -> str:
    """Round number, "12 of 71 cards left" and a progress bar of the cards dealt."""
    dealt = max(0, total - left)
    return (
        f'<div class="myword-deck"><strong>{_e(message(lang, "round.status", number=round_number, rounds=rounds))}</strong>'
        f' · <span class="myword-left">{_e(message(lang, "deck.left", left=left, total=total))}</span>'
        f'<progress max="{max(total, 1)}" value="{dealt}" aria-label="{_e(message(lang, "deck.label"))}"></progress></div>'
    )


def status_line(phase: Phase, paused: bool, last_call_left: int, lang: str) -> str:
    if paused:
        key, values = "status.paused", {}
    elif phase is Phase.LAST_CALL:
        key, values = "status.last_call", {"seconds": last_call_left}
    else:
        key = {
            Phase.READY: "status.ready",
            Phase.DEALING: "status.dealing",
            Phase.ROUND_OVER: "status.round_over",
            Phase.GAME_OVER: "status.game_over",
        }[phase]
        values = {}
    return f'<div class="myword-status">{_e(message(lang, key, **values))}</div>'


def table_over_text(phase: Phase, lang: str) -> str:
    """What an empty table says once the round is over: that it is, and what comes next.

    >>> table_over_text(Phase.ROUND_OVER, "en")
    'The round is over. Press Next round to play on.'
    """
    return message(lang, "table.game_over" if phase is Phase.GAME_OVER else "table.round_over")


def feedback_text(feedback: Feedback, lang: str) -> str:
    """The feedback as plain text in ``lang``."""
    values = dict(feedback.values)
    if "why" in values:
        values["why"] = why_refused(lang, values["why"], needed=values.get("needed", 0))
    if "language" in values:
        values["language"] = message(lang, f"language.{values['language']}")
    return message(lang, feedback.key, **values)


def feedback_html(feedback: Feedback | None, lang: str, *, me: str | None) -> str:
    """The answer to the last call, with which free card went to whom ("You took the V")."""
    if feedback is None:
        return '<div class="myword-feedback-box"></div>'
    tone = "good" if feedback.good else "bad"
    parts = [f'<span class="myword-msg {tone}">{_e(feedback_text(feedback, lang))}']
    taken = took_cards(lang, [(f.player, f.card) for f in feedback.free], me=me)
    if taken:
        parts.append(f'<span class="myword-free">{_e(taken)}.</span>')
    parts.append("</span>")
    return f'<div class="myword-feedback-box">{"".join(parts)}</div>'


def scoreboard(
    players: Sequence[str], scores: Mapping[str, int], totals: Mapping[str, int], lang: str, *, me: str | None = None
) -> str:
    """A table: each player's cards this round and points in all (``td.myword-score``)."""
    rows = []
    for name in players:
        cards, total = scores.get(name, 0), totals.get(name, 0)
        aria = score_label(lang, name, cards, total)
        rows.append(
            f'<tr class="{"me" if name == me else ""}" aria-label="{_e(aria)}"><td class="myword-player">{_e(name)}</td>'
            f'<td class="num">{cards}</td><td class="num myword-score" data-player="{_e(name)}">{total}</td></tr>'
        )
    return (
        f'<div class="myword-panel myword-scoreboard"><h2>{_e(message(lang, "score.title"))}</h2><table>'
        f'<thead><tr><th>{_e(message(lang, "score.player"))}</th><th class="num">{_e(message(lang, "score.cards"))}</th>'
        f'<th class="num">{_e(message(lang, "score.total"))}</th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
    )


def feed_html(feed: Sequence[Call], lang: str, *, limit: int = 12, me: str | None = None) -> str:
    """The calls by everyone, newest first: why a call failed, and who took which free card."""
    items = []
    for call in list(feed)[::-1][:limit]:
        if call.accepted:
            text, cls = message(lang, "feed.accepted", player=call.player, word=call.word, count=call.count), "ok"
        else:
            why = why_refused(lang, call.reason, needed=call.needed)
            text, cls = message(lang, "feed.refused", player=call.player, word=call.word, why=why), "no"
            if call.free:
                text += " → " + took_cards(lang, [(f.player, f.card) for f in call.free], me=me)
        hear = hear_button(call.word, lang) if call.accepted else ""
        items.append(f'<li class="{cls}">{_e(text)}{hear}</li>')
    body = f'<ol reversed>{"".join(items)}</ol>' if items else f'<p>{_e(message(lang, "feed.empty"))}</p>'
    return f'<div class="myword-panel myword-feed" aria-live="polite"><h2>{_e(message(lang, "feed.title"))}</h2>{body}</div>'


def _chips(words: Sequence[str], lang: str, *, hear: bool = False) -> str:
    if not words:
        return f'<p>{_e(message(lang, "review.none"))}</p>'
    return '<p class="chips">' + "".join(f"<span>{_e(w)}{hear_button(w, lang) if hear else ''}</span>" for w in words) + "</p>"


def review_html(
    review: RoundReview | None,
    lang: str,
    *,
    players: Sequence[str],
    totals: Mapping[str, int],
    winners: Sequence[str] = (),
    game_over: bool = False,
    me: str | None = None,
) -> str:
    """End of round (and of game): unscored cards, words made, words missed, winner."""
    if review is None:
        return ""
    parts = [f'<div class="myword-review" role="region" aria-label="{_e(message(lang, "review.title", number=review.number))}">']
    if game_over:
        parts.append(f'<h2>{_e(message(lang, "gameover.title"))}</h2>')
        if me is not None and list(winners) == [me]:
            line = message(lang, "gameover.you_won")
        elif len(winners) > 1:
            line = message(lang, "gameover.tie", names=join_names(winners, lang))
        else:
            line = about_players(lang, "gameover.winner", winners)
        parts.append(f'<p class="myword-winner">{_e(line)}</p>')
        totals_line = ", ".join(f"{name}: {totals.get(name, 0)}" for name in players)
        parts.append(f'<p><strong>{_e(message(lang, "gameover.totals"))}</strong>: {_e(totals_line)}</p>')
    parts.append(f'<h2>{_e(message(lang, "review.title", number=review.number))}</h2>')
    parts.append(f'<h3>{_e(message(lang, "review.leftover"))}</h3>')
    parts.append(_chips([str(c) for c in review.leftover], lang))
    parts.append(f'<h3>{_e(message(lang, "review.words"))}</h3>')
    for name in players:
        words = review.words.get(name, ())
        said = ", ".join(_e(word) + hear_button(word, lang) for word in words)
        parts.append(f"<p><strong>{_e(name)}</strong>: {said or _e(message(lang, 'review.none'))}</p>")
    parts.append(f'<h3>{_e(message(lang, "review.could"))}</h3>')
    parts.append(_chips(review.could, lang, hear=True))
    parts.append("</div>")
    return "".join(parts)
