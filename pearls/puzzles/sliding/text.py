"""Sliding tiles as text: boards read and written, moves in words, in notation and as JSON.

A board is written as its tiles row by row, ``0`` (or ``_`` or ``.``) for the blank, the
rows separated by newlines or ``/`` (or not at all), the tiles by spaces or commas:
``1 2 3 / 4 5 6 / 7 8 0``.  :func:`show` writes what :func:`parse` reads back.  A move is
said by its tile and the way it slides (``tile 8 left``, ``8L``); in JSON it is an object
with the cells as ``[row, column]``, counted from 0.

>>> from pearls.puzzles.sliding import EIGHT
>>> q = parse("1 2 3 / 4 5 6 / 7 0 8", EIGHT)
>>> words(EIGHT, q, (8, 7)), notation(EIGHT, q, (8, 7)), move_json(EIGHT, q, (8, 7))
('tile 8 left', '8L', {'tile': 8, 'from': [2, 2], 'to': [2, 1]})
"""

from __future__ import annotations

from collections import Counter
from math import isqrt

from pearls.description import JSON
from pearls.errors import BoardError
from pearls.puzzles.sliding import BLANK, Board, Cell, Frame, Move, Tile

__all__ = [
    "BLANKS",
    "direction",
    "move_json",
    "notation",
    "parse",
    "shape_of",
    "show",
    "state_json",
    "words",
]

BLANKS = ("0", "_", ".")  # the ways of writing the blank
_LETTERS = {"up": "U", "left": "L", "right": "R", "down": "D"}


def _rows(text: str) -> list[list[str]]:
    """The words of each row: rows split at newlines or ``/``, words at whitespace or
    commas; blank rows dropped."""
    rows = text.replace("/", "\n").splitlines()
    return [words for row in rows if (words := row.replace(",", " ").split())]


def shape_of(text: str) -> tuple[int, int]:
    """The rows and columns a board's text shows: its rows, or else a square.

    >>> shape_of("1 2 3 / 4 5 0"), shape_of("1 2 3 0")
    ((2, 3), (2, 2))
    >>> shape_of("1 2 3 4 5 0")
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: 6 tiles in one row make no square tray: separate the rows \
with '/' or give the size
    """
    rows = _rows(text)
    if not rows:
        raise BoardError("no tiles: write the tiles row by row, 0 for the blank")
    if len(rows) > 1:
        return len(rows), len(rows[0])
    side = isqrt(len(rows[0]))
    if side * side != len(rows[0]):
        raise BoardError(
            f"{len(rows[0])} tiles in one row make no square tray: separate the rows with "
            "'/' or give the size"
        )
    return side, side


def _tile(word: str, row: int, place: int, n: int) -> Tile:
    """One tile's number, checked to lie in ``0 .. n-1`` (its digits no more than
    ``n - 1``'s, before they are read as a number); ``_`` and ``.`` are the blank."""
    if word in BLANKS:
        return BLANK
    if not (word.isascii() and word.isdecimal()):
        raise BoardError(
            f"{_quoted(word)} (row {row}, tile {place}) is not a tile number: use 0 to "
            f"{n - 1}, 0 or _ for the blank"
        )
    digits = word.lstrip("0") or "0"
    if len(digits) > len(str(n - 1)) or int(digits) >= n:
        raise BoardError(
            f"tile {_quoted(word)} (row {row}, tile {place}) is too big: use 0 to {n - 1}"
        )
    return int(digits)


def _quoted(word: str) -> str:
    """A word as a message quotes it: in quotes, cut short past 12 characters.

    >>> _quoted("x"), _quoted("9" * 5000)
    ("'x'", "'999999999999...' (5000 characters)")
    """
    if len(word) <= 12:
        return repr(word)
    return f"{word[:12]!r}"[:-1] + f"...' ({len(word)} characters)"


def parse(text: str, f: Frame) -> Board:
    """The board a text shows on the tray ``f``; a
    :class:`~pearls.errors.BoardError` says what is wrong and where.

    >>> from pearls.puzzles.sliding import EIGHT
    >>> parse("1 2 3\\n4 5 6\\n7 8 0", EIGHT) == parse("1,2,3,4,5,6,7,8,_", EIGHT) == EIGHT.goal
    True
    >>> parse("1 2 3 / 4 5 6 / 7 8 8", EIGHT)
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: tile 8 appears twice, and tile 0 not at all
    """
    rows = _rows(text)
    if len(rows) > 1:
        _check_rows(rows, f)
    count = sum(map(len, rows))
    if count != f.size:
        raise BoardError(f"a {f.rows}x{f.cols} tray holds {f.size} tiles, the text has {count}")
    words = [(r, p, w) for r, row in enumerate(rows, start=1) for p, w in enumerate(row, start=1)]
    board = tuple(_tile(w, r, p, f.size) for r, p, w in words)
    counts = Counter(board)
    if len(counts) != f.size:
        twice = next(t for t in board if counts[t] > 1)
        missing = min(set(range(f.size)) - set(counts))
        raise BoardError(f"tile {twice} appears twice, and tile {missing} not at all")
    return board


def _check_rows(rows: list[list[str]], f: Frame) -> None:
    """Rows written apart must be as many as the tray's, each as long as a row."""
    if len(rows) != f.rows:
        raise BoardError(f"a {f.rows}x{f.cols} tray has {f.rows} rows, the text has {len(rows)}")
    for r, row in enumerate(rows, start=1):
        if len(row) != f.cols:
            raise BoardError(f"row {r} has {len(row)} tiles, a {f.rows}x{f.cols} tray {f.cols}")


def show(f: Frame, q: Board, sep: str = "\n") -> str:
    """The board as text, a row a line with the numbers aligned (or the rows joined by
    ``sep``, on one line, unaligned), the blank as 0; :func:`parse` reads it back.

    >>> from pearls.puzzles.sliding import FIFTEEN
    >>> show(FIFTEEN, FIFTEEN.goal, sep=" / ")
    '1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0'
    >>> show(FIFTEEN, FIFTEEN.goal).splitlines()
    [' 1  2  3  4', ' 5  6  7  8', ' 9 10 11 12', '13 14 15  0']
    """
    width = len(str(f.size - 1)) if "\n" in sep else 0
    cells = [str(t).rjust(width) for t in q]
    return sep.join(" ".join(cells[r * f.cols : (r + 1) * f.cols]) for r in range(f.rows))


def direction(f: Frame, q: Board, m: Move) -> str:
    """Which way a move slides its tile on the board ``q``: up, left, right or down.

    >>> from pearls.puzzles.sliding import EIGHT
    >>> direction(EIGHT, EIGHT.goal, (6, 8)), direction(EIGHT, EIGHT.goal, (8, 8))
    ('down', 'right')
    """
    t, c = m
    step = c - q.index(t)
    return {-f.cols: "up", -1: "left", 1: "right", f.cols: "down"}[step]


def words(f: Frame, q: Board, m: Move) -> str:
    """A move in words, given the board before it: the tile and the way it slides.

    >>> from pearls.puzzles.sliding import EIGHT
    >>> words(EIGHT, EIGHT.goal, (8, 8))
    'tile 8 right'
    """
    return f"tile {m[0]} {direction(f, q, m)}"


def notation(f: Frame, q: Board, m: Move) -> str:
    """A move as its tile and the first letter of its direction.

    >>> from pearls.puzzles.sliding import EIGHT
    >>> notation(EIGHT, EIGHT.goal, (8, 8))
    '8R'
    """
    return f"{m[0]}{_LETTERS[direction(f, q, m)]}"


def _cell(f: Frame, c: Cell) -> JSON:
    """A cell as ``[row, column]``, counted from 0."""
    row, column = divmod(c, f.cols)
    return [row, column]


def move_json(f: Frame, q: Board, m: Move) -> JSON:
    """A move as JSON, given the board before it: the tile, the cell it leaves and the
    cell it slides onto, each ``[row, column]`` counted from 0.

    >>> from pearls.puzzles.sliding import EIGHT
    >>> move_json(EIGHT, EIGHT.goal, (8, 8))
    {'tile': 8, 'from': [2, 1], 'to': [2, 2]}
    """
    t, c = m
    return {"tile": t, "from": _cell(f, q.index(t)), "to": _cell(f, c)}


def state_json(q: Board) -> JSON:
    """A board as JSON: the tiles row by row, 0 the blank.

    >>> state_json((1, 2, 3, 0))
    [1, 2, 3, 0]
    """
    return list(q)
