"""Rush Hour as players know it, on the chapter's grid and with the chapter's combinators.

The chapter (:mod:`pearls.puzzles.rushhour`) counts one-cell steps on a board of vehicles
alone.  Players, the puzzle cards and Michael Fogleman's database of every interesting
6x6 position ("Solving Rush Hour, the Puzzle", 2018) count a move as one vehicle slid any
distance, and the database's boards may hold walls: fixed one-cell blocks.  This package
adds both without touching the chapter's equations.  Its model, here:

* a **metric** chooses the move model over the same :data:`~pearls.puzzles.rushhour.Grid`:
  ``"steps"`` (the chapter's :func:`~pearls.puzzles.rushhour.moves`) or ``"slides"``,
  where a move ``(v, c)`` slides vehicle ``v`` until its leading end lands on ``c``, any
  number of free cells away (the chapter's ``expand`` read as one move);
* **walls** are part of the problem, not of the state: a frozenset of cells, fixed for a
  puzzle and captured by its functions, so a state is still the chapter's grid, and the
  positions of a walled board hash and compare as fast as any other.

Beside it: :mod:`~pearls.puzzles.rushhour_players.text` (the database's text form and
records), :mod:`~pearls.puzzles.rushhour_players.draw` (walls drawn),
:mod:`~pearls.puzzles.rushhour_players.clusters` (every position of a board's cluster
at its distance from the exit), :mod:`~pearls.puzzles.rushhour_players.generate` (hard
puzzles at random) and :mod:`~pearls.puzzles.rushhour_players.describe` (``rushhour`` on
the command line).

>>> len(bfsolve(rushhour.p4, "slides") or []), len(bfsolve(rushhour.p4, "steps") or [])
(51, 81)

The chapter's model stays the chapter: its names and numbers (Table 18.1) are untouched,
and with no walls and the step metric everything here agrees with it move for move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeAlias

from pearls import search
from pearls.puzzles import rushhour
from pearls.puzzles.rushhour import EXIT, Cell, Grid, Move, Span
from pearls.search import mkplans
from pearls.types import Plan, Planner, Puzzle

__all__ = [
    "METRICS",
    "NO_WALLS",
    "Metric",
    "Walls",
    "bfsolve",
    "freecells",
    "goalslides",
    "newplans",
    "planner",
    "premoves",
    "psolve",
    "puzzle",
    "slide",
    "slides",
    "steps",
]

Walls: TypeAlias = frozenset[Cell]  # fixed one-cell blocks, e.g. frozenset({4})
Metric: TypeAlias = Literal["steps", "slides"]  # what one move is, e.g. "slides"

NO_WALLS: Walls = frozenset()
METRICS: tuple[Metric, ...] = ("steps", "slides")

_BOARD = frozenset(rushhour.allcells)


# --- The three functions, in either metric, around walls ---------------------------------


def _taken(g: Grid, walls: Walls) -> set[Cell]:
    """The cells covered by a vehicle or a wall."""
    taken = set(walls)
    for span in g:
        taken.update(rushhour.fillcells(span))
    return taken


def freecells(g: Grid, walls: Walls = NO_WALLS) -> list[Cell]:
    """The empty cells, ascending: the chapter's ``freecells`` less the walls.

    ``freecells walls g = allcells \\\\ (walls `union` occupied g)``

    >>> freecells(rushhour.g1), freecells(rushhour.g1, frozenset({16, 39}))
    ([16, 22, 23, 29, 30, 32, 39], [22, 23, 29, 30, 32])
    """
    taken = _taken(g, walls)
    return [c for c in rushhour.allcells if c not in taken]


def steps(g: Grid, walls: Walls = NO_WALLS) -> list[Move]:
    """The chapter's moves, one cell each, on a board with walls.

    ``steps walls g = [(v, c) | (v, i) <- zip [0..] g, c <- adjs i, c ∈ freecells walls g]``

    >>> steps(rushhour.g1) == rushhour.moves(rushhour.g1)
    True
    >>> steps(rushhour.g1, frozenset({16}))
    [(1, 22), (8, 23), (10, 32), (12, 39)]
    """
    free = _BOARD - _taken(g, walls)
    return [(v, c) for v, span in enumerate(g) for c in rushhour.adjs(span) if c in free]


def _reach(span: Span, free: frozenset[Cell] | set[Cell]) -> list[Cell]:
    """The cells a vehicle's leading end can slide onto: forwards, nearest first, then
    backwards, each way until the first cell that is not free."""
    r, f = span
    step = 1 if rushhour.horizontal(span) else 7
    ahead: list[Cell] = []
    behind: list[Cell] = []
    c = f + step
    while c in free:
        ahead.append(c)
        c += step
    c = r - step
    while c in free:
        behind.append(c)
        c -= step
    return ahead + behind


def slides(g: Grid, walls: Walls = NO_WALLS) -> list[Move]:
    """The legal slides: vehicle by vehicle, forwards (nearest first) before backwards.
    A slide ``(v, c)`` takes vehicle ``v`` until its front (forwards) or its rear
    (backwards) is on ``c``, over free cells only.

    ``slides walls g = [(v, c) | (v, i) <- zip [0..] g, c <- reach i]``, where ``reach``
    runs from each end of ``i`` along its line while the cells are in ``freecells walls g``.

    >>> slides(rushhour.g1)[:6]  # B down 1 or 2, C down 1 or 2 or 3
    [(0, 16), (1, 22), (1, 29), (2, 16), (2, 23), (2, 30)]
    """
    free = _BOARD - _taken(g, walls)
    return [(v, c) for v, span in enumerate(g) for c in _reach(span, free)]


def slide(g: Grid, m: Move) -> Grid:
    """The grid after a slide: the chapter's one-cell moves along the way, at once.

    ``slide g (v, c) = foldl move g (expand g (v, c))``: onto a cell of its line, the
    vehicle goes until its front (past the front) or its rear (past the rear) is on
    ``c``; onto a cell it covers, ``expand`` has no steps and the grid stays as it is.

    >>> slide(rushhour.g1, (1, 29))[1], slide(rushhour.g1, (0, 16))[0]
    ((15, 29), (16, 17))
    >>> slide(rushhour.g1, (0, 18)) == rushhour.g1
    True
    """
    v, c = m
    r, f = g[v]
    d = max(c - f, 0) + min(c - r, 0)  # how far: forwards past f, backwards past r, or 0
    return g.set(v, (r + d, f + d))


def puzzle(metric: Metric = "steps", walls: Walls = NO_WALLS) -> Puzzle[Grid, Move]:
    """Rush Hour in a metric, around walls; ``solved`` is the chapter's.

    >>> len(search.bfsolve(puzzle("slides"), rushhour.g1) or [])
    24
    """
    if metric == "slides":
        return Puzzle(lambda g: slides(g, walls), slide, rushhour.solved)
    return Puzzle(lambda g: steps(g, walls), rushhour.move, rushhour.solved)


# --- Planning, in either metric, around walls ----------------------------------------------


def goalslides(g: Grid) -> Plan[Move]:
    """Drive the special car to the exit in one slide: ``[(0, 20)]`` unless solved.

    >>> goalslides(rushhour.g1), goalslides(slide(rushhour.g1, (0, 20)))
    (((0, 20),), ())
    """
    return () if rushhour.solved(g) else ((0, EXIT),)


def _crosses(way: Sequence[Move], walls: Walls) -> bool:
    """Whether one of a way's one-cell moves lands on a wall."""
    return any(c in walls for _, c in way)


def premoves(
    g: Grid, m: Move, walls: Walls = NO_WALLS, metric: Metric = "steps"
) -> list[list[Move]]:
    """The ways of clearing the first cell that move ``m`` needs and finds taken.

    The chapter's ``premoves g (v, c) = freeingmoves c (blocker g c)``, with three
    changes: a slide needs every cell of ``expand g (v, c)``, so the first taken one is
    cleared; a wall is never moved (a move that needs a wall's cell has no premoves);
    and a way that would run a vehicle into a wall is no way.  In slides, each way is
    one slide, to the last cell of the chapter's way.

    >>> premoves(rushhour.g1, (0, 19)), premoves(rushhour.g1, (0, 19), frozenset({5}))
    ([[(6, 5)], [(6, 26), (6, 33)]], [[(6, 26), (6, 33)]])
    >>> premoves(rushhour.g1, (0, 20), metric="slides")
    [[(6, 5)], [(6, 33)]]
    """
    free = _BOARD - _taken(g, walls)
    needed = [c for _, c in rushhour.expand(g, m) if c not in free]
    if not needed or needed[0] in walls or needed[0] not in _BOARD:
        return []
    c = needed[0]
    ways = [
        way for way in rushhour.freeingmoves(c, rushhour.blocker(g, c)) if not _crosses(way, walls)
    ]
    return [[way[-1]] for way in ways] if metric == "slides" else ways


def _aim(g: Grid, m: Move) -> list[Move]:
    """A planned slide as it stands now: none if its vehicle already covers the cell."""
    v, c = m
    return [] if rushhour.covers(c, g[v]) else [m]


def newplans(
    g: Grid, plan: Plan[Move], walls: Walls = NO_WALLS, metric: Metric = "steps"
) -> list[Plan[Move]]:
    """Plans whose first move is legal, grown by :func:`premoves`.

    ::

        newplans g []       = []
        newplans g (m : ms) = mkplans (expand g m ++ ms)   -- steps, as in the chapter
        newplans g (m : ms) = mkplans (aim g m ++ ms)      -- slides

    where ``aim g (v, c)`` is ``[]`` if vehicle ``v`` already covers ``c`` (a premove
    took it there) and ``[(v, c)]`` otherwise: a slide needs no expanding.

    >>> for plan in newplans(rushhour.g1, goalslides(rushhour.g1), metric="slides"):
    ...     print(plan)
    ((0, 16), (4, 18), (5, 3), (6, 5), (0, 20))
    ((8, 23), (6, 33), (0, 20))
    """
    if not plan:
        return []
    m, *ms = plan
    legal = slides(g, walls) if metric == "slides" else steps(g, walls)
    first = _aim(g, m) if metric == "slides" else rushhour.expand(g, m)
    return mkplans(legal, lambda m: premoves(g, m, walls, metric), (*first, *ms))


def planner(metric: Metric = "steps", walls: Walls = NO_WALLS) -> Planner[Grid, Move]:
    """The planner of :func:`puzzle` in a metric, around walls.

    >>> len(search.psolve(planner("slides"), rushhour.g1) or [])
    33
    """
    goalmoves = goalslides if metric == "slides" else rushhour.goalmoves
    return Planner(
        puzzle(metric, walls), goalmoves, lambda g, plan: newplans(g, plan, walls, metric)
    )


def bfsolve(g: Grid, metric: Metric = "steps", walls: Walls = NO_WALLS) -> list[Move] | None:
    """A shortest solution in the metric: ``bfsearch' [] [] [([], g)]``.

    >>> bfsolve(rushhour.g1, "slides")[:3]
    [(2, 30), (0, 16), (4, 18)]
    """
    return search.bfsolve(puzzle(metric, walls), g)


def psolve(g: Grid, metric: Metric = "steps", walls: Walls = NO_WALLS) -> list[Move] | None:
    """A planned solution in the metric: ``psearch' [] [] [([], g, goalmoves g)]``.

    >>> len(psolve(rushhour.p2, "slides") or []), len(psolve(rushhour.p2) or [])
    (17, 27)
    """
    return search.psolve(planner(metric, walls), g)
