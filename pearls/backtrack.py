"""Every solution by backtracking, on the chapter's model of a puzzle.

The state is a partial solution, ``moves`` extends it and ``solved`` recognises a
complete one.  :func:`solutions` is the chapter's depth-first search without the stop at
the first solution: it yields every solved path, lazily, so a caller takes one with
``next`` or counts them all.

>>> from pearls.puzzles import graph
>>> diamond = graph.puzzle({"a": "bc", "b": "d", "c": "d"}, goal="d")
>>> list(solutions(diamond, "a"))
[['b', 'd'], ['c', 'd']]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from pyrsistent import plist

from pearls.types import M, Path, Puzzle, S, solution

__all__ = ["Order", "solutions"]

Order = Callable[[S, Sequence[M]], Sequence[M]]  # candidates in the order to try, e.g. Warnsdorff


def solutions(puzzle: Puzzle[S, M], q: S, order: Order[S, M] | None = None) -> Iterator[list[M]]:
    """Every solved path from ``q``, depth first, in the order ``order`` tries moves.

    A tree search: no visited set, since partial solutions reached by different paths
    are different states.  The stack is the loop's accumulator, so no tour is too long.
    """
    stack: list[Path[S, M]] = [Path(plist(), q)]
    while stack:
        history, state = stack.pop()
        if puzzle.solved(state):
            yield solution(history)
            continue
        ms = puzzle.moves(state)
        tried = ms if order is None else order(state, ms)
        stack.extend(Path(history.cons(m), puzzle.move(state, m)) for m in reversed(tried))
