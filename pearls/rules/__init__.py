"""Independent rules: every built-in puzzle's rules written a second time, as a
person states them, over the command line's plain data.

A checker never calls the puzzle's ``moves``, ``move`` or ``solved``, nor imports its
model (``tests/test_layout.py`` holds this package to that).  It reads what a
front end prints (a :class:`~pearls.description.Solution`: the states in the puzzle's
JSON form, the moves as JSON objects) and the problem as posed (:class:`Posed`: the
board's text, every option's value, the start in JSON), replays the moves from the
start by its own rules, checks that each state shown is the one its rules give, and
that the last is solved by its own reading of "solved".  Where the solution says that
none exists, it checks that the solution is the start alone and not solved, and, where
it can enumerate the moves a person would try, that none reaches a solved state.

Each module here is named after a registered puzzle (``river.py`` checks ``river``) and
defines ``check(posed, solution)``, which returns when the solution keeps the rules and
raises :class:`Illegal` naming the first step that breaks one.  Each also defines
``legal(posed, state)``: every legal move of a position (in the JSON the front end
writes) with the position it leads to, found by the rules alone (:func:`allowed`);
:func:`disagreement` holds a model's ``moves`` and ``move`` to them.  An :class:`Entry`
pairs a description with its rules: :mod:`pearls.registry` holds the built-ins' and
those other packages register, and :mod:`pearls.laws` holds a puzzle to them.

>>> from pearls.rules import hanoi
>>> [m for m, _ in hanoi.legal(Posed("", {}, [[1, 2], [], []]), [[1, 2], [], []])]
[{'disc': 1, 'from': 'A', 'to': 'B'}, {'disc': 1, 'from': 'A', 'to': 'C'}]
"""

from __future__ import annotations

import json
from collections import Counter, deque
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeAlias, TypeVar

from pearls.description import JSON, Description, Problem, Solution
from pearls.limits import Stats
from pearls.types import M, S

__all__ = [
    "Check",
    "Entry",
    "Illegal",
    "Legal",
    "Posed",
    "Rules",
    "Step",
    "allowed",
    "compared",
    "disagreement",
    "fields",
    "items",
    "made",
    "replay",
    "square",
    "text",
    "whole",
    "written",
]

T = TypeVar("T", bound=Hashable)

MOST_STATES = 100_000  # the states a checker visits to confirm that no solution exists

Step: TypeAlias = tuple[JSON, JSON]  # a move and the position it leads to, both JSON
# e.g. ({"disc": 1, "from": "A", "to": "B"}, [[2], [1], []])


class Illegal(AssertionError):
    """A solution that breaks a puzzle's rules, saying which step and which rule, e.g.
    ``Illegal("move 3 {...}: disc 2 onto disc 1")``."""


@dataclass(frozen=True)
class Posed:
    """A problem as the command line poses it: the board's text, every option's value
    (given or default) in JSON, as the options read them once
    (:attr:`~pearls.description.Settings.json`), and the start in the puzzle's JSON
    form, e.g. ``Posed("1 2 3 | |", {"discs": 4}, [[1, 2, 3], [], []])``."""

    text: str
    settings: Mapping[str, JSON]  # every option's value, e.g. {"discs": 4}
    start: JSON

    def setting(self, name: str) -> JSON:
        """The value of the option ``name``; :class:`Illegal` where the problem was
        posed without it.

        >>> Posed("", {"boat": 2}, None).setting("boat")
        2
        """
        if name not in self.settings:
            raise Illegal(f"the problem was posed without --{name}")
        return self.settings[name]


Check: TypeAlias = Callable[[Posed, Solution], None]
"""A checker: returns when the solution keeps the rules of the problem posed, raises
:class:`Illegal` otherwise."""

Legal: TypeAlias = Callable[[Posed, JSON], list[Step]]
"""A listing of the legal moves: every move the rules allow from a state (in the
puzzle's JSON form) in the problem posed, each with the position it leads to."""


def _equal(a: object, b: object) -> bool:
    """Plain equality, the usual way to compare two states."""
    return a == b


@dataclass(frozen=True)
class Rules(Generic[T]):
    """One problem's rules over the checker's own reading ``T`` of its states.

    ``read`` takes a state from its JSON; ``step`` gives the state a move (JSON) leads
    to, raising :class:`Illegal` for a move the rules forbid; ``solved`` says whether a
    state is solved; ``same`` compares the state the rules give with the one shown
    (equality, unless some pieces are interchangeable).  ``tries``, where given, lists
    the moves a person would try from a state (legal or not): with it, a claim that no
    solution exists is checked by trying them all.  ``write``, where given, is ``read``
    backwards, a state's JSON as the front end writes it; ``offers`` lists the moves the
    puzzle offers from a state, in their JSON, legal or not: with both, :func:`allowed`
    lists the legal moves.
    """

    read: Callable[[JSON], T]
    step: Callable[[T, JSON], T]
    solved: Callable[[T], bool]
    same: Callable[[T, T], bool] = _equal
    tries: Callable[[T], Iterable[JSON]] | None = None
    write: Callable[[T], JSON] | None = None
    offers: Callable[[T], Iterable[JSON]] | None = None


def allowed(rules: Rules[T], state: JSON) -> list[Step]:
    """The legal moves from ``state`` (JSON): each move the rules ``offers`` that their
    ``step`` allows, with the JSON (``write``) of the position it leads to.

    ``offers`` lists the moves the puzzle offers, in the JSON its front end writes,
    legal or not (``step`` keeps the legal ones); ``write`` is ``read`` backwards.

    >>> rules = Rules(read=whole, step=lambda n, m: n + whole(m), solved=lambda n: n == 3,
    ...               write=lambda n: n, offers=lambda n: [1, 2, "three"])
    >>> allowed(rules, 0)
    [(1, 1), (2, 2)]
    """
    if rules.write is None or rules.offers is None:
        raise LookupError("rules that list legal moves need write and offers")
    q = rules.read(state)
    found: list[Step] = []
    for m in rules.offers(q):
        try:
            after = rules.step(q, m)
        except Illegal:
            continue
        found.append((m, rules.write(after)))
    return found


def compared(model: Sequence[Step], legal: Sequence[Step]) -> str | None:
    """The first difference between the moves a model makes (each with the position
    it gives) and the legal moves, order aside: a move made twice, a move the rules
    forbid, a legal move the model lacks, or a move to the wrong position; ``None``
    where they are the same.

    >>> legal = [({"to": 1}, 1), ({"to": 2}, 2)]
    >>> print(compared(legal[::-1], legal))
    None
    >>> print(compared(legal[:1], legal))
    the model lacks the legal move {"to": 2}
    >>> print(compared([*legal, ({"to": 3}, 3)], legal))
    the model makes the move {"to": 3}, which the rules forbid
    >>> print(compared([({"to": 1}, 1), ({"to": 2}, 1)], legal))
    the move {"to": 2} leads to 1, not to the rules' 2
    >>> print(compared([*legal, legal[0]], legal))
    the model makes the move {"to": 1} 2 times
    """
    makes, listed = _by_move(model), _by_move(legal)
    counted = Counter(_key(m) for m, _ in model)
    for m, _ in model:
        if counted[_key(m)] > 1:
            return f"the model makes the move {_shown(m)} {counted[_key(m)]} times"
        if _key(m) not in listed:
            return f"the model makes the move {_shown(m)}, which the rules forbid"
    for m, after in legal:
        if _key(m) not in makes:
            return f"the model lacks the legal move {_shown(m)}"
        if makes[_key(m)] != after:
            gives = _shown(makes[_key(m)])
            return f"the move {_shown(m)} leads to {gives}, not to the rules' {_shown(after)}"
    return None


def _key(m: JSON) -> str:
    """A move's JSON as one string, keys sorted: the same move, the same key."""
    return json.dumps(m, sort_keys=True)


def _by_move(steps: Sequence[Step]) -> dict[str, JSON]:
    """The position each move leads to, by the move's key."""
    return {_key(m): after for m, after in steps}


def made(p: Problem[S, M], q: S) -> list[Step]:
    """The moves the model makes from ``q``, each with the position its ``move`` gives,
    as JSON."""
    return [(p.move_json(q, m), p.state_json(p.puzzle.move(q, m))) for m in p.puzzle.moves(q)]


def disagreement(legal: Legal, posed: Posed, p: Problem[S, M], q: S) -> str | None:
    """Where the model's moves from ``q`` (:func:`made`) differ from the legal moves
    that ``legal`` lists for the problem ``posed``, as JSON (:func:`compared`);
    ``None`` where they agree."""
    return compared(made(p, q), legal(posed, p.state_json(q)))


def replay(rules: Rules[T], posed: Posed, solution: Solution) -> T:
    """The last state of ``solution``, replayed from the start by ``rules``: each move
    legal, each state the one its move gives, the last solved; or, for a solution that
    says none exists, the start alone, not solved (nor can it be, where the rules can
    try every move).  Raises :class:`Illegal` naming the first step that is wrong.

    >>> rules = Rules(read=whole, step=lambda n, m: n + whole(m), solved=lambda n: n == 3)
    >>> replay(rules, Posed("", {}, 0), written([0, 2, 3], [2, 1]))
    3
    >>> try:
    ...     replay(rules, Posed("", {}, 0), written([0, 2], [2]))
    ... except Illegal as e:
    ...     print(e)
    the last state, 2, is not solved
    """
    states, moves = solution.states, solution.moves
    if not states or states[0] != posed.start:
        raise Illegal(f"the solution starts from {_shown(states[:1])}, not the start")
    q = _read(rules, states[0], "the start")
    if moves is None:
        if len(states) != 1:
            raise Illegal(f"no moves, yet {len(states)} states")
        if rules.solved(q):
            raise Illegal("the solution says none exists, yet the start is solved")
        if _reachable_goal(rules, q):
            raise Illegal("the solution says none exists, yet a solved state is reachable")
        return q
    if len(states) != len(moves) + 1:
        raise Illegal(f"{len(moves)} moves but {len(states)} states")
    for i, (m, shown) in enumerate(zip(moves, states[1:], strict=True), start=1):
        expected = _step(rules, q, m, f"move {i} {_shown(m)}")
        q = _read(rules, shown, f"state {i}")
        if not rules.same(expected, q):
            gives = f"gives {_shown(expected)}, not state {_shown(shown)}"
            raise Illegal(f"move {i} {_shown(m)} {gives}")
    if not rules.solved(q):
        raise Illegal(f"the last state, {_shown(states[-1])}, is not solved")
    return q


def _shown(j: object) -> str:
    """A piece of JSON (or a checker's own state) as one line, cut short."""
    s = json.dumps(j, default=repr)
    return s if len(s) <= 120 else s[:117] + "..."


def _read(rules: Rules[T], j: JSON, where: str) -> T:
    """A state read by the rules; a malformed one is :class:`Illegal`, saying where."""
    try:
        return rules.read(j)
    except Illegal as e:
        raise Illegal(f"{where} {_shown(j)}: {e}") from None


def _step(rules: Rules[T], q: T, m: JSON, where: str) -> T:
    """The state a move gives by the rules; a move they forbid is :class:`Illegal`,
    saying which."""
    try:
        return rules.step(q, m)
    except Illegal as e:
        raise Illegal(f"{where}: {e}") from None


def _reachable_goal(rules: Rules[T], start: T) -> bool:
    """Whether trying every move the rules list reaches a solved state (breadth
    first); ``False`` where the rules list none.  More than :data:`MOST_STATES`
    states is :class:`Illegal`: the claim cannot be confirmed."""
    if rules.tries is None:
        return False
    seen, frontier = {start}, deque([start])
    while frontier:
        q = frontier.popleft()
        for m in rules.tries(q):
            try:
                r = rules.step(q, m)
            except Illegal:
                continue
            if rules.solved(r):
                return True
            if r not in seen:
                seen.add(r)
                frontier.append(r)
        if len(seen) > MOST_STATES:
            raise Illegal(f"cannot confirm that no solution exists within {MOST_STATES:,} states")
    return False


def written(states: Sequence[JSON], moves: Sequence[JSON] | None, answer: JSON = None) -> Solution:
    """A solution as a front end would print it, but for the pictures and words a
    checker never reads: ``states`` and ``moves`` in JSON (``None``: no solution), and
    the ``answer`` where the puzzle gives one.

    >>> written([0, 1], [1]).states
    (0, 1)
    """
    return Solution(
        puzzle="",
        method="",
        stats=Stats(0, 0, 0.0),
        pictures=(),
        states=tuple(states),
        moves=None if moves is None else tuple(moves),
        words=(),
        notation=(),
        drawings=None,
        answer=answer,
    )


# --- reading JSON -----------------------------------------------------------------------------


def text(j: JSON, what: str = "a name") -> str:
    """``j`` as a string, or :class:`Illegal`.

    >>> text("B")
    'B'
    """
    if not isinstance(j, str):
        raise Illegal(f"{what} must be a string, not {_shown(j)}")
    return j


def whole(j: JSON, what: str = "a number") -> int:
    """``j`` as a whole number (not a boolean), or :class:`Illegal`.

    >>> whole(3)
    3
    """
    if isinstance(j, bool) or not isinstance(j, int):
        raise Illegal(f"{what} must be a whole number, not {_shown(j)}")
    return j


def items(j: JSON, what: str = "a list") -> list[JSON]:
    """``j`` as a list, or :class:`Illegal`.

    >>> items([1, "a"])
    [1, 'a']
    """
    if not isinstance(j, list):
        raise Illegal(f"{what} must be a list, not {_shown(j)}")
    return j


def fields(j: JSON, *keys: str) -> dict[str, JSON]:
    """``j`` as an object with exactly ``keys``, or :class:`Illegal`.

    >>> fields({"disc": 1, "to": "C"}, "disc", "to")
    {'disc': 1, 'to': 'C'}
    """
    if not isinstance(j, dict) or set(j) != set(keys):
        raise Illegal(f"expected an object with {', '.join(keys)}, not {_shown(j)}")
    return j


def square(j: JSON, what: str = "a square") -> tuple[int, int]:
    """``j`` as ``(row, column)`` from ``[row, column]``, or :class:`Illegal`.

    >>> square([1, 3])
    (1, 3)
    """
    pair = items(j, what)
    if len(pair) != 2:
        raise Illegal(f"{what} must be [row, column], not {_shown(j)}")
    return whole(pair[0], what), whole(pair[1], what)


# --- what a package registers ------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """A puzzle as a package registers it (entry-point group ``pearls.puzzles``): its
    description, and its rules written apart from the model, ``check`` to hold an
    answer to them and ``legal`` to list a position's legal moves."""

    description: Description
    check: Check
    legal: Legal

    @property
    def name(self) -> str:
        """The puzzle's name, its description's."""
        return self.description.name
