"""The chapter's generic combinators, checked on small random directed graphs.

Three independent yardsticks live here, written without :mod:`pearls.search`:

* ``distance``: an exhaustive breadth-first search over the edge lists themselves, the
  true length of a shortest solution (or ``None`` when the goal is out of reach);
* :mod:`pearls.literal`: the chapter's equations transcribed literally onto Python
  lists (heads at the front, ``++`` as ``+``), stepped rule by rule, to check that the
  port explores paths in exactly Bird's order;
* hand-made graphs whose answers are worked out in the comments.
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Callable, Generator, Hashable, Iterable, Sequence
from itertools import pairwise
from typing import NamedTuple, TypeAlias, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pyrsistent import plist

from pearls import literal, search
from pearls.limits import Meter
from pearls.puzzles import graph
from pearls.tracing import Expanded, Tracer
from pearls.types import APath, Path, Planner, Puzzle, astart, start

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")

Node: TypeAlias = int
Edges: TypeAlias = dict[Node, list[Node]]
Result: TypeAlias = list[Node] | None
Watched: TypeAlias = Callable[[Meter], Result]  # a search awaiting the meter that watches it
Stepped: TypeAlias = Generator[literal.Step[Node, Hashable], None, Result]  # literal steps

# Properties on small graphs cost milliseconds an example: they try several times the
# profile's count, the exploration order most of all (at 60 examples it catches a level
# read in the wrong order about one run in ten; at 600, as under make test, every time).
SEVERAL = settings(max_examples=3 * settings().max_examples)
MANY = settings(max_examples=20 * settings().max_examples)

# States one puzzle may expand, over all the searches of a test, before LimitReached: a
# search expands each of a graph's 12 nodes or fewer once at most, and a test runs at most
# 20 searches on one puzzle, so only a search that revisits states or never stops gets here.
STATES = 300


def graph_puzzle(edges: Edges, goal: Node, states: int = STATES) -> Puzzle[Node, Node]:
    """``graph.puzzle``, its searches cut short with LimitReached past ``states``."""
    return Meter(max_states=states).watch(graph.puzzle(edges, goal))


def graph_planner(edges: Edges, goal: Node, states: int = STATES) -> Planner[Node, Node]:
    """``graph.planner``, its searches cut short with LimitReached past ``states``."""
    return Meter(max_states=states).watch_planner(graph.planner(edges, goal))


class Case(NamedTuple):
    """A directed graph, a start node and a goal node."""

    edges: Edges
    start: Node
    goal: Node


@st.composite
def cases(draw: st.DrawFn, max_nodes: int = 12) -> Case:
    """Graphs on nodes ``0..n-1``, n <= 12: up to a third of the nodes are dead ends, the
    others have 1 to 3 successors (repeats and self-loops allowed); the start differs from
    the goal unless there is one node."""
    n = draw(st.integers(1, max_nodes))
    node = st.integers(0, n - 1)
    dead = draw(st.sets(node, max_size=n // 3))
    successors = st.lists(node, min_size=1, max_size=3)
    edges = {q: [] if q in dead else draw(successors) for q in range(n)}
    goal = draw(node)
    q = draw(node.filter(lambda q: q != goal)) if n > 1 else goal
    return Case(edges, q, goal)


# --- independent yardsticks ---------------------------------------------------------


def distance(
    edges: Edges, sources: Iterable[Node], goal: Node, visited: Iterable[Node] = ()
) -> int | None:
    """The fewest edges from any source to ``goal``, never leaving a node of ``visited``
    (the goal counts as reached even when it is in ``visited``)."""
    blocked = set(visited)
    level = list(dict.fromkeys(sources))
    seen = set(level)
    steps = 0
    while level:
        if goal in level:
            return steps
        after = []
        for q in level:
            if q in blocked:
                continue
            for r in edges.get(q, []):
                if r not in seen:
                    seen.add(r)
                    after.append(r)
        level, steps = after, steps + 1
    return None


def starts(qs: Iterable[Node]) -> list[Path[Node, Node]]:
    """A frontier of paths that have made no move, one from each of ``qs``."""
    return [start(q) for q in qs]


def replay(puzzle: Puzzle[S, M], q: S, plan: Sequence[M]) -> S:
    """The state after ``plan``, asserting every move is legal when it is made."""
    for m in plan:
        assert m in puzzle.moves(q), f"move {m!r} is not legal in {q!r}"
        q = puzzle.move(q, m)
    return q


# --- every search on one start --------------------------------------------------------


def every_search(edges: Edges, q: Node, goal: Node) -> dict[str, Result]:
    """The answer of each of the chapter's searches from ``q``, by name."""
    puzzle = graph_puzzle(edges, goal)
    planner = graph_planner(edges, goal)
    return {
        "bfsolve": search.bfsolve(puzzle, q),
        "bfsearch": search.bfsearch(puzzle, [], [start(q)]),
        "bfsearch_": search.bfsearch_(puzzle, [], [], [start(q)]),
        "dfsolve": search.dfsolve(puzzle, q),
        "dfsearch": search.dfsearch(puzzle, [], [start(q)]),
        "psolve": search.psolve(planner, q),
        "psearch": search.psearch(planner, [], [astart(planner, q)]),
        "psearch_": search.psearch_(planner, [], [], [astart(planner, q)]),
    }


@SEVERAL
@given(cases())
def test_every_plan_replays_legally_to_the_goal(case: Case) -> None:
    edges, q, goal = case
    puzzle = graph_puzzle(edges, goal)
    shortest = distance(edges, [q], goal)
    for name, plan in every_search(edges, q, goal).items():
        if shortest is None:
            assert plan is None, name
        else:
            assert plan is not None, f"{name} missed a solution"
            assert replay(puzzle, q, plan) == goal, name
            assert len(plan) >= shortest, name


@SEVERAL
@given(cases())
def test_breadth_first_plans_are_shortest(case: Case) -> None:
    edges, q, goal = case
    found = every_search(edges, q, goal)
    shortest = distance(edges, [q], goal)
    for name in ("bfsolve", "bfsearch", "bfsearch_"):
        plan = found[name]
        assert (None if plan is None else len(plan)) == shortest, name


@SEVERAL
@given(cases())
def test_planning_finds_a_solution_never_shorter_than_breadth_first(case: Case) -> None:
    edges, q, goal = case
    shortest = search.bfsolve(graph_puzzle(edges, goal), q)
    planned = search.psolve(graph_planner(edges, goal), q)
    assert (planned is None) == (shortest is None)
    if planned is not None and shortest is not None:
        assert len(planned) >= len(shortest)


class Seeded(NamedTuple):
    """A case with visited states ``qs`` and two frontiers ``rs`` (the next level) and
    ``ps`` (the current one), each path given by its state and its plan (``None``: the
    goal plan)."""

    case: Case
    qs: list[Node]
    rs: list[tuple[Node, tuple[Node, ...] | None]]
    ps: list[tuple[Node, tuple[Node, ...] | None]]

    def paths(self) -> tuple[list[Path[Node, Node]], list[Path[Node, Node]]]:
        return starts(q for q, _ in self.rs), starts(q for q, _ in self.ps)

    def apaths(self) -> tuple[list[APath[Node, Node]], list[APath[Node, Node]]]:
        goalmoves = graph.goalmoves(self.case.goal)

        def apath(q: Node, plan: tuple[Node, ...] | None) -> APath[Node, Node]:
            return APath(plist(), q, goalmoves(q) if plan is None else plan)

        return [apath(*p) for p in self.rs], [apath(*p) for p in self.ps]

    def searches(
        self, puzzle: Puzzle[Node, Node], planner: Planner[Node, Node]
    ) -> dict[str, Callable[[Iterable[Node]], Result]]:
        """Each combinator that takes visited states, on these frontiers, by name: it
        awaits only its ``qs``."""
        later, paths = self.paths()
        alater, apaths = self.apaths()
        return {
            "bfsearch": lambda qs: search.bfsearch(puzzle, qs, paths),
            "bfsearch_": lambda qs: search.bfsearch_(puzzle, qs, later, paths),
            "dfsearch": lambda qs: search.dfsearch(puzzle, qs, paths),
            "psearch": lambda qs: search.psearch(planner, qs, apaths),
            "psearch_": lambda qs: search.psearch_(planner, qs, alater, apaths),
        }


@st.composite
def seeded(draw: st.DrawFn) -> Seeded:
    case = draw(cases())
    node = st.sampled_from(sorted(case.edges))
    plan = st.none() | st.lists(node, max_size=3).map(tuple)
    qs = draw(st.lists(node, max_size=4))
    rs = draw(st.lists(st.tuples(node, plan), max_size=2))
    ps = draw(st.lists(st.tuples(node, plan), max_size=2))
    return Seeded(case, qs, rs, [(case.start, draw(plan)), *ps])


@MANY
@given(seeded())
def test_searches_explore_in_the_order_of_the_equations(seed: Seeded) -> None:
    """The same answers as the equations stepped literally (:mod:`pearls.literal`)."""
    (edges, _, goal), qs = seed.case, seed.qs
    puzzle, planner = graph_puzzle(edges, goal), graph_planner(edges, goal)
    later, paths = seed.paths()
    alater, apaths = seed.apaths()
    answer = literal.answer
    assert search.bfsearch(puzzle, qs, paths) == answer(literal.bfsearch(puzzle, qs, paths))
    assert search.bfsearch_(puzzle, qs, later, paths) == answer(
        literal.bfsearch_(puzzle, qs, later, paths)
    )
    assert search.dfsearch(puzzle, qs, paths) == answer(literal.dfsearch(puzzle, qs, paths))
    assert search.psearch(planner, qs, apaths) == answer(literal.psearch(planner, qs, apaths))
    assert search.psearch_(planner, qs, alater, apaths) == answer(
        literal.psearch_(planner, qs, alater, apaths)
    )


@MANY
@given(seeded())
def test_every_search_expands_what_the_equations_expand(seed: Seeded) -> None:
    """The same states, as many, in the equations' order as a tracer lists them
    (``bfsearch'`` expands a level last state first and tells the tracer the level's
    order), with every start's history before the moves found."""
    (edges, _, goal), qs = seed.case, seed.qs
    rs = [Path(plist([-1 - i]), q) for i, (q, _) in enumerate(seed.rs)]  # -1, -2, ...
    ps = [Path(plist([-10 - i]), q) for i, (q, _) in enumerate(seed.ps)]  # -10, -11, ...
    plain_ars, plain_aps = seed.apaths()
    ars = [APath(p.history, p.state, a.plan) for p, a in zip(rs, plain_ars, strict=True)]
    aps = [APath(p.history, p.state, a.plan) for p, a in zip(ps, plain_aps, strict=True)]
    puzzle, planner = graph.puzzle(edges, goal), graph.planner(edges, goal)
    searches: dict[str, tuple[Watched, Callable[[], Stepped]]] = {
        "bfsearch": (
            lambda w: search.bfsearch(w.watch(puzzle), qs, ps),
            lambda: literal.bfsearch(puzzle, qs, ps),
        ),
        "bfsearch_": (
            lambda w: search.bfsearch_(w.watch(puzzle), qs, rs, ps, w.levels),
            lambda: literal.bfsearch_(puzzle, qs, rs, ps),
        ),
        "dfsearch": (
            lambda w: search.dfsearch(w.watch(puzzle), qs, ps),
            lambda: literal.dfsearch(puzzle, qs, ps),
        ),
        "psearch": (
            lambda w: search.psearch(w.watch_planner(planner), qs, aps),
            lambda: literal.psearch(planner, qs, aps),
        ),
        "psearch_": (
            lambda w: search.psearch_(w.watch_planner(planner), qs, ars, aps),
            lambda: literal.psearch_(planner, qs, ars, aps),
        ),
    }
    for name, (ours, equations) in searches.items():
        tracer = Tracer()
        assert ours(Meter(STATES, observer=tracer)) == literal.answer(equations()), name
        states = [e.state for e in tracer.recorded if isinstance(e, Expanded)]
        assert states == literal.expanded(equations()), name


def planned(puzzle: Puzzle[Node, Node], edges: Edges, goal: Node) -> Planner[Node, Node]:
    """The graph's planner over ``puzzle`` (a recording one, say)."""
    planner = graph.planner(edges, goal)
    return Planner(puzzle, planner.goalmoves, planner.newplans)


@SEVERAL
@given(seeded())
def test_visited_states_are_never_expanded(seed: Seeded) -> None:
    (edges, q, goal), qs = seed.case, seed.qs
    puzzle, planner = graph_puzzle(edges, goal), graph_planner(edges, goal)
    shortest = distance(edges, [q], goal, visited=qs)
    found = {
        "bfsearch": search.bfsearch(puzzle, qs, [start(q)]),
        "bfsearch_": search.bfsearch_(puzzle, qs, [], [start(q)]),
        "dfsearch": search.dfsearch(puzzle, qs, [start(q)]),
        "psearch": search.psearch(planner, qs, [astart(planner, q)]),
        "psearch_": search.psearch_(planner, qs, [], [astart(planner, q)]),
    }
    for name, plan in found.items():
        assert (plan is None) == (shortest is None), name
        if plan is not None:
            assert replay(puzzle, q, plan) == goal, name
            # no visited node is ever left: only the goal may be one
            assert all(r not in qs for r in [q, *plan][:-1]), name
    for name in ("bfsearch", "bfsearch_"):
        plan = found[name]
        assert (None if plan is None else len(plan)) == shortest, name


def recording(puzzle: Puzzle[S, M], expanded: list[S]) -> Puzzle[S, M]:
    """The puzzle, noting in ``expanded`` each state whose moves a search asks for."""

    def moves(q: S) -> Sequence[M]:
        expanded.append(q)
        return puzzle.moves(q)

    return Puzzle(moves, puzzle.move, puzzle.solved)


@given(seeded())
def test_no_search_expands_a_state_twice_or_a_visited_one(seed: Seeded) -> None:
    """``q ∈ qs`` is asked before ``q`` is expanded, and every expanded ``q`` joins ``qs``:
    a search expands each state once at most, whether or not it finds the goal."""
    (edges, _, goal), qs = seed.case, seed.qs
    expanded: list[Node] = []
    puzzle = recording(graph_puzzle(edges, goal), expanded)
    for name, run in seed.searches(puzzle, planned(puzzle, edges, goal)).items():
        expanded.clear()
        run(qs)
        assert len(set(expanded)) == len(expanded), name
        assert set(expanded).isdisjoint(qs), name


@given(seeded())
def test_visited_states_may_come_in_any_iterable_and_are_left_alone(seed: Seeded) -> None:
    """One ``set`` goes through every search in turn: none may change it, or keep it as
    its own visited set, and each finds what it finds with a list."""
    (edges, _, goal), qs = seed.case, seed.qs
    searches = seed.searches(graph_puzzle(edges, goal), graph_planner(edges, goal))
    callers = set(qs)
    for name, run in searches.items():
        expected = run(list(qs))
        assert run(callers) == expected, name
        assert callers == set(qs), f"{name} changed the caller's set"
        assert run(frozenset(qs)) == expected, name
        assert run(q for q in qs) == expected, name


def test_a_visited_predecessor_cuts_the_goal_off() -> None:
    edges = {0: [1, 2], 1: [3], 2: [4], 4: [3]}
    puzzle, planner = graph_puzzle(edges, 3), graph_planner(edges, 3)
    assert search.bfsearch(puzzle, [1], [start(0)]) == [2, 4, 3]
    for qs in ([1, 4], [1, 2], [0]):
        assert search.bfsearch(puzzle, qs, [start(0)]) is None
        assert search.bfsearch_(puzzle, qs, [], [start(0)]) is None
        assert search.dfsearch(puzzle, qs, [start(0)]) is None
        assert search.psearch(planner, qs, [astart(planner, 0)]) is None
        assert search.psearch_(planner, qs, [], [astart(planner, 0)]) is None


def test_a_visited_goal_is_still_reached() -> None:
    """``solved q`` is tested before ``q ∈ qs``."""
    edges = {0: [1], 1: [2]}
    puzzle, planner = graph_puzzle(edges, 2), graph_planner(edges, 2)
    assert search.bfsearch(puzzle, [2], [start(0)]) == [1, 2]
    assert search.bfsearch_(puzzle, [2], [], [start(0)]) == [1, 2]
    assert search.dfsearch(puzzle, [2], [start(0)]) == [1, 2]
    assert search.psearch(planner, [2], [astart(planner, 0)]) == [1, 2]
    assert search.psearch_(planner, [2], [], [astart(planner, 0)]) == [1, 2]
    assert search.bfsearch(puzzle, [2], [start(2)]) == []


@SEVERAL
@given(cases(), st.lists(st.integers(0, 11), min_size=1, max_size=3))
def test_a_frontier_of_several_starts_finds_the_nearest(case: Case, sources: list[Node]) -> None:
    edges, _, goal = case
    puzzle = graph_puzzle(edges, goal)
    paths = starts(sources)
    shortest = distance(edges, sources, goal)
    for plan in (search.bfsearch(puzzle, [], paths), search.bfsearch_(puzzle, [], [], paths)):
        assert (None if plan is None else len(plan)) == shortest


def test_bfsearch_and_its_accumulating_form_break_ties_differently() -> None:
    """``bfsearch'`` reads level 2 as ``succs 2 ++ succs 1`` = [5, 6, 3, 4], so level 3
    holds 7-via-4 first; ``bfsearch`` and ``dfsearch`` go through 1 and 3."""
    edges = {0: [1, 2], 1: [3, 4], 2: [5, 6], 3: [7], 4: [7], 5: [7], 6: [7]}
    puzzle = graph_puzzle(edges, 7)
    assert search.bfsolve(puzzle, 0) == [1, 4, 7]
    assert search.bfsearch_(puzzle, [], [], [start(0)]) == [1, 4, 7]
    assert search.bfsearch(puzzle, [], [start(0)]) == [1, 3, 7]
    assert search.dfsolve(puzzle, 0) == [1, 3, 7]


def test_an_accumulated_frontier_waits_for_the_next_level() -> None:
    """``bfsearch' qs rs [] = bfsearch' qs [] rs``; paths in ``ps`` come before ``rs``."""
    edges = {0: [9], 1: [5], 5: [9]}
    puzzle = graph_puzzle(edges, 9)
    assert search.bfsearch_(puzzle, [], [start(0)], []) == [9]
    assert search.bfsearch_(puzzle, [], [start(0)], [start(1)]) == [9]  # via 0, level 2
    assert search.bfsearch_(puzzle, [], [start(1)], [start(0)]) == [9]
    assert search.bfsearch_(puzzle, [], [], []) is None


def test_the_first_frontier_is_read_head_first() -> None:
    """ps = [0, 1]: ``bfsearch'`` gathers level 1 as [y1, x0] and level 2 as [9 via x0, 9 via y1],
    so the search through 0 wins twice over; any other reading of ps picks 1."""
    edges = {0: [10], 1: [11], 10: [9], 11: [9]}
    puzzle = graph_puzzle(edges, 9)
    assert search.bfsearch(puzzle, [], starts([0, 1])) == [10, 9]
    assert search.bfsearch_(puzzle, [], [], starts([0, 1])) == [10, 9]
    assert search.bfsearch_(puzzle, [], [], starts([1, 0])) == [11, 9]
    assert search.dfsearch(puzzle, [], starts([1, 0])) == [11, 9]


def test_fresh_plans_wait_in_the_order_of_the_moves() -> None:
    """An empty plan has no asuccs; bsuccs queues 1 before 2, each planning [9]."""
    edges = {0: [1, 2], 1: [9], 2: [9]}
    planner = graph_planner(edges, 9)
    lost: list[APath[Node, Node]] = [APath(plist(), 0, ())]
    assert search.psearch(planner, [], lost) == [1, 9]
    assert search.psearch_(planner, [], [], lost) == [1, 9]
    assert search.psearch_(planner, [], lost, []) == [1, 9]


def test_planning_follows_its_plan_past_a_shorter_route() -> None:
    """goalmoves 0 = [9]; premoves of 9 are 3 then 2, so the first plan is [1, 3, 9]:
    planned moves jump the queue, and psolve takes three moves where two would do."""
    edges = {0: [1, 2], 1: [3], 3: [9], 2: [9]}
    planner = graph_planner(edges, 9)
    assert search.newplans(planner.puzzle, graph.premoves(edges), 0, (9,)) == [(1, 3, 9), (2, 9)]
    assert search.psolve(planner, 0) == [1, 3, 9]
    assert search.psearch(planner, [], [astart(planner, 0)]) == [1, 3, 9]
    assert search.bfsolve(planner.puzzle, 0) == [2, 9]


def test_a_start_that_is_solved_needs_no_move() -> None:
    planner = graph_planner({0: [0]}, 0)
    for plan in every_search({0: [0]}, 0, 0).values():
        assert plan == []
    assert search.psearch_(planner, [0], [], [astart(planner, 0)]) == []


# --- purity ---------------------------------------------------------------------------


@SEVERAL
@given(seeded())
def test_no_search_changes_its_arguments(seed: Seeded) -> None:
    (edges, _, goal), qs = seed.case, seed.qs
    edges_before, qs_before = copy.deepcopy(edges), list(qs)
    puzzle, planner = graph_puzzle(edges, goal), graph_planner(edges, goal)
    later, paths = seed.paths()
    alater, apaths = seed.apaths()
    frontiers_before = (list(later), list(paths), list(alater), list(apaths))
    search.bfsearch(puzzle, qs, paths)
    search.bfsearch_(puzzle, qs, later, paths)
    search.dfsearch(puzzle, qs, paths)
    search.psearch(planner, qs, apaths)
    search.psearch_(planner, qs, alater, apaths)
    for q, _ in seed.ps:
        search.bfsolve(puzzle, q)
        search.dfsolve(puzzle, q)
        search.psolve(planner, q)
    assert qs == qs_before
    assert (later, paths, alater, apaths) == frontiers_before
    assert edges == edges_before


# --- depth: tail calls are loops --------------------------------------------------------


def chain(n: int) -> Edges:
    """0 -> 1 -> ... -> n, with a dead-end spur at each node to keep the frontiers busy."""
    return {i: [i + 1, -i - 1] for i in range(n)}


@pytest.mark.premoves(100_000)  # a plan of n moves along a chain, which cannot repeat
def test_thousands_of_moves_stay_clear_of_the_recursion_limit() -> None:
    limit = sys.getrecursionlimit()
    n = 3 * limit
    edges = chain(n)
    # three searches each, every one expanding each of the 2n nodes at most once
    puzzle, planner = graph_puzzle(edges, n, 6 * n), graph_planner(edges, n, 6 * n)
    path = list(range(1, n + 1))
    assert search.bfsolve(puzzle, 0) == path
    assert search.dfsolve(puzzle, 0) == path
    assert search.bfsearch(puzzle, [], [start(0)]) == path
    assert search.psolve(planner, 0) == path  # mkplans grows a plan of n moves first
    assert search.psearch(planner, [], [astart(planner, 0)]) == path
    assert sys.getrecursionlimit() == limit


def test_a_hundred_thousand_moves_breadth_and_depth_first() -> None:
    limit = sys.getrecursionlimit()
    n = 100_000
    puzzle = graph_puzzle({i: [i + 1] for i in range(n)}, n, states=2 * n)
    for solve in (search.bfsolve, search.dfsolve):
        plan = solve(puzzle, 0)
        assert plan is not None
        assert (len(plan), plan[0], plan[-1]) == (n, 1, n)
    assert sys.getrecursionlimit() == limit


@pytest.mark.premoves(100_000)  # as above
def test_mkplans_grows_a_long_plan_without_recursion() -> None:
    n = 3 * sys.getrecursionlimit()
    plans = search.mkplans([0], lambda m: [[m - 1]], (n,))
    assert plans == [tuple(range(n + 1))]


# --- succs, asuccs, bsuccs -----------------------------------------------------------


def test_succs_extends_a_history_without_copying_it() -> None:
    puzzle = graph_puzzle({0: [1], 1: [2, 3]}, 3)
    (p,) = search.succs(puzzle, start(0))
    children = search.succs(puzzle, p)
    assert [(c.history.first, c.state) for c in children] == [(2, 2), (3, 3)]
    assert all(c.history.rest is p.history for c in children)


@SEVERAL
@given(cases(), st.data())
def test_asuccs_and_bsuccs_follow_their_definitions(case: Case, data: st.DataObject) -> None:
    edges, q, goal = case
    plan = data.draw(
        st.lists(st.sampled_from(sorted(edges)), max_size=3).map(tuple) | st.just((goal,))
    )
    planner: Planner[Node, Node] = graph_planner(edges, goal)
    p = APath(plist([-1]), q, plan)
    premoves = graph.premoves(edges)
    grown = literal.newplans(graph.puzzle(edges, goal), premoves, q, plan)
    expected_a = [(ms[0], ms[1:]) for ms in literal.answer(grown)]
    asuccs = search.asuccs(planner, p)
    assert [(a.history.first, a.plan) for a in asuccs] == expected_a
    assert all(a.state == a.history.first and a.history.rest is p.history for a in asuccs)
    bsuccs = search.bsuccs(planner, p)
    assert [(b.history.first, b.state) for b in bsuccs] == [(m, m) for m in edges[q]]
    assert all(b.plan == planner.goalmoves(b.state) for b in bsuccs)
    assert all(b.history.rest is p.history for b in bsuccs)


# --- mkplans and newplans ------------------------------------------------------------


def table(entries: dict[str, list[str]]) -> Callable[[str], list[list[str]]]:
    """premoves from a table: each entry lists one-letter moves, one string per way."""
    return lambda m: [list(way) for way in entries.get(m, [])]


def test_mkplans_concatenates_in_the_order_of_premoves() -> None:
    """mkplans [g] = concat [mkplans [x, g], mkplans [y, g]]
    = [[a, x, g], [b, x, g]] ++ [[b, y, g]]"""
    premoves = table({"g": ["x", "y"], "x": ["a", "b"], "y": ["b"]})
    plans = search.mkplans(["a", "b"], premoves, ("g",))
    assert plans == [("a", "x", "g"), ("b", "x", "g"), ("b", "y", "g")]


def test_mkplans_prepends_a_premove_list_whole_and_skips_repeats() -> None:
    premoves = table({"g": ["pq", "rg", "s"], "p": ["a"], "s": ["g"]})
    # "pq" goes in front as it stands; "rg" repeats g; "s" would need g before g
    assert search.mkplans(["a"], premoves, ("g",)) == [("a", "p", "q", "g")]


def test_mkplans_drops_a_way_that_repeats_any_move_of_the_plan() -> None:
    """all (∉ ms) pms: the way ["b", "c"] to make "c" legal repeats "c", so it is dropped
    although "b" is new; keeping it would give the plan ("a", "b", "c", "c")."""
    premoves = {"c": [["b", "c"]], "b": [["a"]]}.__getitem__
    assert search.mkplans(["a"], premoves, ("c",)) == []


def test_mkplans_of_a_legal_or_empty_plan() -> None:
    def never(m: str) -> list[list[str]]:
        raise AssertionError(f"premoves asked about {m!r}")

    assert search.mkplans(["a"], never, ("a", "z", "z")) == [("a", "z", "z")]
    assert search.mkplans(["a"], never, ()) == []
    assert search.mkplans([], table({"g": ["x"]}), ("g",)) == []


MOVES = "abcdefg"


@st.composite
def premove_tables(draw: st.DrawFn) -> dict[str, list[str]]:
    """Premoves over seven moves; every way is non-empty, so mkplans terminates."""
    way = st.text(MOVES, min_size=1, max_size=2)
    return draw(st.dictionaries(st.sampled_from(MOVES), st.lists(way, max_size=3)))


@SEVERAL
@given(
    premove_tables(),
    st.lists(st.sampled_from(MOVES), max_size=3),
    st.text(MOVES, max_size=3).map(tuple),
)
def test_mkplans_follows_its_equations(
    entries: dict[str, list[str]], legal: list[str], ms: tuple[str, ...]
) -> None:
    def reference(ms: tuple[str, ...]) -> list[tuple[str, ...]]:
        if not ms:
            return []
        if ms[0] in legal:
            return [ms]
        ways = [way for way in table(entries)(ms[0]) if all(x not in ms for x in way)]
        return [plan for way in ways for plan in reference((*way, *ms))]

    before = (copy.deepcopy(entries), list(legal))
    plans = search.mkplans(legal, table(entries), ms)
    assert plans == reference(ms)
    assert all(plan[0] in legal for plan in plans)
    assert all(plan[len(plan) - len(ms) :] == ms for plan in plans)
    assert (entries, legal) == before


@SEVERAL
@given(cases())
def test_newplans_are_walks_to_the_goal_starting_with_a_legal_move(case: Case) -> None:
    edges, q, goal = case
    planner = graph_planner(edges, goal)
    plans = list(planner.newplans(q, (goal,)))
    assert plans == search.newplans(planner.puzzle, graph.premoves(edges), q, (goal,))
    for plan in plans:
        assert plan[0] in edges.get(q, [])
        assert plan[-1] == goal
        assert all(b in edges.get(a, []) for a, b in pairwise(plan))
        assert len(set(plan)) == len(plan)
