"""The whole-space analysis on Dask beside the best of one process, side by side in one
run: the figures behind docs/performance.md's scale-out table.

One process analyses the tray four ways (a set of states; flags by rank; the compact
form, its successors worked out from each rank; the compact form by unranking, moving
and ranking each board); a local cluster of 2 worker processes, started beforehand and
not timed, analyses it by each kind of owner (:mod:`pearls.shards`): by ranks alone (the
states travel as packed ranks), as pickled states with bits by rank (the path of a hash
that cannot unrank), and as pickled states in a set (the path of puzzles without a
hash).  The contenders take turns, round by round; each time is the median.  Then one
more run by ranks reports each worker's CPU seconds and peak resident memory, on a fresh
cluster, and a level with one state gives the cost of a level, by ranks and by states.

The command line, cluster's start included: ``pearls analyze hanoi --discs 9`` (19,683
positions in 512 levels, many and small) in one process and with ``--workers 2``,
taking turns.

``--large`` analyses the 3x4 tray's 239,500,800 boards once, by ranks on 2 workers and
compactly in one process (minutes each): figures for the docs, not for ``make bench``.

    .venv/bin/python -m bench.scaleout [--quick | --large] [--rounds N]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from bench.timing import JSON, alternate, markdown_table
from pearls import distributed
from pearls.analysis import Analysis, PerfectHash, analyze, analyze_compact
from pearls.puzzles import graph, sliding
from pearls.puzzles.sliding import ranked

__all__ = ["analysis_table", "command_line", "main"]

Board = sliding.Board


def _worker_figures() -> tuple[float, int]:
    """This worker's CPU seconds so far and its peak resident memory in KiB: Linux's
    ``VmHWM`` (``ru_maxrss`` would count the parent's peak before the worker's exec)."""
    try:
        lines = Path("/proc/self/status").read_text(encoding="ascii").splitlines()
    except OSError:
        return time.process_time(), -1
    peak = next((int(line.split()[1]) for line in lines if line.startswith("VmHWM:")), -1)
    return time.process_time(), peak


def _latency(address: str, h: PerfectHash[int] | None, levels: int = 100) -> float:
    """The seconds a level takes with nothing in it to do: a chain of ``levels`` states,
    one a level, analysed with the hash ``h`` (by ranks where it unranks, else by
    states)."""
    chain = graph.puzzle({i: [i + 1] for i in range(levels)} | {levels: []}, goal=-1)
    began = time.perf_counter()
    distributed.analyze(chain, [0], h, scheduler=address)
    return (time.perf_counter() - began) / (levels + 1)


def _one_process(f: sliding.Frame, found: list[Analysis[Board]]) -> dict[str, Callable[[], object]]:
    """The single-process contenders; the set analysis keeps its answer in ``found``."""
    puzzle, h = sliding.puzzle(f), ranked.perfect_hash(f)
    unrank = h.unrank
    assert unrank is not None
    by_boards = replace(h, successors=None)
    compact = partial(analyze_compact, puzzle, [f.goal])
    return {
        "one process, a set": lambda: found.append(analyze(puzzle, [f.goal])),
        "one process, flags": lambda: analyze(puzzle, [f.goal], h),
        "one process, compact": lambda: compact(h, unrank),
        "one process, compact by boards": lambda: compact(by_boards, unrank),
    }


def _workers(f: sliding.Frame, address: str) -> dict[str, Callable[[], object]]:
    """The contenders on the cluster at ``address``, an owner of each kind."""
    puzzle, h = sliding.puzzle(f), ranked.perfect_hash(f)
    on = partial(distributed.analyze, puzzle, [f.goal], scheduler=address)
    pickled = PerfectHash(h.rank, h.size)  # the same hash without unrank: states travel
    return {
        "2 workers, ranks": lambda: on(h),
        "2 workers, states, bits by rank": lambda: on(pickled),
        "2 workers, states in a set": lambda: on(None),
    }


@dataclass(frozen=True)
class FreshRun:
    """One analysis by ranks on a fresh cluster of 2 workers: the analysis, its
    seconds, and each worker's CPU seconds and peak resident memory in KiB."""

    analysis: Analysis[Board]
    seconds: float
    workers: list[tuple[float, int]]

    @property
    def words(self) -> str:
        """Each worker's figures, in words."""
        return "; ".join(
            f"{cpu:.2f} s of CPU, peak {peak / 1024:.0f} MiB resident" for cpu, peak in self.workers
        )


def _fresh_run(f: sliding.Frame) -> FreshRun:
    """The tray ``f`` analysed by ranks on a fresh cluster of 2 (each worker imports the
    tiles' model first, untimed)."""
    puzzle, h = sliding.puzzle(f), ranked.perfect_hash(f)
    with distributed.client(workers=2) as c:
        c.run(h.rank, f.goal)
        before = c.run(_worker_figures)
        began = time.perf_counter()
        shared = distributed.analyze(puzzle, [f.goal], h, scheduler=c.scheduler_info()["address"])
        seconds = time.perf_counter() - began
        after = c.run(_worker_figures)
    workers = [(after[w][0] - before[w][0], after[w][1]) for w in sorted(after)]
    return FreshRun(shared, seconds, workers)


def analysis_table(f: sliding.Frame, rounds: int) -> tuple[list[str], dict[str, JSON]]:
    """The table for the tray ``f``: one process four ways, 2 workers two ways."""
    found: list[Analysis[Board]] = []
    with distributed.client(workers=2) as c:
        address = str(c.scheduler_info()["address"])
        contenders = _one_process(f, found) | _workers(f, address)
        times = alternate(contenders, rounds, warmup=0)
        by_ranks = _latency(address, PerfectHash(int, 101, int))
        by_states = _latency(address, None)
    fresh = _fresh_run(f)
    best = min(times[k].median for k in contenders if k.startswith("one"))
    rows = [
        [label, f"{t.median:.2f}", f"{t.low:.2f}-{t.high:.2f}", f"{best / t.median:.2f}"]
        for label, t in times.items()
    ]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    size = ranked.perfect_hash(f).size
    lines = markdown_table(["analysis", "seconds", "range", "speed-up on the best"], rows)
    lines += ["", f"the {f.rows}x{f.cols} tray's {size:,} states from the goal, the median of "
              f"{rounds} rounds taken in turns; the best single process "
              f"{best:.2f} s. Each worker, one more run by ranks: {fresh.words}. "
              f"A level with nothing to do takes {by_ranks * 1000:.1f} ms by ranks, "
              f"{by_states * 1000:.1f} ms by states ({size:,} states lie in "
              f"{len(found[-1].histogram)} levels). Load average after: {load}."]  # fmt: skip
    data: dict[str, JSON] = {label: list(t.runs) for label, t in times.items()}
    data["workers"] = [list(pair) for pair in fresh.workers]
    data["latency"] = by_ranks
    data["latency_states"] = by_states
    return lines, data


COMMAND = [sys.executable, "-m", "pearls", "analyze", "hanoi", "--discs", "9", "--json"]


def _command(extra: list[str], found: list[JSON]) -> None:
    """Run the command line's analysis of nine discs with ``extra`` options; its JSON
    goes to ``found``, less its stats and with the farthest positions sorted (a cluster
    lists them owner by owner)."""
    run = subprocess.run([*COMMAND, *extra], capture_output=True, text=True, check=True)
    answer = json.loads(run.stdout)
    answer["farthest"] = sorted(answer["farthest"])
    found.append({k: v for k, v in answer.items() if k != "stats"})


def command_line(rounds: int) -> tuple[list[str], dict[str, JSON]]:
    """``pearls analyze hanoi --discs 9`` in one process and on a local cluster of 2
    workers (started by the command, and timed), taking turns: a table, and its
    figures."""
    alone: list[JSON] = []
    shared: list[JSON] = []
    contenders = {
        "one process": lambda: _command([], alone),
        "--workers 2": lambda: _command(["--workers", "2"], shared),
    }
    times = alternate(contenders, rounds)
    same = all(answer == alone[0] for answer in alone + shared)
    rows = [[label, f"{t.median:.2f}", f"{t.low:.2f}-{t.high:.2f}"] for label, t in times.items()]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    lines = markdown_table(["pearls analyze hanoi --discs 9", "seconds", "range"], rows)
    lines += ["", f"the command's whole run (its start, the cluster's start and shutdown "
              f"with --workers), the median of {rounds} rounds taken in turns; the same "
              f"JSON each time: {same}. Load average after: {load}."]  # fmt: skip
    data: dict[str, JSON] = {label: list(t.runs) for label, t in times.items()}
    return lines, data


def large(f: sliding.Frame) -> list[str]:
    """The tray ``f`` once by ranks on 2 workers (each worker's CPU and peak memory),
    then once compactly in one process: a line each."""
    puzzle, h = sliding.puzzle(f), ranked.perfect_hash(f)
    unrank = h.unrank
    assert unrank is not None
    fresh = _fresh_run(f)
    shared = fresh.analysis
    began = time.perf_counter()
    alone = analyze_compact(puzzle, [f.goal], h, unrank)
    in_one = time.perf_counter() - began
    same = alone.histogram == shared.histogram and set(alone.farthest) == set(shared.farthest)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return [
        f"the {f.rows}x{f.cols} tray: {shared.states:,} states in {len(shared.histogram)} levels",
        f"2 workers by ranks: {fresh.seconds:.0f} s ({fresh.words})",
        f"one process, compact: {in_one:.0f} s; the same histogram and farthest: {same}",
        f"load average after: {load}",
    ]


def main(argv: list[str] | None = None) -> int:
    """Print the table (the 2x5 tray; the 8 puzzle with ``--quick``), or the 3x4 tray's
    two runs with ``--large``."""
    parser = argparse.ArgumentParser(prog="python -m bench.scaleout", description=__doc__)
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--quick", action="store_true", help="the 8 puzzle, one round")
    which.add_argument("--large", action="store_true", help="the 3x4 tray, once each way")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    args = parser.parse_args(argv)
    if args.large:
        print("\n".join(large(sliding.frame(3, 4))))
        return 0
    f = sliding.EIGHT if args.quick else sliding.frame(2, 5)
    lines, _ = analysis_table(f, 1 if args.quick else args.rounds)
    more, _ = command_line(1 if args.quick else args.rounds)
    print("\n".join([*lines, "", *more]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
