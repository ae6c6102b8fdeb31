"""Planning for sliding tiles: the tiles brought home one by one, as people solve them.

The chapter's planner needs goal moves that make lasting progress and premoves that clear
their way.  :func:`goalmoves` walks the next tile home by a shortest route around the
tiles already placed; :func:`premoves` makes each step legal by walking the blank round
to it.  The order (:func:`units`) is the human one: the rows from the far side of the
blank's goal, then the last two rows column by column, then the last 2 x 2 corner; the
last two tiles of a line go as a pair, turning the corner together.

>>> from pearls.puzzles.sliding import EIGHT, EIGHT_EXAMPLES
>>> len(psolve(EIGHT, EIGHT_EXAMPLES["shifted"]))
26
"""

from __future__ import annotations

from collections import deque
from functools import partial
from itertools import pairwise
from typing import NamedTuple

from pearls import search
from pearls.puzzles.sliding import BLANK, Board, Cell, Frame, Move, Tile, moves, puzzle
from pearls.types import Plan, Planner

__all__ = ["Unit", "goalmoves", "newplans", "planner", "premoves", "psolve", "units"]


class Unit(NamedTuple):
    """Cells the planner fills together: one home, or the last two of a line ``(a, b)``
    with ``aside`` the cell beside ``a`` off the line, where ``a``'s tile waits while
    ``b``'s tile stands on ``a``; e.g. ``Unit((1, 2), 4)`` on the 8 puzzle."""

    homes: tuple[Cell, ...]
    aside: Cell | None = None


def units(f: Frame) -> list[Unit]:
    """The order in which the planner fills the cells: rows from the far side of the
    blank's goal while more than two remain, a tile at a time but the last two of each
    row as a pair; then the two rows left a column at a time, each column a pair; then
    the last 2 x 2 corner, one tile at a time.

    >>> from pearls.puzzles.sliding import EIGHT
    >>> [(u.homes, u.aside) for u in units(EIGHT)]
    [((0,), None), ((1, 2), 4), ((3, 6), 4), ((4,), None), ((5,), None), ((7,), None)]
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
    last = f.size - 1  # the blank first: the same order on the tray turned half round
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
    cells, both ends included, breadth first; ``None`` if there is none."""
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

    >>> from pearls.puzzles.sliding import EIGHT
    >>> goalmoves(EIGHT, (0, 2, 3, 1, 4, 5, 7, 8, 6)), goalmoves(EIGHT, EIGHT.goal)
    (((1, 0),), ())
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

    >>> from pearls.puzzles.sliding import EIGHT
    >>> premoves(EIGHT, (4, 1, 3, 2, 0, 5, 7, 8, 6), (1, 0))
    [[(2, 4), (4, 3)]]
    """
    t, c = m
    step = _step(f, q)
    fixed: frozenset[int] = frozenset() if step is None else step.fixed
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

    >>> from pearls.puzzles.sliding import EIGHT
    >>> newplans(EIGHT, (4, 1, 3, 2, 0, 5, 7, 8, 6), ())
    [((2, 4), (4, 3), (1, 0))]
    """
    return search.mkplans(moves(f, q), partial(premoves, f, q), plan or goalmoves(f, q))


def planner(f: Frame) -> Planner[Board, Move]:
    """The tray with its planner: :func:`goalmoves` and :func:`newplans`.

    >>> from pearls.puzzles.sliding import EIGHT
    >>> planner(EIGHT).goalmoves((0, 2, 3, 1, 4, 5, 7, 8, 6))
    ((1, 0),)
    """
    return Planner(puzzle(f), partial(goalmoves, f), partial(newplans, f))


def psolve(f: Frame, q: Board) -> list[Move] | None:
    """A planned solution, fast and seldom shortest:
    ``psolve q = psearch' [] [] [([], q, goalmoves q)]``.

    >>> from pearls.puzzles.sliding import EIGHT, EIGHT_EXAMPLES
    >>> len(psolve(EIGHT, EIGHT_EXAMPLES["hardest"]))
    45
    """
    return search.psolve(planner(f), q)
