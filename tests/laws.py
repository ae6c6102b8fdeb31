"""What the laws over the registry share (``tests/test_laws.py`` and
``tests/test_laws_analysis.py``): the limits they work under, a problem seen with its
types, each solution run once, its replay through the puzzle's own functions, and a
plain breadth-first search to measure analyses against."""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable, Iterator, Sequence
from functools import cache

import pytest
from described import typed

from pearls.cli import MAX_STATES
from pearls.description import Description, Problem, Solution
from pearls.limits import Meter
from pearls.registry import PUZZLES
from pearls.types import M, Puzzle, S

FUZZ = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"
# the states a survey here may expand, larger components stopping (make fuzz: 200,000,
# so the 8 puzzle's 181,440 are measured too; make test: 30,000)
SURVEY_STATES = 200_000 if FUZZ else 30_000
SURVEY_BYTES = 1 << 30  # the table of flags a survey here may set aside
# the states of a component compared on Dask: make test takes each puzzle's smallest
# example under 20,000 (a larger component is compared in reaching the same limit),
# make fuzz under 200,000
DASK_STATES = 200_000 if FUZZ else 20_000


def default_limits() -> Meter:
    """A meter with the command line's default limit on states.  Its limit on seconds
    is left to the methods tables (``docs/methods``), measured on a quiet machine: on
    a shared one the seconds say more of the neighbours than of the search."""
    return Meter(MAX_STATES)


def default_example(d: Description) -> str:
    """The name of a puzzle's default example: its first."""
    return next(iter(d.examples))


def problem(d: Description, text: str) -> Problem[Hashable, object]:
    """The problem ``text`` describes, seen with its state and move types."""
    return typed(d.problem(text))


@cache
def solved(name: str, method: str, example: str) -> Solution:
    """``method``'s solution of the example, under the default limits (each run once)."""
    d = PUZZLES[name]
    return d.solve(method, d.examples[example], default_limits())


def replay(p: Problem[S, M], solution: Solution) -> list[S]:
    """The states ``solution`` passes through, each move found among the legal moves by
    its JSON, the words, notation, JSON and pictures checked against the problem's."""
    moves = solution.moves or ()
    assert len(solution.states) == len(solution.pictures) == len(moves) + 1
    assert len(solution.words) == len(solution.notation) == len(moves)
    states = [p.start]
    for i, shown in enumerate(moves):
        q = states[-1]
        legal = [m for m in p.puzzle.moves(q) if p.move_json(q, m) == shown]
        assert len(legal) == 1, f"move {i} {shown!r} is not one legal move"
        assert solution.words[i] == p.words(q, legal[0])
        assert solution.notation[i] == p.notation(q, legal[0])
        states.append(p.puzzle.move(q, legal[0]))
    assert solution.states == tuple(map(p.state_json, states))
    assert solution.pictures == tuple(map(p.show, states))
    return states


def every_pair(pairs: Callable[[Description], Iterator[str]]) -> list[object]:
    """``(puzzle, x)`` for each registered puzzle and each ``x`` of ``pairs``, named."""
    return [
        pytest.param(name, x, id=f"{name}-{x}") for name, d in PUZZLES.items() for x in pairs(d)
    ]


def plain_levels(puzzle: Puzzle[S, M], starts: Sequence[S], most: int) -> list[set[S]] | None:
    """The states at distance 0, 1, 2, ... from ``starts``, by a plain breadth-first
    search; ``None`` past ``most`` states."""
    seen, level, found = set(starts), set(starts), []
    while level:
        found.append(level)
        if len(seen) > most:
            return None
        level = {puzzle.move(q, m) for q in level for m in puzzle.moves(q)} - seen
        seen |= level
    return found
