"""Every solution by backtracking, on the chapter's model of a puzzle.

The state is a partial solution (a partial tour, a partial colouring), ``moves`` extends
it and ``solved`` recognises a complete one.  The chapter's ``dfsolve`` already finds one
solution of such a puzzle; :func:`solutions` is the same depth-first search without the
stop at the first: it yields every solution, lazily, so a caller takes one with ``next``
or counts them all.  In the chapter's notation::

    solutions q = dfall [([], q)]

    dfall [] = []
    dfall (p@(ms, q) : ps)
      | solved q  = reverse ms : dfall ps
      | otherwise = dfall (succs p ++ ps)

Three liberties, none visible in what comes out:

* no set of visited states: partial solutions reached by different moves are different
  states, so the space is a tree and a visited set would only cost memory (a puzzle
  whose moves can undo each other would loop; run it under a
  :class:`~pearls.limits.Meter`);
* the frontier ``succs p ++ ps`` is a stack of the *untried moves* of each state on the
  current path, an iterator each: a state's successors are made one at a time, as the
  search reaches them, and the stack holds one path, not a whole frontier; it is the
  loop's accumulator, so no tour is too long for Python's recursion limit;
* ``moves`` may be reordered by a hook (:data:`Order`), e.g. Warnsdorff's rule for
  knight's tours; :func:`ordered` puts the same hook into a puzzle, for the chapter's
  own searches.

Beside it, :func:`generate_and_test` makes the plainest backtracking problem a puzzle:
choose one candidate, then test it.

>>> from pearls.types import Puzzle
>>> sums = Puzzle(
...     moves=lambda q: [m for m in (1, 2) if sum(q) + m <= 4],
...     move=lambda q, m: (*q, m),
...     solved=lambda q: sum(q) == 4,
... )
>>> list(solutions(sums, ()))  # the ways of writing 4 as a sum of 1s and 2s
[[1, 1, 1, 1], [1, 1, 2], [1, 2, 1], [2, 1, 1], [2, 2]]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Generic, NamedTuple, TypeVar

from pyrsistent import plist

from pearls.types import History, M, Puzzle, S, solution

__all__ = ["Order", "as_given", "generate_and_test", "ordered", "solutions"]

T = TypeVar("T", bound=Hashable)  # a candidate, e.g. 1267

Order = Callable[[S, Sequence[M]], Sequence[M]]  # moves q -> the moves to try, in order
# e.g. knight.warnsdorff(board): the jumps with the fewest onward jumps first


def as_given(q: Hashable, ms: Sequence[M]) -> Sequence[M]:
    """The order that keeps the moves as ``moves`` gives them: ``as_given q ms = ms``."""
    return ms


class _Branch(NamedTuple, Generic[S, M]):
    """A state on the current path, the moves that reached it, and its untried moves."""

    history: History[M]
    state: S
    untried: Iterator[M]


def solutions(
    puzzle: Puzzle[S, M],
    q: S,
    order: Order[S, M] | None = None,
    backtracks: Callable[[S], None] | None = None,
) -> Iterator[list[M]]:
    """Every solution from ``q``, lazily, depth first, each as the moves from ``q``.

    ::

        solutions q = dfall [([], q)]

        dfall [] = []
        dfall (p@(ms, q) : ps)
          | solved q  = reverse ms : dfall ps
          | otherwise = dfall (succs p ++ ps)

    where ``succs`` tries the moves of each state in the order ``order q (moves q)``
    (default: as given).  ``order`` may also leave out moves it knows lead nowhere.  A
    solved state is not extended further.  ``moves`` is asked once for each unsolved
    state reached, as by ``dfsolve``, so a watched puzzle
    (:meth:`~pearls.limits.Meter.watch`) bounds and counts the search.  ``backtracks``,
    where given, is told each state the search backs up from, its moves all tried (a
    tracer records it, :mod:`pearls.tracing`).

    >>> from pearls.puzzles import graph
    >>> diamond = graph.puzzle({"a": "bc", "b": "d", "c": "d"}, goal="d")
    >>> list(solutions(diamond, "a"))
    [['b', 'd'], ['c', 'd']]
    >>> next(solutions(diamond, "a", lambda q, ms: ms[::-1]))
    ['c', 'd']
    >>> list(solutions(diamond, "d"))  # the start is solved: the empty solution
    [[]]
    """
    arrange: Order[S, M] = as_given if order is None else order
    if puzzle.solved(q):
        yield []
        return
    stack: list[_Branch[S, M]] = [_Branch(plist(), q, iter(arrange(q, puzzle.moves(q))))]
    while stack:
        history, state, untried = stack[-1]
        for m in untried:
            ms, r = history.cons(m), puzzle.move(state, m)
            if puzzle.solved(r):
                yield solution(ms)
            else:
                stack.append(_Branch(ms, r, iter(arrange(r, puzzle.moves(r)))))
                break
        else:
            stack.pop()
            if backtracks is not None:
                backtracks(state)


def ordered(puzzle: Puzzle[S, M], order: Order[S, M]) -> Puzzle[S, M]:
    """The same puzzle with its moves in the order ``order`` gives them, so that every
    search (``dfsolve`` too) tries them that way: ``moves' q = order q (moves q)``.

    >>> from pearls.puzzles import graph
    >>> from pearls.search import dfsolve
    >>> diamond = graph.puzzle({"a": "bc", "b": "d", "c": "d"}, goal="d")
    >>> dfsolve(ordered(diamond, lambda q, ms: ms[::-1]), "a")
    ['c', 'd']
    """
    return Puzzle(lambda q: order(q, puzzle.moves(q)), puzzle.move, puzzle.solved)


def generate_and_test(candidates: Sequence[T], test: Callable[[T], bool]) -> Puzzle[T | None, T]:
    """Generate and test as a puzzle: from the start ``None``, one move chooses a
    candidate, and a candidate is solved when it passes ``test``.

    ::

        moves Nothing  = candidates        move _ c = Just c
        moves (Just c) = []                solved q = maybe False test q

    So ``solutions puzzle None`` lists the candidates that pass, one move each, and a
    meter counts one expansion for the start and one for each candidate that fails.
    ``candidates`` may be a ``range``: it is never copied.

    >>> squares = generate_and_test(range(1, 50), lambda n: int(n**0.5) ** 2 == n)
    >>> [ms[0] for ms in solutions(squares, None)]
    [1, 4, 9, 16, 25, 36, 49]
    """
    return Puzzle(
        moves=lambda q: candidates if q is None else (),
        move=lambda q, c: c,
        solved=lambda q: q is not None and test(q),
    )
