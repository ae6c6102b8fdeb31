"""The laws every puzzle obeys, as library code: ``pearls check NAME`` and the test
suite both run them, so a puzzle (built in or from another package) is held to them
without a test of its own.

Each law takes a :class:`Trial` (a registered puzzle's :class:`~pearls.rules.Entry`:
its description and its rules written apart from the model) and gives a
:class:`Verdict`: held, broken with the first counterexample found, or moot where the
law does not apply to the puzzle (``n/a``: no method lists every solution, no example
has a perfect hash, no method is said to be shortest).  The laws:

- ``offers``: the description names, describes and exemplifies the puzzle, offers
  ``bfs`` (``plan`` only where the puzzle has a planner), and every example's problem
  offers the description's methods;
- ``every-method``: every method that finds one solution solves the default example
  within the command line's default limit of states (or finds none, where documented);
- ``every-example``: the default method solves every example, or finds none exactly
  for the examples documented as unsolvable;
- ``replay``: every answer replays through ``move`` from the start to a solved state,
  its JSON, words and pictures those of the moves replayed;
- ``rules``: the puzzle's rules, written apart, accept every answer;
- ``shortest``: the shortest methods agree on the length, and none is beaten;
- ``text``: a position reads back from its text (``parse (show q) == q``) where the
  puzzle is reversible, and states and answers are plain JSON;
- ``reversible``: ``moves`` is deterministic, and every move can be undone where the
  puzzle says its moves can;
- ``legal-moves``: the model's ``moves`` are exactly the rules' legal moves (as JSON,
  order aside), and ``move`` gives the rules' next position, along every solution and
  along random walks from every example (model and rules stepped side by side);
- ``analysis``: ``analyze`` of each example measures that board's component as a plain
  breadth-first search does;
- ``every-solution``: every solution an all-solutions method lists replays and keeps
  the rules, and it lists none exactly where none exists;
- ``ranked``: a perfect hash ranks the states near each example one to one, its
  ``unrank`` undoes its ``rank``, and its own successors of a rank are the ranks of the
  model's moves, in order (what an analysis by ranks relies on).

>>> from pearls.registry import ENTRIES
>>> verdicts = judged(Trial(ENTRIES["hanoi"], walks=1))
>>> len(verdicts) >= 8 and all(v.held for v in verdicts)
True
>>> verdicts[0].line
'held    offers: the puzzle is described, offers bfs, and every problem the same methods'
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import TypeGuard

from pearls.analysis import PerfectHash, levels
from pearls.description import JSON, Description, Problem, Solution, Solvable, Survey
from pearls.errors import LimitReached
from pearls.frontend import MAX_STATES
from pearls.guard import Fault, Guarded
from pearls.limits import Meter
from pearls.rules import Entry, Posed, Step, compared, made
from pearls.types import M, Puzzle, S

__all__ = [
    "LAWS",
    "Broken",
    "Law",
    "Trial",
    "Verdict",
    "judged",
    "plain_levels",
    "replay",
]

SURVEY_STATES = 30_000  # the states an analysis law expands before a component counts as large
SURVEY_BYTES = 1 << 30  # the table of flags an analysis here may set aside
MOST_LISTED = 100  # the solutions of an all-solutions method checked
RANKED_STATES = 2_000  # the states near each example whose ranks the law "ranked" checks
RANKED_RANDOM = 200  # and the random ranks it unranks


class Broken(Exception):
    """A law broken, the message its first counterexample, e.g.
    ``Broken("bfs on example 'g1': the last state is not solved")``."""


class Moot(Exception):
    """A law that does not apply to a puzzle, the message why, e.g.
    ``Moot("no method lists every solution")``."""


@dataclass
class Trial:
    """One puzzle on trial: its entry, how far the random walks go and how large a
    component the analysis law measures.  It keeps each solution it finds (a local
    cache, so that the laws sharing a solution find it once)."""

    entry: Entry
    walks: int = 5  # random walks from each example
    steps: int = 20  # the most moves a walk makes
    survey_states: int = SURVEY_STATES
    seed: int = 0
    max_states: int | None = MAX_STATES  # the states a search here expands at most
    deadline: float | None = None  # the time.monotonic() by which every search stops
    guarded: bool = False  # whether its searches hold the puzzle's code to its types (a plugin's)
    _solutions: dict[tuple[str, str], Solution] = field(
        default_factory=dict[tuple[str, str], Solution], repr=False
    )

    @property
    def description(self) -> Description:
        """The puzzle's description."""
        return self.entry.description

    @property
    def default_example(self) -> str:
        """The name of the default example: the first."""
        return next(iter(self.description.examples))

    def solution(self, method: str, example: str) -> Solution:
        """``method``'s solution of ``example`` under the default limits, found once."""
        key = (method, example)
        if key not in self._solutions:
            d = self.description
            found = d.solve(method, d.examples[example], self.meter())
            self._solutions[key] = found
        return self._solutions[key]

    def meter(self, max_states: int | None = None, max_memory: int | None = None) -> Meter:
        """A meter for one search: the trial's bound on states (or ``max_states``), the
        time left before its deadline, and ``max_memory``; guarded where the trial is
        (:class:`~pearls.guard.Guarded`)."""
        left = None if self.deadline is None else max(0.0, self.deadline - time.monotonic())
        metered = Guarded if self.guarded else Meter
        return metered(max_states or self.max_states, left, max_memory=max_memory)

    def problem(self, example: str) -> Problem[Hashable, object]:
        """The problem ``example`` poses."""
        return problem(self.description, self.description.examples[example])

    @property
    def settings(self) -> Mapping[str, JSON]:
        """Every option's default, in JSON, as the rules read them."""
        return self.description.settings().json

    def posed(self, example: str) -> Posed:
        """``example`` as the rules read it: its text, every option's default, its start."""
        p = self.problem(example)
        return Posed(self.description.examples[example], self.settings, p.state_json(p.start))

    def solutions(self) -> Iterator[tuple[str, str]]:
        """The (method, example) of every solution the laws hold: each method that
        finds one on the default example, the default method on every example."""
        d = self.description
        yield from ((method, self.default_example) for method in d.finding)
        yield from ((d.finding[0], e) for e in d.examples if e != self.default_example)


@dataclass(frozen=True)
class Verdict:
    """A law's verdict on one puzzle: held (``broken`` is ``None``), broken with the
    first counterexample, or moot (``moot`` says why the law does not apply: nothing
    broke it, and nothing held)."""

    law: str  # e.g. "legal-moves"
    says: str  # what the law says, one line
    broken: str | None = None
    moot: str | None = None  # e.g. "no method lists every solution"

    @property
    def held(self) -> bool:
        """Whether the law is kept: it held, or it does not apply."""
        return self.broken is None

    @property
    def applies(self) -> bool:
        """Whether the law applies to the puzzle."""
        return self.moot is None

    @property
    def line(self) -> str:
        """The verdict in one line, for a person."""
        if self.broken is not None:
            return f"BROKEN  {self.law}: {self.broken}"
        if self.moot is not None:
            return f"n/a     {self.law}: does not apply: {self.moot}"
        return f"held    {self.law}: {self.says}"

    @property
    def json(self) -> dict[str, JSON]:
        """The verdict as JSON: ``held`` is ``null`` where the law does not apply."""
        held = self.held if self.applies else None
        return {
            "law": self.law,
            "says": self.says,
            "applies": self.applies,
            "held": held,
            "broken": self.broken,
            "moot": self.moot,
        }


@dataclass(frozen=True)
class Law:
    """A law: its name, what it says, and its judge, which raises :class:`Broken` with
    the first counterexample."""

    name: str
    says: str
    judge: Callable[[Trial], None]

    def __call__(self, trial: Trial) -> Verdict:
        """The law's verdict on ``trial``; an exception that escapes a judge breaks it,
        but for the time limit of the trial's deadline and running out of memory, which
        stop the trial (raised again)."""
        try:
            self.judge(trial)
        except (Broken, Fault) as e:
            return Verdict(self.name, self.says, str(e))
        except Moot as e:
            return Verdict(self.name, self.says, moot=str(e))
        except LimitReached as e:
            if e.limit == "time":
                raise
            return Verdict(self.name, self.says, f"raised {type(e).__name__}: {e}")
        except MemoryError:
            raise
        except Exception as e:  # a model may fail any way at all: that too is a verdict
            return Verdict(self.name, self.says, f"raised {type(e).__name__}: {e}")
        return Verdict(self.name, self.says)


def judged(trial: Trial) -> list[Verdict]:
    """Every law's verdict on ``trial``, in the order of :data:`LAWS`."""
    return [law(trial) for law in LAWS]


# --- helpers ----------------------------------------------------------------------------------


def require(holds: bool, counterexample: str) -> None:
    """Raise :class:`Broken` with ``counterexample`` unless ``holds``."""
    if not holds:
        raise Broken(counterexample)


def problem(d: Description, text: str) -> Problem[Hashable, object]:
    """The problem ``text`` describes, seen with its types."""
    p = d.problem(text)
    if not _is_problem(p):
        raise Broken(f"{d.name}'s parse gives a {type(p).__name__}, not a Problem")
    return p


def _is_problem(p: Solvable) -> TypeGuard[Problem[Hashable, object]]:
    """Whether ``p`` is a :class:`~pearls.description.Problem`: of hashable states, as
    every problem's are, and of moves of any type."""
    return isinstance(p, Problem)


def _shown(j: object) -> str:
    """A piece of JSON in one line, cut short."""
    s = json.dumps(j, default=repr)
    return s if len(s) <= 100 else s[:97] + "..."


def replay(p: Problem[S, M], solution: Solution) -> list[S]:
    """The states ``solution`` passes through, each move found among the legal moves by
    its JSON, the words, notation, JSON and pictures checked against the problem's."""
    moves = solution.moves or ()
    require(
        len(solution.states) == len(solution.pictures) == len(moves) + 1
        and len(solution.words) == len(solution.notation) == len(moves),
        f"{len(moves)} moves, {len(solution.states)} states, {len(solution.words)} words",
    )
    states = [p.start]
    for i, shown in enumerate(moves):
        q = states[-1]
        legal = [m for m in p.puzzle.moves(q) if p.move_json(q, m) == shown]
        require(len(legal) == 1, f"move {i} {_shown(shown)} is not one legal move")
        require(solution.words[i] == p.words(q, legal[0]), f"move {i}'s words differ")
        require(solution.notation[i] == p.notation(q, legal[0]), f"move {i}'s notation differs")
        states.append(p.puzzle.move(q, legal[0]))
    for i, q in enumerate(states):
        require(solution.states[i] == p.state_json(q), f"state {i} is not the move's")
        require(solution.pictures[i] == p.show(q), f"state {i}'s picture is not its own")
    return states


def plain_levels(puzzle: Puzzle[S, M], starts: Sequence[S], most: int) -> list[set[S]] | None:
    """The states at distance 0, 1, 2, ... from ``starts``, by a plain breadth-first
    search; ``None`` past ``most`` states.

    >>> from pearls.puzzles import graph
    >>> [sorted(level) for level in plain_levels(graph.puzzle({"a": "bc"}, "c"), ["a"], 9) or []]
    [['a'], ['b', 'c']]
    """
    seen, level = set(starts), set(starts)
    found: list[set[S]] = []
    while level:
        found.append(level)
        if len(seen) > most:
            return None
        level = {puzzle.move(q, m) for q in level for m in puzzle.moves(q)} - seen
        seen |= level
    return found


# --- what is offered --------------------------------------------------------------------------


def offers(trial: Trial) -> None:
    """The description is complete and offers bfs; every example's problem offers its
    methods."""
    d = trial.description
    require(
        bool(d.title and d.text_form and d.examples), "a title, text form or example is missing"
    )
    require("bfs" in d.methods, f"bfs is not offered: {list(d.methods)}")
    require(d.unsolvable <= set(d.examples), f"unsolvable names no example: {set(d.unsolvable)}")
    for name, m in d.methods.items():
        require(bool(m.about) and m.about[0].islower(), f"method {name}'s about: {m.about!r}")
    for example in d.examples:
        offered = trial.problem(example).offered
        require(list(offered) == list(d.methods), f"example {example!r} offers {list(offered)}")
        shortest = [m.shortest for m in offered.values()]
        require(shortest == [m.shortest for m in d.methods.values()], f"example {example!r}")


# --- every answer -----------------------------------------------------------------------------


def _found_where_said(trial: Trial, method: str, example: str) -> None:
    """``method`` solves ``example``, or finds none, exactly where documented."""
    s = trial.solution(method, example)
    none = example in trial.description.unsolvable
    said = "finds none" if s.moves is None else "finds a solution"
    require((s.moves is None) == none, f"{method} {said} on example {example!r}")
    require((s.puzzle, s.method) == (trial.description.name, method), f"{method}: mislabelled")


def every_method(trial: Trial) -> None:
    """Every method that finds one solution solves the default example."""
    for method in trial.description.finding:
        _found_where_said(trial, method, trial.default_example)


def every_example(trial: Trial) -> None:
    """The default method solves every example, or finds none where documented."""
    for example in trial.description.examples:
        _found_where_said(trial, trial.description.finding[0], example)


def _replayed(trial: Trial, method: str, example: str, s: Solution) -> list[Hashable]:
    """The solution replayed (:func:`replay`) to a solved state, its answer the solved
    state's; or the start alone, unsolved, where none exists."""
    p = trial.problem(example)
    where = f"{method} on example {example!r}"
    try:
        states = replay(p, s)
    except Broken as e:
        raise Broken(f"{where}: {e}") from None
    require(p.puzzle.solved(states[-1]) == (s.moves is not None), f"{where}: the end is wrong")
    m = p.methods[method]
    if m.answer is not None and s.moves is not None:
        require(s.answer == m.answer.of(states[-1]), f"{where}: the answer is not the end's")
    return states


def replays(trial: Trial) -> None:
    """Every answer replays through ``move`` to a solved state."""
    for method, example in trial.solutions():
        _replayed(trial, method, example, trial.solution(method, example))


def _kept(trial: Trial, method: str, example: str, s: Solution) -> None:
    """The rules accept ``s``; the first rule it breaks is the counterexample."""
    try:
        trial.entry.check(trial.posed(example), s)
    except AssertionError as e:
        raise Broken(f"{method} on example {example!r}: {e}") from None


def rules(trial: Trial) -> None:
    """The rules written apart accept every answer."""
    for method, example in trial.solutions():
        _kept(trial, method, example, trial.solution(method, example))


def shortest(trial: Trial) -> None:
    """The shortest methods agree on the length, and no method finds a shorter one."""
    d, example = trial.description, trial.default_example
    lengths = {m: len(trial.solution(m, example).moves or ()) for m in d.finding}
    best = {m: n for m, n in lengths.items() if d.methods[m].shortest}
    if not best or len(lengths) < 2:
        raise Moot("no method is said to be shortest" if not best else "one method alone")
    require(len(set(best.values())) <= 1, f"the shortest methods disagree: {best}")
    for m, n in best.items():
        require(n == min(lengths.values()), f"{m} finds {n} moves, yet {lengths}")


# --- text forms and moves ---------------------------------------------------------------------


def _path(trial: Trial) -> tuple[Problem[Hashable, object], list[Hashable]]:
    """The default example's problem and the states of its default solution."""
    d, example = trial.description, trial.default_example
    s = trial.solution(d.finding[0], example)
    return trial.problem(example), _replayed(trial, d.finding[0], example, s)


def _plain(j: object) -> bool:
    """Whether ``j`` is plain JSON: it reads back as itself, with no NaN."""
    try:
        return bool(json.loads(json.dumps(j, allow_nan=False)) == j)
    except ValueError:
        return False


def text(trial: Trial) -> None:
    """A position reads back from its text where the puzzle is reversible; states,
    moves and answers are plain JSON; distinct states have distinct keys."""
    d = trial.description
    p, states = _path(trial)
    for i, q in enumerate(states):
        if p.reversible:
            back = problem(d, p.show(q))
            require(back.start == q, f"position {i} does not read back: {p.show(q)!r}")
            require(back.show(back.start) == p.show(q), f"position {i} shows again otherwise")
        require(_plain(p.state_json(q)), f"position {i}'s JSON {_shown(p.state_json(q))}")
    keys = {p.key(q) for q in states}
    require(len(keys) == len(set(states)), "two positions share a key")
    for method, example in trial.solutions():
        s = trial.solution(method, example)
        data = [list(s.states), None if s.moves is None else list(s.moves), s.answer]
        require(_plain(data), f"{method} on example {example!r}: not plain JSON")


def reversible(trial: Trial) -> None:
    """``moves`` is deterministic; every move can be undone where the puzzle says so."""
    p, states = _path(trial)
    for i, q in enumerate(states):
        ms = list(p.puzzle.moves(q))
        require(ms == list(p.puzzle.moves(q)), f"position {i}'s moves change between calls")
        if not p.reversible:
            continue
        for m in ms:
            after = p.puzzle.move(q, m)
            undone = [p.puzzle.move(after, back) for back in p.puzzle.moves(after)]
            require(q in undone, f"position {i}'s move {_shown(p.move_json(q, m))} is not undone")


def _legal(trial: Trial, posed: Posed, p: Problem[S, M], q: S) -> list[Step]:
    """The rules' legal moves from ``q``, first held against the model's."""
    listed = trial.entry.legal(posed, p.state_json(q))
    found = compared(made(p, q), listed)
    require(found is None, f"at {_shown(p.state_json(q))}: {found}")
    return listed


def _walk(trial: Trial, example: str, rng: random.Random, seen: dict[str, list[Step]]) -> None:
    """One random walk from ``example``: each step a legal move the rules list, taken
    by the model (found by its JSON) and by the rules, the two compared at every
    position (each position once, by its key, in ``seen``); a dead end starts again."""
    p, posed = trial.problem(example), trial.posed(example)
    q = p.start
    for _ in range(trial.steps):
        key = p.key(q)
        if key not in seen:
            seen[key] = _legal(trial, posed, p, q)
        if not seen[key]:
            q = p.start
            continue
        m, after = rng.choice(seen[key])
        ms = [x for x in p.puzzle.moves(q) if p.move_json(q, x) == m]
        require(len(ms) == 1, f"at {_shown(p.state_json(q))}: {len(ms)} moves {_shown(m)}")
        q = p.puzzle.move(q, ms[0])
        require(p.state_json(q) == after, f"the move {_shown(m)} leads elsewhere")


def legal_moves(trial: Trial) -> None:
    """Along every solution, and along random walks from every example, the model's
    moves are the rules' legal moves, and ``move`` gives the rules' position."""
    d = trial.description
    for method in d.finding:
        example = trial.default_example
        p, posed = trial.problem(example), trial.posed(example)
        states = _replayed(trial, method, example, trial.solution(method, example))
        for i, q in enumerate(states):
            try:
                _legal(trial, posed, p, q)
            except Broken as e:
                raise Broken(f"{method}'s solution, position {i}, {e}") from None
    rng = random.Random(trial.seed)
    for example in d.examples:
        seen: dict[str, list[Step]] = {}
        for _ in range(trial.walks):
            try:
                _walk(trial, example, rng, seen)
            except Broken as e:
                raise Broken(f"a walk from example {example!r}, {e}") from None


# --- analyses and every solution --------------------------------------------------------------


def _survey(trial: Trial, example: str, from_goals: bool | None) -> Survey | None:
    """The survey of ``example``, or ``None`` where it stops at the trial's limit."""
    d = trial.description
    try:
        return d.survey(
            d.examples[example],
            trial.meter(trial.survey_states, SURVEY_BYTES),
            from_goals=from_goals,
        )
    except LimitReached as e:
        if e.limit == "time":
            raise
        return None


def _measured(
    trial: Trial, p: Problem[S, M], s: Survey | None, expected: list[set[S]] | None, where: str
) -> None:
    """The survey ``s`` is what a plain search found (``expected``, its levels), or both
    stop."""
    most = trial.survey_states
    if s is None or expected is None:
        stops = expected is None or sum(map(len, expected)) > most - len(expected[-1])
        require(s is None and stops, f"{where}: one stops at {most:,} states, one does not")
        return
    require(s.histogram == tuple(map(len, expected)), f"{where}: histogram {s.histogram}")
    require(s.states == sum(map(len, expected)), f"{where}: {s.states} states")
    far = sorted(map(json.dumps, map(p.state_json, expected[-1])))
    require(sorted(map(json.dumps, s.farthest)) == far, f"{where}: the farthest differ")


def analysis(trial: Trial) -> None:
    """``analyze`` of each example measures its component as a plain search does, from
    the solved positions in it where the puzzle is reversible, else from the board."""
    for example in trial.description.examples:
        p, where = trial.problem(example), f"example {example!r}"
        from_start = _survey(trial, example, from_goals=False)
        around = plain_levels(p.puzzle, [p.start], trial.survey_states)
        _measured(trial, p, from_start, around, where)
        if from_start is None:
            continue
        component = {q for level in around or [] for q in level}
        goals = sorted((q for q in component if p.puzzle.solved(q)), key=p.key)
        by_default = _survey(trial, example, from_goals=None)
        if by_default is None:
            raise Broken(f"{where}: stops from the goals, yet not from the board")
        if p.reversible and goals:
            require(by_default.origin == "goals", f"{where}: measured from the {by_default.origin}")
            from_goals = plain_levels(p.puzzle, goals, trial.survey_states)
            _measured(trial, p, by_default, from_goals, f"{where} from its goals")
        else:
            require(by_default.origin == "start", f"{where}: measured from the {by_default.origin}")
            require(by_default.histogram == from_start.histogram, f"{where}: histograms differ")


def _ranks_kept(p: Problem[S, M], h: PerfectHash[S], states: Sequence[S], where: str) -> None:
    """``h`` ranks ``states`` one to one into ``range(h.size)``; its ``unrank`` undoes
    each rank, and its own successors are the model's moves ranked (each message made
    only for the state that breaks the law)."""
    successors = None if h.successors is None else h.successors()
    ranks: set[int] = set()
    for q in states:
        r = h.rank(q)
        if not 0 <= r < h.size or r in ranks:
            raise _broken_at(p, q, where, f"the rank {r} is out of range or taken")
        ranks.add(r)
        if h.unrank is not None and h.unrank(r) != q:
            raise _broken_at(p, q, where, "unrank does not undo the rank")
        if successors is not None:
            found = list(successors(r))
            moved = [h.rank(p.puzzle.move(q, m)) for m in p.puzzle.moves(q)]
            if found != moved:
                raise _broken_at(p, q, where, f"the hash's successors {found}, the moves' {moved}")


def _broken_at(p: Problem[S, M], q: S, where: str, why: str) -> Broken:
    """The law broken at the state ``q``, named by its JSON."""
    return Broken(f"{where}, at {_shown(p.state_json(q))}: {why}")


def ranked(trial: Trial) -> None:
    """Where an example's problem has a perfect hash: it ranks the first states of the
    example's component, level by level, one to one; ``unrank`` undoes ``rank``, on them
    and on random ranks; and the hash's own successors of a rank are the ranks of the
    model's moves, in their order."""
    rng = random.Random(trial.seed)
    hashed = [e for e in trial.description.examples if trial.problem(e).perfect_hash]
    if not hashed:
        raise Moot("no example's problem has a perfect hash")
    for example in hashed:
        p, where = trial.problem(example), f"example {example!r}"
        h = p.perfect_hash
        if h is None:
            continue
        near = islice(chain.from_iterable(levels(p.puzzle, [p.start])), RANKED_STATES)
        states = list(near)
        if h.unrank is not None and h.size:
            states += [h.unrank(rng.randrange(h.size)) for _ in range(RANKED_RANDOM)]
        _ranks_kept(p, h, list({p.key(q): q for q in states}.values()), where)


def every_solution(trial: Trial) -> None:
    """Every solution an all-solutions method lists (the first hundred) replays and
    keeps the rules; it lists none exactly where none exists."""
    d = trial.description
    listing = [name for name, m in d.methods.items() if m.every]
    if not listing:
        raise Moot("no method lists every solution")
    for method in listing:
        for example in d.examples:
            listed = d.every(d.examples[example], trial.meter(), method=method)
            found = list(islice(listed, MOST_LISTED))
            none = example in d.unsolvable
            require((not found) == none, f"{method} lists {len(found)} on example {example!r}")
            for s in found:
                _replayed(trial, method, example, s)
                _kept(trial, method, example, s)


LAWS: tuple[Law, ...] = (
    Law(
        "offers", "the puzzle is described, offers bfs, and every problem the same methods", offers
    ),
    Law("every-method", "every method solves the default example", every_method),
    Law("every-example", "the default method solves every example, none where said", every_example),
    Law("replay", "every answer replays through move to a solved state", replays),
    Law("rules", "the rules written apart accept every answer", rules),
    Law("shortest", "the shortest methods agree on the length", shortest),
    Law("text", "positions read back from their text; states and answers are JSON", text),
    Law("reversible", "moves are deterministic, and undone where the puzzle says", reversible),
    Law("legal-moves", "the model's moves are the rules' legal moves", legal_moves),
    Law("analysis", "analyze measures each example's component as a plain search", analysis),
    Law("every-solution", "every solution listed replays and keeps the rules", every_solution),
    Law("ranked", "a perfect hash ranks one to one, and its own moves are the model's", ranked),
)
