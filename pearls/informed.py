"""Heuristic search beside the chapter's: A* and IDA*, generic over the puzzle.

Both take a heuristic ``h :: State -> Int``, an estimate of the moves still needed.  When
``h`` is *admissible* (it never exceeds the true distance), both return a shortest
solution; every move costs one unless A* is given ``cost``.

>>> from pearls.puzzles import graph
>>> ladder = graph.puzzle({"a": "bc", "b": "d", "c": "e", "e": "d"}, goal="d")
>>> astar(ladder, "a", lambda q: 0), idastar(ladder, "a", lambda q: 0)
(['b', 'd'], ['b', 'd'])
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from itertools import count

from pyrsistent import plist

from pearls.types import M, Path, Puzzle, S, solution

__all__ = ["Cost", "Heuristic", "astar", "idastar"]

Heuristic = Callable[[S], int]  # a lower bound on the moves still needed, e.g. Manhattan distance
Cost = Callable[[S, M], int]  # what one move costs from a state, e.g. lambda q, m: 1


def astar(
    puzzle: Puzzle[S, M], q: S, h: Heuristic[S], cost: Cost[S, M] | None = None
) -> list[M] | None:
    """A cheapest solution from ``q``, expanding paths in order of ``f = g + h``.

    ``g`` is the cost so far.  The frontier is a priority queue (``heapq``) of
    ``(f, tie, path)``; ``best`` holds the cheapest ``g`` met for each state, the loop's
    accumulator, so a state is expanded again only when reached more cheaply.  With an
    admissible ``h`` the first solved path taken from the queue is a cheapest one.
    """
    ties = count()
    best = {q: 0}
    frontier: list[tuple[int, int, int, Path[S, M]]] = [(h(q), next(ties), 0, Path(plist(), q))]
    while frontier:
        _, _, g, (history, state) = heapq.heappop(frontier)
        if g > best[state]:
            continue
        if puzzle.solved(state):
            return solution(history)
        for m in puzzle.moves(state):
            after = puzzle.move(state, m)
            g_after = g + (1 if cost is None else cost(state, m))
            if g_after < best.get(after, g_after + 1):
                best[after] = g_after
                path = Path(history.cons(m), after)
                heapq.heappush(frontier, (g_after + h(after), next(ties), g_after, path))
    return None


def idastar(puzzle: Puzzle[S, M], q: S, h: Heuristic[S]) -> list[M] | None:
    """A shortest solution from ``q`` by iterative deepening on ``f = g + h``.

    Each round is a depth-first search that cuts a path off once ``g + h`` exceeds the
    bound; the next bound is the least ``f`` that was cut off.  The search is a loop over
    an explicit stack, and a path never revisits a state on itself.  ``None`` when a
    round cuts nothing off.
    """
    bound = h(q)
    while True:
        found, next_bound = _bounded(puzzle, q, h, bound)
        if found is not None or next_bound is None:
            return found
        bound = next_bound


def _bounded(
    puzzle: Puzzle[S, M], q: S, h: Heuristic[S], bound: int
) -> tuple[list[M] | None, int | None]:
    """One IDA* round: a solution within ``bound``, else the least ``f`` beyond it."""
    least: int | None = None
    stack: list[tuple[int, Path[S, M], frozenset[S]]] = [(0, Path(plist(), q), frozenset([q]))]
    while stack:
        g, (history, state), on_path = stack.pop()
        f = g + h(state)
        if f > bound:
            least = f if least is None else min(least, f)
            continue
        if puzzle.solved(state):
            return solution(history), None
        for m in reversed(puzzle.moves(state)):
            after = puzzle.move(state, m)
            if after not in on_path:
                stack.append((g + 1, Path(history.cons(m), after), on_path | {after}))
    return None, least
