"""Heuristic search beside the chapter's: A* and IDA*, generic over the puzzle.

Both are led by a heuristic ``h :: State -> Int``, an estimate of the moves still needed
from a state, and rank a path ``p`` that reached state ``q`` by

    f p = g p + h q

where ``g p`` is the cost of ``p`` so far (its length, when every move costs one).  When
``h`` is *admissible*, that is ``h q <= d q`` for every state ``q`` whose distance to a
solved state is ``d q``, both return a shortest (cheapest) solution; a heuristic that
overestimates makes them fast but no longer optimal.  ``h = const 0`` turns A* into
uniform-cost search and IDA* into iterative deepening.

The combinators ask ``h`` of a state and know nothing else of it.  A heuristic that is
cheaper to update than to compute (Manhattan distance changes by one per tile move) is
carried inside the state: :func:`scored` lifts a puzzle to :class:`Scored` states whose
``h`` each ``move`` updates by an :class:`Estimate`'s ``change``, and :func:`carried`
reads it back, so the combinators stay generic.

>>> from pearls.puzzles import graph
>>> ladder = graph.puzzle({"a": "bc", "b": "d", "c": "e", "e": "d"}, goal="d")
>>> astar(ladder, "a", lambda q: 0), idastar(ladder, "a", lambda q: 0)
(['b', 'd'], ['b', 'd'])
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import count
from typing import Generic, NamedTuple

from pearls.types import M, Path, Puzzle, S, solution, start

__all__ = [
    "Cost",
    "Estimate",
    "Heuristic",
    "Scored",
    "astar",
    "carried",
    "idastar",
    "score",
    "scored",
]

Heuristic = Callable[[S], int]  # a lower bound on the moves still needed, e.g. Manhattan distance
Cost = Callable[[S, M], int]  # what one move costs from a state, e.g. lambda q, m: 1


def astar(
    puzzle: Puzzle[S, M], q: S, h: Heuristic[S], cost: Cost[S, M] | None = None
) -> list[M] | None:
    """A cheapest solution from ``q``, expanding the path of least ``f = g + h`` first;
    ``None`` if no solution exists.

    ::

        astar q = search {q: 0} [(h q, ([], q))]
        search best ps = case take the least f of ps of
          Nothing                     -> Nothing
          Just (p@(ms, q), ps')
            | g p > best q            -> search best ps'        -- a costlier copy
            | solved q                -> Just ms
            | otherwise               -> search best' (ps' ++ [(g r + h r, r) | r <- better])
          where better = [(ms ++ [m], move q m) | m <- moves q, cheaper than best (move q m)]

    ``g`` is the cost so far: one per move, or ``cost q m``, which must be positive.  The
    frontier is a priority queue (``heapq``) ordered by ``f``, then by larger ``g`` (the
    deeper of two equally promising paths first), then by arrival.  ``best`` holds the
    cheapest ``g`` met for each state, the loop's accumulator: a state is queued again only
    when reached more cheaply, so an admissible ``h`` that is not consistent still gives
    a cheapest solution.  With an admissible ``h`` the first solved path taken from the
    queue is a cheapest one: every path still queued has ``f`` at least its own cost, and
    ``f`` never exceeds the cost of a solution through it.

    >>> from pearls.puzzles import graph
    >>> diamond = graph.puzzle({1: [2, 3], 2: [4], 3: [5], 5: [4]}, goal=4)
    >>> astar(diamond, 1, lambda q: 0)
    [2, 4]
    >>> toll = {(2, 4): 5}  # the step from 2 to 4 costs 5, every other step 1
    >>> astar(diamond, 1, lambda q: 0, cost=lambda q, m: toll.get((q, m), 1))
    [3, 5, 4]
    """
    ties = count()
    best = {q: 0}
    frontier: list[tuple[int, int, int, Path[S, M]]] = [(h(q), 0, next(ties), start(q))]
    while frontier:
        _, minus_g, _, (history, state) = heapq.heappop(frontier)
        g = -minus_g
        if g > best[state]:
            continue
        if puzzle.solved(state):
            return solution(history)
        for m in puzzle.moves(state):
            after = puzzle.move(state, m)
            g_after = g + (1 if cost is None else cost(state, m))
            if after not in best or g_after < best[after]:
                best[after] = g_after
                path = Path(history.cons(m), after)
                heapq.heappush(frontier, (g_after + h(after), -g_after, next(ties), path))
    return None


def idastar(
    puzzle: Puzzle[S, M], q: S, h: Heuristic[S], rounds: Callable[[int], None] | None = None
) -> list[M] | None:
    """A shortest solution from ``q`` by iterative deepening on ``f = g + h``; ``None``
    once a round cuts nothing off.

    ::

        idastar q = head [ms | Found ms <- rounds]
          where rounds = go (h q)
                go b = case contour b [([], q)] of
                  Beyond b' -> Beyond b' : go b'
                  r         -> [r]

    Each round (:func:`_contour`) is a depth-first search that cuts a path off as soon
    as ``g + h`` exceeds the bound ``b``; the next bound is the least ``f`` that was cut
    off.  With an admissible ``h``, a solution found within bound ``b`` is a shortest one:
    every shorter one would have been found by an earlier round.  It holds only the path
    it follows and the siblings still to try, never a whole level, and so solves the
    15 puzzle, whose levels hold billions of states.  ``rounds``, where given, is told
    each round's bound as the round starts (a tracer records it, :mod:`pearls.tracing`).

    >>> from pearls.puzzles import graph
    >>> diamond = graph.puzzle({1: [2, 3], 2: [4], 3: [5], 5: [4]}, goal=4)
    >>> idastar(diamond, 1, lambda q: 0)
    [2, 4]
    >>> estimates = {1: 2, 2: 1, 3: 2, 5: 1}  # at most the distance: admissible
    >>> idastar(diamond, 1, lambda q: estimates.get(q, 0))
    [2, 4]
    >>> idastar(graph.puzzle({1: [2], 2: [1]}, goal=3), 1, lambda q: 0) is None
    True
    """
    bound = h(q)
    while True:
        if rounds is not None:
            rounds(bound)
        found, beyond = _contour(puzzle, q, h, bound)
        if found is not None or beyond is None:
            return found
        bound = beyond


def _contour(
    puzzle: Puzzle[S, M], q: S, h: Heuristic[S], bound: int
) -> tuple[list[M] | None, int | None]:
    """One IDA* round: a solution within ``bound``, else the least ``f`` beyond it
    (``None`` when no path was cut off).

    ::

        contour b [] = Beyond (least f cut off)
        contour b (p@(ms, q) : ps)
          | g p + h q > b = contour b ps              -- cut off, f noted
          | solved q      = Found ms
          | otherwise     = contour b ([p' | p'@(_, r) <- succs p, r not on p] ++ ps)

    The recursion is a stack of paths, each with its length ``g``.  The states of the
    path being followed are kept in order (``trail``) and as a set (``on_trail``, the
    loop's accumulators): popping a path at depth ``g`` first drops the trail back to
    its ``g`` ancestors, so a successor already on the path is skipped in O(1).
    """
    least: int | None = None
    trail: list[S] = []
    on_trail: set[S] = set()
    stack: list[tuple[int, Path[S, M]]] = [(0, start(q))]
    while stack:
        g, (history, state) = stack.pop()
        while len(trail) > g:
            on_trail.discard(trail.pop())
        f = g + h(state)
        if f > bound:
            least = f if least is None or f < least else least
            continue
        if puzzle.solved(state):
            return solution(history), None
        trail.append(state)
        on_trail.add(state)
        successors = [(m, puzzle.move(state, m)) for m in puzzle.moves(state)]
        stack.extend(
            (g + 1, Path(history.cons(m), after))
            for m, after in reversed(successors)
            if after not in on_trail
        )
    return None, least


class Scored(NamedTuple, Generic[S]):
    """A state with its heuristic value carried along, e.g. ``Scored(board, 14)``."""

    state: S
    h: int


@dataclass(frozen=True)
class Estimate(Generic[S, M]):
    """A heuristic that a move updates: ``whole q`` computes it from scratch, and
    ``change q m`` says by how much one move changes it,

        change q m = whole (move q m) - whole q

    usually in far less time than ``whole`` takes (Manhattan distance: one tile moved,
    one term changed)."""

    whole: Callable[[S], int]
    change: Callable[[S, M], int]


def score(estimate: Estimate[S, M], q: S) -> Scored[S]:
    """The state ``q`` with its heuristic value, computed once from scratch.

    >>> score(Estimate(whole=abs, change=lambda q, m: abs(q + m) - abs(q)), -3)
    Scored(state=-3, h=3)
    """
    return Scored(q, estimate.whole(q))


def scored(puzzle: Puzzle[S, M], estimate: Estimate[S, M]) -> Puzzle[Scored[S], M]:
    """The same puzzle over states that carry their heuristic value: each ``move``
    updates it by ``change`` instead of computing it afresh,

        move' (q, h) m = (move q m, h + change q m)

    >>> line = Puzzle(moves=lambda q: [-1, 1], move=lambda q, m: q + m, solved=lambda q: q == 0)
    >>> distance = Estimate(whole=abs, change=lambda q, m: abs(q + m) - abs(q))
    >>> lifted = scored(line, distance)
    >>> lifted.move(score(distance, -3), 1)
    Scored(state=-2, h=2)
    >>> astar(lifted, score(distance, -3), carried)
    [1, 1, 1]
    """

    def moves(s: Scored[S]) -> Sequence[M]:
        return puzzle.moves(s.state)

    def move(s: Scored[S], m: M) -> Scored[S]:
        return Scored(puzzle.move(s.state, m), s.h + estimate.change(s.state, m))

    def solved(s: Scored[S]) -> bool:
        return puzzle.solved(s.state)

    return Puzzle(moves, move, solved)


def carried(s: Scored[S]) -> int:
    """The heuristic value a scored state carries: the ``h`` for :func:`astar` and
    :func:`idastar` over a :func:`scored` puzzle."""
    return s.h
