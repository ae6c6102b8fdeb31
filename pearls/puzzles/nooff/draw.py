"""NO-OFF drawn as SVG: the tray's two rows of cells, a tile for each letter, and the
bulb, a lamp lying across two cells.

>>> from pearls.puzzles.nooff import A
>>> draw(A).count('class="tile"')
5
"""

from __future__ import annotations

from pearls import svg
from pearls.puzzles.nooff import BULB, SPACE, Cell, Tray

__all__ = ["draw"]

_CELL = 52  # a cell's side, in SVG units
_PAD = 14  # room around the tray
_INSET = 4  # the gap between a piece and the edges of its cell
_TRAY, _GROOVE, _TILE, _INK = "#5d4a36", "#7a6349", "#f3e3c3", "#1a1a1a"
_GLASS, _BASE = "#ffd84d", "#9a9a9a"


def draw(q: Tray) -> str:
    """The tray as a standalone SVG document: two rows of four cells, a tile with its
    letter on each letter's cell, and the bulb, a lamp lying across two cells.

    >>> from pearls.puzzles.nooff import A
    >>> picture = draw(A)
    >>> picture.startswith("<svg"), picture.count('class="tile"'), picture.count('class="bulb"')
    (True, 5, 1)
    """
    width, height = 4 * _CELL + 2 * _PAD, 2 * _CELL + 2 * _PAD
    tray = svg.element("rect", width=width, height=height, rx=10, fill=_TRAY, class_="tray")
    grooves = [_groove(c) for c in range(8)]
    rear = q.index(BULB)
    tiles = [_tile(c, q[c]) for c in range(8) if q[c] not in (BULB, SPACE)]
    title = f"NO-OFF tray {q[:4]} {q[4:]}"
    return svg.document(width, height, tray, *grooves, _bulb(rear), *tiles, title=title)


def _corner(c: Cell) -> tuple[int, int]:
    """The (x, y) of a cell's top left corner."""
    return _PAD + (c % 4) * _CELL, _PAD + (c // 4) * _CELL


def _groove(c: Cell) -> str:
    """An empty cell of the tray."""
    x, y = _corner(c)
    return svg.element("rect", x=x + 1, y=y + 1, width=_CELL - 2, height=_CELL - 2, fill=_GROOVE)


def _tile(c: Cell, letter: str) -> str:
    """A letter's tile on cell ``c``."""
    x, y = _corner(c)
    side = _CELL - 2 * _INSET
    body = svg.element(
        "rect", x=x + _INSET, y=y + _INSET, width=side, height=side, rx=6, fill=_TILE,
        stroke=_INK, stroke_opacity=0.4,
    )  # fmt: skip
    label = svg.element(
        "text", letter, x=x + _CELL / 2, y=y + _CELL / 2, dy="0.35em", fill=_INK, font_size=26,
        font_weight="bold", font_family="sans-serif", text_anchor="middle",
    )  # fmt: skip
    return svg.element("g", body, label, class_="tile", data_cell=c)


def _bulb(rear: Cell) -> str:
    """The bulb over cells ``rear`` and ``rear + 1``: a round glass and a screw base,
    lying along the row."""
    x, y = _corner(rear)
    middle = y + _CELL / 2
    body = svg.element(
        "rect", x=x + _INSET, y=y + _INSET, width=2 * _CELL - 2 * _INSET,
        height=_CELL - 2 * _INSET, rx=6, fill=_TILE, stroke=_INK, stroke_opacity=0.4,
    )  # fmt: skip
    glass = svg.element("circle", cx=x + _CELL * 0.8, cy=middle, r=_CELL * 0.36, fill=_GLASS)
    base = svg.element(
        "rect", x=x + _CELL * 1.12, y=middle - _CELL * 0.17, width=_CELL * 0.62,
        height=_CELL * 0.34, rx=3, fill=_BASE,
    )  # fmt: skip
    return svg.element("g", body, glass, base, class_="bulb", data_cell=rear)
