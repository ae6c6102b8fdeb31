"""Watching a search, by wrapping the puzzle it searches, as a meter counts one.

A :class:`Tracer` is a :class:`~pearls.limits.Meter` that also records what the search
does, without touching the combinators: the puzzle (or planner) it hands out calls the
real functions and notes each call.

* **expand**: ``moves q`` was asked, so ``q`` is expanded (one event per expansion the
  meter counts), with its depth and, where the search is led by a heuristic, its
  ``h`` and ``f = g + h`` (``g`` the depth);
* **plan**: a planner's ``goalmoves q`` proposed a plan, or its ``newplans q plan``
  turned the plan being followed at ``q`` into plans whose first move is legal now
  (the premoves chained before the goal move);
* **bound**: a deepening search (``iddfs``, ``idastar``) starts a round with this
  bound.  This is the one hook: :class:`~pearls.types.Puzzle` carries an optional
  ``rounds`` observer, which :func:`~pearls.deepening.idsolve` and
  :func:`~pearls.informed.idastar` tell each bound; the tracer's puzzle sets it;
* **count**: states expanded outside a watched puzzle, which a meter counts
  (:meth:`~pearls.limits.Meter.count`: Hanoi's direct method; the 15 puzzle's IDA* on
  flat integers, which sets the count after each round), with no state to show;
* **stopped**: the recording stopped at ``limit`` events (the search went on).

So the expansions a trace records (each ``expand``, and each ``count`` by its number)
are the states the meter counts, up to where the recording stopped.

The depth of a state is worked out from ``move``: the start has depth 0, and each
successor ``move q m`` depth one more than ``q``'s, the least met so far kept.  For a
search that expands each state along a shortest path found so far (``bfs``, ``astar``)
it is the length of the path the state was expanded from; for the others (``plan``,
``dfs``, the deepening searches, which may reach a state by a longer path first or
again) it is the fewest moves by which the search had reached the state by then, at
most the length of the path being followed.

>>> from pearls.puzzles import graph
>>> from pearls.search import bfsolve
>>> tracer = Tracer()
>>> bfsolve(tracer.watch(graph.puzzle({1: [2, 3], 2: [4], 3: [4]}, goal=4)), 1)
[3, 4]
>>> [(e.state, e.depth) for e in tracer.recorded if isinstance(e, Expanded)]
[(1, 0), (2, 1), (3, 1)]
>>> tracer.expanded
3

The states are recorded as the search holds them; a front end names them in JSON
(:meth:`pearls.description.Problem.trace`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from pearls.informed import Scored
from pearls.limits import Meter, Progress
from pearls.types import M, Plan, Planner, Puzzle, S

__all__ = [
    "LIMIT",
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
class Bound:
    """A round of a deepening search starts with this bound."""

    bound: int


@dataclass(frozen=True)
class Counted:
    """States expanded outside a watched puzzle, as a meter counts them
    (:meth:`~pearls.limits.Meter.count`: a puzzle's own algorithm, a search on flat
    integers): no state to show."""

    count: int


@dataclass(frozen=True)
class Stopped:
    """The recording stopped after ``limit`` events, ``expanded`` states expanded
    (the meter's count up to the last event recorded); the search went on."""

    limit: int
    expanded: int


Event: TypeAlias = Expanded | Planned | Bound | Counted | Stopped


def unscored(q: object) -> object:
    """The puzzle's own state inside one that carries its heuristic value
    (:class:`~pearls.informed.Scored`), else the state itself."""
    return q.state if isinstance(q, Scored) else q


class Tracer(Meter):
    """A meter that records the search it watches: at most ``limit`` events in
    :attr:`recorded`, then one :class:`Stopped`.  Like a meter, made for one search
    and read afterwards."""

    def __init__(
        self,
        max_states: int | None = None,
        timeout: float | None = None,
        progress: Progress | None = None,
        every: float = 0.2,
        max_memory: int | None = None,
        limit: int = LIMIT,
    ) -> None:
        self.limit = limit
        self.recorded: list[Event] = []
        self._expanding = False
        super().__init__(max_states, timeout, progress, every, max_memory)
        self._depth: dict[Hashable, int] = {}
        self._h: dict[Hashable, int] = {}

    def record(self, event: Event) -> None:
        """Keep ``event``, or past the limit, say once that recording stopped (with the
        meter's count before ``event``'s expansions)."""
        if len(self.recorded) < self.limit:
            self.recorded.append(event)
        elif len(self.recorded) == self.limit:
            counted = 1 if isinstance(event, Expanded) else 0
            counted += event.count if isinstance(event, Counted) else 0
            self.recorded.append(Stopped(self.limit, self.expanded - counted))

    @property
    def expanded(self) -> int:
        """The states expanded so far, as a meter counts them; a rise that is not an
        expansion of a watched puzzle (:meth:`~pearls.limits.Meter.count`, or a search
        on flat integers that sets the count, as the 15 puzzle's IDA* does) is recorded
        as :class:`Counted`."""
        return self._expanded

    @expanded.setter
    def expanded(self, value: int) -> None:
        rise, self._expanded = value - getattr(self, "_expanded", value), value
        if rise > 0 and not self._expanding:
            self.record(Counted(rise))

    def watch(self, puzzle: Puzzle[S, M]) -> Puzzle[S, M]:
        """The puzzle counted and bounded as a meter's, each expansion, depth and
        round recorded."""
        watched = super().watch(puzzle)
        depth, scores = self._depth, self._h

        def moves(q: S) -> Sequence[M]:
            self._expanding = True
            try:
                ms = watched.moves(q)  # counted (or stopped at a limit) first
            finally:
                self._expanding = False
            d = depth.setdefault(q, 0)
            h = q.h if isinstance(q, Scored) else scores.get(q)
            self.record(Expanded(q, d, len(depth), h))
            return ms

        def move(q: S, m: M) -> S:
            r = watched.move(q, m)
            d = depth.get(q, 0) + 1
            if depth.get(r, d) >= d:
                depth[r] = d
            return r

        def rounds(bound: int) -> None:
            self.record(Bound(bound))

        return Puzzle(moves, move, watched.solved, rounds)

    def heuristic(self, h: Callable[[S], int]) -> Callable[[S], int]:
        """``h``, each value it gives kept for the state's expansion."""
        scores = self._h

        def recorded(q: S) -> int:
            value = scores[q] = h(q)
            return value

        return recorded

    def watch_planner(self, planner: Planner[S, M]) -> Planner[S, M]:
        """The planner as a meter's, each plan it makes recorded."""
        watched = super().watch_planner(planner)
        goalmoves, newplans = watched.goalmoves, watched.newplans

        def proposed(q: S) -> Sequence[M]:
            plan = goalmoves(q)
            self.record(Planned("goalmoves", q, (), (tuple(plan),)))
            return plan

        def chained(q: S, plan: Plan[M]) -> Iterable[Sequence[M]]:
            plans = tuple(tuple(ms) for ms in newplans(q, plan))
            self.record(Planned("newplans", q, plan, plans))
            return plans

        return Planner(watched.puzzle, proposed, chained, watched.premoves)
