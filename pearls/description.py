"""A puzzle described for the command line, without the command line.

A puzzle module declares one :class:`Description`: its name, a paragraph on its text
form, its built-in examples (as text), the methods that apply, and ``parse``, which turns
a text into a :class:`Problem`: the puzzle, the start state, and how to show the states
and moves of a solution (in words, as JSON, drawn as SVG).  A problem carries its own
presentation, so a board keeps the letters its author wrote.

``Description.solve`` and ``Description.survey`` take a problem's text, run it under a
:class:`~pearls.limits.Meter`, and return plain data (:class:`Solution`,
:class:`Survey`) that any front end can print; the registry (:mod:`pearls.registry`)
lists the descriptions.

>>> from pearls.puzzles.graph import DESCRIPTION
>>> solution = DESCRIPTION.solve("iddfs", "start a; goal c; a -> b; b -> c")
>>> solution.moves, solution.states
(('b', 'c'), ('a', 'b', 'c'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeAlias

from pearls.analysis import PerfectHash, analyze
from pearls.deepening import Prune, idsolve, no_prune
from pearls.limits import Meter, Stats
from pearls.search import bfsolve, dfsolve, psolve
from pearls.types import M, Planner, Puzzle, S

__all__ = ["JSON", "METHODS", "Description", "Problem", "Solution", "Survey"]

JSON: TypeAlias = bool | int | float | str | list["JSON"] | dict[str, "JSON"] | None  # [0, 16]

METHODS = {  # every method a puzzle may offer, with what it is
    "bfs": "a shortest solution, breadth first (bfsolve)",
    "plan": "a solution led by plans, goal moves and premoves (psolve)",
    "dfs": "a solution, often long, depth first (dfsolve)",
    "iddfs": "a shortest solution by iterative deepening, in little memory (idsolve)",
}


@dataclass(frozen=True)
class Problem(Generic[S, M]):
    """A puzzle, a start state, and how to show the states and moves that follow.

    ``words`` says a move in words and ``notation`` in a few characters, each given the
    state before it; ``draw`` gives an SVG document, where the puzzle has a drawing.
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
    :class:`~pearls.errors.BoardError` on a text that describes no problem.
    """

    name: str
    title: str
    text_form: str  # one paragraph: how a board is written
    parse: Callable[[str], Problem[S, M]]
    examples: Mapping[str, str]
    methods: Sequence[str] = field(default=("bfs", "dfs", "iddfs"))

    @property
    def drawable(self) -> bool:
        """Whether the puzzle's states can be drawn as SVG."""
        return self.parse(self.examples[next(iter(self.examples))]).draw is not None

    def solve(
        self, method: str, text: str, meter: Meter | None = None, draw: bool = False
    ) -> Solution:
        """Solve the problem ``text`` describes by ``method``, under ``meter`` (default:
        no limits); with ``draw``, every state is drawn as SVG too."""
        problem = self.parse(text)
        meter = Meter() if meter is None else meter
        ms = _search(method, problem, meter)
        stats = meter.stats
        states = [problem.start]
        for m in ms or []:
            states.append(problem.puzzle.move(states[-1], m))
        return Solution(
            puzzle=self.name,
            method=method,
            stats=stats,
            pictures=tuple(map(problem.show, states)),
            states=tuple(map(problem.state_json, states)),
            moves=None if ms is None else tuple(map(problem.move_json, ms)),
            words=tuple(map(problem.words, states, ms or [])),
            notation=tuple(map(problem.notation, states, ms or [])),
            drawings=tuple(map(problem.draw, states)) if draw and problem.draw else None,
        )

    def survey(self, text: str, meter: Meter | None = None) -> Survey:
        """Every state reachable from the start of the problem ``text`` describes,
        summed up by distance, under ``meter`` (default: no limits)."""
        problem = self.parse(text)
        meter = Meter() if meter is None else meter
        analysis = analyze(meter.watch(problem.puzzle), [problem.start], problem.perfect_hash)
        return Survey(
            puzzle=self.name,
            stats=meter.stats,
            states=analysis.states,
            histogram=analysis.histogram,
            farthest=tuple(map(problem.state_json, analysis.farthest)),
            pictures=tuple(map(problem.show, analysis.farthest)),
        )


def _search(method: str, problem: Problem[S, M], meter: Meter) -> list[M] | None:
    """The moves that ``method`` finds for ``problem``, its puzzle watched by ``meter``."""
    puzzle, q = meter.watch(problem.puzzle), problem.start
    if method == "bfs":
        return bfsolve(puzzle, q)
    if method == "dfs":
        return dfsolve(puzzle, q)
    if method == "iddfs":
        return idsolve(puzzle, q, problem.prune)
    if method == "plan" and problem.planner is not None:
        return psolve(meter.watch_planner(problem.planner), q)
    raise ValueError(f"method {method!r} does not apply to this problem")
