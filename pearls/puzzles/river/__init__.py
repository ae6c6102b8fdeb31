"""River crossings: people ferried across a river in a small boat, without ever leaving
a dangerous group together.  One module holds three classics:

* the **jealous husbands** (seed 003): ``n`` couples, husband ``Hi`` and wife ``Wi``; no
  wife may be with another man unless her husband is there too, on either bank or in
  the boat, and anyone may row.  Three couples with a boat for two cross in 11 trips;
* the **missionaries and cannibals**: on no bank and in no boat may cannibals ``Ci``
  outnumber the missionaries ``Mi`` there (a group without missionaries is safe); anyone
  rows.  Missionaries are interchangeable, and so are cannibals: a state numbers each
  kind on the left bank first (``M1 .. Mk`` on the left, the rest on the right), so that
  two positions differing only in who is who are one state;
* the **farmer, wolf, goat and cabbage**: only the farmer rows; left without him, the
  wolf eats the goat and the goat eats the cabbage.

A state is where the boat is and who stands on each bank, the banks as immutable sets
(frozensets, which ``bench/river_sets.py`` measured 8 to 20 times faster here than
pyrsistent's ``pset``: the figures are beside ``Bank`` and on the docs' river page).
A move is the set of people who cross together: they leave the boat's bank and join the
other, the boat with them.  The seed's start is ``(left (Ha Hb Hc Wa Wb Wc) ())``; here
the couples are numbered, ``Ha`` and ``Wa`` being ``H1`` and ``W1``::

    start  = Crossing("left", {H1, W1, H2, W2, H3, W3}, {})
    solved = Crossing("right", {}, {H1, W1, H2, W2, H3, W3})

>>> seed = husbands(3, 2)
>>> show(seed, everyone_left(seed))
'H1 W1 H2 W2 H3 W3 | boat left |'
>>> len(bfsolve(seed, everyone_left(seed)))
11
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain, combinations
from typing import Literal, NamedTuple, TypeAlias

from pearls import methods, search, svg
from pearls.description import NO_SETTINGS, Description, Option, Problem, Settings
from pearls.errors import BoardError
from pearls.search import mkplans
from pearls.types import Path, Plan, Planner, Puzzle

__all__ = [
    "DESCRIPTION",
    "FARMER",
    "MAX_BOAT",
    "MAX_PEOPLE",
    "VARIANTS",
    "Bank",
    "Crossing",
    "Load",
    "Person",
    "River",
    "Side",
    "bfsolve",
    "canonical",
    "dfsolve",
    "draw",
    "everyone_left",
    "farmer",
    "goalmoves",
    "husbands",
    "lower_bound",
    "missionaries",
    "move",
    "moves",
    "newplans",
    "notation",
    "parse",
    "planner",
    "premoves",
    "problem",
    "psolve",
    "puzzle",
    "show",
    "signature",
    "solved",
    "standard",
    "undoes",
    "words",
]

Person = str  # "H1" (husband 1), "W1" (his wife), "M2", "C3", "farmer", "wolf", "goat", "cabbage"
Side = Literal["left", "right"]  # where the boat is, e.g. "left"
Load: TypeAlias = frozenset[Person]  # a move: who crosses together, e.g. frozenset({"H1", "W1"})

# Who stands on one bank, e.g. frozenset({"H2", "W2"}).  Measured against pyrsistent's pset
# by bench/river_sets.py, the same code on either: analysing the 184 states of 5 couples and
# a boat for 3 takes 0.035 s with frozenset banks, 0.30 s with psets (8.5 times); bfsolve on
# the seed's 3 couples 1.9 ms against 20 ms; one crossing 1.6 us against 28 us, and looking
# a state up among those seen 0.07 us against 1.3 us (a frozenset keeps its hash, a pset
# computes it again).  Every crossing builds two banks and every state is looked up, so
# frozensets, immutable and hashable as well, are the banks here.
Bank: TypeAlias = frozenset[Person]


class Crossing(NamedTuple):
    """A state: the boat's side and who stands on each bank, as the seed's
    ``(left (Ha Hb Hc Wa Wb Wc) ())``."""

    boat: Side
    left: Bank
    right: Bank


@dataclass(frozen=True)
class River:
    """One river-crossing puzzle: who travels (in the order they are listed and drawn),
    what the boat holds, who may row, and which groups may stand together.

    ``safe`` judges a group on a bank or in the boat; ``alike`` lists groups of
    interchangeable people (the missionaries, the cannibals), numbered left bank first in
    every state; ``rule`` says ``safe`` in words.
    """

    variant: str  # "husbands", "missionaries" or "farmer"
    people: tuple[Person, ...]
    capacity: int
    rowers: frozenset[Person]
    safe: Callable[[frozenset[Person]], bool]
    rule: str
    alike: tuple[tuple[Person, ...], ...] = ()


FARMER: tuple[Person, ...] = ("farmer", "wolf", "goat", "cabbage")
VARIANTS = ("husbands", "missionaries", "farmer")


def husbands(n: int, k: int) -> River:
    """The jealous husbands: ``n`` couples, a boat for ``k``, anyone rows.

    A group is safe when no wife is with a man while her own husband is away:

    ``safe g = null [h | h <- g, man h] || and [husband w ∈ g | w <- g, woman w]``

    >>> seed = husbands(3, 2)
    >>> seed.people, seed.safe(frozenset({"W1", "W2"})), seed.safe(frozenset({"W1", "H2"}))
    (('H1', 'W1', 'H2', 'W2', 'H3', 'W3'), True, False)
    """
    people = tuple(p for i in range(1, n + 1) for p in (f"H{i}", f"W{i}"))
    men = frozenset(people[0::2])
    husband = {f"W{i}": f"H{i}" for i in range(1, n + 1)}

    def safe(group: frozenset[Person]) -> bool:
        return group.isdisjoint(men) or all(husband[p] in group for p in group if p in husband)

    rule = "no wife may be with another man unless her husband is there"
    return River("husbands", people, k, frozenset(people), safe, rule)


def missionaries(m: int, c: int, k: int) -> River:
    """The missionaries and cannibals: ``m`` missionaries, ``c`` cannibals, a boat for
    ``k``, anyone rows.

    ``safe g = missionaries g == 0 || missionaries g >= cannibals g``

    >>> classic = missionaries(3, 3, 2)
    >>> classic.safe(frozenset({"M1", "C1", "C2"})), classic.safe(frozenset({"C1", "C2"}))
    (False, True)
    """
    ms = tuple(f"M{i}" for i in range(1, m + 1))
    cs = tuple(f"C{i}" for i in range(1, c + 1))
    ministers = frozenset(ms)

    def safe(group: frozenset[Person]) -> bool:
        count = len(group & ministers)
        return count == 0 or count >= len(group) - count

    rule = "cannibals may not outnumber the missionaries where there are any"
    return River("missionaries", ms + cs, k, frozenset(ms + cs), safe, rule, (ms, cs))


def farmer(k: int) -> River:
    """The farmer, wolf, goat and cabbage: a boat for ``k`` (the farmer and one more, in
    the story), and only the farmer rows.

    ``safe g = farmer ∈ g || not ({wolf, goat} ⊆ g || {goat, cabbage} ⊆ g)``

    >>> story = farmer(2)
    >>> story.safe(frozenset({"wolf", "cabbage"})), story.safe(frozenset({"goat", "cabbage"}))
    (True, False)
    """
    eats = (frozenset({"wolf", "goat"}), frozenset({"goat", "cabbage"}))

    def safe(group: frozenset[Person]) -> bool:
        return "farmer" in group or not any(pair <= group for pair in eats)

    rule = "without the farmer, the wolf eats the goat and the goat the cabbage"
    return River("farmer", FARMER, k, frozenset({"farmer"}), safe, rule)


def everyone_left(river: River) -> Crossing:
    """The usual start: everyone and the boat on the left bank.

    >>> everyone_left(farmer(2)).boat
    'left'
    """
    return Crossing("left", frozenset(river.people), frozenset())


def canonical(river: River, q: Crossing) -> Crossing:
    """The state with interchangeable people renumbered, each kind left bank first:
    ``M1 .. Mk`` on the left when ``k`` missionaries are there.  Other people keep
    their names.

    >>> classic = missionaries(2, 0, 2)
    >>> canonical(classic, Crossing("right", frozenset({"M2"}), frozenset({"M1"}))).left
    frozenset({'M1'})
    """
    if not river.alike:
        return q
    grouped = frozenset(chain.from_iterable(river.alike))
    kept = q.left - grouped
    renumbered = (kind[: len(q.left.intersection(kind))] for kind in river.alike)
    left = kept.union(*renumbered)
    return Crossing(q.boat, left, frozenset(river.people) - left)


def signature(river: River, load: Load) -> tuple[Person, ...]:
    """A load with interchangeable people named by their kind's first member, sorted:
    two loads alike in this are one move.

    >>> signature(missionaries(3, 3, 2), frozenset({"M3", "C2"}))
    ('C1', 'M1')
    """
    return tuple(sorted(next((kind[0] for kind in river.alike if p in kind), p) for p in load))


def _banks(q: Crossing) -> tuple[Bank, Bank]:
    """The boat's bank and the other one."""
    return (q.left, q.right) if q.boat == "left" else (q.right, q.left)


def moves(river: River, q: Crossing) -> list[Load]:
    """Every load that may cross: one to ``capacity`` people from the boat's bank, a
    rower among them, the load, the bank it leaves and the bank it reaches all safe;
    smaller loads first, people in the river's order, one load of each
    :func:`signature`.

    ::

        moves q = [b | b <- subsets of (boat's bank q), 1 <= |b| <= k, any rows b,
                       safe b, safe (here \\\\ b), safe (there `union` b)]

    >>> [sorted(b) for b in moves(farmer(2), everyone_left(farmer(2)))]
    [['farmer', 'goat']]
    """
    here, there = _banks(q)
    aboard = [p for p in river.people if p in here]
    loads: dict[tuple[Person, ...], Load] = {}
    for size in range(1, min(river.capacity, len(aboard)) + 1):
        for group in combinations(aboard, size):
            load = frozenset(group)
            if (
                not load.isdisjoint(river.rowers)
                and river.safe(load)
                and river.safe(here - load)
                and river.safe(there | load)
            ):
                loads.setdefault(signature(river, load) if river.alike else group, load)
    return list(loads.values())


def move(river: River, q: Crossing, load: Load) -> Crossing:
    """The state after ``load`` crosses with the boat.

    ::

        move (left, l, r) b  = (right, l \\\\ b, r `union` b)
        move (right, l, r) b = (left, l `union` b, r \\\\ b)

    >>> after = move(farmer(2), everyone_left(farmer(2)), frozenset({"farmer", "goat"}))
    >>> after.boat, sorted(after.left), sorted(after.right)
    ('right', ['cabbage', 'wolf'], ['farmer', 'goat'])
    """
    if q.boat == "left":
        return canonical(river, Crossing("right", q.left - load, q.right | load))
    return canonical(river, Crossing("left", q.left | load, q.right - load))


def solved(q: Crossing) -> bool:
    """Whether everyone has crossed: ``solved (_, l, _) = null l``."""
    return not q.left


def puzzle(river: River) -> Puzzle[Crossing, Load]:
    """The river as the chapter's three functions."""
    return Puzzle(lambda q: moves(river, q), lambda q, b: move(river, q, b), solved)


# Planning


def goalmoves(river: River, q: Crossing) -> Plan[Load]:
    """The obvious plan: the next boatload, the first ``capacity`` people on the left
    bank in the river's order, goes over (a fresh plan follows once it has, so no plan
    names someone whom a crossing has renumbered).

    ``goalmoves q = [take k [p | p <- people, p ∈ left q] | not (null (left q))]``

    >>> [sorted(b) for b in goalmoves(husbands(3, 2), everyone_left(husbands(3, 2)))]
    [['H1', 'W1']]
    """
    waiting = [p for p in river.people if p in q.left]
    return (frozenset(waiting[: river.capacity]),) if waiting else ()


def premoves(river: River, q: Crossing, load: Load) -> list[list[Load]]:
    """The ways of making a planned crossing legal: with the boat on the far bank,
    first bring it back, by any crossing that may go; with the boat here, nothing
    helps (the load is unsafe, or someone in it has not come back).

    ``premoves q b = if boat q == right then [[r] | r <- moves q] else []``

    >>> seed = husbands(3, 2)
    >>> over = move(seed, everyone_left(seed), frozenset({"H1", "W1"}))
    >>> [[sorted(r) for r in way] for way in premoves(seed, over, frozenset({"H2", "W2"}))]
    [[['H1']], [['H1', 'W1']]]
    """
    if q.boat == "left":
        return []
    return [[back] for back in moves(river, q)]


def newplans(river: River, q: Crossing, plan: Plan[Load]) -> list[Plan[Load]]:
    """Plans whose first crossing is legal, a spent plan replaced by a fresh one.

    ::

        newplans q [] = mkplans (goalmoves q)
        newplans q ms = mkplans ms

    with ``mkplans`` as in :func:`pearls.search.mkplans`; as in
    :func:`pearls.puzzles.hanoi.newplans`, once a boatload is over the next is planned.
    """
    return mkplans(moves(river, q), lambda b: premoves(river, q, b), plan or goalmoves(river, q))


def planner(river: River) -> Planner[Crossing, Load]:
    """The river with its plan: the next boatload over, the boat fetched back first."""
    return Planner(
        puzzle(river), lambda q: goalmoves(river, q), lambda q, ms: newplans(river, q, ms)
    )


def bfsolve(river: River, q: Crossing) -> list[Load] | None:
    """A shortest solution: ``bfsolve q = bfsearch' [] [] [([], q)]``."""
    return search.bfsolve(puzzle(river), q)


def dfsolve(river: River, q: Crossing) -> list[Load] | None:
    """A depth-first solution: ``dfsolve q = dfsearch [] [([], q)]``."""
    return search.dfsolve(puzzle(river), q)


def psolve(river: River, q: Crossing) -> list[Load] | None:
    """A planned solution: ``psolve q = psearch' [] [] [([], q, goalmoves q)]``."""
    return search.psolve(planner(river), q)


def undoes(river: River, p: Path[Crossing, Load], b: Load) -> bool:
    """Whether ``b`` takes back across the very load that just crossed (alike people
    counting as the same): it returns to the state before, so iterative deepening need
    not try it.

    >>> from pearls.types import start
    >>> seed, couple = husbands(3, 2), frozenset({"H1", "W1"})
    >>> q = everyone_left(seed)
    >>> over = Path(start(q).history.cons(couple), move(seed, q, couple))
    >>> undoes(seed, over, couple), undoes(seed, over, frozenset({"H1"}))
    (True, False)
    """
    return bool(p.history) and signature(river, p.history.first) == signature(river, b)


def _trips(waiting: int, k: int) -> int:
    """The fewest crossings that could carry ``waiting`` people over with the boat on
    their side: each round trip takes at most ``k - 1`` across net."""
    if waiting == 0:
        return 0
    if k < 2:
        return 2 * waiting - 1
    return 2 * max(1, -(-(waiting - 1) // (k - 1))) - 1


def lower_bound(river: River, q: Crossing) -> int:
    """At least this many crossings remain, whatever the rules: with ``w`` people on the
    left and the boat there, every trip over but the last is followed by one back, so a
    round trip gains at most ``k - 1``; with the boat on the right, someone brings it
    back first.

    ::

        h (left, l, _)  = trips |l|
        h (right, l, _) = if null l then 0 else 1 + trips (|l| + 1)
        trips w         = 2 * max 1 (ceiling ((w - 1) / (k - 1))) - 1

    >>> seed = husbands(3, 2)
    >>> lower_bound(seed, everyone_left(seed)), lower_bound(husbands(3, 4), everyone_left(seed))
    (9, 3)
    """
    waiting = len(q.left)
    if q.boat == "left" or waiting == 0:
        return _trips(waiting, river.capacity)
    return 1 + _trips(waiting + 1, river.capacity)


# The text form

MAX_PEOPLE = 20  # at most this many travel, so that listing one state's loads stays quick
MAX_BOAT = 6  # the largest boat: loads of up to 6 of 20 people are 60,459 to check
_COUPLE = re.compile(r"[HW][1-9][0-9]*", re.ASCII)
_CREW = re.compile(r"[MC][1-9][0-9]*", re.ASCII)


def _listed(river: River, bank: Bank) -> list[Person]:
    """The people on a bank in the river's order."""
    return [p for p in river.people if p in bank]


def show(river: River, q: Crossing) -> str:
    """The left bank, the boat's side and the right bank, separated by ``|``, each bank's
    people in the river's order.

    >>> seed = husbands(2, 2)
    >>> show(seed, move(seed, everyone_left(seed), frozenset({"W1", "W2"})))
    'H1 H2 | boat right | W1 W2'
    """
    left, right = (" ".join(_listed(river, bank)) for bank in (q.left, q.right))
    return f"{left} | boat {q.boat} | {right}".strip()


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
            f"unknown traveller {first!r}: write couples H1 W1 H2 W2 .., missionaries and "
            "cannibals M1 M2 .. C1 C2 .., or farmer wolf goat cabbage"
        )
    misfit = next((p for p in names if not fits(p)), None)
    if misfit is not None:
        raise BoardError(f"{misfit!r} does not travel with {first}: the travellers are {wanted}")
    absent = [p for p in river.people if p not in names]
    extra = [p for p in names if p not in river.people]
    if absent or extra:
        what = f"{extra[0]} is listed" if extra else f"{absent[0]} is missing"
        raise BoardError(f"{what}: the travellers must be {wanted}, each once")
    return river


def _side(words: Sequence[str]) -> Side:
    """The boat's side from the middle part: ``boat left`` or ``boat right``."""
    if words == ["boat", "left"]:
        return "left"
    if words == ["boat", "right"]:
        return "right"
    raise BoardError(
        "the middle part says where the boat is, 'boat left' or 'boat right', "
        f"not {' '.join(words)!r}"
    )


def parse(text: str, k: int = 2) -> tuple[River, Crossing]:
    """The puzzle and the state a text shows, for a boat of ``k``: the left bank's
    people, ``boat left`` or ``boat right``, the right bank's people, the three parts
    separated by ``|`` and the names by whitespace.  The names say which puzzle it is.
    Raises :class:`~pearls.errors.BoardError` saying what is wrong.

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
            f"this text has {len(parts)}"
        )
    left, right = parts[0].split(), parts[2].split()
    side = _side(parts[1].split())
    names = [*left, *right]
    twice = next((p for i, p in enumerate(names) if p in names[:i]), None)
    if twice is not None:
        raise BoardError(f"{twice} is listed twice: everyone stands on one bank")
    if len(names) > MAX_PEOPLE:
        raise BoardError(f"{len(names)} travellers: at most {MAX_PEOPLE} can be ferried here")
    river = _cast(names, k)
    for bank, group in (("left", left), ("right", right)):
        if not river.safe(frozenset(group)):
            raise BoardError(f"the {bank} bank breaks the rule: {river.rule}")
    return river, canonical(river, Crossing(side, frozenset(left), frozenset(right)))


# Drawing

_BANK, _RIVER = 150, 170  # widths of a bank and of the river, in SVG units
_ROW, _RADIUS = 46, 17  # the height of a row of people, a person's radius
_TOP = 20
_COLOURS = {  # fill and ink of each kind of traveller
    "H": ("#1f77b4", "#ffffff"),
    "W": ("#d62728", "#ffffff"),
    "M": ("#393b79", "#ffffff"),
    "C": ("#ff7f0e", "#1a1a1a"),
    "farmer": ("#8c564b", "#ffffff"),
    "wolf": ("#7f7f7f", "#ffffff"),
    "goat": ("#f2e6c9", "#1a1a1a"),
    "cabbage": ("#2ca02c", "#ffffff"),
}


def _slot(river: River, p: Person) -> tuple[int, int]:
    """The (row, column) where a person stands on either bank: a couple (or the
    ``i``-th missionary and cannibal) on row ``i``; the farmer's party two to a row."""
    if river.variant == "farmer":
        return divmod(river.people.index(p), 2)
    return int(p[1:]) - 1, 0 if p[0] in "HM" else 1


def _label(p: Person) -> tuple[str, str]:
    """A person's short label and colour key: ``H1``, or a capital for the farmer's party."""
    return (p, p[0]) if p not in FARMER else (p[0].upper(), p)


def draw(river: River, q: Crossing) -> str:
    """The river as a standalone SVG document: two green banks, the blue river between,
    the boat moored at its bank, and each person a labelled circle standing in a fixed
    place on the bank they are on (husbands blue and wives red, couples side by side).

    >>> picture = draw(husbands(3, 2), everyone_left(husbands(3, 2)))
    >>> picture.startswith("<svg"), picture.count('class="person"'), 'class="boat"' in picture
    (True, 6, True)
    """
    rows = 1 + max(_slot(river, p)[0] for p in river.people)
    height = 2 * _TOP + rows * _ROW
    width = 2 * _BANK + _RIVER
    scenery = [
        svg.element("rect", x=0, y=0, width=_BANK, height=height, fill="#b5d99c", class_="bank"),
        svg.element("rect", x=_BANK, y=0, width=_RIVER, height=height, fill="#9ecae1"),
        svg.element(
            "rect", x=_BANK + _RIVER, y=0, width=_BANK, height=height, fill="#b5d99c", class_="bank"
        ),
        _boat(q.boat, height),
    ]
    people = [_person(river, p, "left" if p in q.left else "right") for p in river.people]
    title = f"River crossing ({river.variant}), boat for {river.capacity}, on the {q.boat}"
    return svg.document(width, height, *scenery, *people, title=title)


def _boat(side: Side, height: float) -> str:
    """The boat, a hull moored against the bank of ``side``."""
    x = _BANK + 8 if side == "left" else _BANK + _RIVER - 78
    y = height / 2 - 12
    hull = f"M{x} {y}h70l-10 24h-50z"
    return svg.element(
        "path", svg.element("title", f"the boat, on the {side}"), d=hull, fill="#8c6d31",
        stroke="#4d3b1a", stroke_width=2, class_="boat",
    )  # fmt: skip


def _person(river: River, p: Person, side: Side) -> str:
    """A person as a circle with a short label, standing in their place on a bank."""
    row, column = _slot(river, p)
    x = (40 + column * 60) + (0 if side == "left" else _BANK + _RIVER)
    y = _TOP + row * _ROW + _ROW / 2
    label, key = _label(p)
    fill, ink = _COLOURS[key]
    circle = svg.element("circle", cx=x, cy=y, r=_RADIUS, fill=fill, stroke="#1a1a1a")
    text = svg.element(
        "text", svg.escape(label), x=x, y=y, dy="0.35em", fill=ink, font_size=13,
        font_weight="bold", font_family="sans-serif", text_anchor="middle",
    )  # fmt: skip
    return svg.element(
        "g", svg.element("title", svg.escape(p)), circle, text, class_="person", data_side=side
    )


# The puzzle described for the command line


def words(river: River, q: Crossing, b: Load) -> str:
    """A crossing in words, given the state before it.

    >>> words(farmer(2), everyone_left(farmer(2)), frozenset({"farmer", "goat"}))
    'farmer and goat cross to the right bank'
    """
    names = _listed(river, b)
    verb = "crosses" if len(names) == 1 else "cross"
    to = "right" if q.boat == "left" else "left"
    return f"{' and '.join(names)} {verb} to the {to} bank"


def notation(river: River, q: Crossing, b: Load) -> str:
    """A crossing in a few characters: who, joined by ``+``, and ``>`` or ``<`` for the
    direction.

    >>> seed = husbands(3, 2)
    >>> notation(seed, everyone_left(seed), frozenset({"W1", "H1"}))
    'H1+W1>'
    """
    who = "+".join(_listed(river, b))
    return f"{who}>" if q.boat == "left" else f"<{who}"


def _number(settings: Settings, name: str, most: int) -> int:
    """The setting ``--name``, checked: a whole number from 1 to ``most``."""
    text = settings[name]
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= most):
        raise BoardError(f"--{name} must be a whole number from 1 to {most}, not {text!r}")
    return int(text)


def standard(settings: Settings) -> str:
    """The usual start for the settings: everyone of ``--variant`` on the left bank,
    ``--couples`` couples (or as many missionaries and as many cannibals).

    >>> standard({"variant": "missionaries", "couples": "2", "boat": "2"})
    'M1 M2 C1 C2 | boat left |'
    """
    n = _number(settings, "couples", MAX_PEOPLE // 2)
    variant = settings["variant"]
    if variant == "husbands":
        river = husbands(n, 2)
    elif variant == "missionaries":
        river = missionaries(n, n, 2)
    elif variant == "farmer":
        river = farmer(2)
    else:
        raise BoardError(f"--variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
    return show(river, everyone_left(river))


def problem(text: str, settings: Settings = NO_SETTINGS) -> Problem[Crossing, Load]:
    """The problem a text describes, its boat holding ``--boat`` people (2 by default).
    The names on the banks say which puzzle it is; ``--variant`` and ``--couples`` are
    checked, and choose only the usual start."""
    k = _number(settings, "boat", MAX_BOAT) if settings else 2
    if settings:
        standard(settings)
    river, q = parse(text, k)
    crossing = puzzle(river)

    def estimate(q: Crossing) -> int:
        return lower_bound(river, q)

    return Problem(
        puzzle=crossing,
        start=q,
        methods={
            "bfs": methods.bfs(crossing),
            "plan": methods.plan(planner(river)),
            "dfs": methods.dfs(crossing),
            "iddfs": methods.iddfs(crossing, lambda p, b: undoes(river, p, b)),
            "astar": methods.astar(crossing, estimate),
            "idastar": methods.idastar(crossing, estimate),
        },
        show=lambda q: show(river, q),
        state_json=lambda q: {
            "boat": q.boat,
            "left": list(_listed(river, q.left)),
            "right": list(_listed(river, q.right)),
        },
        move_json=lambda b: list(_listed(river, b)),
        words=lambda q, b: words(river, q, b),
        notation=lambda q, b: notation(river, q, b),
        draw=lambda q: draw(river, q),
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
    "farmer rows). A move takes 1 to --boat people across, a rower among them.",
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
