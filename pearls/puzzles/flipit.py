"""Flip It and Flip It Star (Nob Yoshigahara's Flip It; seed 000, M. Hiroi, 2002).

Reversi pieces, black or white, stand on the positions of a board; one position is
empty, the space.  A piece jumps along a straight line over at least one piece into the
space, and every piece it jumps over is turned over; the jumping piece keeps its colour.
The goal: every piece white.  A piece next to the space has nothing to jump, so it
cannot move.

Flip It lays N positions (3 to 64) on one line, numbered 0 .. N-1 from the left.
Flip It Star sets 12 on a hexagram, numbered as the seed numbers them, with the six
lines (each ascending) of the seed's table ``line``::

              0
            /   \\
    1 --- 2 --- 3 --- 4        lines: 0 2 5 7   0 3 6 10   7 8 9 10
      \\  /         \\  /               1 2 3 4   1 5 8 11   4 6 9 11
        5           6
      /  \\         /  \\
    7 --- 8 --- 9 --- 10
            \\   /
              11

A position is the space and the black pieces as a bit mask, position 0 the most
significant bit, so that the mask reads in position order as the seed reads its boards;
a move ``(piece, space)`` names where the jumping piece stands and the space it lands in.

>>> q = parse(STAR, ".BBBBBBBBBBB")
>>> q
Position(space=0, black=2047)
>>> moves(STAR, q)
((5, 0), (7, 0), (6, 0), (10, 0))
>>> len(bfsolve(STAR, q))
18

Every move is undone by jumping the same piece straight back: ``move(b, move(b, q, (p, s)),
(s, p)) == q``, for the pieces jumped over are the same and are turned back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

from pearls import deepening, methods, search, svg
from pearls.analysis import PerfectHash
from pearls.description import Description, Option, Problem, Settings
from pearls.errors import BoardError
from pearls.types import Path, Puzzle

__all__ = [
    "BLACK",
    "DESCRIPTION",
    "MAX_CELLS",
    "MIN_CELLS",
    "SPACE",
    "STAR",
    "STAR_DESCRIPTION",
    "STAR_LINES",
    "WHITE",
    "Board",
    "Cell",
    "Line",
    "Move",
    "Place",
    "Position",
    "bfsolve",
    "board",
    "dfsolve",
    "draw",
    "goals",
    "idsolve",
    "jumped",
    "line",
    "move",
    "moves",
    "notation",
    "parse",
    "parse_line",
    "perfect_hash",
    "problem",
    "puzzle",
    "rank",
    "show",
    "solved",
    "standard",
    "star_problem",
    "undoes",
    "unrank",
    "words",
]

MIN_CELLS, MAX_CELLS = 3, 64  # Flip It's lengths: a jump needs 3; 64 give 64 * 2^63 positions

Cell = int  # a position on the board, e.g. 5
Line = tuple[Cell, ...]  # the positions along one straight line, ascending, e.g. (0, 2, 5, 7)
Move = tuple[Cell, Cell]  # (piece, space): the piece at 5 jumps into the space at 0, e.g. (5, 0)


class Position(NamedTuple):
    """The space, and the black pieces as a mask: bit ``n - 1 - i`` is set when the piece
    at position ``i`` of ``n`` is black (the space's bit is clear).  ``.BBBBB`` is
    ``Position(space=0, black=0b011111)``.

    Measured against a tuple of characters and a ``pvector`` of them: the analysis of
    Flip It Star's 24,576 positions takes 0.23 s, 0.32 s and 0.41 s, and ``bfsolve``
    from all black 0.32 s, 0.36 s and 0.44 s."""

    space: Cell
    black: int


@dataclass(frozen=True)
class Board:
    """Where pieces stand and the lines they jump along.

    ``jumps[s]`` lists the moves into a space at ``s``, in the seed's order (line by
    line, along each line in order); ``leaps[(p, s)]`` holds the masks a jump needs: the
    positions jumped over, the piece's position, and both ends of the jump.  ``rows`` lay
    the positions out as text (each row a list of ``(column, position)``) and ``points``
    place them in a drawing.
    """

    name: str
    size: int
    lines: tuple[Line, ...]
    jumps: Mapping[Cell, tuple[Move, ...]]
    leaps: Mapping[Move, tuple[int, int, int]]
    rows: tuple[tuple[tuple[int, Cell], ...], ...]
    points: tuple[tuple[float, float], ...]


def _bit(size: int, c: Cell) -> int:
    """The mask of position ``c``: position 0 is the most significant of ``size`` bits."""
    return 1 << (size - 1 - c)


def _jumps(lines: Sequence[Line], s: Cell) -> Iterator[tuple[Cell, Line]]:
    """Each piece that may jump into ``s``, with the positions it jumps over: on every
    line through ``s``, every position at least two steps away."""
    for ln in lines:
        if s in ln:
            i = ln.index(s)
            for j, p in enumerate(ln):
                if abs(i - j) >= 2:
                    yield p, ln[min(i, j) + 1 : max(i, j)]


def board(
    name: str,
    lines: Sequence[Line],
    rows: Sequence[Sequence[tuple[int, Cell]]],
    points: Sequence[tuple[float, float]],
) -> Board:
    """The board of the given lines, with its tables of jumps, checked: positions are
    ``0 .. size-1``, every line ascends, and no two lines share two positions (so that a
    jump's two ends name its line).

    >>> board("tiny", [(0, 1, 2)], [[(0, 0), (1, 1), (2, 2)]], [(0, 0), (1, 0), (2, 0)]).jumps
    {0: ((2, 0),), 1: (), 2: ((0, 2),)}
    """
    size = len(points)
    if any(list(ln) != sorted(set(ln)) or not set(ln) <= set(range(size)) for ln in lines):
        raise ValueError(f"board {name!r}: every line lists positions 0..{size - 1}, ascending")
    jumps = {s: tuple((p, s) for p, _ in _jumps(lines, s)) for s in range(size)}
    leaps = {
        (p, s): (sum(_bit(size, c) for c in over), _bit(size, p), _bit(size, p) | _bit(size, s))
        for s in range(size)
        for p, over in _jumps(lines, s)
    }
    if len(leaps) != sum(map(len, jumps.values())):
        raise ValueError(f"board {name!r}: two of its lines share two positions")
    rows_ = tuple(tuple(row) for row in rows)
    return Board(name, size, tuple(lines), jumps, leaps, rows_, tuple(points))


def line(n: int) -> Board:
    """Flip It on ``n`` positions in a row, 0 at the left.

    >>> line(6).jumps[0], jumped(line(6), (5, 0))
    (((2, 0), (3, 0), (4, 0), (5, 0)), [1, 2, 3, 4])
    """
    if not MIN_CELLS <= n <= MAX_CELLS:
        raise BoardError(f"Flip It takes {MIN_CELLS} to {MAX_CELLS} positions, not {n}")
    cells = range(n)
    return board("Flip It", [tuple(cells)], [[(c, c) for c in cells]], [(c, 0) for c in cells])


STAR_LINES: tuple[Line, ...] = (
    (0, 2, 5, 7), (0, 3, 6, 10), (7, 8, 9, 10), (1, 2, 3, 4), (1, 5, 8, 11), (4, 6, 9, 11),
)  # fmt: skip
_SQRT3 = 3**0.5
STAR = board(
    "Flip It Star",
    STAR_LINES,
    [[(3, 0)], [(0, 1), (2, 2), (4, 3), (6, 4)], [(1, 5), (5, 6)],
     [(0, 7), (2, 8), (4, 9), (6, 10)], [(3, 11)]],
    [(0, -1), (-_SQRT3 / 2, -0.5), (-_SQRT3 / 6, -0.5), (_SQRT3 / 6, -0.5), (_SQRT3 / 2, -0.5),
     (-_SQRT3 / 3, 0), (_SQRT3 / 3, 0), (-_SQRT3 / 2, 0.5), (-_SQRT3 / 6, 0.5),
     (_SQRT3 / 6, 0.5), (_SQRT3 / 2, 0.5), (0, 1)],
)  # fmt: skip
"""Flip It Star: the seed's positions 0..11 on a hexagram of outer radius 1, and its lines."""


# The three functions


def moves(b: Board, q: Position) -> Sequence[Move]:
    """The pieces that can jump into the space, in the seed's order.

    ``moves q = [(p, space q) | p <- jumps (space q)]``

    >>> moves(STAR, Position(11, 0))
    ((1, 11), (5, 11), (4, 11), (6, 11))
    """
    return b.jumps[q.space]


def move(b: Board, q: Position, m: Move) -> Position:
    """The position after a jump: the piece lands in the space, keeping its colour, and
    the pieces jumped over turn.

    ``move (space, black) (p, s) = (p, black xor flips (p, s) with p's colour moved to s)``

    >>> move(line(6), Position(0, 0b011111), (5, 0))  # the seed's first figure
    Position(space=5, black=32)
    """
    flips, piece, both = b.leaps[m]
    black = q.black ^ flips
    return Position(m[0], black ^ both if black & piece else black)


def solved(q: Position) -> bool:
    """Whether every piece is white: ``solved q = black q == 0``."""
    return q.black == 0


def puzzle(b: Board) -> Puzzle[Position, Move]:
    """Flip It on board ``b`` as the chapter's three functions."""
    return Puzzle(partial(moves, b), partial(move, b), solved)


def bfsolve(b: Board, q: Position) -> list[Move] | None:
    """A shortest solution: ``bfsolve q = bfsearch' [] [] [([], q)]``."""
    return search.bfsolve(puzzle(b), q)


def dfsolve(b: Board, q: Position) -> list[Move] | None:
    """A depth-first solution: ``dfsolve q = dfsearch [] [([], q)]``."""
    return search.dfsolve(puzzle(b), q)


def undoes(p: Path[Position, Move], m: Move) -> bool:
    """Whether ``m`` jumps the piece that moved last straight back: the seed's prune,
    ``l == line_number[n] && p == space_position[n]``, for a jump and its undoing share
    their line.

    >>> from pearls.types import start
    >>> q = Position(0, 0b011111)
    >>> after = Path(start(q).history.cons((5, 0)), move(line(6), q, (5, 0)))
    >>> undoes(after, (0, 5)), undoes(after, (2, 5))
    (True, False)
    """
    if not p.history:
        return False
    piece, space = p.history.first
    return m == (space, piece)


def idsolve(b: Board, q: Position) -> list[Move] | None:
    """A shortest solution by iterative deepening with the seed's prune, :func:`undoes`.

    ``idsolve q = head [ms | d <- [0 ..], Just ms <- [dlsearch d [([], q)]]]``
    """
    return deepening.idsolve(puzzle(b), q, undoes)


def jumped(b: Board, m: Move) -> list[Cell]:
    """The positions a move jumps over, ascending.

    >>> jumped(STAR, (10, 0))
    [3, 6]
    """
    mask = b.leaps[m][0]
    return [c for c in range(b.size) if mask & _bit(b.size, c)]


# Ranks: the seed's minimal perfect hash


def rank(b: Board, q: Position) -> int:
    """The seed's minimal perfect hash, ``2^(size-1) * space + bits``: ``bits`` reads
    the pieces in position order, the space skipped, black 1 and white 0, the first
    the most significant (Flip It Star: ``2048 * space + value``).

    >>> rank(STAR, parse(STAR, ".BBBBBBBBBBB")), rank(STAR, parse(STAR, "WWWWWWWWWWW."))
    (2047, 22528)
    """
    k = b.size - 1 - q.space
    low = q.black & ((1 << k) - 1)
    return (q.space << (b.size - 1)) | (q.black >> (k + 1) << k) | low


def unrank(b: Board, r: int) -> Position:
    """The position of rank ``r``: :func:`rank` undone.

    >>> unrank(STAR, 2047) == parse(STAR, ".BBBBBBBBBBB")
    True
    """
    space, bits = divmod(r, 1 << (b.size - 1))
    k = b.size - 1 - space
    return Position(space, (bits >> k << (k + 1)) | (bits & ((1 << k) - 1)))


def perfect_hash(b: Board) -> PerfectHash[Position]:
    """:func:`rank` onto ``range(size * 2^(size-1))``, every position of the board.

    >>> perfect_hash(STAR).size
    24576
    """
    return PerfectHash(rank=lambda q: rank(b, q), size=b.size << (b.size - 1))


def goals(b: Board) -> list[Position]:
    """The solved positions, every piece white, the space at 0, 1, ...: where the seed's
    analysis starts.

    >>> len(goals(STAR)), goals(STAR)[0]
    (12, Position(space=0, black=0))
    """
    return [Position(s, 0) for s in range(b.size)]


# Text form


SPACE, BLACK, WHITE = ".", "B", "W"


def show(b: Board, q: Position, sep: str = "\n") -> str:
    """The board as text, in the board's rows, ``.`` the space, ``B`` black, ``W``
    white; ``sep=""`` gives the cells in position order, for JSON.

    >>> print(show(STAR, parse(STAR, ".BBBBBBBBBBB")))
       .
    B B B B
     B   B
    B B B B
       B
    >>> show(STAR, parse(STAR, ".BBBBBBBBBBB"), sep=""), show(line(6), Position(0, 31))
    ('.BBBBBBBBBBB', '.BBBBB')
    """
    cells = [_cell(b, q, c) for c in range(b.size)]
    if not sep:
        return "".join(cells)
    lines = []
    for row in b.rows:
        text = [" "] * (row[-1][0] + 1)
        for column, c in row:
            text[column] = cells[c]
        lines.append("".join(text))
    return sep.join(lines)


def _cell(b: Board, q: Position, c: Cell) -> str:
    if c == q.space:
        return SPACE
    return BLACK if q.black & _bit(b.size, c) else WHITE


def parse(b: Board, text: str) -> Position:
    """The position a text shows on board ``b``: its cells in position order, ``.`` the
    space, ``B`` black, ``W`` white, whitespace ignored (so :func:`show` reads back).
    Raises :class:`~pearls.errors.BoardError` saying what is wrong and where.

    >>> parse(line(6), ". B B B B B")
    Position(space=0, black=31)
    >>> parse(STAR, ".BBBBBBBBBB")
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: Flip It Star has 12 positions, this text has 11 cells
    """
    cells = "".join(text.split())
    if len(cells) != b.size:
        raise BoardError(f"{b.name} has {b.size} positions, this text has {len(cells)} cells")
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
    black = sum(_bit(b.size, c) for c, char in enumerate(cells) if char == BLACK)
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
            f"Flip It takes {MIN_CELLS} to {MAX_CELLS} positions, this text has {len(cells)} cells"
        )
    b = line(len(cells))
    return b, _position(b, cells)


# Drawing

Place = Callable[[Cell], tuple[float, float]]  # a position's centre in a drawing, e.g. (34, 34)

_CELL = 44  # a cell's side in the drawing of Flip It, in SVG units
_RADIUS = 96  # the hexagram's outer radius in the drawing of Flip It Star
_PAD = 34  # room around the board for the numbers
_RING, _DISC = 17, 14  # radii of a position's ring and of a piece
_BOARD, _RULE, _INK, _PAPER = "#f3efe4", "#8c7b5e", "#1a1a1a", "#ffffff"


def draw(b: Board, q: Position) -> str:
    """The board as a standalone SVG document, every position numbered: Flip It as a
    row of cells, Flip It Star as its hexagram, whose six lines the pieces jump along;
    black and white discs for the pieces, the space an empty dashed ring.

    >>> picture = draw(STAR, parse(STAR, ".BBBBBBBBBBB"))
    >>> picture.startswith("<svg"), picture.count('class="piece black"'), picture.count("<text")
    (True, 11, 12)
    """
    unit = _CELL if len(b.lines) == 1 else _RADIUS
    xs, ys = [x for x, _ in b.points], [y for _, y in b.points]
    width = (max(xs) - min(xs)) * unit + 2 * _PAD
    height = (max(ys) - min(ys)) * unit + 2 * _PAD

    def place(c: Cell) -> tuple[float, float]:
        x, y = b.points[c]
        return _PAD + (x - min(xs)) * unit, _PAD + (y - min(ys)) * unit

    if len(b.lines) == 1:
        guides, labels = _cells(b, place), [_label(c, place(c), (0, -1)) for c in range(b.size)]
    else:
        guides, labels = _lines(b, place), [_label(c, place(c), b.points[c]) for c in range(b.size)]
    pieces = [_piece(b, q, c, place(c)) for c in range(b.size)]
    black = bin(q.black).count("1")
    title = f"{b.name}: {black} black, {b.size - 1 - black} white, the space at {q.space}"
    return svg.document(width, height, *guides, *pieces, *labels, title=title)


def _cells(b: Board, place: Place) -> list[str]:
    """A row of square cells, one around each position."""
    half = _CELL / 2
    return [
        svg.element(
            "rect",
            x=place(c)[0] - half,
            y=place(c)[1] - half,
            width=_CELL,
            height=_CELL,
            fill=_BOARD,
            stroke=_RULE,
            stroke_width=2,
            class_="cell",
        )
        for c in range(b.size)
    ]


def _lines(b: Board, place: Place) -> list[str]:
    """The board's lines, each a stroke from its first position to its last."""
    ends = ((place(ln[0]), place(ln[-1])) for ln in b.lines)
    d = "".join(f"M{x0:.1f} {y0:.1f}L{x1:.1f} {y1:.1f}" for (x0, y0), (x1, y1) in ends)
    return [svg.element("path", d=d, stroke=_RULE, stroke_width=4, fill="none", class_="lines")]


def _piece(b: Board, q: Position, c: Cell, centre: tuple[float, float]) -> str:
    """Position ``c``: a ring, and a black or white disc on it unless it is the space."""
    x, y = centre
    ring = svg.element("circle", cx=x, cy=y, r=_RING, fill=_BOARD, stroke=_RULE, stroke_width=1.5)
    if c == q.space:
        empty = svg.element(
            "circle", cx=x, cy=y, r=_DISC, fill="none", stroke=_RULE, stroke_dasharray="3 3"
        )
        return svg.element("g", ring, empty, class_="space", data_position=c)
    colour = _cell(b, q, c)
    fill = _INK if colour == BLACK else _PAPER
    disc = svg.element("circle", cx=x, cy=y, r=_DISC, fill=fill, stroke=_INK, stroke_width=1.5)
    kind = "black" if colour == BLACK else "white"
    return svg.element("g", ring, disc, class_=f"piece {kind}", data_position=c)


def _label(c: Cell, centre: tuple[float, float], away: tuple[float, float]) -> str:
    """Position ``c``'s number, set off from its centre in the direction ``away``."""
    x, y = centre
    dx, dy = away
    norm = (dx * dx + dy * dy) ** 0.5 or 1.0
    offset = _RING + 12
    return svg.element(
        "text",
        str(c),
        x=x + dx / norm * offset,
        y=y + dy / norm * offset,
        dy="0.35em",
        fill=_RULE,
        font_size=13,
        font_family="sans-serif",
        text_anchor="middle",
    )


# The puzzles described for the command line


def words(b: Board, q: Position, m: Move) -> str:
    """A move in words, given the position before it.

    >>> words(line(6), Position(0, 0b011111), (5, 0))
    'black 5 jumps to 0 over 1 2 3 4'
    """
    p, s = m
    colour = "black" if _cell(b, q, p) == BLACK else "white"
    return f"{colour} {p} jumps to {s} over {' '.join(map(str, jumped(b, m)))}"


def notation(m: Move) -> str:
    """A move as ``piece>space``.

    >>> notation((5, 0))
    '5>0'
    """
    return f"{m[0]}>{m[1]}"


_MAX_FLAGS = 1 << 24  # the most flags (bytes) an analysis by rank may set aside


def _problem(b: Board, q: Position) -> Problem[Position, Move]:
    """The problem of position ``q`` on board ``b``, with the seed's prune and, while
    its table of flags stays small, the rank as a perfect hash."""
    h, flipping = perfect_hash(b), puzzle(b)
    return Problem(
        puzzle=flipping,
        start=q,
        methods={
            "bfs": methods.bfs(flipping),
            "dfs": methods.dfs(flipping),
            "iddfs": methods.iddfs(flipping, undoes),
        },
        show=partial(show, b),
        state_json=partial(show, b, sep=""),
        move_json=lambda q, m: [m[0], m[1]],
        words=partial(words, b),
        notation=lambda q, m: notation(m),
        draw=partial(draw, b),
        reversible=True,
        perfect_hash=h if h.size <= _MAX_FLAGS else None,
    )


def _cells_option(settings: Settings) -> int:
    """The ``--cells`` setting, checked: a whole number, 3 or more."""
    text = settings.get("cells", "6")
    if not (text.isascii() and text.isdigit() and MIN_CELLS <= int(text) <= MAX_CELLS):
        raise BoardError(f"--cells must be a whole number {MIN_CELLS} to {MAX_CELLS}, not {text!r}")
    return int(text)


def problem(text: str, settings: Settings) -> Problem[Position, Move]:
    """The Flip It problem a text describes: a line as long as the text (the ``cells``
    setting is checked, and sizes only the standard start)."""
    _cells_option(settings)
    b, q = parse_line(text)
    return _problem(b, q)


def standard(settings: Settings) -> str:
    """The seed's start on ``--cells`` positions: the space at 0, every piece black.

    >>> standard({"cells": "6"})
    '.BBBBB'
    """
    return SPACE + BLACK * (_cells_option(settings) - 1)


def star_problem(text: str, settings: Settings) -> Problem[Position, Move]:
    """The Flip It Star problem a text describes (the star takes no settings)."""
    return _problem(STAR, parse(STAR, text))


DESCRIPTION = Description(
    name="flipit",
    title="Flip It: jump pieces over pieces, turning them, until every piece is white",
    text_form="A board is its cells from left to right, 3 or more: '.' the space, 'B' a "
    "black piece, 'W' a white one; whitespace is ignored. A piece jumps along the line over "
    "at least one piece into the space, turning every piece it jumps over.",
    parse=problem,
    examples={"seed": ".BBBBB", "farthest": "BBB.BB"},
    options=(
        Option(
            "cells",
            "positions on the line of the standard start, the space at 0 and the rest black "
            "(used when no board is given; a board's own length wins)",
            "6",
        ),
    ),
    standard=standard,
)

STAR_DESCRIPTION = Description(
    name="flipstar",
    title="Flip It Star: Flip It on the twelve points of a hexagram, along its six lines",
    text_form="A board is its 12 cells in the order of their numbers (0 at the top; 1-4, "
    "5-6, 7-10 across; 11 at the bottom): '.' the space, 'B' black, 'W' white; whitespace is "
    "ignored, so the star as drawn reads back. A piece jumps along a line over one or two "
    "pieces into the space, turning every piece it jumps over.",
    parse=star_problem,
    examples={
        "seed": show(STAR, parse(STAR, ".BBBBBBBBBBB")),
        "farthest": show(STAR, parse(STAR, "BB.WBWBBBWBB")),
    },
)
