"""NO-OFF, Nob Yoshigahara's sliding puzzle (seed 003, M. Hiroi, 2009).

A tray of two rows of four cells, numbered as the seed numbers them::

    0 1 2 3
    4 5 6 7

holds a bulb ``LL`` two cells wide, the letters N, O, O, F, F, and one space.  A letter
slides into the space beside it, across or up and down; the bulb slides along the top
row only, one cell at a time, and never leaves it.  The goal: turn problem A's ON-OFF
into NO-OFF, ``LLNO OFF.``.  As the seed counts them, there are 540 positions: the bulb
in 3 places, the space in 6 of the cells left, N in 5, the two O in 6 ways.

A tray is its eight cells as a string, row by row, which is also its text form; a move
``(c, s)`` slides the piece on cell ``c`` (for the bulb, its cell beside the space) into
the space ``s``.

>>> moves(A)
[(3, 7), (6, 7)]
>>> len(bfsolve(A)), len(bfsolve(B))
(44, 56)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from itertools import combinations, pairwise

from pearls import methods, search, svg
from pearls.analysis import PerfectHash
from pearls.description import NO_SETTINGS, Description, Problem, Settings
from pearls.errors import BoardError
from pearls.types import Path, Plan, Planner, Puzzle

__all__ = [
    "ADJACENT",
    "BULB",
    "DESCRIPTION",
    "GOAL",
    "HOMES",
    "PIECES",
    "SPACE",
    "A",
    "B",
    "Cell",
    "Move",
    "Tray",
    "bfsolve",
    "dfsolve",
    "draw",
    "goalmoves",
    "move",
    "moves",
    "notation",
    "parse",
    "perfect_hash",
    "planner",
    "premoves",
    "problem",
    "psolve",
    "puzzle",
    "rank",
    "show",
    "solved",
    "undoes",
    "unrank",
    "words",
]

Tray = str  # the 8 cells row by row: "LL" the bulb, N O O F F, "." the space, e.g. "LLONOFF."
Cell = int  # 0..7, the top row 0..3, e.g. 7, the bottom right
Move = tuple[Cell, Cell]  # (c, s): the piece on c slides into the space s, e.g. (3, 7)

BULB, SPACE = "L", "."
PIECES = "LLNOOFF."  # what every tray holds, sorted as the goal lists it
GOAL: Tray = "LLNOOFF."
A: Tray = "LLONOFF."  # the seed's problem A, ON-OFF
B: Tray = "NOLLFOF."  # the seed's problem B, one of the three farthest from the goal

ADJACENT: tuple[tuple[Cell, ...], ...] = (
    (1, 4), (0, 2, 5), (1, 3, 6), (2, 7), (0, 5), (1, 4, 6), (2, 5, 7), (3, 6),
)  # fmt: skip
"""The cells beside each cell, in the seed's order (its ``*adjacent-slide*``)."""


def _across(c: Cell, s: Cell) -> bool:
    """Whether two neighbouring cells lie in one row."""
    return c // 4 == s // 4


# The three functions


def moves(q: Tray) -> list[Move]:
    """The pieces beside the space that can slide into it: any letter, and the bulb
    from the side.

    ``moves q = [(c, s) | c <- adjacent s, q !! c /= 'L' || row c == row s] where s = space q``

    >>> moves("LL.NOOFF"), moves("NOLLFOF.")  # N beside the bulb; no bulb from above
    ([(1, 2), (3, 2), (6, 2)], [(6, 7)])
    """
    s = q.index(SPACE)
    return [(c, s) for c in ADJACENT[s] if q[c] != BULB or _across(c, s)]


def move(q: Tray, m: Move) -> Tray:
    """The tray after a slide: a letter moves from ``c`` to ``s``; the bulb moves one
    cell towards ``s``, freeing its far cell ``2c - s``.

    >>> move("LLONOFF.", (3, 7)), move("LL.NOOFF", (1, 2))
    ('LLO.OFFN', '.LLNOOFF')
    """
    c, s = m
    cells = list(q)
    left = 2 * c - s if q[c] == BULB else c
    cells[s], cells[left] = q[c], SPACE
    return "".join(cells)


def solved(q: Tray) -> bool:
    """Whether the tray reads NO-OFF: ``solved q = q == "LLNOOFF."``."""
    return q == GOAL


puzzle: Puzzle[Tray, Move] = Puzzle(moves, move, solved)


def undoes(p: Path[Tray, Move], m: Move) -> bool:
    """Whether ``m`` slides the piece that moved last straight back: a letter from ``s``
    back to ``c``, the bulb back from its new cell ``c`` towards its old one.

    >>> from pearls.types import start
    >>> after = Path(start(A).history.cons((3, 7)), move(A, (3, 7)))
    >>> undoes(after, (7, 3)), undoes(after, (2, 3))
    (True, False)
    """
    if not p.history:
        return False
    c, s = p.history.first
    back = (c, 2 * c - s) if p.state[s] == BULB else (s, c)
    return m == back


def bfsolve(q: Tray) -> list[Move] | None:
    """A shortest solution: ``bfsolve q = bfsearch' [] [] [([], q)]``."""
    return search.bfsolve(puzzle, q)


def dfsolve(q: Tray) -> list[Move] | None:
    """A depth-first solution: ``dfsolve q = dfsearch [] [([], q)]``."""
    return search.dfsolve(puzzle, q)


# Planning: bring each piece home in turn; premoves clear the cell a planned slide needs


HOMES: tuple[Cell, ...] = (2, 3, 4, 5, 6)  # the letters' goal cells, filled in this order


def _route(settled: set[Cell], targets: Sequence[Cell], to: Cell) -> list[Cell]:
    """A shortest walk over cells outside ``settled`` from one of ``targets`` to ``to``
    (breadth first, the first target that reaches it), or ``[]`` if none does."""
    back: dict[Cell, Cell | None] = {c: None for c in targets}
    frontier = deque(targets)
    while frontier:
        c = frontier.popleft()
        if c == to:
            walk = [c]
            while (before := back[walk[-1]]) is not None:
                walk.append(before)
            return walk[::-1]
        for d in ADJACENT[c]:
            if d not in back and d not in settled:
                back[d] = c
                frontier.append(d)
    return []


def goalmoves(q: Tray) -> Plan[Move]:
    """Bring home the first piece that is not: the bulb to cells 0 and 1, sliding left;
    else the letter that the first unfilled cell of 2, 3, 4, 5, 6 wants, the nearest of
    its kind not yet home, along a shortest walk that keeps off the cells filled so far.

    ``goalmoves q = [(c, d) | (c, d) <- zip walk (tail walk)]``, the bulb's walk first.

    >>> goalmoves("NOLLFOF.")
    ((2, 1), (1, 0))
    >>> goalmoves("LLONOFF.")
    ((3, 2),)
    """
    bulb = q.index(BULB)
    if bulb > 0:
        return tuple((c, c - 1) for c in range(bulb, 0, -1))
    settled = {0, 1}
    for home in HOMES:
        if q[home] != GOAL[home]:
            kind = [c for c in range(8) if q[c] == GOAL[home] and c not in settled]
            walk = _route(settled, kind, home)
            return tuple(pairwise(walk))
        settled.add(home)
    return ()


def premoves(q: Tray, m: Move) -> list[list[Move]]:
    """The ways of clearing cell ``s`` for the slide ``m = (c, s)``: the letter on ``s``
    slides to any other neighbour, or the bulb on ``s`` slides off it along the row.

    >>> premoves("LLONOFF.", (3, 2))  # the O on cell 2 goes left, or down
    [[(2, 1)], [(2, 6)]]
    >>> premoves("OLLNOFF.", (3, 2))  # the bulb slides left
    [[(1, 0)]]
    """
    c, s = m
    if q[s] == SPACE:
        return []
    if q[s] != BULB:
        return [[(s, d)] for d in ADJACENT[s] if d != c]
    rear = q.index(BULB)
    if s == rear:
        return [[(rear + 1, rear + 2)]] if rear + 2 <= 3 else []
    return [[(rear, rear - 1)]] if rear >= 1 else []


planner: Planner[Tray, Move] = search.planner(puzzle, goalmoves, premoves)


def psolve(q: Tray) -> list[Move] | None:
    """A planned solution: ``psolve q = psearch' [] [] [([], q, goalmoves q)]``."""
    return search.psolve(planner, q)


# Ranks: the seed's count, 3 * 6 * 5 * 6 = 540, made a minimal perfect hash

_PAIRS: tuple[tuple[int, int], ...] = tuple(combinations(range(4), 2))  # the O's, of 4 cells


def rank(q: Tray) -> int:
    """The number of a tray in ``range(540)``, as the seed counts trays: the bulb's
    place (3), then the space among the 6 cells left, N among the 5 left, and the two
    O among the 4 left (6 pairs), in cell order.

    >>> rank(GOAL), rank(A), rank(B)
    (150, 156, 511)
    """
    bulb = q.index(BULB)
    free = [c for c in range(8) if c not in (bulb, bulb + 1)]
    space = free.index(q.index(SPACE))
    rest = [c for c in free if q[c] != SPACE]
    n = [q[c] for c in rest].index("N")
    others = [c for c in rest if q[c] != "N"]
    first, second = (i for i, c in enumerate(others) if q[c] == "O")
    return ((bulb * 6 + space) * 5 + n) * 6 + _PAIRS.index((first, second))


def unrank(r: int) -> Tray:
    """The tray of number ``r``: :func:`rank` undone.

    >>> unrank(rank(B)) == B
    True
    """
    rest, pair = divmod(r, 6)
    rest, n = divmod(rest, 5)
    bulb, space = divmod(rest, 6)
    cells = [""] * 8
    cells[bulb] = cells[bulb + 1] = BULB
    free = [c for c in range(8) if not cells[c]]
    cells[free.pop(space)] = SPACE
    cells[free.pop(n)] = "N"
    for i, c in enumerate(free):
        cells[c] = "O" if i in _PAIRS[pair] else "F"
    return "".join(cells)


perfect_hash: PerfectHash[Tray] = PerfectHash(rank=rank, size=540)


# Text form


def show(q: Tray, sep: str = "\n") -> str:
    """The tray as two rows of four characters.

    >>> print(show(A))
    LLON
    OFF.
    >>> show(A, sep=" ")
    'LLON OFF.'
    """
    return q[:4] + sep + q[4:]


def _where(c: Cell) -> str:
    return f"row {c // 4 + 1}, column {c % 4 + 1}"


def parse(text: str) -> Tray:
    """The tray a text shows: 8 cells row by row, whitespace ignored; ``LL`` the bulb,
    two neighbouring cells of the top row, then N, O, O, F, F and ``.`` the space.
    Raises :class:`~pearls.errors.BoardError` saying what is wrong and where.

    >>> parse("LLON OFF.") == A
    True
    >>> parse("LLON OOF.")
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: a tray holds LL, N, O, O, F, F, '.': this has 3 'O' and 1 'F'
    """
    cells = "".join(text.split())
    if len(cells) != 8:
        raise BoardError(f"a tray has 8 cells (2 rows of 4), this text has {len(cells)}")
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


# Drawing

_CELL = 52  # a cell's side, in SVG units
_PAD = 14  # room around the tray
_INSET = 4  # the gap between a piece and the edges of its cell
_TRAY, _GROOVE, _TILE, _INK = "#5d4a36", "#7a6349", "#f3e3c3", "#1a1a1a"
_GLASS, _BASE = "#ffd84d", "#9a9a9a"


def draw(q: Tray) -> str:
    """The tray as a standalone SVG document: two rows of four cells, a tile with its
    letter on each letter's cell, and the bulb, a lamp lying across two cells.

    >>> picture = draw(A)
    >>> picture.startswith("<svg"), picture.count('class="tile"'), picture.count('class="bulb"')
    (True, 5, 1)
    """
    width, height = 4 * _CELL + 2 * _PAD, 2 * _CELL + 2 * _PAD
    tray = svg.element("rect", width=width, height=height, rx=10, fill=_TRAY, class_="tray")
    grooves = [_groove(c) for c in range(8)]
    rear = q.index(BULB)
    tiles = [_tile(c, q[c]) for c in range(8) if q[c] not in (BULB, SPACE)]
    title = f"NO-OFF tray {show(q, sep=' ')}"
    return svg.document(width, height, tray, *grooves, _bulb(rear), *tiles, title=title)


def _corner(c: Cell) -> tuple[int, int]:
    """The (x, y) of a cell's top left corner."""
    return _PAD + (c % 4) * _CELL, _PAD + (c // 4) * _CELL


def _groove(c: Cell) -> str:
    """An empty cell of the tray."""
    x, y = _corner(c)
    return svg.element("rect", x=x + 1, y=y + 1, width=_CELL - 2, height=_CELL - 2, fill=_GROOVE)


def _tile(c: Cell, letter: str) -> str:
    """A letter's tile on cell ``c``."""
    x, y = _corner(c)
    side = _CELL - 2 * _INSET
    body = svg.element(
        "rect", x=x + _INSET, y=y + _INSET, width=side, height=side, rx=6, fill=_TILE,
        stroke=_INK, stroke_opacity=0.4,
    )  # fmt: skip
    label = svg.element(
        "text", letter, x=x + _CELL / 2, y=y + _CELL / 2, dy="0.35em", fill=_INK, font_size=26,
        font_weight="bold", font_family="sans-serif", text_anchor="middle",
    )  # fmt: skip
    return svg.element("g", body, label, class_="tile", data_cell=c)


def _bulb(rear: Cell) -> str:
    """The bulb over cells ``rear`` and ``rear + 1``: a round glass and a screw base,
    lying along the row."""
    x, y = _corner(rear)
    middle = y + _CELL / 2
    body = svg.element(
        "rect", x=x + _INSET, y=y + _INSET, width=2 * _CELL - 2 * _INSET,
        height=_CELL - 2 * _INSET, rx=6, fill=_TILE, stroke=_INK, stroke_opacity=0.4,
    )  # fmt: skip
    glass = svg.element("circle", cx=x + _CELL * 0.8, cy=middle, r=_CELL * 0.36, fill=_GLASS)
    base = svg.element(
        "rect", x=x + _CELL * 1.12, y=middle - _CELL * 0.17, width=_CELL * 0.62,
        height=_CELL * 0.34, rx=3, fill=_BASE,
    )  # fmt: skip
    return svg.element("g", body, glass, base, class_="bulb", data_cell=rear)


# The puzzle described for the command line

_DIRECTIONS = {1: "right", -1: "left", 4: "down", -4: "up"}
_ARROWS = {1: ">", -1: "<", 4: "v", -4: "^"}


def words(q: Tray, m: Move) -> str:
    """A move in words, given the tray before it.

    >>> words(A, (3, 7)), words("OLL.NOFF", (2, 3))
    ('N down (cell 3 to 7)', 'bulb right (to cells 2 and 3)')
    """
    c, s = m
    way = _DIRECTIONS[s - c]
    if q[c] == BULB:
        cells = sorted((c, s))
        return f"bulb {way} (to cells {cells[0]} and {cells[1]})"
    return f"{q[c]} {way} (cell {c} to {s})"


def notation(q: Tray, m: Move) -> str:
    """A move as the piece's letter and an arrow: ``<``, ``>``, ``^`` or ``v``.

    >>> notation(A, (3, 7)), notation(A, (6, 7))
    ('Nv', 'F>')
    """
    c, s = m
    return f"{q[c]}{_ARROWS[s - c]}"


def problem(text: str, settings: Settings = NO_SETTINGS) -> Problem[Tray, Move]:
    """The problem a tray's text describes (NO-OFF takes no settings)."""
    return Problem(
        puzzle=puzzle,
        start=parse(text),
        methods={
            "bfs": methods.bfs(puzzle),
            "plan": methods.plan(planner),
            "dfs": methods.dfs(puzzle),
            "iddfs": methods.iddfs(puzzle, undoes),
        },
        show=show,
        state_json=lambda q: show(q, sep=" "),
        move_json=lambda q, m: [m[0], m[1]],
        words=words,
        notation=notation,
        draw=draw,
        reversible=True,
        perfect_hash=perfect_hash,
    )


DESCRIPTION = Description(
    name="nooff",
    title="NO-OFF: slide the letters and the bulb until ON-OFF reads NO-OFF",
    text_form="A tray is 8 cells, 2 rows of 4, row by row: 'LL' the bulb in two cells of the "
    "top row, the letters N, O, O, F, F, and '.' the space; whitespace is ignored. A letter "
    "slides into the space beside it; the bulb slides along the top row only. The goal is "
    "'LLNO OFF.'.",
    parse=problem,
    examples={"A": show(A, sep=" "), "B": show(B, sep=" "), "goal": show(GOAL, sep=" ")},
)
