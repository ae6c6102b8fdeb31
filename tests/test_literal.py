"""The equations stepped literally (:mod:`pearls.literal`): each rule where the book
puts it, and the fast combinators of :mod:`pearls.search` held to them on Rush Hour
(the random graphs are ``tests/test_search.py``'s)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from pearls import literal, search
from pearls.limits import Meter
from pearls.puzzles import graph, rushhour
from pearls.tracing import Expanded, Tracer
from pearls.types import Path, astart, start

SLOW = pytest.mark.slow
LADDER = graph.puzzle({"a": "bc", "b": "d", "c": "e", "e": "d"}, goal="d")


def rules(steps: Iterable[literal.Step[object, object]]) -> list[int]:
    """The rules a search fires, in order."""
    return [step.rule for step in steps]


def test_every_rule_of_bfsearch_fires_where_the_book_says() -> None:
    loop = graph.puzzle({"a": "ba", "b": "a"}, goal="z")
    looped = literal.bfsearch(loop, [], [start("a")])
    assert rules(looped) == [4, 4, 3, 3, 1]
    solved = literal.bfsearch(LADDER, [], [start("d")])
    assert rules(solved) == [2]


def test_every_rule_of_bfsearch_prime_fires_where_the_book_says() -> None:
    loop = graph.puzzle({"a": "ba", "b": "a"}, goal="z")
    looped = literal.bfsearch_(loop, [], [], [start("a")])
    assert rules(looped) == [5, 2, 5, 4, 2, 4, 1]
    started = literal.bfsearch_(LADDER, [], [start("d")], [])
    assert rules(started) == [2, 3]


def test_the_variables_are_those_before_the_rule_fires() -> None:
    first, second = list(literal.bfsearch_(LADDER, ["z"], [], [start("a")]))[:2]
    assert (first.rule, first.qs, first.rs, first.ps) == (5, ("z",), (), (start("a"),))
    assert second.rule == 2 and second.qs == ("a", "z") and second.ps == ()
    assert [p.state for p in second.rs] == ["b", "c"]


def test_psearch_prime_and_mkplans_step_as_the_book_writes_them() -> None:
    planner = graph.planner({"a": "bc", "b": "e", "c": "d", "e": "d"}, goal="d")
    steps = list(literal.psearch_(planner, [], [], [astart(planner, "a")]))
    assert [(s.rule, [(p.state, p.plan) for p in s.ps]) for s in steps] == [
        (5, [("a", ("d",))]),
        (5, [("c", ("d",)), ("b", ("e", "d"))]),  # d's premoves: c, or e after b
        (3, [("d", ()), ("b", ("e", "d"))]),
    ]
    premoves = {"c": [["b"]], "b": [["z"], ["a"]], "z": [["c"]]}.__getitem__
    grown = list(literal.mkplans(["a"], premoves, ("c",)))
    assert [(s.rule, s.ms, s.pending) for s in grown] == [
        (3, ("c",), ()),
        (3, ("b", "c"), ()),
        (3, ("z", "b", "c"), (("a", "b", "c"),)),
        (2, ("a", "b", "c"), ()),
    ]


# bfsolve and dfsolve on g1, p1 and p2 take 3 to 11 s literally (qs is a list, ∈ a scan):
# make fuzz runs them
@pytest.mark.parametrize(
    "name", ["p3", *(pytest.param(n, marks=pytest.mark.slow) for n in ("g1", "p2"))]
)
def test_bfsolve_on_rush_hour_is_the_literal_bfsearch_prime(name: str) -> None:
    g = {"g1": rushhour.g1, "p2": rushhour.p2, "p3": rushhour.p3}[name]
    tracer = Tracer()
    meter = Meter(observer=tracer)
    found = search.bfsolve(meter.watch(rushhour.puzzle), g, meter.levels)
    path: Path[rushhour.Grid, rushhour.Move] = start(g)
    assert found == literal.answer(literal.bfsearch_(rushhour.puzzle, [], [], [path]))
    states = [e.state for e in tracer.recorded if isinstance(e, Expanded)]
    assert states == literal.expanded(literal.bfsearch_(rushhour.puzzle, [], [], [path]))


@pytest.mark.parametrize("name", ["g1", "p1", "p2", "p3"])
def test_psolve_on_rush_hour_is_the_literal_psearch_prime(name: str) -> None:
    g = {"g1": rushhour.g1, "p1": rushhour.p1, "p2": rushhour.p2, "p3": rushhour.p3}[name]
    tracer = Tracer()
    meter = Meter(observer=tracer)
    found = search.psolve(meter.watch_planner(rushhour.planner), g)
    steps = literal.psearch_(rushhour.planner, [], [], [astart(rushhour.planner, g)])
    assert found == literal.answer(steps)
    planned = [e.state for e in tracer.recorded if isinstance(e, Expanded)]
    steps = literal.psearch_(rushhour.planner, [], [], [astart(rushhour.planner, g)])
    assert planned == literal.expanded(steps)


@pytest.mark.parametrize(
    "name", ["p3", *(pytest.param(n, marks=pytest.mark.slow) for n in ("g1", "p1"))]
)
def test_dfsolve_on_rush_hour_is_the_literal_dfsearch(name: str) -> None:
    g = {"g1": rushhour.g1, "p1": rushhour.p1, "p3": rushhour.p3}[name]
    tracer = Tracer()
    meter = Meter(observer=tracer)
    found = search.dfsolve(meter.watch(rushhour.puzzle), g)
    assert found == literal.answer(literal.dfsearch(rushhour.puzzle, [], [start(g)]))
    states = [e.state for e in tracer.recorded if isinstance(e, Expanded)]
    assert states == literal.expanded(literal.dfsearch(rushhour.puzzle, [], [start(g)]))
