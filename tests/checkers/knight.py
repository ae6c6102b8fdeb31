"""The knight's tour's rules, as a person states them: the knight jumps one square
along and two across (or two along and one across) onto a square of the board it has
not visited; the tour is done when it has visited every square, and a closed tour
must then end a jump from its first square (a tour of 2 squares makes no cycle).

The board is the text's: a size ``RxC`` (``from R,C`` for the first square, counted
from 1) or drawn row by row, ``.`` a square, ``K`` the first, ``#`` a hole, rows
separated by new lines or ``/``; ``open`` or ``closed`` at the end, else ``--closed``.
A state is the squares visited, ``[[row, column], ...]`` from 0; a move ``{"to": [row,
column]}``.

>>> from checkers import Posed, written
>>> tour = [[0, 0], [2, 1]]
>>> check(Posed("K#/##/#.", {"closed": "no"}, [[0, 0]]), written(
...     [[[0, 0]], tour], [{"to": [2, 1]}], answer=tour))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from checkers import Illegal, Posed, Rules, fields, items, replay, square
from pearls.description import JSON, Solution

__all__ = ["board_of", "check", "jump", "tour_kind"]

Square = tuple[int, int]  # (row, column) from 0, e.g. (2, 1)
Tour = tuple[Square, ...]  # the squares visited, the first first

_SIZE = re.compile(r"\s*(\d+)\s*[xX\u00d7]\s*(\d+)\s*(?:from\s+(\d+)\s*,\s*(\d+)\s*)?$")
_KIND = re.compile(r"(?:^|\s)(open|closed)\s*$")


def tour_kind(posed: Posed) -> tuple[str, bool]:
    """The board's text without its last word, if that says ``open`` or ``closed``,
    and whether the tour must close (that word, else ``--closed``).

    >>> tour_kind(Posed("5x5 open", {"closed": "yes"}, None))
    ('5x5', False)
    """
    said = _KIND.search(posed.text)
    if said is None:
        return posed.text, posed.settings.get("closed", "yes") == "yes"
    return posed.text[: said.start()], said[1] == "closed"


def board_of(text: str) -> tuple[frozenset[Square], Square]:
    """The squares of a board's text, a size or a drawing, and the knight's first
    square (the top left, or where the text says: ``from R,C`` or ``K``).

    >>> sorted(board_of("2x2 from 2,1")[0]), board_of("2x2 from 2,1")[1]
    ([(0, 0), (0, 1), (1, 0), (1, 1)], (1, 0))
    >>> sorted(board_of("#./.K")[0]), board_of("#./.K")[1]
    ([(0, 1), (1, 0), (1, 1)], (1, 1))
    """
    sized = _SIZE.match(text)
    if sized is not None:
        rows, cols = int(sized[1]), int(sized[2])
        first = (0, 0) if sized[3] is None else (int(sized[3]) - 1, int(sized[4]) - 1)
        return frozenset((r, c) for r in range(rows) for c in range(cols)), first
    lines = text.replace("/", "\n").split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    drawn = [
        ((r, c), char)
        for r, line in enumerate(lines)
        for c, char in enumerate("".join(line.split()))
        if char in ".Kk"
    ]
    first = next((s for s, char in drawn if char in "Kk"), drawn[0][0])
    return frozenset(s for s, _ in drawn), first


def jump(a: Square, b: Square) -> bool:
    """Whether a knight jumps from ``a`` to ``b``: one square one way, two the other.

    >>> jump((0, 0), (2, 1)), jump((0, 0), (1, 1))
    (True, False)
    """
    return sorted((abs(a[0] - b[0]), abs(a[1] - b[1]))) == [1, 2]


def read(j: JSON) -> Tour:
    """The squares visited, in order."""
    return tuple(square(s) for s in items(j, "a tour"))


def step(board: frozenset[Square]) -> Callable[[Tour, JSON], Tour]:
    """A jump by the rules: a knight's jump from the last square onto a square of the
    board not yet visited."""

    def jumped(t: Tour, m: JSON) -> Tour:
        to = square(fields(m, "to")["to"])
        if to not in board:
            raise Illegal(f"{list(to)} is not a square of the board")
        if to in t:
            raise Illegal(f"{list(to)} is visited already")
        if not jump(t[-1], to):
            raise Illegal(f"{list(t[-1])} to {list(to)} is not a knight's jump")
        return (*t, to)

    return jumped


def toured(board: frozenset[Square], closed: bool) -> Callable[[Tour], bool]:
    """Every square visited (once each), and, for a closed tour of more than 2
    squares, the last a jump from the first."""

    def done(t: Tour) -> bool:
        every = set(t) == board and len(t) == len(board)
        return every and (not closed or (len(t) > 2 and jump(t[-1], t[0])))

    return done


def jumps(board: frozenset[Square]) -> Callable[[Tour], Iterator[JSON]]:
    """Every square of the board a knight's jump from the tour's last."""

    def tries(t: Tour) -> Iterator[JSON]:
        r, c = t[-1]
        for to in sorted(board):
            if jump((r, c), to):
                yield {"to": list(to)}

    return tries


def check(posed: Posed, solution: Solution) -> None:
    """Raise :class:`~checkers.Illegal` unless the solution tours the board ``posed``
    by knight's jumps (and comes home, when closed), its answer the tour."""
    board_text, closed = tour_kind(posed)
    board, first = board_of(board_text)
    if read(posed.start) != (first,):
        raise Illegal(f"the tour starts {posed.start}, not on the first square {list(first)}")
    rules = Rules(read, step(board), toured(board, closed), tries=jumps(board))
    last = replay(rules, posed, solution)
    if solution.moves is not None and solution.answer != [list(s) for s in last]:
        raise Illegal(f"the answer {solution.answer} is not the tour {[list(s) for s in last]}")
