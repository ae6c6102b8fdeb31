"""Rush Hour: the board arithmetic, the text form, and the three solvers.

Boards for the properties come two ways: random legal walks from the book's examples
(solvable, crowded, with big state spaces) and random sparse placements (small state
spaces, some unsolvable).  The yardsticks here think in (row, column) coordinates
rather than in Bird's cell numbers, so they check the arithmetic rather than repeat it.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pyrsistent import pvector

from pearls import search
from pearls.errors import LimitReached
from pearls.limits import Meter
from pearls.puzzles import rushhour as rh
from pearls.puzzles.rushhour import Cell, Grid, Move, Span, Vehicle
from pearls.puzzles.rushhour import text as rt
from pearls.puzzles.rushhour_players.describe import DESCRIPTION
from pearls.types import BoardError, Path, start

EXAMPLES = {"g1": rh.g1, "p1": rh.p1, "p2": rh.p2, "p3": rh.p3, "p4": rh.p4}

# Whole searches per example: a tenth of the profile's count, at least a few.
FEW = max(5, settings().max_examples // 10)

# States one search of a hand-made board may expand before LimitReached: the book's
# examples reach at most 5,444 positions.  A search expands each state once at most, so
# for random boards the bound is the number of positions they reach.
STATES = 10_000


def bfsolve(g: Grid, states: int = STATES) -> list[Move] | None:
    """``rh.bfsolve``, cut short with LimitReached past ``states`` expansions."""
    return search.bfsolve(Meter(max_states=states).watch(rh.puzzle), g)


def psolve(g: Grid, states: int = STATES) -> list[Move] | None:
    """``rh.psolve``, cut short with LimitReached past ``states`` expansions."""
    return search.psolve(Meter(max_states=states).watch_planner(rh.planner), g)


def dfsolve(g: Grid, states: int = STATES) -> list[Move] | None:
    """``rh.dfsolve``, cut short with LimitReached past ``states`` expansions."""
    return search.dfsolve(Meter(max_states=states).watch(rh.puzzle), g)


# --- coordinates: an independent model of the board ------------------------------------


def cell(row: int, col: int) -> Cell:
    """Bird's number of the cell at (row, column), both 0..5 from the top left."""
    return 7 * row + col + 1


def where(c: Cell) -> tuple[int, int]:
    """(row, column) of a cell."""
    return divmod(c - 1, 7)


def on_board(row: int, col: int) -> bool:
    return 0 <= row < 6 and 0 <= col < 6


def cells_of(span: Span) -> list[tuple[int, int]]:
    """The (row, column) squares a vehicle covers, rear first."""
    (r0, c0), (r1, c1) = where(span[0]), where(span[1])
    if r0 == r1:
        return [(r0, c) for c in range(c0, c1 + 1)]
    return [(r, c0) for r in range(r0, r1 + 1)]


def is_horizontal(span: Span) -> bool:
    return where(span[0])[0] == where(span[1])[0]


def ref_moves(g: Grid) -> list[Move]:
    """One-cell slides onto free squares, vehicle by vehicle, forwards (right or down)
    before backwards."""
    taken = {sq for span in g for sq in cells_of(span)}
    found = []
    for v, span in enumerate(g):
        squares = cells_of(span)
        (fr, fc), (br, bc) = squares[-1], squares[0]
        if is_horizontal(span):
            targets = [(fr, fc + 1), (br, bc - 1)]
        else:
            targets = [(fr + 1, fc), (br - 1, bc)]
        found += [(v, cell(*sq)) for sq in targets if on_board(*sq) and sq not in taken]
    return found


def ref_move(g: Grid, m: Move) -> Grid:
    """Vehicle ``v`` slid one square towards the square of ``c``, beyond one of its ends."""
    v, c = m
    squares = cells_of(g[v])
    (dr, dc) = (0, 1) if is_horizontal(g[v]) else (1, 0)
    sign = 1 if where(c) > squares[-1] else -1
    moved = [(r + sign * dr, col + sign * dc) for r, col in squares]
    return g.set(v, (cell(*moved[0]), cell(*moved[-1])))


def distance(g: Grid) -> int | None:
    """The fewest moves from ``g`` to a solved grid, by exhaustive breadth-first search
    over ``moves``/``move`` (``None``: no solved grid is reachable)."""
    seen, level, steps = {g}, [g], 0
    while level:
        if any(h[0][1] == rh.EXIT for h in level):
            return steps
        after = []
        for h in level:
            for m in rh.moves(h):
                k = rh.move(h, m)
                if k not in seen:
                    seen.add(k)
                    after.append(k)
        level, steps = after, steps + 1
    return None


def reachable(g: Grid) -> set[Grid]:
    seen, pending = {g}, [g]
    while pending:
        h = pending.pop()
        for m in rh.moves(h):
            k = rh.move(h, m)
            if k not in seen:
                seen.add(k)
                pending.append(k)
    return seen


def replay(g: Grid, plan: list[Move]) -> Grid:
    for m in plan:
        assert m in rh.moves(g), f"{m} is not legal in {g}"
        g = rh.move(g, m)
    return g


# --- boards ----------------------------------------------------------------------------


@st.composite
def walked(draw: st.DrawFn, max_moves: int = 40) -> Grid:
    """A book example after a random legal walk of up to 40 moves."""
    g = draw(st.sampled_from([rh.g1, rh.p2, rh.p3, rh.p4]))
    for _ in range(draw(st.integers(0, max_moves))):
        g = rh.move(g, draw(st.sampled_from(rh.moves(g))))
    return g


@st.composite
def placed(draw: st.DrawFn, tries: int = 10) -> Grid:
    """A special car of 2 or 3 cells on the exit row, then up to ``tries`` vehicles
    dropped at random, each kept if it lands on empty cells."""
    length = draw(st.integers(2, 3))
    rear = cell(2, draw(st.integers(0, 6 - length)))
    spans = [(rear, rear + length - 1)]
    taken = set(cells_of(spans[0]))
    for _ in range(draw(st.integers(0, tries))):
        length, vertical = draw(st.integers(2, 3)), draw(st.booleans())
        row = draw(st.integers(0, 6 - length if vertical else 5))
        col = draw(st.integers(0, 5 if vertical else 6 - length))
        squares = [(row + k, col) if vertical else (row, col + k) for k in range(length)]
        if taken.isdisjoint(squares):
            spans.append((cell(*squares[0]), cell(*squares[-1])))
            taken.update(squares)
    return rt.grid(spans)


boards = walked() | placed()


# --- moves and move -----------------------------------------------------------------------


@given(boards)
def test_moves_and_move_agree_with_a_coordinate_model(g: Grid) -> None:
    assert rh.moves(g) == ref_moves(g)
    for m in rh.moves(g):
        assert rh.move(g, m) == ref_move(g, m)


@given(boards)
def test_every_move_can_be_undone(g: Grid) -> None:
    for m in rh.moves(g):
        h = rh.move(g, m)
        assert any(rh.move(h, back) == g for back in rh.moves(h)), m


@given(boards)
def test_a_move_slides_one_vehicle_one_cell(g: Grid) -> None:
    for v, c in rh.moves(g):
        h = rh.move(g, (v, c))
        assert len(h) == len(g)
        assert [s for u, s in enumerate(h) if u != v] == [s for u, s in enumerate(g) if u != v]
        before, after = set(rh.fillcells(g[v])), set(rh.fillcells(h[v]))
        assert len(after) == len(before)
        assert is_horizontal(h[v]) == is_horizontal(g[v])
        assert after - before == {c}
        assert len(before - after) == 1
        assert rt.grid(h) == h  # still a valid grid


@given(boards)
def test_the_prune_forbids_only_sliding_the_last_vehicle_straight_back(g: Grid) -> None:
    """``undoes`` (the prune of iterative deepening): before any move nothing is pruned;
    after a move, exactly the moves that lead back to the position before are, the same
    vehicle one cell back the way it came; of all the pairs (vehicle, cell), moves or
    not, only that vehicle onto the cell it has just left."""
    before: Path[Grid, Move] = start(g)
    assert not any(rh.undoes(before, m) for m in rh.moves(g))
    for m in rh.moves(g):
        after = rh.move(g, m)
        path = Path(before.history.cons(m), after)
        back = [n for n in rh.moves(after) if rh.move(after, n) == g]
        assert [n for n in rh.moves(after) if rh.undoes(path, n)] == back == [(m[0], back[0][1])]
        (left,) = set(cells_of(g[m[0]])) - set(cells_of(after[m[0]]))
        pairs = [(w, d) for w in range(len(g)) for d in range(1, 42)]
        assert [n for n in pairs if rh.undoes(path, n)] == [(m[0], cell(*left))]


@given(boards)
def test_occupied_and_free_cells_partition_the_board(g: Grid) -> None:
    occupied, free = rh.occupied(g), rh.freecells(g)
    assert occupied == sorted(cell(*sq) for span in g for sq in cells_of(span))
    assert free == sorted(free)
    assert sorted(occupied + free) == list(rh.allcells)
    assert len(rh.allcells) == 36
    assert all(c % 7 != 0 for c in rh.allcells)


@given(boards)
def test_each_occupied_cell_has_one_blocker(g: Grid) -> None:
    for c in rh.allcells:
        covering = [(v, span) for v, span in enumerate(g) if rh.covers(c, span)]
        expected = [(v, span) for v, span in enumerate(g) if where(c) in cells_of(span)]
        assert covering == expected
        assert len(covering) <= 1
        if covering:
            assert rh.blocker(g, c) == covering[0]


def ref_freeingmoves(c: Cell, v: Vehicle, span: Span) -> list[list[Move]]:
    """Slide the vehicle one square at a time until it is off ``c``: right then left, or
    up then down; a way that would leave the board is no way."""
    (dr, dc) = (0, 1) if is_horizontal(span) else (1, 0)
    ways = []
    for sign in (1, -1) if is_horizontal(span) else (-1, 1):
        squares, way = cells_of(span), []
        while where(c) in squares:
            squares = [(r + sign * dr, col + sign * dc) for r, col in squares]
            lead = squares[-1] if sign == 1 else squares[0]
            if not on_board(*lead):
                break
            way.append((v, cell(*lead)))
        else:
            ways.append(way)
    return ways


@given(boards)
def test_freeingmoves_slide_the_blocker_just_off_the_cell(g: Grid) -> None:
    for c in rh.occupied(g):
        v, span = rh.blocker(g, c)
        assert rh.freeingmoves(c, (v, span)) == ref_freeingmoves(c, v, span)
        assert rh.premoves(g, (0, c)) == ref_freeingmoves(c, v, span)


@given(boards, st.data())
def test_expand_reaches_the_cell_one_step_at_a_time(g: Grid, data: st.DataObject) -> None:
    v = data.draw(st.integers(0, len(g) - 1))
    squares = cells_of(g[v])
    row, col = squares[0]
    line = [(row, k) for k in range(6)] if is_horizontal(g[v]) else [(k, col) for k in range(6)]
    target = cell(*data.draw(st.sampled_from(line)))
    steps = rh.expand(g, (v, target))
    if where(target) in squares:
        assert steps == []
        return
    span = g[v]
    for m in steps:
        assert m[0] == v
        assert m[1] in rh.adjs(span)
        span = rh.adjust(span, m[1])
    assert rh.covers(target, span)
    assert target in (span[0], span[1])
    assert len(steps) == min(abs(line.index(where(target)) - line.index(sq)) for sq in squares)


@given(boards)
def test_newplans_start_with_a_legal_move(g: Grid) -> None:
    plan = rh.goalmoves(g)
    legal = rh.moves(g)
    plans = rh.newplans(g, plan)
    assert plan == tuple((0, c) for c in range(g[0][1] + 1, rh.EXIT + 1))
    if not plan:
        assert rh.solved(g)
        assert plans == []
        return
    expanded = (*rh.expand(g, plan[0]), *plan[1:])
    for new in plans:
        assert new[0] in legal
        assert new[len(new) - len(expanded) :] == expanded
        assert len(set(new)) == len(new)
    if plan[0] in legal:
        assert plans == [plan]


# --- the solvers ----------------------------------------------------------------------


@settings(max_examples=FEW)
@given(walked())
def test_solvers_on_walks_from_the_examples(g: Grid) -> None:
    positions = len(reachable(g))
    shortest = bfsolve(g, positions)
    assert shortest is not None
    assert len(shortest) == distance(g)
    assert rh.solved(replay(g, shortest))
    planned = psolve(g, positions)
    assert planned is not None
    assert len(planned) >= len(shortest)
    assert rh.solved(replay(g, planned))
    deep = dfsolve(g, positions)
    assert deep is not None
    assert rh.solved(replay(g, deep))


@given(placed())
def test_solvers_on_sparse_boards(g: Grid) -> None:
    positions = len(reachable(g))
    shortest, planned, deep = (solve(g, positions) for solve in (bfsolve, psolve, dfsolve))
    expected = distance(g)
    if expected is None:
        assert (shortest, planned, deep) == (None, None, None)
        return
    assert shortest is not None and planned is not None and deep is not None
    assert len(shortest) == expected
    assert len(planned) >= expected
    for plan in (shortest, planned, deep):
        assert rh.solved(replay(g, plan))


UNSOLVABLE = {
    # a car ahead of A on the exit row can never get past it
    "car ahead": rt.grid([(15, 16), (19, 20), (1, 2), (22, 36), (11, 25)]),
    # column 6 is full: the truck on the exit cell cannot move up or down
    "column full": rt.grid([(17, 18), (6, 20), (27, 41), (1, 3), (29, 31)]),
    # the truck in column 3 can only clear row 3 by moving down, onto the truck
    # below it, which cannot move at all
    "truck on truck": rt.grid([(15, 16), (3, 17), (24, 38), (5, 19), (22, 23)]),
}


@pytest.mark.parametrize("name", UNSOLVABLE)
def test_unsolvable_boards_have_no_solution(name: str) -> None:
    g = UNSOLVABLE[name]
    positions = reachable(g)
    assert len(positions) > 1  # some vehicles can move: the searches have work to do
    assert not any(rh.solved(h) for h in positions)
    assert bfsolve(g, len(positions)) is None
    assert psolve(g, len(positions)) is None
    assert dfsolve(g, len(positions)) is None


@pytest.mark.parametrize("name", ["g1", "p2", "p3", "p4"])
def test_the_examples_solve_with_legal_moves(name: str) -> None:
    g = EXAMPLES[name]
    for bounded, solve in ((bfsolve, rh.bfsolve), (psolve, rh.psolve), (dfsolve, rh.dfsolve)):
        plan = bounded(g)
        assert plan is not None
        assert rh.solved(replay(g, plan)), solve.__name__
        assert solve(g) == plan, solve.__name__  # the module's solver, once known to stop


def test_a_solved_board_needs_no_move() -> None:
    g = rt.grid([(19, 20), (1, 2)])
    assert rh.solved(g)
    assert (bfsolve(g), psolve(g), dfsolve(g)) == ([], [], [])
    assert rh.goalmoves(g) == ()
    assert rh.newplans(g, ()) == []


def test_one_move_from_the_exit() -> None:
    g = rt.grid([(18, 19)])
    assert bfsolve(g) == [(0, 20)]
    assert psolve(g) == [(0, 20)]


# --- the text form ----------------------------------------------------------------------


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_examples_round_trip_through_text(name: str) -> None:
    g = EXAMPLES[name]
    assert rt.parse(rt.show(g)) == g
    assert rt.parse(rt.show(g, sep="")) == g
    assert rt.show(rt.parse(rt.show(g))) == rt.show(g)


def test_show_draws_the_first_example() -> None:
    assert rt.show(rh.g1, sep=" ") == "BCDEFF BCDEGH B.AAGH ..IIIH ..J.KK LLJ.MM"
    assert rt.show(rt.grid([(17, 18)]), sep="") == "." * 12 + "..AA.." + "." * 18


@given(boards)
def test_parse_reads_back_what_show_draws(g: Grid) -> None:
    assert rt.parse(rt.show(g)) == g
    assert rt.parse(rt.show(g, sep="")) == g
    assert rt.parse_named(rt.show(g)) == (g, rt.LETTERS[: len(g)])


@given(boards, st.data())
def test_a_board_in_its_authors_letters_reads_back_exactly(g: Grid, data: st.DataObject) -> None:
    """Whatever letters an author gives the vehicles, parsing numbers them the special car
    first, then in the order of the letters, and shows them back as written; the grids a
    solution passes through read back the same way."""
    others = data.draw(st.permutations("BCDEFGHIJKLMNPQRSTUVWYZbcdefghijklmnpqrsuvwyz"))
    letters = "A" + "".join(sorted(others[: len(g) - 1]))
    written = rt.show(g, sep=" ", letters=letters)
    assert rt.parse_named(written) == (g, letters)
    for m in rh.moves(g):
        after = rh.move(g, m)
        assert rt.parse_named(rt.show(after, letters=letters)) == (after, letters)


@given(boards, st.data())
def test_whitespace_and_the_empty_marks_do_not_matter(g: Grid, data: st.DataObject) -> None:
    one_line = rt.show(g, sep="")
    pieces, gaps = [], st.text(" \t\n\r", max_size=2)
    for char in one_line:
        empty = data.draw(st.sampled_from(".o")) if char == "." else char
        pieces += [data.draw(gaps), empty]
    text = "".join(pieces) + data.draw(gaps)
    assert rt.parse(text) == rt.parse(one_line) == g


@given(boards, st.lists(st.tuples(st.integers(0, 35), st.sampled_from("AB.oxq?Z é")), max_size=3))
def test_a_damaged_board_parses_or_says_why(g: Grid, damage: list[tuple[int, str]]) -> None:
    chars = list(rt.show(g, sep=""))
    for i, char in damage:
        chars[i] = char
    text = "".join(chars)
    try:
        parsed, letters = rt.parse_named(text)
    except BoardError as error:
        assert str(error) and "\n" not in str(error)
    else:
        assert letters == "A" + "".join(sorted(letters[1:]))
        assert rt.parse(rt.show(parsed)) == parsed
        assert rt.show(parsed, sep="", letters=letters) == text.replace("o", ".")


EMPTY_ROW = "......"


def board(*rows: str) -> str:
    """A board from its first rows; the rest empty, A on row 3 unless row 3 is given."""
    given_rows = list(rows) + [EMPTY_ROW] * (6 - len(rows))
    if len(rows) < 3:
        given_rows[2] = "..AA.."
    return "\n".join(given_rows)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (board(EMPTY_ROW, "..?..."), "unknown character '?' at row 2, column 3"),
        (board(EMPTY_ROW, EMPTY_ROW, "..AA.#"), "unknown character '#' at row 3, column 6"),
        (board("....1."), "unknown character '1' at row 1, column 5"),
        (board("é....."), "unknown character 'é' at row 1, column 1"),
        (board(EMPTY_ROW, EMPTY_ROW, "..AA..", EMPTY_ROW, "....x."), "wall 'x' at row 5, column 5"),
        (board()[:-1], "36 cells (6 rows of 6), this text has 35"),
        (board() + ".", "this text has 37"),
        ("", "this text has 0"),
        (board("B....."), "vehicle 'B' at row 1, column 1 covers 1 cell(s)"),
        (board("..BBBB"), "vehicle 'B' at row 1, column 3 covers 4 cell(s)"),
        (board(".C....", ".C....", ".CAA..", ".C...."), "vehicle 'C' at row 1, column 2 covers 4"),
        (board("BB....", "B....."), "vehicle 'B' at row 1, column 1 is bent"),
        (board("....BB", ".....B"), "vehicle 'B' at row 1, column 5 is bent"),
        (
            board("BB....", EMPTY_ROW, "..AA..", EMPTY_ROW, "BB...."),
            "letter 'B' marks 2 separate pieces, at row 1, column 1 and row 5, column 1",
        ),
        (board(".....B", "B....."), "letter 'B' marks 2 separate pieces, at row 1, column 6 and"),
        (board("B.....", ".B...."), "letter 'B' marks 2 separate pieces"),
        (
            board(EMPTY_ROW, "..A...", "..A..."),
            "special car A at row 2, column 3 must lie along row 3",
        ),
        (
            board("AA....", EMPTY_ROW, EMPTY_ROW),
            "the special car A at row 1, column 1 must lie along row 3, across",
        ),
        (board(EMPTY_ROW, EMPTY_ROW, "..BB.."), "no special car"),
        (board(EMPTY_ROW, EMPTY_ROW, "..aa.."), "no special car"),
    ],
)
def test_parse_says_what_is_wrong_and_where(text: str, message: str) -> None:
    with pytest.raises(BoardError, match=re.escape(message)):
        rt.parse(text)


def test_a_board_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="no special car"):
        rt.parse("." * 36)


def test_letters_and_empty_marks() -> None:
    text = board("oooooo", "BBB...", "..AA..", "C.....", "C.....", "......")
    assert rt.parse(text) == rt.grid([(17, 18), (8, 10), (22, 29)])
    # case counts: b is another vehicle than B; vehicles are numbered by their letters
    text = board("bb....", "BB....")
    assert rt.parse_named(text) == (rt.grid([(17, 18), (8, 9), (1, 2)]), "ABb")
    assert rt.show(rt.parse(text)).splitlines()[:2] == ["CC....", "BB...."]


# --- grid -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spans", "message"),
    [
        ([(18, 19), (12, 26)], "vehicles 0 and 1 both cover cell 19"),
        ([(17, 18), (1, 3), (3, 17)], "vehicles 1 and 2 both cover cell 3"),
        ([(17, 18), (18, 17)], "vehicle 1 (18, 17) is not 2 or 3 board cells in a line"),
        ([(17, 18), (5, 5)], "vehicle 1 (5, 5)"),
        ([(17, 18), (1, 4)], "vehicle 1 (1, 4)"),
        ([(17, 18), (1, 22)], "vehicle 1 (1, 22)"),
        ([(17, 18), (6, 8)], "vehicle 1 (6, 8)"),  # through the wall at 7
        ([(17, 18), (13, 15)], "vehicle 1 (13, 15)"),
        ([(17, 18), (3, 16)], "vehicle 1 (3, 16)"),  # not in one column
        ([(17, 18), (40, 42)], "vehicle 1 (40, 42)"),
        ([(17, 18), (34, 48)], "vehicle 1 (34, 48)"),
        ([(17, 18), (-6, 1)], "vehicle 1 (-6, 1)"),
        ([(17, 18), (1, 2), (0, 1)], "vehicle 2 (0, 1)"),
        ([(1, 2)], "the special car (1, 2) must lie along the exit row, cells 15..20"),
        ([(6, 20)], "the special car (6, 20) must lie along the exit row"),
        ([(22, 23)], "the special car (22, 23) must lie along the exit row"),
        ([(20, 22)], "vehicle 0 (20, 22)"),
        ([], "a grid needs the special car"),
    ],
)
def test_grid_rejects_what_is_not_a_position(spans: list[Span], message: str) -> None:
    with pytest.raises(BoardError, match=re.escape(message)):
        rt.grid(spans)


def test_grid_keeps_its_own_copy_of_the_spans() -> None:
    spans = [(17, 18), (1, 2)]
    g = rt.grid(spans)
    spans.append((40, 41))
    spans[0] = (15, 16)
    assert g == pvector([(17, 18), (1, 2)])
    assert list(rt.grid(iter([(19, 20), (22, 36)]))) == [(19, 20), (22, 36)]


def test_grid_accepts_trucks_and_a_long_special_car() -> None:
    assert list(rt.grid([(15, 17), (4, 18), (34, 41)])) == [(15, 17), (4, 18), (34, 41)]


# --- the chapter's functions on hand-made cases --------------------------------------


def test_fillcells() -> None:
    assert rh.fillcells((1, 3)) == [1, 2, 3]  # horizontal truck
    assert rh.fillcells((40, 41)) == [40, 41]
    assert rh.fillcells((2, 9)) == [2, 9]  # vertical car: r > f-7 fails at equality
    assert rh.fillcells((13, 27)) == [13, 20, 27]  # vertical truck
    assert rh.fillcells((27, 41)) == [27, 34, 41]


def test_occupied_and_freecells() -> None:
    g = rt.grid([(15, 16), (4, 18), (33, 34)])
    assert rh.occupied(g) == [4, 11, 15, 16, 18, 33, 34]
    assert rh.freecells(g) == [c for c in rh.allcells if c not in {4, 11, 15, 16, 18, 33, 34}]
    assert rh.freecells(rh.g1) == [16, 22, 23, 29, 30, 32, 39]
    assert rh.occupied(rt.grid([(19, 20)])) == [19, 20]


def test_moves_of_cars_and_trucks() -> None:
    g = rt.grid([(15, 16), (4, 18), (27, 41)])
    # A right only (14 is the wall); the truck in column 4 down only (it is at the top);
    # the truck in column 6 up only (it is at the bottom)
    assert rh.moves(g) == [(0, 17), (1, 25), (2, 20)]


def test_adjust() -> None:
    assert rh.adjust((17, 18), 19) == (18, 19)
    assert rh.adjust((17, 18), 16) == (16, 17)
    assert rh.adjust((1, 3), 4) == (2, 4)
    assert rh.adjust((13, 27), 6) == (6, 20)
    assert rh.adjust((13, 27), 34) == (20, 34)
    assert rh.adjust((2, 9), 16) == (9, 16)


def test_move_and_solved() -> None:
    g = rt.grid([(18, 19), (6, 13)])
    assert rh.move(g, (0, 20)) == rt.grid([(19, 20), (6, 13)])
    assert rh.move(g, (1, 20)) == pvector([(18, 19), (13, 20)])
    assert rh.solved(rh.move(g, (0, 20)))
    assert not rh.solved(g)
    assert g == rt.grid([(18, 19), (6, 13)])  # the grid moved from is unchanged


def test_goalmoves() -> None:
    assert rh.goalmoves(rt.grid([(15, 16)])) == ((0, 17), (0, 18), (0, 19), (0, 20))
    assert rh.goalmoves(rt.grid([(15, 17)])) == ((0, 18), (0, 19), (0, 20))
    assert rh.goalmoves(rt.grid([(18, 19)])) == ((0, 20),)
    assert rh.goalmoves(rt.grid([(19, 20)])) == ()


def test_covers() -> None:
    assert rh.covers(20, (13, 27))
    assert not rh.covers(14, (13, 27))  # between rear and front, but another column
    assert not rh.covers(21, (13, 27))
    assert not rh.covers(6, (13, 27))
    assert rh.covers(25, (24, 26))
    assert not rh.covers(27, (24, 26))
    assert rh.covers(24, (24, 26))


def test_blocker() -> None:
    assert rh.blocker(rh.g1, 19) == (6, (12, 19))
    assert rh.blocker(rh.g1, 20) == (7, (13, 27))  # the middle of a vertical truck
    assert rh.blocker(rh.g1, 25) == (8, (24, 26))  # the middle of a horizontal truck
    assert rh.blocker(rh.g1, 17) == (0, (17, 18))
    with pytest.raises(LookupError, match="no vehicle covers cell 16"):
        rh.blocker(rh.g1, 16)


@pytest.mark.parametrize(
    ("c", "blocking", "ways"),
    [
        # horizontal car at the left wall: only right
        (16, (3, (15, 16)), [[(3, 17), (3, 18)]]),
        (15, (3, (15, 16)), [[(3, 17)]]),
        # horizontal car at the right wall: only left
        (19, (3, (19, 20)), [[(3, 18), (3, 17)]]),
        (20, (3, (19, 20)), [[(3, 18)]]),
        # horizontal trucks in row 4: a truck never clears a cell both ways
        (25, (2, (24, 26)), [[(2, 23), (2, 22)]]),
        (23, (2, (23, 25)), [[(2, 26)]]),
        # a horizontal car in the middle of row 4: right or left
        (24, (2, (24, 25)), [[(2, 26)], [(2, 23), (2, 22)]]),
        # horizontal truck at the right of row 1: left only
        (5, (1, (4, 6)), [[(1, 3), (1, 2)]]),
        # vertical car at the top: only down
        (13, (4, (6, 13)), [[(4, 20), (4, 27)]]),
        (6, (4, (6, 13)), [[(4, 20)]]),
        # vertical truck at the bottom: only up
        (27, (5, (27, 41)), [[(5, 20), (5, 13), (5, 6)]]),
        (41, (5, (27, 41)), [[(5, 20)]]),
        # vertical truck in rows 2-4 covering the exit: neither way clears row 3 upwards
        (20, (7, (13, 27)), [[(7, 34), (7, 41)]]),
        # vertical car in the middle of a column: up or down
        (19, (6, (12, 19)), [[(6, 5)], [(6, 26), (6, 33)]]),
    ],
)
def test_freeingmoves(c: Cell, blocking: tuple[Vehicle, Span], ways: list[list[Move]]) -> None:
    assert rh.freeingmoves(c, blocking) == ways


def test_premoves() -> None:
    assert rh.premoves(rh.g1, (0, 19)) == [[(6, 5)], [(6, 26), (6, 33)]]
    # the vehicle that asks does not matter, only the cell
    assert rh.premoves(rh.g1, (8, 19)) == rh.premoves(rh.g1, (0, 19))
    assert rh.premoves(rh.g1, (0, 20)) == [[(7, 34), (7, 41)]]


def test_expand() -> None:
    g = rt.grid([(17, 18), (13, 27), (1, 3)])
    assert rh.expand(g, (0, 20)) == [(0, 19), (0, 20)]
    assert rh.expand(g, (0, 15)) == [(0, 16), (0, 15)]
    assert rh.expand(g, (0, 19)) == [(0, 19)]
    assert rh.expand(g, (0, 18)) == []  # already covered
    assert rh.expand(g, (1, 41)) == [(1, 34), (1, 41)]
    assert rh.expand(g, (1, 6)) == [(1, 6)]
    assert rh.expand(g, (2, 6)) == [(2, 4), (2, 5), (2, 6)]
    assert rh.expand(g, (2, 2)) == []


def test_newplans_expands_the_first_move() -> None:
    # A was slid back by a premove: the plan's (0, 19) now needs two cells
    g = rt.grid([(15, 16), (4, 11)])
    assert rh.newplans(g, ((0, 19), (0, 20))) == [((0, 17), (0, 18), (0, 19), (0, 20))]
    # (0, 17) is blocked by the truck in column 3, which can only go down, three
    # cells; its first step down is blocked by the car in row 4: right, or left twice
    g = rt.grid([(15, 16), (3, 17), (24, 25)])
    down, goal = ((1, 24), (1, 31), (1, 38)), ((0, 17), (0, 18), (0, 19), (0, 20))
    assert rh.newplans(g, rh.goalmoves(g)) == [
        ((2, 26), *down, *goal),
        ((2, 23), (2, 22), *down, *goal),
    ]


def test_newplans_when_the_vehicle_already_covers_the_cell() -> None:
    """``expand`` gives nothing, so the plan goes on with its second move, as
    ``mkplans (expand g m ++ ms)`` does; with nothing left there is no plan."""
    g = rt.grid([(18, 19)])
    assert rh.newplans(g, ((0, 19), (0, 20))) == [((0, 20),)]
    assert rh.newplans(g, ((0, 19),)) == []


def test_newplans_of_the_first_example() -> None:
    assert rh.newplans(rh.g1, rh.goalmoves(rh.g1)) == [
        ((0, 16), (4, 18), (5, 4), (5, 3), (6, 5), (0, 19), (0, 20)),
        ((8, 23), (6, 26), (6, 33), (0, 19), (0, 20)),
    ]


# A board in its author's letters, four moves from the exit (Z up, X down, A right twice).
ZX_BOARD = """
......
....Z.
..AAZX
.....X
......
......
"""


def test_solve_runs_under_the_meter_it_is_given() -> None:
    meter = Meter(max_states=100_000)
    solution = DESCRIPTION.solve("bfs", ZX_BOARD, meter)
    assert solution.stats.expanded == meter.expanded > 0
    with pytest.raises(LimitReached):
        DESCRIPTION.solve("bfs", DESCRIPTION.examples["g1"], Meter(10))


def test_a_board_is_shown_back_in_its_own_letters() -> None:
    solution = DESCRIPTION.solve("bfs", ZX_BOARD, Meter(max_states=100_000))
    assert solution.pictures[0] == ZX_BOARD.strip()
    assert all(set(p) <= set("AZX.\n") for p in solution.pictures)
    assert all(
        isinstance(s, str) and len(s) == 36 and set(s) <= set("AZX.") for s in solution.states
    )
    rows = ["....Z.", "....Z.", "....AA", ".....X", ".....X", "......"]
    assert solution.states[-1] == "".join(rows)
    assert solution.pictures[-1] == "\n".join(rows)
    assert {w.split()[0] for w in solution.words} == {"A", "Z", "X"}
    assert sorted(solution.notation) == ["A+1", "A+1", "X+1", "Z-1"]


def test_a_lower_case_x_is_a_wall_and_refused() -> None:
    with pytest.raises(BoardError, match="wall 'x' at row 3, column 6: walls are not supported"):
        rt.parse(ZX_BOARD.replace("X", "x"))


# --- moves in the user's terms ------------------------------------------------------------


def test_moves_in_words_notation_and_json() -> None:
    ms = rh.moves(rh.g1)
    assert [rt.words(rh.g1, m) for m in ms] == [
        "A left 1", "B down 1", "C down 1", "I left 1", "K left 1", "M left 1"
    ]  # fmt: skip
    assert [rt.notation(rh.g1, m) for m in ms] == ["A-1", "B+1", "C+1", "I-1", "K-1", "M-1"]
    assert rt.move_json(rh.g1, (2, 16)) == {"vehicle": "C", "from": [0, 1], "to": [1, 1]}
    assert rt.move_json(rh.g1, (12, 39)) == {"vehicle": "M", "from": [5, 4], "to": [5, 3]}
    assert rt.words(rh.g1, (2, 30)) == "C down 3" and rt.notation(rh.g1, (2, 30)) == "C+3"


@given(boards)
def test_a_move_is_said_in_letters_rows_and_columns(g: Grid) -> None:
    """Each move's words, notation and JSON agree with a coordinate model of the board:
    the vehicle named by its letter, one square in the way it goes, and the JSON's
    ``from`` and ``to`` its top-left square before and after, counted from 0; no cell
    number of the chapter's leaks."""
    letters = rt.LETTERS
    for m in rh.moves(g):
        v, _ = m
        before, after = set(cells_of(g[v])), set(cells_of(rh.move(g, m)[v]))
        (new,) = after - before
        (row, col), (old_row, old_col) = new, next(iter(before - after))
        way = {(0, 1): "right", (0, -1): "left", (1, 0): "down", (-1, 0): "up"}[
            ((row > old_row) - (row < old_row), (col > old_col) - (col < old_col))
        ]
        assert rt.words(g, m) == f"{letters[v]} {way} 1"
        assert rt.notation(g, m) == f"{letters[v]}{'+' if way in ('right', 'down') else '-'}1"
        top_left = [list(min(before)), list(min(after))]
        assert rt.move_json(g, m) == {"vehicle": letters[v], "from": top_left[0], "to": top_left[1]}


# --- hostile input ------------------------------------------------------------------------


def test_a_huge_text_is_refused_before_it_is_read() -> None:
    with pytest.raises(BoardError, match=r"at most 10,000 characters, this one has 3,000,000$"):
        rt.parse("." * 3_000_000)
    assert len(rt.show(rh.g1, sep="  \n  ")) < rt.MAX_TEXT


@pytest.mark.parametrize("span", [(1, 10**12), (-(10**12), 1), (15, 15 + 10**9)])
def test_a_huge_span_is_refused_at_once(span: Span) -> None:
    with pytest.raises(BoardError, match="is not 2 or 3 board cells in a line"):
        rt.grid([(17, 18), span])
