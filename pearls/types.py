"""The chapter's vocabulary, generic over a state type ``S`` and a move type ``M``.

Bird's types, with the Python that carries them::

    type Path      = ([Move], State)           -- Path(history, state)
    type Frontier  = [Path]                    -- list[Path]
    type Plan      = [Move]                    -- tuple of moves, next move first
    type APath     = ([Move], State, Plan)     -- APath(history, state, plan)
    type AFrontier = [APath]                   -- list[APath]

A puzzle is the triple ``moves``, ``move``, ``solved`` (a :class:`Puzzle`); planning
adds ``goalmoves`` and ``newplans`` (a :class:`Planner`).

The moves of a path are kept newest first in a persistent linked list, as Bird's
accumulating versions cons onto ``ms`` and reverse once at the end: extending a path
shares its history instead of copying it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, NamedTuple, TypeAlias, TypeVar

from pyrsistent import PList, plist

from pearls.errors import BoardError

__all__ = [
    "JSON",
    "AFrontier",
    "APath",
    "BoardError",
    "Frontier",
    "History",
    "M",
    "Path",
    "Plan",
    "Planner",
    "Puzzle",
    "S",
    "astart",
    "solution",
    "start",
]

S = TypeVar("S", bound=Hashable)  # a state, e.g. a Rush Hour grid pvector([(17, 18), (1, 15)])
M = TypeVar("M")  # a move, e.g. (0, 19): vehicle 0 to cell 19

JSON: TypeAlias = bool | int | float | str | list["JSON"] | dict[str, "JSON"] | None  # [0, 16]

History: TypeAlias = PList[M]  # moves made so far, newest first, e.g. plist([(0, 20), (0, 19)])
Plan: TypeAlias = tuple[M, ...]  # moves intended next, first move first, e.g. ((0, 19), (0, 20))


class Path(NamedTuple, Generic[S, M]):
    """A state and the moves that reached it: Bird's ``([Move], State)``."""

    history: History[M]
    state: S


class APath(NamedTuple, Generic[S, M]):
    """A path that carries a plan: Bird's ``([Move], State, Plan)``."""

    history: History[M]
    state: S
    plan: Plan[M]


Frontier: TypeAlias = list[Path[S, M]]  # paths to explore, next first, e.g. [Path(plist(), g1)]
AFrontier: TypeAlias = list[APath[S, M]]  # e.g. [APath(plist(), g1, ((0, 19), (0, 20)))]


@dataclass(frozen=True)
class Puzzle(Generic[S, M]):
    """A puzzle as a deterministic finite automaton.

    ``moves :: State -> [Move]``, ``move :: State -> Move -> State``,
    ``solved :: State -> Bool``.
    """

    moves: Callable[[S], Sequence[M]]
    move: Callable[[S, M], S]
    solved: Callable[[S], bool]


@dataclass(frozen=True)
class Planner(Generic[S, M]):
    """A puzzle with a way to plan: ``goalmoves :: State -> Plan`` proposes a plan
    towards the goal, and ``newplans :: State -> Plan -> [Plan]`` turns a plan into
    plans whose first move is legal now.  Either may give any sequence of moves (a list,
    a tuple); the searches keep each plan as a tuple.  The chapter's generic
    ``newplans``, over ``premoves :: State -> Move -> [[Move]]``, is
    :func:`pearls.search.planner`'s."""

    puzzle: Puzzle[S, M]
    goalmoves: Callable[[S], Sequence[M]]
    newplans: Callable[[S, Plan[M]], Iterable[Sequence[M]]]


def solution(history: History[M]) -> list[M]:
    """The moves from the start, in the order they were made: Bird's ``reverse ms``."""
    return list(reversed(history))


def start(q: S) -> Path[S, M]:
    """The path that has made no move yet: Bird's ``([], q)``."""
    return Path(plist(), q)


def astart(planner: Planner[S, M], q: S) -> APath[S, M]:
    """The planned path that has made no move yet: Bird's ``([], q, goalmoves q)``."""
    return APath(plist(), q, tuple(planner.goalmoves(q)))
