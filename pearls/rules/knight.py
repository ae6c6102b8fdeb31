"""The knight's tour's rules, as a person states them: the knight jumps one square
along and two across (or two along and one across) onto a square of the board it has
not visited; the tour is done when it has visited every square, and a closed tour
must then end a jump from its first square (a tour of 2 squares makes no cycle).

The board is the text's: a size ``RxC`` (``from R,C`` for the first square, counted
from 1) or drawn row by row, ``.`` a square, ``K`` the first, ``#`` a hole, rows
separated by new lines or ``/``; ``open`` or ``closed`` at the end, else ``--closed``.
A state is the squares visited, ``[[row, column], ...]`` from 0; a move ``{"to": [row,
column]}``.

The puzzle offers fewer jumps than the rules allow, and says which: none that strands
a square still to visit (leaves it fewer ways in than it needs, one, or on a closed
tour two, in and out), and on a closed tour none at all where the tour could never
come home (a board with more squares of one colour than the other, or every square a
jump from the first visited).  None of these loses a tour.

>>> from pearls.rules import Posed, written
>>> tour = [[0, 0], [2, 1]]
>>> check(Posed("K#/##/#.", {"closed": False}, [[0, 0]]), written(
...     [[[0, 0]], tour], [{"to": [2, 1]}], answer=tour))

On the Scheme exercises' problem A, after the jump from [0, 1] to [1, 3], a jump on to
[3, 2] would leave [2, 1] one way (in from [0, 2]), which a closed tour needs as its
way out as well:

>>> a, tour = "#K.#/..../..../#..#", [[0, 1], [1, 3]]
>>> [m["to"] for m, _ in legal(Posed(a + " open", {}, tour[:1]), tour)]
[[2, 1], [3, 2]]
>>> legal(Posed(a + " closed", {}, tour[:1]), tour)
[({'to': [2, 1]}, [[0, 1], [1, 3], [2, 1]])]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from pearls.description import JSON, Solution
from pearls.rules import Illegal, Posed, Rules, Step, allowed, fields, items, replay, square

__all__ = ["board_of", "check", "jump", "legal", "strands", "tour_kind"]

Square = tuple[int, int]  # (row, column) from 0, e.g. (2, 1)
Tour = tuple[Square, ...]  # the squares visited, the first first

_SIZE = re.compile(r"\s*(\d+)\s*[xX\u00d7]\s*(\d+)\s*(?:from\s+(\d+)\s*,\s*(\d+)\s*)?$")
_KIND = re.compile(r"(?:^|\s)(open|closed)\s*$")


def tour_kind(posed: Posed) -> tuple[str, bool]:
    """The board's text without its last word, if that says ``open`` or ``closed``,
    and whether the tour must close (that word, else ``--closed``).

    >>> tour_kind(Posed("5x5 open", {"closed": True}, None))
    ('5x5', False)
    """
    said = _KIND.search(posed.text)
    if said is None:
        return posed.text, posed.setting("closed") is True
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
        every = frozenset(t) == board and len(t) == len(board)
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


def around(board: frozenset[Square], s: Square) -> list[Square]:
    """The squares of the board a knight's jump from ``s``."""
    return [t for t in sorted(board) if jump(s, t)]


def strands(board: frozenset[Square], closed: bool, t: Tour, to: Square) -> bool:
    """Whether jumping to ``to`` strands a square: leaves one still to visit, a jump
    from the square the knight leaves, fewer ways in (and, closed, out) than it needs.
    A way is a jump to a square not yet visited, to ``to``, or, closed, home to the
    first square.

    >>> board, tour = board_of("#K.#/..../..../#..#")[0], ((0, 1), (1, 3))
    >>> strands(board, True, tour, (3, 2)), strands(board, False, tour, (3, 2))
    (True, False)
    """
    visited, ends = {*t, to}, {to, t[0]} if closed else {to}
    need = 2 if closed else 1
    for s in around(board, t[-1]):
        ways = [u for u in around(board, s) if u not in visited or u in ends]
        if s not in visited and len(ways) < need:
            return True
    return False


def can_close(board: frozenset[Square], t: Tour) -> bool:
    """Whether a closed tour could still come home: as many squares of each colour
    (every jump changes colour), and a square a jump from the first still to visit."""
    light = sum((r + c) % 2 == 0 for r, c in board)
    return 2 * light == len(board) and any(s not in t for s in around(board, t[0]))


def offered(board: frozenset[Square], closed: bool) -> Callable[[Tour], Iterator[JSON]]:
    """The jumps the puzzle offers: none that strands a square, and on a closed tour
    none where it could no longer come home."""
    every = jumps(board)

    def tries(t: Tour) -> Iterator[JSON]:
        if closed and not can_close(board, t):
            return
        for m in every(t):
            if not strands(board, closed, t, square(fields(m, "to")["to"])):
                yield m

    return tries


def rules_of(posed: Posed) -> Rules[Tour]:
    """The rules of the tour ``posed``: its board, open or closed."""
    board_text, closed = tour_kind(posed)
    board, _ = board_of(board_text)
    return Rules(
        read,
        step(board),
        toured(board, closed),
        tries=jumps(board),
        write=lambda t: [list(s) for s in t],
        offers=offered(board, closed),
    )


def check(posed: Posed, solution: Solution) -> None:
    """Raise :class:`~pearls.rules.Illegal` unless the solution tours the board ``posed``
    by knight's jumps (and comes home, when closed), its answer the tour."""
    board_text, _ = tour_kind(posed)
    _, first = board_of(board_text)
    if read(posed.start) != (first,):
        raise Illegal(f"the tour starts {posed.start}, not on the first square {list(first)}")
    last = replay(rules_of(posed), posed, solution)
    if solution.moves is not None and solution.answer != [list(s) for s in last]:
        raise Illegal(f"the answer {solution.answer} is not the tour {[list(s) for s in last]}")


def legal(posed: Posed, state: JSON) -> list[Step]:
    """Every jump the puzzle offers from the tour ``state`` (legal, and stranding no
    square), with the tour it makes."""
    return allowed(rules_of(posed), state)
