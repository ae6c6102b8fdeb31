"""The law that holds each model's moves to its rules written apart
(:mod:`pearls.rules`, the library's law :func:`pearls.laws.legal_moves`): from a
position, the model's ``moves`` are exactly the legal moves the rules list, as JSON
and order aside, and ``move`` gives the position the rules give.  It is checked at
every position of each offered method's solution of the default example, and along
random walks from every example, model and rules stepped side by side (more walks
under ``make fuzz``; hypothesis steers such walks in
``tests/test_legal_moves_machine.py``); and it can fail: NO-OFF with its moves cut to
the first two breaks it, and so does a model whose move lands elsewhere.
"""

from __future__ import annotations

import pytest
from laws import held, problem, trial

from pearls.description import JSON
from pearls.laws import LAWS, Trial
from pearls.puzzles import nooff
from pearls.puzzles.nooff import describe as nooff_described
from pearls.registry import ENTRIES, PUZZLES
from pearls.rules import Entry, Posed, Step, disagreement
from pearls.types import Puzzle

LEGAL_MOVES = next(law for law in LAWS if law.name == "legal-moves")


@pytest.mark.parametrize("name", list(PUZZLES))
def test_the_moves_are_the_legal_moves(name: str) -> None:
    held(LEGAL_MOVES(trial(name)))


def cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """NO-OFF's moves cut to the first two of each position."""
    broken = Puzzle(lambda q: nooff.moves(q)[:2], nooff.move, nooff.solved)
    monkeypatch.setattr(nooff_described, "puzzle", broken)


def test_a_model_that_drops_legal_moves_breaks_the_law(monkeypatch: pytest.MonkeyPatch) -> None:
    held(LEGAL_MOVES(Trial(ENTRIES["nooff"])))
    cut(monkeypatch)
    verdict = LEGAL_MOVES(Trial(ENTRIES["nooff"]))
    assert not verdict.held
    assert "the model lacks the legal move" in verdict.line


def test_disagreement_names_a_legal_move_the_model_lacks(monkeypatch: pytest.MonkeyPatch) -> None:
    d = PUZZLES["nooff"]
    text = "LL.N OOFF"
    p = problem(d, text)
    rules = Posed(text, d.settings().json, p.state_json(p.start))
    assert disagreement(ENTRIES["nooff"].legal, rules, p, p.start) is None
    cut(monkeypatch)
    found = disagreement(ENTRIES["nooff"].legal, rules, problem(d, text), p.start)
    assert found is not None and found.startswith("the model lacks the legal move")


def test_rules_that_list_a_move_the_model_lacks_break_the_law() -> None:
    entry = ENTRIES["hanoi"]

    def more(posed: Posed, state: JSON) -> list[Step]:
        return [*entry.legal(posed, state), ({"disc": 9, "from": "A", "to": "B"}, state)]

    verdict = LEGAL_MOVES(Trial(Entry(entry.description, entry.check, more)))
    assert verdict.line.startswith("BROKEN  legal-moves: bfs's solution, position 0")
    assert 'lacks the legal move {"disc": 9' in verdict.line
