"""Map colouring: give each region one of ``k`` colours so that no two regions that
border each other share one.

The state is a partial colouring: the colours of the first regions, in the map's order.
``moves`` lists the colours the next region may take (none of its coloured neighbours
has it), ``move`` gives it one, and ``solved`` recognises a colouring of every region, so
the chapter's ``dfsolve`` finds a colouring and :func:`~pearls.backtrack.solutions` finds
them all.  The regions are coloured in the order the map lists them, the colours tried
in the order red, blue, green, yellow, ... as in the source.

The source's map (M. Hiroi's Scheme puzzles) has 12 regions, ``A`` to ``L``.  Four
colours suffice (the first colouring found is the source's own), three do not:

>>> from pearls.backtrack import solutions
>>> show(SEED, next(solutions(puzzle(SEED, 4), ())))
'A:red B:blue C:blue D:green E:red F:green G:yellow H:blue I:green J:red K:blue L:yellow'
>>> next(solutions(puzzle(SEED, 3), ()), None) is None
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from math import cos, pi, sin
from typing import TypeAlias

from pearls import methods, svg
from pearls.description import JSON, Description, Option, Problem, Settings
from pearls.errors import BoardError
from pearls.types import Puzzle

__all__ = [
    "DESCRIPTION",
    "EXAMPLES",
    "MAX_COLOURS",
    "MAX_REGIONS",
    "PALETTE",
    "SEED",
    "SEED_TEXT",
    "Colour",
    "Colouring",
    "Map",
    "Region",
    "colour_name",
    "draw",
    "make_map",
    "map_text",
    "move",
    "moves",
    "parse",
    "problem",
    "proper",
    "puzzle",
    "show",
    "solved",
]

Region: TypeAlias = str  # a region's name, e.g. "A"
Colour: TypeAlias = int  # a colour's place in the palette, e.g. 0 (red)
Colouring: TypeAlias = tuple[Colour, ...]  # the first regions' colours, in order, e.g. (0, 1)

PALETTE: tuple[tuple[str, str, str], ...] = (  # (name, fill, ink for a label on it)
    ("red", "#d62728", "#ffffff"), ("blue", "#1f77b4", "#ffffff"),
    ("green", "#2ca02c", "#ffffff"), ("yellow", "#f2c500", "#1a1a1a"),
    ("purple", "#9467bd", "#ffffff"), ("orange", "#ff7f0e", "#1a1a1a"),
    ("cyan", "#17becf", "#1a1a1a"), ("pink", "#e377c2", "#1a1a1a"),
    ("brown", "#8c564b", "#ffffff"), ("grey", "#7f7f7f", "#ffffff"),
)  # fmt: skip
MAX_COLOURS = 64  # the most colours --colours takes
MAX_REGIONS = 500  # the most regions a map may have


def colour_name(c: Colour) -> str:
    """A colour's name: the palette's, then ``colour11``, ``colour12``, ...

    >>> colour_name(0), colour_name(3), colour_name(10)
    ('red', 'yellow', 'colour11')
    """
    return PALETTE[c][0] if c < len(PALETTE) else f"colour{c + 1}"


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
        raise BoardError(f"a map has at most {MAX_REGIONS} regions, not {len(regions)}")
    place = {r: i for i, r in enumerate(regions)}
    borders: list[set[int]] = [set() for _ in regions]
    for region, near in pairs:
        if region in near:
            raise BoardError(f"region {region!r} cannot border itself")
        for other in near:
            borders[place[region]].add(place[other])
            borders[place[other]].add(place[region])
    return Map(regions, tuple(tuple(sorted(b)) for b in borders))


# The three functions


def moves(m: Map, k: int, q: Colouring) -> list[Colour]:
    """The colours, of ``k``, that the next region may take: those of none of its
    neighbours coloured so far.

    ``moves q = [c | c <- [0 .. k-1], all (/= c) [q !! j | j <- earlier (length q)]]``

    >>> moves(SEED, 4, (0,)), moves(SEED, 4, (0, 1)), moves(SEED, 4, (0, 1, 1, 2))
    ([1, 2, 3], [1, 2, 3], [0, 3])
    """
    i = len(q)
    if i == len(m.regions):
        return []
    taken = {q[j] for j in m.earlier[i]}
    return [c for c in range(k) if c not in taken]


def move(q: Colouring, c: Colour) -> Colouring:
    """The next region coloured ``c``: ``move q c = q ++ [c]``."""
    return (*q, c)


def solved(m: Map, q: Colouring) -> bool:
    """Whether every region is coloured: ``solved q = length q == length regions``."""
    return len(q) == len(m.regions)


def puzzle(m: Map, k: int) -> Puzzle[Colouring, Colour]:
    """Colouring map ``m`` in ``k`` colours as the chapter's three functions.

    >>> from pearls.search import dfsolve
    >>> dfsolve(puzzle(SEED, 4), ())
    [0, 1, 1, 2, 0, 2, 3, 1, 2, 0, 1, 3]
    """
    return Puzzle(moves=lambda q: moves(m, k, q), move=move, solved=lambda q: solved(m, q))


def proper(m: Map, q: Colouring) -> bool:
    """Whether no two coloured regions that border each other share a colour.

    >>> proper(SEED, (0, 1, 1)), proper(SEED, (0, 0))
    (True, False)
    """
    return all(q[i] != q[j] for i in range(len(q)) for j in m.earlier[i])


# Maps as text


def parse(text: str) -> Map:
    """A map from its text: one region a line (or separated by ``;``), the region then
    the regions it borders, ``A B C`` or ``A: B, C``; or the same as a JSON object
    ``{"A": ["B", "C"]}``.

    >>> parse("A: B, C; B C").regions
    ('A', 'B', 'C')
    >>> parse('{"A": ["B", "C"], "B": ["C"]}') == parse("A B C; B C")
    True
    """
    if text.lstrip().startswith("{"):
        return make_map(_from_json(text))
    return make_map(_from_lines(text))


def _from_lines(text: str) -> list[tuple[Region, list[Region]]]:
    """The regions and their neighbours, from lines ``A: B, C`` or ``A B C``."""
    listed = []
    for n, part in enumerate(text.replace(";", "\n").splitlines(), start=1):
        head, colon, rest = part.partition(":")
        words = head.replace(",", " ").split()
        if not words and not (colon and rest.strip()):
            continue
        if colon and len(words) != 1:
            raise BoardError(f"part {n} {part.strip()!r}: write one region before ':'")
        if colon and ":" in rest:
            raise BoardError(f"part {n} {part.strip()!r}: one ':' a part, after the region")
        near = (rest if colon else " ".join(words[1:])).replace(",", " ").split()
        if any(name.startswith("{") for name in [words[0], *near]):
            raise BoardError(f"part {n} {part.strip()!r}: a name in text cannot start with '{{'")
        listed.append((words[0], near))
    return listed


def _from_json(text: str) -> list[tuple[Region, list[Region]]]:
    """The regions and their neighbours, from a JSON object."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise BoardError(f"not JSON: {e}") from e
    shape = 'a JSON map is {"REGION": ["NEIGHBOUR", ...], ...}'
    if not isinstance(obj, dict):
        raise BoardError(shape)
    listed = []
    for region, near in obj.items():
        if not isinstance(near, list) or not all(isinstance(r, str) and r for r in near):
            raise BoardError(f"{shape}: not so for {region!r}")
        if not region:
            raise BoardError(f"{shape}: a region's name is empty")
        listed.append((region, near))
    return listed


def map_text(m: Map) -> str:
    """The map as text, one region a line with the regions it borders, which
    :func:`parse` reads back (for names without spaces, ``:``, ``;`` or ``,``)."""
    return "\n".join(
        f"{r}: {' '.join(m.regions[j] for j in near)}".rstrip()
        for r, near in zip(m.regions, m.borders, strict=True)
    )


SEED_TEXT = """\
A: B C D F K L
B: A D E I L
C: A D F G
D: A B C E G H
E: B D H I
F: A C G J K
G: C D H F J
H: D E G I J
I: B E H J L
J: F G H I K L
K: A F J L
L: A B I J K"""  # the source's adjacency list, as it gives it
SEED = parse(SEED_TEXT)


# Showing a colouring


def show(m: Map, q: Colouring) -> str:
    """Each region with its colour, ``?`` for the regions still to colour.

    >>> show(parse("A B; B C"), (0,))
    'A:red B:? C:?'
    """
    names = [colour_name(c) for c in q] + ["?"] * (len(m.regions) - len(q))
    return " ".join(f"{r}:{name}" for r, name in zip(m.regions, names, strict=True))


def _json(m: Map, q: Colouring) -> dict[str, JSON]:
    """The coloured regions as JSON: ``{"A": "red", ...}``."""
    return {r: colour_name(c) for r, c in zip(m.regions, q, strict=False)}


# Drawing

_RADIUS = 20  # a region's disc
_SPACING = 52  # the distance between neighbouring discs along the ring, at least
_PAD = 8


def _fill(c: Colour) -> tuple[str, str]:
    """A colour's fill and the ink for a label on it: the palette's, then hues spread by
    the golden angle."""
    if c < len(PALETTE):
        return PALETTE[c][1], PALETTE[c][2]
    return f"hsl({c * 137.508 % 360:.0f}, 65%, 55%)", "#1a1a1a"


def draw(m: Map, q: Colouring) -> str:
    """The map as a graph: each region a disc on a circle (as large as the regions
    need), in the map's order, filled
    with its colour (white while uncoloured) and labelled with its name, and a line
    between regions that border each other.

    >>> picture = draw(SEED, (0, 1))
    >>> picture.startswith("<svg"), picture.count('class="region"'), picture.count("<line")
    (True, 12, 30)
    """
    n = len(m.regions)
    ring = max(2 * _RADIUS, n * _SPACING / (2 * pi))
    side = 2 * (ring + _RADIUS + _PAD)
    at = [_place(i, n, ring, side / 2) for i in range(n)]
    edges = [
        svg.element("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke="#555555", stroke_width=1.5)
        for i, (x1, y1) in enumerate(at)
        for j in m.borders[i]
        if j > i
        for x2, y2 in [at[j]]
    ]
    discs = [
        _disc(region, x, y, None if i >= len(q) else q[i])
        for i, (region, (x, y)) in enumerate(zip(m.regions, at, strict=True))
    ]
    title = f"map of {n} regions, {len(q)} coloured"
    return svg.document(side, side, *edges, *discs, title=title)


def _place(i: int, n: int, ring: float, middle: float) -> tuple[float, float]:
    """Where region ``i`` of ``n`` stands: on a circle of radius ``ring``, clockwise
    from the top."""
    if n == 1:
        return middle, middle
    angle = 2 * pi * i / n - pi / 2
    return middle + ring * cos(angle), middle + ring * sin(angle)


def _disc(region: Region, x: float, y: float, c: Colour | None) -> str:
    """One region: a disc in its colour, its name on it."""
    fill, ink = ("#ffffff", "#1a1a1a") if c is None else _fill(c)
    body = svg.element("circle", cx=x, cy=y, r=_RADIUS, fill=fill, stroke="#333333")
    label = svg.element(
        "text",
        svg.escape(region if len(region) <= 4 else region[:3] + "…"),
        x=x,
        y=y,
        dy="0.35em",
        font_size=14,
        font_family="sans-serif",
        text_anchor="middle",
        fill=ink,
    )
    named = svg.element("title", svg.escape(region))
    return svg.element("g", named, body, label, class_="region")


# The puzzle described for the command line


def _colours(settings: Settings) -> int:
    """The number of colours ``--colours`` gives, checked."""
    given = settings.get("colours", "4")
    if not given.strip().isdecimal() or not 1 <= int(given) <= MAX_COLOURS:
        raise BoardError(f"--colours takes a number from 1 to {MAX_COLOURS}, not {given!r}")
    return int(given)


def problem(text: str, settings: Settings) -> Problem[Colouring, Colour]:
    """The colouring problem a map's text describes, in ``--colours`` colours."""
    k = _colours(settings)
    m = parse(text)
    colouring = puzzle(m, k)
    return Problem(
        puzzle=colouring,
        start=(),
        methods={"dfs": methods.dfs(colouring)},
        show=lambda q: show(m, q),
        state_json=lambda q: _json(m, q),
        move_json=colour_name,
        words=lambda q, c: f"colour {m.regions[len(q)]} {colour_name(c)}",
        notation=lambda q, c: f"{m.regions[len(q)]}:{colour_name(c)}",
        draw=lambda q: draw(m, q),
        answer=lambda q: _json(m, q),
    )


EXAMPLES: Mapping[str, str] = {
    "seed": SEED_TEXT,
    # a hub among five regions in a ring: an odd ring needs 3 colours, the hub a 4th
    "wheel": "hub: a b c d e; a: b; b: c; c: d; d: e; e: a",
    # the states and territories of Australia, a classic of constraint solving
    "australia": "WA: NT SA; NT: SA Q; SA: Q NSW V; Q: NSW; NSW: V; T:",
}

DESCRIPTION = Description(
    name="colour",
    title="Map colouring: no two bordering regions in the same colour",
    text_form="A map lists each region with the regions it borders, one region a line or "
    "separated by ';': 'A: B C D' (or 'A B C D'; bordering goes both ways), or the same "
    'as JSON: {"A": ["B", "C", "D"]}. The regions are coloured in the order listed; a '
    "move gives the next region a colour: red, blue, green, yellow, purple, ...",
    parse=problem,
    examples=EXAMPLES,
    options=(Option("colours", "how many colours to use", "4", metavar="K"),),
    answer_key="colouring",
    enumerable=True,
)
