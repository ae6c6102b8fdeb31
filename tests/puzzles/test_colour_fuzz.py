"""The map texts under fuzzing: whatever the text, a map comes back that reads back the
same (from text and from JSON), or BoardError says why; nothing else escapes.
"""

from __future__ import annotations

import json

from described import typed
from hypothesis import event, given
from hypothesis import strategies as st

from pearls.errors import BoardError, OptionError
from pearls.puzzles.colour import Map
from pearls.puzzles.colour import text as colour_text
from pearls.puzzles.colour.describe import DESCRIPTION

ALPHABET = "ABCabc :;,\n{}[]\"'-"
ODD = "\u00a0\u2028\u3000\x1c\x85\t\r\uff21\u0663\U0001f5fa\x00"

chars = st.sampled_from(ALPHABET + ODD) | st.characters()


def check(text: str) -> Map | None:
    """The map ``text`` describes, checked to read back the same from its text and its
    JSON; None for a BoardError."""
    try:
        m = colour_text.parse(text)
    except BoardError as error:
        assert str(error) and "\n" not in str(error)
        event("BoardError")
        return None
    event("parses")
    adjacency = {
        r: [m.regions[j] for j in near] for r, near in zip(m.regions, m.borders, strict=True)
    }
    assert colour_text.parse(json.dumps(adjacency)) == m
    if not text.lstrip().startswith("{"):
        assert colour_text.parse(colour_text.map_text(m)) == m
    assert all(i not in near for i, near in enumerate(m.borders))
    assert all(i in m.borders[j] for i, near in enumerate(m.borders) for j in near)
    return m


@given(st.text())
def test_any_text_parses_or_says_why(text: str) -> None:
    check(text)


@given(st.text(st.sampled_from(ALPHABET + ODD), max_size=40))
def test_text_over_the_map_alphabet_parses_or_says_why(text: str) -> None:
    check(text)


@given(st.dictionaries(st.text(max_size=3), st.lists(st.text(max_size=3), max_size=4), max_size=5))
def test_any_json_map_parses_or_says_why(adjacency: dict[str, list[str]]) -> None:
    check(json.dumps(adjacency))


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=3),
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
        ),
        max_leaves=8,
    )
)
def test_any_json_value_parses_or_says_why(value: object) -> None:
    check(json.dumps(value))


@given(st.text(max_size=20))
def test_any_number_of_colours_gives_a_problem_or_says_why(given: str) -> None:
    try:
        problem = typed(DESCRIPTION.problem(colour_text.TWELVE_REGIONS_TEXT, {"colours": given}))
    except (BoardError, OptionError) as error:
        assert "--colours" in str(error)
        return
    assert problem.puzzle.moves(problem.start)
