"""How the suite measures: contenders taking turns, medians after a warm-up, the machine.

Every contender of a comparison runs once to warm up, then all of them take turns, round
after round, so that a change in the machine's load falls on each alike; each figure is
the median of the rounds, with the fastest and the slowest beside it.  A ratio is taken
between two medians of one such run.

>>> timings = alternate({"sum": lambda: sum(range(100)), "max": lambda: max(range(100))}, 3)
>>> sorted(timings), len(timings["sum"].runs)
(['max', 'sum'], 3)
"""

from __future__ import annotations

import math
import os
import platform
import statistics
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

__all__ = ["JSON", "Timing", "alternate", "geomean", "machine", "markdown_table", "seconds"]

JSON = bool | int | float | str | list["JSON"] | dict[str, "JSON"] | None


@dataclass(frozen=True)
class Timing:
    """The seconds of several runs of one contender."""

    runs: tuple[float, ...]

    @property
    def median(self) -> float:
        """The median run."""
        return statistics.median(self.runs)

    @property
    def low(self) -> float:
        """The fastest run."""
        return min(self.runs)

    @property
    def high(self) -> float:
        """The slowest run."""
        return max(self.runs)

    def json(self) -> dict[str, JSON]:
        """The figures as JSON."""
        return {"median": self.median, "min": self.low, "max": self.high, "runs": list(self.runs)}


def seconds(action: Callable[[], object]) -> float:
    """The wall-clock seconds one call of ``action`` takes."""
    began = time.perf_counter()
    action()
    return time.perf_counter() - began


def alternate(
    contenders: Mapping[str, Callable[[], object]], rounds: int, warmup: int = 1
) -> dict[str, Timing]:
    """Each contender's runs, the contenders taking turns, after ``warmup`` rounds."""
    for _ in range(warmup):
        for action in contenders.values():
            action()
    runs: dict[str, list[float]] = {label: [] for label in contenders}
    for _ in range(rounds):
        for label, action in contenders.items():
            runs[label].append(seconds(action))
    return {label: Timing(tuple(ts)) for label, ts in runs.items()}


def geomean(ratios: Iterable[float]) -> float:
    """The geometric mean: the fair average of ratios.

    >>> round(geomean([2.0, 8.0]), 6)
    4.0
    """
    logs = [math.log(r) for r in ratios]
    return math.exp(sum(logs) / len(logs))


def _cpu_model() -> str:
    """The processor's name, as the operating system gives it."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> dict[str, JSON]:
    """What the figures were measured on, and when."""
    return {
        "timestamp": datetime.now(UTC).isoformat(timespec="seconds"),
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
    }


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> list[str]:
    """A Markdown table, numbers right-aligned.

    >>> markdown_table(["a", "b"], [["x", 1]])
    ['| a | b |', '|---|---:|', '| x | 1 |']
    """
    body = [[str(cell) for cell in row] for row in rows]
    first = body[0] if body else ["" for _ in header]
    align = ["---:" if _numeric(cell) else "---" for cell in first]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    return lines + ["| " + " | ".join(row) + " |" for row in body]


def _numeric(cell: str) -> bool:
    """Whether a cell reads as a number (a figure, a ratio, a size)."""
    return cell.replace(",", "").replace(".", "").replace("x", "").lstrip("<>~").isdigit()
