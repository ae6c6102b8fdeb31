"""``make bench``: the figures behind docs/performance.md, measured side by side in one run.

    python -m bench [--quick] [--big] [--only SECTION ...] [--out DIR]

Prints Markdown and writes it, with the same figures as JSON, to
``bench/results/<timestamp>.md`` and ``.json``, headed by the machine they were
measured on.  Each time is the median of several runs after a warm-up, with the
fastest and slowest beside it; the contenders of a comparison take turns round by
round, and every ratio is between medians of one run.  ``--quick`` runs fewer rounds
and smaller cases, in about a minute; ``--big`` adds the 3x4 sliding puzzle's 239,500,800
states to the growth figures (most of an hour).

Sections: ``design`` (generic ``bfsolve`` beside hand-tuned searches), ``table`` (Table
18.1 timed), ``peers`` (simpleai and aima3 on the 8 puzzle), ``platform`` (limits,
deepening, perfect hashing, representations), ``growth`` (whole-space analysis as the
space grows), ``korf`` (Korf's 100), ``dask`` (the same work on 1 and 2 workers).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
import timeit
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from pyrsistent import plist, pvector

from bench import growth, handtuned, peers
from bench.plot import growth_svg
from bench.timing import JSON, Timing, alternate, geomean, machine, markdown_table
from pearls import search
from pearls.analysis import PerfectHash, analyze
from pearls.deepening import idsolve
from pearls.limits import Meter
from pearls.puzzles import rushhour, sliding
from pearls.puzzles.rushhour import Grid
from pearls.puzzles.sliding import Board, Move
from pearls.puzzles.sliding.text import show
from pearls.registry import PUZZLES
from pearls.types import Puzzle

RESULTS = Path(__file__).parent / "results"
PLOT = Path(__file__).parent.parent / "docs" / "performance-growth.svg"
PROBLEMS: dict[str, Grid] = {
    "p1": rushhour.p1,
    "p2": rushhour.p2,
    "p3": rushhour.p3,
    "p4": rushhour.p4,
}
BOOK_SECONDS = {  # Table 18.1: the book's Haskell program, on its author's machine
    "p1": {"bfsolve": 9.11, "psolve": 0.23, "dfsolve": 3.96},
    "p2": {"bfsolve": 4.71, "psolve": 0.04, "dfsolve": 3.75},
    "p3": {"bfsolve": 1.70, "psolve": 0.91, "dfsolve": 0.97},
    "p4": {"bfsolve": 9.84, "psolve": 2.36, "dfsolve": 2.25},
}


@dataclass(frozen=True)
class Config:
    """What a run measures: ``quick`` fewer rounds and smaller cases, ``big`` the 3x4;
    ``out`` the folder of the results (a quick run draws its plot there, a full run on
    the docs' performance page)."""

    quick: bool
    big: bool
    out: Path = RESULTS
    peer_cap: float | None = None  # seconds a peer may take on a board; None: 3 or 30

    def rounds(self, full: int) -> int:
        """The rounds of a comparison: ``full`` in a full run, fewer in a quick one."""
        return max(1, full // 3) if self.quick else full


@dataclass(frozen=True)
class Section:
    """A section of the report: Markdown lines, and the same figures as JSON."""

    title: str
    lines: list[str]
    data: JSON


def _ratio(r: float) -> str:
    """A ratio to two significant figures or more: 0.45, 3.1, 149."""
    return f"{r:.2f}" if r < 1 else f"{r:.1f}" if r < 10 else f"{r:,.0f}"


def _median(action: Callable[[], object], runs: int) -> float:
    """The median seconds of ``runs`` runs of ``action``, after one to warm up."""
    return alternate({"action": action}, runs)["action"].median


def _cell(t: Timing) -> str:
    """A time as ``median (min-max)`` seconds."""
    return f"{t.median:.3f} ({t.low:.3f}-{t.high:.3f})"


# The cost of the generic design


def design(config: Config) -> Section:
    """Generic ``bfsolve`` beside two hand-tuned searches, on Rush Hour and the 8 puzzle."""
    eight = sliding.puzzle(sliding.EIGHT)
    cases: list[tuple[str, str, Callable[[], object], Callable[[], object], Callable[[], object]]]
    cases = [
        (
            "Rush Hour",
            name,
            partial(handtuned.rushhour_bfs, g),
            partial(handtuned.rushhour_bfs_levels, g),
            partial(search.bfsolve, rushhour.puzzle, g),
        )
        for name, g in PROBLEMS.items()
    ]
    cases.append(
        (
            "8 puzzle",
            "8 6 7 / 2 5 4 / 3 0 1",
            lambda: handtuned.eight_bfs(handtuned.HARDEST),
            lambda: handtuned.eight_bfs_levels(handtuned.HARDEST),
            lambda: search.bfsolve(eight, handtuned.HARDEST),
        )
    )
    rows: list[list[object]] = []
    data: list[JSON] = []
    ratios: dict[str, list[tuple[float, float]]] = {"Rush Hour": [], "8 puzzle": []}
    for puzzle, name, tuned, levels, generic in cases:
        rounds = config.rounds(3 if puzzle == "8 puzzle" else 15)
        t = alternate({"tuned": tuned, "levels": levels, "generic": generic}, rounds)
        ratio, ratio_levels = (
            t["generic"].median / t["tuned"].median,
            t["generic"].median / t["levels"].median,
        )
        ratios[puzzle].append((ratio, ratio_levels))
        rows.append(
            [
                f"{puzzle} {name}",
                _cell(t["tuned"]),
                _cell(t["levels"]),
                _cell(t["generic"]),
                f"{ratio:.2f}",
                f"{ratio_levels:.2f}",
            ]
        )
        row: dict[str, JSON] = {"puzzle": puzzle, "problem": name, "ratio": ratio}
        row |= {"ratio_levels": ratio_levels} | {k: v.json() for k, v in t.items()}
        data.append(row)
    means: dict[str, JSON] = {}
    for puzzle, pairs in ratios.items():
        mean, mean_levels = geomean(r for r, _ in pairs), geomean(r for _, r in pairs)
        rows.append(
            [
                f"**{puzzle}, geometric mean**",
                "",
                "",
                "",
                f"**{mean:.2f}**",
                f"**{mean_levels:.2f}**",
            ]
        )
        means[puzzle] = {"ratio": mean, "ratio_levels": mean_levels}
    header = ["problem", "hand-tuned, s", "hand-tuned in Bird's order, s", "bfsolve, s",
              "bfsolve ÷ hand-tuned", "bfsolve ÷ Bird's order"]  # fmt: skip
    lines = markdown_table(header, rows)
    calls, calls_data = _eight_calls(config, eight)
    results: JSON = {"rows": data, "geometric_means": means, "eight_calls": calls_data}
    return Section("The cost of the generic design", [*lines, "", *calls], results)


def _eight_calls(config: Config, eight: Puzzle[Board, Move]) -> tuple[list[str], JSON]:
    """The 8 puzzle's hardest board, from the hand-tuned search in Bird's order to
    ``bfsolve`` one call at a time: where the generic search's extra time goes."""
    q = handtuned.HARDEST
    steps: dict[str, Callable[[], object]] = {
        "hand-tuned in Bird's order": partial(handtuned.eight_bfs_levels, q),
        "the same, calling `sliding.move` for each successor": partial(
            handtuned.eight_bfs_levels_moving, q, sliding.move
        ),
        "`bfsolve` (also calling `moves` and `solved` for each state)": partial(
            search.bfsolve, eight, q
        ),
    }
    t = alternate(steps, config.rounds(5))
    first = t["hand-tuned in Bird's order"].median
    rows = [[label, _cell(timing), f"{timing.median / first:.2f}"] for label, timing in t.items()]
    lines = markdown_table(["8 puzzle, hardest board", "seconds", "÷ first row"], rows)
    return lines, {label: timing.json() for label, timing in t.items()}


# Table 18.1


def table(config: Config) -> Section:
    """The chapter's three solvers on its four problems: time, moves, states expanded."""
    solvers: dict[str, Callable[[Grid], list[rushhour.Move] | None]] = {
        "bfsolve": rushhour.bfsolve,
        "psolve": rushhour.psolve,
        "dfsolve": rushhour.dfsolve,
    }
    rows: list[list[object]] = []
    data: list[JSON] = []
    for name, g in PROBLEMS.items():
        t = alternate({m: partial(s, g) for m, s in solvers.items()}, config.rounds(7))
        for method in solvers:
            moves, expanded = _counted(method, g)
            book = BOOK_SECONDS[name][method]
            rows.append([name, method, moves, f"{expanded:,}", _cell(t[method]), f"{book:.2f}"])
            row: dict[str, JSON] = {"problem": name, "method": method, "moves": moves}
            row |= {"expanded": expanded, "book_seconds": book} | t[method].json()
            data.append(row)
    header = ["problem", "method", "moves", "states expanded", "seconds", "book's seconds"]
    note = ("The book's seconds are its Haskell program's, on the author's machine before "
            "2010: another language, compiler and machine, quoted for the record.")  # fmt: skip
    return Section("Table 18.1, timed", [*markdown_table(header, rows), "", note], data)


def _counted(method: str, g: Grid) -> tuple[int, int]:
    """The moves a solver finds and the states it expands (a meter's count)."""
    meter = Meter()
    if method == "psolve":
        plan = search.psolve(meter.watch_planner(rushhour.planner), g)
    elif method == "dfsolve":
        plan = search.dfsolve(meter.watch(rushhour.puzzle), g)
    else:
        plan = search.bfsolve(meter.watch(rushhour.puzzle), g)
    return len(plan or []), meter.expanded


# Peers


def peer_section(config: Config) -> Section:
    """simpleai and aima3 beside pearls on 8-puzzle boards of growing distance."""
    cap = config.peer_cap or (3.0 if config.quick else 30.0)
    others = peers.available()
    stopped: set[str] = set()
    rows: list[list[object]] = []
    data: list[JSON] = []
    for distance in peers.distances(config.quick):
        q = peers.position(distance)
        ours = alternate(
            {"bfs": partial(peers.pearls_bfs, q), "astar": partial(peers.pearls_astar, q)},
            config.rounds(3),
        )
        rows.append([distance, "pearls bfsolve", _cell(ours["bfs"]), "1"])
        rows.append([distance, "pearls astar", _cell(ours["astar"]), "1"])
        entry: dict[str, JSON] = {
            "distance": distance,
            "pearls": {k: v.json() for k, v in ours.items()},
        }
        for label, (kind, solver) in others.items():
            if label in stopped:
                rows.append([distance, label, f"> {cap:g} (capped nearer)", ""])
                continue
            outcome = peers.run_capped(solver, q, cap)
            if outcome.capped:
                stopped.add(label)
                rows.append(
                    [distance, label, f"> {cap:g} (capped)", "> " + _ratio(cap / ours[kind].median)]
                )
            else:
                ratio = outcome.seconds / ours[kind].median
                rows.append([distance, label, f"{outcome.seconds:.3f}", _ratio(ratio)])
            entry[label] = {
                "seconds": outcome.seconds,
                "moves": outcome.moves,
                "capped": outcome.capped,
            }
        data.append(entry)
    header = ["distance", "search", "seconds", "÷ pearls (same kind)"]
    lines = markdown_table(header, rows)
    missing = peers.missing()
    if missing:
        lines += [
            "",
            f"Not installed, so not run: {', '.join(missing)} (`make bench` installs them).",
        ]
    lines += ["", f"Each peer runs once a board, capped at {cap:g} s; pearls' times are medians."]
    return Section("Peers on the 8 puzzle", lines, data)


# The platform's own costs


Coins = tuple[int, ...]


def _coins(n: int) -> Puzzle[Coins, int]:
    """``n`` coins in a row, a move turning one over: 2 ** n states."""

    def turn(q: Coins, i: int) -> Coins:
        return (*q[:i], 1 - q[i], *q[i + 1 :])

    return Puzzle(lambda q: range(n), turn, lambda q: all(q))


def _binary(n: int) -> PerfectHash[Coins]:
    """The coins read as a binary number: a minimal perfect hash onto ``range(2 ** n)``."""
    return PerfectHash(lambda q: int("".join(map(str, q)), 2), 2**n)


def _near_the_exit(k: int) -> Grid:
    """Figure 18.1 played to ``k`` moves before the end of its shortest solution."""
    plan = rushhour.bfsolve(rushhour.g1) or []
    g = rushhour.g1
    for m in plan[: len(plan) - k]:
        g = rushhour.move(g, m)
    return g


def platform(config: Config) -> Section:
    """What the techniques beyond the chapter cost, each beside what it replaces."""
    n = 14 if config.quick else 16
    start: Coins = (0,) * n
    near = _near_the_exit(6)
    pairs: list[tuple[str, Callable[[], object], str, Callable[[], object]]] = [
        ("bfsolve p1", lambda: search.bfsolve(rushhour.puzzle, rushhour.p1),
         "bfsolve p1, watched by a Meter",
         lambda: search.bfsolve(Meter(max_states=10**7).watch(rushhour.puzzle), rushhour.p1)),
        ("bfsolve, 6 moves from the exit", lambda: search.bfsolve(rushhour.puzzle, near),
         "idsolve, 6 moves from the exit", lambda: idsolve(rushhour.puzzle, near, rushhour.undoes)),
        (f"analyze {2**n:,} coin rows, a set", lambda: analyze(_coins(n), [start]),
         f"analyze {2**n:,} coin rows, a perfect hash",
         lambda: analyze(_coins(n), [start], _binary(n))),
    ]  # fmt: skip
    rows: list[list[object]] = []
    data: list[JSON] = []
    for base, first, label, second in pairs:
        t = alternate({base: first, label: second}, config.rounds(5))
        ratio = t[label].median / t[base].median
        rows += [[base, _cell(t[base]), ""], [label, _cell(t[label]), f"{ratio:.2f}"]]
        row: dict[str, JSON] = {"base": base, "task": label, "ratio": ratio}
        data.append(row | {k: v.json() for k, v in t.items()})
    lines = markdown_table(["task", "seconds", "ratio"], rows)
    lines += ["", *_representations()]
    return Section("Beyond the chapter: what each technique costs", lines, data)


def _representations() -> list[str]:
    """The costs behind persistent histories and ``PVector`` states, in microseconds."""
    history, copied = plist(range(1000)), list(range(1000))
    state, as_tuple = pvector(rushhour.p1), tuple(rushhour.p1)
    states = [rushhour.move(state, m) for m in rushhour.moves(state)] * 100
    tuples = [tuple(s) for s in states]
    actions: dict[str, Callable[[], object]] = {
        "extend a 1000-move history: PList.cons": lambda: history.cons(0),
        "extend a 1000-move history: list copy ms + [m]": lambda: [*copied, 0],
        "hash a 13-vehicle grid: PVector": lambda: hash(state),
        "hash a 13-vehicle grid: tuple": lambda: hash(as_tuple),
        "set of 600 grids: PVector": lambda: set(states),
        "set of 600 grids: tuple": lambda: set(tuples),
    }
    rows = []
    for label, action in actions.items():
        micros = 1e6 * min(timeit.repeat(action, number=1000, repeat=5)) / 1000
        rows.append([label, f"{micros:.2f}"])
    return markdown_table(["operation", "microseconds"], rows)


# Growth


def growth_section(config: Config) -> Section:
    """Seconds and peak memory of whole-space analyses as the space grows."""
    timeout = 3 * 3600.0 if config.big else 900.0
    points = []
    for kind, size, mode in growth.points(config.quick, config.big):
        point = growth.measure(kind, size, mode, timeout)
        if point is not None:
            points.append(point)
    rows = [
        [f"{'Flip It, ' + p.size + ' cells' if p.kind == 'flipit' else 'sliding ' + p.size}",
         f"{p.states:,}", p.max_distance, p.mode, f"{p.seconds:.2f}", f"{p.micros_per_state:.1f}",
         f"{p.peak_bytes / 2**20:.1f}", f"{p.bytes_per_state:.1f}"]
        for p in points
    ]  # fmt: skip
    header = ["space", "states", "farthest", "kept as", "seconds", "µs a state", "peak MB",
              "bytes a state"]  # fmt: skip
    series: dict[str, list[tuple[float, float, float]]] = {}
    for p in points:
        name = "Flip It (survey)" if p.kind == "flipit" else f"sliding, {p.mode}"
        series.setdefault(name, []).append((p.states, p.micros_per_state, p.bytes_per_state))
    picture = growth_svg(series)
    target = PLOT if not config.quick else config.out / "growth.svg"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(picture, encoding="utf-8")
    lines = [*markdown_table(header, rows), "", f"Plot: `{target.name}`."]
    return Section("Growth of whole-space analysis", lines, [_point_json(p) for p in points])


def _point_json(p: growth.Point) -> JSON:
    """A growth point as JSON."""
    fields: dict[str, JSON] = {"kind": p.kind, "size": p.size, "mode": p.mode}
    return fields | {
        "states": p.states,
        "max_distance": p.max_distance,
        "seconds": p.seconds,
        "peak_bytes": p.peak_bytes,
    }


# Korf's 100


def korf_section(config: Config) -> Section:
    """Korf's 100 by bench.korf: every instance, or a few with the databases cached."""
    if importlib.util.find_spec("bench.korf") is None:
        return Section("Korf's 100", ["bench/korf.py is not there yet."], None)
    from bench import korf
    from pearls.cache import Files
    from pearls.puzzles.sliding import patterns

    if config.quick and patterns.databases(store=Files(), make=False) is None:
        note = (
            "Skipped in a quick run: the pattern databases are not cached "
            "(`python -m bench.korf` builds them)."
        )
        return Section("Korf's 100", [note], None)
    ids = sorted(korf.instances(), key=lambda i: i.optimal)[:3] if config.quick else None
    report = korf.run([i.number for i in ids] if ids else None, progress=_progress)
    rows: list[JSON] = [
        {"number": r.number, "length": r.length, "optimal": r.optimal, "expanded": r.expanded,
         "seconds": r.seconds, "estimate": r.estimate}
        for r in report.rows
    ]  # fmt: skip
    return Section(
        "Korf's 100",
        korf.markdown(report).splitlines(),
        {"rows": rows, "build_seconds": report.build_seconds},
    )


def _progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


# Dask


def dask_section(config: Config) -> Section:
    """The analysis side by side with the best of one process (:mod:`bench.scaleout`),
    then a batch on one process and on 1 and 2 Dask workers."""
    if importlib.util.find_spec("distributed") is None:
        return Section(
            "Scale-out on Dask",
            ["dask is not installed (`pip install functional-pearls[dask]`)."],
            None,
        )
    from bench import scaleout
    from pearls import distributed

    f = sliding.EIGHT if config.quick else sliding.frame(2, 5)
    lines, analysis = scaleout.analysis_table(f, config.rounds(3))
    command, started = scaleout.command_line(config.rounds(3))
    lines += ["", *command]
    far = range(24, 28) if config.quick else range(20, 32)
    boards = [show(sliding.EIGHT, peers.position(d)) for d in far]
    eight = PUZZLES["eight"]
    single = _median(lambda: [eight.solve("bfs", b) for b in boards], 3)
    rows: list[list[object]] = []
    data: dict[str, JSON] = {"analysis": analysis, "command": started, "batch_single": single}
    for workers in (1, 2):
        with distributed.client(workers=workers) as c:
            address = str(c.scheduler_info()["address"])
            t = _median(
                partial(distributed.solve_batch, "eight", "bfs", boards, scheduler=address), 3
            )
        data[f"batch_workers_{workers}"] = t
        rows.append(["batch", workers, f"{t:.2f}", f"{single:.2f}", f"{single / t:.2f}"])
    lines += [
        "",
        *markdown_table(["task", "workers", "seconds", "one process, s", "speed-up"], rows),
    ]
    lines += ["", f"batch: {len(boards)} boards of the 8 puzzle, {far.start} to {far.stop - 1} "
              "moves from the goal, bfs, one task each, the median of 3 runs. Clusters "
              "started beforehand (not timed)."]  # fmt: skip
    return Section("Scale-out on Dask", lines, data)


SECTIONS: dict[str, Callable[[Config], Section]] = {
    "design": design,
    "table": table,
    "peers": peer_section,
    "platform": platform,
    "growth": growth_section,
    "korf": korf_section,
    "dask": dask_section,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen sections, print Markdown, write Markdown and JSON to the results."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds, smaller cases")
    parser.add_argument("--big", action="store_true", help="add the 3x4 puzzle to the growth")
    parser.add_argument("--only", nargs="+", choices=list(SECTIONS), help="these sections only")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where the results go")
    parser.add_argument(
        "--peer-cap", type=float, metavar="SECONDS", help="a peer's time on a board (30; quick 3)"
    )
    args = parser.parse_args(argv)
    config = Config(args.quick, args.big, args.out, args.peer_cap)
    about = machine() | {"quick": config.quick}
    head = (f"Measured {about['timestamp']} on {about['cpu']}, {about['cores']} cores, "
            f"Python {about['python']}{', quick run' if config.quick else ''}.")  # fmt: skip
    print(head, end="\n\n", flush=True)
    report, results = [head, ""], {"machine": about, "sections": {}}
    for key in args.only or SECTIONS:
        began = time.perf_counter()
        section = SECTIONS[key](config)
        lines = [f"## {section.title}", "", *section.lines, ""]
        print("\n".join(lines), flush=True)
        report += lines
        sections = results["sections"]
        assert isinstance(sections, dict)
        sections[key] = {
            "title": section.title,
            "seconds": time.perf_counter() - began,
            "data": section.data,
        }
    args.out.mkdir(parents=True, exist_ok=True)
    stamp = str(about["timestamp"]).replace(":", "").replace("+0000", "Z")
    (args.out / f"{stamp}.md").write_text("\n".join(report), encoding="utf-8")
    (args.out / f"{stamp}.json").write_text(json.dumps(results, indent=1), encoding="utf-8")
    print(f"Written to {args.out / stamp}.md and .json", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
