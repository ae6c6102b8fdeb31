"""A puzzle described for a front end, without the front end.

A puzzle declares one :class:`Description`: its name, a paragraph on its text form, its
built-in examples (as text), the :class:`Option` values it takes, and ``parse``, which
turns a text and the :class:`Settings` into a :class:`Problem`: the puzzle, the start
state, the methods that solve it (:mod:`pearls.methods`, the default first) and how to
show the states and moves of a solution (in words, as JSON, drawn as SVG).  A problem
carries its own presentation, so a board keeps the letters its author wrote, and its
own methods, so what a front end offers is what runs.

An option carries its type: ``read`` turns its text into a value (or refuses it in one
line), and ``parse`` reads each value by the option itself, ``settings[DISCS]``, the
default where none was given.  A problem's :meth:`~Problem.solve`,
:meth:`~Problem.every` and :meth:`~Problem.survey` run it under a
:class:`~pearls.limits.Meter` and return plain data (:class:`Solution`,
:class:`Survey`) that any front end can print; the registry (:mod:`pearls.registry`)
lists the descriptions, and :mod:`pearls.frontend` answers requests over them.

>>> from pearls.puzzles.graph import DESCRIPTION
>>> list(DESCRIPTION.methods)
['bfs', 'plan', 'dfs', 'iddfs']
>>> solution = DESCRIPTION.solve("iddfs", "start a; goal c; a -> b; b -> c")
>>> solution.notation, solution.states
(('b', 'c'), ('a', 'b', 'c'))
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from types import MappingProxyType
from typing import Generic, Literal, Protocol, TypeAlias, TypeGuard, TypeVar

from pearls import literal, values
from pearls.analysis import Analysis, PerfectHash, analyze, analyze_compact, levels
from pearls.errors import OptionError
from pearls.limits import Meter, Stats
from pearls.methods import EVERY, Every, Method, Technique
from pearls.textform import quoted
from pearls.tracing import (
    LIMIT,
    Backtracked,
    Bound,
    Counted,
    Event,
    Expanded,
    Planned,
    Tracer,
    unscored,
)
from pearls.types import JSON, APath, M, Path, Puzzle, S

__all__ = [
    "COMMANDS",
    "JSON",
    "LITERAL_STATES",
    "MAX_DRAWN",
    "NO_SETTINGS",
    "Analyser",
    "Command",
    "Description",
    "Generated",
    "Offered",
    "Option",
    "Problem",
    "Record",
    "Settings",
    "Solution",
    "Solvable",
    "Survey",
    "choice",
    "one_per_line",
    "whole",
    "yes_no",
]

T = TypeVar("T")
V = TypeVar("V", covariant=True)  # an option's value, e.g. an int for --discs

Command: TypeAlias = Literal["solve", "analyze", "generate"]  # what is asked of a puzzle
COMMANDS: tuple[Command, ...] = ("solve", "analyze", "generate")
MAX_DRAWN = 10_000  # the positions of one solution drawn at most
LITERAL_STATES = 500  # the visited states a search stepped literally may hold (a list)
TRACE_DRAWN = 500  # the expanded positions of a trace drawn at most
_LONGEST_NAME = 40  # characters of an option's name said in full


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
class Option(Generic[V]):
    """One setting a puzzle takes, as ``--NAME VALUE`` on the command line: its
    ``default`` value (``default_text`` as it would be typed, empty for none), and
    ``read``, which turns a text into a value or raises
    :class:`~pearls.errors.OptionError` in one line naming the option.

    It serves the ``commands`` named, and the ``methods`` named (every method where
    none is); ``choices`` lists the texts it takes, where they are few.  The helpers
    below make the usual kinds: :func:`whole`, :func:`choice`, :func:`yes_no`.

    >>> DISCS = whole("discs", "discs on the first peg", 4, 1, 20)
    >>> DISCS.read("7"), DISCS.default, DISCS.default_text
    (7, 4, '4')
    """

    name: str  # e.g. "discs", the option --discs
    help: str
    default: V
    read: Callable[[str], V]
    default_text: str
    choices: tuple[str, ...] = ()
    metavar: str = "N"
    commands: tuple[Command, ...] = COMMANDS  # e.g. ("generate",) for a generator's setting
    methods: tuple[str, ...] = ()  # e.g. ("astar", "idastar") for what leads them

    def serves(self, command: str, method: str | None = None) -> bool:
        """Whether the option means something to ``command`` (by ``method``)."""
        named = not self.methods or method is None or method in self.methods
        return command in self.commands and named


def whole(
    name: str,
    help: str,
    default: int,
    least: int,
    most: int,
    *,
    metavar: str = "N",
    commands: tuple[Command, ...] = COMMANDS,
) -> Option[int]:
    """An option whose value is a whole number from ``least`` to ``most``.

    >>> whole("boat", "how many the boat holds", 2, 1, 6).read("9")
    Traceback (most recent call last):
    ...
    pearls.errors.OptionError: --boat must be a whole number from 1 to 6, not '9'
    """

    def read(text: str) -> int:
        return values.whole(text, f"--{name}", least, most)

    return Option(name, help, default, read, str(default), metavar=metavar, commands=commands)


C = TypeVar("C", bound=str)  # one of a choice's names, e.g. a Literal["steps", "slides"]


def choice(
    name: str,
    help: str,
    default: C,
    choices: Sequence[C],
    *,
    metavar: str = "NAME",
    commands: tuple[Command, ...] = COMMANDS,
    methods: tuple[str, ...] = (),
) -> Option[C]:
    """An option whose value is one of ``choices``.

    >>> choice("metric", "what one move is", "steps", ("steps", "slides")).read("hops")
    Traceback (most recent call last):
    ...
    pearls.errors.OptionError: --metric must be one of steps, slides, not 'hops'
    """

    def read(text: str) -> C:
        for c in choices:
            if text == c:
                return c
        raise OptionError(f"--{name} must be one of {', '.join(choices)}, not {quoted(text)}")

    return Option(name, help, default, read, default, tuple(choices), metavar, commands, methods)


def yes_no(name: str, help: str, default: bool) -> Option[bool]:
    """An option whose value is ``yes`` or ``no``.

    >>> yes_no("closed", "whether the tour is closed", True).read("no")
    False
    """
    said = choice(name, help, "yes" if default else "no", ("yes", "no"))
    return Option(
        name, help, default, lambda text: said.read(text) == "yes", said.default_text, said.choices
    )


class Settings:
    """Every option's value, read by the option itself: ``settings[DISCS]`` is the
    value given for ``--discs``, or its default.  Each value given (a text, or a JSON
    number, read as the text it writes) is read, and so checked, once, when the
    settings are made; :attr:`json` is every option's value in JSON, as the rules
    (:mod:`pearls.rules`) read them.

    >>> DISCS = whole("discs", "discs on the first peg", 4, 1, 20)
    >>> s = Settings((DISCS,), {"discs": "7"})
    >>> s[DISCS], Settings((DISCS,))[DISCS], dict(s.given), dict(s.json)
    (7, 4, {'discs': '7'}, {'discs': 7})
    >>> Settings((DISCS,), {"discs": 7})[DISCS]
    7
    >>> Settings((DISCS,), {"pegs": "4"})
    Traceback (most recent call last):
    ...
    pearls.errors.OptionError: no option --pegs here: the options are --discs
    """

    def __init__(self, options: Sequence[Option[object]] = (), given: Mapping[str, JSON] = {}):
        known = {o.name: o for o in options}
        texts: dict[str, str] = {}
        read: dict[str, object] = {}
        for name, value in given.items():
            if name not in known:
                names = ", ".join(f"--{n}" for n in known) or "none"
                named = f"--{name}" if len(name) <= _LONGEST_NAME else quoted(name)
                raise OptionError(f"no option {named} here: the options are {names}")
            texts[name] = _text(value, name)
            read[name] = known[name].read(texts[name])
        self.given: Mapping[str, str] = MappingProxyType(texts)
        self._options = tuple(options)
        self._read: Mapping[str, object] = MappingProxyType(read)

    def __getitem__(self, option: Option[T]) -> T:
        """The value of ``option``: the one given, read once, or else its default."""
        if option.name not in self._read:
            return option.default
        return self._read[option.name]  # type: ignore[return-value]  # read by this option

    @property
    def json(self) -> Mapping[str, JSON]:
        """Every option's value, given or default, in JSON: ``{"discs": 4}``."""
        return MappingProxyType({o.name: _json(self[o]) for o in self._options})

    def __repr__(self) -> str:
        return f"Settings({dict(self.given)!r})"


def _text(value: JSON, name: str) -> str:
    """An option's value as its text: a text as given, a number as it is written."""
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return repr(value)
    raise OptionError(f"--{name} takes a text or a number, not {quoted(json.dumps(value))}")


def _json(value: object) -> JSON:
    """An option's value in JSON: a number, a text, a truth or none as it is, a tuple
    as a list (``(3, 4)``: ``[3, 4]``), anything else as its text."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if _is_tuple(value):
        return [_json(v) for v in value]
    return str(value)


def _is_tuple(value: object) -> TypeGuard[tuple[object, ...]]:
    """Whether ``value`` is a tuple, of whatever it holds."""
    return isinstance(value, tuple)


NO_SETTINGS = Settings()  # a puzzle without options, e.g. Rush Hour


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
    JSON and as SVG (when asked for and no more than :data:`MAX_DRAWN`), and the moves
    in JSON, in words and in notation; ``moves`` is ``None`` when no solution exists.
    Where the solved state is the result, ``answer_key`` names it (``"tour"``) and
    ``answer`` holds it."""

    puzzle: str
    method: str
    stats: Stats
    pictures: tuple[str, ...]
    states: tuple[JSON, ...]
    moves: tuple[JSON, ...] | None
    words: tuple[str, ...]
    notation: tuple[str, ...]
    drawings: tuple[str, ...] | None
    answer: JSON = None
    answer_key: str | None = None

    @property
    def captions(self) -> tuple[str, ...]:
        """What each drawn position shows: ``start``, then ``move 3: C down 3``."""
        return ("start", *(f"move {i}: {w}" for i, w in enumerate(self.words, start=1)))


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


@dataclass(frozen=True)
class Offered:
    """A method as a front end lists it: what it finds, whether its solutions are
    shortest, whether it lists every solution, the name of its result where that is
    the solved state, and whether its memory is its depth (it deepens round by round,
    so time alone bounds it by default)."""

    about: str
    shortest: bool = False
    every: bool = False
    answer: str | None = None
    deepening: bool = False


def offered(m: Technique[S, M]) -> Offered:
    """What a front end lists of the method ``m``."""
    key = None if m.answer is None else m.answer.key
    deepening = isinstance(m, Method) and m.deepening
    return Offered(m.about, m.shortest, isinstance(m, Every), key, deepening)


def _stepped(m: Technique[S, M]) -> bool:
    """Whether ``m`` has its equations stepped literally."""
    return isinstance(m, Method) and m.steps is not None


def _literal_size(step: literal.Step[object, object]) -> None:
    """Refuse a literal search grown past :data:`LITERAL_STATES` visited states."""
    if len(step.qs) > LITERAL_STATES:
        raise OptionError(
            f"--literal steps searches that visit at most {LITERAL_STATES:,} states (the "
            "equations keep them in a list, each step shown whole): this one visits more; "
            "trace it without --literal"
        )


class Solvable(Protocol):
    """A :class:`Problem` as a front end holds it, whatever its state and move types:
    the registry holds puzzles of many, so a front end sees their problems through this,
    and the types come back inside :class:`Problem`'s own methods."""

    @property
    def offered(self) -> Mapping[str, Offered]: ...

    @property
    def drawable(self) -> bool: ...

    def solve(self, method: str, meter: Meter | None = None, draw: bool = False) -> Solution: ...

    def every(
        self, method: str = EVERY, meter: Meter | None = None, draw: bool = False
    ) -> Iterator[Solution]: ...

    def survey(
        self,
        meter: Meter | None = None,
        from_goals: bool | None = None,
        analyser: Analyser | None = None,
    ) -> Survey: ...

    def drawing(self) -> str | None: ...

    def trace(self, tracer: Tracer, draw: bool = False) -> tuple[dict[str, JSON], ...]: ...

    def steps(
        self, method: str, meter: Meter | None = None, events: int = LIMIT
    ) -> tuple[Solution, tuple[dict[str, JSON], ...]]: ...

    def replayed(
        self, state: object, moves: Iterable[object] = (), draw: bool = True
    ) -> Solution: ...


@dataclass(frozen=True)
class Problem(Generic[S, M]):
    """A puzzle, a start state, the methods that solve it, and how to show the states
    and moves that follow.

    ``methods`` maps each name a front end offers to a method
    (:data:`~pearls.methods.Technique`), the default first.  ``words`` says a move in
    words, ``notation`` in a few characters and ``move_json`` as JSON, each given the
    state before it; ``draw`` gives an SVG document, where the puzzle has a drawing.
    ``state_json`` must name a state the same way in every process (never through a
    ``set``'s order), since it keys a state for analyses on a cluster.

    The rest serves analysis: ``reversible`` says every move can be undone, so the
    start's component is the same seen from its solved positions; ``goals`` lists the
    solved positions in the start's component where the puzzle knows them without a
    search (else they are found by one); ``perfect_hash`` ranks the states for an
    analysis in little memory.
    """

    puzzle: Puzzle[S, M]
    start: S
    methods: Mapping[str, Technique[S, M]]
    show: Callable[[S], str]
    state_json: Callable[[S], JSON]
    move_json: Callable[[S, M], JSON]
    words: Callable[[S, M], str]
    notation: Callable[[S, M], str]
    draw: Callable[[S], str] | None = None
    reversible: bool = False
    goals: Callable[[S], Sequence[S]] | None = None
    perfect_hash: PerfectHash[S] | None = None

    @property
    def offered(self) -> Mapping[str, Offered]:
        """The methods as a front end lists them, the default first."""
        return {name: offered(m) for name, m in self.methods.items()}

    @property
    def drawable(self) -> bool:
        """Whether the states can be drawn as SVG."""
        return self.draw is not None

    def drawing(self) -> str | None:
        """The start drawn as SVG, where the puzzle has a drawing."""
        return None if self.draw is None else self.draw(self.start)

    def trace(self, tracer: Tracer, draw: bool = False) -> tuple[dict[str, JSON], ...]:
        """The events ``tracer`` recorded of a search of this problem, as JSON, one
        object each, ``"event"`` naming its kind: ``expand`` (``state``, ``depth``, the
        states ``reached`` so far, and ``h`` and ``f`` where a heuristic led), ``plan``
        (``by`` ``goalmoves`` or ``newplans``, ``state``, the plan ``given`` and the
        ``plans`` made, each move in words), ``backtrack`` (``state``, ``depth``: a
        backtracking search backed up from it), ``bound``, ``count`` (``expanded``: states
        with none to show) and ``stopped`` (``after`` so many events, ``expanded``).
        With ``draw``, the first :data:`TRACE_DRAWN` expanded states and positions
        planned at carry their ``drawing`` too."""
        drawn = 0
        events: list[dict[str, JSON]] = []
        for event in tracer.recorded:
            shown = self._event_json(event)
            if draw and self.draw and isinstance(event, Expanded | Planned) and drawn < TRACE_DRAWN:
                shown["drawing"] = self.draw(self._state(event.state))
                drawn += 1
            events.append(shown)
        return tuple(events)

    def _event_json(self, event: Event) -> dict[str, JSON]:
        """One recorded event as JSON (:meth:`trace`)."""
        match event:
            case Expanded(state, depth, reached, h):
                shown: dict[str, JSON] = {"event": "expand"}
                shown |= {"state": self.state_json(self._state(state)), "depth": depth}
                shown["reached"] = reached
                return shown if h is None else shown | {"h": h, "f": depth + h}
            case Planned(by, state, given, plans):
                q = self._state(state)
                made: list[JSON] = [self._plan_json(q, ms) for ms in plans]
                return {
                    "event": "plan",
                    "by": by,
                    "state": self.state_json(q),
                    "given": self._plan_json(q, given),
                    "plans": made,
                }
            case Backtracked(state, depth):
                return {
                    "event": "backtrack",
                    "state": self.state_json(self._state(state)),
                    "depth": depth,
                }
            case Bound(bound):
                return {"event": "bound", "bound": bound}
            case Counted(count):
                return {"event": "count", "expanded": count}
            case _:
                return {"event": "stopped", "after": event.limit, "expanded": event.expanded}

    def _plan_json(self, q: S, plan: tuple[object, ...]) -> JSON:
        """A plan's moves, each in words as said from ``q``, the position the plan was
        made at; a move the puzzle's words cannot say from there (a plan's later moves
        need not be legal yet: a sliding tile's is said by the cell it leaves) is
        written as Python writes it, e.g. ``(3, 1)``."""
        return [self._said(q, self._move(m)) for m in plan]

    def _said(self, q: S, m: M) -> str:
        """One planned move in words from ``q``, else as Python writes it."""
        try:
            return self.words(q, m)
        except (LookupError, ValueError, ArithmeticError):
            return repr(m)

    def _state(self, q: object) -> S:
        """A state a tracer kept (inside a :class:`~pearls.informed.Scored` one, where
        the search carried a heuristic): a tracer holds whatever a problem's methods
        searched as objects, and the problem that ran the search takes them back."""
        return unscored(q)  # type: ignore[return-value]  # the states this problem searched

    def _move(self, m: object) -> M:
        """A move a tracer kept in a plan, taken back as :meth:`_state` takes a state."""
        return m  # type: ignore[return-value]  # the moves this problem's planner made

    def key(self, q: S) -> str:
        """A state's name, the same in every process: its JSON, keys sorted."""
        return json.dumps(self.state_json(q), sort_keys=True)

    def solve(self, method: str, meter: Meter | None = None, draw: bool = False) -> Solution:
        """One solution by ``method``, under ``meter`` (default: no limits); with
        ``draw``, every state is drawn as SVG too (up to :data:`MAX_DRAWN`).  Raises
        :class:`~pearls.errors.OptionError` for a method the problem does not offer."""
        m = self._method(method)
        if isinstance(m, Every):
            raise OptionError(f"the method {method!r} lists every solution: ask for every one")
        meter = Meter() if meter is None else meter
        return self._solution(method, m, m.run(self.start, meter), meter, draw)

    def steps(
        self, method: str, meter: Meter | None = None, events: int = LIMIT
    ) -> tuple[Solution, tuple[dict[str, JSON], ...]]:
        """The solution the chapter's equations behind ``method`` find, stepped
        literally (:mod:`pearls.literal`), under ``meter`` (default: no limits), and at
        most ``events`` of their steps as JSON, then one ``stopped``: ``{"event": "step",
        "rule": N, "qs": [...], "rs": [...], "ps": [...]}``, ``qs`` newest first and
        ``rs`` and ``ps`` as the states their paths end at, each state as
        :meth:`state_json` names it; for a planned path at the head of ``ps``, its
        ``plan`` in words too.  The equations keep their visited states in a list, so a
        search that visits more than :data:`LITERAL_STATES` is refused
        (:class:`~pearls.errors.OptionError`)."""
        m = self._method(method)
        if isinstance(m, Every) or m.steps is None:
            literal = ", ".join(n for n, t in self.methods.items() if _stepped(t))
            raise OptionError(f"--literal steps the chapter's equations: {literal}, not {method}")
        meter = Meter() if meter is None else meter
        shown: list[dict[str, JSON]] = []
        named: dict[S, JSON] = {}  # each state's JSON, made once: steps repeat them
        stepping = m.steps(self.start, meter)
        while True:
            try:
                step = next(stepping)
            except StopIteration as done:
                moves: list[M] | None = done.value
                return self._solution(method, m, moves, meter, False), tuple(shown)
            _literal_size(step)
            if len(shown) < events:
                shown.append(self._step_json(step, named))
            elif len(shown) == events:
                shown.append({"event": "stopped", "after": events, "expanded": meter.expanded})

    def _step_json(
        self, step: literal.Step[S, Path[S, M] | APath[S, M]], named: dict[S, JSON]
    ) -> dict[str, JSON]:
        """One literal step as JSON (:meth:`steps`), each state named as ``named``
        keeps it, or named now and kept."""

        def name(q: S) -> JSON:
            if q not in named:
                named[q] = self.state_json(q)
            return named[q]

        shown: dict[str, JSON] = {"event": "step", "rule": step.rule}
        shown["qs"] = [name(q) for q in step.qs]
        shown["rs"] = [name(p.state) for p in step.rs]
        shown["ps"] = [name(p.state) for p in step.ps]
        if step.ps and isinstance(head := step.ps[0], APath):
            shown["plan"] = self._plan_json(head.state, head.plan)
        return shown

    def replayed(self, state: object, moves: Iterable[object] = (), draw: bool = True) -> Solution:
        """The positions ``moves`` pass through from ``state``, a state of this puzzle
        (e.g. from the library's own functions: ``rushhour.g1`` and
        ``rushhour.bfsolve(rushhour.g1)``), as a solution is given: said, as JSON, and
        drawn with ``draw``.  A move that is not legal where it is made is refused
        (:class:`~pearls.errors.OptionError`), naming it by its number."""
        q, made = self._state(state), [self._move(m) for m in moves]
        at = q
        for i, m in enumerate(made, 1):
            if m not in self.puzzle.moves(at):
                raise OptionError(f"move {i}, {m!r}, is not legal in the position it is made in")
            at = self.puzzle.move(at, m)
        return replace(self, start=q)._solution("moves given", None, made, Meter(), draw)

    def every(
        self, method: str = EVERY, meter: Meter | None = None, draw: bool = False
    ) -> Iterator[Solution]:
        """Every solution, lazily, by ``method`` (one that lists them all), under
        ``meter`` (default: no limits)."""
        m = self._method(method)
        if not isinstance(m, Every):
            raise OptionError(f"the method {method!r} finds one solution, not every one")
        meter = Meter() if meter is None else meter
        for ms in m.run(self.start, meter):
            yield self._solution(method, m, ms, meter, draw)

    def _method(self, name: str) -> Technique[S, M]:
        """The method offered by ``name``, or the one line that says what is offered."""
        if name not in self.methods:
            offered = ", ".join(self.methods)
            raise OptionError(f"no method {quoted(name)} for this problem: it offers {offered}")
        return self.methods[name]

    def _solution(
        self, name: str, m: Technique[S, M] | None, ms: list[M] | None, meter: Meter, draw: bool
    ) -> Solution:
        """The states that ``ms`` passes through from the start, as plain data; drawn,
        with ``draw``, unless there are more than :data:`MAX_DRAWN`."""
        states = [self.start]
        for move in ms or []:
            states.append(self.puzzle.move(states[-1], move))
        drawn = draw and len(states) <= MAX_DRAWN
        return Solution(
            puzzle="",
            method=name,
            stats=meter.stats,
            pictures=tuple(map(self.show, states)),
            states=tuple(map(self.state_json, states)),
            moves=None if ms is None else tuple(map(self.move_json, states, ms)),
            words=tuple(map(self.words, states, ms or [])),
            notation=tuple(map(self.notation, states, ms or [])),
            drawings=tuple(map(self.draw, states)) if drawn and self.draw else None,
            answer=None if ms is None or m is None or m.answer is None else m.answer.of(states[-1]),
            answer_key=None if m is None or m.answer is None else m.answer.key,
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
        from the start.  An ``analyser`` runs the analysis in place of this process
        (:meth:`_analysed`).
        """
        meter = Meter() if meter is None else meter
        self._fits(meter)
        starts: Sequence[S] = [] if from_goals is False else self._goals(from_goals, meter)
        origin = "goals" if starts else "start"
        starts = starts or [self.start]
        if analyser is None:
            analysis = self._analysed(starts, meter)
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

    def _analysed(self, starts: Sequence[S], meter: Meter) -> Analysis[S]:
        """Every state reachable from ``starts`` summed up by distance in this process,
        under ``meter``: compactly (a bit a state, the levels as ranks,
        :func:`~pearls.analysis.analyze_compact`) where the perfect hash can unrank, else
        over the states themselves (:func:`~pearls.analysis.analyze`); the same
        histogram and farthest states, in the same order."""
        h = self.perfect_hash
        if h is not None and h.unrank is not None:
            return analyze_compact(self.puzzle, starts, h, h.unrank, meter)
        return analyze(meter.watch(self.puzzle), starts, h)

    def _fits(self, meter: Meter) -> None:
        """Refuse, before allocating it, a table of flags (a byte a rank) larger than the
        meter's memory, or than any this machine could address."""
        h = self.perfect_hash
        if h is not None:
            count = f"{h.size:,}" if h.size < 10**18 else f"{h.size:.3g}"
            meter.make_room(h.size, f"an analysis of its {count} positions needs a byte for each")

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
    raises :class:`~pearls.errors.BoardError` on a text that describes no problem.  The
    methods offered are those of the default problem (:attr:`methods`); every problem
    of the puzzle offers the same.

    The rest is optional.  ``standard`` gives the usual start's text for the settings
    (all discs on the first peg), used when no board is given; ``generate`` makes new
    problems from a seed; ``records`` reads the boards of a batch from its lines,
    lazily, each line its own record unless the puzzle's form spans lines, as
    ``records_form`` says.
    """

    name: str
    title: str
    text_form: str  # one paragraph: how a board is written
    parse: Callable[[str, Settings], Solvable]
    examples: Mapping[str, str]
    unsolvable: frozenset[str] = frozenset()
    options: Sequence[Option[object]] = ()
    standard: Callable[[Settings], str] | None = None
    generate: Callable[[Settings, int, Meter], Iterator[Generated]] | None = None
    records: Callable[[Iterable[str]], Iterator[Record]] = one_per_line
    records_form: str = "one board a line"

    @cached_property
    def methods(self) -> Mapping[str, Offered]:
        """The methods the puzzle offers, the default first: the default problem's."""
        return self.problem(self.default_text()).offered

    @property
    def finding(self) -> list[str]:
        """The methods that find one solution (not every one), the default first."""
        return [name for name, m in self.methods.items() if not m.every]

    @property
    def listing(self) -> list[str]:
        """The methods that list every solution."""
        return [name for name, m in self.methods.items() if m.every]

    @property
    def default_method(self) -> str:
        """The method used when none is named: the first offered."""
        return next(iter(self.methods))

    @cached_property
    def drawable(self) -> bool:
        """Whether the puzzle's states can be drawn as SVG."""
        return self.problem(self.default_text()).drawable

    def options_of(self, command: str, method: str | None = None) -> Sequence[Option[object]]:
        """The options that ``command`` takes (by ``method``, where it is named)."""
        return [o for o in self.options if o.serves(command, method)]

    def settings(self, given: Mapping[str, JSON] | Settings | None = None) -> Settings:
        """The settings that the values ``given`` make, each read by its option; settings
        already made are themselves, not read again.

        Raises :class:`~pearls.errors.OptionError` on an unknown option or a value its
        option does not take.
        """
        if isinstance(given, Settings):
            return given
        return Settings(self.options, given or {})

    def default_text(self, given: Mapping[str, JSON] | Settings | None = None) -> str:
        """The text of the problem to solve when none is given: the usual start for the
        settings, or else the first example."""
        if self.standard is not None:
            return self.standard(self.settings(given))
        return self.examples[next(iter(self.examples))]

    def problem(self, text: str, given: Mapping[str, JSON] | Settings | None = None) -> Solvable:
        """The problem ``text`` describes, under the settings ``given``."""
        return self.parse(text, self.settings(given))

    def drawing(self, text: str, given: Mapping[str, JSON] | Settings | None = None) -> str | None:
        """The start of the problem ``text`` describes, drawn as SVG, if the puzzle
        has a drawing."""
        return self.problem(text, given).drawing()

    def solve(
        self,
        method: str,
        text: str,
        meter: Meter | None = None,
        draw: bool = False,
        settings: Mapping[str, JSON] | Settings | None = None,
    ) -> Solution:
        """Solve the problem ``text`` describes by ``method``, under ``meter`` (default:
        no limits); with ``draw``, every state is drawn as SVG too."""
        return replace(self.problem(text, settings).solve(method, meter, draw), puzzle=self.name)

    def every(
        self,
        text: str,
        meter: Meter | None = None,
        settings: Mapping[str, JSON] | Settings | None = None,
        draw: bool = False,
        method: str = EVERY,
    ) -> Iterator[Solution]:
        """Every solution of the problem ``text`` describes, lazily, depth first, under
        ``meter`` (default: no limits)."""
        for solution in self.problem(text, settings).every(method, meter, draw):
            yield replace(solution, puzzle=self.name)

    def survey(
        self,
        text: str,
        meter: Meter | None = None,
        settings: Mapping[str, JSON] | Settings | None = None,
        from_goals: bool | None = None,
        analyser: Analyser | None = None,
    ) -> Survey:
        """The component of the problem ``text`` describes, summed up by distance
        (:meth:`Problem.survey`)."""
        survey = self.problem(text, settings).survey(meter, from_goals, analyser)
        return replace(survey, puzzle=self.name)
