"""Map colouring: the Scheme exercises' map in four colours (its own first colouring,
every colouring counted), three colours too few, and counts against brute force; the
text form, the user's terms, and the command line.
"""

from __future__ import annotations

import json
import re
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pearls.backtrack import solutions
from pearls.cli import main
from pearls.errors import BoardError, LimitReached, OptionError
from pearls.limits import Meter
from pearls.puzzles import colour
from pearls.puzzles.colour import TWELVE_REGIONS, Colouring, Map
from pearls.puzzles.colour import text as colour_text
from pearls.puzzles.colour.describe import DESCRIPTION, EXAMPLES
from pearls.puzzles.colour.draw import draw
from pearls.search import dfsolve

# The source's adjacency list, as it writes it.
TWELVE_ADJACENT = {
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
SOURCE_COLOURING = {
    "A": "red", "B": "blue", "C": "blue", "D": "green", "E": "red", "F": "green",
    "G": "yellow", "H": "blue", "I": "green", "J": "red", "K": "blue", "L": "yellow",
}  # fmt: skip


def edges(m: Map) -> list[tuple[int, int]]:
    """Each border once, as two regions' places."""
    return [(i, j) for i, near in enumerate(m.borders) for j in near if i < j]


def every(m: Map, k: int, states: int = 100_000) -> list[Colouring]:
    """Every colouring in ``k`` colours the search finds, under a limit."""
    puzzle = Meter(max_states=states).watch(colour.puzzle(m, k))
    return [tuple(c for _, c in ms) for ms in solutions(puzzle, ())]


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


def test_the_twelve_regions_are_the_source_list_and_the_list_is_symmetric() -> None:
    assert TWELVE_REGIONS.regions == tuple("ABCDEFGHIJKL")
    for region, near in TWELVE_ADJACENT.items():
        i = TWELVE_REGIONS.regions.index(region)
        assert sorted(TWELVE_REGIONS.regions[j] for j in TWELVE_REGIONS.borders[i]) == sorted(
            near.split()
        )
        assert all(region in TWELVE_ADJACENT[other].split() for other in near.split())
    assert len(edges(TWELVE_REGIONS)) == 30


def test_four_colours_give_the_source_colouring_first() -> None:
    found = dfsolve(Meter(max_states=1_000).watch(colour.puzzle(TWELVE_REGIONS, 4)), ())
    assert found is not None
    assert [r for r, _ in found] == list(TWELVE_REGIONS.regions)
    colours = tuple(c for _, c in found)
    assert colour_text.show(TWELVE_REGIONS, colours) == " ".join(
        f"{r}:{c}" for r, c in SOURCE_COLOURING.items()
    )
    assert next(iter(every(TWELVE_REGIONS, 4))) == colours


def test_the_twelve_regions_have_216_colourings_in_four_colours() -> None:
    """216 = 4! x 9: nine ways to split the map into four classes, each in 24 colourings.
    The brute force fixes A, B and D (which border each other) to red, blue, green and
    multiplies by the 24 ways of colouring three regions with three of four colours."""
    found = every(TWELVE_REGIONS, 4)
    assert len(found) == 216 == len(set(found))
    assert all(colour.proper(TWELVE_REGIONS, q) for q in found)
    a, b, d = (TWELVE_REGIONS.regions.index(r) for r in "ABD")
    assert (a, b, d) == (0, 1, 3)
    fixed_abd = sum(q[a] == 0 and q[b] == 1 and q[d] == 2 for q in found)
    assert fixed_abd * 24 == 216
    by_brute_force = sum(
        brute_force(TWELVE_REGIONS, 4, fixed=(0, 1, c, 2)) for c in range(4)
    )  # A=0, B=1, C any, D=2
    assert by_brute_force == fixed_abd == 9


def test_three_colours_are_not_enough_for_the_twelve_regions() -> None:
    meter = Meter(max_states=10_000)
    assert list(solutions(meter.watch(colour.puzzle(TWELVE_REGIONS, 3)), ())) == []
    assert meter.expanded < 10_000  # the search ran out, not the meter
    assert brute_force(TWELVE_REGIONS, 3, fixed=(0, 1)) == 0  # A and B border: any colouring is so


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
        m = colour_text.parse(EXAMPLES[example])
        assert [len(every(m, k)) for k in range(1, 6)] == [max(0, formula(k)) for k in range(1, 6)]
    assert [len(every(TWELVE_REGIONS, k)) for k in range(1, 5)] == [0, 0, 0, 216]


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
    assert (None if found is None else tuple(c for _, c in found)) == first


@given(maps())
def test_text_and_json_describe_the_same_map(m: Map) -> None:
    as_json = json.dumps(
        {r: [m.regions[j] for j in near] for r, near in zip(m.regions, m.borders, strict=True)}
    )
    assert colour_text.parse(colour_text.map_text(m)) == m == colour_text.parse(as_json)


# --- text forms -------------------------------------------------------------------------------


def test_borders_go_both_ways_and_regions_keep_their_order() -> None:
    m = colour_text.parse("B: C\nA B")
    assert m.regions == ("B", "A", "C")
    assert m.borders == ((1, 2), (0,), (0,))
    assert (
        colour_text.parse("A B C D")
        == colour_text.parse("A: B, C, D")
        == colour_text.parse("A:B,C,D")
    )
    assert colour_text.parse("A\nB") == Map(("A", "B"), ((), ()))


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
        ('{"A": [' + "1" * 5000 + "]}", "a number of more than 4,300 digits"),
        ('{"A": ' * 200_000, "nested too deep"),
        ("A: " + " ".join(f"r{i}" for i in range(600)), "at most 500 regions, not 601"),
        ("A" * 10_000 + ": B: C", "part 1 '" + "A" * 40 + "'"),
        ("\ufeffA: B\nB: A", "character 1 is U+FEFF ZERO WIDTH NO-BREAK SPACE (a byte-order mark)"),
        ("A\u200b: B", "U+200B ZERO WIDTH SPACE, which cannot be seen"),
        ("A: B\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("A: B\u2066C", "U+2066 LEFT-TO-RIGHT ISOLATE"),
        ("A: B\x00", "U+0000"),
        ('{"A\\u200d": ["B"]}', "the name 'A\\u200d': character 2 is U+200D ZERO WIDTH JOINER"),
        ('\ufeff{"A": ["B"]}', "(a byte-order mark)"),
    ],
)
def test_bad_maps_say_why_in_one_line(text: str, says: str) -> None:
    with pytest.raises(BoardError, match=re.escape(says)) as caught:
        colour_text.parse(text)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200


@pytest.mark.parametrize(
    ("board", "says"),
    [
        (" ; ", "no regions: write 'REGION NEIGHBOUR ...', one region a line"),
        ("r" * 30 + ": B " + "r" * 30, "region '" + "r" * 20 + "' cannot border itself"),
    ],
)
def test_the_command_line_says_what_is_wrong_with_a_map(
    capsys: pytest.CaptureFixture[str], board: str, says: str
) -> None:
    """The one line a person reads: how to write a map when there is none, and a region
    that borders itself named by its first 20 characters."""
    assert main(["solve", "colour", "--board", board]) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", f"pearls: bad board: {says}\n")


def test_a_map_may_have_as_many_regions_as_max_regions() -> None:
    """500 regions are a map (a ring of them, which two colours colour alternately);
    501 are not."""
    most = colour.MAX_REGIONS
    ring = colour.make_map((f"r{i}", [f"r{(i + 1) % most}"]) for i in range(most))
    found = dfsolve(Meter(max_states=1_000).watch(colour.puzzle(ring, 2)), ())
    assert found is not None and [c for _, c in found] == [i % 2 for i in range(most)]
    with pytest.raises(BoardError, match="at most 500 regions, not 501"):
        colour.make_map([("r0", [f"r{i}" for i in range(1, most + 1)])])


@pytest.mark.parametrize(
    "given", ["0", "-1", "x", "", "65", "4.0", "\u00b2", "\u0663", "4" * 5000, "\u0664\u0664"]
)
def test_a_bad_number_of_colours_is_one_line(given: str) -> None:
    with pytest.raises(
        OptionError, match="--colours must be a whole number from 1 to 64"
    ) as caught:
        DESCRIPTION.problem("A B", {"colours": given})
    assert len(str(caught.value)) < 100


def test_colours_beyond_the_palette_have_names_and_fills() -> None:
    assert [colour_text.colour_name(c) for c in (9, 10, 63)] == ["grey", "colour11", "colour64"]
    complete = colour.make_map((str(i), [str(j) for j in range(12) if j != i]) for i in range(12))
    found = next(solutions(Meter(max_states=1_000).watch(colour.puzzle(complete, 12)), ()))
    first = tuple(c for _, c in found)
    assert first == tuple(range(12))
    assert "hsl(" in draw(complete, first)


def test_show_and_draw_a_partial_colouring() -> None:
    assert colour_text.show(TWELVE_REGIONS, (0, 1)).startswith("A:red B:blue C:? D:?")
    picture = draw(TWELVE_REGIONS, (0, 1))
    assert picture.count('class="region"') == 12
    assert picture.count('fill="#ffffff" stroke') == 10  # the regions still to colour


def test_moves_name_the_region_and_the_colour() -> None:
    m = TWELVE_REGIONS
    assert colour.moves(m, 4, (0, 1, 1)) == [("D", 2), ("D", 3)]
    assert colour.move((0, 1, 1), ("D", 2)) == (0, 1, 1, 2)
    assert colour_text.words(("D", 2)) == "colour D green"
    assert colour_text.notation(("D", 2)) == "D:green"
    assert colour_text.move_json(("D", 2)) == {"region": "D", "colour": "green"}


# --- the methods -------------------------------------------------------------------------------


@pytest.mark.parametrize(("example", "colours"), [(e, k) for e in EXAMPLES for k in (3, 4)])
def test_every_method_colours_alike(example: str, colours: int) -> None:
    """Backtracking and dfsolve expand the same states (a partial colouring is reached
    one way only) and find the same first colouring; bfsolve finds one too, or none
    with them."""
    found = {
        method: DESCRIPTION.solve(
            method, EXAMPLES[example], Meter(max_states=100_000), settings={"colours": str(colours)}
        )
        for method, m in DESCRIPTION.methods.items()
        if not m.every
    }
    assert list(found) == ["backtrack", "dfs", "bfs"]
    assert found["backtrack"].answer == found["dfs"].answer
    assert found["backtrack"].stats.expanded == found["dfs"].stats.expanded
    assert {s.moves is None for s in found.values()} == {example != "australia" and colours == 3}
    m = colour_text.parse(EXAMPLES[example])
    for solution in found.values():
        if solution.answer is not None:
            assert isinstance(solution.answer, dict)
            q = tuple(colour_text.NAMES.index(str(solution.answer[r])) for r in m.regions)
            assert colour.proper(m, q) and colour.solved(m, q)


def test_bfs_stops_cleanly_at_a_limit_on_a_large_map() -> None:
    ring = "; ".join(f"r{i}: r{(i + 1) % 41}" for i in range(41))  # an odd ring: no 2-colouring
    with pytest.raises(LimitReached):
        DESCRIPTION.solve("bfs", ring, Meter(max_states=10_000), settings={"colours": "3"})


# --- the command line -------------------------------------------------------------------------


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main([*argv, "--max-states", "100000"])
    return code, capsys.readouterr().out


def test_the_command_line_colours_the_twelve_regions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["solve", "colour", "--json"], capsys)
    assert code == 0
    assert json.loads(out)["colouring"] == SOURCE_COLOURING
    code, out = run(["solve", "colour", "--all", "--json"], capsys)
    every_one = json.loads(out)
    assert (code, every_one["count"]) == (0, 216)
    for found in every_one["solutions"]:
        assert all(
            found[a] != found[b] for a, near in TWELVE_ADJACENT.items() for b in near.split()
        )
    code, out = run(["solve", "colour", "--colours", "3", "--json"], capsys)
    assert (code, json.loads(out)["colouring"]) == (1, None)


def test_the_command_line_reads_json_maps(capsys: pytest.CaptureFixture[str]) -> None:
    board = '{"x": ["y", "z"], "y": ["z"]}'
    code, out = run(["solve", "colour", "--board", board, "--colours", "3", "--json"], capsys)
    assert (code, json.loads(out)["colouring"]) == (0, {"x": "red", "y": "blue", "z": "green"})
