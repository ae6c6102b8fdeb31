"""Rush Hour's text form: boards as 6 rows of 6 letters, moves in the user's terms.

A board is 36 characters, row by row, whitespace ignored, its rows separated by ``/``
where the text has any (as the sliding puzzles' boards are): ``.`` or ``o`` an empty
cell, ``A`` the special car, any other letter a vehicle.  :func:`show` writes vehicle ``v`` as
``letters[v]`` and :func:`parse` numbers the vehicles back in the order of their
letters, the special car first, so that ``parse(show(g)) == g`` for every grid, and for
the grids a board passes through on its way to the exit, in its author's letters too.

Words and notation say a move with the vehicle's letter, never the chapter's cell
numbers: ``C down 3`` and ``C+3``.  Rows and columns in words count from 1 (row 3 is
the exit's row); in JSON, as ``[row, column]``, they count from 0.

>>> from pearls.puzzles.rushhour import g1, move
>>> print(show(g1))
BCDEFF
BCDEGH
B.AAGH
..IIIH
..J.KK
LLJ.MM
>>> parse(show(move(g1, (2, 16)))) == move(g1, (2, 16))
True
>>> words(g1, (2, 16)), notation(g1, (2, 16)), move_json(g1, (2, 16))
('C down 1', 'C+1', {'vehicle': 'C', 'from': [0, 1], 'to': [1, 1]})
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from pyrsistent import pvector

from pearls.description import JSON
from pearls.errors import BoardError
from pearls.puzzles.rushhour import (
    EXIT,
    Cell,
    Grid,
    Move,
    Span,
    Vehicle,
    allcells,
    fillcells,
    horizontal,
    move,
)

__all__ = [
    "EMPTY",
    "LETTERS",
    "MAX_TEXT",
    "WALL",
    "cells",
    "grid",
    "move_json",
    "notation",
    "on_exit_row",
    "parse",
    "parse_named",
    "position",
    "show",
    "words",
]

LETTERS = "ABCDEFGHIJKLMNPQRSTUVWYZ"  # vehicle v is drawn as LETTERS[v]; no O or X
EMPTY = ".o"  # either character marks an empty cell
WALL = "x"  # a wall in the players' boards, refused by the chapter's
MAX_TEXT = 10_000  # characters of a board's text; a board spaced out and indented needs < 200


# --- Boards ---------------------------------------------------------------------------------


def show(g: Grid, sep: str = "\n", letters: Sequence[str] = LETTERS) -> str:
    """The board as 6 rows of 6 characters, ``.`` for empty, vehicle ``v`` as
    ``letters[v]`` (the special car is ``A``); ``sep=""`` gives the one-line form.

    >>> from pearls.puzzles.rushhour import p2
    >>> show(p2, sep=" ")
    'B..CCC BDDE.. AAFE.G ..F..G ..HIIG ..HJJJ'
    """
    board = dict.fromkeys(allcells, ".")
    for v, span in enumerate(g):
        board.update(dict.fromkeys(fillcells(span), letters[v]))
    rows = ("".join(board[c] for c in allcells[i : i + 6]) for i in range(0, 36, 6))
    return sep.join(rows)


def cells(text: str) -> str:
    """The cells a board's text writes, row by row, whitespace left out; where the text
    separates its rows by ``/``, it has 6 of them, each of 6 cells.

    >>> cells("BCDEFF / BCDEGH / B.AAGH / ..IIIH / ..J.KK / LLJ.MM")[12:18]
    'B.AAGH'
    >>> cells("BCDEFF / BCDEGH / B.AAGH / ..IIIH / ..J.KK / LLJ.M")
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: a board has 6 rows of 6 cells: row 6 has 5
    """
    if "/" not in text:
        return "".join(text.split())
    rows = ["".join(row.split()) for row in text.split("/")]
    if len(rows) != 6:
        raise BoardError(
            f"a board has 6 rows of 6 cells, separated by '/': this text has {len(rows)}"
        )
    for i, row in enumerate(rows, start=1):
        if len(row) != 6:
            raise BoardError(f"a board has 6 rows of 6 cells: row {i} has {len(row)}")
    return "".join(rows)


def parse(text: str) -> Grid:
    """The grid a text board shows: 36 characters, row by row, whitespace ignored, the
    rows separated by ``/`` or not (:func:`cells`).

    ``.`` or ``o`` is an empty cell, ``A`` the special car, and any other letter a
    vehicle of 2 or 3 cells in a line; case counts (``x`` is a wall, which is refused,
    ``X`` a vehicle).  Vehicles are numbered the special car first, then in the order of
    their letters, so ``parse(show(g)) == g``.  Raises
    :class:`~pearls.errors.BoardError` saying what is wrong and where.

    >>> from pearls.puzzles.rushhour import p2
    >>> parse("B..CCC BDDE.. AAFE.G ..F..G ..HIIG ..HJJJ") == p2
    True
    >>> parse("B..CCC BDDE.. AAFE.G ..F..G ..HIIG ..HJJ?")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: unknown character '?' at row 6, column 6: use '.' or 'o' ...
    """
    return parse_named(text)[0]


def parse_named(text: str) -> tuple[Grid, str]:
    """The grid a text board shows, and the letter of each vehicle in grid order, so
    that ``show(g, letters=letters)`` draws the board as its author wrote it.

    >>> g, letters = parse_named("ZZ.... ...... AA.... ...... ...... ......")
    >>> g, letters
    (pvector([(15, 16), (1, 2)]), 'AZ')
    >>> show(g, sep=" ", letters=letters)
    'ZZ.... ...... AA.... ...... ...... ......'
    """
    if len(text) > MAX_TEXT:
        raise BoardError(
            f"a board's text has at most {MAX_TEXT:,} characters, this one has {len(text):,}"
        )
    written = cells(text)
    if len(written) != 36:
        raise BoardError(f"a board has 36 cells (6 rows of 6), this text has {len(written)}")
    marked: dict[str, list[Cell]] = {}
    for c, char in zip(allcells, written, strict=True):
        if char not in EMPTY:
            marked.setdefault(_vehicle_letter(char, c), []).append(c)
    if "A" not in marked:
        raise BoardError("no special car: mark it with A on row 3, the exit row")
    letters = "A" + "".join(sorted(set(marked) - {"A"}))
    return grid(_span(letter, marked[letter]) for letter in letters), letters


def _vehicle_letter(char: str, c: Cell) -> str:
    """``char`` as a vehicle's letter, checked."""
    if char == WALL:
        raise BoardError(f"wall 'x' at {_where(c)}: walls are not supported")
    if not (char.isascii() and char.isalpha()):
        raise BoardError(
            f"unknown character {char!r} at {_where(c)}: use '.' or 'o' for empty, "
            "a letter for a vehicle"
        )
    return char


def _span(letter: str, cells: list[Cell]) -> Span:
    """The span of the cells one letter marks, checked to be one straight vehicle."""
    pieces = _pieces(cells)
    if len(pieces) > 1:
        starts = " and ".join(_where(piece[0]) for piece in pieces)
        raise BoardError(f"letter {letter!r} marks {len(pieces)} separate pieces, at {starts}")
    if not 2 <= len(cells) <= 3:
        raise BoardError(
            f"vehicle {letter!r} at {_where(cells[0])} covers {len(cells)} cell(s); "
            "a vehicle covers 2 or 3"
        )
    span = (cells[0], cells[-1])
    if fillcells(span) != cells:
        raise BoardError(f"vehicle {letter!r} at {_where(cells[0])} is bent: it must be straight")
    if letter == "A" and not on_exit_row(span):
        raise BoardError(f"the special car A at {_where(cells[0])} must lie along row 3, across")
    return span


def _pieces(cells: list[Cell]) -> list[list[Cell]]:
    """The 4-connected pieces of some cells, each ascending (c+1 and c+7 are a cell's
    right and lower neighbours; the wall numbers keep rows apart)."""
    unseen = set(cells)
    pieces: list[list[Cell]] = []
    for c in cells:
        if c not in unseen:
            continue
        piece: list[Cell] = []
        frontier = [c]
        unseen.discard(c)
        while frontier:
            d = frontier.pop()
            piece.append(d)
            near = {d - 7, d - 1, d + 1, d + 7} & unseen
            unseen -= near
            frontier.extend(near)
        pieces.append(sorted(piece))
    return pieces


def _where(c: Cell) -> str:
    """Cell ``c`` in words, rows and columns counted from 1."""
    row, column = position(c)
    return f"row {row + 1}, column {column + 1}"


# --- Grids of vehicles, checked -------------------------------------------------------------


def grid(spans: Iterable[Span]) -> Grid:
    """The grid of the given vehicles, the special car first, checked.

    Raises :class:`~pearls.errors.BoardError` unless every vehicle covers 2 or 3 cells
    of the board in a line, no two overlap, and the special car lies on the exit row.

    >>> grid([(18, 19)])
    pvector([(18, 19)])
    >>> grid([(18, 19), (12, 26)])
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: vehicles 0 and 1 both cover cell 19
    """
    g: Grid = pvector(spans)
    if not g:
        raise BoardError("a grid needs the special car, vehicle 0")
    for v, span in enumerate(g):
        _check_span(v, span)
    if not on_exit_row(g[0]):
        raise BoardError(f"the special car {g[0]} must lie along the exit row, cells 15..20")
    _check_overlap(g)
    return g


def on_exit_row(span: Span) -> bool:
    """Whether a vehicle lies along the exit row, as the special car must.

    >>> on_exit_row((17, 18)), on_exit_row((1, 2))
    (True, False)
    """
    r, f = span
    return horizontal(span) and EXIT - 5 <= r < f <= EXIT


def _check_span(v: Vehicle, span: Span) -> None:
    """Refuse a vehicle that is not 2 or 3 board cells in a line, rear first."""
    r, f = span
    cells = fillcells(span) if 0 < f - r <= 14 else []
    if not (2 <= len(cells) <= 3 and f in cells and set(cells) <= set(allcells)):
        raise BoardError(f"vehicle {v} {span} is not 2 or 3 board cells in a line, rear first")


def _check_overlap(g: Grid) -> None:
    """Refuse two vehicles on one cell."""
    owner: dict[Cell, Vehicle] = {}
    for v, span in enumerate(g):
        for c in fillcells(span):
            if c in owner:
                raise BoardError(f"vehicles {owner[c]} and {v} both cover cell {c}")
            owner[c] = v


# --- Moves ----------------------------------------------------------------------------------


def words(g: Grid, m: Move, letters: Sequence[str] = LETTERS) -> str:
    """A move in words, given the grid before it: the vehicle's letter, the way it goes
    and how many cells (one for each of the chapter's moves; more for a players' slide,
    :mod:`pearls.puzzles.rushhour_players`).

    >>> from pearls.puzzles.rushhour import g1
    >>> words(g1, (0, 16)), words(g1, (6, 5)), words(g1, (2, 30))
    ('A left 1', 'G up 1', 'C down 3')
    """
    v, c = m
    forward, cells = _slid(g[v], c)
    if horizontal(g[v]):
        direction = "right" if forward else "left"
    else:
        direction = "down" if forward else "up"
    return f"{letters[v]} {direction} {cells}"


def notation(g: Grid, m: Move, letters: Sequence[str] = LETTERS) -> str:
    """A move as its vehicle's letter and the signed number of cells it slides, ``+``
    right or down, ``-`` left or up (the notation of the puzzle's players).

    >>> from pearls.puzzles.rushhour import g1
    >>> notation(g1, (0, 16)), notation(g1, (2, 30))
    ('A-1', 'C+3')
    """
    v, c = m
    forward, cells = _slid(g[v], c)
    return f"{letters[v]}{cells if forward else -cells:+d}"


def _slid(span: Span, c: Cell) -> tuple[bool, int]:
    """Whether a vehicle moving onto ``c`` goes forwards (right or down), and by how
    many cells."""
    r, f = span
    step = 1 if horizontal(span) else 7
    return (True, (c - f) // step) if c > f else (False, (r - c) // step)


def move_json(
    g: Grid, m: Move, letters: Sequence[str] = LETTERS, move: Callable[[Grid, Move], Grid] = move
) -> dict[str, JSON]:
    """A move as JSON, given the grid before it: the vehicle's letter and its top-left
    cell before and after, each ``[row, column]`` counted from 0.  ``move`` is the
    puzzle's own (the chapter's one cell, or a player's slide).

    >>> from pearls.puzzles.rushhour import g1
    >>> move_json(g1, (0, 16)), move_json(g1, (6, 5), "AZYXWVUT")
    ({'vehicle': 'A', 'from': [2, 2], 'to': [2, 1]}, {'vehicle': 'U', 'from': [1, 4], 'to': [0, 4]})
    """
    v = m[0]
    before, after = g[v][0], move(g, m)[v][0]
    return {"vehicle": letters[v], "from": list(position(before)), "to": list(position(after))}


def position(c: Cell) -> tuple[int, int]:
    """Cell ``c`` as its ``(row, column)``, counted from 0: row ``i`` holds cells
    ``7i+1 .. 7i+6``.

    >>> position(1), position(20), position(41)
    ((0, 0), (2, 5), (5, 5))
    """
    return divmod(c - 1, 7)
