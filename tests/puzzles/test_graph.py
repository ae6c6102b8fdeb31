"""A directed graph as a puzzle: the instance the combinators are tested on."""

from __future__ import annotations

import copy
from collections.abc import Hashable
from itertools import pairwise
from typing import TypeVar

from hypothesis import given, settings
from hypothesis import strategies as st

from pearls.limits import Meter
from pearls.puzzles import graph
from pearls.search import bfsolve, dfsolve, psolve
from pearls.types import Planner, Puzzle

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")

Node = int
Edges = dict[Node, list[Node]]

STATES = 100  # expansions allowed one search of these small graphs before LimitReached


def bounded(puzzle: Puzzle[S, M]) -> Puzzle[S, M]:
    """The puzzle, its searches cut short with LimitReached past ``STATES`` expansions."""
    return Meter(max_states=STATES).watch(puzzle)


def bounded_planner(planner: Planner[S, M]) -> Planner[S, M]:
    """The planner, its searches cut short with LimitReached past ``STATES`` expansions."""
    return Meter(max_states=STATES).watch_planner(planner)


@st.composite
def graphs(draw: st.DrawFn, max_nodes: int = 9) -> tuple[Edges, Node, Node]:
    """A graph on nodes ``0..n-1`` without repeated edges, a node, and a goal."""
    n = draw(st.integers(1, max_nodes))
    node = st.integers(0, n - 1)
    edges = {q: draw(st.lists(node, max_size=3, unique=True)) for q in range(n)}
    return edges, draw(node), draw(node)


def test_moves_are_the_successors_in_order() -> None:
    puzzle = graph.puzzle({"a": ["c", "b"], "b": []}, goal="c")
    assert list(puzzle.moves("a")) == ["c", "b"]
    assert list(puzzle.moves("b")) == []
    assert list(puzzle.moves("z")) == []  # a node without an entry is a dead end
    assert puzzle.move("a", "b") == "b"
    assert puzzle.solved("c")
    assert not puzzle.solved("a")


def test_successors_may_be_any_iterable() -> None:
    puzzle = graph.puzzle({"a": "bc", "b": iter("c")}, goal="c")
    assert list(puzzle.moves("a")) == ["b", "c"]
    assert list(puzzle.moves("b")) == ["c"]
    assert list(puzzle.moves("b")) == ["c"]  # read once, kept: not an exhausted iterator
    assert bfsolve(bounded(puzzle), "a") == ["c"]


def test_a_puzzle_keeps_its_own_copy_of_the_edges() -> None:
    edges = {0: [1], 1: [2]}
    puzzle = bounded(graph.puzzle(edges, goal=2))
    planner = bounded_planner(graph.planner(edges, goal=2))
    edges[0].append(2)
    edges[1].clear()
    assert list(puzzle.moves(0)) == [1]
    assert bfsolve(puzzle, 0) == [1, 2]
    assert psolve(planner, 0) == [1, 2]


def test_premoves_are_the_predecessors_in_edge_order() -> None:
    premoves = graph.premoves({"b": "cd", "a": "c", "c": "c"})
    assert premoves("x", "c") == [("b",), ("a",), ("c",)]
    assert premoves("b", "c") == premoves("x", "c")  # the state does not matter
    assert premoves("x", "d") == [("b",)]
    assert premoves("x", "a") == []
    assert premoves("x", "nowhere") == []


def test_goalmoves_step_onto_the_goal_until_there() -> None:
    goalmoves = graph.goalmoves("g")
    assert goalmoves("a") == ("g",)
    assert goalmoves("g") == ()


def test_the_module_example() -> None:
    edges = {"home": ["shop", "park"], "park": ["pond"], "shop": []}
    puzzle = bounded(graph.puzzle(edges, goal="pond"))
    assert bfsolve(puzzle, "home") == ["park", "pond"]
    assert dfsolve(puzzle, "home") == ["park", "pond"]
    assert psolve(bounded_planner(graph.planner(edges, goal="pond")), "home") == ["park", "pond"]
    assert psolve(bounded_planner(graph.planner(edges, goal="home")), "park") is None


def simple_walks(edges: Edges, q: Node, goal: Node) -> list[tuple[Node, ...]]:
    """Every walk n1 .. nk = goal without repeated nodes such that n1 is a successor of q
    and no later node is: what planning backwards from the goal can find, in the order it
    finds them (a walk's first node's predecessors in the order of the edge lists)."""
    legal = edges.get(q, [])

    def grow(walk: tuple[Node, ...]) -> list[tuple[Node, ...]]:
        if walk[0] in legal:
            return [walk]
        before = [p for p, rs in edges.items() if walk[0] in rs and p not in walk]
        return [found for p in before for found in grow((p, *walk))]

    return grow((goal,))


@settings(max_examples=3 * settings().max_examples)  # milliseconds an example
@given(graphs())
def test_plans_are_the_simple_walks_to_the_goal(case: tuple[Edges, Node, Node]) -> None:
    edges, q, goal = case
    before = copy.deepcopy(edges)
    planner = graph.planner(edges, goal)
    plans = list(planner.newplans(q, (goal,)))
    assert plans == simple_walks(edges, q, goal)
    for plan in plans:
        assert all(b in edges[a] for a, b in pairwise(plan))
    assert planner.goalmoves(q) == (() if q == goal else (goal,))
    assert list(planner.puzzle.moves(q)) == edges[q]
    assert edges == before
