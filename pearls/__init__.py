"""Puzzles solved by state-space search: chapter 18 of Richard Bird's *Pearls of
Functional Algorithm Design*, "Planning solves the Rush Hour problem", typed and generic.

A puzzle is ``moves``, ``move`` and ``solved`` (:class:`Puzzle`); the combinators of
:mod:`pearls.search` solve every puzzle, planning with a :class:`Planner`.  Beside them:
iterative deepening (:mod:`pearls.deepening`), whole-space analysis
(:mod:`pearls.analysis`), limits, progress and counts for any search
(:mod:`pearls.limits`), and a puzzle's methods as data (:mod:`pearls.methods`).

The names below are imported from their modules when first asked for, so that
importing the package alone costs nothing: the ``pearls`` command sets its Ctrl-C
handler (:mod:`pearls.__main__`) before anything heavy is imported.

>>> from pearls import Puzzle, bfsolve
>>> bfsolve(Puzzle(moves=lambda n: [1, 2], move=lambda n, m: n + m, solved=lambda n: n == 5), 0)
[2, 2, 1]
"""

from __future__ import annotations

TYPE_CHECKING = False  # true for the type checker alone: typing itself takes 20 ms to import
if TYPE_CHECKING:
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

_HOMES = {  # the module each name of __all__ is imported from, e.g. Meter: pearls.limits
    "pearls.analysis": ("Analysis", "PerfectHash", "analyze", "levels"),
    "pearls.deepening": ("Prune", "idsolve"),
    "pearls.errors": ("BoardError", "LimitReached", "OptionError", "PearlsError"),
    "pearls.limits": ("Meter", "Stats"),
    "pearls.search": ("Premoves", "bfsolve", "dfsolve", "planner", "psolve"),
    "pearls.types": ("Path", "Plan", "Planner", "Puzzle"),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> object:
    """A name of ``__all__``, imported from its module the first time it is asked for
    (and kept here after); any other name is no attribute of the package."""
    from importlib import import_module

    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'pearls' has no attribute {name!r}")
    value: object = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The package's names, those not yet imported among them."""
    return sorted({*globals(), *__all__})
