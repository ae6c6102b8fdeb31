"""Flip It's rules, as a person states them: a piece jumps along a line of the board
over at least one piece into the space, keeping its colour, and every piece it jumps
over turns (black to white, white to black); solved when no piece is black.

Flip It lays its positions on one line, numbered from 0 at the left.  A state is the
positions in order, ``.`` the space, ``B`` black, ``W`` white (``.BBBBB``); a move names
where the piece stands, the space it lands in and the positions it jumps over
(``{"piece": 5, "to": 0, "over": [1, 2, 3, 4]}``).

>>> from pearls.rules import Posed, written
>>> check(Posed(".BW", {}, ".BW"), written([".BW", "WW."], [{"piece": 2, "to": 0, "over": [1]}]))
>>> legal(Posed("", {}, ".BW"), "B.WB")
[({'piece': 3, 'to': 1, 'over': [2]}, 'BBB.')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from pearls.description import JSON, Solution
from pearls.rules import Illegal, Posed, Rules, Step, allowed, fields, items, replay, text, whole

__all__ = ["check", "check_on", "legal", "legal_on", "read", "step"]

SPACE, BLACK, WHITE = ".", "B", "W"

Line = tuple[int, ...]  # positions along one straight line, in order, e.g. (0, 2, 5, 7)


def read(j: JSON) -> str:
    """The positions in order: one space, the rest black or white pieces."""
    q = text(j, "a board")
    if q.count(SPACE) != 1 or set(q) - {SPACE, BLACK, WHITE}:
        raise Illegal(f"a board is one '.' and pieces 'B' or 'W', not {q!r}")
    return q


def step(lines: Callable[[str], Sequence[Line]]) -> Callable[[str, JSON], str]:
    """A jump by the rules: from the piece's position along one of the board's lines
    into the space, over the positions between (at least one), which turn."""

    def jump(q: str, m: JSON) -> str:
        move = fields(m, "piece", "to", "over")
        piece, space = whole(move["piece"]), whole(move["to"])
        over = [whole(c, "a position") for c in items(move["over"])]
        if not (0 <= piece < len(q) and 0 <= space < len(q)) or q[space] != SPACE:
            raise Illegal(f"position {space} is not the space")
        between = _between(lines(q), piece, space)
        if not between:
            raise Illegal(f"{piece} to {space} jumps over no piece along a line")
        if sorted(over) != sorted(between):
            raise Illegal(f"{piece} to {space} jumps over {sorted(between)}, not {over}")
        after = list(q)
        after[space], after[piece] = q[piece], SPACE
        for c in between:
            after[c] = WHITE if q[c] == BLACK else BLACK
        return "".join(after)

    return jump


def _between(lines: Sequence[Line], a: int, b: int) -> list[int]:
    """The positions strictly between ``a`` and ``b`` on the line through both, or
    none where no line holds both."""
    for ln in lines:
        if a in ln and b in ln:
            i, j = sorted((ln.index(a), ln.index(b)))
            return list(ln[i + 1 : j])
    return []


def solved(q: str) -> bool:
    """No black piece."""
    return BLACK not in q


def into_the_space(lines: Callable[[str], Sequence[Line]]) -> Callable[[str], Iterator[JSON]]:
    """Each position on a line through the space, jumping into it over the positions
    between."""

    def jumps(q: str) -> Iterator[JSON]:
        space = q.index(SPACE)
        for ln in lines(q):
            for piece in ln:
                if space in ln and piece != space:
                    over: list[JSON] = [*sorted(_between([ln], piece, space))]
                    yield {"piece": piece, "to": space, "over": over}

    return jumps


def rules_on(lines: Callable[[str], Sequence[Line]]) -> Rules[str]:
    """The rules of jumps along the ``lines`` of the board."""
    return Rules(read, step(lines), solved, write=str, offers=into_the_space(lines))


def check_on(lines: Callable[[str], Sequence[Line]], posed: Posed, solution: Solution) -> None:
    """Raise :class:`~pearls.rules.Illegal` unless the solution whitens every piece by
    jumps along the ``lines`` of the board."""
    replay(rules_on(lines), posed, solution)


def legal_on(lines: Callable[[str], Sequence[Line]], state: JSON) -> list[Step]:
    """Every legal jump from the board ``state`` along its ``lines``, with the board
    it leaves."""
    return allowed(rules_on(lines), state)


def one_line(q: str) -> Sequence[Line]:
    """Flip It's one line, through every position."""
    return [tuple(range(len(q)))]


def check(posed: Posed, solution: Solution) -> None:
    """Flip It's check: one line through every position."""
    check_on(one_line, posed, solution)


def legal(posed: Posed, state: JSON) -> list[Step]:
    """Flip It's legal jumps: along its one line."""
    return legal_on(one_line, state)
