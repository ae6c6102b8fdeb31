"""Rush Hour on the command line: the chapter's puzzle, with the players' metric, walls,
database records and generation as options.

The methods are the chapter's three: ``bfs`` (``bfsolve``), ``plan`` (``psolve``) and
``dfs`` (``dfsolve``), in the metric asked for.  Iterative deepening is not offered: on
every example it stops at the command line's limits (``docs/rushhour.md`` has the
figures).

>>> list(DESCRIPTION.methods)
['bfs', 'plan', 'dfs']
>>> solution = DESCRIPTION.solve("bfs", DESCRIPTION.examples["p2"], settings={"metric": "slides"})
>>> len(solution.moves), solution.words[0], solution.notation[0], solution.moves[0]
(10, 'E down 1', 'E+1', {'vehicle': 'E', 'from': [1, 3], 'to': [2, 3]})
"""

from __future__ import annotations

from pearls import methods
from pearls.description import NO_SETTINGS, Description, Option, Problem, Settings
from pearls.puzzles import rushhour
from pearls.puzzles.rushhour import Grid, Move, text
from pearls.puzzles.rushhour_players import METRICS, Metric, planner, puzzle
from pearls.puzzles.rushhour_players.draw import draw
from pearls.puzzles.rushhour_players.generate import DEFAULTS, generate
from pearls.puzzles.rushhour_players.text import parse, records, show

__all__ = ["DESCRIPTION", "problem"]


def problem(board: str, settings: Settings = NO_SETTINGS) -> Problem[Grid, Move]:
    """The problem a text board describes in the settings' metric (``steps`` unless
    told), shown in the board's own letters, walls and empty cells.

    >>> p = problem("IBBxoo IooLDD JAALoo JoKEEM FFKooM GGHHHM", {"metric": "slides"})
    >>> p.start == parse(p.show(p.start)).grid, p.reversible
    (True, True)
    """
    read = parse(board)
    walls, letters, empty = read.walls, read.letters, read.empty
    chosen = _metric(settings.get("metric", "steps"))
    moving = puzzle(chosen, walls)
    return Problem(
        puzzle=moving,
        start=read.grid,
        methods={
            "bfs": methods.bfs(moving),
            "plan": methods.plan(planner(chosen, walls)),
            "dfs": methods.dfs(moving),
        },
        show=lambda g: show(g, walls, letters=letters, empty=empty),
        state_json=lambda g: show(g, walls, sep="", letters=letters, empty=empty),
        move_json=lambda g, m: text.move_json(g, m, letters, moving.move),
        words=lambda g, m: text.words(g, m, letters),
        notation=lambda g, m: text.notation(g, m, letters),
        draw=lambda g: draw(g, letters, walls),
        reversible=True,
    )


def _metric(name: str) -> Metric:
    """The metric an option's value names (the choices are checked before)."""
    return "slides" if name == "slides" else "steps"


_EXAMPLES = {"g1": rushhour.g1, "p1": rushhour.p1, "p2": rushhour.p2, "p3": rushhour.p3,
             "p4": rushhour.p4}  # fmt: skip
_SOLVING = ("solve", "analyze")
_GENERATING = ("generate",)

_OPTIONS = (
    Option(
        "metric",
        "what one move is: steps (one cell, the chapter's) or slides (any distance, the players')",
        "steps",
        METRICS,
        "METRIC",
        commands=_SOLVING,
    ),
    Option("cars", "cars besides the special car", str(DEFAULTS.cars), commands=_GENERATING),
    Option("trucks", "trucks", str(DEFAULTS.trucks), commands=_GENERATING),
    Option("walls", "walls, fixed one-cell blocks", str(DEFAULTS.walls), commands=_GENERATING),
    Option(
        "tries",
        "random boards per puzzle, each analysed in slides, the hardest kept",
        str(DEFAULTS.tries),
        commands=_GENERATING,
    ),
)

DESCRIPTION = Description(
    name="rushhour",
    title="Rush Hour: drive the special car A out through the exit (Bird, chapter 18)",
    text_form="A board is 6 rows of 6 characters, or the 36 in a row (Fogleman's database "
    "form; a whole record 'moves board cluster-size' is read as its board): '.' or 'o' "
    "empty, 'x' a wall, 'A' the special car on row 3 (the exit is at its right end), any "
    "other letter a vehicle of 2 or 3 cells in a line. Whitespace is ignored. A move slides "
    "one vehicle one cell (--metric steps, the chapter's) or any distance (--metric slides). "
    "A batch holds one board or database record a line, or 6x6 grids.",
    parse=problem,
    examples={name: text.show(g) for name, g in _EXAMPLES.items()},
    options=_OPTIONS,
    generate=generate,
    records=records,
)
