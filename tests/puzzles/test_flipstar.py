"""Flip It Star: seed 000's numbers, checked against a second model of the seed's own C.

The yardstick ports the seed's program literally: its jump table ``move_pattern_table``
(space -> line number and piece, pairs), its ``line`` table and ``move_piece``, and its
``hash_value``, on boards written as strings of ``S``, ``B`` and ``W``; nothing is
shared with :mod:`pearls.puzzles.flipit`.  The seed's printed solution and its 24
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
from pearls.puzzles.flipit import STAR, Move, Position

Capture = pytest.CaptureFixture[str]

FEW = max(5, settings().max_examples // 6)  # whole searches of up to 24,576 states

START = ".BBBBBBBBBBB"  # the seed's problem: all black, the space at the top, position 0
# The seed's 18-move answer, after each move (its figure, 1 = black, 2 = white, 0 = space).
SEED_ANSWER = [
    "BBWBBWB.BBBB", "BB.BBBBWBBBB", "BBBW.BBWBBBB", "BBBWBBWWBWB.", "BBBWBB.WBBBW",
    ".BBBBBBWBBBW", "WBWBBWB.BBBW", "WB.BBBBWBBBW", "WBBW.BBWBBBW", "WBBWWBWWBWB.",
    "W.BWWWWWWWBB", "WWW.WWWWWWBB", "WWWBWWBWWW.B", ".WWWWWWWWWWB", "WWBWW.WWWWWB",
    "WWBWWBWWBWW.", "W.BWWWWWWWWW", "WWW.WWWWWWWW",
]  # fmt: skip
# The seed's 24 positions farthest (21 moves) from every piece white, from its figure.
SEED_FARTHEST = [
    "BB.WBWBBBWBB", ".BWWBBBBWWBB", "BBW.BBWBWBBB", "BBBWBWBBB.BB", "BBWBB.WBWBBB",
    "BBWBBBWBW.BB", "B.WBBWWBBWBB", "BBWBBWWBBW.B", "BBBWBBW.BBBB", ".BBBBBBBWWBB",
    "BBBWBW.BBWBB", "BBBWBWW.WBBB", "BBWBBWBBBB.B", "BBWWBBBBWWB.", "BBBB.WBBWBBB",
    "B.BBBBWBBWBB", "BBBWBWBB.WBB", "BBBW.WWBWBBB", "BBWWBBBBBBB.", "BBWBBBWB.BBB",
    "BB.BBBWBWBBB", "BBBWB.BBBWBB", "BBB.BWBBBWBB", "BBWBBB.BWBBB",
]  # fmt: skip

# --- the seed's program, ported ------------------------------------------------------------

MOVE_PATTERN_TABLE = [
    [0, 5, 0, 7, 1, 6, 1, 10], [3, 3, 3, 4, 4, 8, 4, 11], [0, 7, 3, 4], [1, 10, 3, 1],
    [3, 1, 3, 2, 5, 9, 5, 11], [0, 0, 4, 11], [1, 0, 5, 11], [0, 0, 0, 2, 2, 9, 2, 10],
    [2, 10, 4, 1], [2, 7, 5, 4], [1, 0, 1, 3, 2, 7, 2, 8], [4, 1, 4, 5, 5, 4, 5, 6],
]  # fmt: skip
LINE = [[0, 2, 5, 7], [0, 3, 6, 10], [7, 8, 9, 10], [1, 2, 3, 4], [1, 5, 8, 11], [4, 6, 9, 11]]


def move_piece(board: str, l: int, p1: int, p2: int) -> str:  # noqa: E741 (the seed's name)
    """The seed's ``move_piece``: swap p1 and p2, turn what lies between on line l."""
    cells = list(board)
    cells[p1], cells[p2] = cells[p2], cells[p1]
    p1, p2 = min(p1, p2), max(p1, p2)
    for p3 in LINE[l]:
        if p1 < p3 < p2:
            cells[p3] = "W" if cells[p3] == "B" else "B"
    return "".join(cells)


def seed_moves(board: str) -> list[tuple[int, int, str]]:
    """(line, piece, board after) for each jump the seed's table allows."""
    space = board.index("S")
    table = MOVE_PATTERN_TABLE[space]
    return [
        (l, p, move_piece(board, l, space, p))
        for l, p in zip(table[::2], table[1::2], strict=True)  # noqa: E741
    ]


def hash_value(board: str) -> int:
    """The seed's minimal perfect hash: ``2048 * space + value``."""
    value = 0
    for c in board:
        if c != "S":
            value = value * 2 + (c == "B")
    return 2048 * board.index("S") + value


def seed_text(text: str) -> str:
    return text.replace(".", "S")


def seed_distances(starts: Sequence[str]) -> dict[str, int]:
    """The seed's ``solve_breadth``: the distance of every board from ``starts``."""
    distance = dict.fromkeys(starts, 0)
    queue = deque(starts)
    while queue:
        b = queue.popleft()
        for _, _, c in seed_moves(b):
            if c not in distance:
                distance[c] = distance[b] + 1
                queue.append(c)
    return distance


GOALS = ["W" * s + "S" + "W" * (11 - s) for s in range(12)]
TO_SOLVED = seed_distances(GOALS)  # 24,576 boards, each with its distance to the nearest goal


def text(q: Position) -> str:
    return fl.show(STAR, q, sep="")


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


# --- the seed's numbers ----------------------------------------------------------------------


def test_the_port_reproduces_the_seeds_own_numbers() -> None:
    assert len(TO_SOLVED) == 24_576
    assert max(TO_SOLVED.values()) == 21
    farthest = sorted(b for b, d in TO_SOLVED.items() if d == 21)
    assert farthest == sorted(map(seed_text, SEED_FARTHEST))
    assert TO_SOLVED[seed_text(START)] == 18


def test_bfsolve_takes_18_moves_from_all_black() -> None:
    q = fl.parse(STAR, START)
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
    assert sorted(map(text, a.farthest)) == sorted(SEED_FARTHEST)
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
    half = [q for level in levels(fl.puzzle(STAR), [fl.parse(STAR, START)]) for q in level]
    assert len(half) == 12_288
    assert {(bin(q.black).count("1") + (q.space in inner)) % 2 for q in half} == {1}
    assert sorted(g.space for g in fl.goals(STAR) if g in set(half)) == sorted(inner)


# --- the rule --------------------------------------------------------------------------------


def test_the_jumps_are_the_seeds_table_in_its_order() -> None:
    for s in range(12):
        pieces = MOVE_PATTERN_TABLE[s][1::2]
        assert fl.moves(STAR, Position(s, 0)) == tuple((p, s) for p in pieces)


@given(positions)
def test_move_agrees_with_the_seeds_move_piece(q: Position) -> None:
    after = [seed_text(text(fl.move(STAR, q, m))) for m in fl.moves(STAR, q)]
    assert after == [b for _, _, b in seed_moves(seed_text(text(q)))]


@given(positions)
def test_every_jump_is_undone_by_jumping_straight_back(q: Position) -> None:
    for p, s in fl.moves(STAR, q):
        after = fl.move(STAR, q, (p, s))
        assert (s, p) in fl.moves(STAR, after)
        assert fl.move(STAR, after, (s, p)) == q


# --- ranks -----------------------------------------------------------------------------------


def test_the_rank_is_the_seeds_minimal_perfect_hash() -> None:
    h = fl.perfect_hash(STAR)
    everything = [fl.unrank(STAR, r) for r in range(h.size)]
    assert h.size == 24_576
    assert is_perfect(h, everything)
    assert all(hash_value(seed_text(text(q))) == r for r, q in enumerate(everything))


@given(positions)
def test_rank_round_trips(q: Position) -> None:
    assert fl.unrank(STAR, fl.rank(STAR, q)) == q
    assert fl.rank(STAR, q) == hash_value(seed_text(text(q)))


# --- solvers from random positions -----------------------------------------------------------


@given(near_solved())
def test_bfs_and_iterative_deepening_agree_and_are_shortest(q: Position) -> None:
    shortest = search.bfsolve(Meter(max_states=30_000).watch(fl.puzzle(STAR)), q)
    deepened = idsolve(Meter(max_states=100_000).watch(fl.puzzle(STAR)), q, fl.undoes)
    assert shortest is not None and deepened is not None
    assert len(shortest) == len(deepened) == TO_SOLVED[seed_text(text(q))]
    assert fl.solved(replay(q, shortest)) and fl.solved(replay(q, deepened))


@settings(max_examples=FEW)
@given(positions)
def test_every_position_is_solved_by_bfs_in_the_fewest_moves(q: Position) -> None:
    shortest = search.bfsolve(Meter(max_states=30_000).watch(fl.puzzle(STAR)), q)
    assert shortest is not None and len(shortest) == TO_SOLVED[seed_text(text(q))]
    assert fl.solved(replay(q, shortest))


# --- text form -------------------------------------------------------------------------------


def test_the_star_is_shown_as_drawn_in_the_seed() -> None:
    assert fl.show(STAR, fl.parse(STAR, START)).splitlines() == [
        "   .",
        "B B B B",
        " B   B",
        "B B B B",
        "   B",
    ]


@given(positions, st.sampled_from(["\n", " ", "\r\n"]))
def test_show_reads_back(q: Position, sep: str) -> None:
    assert fl.parse(STAR, fl.show(STAR, q, sep=sep)) == q
    assert fl.parse(STAR, fl.show(STAR, q, sep="")) == q


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


def test_the_cli_solves_the_star_in_18_moves_by_iterative_deepening(capsys: Capture) -> None:
    """The seed's iterative deepening, with its prune, and its answer move for move:
    the jumps are tried in the seed's order, so the first answer found is the seed's.
    The slowest test here (1,424,749 states expanded, about 10 s), run once."""
    obj = run(capsys, "solve", "flipstar", "--method", "iddfs")
    assert obj["length"] == 18
    assert obj["states"] == [START, *SEED_ANSWER]


def test_the_cli_analyses_from_a_start(capsys: Capture) -> None:
    obj = run(capsys, "analyze", "flipstar", "--example", "seed", "--from-start")
    distance = seed_distances([seed_text(START)])
    far = max(distance.values())
    assert (obj["states"], obj["max_distance"]) == (12_288, 22) == (len(distance), far)
    farthest = obj["farthest"]
    assert isinstance(farthest, list)
    assert sorted(map(seed_text, farthest)) == sorted(b for b, d in distance.items() if d == far)


def test_the_examples() -> None:
    d = fl.STAR_DESCRIPTION
    assert "".join(d.examples["seed"].split()) == START
    assert "".join(d.examples["farthest"].split()) in SEED_FARTHEST
    picture = d.drawing(d.examples["seed"])
    assert picture is not None and picture.count('class="piece black"') == 11


def test_the_command_line_analyses_the_star_from_its_solved_positions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for argv in (
        ["analyze", "flipstar"],
        ["analyze", "flipstar", "--example", "seed", "--from-goals"],
    ):
        assert main([*argv, "--json"]) == 0
        survey = json.loads(capsys.readouterr().out)
        assert (survey["states"], survey["max_distance"]) == (12_288, 21)
        assert len(survey["farthest"]) == 18
    assert main(["analyze", "flipstar", "--example", "seed", "--from-start", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["states"] == 12_288
