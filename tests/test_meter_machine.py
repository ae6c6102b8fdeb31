"""A meter and its tracer stepped by a state machine: every limit and every event in
random order, against a model that counts and records by the rules their docstrings
state (:mod:`pearls.limits`, :mod:`pearls.tracing`).

The model keeps what the meter must have counted, which limit the next expansion
passes, and the events the tracer must hold: each as ``(kind, value)``, a level's
expansions in the level's order, and past the tracer's cap one ``stopped`` carrying
the expansions the events kept count.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from types import SimpleNamespace
from typing import Literal, TypeAlias

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from pearls import limits, tracing
from pearls.errors import LimitReached
from pearls.limits import Meter
from pearls.tracing import Backtracked, Bound, Counted, Event, Expanded, Planned, Stopped, Tracer
from pearls.types import Planner, Puzzle

Seen: TypeAlias = tuple[str, object]  # an event as the model sees it: ("expand", 7)
Limit: TypeAlias = Literal["states", "time"]

STATES = st.integers(min_value=0, max_value=40)
LEVEL = st.lists(st.integers(min_value=0, max_value=30), min_size=1, max_size=6, unique=True)


def branching(q: int) -> list[int]:
    """The moves of the machine's puzzle: from ``q``, to ``2q + 1`` and ``2q + 2``."""
    return [1, 2]


PUZZLE: Puzzle[int, int] = Puzzle(branching, lambda q, m: 2 * q + m, lambda q: False)


def seen(event: Event) -> Seen:
    """What the model keeps of an event."""
    match event:
        case Expanded(state=q):
            return ("expand", q)
        case Counted(count=n):
            return ("count", n)
        case Bound(bound=b):
            return ("bound", b)
        case Backtracked(state=q):
            return ("backtrack", q)
        case Planned(by=by, state=q):
            return (by, q)
        case Stopped(expanded=n):
            return ("stopped", n)


class MeterMachine(RuleBasedStateMachine):
    """One meter with a tracer, its clock turned by the machine."""

    def __init__(self) -> None:
        super().__init__()
        self.now = 1_000.0
        self.clock = pytest.MonkeyPatch()
        self.clock.setattr(limits, "time", SimpleNamespace(monotonic=lambda: self.now))
        self.expanded = 0  # states the meter must have counted
        self.kept = 0  # of those, the ones the events kept count
        self.events: list[Seen] = []

    def teardown(self) -> None:
        self.clock.undo()

    # --- the meter and its limits -----------------------------------------------------

    @initialize(
        max_states=st.none() | STATES,
        timeout=st.none() | st.floats(min_value=0, max_value=5),
        cap=st.integers(min_value=0, max_value=12),
    )
    def start(self, max_states: int | None, timeout: float | None, cap: int) -> None:
        """The meter and its tracer, recording at most ``cap`` events."""
        self.tracer = Tracer(cap)
        self.meter = Meter(max_states, timeout, observer=self.tracer)
        self.puzzle = self.meter.watch(PUZZLE)
        self.began, self.max_states, self.timeout, self.cap = self.now, max_states, timeout, cap

    def passed(self) -> Limit | None:
        """The limit the next expansion or count passes, if any: states first."""
        if self.max_states is not None and self.expanded >= self.max_states:
            return "states"
        if self.timeout is not None and self.now > self.began + self.timeout:
            return "time"
        return None

    def keep(self, event: Seen, counting: int = 0) -> None:
        """The model's recording of an event that counts ``counting`` expansions:
        under the cap, the event; at it, one ``stopped``."""
        if len(self.events) < self.cap:
            self.events.append(event)
            self.kept += counting
        elif len(self.events) == self.cap:
            self.events.append(("stopped", self.kept))

    @rule(seconds=st.floats(min_value=0, max_value=3))
    def wait(self, seconds: float) -> None:
        self.now += seconds

    # --- expansions, counts, rounds, levels, plans ----------------------------------------

    def expand(self, q: int) -> bool:
        """Expand ``q`` through the watched puzzle; whether the meter let it."""
        limit = self.passed()
        try:
            assert self.puzzle.moves(q) == [1, 2]
        except LimitReached as e:
            assert limit == e.limit, (limit, e)
            return False
        assert limit is None, f"the {limit} limit was passed, yet {q} was expanded"
        self.expanded += 1
        return True

    @rule(q=STATES)
    def expand_one(self, q: int) -> None:
        if self.expand(q):
            self.keep(("expand", q), 1)

    @rule(n=st.integers(min_value=0, max_value=4))
    def count(self, n: int) -> None:
        limit = self.passed()
        try:
            self.meter.count(n)
        except LimitReached as e:
            assert limit == e.limit, (limit, e)
            return
        assert limit is None, f"the {limit} limit was passed, yet {n} were counted"
        self.expanded += n
        if n:
            self.keep(("count", n), n)

    @rule(n=st.integers(min_value=0, max_value=4))
    def tally(self, n: int) -> None:
        """Work already done is counted past any limit."""
        self.meter.tally(n)
        self.expanded += n
        if n:
            self.keep(("count", n), n)

    @rule(bound=st.integers(min_value=0, max_value=50))
    def round(self, bound: int) -> None:
        assert self.meter.rounds is not None  # a meter with an observer has the hook
        self.meter.rounds(bound)
        self.keep(("bound", bound))

    @rule(q=STATES)
    def backtrack(self, q: int) -> None:
        assert self.meter.backtracks is not None
        self.meter.backtracks(q)
        self.keep(("backtrack", q))

    @rule(level=LEVEL)
    def level(self, level: Sequence[int]) -> None:
        """A breadth-first level, told in order and expanded last state first, as
        ``bfsearch'`` expands it, until a limit stops it: recorded in the level's
        order."""
        assert self.meter.levels is not None
        self.meter.levels(level)
        made = [q for q in reversed(level) if self.expand(q)]
        for q in sorted(made, key=level.index):
            self.keep(("expand", q), 1)

    @rule(q=STATES)
    def plan(self, q: int) -> None:
        """A planner's goal moves and new plans, each recorded."""
        planner = self.meter.watch_planner(Planner(PUZZLE, lambda q: [1], lambda q, ms: [ms]))
        planner.goalmoves(q)
        self.keep(("goalmoves", q))
        list(planner.newplans(q, (2,)))
        self.keep(("newplans", q))

    # --- what must hold --------------------------------------------------------------------

    @invariant()
    def counts_and_events_agree(self) -> None:
        assert self.meter.expanded == self.expanded
        assert [seen(e) for e in self.tracer.recorded] == self.events
        assert len(self.events) <= self.cap + 1


# 100 runs of 30 steps, about 3 s; drawing a step is cheap, but a loaded machine slows it
MeterMachine.TestCase.settings = settings(
    max_examples=100, stateful_step_count=30, suppress_health_check=[HealthCheck.too_slow]
)
TestMeterMachine = MeterMachine.TestCase


# --- planted defects: the machine must find each (docs/testing.md) ---------------------------


def unordered(level: tracing._Level) -> Iterator[tuple[Hashable, int, int | None, int]]:
    """A level's expansions recorded as the loop made them, not in the level's order."""
    for q, d, h in level.held:
        yield q, d, h, level.reached


def stopped_one_off(tracer: Tracer, event: Event) -> None:
    """The cap's ``stopped`` event counting one expansion more than the events kept."""
    if len(tracer._events) < tracer.limit:
        tracer._events.append(event)
        tracer._recorded += 1 if isinstance(event, Expanded) else 0
        tracer._recorded += event.count if isinstance(event, Counted) else 0
    elif len(tracer._events) == tracer.limit:
        tracer._events.append(Stopped(tracer.limit, tracer._recorded + 1))


def untold(meter: Meter, n: int) -> None:
    """A tally the observer is not told of."""
    meter.expanded += n


def one_past_the_cap(meter: Meter, now: float | None = None) -> None:
    """The state limit checked one expansion late."""
    assert now is not None  # the meter's own calls give the time they read
    if meter.max_states is not None and meter.expanded > meter.max_states:
        raise LimitReached("states", meter.expanded, now - meter._began, meter.max_states)
    if meter.timeout is not None and now > meter._began + meter.timeout:
        raise LimitReached("time", meter.expanded, now - meter._began, meter.timeout)


DEFECTS: dict[str, tuple[object, str, object]] = {  # where, what, and what replaces it
    "a level recorded as the loop expanded it": (tracing._Level, "in_order", unordered),
    "the cap's count one off": (Tracer, "_keep", stopped_one_off),
    "counts not told to the tracer": (Meter, "tally", untold),
    "the state limit one late": (Meter, "check", one_past_the_cap),
}


@pytest.mark.parametrize("defect", list(DEFECTS))
def test_the_machine_finds_a_planted_defect(monkeypatch: pytest.MonkeyPatch, defect: str) -> None:
    owner, attribute, planted = DEFECTS[defect]
    monkeypatch.setattr(owner, attribute, planted)
    once = settings(max_examples=100, phases=[Phase.generate], database=None, derandomize=True)
    with pytest.raises(AssertionError):
        run_state_machine_as_test(MeterMachine, settings=once)
