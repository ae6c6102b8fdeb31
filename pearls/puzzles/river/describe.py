"""River crossings described for the command line: the ``--variant``, ``--couples`` and
``--boat`` options, the examples, and the methods offered.

Offered: ``bfs``, ``plan``, ``dfs`` and ``astar`` (led by
:func:`~pearls.puzzles.river.lower_bound`), each of which solves every example within
the default limits, or finds that none exists.  Iterative deepening (``iddfs``,
``idastar``) is not offered: it keeps no visited states, so on a river with no crossing
(four couples and a boat for two) it goes round the crossings' cycles until a limit stops
it, where a breadth-first search proves in 44 states that none exists, and its one
merit, little memory, buys nothing on spaces of a few hundred states (``docs/river.md``
gives the figures).

>>> list(DESCRIPTION.methods)
['bfs', 'plan', 'dfs', 'astar']
>>> DESCRIPTION.solve("bfs", DESCRIPTION.examples["four-couples"]).moves is None
True
"""

from __future__ import annotations

from collections.abc import Callable

from pearls import methods
from pearls.description import NO_SETTINGS, Description, Problem, Settings, choice, whole
from pearls.puzzles.river import (
    Crossing,
    Load,
    River,
    everyone_left,
    farmer,
    husbands,
    lower_bound,
    missionaries,
    planner,
    puzzle,
    text,
)
from pearls.puzzles.river import draw as drawing
from pearls.puzzles.river.text import MAX_PEOPLE

__all__ = ["BOAT", "COUPLES", "DESCRIPTION", "MAX_BOAT", "VARIANT", "problem", "standard"]

MAX_BOAT = 6  # the largest boat: loads of up to 6 of 20 people are 60,459 to check

# the puzzles' usual starts, by --variant, for n couples (or missionaries and cannibals)
_STARTS: dict[str, Callable[[int], River]] = {
    "husbands": lambda n: husbands(n, 2),
    "missionaries": lambda n: missionaries(n, n, 2),
    "farmer": lambda n: farmer(2),
}
VARIANT = choice(
    "variant",
    "whose usual start to solve when no board is given (a board's names say the puzzle)",
    "husbands",
    tuple(_STARTS),
)
COUPLES = whole(
    "couples",
    f"couples of the usual start, or missionaries and as many cannibals, 1 to {MAX_PEOPLE // 2}",
    3,
    1,
    MAX_PEOPLE // 2,
)
BOAT = whole("boat", f"how many the boat holds, 1 to {MAX_BOAT}", 2, 1, MAX_BOAT)


def standard(settings: Settings) -> str:
    """The usual start for the settings: everyone of ``--variant`` on the left bank,
    ``--couples`` couples (or as many missionaries and as many cannibals).

    >>> standard(DESCRIPTION.settings({"variant": "missionaries", "couples": "2"}))
    'M1 M2 C1 C2 | boat left |'
    """
    river = _STARTS[settings[VARIANT]](settings[COUPLES])
    return text.show(river, everyone_left(river))


def problem(board: str, settings: Settings = NO_SETTINGS) -> Problem[Crossing, Load]:
    """The problem a board describes, its boat holding ``--boat`` people (2 by default).
    The names on the banks say which puzzle it is; ``--variant`` and ``--couples`` are
    used only for the usual start.

    >>> p = problem("farmer wolf goat cabbage | boat left |")
    >>> [p.words(p.start, b) for b in p.puzzle.moves(p.start)]
    ['farmer and goat cross to the right bank']
    """
    river, q = text.parse(board, settings[BOAT])
    crossing = puzzle(river)
    return Problem(
        puzzle=crossing,
        start=q,
        methods=methods.chapter(
            crossing,
            planner(river),
            bound=lambda s: lower_bound(river, s),
            without={"idastar"},
        ),
        show=lambda s: text.show(river, s),
        state_json=lambda s: text.state_json(river, s),
        move_json=lambda s, b: text.move_json(river, s, b),
        words=lambda s, b: text.words(river, s, b),
        notation=lambda s, b: text.notation(river, s, b),
        draw=lambda s: drawing.draw(river, s),
        reversible=True,
    )


DESCRIPTION = Description(
    name="river",
    title="River crossings: the jealous husbands, the missionaries and cannibals, the "
    "farmer, wolf, goat and cabbage",
    text_form="A state is 'LEFT BANK | boat SIDE | RIGHT BANK': the people on the left "
    "bank, 'boat left' or 'boat right', the people on the right bank; whitespace is "
    "ignored. The names say the puzzle: couples H1 W1 H2 W2 .. (no wife with another man "
    "unless her husband is there), missionaries and cannibals M1 M2 .. C1 C2 .. (never "
    "outnumbered where there are missionaries), or farmer wolf goat cabbage (only the "
    f"farmer rows); at most {MAX_PEOPLE} travellers. A move takes 1 to --boat people "
    "across, a rower among them.",
    parse=problem,
    examples={
        "husbands": "H1 W1 H2 W2 H3 W3 | boat left |",
        "missionaries": "M1 M2 M3 C1 C2 C3 | boat left |",
        "farmer": "farmer wolf goat cabbage | boat left |",
        "two-couples": "H1 W1 H2 W2 | boat left |",
        "four-couples": "H1 W1 H2 W2 H3 W3 H4 W4 | boat left |",
    },
    unsolvable=frozenset({"four-couples"}),
    options=(VARIANT, COUPLES, BOAT),
    standard=standard,
)
