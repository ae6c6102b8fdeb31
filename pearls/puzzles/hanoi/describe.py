"""The Tower of Hanoi described for the command line: the ``--discs`` option, the
examples, and the methods offered, each of which solves every example within the
default limits.

Offered: ``bfs``, ``plan``, ``direct`` (the recursion, no search), ``dfs``, and
``astar`` and ``idastar`` led by :func:`~pearls.puzzles.hanoi.distance`, the recursion's
count of the moves left, an exact bound.  Iterative deepening is not offered: it keeps no
visited states, and the Tower's shortest solutions, ``2^n - 1`` moves long, lie at the
end of far too many paths (``docs/hanoi.md`` gives the figures).

>>> [name for name in DESCRIPTION.methods]
['bfs', 'plan', 'direct', 'dfs', 'astar', 'idastar']
>>> DESCRIPTION.solve("idastar", DESCRIPTION.examples["three-discs"]).words[:2]
('disc 1 from A to C', 'disc 2 from A to B')
"""

from __future__ import annotations

from pearls import methods
from pearls.description import NO_SETTINGS, Description, Problem, Settings, whole
from pearls.puzzles.hanoi import (
    Move,
    Towers,
    discs,
    distance,
    goal,
    hanoi,
    perfect_hash,
    planner,
    puzzle,
    text,
    tower,
)
from pearls.puzzles.hanoi import draw as drawing
from pearls.puzzles.hanoi.text import MAX_DISCS

__all__ = ["DESCRIPTION", "DISCS", "problem", "standard"]

_MAX_FLAGS = 3**15  # the largest space analysed with a table of flags (14 MB) over rank

DISCS = whole(
    "discs",
    f"discs of the usual start, all on peg A, 1 to {MAX_DISCS} (used when no board is "
    "given; a board has as many discs as it shows)",
    4,
    1,
    MAX_DISCS,
)


def standard(settings: Settings) -> str:
    """The usual start for ``--discs N``: every disc on peg ``A``.

    >>> standard(DESCRIPTION.settings({"discs": "3"}))
    '1 2 3 |  |'
    """
    return text.show(tower(settings[DISCS]))


def problem(board: str, settings: Settings = NO_SETTINGS) -> Problem[Towers, Move]:
    """The problem a board describes: its discs to peg ``C``; ``--discs`` sizes only the
    usual start, and a board has as many discs as it shows.

    >>> problem("3 | 1 2 | 4").methods["direct"].about
    'the recursion of the Tower of Hanoi, no search'
    """
    q = text.parse(board)
    n = discs(q)
    chapter = methods.chapter(puzzle, planner, bound=distance)
    direct = methods.known(puzzle, hanoi, "the recursion of the Tower of Hanoi, no search", True)
    return Problem(
        puzzle=puzzle,
        start=q,
        methods={
            "bfs": chapter["bfs"],
            "plan": chapter["plan"],
            "direct": direct,
            "dfs": chapter["dfs"],
            "astar": chapter["astar"],
            "idastar": chapter["idastar"],
        },
        show=text.show,
        state_json=text.state_json,
        move_json=text.move_json,
        words=text.words,
        notation=text.notation,
        draw=drawing.draw,
        reversible=True,
        goals=lambda q: [goal(discs(q))],
        perfect_hash=perfect_hash(n) if 3**n <= _MAX_FLAGS else None,
    )


DESCRIPTION = Description(
    name="hanoi",
    title="Tower of Hanoi: move the discs from peg A to peg C, never a larger on a smaller",
    text_form="A position is the pegs A, B and C separated by '|', each its discs top first "
    f"by number, 1 the smallest: '1 2 3 | |' is three discs on A; at most {MAX_DISCS} discs. "
    "Whitespace is ignored. A move takes the top disc of one peg onto another peg, empty or "
    "topped by a larger disc.",
    parse=problem,
    examples={
        "four-discs": "1 2 3 4 |  |",
        "three-discs": "1 2 3 |  |",
        "midway": "3 | 1 2 | 4",
        "eight-discs": "1 2 3 4 5 6 7 8 |  |",
    },
    options=(DISCS,),
    standard=standard,
)
