"""Tracing a search by wrapping (:mod:`pearls.tracing`): the events of each kind, the
limit on them, ``solve --trace``, and the law that a trace expands exactly the states
the meter counts, each shown with its state (a deepening search's with its rounds'
bounds), over every puzzle and method."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from laws import default_example, every_pair

from pearls import cli
from pearls.description import JSON
from pearls.errors import LimitReached
from pearls.frontend import (
    MAX_STATES,
    Example,
    Limits,
    Listed,
    Refused,
    Request,
    Solve,
    Solved,
    Stopped,
    respond,
)
from pearls.limits import Meter
from pearls.puzzles import graph
from pearls.registry import PUZZLES
from pearls.search import psolve
from pearls.tracing import Planned, Tracer

Capture = pytest.CaptureFixture[str]
LADDER = "start a; goal d; a -> b c; b -> d; c -> e; e -> d"


Event = dict[str, JSON]


def traced(
    name: str, method: str, example: str, limit: int = 100_000
) -> tuple[Solved, list[Event]]:
    """The outcome of solving ``example`` by ``method``, and its trace."""
    outcome = respond(Request(name, Solve(method, trace=True, events=limit), Example(example)))
    assert isinstance(outcome, Solved) and outcome.trace is not None, outcome.line
    return outcome, list(outcome.trace)


def kinds(trace: list[Event], kind: str) -> list[Event]:
    """The events of one kind."""
    return [e for e in trace if e["event"] == kind]


def number(event: Event, key: str) -> int:
    """A whole number an event carries."""
    value = event[key]
    assert isinstance(value, int)
    return value


# --- the law ----------------------------------------------------------------------------------


# searches that run past the recording cap, where the law is checked up to it as on the
# others, at length: make fuzz runs them (over half a minute between them)
PAST_THE_CAP = {("flipstar", "iddfs"), ("eight", "iddfs")}


@pytest.mark.parametrize(("name", "method"), every_pair(lambda d: d.finding, PAST_THE_CAP))
def test_a_trace_expands_the_states_the_meter_counts(name: str, method: str) -> None:
    d = PUZZLES[name]
    tracer = Tracer()
    problem = d.problem(d.examples[default_example(d)])
    solution = problem.solve(method, Meter(MAX_STATES, observer=tracer))
    trace = list(problem.trace(tracer))
    assert_counted(trace, solution.stats.expanded)
    assert not kinds(trace, "count"), "every state expanded is shown, none only counted"
    if problem.offered[method].deepening:
        assert kinds(trace, "bound") and trace[0]["event"] == "bound"


@pytest.mark.parametrize(("name", "method"), every_pair(lambda d: d.listing))
def test_a_trace_of_every_solution_expands_the_states_the_meter_counts(
    name: str, method: str
) -> None:
    d = PUZZLES[name]
    tracer = Tracer()
    meter = Meter(EVERY_STATES, observer=tracer)
    problem = d.problem(d.examples[default_example(d)])
    with contextlib.suppress(LimitReached):  # the trace up to the limit is the one held
        for _ in problem.every(method, meter):
            pass
    trace = list(problem.trace(tracer))
    assert_counted(trace, meter.expanded)
    assert {e["event"] for e in trace} <= {"expand", "backtrack", "stopped"}


EVERY_STATES = 20_000  # every solution of a large example takes long: its first states do


def assert_counted(trace: list[Event], expanded: int) -> None:
    """A trace records the states the meter counted, or up to its cap, those it kept."""
    recorded = len(kinds(trace, "expand")) + sum(
        number(e, "expanded") for e in kinds(trace, "count")
    )
    stopped = kinds(trace, "stopped")
    if stopped:  # past 100,000 events: the count up to the last one recorded
        (last,) = stopped
        assert trace[-1] == last and len(trace) == 100_001
        assert recorded == number(last, "expanded") <= expanded
    else:
        assert recorded == expanded


# --- the kinds of event -----------------------------------------------------------------------


def test_breadth_first_expansions_by_level_with_their_depths() -> None:
    _, trace = traced("graph", "bfs", "ladder")
    assert trace == [
        {"event": "expand", "state": "a", "depth": 0, "reached": 1},
        {"event": "expand", "state": "b", "depth": 1, "reached": 3},
        {"event": "expand", "state": "c", "depth": 1, "reached": 4},  # d, from b
        {"event": "expand", "state": "e", "depth": 2, "reached": 5},
    ]


def test_deepening_says_each_round_and_its_bound() -> None:
    _, trace = traced("graph", "iddfs", "ladder")
    assert [(e["event"], e.get("bound", e.get("state"))) for e in trace] == [
        ("bound", 0),
        ("bound", 1),
        ("expand", "a"),
        ("bound", 2),
        ("expand", "a"),
        ("expand", "b"),
    ]


@pytest.mark.parametrize("method", ["astar", "idastar"])
def test_a_led_search_gives_f_as_g_plus_h(method: str) -> None:
    solved, trace = traced("eight", method, "shifted")
    expanded = kinds(trace, "expand")
    fs = [number(e, "f") for e in expanded]
    assert fs == [number(e, "depth") + number(e, "h") for e in expanded]
    assert number(expanded[0], "depth") == 0
    length = len(solved.solution.moves or ())
    if method == "astar":  # the manhattan-with-conflicts bound is consistent: f never falls
        assert fs == sorted(fs) and fs[-1] <= length
    else:  # the rounds' bounds grow to the length of the solution
        bounds = [number(e, "bound") for e in kinds(trace, "bound")]
        assert bounds == sorted(bounds) and bounds[0] == fs[0] and bounds[-1] == length


def test_planning_says_the_plans_it_makes() -> None:
    _, trace = traced("rushhour", "plan", "g1")
    first = trace[0]
    assert first["by"] == "goalmoves" and first["given"] == []
    assert first["plans"] == [["A right 1", "A right 2"]]  # (0, 19), (0, 20) said from g1
    expanded, remade = kinds(trace, "expand"), kinds(trace, "plan")
    newplans = [e for e in remade if e["by"] == "newplans"]
    assert len(newplans) == len(expanded) == 169  # each expanded state's plan, remade


def test_a_planner_is_traced_as_the_chapter_runs_it() -> None:
    tracer = Tracer()
    ring = graph.planner({0: [1, 5], 1: [2], 2: [3], 5: [4], 4: [3]}, goal=3)
    assert psolve(tracer.watch_planner(ring), 0) == [1, 2, 3]
    planned = [e for e in tracer.recorded if isinstance(e, Planned) and e.by == "newplans"]
    assert [(e.state, e.given, e.plans) for e in planned] == [
        (0, (3,), ((1, 2, 3), (5, 4, 3))),
        (1, (2, 3), ((2, 3),)),
        (2, (3,), ((3,),)),
    ]


def test_recording_stops_at_its_limit_and_says_so() -> None:
    solved, trace = traced("rushhour", "bfs", "g1", limit=10)
    assert len(trace) == 11 and trace[-1] == {"event": "stopped", "after": 10, "expanded": 10}
    assert solved.solution.stats.expanded == 2_778  # the search went on


def test_trace_to_standard_output_lists_bfsearch_expansions(capsys: Capture) -> None:
    """Bird's equations, by hand, on the ladder from ``a`` (moves in order ``b c``)::

        bfsearch' [] [] [a]          a expanded: rs = succs a = [b, c]
        bfsearch' [a] [b, c] []    = bfsearch' [a] [] [b, c]
        b expanded: rs = succs b ++ [] = [d]
        c expanded: rs = succs c ++ [d] = [e, d]
        bfsearch' qs [] [e, d]       e expanded; d solved: Just [b, d]

    The equations expand a, b, c, e: level 0, level 1 (b, c), level 2 (e), and so does
    the loop (:func:`pearls.search.bfsearch_`)."""
    by_equations = [("a", 0), ("b", 1), ("c", 1), ("e", 2)]
    code = cli.main(["solve", "graph", "--example", "ladder", "--method", "bfs", "--trace", "-"])
    out = capsys.readouterr().out.splitlines()
    events = [json.loads(line) for line in out[:4]]
    assert code == 0 and out[4] == "start" and out[-1].startswith("solved in 2 moves")
    assert all(e["event"] == "expand" for e in events)
    expanded = [(e["state"], e["depth"]) for e in events]
    assert expanded == by_equations


def test_the_trace_shown_in_the_docs_is_what_the_command_prints(capsys: Capture) -> None:
    page = (Path(__file__).parent.parent / "docs" / "watch.md").read_text(encoding="utf-8")
    command = "$ pearls solve graph --example ladder --trace -"
    shown = page.split(f"{command}\n", 1)[1].split("```", 1)[0]
    assert cli.main(command.split()[2:]) == 0
    assert capsys.readouterr().out == shown


def test_trace_to_a_file(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "trace.jsonl"
    assert (
        cli.main(["solve", "graph", "--board", LADDER, "--method", "plan", "--trace", str(path)])
        == 0
    )
    events = [json.loads(line) for line in path.read_text().splitlines()]
    expected = ["plan", "expand", "plan", "plan", "plan", "expand", "plan", "plan"]
    assert [e["event"] for e in events] == expected
    assert "solved in 2 moves" in capsys.readouterr().out


@pytest.mark.parametrize("where", ["missing/trace.jsonl", "."])
def test_a_trace_that_cannot_be_written_is_one_line(
    where: str, tmp_path: Path, capsys: Capture
) -> None:
    path = str(tmp_path / where)
    assert cli.main(["solve", "graph", "--example", "ladder", "--trace", path]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pearls: --trace: cannot write to ") and err.count("\n") == 1


def test_trace_refuses_a_batch(tmp_path: Path, capsys: Capture) -> None:
    batch = tmp_path / "boards.txt"
    batch.write_text(LADDER + "\n")
    assert cli.main(["solve", "graph", "--batch", str(batch), "--trace", "-"]) == 2
    assert (
        capsys.readouterr().err == "pearls: --trace watches one search: give --example or --board\n"
    )


def test_a_search_stopped_by_a_limit_keeps_its_trace(capsys: Capture) -> None:
    asked = Request("rushhour", Solve("bfs", trace=True), Example("g1"), limits=Limits(5))
    stopped = respond(asked)
    assert isinstance(stopped, Stopped) and stopped.trace is not None
    assert [e["depth"] for e in stopped.trace] == [0, 1, 1, 1, 1]
    argv = ["solve", "rushhour", "--max-states", "5", "--trace", "-"]
    assert cli.main(argv) == 3
    out = capsys.readouterr().out.splitlines()
    assert [json.loads(line)["event"] for line in out] == ["expand"] * 5


# --- every solution, traced; the equations stepped literally --------------------------------


def test_every_solution_is_traced_with_each_expansion_and_backtrack() -> None:
    task = Solve("all", trace=True, events=50)
    outcome = respond(Request("pandigital", task, Example("triples")))
    assert isinstance(outcome, Listed) and outcome.trace is not None
    assert outcome.line == "2 solutions (all, 1,137 states expanded)"
    said = {e["event"] for e in outcome.trace}
    assert said == {"expand", "backtrack", "stopped"} and len(outcome.trace) == 51


def test_literal_steps_of_bfsearch_prime_on_the_ladder(capsys: Capture) -> None:
    code = cli.main(["solve", "graph", "--example", "ladder", "--trace", "-", "--literal"])
    out = capsys.readouterr().out.splitlines()
    steps = [json.loads(line) for line in out[:7]]
    assert code == 0 and out[-1] == "solved in 2 moves (bfs, 4 states expanded)"
    assert [s["rule"] for s in steps] == [5, 2, 5, 5, 2, 5, 3]
    assert steps[4] == {
        "event": "step",
        "rule": 2,
        "qs": ["c", "b", "a"],
        "rs": ["e", "d"],
        "ps": [],
    }


def test_literal_planning_steps_carry_the_head_plan() -> None:
    task = Solve("plan", trace=True, literal=True)
    outcome = respond(Request("rushhour", task, Example("g1")))
    assert isinstance(outcome, Solved) and outcome.trace is not None
    first = outcome.trace[0]
    assert first["rule"] == 5 and first["plan"] == ["A right 1", "A right 2"]
    assert outcome.line == "solved in 38 moves (plan, 169 states expanded)"


def test_literal_steps_are_refused_for_other_methods_and_large_searches() -> None:
    deepened = respond(Request("graph", Solve("iddfs", trace=True, literal=True)))
    assert isinstance(deepened, Refused) and "bfs, plan, dfs, not iddfs" in deepened.line
    large = respond(Request("rushhour", Solve("bfs", trace=True, literal=True), Example("g1")))
    assert isinstance(large, Refused) and "at most 500 states" in large.line


def test_literal_needs_a_trace(capsys: Capture) -> None:
    assert cli.main(["solve", "graph", "--literal"]) == 2
    assert capsys.readouterr().err.strip().endswith("give --trace FILE")
