"""The jugs' text form: each jug as ``litres/capacity``, then ``measure N``, e.g.
``0/3 0/5 measure 4``; jugs are named A, B, ... in the order written.

>>> show(parse("0/3 0/5 measure 4"), parse("0/3 0/5 measure 4").start)
'0/3 0/5 measure 4'
"""

from __future__ import annotations

from pearls import BoardError
from pearls_jugs import Litres, Move, Problem

__all__ = ["move_json", "name", "notation", "parse", "show", "words"]


def _whole(word: str, what: str) -> int:
    """A whole number written in the board, or :class:`~pearls.BoardError` saying what."""
    if not word.isdigit():
        raise BoardError(f"{what} must be a whole number, not {word!r}")
    return int(word)


def parse(text: str) -> Problem:
    """The problem a text describes: two or more jugs, each ``litres/capacity`` with no
    more water than it holds, then ``measure N``."""
    words = text.split()
    if len(words) < 4 or words[-2] != "measure":
        raise BoardError(
            "write each jug as litres/capacity, then 'measure N', e.g. '0/3 0/5 measure 4'"
        )
    jugs = []
    for word in words[:-2]:
        litres, slash, capacity = word.partition("/")
        if not slash:
            raise BoardError(f"a jug is litres/capacity, not {word!r}")
        jugs.append((_whole(litres, "the litres in a jug"), _whole(capacity, "a capacity")))
    if any(litres > capacity or capacity == 0 for litres, capacity in jugs):
        raise BoardError("a jug holds no more than its capacity, and a capacity is at least 1")
    target = _whole(words[-1], "the litres to measure")
    return Problem(tuple(c for _, c in jugs), target, tuple(w for w, _ in jugs))


def show(p: Problem, q: Litres) -> str:
    """The jugs in ``q`` as the text form writes them."""
    jugs = " ".join(f"{w}/{c}" for w, c in zip(q, p.capacities, strict=True))
    return f"{jugs} measure {p.target}"


def name(jug: int) -> str:
    """A jug's name: A, B, ... in the order written."""
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[jug]


def move_json(m: Move) -> dict[str, str]:
    """A move as JSON: ``{"fill": "A"}``, ``{"empty": "B"}``, ``{"pour": "B", "into": "A"}``."""
    if m.into is None:
        return {m.kind: name(m.jug)}
    return {"pour": name(m.jug), "into": name(m.into)}


def words(m: Move) -> str:
    """A move in words: ``fill A``, ``empty B``, ``pour B into A``."""
    return " ".join(f"{k} {j}" for k, j in move_json(m).items())


def notation(m: Move) -> str:
    """A move in short: ``+A``, ``-B``, ``B>A``."""
    if m.into is None:
        return ("+" if m.kind == "fill" else "-") + name(m.jug)
    return f"{name(m.jug)}>{name(m.into)}"
