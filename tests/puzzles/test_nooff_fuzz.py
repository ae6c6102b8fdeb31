"""The NO-OFF text form under fuzzing: whatever the text, ``parse`` returns a tray that
reads back the same, or raises BoardError; nothing else escapes.

The texts: any text at all; text over the tray's own alphabet, with look-alikes and
unicode whitespace; and trays shown, then damaged (a character changed, dropped or
inserted, two swapped, whitespace added).  ``HYPOTHESIS_PROFILE=fuzz`` runs them with
20,000 examples each.
"""

from __future__ import annotations

from damage import damage
from hypothesis import event, given
from hypothesis import strategies as st

from pearls.errors import BoardError
from pearls.puzzles import nooff as no
from pearls.puzzles.nooff import text as tx

BOARD = "LNOF. \n"  # what trays are written in
# look-alikes and oddities: lower case, the exercises' S for the space, a zero, fullwidth
# letters as the exercises draw them, their bulb, a combining accent, a zero-width space,
# characters str.split() takes for whitespace (no-break space, line separator, FS, NEL)
ODD = "lnofS0\uff2c\uff2e\uff2f\uff26\u96fb\u7403\u0301\u200b\xa0\u2028\x1c\x85\t\r\x0b"

chars = st.sampled_from(BOARD + ODD) | st.characters()
trays = st.integers(0, 539).map(no.unrank)


@st.composite
def damaged(draw: st.DrawFn) -> str:
    """A tray shown, then damaged one to three times."""
    return damage(draw, tx.show(draw(trays), sep=draw(st.sampled_from(["\n", "", " "]))), chars)


def check(text: str) -> None:
    """A tray that reads back, or a BoardError with a message."""
    try:
        q = tx.parse(text)
    except BoardError as error:
        assert str(error)
        event("BoardError")
        return
    event("parses")
    assert q == "".join(text.split())
    assert tx.parse(tx.show(q)) == q
    assert 0 <= no.rank(q) < 540


@given(st.text())
def test_any_text_parses_or_says_why(text: str) -> None:
    check(text)


@given(st.text(st.sampled_from(BOARD + ODD), min_size=6, max_size=12))
def test_text_over_the_tray_alphabet_parses_or_says_why(text: str) -> None:
    check(text)


@given(st.permutations(no.PIECES))
def test_every_arrangement_of_the_pieces_parses_or_says_why(cells: list[str]) -> None:
    check("".join(cells))


@given(damaged())
def test_damaged_trays_parse_or_say_why(text: str) -> None:
    check(text)
