"""The Tower of Hanoi's text form under fuzzing: whatever the text, ``parse`` returns a
position that reads back the same, or raises BoardError; nothing else escapes.

The texts: any text at all; text over the positions' own alphabet with look-alikes
(fullwidth and Arabic-Indic digits, which ``int`` would take), and positions shown, then
damaged.  ``HYPOTHESIS_PROFILE=fuzz`` runs them with 20,000 examples each.
"""

from __future__ import annotations

from damage import damage
from described import typed
from hypothesis import event, given
from hypothesis import strategies as st

from pearls.description import NO_SETTINGS
from pearls.errors import BoardError, OptionError
from pearls.puzzles import hanoi
from pearls.puzzles.hanoi import Towers, describe
from pearls.puzzles.hanoi import text as ht

ALPHABET = "0123456789 |\n\t"
ODD = "\uff11\u0663\u00b2\u2155-+.e_x\xa0\u2028\u200b\x00|||"
chars = st.sampled_from(ALPHABET + ODD) | st.characters()


@st.composite
def positions(draw: st.DrawFn) -> Towers:
    pegs = draw(st.lists(st.integers(0, 2), min_size=1, max_size=14))
    stacks = [tuple(d for d, p in enumerate(pegs, start=1) if p == k) for k in range(3)]
    return (stacks[0], stacks[1], stacks[2])


@st.composite
def damaged(draw: st.DrawFn) -> str:
    """A position shown, then changed, dropped, inserted or swapped one to three times."""
    return damage(draw, ht.show(draw(positions())), chars, spaces=False)


def check(text: str) -> Towers | None:
    """The position ``text`` shows, checked to read back the same; None for a BoardError."""
    try:
        q = ht.parse(text)
    except BoardError as error:
        assert str(error)
        event("BoardError")
        return None
    event("parses")
    assert ht.parse(ht.show(q)) == q
    assert [part.split() for part in text.split("|")] == [
        part.split() for part in ht.show(q).split("|")
    ]
    assert typed(describe.DESCRIPTION.parse(text, NO_SETTINGS)).start == q
    return q


@given(st.text())
def test_any_text_parses_or_says_why(text: str) -> None:
    check(text)


@given(st.text(st.sampled_from(ALPHABET + ODD), max_size=40))
def test_text_over_the_alphabet_parses_or_says_why(text: str) -> None:
    check(text)


@given(damaged())
def test_damaged_positions_parse_or_say_why(text: str) -> None:
    check(text)


@given(positions())
def test_shown_positions_read_back(q: Towers) -> None:
    assert check(ht.show(q)) == q


@given(st.text(st.sampled_from("0123456789x\u0663\uff11-"), max_size=4))
def test_any_number_of_discs_is_taken_or_refused_by_name(discs: str) -> None:
    try:
        text = describe.DESCRIPTION.default_text({"discs": discs})
    except OptionError as error:
        assert "--discs" in str(error)
        return
    assert hanoi.discs(ht.parse(text)) == int(discs)
