"""The knight's tour on the command line: its options, examples and methods.

The default method is backtracking (:func:`pearls.methods.backtrack`): a state is a
partial tour, reached by one sequence of jumps only, so a set of visited states would
never spare a search but would cost memory for every state expanded (a 20x20 tour
holds 400 squares); backtracking keeps the current path alone.  The chapter's
``dfsolve`` and ``bfsolve`` are offered beside it.

>>> [DESCRIPTION.solve("backtrack", DESCRIPTION.examples[name]).answer is not None
...  for name in ("problem-a", "5x5")]
[True, True]
"""

from __future__ import annotations

import re
from functools import partial

from pearls import methods
from pearls.backtrack import ordered
from pearls.description import Description, Option, Problem, Settings, choice, yes_no
from pearls.errors import BoardError, OptionError
from pearls.methods import Answer
from pearls.puzzles.knight import Cell, Tour, puzzle, start, warnsdorff
from pearls.puzzles.knight import text as txt
from pearls.puzzles.knight.draw import draw
from pearls.textform import quoted

__all__ = ["CLOSED", "DESCRIPTION", "EXAMPLES", "ORDER", "SIZE", "problem"]

_SIZE = re.compile(r"\s*[0-9]+\s*[xX\u00d7]\s*[0-9]+\s*")  # what --size takes: 8x8


def _size(size: str) -> str:
    """A ``--size``: rows x columns of a board a tour can take, e.g. ``8x8``."""
    if not _SIZE.fullmatch(size):
        raise OptionError(f"--size takes rows x columns, e.g. 8x8, not {quoted(size)}")
    try:
        txt.parse(size)
    except BoardError as e:
        raise OptionError(f"--size: {e}") from e
    return size.strip()


SIZE = Option[str | None](
    "size", "a rectangular board, rows x columns, e.g. 8x8", None, _size, "", metavar="MxN"
)
CLOSED = yes_no(
    "closed",
    "whether the tour must end a jump from its start, unless the board says 'open' or 'closed'",
    True,
)
ORDER = choice("order", "the order jumps are tried in", "warnsdorff", ("warnsdorff", "board"),
               metavar="ORDER")  # fmt: skip


def problem(text: str, settings: Settings) -> Problem[Tour, Cell]:
    """The tour problem a board's text describes, under the settings ``size`` (when
    given, the text must be that size), ``closed`` (unless the text ends with ``open``
    or ``closed``) and ``order`` (``warnsdorff`` or ``board``: the order jumps are tried
    in); its answer is the tour."""
    _check_size(text, settings[SIZE])
    b, said = txt.parse(text)
    closed = settings[CLOSED] if said is None else said
    tour = puzzle(b, closed)
    if settings[ORDER] == "warnsdorff":
        tour = ordered(tour, warnsdorff(b))
    return Problem(
        puzzle=tour,
        start=start(b),
        methods=methods.completing(tour, Answer("tour", partial(txt.tour_json, b))),
        show=lambda t: txt.show(b, t),
        state_json=lambda t: txt.tour_json(b, t),
        move_json=lambda t, c: txt.move_json(b, c),
        words=lambda t, c: txt.words(b, c),
        notation=lambda t, c: txt.notation(b, c),
        draw=lambda t: draw(b, t, closed),
    )


def _check_size(text: str, size: str | None) -> None:
    """Refuse a ``--size`` given beside another board."""
    if size is not None and (_SIZE.fullmatch(text) is None or text.strip() != size):
        raise OptionError(f"--size {size} and a board were both given: give one of them")


def _standard(settings: Settings) -> str:
    """The board to tour when none is given: ``--size``'s rectangle, else problem A."""
    return settings[SIZE] or txt.PROBLEM_A_TEXT


EXAMPLES = {
    "problem-a": txt.PROBLEM_A_TEXT,  # the Scheme exercises' figure "problem A": 4 closed tours
    "5x5": "5x5 open",  # 13 light squares, 12 dark: an open tour only
    "6x6": "6x6",
    "8x8": "8x8",
    "4x4": "4x4",  # no tour at all, open or closed
}

DESCRIPTION = Description(
    name="knight",
    title="Knight's tour: visit every square once with a knight's jumps, closed or open",
    text_form="A board is a size, '8x8' (rows x columns, the knight on the top left square, "
    "or '8x8 from 3,4' on row 3, column 4, counted from 1), or drawn row by row: '.' a "
    "square, 'K' the knight's first square, '#' a hole, rows separated by new lines or '/', "
    "e.g. problem A: '#K.#/..../..../#..#'. Either may end with 'open' or 'closed' "
    "('5x5 open'), which --closed says otherwise. A move jumps to a square, said by its "
    "row and column counted from 1 (in JSON, [row, column] counted from 0).",
    parse=problem,
    examples=EXAMPLES,
    unsolvable=frozenset({"4x4"}),
    options=(SIZE, CLOSED, ORDER),
    standard=_standard,
)
