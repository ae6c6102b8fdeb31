"""Sliding tiles: the 8 puzzle, the 15 puzzle, and any other ``rows x cols`` tray.

A tray of ``rows x cols`` cells holds the tiles ``1 .. N-1`` (``N = rows * cols``) and one
empty cell, the blank.  A move slides a tile next to the blank into it.  The cells are
numbered row by row from 0 at the top left, so on the 8 puzzle's tray::

    0 1 2
    3 4 5
    6 7 8

A board lists the tile on each cell, ``0`` for the blank: ``(1, 2, 3, 4, 5, 6, 7, 8, 0)``
is the usual goal, the blank last; Korf's 15-puzzle instances use the goal
``(0, 1, 2, ..., 15)``, the blank first.  A move ``(t, c)`` slides tile ``t`` onto the
empty cell ``c``.

Half the boards cannot reach the goal (:func:`solvable`: a question of parity), and
are refused before any search (:class:`UnsolvableError`).  The rest are searched with the
chapter's combinators, with A* and IDA* led by Manhattan distance and linear conflicts
(both updated move by move, :func:`manhattan_estimate`, :func:`conflict_estimate`), and
planned by bringing the tiles home one by one (:func:`goalmoves`, :func:`premoves`).

>>> q = parse("1 2 3 / 4 5 6 / 0 7 8", EIGHT)
>>> moves(EIGHT, q)
[(4, 6), (7, 6)]
>>> print(show(EIGHT, move(q, (7, 6))))
1 2 3
4 5 6
7 0 8
>>> len(bfsolve(EIGHT, q))
2
"""

from __future__ import annotations

from bisect import bisect_left
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import pairwise
from math import factorial, isqrt
from random import Random
from typing import NamedTuple

from pearls import methods, search, svg
from pearls.analysis import PerfectHash
from pearls.description import JSON, Description, Generated, Option, Problem, Settings
from pearls.errors import BoardError
from pearls.informed import Estimate, astar, carried, idastar, score, scored
from pearls.limits import Meter
from pearls.methods import Method
from pearls.search import mkplans
from pearls.types import Path, Plan, Planner, Puzzle, S

__all__ = [
    "BLANK",
    "DESCRIPTION",
    "EIGHT",
    "EIGHT_DESCRIPTION",
    "FIFTEEN",
    "FIFTEEN_DESCRIPTION",
    "Board",
    "Cell",
    "Frame",
    "Move",
    "Tile",
    "Unit",
    "UnsolvableError",
    "astar_solve",
    "bfsolve",
    "blank_parity",
    "check_solvable",
    "conflict_estimate",
    "conflicts",
    "draw",
    "frame",
    "goalmoves",
    "idastar_solve",
    "linear_conflict",
    "manhattan",
    "manhattan_estimate",
    "move",
    "moves",
    "newplans",
    "notation",
    "parse",
    "permutation_parity",
    "planner",
    "premoves",
    "psolve",
    "puzzle",
    "random_board",
    "rank",
    "shape_of",
    "show",
    "solvable",
    "solved",
    "undoes",
    "units",
    "unrank",
    "words",
]

Tile = int  # 1 .. N-1, and 0 the blank; e.g. 8
Cell = int  # 0 .. N-1, row by row from the top left; e.g. 4, the middle of a 3x3 tray
Board = tuple[Tile, ...]  # the tile on each cell, row by row; e.g. (1, 2, 3, 4, 5, 6, 7, 8, 0)
Move = tuple[Tile, Cell]  # tile t slides onto the empty cell c; e.g. (8, 8)

BLANK: Tile = 0
MAX_SIDE = 10  # the largest number of rows or columns a tray may have


@dataclass(frozen=True)
class Frame:
    """A tray of ``rows x cols`` cells and its goal: the tiles in order, the blank last
    (``1 2 ... N-1 0``) or, with ``blank_first``, first (``0 1 2 ... N-1``).

    The tables that the functions below look things up in are worked out once, here:
    ``home[t]`` is tile ``t``'s cell in the goal, ``neighbours[c]`` the cells next to
    ``c`` (up, left, right, down), and ``distance[t][c]`` the rows plus columns from
    cell ``c`` to ``home[t]`` (0 for the blank).

    >>> EIGHT.goal, FIFTEEN.home[15]
    ((1, 2, 3, 4, 5, 6, 7, 8, 0), 14)
    >>> frame(2, 3, blank_first=True).goal
    (0, 1, 2, 3, 4, 5)
    """

    rows: int
    cols: int
    blank_first: bool = False
    goal: Board = field(init=False, repr=False, compare=False)
    home: tuple[Cell, ...] = field(init=False, repr=False, compare=False)
    neighbours: tuple[tuple[Cell, ...], ...] = field(init=False, repr=False, compare=False)
    distance: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        n = self.rows * self.cols
        goal = tuple(range(n)) if self.blank_first else (*range(1, n), BLANK)
        home = tuple(goal.index(t) for t in range(n))
        object.__setattr__(self, "goal", goal)
        object.__setattr__(self, "home", home)
        object.__setattr__(self, "neighbours", tuple(map(self._beside, range(n))))
        distance = tuple(
            tuple(0 if t == BLANK else self.steps(c, home[t]) for c in range(n)) for t in range(n)
        )
        object.__setattr__(self, "distance", distance)

    @property
    def size(self) -> int:
        """The number of cells, ``N``."""
        return self.rows * self.cols

    def steps(self, c: Cell, d: Cell) -> int:
        """The rows plus the columns between two cells: ``|r - r'| + |k - k'|``."""
        (r, k), (s, j) = divmod(c, self.cols), divmod(d, self.cols)
        return abs(r - s) + abs(k - j)

    def _beside(self, c: Cell) -> tuple[Cell, ...]:
        """The cells next to ``c``: up, left, right, down, those on the tray."""
        r, k = divmod(c, self.cols)
        near = [(r > 0, c - self.cols), (k > 0, c - 1), (k < self.cols - 1, c + 1)]
        near.append((r < self.rows - 1, c + self.cols))
        return tuple(d for on_tray, d in near if on_tray)


def frame(rows: int, cols: int, blank_first: bool = False) -> Frame:
    """The tray of ``rows x cols`` cells, checked: each side 2 to 10 cells.

    >>> frame(3, 4).goal
    (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0)
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


EIGHT = Frame(3, 3)
FIFTEEN = Frame(4, 4)


# The three functions


def moves(f: Frame, q: Board) -> list[Move]:
    """The tiles next to the blank, each slid onto it: from above, the left, the right,
    below.

    ``moves q = [(q !! c, b) | c <- neighbours b] where b = the blank's cell``

    >>> moves(EIGHT, EIGHT.goal)
    [(6, 8), (8, 8)]
    """
    b = q.index(BLANK)
    ms = []
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
    """Whether every tile is home: ``solved q = q == goal``."""
    return q == f.goal


def puzzle(f: Frame) -> Puzzle[Board, Move]:
    """The tray as a puzzle of the chapter's kind.

    >>> search.bfsolve(puzzle(EIGHT), (1, 2, 3, 4, 5, 6, 7, 0, 8))
    [(8, 7)]
    """
    return Puzzle(partial(moves, f), move, f.goal.__eq__)  # solved q = q == goal


def undoes(p: Path[S, Move], m: Move) -> bool:
    """Whether ``m`` slides back the tile that the path moved last: never part of a
    shortest solution, so iterative deepening need not try it.

    >>> from pearls.types import start
    >>> after = Path(start(EIGHT.goal).history.cons((8, 8)), move(EIGHT.goal, (8, 8)))
    >>> undoes(after, (8, 7)), undoes(after, (5, 7))
    (True, False)
    """
    return bool(p.history) and p.history.first[0] == m[0]


# Parity


class UnsolvableError(BoardError):
    """A board that no sequence of moves brings to the goal: its tiles' parity and its
    blank's parity disagree (see :func:`solvable`)."""


def permutation_parity(f: Frame, q: Board) -> int:
    """0 if the board is an even permutation of the goal, 1 if odd: ``N`` minus the
    number of cycles of ``c -> home (q !! c)``, modulo 2.

    >>> permutation_parity(EIGHT, EIGHT.goal), permutation_parity(EIGHT, move(EIGHT.goal, (8, 8)))
    (0, 1)
    """
    unseen = set(range(f.size))
    cycles = 0
    while unseen:
        c = unseen.pop()
        cycles += 1
        d = f.home[q[c]]
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
    """Whether the goal can be reached from ``q``.

    Every move swaps the blank with a tile, changing the permutation's parity, and moves
    the blank one cell, changing its distance's parity; so the two parities stay equal,
    or stay different, forever.  The goal has both even, so only boards with equal
    parities can reach it; and all of them can (Johnson and Story, 1879), on any tray
    of at least 2 x 2.

        solvable q = permutation_parity q == blank_parity q

    >>> solvable(FIFTEEN, parse("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 0", FIFTEEN))
    False
    """
    return permutation_parity(f, q) == blank_parity(f, q)


def check_solvable(f: Frame, q: Board) -> Board:
    """The board, if solvable; else :class:`UnsolvableError`, naming the parities.

    >>> check_solvable(FIFTEEN, parse("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 0", FIFTEEN))
    Traceback (most recent call last):
    ...
    pearls.puzzles.sliding.UnsolvableError: unsolvable by parity: the tiles are an odd \
permutation of the goal but the blank is an even number of steps from its goal cell; every \
move changes both parities, so no sequence of moves reaches the goal
    """
    if solvable(f, q):
        return q
    tiles = ("even", "odd")[permutation_parity(f, q)]
    blank = ("even", "odd")[blank_parity(f, q)]
    raise UnsolvableError(
        f"unsolvable by parity: the tiles are an {tiles} permutation of the goal but the "
        f"blank is an {blank} number of steps from its goal cell; every move changes both "
        "parities, so no sequence of moves reaches the goal"
    )


# Heuristics


def manhattan(f: Frame, q: Board) -> int:
    """The sum, over the tiles, of the rows and columns between each tile and its home:
    a lower bound on the moves left, since a move takes one tile one step.

    ``manhattan q = sum [distance t c | (c, t) <- zip [0..] q, t /= 0]``

    >>> manhattan(EIGHT, parse("0 1 2 / 3 4 5 / 6 7 8", EIGHT))
    12
    """
    distance = f.distance
    return sum(distance[t][c] for c, t in enumerate(q))


def _longest_rising(xs: Sequence[int]) -> int:
    """The length of a longest strictly increasing subsequence (patience sorting)."""
    piles: list[int] = []
    for x in xs:
        i = bisect_left(piles, x)
        if i == len(piles):
            piles.append(x)
        else:
            piles[i] = x
    return len(piles)


def _row_extra(f: Frame, q: Board, r: int) -> int:
    """Tiles of row ``r`` at home in that row that must leave it to let the others by:
    those outside a longest run already in order of their goal columns."""
    cols = f.cols
    goal_cols = [
        f.home[t] % cols for t in q[r * cols : (r + 1) * cols] if t and f.home[t] // cols == r
    ]
    return len(goal_cols) - _longest_rising(goal_cols)


def _col_extra(f: Frame, q: Board, k: int) -> int:
    """As :func:`_row_extra`, for column ``k``."""
    cols = f.cols
    goal_rows = [f.home[t] // cols for t in q[k::cols] if t and f.home[t] % cols == k]
    return len(goal_rows) - _longest_rising(goal_rows)


def conflicts(f: Frame, q: Board) -> int:
    """The moves that linear conflicts add to Manhattan distance (Hansson, Mayer and
    Yung, 1992).

    Two tiles in the row of both their homes, in the wrong order, conflict: one must
    leave the row and come back, two moves Manhattan distance does not count.  In each
    row, all but a longest run of tiles in goal order must leave; so too in each column::

        conflicts q = 2 * sum [k - longest rising (goal columns of row r's own tiles)
                               | row r] + (the same for the columns)

    A tile leaves its row by a vertical move and its column by a horizontal one, so the
    rows' and the columns' detours are different moves and add up.

    >>> conflicts(EIGHT, parse("3 2 1 / 4 5 6 / 7 8 0", EIGHT))  # 3 2 1: two must leave
    4
    """
    rows = sum(_row_extra(f, q, r) for r in range(f.rows))
    columns = sum(_col_extra(f, q, k) for k in range(f.cols))
    return 2 * (rows + columns)


def linear_conflict(f: Frame, q: Board) -> int:
    """Manhattan distance plus linear conflicts: an admissible heuristic at least as
    large as Manhattan distance alone.

    ``linear_conflict q = manhattan q + conflicts q``

    >>> linear_conflict(EIGHT, parse("3 2 1 / 4 5 6 / 7 8 0", EIGHT))
    8
    """
    return manhattan(f, q) + conflicts(f, q)


def manhattan_estimate(f: Frame) -> Estimate[Board, Move]:
    """Manhattan distance, updated by a move in O(1): only the moved tile's term changes,

        change q (t, c) = distance t c - distance t (cell of t in q)

    >>> e = manhattan_estimate(EIGHT)
    >>> q = parse("1 2 3 / 4 0 6 / 7 5 8", EIGHT)
    >>> e.whole(q), e.change(q, (5, 4)), e.whole(move(q, (5, 4)))
    (2, -1, 1)
    """
    distance = f.distance

    def change(q: Board, m: Move) -> int:
        t, c = m
        return distance[t][c] - distance[t][q.index(t)]

    return Estimate(lambda q: manhattan(f, q), change)


def conflict_estimate(f: Frame) -> Estimate[Board, Move]:
    """:func:`linear_conflict`, updated by a move: Manhattan distance changes in one term,
    and the conflicts in two lines only.  A tile moving up or down keeps its column's
    order and changes two rows; moving sideways, it changes two columns::

        change q m = manhattan change + 2 * (extra (lines after) - extra (lines before))

    >>> e = conflict_estimate(EIGHT)
    >>> q = parse("3 2 1 / 4 5 6 / 7 8 0", EIGHT)
    >>> [e.whole(q) + e.change(q, m) == e.whole(move(q, m)) for m in moves(EIGHT, q)]
    [True, True]
    """
    distance, cols = f.distance, f.cols

    def change(q: Board, m: Move) -> int:
        t, c = m
        s = q.index(t)
        after = move(q, m)
        if s // cols == c // cols:
            lines = {s % cols, c % cols}
            extra = sum(_col_extra(f, after, k) - _col_extra(f, q, k) for k in lines)
        else:
            lines = {s // cols, c // cols}
            extra = sum(_row_extra(f, after, r) - _row_extra(f, q, r) for r in lines)
        return distance[t][c] - distance[t][s] + 2 * extra

    return Estimate(lambda q: linear_conflict(f, q), change)


# Whole-space analysis


def rank(f: Frame) -> PerfectHash[Board]:
    """A minimal perfect hash of the solvable boards: the blank's cell, then the order
    of the tiles (their Lehmer code), halved.

    Given the blank's cell, the solvable boards are the tile orders of one parity, half
    of all ``(N-1)!``; two orders whose last two tiles are swapped have Lehmer ranks
    ``2j`` and ``2j + 1`` and opposite parities, so ``j`` numbers each parity's orders
    one to one::

        rank q = b * (N-1)! / 2 + lehmer [t | t <- q, t /= 0] `div` 2

    >>> h = rank(EIGHT)
    >>> h.size, h.rank(EIGHT.goal), h.rank(parse("0 8 7 / 6 5 4 / 3 2 1", EIGHT))
    (181440, 161280, 20159)
    """
    n = f.size - 1
    half = factorial(n) // 2

    def rank_of(q: Board) -> int:
        code, seen = 0, 0
        i = 0
        for t in q:
            if t:
                smaller_before = (seen & ((1 << t) - 1)).bit_count()
                code = code * (n - i) + (t - 1 - smaller_before)
                seen |= 1 << t
                i += 1
        return q.index(BLANK) * half + code // 2

    return PerfectHash(rank_of, f.size * half)


def unrank(f: Frame) -> Callable[[int], Board]:
    """The inverse of :func:`rank`: the blank's cell, then the
    tiles' order from its Lehmer code ``2j`` or ``2j + 1``, whichever is solvable.

    The two codes differ in one digit (the last two tiles swap), and an order's parity
    is that of the sum of its digits, so the right one is known before the tiles are
    placed: ``solvable[b]`` is the parity the orders with the blank on ``b`` must have.

    >>> board, h = unrank(EIGHT), rank(EIGHT)
    >>> all(h.rank(board(r)) == r for r in range(0, h.size, 997))
    True
    """
    n = f.size - 1
    half = factorial(n) // 2
    ordered = list(range(1, n + 1))
    solvable = [_solvable_parity(f, b) for b in range(f.size)]

    def unrank(r: int) -> Board:
        blank, code = divmod(r, half)
        digits = [0]  # the code 2j: its last digit, base 1, is 0, its next says odd or even
        code *= 2
        for base in range(2, n + 1):
            code, digit = divmod(code, base)
            digits.append(digit)
        if sum(digits) % 2 != solvable[blank]:
            digits[1] = 1
        left = ordered.copy()
        order = [left.pop(d) for d in reversed(digits)]
        order.insert(blank, BLANK)
        return tuple(order)

    return unrank


def _solvable_parity(f: Frame, blank: int) -> int:
    """The parity of the tiles' order (its inversions) on the solvable boards with the
    blank on cell ``blank``."""
    order = list(range(1, f.size))
    q = (*order[:blank], BLANK, *order[blank:])
    return 0 if solvable(f, q) else 1


# Planning: the tiles brought home in order


class Unit(NamedTuple):
    """Cells filled together by the planner: one home, or the last two of a line,
    ``(a, b)``, with ``aside`` the cell beside ``a`` off the line, where ``a``'s tile
    waits while ``b``'s tile stands on ``a``, e.g. ``Unit((1, 2), 4)`` on the 8 puzzle."""

    homes: tuple[Cell, ...]
    aside: Cell | None = None


def units(f: Frame) -> list[Unit]:
    """The order in which the planner fills the cells: rows from the far side of the
    blank's goal while more than two remain, a tile at a time but the last two of each
    row as a pair; then the two rows left a column at a time, each column a pair; then
    the last 2 x 2 corner, one tile at a time.

    >>> units(EIGHT)
    [Unit(homes=(0,), aside=None), Unit(homes=(1, 2), aside=4), Unit(homes=(3, 6), aside=4), \
Unit(homes=(4,), aside=None), Unit(homes=(5,), aside=None), Unit(homes=(7,), aside=None)]
    """
    rows, cols = f.rows, f.cols
    order: list[Unit] = []
    for r in range(rows - 2):
        order.extend(Unit((r * cols + k,)) for k in range(cols - 2))
        a = r * cols + cols - 2
        order.append(Unit((a, a + 1), a + cols))
    for k in range(cols - 2):
        a = (rows - 2) * cols + k
        order.append(Unit((a, a + cols), a + 1))
    corner = (rows - 2) * cols + cols - 2
    order.extend(Unit((c,)) for c in (corner, corner + 1, corner + cols))
    if not f.blank_first:
        return order
    last = f.size - 1
    return [
        Unit(tuple(last - c for c in u.homes), None if u.aside is None else last - u.aside)
        for u in order
    ]


class _Step(NamedTuple):
    """What the planner does next: take ``tile`` to ``target`` without touching the
    cells ``fixed``."""

    tile: Tile
    target: Cell
    fixed: frozenset[Cell]


def _step(f: Frame, q: Board) -> _Step | None:
    """The next step for the first unit not yet home; ``None`` when solved.

    For a pair ``(a, b)`` with tiles ``A`` and ``B``, the steps are: ``B`` onto ``a``;
    ``A`` aside, beside it; ``B`` round the corner onto ``b``; ``A`` onto ``a``.  When
    ``A`` is home already and ``B`` stands ready to slide into the empty corner ``b``,
    the one move does it.
    """
    placed: set[Cell] = set()
    goal = f.goal
    for unit in units(f):
        if all(q[c] == goal[c] for c in unit.homes):
            placed.update(unit.homes)
            continue
        if unit.aside is None:
            (a,) = unit.homes
            return _Step(goal[a], a, frozenset(placed))
        (a, b), d = unit.homes, unit.aside
        pair_a, pair_b = goal[a], goal[b]
        if q[a] == pair_a and q[b] == BLANK and _slides_in(f, q, b, pair_b, {*placed, a}):
            return _Step(pair_b, b, frozenset({*placed, a}))
        if q[b] == pair_b and q[d] == pair_a and q[a] == BLANK:
            return _Step(pair_a, a, frozenset({*placed, b}))
        if q[a] == pair_b and q[d] == pair_a:
            return _Step(pair_b, b, frozenset({*placed, d}))
        if q[a] == pair_b:
            return _Step(pair_a, d, frozenset({*placed, a}))
        return _Step(pair_b, a, frozenset(placed))
    return None


def _slides_in(f: Frame, q: Board, b: Cell, t: Tile, fixed: set[Cell]) -> bool:
    """Whether tile ``t`` stands next to the empty corner ``b``, on its one free side."""
    return any(q[e] == t for e in f.neighbours[b] if e not in fixed)


def _route(f: Frame, source: Cell, target: Cell, blocked: frozenset[Cell]) -> list[Cell] | None:
    """A shortest walk of cells from ``source`` to ``target`` around the ``blocked``
    cells, both ends included; ``None`` if there is none."""
    came: dict[Cell, Cell] = {source: source}
    queue = deque([source])
    while queue:
        c = queue.popleft()
        if c == target:
            walk = [c]
            while walk[-1] != source:
                walk.append(came[walk[-1]])
            return walk[::-1]
        for d in f.neighbours[c]:
            if d not in came and d not in blocked:
                came[d] = c
                queue.append(d)
    return None


def goalmoves(f: Frame, q: Board) -> Plan[Move]:
    """The moves that walk the next tile to its target by a shortest route around the
    tiles already placed: ``[(t, c) | c <- the route, after the tile's own cell]``.
    Each is legal only once the blank stands on ``c``; :func:`premoves` sees to that.

    >>> goalmoves(EIGHT, parse("0 2 3 / 1 4 5 / 7 8 6", EIGHT))
    ((1, 0),)
    >>> goalmoves(EIGHT, EIGHT.goal)
    ()
    """
    step = _step(f, q)
    if step is None:
        return ()
    route = _route(f, q.index(step.tile), step.target, step.fixed)
    return () if route is None else tuple((step.tile, c) for c in route[1:])


def premoves(f: Frame, q: Board, m: Move) -> list[list[Move]]:
    """The ways of making ``m`` legal: walk the blank by a shortest route onto ``m``'s
    cell, around the placed tiles and the tile ``m`` moves; none if no route exists.
    Each step of the walk slides the tile ahead of the blank back onto the blank's cell.

    >>> premoves(EIGHT, parse("4 1 3 / 2 0 5 / 7 8 6", EIGHT), (1, 0))
    [[(2, 4), (4, 3)]]
    """
    t, c = m
    step = _step(f, q)
    fixed = frozenset() if step is None else step.fixed
    s = q.index(t)
    if c not in f.neighbours[s]:
        return []
    walk = _route(f, q.index(BLANK), c, fixed | {s})
    if walk is None:
        return []
    return [[(q[d], b) for b, d in pairwise(walk)]]


def newplans(f: Frame, q: Board, plan: Plan[Move]) -> list[Plan[Move]]:
    """The plans whose first move is legal: ``plan``, or once it is spent a fresh one
    from :func:`goalmoves`, grown by premoves.

    ::

        newplans q [] = mkplans (goalmoves q)
        newplans q ms = mkplans ms

    with ``mkplans`` as in :func:`pearls.search.mkplans`.  The first equation is this
    puzzle's liberty: Bird's plan runs to the goal, but a plan of tile moves can only
    be worked out one tile at a time, so a spent plan is renewed, not dropped.

    >>> newplans(EIGHT, parse("4 1 3 / 2 0 5 / 7 8 6", EIGHT), ())
    [((2, 4), (4, 3), (1, 0))]
    """
    ms = plan or goalmoves(f, q)
    return mkplans(moves(f, q), lambda m: premoves(f, q, m), ms)


def planner(f: Frame) -> Planner[Board, Move]:
    """The tray with its planner: :func:`goalmoves` and :func:`newplans`."""
    return Planner(puzzle(f), lambda q: goalmoves(f, q), lambda q, ms: newplans(f, q, ms))


# Solvers


def bfsolve(f: Frame, q: Board) -> list[Move] | None:
    """A shortest solution: ``bfsolve q = bfsearch' [] [] [([], q)]``."""
    return search.bfsolve(puzzle(f), q)


def psolve(f: Frame, q: Board) -> list[Move] | None:
    """A planned solution, fast and seldom shortest: ``psolve q = psearch' [] [] [([], q,
    goalmoves q)]``.

    >>> q = parse("8 6 7 / 2 5 4 / 3 0 1", EIGHT)
    >>> len(psolve(EIGHT, q)) >= len(astar_solve(EIGHT, q)) == 31
    True
    """
    return search.psolve(planner(f), q)


def astar_solve(f: Frame, q: Board) -> list[Move] | None:
    """A shortest solution by A* led by Manhattan distance and linear conflicts, carried
    in the states and updated move by move."""
    e = conflict_estimate(f)
    return astar(scored(puzzle(f), e), score(e, q), carried)


def idastar_solve(f: Frame, q: Board) -> list[Move] | None:
    """A shortest solution by IDA* led by Manhattan distance and linear conflicts."""
    e = conflict_estimate(f)
    return idastar(scored(puzzle(f), e), score(e, q), carried)


# Text form


def _tokens(text: str) -> list[list[str]]:
    """The words of each row: rows split at newlines or ``/``, words at whitespace or
    commas; blank rows dropped."""
    rows = text.replace("/", "\n").splitlines()
    return [words for row in rows if (words := row.replace(",", " ").split())]


def shape_of(text: str) -> tuple[int, int]:
    """The rows and columns a board's text shows: its rows, or else a square.

    >>> shape_of("1 2 3 / 4 5 0"), shape_of("1 2 3 0")
    ((2, 3), (2, 2))
    >>> shape_of("1 2 3 4 5 0")
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: 6 tiles in one row make no square tray: separate the rows \
with '/' or give the size
    """
    rows = _tokens(text)
    if not rows:
        raise BoardError("no tiles: write the tiles row by row, 0 for the blank")
    if len(rows) > 1:
        return len(rows), len(rows[0])
    side = isqrt(len(rows[0]))
    if side * side != len(rows[0]):
        raise BoardError(
            f"{len(rows[0])} tiles in one row make no square tray: separate the rows with "
            "'/' or give the size"
        )
    return side, side


def _tile(word: str, row: int, place: int, n: int) -> Tile:
    """One tile's number, checked to lie in ``0 .. n-1``; ``_`` and ``.`` are the blank."""
    if word in ("_", "."):
        return BLANK
    if not (word.isascii() and word.isdigit()):
        raise BoardError(
            f"{word!r} (row {row}, tile {place}) is not a tile number: use 0 to {n - 1}, "
            "0 or _ for the blank"
        )
    t = int(word)
    if t >= n:
        raise BoardError(f"tile {t} (row {row}, tile {place}) is too big: use 0 to {n - 1}")
    return t


def parse(text: str, f: Frame) -> Board:
    """The board a text shows: the tiles row by row, ``0`` (or ``_``) the blank, rows
    separated by newlines or ``/`` (or not at all), tiles by spaces or commas.  Raises
    :class:`~pearls.errors.BoardError` saying what is wrong and where.

    >>> parse("1 2 3\\n4 5 6\\n7 8 0", EIGHT) == parse("1,2,3,4,5,6,7,8,_", EIGHT) == EIGHT.goal
    True
    >>> parse("1 2 3 / 4 5 6 / 7 8 8", EIGHT)
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: tile 8 appears twice, and tile 0 not at all
    """
    rows = _tokens(text)
    if len(rows) > 1:
        _check_rows(rows, f)
    words = [(r, p, w) for r, row in enumerate(rows, start=1) for p, w in enumerate(row, start=1)]
    if len(words) != f.size:
        raise BoardError(
            f"a {f.rows}x{f.cols} tray holds {f.size} tiles, the text has {len(words)}"
        )
    board = tuple(_tile(w, r, p, f.size) for r, p, w in words)
    if len(set(board)) != f.size:
        twice = next(t for t in board if board.count(t) > 1)
        missing = min(set(range(f.size)) - set(board))
        raise BoardError(f"tile {twice} appears twice, and tile {missing} not at all")
    return board


def _check_rows(rows: list[list[str]], f: Frame) -> None:
    """Rows written apart must be as many as the tray's, each as long as a row."""
    if len(rows) != f.rows:
        raise BoardError(f"a {f.rows}x{f.cols} tray has {f.rows} rows, the text has {len(rows)}")
    for r, row in enumerate(rows, start=1):
        if len(row) != f.cols:
            raise BoardError(f"row {r} has {len(row)} tiles, a {f.rows}x{f.cols} tray {f.cols}")


def show(f: Frame, q: Board, sep: str = "\n") -> str:
    """The board as text, a row a line with the numbers aligned (or the rows joined by
    ``sep``, on one line, unaligned), the blank as 0; ``parse`` reads it back.

    >>> show(FIFTEEN, FIFTEEN.goal, sep=" / ")
    '1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0'
    >>> print(show(FIFTEEN, FIFTEEN.goal))
     1  2  3  4
     5  6  7  8
     9 10 11 12
    13 14 15  0
    """
    width = len(str(f.size - 1)) if "\n" in sep else 0
    cells = [str(t).rjust(width) for t in q]
    return sep.join(" ".join(cells[r * f.cols : (r + 1) * f.cols]) for r in range(f.rows))


def random_board(f: Frame, rng: Random) -> Board:
    """A board drawn uniformly from the solvable ones: a random order of the tiles, its
    first two tiles swapped if that order is unsolvable (a swap of two tiles changes the
    tiles' parity alone, and pairs the two halves one to one).

    >>> solvable(FIFTEEN, random_board(FIFTEEN, Random(7)))
    True
    """
    board = list(range(f.size))
    rng.shuffle(board)
    if not solvable(f, tuple(board)):
        i, j = [c for c, t in enumerate(board) if t != BLANK][:2]
        board[i], board[j] = board[j], board[i]
    return tuple(board)


# Drawing

_CELL = 48  # a cell's side, in SVG units
_PAD = 10  # the frame around the cells
_INSET = 2  # the gap between a tile and the edges of its cell
_TRAY, _SLOT = "#5b4636", "#3a2c22"  # the frame, and the floor the blank shows
_TILE, _HOME, _INK = "#f3e2c0", "#cfe6c4", "#2b2118"  # a tile, a tile at home, its number


def draw(f: Frame, q: Board) -> str:
    """The board as a standalone SVG document: the tray, each tile a rounded square with
    its number (green once it is home), the blank an empty slot.

    >>> picture = draw(EIGHT, parse("1 2 3 / 4 5 6 / 0 7 8", EIGHT))
    >>> picture.startswith("<svg"), picture.count('class="tile"'), picture.count("#cfe6c4")
    (True, 8, 6)
    """
    width, height = f.cols * _CELL + 2 * _PAD, f.rows * _CELL + 2 * _PAD
    tray = svg.element("rect", width=width, height=height, rx=8, fill=_TRAY, class_="tray")
    floor = svg.element(
        "rect", x=_PAD, y=_PAD, width=f.cols * _CELL, height=f.rows * _CELL, fill=_SLOT
    )
    tiles = (_tile_drawn(f, t, c) for c, t in enumerate(q) if t != BLANK)
    title = f"{f.rows}x{f.cols} sliding tiles: {show(f, q, sep=' / ')}"
    return svg.document(width, height, tray, floor, *tiles, title=title)


def _tile_drawn(f: Frame, t: Tile, c: Cell) -> str:
    """Tile ``t`` on cell ``c``: a rounded square and its number."""
    r, k = divmod(c, f.cols)
    x, y = _PAD + k * _CELL, _PAD + r * _CELL
    side = _CELL - 2 * _INSET
    body = svg.element(
        "rect",
        x=x + _INSET,
        y=y + _INSET,
        width=side,
        height=side,
        rx=6,
        fill=_HOME if f.home[t] == c else _TILE,
        stroke="#000000",
        stroke_opacity=0.3,
    )
    number = svg.element(
        "text",
        str(t),
        x=x + _CELL / 2,
        y=y + _CELL / 2,
        dy="0.35em",
        fill=_INK,
        font_size=20 if t < 100 else 15,
        font_weight="bold",
        font_family="sans-serif",
        text_anchor="middle",
    )
    return svg.element("g", body, number, class_="tile", data_tile=t)


# The puzzle described for the command line

_DIRECTIONS = {"up": "U", "left": "L", "right": "R", "down": "D"}


def _direction(f: Frame, q: Board, m: Move) -> str:
    """Which way a move slides its tile: up, left, right or down."""
    t, c = m
    step = c - q.index(t)
    return {-f.cols: "up", -1: "left", 1: "right", f.cols: "down"}[step]


def words(f: Frame, q: Board, m: Move) -> str:
    """A move in words, given the board before it.

    >>> words(EIGHT, parse("1 2 3 / 4 5 6 / 7 0 8", EIGHT), (8, 7))
    '8 left  (onto cell 7)'
    """
    return f"{m[0]} {_direction(f, q, m):<5} (onto cell {m[1]})"


def notation(f: Frame, q: Board, m: Move) -> str:
    """A move as its tile and the first letter of its direction.

    >>> notation(EIGHT, parse("1 2 3 / 4 5 6 / 7 0 8", EIGHT), (8, 7))
    '8L'
    """
    return f"{m[0]}{_DIRECTIONS[_direction(f, q, m)]}"


GOAL_OPTION = Option(
    "goal",
    "where the blank ends: blank-last (1 2 ... 0) or blank-first (0 1 2 ..., Korf's goal)",
    "blank-last",
    ("blank-last", "blank-first"),
)
HEURISTIC_OPTION = Option(
    "heuristic",
    "what leads astar and idastar: conflict (Manhattan distance and linear conflicts), "
    "manhattan, or patterns (additive pattern databases for 4x4 trays, what random 15 "
    "puzzles need: idastar builds them on first use, a few minutes, then reads them cached)",
    "conflict",
    ("conflict", "manhattan", "patterns"),
)
SIZE_OPTION = Option(
    "size",
    "the tray's rows x columns, e.g. 3x4; auto: the text's rows, or a square",
    "auto",
    metavar="NxM",
)
TEXT_FORM = (
    "The tiles row by row, 0 (or _) for the blank, rows separated by newlines or '/', tiles "
    "by spaces or commas: '1 2 3 / 4 5 6 / 7 8 0'. A move slides a tile next to the blank "
    "into it. Boards that cannot reach the goal (half of them, by parity) are refused."
)


def _size(settings: Settings, text: str | None) -> tuple[int, int]:
    """The rows and columns the ``size`` option asks for, or the text shows."""
    given = settings.get("size", "auto")
    if given == "auto":
        return (3, 3) if text is None else shape_of(text)
    rows, x, cols = given.lower().partition("x")
    if not (x and rows.strip().isdigit() and cols.strip().isdigit()):
        raise BoardError(f"--size must be rows x columns, e.g. 3x4, or auto, not {given!r}")
    return int(rows), int(cols)


def _estimate(f: Frame, settings: Settings) -> Estimate[Board, Move]:
    """The heuristic the settings choose; ``patterns`` while the databases are not
    built yet leads by linear conflicts (they are built by the first ``idastar``)."""
    chosen = settings.get("heuristic", "conflict")
    if chosen == "manhattan":
        return manhattan_estimate(f)
    if chosen == "patterns":
        # imported here, not above: pearls.patterns builds on this module
        from pearls.puzzles.sliding import patterns

        if (f.rows, f.cols) != (4, 4):
            raise BoardError("pattern databases serve 4x4 trays: use --heuristic conflict")
        dbs = patterns.databases(make=False)
        return conflict_estimate(f) if dbs is None else patterns.estimate(dbs, f)
    return conflict_estimate(f)


def _methods(f: Frame, settings: Settings, big: bool) -> dict[str, Method[Board, Move]]:
    """The methods for trays ``f``, informed first on a big tray.  A* and IDA* are led
    by the heuristic the settings choose, over boards that carry its value, updated move
    by move: only they need it, so the other methods search the plain boards.  With
    pattern databases, IDA* runs on flat integers (:func:`pearls.patterns.tile_idastar`)."""
    p, e = puzzle(f), _estimate(f, settings)
    patterned = settings.get("heuristic") == "patterns"
    informed = {
        "astar": methods.astar(p, e),
        "idastar": _pattern_idastar(f) if patterned else methods.idastar(p, e),
    }
    generic = {
        "bfs": methods.bfs(p),
        "iddfs": methods.iddfs(p, undoes),
        "plan": methods.plan(planner(f)),
    }
    if big:
        return {"idastar": informed["idastar"], "astar": informed["astar"], **generic}
    return {**informed, **generic}


def _pattern_idastar(f: Frame) -> Method[Board, Move]:
    """IDA* on flat integers over the 15 puzzle's pattern databases, built if missing:
    on its first use, with the meter's progress shown (a few minutes, which the
    search's limits do not count: the search runs under a meter of the same limits
    started after the build)."""
    from pearls.puzzles.sliding import patterns  # not at the top: patterns builds on this module

    def run(q: Board, meter: Meter) -> list[Move] | None:
        dbs = patterns.databases(progress=meter.progress)
        assert dbs is not None  # databases() builds what is missing unless told not to
        search = Meter(meter.max_states, meter.timeout, meter.progress, meter.every)
        moves = patterns.tile_idastar(dbs, f, q, search).moves
        meter.expanded, meter.generated = search.expanded, search.generated
        return moves

    return Method(run, "a shortest solution by IDA* over pattern databases (idastar)", True)


def problem(f: Frame, text: str, settings: Settings, big: bool) -> Problem[Board, Move]:
    """The problem a text board describes on the tray ``f``, refused if unsolvable."""
    return Problem(
        puzzle=puzzle(f),
        start=check_solvable(f, parse(text, f)),
        methods=_methods(f, settings, big),
        show=partial(show, f),
        state_json=list,
        move_json=list,
        words=partial(words, f),
        notation=partial(notation, f),
        draw=partial(draw, f),
        reversible=True,
        goals=lambda q: (f.goal,),
        perfect_hash=rank(f),
    )


def _frame_of(settings: Settings, text: str | None, fixed: tuple[int, int] | None) -> Frame:
    """The tray for the settings: a fixed size, or the ``size`` option's."""
    rows, cols = fixed if fixed is not None else _size(settings, text)
    return frame(rows, cols, settings.get("goal") == "blank-first")


def _generate(
    fixed: tuple[int, int] | None,
) -> Callable[[Settings, int, Meter], Iterator[Generated]]:
    """Random solvable boards from a seed, with their heuristics; on trays of up to
    9 cells, their shortest length too (by A*, under the meter)."""

    def generate(settings: Settings, seed: int, meter: Meter) -> Iterator[Generated]:
        f = _frame_of(settings, None, fixed)
        rng = Random(seed)
        e = conflict_estimate(f)
        while True:
            q = random_board(f, rng)
            fields: dict[str, JSON] = {
                "board": show(f, q, sep=" / "),
                "manhattan": manhattan(f, q),
                "conflict": linear_conflict(f, q),
            }
            if f.size <= 9:
                plan = astar(meter.watch(scored(puzzle(f), e)), score(e, q), carried)
                fields["length"] = None if plan is None else len(plan)
            yield Generated(show(f, q, sep=" / "), show(f, q), fields)

    return generate


def _description(
    name: str, title: str, fixed: tuple[int, int] | None, examples: dict[str, str]
) -> Description:
    """A sliding-tile puzzle for the command line: a fixed tray, or any (``fixed`` None)."""
    options = (
        (GOAL_OPTION, HEURISTIC_OPTION) if fixed else (SIZE_OPTION, GOAL_OPTION, HEURISTIC_OPTION)
    )
    big = fixed is not None and fixed[0] * fixed[1] > 9

    def parse_problem(text: str, settings: Settings) -> Problem[Board, Move]:
        return problem(_frame_of(settings, text, fixed), text, settings, big)

    def standard(settings: Settings) -> str:
        f = _frame_of(settings, None, fixed)
        return show(f, f.goal, sep=" / ")

    return Description(
        name=name,
        title=title,
        text_form=TEXT_FORM,
        parse=parse_problem,
        examples=examples,
        options=options,
        standard=standard,
        generate=_generate(fixed),
    )


EIGHT_EXAMPLES = {
    "seed": "0 1 2 / 3 4 5 / 6 7 8",  # source 004: 22 moves
    "hardest": "8 6 7 / 2 5 4 / 3 0 1",  # one of the two boards 31 moves from the goal
    "easy": "1 2 3 / 4 0 6 / 7 5 8",
}
FIFTEEN_EXAMPLES = {
    "easy": "1 2 3 4 / 5 6 0 8 / 9 10 7 11 / 13 14 15 12",
    "thirty-six": "9 2 3 4 / 6 14 8 11 / 5 1 10 12 / 15 0 13 7",  # 36 moves
    "forty-four": "0 9 6 1 / 13 4 10 7 / 14 2 11 3 / 8 5 15 12",  # 44 moves
}
SLIDING_EXAMPLES = {
    "2x3": "4 1 2 / 0 5 3",  # 4 moves
    "3x4": "5 11 1 2 / 8 6 7 3 / 10 9 4 0",  # 28 moves
}

EIGHT_DESCRIPTION = _description(
    "eight", "The 8 puzzle: slide the tiles of a 3x3 tray into order", (3, 3), EIGHT_EXAMPLES
)
FIFTEEN_DESCRIPTION = _description(
    "fifteen", "The 15 puzzle: slide the tiles of a 4x4 tray into order", (4, 4), FIFTEEN_EXAMPLES
)
DESCRIPTION = _description(
    "sliding", "Sliding tiles on a tray of any size (--size NxM)", None, SLIDING_EXAMPLES
)
