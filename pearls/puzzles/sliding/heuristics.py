"""Lower bounds on the moves left for sliding tiles, and the searches they lead.

Manhattan distance counts each tile's rows and columns from home; linear conflicts
(Hansson, Mayer and Yung, 1992) add the detours of tiles that block each other in their
own row or column.  Both are admissible, so A* and IDA* led by them find shortest
solutions, and both are updated move by move (:class:`~pearls.informed.Estimate`), as the
Prolog notes advise: "computed once, then changed by what each move adds or takes away".

>>> from pearls.puzzles.sliding import EIGHT, EIGHT_EXAMPLES
>>> q = EIGHT_EXAMPLES["shifted"]
>>> manhattan(EIGHT, q), linear_conflict(EIGHT, q), len(astar_solve(EIGHT, q))
(12, 12, 22)
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import partial

from pearls.informed import Estimate, astar, carried, idastar, score, scored
from pearls.puzzles.sliding import Board, Frame, Move, move, puzzle

__all__ = [
    "astar_solve",
    "conflict_estimate",
    "conflicts",
    "idastar_solve",
    "linear_conflict",
    "manhattan",
    "manhattan_estimate",
]


def manhattan(f: Frame, q: Board) -> int:
    """The rows and columns between each tile and its home, summed: a lower bound on the
    moves left, a move taking one tile one step.

    ``manhattan q = sum [distance t c | (c, t) <- zip [0..] q]``

    >>> from pearls.puzzles.sliding import EIGHT, EIGHT_EXAMPLES
    >>> manhattan(EIGHT, EIGHT_EXAMPLES["shifted"])
    12
    """
    distance = f.distance
    return sum(distance[t][c] for c, t in enumerate(q))


def _extra(homes: Sequence[int]) -> int:
    """How many of a line's own tiles must leave it: all but a longest run in goal
    order (``homes``: their places in the line), found by patience sorting."""
    piles: list[int] = []
    for x in homes:
        i = bisect_left(piles, x)
        if i == len(piles):
            piles.append(x)
        else:
            piles[i] = x
    return len(homes) - len(piles)


def _row_extra(f: Frame, q: Board, line: int) -> int:
    """:func:`_extra` for row ``line``."""
    row = q[line * f.cols : (line + 1) * f.cols]
    return _extra([f.home[t] % f.cols for t in row if t and f.home[t] // f.cols == line])


def _col_extra(f: Frame, q: Board, line: int) -> int:
    """:func:`_extra` for column ``line``."""
    column = q[line :: f.cols]
    return _extra([f.home[t] // f.cols for t in column if t and f.home[t] % f.cols == line])


def conflicts(f: Frame, q: Board) -> int:
    """The moves linear conflicts add to Manhattan distance (Hansson, Mayer and Yung,
    1992): tiles in their home line in the wrong order cannot pass there, so all but a
    longest run in goal order leave the line and come back, two moves each::

        conflicts q = 2 * sum [extra line | line <- rows ++ columns]

    Leaving a row takes a vertical move, leaving a column a horizontal one, so the two
    kinds of detour are different moves and add up.

    >>> from pearls.puzzles.sliding import EIGHT
    >>> conflicts(EIGHT, (3, 2, 1, 4, 5, 6, 7, 8, 0))  # 3 2 1: two of three must leave
    4
    """
    rows = sum(_row_extra(f, q, r) for r in range(f.rows))
    return 2 * (rows + sum(_col_extra(f, q, k) for k in range(f.cols)))


def linear_conflict(f: Frame, q: Board) -> int:
    """``linear_conflict q = manhattan q + conflicts q``, admissible, at least Manhattan.

    >>> from pearls.puzzles.sliding import EIGHT
    >>> linear_conflict(EIGHT, (3, 2, 1, 4, 5, 6, 7, 8, 0))
    8
    """
    return manhattan(f, q) + conflicts(f, q)


def manhattan_estimate(f: Frame) -> Estimate[Board, Move]:
    """Manhattan distance, updated by a move in one term, the moved tile's:
    ``change q (t, c) = distance t c - distance t (cell of t in q)``.

    >>> from pearls.puzzles.sliding import EIGHT, EIGHT_EXAMPLES
    >>> e, q = manhattan_estimate(EIGHT), EIGHT_EXAMPLES["easy"]
    >>> e.whole(q), e.change(q, (5, 4)), e.whole(move(q, (5, 4)))
    (2, -1, 1)
    """
    distance = f.distance

    def change(q: Board, m: Move) -> int:
        t, c = m
        return distance[t][c] - distance[t][q.index(t)]

    return Estimate(partial(manhattan, f), change)


def conflict_estimate(f: Frame) -> Estimate[Board, Move]:
    """:func:`linear_conflict`, updated by a move: Manhattan distance in one term, the
    conflicts in the two lines the tile leaves and enters (two rows for a vertical move,
    two columns for a horizontal one):
    ``change q m = manhattan change + 2 * (extra after - extra before)``.

    >>> from pearls.puzzles.sliding import EIGHT, moves
    >>> e, q = conflict_estimate(EIGHT), (3, 2, 1, 4, 5, 6, 7, 8, 0)
    >>> [e.whole(q) + e.change(q, m) == e.whole(move(q, m)) for m in moves(EIGHT, q)]
    [True, True]
    """
    distance, cols = f.distance, f.cols

    def change(q: Board, m: Move) -> int:
        t, c = m
        s, after = q.index(t), move(q, m)
        if s // cols == c // cols:
            lines, extra = {s % cols, c % cols}, _col_extra
        else:
            lines, extra = {s // cols, c // cols}, _row_extra
        more = sum(extra(f, after, line) - extra(f, q, line) for line in lines)
        return distance[t][c] - distance[t][s] + 2 * more

    return Estimate(partial(linear_conflict, f), change)


def astar_solve(f: Frame, q: Board) -> list[Move] | None:
    """A shortest solution by A*, led by :func:`conflict_estimate` carried in the states.

    >>> from pearls.puzzles.sliding import EIGHT, EIGHT_EXAMPLES
    >>> len(astar_solve(EIGHT, EIGHT_EXAMPLES["hardest"]))
    31
    """
    e = conflict_estimate(f)
    return astar(scored(puzzle(f), e), score(e, q), carried)


def idastar_solve(f: Frame, q: Board) -> list[Move] | None:
    """A shortest solution by IDA*, led by :func:`conflict_estimate`.

    >>> from pearls.puzzles.sliding import EIGHT, EIGHT_EXAMPLES
    >>> len(idastar_solve(EIGHT, EIGHT_EXAMPLES["shifted"]))
    22
    """
    e = conflict_estimate(f)
    return idastar(scored(puzzle(f), e), score(e, q), carried)
