"""The chapter's vocabulary: paths, plans, and the puzzle records."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pyrsistent import plist

from pearls.puzzles import graph
from pearls.types import APath, BoardError, Path, Puzzle, astart, solution, start


def test_board_error_is_a_value_error() -> None:
    assert issubclass(BoardError, ValueError)
    with pytest.raises(ValueError, match="row 2"):
        raise BoardError("bad cell at row 2")


@given(st.lists(st.integers()))
def test_solution_reads_a_history_oldest_first(moves: list[int]) -> None:
    history = plist(reversed(moves))  # newest first, as the searches cons moves
    assert solution(history) == moves
    assert list(history) == moves[::-1]  # the history itself is left alone


def test_start_has_made_no_move() -> None:
    path: Path[str, str] = start("q")
    assert path == Path(plist(), "q")
    assert path.state == "q"
    assert solution(path.history) == []


def test_astart_carries_the_goal_plan() -> None:
    chain = graph.planner({"a": "b", "b": "c"}, goal="c")
    assert astart(chain, "a") == APath(plist(), "a", ("c",))
    assert astart(chain, "c") == APath(plist(), "c", ())


def test_paths_unpack_in_birds_order() -> None:
    history, state = Path(plist([2, 1]), "s")
    assert (list(history), state) == ([2, 1], "s")
    history, state, plan = APath(plist([1]), "s", (3, 4))
    assert (list(history), state, plan) == ([1], "s", (3, 4))


def test_puzzles_are_frozen_values() -> None:
    puzzle = graph.puzzle({1: [2]}, goal=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        puzzle.solved = bool  # type: ignore[misc]  # assigning is the point: it must fail
    rebuilt: Puzzle[int, int] = Puzzle(puzzle.moves, puzzle.move, puzzle.solved)
    assert rebuilt == puzzle
