"""Scale-out on Dask: a batch of solves as one task each, and a whole-space analysis
level by level, the states shared out among the workers.

Needs the optional extra ``functional-pearls[dask]``.  Either call starts a local
cluster of ``workers`` processes, or joins a running scheduler at ``scheduler``
(``"tcp://host:8786"``); the work is the same.

**The analysis.**  Each state has one owner among ``n`` shards: by rank range where the
puzzle has a perfect hash (shard ``j`` owns the ranks ``j * size // n`` up to the next),
else by a checksum of its ``key``, a name for the state that is the same in every process
(a problem's :meth:`~pearls.description.Problem.key`, its JSON; by default ``repr``,
which is not that for a state holding a ``set`` or ``frozenset``: their order follows
each process's hash seed, so one state could land on two owners).  A shard lives on one
worker and keeps its visited states (a byte a rank in its range, or a set) and its part
of the current level.  Each level is two rounds of tasks, pinned to the shards' workers::

    expand_i  : the successors of shard i's level, grouped by owner      (on worker i)
    absorb_j  : the groups for shard j from every expand_i, less what j has visited,
                become j's part of the next level                         (on worker j)

Dask moves each group from worker ``i`` to worker ``j`` directly: that is the shuffle.
A level's states are those of :func:`pearls.analysis.levels`, so the histogram is
the same; only the order of the states within a level (hence of the farthest) differs.

Where the perfect hash can also ``unrank``, states travel and wait as ranks alone, as
in :func:`pearls.analysis.analyze_compact`: a shard keeps a bit a rank of its range and
its levels as arrays of ranks, ``expand_i`` unranks each state it expands and ranks each
successor, keeps those of its own range at once, and ships the others' as fixed-width
integers packed in ``bytes`` (4 bytes a rank below ``2 ** 32``), never pickled one by one.

>>> from pearls.puzzles import graph
>>> ring = graph.puzzle({0: [1, 3], 1: [2], 2: [0], 3: [2]}, goal=9)
>>> analyze(ring, [0], workers=2, processes=False).histogram  # doctest: +SKIP
(1, 2, 1)
"""

from __future__ import annotations

import logging
import signal
import threading
import zlib
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType
from typing import Generic, TypeVar

import dask
from distributed import Client, Future, LocalCluster

from pearls.analysis import Analysis, PerfectHash, _outside, _rank_array
from pearls.description import Analyser, Settings, Solution
from pearls.errors import OptionError
from pearls.limits import Meter
from pearls.types import M, Puzzle, S

__all__ = ["RankedShard", "Shard", "analyser", "analyze", "client", "solve_batch"]

T = TypeVar("T")


# Typed doors to distributed, whose constructors and gather carry no annotations.


def _join(address: str | LocalCluster, timeout: float | None = None) -> Client:
    waits = {} if timeout is None else {"timeout": timeout}
    joined: Client = Client(address, **waits)  # type: ignore[no-untyped-call]  # untyped
    return joined


def _local(workers: int, processes: bool) -> LocalCluster:
    """A local cluster; its workers do not sample their own stacks (Dask's profiler,
    for a dashboard that is not started, took a fifth of an analysis' worker time)."""
    with dask.config.set({"distributed.worker.profile.enabled": False}):
        cluster: LocalCluster = LocalCluster(  # type: ignore[no-untyped-call]  # untyped
            n_workers=workers,
            threads_per_worker=1,
            processes=processes,
            dashboard_address=None,
            silence_logs=logging.CRITICAL,
        )
    return cluster


def _gather(c: Client, futures: Sequence[Future[T]]) -> list[T]:
    gathered: list[T] = c.gather(list(futures))  # type: ignore[no-untyped-call]  # untyped
    return gathered


@contextmanager
def client(
    workers: int | None = None,
    scheduler: str | None = None,
    processes: bool = True,
    connect: float | None = None,
) -> Iterator[Client]:
    """A Dask client: of the scheduler at ``scheduler``, joined within ``connect``
    seconds (Dask's default without), or of a local cluster of ``workers`` workers
    (default 2), one thread each, in processes of their own unless ``processes`` is
    false (threads of this process: quick to start, but sharing one interpreter's
    lock).  A local cluster is shut down on leaving.  A scheduler that cannot be joined
    raises :class:`~pearls.errors.OptionError`, saying why in one line."""
    with _hushed_if_interrupted():
        if scheduler is not None:
            with _joined(scheduler, connect) as joined:
                yield joined
            return
        with _local(workers or 2, processes) as cluster, _join(cluster) as started:
            yield started


@contextmanager
def _hushed_if_interrupted() -> Iterator[None]:
    """Interrupted (Ctrl-C), the client's event loop reports each task it drops on the
    way out as an exception never retrieved: the interrupt says it all, so from the
    moment it comes they are not shown.  (Where Ctrl-C already has a handler other than
    Python's own, or outside the main thread, nothing changes.)"""
    before = signal.getsignal(signal.SIGINT)
    if before is not signal.default_int_handler or threading.current_thread() is not (
        threading.main_thread()
    ):
        yield
        return

    def interrupted(signum: int, frame: FrameType | None) -> None:
        logging.getLogger("asyncio").disabled = True
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, interrupted)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


_UNREACHABLE = (OSError, TimeoutError, ValueError, TypeError, RuntimeError)


@contextmanager
def _joined(scheduler: str, connect: float | None) -> Iterator[Client]:
    """The client of the scheduler at ``scheduler``, or one line on why not.  Dask
    bounds the connection by ``connect`` but not the greeting that follows it, which a
    service that is not a scheduler never sends, so the whole join is bounded here: it
    runs in a thread of its own, left behind (a daemon) if it overruns.  A service that
    answers with bytes of its own is no scheduler either: Dask reads their first eight
    as a message's length and fails (a ``MemoryError`` for exabytes), said as such."""
    outcome: list[Client | BaseException] = []

    def join() -> None:
        try:
            outcome.append(_join(scheduler, connect))
        except BaseException as e:  # handed to the waiting thread, which raises or reports it
            outcome.append(e)

    worker = threading.Thread(target=join, name="pearls-join", daemon=True)
    worker.start()
    worker.join(None if connect is None else connect + 1)
    if not outcome:
        reason = f"no answer within {connect:g} s: is it a Dask scheduler?"
        raise OptionError(f"cannot join a Dask scheduler at {scheduler!r}: {reason}")
    joined = outcome[0]
    if isinstance(joined, _UNREACHABLE):
        reason = " ".join(str(joined).split()) or type(joined).__name__
        raise OptionError(f"cannot join a Dask scheduler at {scheduler!r}: {reason}") from None
    if isinstance(joined, Exception):  # its answer was no greeting: a MemoryError, say
        reason = "it answers, but not as a Dask scheduler does"
        raise OptionError(f"cannot join a Dask scheduler at {scheduler!r}: {reason}") from None
    if isinstance(joined, BaseException):
        raise joined
    with joined:
        yield joined


# A batch of solves: one task a problem


def _solve_one(
    name: str,
    method: str,
    text: str,
    settings: Settings | None,
    limits: tuple[int | None, float | None],
) -> Solution:
    """Solve one problem of the registered puzzle ``name``, on a worker."""
    from pearls.registry import PUZZLES

    max_states, timeout = limits
    return PUZZLES[name].solve(method, text, Meter(max_states, timeout), settings=settings)


def solve_batch(
    name: str,
    method: str,
    texts: Sequence[str],
    settings: Settings | None = None,
    max_states: int | None = None,
    timeout: float | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
) -> list[Solution]:
    """Solve every problem in ``texts`` of the registered puzzle ``name`` by ``method``,
    one task each, each under its own limits; the solutions in the order of ``texts``.
    A problem that fails (bad input, a limit reached) raises its error here.

    >>> from pearls.puzzles.rushhour import p2
    >>> from pearls.puzzles.rushhour.text import show
    >>> [len(s.moves or ()) for s in solve_batch("rushhour", "bfs", [show(p2)])]  # doctest: +SKIP
    [18]
    """
    with client(workers, scheduler) as c:
        futures = [
            c.submit(_solve_one, name, method, text, settings, (max_states, timeout), pure=False)
            for text in texts
        ]
        solutions = _gather(c, futures)
    return solutions


# The analysis: shards, each on a worker


@dataclass
class Shard(Generic[S]):
    """One worker's share of an analysis: the states it owns that it has met, and its
    part of the current level (and of the last level that had any).

    With ranks, ``flags`` holds a byte for each rank from ``low`` on; without, ``seen``
    holds the states.  ``last`` is the part of the level before the current one: once
    the current one is empty, of the farthest states.
    """

    index: int
    low: int = 0
    flags: bytearray | None = None
    seen: set[S] = field(default_factory=set)
    level: list[S] = field(default_factory=list)
    last: list[S] = field(default_factory=list)


Group = tuple[list[S], list[int]]  # states bound for one shard, and their ranks (if any)


def _grouped(
    h: PerfectHash[S] | None, key: Callable[[S], str], n: int, states: Iterable[S]
) -> list[Group[S]]:
    """``states`` shared out among ``n`` shards: by rank range with a perfect hash (the
    ranks go along, so that no state is ranked twice), else by a checksum of ``key``."""
    groups: list[Group[S]] = [([], []) for _ in range(n)]
    if h is not None:
        rank, size = h.rank, h.size
        for q in states:
            k = rank(q)
            bound, ranks = groups[k * n // size]
            bound.append(q)
            ranks.append(k)
    else:
        for q in states:
            groups[zlib.crc32(key(q).encode()) % n][0].append(q)
    return groups


def _bounds(h: PerfectHash[S] | None, n: int, j: int) -> tuple[int, int]:
    """The ranks shard ``j`` owns (none without a perfect hash).

    A rank ``r`` belongs to the shard ``r * n // size``, whose least rank is
    ``ceil(j * size / n)``."""
    if h is None:
        return 0, 0
    return -(-j * h.size // n), -(-(j + 1) * h.size // n)


def _new_shard(index: int, bounds: tuple[int, int], ranked: bool) -> Shard[S]:
    low, high = bounds
    return Shard(index, low, bytearray(high - low) if ranked else None)


def _admit(shard: Shard[S], groups: Iterable[Group[S]]) -> int:
    """Make the states of ``groups`` that ``shard`` has not met its next level; their
    number."""
    level: list[S] = []
    if shard.flags is not None:
        flags, low = shard.flags, shard.low
        for states, ranks in groups:
            for q, k in zip(states, ranks, strict=True):
                if not flags[k - low]:
                    flags[k - low] = 1
                    level.append(q)
    else:
        seen = shard.seen
        for states, _ in groups:
            for q in states:
                if q not in seen:
                    seen.add(q)
                    level.append(q)
    shard.last, shard.level = shard.level, level
    return len(level)


Expanded = tuple[list[Group[S]], int, int]  # successors by shard, expanded, generated


def _expand(
    shard: Shard[S],
    puzzle: Puzzle[S, M],
    h: PerfectHash[S] | None,
    key: Callable[[S], str],
    n: int,
) -> Expanded[S]:
    """The successors of the shard's level, grouped by owner; the states expanded and
    the successors generated."""
    moves, move = puzzle.moves, puzzle.move
    successors: list[S] = []
    for q in shard.level:
        successors.extend([move(q, m) for m in moves(q)])
    return _grouped(h, key, n, successors), len(shard.level), len(successors)


def _group(expanded: Expanded[S], j: int) -> Group[S]:
    return expanded[0][j]


def _counts(expanded: Expanded[S]) -> tuple[int, int]:
    return expanded[1], expanded[2]


def _absorb(shard: Shard[S], *groups: Group[S]) -> int:
    return _admit(shard, groups)


def _farthest(shard: Shard[S]) -> list[S]:
    """The shard's part of the last level that had any states, once the analysis is over."""
    return shard.last


# The analysis by ranks alone: where the perfect hash can unrank


@dataclass
class RankedShard(Generic[S, M]):
    """One worker's share of an analysis by ranks: a bit for each rank from ``low`` up
    to ``high`` (set once the state is met), and the ranks of its part of the current
    level, the next level (as it fills) and the last level that had any.  It holds the
    puzzle and its perfect hash too, sent once with the shard rather than with every
    task (a hash's tables, built once, would otherwise travel and be rebuilt each time)."""

    index: int
    low: int
    high: int
    puzzle: Puzzle[S, M]
    h: PerfectHash[S]
    bits: bytearray
    level: array[int]
    following: array[int]
    last: array[int]


Packed = tuple[list[bytes], int, int]  # ranks for each shard as bytes, expanded, generated


def _new_ranked(
    index: int, bounds: tuple[int, int], puzzle: Puzzle[S, M], h: PerfectHash[S]
) -> RankedShard[S, M]:
    low, high = bounds
    empty = _rank_array(h.size)
    flags = bytearray((high - low + 7) // 8)
    return RankedShard(index, low, high, puzzle, h, flags, empty, empty[:], empty[:])


def _packed(h: PerfectHash[S], n: int, states: Iterable[S]) -> list[bytes]:
    """The ranks of ``states`` for each of ``n`` shards, packed (the starts)."""
    groups = [_rank_array(h.size) for _ in range(n)]
    for q in states:
        r = h.rank(q)
        if not 0 <= r < h.size:
            raise _outside(h, q, r)
        groups[r * n // h.size].append(r)
    return [g.tobytes() for g in groups]


def _expand_ranked(shard: RankedShard[S, M], n: int) -> Packed:
    """Unrank and expand the shard's level: successors of its own range that are new
    join its next level at once; the others' ranks are packed for their owners."""
    puzzle, h = shard.puzzle, shard.h
    assert h.unrank is not None  # the ranked path is taken only with an unrank
    moves, move, rank, unrank, size = puzzle.moves, puzzle.move, h.rank, h.unrank, h.size
    bits, low, high, following = shard.bits, shard.low, shard.high, shard.following
    out = [_rank_array(size) for _ in range(n)]
    generated = 0
    for r in shard.level:
        q = unrank(r)
        for m in moves(q):
            s = rank(move(q, m))
            generated += 1
            if low <= s < high:
                i = s - low
                if not bits[i >> 3] & 1 << (i & 7):
                    bits[i >> 3] |= 1 << (i & 7)
                    following.append(s)
            elif 0 <= s < size:
                out[s * n // size].append(s)
            else:
                raise _outside(h, move(q, m), s)
    return [o.tobytes() for o in out], len(shard.level), generated


def _absorb_ranked(shard: RankedShard[S, M], *packed: bytes) -> int:
    """Take the packed ranks sent to ``shard``: those not met join its next level, which
    then becomes its current one; the size of that level."""
    bits, low, following = shard.bits, shard.low, shard.following
    for data in packed:
        ranks = following[:0]
        ranks.frombytes(data)
        for s in ranks:
            i = s - low
            if not bits[i >> 3] & 1 << (i & 7):
                bits[i >> 3] |= 1 << (i & 7)
                following.append(s)
    shard.last, shard.level, shard.following = shard.level, following, following[:0]
    return len(shard.level)


def _farthest_ranked(shard: RankedShard[S, M]) -> list[S]:
    """The shard's part of the last level that had any states, unranked."""
    assert shard.h.unrank is not None
    return list(map(shard.h.unrank, shard.last))


def _analyze_ranked(
    c: Client, places: Sequence[str], puzzle: Puzzle[S, M], starts: Iterable[S],
    h: PerfectHash[S], meter: Meter,
) -> Analysis[S]:  # fmt: skip
    """The analysis by ranks alone, on the workers at ``places``."""
    n = len(places)
    shards: list[Future[RankedShard[S, M]]] = [
        c.submit(_new_ranked, j, _bounds(h, n, j), puzzle, h, workers=[places[j]], pure=False)
        for j in range(n)
    ]
    mine = _packed(h, n, starts)
    sizes = _gather(
        c,
        [
            c.submit(_absorb_ranked, shards[j], mine[j], workers=[places[j]], pure=False)
            for j in range(n)
        ],
    )
    histogram: list[int] = []
    while sum(sizes):
        histogram.append(sum(sizes))
        sizes = _level_ranked(c, places, shards, meter)
    farthest = _gather(
        c,
        [c.submit(_farthest_ranked, shards[j], workers=[places[j]], pure=False) for j in range(n)],
    )
    return Analysis(sum(histogram), tuple(histogram), tuple(q for part in farthest for q in part))


def _level_ranked(
    c: Client,
    places: Sequence[str],
    shards: Sequence[Future[RankedShard[S, M]]],
    meter: Meter,
) -> list[int]:
    """One level by ranks: as :func:`_level`, the groups packed ranks.  Each owner's
    absorb takes its own expansion too (which orders the two on its worker, and brings
    the counts), so one gather ends the level."""
    n = len(places)
    expanded = [
        c.submit(_expand_ranked, shards[i], n, workers=[places[i]], pure=False) for i in range(n)
    ]
    absorbed = [
        c.submit(
            _absorb_level,
            shards[j],
            expanded[j],
            *(
                c.submit(_pick, expanded[i], j, workers=[places[i]], pure=False)
                for i in range(n)
                if i != j
            ),
            workers=[places[j]],
            pure=False,
        )
        for j in range(n)
    ]
    done = _gather(c, absorbed)
    _count(meter, sum(e for _, e, _ in done), sum(g for _, _, g in done))
    return [size for size, _, _ in done]


def _absorb_level(shard: RankedShard[S, M], own: Packed, *packed: bytes) -> tuple[int, int, int]:
    """:func:`_absorb_ranked` after the shard's own expansion ``own``: the size of its
    next level, and the states that expansion expanded and generated."""
    return _absorb_ranked(shard, *packed), own[1], own[2]


def _pick(expanded: Packed, j: int) -> bytes:
    return expanded[0][j]


def analyze(
    puzzle: Puzzle[S, M],
    starts: Iterable[S],
    h: PerfectHash[S] | None = None,
    key: Callable[[S], str] = repr,
    *,
    meter: Meter | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    processes: bool = True,
    connect: float | None = None,
) -> Analysis[S]:
    """:func:`pearls.analysis.analyze` on a Dask cluster: the same states, histogram and
    farthest states (these listed shard by shard).

    ``puzzle`` is the bare puzzle (it travels to the workers); ``key`` names a state
    the same way in every process (never ``repr`` of a set); ``meter`` counts on this
    side, level by level: its limits are checked after each level, and its progress
    reported then.  With a perfect hash that can unrank, the states travel as ranks
    (see the module's docstring).
    """
    meter = Meter() if meter is None else meter
    with client(workers, scheduler, processes, connect) as c:
        places = sorted(c.scheduler_info()["workers"])
        if h is not None and h.unrank is not None:
            return _analyze_ranked(c, places, puzzle, starts, h, meter)
        n = len(places)
        shards: list[Future[Shard[S]]] = [
            c.submit(
                _new_shard, j, _bounds(h, n, j), h is not None, workers=[places[j]], pure=False
            )
            for j in range(n)
        ]
        mine = _grouped(h, key, n, starts)
        sizes = _gather(
            c,
            [
                c.submit(_absorb, shards[j], mine[j], workers=[places[j]], pure=False)
                for j in range(n)
            ],
        )
        histogram: list[int] = []
        while sum(sizes):
            histogram.append(sum(sizes))
            sizes = _level(c, places, shards, puzzle, h, key, meter)
        farthest = _gather(
            c, [c.submit(_farthest, shards[j], workers=[places[j]], pure=False) for j in range(n)]
        )
    return Analysis(sum(histogram), tuple(histogram), tuple(q for part in farthest for q in part))


def analyser(
    workers: int | None = None, scheduler: str | None = None, connect: float | None = None
) -> Analyser:
    """The analysis on a Dask cluster, as a problem's survey takes it
    (:class:`~pearls.description.Analyser`): on a local cluster of ``workers`` or at
    ``scheduler``, joined within ``connect`` seconds (:func:`client`)."""

    def on_cluster(
        puzzle: Puzzle[S, M],
        starts: Sequence[S],
        h: PerfectHash[S] | None,
        key: Callable[[S], str],
        meter: Meter,
    ) -> Analysis[S]:
        return analyze(
            puzzle, starts, h, key, meter=meter, workers=workers, scheduler=scheduler,
            connect=connect,
        )  # fmt: skip

    return on_cluster


def _level(
    c: Client,
    places: Sequence[str],
    shards: Sequence[Future[Shard[S]]],
    puzzle: Puzzle[S, M],
    h: PerfectHash[S] | None,
    key: Callable[[S], str],
    meter: Meter,
) -> list[int]:
    """One level: every shard expands its part, each group goes to its owner, and each
    owner keeps the states it had not met.  The sizes of the next level's parts."""
    n = len(places)
    expanded = [
        c.submit(_expand, shards[i], puzzle, h, key, n, workers=[places[i]], pure=False)
        for i in range(n)
    ]
    groups = [
        [c.submit(_group, expanded[i], j, workers=[places[i]], pure=False) for j in range(n)]
        for i in range(n)
    ]
    absorbed = [
        c.submit(
            _absorb,
            shards[j],
            *(groups[i][j] for i in range(n)),
            workers=[places[j]],
            pure=False,
        )
        for j in range(n)
    ]
    counts = _gather(
        c, [c.submit(_counts, e, workers=[places[i]], pure=False) for i, e in enumerate(expanded)]
    )
    sizes: list[int] = _gather(c, absorbed)
    _count(meter, sum(e for e, _ in counts), sum(g for _, g in counts))
    return sizes


def _count(meter: Meter, expanded: int, generated: int) -> None:
    """Add a level's work to ``meter``, report progress, and raise if the next level
    would pass a limit (:meth:`~pearls.limits.Meter.check`)."""
    meter.expanded += expanded
    meter.generated += generated
    if meter.progress is not None:
        meter.progress(meter.stats)
    meter.check()
