"""The library as the browser calls it (:mod:`pearls.web`): every puzzle of the registry
answered in the command line's own words, every bad request in one line, never an
exception."""

from __future__ import annotations

import json
import re
from functools import partial

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pearls import web
from pearls.cli import main
from pearls.description import JSON, TRACE_DRAWN
from pearls.limits import Stats
from pearls.registry import PUZZLES
from pearls.web import MAX_WATCHED, solve

SLOW = partial(pytest.param, marks=pytest.mark.slow)
QUICK = {"max_states": 20_000, "timeout": 5}  # each request stops within seconds


def message(op: str, **fields: object) -> str:
    """A request as the page sends it: one JSON object.  Its answer, read back with
    ``json.loads``, is plain data, as the page reads it."""
    return json.dumps({"op": op, **fields})


def test_the_catalogue_lists_the_registry_as_json() -> None:
    listed = json.loads(web.handle(message("catalogue")))
    assert listed == web.catalogue()
    entries = {entry["name"]: entry for entry in listed["puzzles"]}
    assert list(entries) == list(PUZZLES)
    for name, d in PUZZLES.items():
        entry = entries[name]
        assert [m["name"] for m in entry["methods"]] == list(d.methods)
        assert entry["examples"] == dict(d.examples)
        assert entry["default"] == next(iter(d.examples))
        assert [o["name"] for o in entry["options"]["solve"]] == [
            o.name for o in d.options_of("solve")
        ]
        drawn = entry["drawings"].values()
        assert all(s is not None and s.startswith("<svg") for s in drawn) == d.drawable


@pytest.mark.parametrize("name", list(PUZZLES))
def test_a_solution_is_said_as_the_command_line_says_it(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = json.loads(web.handle(message("solve", puzzle=name)))
    code = main(["solve", name])
    out, _ = capsys.readouterr()
    assert "".join(f"{line}\n" for line in answer["text"]) == out
    assert answer["outcome"] == out.splitlines()[-1]
    assert answer["status"] == ("solved" if code == 0 else "none")
    frames, captions = answer.get("frames"), answer.get("captions")
    if frames is not None:
        assert len(frames) == len(captions) == len(answer["json"].get("states", frames))
        assert all(f.startswith("<svg") for f in frames)


def timeless(line: str) -> str:
    """A line with its one varying figure, the seconds taken, left out."""
    return re.sub(r" in [0-9.]+ s\b", " in _ s", line)


# the 8 puzzle's analysis (181,440 boards) is said by the same code as the others': make fuzz
@pytest.mark.parametrize("name", [p if p != "eight" else SLOW(p) for p in PUZZLES])
def test_an_analysis_is_said_as_the_command_line_says_it(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    limits = ["--max-states", "300000", "--timeout", "30", "--max-memory", str(web.MAX_MEMORY)]
    answer = json.loads(web.handle(message("analyze", puzzle=name, max_states=300_000, timeout=30)))
    code = main(["analyze", name, *limits])
    out, err = capsys.readouterr()
    if code == 3:
        assert answer["status"] == "limit"
        assert timeless(err).startswith(f"pearls: {timeless(answer['outcome'])}; ")
        return
    assert answer["status"] == "analysed"
    assert "".join(f"{line}\n" for line in answer["text"]) == out
    survey = answer["json"]
    assert answer["chart"].count('class="bar"') == len(survey["histogram"])
    assert len(answer["drawn"]) == min(len(survey["farthest"]), web.MAX_FARTHEST)


@pytest.mark.parametrize("name", list(PUZZLES))
@pytest.mark.parametrize("board", ["", "?", "\x00", "A" * 5_000])
def test_a_bad_board_is_the_command_lines_one_line(
    name: str, board: str, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = json.loads(web.handle(message("solve", puzzle=name, board=board, **QUICK)))
    code = main(["solve", name, "--board", board, "--max-states", "20000", "--timeout", "5"])
    out, err = capsys.readouterr()
    if code == 2:
        assert answer == {"status": "error", "outcome": err.strip().removeprefix("pearls: ")}
    elif code == 3:
        assert answer["status"] == "limit"
    else:
        assert answer["outcome"] == out.splitlines()[-1]


@pytest.mark.parametrize(
    ("request_", "said"),
    [
        ({"puzzle": "chess"}, "no puzzle 'chess': the puzzles are rushhour, "),
        ({"puzzle": "rushhour", "example": "g9"}, "rushhour has no example 'g9'"),
        ({"puzzle": "hanoi", "method": "guess"}, "no method 'guess' for this problem"),
        ({"puzzle": "river", "options": {"variant": "ferry"}}, "--variant must be one of"),
        ({"puzzle": "hanoi", "options": ["discs"]}, "options must be an object"),
        ({"puzzle": "hanoi", "options": {"discs": "²"}}, "--discs must be"),
        ({"puzzle": "hanoi", "options": {"discs": "9" * 5_000}}, ""),
        ({"puzzle": "hanoi", "max_states": "abc"}, "--max-states must be a whole number"),
        ({"puzzle": "hanoi", "max_states": "-1"}, "--max-states must be a whole number"),
        ({"puzzle": "hanoi", "max_states": "0.5"}, "of at least 0, not '0.5'"),
        ({"puzzle": "hanoi", "timeout": "nan"}, "--timeout must be a finite number"),
        ({"puzzle": "hanoi", "timeout": True}, "--timeout must be a finite number"),
        ({"puzzle": "hanoi", "options": {"bogus": "1"}}, "no option --bogus here"),
        ({"puzzle": "hanoi", "method": ""}, "no method '' for this problem"),
        ({"puzzle": "hanoi", "board": ["x"]}, "the board must be a text"),
        ({"puzzle": "hanoi", "board": "x" * (web.MAX_TEXT + 1)}, "--board is longer than"),
    ],
    ids=lambda value: str(value)[:40],
)
def test_a_bad_request_is_one_line(request_: dict[str, object], said: str) -> None:
    answer = json.loads(web.handle(message("solve", **request_)))
    assert answer["status"] == "error"
    assert "\n" not in answer["outcome"]
    assert said in answer["outcome"]


def test_a_limit_says_which_and_what_was_explored() -> None:
    request = message("solve", puzzle="rushhour", example="p1", method="bfs", max_states="100")
    answer = json.loads(web.handle(request))
    assert answer["status"] == "limit"
    assert answer["outcome"].startswith("stopped at the limit of 100 states expanded (100 ")
    stopped = {"puzzle": "rushhour", "method": "bfs", "limit": "states", "bound": 100}
    assert answer["json"] == {**stopped, "stats": answer["json"]["stats"]}
    assert answer["json"]["stats"]["expanded"] == 100


def test_every_solution_where_it_is_the_answer() -> None:
    answer = json.loads(web.handle(message("solve", puzzle="pandigital")))
    assert answer["status"] == "solved"
    assert answer["outcome"] == answer["text"][-1]
    assert answer["outcome"].startswith("2 solutions (")


def test_a_solution_too_long_to_draw_is_found_undrawn() -> None:
    request = message("solve", puzzle="hanoi", method="direct", options={"discs": "14"})
    answer = json.loads(web.handle(request))
    assert answer["outcome"].startswith("solved in 16,383 moves")
    assert answer["frames"] is None


def test_progress_is_posted_as_json() -> None:
    posted: list[str] = []
    report = web._reporter(posted.append)
    report(Stats(expanded=5, generated=9, seconds=0.123))
    assert [json.loads(p) for p in posted] == [{"expanded": 5, "generated": 9, "seconds": 0.12}]


def test_a_drawing_of_a_board() -> None:
    drawn = json.loads(web.handle(message("draw", puzzle="rushhour", example="p2")))
    assert drawn["drawing"].startswith("<svg")
    refused = json.loads(web.handle(message("draw", puzzle="rushhour", board="AA")))
    assert refused["status"] == "error" and refused["outcome"].startswith("bad board: ")


@pytest.mark.parametrize(
    "text",
    ["", "[1]", "{}", '{"op": "fly"}', '{"op": "solve"}', "[" * 200_000 + "]" * 200_000],
    ids=["empty", "list", "no-op", "unknown-op", "no-puzzle", "deep"],
)
def test_a_bad_message_is_one_line(text: str) -> None:
    answer = json.loads(web.handle(text))
    assert answer["status"] == "error" and "\n" not in answer["outcome"]


def test_a_message_is_answered_with_progress() -> None:
    posted: list[str] = []
    request = message("solve", puzzle="rushhour", example="g1")
    answer = json.loads(web.handle(request, posted.append))
    assert answer["outcome"] == "solved in 34 moves (bfs, 2,778 states expanded)"
    assert all(set(json.loads(p)) == {"expanded", "generated", "seconds"} for p in posted)


@given(st.sampled_from(list(PUZZLES)), st.text(max_size=200), st.sampled_from(["solve", "analyze"]))
def test_any_text_is_answered_in_one_line(name: str, board: str, op: str) -> None:
    answer = json.loads(web.handle(message(op, puzzle=name, board=board, **QUICK)))
    assert answer["status"] in ("solved", "none", "analysed", "limit", "error")
    assert "\n" not in answer["outcome"]


def test_watching_carries_the_trace_its_expansions_drawn() -> None:
    asked: dict[str, JSON] = {"puzzle": "rushhour", "example": "g1", "method": "bfs"}
    assert "trace" not in solve(asked)
    trace = solve({**asked, "watch": True})["trace"]
    assert isinstance(trace, list) and len(trace) == 2_778
    drawn = [e for e in trace if isinstance(e, dict) and "drawing" in e]
    assert len(drawn) == TRACE_DRAWN and drawn == trace[:TRACE_DRAWN]
    assert all(str(e["drawing"]).startswith("<svg") for e in drawn)


def test_watching_keeps_to_its_number_of_events() -> None:
    asked: dict[str, JSON] = {
        "puzzle": "eight",
        "example": "shifted",
        "method": "bfs",
        "watch": True,
    }
    trace = solve(asked)["trace"]
    assert isinstance(trace, list) and len(trace) == MAX_WATCHED + 1
    assert trace[-1] == {"event": "stopped", "after": MAX_WATCHED, "expanded": MAX_WATCHED}


def test_watching_every_solution_carries_its_backtracks() -> None:
    asked: dict[str, JSON] = {"puzzle": "colour", "example": "australia", "method": "all"}
    trace = solve({**asked, "watch": True})["trace"]
    assert isinstance(trace, list)
    events = {e["event"] for e in trace if isinstance(e, dict)}
    assert events == {"expand", "backtrack"}


def test_watching_a_plan_draws_the_positions_planned_at() -> None:
    asked: dict[str, JSON] = {"puzzle": "rushhour", "example": "p1", "method": "plan"}
    trace = solve({**asked, "watch": True})["trace"]
    assert isinstance(trace, list)
    planned = [e for e in trace if isinstance(e, dict) and e["event"] == "plan"]
    assert planned and all(str(e["drawing"]).startswith("<svg") for e in planned[:3])
