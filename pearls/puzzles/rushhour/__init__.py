"""Rush Hour, name for name as in chapter 18.

The 6x6 board's cells are numbered so that arithmetic finds neighbours: row ``i``
(0 at the top) holds cells ``7i+1 .. 7i+6``, and the multiples of 7 stand for the
right-hand wall::

     1  2  3  4  5  6
     8  9 10 11 12 13
    15 16 17 18 19 20   <- the exit is at 20
    22 23 24 25 26 27
    29 30 31 32 33 34
    36 37 38 39 40 41

A vehicle is its ``(rear, front)`` cells, with ``rear < front``; it is horizontal when
``r > f - 7``.  A grid lists the vehicles, vehicle 0 (the special car) first.  A move
``(v, c)`` slides vehicle ``v`` by one cell, onto the free cell ``c``.

The model alone: its text form is :mod:`~pearls.puzzles.rushhour.text`, its drawing
:mod:`~pearls.puzzles.rushhour.draw`, and the players' extension,
:mod:`pearls.puzzles.rushhour_players`, is ``rushhour`` on the command line.

>>> len(bfsolve(g1)), len(psolve(g1)), solved(g1)
(34, 38, False)
"""

from __future__ import annotations

from typing import TypeAlias

from pyrsistent import PVector, pvector

from pearls import search
from pearls.search import mkplans
from pearls.toolz_typed import merge_sorted
from pearls.types import Path, Plan, Planner, Puzzle

__all__ = [
    "EXIT", "Cell", "Grid", "Move", "Span", "Vehicle", "adjs", "adjust", "allcells", "bfsolve",
    "blocker", "covers", "dfsolve", "expand", "fillcells", "freecells", "freeingmoves", "g1",
    "goalmoves", "horizontal", "move", "moves", "newplans", "occupied", "p1", "p2", "p3", "p4",
    "planner", "premoves", "psolve", "puzzle", "solved", "undoes",
]  # fmt: skip

# --- Vocabulary -----------------------------------------------------------------------------

Cell = int  # 1..41, multiples of 7 are the right-hand wall; e.g. 20, the exit
Span = tuple[Cell, Cell]  # a vehicle's (rear, front) cells, e.g. (17, 18)
Grid: TypeAlias = PVector[Span]  # vehicle v at index v, the special car first
Vehicle = int  # an index into a grid, e.g. 0, the special car
Move = tuple[Vehicle, Cell]  # vehicle v onto cell c, e.g. (0, 19)

EXIT: Cell = 20

allcells: tuple[Cell, ...] = tuple(c for c in range(1, 42) if c % 7 != 0)

# --- The examples: Figure 18.1 (g1) and the four problems of Figure 18.2 -------------------

g1: Grid = pvector([(17, 18), (1, 15), (2, 9), (3, 10), (4, 11), (5, 6), (12, 19), (13, 27),
                    (24, 26), (31, 38), (33, 34), (36, 37), (40, 41)])  # fmt: skip
p1: Grid = g1
p2: Grid = pvector([(15, 16), (1, 8), (4, 6), (9, 10), (11, 18), (17, 24), (20, 34), (31, 38),
                    (32, 33), (39, 41)])  # fmt: skip
p3: Grid = pvector([(16, 17), (1, 15), (3, 10), (4, 6), (11, 18), (22, 23), (24, 25), (27, 41),
                    (36, 37), (38, 39)])  # fmt: skip
p4: Grid = pvector([(18, 19), (1, 15), (2, 3), (5, 12), (9, 16), (10, 17), (13, 27), (22, 24),
                    (25, 32), (31, 38), (33, 34), (36, 37), (39, 40)])  # fmt: skip

# --- The three functions --------------------------------------------------------------------


def occupied(g: Grid) -> list[Cell]:
    """The covered cells, ascending.

    ``occupied = foldr (merge . fillcells) []``

    >>> occupied(pvector([(17, 18), (13, 27)]))
    [13, 17, 18, 20, 27]
    """
    return list(merge_sorted(*map(fillcells, g)))


def fillcells(span: Span) -> list[Cell]:
    """The cells a vehicle covers.

    ``fillcells (r, f) = if r > f-7 then [r .. f] else [r, r+7 .. f]``

    >>> fillcells((17, 18)), fillcells((13, 27))
    ([17, 18], [13, 20, 27])
    """
    r, f = span
    return list(range(r, f + 1, 1 if horizontal(span) else 7))


def horizontal(span: Span) -> bool:
    """Whether a vehicle lies along a row: ``r > f - 7``.

    >>> horizontal((17, 18)), horizontal((13, 27))
    (True, False)
    """
    r, f = span
    return r > f - 7


def freecells(g: Grid) -> list[Cell]:
    """The empty cells, ascending.

    ``freecells g = allcells \\\\ occupied g``

    >>> freecells(g1)
    [16, 22, 23, 29, 30, 32, 39]
    """
    taken = set(occupied(g))
    return [c for c in allcells if c not in taken]


def moves(g: Grid) -> list[Move]:
    """The legal moves, vehicle by vehicle, forwards before backwards.

    ``moves g = [(v, c) | (v, i) <- zip [0..] g, c <- adjs i, c ∈ fs] where fs = freecells g``

    The cells beside each place a vehicle can stand, and the cells it covers as the
    bits of one number, are tables made at import (``docs/performance.md``).

    >>> moves(g1)
    [(0, 16), (1, 22), (2, 16), (8, 23), (10, 32), (12, 39)]
    """
    taken = 0
    for span in g:
        taken |= _COVERED[span]
    return [(v, c) for v, span in enumerate(g) for c in _BESIDE[span] if not taken >> c & 1]


def adjs(span: Span) -> tuple[Cell, Cell]:
    """The two cells a vehicle could slide onto, forwards first.

    ``adjs (r, f) = if r > f-7 then [f+1, r-1] else [f+7, r-7]``

    >>> adjs((17, 18)), adjs((13, 27))
    ((19, 16), (34, 6))
    """
    r, f = span
    return (f + 1, r - 1) if horizontal(span) else (f + 7, r - 7)


def move(g: Grid, m: Move) -> Grid:
    """The grid after a move.

    ``move g (v, c) = g1 ++ adjust i c : g2 where (g1, i : g2) = splitAt v g``

    ``adjust`` is looked up in a table, like the tables ``moves`` reads.

    >>> move(g1, (0, 16))[0]
    (16, 17)
    """
    v, c = m
    return g.set(v, _ADJUSTED[g[v], c])


def adjust(span: Span, c: Cell) -> Span:
    """A vehicle slid one cell onto ``c``.

    ::

        adjust (r, f) c
          | r > f-7   = if c > f then (r+1, c) else (c, f-1)
          | otherwise = if c < r then (c, f-7) else (r+7, c)

    >>> adjust((17, 18), 19), adjust((13, 27), 6)
    ((18, 19), (6, 20))
    """
    r, f = span
    if r > f - 7:
        return (r + 1, c) if c > f else (c, f - 1)
    return (c, f - 7) if c < r else (r + 7, c)


_PLACES: tuple[Span, ...] = tuple(
    (r, r + d)
    for r in allcells
    for d in (1, 2, 7, 14)
    if set(fillcells((r, r + d))) <= set(allcells)
)  # every place a vehicle of 2 or 3 cells can stand, e.g. (17, 18)
_COVERED: dict[Span, int] = {
    span: sum(1 << c for c in fillcells(span)) for span in _PLACES
}  # the cells a place covers, as bits: (17, 18) -> 2**17 + 2**18
_BESIDE: dict[Span, tuple[Cell, ...]] = {
    span: tuple(c for c in adjs(span) if c in allcells) for span in _PLACES
}  # the board cells a vehicle could slide onto, forwards first: (17, 18) -> (19, 16)
_ADJUSTED: dict[tuple[Span, Cell], Span] = {
    (span, c): adjust(span, c) for span in _PLACES for c in _BESIDE[span]
}  # adjust, worked out for every place and cell: ((17, 18), 19) -> (18, 19)


def solved(g: Grid) -> bool:
    """Whether the special car's front is at the exit: ``solved g = snd (head g) == 20``.

    >>> solved(g1), solved(pvector([(19, 20)]))
    (False, True)
    """
    return g[0][1] == EXIT


puzzle: Puzzle[Grid, Move] = Puzzle(moves, move, solved)


def bfsolve(g: Grid) -> list[Move] | None:
    """A shortest solution: ``bfsolve g = bfsearch' [] [] [([], g)]``.

    >>> bfsolve(g1)[:4]
    [(2, 16), (2, 23), (2, 30), (0, 16)]
    """
    return search.bfsolve(puzzle, g)


def dfsolve(g: Grid) -> list[Move] | None:
    """A depth-first solution: ``dfsolve g = dfsearch [] [([], g)]``.

    >>> len(dfsolve(g1))
    1228
    """
    return search.dfsolve(puzzle, g)


# --- Planning -------------------------------------------------------------------------------


def goalmoves(g: Grid) -> Plan[Move]:
    """Drive the special car to the exit, one cell at a time.

    ``goalmoves g = [(0, c) | c <- [snd (head g) + 1 .. 20]]``

    >>> goalmoves(g1)
    ((0, 19), (0, 20))
    """
    return tuple((0, c) for c in range(g[0][1] + 1, EXIT + 1))


def blocker(g: Grid, c: Cell) -> tuple[Vehicle, Span]:
    """The vehicle covering the occupied cell ``c``.

    ``blocker g c = search (zip [0..] g) c`` where ``search`` takes the first that covers;
    a free cell raises :class:`LookupError` (the book's ``search`` has no case for it).

    >>> blocker(g1, 19)
    (6, (12, 19))
    """
    for v, span in enumerate(g):
        if covers(c, span):
            return v, span
    raise LookupError(f"no vehicle covers cell {c}")


def covers(c: Cell, span: Span) -> bool:
    """Whether a vehicle covers cell ``c``.

    ``covers c (r, f) = r <= c && c <= f && (r > f-7 || (c-r) mod 7 == 0)``

    >>> covers(20, (13, 27)), covers(14, (13, 27))
    (True, False)
    """
    r, f = span
    return r <= c <= f and (horizontal(span) or (c - r) % 7 == 0)


def freeingmoves(c: Cell, blocking: tuple[Vehicle, Span]) -> list[list[Move]]:
    """The ways of sliding a vehicle off cell ``c``: right or left, or up or down.

    ::

        freeingmoves c (v, (r, f))
          | r > f-7   = [[(v, j) | j <- [f+1 .. c+n]] | c+n < k+7] ++
                        [[(v, j) | j <- [r-1, r-2 .. c-n]] | c-n > k]
          | otherwise = [[(v, j) | j <- [r-7, r-14 .. c-m]] | c-m > 0] ++
                        [[(v, j) | j <- [f+7, f+14 .. c+m]] | c+m < 42]
          where (k, m, n) = (f - f mod 7, f-r+7, f-r+1)

    >>> freeingmoves(19, (6, (12, 19)))  # up one cell, or down two
    [[(6, 5)], [(6, 26), (6, 33)]]
    """
    v, (r, f) = blocking
    k, m, n = f - f % 7, f - r + 7, f - r + 1
    if horizontal((r, f)):
        ways = [(c + n < k + 7, range(f + 1, c + n + 1)), (c - n > k, range(r - 1, c - n - 1, -1))]
    else:
        ways = [(c - m > 0, range(r - 7, c - m - 1, -7)), (c + m < 42, range(f + 7, c + m + 1, 7))]
    return [[(v, j) for j in cells] for possible, cells in ways if possible]


def premoves(g: Grid, m: Move) -> list[list[Move]]:
    """The ways of clearing the cell that move ``m`` needs.

    ``premoves g (v, c) = freeingmoves c (blocker g c)``

    >>> premoves(g1, (0, 19))
    [[(6, 5)], [(6, 26), (6, 33)]]
    """
    _, c = m
    return freeingmoves(c, blocker(g, c))


def newplans(g: Grid, plan: Plan[Move]) -> list[Plan[Move]]:
    """Plans whose first move is legal, after expanding the first move into one-cell moves.

    ::

        newplans g []       = []
        newplans g (m : ms) = mkplans (expand g m ++ ms)

    with ``mkplans`` as in :func:`pearls.search.mkplans`.  A premove may have slid the
    special car back, so a planned move can need several cells: hence ``expand``.
    Where ``expand`` leaves nothing of a one-move plan, the book's ``head`` would fail;
    here that plan yields no new plans.

    >>> for plan in newplans(g1, goalmoves(g1)):
    ...     print(plan)
    ((0, 16), (4, 18), (5, 4), (5, 3), (6, 5), (0, 19), (0, 20))
    ((8, 23), (6, 26), (6, 33), (0, 19), (0, 20))
    """
    if not plan:
        return []
    m, *ms = plan
    legal = moves(g)
    return mkplans(legal, lambda m: premoves(g, m), (*expand(g, m), *ms))


def expand(g: Grid, m: Move) -> list[Move]:
    """A move of any length as one-cell moves of the same vehicle.

    ::

        expand g (v, c)
          | r > f-7   = if c > f then [(v, p) | p <- [f+1 .. c]]
                        else [(v, p) | p <- [r-1, r-2 .. c]]
          | otherwise = if c > f then [(v, p) | p <- [f+7, f+14 .. c]]
                        else [(v, p) | p <- [r-7, r-14 .. c]]
          where (r, f) = g !! v

    >>> expand(move(g1, (0, 16)), (0, 19))
    [(0, 18), (0, 19)]
    """
    v, c = m
    r, f = g[v]
    step = 1 if horizontal((r, f)) else 7
    if c > f:
        return [(v, p) for p in range(f + step, c + 1, step)]
    return [(v, p) for p in range(r - step, c - 1, -step)]


planner: Planner[Grid, Move] = Planner(puzzle, goalmoves, newplans)


def psolve(g: Grid) -> list[Move] | None:
    """A planned solution: ``psolve g = psearch' [] [] [([], g, goalmoves g)]``.

    >>> psolve(g1)[:3]
    [(8, 23), (6, 26), (10, 32)]
    """
    return search.psolve(planner, g)


# --- Pruning, for iterative deepening -------------------------------------------------------


def undoes(p: Path[Grid, Move], m: Move) -> bool:
    """Whether ``m`` slides the vehicle that the path moved last straight back, onto the
    cell it has just left: never part of a shortest solution, so iterative deepening
    need not try it.  Any other ``m``, a move or not, is no undoing.

    >>> from pearls.types import start
    >>> after = Path(start(g1).history.cons((0, 16)), move(g1, (0, 16)))
    >>> undoes(after, (0, 18)), undoes(after, (2, 16)), undoes(after, (0, 17))
    (True, False, False)
    """
    if not p.history:
        return False
    v, c = p.history.first
    w, d = m
    r, f = p.state[v]
    step = 1 if horizontal((r, f)) else 7
    return v == w and d == (r - step if c == f else f + step)  # forwards, its rear left
