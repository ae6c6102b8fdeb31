"""Sliding tiles: the 8 puzzle, the 15 puzzle, and any other ``rows x cols`` tray.

A tray holds the tiles ``1 .. N-1`` and one empty cell, the blank; a move slides a tile
next to the blank into it.  Cells are numbered row by row from 0 at the top left, and a
board lists the tile on each cell, ``0`` for the blank.  Half the boards cannot reach
the goal, by parity (:func:`solvable`), and are refused before any search.

This is the model: the tray (:class:`Frame`), the examples, the three functions, parity,
the perfect hash and breadth-first search.  Beside it, each importing it:
:mod:`~pearls.puzzles.sliding.heuristics` (Manhattan distance and linear conflicts,
updated move by move; A* and IDA*), :mod:`~pearls.puzzles.sliding.planning` (the tiles
brought home one by one; ``psolve``), :mod:`~pearls.puzzles.sliding.patterns` (pattern
databases), :mod:`~pearls.puzzles.sliding.ranked` (successors' ranks from a rank),
:mod:`~pearls.puzzles.sliding.text` (parse, show, words),
:mod:`~pearls.puzzles.sliding.draw` and :mod:`~pearls.puzzles.sliding.describe` (the
command line).

>>> q = (1, 2, 3, 4, 5, 6, 0, 7, 8)
>>> moves(EIGHT, q), move(q, (7, 6))
([(4, 6), (7, 6)], (1, 2, 3, 4, 5, 6, 7, 0, 8))
>>> bfsolve(EIGHT, q)
[(7, 6), (8, 7)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from math import factorial
from random import Random

from pearls import search
from pearls.analysis import Halves, PerfectHash, halves
from pearls.errors import BoardError
from pearls.types import Path, Puzzle, S

__all__ = [
    "BLANK",
    "EIGHT",
    "EIGHT_EXAMPLES",
    "FIFTEEN",
    "FIFTEEN_EXAMPLES",
    "MAX_SIDE",
    "TRAY_EXAMPLES",
    "Board",
    "Cell",
    "Frame",
    "Move",
    "Tile",
    "UnsolvableError",
    "bfsolve",
    "blank_parity",
    "check_solvable",
    "frame",
    "move",
    "moves",
    "permutation_parity",
    "puzzle",
    "random_board",
    "rank",
    "solvable",
    "solved",
    "undoes",
    "unrank",
]

Tile = int  # 1 .. N-1, and 0 the blank; e.g. 8
Cell = int  # 0 .. N-1, row by row from the top left; e.g. 4, the middle of a 3x3 tray
Board = tuple[Tile, ...]  # the tile on each cell, row by row; e.g. (1, 2, 3, 4, 5, 6, 7, 8, 0)
Move = tuple[Tile, Cell]  # tile t slides onto the empty cell c; e.g. (8, 8)

BLANK: Tile = 0
MAX_SIDE = 10  # the most rows or columns a tray may have


@dataclass(frozen=True)
class Frame:
    """A tray of ``rows x cols`` cells and its goal: the tiles in order, the blank last
    (``1 2 ... N-1 0``) or, with ``blank_first``, first (``0 1 ... N-1``, Korf's goal).
    Its tables, worked out once: ``home[t]``, tile ``t``'s cell in the goal;
    ``neighbours[c]``, the cells next to ``c`` (up, left, right, down); and
    ``distance[t][c]``, the rows plus columns from ``c`` to ``home[t]`` (0 for the blank).

    >>> EIGHT.goal, FIFTEEN.home[15], Frame(2, 3, blank_first=True).goal
    ((1, 2, 3, 4, 5, 6, 7, 8, 0), 14, (0, 1, 2, 3, 4, 5))
    """

    rows: int
    cols: int
    blank_first: bool = False
    goal: Board = field(init=False, repr=False, compare=False)
    home: tuple[Cell, ...] = field(init=False, repr=False, compare=False)
    neighbours: tuple[tuple[Cell, ...], ...] = field(init=False, repr=False, compare=False)
    distance: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        n = self.size
        goal = tuple(range(n)) if self.blank_first else (*range(1, n), BLANK)
        home = tuple(goal.index(t) for t in range(n))
        far = [[0 if t == BLANK else self.steps(c, home[t]) for c in range(n)] for t in range(n)]
        object.__setattr__(self, "goal", goal)
        object.__setattr__(self, "home", home)
        object.__setattr__(self, "neighbours", tuple(map(self._beside, range(n))))
        object.__setattr__(self, "distance", tuple(map(tuple, far)))

    @property
    def size(self) -> int:
        """The number of cells, ``N``."""
        return self.rows * self.cols

    def steps(self, c: Cell, d: Cell) -> int:
        """The rows plus the columns between two cells: ``|r - r'| + |k - k'|``.

        >>> EIGHT.steps(0, 8)
        4
        """
        (r, k), (s, j) = divmod(c, self.cols), divmod(d, self.cols)
        return abs(r - s) + abs(k - j)

    def _beside(self, c: Cell) -> tuple[Cell, ...]:
        """The cells next to ``c`` on the tray: up, left, right, down."""
        r, k = divmod(c, self.cols)
        near = [(r > 0, c - self.cols), (k > 0, c - 1), (k < self.cols - 1, c + 1)]
        near.append((r < self.rows - 1, c + self.cols))
        return tuple(d for on_tray, d in near if on_tray)


def frame(rows: int, cols: int, blank_first: bool = False) -> Frame:
    """The tray of ``rows x cols`` cells, checked: each side 2 to 10 cells.

    >>> frame(1, 5)
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: a tray has 2 to 10 rows and 2 to 10 columns, not 1x5
    """
    if not (2 <= rows <= MAX_SIDE and 2 <= cols <= MAX_SIDE):
        raise BoardError(
            f"a tray has 2 to {MAX_SIDE} rows and 2 to {MAX_SIDE} columns, not {rows}x{cols}"
        )
    return Frame(rows, cols, blank_first)


EIGHT, FIFTEEN = Frame(3, 3), Frame(4, 4)

EIGHT_EXAMPLES: dict[str, Board] = {
    "shifted": (0, 1, 2, 3, 4, 5, 6, 7, 8),  # each tile a cell on: the Prolog notes', 22 moves
    "hardest": (8, 6, 7, 2, 5, 4, 3, 0, 1),  # one of the two boards 31 moves from the goal
    "easy": (1, 2, 3, 4, 0, 6, 7, 5, 8),  # 2 moves
}
FIFTEEN_EXAMPLES: dict[str, Board] = {
    "easy": (1, 2, 3, 4, 5, 6, 0, 8, 9, 10, 7, 11, 13, 14, 15, 12),  # 3 moves
    "thirty-six": (9, 2, 3, 4, 6, 14, 8, 11, 5, 1, 10, 12, 15, 0, 13, 7),  # 36 moves
    "forty-four": (0, 9, 6, 1, 13, 4, 10, 7, 14, 2, 11, 3, 8, 5, 15, 12),  # 44 moves
}
TRAY_EXAMPLES: dict[str, tuple[Frame, Board]] = {
    "2x3": (Frame(2, 3), (4, 1, 2, 0, 5, 3)),  # 4 moves
    "3x4": (Frame(3, 4), (5, 11, 1, 2, 8, 6, 7, 3, 10, 9, 4, 0)),  # 28 moves
}


# The three functions


def moves(f: Frame, q: Board) -> list[Move]:
    """The tiles next to the blank, each slid onto it, from above, the left, the right,
    below: ``moves q = [(q !! c, b) | c <- neighbours b] where b = the blank's cell``.

    >>> moves(EIGHT, EIGHT.goal)
    [(6, 8), (8, 8)]
    """
    b = q.index(BLANK)
    ms: list[Move] = []
    for c in f.neighbours[b]:  # a loop: for two to four moves, cheaper than a comprehension
        ms.append((q[c], b))
    return ms


def move(q: Board, m: Move) -> Board:
    """The board after tile ``t`` slides onto the empty cell ``c``: the two swap.

    >>> move((1, 2, 3, 0), (1, 3))
    (0, 2, 3, 1)
    """
    t, c = m
    board = list(q)
    board[board.index(t)], board[c] = BLANK, t
    return tuple(board)


def solved(f: Frame, q: Board) -> bool:
    """Whether every tile is home: ``solved q = q == goal``.

    >>> solved(EIGHT, EIGHT.goal), solved(EIGHT, EIGHT_EXAMPLES["easy"])
    (True, False)
    """
    return q == f.goal


def puzzle(f: Frame) -> Puzzle[Board, Move]:
    """The tray as a puzzle of the chapter's kind.

    >>> search.bfsolve(puzzle(EIGHT), (1, 2, 3, 4, 5, 6, 7, 0, 8))
    [(8, 7)]
    """
    return Puzzle(partial(moves, f), move, f.goal.__eq__)  # solved q = q == goal


def undoes(p: Path[S, Move], m: Move) -> bool:
    """Whether ``m`` slides back the tile the path moved last, which no shortest
    solution does: the prune of iterative deepening.

    >>> from pearls.types import start
    >>> p = Path(start(EIGHT.goal).history.cons((8, 8)), move(EIGHT.goal, (8, 8)))
    >>> undoes(p, (8, 7)), undoes(p, (5, 7))
    (True, False)
    """
    return bool(p.history) and p.history.first[0] == m[0]


# Parity


class UnsolvableError(BoardError):
    """A board whose tiles' parity and blank's parity disagree: see :func:`solvable`."""


def permutation_parity(f: Frame, q: Board) -> int:
    """0 if the board is an even permutation of the goal, 1 if odd: ``N`` minus the
    number of cycles of ``c -> home (q !! c)``, modulo 2.

    >>> permutation_parity(EIGHT, EIGHT.goal), permutation_parity(EIGHT, move(EIGHT.goal, (8, 8)))
    (0, 1)
    """
    unseen, cycles = set(range(f.size)), 0
    while unseen:
        d, cycles = f.home[q[unseen.pop()]], cycles + 1
        while d in unseen:
            unseen.discard(d)
            d = f.home[q[d]]
    return (f.size - cycles) % 2


def blank_parity(f: Frame, q: Board) -> int:
    """The parity of the rows plus columns between the blank and its goal cell.

    >>> blank_parity(EIGHT, EIGHT.goal), blank_parity(EIGHT, move(EIGHT.goal, (8, 8)))
    (0, 1)
    """
    return f.steps(q.index(BLANK), f.home[BLANK]) % 2


def solvable(f: Frame, q: Board) -> bool:
    """Whether the goal can be reached: ``permutation_parity q == blank_parity q``.

    A move swaps the blank with a tile and moves the blank one cell, changing both
    parities, so they stay equal or stay different forever; the goal has both even, and
    every board with equal parities reaches it (Johnson and Story, 1879), on any tray of
    at least 2 x 2.

    >>> solvable(FIFTEEN, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0))
    False
    """
    return permutation_parity(f, q) == blank_parity(f, q)


def check_solvable(f: Frame, q: Board) -> Board:
    """The board, if solvable; else :class:`UnsolvableError`, naming the parities.

    >>> check_solvable(EIGHT, (2, 1, 3, 4, 5, 6, 7, 8, 0))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pearls.puzzles.sliding.UnsolvableError: unsolvable by parity: the tiles are an odd ...
    """
    if solvable(f, q):
        return q
    tiles, blank = (("even", "odd")[p(f, q)] for p in (permutation_parity, blank_parity))
    raise UnsolvableError(
        f"unsolvable by parity: the tiles are an {tiles} permutation of the goal but the "
        f"blank is an {blank} number of steps from its goal cell; every move changes both "
        "parities, so no sequence of moves reaches the goal"
    )


# The perfect hash


def rank(f: Frame) -> PerfectHash[Board]:
    """A minimal perfect hash of the solvable boards (with :func:`unrank`, its inverse):
    the blank's cell, then the tiles' order (its Lehmer code), halved.  Given the blank's
    cell, the solvable orders are one parity, and swapping the last two tiles pairs codes
    ``2j``, ``2j + 1`` of opposite parities, so ``j`` numbers them one to one::

        rank q = b * (N-1)! / 2 + lehmer [t | t <- q, t /= 0] `div` 2

    On trays of at most 10 cells the code is two lookups (:class:`~pearls.analysis.Halves`).

    >>> h = rank(EIGHT)
    >>> h.size, h.rank(EIGHT.goal), h.rank((0, 8, 7, 6, 5, 4, 3, 2, 1))
    (181440, 161280, 20159)
    """
    n, half = f.size - 1, factorial(f.size - 1) // 2
    if Halves.fit(n):
        tables = halves(n)

        def by_halves(q: Board) -> int:
            t = tables()
            b = q.index(BLANK)
            order = q[:b] + q[b + 1 :]
            return b * half + (t.front[order[: t.cut]] + t.back[order[t.cut :]]) // 2

        return PerfectHash(by_halves, f.size * half, unrank(f, tables))

    def rank_of(q: Board) -> int:
        code, seen, i = 0, 0, 0
        for t in q:
            if t:
                code = code * (n - i) + t - 1 - (seen & ((1 << t) - 1)).bit_count()
                seen, i = seen | 1 << t, i + 1
        return q.index(BLANK) * half + code // 2

    return PerfectHash(rank_of, f.size * half, unrank(f))


def unrank(f: Frame, tables: Callable[[], Halves] | None = None) -> Callable[[int], Board]:
    """The inverse of :func:`rank`: the blank's cell, then the tiles' order from the
    Lehmer code ``2j`` or ``2j + 1``, whichever is solvable.  The two differ in their
    last-but-one digit, and an order's parity is that of its digits' sum.  (``tables``:
    :func:`rank`'s, shared.)

    >>> board, h = unrank(EIGHT), rank(EIGHT)
    >>> all(h.rank(board(r)) == r for r in range(0, h.size, 997))
    True
    """
    n, half = f.size - 1, factorial(f.size - 1) // 2
    order = list(range(1, n + 1))
    parity = [int(not solvable(f, (*order[:b], BLANK, *order[b:]))) for b in range(f.size)]
    if Halves.fit(n):
        return _unrank_by_halves(half, parity, tables or halves(n))

    def board(r: int) -> Board:
        blank, code = divmod(r, half)
        digits, code = [0], code * 2  # the code 2j: its last digit, base 1, is 0
        for base in range(2, n + 1):
            code, digit = divmod(code, base)
            digits.append(digit)
        if sum(digits) % 2 != parity[blank]:
            digits[1] = 1
        left = order.copy()
        tiles = [left.pop(d) for d in reversed(digits)]
        return (*tiles[:blank], BLANK, *tiles[blank:])

    return board


def _unrank_by_halves(
    half: int, parity: Sequence[int], tables: Callable[[], Halves]
) -> Callable[[int], Board]:
    """:func:`unrank` by lookups: the code ``2j``, or ``2j + 1`` where the parity asks."""

    def board(r: int) -> Board:
        t = tables()
        blank, j = divmod(r, half)
        at, code = divmod(2 * j, t.span)
        if (t.front_parity[at] + t.back_parity[code]) % 2 != parity[blank]:
            code += 1
        tiles = t.prefixes[at] + t.pick[code](t.rests[at])
        return (*tiles[:blank], BLANK, *tiles[blank:])

    return board


# Solvers


def bfsolve(f: Frame, q: Board) -> list[Move] | None:
    """A shortest solution: ``bfsolve q = bfsearch' [] [] [([], q)]``.

    >>> bfsolve(EIGHT, EIGHT_EXAMPLES["easy"])
    [(5, 4), (8, 7)]
    """
    return search.bfsolve(puzzle(f), q)


def random_board(f: Frame, rng: Random) -> Board:
    """A board drawn uniformly from the solvable ones: the tiles shuffled, and the first
    two swapped if unsolvable (a swap changes the tiles' parity alone, pairing the two
    halves one to one).

    >>> solvable(FIFTEEN, random_board(FIFTEEN, Random(7)))
    True
    """
    board = list(range(f.size))
    rng.shuffle(board)
    if not solvable(f, tuple(board)):
        i, j = [c for c, t in enumerate(board) if t != BLANK][:2]
        board[i], board[j] = board[j], board[i]
    return tuple(board)
