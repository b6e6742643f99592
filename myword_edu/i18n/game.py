"""The texts of the games (MyWord!, Boggle, the static site) in English, and how to say them.

Messages are worded for a 7-year-old. The English is here by key (the gettext
domain ``game``); the Spanish is in ``locale/es/LC_MESSAGES/game.po`` (see
:mod:`myword_edu.i18n.catalog`). Refusal reasons use the values of
:class:`myword_edu.myword.round.Reason` and of ``BadWordError.reason``.

>>> message("es", "button.call")
'¡La digo!'
>>> message("en", "deck.left", left=12, total=71)
'12 of 71 cards left'
>>> message("es", "deck.left", left=1, total=71)
'Queda 1 de 71 cartas'
>>> card_name(Card("qu"), "en"), card_name(Card("??"), "es")
('card Q U', 'comodín, dos letras')
"""

from __future__ import annotations

from typing import Any, Iterable

from myword_edu.i18n.catalog import Catalog, Entry, Plural, Text, languages
from myword_edu.myword.cards import Card

__all__ = ["GAME", "message", "card_name", "reason_key", "join_names", "about_players", "score_label", "took_cards",
           "why_refused", "languages"]  # fmt: skip

EN: dict[str, Entry] = {
    "app.title": "MyWord!",
    "app.tagline": "Find words in the cards. Call them before the robots do!",
    "app.tagline_projector": "Deal the cards. Who finds a word first?",
    "lang.label": "Language",
    "lang.en": "English",
    "lang.es": "Spanish",
    "mode.label": "Mode",
    "mode.practice": "Practice",
    "mode.projector": "Class screen",
    "settings.bots": "Robots",
    "settings.level": "Robot level",
    "settings.pace": "Seconds per card",
    "settings.names": "Players",
    "settings.names_placeholder": "Ana, Ben, Carla",
    "level.easy": "Easy",
    "level.medium": "Medium",
    "level.hard": "Hard",
    "player.you": "You",
    "player.bot": Text("Robot {number}", "{number}: 1, 2, 3... A robot's name in the game."),
    "player.student": Text("Student {number}", "{number}: 1, 2, 3... A student's name on the class screen when none was typed."),
    "button.pause": "Pause",
    "button.resume": "Go on",
    "button.next_card": "Next card",
    "button.call": "Call it!",
    "button.undo": "Undo",
    "button.clear": "Clear",
    "button.next_round": "Next round",
    "button.play_again": "Play again",
    "button.new_game": "New game",
    "entry.label": "Your word",
    "entry.placeholder": "Type a word, press Enter",
    "who.label": "Who called it?",
    "table.label": "Cards on the table",
    "table.empty": "No cards on the table yet.",
    "table.round_over": "The round is over. Press Next round to play on.",
    "table.game_over": "The game is over. Press Play again for a new game.",
    "deck.label": "Cards left in the deck",
    "deck.left": Plural("{left} of {total} cards left", "{left} of {total} cards left", "left", note="{left}: cards still in the deck; {total}: cards in the whole deck."),
    "round.status": "Round {number} of {rounds}",
    "status.ready": "Get ready: the cards are coming!",
    "status.dealing": "Look for words!",
    "status.paused": "Paused. Press Go on to play again.",
    "status.last_call": Plural("No more cards. Last call: {seconds} second!", "No more cards. Last call: {seconds} seconds!", "seconds"),
    "status.round_over": "The round is over.",
    "status.game_over": "The game is over.",
    "feedback.you_won_cards": Plural("Yes! {word} is a word. You win {count} card.", "Yes! {word} is a word. You win {count} cards.", note="{word}: the word the student called, in capitals."),
    "feedback.player_won_cards": Plural("{player} called {word} and wins {count} card.", "{player} called {word} and wins {count} cards.", note="{player}: another player's name (a robot, a student); {word}: the word, in capitals."),
    "feedback.not_yours": "{player} called {word}: not allowed.",
    "feedback.free_cards": Plural("{names} got a free card.", "{names} got a free card.", "people", note="{names}: one or more players' names joined with 'and' (they may include 'Tú', so the plural avoids a verb that agrees with them)."),
    "feedback.free_cards.you": Text("You got a free card.", "Said when the student (shown as 'You') is the only one who gets a free card."),
    "feedback.other_refused": Text("{player} called {word}: {why}.", "{player}: another player (a robot); {word}: their word, in capitals; {why}: the reason, from a why.* text."),
    "free.took": Text("{player} took the {card}", "A free card after a failed call. {player}: the player who got it; {card}: the card's letters, in capitals (Spanish: 'la V', a letter)."),
    "free.took.you": Text("You took the {card}", "The student got this free card. {card}: the card's letters, in capitals."),
    "free.took_wild": Text("{player} took a wild card", "{player}: the player who got a free wild card."),
    "free.took_wild.you": "You took a wild card",
    "free.cards": Plural("{taken}", "Free cards: {taken}", "people", note="{taken}: who took which card (free.took texts), joined with commas; the form is picked by how many took one."),
    "feedback.not_saved": "Your answer could not be saved. Please tell your teacher.",
    "reason.not_a_word": "{word} is not a word we know. Try another one!",
    "reason.cards_not_on_table": "The cards on the table can't make {word}.",
    "reason.cards_do_not_spell": "Those cards don't spell {word}. Click them in order.",
    "reason.too_few_cards": Plural("{word} is too short: use at least {needed} card.", "{word} is too short: use at least {needed} cards.", "needed"),
    "reason.blocked_word": "That word is not for class. Try another one!",
    "reason.wrong_language": Text("{word} is not a {language} word. Try a {language} word!", "{language}: the name of the other language, from language.en / language.es."),
    "reason.dealer_cannot_call": "The dealer can't call words in this round.",
    "reason.round_over": "This round is over. Wait for the next one!",
    "reason.too_late": "Too late! Someone else took those cards first. No penalty.",
    "reason.apostrophe_or_hyphen": "{word}: no apostrophes or hyphens. MyWord! words are letters only.",
    "reason.empty": "Type a word first.",
    "reason.too_long": "That is too long for one word.",
    "reason.bad_characters": "Use only letters, please.",
    "reason.wrong_alphabet": "Use only the letters on our cards.",
    "reason.no_player": "Pick who called the word first.",
    "language.en": "English",
    "language.es": "Spanish",
    "score.title": "Score",
    "score.player": "Player",
    "score.cards": "Cards",
    "score.total": "Total",
    "score.aria": Text("{player}: {cards}, {total}", "What a screen reader says for a row of the scoreboard. {cards}: the text score.aria_cards; {total}: the text score.aria_total."),
    "score.aria_cards": Plural("{cards} card this round", "{cards} cards this round", "cards"),
    "score.aria_total": Plural("{total} point in all", "{total} points in all", "total"),
    "feed.title": "Calls",
    "feed.empty": "No calls yet.",
    "feed.accepted": "{player}: {word} (+{count})",
    "feed.refused": Text("{player}: {word} (no: {why})", "{why}: the reason, from a why.* text."),
    "why.not_a_word": "not a word",
    "why.cards_not_on_table": "those cards are not on the table",
    "why.cards_do_not_spell": "those cards don't spell it",
    "why.too_few_cards": Plural("too few cards, at least {needed}", "too few cards, at least {needed}", "needed"),
    "why.blocked_word": "not a word for class",
    "why.wrong_language": "a word from the other language",
    "why.dealer_cannot_call": "the dealer can't call",
    "why.round_over": "the round was over",
    "why.too_late": "too late, the cards were already taken",
    "why.apostrophe_or_hyphen": "no apostrophes or hyphens",
    "review.title": "Round {number} is over!",
    "review.leftover": "Cards nobody won",
    "review.words": "Words each player made",
    "review.could": "Words you could have made",
    "review.none": "none",
    "gameover.title": "Game over!",
    "gameover.winner": Plural("{names} won!", "{names} won!", "people", note="{names}: the winners' names joined with 'and' (they may include 'Tú', so the plural avoids a verb that agrees with them)."),
    "gameover.winner.you": Text("You won!", "Said when the student (shown as 'You') is the only winner."),
    "gameover.tie": Text("It's a tie: {names}!", "{names}: two or more players' names joined with 'and'."),
    "gameover.you_won": "You won! Well done!",
    "gameover.totals": "Points",
    "card.single": "card {letters}",
    "card.double": "card {letters}",
    "card.wild": "wild card, one letter",
    "card.wild2": "wild card, two letters",
    "card.selected": Text("picked {position}", "{position}: 1, 2, 3... the order in which the card was picked."),
    "card.newest": "newest",
    "list.and": "and",
    "boggle.title": "Boggle",
    "boggle.tagline": "Find words in the letter cubes before the time runs out!",
    "boggle.dice.classic": "Classic cubes",
    "boggle.dice.new": "New cubes",
    "boggle.dice.big": "Big Boggle 5×5",
    "boggle.dice.es": "Spanish cubes",
    "boggle.settings.dice": "Cubes",
    "boggle.settings.time": "Minutes",
    "boggle.settings.min": "Min. letters",
    "boggle.settings.level": "Level",
    "boggle.min.auto": "Usual",
    "boggle.settings.target": "Play",
    "boggle.target.none": "One round",
    "boggle.target.points": Plural("To {target} point", "To {target} points", "target"),
    "boggle.settings.bonus": "Red cube ×2",
    "boggle.start": "Start",
    "boggle.entry_label": "Your word",
    "boggle.entry_placeholder": "Type a word, press Enter",
    "boggle.send": "Send",
    "boggle.grid": "Letter cubes",
    "boggle.hint": "Click cubes that touch, one after another, then click the last one again to send. Or drag across them.",
    "boggle.path_label": "Your word:",
    "boggle.cube": Text("{letters}, row {row}, column {column}", "{letters}: the letters on the cube; {row}, {column}: 1, 2, 3..."),
    "boggle.cube_bonus": "{letters}, red bonus cube, row {row}, column {column}",
    "boggle.cube_covered": "covered cube",
    "boggle.timer": "Time left",
    "boggle.minutes": "{minutes} min",
    "boggle.seconds": "{seconds} s",
    "boggle.ready": Text("Press Start when you are ready ({time}).", "{time}: how long a round lasts, e.g. '3 min'."),
    "boggle.playing": Plural("Find words of {least} letter or more!", "Find words of {least} letters or more!", "least"),
    "boggle.times_up": "Time's up!",
    "boggle.not_started": "Press Start first: the cubes are still covered.",
    "boggle.accepted": "{word}: +{points}",
    "boggle.accepted_bonus": "{word} uses the red cube: +{points}!",
    "boggle.reason.not_on_board": "{word} is not on the board. Its letters must touch.",
    "boggle.reason.bad_path": "Those cubes don't make a word. Use cubes that touch, each one once.",
    "boggle.reason.too_short": Plural("{word} is too short: use at least {needed} letter.", "{word} is too short: use at least {needed} letters.", "needed"),
    "boggle.reason.already_found": "You already have {word}.",
    "boggle.found_title": "Your words",
    "boggle.found_none": "No words yet.",
    "boggle.found_summary": Text("Words: {count} · Points: {points}", "{count}: number of words; {points}: number of points (shown as labels: no agreement needed)."),
    "boggle.others_title": "Words the robots found",
    "boggle.count": "{player}: {count}",
    "boggle.best": Plural("Your best: {points} point. Can you beat it?", "Your best: {points} points. Can you beat it?", "points"),
    "boggle.best_none": "Play a round to set your best score!",
    "boggle.new_best": Plural("New personal best: {points} point!", "New personal best: {points} points!", "points"),
    "boggle.round_title": "Round {number} is over.",
    "boggle.round_winner": Plural("{names} won this round with {points} point.", "{names} won this round with {points} points.", "points", note="{names}: the one player with the most points (not the student: see boggle.round_winner.you)."),
    "boggle.round_winner.you": Plural("You won this round with {points} point.", "You won this round with {points} points.", "points", note="The student won the round."),
    "boggle.round_tie": Plural("A tie: {names} have {points} point each.", "A tie: {names} have {points} points.", "points", note="{names}: two or more players' names joined with 'and' (they may include 'Tú', so no verb agrees with them)."),
    "boggle.col.words": "Words",
    "boggle.col.points": "Points",
    "boggle.target_line": Plural("The first to {target} point wins.", "The first to {target} points wins.", "target"),
    "boggle.crossed_note": "Crossed out (found by two or more players, no points): {words}",
    "boggle.bonus_note": "×2: the word uses the red cube.",
    "boggle.missed_title": "Words nobody found ({count})",
    "boggle.missed_help": "Click a word to see it on the board.",
    "boggle.missed_label": "Words nobody found",
    "boggle.lesson_hidden": "Words from your lesson hidden on this board: {count}",
    "boggle.lesson_found": "Lesson words found: {found} of {count}",
    "boggle.lesson_title": "Your lesson words",
    "boggle.lesson_yes": "found",
    "boggle.lesson_no": "not found",
    "boggle.lesson_no_room": "Not on this board (no room): {words}",
    "connection.lost": "Connection lost: this page has stopped working. Reopen the link to go on.",
    "connection.reopen": "Reopen",
    "site.download_attempts": "Download my progress (CSV)",
    "site.download_summary": "Summary (CSV)",
    "site.saved": "Kept in this browser. Words tried: {attempts}, accepted: {accepted}.",
    "site.none": "Your words are kept in this browser, even if you close the page.",
    "site.unavailable": "This browser does not let the page keep your progress: download it before you leave.",
    "site.games": "Games",
    "hear.label": "Hear “{word}”",
    "hear.failed": "This device could not say the word. Check that the sound is on, then try again.",
    "listen.again": Text("Say it again", "A button: the app says the word to find once more (a second press says it slowly)."),
    "boggle.listen.prompt": Text("Listen! Find the word you hear on the board: it scores double.", "Shown while the app says a lesson word aloud; the word itself is never shown."),
    "boggle.listen.done": "You found every word you heard!",
    "boggle.heard_note": "×2: the word you heard.",
    "boggle.accepted_heard": Text("You heard it: {word}, double points! +{points}", "{word}: the word the app said, now found (in capitals); {points}: its points, doubled."),
}

#: The game's texts (gettext domain ``game``).
GAME = Catalog("game", EN)


def message(lang: object, key: str, /, **values: Any) -> str:
    """The text ``key`` in ``lang``, filled in with ``values``.

    An unknown key is a bug: it raises :class:`KeyError` naming the key. A
    text with a count picks its singular or plural form from that value.

    >>> message("en", "reason.too_few_cards", word="CAT", needed=4)
    'CAT is too short: use at least 4 cards.'
    >>> message("es", "boggle.new_best", points=1)
    '¡Nueva mejor marca: 1 punto!'
    """
    return GAME(lang, key, **values)


def about_players(lang: object, key: str, names: Iterable[str], /, **values: Any) -> str:
    """A text about one or more players: ``{names}`` joined, the form picked by how many they are.

    When the only player is the student playing as "You" (``player.you``) and the
    text has a ``key.you`` form, that form speaks to the student instead.

    >>> about_players("es", "feedback.free_cards", ["Robot 1"])
    'Robot 1 se lleva una carta gratis.'
    >>> about_players("es", "feedback.free_cards", ["Robot 1", "Robot 2"])
    'Una carta gratis para cada uno: Robot 1 y Robot 2.'
    >>> about_players("es", "feedback.free_cards", ["Tú"])
    'Te llevas una carta gratis.'
    """
    players = list(names)
    if players == [message(lang, "player.you")] and f"{key}.you" in GAME:
        return message(lang, f"{key}.you", **values)
    return message(lang, key, names=join_names(players, lang), people=len(players), **values)


def score_label(lang: object, player: str, cards: int, total: int) -> str:
    """What a screen reader says for a player's row of the scoreboard.

    >>> score_label("es", "Ana", 1, 2)
    'Ana: 1 carta en esta ronda, 2 puntos en total'
    """
    return message(lang, "score.aria", player=player, cards=message(lang, "score.aria_cards", cards=cards),
                   total=message(lang, "score.aria_total", total=total))


def took_cards(lang: object, given: Iterable[tuple[str, Card]], /, *, me: str | None = None) -> str:
    """Who took which free card after a failed call ("" if nobody did); ``me`` is the student reading it.

    >>> took_cards("en", [("Robot 1", Card("v"))])
    'Robot 1 took the V'
    >>> took_cards("es", [("Ana", Card("ar")), ("Robot 2", Card("?"))], me="Ana")
    'Cartas gratis: Te llevaste la AR, Robot 2 se llevó un comodín'
    """
    clauses = []
    for player, card in given:
        key = "free.took_wild" if card.is_wild else "free.took"
        if player == me:
            key += ".you"
        clauses.append(message(lang, key, player=player, card=str(card)))
    if not clauses:
        return ""
    return message(lang, "free.cards", taken=", ".join(clauses), people=len(clauses))


def why_refused(lang: object, reason: object, /, *, needed: int = 0) -> str:
    """A failed call's reason, short enough for the feed of calls ("" for a reason it has no text for).

    >>> why_refused("es", "too_few_cards", needed=4)
    'pocas cartas, al menos 4'
    """
    key = f"why.{getattr(reason, 'value', reason)}"
    return message(lang, key, needed=needed) if key in GAME else ""


def reason_key(reason: object) -> str:
    """The catalog key for a refusal reason (a ``Reason`` member or a ``BadWordError.reason``).

    >>> reason_key("empty")
    'reason.empty'
    """
    value = getattr(reason, "value", reason)
    return f"reason.{value}"


def card_name(card: Card, lang: object) -> str:
    """What a screen reader says for a card: "card Q U", "wild card, two letters".

    >>> card_name(Card("ñ"), "es")
    'carta Ñ'
    """
    if card.letters == "?":
        return message(lang, "card.wild")
    if card.letters == "??":
        return message(lang, "card.wild2")
    letters = " ".join(str(card).upper())
    return message(lang, "card.double" if card.is_double else "card.single", letters=letters)


def join_names(names: Iterable[str], lang: object) -> str:
    """Names joined as in a sentence: "Ana, Ben and Carla".

    >>> join_names(["Ana", "Ben", "Carla"], "es")
    'Ana, Ben y Carla'
    """
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {message(lang, 'list.and')} {items[-1]}"
