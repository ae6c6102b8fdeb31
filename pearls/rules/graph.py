"""A directed graph's rules, as a person states them: a move steps from the node one
stands on along one of its edges; solved on the goal.

The graph is the text's: ``start a; goal d; a -> b c; b -> d`` (parts by line or
``;``), or the same as a JSON object ``{"start": ..., "goal": ..., "edges": {...}}``.  A
state is a node's name; a move ``{"from": "a", "to": "b"}``.

>>> from pearls.rules import Posed, written
>>> check(Posed("start a; goal c; a -> b; b -> c", {}, "a"), written(
...     ["a", "b", "c"], [{"from": "a", "to": "b"}, {"from": "b", "to": "c"}]))
>>> legal(Posed("start a; goal c; a -> c b", {}, "a"), "a")
[({'from': 'a', 'to': 'b'}, 'b'), ({'from': 'a', 'to': 'c'}, 'c')]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping

from pearls.description import JSON, Solution
from pearls.rules import Illegal, Posed, Rules, Step, allowed, fields, replay, text

__all__ = ["check", "graph_of", "legal"]

Edges = Mapping[str, frozenset[str]]  # each node's successors, e.g. {"a": {"b", "c"}}


def graph_of(description: str) -> tuple[str, str, Edges]:
    """The start, goal and edges a graph's text (or JSON) describes.

    >>> graph_of("start a; goal c; a -> b c; a -> d")[2]["a"] == {"b", "c", "d"}
    True
    """
    if description.lstrip().startswith("{"):
        obj = json.loads(description)
        edges = {q: frozenset(rs) for q, rs in obj.get("edges", {}).items()}
        return obj["start"], obj["goal"], edges
    start = goal = ""
    successors: dict[str, set[str]] = {}
    for part in description.replace(";", "\n").splitlines():
        words = part.split()
        if words[:1] == ["start"]:
            start = words[1]
        elif words[:1] == ["goal"]:
            goal = words[1]
        elif words:
            successors.setdefault(words[0], set()).update(words[2:])
    return start, goal, {q: frozenset(rs) for q, rs in successors.items()}


def read(j: JSON) -> str:
    """A node's name."""
    return text(j, "a node")


def step(edges: Edges) -> Callable[[str, JSON], str]:
    """A step by the rules: from the node one stands on, along one of its edges."""

    def along(q: str, m: JSON) -> str:
        move = fields(m, "from", "to")
        source, target = text(move["from"], "a node"), text(move["to"], "a node")
        if source != q:
            raise Illegal(f"the step leaves {source!r}, but the walk stands on {q!r}")
        if target not in edges.get(q, frozenset()):
            raise Illegal(f"no edge from {q!r} to {target!r}")
        return target

    return along


def edges_out(edges: Edges) -> Callable[[str], Iterator[JSON]]:
    """Every edge out of the node one stands on."""

    def tries(q: str) -> Iterator[JSON]:
        for r in sorted(edges.get(q, frozenset())):
            yield {"from": q, "to": r}

    return tries


def rules_of(posed: Posed) -> Rules[str]:
    """The rules of the graph ``posed``: along its edges to its goal."""
    _, goal, edges = graph_of(posed.text)
    out = edges_out(edges)
    return Rules(read, step(edges), lambda q: q == goal, tries=out, write=str, offers=out)


def check(posed: Posed, solution: Solution) -> None:
    """Raise :class:`~pearls.rules.Illegal` unless the solution walks from the start to the
    goal along the graph's edges."""
    start, _, _ = graph_of(posed.text)
    if posed.start != start:
        raise Illegal(f"the walk starts on {posed.start!r}, not on the start {start!r}")
    replay(rules_of(posed), posed, solution)


def legal(posed: Posed, state: JSON) -> list[Step]:
    """Every edge out of the node ``state``, with the node it reaches."""
    return allowed(rules_of(posed), state)
