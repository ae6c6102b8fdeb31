"""Rush Hour's rules, as a person states them: a vehicle (a car of 2 cells or a truck of
3, in a straight line) slides along its own line, forwards or backwards, into empty
cells inside the 6x6 walls, never through a wall or another vehicle; one cell a move
(``--metric steps``, the chapter's) or any distance (``slides``, the players').  Solved
when the special car A stands at the exit, the right end of row 3.

A state is the 36 cells row by row: ``.`` or ``o`` empty, ``x`` a wall, a letter a
vehicle (``A`` the special car); a move names the vehicle and its top-left cell before
and after (``{"vehicle": "C", "from": [0, 1], "to": [1, 1]}``).

>>> from pearls.rules import Posed, written
>>> start = "......" * 2 + "..AA.." + "......" * 3
>>> check(Posed(start, {"metric": "steps"}, start), written([start,
...     start[:14] + ".AA." + start[18:], start[:14] + "..AA" + start[18:]],
...     [{"vehicle": "A", "from": [2, 2], "to": [2, 3]},
...     {"vehicle": "A", "from": [2, 3], "to": [2, 4]}]))
>>> [m["to"] for m, _ in legal(Posed(start, {"metric": "slides"}, start), start)]
[[2, 0], [2, 1], [2, 3], [2, 4]]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from pearls.description import JSON, Solution
from pearls.rules import Illegal, Posed, Rules, Step, allowed, fields, replay, square, text

__all__ = ["EXIT", "check", "legal", "vehicles"]

SIDE = 6
EMPTY, WALL, SPECIAL = ".o", "x", "A"
EXIT = ((2, 4), (2, 5))  # the special car's cells at the exit, the right end of row 3

Cells = tuple[str, ...]  # the 36 cells row by row, e.g. ("B", "B", ".", ...)


def read(j: JSON) -> Cells:
    """The 36 cells, every vehicle a line of 2 or 3 cells."""
    cells = tuple(text(j, "a board"))
    if len(cells) != SIDE * SIDE:
        raise Illegal(f"a board has {SIDE * SIDE} cells, not {len(cells)}")
    for letter, where in vehicles(cells).items():
        rows, cols = {r for r, _ in where}, {c for _, c in where}
        line = len(rows) == 1 or len(cols) == 1
        span = max(max(rows) - min(rows), max(cols) - min(cols)) + 1
        if not (line and span == len(where) and len(where) in (2, 3)):
            raise Illegal(f"vehicle {letter} is no car or truck in a line: {sorted(where)}")
    return cells


def vehicles(cells: Cells) -> dict[str, list[tuple[int, int]]]:
    """Each vehicle's cells, top left first.

    >>> vehicles(tuple("AA" + "." * 34))
    {'A': [(0, 0), (0, 1)]}
    """
    found: dict[str, list[tuple[int, int]]] = {}
    for i, char in enumerate(cells):
        if char not in EMPTY and char != WALL:
            found.setdefault(char, []).append(divmod(i, SIDE))
    return found


def step(slides: bool) -> Callable[[Cells, JSON], Cells]:
    """A move by the rules: the vehicle moves from its top-left cell along its own line,
    one cell (or, with ``slides``, any distance), every cell it passes into empty and
    inside the walls."""

    def drive(q: Cells, m: JSON) -> Cells:
        move = fields(m, "vehicle", "from", "to")
        letter, source, target = text(move["vehicle"]), square(move["from"]), square(move["to"])
        where = vehicles(q).get(letter)
        if where is None or letter == WALL:
            raise Illegal(f"no vehicle {letter!r} on the board")
        if where[0] != source:
            raise Illegal(
                f"vehicle {letter}'s top-left cell is {list(where[0])}, not {list(source)}"
            )
        across = where[0][0] == where[-1][0]
        dr, dc = target[0] - source[0], target[1] - source[1]
        if (dr if across else dc) != 0 or (dr, dc) == (0, 0):
            raise Illegal(f"vehicle {letter} leaves its line: {list(source)} to {list(target)}")
        distance = abs(dr + dc)
        if not slides and distance != 1:
            raise Illegal(f"vehicle {letter} moves {distance} cells, not one")
        unit = (dr // distance, dc // distance)
        after = list(q)
        for r, c in where:
            after[r * SIDE + c] = _empty(q)
        for k in range(1, distance + 1):
            for r, c in where:
                r2, c2 = r + k * unit[0], c + k * unit[1]
                if not (0 <= r2 < SIDE and 0 <= c2 < SIDE):
                    raise Illegal(f"vehicle {letter} leaves the board at {[r2, c2]}")
                if after[r2 * SIDE + c2] not in EMPTY:
                    raise Illegal(f"vehicle {letter} runs into {q[r2 * SIDE + c2]!r} at {[r2, c2]}")
        for r, c in where:
            after[(r + dr) * SIDE + c + dc] = letter
        return tuple(after)

    return drive


def _empty(q: Cells) -> str:
    """The character the board writes for an empty cell: ``o`` in the database's form
    (no ``.`` on the board), else ``.``."""
    return "o" if "o" in q and "." not in q else "."


def solved(q: Cells) -> bool:
    """The special car at the exit."""
    return vehicles(q).get(SPECIAL) == list(EXIT)


def drives(slides: bool) -> Callable[[Cells], Iterator[JSON]]:
    """Each vehicle along its own line, backwards and forwards, one cell (or, with
    ``slides``, any distance inside the board)."""
    farthest = SIDE - 1 if slides else 1

    def tries(q: Cells) -> Iterator[JSON]:
        for letter, where in vehicles(q).items():
            (r, c), across = where[0], where[0][0] == where[-1][0]
            for d in (*range(-farthest, 0), *range(1, farthest + 1)):
                to: list[JSON] = [r, c + d] if across else [r + d, c]
                yield {"vehicle": letter, "from": [r, c], "to": to}

    return tries


def rules_of(posed: Posed) -> Rules[Cells]:
    """The rules in the ``--metric`` ``posed`` asks for."""
    slides = posed.setting("metric") == "slides"
    return Rules(read, step(slides), solved, write="".join, offers=drives(slides))


def check(posed: Posed, solution: Solution) -> None:
    """Raise :class:`~pearls.rules.Illegal` unless the solution drives the special car to
    the exit by legal moves in the ``--metric`` asked for."""
    replay(rules_of(posed), posed, solution)


def legal(posed: Posed, state: JSON) -> list[Step]:
    """Every legal move from the board ``state``, in the ``--metric`` asked for, with
    the board it leaves."""
    return allowed(rules_of(posed), state)
