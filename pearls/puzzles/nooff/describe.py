"""NO-OFF described for the command line: its examples and methods.

>>> list(DESCRIPTION.examples), list(DESCRIPTION.methods)
(['on-off', 'farthest', 'goal'], ['bfs', 'plan', 'dfs', 'iddfs'])
"""

from __future__ import annotations

from pearls import methods
from pearls.description import NO_SETTINGS, Description, Problem, Settings
from pearls.puzzles.nooff import GOAL, A, B, Move, Tray, perfect_hash, planner, puzzle, undoes
from pearls.puzzles.nooff.draw import draw
from pearls.puzzles.nooff.text import move_json, notation, parse, show, words

__all__ = ["DESCRIPTION", "problem"]


def problem(text: str, settings: Settings = NO_SETTINGS) -> Problem[Tray, Move]:
    """The problem a tray's text describes (NO-OFF takes no settings).

    >>> problem("LLON OFF.").start
    'LLONOFF.'
    """
    return Problem(
        puzzle=puzzle,
        start=parse(text),
        methods=methods.chapter(puzzle, planner, undoes),
        show=show,
        state_json=lambda q: show(q, sep=" "),
        move_json=move_json,
        words=words,
        notation=notation,
        draw=draw,
        reversible=True,
        perfect_hash=perfect_hash,
    )


DESCRIPTION = Description(
    name="nooff",
    title="NO-OFF: slide the letters and the bulb until ON-OFF reads NO-OFF",
    text_form="A tray is 8 cells, 2 rows of 4, row by row: 'LL' the bulb in two cells of the "
    "top row, the letters N, O, O, F, F, and '.' the space; whitespace is ignored. A letter "
    "slides into the space beside it; the bulb slides along the top row only. The goal is "
    "'LLNO OFF.'. The examples: on-off, the puzzle's start (the Scheme exercises' problem "
    "A); farthest, one of the three trays 56 moves from the goal (their problem B).",
    parse=problem,
    examples={
        "on-off": show(A, sep=" "),
        "farthest": show(B, sep=" "),
        "goal": show(GOAL, sep=" "),
    },
)
