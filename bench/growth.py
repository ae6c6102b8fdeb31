"""Whole-space analysis as the space grows: seconds and peak memory, per state.

Each point runs in a fresh Python process (``python -m bench.growth KIND SIZE MODE``),
so that its peak resident memory is its own; the process reports the growth of its peak
over what it held after its imports.  Three ways to keep the states met so far:

* ``set``: a Python ``set`` of the state objects, the frontier a list of states;
* ``flags``: one byte a state, indexed by a perfect hash (the tiles' rank), the frontier
  still a list of states (:func:`pearls.analysis.analyze` given the hash);
* ``compact``: one bit a state, indexed by the rank, and each level an array of ranks,
  4 bytes a state (:func:`pearls.analysis.analyze_compact`).

The sliding puzzles are analysed from their goal over the sliding module's own puzzle;
Flip It through its command-line description, as ``pearls analyze flipit --cells N``.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from pearls.analysis import Analysis, analyze, analyze_compact
from pearls.puzzles import sliding
from pearls.puzzles.sliding import Board

__all__ = ["Point", "measure", "points"]

SLIDING_SIZES = {"3x3": (3, 3), "2x5": (2, 5), "3x4": (3, 4)}
PAGE = resource.getpagesize()


@dataclass(frozen=True)
class Point:
    """One analysis measured: the space, the way, and what it cost."""

    kind: str  # "flipit" or "sliding"
    size: str  # "10" cells, or "2x5"
    mode: str  # "survey", "set", "flags" or "compact"
    states: int
    max_distance: int
    seconds: float
    peak_bytes: int

    @property
    def micros_per_state(self) -> float:
        """Microseconds a state."""
        return 1e6 * self.seconds / self.states

    @property
    def bytes_per_state(self) -> float:
        """Peak bytes a state."""
        return self.peak_bytes / self.states


def _resident() -> int:
    """This process's resident memory now, in bytes."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * PAGE


def _reset_peak() -> bool:
    """Start this process's peak resident memory afresh from now, where Linux allows."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as refs:
            refs.write("5")
    except OSError:
        return False
    return True


def _peak() -> int:
    """This process's peak resident memory, in bytes, since the last reset."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _analysis(kind: str, size: str, mode: str) -> Callable[[], tuple[int, int]]:
    """The analysis to measure: it returns the states and the largest distance."""
    if kind == "flipit":
        from pearls.registry import PUZZLES

        d = PUZZLES["flipit"]
        settings = {"cells": size}

        def survey() -> tuple[int, int]:
            s = d.survey(d.default_text(settings), settings=settings)
            return s.states, s.max_distance

        return survey
    rows, cols = SLIDING_SIZES[size]
    f = sliding.frame(rows, cols)
    puzzle, h = sliding.puzzle(f), sliding.rank(f)

    def run(a: Callable[[], Analysis[Board]]) -> Callable[[], tuple[int, int]]:
        return lambda: (lambda x: (x.states, x.max_distance))(a())

    if mode == "set":
        return run(lambda: analyze(puzzle, [f.goal]))
    if mode == "flags":
        return run(lambda: analyze(puzzle, [f.goal], h))
    return run(lambda: analyze_compact(puzzle, [f.goal], h, sliding.unrank(f)))


def _measure_here(kind: str, size: str, mode: str) -> Point:
    """Run one analysis in this process and measure it."""
    action = _analysis(kind, size, mode)
    before = _resident() if _reset_peak() else _peak()
    began = time.perf_counter()
    states, distance = action()
    elapsed = time.perf_counter() - began
    return Point(kind, size, mode, states, distance, elapsed, max(0, _peak() - before))


def measure(kind: str, size: str, mode: str, timeout: float) -> Point | None:
    """One analysis in a fresh process; ``None`` if it ran past ``timeout`` seconds."""
    command = [sys.executable, "-m", "bench.growth", kind, size, mode]
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return None
    fields = json.loads(out.stdout)
    return Point(**fields)


def points(quick: bool, big: bool) -> list[tuple[str, str, str]]:
    """The points of a run: (kind, size, mode)."""
    cells = range(6, 11, 2) if quick else range(6, 15)
    flip = [("flipit", str(n), "survey") for n in cells]
    sizes = ["3x3"] if quick else ["3x3", "2x5"]
    slide = [("sliding", s, mode) for s in sizes for mode in ("set", "flags", "compact")]
    return flip + slide + ([("sliding", "3x4", "compact")] if big else [])


def growth_rates(rows: list[Point]) -> list[float]:
    """How the cost per state grows from each point to the next of the same mode."""
    return [b.micros_per_state / a.micros_per_state for a, b in pairwise(rows)]


if __name__ == "__main__":
    point = _measure_here(*sys.argv[1:4])
    print(json.dumps(point.__dict__))
