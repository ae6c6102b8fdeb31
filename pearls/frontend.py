"""One front end under every face: a request in, one outcome out.

The command line (:mod:`pearls.cli`) and the browser module (:mod:`pearls.web`) are
faces over this layer: each turns what it is given (arguments, a JSON message) into a
:class:`Request`, and what comes back into printing and exit codes, or JSON.  A request
names the puzzle, where the board comes from (an :class:`Example`, a :class:`Board`'s
text, or the puzzle's :class:`Usual` start), what is asked (:class:`Solve` by a method,
:class:`Analyze` the board's component, :class:`Draw` its start, :class:`Generate`
new problems), the options given as text and the :class:`Limits`.

The outcome is one of a closed set of kinds, each carrying its words (``lines``, the
last or only one the ``line`` that says how it ended) and its JSON: :class:`Solved`,
:class:`Unsolvable`, :class:`Listed` (every solution), :class:`Stopped` (by a limit),
:class:`Refused` (with the one-line reason), :class:`Surveyed`, :class:`Made` (a new
problem) and :class:`Drawn`.  Nothing here raises for bad input or a limit, and
nothing prints.

>>> outcome = respond(Request("rushhour", Solve("bfs"), Example("g1")))
>>> type(outcome).__name__, outcome.line
('Solved', 'solved in 34 moves (bfs, 2,778 states expanded)')
>>> respond(Request("rushhour", Solve("bfs"), Board("AAxx"))).line  # doctest: +ELLIPSIS
'bad board: a board has 36 cells (6 rows of 6), ...'
>>> respond(Request("hanoi", Solve("bfs"), options={"discs": "0"})).line
"--discs must be a whole number from 1 to 64, not '0'"
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import ClassVar, TypeAlias

from pearls import render
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
from pearls.errors import BoardError, LimitReached, OptionError
from pearls.limits import Meter, Progress, Stats
from pearls.registry import PUZZLES
from pearls.tracing import LIMIT, Tracer

__all__ = [
    "MAX_STATES",
    "TIMEOUT",
    "Analyze",
    "Board",
    "Draw",
    "Drawn",
    "Example",
    "Generate",
    "Limits",
    "Listed",
    "Made",
    "Outcome",
    "Refused",
    "Request",
    "Solve",
    "Solved",
    "Source",
    "Stopped",
    "Surveyed",
    "Task",
    "Trace",
    "Unsolvable",
    "command_of",
    "generate",
    "respond",
]

MAX_STATES = 2_000_000  # the default bound on states expanded: Flip It Star by deepening fits
TIMEOUT = 60.0  # the default bound on seconds


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
    :data:`~pearls.description.TRACE_DRAWN` expansions)."""

    method: str | None = None
    draw: bool = False
    trace: bool = False
    events: int = LIMIT


@dataclass(frozen=True)
class Analyze:
    """Every position of the board's component, by distance from the solved positions
    (``from_goals``), from the board, or (``None``) as the puzzle allows; run by the
    ``analyser`` where one is given (a cluster)."""

    from_goals: bool | None = None
    analyser: Analyser | None = None


@dataclass(frozen=True)
class Draw:
    """The board's start drawn as SVG."""


@dataclass(frozen=True)
class Generate:
    """``count`` new problems from the random ``seed``."""

    seed: int = 0
    count: int = 1


Task: TypeAlias = Solve | Analyze | Draw | Generate

_COMMANDS: Mapping[type[Task], Command] = {
    Solve: "solve",
    Analyze: "analyze",
    Draw: "solve",
    Generate: "generate",
}  # the command whose options each task takes


@dataclass(frozen=True)
class Limits:
    """Where the work stops: states expanded, seconds, and the bytes of memory (where a
    face holds the process to them; an analysis's table is refused beyond them)."""

    max_states: int = MAX_STATES
    timeout: float = TIMEOUT
    max_memory: int | None = None


@dataclass(frozen=True)
class Request:
    """What is asked of a puzzle, e.g. ``Request("hanoi", Solve("bfs"),
    options={"discs": "3"})``."""

    puzzle: str
    task: Task = field(default_factory=Solve)
    source: Source = field(default_factory=Usual)
    options: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    limits: Limits = field(default_factory=Limits)


# The outcomes

Trace: TypeAlias = tuple[dict[str, JSON], ...]  # a search's events: ({"event": "expand", ...},)


@dataclass(frozen=True)
class Solved:
    """One solution found, and the search's events where a trace was asked for (its
    JSON leaves them out: a face writes them where it is asked to)."""

    solution: Solution
    trace: Trace | None = None
    status: ClassVar[str] = "solved"

    @property
    def line(self) -> str:
        return render.outcome(self.solution)

    @property
    def lines(self) -> list[str]:
        return render.solution_text(self.solution)

    @property
    def json(self) -> dict[str, JSON]:
        return render.solution_json(self.solution)


@dataclass(frozen=True)
class Unsolvable(Solved):
    """No solution exists: the search ended without one."""

    status: ClassVar[str] = "none"


@dataclass(frozen=True)
class Listed:
    """Every solution (none, where none exists), and what finding them took."""

    puzzle: str
    method: str
    solutions: tuple[Solution, ...]
    stats: Stats

    @property
    def status(self) -> str:
        return "solved" if self.solutions else "none"

    @property
    def line(self) -> str:
        return self.lines[-1]

    @property
    def lines(self) -> list[str]:
        return render.every_text(self.solutions, self.stats)

    @property
    def json(self) -> dict[str, JSON]:
        return render.every_json(self.puzzle, self.method, self.solutions, self.stats)


@dataclass(frozen=True)
class Stopped:
    """A limit stopped the work: which, its bound, and what was explored by then (and
    the search's events up to there, where a trace was asked for)."""

    puzzle: str
    method: str | None
    reached: LimitReached
    trace: Trace | None = None
    status: ClassVar[str] = "limit"

    @property
    def line(self) -> str:
        return str(self.reached)

    @property
    def lines(self) -> list[str]:
        return [self.line]

    @property
    def json(self) -> dict[str, JSON]:
        return render.limit_json(self.puzzle, self.method, self.reached)


@dataclass(frozen=True)
class Refused:
    """Bad input: the one line that says what and where."""

    reason: str
    status: ClassVar[str] = "error"

    @property
    def line(self) -> str:
        return " ".join(self.reason.split())

    @property
    def lines(self) -> list[str]:
        return [self.line]

    @property
    def json(self) -> dict[str, JSON]:
        return {"error": self.line}


@dataclass(frozen=True)
class Surveyed:
    """The board's component summed up by distance."""

    survey: Survey
    status: ClassVar[str] = "analysed"

    @property
    def line(self) -> str:
        return self.lines[0]

    @property
    def lines(self) -> list[str]:
        return render.survey_text(self.survey)

    @property
    def json(self) -> dict[str, JSON]:
        return render.survey_json(self.survey)


@dataclass(frozen=True)
class Made:
    """A new problem the puzzle made up."""

    puzzle: str
    problem: Generated
    status: ClassVar[str] = "generated"

    @property
    def line(self) -> str:
        return self.lines[1]

    @property
    def lines(self) -> list[str]:
        return render.generated_text(self.problem)

    @property
    def json(self) -> dict[str, JSON]:
        return render.generated_json(self.puzzle, self.problem)


@dataclass(frozen=True)
class Drawn:
    """The board's start drawn as SVG (``None`` where the puzzle has no drawing)."""

    drawing: str | None
    status: ClassVar[str] = "ok"

    @property
    def line(self) -> str:
        return "drawn" if self.drawing is not None else "this puzzle has no drawing"

    @property
    def lines(self) -> list[str]:
        return [self.line]

    @property
    def json(self) -> dict[str, JSON]:
        return {"drawing": self.drawing}


Outcome: TypeAlias = Solved | Listed | Stopped | Refused | Surveyed | Made | Drawn


# Answering


def respond(request: Request, progress: Progress | None = None, every: float = 0.2) -> Outcome:
    """The one outcome of ``request`` (for :class:`Generate`, the first problem made, or
    why none was); ``progress`` is called with the counts so far every ``every``
    seconds."""
    return next(generate(request, progress, every))


def generate(
    request: Request, progress: Progress | None = None, every: float = 0.2
) -> Iterator[Outcome]:
    """The outcomes of ``request``, each as soon as it is known: one, or for
    :class:`Generate` each problem made and then, if the work stopped early, why."""
    limits = request.limits
    tracer = _tracer(request.task)
    bounds = (limits.max_states, limits.timeout, progress, every, limits.max_memory)
    meter = Meter(*bounds, observer=tracer)
    method = request.task.method if isinstance(request.task, Solve) else None
    ran_out = False
    try:
        d = _puzzle(request.puzzle)
        if isinstance(request.task, Solve):
            method = method or d.default_method
        settings = Settings(d.options_of(command_of(request.task)), request.options)
        if isinstance(request.task, Generate):
            yield from _made(d, settings, request.task, meter)
            return
        yield _answer(d, settings, request, meter, tracer)
    except (ValueError, RecursionError) as e:  # bad input, or nested past any board
        yield Refused(str(e))
    except LimitReached as e:
        yield Stopped(request.puzzle, method, e)
    except MemoryError:  # said once the traceback, and the work it holds, is let go
        ran_out = True
    if ran_out:
        why = "the work needed more memory"
        bound = limits.max_memory or 0
        reached = LimitReached("memory", meter.expanded, meter.seconds, bound, why)
        yield Stopped(request.puzzle, method, reached)


def _tracer(task: Task) -> Tracer | None:
    """The tracer of a search asked to be traced, else none."""
    return Tracer(task.events) if isinstance(task, Solve) and task.trace else None


def _puzzle(name: str) -> Description:
    """The registered puzzle of that name."""
    if name not in PUZZLES:
        raise OptionError(f"no puzzle {name!r}: the puzzles are {', '.join(PUZZLES)}")
    return PUZZLES[name]


def _answer(
    d: Description, settings: Settings, request: Request, meter: Meter, tracer: Tracer | None
) -> Outcome:
    """Read the board, then do the task, a board's faults said as such."""
    text, where = _text(d, settings, request.source)
    try:
        match request.task:
            case Solve(method, draw):
                method = method or d.default_method
                return _solve(d, settings, text, method, draw, meter, tracer)
            case Analyze(from_goals, analyser):
                return Surveyed(d.survey(text, meter, settings, from_goals, analyser))
            case _:
                return Drawn(d.drawing(text, settings))
    except BoardError as e:
        raise BoardError(f"bad board{where}: {e}") from e


def _text(d: Description, settings: Settings, source: Source) -> tuple[str, str]:
    """The text of the problem, and where it came from: the board given, the example
    named, or the usual start."""
    match source:
        case Board(text, where):
            return text, where
        case Example(name):
            if name not in d.examples:
                raise OptionError(
                    f"{d.name} has no example {name!r}: it has {', '.join(d.examples)}"
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
    """One solution, or every solution, by ``method``; an option given that the method
    does not use is refused."""
    for o in d.options:
        if o.name in settings.given and not o.serves("solve", method):
            leads = ", ".join(o.methods)
            raise OptionError(f"--{o.name} serves the methods {leads}, not {method}")
    offered = d.methods.get(method)
    if offered is not None and offered.every:
        if tracer is not None:
            raise OptionError(f"a trace watches a search for one solution, not {method}")
        found = tuple(d.every(text, meter, settings, draw, method))
        return Listed(d.name, method, found, meter.stats)
    if tracer is None:
        solution = d.solve(method, text, meter, draw and d.drawable, settings)
        return Unsolvable(solution) if solution.moves is None else Solved(solution)
    problem = d.problem(text, settings)
    try:
        solution = replace(problem.solve(method, meter, draw and d.drawable), puzzle=d.name)
    except LimitReached as e:
        return Stopped(d.name, method, e, problem.trace(tracer, draw))
    trace = problem.trace(tracer, draw)
    return Unsolvable(solution, trace) if solution.moves is None else Solved(solution, trace)


def _made(d: Description, settings: Settings, task: Generate, meter: Meter) -> Iterator[Outcome]:
    """``task.count`` problems, each as soon as it is made, within the limits."""
    if d.generate is None:
        raise OptionError(f"{d.name} makes no new problems")
    made = d.generate(settings, task.seed, meter)
    for _, problem in zip(range(task.count), made, strict=False):
        yield Made(d.name, problem)
        meter.check()


def command_of(task: Task) -> Command:
    """The command whose options a task takes (drawing: those of ``solve``)."""
    return _COMMANDS[type(task)]
