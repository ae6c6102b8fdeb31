"""The pandigital problem's text and options under fuzzing: a count and a digit set
come back, or BoardError says why; nothing else escapes.
"""

from __future__ import annotations

from described import typed
from hypothesis import given
from hypothesis import strategies as st

from pearls.errors import BoardError, OptionError
from pearls.puzzles import pandigital

ALPHABET = "0123456789- ,numbers\u0663\u00a0"


def check(text: str, numbers: str, digits: str) -> None:
    """Parse under these settings: a count and a digit set, or a BoardError."""
    try:
        k, chosen = pandigital.parse(
            text, pandigital.DESCRIPTION.settings({"numbers": numbers, "digits": digits})
        )
    except (BoardError, OptionError) as error:
        assert str(error) and "\n" not in str(error)
        return
    assert 2 <= k <= pandigital.MAX_NUMBERS
    assert chosen in pandigital.DIGIT_SETS.values()


@given(st.text(), st.text(max_size=5), st.text(max_size=5))
def test_any_text_and_options_parse_or_say_why(text: str, numbers: str, digits: str) -> None:
    check(text, numbers, digits)


@given(
    st.text(st.sampled_from(ALPHABET), max_size=12),
    st.text(st.sampled_from(ALPHABET), max_size=4),
    st.sampled_from(["0-9", "1-9", "2-9", ""]),
)
def test_text_over_the_alphabet_parses_or_says_why(text: str, numbers: str, digits: str) -> None:
    check(text, numbers, digits)


@given(st.integers(-5, 30), st.sampled_from(["0-9", "1-9"]))
def test_every_count_in_range_makes_a_problem(k: int, digits: str) -> None:
    try:
        problem = typed(pandigital.DESCRIPTION.problem(f"{k} {digits}"))
    except (BoardError, OptionError):
        assert not 2 <= k <= pandigital.MAX_NUMBERS
        return
    assert 2 <= k <= pandigital.MAX_NUMBERS
    assert problem.show(problem.start)
