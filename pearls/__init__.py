"""Puzzles solved by state-space search: chapter 18 of Richard Bird's *Pearls of
Functional Algorithm Design*, "Planning solves the Rush Hour problem", typed and generic.

A puzzle is ``moves``, ``move`` and ``solved`` (:class:`Puzzle`); the combinators of
:mod:`pearls.search` solve every puzzle.
"""

from pearls.search import bfsolve, dfsolve, psolve
from pearls.types import BoardError, Planner, Puzzle

__all__ = ["BoardError", "Planner", "Puzzle", "bfsolve", "dfsolve", "psolve"]
