"""Consecutive numbers with a pandigital product: the source's 1267 and 1332, the range
the roots give, and every case against a scan that knows no roots.
"""

from __future__ import annotations

import json
import math
import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pearls.backtrack import solutions
from pearls.cli import main
from pearls.errors import BoardError, OptionError
from pearls.limits import Meter
from pearls.puzzles import pandigital
from pearls.puzzles.pandigital import DECIMAL, NONZERO, Digits
from pearls.search import dfsolve

BOUNDS = {DECIMAL: (1023456789, 9876543210), NONZERO: (123456789, 987654321)}


def found(k: int, digits: Digits) -> list[int]:
    """The first numbers of every run the puzzle finds, under a limit."""
    puzzle = Meter(max_states=200_000).watch(pandigital.puzzle(k, digits))
    return [ms[0] for ms in solutions(puzzle, None)]


def scanned(k: int, digits: Digits) -> list[int]:
    """The same by a scan from 1 until the product has more digits than ``digits``:
    no roots, no bounds but the length."""
    hits, n = [], 1
    while len(str(math.prod(range(n, n + k)))) <= len(digits):
        if sorted(str(math.prod(range(n, n + k)))) == sorted(digits):
            hits.append(n)
        n += 1
    return hits


# --- the source's problem ---------------------------------------------------------------------


def test_the_ends_are_found_in_a_few_products_not_by_a_scan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each end starts from a root, a few numbers off, and moves in: at most 8 products
    for any count of numbers with these digit sets (9 with all ten digits), where a scan
    from 1, which the loop would still bring to the same start, takes hundreds."""
    products: list[int] = []

    def product(n: int, k: int) -> int:
        products.append(n)
        assert len(products) <= 8, f"{len(products)} products for one range: a scan"
        return math.prod(range(n, n + k))

    monkeypatch.setattr(pandigital, "product", product)
    for digits in ("0123", "012345", "1234567"):
        for k in range(1, pandigital.MAX_NUMBERS + 1):
            products.clear()
            pandigital.search_range(k, digits)
            assert products, "a product is computed at each end"


def test_the_source_range_from_cube_roots() -> None:
    assert pandigital.search_range(3, DECIMAL) == range(1007, 2145)  # 1007 .. 2144
    assert math.isclose(1023456789 ** (1 / 3), 1007.758578449832)  # the source's roots
    assert math.isclose(9876543210 ** (1 / 3), 2145.5319657992272)
    assert pandigital.product(1006, 3) == 1021146336 < 1023456789
    assert pandigital.product(2145, 3) == 9883005990 > 9876543210


def test_1267_and_1332_as_the_source_finds() -> None:
    assert found(3, DECIMAL) == [1267, 1332] == scanned(3, DECIMAL)
    assert pandigital.product(1267, 3) == 1267 * 1268 * 1269 == 2038719564
    assert pandigital.product(1332, 3) == 1332 * 1333 * 1334 == 2368591704


def test_dfsolve_finds_the_first() -> None:
    assert dfsolve(pandigital.puzzle(3, DECIMAL), None) == [1267]


# --- generalised ----------------------------------------------------------------------------


def test_what_the_other_cases_give() -> None:
    pairs = found(2, DECIMAL)
    assert len(pairs) == 52 and pairs[:3] == [38627, 40508, 43065] and pairs[-1] == 99270
    assert found(2, NONZERO) == [
        17846, 19403, 19727, 19871, 24768, 24776, 25568, 28521, 28556, 30878, 31203,
    ]  # fmt: skip
    assert found(3, NONZERO) == []  # no three consecutive numbers make 1-9
    assert found(4, DECIMAL) == [291]  # 291 x 292 x 293 x 294 = 7319658024
    assert pandigital.product(291, 4) == 7319658024
    assert all(found(k, d) == [] for k in range(5, 15) for d in (DECIMAL, NONZERO))
    assert found(4, NONZERO) == []


@pytest.mark.parametrize("digits", [DECIMAL, NONZERO])
@pytest.mark.parametrize("k", range(2, 15))
def test_every_case_agrees_with_a_scan(k: int, digits: Digits) -> None:
    assert found(k, digits) == scanned(k, digits)


@pytest.mark.parametrize("digits", [DECIMAL, NONZERO])
@pytest.mark.parametrize("k", range(2, 21))
def test_the_range_is_exactly_the_n_whose_products_have_the_right_size(
    k: int, digits: Digits
) -> None:
    lo, hi = BOUNDS[digits]
    span = pandigital.search_range(k, digits)
    assert all(lo <= pandigital.product(n, k) <= hi for n in span)
    before, after = (span.start - 1, span.stop) if span else (0, 0)
    assert before < 1 or pandigital.product(before, k) < lo
    assert not span or pandigital.product(after, k) > hi
    assert len(span) < 70_000  # never a blind scan


def counted(k: int, digits: Digits) -> list[int]:
    """The ``n`` whose product of ``k`` lies between the least and the greatest number
    written with ``digits`` (both included), by trying ``n = 1, 2, ...`` until the
    product passes the greatest."""
    lo = int(digits[1] + digits[0] + digits[2:] if digits[0] == "0" else digits)
    hi, hits, n = int(digits[::-1]), [], 1
    while math.prod(range(n, n + k)) <= hi:
        hits += [n] if math.prod(range(n, n + k)) >= lo else []
        n += 1
    return hits


@pytest.mark.parametrize("digits", [DECIMAL, NONZERO, "02", "06", "24", "012", "0123"])
def test_the_range_holds_every_product_within_both_ends(digits: Digits) -> None:
    """Both ends count, and the range starts at 1 where the product does: small digit
    sets put products on the ends themselves (4 x 5 = 20 is the least and the greatest
    number written with 0 and 2; 1 x 2 x 3 x 4 = 24, as 2 x 3 x 4), or between two
    products (no two consecutive numbers make 60: 7 x 8 = 56, 8 x 9 = 72), and 13
    numbers from 1 make 13! = 6227020800, ten digits."""
    for k in range(2, pandigital.MAX_NUMBERS + 1):
        assert list(pandigital.search_range(k, digits)) == counted(k, digits), k
    assert list(pandigital.search_range(13, DECIMAL)) == [1]


@pytest.mark.parametrize("digits", ["02", "06", "24", "012", "0123", "123"])
def test_one_number_ranges_from_the_least_to_the_greatest(digits: Digits) -> None:
    """With one number the product is the number: every ``n`` from the least number
    written with the digits to the greatest, both included (the least is a first
    power, its own root, so the range cannot start one above it)."""
    assert list(pandigital.search_range(1, digits)) == counted(1, digits)


@given(st.integers(0, 10**40), st.integers(1, 12))
@example(2, 2)  # the least x whose root is not x itself
def test_iroot_is_the_exact_floor_of_the_root(x: int, k: int) -> None:
    r = pandigital.iroot(x, k)
    assert r**k <= x < (r + 1) ** k


@given(st.integers(0, 10**12))
def test_pandigital_is_each_digit_once(p: int) -> None:
    text = str(p)
    assert pandigital.pandigital(p, DECIMAL) == (len(text) == 10 and set(text) == set(DECIMAL))
    assert pandigital.pandigital(p, NONZERO) == (len(text) == 9 and set(text) == set(NONZERO))


# --- text and settings ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "settings", "expected"),
    [
        ("3 0-9", {}, (3, DECIMAL)),
        ("  4   1-9 ", {}, (4, NONZERO)),
        ("2", {"digits": "1-9"}, (2, NONZERO)),
        ("1-9", {"numbers": "5"}, (5, NONZERO)),
        ("", {"numbers": "3", "digits": "0-9"}, (3, DECIMAL)),
        ("3 numbers, 0-9", {}, (3, DECIMAL)),
    ],
)
def test_the_text_and_the_settings(
    text: str, settings: dict[str, str], expected: tuple[int, Digits]
) -> None:
    assert pandigital.parse(text, pandigital.DESCRIPTION.settings(settings)) == expected


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("1 0-9", "2 to 20"),
        ("21", "2 to 20"),
        ("9" * 5000 + " 0-9", "2 to 20 in a row, not a value of 5,000 characters"),
        ("3 2-9", "e.g. '3 0-9'"),
        ("three", "e.g. '3 0-9'"),
        ("\u00b2 0-9", "e.g. '3 0-9'"),
        ("\u0663 0-9", "e.g. '3 0-9'"),
        ("x" * 10_000, "not '" + "x" * 40 + "'"),
    ],
)
def test_bad_text_says_why_in_one_line(text: str, says: str) -> None:
    with pytest.raises(BoardError, match=re.escape(says)) as caught:
        pandigital.parse(text)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 120


@pytest.mark.parametrize(
    ("settings", "says"),
    [
        ({"numbers": "x"}, "--numbers must be a whole number from 2 to 20"),
        ({"numbers": "\u00b2"}, "--numbers must be a whole number from 2 to 20"),
        ({"numbers": "\u0663"}, "--numbers must be a whole number from 2 to 20"),
        ({"numbers": "9" * 5000}, "--numbers must be a whole number from 2 to 20"),
        ({"digits": "2-9"}, "--digits must be one of 0-9, 1-9"),
    ],
)
def test_bad_settings_name_the_option(settings: dict[str, str], says: str) -> None:
    with pytest.raises(OptionError, match=says) as caught:
        pandigital.DESCRIPTION.problem("", settings)
    assert len(str(caught.value)) < 120


def test_show() -> None:
    assert pandigital.show(1332, 3, DECIMAL) == "1332 x 1333 x 1334 = 2368591704"
    assert (
        pandigital.show(None, 2, NONZERO) == "n x (n+1) for n in 11111..31426, pandigital in 1-9?"
    )
    assert "no n at all" in pandigital.show(None, 14, DECIMAL)


def test_moves_as_json_words_and_notation() -> None:
    p = pandigital.DESCRIPTION.problem("3 0-9")
    solution = p.solve("backtrack")
    assert solution.moves == ({"n": 1267},)
    assert (solution.words, solution.notation) == (("choose n = 1267",), ("1267",))
    assert solution.answer == [1267, 1268, 1269]


@pytest.mark.parametrize("example", list(pandigital.EXAMPLES))
def test_every_method_agrees_with_the_scan(example: str) -> None:
    k, digits = pandigital.parse(pandigital.EXAMPLES[example])
    first = scanned(k, digits)[:1]
    for method in (name for name, m in pandigital.DESCRIPTION.methods.items() if not m.every):
        solution = pandigital.DESCRIPTION.solve(method, pandigital.EXAMPLES[example], Meter(10**5))
        assert list(solution.moves or ()) == [{"n": n} for n in first]
    assert (example in pandigital.DESCRIPTION.unsolvable) == (first == [])


# --- the command line -----------------------------------------------------------------------


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main([*argv, "--max-states", "200000"])
    return code, capsys.readouterr().out


def test_the_command_line_lists_the_source_triples(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["solve", "pandigital", "--all", "--json"], capsys)
    answer = json.loads(out)
    assert (code, answer["count"]) == (0, 2)
    assert answer["solutions"] == [[1267, 1268, 1269], [1332, 1333, 1334]]
    by_default = json.loads(run(["solve", "pandigital", "--json"], capsys)[1])
    assert by_default["solutions"] == answer["solutions"]


def test_the_command_line_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["solve", "pandigital", "--numbers", "4", "--all", "--json"], capsys)
    assert (code, json.loads(out)["solutions"]) == (0, [[291, 292, 293, 294]])
    code, out = run(["solve", "pandigital", "--digits", "1-9", "--all", "--json"], capsys)
    assert (code, json.loads(out)["count"]) == (1, 0)
    assert main(["solve", "pandigital", "--numbers", "1"]) == 2
