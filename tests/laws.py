"""What the tests of the laws share (``tests/test_laws.py``, ``tests/test_laws_analysis.py``
and ``tests/test_legal_moves.py``): each registered puzzle's :class:`~pearls.laws.Trial`,
built once a module and sized by the profile, and the puzzles paired with their methods
or examples.  The laws themselves are library code, :mod:`pearls.laws`."""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable, Iterator
from functools import cache

import pytest
from described import typed
from hypothesis import settings

from pearls.description import Description, Problem, Solution
from pearls.laws import SURVEY_STATES, Trial, Verdict
from pearls.registry import ENTRIES, PUZZLES

FUZZ = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"
# the states of a component compared on Dask: make test takes each puzzle's smallest
# example under 20,000 (a larger component is compared in reaching the same limit),
# make fuzz under 200,000
DASK_STATES = 200_000 if FUZZ else 20_000
SURVEY_BYTES = 1 << 30  # the table of flags a survey here may set aside
# the random walks from each example: a few under the default profile, more under fuzz
WALKS = max(5, settings().max_examples // 20)


@cache
def trial(name: str) -> Trial:
    """The puzzle ``name`` on trial, its solutions kept for the module's laws; make fuzz
    (200,000 states) measures the 8 puzzle's 181,440 too, make test 30,000."""
    return Trial(ENTRIES[name], walks=WALKS, survey_states=200_000 if FUZZ else SURVEY_STATES)


def held(verdict: Verdict) -> None:
    """The law held; where it broke, its counterexample is the failure."""
    assert verdict.held, verdict.line


def default_example(d: Description) -> str:
    """The name of a puzzle's default example: its first."""
    return next(iter(d.examples))


def problem(d: Description, text: str) -> Problem[Hashable, object]:
    """The problem ``text`` describes, seen with its state and move types."""
    return typed(d.problem(text))


def solved(name: str, method: str, example: str) -> Solution:
    """``method``'s solution of the example, under the default limits (each run once)."""
    return trial(name).solution(method, example)


def every_pair(pairs: Callable[[Description], Iterator[str]]) -> list[object]:
    """``(puzzle, x)`` for each registered puzzle and each ``x`` of ``pairs``, named."""
    return [
        pytest.param(name, x, id=f"{name}-{x}") for name, d in PUZZLES.items() for x in pairs(d)
    ]
