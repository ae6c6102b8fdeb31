"""Flip It on a line: the rule, the text form, the rank, the solvers and the command line.

The yardstick here is a second model written on the text form itself: a board is a string
of ``.``, ``B`` and ``W``, and a jump is a slice turned over, with no masks, tables or
shared code; the seed's first figure (space at 0, five black) is checked move by move.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pearls import search
from pearls.analysis import analyze, is_perfect
from pearls.cli import main
from pearls.deepening import idsolve
from pearls.errors import BoardError, LimitReached
from pearls.limits import Meter
from pearls.puzzles import flipit as fl
from pearls.puzzles.flipit import Board, Move, Position
from pearls.types import Path, start

Capture = pytest.CaptureFixture[str]

SEED = ".BBBBB"  # seed 000's first figure: the space at 0, five black pieces
SEED_STATES = [".BBBBB", "BWWWW.", "BW.BBW", ".BBBBW", "WWWWW."]  # 5>0, 2>5, 0>2, 5>0
STATES = 20_000  # more than any line of 3..8 positions has (8 * 2^7 = 1,024)


# --- an independent model on the text form -------------------------------------------------


def turned(text: str) -> str:
    return text.translate(str.maketrans("BW", "WB"))


def text_moves(board: str) -> list[str]:
    """Every board one jump away: a piece two or more cells from the space jumps into
    it, the cells between turned over."""
    s = board.index(".")
    after = []
    for p in range(len(board)):
        if abs(p - s) >= 2:
            lo, hi = min(p, s), max(p, s)
            cells = list(board)
            cells[lo + 1 : hi] = turned(board[lo + 1 : hi])
            cells[s], cells[p] = board[p], "."
            after.append("".join(cells))
    return after


def text_distances(starts: Sequence[str]) -> dict[str, int]:
    """The distance of every board reachable from ``starts``, breadth first."""
    distance = dict.fromkeys(starts, 0)
    queue = deque(starts)
    while queue:
        b = queue.popleft()
        for c in text_moves(b):
            if c not in distance:
                distance[c] = distance[b] + 1
                queue.append(c)
    return distance


def white(n: int) -> list[str]:
    """The solved boards of ``n`` positions."""
    return ["W" * s + "." + "W" * (n - 1 - s) for s in range(n)]


# --- positions -------------------------------------------------------------------------------


@st.composite
def boards(draw: st.DrawFn, sizes: tuple[int, int] = (3, 9)) -> tuple[Board, Position]:
    """Any position on a line of 3 to 9 positions."""
    n = draw(st.integers(*sizes))
    cells = draw(st.lists(st.sampled_from("BW"), min_size=n - 1, max_size=n - 1))
    s = draw(st.integers(0, n - 1))
    return fl.parse_line("".join(cells[:s]) + "." + "".join(cells[s:]))


@st.composite
def solvable(draw: st.DrawFn) -> tuple[Board, Position]:
    """A position reached from a solved one by a random walk: solvable, since every move
    can be undone."""
    n = draw(st.integers(3, 9))
    b = fl.line(n)
    q = draw(st.sampled_from(fl.goals(b)))
    for _ in range(draw(st.integers(0, 12))):
        legal = fl.moves(b, q)
        if not legal:
            break
        q = fl.move(b, q, draw(st.sampled_from(legal)))
    return b, q


def replay(b: Board, q: Position, ms: Sequence[Move]) -> Position:
    for m in ms:
        assert m in fl.moves(b, q), f"{m} is not legal in {fl.show(b, q)}"
        q = fl.move(b, q, m)
    return q


# --- the seed's numbers ----------------------------------------------------------------------


def test_the_seeds_line_takes_4_moves() -> None:
    b, q = fl.parse_line(SEED)
    shortest = fl.bfsolve(b, q)
    assert shortest is not None and len(shortest) == 4
    assert fl.solved(replay(b, q, shortest))
    assert text_distances(white(6))[SEED] == 4


def test_iterative_deepening_finds_the_seeds_own_four_jumps() -> None:
    b, q = fl.parse_line(SEED)
    ms = fl.idsolve(b, q)
    assert ms == [(5, 0), (2, 5), (0, 2), (5, 0)]
    shown = [fl.show(b, q, sep="")]
    for m in ms:
        q = fl.move(b, q, m)
        shown.append(fl.show(b, q, sep=""))
    assert shown == SEED_STATES


def test_the_seeds_first_figure() -> None:
    """5 jumps to 0, then 2 to 5: ``●○○○○_`` then ``●○_●●○``."""
    b, q = fl.parse_line(SEED)
    q = fl.move(b, q, (5, 0))
    assert fl.show(b, q) == "BWWWW."
    assert fl.show(b, fl.move(b, q, (2, 5))) == "BW.BBW"


@pytest.mark.parametrize("n", range(3, 10))
def test_analysis_from_the_solved_lines_agrees_with_the_text_model(n: int) -> None:
    b = fl.line(n)
    a = analyze(Meter(max_states=STATES).watch(fl.puzzle(b)), fl.goals(b), fl.perfect_hash(b))
    distance = text_distances(white(n))
    assert a.states == len(distance)
    assert a.max_distance == max(distance.values())
    farthest = {fl.show(b, q, sep="") for q in a.farthest}
    assert farthest == {t for t, d in distance.items() if d == a.max_distance}


def test_six_positions_all_solvable_at_most_8_moves_away() -> None:
    b = fl.line(6)
    a = analyze(fl.puzzle(b), fl.goals(b), fl.perfect_hash(b))
    assert (a.states, a.max_distance, len(a.farthest)) == (192, 8, 4)
    assert a.states == b.size << (b.size - 1)


# --- the rule --------------------------------------------------------------------------------


@given(boards())
def test_moves_and_move_agree_with_the_text_model(bq: tuple[Board, Position]) -> None:
    b, q = bq
    text = fl.show(b, q, sep="")
    assert sorted(fl.show(b, fl.move(b, q, m), sep="") for m in fl.moves(b, q)) == sorted(
        text_moves(text)
    )


@given(boards())
def test_every_move_is_undone_by_jumping_straight_back(bq: tuple[Board, Position]) -> None:
    b, q = bq
    for p, s in fl.moves(b, q):
        after = fl.move(b, q, (p, s))
        assert (s, p) in fl.moves(b, after)
        assert fl.move(b, after, (s, p)) == q


@given(boards())
def test_a_jump_keeps_the_pieces_colour_and_turns_those_jumped(bq: tuple[Board, Position]) -> None:
    b, q = bq
    before = fl.show(b, q, sep="")
    for p, s in fl.moves(b, q):
        after = fl.show(b, fl.move(b, q, (p, s)), sep="")
        assert after[s] == before[p] and after[p] == "."
        for c in fl.jumped(b, (p, s)):
            assert {after[c], before[c]} == {"B", "W"}


def test_a_piece_beside_the_space_cannot_move() -> None:
    b, q = fl.parse_line("B.BB")
    assert fl.moves(b, q) == ((3, 1),)
    assert fl.moves(*fl.parse_line("W.W")) == ()


# --- ranks -----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(3, 11))
def test_the_rank_is_a_minimal_perfect_hash(n: int) -> None:
    b = fl.line(n)
    h = fl.perfect_hash(b)
    everything = [fl.unrank(b, r) for r in range(h.size)]
    assert is_perfect(h, everything)
    assert all(fl.rank(b, q) == r for r, q in enumerate(everything))
    assert len({fl.show(b, q, sep="") for q in everything}) == h.size


@given(boards())
def test_rank_round_trips(bq: tuple[Board, Position]) -> None:
    b, q = bq
    r = fl.rank(b, q)
    assert 0 <= r < fl.perfect_hash(b).size
    assert fl.unrank(b, r) == q
    text = fl.show(b, q, sep="").replace(".", "")
    assert r == (q.space << (b.size - 1)) + int(text.replace("B", "1").replace("W", "0"), 2)


# --- solvers ---------------------------------------------------------------------------------


@given(solvable())
def test_bfs_and_iterative_deepening_agree_on_the_shortest_length(
    bq: tuple[Board, Position],
) -> None:
    b, q = bq
    meter = Meter(max_states=STATES)
    shortest = search.bfsolve(meter.watch(fl.puzzle(b)), q)
    deepened = idsolve(Meter(max_states=200_000).watch(fl.puzzle(b)), q, fl.undoes)
    assert shortest is not None and deepened is not None
    assert len(shortest) == len(deepened) == text_distances(white(b.size))[fl.show(b, q, sep="")]
    assert fl.solved(replay(b, q, shortest)) and fl.solved(replay(b, q, deepened))


@given(boards())
def test_bfs_finds_a_solution_exactly_when_one_exists(bq: tuple[Board, Position]) -> None:
    b, q = bq
    found = search.bfsolve(Meter(max_states=STATES).watch(fl.puzzle(b)), q)
    solvable = fl.show(b, q, sep="") in text_distances(white(b.size))
    assert (found is not None) == solvable
    if found is not None:
        assert fl.solved(replay(b, q, found))


@given(solvable())
def test_dfs_finds_a_solution_that_replays(bq: tuple[Board, Position]) -> None:
    b, q = bq
    found = search.dfsolve(Meter(max_states=STATES).watch(fl.puzzle(b)), q)
    assert found is not None and fl.solved(replay(b, q, found))


@given(solvable())
def test_the_undo_prune_forbids_only_the_jump_straight_back(bq: tuple[Board, Position]) -> None:
    b, q = bq
    first: Path[Position, Move] = start(q)
    assert not any(fl.undoes(first, m) for m in fl.moves(b, q))
    for m in fl.moves(b, q):
        after = Path(first.history.cons(m), fl.move(b, q, m))
        forbidden = [n for n in fl.moves(b, after.state) if fl.undoes(after, n)]
        assert forbidden == [(m[1], m[0])]


def test_an_unsolvable_line_has_no_bfs_solution_and_deepening_stops_at_a_limit() -> None:
    b, q = fl.parse_line("WBW.")  # W B W . : only 0 can jump, and back
    assert fl.bfsolve(b, q) is None
    with pytest.raises(LimitReached):
        idsolve(Meter(max_states=1_000).watch(fl.puzzle(b)), q)


# --- text form -------------------------------------------------------------------------------


@given(boards(), st.sampled_from(["", " ", "\n", "\t "]))
def test_show_reads_back(bq: tuple[Board, Position], sep: str) -> None:
    b, q = bq
    text = sep.join(fl.show(b, q, sep=""))
    assert fl.parse_line(text) == (b, q)
    assert fl.parse(b, fl.show(b, q)) == q


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "3 to 64 positions, this text has 0"),
        (".B", "this text has 2"),
        ("." + "B" * 64, "this text has 65"),
        (".BBBBb", "unknown character 'b' at position 5"),
        (".BB.BB", "one space '.', this one has 2 (at 0, 3)"),
        ("BBBBBB", "has 0 (at none)"),
        (".BB1B", "unknown character '1' at position 3"),
    ],
)
def test_a_bad_line_is_a_board_error(text: str, says: str) -> None:
    with pytest.raises(BoardError, match=says.replace("(", r"\(").replace(")", r"\)")):
        fl.parse_line(text)


def test_line_sizes_are_checked() -> None:
    with pytest.raises(BoardError, match="3 to 64"):
        fl.line(2)
    assert fl.line(fl.MAX_CELLS).size == 64


# --- the description and the command line ----------------------------------------------------


def run(capsys: Capture, *argv: str) -> dict[str, object]:
    code = main([*argv, "--json", "--max-states", "100000", "--timeout", "60"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    obj = json.loads(out)
    assert isinstance(obj, dict)
    return obj


@pytest.mark.parametrize("method", ["bfs", "iddfs"])
def test_the_cli_solves_the_seeds_line_in_4_moves(capsys: Capture, method: str) -> None:
    obj = run(capsys, "solve", "flipit", "--method", method)
    assert obj["length"] == 4
    states = obj["states"]
    assert isinstance(states, list) and states[0] == SEED and set(states[-1]) == {".", "W"}
    if method == "iddfs":
        assert obj["moves"] == [[5, 0], [2, 5], [0, 2], [5, 0]]
        assert states == SEED_STATES


def test_the_cli_takes_a_board_and_the_cells_option(capsys: Capture) -> None:
    obj = run(capsys, "solve", "flipit", "--cells", "8")
    assert isinstance(obj["states"], list) and obj["states"][0] == ".BBBBBBB"
    assert obj["length"] == text_distances(white(8))[".BBBBBBB"]
    obj = run(capsys, "solve", "flipit", "--board", "B B B . B B")
    assert obj["length"] == 8


@pytest.mark.parametrize("cells", ["2", "65", "six", "٣", ""])
def test_a_bad_cells_option_is_a_board_error(capsys: Capture, cells: str) -> None:
    with pytest.raises(BoardError, match="--cells must be a whole number 3 to 64"):
        fl.DESCRIPTION.default_text({"cells": cells})
    assert main(["solve", "flipit", "--cells", cells, "--board", SEED]) == 2
    assert "--cells must be a whole number 3 to 64" in capsys.readouterr().err


def test_the_cli_analyses_a_line(capsys: Capture) -> None:
    obj = run(capsys, "analyze", "flipit", "--board", "WWWWW.", "--from-start")
    distance = text_distances(["WWWWW."])
    assert (obj["states"], obj["max_distance"]) == (len(distance), max(distance.values()))


def test_the_examples_and_the_drawing() -> None:
    d = fl.DESCRIPTION
    assert list(d.examples) == ["seed", "farthest"]
    assert d.examples["seed"] == SEED
    assert text_distances(white(6))[d.examples["farthest"]] == 8
    picture = d.drawing(SEED)
    assert picture is not None and picture.count('class="cell"') == 6
    assert picture.count('class="piece black"') == 5 and picture.count('class="space"') == 1


def test_a_board_checks_its_lines() -> None:
    points = [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)]
    row = [[(0, 0), (1, 1), (2, 2)]]
    with pytest.raises(ValueError, match="ascending"):
        fl.board("back", [(2, 1, 0)], row, points)
    with pytest.raises(ValueError, match="ascending"):
        fl.board("off", [(0, 1, 3)], row, points)
    with pytest.raises(ValueError, match="share two positions"):
        fl.board("twice", [(0, 1, 2), (0, 1, 2)], row, points)
    assert fl.board("once", [(0, 1, 2)], row, points).jumps == {0: ((2, 0),), 1: (), 2: ((0, 2),)}
