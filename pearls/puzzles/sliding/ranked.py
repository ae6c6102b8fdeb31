"""The ranks of a board's successors worked out from its rank alone, no board built: the
moves of an analysis by ranks (:func:`pearls.analysis.compact_levels`,
:mod:`pearls.distributed`).

A solvable board of ``N = n + 1`` cells has the rank ``b * half + code `div` 2``
(:func:`pearls.puzzles.sliding.rank`): the blank's cell ``b``, then the Lehmer code of
the tiles' order, halved, with ``half = n! / 2``.  A move of the blank along its row
keeps the tiles' order::

    rank (move q m) = r - half    (left)        r + half    (right)

A move across rows slides one tile past the ``cols - 1`` tiles between it and the blank:
with the blank going down from cell ``a``, the tile at place ``a + cols - 1`` of the
order moves to place ``a``; with the blank going up to cell ``a``, back again.  Only the
Lehmer digits of the places ``a .. a + cols - 1`` change, and only as those digits say
(from place ``a`` on the digits are the code of the rest of the order, and a stretch's
own digits fix how its tiles compare), so a table by those digits gives the new code::

    code' = code + delta (code `div` w `mod` m)
        where w = (n - a - cols)!,  m = (n - a)! / (n - a - cols)!

The halving drops the code's last-but-one digit.  Where the stretch reaches it (``w``
below 2) that digit is put back first: the orders with the blank on ``b`` have the
parity that :func:`~pearls.puzzles.sliding.solvable` asks, and the parity of an order is
that of its digits' sum, read from two tables split as :class:`~pearls.analysis.Halves`
splits a code.

>>> from pearls.puzzles import sliding
>>> f = sliding.EIGHT
>>> h = perfect_hash(f)
>>> moved = [h.rank(sliding.move(f.goal, m)) for m in sliding.moves(f, f.goal)]
>>> successors(f)(h.rank(f.goal)) == moved
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from itertools import permutations
from math import factorial, perm

from pearls.analysis import PerfectHash
from pearls.puzzles.sliding import BLANK, Board, Frame, rank, solvable

__all__ = ["LIMIT", "digit_parities", "fits", "perfect_hash", "rotations", "successors"]

LIMIT = 1 << 20  # the most entries a parity table may hold

_FLIP = bytes.maketrans(b"\0\1", b"\1\0")

Step = tuple[int, int, int, Sequence[int]]  # a successor's rank: base, w, m, the deltas


def fits(cells: int) -> bool:
    """Whether the tables for a tray of ``cells`` cells stay within :data:`LIMIT`: up to
    12 cells (the 3x4 tray's 55,440 entries), not the 15 puzzle's 32 million."""
    n = cells - 1
    return perm(n, n // 2) <= LIMIT


def rotations(length: int, width: int) -> list[int]:
    """For each value of the first ``width`` Lehmer digits of an order of ``length``
    things (in mixed radix, bases ``length, length - 1, ...``), their value once the
    thing at place ``width - 1`` has moved to place 0.

    The ``width``-long starts of the orders, listed in lexicographic order, have those
    digits' values 0, 1, 2, ... in turn, so each start is numbered by its place in
    that list.

    >>> rotations(3, 2)  # (0,1) (0,2) (1,0) (1,2) (2,0) (2,1) -> (1,0) (2,0) (0,1) ...
    [2, 4, 0, 5, 1, 3]
    """
    starts = list(permutations(range(length), width))
    number = {start: i for i, start in enumerate(starts)}
    return [number[start[-1:] + start[:-1]] for start in starts]


def digit_parities(bases: Sequence[int]) -> bytes:
    """The parity of the digits' sum of each number ``0, 1, ...`` written in the mixed
    radix of ``bases`` (the most significant first), a byte each.

    >>> list(digit_parities([3, 2]))  # 00 01 10 11 20 21
    [0, 1, 1, 0, 0, 1]
    """
    table = b"\0"
    for base in reversed(bases):
        flipped = table.translate(_FLIP)
        table = b"".join(flipped if digit % 2 else table for digit in range(base))
    return table


def _across(n: int, cols: int, a: int, down: bool) -> tuple[int, int, list[int]]:
    """``w``, ``m`` and the code's deltas for the blank going down from cell ``a``, or
    up to it."""
    w = factorial(n - a - cols)
    turned = rotations(n - a, cols)
    deltas = [0] * len(turned)
    for before, after in enumerate(turned):
        if down:
            deltas[before] = (after - before) * w
        else:
            deltas[after] = (before - after) * w
    return w, len(turned), deltas


def _steps(rows: int, cols: int) -> list[list[Step]]:
    """For each cell of the blank, its successors as steps on the code, in the order of
    the moves (the blank going up, left, right, down); a move along the row is the step
    with the one delta 0."""
    cells, half = rows * cols, factorial(rows * cols - 1) // 2
    n, along = cells - 1, [0]
    steps: list[list[Step]] = []
    for b in range(cells):
        mine: list[Step] = []
        if b >= cols:
            mine.append(((b - cols) * half, *_across(n, cols, b - cols, down=False)))
        if b % cols > 0:
            mine.append(((b - 1) * half, 1, 1, along))
        if b % cols < cols - 1:
            mine.append(((b + 1) * half, 1, 1, along))
        if b + cols < cells:
            mine.append(((b + cols) * half, *_across(n, cols, b, down=True)))
        steps.append(mine)
    return steps


def perfect_hash(f: Frame) -> PerfectHash[Board]:
    """The tray's perfect hash (:func:`~pearls.puzzles.sliding.rank`, with its unrank),
    with its successors where the tables fit (:func:`fits`).

    >>> perfect_hash(Frame(3, 3)).successors is None, perfect_hash(Frame(4, 4)).successors
    (False, None)
    """
    h = rank(f)
    return replace(h, successors=partial(successors, f)) if fits(f.size) else h


def successors(f: Frame) -> Callable[[int], list[int]]:
    """The function from a board's rank to its successors' ranks, in the order of the
    moves, on the tray ``f`` (of at most 12 cells, :func:`fits`)."""
    rows, cols = f.rows, f.cols
    order = list(range(1, f.size))
    parities = [int(not solvable(f, (*order[:b], BLANK, *order[b:]))) for b in range(f.size)]
    steps = _steps(rows, cols)
    n, half = rows * cols - 1, factorial(rows * cols - 1) // 2
    low = factorial(n - n // 2) // 2  # the halved code's value in the last n - n // 2 digits
    front = digit_parities(range(n, n - n // 2, -1))
    back = digit_parities(range(n - n // 2, 0, -1))[::2]
    folded = [any(w < 2 and m > 1 for _, w, m, _ in mine) for mine in steps]
    halved = [[(base, max(w // 2, 1), m, [d // 2 for d in ds]) for base, w, m, ds in mine]
              for mine in steps]  # fmt: skip

    def successors_of(r: int) -> list[int]:
        b, j = divmod(r, half)
        if folded[b]:
            code = 2 * j + (parities[b] ^ front[j // low] ^ back[j % low])
            return [base + (code + ds[code // w % m]) // 2 for base, w, m, ds in steps[b]]
        return [base + j + ds[j // w % m] for base, w, m, ds in halved[b]]

    return successors_of
