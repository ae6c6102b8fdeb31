"""A puzzle described for the command line, without the command line.

A puzzle declares one :class:`Description`: its name, a paragraph on its text form, its
built-in examples (as text) and ``parse``, which turns a text into a :class:`Problem`:
the puzzle, the start state, the methods that solve it (:mod:`pearls.methods`, the
default first) and how to show the states and moves of a solution (in words, as JSON,
drawn as SVG).  A problem carries its own presentation, so a board keeps the letters
its author wrote, and its own methods, so what a front end offers is what runs.

A puzzle may take :class:`Option` values (the number of discs, the size of a board):
``parse`` receives them as :data:`Settings`, every option present.  A problem's
:meth:`~Problem.solve`, :meth:`~Problem.every` and :meth:`~Problem.survey` run it under
a :class:`~pearls.limits.Meter` and return plain data (:class:`Solution`,
:class:`Survey`) that any front end can print; the registry (:mod:`pearls.registry`)
lists the descriptions.

>>> from pearls.puzzles.graph import DESCRIPTION
>>> list(DESCRIPTION.methods)
['bfs', 'plan', 'dfs', 'iddfs']
>>> solution = DESCRIPTION.solve("iddfs", "start a; goal c; a -> b; b -> c")
>>> solution.notation, solution.states
(('b', 'c'), ('a', 'b', 'c'))
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from types import MappingProxyType
from typing import Generic, Protocol, TypeAlias

from pearls.analysis import Analysis, PerfectHash, analyze, levels
from pearls.backtrack import solutions
from pearls.errors import LimitReached, OptionError
from pearls.limits import Meter, Stats
from pearls.methods import Method
from pearls.types import M, Puzzle, S

__all__ = [
    "COMMANDS",
    "JSON",
    "MAX_DRAWN",
    "NO_SETTINGS",
    "Analyser",
    "Description",
    "Generated",
    "Option",
    "Problem",
    "Record",
    "Settings",
    "Solution",
    "Solvable",
    "Survey",
    "Technique",
    "one_per_line",
]

JSON: TypeAlias = bool | int | float | str | list["JSON"] | dict[str, "JSON"] | None  # [0, 16]

Settings: TypeAlias = Mapping[str, str]  # option values as typed, e.g. {"discs": "20"}
NO_SETTINGS: Settings = MappingProxyType({})  # a puzzle without options, e.g. Rush Hour

COMMANDS = ("solve", "analyze", "generate")  # the commands that read a puzzle's options
MAX_DRAWN = 10_000  # the positions of one solution drawn at most


class Analyser(Protocol):
    """A whole-space analysis run elsewhere (on a cluster, say): given the bare puzzle,
    the starts, the perfect hash if any, a key that names a state the same way in every
    process, and the meter to count on, the same :class:`~pearls.analysis.Analysis` as
    :func:`~pearls.analysis.analyze`."""

    def __call__(
        self,
        puzzle: Puzzle[S, M],
        starts: Sequence[S],
        h: PerfectHash[S] | None,
        key: Callable[[S], str],
        meter: Meter,
    ) -> Analysis[S]: ...


@dataclass(frozen=True)
class Option:
    """One setting a puzzle takes, as ``--NAME VALUE`` on the command line, offered by
    the ``commands`` it serves.

    With ``choices``, a value must be one of them; otherwise ``parse`` checks it and
    raises :class:`~pearls.errors.BoardError` on a value it cannot use.
    """

    name: str  # e.g. "discs", the option --discs
    help: str
    default: str
    choices: tuple[str, ...] = ()
    metavar: str = "N"
    commands: tuple[str, ...] = COMMANDS  # e.g. ("generate",) for a generator's setting


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


def one_per_line(lines: Iterable[str]) -> Iterator[Record]:
    """The boards of a batch written one per line, blank lines skipped.

    >>> [r.fields for r in one_per_line(["a", "", "b"])]
    [{'line': 1}, {'line': 3}]
    """
    for number, line in enumerate(lines, start=1):
        if line.strip():
            yield Record(line, {"line": number})


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
    """A whole-space analysis as plain data: the farthest states drawn and in JSON, and
    where the distances count from (``"goals"``: the solved positions in the start's
    component; ``"start"``: the start)."""

    puzzle: str
    stats: Stats
    states: int
    histogram: tuple[int, ...]
    farthest: tuple[JSON, ...]
    pictures: tuple[str, ...]
    origin: str = "start"

    @property
    def max_distance(self) -> int:
        """The largest distance from the origin."""
        return len(self.histogram) - 1


class Technique(Protocol):
    """A method as a front end sees it: what it finds, and whether it is shortest."""

    @property
    def about(self) -> str: ...

    @property
    def shortest(self) -> bool: ...


class Solvable(Protocol):
    """A :class:`Problem` as a front end sees it, whatever its state and move types:
    its methods, and solving, enumerating and surveying it as plain data."""

    @property
    def methods(self) -> Mapping[str, Technique]: ...

    @property
    def drawable(self) -> bool: ...

    def solve(self, method: str, meter: Meter | None = None, draw: bool = False) -> Solution: ...

    def every(self, meter: Meter | None = None, draw: bool = False) -> Iterator[Solution]: ...

    def survey(
        self,
        meter: Meter | None = None,
        from_goals: bool | None = None,
        analyser: Analyser | None = None,
    ) -> Survey: ...

    def drawing(self) -> str | None: ...


@dataclass(frozen=True)
class Problem(Generic[S, M]):
    """A puzzle, a start state, the methods that solve it, and how to show the states
    and moves that follow.

    ``methods`` maps each name a front end offers to a :class:`~pearls.methods.Method`,
    the default first.  ``words`` says a move in words, ``notation`` in a few
    characters and ``move_json`` as JSON, each given the state before it; ``draw``
    gives an SVG document, where the puzzle has a drawing.  ``state_json`` must name a
    state the same way in every process (never through a ``set``'s order), since it
    keys a state for analyses on a cluster.

    The rest serves analysis and answers: ``reversible`` says every move can be undone,
    so the start's component is the same seen from its solved positions; ``goals``
    lists the solved positions in the start's component where the puzzle knows them
    without a search (else they are found by one); ``perfect_hash`` ranks the states
    for an analysis in little memory; ``answer`` gives a solved state as the puzzle's
    result (a tour, a colouring).
    """

    puzzle: Puzzle[S, M]
    start: S
    methods: Mapping[str, Method[S, M]]
    show: Callable[[S], str]
    state_json: Callable[[S], JSON]
    move_json: Callable[[S, M], JSON]
    words: Callable[[S, M], str]
    notation: Callable[[S, M], str]
    draw: Callable[[S], str] | None = None
    reversible: bool = False
    goals: Callable[[S], Sequence[S]] | None = None
    perfect_hash: PerfectHash[S] | None = None
    answer: Callable[[S], JSON] | None = None

    @property
    def drawable(self) -> bool:
        """Whether the states can be drawn as SVG."""
        return self.draw is not None

    def drawing(self) -> str | None:
        """The start drawn as SVG, where the puzzle has a drawing."""
        return None if self.draw is None else self.draw(self.start)

    def key(self, q: S) -> str:
        """A state's name, the same in every process: its JSON, keys sorted."""
        return json.dumps(self.state_json(q), sort_keys=True)

    def solve(self, method: str, meter: Meter | None = None, draw: bool = False) -> Solution:
        """Solve by ``method``, under ``meter`` (default: no limits); with ``draw``,
        every state is drawn as SVG too.  Raises :class:`~pearls.errors.OptionError`
        for a method the problem does not offer."""
        if method not in self.methods:
            offered = ", ".join(self.methods)
            raise OptionError(f"no method {method!r} for this problem: it offers {offered}")
        meter = Meter() if meter is None else meter
        return self._solution(method, self.methods[method].run(self.start, meter), meter, draw)

    def every(self, meter: Meter | None = None, draw: bool = False) -> Iterator[Solution]:
        """Every solution, lazily, depth first (:func:`~pearls.backtrack.solutions`),
        under ``meter`` (default: no limits)."""
        meter = Meter() if meter is None else meter
        for ms in solutions(meter.watch(self.puzzle), self.start):
            yield self._solution("all", ms, meter, draw)

    def _solution(self, method: str, ms: list[M] | None, meter: Meter, draw: bool) -> Solution:
        """The states that ``ms`` passes through from the start, as plain data; drawn,
        with ``draw``, unless there are more than :data:`MAX_DRAWN`."""
        if draw and ms is not None and len(ms) >= MAX_DRAWN:
            raise OptionError(
                f"a solution of {len(ms) + 1:,} positions is too long to draw "
                f"(at most {MAX_DRAWN:,})"
            )
        states = [self.start]
        for m in ms or []:
            states.append(self.puzzle.move(states[-1], m))
        return Solution(
            puzzle="",
            method=method,
            stats=meter.stats,
            pictures=tuple(map(self.show, states)),
            states=tuple(map(self.state_json, states)),
            moves=None if ms is None else tuple(map(self.move_json, states, ms)),
            words=tuple(map(self.words, states, ms or [])),
            notation=tuple(map(self.notation, states, ms or [])),
            drawings=tuple(map(self.draw, states)) if draw and self.draw else None,
            answer=None if ms is None or self.answer is None else self.answer(states[-1]),
        )

    def survey(
        self,
        meter: Meter | None = None,
        from_goals: bool | None = None,
        analyser: Analyser | None = None,
    ) -> Survey:
        """The start's component (every state reachable from it) summed up by distance,
        under ``meter`` (default: no limits).

        The distances count from the solved positions in the component with
        ``from_goals``, from the start without it; when it is ``None``, from the solved
        positions where the puzzle is reversible and the component holds some, else
        from the start.  An ``analyser`` runs the analysis instead of
        :func:`~pearls.analysis.analyze`.
        """
        meter = Meter() if meter is None else meter
        self._fits(meter)
        starts = [] if from_goals is False else self._goals(from_goals, meter)
        origin = "goals" if starts else "start"
        starts = starts or [self.start]
        if analyser is None:
            analysis = analyze(meter.watch(self.puzzle), starts, self.perfect_hash)
        else:
            analysis = analyser(self.puzzle, starts, self.perfect_hash, self.key, meter)
        return Survey(
            puzzle="",
            stats=meter.stats,
            states=analysis.states,
            histogram=analysis.histogram,
            farthest=tuple(map(self.state_json, analysis.farthest)),
            pictures=tuple(map(self.show, analysis.farthest)),
            origin=origin,
        )

    def _fits(self, meter: Meter) -> None:
        """Refuse, before allocating it, a table of flags (a byte a rank) larger than the
        meter's memory, or than any this machine could address."""
        h = self.perfect_hash
        most = min(meter.max_memory or sys.maxsize, sys.maxsize)
        if h is not None and h.size > most:
            count = f"{h.size:,}" if h.size < 10**18 else f"{h.size:.3g}"
            why = f"an analysis of its {count} positions needs a byte for each"
            raise LimitReached("memory", 0, meter.seconds, most, why)

    def _goals(self, asked: bool | None, meter: Meter) -> Sequence[S]:
        """The solved positions in the start's component, for distances from them: none
        where the puzzle is not reversible (refused if ``asked``), or where the
        component holds none (refused if ``asked``)."""
        if not self.reversible:
            if asked:
                raise OptionError(
                    "--from-goals: this puzzle's moves cannot all be undone, so its "
                    "distances count from the start"
                )
            return ()
        if self.goals is not None:
            found = self.goals(self.start)
        else:
            reached = levels(meter.watch(self.puzzle), [self.start], self.perfect_hash)
            found = [q for level in reached for q in level if self.puzzle.solved(q)]
        if asked and not found:
            raise OptionError("--from-goals: no solved position is reachable from this board")
        return found


@dataclass(frozen=True)
class Description:
    """What a front end knows of one puzzle.

    ``examples`` maps names to texts that ``parse`` reads, the default first;
    ``unsolvable`` names the examples documented to have no solution.  ``parse``
    raises :class:`~pearls.errors.BoardError` on a text that describes no problem, or
    on an option's value it cannot use.  The methods offered are those of the default
    problem (:attr:`methods`); every problem of the puzzle offers the same.

    The rest is optional.  ``standard`` gives the usual start's text for the settings
    (all discs on the first peg), used when no board is given; ``answer_key`` names the
    result of a puzzle whose answer is its solved state (``"tour"``); ``enumerable``
    offers every solution (:meth:`every`), and ``all_by_default`` makes every solution
    the answer (the pandigital numbers); ``generate`` makes new problems from a seed;
    ``records`` reads the boards of a batch from its lines, lazily, each line its own
    record unless the puzzle's form spans lines.
    """

    name: str
    title: str
    text_form: str  # one paragraph: how a board is written
    parse: Callable[[str, Settings], Solvable]
    examples: Mapping[str, str]
    unsolvable: frozenset[str] = frozenset()
    options: Sequence[Option] = ()
    standard: Callable[[Settings], str] | None = None
    answer_key: str | None = None
    enumerable: bool = False
    all_by_default: bool = False
    generate: Callable[[Settings, int, Meter], Iterator[Generated]] | None = None
    records: Callable[[Iterable[str]], Iterator[Record]] = one_per_line

    @cached_property
    def methods(self) -> Mapping[str, Technique]:
        """The methods the puzzle offers, the default first: the default problem's."""
        return self.problem(self.default_text()).methods

    @cached_property
    def drawable(self) -> bool:
        """Whether the puzzle's states can be drawn as SVG."""
        return self.problem(self.default_text()).drawable

    def options_of(self, command: str) -> Sequence[Option]:
        """The options that ``command`` takes."""
        return [o for o in self.options if command in o.commands]

    def settings(self, given: Settings | None = None) -> Settings:
        """Every option's value: those ``given``, the defaults for the rest.

        Raises :class:`~pearls.errors.OptionError` on an unknown option or a value
        outside an option's choices.
        """
        given = NO_SETTINGS if given is None else given
        known = {o.name: o for o in self.options}
        for name, value in given.items():
            if name not in known:
                raise OptionError(f"{self.name} takes no option {name!r}")
            if known[name].choices and value not in known[name].choices:
                choices = ", ".join(known[name].choices)
                raise OptionError(f"--{name} must be one of {choices}, not {value!r}")
        return {o.name: given.get(o.name, o.default) for o in self.options}

    def default_text(self, settings: Settings | None = None) -> str:
        """The text of the problem to solve when none is given: the usual start for the
        settings, or else the first example."""
        if self.standard is not None:
            return self.standard(self.settings(settings))
        return self.examples[next(iter(self.examples))]

    def problem(self, text: str, settings: Settings | None = None) -> Solvable:
        """The problem ``text`` describes, under ``settings`` (the defaults filled in)."""
        return self.parse(text, self.settings(settings))

    def drawing(self, text: str, settings: Settings | None = None) -> str | None:
        """The start of the problem ``text`` describes, drawn as SVG, if the puzzle
        has a drawing."""
        return self.problem(text, settings).drawing()

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
        return replace(self.problem(text, settings).solve(method, meter, draw), puzzle=self.name)

    def every(
        self,
        text: str,
        meter: Meter | None = None,
        settings: Settings | None = None,
        draw: bool = False,
    ) -> Iterator[Solution]:
        """Every solution of the problem ``text`` describes, lazily, depth first, under
        ``meter`` (default: no limits)."""
        for solution in self.problem(text, settings).every(meter, draw):
            yield replace(solution, puzzle=self.name)

    def survey(
        self,
        text: str,
        meter: Meter | None = None,
        settings: Settings | None = None,
        from_goals: bool | None = None,
        analyser: Analyser | None = None,
    ) -> Survey:
        """The component of the problem ``text`` describes, summed up by distance
        (:meth:`Problem.survey`)."""
        survey = self.problem(text, settings).survey(meter, from_goals, analyser)
        return replace(survey, puzzle=self.name)
