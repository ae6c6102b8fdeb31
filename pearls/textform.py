"""What the puzzles' text forms share: a whole number read only when it is one, JSON
read as a board's text may hold it (every way it can fail said as a
:class:`~pearls.errors.BoardError` in one line), a value quoted short, and text that
names things refused where it holds a character no one can see.

>>> read_json('{"a": ["b"]}')
{'a': ['b']}
>>> read_json("[" * 100_000 + "]" * 100_000)
Traceback (most recent call last):
...
pearls.errors.BoardError: not JSON this reader takes: lists or objects nested too deep
"""

from __future__ import annotations

import json
import unicodedata
from typing import TypeGuard

from pearls.errors import BoardError
from pearls.types import JSON

__all__ = ["is_string_list", "quoted", "read_json", "visible", "whole_number"]

_UNSEEN = {"Cc", "Cf", "Cs", "Co", "Cn"}  # controls, format (zero-width, bidi, BOM), no glyph
_LAYOUT = frozenset("\t\n\r\v\f")  # the controls that only lay text out


def whole_number(text: str, least: int, most: int) -> int | None:
    """The number ``text`` writes in ASCII digits (spaces around it allowed), if it lies
    in ``least .. most``; ``None`` otherwise, never reading more digits than ``most``
    has (``'²'`` passes ``str.isdigit`` and ``int`` refuses 4,301 digits).

    >>> whole_number(" 12", 1, 64), whole_number("65", 1, 64), whole_number("²", 0, 9)
    (12, None, None)
    >>> whole_number("9" * 5000, 1, 64) is None
    True
    """
    digits = text.strip()
    if not (digits.isascii() and digits.isdecimal()) or len(digits) > len(str(most)):
        return None
    n = int(digits)
    return n if least <= n <= most else None


def quoted(value: str, most: int = 20) -> str:
    """A value as a message quotes it: its ``repr``, or its length where it is long.

    >>> quoted("x"), quoted("9" * 5000)
    ("'x'", 'a value of 5,000 characters')
    """
    return repr(value) if len(value) <= most else f"a value of {len(value):,} characters"


def read_json(text: str) -> JSON:
    """The value a JSON text holds; :class:`~pearls.errors.BoardError` for text that
    is not JSON, or that no reader takes (nested too deep, a number too long)."""
    try:
        value: JSON = json.loads(text)
    except json.JSONDecodeError as e:
        raise BoardError(f"not JSON: {e}") from None
    except ValueError:
        raise BoardError("not JSON this reader takes: a number of more than 4,300 digits") from None
    except RecursionError:
        raise BoardError("not JSON this reader takes: lists or objects nested too deep") from None
    return value


def is_string_list(j: JSON) -> TypeGuard[list[str]]:
    """Whether ``j`` is a list of strings.

    >>> is_string_list(["a", "b"]), is_string_list(["a", 1]), is_string_list("ab")
    (True, False, False)
    """
    return isinstance(j, list) and all(isinstance(s, str) for s in j)


def visible(text: str) -> str:
    """``text``, if every character in it can be seen or is white space; else
    :class:`~pearls.errors.BoardError` naming the first that cannot: a byte-order mark,
    a zero-width or bidirectional mark, a control character.  Where names are free
    text (a map's regions, a graph's nodes), such a character would make two names
    that look alike differ: a map saved with a byte-order mark would split its first
    region in two.

    >>> visible("A: B C")
    'A: B C'
    >>> visible("\\ufeffA: B")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: character 1 is U+FEFF ... (a byte-order mark), which cannot be ...
    """
    for i, c in enumerate(text, start=1):
        if unicodedata.category(c) in _UNSEEN and c not in _LAYOUT:
            name = unicodedata.name(c, "a character with no name")
            mark = " (a byte-order mark)" if c == "\ufeff" else ""
            raise BoardError(
                f"character {i} is U+{ord(c):04X} {name}{mark}, which cannot be seen: "
                "write names in visible characters"
            )
    return text
