"""``make bench``: the figures behind docs/performance.md, measured side by side in one run.

Prints Markdown tables.  Each figure is the median of several runs; compare ratios
within one run, not seconds across machines.
"""

from __future__ import annotations

import platform
import statistics
import sys
import timeit
import tracemalloc
from collections.abc import Callable
from functools import partial

from pyrsistent import plist, pvector

from pearls import search
from pearls.analysis import PerfectHash, analyze
from pearls.deepening import idsolve
from pearls.limits import Meter
from pearls.puzzles import rushhour
from pearls.puzzles.rushhour import Grid, Move
from pearls.types import Planner, Puzzle

SOLVERS: dict[str, Callable[[Grid], list[Move] | None]] = {
    "bfsolve": rushhour.bfsolve,
    "psolve": rushhour.psolve,
    "dfsolve": rushhour.dfsolve,
}
PROBLEMS = {"p1": rushhour.p1, "p2": rushhour.p2, "p3": rushhour.p3, "p4": rushhour.p4}
BOOK_SECONDS = {  # Table 18.1, Haskell (GHC) on the book's machine
    "p1": (9.11, 0.23, 3.96),
    "p2": (4.71, 0.04, 3.75),
    "p3": (1.70, 0.91, 0.97),
    "p4": (9.84, 2.36, 2.25),
}


def median_seconds(action: Callable[[], object], repeat: int = 5) -> float:
    """The median wall-clock time of ``repeat`` runs of ``action``."""
    return statistics.median(timeit.repeat(action, number=1, repeat=repeat))


def counted(method: str, g: Grid) -> tuple[list[Move] | None, int]:
    """The plan ``method`` finds and how many paths it takes off its frontier on the way:
    ``solved`` is asked exactly once for each."""
    count = 0

    def solved(q: Grid) -> bool:
        nonlocal count
        count += 1
        return rushhour.solved(q)

    counting = Puzzle(rushhour.moves, rushhour.move, solved)
    runs: dict[str, Callable[[], list[Move] | None]] = {
        "bfsolve": lambda: search.bfsolve(counting, g),
        "psolve": lambda: search.psolve(
            Planner(counting, rushhour.goalmoves, rushhour.newplans), g
        ),
        "dfsolve": lambda: search.dfsolve(counting, g),
    }
    plan = runs[method]()
    return plan, count


def solver_table() -> list[str]:
    """Table 18.1 in this port: moves, work and seconds, with the book's seconds beside."""
    lines = [
        "| problem | method | moves | paths popped | seconds | x bfsolve | book: seconds "
        "| x bfsolve |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name, g in PROBLEMS.items():
        ours = {method: median_seconds(partial(solve, g)) for method, solve in SOLVERS.items()}
        for method, book in zip(SOLVERS, BOOK_SECONDS[name], strict=True):
            plan, popped = counted(method, g)
            moves = len(plan) if plan is not None else "none"
            lines.append(
                f"| {name} | {method} | {moves} | {popped} | {ours[method]:.3f} | "
                f"{ours[method] / ours['bfsolve']:.2f} | {book:.2f} | "
                f"{book / BOOK_SECONDS[name][0]:.2f} |"
            )
    return lines


def representation_table() -> list[str]:
    """The costs behind the choice of persistent histories and ``PVector`` states."""
    history = plist(range(1000))
    copied = list(range(1000))
    state = pvector(rushhour.p1)
    as_tuple = tuple(rushhour.p1)
    states = [rushhour.move(state, m) for m in rushhour.moves(state)] * 100
    tuples = [tuple(s) for s in states]
    rows = {
        "extend a 1000-move history: PList.cons": lambda: history.cons(0),
        "extend a 1000-move history: list copy ms + [m]": lambda: [*copied, 0],
        "hash a 13-vehicle grid: PVector": lambda: hash(state),
        "hash a 13-vehicle grid: tuple": lambda: hash(as_tuple),
        "set of 600 grids: PVector": lambda: set(states),
        "set of 600 grids: tuple": lambda: set(tuples),
    }
    lines = ["| operation | microseconds |", "|---|---:|"]
    for label, action in rows.items():
        seconds = min(timeit.repeat(action, number=1000, repeat=5)) / 1000
        lines.append(f"| {label} | {seconds * 1e6:.2f} |")
    return lines


def alternating_medians(
    actions: dict[str, Callable[[], object]], rounds: int = 7
) -> dict[str, float]:
    """The median seconds of each action, the actions taking turns round by round so
    that a change in the machine's load falls on all of them alike."""
    times: dict[str, list[float]] = {label: [] for label in actions}
    for _ in range(rounds):
        for label, action in actions.items():
            times[label].extend(timeit.repeat(action, number=1, repeat=1))
    return {label: statistics.median(ts) for label, ts in times.items()}


Coins = tuple[int, ...]


def coins(n: int) -> Puzzle[Coins, int]:
    """``n`` coins in a row, a move turning one over: 2 ** n states."""

    def turn(q: Coins, i: int) -> Coins:
        return (*q[:i], 1 - q[i], *q[i + 1 :])

    return Puzzle(lambda q: range(n), turn, lambda q: all(q))


def binary(n: int) -> PerfectHash[Coins]:
    """The coins read as a binary number: a minimal perfect hash onto ``range(2 ** n)``."""
    return PerfectHash(lambda q: int("".join(map(str, q)), 2), 2**n)


def peak_bytes(action: Callable[[], object]) -> int:
    """The most memory ``action`` held at once, as tracemalloc counts it."""
    tracemalloc.start()
    action()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def platform_table() -> list[str]:
    """What the techniques beyond the chapter cost: a watched search beside a bare one,
    iterative deepening beside breadth-first search, a perfect hash beside a set."""
    n = 16
    start: Coins = (0,) * n
    near = near_the_exit(6)
    actions: dict[str, Callable[[], object]] = {
        "bfsolve p1": lambda: search.bfsolve(rushhour.puzzle, rushhour.p1),
        "bfsolve p1, watched by a Meter": lambda: search.bfsolve(
            Meter(max_states=10**7).watch(rushhour.puzzle), rushhour.p1
        ),
        "bfsolve, 6 moves from the exit": lambda: search.bfsolve(rushhour.puzzle, near),
        "idsolve, 6 moves from the exit": lambda: idsolve(rushhour.puzzle, near, rushhour.undoes),
        "analyze p1's cluster (4,780 states)": lambda: analyze(rushhour.puzzle, [rushhour.p1]),
        f"analyze {2**n:,} coin rows, a set": lambda: analyze(coins(n), [start]),
        f"analyze {2**n:,} coin rows, a perfect hash": lambda: analyze(
            coins(n), [start], binary(n)
        ),
    }
    seconds = alternating_medians(actions, rounds=5)
    lines = ["| task | seconds | ratio |", "|---|---:|---:|"]
    base = {"bfsolve p1, watched by a Meter": "bfsolve p1"}
    base |= {"idsolve, 6 moves from the exit": "bfsolve, 6 moves from the exit"}
    base |= {f"analyze {2**n:,} coin rows, a perfect hash": f"analyze {2**n:,} coin rows, a set"}
    for label, t in seconds.items():
        ratio = f"{t / seconds[base[label]]:.2f}" if label in base else ""
        lines.append(f"| {label} | {t:.3f} | {ratio} |")
    as_set = peak_bytes(lambda: analyze(coins(n), [start]))
    hashed = peak_bytes(lambda: analyze(coins(n), [start], binary(n)))
    lines += [
        "",
        "| visited states kept in | peak bytes per state |",
        "|---|---:|",
        f"| a set of tuples | {as_set / 2**n:.0f} |",
        f"| a bytearray by perfect hash | {hashed / 2**n:.0f} |",
    ]
    return lines


def near_the_exit(k: int) -> Grid:
    """Figure 18.1 played to ``k`` moves before the end of its shortest solution."""
    plan = rushhour.bfsolve(rushhour.g1) or []
    g = rushhour.g1
    for m in plan[: len(plan) - k]:
        g = rushhour.move(g, m)
    return g


def main() -> None:
    """Print every table, with the machine it was measured on."""
    print(f"Python {platform.python_version()} on {platform.machine()}, {sys.platform}\n")
    print("\n".join(solver_table()), end="\n\n")
    print("\n".join(representation_table()), end="\n\n")
    print("\n".join(platform_table()))


if __name__ == "__main__":
    main()
