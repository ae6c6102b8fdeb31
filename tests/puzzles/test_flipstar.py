"""Flip It Star: the Flip It Star program's numbers, checked against a second model of its C.

The yardstick ports the program literally: its jump table ``move_pattern_table``
(space -> line number and piece, pairs), its ``line`` table and ``move_piece``, and its
``hash_value``, on boards written as strings of ``S``, ``B`` and ``W``; nothing is
shared with :mod:`pearls.puzzles.flipit`.  The program's printed solution and its 24
farthest positions are transcribed from its figures.
"""

from __future__ import annotations

import json
from collections import Counter, deque
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pearls import search
from pearls.analysis import analyze, is_perfect, levels
from pearls.cli import main
from pearls.deepening import idsolve
from pearls.limits import Meter
from pearls.puzzles import flipit as fl
from pearls.puzzles.flipit import STAR, Move, Position, describe
from pearls.puzzles.flipit import text as tx

Capture = pytest.CaptureFixture[str]

FEW = max(5, settings().max_examples // 6)  # whole searches of up to 24,576 states

START = ".BBBBBBBBBBB"  # the program's problem: all black, the space at the top, position 0
# The program's 18-move answer, after each move (its figure, 1 = black, 2 = white, 0 = space).
PROGRAM_ANSWER = [
    "BBWBBWB.BBBB", "BB.BBBBWBBBB", "BBBW.BBWBBBB", "BBBWBBWWBWB.", "BBBWBB.WBBBW",
    ".BBBBBBWBBBW", "WBWBBWB.BBBW", "WB.BBBBWBBBW", "WBBW.BBWBBBW", "WBBWWBWWBWB.",
    "W.BWWWWWWWBB", "WWW.WWWWWWBB", "WWWBWWBWWW.B", ".WWWWWWWWWWB", "WWBWW.WWWWWB",
    "WWBWWBWWBWW.", "W.BWWWWWWWWW", "WWW.WWWWWWWW",
]  # fmt: skip
# The program's 24 positions farthest (21 moves) from every piece white, from its figure.
PROGRAM_FARTHEST = [
    "BB.WBWBBBWBB", ".BWWBBBBWWBB", "BBW.BBWBWBBB", "BBBWBWBBB.BB", "BBWBB.WBWBBB",
    "BBWBBBWBW.BB", "B.WBBWWBBWBB", "BBWBBWWBBW.B", "BBBWBBW.BBBB", ".BBBBBBBWWBB",
    "BBBWBW.BBWBB", "BBBWBWW.WBBB", "BBWBBWBBBB.B", "BBWWBBBBWWB.", "BBBB.WBBWBBB",
    "B.BBBBWBBWBB", "BBBWBWBB.WBB", "BBBW.WWBWBBB", "BBWWBBBBBBB.", "BBWBBBWB.BBB",
    "BB.BBBWBWBBB", "BBBWB.BBBWBB", "BBB.BWBBBWBB", "BBWBBB.BWBBB",
]  # fmt: skip

# --- the program, ported ------------------------------------------------------------

MOVE_PATTERN_TABLE = [
    [0, 5, 0, 7, 1, 6, 1, 10], [3, 3, 3, 4, 4, 8, 4, 11], [0, 7, 3, 4], [1, 10, 3, 1],
    [3, 1, 3, 2, 5, 9, 5, 11], [0, 0, 4, 11], [1, 0, 5, 11], [0, 0, 0, 2, 2, 9, 2, 10],
    [2, 10, 4, 1], [2, 7, 5, 4], [1, 0, 1, 3, 2, 7, 2, 8], [4, 1, 4, 5, 5, 4, 5, 6],
]  # fmt: skip
LINE = [[0, 2, 5, 7], [0, 3, 6, 10], [7, 8, 9, 10], [1, 2, 3, 4], [1, 5, 8, 11], [4, 6, 9, 11]]


def move_piece(board: str, l: int, p1: int, p2: int) -> str:  # noqa: E741 (the program's name)
    """The program's ``move_piece``: swap p1 and p2, turn what lies between on line l."""
    cells = list(board)
    cells[p1], cells[p2] = cells[p2], cells[p1]
    p1, p2 = min(p1, p2), max(p1, p2)
    for p3 in LINE[l]:
        if p1 < p3 < p2:
            cells[p3] = "W" if cells[p3] == "B" else "B"
    return "".join(cells)


def program_moves(board: str) -> list[tuple[int, int, str]]:
    """(line, piece, board after) for each jump the program's table allows."""
    space = board.index("S")
    table = MOVE_PATTERN_TABLE[space]
    return [
        (l, p, move_piece(board, l, space, p))
        for l, p in zip(table[::2], table[1::2], strict=True)  # noqa: E741
    ]


def hash_value(board: str) -> int:
    """The program's minimal perfect hash: ``2048 * space + value``."""
    value = 0
    for c in board:
        if c != "S":
            value = value * 2 + (c == "B")
    return 2048 * board.index("S") + value


def program_text(text: str) -> str:
    return text.replace(".", "S")


def program_distances(starts: Sequence[str]) -> dict[str, int]:
    """The program's ``solve_breadth``: the distance of every board from ``starts``."""
    distance = dict.fromkeys(starts, 0)
    queue = deque(starts)
    while queue:
        b = queue.popleft()
        for _, _, c in program_moves(b):
            if c not in distance:
                distance[c] = distance[b] + 1
                queue.append(c)
    return distance


GOALS = ["W" * s + "S" + "W" * (11 - s) for s in range(12)]
TO_SOLVED = program_distances(GOALS)  # 24,576 boards, each with its distance to the nearest goal
HALF = set(program_distances([program_text(START)]))  # the 12,288 boards all black reaches


def text(q: Position) -> str:
    return tx.show(STAR, q, sep="")


# --- positions -------------------------------------------------------------------------------

positions = st.integers(0, 12 * 2048 - 1).map(lambda r: fl.unrank(STAR, r))


@st.composite
def near_solved(draw: st.DrawFn, most: int = 9) -> Position:
    """A position reached by a random walk of up to ``most`` moves from a solved one."""
    q = draw(st.sampled_from(fl.goals(STAR)))
    for _ in range(draw(st.integers(0, most))):
        q = fl.move(STAR, q, draw(st.sampled_from(fl.moves(STAR, q))))
    return q


def replay(q: Position, ms: Sequence[Move]) -> Position:
    for m in ms:
        assert m in fl.moves(STAR, q), f"{m} is not legal in {text(q)}"
        q = fl.move(STAR, q, m)
    return q


# --- the program's numbers ----------------------------------------------------------------------


def test_the_port_reproduces_the_programs_own_numbers() -> None:
    assert len(TO_SOLVED) == 24_576
    assert max(TO_SOLVED.values()) == 21
    farthest = sorted(b for b, d in TO_SOLVED.items() if d == 21)
    assert farthest == sorted(map(program_text, PROGRAM_FARTHEST))
    assert TO_SOLVED[program_text(START)] == 18


def test_bfsolve_takes_18_moves_from_all_black() -> None:
    q = tx.parse(STAR, START)
    meter = Meter(max_states=50_000)
    shortest = search.bfsolve(meter.watch(fl.puzzle(STAR)), q)
    assert shortest is not None and len(shortest) == 18
    assert fl.solved(replay(q, shortest))
    assert meter.expanded == 10_800


def test_the_analysis_from_the_12_solved_positions() -> None:
    a = analyze(fl.puzzle(STAR), fl.goals(STAR), fl.perfect_hash(STAR))
    assert a.states == 24_576
    assert a.max_distance == 21
    assert len(a.farthest) == 24
    assert sorted(map(text, a.farthest)) == sorted(PROGRAM_FARTHEST)
    histogram = Counter(TO_SOLVED.values())
    assert a.histogram == tuple(histogram[d] for d in range(22))


def test_the_analysis_by_set_and_by_rank_agree() -> None:
    by_rank = list(levels(fl.puzzle(STAR), fl.goals(STAR), fl.perfect_hash(STAR)))
    by_set = list(levels(fl.puzzle(STAR), fl.goals(STAR)))
    assert by_rank == by_set


def test_one_start_reaches_half_the_positions_a_parity_keeps_the_rest_apart() -> None:
    """A jump over one piece moves the space between a tip and an inner point and turns
    one piece; a jump over two keeps the space on the tips and turns two: so black pieces
    plus one for a space on an inner point keep their parity."""
    inner = {2, 3, 5, 6, 8, 9}
    half = [q for level in levels(fl.puzzle(STAR), [tx.parse(STAR, START)]) for q in level]
    assert len(half) == 12_288
    assert {(bin(q.black).count("1") + (q.space in inner)) % 2 for q in half} == {1}
    assert sorted(g.space for g in fl.goals(STAR) if g in set(half)) == sorted(inner)


# --- the rule --------------------------------------------------------------------------------


def test_the_jumps_are_the_programs_table_in_its_order() -> None:
    for s in range(12):
        pieces = MOVE_PATTERN_TABLE[s][1::2]
        assert fl.moves(STAR, Position(s, 0)) == tuple((p, s) for p in pieces)


@given(positions)
def test_move_agrees_with_the_programs_move_piece(q: Position) -> None:
    after = [program_text(text(fl.move(STAR, q, m))) for m in fl.moves(STAR, q)]
    assert after == [b for _, _, b in program_moves(program_text(text(q)))]


@given(positions)
def test_every_jump_is_undone_by_jumping_straight_back(q: Position) -> None:
    for p, s in fl.moves(STAR, q):
        after = fl.move(STAR, q, (p, s))
        assert (s, p) in fl.moves(STAR, after)
        assert fl.move(STAR, after, (s, p)) == q


# --- ranks -----------------------------------------------------------------------------------


def test_the_rank_is_the_programs_minimal_perfect_hash() -> None:
    h = fl.perfect_hash(STAR)
    everything = [fl.unrank(STAR, r) for r in range(h.size)]
    assert h.size == 24_576
    assert is_perfect(h, everything)
    assert all(hash_value(program_text(text(q))) == r for r, q in enumerate(everything))


@given(positions)
def test_rank_round_trips(q: Position) -> None:
    assert fl.unrank(STAR, fl.rank(STAR, q)) == q
    assert fl.rank(STAR, q) == hash_value(program_text(text(q)))


# --- solvers from random positions -----------------------------------------------------------


@given(near_solved())
def test_bfs_and_iterative_deepening_agree_and_are_shortest(q: Position) -> None:
    shortest = search.bfsolve(Meter(max_states=30_000).watch(fl.puzzle(STAR)), q)
    deepened = idsolve(Meter(max_states=100_000).watch(fl.puzzle(STAR)), q, fl.undoes)
    assert shortest is not None and deepened is not None
    assert len(shortest) == len(deepened) == TO_SOLVED[program_text(text(q))]
    assert fl.solved(replay(q, shortest)) and fl.solved(replay(q, deepened))


@settings(max_examples=FEW)
@given(positions)
def test_every_position_is_solved_by_bfs_in_the_fewest_moves(q: Position) -> None:
    shortest = search.bfsolve(Meter(max_states=30_000).watch(fl.puzzle(STAR)), q)
    assert shortest is not None and len(shortest) == TO_SOLVED[program_text(text(q))]
    assert fl.solved(replay(q, shortest))


# --- text form -------------------------------------------------------------------------------


def test_the_star_is_shown_as_drawn_by_the_program() -> None:
    assert tx.show(STAR, tx.parse(STAR, START)).splitlines() == [
        "   .",
        "B B B B",
        " B   B",
        "B B B B",
        "   B",
    ]


@given(positions, st.sampled_from(["\n", " ", "\r\n"]))
def test_show_reads_back(q: Position, sep: str) -> None:
    assert tx.parse(STAR, tx.show(STAR, q, sep=sep)) == q
    assert tx.parse(STAR, tx.show(STAR, q, sep="")) == q


# --- the command line ------------------------------------------------------------------------


def run(capsys: Capture, *argv: str) -> dict[str, object]:
    code = main([*argv, "--json", "--max-states", "5000000", "--timeout", "110"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    obj = json.loads(out)
    assert isinstance(obj, dict)
    return obj


def test_the_cli_solves_the_star_in_18_moves_by_bfs(capsys: Capture) -> None:
    obj = run(capsys, "solve", "flipstar")
    assert obj["length"] == 18
    states = obj["states"]
    assert isinstance(states, list) and len(states) == 19
    assert states[0] == START and set(states[-1]) == {".", "W"}


@pytest.mark.slow
def test_the_cli_solves_the_star_in_18_moves_by_iterative_deepening(capsys: Capture) -> None:
    """The program's iterative deepening, with its prune, and its answer move for move:
    the jumps are tried in its order, so the first answer found is its own.
    The slowest test here (1,424,749 states expanded, about 10 s), run by ``make fuzz``,
    whose laws run the same search and hold it to 18 moves; ``make test``'s laws run it
    from a board 14 moves from the goal (``tests/laws.py``)."""
    obj = run(capsys, "solve", "flipstar", "--method", "iddfs")
    assert obj["length"] == 18
    assert obj["states"] == [START, *PROGRAM_ANSWER]


def test_the_cli_analyses_from_a_start(capsys: Capture) -> None:
    obj = run(capsys, "analyze", "flipstar", "--example", "all-black", "--from-start")
    distance = program_distances([program_text(START)])
    far = max(distance.values())
    assert (obj["states"], obj["max_distance"]) == (12_288, 22) == (len(distance), far)
    farthest = obj["farthest"]
    assert isinstance(farthest, list)
    assert sorted(map(program_text, farthest)) == sorted(b for b, d in distance.items() if d == far)


def test_the_examples() -> None:
    d = describe.STAR_DESCRIPTION
    assert "".join(d.examples["all-black"].split()) == START
    assert "".join(d.examples["farthest"].split()) in PROGRAM_FARTHEST
    picture = d.drawing(d.examples["all-black"])
    assert picture is not None and picture.count('class="piece black"') == 11


def component_of(board: str) -> dict[str, int]:
    """The distances a plain search (the port's) measures in ``board``'s component: from
    the solved positions in it, found by a search from the board."""
    within = [b for b in program_distances([program_text(board)]) if "B" not in b]
    return program_distances(within)


def test_the_command_line_analyses_the_boards_own_component(capsys: Capture) -> None:
    """The program's start reaches 12,288 positions, 6 of them solved; measured from
    those, the farthest lie 21 moves away, 18 of them, as the port measures."""
    distance = component_of(START)
    histogram = Counter(distance.values())
    assert (len(distance), max(distance.values()), histogram[21]) == (12_288, 21, 18)
    assert sum("B" not in b for b in distance) == 6
    for argv in (
        ["analyze", "flipstar"],
        ["analyze", "flipstar", "--example", "all-black", "--from-goals"],
        ["analyze", "flipstar", "--board", START],
    ):
        obj = run(capsys, *argv)
        assert (obj["from"], obj["states"], obj["max_distance"]) == ("goals", 12_288, 21)
        assert obj["histogram"] == [histogram[d] for d in range(22)]
        farthest = obj["farthest"]
        assert isinstance(farthest, list)
        assert sorted(map(program_text, farthest)) == sorted(
            b for b, d in distance.items() if d == 21
        )
    assert main(["analyze", "flipstar", "--from-start", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["states"] == 12_288


def test_the_farthest_example_is_21_moves_from_its_solved_positions(capsys: Capture) -> None:
    far = "".join(describe.STAR_DESCRIPTION.examples["farthest"].split())
    distance = component_of(far)
    assert distance[program_text(far)] == 21
    obj = run(capsys, "analyze", "flipstar", "--example", "farthest")
    assert (obj["states"], obj["max_distance"]) == (len(distance), 21)


# --- the two halves of the star ----------------------------------------------------------------


def test_each_parity_is_one_component_of_12288_positions() -> None:
    for goal in fl.goals(STAR):
        reached = [q for level in levels(fl.puzzle(STAR), [goal]) for q in level]
        assert len(reached) == 12_288
        assert {fl.star_parity(q) for q in reached} == {fl.star_parity(goal)}


def test_the_parity_counts_the_black_pieces_and_an_inner_space() -> None:
    """The invariant as its docstring defines it, not only up to a flip of every value:
    the black pieces, plus one for the space on an inner point, mod 2."""
    assert [fl.star_parity(Position(0, 0b1110)), fl.star_parity(Position(2, 0b1011))] == [1, 0]
    assert [fl.star_parity(Position(3, 0)), fl.star_parity(Position(4, 0))] == [1, 0]


@given(positions)
def test_the_star_goals_are_the_solved_positions_within_reach(q: Position) -> None:
    board = program_text(text(q))
    component = HALF if board in HALF else set(TO_SOLVED) - HALF
    within = {b for b in component if "B" not in b}
    assert {program_text(text(g)) for g in fl.star_goals(q)} == within
    assert len(within) == 6


# --- planning ---------------------------------------------------------------------------------


def measured(board: str) -> tuple[int, int, int, int]:
    """(psolve's length, its states expanded, bfsolve's length, its states expanded)."""
    q = tx.parse(STAR, board)
    planned, plain = Meter(), Meter()
    by_plan = search.psolve(planned.watch_planner(fl.planner(STAR)), q)
    by_bfs = search.bfsolve(plain.watch(fl.puzzle(STAR)), q)
    assert by_plan is not None and by_bfs is not None
    assert fl.solved(replay(q, by_plan))
    return len(by_plan), planned.expanded, len(by_bfs), plain.expanded


def test_planning_on_the_examples() -> None:
    """Figures for docs/flipit.md: from all black 23 moves for 2,367 states against 18
    for 10,800; from the farthest example, 21 (the fewest) for 2,706 against 12,187."""
    assert measured(START) == (23, 2_367, 18, 10_800)
    assert measured(PROGRAM_FARTHEST[0]) == (21, 2_706, 21, 12_187)


@settings(max_examples=FEW)
@given(near_solved(most=20))
def test_a_plan_replays_and_never_beats_bfs(q: Position) -> None:
    planned = search.psolve(Meter(max_states=30_000).watch_planner(fl.planner(STAR)), q)
    assert planned is not None and fl.solved(replay(q, planned))
    assert len(planned) >= TO_SOLVED[program_text(text(q))]


@given(positions)
def test_goal_moves_gain_and_premoves_lead_the_space_to_them(q: Position) -> None:
    """Each goal move would whiten more pieces than it blackens, and every plan grown for
    it replays, the space brought to where the jump lands."""
    board = text(q)
    for m in fl.goalmoves(STAR, q):
        over = [board[c] for c in fl.jumped(STAR, m)]
        assert over.count("B") > over.count("W") and "." not in over and board[m[0]] != "."
        for plan in fl.planner(STAR).newplans(q, (m,)):
            assert plan[-1] == m
            replay(q, plan)
