"""Every solution by backtracking: the order of ``dfall``'s equations, laziness, no
recursion limit, the order hook, limits, and generate-and-test, against simpler models.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pearls.backtrack import as_given, generate_and_test, ordered, solutions
from pearls.errors import LimitReached
from pearls.limits import Meter
from pearls.puzzles import graph
from pearls.search import dfsolve
from pearls.tracing import Tracer
from pearls.types import Puzzle

Sums = tuple[int, ...]  # the parts written so far, e.g. (1, 2)


def sums(n: int) -> Puzzle[Sums, int]:
    """The ways of writing ``n`` as an ordered sum of 1s and 2s, part by part."""
    return Puzzle(
        moves=lambda q: [m for m in (1, 2) if sum(q) + m <= n],
        move=lambda q, m: (*q, m),
        solved=lambda q: sum(q) == n,
    )


def compositions(n: int) -> list[list[int]]:
    """The same, by a direct recursion: a part of 1 or 2, then the rest."""
    if n == 0:
        return [[]]
    found = [[1, *rest] for rest in compositions(n - 1)]
    return found + ([[2, *rest] for rest in compositions(n - 2)] if n >= 2 else [])


def watched(puzzle: Puzzle[Sums, int], states: int = 100_000) -> Puzzle[Sums, int]:
    return Meter(max_states=states).watch(puzzle)


@pytest.mark.parametrize("n", range(12))
def test_every_solution_in_depth_first_order(n: int) -> None:
    assert list(solutions(watched(sums(n)), ())) == compositions(n)


def test_the_counts_are_fibonacci_numbers() -> None:
    fib = [1, 1]
    while len(fib) < 20:
        fib.append(fib[-1] + fib[-2])
    assert [sum(1 for _ in solutions(watched(sums(n)), ())) for n in range(20)] == fib


def test_a_solved_start_is_the_one_empty_solution() -> None:
    assert list(solutions(watched(sums(0)), ())) == [[]]


def test_no_solution_is_an_empty_iterator() -> None:
    odd_only = Puzzle(lambda q: [2] if q < 10 else [], lambda q, m: q + m, lambda q: q == 5)
    assert list(solutions(Meter(max_states=100).watch(odd_only), 0)) == []


def test_solutions_come_lazily_from_an_endless_tree() -> None:
    """Binary strings, solved at their first 1: the all-zero branch never ends."""
    ones = Puzzle(
        moves=lambda q: [1, 0],
        move=lambda q, m: (*q, m),
        solved=lambda q: 1 in q,
    )
    meter = Meter(max_states=100)
    first = list(islice(solutions(meter.watch(ones), ()), 5))
    assert first == [[1], [0, 1], [0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 0, 1]]
    assert meter.expanded == 5  # the start and four strings of zeros


def test_a_path_deeper_than_the_recursion_limit() -> None:
    depth = 50_000
    line = Puzzle(lambda q: [1] if q < depth else [], lambda q, m: q + m, lambda q: q == depth)
    (found,) = solutions(Meter(max_states=depth + 1).watch(line), 0)
    assert len(found) == depth


def test_the_order_hook_sees_each_state_and_its_moves() -> None:
    seen: list[tuple[Sums, Sequence[int]]] = []

    def backwards(q: Sums, ms: Sequence[int]) -> Sequence[int]:
        seen.append((q, ms))
        return ms[::-1]

    assert list(solutions(watched(sums(3)), (), backwards)) == compositions(3)[::-1]
    assert seen[0] == ((), [1, 2])
    assert all(sum(q) < 3 for q, _ in seen)


def test_the_order_hook_may_leave_moves_out() -> None:
    no_twos = list(solutions(watched(sums(5)), (), lambda q, ms: [m for m in ms if m == 1]))
    assert no_twos == [[1, 1, 1, 1, 1]]


def test_as_given_keeps_the_moves() -> None:
    assert as_given((), [2, 1]) == [2, 1]
    assert list(solutions(watched(sums(4)), (), as_given)) == compositions(4)


def test_the_meter_counts_each_unsolved_state_reached_once() -> None:
    meter = Meter(max_states=1_000)
    count = sum(1 for _ in solutions(meter.watch(sums(6)), ()))
    unsolved = sum(len(compositions(k)) for k in range(6))  # the partial sums under 6
    assert count == 13
    assert meter.expanded == unsolved


def test_a_limit_stops_the_search_between_solutions() -> None:
    found = solutions(Meter(max_states=40).watch(sums(30)), ())
    assert next(found) == [1] * 30  # 30 states expanded, the sums 0 to 29
    with pytest.raises(LimitReached):
        list(found)


# --- on random graphs without cycles ------------------------------------------------------

Edges = dict[int, list[int]]


@st.composite
def dags(draw: st.DrawFn, max_nodes: int = 8) -> tuple[Edges, int]:
    """A graph on nodes 0..n-1 whose edges all go to larger nodes, and a goal."""
    n = draw(st.integers(1, max_nodes))
    edges = {
        q: draw(st.lists(st.integers(q + 1, n - 1), max_size=3, unique=True)) if q < n - 1 else []
        for q in range(n)
    }
    return edges, draw(st.integers(0, n - 1))


def paths(edges: Edges, q: int, goal: int) -> list[list[int]]:
    """Every path from ``q`` that reaches ``goal`` (and stops there), by recursion."""
    if q == goal:
        return [[]]
    return [[r, *rest] for r in edges[q] for rest in paths(edges, r, goal)]


@given(dags())
def test_every_path_to_the_goal_of_a_dag(dag: tuple[Edges, int]) -> None:
    edges, goal = dag
    puzzle = Meter(max_states=10_000).watch(graph.puzzle(edges, goal))
    assert list(solutions(puzzle, 0)) == paths(edges, 0, goal)


@given(dags())
def test_ordered_puzzles_give_dfsolve_the_first_of_the_solutions(dag: tuple[Edges, int]) -> None:
    edges, goal = dag

    def largest_first(q: int, ms: Sequence[int]) -> Sequence[int]:
        return sorted(ms, reverse=True)

    puzzle = graph.puzzle(edges, goal)
    first = next(solutions(puzzle, 0, largest_first), None)
    assert dfsolve(Meter(max_states=10_000).watch(ordered(puzzle, largest_first)), 0) == first
    assert list(solutions(ordered(puzzle, largest_first), 0)) == list(
        solutions(puzzle, 0, largest_first)
    )


# --- generate and test --------------------------------------------------------------------


@given(st.lists(st.integers(-50, 50), max_size=30, unique=True), st.integers(1, 5))
def test_generate_and_test_keeps_the_candidates_that_pass(candidates: list[int], d: int) -> None:
    meter = Meter(max_states=1_000)
    chosen = list(solutions(meter.watch(generate_and_test(candidates, lambda n: n % d == 0)), None))
    passing = [n for n in candidates if n % d == 0]
    assert chosen == [[n] for n in passing]
    assert meter.expanded == 1 + len(candidates) - len(passing)


def test_generate_and_test_walks_a_huge_range_lazily() -> None:
    huge = generate_and_test(range(10**18), lambda n: n in (7, 11))
    meter = Meter(max_states=100)
    found = solutions(meter.watch(huge), None)
    assert next(found) == [7]
    assert next(found) == [11]
    assert meter.expanded == 1 + 10  # the start, and the candidates 0..11 that failed


def test_generate_and_test_with_dfsolve() -> None:
    assert dfsolve(generate_and_test(range(10), lambda n: n > 6), None) == [7]
    assert dfsolve(generate_and_test(range(10), lambda n: n > 60), None) is None


def test_a_traced_backtracking_search_says_each_expansion_and_each_backtrack() -> None:
    tracer = Tracer()
    meter = Meter(observer=tracer)
    diamond = graph.puzzle({"a": "bc", "b": "d", "c": "d"}, goal="d")
    found = list(solutions(meter.watch(diamond), "a", backtracks=meter.backtracks))
    assert found == [["b", "d"], ["c", "d"]]
    said = [(type(e).__name__, e.state) for e in tracer.recorded if hasattr(e, "state")]
    assert said == [
        ("Expanded", "a"),
        ("Expanded", "b"),
        ("Backtracked", "b"),  # its one move reached the goal: nothing more to try
        ("Expanded", "c"),
        ("Backtracked", "c"),
        ("Backtracked", "a"),
    ]
