"""Hypothesis profiles, and the guards that make a runaway search fail instead of hang.

Profiles: choose one with ``HYPOTHESIS_PROFILE=NAME pytest`` (or hypothesis's own
``pytest --hypothesis-profile NAME``).

* ``fast``, the default: 30 examples a property and no per-example deadline, so that
  ``pytest`` stays quick on a shared, noisy machine (``make test`` within four minutes).
* ``ci``, loaded instead of ``fast`` when ``CI=true`` (as CI services set it): the same
  counts, a fresh random seed every run, drawn here, handed to every pytest-xdist
  worker and shown in pytest's header (``hypothesis seed N: rerun with
  --hypothesis-seed=N``, with or without ``-n``), and no example database.
* ``thorough``: 1,000 examples, before a release (add ``--timeout=0`` if the per-test
  time limit gets in the way).
* ``fuzz``: 20,000 examples, for the parser's fuzz tests: ``make fuzz``.

Tests whose single example is expensive (a whole Rush Hour search) scale their counts
down from the loaded profile; cheap graph properties scale theirs up.

Replaying a failure: every profile prints a ``@reproduce_failure(...)`` line with the
failing example, to paste above the test; ``pytest --hypothesis-seed=N`` reruns a whole
run with seed ``N``; ``pytest --hypothesis-show-statistics`` shows how many examples
each property tried and where its time went.

Guards: every test has a time limit (pytest-timeout; ``timeout`` in pyproject.toml), the
tests run their searches on puzzles watched by a :class:`~pearls.limits.Meter`, and the
fixture below bounds every plan a test grows, so that a search that forgets its visited
states, or a plan that grows forever, fails its tests instead of hanging the run.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

import pytest
from hypothesis import settings

from pearls import search
from pearls.types import M, Plan

settings.register_profile("fast", max_examples=30, deadline=None, print_blob=True)
settings.register_profile(
    "ci", max_examples=30, deadline=None, print_blob=True, derandomize=False, database=None
)
settings.register_profile("thorough", max_examples=1_000, deadline=None, print_blob=True)
settings.register_profile("fuzz", max_examples=20_000, deadline=None, print_blob=True)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or (
    "ci" if os.environ.get("CI", "").lower() == "true" else "fast"
)
settings.load_profile(PROFILE)

# premoves asked while growing one plan: a Rush Hour plan asks a few dozen times, one on a
# random graph of 12 nodes a few hundred at most; a test that grows longer plans says so
# with @pytest.mark.premoves(N).  Low, because a runaway plan's memory grows as N squared.
PREMOVES_PER_PLAN = 1_000


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Under the ``ci`` profile, draw the run's seed unless one was given (a worker of
    pytest-xdist takes the seed its controller drew).  The marks ``slow`` and
    ``premoves`` are registered in pyproject.toml."""
    if PROFILE == "ci" and config.getoption("hypothesis_seed", None) is None:
        given: dict[str, object] = getattr(config, "workerinput", {})
        seed = given.get("hypothesis_seed")
        config.option.hypothesis_seed = str(random.getrandbits(32) if seed is None else seed)


class Worker(Protocol):
    """What this file uses of a pytest-xdist worker's controller (xdist ships no types)."""

    config: pytest.Config
    workerinput: dict[str, object]


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Worker) -> None:
    """Hand the run's seed to each pytest-xdist worker, so that the seed the header shows
    is the one every test ran with."""
    seed = node.config.getoption("hypothesis_seed", None)
    if seed is not None:
        node.workerinput["hypothesis_seed"] = seed


def pytest_report_header(config: pytest.Config) -> str | None:
    """The run's hypothesis seed, when there is one, and how to run with it again."""
    seed = config.getoption("hypothesis_seed", None)
    return None if seed is None else f"hypothesis seed {seed}: rerun with --hypothesis-seed={seed}"


Premoves = Callable[[M], Iterable[Sequence[M]]]


def budgeted(premoves: Premoves[M], calls: int) -> Premoves[M]:
    """``premoves`` that fails the test when asked more than ``calls`` times."""
    asked = 0

    def limited(m: M) -> Iterable[Sequence[M]]:
        nonlocal asked
        asked += 1
        if asked > calls:
            pytest.fail(f"one plan asked premoves over {calls:,} times: does it grow forever?")
        return premoves(m)

    return limited


@pytest.fixture(autouse=True)
def bounded_plans(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ``mkplans`` a test reaches, through whichever module, with a budget of
    premoves: a plan that grows forever fails fast instead of filling the memory."""
    unbounded = search.mkplans
    mark = request.node.get_closest_marker("premoves")
    calls = PREMOVES_PER_PLAN if mark is None else int(mark.args[0])

    def mkplans(legal: Sequence[M], premoves: Premoves[M], ms: Plan[M]) -> list[Plan[M]]:
        return unbounded(legal, budgeted(premoves, calls), ms)

    for name, module in list(sys.modules.items()):
        if name.partition(".")[0] == "pearls" and getattr(module, "mkplans", None) is unbounded:
            monkeypatch.setattr(module, "mkplans", mkplans)
