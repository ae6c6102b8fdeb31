"""Consecutive numbers whose product is pandigital: ``n (n+1) (n+2)`` using each digit
0-9 exactly once (a *daimachi* number, in Japanese puzzle parlance; the nine digits
1-9 make a *komachi* number).

The Scheme exercises (M. Hiroi's collection; the puzzle is from C Magazine, February
1998) narrow the search before they start: a product of 10 digits lies between
1023456789 and 9876543210, and ``n^3 < n (n+1) (n+2) < (n+2)^3``, so the cube roots of
the two bound ``n`` to 1007 .. 2144; they then generate each ``n`` and test its
product.  Here that is
:func:`~pearls.backtrack.generate_and_test`, on ``k`` consecutive numbers and either
digit set, the range found by ``k``-th roots:

>>> search_range(3, DECIMAL)
range(1007, 2145)
>>> from pearls.backtrack import solutions
>>> [ms[0] for ms in solutions(puzzle(3, DECIMAL), None)]
[1267, 1332]
>>> product(1267, 3), product(1332, 3)
(2038719564, 2368591704)
"""

from __future__ import annotations

import re
from math import prod
from typing import TypeAlias

from pearls import methods
from pearls.backtrack import generate_and_test
from pearls.description import JSON, NO_SETTINGS, Description, Problem, Settings, choice, whole
from pearls.errors import BoardError
from pearls.methods import Answer
from pearls.textform import quoted, whole_number
from pearls.types import Puzzle

__all__ = [
    "DECIMAL",
    "DESCRIPTION",
    "DIGITS",
    "DIGIT_SETS",
    "EXAMPLES",
    "MAX_NUMBERS",
    "NONZERO",
    "NUMBERS",
    "Choice",
    "Digits",
    "iroot",
    "move_json",
    "numbers",
    "numbers_json",
    "pandigital",
    "parse",
    "problem",
    "product",
    "puzzle",
    "search_range",
    "show",
]

Digits: TypeAlias = str  # the digits a product must use once each, ascending: "0123456789"
Choice: TypeAlias = int | None  # the first of the numbers, or None before choosing: 1267

DECIMAL: Digits = "0123456789"  # all ten digits
NONZERO: Digits = "123456789"  # the nine digits 1-9
DIGIT_SETS = {"0-9": DECIMAL, "1-9": NONZERO}  # the digit sets by name
MAX_NUMBERS = 20  # the most consecutive numbers; from 14 on (0-9) the range is empty


# Products and the range of n


def product(n: int, k: int) -> int:
    """The product of the ``k`` consecutive numbers from ``n``: ``n (n+1) ... (n+k-1)``.

    >>> product(1267, 3)
    2038719564
    """
    return prod(range(n, n + k))


def pandigital(p: int, digits: Digits) -> bool:
    """Whether ``p`` is written with each of ``digits`` exactly once (so never with a
    leading 0).

    >>> pandigital(2038719564, DECIMAL), pandigital(123456789, DECIMAL)
    (True, False)
    """
    return "".join(sorted(str(p))) == digits


def iroot(x: int, k: int) -> int:
    """The ``k``-th root of ``x >= 0`` rounded down, in exact integers: the largest
    ``r`` with ``r^k <= x``, by Newton's method from above,
    ``r' = ((k-1) r + x div r^(k-1)) div k``, which falls until it reaches the root.

    >>> iroot(9876543210, 3), iroot(1023456789, 3), iroot(2**60, 3), iroot(10**40 - 1, 4)
    (2145, 1007, 1048576, 9999999999)
    """
    if x < 2:
        return x
    r = 1 << -(-x.bit_length() // k)  # 2^ceil(bits / k) > the root
    while True:
        s = ((k - 1) * r + x // r ** (k - 1)) // k
        if s >= r:
            return r
        r = s


def search_range(k: int, digits: Digits) -> range:
    """The ``n`` whose ``k`` consecutive numbers can have a product of ``digits``.

    The product ``P n`` lies between the least and the greatest number written with the
    digits, ``lo`` and ``hi``, and ``n^k <= P n <= (n+k-1)^k``; so ``n <= iroot hi k``
    and ``n + k - 1 >= ⌈lo^(1/k)⌉``.  Then, as the source does, the products at the two
    ends are checked, and an end moved in while its product is out of bounds.

    >>> search_range(3, NONZERO), search_range(2, DECIMAL), len(search_range(14, DECIMAL))
    (range(497, 995), range(31992, 99381), 0)
    """
    lo, hi = int(_least(digits)), int(digits[::-1])
    first = max(1, _ceil_root(lo, k) - (k - 1))
    last = iroot(hi, k)
    while first <= last and product(first, k) < lo:
        first += 1
    while last >= first and product(last, k) > hi:
        last -= 1
    return range(first, last + 1)


def _least(digits: Digits) -> str:
    """The least number written with each digit once: no leading 0."""
    return digits[1] + digits[0] + digits[2:] if digits[0] == "0" else digits


def _ceil_root(x: int, k: int) -> int:
    """The ``k``-th root of ``x`` rounded up."""
    r = iroot(x, k)
    return r if r**k == x else r + 1


# The puzzle: generate and test


def puzzle(k: int, digits: Digits) -> Puzzle[Choice, int]:
    """Generate and test: choose ``n`` in :func:`search_range`, solved when the product
    of ``n .. n+k-1`` is pandigital in ``digits``.

    >>> from pearls.search import dfsolve
    >>> dfsolve(puzzle(3, DECIMAL), None)
    [1267]
    """
    return generate_and_test(search_range(k, digits), lambda n: pandigital(product(n, k), digits))


def numbers(n: Choice, k: int) -> list[int]:
    """The ``k`` consecutive numbers from ``n``, none before choosing."""
    return [] if n is None else list(range(n, n + k))


# The text form


_TEXT = re.compile(r"\s*(?P<k>[0-9]+)?\s*(?:numbers?)?\s*,?\s*(?P<digits>0-9|1-9)?\s*$")


NUMBERS = whole("numbers", "how many consecutive numbers", 3, 2, MAX_NUMBERS, metavar="K")
DIGITS = choice(
    "digits", "the digits the product uses once each", "0-9", tuple(DIGIT_SETS), metavar="SET"
)


def parse(text: str, settings: Settings = NO_SETTINGS) -> tuple[int, Digits]:
    """How many numbers and which digits: the text ``K DIGITS`` (``3 0-9``, ``4 1-9``),
    either part left out taken from ``--numbers`` and ``--digits``.

    :class:`~pearls.errors.BoardError` for a text that says neither, or too many
    numbers.

    >>> parse("3 1-9"), parse("", DESCRIPTION.settings({"numbers": "4"}))
    ((3, '123456789'), (4, '0123456789'))
    """
    found = _TEXT.match(text)
    if found is None:
        quoted = text.strip()[:40]
        raise BoardError(f"write how many numbers and the digits, e.g. '3 0-9', not {quoted!r}")
    k = settings[NUMBERS] if found["k"] is None else _count(found["k"])
    return k, DIGIT_SETS[found["digits"] or settings[DIGITS]]


def _count(given: str) -> int:
    """How many numbers in a row, checked (ASCII digits, few of them) before it is
    read: from 2 to :data:`MAX_NUMBERS`."""
    k = whole_number(given, 2, MAX_NUMBERS)
    if k is None:
        raise BoardError(f"the numbers are 2 to {MAX_NUMBERS} in a row, not {quoted(given)}")
    return k


def show(n: Choice, k: int, digits: Digits) -> str:
    """A choice in words: the product written out, or the range still to try.

    >>> show(1267, 3, DECIMAL)
    '1267 x 1268 x 1269 = 2038719564'
    >>> show(None, 3, DECIMAL)
    'n x ... x (n+2) for n in 1007..2144, pandigital in 0-9?'
    """
    if n is None:
        span = search_range(k, digits)
        last = "(n+1)" if k == 2 else f"... x (n+{k - 1})"
        where = f"{span.start}..{span.stop - 1}" if span else "no n at all"
        name = "0-9" if digits == DECIMAL else "1-9"
        return f"n x {last} for n in {where}, pandigital in {name}?"
    return " x ".join(map(str, numbers(n, k))) + f" = {product(n, k)}"


def numbers_json(n: Choice, k: int) -> JSON:
    """A choice as JSON: the numbers, ``null`` before choosing.

    >>> numbers_json(1267, 3), numbers_json(None, 3)
    ([1267, 1268, 1269], None)
    """
    return None if n is None else list(numbers(n, k))


def move_json(n: int) -> JSON:
    """A move as JSON: the ``n`` it chooses, ``{"n": 1267}``."""
    return {"n": n}


# The puzzle described for the command line


def problem(text: str, settings: Settings) -> Problem[Choice, int]:
    """The problem the text (or, where it is silent, the settings) describes.

    Its default method lists every solution, the source's generate and test
    (:func:`pearls.methods.every`); backtracking finds the first, and the chapter's
    ``dfsolve`` and ``bfsolve`` are offered beside it: a choice is reached by one move
    only, so a set of visited states would never spare a search.  The answer is the
    numbers chosen.
    """
    k, digits = parse(text, settings)
    choosing = puzzle(k, digits)
    answer: Answer[Choice] = Answer("numbers", lambda n: numbers_json(n, k))
    return Problem(
        puzzle=choosing,
        start=None,
        methods=methods.completing(choosing, answer, every_first=True),
        show=lambda n: show(n, k, digits),
        state_json=lambda n: numbers_json(n, k),
        move_json=lambda q, n: move_json(n),
        words=lambda q, n: f"choose n = {n}",
        notation=lambda q, n: str(n),
    )


def _standard(settings: Settings) -> str:
    """The problem the options describe: the empty text, each part taken from
    ``--numbers`` and ``--digits`` (so a bad value is refused naming its option)."""
    return ""


EXAMPLES = {
    "triples": "3 0-9",  # the Scheme exercises' question: 1267 and 1332
    "fours": "4 0-9",  # one run: 291 x 292 x 293 x 294
    "pairs": "2 1-9",  # eleven pairs
    "komachi": "3 1-9",  # no three numbers in a row make a komachi product
}

DESCRIPTION = Description(
    name="pandigital",
    title="Consecutive numbers whose product uses each digit once",
    text_form="How many consecutive numbers and which digits their product uses, each "
    "exactly once: '3 0-9' (n (n+1) (n+2) written with 0-9, the question of the Scheme "
    "exercises) or '3 1-9'; a part left out comes from --numbers and --digits. The one "
    "move chooses n, from the range the k-th roots of the least and greatest such "
    "products allow.",
    parse=problem,
    examples=EXAMPLES,
    unsolvable=frozenset({"komachi"}),
    options=(NUMBERS, DIGITS),
    standard=_standard,
)
