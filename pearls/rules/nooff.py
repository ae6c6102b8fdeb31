"""NO-OFF's rules, as a person states them: a tray of two rows of four cells holds the
bulb ``LL`` (two cells of the top row), the letters N, O, O, F, F and one space; a
letter slides into the space beside it, across or up and down; the bulb slides one cell
along the top row only, into the space at one of its ends.  Solved when the tray reads
NO-OFF: ``LLNO OFF.``.

A state is the two rows, ``"LLON OFF."``; a move names the piece (a letter, or
``"bulb"``), the cell it leaves (for the bulb, its end beside the space) and the space
(``{"piece": "N", "from": [0, 3], "to": [1, 3]}``).

>>> from pearls.rules import Posed, written
>>> start = "LLNO OF.F"
>>> check(Posed(start, {}, start), written(
...     [start, "LLNO OFF."], [{"piece": "F", "from": [1, 3], "to": [1, 2]}]))
>>> legal(Posed(start, {}, start), "LL.N OOFF")  # doctest: +NORMALIZE_WHITESPACE
[({'piece': 'bulb', 'from': [0, 1], 'to': [0, 2]}, '.LLN OOFF'),
 ({'piece': 'N', 'from': [0, 3], 'to': [0, 2]}, 'LLN. OOFF'),
 ({'piece': 'F', 'from': [1, 2], 'to': [0, 2]}, 'LLFN OO.F')]
"""

from __future__ import annotations

from collections.abc import Iterator

from pearls.description import JSON, Solution
from pearls.rules import Illegal, Posed, Rules, Step, allowed, fields, replay, square, text

__all__ = ["GOAL", "check", "legal"]

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


def write(q: Tray) -> JSON:
    """The tray as JSON: its two rows, a space between."""
    return "".join(q[:COLS]) + " " + "".join(q[COLS:])


def beside_the_space(q: Tray) -> Iterator[JSON]:
    """The piece in each cell across or up or down from the space, slid into it (the
    bulb by the end the cell holds)."""
    r, c = divmod(q.index(SPACE), COLS)
    for r2, c2 in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
        if 0 <= r2 < ROWS and 0 <= c2 < COLS:
            piece = q[r2 * COLS + c2]
            yield {"piece": "bulb" if piece == BULB else piece, "from": [r2, c2], "to": [r, c]}


RULES = Rules(read, step, solved, write=write, offers=beside_the_space)


def check(posed: Posed, solution: Solution) -> None:
    """Raise :class:`~pearls.rules.Illegal` unless the solution slides the tray to NO-OFF."""
    replay(RULES, posed, solution)


def legal(posed: Posed, state: JSON) -> list[Step]:
    """Every legal slide from the tray ``state``, with the tray it leaves."""
    return allowed(RULES, state)
