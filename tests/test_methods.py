"""The method adapters: each runs its combinator on the puzzle, watched by the meter.

Each adapter is checked against the combinator it wraps, called directly: the same
answer, every expansion counted on the meter the runner is given (so the command line's
limits stop it), the ``shortest`` flag the laws rely on, and an ``about`` line that names
the combinator a user can look up.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pearls import backtrack as backtracking
from pearls import deepening, informed, literal, methods, search
from pearls.errors import LimitReached
from pearls.limits import Meter
from pearls.methods import Method
from pearls.puzzles import graph
from pearls.tracing import Expanded, Tracer
from pearls.types import Puzzle

# a -> b -> d is shortest; a -> c -> e -> d is longer; depth first takes c first
EDGES = {"a": "cb", "b": "d", "c": "e", "e": "d"}
LADDER = graph.puzzle(EDGES, goal="d")
DISTANCE = {"a": 2, "b": 1, "c": 2, "e": 1, "d": 0}

# the number line from 0 to 6, a move of -1 or +1, an estimate carried in the state
LINE = Puzzle(moves=lambda q: [-1, 1], move=lambda q, m: q + m, solved=lambda q: q == 6)
TO_SIX: informed.Estimate[int, int] = informed.Estimate(
    whole=lambda q: abs(6 - q), change=lambda q, m: abs(6 - q - m) - abs(6 - q)
)


def runs(method: Method[str, str], start: str = "a") -> tuple[list[str] | None, int]:
    """A method's answer from ``start``, and the states its meter counted."""
    meter = Meter(max_states=100)
    return method.run(start, meter), meter.expanded


def test_bfs_is_bfsolve_on_the_watched_puzzle() -> None:
    method = methods.bfs(LADDER)
    assert runs(method) == (search.bfsolve(LADDER, "a"), 3)
    assert method.shortest and "bfsolve" in method.about


def test_dfs_is_dfsolve_on_the_watched_puzzle() -> None:
    method = methods.dfs(LADDER)
    assert runs(method) == (search.dfsolve(LADDER, "a"), 3)
    assert runs(method)[0] == ["c", "e", "d"]
    assert not method.shortest and "dfsolve" in method.about


def test_plan_is_psolve_on_the_watched_planner() -> None:
    method = methods.plan(graph.planner(EDGES, "d"))
    assert runs(method) == (search.psolve(graph.planner(EDGES, "d"), "a"), 2)
    assert not method.shortest and "psolve" in method.about


def test_iddfs_is_idsolve_with_its_prune() -> None:
    assert runs(methods.iddfs(LADDER)) == (deepening.idsolve(LADDER, "a"), 4)

    def never_b(p: object, m: str) -> bool:
        return m == "b"

    pruned = methods.iddfs(LADDER, never_b)
    assert runs(pruned)[0] == ["c", "e", "d"]
    assert pruned.shortest and "idsolve" in pruned.about


def test_informed_methods_run_on_a_heuristic() -> None:
    method = methods.astar(LADDER, DISTANCE.__getitem__)
    deepened = methods.idastar(LADDER, DISTANCE.__getitem__)
    assert runs(method) == (informed.astar(LADDER, "a", DISTANCE.__getitem__), 2)
    assert runs(deepened) == (informed.idastar(LADDER, "a", DISTANCE.__getitem__), 2)
    assert method.shortest and deepened.shortest
    assert "astar" in method.about and "idastar" in deepened.about


def test_informed_methods_expand_what_their_own_search_expands() -> None:
    """Led by nothing (h = 0) the two differ: A* expands a, c, b and e once each, IDA*
    deepens three times (a; a, c, b; a, c, e, b), so each method must run its own."""

    def zero(q: str) -> int:
        return 0

    for method, direct, expanded in (
        (methods.astar, informed.astar, 4),
        (methods.idastar, informed.idastar, 8),
    ):
        meter = Meter(max_states=100)
        plan = direct(meter.watch(LADDER), "a", zero)
        assert runs(method(LADDER, zero)) == (plan, meter.expanded) == (["b", "d"], expanded)


@pytest.mark.parametrize("name", ["astar", "idastar"])
def test_informed_methods_carry_an_estimate_in_the_states(name: str) -> None:
    """With an Estimate, the search runs on scored states, led by the carried value:
    straight to 6, one expansion a step, and the moves are the puzzle's own."""
    adapter = methods.astar if name == "astar" else methods.idastar
    method = adapter(LINE, TO_SIX)
    meter = Meter(max_states=100)
    assert method.run(2, meter) == [1, 1, 1, 1]
    assert meter.expanded == 4
    assert method.shortest and name in method.about


def test_backtrack_is_the_first_of_the_solutions_in_the_order_given() -> None:
    method = methods.backtrack(LADDER)
    assert runs(method) == (next(backtracking.solutions(LADDER, "a")), 3)

    def reverse(q: str, ms: object) -> list[str]:
        return sorted(EDGES.get(q, ""), reverse=True)

    assert runs(methods.backtrack(LADDER, reverse))[0] == ["c", "e", "d"]
    assert runs(methods.backtrack(LADDER, lambda q, ms: sorted(ms)))[0] == ["b", "d"]
    assert runs(methods.backtrack(graph.puzzle(EDGES, goal="z")))[0] is None
    assert not method.shortest and "solutions" in method.about


COUNTDOWN = Puzzle(moves=lambda n: list(range(n)), move=lambda n, m: n - 1, solved=lambda n: n == 0)


def test_a_known_algorithm_counts_each_move_on_the_meter() -> None:
    method: Method[int, int] = methods.known(COUNTDOWN, range, "counting", shortest=True)
    meter = Meter(max_states=10)
    assert method.run(4, meter) == [0, 1, 2, 3]
    assert meter.expanded == 4
    assert (method.about, method.shortest) == ("counting", True)
    assert not methods.known(COUNTDOWN, range, "counting").shortest
    with pytest.raises(LimitReached):
        method.run(11, Meter(max_states=10))


def test_a_known_algorithm_watched_shows_the_states_it_passes_through() -> None:
    tracer = Tracer()
    meter = Meter(max_states=10, observer=tracer)
    assert methods.known(COUNTDOWN, range, "counting").run(4, meter) == [0, 1, 2, 3]
    shown = [(e.state, e.depth) for e in tracer.recorded if isinstance(e, Expanded)]
    assert shown == [(4, 0), (3, 1), (2, 2), (1, 3)] and meter.expanded == 4


def test_every_runner_stops_at_the_meters_limit() -> None:
    endless = Puzzle(moves=lambda n: [1, 2], move=lambda n, m: n + m, solved=lambda n: n < 0)
    adapters: list[Method[int, int]] = [
        methods.bfs(endless),
        methods.dfs(endless),
        methods.iddfs(endless),
        methods.astar(endless, lambda q: 0),
        methods.idastar(endless, lambda q: 0),
        methods.backtrack(endless),
    ]
    for method in adapters:
        with pytest.raises(LimitReached):
            method.run(0, Meter(max_states=50))


ABOUT: list[tuple[Callable[[], Method[str, str]], str]] = [
    (lambda: methods.bfs(LADDER), "a shortest solution, breadth first (bfsolve, Bird's bfsearch')"),
    (lambda: methods.dfs(LADDER), "a solution, often long, depth first (dfsolve, Bird's dfsearch)"),
    (
        lambda: methods.plan(graph.planner(EDGES, "d")),
        "a solution led by plans, goal moves and premoves (psolve, Bird's psearch')",
    ),
    (
        lambda: methods.iddfs(LADDER),
        "a shortest solution by iterative deepening, in little memory (idsolve)",
    ),
    (
        lambda: methods.astar(LADDER, DISTANCE.__getitem__),
        "a shortest solution led by a lower bound on the moves left (astar)",
    ),
    (
        lambda: methods.idastar(LADDER, DISTANCE.__getitem__),
        "a shortest solution by deepening on that bound, in little memory (idastar)",
    ),
    (
        lambda: methods.backtrack(LADDER),
        "the first solution by backtracking, no visited set (solutions)",
    ),
]


@pytest.mark.parametrize(("adapter", "about"), ABOUT)
def test_each_method_says_what_it_finds_and_names_its_combinator(
    adapter: Callable[[], Method[str, str]], about: str
) -> None:
    """The line ``pearls list`` and the help show: what it finds, then the function of
    the chapter (or of this library) to look up, with Bird's name for it.  (Each method
    is made in the test, not when the module is imported.)"""
    assert adapter().about == about


def test_the_chapters_methods_step_their_equations_literally() -> None:
    planner = graph.planner(EDGES, "d")
    chapter = methods.chapter(LADDER, planner)
    for name, otherwise in (("bfs", 5), ("dfs", 4), ("plan", 5)):
        stepper = chapter[name].steps
        assert stepper is not None, name
        steps = list(stepper("a", Meter()))
        found = chapter[name].run("a", Meter())
        assert [s.ps[0].state for s in steps if s.rule == otherwise] == literal.expanded(steps)
        assert steps[-1].ps[0].state == "d" and found is not None and found[-1] == "d", name
    assert methods.iddfs(LADDER).steps is None
