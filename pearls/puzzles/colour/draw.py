"""A map colouring drawn as SVG: each region a disc on a ring, in its colour, and a line
for each border.

>>> from pearls.puzzles.colour import TWELVE_REGIONS
>>> picture = draw(TWELVE_REGIONS, (0, 1))
>>> picture.startswith("<svg"), picture.count('class="region"'), picture.count("<line")
(True, 12, 30)
"""

from __future__ import annotations

from math import cos, pi, sin

from pearls import svg
from pearls.puzzles.colour import Colour, Colouring, Map, Region

__all__ = ["FILLS", "draw"]

FILLS = (  # each colour's fill and the ink for a label on it, in the order tried
    ("#d62728", "#ffffff"), ("#1f77b4", "#ffffff"), ("#2ca02c", "#ffffff"),
    ("#f2c500", "#1a1a1a"), ("#9467bd", "#ffffff"), ("#ff7f0e", "#1a1a1a"),
    ("#17becf", "#1a1a1a"), ("#e377c2", "#1a1a1a"), ("#8c564b", "#ffffff"),
    ("#7f7f7f", "#ffffff"),
)  # fmt: skip
_RADIUS = 20  # a region's disc
_SPACING = 52  # the distance between neighbouring discs along the ring, at least
_PAD = 8


def _fill(c: Colour) -> tuple[str, str]:
    """A colour's fill and the ink for a label on it: :data:`FILLS`, then hues spread by
    the golden angle."""
    if c < len(FILLS):
        return FILLS[c]
    return f"hsl({c * 137.508 % 360:.0f}, 65%, 55%)", "#1a1a1a"


def draw(m: Map, q: Colouring) -> str:
    """The map as a graph: each region a disc on a circle (as large as the regions
    need), in the map's order, filled with its colour (white while uncoloured) and
    labelled with its name, and a line between regions that border each other.

    >>> from pearls.puzzles.colour import make_map
    >>> draw(make_map([("A", ["B"])]), ()).count('fill="#ffffff" stroke')
    2
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
