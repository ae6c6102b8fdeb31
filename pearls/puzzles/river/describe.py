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

from pearls import methods
from pearls.description import NO_SETTINGS, Description, Option, Problem, Settings
from pearls.errors import OptionError
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
from pearls.textform import quoted, whole_number

__all__ = ["DESCRIPTION", "MAX_BOAT", "VARIANTS", "problem", "standard"]

MAX_BOAT = 6  # the largest boat: loads of up to 6 of 20 people are 60,459 to check
VARIANTS = ("husbands", "missionaries", "farmer")  # the puzzles' usual starts, by --variant


def _number(settings: Settings, name: str, most: int) -> int:
    """The setting ``--name``, checked: a whole number from 1 to ``most``.

    >>> _number({"boat": "3"}, "boat", MAX_BOAT)
    3
    >>> _number({"boat": "9" * 5000}, "boat", MAX_BOAT)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pearls.errors.OptionError: --boat must be ... from 1 to 6, not a value of 5,000 characters
    """
    value = settings[name]
    n = whole_number(value, 1, most)
    if n is None:
        raise OptionError(f"--{name} must be a whole number from 1 to {most}, not {quoted(value)}")
    return n


def standard(settings: Settings) -> str:
    """The usual start for the settings: everyone of ``--variant`` on the left bank,
    ``--couples`` couples (or as many missionaries and as many cannibals).

    >>> standard({"variant": "missionaries", "couples": "2", "boat": "2"})
    'M1 M2 C1 C2 | boat left |'
    """
    n = _number(settings, "couples", MAX_PEOPLE // 2)
    variant = settings["variant"]
    river: River
    if variant == "husbands":
        river = husbands(n, 2)
    elif variant == "missionaries":
        river = missionaries(n, n, 2)
    elif variant == "farmer":
        river = farmer(2)
    else:
        raise OptionError(f"--variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
    return text.show(river, everyone_left(river))


def problem(board: str, settings: Settings = NO_SETTINGS) -> Problem[Crossing, Load]:
    """The problem a board describes, its boat holding ``--boat`` people (2 by default).
    The names on the banks say which puzzle it is; ``--variant`` and ``--couples`` are
    checked, and choose only the usual start.

    >>> p = problem("farmer wolf goat cabbage | boat left |")
    >>> [p.words(p.start, b) for b in p.puzzle.moves(p.start)]
    ['farmer and goat cross to the right bank']
    """
    k = _number(settings, "boat", MAX_BOAT) if settings else 2
    if settings:
        standard(settings)
    river, q = text.parse(board, k)
    crossing = puzzle(river)
    return Problem(
        puzzle=crossing,
        start=q,
        methods={
            "bfs": methods.bfs(crossing),
            "plan": methods.plan(planner(river)),
            "dfs": methods.dfs(crossing),
            "astar": methods.astar(crossing, lambda s: lower_bound(river, s)),
        },
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
    options=(
        Option(
            "variant",
            "whose usual start to solve when no board is given (a board's names say the puzzle)",
            "husbands",
            choices=VARIANTS,
            metavar="NAME",
        ),
        Option(
            "couples",
            f"couples of the usual start, or missionaries and as many cannibals, 1 to "
            f"{MAX_PEOPLE // 2}",
            "3",
        ),
        Option("boat", f"how many the boat holds, 1 to {MAX_BOAT}", "2"),
    ),
    standard=standard,
)
