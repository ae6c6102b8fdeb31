"""The Tower of Hanoi: the numbers (2^n - 1 moves, 3^n positions), the lazy recursion
for 20 discs and its count of the moves left, planning against breadth-first search, the
bounds that lead A* and IDA*, the text form and hostile text, the command line.

Solutions are replayed by a checker of the rules written here afresh, on lists of pegs
by name; random positions are checked as shortest against an exhaustive search.
"""

from __future__ import annotations

import json
import time
from itertools import islice
from xml.etree import ElementTree

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pearls import search
from pearls.analysis import analyze, is_perfect, levels
from pearls.cli import main
from pearls.deepening import idsolve
from pearls.errors import BoardError, LimitReached, OptionError
from pearls.informed import astar, idastar
from pearls.limits import Meter
from pearls.puzzles import hanoi
from pearls.puzzles.hanoi import PEGS, Move, Towers, describe, draw
from pearls.puzzles.hanoi import text as ht

Capture = pytest.CaptureFixture[str]

# For n discs, (n, bfsolve's states expanded, psolve's): measured, and shown in
# docs/hanoi.md.  Both find 2^n - 1 moves; planning expands only the states on its way.
EXPANDED = {1: (2, 1), 2: (6, 3), 3: (24, 7), 4: (70, 15), 5: (232, 31), 6: (686, 63),
            7: (2144, 127), 8: (6390, 255)}  # fmt: skip


def bfsolve(q: Towers, states: int = 10_000) -> list[Move] | None:
    return search.bfsolve(Meter(max_states=states).watch(hanoi.puzzle), q)


def psolve(q: Towers, states: int = 10_000) -> list[Move] | None:
    return search.psolve(Meter(max_states=states).watch_planner(hanoi.planner), q)


def legal_replay(q: Towers, ms: list[Move]) -> list[list[int]]:
    """The pegs after ``ms``, each move checked against the rules on plain lists (top
    last): the disc on top of some peg, the target empty or topped by a larger disc."""
    pegs = [list(reversed(stack)) for stack in q]
    for d, r in ms:
        source = [p for p in range(3) if pegs[p] and pegs[p][-1] == d]
        assert len(source) == 1, f"disc {d} is not on top of a peg"
        assert source[0] != r, f"disc {d} moved onto its own peg"
        assert not pegs[r] or pegs[r][-1] > d, f"disc {d} onto a smaller one"
        pegs[r].append(pegs[source[0]].pop())
    return pegs


def finished(pegs: list[list[int]], n: int) -> bool:
    return pegs == [[], [], list(range(n, 0, -1))]


def distance(q: Towers) -> int:
    """The fewest moves to peg C by an exhaustive search of the whole space."""
    seen, level, steps = {q}, [q], 0
    while not any(hanoi.solved(r) for r in level):
        level = [s for r in level for m in hanoi.moves(r) if (s := hanoi.move(r, m)) not in seen]
        seen.update(level)
        steps += 1
    return steps


@st.composite
def positions(draw: st.DrawFn, most: int = 5) -> Towers:
    """Any position of 1 to ``most`` discs: each disc on any peg, smaller above."""
    pegs = draw(st.lists(st.integers(0, 2), min_size=1, max_size=most))
    stacks = [tuple(d for d, p in enumerate(pegs, start=1) if p == k) for k in range(3)]
    return (stacks[0], stacks[1], stacks[2])


# --- the numbers ------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 7))
def test_breadth_first_search_moves_a_tower_in_2_to_the_n_minus_1(n: int) -> None:
    ms = bfsolve(hanoi.tower(n))
    assert ms is not None
    assert len(ms) == 2**n - 1
    assert finished(legal_replay(hanoi.tower(n), ms), n)


def test_eight_discs_take_255_moves_by_every_solver() -> None:
    q = hanoi.tower(8)
    assert len(bfsolve(q) or []) == 255
    assert len(psolve(q) or []) == 255
    assert sum(1 for _ in hanoi.hanoi(q)) == 255


@pytest.mark.parametrize("n", sorted(EXPANDED))
def test_planning_finds_the_optimum_expanding_far_fewer_states(n: int) -> None:
    bfs, plan = Meter(max_states=10_000), Meter(max_states=10_000)
    by_bfs = search.bfsolve(bfs.watch(hanoi.puzzle), hanoi.tower(n))
    by_plan = search.psolve(plan.watch_planner(hanoi.planner), hanoi.tower(n))
    assert len(by_bfs or []) == len(by_plan or []) == 2**n - 1
    assert (bfs.expanded, plan.expanded) == EXPANDED[n]
    assert plan.expanded < bfs.expanded
    assert by_plan == list(hanoi.hanoi(hanoi.tower(n)))  # the plan is the recursion


def test_the_lazy_recursion_streams_a_million_moves_for_20_discs() -> None:
    moves = hanoi.hanoi(hanoi.tower(20))
    assert list(islice(moves, 3)) == [(1, 1), (2, 2), (1, 2)]  # disc 1 first goes to B
    assert 3 + sum(1 for _ in moves) == 2**20 - 1 == 1_048_575


def test_the_lazy_recursion_replays_legally_for_12_discs() -> None:
    assert finished(legal_replay(hanoi.tower(12), list(hanoi.hanoi(hanoi.tower(12)))), 12)


def test_depth_first_search_on_20_discs_stops_at_a_limit_not_at_the_recursion_limit() -> None:
    with pytest.raises(LimitReached):
        search.dfsolve(Meter(max_states=5_000).watch(hanoi.puzzle), hanoi.tower(20))
    with pytest.raises(LimitReached):
        search.psolve(Meter(max_states=5_000).watch_planner(hanoi.planner), hanoi.tower(20))


def test_the_chapters_solvers_of_the_model_move_a_tower() -> None:
    """The model's own ``bfsolve``, ``dfsolve`` and ``psolve`` (the chapter's wrappers):
    breadth first and planned in ``2^n - 1`` moves, depth first by some longer way,
    each replayed by the rules written here."""
    for n in (1, 3, 4):
        q = hanoi.tower(n)
        for ms in (hanoi.bfsolve(q), hanoi.psolve(q)):
            assert ms is not None and len(ms) == 2**n - 1
            assert finished(legal_replay(q, ms), n)
        found = hanoi.dfsolve(q)
        assert found is not None and finished(legal_replay(q, found), n)


def every_position(n: int) -> list[Towers]:
    """The ``3^n`` positions of ``n`` discs, each disc on any peg, smaller above."""
    found = []
    for r in range(3**n):
        where = [r // 3 ** (d - 1) % 3 for d in range(1, n + 1)]
        stacks = [tuple(d for d in range(1, n + 1) if where[d - 1] == p) for p in range(3)]
        found.append((stacks[0], stacks[1], stacks[2]))
    return found


@pytest.mark.parametrize("n", [0, 1, 3, 4])
def test_a_plan_sends_a_disc_home_and_clears_only_what_blocks_a_move(n: int) -> None:
    """The plan, on every position: nothing once every disc is on C, else one move of a
    disc onto C.  A legal move needs no premove; an illegal one is made ready by a
    smaller disc going to the third peg (neither the disc's nor its target), from
    elsewhere."""
    for q in every_position(n):
        plan = hanoi.goalmoves(q)
        assert (plan == ()) == hanoi.solved(q)
        assert all(r == hanoi.TARGET for _, r in plan) and len(plan) <= 1
        for d in range(1, n + 1):
            p = next(p for p in range(3) if d in q[p])
            for r in set(range(3)) - {p}:
                ways = hanoi.premoves(q, (d, r))
                if (d, r) in hanoi.moves(q):
                    assert ways == []
                    continue
                assert len(ways) == 1 and len(ways[0]) == 1
                ((e, k),) = ways[0]
                assert e < d and k == 3 - p - r and e not in q[k]


@pytest.mark.parametrize("n", range(1, 7))
def test_the_space_is_3_to_the_n_with_2_to_the_ones_of_d_at_distance_d(n: int) -> None:
    """From a tower, 2^(ones in the binary d) positions lie d moves away; so 2^n lie at
    the largest distance, 2^n - 1."""
    a = analyze(hanoi.puzzle, [hanoi.tower(n)], hanoi.perfect_hash(n))
    assert a.states == 3**n
    assert a.max_distance == 2**n - 1
    assert a.histogram == tuple(2 ** bin(d).count("1") for d in range(2**n))
    assert len(a.farthest) == 2**n
    assert hanoi.tower(n)[::-1] in a.farthest  # the tower on peg C, and on peg B
    assert ((), hanoi.tower(n)[0], ()) in a.farthest


@pytest.mark.parametrize("n", range(1, 6))
def test_the_rank_is_a_minimal_perfect_hash(n: int) -> None:
    every = [q for level in levels(hanoi.puzzle, [hanoi.tower(n)]) for q in level]
    assert is_perfect(hanoi.perfect_hash(n), every)


# --- random positions -------------------------------------------------------------------


@given(positions())
def test_the_recursion_is_shortest_from_any_position(q: Towers) -> None:
    ms = list(hanoi.hanoi(q))
    assert len(ms) == distance(q) == len(bfsolve(q) or [])
    assert finished(legal_replay(q, ms), hanoi.discs(q))


@given(positions())
def test_planning_is_shortest_from_any_position(q: Towers) -> None:
    ms = psolve(q)
    assert ms is not None
    assert len(ms) == distance(q)
    assert finished(legal_replay(q, ms), hanoi.discs(q))


@given(positions())
def test_the_count_of_the_moves_left_is_the_distance(q: Towers) -> None:
    assert hanoi.distance(q) == distance(q) == len(list(hanoi.hanoi(q)))
    assert hanoi.lower_bound(q) <= hanoi.distance(q)


@given(positions())
def test_led_by_the_exact_count_a_star_and_ida_star_expand_one_solution(q: Towers) -> None:
    d = distance(q)
    for search_by in (astar, idastar):
        meter = Meter(max_states=10_000)
        ms = search_by(meter.watch(hanoi.puzzle), q, hanoi.distance)
        assert ms is not None
        assert len(ms) == d == meter.expanded
        assert finished(legal_replay(q, ms), hanoi.discs(q))


# States expanded from a tower of 3, 4 and 5 discs (None: more than 20,000) by searches
# that keep no visited states (iddfs with repeats_disc, idastar led by lower_bound), and
# by A* led by lower_bound and by distance: measured, and shown in docs/hanoi.md.
BY_BOUND = {
    "iddfs": (79, 1_249, None),
    "idastar, lower_bound": (25, 218, 18_937),
    "astar, lower_bound": (12, 31, 115),
    "astar, distance": (7, 15, 31),
}


@pytest.mark.parametrize("method", sorted(BY_BOUND))
def test_deepening_without_a_table_of_states_runs_away(method: str) -> None:
    for n, expected in zip((3, 4, 5), BY_BOUND[method], strict=True):
        meter = Meter(max_states=20_000)
        watched, q = meter.watch(hanoi.puzzle), hanoi.tower(n)
        try:
            if method == "iddfs":
                ms = idsolve(watched, q, hanoi.repeats_disc)
            else:
                by = idastar if method.startswith("idastar") else astar
                h = hanoi.distance if method.endswith("distance") else hanoi.lower_bound
                ms = by(watched, q, h)
        except LimitReached:
            assert expected is None
            continue
        assert len(ms or []) == 2**n - 1
        assert meter.expanded == expected


@given(positions())
def test_every_move_can_be_undone(q: Towers) -> None:
    for m in hanoi.moves(q):
        r = hanoi.move(q, m)
        assert any(hanoi.move(r, back) == q for back in hanoi.moves(r))
        assert hanoi.discs(r) == hanoi.discs(q)


@given(positions())
def test_moves_are_what_the_rules_allow(q: Towers) -> None:
    expected = []
    for p, stack in enumerate(q):
        for r in range(3):
            if stack and r != p and (not q[r] or q[r][0] > stack[0]):
                expected.append((stack[0], r))
    assert sorted(hanoi.moves(q)) == sorted(expected)
    for m in hanoi.moves(q):
        legal_replay(q, [m])


# --- the text form ----------------------------------------------------------------------


@given(positions(most=12), st.sampled_from([" ", "  ", "\t", "\n"]))
def test_show_reads_back(q: Towers, space: str) -> None:
    assert ht.parse(ht.show(q)) == q
    assert ht.parse(ht.show(q).replace(" ", space)) == q


def test_the_prolog_notes_write_four_discs_on_the_first_peg() -> None:
    assert ht.parse("1 2 3 4 | |") == ((1, 2, 3, 4), (), ()) == hanoi.tower(4)
    assert describe.DESCRIPTION.default_text() == "1 2 3 4 |  |"
    assert describe.standard(describe.DESCRIPTION.settings({"discs": "20"})) == ht.show(
        hanoi.tower(20)
    )


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("1 2 3", "3 pegs"),
        ("1 | 2 | 3 | ", "3 pegs"),
        (" | | ", "no discs"),
        ("2 1 | |", "disc 2 sits on disc 1"),
        ("1 2 | | 4", "'4' is not a disc"),
        ("1 1 | | ", "disc 1 is written 2 times"),
        ("1 | 1 | ", "disc 1 is written 2 times"),
        ("one | |", "'one' is not a disc"),
        ("01 | |", "'01' is not a disc"),
        ("\uff11 | |", "is not a disc"),
        ("1 | | " + "9" * 5000, r"'9+'\.\.\. \(5,000 characters\) is not a disc"),
        (" ".join(map(str, range(1, 66))) + " | |", "65 discs: a position holds at most 64"),
    ],
)
def test_a_bad_position_is_a_board_error(text: str, says: str) -> None:
    with pytest.raises(BoardError, match=says):
        ht.parse(text)


def test_a_huge_board_is_refused_at_once() -> None:
    """A board of 100,000 discs once grew to 6.1 GB before a MemoryError."""
    began = time.monotonic()
    with pytest.raises(BoardError, match="100,000 discs: a position holds at most 64"):
        ht.parse(" ".join(map(str, range(1, 100_001))) + " | |")
    assert time.monotonic() - began < 5


@pytest.mark.parametrize(
    "discs", ["0", "65", "x", "", "\u0663", "\u00b2", "-1", "9" * 5000, "0" * 4999 + "4"]
)
def test_a_bad_number_of_discs_is_an_option_error(discs: str) -> None:
    with pytest.raises(OptionError, match=r"^--discs must be a whole number from 1 to 64, not "):
        describe.DESCRIPTION.problem("1 | |", {"discs": discs})
    with pytest.raises(OptionError, match="--discs") as error:
        describe.DESCRIPTION.default_text({"discs": discs})
    assert len(str(error.value)) < 100


def test_a_negative_tower_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="a tower has 0 or more discs, not -1"):
        hanoi.tower(-1)
    assert hanoi.tower(0) == hanoi.goal(0) == ((), (), ())


def test_moves_are_said_by_disc_and_peg() -> None:
    q = ((2, 3), (), (1,))
    assert [ht.words(q, m) for m in hanoi.moves(q)] == [
        "disc 2 from A to B",
        "disc 1 from C to A",
        "disc 1 from C to B",
    ]
    assert [ht.notation(q, m) for m in hanoi.moves(q)] == ["AB", "CA", "CB"]
    assert ht.move_json(q, (2, 1)) == {"disc": 2, "from": "A", "to": "B"}
    assert ht.state_json(q) == [[2, 3], [], [1]]


def test_a_drawing_has_every_disc_on_three_pegs() -> None:
    for q in (hanoi.tower(1), hanoi.tower(20), ((2,), (1,), (3, 4))):
        picture = draw.draw(q)
        ElementTree.fromstring(picture)
        assert picture.count('class="disc"') == hanoi.discs(q)
        assert picture.count('class="peg"') == 3


# --- the command line -------------------------------------------------------------------


def pearls(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("n", range(1, 7))
@pytest.mark.parametrize("method", ["bfs", "plan", "astar", "idastar"])
def test_the_command_line_moves_n_discs_in_2_to_the_n_minus_1(
    capsys: Capture, n: int, method: str
) -> None:
    code, out, err = pearls(
        capsys, "solve", "hanoi", "--discs", str(n), "--method", method, "--json",
        "--max-states", "10000",
    )  # fmt: skip
    assert (code, err) == (0, "")
    found = json.loads(out)
    assert found["length"] == 2**n - 1
    assert found["states"][0] == [list(range(1, n + 1)), [], []]
    assert found["states"][-1] == [[], [], list(range(1, n + 1))]
    moves = [(m["disc"], PEGS.index(m["to"])) for m in found["moves"]]
    assert finished(legal_replay(hanoi.tower(n), moves), n)


@pytest.mark.parametrize("method", ["plan", "dfs", "bfs"])
def test_the_command_line_on_20_discs_stops_cleanly_at_a_limit(
    capsys: Capture, method: str
) -> None:
    code, out, err = pearls(
        capsys, "solve", "hanoi", "--discs", "20", "--method", method, "--max-states", "5000"
    )
    assert (code, out) == (3, "")
    assert err.startswith("pearls: stopped at the limit of 5,000 states")


def test_the_command_line_analyses_3_to_the_n_positions(capsys: Capture) -> None:
    code, out, err = pearls(capsys, "analyze", "hanoi", "--discs", "5", "--json")
    assert (code, err) == (0, "")
    survey = json.loads(out)
    assert (survey["states"], survey["max_distance"], len(survey["farthest"])) == (243, 31, 32)


def test_the_command_line_reads_a_board_and_says_what_is_wrong(capsys: Capture) -> None:
    code, out, _ = pearls(capsys, "solve", "hanoi", "--board", "3 | 1 2 | 4", "--moves")
    assert (code, out) == (0, "AC BA BC AC\n")
    code, _, err = pearls(capsys, "solve", "hanoi", "--board", "2 1 | |")
    assert code == 2
    assert "disc 2 sits on disc 1" in err


@pytest.mark.parametrize("n", [1, 5, 10])
def test_the_command_line_offers_the_recursion_itself(
    capsys: pytest.CaptureFixture[str], n: int
) -> None:
    assert main(["solve", "hanoi", "--discs", str(n), "--method", "direct", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["length"] == 2**n - 1
    assert found["states"][-1] == [[], [], list(range(1, n + 1))]
    assert found["stats"]["expanded"] == 2**n - 1  # each move counted against the limits
    for before, after in zip(found["states"], found["states"][1:], strict=False):
        assert all(stack == sorted(stack) for stack in after)  # never larger on smaller
        moved = [i for i in range(3) if len(before[i]) != len(after[i])]
        assert len(moved) == 2 and sum(map(len, after)) == n  # one disc, one peg to another


def test_the_recursion_of_64_discs_stops_at_the_limits(capsys: Capture) -> None:
    """Its moves count against ``--max-states`` as a search's expansions do."""
    began = time.monotonic()
    code, out, err = pearls(
        capsys, "solve", "hanoi", "--discs", "64", "--method", "direct", "--moves",
        "--timeout", "1", "--max-states", "10",
    )  # fmt: skip
    assert (code, out) == (3, "")
    assert err.startswith("pearls: stopped at the limit of 10 states expanded")
    assert time.monotonic() - began < 10
