"""NO-OFF, Nob Yoshigahara's sliding puzzle: the model (from the Scheme exercises,
M. Hiroi, 2009, which set it as its fifth puzzle).

A tray of two rows of four cells, numbered as the exercises number them::

    0 1 2 3
    4 5 6 7

holds a bulb ``LL`` two cells wide, the letters N, O, O, F, F, and one space.  A letter
slides into the space beside it, across or up and down; the bulb slides along the top
row only, one cell at a time, and never leaves it.  The goal: NO-OFF, ``LLNO OFF.``.
The exercises set two problems: A, the puzzle's own start, which reads ON-OFF
(``LLON OFF.``), and B (``NOLL FOF.``), one of the three trays farthest from the goal.
As the exercises count them, there are 540 positions: the bulb in 3 places, the space in
6 of the cells left, N in 5, the two O in 6 ways.

A tray is its eight cells as a string, row by row, which is also its text form; a move
``(c, s)`` slides the piece on cell ``c`` (for the bulb, its cell beside the space) into
the space ``s``.  The text form (:mod:`~pearls.puzzles.nooff.text`), the drawing
(:mod:`~pearls.puzzles.nooff.draw`) and the command line's description
(:mod:`~pearls.puzzles.nooff.describe`) stand beside this module.

>>> moves(A)
[(3, 7), (6, 7)]
>>> len(bfsolve(A)), len(bfsolve(B))
(44, 56)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from itertools import combinations, pairwise

from pearls import search
from pearls.analysis import PerfectHash
from pearls.types import Path, Plan, Planner, Puzzle

__all__ = [
    "ADJACENT",
    "BULB",
    "GOAL",
    "HOMES",
    "PIECES",
    "SPACE",
    "A",
    "B",
    "Cell",
    "Move",
    "Tray",
    "bfsolve",
    "dfsolve",
    "goalmoves",
    "move",
    "moves",
    "perfect_hash",
    "planner",
    "premoves",
    "psolve",
    "puzzle",
    "rank",
    "solved",
    "undoes",
    "unrank",
]

Tray = str  # the 8 cells row by row: "LL" the bulb, N O O F F, "." the space, e.g. "LLONOFF."
Cell = int  # 0..7, the top row 0..3, e.g. 7, the bottom right
Move = tuple[Cell, Cell]  # (c, s): the piece on c slides into the space s, e.g. (3, 7)

BULB, SPACE = "L", "."
PIECES = "LLNOOFF."  # what every tray holds, sorted as the goal lists it
GOAL: Tray = "LLNOOFF."
A: Tray = "LLONOFF."  # the exercises' problem A: the puzzle's start, ON-OFF
B: Tray = "NOLLFOF."  # their problem B: one of the three trays farthest from the goal

ADJACENT: tuple[tuple[Cell, ...], ...] = (
    (1, 4), (0, 2, 5), (1, 3, 6), (2, 7), (0, 5), (1, 4, 6), (2, 5, 7), (3, 6),
)  # fmt: skip
"""The cells beside each cell, in the exercises' order (their ``*adjacent-slide*``)."""


def _across(c: Cell, s: Cell) -> bool:
    """Whether two neighbouring cells lie in one row."""
    return c // 4 == s // 4


# The three functions


def moves(q: Tray) -> list[Move]:
    """The pieces beside the space that can slide into it: any letter, and the bulb
    from the side.

    ``moves q = [(c, s) | c <- adjacent s, q !! c /= 'L' || row c == row s] where s = space q``

    >>> moves("LL.NOOFF"), moves("NOLLFOF.")  # N beside the bulb; no bulb from above
    ([(1, 2), (3, 2), (6, 2)], [(6, 7)])
    """
    s = q.index(SPACE)
    return [(c, s) for c in ADJACENT[s] if q[c] != BULB or _across(c, s)]


def move(q: Tray, m: Move) -> Tray:
    """The tray after a slide: a letter moves from ``c`` to ``s``; the bulb moves one
    cell towards ``s``, freeing its far cell ``2c - s``.

    >>> move("LLONOFF.", (3, 7)), move("LL.NOOFF", (1, 2))
    ('LLO.OFFN', '.LLNOOFF')
    """
    c, s = m
    cells = list(q)
    left = 2 * c - s if q[c] == BULB else c
    cells[s], cells[left] = q[c], SPACE
    return "".join(cells)


def solved(q: Tray) -> bool:
    """Whether the tray reads NO-OFF: ``solved q = q == "LLNOOFF."``."""
    return q == GOAL


puzzle: Puzzle[Tray, Move] = Puzzle(moves, move, solved)


def undoes(p: Path[Tray, Move], m: Move) -> bool:
    """Whether ``m`` slides the piece that moved last straight back: a letter from ``s``
    back to ``c``, the bulb back from its new cell ``c`` towards its old one.

    >>> from pearls.types import start
    >>> after = Path(start(A).history.cons((3, 7)), move(A, (3, 7)))
    >>> undoes(after, (7, 3)), undoes(after, (2, 3))
    (True, False)
    """
    if not p.history:
        return False
    c, s = p.history.first
    back = (c, 2 * c - s) if p.state[s] == BULB else (s, c)
    return m == back


def bfsolve(q: Tray) -> list[Move] | None:
    """A shortest solution: ``bfsolve q = bfsearch' [] [] [([], q)]``."""
    return search.bfsolve(puzzle, q)


def dfsolve(q: Tray) -> list[Move] | None:
    """A depth-first solution: ``dfsolve q = dfsearch [] [([], q)]``."""
    return search.dfsolve(puzzle, q)


# Planning: bring each piece home in turn; premoves clear the cell a planned slide needs


HOMES: tuple[Cell, ...] = (2, 3, 4, 5, 6)  # the letters' goal cells, filled in this order


def _route(settled: set[Cell], targets: Sequence[Cell], to: Cell) -> list[Cell]:
    """A shortest walk over cells outside ``settled`` from one of ``targets`` to ``to``
    (breadth first, the first target that reaches it), or ``[]`` if none does."""
    back: dict[Cell, Cell | None] = {c: None for c in targets}
    frontier = deque(targets)
    while frontier:
        c = frontier.popleft()
        if c == to:
            walk = [c]
            while (before := back[walk[-1]]) is not None:
                walk.append(before)
            return walk[::-1]
        for d in ADJACENT[c]:
            if d not in back and d not in settled:
                back[d] = c
                frontier.append(d)
    return []


def goalmoves(q: Tray) -> Plan[Move]:
    """Bring home the first piece that is not: the bulb to cells 0 and 1, sliding left;
    else the letter that the first unfilled cell of 2, 3, 4, 5, 6 wants, the nearest of
    its kind not yet home, along a shortest walk that keeps off the cells filled so far.

    ``goalmoves q = [(c, d) | (c, d) <- zip walk (tail walk)]``, the bulb's walk first.

    >>> goalmoves("NOLLFOF.")
    ((2, 1), (1, 0))
    >>> goalmoves("LLONOFF.")
    ((3, 2),)
    """
    bulb = q.index(BULB)
    if bulb > 0:
        return tuple((c, c - 1) for c in range(bulb, 0, -1))
    settled = {0, 1}
    for home in HOMES:
        if q[home] != GOAL[home]:
            kind = [c for c in range(8) if q[c] == GOAL[home] and c not in settled]
            walk = _route(settled, kind, home)
            return tuple(pairwise(walk))
        settled.add(home)
    return ()


def premoves(q: Tray, m: Move) -> list[list[Move]]:
    """The ways of clearing cell ``s`` for the slide ``m = (c, s)``: the letter on ``s``
    slides to any other neighbour, or the bulb on ``s`` slides off it along the row.

    >>> premoves("LLONOFF.", (3, 2))  # the O on cell 2 goes left, or down
    [[(2, 1)], [(2, 6)]]
    >>> premoves("OLLNOFF.", (3, 2))  # the bulb slides left
    [[(1, 0)]]
    """
    c, s = m
    if q[s] == SPACE:
        return []
    if q[s] != BULB:
        return [[(s, d)] for d in ADJACENT[s] if d != c]
    rear = q.index(BULB)
    if s == rear:
        return [[(rear + 1, rear + 2)]] if rear + 2 <= 3 else []
    return [[(rear, rear - 1)]] if rear >= 1 else []


planner: Planner[Tray, Move] = search.planner(puzzle, goalmoves, premoves)


def psolve(q: Tray) -> list[Move] | None:
    """A planned solution: ``psolve q = psearch' [] [] [([], q, goalmoves q)]``."""
    return search.psolve(planner, q)


# Ranks: the exercises' count, 3 * 6 * 5 * 6 = 540, made a minimal perfect hash

_PAIRS: tuple[tuple[int, int], ...] = tuple(combinations(range(4), 2))  # the O's, of 4 cells


def rank(q: Tray) -> int:
    """The number of a tray in ``range(540)``, as the exercises count trays: the bulb's
    place (3), then the space among the 6 cells left, N among the 5 left, and the two
    O among the 4 left (6 pairs), in cell order.

    >>> rank(GOAL), rank(A), rank(B)
    (150, 156, 511)
    """
    bulb = q.index(BULB)
    free = [c for c in range(8) if c not in (bulb, bulb + 1)]
    space = free.index(q.index(SPACE))
    rest = [c for c in free if q[c] != SPACE]
    n = [q[c] for c in rest].index("N")
    others = [c for c in rest if q[c] != "N"]
    first, second = (i for i, c in enumerate(others) if q[c] == "O")
    return ((bulb * 6 + space) * 5 + n) * 6 + _PAIRS.index((first, second))


def unrank(r: int) -> Tray:
    """The tray of number ``r``: :func:`rank` undone.

    >>> unrank(rank(B)) == B
    True
    """
    rest, pair = divmod(r, 6)
    rest, n = divmod(rest, 5)
    bulb, space = divmod(rest, 6)
    cells = [""] * 8
    cells[bulb] = cells[bulb + 1] = BULB
    free = [c for c in range(8) if not cells[c]]
    cells[free.pop(space)] = SPACE
    cells[free.pop(n)] = "N"
    for i, c in enumerate(free):
        cells[c] = "O" if i in _PAIRS[pair] else "F"
    return "".join(cells)


perfect_hash: PerfectHash[Tray] = PerfectHash(rank=rank, size=540, unrank=unrank)
