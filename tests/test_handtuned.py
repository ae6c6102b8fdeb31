"""The benchmark's hand-tuned searches are fair yardsticks: they find what ``bfsolve``
finds, and the ones in Bird's order after expanding as many states."""

from __future__ import annotations

import pytest

from bench import handtuned
from pearls import search
from pearls.limits import Meter
from pearls.puzzles import rushhour, sliding

EIGHT_BOARDS = [
    handtuned.GOAL,
    # the whole space, 181,439 expansions thrice: make fuzz (the other boards hold the order)
    pytest.param(handtuned.HARDEST, marks=pytest.mark.slow, id="hardest"),
    (1, 2, 3, 4, 5, 6, 0, 7, 8),
    (0, 1, 2, 3, 4, 5, 6, 7, 8),
]


@pytest.mark.parametrize("name", ["g1", "p1", "p2", "p3", "p4"])
def test_rush_hour_in_birds_order_is_bfsolve_move_for_move(name: str) -> None:
    g = getattr(rushhour, name)
    meter = Meter()
    plan = search.bfsolve(meter.watch(rushhour.puzzle), g)
    assert handtuned.rushhour_bfs_levels(g) == (plan, meter.expanded)
    found = handtuned.rushhour_bfs(g)
    assert found is not None and plan is not None and len(found[0]) == len(plan)


@pytest.mark.parametrize("board", EIGHT_BOARDS)
def test_the_8_puzzle_in_birds_order_is_bfsolve_move_for_move(board: handtuned.Board) -> None:
    meter = Meter()
    plan = search.bfsolve(meter.watch(sliding.puzzle(sliding.EIGHT)), board)
    assert handtuned.eight_bfs_levels(board) == (plan, meter.expanded)
    assert handtuned.eight_bfs_levels_moving(board, sliding.move) == (plan, meter.expanded)
    found = handtuned.eight_bfs(board)
    assert found is not None and plan is not None and len(found[0]) == len(plan)
