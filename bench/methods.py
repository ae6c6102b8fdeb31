"""Every puzzle's methods against its examples, at the command line's default limits.

    python -m bench.methods [--only PUZZLE ...] [--out DIR]

Runs each method a puzzle offers on each of its built-in examples, as ``pearls solve``
does (the same limits: ``pearls.cli.MAX_STATES`` states and ``TIMEOUT`` seconds), and
writes the outcomes to ``docs/methods/PUZZLE.json``; each puzzle's page shows them as a
table (the docs hook's ``<!-- methods: PUZZLE -->``).  An outcome is the moves found (or that
no solution exists) and the states expanded, or the limit that stopped the search.
Runs that stop at a limit take up to the time limit each, so a whole run takes some
minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from bench.timing import JSON
from pearls.cli import MAX_STATES, TIMEOUT
from pearls.description import Description
from pearls.errors import LimitReached
from pearls.limits import Meter
from pearls.registry import PUZZLES

OUT = Path(__file__).parent.parent / "docs" / "methods"


def outcome(d: Description, method: str, example: str) -> dict[str, JSON]:
    """One run of ``method`` on an example: its moves (``None``: no solution exists) and
    the states it expanded, or the limit that stopped it."""
    meter = Meter(MAX_STATES, TIMEOUT)
    try:
        solution = d.solve(method, d.examples[example], meter)
    except LimitReached as e:
        return {"limit": e.limit, "expanded": e.expanded, "seconds": round(e.seconds, 2)}
    moves = None if solution.moves is None else len(solution.moves)
    seconds = round(solution.stats.seconds, 2)
    return {"moves": moves, "expanded": solution.stats.expanded, "seconds": seconds}


def table(d: Description) -> dict[str, JSON]:
    """Every method of ``d`` on every example, by method, then example."""
    runs: dict[str, JSON] = {}
    for method in d.finding:
        row: dict[str, JSON] = {}
        for example in d.examples:
            row[example] = found = outcome(d, method, example)
            print(f"{d.name} {method} {example}: {found}", file=sys.stderr)
        runs[method] = row
    return {"limits": {"states": MAX_STATES, "seconds": TIMEOUT}, "methods": runs}


def main(argv: Sequence[str] | None = None) -> None:
    """Measure, and write one file a puzzle."""
    parser = argparse.ArgumentParser(prog="python -m bench.methods", description=__doc__)
    parser.add_argument("--only", nargs="+", choices=sorted(PUZZLES), metavar="PUZZLE")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.only or PUZZLES:
        measured = json.dumps(table(PUZZLES[name]), indent=1)
        (args.out / f"{name}.json").write_text(measured + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
