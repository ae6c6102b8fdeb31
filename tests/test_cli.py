"""The command line: JSON that replays, human output, board sources, exit codes."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

import pytest

from pearls import cli, search
from pearls.cli import main
from pearls.description import JSON
from pearls.limits import Meter
from pearls.puzzles import rushhour
from pearls.puzzles.rushhour import Grid, Move
from pearls.puzzles.rushhour import text as rt

EXAMPLES: dict[str, Grid] = {
    "g1": rushhour.g1,
    "p1": rushhour.p1,
    "p2": rushhour.p2,
    "p3": rushhour.p3,
    "p4": rushhour.p4,
}


def limited() -> Meter:
    """A meter far above what any honest search here needs (a cluster of the examples
    has 4,780 positions), so that a search gone wrong stops in seconds."""
    return Meter(max_states=50_000, timeout=30)


SOLVERS: dict[str, Callable[[Grid], list[Move] | None]] = {
    "bfs": lambda g: search.bfsolve(limited().watch(rushhour.puzzle), g),
    "plan": lambda g: search.psolve(limited().watch_planner(rushhour.planner), g),
    "dfs": lambda g: search.dfsolve(limited().watch(rushhour.puzzle), g),
}
BOOK_BFS = {"g1": 34, "p1": 34, "p2": 18, "p3": 55, "p4": 81}
G1_ROWS = ("BCDEFF", "BCDEGH", "B.AAGH", "..IIIH", "..J.KK", "LLJ.MM")
# Two trucks fill column 5, so cell 19 never frees and the special car never gets out.
BOXED_IN = "....B. ....B. AA..B. ....C. ....C. ....C."

Capture = pytest.CaptureFixture[str]
# Limits for every search here, far above what any honest one needs (a Rush Hour cluster of
# the examples has 4,780 positions), so that a search gone wrong stops in seconds.
BOUNDED = ("--max-states", "50000", "--timeout", "30")


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``pearls argv``."""
    code = main(["solve", "rushhour", *BOUNDED, *argv])
    out, err = capsys.readouterr()
    return code, out, err


def solve_json(capsys: Capture, *argv: str) -> dict[str, object]:
    """The JSON object of a run that succeeds, checking that nothing else is printed."""
    code, out, err = run(capsys, *argv, "--json")
    assert (code, err) == (0, "")
    obj = json.loads(out)
    assert isinstance(obj, dict)
    assert list(obj) == ["puzzle", "method", "length", "moves", "states", "stats"]
    stats = obj["stats"]
    assert isinstance(stats, dict) and list(stats) == ["expanded", "seconds"]
    assert stats["expanded"] > 0 and stats["seconds"] >= 0
    return obj


@cache
def solution(example: str, method: str) -> tuple[Move, ...]:
    """The module's own solution, computed once per test session."""
    ms = SOLVERS[method](EXAMPLES[example])
    assert ms is not None
    return tuple(ms)


def one_line_error(code: int, out: str, err: str) -> str:
    """The one stderr line of a run that failed with exit code 2."""
    assert (code, out) == (2, "")
    assert err.startswith("pearls: ") and err.count("\n") == 1 and "Traceback" not in err
    return err


def moves_json(g: Grid, ms: Sequence[Move]) -> list[dict[str, JSON]]:
    """The moves ``ms`` from ``g`` as the command line's JSON says them."""
    said = []
    for m in ms:
        said.append(rt.move_json(g, m))
        g = rushhour.move(g, m)
    return said


def replay(obj: dict[str, object], start: Grid) -> list[Grid]:
    """Replay the object's moves legally from ``start``; the states, checked against it."""
    moves, states = obj["moves"], obj["states"]
    assert isinstance(moves, list) and isinstance(states, list)
    assert obj["length"] == len(moves) == len(states) - 1
    grids = [start]
    for shown, state in zip(moves, states[1:], strict=True):
        (m,) = [m for m in rushhour.moves(grids[-1]) if rt.move_json(grids[-1], m) == shown]
        grids.append(rushhour.move(grids[-1], m))
        assert state == rt.show(grids[-1], sep="")
    assert states[0] == rt.show(start, sep="")
    assert rushhour.solved(grids[-1])
    return grids


@pytest.mark.parametrize("method", list(SOLVERS))
@pytest.mark.parametrize("example", list(EXAMPLES))
def test_json_replays_to_a_solved_board(capsys: Capture, example: str, method: str) -> None:
    obj = solve_json(capsys, "--example", example, "--method", method)
    assert (obj["puzzle"], obj["method"]) == ("rushhour", method)
    replay(obj, EXAMPLES[example])
    assert obj["moves"] == moves_json(EXAMPLES[example], solution(example, method))
    if method == "bfs":
        assert obj["length"] == BOOK_BFS[example]


def test_defaults_are_g1_and_bfs(capsys: Capture) -> None:
    obj = solve_json(capsys)
    assert obj["method"] == "bfs"
    assert obj["moves"] == moves_json(EXAMPLES["g1"], solution("g1", "bfs"))


@pytest.mark.parametrize(
    "text",
    [
        "".join(G1_ROWS),
        " ".join(G1_ROWS),
        "\n".join(f"  {row}" for row in G1_ROWS) + "\n",
        " ".join(" ".join(row) for row in G1_ROWS).replace(".", "o"),
    ],
    ids=["one-line", "spaces", "indented-lines", "spaced-cells-o"],
)
def test_board_text_in_every_form(capsys: Capture, text: str) -> None:
    obj = solve_json(capsys, "--board", text)
    assert obj["moves"] == moves_json(EXAMPLES["g1"], solution("g1", "bfs"))
    states = obj["states"]
    empty = "o" if "o" in text else "."  # the author's own symbol for an empty cell
    assert isinstance(states, list) and states[0] == "".join(G1_ROWS).replace(".", empty)


def test_board_from_file(capsys: Capture, tmp_path: Path) -> None:
    board = tmp_path / "p3.txt"
    board.write_text(rt.show(rushhour.p3) + "\n")
    obj = solve_json(capsys, "--board", str(board), "--method", "plan")
    assert obj["moves"] == moves_json(EXAMPLES["p3"], solution("p3", "plan"))


def test_board_from_stdin(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(rt.show(rushhour.p2)))
    obj = solve_json(capsys, "--board", "-")
    assert obj["moves"] == moves_json(EXAMPLES["p2"], solution("p2", "bfs"))


@pytest.mark.parametrize("example", ["g1", "p4"])
def test_human_output_draws_every_board_and_counts(capsys: Capture, example: str) -> None:
    code, out, err = run(capsys, "--example", example)
    assert (code, err) == (0, "")
    ms = solution(example, "bfs")
    blocks = out.split("\n\n")
    assert re.fullmatch(rf"solved in {len(ms)} moves \(bfs, [\d,]+ states expanded\)\n", blocks[-1])
    grids = [EXAMPLES[example]]
    for m in ms:
        grids.append(rushhour.move(grids[-1], m))
    assert len(blocks) == len(grids) + 1
    for i, (block, g) in enumerate(zip(blocks, grids, strict=False)):
        heading, board = block.split("\n", 1)
        words = "" if i == 0 else rt.words(grids[i - 1], ms[i - 1])
        assert heading == ("start" if i == 0 else f"move {i}: {words}")
        assert board == rt.show(g)


def test_printed_start_board_parses_back(capsys: Capture) -> None:
    for example, g in EXAMPLES.items():
        _, out, _ = run(capsys, "--example", example, "--method", "plan")
        start = out.split("\n\n")[0].removeprefix("start\n")
        assert rt.parse(start) == g


def test_move_words() -> None:
    describe = rt.words
    assert describe(rushhour.g1, (0, 16)) == "A left 1"
    assert describe(rushhour.g1, (0, 19)) == "A right 1"
    assert describe(rushhour.g1, (6, 5)) == "G up 1"
    assert describe(rushhour.g1, (6, 26)) == "G down 1"


def test_json_moves_name_the_vehicle_and_its_cell(capsys: Capture) -> None:
    moves = solve_json(capsys, "--example", "g1")["moves"]
    assert isinstance(moves, list)
    assert moves[:4] == [
        {"vehicle": "C", "from": [0, 1], "to": [1, 1]},
        {"vehicle": "C", "from": [1, 1], "to": [2, 1]},
        {"vehicle": "C", "from": [2, 1], "to": [3, 1]},
        {"vehicle": "A", "from": [2, 2], "to": [2, 1]},
    ]


def test_a_one_move_solution_says_move(capsys: Capture) -> None:
    code, out, _ = run(capsys, "--board", "." * 15 + "AA" + "." * 19)
    assert code == 0
    solved = "\n".join(["......", "......", "....AA", "......", "......", "......"])
    assert out.endswith(
        f"\nmove 1: A right 1\n{solved}\n\nsolved in 1 move (bfs, 1 state expanded)\n"
    )


def test_boxed_in_board_really_has_no_solution() -> None:
    g = rt.parse(BOXED_IN)
    assert [f(g) for f in SOLVERS.values()] == [None, None, None]


@pytest.mark.parametrize("method", list(SOLVERS))
def test_no_solution_exits_1(capsys: Capture, method: str) -> None:
    code, out, err = run(capsys, "--board", BOXED_IN, "--method", method)
    assert (code, err) == (1, "")
    assert re.fullmatch(rf"no solution exists \({method}, [\d,]+ states expanded\)\n", out)
    code, out, err = run(capsys, "--board", BOXED_IN, "--method", method, "--json")
    assert (code, err) == (1, "")
    obj = json.loads(out)
    assert obj.pop("stats")["expanded"] > 0
    assert obj == {
        "puzzle": "rushhour",
        "method": method,
        "length": None,
        "moves": None,
        "states": ["".join(BOXED_IN.split())],
    }


ROWS = ".....B .....B AA.... ...... ...... ......"
BAD_BOARDS = {
    "unknown character '?' at row 4, column 4": " ".join(G1_ROWS).replace("..IIIH", "..I?IH"),
    "a board has 36 cells (6 rows of 6), this text has 35": " ".join(G1_ROWS)[:-1],
    "no special car": ROWS.replace("A", "."),
    "covers 4 cell(s)": ROWS.replace("......", "CCCC..", 1),
    "is bent": ROWS.replace("......", "C.....", 1).replace("......", "CC....", 1),
    "separate pieces": ROWS.replace("......", "C....C", 1),
    "special car": "AA...." + ROWS[6:].replace("A", "."),
}


@pytest.mark.parametrize(("what", "text"), BAD_BOARDS.items(), ids=list(BAD_BOARDS))
def test_bad_board_text_exits_2_with_one_line(capsys: Capture, what: str, text: str) -> None:
    err = one_line_error(*run(capsys, "--board", text))
    assert err.startswith("pearls: bad board") and what in err


def test_bad_board_names_where(capsys: Capture) -> None:
    _, _, err = run(capsys, "--board", BAD_BOARDS["unknown character '?' at row 4, column 4"])
    assert err.startswith("pearls: bad board: unknown character '?' at row 4, column 4")


def test_bad_file_contents_name_the_file(capsys: Capture, tmp_path: Path) -> None:
    board = tmp_path / "bad.txt"
    board.write_text("BCDEFF\nBCDEGH\n")
    err = one_line_error(*run(capsys, "--board", str(board)))
    assert f"bad board in file {str(board)!r}: a board has 36 cells" in err


def test_unreadable_files(capsys: Capture, tmp_path: Path) -> None:
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00board")
    assert "not UTF-8" in one_line_error(*run(capsys, "--board", str(binary)))
    assert "cannot read board file" in one_line_error(*run(capsys, "--board", str(tmp_path)))
    missing = str(tmp_path / "missing.txt")
    assert f"no file named {missing!r}" in one_line_error(*run(capsys, "--board", missing))


def test_empty_stdin(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    err = one_line_error(*run(capsys, "--board", "-"))
    assert (
        err == "pearls: bad board on stdin: a board has 36 cells (6 rows of 6), this text has 0\n"
    )


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["solve"],
        ["solve", "sokoban"],
        ["analyze"],
        ["analyze", "rushhour", "--method", "bfs"],
        ["list", "rushhour"],
        ["solve", "rushhour", "--max-states"],
        ["solve", "rushhour", "--timeout"],
        ["solve", "rushhour", "--json", "--moves"],
        ["solve", "rushhour", "--example", "g9"],
        ["solve", "rushhour", "--example", "g1", "--board", " ".join(G1_ROWS)],
        ["solve", "rushhour", "--board"],
        ["solve", "rushhour", "--frobnicate"],
        ["solve", "rushhour", "extra"],
    ],
)
def test_bad_arguments_exit_2_with_one_line(capsys: Capture, argv: list[str]) -> None:
    code = main(argv)
    out, err = capsys.readouterr()
    assert one_line_error(code, out, err).startswith("pearls: bad arguments: ")


def test_a_misspelled_option_points_to_its_own_help(capsys: Capture) -> None:
    err = one_line_error(*run(capsys, "--exmaple", "p1"))
    assert err.endswith("(see 'pearls solve rushhour --help')\n")


def test_unknown_example_names_the_choices(capsys: Capture) -> None:
    err = one_line_error(*run(capsys, "--example", "g9"))
    assert "--example: invalid choice: 'g9'" in err and "'p4'" in err


@pytest.mark.parametrize("argv", [["--help"], ["solve", "--help"], ["solve", "rushhour", "-h"]])
def test_help_exits_0(capsys: Capture, argv: list[str]) -> None:
    assert main(argv) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("usage: pearls")


def test_interrupt_exits_130(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    class Interrupted(io.StringIO):
        def read(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Interrupted())
    assert run(capsys, "--board", "-") == (130, "", "pearls: interrupted\n")


class Terminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    monkeypatch.setattr(cli, "PROGRESS_EVERY", 0.0)  # a line at every expansion
    tty = Terminal()
    monkeypatch.setattr(sys, "stderr", tty)
    assert main(["solve", "rushhour", "--example", "p4", "--json", *BOUNDED]) == 0
    lines = tty.getvalue().split("\r")
    assert all(re.fullmatch(PROGRESS, line) for line in lines[1:-2]), lines[:3]
    assert len(lines) > 100 and lines[0] == lines[-1] == "" and lines[-2].strip() == ""
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    assert main(["solve", "rushhour", "--example", "p4", "--json", *BOUNDED]) == 0
    assert pipe.getvalue() == ""
    assert capsys.readouterr().err == ""


PROGRESS = r"searching \(bfs\): [\d,]+ states expanded, [\d,]+ generated, [\d,]+/s, \d+\.\d s"


def python_m_pearls(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m pearls argv`` in a fresh interpreter."""
    command = [sys.executable, "-m", "pearls", "solve", "rushhour", *BOUNDED, *argv]
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=60)


def test_python_m_pearls_solves() -> None:
    done = python_m_pearls("--example", "p2", "--json")
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["length"] == 18


@pytest.mark.parametrize(
    ("argv", "stdin", "code"),
    [
        (["--board", "BCDEFF BCDEGH B.AAGH ..I?IH ..J.KK LLJ.MM"], "", 2),
        (["--method", "astar"], "", 2),
        (["--board", "-"], "", 2),
        (["--board", "-"], BOXED_IN, 1),
    ],
)
def test_python_m_pearls_exit_codes(argv: list[str], stdin: str, code: int) -> None:
    done = python_m_pearls(*argv, stdin=stdin)
    assert done.returncode == code
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == (1 if code == 2 else 0)


def test_closed_pipe_is_no_traceback() -> None:
    command = [sys.executable, "-m", "pearls", "solve", "rushhour", "--method", "dfs", *BOUNDED]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        assert proc.stdout.read(6) == "start\n"
        proc.stdout.close()
        err = proc.stderr.read()
        assert proc.wait(timeout=60) == 141
    assert err == ""


def test_processes_started_while_workers_are_unheard_write_their_errors_nowhere(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """Within, a child process's standard error goes nowhere while the command's own
    messages still reach the real one; on leaving, standard error is whole again."""
    speak = [sys.executable, "-c", "import sys; sys.stderr.write('worker ')"]
    with open(2, "w", closefd=False) as real, cli._workers_unheard(real) as told:
        subprocess.run(speak, check=True)
        told.write("command ")
    subprocess.run(speak, check=True)
    assert capfd.readouterr().err == "command worker "


def test_a_method_not_offered_is_refused_in_the_words_of_the_browser(capsys: Capture) -> None:
    code, out, err = run(capsys, "--method", "astar")
    said = "no method 'astar' for this problem: it offers bfs, plan, dfs"
    assert (code, out, err) == (2, "", f"pearls: {said}\n")
