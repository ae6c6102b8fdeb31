"""River crossings: people ferried across a river in a small boat, never leaving a
dangerous group together.  One model holds three classics (the rules are beside
:func:`husbands`, :func:`missionaries` and :func:`farmer`): the **jealous husbands** of
the Scheme exercises (M. Hiroi's collection, source 003), three couples crossing in 11
trips with a boat for two; the **missionaries and cannibals**, interchangeable within
each kind; and the **farmer, wolf, goat and cabbage**.

A state is where the boat is and who stands on each bank; a move is the set of people
who cross together, the boat with them.  The text form, drawing and command-line
description are the modules ``text``, ``draw`` and ``describe`` beside this one.

>>> three = husbands(3, 2)
>>> sorted(everyone_left(three).left)
['H1', 'H2', 'H3', 'W1', 'W2', 'W3']
>>> len(bfsolve(three, everyone_left(three)) or [])
11
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import chain, combinations
from typing import Literal, NamedTuple, TypeAlias

from pearls import search
from pearls.search import mkplans
from pearls.types import Path, Plan, Planner, Puzzle

__all__ = [
    "FARMER",
    "Bank",
    "Crossing",
    "Load",
    "Person",
    "River",
    "Side",
    "bfsolve",
    "canonical",
    "dfsolve",
    "everyone_left",
    "farmer",
    "goalmoves",
    "husbands",
    "lower_bound",
    "missionaries",
    "move",
    "moves",
    "newplans",
    "planner",
    "premoves",
    "psolve",
    "puzzle",
    "signature",
    "solved",
    "undoes",
]

Person = str  # "H1" (husband 1), "W1" (his wife), "M2", "C3", "farmer", "wolf", "goat", "cabbage"
Side = Literal["left", "right"]  # where the boat is, e.g. "left"
Load: TypeAlias = frozenset[Person]  # a move: who crosses together, e.g. frozenset({"H1", "W1"})

# Who stands on one bank, e.g. frozenset({"H2", "W2"}): frozensets, which bench/river_sets.py
# finds 8 to 20 times faster than pyrsistent's psets here (the figures: docs/river.md).
Bank: TypeAlias = frozenset[Person]


class Crossing(NamedTuple):
    """A state: the boat's side and who stands on each bank, as the Scheme exercises'
    ``(left (Ha Hb Hc Wa Wb Wc) ())``, their couples ``a``, ``b``, ``c`` numbered here."""

    boat: Side
    left: Bank
    right: Bank


@dataclass(frozen=True)
class River:
    """One river-crossing puzzle: who travels (in the order they are listed and drawn),
    what the boat holds, who may row, which groups are ``safe`` on a bank or in the boat
    (``rule`` says it in words), and which people are ``alike`` (the missionaries, the
    cannibals), numbered left bank first in every state."""

    variant: str  # "husbands", "missionaries" or "farmer"
    people: tuple[Person, ...]
    capacity: int
    rowers: frozenset[Person]
    safe: Callable[[frozenset[Person]], bool]
    rule: str
    alike: tuple[tuple[Person, ...], ...] = ()


FARMER: tuple[Person, ...] = ("farmer", "wolf", "goat", "cabbage")


# The rivers


def husbands(n: int, k: int) -> River:
    """The jealous husbands: ``n`` couples, a boat for ``k``, anyone rows.

    A group is safe when no wife is with a man while her own husband is away:

    ``safe g = null [h | h <- g, man h] || and [husband w ∈ g | w <- g, woman w]``

    >>> three = husbands(3, 2)
    >>> three.people, three.safe(frozenset({"W1", "W2"})), three.safe(frozenset({"W1", "H2"}))
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


# The three functions


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
    here, there = (q.left, q.right) if q.boat == "left" else (q.right, q.left)
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
    """Whether everyone has crossed: ``solved (_, l, _) = null l``.

    >>> solved(Crossing("right", frozenset(), frozenset({"H1", "W1"})))
    True
    """
    return not q.left


def puzzle(river: River) -> Puzzle[Crossing, Load]:
    """The river as the chapter's three functions.

    >>> len(puzzle(farmer(2)).moves(everyone_left(farmer(2))))
    1
    """
    return Puzzle(lambda q: moves(river, q), lambda q, b: move(river, q, b), solved)


def bfsolve(river: River, q: Crossing) -> list[Load] | None:
    """A shortest solution: ``bfsolve q = bfsearch' [] [] [([], q)]``.

    >>> len(bfsolve(farmer(2), everyone_left(farmer(2))) or [])
    7
    """
    return search.bfsolve(puzzle(river), q)


def dfsolve(river: River, q: Crossing) -> list[Load] | None:
    """A depth-first solution: ``dfsolve q = dfsearch [] [([], q)]``.

    >>> dfsolve(husbands(4, 2), everyone_left(husbands(4, 2))) is None
    True
    """
    return search.dfsolve(puzzle(river), q)


# Planning


def goalmoves(river: River, q: Crossing) -> Plan[Load]:
    """The obvious plan: the next boatload, the first ``capacity`` people on the left
    bank in the river's order, goes over (then a fresh plan, naming people as renumbered).

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

    >>> three = husbands(3, 2)
    >>> over = move(three, everyone_left(three), frozenset({"H1", "W1"}))
    >>> [[sorted(r) for r in way] for way in premoves(three, over, frozenset({"H2", "W2"}))]
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

    with ``mkplans`` as in :func:`pearls.search.mkplans`; once a boatload is over, the
    next is planned.

    >>> three = husbands(3, 2)
    >>> [[sorted(b) for b in p] for p in newplans(three, everyone_left(three), ())]
    [[['H1', 'W1']]]
    """
    return mkplans(moves(river, q), lambda b: premoves(river, q, b), plan or goalmoves(river, q))


def planner(river: River) -> Planner[Crossing, Load]:
    """The river with its plan: the next boatload over, the boat fetched back first."""
    return Planner(
        puzzle(river), lambda q: goalmoves(river, q), lambda q, ms: newplans(river, q, ms)
    )


def psolve(river: River, q: Crossing) -> list[Load] | None:
    """A planned solution: ``psolve q = psearch' [] [] [([], q, goalmoves q)]``.

    >>> len(psolve(husbands(3, 2), everyone_left(husbands(3, 2))) or [])
    19
    """
    return search.psolve(planner(river), q)


def undoes(river: River, p: Path[Crossing, Load], b: Load) -> bool:
    """Whether ``b`` takes back the load that just crossed (alike people alike): a prune
    for :func:`pearls.deepening.idsolve`, since it returns to the state before.

    >>> from pearls.types import start
    >>> three, q, couple = husbands(3, 2), everyone_left(husbands(3, 2)), frozenset({"H1", "W1"})
    >>> over = Path(start(q).history.cons(couple), move(three, q, couple))
    >>> undoes(three, over, couple), undoes(three, over, frozenset({"H1"}))
    (True, False)
    """
    return bool(p.history) and signature(river, p.history.first) == signature(river, b)


# The bound on the crossings left


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

    >>> three = husbands(3, 2)
    >>> lower_bound(three, everyone_left(three)), lower_bound(husbands(3, 4), everyone_left(three))
    (9, 3)
    """
    waiting = len(q.left)
    if q.boat == "left" or waiting == 0:
        return _trips(waiting, river.capacity)
    return 1 + _trips(waiting + 1, river.capacity)
