"""The one front end under the command line and the browser (:mod:`pearls.frontend`):
each kind of outcome, with its words and JSON, and what the faces offer derived from the
descriptions, so that what is offered is what works."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from pearls import cli, frontend, web
from pearls.description import JSON, Description
from pearls.errors import LimitReached
from pearls.frontend import (
    Analyze,
    Board,
    Draw,
    Drawn,
    Example,
    Generate,
    Limits,
    Listed,
    Made,
    Refused,
    Request,
    Solve,
    Solved,
    Stopped,
    Surveyed,
    Unsolvable,
    respond,
)
from pearls.registry import PUZZLES

Capture = pytest.CaptureFixture[str]
ROOT = Path(__file__).resolve().parents[1]


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``pearls argv``."""
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- the kinds of outcome ---------------------------------------------------------------------


def test_each_kind_of_outcome_carries_its_words_and_json() -> None:
    solved = respond(Request("rushhour", Solve("bfs"), Example("p2")))
    assert isinstance(solved, Solved) and solved.status == "solved"
    assert solved.line == solved.lines[-1] == "solved in 18 moves (bfs, 1,776 states expanded)"
    assert solved.json["length"] == 18
    none = respond(Request("river", Solve("bfs"), Example("four-couples")))
    assert isinstance(none, Unsolvable) and none.status == "none"
    assert none.json["moves"] is None and none.line.startswith("no solution exists")
    listed = respond(Request("pandigital", Solve("all"), Example("triples")))
    assert isinstance(listed, Listed) and listed.json["count"] == 2
    assert listed.json["method"] == "all"
    stopped = respond(Request("rushhour", Solve("bfs"), Example("g1"), limits=Limits(10)))
    assert isinstance(stopped, Stopped) and stopped.json["limit"] == "states"
    assert stopped.json["method"] == "bfs"
    refused = respond(Request("rushhour", Solve("bfs"), Board("AAxx")))
    assert isinstance(refused, Refused) and refused.line.startswith("bad board: ")
    surveyed = respond(Request("hanoi", Analyze(), options={"discs": "2"}))
    assert isinstance(surveyed, Surveyed) and surveyed.json["states"] == 9
    made = respond(Request("eight", Generate(seed=1)))
    assert isinstance(made, Made) and "board" in made.json
    drawn = respond(Request("hanoi", Draw()))
    assert isinstance(drawn, Drawn) and drawn.json["drawing"] is not None


def test_the_default_method_is_named_in_a_limit_and_a_solution() -> None:
    stopped = respond(Request("hanoi", Solve(), Example("eight-discs"), limits=Limits(5)))
    assert isinstance(stopped, Stopped) and stopped.json["method"] == "bfs"


def test_nothing_raises_for_a_request_that_names_nothing_known() -> None:
    assert isinstance(respond(Request("tangram")), Refused)
    assert isinstance(respond(Request("hanoi", Solve(), Example("five"))), Refused)
    assert isinstance(respond(Request("hanoi", Solve("guess"))), Refused)


def test_a_memory_error_is_the_memory_limit_with_the_meters_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def run_out(*_: object) -> object:
        raise MemoryError

    monkeypatch.setattr(Description, "solve", run_out)
    stopped = respond(Request("hanoi", Solve("bfs")))
    assert isinstance(stopped, Stopped) and isinstance(stopped.reached, LimitReached)
    assert stopped.reached.limit == "memory"


def test_generate_yields_each_problem_then_why_it_stopped() -> None:
    outcomes = list(frontend.generate(Request("eight", Generate(count=3))))
    assert [type(o) for o in outcomes] == [Made, Made, Made]
    stopped = list(frontend.generate(Request("eight", Generate(count=50), limits=Limits(3))))
    assert isinstance(stopped[-1], Stopped) and all(isinstance(o, Made) for o in stopped[:-1])


# --- the two faces share the one layer --------------------------------------------------------


def imported(path: Path) -> set[str]:
    """The modules a source file imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    found = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    return names | found


def test_the_browser_module_imports_nothing_of_the_command_line() -> None:
    assert not {m for m in imported(ROOT / "pearls" / "web.py") if m.startswith("pearls.cli")}
    assert "pearls.web" not in imported(ROOT / "pearls" / "cli" / "__init__.py")


@pytest.mark.parametrize(
    "message",
    [
        {"puzzle": "rushhour", "example": "g1", "method": "bfs"},
        {"puzzle": "hanoi", "method": "all"},
        {"puzzle": "fifteen", "method": "bfs", "options": {"heuristic": "manhattan"}},
        {"puzzle": "pandigital", "method": "backtrack"},
        {"puzzle": "knight", "example": "4x4"},
        {"puzzle": "rushhour", "board": "AAxx"},
    ],
)
def test_the_browser_and_the_command_line_say_the_same_line(
    capsys: Capture, message: dict[str, JSON]
) -> None:
    answer = web.solve(message)
    argv = ["solve", str(message["puzzle"])]
    for key in ("example", "method", "board"):
        if key in message:
            argv += [f"--{key}", str(message[key])]
    options = message.get("options", {})
    assert isinstance(options, dict)
    for name, value in options.items():
        argv += [f"--{name}", str(value)]
    _, out, err = run(capsys, *argv)
    said = (out.splitlines() or [""])[-1] if answer["status"] != "error" else err.strip()
    assert said.removeprefix("pearls: ") == answer["outcome"]


# --- offered is what works --------------------------------------------------------------------


def helps() -> list[tuple[str, str]]:
    """Every command and puzzle the command line offers."""
    return [
        (command, name)
        for command in ("solve", "analyze", "generate")
        for name, d in PUZZLES.items()
        if command != "generate" or d.generate is not None
    ]


@pytest.mark.parametrize(("command", "name"), helps())
def test_every_option_a_help_names_is_an_option_of_that_command(
    capsys: Capture, command: str, name: str
) -> None:
    code, out, _ = run(capsys, command, name, "--help")
    named = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", out))
    usage = out.split("\n\n")[0]
    offered = set(re.findall(r"\[(--[a-z][a-z-]*)", usage)) | {"--help"}
    offered |= set(re.findall(r"\| (--[a-z][a-z-]*)", usage))
    assert code == 0 and named <= offered, named - offered


@pytest.mark.parametrize("name", [n for n, d in PUZZLES.items() if not d.drawable])
def test_svg_is_offered_only_where_the_puzzle_draws(capsys: Capture, name: str) -> None:
    _, out, _ = run(capsys, "solve", name, "--help")
    assert "--svg" not in out


def test_a_heuristic_is_refused_by_a_method_it_does_not_lead(capsys: Capture) -> None:
    code, _, err = run(capsys, "solve", "fifteen", "--method", "bfs", "--heuristic", "patterns")
    assert (code, err) == (2, "pearls: --heuristic serves the methods astar, idastar, not bfs\n")
    refused = web.solve({"puzzle": "eight", "method": "bfs", "options": {"heuristic": "manhattan"}})
    assert refused["outcome"] == "--heuristic serves the methods astar, idastar, not bfs"


def test_every_solution_is_said_in_the_moves_words_not_json(capsys: Capture) -> None:
    _, out, _ = run(capsys, "solve", "knight", "--all")
    lines = [line for line in out.splitlines() if line.startswith("solution ")]
    assert len(lines) == 4 and not any("[" in line or "{" in line for line in lines)
    squares = [tuple(map(int, s.split(","))) for s in lines[0].split(": ")[1].split()]
    assert max(map(max, squares)) == 4 and min(map(min, squares)) == 1  # counted from 1
    _, out, _ = run(capsys, "solve", "colour", "--example", "wheel", "--all")
    assert out.startswith("solution 1: hub:red a:blue") and "{" not in out


def test_a_generated_rush_hour_names_its_unit(capsys: Capture) -> None:
    _, out, _ = run(capsys, "generate", "rushhour", "--json")
    assert "slides" in json.loads(out) and "length" not in json.loads(out)


def test_every_pandigital_method_says_its_name_and_what_it_finds(capsys: Capture) -> None:
    said = {}
    for method in PUZZLES["pandigital"].methods:
        _, out, _ = run(capsys, "solve", "pandigital", "--method", method, "--json")
        said[method] = json.loads(out)
        assert said[method]["method"] == method
    assert said["all"]["count"] == 2 and said["backtrack"]["numbers"] == [1267, 1268, 1269]


def test_an_analysis_draws_a_dozen_farthest_positions_and_says_how_many_more(
    capsys: Capture,
) -> None:
    _, out, _ = run(capsys, "analyze", "pandigital")
    assert len(out.splitlines()) < 100
    assert "... and 1,126 more farthest states (the JSON lists all)" in out
    _, out, _ = run(capsys, "analyze", "pandigital", "--json")
    assert len(json.loads(out)["farthest"]) == 1_138


def test_a_negative_limit_says_it_must_be_at_least_zero(capsys: Capture) -> None:
    code, _, err = run(capsys, "solve", "hanoi", "--max-states", "-5")
    assert (code, err) == (
        2,
        "pearls: --max-states must be a whole number of at least 0, not '-5'\n",
    )


def test_a_graph_whose_goal_names_no_node_is_a_bad_board(capsys: Capture) -> None:
    code, _, err = run(capsys, "solve", "graph", "--board", "start a; goal z; a -> b")
    assert (code, err) == (2, "pearls: bad board: the goal 'z' is no node: it is not the "
                           "start, and no edge names it\n")  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["solve", "pandigital", "--example", "pairs", "--numbers", "abc"], "--numbers must be"),
        (["solve", "pandigital", "--example", "pairs", "--numbers", ""], "--numbers must be"),
        (["solve", "pandigital", "--example", "pairs", "--numbers", "-1"], "--numbers must be"),
        (["solve", "pandigital", "--example", "pairs", "--numbers", "²"], "--numbers must be"),
        (["solve", "knight", "--size", ""], "--size takes rows x columns"),
    ],
)
def test_an_option_is_checked_whether_or_not_an_example_is_given(
    capsys: Capture, argv: list[str], says: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and says in err and err.count("\n") == 1


def test_the_browser_refuses_an_example_that_is_no_name_and_a_method_not_offered() -> None:
    examples: list[JSON] = [[1], {"a": 1}]
    for example in examples:
        answer = web.solve({"puzzle": "hanoi", "example": example})
        assert answer["status"] == "error" and "example must be a text" in str(answer["outcome"])
    answer = web.solve({"puzzle": "hanoi", "method": "all"})
    assert answer["status"] == "error" and "no method 'all'" in str(answer["outcome"])


# --- the docs agree with the registry ---------------------------------------------------------


def test_the_readme_table_names_every_puzzle_and_no_other() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = [line for line in readme.splitlines() if re.match(r"\| .* \| `", line)]
    named = {n for row in rows for n in re.findall(r"`([a-z]+)`", row.split("|")[2])}
    assert named == set(PUZZLES)


def test_the_command_lines_listing_in_the_docs_is_what_pearls_list_prints(
    capsys: Capture,
) -> None:
    page = (ROOT / "docs" / "command-line.md").read_text(encoding="utf-8")
    shown = page.split("$ pearls list\n", 1)[1].split("```", 1)[0].splitlines()
    _, out, _ = run(capsys, "list")
    assert shown == out.splitlines()


def test_the_playground_page_has_one_element_of_each_id() -> None:
    page = (ROOT / "docs" / "playground.md").read_text(encoding="utf-8")
    ids = re.findall(r'id="([^"]+)"', page)
    title = re.search(r"^# (.+)$", page, re.MULTILINE)
    heading = [] if title is None else [title[1].lower().replace(" ", "-")]
    assert len(ids + heading) == len(set(ids + heading))


def test_the_two_browser_checks_give_the_same_advice_for_a_chromium() -> None:
    for check in ("check_site.py", "check_playground.py"):
        text = (ROOT / "docs" / check).read_text(encoding="utf-8")
        assert text.count("apt-get install") <= 1
    assert "from check_site import INSTALL" in (ROOT / "docs" / "check_playground.py").read_text(
        encoding="utf-8"
    )


def test_the_library_ships_no_docs_tooling() -> None:
    modules = (ROOT / "pearls").rglob("*.py")
    assert not [m for m in modules if "doctest" in imported(m)]
