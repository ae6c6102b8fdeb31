"""Other Python search libraries on the same 8-puzzle positions, each run under a time cap.

* simpleai (``simpleai.search``): ``breadth_first(problem, graph_search=True)`` and
  ``astar(problem, graph_search=True)`` over a ``SearchProblem``;
* aima3 (``aima3.search``, the code of *Artificial Intelligence: A Modern Approach* for
  Python 3): ``breadth_first_search`` and ``astar_search`` over a ``Problem``.  The
  package named ``aima`` on PyPI (2015.4.5) is the same code for Python 2 and does not
  import on Python 3; ``aima3`` is installed without its notebook dependencies, which
  its search does not use.

Both libraries keep their frontier in a list or queue and test whether a new state is
already on it by walking it (``child not in frontier``, ``[x for x in fringe if x.state ==
n.state]``), so each expansion costs time in proportion to the frontier: the gap to
``pearls`` grows with the depth, and past the cap a run stops and is reported as such.
The heuristic is the Manhattan distance for every A*.

>>> q = position(4)
>>> len(pearls_bfs(q)), len(pearls_astar(q))
(4, 4)
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pearls import search
from pearls.informed import astar
from pearls.puzzles import sliding
from pearls.puzzles.sliding import EIGHT, Board
from pearls.puzzles.sliding.heuristics import manhattan

__all__ = [
    "HARDEST",
    "PEERS",
    "Capped",
    "Outcome",
    "pearls_astar",
    "pearls_bfs",
    "position",
    "run_capped",
]

HARDEST: Board = (8, 6, 7, 2, 5, 4, 3, 0, 1)  # 31 moves from the goal
Solver = Callable[[Board, float], int | None]  # a board and a deadline -> moves, or None


class Capped(Exception):
    """A peer ran past its time cap."""


@dataclass(frozen=True)
class Outcome:
    """One run: its seconds and moves, or the cap it hit (``moves`` None)."""

    seconds: float
    moves: int | None
    capped: bool


def position(distance: int) -> Board:
    """The board ``distance`` moves from the goal on the hardest board's shortest
    solution (31 is the hardest board itself)."""
    plan = search.bfsolve(sliding.puzzle(EIGHT), HARDEST) or []
    q = HARDEST
    for m in plan[: len(plan) - distance]:
        q = sliding.move(q, m)
    return q


def pearls_bfs(q: Board) -> list[sliding.Move]:
    """``bfsolve`` over the sliding module's own puzzle."""
    return search.bfsolve(sliding.puzzle(EIGHT), q) or []


def pearls_astar(q: Board) -> list[sliding.Move]:
    """``astar`` led by the Manhattan distance, recomputed for each state."""
    return astar(sliding.puzzle(EIGHT), q, lambda b: manhattan(EIGHT, b)) or []


def _blank_moves(q: Board) -> list[sliding.Move]:
    """The sliding module's moves, for the peers' adaptors."""
    return sliding.moves(EIGHT, q)


def _deadline_check(deadline: float) -> None:
    if time.perf_counter() > deadline:
        raise Capped


def _simpleai(kind: str) -> Solver:
    """A simpleai search over the 8 puzzle, checking the deadline at every expansion."""
    from simpleai.search import SearchProblem, breadth_first
    from simpleai.search import astar as simple_astar

    class Eight(SearchProblem):  # type: ignore[misc]  # simpleai ships no types
        def __init__(self, q: Board, deadline: float) -> None:
            super().__init__(initial_state=q)
            self.deadline = deadline

        def actions(self, state: Board) -> list[sliding.Move]:
            _deadline_check(self.deadline)
            return _blank_moves(state)

        def result(self, state: Board, action: sliding.Move) -> Board:
            return sliding.move(state, action)

        def is_goal(self, state: Board) -> bool:
            return state == EIGHT.goal

        def cost(self, state: Board, action: sliding.Move, state2: Board) -> int:
            return 1

        def heuristic(self, state: Board) -> int:
            return manhattan(EIGHT, state)

    def solve(q: Board, deadline: float) -> int | None:
        problem = Eight(q, deadline)
        if kind == "bfs":
            node = breadth_first(problem, graph_search=True)
        else:
            node = simple_astar(problem, graph_search=True)
        return None if node is None else len(node.path()) - 1

    return solve


def _aima(kind: str) -> Solver:
    """An aima3 search over the 8 puzzle, checking the deadline at every expansion."""
    from aima3.search import Problem, astar_search, breadth_first_search

    class Eight(Problem):  # type: ignore[misc]  # aima3 ships no types
        def __init__(self, q: Board, deadline: float) -> None:
            super().__init__(q, EIGHT.goal)
            self.deadline = deadline

        def actions(self, state: Board) -> list[sliding.Move]:
            _deadline_check(self.deadline)
            return _blank_moves(state)

        def result(self, state: Board, action: sliding.Move) -> Board:
            return sliding.move(state, action)

        def h(self, node: object) -> int:
            state: Board = getattr(node, "state")  # noqa: B009 (an untyped library's node)
            return manhattan(EIGHT, state)

    def solve(q: Board, deadline: float) -> int | None:
        problem = Eight(q, deadline)
        node = breadth_first_search(problem) if kind == "bfs" else astar_search(problem)
        return None if node is None else int(node.path_cost)

    return solve


def _installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


PEERS: dict[str, tuple[str, str, Callable[[], Solver]]] = {  # label: (module, kind, solver)
    "simpleai breadth_first": ("simpleai", "bfs", lambda: _simpleai("bfs")),
    "simpleai astar": ("simpleai", "astar", lambda: _simpleai("astar")),
    "aima3 breadth_first_search": ("aima3", "bfs", lambda: _aima("bfs")),
    "aima3 astar_search": ("aima3", "astar", lambda: _aima("astar")),
}


def available() -> dict[str, tuple[str, Solver]]:
    """The peers whose library is installed: label -> (kind, solver)."""
    return {
        label: (kind, make()) for label, (module, kind, make) in PEERS.items() if _installed(module)
    }


def missing() -> list[str]:
    """The peer libraries not installed."""
    return sorted({module for module, _, _ in PEERS.values() if not _installed(module)})


def run_capped(solver: Solver, q: Board, cap: float) -> Outcome:
    """One run of a peer, stopped at ``cap`` seconds."""
    began = time.perf_counter()
    try:
        moves = solver(q, began + cap)
    except Capped:
        return Outcome(time.perf_counter() - began, None, True)
    return Outcome(time.perf_counter() - began, moves, False)


def distances(quick: bool) -> Sequence[int]:
    """The positions' distances from the goal: deeper ones in the full run."""
    return (8, 12, 16) if quick else (8, 12, 16, 20, 24, 31)
