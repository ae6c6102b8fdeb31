"""Korf's 100 random 15-puzzle instances, every one solved optimally: the figures behind
docs/sliding.md.

The solver is :func:`pearls.puzzles.sliding.patterns.tile_idastar`, IDA* on flat
integers led by the additive 3-6-6 pattern databases and their mirror image, in pure
Python.  The databases come with the package (read and checked in about a second), else
from the cache (:class:`pearls.cache.Files`, ``$XDG_CACHE_HOME/pearls``), built first if
missing; ``--rebuild`` builds them afresh and times the build.  Every solution is replayed
move by move and its length checked against the optimal length in tests/data/korf100.tsv.

Progress goes to stderr, the Markdown tables to stdout; figures from a shared machine
vary with its load, so compare node counts across runs and seconds within one.

    .venv/bin/python -m bench.korf [--rebuild] [--ids 1,2,3]
    .venv/bin/python -m bench.korf --workers 2  # a Dask batch, beside one process
    .venv/bin/python -m bench.korf --compare    # planning against A* and IDA*

With ``--workers N`` the instances are solved twice in one run: one by one in this
process, then as a batch on a local Dask cluster of ``N`` worker processes (started
beforehand, not timed), one task an instance, each worker reading the databases once;
the seconds of both (solving only) and their ratio follow the tables.
"""

from __future__ import annotations

import argparse
import csv
import platform
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from random import Random

from pearls import search
from pearls.cache import Files
from pearls.informed import astar, carried, idastar, score, scored
from pearls.limits import Meter, Stats
from pearls.puzzles import sliding
from pearls.puzzles.sliding import Board, patterns
from pearls.puzzles.sliding.heuristics import conflict_estimate
from pearls.puzzles.sliding.patterns import Databases
from pearls.puzzles.sliding.planning import planner

__all__ = [
    "DATA",
    "Instance",
    "Report",
    "Row",
    "build",
    "compare",
    "instances",
    "main",
    "markdown",
    "run",
    "solve_all",
    "solve_on_workers",
    "solve_one",
]

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "korf100.tsv"
FRAME = sliding.frame(4, 4, blank_first=True)
QUICK = (12, 42, 55, 79)  # Korf's quickest instances for the databases: compared by every method


@dataclass(frozen=True)
class Instance:
    """One of Korf's instances: its number, its board (blank-first goal) and the optimal
    length from the literature."""

    number: int
    board: Board
    optimal: int


@dataclass(frozen=True)
class Row:
    """One instance solved: the length found, the states expanded, the seconds taken, and
    the bound of the first round (the databases' estimate of the start)."""

    number: int
    length: int
    optimal: int
    expanded: int
    seconds: float
    estimate: int


@dataclass(frozen=True)
class Report:
    """Every instance's row, and the seconds spent building the databases (``None`` when
    they came from the cache)."""

    rows: tuple[Row, ...]
    build_seconds: float | None

    @property
    def expanded(self) -> int:
        """States expanded over all instances."""
        return sum(r.expanded for r in self.rows)

    @property
    def seconds(self) -> float:
        """Seconds spent solving, over all instances."""
        return sum(r.seconds for r in self.rows)

    @property
    def optimal(self) -> bool:
        """Whether every length found is the known optimal length."""
        return all(r.length == r.optimal for r in self.rows)


def instances(path: Path = DATA) -> list[Instance]:
    """Korf's instances from the tab-separated file."""
    with path.open(newline="") as lines:
        return [
            Instance(
                int(row["id"]), tuple(int(row[f"t{c}"]) for c in range(16)), int(row["optimal"])
            )
            for row in csv.DictReader(lines, delimiter="\t")
        ]


def build(rebuild: bool, progress: Callable[[str], None]) -> tuple[Databases, float | None]:
    """The 15 puzzle's databases, from the cache or built (always, with ``rebuild``), and
    the seconds the build took (``None`` if nothing was built)."""
    store = Files()
    if not rebuild:
        cached = patterns.databases(store=store, make=False)
        if cached is not None:
            return cached, None
    began = time.monotonic()
    tables = []
    for pattern in patterns.FIFTEEN_PARTITION:

        def report(stats: Stats, pattern: patterns.Pattern = pattern) -> None:
            progress(f"building {pattern}: {stats.expanded:,} states, {stats.seconds:.0f} s")

        db = patterns.build(4, 4, pattern, report)
        store.save(patterns.name(4, 4, pattern), db.table)
        tables.append(db)
    return Databases(4, 4, tuple(tables)), time.monotonic() - began


def solve_all(
    dbs: Databases, chosen: Iterable[Instance], progress: Callable[[str], None]
) -> list[Row]:
    """Each instance solved, its solution replayed and its length recorded."""
    rows = []
    for instance in chosen:
        began = time.monotonic()
        found = patterns.tile_idastar(dbs, FRAME, instance.board)
        seconds = time.monotonic() - began
        q = instance.board
        for m in found.moves:
            if m not in sliding.moves(FRAME, q):
                raise AssertionError(f"instance {instance.number}: illegal move {m}")
            q = sliding.move(q, m)
        if q != FRAME.goal:
            raise AssertionError(f"instance {instance.number}: the moves do not solve it")
        row = Row(
            instance.number,
            len(found.moves),
            instance.optimal,
            found.expanded,
            seconds,
            found.bounds[0],
        )
        rows.append(row)
        progress(
            f"instance {row.number}: {row.length} moves (optimal {row.optimal}), "
            f"{row.expanded:,} states, {row.seconds:.2f} s"
        )
    return rows


@cache
def _databases() -> Databases:
    """The databases as a worker reads them, once per process."""
    dbs = patterns.databases(store=Files(), make=False)
    if dbs is None:
        raise RuntimeError("the databases are neither shipped nor cached: run make patterns")
    return dbs


def solve_one(instance: Instance) -> Row:
    """One instance solved and checked with this process's databases (a batch's task)."""
    return solve_all(_databases(), [instance], lambda line: None)[0]


def solve_on_workers(chosen: Sequence[Instance], workers: int) -> tuple[list[Row], float]:
    """The instances as a Dask batch on a local cluster of ``workers`` processes, one
    task each; their rows in order, and the batch's wall-clock seconds."""
    from pearls import distributed

    with distributed.client(workers=workers) as c:
        c.run(_databases)  # each worker reads the tables before the clock starts
        began = time.monotonic()
        futures = {i.number: c.submit(solve_one, i, pure=False) for i in chosen}
        rows = {number: future.result() for number, future in futures.items()}
        seconds = time.monotonic() - began
    return [rows[i.number] for i in chosen], seconds


def run(
    ids: Sequence[int] | None = None,
    rebuild: bool = False,
    progress: Callable[[str], None] = lambda line: None,
) -> Report:
    """Korf's instances (those numbered ``ids``, default all) solved optimally, with
    the databases from the cache or built first: what ``make bench`` reports."""
    dbs, build_seconds = build(rebuild, progress)
    chosen = [i for i in instances() if ids is None or i.number in ids]
    return Report(tuple(solve_all(dbs, chosen, progress)), build_seconds)


def markdown(report: Report) -> str:
    """The report as Markdown: totals, then one row per instance."""
    n = len(report.rows)
    built = "read" if report.build_seconds is None else f"built in {report.build_seconds:.0f} s"
    mean = report.expanded / n if n else 0.0
    lines = [
        f"Korf's instances solved: {n}, every length optimal: {report.optimal}",
        f"(Python {platform.python_version()}, {platform.machine()}).",
        "",
        "| instances | moves in all | states expanded | mean per instance | seconds | "
        "states/s | databases |",
        "|---|---|---|---|---|---|---|",
        f"| {n} | {sum(r.length for r in report.rows):,} | {report.expanded:,} | {mean:,.0f} "
        f"| {report.seconds:.1f} | {report.expanded / max(report.seconds, 1e-9):,.0f} "
        f"| {built} |",
        "",
        "| # | optimal | found | first bound | states expanded | seconds |",
        "|---|---|---|---|---|---|",
        *(
            f"| {r.number} | {r.optimal} | {r.length} | {r.estimate} | {r.expanded:,} "
            f"| {r.seconds:.2f} |"
            for r in report.rows
        ),
    ]
    return "\n".join(lines)


Solver = Callable[[sliding.Frame, Board, Meter], int]  # length found, the meter counting


def _plan(f: sliding.Frame, q: Board, meter: Meter) -> int:
    return len(search.psolve(meter.watch_planner(planner(f)), q) or ())


def _bfs(f: sliding.Frame, q: Board, meter: Meter) -> int:
    return len(search.bfsolve(meter.watch(sliding.puzzle(f)), q) or ())


def _informed(kind: str, dbs: Databases | None = None) -> Solver:
    """A* or IDA* (``kind``) led by linear conflicts, or by the databases if given."""

    def solve(f: sliding.Frame, q: Board, meter: Meter) -> int:
        e = conflict_estimate(f) if dbs is None else patterns.estimate(dbs, f)
        lifted = meter.watch(scored(sliding.puzzle(f), e))
        combinator = astar if kind == "astar" else idastar
        return len(combinator(lifted, score(e, q), carried) or ())

    return solve


def _flat(dbs: Databases) -> Solver:
    def solve(f: sliding.Frame, q: Board, meter: Meter) -> int:
        found = patterns.tile_idastar(dbs, f, q)
        meter.expanded = found.expanded
        return len(found.moves)

    return solve


def compare(dbs: Databases, progress: Callable[[str], None]) -> str:
    """Planning against A* and IDA*, as Markdown: the mean length, states expanded and
    seconds of each method on 50 random 8-puzzle boards, on Korf's 100 (planning alone:
    ``run`` reports the optimal solver there), and on Korf's four quickest instances."""
    rng = Random(2024)
    eight = [sliding.random_board(sliding.EIGHT, rng) for _ in range(50)]
    korf = [i.board for i in instances()]
    quick = [i.board for i in instances() if i.number in QUICK]
    trials: list[tuple[str, sliding.Frame, list[Board], str, Solver]] = [
        ("8 puzzle, 50 random", sliding.EIGHT, eight, "plan (psolve)", _plan),
        ("8 puzzle, 50 random", sliding.EIGHT, eight, "bfs (bfsolve)", _bfs),
        (
            "8 puzzle, 50 random",
            sliding.EIGHT,
            eight,
            "astar, linear conflicts",
            _informed("astar"),
        ),
        (
            "8 puzzle, 50 random",
            sliding.EIGHT,
            eight,
            "idastar, linear conflicts",
            _informed("idastar"),
        ),
        ("Korf's 100", FRAME, korf, "plan (psolve)", _plan),
        ("Korf 12, 42, 55, 79", FRAME, quick, "plan (psolve)", _plan),
        ("Korf 12, 42, 55, 79", FRAME, quick, "astar, databases", _informed("astar", dbs)),
        ("Korf 12, 42, 55, 79", FRAME, quick, "idastar, databases", _informed("idastar", dbs)),
        ("Korf 12, 42, 55, 79", FRAME, quick, "tile_idastar, databases, mirror", _flat(dbs)),
    ]
    lines = [
        "| boards | method | mean length | mean states expanded | mean seconds |",
        "|---|---|---|---|---|",
    ]
    for boards, f, qs, method, solve in trials:
        lengths, states, seconds = [], [], []
        for q in qs:
            meter = Meter()
            began = time.monotonic()
            lengths.append(solve(f, q, meter))
            seconds.append(time.monotonic() - began)
            states.append(meter.expanded)
        n = len(qs)
        row = (
            f"| {boards} | {method} | {sum(lengths) / n:.1f} | {sum(states) / n:,.0f} "
            f"| {sum(seconds) / n:.3f} |"
        )
        progress(row)
        lines.append(row)
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Solve the instances, progress on stderr, the tables on stdout; exit 1 if any
    length differs from the optimal one."""
    parser = argparse.ArgumentParser(prog="python -m bench.korf", description=__doc__)
    parser.add_argument("--rebuild", action="store_true", help="build the databases afresh")
    parser.add_argument("--ids", help="instance numbers, comma-separated (default: all)")
    parser.add_argument("--compare", action="store_true", help="planning against A* and IDA*")
    parser.add_argument("--workers", type=int, help="also as a Dask batch on N workers")
    args = parser.parse_args(argv)
    ids = None if args.ids is None else [int(i) for i in args.ids.split(",")]

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    if args.compare:
        print(compare(build(args.rebuild, progress)[0], progress))
        return 0
    report = run(ids, args.rebuild, progress)
    alone = report.seconds
    print(markdown(report))
    if args.workers:
        chosen = [i for i in instances() if ids is None or i.number in ids]
        rows, seconds = solve_on_workers(chosen, args.workers)
        same = [(r.length, r.expanded) for r in rows] == [
            (r.length, r.expanded) for r in report.rows
        ]
        print(
            f"\nAs a Dask batch on {args.workers} workers: {seconds:.1f} s against "
            f"{alone:.1f} s in one process (solving only, the databases read beforehand in "
            f"both), a speed-up of "
            f"{alone / seconds:.2f}; the same lengths and states expanded: {same}."
        )
        return 0 if report.optimal and same else 1
    return 0 if report.optimal else 1


if __name__ == "__main__":
    sys.exit(main())
