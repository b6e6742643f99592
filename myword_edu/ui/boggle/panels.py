"""HTML for the Boggle panels: countdown, found words, robots' progress, end of round.

Pure functions from session state to HTML strings. Names and words go
through :func:`html.escape`.

>>> timer_html(125, 180, "en")
'<div class="boggle-timer" role="timer" aria-label="Time left: 2:05"><span class="boggle-clock">2:05</span><progress max="180" value="125" aria-hidden="true"></progress></div>'
>>> "boggle-low" in timer_html(9, 180, "en")
True
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Mapping, Sequence

from myword_edu.boggle.board import face_label
from myword_edu.boggle.review import leaders
from myword_edu.boggle.round import Play, RoundResult
from myword_edu.i18n.game import about_players, message
from myword_edu.ui.widgets.speech import hear_button

if TYPE_CHECKING:
    from myword_edu.lexicon.wordlist import Lexicon

__all__ = ["cube_labels", "clock_text", "timer_html", "found_html", "counts_html", "best_html", "result_html", "spelled",
           "lesson_html"]


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def spelled(word: str, lexicon: "Lexicon") -> str:
    """A folded word as the student reads it: its dictionary spelling, upper case (CAMIÓN)."""
    return (lexicon.spelling(word) if word in lexicon else word).upper()


def cube_labels(faces: Sequence[str], width: int, height: int, bonus: int | None, lang: str) -> list[str]:
    """What a screen reader says for each cube: its letters, row and column (and the red bonus
    cube); every cube "covered" while ``faces`` is empty.

    >>> cube_labels(["qu", "a"], 2, 1, 1, "en")
    ['Q U, row 1, column 1', 'A, red bonus cube, row 1, column 2']
    """
    if not faces:
        return [message(lang, "boggle.cube_covered")] * (width * height)
    return [message(lang, "boggle.cube_bonus" if i == bonus else "boggle.cube", letters=" ".join(face_label(face).upper()),
                    row=i // width + 1, column=i % width + 1)
            for i, face in enumerate(faces)]  # fmt: skip


def clock_text(seconds: int) -> str:
    """``m:ss``.

    >>> clock_text(180), clock_text(9), clock_text(-3)
    ('3:00', '0:09', '0:00')
    """
    seconds = max(0, int(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


def timer_html(seconds_left: int, total: int, lang: str) -> str:
    """The countdown: big minutes and seconds and a bar; red in the last 10 seconds."""
    text = clock_text(seconds_left)
    low = " boggle-low" if seconds_left <= 10 else ""
    aria = f"{message(lang, 'boggle.timer')}: {text}"
    return (
        f'<div class="boggle-timer{low}" role="timer" aria-label="{_e(aria)}"><span class="boggle-clock">{text}</span>'
        f'<progress max="{max(total, 1)}" value="{max(0, seconds_left)}" aria-hidden="true"></progress></div>'
    )


def _word_item(text: str, points: int, lang: str, *, bonus: bool = False, crossed: bool = False,
               heard: bool = False) -> str:  # fmt: skip
    mark = ' <span class="boggle-x2">×2</span>' if bonus else ""
    if heard:  # the word said to find by ear ("find the word you hear")
        note = _e(message(lang, "boggle.heard_note"))
        mark += f' <span class="boggle-x2 boggle-heard" title="{note}" aria-label="{note}">×2</span>'
    cls = ' class="boggle-crossed"' if crossed else ""
    word = f"<s>{_e(text)}</s>" if crossed else _e(text)
    return f'<li{cls}><span class="boggle-word">{word}</span>{hear_button(text, lang)}{mark} <span class="boggle-pts">+{points}</span></li>'


def found_html(found: Sequence[Play], lexicon: "Lexicon", lang: str) -> str:
    """The student's words so far, newest first, with points (before shared words are crossed out)."""
    total = sum(p.points for p in found)
    items = "".join(_word_item(spelled(p.word, lexicon), p.points, lang, bonus=p.bonus, heard=p.heard)
                    for p in reversed(found))
    body = f"<ol reversed>{items}</ol>" if found else f'<p>{_e(message(lang, "boggle.found_none"))}</p>'
    summary = message(lang, "boggle.found_summary", count=len(found), points=total)
    return (
        f'<div class="myword-panel boggle-found"><h2>{_e(message(lang, "boggle.found_title"))}</h2>'
        f'<p class="boggle-summary">{_e(summary)}</p>{body}</div>'
    )


def counts_html(players: Sequence[str], counts: Mapping[str, int], lang: str, *, me: str, title: str | None = None) -> str:
    """How many words each other player has written so far (the words stay hidden until the end)."""
    others = [p for p in players if p != me]
    if not others:
        return ""
    items = "".join(
        f'<li data-player="{_e(p)}">{_e(message(lang, "boggle.count", player=p, count=counts.get(p, 0)))}</li>' for p in others
    )
    heading = message(lang, "boggle.others_title") if title is None else title
    return f'<div class="myword-panel boggle-counts"><h2>{_e(heading)}</h2><ul>{items}</ul></div>'


def best_html(best: int | None, new_best: bool, lang: str) -> str:
    """Solo practice: the personal best to beat (or the news of a new one)."""
    if new_best and best is not None:
        text, cls = message(lang, "boggle.new_best", points=best), "boggle-best boggle-new-best"
    elif best is None:
        text, cls = message(lang, "boggle.best_none"), "boggle-best"
    else:
        text, cls = message(lang, "boggle.best", points=best), "boggle-best"
    return f'<div class="myword-panel {cls}"><p>{_e(text)}</p></div>'


def result_html(
    result: RoundResult,
    lexicon: "Lexicon",
    lang: str,
    *,
    players: Sequence[str],
    me: str,
    round_number: int,
    totals: Mapping[str, int],
    target: int | None,
    winners: Sequence[str] = (),
    game_over: bool = False,
    show_totals: bool = False,
) -> str:
    """End of round: scores (and totals in a tournament), each list with crossed-out and doubled words."""
    m = lambda key, **v: message(lang, key, **v)  # noqa: E731
    parts = [f'<div class="myword-review boggle-result" role="region" aria-label="{_e(m("boggle.round_title", number=round_number))}">']
    parts.append(f'<h2>{_e(m("boggle.times_up"))} {_e(m("boggle.round_title", number=round_number))}</h2>')
    if game_over:
        if list(winners) == [me]:
            line = m("gameover.you_won")
        else:
            line = about_players(lang, "gameover.winner", winners)
        parts.append(f'<p class="myword-winner">{_e(m("gameover.title"))} {_e(line)}</p>')
    elif len(players) > 1:
        top, best = leaders(result.scores, players)
        key = "boggle.round_tie" if len(top) > 1 else "boggle.round_winner"
        parts.append(f'<p class="boggle-round-winner">{_e(about_players(lang, key, top, points=best))}</p>')
    with_totals = bool(target) or show_totals  # a tournament, or a live room's rounds
    head = [m("score.player"), m("boggle.col.words"), m("boggle.col.points")] + ([m("score.total")] if with_totals else [])
    rows = []
    for name in players:
        scored = result.words.get(name, ())
        cells = [f'<td class="myword-player">{_e(name)}</td>', f'<td class="num">{len(scored)}</td>',
                 f'<td class="num boggle-score" data-player="{_e(name)}">{result.scores.get(name, 0)}</td>']  # fmt: skip
        if with_totals:
            cells.append(f'<td class="num">{totals.get(name, 0)}</td>')
        rows.append(f'<tr class="{"me" if name == me else ""}">{"".join(cells)}</tr>')
    header = "".join(f'<th class="{"num" if i else ""}">{_e(h)}</th>' for i, h in enumerate(head))
    parts.append(
        f'<div class="myword-scoreboard"><table><thead><tr>{header}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table></div>'
    )
    if target:
        parts.append(f'<p class="boggle-target">{_e(m("boggle.target_line", target=target))}</p>')
    for name in players:
        scored = result.words.get(name, ())
        items = "".join(_word_item(spelled(s.word, lexicon), s.points, lang, bonus=s.bonus and not s.crossed, crossed=s.crossed) for s in scored)
        body = f'<ul class="boggle-list">{items}</ul>' if scored else f'<p>{_e(m("review.none"))}</p>'
        parts.append(f'<div class="boggle-player-words" data-player="{_e(name)}"><h3>{_e(name)}</h3>{body}</div>')
    if result.shared:
        shared = ", ".join(spelled(w, lexicon) for w in sorted(result.shared))
        parts.append(f'<p class="boggle-shared">{_e(m("boggle.crossed_note", words=shared))}</p>')
    if any(s.bonus and not s.crossed for scored in result.words.values() for s in scored):
        parts.append(f'<p class="boggle-bonus-note">{_e(m("boggle.bonus_note"))}</p>')
    parts.append("</div>")
    return "".join(parts)


def lesson_html(focus: Sequence[str], found: Sequence[str], left_out: Sequence[str], lexicon: "Lexicon", lang: str) -> str:
    """End of a lesson round: the focus words hidden on the board, each found or not (and those that did not fit).

    >>> from myword_edu.lexicon.wordlist import Lexicon
    >>> html = lesson_html(["cat", "hat"], ["hat"], ["map"], Lexicon.from_words(["cat", "hat", "map"], blocked=[]), "en")
    >>> [html.count(k) for k in ('data-found="yes"', 'data-found="no"', "MAP")]
    [1, 1, 1]
    """
    m = lambda key, **v: message(lang, key, **v)  # noqa: E731
    if not focus and not left_out:
        return ""
    items = []
    for word in focus:
        yes = word in found
        mark, cls = ("✓", "boggle-pts") if yes else ("✗", "boggle-x2")
        state = m("boggle.lesson_yes" if yes else "boggle.lesson_no")
        items.append(f'<li data-word="{_e(word)}" data-found="{"yes" if yes else "no"}"><span class="{cls}">{mark}</span> '
                     f'<span class="boggle-word">{_e(spelled(word, lexicon))}</span> ({_e(state)})</li>')  # fmt: skip
    parts = [f'<div class="myword-panel boggle-lesson"><h3>{_e(m("boggle.lesson_title"))}</h3>',
             f'<p class="boggle-summary">{_e(m("boggle.lesson_found", found=len([w for w in focus if w in found]), count=len(focus)))}</p>']  # fmt: skip
    if items:
        parts.append(f'<ul class="boggle-list">{"".join(items)}</ul>')
    if left_out:
        words = ", ".join(spelled(w, lexicon) for w in left_out)
        parts.append(f'<p class="boggle-lesson-left">{_e(m("boggle.lesson_no_room", words=words))}</p>')
    parts.append("</div>")
    return "".join(parts)
