"""Clusters: every position reachable from a board, each at its distance from the
nearest solved position, as Fogleman's database measures a board.

A cluster is found breadth first from the board; the distances are counted breadth first
from all its solved members at once (:func:`pearls.analysis.analyze` with many starts).
Rush Hour's moves are reversible, so the solved members reach the whole cluster back.

>>> from pearls.puzzles.rushhour import p4
>>> from pearls.puzzles.rushhour_players import puzzle
>>> cluster(puzzle("slides"), p4).max_distance
51
"""

from __future__ import annotations

from pearls.analysis import Analysis, analyze, levels
from pearls.toolz_typed import concat
from pearls.types import M, Puzzle, S

__all__ = ["cluster", "solved_members"]


def solved_members(puzzle: Puzzle[S, M], q: S) -> list[S]:
    """The solved positions of the cluster of ``q``, in the order first reached
    breadth first: ``filter solved (concat (levels [q]))``.

    >>> from pearls.puzzles.rushhour import p4
    >>> from pearls.puzzles.rushhour_players import puzzle
    >>> len(solved_members(puzzle("slides"), p4))
    199
    """
    return list(filter(puzzle.solved, concat(levels(puzzle, [q]))))


def cluster(puzzle: Puzzle[S, M], q: S) -> Analysis[S]:
    """The cluster of ``q`` (every position reachable from it), each position at its
    distance from the nearest solved one: breadth first from all the solved members at
    once, as Fogleman's database counts.  With no solved member, the cluster's size and
    no distances.  The moves must be reversible (Rush Hour's are), so that the solved
    members reach the whole cluster back.

    ::

        cluster q = analyze (filter solved members)   where members = concat (levels [q])

    >>> from pearls.puzzles.rushhour import p4
    >>> from pearls.puzzles.rushhour_players import puzzle
    >>> a = cluster(puzzle("slides"), p4)
    >>> a.states, a.max_distance, len(a.farthest)
    (4780, 51, 3)
    """
    members = list(concat(levels(puzzle, [q])))
    goals = list(filter(puzzle.solved, members))
    if not goals:
        return Analysis(len(members), (), ())
    return analyze(puzzle, goals)
