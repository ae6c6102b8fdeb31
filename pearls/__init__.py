"""Puzzles solved by state-space search: chapter 18 of Richard Bird's *Pearls of
Functional Algorithm Design*, "Planning solves the Rush Hour problem", typed and generic.

A puzzle is ``moves``, ``move`` and ``solved`` (:class:`Puzzle`); the combinators of
:mod:`pearls.search` solve every puzzle, planning with a :class:`Planner`.  Beside them:
iterative deepening (:mod:`pearls.deepening`), whole-space analysis
(:mod:`pearls.analysis`), limits, progress and counts for any search
(:mod:`pearls.limits`), and a puzzle's methods as data (:mod:`pearls.methods`).
"""

from pearls.analysis import Analysis, PerfectHash, analyze, levels
from pearls.deepening import Prune, idsolve
from pearls.errors import BoardError, LimitReached, OptionError, PearlsError
from pearls.limits import Meter, Stats
from pearls.search import Premoves, bfsolve, dfsolve, planner, psolve
from pearls.types import Path, Plan, Planner, Puzzle

__all__ = [
    "Analysis",
    "BoardError",
    "LimitReached",
    "Meter",
    "OptionError",
    "Path",
    "PearlsError",
    "PerfectHash",
    "Plan",
    "Planner",
    "Premoves",
    "Prune",
    "Puzzle",
    "Stats",
    "analyze",
    "bfsolve",
    "dfsolve",
    "idsolve",
    "levels",
    "planner",
    "psolve",
]
