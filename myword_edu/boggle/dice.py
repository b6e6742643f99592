"""Boggle's dice: the sets of cubes, the language each is made for, the boards they make.

A die is six faces, folded like words (see :mod:`myword_edu.core.text`): one
letter, or ``"qu"`` for the Qu face. :meth:`myword_edu.boggle.board.Board.roll`
shakes a set into a board.

>>> len(DICE["new"]), DICE["new"][0]
(16, ('a', 'a', 'e', 'e', 'g', 'n'))
>>> DICE_LANG["es"], dice_size("big")
('es', 5)
"""

from __future__ import annotations

import math

__all__ = ["DICE", "DICE_LANG", "default_dice", "dice_size"]


def _dice(text: str) -> tuple[tuple[str, ...], ...]:
    """Dice written as six letters each; ``Q`` is the Qu face."""
    return tuple(tuple("qu" if ch == "Q" else ch.lower() for ch in die) for die in text.split())


#: The dice sets, each die six faces. "classic" and "new" are the 1983 and 1992
#: Boggle dice and "big" the Big Boggle 5x5 dice, as in the Princeton algs4
#: ``BoggleBoard`` (BOGGLE_1983, BOGGLE_1992, BOGGLE_BIG). "es" is this
#: project's Spanish set, derived by ``tools/design_boggle_dice.py``.
DICE: dict[str, tuple[tuple[str, ...], ...]] = {
    "classic": _dice(
        "AACIOT ABILTY ABJMOQ ACDEMP ACELRS ADENVZ AHMORS BIFORX "
        "DENOSW DKNOTU EEFHIY EGINTV EGKLUY EHINPS ELPSTU GILRUW"
    ),
    "new": _dice(
        "AAEEGN ABBJOO ACHOPS AFFKPS AOOTTW CIMOTU DEILRX DELRVY "
        "DISTTY EEGHNW EEINSU EHRTVW EIOSST ELRTTY HIMNQU HLNNRZ"
    ),
    "big": _dice(
        "AAAFRS AAEEEE AAFIRS ADENNN AEEEEM AEEGMU AEGMNN AFIRSY BJKQXZ CCENST CEIILT CEILPT CEIPST "
        "DDHNOT DHHLOR DHLNOR DHLNOR EIIITT EMOTTT ENSSSU FIPRSY GORRVW IPRRRY NOOTUW OOOTTU"
    ),
    "es": _dice(
        "AESLCQ AEONUY AEOLTF AERIUZ AERIUJ AERNTÑ AERNCP AERNCB "
        "AERLDM ASOICG ASONDH ASONTM ASRIDV ESOILB ESOIDP ESOITM"
    ),
}
#: The language each dice set is made for.
DICE_LANG: dict[str, str] = {"classic": "en", "new": "en", "big": "en", "es": "es"}


def default_dice(lang: str) -> str:
    """The dice set a language plays with by default.

    >>> default_dice("es"), default_dice("en")
    ('es', 'new')
    """
    return "es" if lang == "es" else "new"


def dice_size(dice: str) -> int:
    """The rows (= columns) of the boards a dice set makes.

    >>> dice_size("big"), dice_size("es")
    (5, 4)
    """
    return math.isqrt(len(DICE[dice]))
