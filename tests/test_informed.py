"""A* and IDA*, checked on small random weighted graphs against yardsticks written here.

* ``distances``: an exhaustive breadth-first search backwards from the goal over the edge
  lists, the true number of moves from every node (unreachable nodes absent);
* ``cheapest``: Dijkstra's algorithm over the edge lists, the true cost with weights;
* heuristics made from the true distances: exact, scaled down, or random values at most
  the distance (admissible but not consistent), and one that overestimates.

IDA*'s rounds are watched through the bound each one is given: it must grow strictly,
to the least ``f`` the last round cut off.  A search that loops without expanding a
state would escape every :class:`~pearls.limits.Meter`, so these tests also have a short
time limit each.
"""

from __future__ import annotations

import heapq
import sys
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from itertools import count
from typing import NamedTuple, TypeAlias

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pearls import informed
from pearls.errors import LimitReached
from pearls.informed import (
    Cost,
    Estimate,
    Scored,
    astar,
    carried,
    idastar,
    score,
    scored,
)
from pearls.limits import Meter
from pearls.puzzles import graph, sliding
from pearls.puzzles.sliding.heuristics import manhattan
from pearls.types import M, Puzzle, S

# Seconds a test may take, a quarter of the suite's: the slowest takes about one alone,
# five on a loaded machine.
pytestmark = pytest.mark.timeout(30)

Node: TypeAlias = int
Edges: TypeAlias = dict[Node, list[Node]]

MANY = settings(max_examples=5 * settings().max_examples)

# A search expands a graph's 12 nodes or fewer: A* each at most once per cheaper cost
# found, IDA* each once per path and round; far fewer than this on honest code.
STATES = 20_000


class Case(NamedTuple):
    """A directed graph with a weight on each edge, a start and a goal."""

    edges: Edges
    weights: dict[tuple[Node, Node], int]
    start: Node
    goal: Node


@st.composite
def cases(draw: st.DrawFn, max_nodes: int = 12) -> Case:
    """Graphs on nodes ``0..n-1``: some dead ends, the rest with 1 to 3 successors
    (repeats and self-loops allowed), each edge weighing 1 to 5."""
    n = draw(st.integers(1, max_nodes))
    node = st.integers(0, n - 1)
    dead = draw(st.sets(node, max_size=n // 3))
    edges = {q: [] if q in dead else draw(st.lists(node, min_size=1, max_size=3)) for q in range(n)}
    weights = {(q, r): draw(st.integers(1, 5)) for q, rs in edges.items() for r in rs}
    return Case(edges, weights, draw(node), draw(node))


def watched(case: Case) -> Puzzle[Node, Node]:
    """The case's graph as a puzzle, its searches cut short past ``STATES``."""
    return Meter(max_states=STATES).watch(graph.puzzle(case.edges, case.goal))


def distances(case: Case) -> dict[Node, int]:
    """Moves from each node to the goal, by breadth-first search on reversed edges."""
    into: dict[Node, set[Node]] = {}
    for q, rs in case.edges.items():
        for r in rs:
            into.setdefault(r, set()).add(q)
    found = {case.goal: 0}
    queue = deque([case.goal])
    while queue:
        r = queue.popleft()
        for q in into.get(r, ()):
            if q not in found:
                found[q] = found[r] + 1
                queue.append(q)
    return found


def cheapest(case: Case) -> int | None:
    """The least total weight from start to goal, by Dijkstra's algorithm."""
    best = {case.start: 0}
    queue = [(0, case.start)]
    while queue:
        cost, q = heapq.heappop(queue)
        if q == case.goal:
            return cost
        if cost > best[q]:
            continue
        for r in case.edges[q]:
            c = cost + case.weights[q, r]
            if c < best.get(r, c + 1):
                best[r] = c
                heapq.heappush(queue, (c, r))
    return None


def replays(case: Case, plan: list[Node]) -> bool:
    """Whether each step follows an edge and the last reaches the goal."""
    q = case.start
    for r in plan:
        if r not in case.edges[q]:
            return False
        q = r
    return q == case.goal


Heuristic: TypeAlias = Callable[[Node], int]


def admissible(case: Case, data: st.DataObject) -> Heuristic:
    """Exact distance, a fraction of it, or random values up to it: all admissible."""
    d = distances(case)
    kind = data.draw(st.sampled_from(["zero", "exact", "half", "random"]))
    if kind == "zero":
        return lambda q: 0
    if kind == "exact":
        return lambda q: d.get(q, 0)
    if kind == "half":
        return lambda q: d.get(q, 0) // 2
    values = {q: data.draw(st.integers(0, d[q])) for q in d}
    return lambda q: values.get(q, 0)


@MANY
@given(cases(), st.data())
def test_astar_and_idastar_find_shortest_solutions_with_any_admissible_heuristic(
    case: Case, data: st.DataObject
) -> None:
    h = admissible(case, data)
    shortest = distances(case).get(case.start)
    for plan in (astar(watched(case), case.start, h), idastar(watched(case), case.start, h)):
        if shortest is None:
            assert plan is None
        else:
            assert plan is not None and len(plan) == shortest and replays(case, plan)


Bounds: TypeAlias = list[int]  # the bound of each IDA* round, in order
Round: TypeAlias = tuple[list[Node] | None, int | None]  # a solution, or the next bound


@contextmanager
def rounds() -> Iterator[Bounds]:
    """The bound of each IDA* round, as :func:`idastar` hands it to its round; a round
    whose bound is not above the last one's (a search that would go round for ever
    without expanding a state) fails the test at once."""
    given: Bounds = []
    contour = informed._contour

    def watched(puzzle: Puzzle[Node, Node], q: Node, h: Heuristic, bound: int) -> Round:
        if given and bound <= given[-1]:
            pytest.fail(f"IDA* rounds with bounds {[*given, bound]}: not increasing")
        given.append(bound)
        return contour(puzzle, q, h, bound)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(informed, "_contour", watched)
        yield given


@MANY
@given(cases(), st.data())
def test_idastar_rounds_raise_the_bound_up_to_the_shortest_length(
    case: Case, data: st.DataObject
) -> None:
    """The bounds rise strictly from ``h start``; the last one, where a solution is
    found, is its length: no bound passes a shortest solution's ``f``."""
    h = admissible(case, data)
    with rounds() as bounds:
        plan = idastar(watched(case), case.start, h)
    assert bounds[0] == h(case.start)
    if plan is not None:
        assert bounds[-1] == len(plan)


# A 16-move 8 puzzle: Manhattan distance 14, so IDA* needs the rounds 14 and 16 (each move
# changes the distance by one, so f = g + h keeps its parity and no path has f = 15).
SIXTEEN = (3, 8, 0, 2, 1, 4, 7, 6, 5)


def test_idastar_solves_a_16_move_8_puzzle_in_two_rounds() -> None:
    """The next bound is the least f cut off, 16, not 15: one round fewer, one
    expansion fewer (a round of bound 15 expands the start and cuts off the rest)."""
    meter = Meter(max_states=1_000)
    eight = meter.watch(sliding.puzzle(sliding.EIGHT))
    with rounds() as bounds:
        plan = idastar(eight, SIXTEEN, partial(manhattan, sliding.EIGHT))
    assert plan is not None and len(plan) == 16
    assert bounds == [14, 16]
    assert meter.expanded == 17


# --- how much they expand: plain versions written here, and counts on known boards ----------
#
# A slow but right search (a heuristic weakened, ties broken the other way, a cut-off
# made late) still finds shortest solutions; only the states it expands tell it from
# the true one.  So both searches are held to versions written plainly here, state for
# state, and to counts on 8-puzzle boards, each run under a meter that stops it soon
# after the count: such a mutant fails at once instead of outlasting the clock.

Plain: TypeAlias = tuple[list[M] | None, int]  # a solution, and the states expanded


def plain_astar(
    puzzle: Puzzle[S, M], q: S, h: Callable[[S], int], cost: Cost[S, M] | None = None
) -> Plain[M]:
    """A* as its docstring tells it: the path of least ``f`` first, then of larger
    ``g``, then the first queued; a state queued again only when reached more cheaply."""
    best, arrivals, expanded = {q: 0}, count(1), 0
    queue: list[tuple[int, int, int, S, list[M]]] = [(h(q), 0, 0, q, [])]
    while queue:
        _, minus_g, _, r, plan = heapq.heappop(queue)
        if -minus_g > best[r]:
            continue
        if puzzle.solved(r):
            return plan, expanded
        expanded += 1
        for m in puzzle.moves(r):
            s, g = puzzle.move(r, m), -minus_g + (1 if cost is None else cost(r, m))
            if s not in best or g < best[s]:
                best[s] = g
                heapq.heappush(queue, (g + h(s), -g, next(arrivals), s, [*plan, m]))
    return None, expanded


def plain_idastar(puzzle: Puzzle[S, M], q: S, h: Callable[[S], int]) -> Plain[M]:
    """IDA* as its docstring tells it, each round a recursion over the path followed."""
    expanded = 0

    def contour(path: list[S], plan: list[M], bound: int) -> tuple[list[M] | None, int | None]:
        nonlocal expanded
        r = path[-1]
        f = len(plan) + h(r)
        if f > bound:
            return None, f
        if puzzle.solved(r):
            return plan, None
        expanded += 1
        least: int | None = None
        for m in puzzle.moves(r):
            if (s := puzzle.move(r, m)) not in path:
                found, beyond = contour([*path, s], [*plan, m], bound)
                if found is not None:
                    return found, None
                if beyond is not None and (least is None or beyond < least):
                    least = beyond
        return None, least

    bound: int | None = h(q)
    while bound is not None:
        found, bound = contour([q], [], bound)
        if found is not None:
            return found, expanded
    return None, expanded


def metered(
    search: Callable[[Puzzle[S, M], S, Callable[[S], int]], list[M] | None],
    puzzle: Puzzle[S, M],
    q: S,
    h: Callable[[S], int],
    limit: int,
) -> Plain[M]:
    """A search's solution from ``q`` led by ``h`` and the states it expanded, stopped
    past ``limit``."""
    meter = Meter(max_states=limit)
    return search(meter.watch(puzzle), q, h), meter.expanded


@MANY
@given(cases(), st.data())
def test_astar_and_idastar_expand_what_plain_versions_expand(
    case: Case, data: st.DataObject
) -> None:
    h = admissible(case, data)
    g = graph.puzzle(case.edges, case.goal)

    def weighed(p: Puzzle[Node, Node], q: Node, h: Heuristic) -> list[Node] | None:
        return astar(p, q, h, lambda r, m: case.weights[r, m])

    expected = plain_astar(g, case.start, h)
    assert metered(astar, g, case.start, h, expected[1] + 1) == expected
    expected = plain_astar(g, case.start, h, lambda r, m: case.weights[r, m])
    assert metered(weighed, g, case.start, h, expected[1] + 1) == expected
    expected = plain_idastar(g, case.start, h)
    assert metered(idastar, g, case.start, h, expected[1] + 1) == expected


# 8-puzzle boards and the states each search expands led by Manhattan distance (16 and
# 22 moves; the plain versions above count the same, and tests/puzzles/test_sliding.py
# brackets A*'s by what a consistent heuristic must and may expand).
BOARDS = [(SIXTEEN, 16, 16, 17), ((0, 1, 2, 3, 4, 5, 6, 7, 8), 22, 745, 1_687)]


@pytest.mark.parametrize(("board", "length", "by_astar", "by_idastar"), BOARDS)
def test_astar_and_idastar_expand_as_many_8_puzzle_boards_as_counted(
    board: sliding.Board, length: int, by_astar: int, by_idastar: int
) -> None:
    eight, h = sliding.puzzle(sliding.EIGHT), partial(manhattan, sliding.EIGHT)
    for search, expected in ((astar, by_astar), (idastar, by_idastar)):
        plan, expanded = metered(search, eight, board, h, 2 * expected)
        assert plan is not None and len(plan) == length
        assert expanded == expected


def test_the_plain_versions_count_the_boards_alike() -> None:
    eight, h = sliding.puzzle(sliding.EIGHT), partial(manhattan, sliding.EIGHT)
    for board, length, by_astar, by_idastar in BOARDS:
        plan, expanded = plain_astar(eight, board, h)
        assert plan is not None and (len(plan), expanded) == (length, by_astar)
        plan, expanded = plain_idastar(eight, board, h)
        assert plan is not None and (len(plan), expanded) == (length, by_idastar)


@MANY
@given(cases())
def test_astar_with_costs_finds_a_cheapest_solution(case: Case) -> None:
    plan = astar(watched(case), case.start, lambda q: 0, lambda q, m: case.weights[q, m])
    least = cheapest(case)
    if least is None:
        assert plan is None
    else:
        assert plan is not None and replays(case, plan)
        steps = zip([case.start, *plan], plan, strict=False)
        assert sum(case.weights[q, r] for q, r in steps) == least


def test_an_overestimate_can_lose_optimality() -> None:
    """1 -> 2 -> 4 is shortest, but h calls 2 hopeless, so A* goes round by 3 and 5."""
    ring = graph.puzzle({1: [2, 3], 2: [4], 3: [5], 5: [4]}, goal=4)
    h = {2: 9}
    assert astar(ring, 1, lambda q: h.get(q, 0)) == [3, 5, 4]
    assert astar(ring, 1, lambda q: 0) == [2, 4]


def test_astar_prefers_the_deeper_of_two_equal_paths() -> None:
    """With h exact, every node on a shortest path has f = 3: ties go to larger g, so
    A* runs straight down one shortest path and expands no more than its length."""
    edges = {0: [1, 2, 3], 1: [4], 2: [4], 3: [4], 4: [5], 5: []}
    case = Case(edges, {}, 0, 5)
    d = distances(case)
    meter = Meter(max_states=100)
    assert astar(meter.watch(graph.puzzle(edges, 5)), 0, lambda q: d.get(q, 0)) == [1, 4, 5]
    assert meter.expanded == 3


def test_astar_expands_each_state_once_when_h_is_consistent() -> None:
    """Two equal paths meet at 3: the second reaches it no cheaper, so 3 is not queued
    again and A* expands 0, 1, 2 and 3 once each."""
    meter = Meter(max_states=100)
    diamond = graph.puzzle({0: [1, 2], 1: [3], 2: [3], 3: [4]}, goal=4)
    assert astar(meter.watch(diamond), 0, lambda q: 0) == [1, 3, 4]
    assert meter.expanded == 4


def test_astar_pays_each_move_its_cost() -> None:
    """1 -> 2 -> 4 is shorter, but its step to 4 costs 5: 1 -> 3 -> 5 -> 4 costs 3."""
    diamond = graph.puzzle({1: [2, 3], 2: [4], 3: [5], 5: [4]}, goal=4)
    toll = {(2, 4): 5}
    assert astar(diamond, 1, lambda q: 0, lambda q, m: toll.get((q, m), 1)) == [3, 5, 4]


def test_the_next_bound_is_the_least_f_cut_off_not_the_last() -> None:
    """The first round (bound h s = 0) cuts off a at f = 2, then b at f = 4: the next
    bound is 2, where s -> a -> g is found."""
    fork = graph.puzzle({"s": "ab", "a": "g", "b": "c", "c": "d", "d": "g"}, goal="g")
    h = {"a": 1, "b": 3}
    with rounds() as bounds:
        assert idastar(fork, "s", lambda q: h.get(q, 0)) == ["a", "g"]
    assert bounds == [0, 2]


def test_idastar_keeps_no_cycle_on_its_path_and_stops_on_an_exhausted_space() -> None:
    cycle = graph.puzzle({0: [1], 1: [2], 2: [0, 3], 3: []}, goal=9)
    assert idastar(Meter(max_states=100).watch(cycle), 0, lambda q: 0) is None


def test_deep_searches_stay_within_the_recursion_limit() -> None:
    n = 3 * sys.getrecursionlimit()
    chain = {q: [q + 1] for q in range(n)}
    puzzle = graph.puzzle(chain, goal=n)
    assert idastar(puzzle, 0, lambda q: n - q) == list(range(1, n + 1))
    assert astar(puzzle, 0, lambda q: 0) == list(range(1, n + 1))


def test_limits_stop_a_search_on_an_endless_space() -> None:
    endless = Puzzle(moves=lambda n: [1, 2], move=lambda n, m: n + m, solved=lambda n: n < 0)
    for search in (astar, idastar):
        with pytest.raises(LimitReached):
            search(Meter(max_states=1000).watch(endless), 0, lambda q: 0)


# Scored states: a heuristic carried in the state, updated move by move

LINE = Puzzle(moves=lambda q: [-1, 1], move=lambda q, m: q + m, solved=lambda q: q == 0)
DISTANCE: Estimate[int, int] = Estimate(whole=abs, change=lambda q, m: abs(q + m) - abs(q))


@given(st.integers(-50, 50), st.lists(st.sampled_from([-1, 1]), max_size=30))
def test_a_scored_state_carries_the_value_whole_would_compute(q: int, ms: list[int]) -> None:
    lifted = scored(LINE, DISTANCE)
    s = score(DISTANCE, q)
    for m in ms:
        s = lifted.move(s, m)
        assert s == Scored(s.state, abs(s.state))
    assert carried(s) == abs(s.state)


@given(st.integers(-30, 30))
def test_searches_over_scored_states_are_the_searches_over_states(q: int) -> None:
    """The distance to 0 is exact, so both go straight there, expanding the ``|q|``
    states on the way and no other (a step away has a larger ``f``): a search led by a
    wrong value stops at once, past that count."""
    expected = [1 if q < 0 else -1] * abs(q)
    for search in (astar, idastar):
        meter = Meter(max_states=abs(q))
        assert search(meter.watch(scored(LINE, DISTANCE)), score(DISTANCE, q), carried) == expected
        assert meter.expanded == abs(q)
