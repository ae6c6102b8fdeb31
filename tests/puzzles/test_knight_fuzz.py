"""The knight's board texts under fuzzing: whatever the text and the options, a board
comes back that reads back the same, or BoardError says why; nothing else escapes.

The texts: any text at all; text over the boards' own alphabet with look-alikes; sizes
written oddly (rows and columns counted from 1); and boards shown from random shapes,
then damaged.
"""

from __future__ import annotations

from damage import damage
from described import typed
from hypothesis import event, given
from hypothesis import strategies as st

from pearls.errors import BoardError, OptionError
from pearls.puzzles.knight import MAX_SQUARES, PROBLEM_A, Board
from pearls.puzzles.knight import text as knight_text
from pearls.puzzles.knight.describe import DESCRIPTION

SHAPE = ".#Kk/ \n"  # what drawn boards are written in
ALPHABET = SHAPE + "0123456789xX\u00d7from,opencld"  # and sizes, open or closed
ODD = "\u00a0\u2028\u3000\x1c\x85\t\r\uff0e\u0663\U0001f40e\x00-+"

chars = st.sampled_from(ALPHABET + ODD) | st.characters()


@st.composite
def shapes(draw: st.DrawFn) -> Board:
    """A board of random squares within 6 x 6, the knight on one of them."""
    grid = [(r, c) for r in range(6) for c in range(6)]
    squares = tuple(sorted(draw(st.lists(st.sampled_from(grid), min_size=1, unique=True))))
    return Board(squares, draw(st.integers(0, len(squares) - 1)))


@st.composite
def damaged(draw: st.DrawFn) -> str:
    """A board's text, damaged one to three times."""
    return damage(
        draw,
        knight_text.board_text(draw(shapes() | st.sampled_from([PROBLEM_A]))),
        chars,
        spaces=False,
    )


def check(text: str) -> Board | None:
    """The board ``text`` describes, checked to read back the same; None for a
    BoardError."""
    try:
        b, closed = knight_text.parse(text)
    except BoardError as error:
        assert str(error) and "\n" not in str(error)
        event("BoardError")
        return None
    event("parses")
    assert knight_text.parse(knight_text.board_text(b, closed)) == (b, closed)
    assert 1 <= len(b.squares) <= MAX_SQUARES
    assert 0 <= b.first < len(b.squares)
    return b


@given(st.text())
def test_any_text_parses_or_says_why(text: str) -> None:
    check(text)


@given(st.text(st.sampled_from(SHAPE * 4 + ODD), max_size=40))
def test_text_over_the_shape_alphabet_parses_or_says_why(text: str) -> None:
    check(text)


@given(damaged())
def test_damaged_boards_parse_or_say_why(text: str) -> None:
    check(text)


@given(shapes())
def test_shown_boards_read_back(b: Board) -> None:
    assert check(knight_text.board_text(b)) == b


@given(
    st.integers(0, 40), st.integers(0, 40), st.integers(0, 40), st.integers(0, 40), st.booleans()
)
def test_sizes_parse_or_say_why(rows: int, cols: int, r: int, c: int, start: bool) -> None:
    text = f"{rows}x{cols}" + (f" from {r},{c}" if start else "")
    b = check(text)
    fits = 1 <= rows <= 32 and 1 <= cols <= 32 and rows * cols <= 400
    on_board = not start or (1 <= r <= rows and 1 <= c <= cols)
    assert (b is not None) == (fits and on_board)


@given(st.text(max_size=30), st.text(max_size=12), st.text(max_size=12), st.text(max_size=12))
def test_any_text_and_options_give_a_problem_or_say_why(
    text: str, size: str, closed: str, order: str
) -> None:
    settings = {"size": size, "closed": closed, "order": order}
    try:
        problem = typed(DESCRIPTION.problem(text, settings))
    except (BoardError, OptionError) as error:
        assert str(error) and "\n" not in str(error)
        return
    assert problem.show(problem.start)
