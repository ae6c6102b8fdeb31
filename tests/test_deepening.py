"""Iterative deepening, checked on small random graphs and on Rush Hour boards near the exit.

The yardsticks here are written without :mod:`pearls.search` or :mod:`pearls.deepening`:

* ``distance``: an exhaustive breadth-first search over the edge lists, the length of a
  shortest solution (or ``None`` when the goal is out of reach);
* ``first_walk``: the first walk of a given length to the goal in depth-first order,
  moves tried in the order the graph lists them;
* ``has_walk``: whether some walk of exactly ``d`` edges leaves a node;
* ``longest`` and ``reaches_cycle``: the shape of what a start can reach.
"""

from __future__ import annotations

import sys
from collections.abc import Hashable, Iterator, Sequence
from typing import NamedTuple, TypeAlias, TypeVar

import pytest
from graphs import reachable
from hypothesis import assume, given
from hypothesis import strategies as st

from pearls.deepening import Deepened, Prune, dlsearch, idsolve, no_prune
from pearls.errors import LimitReached
from pearls.limits import Meter
from pearls.puzzles import graph
from pearls.puzzles import rushhour as rh
from pearls.search import bfsolve
from pearls.types import Path, Puzzle, solution, start

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")

Node: TypeAlias = int
Edges: TypeAlias = dict[Node, list[Node]]
NOWHERE: Node = -1  # a goal that no edge leads to


class Case(NamedTuple):
    """A directed graph on nodes ``0..n-1``, a start node and a goal node."""

    edges: Edges
    start: Node
    goal: Node


@st.composite
def cases(draw: st.DrawFn, max_nodes: int = 8, acyclic: bool = False) -> Case:
    """Graphs on nodes ``0..n-1``: up to a third of the nodes are dead ends, the others have
    1 to 3 successors (repeats and self-loops allowed, unless ``acyclic``: then every edge
    goes to a larger node).  Start and goal are any nodes, possibly the same."""
    n = draw(st.integers(1, max_nodes))
    node = st.integers(0, n - 1)
    dead = draw(st.sets(node, max_size=n // 3))
    edges: Edges = {}
    for q in range(n):
        if q in dead or (acyclic and q == n - 1):
            edges[q] = []
        else:
            target = st.integers(q + 1, n - 1) if acyclic else node
            edges[q] = draw(st.lists(target, min_size=1, max_size=3))
    return Case(edges, draw(node), draw(node))


# --- independent yardsticks -----------------------------------------------------------


def distance(
    edges: Edges, q: Node, goal: Node, blocked: frozenset[Node] = frozenset()
) -> int | None:
    """The fewest edges from ``q`` to ``goal`` never stepping onto a ``blocked`` node."""
    level, seen, steps = [q], {q}, 0
    while level:
        if goal in level:
            return steps
        after = []
        for x in level:
            for r in edges.get(x, []):
                if r not in seen and r not in blocked:
                    seen.add(r)
                    after.append(r)
        level, steps = after, steps + 1
    return None


def first_walk(edges: Edges, q: Node, goal: Node, d: int) -> list[Node] | None:
    """The first walk of exactly ``d`` edges from ``q`` ending at ``goal``, depth first."""
    if d == 0:
        return [] if q == goal else None
    for r in edges.get(q, []):
        rest = first_walk(edges, r, goal, d - 1)
        if rest is not None:
            return [r, *rest]
    return None


def has_walk(edges: Edges, q: Node, d: int) -> bool:
    """Whether some walk of exactly ``d`` edges starts at ``q``."""
    ends = {q}
    for _ in range(d):
        ends = {r for x in ends for r in edges.get(x, [])}
    return bool(ends)


def reaches_cycle(edges: Edges, q: Node) -> bool:
    """Whether a cycle can be reached from ``q``: Kahn's algorithm on what ``q`` reaches."""
    nodes = reachable(edges, q)
    indegree = dict.fromkeys(nodes, 0)
    for x in nodes:
        for r in edges.get(x, []):
            indegree[r] += 1
    free = [x for x in nodes if indegree[x] == 0]
    removed = 0
    while free:
        x = free.pop()
        removed += 1
        for r in edges.get(x, []):
            indegree[r] -= 1
            if indegree[r] == 0:
                free.append(r)
    return removed < len(nodes)


def longest(edges: Edges, q: Node) -> int:
    """The most edges of any walk from ``q`` in an acyclic graph."""
    memo: dict[Node, int] = {}

    def go(x: Node) -> int:
        if x not in memo:
            memo[x] = max((1 + go(r) for r in edges.get(x, [])), default=0)
        return memo[x]

    return go(q)


def replay(puzzle: Puzzle[S, M], q: S, plan: Sequence[M]) -> S:
    """The state after ``plan``, asserting every move is legal when it is made."""
    for m in plan:
        assert m in puzzle.moves(q), f"move {m!r} is not legal in {q!r}"
        q = puzzle.move(q, m)
    return q


def recorded(tried: list[int], rounds: int = 64) -> Iterator[int]:
    """The depths 0, 1, 2, ... (at most ``rounds`` of them, so that a search which fails
    to stop still ends), each noted in ``tried`` as ``idsolve`` asks for it."""
    for d in range(rounds):
        tried.append(d)
        yield d


# --- idsolve against breadth-first search ----------------------------------------------


@given(cases())
def test_idsolve_is_as_short_as_an_exhaustive_bfs(case: Case) -> None:
    edges, q, goal = case
    puzzle = graph.puzzle(edges, goal)
    shortest = distance(edges, q, goal)
    plan = idsolve(puzzle, q, depths=range(len(edges) + 1))
    if shortest is None:
        assert plan is None
        assert bfsolve(Meter(max_states=1_000).watch(puzzle), q) is None
        return
    assert plan is not None
    assert replay(puzzle, q, plan) == goal
    assert len(plan) == shortest == len(bfsolve(Meter(max_states=1_000).watch(puzzle), q) or [])


@given(cases())
def test_idsolve_takes_the_first_shortest_walk_in_depth_first_order(case: Case) -> None:
    edges, q, goal = case
    shortest = distance(edges, q, goal)
    assume(shortest is not None)
    assert shortest is not None
    assert idsolve(graph.puzzle(edges, goal), q) == first_walk(edges, q, goal, shortest)


@given(cases())
def test_idsolve_tries_each_depth_once_up_to_the_distance(case: Case) -> None:
    edges, q, goal = case
    shortest = distance(edges, q, goal)
    assume(shortest is not None)
    assert shortest is not None
    tried: list[int] = []
    idsolve(graph.puzzle(edges, goal), q, depths=recorded(tried))
    assert tried == list(range(shortest + 1))


@given(cases())
def test_out_of_reach_ends_with_none_only_where_no_cycle_is_reachable(case: Case) -> None:
    """No edge leads to NOWHERE: with a cycle in reach every round cuts a path off, so
    only a limit ends the search; without one, the round past the longest walk cuts
    nothing off and ``idsolve`` gives up."""
    edges, q, _ = case
    puzzle = graph.puzzle(edges, NOWHERE)
    if reaches_cycle(edges, q):
        meter = Meter(max_states=300)
        with pytest.raises(LimitReached) as caught:
            idsolve(meter.watch(puzzle), q)
        assert (caught.value.limit, caught.value.expanded) == ("states", 300)
    else:
        tried: list[int] = []
        assert idsolve(puzzle, q, depths=recorded(tried)) is None
        assert tried == list(range(longest(edges, q) + 2))
    assert idsolve(puzzle, q, depths=range(len(edges) + 1)) is None


def test_every_call_starts_again_from_depth_zero() -> None:
    """The default depths are 0, 1, 2, ... on every call, not the rest of one shared
    iterator (``depths=count()`` as a default argument was that bug): calls that ran
    rounds 0..3 must not make the next start at 4, where the first walk depth first
    (3 -> 1 -> 0) is longer than the shortest (3 -> 0)."""
    chain = graph.puzzle({0: [1], 1: [2], 2: [3]}, 3)
    fork = graph.puzzle({3: [1, 0], 1: [0]}, 0)
    assert idsolve(fork, 3) == [0]
    assert idsolve(chain, 0) == [1, 2, 3]
    assert idsolve(chain, 0) == [1, 2, 3]
    assert idsolve(fork, 3) == [0]


def test_a_finite_range_of_depths_gives_up() -> None:
    puzzle = graph.puzzle({i: [i + 1] for i in range(5)}, 5)
    assert idsolve(puzzle, 0, depths=range(5)) is None  # the goal is 5 moves away
    assert idsolve(puzzle, 0, depths=[5]) == [1, 2, 3, 4, 5]
    assert idsolve(puzzle, 0, depths=[7]) == [1, 2, 3, 4, 5]  # one deep round will do
    assert idsolve(puzzle, 0, depths=[]) is None
    assert idsolve(puzzle, 5, depths=[0]) == []


# --- dlsearch: one round ------------------------------------------------------------------


@given(cases())
def test_dlsearch_succeeds_exactly_when_the_goal_is_within_the_limit(case: Case) -> None:
    edges, q, goal = case
    puzzle = graph.puzzle(edges, goal)
    shortest = distance(edges, q, goal)
    for d in range(len(edges) + 2):
        found, cut_off = dlsearch(puzzle, no_prune, d, [start(q)])
        if shortest is not None and shortest <= d:
            assert found is not None
            assert shortest <= len(found) <= d
            assert replay(puzzle, q, found) == goal
        else:
            assert found is None
            assert cut_off == has_walk(edges, q, d)


@given(cases(acyclic=True))
def test_cut_off_ends_once_the_limit_passes_the_longest_path_of_a_dag(case: Case) -> None:
    edges, q, _ = case
    puzzle = graph.puzzle(edges, NOWHERE)
    longest_path = longest(edges, q)
    for d in range(len(edges) + 2):
        assert dlsearch(puzzle, no_prune, d, [start(q)]) == Deepened(None, d <= longest_path)


def test_dlsearch_reads_its_frontier_head_first() -> None:
    puzzle = graph.puzzle({0: [10], 1: [11], 10: [9], 11: [9]}, 9)
    assert dlsearch(puzzle, no_prune, 2, [start(0), start(1)]).solution == [10, 9]
    assert dlsearch(puzzle, no_prune, 2, [start(1), start(0)]).solution == [11, 9]
    assert dlsearch(puzzle, no_prune, 1, [start(0), start(1)]) == Deepened(None, True)
    assert dlsearch(puzzle, no_prune, 5, []) == Deepened(None, False)


def test_a_solved_start_needs_no_move_even_at_limit_zero() -> None:
    puzzle = graph.puzzle({0: [0]}, 0)
    assert dlsearch(puzzle, no_prune, 0, [start(0)]) == Deepened([], False)
    assert idsolve(puzzle, 0) == []


# --- the prune hook -----------------------------------------------------------------------


@given(cases(), st.integers(0, 6))
def test_prune_sees_the_path_so_far_and_a_legal_candidate(case: Case, d: int) -> None:
    edges, q, goal = case
    puzzle = graph.puzzle(edges, goal)
    calls: list[tuple[list[Node], Node, Node]] = []

    def spy(p: Path[Node, Node], m: Node) -> bool:
        calls.append((solution(p.history), p.state, m))
        return False

    assert dlsearch(puzzle, spy, d, [start(q)]) == dlsearch(puzzle, no_prune, d, [start(q)])
    for moves, state, m in calls:
        assert len(moves) < d
        assert replay(puzzle, q, moves) == state
        assert m in edges[state]
        assert state != goal  # a solved path is never extended


@given(cases(), st.data())
def test_pruned_moves_are_never_taken(case: Case, data: st.DataObject) -> None:
    """Forbidding every step onto one node is searching the graph without it."""
    edges, q, goal = case
    banned = data.draw(st.sampled_from(sorted(edges)))
    puzzle = graph.puzzle(edges, goal)

    def avoid(p: Path[Node, Node], m: Node) -> bool:
        return m == banned

    plan = idsolve(puzzle, q, avoid, depths=range(len(edges) + 1))
    shortest = distance(edges, q, goal, blocked=frozenset([banned]))
    if shortest is None:
        assert plan is None
    else:
        assert plan is not None
        assert banned not in plan
        assert replay(puzzle, q, plan) == goal
        assert len(plan) == shortest


@given(cases())
def test_a_prune_that_forbids_everything_stops_after_one_move_deep(case: Case) -> None:
    edges, q, goal = case
    puzzle = graph.puzzle(edges, goal)

    def everything(p: Path[Node, Node], m: Node) -> bool:
        return True

    assert dlsearch(puzzle, everything, 0, [start(q)]) == Deepened(
        [] if q == goal else None, q != goal
    )
    assert dlsearch(puzzle, everything, 3, [start(q)]) == Deepened([] if q == goal else None, False)
    assert idsolve(puzzle, q, everything) == ([] if q == goal else None)


def test_no_prune_forbids_nothing() -> None:
    assert no_prune(start(0), 1) is False


@given(cases())
def test_pruning_moves_that_go_straight_back_keeps_solutions_shortest(case: Case) -> None:
    edges, q, goal = case
    puzzle = graph.puzzle(edges, goal)

    def back(p: Path[Node, Node], m: Node) -> bool:
        return graph.undoes(p, m, q)

    plan = idsolve(puzzle, q, back, depths=range(len(edges) + 1))
    shortest = distance(edges, q, goal)
    assert (None if plan is None else len(plan)) == shortest
    if plan is not None:
        assert replay(puzzle, q, plan) == goal


def test_undo_pruning_cuts_the_revisits_of_a_two_way_ring() -> None:
    """On a ring where every step can be undone, the undo-free round of depth d tries two
    walks, where the unpruned one tries 2 ** d."""
    n = 12
    edges = {i: [(i + 1) % n, (i - 1) % n] for i in range(n)}
    puzzle = graph.puzzle(edges, n // 2)

    def back(p: Path[Node, Node], m: Node) -> bool:
        return graph.undoes(p, m, 0)

    pruned, plain = Meter(max_states=100_000), Meter(max_states=100_000)
    assert idsolve(pruned.watch(puzzle), 0, back) == [1, 2, 3, 4, 5, 6]
    assert idsolve(plain.watch(puzzle), 0) == [1, 2, 3, 4, 5, 6]
    assert pruned.expanded < 40 < plain.expanded


# --- depth: the stack is a list, not the call stack -----------------------------------------


def test_fifty_thousand_moves_deep_without_recursion() -> None:
    limit = sys.getrecursionlimit()
    n = 50_000
    puzzle = graph.puzzle({i: [i + 1] for i in range(n)}, n)
    path = list(range(1, n + 1))
    assert dlsearch(puzzle, no_prune, n + 1, [start(0)]) == Deepened(path, False)
    assert idsolve(puzzle, 0, depths=[n - 1, n]) == path  # round n - 1 is cut off
    assert sys.getrecursionlimit() == limit


# --- Rush Hour ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def near_the_exit() -> list[rh.Grid]:
    """The positions 0 to 6 moves before the end of g1's breadth-first solution."""
    plan = bfsolve(Meter(max_states=5_000).watch(rh.puzzle), rh.g1)
    assert plan is not None
    states = [rh.g1]
    for m in plan:
        states.append(rh.move(states[-1], m))
    return states[-7:][::-1]


@pytest.mark.parametrize("k", range(7))
def test_rush_hour_near_the_exit_as_short_as_bfs(near_the_exit: list[rh.Grid], k: int) -> None:
    board = near_the_exit[k]
    plan = idsolve(Meter(max_states=100_000).watch(rh.puzzle), board, rh.undoes)
    shortest = bfsolve(Meter(max_states=5_000).watch(rh.puzzle), board)
    assert plan is not None
    assert shortest is not None
    assert len(plan) == len(shortest) == k
    assert rh.solved(replay(rh.puzzle, board, plan))


def test_rush_hour_prune_is_a_prune(near_the_exit: list[rh.Grid]) -> None:
    """``rushhour.undoes`` has the type of the hook ``idsolve`` takes."""
    hook: Prune[rh.Grid, rh.Move] = rh.undoes
    assert idsolve(rh.puzzle, near_the_exit[3], hook, depths=range(3)) is None
