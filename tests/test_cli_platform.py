"""What a description may declare beyond a board, through the command line: options, a
usual start, an answer of its own, every solution, batches and generated problems.

A toy puzzle, climbing stairs one or two at a time, declares all of it, so these tests
need no real puzzle: ``moves`` are 1 and 2, ``solved`` is standing on the top step.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from pearls import cli, frontend, methods
from pearls.description import (
    JSON,
    Description,
    Generated,
    Problem,
    Settings,
    choice,
    whole,
)
from pearls.errors import BoardError, OptionError
from pearls.limits import Meter
from pearls.types import Puzzle

Capture = pytest.CaptureFixture[str]


def stairs(top: int) -> Puzzle[tuple[int, ...], int]:
    """Climb from the ground to step ``top``; the state is the steps stood on."""
    return Puzzle(
        moves=lambda q: [m for m in (1, 2) if q[-1] + m <= top],
        move=lambda q, m: (*q, q[-1] + m),
        solved=lambda q: q[-1] == top,
    )


TOP = whole("top", "the step to reach", 4, 1, 100)


def parse(text: str, settings: Settings) -> Problem[tuple[int, ...], int]:
    """A start step as text; ``--top`` the step to reach."""
    if not text.strip().isdigit():
        raise BoardError(f"a step is a number, not {text!r}")
    climb = stairs(settings[TOP])
    steps: methods.Answer[tuple[int, ...]] = methods.Answer("steps", list)
    return Problem(
        puzzle=climb,
        start=(int(text),),
        methods={
            "bfs": methods.Method(methods.bfs(climb).run, "breadth first", True, steps),
            "dfs": methods.Method(methods.dfs(climb).run, "depth first", False, steps),
            "all": methods.every(climb, answer=steps),
        },
        show=lambda q: f"on step {q[-1]}",
        state_json=lambda q: q[-1],
        move_json=lambda q, m: m,
        words=lambda q, m: f"up {m}",
        notation=lambda q, m: f"+{m}",
    )


def generate(settings: Settings, seed: int, meter: Meter) -> Iterator[Generated]:
    """Random starts below the top, from ``seed``."""
    rng = random.Random(seed)
    top = settings[TOP]
    while True:
        step = rng.randrange(top)
        fields: dict[str, JSON] = {"board": str(step), "top": top}
        yield Generated(str(step), f"on step {step}", fields)


STAIRS = Description(
    name="stairs",
    title="Stairs, one or two at a time",
    text_form="The step to start from.",
    parse=parse,
    examples={"ground": "0", "halfway": "2"},
    options=(TOP, choice("pace", "how to climb", "any", ("any", "steady"))),
    standard=lambda settings: "0",
    generate=generate,
)


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy puzzle is the only puzzle the command line knows."""
    monkeypatch.setattr(cli, "PUZZLES", {"stairs": STAIRS})
    monkeypatch.setattr(frontend, "PUZZLES", {"stairs": STAIRS})


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``pearls argv``."""
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_an_option_reaches_the_puzzle_and_the_answer_has_its_own_key(capsys: Capture) -> None:
    code, out, err = run(capsys, "solve", "stairs", "--top", "5", "--json")
    assert (code, err) == (0, "")
    answer = json.loads(out)
    assert set(answer) == {"puzzle", "method", "steps", "stats"}
    assert answer["steps"] == [0, 1, 3, 5]


def test_without_a_board_the_usual_start_is_solved(capsys: Capture) -> None:
    code, out, _ = run(capsys, "solve", "stairs", "--example", "halfway", "--json")
    assert json.loads(out)["steps"] == [2, 4]
    code, out, _ = run(capsys, "solve", "stairs")
    assert code == 0
    assert out.splitlines()[0] == "on step 4"
    assert out.splitlines()[-1].startswith("steps found (bfs, ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--pace", "sprint"], "argument --pace: invalid choice: 'sprint'"),
        (["--top", "four"], "--top must be a whole number from 1 to 100, not 'four'"),
        (["--board", "x"], "bad board: a step is a number, not 'x'"),
        (["--all", "--svg", "out"], "unrecognized arguments: --svg out"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(
    capsys: Capture, argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "solve", "stairs", *argv)
    assert (code, out) == (2, "")
    assert message in err
    assert len(err.splitlines()) == 1


def fibonacci(n: int) -> int:
    """The ways to climb ``n`` steps one or two at a time."""
    a, b = 1, 1
    for _ in range(n):
        a, b = b, a + b
    return a


@pytest.mark.parametrize("top", [1, 4, 7])
def test_all_lists_every_solution_and_counts_them(capsys: Capture, top: int) -> None:
    code, out, _ = run(capsys, "solve", "stairs", "--top", str(top), "--all", "--json")
    found = json.loads(out)
    assert code == 0
    assert found["count"] == len(found["solutions"]) == fibonacci(top)
    assert len({tuple(s) for s in found["solutions"]}) == found["count"]
    assert all(s[0] == 0 and s[-1] == top for s in found["solutions"])
    _, text, _ = run(capsys, "solve", "stairs", "--top", str(top), "--all")
    assert text.splitlines()[-1].startswith(f"{fibonacci(top)} solution")


def test_a_batch_reports_each_board_and_exits_with_the_worst(
    capsys: Capture, tmp_path: Path
) -> None:
    batch = tmp_path / "boards.txt"
    batch.write_text("0\n\n3\nx\n", encoding="utf-8")
    code, out, err = run(capsys, "solve", "stairs", "--batch", str(batch), "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert (code, err) == (2, "")
    assert [line["line"] for line in lines] == [1, 3, 4]
    assert lines[0]["steps"] == [0, 2, 4]
    assert lines[1]["steps"] == [3, 4]
    assert "a step is a number" in lines[2]["error"]


def test_a_missing_batch_file_is_bad_input(capsys: Capture, tmp_path: Path) -> None:
    code, out, err = run(capsys, "solve", "stairs", "--batch", str(tmp_path / "none"))
    assert (code, out) == (2, "")
    assert "cannot read batch file" in err


def test_generate_is_seeded_and_stops_at_the_count(capsys: Capture) -> None:
    argv = ["generate", "stairs", "--top", "9", "--seed", "7", "--count", "3", "--json"]
    code, out, _ = run(capsys, *argv)
    again = run(capsys, *argv)[1]
    made = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert out == again
    assert len(made) == 3
    assert all(m["puzzle"] == "stairs" and m["top"] == 9 for m in made)
    other = run(capsys, *argv[:5], "8", *argv[6:])[1]
    assert other != out


def test_an_unknown_setting_is_refused_by_the_description() -> None:
    with pytest.raises(OptionError, match="no option --floors here"):
        STAIRS.settings({"floors": "3"})
    assert STAIRS.settings({"top": "9"})[TOP] == 9


def test_analysis_from_the_goals_needs_a_puzzle_that_lists_them(capsys: Capture) -> None:
    code, out, _ = run(capsys, "analyze", "stairs", "--json")
    assert (code, json.loads(out)["histogram"]) == (0, [1, 2, 4, 4, 1])  # climbs of d moves
    code, out, err = run(capsys, "analyze", "stairs", "--from-goals")
    assert (code, out) == (2, "")
    assert err == (
        "pearls: --from-goals: this puzzle's moves cannot all be undone, so its distances "
        "count from the start\n"
    )
