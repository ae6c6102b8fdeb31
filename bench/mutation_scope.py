"""A pytest plugin for `make mutate`: which tests judge a mutant, and for how long.

mutmut runs, for each mutant, the tests that reached the mutated function when the suite
ran clean.  A combinator is reached by nearly every test (every puzzle searches), so this
plugin narrows the choice to the tests of the mutated module's own scope (:data:`SCOPE`:
a combinator's mirror module; a puzzle's own test modules).  A mutant that no
test in its scope reaches is reported by mutmut as having no tests.

Every test of a mutant run is stopped after ten times its clean time (at least
:data:`FLOOR` seconds), and the run then ends with mutmut's exit code for a timeout: a
mutant that makes a search loop forever costs seconds.  Hypothesis stops at its first
failing example, without shrinking it.  Outside a mutant run (the clean
run, the coverage run, any ordinary ``pytest``) the plugin does nothing.

>>> scope("pearls.search")
('tests/test_search.py',)
>>> scope("pearls.puzzles.flipit")
('tests/puzzles/test_flipit', 'tests/puzzles/test_flipstar.py')
>>> module_of("pearls.limits.xǁMeterǁwatch__mutmut_3")
'pearls.limits'
>>> module_of("stats") is None
True
"""

from __future__ import annotations

import json
import os
import sys
import threading
from collections.abc import Generator
from functools import cache
from pathlib import Path

import pytest

__all__ = ["FLOOR", "SCOPE", "module_of", "scope"]

# a combinator's tests: its mirror module
SCOPE = {
    "pearls.search": ("tests/test_search.py",),
    "pearls.informed": ("tests/test_informed.py",),
    "pearls.deepening": ("tests/test_deepening.py",),
    "pearls.backtrack": ("tests/test_backtrack.py",),
    "pearls.analysis": ("tests/test_analysis.py", "tests/test_analysis_compact.py"),
    "pearls.limits": ("tests/test_limits.py",),
    "pearls.methods": ("tests/test_methods.py",),
}
# a puzzle's tests beyond tests/puzzles/test_<name>*.py
MORE = {
    "flipit": ("tests/puzzles/test_flipstar.py",),
    "rushhour": ("tests/puzzles/test_table_18_1.py",),
    "sliding": ("tests/test_patterns.py", "tests/test_ranked.py"),
}
# seconds: the least time a test may take under a mutant.  A hypothesis test that fails
# only after a few hundred examples took 10 to 16 s on the shared machine, two mutants at
# once: a floor of 10 s made such kills timeouts, and a loop that never ends costs 30 s.
FLOOR = 30.0
TIMES = 10  # a test may take this many times its clean time
TIMEOUT = 36  # mutmut's exit code for a mutant that timed out
STATS = Path("mutmut-stats.json")  # mutmut's clean run: each test's time


def module_of(mutant: str) -> str | None:
    """The module a mutant's name points into (``None`` when no mutant runs)."""
    function, found, _ = mutant.partition("__mutmut_")
    return function.rpartition(".")[0] if found else None


def scope(module: str) -> tuple[str, ...]:
    """The test paths (prefixes of node ids) that judge the mutants of ``module``."""
    if module in SCOPE:
        return SCOPE[module]
    puzzle = module.removeprefix("pearls.puzzles.").partition(".")[0]
    return (f"tests/puzzles/test_{puzzle}", *MORE.get(puzzle, ()))


def _mutant_module() -> str | None:
    return module_of(os.environ.get("MUTANT_UNDER_TEST", ""))


def pytest_configure(config: pytest.Config) -> None:
    """Under a mutant, hypothesis stops at the first failing example: a mutant needs
    to fail, not to be explained, and shrinking its example (or hunting a second bug)
    can take longer than the run's time limit, turning a kill into a timeout."""
    if _mutant_module() is None:
        return
    from hypothesis import Phase, settings

    phases = [p for p in Phase if p.name not in ("shrink", "explain")]
    settings.register_profile(
        "mutant", parent=settings.default, phases=phases, report_multiple_bugs=False
    )
    settings.load_profile("mutant")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under a mutant, keep only the tests in its module's scope, the fastest first (by
    their clean time; a test the clean run did not time, first of all), as mutmut
    orders its own: a quick assertion then fails before a slow test runs out of time."""
    module = _mutant_module()
    if module is None:
        return
    prefixes = scope(module)
    kept = [item for item in items if item.nodeid.startswith(prefixes)]
    dropped = [item for item in items if not item.nodeid.startswith(prefixes)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items[:] = sorted(kept, key=lambda item: _clean_seconds().get(item.nodeid, 0.0))


@cache
def _clean_seconds() -> dict[str, float]:
    """Each test's clean time, as mutmut measured it (none before its first run)."""
    if not STATS.exists():
        return {}
    durations: dict[str, float] = json.loads(STATS.read_text())["duration_by_test"]
    return durations


def _stop(nodeid: str, seconds: float) -> None:
    sys.stderr.write(f"\n{nodeid} ran over {seconds:.0f} s under the mutant: a timeout\n")
    sys.stderr.flush()
    os._exit(TIMEOUT)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, object, object]:
    """Under a mutant, end the run as a timeout when one test runs far over its time."""
    if _mutant_module() is None:
        return (yield)
    seconds = max(FLOOR, TIMES * _clean_seconds().get(item.nodeid, 0.0))
    watchdog = threading.Timer(seconds, _stop, (item.nodeid, seconds))
    watchdog.daemon = True
    watchdog.start()
    try:
        return (yield)
    finally:
        watchdog.cancel()
