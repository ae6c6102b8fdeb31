"""The jugs' rules, as a person states them, written apart from the model (this module
imports nothing of ``pearls_jugs``): a jug can be filled to its brim, emptied, or poured
into another until it is empty or the other is full; solved when a jug holds the litres
asked for.  The capacities and the litres asked for are read from the board's text.

A state is the litres in each jug, ``[0, 5]``; a move is ``{"fill": "A"}``,
``{"empty": "B"}`` or ``{"pour": "B", "into": "A"}``.

>>> from pearls.rules import Posed, written
>>> posed = Posed("0/3 0/5 measure 4", {}, [0, 0])
>>> legal(posed, [0, 5])  # doctest: +NORMALIZE_WHITESPACE
[({'fill': 'A'}, [3, 5]), ({'empty': 'B'}, [0, 0]), ({'pour': 'B', 'into': 'A'}, [3, 2])]
>>> check(posed, written([[0, 0], [0, 5]], [{"fill": "B"}]))
Traceback (most recent call last):
...
pearls.rules.Illegal: the last state, [0, 5], is not solved
"""

from __future__ import annotations

from collections.abc import Iterator

from pearls.description import JSON, Solution
from pearls.rules import Illegal, Posed, Rules, Step, allowed, items, replay, whole

__all__ = ["check", "legal"]

NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

Water = tuple[int, ...]  # litres in each jug, e.g. (0, 5)


def asked(posed: Posed) -> tuple[list[int], int]:
    """The capacities and the litres asked for, read from the text ``0/3 0/5 measure 4``."""
    words = posed.text.split()
    return [int(w.split("/")[1]) for w in words[:-2]], int(words[-1])


def rules(posed: Posed) -> Rules[Water]:
    """The rules of the jugs the problem poses."""
    capacities, target = asked(posed)

    def read(j: JSON) -> Water:
        water = tuple(whole(w, "litres") for w in items(j, "the jugs"))
        if len(water) != len(capacities) or not all(
            0 <= w <= c for w, c in zip(water, capacities, strict=True)
        ):
            raise Illegal(f"{water} is not water in jugs of {capacities}")
        return water

    def jug(name: JSON) -> int:
        if not isinstance(name, str) or name not in NAMES[: len(capacities)]:
            raise Illegal(f"no jug {name!r}")
        return NAMES.index(name)

    def step(q: Water, m: JSON) -> Water:
        if not isinstance(m, dict) or len(m) not in (1, 2):
            raise Illegal(f"not a move: {m!r}")
        after = list(q)
        if set(m) == {"fill"}:
            a = jug(m["fill"])
            if q[a] == capacities[a]:
                raise Illegal(f"jug {m['fill']} is full")
            after[a] = capacities[a]
        elif set(m) == {"empty"}:
            a = jug(m["empty"])
            if q[a] == 0:
                raise Illegal(f"jug {m['empty']} is empty")
            after[a] = 0
        elif set(m) == {"pour", "into"}:
            a, b = jug(m["pour"]), jug(m["into"])
            if a == b or q[a] == 0 or q[b] == capacities[b]:
                raise Illegal(f"cannot pour {m['pour']} into {m['into']}")
            while after[a] > 0 and after[b] < capacities[b]:
                after[a], after[b] = after[a] - 1, after[b] + 1
        else:
            raise Illegal(f"not a move: {m!r}")
        return tuple(after)

    def offers(q: Water) -> Iterator[JSON]:
        names = NAMES[: len(capacities)]
        kept: list[JSON] = [{"fill": a} for a in names]
        emptied: list[JSON] = [{"empty": a} for a in names]
        poured: list[JSON] = [{"pour": a, "into": b} for a in names for b in names if a != b]
        yield from kept + emptied + poured

    def write(q: Water) -> JSON:
        return list(q)

    return Rules(read, step, lambda q: target in q, tries=offers, write=write, offers=offers)


def check(posed: Posed, solution: Solution) -> None:
    """Raise :class:`~pearls.rules.Illegal` unless the solution measures the litres."""
    replay(rules(posed), posed, solution)


def legal(posed: Posed, state: JSON) -> list[Step]:
    """Every legal move from the jugs ``state``, with the water it leaves."""
    return allowed(rules(posed), state)
