"""Limits, progress and counts for any search, by wrapping the puzzle it searches.

The combinators stay one loop per equation group and know nothing of limits.  A
:class:`Meter` hands out a puzzle (or planner) whose ``moves`` first counts an
expansion, checks the limits and reports progress, then asks the real ``moves``: every
search, present or future, calls ``moves q`` once for each state it expands, so every
search is bounded, watched and counted the same way.

>>> from pearls.puzzles import graph
>>> from pearls.search import bfsolve
>>> meter = Meter(max_states=100)
>>> bfsolve(meter.watch(graph.puzzle({1: [2, 3], 2: [4], 3: [4]}, goal=4)), 1)
[3, 4]
>>> meter.expanded  # states 1, 2 and 3; state 4 is solved, so never expanded
3

A search that would run past a limit raises :class:`~pearls.errors.LimitReached`
instead, saying what it had explored:

>>> from pearls import Puzzle
>>> endless = Puzzle(moves=lambda n: [1], move=lambda n, m: n + m, solved=lambda n: n < 0)
>>> bfsolve(Meter(max_states=1000).watch(endless), 0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pearls.errors.LimitReached: stopped at the limit of 1,000 states expanded (...)

The meter is the one mutable thing here, and deliberately so: it is the caller's
instrument, created for one search and read afterwards, never a global.  Whatever else
watches the search (a tracer, :class:`pearls.tracing.Tracer`) is the meter's
:class:`Observer`: it wraps what the meter hands out, and is told what the meter counts
outside a watched puzzle.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeGuard, TypeVar

from pearls import values
from pearls.errors import LimitReached
from pearls.search import Newplans, Premoves
from pearls.types import M, Plan, Planner, Puzzle, S

__all__ = ["Meter", "Observer", "Progress", "Stats"]


@dataclass(frozen=True)
class Stats:
    """What a search explored: states expanded, successor states generated, seconds."""

    expanded: int
    generated: int
    seconds: float

    @property
    def rate(self) -> float:
        """States expanded per second (0 before any time has passed)."""
        return self.expanded / self.seconds if self.seconds > 0 else 0.0


Progress = Callable[[Stats], None]  # called with the counts so far, e.g. print


class Observer(Protocol):
    """What watches a search beside its meter, e.g. a tracer
    (:class:`pearls.tracing.Tracer`): it wraps the puzzle, planner and heuristic the
    meter hands out, after the meter has counted them, and is told the rest."""

    def watch(self, puzzle: Puzzle[S, M]) -> Puzzle[S, M]:
        """The counted puzzle, watched."""
        ...

    def watch_planner(self, planner: Planner[S, M]) -> Planner[S, M]:
        """The counted planner, watched."""
        ...

    def heuristic(self, h: Callable[[S], int]) -> Callable[[S], int]:
        """The heuristic a search is led by, watched."""
        ...

    def counted(self, n: int) -> None:
        """``n`` states expanded outside a watched puzzle (:meth:`Meter.count`)."""
        ...

    def round(self, bound: int) -> None:
        """A deepening search starts a round with this bound."""
        ...

    def level(self, states: Sequence[Hashable]) -> None:
        """A breadth-first search will expand this level, its states in the equations'
        order (:func:`pearls.search.bfsearch_`'s ``levels``)."""
        ...

    def backtracked(self, state: Hashable) -> None:
        """A backtracking search backs up from ``state``, its moves all tried
        (:func:`pearls.backtrack.solutions`'s ``backtracks``)."""
        ...


class Meter:
    """Counts the states a search expands and stops it at a limit.

    ``max_states`` bounds the expansions, ``timeout`` the seconds since the meter was
    made; past either, the next expansion raises
    :class:`~pearls.errors.LimitReached`.  ``max_memory`` is the bytes the work may
    hold: the command line holds its process to it, and an analysis refuses a table
    larger than it before allocating one (:meth:`make_room`).  ``progress``, if given,
    is called with the :class:`Stats` so far at most once every ``every`` seconds.  One
    meter may watch several puzzles (a planner's and its moves', or the levels of an
    analysis): their expansions add up.

    One rule for every limit: ``None`` is no limit, and a number is the most the work
    may use, so 0 allows nothing (0 states: the first expansion stops; 0 seconds: the
    first expansion after any time has passed stops; 0 bytes: no table fits).
    Anything else (below 0, a fraction of a state or a byte, NaN or infinite seconds, a
    ``bool``) raises :class:`~pearls.errors.OptionError`, a :class:`ValueError`, in the
    one line the front ends say for the same value (:mod:`pearls.values`).

    ``observer``, if given, watches the search beside the meter (:class:`Observer`);
    :attr:`rounds`, :attr:`levels` and :attr:`backtracks` are its hooks for the searches
    that take them.
    """

    def __init__(
        self,
        max_states: int | None = None,
        timeout: float | None = None,
        progress: Progress | None = None,
        every: float = 0.2,
        max_memory: int | None = None,
        observer: Observer | None = None,
    ) -> None:
        self.max_states: int | None = _limit(values.max_states, max_states)
        self.timeout: float | None = _limit(values.timeout, timeout)
        self.max_memory: int | None = _limit(values.size, max_memory)
        self.progress: Progress | None = progress
        self.observer: Observer | None = observer
        self.every: float = every
        self.expanded: int = 0
        self.generated: int = 0
        self._began = time.monotonic()
        self._next_report = self._began + every

    @property
    def seconds(self) -> float:
        """Seconds since the meter was made."""
        return time.monotonic() - self._began

    @property
    def stats(self) -> Stats:
        """The counts so far."""
        return Stats(self.expanded, self.generated, self.seconds)

    def check(self, now: float | None = None) -> None:
        """Raise :class:`~pearls.errors.LimitReached` if one more expansion would pass a
        limit: ``max_states`` already expanded, or more than ``timeout`` seconds gone
        (at ``now``, a reading of :func:`time.monotonic`, taken here if not given), that
        is, the deadline :meth:`watch` compares with passed."""
        now = time.monotonic() if now is None else now
        seconds = now - self._began
        if self.max_states is not None and self.expanded >= self.max_states:
            raise LimitReached("states", self.expanded, seconds, self.max_states)
        if self.timeout is not None and now > self._bounds()[1]:
            raise LimitReached("time", self.expanded, seconds, self.timeout)

    def count(self, n: int = 1) -> None:
        """Count ``n`` states expanded outside a watched puzzle (a known algorithm's
        moves, a search on flat integers), after checking the limits as an expansion
        does, and report progress when due.

        >>> meter = Meter(max_states=2)
        >>> meter.count(); meter.count(); meter.expanded
        2
        >>> meter.count()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pearls.errors.LimitReached: stopped at the limit of 2 states expanded (...)
        """
        now = time.monotonic()
        self.check(now)
        self.tally(n)
        if self.progress is not None and now >= self._next_report:
            self._next_report = now + self.every
            self.progress(Stats(self.expanded, self.generated, now - self._began))

    def tally(self, n: int) -> None:
        """Count ``n`` states expanded outside a watched puzzle whose work is done (the
        end of a round on flat integers): no limit is checked, no progress reported."""
        self.expanded += n
        if self.observer is not None:
            self.observer.counted(n)

    @property
    def rounds(self) -> Callable[[int], None] | None:
        """What a deepening search tells each round's bound (the ``rounds`` of
        :func:`~pearls.deepening.idsolve` and :func:`~pearls.informed.idastar`): the
        observer's, or ``None``."""
        return None if self.observer is None else self.observer.round

    @property
    def levels(self) -> Callable[[Sequence[Hashable]], None] | None:
        """What :func:`~pearls.search.bfsearch_` tells each level (its ``levels``): the
        observer's, or ``None``."""
        return None if self.observer is None else self.observer.level

    @property
    def backtracks(self) -> Callable[[Hashable], None] | None:
        """What a backtracking search tells each state it backs up from
        (:func:`~pearls.backtrack.solutions`'s ``backtracks``): the observer's, or
        ``None``."""
        return None if self.observer is None else self.observer.backtracked

    def make_room(self, size: int, why: str = "") -> None:
        """Raise :class:`~pearls.errors.LimitReached` (the memory limit) before a table
        of ``size`` bytes is allocated, if it is larger than ``max_memory`` (with 0,
        any table) or than this machine can address; ``why`` says what needs it.

        >>> Meter(max_memory=1000).make_room(1000)
        >>> Meter(max_memory=0).make_room(1)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pearls.errors.LimitReached: stopped at the memory limit of 0 bytes (...)
        """
        most = sys.maxsize if self.max_memory is None else min(self.max_memory, sys.maxsize)
        if size > most:
            raise LimitReached("memory", self.expanded, self.seconds, most, why)

    def _bounds(self) -> tuple[float, float]:
        """The expansions and the reading of :func:`time.monotonic` at which
        :meth:`check` raises: ``expanded >= cap`` or ``now > deadline``."""
        cap = math.inf if self.max_states is None else self.max_states
        deadline = math.inf if self.timeout is None else self._began + self.timeout
        return cap, deadline

    def watch(self, puzzle: Puzzle[S, M]) -> Puzzle[S, M]:
        """The same puzzle, its ``moves`` counted, bounded and reported.

        Each expansion counts itself and reports progress when due, in the one function
        the search calls; it compares the counts with the limits' bounds, worked out
        once, and leaves the limits' messages to :meth:`check` (calling it for every
        expansion made a watched breadth-first search 1.3 times slower).  The
        observer, if any, watches the counted puzzle."""
        counted = self._counted(puzzle)
        return counted if self.observer is None else self.observer.watch(counted)

    def _counted(self, puzzle: Puzzle[S, M]) -> Puzzle[S, M]:
        """The puzzle, its ``moves`` counted, bounded and reported."""
        inner, clock = puzzle.moves, time.monotonic
        cap, deadline = self._bounds()

        def moves(q: S) -> Sequence[M]:
            now = clock()
            if self.expanded >= cap or now > deadline:
                self.check(now)
            self.expanded += 1
            if self.progress is not None and now >= self._next_report:
                self._next_report = now + self.every
                self.progress(Stats(self.expanded, self.generated, now - self._began))
            ms = inner(q)
            self.generated += len(ms)
            return ms

        return Puzzle(moves, puzzle.move, puzzle.solved)

    def heuristic(self, h: Callable[[S], int]) -> Callable[[S], int]:
        """The heuristic a search is led by: a meter does not count it; the observer,
        if any, watches it (a tracer records its values)."""
        return h if self.observer is None else self.observer.heuristic(h)

    def watch_planner(self, planner: Planner[S, M]) -> Planner[S, M]:
        """The same planner over the watched puzzle.

        Planned searches expand a state by asking ``moves`` once (for the moves that
        leave its plan); ``newplans`` is the planner's own and is not counted apart.
        Where it is the chapter's generic one (:class:`~pearls.search.Newplans`), each
        premove it asks for checks the time limit first: growing one plan back along a
        chain of 50,000 premoves is one call of ``newplans`` and most of a minute,
        which stops within moments of the limit.  The observer, if any, watches the
        counted planner.

        >>> from pearls.puzzles import graph
        >>> from pearls.search import psolve
        >>> chain = graph.planner({n: [n + 1] for n in range(20_000)}, goal=20_000)
        >>> psolve(Meter(timeout=0.5).watch_planner(chain), 0)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pearls.errors.LimitReached: stopped at the time limit of 0.5 s (1 states expanded in ...)
        """
        plans = planner.newplans
        if _chapters(plans):
            plans = Newplans(plans.puzzle, self._timed(plans.premoves))
        counted = Planner(self._counted(planner.puzzle), planner.goalmoves, plans)
        return counted if self.observer is None else self.observer.watch_planner(counted)

    def _timed(self, premoves: Premoves[S, M]) -> Premoves[S, M]:
        """``premoves`` that first check the time limit (planning's steps are not
        expansions, so only time bounds them)."""
        deadline, clock = self._bounds()[1], time.monotonic

        def timed(q: S, m: M) -> Iterable[Sequence[M]]:
            if clock() > deadline:
                self.check()
            return premoves(q, m)

        return timed


def _chapters(newplans: Callable[[S, Plan[M]], Iterable[Sequence[M]]]) -> TypeGuard[Newplans[S, M]]:
    """Whether ``newplans`` is the chapter's generic one, over premoves."""
    return isinstance(newplans, Newplans)


N = TypeVar("N", int, float)


def _limit(rule: Callable[[object], N], value: object | None) -> N | None:
    """A limit as given, read by its one rule (:mod:`pearls.values`): ``None`` is no
    limit.

    >>> _limit(values.timeout, float("nan"))
    Traceback (most recent call last):
    ...
    pearls.errors.OptionError: --timeout must be a finite number of seconds, at least 0, not 'nan'
    """
    return None if value is None else rule(value)
