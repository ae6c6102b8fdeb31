"""Damage for the parsers' fuzz tests: a valid text, broken a few ways at random."""

from __future__ import annotations

from hypothesis import strategies as st

__all__ = ["WHITESPACE", "damage"]

WHITESPACE = " \t\n\r\x0b\x0c\xa0\u2028\u3000"  # what str.split() splits on, and more

KINDS = ("change", "drop", "insert", "swap")


def damage(draw: st.DrawFn, text: str, chars: st.SearchStrategy[str], spaces: bool = True) -> str:
    """``text`` damaged one to three times: a character changed, dropped or inserted
    (one of ``chars``), two swapped, or (with ``spaces``) whitespace inserted."""
    cells = list(text)
    kinds = [*KINDS, "space"] if spaces else list(KINDS)
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, max(0, len(cells) - 1)))
        kind = draw(st.sampled_from(kinds))
        if kind == "change" and cells:
            cells[i] = draw(chars)
        elif kind == "drop" and cells:
            del cells[i]
        elif kind == "swap" and cells:
            j = draw(st.integers(0, len(cells) - 1))
            cells[i], cells[j] = cells[j], cells[i]
        elif kind == "space":
            cells.insert(i, draw(st.text(WHITESPACE, min_size=1, max_size=3)))
        else:
            cells.insert(i, draw(chars))
    return "".join(cells)
