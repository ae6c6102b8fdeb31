"""Whole-space analysis, checked against an independent multi-source breadth-first
search on small random graphs, and on Rush Hour's p1 (4,780 positions, p4 among them).

The yardstick ``distances`` computes every node's distance from the nearest start over
the edge lists themselves; ``first_reached`` lists each level in the order its nodes are
first met when the previous level is read left to right, each node's successors in the
graph's order.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain, islice
from typing import NamedTuple, TypeAlias

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pearls.analysis import Analysis, PerfectHash, analyze, analyze_compact, is_perfect, levels
from pearls.errors import HashError
from pearls.limits import Meter
from pearls.puzzles import graph
from pearls.puzzles import rushhour as rh
from pearls.types import M, Puzzle, S

Node: TypeAlias = int
Edges: TypeAlias = dict[Node, list[Node]]


class Space(NamedTuple):
    """A directed graph on nodes ``0..n-1``, its start nodes, and a goal (which the
    analysis must ignore)."""

    edges: Edges
    starts: list[Node]
    goal: Node

    @property
    def puzzle(self) -> Puzzle[Node, Node]:
        """The graph as a puzzle, stopped past one expansion a node."""
        return once_each(graph.puzzle(self.edges, self.goal), len(self.edges))


def once_each(puzzle: Puzzle[S, M], states: int) -> Puzzle[S, M]:
    """The puzzle, stopped past ``states`` expansions: an analysis of that many states
    expands each once, so one that forgets what it has met fails at once instead of
    running for ever."""
    return Meter(max_states=states).watch(puzzle)


@st.composite
def spaces(draw: st.DrawFn, max_nodes: int = 12) -> Space:
    """Graphs on nodes ``0..n-1``, each node with 0 to 3 successors (repeats and self-loops
    allowed), and 0 to 3 starts (repeats allowed)."""
    n = draw(st.integers(1, max_nodes))
    node = st.integers(0, n - 1)
    edges = {q: draw(st.lists(node, max_size=3)) for q in range(n)}
    return Space(edges, draw(st.lists(node, max_size=3)), draw(node))


# --- independent yardsticks -----------------------------------------------------------


def distances(edges: Edges, starts: Iterable[Node]) -> dict[Node, int]:
    """The distance of every node reachable from the nearest start."""
    dist = dict.fromkeys(starts, 0)
    todo = list(dist)
    for q in todo:  # todo grows while read: a queue
        for r in edges.get(q, []):
            if r not in dist:
                dist[r] = dist[q] + 1
                todo.append(r)
    return dist


def first_reached(edges: Edges, starts: list[Node]) -> list[list[Node]]:
    """The levels, each in the order its nodes are first met."""
    dist = distances(edges, starts)
    order = list(dist)  # insertion order is the order of first meeting
    depth = max(dist.values(), default=-1)
    return [[q for q in order if dist[q] == d] for d in range(depth + 1)]


# --- levels --------------------------------------------------------------------------------


@given(spaces())
def test_each_state_lies_in_the_level_of_its_distance(space: Space) -> None:
    dist = distances(space.edges, space.starts)
    found = list(levels(space.puzzle, space.starts))
    for d, level in enumerate(found):
        assert level, "no level is empty"
        assert len(level) == len(set(level)), "no state twice in a level"
        assert {q for q, e in dist.items() if e == d} == set(level)
    states = list(chain.from_iterable(found))
    assert len(states) == len(set(states)) == len(dist), "levels are disjoint and cover all"


@given(spaces())
def test_levels_list_states_in_the_order_first_reached(space: Space) -> None:
    found = list(levels(space.puzzle, space.starts))
    assert found == first_reached(space.edges, space.starts)
    assert found == list(levels(space.puzzle, space.starts)), "the same on every run"


@given(spaces())
def test_levels_read_their_starts_once_from_any_iterable(space: Space) -> None:
    assert list(levels(space.puzzle, iter(space.starts))) == list(
        levels(space.puzzle, list(space.starts))
    )


def test_solved_states_play_no_part() -> None:
    edges = {0: [1], 1: [2], 2: [3]}
    assert list(levels(once_each(graph.puzzle(edges, 1), 4), [0])) == [[0], [1], [2], [3]]


def test_levels_come_lazily_from_an_endless_space() -> None:
    endless: Puzzle[int, int] = Puzzle(lambda n: [1, 2], lambda n, m: n + m, lambda n: False)
    assert list(islice(levels(endless, [0]), 4)) == [[0], [1, 2], [3, 4], [5, 6]]


def test_no_starts_no_levels() -> None:
    assert list(levels(graph.puzzle({0: [1]}, 1), [])) == []
    a = analyze(graph.puzzle({0: [1]}, 1), [])
    assert (a.states, a.histogram, a.farthest) == (0, (), ())


# --- analyze -------------------------------------------------------------------------------


@given(spaces())
def test_analysis_sums_up_the_distances(space: Space) -> None:
    dist = distances(space.edges, space.starts)
    a = analyze(space.puzzle, space.starts)
    assert a.states == sum(a.histogram) == len(dist)
    assert a.histogram == tuple(
        sum(1 for e in dist.values() if e == d) for d in range(len(a.histogram))
    )
    assert all(a.histogram)
    if dist:
        assert a.max_distance == max(dist.values())
        assert set(a.farthest) == {q for q, e in dist.items() if e == a.max_distance}
        assert list(a.farthest) == list(levels(space.puzzle, space.starts))[-1]


def test_the_docstring_example() -> None:
    a = analyze(once_each(graph.puzzle({1: [2, 3], 2: [4], 3: [4], 4: [5, 1]}, goal=0), 5), [1])
    assert a == Analysis(states=5, histogram=(1, 2, 1, 1), farthest=(5,))
    assert a.max_distance == 3


# --- perfect hashing -----------------------------------------------------------------------


@given(spaces(), st.data())
def test_a_perfect_hash_changes_nothing(space: Space, data: st.DataObject) -> None:
    n = len(space.edges)
    identity: PerfectHash[Node] = PerfectHash(rank=lambda q: q, size=n)
    ranks = data.draw(st.permutations(range(n)))
    shuffled: PerfectHash[Node] = PerfectHash(rank=ranks.__getitem__, size=n)
    assert is_perfect(shuffled, range(n))
    expected = list(levels(space.puzzle, space.starts))
    for h in (identity, shuffled):
        assert list(levels(space.puzzle, space.starts, h)) == expected
        assert analyze(space.puzzle, space.starts, h) == analyze(space.puzzle, space.starts)


class Ranked(NamedTuple):
    """Distinct states and a bijection from them onto ``range(len(states))``."""

    states: list[str]
    ranks: dict[str, int]


@st.composite
def ranked(draw: st.DrawFn, min_size: int = 0) -> Ranked:
    names = st.lists(st.integers(0, 99), min_size=min_size, max_size=10, unique=True)
    states = [f"q{i}" for i in draw(names)]
    ranks = draw(st.permutations(range(len(states))))
    return Ranked(states, dict(zip(states, ranks, strict=True)))


def perfect_hash(ranks: dict[str, int], size: int) -> PerfectHash[str]:
    return PerfectHash(rank=ranks.__getitem__, size=size)


@given(ranked())
def test_a_bijection_onto_the_ranks_is_perfect(r: Ranked) -> None:
    assert is_perfect(perfect_hash(r.ranks, len(r.states)), r.states)
    assert is_perfect(perfect_hash(r.ranks, len(r.states)), reversed(r.states))


@given(ranked(min_size=2), st.data())
def test_two_states_of_one_rank_are_not_perfect(r: Ranked, data: st.DataObject) -> None:
    a, b = data.draw(st.lists(st.sampled_from(r.states), min_size=2, max_size=2, unique=True))
    collided = {**r.ranks, a: r.ranks[b]}
    assert not is_perfect(perfect_hash(collided, len(r.states)), r.states)


@given(ranked(min_size=1), st.data())
def test_a_rank_out_of_range_is_not_perfect(r: Ranked, data: st.DataObject) -> None:
    n = len(r.states)
    a = data.draw(st.sampled_from(r.states))
    bad = data.draw(st.integers(max_value=-1) | st.integers(min_value=n))
    assert not is_perfect(perfect_hash({**r.ranks, a: bad}, n), r.states)


@given(ranked(min_size=1), st.data())
def test_a_rank_left_unused_is_not_perfect(r: Ranked, data: st.DataObject) -> None:
    n = len(r.states)
    assert not is_perfect(perfect_hash(r.ranks, n + 1), r.states)  # rank n unused
    missing = data.draw(st.sampled_from(r.states))
    assert not is_perfect(perfect_hash(r.ranks, n), [q for q in r.states if q != missing])


@given(ranked(min_size=1), st.data())
def test_a_state_counted_twice_is_not_perfect(r: Ranked, data: st.DataObject) -> None:
    twice = data.draw(st.sampled_from(r.states))
    assert not is_perfect(perfect_hash(r.ranks, len(r.states)), [*r.states, twice])


def test_a_rank_equal_to_the_size_is_out_of_range() -> None:
    """Three states ranked 1, 2, 3: distinct and three of them, but 3 is no rank of
    ``range(3)``."""
    assert not is_perfect(PerfectHash(lambda q: q + 1, 3), range(3))
    assert is_perfect(PerfectHash(lambda q: q - 1, 3), range(1, 4))


def test_the_docstring_examples_of_perfect_hashing() -> None:
    bits: PerfectHash[tuple[int, ...]] = PerfectHash(
        rank=lambda q: int("".join(map(str, q)), 2), size=8
    )
    corners = [(a, b, c) for a in (0, 1) for b in (0, 1) for c in (0, 1)]
    assert is_perfect(bits, corners)
    assert not is_perfect(bits, corners[:-1])
    assert is_perfect(PerfectHash(rank=lambda q: q, size=0), [])


# --- Rush Hour -----------------------------------------------------------------------------


def layout(g: rh.Grid) -> tuple[rh.Span, frozenset[rh.Span]]:
    """The special car, and the other vehicles in any order."""
    return g[0], frozenset(g[1:])


def test_rush_hour_p1_has_4780_positions_and_p4_is_one_of_them() -> None:
    found = list(levels(once_each(rh.puzzle, 4_780), [rh.p1]))
    states = list(chain.from_iterable(found))
    assert len(states) == len(set(states)) == 4_780
    assert layout(rh.p4) in {layout(g) for g in states}
    first_solved = next(d for d, level in enumerate(found) if any(map(rh.solved, level)))
    assert first_solved == 34  # the chapter's shortest solution of p1
    a = analyze(once_each(rh.puzzle, 4_780), [rh.p1])
    assert (a.states, a.histogram, a.farthest) == (4_780, tuple(map(len, found)), tuple(found[-1]))


def test_a_rank_below_zero_is_refused_not_wrapped_around() -> None:
    ring = graph.puzzle({0: [1, 3], 1: [2], 2: [0], 3: [2]}, goal=9)
    shifted: PerfectHash[int] = PerfectHash(rank=lambda q: q - 1, size=4)
    with pytest.raises(ValueError, match="ranks 0 as -1, outside range"):
        analyze(ring, [0], shifted)
    with pytest.raises(ValueError, match="ranks 0 as -1, outside range"):
        analyze_compact(ring, [0], shifted, int)


def test_a_rank_at_or_past_the_size_is_a_hash_error_not_an_index_error() -> None:
    ring = graph.puzzle({0: [1, 3], 1: [2], 2: [0], 3: [2]}, goal=9)
    short: PerfectHash[int] = PerfectHash(rank=lambda q: q, size=3)
    with pytest.raises(HashError, match=r"ranks 3 as 3, outside range\(3\)"):
        analyze(ring, [0], short)
    with pytest.raises(HashError, match=r"outside range\(3\)"):
        list(levels(ring, [3], short))


def test_a_size_no_memory_holds_is_a_memory_error_and_a_bad_size_a_hash_error() -> None:
    ring = graph.puzzle({0: [1], 1: [0]}, goal=9)
    huge: PerfectHash[int] = PerfectHash(rank=lambda q: q, size=10**20)
    with pytest.raises(MemoryError, match="more than this machine can address"):
        analyze(ring, [0], huge)
    with pytest.raises(MemoryError, match="more than this machine can address"):
        analyze_compact(ring, [0], huge, int)
    for size in (-1, 2.5, True, "4"):
        with pytest.raises(HashError, match="a whole number of at least 0"):
            PerfectHash(rank=lambda q: 0, size=size)  # type: ignore[arg-type]  # must be refused
