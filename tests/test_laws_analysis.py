"""The laws of analysis over the registry: ``analyze`` measures the board's own
component, from the solved positions in it or from the board, as a plain breadth-first
search over the puzzle measures it; and on a Dask cluster of worker processes exactly
as in one process.  (Apart from ``tests/test_laws.py`` so that the two run side by side.)

``make fuzz`` (``HYPOTHESIS_PROFILE=fuzz``) measures larger components than ``make test``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence

import pytest
from laws import (
    DASK_STATES,
    SURVEY_BYTES,
    SURVEY_STATES,
    default_example,
    every_pair,
    plain_levels,
    problem,
)

from pearls.description import Analyser, Description, Problem, Survey
from pearls.errors import LimitReached
from pearls.limits import Meter
from pearls.registry import PUZZLES
from pearls.types import M, S

# --- analyses -------------------------------------------------------------------------------


def survey(d: Description, text: str, from_goals: bool | None) -> Survey | None:
    """The survey of ``text``, or ``None`` where it stops at this module's limit."""
    try:
        meter = Meter(max_states=SURVEY_STATES, max_memory=SURVEY_BYTES)
        return d.survey(text, meter, from_goals=from_goals)
    except LimitReached:
        return None


def measured(p: Problem[S, M], s: Survey | None, starts: Sequence[S]) -> None:
    """The survey ``s`` is what a plain search from ``starts`` finds, or both stop."""
    expected = plain_levels(p.puzzle, starts, SURVEY_STATES)
    if s is None or expected is None:
        assert s is None
        assert expected is None or sum(map(len, expected)) > SURVEY_STATES - len(expected[-1])
        return
    assert s.histogram == tuple(map(len, expected))
    assert s.states == sum(map(len, expected))
    assert sorted(map(json.dumps, s.farthest)) == sorted(
        map(json.dumps, map(p.state_json, expected[-1]))
    )


@pytest.mark.parametrize(("name", "example"), every_pair(lambda d: iter(d.examples)))
def test_analysis_measures_the_boards_own_component(name: str, example: str) -> None:
    d = PUZZLES[name]
    p = problem(d, d.examples[example])
    from_start = survey(d, d.examples[example], from_goals=False)
    measured(p, from_start, [p.start])
    if from_start is None:
        return
    component = set().union(*plain_levels(p.puzzle, [p.start], SURVEY_STATES) or [])
    goals = sorted((q for q in component if p.puzzle.solved(q)), key=p.key)
    by_default = survey(d, d.examples[example], from_goals=None)
    assert by_default is not None
    if p.reversible and goals:
        assert by_default.origin == "goals"
        measured(p, by_default, goals)
    else:
        assert by_default.origin == "start"
        assert by_default.histogram == from_start.histogram


# --- scale-out ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A local Dask cluster of two worker processes, each with its own hash seed (as
    every new Python process has), shared by this module's scale-out laws."""
    distributed = pytest.importorskip("pearls.distributed")
    with distributed.client(workers=2, processes=True) as c:
        yield c.scheduler.address


def smallest_example(d: Description, most: int) -> str:
    """The example whose component is smallest, found by plain searches of at most
    ``most`` states; the first example when none fits."""
    sizes = {}
    for name, text in d.examples.items():
        p = problem(d, text)
        found = plain_levels(p.puzzle, [p.start], most)
        if found is not None:
            sizes[name] = sum(map(len, found))
    return min(sizes, key=sizes.__getitem__) if sizes else default_example(d)


@pytest.mark.parametrize("name", list(PUZZLES))
def test_dask_measures_what_one_process_measures(cluster: str, name: str) -> None:
    """The same analysis on two worker processes, each with its own hash seed, as in
    one: the same states, histogram and farthest states, or the same limit reached."""
    from pearls import distributed

    d = PUZZLES[name]
    text = d.examples[smallest_example(d, DASK_STATES)]

    def measured(analyser: Analyser | None) -> Survey | str:
        meter = Meter(max_states=DASK_STATES, max_memory=SURVEY_BYTES)
        try:
            return d.survey(text, meter, from_goals=False, analyser=analyser)
        except LimitReached as e:
            return e.limit

    alone, shared = measured(None), measured(distributed.analyser(scheduler=cluster))
    if isinstance(alone, str) or isinstance(shared, str):
        assert alone == shared
        return
    assert (shared.states, shared.histogram) == (alone.states, alone.histogram)
    assert sorted(map(json.dumps, shared.farthest)) == sorted(map(json.dumps, alone.farthest))
