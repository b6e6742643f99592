"""Message catalogs in English and Spanish: every string the app shows.

Messages are worded for a 7-year-old. A catalog is a plain ``dict`` of keys to
:meth:`str.format` templates; both catalogs have the same keys and the same
``{placeholders}`` (a test checks it). Refusal reasons use the values of
:class:`myword_edu.myword.round.Reason` and of ``BadWordError.reason``.

>>> message("es", "button.call")
'¡La digo!'
>>> message("en", "deck.left", left=12, total=71)
'12 of 71 cards left'
>>> card_name(Card("qu"), "en"), card_name(Card("??"), "es")
('card Q U', 'comodín, dos letras')
"""

from __future__ import annotations

from typing import Any, Iterable

from myword_edu.myword.cards import Card
from myword_edu.core.text import Lang, parse_lang

__all__ = ["CATALOGS", "message", "card_name", "reason_key", "join_names", "languages"]

EN: dict[str, str] = {
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
    "player.bot": "Robot {number}",
    "player.student": "Student {number}",
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
    "deck.left": "{left} of {total} cards left",
    "round.status": "Round {number} of {rounds}",
    "status.ready": "Get ready: the cards are coming!",
    "status.dealing": "Look for words!",
    "status.paused": "Paused. Press Go on to play again.",
    "status.last_call": "No more cards. Last call: {seconds} seconds!",
    "status.round_over": "The round is over.",
    "status.game_over": "The game is over.",
    "feedback.you_won_cards": "Yes! {word} is a word. You win {count} cards.",
    "feedback.player_won_cards": "{player} called {word} and wins {count} cards.",
    "feedback.not_yours": "{player} called {word}: not allowed.",
    "feedback.free_cards": "{names} got a free card.",
    "feedback.you_free_card": "You got a free card!",
    "feedback.not_saved": "Your answer could not be saved. Please tell your teacher.",
    "reason.not_a_word": "{word} is not a word we know. Try another one!",
    "reason.cards_not_on_table": "The cards on the table can't make {word}.",
    "reason.cards_do_not_spell": "Those cards don't spell {word}. Click them in order.",
    "reason.too_few_cards": "{word} is too short: use at least {needed} cards.",
    "reason.blocked_word": "That word is not for class. Try another one!",
    "reason.wrong_language": "{word} is not a {language} word. Try a {language} word!",
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
    "score.aria": "{player}: {cards} cards this round, {total} points in all",
    "feed.title": "Calls",
    "feed.empty": "No calls yet.",
    "feed.accepted": "{player}: {word} (+{count})",
    "feed.refused": "{player}: {word} (no)",
    "review.title": "Round {number} is over!",
    "review.leftover": "Cards nobody won",
    "review.words": "Words each player made",
    "review.could": "Words you could have made",
    "review.none": "none",
    "gameover.title": "Game over!",
    "gameover.winner": "{names} won!",
    "gameover.tie": "It's a tie: {names}!",
    "gameover.you_won": "You won! Well done!",
    "gameover.totals": "Points",
    "card.single": "card {letters}",
    "card.double": "card {letters}",
    "card.wild": "wild card, one letter",
    "card.wild2": "wild card, two letters",
    "card.selected": "picked {position}",
    "card.newest": "newest",
    "list.and": "and",
    # Boggle (myword_edu.ui.boggle.app)
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
    "boggle.target.points": "To {target} points",
    "boggle.settings.bonus": "Red cube ×2",
    "boggle.start": "Start",
    "boggle.entry_label": "Your word",
    "boggle.entry_placeholder": "Type a word, press Enter",
    "boggle.send": "Send",
    "boggle.grid": "Letter cubes",
    "boggle.hint": "Click cubes that touch, one after another, then click the last one again to send. Or drag across them.",
    "boggle.path_label": "Your word:",
    "boggle.cube": "{letters}, row {row}, column {column}",
    "boggle.cube_bonus": "{letters}, red bonus cube, row {row}, column {column}",
    "boggle.cube_covered": "covered cube",
    "boggle.timer": "Time left",
    "boggle.minutes": "{minutes} min",
    "boggle.seconds": "{seconds} s",
    "boggle.ready": "Press Start when you are ready ({time}).",
    "boggle.playing": "Find words of {least} letters or more!",
    "boggle.times_up": "Time's up!",
    "boggle.not_started": "Press Start first: the cubes are still covered.",
    "boggle.accepted": "{word}: +{points}",
    "boggle.accepted_bonus": "{word} uses the red cube: +{points}!",
    "boggle.reason.not_on_board": "{word} is not on the board. Its letters must touch.",
    "boggle.reason.bad_path": "Those cubes don't make a word. Use cubes that touch, each one once.",
    "boggle.reason.too_short": "{word} is too short: use at least {needed} letters.",
    "boggle.reason.already_found": "You already have {word}.",
    "boggle.found_title": "Your words",
    "boggle.found_none": "No words yet.",
    "boggle.found_summary": "Words: {count} · Points: {points}",
    "boggle.others_title": "Words the robots found",
    "boggle.count": "{player}: {count}",
    "boggle.best": "Your best: {points} points. Can you beat it?",
    "boggle.best#one": "Your best: 1 point. Can you beat it?",
    "boggle.best_none": "Play a round to set your best score!",
    "boggle.new_best": "New personal best: {points} points!",
    "boggle.new_best#one": "New personal best: 1 point!",
    "boggle.round_title": "Round {number} is over.",
    "boggle.round_winner": "{names} won this round with {points} points.",
    "boggle.round_winner#one": "{names} won this round with 1 point.",
    "boggle.round_tie": "A tie: {names} have {points} points.",
    "boggle.round_tie#one": "A tie: {names} have 1 point each.",
    "boggle.col.words": "Words",
    "boggle.col.points": "Points",
    "boggle.target_line": "The first to {target} points wins.",
    "boggle.crossed_note": "Crossed out (found by two or more players, no points): {words}",
    "boggle.bonus_note": "×2: the word uses the red cube.",
    "boggle.missed_title": "Words nobody found ({count})",
    "boggle.missed_help": "Click a word to see it on the board.",
    "boggle.missed_label": "Words nobody found",
    "connection.lost": "Connection lost: this page has stopped working. Reopen the link to go on.",
    "connection.reopen": "Reopen",
}

ES: dict[str, str] = {
    "app.title": "¡MyWord!",
    "app.tagline": "Busca palabras en las cartas. ¡Dilas antes que los robots!",
    "app.tagline_projector": "Reparte las cartas. ¿Quién encuentra antes una palabra?",
    "lang.label": "Idioma",
    "lang.en": "English",
    "lang.es": "Español",
    "mode.label": "Modo",
    "mode.practice": "Practicar",
    "mode.projector": "Pantalla de clase",
    "settings.bots": "Robots",
    "settings.level": "Nivel de los robots",
    "settings.pace": "Segundos por carta",
    "settings.names": "Jugadores",
    "settings.names_placeholder": "Ana, Beto, Carla",
    "level.easy": "Fácil",
    "level.medium": "Medio",
    "level.hard": "Difícil",
    "player.you": "Tú",
    "player.bot": "Robot {number}",
    "player.student": "Alumno {number}",
    "button.pause": "Pausa",
    "button.resume": "Seguir",
    "button.next_card": "Otra carta",
    "button.call": "¡La digo!",
    "button.undo": "Deshacer",
    "button.clear": "Borrar",
    "button.next_round": "Siguiente ronda",
    "button.play_again": "Jugar otra vez",
    "button.new_game": "Juego nuevo",
    "entry.label": "Tu palabra",
    "entry.placeholder": "Escribe y pulsa Intro",
    "who.label": "¿Quién la dijo?",
    "table.label": "Cartas en la mesa",
    "table.empty": "Todavía no hay cartas en la mesa.",
    "table.round_over": "La ronda ha terminado. Pulsa Siguiente ronda para seguir.",
    "table.game_over": "El juego ha terminado. Pulsa Jugar otra vez para empezar otro.",
    "deck.label": "Cartas que quedan en el mazo",
    "deck.left": "Quedan {left} de {total} cartas",
    "round.status": "Ronda {number} de {rounds}",
    "status.ready": "¡Prepárate: llegan las cartas!",
    "status.dealing": "¡Busca palabras!",
    "status.paused": "En pausa. Pulsa Seguir para jugar.",
    "status.last_call": "No hay más cartas. Última oportunidad: ¡{seconds} segundos!",
    "status.round_over": "La ronda ha terminado.",
    "status.game_over": "El juego ha terminado.",
    "feedback.you_won_cards": "¡Sí! {word} es una palabra. Ganas {count} cartas.",
    "feedback.player_won_cards": "{player} dijo {word} y gana {count} cartas.",
    "feedback.not_yours": "{player} dijo {word}: no vale.",
    "feedback.free_cards": "{names} se llevan una carta gratis.",
    "feedback.you_free_card": "¡Te llevas una carta gratis!",
    "feedback.not_saved": "Tu respuesta no se ha podido guardar. Avisa a tu profesor o profesora.",
    "reason.not_a_word": "No conocemos la palabra {word}. ¡Prueba otra!",
    "reason.cards_not_on_table": "Con las cartas de la mesa no se puede hacer {word}.",
    "reason.cards_do_not_spell": "Esas cartas no forman {word}. Púlsalas en orden.",
    "reason.too_few_cards": "{word} es muy corta: usa al menos {needed} cartas.",
    "reason.blocked_word": "Esa palabra no es para la clase. ¡Prueba otra!",
    "reason.wrong_language": "{word} no es una palabra en {language}. ¡Di una palabra en {language}!",
    "reason.dealer_cannot_call": "Quien reparte no puede decir palabras en esta ronda.",
    "reason.round_over": "Esta ronda ha terminado. ¡Espera la siguiente!",
    "reason.too_late": "¡Tarde! Otra persona se llevó esas cartas primero. No pierdes nada.",
    "reason.apostrophe_or_hyphen": "{word}: sin apóstrofos ni guiones. En MyWord! las palabras son solo letras.",
    "reason.empty": "Primero escribe una palabra.",
    "reason.too_long": "Eso es muy largo para una palabra.",
    "reason.bad_characters": "Usa solo letras, por favor.",
    "reason.wrong_alphabet": "Usa solo las letras de nuestras cartas.",
    "reason.no_player": "Primero elige quién dijo la palabra.",
    "language.en": "inglés",
    "language.es": "español",
    "score.title": "Puntos",
    "score.player": "Jugador",
    "score.cards": "Cartas",
    "score.total": "Total",
    "score.aria": "{player}: {cards} cartas en esta ronda, {total} puntos en total",
    "feed.title": "Palabras dichas",
    "feed.empty": "Nadie ha dicho nada todavía.",
    "feed.accepted": "{player}: {word} (+{count})",
    "feed.refused": "{player}: {word} (no)",
    "review.title": "¡Se acabó la ronda {number}!",
    "review.leftover": "Cartas que nadie ganó",
    "review.words": "Palabras de cada jugador",
    "review.could": "Palabras que podías haber hecho",
    "review.none": "ninguna",
    "gameover.title": "¡Fin del juego!",
    "gameover.winner": "¡Ha ganado {names}!",
    "gameover.tie": "¡Empate entre {names}!",
    "gameover.you_won": "¡Has ganado! ¡Muy bien!",
    "gameover.totals": "Puntos",
    "card.single": "carta {letters}",
    "card.double": "carta {letters}",
    "card.wild": "comodín, una letra",
    "card.wild2": "comodín, dos letras",
    "card.selected": "elegida {position}",
    "card.newest": "la más nueva",
    "list.and": "y",
    # Boggle (myword_edu.ui.boggle.app)
    "boggle.title": "Boggle",
    "boggle.tagline": "¡Busca palabras en los dados antes de que se acabe el tiempo!",
    "boggle.dice.classic": "Dados clásicos",
    "boggle.dice.new": "Dados nuevos",
    "boggle.dice.big": "Big Boggle 5×5",
    "boggle.dice.es": "Dados en español",
    "boggle.settings.dice": "Dados",
    "boggle.settings.time": "Minutos",
    "boggle.settings.min": "Mín. letras",
    "boggle.settings.level": "Nivel",
    "boggle.min.auto": "Normal",
    "boggle.settings.target": "Jugar",
    "boggle.target.none": "Una ronda",
    "boggle.target.points": "A {target} puntos",
    "boggle.settings.bonus": "Dado rojo ×2",
    "boggle.start": "Empezar",
    "boggle.entry_label": "Tu palabra",
    "boggle.entry_placeholder": "Escribe y pulsa Intro",
    "boggle.send": "Enviar",
    "boggle.grid": "Dados con letras",
    "boggle.hint": "Pulsa dados que se toquen, uno tras otro, y pulsa otra vez el último para enviar. O arrastra por encima.",
    "boggle.path_label": "Tu palabra:",
    "boggle.cube": "{letters}, fila {row}, columna {column}",
    "boggle.cube_bonus": "{letters}, dado rojo de bonificación, fila {row}, columna {column}",
    "boggle.cube_covered": "dado tapado",
    "boggle.timer": "Tiempo que queda",
    "boggle.minutes": "{minutes} min",
    "boggle.seconds": "{seconds} s",
    "boggle.ready": "Pulsa Empezar cuando estés listo ({time}).",
    "boggle.playing": "¡Busca palabras de {least} letras o más!",
    "boggle.times_up": "¡Se acabó el tiempo!",
    "boggle.not_started": "Primero pulsa Empezar: los dados siguen tapados.",
    "boggle.accepted": "{word}: +{points}",
    "boggle.accepted_bonus": "{word} usa el dado rojo: ¡+{points}!",
    "boggle.reason.not_on_board": "{word} no está en el tablero. Sus letras deben tocarse.",
    "boggle.reason.bad_path": "Esos dados no forman una palabra. Usa dados que se toquen, cada uno una vez.",
    "boggle.reason.too_short": "{word} es muy corta: usa al menos {needed} letras.",
    "boggle.reason.already_found": "Ya tienes {word}.",
    "boggle.found_title": "Tus palabras",
    "boggle.found_none": "Todavía no hay palabras.",
    "boggle.found_summary": "Palabras: {count} · Puntos: {points}",
    "boggle.others_title": "Palabras de los robots",
    "boggle.count": "{player}: {count}",
    "boggle.best": "Tu mejor marca: {points} puntos. ¿Puedes superarla?",
    "boggle.best#one": "Tu mejor marca: 1 punto. ¿Puedes superarla?",
    "boggle.best_none": "¡Juega una ronda para tener tu mejor marca!",
    "boggle.new_best": "¡Nueva mejor marca: {points} puntos!",
    "boggle.new_best#one": "¡Nueva mejor marca: 1 punto!",
    "boggle.round_title": "Se acabó la ronda {number}.",
    "boggle.round_winner": "{names} ganó esta ronda con {points} puntos.",
    "boggle.round_winner#one": "{names} ganó esta ronda con 1 punto.",
    "boggle.round_tie": "Empate: {names} tienen {points} puntos.",
    "boggle.round_tie#one": "Empate: {names} tienen 1 punto cada uno.",
    "boggle.col.words": "Palabras",
    "boggle.col.points": "Puntos",
    "boggle.target_line": "Gana quien llegue antes a {target} puntos.",
    "boggle.crossed_note": "Tachadas (las encontraron dos o más jugadores, sin puntos): {words}",
    "boggle.bonus_note": "×2: la palabra usa el dado rojo.",
    "boggle.missed_title": "Palabras que nadie encontró ({count})",
    "boggle.missed_help": "Pulsa una palabra para verla en el tablero.",
    "boggle.missed_label": "Palabras que nadie encontró",
    "connection.lost": "Se ha perdido la conexión: esta página ha dejado de funcionar. Vuelve a abrir el enlace para seguir.",
    "connection.reopen": "Volver a abrir",
}

#: The catalogs by language tag.
CATALOGS: dict[str, dict[str, str]] = {Lang.EN.value: EN, Lang.ES.value: ES}


def languages() -> tuple[str, ...]:
    """The language tags with a catalog.

    >>> languages()
    ('en', 'es')
    """
    return tuple(CATALOGS)


def message(lang: object, key: str, **values: Any) -> str:
    """The message ``key`` in ``lang``, filled in with ``values``.

    An unknown key is a bug: it raises :class:`KeyError` naming the key. A
    message about one point has its own wording (``key#one``) where needed.

    >>> message("en", "reason.too_few_cards", word="CAT", needed=4)
    'CAT is too short: use at least 4 cards.'
    >>> message("en", "boggle.round_tie", names="Ana and Ben", points=1)
    'A tie: Ana and Ben have 1 point each.'
    """
    catalog = CATALOGS[parse_lang(lang).value]
    template = catalog[key]
    if values.get("points") == 1:
        template = catalog.get(f"{key}#one", template)
    return template.format(**values) if values else template


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
