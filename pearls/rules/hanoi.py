"""The Tower of Hanoi's rules, as a person states them: a move takes the top disc of one
peg onto another peg that is empty or topped by a larger disc; solved when every disc
stands on peg C.

A state is the pegs A, B and C, each its discs top first (``[[1, 2], [], [3]]``); a move
names the disc and the pegs it leaves and reaches (``{"disc": 1, "from": "A", "to":
"B"}``).

>>> from pearls.rules import Posed, written
>>> check(Posed("1 2 | |", {}, [[1, 2], [], []]), written(
...     [[[1, 2], [], []], [[2], [1], []], [[], [1], [2]], [[], [], [1, 2]]],
...     [{"disc": 1, "from": "A", "to": "B"}, {"disc": 2, "from": "A", "to": "C"},
...      {"disc": 1, "from": "B", "to": "C"}]))
>>> [m for m, _ in legal(Posed("", {}, None), [[1], [2], []])]
[{'disc': 1, 'from': 'A', 'to': 'B'}, {'disc': 1, 'from': 'A', 'to': 'C'}, \
{'disc': 2, 'from': 'B', 'to': 'C'}]
"""

from __future__ import annotations

from collections.abc import Iterator

from pearls.description import JSON, Solution
from pearls.rules import Illegal, Posed, Rules, Step, allowed, fields, items, replay, text, whole

__all__ = ["check", "legal"]

PEGS = "ABC"

Pegs = tuple[tuple[int, ...], ...]  # each peg's discs, top first, e.g. ((2,), (1,), ())


def read(j: JSON) -> Pegs:
    """The three pegs, each its discs top first, smaller above larger."""
    pegs = tuple(tuple(whole(d, "a disc") for d in items(p, "a peg")) for p in items(j, "pegs"))
    if len(pegs) != len(PEGS):
        raise Illegal(f"{len(pegs)} pegs, not {len(PEGS)}")
    for name, peg in zip(PEGS, pegs, strict=True):
        if list(peg) != sorted(set(peg)):
            raise Illegal(f"peg {name} holds {list(peg)}: a larger disc above a smaller one")
    return pegs


def step(q: Pegs, m: JSON) -> Pegs:
    """The pegs after the move: the disc must be on top of the peg it leaves, and go
    onto an empty peg or a larger disc."""
    move = fields(m, "disc", "from", "to")
    disc, source, target = whole(move["disc"]), _peg(move["from"]), _peg(move["to"])
    if source == target:
        raise Illegal(f"disc {disc} leaves and reaches the same peg")
    if not q[source] or q[source][0] != disc:
        raise Illegal(f"disc {disc} is not on top of peg {PEGS[source]}")
    if q[target] and q[target][0] < disc:
        raise Illegal(f"disc {disc} onto disc {q[target][0]}, a smaller one")
    after = list(q)
    after[source], after[target] = q[source][1:], (disc, *q[target])
    return tuple(after)


def _peg(j: JSON) -> int:
    """A peg's number from its name, A, B or C."""
    name = text(j, "a peg")
    if len(name) != 1 or name not in PEGS:
        raise Illegal(f"no peg {name!r}: the pegs are A, B and C")
    return PEGS.index(name)


def solved(q: Pegs) -> bool:
    """Every disc on peg C."""
    return not q[0] and not q[1]


def write(q: Pegs) -> JSON:
    """The pegs as JSON, each its discs top first."""
    return [list(peg) for peg in q]


def tops(q: Pegs) -> Iterator[JSON]:
    """Each peg's top disc onto each other peg."""
    for source, peg in enumerate(q):
        for target in range(len(PEGS)):
            if peg and target != source:
                yield {"disc": peg[0], "from": PEGS[source], "to": PEGS[target]}


RULES = Rules(read, step, solved, write=write, offers=tops)


def check(posed: Posed, solution: Solution) -> None:
    """Raise :class:`~pearls.rules.Illegal` unless the solution moves every disc to peg C
    by legal moves."""
    replay(RULES, posed, solution)


def legal(posed: Posed, state: JSON) -> list[Step]:
    """Every legal move from the pegs ``state``, with the pegs it leaves."""
    return allowed(RULES, state)
