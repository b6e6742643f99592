"""Boggle engine: dice, boards, paths, scoring, a round, a tournament, personal bests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from myword_edu.boggle.bests import MemoryBestScores, practice_key
from myword_edu.boggle.board import Board, BoardError, PathError
from myword_edu.boggle.dice import DICE, DICE_LANG, default_dice
from myword_edu.boggle.round import Reason, Round
from myword_edu.boggle.scoring import score_word
from myword_edu.boggle.tournament import Tournament
from myword_edu.boggle.solver import solve
from myword_edu.boggle.rules import BoggleRules
from myword_edu.core.errors import BadWordError, MyWordError, SettingError, UnknownPlayerError
from myword_edu.lexicon.wordlist import Lexicon

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def words():
    zipf = {"cat": 5.0, "act": 4.6, "tac": 1.0, "scat": 3.0, "cast": 4.4, "cats": 4.0, "acts": 3.9, "tacs": 0.0,
            "sat": 4.0, "tas": 0.0, "at": 6.0, "darn": 3.0}  # fmt: skip
    return Lexicon.from_words(zipf, "en", zipf=zipf, blocked=["darn"])


# -- dice -------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "count"), [("classic", 16), ("new", 16), ("big", 25), ("es", 16)])
def test_dice_sets_have_six_faces_per_die(name, count):
    dice = DICE[name]
    assert len(dice) == count
    assert all(len(die) == 6 for die in dice)
    faces = {f for die in dice for f in die}
    assert "qu" in faces and "q" not in faces
    assert DICE_LANG[name] == ("es" if name == "es" else "en")


def _algs4(text: str) -> list[list[str]]:
    """algs4 dice strings (Q is the Qu face), each die's faces sorted."""
    return sorted(sorted("qu" if ch == "Q" else ch.lower() for ch in die) for die in text.split())


def test_published_dice_match_the_algs4_lists():
    # Princeton algs4 BoggleBoard: BOGGLE_1983, BOGGLE_1992, BOGGLE_BIG.
    assert sorted(sorted(d) for d in DICE["classic"]) == _algs4(
        "AACIOT ABILTY ABJMOQ ACDEMP ACELRS ADENVZ AHMORS BIFORX DENOSW DKNOTU EEFHIY EGINTV EGKLUY EHINPS ELPSTU GILRUW"
    )
    assert sorted(sorted(d) for d in DICE["new"]) == _algs4(
        "LRYTTE VTHRWE EGHWNE SEOTIS ANAEEG IDSYTT OATTOW MTOICU AFPKFS XLDERI HCPOAS ENSIEU YLDEVR ZNRNHL NMIQHU OBBAOJ"
    )
    assert sorted(sorted(d) for d in DICE["big"]) == _algs4(
        "AAAFRS AAEEEE AAFIRS ADENNN AEEEEM AEEGMU AEGMNN AFIRSY BJKQXZ CCENST CEIILT CEILPT CEIPST "
        "DDHNOT DHHLOR DHLNOR DHLNOR EIIITT EMOTTT ENSSSU FIPRSY GORRVW IPRRRY NOOTUW OOOTTU"
    )


def test_spanish_dice_have_enye_and_qu_and_no_die_repeats_a_letter():
    faces = [f for die in DICE["es"] for f in die]
    assert faces.count("ñ") == 1 and faces.count("qu") == 1
    assert not {"k", "w", "x"} & set(faces)
    assert all(len(set(die)) == 6 for die in DICE["es"])
    assert len({tuple(sorted(d)) for d in DICE["es"]}) == 16  # no two dice alike
    vowels = sum(f in "aeiou" for f in faces) / len(faces)
    assert 0.40 <= vowels <= 0.55  # Spanish text is about 46 % vowels


@pytest.mark.slow
def test_spanish_dice_are_the_tools_derivation():
    code = "import sys; sys.path.insert(0, 'tools'); import design_boggle_dice as d; print(d.as_source(d.design()))"
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True, timeout=300)
    derived = out.stdout.strip().split()
    assert derived == ["".join("Q" if f == "qu" else f.upper() for f in die) for die in DICE["es"]]


def test_default_dice_by_language():
    assert default_dice("en") == "new" and default_dice("es") == "es"


# -- boards -----------------------------------------------------------------------


def test_board_from_string_rows_and_faces():
    board = Board.from_string("Qu I T E / A B C D / E F G H / I J K L")
    assert board.rows[0] == ("Qu", "I", "T", "E")
    assert board.cells[:2] == ("qu", "i")
    assert (board.width, board.height, board.min_length) == (4, 4, 3)
    same = Board.from_string("qu i t e\nA B C D\n\nE F G H\nI J K L")
    assert same == board
    assert Board.from_string("QUITE/ABCD/EFGH/IJKL") == board


def test_board_written_in_one_word_and_with_enye():
    assert Board.from_string("perslatgsineters").rows == (
        ("P", "E", "R", "S"), ("L", "A", "T", "G"), ("S", "I", "N", "E"), ("T", "E", "R", "S")
    )  # fmt: skip
    assert Board.from_string("AB/CD") == Board.from_string("A B / C D")
    assert Board.from_string("QUA/BC").cells == ("qu", "a", "b", "c")
    board = Board.from_string("Ñ A / Ó S")
    assert board.cells == ("ñ", "a", "o", "s") and board.rows[0][0] == "Ñ"


def test_board_errors_are_all_reported_at_once():
    with pytest.raises(BoardError) as info:
        Board.from_string("A B C / D 7 / X* Y* Z / Q R S")
    problems = info.value.problems
    assert "'7' is not a cube face (a face is one letter or Qu)" in problems
    assert "'Q' is not a cube face (Q comes as Qu on a cube)" in problems
    assert "row 2 has 2 cubes, row 1 has 3" in problems
    assert "2 bonus cubes are marked with *; a board has one at most" in problems
    with pytest.raises(BoardError, match="empty"):
        Board.from_string(" / \n ")
    with pytest.raises(BoardError, match="rows and columns"):
        Board(("a",) * 49, 7)


def test_board_repr_and_str_round_trip():
    board = Board.from_string("Qu I* / A B")
    assert str(board) == "Qu I* / A B"
    assert repr(board) == "Board.from_string('Qu I* / A B')"
    assert eval(repr(board)) == board and board.bonus == 1


def test_seeded_boards_are_reproducible_and_use_each_die_once():
    a, b = Board.roll("classic", seed=42), Board.roll("classic", seed=42)
    assert a == b and a != Board.roll("classic", seed=43)
    dice = [set(d) for d in DICE["classic"]]
    # every face comes from a different die: a perfect matching of cells to dice exists
    assert _matching(a.cells, dice)
    assert Board.roll("big", seed=1).rows.__len__() == 5 and Board.roll("big", seed=1).min_length == 4
    with pytest.raises(ValueError, match="Valid dice sets are: classic, new, big, es"):
        Board.roll("mega")


def _matching(cells, dice) -> bool:
    match: dict[int, int] = {}

    def augment(cell: int, seen: set[int]) -> bool:
        for d, faces in enumerate(dice):
            if cells[cell] in faces and d not in seen:
                seen.add(d)
                if d not in match or augment(match[d], seen):
                    match[d] = cell
                    return True
        return False

    return all(augment(c, set()) for c in range(len(cells)))


# -- paths ------------------------------------------------------------------------


def test_path_is_row_col_cells_of_neighbours():
    board = Board.from_string("C A T / X S X / X X X")
    assert board.path("cats") == [(0, 0), (0, 1), (0, 2), (1, 1)]
    assert board.path("cast") == [(0, 0), (0, 1), (1, 1), (0, 2)]
    assert board.path("tact") is None  # needs the T twice
    assert board.path("cx") == [(0, 0), (1, 0)]
    assert board.path("") is None


def test_qu_face_matches_qu_only_and_covers_letters_3_and_4(en):
    board = Board.from_string("L I Qu I / E S X D / Z Z Z Z / Z Z Z Z")
    assert board.path("liquid") == [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)]
    assert board.path("liqid") is None and board.path("liqi") is None
    assert {"liquid", "squid", "quid"} <= solve(board, en)
    seq = Board.from_string("S E Qu I / Z Z Z N / Z Z Z Z / Z Z Z Z")
    assert "sequin" in solve(seq, en)  # Qu covers letters 3-4 of the word
    assert score_word("sequin") == 3 and score_word("quiet") == 2


def test_word_at_checks_a_traced_path():
    board = Board.from_string("C A / T S")
    assert board.word_at([(1, 1), (0, 0), (0, 1), (1, 0)]) == "scat"
    for path, reason in [([(0, 0), (0, 0)], "reused"), ([(0, 0), (5, 5)], "outside"), ([], "empty"),
                         ([(0, 0), (0, 2)], "outside"), ([True], "outside"), (["a"], "outside")]:  # fmt: skip
        with pytest.raises(PathError) as info:
            board.word_at(path)
        assert info.value.reason == reason
    wide = Board.from_string("A B C / D E F")
    with pytest.raises(PathError, match="do not touch") as info:
        wide.word_at([0, 2])
    assert info.value.reason == "not_adjacent"


def test_path_search_is_quick_on_a_board_built_to_be_slow():
    board = Board.from_string("E E E E / E E E E / E E E E / E E E Z")
    assert board.path("e" * 15 + "z") is not None
    assert board.path("e" * 16) is None  # one E too many: known without trying every path
    assert board.path("z" + "e" * 14 + "z") is None
    assert board.path("e" * 14 + "ze") is not None


# -- scoring ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "points"),
    [("at", 0), ("cat", 1), ("cats", 1), ("tacos", 2), ("quiets", 3), ("quieter", 5), ("quietest", 11),
     ("extraordinary", 11), ("QUE", 1), ("niño", 1)],
)  # fmt: skip
def test_scoring_table(word, points):
    assert score_word(word) == points


def test_bonus_cube_doubles_words_that_can_use_it(words):
    board = Board.from_string("C A / T S*")
    rnd = Round(board, words, ["Ana"])
    scat = rnd.play("Ana", "scat")
    cat = rnd.play("Ana", "cat")
    assert (scat.points, scat.bonus) == (2, True) and board.bonus in scat.path
    assert (cat.points, cat.bonus) == (1, False)
    # a traced path that misses the bonus cube still scores double when the word can use it
    board2 = Board.from_string("C A T / X A* X / X X X")
    play = Round(board2, words, ["Ana"]).play("Ana", path=[(0, 0), (0, 1), (0, 2)])
    assert (play.word, play.bonus, play.points, play.path) == ("cat", True, 2, (0, 4, 2))


# -- a round ----------------------------------------------------------------------


def test_words_found_by_two_players_are_crossed_out_for_everyone(words):
    rnd = Round(Board.from_string("C A / T S"), words, ["Ana", "Ben", "Robot 1"])
    for name, found in {"Ana": ["cat", "scat", "acts"], "Ben": ["cat", "cast"], "Robot 1": ["acts", "sat"]}.items():
        for word in found:
            assert rnd.play(name, word).accepted, word
    result = rnd.finish()
    assert result.shared == frozenset({"cat", "acts"})
    crossed = {name: [s.word for s in scored if s.crossed] for name, scored in result.words.items()}
    assert crossed == {"Ana": ["cat", "acts"], "Ben": ["cat"], "Robot 1": ["acts"]}
    assert dict(result.scores) == {"Ana": 1, "Ben": 1, "Robot 1": 1}
    assert all(s.points == 0 for scored in result.words.values() for s in scored if s.crossed)
    assert result.winners == ("Ana", "Ben", "Robot 1")


def test_refusals_say_why_and_change_nothing(words):
    rnd = Round(Board.from_string("C A X / T X X / X X S*"), words, ["Ana"], min_length=3)
    assert rnd.play("Ana", "at").reason is Reason.TOO_SHORT
    assert rnd.play("Ana", "sat").reason is Reason.NOT_ON_BOARD  # S and A do not touch
    assert rnd.play("Ana", "sact").reason is Reason.NOT_A_WORD
    assert rnd.play("Ana", "cat").accepted
    assert rnd.play("Ana", "CAT").reason is Reason.ALREADY_FOUND
    assert rnd.play("Ana", path=[0, 3, 0]).reason is Reason.BAD_PATH
    assert rnd.play("Ana", "cat", path=[1, 0, 3]).reason is Reason.BAD_PATH  # the path spells ACT
    for text in ("", "   ", "c4t", None, "x" * 99):
        with pytest.raises(BadWordError):
            rnd.play("Ana", text)
    with pytest.raises(UnknownPlayerError):
        rnd.play("Zed", "cat")
    assert [p.word for p in rnd.found("Ana")] == ["cat"]
    assert len(rnd.events) == 7  # one per answer; bad text and unknown players are not events
    rnd.finish()
    assert rnd.play("Ana", "scat").reason is Reason.ROUND_OVER
    assert rnd.play("Ana", path=[0, 8]).reason is Reason.ROUND_OVER
    assert rnd.finish().scores == {"Ana": 1}


def test_blocked_words_are_refused_and_never_listed():
    lex = Lexicon.from_words(["darn", "rand", "nard"], zipf={"darn": 5.0}, blocked=["darn"])
    rnd = Round(Board.from_string("D A / N R"), lex, ["Ana"])
    assert rnd.play("Ana", "darn").reason is Reason.BLOCKED_WORD
    assert "darn" in rnd.words  # the solver lists it; the review hides it
    assert rnd.finish().missed == ("nard", "rand")


def test_missed_words_most_common_first(words):
    rnd = Round(Board.from_string("C A / T S"), words, ["Ana"])
    rnd.play("Ana", "cast")
    assert rnd.finish().missed == ("cat", "act", "sat", "cats", "acts", "scat", "tac", "tas", "tacs")


def test_minimum_length_by_board_and_by_teacher(words):
    big = Board.roll("big", seed=3)
    assert Round(big, words, ["Ana"]).min_length == 4
    rnd = Round(Board.from_string("C A / T S"), words, ["Ana"], min_length=4)
    assert rnd.play("Ana", "cat").reason is Reason.TOO_SHORT
    assert rnd.play("Ana", "cat").needed == 4
    assert all(len(w) >= 4 for w in rnd.words)
    with pytest.raises(ValueError, match="3 to 8"):
        Round(big, words, ["Ana"], min_length=2)


def test_round_events_reach_subscribers(words):
    rnd = Round(Board.from_string("C A / T S"), words, ["Ana"])
    seen = []
    rnd.subscribe(seen.append)
    rnd.play("Ana", "cat", at=12.5)
    assert seen[0].word == "cat" and seen[0].at == 12.5 and seen[0].path == (0, 1, 2)


# -- tournament, bests ----------------------------------------------------------


def _result(words, scores: dict[str, list[str]]):
    rnd = Round(Board.from_string("C A / T S"), words, list(scores))
    for name, found in scores.items():
        for w in found:
            rnd.play(name, w)
    return rnd.finish()


def test_tournament_to_a_target_and_ties_play_on(words):
    t = Tournament(["Ana", "Ben"], target=3)
    t.add(_result(words, {"Ana": ["scat"], "Ben": ["cast", "cats"]}))  # Ana 1 (scat: 4 letters), Ben 2
    assert (t.totals, t.is_over, t.round_number) == ({"Ana": 1, "Ben": 2}, False, 2)
    t.add(_result(words, {"Ana": ["cast", "sat"], "Ben": ["cat"]}))  # Ana 2, Ben 1: 3 all, a tie
    assert t.totals == {"Ana": 3, "Ben": 3} and not t.is_over
    t.add(_result(words, {"Ana": ["acts"], "Ben": []}))
    assert t.is_over and t.winners == ("Ana",)
    with pytest.raises(ValueError, match="over"):
        t.add(_result(words, {"Ana": [], "Ben": []}))
    single = Tournament(["Ana"], target=None)
    single.add(_result(words, {"Ana": ["cat"]}))
    assert single.is_over
    with pytest.raises(ValueError, match="such as 50 or 100"):
        Tournament(["Ana"], target=0)


def test_personal_best_interface():
    bests = MemoryBestScores()
    key = practice_key("es", "es", 180, 3, True)
    assert key == "boggle/es/es/180s/min3/bonus"
    assert bests.best("Ana", key) is None
    assert bests.record("Ana", key, 7) and not bests.record("Ana", key, 7) and bests.record("Ana", key, 9)
    assert bests.best("Ana", key) == 9 and bests.best("Ben", key) is None


def test_engine_modules_load_no_jupyter_package():
    code = (
        "import sys\nimport myword_edu.boggle.round, myword_edu.boggle.solver\n"
        "from myword_edu.boggle.board import Board\nfrom myword_edu.boggle.solver import solve\n"
        "from myword_edu.lexicon.wordlist import load_lexicon\nsolve(Board.roll('new', seed=1), load_lexicon('en'))\n"
        "print(','.join(m for m in ('ipywidgets', 'traitlets', 'IPython', 'ipykernel', 'comm') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    assert out.stdout.strip() == ""


# -- every bad input gets a typed error (issue 11) -----------------------------------------------------------


def test_a_long_word_through_the_bonus_cube_is_answered_at_once():
    words = ["a" * k for k in range(3, 17)]
    lexicon = Lexicon.from_words(words, blocked=[])
    all_a = Board.from_string("A A A A / A A A A / A A A A / A A A A*")
    rnd = Round(all_a, lexicon, ["Ana"])
    play = rnd.play("Ana", "a" * 12)
    assert play.accepted and play.bonus and play.points == 22 and all_a.bonus in play.path and len(play.path) == 12
    b_bonus = Board.from_string("A A A A / A A A A / A A A A / A A A B*")  # no word of A's goes through it
    rnd = Round(b_bonus, lexicon, ["Ana"])
    play = rnd.play("Ana", "a" * 12)
    assert play.accepted and not play.bonus and play.points == 11 and b_bonus.bonus not in play.path
    assert not b_bonus.uses_bonus("a" * 15) and b_bonus.path("a" * 15) is not None and b_bonus.path("a" * 16) is None
    result = rnd.finish()  # the solver too: every word of A's on the board, once each
    assert sorted(result.missed, key=len) == [w for w in words if len(w) <= 15 and w != "a" * 12]
    big = Board(("a",) * 36, 6, 35)
    assert big.uses_bonus("a" * 30) and len(big.path("a" * 30, through=35)) == 30


def test_tournament_needs_players_with_different_names():
    with pytest.raises(SettingError, match="at least one player"):
        Tournament([])
    with pytest.raises(SettingError, match="Ana"):
        Tournament(["Ana", "Ana"])
    with pytest.raises(MyWordError):
        Tournament("Ana")
    with pytest.raises(MyWordError):
        Tournament([["Ana"]])


@pytest.mark.parametrize(
    "build",
    [lambda: Board(5, 4), lambda: Board([["a"]] * 4, 2), lambda: Board(("a",) * 4, 2, bonus=True),
     lambda: Board(("a",) * 4, 2.0), lambda: Board(("a",) * 4, 2, bonus=1.0),
     lambda: Board.roll(["new"]), lambda: Board.roll("new", seed=[1]), lambda: Board.roll("new", bonus="yes"),
     lambda: Board.from_string("C A / T S").path(5), lambda: Board.from_string("C A / T S").uses_bonus(None),
     lambda: Board.from_string("C A / T S").word_at(5), lambda: score_word(5),
     lambda: Round(Board.from_string("C A / T S"), Lexicon.from_words(["cat"]), "Ana"),
     lambda: Round("C A / T S", Lexicon.from_words(["cat"]), ["Ana"]),
     lambda: Round(Board.from_string("C A / T S"), Lexicon.from_words(["cat"]), [5]),
     lambda: Round(Board.from_string("C A / T S"), Lexicon.from_words(["cat"]), ["Ana"], min_lengths=["Ana"]),
     lambda: Round(Board.from_string("C A / T S"), Lexicon.from_words(["cat"]), ["Ana"]).play(["Ana"], "cat"),
     lambda: Round(Board.from_string("C A / T S"), Lexicon.from_words(["cat"]), ["Ana"]).play("Ana", "cat", at="x"),
     lambda: BoggleRules.from_json([1, 2]), lambda: BoggleRules.from_json({"dice": ["new"]}),
     lambda: BoggleRules(dice=["new"]), lambda: BoggleRules(size=4.0), lambda: BoggleRules(min_length=3.0),
     lambda: BoggleRules(dice=["new"]), lambda: BoggleRules(size="4")],
)  # fmt: skip
def test_wrongly_typed_boggle_input_is_a_typed_error(build):
    with pytest.raises(MyWordError):
        build()


def test_a_path_that_is_not_a_list_of_cubes_is_a_bad_path():
    import itertools

    rnd = Round(Board.from_string("C A / T S"), Lexicon.from_words(["cat", "cats"], blocked=[]), ["Ana"])
    assert rnd.play("Ana", path=5).reason is Reason.BAD_PATH
    assert rnd.play("Ana", path=itertools.count()).reason is Reason.BAD_PATH  # endless: stops after the board
    assert rnd.play("Ana", path=iter([0, 1, 2])).word == "cat"
