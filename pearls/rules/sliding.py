"""Sliding tiles' rules, as a person states them: a tile slides into the blank beside
it, across or up and down, inside the tray; solved when the tiles read 1, 2, 3, ... in
order, the blank last (``--goal blank-last``) or first (``blank-first``).

A state is the tiles row by row, 0 the blank (``[1, 2, 3, 0]`` on a 2x2 tray); a move
names the tile and the cells it leaves and reaches (``{"tile": 3, "from": [1, 0],
"to": [1, 1]}``).  The tray's shape is ``--size`` (rows x columns), else the rows of the
board's text (separated by new lines or ``/``); the 8 and 15 puzzles are 3x3 and 4x4.

>>> from pearls.rules import Posed, written
>>> TRAY = {"size": None, "goal": "blank-last"}
>>> check(Posed("1 2 / 0 3", TRAY, [1, 2, 0, 3]), written(
...     [[1, 2, 0, 3], [1, 2, 3, 0]], [{"tile": 3, "from": [1, 1], "to": [1, 0]}]))
>>> legal(Posed("1 2 / 0 3", TRAY, [1, 2, 0, 3]), [1, 2, 0, 3])  # doctest: +NORMALIZE_WHITESPACE
[({'tile': 1, 'from': [0, 0], 'to': [1, 0]}, [0, 2, 1, 3]),
 ({'tile': 3, 'from': [1, 1], 'to': [1, 0]}, [1, 2, 3, 0])]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from pearls.description import JSON, Solution
from pearls.rules import Illegal, Posed, Rules, Step, allowed, fields, items, replay, square, whole

__all__ = ["check", "check_tray", "legal", "legal_tray", "shape"]

Tiles = tuple[int, ...]  # row by row, 0 the blank, e.g. (1, 2, 3, 0)


def shape(posed: Posed) -> tuple[int, int]:
    """The tray's rows and columns: ``--size``, else as the board's text lays it out.

    >>> shape(Posed("1 2 3 / 4 5 0", {"size": None}, [])), shape(Posed("", {"size": [3, 2]}, []))
    ((2, 3), (3, 2))
    """
    size = posed.setting("size")
    if size is not None:
        return square(size, "--size")
    lines = [row.replace(",", " ").split() for row in posed.text.replace("/", "\n").splitlines()]
    laid = [row for row in lines if row]
    return len(laid), len(laid[0])


def rules_of(rows: int, cols: int, posed: Posed) -> Rules[Tiles]:
    """The rules of a tray of ``rows`` x ``cols``, its goal as ``posed`` asks."""
    tiles = list(range(1, rows * cols))
    goal = (0, *tiles) if posed.setting("goal") == "blank-first" else (*tiles, 0)
    return Rules(
        read(rows * cols),
        step(rows, cols),
        lambda q: q == goal,
        write=_written,
        offers=beside_the_blank(rows, cols),
    )


def check_tray(rows: int, cols: int) -> Callable[[Posed, Solution], None]:
    """The check of a tray of ``rows`` x ``cols``."""

    def check_on(posed: Posed, solution: Solution) -> None:
        replay(rules_of(rows, cols, posed), posed, solution)

    return check_on


def legal_tray(rows: int, cols: int) -> Callable[[Posed, JSON], list[Step]]:
    """The legal moves on a tray of ``rows`` x ``cols``."""

    def legal_on(posed: Posed, state: JSON) -> list[Step]:
        return allowed(rules_of(rows, cols, posed), state)

    return legal_on


def read(cells: int) -> Callable[[JSON], Tiles]:
    """A tray's tiles: each of ``0 .. cells - 1`` once."""

    def tiles(j: JSON) -> Tiles:
        q = tuple(whole(t, "a tile") for t in items(j, "a tray"))
        if sorted(q) != list(range(cells)):
            raise Illegal(f"a tray of {cells} cells holds the tiles 0 .. {cells - 1} once each")
        return q

    return tiles


def _written(q: Tiles) -> JSON:
    """A tray's tiles as JSON, the list that :func:`read` reads."""
    return list(q)


def step(rows: int, cols: int) -> Callable[[Tiles, JSON], Tiles]:
    """A slide by the rules: the tile stands where the move says, and slides onto the
    blank, one cell across or up or down, inside the tray."""

    def slide(q: Tiles, m: JSON) -> Tiles:
        move = fields(m, "tile", "from", "to")
        tile, source, target = whole(move["tile"]), square(move["from"]), square(move["to"])
        for r, c in (source, target):
            if not (0 <= r < rows and 0 <= c < cols):
                raise Illegal(f"[{r}, {c}] is outside the {rows}x{cols} tray")
        here, there = source[0] * cols + source[1], target[0] * cols + target[1]
        if tile == 0 or q[here] != tile:
            raise Illegal(f"tile {tile} is not on {list(source)}")
        if q[there] != 0:
            raise Illegal(f"{list(target)} holds tile {q[there]}, not the blank")
        if abs(source[0] - target[0]) + abs(source[1] - target[1]) != 1:
            raise Illegal(f"tile {tile} jumps from {list(source)} to {list(target)}")
        after = list(q)
        after[here], after[there] = 0, tile
        return tuple(after)

    return slide


def beside_the_blank(rows: int, cols: int) -> Callable[[Tiles], Iterator[JSON]]:
    """Each tile across or up or down from the blank (or from where the tray would
    have a cell), slid onto it."""

    def slides(q: Tiles) -> Iterator[JSON]:
        r, c = divmod(q.index(0), cols)
        for r2, c2 in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
            if 0 <= r2 < rows and 0 <= c2 < cols:
                yield {"tile": q[r2 * cols + c2], "from": [r2, c2], "to": [r, c]}

    return slides


def check(posed: Posed, solution: Solution) -> None:
    """Raise :class:`~pearls.rules.Illegal` unless the solution slides the tiles of the
    tray ``posed`` lays out to the goal."""
    check_tray(*shape(posed))(posed, solution)


def legal(posed: Posed, state: JSON) -> list[Step]:
    """Every legal slide from the tiles ``state`` on the tray ``posed`` lays out, with
    the tiles it leaves."""
    return legal_tray(*shape(posed))(posed, state)
