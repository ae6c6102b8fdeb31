"""A puzzle's methods as data: each a runner over the chapter's combinators.

A :class:`Method` is one way of solving a problem that a front end can offer by name:
``run q meter`` searches from the start ``q`` with the puzzle watched by ``meter``
(so the search is counted and stopped at the meter's limits) and returns the moves of a
solution, or ``None`` when none exists.  In the chapter's terms::

    type Runner = State -> Meter -> Maybe [Move]

There are three kinds of method.  A :class:`Method` finds one solution, its moves; with
an :class:`Answer` the solution's result is its solved state (a knight's tour, a
colouring), not the moves that built it.  An :class:`Every` lists every solution,
lazily (``solutions q``, :mod:`pearls.backtrack`).

A problem carries its methods as a mapping from name to method, the default first;
:func:`chapter` builds the chapter's methods from what a puzzle has (its three
functions, a planner, a prune, a lower bound), :func:`completing` those of a puzzle
whose states are partial solutions, and the adapters below build one at a time, so the
names a front end lists are the methods that run.

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

from collections.abc import Callable, Collection, Hashable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Generic, Protocol, TypeAlias, TypeVar

from pearls import backtrack as backtracking
from pearls import deepening, informed, literal, search
from pearls.deepening import Prune, no_prune
from pearls.informed import Estimate, Heuristic
from pearls.limits import Meter
from pearls.types import JSON, APath, M, Path, Planner, Puzzle, S, astart, start

__all__ = [
    "EVERY",
    "Answer",
    "Every",
    "Method",
    "Runner",
    "Stepper",
    "Technique",
    "astar",
    "backtrack",
    "bfs",
    "chapter",
    "completing",
    "dfs",
    "every",
    "idastar",
    "iddfs",
    "known",
    "plan",
]

Runner: TypeAlias = Callable[[S, Meter], list[M] | None]  # e.g. lambda q, meter: [(0, 19)]
# the equations behind a method, stepped literally (pearls.literal) on a start and a meter
Stepper: TypeAlias = Callable[[S, Meter], Iterator[literal.Step[S, Path[S, M] | APath[S, M]]]]
Lister: TypeAlias = Callable[[S, Meter], Iterator[list[M]]]  # every solution's moves, lazily
EVERY = "all"  # the name every solution is offered by, as ``--method all`` (or ``--all``)
T = TypeVar("T", bound=Hashable)  # the states a led search runs over: a puzzle's, or scored
N = TypeVar("N")  # its moves


@dataclass(frozen=True)
class Answer(Generic[S]):
    """A puzzle's result when it is the solved state rather than the moves to it: its
    name and the state as JSON, e.g. ``Answer("tour", tour_json)``."""

    key: str
    of: Callable[[S], JSON]


@dataclass(frozen=True)
class Method(Generic[S, M]):
    """A way of solving a problem: ``run`` it on a start and a meter; ``about`` says in
    one line what it finds and how; ``shortest`` whether its solutions are shortest;
    ``answer``, where the solved state is the result; ``deepening``, whether it deepens
    round by round and holds no more than its path, so that its memory is its depth and
    a front end bounds it by time alone unless told otherwise; ``steps``, where the
    method is one of the chapter's, its equations stepped literally
    (:mod:`pearls.literal`)."""

    run: Runner[S, M]
    about: str
    shortest: bool = False
    answer: Answer[S] | None = None
    deepening: bool = False
    steps: Stepper[S, M] | None = None


@dataclass(frozen=True)
class Every(Generic[S, M]):
    """Every solution of a problem: ``run`` lists their moves, lazily, depth first, on a
    start and a meter; ``answer``, where each solved state is a result."""

    run: Lister[S, M]
    about: str
    answer: Answer[S] | None = None
    shortest = False  # the solutions listed are of every length


Technique: TypeAlias = Method[S, M] | Every[S, M]  # any kind of method


def bfs(puzzle: Puzzle[S, M]) -> Method[S, M]:
    """A shortest solution, breadth first: ``bfsolve q = bfsearch' [] [] [([], q)]``."""
    return Method(
        lambda q, meter: search.bfsolve(meter.watch(puzzle), q, meter.levels),
        "a shortest solution, breadth first (bfsolve, Bird's bfsearch')",
        shortest=True,
        steps=lambda q, meter: literal.bfsearch_(meter.watch(puzzle), [], [], [start(q)]),
    )


def dfs(puzzle: Puzzle[S, M]) -> Method[S, M]:
    """A solution, depth first: ``dfsolve q = dfsearch [] [([], q)]``."""
    return Method(
        lambda q, meter: search.dfsolve(meter.watch(puzzle), q),
        "a solution, often long, depth first (dfsolve, Bird's dfsearch)",
        steps=lambda q, meter: literal.dfsearch(meter.watch(puzzle), [], [start(q)]),
    )


def plan(planner: Planner[S, M]) -> Method[S, M]:
    """A solution led by plans: ``psolve q = psearch' [] [] [([], q, goalmoves q)]``."""
    return Method(
        lambda q, meter: search.psolve(meter.watch_planner(planner), q),
        "a solution led by plans, goal moves and premoves (psolve, Bird's psearch')",
        steps=lambda q, meter: _planned_steps(meter.watch_planner(planner), q),
    )


def _planned_steps(
    planner: Planner[S, M], q: S
) -> Iterator[literal.Step[S, Path[S, M] | APath[S, M]]]:
    """``psolve q = psearch' [] [] [([], q, goalmoves q)]``, stepped literally."""
    return literal.psearch_(planner, [], [], [astart(planner, q)])


def iddfs(puzzle: Puzzle[S, M], prune: Prune[S, M] = no_prune) -> Method[S, M]:
    """A shortest solution by iterative deepening, the moves ``prune`` forbids left
    out: ``idsolve q = head [ms | d <- [0 ..], Just ms <- [dlsearch d [([], q)]]]``."""
    return Method(
        lambda q, meter: deepening.idsolve(meter.watch(puzzle), q, prune, rounds=meter.rounds),
        "a shortest solution by iterative deepening, in little memory (idsolve)",
        shortest=True,
        deepening=True,
    )


def astar(puzzle: Puzzle[S, M], h: Heuristic[S] | Estimate[S, M]) -> Method[S, M]:
    """A shortest solution by A*, led by the lower bound ``h`` on the moves left; an
    :class:`~pearls.informed.Estimate` is carried in the states and updated move by
    move (:func:`~pearls.informed.scored`)."""
    return _led(_astar, puzzle, h, _ASTAR)


def idastar(puzzle: Puzzle[S, M], h: Heuristic[S] | Estimate[S, M]) -> Method[S, M]:
    """A shortest solution by IDA*, deepening on the bound ``f = g + h``; an
    :class:`~pearls.informed.Estimate` is carried in the states, as for :func:`astar`."""
    return _led(informed.idastar, puzzle, h, _IDASTAR, deepening=True)


Rounds: TypeAlias = Callable[[int], None] | None  # told each round's bound, if anything is


class _Led(Protocol):
    """A search led by a heuristic, over any states, that tells ``rounds`` each
    round's bound: :func:`~pearls.informed.idastar`, or A* (:func:`_astar`)."""

    def __call__(
        self, puzzle: Puzzle[T, N], q: T, h: Heuristic[T], rounds: Rounds
    ) -> list[N] | None: ...


def _astar(puzzle: Puzzle[T, N], q: T, h: Heuristic[T], rounds: Rounds) -> list[N] | None:
    """:func:`~pearls.informed.astar`, which has no rounds to tell."""
    return informed.astar(puzzle, q, h)


def _led(
    search: _Led,
    puzzle: Puzzle[S, M],
    h: Heuristic[S] | Estimate[S, M],
    about: str,
    deepening: bool = False,
) -> Method[S, M]:
    """The method of a search led by ``h``: over the puzzle itself, or, for an
    estimate, over states that carry its value (:func:`~pearls.informed.scored`)."""
    if not callable(h):  # an estimate a move updates, not a plain heuristic
        e, lifted = h, informed.scored(puzzle, h)
        return Method(
            lambda q, meter: search(
                meter.watch(lifted),
                informed.score(e, q),
                meter.heuristic(informed.carried),
                meter.rounds,
            ),
            about,
            shortest=True,
            deepening=deepening,
        )
    heuristic = h
    return Method(
        lambda q, meter: search(meter.watch(puzzle), q, meter.heuristic(heuristic), meter.rounds),
        about,
        shortest=True,
        deepening=deepening,
    )


_ASTAR = "a shortest solution led by a lower bound on the moves left (astar)"
_IDASTAR = "a shortest solution by deepening on that bound, in little memory (idastar)"


def backtrack(
    puzzle: Puzzle[S, M],
    order: backtracking.Order[S, M] | None = None,
    answer: Answer[S] | None = None,
) -> Method[S, M]:
    """The first solution by backtracking, with no set of visited states: for puzzles
    whose states are partial solutions, ``head (solutions q)``
    (:func:`~pearls.backtrack.solutions`), the moves tried in the order ``order``
    gives."""

    def first(q: S, meter: Meter) -> list[M] | None:
        found = backtracking.solutions(meter.watch(puzzle), q, order, meter.backtracks)
        return next(found, None)

    about = "the first solution by backtracking, no visited set (solutions)"
    return Method(first, about, answer=answer)


def every(
    puzzle: Puzzle[S, M],
    order: backtracking.Order[S, M] | None = None,
    answer: Answer[S] | None = None,
) -> Every[S, M]:
    """Every solution, depth first, with no set of visited states:
    ``solutions q`` (:func:`~pearls.backtrack.solutions`), the moves tried in the order
    ``order`` gives."""
    return Every(
        lambda q, meter: backtracking.solutions(meter.watch(puzzle), q, order, meter.backtracks),
        "every solution, depth first, and how many (solutions)",
        answer,
    )


def chapter(
    puzzle: Puzzle[S, M],
    planner: Planner[S, M] | None = None,
    prune: Prune[S, M] | None = None,
    bound: Heuristic[S] | Estimate[S, M] | None = None,
    without: Collection[str] = (),
) -> dict[str, Method[S, M]]:
    """The chapter's methods for a puzzle, from what it has, in the order a front end
    offers them, ``bfs`` the default: ``bfs`` and ``dfs`` always, ``plan`` with a
    planner, ``iddfs`` with a prune (:data:`~pearls.deepening.no_prune` where none
    is needed), ``astar`` and ``idastar`` with a lower bound on the moves left; less
    the names in ``without``, each a method the puzzle has but would not pay.

    >>> from pearls.puzzles import graph
    >>> list(chapter(graph.puzzle({"a": "b"}, goal="b"), prune=no_prune))
    ['bfs', 'dfs', 'iddfs']
    """
    made: dict[str, Method[S, M]] = {"bfs": bfs(puzzle)}
    if planner is not None:
        made["plan"] = plan(planner)
    made["dfs"] = dfs(puzzle)
    if prune is not None:
        made["iddfs"] = iddfs(puzzle, prune)
    if bound is not None:
        made["astar"] = astar(puzzle, bound)
        made["idastar"] = idastar(puzzle, bound)
    return {name: m for name, m in made.items() if name not in without}


def completing(
    puzzle: Puzzle[S, M],
    answer: Answer[S],
    order: backtracking.Order[S, M] | None = None,
    every_first: bool = False,
) -> dict[str, Technique[S, M]]:
    """The methods of a puzzle whose states are partial solutions, each reached by one
    sequence of moves only (a tour, a colouring): ``backtrack`` (the default: a set of
    visited states would never spare a search), the chapter's ``dfs`` and ``bfs``, and
    every solution (:data:`EVERY`, the default where ``every_first``); each solution's
    result is its solved state, the ``answer``.

    >>> from pearls.puzzles import graph
    >>> list(completing(graph.puzzle({"a": "b"}, goal="b"), Answer("node", str)))
    ['backtrack', 'dfs', 'bfs', 'all']
    """
    one: dict[str, Technique[S, M]] = {
        "backtrack": backtrack(puzzle, order, answer),
        "dfs": _answering(dfs(puzzle), answer),
        "bfs": _answering(bfs(puzzle), answer),
    }
    listing = every(puzzle, order, answer)
    return {EVERY: listing, **one} if every_first else {**one, EVERY: listing}


def _answering(m: Method[S, M], answer: Answer[S]) -> Method[S, M]:
    """``m``, its solution's result the solved state."""
    return replace(m, answer=answer)


def known(
    puzzle: Puzzle[S, M], algorithm: Callable[[S], Iterable[M]], about: str, shortest: bool = False
) -> Method[S, M]:
    """A puzzle's own algorithm, no search: its moves, each counted by the meter as one
    state expanded, so the meter's limits stop it as they stop a search; ``shortest``
    where the algorithm's solutions are shortest (the laws hold it to that).  Watched
    by an observer (a tracer), the moves are made on the puzzle, each state before a
    move expanded through the watched puzzle, so that a trace shows the states the
    algorithm passes through; unwatched, only counted.

    >>> from pearls.puzzles import graph
    >>> from pearls.limits import Meter
    >>> ladder = graph.puzzle({"a": "b", "b": "c"}, goal="c")
    >>> meter = Meter()
    >>> known(ladder, lambda q: ["b", "c"], "walk the ladder").run("a", meter), meter.expanded
    (['b', 'c'], 2)
    """

    def run(q: S, meter: Meter) -> list[M] | None:
        watched = None if meter.observer is None else meter.watch(puzzle)
        made: list[M] = []
        for m in algorithm(q):
            if watched is None:
                meter.count()
            else:
                watched.moves(q)
                q = watched.move(q, m)
            made.append(m)
        return made

    return Method(run, about, shortest)
