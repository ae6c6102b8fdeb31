"""What the tests of the laws share (``tests/test_laws.py``, ``tests/test_laws_analysis.py``
and ``tests/test_legal_moves.py``): each registered puzzle's :class:`~pearls.laws.Trial`,
built once a module and sized by the profile, and the puzzles paired with their methods
or examples.  The laws themselves are library code, :mod:`pearls.laws`.

Under ``make test`` Flip It Star and the 8 puzzle are held to the laws on a board nearer
their goal than their default example (:data:`NEARER`): iterative deepening solves their
default examples in seconds (1,424,749 and 592,611 states expanded), the nearer boards in
a fraction of one; the knight's tour on its three smaller examples (:data:`FEWER`).
``make fuzz`` holds them to the laws on their own default examples, and all of them."""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable, Iterable, Mapping, Set
from dataclasses import replace
from functools import cache

import pytest
from described import typed
from hypothesis import settings

from pearls.description import Description, Problem, Solution
from pearls.frontend import MAX_STATES
from pearls.laws import SURVEY_STATES, Trial, Verdict, replay
from pearls.limits import Meter
from pearls.registry import BUILT_IN, ENTRIES, PUZZLES
from pearls.rules import Entry

FUZZ = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"
# the states of a component compared on Dask: make test takes each puzzle's smallest
# example under 20,000 (a larger component is compared in reaching the same limit),
# make fuzz under 200,000
DASK_STATES = 200_000 if FUZZ else 20_000
SURVEY_BYTES = 1 << 30  # the table of flags a survey here may set aside
# the random walks from each example: a few under the default profile, more under fuzz
WALKS = max(5, settings().max_examples // 20)
# the puzzles whose laws make test checks from a board this many moves from the goal: there
# iterative deepening expands 73,891 states of Flip It Star and 22,825 of the 8 puzzle
NEARER = {} if FUZZ else {"flipstar": 14, "eight": 16}
# the puzzles whose laws make test checks on some of their examples: the knight's 6x6 and
# 8x8 boards are left to make fuzz (each law there surveys 30,000 partial tours and lists
# a hundred tours of each, nine tenths of the knight's laws' time)
FEWER = {} if FUZZ else {"knight": ("problem-a", "5x5", "4x4")}
# the puzzles the project documents: the registry's less any plugin installed beside it
DOCUMENTED: Mapping[str, Description] = {e.name: e.description for e in BUILT_IN}


def nearer(entry: Entry, moves: int) -> Entry:
    """``entry`` with a new default example, ``near-the-goal``: the position ``moves`` from the end
    of the default method's solution of the default example, which stays an example."""
    d = entry.description
    text = d.examples[default_example(d)]
    p = problem(d, text)
    states = replay(p, d.solve(d.finding[0], text, Meter(MAX_STATES)))
    examples = {"near-the-goal": p.show(states[-1 - moves]), **d.examples}
    return Entry(replace(d, examples=examples), entry.check, entry.legal)


def fewer(entry: Entry, names: Iterable[str]) -> Entry:
    """``entry`` with the examples ``names`` alone, the default first."""
    d = entry.description
    examples = {name: d.examples[name] for name in names}
    return Entry(replace(d, examples=examples), entry.check, entry.legal)


@cache
def trial(name: str) -> Trial:
    """The puzzle ``name`` on trial, its solutions kept for the module's laws; make fuzz
    (200,000 states) measures the 8 puzzle's 181,440 too, make test 30,000."""
    entry = ENTRIES[name]
    if name in NEARER:
        entry = nearer(entry, NEARER[name])
    if name in FEWER:
        entry = fewer(entry, FEWER[name])
    return Trial(entry, walks=WALKS, survey_states=200_000 if FUZZ else SURVEY_STATES)


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


def every_pair(
    pairs: Callable[[Description], Iterable[str]],
    slow: Set[tuple[str, str]] = frozenset(),
    among: Mapping[str, Description] = PUZZLES,
) -> list[object]:
    """``(puzzle, x)`` for each puzzle ``among`` the registered ones and each ``x`` of
    ``pairs``, named; those in ``slow`` marked slow (left to ``make fuzz``)."""
    return [
        pytest.param(name, x, id=f"{name}-{x}", marks=[pytest.mark.slow] * ((name, x) in slow))
        for name, d in among.items()
        for x in pairs(d)
    ]
