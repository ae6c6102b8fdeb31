"""Map colouring: give each region one of ``k`` colours so that no two regions that
border each other share one.

The state is a partial colouring: the colours of the first regions, in the map's order.
``moves`` lists the colours the next region may take (none of its coloured neighbours
has it), ``move`` gives it one, and ``solved`` recognises a colouring of every region, so
the chapter's ``dfsolve`` finds a colouring and :func:`~pearls.backtrack.solutions` finds
them all.  The regions are coloured in the order the map lists them, the colours tried
in the order red, blue, green, yellow, ... as in the source (colour 0 is red).

The Scheme exercises (M. Hiroi's collection) colour a map of 12 regions, ``A`` to
``L``.  Four colours suffice (the first colouring found is the source's own), three
do not:

>>> from pearls.backtrack import solutions
>>> [c for _, c in next(solutions(puzzle(TWELVE_REGIONS, 4), ()))]
[0, 1, 1, 2, 0, 2, 3, 1, 2, 0, 1, 3]
>>> next(solutions(puzzle(TWELVE_REGIONS, 3), ()), None) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TypeAlias

from pearls.errors import BoardError
from pearls.types import Puzzle

__all__ = [
    "MAX_COLOURS",
    "MAX_REGIONS",
    "TWELVE_REGIONS",
    "Colour",
    "Colouring",
    "Map",
    "Paint",
    "Region",
    "make_map",
    "move",
    "moves",
    "proper",
    "puzzle",
    "solved",
]

Region: TypeAlias = str  # a region's name, e.g. "A"
Colour: TypeAlias = int  # a colour's number, in the order tried, e.g. 0 (red)
Colouring: TypeAlias = tuple[Colour, ...]  # the first regions' colours, in order, e.g. (0, 1)
Paint: TypeAlias = tuple[Region, Colour]  # the next region and its colour, e.g. ("C", 1)

MAX_COLOURS = 64  # the most colours a map may be coloured in
MAX_REGIONS = 500  # the most regions a map may have


@dataclass(frozen=True)
class Map:
    """The regions in the order they are coloured, and for each the places of the
    regions it borders, ascending (a region never borders itself)."""

    regions: tuple[Region, ...]
    borders: tuple[tuple[int, ...], ...]

    @cached_property
    def earlier(self) -> tuple[tuple[int, ...], ...]:
        """For each region, the neighbours coloured before it."""
        return tuple(tuple(j for j in near if j < i) for i, near in enumerate(self.borders))


def make_map(adjacency: Iterable[tuple[Region, Sequence[Region]]]) -> Map:
    """The map of regions, each listed with regions it borders: bordering goes both
    ways, and the regions are coloured in the order they head the list, then the
    ones that appear only as neighbours.

    >>> make_map([("A", ["B", "C"]), ("B", ["C"])])
    Map(regions=('A', 'B', 'C'), borders=((1, 2), (0, 2), (0, 1)))
    """
    pairs = [(region, tuple(near)) for region, near in adjacency]
    heads = dict.fromkeys(region for region, _ in pairs)
    regions = tuple({**heads, **dict.fromkeys(r for _, near in pairs for r in near)})
    if not regions:
        raise BoardError("no regions: write 'REGION NEIGHBOUR ...', one region a line")
    if len(regions) > MAX_REGIONS:
        raise BoardError(f"a map has at most {MAX_REGIONS} regions, not {len(regions):,}")
    place = {r: i for i, r in enumerate(regions)}
    borders: list[set[int]] = [set() for _ in regions]
    for region, near in pairs:
        if region in near:
            raise BoardError(f"region {region[:20]!r} cannot border itself")
        for other in near:
            borders[place[region]].add(place[other])
            borders[place[other]].add(place[region])
    return Map(regions, tuple(tuple(sorted(b)) for b in borders))


TWELVE_REGIONS = make_map(  # the exercises' map, their adjacency list as they give it
    (region, near.split())
    for region, near in [
        ("A", "B C D F K L"),
        ("B", "A D E I L"),
        ("C", "A D F G"),
        ("D", "A B C E G H"),
        ("E", "B D H I"),
        ("F", "A C G J K"),
        ("G", "C D H F J"),
        ("H", "D E G I J"),
        ("I", "B E H J L"),
        ("J", "F G H I K L"),
        ("K", "A F J L"),
        ("L", "A B I J K"),
    ]
)


# The three functions


def moves(m: Map, k: int, q: Colouring) -> list[Paint]:
    """The colours, of ``k``, that the next region may take: those of none of its
    neighbours coloured so far, each with the region's name.

    ``moves q = [(r, c) | c <- [0 .. k-1], all (/= c) [q !! j | j <- earlier i]]``
    where ``i = length q`` and ``r = regions !! i``.

    >>> moves(TWELVE_REGIONS, 4, (0,)), moves(TWELVE_REGIONS, 4, (0, 1, 1, 2))
    ([('B', 1), ('B', 2), ('B', 3)], [('E', 0), ('E', 3)])
    """
    i = len(q)
    if i == len(m.regions):
        return []
    taken = {q[j] for j in m.earlier[i]}
    region = m.regions[i]
    return [(region, c) for c in range(k) if c not in taken]


def move(q: Colouring, p: Paint) -> Colouring:
    """The next region (the one ``p`` names) coloured: ``move q (r, c) = q ++ [c]``."""
    return (*q, p[1])


def solved(m: Map, q: Colouring) -> bool:
    """Whether every region is coloured: ``solved q = length q == length regions``."""
    return len(q) == len(m.regions)


def puzzle(m: Map, k: int) -> Puzzle[Colouring, Paint]:
    """Colouring map ``m`` in ``k`` colours as the chapter's three functions.

    >>> from pearls.search import dfsolve
    >>> dfsolve(puzzle(TWELVE_REGIONS, 4), ())[:3]
    [('A', 0), ('B', 1), ('C', 1)]
    """
    return Puzzle(moves=lambda q: moves(m, k, q), move=move, solved=lambda q: solved(m, q))


def proper(m: Map, q: Colouring) -> bool:
    """Whether no two coloured regions that border each other share a colour.

    >>> proper(TWELVE_REGIONS, (0, 1, 1)), proper(TWELVE_REGIONS, (0, 0))
    (True, False)
    """
    return all(q[i] != q[j] for i in range(len(q)) for j in m.earlier[i])
