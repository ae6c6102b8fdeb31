"""River crossings' banks as frozensets or as pyrsistent psets: the figures behind the
choice in :mod:`pearls.puzzles.river`.

The module's ``moves`` and ``move`` build banks only with ``-`` and ``|`` on the banks
they are given, so a start whose banks are psets keeps psets throughout: the same code
runs on both.  Printed as Markdown; compare ratios within one run.

    .venv/bin/python -m bench.river_sets
"""

from __future__ import annotations

import statistics
import timeit
from collections.abc import Callable

from pyrsistent import PSet, pset

from pearls.analysis import analyze
from pearls.puzzles import river
from pearls.puzzles.river import Crossing, River
from pearls.search import bfsolve

__all__ = ["main", "median_seconds", "pset_start", "row"]


def median_seconds(action: Callable[[], object], repeat: int = 5, number: int = 1) -> float:
    """The median wall-clock time of one of ``number`` runs of ``action``."""
    return statistics.median(timeit.repeat(action, number=number, repeat=repeat)) / number


def pset_start(r: River) -> Crossing:
    """Everyone on the left bank, the banks psets."""
    everyone: PSet[str] = pset(r.people)
    nobody: PSet[str] = pset()
    return Crossing("left", everyone, nobody)  # type: ignore[arg-type]  # PSets, to measure


def row(name: str, make: Callable[[River], Crossing]) -> str:
    """One representation's figures, as a row of the table."""
    three, large = river.husbands(3, 2), river.husbands(5, 3)
    q, big = make(three), make(large)
    states = analyze(river.puzzle(large), [big]).states
    whole = median_seconds(lambda: analyze(river.puzzle(large), [big]))
    solve = median_seconds(lambda: bfsolve(river.puzzle(three), q), number=20)
    crossing = frozenset({"H1", "W1"})
    one = median_seconds(lambda: river.move(three, q, crossing), number=20_000)
    seen, after = {q}, river.move(three, q, crossing)
    lookup = median_seconds(lambda: after in seen, number=20_000)
    return (
        f"| {name} | {whole:.3f} s ({states} states) | {solve * 1e3:.2f} ms "
        f"| {one * 1e6:.2f} µs | {lookup * 1e6:.2f} µs |"
    )


def main() -> None:
    """Print the table: a whole space, a shortest solution, one crossing, one lookup."""
    print("| banks | analyse 5 couples, boat 3 | bfsolve 3 couples, boat 2 | one move | lookup |")
    print("|---|---|---|---|---|")
    print(row("frozenset", river.everyone_left))
    print(row("pset", pset_start))


if __name__ == "__main__":
    main()
