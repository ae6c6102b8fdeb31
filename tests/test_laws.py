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
- each puzzle's table of methods in the docs is current.

The laws of analysis are in ``tests/test_laws_analysis.py``, the helpers both share in
``tests/laws.py``.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from itertools import islice
from pathlib import Path

import pytest
from checkers import Posed, checker
from laws import default_example, default_limits, every_pair, problem, replay, solved

from pearls.description import Description, Problem, Solution
from pearls.registry import PUZZLES

# --- what is offered ------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(PUZZLES))
def test_a_puzzle_offers_bfs_and_plan_if_it_has_moves(name: str) -> None:
    d = PUZZLES[name]
    assert d.name == name and d.title and d.text_form and d.examples
    assert "bfs" in d.methods
    assert "plan" in d.methods or any(m.answer for m in d.methods.values())
    assert d.unsolvable <= set(d.examples)
    for method in d.methods.values():
        assert method.about and method.about[0].islower()


@pytest.mark.parametrize(("name", "example"), every_pair(lambda d: iter(d.examples)))
def test_every_problem_offers_the_same_methods(name: str, example: str) -> None:
    d = PUZZLES[name]
    offered = d.problem(d.examples[example]).offered
    assert list(offered) == list(d.methods)
    assert [m.shortest for m in offered.values()] == [m.shortest for m in d.methods.values()]


# --- every answer -----------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "method"), every_pair(lambda d: iter(d.finding)))
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
    solution = solved(name, d.finding[0], example)
    assert (solution.moves is None) == (example in d.unsolvable)
    check(d, example, solution)


@pytest.mark.parametrize(("name", "example"), every_pair(lambda d: iter(d.examples)))
def test_every_solution_listed_replays_and_none_where_none_exists(name: str, example: str) -> None:
    d = PUZZLES[name]
    for method in (name for name, m in d.methods.items() if m.every):
        listed = d.every(d.examples[example], default_limits(), method=method)
        found = list(islice(listed, 100))
        assert (not found) == (example in d.unsolvable)
        for solution in found:
            check(d, example, solution)


def check(d: Description, example: str, solution: Solution) -> None:
    """The solution replays to a solved state (or is the start alone, when none
    exists); its answer is the solved state's, and its JSON is plain JSON."""
    p = problem(d, d.examples[example])
    states = replay(p, solution)
    assert p.puzzle.solved(states[-1]) == (solution.moves is not None)
    m = p.methods[solution.method]
    if m.answer is not None and solution.moves is not None:
        assert solution.answer == m.answer.of(states[-1])
    data = [solution.states, solution.moves, solution.answer]
    assert json.loads(json.dumps(data, allow_nan=False)) == json.loads(json.dumps(data))


def posed(d: Description, example: str) -> Posed:
    """The example as the command line poses it: its text, every option's default, its
    start in JSON."""
    p = problem(d, d.examples[example])
    return Posed(d.examples[example], {}, p.state_json(p.start))


@pytest.mark.parametrize("name", list(PUZZLES))
def test_every_puzzle_has_an_independent_checker(name: str) -> None:
    try:
        checker(name)
    except LookupError as e:
        pytest.fail(str(e))


@pytest.mark.parametrize(("name", "method"), every_pair(lambda d: iter(d.finding)))
def test_every_method_keeps_the_rules_written_apart(name: str, method: str) -> None:
    d = PUZZLES[name]
    example = default_example(d)
    checker(name)(posed(d, example), solved(name, method, example))


@pytest.mark.parametrize(("name", "example"), every_pair(lambda d: iter(d.examples)))
def test_the_default_method_keeps_the_rules_written_apart(name: str, example: str) -> None:
    d = PUZZLES[name]
    checker(name)(posed(d, example), solved(name, d.finding[0], example))


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
        len(solved(name, method, example).moves or ()) for method in d.finding
    )
    assert set(lengths.values()) == {lengths["bfs"]}


# --- text forms and moves ---------------------------------------------------------------------


def path_of(d: Description) -> tuple[Problem[Hashable, object], list[Hashable]]:
    """The default example's problem and the states of its default solution."""
    example = default_example(d)
    p = problem(d, d.examples[example])
    return p, replay(p, solved(d.name, d.finding[0], example))


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


# --- the docs' tables -------------------------------------------------------------------------

MEASURED = Path(__file__).resolve().parent.parent / "docs" / "methods"


@pytest.mark.parametrize("name", list(PUZZLES))
def test_the_docs_table_of_methods_is_current(name: str) -> None:
    """``docs/methods/PUZZLE.json`` (written by ``python -m bench.methods``) covers the
    methods and examples offered now, and its runs on the default example are these."""
    d = PUZZLES[name]
    measured = json.loads((MEASURED / f"{name}.json").read_text(encoding="utf-8"))
    runs = measured["methods"]
    assert list(runs) == d.finding
    assert all(list(row) == list(d.examples) for row in runs.values())
    example = default_example(d)
    for method, row in runs.items():
        solution = solved(name, method, example)
        moves = None if solution.moves is None else len(solution.moves)
        assert (row[example]["moves"], row[example]["expanded"]) == (
            moves,
            solution.stats.expanded,
        )
