"""Breadth-first searches tuned by hand for one puzzle each: the yardstick for the cost
of the generic design.

Nothing here is generic.  A state is a plain tuple, the visited states and the parent
pointers are one ``dict`` (state -> parent and move), the frontier a ``deque``, and the
move generation is written into the loop, with lookup tables worked out once at import:

* Rush Hour: a grid is a tuple of ``(rear, front)`` pairs; the cells each place
  covers are a bit mask, the cells beside it a tuple, and the place after sliding onto
  each of them a dictionary entry;
* the 8 puzzle: a board is a tuple of 9 tiles; the cells beside each cell are a tuple.

Each search comes in two orders.  ``*_bfs`` is the usual hand-written search: a state is
marked when first generated and the queue is first in, first out.  ``*_bfs_levels``
finds the very solution :func:`pearls.search.bfsolve` finds, after expanding as many
states: it builds one level at a time as ``bfsolve`` does, expanding a level last state
first, so that the next level comes out in the order of Bird's ``bfsearch'``.  Only
the count needs care: at the goal, the equations would first have expanded the rest of
the level and the states listed ahead of the goal, and the search adds those in.  The
difference between the two prices the order of the equations; the difference between
the second and ``bfsolve`` prices genericity alone.

Every search returns the moves in the library's notation, and the number of states it
expanded.

>>> from pearls.puzzles import rushhour
>>> moves, expanded = rushhour_bfs(rushhour.p1)
>>> len(moves), rushhour_bfs_levels(rushhour.p1)[0] == rushhour.bfsolve(rushhour.p1)
(34, True)
>>> len(eight_bfs(HARDEST)[0])
31
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import TypeAlias

__all__ = [
    "HARDEST",
    "eight_bfs",
    "eight_bfs_levels",
    "eight_bfs_levels_moving",
    "rushhour_bfs",
    "rushhour_bfs_levels",
]

Span = tuple[int, int]  # a vehicle's (rear, front) cells, e.g. (17, 18)
Grid = tuple[Span, ...]  # the special car first, e.g. ((17, 18), (1, 15), ...)
RushMove = tuple[int, int]  # vehicle v onto cell c, e.g. (0, 19)
Board = tuple[int, ...]  # the 8 puzzle's tiles row by row, 0 the blank
TileMove = tuple[int, int]  # tile t onto the empty cell c, e.g. (8, 8)
Parents: TypeAlias = "dict[Grid, tuple[Grid, RushMove] | None]"
Result: TypeAlias = "tuple[list[RushMove], int] | None"
TileResult: TypeAlias = "tuple[list[TileMove], int] | None"

HARDEST: Board = (8, 6, 7, 2, 5, 4, 3, 0, 1)  # 31 moves from the goal, the most there are
GOAL: Board = (1, 2, 3, 4, 5, 6, 7, 8, 0)
EXIT = 20


# Rush Hour's tables: cells 1..41, row i holding 7i+1 .. 7i+6.

BOARD = frozenset(c for c in range(1, 42) if c % 7)


def _places() -> list[Span]:
    """Every place a vehicle of 2 or 3 cells can stand, across or down."""
    places = []
    for rear in BOARD:
        for length in (2, 3):
            across = rear + length - 1
            if across in BOARD and (across - 1) // 7 == (rear - 1) // 7:
                places.append((rear, across))
            down = rear + 7 * (length - 1)
            if down in BOARD:
                places.append((rear, down))
    return places


def _cells(place: Span) -> range:
    rear, front = place
    return range(rear, front + 1, 1 if front - rear < 7 else 7)


def _slid(place: Span, c: int) -> Span:
    rear, front = place
    step = 1 if front - rear < 7 else 7
    return (rear + step, c) if c > front else (c, front - step)


PLACES = _places()
COVERS = {p: sum(1 << c for c in _cells(p)) for p in PLACES}
BESIDE = {
    p: tuple(c for c in (p[1] + s, p[0] - s) if c in BOARD)
    for p in PLACES
    for s in [1 if p[1] - p[0] < 7 else 7]
}
SLID = {(p, c): _slid(p, c) for p in PLACES for c in BESIDE[p]}


def _rush_trail(parents: Parents, q: Grid) -> list[RushMove]:
    moves = []
    while (link := parents[q]) is not None:
        q, m = link
        moves.append(m)
    return moves[::-1]


def rushhour_bfs(spans: Iterable[Span]) -> Result:
    """A shortest solution and the states expanded: marked when generated, first in
    first out."""
    start = tuple(spans)
    parents: Parents = {start: None}
    queue = deque([start])
    expanded = 0
    while queue:
        q = queue.popleft()
        if q[0][1] == EXIT:
            return _rush_trail(parents, q), expanded
        expanded += 1
        taken = 0
        for place in q:
            taken |= COVERS[place]
        for v, place in enumerate(q):
            for c in BESIDE[place]:
                if not taken >> c & 1:
                    r = q[:v] + (SLID[place, c],) + q[v + 1 :]  # noqa: RUF005 (the fastest way)
                    if r not in parents:
                        parents[r] = (q, (v, c))
                        queue.append(r)
    return None


def rushhour_bfs_levels(spans: Iterable[Span]) -> Result:
    """The same search in the order of Bird's ``bfsearch'``, level by level."""
    start = tuple(spans)
    if start[0][1] == EXIT:
        return [], 0
    parents: Parents = {start: None}
    level, expanded = [start], 0
    while level:
        listed: list[Grid] = []
        for i in range(len(level) - 1, -1, -1):
            q = level[i]
            expanded += 1
            taken = 0
            for place in q:
                taken |= COVERS[place]
            for v, place in enumerate(q):
                for c in BESIDE[place]:
                    if not taken >> c & 1:
                        r = q[:v] + (SLID[place, c],) + q[v + 1 :]  # noqa: RUF005 (the fastest way)
                        if r not in parents:
                            parents[r] = (q, (v, c))
                            if r[0][1] == EXIT:
                                return _rush_trail(parents, r), expanded + i + len(listed)
                            listed.append(r)
        level = listed
    return None


# The 8 puzzle's table: cells 0..8 row by row; the cells beside each, up, left, right, down.

NEIGHBOURS = tuple(
    tuple(
        d
        for ok, d in ((c > 2, c - 3), (c % 3 > 0, c - 1), (c % 3 < 2, c + 1), (c < 6, c + 3))
        if ok
    )
    for c in range(9)
)
TileParents: TypeAlias = "dict[Board, tuple[Board, TileMove] | None]"


def _tile_trail(parents: TileParents, q: Board) -> list[TileMove]:
    moves = []
    while (link := parents[q]) is not None:
        q, m = link
        moves.append(m)
    return moves[::-1]


def eight_bfs(start: Board) -> TileResult:
    """A shortest solution and the states expanded: marked when generated, first in
    first out."""
    parents: TileParents = {start: None}
    queue = deque([start])
    expanded = 0
    while queue:
        q = queue.popleft()
        if q == GOAL:
            return _tile_trail(parents, q), expanded
        expanded += 1
        b = q.index(0)
        for c in NEIGHBOURS[b]:
            board = list(q)
            t = board[c]
            board[b], board[c] = t, 0
            r = tuple(board)
            if r not in parents:
                parents[r] = (q, (t, b))
                queue.append(r)
    return None


def eight_bfs_levels(start: Board) -> TileResult:
    """The same search in the order of Bird's ``bfsearch'``, level by level."""
    if start == GOAL:
        return [], 0
    parents: TileParents = {start: None}
    level, expanded = [start], 0
    while level:
        listed: list[Board] = []
        for i in range(len(level) - 1, -1, -1):
            q = level[i]
            expanded += 1
            b = q.index(0)
            for c in NEIGHBOURS[b]:
                board = list(q)
                t = board[c]
                board[b], board[c] = t, 0
                r = tuple(board)
                if r not in parents:
                    parents[r] = (q, (t, b))
                    if r == GOAL:
                        return _tile_trail(parents, r), expanded + i + len(listed)
                    listed.append(r)
        level = listed
    return None


def eight_bfs_levels_moving(start: Board, move: Callable[[Board, TileMove], Board]) -> TileResult:
    """``eight_bfs_levels`` with each successor made by a call of ``move``, as a generic
    search makes it: what that one call per successor costs."""
    if start == GOAL:
        return [], 0
    parents: TileParents = {start: None}
    level, expanded = [start], 0
    while level:
        listed: list[Board] = []
        for i in range(len(level) - 1, -1, -1):
            q = level[i]
            expanded += 1
            b = q.index(0)
            for c in NEIGHBOURS[b]:
                m = (q[c], b)
                r = move(q, m)
                if r not in parents:
                    parents[r] = (q, m)
                    if r == GOAL:
                        return _tile_trail(parents, r), expanded + i + len(listed)
                    listed.append(r)
        level = listed
    return None
