"""The sliding tiles' text form under fuzzing: whatever the text, ``parse`` returns a board
that ``show`` writes back the same, or raises BoardError; ``shape_of`` and the command
line's parsing (settings included) do the same; nothing else escapes.

The texts: any text at all; text over the boards' own alphabet with some unicode that
looks like it or splits like whitespace; and boards shown from random positions, then
damaged (a character changed, dropped or inserted, two swapped, whitespace added).
``make fuzz`` could run them with the ``fuzz`` profile, 20,000 examples each.
"""

from __future__ import annotations

from random import Random

from damage import damage
from described import typed
from hypothesis import event, given
from hypothesis import strategies as st

from pearls.errors import BoardError, OptionError
from pearls.puzzles import sliding as sl
from pearls.puzzles.sliding import Board, Frame, describe
from pearls.puzzles.sliding import text as tx

BOARD = "0123456789 /,_.\n"  # what boards are written in
# look-alikes and oddities: other digits (Arabic-Indic, fullwidth, superscript), a
# fraction slash, signs, characters str.split() takes for whitespace, a zero-width space
ODD = "٣１²\u2044\u2212-+x\u200b\xa0\u2028\x1c\x85\t\r\x0b\U0001f9e9"
SEPARATORS = ["\n", " / ", "/", " ", ",", "\r\n"]
FRAMES = [
    sl.frame(r, c, first)
    for r, c in [(2, 2), (2, 3), (3, 3), (4, 4), (3, 5)]
    for first in (False, True)
]

chars = st.sampled_from(BOARD + ODD) | st.characters()
frames = st.sampled_from(FRAMES)


@st.composite
def shown(draw: st.DrawFn) -> tuple[Frame, str]:
    """A random solvable board, written with a random separator."""
    f = draw(frames)
    q = sl.random_board(f, Random(draw(st.integers(0, 2**32))))
    return f, tx.show(f, q, sep=draw(st.sampled_from(SEPARATORS)))


@st.composite
def damaged(draw: st.DrawFn) -> tuple[Frame, str]:
    """A shown board damaged one to three times."""
    f, board = draw(shown())
    return f, damage(draw, board, chars)


def check(f: Frame, board: str) -> Board | None:
    """The board ``board`` shows on ``f``, checked to read back the same; None for a
    BoardError, whose message must say something."""
    try:
        q = tx.parse(board, f)
    except BoardError as error:
        assert str(error)
        event("BoardError")
        return None
    event("parses")
    assert sorted(q) == list(range(f.size))
    assert tx.parse(tx.show(f, q), f) == q
    assert tx.parse(tx.show(f, q, sep=" / "), f) == q
    return q


def check_shape(text: str) -> None:
    """``shape_of`` gives a shape or a BoardError, never anything else."""
    try:
        rows, cols = tx.shape_of(text)
    except BoardError as error:
        assert str(error)
        return
    assert rows >= 1 and cols >= 1


@given(frames, st.text())
def test_any_text_parses_or_says_why(f: Frame, text: str) -> None:
    check(f, text)
    check_shape(text)


@given(frames, st.text(st.sampled_from(BOARD + ODD), max_size=60))
def test_text_over_the_board_alphabet_parses_or_says_why(f: Frame, text: str) -> None:
    check(f, text)
    check_shape(text)


@given(damaged())
def test_damaged_boards_parse_or_say_why(case: tuple[Frame, str]) -> None:
    f, text = case
    check(f, text)
    check_shape(text)


@given(shown())
def test_shown_boards_read_back(case: tuple[Frame, str]) -> None:
    f, text = case
    assert check(f, text) is not None


@given(
    st.one_of(damaged().map(lambda case: case[1]), st.text(st.sampled_from(BOARD), max_size=40)),
    st.sampled_from(["auto", "2x2", "3x3", "2x3", "3x", "0x0", "99x99", "x"]),
    st.sampled_from(["blank-last", "blank-first"]),
)
def test_the_command_lines_parse_gives_a_problem_or_says_why(
    text: str, size: str, goal: str
) -> None:
    settings = {"size": size, "goal": goal, "heuristic": "manhattan"}
    try:
        problem = typed(describe.DESCRIPTION.problem(text, settings))
    except (BoardError, OptionError) as error:
        assert str(error)
        return
    f = sl.frame(*tx.shape_of(text)) if size == "auto" else None
    if f is not None:
        assert tx.parse(problem.show(problem.start), f) == problem.start
