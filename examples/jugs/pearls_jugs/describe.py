"""The jugs described for the command line, and their entry (description and rules),
which ``pyproject.toml`` registers in the entry-point group ``pearls.puzzles``.

>>> list(DESCRIPTION.examples), list(DESCRIPTION.methods)
(['die-hard', 'three-jugs', 'even'], ['bfs', 'dfs'])
>>> DESCRIPTION.solve("bfs", DESCRIPTION.examples["die-hard"]).notation
('+B', 'B>A', '-A', 'B>A', '+B', 'B>A')
"""

from __future__ import annotations

from pearls import methods
from pearls.description import JSON, Description, Problem, Settings
from pearls.rules import Entry
from pearls_jugs import Litres, Move, puzzle, rules
from pearls_jugs.text import move_json, notation, parse, show, words

__all__ = ["DESCRIPTION", "ENTRY", "problem"]


def problem(text: str, settings: Settings) -> Problem[Litres, Move]:
    """The problem a text describes (the jugs take no settings); no planner, so no
    ``plan`` is offered: ``bfs`` and ``dfs``."""
    p = parse(text)
    jugs = puzzle(p)

    def litres(q: Litres) -> JSON:
        return list(q)

    return Problem(
        puzzle=jugs,
        start=p.start,
        methods=methods.chapter(jugs),
        show=lambda q: show(p, q),
        state_json=litres,
        move_json=lambda q, m: dict(move_json(m)),
        words=lambda q, m: words(m),
        notation=lambda q, m: notation(m),
    )


DESCRIPTION = Description(
    name="jugs",
    title="Water jugs: fill, empty and pour until a jug holds the litres asked for",
    text_form="Each jug as litres/capacity, then 'measure N': '0/3 0/5 measure 4' is two "
    "empty jugs of 3 and 5 litres, to measure 4. A move fills a jug from the tap, empties "
    "one, or pours one into another until it is empty or the other full.",
    parse=problem,
    examples={
        "die-hard": "0/3 0/5 measure 4",
        "three-jugs": "8/8 0/5 0/3 measure 4",
        "even": "0/2 0/4 measure 3",
    },
    unsolvable=frozenset({"even"}),
)

ENTRY = Entry(DESCRIPTION, rules.check, rules.legal)
