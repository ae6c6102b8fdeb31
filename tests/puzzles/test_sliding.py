"""Sliding tiles: the source's numbers, parity against exhaustive search, the searches
against breadth-first distances, the heuristics against the true distance, the planner,
the text form, the drawing and the command line.

The yardstick is the whole 8-puzzle space, searched once breadth first from the goal
(:func:`pearls.analysis.levels` with the tiles' rank as perfect hash) into a table of the
true distance of every solvable board: a module-level fixture, built in a few seconds.
Smaller trays (2x2, 2x3) are searched whole, and every arrangement of their tiles is
checked.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable
from functools import partial
from itertools import permutations
from pathlib import Path
from random import Random
from xml.etree import ElementTree

import pytest
from described import typed
from hypothesis import given, settings
from hypothesis import strategies as st

from pearls import search
from pearls.analysis import Halves, analyze, is_perfect, levels
from pearls.cli import MAX_STATES, TIMEOUT, main
from pearls.deepening import idsolve
from pearls.errors import BoardError, LimitReached
from pearls.informed import Estimate, Heuristic, Scored, astar, carried, idastar, score, scored
from pearls.limits import Meter
from pearls.puzzles import sliding as sl
from pearls.puzzles.sliding import EIGHT, FIFTEEN, Board, Frame, Move, describe, text
from pearls.puzzles.sliding import heuristics as hr
from pearls.puzzles.sliding import planning as pl
from pearls.puzzles.sliding.draw import draw
from pearls.registry import PUZZLES
from pearls.types import Puzzle

Distances = dict[Board, int]
Plan = list[Move] | None
Capture = pytest.CaptureFixture[str]

SHIFTED = "0 1 2 / 3 4 5 / 6 7 8"  # the Prolog notes' board: "about 22 moves"
UNSOLVABLE_15 = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 0"  # the Prolog notes' example
FARTHEST = {"8 6 7 / 2 5 4 / 3 0 1", "6 4 7 / 8 5 0 / 3 2 1"}  # 31 moves, the two of them

FEW = max(5, settings().max_examples // 4)  # whole searches: a quarter of the profile's count
STATES = 200_000  # one search of an 8-puzzle board expands at most 181,440 states


def space(f: Frame) -> Distances:
    """The true distance of every board that reaches the goal, breadth first from it."""
    return {
        q: d for d, level in enumerate(levels(sl.puzzle(f), [f.goal], sl.rank(f))) for q in level
    }


@pytest.fixture(scope="module")
def eight() -> Distances:
    """Every solvable 8-puzzle board and its distance: the whole space, searched once."""
    return space(EIGHT)


def replay(f: Frame, q: Board, ms: list[Move]) -> Board:
    """The board after ``ms``, each checked to be legal where it is made."""
    for m in ms:
        assert m in sl.moves(f, q)
        q = sl.move(q, m)
    return q


@st.composite
def solvable_boards(draw: st.DrawFn, f: Frame = EIGHT) -> Board:
    """Any solvable board of the tray, uniformly: an order of the tiles, its first two
    tiles swapped if that order is unsolvable."""
    board = list(draw(st.permutations(range(f.size))))
    if not sl.solvable(f, tuple(board)):
        i, j = [c for c, t in enumerate(board) if t][:2]
        board[i], board[j] = board[j], board[i]
    return tuple(board)


@st.composite
def walked(draw: st.DrawFn, f: Frame = EIGHT, max_moves: int = 12) -> Board:
    """The goal after a random walk of legal moves."""
    q = f.goal
    for _ in range(draw(st.integers(0, max_moves))):
        q = sl.move(q, draw(st.sampled_from(sl.moves(f, q))))
    return q


frames = st.builds(sl.frame, st.integers(2, 5), st.integers(2, 5), st.booleans())


# --- how much the searches expand ---------------------------------------------------------------

# The states A* and IDA* expand on two 8-puzzle boards, led by Manhattan distance and by
# linear conflicts, counted by running them.  A weaker heuristic that is still admissible
# (one tile's columns subtracted from its rows, say) still finds shortest solutions, but
# expands hundreds of times more (23,250 states for A* on the 16-move board, not 16): only
# these counts tell it from the true one, and the meter stops it within twice the count.
EXPANSIONS = [  # (board, shortest, A* Manhattan, A* conflicts, IDA* Manhattan, IDA* conflicts)
    ("3 8 0 / 2 1 4 / 7 6 5", 16, 16, 16, 17, 17),
    (SHIFTED, 22, 745, 392, 1_687, 892),
]


Led = Callable[[Puzzle[Scored[Board], Move], Scored[Board], Heuristic[Scored[Board]]], Plan]


def expansions(
    search: Led, e: Estimate[Board, Move], q: Board, f: Frame, limit: int
) -> tuple[int, Plan]:
    """The states ``search`` expands on ``q`` led by ``e``, stopped past ``limit``, and
    its solution."""
    meter = Meter(max_states=limit)
    found = search(meter.watch(scored(sl.puzzle(f), e)), score(e, q), carried)
    return meter.expanded, found


ESTIMATES = {"Manhattan": hr.manhattan_estimate, "conflicts": hr.conflict_estimate}


@pytest.mark.parametrize(
    ("board", "shortest", "search", "estimate", "expected"),
    [
        (board, shortest, search, estimate, counts[i])
        for board, shortest, *counts in EXPANSIONS
        for i, (search, estimate) in enumerate(
            [
                (astar, "Manhattan"),
                (astar, "conflicts"),
                (idastar, "Manhattan"),
                (idastar, "conflicts"),
            ]
        )
    ],
    ids=lambda v: v.__name__ if callable(v) else str(v),
)
def test_astar_and_idastar_expand_as_many_states_as_counted(
    board: str, shortest: int, search: Led, estimate: str, expected: int
) -> None:
    """One search and one estimate a test, so that the 16-move board's, done in a few
    milliseconds, run first under a mutant and fail before a slower test runs out of time."""
    f = sl.frame(3, 3)  # made here, not at import, so that a mutant of the tray is in it
    expanded, found = expansions(
        search, ESTIMATES[estimate](f), text.parse(board, f), f, 2 * expected
    )
    assert found is not None and len(found) == shortest
    assert expanded == expected


def test_deepening_pruned_by_undoes_expands_as_many_states_as_counted() -> None:
    """Iterative deepening that never slides a tile straight back expands 18,815 states
    to solve the 16-move board; without the prune it passes twice that (over a million)."""
    f = sl.frame(3, 3)
    q = text.parse("3 8 0 / 2 1 4 / 7 6 5", f)
    meter = Meter(max_states=2 * 18_815)
    found = idsolve(meter.watch(sl.puzzle(f)), q, sl.undoes)
    assert found is not None and len(found) == 16
    assert meter.expanded == 18_815
    with pytest.raises(LimitReached):
        idsolve(Meter(max_states=2 * 18_815).watch(sl.puzzle(f)), q)


def bounded_distances(f: Frame, q: Board, h: Callable[[Board], int], bound: int) -> Distances:
    """The moves from ``q`` to each board ``r`` with ``moves + h r <= bound``, breadth
    first, going on only from such boards: with ``h`` consistent (it changes by at most
    one a move), ``moves + h`` never falls along a shortest path, so none is missed."""
    found, frontier = {q: 0}, [q]
    for r in frontier:
        for m in sl.moves(f, r):
            s = sl.move(r, m)
            if s not in found and found[r] + 1 + h(s) <= bound:
                found[s] = found[r] + 1
                frontier.append(s)
    return found


@pytest.mark.parametrize(("board", "shortest", "a"), [row[:3] for row in EXPANSIONS])
def test_astar_expands_what_a_consistent_heuristic_says_it_must_and_may(
    board: str, shortest: int, a: int
) -> None:
    """With a consistent ``h``, A* expands every board whose ``f = g + h`` is below the
    shortest length ``C`` before it takes the goal, and no board twice nor any of
    ``f > C``: ``#{f < C} <= expanded <= #{f <= C} - 1`` (the goal itself is not
    expanded), ``g`` counted by a breadth-first search written here."""
    f = sl.frame(3, 3)
    q = text.parse(board, f)
    h = partial(hr.manhattan, f)
    g = bounded_distances(f, q, h, shortest)
    below = sum(d + h(r) < shortest for r, d in g.items())
    assert (below, len(g)) == {16: (1, 37), 22: (540, 1_349)}[shortest]
    expanded, _ = expansions(astar, hr.manhattan_estimate(f), q, f, 2 * a)
    assert below <= expanded == a <= len(g) - 1


# --- the numbers of the issue and the source -------------------------------------------------


def test_the_8_puzzle_space_has_181440_boards_and_two_farthest_31_moves_away() -> None:
    a = analyze(sl.puzzle(EIGHT), [EIGHT.goal], sl.rank(EIGHT))
    assert a.states == 181_440
    assert a.max_distance == 31
    assert len(a.farthest) == 2
    assert {text.show(EIGHT, q, sep=" / ") for q in a.farthest} == FARTHEST
    assert sum(a.histogram) == a.states


def test_the_prolog_notes_board_is_22_moves_from_the_goal(eight: Distances) -> None:
    q = text.parse(SHIFTED, EIGHT)
    assert q == sl.EIGHT_EXAMPLES["shifted"]
    assert eight[q] == 22
    ms = hr.astar_solve(EIGHT, q)
    assert ms is not None and len(ms) == 22
    assert replay(EIGHT, q, ms) == EIGHT.goal


@pytest.mark.parametrize(
    ("rows", "cols", "states", "farthest"),
    [(2, 2, 12, 6), (2, 3, 360, 21), (3, 2, 360, 21), (2, 4, 20_160, 36)],
)
def test_small_trays_reach_half_their_boards(
    rows: int, cols: int, states: int, farthest: int
) -> None:
    f = sl.frame(rows, cols)
    a = analyze(sl.puzzle(f), [f.goal], sl.rank(f))
    assert (a.states, a.max_distance) == (states, farthest)


def test_the_rank_is_a_minimal_perfect_hash_of_the_solvable_boards(eight: Distances) -> None:
    assert is_perfect(sl.rank(EIGHT), eight)
    for f in (sl.frame(2, 2), sl.frame(2, 3), sl.frame(3, 2, blank_first=True)):
        assert is_perfect(sl.rank(f), space(f))


SMALL_TRAYS = [sl.frame(2, 2), sl.frame(2, 3), sl.frame(3, 2, True), sl.frame(2, 4)]


@pytest.mark.parametrize("f", SMALL_TRAYS, ids=str)
def test_unrank_lists_every_solvable_board_once_in_the_order_of_its_rank(f: Frame) -> None:
    board, h = sl.unrank(f), sl.rank(f)
    boards = [board(r) for r in range(h.size)]
    assert set(boards) == set(space(f))  # the solvable boards, each once: as many as ranks
    assert all(h.rank(q) == r for r, q in enumerate(boards))


@pytest.mark.parametrize("f", [*SMALL_TRAYS, EIGHT, sl.frame(2, 5)], ids=str)
def test_the_tables_rank_and_unrank_as_the_loops_do(
    f: Frame, monkeypatch: pytest.MonkeyPatch
) -> None:
    tabled, board = sl.rank(f), sl.unrank(f)
    monkeypatch.setattr(Halves, "LIMIT", 0)
    looped, looped_board = sl.rank(f), sl.unrank(f)
    ranks = range(0, tabled.size, max(1, tabled.size // 5000))
    boards = [board(r) for r in ranks]
    assert boards == [looped_board(r) for r in ranks]
    assert tabled.unrank is not None and looped.unrank is not None  # each hash carries its own
    assert boards == list(map(tabled.unrank, ranks)) == list(map(looped.unrank, ranks))
    assert all(tabled.rank(looped_board(r)) == looped.rank(board(r)) == r for r in ranks)


@given(
    st.sampled_from([EIGHT, FIFTEEN, sl.frame(3, 4, True)]).flatmap(
        lambda f: st.tuples(st.just(f), solvable_boards(f))
    )
)
def test_unrank_undoes_rank_on_the_larger_trays(case: tuple[Frame, Board]) -> None:
    f, q = case
    h = sl.rank(f)
    assert h.unrank is not None  # the hash carries its inverse
    assert sl.unrank(f)(h.rank(q)) == h.unrank(h.rank(q)) == q


@pytest.mark.parametrize("f", SMALL_TRAYS[:3], ids=str)
def test_only_the_goal_is_solved(f: Frame) -> None:
    goal = tuple(range(f.size)) if f.blank_first else (*range(1, f.size), 0)
    assert [q for q in permutations(range(f.size)) if sl.solved(f, q)] == [goal]


# --- parity ----------------------------------------------------------------------------------


@pytest.mark.parametrize("f", [sl.frame(2, 2), sl.frame(2, 3), sl.frame(3, 2, True)], ids=str)
def test_parity_says_exactly_which_boards_reach_the_goal_on_small_trays(f: Frame) -> None:
    reachable = space(f)
    for board in permutations(range(f.size)):
        assert sl.solvable(f, board) == (board in reachable)


@settings(max_examples=10 * settings().max_examples)
@given(st.permutations(range(9)))
def test_parity_agrees_with_the_whole_8_puzzle_space(eight: Distances, board: list[int]) -> None:
    assert sl.solvable(EIGHT, tuple(board)) == (tuple(board) in eight)


def test_both_goals_of_the_8_puzzle_lie_in_one_half(eight: Distances) -> None:
    assert sl.frame(3, 3, blank_first=True).goal in eight


@given(frames, st.data())
def test_a_walk_keeps_a_board_solvable_and_a_swap_does_not(f: Frame, data: st.DataObject) -> None:
    q = data.draw(walked(f, 40))
    assert sl.solvable(f, q)
    i, j = data.draw(
        st.lists(
            st.sampled_from([c for c, t in enumerate(q) if t]), min_size=2, max_size=2, unique=True
        )
    )
    swapped = list(q)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    assert not sl.solvable(f, tuple(swapped))


def test_the_prolog_notes_unsolvable_board_is_refused_naming_parity() -> None:
    q = text.parse(UNSOLVABLE_15, FIFTEEN)
    with pytest.raises(sl.UnsolvableError, match="parity"):
        sl.check_solvable(FIFTEEN, q)
    assert issubclass(sl.UnsolvableError, BoardError)
    with pytest.raises(sl.UnsolvableError, match="parity"):
        describe.FIFTEEN_DESCRIPTION.problem(UNSOLVABLE_15)


def test_the_unsolvable_refusal_names_both_parities() -> None:
    q = text.parse(UNSOLVABLE_15, FIFTEEN)
    with pytest.raises(sl.UnsolvableError) as refused:
        sl.check_solvable(FIFTEEN, q)
    assert str(refused.value) == (
        "unsolvable by parity: the tiles are an odd permutation of the goal but the blank is"
        " an even number of steps from its goal cell; every move changes both parities, so"
        " no sequence of moves reaches the goal"
    )


def test_a_tray_of_one_row_or_one_column_is_refused() -> None:
    for rows, cols in ((1, 5), (5, 1), (11, 3)):
        with pytest.raises(BoardError) as refused:
            sl.frame(rows, cols)
        assert (
            str(refused.value) == f"a tray has 2 to 10 rows and 2 to 10 columns, not {rows}x{cols}"
        )


def test_the_command_line_refuses_an_unsolvable_board_in_one_line(capsys: Capture) -> None:
    code = main(["solve", "fifteen", "--board", UNSOLVABLE_15, "--max-states", "10"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1 and "parity" in err


# --- the searches ----------------------------------------------------------------------------


@settings(max_examples=FEW)
@given(solvable_boards())
def test_astar_and_idastar_find_shortest_solutions(eight: Distances, q: Board) -> None:
    e = hr.conflict_estimate(EIGHT)
    lifted = scored(sl.puzzle(EIGHT), e)
    for found in (
        astar(Meter(max_states=STATES).watch(lifted), score(e, q), carried),
        idastar(Meter(max_states=10 * STATES).watch(lifted), score(e, q), carried),
    ):
        assert found is not None and len(found) == eight[q]
        assert replay(EIGHT, q, found) == EIGHT.goal


@settings(max_examples=FEW)
@given(walked())
def test_breadth_first_search_and_deepening_agree_with_astar(eight: Distances, q: Board) -> None:
    puzzle = sl.puzzle(EIGHT)
    bfs = search.bfsolve(Meter(max_states=STATES).watch(puzzle), q)
    deepened = idsolve(Meter(max_states=STATES).watch(puzzle), q, sl.undoes)
    informed = hr.astar_solve(EIGHT, q)
    assert bfs is not None and deepened is not None and informed is not None
    assert len(bfs) == len(deepened) == len(informed) == eight[q]
    for ms in (bfs, deepened, informed):
        assert replay(EIGHT, q, ms) == EIGHT.goal


@settings(max_examples=FEW)
@given(frames.filter(lambda f: f.size <= 12), st.data())
def test_searches_solve_other_trays_and_either_goal(f: Frame, data: st.DataObject) -> None:
    q = data.draw(walked(f, 14))
    shortest = search.bfsolve(Meter(max_states=STATES).watch(sl.puzzle(f)), q)
    e = hr.conflict_estimate(f)
    informed = astar(Meter(max_states=STATES).watch(scored(sl.puzzle(f), e)), score(e, q), carried)
    assert shortest is not None and informed is not None
    assert len(informed) == len(shortest)
    assert replay(f, q, informed) == f.goal


@settings(max_examples=FEW)
@given(frames.filter(lambda f: f.size <= 8), st.data())
def test_bfsolve_finds_a_shortest_solution(f: Frame, data: st.DataObject) -> None:
    q = data.draw(walked(f, 14))
    ms = sl.bfsolve(f, q)
    assert ms is not None and len(ms) == space(f)[q]
    assert replay(f, q, ms) == f.goal


# --- the heuristics --------------------------------------------------------------------------


@settings(max_examples=10 * settings().max_examples)
@given(solvable_boards())
def test_the_heuristics_never_exceed_the_true_distance(eight: Distances, q: Board) -> None:
    assert hr.manhattan(EIGHT, q) <= hr.linear_conflict(EIGHT, q) <= eight[q]
    assert hr.manhattan(EIGHT, q) % 2 == eight[q] % 2


def test_linear_conflict_is_admissible_on_every_2x3_board() -> None:
    for f in (sl.frame(2, 3), sl.frame(3, 2, blank_first=True)):
        for q, d in space(f).items():
            assert hr.linear_conflict(f, q) <= d


@given(frames, st.data())
def test_a_move_changes_the_heuristics_by_their_change(f: Frame, data: st.DataObject) -> None:
    q = data.draw(walked(f, 60))
    for e in (hr.manhattan_estimate(f), hr.conflict_estimate(f)):
        for m in sl.moves(f, q):
            assert e.whole(q) + e.change(q, m) == e.whole(sl.move(q, m))


@pytest.mark.parametrize(
    ("board", "manhattan", "conflicts"),
    [
        ("1 2 3 / 4 5 6 / 7 8 0", 0, 0),
        ("2 1 3 / 4 5 6 / 7 8 0", 2, 2),  # 2 and 1 swap in their own row
        ("3 2 1 / 4 5 6 / 7 8 0", 4, 4),  # 3 2 1: two of the three must leave
        ("4 2 3 / 1 5 6 / 7 8 0", 2, 2),  # 4 over 1 in their own column
        ("0 1 2 / 3 4 5 / 6 7 8", 12, 0),
    ],
)
def test_heuristic_values_worked_out_by_hand(board: str, manhattan: int, conflicts: int) -> None:
    q = text.parse(board, EIGHT)
    assert (hr.manhattan(EIGHT, q), hr.conflicts(EIGHT, q)) == (manhattan, conflicts)


# --- the planner -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "f",
    [
        sl.frame(r, c, first)
        for r, c in [(2, 2), (3, 3), (4, 4), (2, 5), (5, 3)]
        for first in (False, True)
    ],
    ids=str,
)
def test_the_units_fill_every_cell_but_the_blanks_once(f: Frame) -> None:
    cells = [c for u in pl.units(f) for c in u.homes]
    assert sorted(cells) == sorted(set(range(f.size)) - {f.home[0]})
    for u in pl.units(f):
        if u.aside is not None:
            a, b = u.homes
            assert u.aside in f.neighbours[a] and b in f.neighbours[a]


@settings(max_examples=FEW)
@given(solvable_boards())
def test_planning_solves_the_8_puzzle_never_better_than_shortest(
    eight: Distances, q: Board
) -> None:
    meter = Meter(max_states=5_000)
    ms = search.psolve(meter.watch_planner(pl.planner(EIGHT)), q)
    assert ms is not None and len(ms) >= eight[q]
    assert replay(EIGHT, q, ms) == EIGHT.goal


@settings(max_examples=FEW)
@given(frames, st.randoms(use_true_random=False))
def test_planning_solves_random_boards_of_any_tray_fast(f: Frame, rng: Random) -> None:
    q = sl.random_board(f, rng)
    meter = Meter(max_states=20_000)
    ms = search.psolve(meter.watch_planner(pl.planner(f)), q)
    assert ms is not None
    assert replay(f, q, ms) == f.goal


def test_planning_the_15_puzzle_follows_its_plans() -> None:
    """Korf's instance 1: plans succeed, so expansions barely exceed the moves made."""
    f = sl.frame(4, 4, blank_first=True)
    q = text.parse("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", f)
    meter = Meter(max_states=20_000)
    ms = search.psolve(meter.watch_planner(pl.planner(f)), q)
    assert ms is not None and replay(f, q, ms) == f.goal
    assert 57 <= len(ms) <= meter.expanded <= 2 * len(ms)


def test_goal_moves_and_premoves_by_hand() -> None:
    q = text.parse("4 1 3 / 2 0 5 / 7 8 6", EIGHT)
    assert pl.goalmoves(EIGHT, q) == ((1, 0),)
    assert pl.premoves(EIGHT, q, (1, 0)) == [[(2, 4), (4, 3)]]
    assert pl.premoves(EIGHT, q, (1, 8)) == []  # tile 1 is nowhere near cell 8
    assert pl.goalmoves(EIGHT, EIGHT.goal) == ()


# --- the text form ---------------------------------------------------------------------------


@given(frames, st.data(), st.sampled_from(["\n", " / ", "/", " ", "\n\n"]))
def test_show_and_parse_round_trip(f: Frame, data: st.DataObject, sep: str) -> None:
    q = data.draw(walked(f, 30))
    shown = text.show(f, q, sep=sep)
    assert text.parse(shown, f) == q
    if sep != " ":
        assert text.shape_of(shown) == (f.rows, f.cols)


@pytest.mark.parametrize(
    ("board", "says"),
    [
        ("", "holds 9 tiles, the text has 0"),
        ("1 2 3 4 5 6 7 8", "holds 9 tiles, the text has 8"),
        ("1 2 3 / 4 5 6 / 7 8 8", "tile 8 appears twice, and tile 0 not at all"),
        ("1 2 3 / 4 5 6 / 7 8 9", "tile '9' (row 3, tile 3) is too big"),
        ("1 2 3 / 4 x 6 / 7 8 0", "'x' (row 2, tile 2) is not a tile number"),
        ("1 2 3 4 / 5 6 / 7 8 0", "row 1 has 4 tiles"),
        ("1 2 / 3 4 / 5 6 / 7 8 0", "has 3 rows, the text has 4"),
        ("1 2 3 / 4 5 6 / 7 8 -1", "'-1'"),
        ("1 2 3 / 4 5 6 / 7 8 \u00b2", "'\u00b2' (row 3, tile 3) is not a tile number"),
        ("1 2 3 / 4 5 6 / 7 8 \u0663", "is not a tile number"),
        ("1 2 3 / 4 5 6 / 7 8 " + "9" * 5000, "'999999999999...' (5000 characters)"),
    ],
)
def test_bad_boards_say_what_is_wrong_in_one_line(board: str, says: str) -> None:
    with pytest.raises(BoardError) as caught:
        text.parse(board, EIGHT)
    assert says in str(caught.value)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200


def test_the_blank_may_be_written_as_an_underscore_and_tiles_with_leading_zeros() -> None:
    assert text.parse("1 2 3 / 4 5 6 / 7 8 _", EIGHT) == text.parse("1,2,3,4,5,6,7,8,.", EIGHT)
    assert text.parse("01 2 3 / 4 5 6 / 7 8 " + "0" * 5000, EIGHT) == EIGHT.goal


def test_parsing_is_linear_in_the_text() -> None:
    """A million tiles on one line are counted, not checked pair by pair."""
    with pytest.raises(BoardError, match="the text has 1000000"):
        text.parse("1 " * 1_000_000, EIGHT)


@given(frames, st.data())
def test_words_notation_and_json_say_the_tile_and_its_cells(f: Frame, data: st.DataObject) -> None:
    q = data.draw(walked(f, 20))
    for m in sl.moves(f, q):
        t, c = m
        said = text.move_json(f, q, m)
        assert said == {
            "tile": t,
            "from": list(divmod(q.index(t), f.cols)),
            "to": list(divmod(c, f.cols)),
        }
        way = text.direction(f, q, m)
        assert text.words(f, q, m) == f"tile {t} {way}"
        assert text.notation(f, q, m) == f"{t}{way[0].upper()}"


# --- the drawing -----------------------------------------------------------------------------


@given(frames, st.data())
def test_a_drawing_is_svg_with_every_tile_once(f: Frame, data: st.DataObject) -> None:
    q = data.draw(walked(f, 20))
    root = ElementTree.fromstring(draw(f, q))
    tiles = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "tile"]
    assert sorted(int(g.get("data-tile", "0")) for g in tiles) == list(range(1, f.size))
    home = sum(1 for c, t in enumerate(q) if t and f.home[t] == c)
    assert draw(f, q).count('fill="#cfe6c4"') == home


# --- the start with no board -----------------------------------------------------------------


@pytest.mark.parametrize("name", ["eight", "fifteen", "sliding"])
@pytest.mark.parametrize("goal", ["blank-last", "blank-first"])
def test_with_no_board_a_puzzle_starts_from_its_first_example(name: str, goal: str) -> None:
    d = PUZZLES[name]
    first = d.examples[next(iter(d.examples))]
    p = typed(d.problem(d.default_text({"goal": goal}), {"goal": goal}))
    example = typed(d.problem(first))
    assert not p.puzzle.solved(p.start)
    if goal == "blank-last":
        assert p.start == example.start
    solution = d.solve(
        next(iter(d.methods)), d.default_text({"goal": goal}), settings={"goal": goal}
    )
    assert solution.moves is not None
    assert len(solution.moves) == len(d.solve("bfs", first).moves or ())


def test_every_size_starts_from_a_puzzle_its_default_method_solves_in_the_limits() -> None:
    d = PUZZLES["sliding"]
    for rows in range(2, sl.MAX_SIDE + 1):
        for cols in range(2, sl.MAX_SIDE + 1):
            settings = {"size": f"{rows}x{cols}"}
            board = d.default_text(settings)
            assert board == d.default_text(settings)  # the same every time
            solution = d.solve("astar", board, Meter(MAX_STATES, TIMEOUT), settings=settings)
            assert solution.moves, (rows, cols)
    assert d.default_text({"size": "3x4"}) == d.examples["3x4"]


# --- the command line ------------------------------------------------------------------------


def pearls(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main([*argv[:2], "--max-states", "200000", "--timeout", "60", *argv[2:]])
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_eight_as_json_lists_each_state_row_by_row(capsys: Capture) -> None:
    code, out, err = pearls(capsys, "solve", "eight", "--json")
    obj = json.loads(out)
    assert (code, err, obj["method"], obj["length"]) == (0, "", "astar", 22)
    assert obj["states"][0] == [0, 1, 2, 3, 4, 5, 6, 7, 8]
    assert obj["states"][-1] == [1, 2, 3, 4, 5, 6, 7, 8, 0]
    assert len(obj["states"]) == len(obj["moves"]) + 1 == 23
    assert obj["moves"][0] == {"tile": 1, "from": [0, 1], "to": [0, 0]}


def test_words_name_the_tile_and_the_way_it_slides(capsys: Capture) -> None:
    code, out, _ = pearls(capsys, "solve", "eight", "--example", "easy")
    assert code == 0 and "tile 5 up" in out and "tile 8 left" in out
    assert "cell" not in out


@pytest.mark.parametrize("method", ["astar", "idastar", "bfs", "iddfs", "plan"])
def test_every_method_of_the_8_puzzle_on_the_command_line(capsys: Capture, method: str) -> None:
    code, out, _ = pearls(
        capsys, "solve", "eight", "--board", "1 2 3 / 0 4 6 / 7 5 8", "--method", method, "--moves"
    )
    assert (code, out.split()) == (0, ["4L", "5U", "8L"])


def test_solve_fifteen_with_either_goal(capsys: Capture) -> None:
    code, out, _ = pearls(capsys, "solve", "fifteen", "--moves")
    assert (code, out.split()) == (0, ["7U", "11L", "12U"])
    board = "4 1 2 3 / 5 0 6 7 / 8 9 10 11 / 12 13 14 15"
    code, out, _ = pearls(
        capsys, "solve", "fifteen", "--goal", "blank-first", "--board", board, "--moves"
    )
    assert (code, out.split()) == (0, ["5R", "4D"])
    code, out, _ = pearls(capsys, "solve", "fifteen", "--goal", "blank-first", "--moves")
    assert (code, len(out.split())) == (0, 3)


def test_analyze_smaller_trays_and_the_8_puzzle(capsys: Capture) -> None:
    code, out, _ = pearls(capsys, "analyze", "sliding", "--size", "2x3", "--json")
    obj = json.loads(out)
    assert (code, obj["states"], obj["max_distance"]) == (0, 360, 21)
    assert obj["farthest"] == [[4, 5, 0, 1, 2, 3]]


@pytest.mark.parametrize(
    "argv",
    [
        ["fifteen"],
        ["sliding", "--size", "2x7"],
        ["sliding", "--size", "3x5"],
        ["sliding", "--size", "5x5"],
        ["sliding", "--size", "10x10"],
    ],
)
def test_analysing_a_space_too_large_for_its_flags_is_refused_in_one_line(
    capsys: Capture, argv: list[str]
) -> None:
    code = main(["analyze", *argv, "--max-states", "2000", "--max-memory", "1G"])
    out, err = capsys.readouterr()
    assert (code, out) == (3, "")
    assert len(err.splitlines()) == 1 and "positions needs a byte for each" in err


def test_the_refusal_names_the_number_of_boards(capsys: Capture) -> None:
    code = main(["analyze", "sliding", "--size", "2x7", "--max-memory", "1G"])
    out, err = capsys.readouterr()
    assert (code, out) == (3, "")
    assert "an analysis of its 43,589,145,600 positions needs a byte for each" in err


def test_svg_frames_for_a_solution(capsys: Capture, tmp_path: Path) -> None:
    code, _, _ = pearls(capsys, "solve", "eight", "--example", "easy", "--svg", str(tmp_path))
    assert code == 0
    frames_written = sorted(p.name for p in tmp_path.glob("*.svg"))
    assert frames_written == ["000.svg", "001.svg", "002.svg"]
    ElementTree.fromstring((tmp_path / "001.svg").read_text())


@pytest.mark.parametrize(
    "size",
    ["3", "3x", "x4", "1x5", "11x2", "axb", "\u00b2x3", "3x\u0663", "9" * 5000 + "x3", "-3x3"],
)
@pytest.mark.parametrize("command", ["solve", "analyze", "generate"])
def test_a_bad_size_is_one_line_of_bad_input(capsys: Capture, size: str, command: str) -> None:
    board = [] if command == "generate" else ["--board", "1 2 3 0"]
    code = main([command, "sliding", f"--size={size}", *board])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and "--size must be rows x columns" in err
    assert len(err) < 200


def test_patterns_serve_only_4x4_trays(capsys: Capture) -> None:
    assert main(["solve", "eight", "--heuristic", "patterns"]) == 2
    assert "--heuristic patterns serves 4x4 trays" in capsys.readouterr().err


def test_generated_boards_are_solvable_with_their_length(capsys: Capture) -> None:
    code = main(["generate", "eight", "--seed", "3", "--count", "3", "--json"])
    out, _ = capsys.readouterr()
    assert (code, len(out.splitlines())) == (0, 3)
    for line in out.splitlines():
        obj = json.loads(line)
        q = text.parse(obj["board"], EIGHT)
        assert sl.solvable(EIGHT, q)
        ms = hr.astar_solve(EIGHT, q)
        assert ms is not None and obj["length"] == len(ms)
        assert obj["manhattan"] <= obj["conflict"] <= obj["length"]


def test_generation_stops_at_the_limits(capsys: Capture) -> None:
    code = main(["generate", "fifteen", "--count", "100000000", "--max-states", "5", "--json"])
    out, err = capsys.readouterr()
    *made, stopped = map(json.loads, out.splitlines())
    assert (code, len(made), stopped["limit"]) == (3, 5, "states")
    assert "5 states" in err


# --- the package's shape ---------------------------------------------------------------------

PACKAGE = Path(sl.__file__).parent
IO_WORDS = ("open(", "os.environ", "print(", "write_bytes", "read_bytes", "write_text")


def imports(path: Path) -> list[tuple[str, bool]]:
    """The modules a file imports, each with whether the import is inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nested = {
        id(node)
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(fn)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found += [(f"{node.module}.{a.name}", id(node) in nested) for a in node.names]
        elif isinstance(node, ast.Import):
            found += [(a.name, id(node) in nested) for a in node.names]
    return found


def test_the_model_imports_nothing_of_its_package_and_nothing_is_imported_late() -> None:
    model = [name for name, _ in imports(PACKAGE / "__init__.py")]
    assert not [name for name in model if name.startswith("pearls.puzzles.sliding")]
    for path in PACKAGE.glob("*.py"):
        assert not [name for name, late in imports(path) if late], path.name
    assert len((PACKAGE / "__init__.py").read_text(encoding="utf-8").splitlines()) < 400


def test_the_package_does_no_input_or_output() -> None:
    """Files and the console belong to the cache module and the command line."""
    for path in PACKAGE.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert [word for word in IO_WORDS if word in source] == [], path.name
