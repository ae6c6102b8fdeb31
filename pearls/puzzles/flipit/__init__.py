"""Flip It and Flip It Star: the model (Nob Yoshigahara's Flip It, as the Flip It Star
program solves it: M. Hiroi, *Puzzle DE Programming*, 2002).

Reversi pieces, black or white, stand on the positions of a board; one position is
empty, the space.  A piece jumps along a straight line over at least one piece into the
space, and every piece it jumps over is turned over; the jumping piece keeps its colour
(a piece next to the space has nothing to jump).  The goal: every piece white.

Flip It lays N positions (3 to 64) on one line, numbered 0 .. N-1 from the left, as the
program's first figure numbers them.  Flip It Star sets 12 on a hexagram, numbered as
the program numbers them, with the six lines (each ascending) of its table ``line``::

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
significant bit, so that the mask reads in position order as the program reads its
boards; a move ``(piece, space)`` names where the jumping piece stands and the space it
lands in.  Beside this model: :mod:`~pearls.puzzles.flipit.text`, ``draw``, ``describe``.

>>> q = Position(space=0, black=0b11111111111)  # every piece black, the space at the top
>>> moves(STAR, q)
((5, 0), (7, 0), (6, 0), (10, 0))
>>> len(bfsolve(STAR, q))
18
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

from pearls import deepening, search
from pearls.analysis import PerfectHash
from pearls.errors import BoardError
from pearls.types import Path, Plan, Planner, Puzzle

__all__ = [
    "GOAL_JUMPS", "MAX_CELLS", "MIN_CELLS", "STAR", "STAR_INNER", "STAR_LINES", "Board", "Cell",
    "Line", "Move", "Position", "bfsolve", "board", "dfsolve", "goalmoves", "goals",
    "idsolve", "is_black", "jumped", "line", "move", "moves", "perfect_hash", "planner",
    "premoves", "psolve", "puzzle", "rank", "solved", "star_goals", "star_parity", "undoes",
    "unrank",
]  # fmt: skip

MIN_CELLS, MAX_CELLS = 3, 64  # Flip It's lengths: a jump needs 3; 64 give 64 * 2^63 positions

Cell = int  # a position on the board, e.g. 5
Line = tuple[Cell, ...]  # the positions along one straight line, ascending, e.g. (0, 2, 5, 7)
Move = tuple[Cell, Cell]  # (piece, space): the piece at 5 jumps into the space at 0, e.g. (5, 0)


class Position(NamedTuple):
    """The space, and the black pieces as a mask: bit ``n - 1 - i`` is set when the piece
    at position ``i`` of ``n`` is black (the space's bit is clear).  ``.BBBBB`` is
    ``Position(space=0, black=0b011111)`` (faster than a tuple or a ``pvector`` of
    characters: ``docs/flipit.md``)."""

    space: Cell
    black: int


@dataclass(frozen=True)
class Board:
    """Where pieces stand and the lines they jump along.

    ``jumps[s]`` lists the moves into a space at ``s``, in the program's order (line by
    line, along each line in order); ``leaps[(p, s)]`` holds the masks a jump needs: the
    positions jumped over, the piece's position, and both ends of the jump.
    ``steps[t][c]``: the fewest jumps that bring the space from ``t`` to ``c``.  ``rows``
    lay the positions out as text (rows of ``(column, position)``), ``points`` drawn.
    """

    name: str
    size: int
    lines: tuple[Line, ...]
    jumps: Mapping[Cell, tuple[Move, ...]]
    leaps: Mapping[Move, tuple[int, int, int]]
    steps: Mapping[Cell, Mapping[Cell, int]]
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


def _steps(jumps: Mapping[Cell, tuple[Move, ...]], t: Cell) -> dict[Cell, int]:
    """The fewest jumps that bring the space from ``t`` to each cell it can reach: the
    space moves from ``s`` to ``p`` when the piece at ``p`` jumps into it (breadth first,
    the list of cells found growing as it is read)."""
    steps, frontier = {t: 0}, [t]
    for s in frontier:
        for p, _ in jumps[s]:
            if p not in steps:
                steps[p] = steps[s] + 1
                frontier.append(p)
    return steps


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
    steps = {t: _steps(jumps, t) for t in range(size)}
    layout = tuple(tuple(row) for row in rows)
    return Board(name, size, tuple(lines), jumps, leaps, steps, layout, tuple(points))


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
"""Flip It Star: the program's points 0..11 on a hexagram of outer radius 1, and its lines."""


# The three functions


def moves(b: Board, q: Position) -> Sequence[Move]:
    """The pieces that can jump into the space, in the program's order.

    ``moves q = [(p, space q) | p <- jumps (space q)]``

    >>> moves(STAR, Position(11, 0))
    ((1, 11), (5, 11), (4, 11), (6, 11))
    """
    return b.jumps[q.space]


def move(b: Board, q: Position, m: Move) -> Position:
    """The position after a jump: the piece lands in the space, keeping its colour, and
    the pieces jumped over turn.

    ``move (space, black) (p, s) = (p, black xor flips (p, s) with p's colour moved to s)``

    Jumping the same piece straight back undoes it: ``move q' (s, p) == q``.

    >>> move(line(6), Position(0, 0b011111), (5, 0))  # the program's first figure
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
    """Whether ``m`` jumps the piece that moved last straight back: the program's prune,
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
    """A shortest solution by iterative deepening with the program's prune, :func:`undoes`.

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


def is_black(b: Board, q: Position, c: Cell) -> bool:
    """Whether a black piece stands at position ``c``.

    >>> is_black(line(6), Position(0, 0b011111), 0), is_black(line(6), Position(0, 0b011111), 5)
    (False, True)
    """
    return bool(q.black & _bit(b.size, c))


# Planning: jumps that whiten black pieces; premoves walk the space to where they land

GOAL_JUMPS = 3  # the jumps a plan aims at; 1 to 8 measured on the star (docs/flipit.md)


def goalmoves(b: Board, q: Position) -> Plan[Move]:
    """A plan towards all white: the :data:`GOAL_JUMPS` jumps of greatest gain, the
    black pieces a jump would whiten less the white ones it would blacken (a positive
    gain), wherever the space is, the nearest to it first among equals.  A jump is left
    out when its piece is the space or the space lies in its way.

    ``goalmoves q = take 3 (sortOn (negate . gain q, steps q) [m | m <- jumps, gain q m > 0])``
    ``gain q m = #black (over m) - #white (over m)``

    >>> goalmoves(line(6), Position(0, 0b011111))  # 5 over four black pieces into the space
    ((5, 0), (4, 0), (1, 5))
    """
    near, space, black = b.steps[q.space], _bit(b.size, q.space), q.black
    aims = [
        (over.bit_count() - 2 * (black & over).bit_count(), near[m[1]], m)
        for m, (over, piece, _) in b.leaps.items()
        if not space & (over | piece) and m[1] in near
    ]
    return tuple(m for loss, _, m in sorted(aims, key=lambda aim: aim[:2]) if loss < 0)[:GOAL_JUMPS]


def premoves(b: Board, q: Position, m: Move) -> list[list[Move]]:
    """The ways of bringing the space to ``s`` for the jump ``m = (p, s)``: the piece on
    ``s`` jumps off it into a cell one step nearer the space (never into ``p``, whose
    piece would only jump back), so that the premoves of premoves walk the space to
    ``s`` along every shortest route.

    >>> premoves(line(6), Position(0, 0b011111), (1, 5))  # 5 jumps into the space at 0
    [[(5, 0)]]
    >>> premoves(line(6), Position(0, 0b011111), (5, 1))  # 1 to 3 or 4, once that one jumps to 0
    [[(1, 3)], [(1, 4)]]
    """
    p, s = m
    near = b.steps[q.space]
    if s == q.space or s not in near:
        return []
    return [[(s, u)] for u, _ in b.jumps[s] if u != p and near[u] == near[s] - 1]


def planner(b: Board) -> Planner[Position, Move]:
    """Flip It on board ``b`` with its plans: :func:`goalmoves` and :func:`premoves`."""
    return search.planner(puzzle(b), partial(goalmoves, b), partial(premoves, b))


def psolve(b: Board, q: Position) -> list[Move] | None:
    """A planned solution: ``psolve q = psearch' [] [] [([], q, goalmoves q)]``.

    >>> len(psolve(STAR, Position(0, 0b11111111111)))
    23
    """
    return search.psolve(planner(b), q)


# Ranks: the program's minimal perfect hash


def rank(b: Board, q: Position) -> int:
    """The program's minimal perfect hash, ``2^(size-1) * space + bits``: ``bits`` reads
    the pieces in position order, the space skipped, black 1 and white 0, the first
    the most significant (Flip It Star: ``2048 * space + value``).

    >>> rank(STAR, Position(0, 0b11111111111)), rank(STAR, Position(11, 0))
    (2047, 22528)
    """
    k = b.size - 1 - q.space
    low = q.black & ((1 << k) - 1)
    return (q.space << (b.size - 1)) | (q.black >> (k + 1) << k) | low


def unrank(b: Board, r: int) -> Position:
    """The position of rank ``r``: :func:`rank` undone.

    >>> unrank(STAR, 2047)
    Position(space=0, black=2047)
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
    """The solved positions, every piece white: where the program's analysis starts.

    >>> len(goals(STAR)), goals(STAR)[0]
    (12, Position(space=0, black=0))
    """
    return [Position(s, 0) for s in range(b.size)]


# The star's two halves

STAR_INNER = frozenset({2, 3, 5, 6, 8, 9})  # the points inside a line, which jumps turn over


def star_parity(q: Position) -> int:
    """Flip It Star's invariant: the black pieces, plus one if the space is on an inner
    point, mod 2.  A jump over one piece moves the space between a tip and an inner
    point and turns one piece; a jump over two keeps the space on the tips and turns two.

    >>> star_parity(Position(0, 0b11111111111)), star_parity(Position(3, 0))
    (1, 1)
    """
    return (q.black.bit_count() + (q.space in STAR_INNER)) % 2


def star_goals(q: Position) -> list[Position]:
    """The solved positions that ``q`` can reach on the star: those of its parity, for
    each parity is one component of 12,288 positions (``tests/puzzles/test_flipstar.py``).

    >>> [g.space for g in star_goals(Position(0, 0b11111111111))]
    [2, 3, 5, 6, 8, 9]
    """
    return [g for g in goals(STAR) if star_parity(g) == star_parity(q)]
