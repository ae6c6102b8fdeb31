"""The chapter's equations as the book writes them, stepped rule by rule.

Each equation group of the chapter is a generator here: it yields a :class:`Step` each
time one of its equations fires, the equation's number within its group (in the
book's order) and the group's variables just before it fires, and it returns what the
equations return.  Nothing is made faster than the equations make it: the visited
states ``qs`` are a list tested with ``∈``, ``ps ++ succs p`` copies the frontier,
and every path carries its own moves.  The combinators of :mod:`pearls.search` are
derived from these by the liberties their docstrings state, and the tests hold them to
these (answers, states expanded, their order).  Tail calls become iterations of a
``while``, and ``mkplans``'s ``concat`` of recursive calls an explicit stack, so a
step is a loop's turn, never a Python frame.

A path's moves ``ms`` are the chapter's :data:`~pearls.types.History`, newest first:
``ms ++ [m]`` is ``ms.cons(m)``, and a ``Just ms`` is read first move first
(:func:`~pearls.types.solution`).

>>> from pearls.puzzles import graph
>>> ladder = graph.puzzle({"a": "bc", "b": "d", "c": "e", "e": "d"}, goal="d")
>>> steps = bfsearch_(ladder, [], [], [start("a")])
>>> [(s.rule, s.qs, [p.state for p in s.rs], [p.state for p in s.ps]) for s in steps]
[(5, (), [], ['a']), (2, ('a',), ['b', 'c'], []), (5, ('a',), [], ['b', 'c']), \
(5, ('b', 'a'), ['d'], ['c']), (2, ('c', 'b', 'a'), ['e', 'd'], []), \
(5, ('c', 'b', 'a'), [], ['e', 'd']), (3, ('e', 'c', 'b', 'a'), ['d'], ['d'])]
>>> answer(bfsearch_(ladder, [], [], [start("a")]))
['b', 'd']
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Generic, TypeAlias, TypeVar

from pearls.types import (
    AFrontier,
    APath,
    Frontier,
    M,
    Path,
    Plan,
    Planner,
    Puzzle,
    S,
    astart,
    solution,
    start,
)

__all__ = [
    "RULES",
    "PlanStep",
    "Search",
    "Step",
    "answer",
    "astart",
    "asuccs",
    "bfsearch",
    "bfsearch_",
    "bsuccs",
    "dfsearch",
    "expanded",
    "mkplans",
    "newplans",
    "psearch",
    "psearch_",
    "start",
    "succs",
]

P = TypeVar("P", bound=Hashable)  # a path: Path[S, M] or APath[S, M]
R = TypeVar("R")  # what a group returns
Q_co = TypeVar("Q_co", covariant=True)  # a step's states
P_co = TypeVar("P_co", covariant=True)  # a step's paths


@dataclass(frozen=True)
class Step(Generic[Q_co, P_co]):
    """An equation of a search about to fire: its number ``rule`` within the group, and
    the group's variables just before: ``qs`` (newest first, as ``q : qs`` builds it),
    the accumulator ``rs`` (empty in a group that has none) and the frontier ``ps``,
    head first."""

    rule: int
    qs: tuple[Q_co, ...]
    rs: tuple[P_co, ...]
    ps: tuple[P_co, ...]


@dataclass(frozen=True)
class PlanStep(Generic[M]):
    """An equation of ``mkplans`` about to fire on the plan ``ms``, ``pending`` the
    plans the ``concat`` still has to grow after it, in order."""

    rule: int
    ms: Plan[M]
    pending: tuple[Plan[M], ...]


Search: TypeAlias = Generator[Step[S, P], None, list[M] | None]  # a search's steps

# What each rule of each group says, in the book's order, numbered from 1.
RULES: dict[str, tuple[str, ...]] = {
    "bfsearch": ("bfsearch qs [] = Nothing", "solved q", "q ∈ qs", "otherwise"),
    "bfsearch'": (
        "bfsearch' qs [] [] = Nothing",
        "bfsearch' qs rs [] = bfsearch' qs [] rs",
        "solved q",
        "q ∈ qs",
        "otherwise",
    ),
    "dfsearch": ("dfsearch qs [] = Nothing", "solved q", "q ∈ qs", "otherwise"),
    "mkplans": ("null ms", "m ∈ qms", "otherwise"),
    "psearch": ("psearch qs [] = Nothing", "solved q", "q ∈ qs", "otherwise"),
    "psearch'": (
        "psearch' qs [] [] = Nothing",
        "psearch' qs rs [] = psearch' qs [] rs",
        "solved q",
        "q ∈ qs",
        "otherwise",
    ),
}


def answer(steps: Generator[object, None, R]) -> R:
    """What a group returns, once all its steps are taken."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: R = done.value
            return result


def expanded(steps: Iterable[Step[S, P]]) -> list[S]:
    """The states a search expands, in order: each joins ``qs`` (``q : qs``) at the
    step after its own.

    >>> from pearls.puzzles import graph
    >>> expanded(dfsearch(graph.puzzle({1: [2, 3], 3: [4]}, goal=4), [], [start(1)]))
    [1, 2, 3]
    """
    return [after.qs[0] for before, after in pairwise(steps) if after.qs != before.qs]


# The paths one move on


def succs(puzzle: Puzzle[S, M], p: Path[S, M]) -> Frontier[S, M]:
    """``succs (ms, q) = [(ms ++ [m], move q m) | m <- moves q]`` (one equation).

    >>> from pearls.puzzles import graph
    >>> [p.state for p in succs(graph.puzzle({0: [1, 2]}, goal=2), start(0))]
    [1, 2]
    """
    ms, q = p
    return [Path(ms.cons(m), puzzle.move(q, m)) for m in puzzle.moves(q)]


def asuccs(planner: Planner[S, M], p: APath[S, M]) -> AFrontier[S, M]:
    """``asuccs (ms, q, plan) = [(ms ++ [m], move q m, plan') | m : plan' <- newplans q
    plan]`` (one equation)."""
    ms, q, plan = p
    move = planner.puzzle.move
    return [
        APath(ms.cons(new[0]), move(q, new[0]), tuple(new[1:])) for new in planner.newplans(q, plan)
    ]


def bsuccs(planner: Planner[S, M], p: APath[S, M]) -> AFrontier[S, M]:
    """``bsuccs (ms, q, _) = [(ms ++ [m], q', goalmoves q') | m <- moves q, let q' =
    move q m]`` (one equation)."""
    ms, q, _ = p
    puzzle = planner.puzzle
    moved = [(m, puzzle.move(q, m)) for m in puzzle.moves(q)]
    return [APath(ms.cons(m), r, tuple(planner.goalmoves(r))) for m, r in moved]


# The searches


def bfsearch(puzzle: Puzzle[S, M], qs: Sequence[S], ps: Frontier[S, M]) -> Search[S, Path[S, M], M]:
    """Breadth-first search, literally.

    ::

        bfsearch qs [] = Nothing                                        -- 1
        bfsearch qs (p@(ms, q) : ps)
          | solved q  = Just ms                                         -- 2
          | q ∈ qs    = bfsearch qs ps                                  -- 3
          | otherwise = bfsearch (q : qs) (ps ++ succs p)               -- 4
    """
    qs, ps = list(qs), list(ps)
    while True:
        if not ps:
            yield _step(1, qs, [], ps)
            return None
        p = ps[0]
        if puzzle.solved(p.state):
            yield _step(2, qs, [], ps)
            return solution(p.history)
        if p.state in qs:
            yield _step(3, qs, [], ps)
            ps = ps[1:]
            continue
        yield _step(4, qs, [], ps)
        qs, ps = [p.state, *qs], ps[1:] + succs(puzzle, p)


def bfsearch_(
    puzzle: Puzzle[S, M], qs: Sequence[S], rs: Frontier[S, M], ps: Frontier[S, M]
) -> Search[S, Path[S, M], M]:
    """Breadth-first search with the accumulator ``rs``, literally.

    ::

        bfsearch' qs [] [] = Nothing                                    -- 1
        bfsearch' qs rs [] = bfsearch' qs [] rs                         -- 2
        bfsearch' qs rs (p@(ms, q) : ps)
          | solved q  = Just ms                                         -- 3
          | q ∈ qs    = bfsearch' qs rs ps                              -- 4
          | otherwise = bfsearch' (q : qs) (succs p ++ rs) ps           -- 5
    """
    qs, rs, ps = list(qs), list(rs), list(ps)
    while True:
        if not ps:
            yield _step(2 if rs else 1, qs, rs, ps)
            if not rs:
                return None
            rs, ps = [], rs
            continue
        p = ps[0]
        if puzzle.solved(p.state):
            yield _step(3, qs, rs, ps)
            return solution(p.history)
        if p.state in qs:
            yield _step(4, qs, rs, ps)
            ps = ps[1:]
            continue
        yield _step(5, qs, rs, ps)
        qs, rs, ps = [p.state, *qs], succs(puzzle, p) + rs, ps[1:]


def dfsearch(puzzle: Puzzle[S, M], qs: Sequence[S], ps: Frontier[S, M]) -> Search[S, Path[S, M], M]:
    """Depth-first search, literally.

    ::

        dfsearch qs [] = Nothing                                        -- 1
        dfsearch qs (p@(ms, q) : ps)
          | solved q  = Just ms                                         -- 2
          | q ∈ qs    = dfsearch qs ps                                  -- 3
          | otherwise = dfsearch (q : qs) (succs p ++ ps)               -- 4
    """
    qs, ps = list(qs), list(ps)
    while True:
        if not ps:
            yield _step(1, qs, [], ps)
            return None
        p = ps[0]
        if puzzle.solved(p.state):
            yield _step(2, qs, [], ps)
            return solution(p.history)
        if p.state in qs:
            yield _step(3, qs, [], ps)
            ps = ps[1:]
            continue
        yield _step(4, qs, [], ps)
        qs, ps = [p.state, *qs], succs(puzzle, p) + ps[1:]


def psearch(
    planner: Planner[S, M], qs: Sequence[S], ps: AFrontier[S, M]
) -> Search[S, APath[S, M], M]:
    """Search guided by plans, literally.

    ::

        psearch qs [] = Nothing                                         -- 1
        psearch qs (p@(ms, q, plan) : ps)
          | solved q  = Just ms                                         -- 2
          | q ∈ qs    = psearch qs ps                                   -- 3
          | otherwise = psearch (q : qs) (asuccs p ++ ps ++ bsuccs p)   -- 4
    """
    qs, ps = list(qs), list(ps)
    while True:
        if not ps:
            yield _step(1, qs, [], ps)
            return None
        p = ps[0]
        if planner.puzzle.solved(p.state):
            yield _step(2, qs, [], ps)
            return solution(p.history)
        if p.state in qs:
            yield _step(3, qs, [], ps)
            ps = ps[1:]
            continue
        yield _step(4, qs, [], ps)
        qs, ps = [p.state, *qs], asuccs(planner, p) + ps[1:] + bsuccs(planner, p)


def psearch_(
    planner: Planner[S, M], qs: Sequence[S], rs: AFrontier[S, M], ps: AFrontier[S, M]
) -> Search[S, APath[S, M], M]:
    """Planned search with the accumulator ``rs``, literally.

    ::

        psearch' qs [] [] = Nothing                                     -- 1
        psearch' qs rs [] = psearch' qs [] rs                           -- 2
        psearch' qs rs (p@(ms, q, plan) : ps)
          | solved q  = Just (reverse ms)                               -- 3
          | q ∈ qs    = psearch' qs rs ps                               -- 4
          | otherwise = psearch' (q : qs) (bsuccs p ++ rs) (asuccs p ++ ps)  -- 5

    ``reverse ms``: the moves kept newest first, read first move first, as for every
    group here.
    """
    qs, rs, ps = list(qs), list(rs), list(ps)
    while True:
        if not ps:
            yield _step(2 if rs else 1, qs, rs, ps)
            if not rs:
                return None
            rs, ps = [], rs
            continue
        p = ps[0]
        if planner.puzzle.solved(p.state):
            yield _step(3, qs, rs, ps)
            return solution(p.history)
        if p.state in qs:
            yield _step(4, qs, rs, ps)
            ps = ps[1:]
            continue
        yield _step(5, qs, rs, ps)
        qs, rs, ps = [p.state, *qs], bsuccs(planner, p) + rs, asuccs(planner, p) + ps[1:]


def _step(rule: int, qs: Sequence[S], rs: Sequence[P], ps: Sequence[P]) -> Step[S, P]:
    """The step of ``rule`` on the variables as they are."""
    return Step(rule, tuple(qs), tuple(rs), tuple(ps))


# Plans


def mkplans(
    legal: Sequence[M], premoves: Callable[[M], Iterable[Sequence[M]]], ms: Plan[M]
) -> Generator[PlanStep[M], None, list[Plan[M]]]:
    """Grow the plan ``ms`` with premoves until its first move is ``legal``, literally.

    ::

        mkplans ms | null ms   = []                                     -- 1
                   | m ∈ qms   = [ms]                                   -- 2
                   | otherwise = concat [mkplans (pms ++ ms) | pms <- premoves q m,
                                                               all (∉ ms) pms]   -- 3
          where m = head ms; qms = moves q

    The ``concat`` of the calls on the grown plans is a list of the plans still to
    grow, taken head first, each call's own grown plans put in front of the rest.

    >>> premoves = {"c": [["b"]], "b": [["z"], ["a"]], "z": [["c"]]}.__getitem__
    >>> answer(mkplans(["a"], premoves, ("c",)))
    [('a', 'b', 'c')]
    """
    plans: list[Plan[M]] = []
    pending: list[Plan[M]] = [ms]
    while pending:
        plan, pending = pending[0], pending[1:]
        if not plan:
            yield PlanStep(1, plan, tuple(pending))
        elif plan[0] in legal:
            yield PlanStep(2, plan, tuple(pending))
            plans.append(plan)
        else:
            yield PlanStep(3, plan, tuple(pending))
            grown = [(*pms, *plan) for pms in premoves(plan[0]) if all(x not in plan for x in pms)]
            pending = grown + pending
    return plans


def newplans(
    puzzle: Puzzle[S, M], premoves: Callable[[S, M], Iterable[Sequence[M]]], q: S, ms: Plan[M]
) -> Generator[PlanStep[M], None, list[Plan[M]]]:
    """``newplans q ms = mkplans ms`` (:func:`mkplans`), with ``qms = moves q`` and the
    premoves of ``q``, literally.

    >>> from pearls.puzzles import graph
    >>> edges = {"a": "b", "b": "c", "c": "d"}
    >>> steps = newplans(graph.puzzle(edges, goal="d"), graph.premoves(edges), "a", ("d",))
    >>> answer(steps)
    [('b', 'c', 'd')]
    """
    legal = puzzle.moves(q)
    plans: list[Plan[M]] = yield from mkplans(legal, lambda m: premoves(q, m), ms)
    return plans
