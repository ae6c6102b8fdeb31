"""Flip It Star's rules: Flip It's (:mod:`pearls.rules.flipit`) on the hexagram's 12 points,
numbered row by row as the star is drawn; a piece jumps along one of its six lines::

              0
    1 --- 2 --- 3 --- 4
        5           6
    7 --- 8 --- 9 --- 10
              11

The two horizontal lines are 1 2 3 4 and 7 8 9 10; the four slanting ones run from
each tip through two inner points to the tip across: 0 2 5 7, 0 3 6 10, 1 5 8 11 and
4 6 9 11.

>>> from pearls.rules import Illegal, Posed, written
>>> start, jump = ".BBBBBBBBBBB", {"piece": 5, "to": 0, "over": [2]}
>>> check(Posed("", {}, start), written([start, "BBWBB.BBBBBB"], [jump]))
Traceback (most recent call last):
...
pearls.rules.Illegal: the last state, "BBWBB.BBBBBB", is not solved
>>> [m for m, _ in legal(Posed("", {}, start), start)]  # doctest: +NORMALIZE_WHITESPACE
[{'piece': 5, 'to': 0, 'over': [2]}, {'piece': 7, 'to': 0, 'over': [2, 5]},
 {'piece': 6, 'to': 0, 'over': [3]}, {'piece': 10, 'to': 0, 'over': [3, 6]}]
"""

from __future__ import annotations

from pearls.description import JSON, Solution
from pearls.rules import Posed, Step
from pearls.rules.flipit import check_on, legal_on

__all__ = ["LINES", "check", "legal"]

LINES = ((1, 2, 3, 4), (7, 8, 9, 10), (0, 2, 5, 7), (0, 3, 6, 10), (1, 5, 8, 11), (4, 6, 9, 11))


def check(posed: Posed, solution: Solution) -> None:
    """Raise :class:`~pearls.rules.Illegal` unless the solution whitens every piece of the
    star by jumps along its lines."""
    check_on(lambda q: LINES, posed, solution)


def legal(posed: Posed, state: JSON) -> list[Step]:
    """Every legal jump from the star ``state`` along its lines, with the star it
    leaves."""
    return legal_on(lambda q: LINES, state)
