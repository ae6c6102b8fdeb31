"""Map colouring on the command line: its option, examples and methods.

The default method is backtracking (:func:`pearls.methods.backtrack`), the source's own
search: a state is a partial colouring, reached by one sequence of moves only, so a
set of visited states would never spare a search but would cost memory for every state
expanded; backtracking keeps the current path alone.  The chapter's ``dfsolve`` and
``bfsolve`` are offered beside it.

>>> DESCRIPTION.solve("backtrack", DESCRIPTION.examples["twelve-regions"]).answer["G"]
'yellow'
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from pearls import methods
from pearls.description import Description, Problem, Settings, whole
from pearls.methods import Answer
from pearls.puzzles.colour import MAX_COLOURS, Colouring, Paint, puzzle
from pearls.puzzles.colour import text as txt
from pearls.puzzles.colour.draw import draw

__all__ = ["COLOURS", "DESCRIPTION", "EXAMPLES", "problem"]

COLOURS = whole("colours", "how many colours to use", 4, 1, MAX_COLOURS, metavar="K")


def problem(text: str, settings: Settings) -> Problem[Colouring, Paint]:
    """The colouring problem a map's text describes, in ``--colours`` colours; its
    answer is the colouring."""
    m = txt.parse(text)
    colouring = puzzle(m, settings[COLOURS])
    return Problem(
        puzzle=colouring,
        start=(),
        methods=methods.completing(colouring, Answer("colouring", partial(txt.colouring_json, m))),
        show=lambda q: txt.show(m, q),
        state_json=lambda q: txt.colouring_json(m, q),
        move_json=lambda q, m: txt.move_json(m),
        words=lambda q, p: txt.words(p),
        notation=lambda q, p: txt.notation(p),
        draw=lambda q: draw(m, q),
    )


EXAMPLES: Mapping[str, str] = {
    # the Scheme exercises' map of 12 regions, A to L
    "twelve-regions": txt.TWELVE_REGIONS_TEXT,
    # a hub among five regions in a ring: an odd ring needs 3 colours, the hub a 4th
    "wheel": "hub: a b c d e; a: b; b: c; c: d; d: e; e: a",
    # the states and territories of Australia, a classic of constraint solving
    "australia": "WA: NT SA; NT: SA Q; SA: Q NSW V; Q: NSW; NSW: V; T:",
}

DESCRIPTION = Description(
    name="colour",
    title="Map colouring: no two bordering regions in the same colour",
    text_form="A map lists each region with the regions it borders, one region a line or "
    "separated by ';': 'A: B C D' (or 'A B C D'; bordering goes both ways), or the same "
    'as JSON: {"A": ["B", "C", "D"]}. The regions are coloured in the order listed; a '
    "move gives the next region a colour: red, blue, green, yellow, purple, ...",
    parse=problem,
    examples=EXAMPLES,
    options=(COLOURS,),
)
