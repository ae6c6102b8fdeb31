"""River crossings as text: a state written bank by bank, crossings in words, in a few
characters and as JSON.

A state is ``LEFT BANK | boat SIDE | RIGHT BANK``: the people on the left bank, ``boat
left`` or ``boat right``, the people on the right bank, whitespace between names.  The
names say which puzzle it is (couples ``H1 W1 ..``, missionaries and cannibals ``M1 ..
C1 ..``, or ``farmer wolf goat cabbage``).  Every list of people, in text and in JSON,
is in the river's order (``H1 W1 H2 W2 ..``), never in a set's.

>>> from pearls.puzzles.river import everyone_left, husbands
>>> three = husbands(3, 2)
>>> show(three, everyone_left(three))
'H1 W1 H2 W2 H3 W3 | boat left |'
>>> words(three, everyone_left(three), frozenset({"W1", "H1"}))
'H1 and W1 cross to the right bank'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from pearls.description import JSON
from pearls.errors import BoardError
from pearls.puzzles.river import (
    FARMER,
    Crossing,
    Load,
    Person,
    River,
    Side,
    canonical,
    farmer,
    husbands,
    missionaries,
)

__all__ = [
    "MAX_PEOPLE",
    "listed",
    "move_json",
    "notation",
    "parse",
    "show",
    "state_json",
    "words",
]

MAX_PEOPLE = 20  # at most this many travel, so that listing one state's loads stays quick
_COUPLE = re.compile(r"[HW][1-9][0-9]*", re.ASCII)
_CREW = re.compile(r"[MC][1-9][0-9]*", re.ASCII)


def listed(river: River, group: frozenset[Person]) -> list[Person]:
    """The people of a group in the river's order, whatever the set's own order.

    >>> listed(husbands(2, 2), frozenset({"W2", "H1", "W1"}))
    ['H1', 'W1', 'W2']
    """
    return [p for p in river.people if p in group]


def show(river: River, q: Crossing) -> str:
    """The left bank, the boat's side and the right bank, separated by ``|``, each bank's
    people in the river's order.

    >>> from pearls.puzzles.river import everyone_left, husbands, move
    >>> two = husbands(2, 2)
    >>> show(two, move(two, everyone_left(two), frozenset({"W1", "W2"})))
    'H1 H2 | boat right | W1 W2'
    """
    left, right = (" ".join(listed(river, bank)) for bank in (q.left, q.right))
    return f"{left} | boat {q.boat} | {right}".strip()


def parse(text: str, k: int = 2) -> tuple[River, Crossing]:
    """The puzzle and the state a text shows, for a boat of ``k``: the left bank's
    people, ``boat left`` or ``boat right``, the right bank's people, the three parts
    separated by ``|`` and the names by whitespace.  The names say which puzzle it is;
    at most :data:`MAX_PEOPLE` travel.  Raises :class:`~pearls.errors.BoardError` saying
    what is wrong.  Linear in the text's length.

    >>> river, q = parse("H1 W1 H2 | boat right | W2")
    >>> river.variant, show(river, q)
    ('husbands', 'H1 W1 H2 | boat right | W2')
    >>> parse("M1 C1 C2 | boat left | M2 C3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: the left bank breaks the rule: cannibals may not outnumber ...
    """
    parts = text.split("|")
    if len(parts) != 3:
        raise BoardError(
            "a state is 'LEFT BANK | boat SIDE | RIGHT BANK', three parts separated by '|'; "
            f"this text has {len(parts):,}"
        )
    left, right = parts[0].split(), parts[2].split()
    side = _side(parts[1].split())
    names = [*left, *right]
    if len(names) > MAX_PEOPLE:
        raise BoardError(f"{len(names):,} travellers: at most {MAX_PEOPLE} can be ferried here")
    counts = Counter(names)
    twice = next((p for p in names if counts[p] > 1), None)
    if twice is not None:
        raise BoardError(f"{_quoted(twice)} is listed twice: everyone stands on one bank")
    river = _cast(names, k)
    for bank, group in (("left", left), ("right", right)):
        if not river.safe(frozenset(group)):
            raise BoardError(f"the {bank} bank breaks the rule: {river.rule}")
    return river, canonical(river, Crossing(side, frozenset(left), frozenset(right)))


def _side(words: Sequence[str]) -> Side:
    """The boat's side from the middle part: ``boat left`` or ``boat right``."""
    if words == ["boat", "left"]:
        return "left"
    if words == ["boat", "right"]:
        return "right"
    raise BoardError(
        "the middle part says where the boat is, 'boat left' or 'boat right', "
        f"not {_quoted(' '.join(words))}"
    )


def _cast(names: Sequence[Person], k: int) -> River:
    """The puzzle whose people these are, told by the first name: couples, missionaries
    and cannibals, or the farmer's party, each kind numbered from 1 without gaps."""
    if not names:
        raise BoardError(
            "nobody to ferry: list the people on the banks, e.g. 'H1 W1 | boat left |'"
        )
    first = names[0]
    if _COUPLE.fullmatch(first):
        fits, wanted = _COUPLE.fullmatch, "couples H1 W1 .. Hn Wn"
        river = husbands((len(names) + 1) // 2, k)
    elif _CREW.fullmatch(first):
        fits, wanted = _CREW.fullmatch, "missionaries M1 .. Mm and cannibals C1 .. Cc"
        river = missionaries(sum(p[0] == "M" for p in names), sum(p[0] == "C" for p in names), k)
    elif first in FARMER:
        fits, wanted = re.compile("|".join(FARMER)).fullmatch, "farmer wolf goat cabbage"
        river = farmer(k)
    else:
        raise BoardError(
            f"unknown traveller {_quoted(first)}: write couples H1 W1 H2 W2 .., missionaries "
            "and cannibals M1 M2 .. C1 C2 .., or farmer wolf goat cabbage"
        )
    misfit = next((p for p in names if not fits(p)), None)
    if misfit is not None:
        raise BoardError(
            f"{_quoted(misfit)} does not travel with {_quoted(first)}: the travellers are {wanted}"
        )
    absent = [p for p in river.people if p not in names]
    extra = [p for p in names if p not in river.people]
    if absent or extra:
        what = f"{_quoted(extra[0])} is listed" if extra else f"{absent[0]} is missing"
        raise BoardError(f"{what}: the travellers must be {wanted}, each once")
    return river


def _quoted(name: str, most: int = 20) -> str:
    """A name as a message quotes it, cut short past ``most`` characters.

    >>> _quoted("H1"), _quoted("H" + "1" * 30)
    ("'H1'", "'H1111111111111111111'... (31 characters)")
    """
    if len(name) <= most:
        return repr(name)
    return f"{name[:most]!r}... ({len(name):,} characters)"


def words(river: River, q: Crossing, b: Load) -> str:
    """A crossing in words, given the state before it.

    >>> from pearls.puzzles.river import everyone_left
    >>> words(farmer(2), everyone_left(farmer(2)), frozenset({"farmer", "goat"}))
    'farmer and goat cross to the right bank'
    """
    names = listed(river, b)
    verb = "crosses" if len(names) == 1 else "cross"
    return f"{' and '.join(names)} {verb} to the {_other(q.boat)} bank"


def _other(side: Side) -> Side:
    """The bank across the river."""
    return "right" if side == "left" else "left"


def notation(river: River, q: Crossing, b: Load) -> str:
    """A crossing in a few characters: who, joined by ``+``, and ``>`` or ``<`` for the
    direction.

    >>> from pearls.puzzles.river import everyone_left
    >>> three = husbands(3, 2)
    >>> notation(three, everyone_left(three), frozenset({"W1", "H1"}))
    'H1+W1>'
    """
    who = "+".join(listed(river, b))
    return f"{who}>" if q.boat == "left" else f"<{who}"


def state_json(river: River, q: Crossing) -> JSON:
    """A state as JSON: the boat's side and each bank, people in the river's order (so the
    same state is the same JSON in every process, whatever a set's order there).

    >>> from pearls.puzzles.river import everyone_left
    >>> state_json(farmer(2), everyone_left(farmer(2)))
    {'boat': 'left', 'left': ['farmer', 'wolf', 'goat', 'cabbage'], 'right': []}
    """
    return {"boat": q.boat, "left": [*listed(river, q.left)], "right": [*listed(river, q.right)]}


def move_json(river: River, q: Crossing, b: Load) -> JSON:
    """A crossing as JSON, given the state before it: who crosses, in the river's order,
    and the bank they cross to.

    >>> from pearls.puzzles.river import everyone_left
    >>> move_json(farmer(2), everyone_left(farmer(2)), frozenset({"goat", "farmer"}))
    {'people': ['farmer', 'goat'], 'to': 'right'}
    """
    return {"people": [*listed(river, b)], "to": _other(q.boat)}
