"""The law that holds each model's moves to its rules written apart
(``tests/checkers/``): from a position, the model's ``moves`` are exactly the legal
moves the rules list, as JSON and order aside, and ``move`` gives the position the
rules give.  It is checked at every position of each offered method's solution of
the default example, and along random walks from every example, model and rules
stepped side by side (a hypothesis state machine); and it can fail: NO-OFF with its
moves cut to the first two breaks it.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache

import pytest
from checkers import Posed, Step, compared, disagreement, lister, made
from described import typed
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, rule, run_state_machine_as_test
from laws import default_example, every_pair, replay, solved

from pearls.description import Description, Problem
from pearls.puzzles import nooff
from pearls.puzzles.nooff import describe as nooff_described
from pearls.registry import PUZZLES
from pearls.types import Puzzle

# the walks from each example: a few under the default profile, more under thorough
WALKS = max(3, settings().max_examples // 20)
STEPS = 20  # the most moves a walk makes


def posed(d: Description, text: str) -> Posed:
    """The problem ``text`` poses under the default settings, as the rules read it."""
    p = problem(d.name, text)
    return Posed(text, {}, p.state_json(p.start))


@cache
def problem(name: str, text: str) -> Problem[Hashable, object]:
    """The problem ``text`` describes, seen with its types (each built once)."""
    return typed(PUZZLES[name].problem(text))


@pytest.mark.parametrize("name", list(PUZZLES))
def test_every_puzzle_has_rules_that_list_its_legal_moves(name: str) -> None:
    try:
        lister(name)
    except LookupError as e:
        pytest.fail(str(e))


@pytest.mark.parametrize(("name", "method"), every_pair(lambda d: iter(d.finding)))
def test_along_each_solution_the_moves_are_the_legal_moves(name: str, method: str) -> None:
    d = PUZZLES[name]
    example = default_example(d)
    text = d.examples[example]
    p, rules = problem(name, text), posed(d, text)
    for i, q in enumerate(replay(p, solved(name, method, example))):
        assert disagreement(lister(name), rules, p, q) is None, f"at position {i}"


class Walk(RuleBasedStateMachine):
    """A random walk from one example: each step a legal move the rules list, taken by
    the model (found by its JSON) and by the rules, the two compared at every
    position; a dead end (a finished tour, a choice made) starts again.  ``seen``
    keeps the legal moves of the positions compared already, by their key, shared by
    the walks of one example (a start of 67,000 moves is compared once)."""

    def __init__(self, name: str, example: str, seen: dict[str, list[Step]]) -> None:
        super().__init__()
        d = PUZZLES[name]
        self.name, self.text, self.seen = name, d.examples[example], seen
        self.p, self.posed = problem(name, self.text), posed(d, self.text)
        self.legal: list[Step] = []
        self.arrive(self.p.start)

    def arrive(self, q: Hashable) -> None:
        """Stand on ``q``: model and rules agree on its moves."""
        self.q, key = q, self.p.key(q)
        if key not in self.seen:
            legal = lister(self.name)(self.posed, self.p.state_json(q))
            found = compared(made(self.p, q), legal)
            assert found is None, f"at {self.p.state_json(q)}: {found}"
            self.seen[key] = legal
        self.legal = self.seen[key]

    @rule(data=st.data())
    def take_a_legal_move(self, data: st.DataObject) -> None:
        if not self.legal:
            self.arrive(self.p.start)
            return
        m, after = data.draw(st.sampled_from(self.legal), label="move")
        p, q = self.p, self.q
        ms = [x for x in p.puzzle.moves(q) if p.move_json(q, x) == m]
        assert len(ms) == 1, f"at {p.state_json(q)}: the model has {len(ms)} moves {m}"
        self.arrive(p.puzzle.move(q, ms[0]))
        assert p.state_json(self.q) == after


@pytest.mark.parametrize(("name", "example"), every_pair(lambda d: iter(d.examples)))
def test_along_random_walks_the_moves_are_the_legal_moves(name: str, example: str) -> None:
    seen: dict[str, list[Step]] = {}

    class FromTheExample(Walk):
        def __init__(self) -> None:
            super().__init__(name, example, seen)

    run_state_machine_as_test(
        FromTheExample,
        settings=settings(max_examples=WALKS, stateful_step_count=STEPS, deadline=None),
    )


def test_a_model_that_drops_legal_moves_breaks_the_law(monkeypatch: pytest.MonkeyPatch) -> None:
    d = PUZZLES["nooff"]
    text = d.examples[default_example(d)]
    p, rules = problem("nooff", text), posed(d, text)
    states = replay(p, solved("nooff", d.finding[0], default_example(d)))
    cut = Puzzle(lambda q: nooff.moves(q)[:2], nooff.move, nooff.solved)
    monkeypatch.setattr(nooff_described, "puzzle", cut)
    broken = typed(d.problem(text))
    found = [disagreement(lister("nooff"), rules, broken, q) for q in states]
    assert any(f is not None and f.startswith("the model lacks the legal move") for f in found)
    assert all(disagreement(lister("nooff"), rules, p, q) is None for q in states)
