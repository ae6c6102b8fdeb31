"""Water jugs: two jugs of 3 and 5 litres, a tap and a sink; measure 4 litres.

A state is the litres in each jug, ``(0, 0)`` at the start; a move fills a jug from the
tap, empties one into the sink, or pours one into the other until the one is empty or
the other full.  Solved when a jug holds the litres to measure.

>>> from pearls import bfsolve
>>> bfsolve(puzzle(CLASSIC), CLASSIC.start)  # doctest: +NORMALIZE_WHITESPACE
[Move(kind='fill', jug=1, into=None), Move(kind='pour', jug=1, into=0),
 Move(kind='empty', jug=0, into=None), Move(kind='pour', jug=1, into=0),
 Move(kind='fill', jug=1, into=None), Move(kind='pour', jug=1, into=0)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

from pearls import Puzzle

__all__ = ["CLASSIC", "Jugs", "Litres", "Move", "Problem", "move", "moves", "puzzle", "solved"]

Litres = tuple[int, ...]  # the water in each jug, e.g. (0, 0) at the start, (3, 4) measured


class Move(NamedTuple):
    """Fill jug ``jug`` from the tap, empty it into the sink, or pour it ``into`` another,
    e.g. ``Move("pour", 1, 0)``; jugs count from 0."""

    kind: Literal["fill", "empty", "pour"]
    jug: int
    into: int | None = None


@dataclass(frozen=True)
class Problem:
    """The jugs' capacities, the litres to measure, the water at the start, e.g.
    ``Problem((3, 5), 4, (0, 0))``."""

    capacities: tuple[int, ...]
    target: int
    start: Litres


CLASSIC = Problem((3, 5), 4, (0, 0))  # Die Hard's jugs
Jugs = Puzzle[Litres, Move]  # the puzzle of one problem


def moves(p: Problem, q: Litres) -> list[Move]:
    """Fill a jug not full, empty one not empty, pour one not empty into one not full."""
    jugs = range(len(q))
    fills = [Move("fill", j) for j in jugs if q[j] < p.capacities[j]]
    empties = [Move("empty", j) for j in jugs if q[j] > 0]
    pours = [
        Move("pour", j, k)
        for j in jugs
        for k in jugs
        if j != k and q[j] > 0 and q[k] < p.capacities[k]
    ]
    return fills + empties + pours


def move(p: Problem, q: Litres, m: Move) -> Litres:
    """The water after ``m``: a pour stops when the one is empty or the other full."""
    after = list(q)
    if m.kind == "fill":
        after[m.jug] = p.capacities[m.jug]
    elif m.kind == "empty":
        after[m.jug] = 0
    elif m.into is not None:
        poured = min(q[m.jug], p.capacities[m.into] - q[m.into])
        after[m.jug], after[m.into] = q[m.jug] - poured, q[m.into] + poured
    return tuple(after)


def solved(p: Problem, q: Litres) -> bool:
    """A jug holds the litres to measure."""
    return p.target in q


def puzzle(p: Problem) -> Jugs:
    """The jugs of ``p`` as the chapter's three functions."""
    return Puzzle(lambda q: moves(p, q), lambda q, m: move(p, q, m), lambda q: solved(p, q))
