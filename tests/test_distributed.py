"""The Dask scale-out: the same analyses and solutions as in one process.

One local cluster of two workers (threads of this process, quick to start) serves every
test, joined by its scheduler's address as ``--scheduler`` would.  Skipped where the
``dask`` extra is not installed.
"""

from __future__ import annotations

import logging
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import warnings
from collections import Counter
from collections.abc import Iterator
from typing import Protocol

import pytest

pytest.importorskip("distributed")

from distributed.actor import Actor

from pearls import distributed
from pearls.analysis import Analysis, PerfectHash, analyze, analyze_compact
from pearls.errors import LimitReached
from pearls.limits import Meter, Stats
from pearls.puzzles import graph, hanoi, rushhour, sliding
from pearls.puzzles.rushhour.text import show
from pearls.puzzles.sliding import Board, ranked
from pearls.registry import PUZZLES
from pearls.types import S


@pytest.fixture(scope="module")
def processes() -> Iterator[str]:
    """The address of a local cluster of two worker processes, for the tests that need
    workers apart from this process."""
    with distributed.client(workers=2, processes=True) as c:
        yield str(c.scheduler_info()["address"])


def tray(rows: int, cols: int, scheduler: str, meter: Meter | None = None) -> Analysis[Board]:
    """The ``rows x cols`` tray analysed from its goal by ranks on the cluster."""
    f = sliding.frame(rows, cols)
    return distributed.analyze(
        sliding.puzzle(f), [f.goal], ranked.perfect_hash(f), meter=meter, scheduler=scheduler
    )


def number(q: int) -> int:
    """A graph's node as its own rank."""
    return q


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a local cluster of two workers, for the module's tests."""
    with distributed.client(workers=2, processes=False) as c:
        yield str(c.scheduler_info()["address"])


def test_a_rush_hour_cluster_by_checksum(scheduler: str) -> None:
    """p1's cluster of 4,780 positions, shared out by a checksum of each grid."""
    one = analyze(rushhour.puzzle, [rushhour.p1])
    shared = distributed.analyze(rushhour.puzzle, [rushhour.p1], scheduler=scheduler)
    assert shared.histogram == one.histogram
    assert shared.states == one.states == 4780
    assert len(shared.farthest) == len(set(shared.farthest)) == len(one.farthest)
    assert set(shared.farthest) == set(one.farthest)


def test_the_eight_puzzle_by_ranks(scheduler: str) -> None:
    """The 8 puzzle's 181,440 boards from the goal, shared out by residue of their rank,
    travelling as ranks."""
    f = sliding.EIGHT
    one = analyze(sliding.puzzle(f), [f.goal], ranked.perfect_hash(f))
    shared = distributed.analyze(
        sliding.puzzle(f), [f.goal], ranked.perfect_hash(f), scheduler=scheduler
    )
    assert shared.histogram == one.histogram
    assert (shared.states, shared.max_distance) == (181440, 31)
    assert sorted(shared.farthest) == sorted(one.farthest)


def test_several_starts_and_an_empty_shard(scheduler: str) -> None:
    """Starts of one level, a graph whose states travel pickled, owned by residue of a
    perfect hash that cannot unrank."""
    edges = {0: [1], 1: [2], 2: [3], 3: []}
    ring = graph.puzzle(edges, goal=9)
    hashed = PerfectHash(number, 100)
    shared = distributed.analyze(ring, [0, 2], hashed, scheduler=scheduler)
    assert shared.histogram == analyze(ring, [0, 2]).histogram == (2, 2)
    assert sorted(shared.farthest) == [1, 3]


def test_ranks_alone_with_several_starts_and_an_empty_shard(scheduler: str) -> None:
    """The same graph with a perfect hash that can unrank: the states travel as ranks."""
    edges = {0: [1], 1: [2], 2: [3], 3: []}
    ring = graph.puzzle(edges, goal=9)
    hashed = PerfectHash(number, 100, number)
    shared = distributed.analyze(ring, [0, 2, 2], hashed, scheduler=scheduler)
    assert shared.histogram == analyze(ring, [0, 2]).histogram == (2, 2)
    assert sorted(shared.farthest) == [1, 3]


def test_the_ranked_analysis_counts_what_one_process_expands(scheduler: str) -> None:
    """The 8 puzzle by ranks: every board expanded once, every move generated once."""
    f = sliding.EIGHT
    meter, watched = Meter(), Meter()
    distributed.analyze(
        sliding.puzzle(f), [f.goal], ranked.perfect_hash(f), meter=meter, scheduler=scheduler
    )
    analyze(watched.watch(sliding.puzzle(f)), [f.goal])
    assert (meter.expanded, meter.generated) == (watched.expanded, watched.generated)


def test_owners_stopped_at_a_time_limit_leave_their_workers_free(scheduler: str) -> None:
    """The 2x5 tray stopped after a fifth of a second: the owners stop with it, and the
    workers take the next analysis at once (an owner still running would hold its
    worker's one thread for actors)."""
    with pytest.raises(LimitReached):
        tray(2, 5, scheduler, Meter(timeout=0.2))
    assert tray(2, 3, scheduler).states == 360


def test_a_rank_out_of_range_is_refused_on_the_ranked_path(scheduler: str) -> None:
    ring = graph.puzzle({0: [1], 1: [7]}, goal=9)
    with pytest.raises(ValueError, match="outside range"):
        distributed.analyze(ring, [0], PerfectHash(number, 4, number), scheduler=scheduler)


def test_the_meter_counts_every_level_and_stops_at_its_limit(scheduler: str) -> None:
    meter = Meter()
    distributed.analyze(rushhour.puzzle, [rushhour.p2], meter=meter, scheduler=scheduler)
    watched = Meter()
    analyze(watched.watch(rushhour.puzzle), [rushhour.p2])
    assert (meter.expanded, meter.generated) == (watched.expanded, watched.generated)
    with pytest.raises(LimitReached):
        distributed.analyze(
            rushhour.puzzle, [rushhour.p1], meter=Meter(max_states=100), scheduler=scheduler
        )


def test_a_batch_solves_each_board_as_one_process_does(scheduler: str) -> None:
    boards = [show(g) for g in (rushhour.p2, rushhour.p3, rushhour.g1)]
    batch = distributed.solve_batch("rushhour", "bfs", boards, scheduler=scheduler)
    alone = [PUZZLES["rushhour"].solve("bfs", board) for board in boards]
    assert [s.moves for s in batch] == [s.moves for s in alone]
    assert [len(s.moves or ()) for s in batch] == [18, 55, 34]


def test_a_batch_reports_a_limit_reached(scheduler: str) -> None:
    with pytest.raises(LimitReached):
        distributed.solve_batch(
            "rushhour", "bfs", [show(rushhour.p1)], max_states=10, scheduler=scheduler
        )


def test_an_interrupt_silences_the_event_loops_complaints() -> None:
    """Ctrl-C within a client raises KeyboardInterrupt as ever, and from that moment the
    asyncio logger, which would report every dropped task, is silent; Python's own
    handler is back on leaving."""
    loop_log = logging.getLogger("asyncio")
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt), distributed._hushed_if_interrupted():
            assert not loop_log.disabled
            signal.raise_signal(signal.SIGINT)
        assert loop_log.disabled
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        loop_log.disabled = False
        signal.signal(signal.SIGINT, before)


@pytest.mark.slow
@pytest.mark.parametrize("after", [3.0, 10.0])
def test_ctrl_c_ends_an_analysis_on_worker_processes_in_one_line(after: float) -> None:
    """Ctrl-C, sent as a terminal sends it to all its processes, while the workers start
    or while they work (on the 3x4 tray's 239,500,800 positions, minutes of work): one
    line, exit code 130, and no worker left behind."""
    command = [sys.executable, "-m", "pearls", "analyze", "sliding", "--example", "3x4"]
    command += ["--workers", "2", "--max-states", "300000000", "--timeout", "3600"]
    ignored = signal.signal(signal.SIGINT, signal.SIG_DFL)  # a child inherits an ignoring
    try:
        run = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, start_new_session=True)
    finally:
        signal.signal(signal.SIGINT, ignored)
    with run:
        time.sleep(after)
        os.killpg(run.pid, signal.SIGINT)
        _, err = run.communicate(timeout=60)
    assert (run.returncode, err) == (130, "pearls: interrupted\n")
    assert gone(run.pid, within=10.0), "a worker outlived the command"


def test_owners_stopped_with_messages_in_flight_do_not_wait_for_their_answers(
    processes: str,
) -> None:
    """On worker processes, stopped at a limit, then at once another analysis, twice:
    an owner that waited for the answer to a message sent to an owner already
    gone held its worker's one thread for actors for ever, and the next analysis never
    started (the first time, on this machine)."""
    for i in range(2):
        with pytest.raises(LimitReached):
            tray(2, 5, processes, Meter(timeout=0.05 + 0.05 * i))
        assert tray(2, 3, processes).states == 360


@pytest.mark.timeout(60)
def test_a_message_an_owner_fails_to_take_ends_the_analysis_with_its_error(
    scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every owner refusing the others' messages: each raises the refusal it was sent
    instead of waiting for ever for a message that never comes."""

    async def receive(
        owner: distributed.Owner[Board, bytes], k: int, size: int, save_at: int, ranks: bytes
    ) -> None:
        raise MemoryError(f"no room for level {k}")

    monkeypatch.setattr(distributed.Owner, "receive", receive)
    with pytest.raises(MemoryError, match="no room for level 0"):
        tray(2, 3, scheduler)


def test_a_local_cluster_leaves_port_8787_to_whoever_holds_it() -> None:
    """With the dashboard's usual port taken (by another cluster, say), a local cluster
    starts without Dask's warning that it is: its scheduler serves on a free port."""
    held = socket.socket()
    with held, warnings.catch_warnings(record=True) as caught:
        try:
            held.bind(("", 8787))
            held.listen()
        except OSError:
            pass  # taken already: the case in point
        warnings.simplefilter("always")
        with distributed.client(workers=1, processes=False):
            pass
    assert [str(w.message) for w in caught if "8787" in str(w.message)] == []


def test_a_limit_passed_before_the_first_look_is_still_reached(scheduler: str) -> None:
    """The 2x3 tray's 360 boards, limited to 10: the owners finish before the client
    first reads their progress; the limit is checked once more at the end."""
    with pytest.raises(LimitReached):
        tray(2, 3, scheduler, Meter(max_states=10))


def test_a_limit_reached_on_a_cluster_is_said_in_one_line(processes: str) -> None:
    """On a cluster the command hides the standard error it would share with workers it
    starts; its own line still reaches it."""
    command = [sys.executable, "-m", "pearls", "analyze", "sliding", "--example", "3x4"]
    command += ["--scheduler", processes, "--max-states", "1000"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert run.returncode == 3 and run.stdout == ""
    assert run.stderr.startswith("pearls: stopped at the limit of 1,000 states expanded (")
    assert run.stderr.endswith("; --max-states sets this limit\n")


def gone(group: int, within: float) -> bool:
    """Whether every process of ``group`` has ended within ``within`` seconds."""
    for _ in range(int(within * 10)):
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


# --- a worker or the scheduler lost mid-run -----------------------------------------------


def killing_a_worker(address: str, monkeypatch: pytest.MonkeyPatch) -> Meter:
    """A meter whose first progress report (the owners at work, a twentieth of a second
    in: the client looks that often here) kills one worker process of the cluster at
    ``address``, as a crash or the machine's out-of-memory killer would; its nanny
    starts another."""
    monkeypatch.setattr(distributed, "REPORT", 0.05)
    with distributed.client(scheduler=address) as c:
        victims = c.run(os.getpid)
    pid = victims[max(victims)]
    killed: list[int] = []

    def report(stats: Stats) -> None:
        if not killed:
            killed.append(pid)
            os.kill(pid, signal.SIGKILL)

    return Meter(progress=report, every=0.0)


def counting_starts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one each time the owners of an analysis are started."""
    starts: list[int] = []
    start = distributed._Conductor._start

    def counted(conductor: distributed._Conductor[Board, bytes]) -> None:
        starts.append(len(starts))
        start(conductor)

    monkeypatch.setattr(distributed._Conductor, "_start", counted)
    return starts


def assert_recovered(starts: list[int], shared: Analysis[S], one: Analysis[S]) -> None:
    """The owners started twice (once more after the loss), and the answer one process's:
    its states, histogram and farthest positions (as many of each)."""
    assert len(starts) == 2
    assert (shared.states, shared.histogram) == (one.states, one.histogram)
    assert Counter(shared.farthest) == Counter(one.farthest)


@pytest.mark.timeout(90)
def test_a_worker_killed_mid_run_by_ranks_is_survived(
    processes: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The 8 puzzle's 181,440 boards by ranks, one worker killed mid-run: both owners
    start again from their latest snapshot (one every tenth of a second here) on the
    worker left, not waiting here for the one its nanny starts, and the answer is one
    process's.  (It raised 'Worker holding Actor was lost'.)"""
    monkeypatch.setattr(distributed, "SAVE_EVERY", 0.1)
    monkeypatch.setattr(distributed, "WORKERS_WAIT", 0.0)
    starts = counting_starts(monkeypatch)
    f = sliding.EIGHT
    h = ranked.perfect_hash(f)
    meter = killing_a_worker(processes, monkeypatch)
    shared = distributed.analyze(sliding.puzzle(f), [f.goal], h, meter=meter, scheduler=processes)
    one = analyze_compact(sliding.puzzle(f), [f.goal], h, sliding.unrank(f))
    assert_recovered(starts, shared, one)


@pytest.mark.timeout(90)
def test_a_worker_killed_mid_run_with_states_pickled_is_survived(
    processes: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eight discs of the Tower of Hanoi (6,561 positions, 256 levels), whose hash
    cannot unrank, so that states travel pickled: one worker killed mid-run, the
    analysis started again from the starts on the worker left and the one its nanny
    starts, the answer one process's.  (It waited in Client.gather for ever.)"""
    starts = counting_starts(monkeypatch)
    meter = killing_a_worker(processes, monkeypatch)
    start, h = hanoi.tower(8), hanoi.perfect_hash(8)
    shared = distributed.analyze(hanoi.puzzle, [start], h, meter=meter, scheduler=processes)
    one = analyze(hanoi.puzzle, [start], h)
    assert_recovered(starts, shared, one)


@pytest.mark.timeout(90)
def test_a_worker_killed_mid_run_with_states_by_key_is_survived(
    processes: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """p1's cluster of Rush Hour (4,780 positions), which has no perfect hash, so that
    each state's owner is a checksum of its key and the states met a set: one worker
    killed mid-run, the analysis started again from the start, the answer one
    process's."""
    starts = counting_starts(monkeypatch)
    meter = killing_a_worker(processes, monkeypatch)
    shared = distributed.analyze(rushhour.puzzle, [rushhour.p1], meter=meter, scheduler=processes)
    one = analyze(rushhour.puzzle, [rushhour.p1])
    assert_recovered(starts, shared, one)


@pytest.mark.timeout(60)
def test_an_owner_cancelled_as_it_is_made_is_its_workers_loss(
    processes: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An owner's task cancelled while the client waits for the owner, the scheduler
    running (as the scheduler drops a task placed on a worker it has just lost), at
    every start: each is a loss, until the time limit says the worker was lost, not the
    scheduler.  (It said the scheduler; a cancellation that came while Dask waited
    ended the analysis in an UnboundLocalError.)  How often the owners start again
    within 3 s is the machine's: under load the first start may outlast it."""
    made = distributed._Conductor._made

    def cancelled(conductor: distributed._Conductor[hanoi.Towers, object], j: int) -> Actor:
        if j == 0:
            threading.Timer(0.01, conductor.futures[0].cancel).start()
        return made(conductor, j)

    monkeypatch.setattr(distributed._Conductor, "_made", cancelled)
    start, h = hanoi.tower(6), hanoi.perfect_hash(6)
    with pytest.raises(distributed.ClusterLost) as lost:
        distributed.analyze(hanoi.puzzle, [start], h, meter=Meter(timeout=3), scheduler=processes)
    assert lost.value.what.startswith("the Dask worker at tcp://")


@pytest.fixture
def doomed() -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """A cluster of its own, a scheduler and two workers (threads) in one process, for
    a test to kill: its address and its process."""
    script = (
        "import time; from distributed import LocalCluster; "
        "c = LocalCluster(n_workers=2, threads_per_worker=1, processes=False, "
        "protocol='tcp', host='127.0.0.1', dashboard_address=None); "
        "print(c.scheduler_address, flush=True); time.sleep(600)"
    )
    cluster = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert cluster.stdout is not None
    with cluster:
        yield cluster.stdout.readline().strip(), cluster
        cluster.kill()


class Tasks(Protocol):
    """What a worker's state says of the tasks it holds (an owner is one)."""

    tasks: dict[str, object]


class Holder(Protocol):
    """A Dask worker, as far as its tasks go."""

    state: Tasks


def tasks_held(dask_worker: Holder) -> int:
    """The tasks a worker holds (Dask's ``run`` hands it the worker)."""
    return len(dask_worker.state.tasks)


LIMIT = 10  # seconds: the lost scheduler's command's time limit


def under_way(address: str, run: subprocess.Popen[str]) -> None:
    """Return once the workers of the cluster at ``address`` hold two tasks (two
    owners): an analysis is under way there; or once the command ``run`` has ended (its
    own line then says why)."""
    with distributed.client(scheduler=address) as c:
        while run.poll() is None and sum(c.run(tasks_held).values()) < 2:
            time.sleep(0.05)


@pytest.mark.timeout(60)
def test_a_lost_scheduler_ends_the_command_in_one_line_within_its_time_limit(
    doomed: tuple[str, subprocess.Popen[str]],
) -> None:
    """Twelve discs (4,096 levels, many seconds) on a cluster whose scheduler is killed
    once the analysis is under way: the command ends at its time limit of 10 s (by its
    own clock), exit code 3, its one line saying what was lost.  (It ended in Dask's
    traceback.)  At a limit of 5 s, under a load average of 6, the command once reached
    its limit before its owners were made, the scheduler still there."""
    address, cluster = doomed
    command = [sys.executable, "-m", "pearls", "analyze", "hanoi", "--discs", "12"]
    command += ["--scheduler", address, "--timeout", str(LIMIT)]
    with subprocess.Popen(command, stderr=subprocess.PIPE, text=True) as run:
        under_way(address, run)
        cluster.kill()
        _, err = run.communicate(timeout=60)
    assert run.returncode == 3, err
    assert err.startswith(f"pearls: the Dask scheduler at {address} was lost at level ")
    assert err.endswith("; --timeout sets this limit\n") and err.count("\n") == 1
    took = re.search(r"states expanded in ([0-9.]+) s\)", err)
    assert took is not None and float(took[1]) < LIMIT + 1  # by the command's own clock
