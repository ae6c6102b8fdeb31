"""The command line beyond ``solve rushhour``: every registered puzzle, ``analyze``,
``list``, iterative deepening, limits, drawings, the user's letters, and output that is
the same under any hash seed."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections import deque
from collections.abc import Sequence
from contextlib import redirect_stdout
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pearls.cli import main
from pearls.puzzles import rushhour
from pearls.puzzles.rushhour import text as rt
from pearls.registry import PUZZLES

Capture = pytest.CaptureFixture[str]


def bounded(argv: Sequence[str]) -> list[str]:
    """``argv`` with limits far above what any honest search here needs, so that a search
    gone wrong stops in seconds; limits given in ``argv`` itself come later and win."""
    if argv[:1] in (["solve"], ["analyze"]) and len(argv) > 1:
        return [*argv[:2], "--max-states", "50000", "--timeout", "30", *argv[2:]]
    return list(argv)


def pearls(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``pearls argv``."""
    code = main(bounded(argv))
    out, err = capsys.readouterr()
    return code, out, err


def json_of(capsys: Capture, *argv: str) -> dict[str, object]:
    """The JSON object that a successful ``pearls argv --json`` prints, alone."""
    code, out, err = pearls(capsys, *argv, "--json")
    assert (code, err) == (0, "")
    obj = json.loads(out)
    assert isinstance(obj, dict)
    return obj


# An independent model of Rush Hour on the 36-character text form: no code shared with
# pearls.puzzles.rushhour, so the analysis is checked against a second implementation.


def text_moves(board: str) -> list[str]:
    """Every board one slide of one cell away."""
    boards = []
    for letter in sorted(set(board) - {"."}):
        cells = [i for i, c in enumerate(board) if c == letter]
        step = 1 if cells[1] - cells[0] == 1 else 6
        for target, vacated in ((cells[-1] + step, cells[0]), (cells[0] - step, cells[-1])):
            in_line = 0 <= target < 36 and (step == 6 or target // 6 == cells[0] // 6)
            if in_line and board[target] == ".":
                cells_after = list(board)
                cells_after[target], cells_after[vacated] = letter, "."
                boards.append("".join(cells_after))
    return boards


def text_cluster(board: str) -> dict[str, int]:
    """The distance of every board reachable from ``board``."""
    distance = {board: 0}
    queue = deque([board])
    while queue:
        b = queue.popleft()
        for c in text_moves(b):
            if c not in distance:
                distance[c] = distance[b] + 1
                queue.append(c)
    return distance


def assert_analysis_agrees(obj: dict[str, object], board: str) -> None:
    """The CLI's analysis of ``board`` against the independent one."""
    distance = text_cluster(board)
    far = max(distance.values())
    histogram = [0] * (far + 1)
    for d in distance.values():
        histogram[d] += 1
    assert obj["states"] == len(distance)
    assert obj["max_distance"] == far
    assert obj["histogram"] == histogram
    farthest = obj["farthest"]
    assert isinstance(farthest, list)
    assert sorted(farthest) == sorted(b for b, d in distance.items() if d == far)


@pytest.mark.parametrize("example", ["p1", "p2", "p3"])
def test_analyze_rushhour_agrees_with_an_independent_search(capsys: Capture, example: str) -> None:
    obj = json_of(capsys, "analyze", "rushhour", "--example", example, "--from-start")
    assert list(obj) == [
        "puzzle", "from", "states", "max_distance", "histogram", "farthest", "stats"
    ]  # fmt: skip
    assert obj["puzzle"] == "rushhour"
    board = rt.show(getattr(rushhour, example), sep="")
    assert_analysis_agrees(obj, board)


def test_p1s_cluster_has_4780_positions(capsys: Capture) -> None:
    assert json_of(capsys, "analyze", "rushhour", "--example", "p1")["states"] == 4_780


@st.composite
def sparse_boards(draw: st.DrawFn) -> str:
    """A legal board of the special car and up to four other vehicles, as 36 characters."""
    cells = ["."] * 36
    a = draw(st.integers(12, 16))
    cells[a] = cells[a + 1] = "A"
    for letter in "BCDE"[: draw(st.integers(0, 4))]:
        length, across = draw(st.sampled_from([2, 3])), draw(st.booleans())
        row, col = draw(st.integers(0, 5)), draw(st.integers(0, 5))
        span = [(row, col + i) if across else (row + i, col) for i in range(length)]
        if all(r < 6 and c < 6 and cells[6 * r + c] == "." for r, c in span):
            for r, c in span:
                cells[6 * r + c] = letter
    return "".join(cells)


@settings(max_examples=40)
@given(sparse_boards())
def test_analyze_random_boards_agrees_with_an_independent_search(board: str) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        argv = ["analyze", "rushhour", "--board", board, "--from-start", "--json"]
        assert main(bounded(argv)) == 0
    assert_analysis_agrees(json.loads(out.getvalue()), board)


def test_analyze_prints_histogram_and_farthest(capsys: Capture) -> None:
    code, out, err = pearls(capsys, "analyze", "rushhour", "--example", "p2", "--from-start")
    assert (code, err) == (0, "")
    assert re.match(
        r"[\d,]+ states; the farthest lie \d+ moves from the start \(\d+ states?\)\n", out
    )
    assert "distance  states\n       0  1\n" in out
    assert "farthest 1 of" in out


def test_analyze_graph(capsys: Capture) -> None:
    obj = json_of(capsys, "analyze", "graph", "--example", "ring")
    assert (obj["states"], obj["max_distance"], obj["histogram"]) == (6, 3, [1, 2, 2, 1])
    assert obj["farthest"] == ["3"]


def test_list_names_every_puzzle(capsys: Capture) -> None:
    code, out, _ = pearls(capsys, "list")
    assert code == 0
    for d in PUZZLES.values():
        assert f"{d.name}\n" in out and ", ".join(d.methods) in out
    puzzles = json_of(capsys, "list")["puzzles"]
    assert isinstance(puzzles, list)
    assert [p["name"] for p in puzzles] == list(PUZZLES)
    rush = puzzles[0]
    assert rush["methods"] == ["bfs", "plan", "dfs"]
    assert rush["examples"] == ["g1", "p1", "p2", "p3", "p4"]
    assert rush["drawable"] is True


def test_version(capsys: Capture) -> None:
    assert main(["--version"]) == 0
    assert re.fullmatch(r"pearls \d+\.\d+\.\d+\S*\n", capsys.readouterr().out)


# Iterative deepening against breadth-first search


@pytest.mark.parametrize("example", ["ladder", "ring"])
def test_iddfs_on_graphs(capsys: Capture, example: str) -> None:
    deep = json_of(capsys, "solve", "graph", "--example", example, "--method", "iddfs")
    broad = json_of(capsys, "solve", "graph", "--example", example)
    assert deep["length"] == broad["length"]


def test_iddfs_says_no_solution_once_the_space_is_exhausted(capsys: Capture) -> None:
    code, out, _ = pearls(capsys, "solve", "graph", "--example", "island", "--method", "iddfs")
    assert code == 1 and out.startswith("no solution exists (iddfs")


# Limits


@pytest.mark.parametrize("command", ["solve", "analyze"])
def test_max_states_stops_with_exit_3(capsys: Capture, command: str) -> None:
    code, out, err = pearls(capsys, command, "rushhour", "--example", "p4", "--max-states", "100")
    assert (code, out) == (3, "")
    assert err == (
        "pearls: stopped at the limit of 100 states expanded "
        f"(100 states expanded in {err.split(' in ')[1].split()[0]} s); "
        "--max-states sets this limit\n"
    )


def test_timeout_stops_with_exit_3(capsys: Capture) -> None:
    code, out, err = pearls(capsys, "solve", "flipstar", "--method", "iddfs", "--timeout", "0.2")
    assert (code, out) == (3, "")
    limit = r"pearls: stopped at the time limit of 0.2 s \([\d,]+ states .*\); "
    assert re.fullmatch(limit + r"--timeout sets this limit\n", err)


def test_a_limit_that_is_not_reached_changes_nothing(capsys: Capture) -> None:
    bounded = json_of(capsys, "solve", "rushhour", "--example", "p2", "--max-states", "100000")
    free = json_of(capsys, "solve", "rushhour", "--example", "p2")
    assert bounded["moves"] == free["moves"]
    assert bounded["stats"]["expanded"] == free["stats"]["expanded"]  # type: ignore[index]


# Output forms


def test_moves_alone_on_one_line(capsys: Capture) -> None:
    code, out, _ = pearls(capsys, "solve", "rushhour", "--example", "g1", "--moves")
    assert code == 0
    assert out.startswith("C+1 C+1 C+1 A-1 ") and out.count("\n") == 1
    assert len(out.split()) == 34
    code, out, _ = pearls(
        capsys, "solve", "rushhour", "--example", "p2", "--method", "dfs", "--moves"
    )
    assert code == 0 and out.count("\n") == 1 and len(out.split()) == 2_126


def test_svg_writes_each_position_and_a_viewer(capsys: Capture, tmp_path: Path) -> None:
    folder = tmp_path / "p2"
    code, _, err = pearls(capsys, "solve", "rushhour", "--example", "p2", "--svg", str(folder))
    assert (code, err) == (0, "")
    names = sorted(p.name for p in folder.iterdir())
    assert names == [f"{i:03}.svg" for i in range(19)] + ["index.html"]
    for name in names[:-1]:
        assert ElementTree.parse(folder / name).getroot().tag.endswith("svg")
    assert all(name in (folder / "index.html").read_text() for name in names[:-1])


def test_svg_of_a_puzzle_without_drawing_is_refused(capsys: Capture, tmp_path: Path) -> None:
    code, out, err = pearls(capsys, "solve", "graph", "--svg", str(tmp_path / "g"))
    assert (code, out) == (2, "")
    assert "unrecognized arguments: --svg" in err and err.count("\n") == 1
    assert not (tmp_path / "g").exists()


# The user's own letters


LETTERED = "ZZ..XQ ....XQ AA..X. ..YYY. ...... ......"


def test_a_board_keeps_its_letters(capsys: Capture) -> None:
    obj = json_of(capsys, "solve", "rushhour", "--board", LETTERED)
    states = obj["states"]
    assert isinstance(states, list)
    assert states[0] == "".join(LETTERED.split())
    assert all(sorted(set(s) - {"."}) == ["A", "Q", "X", "Y", "Z"] for s in states)
    code, out, _ = pearls(capsys, "solve", "rushhour", "--board", LETTERED)
    assert code == 0 and out.startswith("start\nZZ..XQ\n....XQ\nAA..X.\n")
    assert "move 1: X up" in out or "move 1: X down" in out or "move 1: Y" in out
    code, out, _ = pearls(capsys, "solve", "rushhour", "--board", LETTERED, "--moves")
    assert set(re.findall(r"[A-Z]", out)) <= set("AQXYZ")


# Graphs on the command line


def test_graph_from_text_and_json(capsys: Capture) -> None:
    text = json_of(capsys, "solve", "graph", "--board", "start a; goal d; a -> b c; c -> d")
    as_json = '{"start": "a", "goal": "d", "edges": {"a": ["b", "c"], "c": ["d"]}}'
    from_json = json_of(capsys, "solve", "graph", "--board", as_json)
    assert (
        text["moves"]
        == from_json["moves"]
        == [
            {"from": "a", "to": "c"},
            {"from": "c", "to": "d"},
        ]
    )
    assert text["states"] == ["a", "c", "d"]


@pytest.mark.parametrize(
    ("board", "what"),
    [
        ("goal d; a -> b", "no start"),
        ("start a; a -> b", "no goal"),
        ("start a; goal b; a => b", "part 3 'a => b'"),
        ('{"start": 1, "goal": "b"}', "a JSON graph is"),
        ("{nope", "not JSON"),
    ],
)
def test_bad_graphs_exit_2(capsys: Capture, board: str, what: str) -> None:
    code, out, err = pearls(capsys, "solve", "graph", "--board", board)
    assert (code, out) == (2, "")
    assert err.startswith("pearls: bad board: ") and what in err and err.count("\n") == 1


# Whole processes: hostile input, and the same bytes under any hash seed


def run_pearls(*argv: str, stdin: bytes = b"", seed: str = "0") -> subprocess.CompletedProcess[str]:
    """``python -m pearls argv`` in a fresh interpreter with ``PYTHONHASHSEED=seed``."""
    env = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run(
        [sys.executable, "-m", "pearls", *bounded(argv)],
        input=stdin,
        capture_output=True,
        env=env,
        timeout=120,
    )
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode(), done.stderr.decode()
    )


@pytest.mark.parametrize(
    "stdin",
    [
        b"\xff\xfe\x00\x01" * 50,
        b"A" * 10_000_000,
        ("\u202e" * 36).encode(),
        b"..AA..\n" * 6,
        b"",
    ],
    ids=["binary", "huge", "bidi", "six-special-cars", "empty"],
)
def test_hostile_stdin_is_one_line_and_exit_2(stdin: bytes) -> None:
    done = run_pearls("solve", "rushhour", "--board", "-", stdin=stdin)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("pearls: ") and done.stderr.count("\n") == 1
    assert len(done.stderr) < 400


def without_seconds(out: str) -> str:
    """JSON output with the one varying figure, the seconds, taken out."""
    return re.sub(r'"seconds": [\d.e-]+', '"seconds": _', out)


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "rushhour", "--example", "p3", "--method", "plan"],
        ["solve", "rushhour", "--board", LETTERED, "--method", "dfs", "--json"],
        ["analyze", "rushhour", "--example", "p2", "--json"],
        # the same analysis in words, written from the JSON's figures: make fuzz
        pytest.param(["analyze", "rushhour", "--example", "p2"], marks=pytest.mark.slow),
        ["solve", "graph", "--example", "ring", "--method", "iddfs", "--json"],
        ["list", "--json"],
    ],
)
def test_same_bytes_under_any_hash_seed(argv: list[str]) -> None:
    outputs = {without_seconds(run_pearls(*argv, seed=seed).stdout) for seed in ("1", "4242")}
    assert len(outputs) == 1 and outputs != {""}


def test_analyze_on_a_dask_cluster_gives_the_same_histogram(capsys: Capture) -> None:
    alone = json_of(capsys, "analyze", "river", "--example", "four-couples")
    shared = json_of(capsys, "analyze", "river", "--example", "four-couples", "--workers", "2")
    assert (shared["states"], shared["histogram"]) == (alone["states"], alone["histogram"])
    farthest, expected = shared["farthest"], alone["farthest"]
    assert isinstance(farthest, list) and isinstance(expected, list)
    assert sorted(map(str, farthest)) == sorted(map(str, expected))
