"""Iterative deepening: depth-first search to limits 0, 1, 2, ..., beside the chapter's
combinators.

The source documents solve Flip It Star and the 8 puzzle this way: a depth-first search
that never looks deeper than a limit, run again with the limit one larger until it
succeeds.  It finds a shortest solution, as breadth-first search does, while holding
only the current path and its siblings, not a whole level; it pays by expanding the
shallow levels again on every round.  In the chapter's notation::

    idsolve q = head [ms | d <- [0 ..], Just ms <- [dlsearch d [([], q)]]]

    dlsearch d [] = Nothing
    dlsearch d (p@(ms, q) : ps)
      | solved q       = Just ms
      | length ms == d = dlsearch d ps
      | otherwise      = dlsearch d (succs p ++ ps)

Two liberties, both as in the source documents:

* no set of visited states is kept (that is what makes the memory small), so a puzzle
  whose moves can be undone revisits states; a ``prune`` hook sees the path so far and
  a candidate move and may forbid it, e.g. a move that undoes the previous one;
* ``idsolve`` stops with ``None`` once a whole round finished without cutting a path off
  at the limit: then no deeper round could find more.  On a space with cycles every
  round cuts something off, so only a limit (:mod:`pearls.limits`) ends a search for a
  solution that does not exist.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import count
from typing import Generic, NamedTuple

from pearls.types import Frontier, M, Path, Puzzle, S, solution, start

__all__ = ["Deepened", "Prune", "dlsearch", "idsolve", "no_prune"]

Prune = Callable[[Path[S, M], M], bool]  # True: do not try move m from path p


def no_prune(p: Path[S, M], m: M) -> bool:
    """The hook that forbids nothing."""
    return False


class Deepened(NamedTuple, Generic[M]):
    """What one depth-limited round found: a solution, or none and whether the limit
    cut some path off (so a deeper round might yet succeed)."""

    solution: list[M] | None
    cut_off: bool


def dlsearch(puzzle: Puzzle[S, M], prune: Prune[S, M], d: int, ps: Frontier[S, M]) -> Deepened[M]:
    """Depth-first search that extends no path beyond ``d`` moves.

    ::

        dlsearch d [] = Nothing
        dlsearch d (p@(ms, q) : ps)
          | solved q       = Just ms
          | length ms == d = dlsearch d ps
          | otherwise      = dlsearch d (succs p ++ ps)

    where ``succs`` keeps only the moves that ``prune`` allows.  The frontier is a
    stack (a list, its head at the end) of paths paired with their lengths, so that
    ``length ms`` is counted once per path, not walked.

    >>> from pearls.puzzles import graph
    >>> ladder = graph.puzzle({"a": "bc", "b": "d", "c": "e", "e": "d"}, goal="d")
    >>> dlsearch(ladder, no_prune, 1, [start("a")])
    Deepened(solution=None, cut_off=True)
    >>> dlsearch(ladder, no_prune, 2, [start("a")])
    Deepened(solution=['b', 'd'], cut_off=False)
    """
    stack = [(len(p.history), p) for p in reversed(ps)]
    cut_off = False
    while stack:
        depth, p = stack.pop()
        history, q = p
        if puzzle.solved(q):
            return Deepened(solution(history), cut_off)
        if depth == d:
            cut_off = True
            continue
        successors = [
            (depth + 1, Path(history.cons(m), puzzle.move(q, m)))
            for m in puzzle.moves(q)
            if not prune(p, m)
        ]
        stack.extend(reversed(successors))
    return Deepened(None, cut_off)


def idsolve(
    puzzle: Puzzle[S, M],
    q: S,
    prune: Prune[S, M] = no_prune,
    depths: Iterable[int] | None = None,
    rounds: Callable[[int], None] | None = None,
) -> list[M] | None:
    """A shortest solution from ``q`` by iterative deepening, or ``None`` once a round
    cuts nothing off.

    ``idsolve q = head [ms | d <- [0 ..], Just ms <- [dlsearch d [([], q)]]]``

    ``depths`` are the limits tried, in order (``None``: all of ``0, 1, 2, ...``); a
    finite one gives up with ``None`` after its last.  ``rounds``, where given, is told
    each limit as its round starts (a tracer records it, :mod:`pearls.tracing`).  Among
    the shortest solutions, the first in depth-first order comes out, which need not be
    the one ``bfsolve`` finds.

    >>> from pearls.puzzles import graph
    >>> diamond = graph.puzzle({1: [2, 3], 2: [4], 3: [4]}, goal=4)
    >>> idsolve(diamond, 1), idsolve(diamond, 1)  # each call deepens from 0 afresh
    ([2, 4], [2, 4])
    >>> idsolve(diamond, 1, depths=[0, 1]) is None
    True
    >>> idsolve(graph.puzzle({1: [2], 2: [3]}, goal=4), 1) is None  # rounds 0..2 suffice
    True
    """
    for d in count() if depths is None else depths:
        if rounds is not None:
            rounds(d)
        found, cut_off = dlsearch(puzzle, prune, d, [start(q)])
        if found is not None or not cut_off:
            return found
    return None
