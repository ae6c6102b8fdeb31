"""The law of legal moves as a hypothesis state machine: each built-in puzzle's model
(``moves``, ``move``, ``solved``) and its rules written apart (:mod:`pearls.rules`)
stepped side by side from one of its examples.

The machine makes a move the model lists (hypothesis draws its index), in the model
and in the rules; steps back to the position before (by a move that returns there,
which must exist where the problem says its moves can be undone); and starts again
from an example.  After every step both sides hold the same position (the model's
state as JSON is the rules' state), list the same moves leading to the same positions
(as :func:`pearls.rules.compared` holds them, order aside), and agree whether the
position is solved: the rules accept the walk from the start as a solution exactly
when the model says its last state is solved.

Where the random walks of :func:`pearls.laws.legal_moves` go where a seed sends them,
hypothesis steers the walks, shrinks a failure to a shortest walk and keeps it in its
database.  ``tests/test_legal_moves.py`` holds the law itself; ``docs/testing.md``
says which planted defects this machine finds, and how fast.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from dataclasses import dataclass
from types import ModuleType
from typing import ClassVar

import pytest
from described import typed
from hypothesis import Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from pearls.description import JSON, Problem
from pearls.puzzles import hanoi, nooff
from pearls.puzzles.hanoi import Move, Towers
from pearls.puzzles.hanoi import describe as hanoi_described
from pearls.puzzles.nooff import describe as nooff_described
from pearls.registry import BUILT_IN
from pearls.rules import Entry, Illegal, Posed, Step, compared, made, written
from pearls.types import Puzzle

BY_NAME = {entry.name: entry for entry in BUILT_IN}
# the walks of each puzzle: a third of the profile's examples (20 under make test), each of
# up to 50 steps; the pandigital product has half as many, of 2 steps, a start and a
# choice: its one move chooses among 136 to 20,316 numbers, listed anew at each start
WALKS = settings(max_examples=max(1, settings().max_examples // 3))
SHORTER = {
    "pandigital": settings(max_examples=max(1, WALKS.max_examples // 2), stateful_step_count=2)
}


@dataclass(frozen=True)
class Before:
    """A position the walk has left, as both sides held it, and the move (JSON) made
    from it."""

    state: Hashable  # the model's
    shown: JSON  # the rules'
    move: JSON


@dataclass(frozen=True)
class Listing:
    """The rules' legal moves from a position, each with the position it leads to,
    also as one JSON text and by each move's key."""

    steps: list[Step]
    text: str  # the steps as JSON, keys sorted
    after: dict[str, JSON]  # the position each move leads to, by the move's key


def listing(steps: list[Step]) -> Listing:
    """The rules' legal moves ``steps``, listed (:class:`Listing`)."""
    after = {key(m): position for m, position in steps}
    return Listing(steps, json.dumps(steps, sort_keys=True), after)


class SideBySide(RuleBasedStateMachine):
    """One puzzle's model and rules, stepped side by side (:func:`machine` makes one
    for each puzzle)."""

    entry: ClassVar[Entry]
    # what the rules say of each position, by the problem's text and the position's key,
    # found once a run: they are pure, and walks come back to the same positions often
    listed: ClassVar[dict[tuple[str, str], Listing]]
    verdicts: ClassVar[dict[tuple[str, str], str | None]]
    # where the walk stands, set by the first rule, start (hypothesis runs it first)
    problem: Problem[Hashable, object]
    posed: Posed
    trail: list[Before]  # the positions left, from the start
    state: Hashable  # the model's
    shown: JSON  # the rules'
    made: list[Step]  # the model's moves from here, each with the position it gives
    legal: Listing  # the rules' legal moves from here

    def pose(self, example: str) -> None:
        """Start from ``example``: its problem, as the model and as the rules read it."""
        d = self.entry.description
        self.problem = typed(d.problem(d.examples[example]))
        start = self.problem.start
        self.posed = Posed(d.examples[example], d.settings().json, self.problem.state_json(start))
        self.trail = []
        self.arrive(start, self.posed.start)

    def arrive(self, state: Hashable, shown: JSON) -> None:
        """Stand at a position: the model's ``state``, the rules' ``shown``, and the
        moves each side lists from it, each with the position it leads to."""
        self.state, self.shown = state, shown
        self.made = made(self.problem, state)
        where = (self.posed.text, key(shown))
        if where not in self.listed:
            self.listed[where] = listing(self.entry.legal(self.posed, shown))
        self.legal = self.listed[where]

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        """Start from an example hypothesis chooses."""
        examples = list(self.entry.description.examples)
        self.pose(data.draw(st.sampled_from(examples), label="example"))

    @precondition(lambda self: not self.made)
    @rule(data=st.data())
    def start_again(self, data: st.DataObject) -> None:
        """From a dead end, start again from an example hypothesis chooses."""
        self.start(data)

    @precondition(lambda self: bool(self.made))
    @rule(data=st.data())
    def make_a_move(self, data: st.DataObject) -> None:
        """Make one of the model's moves, chosen by its index, in the model and in the
        rules (found among their legal moves by its JSON)."""
        p, q = self.problem, self.state
        moves = list(p.puzzle.moves(q))
        m = moves[data.draw(st.integers(0, len(moves) - 1), label="move")]
        shown = p.move_json(q, m)
        after = self.legal.after.get(key(shown))
        assert key(shown) in self.legal.after, (
            f"at {json_of(self.shown)}: the rules forbid the model's move {json_of(shown)}"
        )
        self.trail.append(Before(q, self.shown, shown))
        self.arrive(p.puzzle.move(q, m), after)
        self.cut_a_loop()

    def cut_a_loop(self) -> None:
        """Where the walk returns to a position it has left, drop the loop from its
        trail: the walk from the start stays short, and its moves still lead here."""
        here = key(self.shown)
        for i, before in enumerate(self.trail):
            if key(before.shown) == here:
                del self.trail[i:]
                return

    @precondition(lambda self: bool(self.trail))
    @rule()
    def undo(self) -> None:
        """Step back to the position before the last move: by a move of the model that
        returns there, which must exist where the problem says its moves can be undone
        (elsewhere the walk simply goes back)."""
        p, q, before = self.problem, self.state, self.trail.pop()
        back = [m for m in p.puzzle.moves(q) if p.puzzle.move(q, m) == before.state]
        assert back or not p.reversible, f"no move undoes {json_of(before.move)}"
        self.arrive(before.state, before.shown)

    @invariant()
    def the_same_position(self) -> None:
        """The model's state, as JSON, is the rules' position."""
        model = self.problem.state_json(self.state)
        assert model == self.shown, (
            f"the model is at {json_of(model)}, the rules at {json_of(self.shown)}"
        )

    @invariant()
    def the_same_moves(self) -> None:
        """The model's moves are the rules' legal moves, each to the same position
        (compared move by move unless the two list the same moves, in the same order)."""
        listed, text = self.legal, json.dumps(self.made, sort_keys=True)
        if text == listed.text and len(listed.after) == len(listed.steps):  # none twice
            return
        found = compared(self.made, listed.steps)
        assert found is None, f"at {json_of(self.shown)}: {found}"

    @invariant()
    def the_same_verdict_on_solved(self) -> None:
        """The rules accept the walk as a solution exactly where the model says solved."""
        solved = self.problem.puzzle.solved(self.state)
        where = (self.posed.text, key(self.shown))
        if where not in self.verdicts:
            self.verdicts[where] = self.refusal()
        refused = self.verdicts[where]
        at = f"at {json_of(self.shown)}"
        assert refused is None or not solved, f"{at} the model says solved, the rules: {refused}"
        assert refused is not None or solved, (
            f"{at} the rules accept the walk, the model says unsolved"
        )

    def refusal(self) -> str | None:
        """Why the rules refuse the walk from the start to here as a solution (its
        moves, its positions, and the answer where the model gives one); ``None``
        where they accept it.  Its moves are legal, so only the position decides."""
        moves = [before.move for before in self.trail]
        states = [*(before.shown for before in self.trail), self.shown]
        try:
            self.entry.check(self.posed, written(states, moves, self.answer()))
        except Illegal as e:
            return str(e)
        return None

    def answer(self) -> JSON:
        """The model's answer where the position is solved and the result is the
        solved state (a tour, a colouring, the numbers), else ``None``."""
        answer = next(iter(self.problem.methods.values())).answer
        solved = self.problem.puzzle.solved(self.state)
        return None if answer is None or not solved else answer.of(self.state)


def key(j: JSON) -> str:
    """A move or position as one line of JSON, keys sorted: the same JSON, the same key."""
    return json.dumps(j, sort_keys=True)


def json_of(j: JSON) -> str:
    """A move or position as one line of JSON, keys sorted, cut short."""
    s = key(j)
    return s if len(s) <= 120 else s[:117] + "..."


def machine(entry: Entry) -> type[SideBySide]:
    """The machine of one puzzle, named after it."""

    class OnePuzzle(SideBySide):
        pass

    OnePuzzle.entry = entry
    OnePuzzle.listed, OnePuzzle.verdicts = {}, {}
    OnePuzzle.__name__ = OnePuzzle.__qualname__ = f"SideBySide_{entry.name}"
    return OnePuzzle


@pytest.mark.parametrize("name", list(BY_NAME))
def test_the_model_and_its_rules_step_side_by_side(name: str) -> None:
    run_state_machine_as_test(machine(BY_NAME[name]), settings=SHORTER.get(name, WALKS))


# --- planted defects, each found by the machine -------------------------------------------


def forgetful(q: Towers) -> list[Move]:
    """The Tower's moves, but for disc 1 onto peg A wherever disc 3 is on peg B (at
    least four moves from every example)."""
    return [m for m in hanoi.moves(q) if not (m == (1, 0) and 3 in q[1])]


def astray(q: Towers, m: Move) -> Towers:
    """The Tower's move, but disc 3 sent to peg A lands on peg B."""
    return hanoi.move(q, (3, 1) if m == (3, 0) else m)


def hasty(q: Towers) -> bool:
    """Solved, by a model that forgets peg B: peg A empty."""
    return not q[0]


def unseen(q: Hashable) -> bool:
    """Solved, by a model that never sees the goal."""
    return False


@dataclass(frozen=True)
class Defect:
    """A model with a defect planted in place of a registered puzzle's, and the words
    of the failure that finds it."""

    puzzle: str
    described: ModuleType  # the module whose ``puzzle`` the problems are posed with
    model: object
    said: str


DEFECTS = {
    "a legal move dropped": Defect(
        "hanoi", hanoi_described, Puzzle(forgetful, hanoi.move, hanoi.solved), "lacks the legal"
    ),
    "a move astray": Defect(
        "hanoi", hanoi_described, Puzzle(hanoi.moves, astray, hanoi.solved), "not to the rules"
    ),
    "solved too soon": Defect(
        "hanoi", hanoi_described, Puzzle(hanoi.moves, hanoi.move, hasty), "the model says solved"
    ),
    "the goal unseen": Defect(
        "nooff", nooff_described, Puzzle(nooff.moves, nooff.move, unseen), "says unsolved"
    ),
}
FOUND_WITHIN = 100  # walks: each defect here is found within a few dozen (docs/testing.md)


@pytest.mark.parametrize("defect", list(DEFECTS))
def test_the_machine_finds_a_planted_defect(monkeypatch: pytest.MonkeyPatch, defect: str) -> None:
    planted = DEFECTS[defect]
    monkeypatch.setattr(planted.described, "puzzle", planted.model)
    once = settings(
        max_examples=FOUND_WITHIN, phases=[Phase.generate], database=None, derandomize=True
    )
    with pytest.raises(AssertionError, match=planted.said):
        run_state_machine_as_test(machine(BY_NAME[planted.puzzle]), settings=once)
