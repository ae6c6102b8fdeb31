"""Whether a table is exactly its pattern's database
(:mod:`pearls.puzzles.sliding.patterns`), checked in full against the equations its
breadth-first construction solves.

The construction searches states ``(p, R)``: a placement ``p`` of the pattern's tiles
and a region ``R`` of the cells they leave free, where the blank roams at no cost.  A
move slides a tile from its cell ``c`` onto a cell of ``R`` next to it and leads to
``(p', R')``, ``R'`` the region of ``c`` among the cells ``p'`` leaves free; the move
back leads home again.  The table holds each placement's least distance::

    d (goal, region of the blank's home) = 0
    d s       = 1 + minimum [d s' | s -> s']          every other state s
    table[p]  = minimum [d (p, R) | R <- regions of p]
    table[i]  = UNSEEN                                where i is no reachable placement

These equations have one solution: the distances (each ``d s`` above 0 has a neighbour
one lower, so a walk down reaches the goal in ``d s`` moves; and no neighbour is more
than one lower, so no walk is shorter).  The same rule over placements alone does not
hold: one placement's regions may lie far apart, so an entry can be two or more above
its nearest neighbour's (on the 4x4 tray with tiles 1-4, 588 of the 43,680 entries
are), and a neighbour's two or more above it.

The table gives ``d`` only where a placement leaves one region.  :func:`exact` finds the
rest: the regions of a placement with two or more start at its entry (below or at their
distance, if the table is right) and rise by the equations until none rises, which
leaves each at its distance; then it checks every equation.  Rows of values, one for
each arrangement of the tiles on the same cells, rise together: a row is one integer, a
byte a value, and the least or most of two rows a few operations on whole integers
(:class:`_Lanes`).  On six-tile tables of the 15 puzzle the check takes some 13 s of
CPU, a quarter of a build; on five tiles a third; on four or fewer about as long as a
build (docs/sliding.md has the figures).
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import reduce
from itertools import combinations, permutations
from math import perm
from operator import itemgetter
from typing import NamedTuple

from pearls.puzzles.sliding import BLANK, Cell, Frame, Tile, frame

__all__ = ["UNSEEN", "Cells", "Place", "Row", "exact", "spreader"]

UNSEEN = 255  # a table's value for an index that is no placement, or no reachable one
Cells = tuple[Cell, ...]  # the cells a pattern's tiles take, in increasing order, e.g. (0, 4, 5)
Place = tuple[Cells, int]  # cells and one region of the cells they leave free, e.g. ((0, 4, 5), 1)
Row = bytes | bytearray  # a value for each arrangement of the tiles on some cells, e.g. b"\x03\x05"
_TOP = 127  # the check's stand-in for UNSEEN: a table's values must be below it
_LANE = bytes(min(v, _TOP) for v in range(256))  # a table's value as the check holds it
_FINITE = bytes(0 if v == UNSEEN else v for v in range(256))  # UNSEEN as 0, to find the largest
_SWEEPS_UNTIL = 64  # whole rows rise while a sweep raises more than one value in this many


def spreader(f: Frame) -> Callable[[int, int], int]:
    """``spread(region, free)``: the cells of ``free`` the blank reaches from ``region``,
    by shifting the mask one cell up, down, left and right until it stops growing.

    >>> spreader(frame(2, 3))(0b000001, 0b101101)  # 1 and 4 taken: 0 reaches 3 alone
    9
    """
    cols = f.cols
    not_left = sum(1 << c for c in range(f.size) if c % cols)
    not_right = sum(1 << c for c in range(f.size) if c % cols != cols - 1)

    def spread(region: int, free: int) -> int:
        while True:
            grown = (
                region
                | ((region << 1) & not_left)
                | ((region >> 1) & not_right)
                | (region << cols)
                | (region >> cols)
            ) & free
            if grown == region:
                return region
            region = grown

    return spread


def exact(rows: int, cols: int, pattern: tuple[Tile, ...], table: bytes) -> bool:
    """Whether ``table`` is exactly the database of ``pattern`` on a ``rows x cols`` tray
    for the blank-first goal: it has the size, it is :data:`UNSEEN` wherever there is no
    reachable placement, and its values solve the equations of the module's docstring
    (found by :func:`_settled`, checked by :func:`_holds`).

    >>> from pearls.puzzles.sliding.patterns import build
    >>> table = build(2, 3, (1, 2)).table
    >>> raised = table[:10] + bytes([table[10] + 2]) + table[11:]  # tiles 2 and 1 swapped
    >>> exact(2, 3, (1, 2), table), exact(2, 3, (1, 2), raised)
    (True, False)
    """
    f = frame(rows, cols, blank_first=True)
    if len(table) != 1 << ((f.size - 1).bit_length() * len(pattern)):
        return False
    entries = _gathered(f, len(pattern), table)
    placed = sum(row.count(UNSEEN) for row in entries.values())
    if table.count(UNSEEN) - placed != len(table) - perm(f.size, len(pattern)) or any(
        max(row.translate(_FINITE)) >= _TOP for row in entries.values()
    ):
        return False
    space = _space(f, pattern, {cells: row.translate(_LANE) for cells, row in entries.items()})
    return _settled(space) and _holds(space)


def _gathered(f: Frame, k: int, table: bytes) -> dict[Cells, bytes]:
    """The table's entries grouped by the ``k`` cells the tiles take, each group in the
    order of :func:`itertools.permutations`: an arrangement ``a`` puts tile ``j`` on
    ``cells[a[j]]``, at index ``sum [cells[a[j]] * 2 ** (bits * j)]``; a group's indices
    are worked out at once, as the 64-bit digits of one integer."""
    bits, orders = (f.size - 1).bit_length(), list(permutations(range(k)))
    weights = [
        sum(1 << (bits * a.index(rank) + 64 * i) for i, a in enumerate(orders)) for rank in range(k)
    ]
    entries: dict[Cells, bytes] = {}
    for cells in combinations(range(f.size), k):
        digits = sum(c * w for c, w in zip(cells, weights, strict=True))
        indices = memoryview(digits.to_bytes(8 * len(orders), sys.byteorder)).cast("Q")
        entries[cells] = bytes(map(table.__getitem__, indices))
    return entries


@dataclass(frozen=True)
class _Lanes:
    """Rows of ``width`` values as integers, a byte a value, each at most :data:`_TOP` (a
    byte's top bit free), for elementwise least and most in a few operations::

        at_least a b = 255 in each byte where a >= b: the top bit of (a + 128) - b
        least a b    = a xor ((a xor b) and at_least a b)
        most a b     = b xor ((a xor b) and at_least a b)

    >>> lanes = _Lanes.of(3)
    >>> a, b = lanes.number([1, 5, 127]), lanes.number([2, 5, 0])
    >>> list(lanes.row(lanes.least(a, b))), list(lanes.row(lanes.up(lanes.most(a, b))))
    ([1, 5, 0], [3, 6, 127])
    """

    width: int
    ones: int  # 1 in every byte

    @classmethod
    def of(cls, width: int) -> _Lanes:
        """The lanes of rows of ``width`` values."""
        return cls(width, int.from_bytes(b"\x01" * width, "little"))

    def number(self, row: Iterable[int]) -> int:
        """A row as an integer."""
        return int.from_bytes(bytes(row), "little")

    def row(self, lanes: int) -> bytearray:
        """An integer as a row."""
        return bytearray(lanes.to_bytes(self.width, "little"))

    def _at_least(self, a: int, b: int) -> int:
        top = self.ones << 7
        return ((((a | top) - b) & top) >> 7) * 255

    def least(self, a: int, b: int) -> int:
        """The elementwise least."""
        return a ^ ((a ^ b) & self._at_least(a, b))

    def most(self, a: int, b: int) -> int:
        """The elementwise most."""
        return b ^ ((a ^ b) & self._at_least(a, b))

    def up(self, a: int) -> int:
        """One more, :data:`_TOP` staying :data:`_TOP`."""
        return self.least(a, self.ones * (_TOP - 1)) + self.ones

    def down(self, a: int) -> int:
        """One less, 0 staying 0."""
        return self.most(a, self.ones) - self.ones


Pick = Callable[[Row], Iterable[int]]  # the values of a row in another order, e.g. itemgetter(1, 0)


class _Step(NamedTuple):
    """A move out of a state, for every arrangement of the tiles at once: the state it
    leads to, that state's row, and each arrangement's number there (``there[i]``;
    ``pick(row)`` gives them all)."""

    place: Place
    row: Row
    there: list[int]
    pick: Pick


@dataclass(frozen=True)
class _Space:
    """A pattern's states, by the cells the tiles take and a region of the free cells:
    each state's row of values and its moves.  The rows of cells that leave one region
    are their entries; the others, ``rising``, start at them and rise in place."""

    entries: dict[Cells, bytes]
    rows: dict[Place, Row]
    rising: dict[Place, bytearray]
    steps: dict[Place, list[_Step]]
    goal: tuple[Place, int]  # the goal's state and its arrangement's number
    lanes: _Lanes


def _space(f: Frame, pattern: tuple[Tile, ...], entries: dict[Cells, bytes]) -> _Space:
    """The states of ``pattern`` on the tray ``f``, each row set to its entries."""
    spread = spreader(f)
    regions = {cells: _regions(f.size, spread, cells) for cells in entries}
    rising = {
        (cells, r): bytearray(entries[cells])
        for cells, found in regions.items()
        if len(found) > 1
        for r in range(len(found))
    }
    rows: dict[Place, Row] = {(cells, 0): entries[cells] for cells in entries} | rising
    relabel = _relabeller(len(pattern))
    steps = {place: _steps(f, place, regions, rows, relabel) for place in rows}
    home = tuple(f.home[t] for t in pattern)
    cells = tuple(sorted(home))
    blank = next(r for r, m in enumerate(regions[cells]) if m >> f.home[BLANK] & 1)
    arranged = list(permutations(range(len(pattern)))).index(tuple(map(cells.index, home)))
    lanes = _Lanes.of(len(entries[cells]))
    return _Space(entries, rows, rising, steps, ((cells, blank), arranged), lanes)


def _regions(n: int, spread: Callable[[int, int], int], cells: Cells) -> list[int]:
    """The regions of the cells ``cells`` leave free, as bit masks, by their first cell."""
    free, found = ((1 << n) - 1) & ~sum(1 << c for c in cells), 0
    regions: list[int] = []
    while free & ~found:
        left = free & ~found
        regions.append(spread(left & -left, free))
        found |= regions[-1]
    return regions


Relabel = Callable[[int, int], tuple[list[int], Pick]]  # see _relabeller


def _relabeller(k: int) -> Relabel:
    """``relabel(rank, rank_after)``: each arrangement's number once the cell of rank
    ``rank`` among ``k`` cells is left for the cell of rank ``rank_after`` among the new
    ones (the others keep their order), as a list and as a picker; each worked out once
    (``made``, a local memo)."""
    orders = list(permutations(range(k)))
    number = {a: i for i, a in enumerate(orders)}
    made: dict[tuple[int, int], tuple[list[int], Pick]] = {}

    def relabel(rank: int, rank_after: int) -> tuple[list[int], Pick]:
        if (rank, rank_after) not in made:
            stay = [r for r in range(k) if r != rank]
            moved = dict(zip(stay, [r for r in range(k) if r != rank_after], strict=True))
            moved[rank] = rank_after
            there = [number[tuple(moved[r] for r in a)] for a in orders]
            made[rank, rank_after] = there, itemgetter(*there) if k > 1 else itemgetter(slice(1))
        return made[rank, rank_after]

    return relabel


def _steps(
    f: Frame,
    place: Place,
    regions: dict[Cells, list[int]],
    rows: dict[Place, Row],
    relabel: Relabel,
) -> list[_Step]:
    """The moves out of a state: each tile next to its region onto each cell of it."""
    cells, r = place
    steps: list[_Step] = []
    for rank, c in enumerate(cells):
        for e in f.neighbours[c]:
            if regions[cells][r] >> e & 1:
                after = tuple(sorted((*cells[:rank], *cells[rank + 1 :], e)))
                back = next(i for i, m in enumerate(regions[after]) if m >> c & 1)
                there, pick = relabel(rank, after.index(e))
                steps.append(_Step((after, back), rows[after, back], there, pick))
    return steps


def _settled(space: _Space) -> bool:
    """Raise the rising rows until none rises: whole rows, a sweep of them at a time
    (forwards, then backwards), while a sweep raises many values; then the values next
    to those the last sweep raised, one at a time (``queue``, a local worklist).  Each
    rise takes the most of what the equations imply for a table that is right::

        d s >= 1 + minimum [d s' | s -> s']        d s >= maximum [d s' | s -> s'] - 1

    (the second only hastens the rise).  ``False`` as soon as the table cannot hold: a
    value reaches :data:`_TOP`, or every region of a placement rises above its entry."""
    places = list(space.rising)
    rose = _sweep(space, places)
    while rose is not None and _risen(rose) * _SWEEPS_UNTIL > len(places) * space.lanes.width:
        places.reverse()
        rose = _sweep(space, places)
    if rose is None:
        return False
    queue = deque(_next_to(space, _values(rose)))
    while queue:
        place, i = queue.popleft()
        values = [step.row[step.there[i]] for step in space.steps[place]]
        value, row = max(1 + min(values), max(values) - 1), space.rising[place]
        if value > row[i] and (place, i) != space.goal:
            row[i] = value
            if value >= _TOP or _above(space, place[0], i):
                return False
            queue.extend(_next_to(space, [(place, i)]))
    return True


def _sweep(space: _Space, places: Sequence[Place]) -> list[tuple[Place, bytes]] | None:
    """Raise each of ``places`` once, in place and in order (each sees the rows raised
    before it); the states that rose, each with its row's change (non-zero where a
    value rose), or ``None`` once the table cannot hold.  The goal stays at 0."""
    lanes, (goal, arranged) = space.lanes, space.goal
    rose: list[tuple[Place, bytes]] = []
    for place in places:
        row, after = space.rising[place], lanes.row(_raised(space, place))
        if place == goal:
            after[arranged] = 0
        if after != row:
            rose.append((place, bytes(lanes.row(lanes.number(after) ^ lanes.number(row)))))
            row[:] = after
            if _TOP in after or _least(space, place[0]) != space.entries[place[0]]:
                return None
    return rose


def _raised(space: _Space, place: Place) -> int:
    """A state's row raised once, for all arrangements at once, as lanes."""
    lanes = space.lanes
    found = [lanes.number(step.pick(step.row)) for step in space.steps[place]]
    near, far = reduce(lanes.least, found), reduce(lanes.most, found)
    row = lanes.number(space.rows[place])
    return lanes.most(row, lanes.most(lanes.up(near), lanes.down(far)))


def _risen(rose: list[tuple[Place, bytes]]) -> int:
    """How many values a sweep raised."""
    return sum(len(change) - change.count(0) for _, change in rose)


def _values(rose: list[tuple[Place, bytes]]) -> Iterator[tuple[Place, int]]:
    """The (state, arrangement) pairs a sweep raised."""
    for place, change in rose:
        yield from ((place, i) for i, x in enumerate(change) if x)


def _next_to(space: _Space, values: Iterable[tuple[Place, int]]) -> Iterator[tuple[Place, int]]:
    """The rising values one move from ``values``."""
    for place, i in values:
        for step in space.steps[place]:
            if step.place in space.rising:
                yield step.place, step.there[i]


def _above(space: _Space, cells: Cells, i: int) -> bool:
    """Whether every region of the arrangement ``i`` on ``cells`` is above its entry."""
    entry = space.entries[cells][i]
    return all(row[i] > entry for row in _rows_of(space, cells))


def _holds(space: _Space) -> bool:
    """Whether the equations hold for the rows as they stand: every state's row one
    more than the least of its moves' (the goal's 0), and every placement's entry the
    least of its regions'."""
    lanes, (goal, arranged) = space.lanes, space.goal
    for place, steps in space.steps.items():
        near = reduce(lanes.least, [lanes.number(step.pick(step.row)) for step in steps])
        expected = lanes.row(lanes.up(near))
        if place == goal:
            expected[arranged] = 0
        if expected != space.rows[place]:
            return False
    return all(_least(space, cells) == entry for cells, entry in space.entries.items())


def _least(space: _Space, cells: Cells) -> Row:
    """The least of the rows of the regions of ``cells``, arrangement by arrangement."""
    lanes = space.lanes
    rows = list(_rows_of(space, cells))
    return rows[0] if len(rows) == 1 else lanes.row(reduce(lanes.least, map(lanes.number, rows)))


def _rows_of(space: _Space, cells: Cells) -> Iterator[Row]:
    """The rows of the regions of ``cells``, in order."""
    r = 0
    while (cells, r) in space.rows:
        yield space.rows[cells, r]
        r += 1
