"""The command line, the only package that prints or reads argv; it knows no puzzle by
name, only the registry (:mod:`pearls.registry`).

::

    pearls solve PUZZLE [--example NAME | --board BOARD | --batch FILE] [--method METHOD]
                        [--all] [--json | --moves] [--svg DIR] [--trace FILE] [--OPTION VALUE ...]
                        [--max-states N] [--timeout SECONDS] [--max-memory SIZE]
    pearls analyze PUZZLE [--example NAME | --board BOARD] [--from-goals | --from-start]
                          [--workers N | --scheduler ADDRESS] [--json] [--OPTION VALUE ...]
                          [--max-states N] [--timeout SECONDS] [--max-memory SIZE]
    pearls generate PUZZLE [--seed N] [--count K] [--json] [--OPTION VALUE ...]
                           [--max-states N] [--timeout SECONDS] [--max-memory SIZE]
    pearls list [--json]
    pearls check PUZZLE [--json] [--max-states N] [--timeout SECONDS] [--max-memory SIZE]
    pearls new NAME [--dir DIR]
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

The limits: ``--max-states`` (states expanded; by default none for a method whose
memory is its depth, which time alone bounds), ``--timeout`` (seconds),
``--max-memory`` (the process's data, default half the machine's memory), and the size
of a board's text or a batch's line (1 MiB).  Every value is handed to the front end
(:mod:`pearls.frontend`) as it was given, a text, and read there by the one rule the
browser's values are read by.

A puzzle from another package (a plugin) is loaded only where the command names it or
lists every puzzle; one that is broken is left out with one line on stderr.  Its code is
held to its types (a fault is one line, exit 2) and watched by an alarm while it runs,
so that code of its that hangs stops at ``--timeout`` (:mod:`pearls.cli.alarm`).

Exit codes: 0 solved (or analysed), 1 no solution exists, 2 bad input (one line on
stderr, never a traceback), 3 a limit stopped the work, 130 interrupted, 141 output
pipe closed early.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from collections.abc import Generator, Sequence
from contextlib import contextmanager, nullcontext, suppress
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import MappingProxyType
from typing import NoReturn, Protocol, TextIO

from pearls import frontend, render, svg, values
from pearls.cli import frames, memory, reading, skeleton, tracefile
from pearls.cli.alarm import Alarm, watched
from pearls.description import JSON, MAX_DRAWN, Description, Solution
from pearls.errors import BoardError, InputError, LimitReached, OptionError
from pearls.frontend import (
    MAX_STATES,
    TIMEOUT,
    Analyze,
    Board,
    Drawn,
    Example,
    Generate,
    Limits,
    Listed,
    Made,
    Outcome,
    Reading,
    Refused,
    Report,
    Request,
    Solve,
    Solved,
    Source,
    Stopped,
    Surveyed,
    Task,
    Trace,
    Unsolvable,
    Usual,
)
from pearls.guard import Overdue
from pearls.laws import LAWS, Trial, Verdict
from pearls.limits import Progress, Stats
from pearls.methods import EVERY
from pearls.registry import ENTRIES, PUZZLES, broken, built_in
from pearls.render import listing_json, listing_text, record_text
from pearls.rules import Entry
from pearls.tracing import LIMIT

__all__ = ["CHECK_TIMEOUT", "MAX_STATES", "PROGRESS_EVERY", "TIMEOUT", "main"]

PROGRESS_EVERY = 0.2  # seconds between progress lines on a terminal
CHECK_TIMEOUT = 300.0  # the default bound on the seconds of a whole check (knight's takes 30)

_LIMITS = {"states": "--max-states", "time": "--timeout", "memory": "--max-memory"}
_EXIT = MappingProxyType(
    {"solved": 0, "analysed": 0, "generated": 0, "ok": 0, "none": 1, "error": 2, "limit": 3}
)  # the exit code of each outcome's status; 130 interrupted, 141 output closed early
_EXIT_CODES = (
    "exit codes: 0 solved (or analysed), 1 no solution exists, 2 bad input, "
    "3 a limit stopped the work, 130 interrupted, 141 output closed early"
)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors become one line, not a usage block."""

    def error(self, message: str) -> NoReturn:
        """Raise instead of printing usage and exiting."""
        raise InputError(f"bad arguments: {message} (see '{self.prog} --help')")


class _Commands(Protocol):
    """The commands a parser offers, each added as a parser of its own (argparse's
    class for them is private)."""

    def add_parser(self, name: str, *, help: str | None = ..., epilog: str | None = ...) -> _Parser:
        """A new command ``name``'s parser."""
        ...


class _Exclusive(Protocol):
    """Options of which a command line gives one at most (argparse's class for them is
    private)."""

    def add_argument(
        self, *name_or_flags: str, action: str = ..., help: str | None = ...
    ) -> argparse.Action:
        """Add an option to the group."""
        ...


class _Args(argparse.Namespace):
    """The parsed command line, typed: every value as it was given, a text, for the
    front end to read."""

    command: str
    puzzle: str
    json: bool
    max_states: str | None = None
    timeout: str | None = None
    max_memory: str | None = None
    example: str | None = None
    board: str | None = None
    batch: str | None = None
    method: str | None = None
    all: bool = False
    moves: bool = False
    svg: str | None = None
    trace: str | None = None
    literal: bool = False
    seed: str | None = None
    count: str | None = None
    from_goals: bool | None = None
    workers: str | None = None
    scheduler: str | None = None
    name: str = ""
    dir: str | None = None

    def options(self, d: Description) -> dict[str, JSON]:
        """The texts given to the puzzle's own options that the command takes."""
        named = ((o.name, getattr(self, _dest(o.name), None)) for o in d.options)
        return {name: text for name, text in named if isinstance(text, str)}

    def limits(self) -> Limits:
        """The limits given, as given; the memory bound, where none is given, half this
        machine's memory."""
        given = {"max_states": self.max_states, "timeout": self.timeout}
        bounds: dict[str, JSON] = {k: v for k, v in given.items() if v is not None}
        held = memory.default() if self.max_memory is None else self.max_memory
        return Limits(**bounds, max_memory=held)


def _dest(option: str) -> str:
    """Where argparse keeps a puzzle's option, apart from the command's own."""
    return f"option_{option}"


def _program_version() -> str:
    """The installed distribution's version."""
    try:
        return version("functional-pearls")
    except PackageNotFoundError:
        return "unknown"


_PUZZLED = ("solve", "analyze", "generate", "check")  # the commands that take a puzzle


def _described(argv: Sequence[str]) -> list[Description]:
    """The puzzles whose parsers ``argv`` needs: the one it names, where that is a
    puzzle; none for ``new``; else every puzzle (which loads every plugin)."""
    if argv[:1] == ["new"]:
        return []
    if len(argv) > 1 and argv[0] in _PUZZLED and argv[1] in PUZZLES:
        return [PUZZLES[argv[1]]]
    return list(PUZZLES.values())


def _parser(described: Sequence[Description]) -> tuple[_Parser, dict[str, _Parser]]:
    """The top-level parser, and each ``COMMAND PUZZLE`` sub-parser by its prog, for
    the puzzles ``described``."""
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
        for d in described:
            if command == "generate" and d.generate is None:
                continue
            leaf = puzzles.add_parser(d.name, help=d.title, description=d.text_form)
            leaf.epilog = _EXIT_CODES
            _add_options(leaf, d, command)
            leaves[leaf.prog] = leaf
    _add_check(commands, [d.name for d in described])
    _add_new(commands)
    return parser, leaves


def _add_check(commands: _Commands, names: list[str]) -> None:
    """``pearls check PUZZLE [--json] [limits]``: every law held against one of the
    puzzles ``names``."""
    sub = commands.add_parser(
        "check",
        help="hold a puzzle to every law (its methods, text form, rules, analysis)",
        epilog="exit codes: 0 every law holds (or does not apply), 1 a law is broken, "
        "2 bad input, 3 a limit stopped the check",
    )
    sub.add_argument("puzzle", choices=names, metavar="PUZZLE", help="a puzzle's name")
    sub.add_argument("--json", action="store_true", help="print one JSON object")
    sub.add_argument(
        "--max-states",
        metavar="N",
        help=f"each search expands N states at most ({MAX_STATES:,}); a law whose search "
        "needs more is broken",
    )
    sub.add_argument(
        "--timeout",
        metavar="SECONDS",
        help=f"stop the whole check after SECONDS ({CHECK_TIMEOUT:g})",
    )
    sub.add_argument(
        "--max-memory",
        metavar="SIZE",
        help="stop when the check holds more memory than SIZE, e.g. 2G (half the machine's)",
    )


def _add_options(parser: argparse.ArgumentParser, d: Description, command: str) -> None:
    """The options of ``pearls COMMAND PUZZLE``; choices and defaults come from ``d``."""
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print JSON")
    if command == "generate":
        parser.add_argument("--seed", metavar="N", help="the random seed (0)")
        parser.add_argument("--count", metavar="N", help="how many problems (1)")
    else:
        _add_source(parser, d, command)
    for o in d.options_of(command):
        only = f"; {' and '.join(o.methods)} only" if o.methods else ""
        default = f" ({o.default_text}{only})" if o.default_text else f" ({only[2:]})"
        parser.add_argument(
            f"--{o.name}",
            dest=_dest(o.name),
            choices=o.choices or None,
            metavar=None if o.choices else o.metavar,
            help=(o.help + default).removesuffix(" ()"),
        )
    if command == "solve":
        _add_solving(parser, output, d)
    _add_limits(parser, d, command)


def _add_solving(parser: argparse.ArgumentParser, output: _Exclusive, d: Description) -> None:
    """``--method``, ``--all``, ``--moves`` and ``--svg``: what ``solve`` adds, each
    where the puzzle has it."""
    methods = "; ".join(f"{name}: {m.about}" for name, m in d.methods.items())
    parser.add_argument(
        "--method",
        help=f"how to search, {d.default_method} by default. {methods}",
    )
    if EVERY in d.methods:
        parser.add_argument("--all", action="store_true", help="every solution: --method all")
    output.add_argument("--moves", action="store_true", help="print the moves alone, one line")
    if d.drawable:
        parser.add_argument(
            "--svg", metavar="DIR", help="write each position as DIR/000.svg, ... and index.html"
        )
    parser.add_argument(
        "--trace",
        metavar="FILE",
        help="write the search's events to FILE (- for standard output) as JSON lines: "
        'each state expanded {"event": "expand", "state": ..., "depth": N}, a plan made, '
        f"a deepening round's bound; at most {LIMIT:,} events, then one saying so",
    )
    parser.add_argument(
        "--literal",
        action="store_true",
        help="with --trace: the method's equations stepped literally, as the chapter "
        'writes them (bfs, dfs, plan): each step {"event": "step", "rule": N, "qs": [...], '
        '"rs": [...], "ps": [...]}',
    )


def _add_limits(parser: argparse.ArgumentParser, d: Description, command: str) -> None:
    """``--max-states``, ``--timeout`` and ``--max-memory``, each taken as text for the
    front end to read."""
    deepening = [name for name, m in d.methods.items() if m.deepening]
    unbounded = f"; none for {' and '.join(deepening)}, which time bounds" if deepening else ""
    parser.add_argument(
        "--max-states",
        metavar="N",
        help=f"stop after expanding N states ({MAX_STATES:,}"
        + (unbounded if command == "solve" else "")
        + ")",
    )
    parser.add_argument(
        "--timeout", metavar="SECONDS", help=f"stop after this many seconds ({TIMEOUT:g})"
    )
    parser.add_argument(
        "--max-memory",
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
        source.add_argument(
            "--batch",
            metavar="FILE",
            help=f"solve every board in FILE (- stdin), {d.records_form}",
        )
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
            metavar="N",
            help="analyse on a local Dask cluster of N workers, at most one a core "
            "(needs functional-pearls[dask])",
        )
        where.add_argument(
            "--scheduler", metavar="ADDRESS", help="analyse on the Dask cluster at ADDRESS"
        )


def _parse_args(argv: Sequence[str] | None, err: TextIO) -> _Args:
    """The arguments; an unknown option is reported by the sub-command it was given to.
    Only the parsers they need are built, and each plugin left out on the way is said
    in one line."""
    given = sys.argv[1:] if argv is None else argv
    parser, leaves = _parser(_described(given))
    for line in broken():
        _say(err, f"warning: {line}")
    args, extras = parser.parse_known_args(given, namespace=_Args())
    if extras:
        prog = f"pearls {args.command} {getattr(args, 'puzzle', '')}".rstrip()
        leaves.get(prog, parser).error(f"unrecognized arguments: {' '.join(extras)}")
    return args


@contextmanager
def _progress(label: str, err: TextIO) -> Generator[Progress | None, None, None]:
    """Live progress on ``err`` if it is a terminal (and nothing when it is not), the
    line cleared at the end."""
    if not err.isatty():
        yield None
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
        yield report
    finally:
        err.write("\r" + " " * width + "\r")
        err.flush()


def _lines(lines: Sequence[str], out: TextIO) -> None:
    """Print ``lines``, one a line, and flush."""
    for line in lines:
        print(line, file=out)
    out.flush()


def _run(argv: Sequence[str] | None, out: TextIO, err: TextIO, stdin: TextIO | None) -> int:
    """Parse, ask the front end, print each outcome (with progress); the exit code."""
    try:
        args = _parse_args(argv, err)
    except SystemExit as done:  # --help or --version, after printing
        return done.code if isinstance(done.code, int) else 0
    if args.command == "list":
        listing = listing_json(PUZZLES.values())
        _lines([json.dumps(listing)] if args.json else listing_text(PUZZLES.values()), out)
        return 0
    if args.command == "check":
        return _check(ENTRIES[args.puzzle], args, out, err)
    if args.command == "new":
        return _new(args.name, args.dir, out)
    d = PUZZLES[args.puzzle]
    if args.batch is not None:
        return _batch(d, args, out, err, stdin)
    request = Request(d.name, _task(args), _source(args, stdin), args.options(d), args.limits())
    return _answer(request, args, out, err)


def _check(entry: Entry, args: _Args, out: TextIO, err: TextIO) -> int:
    """Every law's verdict on the puzzle, one line each as it is reached (or one JSON
    object at the end); 0 when every law holds (or does not apply), 1 when one is
    broken, 3 when a limit stops the trial: the time limit bounds the whole of it, the
    states each search, the memory the process (as ``solve``'s do)."""
    seconds = CHECK_TIMEOUT if args.timeout is None else values.timeout(args.timeout)
    held_to = args.limits().max_memory
    bound = None if held_to is None else values.max_memory(held_to)
    states = MAX_STATES if args.max_states is None else values.max_states(args.max_states)
    plugin = not built_in(entry.name)
    trial = Trial(entry, max_states=states, deadline=time.monotonic() + seconds, guarded=plugin)
    verdicts: list[Verdict] = []
    try:
        with (
            watched(seconds, _time_said(seconds), "", plugin) as alarm,
            memory.limited(bound),
        ):
            for law in LAWS:
                with alarm:
                    verdicts.append(law(trial))
                if not args.json:
                    _lines([verdicts[-1].line], out)
    except (LimitReached, Overdue, MemoryError) as e:
        return _trial_stopped(entry.name, e, seconds, bound, args.json, out, err)
    held = all(v.held for v in verdicts)
    if args.json:
        laws = [v.json for v in verdicts]
        _lines([json.dumps({"puzzle": entry.name, "held": held, "laws": laws})], out)
    return 0 if held else 1


def _time_said(seconds: float) -> str:
    """The line of the time limit reached where nothing was counted."""
    return f"{LimitReached('time', 0, seconds, seconds)}; {_LIMITS['time']} sets this limit"


def _trial_stopped(
    name: str,
    stopped: BaseException,
    seconds: float,
    bound: int | None,
    as_json: bool,
    out: TextIO,
    err: TextIO,
) -> int:
    """Say the limit that stopped a trial of the laws, in one line (and one JSON object
    under ``--json``); the exit code of a limit."""
    match stopped:
        case LimitReached(limit="time"):  # by the time left to one search: the trial's
            reached = LimitReached("time", stopped.expanded, stopped.seconds, seconds)
        case LimitReached():
            reached = stopped
        case MemoryError():
            reached = LimitReached("memory", 0, 0.0, bound)
        case _:
            reached = LimitReached("time", 0, seconds, seconds)
    if as_json:
        _lines([json.dumps(render.limit_json(name, None, reached))], out)
    _say(err, f"{reached}; {_LIMITS[reached.limit]} sets this limit")
    return _EXIT["limit"]


def _add_new(commands: _Commands) -> None:
    """``pearls new NAME [--dir DIR]``: the skeleton of a puzzle in a package of its own."""
    sub = commands.add_parser(
        "new",
        help="write the skeleton of a puzzle's own package, which pearls check passes",
        epilog="exit codes: 0 written, 2 bad input (a bad name, a folder that exists)",
    )
    sub.add_argument("name", metavar="NAME", help="the puzzle's name, e.g. tally")
    sub.add_argument("--dir", metavar="DIR", help="the new folder to write (default: NAME)")


def _new(name: str, where: str | None, out: TextIO) -> int:
    """Write the skeleton, say what was written and what comes next; a name a puzzle
    has already is refused."""
    skeleton.files(name)  # the name checked first
    if name in PUZZLES:
        raise InputError(f"{name!r} is a puzzle already: pearls new needs a name of its own")
    folder = Path(where if where is not None else name)
    written = skeleton.write(name, folder)
    after = f"next: pip install -e {_installable(folder)} && pearls check {name}"
    _lines([*map(str, written), after], out)
    return 0


def _installable(folder: Path) -> str:
    """How pip is given a folder from here: ``./tally``, ``../tally`` or ``/abs/tally``,
    quoted for a shell where it needs to be.

    >>> _installable(Path("tally")), _installable(Path("/tmp/my tally"))
    ('./tally', "'/tmp/my tally'")
    """
    local = folder.is_absolute() or folder.parts[:1] == ("..",)
    return shlex.quote(str(folder) if local else f"./{folder}")


def _task(args: _Args) -> Task:
    """What the command asks, each value as given: solve (by a method, or every
    solution with ``--all``), analyse, or make new problems."""
    if args.command == "generate":
        return Generate(**_given(seed=args.seed, count=args.count))
    if args.command == "analyze":
        return Analyze(args.from_goals, workers=args.workers, scheduler=args.scheduler)
    method = EVERY if args.all else args.method
    if args.literal and args.trace is None:
        raise OptionError("--literal writes the equations' steps as a trace: give --trace FILE")
    return Solve(
        method, draw=args.svg is not None, trace=args.trace is not None, literal=args.literal
    )


def _given(**named: str | None) -> dict[str, JSON]:
    """The values given, by name, leaving out those not given."""
    return {name: value for name, value in named.items() if value is not None}


def _source(args: _Args, stdin: TextIO | None) -> Source:
    """Where the board comes from: ``--board`` (its text, a file or stdin),
    ``--example``, or the usual start."""
    if args.board is not None:
        return Board(*reading.read_board(args.board, stdin))
    return Usual() if args.example is None else Example(args.example)


def _answer(request: Request, args: _Args, out: TextIO, err: TextIO) -> int:
    """Have the front end read the request, open what it writes to, then ask for the
    outcomes, with progress on a terminal, and print each; the exit code is the worst
    of the outcomes'.  A plugin's code is watched by an alarm (:mod:`pearls.cli.alarm`)
    while it runs, which stops it at the time limit wherever it hangs."""
    seconds = _seconds(request)
    stopped, said = LimitReached("time", 0, seconds, seconds), _time_said(seconds)
    printed = json.dumps(render.limit_json(request.puzzle, None, stopped)) if args.json else ""
    with watched(seconds, said, printed, not built_in(request.puzzle)) as alarm:
        try:
            with alarm:
                asked = frontend.read(request)
            if isinstance(asked, Refused):
                return _refuse(err, asked.line)
            return _answered(asked, args, out, err, alarm)
        except Overdue:  # a plugin's code that never came back, outside the search
            if printed:
                _lines([printed], out)
            _say(err, said)
            return _EXIT["limit"]


def _seconds(request: Request) -> float:
    """The time limit a request asks for, or the default where it cannot be read (the
    front end refuses it)."""
    try:
        return values.timeout(request.limits.timeout)
    except OptionError:
        return TIMEOUT


def _answered(asked: Reading, args: _Args, out: TextIO, err: TextIO, alarm: Alarm) -> int:
    """Open what the answer writes to, then ask for the outcomes (each made while the
    alarm is set), with progress on a terminal, and print each; the worst exit code."""
    _check_drawn(asked, args)
    worst = 0
    with (
        tracefile.opened(args.trace, out) if args.trace is not None else nullcontext() as write,
        _workers_unheard(err) if _on_cluster(asked) else nullcontext(err) as told,
        _progress(_label(asked), told) as progress,
    ):
        for outcome in alarm.each(frontend.answer(asked, progress, PROGRESS_EVERY, memory.limited)):
            worst = max(worst, _print(outcome, args, out, told, write))
    return worst


def _check_drawn(asked: Reading, args: _Args) -> None:
    """Refuse ``--svg`` for a method that lists every solution."""
    offered = None if asked.method is None else asked.description.methods.get(asked.method)
    if args.svg is not None and offered is not None and offered.every:
        raise OptionError("--svg draws one solution: name a --method that finds one")


def _label(asked: Reading) -> str:
    """What the progress line says the work is."""
    match asked.request.task:
        case Solve():
            return f"searching ({asked.method})"
        case Analyze():
            return "analysing"
        case _:
            return "generating"


def _on_cluster(asked: Reading) -> bool:
    """Whether the request runs on a Dask cluster."""
    task = asked.request.task
    return isinstance(task, Analyze) and (asked.workers is not None or task.scheduler is not None)


def _print(
    outcome: Outcome, args: _Args, out: TextIO, err: TextIO, write: tracefile.Write | None
) -> int:
    """Print one outcome as the arguments ask, its trace and drawings written where
    asked; its exit code."""
    match outcome:
        case Refused():
            return _refuse(err, outcome.line)
        case Stopped():
            _traced(write, outcome.trace)
            if args.json:
                _lines([json.dumps(outcome.json)], out)
            limit = _LIMITS.get(outcome.reached.limit, "an option")
            _say(err, f"{outcome.line}; {limit} sets this limit")
            return _code(outcome)
        case Solved() | Unsolvable():
            _traced(write, outcome.trace)
            if args.svg is not None:
                _write_svg(args.svg, outcome.solution)
        case Listed():
            _traced(write, outcome.trace)
        case Surveyed() | Made() | Drawn():
            pass
    if args.json:
        _lines([json.dumps(outcome.json)], out)
    elif args.moves and isinstance(outcome, Solved):
        _lines([" ".join(outcome.solution.notation)], out)
    else:
        _lines(outcome.lines, out)
    return _code(outcome)


def _code(outcome: Report) -> int:
    """The exit code of an outcome, by its status."""
    return _EXIT[outcome.status]


def _refuse(err: TextIO, reason: str) -> int:
    """Say why the input is refused, in one line; the exit code of bad input."""
    refused = Refused(reason)
    _say(err, refused.line)
    return _code(refused)


def _traced(write: tracefile.Write | None, trace: Trace | None) -> None:
    """Write a search's events, where they were asked for."""
    if write is not None:
        write(trace or ())


def _write_svg(directory: str, solution: Solution) -> None:
    """The step-through viewer of a solution, written into ``directory``."""
    if solution.drawings is None:
        raise OptionError(
            f"--svg: a solution of {len(solution.states):,} positions is too long to draw "
            f"(at most {MAX_DRAWN:,})"
        )
    title = f"{solution.puzzle} ({solution.method})"
    frames.write(directory, svg.stepper(solution.drawings, solution.captions, title))


def _batch(d: Description, args: _Args, out: TextIO, err: TextIO, stdin: TextIO | None) -> int:
    """``pearls solve --batch``: the request read once, then each board solved under its
    own limits and reported on one line; the exit code is the worst of theirs."""
    assert args.batch is not None  # asked for
    if args.trace is not None:
        raise OptionError("--trace watches one search: give --example or --board")
    task = Solve(EVERY if args.all else args.method)
    asked = frontend.read(Request(d.name, task, Usual(), args.options(d), args.limits()))
    if isinstance(asked, Refused):
        return _refuse(err, asked.line)
    worst = 0
    for record in d.records(reading.batch_lines(args.batch, stdin)):
        outcome = _board_answered(asked.on(Board(record.text)), err)
        fields: dict[str, JSON] = dict(record.fields)
        match outcome:
            case Refused() | Stopped():
                fields["error"] = outcome.line
            case _:
                fields.update(outcome.json)
        worst = max(worst, _code(outcome))
        _lines([json.dumps(fields) if args.json else record_text(fields)], out)
    return worst


def _board_answered(board: Reading, err: TextIO) -> Outcome:
    """The one outcome of a batch's board, with progress on a terminal; a plugin's code
    watched by an alarm while it runs, as for one board."""
    seconds, plugin = board.timeout, not built_in(board.description.name)
    try:
        with (
            _progress(_label(board), err) as progress,
            watched(seconds, _time_said(seconds), "", plugin) as alarm,
        ):
            answered = frontend.answer(board, progress, PROGRESS_EVERY, memory.limited)
            (outcome,) = alarm.each(answered)
    except Overdue:  # the alarm rang as the outcome was handed back
        outcome = Stopped(
            board.description.name, board.method, LimitReached("time", 0, seconds, seconds)
        )
    return outcome


@contextmanager
def _workers_unheard(err: TextIO) -> Generator[TextIO, None, None]:
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
        return _refuse(err, str(e))
    except KeyboardInterrupt:
        _say(err, "interrupted")
        sys.unraisablehook = _unreported
        return 130
    except BrokenPipeError:
        _silence(out)
        return 141
