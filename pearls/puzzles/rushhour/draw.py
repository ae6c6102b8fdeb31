"""Rush Hour boards as SVG: the 6x6 board, its wall open at the exit, and each vehicle a
rounded rectangle with its letter, the special car red.

>>> from pearls.puzzles.rushhour import g1
>>> picture = draw(g1)
>>> picture.startswith("<svg"), picture.count('class="vehicle"'), "<text" in picture
(True, 13, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from pearls import svg
from pearls.puzzles.rushhour import EXIT, Cell, Grid, Span, Vehicle, allcells, fillcells, horizontal
from pearls.puzzles.rushhour.text import LETTERS, position

__all__ = ["CELL", "INSET", "corner", "draw", "picture"]

CELL = 40  # a cell's side, in SVG units
INSET = 3  # the gap between a vehicle and the edges of its cells
_PAD = 16  # room around the board for its wall
_ROOM_FOR_ARROW = 28  # room right of the wall for the exit's arrow
_RED = "#d62728"  # the special car
_INK_DARK, _INK_LIGHT = "#1a1a1a", "#ffffff"
_PALETTE = (  # (fill, letter) of vehicles 1, 2, ...: distinct, none of them red
    ("#1f77b4", _INK_LIGHT), ("#2ca02c", _INK_LIGHT), ("#f2b701", _INK_DARK),
    ("#9467bd", _INK_LIGHT), ("#17becf", _INK_DARK), ("#bcbd22", _INK_DARK),
    ("#7f7f7f", _INK_LIGHT), ("#e377c2", _INK_DARK), ("#393b79", _INK_LIGHT),
    ("#00796b", _INK_LIGHT), ("#aec7e8", _INK_DARK), ("#98df8a", _INK_DARK),
    ("#c5b0d5", _INK_DARK), ("#637939", _INK_LIGHT), ("#ffe066", _INK_DARK),
    ("#8c6d31", _INK_LIGHT), ("#5254a3", _INK_LIGHT),
)  # fmt: skip


def draw(g: Grid, letters: Sequence[str] = LETTERS) -> str:
    """The board as a standalone SVG document: the 6x6 board, each vehicle ``v`` a rounded
    rectangle over its cells with ``letters[v]`` in the middle, the special car red, and
    the exit a gap in the wall at the right end of the third row, with an arrow.

    Vehicle ``v > 0`` takes colour ``v - 1`` of a fixed palette of 17 (as many as a board
    holds), so a drawing depends on the grid and the letters alone.

    >>> from pearls.puzzles.rushhour import p2
    >>> ">Z</text>" in draw(p2, "AZ" + LETTERS[2:]), ">B</text>" in draw(p2)
    (True, True)
    """
    return picture(g, letters, title=f"Rush Hour board, {len(g)} vehicles")


def picture(g: Grid, letters: Sequence[str], beneath: Sequence[str] = (), title: str = "") -> str:
    """The board drawn with ``beneath``, SVG elements laid on the empty board under the
    vehicles (the players' walls, say), and a ``title``.

    >>> from pearls.puzzles.rushhour import p2
    >>> card = picture(p2, LETTERS, title="Card 20")
    >>> card == draw(p2).replace("Rush Hour board, 10 vehicles", "Card 20")
    True
    """
    size = 6 * CELL
    vehicles = (_vehicle(v, span, letters[v]) for v, span in enumerate(g))
    width, height = size + 2 * _PAD + _ROOM_FOR_ARROW, size + 2 * _PAD
    return svg.document(width, height, *_board(), *beneath, *vehicles, title=title)


def corner(c: Cell) -> tuple[int, int]:
    """The (x, y) of a cell's top left corner.

    >>> corner(1), corner(20)
    ((16, 16), (216, 96))
    """
    row, column = position(c)
    return _PAD + column * CELL, _PAD + row * CELL


def _board() -> list[str]:
    """The empty board: a light square, the grid lines, the wall, the exit's arrow."""
    size = 6 * CELL
    lines = "".join(
        f"M{_PAD + k * CELL} {_PAD}v{size}M{_PAD} {_PAD + k * CELL}h{size}" for k in range(1, 6)
    )
    return [
        svg.element(
            "rect", x=_PAD, y=_PAD, width=size, height=size, fill="#f3efe4", class_="board"
        ),
        svg.element("path", d=lines, stroke="#d3cbb8", stroke_width=1, class_="grid"),
        _wall(),
        _exit_arrow(),
    ]


def _wall() -> str:
    """The board's wall, open beside the exit cell."""
    (left, top), (x, y) = corner(allcells[0]), corner(allcells[-1])
    right, bottom = x + CELL, y + CELL
    _, gap = corner(EXIT)
    d = f"M{right} {gap}V{top}H{left}V{bottom}H{right}V{gap + CELL}"
    return svg.element(
        "path",
        d=d,
        fill="none",
        stroke="#3b3b3b",
        stroke_width=5,
        stroke_linejoin="round",
        stroke_linecap="round",
        class_="wall",
    )


def _exit_arrow() -> str:
    """An arrow pointing out of the exit, beyond the wall."""
    x, y = corner(EXIT)
    tail, tip, middle = x + CELL + 6, x + CELL + _ROOM_FOR_ARROW - 4, y + CELL // 2
    neck = tip - 10
    corners = [
        (tail, middle - 4),
        (neck, middle - 4),
        (neck, middle - 10),
        (tip, middle),
        (neck, middle + 10),
        (neck, middle + 4),
        (tail, middle + 4),
    ]
    points = " ".join(f"{px},{py}" for px, py in corners)
    return svg.element(
        "polygon", svg.element("title", "exit"), points=points, fill=_RED, class_="exit"
    )


def _vehicle(v: Vehicle, span: Span, letter: str) -> str:
    """Vehicle ``v`` as a rounded rectangle over its cells, with its letter."""
    cells = fillcells(span)
    x, y = corner(cells[0])
    across, down = (len(cells), 1) if horizontal(span) else (1, len(cells))
    width, height = across * CELL - 2 * INSET, down * CELL - 2 * INSET
    fill, ink = (_RED, _INK_LIGHT) if v == 0 else _PALETTE[(v - 1) % len(_PALETTE)]
    body = svg.element(
        "rect",
        x=x + INSET,
        y=y + INSET,
        width=width,
        height=height,
        rx=8,
        fill=fill,
        stroke="#000000",
        stroke_opacity=0.35,
        stroke_width=1.5,
    )
    label = svg.element(
        "text",
        svg.escape(letter),
        x=x + across * CELL / 2,
        y=y + down * CELL / 2,
        dy="0.35em",
        fill=ink,
        font_size=20,
        font_weight="bold",
        font_family="sans-serif",
        text_anchor="middle",
    )
    return svg.element("g", body, label, class_="vehicle", data_vehicle=v)
