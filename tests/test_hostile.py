"""Hostile input, derived from the registry: every puzzle's parser and every option of
every command, given damaged boards and bad values through an argument, a file and
stdin.  Whatever comes in, the command line answers with an exit code it documents
(0, 1, 2 or 3), at most one line on stderr (for 2, exactly one, never a traceback),
within its limits.

``make fuzz`` (``HYPOTHESIS_PROFILE=fuzz``) tries every bad value on every option and
every damaged board through every channel, and any text hypothesis makes, at length;
``make test`` tries a sample with each kind of value and damage.
"""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pearls.cli import main
from pearls.description import Description
from pearls.registry import PUZZLES

LIMITS = ["--max-states", "20000", "--timeout", "5"]  # each run stops within seconds
HUGE = "9" * 5_000  # more digits than int() takes
DEEP = "[" * 200_000 + "]" * 200_000  # JSON nested deeper than any recursion limit
EVERY_BAD_VALUE = ["", "0", "-1", "²", "٣", HUGE, "x" * 200, "1e9", "nan", " 3 ", "3x", "\x00"]
# make fuzz tries every value on every option; make test a sample that still has each kind
FUZZ = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"
BAD_VALUES = EVERY_BAD_VALUE if FUZZ else ["", "-1", "²", HUGE, "x" * 200, "\x00"]


def damaged(text: str) -> Iterator[tuple[str, str]]:
    """Named damages of a board's text: cut, doubled, odd characters in, its numbers
    made huge, nested JSON, and a text near the size cap."""
    middle = len(text) // 2
    yield "empty", ""
    yield "first-half", text[:middle]
    yield "second-half", text[middle:]
    yield "doubled", text + text
    yield "superscript", text[:middle] + "²" + text[middle + 1 :]
    yield "arabic-digit", text[:middle] + "٣" + text[middle + 1 :]
    yield "nul", text[:middle] + "\x00" + text[middle:]
    yield "huge-numbers", re.sub(r"[0-9]+", HUGE, text) if re.search("[0-9]", text) else HUGE
    yield "deep-json", DEEP
    yield "repeated", (text + "\n") * (900_000 // (len(text) + 1))


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str]:
    """The exit code and stderr of ``pearls argv``, checked: a documented code, and the
    error (if any) in one line (a batch reports its boards' errors on stdout)."""
    code = main(argv)
    _, err = capsys.readouterr()
    assert code in (0, 1, 2, 3), (code, err[-500:])
    assert "Traceback" not in err
    assert err.count("\n") <= 1, err[-500:]
    assert code != 2 or err.startswith("pearls: ") or "--batch" in argv, err[-500:]
    return code, err


def default_text(d: Description) -> str:
    """The text of a puzzle's default example."""
    return d.examples[next(iter(d.examples))]


def board_cases() -> list[object]:
    """``(puzzle, damage, text)`` for every puzzle and damage."""
    return [
        pytest.param(name, text, id=f"{name}-{damage}")
        for name, d in PUZZLES.items()
        for damage, text in damaged(default_text(d))
    ]


@pytest.mark.parametrize(("name", "text"), board_cases())
def test_a_damaged_board_as_an_argument(
    capsys: pytest.CaptureFixture[str], name: str, text: str
) -> None:
    run(capsys, ["solve", name, "--board", text, *LIMITS])


@pytest.mark.parametrize(("name", "text"), board_cases()[:: 1 if FUZZ else 3])
def test_a_damaged_board_in_a_file_and_on_stdin(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    name: str,
    text: str,
) -> None:
    board = tmp_path / "board.txt"
    board.write_text(text, encoding="utf-8")
    run(capsys, ["analyze", name, "--board", str(board), *LIMITS])
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    run(capsys, ["solve", name, "--board", "-", *LIMITS])


@pytest.mark.parametrize(("name", "text"), board_cases()[1 :: 1 if FUZZ else 3])
def test_a_damaged_board_on_one_line_of_a_batch(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, text: str
) -> None:
    batch = tmp_path / "batch.txt"
    lines = [default_text(PUZZLES[name]), text]
    batch.write_text("".join(" ".join(line.split("\n")) + "\n" for line in lines), "utf-8")
    run(capsys, ["solve", name, "--batch", str(batch), "--json", *LIMITS])


def option_cases() -> list[object]:
    """``(command, puzzle, option, value)`` for every option each command takes."""
    return [
        pytest.param(command, name, o.name, value, id=f"{command}-{name}-{o.name}-{i}")
        for name, d in PUZZLES.items()
        for command in ("solve", "analyze", "generate")
        if command != "generate" or d.generate is not None
        for o in d.options_of(command)
        for i, value in enumerate(BAD_VALUES)
    ]


@pytest.mark.parametrize(("command", "name", "option", "value"), option_cases())
def test_a_bad_option_value(
    capsys: pytest.CaptureFixture[str], command: str, name: str, option: str, value: str
) -> None:
    run(capsys, [command, name, f"--{option}", value, *LIMITS])


@pytest.mark.parametrize(
    "argv",
    [
        ["generate", "rushhour", "--cars", "²"],
        ["solve", "sliding", "--size", "²x3"],
        ["solve", "sliding", "--size", f"{HUGE}x3"],
        ["solve", "hanoi", "--discs", HUGE],
        ["solve", "flipit", "--cells", HUGE],
        ["solve", "colour", "--colours", HUGE],
        ["solve", "river", "--couples", HUGE],
        ["solve", "river", "--boat", HUGE],
        ["solve", "knight", "--board", f"{HUGE}x{HUGE}"],
        ["solve", "pandigital", "--board", f"{HUGE} 0-9"],
        ["solve", "eight", "--board", f"{HUGE} 1 2 / 3 4 5 / 6 7 8"],
        ["solve", "colour", "--board", f'{{"a": [{HUGE}]}}'],
        ["solve", "graph", "--board", f'{{"start": {HUGE}, "goal": "b"}}'],
        ["solve", "graph", "--board", DEEP],
        ["solve", "hanoi", "--method", "direct", "--discs", "64", "--moves"],
        ["generate", "fifteen", "--count", "100000000"],
        ["analyze", "fifteen"],
        ["analyze", "sliding", "--size", "5x5"],
        ["solve", "rushhour", "--seed", "1"],
        ["solve", "rushhour", "--cars", "3"],
    ],
    ids=lambda argv: " ".join(a[:12] for a in argv),
)
def test_the_cases_that_once_failed(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _ = run(capsys, [*argv, *LIMITS])
    assert code in (2, 3)


@given(st.sampled_from(sorted(PUZZLES)), st.text(max_size=200))
def test_any_text_is_a_board_or_one_line(name: str, text: str) -> None:
    """Any text through the command line: a documented exit and at most one line."""
    with pytest.MonkeyPatch.context() as patch:
        out, err = io.StringIO(), io.StringIO()
        patch.setattr(sys, "stdout", out)
        patch.setattr(sys, "stderr", err)
        code = main(["solve", name, "--board", text, *LIMITS])
    assert code in (0, 1, 2, 3)
    assert "Traceback" not in err.getvalue() and err.getvalue().count("\n") <= 1
