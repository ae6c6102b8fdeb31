"""River crossings' rules, as a person states them.

The boat carries 1 to ``--boat`` people (2 unless told) from the bank it is on to the
other, someone who can row among them; no group may be left in danger, on either bank
or in the boat:

- the jealous husbands (``H1 W1 H2 W2 ...``): no wife with another man unless her
  husband is there; anyone rows;
- the missionaries and cannibals (``M1 .. C1 ..``): the cannibals never outnumber the
  missionaries where there are missionaries; anyone rows; missionaries are
  interchangeable, and so are cannibals (a state is the same whichever are where, so
  long as as many of each kind are there);
- the farmer, wolf, goat and cabbage: without the farmer, the wolf eats the goat and
  the goat the cabbage; only the farmer rows.

Solved when nobody is left on the left bank.  A state is ``{"boat": "left", "left":
[...], "right": [...]}``; a move ``{"people": [...], "to": "right"}``; every list of
people in the river's order (:func:`rank`).  Where people of a kind are
interchangeable, the puzzle offers one crossing for each number of each kind, taking
the lowest-numbered on the boat's bank, and renumbers them after it, each kind from 1
on the left bank first.

>>> from pearls.rules import Posed, written
>>> start = {"boat": "left", "left": ["M1", "C1"], "right": []}
>>> check(Posed("M1 C1 | boat left |", {"boat": 2}, start), written(
...     [start, {"boat": "right", "left": [], "right": ["M1", "C1"]}],
...     [{"people": ["M1", "C1"], "to": "right"}]))
>>> [m["people"] for m, _ in legal(Posed("", {"boat": 2}, start), start)]
[['C1'], ['M1'], ['M1', 'C1']]
>>> two, pair = {"boat": "left", "left": ["M1", "M2", "C1", "C2"], "right": []}, ["M1", "C1"]
>>> [after for m, after in legal(Posed("", {"boat": 2}, two), two) if m["people"] == pair]
[{'boat': 'right', 'left': ['M1', 'C1'], 'right': ['M2', 'C2']}]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from itertools import combinations
from typing import NamedTuple

from pearls.description import JSON, Solution
from pearls.rules import Illegal, Posed, Rules, Step, allowed, fields, items, replay, text, whole

__all__ = ["check", "couples_kept", "legal", "nothing_eaten", "outnumbered", "rank"]

SIDES = ("left", "right")
STORY = ("farmer", "wolf", "goat", "cabbage")  # the farmyard, in the river's order
FARMYARD = frozenset(STORY)

Group = frozenset[str]  # people together on a bank or in the boat, e.g. {"H1", "W1"}


class Banks(NamedTuple):
    """Where the boat is and who stands on each bank."""

    boat: str
    left: Group
    right: Group


def couples_kept(group: Group) -> bool:
    """No wife with another man unless her husband is there.

    >>> couples_kept(frozenset({"W1", "H2"})), couples_kept(frozenset({"W1", "H1", "H2"}))
    (False, True)
    """
    men = any(p.startswith("H") for p in group)
    return not men or all("H" + p[1:] in group for p in group if p.startswith("W"))


def outnumbered(group: Group) -> bool:
    """The cannibals outnumber the missionaries, and there are missionaries.

    >>> outnumbered(frozenset({"M1", "C1", "C2"})), outnumbered(frozenset({"C1", "C2"}))
    (True, False)
    """
    kinds = Counter(p[0] for p in group)
    return 0 < kinds["M"] < kinds["C"]


def nothing_eaten(group: Group) -> bool:
    """The farmer is there, or neither the wolf with the goat nor the goat with the
    cabbage.

    >>> nothing_eaten(frozenset({"goat", "cabbage"})), nothing_eaten(frozenset({"wolf", "cabbage"}))
    (False, True)
    """
    eaten = {"wolf", "goat"} <= group or {"goat", "cabbage"} <= group
    return "farmer" in group or not eaten


class Story(NamedTuple):
    """Which river a crossing is on: who is safe together, who rows, and whether two
    people of one kind are interchangeable."""

    safe: Callable[[Group], bool]
    rows: Callable[[str], bool]
    alike: bool


def _farmer_rows(p: str) -> bool:
    """Who rows across the farmyard's river: the farmer alone."""
    return p == "farmer"


def _anyone_rows(p: str) -> bool:
    """Who rows across the other rivers: anyone."""
    return True


def _missionaries_kept(group: Group) -> bool:
    """Who is safe together where missionaries meet cannibals: any group in which the
    cannibals do not outnumber the missionaries."""
    return not outnumbered(group)


def story(everyone: Group) -> Story:
    """The river its travellers' names tell."""
    if everyone <= FARMYARD:
        return Story(nothing_eaten, _farmer_rows, alike=False)
    if all(p[:1] in ("M", "C") for p in everyone):
        return Story(_missionaries_kept, _anyone_rows, alike=True)
    if all(p[:1] in ("H", "W") for p in everyone):
        return Story(couples_kept, _anyone_rows, alike=False)
    raise Illegal(f"no river has the travellers {sorted(everyone)}")


def read(j: JSON) -> Banks:
    """The boat's side and the banks; nobody on both."""
    state = fields(j, "boat", "left", "right")
    boat = _side(state["boat"])
    left = [text(p, "a traveller") for p in items(state["left"])]
    right = [text(p, "a traveller") for p in items(state["right"])]
    if len(set(left + right)) != len(left) + len(right):
        raise Illegal("someone stands twice, on both banks or twice on one")
    return Banks(boat, frozenset(left), frozenset(right))


def _side(j: JSON) -> str:
    """A bank's name, left or right."""
    side = text(j, "a side")
    if side not in SIDES:
        raise Illegal(f"no bank {side!r}: left or right")
    return side


def _other(side: str) -> str:
    """The other bank."""
    return "right" if side == "left" else "left"


def step(boat_holds: int, tale: Story) -> Callable[[Banks, JSON], Banks]:
    """A crossing by the rules: the people are on the boat's bank, 1 to ``boat_holds``
    of them, one of them rows, and the boat's load and both banks after are safe."""

    def cross(q: Banks, m: JSON) -> Banks:
        move = fields(m, "people", "to")
        load = [text(p, "a traveller") for p in items(move["people"])]
        aboard, to = frozenset(load), _side(move["to"])
        here = q.left if q.boat == "left" else q.right
        there = q.right if q.boat == "left" else q.left
        if to == q.boat:
            raise Illegal(f"the boat is on the {q.boat} bank already")
        if len(aboard) != len(load) or not 1 <= len(load) <= boat_holds:
            raise Illegal(f"{len(load)} aboard a boat for 1 to {boat_holds}")
        if not aboard <= here:
            raise Illegal(f"{sorted(aboard - here)} not on the {q.boat} bank, with the boat")
        if not any(tale.rows(p) for p in aboard):
            raise Illegal(f"nobody in {sorted(aboard)} can row")
        for where, group in (("the boat", aboard), (f"the {q.boat} bank", here - aboard)):
            if not tale.safe(group):
                raise Illegal(f"{sorted(group)} in {where} is not safe")
        if not tale.safe(there | aboard):
            raise Illegal(f"{sorted(there | aboard)} on the {to} bank is not safe")
        if q.boat == "left":
            return Banks(to, here - aboard, there | aboard)
        return Banks(to, there | aboard, here - aboard)

    return cross


def kinds(q: Banks) -> tuple[str, Counter[str], Counter[str]]:
    """A state as counts of each kind on each bank, for interchangeable people."""
    return q.boat, Counter(p[0] for p in q.left), Counter(p[0] for p in q.right)


def same(tale: Story) -> Callable[[Banks, Banks], bool]:
    """Two states alike: equal, or as many of each kind on each bank where people of
    a kind are interchangeable."""
    if tale.alike:
        return lambda a, b: kinds(a) == kinds(b)
    return lambda a, b: a == b


def rank(person: str) -> tuple[int, int]:
    """A traveller's place in the river's order: the farmer, wolf, goat and cabbage;
    couples by number, the husband first (``H1 W1 H2 W2 ..``); the missionaries by
    number, then the cannibals (``M1 M2 .. C1 C2 ..``).

    >>> sorted(["W2", "H2", "W1"], key=rank), sorted(["C1", "M2", "M1"], key=rank)
    (['W1', 'H2', 'W2'], ['M1', 'M2', 'C1'])
    """
    if person in FARMYARD:
        return STORY.index(person), 0
    kind, number = person[0], int(person[1:])
    return (number, "HW".index(kind)) if kind in "HW" else ("MC".index(kind), number)


def loads(boat_holds: int) -> Callable[[Banks], Iterator[JSON]]:
    """Every group of 1 to ``boat_holds`` people on the boat's bank, crossing."""

    def tries(q: Banks) -> Iterator[JSON]:
        here = sorted(q.left if q.boat == "left" else q.right, key=rank)
        for size in range(1, boat_holds + 1):
            for group in combinations(here, size):
                yield {"people": list(group), "to": _other(q.boat)}

    return tries


def solved(q: Banks) -> bool:
    """Nobody left on the left bank."""
    return not q.left


def kinds_loads(boat_holds: int) -> Callable[[Banks], Iterator[JSON]]:
    """One group for each number of missionaries and of cannibals, 1 to
    ``boat_holds`` in all, the lowest-numbered of each kind on the boat's bank,
    crossing."""

    def tries(q: Banks) -> Iterator[JSON]:
        here = sorted(q.left if q.boat == "left" else q.right, key=rank)
        ms, cs = [p for p in here if p[0] == "M"], [p for p in here if p[0] == "C"]
        for size in range(1, boat_holds + 1):
            for m in range(max(0, size - len(cs)), min(size, len(ms)) + 1):
                people: list[JSON] = [*ms[:m], *cs[: size - m]]
                yield {"people": people, "to": _other(q.boat)}

    return tries


def renumbered(q: Banks) -> Banks:
    """The banks with the missionaries and the cannibals renamed, each kind numbered
    from 1 on the left bank first (``M1 .. Mi`` on the left where ``i`` are there)."""
    left = {
        f"{kind}{i}" for kind, n in Counter(p[0] for p in q.left).items() for i in range(1, n + 1)
    }
    return Banks(q.boat, frozenset(left), (q.left | q.right) - left)


def write(tale: Story) -> Callable[[Banks], JSON]:
    """A state as JSON, each bank in the river's order, interchangeable people
    renumbered."""

    def written(q: Banks) -> JSON:
        r = renumbered(q) if tale.alike else q
        return {
            "boat": r.boat,
            "left": [*sorted(r.left, key=rank)],
            "right": [*sorted(r.right, key=rank)],
        }

    return written


def rules_of(posed: Posed) -> Rules[Banks]:
    """The rules of the river whose travellers start ``posed``, in a boat for
    ``--boat``."""
    start = read(posed.start)
    tale = story(start.left | start.right)
    boat_holds = whole(posed.setting("boat"), "--boat")
    return Rules(
        read,
        step(boat_holds, tale),
        solved,
        same(tale),
        loads(boat_holds),
        write=write(tale),
        offers=kinds_loads(boat_holds) if tale.alike else loads(boat_holds),
    )


def check(posed: Posed, solution: Solution) -> None:
    """Raise :class:`~pearls.rules.Illegal` unless the solution takes everyone across by
    safe crossings in a boat for ``--boat``."""
    replay(rules_of(posed), posed, solution)


def legal(posed: Posed, state: JSON) -> list[Step]:
    """Every safe crossing from ``state`` (one for each number of each kind, where
    they are interchangeable), with the state it leaves."""
    return allowed(rules_of(posed), state)
