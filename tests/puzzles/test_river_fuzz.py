"""The river's text form under fuzzing: whatever the text and the options, ``parse``
returns a state that reads back the same, or raises BoardError; nothing else escapes.

The texts: any text at all; text over the states' own words with look-alikes (a
fullwidth digit, a dotless i, a no-break space); states reached by random walks, shown,
then damaged.  ``HYPOTHESIS_PROFILE=fuzz`` runs them with 20,000 examples each.
"""

from __future__ import annotations

from damage import damage
from described import typed
from hypothesis import event, given
from hypothesis import strategies as st

from pearls.errors import BoardError, OptionError
from pearls.puzzles import river as rv
from pearls.puzzles.river import Crossing, River, describe
from pearls.puzzles.river import text as rt

WORDS = ["H1", "W1", "H2", "W2", "H3", "W3", "H4", "W4", "M1", "M2", "C1", "C2", "C3",
         "farmer", "wolf", "goat", "cabbage", "boat", "left", "right", "|", "|"]  # fmt: skip
ODD = ["H\uff11", "W0", "H-1", "M1.5", "fa\u0131mer", "\xa0", "\u2028", "||", "Boat", "H", "W99"]
RIVERS = [rv.husbands(3, 2), rv.husbands(5, 3), rv.missionaries(3, 3, 2), rv.farmer(2)]
chars = st.sampled_from("HWMC0123456789|\n ") | st.characters()


@st.composite
def walked(draw: st.DrawFn) -> tuple[River, Crossing]:
    river = draw(st.sampled_from(RIVERS))
    q = rv.everyone_left(river)
    for _ in range(draw(st.integers(0, 12))):
        q = rv.move(river, q, draw(st.sampled_from(rv.moves(river, q))))
    return river, q


@st.composite
def damaged(draw: st.DrawFn) -> str:
    """A state shown, then changed, dropped, inserted or swapped one to three times."""
    return damage(draw, rt.show(*draw(walked())), chars, spaces=False)


def banks(text: str) -> tuple[list[str], list[str]]:
    parts = text.split("|")
    return parts[0].split(), parts[2].split()


def check(text: str, k: int = 2) -> Crossing | None:
    """The state ``text`` shows, checked to read back the same; None for a BoardError."""
    try:
        river, q = rt.parse(text, k)
    except BoardError as error:
        assert str(error)
        event("BoardError")
        return None
    event(f"parses: {river.variant}")
    shown = rt.show(river, q)
    again, r = rt.parse(shown, k)
    assert (again.people, r) == (river.people, q)
    (left, right), (shown_left, shown_right) = banks(text), banks(shown)
    assert q.boat in text.split("|")[1]
    if river.alike:  # renumbered, left bank first: the same count of each kind
        assert sorted(p[0] for p in left) == sorted(p[0] for p in shown_left)
        assert sorted(p[0] for p in right) == sorted(p[0] for p in shown_right)
    else:
        assert (sorted(left), sorted(right)) == (sorted(shown_left), sorted(shown_right))
    return q


@given(st.text())
def test_any_text_parses_or_says_why(text: str) -> None:
    check(text)


@given(st.lists(st.sampled_from(WORDS + ODD), max_size=14), st.sampled_from([" ", "  ", "\n"]))
def test_words_of_states_parse_or_say_why(words: list[str], space: str) -> None:
    check(space.join(words))


@given(damaged())
def test_damaged_states_parse_or_say_why(text: str) -> None:
    check(text)


@given(walked())
def test_shown_states_read_back(case: tuple[River, Crossing]) -> None:
    river, q = case
    assert check(rt.show(river, q), river.capacity) == q


@given(
    st.sampled_from(["H1 W1 | boat left |", "M1 C1 | boat right |"]),
    st.fixed_dictionaries(
        {
            "variant": st.sampled_from([*describe.VARIANT.choices, "x"]),
            "couples": st.sampled_from(
                ["0", "1", "10", "11", "x", "\u0663", "", "\u00b2", "9" * 5000]
            ),
            "boat": st.sampled_from(
                ["0", "1", "6", "7", "-1", "2.0", "\uff12", "\u00b2", "2" * 5000]
            ),
        }
    ),
)
def test_any_options_are_taken_or_refused_by_name(text: str, settings: dict[str, str]) -> None:
    try:
        problem = typed(describe.DESCRIPTION.problem(text, settings))
    except (BoardError, OptionError) as error:
        assert str(error).startswith(("--couples", "--boat", "--variant"))
        return
    assert problem.show(problem.start) == text
