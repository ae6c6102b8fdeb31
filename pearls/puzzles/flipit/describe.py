"""Flip It and Flip It Star described for the command line: their options, examples and
methods.

>>> list(DESCRIPTION.methods), list(STAR_DESCRIPTION.examples)
(['bfs', 'plan', 'dfs', 'iddfs'], ['all-black', 'farthest'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from pearls import methods
from pearls.description import NO_SETTINGS, Description, Problem, Settings, whole
from pearls.puzzles.flipit import (
    MAX_CELLS,
    MIN_CELLS,
    STAR,
    Board,
    Move,
    Position,
    perfect_hash,
    planner,
    puzzle,
    star_goals,
    undoes,
)
from pearls.puzzles.flipit.draw import draw
from pearls.puzzles.flipit.text import (
    BLACK,
    SPACE,
    move_json,
    notation,
    parse,
    parse_line,
    show,
    words,
)

__all__ = ["CELLS", "DESCRIPTION", "STAR_DESCRIPTION", "problem", "standard", "star_problem"]

_MAX_FLAGS = 1 << 24  # the most flags (bytes) an analysis by rank may set aside


def _problem(
    b: Board, q: Position, goals: Callable[[Position], Sequence[Position]] | None = None
) -> Problem[Position, Move]:
    """The problem of position ``q`` on board ``b``, with the program's prune, a planner,
    and, while its table of flags stays small, the rank as a perfect hash."""
    h, flipping = perfect_hash(b), puzzle(b)
    return Problem(
        puzzle=flipping,
        start=q,
        methods=methods.chapter(flipping, planner(b), undoes),
        show=partial(show, b),
        state_json=partial(show, b, sep=""),
        move_json=lambda q, m: move_json(b, m),
        words=partial(words, b),
        notation=lambda q, m: notation(m),
        draw=partial(draw, b),
        reversible=True,
        goals=goals,
        perfect_hash=h if h.size <= _MAX_FLAGS else None,
    )


CELLS = whole(
    "cells",
    "positions on the line of the standard start, the space at 0 and the rest black "
    "(used when no board is given; a board's own length wins)",
    6,
    MIN_CELLS,
    MAX_CELLS,
    commands=("solve", "analyze"),
)


def problem(text: str, settings: Settings = NO_SETTINGS) -> Problem[Position, Move]:
    """The Flip It problem a text describes: a line as long as the text (``--cells``
    sizes only the standard start).

    >>> problem(".BBBBB").start
    Position(space=0, black=31)
    """
    b, q = parse_line(text)
    return _problem(b, q)


def standard(settings: Settings) -> str:
    """The program's start on ``--cells`` positions: the space at 0, every piece black.

    >>> standard(DESCRIPTION.settings({"cells": "7"}))
    '.BBBBBB'
    """
    return SPACE + BLACK * (settings[CELLS] - 1)


def star_problem(text: str, settings: Settings = NO_SETTINGS) -> Problem[Position, Move]:
    """The Flip It Star problem a text describes (the star takes no settings); its
    solved positions within reach are known by their parity (:func:`star_goals`).

    >>> star_problem(".BBBBBBBBBBB").goals is star_goals
    True
    """
    return _problem(STAR, parse(STAR, text), star_goals)


DESCRIPTION = Description(
    name="flipit",
    title="Flip It: jump pieces over pieces, turning them, until every piece is white",
    text_form="A board is its cells from left to right, 3 to 64, numbered from 0: '.' the "
    "space, 'B' a black piece, 'W' a white one; whitespace is ignored. A piece jumps along "
    "the line over at least one piece into the space, turning every piece it jumps over. "
    "The examples: all-black, the Flip It Star program's first figure; farthest, one of "
    "the four positions 8 moves from all white.",
    parse=problem,
    examples={"all-black": ".BBBBB", "farthest": "BBB.BB"},
    options=(CELLS,),
    standard=standard,
)

STAR_DESCRIPTION = Description(
    name="flipstar",
    title="Flip It Star: Flip It on the twelve points of a hexagram, along its six lines",
    text_form="A board is its 12 cells in the order the Flip It Star program numbers them "
    "(0 at the top; 1-4, 5-6, 7-10 across; 11 at the bottom): '.' the space, 'B' black, 'W' "
    "white; whitespace is ignored, so the star as drawn reads back. A piece jumps along a "
    "line over one or two pieces into the space, turning every piece it jumps over. The "
    "examples: all-black, the program's problem; farthest, one of the positions 21 moves "
    "from all white.",
    parse=star_problem,
    examples={
        "all-black": show(STAR, parse(STAR, ".BBBBBBBBBBB")),
        "farthest": show(STAR, parse(STAR, "BB.WBWBBBWBB")),
    },
)
