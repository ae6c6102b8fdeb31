"""A directed graph as a puzzle: the instance the combinators are tested on."""

from __future__ import annotations

import copy
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from pearls.puzzles import graph
from pearls.search import bfsolve, dfsolve, newplans, psolve

Node = int
Edges = dict[Node, list[Node]]


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
    assert bfsolve(puzzle, "a") == ["c"]


def test_a_puzzle_keeps_its_own_copy_of_the_edges() -> None:
    edges = {0: [1], 1: [2]}
    puzzle = graph.puzzle(edges, goal=2)
    planner = graph.planner(edges, goal=2)
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
    assert bfsolve(graph.puzzle(edges, goal="pond"), "home") == ["park", "pond"]
    assert dfsolve(graph.puzzle(edges, goal="pond"), "home") == ["park", "pond"]
    assert psolve(graph.planner(edges, goal="pond"), "home") == ["park", "pond"]
    assert psolve(graph.planner(edges, goal="home"), "park") is None


def simple_walks(edges: Edges, q: Node, goal: Node) -> set[tuple[Node, ...]]:
    """Every walk n1 .. nk = goal without repeated nodes such that n1 is a successor of q
    and no later node is: what planning backwards from the goal can find."""
    legal = set(edges.get(q, []))
    found: set[tuple[Node, ...]] = set()
    pending: list[tuple[Node, ...]] = [(goal,)]
    while pending:
        walk = pending.pop()
        if walk[0] in legal:
            found.add(walk)
            continue
        for p, rs in edges.items():
            if walk[0] in rs and p not in walk:
                pending.append((p, *walk))
    return found


@given(graphs())
def test_plans_are_the_simple_walks_to_the_goal(case: tuple[Edges, Node, Node]) -> None:
    edges, q, goal = case
    planner = graph.planner(edges, goal)
    plans = list(planner.newplans(q, (goal,)))
    assert len(plans) == len(set(plans))
    assert set(plans) == simple_walks(edges, q, goal)
    for plan in plans:
        assert all(b in edges[a] for a, b in pairwise(plan))


@given(graphs())
def test_the_planner_is_the_generic_newplans_over_premoves(
    case: tuple[Edges, Node, Node],
) -> None:
    edges, q, goal = case
    before = copy.deepcopy(edges)
    planner = graph.planner(edges, goal)
    plan = (goal,)
    assert list(planner.newplans(q, plan)) == newplans(
        graph.puzzle(edges, goal), graph.premoves(edges), q, plan
    )
    assert planner.goalmoves(q) == graph.goalmoves(goal)(q)
    assert list(planner.puzzle.moves(q)) == edges[q]
    assert edges == before
