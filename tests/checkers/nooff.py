"""NO-OFF's rules, as a person states them: a tray of two rows of four cells holds the
bulb ``LL`` (two cells of the top row), the letters N, O, O, F, F and one space; a
letter slides into the space beside it, across or up and down; the bulb slides one cell
along the top row only, into the space at one of its ends.  Solved when the tray reads
NO-OFF: ``LLNO OFF.``.

A state is the two rows, ``"LLON OFF."``; a move names the piece (a letter, or
``"bulb"``), the cell it leaves (for the bulb, its end beside the space) and the space
(``{"piece": "N", "from": [0, 3], "to": [1, 3]}``).

>>> from checkers import Posed, written
>>> start = "LLNO OF.F"
>>> check(Posed(start, {}, start), written(
...     [start, "LLNO OFF."], [{"piece": "F", "from": [1, 3], "to": [1, 2]}]))
"""

from __future__ import annotations

from checkers import Illegal, Posed, Rules, fields, replay, square, text
from pearls.description import JSON, Solution

__all__ = ["GOAL", "check"]

ROWS, COLS = 2, 4
SPACE, BULB, LETTERS = ".", "L", "NOF"
GOAL = "LLNO OFF."

Tray = tuple[str, ...]  # the 8 cells row by row, e.g. ("L", "L", "O", "N", ...)


def read(j: JSON) -> Tray:
    """The two rows of four cells: the bulb on two cells of the top row, N, O, O, F, F
    and a space."""
    rows = text(j, "a tray").split()
    if [len(row) for row in rows] != [COLS] * ROWS:
        raise Illegal("a tray is two rows of four cells")
    cells = tuple("".join(rows))
    if sorted(cells) != sorted("LLNOOFF.") or "LL" not in rows[0]:
        raise Illegal("a tray holds the bulb LL on the top row, N, O, O, F, F and '.'")
    return cells


def _at(r: int, c: int) -> int:
    """A cell's place in the tray, from its row and column."""
    if not (0 <= r < ROWS and 0 <= c < COLS):
        raise Illegal(f"[{r}, {c}] is outside the tray")
    return r * COLS + c


def step(q: Tray, m: JSON) -> Tray:
    """A slide by the rules: a letter into the space beside it; the bulb one cell
    along the top row into the space at its end."""
    move = fields(m, "piece", "from", "to")
    piece, (r, c), (r2, c2) = text(move["piece"]), square(move["from"]), square(move["to"])
    here, there = _at(r, c), _at(r2, c2)
    if q[there] != SPACE:
        raise Illegal(f"{[r2, c2]} is not the space")
    if abs(r - r2) + abs(c - c2) != 1:
        raise Illegal(f"{[r, c]} is not beside the space {[r2, c2]}")
    after = list(q)
    if piece == "bulb":
        if not r == r2 == 0:
            raise Illegal(f"the bulb slides along the top row only, not {[r, c]} to {[r2, c2]}")
        far = 2 * c - c2
        if q[here] != BULB or not 0 <= far < COLS or q[_at(r, far)] != BULB:
            raise Illegal(f"{[r, c]} is not the bulb's end beside the space")
        after[there], after[_at(r, far)] = BULB, SPACE
    else:
        if piece not in LETTERS:
            raise Illegal(f"no letter {piece!r}: the letters are N, O and F, and the bulb")
        if q[here] != piece:
            raise Illegal(f"{[r, c]} holds {q[here]!r}, not {piece!r}")
        after[there], after[here] = piece, SPACE
    return tuple(after)


def solved(q: Tray) -> bool:
    """The tray reads NO-OFF."""
    return "".join(q) == GOAL.replace(" ", "")


def check(posed: Posed, solution: Solution) -> None:
    """Raise :class:`~checkers.Illegal` unless the solution slides the tray to NO-OFF."""
    replay(Rules(read, step, solved), posed, solution)
