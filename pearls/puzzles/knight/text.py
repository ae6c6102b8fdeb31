"""The knight's tour as text: boards read and written back, tours shown as the source
draws them, and a jump in words, in notation and as JSON.

A board is a size, ``8x8`` (rows by columns, the knight on the top left square) or
``8x8 from 3,4`` (the knight on row 3, column 4), or it is drawn row by row: ``.`` a
square, ``K`` the knight's first square, ``#`` a hole.  Either may end with the word
``open`` or ``closed``, to ask for that tour.  Rows and columns are counted from 1 in
the text, the words and the notation, and from 0 in JSON (JSON's own convention):

>>> from pearls.puzzles.knight import PROBLEM_A, move, start
>>> asked = parse("5x5 from 3,3 open")
>>> asked.board.squares[asked.board.first], asked.closed
((2, 2), False)
>>> words(PROBLEM_A, 5), notation(PROBLEM_A, 5), move_json(PROBLEM_A, 5)
('jump to row 2, column 4', '2,4', {'to': [1, 3]})
"""

from __future__ import annotations

import re
from typing import NamedTuple

from pearls.description import JSON
from pearls.errors import BoardError
from pearls.puzzles.knight import (
    MAX_SIDE,
    MAX_SQUARES,
    Board,
    Cell,
    Square,
    Tour,
    rectangle,
)

__all__ = [
    "PROBLEM_A_TEXT",
    "Asked",
    "board",
    "board_text",
    "move_json",
    "notation",
    "parse",
    "show",
    "tour_json",
    "words",
]

PROBLEM_A_TEXT = "#K.#/..../..../#..#"  # rows of 2, 4, 4 and 2 squares, the knight on the first

_SIZE = re.compile(
    r"\s*(?P<rows>[0-9]+)\s*[xX\u00d7]\s*(?P<cols>[0-9]+)"
    r"\s*(?:from\s+(?P<r>[0-9]+)\s*,\s*(?P<c>[0-9]+)\s*)?$"
)
_KIND = re.compile(r"(?:^|\s)(?P<kind>open|closed)\s*$")
_DIGITS = 4  # the most digits a count of rows or columns may have; none is that large


class Asked(NamedTuple):
    """What a text asks for: a tour of ``board``, closed or open as ``closed`` says
    (``None``: the text does not say), e.g. ``Asked(rectangle(5, 5), False)``."""

    board: Board
    closed: bool | None = None


def parse(text: str) -> Asked:
    """The board a text describes, a size or a drawing (:func:`board`), and the tour it
    asks for, if it ends with ``open`` or ``closed``.

    >>> from pearls.puzzles.knight import PROBLEM_A
    >>> parse("#K.#/..../..../#..#") == Asked(PROBLEM_A)
    True
    >>> parse("3x4 from 2,1 closed")
    Asked(board=Board(squares=((0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), \
(1, 3), (2, 0), (2, 1), (2, 2), (2, 3)), first=4), closed=True)
    """
    kind = _KIND.search(text)
    closed = None if kind is None else kind["kind"] == "closed"
    body = text if kind is None else text[: kind.start()]
    sized = _SIZE.match(body)
    if sized is None:
        return Asked(board(body), closed)
    rows, cols = _count(sized["rows"], "rows"), _count(sized["cols"], "columns")
    r, c = (
        (1, 1)
        if sized["r"] is None
        else (_count(sized["r"], "rows"), _count(sized["c"], "columns"))
    )
    return Asked(rectangle(rows, cols, (r - 1, c - 1)), closed)


def _count(digits: str, what: str) -> int:
    """A count from its ASCII digits, refused unread when it has too many to be one."""
    if len(digits) > _DIGITS:
        raise BoardError(
            f"a board has at most {MAX_SIDE} {what}, not a number of {len(digits):,} digits"
        )
    return int(digits)


def board(text: str) -> Board:
    """A board drawn row by row: ``.`` a square, ``K`` the square the knight starts on
    (default: the first), ``#`` a hole; rows separated by new lines or ``/``; spaces
    ignored; a row may stop short (the rest are holes); blank rows at either end left
    out.

    >>> from pearls.puzzles.knight import PROBLEM_A
    >>> board(PROBLEM_A_TEXT) == PROBLEM_A
    True
    >>> board("..K")
    Board(squares=((0, 0), (0, 1), (0, 2)), first=2)
    """
    rows = text.replace("/", "\n").split("\n")
    top = next((i for i, row in enumerate(rows) if row.strip()), len(rows))
    squares: list[Square] = []
    knights: list[Square] = []
    for i, row in enumerate(rows[top:]):
        for j, char in enumerate("".join(row.split())):
            if char in ".Kk":
                squares.append((i, j))
                if len(squares) > MAX_SQUARES:
                    raise BoardError(f"a board has at most {MAX_SQUARES} squares")
            if char in "Kk":
                knights.append((i, j))
            elif char not in ".#":
                raise BoardError(
                    f"unknown character {char!r} at row {i + 1}, column {j + 1}: "
                    "use '.' for a square, 'K' for the knight's square, '#' for a hole"
                )
    return _shaped(squares, knights)


def _shaped(squares: list[Square], knights: list[Square]) -> Board:
    """The board of these squares, checked, the knight on its square if marked."""
    if not squares:
        raise BoardError("no square on the board: draw squares as '.'")
    rows, cols = max(r for r, _ in squares) + 1, max(c for _, c in squares) + 1
    if max(rows, cols) > MAX_SIDE:
        raise BoardError(f"a board has at most {MAX_SIDE} rows and columns, not {rows}x{cols}")
    if len(knights) > 1:
        where = " and ".join(f"row {r + 1}, column {c + 1}" for r, c in knights[:2])
        raise BoardError(f"more than one knight: at {where}")
    first = squares.index(knights[0]) if knights else 0
    return Board(tuple(squares), first)


def board_text(b: Board, closed: bool | None = None) -> str:
    """The board's text, which :func:`parse` reads back: its size (and first square,
    unless the top left) for a full rectangle, else its rows drawn, joined by ``/``;
    then ``open`` or ``closed`` if ``closed`` says.

    >>> from pearls.puzzles.knight import PROBLEM_A
    >>> board_text(PROBLEM_A), board_text(rectangle(8, 8, (2, 3)), closed=False)
    ('#K./..../..../#..', '8x8 from 3,4 open')
    """
    rows, cols = _extent(b)
    (r, c), kind = b.squares[b.first], {None: "", True: " closed", False: " open"}[closed]
    if len(b.squares) == rows * cols:
        return f"{rows}x{cols}" + (f" from {r + 1},{c + 1}" if (r, c) != (0, 0) else "") + kind
    grid = [["#"] * cols for _ in range(rows)]
    for i, j in b.squares:
        grid[i][j] = "K" if (i, j) == (r, c) else "."
    return "/".join("".join(row).rstrip("#") or "#" for row in grid) + kind


def _extent(b: Board) -> tuple[int, int]:
    """The rows and columns the board's squares span, from the top left."""
    return max(r for r, _ in b.squares) + 1, max(c for _, c in b.squares) + 1


# A tour and its jumps


def show(b: Board, t: Tour) -> str:
    """The board with each visited square's step (0 the first), ``.`` for the squares to
    visit, and blanks for holes, as in the source's figures.

    >>> from pearls.puzzles.knight import PROBLEM_A, move, start
    >>> print(show(PROBLEM_A, move(start(PROBLEM_A), 5)))
        0  .
     .  .  .  1
     .  .  .  .
        .  .
    """
    width = len(str(len(b.squares) - 1))
    step = {c: i for i, c in enumerate(t.cells)}
    rows, cols = _extent(b)
    grid = [[""] * cols for _ in range(rows)]
    for c, (r, col) in enumerate(b.squares):
        grid[r][col] = str(step[c]) if c in step else "."
    lines = (" ".join(f"{cell:>{width}}" for cell in row).rstrip() for row in grid)
    return "\n".join(lines)


def tour_json(b: Board, t: Tour) -> JSON:
    """The squares of a tour as JSON, ``[row, column]`` each, counted from 0.

    >>> from pearls.puzzles.knight import PROBLEM_A, move, start
    >>> tour_json(PROBLEM_A, move(start(PROBLEM_A), 5))
    [[0, 1], [1, 3]]
    """
    return [list(b.squares[c]) for c in t.cells]


def move_json(b: Board, c: Cell) -> JSON:
    """A jump as JSON: the square it lands on, ``{"to": [row, column]}``, counted from 0."""
    return {"to": list(b.squares[c])}


def words(b: Board, c: Cell) -> str:
    """A jump in words: ``jump to row 2, column 4``, counted from 1."""
    r, col = b.squares[c]
    return f"jump to row {r + 1}, column {col + 1}"


def notation(b: Board, c: Cell) -> str:
    """A jump in a few characters: the row and column it lands on, ``2,4``, counted
    from 1 as in ``from 2,4``."""
    r, col = b.squares[c]
    return f"{r + 1},{col + 1}"
