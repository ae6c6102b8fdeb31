"""``make bench``: the figures behind docs/performance.md, measured side by side in one run.

Prints Markdown tables.  Each figure is the median of several runs; compare ratios
within one run, not seconds across machines.
"""

from __future__ import annotations

import platform
import statistics
import sys
import timeit
from collections.abc import Callable
from functools import partial

from pyrsistent import plist, pvector

from pearls import search
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


def main() -> None:
    """Print every table, with the machine it was measured on."""
    print(f"Python {platform.python_version()} on {platform.machine()}, {sys.platform}\n")
    print("\n".join(solver_table()), end="\n\n")
    print("\n".join(representation_table()))


if __name__ == "__main__":
    main()
