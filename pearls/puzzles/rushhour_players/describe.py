"""Rush Hour on the command line: the chapter's puzzle, with the players' metric, walls,
database records and generation as options.

The methods are the chapter's three: ``bfs`` (``bfsolve``), ``plan`` (``psolve``) and
``dfs`` (``dfsolve``), in the metric asked for.  Iterative deepening is not offered: on
every example it stops at the command line's limits (``docs/rushhour.md`` has the
figures).

>>> list(DESCRIPTION.methods)
['bfs', 'plan', 'dfs']
>>> slides = {"metric": "slides"}
>>> solution = DESCRIPTION.solve("bfs", DESCRIPTION.examples["p2"], settings=slides)
>>> len(solution.moves), solution.words[0], solution.notation[0], solution.moves[0]
(10, 'E down 1', 'E+1', {'vehicle': 'E', 'from': [1, 3], 'to': [2, 3]})
"""

from __future__ import annotations

from pearls import methods
from pearls.description import NO_SETTINGS, Description, Problem, Settings, choice
from pearls.puzzles import rushhour
from pearls.puzzles.rushhour import Grid, Move, text
from pearls.puzzles.rushhour_players import METRICS, planner, puzzle
from pearls.puzzles.rushhour_players.draw import draw
from pearls.puzzles.rushhour_players.generate import OPTIONS, generate
from pearls.puzzles.rushhour_players.text import parse, records, show

__all__ = ["DESCRIPTION", "METRIC", "problem"]


def problem(board: str, settings: Settings = NO_SETTINGS) -> Problem[Grid, Move]:
    """The problem a text board describes in the settings' metric (``steps`` unless
    told), shown in the board's own letters, walls and empty cells.

    >>> p = DESCRIPTION.problem("IBBxoo IooLDD JAALoo JoKEEM FFKooM GGHHHM", {"metric": "slides"})
    >>> p.start == parse(p.show(p.start)).grid, p.reversible
    (True, True)
    """
    read = parse(board)
    walls, letters, empty = read.walls, read.letters, read.empty
    chosen = settings[METRIC]
    moving = puzzle(chosen, walls)
    return Problem(
        puzzle=moving,
        start=read.grid,
        methods=methods.chapter(moving, planner(chosen, walls)),
        show=lambda g: show(g, walls, letters=letters, empty=empty),
        state_json=lambda g: show(g, walls, sep="", letters=letters, empty=empty),
        move_json=lambda g, m: text.move_json(g, m, letters, moving.move),
        words=lambda g, m: text.words(g, m, letters),
        notation=lambda g, m: text.notation(g, m, letters),
        draw=lambda g: draw(g, letters, walls),
        reversible=True,
    )


_EXAMPLES = {"g1": rushhour.g1, "p1": rushhour.p1, "p2": rushhour.p2, "p3": rushhour.p3,
             "p4": rushhour.p4}  # fmt: skip
METRIC = choice(
    "metric",
    "what one move is: steps (one cell, the chapter's) or slides (any distance, the players')",
    "steps",
    METRICS,
    metavar="METRIC",
    commands=("solve", "analyze"),
)

DESCRIPTION = Description(
    name="rushhour",
    title="Rush Hour: drive the special car A out through the exit (Bird, chapter 18)",
    text_form="A board is 6 rows of 6 characters, or the 36 in a row (Fogleman's database "
    "form; a whole record 'moves board cluster-size' is read as its board): '.' or 'o' "
    "empty, 'x' a wall, 'A' the special car on row 3 (the exit is at its right end), any "
    "other letter a vehicle of 2 or 3 cells in a line. Whitespace is ignored, and '/' may "
    "separate the rows. A move slides one vehicle along its line into empty cells.",
    parse=problem,
    examples={name: text.show(g) for name, g in _EXAMPLES.items()},
    options=(METRIC, *OPTIONS),
    generate=generate,
    records=records,
    records_form="one board or database record a line, or 6x6 grids",
)
