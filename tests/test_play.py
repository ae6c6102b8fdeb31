"""Playing a puzzle (:mod:`pearls.play`, and its faces in :mod:`pearls.frontend` and
:mod:`pearls.web`): a game replays to the position its moves reach, an illegal move is
refused in one line, the legal moves are the model's, and the hints play a shortest
solution, as long as the search's."""

from __future__ import annotations

import json
from collections.abc import Hashable

import pytest

from pearls import play, web
from pearls.description import Problem
from pearls.frontend import (
    Board,
    Example,
    Game,
    Limits,
    Request,
    advise,
    pick,
    playable,
    turn,
)
from pearls.registry import PUZZLES
from pearls.search import bfsolve

SMALL = {  # puzzles whose default example is solved by hints in a blink, and its length
    ("rushhour", "p2"): 18,
    ("rushhour", "p1"): 34,
    ("hanoi", "three-discs"): 7,
    ("nooff", "on-off"): None,
    ("river", "farmer"): None,
    ("graph", "ladder"): None,
}


def problem(puzzle: str, example: str) -> Problem[Hashable, object]:
    """The problem of a puzzle's example, seen with its types."""
    d = PUZZLES[puzzle]
    p = d.problem(d.examples[example])
    assert playable(p)
    return p


def hinted(puzzle: str, example: str) -> list[str]:
    """The moves a player makes pressing Hint alone, from the example to solved, each
    hint asked of the page's module, one component measured for them all."""
    tables = web.Tables()
    moves: list[str] = []
    while True:
        seen = web.play({"puzzle": puzzle, "example": example, "moves": " ".join(moves)})
        assert seen["status"] == "ok", seen["outcome"]
        position = seen["position"]
        assert isinstance(position, dict)
        if position["solved"]:
            return moves
        advice = web.advise(
            {"puzzle": puzzle, "example": example, "moves": " ".join(moves)}, None, tables
        )
        assert advice["status"] == "ok", advice["outcome"]
        best = advice["best"]
        assert isinstance(best, list) and isinstance(best[0], str)
        moves.append(best[0])
        assert len(moves) < 200


@pytest.mark.parametrize(("puzzle", "example"), list(SMALL))
def test_hints_alone_solve_in_as_many_moves_as_breadth_first_search(
    puzzle: str, example: str
) -> None:
    p = problem(puzzle, example)
    shortest = bfsolve(p.puzzle, p.start)
    assert shortest is not None
    moves = hinted(puzzle, example)
    assert len(moves) == len(shortest)
    if SMALL[(puzzle, example)] is not None:
        assert len(moves) == SMALL[(puzzle, example)]
    assert p.puzzle.solved(play.replay(p, moves).position)


def test_the_sources_numbers_rush_hour_p2_by_hints_in_18_moves_p1_in_34() -> None:
    assert len(hinted("rushhour", "p2")) == 18
    assert len(hinted("rushhour", "p1")) == 34


def test_a_game_replays_to_its_position_and_refuses_an_illegal_move_in_one_line() -> None:
    p = problem("rushhour", "p2")
    game = play.replay(p, ["E+1", "Z+9", "D+1"])
    assert len(game.states) == 2 and len(game.moves) == 1
    assert game.refused is not None
    assert game.refused.startswith("move 2, 'Z+9', is not legal there: the legal moves are ")
    assert "\n" not in game.refused


def test_a_move_after_solved_is_refused_as_such() -> None:
    p = problem("graph", "ladder")
    moves = [p.notation(q, m) for q, m in zip(*_solution(p), strict=True)]
    game = play.replay(p, [*moves, "x"])
    assert game.refused is not None
    assert game.refused.endswith("the puzzle is solved there") or "legal moves are" in game.refused


def _solution(p: Problem[Hashable, object]) -> tuple[list[Hashable], list[object]]:
    """The states a shortest solution leaves from and its moves."""
    moves = bfsolve(p.puzzle, p.start)
    assert moves is not None
    states = [p.start]
    for m in moves[:-1]:
        states.append(p.puzzle.move(states[-1], m))
    return states, list(moves)


@pytest.mark.parametrize("puzzle", ["rushhour", "hanoi", "nooff", "flipit", "river", "knight"])
def test_the_choices_are_the_models_moves_each_beside_its_next_position(puzzle: str) -> None:
    d = PUZZLES[puzzle]
    p = d.problem(d.default_text())
    assert playable(p)
    legal = p.puzzle.moves(p.start)
    chosen = play.choices(p, p.start)
    assert [c.notation for c in chosen] == [p.notation(p.start, m) for m in legal]
    for c, m in zip(chosen, legal, strict=True):
        assert c.picture == p.show(p.puzzle.move(p.start, m))
        assert c.words == p.words(p.start, m)


def test_a_measured_component_gives_each_position_its_breadth_first_distance() -> None:
    p = problem("hanoi", "three-discs")
    measured = play.measure(p.puzzle, p.start)
    assert measured is not None
    assert measured.positions == 27
    for q, d in measured.of.items():
        moves = bfsolve(p.puzzle, q)
        assert d == (None if moves is None else len(moves))


def test_advice_from_a_search_agrees_with_advice_from_a_measured_component() -> None:
    p = problem("rushhour", "p2")
    measured = play.measure(p.puzzle, p.start)
    looked = play.advise(p, p.start, "bfs", measured)
    searched = play.advise(p, p.start, "bfs")
    assert looked.left == searched.left == 18
    assert searched.best[0] in looked.best
    assert looked.by == play.MEASURE and searched.by == "bfs"


def test_a_component_larger_than_the_most_is_not_measured() -> None:
    p = problem("rushhour", "p2")
    assert play.measure(p.puzzle, p.start, most=100) is None
    assert not play.measurable(problem("eight", "hardest"))


def test_the_tables_keep_the_newest() -> None:
    tables = play.Tables(kept=2)
    for key in "abc":
        tables.keep(key, None)
    assert "a" not in tables and "b" in tables and "c" in tables


def test_the_front_end_says_a_game_in_one_line() -> None:
    seen = turn(Request("rushhour", source=Game(Example("p2"), "E+1")))
    assert seen.status == "ok" and seen.line == "1 move played; 4 moves legal"
    refused = turn(Request("rushhour", source=Game(Example("p2"), "E+1 E+1 E+1 E+1")))
    assert refused.status == "error" and refused.line.startswith("move ")
    bad = turn(Request("rushhour", source=Game(Board("AAxx"), "E+1")))
    assert bad.status == "error" and "\n" not in bad.line


def test_advice_where_a_limit_stops_the_search_says_so() -> None:
    request = Request("eight", source=Game(Example("hardest")), limits=Limits(max_states="50"))
    assert advise(request).status == "limit"


def test_a_new_start_is_picked_by_its_distance() -> None:
    picked = pick(Request("rushhour", source=Example("p2")), 5)
    assert picked.status == "ok" and "5 moves from solved" in picked.line
    too_big = pick(Request("eight"), 5)
    assert too_big.status == "error"


@pytest.mark.parametrize(
    "fields",
    [
        {"op": "play", "puzzle": "rushhour", "moves": 3},
        {"op": "play", "puzzle": "rushhour", "moves": [1, 2]},
        {"op": "play", "puzzle": "rushhour", "moves": "Z+9"},
        {"op": "advise", "puzzle": "rushhour", "moves": "Z+9"},
        {"op": "advise", "puzzle": "nope"},
        {"op": "pick", "puzzle": "hanoi", "distance": "far"},
        {"op": "pick", "puzzle": "hanoi", "distance": -1},
        {"op": "play", "puzzle": "rushhour", "board": "AAxx"},
    ],
)
def test_a_bad_game_message_gets_one_line(fields: dict[str, object]) -> None:
    answer = json.loads(web.handle(json.dumps(fields), tables=web.Tables()))
    assert answer["status"] == "error"
    assert isinstance(answer["outcome"], str) and "\n" not in answer["outcome"]


def test_the_catalogue_says_what_a_game_of_each_puzzle_offers() -> None:
    listed = web.catalogue()["puzzles"]
    assert isinstance(listed, list)
    offers = {e["name"]: e["play"] for e in listed if isinstance(e, dict)}
    assert offers["rushhour"] == {"advice": "bfs", "measurable": True, "generates": True}
    assert offers["eight"] == {"advice": "astar", "measurable": False, "generates": True}


def test_a_games_outcomes_show_themselves_in_a_notebook() -> None:
    seen = turn(Request("hanoi", source=Game(moves="AB")))
    assert seen._repr_html_().startswith("<svg")
    advised = advise(Request("hanoi", source=Game(moves="AB")))
    assert "moves left" in advised._repr_html_()
    picked = pick(Request("hanoi"), 3)
    assert "3 moves from solved" in picked._repr_html_()


def test_advice_stopped_by_a_limit_is_said_in_one_line_by_the_page_module() -> None:
    asked = {"op": "advise", "puzzle": "eight", "example": "hardest", "max_states": 50}
    answer = json.loads(web.handle(json.dumps(asked), tables=web.Tables()))
    assert answer["status"] == "limit"
    assert isinstance(answer["outcome"], str) and "\n" not in answer["outcome"]
