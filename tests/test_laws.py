"""The laws every registered puzzle obeys (library code, :mod:`pearls.laws`), run over
the registry, one test a law and a puzzle so that a failure names both: what is
offered, every answer replayed and held to the rules written apart, the shortest
methods agreeing, text forms and JSON reading back, moves undone where the puzzle
says; and, here only, each puzzle's table of methods in the docs being current.

The laws of analysis run in ``tests/test_laws_analysis.py``, the law of legal moves in
``tests/test_legal_moves.py``, beside this module (their own workers); the helpers all
three share are in ``tests/laws.py``.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from described import typed
from laws import DOCUMENTED, default_example, every_pair, held, solved, trial

from pearls import methods
from pearls.description import Settings, Solvable
from pearls.laws import LAWS, Trial
from pearls.puzzles import graph
from pearls.registry import BUILT_IN, ENTRIES, PUZZLES
from pearls.rules import Entry

HERE = (
    *("offers", "every-method", "every-example", "replay", "rules", "shortest", "text"),
    *("reversible", "every-solution", "ranked"),
)
BY_NAME = {law.name: law for law in LAWS}


@pytest.mark.parametrize("law", HERE)
@pytest.mark.parametrize("name", list(PUZZLES))
def test_the_law_holds(name: str, law: str) -> None:
    held(BY_NAME[law](trial(name)))


def test_every_law_runs_in_one_of_the_laws_tests() -> None:
    assert set(BY_NAME) == {*HERE, "legal-moves", "analysis"}
    assert len(LAWS) >= 8


# --- what is offered ------------------------------------------------------------------------


def test_every_built_in_puzzle_has_its_rules_written_apart() -> None:
    assert list(ENTRIES)[: len(BUILT_IN)] == [e.name for e in BUILT_IN]
    for entry in BUILT_IN:
        module = entry.check.__module__
        assert module == entry.legal.__module__
        assert module.startswith("pearls.rules.")


def test_plan_is_offered_only_where_the_puzzle_has_a_planner() -> None:
    edges = {"a": "b", "b": "c"}
    without = methods.chapter(graph.puzzle(edges, "c"))
    assert "plan" not in without
    assert "plan" in methods.chapter(graph.puzzle(edges, "c"), graph.planner(edges, "c"))
    planned = {name for name, d in PUZZLES.items() if "plan" in d.methods}
    assert {"knight", "colour", "pandigital"}.isdisjoint(planned)
    assert {"rushhour", "nooff", "hanoi", "river"} <= planned


def no_plan(entry: Entry) -> Entry:
    """The puzzle of ``entry`` with its planner taken away: its problems offer no plan."""
    d = entry.description

    def parse(text: str, settings: Settings) -> Solvable:
        p = typed(d.parse(text, settings))
        return replace(p, methods={n: m for n, m in p.methods.items() if n != "plan"})

    return Entry(replace(d, parse=parse), entry.check, entry.legal)


def test_the_laws_ask_no_plan_of_a_puzzle_without_a_planner() -> None:
    without = Trial(no_plan(ENTRIES["graph"]))
    assert "plan" not in without.description.methods
    for law in ("offers", "every-method", "shortest"):
        held(BY_NAME[law](without))


# --- a law can break --------------------------------------------------------------------------


def test_a_solution_the_rules_refuse_breaks_the_rules_law() -> None:
    entry = ENTRIES["hanoi"]

    def refuse(posed: object, solution: object) -> None:
        raise AssertionError("disc 2 onto disc 1")

    verdict = BY_NAME["rules"](Trial(Entry(entry.description, refuse, entry.legal)))
    assert not verdict.held
    assert verdict.line.startswith("BROKEN  rules: bfs on example")
    assert verdict.line.endswith("disc 2 onto disc 1")


# --- the docs' tables -------------------------------------------------------------------------

MEASURED = Path(__file__).resolve().parent.parent / "docs" / "methods"
# the rows whose run takes seconds (iterative deepening on the default example): make fuzz
# checks them, as tests/test_tracing.py traces them
AT_LENGTH = {("flipstar", "iddfs"), ("eight", "iddfs")}


def measured(name: str) -> dict[str, dict[str, dict[str, object]]]:
    """The runs ``docs/methods/PUZZLE.json`` records: method -> example -> figures."""
    table = json.loads((MEASURED / f"{name}.json").read_text(encoding="utf-8"))
    runs: dict[str, dict[str, dict[str, object]]] = table["methods"]
    return runs


@pytest.mark.parametrize("name", list(DOCUMENTED))
def test_the_docs_table_of_methods_is_current(name: str) -> None:
    """``docs/methods/PUZZLE.json`` (written by ``python -m bench.methods``) covers the
    methods and examples offered now."""
    d, runs = PUZZLES[name], measured(name)
    assert list(runs) == d.finding
    assert all(list(row) == list(d.examples) for row in runs.values())


@pytest.mark.parametrize(("name", "method"), every_pair(lambda d: d.finding, AT_LENGTH, DOCUMENTED))
def test_the_docs_table_has_the_runs_of_now(name: str, method: str) -> None:
    """A method's run on the default example is the one ``docs/methods/PUZZLE.json``
    records: its moves and the states it expands."""
    example = default_example(PUZZLES[name])
    solution = solved(name, method, example)
    moves = None if solution.moves is None else len(solution.moves)
    row = measured(name)[method][example]
    assert (row["moves"], row["expanded"]) == (moves, solution.stats.expanded)
