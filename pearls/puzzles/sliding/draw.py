"""Sliding tiles drawn as SVG: the tray, each tile a rounded square with its number
(green once it is home), the blank an empty slot.

>>> from pearls.puzzles.sliding import EIGHT
>>> picture = draw(EIGHT, (1, 2, 3, 4, 5, 6, 0, 7, 8))
>>> picture.startswith("<svg"), picture.count('class="tile"'), picture.count("#cfe6c4")
(True, 8, 6)
"""

from __future__ import annotations

from pearls import svg
from pearls.puzzles.sliding import BLANK, Board, Cell, Frame, Tile
from pearls.puzzles.sliding.text import show

__all__ = ["draw"]

_CELL = 48  # a cell's side, in SVG units
_PAD = 10  # the frame around the cells
_INSET = 2  # the gap between a tile and the edges of its cell
_TRAY, _SLOT = "#5b4636", "#3a2c22"  # the frame, and the floor the blank shows
_TILE, _HOME, _INK = "#f3e2c0", "#cfe6c4", "#2b2118"  # a tile, a tile at home, its number


def draw(f: Frame, q: Board) -> str:
    """The board as a standalone SVG document, titled with its text.

    >>> from pearls.puzzles.sliding import FIFTEEN
    >>> draw(FIFTEEN, FIFTEEN.goal).count('class="tile"')
    15
    """
    width, height = f.cols * _CELL + 2 * _PAD, f.rows * _CELL + 2 * _PAD
    tray = svg.element("rect", width=width, height=height, rx=8, fill=_TRAY, class_="tray")
    floor = svg.element(
        "rect", x=_PAD, y=_PAD, width=f.cols * _CELL, height=f.rows * _CELL, fill=_SLOT
    )
    tiles = (_tile(f, t, c) for c, t in enumerate(q) if t != BLANK)
    title = f"{f.rows}x{f.cols} sliding tiles: {show(f, q, sep=' / ')}"
    return svg.document(width, height, tray, floor, *tiles, title=title)


def _tile(f: Frame, t: Tile, c: Cell) -> str:
    """Tile ``t`` on cell ``c``: a rounded square and its number."""
    r, k = divmod(c, f.cols)
    x, y = _PAD + k * _CELL, _PAD + r * _CELL
    side = _CELL - 2 * _INSET
    body = svg.element(
        "rect",
        x=x + _INSET,
        y=y + _INSET,
        width=side,
        height=side,
        rx=6,
        fill=_HOME if f.home[t] == c else _TILE,
        stroke="#000000",
        stroke_opacity=0.3,
    )
    number = svg.element(
        "text",
        str(t),
        x=x + _CELL / 2,
        y=y + _CELL / 2,
        dy="0.35em",
        fill=_INK,
        font_size=20 if t < 100 else 15,
        font_weight="bold",
        font_family="sans-serif",
        text_anchor="middle",
    )
    return svg.element("g", body, number, class_="tile", data_tile=t)
