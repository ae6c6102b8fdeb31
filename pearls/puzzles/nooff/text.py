"""NO-OFF as text: trays read and shown, moves in words, in a few characters and in JSON.

A tray is written as its eight cells row by row, whitespace ignored; :func:`show` draws
its two rows.  Words name cells by row and column counted from 1, as a person reads the
tray (``N down (row 1, column 4 to row 2, column 4)``); JSON by ``[row, column]`` counted
from 0 (``{"piece": "N", "from": [0, 3], "to": [1, 3]}``).

>>> from pearls.puzzles.nooff import A
>>> print(show(A))
LLON
OFF.
"""

from __future__ import annotations

from pearls.description import JSON
from pearls.errors import BoardError
from pearls.puzzles.nooff import BULB, PIECES, Cell, Move, Tray

__all__ = ["move_json", "notation", "parse", "show", "words"]


def show(q: Tray, sep: str = "\n") -> str:
    """The tray as two rows of four characters.

    >>> from pearls.puzzles.nooff import A
    >>> show(A, sep=" ")
    'LLON OFF.'
    """
    return q[:4] + sep + q[4:]


def _where(c: Cell) -> str:
    """A cell by its row and column, counted from 1."""
    return f"row {c // 4 + 1}, column {c % 4 + 1}"


def parse(text: str) -> Tray:
    """The tray a text shows: 8 cells row by row, whitespace ignored; ``LL`` the bulb,
    two neighbouring cells of the top row, then N, O, O, F, F and ``.`` the space.
    Raises :class:`~pearls.errors.BoardError` saying what is wrong and where.

    >>> parse("LLON OFF.")
    'LLONOFF.'
    >>> parse("LLON OOF.")
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: a tray holds LL, N, O, O, F, F, '.': this has 3 'O' and 1 'F'
    """
    cells = "".join(text.split())
    if len(cells) != 8:
        raise BoardError(f"a tray has 8 cells (2 rows of 4), this text has {len(cells):,}")
    for c, char in enumerate(cells):
        if char not in PIECES:
            raise BoardError(
                f"unknown character {char!r} at {_where(c)}: use 'L' for the bulb, "
                "'N', 'O', 'F' for the letters, '.' for the space"
            )
    if sorted(cells) != sorted(PIECES):
        wrong = (k for k in dict.fromkeys(PIECES) if cells.count(k) != PIECES.count(k))
        counts = " and ".join(f"{cells.count(k)} {k!r}" for k in wrong)
        raise BoardError(f"a tray holds LL, N, O, O, F, F, '.': this has {counts}")
    rear = cells.index(BULB)
    if rear > 2 or cells[rear + 1] != BULB:
        raise BoardError(
            f"the bulb LL must fill two neighbouring cells of the top row, not {_where(rear)} "
            f"and {_where(cells.index(BULB, rear + 1))}"
        )
    return cells


_DIRECTIONS = {1: "right", -1: "left", 4: "down", -4: "up"}
_ARROWS = {1: ">", -1: "<", 4: "v", -4: "^"}


def words(q: Tray, m: Move) -> str:
    """A move in words, given the tray before it: the piece, the way it slides, and the
    cells by row and column, counted from 1.

    >>> from pearls.puzzles.nooff import A
    >>> words(A, (3, 7)), words("OLL.NOFF", (2, 3))
    ('N down (row 1, column 4 to row 2, column 4)', 'bulb right (to row 1, columns 3 and 4)')
    """
    c, s = m
    way = _DIRECTIONS[s - c]
    if q[c] == BULB:
        left = min(c, s)
        return f"bulb {way} (to row 1, columns {left + 1} and {left + 2})"
    return f"{q[c]} {way} ({_where(c)} to {_where(s)})"


def notation(q: Tray, m: Move) -> str:
    """A move as the piece's letter and an arrow: ``<``, ``>``, ``^`` or ``v``.

    >>> from pearls.puzzles.nooff import A
    >>> notation(A, (3, 7)), notation(A, (6, 7))
    ('Nv', 'F>')
    """
    c, s = m
    return f"{q[c]}{_ARROWS[s - c]}"


def move_json(q: Tray, m: Move) -> JSON:
    """A move as JSON, given the tray before it: the piece (a letter, or ``"bulb"``),
    the cell it leaves and the space it slides into, each as ``[row, column]`` counted
    from 0 (for the bulb, its end beside the space).

    >>> from pearls.puzzles.nooff import A
    >>> move_json(A, (3, 7)), move_json("OLL.NOFF", (2, 3))
    ({'piece': 'N', 'from': [0, 3], 'to': [1, 3]}, {'piece': 'bulb', 'from': [0, 2], 'to': [0, 3]})
    """
    c, s = m
    piece = "bulb" if q[c] == BULB else q[c]
    return {"piece": piece, "from": [c // 4, c % 4], "to": [s // 4, s % 4]}
