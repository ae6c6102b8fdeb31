"""The command line: ``pearls solve PUZZLE``, the only module that prints or reads argv.

::

    pearls solve rushhour [--example g1|p1|p2|p3|p4 | --board BOARD]
                          [--method bfs|plan|dfs] [--json]

``--board`` takes the board's text itself, the path of a file holding it, or ``-`` for
stdin.  Without ``--json`` the output is each position drawn, the move between them in
words, and the count at the end; with ``--json`` it is one object::

    {"puzzle": "rushhour", "method": "bfs", "length": 34,
     "moves": [[0, 16], ...], "states": ["BCDEFFBCDEGHB.AAGH..IIIH..J.KKLLJ.MM", ...]}

``states`` runs from the start to the solved position, so ``len(states) == length + 1``.
When no solution exists, ``length`` and ``moves`` are ``null`` and ``states`` holds the
start alone.

Exit codes: 0 solved, 1 no solution exists, 2 bad input (one line on stderr, never a
traceback), 130 interrupted, 141 output pipe closed early.

A puzzle joins the command line by one entry in :data:`PUZZLES`: a :class:`PuzzleSpec`
naming its parser, drawing, examples, methods and JSON forms.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, NoReturn, Protocol, TextIO, TypeAlias

from pearls.puzzles import rushhour
from pearls.types import BoardError, M, S

__all__ = ["JSON", "PUZZLES", "RUSHHOUR", "Outcome", "PuzzleSpec", "Solver", "main"]

JSON: TypeAlias = bool | int | float | str | list["JSON"] | dict[str, "JSON"] | None  # [0, 16]


@dataclass(frozen=True)
class Outcome:
    """A search's result as plain data: every state drawn and in JSON, start first, and
    the moves in JSON and in words (``moves`` is ``None`` when no solution exists)."""

    puzzle: str
    method: str
    pictures: tuple[str, ...]
    states: tuple[JSON, ...]
    moves: tuple[JSON, ...] | None
    words: tuple[str, ...]


@dataclass(frozen=True)
class PuzzleSpec(Generic[S, M]):
    """What the command line knows of one puzzle; ``examples`` and ``methods`` list
    their default first, and ``parse`` raises :class:`~pearls.types.BoardError`."""

    name: str
    summary: str  # one paragraph for --help, saying how a board is written
    parse: Callable[[str], S]
    show: Callable[[S], str]  # the state drawn for a person
    state_json: Callable[[S], JSON]
    examples: Mapping[str, S]
    methods: Mapping[str, Callable[[S], list[M] | None]]
    move: Callable[[S, M], S]
    move_json: Callable[[M], JSON]
    describe: Callable[[S, M], str]  # a move in words, given the state before it

    def solve(self, method: str, example: str | None, text: str | None) -> Outcome:
        """Solve the board ``text``, else the example (``None``: the first)."""
        q = self._start(example, text)
        ms = self.methods[method](q)
        states = [q]
        for m in ms or []:
            states.append(self.move(states[-1], m))
        return Outcome(
            puzzle=self.name,
            method=method,
            pictures=tuple(map(self.show, states)),
            states=tuple(map(self.state_json, states)),
            moves=None if ms is None else tuple(map(self.move_json, ms)),
            words=tuple(map(self.describe, states, ms or [])),
        )

    def _start(self, example: str | None, text: str | None) -> S:
        """The state ``text`` shows, else the example named (``None``: the first)."""
        if text is not None:
            return self.parse(text)
        return self.examples[next(iter(self.examples)) if example is None else example]


class Solver(Protocol):
    """A :class:`PuzzleSpec` as the control flow sees it, whatever its state type."""

    @property
    def name(self) -> str: ...

    @property
    def summary(self) -> str: ...

    @property
    def examples(self) -> Mapping[str, object]: ...

    @property
    def methods(self) -> Mapping[str, object]: ...

    def solve(self, method: str, example: str | None, text: str | None) -> Outcome: ...


def _rushhour_words(g: rushhour.Grid, m: rushhour.Move) -> str:
    """A Rush Hour move in words: ``A left  (vehicle 0 to cell 16)``."""
    v, c = m
    forward = c > g[v][1]
    across = rushhour.horizontal(g[v])
    direction = ("right" if forward else "left") if across else ("down" if forward else "up")
    return f"{rushhour.LETTERS[v]} {direction:<5} (vehicle {v} to cell {c})"


def _rushhour_move_json(m: rushhour.Move) -> JSON:
    """A Rush Hour move as ``[vehicle, cell]``, cells numbered as in the chapter."""
    return [m[0], m[1]]


def _rushhour_state_json(g: rushhour.Grid) -> JSON:
    """A Rush Hour board as its 36-character one-line form."""
    return rushhour.show(g, sep="")


RUSHHOUR: PuzzleSpec[rushhour.Grid, rushhour.Move] = PuzzleSpec(
    name="rushhour",
    summary="Rush Hour (Bird, Pearls, ch. 18). A board is 6 rows of 6 characters: '.' or 'o' "
    "empty, 'A' the special car on row 3 (the exit is at its right end), any other letter a "
    "vehicle of 2 or 3 cells in a line. Whitespace is ignored.",
    parse=rushhour.parse,
    show=rushhour.show,
    state_json=_rushhour_state_json,
    examples={
        "g1": rushhour.g1,
        "p1": rushhour.p1,
        "p2": rushhour.p2,
        "p3": rushhour.p3,
        "p4": rushhour.p4,
    },
    methods={"bfs": rushhour.bfsolve, "plan": rushhour.psolve, "dfs": rushhour.dfsolve},
    move=rushhour.move,
    move_json=_rushhour_move_json,
    describe=_rushhour_words,
)

_SPECS: tuple[Solver, ...] = (RUSHHOUR,)
PUZZLES: Mapping[str, Solver] = {spec.name: spec for spec in _SPECS}

_EPILOG = (
    "exit codes: 0 solved, 1 no solution exists (with --json, length and moves are null and "
    "states holds the start alone), 2 bad input, 130 interrupted"
)


class _BadInput(ValueError):
    """Input the command cannot use; the message says what and where."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors become one line, not a usage block."""

    def error(self, message: str) -> NoReturn:
        """Raise instead of printing usage and exiting."""
        raise _BadInput(f"bad arguments: {message} (see '{self.prog} --help')")


class _Args(argparse.Namespace):
    """The parsed command line, typed."""

    command: str
    puzzle: str
    example: str | None
    board: str | None
    method: str
    json: bool


def _parser() -> _Parser:
    """The parser: ``pearls solve PUZZLE [options]``, one sub-parser per puzzle."""
    parser = _Parser(prog="pearls", description="Solve puzzles by state-space search.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    solve = commands.add_parser("solve", help="solve a puzzle and show the moves", epilog=_EPILOG)
    puzzles = solve.add_subparsers(dest="puzzle", required=True, metavar="PUZZLE")
    for spec in PUZZLES.values():
        _add_solve_options(puzzles.add_parser(spec.name, help=spec.summary, epilog=_EPILOG), spec)
    return parser


def _add_solve_options(parser: argparse.ArgumentParser, spec: Solver) -> None:
    """The options of ``pearls solve PUZZLE``; choices and defaults come from ``spec``."""
    parser.description = spec.summary
    examples, methods = list(spec.examples), list(spec.methods)
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--example", choices=examples, help=f"a built-in board ({examples[0]})")
    source.add_argument(
        "--board", help="the board's text, the path of a file holding it, or - for stdin"
    )
    parser.add_argument(
        "--method", choices=methods, default=methods[0], help="how to search (%(default)s)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _read_board(arg: str, stdin: TextIO | None) -> tuple[str, str]:
    """The board text ``--board`` names, and where it came from, for error messages."""
    if arg == "-":
        if stdin is None:
            raise _BadInput("cannot read board from stdin: there is none")
        try:
            return stdin.read(), " on stdin"
        except (OSError, UnicodeDecodeError) as e:
            raise _BadInput(f"cannot read board from stdin: {e}") from e
    if os.path.exists(arg):
        try:
            return Path(arg).read_text(encoding="utf-8"), f" in file {arg!r}"
        except OSError as e:
            raise _BadInput(f"cannot read board file {arg!r}: {e.strerror or e}") from e
        except UnicodeDecodeError as e:
            raise _BadInput(f"cannot read board file {arg!r}: not UTF-8 text ({e})") from e
    if "\n" not in arg and len("".join(arg.split())) != 36:
        return arg, f" (no file named {arg!r}, so read as board text)"
    return arg, ""


@contextmanager
def _progress(label: str, err: TextIO, interval: float = 0.2) -> Iterator[None]:
    """While the body runs, rewrite ``label... 1.2 s`` on ``err`` if it is a terminal."""
    if not err.isatty():
        yield
        return
    done, began = threading.Event(), time.monotonic()

    def tick() -> None:
        while not done.wait(interval):
            err.write(f"\r{label}... {time.monotonic() - began:.1f} s")
            err.flush()

    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    try:
        yield
    finally:
        done.set()
        ticker.join()
        err.write("\r" + " " * (len(label) + 16) + "\r")
        err.flush()


def _print_human(outcome: Outcome, out: TextIO) -> None:
    """Each position drawn, the move between them in words, and the count at the end."""
    if outcome.moves is None:
        print(f"no solution exists ({outcome.method})", file=out)
        return
    print("start", outcome.pictures[0], "", sep="\n", file=out)
    steps = zip(outcome.words, outcome.pictures[1:], strict=True)
    for i, (words, picture) in enumerate(steps, start=1):
        print(f"move {i}: {words}", picture, "", sep="\n", file=out)
    n = len(outcome.moves)
    print(f"solved in {n} move{'' if n == 1 else 's'} ({outcome.method})", file=out)


def _print_json(outcome: Outcome, out: TextIO) -> None:
    """The outcome as one JSON object on one line."""
    moves = None if outcome.moves is None else list(outcome.moves)
    obj: JSON = {
        "puzzle": outcome.puzzle,
        "method": outcome.method,
        "length": None if moves is None else len(moves),
        "moves": moves,
        "states": list(outcome.states),
    }
    print(json.dumps(obj), file=out)


def _run(argv: Sequence[str] | None, out: TextIO, err: TextIO, stdin: TextIO | None) -> int:
    """Parse, read the board, search (with progress), print; the exit code."""
    try:
        args = _parser().parse_args(argv, namespace=_Args())
    except SystemExit as done:  # --help, after printing
        return done.code if isinstance(done.code, int) else 0
    spec = PUZZLES[args.puzzle]
    text, where = (None, "") if args.board is None else _read_board(args.board, stdin)
    try:
        with _progress(f"searching ({args.method})", err):
            outcome = spec.solve(args.method, args.example, text)
    except BoardError as e:
        raise _BadInput(f"bad board{where}: {e}") from e
    (_print_json if args.json else _print_human)(outcome, out)
    out.flush()
    return 0 if outcome.moves is not None else 1


def _say(err: TextIO, message: str) -> None:
    """One line on ``err``: ``pearls: message``, its whitespace collapsed."""
    print("pearls:", *message.split(), file=err)


def _silence(out: TextIO) -> None:
    """Point a closed stdout at devnull, so the exit flush cannot fail again."""
    with suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default ``sys.argv[1:]``); the exit code.

    >>> main(["solve", "rushhour", "--example", "p2", "--json"])  # doctest: +ELLIPSIS
    {"puzzle": "rushhour", "method": "bfs", "length": 18, "moves": [[...]], "states": [...]}
    0
    """
    out, err = sys.stdout, sys.stderr
    try:
        return _run(argv, out, err, sys.stdin)
    except _BadInput as e:
        _say(err, str(e))
        return 2
    except KeyboardInterrupt:
        _say(err, "interrupted")
        return 130
    except BrokenPipeError:
        _silence(out)
        return 141
