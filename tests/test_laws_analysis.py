"""The laws of analysis over the registry: ``analyze`` measures the board's own
component, from the solved positions in it or from the board, as a plain breadth-first
search over the puzzle measures it (the library's law, :func:`pearls.laws.analysis`);
and on a Dask cluster of worker processes exactly as in one process.  (Apart from
``tests/test_laws.py`` so that the two run side by side.)

``make fuzz`` (``HYPOTHESIS_PROFILE=fuzz``) measures larger components than ``make test``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from laws import DASK_STATES, SURVEY_BYTES, default_example, held, problem, trial

from pearls.description import Analyser, Description, Survey
from pearls.errors import LimitReached
from pearls.laws import LAWS, plain_levels
from pearls.limits import Meter
from pearls.registry import PUZZLES

ANALYSIS = next(law for law in LAWS if law.name == "analysis")

# --- analyses -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(PUZZLES))
def test_analysis_measures_the_boards_own_component(name: str) -> None:
    held(ANALYSIS(trial(name)))


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
    ``most`` states, each stopped past the smallest found before it (a larger one cannot
    be the smallest); the first example when none fits."""
    smallest: tuple[int, str] | None = None
    for name, text in d.examples.items():
        p = problem(d, text)
        found = plain_levels(p.puzzle, [p.start], most if smallest is None else smallest[0])
        if found is not None and (smallest is None or sum(map(len, found)) < smallest[0]):
            smallest = (sum(map(len, found)), name)
    return default_example(d) if smallest is None else smallest[1]


# the sliding trays by ranks are compared on the 8 puzzle here; the sliding puzzle's own
# comparison (5 s of CPU) is left to make fuzz
@pytest.mark.parametrize(
    "name", [p if p != "sliding" else pytest.param(p, marks=pytest.mark.slow) for p in PUZZLES]
)
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
