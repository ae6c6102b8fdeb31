"""The Tower of Hanoi as text: a position written peg by peg, moves in words, in a few
characters and as JSON.

A position is the pegs ``A``, ``B`` and ``C`` separated by ``|``, each its discs top
first: ``'2 3 |  | 1'`` is discs 2 and 3 on ``A`` and disc 1 on ``C``.  In JSON a
position is the three pegs as lists, top first (``[[2, 3], [], [1]]``, the Prolog notes'
``pole`` list), and a move an object naming the disc and its pegs.

>>> from pearls.puzzles.hanoi import tower
>>> show(tower(3)), parse("2 3 | | 1")
('1 2 3 |  |', ((2, 3), (), (1,)))
>>> words(tower(3), (1, 2)), move_json(tower(3), (1, 2))
('disc 1 from A to C', {'disc': 1, 'from': 'A', 'to': 'C'})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pearls.description import JSON
from pearls.errors import BoardError
from pearls.puzzles.hanoi import PEGS, Disc, Move, Stack, Towers, peg_of

__all__ = ["MAX_DISCS", "move_json", "notation", "parse", "show", "state_json", "words"]

MAX_DISCS = 64  # the legend's tower of Brahma: the most discs a position may hold


def show(q: Towers) -> str:
    """The pegs ``A``, ``B`` and ``C`` separated by ``|``, each its discs top first.

    >>> show(((2, 3), (), (1,)))
    '2 3 |  | 1'
    """
    return " | ".join(" ".join(map(str, stack)) for stack in q).strip()


def parse(text: str) -> Towers:
    """The position a text shows: three pegs separated by ``|``, each its discs top
    first, separated by whitespace; the discs are ``1 .. n``, each once, at most
    :data:`MAX_DISCS` of them, and no disc sits on a smaller one.  Raises
    :class:`~pearls.errors.BoardError` saying what is wrong.

    >>> parse("1 2 3 | | "), parse(" 2 3|| 1")
    (((1, 2, 3), (), ()), ((2, 3), (), (1,)))
    >>> parse("2 1 | | 3")
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: peg A: disc 2 sits on disc 1; a disc may sit only on a larger one
    """
    fields = text.split("|")
    if len(fields) != 3:
        raise BoardError(
            f"a position is 3 pegs separated by '|', this text has {len(fields)} part(s)"
        )
    words = [field.split() for field in fields]
    count = sum(map(len, words))
    if count > MAX_DISCS:
        raise BoardError(f"{count:,} discs: a position holds at most {MAX_DISCS}")
    names = {str(d): d for d in range(1, count + 1)}
    if not names:
        raise BoardError("no discs: write the discs 1 .. n on the pegs, e.g. '1 2 3 | |'")
    pegs = [_stack(PEGS[p], stack, names) for p, stack in enumerate(words)]
    counts = Counter(d for stack in pegs for d in stack)
    twice = [d for d, times in counts.items() if times > 1]
    if twice:
        raise BoardError(f"disc {min(twice)} is written {counts[min(twice)]} times")
    return (pegs[0], pegs[1], pegs[2])


def _stack(peg: str, words: Sequence[str], names: dict[str, Disc]) -> Stack:
    """One peg's discs, top first, checked: known numbers, each larger than the one above."""
    stack: list[Disc] = []
    for word in words:
        if word not in names:
            raise BoardError(
                f"peg {peg}: {_quoted(word)} is not a disc; with {len(names)} discs, "
                f"write whole numbers 1 .. {len(names)}"
            )
        d = names[word]
        if stack and d < stack[-1]:
            raise BoardError(
                f"peg {peg}: disc {stack[-1]} sits on disc {d}; a disc may sit only on a larger one"
            )
        stack.append(d)
    return tuple(stack)


def _quoted(word: str, most: int = 20) -> str:
    """A word as a message quotes it, cut short past ``most`` characters.

    >>> _quoted("12"), _quoted("9" * 30)
    ("'12'", "'99999999999999999999'... (30 characters)")
    """
    if len(word) <= most:
        return repr(word)
    return f"{word[:most]!r}... ({len(word):,} characters)"


def words(q: Towers, m: Move) -> str:
    """A move in words, given the towers before it.

    >>> words(((1, 2, 3), (), ()), (1, 2))
    'disc 1 from A to C'
    """
    d, r = m
    return f"disc {d} from {PEGS[peg_of(q, d)]} to {PEGS[r]}"


def notation(q: Towers, m: Move) -> str:
    """A move as its two pegs, from and to: ``AC``.

    >>> notation(((1, 2, 3), (), ()), (1, 2))
    'AC'
    """
    d, r = m
    return PEGS[peg_of(q, d)] + PEGS[r]


def state_json(q: Towers) -> JSON:
    """A position as JSON: the three pegs as lists of discs, top first.

    >>> state_json(((2, 3), (), (1,)))
    [[2, 3], [], [1]]
    """
    return [[*stack] for stack in q]


def move_json(q: Towers, m: Move) -> JSON:
    """A move as JSON, given the towers before it: the disc, and the pegs it leaves and
    reaches by name.

    >>> move_json(((2, 3), (), (1,)), (2, 1))
    {'disc': 2, 'from': 'A', 'to': 'B'}
    """
    d, r = m
    return {"disc": d, "from": PEGS[peg_of(q, d)], "to": PEGS[r]}
