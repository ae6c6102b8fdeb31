"""Scale-out on Dask: a batch of solves as one task each, and a whole-space analysis
level by level, the states shared out among the workers.

Needs the optional extra ``functional-pearls[dask]``.  Either call starts a local
cluster of ``workers`` processes, or joins a running scheduler at ``scheduler``
(``"tcp://host:8786"``); the work is the same.

**The analysis.**  Every state has one owner among ``n``, one a worker: an
:class:`Owner`, a Dask actor, holds its shard (:mod:`pearls.shards`: the states it owns
that it has met, and its parts of the levels), and the owners run the levels among
themselves.  For level ``k`` each expands its part, keeps at once the new successors it
owns, and sends each other owner those it owns, directly from worker to worker: ranks
packed in ``bytes`` where the perfect hash can unrank, else the states pickled, grouped
by owner.  No task is scheduled a level, nothing goes through the client, and no task
changes a value it was handed: an owner works on a copy of its shard.  A level's states
are those of :func:`pearls.analysis.levels`, so the histogram is the same; only the
order of the states within a level (hence of the farthest) differs.

The client reads the owners' progress and checks the meter's limits every
:data:`REPORT` seconds.  Every :data:`SAVE_EVERY` seconds the owners copy their state at
the top of a level, and the client takes the copies: a snapshot.  A lost worker (or
scheduler) is survived: the owners left are stopped and new ones started from the latest
snapshot (at first, the starts), on the workers there are once the lost one's nanny has
started another, and the levels since are run again; the answer is the same.  Where the
cluster does not come back within the analysis's time limit, :class:`ClusterLost` says
what was lost, where.

>>> from pearls.puzzles import graph
>>> ring = graph.puzzle({0: [1, 3], 1: [2], 2: [0], 3: [2]}, goal=9)
>>> analyze(ring, [0], workers=2, processes=False).histogram  # doctest: +SKIP
(1, 2, 1)
"""

from __future__ import annotations

import asyncio
import logging
import math
import signal
import threading
import time
from collections.abc import Awaitable, Callable, Generator, Hashable, Iterable, Sequence
from concurrent.futures import CancelledError
from contextlib import contextmanager, suppress
from copy import copy
from dataclasses import dataclass
from types import FrameType
from typing import Concatenate, Generic, NamedTuple, ParamSpec, TypeVar

import dask.config
from distributed import Client, Future, LocalCluster
from distributed.actor import Actor, BaseActorFuture

from pearls.analysis import Analysis, PerfectHash
from pearls.description import Analyser, Settings, Solution
from pearls.errors import LimitReached, OptionError
from pearls.limits import Meter
from pearls.shards import Shard, hash_shards, key_shards, rank_shards
from pearls.types import M, Puzzle, S

__all__ = [
    "ClusterLost",
    "Owner",
    "Report",
    "Saved",
    "analyser",
    "analyze",
    "client",
    "solve_batch",
]

T = TypeVar("T")
W = TypeVar("W")  # what one owner sends another of a level: packed ranks, or states
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


# The analysis: an owner a worker, each a Dask actor holding its shard

TICK = 0.01  # seconds between the client's looks at the owners' runs
REPORT = 0.25  # seconds between progress reports, and the meter's checks
SAVE_EVERY = 30.0  # the fewest seconds between two snapshots of the owners
STOP_WAIT = 5.0  # the most seconds to wait for the owners to hear a request to stop
WORKERS_WAIT = 10.0  # the most seconds to wait for a lost worker's place to be taken
RECOVERY = 60.0  # with no time limit, the most seconds to get past a loss

Part = tuple[tuple[int, ...], list[S]]  # the histogram, and an owner's part of the farthest


class Message(NamedTuple, Generic[W]):
    """One owner's message to another for a level: the size of its part, the level at
    which to save (-1: none), and the states it found that the other owns."""

    size: int
    save_at: int
    sent: W


@dataclass(frozen=True)
class Saved(Generic[S, W]):
    """One owner's state at the top of a level, to go on from there: the level's
    number, the histogram of the levels before it, the states expanded and successors
    generated before it, and the owner's shard."""

    level: int
    histogram: tuple[int, ...]
    expanded: int
    generated: int
    shard: Shard[S, W]


class Report(NamedTuple):
    """An owner's progress: the level it is at, the states it has expanded and the
    successors generated, and the level of the snapshot it holds (-1: none)."""

    level: int
    expanded: int
    generated: int
    saved: int


class Owner(Generic[S, W]):
    """One worker's share of an analysis, kept on its worker as a Dask actor: a copy
    of the shard it is given (:mod:`pearls.shards`), and where it is.

    The owners run the levels among themselves, while the client only reads their
    progress and their snapshots.  For level ``k`` an owner expands its part, keeping at
    once the new successors it owns, and sends each other owner the successors it owns
    with the size of its own part (:meth:`receive`).  Once it holds the other owners'
    messages for level ``k`` it knows the level's size; it keeps the states it was sent
    that it had not met, and goes on.  Every owner sees a level of size 0 at the same
    time, and stops there.  The run is a coroutine in its worker's event loop, which it
    hands back after every :data:`~pearls.shards.CHUNK` states: a message, a look at its
    progress or a request to stop is taken then, with no thread in between.

    Owner 0 asks for a snapshot every ``save_every`` seconds, in its message for level
    ``k``: every owner then copies its state at the top of level ``k + 1`` (which none
    reaches before it has owner 0's message), for the client to take (:meth:`taken`).
    """

    def __init__(self, saved: Saved[S, W], save_every: float) -> None:
        self.shard: Shard[S, W] = saved.shard.begun()
        self.level: int = saved.level
        self.histogram: list[int] = list(saved.histogram)
        self.expanded: int = saved.expanded
        self.generated: int = saved.generated
        self.save_every: float = save_every
        self.save_at: int = -1
        self.saved: Saved[S, W] | None = None
        self.planned: float = time.monotonic()
        self.peers: list[tuple[int, Actor]] = []
        self.inbox: dict[int, list[Message[W]]] = {}
        self.arrived: asyncio.Event = asyncio.Event()
        self.stopping: bool = False

    async def meet(self, owners: list[Actor]) -> None:
        """Keep the other owners, to send them their states: each through a proxy of its
        own, bound to this worker (workers that are threads of one process would share
        the proxies they are given, each bound to the first worker that used it)."""
        me = self.shard.index
        self.peers = [(j, copy(owner)) for j, owner in enumerate(owners) if j != me]

    async def receive(self, k: int, size: int, save_at: int, sent: W) -> None:
        """Take another owner's message for level ``k``: the size of its part, the level
        to save at (-1: none), and the states it found that this owner owns."""
        self.inbox.setdefault(k, []).append(Message(size, save_at, sent))
        self.arrived.set()

    async def progress(self) -> Report:
        """Where the run is (:class:`Report`)."""
        held = -1 if self.saved is None else self.saved.level
        return Report(self.level, self.expanded, self.generated, held)

    async def taken(self) -> Saved[S, W] | None:
        """The snapshot held, handed over (and no longer held)."""
        saved, self.saved = self.saved, None
        return saved

    async def stop(self) -> None:
        """Stop the run, at the next level or within :data:`~pearls.shards.CHUNK`
        states."""
        self.stopping = True
        self.arrived.set()

    async def run(self) -> Part[S]:
        """The levels, until one is empty: the histogram, and this owner's part of the
        last level that had any states."""
        sent: list[BaseActorFuture[None]] = []
        try:
            while not self.stopping:
                if self.level == self.save_at:
                    self.saved = self._snapshot()
                size = len(self.shard)
                await self._expanded(size)
                out, generated = self.shard.groups()
                self.expanded, self.generated = self.expanded + size, self.generated + generated
                save = self._plan()
                sent += [
                    _call(peer, Owner[S, W].receive, self.level, size, save, out[j])
                    for j, peer in self.peers
                ]
                got = await self._messages(self.level, sent)
                sent = [ack for ack in sent if not ack.done()]
                self.save_at = max(self.save_at, save, *(m.save_at for m in got))
                size += sum(m.size for m in got)
                if size == 0 or self.stopping:
                    break
                self.histogram.append(size)
                self.shard.advance([m.sent for m in got])
                self.level += 1
            await self._delivered(sent)
        finally:
            self.peers = []  # their proxies hold the other owners as wanted by this worker
        return tuple(self.histogram), self.shard.farthest()

    async def _expanded(self, size: int) -> None:
        """Expand this owner's part of the level, handing the event loop back between
        chunks; stop early if asked to."""
        at = 0
        while at < size and not self.stopping:
            at = self.shard.expand(at)
            await asyncio.sleep(0)

    def _snapshot(self) -> Saved[S, W]:
        """This owner's state at the top of its level, copied."""
        shard = self.shard.saved()
        return Saved(self.level, tuple(self.histogram), self.expanded, self.generated, shard)

    def _plan(self) -> int:
        """The level at which every owner is to save its state (-1: none): asked by
        owner 0 alone, every ``save_every`` seconds."""
        if self.shard.index != 0 or time.monotonic() - self.planned < self.save_every:
            return -1
        self.planned = time.monotonic()
        return self.level + 1

    async def _delivered(self, sent: list[BaseActorFuture[None]]) -> None:
        """Wait for each message sent to be taken (raising a failed one's error), unless
        asked to stop: the other owners may then be gone, and a message to an owner that
        is gone is never answered."""
        for ack in sent:
            while not ack.done():
                if self.stopping:
                    return
                await asyncio.sleep(TICK)
            await ack

    async def _messages(self, k: int, sent: Sequence[BaseActorFuture[None]]) -> list[Message[W]]:
        """The other owners' messages for level ``k``, once all have come (or none, to
        stop).  A message of this owner's that another failed to take raises its error
        here, looked for every :data:`REPORT` seconds: that owner's own message may
        never come."""
        while True:
            if len(self.inbox.get(k, ())) >= len(self.peers) or self.stopping:
                return self.inbox.pop(k, [])
            self.arrived.clear()
            with suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), REPORT)
            for ack in sent:
                if ack.done():
                    await ack  # raises a failed message's error


def _call(
    owner: Actor, method: Callable[Concatenate[A, P], Awaitable[T]], *args: P.args,
    **kwargs: P.kwargs,
) -> BaseActorFuture[T]:  # fmt: skip
    """Call ``method``, a coroutine, on the owner behind the actor ``owner`` (it runs in
    its worker's event loop): a future of its answer."""
    future: BaseActorFuture[T] = getattr(owner, method.__name__)(*args, **kwargs)
    return future


_AnyOwner = Owner[Hashable, object]  # for the calls whose types no state or message decides


# The client's side: the owners started, watched, saved, and started again after a loss


class ClusterLost(LimitReached):
    """A worker or the scheduler was lost, and the analysis did not get past the loss
    within its time limit: the meter's, or with none :data:`RECOVERY` seconds, or the
    seconds Dask spent joining the lost scheduler again before it gave up.  ``what``
    says what was lost, ``level`` where, and ``losses`` how many in all.

    >>> str(ClusterLost("the Dask worker at tcp://10.0.0.2:4000", 37, 2, 5120, 8.02, 8))
    'the Dask worker at tcp://10.0.0.2:4000 was lost at level 37 (2 losses in all) and not recovered within 8 s (5,120 states expanded in 8.02 s)'
    """  # noqa: E501

    def __init__(
        self, what: str, level: int, losses: int, expanded: int, seconds: float, bound: float
    ) -> None:
        self.what: str = what
        self.level: int = level
        self.losses: int = losses
        super().__init__("time", expanded, seconds, bound)

    def _message(self) -> str:
        explored = f"{self.expanded:,} states expanded in {self.seconds:.2f} s"
        again = f" ({self.losses} losses in all)" if self.losses > 1 else ""
        return (
            f"{self.what} was lost at level {self.level:,}{again} and not recovered "
            f"within {self.bound:g} s ({explored})"
        )


class _Lost(Exception):
    """A worker or the scheduler lost while the owners ran: the message says which."""


@dataclass(frozen=True)
class _Loss:
    """The loss not yet got past: what was lost, the furthest level reached by then,
    and when (a reading of :func:`time.monotonic`)."""

    what: str
    level: int
    since: float


class _Conductor(Generic[S, W]):
    """The client's side of an analysis by owners: it starts them from their latest
    snapshot (at first, from the starts), watches their run, reads their progress and
    checks the meter's limits every :data:`REPORT` seconds, takes each snapshot they
    make, and, when a worker or the scheduler is lost, stops those left and starts the
    owners again from the latest snapshot, on the workers there are then."""

    def __init__(self, c: Client, address: str, saved: list[Saved[S, W]], meter: Meter) -> None:
        self.c: Client = c
        self.address: str = address
        self.saved: list[Saved[S, W]] = saved
        self.meter: Meter = meter
        self.before: tuple[int, int] = (meter.expanded, meter.generated)
        self.loss: _Loss | None = None
        self.losses: int = 0
        self.reached: int = 0
        self.places: list[str] = []
        self.futures: list[Future[Actor]] = []
        self.owners: list[Actor] = []

    def analysis(self) -> Analysis[S]:
        """The analysis, its farthest states listed owner by owner."""
        while True:
            try:
                parts = self._run()
            except _Lost as lost:
                self._lost(str(lost))
                continue
            histogram = parts[0][0]
            farthest = tuple(q for _, part in parts for q in part)
            return Analysis(sum(histogram), histogram, farthest)

    def _run(self) -> list[Part[S]]:
        """The owners' parts, once each has run to the end; :class:`_Lost` where a call
        to the cluster fails with the scheduler out of reach."""
        try:
            return self._owned()
        except (OSError, RuntimeError, CancelledError) as e:
            if self.c.status == "running":
                raise
            raise _Lost(f"the Dask scheduler at {self.address}") from e

    def _owned(self) -> list[Part[S]]:
        """:meth:`_run`'s work: the owners started, watched, stopped if it fails, and let
        go."""
        try:
            self._start()
            runs = [self._sent(j, lambda o: _call(o, Owner[S, W].run)) for j in self._each()]
            return self._watched(runs)
        except BaseException:
            self._stop()
            raise
        finally:
            self._release()

    def _start(self) -> None:
        """Make the owners from the latest snapshot, one a worker where it can, and let
        them meet."""
        self.places = self._places(len(self.saved))
        self.futures = [
            self.c.submit(
                Owner, saved, SAVE_EVERY, actor=True, workers=[place], allow_other_workers=True,
                pure=False,
            )
            for saved, place in zip(self.saved, self.places, strict=True)
        ]  # fmt: skip
        self.owners = [self._made(j) for j in range(len(self.futures))]
        for j in self._each():
            self._asked(j, lambda o: _call(o, _AnyOwner.meet, self.owners))

    def _each(self) -> range:
        """The owners' indices."""
        return range(len(self.owners))

    def _places(self, n: int) -> list[str]:
        """The workers for ``n`` owners, one each: after a loss, once the cluster has
        ``n`` again (a lost worker's nanny starts another), or, after
        :data:`WORKERS_WAIT` seconds, those there are, shared out."""
        since = time.monotonic()
        while True:
            self._limit()
            workers = self._workers()
            waited = time.monotonic() - since
            if len(workers) >= n or (workers and (self.loss is None or waited > WORKERS_WAIT)):
                return [workers[j % len(workers)] for j in range(n)]
            time.sleep(REPORT)

    def _workers(self) -> list[str]:
        """The cluster's workers now (none while the scheduler is out of reach)."""
        if self.c.status != "running":
            return []
        try:
            return sorted(self.c.scheduler_info()["workers"])
        except (OSError, RuntimeError):  # the scheduler lost meanwhile
            return []

    def _made(self, j: int) -> Actor:
        """Owner ``j``, once made (its maker's error, if it fails)."""
        future = self.futures[j]
        while True:
            try:
                return future.result(timeout=REPORT)
            except TimeoutError:
                self._limit()
            except CancelledError:
                raise self._cancelled(j) from None
            except (OSError, RuntimeError) as e:  # the worker out of reach, or lost
                if isinstance(e, OSError) or self.places[j] not in self._workers():
                    raise _Lost(f"the Dask worker at {self.places[j]}") from e
                raise
            except Exception as e:  # Dask's wait may end with neither: UnboundLocalError
                if future.status == "cancelled" or self.c.status != "running":
                    raise self._cancelled(j) from None
                if not isinstance(e, UnboundLocalError):
                    raise
                self._limit()  # a wait cut short, as by a timeout: wait again

    def _cancelled(self, j: int) -> _Lost:
        """The loss behind owner ``j``'s future cancelled: of the scheduler, where the
        client is out of reach of it (every future is cancelled then), else of the
        worker it was placed on (the scheduler dropped the owner as it lost that
        worker)."""
        if self.c.status != "running":
            return _Lost(f"the Dask scheduler at {self.address}")
        return _Lost(f"the Dask worker at {self.places[j]}")

    def _watched(self, runs: list[BaseActorFuture[Part[S]]]) -> list[Part[S]]:
        """The owners' parts once every run is over, their progress reported and the
        meter's limits checked every :data:`REPORT` seconds meanwhile, and at the end."""
        due = time.monotonic() + REPORT
        while not all(run.done() for run in runs):
            self._check()
            for run in runs:
                if run.done():
                    self._outcome(run)  # raises a failed run's error
            if time.monotonic() >= due:
                self._report()
                due = time.monotonic() + REPORT
            time.sleep(TICK)
        parts = [self._outcome(run) for run in runs]
        self._report(take=False)
        return parts

    def _outcome(self, run: BaseActorFuture[Part[S]]) -> Part[S]:
        """A run's outcome; its error, unless a loss caused it: an owner that cannot
        reach another fails, and the lost worker is said within a heartbeat or two."""
        try:
            return run.result()
        except (OSError, RuntimeError):
            until = time.monotonic() + STOP_WAIT
            while time.monotonic() < until:
                self._check()
                time.sleep(REPORT)
            raise

    def _check(self) -> None:
        """Raise :class:`_Lost` if an owner's worker or the scheduler is lost."""
        for j, (future, place) in enumerate(zip(self.futures, self.places, strict=True)):
            status = future.status
            if status == "cancelled":
                raise self._cancelled(j)
            if status in ("error", "lost"):
                raise _Lost(f"the Dask worker at {place}")

    def _report(self, take: bool = True) -> None:
        """Read the owners' progress into the meter, report it, ``take`` a snapshot if
        every owner holds one of the same level, and check the limits."""
        reports = [self._asked(j, lambda o: _call(o, _AnyOwner.progress)) for j in self._each()]
        expanded, generated = self.before
        self.meter.expanded = expanded + sum(r.expanded for r in reports)
        self.meter.generated = generated + sum(r.generated for r in reports)
        if self.meter.progress is not None:
            self.meter.progress(self.meter.stats)
        self.reached = max(self.reached, *(r.level for r in reports))
        if self.loss is not None and min(r.level for r in reports) > self.loss.level:
            self.loss = None
        held = {r.saved for r in reports}
        if take and len(held) == 1 and (level := held.pop()) > self.saved[0].level:
            self._take(level)
        self._limit()

    def _take(self, level: int) -> None:
        """The owners' snapshots of ``level`` as the latest, if each still holds it."""
        taken = [self._asked(j, lambda o: _call(o, Owner[S, W].taken)) for j in self._each()]
        kept = [saved for saved in taken if saved is not None and saved.level == level]
        if len(kept) == len(self.owners):
            self.saved = kept

    def _sent(self, j: int, ask: Callable[[Actor], BaseActorFuture[T]]) -> BaseActorFuture[T]:
        """``ask`` of owner ``j``: the future of its answer."""
        try:
            return ask(self.owners[j])
        except RuntimeError as e:  # the proxy of an owner whose worker is lost says so
            raise _Lost(f"the Dask worker at {self.places[j]}") from e

    def _asked(self, j: int, ask: Callable[[Actor], BaseActorFuture[T]]) -> T:
        """``ask`` of owner ``j``: its answer, waited for while the cluster holds and
        the limits allow."""
        call = self._sent(j, ask)
        while True:
            try:
                return call.result(timeout=REPORT)
            except TimeoutError:
                self._check()
                self._limit()
            except (OSError, RuntimeError) as e:  # its worker out of reach
                self._check()
                raise _Lost(f"the Dask worker at {self.places[j]}") from e

    def _lost(self, what: str) -> None:
        """Note the loss of ``what``; raise :class:`ClusterLost` if it is past recovery."""
        self.losses += 1
        since = time.monotonic() if self.loss is None else self.loss.since
        self.loss = _Loss(what, self.reached, since)
        self._limit()

    def _limit(self) -> None:
        """Raise at the meter's limits; while a loss is not got past, at its time limit
        (with none, :data:`RECOVERY` seconds) as :class:`ClusterLost`, or at once where
        the client has given up joining the scheduler again."""
        try:
            self.meter.check()
        except LimitReached as e:
            if self.loss is None or e.limit != "time":
                raise
            raise self._given_up(e.bound) from None
        if self.loss is None:
            return
        waited = time.monotonic() - self.loss.since
        if self.c.status == "closed" or (self.meter.timeout is None and waited > RECOVERY):
            raise self._given_up(round(waited, 1))

    def _given_up(self, bound: float) -> ClusterLost:
        """The loss, past recovery within ``bound`` seconds: of the scheduler, where it
        is still out of reach (its workers, lost with it, may have been missed first)."""
        assert self.loss is not None  # given up only on a loss
        meter, loss = self.meter, self.loss
        what = loss.what if self.c.status == "running" else f"the Dask scheduler at {self.address}"
        return ClusterLost(what, loss.level, self.losses, meter.expanded, meter.seconds, bound)

    def _stop(self) -> None:
        """Ask every owner to stop, waiting :data:`STOP_WAIT` seconds at most in all for
        them to hear it (a worker may be gone), and never past the meter's time limit
        (the scheduler, killed, may not yet be missed: its workers never answer)."""
        asked: list[BaseActorFuture[None]] = []
        if self.c.status != "running":  # the scheduler lost: the owners are out of reach
            return
        for owner in self.owners:
            try:
                asked.append(_call(owner, _AnyOwner.stop))
            except RuntimeError:  # its worker lost: nothing left to stop there
                continue
        until = time.monotonic() + min(STOP_WAIT, self._left())
        for ack in asked:
            try:
                ack.result(timeout=max(0.0, until - time.monotonic()))
            except Exception:  # a worker lost, or shutting down: nothing left to stop there
                continue

    def _left(self) -> float:
        """The seconds left before the meter's time limit (none: without end)."""
        if self.meter.timeout is None:
            return math.inf
        return max(0.0, self.meter.timeout - self.meter.seconds)

    def _release(self) -> None:
        """Let the owners go: their workers drop them."""
        for future in self.futures:
            future.release()
        self.futures, self.owners = [], []


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
    farthest states (these listed owner by owner), by an owner a worker.

    ``puzzle`` is the bare puzzle (it travels to the workers); states travel as ranks
    where ``h`` can unrank, else pickled (see :mod:`pearls.shards`); ``key`` names a
    state the same way in every process (never ``repr`` of a set).  ``meter`` counts on
    this side: its limits are checked and its progress reported every :data:`REPORT`
    seconds.  A worker lost is survived: the owners start again from their latest
    snapshot, or the analysis raises :class:`ClusterLost` at its time limit.
    """
    meter = Meter() if meter is None else meter
    with client(workers, scheduler, processes, connect) as c:
        info = c.scheduler_info()
        n, address = len(info["workers"]), str(info["address"])
        if n == 0:
            raise OptionError(f"the Dask scheduler at {address} has no workers")
        if h is not None and h.unrank is not None:
            return _analyzed(c, address, rank_shards(puzzle, h, n, starts), meter)
        if h is not None:
            return _analyzed(c, address, hash_shards(puzzle, h, n, starts), meter)
        return _analyzed(c, address, key_shards(puzzle, key, n, starts), meter)


def _analyzed(c: Client, address: str, shards: Sequence[Shard[S, W]], meter: Meter) -> Analysis[S]:
    """The analysis by owners of ``shards``, one a worker."""
    starts = [Saved(0, (), 0, 0, shard) for shard in shards]
    return _Conductor(c, address, starts, meter).analysis()


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
