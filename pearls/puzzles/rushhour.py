"""Rush Hour, name for name as in chapter 18.

The 6x6 board's cells are numbered so that arithmetic finds neighbours: row ``i``
(0 at the top) holds cells ``7i+1 .. 7i+6``, and the multiples of 7 stand for the
right-hand wall::

     1  2  3  4  5  6
     8  9 10 11 12 13
    15 16 17 18 19 20   <- the exit is at 20
    22 23 24 25 26 27
    29 30 31 32 33 34
    36 37 38 39 40 41

A vehicle is its ``(rear, front)`` cells, with ``rear < front``; it is horizontal when
``r > f - 7``.  A grid lists the vehicles, vehicle 0 (the special car) first.  A move
``(v, c)`` slides vehicle ``v`` by one cell, onto the free cell ``c``.

>>> show(g1).splitlines()[2]
'B.AAGH'
>>> len(bfsolve(g1))
34
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import TypeAlias

from pyrsistent import PVector, pvector

from pearls import methods, search, svg
from pearls.description import NO_SETTINGS, Description, Problem, Settings
from pearls.errors import BoardError
from pearls.search import mkplans
from pearls.toolz_typed import merge_sorted
from pearls.types import Path, Plan, Planner, Puzzle

__all__ = [
    "DESCRIPTION",
    "EXIT",
    "LETTERS",
    "Cell",
    "Grid",
    "Move",
    "Span",
    "Vehicle",
    "adjust",
    "allcells",
    "bfsolve",
    "blocker",
    "covers",
    "dfsolve",
    "draw",
    "expand",
    "fillcells",
    "freecells",
    "freeingmoves",
    "g1",
    "goalmoves",
    "grid",
    "horizontal",
    "move",
    "moves",
    "newplans",
    "notation",
    "occupied",
    "p1",
    "p2",
    "p3",
    "p4",
    "parse",
    "parse_named",
    "planner",
    "premoves",
    "problem",
    "psolve",
    "puzzle",
    "show",
    "solved",
    "undoes",
    "words",
]

Cell = int  # 1..41, multiples of 7 are the right-hand wall; e.g. 20, the exit
Span = tuple[Cell, Cell]  # a vehicle's (rear, front) cells, e.g. (17, 18)
Grid: TypeAlias = PVector[Span]  # vehicle v at index v, the special car first
Vehicle = int  # an index into a grid, e.g. 0, the special car
Move = tuple[Vehicle, Cell]  # vehicle v onto cell c, e.g. (0, 19)

EXIT: Cell = 20

allcells: tuple[Cell, ...] = tuple(c for c in range(1, 42) if c % 7 != 0)


def horizontal(span: Span) -> bool:
    """Whether a vehicle lies along a row: ``r > f - 7``."""
    r, f = span
    return r > f - 7


def fillcells(span: Span) -> list[Cell]:
    """The cells a vehicle covers.

    ``fillcells (r, f) = if r > f-7 then [r .. f] else [r, r+7 .. f]``

    >>> fillcells((17, 18)), fillcells((13, 27))
    ([17, 18], [13, 20, 27])
    """
    r, f = span
    return list(range(r, f + 1, 1 if horizontal(span) else 7))


def occupied(g: Grid) -> list[Cell]:
    """The covered cells, ascending.

    ``occupied = foldr (merge . fillcells) []``

    >>> occupied(grid([(17, 18), (13, 27)]))
    [13, 17, 18, 20, 27]
    """
    return list(merge_sorted(*map(fillcells, g)))


def freecells(g: Grid) -> list[Cell]:
    """The empty cells, ascending.

    ``freecells g = allcells \\\\ occupied g``

    >>> freecells(g1)
    [16, 22, 23, 29, 30, 32, 39]
    """
    taken = set(occupied(g))
    return [c for c in allcells if c not in taken]


def adjs(span: Span) -> tuple[Cell, Cell]:
    """The two cells a vehicle could slide onto, forwards first.

    ``adjs (r, f) = if r > f-7 then [f+1, r-1] else [f+7, r-7]``
    """
    r, f = span
    return (f + 1, r - 1) if horizontal(span) else (f + 7, r - 7)


_PLACES: tuple[Span, ...] = tuple(
    (r, r + d)
    for r in allcells
    for d in (1, 2, 7, 14)
    if set(fillcells((r, r + d))) <= set(allcells)
)  # every place a vehicle of 2 or 3 cells can stand, e.g. (17, 18)
_COVERED: dict[Span, int] = {
    span: sum(1 << c for c in fillcells(span)) for span in _PLACES
}  # the cells a place covers, as bits: (17, 18) -> 2**17 + 2**18
_BESIDE: dict[Span, tuple[Cell, ...]] = {
    span: tuple(c for c in adjs(span) if c in allcells) for span in _PLACES
}  # the board cells a vehicle could slide onto, forwards first: (17, 18) -> (19, 16)


def moves(g: Grid) -> list[Move]:
    """The legal moves, vehicle by vehicle, forwards before backwards.

    ``moves g = [(v, c) | (v, i) <- zip [0..] g, c <- adjs i, c ∈ fs] where fs = freecells g``

    A cell beside a vehicle is in ``fs`` when it is on the board and no vehicle covers
    it.  The board cells beside each place a vehicle can stand, and the cells it covers
    as the bits of one number, are tables worked out once, at import, so the test is
    one bit (``docs/performance.md`` measures the gain).

    >>> moves(g1)
    [(0, 16), (1, 22), (2, 16), (8, 23), (10, 32), (12, 39)]
    """
    taken = 0
    for span in g:
        taken |= _COVERED[span]
    return [(v, c) for v, span in enumerate(g) for c in _BESIDE[span] if not taken >> c & 1]


def adjust(span: Span, c: Cell) -> Span:
    """A vehicle slid one cell onto ``c``.

    ::

        adjust (r, f) c
          | r > f-7   = if c > f then (r+1, c) else (c, f-1)
          | otherwise = if c < r then (c, f-7) else (r+7, c)

    >>> adjust((17, 18), 19), adjust((13, 27), 6)
    ((18, 19), (6, 20))
    """
    r, f = span
    if r > f - 7:
        return (r + 1, c) if c > f else (c, f - 1)
    return (c, f - 7) if c < r else (r + 7, c)


def move(g: Grid, m: Move) -> Grid:
    """The grid after a move.

    ``move g (v, c) = g1 ++ adjust i c : g2 where (g1, i : g2) = splitAt v g``

    ``adjust`` is looked up in a table, like the tables ``moves`` reads.

    >>> move(g1, (0, 16))[0]
    (16, 17)
    """
    v, c = m
    return g.set(v, _ADJUSTED[g[v], c])


_ADJUSTED: dict[tuple[Span, Cell], Span] = {
    (span, c): adjust(span, c) for span in _PLACES for c in _BESIDE[span]
}  # adjust, worked out at import for every place and cell: ((17, 18), 19) -> (18, 19)


def solved(g: Grid) -> bool:
    """Whether the special car's front is at the exit: ``solved g = snd (head g) == 20``."""
    return g[0][1] == EXIT


puzzle: Puzzle[Grid, Move] = Puzzle(moves, move, solved)


def goalmoves(g: Grid) -> Plan[Move]:
    """Drive the special car to the exit, one cell at a time.

    ``goalmoves g = [(0, c) | c <- [snd (head g) + 1 .. 20]]``

    >>> goalmoves(g1)
    ((0, 19), (0, 20))
    """
    return tuple((0, c) for c in range(g[0][1] + 1, EXIT + 1))


def covers(c: Cell, span: Span) -> bool:
    """Whether a vehicle covers cell ``c``.

    ``covers c (r, f) = r <= c && c <= f && (r > f-7 || (c-r) mod 7 == 0)``
    """
    r, f = span
    return r <= c <= f and (horizontal(span) or (c - r) % 7 == 0)


def blocker(g: Grid, c: Cell) -> tuple[Vehicle, Span]:
    """The vehicle covering the occupied cell ``c``.

    ``blocker g c = search (zip [0..] g) c`` where ``search`` takes the first that covers;
    a free cell raises :class:`LookupError` (the book's ``search`` has no case for it).

    >>> blocker(g1, 19)
    (6, (12, 19))
    """
    for v, span in enumerate(g):
        if covers(c, span):
            return v, span
    raise LookupError(f"no vehicle covers cell {c}")


def freeingmoves(c: Cell, blocking: tuple[Vehicle, Span]) -> list[list[Move]]:
    """The ways of sliding a vehicle off cell ``c``: right or left, or up or down.

    ::

        freeingmoves c (v, (r, f))
          | r > f-7   = [[(v, j) | j <- [f+1 .. c+n]] | c+n < k+7] ++
                        [[(v, j) | j <- [r-1, r-2 .. c-n]] | c-n > k]
          | otherwise = [[(v, j) | j <- [r-7, r-14 .. c-m]] | c-m > 0] ++
                        [[(v, j) | j <- [f+7, f+14 .. c+m]] | c+m < 42]
          where (k, m, n) = (f - f mod 7, f-r+7, f-r+1)

    >>> freeingmoves(19, (6, (12, 19)))  # up one cell, or down two
    [[(6, 5)], [(6, 26), (6, 33)]]
    """
    v, (r, f) = blocking
    k, m, n = f - f % 7, f - r + 7, f - r + 1
    if horizontal((r, f)):
        ways = [(c + n < k + 7, range(f + 1, c + n + 1)), (c - n > k, range(r - 1, c - n - 1, -1))]
    else:
        ways = [(c - m > 0, range(r - 7, c - m - 1, -7)), (c + m < 42, range(f + 7, c + m + 1, 7))]
    return [[(v, j) for j in cells] for possible, cells in ways if possible]


def premoves(g: Grid, m: Move) -> list[list[Move]]:
    """The ways of clearing the cell that move ``m`` needs.

    ``premoves g (v, c) = freeingmoves c (blocker g c)``
    """
    _, c = m
    return freeingmoves(c, blocker(g, c))


def expand(g: Grid, m: Move) -> list[Move]:
    """A move of any length as one-cell moves of the same vehicle.

    ::

        expand g (v, c)
          | r > f-7   = if c > f then [(v, p) | p <- [f+1 .. c]]
                        else [(v, p) | p <- [r-1, r-2 .. c]]
          | otherwise = if c > f then [(v, p) | p <- [f+7, f+14 .. c]]
                        else [(v, p) | p <- [r-7, r-14 .. c]]
          where (r, f) = g !! v

    >>> expand(move(g1, (0, 16)), (0, 19))
    [(0, 18), (0, 19)]
    """
    v, c = m
    r, f = g[v]
    step = 1 if horizontal((r, f)) else 7
    if c > f:
        return [(v, p) for p in range(f + step, c + 1, step)]
    return [(v, p) for p in range(r - step, c - 1, -step)]


def newplans(g: Grid, plan: Plan[Move]) -> list[Plan[Move]]:
    """Plans whose first move is legal, after expanding the first move into one-cell moves.

    ::

        newplans g []       = []
        newplans g (m : ms) = mkplans (expand g m ++ ms)

    with ``mkplans`` as in :func:`pearls.search.mkplans`.  A premove may have slid the
    special car back, so a planned move can need several cells: hence ``expand``.
    Should ``expand`` leave nothing (the vehicle already covers the cell) of a plan of
    one move, the book's ``head`` would fail; here that plan yields no new plans.

    >>> for plan in newplans(g1, goalmoves(g1)):
    ...     print(plan)
    ((0, 16), (4, 18), (5, 4), (5, 3), (6, 5), (0, 19), (0, 20))
    ((8, 23), (6, 26), (6, 33), (0, 19), (0, 20))
    """
    if not plan:
        return []
    m, *ms = plan
    legal = moves(g)
    return mkplans(legal, lambda m: premoves(g, m), (*expand(g, m), *ms))


planner: Planner[Grid, Move] = Planner(puzzle, goalmoves, newplans)


def bfsolve(g: Grid) -> list[Move] | None:
    """A shortest solution: ``bfsolve g = bfsearch' [] [] [([], g)]``."""
    return search.bfsolve(puzzle, g)


def dfsolve(g: Grid) -> list[Move] | None:
    """A depth-first solution: ``dfsolve g = dfsearch [] [([], g)]``."""
    return search.dfsolve(puzzle, g)


def psolve(g: Grid) -> list[Move] | None:
    """A planned solution: ``psolve g = psearch' [] [] [([], g, goalmoves g)]``."""
    return search.psolve(planner, g)


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
    if not _on_exit_row(g[0]):
        raise BoardError(f"the special car {g[0]} must lie along the exit row, cells 15..20")
    _check_overlap(g)
    return g


def _on_exit_row(span: Span) -> bool:
    r, f = span
    return horizontal(span) and EXIT - 5 <= r < f <= EXIT


def _check_span(v: Vehicle, span: Span) -> None:
    r, f = span
    cells = fillcells(span) if r < f else []
    if not (2 <= len(cells) <= 3 and f in cells and set(cells) <= set(allcells)):
        raise BoardError(f"vehicle {v} {span} is not 2 or 3 board cells in a line, rear first")


def _check_overlap(g: Grid) -> None:
    owner: dict[Cell, Vehicle] = {}
    for v, span in enumerate(g):
        for c in fillcells(span):
            if c in owner:
                raise BoardError(f"vehicles {owner[c]} and {v} both cover cell {c}")
            owner[c] = v


g1 = grid([(17, 18), (1, 15), (2, 9), (3, 10), (4, 11), (5, 6), (12, 19), (13, 27), (24, 26),
           (31, 38), (33, 34), (36, 37), (40, 41)])  # fmt: skip
p1 = g1
p2 = grid([(15, 16), (1, 8), (4, 6), (9, 10), (11, 18), (17, 24), (20, 34), (31, 38), (32, 33),
           (39, 41)])  # fmt: skip
p3 = grid([(16, 17), (1, 15), (3, 10), (4, 6), (11, 18), (22, 23), (24, 25), (27, 41), (36, 37),
           (38, 39)])  # fmt: skip
p4 = grid([(18, 19), (1, 15), (2, 3), (5, 12), (9, 16), (10, 17), (13, 27), (22, 24), (25, 32),
           (31, 38), (33, 34), (36, 37), (39, 40)])  # fmt: skip


LETTERS = "ABCDEFGHIJKLMNPQRSTUVWYZ"  # vehicle v is drawn as LETTERS[v]; no O or X
EMPTY = ".o"  # either character marks an empty cell
WALL = "x"


def show(g: Grid, sep: str = "\n", letters: Sequence[str] = LETTERS) -> str:
    """The board as 6 rows of 6 characters, ``.`` for empty, vehicle ``v`` as
    ``letters[v]`` (the special car is ``A``); ``sep=""`` gives the one-line form.

    >>> print(show(g1))
    BCDEFF
    BCDEGH
    B.AAGH
    ..IIIH
    ..J.KK
    LLJ.MM
    """
    board = dict.fromkeys(allcells, ".")
    for v, span in enumerate(g):
        board.update(dict.fromkeys(fillcells(span), letters[v]))
    rows = ("".join(board[c] for c in allcells[i : i + 6]) for i in range(0, 36, 6))
    return sep.join(rows)


def parse(text: str) -> Grid:
    """The grid a text board shows: 36 characters, row by row, whitespace ignored.

    ``.`` or ``o`` is an empty cell, ``A`` the special car, and any other letter a
    vehicle of 2 or 3 cells in a line; case counts (``x`` is a wall, which is refused,
    ``X`` a vehicle).  Vehicles come special car first, then
    by rear cell, as in the book, so ``parse(show(g)) == g`` for its examples.  Raises
    :class:`~pearls.errors.BoardError` saying what is wrong and where.

    >>> parse("..... . ..... . ..AA.. " + "." * 18) == grid([(17, 18)])
    True
    >>> parse(show(p2)) == p2
    True
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
    cells = "".join(text.split())
    if len(cells) != 36:
        raise BoardError(f"a board has 36 cells (6 rows of 6), this text has {len(cells)}")
    marked: dict[str, list[Cell]] = {}
    for c, char in zip(allcells, cells, strict=True):
        if char not in EMPTY:
            marked.setdefault(_vehicle_letter(char, c), []).append(c)
    if "A" not in marked:
        raise BoardError("no special car: mark it with A on row 3, the exit row")
    spans = {letter: _span(letter, marked[letter]) for letter in marked}
    others = sorted(set(spans) - {"A"}, key=lambda letter: spans[letter][0])
    letters = ["A", *others]
    return grid(spans[letter] for letter in letters), "".join(letters)


def _where(c: Cell) -> str:
    return f"row {(c - 1) // 7 + 1}, column {(c - 1) % 7 + 1}"


def _vehicle_letter(char: str, c: Cell) -> str:
    if char == WALL:
        raise BoardError(f"wall 'x' at {_where(c)}: walls are not supported")
    if not (char.isascii() and char.isalpha()):
        raise BoardError(
            f"unknown character {char!r} at {_where(c)}: use '.' or 'o' for empty, "
            "a letter for a vehicle"
        )
    return char


def _span(letter: str, cells: list[Cell]) -> Span:
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
    if letter == "A" and not _on_exit_row(span):
        raise BoardError(f"the special car A at {_where(cells[0])} must lie along row 3, across")
    return span


def _pieces(cells: list[Cell]) -> list[list[Cell]]:
    """The 4-connected pieces of some cells, each ascending (c+1 and c+7 are a cell's
    right and lower neighbours; the wall numbers keep rows apart)."""
    unseen = set(cells)
    pieces = []
    for c in cells:
        if c not in unseen:
            continue
        piece, frontier = [], [c]
        unseen.discard(c)
        while frontier:
            d = frontier.pop()
            piece.append(d)
            near = {d - 7, d - 1, d + 1, d + 7} & unseen
            unseen -= near
            frontier.extend(near)
        pieces.append(sorted(piece))
    return pieces


# Drawing

_CELL = 40  # a cell's side, in SVG units
_PAD = 16  # room around the board for its wall
_ROOM_FOR_ARROW = 28  # room right of the wall for the exit's arrow
_INSET = 3  # the gap between a vehicle and the edges of its cells
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


def draw(g: Grid, letters: Sequence[str] = LETTERS, walls: Collection[Cell] = ()) -> str:
    """The board as a standalone SVG document: the 6x6 board, each vehicle ``v`` a rounded
    rectangle over its cells with ``letters[v]`` in the middle, the special car red, and
    the exit a gap in the wall at the right end of the third row, with an arrow.

    Vehicle ``v > 0`` takes colour ``v - 1`` of a fixed palette of 17 (as many as a board
    holds), so a drawing depends on the grid and the letters alone.  ``walls``, fixed
    one-cell blocks that the players' boards may have (:mod:`pearls.puzzles.rushhour_players`),
    are dark squares; without them the drawing is the chapter's.

    >>> picture = draw(g1)
    >>> picture.startswith("<svg"), picture.count('class="vehicle"'), "<text" in picture
    (True, 13, True)
    >>> draw(grid([(17, 18)]), walls=[4]).count('class="block"')
    1
    """
    size = 6 * _CELL
    vehicles = (_vehicle(v, span, letters[v]) for v, span in enumerate(g))
    blocks = (_block(c) for c in sorted(walls))
    width, height = size + 2 * _PAD + _ROOM_FOR_ARROW, size + 2 * _PAD
    title = f"Rush Hour board, {len(g)} vehicles"
    if walls:
        title += f", {len(walls)} wall{'' if len(walls) == 1 else 's'}"
    return svg.document(width, height, *_board(), *blocks, *vehicles, title=title)


def _block(c: Cell) -> str:
    """A wall on cell ``c``: a dark square, inset like a vehicle."""
    x, y = _corner(c)
    side = _CELL - 2 * _INSET
    return svg.element(
        "rect",
        x=x + _INSET,
        y=y + _INSET,
        width=side,
        height=side,
        rx=3,
        fill="#3b3b3b",
        class_="block",
        data_cell=c,
    )


def _corner(c: Cell) -> tuple[int, int]:
    """The (x, y) of a cell's top left corner: row ``i`` holds cells ``7i+1 .. 7i+6``."""
    row, col = divmod(c - 1, 7)
    return _PAD + col * _CELL, _PAD + row * _CELL


def _board() -> list[str]:
    """The empty board: a light square, the grid lines, the wall, the exit's arrow."""
    size = 6 * _CELL
    lines = "".join(
        f"M{_PAD + k * _CELL} {_PAD}v{size}M{_PAD} {_PAD + k * _CELL}h{size}" for k in range(1, 6)
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
    (left, top), (x, y) = _corner(allcells[0]), _corner(allcells[-1])
    right, bottom = x + _CELL, y + _CELL
    _, gap = _corner(EXIT)
    d = f"M{right} {gap}V{top}H{left}V{bottom}H{right}V{gap + _CELL}"
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
    x, y = _corner(EXIT)
    tail, tip, middle = x + _CELL + 6, x + _CELL + _ROOM_FOR_ARROW - 4, y + _CELL // 2
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
    x, y = _corner(cells[0])
    across, down = (len(cells), 1) if horizontal(span) else (1, len(cells))
    width, height = across * _CELL - 2 * _INSET, down * _CELL - 2 * _INSET
    fill, ink = (_RED, _INK_LIGHT) if v == 0 else _PALETTE[(v - 1) % len(_PALETTE)]
    body = svg.element(
        "rect",
        x=x + _INSET,
        y=y + _INSET,
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
        x=x + across * _CELL / 2,
        y=y + down * _CELL / 2,
        dy="0.35em",
        fill=ink,
        font_size=20,
        font_weight="bold",
        font_family="sans-serif",
        text_anchor="middle",
    )
    return svg.element("g", body, label, class_="vehicle", data_vehicle=v)


# The puzzle described for the command line


def words(g: Grid, m: Move, letters: Sequence[str] = LETTERS) -> str:
    """A move in words, given the grid before it.

    >>> words(g1, (0, 16))
    'A left  (vehicle 0 to cell 16)'
    """
    v, c = m
    forward = c > g[v][1]
    if horizontal(g[v]):
        direction = "right" if forward else "left"
    else:
        direction = "down" if forward else "up"
    return f"{letters[v]} {direction:<5} (vehicle {v} to cell {c})"


def notation(g: Grid, m: Move, letters: Sequence[str] = LETTERS) -> str:
    """A move as its vehicle's letter and the signed number of cells it slides, ``+``
    right or down, ``-`` left or up (the notation of the puzzle's players).

    >>> notation(g1, (0, 16)), notation(g1, (2, 16))
    ('A-1', 'C+1')
    """
    v, c = m
    r, f = g[v]
    step = 1 if horizontal((r, f)) else 7
    shift = (c - f) // step if c > f else (c - r) // step
    return f"{letters[v]}{shift:+d}"


def undoes(p: Path[Grid, Move], m: Move) -> bool:
    """Whether ``m`` slides the vehicle that the path moved last straight back: never
    part of a shortest solution, so iterative deepening need not try it.

    >>> from pearls.types import start
    >>> after = Path(start(g1).history.cons((0, 16)), move(g1, (0, 16)))
    >>> undoes(after, (0, 18)), undoes(after, (2, 16))
    (True, False)
    """
    if not p.history:
        return False
    v, c = p.history.first
    w, d = m
    front: Cell = p.state[v][1]
    return v == w and (d > front) != (c == front)


def problem(text: str, settings: Settings = NO_SETTINGS) -> Problem[Grid, Move]:
    """The problem a text board describes, shown with the board's own letters (Rush Hour
    takes no settings)."""
    g, letters = parse_named(text)
    return Problem(
        puzzle=puzzle,
        start=g,
        methods={
            "bfs": methods.bfs(puzzle),
            "plan": methods.plan(planner),
            "dfs": methods.dfs(puzzle),
        },
        show=lambda g: show(g, letters=letters),
        state_json=lambda g: show(g, sep="", letters=letters),
        move_json=lambda g, m: [m[0], m[1]],
        words=lambda g, m: words(g, m, letters),
        notation=lambda g, m: notation(g, m, letters),
        draw=lambda g: draw(g, letters),
        reversible=True,
    )


DESCRIPTION = Description(
    name="rushhour",
    title="Rush Hour: drive the special car A out through the exit (Bird, chapter 18)",
    text_form="A board is 6 rows of 6 characters: '.' or 'o' empty, 'A' the special car on "
    "row 3 (the exit is at its right end), any other letter a vehicle of 2 or 3 cells in a "
    "line. Whitespace is ignored. A move slides one vehicle one cell.",
    parse=problem,
    examples={
        name: show(g) for name, g in (("g1", g1), ("p1", p1), ("p2", p2), ("p3", p3), ("p4", p4))
    },
)
