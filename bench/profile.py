"""Where ``bfsolve`` spends its time: the profile behind docs/performance.md.

    python -m bench.profile [rushhour | eight] [--top N]

Runs ``bfsolve`` on the chapter's four Rush Hour problems, or on the 8 puzzle's hardest
board, under cProfile, and prints the functions that take the most time of their own.
(``pyinstrument``, in the bench extra, draws the same as a call tree:
``pyinstrument -m bench.profile rushhour``.)
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
from collections.abc import Callable, Sequence

from pearls import search
from pearls.puzzles import rushhour, sliding

__all__ = ["WORKLOADS", "main", "profile"]

HARDEST = (8, 6, 7, 2, 5, 4, 3, 0, 1)  # the 8 puzzle's board 31 moves from the goal


def _rushhour() -> None:
    for g in (rushhour.p1, rushhour.p2, rushhour.p3, rushhour.p4):
        search.bfsolve(rushhour.puzzle, g)


def _eight() -> None:
    search.bfsolve(sliding.puzzle(sliding.EIGHT), HARDEST)


WORKLOADS: dict[str, Callable[[], None]] = {"rushhour": _rushhour, "eight": _eight}


def profile(workload: Callable[[], None], top: int = 15) -> str:
    """The ``top`` functions by their own time while ``workload`` runs."""
    profiler = cProfile.Profile()
    profiler.runcall(workload)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    """Profile the chosen workload and print the table."""
    parser = argparse.ArgumentParser(prog="python -m bench.profile")
    parser.add_argument("workload", nargs="?", choices=list(WORKLOADS), default="rushhour")
    parser.add_argument("--top", type=int, default=15, help="functions to list")
    args = parser.parse_args(argv)
    print(profile(WORKLOADS[args.workload], args.top))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
