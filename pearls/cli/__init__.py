"""The command line, the only package that prints or reads argv; it knows no puzzle by
name, only the registry (:mod:`pearls.registry`).

::

    pearls solve PUZZLE [--example NAME | --board BOARD | --batch FILE] [--method METHOD]
                        [--all] [--json | --moves] [--svg DIR] [--OPTION VALUE ...]
                        [--max-states N] [--timeout SECONDS] [--max-memory SIZE]
    pearls analyze PUZZLE [--example NAME | --board BOARD] [--from-goals | --from-start]
                          [--workers N | --scheduler ADDRESS] [--json] [--OPTION VALUE ...]
                          [--max-states N] [--timeout SECONDS] [--max-memory SIZE]
    pearls generate PUZZLE [--seed N] [--count K] [--json] [--OPTION VALUE ...]
                           [--max-states N] [--timeout SECONDS] [--max-memory SIZE]
    pearls list [--json]
    pearls --version

``--board`` takes the board's text itself, the path of a file holding it, or ``-`` for
stdin; ``--batch`` takes a file (or ``-``) of many boards, read line by line in the form
the puzzle's ``records`` reads, and reports each (one JSON object per line with
``--json``).  A puzzle's own options (``--discs``, ``--size``) come from its description,
each offered by the commands it serves; ``--all`` is offered where a puzzle can list
every solution, and ``generate`` where it can make new problems.  Without ``--json``,
``solve`` prints each position drawn, the move between them in words, and the outcome at
the end (``--moves``: the moves alone, on one line); with ``--json`` one object::

    {"puzzle": "rushhour", "method": "bfs", "length": 34,
     "moves": [{"vehicle": "C", "from": [0, 1], "to": [1, 1]}, ...],
     "states": ["BCDEFFBCDEGHB.AAGH..IIIH..J.KKLLJ.MM", ...],
     "stats": {"expanded": 2778, "seconds": 0.11}}

``states`` runs from the start to the solved position, so ``len(states) == length + 1``;
when no solution exists, ``length`` and ``moves`` are ``null`` and ``states`` holds the
start alone.  A puzzle whose answer is its solved state prints that under its own key
instead of ``length``, ``moves`` and ``states`` (``{"puzzle", "method", "tour",
"stats"}``); ``--all`` prints ``{"puzzle", "solutions", "count", "stats"}``.
``analyze`` prints ``{"puzzle", "from", "states", "max_distance", "histogram",
"farthest", "stats"}``; ``generate`` one object per problem.  A limit that stops the work
prints ``{"puzzle", "method", "limit", "bound", "stats"}`` under ``--json``.

The limits: ``--max-states`` (states expanded), ``--timeout`` (seconds),
``--max-memory`` (the process's data, default half the machine's memory), and the size
of a board's text or a batch's line (1 MiB).

Exit codes: 0 solved (or analysed), 1 no solution exists, 2 bad input (one line on
stderr, never a traceback), 3 a limit stopped the work, 130 interrupted, 141 output
pipe closed early.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext, suppress
from importlib.metadata import PackageNotFoundError, version
from typing import NoReturn, TextIO

from pearls import svg
from pearls.cli import frames, memory, reading, render
from pearls.description import JSON, Analyser, Description, Record, Settings, Solution
from pearls.errors import BoardError, InputError, LimitReached, OptionError
from pearls.limits import Meter, Stats
from pearls.registry import PUZZLES

__all__ = ["MAX_STATES", "PROGRESS_EVERY", "TIMEOUT", "main"]

MAX_STATES = 2_000_000  # the default bound on states expanded: Flip It Star by deepening fits
TIMEOUT = 60.0  # the default bound on seconds
PROGRESS_EVERY = 0.2  # seconds between progress lines on a terminal
SCHEDULER_SECONDS = 10.0  # the longest wait to join a scheduler (or less, by --timeout)

_LIMITS = {"states": "--max-states", "time": "--timeout", "memory": "--max-memory"}
_EXIT_CODES = (
    "exit codes: 0 solved (or analysed), 1 no solution exists, 2 bad input, "
    "3 a limit stopped the work, 130 interrupted, 141 output closed early"
)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors become one line, not a usage block."""

    def error(self, message: str) -> NoReturn:
        """Raise instead of printing usage and exiting."""
        raise InputError(f"bad arguments: {message} (see '{self.prog} --help')")


class _Args(argparse.Namespace):
    """The parsed command line, typed."""

    command: str
    puzzle: str
    json: bool
    max_states: int
    timeout: float
    max_memory: int | None = None
    example: str | None = None
    board: str | None = None
    batch: str | None = None
    method: str = ""
    all: bool = False
    moves: bool = False
    svg: str | None = None
    seed: int = 0
    count: int = 1
    from_goals: bool | None = None
    workers: int | None = None
    scheduler: str | None = None

    def settings(self, d: Description) -> Settings:
        """The values of the puzzle's own options that the command takes."""
        return {o.name: str(getattr(self, _dest(o.name))) for o in d.options_of(self.command)}


def _dest(option: str) -> str:
    """Where argparse keeps a puzzle's option, apart from the command's own."""
    return f"option_{option}"


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
        ("generate", "make new problems, where a puzzle can"),
    ):
        sub = commands.add_parser(command, help=about, epilog=_EXIT_CODES)
        puzzles = sub.add_subparsers(dest="puzzle", required=True, metavar="PUZZLE")
        for d in PUZZLES.values():
            if command == "generate" and d.generate is None:
                continue
            leaf = puzzles.add_parser(d.name, help=d.title, description=d.text_form)
            leaf.epilog = _EXIT_CODES
            _add_options(leaf, d, command)
            leaves[leaf.prog] = leaf
    return parser, leaves


def _add_options(parser: argparse.ArgumentParser, d: Description, command: str) -> None:
    """The options of ``pearls COMMAND PUZZLE``; choices and defaults come from ``d``."""
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print JSON")
    if command == "generate":
        parser.add_argument("--seed", type=_whole(0), default=0, help="the random seed (0)")
        parser.add_argument("--count", type=_whole(1), default=1, help="how many problems (1)")
    else:
        _add_source(parser, d, command)
    for o in d.options_of(command):
        parser.add_argument(
            f"--{o.name}",
            dest=_dest(o.name),
            default=o.default,
            choices=o.choices or None,
            metavar=None if o.choices else o.metavar,
            help=f"{o.help} (%(default)s)" if o.default else o.help,
        )
    if command == "solve":
        _add_solving(parser, output, d)
    _add_limits(parser)


def _add_solving(
    parser: argparse.ArgumentParser, output: argparse._MutuallyExclusiveGroup, d: Description
) -> None:
    """``--all``, ``--method``, ``--moves`` and ``--svg``: what ``solve`` adds."""
    if d.enumerable:
        parser.add_argument("--all", action="store_true", help="every solution, and the count")
    methods = "; ".join(f"{name}: {m.about}" for name, m in d.methods.items())
    parser.add_argument(
        "--method",
        choices=list(d.methods),
        default=next(iter(d.methods)),
        help=f"how to search, %(default)s by default. {methods}",
    )
    output.add_argument("--moves", action="store_true", help="print the moves alone, one line")
    parser.add_argument(
        "--svg", metavar="DIR", help="write each position as DIR/000.svg, ... and index.html"
    )


def _add_limits(parser: argparse.ArgumentParser) -> None:
    """``--max-states``, ``--timeout`` and ``--max-memory``."""
    parser.add_argument(
        "--max-states",
        type=_whole(1),
        default=MAX_STATES,
        metavar="N",
        help="stop after expanding N states (%(default)s)",
    )
    parser.add_argument(
        "--timeout",
        type=_seconds,
        default=TIMEOUT,
        metavar="SECONDS",
        help="stop after this many seconds (%(default)s)",
    )
    parser.add_argument(
        "--max-memory",
        type=_size,
        default=memory.default(),
        metavar="SIZE",
        help="stop when the work holds more memory than SIZE, e.g. 2G or 512M (half "
        "the machine's memory)",
    )


def _add_source(parser: argparse.ArgumentParser, d: Description, command: str) -> None:
    """``--example``, ``--board`` and, to solve many boards, ``--batch``."""
    examples = list(d.examples)
    default = "the usual start for the options" if d.standard else examples[0]
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--example", choices=examples, help=f"a built-in board ({default})")
    source.add_argument(
        "--board", help="the board's text, the path of a file holding it, or - for stdin"
    )
    if command == "solve":
        source.add_argument("--batch", metavar="FILE", help="solve every board in FILE (- stdin)")
    else:
        origin = parser.add_mutually_exclusive_group()
        origin.add_argument(
            "--from-goals",
            dest="from_goals",
            action="store_const",
            const=True,
            help="distances from the solved positions in the board's component (the "
            "default, where every move can be undone)",
        )
        origin.add_argument(
            "--from-start",
            dest="from_goals",
            action="store_const",
            const=False,
            help="distances from the board",
        )
        where = parser.add_mutually_exclusive_group()
        where.add_argument(
            "--workers",
            type=_whole(1, os.cpu_count() or 1),
            metavar="N",
            help="analyse on a local Dask cluster of N workers, at most one a core "
            "(needs functional-pearls[dask])",
        )
        where.add_argument(
            "--scheduler", metavar="ADDRESS", help="analyse on the Dask cluster at ADDRESS"
        )


def _whole(least: int, most: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``least`` (to ``most``), in ASCII digits."""

    def convert(text: str) -> int:
        digits = text.strip().removeprefix("+")
        if not (digits.isascii() and digits.isdecimal() and len(digits) <= 18):
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
        value = int(digits)
        if value < least or (most is not None and value > most):
            upper = "" if most is None else f" and at most {most}"
            raise argparse.ArgumentTypeError(f"must be at least {least}{upper}: {text!r}")
        return value

    return convert


def _seconds(text: str) -> float:
    """An argparse type: a number of seconds greater than 0, finite."""
    try:
        value = float(text) if len(text) <= 32 else float("nan")
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0: {text!r}")
    return value


def _size(text: str) -> int:
    """An argparse type: a size in bytes, ``2G`` or ``512M`` (:func:`memory.size`)."""
    try:
        return memory.size(text)
    except OptionError as e:
        raise argparse.ArgumentTypeError(str(e).removeprefix("--max-memory ")) from None


def _parse_args(argv: Sequence[str] | None) -> _Args:
    """The arguments; an unknown option is reported by the sub-command it was given to."""
    parser, leaves = _parser()
    args, extras = parser.parse_known_args(argv, namespace=_Args())
    if extras:
        prog = f"pearls {args.command} {getattr(args, 'puzzle', '')}".rstrip()
        leaves.get(prog, parser).error(f"unrecognized arguments: {' '.join(extras)}")
    return args


@contextmanager
def _meter(label: str, args: _Args, err: TextIO) -> Iterator[Meter]:
    """A meter with the command's limits, showing live progress on ``err`` if it is a
    terminal (and nothing when it is not), the line cleared at the end."""
    limits = (args.max_states, args.timeout)
    if not err.isatty():
        with _out_of_memory(meter := Meter(*limits, max_memory=args.max_memory)):
            yield meter
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

    meter = Meter(*limits, report, PROGRESS_EVERY, max_memory=args.max_memory)
    try:
        with _out_of_memory(meter):
            yield meter
    finally:
        err.write("\r" + " " * width + "\r")
        err.flush()


@contextmanager
def _out_of_memory(meter: Meter) -> Iterator[None]:
    """A ``MemoryError`` in the block as the memory limit reached, with the meter's
    counts."""
    try:
        yield
    except MemoryError:
        bound = meter.max_memory or 0
        why = "the work needed more memory"
        raise LimitReached("memory", meter.expanded, meter.seconds, bound, why) from None


def _lines(lines: Sequence[str], out: TextIO) -> None:
    """Print ``lines``, one a line, and flush."""
    for line in lines:
        print(line, file=out)
    out.flush()


def _run(argv: Sequence[str] | None, out: TextIO, err: TextIO, stdin: TextIO | None) -> int:
    """Parse, read the board, work (with progress) within the limits, print; the exit
    code."""
    try:
        args = _parse_args(argv)
    except SystemExit as done:  # --help or --version, after printing
        return done.code if isinstance(done.code, int) else 0
    if args.command == "list":
        listing = render.listing_json(PUZZLES.values())
        _lines([json.dumps(listing)] if args.json else render.listing_text(PUZZLES.values()), out)
        return 0
    d = PUZZLES[args.puzzle]
    method = "all" if args.all or (d.all_by_default and args.method) else args.method or None
    try:
        with memory.limited(args.max_memory):
            return _command(d, args, out, err, stdin)
    except LimitReached as e:
        if args.json:
            _lines([json.dumps(render.limit_json(d.name, method, e))], out)
        raise
    except MemoryError:
        bound = args.max_memory or 0
        stopped = LimitReached("memory", 0, 0.0, bound, "the work needed more memory")
        if args.json:
            _lines([json.dumps(render.limit_json(d.name, method, stopped))], out)
        raise stopped from None


def _command(d: Description, args: _Args, out: TextIO, err: TextIO, stdin: TextIO | None) -> int:
    """The command ``args`` asks of the puzzle ``d``."""
    settings = d.settings(args.settings(d))
    if args.command == "generate":
        return _generate(d, settings, args, out, err)
    if args.batch is not None:
        lines = reading.batch_lines(args.batch, stdin)
        return _batch(d, d.records(lines), settings, args, out, err)
    if args.command == "solve" and args.svg is not None and not d.drawable:
        raise OptionError(f"--svg: the puzzle {d.name!r} has no drawing")
    where = ""
    try:
        text, where = _problem_text(d, settings, args, stdin)
        if args.command == "analyze":
            return _analyze(d, text, settings, args, out, err)
        if args.all or d.all_by_default:
            return _every(d, text, settings, args, out, err)
        return _solve(d, text, settings, args, out, err)
    except BoardError as e:
        raise BoardError(f"bad board{where}: {e}") from e


def _problem_text(
    d: Description, settings: Settings, args: _Args, stdin: TextIO | None
) -> tuple[str, str]:
    """The text of the problem to work on, and where it came from: the board given, the
    example named, or the puzzle's usual start."""
    if args.board is not None:
        return reading.read_board(args.board, stdin)
    if args.example is not None:
        return d.examples[args.example], ""
    return d.default_text(settings), ""


def _solve(
    d: Description, text: str, settings: Settings, args: _Args, out: TextIO, err: TextIO
) -> int:
    """``pearls solve``: search, print, and write the drawings."""
    with _meter(f"searching ({args.method})", args, err) as meter:
        try:
            solution = d.solve(args.method, text, meter, args.svg is not None, settings)
        except OptionError as e:
            raise OptionError(f"--svg: {e}") if args.svg is not None else e from e
    if solution.drawings is not None and args.svg is not None:
        _write_svg(args.svg, d.name, solution)
    if args.json:
        _lines([json.dumps(render.solution_json(solution, d.answer_key))], out)
    elif args.moves and solution.moves is not None:
        _lines([" ".join(solution.notation)], out)
    else:
        _lines(render.solution_text(solution, d.answer_key), out)
    return 0 if solution.moves is not None else 1


def _write_svg(directory: str, puzzle: str, solution: Solution) -> None:
    """The step-through viewer of a solution, written into ``directory``."""
    assert solution.drawings is not None  # asked for, and the puzzle is drawable
    captions = ["start", *(f"move {i}: {w}" for i, w in enumerate(solution.words, start=1))]
    title = f"{puzzle} ({solution.method})"
    frames.write(directory, svg.stepper(solution.drawings, captions, title))


def _every(
    d: Description, text: str, settings: Settings, args: _Args, out: TextIO, err: TextIO
) -> int:
    """``pearls solve --all``: every solution, and how many there are."""
    if args.svg is not None:
        why = "leave out --all" if args.all else f"{d.name} lists every solution"
        raise OptionError(f"--svg draws one solution: {why}")
    with _meter("searching (all)", args, err) as meter:
        found = list(d.every(text, meter, settings))
        stats = meter.stats
    if args.json:
        _lines([json.dumps(render.every_json(d.name, found, stats))], out)
    else:
        _lines(render.every_text(found, stats), out)
    return 0 if found else 1


def _batch(
    d: Description,
    records: Iterator[Record],
    settings: Settings,
    args: _Args,
    out: TextIO,
    err: TextIO,
) -> int:
    """``pearls solve --batch``: each board solved under its own limits and reported on
    one line; the exit code is the worst of theirs."""
    worst = 0
    for record in records:
        fields: dict[str, JSON] = dict(record.fields)
        try:
            with _meter(f"searching ({args.method})", args, err) as meter:
                solution = d.solve(args.method, record.text, meter, settings=settings)
        except (BoardError, OptionError, LimitReached) as e:
            code = 3 if isinstance(e, LimitReached) else 2
            fields["error"] = " ".join(str(e).split())
        else:
            code = 0 if solution.moves is not None else 1
            fields.update(render.solution_json(solution, d.answer_key))
        worst = max(worst, code)
        _lines([json.dumps(fields) if args.json else render.record_text(fields)], out)
    return worst


def _generate(d: Description, settings: Settings, args: _Args, out: TextIO, err: TextIO) -> int:
    """``pearls generate``: new problems, each printed as soon as it is made, within
    the limits."""
    assert d.generate is not None  # the parser offers generate only where it exists
    with _meter("generating", args, err) as meter:
        made = d.generate(settings, args.seed, meter)
        for _, problem in zip(range(args.count), made, strict=False):
            if args.json:
                _lines([json.dumps(render.generated_json(d.name, problem))], out)
            else:
                _lines(render.generated_text(problem), out)
            meter.check()
    return 0


def _analyze(
    d: Description, text: str, settings: Settings, args: _Args, out: TextIO, err: TextIO
) -> int:
    """``pearls analyze``: every position of the board's component, summed up."""
    analyser = _cluster(args)
    with (
        _workers_unheard(err) if analyser else nullcontext(err) as told,
        _meter("analysing", args, told) as meter,
    ):
        survey = d.survey(text, meter, settings, args.from_goals, analyser)
    if args.json:
        _lines([json.dumps(render.survey_json(survey))], out)
    else:
        _lines(render.survey_text(survey), out)
    return 0


def _cluster(args: _Args) -> Analyser | None:
    """The analysis on a Dask cluster that ``--workers`` or ``--scheduler`` asks for."""
    if args.workers is None and args.scheduler is None:
        return None
    try:
        from pearls import distributed
    except ImportError as e:
        raise InputError(
            f"--workers and --scheduler need Dask: pip install 'functional-pearls[dask]' ({e})"
        ) from e
    wait = min(args.timeout, SCHEDULER_SECONDS)
    return distributed.analyser(args.workers, args.scheduler, wait)


@contextmanager
def _workers_unheard(err: TextIO) -> Iterator[TextIO]:
    """The standard error that processes started within inherit goes nowhere; the
    command's own messages go to ``err``, on a copy of it where ``err`` wrote to it.

    A terminal's Ctrl-C reaches every process it runs and would end each Dask worker
    with a traceback of its own; the command says it was interrupted, in one line.
    What a worker fails at otherwise reaches the command as the error of its task."""
    err.flush()
    try:
        kept = os.dup(_STDERR)
    except OSError:  # no standard error to begin with
        yield err
        return
    try:
        with open(kept, "w", encoding=err.encoding, errors=err.errors, closefd=False) as told:
            _to_devnull(_STDERR)
            yield told if _descriptor(err) == _STDERR else err
    finally:
        os.dup2(kept, _STDERR)
        os.close(kept)


_STDERR = 2  # the standard error a child process inherits


def _descriptor(stream: TextIO) -> int | None:
    """The file descriptor a stream writes to, if it has one."""
    try:
        return stream.fileno()
    except (OSError, ValueError):  # io.UnsupportedOperation is both
        return None


def _say(err: TextIO, message: str) -> None:
    """One line on ``err``: ``pearls: message``, its whitespace collapsed."""
    print("pearls:", *message.split(), file=err)


def _silence(out: TextIO) -> None:
    """Point a closed stdout at devnull, so the exit flush cannot fail again."""
    with suppress(OSError, ValueError):
        _to_devnull(out.fileno())


def _to_devnull(descriptor: int) -> None:
    """Point a file descriptor at devnull: what is written to it goes nowhere."""
    nowhere = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nowhere, descriptor)
    os.close(nowhere)


def _unreported(_: object) -> None:
    """Once interrupted, what fails in the clean-up on the way out (a Dask cluster
    stopped while its workers were starting) is not reported: the interrupt was."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default ``sys.argv[1:]``); the exit code.

    >>> main(["solve", "rushhour", "--example", "p2", "--moves"])
    E+1 D+1 D+1 F-1 H-1 F-1 H-1 I-1 I-1 I-1 H+1 E+1 A+1 J-1 A+1 G+1 A+1 A+1
    0
    """
    out, err = sys.stdout, sys.stderr
    try:
        return _run(argv, out, err, sys.stdin)
    except (BoardError, OptionError, InputError) as e:
        _say(err, str(e))
        return 2
    except LimitReached as e:
        _say(err, f"{e}; {_LIMITS.get(e.limit, 'an option')} sets this limit")
        return 3
    except KeyboardInterrupt:
        _say(err, "interrupted")
        sys.unraisablehook = _unreported
        return 130
    except BrokenPipeError:
        _silence(out)
        return 141
