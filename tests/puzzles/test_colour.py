"""Map colouring: the source's map in four colours (its own first colouring, every
colouring counted), three colours too few, and counts against brute force.
"""

from __future__ import annotations

import json
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pearls.backtrack import solutions
from pearls.cli import main
from pearls.errors import BoardError
from pearls.limits import Meter
from pearls.puzzles import colour
from pearls.puzzles.colour import SEED, Colouring, Map
from pearls.search import dfsolve

# The source's adjacency list, as it writes it.
SEED_ADJACENT = {
    "A": "B C D F K L",
    "B": "A D E I L",
    "C": "A D F G",
    "D": "A B C E G H",
    "E": "B D H I",
    "F": "A C G J K",
    "G": "C D H F J",
    "H": "D E G I J",
    "I": "B E H J L",
    "J": "F G H I K L",
    "K": "A F J L",
    "L": "A B I J K",
}
# The colouring the source's program prints.
SEED_COLOURING = {
    "A": "red", "B": "blue", "C": "blue", "D": "green", "E": "red", "F": "green",
    "G": "yellow", "H": "blue", "I": "green", "J": "red", "K": "blue", "L": "yellow",
}  # fmt: skip


def edges(m: Map) -> list[tuple[int, int]]:
    """Each border once, as two regions' places."""
    return [(i, j) for i, near in enumerate(m.borders) for j in near if i < j]


def every(m: Map, k: int, states: int = 100_000) -> list[Colouring]:
    """Every colouring in ``k`` colours the search finds, under a limit."""
    puzzle = Meter(max_states=states).watch(colour.puzzle(m, k))
    return [tuple(ms) for ms in solutions(puzzle, ())]


def brute_force(m: Map, k: int, fixed: tuple[int, ...] = ()) -> int:
    """The number of proper colourings in ``k`` colours, by trying every assignment of
    colours to the regions after ``fixed`` (the first regions' colours, given)."""
    pairs = edges(m)
    rest = product(range(k), repeat=len(m.regions) - len(fixed))
    return sum(all(q[i] != q[j] for i, j in pairs) for q in ((*fixed, *r) for r in rest))


@st.composite
def maps(draw: st.DrawFn, max_regions: int = 7) -> Map:
    """A map of up to ``max_regions`` regions and random borders."""
    n = draw(st.integers(1, max_regions))
    names = [chr(ord("A") + i) for i in range(n)]
    pairs = draw(st.lists(st.tuples(st.sampled_from(names), st.sampled_from(names)), max_size=15))
    near: dict[str, list[str]] = {name: [] for name in names}
    for a, b in pairs:
        if a != b:
            near[a].append(b)
    return colour.make_map(near.items())


# --- the source's map -------------------------------------------------------------------------


def test_the_seed_map_is_the_source_list_and_the_list_is_symmetric() -> None:
    assert SEED.regions == tuple("ABCDEFGHIJKL")
    for region, near in SEED_ADJACENT.items():
        i = SEED.regions.index(region)
        assert sorted(SEED.regions[j] for j in SEED.borders[i]) == sorted(near.split())
        assert all(region in SEED_ADJACENT[other].split() for other in near.split())
    assert len(edges(SEED)) == 30


def test_four_colours_give_the_source_colouring_first() -> None:
    found = dfsolve(Meter(max_states=1_000).watch(colour.puzzle(SEED, 4)), ())
    assert found is not None
    assert colour.show(SEED, tuple(found)) == " ".join(
        f"{r}:{c}" for r, c in SEED_COLOURING.items()
    )
    assert next(iter(every(SEED, 4))) == tuple(found)


def test_the_seed_map_has_216_colourings_in_four_colours() -> None:
    """216 = 4! x 9: nine ways to split the map into four classes, each in 24 colourings.
    The brute force fixes A, B and D (which border each other) to red, blue, green and
    multiplies by the 24 ways of colouring three regions with three of four colours."""
    found = every(SEED, 4)
    assert len(found) == 216 == len(set(found))
    assert all(colour.proper(SEED, q) for q in found)
    a, b, d = (SEED.regions.index(r) for r in "ABD")
    assert (a, b, d) == (0, 1, 3)
    fixed_abd = sum(q[a] == 0 and q[b] == 1 and q[d] == 2 for q in found)
    assert fixed_abd * 24 == 216
    by_brute_force = sum(
        brute_force(SEED, 4, fixed=(0, 1, c, 2)) for c in range(4)
    )  # A=0, B=1, C any, D=2
    assert by_brute_force == fixed_abd == 9


def test_three_colours_are_not_enough_for_the_seed_map() -> None:
    meter = Meter(max_states=10_000)
    assert list(solutions(meter.watch(colour.puzzle(SEED, 3)), ())) == []
    assert meter.expanded < 10_000  # the search ran out, not the meter
    assert brute_force(SEED, 3, fixed=(0, 1)) == 0  # A and B border: any colouring is so


def wheel(k: int) -> int:
    """A hub and a ring of five: the hub takes any of ``k`` colours, the ring (a 5-cycle)
    any proper colouring in the other ``k - 1``: ``P(C5, c) = (c-1)^5 - (c-1)``."""
    return k * ((k - 2) ** 5 - (k - 2))


def australia(k: int) -> int:
    """SA borders the five other mainland regions, which make a path WA-NT-Q-NSW-V;
    Tasmania borders none: ``k (k-1) (k-2)^4 * k``."""
    return k * (k - 1) * (k - 2) ** 4 * k


def test_the_examples_have_as_many_colourings_as_their_formulas_say() -> None:
    assert (wheel(3), wheel(4), australia(3), australia(4)) == (0, 120, 18, 768)
    for example, formula in (("wheel", wheel), ("australia", australia)):
        m = colour.parse(colour.EXAMPLES[example])
        assert [len(every(m, k)) for k in range(1, 6)] == [max(0, formula(k)) for k in range(1, 6)]
    assert [len(every(SEED, k)) for k in range(1, 5)] == [0, 0, 0, 216]


# --- properties -------------------------------------------------------------------------------


@given(maps(), st.integers(1, 4))
def test_counts_agree_with_brute_force(m: Map, k: int) -> None:
    found = every(m, k)
    assert len(found) == brute_force(m, k) == len(set(found))
    assert all(colour.proper(m, q) and len(q) == len(m.regions) for q in found)
    assert all(0 <= c < k for q in found for c in q)


@given(maps(), st.integers(1, 4))
def test_dfsolve_finds_the_first_colouring(m: Map, k: int) -> None:
    found = dfsolve(Meter(max_states=100_000).watch(colour.puzzle(m, k)), ())
    first = next(iter(every(m, k)), None)
    assert (None if found is None else tuple(found)) == first


@given(maps())
def test_text_and_json_describe_the_same_map(m: Map) -> None:
    as_json = json.dumps(
        {r: [m.regions[j] for j in near] for r, near in zip(m.regions, m.borders, strict=True)}
    )
    assert colour.parse(colour.map_text(m)) == m == colour.parse(as_json)


# --- text forms -------------------------------------------------------------------------------


def test_borders_go_both_ways_and_regions_keep_their_order() -> None:
    m = colour.parse("B: C\nA B")
    assert m.regions == ("B", "A", "C")
    assert m.borders == ((1, 2), (0,), (0,))
    assert colour.parse("A B C D") == colour.parse("A: B, C, D") == colour.parse("A:B,C,D")
    assert colour.parse("A\nB") == Map(("A", "B"), ((), ()))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "no regions"),
        (" ; \n ", "no regions"),
        ("A: A B", "cannot border itself"),
        ("A B: C", "one region before ':'"),
        (": B", "one region before ':'"),
        ("A: B: C", "one ':'"),
        ("{", "not JSON"),
        ('{"A": "B"}', "JSON map"),
        ('{"A": [1]}', "JSON map"),
        ('{"A": [""]}', "JSON map"),
        ('{"": ["B"]}', "empty"),
        ('{"A": ["A"]}', "cannot border itself"),
    ],
)
def test_bad_maps_say_why(text: str, says: str) -> None:
    with pytest.raises(BoardError, match=says):
        colour.parse(text)


@pytest.mark.parametrize("given", ["0", "-1", "x", "", "65", "4.0"])
def test_a_bad_number_of_colours_is_refused(given: str) -> None:
    with pytest.raises(BoardError, match="--colours"):
        colour.DESCRIPTION.problem("A B", {"colours": given})


def test_colours_beyond_the_palette_have_names_and_fills() -> None:
    assert [colour.colour_name(c) for c in (9, 10, 63)] == ["grey", "colour11", "colour64"]
    complete = colour.make_map((str(i), [str(j) for j in range(12) if j != i]) for i in range(12))
    first = tuple(next(solutions(Meter(max_states=1_000).watch(colour.puzzle(complete, 12)), ())))
    assert first == tuple(range(12))
    assert "hsl(" in colour.draw(complete, first)


def test_show_and_draw_a_partial_colouring() -> None:
    assert colour.show(SEED, (0, 1)).startswith("A:red B:blue C:? D:?")
    picture = colour.draw(SEED, (0, 1))
    assert picture.count('class="region"') == 12
    assert picture.count('fill="#ffffff" stroke') == 10  # the regions still to colour


# --- the command line -------------------------------------------------------------------------


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main([*argv, "--max-states", "100000"])
    return code, capsys.readouterr().out


def test_the_command_line_colours_the_seed_map(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["solve", "colour", "--json"], capsys)
    assert code == 0
    assert json.loads(out)["colouring"] == SEED_COLOURING
    code, out = run(["solve", "colour", "--all", "--json"], capsys)
    every_one = json.loads(out)
    assert (code, every_one["count"]) == (0, 216)
    for found in every_one["solutions"]:
        assert all(found[a] != found[b] for a, near in SEED_ADJACENT.items() for b in near.split())
    code, out = run(["solve", "colour", "--colours", "3", "--json"], capsys)
    assert (code, json.loads(out)["colouring"]) == (1, None)


def test_the_command_line_reads_json_maps(capsys: pytest.CaptureFixture[str]) -> None:
    board = '{"x": ["y", "z"], "y": ["z"]}'
    code, out = run(["solve", "colour", "--board", board, "--colours", "3", "--json"], capsys)
    assert (code, json.loads(out)["colouring"]) == (0, {"x": "red", "y": "blue", "z": "green"})
