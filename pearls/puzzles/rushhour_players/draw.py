"""The players' boards as SVG: the chapter's drawing, with each wall a dark square.

>>> from pearls.puzzles.rushhour import g1
>>> draw(g1, walls=frozenset({4})).count('class="block"')
1
"""

from __future__ import annotations

from collections.abc import Sequence

from pearls import svg
from pearls.puzzles.rushhour import Cell, Grid
from pearls.puzzles.rushhour.draw import CELL, INSET, corner, picture
from pearls.puzzles.rushhour.text import LETTERS
from pearls.puzzles.rushhour_players import NO_WALLS, Walls

__all__ = ["draw"]


def draw(g: Grid, letters: Sequence[str] = LETTERS, walls: Walls = NO_WALLS) -> str:
    """The board as a standalone SVG document, as the chapter's
    :func:`~pearls.puzzles.rushhour.draw.draw` draws it, and each wall a dark square;
    without walls, the chapter's drawing itself.

    >>> from pearls.puzzles.rushhour import g1
    >>> from pearls.puzzles.rushhour.draw import draw as chapters
    >>> draw(g1) == chapters(g1)
    True
    >>> "13 vehicles, 2 walls" in draw(g1, walls=frozenset({16, 39}))
    True
    """
    title = f"Rush Hour board, {len(g)} vehicles"
    if walls:
        title += f", {len(walls)} wall{'' if len(walls) == 1 else 's'}"
    return picture(g, letters, [_block(c) for c in sorted(walls)], title)


def _block(c: Cell) -> str:
    """A wall on cell ``c``: a dark square, inset like a vehicle."""
    x, y = corner(c)
    side = CELL - 2 * INSET
    return svg.element(
        "rect",
        x=x + INSET,
        y=y + INSET,
        width=side,
        height=side,
        rx=3,
        fill="#3b3b3b",
        class_="block",
        data_cell=c,
    )
