"""NO-OFF: the Scheme exercises' numbers, checked against a port of their own Scheme.

The yardstick ports ``solve-5``: a board is a list of eight symbols, ``S`` the space,
``*adjacent-slide*`` lists each cell's neighbours, and ``move-piece`` moves a letter into
the space or the bulb along the top row; nothing is shared with
:mod:`pearls.puzzles.nooff`.
"""

from __future__ import annotations

import io
import json
import sys
from collections import Counter, deque
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pearls import search
from pearls.analysis import analyze, is_perfect
from pearls.cli import main
from pearls.deepening import idsolve
from pearls.errors import BoardError
from pearls.limits import Meter
from pearls.puzzles import nooff as no
from pearls.puzzles.nooff import Move, Tray, describe
from pearls.puzzles.nooff import text as tx
from pearls.types import Path, start

Capture = pytest.CaptureFixture[str]

FEW = max(5, settings().max_examples // 6)  # whole searches of up to 540 states, planned

# --- the exercises' program, ported ------------------------------------------------------------

ADJACENT_SLIDE = [[1, 4], [0, 2, 5], [1, 3, 6], [2, 7], [0, 5], [1, 4, 6], [2, 5, 7], [3, 6]]


def make_new_board(board: list[str], s: int, x: int) -> list[str]:
    new = list(board)
    new[s], new[x] = new[x], "S"
    return new


def move_piece(board: list[str], s: int, x: int) -> tuple[int, list[str]] | None:
    """The exercises' ``move-piece``: (new space, new board), or None where the bulb would
    have to move down or up."""
    if board[x] == "L":
        if s < 2:
            return s + 2, make_new_board(board, s, s + 2)
        if s < 4:
            return s - 2, make_new_board(board, s, s - 2)
        return None
    return x, make_new_board(board, s, x)


def program_next(board: str) -> list[str]:
    cells = list(board)
    s = cells.index("S")
    after = (move_piece(cells, s, x) for x in ADJACENT_SLIDE[s])
    return ["".join(new) for found in after if found is not None for _, new in [found]]


def program_distances(start_board: str) -> dict[str, int]:
    """Breadth first from ``start_board``: the distance of every board it reaches."""
    distance = {start_board: 0}
    queue = deque([start_board])
    while queue:
        b = queue.popleft()
        for c in program_next(b):
            if c not in distance:
                distance[c] = distance[b] + 1
                queue.append(c)
    return distance


def program(q: Tray) -> str:
    return q.replace(".", "S")


TO_GOAL = program_distances("LLNOOFFS")  # 540 boards and their distance to the goal
FARTHEST = {"NOLLFOF.", "FNLLOOF.", "OFLLNOF."}  # found here; the exercises draw the third
DRAWN_THIRD = "OFLLNO.F"  # as the stored copy of the exercises' figure draws it: 55 moves away


# --- positions -------------------------------------------------------------------------------

trays = st.integers(0, 539).map(no.unrank)


@st.composite
def near_goal(draw: st.DrawFn, most: int = 24) -> Tray:
    q = no.GOAL
    for _ in range(draw(st.integers(0, most))):
        q = no.move(q, draw(st.sampled_from(no.moves(q))))
    return q


def replay(q: Tray, ms: Sequence[Move]) -> Tray:
    for m in ms:
        assert m in no.moves(q), f"{m} is not legal in {q}"
        q = no.move(q, m)
    return q


# --- the exercises' numbers ----------------------------------------------------------------------


def test_the_port_reproduces_the_exercises_numbers() -> None:
    assert len(TO_GOAL) == 540
    assert max(TO_GOAL.values()) == 56
    assert {b for b, d in TO_GOAL.items() if d == 56} == set(map(program, FARTHEST))
    assert (TO_GOAL[program(no.A)], TO_GOAL[program(no.B)]) == (44, 56)


def test_the_third_farthest_tray_as_drawn_lies_55_moves_away() -> None:
    """The copy of the Scheme exercises draws the third farthest tray with the space left of the
    last F; both models put that tray at 55 moves, one slide from OFLL NOF. at 56."""
    assert TO_GOAL[program(DRAWN_THIRD)] == 55
    shortest = no.bfsolve(DRAWN_THIRD)
    assert shortest is not None and len(shortest) == 55
    assert no.move(DRAWN_THIRD, (7, 6)) == "OFLLNOF."


def test_problem_a_takes_44_moves_and_problem_b_56() -> None:
    for q, length in ((no.A, 44), (no.B, 56)):
        shortest = search.bfsolve(Meter(max_states=1_000).watch(no.puzzle), q)
        assert shortest is not None and len(shortest) == length
        assert replay(q, shortest) == no.GOAL


def test_iterative_deepening_agrees_on_problem_a() -> None:
    found = idsolve(Meter(max_states=200_000).watch(no.puzzle), no.A, no.undoes)
    assert found is not None and len(found) == 44 and replay(no.A, found) == no.GOAL


def test_the_analysis_from_the_goal() -> None:
    a = analyze(Meter(max_states=1_000).watch(no.puzzle), [no.GOAL], no.perfect_hash)
    assert (a.states, a.max_distance, len(a.farthest)) == (540, 56, 3)
    assert set(a.farthest) == FARTHEST
    histogram = Counter(TO_GOAL.values())
    assert a.histogram == tuple(histogram[d] for d in range(57))
    assert analyze(no.puzzle, [no.GOAL]) == a


# --- planning --------------------------------------------------------------------------------


def measured(q: Tray) -> tuple[int, int, int, int]:
    """(psolve's length, its states expanded, bfsolve's length, its states expanded)."""
    planned, plain = Meter(max_states=2_000), Meter(max_states=2_000)
    by_plan = search.psolve(planned.watch_planner(no.planner), q)
    by_bfs = search.bfsolve(plain.watch(no.puzzle), q)
    assert by_plan is not None and by_bfs is not None
    assert replay(q, by_plan) == no.GOAL
    return len(by_plan), planned.expanded, len(by_bfs), plain.expanded


def test_planning_on_the_exercises_problems() -> None:
    """Figures for docs/nooff.md: on A the plan is as short as BFS's and expands fewer
    states; on B it is 8 moves longer, still with fewer states expanded."""
    assert measured(no.A) == (44, 300, 44, 474)
    assert measured(no.B) == (64, 399, 56, 535)


@settings(max_examples=FEW)
@given(trays)
def test_a_plan_replays_and_never_beats_bfs(q: Tray) -> None:
    plan_length, _, shortest, _ = measured(q)
    assert plan_length >= shortest == TO_GOAL[program(q)]


def test_goal_moves_bring_the_bulb_home_first_then_the_letters() -> None:
    assert no.goalmoves("NOLLFOF.") == ((2, 1), (1, 0))
    assert no.goalmoves("LLON.OFF") == ((3, 2),)
    assert no.goalmoves("LLNO.FFO") == ((7, 6), (6, 5), (5, 4))
    assert no.goalmoves(no.GOAL) == ()


@given(trays)
def test_premoves_free_the_cell_a_slide_needs(q: Tray) -> None:
    """Each way is one slide off the cell, away from the planned piece; made, it leaves
    the cell empty."""
    for c in range(8):
        for t in no.ADJACENT[c]:
            ways = no.premoves(q, (c, t))
            if q[t] == ".":
                assert ways == []
            for pms in ways:
                assert len(pms) == 1 and pms[0][1] != c
                if pms[0] in no.moves(q):
                    assert no.move(q, pms[0])[t] == "."


def neighbours(c: int) -> list[int]:
    """The cells beside cell ``c`` of the 2 x 4 tray, from their rows and columns."""
    row, col = divmod(c, 4)
    return [d for d in range(8) if abs(d // 4 - row) + abs(d % 4 - col) == 1]


def test_premoves_offer_every_slide_that_clears_the_cell() -> None:
    """Every single slide that would empty the cell a planned slide needs is offered,
    on all 540 trays: the letter on it to each other neighbour (not back where the
    planned piece comes from), the bulb on it one cell along the top row, whichever
    way leaves that cell (a slide ``(x, y)`` leaves the bulb on ``x`` and ``y``), where
    the row has room."""
    for q in map(no.unrank, range(540)):
        rear = q.index("L")
        for s in range(8):
            for c in neighbours(s):
                if q[s] == ".":
                    expected = []
                elif q[s] == "L":
                    along = [(rear, rear - 1), (rear + 1, rear + 2)]
                    expected = [m for m in along if 0 <= m[1] <= 3 and s not in m]
                else:
                    expected = [(s, d) for d in neighbours(s) if d != c]
                ways = no.premoves(q, (c, s))
                assert all(len(way) == 1 for way in ways)
                assert sorted(way[0] for way in ways) == expected, (q, c, s)


def port_replays(q: Tray, ms: Sequence[Move]) -> bool:
    """Whether ``ms`` goes from ``q`` to the goal by the exercises' own moves, each
    slide one of the trays their ``move-piece`` makes."""
    for m in ms:
        after = no.move(q, m)
        if program(after) not in program_next(program(q)):
            return False
        q = after
    return q == no.GOAL


def test_the_chapters_solvers_solve_the_exercises_problems() -> None:
    """``dfsolve`` and ``psolve`` of the model itself, the chapter's wrappers: depth
    first some solution, planned the 44 and 64 slides measured above, each slide one the
    exercises' port allows."""
    for q, planned in ((no.A, 44), (no.B, 64)):
        found, by_plan = no.dfsolve(q), no.psolve(q)
        assert found is not None and port_replays(q, found)
        assert by_plan is not None and port_replays(q, by_plan)
        assert len(by_plan) == planned


# --- the rule --------------------------------------------------------------------------------


@given(trays)
def test_moves_agree_with_the_exercises_move_piece(q: Tray) -> None:
    assert sorted(program(no.move(q, m)) for m in no.moves(q)) == sorted(program_next(program(q)))


@given(trays)
def test_every_slide_can_be_undone(q: Tray) -> None:
    for m in no.moves(q):
        after = no.move(q, m)
        undo = [n for n in no.moves(after) if no.move(after, n) == q]
        assert len(undo) == 1
        first: Path[Tray, Move] = start(q)
        path = Path(first.history.cons(m), after)
        assert [n for n in no.moves(after) if no.undoes(path, n)] == undo


@given(trays)
def test_the_bulb_stays_on_the_top_row(q: Tray) -> None:
    for m in no.moves(q):
        after = no.move(q, m)
        assert after.count("L") == 2 and "LL" in after[:4]


# --- ranks -----------------------------------------------------------------------------------


def test_the_rank_is_a_minimal_perfect_hash_of_the_540_trays() -> None:
    everything = [no.unrank(r) for r in range(540)]
    assert is_perfect(no.perfect_hash, everything)
    assert {program(q) for q in everything} == set(TO_GOAL)
    assert all(no.rank(q) == r for r, q in enumerate(everything))


@given(trays)
def test_rank_round_trips(q: Tray) -> None:
    assert no.unrank(no.rank(q)) == q
    assert tx.parse(tx.show(q)) == q


# --- solvers from random positions -----------------------------------------------------------


@settings(max_examples=FEW)
@given(near_goal())
def test_bfs_and_iterative_deepening_agree_and_are_shortest(q: Tray) -> None:
    shortest = search.bfsolve(Meter(max_states=1_000).watch(no.puzzle), q)
    deepened = idsolve(Meter(max_states=300_000).watch(no.puzzle), q, no.undoes)
    assert shortest is not None and deepened is not None
    assert len(shortest) == len(deepened) == TO_GOAL[program(q)]
    assert replay(q, shortest) == replay(q, deepened) == no.GOAL


@given(trays)
def test_dfs_finds_a_solution_that_replays(q: Tray) -> None:
    found = search.dfsolve(Meter(max_states=1_000).watch(no.puzzle), q)
    assert found is not None and replay(q, found) == no.GOAL


# --- text form -------------------------------------------------------------------------------


@given(trays, st.sampled_from(["\n", " ", "", "\r\n"]))
def test_show_reads_back(q: Tray, sep: str) -> None:
    assert tx.parse(tx.show(q, sep=sep)) == q


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("LLON OFF", "8 cells (2 rows of 4), this text has 7"),
        ("LLON OFF.FF", "this text has 10"),
        ("LLON OFx.", "unknown character 'x' at row 2, column 3"),
        ("llon off.", "unknown character 'l' at row 1, column 1"),
        ("LLNN OFF.", "has 2 'N' and 1 'O'"),
        ("LLON OFFF", "has 3 'F' and 0 '.'"),
        ("LONL OFF.", "the bulb LL must fill two neighbouring cells of the top row"),
        ("NOOF LLF.", "the bulb LL must fill two neighbouring cells of the top row"),
    ],
)
def test_a_bad_tray_is_a_board_error(text: str, says: str) -> None:
    with pytest.raises(BoardError, match=says.replace("(", r"\(").replace(")", r"\)")):
        tx.parse(text)


# --- the command line ------------------------------------------------------------------------


def run(capsys: Capture, *argv: str) -> dict[str, object]:
    code = main([*argv, "--json", "--max-states", "300000", "--timeout", "60"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    obj = json.loads(out)
    assert isinstance(obj, dict)
    return obj


@pytest.mark.parametrize(
    ("example", "method", "length"),
    [
        ("on-off", "bfs", 44),
        ("farthest", "bfs", 56),
        ("on-off", "iddfs", 44),
        ("on-off", "plan", 44),
        ("farthest", "plan", 64),
    ],
)
def test_the_cli_solves_the_exercises_problems(
    capsys: Capture, example: str, method: str, length: int
) -> None:
    obj = run(capsys, "solve", "nooff", "--example", example, "--method", method)
    assert obj["length"] == length
    states = obj["states"]
    assert isinstance(states, list) and len(states) == length + 1
    assert states[0] == describe.DESCRIPTION.examples[example]
    assert states[-1] == "LLNO OFF."
    moves = obj["moves"]
    assert isinstance(moves, list)
    q = tx.parse(states[0])
    for shown, after in zip(moves, states[1:], strict=True):
        assert isinstance(shown, dict) and set(shown) == {"piece", "from", "to"}
        (r0, c0), (r1, c1) = shown["from"], shown["to"]
        q = no.move(q, (4 * r0 + c0, 4 * r1 + c1))
        assert tx.show(q, sep=" ") == after


@pytest.mark.parametrize(
    ("tray", "m", "said", "short", "shown"),
    [
        ("LLONOFF.", (3, 7), "N down (row 1, column 4 to row 2, column 4)", "Nv", [[0, 3], [1, 3]]),
        (
            "LLONOFF.",
            (6, 7),
            "F right (row 2, column 3 to row 2, column 4)",
            "F>",
            [[1, 2], [1, 3]],
        ),
        (
            "LLO.OFFN",
            (2, 3),
            "O right (row 1, column 3 to row 1, column 4)",
            "O>",
            [[0, 2], [0, 3]],
        ),
        ("LL.NOOFF", (6, 2), "F up (row 2, column 3 to row 1, column 3)", "F^", [[1, 2], [0, 2]]),
        ("LL.NOOFF", (1, 2), "bulb right (to row 1, columns 2 and 3)", "L>", [[0, 1], [0, 2]]),
        ("N.LLOOFF", (2, 1), "bulb left (to row 1, columns 2 and 3)", "L<", [[0, 2], [0, 1]]),
    ],
)
def test_moves_are_said_by_rows_and_columns(
    tray: Tray, m: Move, said: str, short: str, shown: list[list[int]]
) -> None:
    """Words count rows and columns from 1, JSON from 0; no cell numbers."""
    assert m in no.moves(tray)
    assert (tx.words(tray, m), tx.notation(tray, m)) == (said, short)
    piece = "bulb" if tray[m[0]] == "L" else tray[m[0]]
    assert tx.move_json(tray, m) == {"piece": piece, "from": shown[0], "to": shown[1]}


@pytest.mark.parametrize("size", [1_000_000, 3_000_000])
def test_megabytes_of_tray_text_are_one_line_errors(capsys: Capture, size: int) -> None:
    huge = "LLONOFF." * (size // 8)
    with pytest.raises(BoardError, match=f"8 cells \\(2 rows of 4\\), this text has {size:,}"):
        tx.parse(huge)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "stdin", io.StringIO(huge))
        assert main(["solve", "nooff", "--board", "-"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and len(err) < 200


def test_the_cli_takes_a_board(capsys: Capture) -> None:
    assert run(capsys, "solve", "nooff", "--board", "LLON\nOFF.")["length"] == 44


def test_the_cli_analyses_from_the_goal(capsys: Capture) -> None:
    obj = run(capsys, "analyze", "nooff", "--example", "goal")
    assert (obj["states"], obj["max_distance"]) == (540, 56)
    farthest = obj["farthest"]
    assert isinstance(farthest, list)
    assert sorted(farthest) == sorted(tx.show(q, sep=" ") for q in FARTHEST)


def test_the_examples_and_the_drawing() -> None:
    d = describe.DESCRIPTION
    assert dict(d.examples) == {"on-off": "LLON OFF.", "farthest": "NOLL FOF.", "goal": "LLNO OFF."}
    picture = d.drawing("NOLL FOF.")
    assert picture is not None and picture.startswith("<svg")
    assert picture.count('class="tile"') == 5 and picture.count('class="bulb"') == 1
