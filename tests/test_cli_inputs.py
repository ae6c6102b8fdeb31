"""What the command line reads and writes, and the limits around them: a board's text,
a batch line by line, ``--svg``'s folder, ``--max-memory``, a Dask scheduler that
cannot be joined, and a limit reported in JSON."""

from __future__ import annotations

import json
import os
import resource
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from pearls import frontend
from pearls.cli import main
from pearls.cli.memory import limited
from pearls.frontend import MAX_TEXT
from pearls.values import size

Capture = pytest.CaptureFixture[str]


ROOT = Path(__file__).resolve().parents[1]


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``pearls argv``."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    """The one line of an error, checked to be one line."""
    assert err.count("\n") == 1 and err.startswith("pearls: "), err
    return err


def test_a_board_file_larger_than_any_board_is_refused_unread(
    capsys: Capture, tmp_path: Path
) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"." * (MAX_TEXT + 1))
    code, out, err = run(capsys, "solve", "rushhour", "--board", str(big))
    assert (code, out) == (2, "")
    assert "is longer than 1,048,576 bytes" in one_line(err)


@pytest.mark.timeout(20)  # a guard: a FIFO's open used to wait for a writer for ever
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("option", ["--board", "--batch"])
def test_a_fifo_or_a_device_is_refused_unread(capsys: Capture, tmp_path: Path, option: str) -> None:
    fifo = tmp_path / "board.txt"
    os.mkfifo(fifo)
    for path, kind in ((str(fifo), "not a regular file"), (os.devnull, "not a regular file"),
                       (str(tmp_path), "a directory")):  # fmt: skip
        code, out, err = run(capsys, "solve", "rushhour", option, path)
        assert (code, out) == (2, "")
        assert f"it is {kind} (stdin is '-')" in one_line(err)


def test_bytes_that_are_not_text_are_one_line(capsys: Capture, tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_bytes(b"\xff\xfe AA....")
    code, _, err = run(capsys, "solve", "rushhour", "--board", str(board))
    assert code == 2 and "is not UTF-8 text" in one_line(err)
    svg = tmp_path / "svg"
    code, _, err = run(capsys, "solve", "rushhour", "--board", "\udcff", "--svg", str(svg))
    assert code == 2 and "--board: not UTF-8 text" in one_line(err)
    assert not svg.exists()


def test_a_batch_is_read_line_by_line_each_line_a_record(capsys: Capture, tmp_path: Path) -> None:
    batch = tmp_path / "batch.txt"
    batch.write_text("start a; goal b; a -> b\nnot a graph\nstart a; goal c; a -> b; c -> a\n")
    code, out, err = run(capsys, "solve", "graph", "--batch", str(batch), "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in records] == [1, 2, 3]
    assert [r.get("length", r.get("error")) for r in records][::2] == [1, None]
    assert "error" in records[1]
    assert (code, err) == (2, "")


def test_a_batch_line_longer_than_any_board_ends_the_batch(capsys: Capture, tmp_path: Path) -> None:
    batch = tmp_path / "batch.txt"
    batch.write_bytes(b"start a; goal b; a -> b\n" + b"x" * (MAX_TEXT + 1) + b"\n")
    code, out, err = run(capsys, "solve", "graph", "--batch", str(batch))
    assert out.startswith("line: 1; ")
    assert code == 2 and "line 2 is longer than 1,048,576 bytes" in one_line(err)


def test_svg_writes_into_a_folder_of_its_own(capsys: Capture, tmp_path: Path) -> None:
    folder = tmp_path / "frames"
    assert run(capsys, "solve", "hanoi", "--discs", "3", "--svg", str(folder))[0] == 0
    assert len(list(folder.glob("*.svg"))) == 8
    assert run(capsys, "solve", "hanoi", "--discs", "2", "--svg", str(folder))[0] == 0
    assert sorted(p.name for p in folder.iterdir()) == [
        "000.svg", "001.svg", "002.svg", "003.svg", "index.html"
    ]  # fmt: skip
    (folder / "notes.txt").write_text("mine")
    code, _, err = run(capsys, "solve", "hanoi", "--discs", "2", "--svg", str(folder))
    assert code == 2 and "holds other files (notes.txt)" in one_line(err)


def test_svg_never_writes_through_a_link(capsys: Capture, tmp_path: Path) -> None:
    folder, target = tmp_path / "frames", tmp_path / "elsewhere.svg"
    folder.mkdir()
    target.write_text("keep")
    (folder / "000.svg").symlink_to(target)
    code, _, err = run(capsys, "solve", "hanoi", "--discs", "2", "--svg", str(folder))
    assert code == 2 and "is not a regular file" in one_line(err)
    assert target.read_text() == "keep"


def test_svg_draws_at_most_ten_thousand_positions(capsys: Capture, tmp_path: Path) -> None:
    folder = tmp_path / "frames"
    argv = ["solve", "hanoi", "--discs", "14", "--method", "direct", "--svg", str(folder)]
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert "--svg: a solution of 16,384 positions is too long to draw" in one_line(err)
    assert not folder.exists()


@pytest.mark.parametrize(
    "size", ["1X", "", "-1G", "1e9", "²G", "9" * 5000, "10M", "100000000000G", "8388608T"]
)
def test_a_bad_memory_size_is_one_line(capsys: Capture, size: str) -> None:
    code, out, err = run(capsys, "solve", "graph", "--max-memory", size)
    assert (code, out) == (2, "")
    assert "--max-memory" in one_line(err)


def test_the_memory_limit_holds_for_the_command_and_is_put_back() -> None:
    before = resource.getrlimit(resource.RLIMIT_DATA)
    with limited(256 << 20):
        assert resource.getrlimit(resource.RLIMIT_DATA)[0] == 256 << 20
        with pytest.raises(MemoryError):
            bytearray(512 << 20)
    assert resource.getrlimit(resource.RLIMIT_DATA) == before


def test_a_memory_limit_past_what_the_system_can_hold_is_no_limit() -> None:
    """The library's own callers may pass any size: past 2**63 - 1 bytes (which no
    system limit holds) the block runs unlimited, instead of raising OverflowError."""
    before = resource.getrlimit(resource.RLIMIT_DATA)
    with limited(1 << 70):
        assert resource.getrlimit(resource.RLIMIT_DATA) == before
    assert size("8388607T") == 8388607 << 40


def test_a_limit_under_json_prints_one_object(capsys: Capture) -> None:
    code, out, err = run(capsys, "solve", "rushhour", "--max-states", "10", "--json")
    assert code == 3 and "--max-states sets this limit" in one_line(err)
    stopped = json.loads(out)
    assert stopped["limit"] == "states" and stopped["bound"] == 10
    assert stopped["stats"]["expanded"] == 10 and stopped["method"] == "bfs"


def test_a_table_too_large_for_the_memory_limit_is_refused_before_allocating(
    capsys: Capture,
) -> None:
    code, out, err = run(capsys, "analyze", "nooff", "--max-memory", "64M", "--from-start")
    assert code == 0  # 540 flags fit
    code, out, err = run(capsys, "analyze", "sliding", "--size", "10x10")
    assert (code, out) == (3, "")
    assert "positions needs a byte for each" in one_line(err)


@pytest.mark.parametrize("address", ["bogus", "", "http://example.invalid:80"])
def test_a_scheduler_that_is_no_address_is_one_line(capsys: Capture, address: str) -> None:
    code, out, err = run(capsys, "analyze", "river", "--scheduler", address, "--timeout", "5")
    assert (code, out) == (2, "")
    assert "cannot join a Dask scheduler" in one_line(err)


@contextmanager
def listening(reply: bytes) -> Iterator[str]:
    """The address of a service on this machine that accepts one connection and sends
    ``reply`` (nothing: it never answers), closed at the end."""
    listener = socket.create_server(("127.0.0.1", 0))
    accepted: list[socket.socket] = []

    def answer() -> None:
        conn = listener.accept()[0]
        accepted.append(conn)
        conn.sendall(reply)

    threading.Thread(target=answer, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        listener.close()
        for conn in accepted:
            conn.close()


def test_a_service_that_never_answers_is_given_up_within_the_timeout(capsys: Capture) -> None:
    with listening(b"") as address:
        argv = ["analyze", "river", "--scheduler", address, "--timeout", "0.5"]
        code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert "cannot join a Dask scheduler" in one_line(err)


def test_a_service_that_answers_but_is_not_dask_is_said_to_be_so(capsys: Capture) -> None:
    """A web server's reply, read by Dask as a message exabytes long, was a MemoryError
    reported as the memory limit (exit 3)."""
    with listening(b"HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nhi" * 50) as address:
        argv = ["analyze", "river", "--scheduler", address, "--timeout", "5"]
        code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert "it answers, but not as a Dask scheduler does" in one_line(err)


def test_workers_are_at_most_the_cores(capsys: Capture) -> None:
    too_many = str((os.cpu_count() or 1) + 1)
    code, _, err = run(capsys, "analyze", "river", "--workers", too_many)
    most = os.cpu_count() or 1
    said = f"--workers must be a whole number from 1 to {most}, not '{too_many}'"
    assert code == 2 and said in one_line(err)


def test_svg_says_why_it_cannot_draw(capsys: Capture, tmp_path: Path) -> None:
    folder = str(tmp_path / "frames")
    code, _, err = run(capsys, "solve", "pandigital", "--svg", folder)
    assert code == 2 and "unrecognized arguments: --svg" in one_line(err)
    code, _, err = run(capsys, "solve", "knight", "--all", "--svg", folder)
    assert code == 2 and "--svg draws one solution: name a --method that finds one" in one_line(err)


def test_the_memory_limit_says_what_was_explored_when_it_stopped_the_work() -> None:
    """The memory limit reached mid-search said "0 states expanded in 0.00 s"; the line
    and the JSON carry the meter's counts (in a process of its own: the limit is the
    process's)."""
    argv = ["solve", "hanoi", "--discs", "64", "--method", "bfs", "--max-memory", "100M"]
    done = subprocess.run(
        [sys.executable, "-m", "pearls", *argv, "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    stats = json.loads(done.stdout)["stats"]
    assert done.returncode == 3 and stats["expanded"] > 1000 and stats["seconds"] > 0
    assert f"({stats['expanded']:,} states expanded in" in done.stderr


@pytest.mark.timeout(20)  # a guard: the trace's FIFO was opened after the search, for ever
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_trace_is_opened_before_the_search_and_only_as_a_regular_file(
    capsys: Capture, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fifo, folder, link = tmp_path / "fifo", tmp_path / "folder", tmp_path / "link"
    os.mkfifo(fifo)
    folder.mkdir()
    link.symlink_to(tmp_path / "trace.jsonl")

    def searched(*_: object) -> object:
        raise AssertionError("searched before the trace's file was opened")

    monkeypatch.setattr(frontend, "answer", searched)
    for path, said in (
        (fifo, "it is not a regular file (standard output is '-')"),
        (folder, "Is a directory"),
        (link, "it is a symbolic link, not a regular file"),
        (os.devnull, "is not a regular file (standard output is '-')"),
    ):
        code, out, err = run(capsys, "solve", "graph", "--trace", str(path))
        assert (code, out) == (2, "") and said in one_line(err), err
    assert not (tmp_path / "trace.jsonl").exists()


def test_a_trace_file_is_written_over_once_the_search_has_ended(
    capsys: Capture, tmp_path: Path
) -> None:
    trace = tmp_path / "trace.jsonl"
    trace.write_text("x" * 10_000, encoding="utf-8")
    code, _, _ = run(capsys, "solve", "graph", "--example", "ladder", "--trace", str(trace))
    lines = trace.read_text(encoding="utf-8").splitlines()
    assert code == 0 and [json.loads(line)["event"] for line in lines] == ["expand"] * 4
    code, _, _ = run(capsys, "solve", "graph", "--board", "nonsense", "--trace", str(trace))
    assert code == 2 and len(trace.read_text(encoding="utf-8").splitlines()) == 4


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_several_runs_out_of_memory_at_once_each_say_the_limits_line() -> None:
    """Six at once, each held to 100 MiB: one in six or so ended in a fatal "cannot
    recover from stack overflow" in the limit's generator-based ``__exit__``, or in a
    ``MemoryError`` raised while the last was handled under the limit (4 of 18 runs)."""
    argv = ["solve", "hanoi", "--discs", "64", "--method", "bfs", "--max-memory", "100M"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "pearls", *argv, "--json"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(6)
    ]
    for run_ in runs:
        out, err = run_.communicate(timeout=300)
        assert run_.returncode == 3 and json.loads(out)["limit"] == "memory", err[-2000:]
        assert err.startswith("pearls: stopped at the memory limit of 100 MiB"), err[-2000:]
        assert err.count("\n") == 1
