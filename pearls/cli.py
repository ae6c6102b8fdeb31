"""The command line, the only module that prints or reads argv; it knows no puzzle by
name, only the registry (:mod:`pearls.registry`).

::

    pearls solve PUZZLE [--example NAME | --board BOARD | --batch FILE] [--method METHOD]
                        [--all] [--json | --moves] [--svg DIR] [--OPTION VALUE ...]
                        [--max-states N] [--timeout SECONDS]
    pearls analyze PUZZLE [--example NAME | --board BOARD] [--from-goals | --from-start]
                          [--workers N | --scheduler ADDRESS] [--json] [--OPTION VALUE ...]
                          [--max-states N] [--timeout SECONDS]
    pearls generate PUZZLE [--seed N] [--count K] [--json] [--OPTION VALUE ...]
                           [--max-states N] [--timeout SECONDS]
    pearls list [--json]
    pearls --version

``--board`` takes the board's text itself, the path of a file holding it, or ``-`` for
stdin; ``--batch`` takes a file (or ``-``) of many boards, in the form the puzzle's
``records`` reads, and reports each (one JSON object per line with ``--json``).  A
puzzle's own options (``--discs``, ``--size``) come from its description; ``--all`` is
offered where a puzzle can list every solution, and ``generate`` where it can make new
problems.  Without ``--json``, ``solve`` prints each position drawn, the move between them
in words, and the count at the end (``--moves``: the moves alone, on one line); with
``--json`` one object::

    {"puzzle": "rushhour", "method": "bfs", "length": 34, "moves": [[2, 16], ...],
     "states": ["BCDEFFBCDEGHB.AAGH..IIIH..J.KKLLJ.MM", ...],
     "stats": {"expanded": 2896, "seconds": 0.11}}

``states`` runs from the start to the solved position, so ``len(states) == length + 1``;
when no solution exists, ``length`` and ``moves`` are ``null`` and ``states`` holds the
start alone.  A puzzle whose answer is its solved state prints that under its own key
instead of ``length``, ``moves`` and ``states`` (``{"puzzle", "method", "tour",
"stats"}``); ``--all`` prints ``{"puzzle", "solutions", "count", "stats"}``.
``analyze`` prints ``{"puzzle", "states", "max_distance", "histogram", "farthest",
"stats"}``; ``generate`` one object per problem, ``{"puzzle", ...}`` with what the
puzzle knows of it.

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
from pearls.analysis import Analysis, PerfectHash
from pearls.description import (
    JSON,
    Analyser,
    Description,
    Generated,
    Record,
    Settings,
    Solution,
    Survey,
)
from pearls.errors import BoardError, LimitReached, OptionError
from pearls.limits import Meter, Stats
from pearls.registry import PUZZLES
from pearls.types import M, Puzzle, S

__all__ = ["MAX_STATES", "PROGRESS_EVERY", "TIMEOUT", "main"]

MAX_STATES = 2_000_000  # the default bound on states expanded: Flip It Star by deepening fits
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
    json: bool
    max_states: int
    timeout: float
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
        parser.add_argument("--seed", type=int, default=0, help="the random seed (%(default)s)")
        parser.add_argument(
            "--count", type=_positive(int), default=1, help="how many problems (%(default)s)"
        )
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
            help="distances from the solved positions (the default, where the puzzle can "
            "give them)",
        )
        origin.add_argument(
            "--from-start",
            dest="from_goals",
            action="store_const",
            const=False,
            help="distances from the start",
        )
        where = parser.add_mutually_exclusive_group()
        where.add_argument(
            "--workers",
            type=_positive(int),
            metavar="N",
            help="analyse on a local Dask cluster of N workers (needs functional-pearls[dask])",
        )
        where.add_argument(
            "--scheduler", metavar="ADDRESS", help="analyse on the Dask cluster at ADDRESS"
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


def _read_board(arg: str, stdin: TextIO | None, what: str = "board") -> tuple[str, str]:
    """The text ``--board`` (or ``--batch``) names, and where it came from, for error
    messages; a batch is always a file or stdin."""
    if arg == "-":
        if stdin is None:
            raise _BadInput(f"cannot read {what} from stdin: there is none")
        try:
            return stdin.read(), " on stdin"
        except (OSError, UnicodeDecodeError) as e:
            raise _BadInput(f"cannot read {what} from stdin: {e}") from e
    if os.path.exists(arg) or what != "board":
        try:
            return Path(arg).read_text(encoding="utf-8"), f" in file {arg!r}"
        except OSError as e:
            raise _BadInput(f"cannot read {what} file {arg!r}: {e.strerror or e}") from e
        except UnicodeDecodeError as e:
            raise _BadInput(f"cannot read {what} file {arg!r}: not UTF-8 text ({e})") from e
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


def _answer(solution: Solution) -> JSON:
    """A solution as one item of ``--all``: the puzzle's answer, or else the moves."""
    if solution.answer is not None:
        return solution.answer
    return None if solution.moves is None else list(solution.moves)


def _solution_json(solution: Solution, answer_key: str | None) -> dict[str, JSON]:
    """The solution as one JSON object: the moves and states, or the puzzle's answer
    under ``answer_key``."""
    if answer_key is not None:
        return {
            "puzzle": solution.puzzle,
            "method": solution.method,
            answer_key: solution.answer,
            "stats": _stats_json(solution.stats),
        }
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
        "from": survey.origin,
        "states": survey.states,
        "max_distance": survey.max_distance,
        "histogram": list(survey.histogram),
        "farthest": list(survey.farthest),
        "stats": _stats_json(survey.stats),
    }


def _print_survey(survey: Survey, out: TextIO) -> None:
    """The counts, the distance histogram, and the farthest states drawn."""
    n = len(survey.farthest)
    origin = "the solved positions" if survey.origin == "goals" else "the start"
    print(
        f"{survey.states:,} states; the farthest lie {survey.max_distance} moves from "
        f"{origin} ({n} state{'' if n == 1 else 's'})",
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
    try:
        settings = d.settings(args.settings(d))
        if args.command == "generate":
            return _generate(d, settings, args, out, err)
        if args.batch is not None:
            text, _ = _read_board(args.batch, stdin, what="batch")
            return _batch(d, d.records(text), settings, args, out, err)
    except (BoardError, OptionError) as e:
        raise _BadInput(str(e)) from e
    where = ""
    try:
        text, where = _problem_text(d, settings, args, stdin)
        if args.command == "analyze":
            return _analyze(d, text, settings, args, out, err)
        if args.all or d.all_by_default:
            return _every(d, text, settings, args, out, err)
        return _solve(d, text, settings, args, out, err)
    except OptionError as e:
        raise _BadInput(str(e)) from e
    except BoardError as e:
        raise _BadInput(f"bad board{where}: {e}") from e


def _problem_text(
    d: Description, settings: Settings, args: _Args, stdin: TextIO | None
) -> tuple[str, str]:
    """The text of the problem to work on, and where it came from: the board given, the
    example named, or the puzzle's usual start."""
    if args.board is not None:
        return _read_board(args.board, stdin)
    if args.example is not None:
        return d.examples[args.example], ""
    return d.default_text(settings), ""


def _solve(
    d: Description, text: str, settings: Settings, args: _Args, out: TextIO, err: TextIO
) -> int:
    """``pearls solve``: search, print, and write the drawings."""
    if args.svg is not None and not d.drawable:
        raise _BadInput(f"--svg: the puzzle {d.name!r} has no drawing")
    with _meter(f"searching ({args.method})", args, err) as meter:
        solution = d.solve(args.method, text, meter, args.svg is not None, settings)
    if args.svg is not None:
        _write_svg(args.svg, solution)
    if args.json:
        print(json.dumps(_solution_json(solution, d.answer_key)), file=out)
    elif solution.moves is None:
        print(f"no solution exists ({_how(solution)})", file=out)
    elif args.moves:
        _print_moves(solution, out)
    elif d.answer_key is not None:
        print(
            solution.pictures[-1],
            "",
            f"{d.answer_key} found ({_how(solution)})",
            sep="\n",
            file=out,
        )
    else:
        _print_solution(solution, out)
    out.flush()
    return 0 if solution.moves is not None else 1


def _every(
    d: Description, text: str, settings: Settings, args: _Args, out: TextIO, err: TextIO
) -> int:
    """``pearls solve --all``: every solution, and how many there are."""
    if args.svg is not None:
        raise _BadInput("--svg draws one solution: leave out --all")
    with _meter("searching (all)", args, err) as meter:
        found = list(d.every(text, meter, settings))
        stats = meter.stats
    if args.json:
        answers = [_answer(s) for s in found]
        print(
            json.dumps(
                {
                    "puzzle": d.name,
                    "solutions": answers,
                    "count": len(found),
                    "stats": _stats_json(stats),
                }
            ),
            file=out,
        )
    else:
        for i, s in enumerate(found, start=1):
            shown = " ".join(s.notation) if s.answer is None else json.dumps(s.answer)
            print(f"solution {i}: {shown}", file=out)
        n = len(found)
        print(
            f"{n:,} solution{'' if n == 1 else 's'} ({stats.expanded:,} states expanded)", file=out
        )
    out.flush()
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
                solution = d.solve(args.method, record.text, meter, False, settings)
        except (BoardError, OptionError, LimitReached) as e:
            code = 3 if isinstance(e, LimitReached) else 2
            fields["error"] = " ".join(str(e).split())
        else:
            code = 0 if solution.moves is not None else 1
            fields.update(_solution_json(solution, d.answer_key))
        worst = max(worst, code)
        _print_record(fields, args.json, out)
    return worst


def _print_record(fields: dict[str, JSON], as_json: bool, out: TextIO) -> None:
    """One board of a batch: a JSON object, or a line of ``name: value`` pairs."""
    if as_json:
        print(json.dumps(fields), file=out)
    else:
        shown = {k: v for k, v in fields.items() if k not in ("moves", "states", "stats")}
        print("; ".join(f"{k}: {v}" for k, v in shown.items()), file=out)
    out.flush()


def _generate(d: Description, settings: Settings, args: _Args, out: TextIO, err: TextIO) -> int:
    """``pearls generate``: new problems, each printed as soon as it is made."""
    assert d.generate is not None  # the parser offers generate only where it exists
    with _meter("generating", args, err) as meter:
        made = d.generate(settings, args.seed, meter)
        for _, problem in zip(range(args.count), made, strict=False):
            _print_generated(d.name, problem, args.json, out)
    return 0


def _print_generated(name: str, problem: Generated, as_json: bool, out: TextIO) -> None:
    """A generated problem: a JSON object, or its picture and what is known of it."""
    if as_json:
        print(json.dumps({"puzzle": name, **problem.fields}), file=out)
    else:
        facts = "; ".join(f"{k}: {v}" for k, v in problem.fields.items())
        print(problem.picture, facts, "", sep="\n", file=out)
    out.flush()


def _analyze(
    d: Description, text: str, settings: Settings, args: _Args, out: TextIO, err: TextIO
) -> int:
    """``pearls analyze``: every reachable state, summed up."""
    analyser = _cluster(args)
    with _meter("analysing", args, err) as meter:
        survey = d.survey(text, meter, settings, args.from_goals, analyser)
    if args.json:
        print(json.dumps(_survey_json(survey)), file=out)
    else:
        _print_survey(survey, out)
    out.flush()
    return 0


def _cluster(args: _Args) -> Analyser | None:
    """The analysis on a Dask cluster that ``--workers`` or ``--scheduler`` asks for."""
    if args.workers is None and args.scheduler is None:
        return None
    try:
        from pearls import distributed
    except ImportError as e:
        raise _BadInput(
            f"--workers and --scheduler need Dask: pip install 'functional-pearls[dask]' ({e})"
        ) from e

    def on_cluster(
        puzzle: Puzzle[S, M],
        starts: Sequence[S],
        h: PerfectHash[S] | None,
        key: Callable[[S], str],
        meter: Meter,
    ) -> Analysis[S]:
        return distributed.analyze(
            puzzle, starts, h, key, meter=meter, workers=args.workers, scheduler=args.scheduler
        )

    return on_cluster


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
        _say(err, f"{e}; --max-states and --timeout set the limits")
        return 3
    except KeyboardInterrupt:
        _say(err, "interrupted")
        return 130
    except BrokenPipeError:
        _silence(out)
        return 141
