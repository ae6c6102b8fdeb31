"""A docs page's ``pycon`` examples, run in the reader's browser as the page's doctest
runs them: requests in, plain data out.

The docs site gives every ``pycon`` block Run and Edit; the page sends the block's text,
and a :class:`Session` (one a page, as pytest runs a page as one doctest) runs its
examples in order in one namespace and answers, for each, its source, the output the
block expects, the output it gave, and whether they agree by doctest's own checker
(``ELLIPSIS``, pytest's default).  Text without prompts is plain code, each top-level
statement an example with nothing to compare.  :func:`handle` answers one message.
Nothing here knows a puzzle; the examples import what they use.

>>> session = Session()
>>> [r["got"] for r in session.run(">>> from pearls.puzzles import graph\\n>>> 6 * 7\\n42\\n")]
['', '42']
"""

from __future__ import annotations

import ast
import doctest
import json
import traceback
from collections.abc import Callable
from types import TracebackType
from typing import TypeAlias

from pearls.description import JSON
from pearls.errors import InputError

__all__ = ["MAX_TEXT", "Result", "Session", "handle"]

Result: TypeAlias = dict[str, JSON]  # {"source": "x * 7", "want": "42", "got": "42", "ok": True}
MAX_TEXT = 1 << 20  # characters of a block of examples, as the command line reads a board
ExcInfo: TypeAlias = tuple[type[BaseException], BaseException, TracebackType]
Out: TypeAlias = Callable[[str], object]  # where doctest would report, unused here


class Session:
    """One page's ``pycon`` examples, run as its doctest runs them: in order, in one
    namespace (``__name__`` is ``"__main__"``), output compared as pytest compares it
    (``ELLIPSIS``).  The session's namespace is the one thing here that changes, on
    purpose: it is the page's, created for it and dropped with it.

    >>> session = Session()
    >>> session.run(">>> x = 6\\n>>> x * 7\\n42\\n")[1]
    {'source': 'x * 7', 'want': '42', 'got': '42', 'ok': True}
    >>> session.run("print(x + 1)")  # code without prompts: nothing to compare
    [{'source': 'print(x + 1)', 'want': '', 'got': '7', 'ok': None}]
    """

    def __init__(self) -> None:
        self.globs: dict[str, object] = {"__name__": "__main__"}

    def run(self, text: str) -> list[Result]:
        """Run the examples of ``text`` (a ``pycon`` block, or plain code): for each,
        its source, the output its block expects, the output it gave, and whether they
        agree."""
        if len(text) > MAX_TEXT:
            raise InputError(f"the examples are {len(text):,} characters long")
        examples = doctest.DocTestParser().get_examples(text)
        prompted = bool(examples) or not text.strip()
        test = doctest.DocTest(examples or _statements(text), self.globs, "example", None, 0, text)
        recorder = _Recorder(doctest.ELLIPSIS, prompted)
        recorder.run(test, clear_globs=False)
        self.globs = test.globs
        return recorder.results


def _statements(text: str) -> list[doctest.Example]:
    """Each top-level statement of plain code as one example (the whole text, if it
    does not parse)."""
    try:
        statements = ast.parse(text).body
    except SyntaxError:
        return [doctest.Example(text, "")]
    sources = (ast.get_source_segment(text, s, padded=True) or "" for s in statements)
    return [doctest.Example(source, "") for source in sources]


class _Recorder(doctest.DocTestRunner):
    """A doctest runner that keeps each example's outcome instead of reporting it;
    ``ok`` is ``None`` for examples that expect nothing (plain code, not ``checked``)."""

    def __init__(self, optionflags: int, checked: bool) -> None:
        super().__init__(verbose=False, optionflags=optionflags)
        self.checked = checked
        self.results: list[Result] = []

    def _keep(self, example: doctest.Example, got: str, ok: bool) -> None:
        self.results.append(
            {
                "source": example.source.rstrip("\n"),
                "want": example.want.rstrip("\n"),
                "got": got.rstrip("\n"),
                "ok": ok if self.checked else None,
            }
        )

    def report_start(self, out: Out, test: doctest.DocTest, example: doctest.Example) -> None:
        """Say nothing when an example starts."""

    def report_success(
        self,
        out: Out,
        test: doctest.DocTest,
        example: doctest.Example,
        got: str,
    ) -> None:
        """Keep an example whose output agrees (an exception it expects, as the
        docs write one: its traceback's frames elided)."""
        self._keep(example, got if example.exc_msg is None else _elided(got), True)

    def report_failure(
        self,
        out: Out,
        test: doctest.DocTest,
        example: doctest.Example,
        got: str,
    ) -> None:
        """Keep an example whose output differs."""
        self._keep(example, got if example.exc_msg is None else _elided(got), False)

    def report_unexpected_exception(
        self,
        out: Out,
        test: doctest.DocTest,
        example: doctest.Example,
        exc_info: ExcInfo,
    ) -> None:
        """Keep an example that raised where its block expected none: the traceback,
        as Python prints it."""
        printed = "".join(traceback.format_exception(*exc_info))
        self._keep(example, printed, False)


TRACEBACK = "Traceback (most recent call last):\n"


def _elided(got: str) -> str:
    """The output of an example that raised, as a doctest expects it: what it printed,
    the traceback's first line, ``...`` for the frames (the indented lines), then the
    exception.

    >>> got = "hi\\nTraceback (most recent call last):\\n  File x\\n    f()\\nKeyError: 1\\n"
    >>> print(_elided(got))
    hi
    Traceback (most recent call last):
    ...
    KeyError: 1
    <BLANKLINE>
    """
    printed, found, rest = got.partition(TRACEBACK)
    if not found:
        return got
    lines = rest.splitlines(keepends=True)
    frames = next((i for i, line in enumerate(lines) if not line[:1].isspace()), len(lines))
    return printed + TRACEBACK + "...\n" + "".join(lines[frames:])


def handle(message: str, session: Session) -> str:
    """Answer one message from the page, ``{"text": ...}``, by running its examples in
    ``session``: ``{"status": "ok", "results": [...]}``, or the one line that says why
    not (``{"status": "error", "outcome": ...}``).

    >>> json.loads(handle('{"text": ">>> 1 + 1\\\\n2\\\\n"}', Session()))["results"]
    [{'source': '1 + 1', 'want': '2', 'got': '2', 'ok': True}]
    """
    try:
        request = json.loads(message)
        text = request["text"] if isinstance(request, dict) else None
        if not isinstance(text, str):
            raise InputError('a message must be {"text": "the examples"}')
        results: list[JSON] = list(session.run(text))
    except (ValueError, RecursionError, KeyError) as e:
        return json.dumps({"status": "error", "outcome": f"could not run the examples: {e}"})
    return json.dumps({"status": "ok", "results": results})
