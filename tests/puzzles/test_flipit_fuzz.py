"""The Flip It and Flip It Star text forms under fuzzing: whatever the text, ``parse``
returns a position that reads back the same, or raises BoardError; nothing else escapes.

The texts: any text at all; text over the boards' own alphabet, with look-alikes and
unicode whitespace; and positions shown (a line of 3 to 12 cells, the star as drawn),
then damaged (a character changed, dropped or inserted, two swapped, whitespace added).
``HYPOTHESIS_PROFILE=fuzz`` runs them with 20,000 examples each.
"""

from __future__ import annotations

from damage import damage
from hypothesis import event, given
from hypothesis import strategies as st

from pearls.errors import BoardError
from pearls.puzzles import flipit as fl
from pearls.puzzles.flipit import STAR, Board, Position
from pearls.puzzles.flipit import text as tx

BOARD = ".BW \n"  # what boards are written in
# look-alikes and oddities: lower case, the program's digits, fullwidth letters, its
# figure's discs and square, a combining accent, a zero-width space, characters
# str.split() takes for whitespace (no-break space, line separator, FS, NEL)
ODD = "bwoO012\uff22\uff37\u25cf\u25cb\u25a1\u3000\u0301\u200b\xa0\u2028\x1c\x85\t\r\x0b."

chars = st.sampled_from(BOARD + ODD) | st.characters()


@st.composite
def lines(draw: st.DrawFn) -> tuple[Board, Position]:
    n = draw(st.integers(fl.MIN_CELLS, 12))
    rest = draw(st.text("BW", min_size=n - 1, max_size=n - 1))
    s = draw(st.integers(0, n - 1))
    return tx.parse_line(rest[:s] + "." + rest[s:])


stars = st.integers(0, 12 * 2048 - 1).map(lambda r: (STAR, fl.unrank(STAR, r)))


@st.composite
def damaged(draw: st.DrawFn) -> str:
    """A position shown, then damaged one to three times."""
    b, q = draw(lines() | stars)
    return damage(draw, tx.show(b, q, sep=draw(st.sampled_from(["\n", "", " "]))), chars)


def check(text: str) -> None:
    """Both parsers on ``text``: a position that reads back, or a BoardError."""
    try:
        b, q = tx.parse_line(text)
    except BoardError as error:
        assert str(error)
        event("line: BoardError")
    else:
        event("line: parses")
        assert tx.show(b, q, sep="") == "".join(text.split())
        assert tx.parse_line(tx.show(b, q)) == (b, q)
    try:
        q = tx.parse(STAR, text)
    except BoardError as error:
        assert str(error)
        event("star: BoardError")
    else:
        event("star: parses")
        assert tx.show(STAR, q, sep="") == "".join(text.split())
        assert tx.parse(STAR, tx.show(STAR, q)) == q


@given(st.text())
def test_any_text_parses_or_says_why(text: str) -> None:
    check(text)


@given(st.text(st.sampled_from(BOARD + ODD), min_size=2, max_size=20))
def test_text_over_the_board_alphabet_parses_or_says_why(text: str) -> None:
    check(text)


@given(damaged())
def test_damaged_boards_parse_or_say_why(text: str) -> None:
    check(text)


@given(lines() | stars, st.sampled_from(["\n", "", " ", "\r\n"]))
def test_shown_positions_read_back(bq: tuple[Board, Position], sep: str) -> None:
    b, q = bq
    check(tx.show(b, q, sep=sep))
    assert tx.parse(b, tx.show(b, q, sep=sep)) == q
