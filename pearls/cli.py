"""The command line, the only module that prints or reads argv; it knows no puzzle by
name, only the registry (:mod:`pearls.registry`).

::

    pearls solve PUZZLE [--example NAME | --board BOARD] [--method METHOD]
                        [--json | --moves] [--svg DIR] [--max-states N] [--timeout SECONDS]
    pearls analyze PUZZLE [--example NAME | --board BOARD] [--json]
                          [--max-states N] [--timeout SECONDS]
    pearls list [--json]
    pearls --version

``--board`` takes the board's text itself, the path of a file holding it, or ``-`` for
stdin.  Without ``--json``, ``solve`` prints each position drawn, the move between them
in words, and the count at the end (``--moves``: the moves alone, on one line); with
``--json`` one object::

    {"puzzle": "rushhour", "method": "bfs", "length": 34, "moves": [[2, 16], ...],
     "states": ["BCDEFFBCDEGHB.AAGH..IIIH..J.KKLLJ.MM", ...],
     "stats": {"expanded": 2896, "seconds": 0.11}}

``states`` runs from the start to the solved position, so ``len(states) == length + 1``;
when no solution exists, ``length`` and ``moves`` are ``null`` and ``states`` holds the
start alone.  ``analyze`` prints ``{"puzzle", "states", "max_distance", "histogram",
"farthest", "stats"}``.

Exit codes: 0 solved (or analysed), 1 no solution exists, 2 bad input (one line on
stderr, never a traceback), 3 a limit stopped the search, 130 interrupted, 141 output
pipe closed early.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import NoReturn, TextIO

from pearls import svg
from pearls.description import JSON, METHODS, Solution, Survey
from pearls.errors import BoardError, LimitReached
from pearls.limits import Meter, Stats
from pearls.registry import PUZZLES, Described

__all__ = ["MAX_STATES", "PROGRESS_EVERY", "TIMEOUT", "main"]

MAX_STATES = 1_000_000  # the default bound on states expanded: under a minute
TIMEOUT = 60.0  # the default bound on seconds
PROGRESS_EVERY = 0.2  # seconds between progress lines on a terminal

_EXIT_CODES = (
    "exit codes: 0 solved (or analysed), 1 no solution exists, 2 bad input, "
    "3 a limit stopped the search, 130 interrupted"
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
    moves: bool
    svg: str | None
    max_states: int
    timeout: float


def _program_version() -> str:
    """The installed distribution's version."""
    try:
        return version("functional-pearls")
    except PackageNotFoundError:
        return "unknown"


def _parser() -> tuple[_Parser, dict[str, _Parser]]:
    """The top-level parser, and each ``COMMAND PUZZLE`` sub-parser by its prog."""
    parser = _Parser(prog="pearls", description="Solve puzzles by state-space search.")
    parser.add_argument("--version", action="version", version=f"pearls {_program_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    listing = commands.add_parser("list", help="the puzzles, their methods and examples")
    listing.add_argument("--json", action="store_true", help="print one JSON object")
    leaves: dict[str, _Parser] = {}
    for command, about in (
        ("solve", "solve a puzzle and show the moves"),
        ("analyze", "every position reachable from a start, by distance"),
    ):
        sub = commands.add_parser(command, help=about, epilog=_EXIT_CODES)
        puzzles = sub.add_subparsers(dest="puzzle", required=True, metavar="PUZZLE")
        for d in PUZZLES.values():
            leaf = puzzles.add_parser(d.name, help=d.title, description=d.text_form)
            leaf.epilog = _EXIT_CODES
            _add_options(leaf, d, command)
            leaves[leaf.prog] = leaf
    return parser, leaves


def _add_options(parser: argparse.ArgumentParser, d: Described, command: str) -> None:
    """The options of ``pearls COMMAND PUZZLE``; choices and defaults come from ``d``."""
    examples = list(d.examples)
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--example", choices=examples, help=f"a built-in board ({examples[0]})")
    source.add_argument(
        "--board", help="the board's text, the path of a file holding it, or - for stdin"
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print one JSON object")
    if command == "solve":
        methods = "; ".join(f"{m}: {METHODS[m]}" for m in d.methods)
        parser.add_argument(
            "--method",
            choices=d.methods,
            default=d.methods[0],
            help=f"how to search, %(default)s by default. {methods}",
        )
        output.add_argument("--moves", action="store_true", help="print the moves alone, one line")
        parser.add_argument(
            "--svg", metavar="DIR", help="write each position as DIR/000.svg, ... and index.html"
        )
    parser.add_argument(
        "--max-states",
        type=_positive(int),
        default=MAX_STATES,
        metavar="N",
        help="stop after expanding N states (%(default)s)",
    )
    parser.add_argument(
        "--timeout",
        type=_positive(float),
        default=TIMEOUT,
        metavar="SECONDS",
        help="stop after this many seconds (%(default)s)",
    )


def _positive(kind: type[int] | type[float]) -> Callable[[str], int | float]:
    """An argparse type: a number of ``kind`` greater than zero."""

    def convert(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be greater than 0: {text!r}")
        return value

    return convert


def _parse_args(argv: Sequence[str] | None) -> _Args:
    """The arguments; an unknown option is reported by the sub-command it was given to."""
    parser, leaves = _parser()
    args, extras = parser.parse_known_args(argv, namespace=_Args())
    if extras:
        prog = f"pearls {args.command} {getattr(args, 'puzzle', '')}".rstrip()
        leaves.get(prog, parser).error(f"unrecognized arguments: {' '.join(extras)}")
    return args


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
    if _looks_like_a_path(arg):
        return arg, f" (no file named {arg!r}, so read as board text)"
    return arg, ""


def _looks_like_a_path(arg: str) -> bool:
    """Whether ``arg`` was more likely meant as a file name than as a board."""
    return not any(c.isspace() for c in arg) and (os.sep in arg or arg.endswith((".txt", ".json")))


@contextmanager
def _meter(label: str, args: _Args, err: TextIO) -> Iterator[Meter]:
    """A meter with the command's limits, showing live progress on ``err`` if it is a
    terminal (and nothing when it is not), the line cleared at the end."""
    if not err.isatty():
        yield Meter(args.max_states, args.timeout)
        return
    width = 0

    def report(stats: Stats) -> None:
        nonlocal width
        line = (
            f"{label}: {stats.expanded:,} states expanded, {stats.generated:,} generated, "
            f"{stats.rate:,.0f}/s, {stats.seconds:.1f} s"
        )
        width = max(width, len(line))
        err.write(f"\r{line}")
        err.flush()

    try:
        yield Meter(args.max_states, args.timeout, progress=report, every=PROGRESS_EVERY)
    finally:
        err.write("\r" + " " * width + "\r")
        err.flush()


def _print_solution(solution: Solution, out: TextIO) -> None:
    """Each position drawn, the move between them in words, and the count at the end."""
    print("start", solution.pictures[0], "", sep="\n", file=out)
    steps = zip(solution.words, solution.pictures[1:], strict=True)
    for i, (words, picture) in enumerate(steps, start=1):
        print(f"move {i}: {words}", picture, "", sep="\n", file=out)
    n = len(solution.words)
    print(f"solved in {n} move{'' if n == 1 else 's'} ({_how(solution)})", file=out)


def _how(solution: Solution) -> str:
    """The method and the states it expanded: ``bfs, 2,896 states expanded``."""
    return f"{solution.method}, {solution.stats.expanded:,} states expanded"


def _print_moves(solution: Solution, out: TextIO) -> None:
    """The moves alone, in notation, on one line."""
    print(" ".join(solution.notation), file=out)


def _stats_json(stats: Stats) -> JSON:
    """The counts as JSON: states expanded and seconds."""
    return {"expanded": stats.expanded, "seconds": round(stats.seconds, 3)}


def _solution_json(solution: Solution) -> JSON:
    """The solution as one JSON object."""
    moves = None if solution.moves is None else list(solution.moves)
    return {
        "puzzle": solution.puzzle,
        "method": solution.method,
        "length": None if moves is None else len(moves),
        "moves": moves,
        "states": list(solution.states),
        "stats": _stats_json(solution.stats),
    }


def _survey_json(survey: Survey) -> JSON:
    """The analysis as one JSON object."""
    return {
        "puzzle": survey.puzzle,
        "states": survey.states,
        "max_distance": survey.max_distance,
        "histogram": list(survey.histogram),
        "farthest": list(survey.farthest),
        "stats": _stats_json(survey.stats),
    }


def _print_survey(survey: Survey, out: TextIO) -> None:
    """The counts, the distance histogram, and the farthest states drawn."""
    n = len(survey.farthest)
    print(
        f"{survey.states:,} states; the farthest lie {survey.max_distance} moves away "
        f"({n} state{'' if n == 1 else 's'})",
        "",
        "distance  states",
        *(f"{d:8}  {count:,}" for d, count in enumerate(survey.histogram)),
        "",
        sep="\n",
        file=out,
    )
    for i, picture in enumerate(survey.pictures, start=1):
        print(f"farthest {i} of {n}", picture, "", sep="\n", file=out)


def _write_svg(directory: str, solution: Solution) -> None:
    """The step-through viewer of the solution, written into ``directory``."""
    if solution.drawings is None:
        raise _BadInput(f"--svg: the puzzle {solution.puzzle!r} has no drawing")
    captions = ["start", *(f"move {i}: {w}" for i, w in enumerate(solution.words, start=1))]
    files = svg.stepper(solution.drawings, captions, f"{solution.puzzle} ({solution.method})")
    try:
        folder = Path(directory)
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8")
    except OSError as e:
        raise _BadInput(f"--svg: cannot write to {directory!r}: {e.strerror or e}") from e


def _print_list(as_json: bool, out: TextIO) -> None:
    """The puzzles, their methods and examples."""
    entries = [
        {
            "name": d.name,
            "title": d.title,
            "methods": list(d.methods),
            "examples": list(d.examples),
            "drawable": d.drawable,
        }
        for d in PUZZLES.values()
    ]
    if as_json:
        print(json.dumps({"puzzles": entries}), file=out)
        return
    for d in PUZZLES.values():
        print(
            d.name,
            f"  {d.title}",
            f"  methods:  {', '.join(d.methods)}",
            f"  examples: {', '.join(d.examples)}",
            sep="\n",
            file=out,
        )


def _run(argv: Sequence[str] | None, out: TextIO, err: TextIO, stdin: TextIO | None) -> int:
    """Parse, read the board, search (with progress), print; the exit code."""
    try:
        args = _parse_args(argv)
    except SystemExit as done:  # --help or --version, after printing
        return done.code if isinstance(done.code, int) else 0
    if args.command == "list":
        _print_list(args.json, out)
        return 0
    d = PUZZLES[args.puzzle]
    if args.board is None:
        text, where = d.examples[args.example or next(iter(d.examples))], ""
    else:
        text, where = _read_board(args.board, stdin)
    try:
        if args.command == "analyze":
            return _analyze(d, text, args, out, err)
        return _solve(d, text, args, out, err)
    except BoardError as e:
        raise _BadInput(f"bad board{where}: {e}") from e


def _solve(d: Described, text: str, args: _Args, out: TextIO, err: TextIO) -> int:
    """``pearls solve``: search, print, and write the drawings."""
    if args.svg is not None and not d.drawable:
        raise _BadInput(f"--svg: the puzzle {d.name!r} has no drawing")
    with _meter(f"searching ({args.method})", args, err) as meter:
        solution = d.solve(args.method, text, meter, draw=args.svg is not None)
    if args.svg is not None:
        _write_svg(args.svg, solution)
    if args.json:
        print(json.dumps(_solution_json(solution)), file=out)
    elif solution.moves is None:
        print(f"no solution exists ({_how(solution)})", file=out)
    else:
        (_print_moves if args.moves else _print_solution)(solution, out)
    out.flush()
    return 0 if solution.moves is not None else 1


def _analyze(d: Described, text: str, args: _Args, out: TextIO, err: TextIO) -> int:
    """``pearls analyze``: every reachable state, summed up."""
    with _meter("analysing", args, err) as meter:
        survey = d.survey(text, meter)
    if args.json:
        print(json.dumps(_survey_json(survey)), file=out)
    else:
        _print_survey(survey, out)
    out.flush()
    return 0


def _say(err: TextIO, message: str) -> None:
    """One line on ``err``: ``pearls: message``, its whitespace collapsed."""
    print("pearls:", *message.split(), file=err)


def _silence(out: TextIO) -> None:
    """Point a closed stdout at devnull, so the exit flush cannot fail again."""
    with suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default ``sys.argv[1:]``); the exit code.

    >>> main(["solve", "rushhour", "--example", "p2", "--moves"])
    E+1 D+1 D+1 F-1 H-1 F-1 H-1 I-1 I-1 I-1 H+1 E+1 A+1 J-1 A+1 G+1 A+1 A+1
    0
    """
    out, err = sys.stdout, sys.stderr
    try:
        return _run(argv, out, err, sys.stdin)
    except _BadInput as e:
        _say(err, str(e))
        return 2
    except LimitReached as e:
        _say(err, str(e))
        return 3
    except KeyboardInterrupt:
        _say(err, "interrupted")
        return 130
    except BrokenPipeError:
        _silence(out)
        return 141
