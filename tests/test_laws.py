"""The laws every registered puzzle obeys, so a new puzzle is held to them without a test
of its own: walk the registry, and check each puzzle's methods, examples, text forms and
analyses against the puzzle's own three functions and against plain, independent
searches.

- every offered method solves the default example within the command line's default
  limit of states, and the default method solves every example (or finds none, exactly
  for the examples documented as unsolvable);
- ``bfs`` is offered on every puzzle, ``plan`` on every puzzle of moves (one whose
  answer is not a solved position), and every problem offers the same methods;
- every answer replays through ``move`` from the start to a solved state, its JSON and
  words those of the moves replayed; the shortest methods agree on the length;
- every registered puzzle has an independent checker (``tests/checkers/``), its rules
  written apart from the model, and every answer keeps them;
- a position reads back from its text (``parse (show q) == q``) on a reversible
  puzzle, every move of one can be undone, and ``moves`` is deterministic;
- ``analyze`` measures the board's own component, from the solved positions in it or
  from the board, as a plain breadth-first search over the puzzle measures it; and on a
  Dask cluster exactly as in one process;
- each puzzle's table of methods in the docs is current.

``make fuzz`` (``HYPOTHESIS_PROFILE=fuzz``) measures larger components than ``make test``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Hashable, Iterator, Sequence
from functools import cache
from pathlib import Path

import pytest
from checkers import Posed, checker
from described import typed

from pearls.analysis import Analysis, PerfectHash
from pearls.cli import MAX_STATES
from pearls.description import Analyser, Description, Problem, Solution, Survey
from pearls.errors import LimitReached
from pearls.limits import Meter
from pearls.registry import PUZZLES
from pearls.types import M, Puzzle, S

FUZZ = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"
# the states a survey here may expand, larger components stopping (make fuzz: 200,000,
# so the 8 puzzle's 181,440 are measured too; make test: 30,000)
SURVEY_STATES = 200_000 if FUZZ else 30_000
SURVEY_BYTES = 1 << 30  # the table of flags a survey here may set aside
# the states of a component compared on Dask: make test takes each puzzle's smallest
# example under 20,000 (a larger component is compared in reaching the same limit),
# make fuzz under 200,000
DASK_STATES = 200_000 if FUZZ else 20_000


def default_limits() -> Meter:
    """A meter with the command line's default limit on states.  Its limit on seconds
    is left to the methods tables (``docs/methods``), measured on a quiet machine: on
    a shared one the seconds say more of the neighbours than of the search."""
    return Meter(MAX_STATES)


def default_example(d: Description) -> str:
    """The name of a puzzle's default example: its first."""
    return next(iter(d.examples))


def problem(d: Description, text: str) -> Problem[Hashable, object]:
    """The problem ``text`` describes, seen with its state and move types."""
    return typed(d.problem(text))


@cache
def solved(name: str, method: str, example: str) -> Solution:
    """``method``'s solution of the example, under the default limits (each run once)."""
    d = PUZZLES[name]
    return d.solve(method, d.examples[example], default_limits())


def replay(p: Problem[S, M], solution: Solution) -> list[S]:
    """The states ``solution`` passes through, each move found among the legal moves by
    its JSON, the words, notation, JSON and pictures checked against the problem's."""
    moves = solution.moves or ()
    assert len(solution.states) == len(solution.pictures) == len(moves) + 1
    assert len(solution.words) == len(solution.notation) == len(moves)
    states = [p.start]
    for i, shown in enumerate(moves):
        q = states[-1]
        legal = [m for m in p.puzzle.moves(q) if p.move_json(q, m) == shown]
        assert len(legal) == 1, f"move {i} {shown!r} is not one legal move"
        assert solution.words[i] == p.words(q, legal[0])
        assert solution.notation[i] == p.notation(q, legal[0])
        states.append(p.puzzle.move(q, legal[0]))
    assert solution.states == tuple(map(p.state_json, states))
    assert solution.pictures == tuple(map(p.show, states))
    return states


def every_pair(pairs: Callable[[Description], Iterator[str]]) -> list[object]:
    """``(puzzle, x)`` for each registered puzzle and each ``x`` of ``pairs``, named."""
    return [
        pytest.param(name, x, id=f"{name}-{x}") for name, d in PUZZLES.items() for x in pairs(d)
    ]


# --- what is offered ------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(PUZZLES))
def test_a_puzzle_offers_bfs_and_plan_if_it_has_moves(name: str) -> None:
    d = PUZZLES[name]
    assert d.name == name and d.title and d.text_form and d.examples
    assert "bfs" in d.methods
    assert "plan" in d.methods or d.answer_key is not None
    assert d.unsolvable <= set(d.examples)
    for method in d.methods.values():
        assert method.about and method.about[0].islower()


@pytest.mark.parametrize(("name", "example"), every_pair(lambda d: iter(d.examples)))
def test_every_problem_offers_the_same_methods(name: str, example: str) -> None:
    d = PUZZLES[name]
    offered = d.problem(d.examples[example]).methods
    assert list(offered) == list(d.methods)
    assert [m.shortest for m in offered.values()] == [m.shortest for m in d.methods.values()]


# --- every answer -----------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "method"), every_pair(lambda d: iter(d.methods)))
def test_every_method_solves_the_default_example(name: str, method: str) -> None:
    d = PUZZLES[name]
    example = default_example(d)
    solution = solved(name, method, example)
    assert (solution.puzzle, solution.method) == (name, method)
    assert (solution.moves is None) == (example in d.unsolvable)
    check(d, example, solution)


@pytest.mark.parametrize(("name", "example"), every_pair(lambda d: iter(d.examples)))
def test_the_default_method_solves_every_example(name: str, example: str) -> None:
    d = PUZZLES[name]
    solution = solved(name, next(iter(d.methods)), example)
    assert (solution.moves is None) == (example in d.unsolvable)
    check(d, example, solution)


def check(d: Description, example: str, solution: Solution) -> None:
    """The solution replays to a solved state (or is the start alone, when none
    exists); its answer is the solved state's, and its JSON is plain JSON."""
    p = problem(d, d.examples[example])
    states = replay(p, solution)
    assert p.puzzle.solved(states[-1]) == (solution.moves is not None)
    if p.answer is not None and solution.moves is not None:
        assert solution.answer == p.answer(states[-1])
    data = [solution.states, solution.moves, solution.answer]
    assert json.loads(json.dumps(data, allow_nan=False)) == json.loads(json.dumps(data))


def posed(d: Description, example: str) -> Posed:
    """The example as the command line poses it: its text, every option's default, its
    start in JSON."""
    p = problem(d, d.examples[example])
    return Posed(d.examples[example], d.settings(), p.state_json(p.start))


@pytest.mark.parametrize("name", list(PUZZLES))
def test_every_puzzle_has_an_independent_checker(name: str) -> None:
    try:
        checker(name)
    except LookupError as e:
        pytest.fail(str(e))


@pytest.mark.parametrize(("name", "method"), every_pair(lambda d: iter(d.methods)))
def test_every_method_keeps_the_rules_written_apart(name: str, method: str) -> None:
    d = PUZZLES[name]
    example = default_example(d)
    checker(name)(posed(d, example), solved(name, method, example))


@pytest.mark.parametrize(("name", "example"), every_pair(lambda d: iter(d.examples)))
def test_the_default_method_keeps_the_rules_written_apart(name: str, example: str) -> None:
    d = PUZZLES[name]
    checker(name)(posed(d, example), solved(name, next(iter(d.methods)), example))


@pytest.mark.parametrize("name", list(PUZZLES))
def test_the_shortest_methods_agree_on_the_length(name: str) -> None:
    d = PUZZLES[name]
    example = default_example(d)
    lengths = {
        method: len(solved(name, method, example).moves or ())
        for method, m in d.methods.items()
        if m.shortest
    }
    assert lengths["bfs"] == min(
        len(solved(name, method, example).moves or ()) for method in d.methods
    )
    assert set(lengths.values()) == {lengths["bfs"]}


# --- text forms and moves ---------------------------------------------------------------------


def path_of(d: Description) -> tuple[Problem[Hashable, object], list[Hashable]]:
    """The default example's problem and the states of its default solution."""
    example = default_example(d)
    p = problem(d, d.examples[example])
    return p, replay(p, solved(d.name, next(iter(d.methods)), example))


@pytest.mark.parametrize("name", list(PUZZLES))
def test_a_position_reads_back_from_its_text(name: str) -> None:
    d = PUZZLES[name]
    p, states = path_of(d)
    for q in states:
        if p.reversible:
            back = problem(d, p.show(q))
            assert back.start == q
            assert back.show(back.start) == p.show(q)
        assert json.loads(json.dumps(p.state_json(q))) == p.state_json(q)
    keys = [p.key(q) for q in states]
    assert len(set(keys)) == len(set(states))


@pytest.mark.parametrize("name", list(PUZZLES))
def test_moves_are_deterministic_and_reversible_where_said(name: str) -> None:
    p, states = path_of(PUZZLES[name])
    for q in states:
        ms = list(p.puzzle.moves(q))
        assert ms == list(p.puzzle.moves(q))
        if p.reversible:
            for m in ms:
                after = p.puzzle.move(q, m)
                assert q in [p.puzzle.move(after, back) for back in p.puzzle.moves(after)]


# --- analyses -------------------------------------------------------------------------------


def plain_levels(puzzle: Puzzle[S, M], starts: Sequence[S], most: int) -> list[set[S]] | None:
    """The states at distance 0, 1, 2, ... from ``starts``, by a plain breadth-first
    search; ``None`` past ``most`` states."""
    seen, level, found = set(starts), set(starts), []
    while level:
        found.append(level)
        if len(seen) > most:
            return None
        level = {puzzle.move(q, m) for q in level for m in puzzle.moves(q)} - seen
        seen |= level
    return found


def survey(d: Description, text: str, from_goals: bool | None) -> Survey | None:
    """The survey of ``text``, or ``None`` where it stops at this module's limit."""
    try:
        meter = Meter(max_states=SURVEY_STATES, max_memory=SURVEY_BYTES)
        return d.survey(text, meter, from_goals=from_goals)
    except LimitReached:
        return None


def measured(p: Problem[S, M], s: Survey | None, starts: Sequence[S]) -> None:
    """The survey ``s`` is what a plain search from ``starts`` finds, or both stop."""
    expected = plain_levels(p.puzzle, starts, SURVEY_STATES)
    if s is None or expected is None:
        assert s is None
        assert expected is None or sum(map(len, expected)) > SURVEY_STATES - len(expected[-1])
        return
    assert s.histogram == tuple(map(len, expected))
    assert s.states == sum(map(len, expected))
    assert sorted(map(json.dumps, s.farthest)) == sorted(
        map(json.dumps, map(p.state_json, expected[-1]))
    )


@pytest.mark.parametrize(("name", "example"), every_pair(lambda d: iter(d.examples)))
def test_analysis_measures_the_boards_own_component(name: str, example: str) -> None:
    d = PUZZLES[name]
    p = problem(d, d.examples[example])
    from_start = survey(d, d.examples[example], from_goals=False)
    measured(p, from_start, [p.start])
    if from_start is None:
        return
    component = set().union(*plain_levels(p.puzzle, [p.start], SURVEY_STATES) or [])
    goals = sorted((q for q in component if p.puzzle.solved(q)), key=p.key)
    by_default = survey(d, d.examples[example], from_goals=None)
    assert by_default is not None
    if p.reversible and goals:
        assert by_default.origin == "goals"
        measured(p, by_default, goals)
    else:
        assert by_default.origin == "start"
        assert by_default.histogram == from_start.histogram


# --- the docs' tables -------------------------------------------------------------------------

MEASURED = Path(__file__).resolve().parent.parent / "docs" / "methods"


@pytest.mark.parametrize("name", list(PUZZLES))
def test_the_docs_table_of_methods_is_current(name: str) -> None:
    """``docs/methods/PUZZLE.json`` (written by ``python -m bench.methods``) covers the
    methods and examples offered now, and its runs on the default example are these."""
    d = PUZZLES[name]
    measured = json.loads((MEASURED / f"{name}.json").read_text(encoding="utf-8"))
    runs = measured["methods"]
    assert list(runs) == list(d.methods)
    assert all(list(row) == list(d.examples) for row in runs.values())
    example = default_example(d)
    for method, row in runs.items():
        solution = solved(name, method, example)
        moves = None if solution.moves is None else len(solution.moves)
        assert (row[example]["moves"], row[example]["expanded"]) == (
            moves,
            solution.stats.expanded,
        )


# --- scale-out ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A local Dask cluster of two worker processes, each with its own hash seed (as
    every new Python process has), shared by this module's scale-out laws."""
    distributed = pytest.importorskip("pearls.distributed")
    with distributed.client(workers=2, processes=True) as c:
        yield c.scheduler.address


def smallest_example(d: Description, most: int) -> str:
    """The example whose component is smallest, found by plain searches of at most
    ``most`` states; the first example when none fits."""
    sizes = {}
    for name, text in d.examples.items():
        p = problem(d, text)
        found = plain_levels(p.puzzle, [p.start], most)
        if found is not None:
            sizes[name] = sum(map(len, found))
    return min(sizes, key=sizes.__getitem__) if sizes else default_example(d)


@pytest.mark.parametrize("name", list(PUZZLES))
def test_dask_measures_what_one_process_measures(cluster: str, name: str) -> None:
    """The same analysis on two worker processes, each with its own hash seed, as in
    one: the same states, histogram and farthest states, or the same limit reached."""
    from pearls import distributed

    d = PUZZLES[name]
    text = d.examples[smallest_example(d, DASK_STATES)]

    def on_cluster(
        puzzle: Puzzle[S, M],
        starts: Sequence[S],
        h: PerfectHash[S] | None,
        key: Callable[[S], str],
        meter: Meter,
    ) -> Analysis[S]:
        return distributed.analyze(puzzle, starts, h, key, meter=meter, scheduler=cluster)

    def measured(analyser: Analyser | None) -> Survey | str:
        meter = Meter(max_states=DASK_STATES, max_memory=SURVEY_BYTES)
        try:
            return d.survey(text, meter, from_goals=False, analyser=analyser)
        except LimitReached as e:
            return e.limit

    alone, shared = measured(None), measured(on_cluster)
    if isinstance(alone, str) or isinstance(shared, str):
        assert alone == shared
        return
    assert (shared.states, shared.histogram) == (alone.states, alone.histogram)
    assert sorted(map(json.dumps, shared.farthest)) == sorted(map(json.dumps, alone.farthest))
