"""Any finite directed graph as a puzzle: the states are its nodes, a move names the
node to step to, and one node is the goal.

It is the smallest honest instance of the chapter's model, so the docstrings of
:mod:`pearls.search` use it, and the tests check the combinators on random graphs.
Planning works backwards: to step onto a node, first stand on one of its predecessors.
The chapter's ``newplans`` then lists every simple path into the goal, at every state the
search visits, so planning on a dense graph takes time exponential in its size (on a
complete graph of 10 nodes, seconds): plan on sparse graphs, search the others.

>>> from pearls.search import bfsolve
>>> bfsolve(puzzle({"home": ["shop", "park"], "park": ["pond"], "shop": []}, goal="pond"), "home")
['park', 'pond']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TypeVar

from pearls.search import planner as generic_planner
from pearls.types import Plan, Planner, Puzzle

__all__ = ["Edges", "goalmoves", "planner", "premoves", "puzzle"]

N = TypeVar("N", bound=Hashable)  # a node, e.g. "home"

Edges = Mapping[N, Iterable[N]]  # successors of each node, e.g. {"home": ["shop", "park"]}


def _frozen(edges: Edges[N]) -> dict[N, tuple[N, ...]]:
    return {q: tuple(rs) for q, rs in edges.items()}


def puzzle(edges: Edges[N], goal: N) -> Puzzle[N, N]:
    """The graph as a puzzle: ``moves q`` are the successors of ``q``, ``move q r = r``."""
    successors = _frozen(edges)
    return Puzzle(
        moves=lambda q: successors.get(q, ()),
        move=lambda q, r: r,
        solved=lambda q: q == goal,
    )


def premoves(edges: Edges[N]) -> Callable[[N, N], list[tuple[N]]]:
    """``premoves q r``: to step onto ``r``, first step onto one of its predecessors.

    >>> premoves({"a": "c", "b": "c"})("a", "c")
    [('a',), ('b',)]
    """
    predecessors: dict[N, list[tuple[N]]] = {}
    for q, rs in _frozen(edges).items():
        for r in rs:
            predecessors.setdefault(r, []).append((q,))
    return lambda q, r: predecessors.get(r, [])


def goalmoves(goal: N) -> Callable[[N], Plan[N]]:
    """The plan "step onto the goal", empty once there."""
    return lambda q: () if q == goal else (goal,)


def planner(edges: Edges[N], goal: N) -> Planner[N, N]:
    """The graph with the chapter's generic ``newplans`` over :func:`premoves`."""
    return generic_planner(puzzle(edges, goal), goalmoves(goal), premoves(edges))
