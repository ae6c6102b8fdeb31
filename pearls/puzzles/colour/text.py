"""Map colouring as text: maps read and written back, colourings shown, and a move in
words, in notation and as JSON.

A map lists each region with the regions it borders, one region a line (or separated
by ``;``), ``A: B C D`` or ``A B C D``, commas allowed; or the same as a JSON object
``{"A": ["B", "C", "D"]}``.  Colours are named red, blue, green, yellow, purple, ...

>>> m = parse("A: B, C; B C")
>>> show(m, (0,)), words(("B", 1)), notation(("B", 1)), move_json(("B", 1))
('A:red B:? C:?', 'colour B blue', 'B:blue', {'region': 'B', 'colour': 'blue'})
"""

from __future__ import annotations

from pearls.description import JSON
from pearls.errors import BoardError
from pearls.puzzles.colour import Colour, Colouring, Map, Paint, Region, make_map
from pearls.textform import is_string_list, read_json, visible

__all__ = [
    "NAMES",
    "TWELVE_REGIONS_TEXT",
    "colour_name",
    "colouring_json",
    "map_text",
    "move_json",
    "notation",
    "parse",
    "show",
    "words",
]

NAMES = (  # the colours' names, in the order tried, as the source names the first four
    "red", "blue", "green", "yellow", "purple", "orange", "cyan", "pink", "brown", "grey",
)  # fmt: skip

TWELVE_REGIONS_TEXT = """\
A: B C D F K L
B: A D E I L
C: A D F G
D: A B C E G H
E: B D H I
F: A C G J K
G: C D H F J
H: D E G I J
I: B E H J L
J: F G H I K L
K: A F J L
L: A B I J K"""  # the exercises' adjacency list, as they give it

_QUOTED = 40  # the most characters of a bad part quoted in a message


def colour_name(c: Colour) -> str:
    """A colour's name: :data:`NAMES`, then ``colour11``, ``colour12``, ...

    >>> colour_name(0), colour_name(3), colour_name(10)
    ('red', 'yellow', 'colour11')
    """
    return NAMES[c] if c < len(NAMES) else f"colour{c + 1}"


# Maps


def parse(text: str) -> Map:
    """A map from its text: one region a line (or separated by ``;``), the region then
    the regions it borders, ``A B C`` or ``A: B, C``; or the same as a JSON object
    ``{"A": ["B", "C"]}``.  A character no one can see (a byte-order mark, a zero-width
    or bidirectional mark) is refused (:func:`~pearls.textform.visible`), in either form.

    >>> from pearls.puzzles.colour import TWELVE_REGIONS
    >>> parse(TWELVE_REGIONS_TEXT) == TWELVE_REGIONS
    True
    >>> parse('{"A": ["B", "C"], "B": ["C"]}') == parse("A B C; B C")
    True
    """
    if visible(text).lstrip().startswith("{"):
        return make_map(_from_json(text))
    return make_map(_from_lines(text))


def _from_lines(text: str) -> list[tuple[Region, list[Region]]]:
    """The regions and their neighbours, from lines ``A: B, C`` or ``A B C``."""
    listed: list[tuple[Region, list[Region]]] = []
    for n, part in enumerate(text.replace(";", "\n").splitlines(), start=1):
        head, colon, rest = part.partition(":")
        words = head.replace(",", " ").split()
        if not words and not (colon and rest.strip()):
            continue
        quoted = part.strip()[:_QUOTED]
        if colon and len(words) != 1:
            raise BoardError(f"part {n} {quoted!r}: write one region before ':'")
        if colon and ":" in rest:
            raise BoardError(f"part {n} {quoted!r}: one ':' a part, after the region")
        near = (rest if colon else " ".join(words[1:])).replace(",", " ").split()
        if any(name.startswith("{") for name in [words[0], *near]):
            raise BoardError(f"part {n} {quoted!r}: a name in text cannot start with '{{'")
        listed.append((words[0], near))
    return listed


def _from_json(text: str) -> list[tuple[Region, list[Region]]]:
    """The regions and their neighbours, from a JSON object."""
    obj = read_json(text)
    shape = 'a JSON map is {"REGION": ["NEIGHBOUR", ...], ...}'
    if not isinstance(obj, dict):
        raise BoardError(shape)
    listed: list[tuple[Region, list[Region]]] = []
    for region, near in obj.items():
        if not is_string_list(near) or not all(near):
            raise BoardError(f"{shape}: not so for {region[:_QUOTED]!r}")
        if not region:
            raise BoardError(f"{shape}: a region's name is empty")
        for name in (region, *near):
            try:
                visible(name)
            except BoardError as e:
                raise BoardError(f"the name {name[:_QUOTED]!r}: {e}") from None
        listed.append((region, near))
    return listed


def map_text(m: Map) -> str:
    """The map as text, one region a line with the regions it borders, which
    :func:`parse` reads back (for names without spaces, ``:``, ``;`` or ``,``).

    >>> print(map_text(parse("A B C; B C")))
    A: B C
    B: A C
    C: A B
    """
    return "\n".join(
        f"{r}: {' '.join(m.regions[j] for j in near)}".rstrip()
        for r, near in zip(m.regions, m.borders, strict=True)
    )


# Colourings and moves


def show(m: Map, q: Colouring) -> str:
    """Each region with its colour, ``?`` for the regions still to colour.

    >>> show(parse("A B; B C"), (0,))
    'A:red B:? C:?'
    """
    names = [colour_name(c) for c in q] + ["?"] * (len(m.regions) - len(q))
    return " ".join(f"{r}:{name}" for r, name in zip(m.regions, names, strict=True))


def colouring_json(m: Map, q: Colouring) -> dict[str, JSON]:
    """The coloured regions as JSON: ``{"A": "red", ...}``.

    >>> colouring_json(parse("A B; B C"), (0, 1))
    {'A': 'red', 'B': 'blue'}
    """
    return {r: colour_name(c) for r, c in zip(m.regions, q, strict=False)}


def move_json(p: Paint) -> JSON:
    """A move as JSON: ``{"region": "B", "colour": "blue"}``."""
    region, c = p
    return {"region": region, "colour": colour_name(c)}


def words(p: Paint) -> str:
    """A move in words: ``colour B blue``."""
    region, c = p
    return f"colour {region} {colour_name(c)}"


def notation(p: Paint) -> str:
    """A move in a few characters: ``B:blue``."""
    region, c = p
    return f"{region}:{colour_name(c)}"
