"""Flip It and Flip It Star as text: boards read and shown, moves in words, in a few
characters and in JSON.

A board is written as its cells in position order, ``.`` the space, ``B`` black, ``W``
white, whitespace ignored; :func:`show` lays the star out as the Flip It Star program
prints it, which reads back.  Positions keep the numbers the program gives them (the
line's from 0 at the left, the star's as in its figure), so a move is said with them:
``black 5 jumps to 0 over 1 2 3 4``, ``5>0``, ``{"piece": 5, "to": 0, "over": [1, 2, 3, 4]}``.

>>> from pearls.puzzles.flipit import STAR
>>> q = parse(STAR, ".BBBBBBBBBBB")
>>> print(show(STAR, q))
   .
B B B B
 B   B
B B B B
   B
"""

from __future__ import annotations

from pearls.description import JSON
from pearls.errors import BoardError
from pearls.puzzles.flipit import (
    MAX_CELLS,
    MIN_CELLS,
    Board,
    Cell,
    Move,
    Position,
    is_black,
    jumped,
    line,
)

__all__ = [
    "BLACK",
    "SPACE",
    "WHITE",
    "move_json",
    "notation",
    "parse",
    "parse_line",
    "show",
    "words",
]

SPACE, BLACK, WHITE = ".", "B", "W"


def _cell(b: Board, q: Position, c: Cell) -> str:
    """The character of position ``c``."""
    if c == q.space:
        return SPACE
    return BLACK if is_black(b, q, c) else WHITE


def show(b: Board, q: Position, sep: str = "\n") -> str:
    """The board as text, in the board's rows, ``.`` the space, ``B`` black, ``W``
    white; ``sep=""`` gives the cells in position order, for JSON.

    >>> from pearls.puzzles.flipit import STAR
    >>> show(STAR, parse(STAR, ".BBBBBBBBBBB"), sep=""), show(line(6), Position(0, 31))
    ('.BBBBBBBBBBB', '.BBBBB')
    """
    cells = [_cell(b, q, c) for c in range(b.size)]
    if not sep:
        return "".join(cells)
    lines: list[str] = []
    for row in b.rows:
        text = [" "] * (row[-1][0] + 1)
        for column, c in row:
            text[column] = cells[c]
        lines.append("".join(text))
    return sep.join(lines)


def parse(b: Board, text: str) -> Position:
    """The position a text shows on board ``b``: its cells in position order, ``.`` the
    space, ``B`` black, ``W`` white, whitespace ignored (so :func:`show` reads back).
    Raises :class:`~pearls.errors.BoardError` saying what is wrong and where.

    >>> parse(line(6), ". B B B B B")
    Position(space=0, black=31)
    >>> from pearls.puzzles.flipit import STAR
    >>> parse(STAR, ".BBBBBBBBBB")
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: Flip It Star has 12 positions, this text has 11 cells
    """
    cells = "".join(text.split())
    if len(cells) != b.size:
        raise BoardError(f"{b.name} has {b.size} positions, this text has {len(cells):,} cells")
    return _position(b, cells)


def _position(b: Board, cells: str) -> Position:
    """The position of ``b.size`` cells, checked: known characters, one space."""
    for c, char in enumerate(cells):
        if char not in (SPACE, BLACK, WHITE):
            raise BoardError(
                f"unknown character {char!r} at position {c}: use '.' for the space, "
                "'B' for a black piece, 'W' for a white one"
            )
    spaces = [c for c, char in enumerate(cells) if char == SPACE]
    if len(spaces) != 1:
        where = ", ".join(map(str, spaces)) or "none"
        raise BoardError(f"a board has one space '.', this one has {len(spaces)} (at {where})")
    black = sum(1 << (b.size - 1 - c) for c, char in enumerate(cells) if char == BLACK)
    return Position(spaces[0], black)


def parse_line(text: str) -> tuple[Board, Position]:
    """The Flip It line a text shows, as many positions as the text has cells, and its
    position.

    >>> b, q = parse_line(".BBBBB")
    >>> b.size, q
    (6, Position(space=0, black=31))
    """
    cells = "".join(text.split())
    if not MIN_CELLS <= len(cells) <= MAX_CELLS:
        raise BoardError(
            f"Flip It takes {MIN_CELLS} to {MAX_CELLS} positions, "
            f"this text has {len(cells):,} cells"
        )
    b = line(len(cells))
    return b, _position(b, cells)


def words(b: Board, q: Position, m: Move) -> str:
    """A move in words, given the position before it, the positions by their numbers.

    >>> words(line(6), Position(0, 0b011111), (5, 0))
    'black 5 jumps to 0 over 1 2 3 4'
    """
    p, s = m
    colour = "black" if is_black(b, q, p) else "white"
    return f"{colour} {p} jumps to {s} over {' '.join(map(str, jumped(b, m)))}"


def notation(m: Move) -> str:
    """A move as ``piece>space``.

    >>> notation((5, 0))
    '5>0'
    """
    return f"{m[0]}>{m[1]}"


def move_json(b: Board, m: Move) -> JSON:
    """A move as JSON: the position of the piece that jumps, where it lands, and the
    positions it jumps over.

    >>> move_json(line(6), (5, 0))
    {'piece': 5, 'to': 0, 'over': [1, 2, 3, 4]}
    """
    over: list[JSON] = list(jumped(b, m))
    return {"piece": m[0], "to": m[1], "over": over}
