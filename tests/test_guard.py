"""Puzzles from other packages that are broken, or hang: the registry leaves out one
that cannot be loaded, with one line, and every other puzzle works; the command line
stops a plugin's code that hangs at the time limit, and says a plugin's fault in one
line that names the function and sends its author to ``pearls check``.

The plugins are throwaway ones, registered by entry points faked in the registry.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import pytest

from pearls import cli, frontend, methods, registry
from pearls.cli import main
from pearls.cli.alarm import GRACE
from pearls.description import Description, Problem, Settings
from pearls.guard import Fault, Guarded, faulted, vet
from pearls.registry import BUILT_IN, GROUP
from pearls.rules import Entry
from pearls.types import Planner, Puzzle

Capture = pytest.CaptureFixture[str]
ROOT = Path(__file__).resolve().parent.parent
Moves = Callable[[int], object]


def _counting(n: int) -> list[int]:
    """Count up by one to three."""
    return [1] if n < 3 else []


def problem(moves: Moves = _counting, start: object = 0) -> Problem[int, int]:
    """Count from ``start`` to three, by the plugin's own ``moves``."""
    count: Puzzle[int, int] = Puzzle(moves, lambda n, m: n + m, lambda n: n == 3)  # type: ignore[arg-type]  # a plugin's moves of any type
    return Problem(
        puzzle=count,
        start=start,  # type: ignore[arg-type]  # a plugin's start of any type
        methods=methods.chapter(count),
        show=str,
        state_json=lambda n: n,
        move_json=lambda n, m: m,
        words=lambda n, m: f"up {m}",
        notation=lambda n, m: f"+{m}",
    )


def described(
    name: str,
    parse: Callable[[str, Settings], object] | None = None,
    examples: dict[str, str] | None = None,
) -> Description:
    """A plugin's description: counting to three, from the board's number."""

    def counted(text: str, settings: Settings) -> Problem[int, int]:
        return problem(start=int(text))

    return Description(
        name=name,
        title="Count to three",
        text_form="A number.",
        parse=parse or counted,  # type: ignore[arg-type]  # a plugin's parse of any type
        examples={"zero": "0"} if examples is None else examples,
    )


def entry(d: object) -> Entry:
    """A plugin's entry, its rules never asked for here."""
    return Entry(d, lambda posed, solution: None, lambda posed, state: [])  # type: ignore[arg-type]  # a plugin's description of any type


@dataclass(frozen=True)
class Point:
    """A faked entry point: ``load`` runs the plugin's import."""

    name: str
    imported: Callable[[], object]
    group: str = GROUP

    @property
    def value(self) -> str:
        return f"pearls_{self.name}:ENTRY"

    def load(self) -> object:
        return self.imported()


def raises(error: BaseException) -> Callable[..., NoReturn]:
    """A function that raises ``error``, whatever it is given."""

    def raising(*_: object) -> NoReturn:
        raise error

    return raising


def hangs(*_: object) -> NoReturn:
    """A function that never returns (in short sleeps, which an alarm wakes)."""
    while True:
        time.sleep(0.05)


def spins(*_: object) -> NoReturn:
    """A function that never returns, nor sleeps."""
    while True:
        pass


def plugin(
    name: str, moves: Moves = _counting, parse: Callable[..., object] | None = None
) -> Point:
    """A plugin that loads: counting by ``moves``, or with a parse of its own."""

    def board(text: str, settings: Settings) -> object:
        return problem(moves, int(text)) if text.isdigit() else (parse or hangs)(text, settings)

    return Point(name, lambda: entry(described(name, board)))


BROKEN = {  # a plugin left out, and the end of the line that says why
    "raising": (
        lambda: entry(described("raising", raises(ValueError("no")))),
        "does not parse: ValueError: no",
    ),
    "garbage": (
        lambda: entry(described("garbage", lambda t, s: 42)),
        "not a pearls.description.Problem",
    ),
    "hanging": (lambda: entry(described("hanging", hangs)), "took over 0.5 s"),
    "empty": (lambda: entry(described("empty", examples={})), "it has no examples"),
    "bare": (lambda: entry(None), "holds no pearls.description.Description but None"),
    "exiting": (raises(SystemExit(1)), "its import failed: SystemExit: 1"),
    "interrupting": (raises(KeyboardInterrupt()), "its import failed: KeyboardInterrupt"),
    "sleeping": (lambda: hangs(), "took over 0.5 s"),
}


def installed(monkeypatch: pytest.MonkeyPatch, points: Sequence[Point]) -> registry._Registry:  # pyright: ignore[reportPrivateUsage]
    """A registry of the built-ins and ``points``, the one the command line uses."""
    made = registry._Registry(BUILT_IN, lambda: points, 0.5)  # pyright: ignore[reportPrivateUsage]
    puzzles = registry._Descriptions(made)  # pyright: ignore[reportPrivateUsage]
    monkeypatch.setattr(registry, "_REGISTRY", made)
    monkeypatch.setattr(cli, "ENTRIES", made)
    monkeypatch.setattr(cli, "PUZZLES", puzzles)
    monkeypatch.setattr(frontend, "PUZZLES", puzzles)
    return made


def run(capsys: Capture, *argv: str) -> tuple[int, str, list[str]]:
    """Exit code, stdout and the lines of stderr of ``pearls ARGV``."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err.splitlines()


# --- the registry -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(BROKEN))
def test_a_broken_plugin_is_left_out_in_one_line_and_the_rest_are_kept(name: str) -> None:
    imported, why = BROKEN[name]
    entries, broken = registry.registered([Point(name, imported), plugin("good")], seconds=0.5)
    assert name not in entries and {"good", "hanoi"} <= set(entries)
    (line,) = broken
    assert line.startswith(f"puzzle plugin {name!r} (pearls_{name}:ENTRY) is left out: ")
    assert line.endswith(why) or why in line


def test_a_plugin_is_loaded_only_when_it_is_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    loaded: list[str] = []

    def importing() -> object:
        loaded.append("good")
        return entry(described("good"))

    made = installed(monkeypatch, [Point("good", importing), Point("bare", lambda: entry(None))])
    assert made["hanoi"].name == "hanoi" and loaded == []
    assert made["good"].name == "good" and loaded == ["good"] and made.broken(None) == ()
    assert "bare" not in made and len(made.broken("bare")) == 1


def test_four_broken_plugins_leave_list_and_solve_working(
    monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    four = ["raising", "hanging", "bare", "exiting"]
    installed(monkeypatch, [Point(n, BROKEN[n][0]) for n in four] + [plugin("good")])
    code, out, err = run(capsys, "solve", "hanoi", "--discs", "2", "--moves")
    assert (code, out, err) == (0, "AB AC BC\n", [])
    code, out, err = run(capsys, "list")
    assert code == 0 and {"hanoi", "good"} <= {
        line.split()[0] for line in out.splitlines() if line[:1] != " "
    }
    assert [line.split("'")[1] for line in err] == four
    assert all(line.startswith("pearls: warning: puzzle plugin ") for line in err)
    code, out, err = run(capsys, "solve", "good", "--moves")
    assert (code, out) == (0, "+1 +1 +1\n")


# --- a plugin's faults, said in one line ------------------------------------------------------


FAULTY = {
    "none": (lambda n: None, "its moves returned None, not a sequence of moves"),
    "generator": (lambda n: (m for m in [1]), "its moves returned a generator, not a sequence"),
    "raising": (raises(KeyError(3)), "its moves raised KeyError: 3"),
    "listed": (lambda n: [[n]], "its move returned"),
}


@pytest.mark.parametrize("fault", list(FAULTY))
def test_a_plugins_fault_is_one_line_naming_the_function(
    fault: str, monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    moves, said = FAULTY[fault]
    if fault == "listed":  # a move that makes a list: an unhashable state
        point = Point("faulty", lambda: entry(described("faulty", unhashable)))
    else:
        point = plugin("faulty", moves)
    installed(monkeypatch, [point])
    code, out, err = run(capsys, "solve", "faulty", "--board", "1")
    assert (code, out, len(err)) == (2, "", 1)
    assert err[0].startswith("pearls: puzzle plugin 'faulty' failed: ")
    assert said in err[0] and err[0].endswith("run 'pearls check faulty'")


def unhashable(text: str, settings: Settings) -> object:
    """A problem whose ``move`` makes a list of a number past zero."""
    p = problem(start=int(text))

    def move(n: int, m: int) -> int:
        return [n + m] if n else n + m  # type: ignore[return-value]  # an unhashable state

    listing = Puzzle(p.puzzle.moves, move, p.puzzle.solved)
    return Problem(
        listing,
        p.start,
        methods.chapter(listing),
        str,
        lambda n: n,
        lambda n, m: m,
        p.words,
        p.notation,
    )


def test_analyze_says_a_plugins_fault_too(monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    installed(monkeypatch, [plugin("faulty", raises(RuntimeError("lost")))])
    code, _, err = run(capsys, "analyze", "faulty", "--board", "1")
    assert code == 2 and err == [
        "pearls: " + faulted("faulty", Fault("its moves raised RuntimeError: lost"))
    ]


def test_vet_holds_a_parse_to_a_problem_of_a_hashable_start() -> None:
    vet(problem())
    with pytest.raises(Fault, match="its parse gave a start that is a list, which is not hashable"):
        vet(problem(start=[0]))


def test_a_guarded_meter_lets_a_sound_puzzle_through() -> None:
    from pearls import bfsolve

    assert bfsolve(Guarded().watch(problem().puzzle), 0) == [1, 1, 1]


# --- a plugin that hangs, stopped at the time limit -------------------------------------------


@pytest.mark.parametrize("where", ["moves sleeps", "moves spins", "parse sleeps"])
def test_a_hanging_plugin_is_stopped_at_the_time_limit(
    where: str, monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    hung = spins if "spins" in where else hangs
    point = plugin("slow", hung) if "moves" in where else plugin("slow", parse=hung)
    installed(monkeypatch, [point])
    board = "0" if "moves" in where else "x"
    began = time.monotonic()
    code, out, err = run(capsys, "solve", "slow", "--board", board, "--timeout", "0.5", "--json")
    assert time.monotonic() - began < 2
    assert code == 3 and len(err) == 1
    assert err[0].startswith("pearls: stopped at the time limit of 0.5 s (")
    assert err[0].endswith("; --timeout sets this limit")
    assert json.loads(out)["limit"] == "time"


def test_the_alarm_is_let_go_after_a_plugins_work(
    monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    import signal

    installed(monkeypatch, [plugin("good")])
    assert run(capsys, "solve", "good", "--timeout", "0.2")[0] == 0
    time.sleep(0.3)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, None)


@pytest.mark.parametrize("hung", [hangs, spins])
def test_check_stops_a_hanging_plugin_at_its_time_limit(
    hung: Callable[..., NoReturn], monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    installed(monkeypatch, [plugin("slow", hung)])
    began = time.monotonic()
    code, out, err = run(capsys, "check", "slow", "--timeout", "0.5")
    assert time.monotonic() - began < 2
    assert (code, out.splitlines()[0][:5], len(err)) == (3, "held ", 1)
    assert err[0] == (
        "pearls: stopped at the time limit of 0.5 s (0 states expanded in 0.50 s); "
        "--timeout sets this limit"
    )


def test_a_batch_stops_a_hanging_plugin_on_each_board(
    monkeypatch: pytest.MonkeyPatch, capsys: Capture, tmp_path: Path
) -> None:
    installed(monkeypatch, [plugin("slow", hangs)])
    boards = tmp_path / "boards.txt"
    boards.write_text("3\n0\n3\n", encoding="utf-8")
    code, out, err = run(capsys, "solve", "slow", "--batch", str(boards), "--timeout", "0.3")
    lines = out.splitlines()
    assert (code, err, len(lines)) == (3, [], 3)
    assert "stopped at the time limit of 0.3 s" in lines[1]
    assert "stopped" not in lines[0] + lines[2]


def test_check_says_a_plugins_fault_as_the_law_it_breaks(
    monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    installed(monkeypatch, [plugin("lost", lambda n: None)])
    code, out, _ = run(capsys, "check", "lost")
    broken = [line for line in out.splitlines() if line.startswith("BROKEN")]
    assert code == 1
    assert broken[0] == "BROKEN  every-method: its moves returned None, not a sequence of moves"


def test_a_broken_plugin_asked_for_by_name_is_said_then_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    installed(monkeypatch, [Point("bare", lambda: entry(None))])
    code, out, err = run(capsys, "solve", "bare")
    assert (code, out, len(err)) == (2, "", 2)
    assert err[0].startswith(
        "pearls: warning: puzzle plugin 'bare' (pearls_bare:ENTRY) is left out"
    )
    assert err[1].startswith("pearls: bad arguments: argument PUZZLE: invalid choice: 'bare'")


STUBBORN = """
import sys, time
sys.path.insert(0, "tests")
import pytest, test_guard as g
from pearls.cli import main

def stubborn(n):
    while True:
        try:
            time.sleep(60)
        except BaseException:  # the alarm's exception too
            pass

g.installed(pytest.MonkeyPatch(), [g.plugin("stubborn", stubborn)])
sys.exit(main(["solve", "stubborn", "--board", "0", "--timeout", "0.3", "--json"]))
"""


def test_a_plugin_that_swallows_the_alarm_is_ended_by_the_watchdog() -> None:
    began = time.monotonic()
    ran = [sys.executable, "-c", STUBBORN]
    done = subprocess.run(ran, capture_output=True, text=True, timeout=30, cwd=ROOT, check=False)
    assert time.monotonic() - began < 0.3 + GRACE + 5
    assert done.returncode == 3
    assert json.loads(done.stdout) == {
        "puzzle": "stubborn",
        "limit": "time",
        "bound": 0.3,
        "stats": {"expanded": 0, "seconds": 0.3},
    }
    assert done.stderr == (
        "pearls: stopped at the time limit of 0.3 s (0 states expanded in 0.30 s); "
        "--timeout sets this limit\n"
    )


def test_a_guarded_planner_and_heuristic_are_held_to_their_types() -> None:
    meter = Guarded()
    count = problem().puzzle
    planner = Planner(count, lambda n: None, lambda n, ms: [])  # type: ignore[arg-type, return-value]  # a plugin's goalmoves
    with pytest.raises(Fault, match="its goalmoves returned None, not a sequence of moves"):
        meter.watch_planner(planner).goalmoves(0)
    with pytest.raises(Fault, match="its heuristic returned a str, not a whole number"):
        meter.heuristic(lambda n: "far")(0)  # type: ignore[arg-type, return-value]  # a plugin's heuristic
    with pytest.raises(Fault, match="its solved raised ZeroDivisionError"):
        meter.watch(Puzzle(count.moves, count.move, lambda n: 1 // 0 == 0)).solved(0)
