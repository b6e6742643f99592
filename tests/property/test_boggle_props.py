"""Boggle properties (Hypothesis): the solver equals a brute-force reference, paths are paths,
crossing out is exact, boards print and parse back."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from myword_edu.boggle.board import Board
from myword_edu.boggle.dice import DICE
from myword_edu.boggle.round import Round
from myword_edu.boggle.scoring import score_word
from myword_edu.boggle.solver import solve
from myword_edu.lexicon.wordlist import Lexicon

FACES = ["a", "e", "s", "t", "r", "n", "qu", "ñ", "i"]


@st.composite
def boards(draw, faces=FACES, bonus=True):
    height = draw(st.integers(2, 5))
    width = draw(st.integers(2, 5))
    cells = tuple(draw(st.lists(st.sampled_from(faces), min_size=height * width, max_size=height * width)))
    marked = draw(st.one_of(st.none(), st.integers(0, height * width - 1))) if bonus else None
    return Board(cells, width, marked)


def touching(board: Board, a: int, b: int) -> bool:
    (ra, ca), (rb, cb) = board.position(a), board.position(b)
    return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1


def on_board(board: Board, word: str) -> bool:
    """Reference: try every path, face by face, with no help from the code under test."""

    def go(cell: int, pos: int, used: frozenset) -> bool:
        face = board.cells[cell]
        if not word.startswith(face, pos):
            return False
        pos += len(face)
        if pos == len(word):
            return True
        return any(go(nb, pos, used | {nb}) for nb in range(len(board.cells)) if nb not in used and touching(board, cell, nb))

    return any(go(c, 0, frozenset({c})) for c in range(len(board.cells)))


@st.composite
def board_and_words(draw):
    board = draw(boards())
    n = len(board.cells)
    words = set()
    for _ in range(draw(st.integers(1, 25))):  # words traced on the board: many hits
        cell = draw(st.integers(0, n - 1))
        path = [cell]
        for _ in range(draw(st.integers(0, 7))):
            options = [c for c in range(n) if c not in path and touching(board, path[-1], c)]
            if not options:
                break
            path.append(draw(st.sampled_from(options)))
        words.add("".join(board.cells[c] for c in path))
    words |= set(draw(st.lists(st.text(alphabet="aestrniuqñ", min_size=1, max_size=8), max_size=25)))
    return board, sorted(words)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board_and_words(), st.integers(1, 5))
def test_solver_equals_brute_force(case, min_length):
    board, words = case
    lexicon = Lexicon.from_words(words, "es", blocked=[])
    expected = {w for w in words if len(w) >= min_length and on_board(board, w)}
    assert solve(board, lexicon, min_length) == expected


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board_and_words())
def test_paths_never_reuse_a_cube_and_spell_the_word(case):
    board, words = case
    lexicon = Lexicon.from_words(words, "es", blocked=[])
    for word in solve(board, lexicon, 1):
        path = board.path(word)
        assert path is not None
        cells = [board.index(p) for p in path]
        assert len(set(cells)) == len(cells)
        assert all(touching(board, a, b) for a, b in zip(cells, cells[1:]))
        assert "".join(board.cells[c] for c in cells) == word
        if board.bonus is not None and board.uses_bonus(word):
            assert board.bonus in [board.index(p) for p in board.path(word, through=board.bonus)]


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(["classic", "new"]), st.integers(0, 10**6))
def test_solver_equals_a_scan_of_the_english_list(en, dice, seed):
    board = Board.roll(dice, seed=seed)
    have = Counter("".join(board.cells))
    expected = {
        w for w in en if len(w) >= 3 and not Counter(w) - have and on_board(board, w)
    }  # fmt: skip
    assert solve(board, en) == expected


@settings(max_examples=100, deadline=None)
@given(boards())
def test_boards_print_and_parse_back(board):
    assert Board.from_string(str(board)) == board
    assert eval(repr(board)) == board


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board_and_words(), st.data())
def test_shared_words_are_exactly_the_ones_two_players_wrote(case, data):
    board, words = case
    lexicon = Lexicon.from_words(words, "es", blocked=[])
    playable = sorted(solve(board, lexicon, 3))
    players = ["Ana", "Ben", "Cleo"]
    rnd = Round(board, lexicon, players, min_length=3)
    lists = {p: data.draw(st.lists(st.sampled_from(playable), unique=True) if playable else st.just([])) for p in players}
    for p, found in lists.items():
        for w in found:
            assert rnd.play(p, w).accepted
    result = rnd.finish()
    counts = Counter(w for found in lists.values() for w in found)
    assert result.shared == {w for w, n in counts.items() if n > 1}
    for p in players:
        expected = sum(score_word(w) * (2 if board.uses_bonus(w) else 1) for w in lists[p] if counts[w] == 1)
        assert result.scores[p] == expected >= 0
    assert set(result.missed) == set(playable) - set(counts)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(DICE)), st.integers(0, 10**9))
def test_rolled_boards_show_one_face_of_each_die(name, seed):
    board = Board.roll(name, seed=seed)
    assert len(board.cells) == len(DICE[name])
    assert Counter(board.cells) - Counter(f for die in DICE[name] for f in set(die)) == Counter()


def through_reference(board: Board, word: str, cell: int) -> bool:
    """Reference: some path spelling ``word`` goes through ``cell`` (every path tried)."""

    def go(at: int, pos: int, used: frozenset) -> bool:
        face = board.cells[at]
        if not word.startswith(face, pos):
            return False
        pos += len(face)
        if pos == len(word):
            return cell in used
        return any(go(nb, pos, used | {nb}) for nb in range(len(board.cells)) if nb not in used and touching(board, at, nb))

    return any(go(c, 0, frozenset({c})) for c in range(len(board.cells)))


@st.composite
def few_letter_boards(draw):
    """Boards of two or three faces: many paths for every word, the case that used to blow up."""
    faces = draw(st.sampled_from([["a"], ["a", "b"], ["a", "b", "qu"], ["e", "s"]]))
    height, width = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    cells = tuple(draw(st.lists(st.sampled_from(faces), min_size=height * width, max_size=height * width)))
    word = draw(st.lists(st.sampled_from(faces), min_size=1, max_size=min(10, height * width)))
    return Board(cells, width, draw(st.integers(0, height * width - 1))), "".join(word)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(few_letter_boards())
def test_path_search_through_a_cube_equals_brute_force(case):
    board, word = case
    assert (board.path(word) is not None) == on_board(board, word)
    through = through_reference(board, word, board.bonus)
    assert board.uses_bonus(word) == through
    path = board.path(word, through=board.bonus)
    if path is not None:
        cells = [board.index(p) for p in path]
        assert board.word_at(cells) == word
        assert (board.bonus in cells) == through


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board_and_words(), st.integers(1, 5))
def test_the_word_by_word_solver_equals_brute_force(case, min_length):
    """The method :func:`solve` falls back on past its step budget finds the same words."""
    from myword_edu.boggle.solver import _walk_words, boggle_graph

    board, words = case
    lexicon = Lexicon.from_words(words, "es", blocked=[])
    expected = {w for w in words if len(w) >= min_length and on_board(board, w)}
    assert _walk_words(board, boggle_graph(lexicon), min_length) == expected
