"""The chapter page's live figures (``docs/figures.py``) hold what :mod:`pearls.literal`
and the search give: each pane's rules in order, its variables, the plans ``newplans``
makes, the answers; and the fast loop's expansions are the literal ones."""

from __future__ import annotations

import json
import pathlib
from collections.abc import Sequence
from functools import reduce

import figures
import pytest

from pearls import literal
from pearls.puzzles import rushhour
from pearls.puzzles.rushhour import Grid, Move, text
from pearls.types import JSON, APath, Path, astart, start

CHAPTER = pathlib.Path(__file__).resolve().parents[1] / "docs" / "chapter.md"


def obj(value: JSON) -> dict[str, JSON]:
    """A JSON value that must be an object."""
    assert isinstance(value, dict), value
    return value


def arr(value: JSON) -> list[JSON]:
    """A JSON value that must be an array."""
    assert isinstance(value, list), value
    return value


def steps_of(shown: dict[str, JSON], pane: int) -> list[dict[str, JSON]]:
    """The steps of a figure's pane."""
    return [obj(step) for step in arr(obj(arr(shown["panes"])[pane])["steps"])]


def variable(step: dict[str, JSON], name: str) -> dict[str, JSON]:
    """The variable ``name`` of a step."""
    found = [obj(v) for v in arr(step["vars"]) if obj(v)["name"] == name]
    assert len(found) == 1, name
    return found[0]


def words(g: Grid, ms: Sequence[Move]) -> list[str]:
    """Moves in words, each from the position it is made in."""
    said = []
    for m in ms:
        said.append(text.words(g, m))
        g = rushhour.move(g, m)
    return said


def test_bfsearch_and_bfsearch_prime_step_as_the_equations_and_leave_by_different_routes() -> None:
    shown = figures.figure("levels")
    first: Path[str, str] = start(figures.START)
    runs = [
        list(literal.bfsearch(figures.ROUTES, [], [first])),
        list(literal.bfsearch_(figures.ROUTES, [], [], [first])),
    ]
    for pane, taken in enumerate(runs):
        stepped = steps_of(shown, pane)
        assert [s["rule"] for s in stepped] == [s.rule for s in taken]
        for step, want in zip(stepped, taken, strict=True):
            assert variable(step, "qs")["items"] == list(want.qs)
            assert variable(step, "ps")["states"] == [p.state for p in want.ps]
            if pane == 1:
                assert variable(step, "rs")["states"] == [p.state for p in want.rs]
            if want.ps:
                assert "head" in str(obj(step["marks"])[want.ps[0].state])
    assert steps_of(shown, 0)[-1]["result"] == "Just [b, d, e]"
    assert steps_of(shown, 1)[-1]["result"] == "Just [c, d, e]"
    assert variable(steps_of(shown, 1)[5], "ps")["items"] == ["([c, d], d)", "([b, d], d)"]


def test_only_bfsearch_prime_shows_rs() -> None:
    shown = figures.figure("levels")
    firsts = steps_of(shown, 0)[0], steps_of(shown, 1)[0]
    names = [[obj(v)["name"] for v in arr(step["vars"])] for step in firsts]
    assert names == [["qs", "ps"], ["qs", "rs", "ps"]]


def test_psearch_prime_on_figure_18_1_steps_as_the_equations_to_psolves_answer() -> None:
    shown = figures.figure("planning")
    planner = rushhour.planner
    taken = list(literal.psearch_(planner, [], [], [astart(planner, rushhour.g1)]))
    stepped = steps_of(shown, 0)
    assert [s["rule"] for s in stepped] == [s.rule for s in taken]
    for step, want in zip(stepped, taken, strict=True):
        for name, paths in (("rs", want.rs), ("ps", want.ps)):
            shown_paths = variable(step, name)
            keys = [text.show(p.state, sep="") for p in paths[: figures.SHOWN]]
            assert shown_paths["states"] == keys
            assert shown_paths.get("total", len(keys)) == len(paths)
    found = rushhour.psolve(rushhour.g1)
    assert found is not None and len(found) == 38
    assert stepped[-1]["result"] == f"Just [{', '.join(words(rushhour.g1, found))}] (38 moves)"


def test_each_expansion_shows_the_plans_newplans_makes() -> None:
    planner = rushhour.planner
    taken = list(literal.psearch_(planner, [], [], [astart(planner, rushhour.g1)]))
    for step, want in zip(steps_of(figures.figure("planning"), 0), taken, strict=True):
        if want.rule != 5:
            assert "trail" not in step
            continue
        p: APath[Grid, Move] = want.ps[0]
        made = rushhour.newplans(p.state, p.plan)
        said = ", ".join(
            "[" + ", ".join(text.words(p.state, m) for m in plan) + "]" for plan in made
        )
        assert arr(obj(step["trail"])["items"])[-1] == f"the new plans: {said or 'none'}"


def test_the_first_expansion_chains_the_premoves_the_chapter_describes() -> None:
    first = steps_of(figures.figure("planning"), 0)[0]
    assert arr(obj(first["trail"])["items"])[0] == (
        "otherwise: [A right 1, A right 2]; premoves q m = [[G up 1], [G down 1, G down 2]]"
    )
    assert variable(first, "plan")["text"] == "[A right 1, A right 2]"


def test_the_fast_board_is_figure_18_1_four_moves_from_the_exit() -> None:
    ms = rushhour.bfsolve(rushhour.g1)
    assert ms is not None and len(ms) == 34
    assert reduce(rushhour.move, ms[:30], rushhour.g1) == figures.FAST


def test_the_fast_loop_expands_the_literal_positions_in_their_order() -> None:
    shown = figures.figure("fast")
    states = [obj(state) for state in arr(shown["states"])]
    taken = list(literal.bfsearch_(rushhour.puzzle, [], [], [start(figures.FAST)]))
    expanded = literal.expanded(taken)
    left, right = steps_of(shown, 0), steps_of(shown, 1)
    assert len(left) == len(right) == len(taken)
    assert [s["rule"] for s in left] == [s.rule for s in taken]
    compared = 0
    for mine, loop, want in zip(left, right, taken, strict=True):
        if want.rule != 5:
            assert "expansion" not in mine
            continue
        assert isinstance(mine["state"], int) and isinstance(loop["state"], int)
        assert mine["expansion"] == loop["expansion"] == compared + 1
        assert states[mine["state"]]["key"] == text.show(want.ps[0].state, sep="")
        assert states[loop["state"]]["key"] == states[mine["state"]]["key"]
        compared += 1
    assert compared == len(expanded) == 97
    assert left[-1]["result"] == right[-1]["result"]


def test_a_message_is_answered_never_raised() -> None:
    assert json.loads(figures.handle("{"))["status"] == "error"
    assert json.loads(figures.handle("[1]"))["status"] == "error"
    answer = json.loads(figures.handle('{"figure": "levels"}'))
    assert answer["status"] == "ok" and answer["figure"] == "levels"


@pytest.mark.parametrize("name", list(figures.FIGURES))
def test_the_chapter_page_shows_each_figure(name: str) -> None:
    assert f"<!-- explore: {name} |" in CHAPTER.read_text(encoding="utf-8")
