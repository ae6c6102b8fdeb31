"""A docs page's examples run as its doctest runs them (``docs/pycon.py``): the first
block of every page gives the output its doctest expects; a session keeps one namespace;
what a reader types is answered, never raised."""

from __future__ import annotations

import json
from pathlib import Path

import pycon
import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"


def blocks(markdown: str) -> list[str]:
    """The texts of a page's ``pycon`` blocks, in order."""
    found: list[str] = []
    inside: list[str] | None = None
    for line in markdown.splitlines(keepends=True):
        if inside is None and line.strip() == "```pycon":
            inside = []
        elif inside is not None and line.strip() == "```":
            found.append("".join(inside))
            inside = None
        elif inside is not None:
            inside.append(line)
    return found


PAGES = sorted(p for p in DOCS.glob("*.md") if blocks(p.read_text(encoding="utf-8")))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_a_pages_first_block_gives_its_doctests_output(page: Path) -> None:
    first = blocks(page.read_text(encoding="utf-8"))[0]
    results = pycon.Session().run(first)
    assert results and all(r["ok"] is True for r in results), [r for r in results if not r["ok"]]


def test_a_page_shares_one_namespace_across_its_blocks() -> None:
    session = pycon.Session()
    session.run(">>> from pearls.puzzles import graph\n")
    [result] = session.run(">>> graph.__name__\n'pearls.puzzles.graph'\n")
    assert result["ok"] is True
    [fresh] = pycon.Session().run(">>> graph\n")
    assert fresh["ok"] is False and "NameError: name 'graph' is not defined" in str(fresh["got"])


def test_an_expected_exception_agrees_and_an_unexpected_one_is_shown() -> None:
    expected = (
        ">>> 1 / 0\nTraceback (most recent call last):\n...\nZeroDivisionError: division by zero\n"
    )
    [agrees] = pycon.Session().run(expected)
    assert agrees["ok"] is True
    assert agrees["got"] == expected.split("\n", 1)[1].rstrip("\n")  # frames elided, as written
    [unexpected] = pycon.Session().run(">>> int('x')\n")
    assert unexpected["ok"] is False
    assert str(unexpected["got"]).startswith("Traceback (most recent call last):")
    assert str(unexpected["got"]).endswith(
        "ValueError: invalid literal for int() with base 10: 'x'"
    )


def test_an_ellipsis_agrees_as_pytest_has_it() -> None:
    [result] = pycon.Session().run(">>> list(range(20))\n[0, 1, ..., 19]\n")
    assert result["ok"] is True


def test_plain_code_is_each_statement_with_nothing_to_compare() -> None:
    results = pycon.Session().run("x = [1, 2]\nprint(len(x))\nx\n")
    assert [(r["source"], r["got"], r["ok"]) for r in results] == [
        ("x = [1, 2]", "", None),
        ("print(len(x))", "2", None),
        ("x", "[1, 2]", None),
    ]
    [broken] = pycon.Session().run("def (:\n")
    assert "SyntaxError" in str(broken["got"]) and broken["ok"] is None


@pytest.mark.parametrize("message", ["", "[]", "{}", '{"text": 3}', "[" * 200_000 + "]" * 200_000])
def test_a_bad_message_is_one_line(message: str) -> None:
    answer = json.loads(pycon.handle(message, pycon.Session()))
    assert answer["status"] == "error" and "\n" not in answer["outcome"]


def test_too_long_a_text_is_refused() -> None:
    text = json.dumps({"text": "#" * (pycon.MAX_TEXT + 1)})
    answer = json.loads(pycon.handle(text, pycon.Session()))
    assert answer["status"] == "error" and "characters long" in answer["outcome"]
