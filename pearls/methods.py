"""A puzzle's methods as data: each a runner over the chapter's combinators.

A :class:`Method` is one way of solving a problem that a front end can offer by name:
``run q meter`` searches from the start ``q`` with the puzzle watched by ``meter``
(so the search is counted and stopped at the meter's limits) and returns the moves of a
solution, or ``None`` when none exists.  In the chapter's terms::

    type Runner = State -> Meter -> Maybe [Move]

A problem carries its methods as a mapping from name to method, the default first; the
adapters below build them from what a puzzle has (its three functions, a planner, a
prune, an estimate), so the names a front end lists are the methods that run.

>>> from pearls.puzzles import graph
>>> from pearls.limits import Meter
>>> ladder = graph.puzzle({"a": "bc", "b": "d", "c": "e", "e": "d"}, goal="d")
>>> methods = {"bfs": bfs(ladder), "dfs": dfs(ladder), "iddfs": iddfs(ladder)}
>>> {name: m.run("a", Meter()) for name, m in methods.items()}
{'bfs': ['b', 'd'], 'dfs': ['b', 'd'], 'iddfs': ['b', 'd']}
>>> [name for name, m in methods.items() if m.shortest]
['bfs', 'iddfs']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeAlias, TypeVar

from pearls import backtrack as backtracking
from pearls import deepening, informed, search
from pearls.deepening import Prune, no_prune
from pearls.informed import Estimate, Heuristic
from pearls.limits import Meter
from pearls.types import M, Planner, Puzzle, S

__all__ = [
    "Method",
    "Runner",
    "astar",
    "backtrack",
    "bfs",
    "dfs",
    "idastar",
    "iddfs",
    "known",
    "plan",
]

Runner: TypeAlias = Callable[[S, Meter], list[M] | None]  # e.g. lambda q, meter: [(0, 19)]
T = TypeVar("T", bound=Hashable)  # the states a led search runs over: a puzzle's, or scored
N = TypeVar("N")  # its moves


@dataclass(frozen=True)
class Method(Generic[S, M]):
    """A way of solving a problem: ``run`` it on a start and a meter; ``about`` says in
    one line what it finds and how; ``shortest`` whether its solutions are shortest."""

    run: Runner[S, M]
    about: str
    shortest: bool = False


def bfs(puzzle: Puzzle[S, M]) -> Method[S, M]:
    """A shortest solution, breadth first: ``bfsolve q = bfsearch' [] [] [([], q)]``."""
    return Method(
        lambda q, meter: search.bfsolve(meter.watch(puzzle), q),
        "a shortest solution, breadth first (bfsolve, Bird's bfsearch')",
        shortest=True,
    )


def dfs(puzzle: Puzzle[S, M]) -> Method[S, M]:
    """A solution, depth first: ``dfsolve q = dfsearch [] [([], q)]``."""
    return Method(
        lambda q, meter: search.dfsolve(meter.watch(puzzle), q),
        "a solution, often long, depth first (dfsolve, Bird's dfsearch)",
    )


def plan(planner: Planner[S, M]) -> Method[S, M]:
    """A solution led by plans: ``psolve q = psearch' [] [] [([], q, goalmoves q)]``."""
    return Method(
        lambda q, meter: search.psolve(meter.watch_planner(planner), q),
        "a solution led by plans, goal moves and premoves (psolve, Bird's psearch')",
    )


def iddfs(puzzle: Puzzle[S, M], prune: Prune[S, M] = no_prune) -> Method[S, M]:
    """A shortest solution by iterative deepening, the moves ``prune`` forbids left
    out: ``idsolve q = head [ms | d <- [0 ..], Just ms <- [dlsearch d [([], q)]]]``."""
    return Method(
        lambda q, meter: deepening.idsolve(meter.watch(puzzle), q, prune),
        "a shortest solution by iterative deepening, in little memory (idsolve)",
        shortest=True,
    )


def astar(puzzle: Puzzle[S, M], h: Heuristic[S] | Estimate[S, M]) -> Method[S, M]:
    """A shortest solution by A*, led by the lower bound ``h`` on the moves left; an
    :class:`~pearls.informed.Estimate` is carried in the states and updated move by
    move (:func:`~pearls.informed.scored`)."""
    return _led(informed.astar, puzzle, h, _ASTAR)


def idastar(puzzle: Puzzle[S, M], h: Heuristic[S] | Estimate[S, M]) -> Method[S, M]:
    """A shortest solution by IDA*, deepening on the bound ``f = g + h``; an
    :class:`~pearls.informed.Estimate` is carried in the states, as for :func:`astar`."""
    return _led(informed.idastar, puzzle, h, _IDASTAR)


class _Led(Protocol):
    """A search led by a heuristic, over any states: :func:`~pearls.informed.astar` or
    :func:`~pearls.informed.idastar`."""

    def __call__(self, puzzle: Puzzle[T, N], q: T, h: Heuristic[T]) -> list[N] | None: ...


def _led(
    search: _Led,
    puzzle: Puzzle[S, M],
    h: Heuristic[S] | Estimate[S, M],
    about: str,
) -> Method[S, M]:
    """The method of a search led by ``h``: over the puzzle itself, or, for an
    estimate, over states that carry its value (:func:`~pearls.informed.scored`)."""
    if isinstance(h, Estimate):
        e, lifted = h, informed.scored(puzzle, h)
        return Method(
            lambda q, meter: search(meter.watch(lifted), informed.score(e, q), informed.carried),
            about,
            shortest=True,
        )
    heuristic = h
    return Method(lambda q, meter: search(meter.watch(puzzle), q, heuristic), about, True)


_ASTAR = "a shortest solution led by a lower bound on the moves left (astar)"
_IDASTAR = "a shortest solution by deepening on that bound, in little memory (idastar)"


def backtrack(puzzle: Puzzle[S, M], order: backtracking.Order[S, M] | None = None) -> Method[S, M]:
    """The first solution by backtracking, with no set of visited states: for puzzles
    whose states are partial solutions, ``head (solutions q)``
    (:func:`~pearls.backtrack.solutions`), the moves tried in the order ``order``
    gives."""

    def first(q: S, meter: Meter) -> list[M] | None:
        return next(backtracking.solutions(meter.watch(puzzle), q, order), None)

    return Method(first, "the first solution by backtracking, no visited set (solutions)")


def known(
    algorithm: Callable[[S], Iterable[M]], about: str, shortest: bool = False
) -> Method[S, M]:
    """A puzzle's own algorithm, no search: its moves, each counted by the meter as one
    state expanded, so the meter's limits stop it as they stop a search; ``shortest``
    where the algorithm's solutions are shortest (the laws hold it to that)."""

    def run(q: S, meter: Meter) -> list[M] | None:
        made: list[M] = []
        for m in algorithm(q):
            meter.count()
            made.append(m)
        return made

    return Method(run, about, shortest)
