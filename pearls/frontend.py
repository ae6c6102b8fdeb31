"""One front end under every face: a request in, one outcome out.

The command line (:mod:`pearls.cli`) and the browser module (:mod:`pearls.web`) are
faces over this layer: each hands it what it was given, as a :class:`Request`, and
prints or returns what comes back.  A request names the puzzle, where the board comes
from (an :class:`Example`, a :class:`Board`'s text, or the puzzle's :class:`Usual`
start), what is asked (:class:`Solve` by a method, :class:`Analyze` the board's
component, :class:`Draw` its start, :class:`Generate` new problems), the puzzle's
options and the :class:`Limits`, each value as the face was given it: the command
line's text or the browser's JSON.

Every value is read here, once, by one rule (:mod:`pearls.values` for the limits and
counts, each option's own ``read`` for the options), into a :class:`Reading`: the same
value gets the same verdict and the same line from every face.  The default method is
resolved here too, and only here.

The outcome is one of a closed set of kinds, siblings that each say what they are
through one protocol, :class:`Report` (``status``, ``line``, ``lines``, ``json``):
:class:`Solved`, :class:`Unsolvable`, :class:`Listed` (every solution),
:class:`Stopped` (by a limit), :class:`Refused` (with the one-line reason),
:class:`Surveyed`, :class:`Made` (a new problem) and :class:`Drawn`.  Nothing here
raises for bad input or a limit, and nothing prints.

>>> outcome = respond(Request("rushhour", Solve("bfs"), Example("g1")))
>>> type(outcome).__name__, outcome.line
('Solved', 'solved in 34 moves (bfs, 2,778 states expanded)')
>>> respond(Request("rushhour", Solve("bfs"), Board("AAxx"))).line  # doctest: +ELLIPSIS
'bad board: a board has 36 cells (6 rows of 6), ...'
>>> respond(Request("hanoi", Solve("bfs"), options={"discs": "0"})).line
"--discs must be a whole number from 1 to 64, not '0'"
>>> respond(Request("hanoi", limits=Limits(max_states="1.5"))).line
"--max-states must be a whole number of at least 0, not '1.5'"
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterator, Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Protocol, TypeAlias

from pearls import notebook, render, values
from pearls.description import (
    JSON,
    Analyser,
    Command,
    Description,
    Generated,
    Settings,
    Solution,
    Survey,
)
from pearls.errors import BoardError, InputError, LimitReached, OptionError, PearlsError
from pearls.guard import Guarded, Overdue, faulted, vet
from pearls.limits import Meter, Progress, Stats
from pearls.registry import PUZZLES, built_in
from pearls.textform import quoted
from pearls.tracing import LIMIT, Tracer

__all__ = [
    "KINDS",
    "MAX_STATES",
    "MAX_TEXT",
    "SCHEDULER_SECONDS",
    "TIMEOUT",
    "Analyze",
    "Board",
    "Draw",
    "Drawn",
    "Example",
    "Generate",
    "Hold",
    "Limits",
    "Listed",
    "Made",
    "Outcome",
    "Reading",
    "Refused",
    "Report",
    "Request",
    "Solve",
    "Solved",
    "Source",
    "Stopped",
    "Surveyed",
    "Task",
    "Trace",
    "Unsolvable",
    "Usual",
    "answer",
    "command_of",
    "generate",
    "read",
    "respond",
]

MAX_STATES = 2_000_000  # the default bound on states expanded: Flip It Star by deepening fits
TIMEOUT = 60.0  # the default bound on seconds
MAX_TEXT = 1 << 20  # bytes of a board's text (UTF-8), or of one line of a batch: 1 MiB
SCHEDULER_SECONDS = 10.0  # the longest wait to join a Dask scheduler (or less, by the timeout)
_NAMED = 40  # characters of an option's name said in full


# Where the board comes from


@dataclass(frozen=True)
class Example:
    """A built-in example, by name: ``Example("g1")``."""

    name: str


@dataclass(frozen=True)
class Board:
    """A board's text, and where it came from, for messages: ``Board(text, " in file
    'p1.txt'")``."""

    text: str
    where: str = ""


@dataclass(frozen=True)
class Usual:
    """The puzzle's usual start for the options (all discs on the first peg), or else
    its first example."""


Source: TypeAlias = Example | Board | Usual


# What is asked


@dataclass(frozen=True)
class Solve:
    """Solve by ``method`` (the puzzle's default where ``None``); a method that lists
    every solution lists them; with ``draw``, every position is drawn as SVG too.  With
    ``trace``, the search is recorded (:mod:`pearls.tracing`), at most ``events``
    events, and the outcome carries them (drawn too, with ``draw``, the first
    :data:`~pearls.description.TRACE_DRAWN` expansions); with ``literal`` as well, the
    trace is the method's equations stepped literally (:mod:`pearls.literal`), rule by
    rule (:meth:`~pearls.description.Problem.steps`)."""

    method: str | None = None
    draw: bool = False
    trace: bool = False
    events: int = LIMIT
    literal: bool = False


@dataclass(frozen=True)
class Analyze:
    """Every position of the board's component, by distance from the solved positions
    (``from_goals``), from the board, or (``None``) as the puzzle allows; run by the
    ``analyser`` where one is given, or on a Dask cluster of ``workers`` (as given: a
    whole number) or at ``scheduler``; the first ``drawn`` farthest positions drawn as
    SVG (:attr:`Surveyed.drawings`)."""

    from_goals: bool | None = None
    analyser: Analyser | None = None
    workers: JSON = None
    scheduler: str | None = None
    drawn: int = 0


@dataclass(frozen=True)
class Draw:
    """The board's start drawn as SVG."""


@dataclass(frozen=True)
class Generate:
    """``count`` new problems from the random ``seed``, each as given (a whole number,
    or its text)."""

    seed: JSON = 0
    count: JSON = 1


Task: TypeAlias = Solve | Analyze | Draw | Generate

_COMMANDS: Mapping[type[Task], Command] = {
    Solve: "solve",
    Analyze: "analyze",
    Draw: "solve",
    Generate: "generate",
}  # the command whose options each task takes


@dataclass(frozen=True)
class Limits:
    """Where the work stops, each bound as a face was given it (a number, or its text):
    states expanded (``None``: :data:`MAX_STATES`, or no bound for a method whose memory
    is its depth, which time alone bounds), seconds, and the bytes of memory (``None``:
    no bound; where a face holds the process to them, and an analysis's table is
    refused beyond them)."""

    max_states: JSON = None
    timeout: JSON = TIMEOUT
    max_memory: JSON = None


@dataclass(frozen=True)
class Request:
    """What is asked of a puzzle, e.g. ``Request("hanoi", Solve("bfs"),
    options={"discs": "3"})``: each option's value as given, a text or a number."""

    puzzle: str
    task: Task = field(default_factory=Solve)
    source: Source = field(default_factory=Usual)
    options: Mapping[str, JSON] = field(default_factory=lambda: MappingProxyType({}))
    limits: Limits = field(default_factory=Limits)


@dataclass(frozen=True)
class Reading:
    """A request with every value read, once: the puzzle's description, the settings
    its options make, the method its search runs by (the one named, or the puzzle's
    default; ``None`` where the task runs none), the limits as numbers, and what
    :class:`Generate` and :class:`Analyze` count."""

    request: Request
    description: Description
    settings: Settings
    method: str | None
    max_states: int | None
    timeout: float
    max_memory: int | None
    seed: int = 0
    count: int = 1
    workers: int | None = None

    def on(self, source: Source) -> Reading:
        """The same request, read, about another board (a batch's next)."""
        return replace(self, request=replace(self.request, source=source))


# The outcomes

Trace: TypeAlias = tuple[dict[str, JSON], ...]  # a search's events: ({"event": "expand", ...},)


class Report(Protocol):
    """What every kind of outcome says, for any face to print or return: its
    ``status`` (``"solved"``, ``"none"``, ``"limit"``, ``"error"``, ``"analysed"``,
    ``"generated"`` or ``"ok"``), its ``lines`` as a person reads them, the ``line``
    that says how it ended, and its ``json``."""

    @property
    def status(self) -> str:
        """What kind of end this is, in one word."""
        ...

    @property
    def line(self) -> str:
        """The one line that says how it ended."""
        ...

    @property
    def lines(self) -> list[str]:
        """Everything it says, as a person reads it."""
        ...

    @property
    def json(self) -> dict[str, JSON]:
        """Everything it says, as one JSON object."""
        ...


@dataclass(frozen=True)
class Solved:
    """One solution found, and the search's events where a trace was asked for (its
    JSON leaves them out: a face writes them where it is asked to)."""

    solution: Solution
    trace: Trace | None = None

    @property
    def status(self) -> str:
        return "solved"

    @property
    def line(self) -> str:
        return render.outcome(self.solution)

    @property
    def lines(self) -> list[str]:
        return render.solution_text(self.solution)

    @property
    def json(self) -> dict[str, JSON]:
        return render.solution_json(self.solution)

    def _repr_html_(self) -> str:
        """Shown in a notebook (:mod:`pearls.notebook`)."""
        return notebook.solution_html(self.solution) + _traced_html(self.trace)


@dataclass(frozen=True)
class Unsolvable:
    """No solution exists: the search ended without one; ``solution`` holds the start
    alone, and the search's events where a trace was asked for."""

    solution: Solution
    trace: Trace | None = None

    @property
    def status(self) -> str:
        return "none"

    @property
    def line(self) -> str:
        return render.outcome(self.solution)

    @property
    def lines(self) -> list[str]:
        return [self.line]

    @property
    def json(self) -> dict[str, JSON]:
        return render.solution_json(self.solution)

    def _repr_html_(self) -> str:
        """Shown in a notebook (:mod:`pearls.notebook`)."""
        return notebook.lines_html(self.lines) + _traced_html(self.trace)


@dataclass(frozen=True)
class Listed:
    """Every solution (none, where none exists), what finding them took, and the
    search's events where a trace was asked for."""

    puzzle: str
    method: str
    solutions: tuple[Solution, ...]
    stats: Stats
    trace: Trace | None = None

    @property
    def status(self) -> str:
        return "solved" if self.solutions else "none"

    @property
    def line(self) -> str:
        return self.lines[-1]

    @property
    def lines(self) -> list[str]:
        return render.every_text(self.method, self.solutions, self.stats)

    @property
    def json(self) -> dict[str, JSON]:
        return render.every_json(self.puzzle, self.method, self.solutions, self.stats)

    def _repr_html_(self) -> str:
        """Shown in a notebook (:mod:`pearls.notebook`)."""
        return notebook.lines_html(self.lines) + _traced_html(self.trace)


@dataclass(frozen=True)
class Stopped:
    """A limit stopped the work: which, its bound, and what was explored by then (and
    the search's events up to there, where a trace was asked for)."""

    puzzle: str
    method: str | None
    reached: LimitReached
    trace: Trace | None = None

    @property
    def status(self) -> str:
        return "limit"

    @property
    def line(self) -> str:
        return str(self.reached)

    @property
    def lines(self) -> list[str]:
        return [self.line]

    @property
    def json(self) -> dict[str, JSON]:
        return render.limit_json(self.puzzle, self.method, self.reached)

    def _repr_html_(self) -> str:
        """Shown in a notebook (:mod:`pearls.notebook`)."""
        return notebook.lines_html([self.line]) + _traced_html(self.trace)


@dataclass(frozen=True)
class Refused:
    """Bad input: the one line that says what and where."""

    reason: str

    @property
    def status(self) -> str:
        return "error"

    @property
    def line(self) -> str:
        return " ".join(self.reason.split())

    @property
    def lines(self) -> list[str]:
        return [self.line]

    @property
    def json(self) -> dict[str, JSON]:
        return {"error": self.line}

    def _repr_html_(self) -> str:
        """Shown in a notebook (:mod:`pearls.notebook`)."""
        return notebook.lines_html([self.line])


@dataclass(frozen=True)
class Surveyed:
    """The board's component summed up by distance, and the first farthest positions
    drawn as SVG where :class:`Analyze` asked (``None`` for one the puzzle cannot
    draw)."""

    survey: Survey
    drawings: tuple[str | None, ...] = ()

    @property
    def status(self) -> str:
        return "analysed"

    @property
    def line(self) -> str:
        return self.lines[0]

    @property
    def lines(self) -> list[str]:
        return render.survey_text(self.survey)

    @property
    def json(self) -> dict[str, JSON]:
        return render.survey_json(self.survey)

    def _repr_html_(self) -> str:
        """Shown in a notebook (:mod:`pearls.notebook`)."""
        return notebook.survey_html(self.survey, [d for d in self.drawings if d])


@dataclass(frozen=True)
class Made:
    """A new problem the puzzle made up."""

    puzzle: str
    problem: Generated

    @property
    def status(self) -> str:
        return "generated"

    @property
    def line(self) -> str:
        return self.lines[1]

    @property
    def lines(self) -> list[str]:
        return render.generated_text(self.problem)

    @property
    def json(self) -> dict[str, JSON]:
        return render.generated_json(self.puzzle, self.problem)

    def _repr_html_(self) -> str:
        """Shown in a notebook (:mod:`pearls.notebook`)."""
        return notebook.lines_html(self.lines)


@dataclass(frozen=True)
class Drawn:
    """The board's start drawn as SVG (``None`` where the puzzle has no drawing)."""

    drawing: str | None

    @property
    def status(self) -> str:
        return "ok"

    @property
    def line(self) -> str:
        return "drawn" if self.drawing is not None else "this puzzle has no drawing"

    @property
    def lines(self) -> list[str]:
        return [self.line]

    @property
    def json(self) -> dict[str, JSON]:
        return {"drawing": self.drawing}

    def _repr_html_(self) -> str:
        """Shown in a notebook (:mod:`pearls.notebook`)."""
        return notebook.drawing_html(self.drawing, self.line)


Outcome: TypeAlias = Solved | Unsolvable | Listed | Stopped | Refused | Surveyed | Made | Drawn
KINDS: tuple[type[Report], ...] = (
    Solved,
    Unsolvable,
    Listed,
    Stopped,
    Refused,
    Surveyed,
    Made,
    Drawn,
)  # every kind of outcome, each a Report (the type checkers hold each to it)

Hold: TypeAlias = Callable[[int | None], AbstractContextManager[object]]
"""How a face holds its process to a memory bound while the work runs (the command
line's ``RLIMIT_DATA``), e.g. ``pearls.cli.memory.limited``; ``None``: no bound."""


# Reading a request, once


def read(request: Request) -> Reading | Refused:
    """Every value of ``request`` read by its one rule, or the one line that refuses
    the first it cannot read.

    >>> read(Request("hanoi", Solve("idastar"))).max_states is None  # time bounds it
    True
    >>> read(Request("hanoi", limits=Limits(-1, 5))).line
    "--max-states must be a whole number of at least 0, not '-1'"
    """
    try:
        return _read(request)
    except Exception as e:  # an OptionError or InputError; a plugin's option, anything
        return _refused(request.puzzle, e)


def _refused(name: str, error: Exception) -> Refused:
    """The refusal of bad input (a :class:`ValueError`) in its own words, or of a
    puzzle from another package that failed (anything else it raised, a plain
    ``ValueError`` too), said as its fault; anything else a built-in raised is the
    project's bug, and raised again."""
    if not built_in(name) and not isinstance(error, PearlsError):
        return Refused(faulted(name, error))
    if isinstance(error, ValueError | RecursionError):  # bad input, or nested past any board
        return Refused(str(error))
    raise error


def _read(request: Request) -> Reading:
    """:func:`read`, raising for what cannot be read."""
    d = _puzzle(request.puzzle)
    task, limits = request.task, request.limits
    method = _method(d, task)
    settings = Settings(d.options_of(command_of(task)), _capped(request.options))
    _check_serves(d, settings, method)
    reading = Reading(
        request,
        d,
        settings,
        method,
        _max_states(d, limits.max_states, method),
        values.timeout(limits.timeout),
        None if limits.max_memory is None else values.max_memory(limits.max_memory),
    )
    match task:
        case Generate(seed, count):
            return replace(reading, seed=values.whole(seed, "--seed"), count=_count(count))
        case Analyze(workers=workers) if workers is not None:
            return replace(reading, workers=_workers(workers))
        case _:
            return reading


def _puzzle(name: str) -> Description:
    """The registered puzzle of that name."""
    if name not in PUZZLES:
        raise OptionError(f"no puzzle {quoted(name)}: the puzzles are {', '.join(PUZZLES)}")
    return PUZZLES[name]


def _method(d: Description, task: Task) -> str | None:
    """The method a task's search runs by: the one named (an empty name is no method),
    else the puzzle's default; none where the task runs no search by a method."""
    if not isinstance(task, Solve):
        return None
    return d.default_method if task.method is None else task.method


def _capped(options: Mapping[str, JSON]) -> Mapping[str, JSON]:
    """The options given, each text refused past :data:`MAX_TEXT` bytes."""
    for name, value in options.items():
        if isinstance(value, str):
            _check_size(value, f"--{name}" if len(name) <= _NAMED else "an option")
    return options


def _check_size(text: str, what: str) -> None:
    """Refuse a text longer than :data:`MAX_TEXT` bytes in UTF-8 (lone surrogates, as a
    command line's undecodable bytes arrive, counted as three)."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_TEXT:
        raise InputError(f"{what} is longer than {MAX_TEXT:,} bytes, more than any board")


def _check_serves(d: Description, settings: Settings, method: str | None) -> None:
    """Refuse an option given that the method to solve by does not use."""
    for o in d.options:
        if method is not None and o.name in settings.given and not o.serves("solve", method):
            leads = ", ".join(o.methods)
            raise OptionError(f"--{o.name} serves the methods {leads}, not {method}")


def _max_states(d: Description, given: JSON, method: str | None) -> int | None:
    """The bound on states expanded: the one given, else :data:`MAX_STATES`, or none for
    a method whose memory is its depth (time alone bounds it: IDA*, iterative
    deepening)."""
    if given is not None:
        return values.max_states(given)
    offered = None if method is None else d.methods.get(method)
    return None if offered is not None and offered.deepening else MAX_STATES


def _count(given: JSON) -> int:
    """How many problems to make: a whole number, at least 1."""
    return values.whole(given, "--count", 1)


def _workers(given: JSON) -> int:
    """A local cluster's workers: a whole number, at least 1 and at most one a core."""
    return values.whole(given, "--workers", 1, os.cpu_count() or 1)


# Answering


def respond(
    request: Request, progress: Progress | None = None, every: float = 0.2, hold: Hold | None = None
) -> Outcome:
    """The one outcome of ``request`` (for :class:`Generate`, the first problem made, or
    why none was); ``progress`` is called with the counts so far every ``every``
    seconds, and ``hold`` holds the process to the memory bound while the work runs."""
    outcomes = generate(request, progress, every, hold)
    try:
        return next(outcomes)
    finally:
        outcomes.close()


def generate(
    request: Request, progress: Progress | None = None, every: float = 0.2, hold: Hold | None = None
) -> Generator[Outcome, None, None]:
    """The outcomes of ``request``, each as soon as it is known: one, or for
    :class:`Generate` each problem made and then, if the work stopped early, why."""
    reading = read(request)
    if isinstance(reading, Refused):
        yield reading
        return
    yield from answer(reading, progress, every, hold)


def answer(
    reading: Reading, progress: Progress | None = None, every: float = 0.2, hold: Hold | None = None
) -> Iterator[Outcome]:
    """The outcomes of a request :func:`read` already, as :func:`generate` gives them.

    A memory error (or the error return with no exception set by which a C extension
    says an allocation was refused) becomes the memory limit's line, said once the
    process's bound is let go and the work it held is freed.  A puzzle from another
    package is run under a :class:`~pearls.guard.Guarded` meter, and whatever it fails
    at is said as its fault (:func:`_refused`); a face's alarm that stops it where its
    own code hangs (:class:`~pearls.guard.Overdue`) is the time limit reached."""
    name = reading.description.name
    tracer = _tracer(reading.request.task)
    limits = (reading.max_states, reading.timeout, progress, every, reading.max_memory)
    meter = (Meter if built_in(name) else Guarded)(*limits, observer=tracer)
    ran_out = False
    try:
        with (hold or _unheld)(reading.max_memory):
            yield from _work(reading, meter, tracer)
    except LimitReached as e:
        yield Stopped(name, reading.method, e)
    except Overdue:
        yield Stopped(name, reading.method, _overdue(reading, meter))
    except MemoryError:
        ran_out = True
    except SystemError as e:
        if reading.max_memory is None:
            yield _refused(name, e)  # a plugin's fault; a built-in's is raised again
        else:
            ran_out = True
    except Exception as e:  # bad input; a plugin's fault
        yield _refused(name, e)
    if ran_out:
        yield Stopped(reading.description.name, reading.method, _ran_out(reading, meter))


def _unheld(bound: int | None) -> AbstractContextManager[object]:
    """No hold on the process: a face that cannot bound its memory."""
    return nullcontext()


def _overdue(reading: Reading, meter: Meter) -> LimitReached:
    """The time limit reached inside code that never came back to the meter, with the
    meter's counts."""
    return LimitReached("time", meter.expanded, meter.seconds, reading.timeout)


def _ran_out(reading: Reading, meter: Meter) -> LimitReached:
    """The memory limit reached, with the meter's counts."""
    why = "the work needed more memory"
    bound = reading.max_memory or 0
    return LimitReached("memory", meter.expanded, meter.seconds, bound, why)


def _tracer(task: Task) -> Tracer | None:
    """The tracer of a search asked to be traced, else none."""
    return Tracer(task.events) if isinstance(task, Solve) and task.trace else None


def _work(reading: Reading, meter: Meter, tracer: Tracer | None) -> Iterator[Outcome]:
    """The outcomes of the work a request asks for."""
    if isinstance(reading.request.task, Generate):
        yield from _made(reading, meter)
    else:
        yield _answer(reading, meter, tracer)


def _answer(reading: Reading, meter: Meter, tracer: Tracer | None) -> Outcome:
    """Read the board, then do the task, a board's faults said as such."""
    d, settings = reading.description, reading.settings
    text, where = _text(d, settings, reading.request.source)
    try:
        if not built_in(d.name):
            vet(d.problem(text, settings))
        match reading.request.task:
            case Solve(_, draw, _, events, True):
                assert reading.method is not None  # resolved for every search
                return _stepped(d, settings, text, reading.method, meter, events)
            case Solve(_, draw):
                assert reading.method is not None
                return _solve(d, settings, text, reading.method, draw, meter, tracer)
            case Analyze() as task:
                return _survey(reading, text, task, meter)
            case _:
                return Drawn(d.drawing(text, settings))
    except BoardError as e:
        raise BoardError(f"bad board{where}: {e}") from e


def _text(d: Description, settings: Settings, source: Source) -> tuple[str, str]:
    """The text of the problem, and where it came from: the board given, the example
    named, or the usual start."""
    match source:
        case Board(text, where):
            _check_size(text, "--board")
            return text, where
        case Example(name):
            if name not in d.examples:
                raise OptionError(
                    f"{d.name} has no example {quoted(name)}: it has {', '.join(d.examples)}"
                )
            return d.examples[name], ""
        case _:
            return d.default_text(settings), ""


def _solve(
    d: Description,
    settings: Settings,
    text: str,
    method: str,
    draw: bool,
    meter: Meter,
    tracer: Tracer | None,
) -> Outcome:
    """One solution, or every solution, by ``method``."""
    offered = d.methods.get(method)
    if offered is not None and offered.every:
        return _listed(d, settings, text, method, draw, meter, tracer)
    if tracer is None:
        return _found(d.solve(method, text, meter, draw and d.drawable, settings))
    problem = d.problem(text, settings)
    try:
        solution = replace(problem.solve(method, meter, draw and d.drawable), puzzle=d.name)
    except LimitReached as e:
        return Stopped(d.name, method, e, problem.trace(tracer, draw))
    return _found(solution, problem.trace(tracer, draw))


def _listed(
    d: Description,
    settings: Settings,
    text: str,
    method: str,
    draw: bool,
    meter: Meter,
    tracer: Tracer | None,
) -> Listed | Stopped:
    """Every solution by ``method``, and the search's events where it is traced: each
    expansion and each backtrack, up to the trace's cap."""
    if tracer is None:
        found = tuple(d.every(text, meter, settings, draw, method))
        return Listed(d.name, method, found, meter.stats)
    problem = d.problem(text, settings)
    listed: list[Solution] = []
    try:
        for solution in problem.every(method, meter, draw and d.drawable):
            listed.append(replace(solution, puzzle=d.name))
    except LimitReached as e:
        return Stopped(d.name, method, e, problem.trace(tracer, draw))
    return Listed(d.name, method, tuple(listed), meter.stats, problem.trace(tracer, draw))


def _stepped(
    d: Description, settings: Settings, text: str, method: str, meter: Meter, events: int
) -> Outcome:
    """One solution by the equations behind ``method``, stepped literally, the steps as
    its trace."""
    problem = d.problem(text, settings)
    try:
        solution, steps = problem.steps(method, meter, events)
    except LimitReached as e:
        return Stopped(d.name, method, e)
    return _found(replace(solution, puzzle=d.name), steps)


def _traced_html(trace: Trace | None) -> str:
    """A trace as a notebook shows it, where there is one."""
    return "" if trace is None else notebook.trace_html(trace)


def _found(solution: Solution, trace: Trace | None = None) -> Solved | Unsolvable:
    """A search's end: solved, or no solution exists."""
    return Unsolvable(solution, trace) if solution.moves is None else Solved(solution, trace)


def _survey(reading: Reading, text: str, task: Analyze, meter: Meter) -> Surveyed:
    """The board's component by distance, on the analyser asked for, its first farthest
    positions drawn where asked."""
    d, settings = reading.description, reading.settings
    analyser = _analyser(reading, task)
    survey = d.survey(text, meter, settings, task.from_goals, analyser)
    shown = survey.pictures[: task.drawn]
    return Surveyed(survey, tuple(_drawing(d, settings, picture) for picture in shown))


def _analyser(reading: Reading, task: Analyze) -> Analyser | None:
    """The analyser given, or the one on a Dask cluster that ``workers`` or
    ``scheduler`` asks for, joined within the timeout (at most
    :data:`SCHEDULER_SECONDS`)."""
    if task.analyser is not None or (reading.workers is None and task.scheduler is None):
        return task.analyser
    try:
        from pearls import distributed
    except ImportError as e:
        raise InputError(
            f"--workers and --scheduler need Dask: pip install 'functional-pearls[dask]' ({e})"
        ) from e
    wait = min(reading.timeout, SCHEDULER_SECONDS)
    return distributed.analyser(reading.workers, task.scheduler, wait)


def _drawing(d: Description, settings: Settings, picture: str) -> str | None:
    """A position drawn from its text, where the puzzle draws and its text form reads
    back what it shows; ``None`` otherwise."""
    if not d.drawable:
        return None
    try:
        return d.drawing(picture, settings)
    except BoardError:
        return None


def _made(reading: Reading, meter: Meter) -> Iterator[Outcome]:
    """``count`` problems, each as soon as it is made, within the limits."""
    d = reading.description
    if d.generate is None:
        raise OptionError(f"{d.name} makes no new problems")
    made = d.generate(reading.settings, reading.seed, meter)
    for _, problem in zip(range(reading.count), made, strict=False):
        yield Made(d.name, problem)
        meter.check()


def command_of(task: Task) -> Command:
    """The command whose options a task takes (drawing: those of ``solve``)."""
    return _COMMANDS[type(task)]
