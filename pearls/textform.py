"""What the puzzles' text forms share: JSON read as a board's text may hold it, every
way it can fail said as a :class:`~pearls.errors.BoardError` in one line.

>>> read_json('{"a": ["b"]}')
{'a': ['b']}
>>> read_json("[" * 100_000 + "]" * 100_000)
Traceback (most recent call last):
...
pearls.errors.BoardError: not JSON this reader takes: lists or objects nested too deep
"""

from __future__ import annotations

import json

from pearls.errors import BoardError

__all__ = ["read_json"]


def read_json(text: str) -> object:
    """The value a JSON text holds; :class:`~pearls.errors.BoardError` for text that
    is not JSON, or that no reader takes (nested too deep, a number too long)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise BoardError(f"not JSON: {e}") from None
    except ValueError:
        raise BoardError("not JSON this reader takes: a number of more than 4,300 digits") from None
    except RecursionError:
        raise BoardError("not JSON this reader takes: lists or objects nested too deep") from None
