"""The Rush Hour text form under fuzzing: whatever the text, ``parse`` returns a grid that
reads back the same, or raises BoardError; nothing else escapes.  The same for the
players' text forms (:mod:`pearls.puzzles.rushhour_players.text`: walls, the database's
36 characters and its records) and for the batches that ``records`` splits.

The texts: any text at all, some too long for any board; text over the board's own
alphabet, with some unicode that looks like it or splits like whitespace; and boards
shown from positions reached by random walks, then damaged (a character changed, dropped
or inserted, two swapped, whitespace added).  ``make fuzz`` runs them with the ``fuzz``
profile, 20,000 examples each.
"""

from __future__ import annotations

import string

import pytest
from damage import damage
from hypothesis import event, given
from hypothesis import strategies as st

from pearls.errors import BoardError
from pearls.puzzles import rushhour as rh
from pearls.puzzles.rushhour import Grid
from pearls.puzzles.rushhour import text as rt
from pearls.puzzles.rushhour_players import text as rp

BOARD = ".ox \n" + string.ascii_letters  # what boards are written in
# look-alikes and oddities: non-ASCII letters (fullwidth, titlecase, a dotted capital I
# whose lower case is two characters), a combining accent, a zero-width space, digits,
# characters str.split() takes for whitespace (no-break space, line separator, FS, NEL)
ODD = "éÀ\uff21\uff41ßİǅªⅫ٣1?#\x00\u0301\u200b\xa0\u2028\x1c\x85\t\r\x0b\U0001f697"
SEPARATORS = ["\n", "", " ", "\r\n", "\n\n"]
STARTS = [rh.g1, rh.p2, rh.p3, rh.p4, rt.grid([(15, 16), (4, 18), (27, 41)])]

chars = st.sampled_from(BOARD + ODD) | st.characters()


@st.composite
def walked(draw: st.DrawFn, max_moves: int = 30) -> Grid:
    """A start position after a random legal walk."""
    g = draw(st.sampled_from(STARTS))
    for _ in range(draw(st.integers(0, max_moves))):
        g = rh.move(g, draw(st.sampled_from(rh.moves(g))))
    return g


@st.composite
def damaged(draw: st.DrawFn) -> str:
    """A board reached by a random walk, shown, then damaged one to three times."""
    return damage(draw, rt.show(draw(walked()), sep=draw(st.sampled_from(SEPARATORS))), chars)


@st.composite
def relabelled(draw: st.DrawFn) -> str:
    """A board reached by a random walk, one to three vehicles drawn with other letters:
    a fresh one, one already taken (joining two vehicles), or no letter (``x``, ``o``)."""
    g = draw(walked())
    letters = list(rt.LETTERS[: len(g)])
    for _ in range(draw(st.integers(1, 3))):
        letters[draw(st.integers(0, len(g) - 1))] = draw(st.sampled_from("AaBbCZzxoé"))
    return rt.show(g, letters=letters)


def check(text: str) -> Grid | None:
    """The grid ``text`` shows, checked to read back the same; None for a BoardError."""
    try:
        g = rt.parse(text)
    except BoardError as error:
        assert str(error)
        event("BoardError")
        return None
    event("parses")
    assert rt.parse(rt.show(g)) == g
    named, letters = rt.parse_named(text)
    assert named == g
    assert rt.show(g, sep="", letters=letters) == "".join(text.split()).replace("o", ".")
    return g


@given(st.text())
def test_any_text_parses_or_says_why(text: str) -> None:
    check(text)


@given(st.text(st.sampled_from(BOARD + ODD), min_size=30, max_size=48))
def test_text_over_the_board_alphabet_parses_or_says_why(text: str) -> None:
    check(text)


@given(relabelled())
def test_relabelled_boards_parse_or_say_why(text: str) -> None:
    check(text)


@given(damaged())
def test_damaged_boards_parse_or_say_why(text: str) -> None:
    check(text)


@given(walked(), st.sampled_from(SEPARATORS))
def test_boards_reached_by_random_walks_read_back(g: Grid, sep: str) -> None:
    """``parse`` numbers the vehicles special car first, then by letter: exactly back."""
    assert check(rt.show(g, sep=sep)) == g


# --- the players' text forms -----------------------------------------------------------------


@st.composite
def walled_texts(draw: st.DrawFn) -> str:
    """A board reached by a random walk, with walls on some free cells, written in the
    database's form or as a grid, then damaged once (or not at all)."""
    g = draw(walked())
    walls = frozenset(draw(st.lists(st.sampled_from(rh.freecells(g)), max_size=4)))
    if draw(st.booleans()):
        text = list(rp.database(g, walls))
    else:
        text = list(rp.show(g, walls, sep=draw(st.sampled_from(SEPARATORS))))
    if draw(st.booleans()):
        i = draw(st.integers(0, len(text) - 1))
        text[i] = draw(chars)
    if draw(st.booleans()):
        text = [f"{draw(st.integers(0, 99))} ", *text, f" {draw(st.integers(0, 99_999))}"]
    return "".join(text)


def check_players(text: str) -> rp.Board | None:
    """The board ``text`` shows to the players' parser, checked to read back the same
    in each form; None for a BoardError."""
    try:
        board = rp.parse(text)
    except BoardError as error:
        assert str(error)
        event("players: BoardError")
        return None
    event("players: parses")
    g, walls, letters, empty = board
    assert rp.parse(rp.show(g, walls, letters=letters, empty=empty)) == board
    assert rp.parse(rp.database(g, walls))[:2] == (g, walls)
    assert walls.isdisjoint(rh.occupied(g))
    if not any(c.isdigit() for c in text):
        cells = "".join(text.split())
        written = cells.replace("o", ".") if empty == "." else cells
        assert rp.show(g, walls, sep="", letters=letters, empty=empty) == written
    return board


@given(st.text())
def test_players_any_text_parses_or_says_why(text: str) -> None:
    check_players(text)


@given(st.text(st.sampled_from(BOARD + ODD + "0123456789"), min_size=30, max_size=48))
def test_players_text_over_the_board_alphabet_parses_or_says_why(text: str) -> None:
    check_players(text)


@given(relabelled() | damaged() | walled_texts())
def test_players_boards_parse_or_say_why(text: str) -> None:
    check_players(text)


@given(st.lists(walled_texts() | st.text(st.sampled_from(BOARD + "0123456789#")), max_size=6))
def test_any_batch_splits_into_records_that_parse_or_say_why(lines: list[str]) -> None:
    found = list(rp.records(lines))
    assert all(isinstance(r.fields["line"], int) and r.fields["line"] >= 1 for r in found)
    for record in found:
        check_players(record.text)


@given(st.sampled_from(BOARD + ODD), st.integers(rt.MAX_TEXT + 1, 3 * rt.MAX_TEXT))
def test_a_text_too_long_for_a_board_is_refused_in_one_line(char: str, size: int) -> None:
    for parse in (rt.parse, rp.parse):
        with pytest.raises(BoardError, match=f"this one has {size:,}$"):
            parse(char * size)


@given(st.integers(rp.MAX_DIGITS + 1, 6_000), st.booleans())
def test_a_record_with_a_count_too_long_is_refused_in_one_line(digits: int, first: bool) -> None:
    board, count = rp.database(rh.p4), "7" * digits
    line = f"{count} {board} 4780" if first else f"51 {board} {count}"
    (record,) = rp.records([line])
    assert record.fields == {"line": 1}
    with pytest.raises(BoardError, match=f"has {digits:,} digits, at most {rp.MAX_DIGITS}$"):
        rp.parse(record.text)
