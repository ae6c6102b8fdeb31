"""The knight's tour: visit every square of a board once with a knight's jumps, and for a
closed tour jump back to the first square at the end.

The state is a partial tour, ``moves`` lists the unvisited squares one jump away from its
end, and ``solved`` recognises a tour of every square (that closes, when asked), so the
chapter's ``dfsolve`` finds a tour and :func:`~pearls.backtrack.solutions` finds them all.

The board is any set of squares.  Problem A of the source (M. Hiroi's Scheme puzzles)
is the 12-square board of rows 2, 4, 4, 2, its squares numbered in reading order::

       0  1
    2  3  4  5
    6  7  8  9
      10 11

and has exactly 4 closed tours from square 0, two up to direction:

>>> from pearls.backtrack import solutions
>>> len(list(solutions(puzzle(SEED, closed=True), start(SEED))))
4

A square's number is its place in reading order (``Cell``); a board given by its size
(``8x8``) shows its squares as ``[row, column]`` instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple, TypeAlias

from pearls import methods, svg
from pearls.backtrack import Order, ordered
from pearls.description import JSON, Description, Option, Problem, Settings
from pearls.errors import BoardError
from pearls.types import Puzzle

__all__ = [
    "DESCRIPTION",
    "JUMPS",
    "SEED",
    "SEED_TEXT",
    "Board",
    "Cell",
    "Square",
    "Tour",
    "board",
    "board_text",
    "draw",
    "move",
    "moves",
    "parse",
    "problem",
    "puzzle",
    "rectangle",
    "show",
    "solved",
    "start",
    "warnsdorff",
]

Cell: TypeAlias = int  # a square's number in reading order, e.g. 5 (the seed board: 0..11)
Square: TypeAlias = tuple[int, int]  # (row, column), 0-based from the top left, e.g. (1, 3)

JUMPS: tuple[Square, ...] = (  # a knight's jumps as (rows, columns), in reading order
    (-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1),
)  # fmt: skip

MAX_SIDE = 32  # the most rows or columns a board may have
MAX_SQUARES = 400  # the most squares a board may have


@dataclass(frozen=True)
class Board:
    """The squares of a board in reading order (cell ``c`` is ``squares[c]``), the cell
    the knight starts on, and whether cells are shown as ``[row, column]`` (a board
    given by its size) or as their numbers (a board drawn square by square)."""

    squares: tuple[Square, ...]
    first: Cell = 0
    as_squares: bool = False

    @cached_property
    def jumps(self) -> tuple[tuple[Cell, ...], ...]:
        """The cells one knight's jump from each cell, ascending, e.g. ``SEED.jumps[0]
        == (5, 6, 8)``."""
        number = {s: c for c, s in enumerate(self.squares)}
        around = (((r + dr, c + dc) for dr, dc in JUMPS) for r, c in self.squares)
        return tuple(tuple(sorted(number[s] for s in near if s in number)) for near in around)

    @cached_property
    def balanced(self) -> bool:
        """Whether the board has as many light squares as dark ones: a knight changes
        colour at every jump, so a closed tour needs this."""
        light = sum((r + c) % 2 == 0 for r, c in self.squares)
        return 2 * light == len(self.squares)


class Tour(NamedTuple):
    """A partial tour: the cells visited, the first first, and the same cells as a bit
    set (bit ``c`` for cell ``c``), for a visit test in constant time, e.g.
    ``Tour((0, 5, 7), 0b10100001)``."""

    cells: tuple[Cell, ...]
    seen: int


def start(b: Board) -> Tour:
    """The tour that stands on the first square: ``Tour((first,), 1 << first)``."""
    return Tour((b.first,), 1 << b.first)


# The three functions


def moves(b: Board, t: Tour, closed: bool = False) -> list[Cell]:
    """The unvisited cells one jump from the tour's last cell, in reading order, but for
    jumps that strand a square.

    ``moves t = [c | c <- jumps (last t), c ∉ t, not (strands t c)]``

    A jump strands a square to visit when it leaves it too few ways on: once the knight
    leaves the tour's last square, that square is closed to the squares around it, and
    each of them still needs a way in, and on a closed tour a way out as well (the jump
    home counts; see :func:`_strands`).  A closed tour must also be able to come home, so it
    has no moves on a board with more squares of one colour than of the other (every
    jump changes colour), nor once every square a jump from the first is visited while
    some square is still to visit.  None of these rules loses a tour; they only stop
    early the searches that would find none.

    >>> moves(SEED, start(SEED)), moves(SEED, move(start(SEED), 5))
    ([5, 6, 8], [7, 11])
    >>> moves(SEED, move(start(SEED), 5), closed=True)  # 11 would leave square 7 one way
    [7]
    """
    jumps, seen = b.jumps, t.seen
    if closed and not (b.balanced and any(not seen >> c & 1 for c in jumps[t.cells[0]])):
        return []
    return [c for c in jumps[t.cells[-1]] if not seen >> c & 1 and not _strands(b, t, c, closed)]


def _strands(b: Board, t: Tour, c: Cell, closed: bool) -> bool:
    """Whether jumping to ``c`` leaves a square around the tour's last square with too
    few ways on.

    After the jump, a square still to visit can be entered from an unvisited square or
    from ``c``, and a closed tour may leave its last square for the first.  Each square
    to visit needs one such neighbour (the square it is entered from), and on a closed
    tour two (it is left again, for the next square or home).  The jump takes a way
    only from the squares around the tour's last square, so only they are checked.
    """
    jumps, seen, home = b.jumps, t.seen | 1 << c, t.cells[0]
    need = 2 if closed else 1
    for d in jumps[t.cells[-1]]:
        if seen >> d & 1:
            continue
        ways = sum(not seen >> e & 1 or e == c or (closed and e == home) for e in jumps[d])
        if ways < need:
            return True
    return False


def move(t: Tour, c: Cell) -> Tour:
    """The tour one jump longer, ending on ``c``: ``move t c = t ++ [c]``."""
    return Tour((*t.cells, c), t.seen | 1 << c)


def solved(b: Board, t: Tour, closed: bool = False) -> bool:
    """Whether the tour visits every square and, when ``closed``, its last square is a
    jump from its first, so that the knight can jump home.

    ``solved t = length t == size b && (not closed || head t ∈ jumps (last t))``

    A tour of 2 squares does not count as closed: jumping back along the same jump makes
    no cycle (a knight's shortest has 4 squares).

    >>> solved(SEED, start(SEED)), solved(board("K"), start(board("K")))
    (False, True)
    """
    if len(t.cells) != len(b.squares):
        return False
    return not closed or (len(t.cells) > 2 and t.cells[0] in b.jumps[t.cells[-1]])


def puzzle(b: Board, closed: bool = False) -> Puzzle[Tour, Cell]:
    """The knight's tour on board ``b``, open or closed, as the chapter's three
    functions.

    >>> from pearls.search import dfsolve
    >>> dfsolve(puzzle(SEED, closed=True), start(SEED))
    [5, 7, 1, 9, 3, 11, 6, 4, 10, 2, 8]
    """
    return Puzzle(
        moves=lambda t: moves(b, t, closed),
        move=move,
        solved=lambda t: solved(b, t, closed),
    )


def warnsdorff(b: Board) -> Order[Tour, Cell]:
    """Warnsdorff's rule (1823): jump first to the square with the fewest onward jumps;
    among equals, first to the one farthest from the tour's first square (so that the
    tour works its way back home at the end, which a closed tour needs), then in reading
    order.

    ``order t ms = sortOn (\\c -> (onward c, - distance (head t) c)) ms``

    where ``onward c = length [d | d <- jumps c, d ∉ t]``.

    >>> b = rectangle(5, 5)
    >>> t = move(start(b), 7)  # from the top left corner to row 1, column 2
    >>> moves(b, t)
    [4, 10, 14, 16, 18]
    >>> warnsdorff(b)(t, moves(b, t))  # 4 has one onward jump, the others 3
    [4, 14, 18, 16, 10]
    """
    jumps = b.jumps

    def priority(t: Tour, c: Cell) -> tuple[int, int]:
        (r, col), (r0, c0) = b.squares[c], b.squares[t.cells[0]]
        onward = sum(not t.seen >> d & 1 for d in jumps[c])
        return onward, -((r - r0) ** 2 + (col - c0) ** 2)

    return lambda t, ms: sorted(ms, key=lambda c: priority(t, c))


# Boards as text


SEED_TEXT = "#K.#/..../..../#..#"  # problem A: rows of 2, 4, 4, 2; K its square 0
_SIZE = re.compile(
    r"\s*(?P<rows>[0-9]+)\s*[xX\u00d7]\s*(?P<cols>[0-9]+)"
    r"\s*(?:from\s+(?P<r>[0-9]+)\s*,\s*(?P<c>[0-9]+)\s*)?$"
)


def rectangle(rows: int, cols: int, first: Square = (0, 0)) -> Board:
    """The full ``rows`` x ``cols`` board, cells shown as ``[row, column]``, the knight
    on ``first``.

    >>> len(rectangle(8, 8).squares), rectangle(8, 8).jumps[0]
    (64, (10, 17))
    """
    for what, n in (("rows", rows), ("columns", cols)):
        if not 1 <= n <= MAX_SIDE:
            raise BoardError(f"a board has 1 to {MAX_SIDE} {what}, not {n}")
    if rows * cols > MAX_SQUARES:
        raise BoardError(f"a board has at most {MAX_SQUARES} squares, not {rows * cols}")
    r, c = first
    if not (0 <= r < rows and 0 <= c < cols):
        raise BoardError(f"the first square {r},{c} is off the {rows}x{cols} board")
    squares = tuple((i, j) for i in range(rows) for j in range(cols))
    return Board(squares, r * cols + c, as_squares=True)


def board(text: str) -> Board:
    """A board drawn row by row: ``.`` a square, ``K`` the square the knight starts on
    (default: the first), ``#`` a hole; rows separated by new lines or ``/``; spaces
    ignored; a row may stop short (the rest are holes).

    >>> board(SEED_TEXT) == SEED
    True
    >>> board("K..")
    Board(squares=((0, 0), (0, 1), (0, 2)), first=0, as_squares=False)
    """
    rows = text.replace("/", "\n").split("\n")
    while rows and not rows[-1].strip():
        rows.pop()
    while rows and not rows[0].strip():
        rows.pop(0)
    squares: list[Square] = []
    knights: list[Square] = []
    for i, row in enumerate(rows):
        for j, char in enumerate("".join(row.split())):
            if char in ".Kk":
                squares.append((i, j))
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
    if len(squares) > MAX_SQUARES:
        raise BoardError(f"a board has at most {MAX_SQUARES} squares, not {len(squares)}")
    rows, cols = max(r for r, _ in squares) + 1, max(c for _, c in squares) + 1
    if max(rows, cols) > MAX_SIDE:
        raise BoardError(f"a board has at most {MAX_SIDE} rows and columns, not {rows}x{cols}")
    if len(knights) > 1:
        where = " and ".join(f"row {r + 1}, column {c + 1}" for r, c in knights[:2])
        raise BoardError(f"more than one knight: at {where}")
    first = squares.index(knights[0]) if knights else 0
    return Board(tuple(squares), first)


def parse(text: str) -> Board:
    """A board from its text: a size ``MxN`` (``8x8``, rows by columns, optionally
    ``8x8 from 3,4`` for the first square, 0-based) or a board drawn square by square
    (:func:`board`).

    >>> parse("5x5 from 2,2").first, parse("#K.#/..../..../#..#") == SEED
    (12, True)
    """
    sized = _SIZE.match(text)
    if sized is None:
        return board(text)
    first = (int(sized["r"] or 0), int(sized["c"] or 0))
    return rectangle(int(sized["rows"]), int(sized["cols"]), first)


def board_text(b: Board) -> str:
    """The board's text, which :func:`parse` reads back: its size and first square for
    a board given by size, else its rows drawn, joined by ``/``.

    >>> board_text(SEED), board_text(rectangle(8, 8))
    ('#K./..../..../#..', '8x8 from 0,0')
    """
    rows = max(r for r, _ in b.squares) + 1
    cols = max(c for _, c in b.squares) + 1
    first = b.squares[b.first]
    if b.as_squares:
        return f"{rows}x{cols} from {first[0]},{first[1]}"
    grid = [["#"] * cols for _ in range(rows)]
    for r, c in b.squares:
        grid[r][c] = "K" if (r, c) == first else "."
    return "/".join("".join(row).rstrip("#") or "#" for row in grid)


SEED = board(SEED_TEXT)


# Showing a tour


def _cell_json(b: Board, c: Cell) -> JSON:
    """A cell as JSON: ``[row, column]`` on a board given by size, else its number."""
    r, col = b.squares[c]
    return [r, col] if b.as_squares else c


def _cell_notation(b: Board, c: Cell) -> str:
    """A cell in few characters: ``5``, or ``2,3`` (row and column, 0-based)."""
    r, col = b.squares[c]
    return f"{r},{col}" if b.as_squares else str(c)


def _cell_words(b: Board, c: Cell) -> str:
    """A cell in words: ``square 5`` or ``row 2, column 3`` (1-based)."""
    r, col = b.squares[c]
    return f"row {r + 1}, column {col + 1}" if b.as_squares else f"square {c}"


def show(b: Board, t: Tour) -> str:
    """The board with each visited square's step (0 the first), ``.`` for the squares to
    visit, and blanks for holes, as in the source's figures.

    >>> print(show(SEED, move(start(SEED), 5)))
        0  .
     .  .  .  1
     .  .  .  .
        .  .
    """
    width = len(str(len(b.squares) - 1))
    step = {c: i for i, c in enumerate(t.cells)}
    rows = max(r for r, _ in b.squares) + 1
    cols = max(c for _, c in b.squares) + 1
    grid = [[""] * cols for _ in range(rows)]
    for c, (r, col) in enumerate(b.squares):
        grid[r][col] = str(step[c]) if c in step else "."
    lines = (" ".join(f"{cell:>{width}}" for cell in row).rstrip() for row in grid)
    return "\n".join(lines)


# Drawing

_SIDE = 40  # a square's side, in SVG units
_PAD = 10  # room around the board
_LIGHT, _DARK = "#f0d9b5", "#b58863"  # the squares' colours, as on a chessboard
_PATH = "#1f4e9c"  # the knight's path


def draw(b: Board, t: Tour, closed: bool = False) -> str:
    """The tour drawn on its board: the squares light and dark, the path of jumps as a
    line through their centres (with the jump home dashed, once a closed tour is
    complete), each visited square numbered with its step, the first one ringed.

    >>> picture = draw(SEED, move(start(SEED), 5))
    >>> picture.startswith("<svg"), picture.count('class="square"'), picture.count("<text")
    (True, 12, 2)
    """
    rows = max(r for r, _ in b.squares) + 1
    cols = max(c for _, c in b.squares) + 1
    width, height = cols * _SIDE + 2 * _PAD, rows * _SIDE + 2 * _PAD
    squares = [_square(r, c) for r, c in b.squares]
    centres = [_centre(b.squares[c]) for c in t.cells]
    complete = closed and len(t.cells) == len(b.squares) and len(t.cells) > 2
    title = f"knight's tour, {len(t.cells)} of {len(b.squares)} squares"
    return svg.document(
        width,
        height,
        *squares,
        *_path(centres, complete),
        *(_step(i, x, y) for i, (x, y) in enumerate(centres)),
        title=title,
    )


def _centre(s: Square) -> tuple[float, float]:
    """The (x, y) of a square's centre."""
    r, c = s
    return _PAD + (c + 0.5) * _SIDE, _PAD + (r + 0.5) * _SIDE


def _square(r: int, c: int) -> str:
    """One square of the board, light or dark."""
    fill = _LIGHT if (r + c) % 2 == 0 else _DARK
    x, y = _PAD + c * _SIDE, _PAD + r * _SIDE
    return svg.element("rect", x=x, y=y, width=_SIDE, height=_SIDE, fill=fill, class_="square")


def _path(centres: list[tuple[float, float]], complete: bool) -> list[str]:
    """The jumps as a line through the squares' centres, and the jump home dashed."""
    line: dict[str, svg.Attr] = dict(
        fill="none", stroke=_PATH, stroke_width=2.5, stroke_opacity=0.7
    )
    drawn = []
    if len(centres) > 1:
        points = " ".join(f"{x:g},{y:g}" for x, y in centres)
        drawn.append(svg.element("polyline", points=points, class_="path", **line))
    if complete:
        (x1, y1), (x2, y2) = centres[-1], centres[0]
        drawn.append(
            svg.element(
                "line", x1=x1, y1=y1, x2=x2, y2=y2, stroke_dasharray="5 4", class_="home", **line
            )
        )
    return drawn


def _step(i: int, x: float, y: float) -> str:
    """The step ``i`` at a square's centre on a white disc, the first one ringed."""
    ring: dict[str, svg.Attr] = dict(stroke=_PATH, stroke_width=2.5) if i == 0 else {}
    disc = svg.element("circle", cx=x, cy=y, r=_SIDE * 0.3, fill="#ffffff", **ring)
    label = svg.element(
        "text",
        str(i),
        x=x,
        y=y,
        dy="0.35em",
        font_size=14 if i < 100 else 11,
        font_family="sans-serif",
        text_anchor="middle",
        fill="#1a1a1a",
    )
    return svg.element("g", disc, label, class_="step")


# The puzzle described for the command line

_ORDERS = ("warnsdorff", "board")


def problem(text: str, settings: Settings) -> Problem[Tour, Cell]:
    """The tour problem a board's text describes, under the settings ``size`` (when
    given, the text must be that size), ``closed`` (``yes`` or ``no``) and ``order``
    (``warnsdorff`` or ``board``: the order jumps are tried in)."""
    size = settings.get("size", "")
    if size and not _SIZE.match(size):
        raise BoardError(f"--size takes rows x columns, e.g. 8x8, not {size!r}")
    if size and text.strip() != size.strip():
        raise BoardError(f"--size {size} and a board were both given: give one of them")
    b = parse(text)
    closed = settings.get("closed", "yes") == "yes"
    tour = puzzle(b, closed)
    if settings.get("order", _ORDERS[0]) == "warnsdorff":
        tour = ordered(tour, warnsdorff(b))
    return Problem(
        puzzle=tour,
        start=start(b),
        methods={"dfs": methods.dfs(tour)},
        show=lambda t: show(b, t),
        state_json=lambda t: [_cell_json(b, c) for c in t.cells],
        move_json=lambda c: _cell_json(b, c),
        words=lambda t, c: f"jump to {_cell_words(b, c)}",
        notation=lambda t, c: _cell_notation(b, c),
        draw=lambda t: draw(b, t, closed),
        answer=lambda t: [_cell_json(b, c) for c in t.cells],
    )


def _standard(settings: Settings) -> str:
    """The board to tour when none is given: ``--size``'s rectangle, else problem A."""
    return settings.get("size", "") or SEED_TEXT


DESCRIPTION = Description(
    name="knight",
    title="Knight's tour: visit every square once with a knight's jumps, closed or open",
    text_form="A board is a size, '8x8' (rows x columns, the knight on the top left square, "
    "or '8x8 from 3,4' on row 3, column 4, counted from 0), or drawn row by row: '.' a "
    "square, 'K' the knight's first square, '#' a hole, rows separated by new lines or '/', "
    "e.g. problem A: '#K.#/..../..../#..#'. A move jumps to a square, shown as its number "
    "in reading order, or as [row, column] on a board given by size.",
    parse=problem,
    examples={
        "seed": SEED_TEXT,
        "5x5": "5x5",
        "6x6": "6x6",
        "8x8": "8x8",
        "4x4": "4x4",
    },
    options=(
        Option("size", "a rectangular board, rows x columns, e.g. 8x8", "", metavar="MxN"),
        Option("closed", "whether the tour must end a jump from its start", "yes", ("yes", "no")),
        Option("order", "the order jumps are tried in", _ORDERS[0], _ORDERS, metavar="ORDER"),
    ),
    standard=_standard,
    answer_key="tour",
    enumerable=True,
)
