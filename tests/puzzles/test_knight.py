"""The knight's tour: the Scheme exercises' problem A, Warnsdorff's rule on rectangles,
tours checked square by square, and counts against searches that share no code with the
puzzle's (permutations, and a plain depth-first search without its pruning rules); the
text form, the user's terms, and the command line.
"""

from __future__ import annotations

import json
import math
from contextlib import suppress
from itertools import islice, pairwise, permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pearls.backtrack import solutions
from pearls.cli import main
from pearls.errors import BoardError, LimitReached
from pearls.limits import Meter
from pearls.puzzles import knight
from pearls.puzzles.knight import PROBLEM_A, Board, Square, Tour
from pearls.puzzles.knight import text as knight_text
from pearls.puzzles.knight.describe import DESCRIPTION
from pearls.puzzles.knight.draw import draw
from pearls.search import dfsolve

# The source's adjacency list for problem A, square by square (its *adjacent* vector).
PROBLEM_A_ADJACENT = (
    (5, 6, 8), (2, 7, 9), (1, 8, 10), (9, 11), (6, 10), (0, 7, 11),
    (0, 4, 11), (1, 5), (0, 2), (1, 3, 10), (2, 4, 9), (3, 5, 6),
)  # fmt: skip
# The source's four closed tours from square 0, as it prints them (each path consed, so
# newest first, and closed by the 0 it returns to).
PROBLEM_A_PRINTED = (
    (0, 8, 2, 10, 4, 6, 11, 3, 9, 1, 7, 5, 0),
    (0, 8, 2, 1, 7, 5, 11, 3, 9, 10, 4, 6, 0),
    (0, 6, 4, 10, 9, 3, 11, 5, 7, 1, 2, 8, 0),
    (0, 5, 7, 1, 9, 3, 11, 6, 4, 10, 2, 8, 0),
)


def knight_jump(a: Square, b: Square) -> bool:
    """Whether a knight jumps from ``a`` to ``b``: one and two squares apart."""
    return sorted((abs(a[0] - b[0]), abs(a[1] - b[1]))) == [1, 2]


def is_tour(b: Board, cells: list[int], closed: bool) -> bool:
    """Whether ``cells`` visits each square of ``b`` once by knight's jumps, from its
    first square, and (``closed``) ends a jump from it."""
    squares = [b.squares[c] for c in cells]
    return (
        sorted(cells) == list(range(len(b.squares)))
        and cells[0] == b.first
        and all(knight_jump(x, y) for x, y in pairwise(squares))
        and (not closed or (len(squares) > 2 and knight_jump(squares[-1], squares[0])))
    )


def tours(
    b: Board, closed: bool, order: str = "warnsdorff", states: int = 200_000
) -> list[list[int]]:
    """Every tour the puzzle finds on ``b``, as cells from the first, under a limit."""
    puzzle = Meter(max_states=states).watch(knight.puzzle(b, closed))
    found = solutions(
        puzzle, knight.start(b), knight.warnsdorff(b) if order == "warnsdorff" else None
    )
    return [[b.first, *ms] for ms in found]


def by_permutations(b: Board, closed: bool) -> set[tuple[int, ...]]:
    """Every tour, by trying every order of the squares after the first."""
    rest = [c for c in range(len(b.squares)) if c != b.first]
    candidates = ([b.first, *p] for p in permutations(rest))
    return {tuple(t) for t in candidates if is_tour(b, t, closed)}


def plain_count(b: Board, closed: bool) -> int:
    """The number of tours, by a plain depth-first search over squares: no pruning, no
    ordering, the jumps found from the squares' coordinates."""
    n = len(b.squares)
    near = [[d for d, t in enumerate(b.squares) if knight_jump(s, t)] for s in b.squares]
    count = 0
    stack = [(b.first, 1 << b.first, 1)]
    while stack:
        c, seen, length = stack.pop()
        if length == n:
            count += not closed or (n > 2 and b.first in near[c])
            continue
        stack.extend((d, seen | 1 << d, length + 1) for d in near[c] if not seen >> d & 1)
    return count


@st.composite
def shapes(draw: st.DrawFn, rows: int = 4, cols: int = 4, max_squares: int = 16) -> Board:
    """A board of some squares of a ``rows`` x ``cols`` grid, the knight on one of them."""
    grid = [(r, c) for r in range(rows) for c in range(cols)]
    chosen = draw(st.lists(st.sampled_from(grid), min_size=1, max_size=max_squares, unique=True))
    squares = tuple(sorted(chosen))
    return Board(squares, draw(st.integers(0, len(squares) - 1)))


# --- the source's problem A -----------------------------------------------------------------


def test_problem_a_is_numbered_as_the_source_numbers_it() -> None:
    assert len(PROBLEM_A.squares) == 12
    assert PROBLEM_A.squares[0] == (0, 1) and PROBLEM_A.squares[11] == (3, 2)
    assert PROBLEM_A.jumps == PROBLEM_A_ADJACENT
    assert PROBLEM_A.first == 0


def test_problem_a_has_exactly_four_closed_tours_from_square_0() -> None:
    found = tours(PROBLEM_A, closed=True)
    assert len(found) == 4
    assert all(is_tour(PROBLEM_A, t, closed=True) for t in found)
    assert {tuple(t) for t in found} == {p[:-1] for p in PROBLEM_A_PRINTED}
    assert {tuple(t) for t in found} == {(0, *p[-2:0:-1]) for p in PROBLEM_A_PRINTED}


def test_the_four_tours_are_two_up_to_direction() -> None:
    found = {tuple(t) for t in tours(PROBLEM_A, closed=True)}
    reversed_tours = {(t[0], *t[:0:-1]) for t in found}
    assert reversed_tours == found
    assert len({min(t, (t[0], *t[:0:-1])) for t in found}) == 2


def test_problem_a_counts_agree_with_every_order_and_a_plain_search() -> None:
    for closed in (True, False):
        warnsdorff = tours(PROBLEM_A, closed, "warnsdorff")
        reading = tours(PROBLEM_A, closed, "board")
        assert sorted(warnsdorff) == sorted(reading)
        assert len(reading) == plain_count(PROBLEM_A, closed)
    assert len(tours(PROBLEM_A, closed=False)) == 6


def test_dfsolve_finds_a_closed_tour_of_problem_a() -> None:
    found = dfsolve(
        Meter(max_states=1_000).watch(knight.puzzle(PROBLEM_A, closed=True)),
        knight.start(PROBLEM_A),
    )
    assert found is not None
    assert is_tour(PROBLEM_A, [0, *found], closed=True)


# --- rectangles -------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [5, 6, 8])
@pytest.mark.parametrize("closed", [False, True])
def test_warnsdorff_finds_tours_fast(size: int, closed: bool) -> None:
    b = knight.rectangle(size, size)
    meter = Meter(max_states=500)
    found = next(
        solutions(meter.watch(knight.puzzle(b, closed)), knight.start(b), knight.warnsdorff(b)),
        None,
    )
    if closed and size == 5:
        assert found is None  # 13 light squares and 12 dark: no closed tour
        assert not b.balanced
        assert meter.expanded == 1
    else:
        assert found is not None
        assert is_tour(b, [b.first, *found], closed)
        assert meter.expanded < 2 * size * size


@pytest.mark.parametrize(("rows", "cols"), [(5, 5), (4, 6)])
def test_warnsdorff_tries_fewest_onward_jumps_first_then_farthest_from_home(
    rows: int, cols: int
) -> None:
    """Warnsdorff's rule with its tie-break, from every first square after one and two
    jumps: the moves sorted by their onward jumps (to squares not yet visited), fewest
    first; among equals, farthest first from the tour's first square (straight-line
    distance); then in reading order.  Both counts are worked out here from the
    squares' coordinates."""
    squares = knight.rectangle(rows, cols).squares
    for first in range(len(squares)):
        b = Board(squares, first)
        order = knight.warnsdorff(b)
        tours = [knight.start(b)]
        tours += [knight.move(t, c) for t in tours for c in knight.moves(b, t)]
        tours += [knight.move(t, c) for t in tours[1:] for c in knight.moves(b, t)]
        for t in tours:
            ordered = order(t, knight.moves(b, t))
            assert sorted(ordered) == knight.moves(b, t)
            keys = [
                (
                    sum(
                        knight_jump(squares[c], s)
                        for d, s in enumerate(squares)
                        if d not in t.cells
                    ),
                    -math.dist(squares[c], squares[first]),
                    c,
                )
                for c in ordered
            ]
            assert keys == sorted(keys), (first, t.cells)


@pytest.mark.parametrize("size", ["10x10", "12x12", "20x20", "3x10", "7x8", "9x10 from 5,6"])
def test_warnsdorff_finds_closed_tours_on_larger_boards(size: str) -> None:
    b = knight_text.parse(size).board
    puzzle = Meter(max_states=5_000).watch(knight.puzzle(b, closed=True))
    found = next(solutions(puzzle, knight.start(b), knight.warnsdorff(b)))
    assert is_tour(b, [b.first, *found], closed=True)


def test_the_4x4_board_has_no_tour_and_the_search_proves_it() -> None:
    b = knight.rectangle(4, 4)
    for closed in (True, False):
        meter = Meter(max_states=10_000)
        assert list(solutions(meter.watch(knight.puzzle(b, closed)), knight.start(b))) == []
        assert meter.expanded < 10_000  # the search ran out of moves, not into the limit
    assert all(
        plain_count(Board(b.squares, c), closed) == 0 for c in range(16) for closed in (True, False)
    )


def test_the_5x5_board_has_304_open_tours_from_a_corner() -> None:
    """The known count: 148,241 states expanded, a few seconds."""
    b = knight.rectangle(5, 5)
    found = tours(b, closed=False, order="board")
    assert len(found) == 304
    assert all(is_tour(b, t, closed=False) for t in found)
    assert len({tuple(t) for t in found}) == 304


def schwenk(m: int, n: int) -> bool:
    """Schwenk's theorem (1991): an m x n board, m <= n, has a closed tour unless m and n
    are both odd, m is 1, 2 or 4, or m is 3 and n is 4, 6 or 8."""
    m, n = min(m, n), max(m, n)
    return not (m % 2 and n % 2) and m not in (1, 2, 4) and not (m == 3 and n in (4, 6, 8))


@pytest.mark.parametrize(
    ("m", "n"), [(m, n) for m in range(1, 7) for n in range(m, 9) if m * n <= 32]
)
def test_closed_tours_exist_exactly_where_schwenk_says(m: int, n: int) -> None:
    b = knight.rectangle(m, n)
    puzzle = Meter(max_states=50_000).watch(knight.puzzle(b, closed=True))
    found = next(solutions(puzzle, knight.start(b), knight.warnsdorff(b)), None)
    assert (found is not None) == schwenk(m, n)
    if found is not None:
        assert is_tour(b, [b.first, *found], closed=True)


# --- counts against searches that share no code -----------------------------------------------


@pytest.mark.parametrize("size", ["3x4", "3x5", "2x7"])
def test_counts_on_small_rectangles_from_every_square(size: str) -> None:
    b = knight_text.parse(size).board
    for first in range(len(b.squares)):
        from_there = Board(b.squares, first)
        for closed in (False, True):
            assert len(tours(from_there, closed)) == plain_count(from_there, closed)


@pytest.mark.parametrize(("size", "count"), [("3x4", 2), ("3x5", 0), ("3x7", 8), ("4x5", 32)])
def test_open_tours_from_the_corner_of_small_rectangles(size: str, count: int) -> None:
    b = knight_text.parse(size).board
    assert len(tours(b, closed=False)) == plain_count(b, closed=False) == count


@given(shapes(rows=3, cols=4, max_squares=8), st.booleans())
def test_counts_agree_with_every_permutation(b: Board, closed: bool) -> None:
    found = tours(b, closed)
    assert {tuple(t) for t in found} == by_permutations(b, closed)
    assert len(found) == len({tuple(t) for t in found})


@given(
    shapes(rows=4, cols=5, max_squares=16), st.booleans(), st.sampled_from(["warnsdorff", "board"])
)
def test_counts_agree_with_a_plain_search(b: Board, closed: bool, order: str) -> None:
    found = tours(b, closed, order)
    assert len(found) == plain_count(b, closed)
    assert all(is_tour(b, t, closed) for t in found)


@given(shapes(rows=5, cols=5, max_squares=25), st.booleans())
def test_every_tour_found_is_a_tour(b: Board, closed: bool) -> None:
    puzzle = Meter(max_states=20_000).watch(knight.puzzle(b, closed))
    found = solutions(puzzle, knight.start(b), knight.warnsdorff(b))
    with suppress(LimitReached):  # a board with no tour may take longer to exhaust
        for ms in islice(found, 3):
            assert is_tour(b, [b.first, *ms], closed)


# --- the three functions ------------------------------------------------------------------------


def test_moves_skip_visited_squares_and_stranding_jumps() -> None:
    t = knight.move(knight.start(PROBLEM_A), 5)
    assert knight.moves(PROBLEM_A, t) == [7, 11]
    assert knight.moves(PROBLEM_A, t, closed=True) == [7]  # 11 would leave 7 only one way
    assert t == Tour((0, 5), 0b100001)


def test_solved_needs_every_square_and_the_way_home() -> None:
    one = Board(((0, 0),))
    two = knight_text.board("K##/##.")
    t = knight.move(knight.start(two), 1)
    assert knight.solved(two, t)
    assert not knight.solved(two, t, closed=True)  # the knight's jumps make no 2-cycle
    assert knight.solved(one, knight.start(one))
    assert not knight.solved(one, knight.start(one), closed=True)


# An open tour of the 3x4 board from square 0, one of the two there are: it ends on square
# 11, row 3, column 4, which is no jump from square 0 (no tour of 3x4 closes).
OPEN_3X4 = (0, 6, 8, 1, 7, 9, 2, 4, 10, 3, 5, 11)


def test_an_open_tour_that_ends_no_jump_from_its_start_is_not_closed() -> None:
    b = knight.rectangle(3, 4)
    t = knight.start(b)
    for c in OPEN_3X4[1:]:
        t = knight.move(t, c)
    assert is_tour(b, list(OPEN_3X4), closed=False)
    assert not knight_jump(b.squares[OPEN_3X4[-1]], b.squares[OPEN_3X4[0]])
    assert knight.solved(b, t)
    assert not knight.solved(b, t, closed=True)


def test_a_tour_is_open_unless_a_closed_one_is_asked_for() -> None:
    """The puzzle asks for an open tour by default, as the command line does unless told
    ``closed``: the open tour of 3x4 above solves it, and not the closed one."""
    b = knight.rectangle(3, 4)
    t = knight.start(b)
    for c in OPEN_3X4[1:]:
        t = knight.move(t, c)
    assert knight.puzzle(b).solved(t)
    assert not knight.puzzle(b, closed=True).solved(t)


def test_a_side_may_have_as_many_squares_as_max_side_and_no_more() -> None:
    """A board has 1 to 32 rows and 1 to 32 columns, both ends included, as its refusal
    says."""
    assert len(knight.rectangle(knight.MAX_SIDE, 12).squares) == 32 * 12
    assert len(knight.rectangle(1, knight.MAX_SIDE).squares) == 32
    assert len(knight_text.parse("12x32").board.squares) == 12 * 32
    for rows, cols in ((knight.MAX_SIDE + 1, 1), (1, knight.MAX_SIDE + 1)):
        with pytest.raises(BoardError, match="1 to 32"):
            knight.rectangle(rows, cols)


# --- text, JSON and drawings ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "squares", "first"),
    [
        ("8x8", 64, (0, 0)),
        ("  3 X 4  ", 12, (0, 0)),
        ("5\u00d75 from 3,4", 25, (2, 3)),
        ("#K.#\n....\n....\n#..#", 12, (0, 1)),
        ("\n  # k . \n. . . .\n", 6, (0, 1)),
        ("..../##K", 5, (1, 2)),
        ("\n" * 100_000 + "K.", 2, (0, 0)),
    ],
)
def test_boards_parse(text: str, squares: int, first: Square) -> None:
    b, closed = knight_text.parse(text)
    assert (len(b.squares), b.squares[b.first], closed) == (squares, first, None)
    assert knight_text.parse(knight_text.board_text(b)) == (b, None)


@pytest.mark.parametrize(
    ("text", "closed"),
    [("5x5 open", False), ("5x5 from 2,2 closed", True), ("#K.#/..../..../#..#\nopen", False)],
)
def test_a_board_may_ask_for_an_open_or_a_closed_tour(text: str, closed: bool) -> None:
    b, said = knight_text.parse(text)
    assert said is closed
    assert knight_text.parse(knight_text.board_text(b, closed)) == (b, closed)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "no square"),
        ("###", "no square"),
        ("open", "no square"),
        ("0x5", "1 to 32 rows"),
        ("5x33", "1 to 32 columns"),
        ("30x30", "at most 400 squares, not 900"),
        ("5x5 from 6,1", "row 6, column 1, is off the board"),
        ("5x5 from 0,1", "row 0, column 1, is off the board"),
        ("5x5 from 1,6", "row 1, column 6, is off the board"),
        ("K.K", "more than one knight"),
        ("..x", "unknown character 'x' at row 1, column 3"),
        ("8x8 from", "unknown character"),
        ("5x5open", "unknown character"),
        ("\u00b2x3", "unknown character '\u00b2'"),
        ("\u0663x3", "unknown character '\u0663'"),
        ("9" * 5000 + "x8", "at most 32 rows, not a number of 5,000 digits"),
        ("8x8 from 1," + "1" * 5000, "at most 32 columns, not a number of 5,000 digits"),
        ("." * 10_000_000, "at most 400 squares"),
    ],
)
def test_bad_boards_say_why_in_one_line(text: str, says: str) -> None:
    with pytest.raises(BoardError, match=says) as caught:
        knight_text.parse(text)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200


def test_show_numbers_the_steps_as_the_source_draws_a_tour() -> None:
    tour = tours(PROBLEM_A, closed=True, order="board")[0]
    t = knight.start(PROBLEM_A)
    for c in tour[1:]:
        t = knight.move(t, c)
    assert knight_text.show(PROBLEM_A, t) == "    0  3\n10  5  8  1\n 7  2 11  4\n    9  6"


def test_moves_are_said_by_row_and_column() -> None:
    t = knight.move(knight.start(PROBLEM_A), 5)  # square 5: row 2, column 4
    assert knight_text.words(PROBLEM_A, 5) == "jump to row 2, column 4"
    assert knight_text.notation(PROBLEM_A, 5) == "2,4"
    assert knight_text.move_json(PROBLEM_A, 5) == {"to": [1, 3]}
    assert knight_text.tour_json(PROBLEM_A, t) == [[0, 1], [1, 3]]


def test_the_drawing_shows_the_path_and_the_jump_home() -> None:
    t = knight.start(PROBLEM_A)
    for c in tours(PROBLEM_A, closed=True)[0][1:]:
        t = knight.move(t, c)
    picture = draw(PROBLEM_A, t, closed=True)
    assert picture.count('class="square"') == 12
    assert picture.count('class="step"') == 12
    assert 'class="home"' in picture
    assert 'class="home"' not in draw(PROBLEM_A, t, closed=False)


# --- the methods --------------------------------------------------------------------------------


def test_backtracking_is_the_default_and_bfs_and_dfs_are_offered() -> None:
    assert list(DESCRIPTION.methods) == ["backtrack", "dfs", "bfs", "all"]
    text = DESCRIPTION.examples["problem-a"]
    found = {
        m: DESCRIPTION.solve(m, text, Meter(max_states=1_000)) for m in ("backtrack", "dfs", "bfs")
    }
    for solution in found.values():
        tour = solution.answer
        assert isinstance(tour, list) and len(tour) == 12
        assert is_tour(PROBLEM_A, cells_of(PROBLEM_A, tour), closed=True)
    assert found["backtrack"].answer == found["dfs"].answer
    assert found["backtrack"].stats.expanded == found["dfs"].stats.expanded == 11
    assert found["bfs"].stats.expanded == 43


def test_bfs_stops_cleanly_at_a_limit_on_a_large_board() -> None:
    with pytest.raises(LimitReached):
        DESCRIPTION.solve("bfs", "8x8", Meter(max_states=2_000))


@pytest.mark.parametrize("text", ["4x4 open", "4x4", "3x4 open", "6x6"])
def test_a_visited_set_never_spares_a_state(text: str) -> None:
    """A partial tour is reached by one sequence of jumps only, so backtracking (no
    visited set) and dfsolve (a visited set) expand the same states, found or not."""
    expanded = [
        DESCRIPTION.solve(method, text, Meter(max_states=100_000)).stats.expanded
        for method in ("backtrack", "dfs")
    ]
    assert expanded[0] == expanded[1] > 1


# --- the command line -------------------------------------------------------------------------


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main([*argv, "--max-states", "200000"])
    return code, capsys.readouterr().out


def cells_of(b: Board, tour: object) -> list[int]:
    """The cells of a tour given as JSON, ``[row, column]`` pairs."""
    assert isinstance(tour, list)
    return [b.squares.index((r, c)) for r, c in tour]


def test_the_command_line_gives_problem_as_tours_in_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(["solve", "knight", "--json"], capsys)
    assert code == 0
    assert is_tour(PROBLEM_A, cells_of(PROBLEM_A, json.loads(out)["tour"]), closed=True)
    code, out = run(["solve", "knight", "--all", "--json"], capsys)
    every = json.loads(out)
    assert (code, every["count"]) == (0, 4)
    found = {tuple(cells_of(PROBLEM_A, t)) for t in every["solutions"]}
    assert found == {p[:-1] for p in PROBLEM_A_PRINTED}


def test_the_command_line_tours_rectangles_by_size(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["solve", "knight", "--size", "8x8", "--json"], capsys)
    tour = json.loads(out)["tour"]
    assert code == 0 and len(tour) == 64 and tour[0] == [0, 0]
    b = knight.rectangle(8, 8)
    assert is_tour(b, cells_of(b, tour), closed=True)
    code, out = run(["solve", "knight", "--closed", "no", "--all", "--json"], capsys)
    assert (code, json.loads(out)["count"]) == (0, 6)
    code, out = run(["solve", "knight", "--size", "6x6", "--closed", "no", "--json"], capsys)
    b = knight.rectangle(6, 6)
    assert is_tour(b, cells_of(b, json.loads(out)["tour"]), closed=False)
    code, out = run(["solve", "knight", "--size", "4x4", "--json"], capsys)
    assert (code, json.loads(out)["tour"]) == (1, None)


def test_the_5x5_example_is_an_open_tour(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["solve", "knight", "--example", "5x5", "--json"], capsys)
    b = knight.rectangle(5, 5)
    assert code == 0
    assert is_tour(b, cells_of(b, json.loads(out)["tour"]), closed=False)
    code, out = run(["solve", "knight", "--board", "5x5 from 3,3 open", "--moves"], capsys)
    assert code == 0 and out.split()[0] in {"1,2", "1,4", "2,1", "2,5", "4,1", "4,5", "5,2", "5,4"}


def test_the_command_line_refuses_a_size_and_a_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "knight", "--size", "8x8", "--board", "6x6"]) == 2
    assert main(["solve", "knight", "--size", "eight"]) == 2
    assert "--size" in capsys.readouterr().err


@pytest.mark.parametrize("size", ["\u00b2x3", "\u0663x3", "9" * 5000 + "x8", "40x40", "3x3x3"])
def test_a_bad_size_is_one_line_naming_the_option(
    size: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", "knight", "--size", size]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pearls: --size") and err.count("\n") == 1 and len(err) < 200
