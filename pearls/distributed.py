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

Where the perfect hash can also ``unrank``, states travel and wait as ranks alone, as in
:func:`pearls.analysis.analyze_compact`, and the levels are run by the workers among
themselves (:class:`Owner`, one a worker, a Dask actor): owner ``j`` of ``n`` owns the
ranks ``r`` with ``r mod n == j`` (residues, not ranges: a sliding tray's level holds
boards with the blank on cells of one colour, and a range, by the blank's cell first,
would split it 3 to 2 on the 2x5 tray), keeps a bit a rank it owns, works out its
level's successors' ranks (from the rank alone where the hash can,
:attr:`~pearls.analysis.PerfectHash.successors`), and sends each other owner its ranks
as fixed-width integers packed in ``bytes`` (4 bytes a rank below ``2 ** 32``), never
pickled one by one, directly from worker to worker: no task a level, no round trip
through the client.  The client reads their progress every :data:`REPORT` seconds.

>>> from pearls.puzzles import graph
>>> ring = graph.puzzle({0: [1, 3], 1: [2], 2: [0], 3: [2]}, goal=9)
>>> analyze(ring, [0], workers=2, processes=False).histogram  # doctest: +SKIP
(1, 2, 1)
"""

from __future__ import annotations

import logging
import signal
import threading
import time
import zlib
from array import array
from collections.abc import Awaitable, Callable, Generator, Hashable, Iterable, Sequence
from contextlib import contextmanager
from copy import copy
from dataclasses import dataclass, field
from types import FrameType
from typing import Concatenate, Generic, ParamSpec, Self, TypeVar

import dask.config
from distributed import Client, Future, LocalCluster
from distributed.actor import Actor, BaseActorFuture

from pearls.analysis import (
    Analysis,
    PerfectHash,
    addressable,
    checked_rank,
    rank_array,
    ranked_successors,
)
from pearls.description import Analyser, Settings, Solution
from pearls.errors import OptionError
from pearls.limits import Meter
from pearls.types import M, Puzzle, S

__all__ = ["Owner", "Shard", "analyser", "analyze", "client", "solve_batch"]

T = TypeVar("T")
A = TypeVar("A")  # an actor's class
P = ParamSpec("P")


# The cluster: joined or started, and its results gathered (distributed's names as the
# stubs of typings/distributed type them).


def _join(address: str | LocalCluster, timeout: float | None = None) -> Client:
    """A client of the scheduler at ``address``, joined within ``timeout`` seconds
    (Dask's default without)."""
    return Client(address) if timeout is None else Client(address, timeout=timeout)


def _local(workers: int, processes: bool) -> LocalCluster:
    """A local cluster; its workers do not sample their own stacks (Dask's profiler,
    for a dashboard that is not started, took a fifth of an analysis' worker time).
    Without a dashboard the scheduler still serves its health checks over HTTP: on a
    free port of this machine, not on 8787, which another cluster (or another local
    analysis) may hold, and which Dask warns of."""
    with dask.config.set({"distributed.worker.profile.enabled": False}):
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=processes,
            dashboard_address=None,
            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
            silence_logs=logging.CRITICAL,
        )
    return cluster


def _gather(c: Client, futures: Sequence[Future[T]]) -> list[T]:
    """The results of ``futures``, in their order."""
    return c.gather(list(futures))


@contextmanager
def client(
    workers: int | None = None,
    scheduler: str | None = None,
    processes: bool = True,
    connect: float | None = None,
) -> Generator[Client, None, None]:
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
def _hushed_if_interrupted() -> Generator[None, None, None]:
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
def _joined(scheduler: str, connect: float | None) -> Generator[Client, None, None]:
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
    seen: set[S] = field(default_factory=set[S])
    level: list[S] = field(default_factory=list[S])
    last: list[S] = field(default_factory=list[S])

    @classmethod
    def new(cls, index: int, bounds: tuple[int, int], ranked: bool) -> Self:
        """Shard ``index``, empty, owning the ranks in ``bounds`` (a byte each where
        ``ranked``, set aside on the worker that keeps the shard)."""
        low, high = bounds
        return cls(index, low, bytearray(high - low) if ranked else None)


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

TICK = 0.01  # seconds between the client's looks at the owners' runs
REPORT = 0.25  # seconds between progress reports, and the meter's checks
CHUNK = 1 << 16  # ranks an owner expands between its looks for a request to stop
STOP_WAIT = 5.0  # the most seconds to wait for an owner to hear a request to stop

Counts = tuple[int, int]  # states expanded, successors generated
Part = tuple[list[int], list[S]]  # the histogram, and the owner's part of the farthest


class Owner(Generic[S, M]):
    """One worker's share of an analysis by ranks, kept on its worker as a Dask actor:
    the ranks ``r`` with ``r mod n == index``, a bit each (at ``r div n``), and its part
    of the current level as an array of ranks.

    The owners run the levels among themselves, each in its actor's thread, while the
    client only reads their progress.  For level ``k`` an owner works out its part's
    successors' ranks (:func:`~pearls.analysis.ranked_successors`), keeps at once those
    it owns and has not met, and sends each other owner the ranks it owns, packed as
    bytes, with the size of its own part.  Once it holds the other owners' messages for
    level ``k`` it knows the level's size; it keeps the ranks it was sent that it had
    not met, and goes on.  Every owner sees a level of size 0 at the same time, and
    stops there.
    """

    def __init__(
        self, index: int, n: int, puzzle: Puzzle[S, M], h: PerfectHash[S], starts: bytes
    ) -> None:
        assert h.unrank is not None  # the ranked path is taken only with an unrank
        self.index: int = index
        self.n: int = n
        self.h: PerfectHash[S] = h
        self.unrank: Callable[[int], S] = h.unrank
        self.successors: Callable[[int], Sequence[int]] = ranked_successors(puzzle, h, h.unrank)
        self.bits: bytearray = bytearray(addressable(((h.size - index + n - 1) // n + 7) // 8))
        self.level: array[int] = self._kept(rank_array(h.size), [starts])
        self.peers: list[tuple[int, Actor]] = []
        self.inbox: dict[int, list[tuple[int, bytes]]] = {}
        self.arrived: threading.Condition = threading.Condition()
        self.stopping: bool = False
        self.expanded: int = 0
        self.generated: int = 0

    def meet(self, owners: list[Actor]) -> None:
        """Keep the other owners, to send them their ranks: each through a proxy of its
        own, bound to this worker (workers that are threads of one process would share
        the proxies they are given, each bound to the first worker that used it)."""
        self.peers = [(j, copy(owner)) for j, owner in enumerate(owners) if j != self.index]

    async def receive(self, k: int, size: int, ranks: bytes) -> None:
        """Take another owner's message for level ``k``: the size of its part, and the
        ranks it found that this owner owns."""
        with self.arrived:
            self.inbox.setdefault(k, []).append((size, ranks))
            self.arrived.notify()

    async def progress(self) -> Counts:
        """The states expanded so far, and the successors generated."""
        return self.expanded, self.generated

    async def stop(self) -> None:
        """Stop the run, at the next level or within :data:`CHUNK` states."""
        with self.arrived:
            self.stopping = True
            self.arrived.notify()

    def run(self) -> Part[S]:
        """The levels, until one is empty: the histogram, and this owner's part of the
        last level that had any states, unranked."""
        histogram: list[int] = []
        last, sent = self.level, list[BaseActorFuture[None]]()
        k = 0
        try:
            while not self.stopping:
                level = self.level
                following, out = self._expanded(level)
                sent += [
                    _asked(peer, Owner[S, M].receive, k, len(level), out[j])
                    for j, peer in self.peers
                ]
                got = self._messages(k, sent)
                size = len(level) + sum(size for size, _ in got)
                if size == 0:
                    break
                histogram.append(size)
                last, self.level, k = level, self._kept(following, [r for _, r in got]), k + 1
            self._delivered(sent)
        finally:
            self.peers = []  # their proxies hold the other owners as wanted by this worker
        return histogram, list(map(self.unrank, last))

    def _delivered(self, sent: list[BaseActorFuture[None]]) -> None:
        """Wait for each message sent to be taken (raising a failed one's error), unless
        asked to stop: the other owners may then be gone, and a message to an owner that
        is gone is never answered."""
        for ack in sent:
            while not self.stopping:
                try:
                    ack.result(timeout=REPORT)
                    break
                except TimeoutError:
                    continue

    def _expanded(self, level: array[int]) -> tuple[array[int], list[bytes]]:
        """The new successors of ``level`` this owner owns, and the ranks of the others',
        packed for each owner."""
        me, n, bits, successors = self.index, self.n, self.bits, self.successors
        following = rank_array(self.h.size)
        out = [rank_array(self.h.size) for _ in range(n)]
        generated = 0
        for at in range(0, len(level), CHUNK):
            if self.stopping:
                break
            for r in level[at : at + CHUNK]:
                found = successors(r)
                generated += len(found)
                for s in found:
                    owner = s % n
                    if owner != me:
                        out[owner].append(s)
                        continue
                    i = s // n
                    if not bits[i >> 3] & 1 << (i & 7):
                        bits[i >> 3] |= 1 << (i & 7)
                        following.append(s)
        self.expanded, self.generated = self.expanded + len(level), self.generated + generated
        return following, [ranks.tobytes() for ranks in out]

    def _kept(self, level: array[int], packed: Iterable[bytes]) -> array[int]:
        """``level`` with the ranks of ``packed`` that this owner had not met."""
        n, bits = self.n, self.bits
        for data in packed:
            ranks = level[:0]
            ranks.frombytes(data)
            for s in ranks:
                i = s // n
                if not bits[i >> 3] & 1 << (i & 7):
                    bits[i >> 3] |= 1 << (i & 7)
                    level.append(s)
        return level

    def _messages(self, k: int, sent: Sequence[BaseActorFuture[None]]) -> list[tuple[int, bytes]]:
        """The other owners' messages for level ``k``, once all have come (or none, to
        stop).  A message of this owner's that another failed to take raises its error
        here, looked for every :data:`REPORT` seconds: that owner's own message may
        never come."""
        while True:
            with self.arrived:
                if len(self.inbox.get(k, ())) >= len(self.peers) or self.stopping:
                    return self.inbox.pop(k, [])
                self.arrived.wait(REPORT)
            for ack in sent:
                if ack.done():
                    ack.result()  # raises a failed message's error


_AnyOwner = Owner[Hashable, object]  # for the calls whose types no state or move decides


def _told(
    owner: Actor, method: Callable[Concatenate[A, P], T], *args: P.args, **kwargs: P.kwargs
) -> BaseActorFuture[T]:
    """Call ``method`` on the owner behind the actor ``owner``: a future of its answer."""
    future: BaseActorFuture[T] = getattr(owner, method.__name__)(*args, **kwargs)
    return future


def _asked(
    owner: Actor, method: Callable[Concatenate[A, P], Awaitable[T]], *args: P.args,
    **kwargs: P.kwargs,
) -> BaseActorFuture[T]:  # fmt: skip
    """:func:`_told` for a coroutine, which runs in the worker's event loop, not
    waiting for the owner's thread."""
    future: BaseActorFuture[T] = getattr(owner, method.__name__)(*args, **kwargs)
    return future


def _packed(h: PerfectHash[S], n: int, states: Iterable[S]) -> list[bytes]:
    """The ranks of ``states`` for each of ``n`` owners, packed (the starts)."""
    groups = [rank_array(h.size) for _ in range(n)]
    for q in states:
        r = checked_rank(h, q)
        groups[r % n].append(r)
    return [g.tobytes() for g in groups]


def _analyze_ranked(
    c: Client, places: Sequence[str], puzzle: Puzzle[S, M], starts: Iterable[S],
    h: PerfectHash[S], meter: Meter,
) -> Analysis[S]:  # fmt: skip
    """The analysis by ranks alone, an owner on each worker at ``places``."""
    n = len(places)
    packed = _packed(h, n, starts)
    made = [
        c.submit(Owner, j, n, puzzle, h, packed[j], actor=True, workers=[places[j]], pure=False)
        for j in range(n)
    ]
    owners = c.gather(made)
    for met in [_told(owner, Owner[S, M].meet, owners) for owner in owners]:
        met.result()
    runs = [_told(owner, Owner[S, M].run) for owner in owners]
    parts = _watched(owners, runs, meter)
    histogram = parts[0][0]
    farthest = tuple(q for _, part in parts for q in part)
    return Analysis(sum(histogram), tuple(histogram), farthest)


def _watched(
    owners: list[Actor], runs: list[BaseActorFuture[Part[S]]], meter: Meter
) -> list[Part[S]]:
    """The owners' parts once every run is over, their progress reported and the
    meter's limits checked every :data:`REPORT` seconds meanwhile, and at the end (as
    after each level on the path of tasks).  A run that fails, a limit reached or an
    interrupt stops every owner before it is raised here."""
    expanded, generated = meter.expanded, meter.generated
    due = time.monotonic() + REPORT
    try:
        while not all(run.done() for run in runs):
            for run in runs:
                if run.done():
                    run.result()  # raises a failed run's error
            if time.monotonic() >= due:
                _counted(owners, meter, expanded, generated).check()
                due = time.monotonic() + REPORT
            time.sleep(TICK)
        parts = [run.result() for run in runs]
    except BaseException:
        _stopped(owners)
        raise
    _counted(owners, meter, expanded, generated).check()
    return parts


def _counted(owners: list[Actor], meter: Meter, expanded: int, generated: int) -> Meter:
    """``meter`` with the owners' counts added to those it had at the start, and
    progress reported."""
    counts = [_asked(owner, _AnyOwner.progress).result() for owner in owners]
    meter.expanded = expanded + sum(e for e, _ in counts)
    meter.generated = generated + sum(g for _, g in counts)
    if meter.progress is not None:
        meter.progress(meter.stats)
    return meter


def _stopped(owners: list[Actor]) -> None:
    """Ask every owner to stop, waiting a few seconds at most for each to hear it (a
    worker may be gone)."""
    for asked in [_asked(owner, _AnyOwner.stop) for owner in owners]:
        try:
            asked.result(timeout=STOP_WAIT)
        except Exception:  # a worker lost, or shutting down: nothing left to stop there
            continue


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
    side: its limits are checked and its progress reported after each level, or, with
    a perfect hash that can unrank (the states then travel as ranks, see the module's
    docstring), every :data:`REPORT` seconds.
    """
    meter = Meter() if meter is None else meter
    with client(workers, scheduler, processes, connect) as c:
        places = sorted(c.scheduler_info()["workers"])
        if h is not None and h.unrank is not None:
            return _analyze_ranked(c, places, puzzle, starts, h, meter)
        n = len(places)
        shards: list[Future[Shard[S]]] = [
            c.submit(
                Shard[S].new, j, _bounds(h, n, j), h is not None, workers=[places[j]], pure=False
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
        farthest: list[list[S]] = _gather(
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
