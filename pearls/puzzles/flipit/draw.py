"""Flip It and Flip It Star drawn as SVG: the line as a row of numbered cells, the star
on its hexagram, whose six lines the pieces jump along.

>>> from pearls.puzzles.flipit import STAR, Position
>>> draw(STAR, Position(0, 0b11111111111)).count('class="piece black"')
11
"""

from __future__ import annotations

from collections.abc import Callable

from pearls import svg
from pearls.puzzles.flipit import Board, Cell, Position, is_black

__all__ = ["Place", "draw"]

Place = Callable[[Cell], tuple[float, float]]  # a position's centre in a drawing, e.g. (34, 34)

_CELL = 44  # a cell's side in the drawing of Flip It, in SVG units
_RADIUS = 96  # the hexagram's outer radius in the drawing of Flip It Star
_PAD = 34  # room around the board for the numbers
_RING, _DISC = 17, 14  # radii of a position's ring and of a piece
_BOARD, _RULE, _INK, _PAPER = "#f3efe4", "#8c7b5e", "#1a1a1a", "#ffffff"


def draw(b: Board, q: Position) -> str:
    """The board as a standalone SVG document, every position numbered: Flip It as a
    row of cells, Flip It Star as its hexagram, whose six lines the pieces jump along;
    black and white discs for the pieces, the space an empty dashed ring.

    >>> from pearls.puzzles.flipit import STAR
    >>> picture = draw(STAR, Position(0, 0b11111111111))
    >>> picture.startswith("<svg"), picture.count('class="piece black"'), picture.count("<text")
    (True, 11, 12)
    """
    unit = _CELL if len(b.lines) == 1 else _RADIUS
    xs, ys = [x for x, _ in b.points], [y for _, y in b.points]
    width = (max(xs) - min(xs)) * unit + 2 * _PAD
    height = (max(ys) - min(ys)) * unit + 2 * _PAD

    def place(c: Cell) -> tuple[float, float]:
        x, y = b.points[c]
        return _PAD + (x - min(xs)) * unit, _PAD + (y - min(ys)) * unit

    if len(b.lines) == 1:
        guides, labels = _cells(b, place), [_label(c, place(c), (0, -1)) for c in range(b.size)]
    else:
        guides, labels = _lines(b, place), [_label(c, place(c), b.points[c]) for c in range(b.size)]
    pieces = [_piece(b, q, c, place(c)) for c in range(b.size)]
    black = q.black.bit_count()
    title = f"{b.name}: {black} black, {b.size - 1 - black} white, the space at {q.space}"
    return svg.document(width, height, *guides, *pieces, *labels, title=title)


def _cells(b: Board, place: Place) -> list[str]:
    """A row of square cells, one around each position."""
    half = _CELL / 2
    return [
        svg.element(
            "rect",
            x=place(c)[0] - half,
            y=place(c)[1] - half,
            width=_CELL,
            height=_CELL,
            fill=_BOARD,
            stroke=_RULE,
            stroke_width=2,
            class_="cell",
        )
        for c in range(b.size)
    ]


def _lines(b: Board, place: Place) -> list[str]:
    """The board's lines, each a stroke from its first position to its last."""
    ends = ((place(ln[0]), place(ln[-1])) for ln in b.lines)
    d = "".join(f"M{x0:.1f} {y0:.1f}L{x1:.1f} {y1:.1f}" for (x0, y0), (x1, y1) in ends)
    return [svg.element("path", d=d, stroke=_RULE, stroke_width=4, fill="none", class_="lines")]


def _piece(b: Board, q: Position, c: Cell, centre: tuple[float, float]) -> str:
    """Position ``c``: a ring, and a black or white disc on it unless it is the space."""
    x, y = centre
    ring = svg.element("circle", cx=x, cy=y, r=_RING, fill=_BOARD, stroke=_RULE, stroke_width=1.5)
    if c == q.space:
        empty = svg.element(
            "circle", cx=x, cy=y, r=_DISC, fill="none", stroke=_RULE, stroke_dasharray="3 3"
        )
        return svg.element("g", ring, empty, class_="space", data_position=c)
    black = is_black(b, q, c)
    fill = _INK if black else _PAPER
    disc = svg.element("circle", cx=x, cy=y, r=_DISC, fill=fill, stroke=_INK, stroke_width=1.5)
    kind = "black" if black else "white"
    return svg.element("g", ring, disc, class_=f"piece {kind}", data_position=c)


def _label(c: Cell, centre: tuple[float, float], away: tuple[float, float]) -> str:
    """Position ``c``'s number, set off from its centre in the direction ``away``."""
    x, y = centre
    dx, dy = away
    norm = (dx * dx + dy * dy) ** 0.5 or 1.0
    offset = _RING + 12
    return svg.element(
        "text",
        str(c),
        x=x + dx / norm * offset,
        y=y + dy / norm * offset,
        dy="0.35em",
        fill=_RULE,
        font_size=13,
        font_family="sans-serif",
        text_anchor="middle",
    )
