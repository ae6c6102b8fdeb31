"""Watching a search, by wrapping the puzzle it searches, as a meter counts one.

A :class:`Tracer` is a meter's observer (:class:`~pearls.limits.Observer`): it watches
what the meter hands out, after the meter has counted it, and records what the search
does without touching the combinators or the chapter's types: the puzzle (or planner)
it hands out calls the real functions and notes each call.

* **expand**: ``moves q`` was asked, so ``q`` is expanded (one event per expansion the
  meter counts), with its depth and, where the search is led by a heuristic, its
  ``h`` and ``f = g + h`` (``g`` the depth);
* **plan**: a planner's ``goalmoves q`` proposed a plan, or its ``newplans q plan``
  turned the plan being followed at ``q`` into plans whose first move is legal now
  (the premoves chained before the goal move);
* **backtrack**: a backtracking search (every solution, ``backtrack``) backs up from a
  state, its moves all tried, as the search tells its ``backtracks`` argument
  (:attr:`~pearls.limits.Meter.backtracks`);
* **bound**: a deepening search (``iddfs``, ``idastar``) starts a round with this
  bound, as the search tells its ``rounds`` argument (:attr:`~pearls.limits.Meter.rounds`);
* **count**: states expanded outside a watched puzzle, which a meter counts
  (:meth:`~pearls.limits.Meter.count`: a search of one's own on flat integers, say),
  with no state to show.  The built-in methods have none: watched, each runs where its
  states can be seen (Hanoi's direct method makes its moves on the watched puzzle; the
  15 puzzle's IDA* on flat integers runs the same search on boards,
  :func:`~pearls.puzzles.sliding.patterns.tile_idastar`);
* **stopped**: the recording stopped at ``limit`` events (the search went on).

So the expansions a trace records (each ``expand``, and each ``count`` by its number)
are the states the meter counts, up to where the recording stopped.

``bfsearch'`` expands each level last state first (:func:`pearls.search.bfsearch_`),
and tells its ``levels`` argument (:attr:`~pearls.limits.Meter.levels`) each level in
the equations' order: the tracer holds a level's expansions and records them in that
order, each with what it would have ``reached`` there.  The search pays nothing for
the order; the tracer does.  A state's successors count as reached once the search
has generated them: the search stops generating them once it has listed the goal, so
the states of the last level expanded after that add none.

The depth of a state is worked out from ``move``: the start has depth 0, and each
successor ``move q m`` depth one more than ``q``'s, the least met so far kept.  For a
search that expands each state along a shortest path found so far (``bfs``, ``astar``)
it is the length of the path the state was expanded from; for the others (``plan``,
``dfs``, the deepening searches, which may reach a state by a longer path first or
again) it is the fewest moves by which the search had reached the state by then, at
most the length of the path being followed.

>>> from pearls.limits import Meter
>>> from pearls.puzzles import graph
>>> from pearls.search import bfsolve
>>> tracer = Tracer()
>>> meter = Meter(observer=tracer)
>>> ladder = graph.puzzle({"a": "bc", "b": "d", "c": "e", "e": "d"}, goal="d")
>>> bfsolve(meter.watch(ladder), "a", meter.levels)
['b', 'd']
>>> [(e.state, e.depth, e.reached) for e in tracer.recorded if isinstance(e, Expanded)]
[('a', 0, 1), ('b', 1, 3), ('c', 1, 4), ('e', 2, 5)]
>>> meter.expanded
4

The states are recorded as the search holds them; a front end names them in JSON
(:meth:`pearls.description.Problem.trace`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import count
from typing import TypeAlias, TypeGuard

from pearls.informed import Scored
from pearls.types import M, Plan, Planner, Puzzle, S

__all__ = [
    "LIMIT",
    "Backtracked",
    "Bound",
    "Counted",
    "Event",
    "Expanded",
    "Planned",
    "Stopped",
    "Tracer",
    "unscored",
]

LIMIT = 100_000  # the events a tracer records by default, then one saying it stopped


@dataclass(frozen=True)
class Expanded:
    """A state expanded, its depth, the distinct states the search had ``reached`` by
    then (the start and every successor generated: those not yet expanded are, for a
    search that keeps a visited set, its frontier), and its ``h`` where a heuristic
    leads the search (then ``f = depth + h``)."""

    state: object
    depth: int
    reached: int
    h: int | None = None


@dataclass(frozen=True)
class Planned:
    """Plans a planner made at ``state``: by ``goalmoves`` (one plan, ``given`` empty)
    or by ``newplans`` from the plan ``given`` that was being followed."""

    by: str  # "goalmoves" or "newplans"
    state: object
    given: tuple[object, ...]
    plans: tuple[tuple[object, ...], ...]


@dataclass(frozen=True)
class Backtracked:
    """A backtracking search backed up from a state at this depth, its moves all
    tried."""

    state: object
    depth: int


@dataclass(frozen=True)
class Bound:
    """A round of a deepening search starts with this bound."""

    bound: int


@dataclass(frozen=True)
class Counted:
    """States expanded outside a watched puzzle, as a meter counts them
    (:meth:`~pearls.limits.Meter.count`: a search of one's own on flat integers, say):
    no state to show."""

    count: int


@dataclass(frozen=True)
class Stopped:
    """The recording stopped after ``limit`` events, ``expanded`` states expanded
    (the meter's count up to the last event recorded); the search went on."""

    limit: int
    expanded: int


Event: TypeAlias = Expanded | Planned | Backtracked | Bound | Counted | Stopped


def unscored(q: object) -> object:
    """The puzzle's own state inside one that carries its heuristic value
    (:class:`~pearls.informed.Scored`), else the state itself."""
    return q.state if _scored(q) else q


def _scored(q: object) -> TypeGuard[Scored[Hashable]]:
    """Whether ``q`` carries its heuristic value."""
    return isinstance(q, Scored)


class Tracer:
    """A meter's observer that records the search it watches: at most ``limit`` events
    in :attr:`recorded`, then one :class:`Stopped`.  Made for one search, given to its
    meter (``Meter(observer=tracer)``), and read afterwards."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._events: list[Event] = []
        self._recorded = 0  # the states expanded that the events recorded count
        self._depth: dict[Hashable, int] = {}
        self._h: dict[Hashable, int] = {}
        self._level = _Level()

    @property
    def recorded(self) -> list[Event]:
        """The events so far, the level held for its order included (its holding
        ends)."""
        self._release()
        return self._events

    @property
    def full(self) -> bool:
        """Whether the recording has stopped."""
        return len(self._events) > self.limit

    def record(self, event: Event) -> None:
        """Record ``event``, after the level held for its order (its holding ends)."""
        self._release()
        self._keep(event)

    def _keep(self, event: Event) -> None:
        """Keep ``event``, or past the limit, say once that recording stopped (with the
        count of the states expanded that the events kept record)."""
        if len(self._events) < self.limit:
            self._events.append(event)
            self._recorded += 1 if isinstance(event, Expanded) else 0
            self._recorded += event.count if isinstance(event, Counted) else 0
        elif len(self._events) == self.limit:
            self._events.append(Stopped(self.limit, self._recorded))

    def counted(self, n: int) -> None:
        """Record ``n`` states counted outside a watched puzzle, if any."""
        if n > 0:
            self.record(Counted(n))

    def round(self, bound: int) -> None:
        """Record a round's bound."""
        self.record(Bound(bound))

    def backtracked(self, state: Hashable) -> None:
        """Record a backtrack from ``state``, at its depth."""
        self.record(Backtracked(state, self._depth.get(state, 0)))

    def level(self, states: Sequence[Hashable]) -> None:
        """Hold the expansions of ``states`` until the next level, another event or a
        read, to record them in the order given (after the level held before)."""
        self._release()
        if not self.full:
            self._level = _Level(dict(zip(states, count())), len(self._depth))

    def _release(self) -> None:
        """Record the expansions held, in their level's order, each with the states
        the search had reached there: those before the level, and the successors of
        the states ahead of it in the level."""
        level, self._level = self._level, _Level()
        for q, d, h, reached in level.in_order():
            self._keep(Expanded(q, d, reached, h))

    def watch(self, puzzle: Puzzle[S, M]) -> Puzzle[S, M]:
        """The puzzle, each expansion, depth and successor recorded."""
        depth, scores = self._depth, self._h

        def moves(q: S) -> Sequence[M]:
            ms = puzzle.moves(q)  # counted (or stopped at a limit) first
            first = q not in depth
            d = depth.setdefault(q, 0)
            h = q.h if _scored(q) else scores.get(q)
            if self._level.order:
                self._level.hold(q, d, h, first)
            else:
                self.record(Expanded(q, d, len(depth), h))
            return ms

        def move(q: S, m: M) -> S:
            r = puzzle.move(q, m)
            first, d = r not in depth, depth.get(q, 0) + 1
            if depth.get(r, d) >= d:
                depth[r] = d
            if self._level.order:
                self._level.reach(q, r, first)
            return r

        return Puzzle(moves, move, puzzle.solved)

    def heuristic(self, h: Callable[[S], int]) -> Callable[[S], int]:
        """``h``, each value it gives kept for the state's expansion."""
        scores = self._h

        def recorded(q: S) -> int:
            value = scores[q] = h(q)
            return value

        return recorded

    def watch_planner(self, planner: Planner[S, M]) -> Planner[S, M]:
        """The planner over the watched puzzle, each plan it makes recorded."""
        goalmoves, newplans = planner.goalmoves, planner.newplans

        def proposed(q: S) -> Sequence[M]:
            plan = goalmoves(q)
            self.record(Planned("goalmoves", q, (), (tuple(plan),)))
            return plan

        def chained(q: S, plan: Plan[M]) -> Iterable[Sequence[M]]:
            plans = tuple(tuple(ms) for ms in newplans(q, plan))
            self.record(Planned("newplans", q, plan, plans))
            return plans

        return Planner(self.watch(planner.puzzle), proposed, chained)


@dataclass
class _Level:
    """A breadth-first level being expanded: each state's place in the equations'
    order, the count of states reached before it, and its expansions held so far, each
    with its successors and the states it reached first."""

    order: dict[Hashable, int] = field(default_factory=dict)
    reached: int = 0
    held: list[tuple[Hashable, int, int | None]] = field(default_factory=list)
    successors: dict[Hashable, list[Hashable]] = field(default_factory=dict)
    fresh: set[Hashable] = field(default_factory=set)  # reached first within the level

    def hold(self, q: Hashable, d: int, h: int | None, first: bool) -> None:
        """Hold the expansion of ``q`` (at depth ``d``, with ``h``), reached first
        here if ``first`` (a start)."""
        self.held.append((q, d, h))
        self.successors[q] = []
        if first:
            self.fresh.add(q)

    def reach(self, q: Hashable, r: Hashable, first: bool) -> None:
        """Note that expanding ``q`` reached ``r``, for the first time if ``first``."""
        self.successors[q].append(r)
        if first:
            self.fresh.add(r)

    def in_order(self) -> Iterator[tuple[Hashable, int, int | None, int]]:
        """The expansions held, in the level's order, each with the states reached
        there: those before the level, the states ahead of it that were reached first
        in the level, and itself, if reached first."""
        news: set[Hashable] = set()
        last = len(self.order)  # a state of no level: after the level, as it came
        for q, d, h in sorted(self.held, key=lambda held: self.order.get(held[0], last)):
            if q in self.fresh:
                news.add(q)
            yield q, d, h, self.reached + len(news)
            news.update(r for r in self.successors[q] if r in self.fresh)
