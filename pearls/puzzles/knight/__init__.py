"""The knight's tour: visit every square of a board once with a knight's jumps, and for a
closed tour jump back to the first square at the end.

The state is a partial tour, ``moves`` lists the unvisited squares one jump away from its
end, and ``solved`` recognises a tour of every square (that closes, when asked), so the
chapter's ``dfsolve`` finds a tour and :func:`~pearls.backtrack.solutions` finds them all.

The board is any set of squares.  The Scheme exercises (M. Hiroi's collection) draw the
board they ask about as their figure "problem A": 12 squares in rows of 2, 4, 4 and 2,
numbered in reading order::

       0  1
    2  3  4  5
    6  7  8  9
      10 11

Its knight starts on square 0, and it has exactly 4 closed tours from there, two up to
direction:

>>> from pearls.backtrack import solutions
>>> len(list(solutions(puzzle(PROBLEM_A, closed=True), start(PROBLEM_A))))
4

A square's number (``Cell``) is its place in reading order, as in the source; its text
form, words and JSON name it by its row and column instead (:mod:`.text`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple, TypeAlias

from pearls.backtrack import Order
from pearls.errors import BoardError
from pearls.types import Puzzle

__all__ = [
    "JUMPS",
    "MAX_SIDE",
    "MAX_SQUARES",
    "PROBLEM_A",
    "Board",
    "Cell",
    "Square",
    "Tour",
    "move",
    "moves",
    "puzzle",
    "rectangle",
    "solved",
    "start",
    "warnsdorff",
]

Cell: TypeAlias = int  # a square's number in reading order, e.g. 5 (problem A: 0..11)
Square: TypeAlias = tuple[int, int]  # (row, column), 0-based from the top left, e.g. (1, 3)

JUMPS: tuple[Square, ...] = (  # a knight's jumps as (rows, columns), in reading order
    (-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1),
)  # fmt: skip

MAX_SIDE = 32  # the most rows or columns a board may have
MAX_SQUARES = 400  # the most squares a board may have


@dataclass(frozen=True)
class Board:
    """The squares of a board in reading order (cell ``c`` is ``squares[c]``) and the
    cell the knight starts on."""

    squares: tuple[Square, ...]
    first: Cell = 0

    @cached_property
    def jumps(self) -> tuple[tuple[Cell, ...], ...]:
        """The cells one knight's jump from each cell, ascending, e.g.
        ``PROBLEM_A.jumps[0] == (5, 6, 8)``."""
        number = {s: c for c, s in enumerate(self.squares)}
        around = (((r + dr, c + dc) for dr, dc in JUMPS) for r, c in self.squares)
        return tuple(tuple(sorted(number[s] for s in near if s in number)) for near in around)

    @cached_property
    def balanced(self) -> bool:
        """Whether the board has as many light squares as dark ones: a knight changes
        colour at every jump, so a closed tour needs this."""
        light = sum((r + c) % 2 == 0 for r, c in self.squares)
        return 2 * light == len(self.squares)


class Tour(NamedTuple):
    """A partial tour: the cells visited, the first first, and the same cells as a bit
    set (bit ``c`` for cell ``c``), for a visit test in constant time, e.g.
    ``Tour((0, 5, 7), 0b10100001)``."""

    cells: tuple[Cell, ...]
    seen: int


# The boards

PROBLEM_A = Board(
    (
                (0, 1), (0, 2),
        (1, 0), (1, 1), (1, 2), (1, 3),
        (2, 0), (2, 1), (2, 2), (2, 3),
                (3, 1), (3, 2),
    )
)  # fmt: skip


def rectangle(rows: int, cols: int, first: Square = (0, 0)) -> Board:
    """The full ``rows`` x ``cols`` board, the knight on ``first`` (row and column,
    0-based); :class:`~pearls.errors.BoardError` past :data:`MAX_SIDE` or
    :data:`MAX_SQUARES`, or for a first square off the board.

    >>> len(rectangle(8, 8).squares), rectangle(8, 8).jumps[0], rectangle(3, 4, (1, 0)).first
    (64, (10, 17), 4)
    """
    for what, n in (("rows", rows), ("columns", cols)):
        if not 1 <= n <= MAX_SIDE:
            raise BoardError(f"a board has 1 to {MAX_SIDE} {what}, not {n}")
    if rows * cols > MAX_SQUARES:
        raise BoardError(f"a board has at most {MAX_SQUARES} squares, not {rows * cols}")
    r, c = first
    if not (0 <= r < rows and 0 <= c < cols):
        raise BoardError(f"the first square, row {r + 1}, column {c + 1}, is off the board")
    squares = tuple((i, j) for i in range(rows) for j in range(cols))
    return Board(squares, r * cols + c)


def start(b: Board) -> Tour:
    """The tour that stands on the first square: ``Tour((first,), 1 << first)``."""
    return Tour((b.first,), 1 << b.first)


# The three functions


def moves(b: Board, t: Tour, closed: bool = False) -> list[Cell]:
    """The unvisited cells one jump from the tour's last cell, in reading order, but for
    jumps that strand a square.

    ``moves t = [c | c <- jumps (last t), c ∉ t, not (strands t c)]``

    A jump strands a square to visit when it leaves it too few ways on: once the knight
    leaves the tour's last square, that square is closed to the squares around it, and
    each of them still needs a way in, and on a closed tour a way out as well (the jump
    home counts; see :func:`_strands`).  A closed tour must also be able to come home, so it
    has no moves on a board with more squares of one colour than of the other (every
    jump changes colour), nor once every square a jump from the first is visited while
    some square is still to visit.  None of these rules loses a tour; they only stop
    early the searches that would find none.

    >>> moves(PROBLEM_A, start(PROBLEM_A)), moves(PROBLEM_A, move(start(PROBLEM_A), 5))
    ([5, 6, 8], [7, 11])
    >>> moves(PROBLEM_A, move(start(PROBLEM_A), 5), closed=True)  # 11 leaves 7 one way
    [7]
    """
    jumps, seen = b.jumps, t.seen
    if closed and not (b.balanced and any(not seen >> c & 1 for c in jumps[t.cells[0]])):
        return []
    return [c for c in jumps[t.cells[-1]] if not seen >> c & 1 and not _strands(b, t, c, closed)]


def _strands(b: Board, t: Tour, c: Cell, closed: bool) -> bool:
    """Whether jumping to ``c`` leaves a square around the tour's last square with too
    few ways on.

    After the jump, a square still to visit can be entered from an unvisited square or
    from ``c``, and a closed tour may leave its last square for the first.  Each square
    to visit needs one such neighbour (the square it is entered from), and on a closed
    tour two (it is left again, for the next square or home).  The jump takes a way
    only from the squares around the tour's last square, so only they are checked.
    """
    jumps, seen, home = b.jumps, t.seen | 1 << c, t.cells[0]
    need = 2 if closed else 1
    for d in jumps[t.cells[-1]]:
        if seen >> d & 1:
            continue
        ways = sum(not seen >> e & 1 or e == c or (closed and e == home) for e in jumps[d])
        if ways < need:
            return True
    return False


def move(t: Tour, c: Cell) -> Tour:
    """The tour one jump longer, ending on ``c``: ``move t c = t ++ [c]``."""
    return Tour((*t.cells, c), t.seen | 1 << c)


def solved(b: Board, t: Tour, closed: bool = False) -> bool:
    """Whether the tour visits every square and, when ``closed``, its last square is a
    jump from its first, so that the knight can jump home.

    ``solved t = length t == size b && (not closed || head t ∈ jumps (last t))``

    A tour of 2 squares does not count as closed: jumping back along the same jump makes
    no cycle (a knight's shortest has 4 squares).

    >>> one = Board(((0, 0),))
    >>> solved(PROBLEM_A, start(PROBLEM_A)), solved(one, start(one))
    (False, True)
    """
    if len(t.cells) != len(b.squares):
        return False
    return not closed or (len(t.cells) > 2 and t.cells[0] in b.jumps[t.cells[-1]])


def puzzle(b: Board, closed: bool = False) -> Puzzle[Tour, Cell]:
    """The knight's tour on board ``b``, open or closed, as the chapter's three
    functions.

    >>> from pearls.search import dfsolve
    >>> dfsolve(puzzle(PROBLEM_A, closed=True), start(PROBLEM_A))
    [5, 7, 1, 9, 3, 11, 6, 4, 10, 2, 8]
    """
    return Puzzle(
        moves=lambda t: moves(b, t, closed),
        move=move,
        solved=lambda t: solved(b, t, closed),
    )


# The order of the jumps


def warnsdorff(b: Board) -> Order[Tour, Cell]:
    """Warnsdorff's rule (1823): jump first to the square with the fewest onward jumps;
    among equals, first to the one farthest from the tour's first square (so that the
    tour works its way back home at the end, which a closed tour needs), then in reading
    order.

    ``order t ms = sortOn (\\c -> (onward c, - distance (head t) c)) ms``

    where ``onward c = length [d | d <- jumps c, d ∉ t]``.

    >>> b = rectangle(5, 5)
    >>> t = move(start(b), 7)  # from the top left corner to row 2, column 3
    >>> moves(b, t)
    [4, 10, 14, 16, 18]
    >>> warnsdorff(b)(t, moves(b, t))  # 4 has one onward jump, the others 3
    [4, 14, 18, 16, 10]
    """
    jumps = b.jumps

    def priority(t: Tour, c: Cell) -> tuple[int, int]:
        (r, col), (r0, c0) = b.squares[c], b.squares[t.cells[0]]
        onward = sum(not t.seen >> d & 1 for d in jumps[c])
        return onward, -((r - r0) ** 2 + (col - c0) ** 2)

    return lambda t, ms: sorted(ms, key=lambda c: priority(t, c))
