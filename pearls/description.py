"""A puzzle described for the command line, without the command line.

A puzzle module declares one :class:`Description`: its name, a paragraph on its text
form, its built-in examples (as text), the methods that apply, and ``parse``, which turns
a text into a :class:`Problem`: the puzzle, the start state, and how to show the states
and moves of a solution (in words, as JSON, drawn as SVG).  A problem carries its own
presentation, so a board keeps the letters its author wrote.

A puzzle may take :class:`Option` values (the number of discs, the size of a board):
``parse`` receives them as :data:`Settings`, every option present.  ``Description.solve``,
``Description.every`` and ``Description.survey`` take a problem's text, run it under a
:class:`~pearls.limits.Meter`, and return plain data (:class:`Solution`,
:class:`Survey`) that any front end can print; the registry (:mod:`pearls.registry`)
lists the descriptions.

>>> from pearls.puzzles.graph import DESCRIPTION
>>> solution = DESCRIPTION.solve("iddfs", "start a; goal c; a -> b; b -> c")
>>> solution.moves, solution.states
(('b', 'c'), ('a', 'b', 'c'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Generic, Protocol, TypeAlias

from pearls.analysis import Analysis, PerfectHash, analyze
from pearls.backtrack import solutions
from pearls.deepening import Prune, idsolve, no_prune
from pearls.errors import BoardError
from pearls.informed import astar, idastar
from pearls.limits import Meter, Stats
from pearls.search import bfsolve, dfsolve, psolve
from pearls.types import M, Planner, Puzzle, S

__all__ = [
    "JSON",
    "METHODS",
    "NO_SETTINGS",
    "Analyser",
    "Description",
    "Generated",
    "Option",
    "Problem",
    "Record",
    "Settings",
    "Solution",
    "Survey",
    "one_per_line",
]

JSON: TypeAlias = bool | int | float | str | list["JSON"] | dict[str, "JSON"] | None  # [0, 16]

METHODS = {  # every method a puzzle may offer, with what it is
    "bfs": "a shortest solution, breadth first (bfsolve)",
    "plan": "a solution led by plans, goal moves and premoves (psolve)",
    "dfs": "a solution, often long, depth first (dfsolve)",
    "iddfs": "a shortest solution by iterative deepening, in little memory (idsolve)",
    "astar": "a shortest solution led by a lower bound on the moves left (astar)",
    "idastar": "a shortest solution by deepening on that bound, in little memory (idastar)",
    "direct": "the puzzle's own algorithm, no search (the Tower of Hanoi's recursion)",
}

Settings: TypeAlias = Mapping[str, str]  # option values as typed, e.g. {"discs": "20"}
NO_SETTINGS: Settings = MappingProxyType({})  # a puzzle without options, e.g. Rush Hour


class Analyser(Protocol):
    """A whole-space analysis run elsewhere (on a cluster, say): given the bare puzzle,
    the starts, the perfect hash if any and the meter to count on, the same
    :class:`~pearls.analysis.Analysis` as :func:`~pearls.analysis.analyze`."""

    def __call__(
        self, puzzle: Puzzle[S, M], starts: Sequence[S], h: PerfectHash[S] | None, meter: Meter
    ) -> Analysis[S]: ...


@dataclass(frozen=True)
class Option:
    """One setting a puzzle takes, as ``--NAME VALUE`` on the command line.

    With ``choices``, a value must be one of them; otherwise ``parse`` checks it and
    raises :class:`~pearls.errors.BoardError` on a value it cannot use.
    """

    name: str  # e.g. "discs", the option --discs
    help: str
    default: str
    choices: tuple[str, ...] = ()
    metavar: str = "N"


@dataclass(frozen=True)
class Record:
    """One board of a batch, with the fields its source gave it (shown with the result),
    e.g. ``Record("AA.... ...", {"line": 3})``."""

    text: str
    fields: dict[str, JSON]


@dataclass(frozen=True)
class Generated:
    """A problem a puzzle made up: its text, drawn as text, and what is known of it,
    e.g. ``{"board": "...", "length": 51}``."""

    text: str
    picture: str
    fields: dict[str, JSON]


def one_per_line(text: str) -> Iterator[Record]:
    """The boards of a batch written one per line, blank lines skipped.

    >>> [r.fields for r in one_per_line("a\\n\\nb\\n")]
    [{'line': 1}, {'line': 3}]
    """
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            yield Record(line, {"line": number})


@dataclass(frozen=True)
class Problem(Generic[S, M]):
    """A puzzle, a start state, and how to show the states and moves that follow.

    ``words`` says a move in words and ``notation`` in a few characters, each given the
    state before it; ``draw`` gives an SVG document, where the puzzle has a drawing.
    ``solvers`` run a method faster than the generic combinator would, on the same
    terms (the 15 puzzle's IDA* on flat integers): given the start and the meter, they
    count what they expand on it and stop at its limits.
    """

    puzzle: Puzzle[S, M]
    start: S
    show: Callable[[S], str]
    state_json: Callable[[S], JSON]
    move_json: Callable[[M], JSON]
    words: Callable[[S, M], str]
    notation: Callable[[S, M], str]
    draw: Callable[[S], str] | None = None
    planner: Planner[S, M] | None = None
    prune: Prune[S, M] = no_prune
    perfect_hash: PerfectHash[S] | None = None
    heuristic: Callable[[S], int] | None = None  # a lower bound on the moves left
    goals: Sequence[S] = ()  # every solved state, where there are few
    find_goals: Callable[[Puzzle[S, M], S], Sequence[S]] | None = None  # those within reach
    direct: Callable[[S], Iterable[M]] | None = None  # the moves of a known algorithm
    solvers: Mapping[str, Callable[[S, Meter], list[M] | None]] = field(default_factory=dict)
    answer: Callable[[S], JSON] | None = None  # a solved state as the puzzle's result


@dataclass(frozen=True)
class Solution:
    """A search's outcome as plain data: every state (start first) drawn as text, in
    JSON and as SVG (when asked for and drawable), and the moves in JSON, in words and in
    notation; ``moves`` is ``None`` when no solution exists."""

    puzzle: str
    method: str
    stats: Stats
    pictures: tuple[str, ...]
    states: tuple[JSON, ...]
    moves: tuple[JSON, ...] | None
    words: tuple[str, ...]
    notation: tuple[str, ...]
    drawings: tuple[str, ...] | None
    answer: JSON = None  # the solved state as the puzzle's result, where it has one


@dataclass(frozen=True)
class Survey:
    """A whole-space analysis as plain data: the farthest states drawn and in JSON."""

    puzzle: str
    stats: Stats
    states: int
    histogram: tuple[int, ...]
    farthest: tuple[JSON, ...]
    pictures: tuple[str, ...]

    @property
    def max_distance(self) -> int:
        """The largest distance from the start."""
        return len(self.histogram) - 1


@dataclass(frozen=True)
class Description(Generic[S, M]):
    """What a front end knows of one puzzle.

    ``examples`` maps names to texts that ``parse`` reads, the default first;
    ``methods`` are names from :data:`METHODS`, the default first; ``parse`` raises
    :class:`~pearls.errors.BoardError` on a text that describes no problem, or on an
    option's value it cannot use.

    The rest is optional.  ``standard`` gives the usual start's text for the settings
    (all discs on the first peg), used when no board is given; ``answer_key`` names the
    result of a puzzle whose answer is its solved state (``"tour"``); ``enumerable``
    offers every solution (:meth:`every`), and ``all_by_default`` makes every solution
    the answer (the pandigital numbers); ``generate`` makes new problems from a seed;
    ``records`` reads the boards of a batch.
    """

    name: str
    title: str
    text_form: str  # one paragraph: how a board is written
    parse: Callable[[str, Settings], Problem[S, M]]
    examples: Mapping[str, str]
    methods: Sequence[str] = field(default=("bfs", "dfs", "iddfs"))
    options: Sequence[Option] = ()
    standard: Callable[[Settings], str] | None = None
    answer_key: str | None = None
    enumerable: bool = False
    all_by_default: bool = False
    generate: Callable[[Settings, int, Meter], Iterator[Generated]] | None = None
    records: Callable[[str], Iterator[Record]] = one_per_line

    @property
    def drawable(self) -> bool:
        """Whether the puzzle's states can be drawn as SVG."""
        return self.problem(self.default_text()).draw is not None

    def settings(self, given: Settings | None = None) -> Settings:
        """Every option's value: those ``given``, the defaults for the rest.

        Raises :class:`~pearls.errors.BoardError` on an unknown option or a value
        outside an option's choices.
        """
        given = NO_SETTINGS if given is None else given
        known = {o.name: o for o in self.options}
        for name, value in given.items():
            if name not in known:
                raise BoardError(f"{self.name} takes no option {name!r}")
            if known[name].choices and value not in known[name].choices:
                choices = ", ".join(known[name].choices)
                raise BoardError(f"--{name} must be one of {choices}, not {value!r}")
        return {o.name: given.get(o.name, o.default) for o in self.options}

    def default_text(self, settings: Settings | None = None) -> str:
        """The text of the problem to solve when none is given: the usual start for the
        settings, or else the first example."""
        if self.standard is not None:
            return self.standard(self.settings(settings))
        return self.examples[next(iter(self.examples))]

    def problem(self, text: str, settings: Settings | None = None) -> Problem[S, M]:
        """The problem ``text`` describes, under ``settings`` (the defaults filled in)."""
        return self.parse(text, self.settings(settings))

    def drawing(self, text: str, settings: Settings | None = None) -> str | None:
        """The start of the problem ``text`` describes, drawn as SVG, if the puzzle
        has a drawing."""
        problem = self.problem(text, settings)
        return None if problem.draw is None else problem.draw(problem.start)

    def solve(
        self,
        method: str,
        text: str,
        meter: Meter | None = None,
        draw: bool = False,
        settings: Settings | None = None,
    ) -> Solution:
        """Solve the problem ``text`` describes by ``method``, under ``meter`` (default:
        no limits); with ``draw``, every state is drawn as SVG too."""
        problem = self.problem(text, settings)
        meter = Meter() if meter is None else meter
        return self._solution(method, problem, _search(method, problem, meter), meter, draw)

    def every(
        self,
        text: str,
        meter: Meter | None = None,
        settings: Settings | None = None,
        draw: bool = False,
    ) -> Iterator[Solution]:
        """Every solution of the problem ``text`` describes, lazily, depth first
        (:func:`~pearls.backtrack.solutions`), under ``meter`` (default: no limits)."""
        problem = self.problem(text, settings)
        meter = Meter() if meter is None else meter
        for ms in solutions(meter.watch(problem.puzzle), problem.start):
            yield self._solution("all", problem, ms, meter, draw)

    def _solution(
        self, method: str, problem: Problem[S, M], ms: list[M] | None, meter: Meter, draw: bool
    ) -> Solution:
        """The states that ``ms`` passes through from the start, as plain data."""
        states = [problem.start]
        for m in ms or []:
            states.append(problem.puzzle.move(states[-1], m))
        return Solution(
            puzzle=self.name,
            method=method,
            stats=meter.stats,
            pictures=tuple(map(problem.show, states)),
            states=tuple(map(problem.state_json, states)),
            moves=None if ms is None else tuple(map(problem.move_json, ms)),
            words=tuple(map(problem.words, states, ms or [])),
            notation=tuple(map(problem.notation, states, ms or [])),
            drawings=tuple(map(problem.draw, states)) if draw and problem.draw else None,
            answer=None if ms is None or problem.answer is None else problem.answer(states[-1]),
        )

    def survey(
        self,
        text: str,
        meter: Meter | None = None,
        settings: Settings | None = None,
        from_goals: bool | None = None,
        analyser: Analyser | None = None,
    ) -> Survey:
        """Every state reachable from the problem ``text`` describes, summed up by
        distance, under ``meter`` (default: no limits).

        The distances are from the solved states with ``from_goals`` (those the problem
        lists, or finds within reach of its start), from the start without it, and from
        the solved states where the problem can give them when it is ``None``.  An
        ``analyser`` runs the analysis instead of :func:`~pearls.analysis.analyze`.
        """
        problem = self.problem(text, settings)
        meter = Meter() if meter is None else meter
        puzzle = meter.watch(problem.puzzle)
        starts = [problem.start] if from_goals is False else _goals(problem, puzzle)
        if from_goals and not starts:
            raise BoardError(f"{self.name} does not list its solved positions")
        starts = starts or [problem.start]
        if analyser is None:
            analysis = analyze(puzzle, starts, problem.perfect_hash)
        else:
            analysis = analyser(problem.puzzle, starts, problem.perfect_hash, meter)
        return Survey(
            puzzle=self.name,
            stats=meter.stats,
            states=analysis.states,
            histogram=analysis.histogram,
            farthest=tuple(map(problem.state_json, analysis.farthest)),
            pictures=tuple(map(problem.show, analysis.farthest)),
        )


def _goals(problem: Problem[S, M], puzzle: Puzzle[S, M]) -> Sequence[S]:
    """The solved states a problem lists, or else finds from its start through ``puzzle``
    (empty when it can do neither)."""
    if problem.goals or problem.find_goals is None:
        return problem.goals
    return problem.find_goals(puzzle, problem.start)


def _search(method: str, problem: Problem[S, M], meter: Meter) -> list[M] | None:
    """The moves that ``method`` finds for ``problem``, its puzzle watched by ``meter``."""
    puzzle, q = meter.watch(problem.puzzle), problem.start
    if method in problem.solvers:
        return problem.solvers[method](q, meter)
    if method == "bfs":
        return bfsolve(puzzle, q)
    if method == "dfs":
        return dfsolve(puzzle, q)
    if method == "iddfs":
        return idsolve(puzzle, q, problem.prune)
    if method == "plan" and problem.planner is not None:
        return psolve(meter.watch_planner(problem.planner), q)
    if method == "astar" and problem.heuristic is not None:
        return astar(puzzle, q, problem.heuristic)
    if method == "idastar" and problem.heuristic is not None:
        return idastar(puzzle, q, problem.heuristic)
    if method == "direct" and problem.direct is not None:
        return list(problem.direct(q))
    raise ValueError(f"method {method!r} does not apply to this problem")
