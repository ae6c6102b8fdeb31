"""Puzzles drawn into the docs at build time, by each puzzle's own drawing.

An mkdocs hook (listed under ``hooks:`` in ``mkdocs.yml``).  On each page's markdown it
replaces these markers with figures holding inline SVG:

- a line ``<!-- board: NAME -->`` or ``<!-- board: NAME | CAPTION -->``, NAME one of the
  Rush Hour examples (``g1``, ``p1`` .. ``p4``);
- a fenced block of language ``rushhour-board`` holding a board's text, as ``parse`` reads
  it, drawn in the board's own letters; the rest of the opening line is the caption::

      ```rushhour-board Card 20
      B..CCC BDDE.. AAFE.G ..F..G ..HIIG ..HJJJ
      ```

- for any puzzle of the registry, a line ``<!-- draw: PUZZLE EXAMPLE | CAPTION -->``
  draws an example's start, and a fence ``draw PUZZLE CAPTION`` holding a board's text
  draws that board;
- a line ``<!-- solution: PUZZLE EXAMPLE METHOD | CAPTION -->`` draws every position of
  the solution ``METHOD`` finds, in a row, each captioned with the move that led to it;
  ``answer:`` draws its solved position alone, and ``answers: PUZZLE EXAMPLE`` the
  solved position of every solution (a puzzle that lists them all).

- a line ``<!-- methods: PUZZLE -->`` becomes the table of the puzzle's methods against
  its examples, as ``python -m bench.methods`` measured them (``docs/methods/PUZZLE.json``):
  the moves found, or "no solution", and the states expanded, or the limit that
  stopped the search.

EXAMPLE is an example's name, or ``-`` for the puzzle's usual start; ``name=value``
words after it set the puzzle's options (``<!-- solution: hanoi - plan discs=3 -->``).
Captions are plain text.  Figures on consecutive lines stand side by side, a gallery.
A marker stands alone on its line, so one quoted inline in running text is left alone.
An unknown name, a bad board or a search beyond its limit stops the build, naming the
page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from pearls import svg
from pearls.description import JSON, Description, Settings
from pearls.errors import LimitReached
from pearls.limits import Meter
from pearls.puzzles.rushhour import Grid, text
from pearls.puzzles.rushhour.draw import draw
from pearls.registry import PUZZLES

__all__ = [
    "EXAMPLES",
    "MAX_STATES",
    "boards",
    "figure",
    "methods_table",
    "on_files",
    "on_page_markdown",
]

MAX_STATES = 2_000_000  # a solution drawn in the docs is found within this many states

EXAMPLES: dict[str, Grid] = {
    name: text.parse(board) for name, board in PUZZLES["rushhour"].examples.items()
}

NAMED = re.compile(
    r"^[ \t]*<!--[ \t]*board:[ \t]*(?P<name>[^\s|]+)[ \t]*(?:\|[ \t]*(?P<caption>.*?)[ \t]*)?-->"
    r"[ \t]*$",
    re.MULTILINE,
)
FENCED = re.compile(
    r"^(?P<fence>`{3,}|~{3,})[ \t]*rushhour-board\b[ \t]*(?P<caption>[^\n]*?)[ \t]*\n"
    r"(?P<text>.*?)^(?P=fence)[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
DRAW = re.compile(
    r"^[ \t]*<!--[ \t]*(?P<kind>draw|solution|answers|answer):[ \t]*(?P<words>[^|>]*?)[ \t]*"
    r"(?:\|[ \t]*(?P<caption>.*?)[ \t]*)?-->[ \t]*$",
    re.MULTILINE,
)
DRAW_FENCED = re.compile(
    r"^(?P<fence>`{3,}|~{3,})[ \t]*draw[ \t]+(?P<puzzle>\S+)[ \t]*(?P<caption>[^\n]*?)[ \t]*\n"
    r"(?P<text>.*?)^(?P=fence)[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
METHODS = re.compile(
    r"^[ \t]*<!--[ \t]*methods:[ \t]*(?P<puzzle>\S+)[ \t]*-->[ \t]*$", re.MULTILINE
)
MEASURED = Path(__file__).resolve().parent.parent / "methods"  # bench.methods writes here
FIGURE_STYLE = "display:inline-block;margin:0 1em 1em 0;vertical-align:top;text-align:center"


def figure(g: Grid, letters: str = text.LETTERS, caption: str = "") -> str:
    """A board as an HTML figure: its SVG drawing, then its caption if any.

    >>> lines = figure(EXAMPLES["p2"], caption="card <20>").splitlines()
    >>> lines[0].startswith("<figure"), lines[1].startswith("<svg"), lines[-2:]
    (True, True, ['<figcaption>card &lt;20&gt;</figcaption>', '</figure>'])
    """
    return _figure(draw(g, letters), caption, "rushhour-board")


def _figure(drawing: str, caption: str, kind: str = "puzzle") -> str:
    """An SVG drawing as an HTML figure, its caption (plain text) under it."""
    words = [f"<figcaption>{svg.escape(caption)}</figcaption>"] if caption else []
    lines = [f'<figure class="{kind}" style="{FIGURE_STYLE}">', drawing]
    return "\n".join([*lines, *words, "</figure>"])


def _puzzle(name: str) -> Description:
    """The registered puzzle called ``name``."""
    if name not in PUZZLES:
        raise ValueError(f"no puzzle {name!r}: use one of {', '.join(PUZZLES)}")
    return PUZZLES[name]


def _source(d: Description, example: str, words: list[str]) -> tuple[str, Settings]:
    """The text and settings a marker names: an example (``-``: the usual start) and
    ``name=value`` options."""
    settings = d.settings(dict(word.split("=", 1) for word in words))
    if example == "-":
        return d.default_text(settings), settings
    if example not in d.examples:
        raise ValueError(f"no {d.name} example {example!r}: use one of {', '.join(d.examples)}")
    return d.examples[example], settings


def _drawn(d: Description, text: str, settings: Settings, caption: str) -> str:
    """The figure of one board of ``d``."""
    drawing = d.drawing(text, settings)
    if drawing is None:
        raise ValueError(f"the puzzle {d.name!r} has no drawing")
    return _figure(drawing, caption)


def _marked(match: re.Match[str]) -> str:
    """The figures a ``draw:`` or ``solution:`` marker asks for."""
    name, *rest = match["words"].split() or [""]
    example, *rest = rest or ["-"]
    d = _puzzle(name)
    caption = match["caption"] or ""
    if match["kind"] == "draw":
        return _drawn(d, *_source(d, example, rest), caption)
    if match["kind"] == "answers":
        return _answers(d, example, rest, caption)
    method, *words = rest or [d.finding[0]]
    drawings, notation = _solved(d, example, method, words)
    if match["kind"] == "answer":
        return _figure(drawings[-1], caption)
    captions = ["start", *(f"{i}: {w}" for i, w in enumerate(notation, start=1))]
    return "\n".join(map(_figure, drawings, captions))


def _solved(
    d: Description, example: str, method: str, words: list[str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every position of the solution ``method`` finds for a marker's problem, drawn,
    and its moves in notation."""
    text, settings = _source(d, example, words)
    try:
        found = d.solve(method, text, Meter(max_states=MAX_STATES), True, settings)
    except LimitReached as e:
        raise ValueError(f"{d.name} {example} by {method}: {e}") from e
    if found.drawings is None or found.moves is None:
        raise ValueError(f"{d.name} {example} by {method}: no solution to draw")
    return found.drawings, found.notation


def _answers(d: Description, example: str, words: list[str], caption: str) -> str:
    """The solved position of every solution of a marker's problem, numbered."""
    text, settings = _source(d, example, words)
    try:
        every = list(d.every(text, Meter(max_states=MAX_STATES), settings, draw=True))
    except LimitReached as e:
        raise ValueError(f"every {d.name} {example}: {e}") from e
    drawings = [s.drawings[-1] for s in every if s.drawings]
    if not drawings:
        raise ValueError(f"every {d.name} {example}: nothing to draw")
    captions = [f"{caption} {i} of {len(drawings)}".strip() for i in range(1, len(drawings) + 1)]
    return "\n".join(map(_figure, drawings, captions))


def _draw_fenced(match: re.Match[str]) -> str:
    """The figure of a board of any puzzle, written out."""
    d = _puzzle(match["puzzle"])
    return _drawn(d, match["text"], d.settings(), match["caption"])


def methods_table(name: str, measured: JSON) -> str:
    """The Markdown table of a puzzle's methods (rows) against its examples (columns),
    from ``measured`` as ``bench.methods`` writes it, which must cover exactly the
    methods and examples the puzzle offers now.

    >>> runs = {"bfs": {"g1": {"moves": 34, "expanded": 2778, "seconds": 0.05}}}
    >>> methods_table("rushhour", {"limits": {"states": 9, "seconds": 1}, "methods": runs})
    Traceback (most recent call last):
    ...
    ValueError: docs/methods/rushhour.json is stale: run python -m bench.methods --only rushhour
    """
    d = _puzzle(name)
    assert isinstance(measured, dict)
    limits, runs = measured["limits"], measured["methods"]
    assert isinstance(limits, dict) and isinstance(runs, dict)
    rows = {method: row for method, row in runs.items() if isinstance(row, dict)}
    if list(rows) != d.finding or any(list(r) != list(d.examples) for r in rows.values()):
        raise ValueError(
            f"docs/methods/{name}.json is stale: run python -m bench.methods --only {name}"
        )
    lines = [
        "| method | " + " | ".join(f"`{e}`" for e in d.examples) + " |",
        "|---|" + "---|" * len(d.examples),
    ]
    for method, row in rows.items():
        cells = [_outcome(run, limits) for run in row.values()]
        lines.append(f"| `{method}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _outcome(run: JSON, limits: dict[str, JSON]) -> str:
    """One cell: ``34 moves, 2,778 states``, ``no solution, 44 states`` or ``stops at
    the limit of 2,000,000 states (11.0 s)``."""
    assert isinstance(run, dict)
    moves, expanded, seconds = run.get("moves"), run["expanded"], run["seconds"]
    assert isinstance(expanded, int) and isinstance(seconds, int | float)
    if "limit" in run:
        bound = f"{expanded:,} states" if run["limit"] == "states" else f"{limits['seconds']} s"
        return f"stops at the limit of {bound} ({seconds:.1f} s)"
    found = f"{moves:,} moves" if isinstance(moves, int) else "no solution"
    return f"{found}, {expanded:,} states"


def _methods(match: re.Match[str]) -> str:
    """The table a ``methods:`` marker asks for."""
    name = match["puzzle"]
    path = MEASURED / f"{name}.json"
    if not path.exists():
        raise ValueError(
            f"no {path.name} in docs/methods: run python -m bench.methods --only {name}"
        )
    measured: JSON = json.loads(path.read_text(encoding="utf-8"))
    return methods_table(name, measured)


def _named(match: re.Match[str]) -> str:
    """The figure of a named example."""
    name = match["name"]
    if name not in EXAMPLES:
        raise ValueError(f"no Rush Hour example {name!r}: use one of {', '.join(EXAMPLES)}")
    return figure(EXAMPLES[name], caption=match["caption"] or "")


def _fenced(match: re.Match[str]) -> str:
    """The figure of a board written out, in its own letters."""
    g, letters = text.parse_named(match["text"])
    return figure(g, letters, match["caption"])


def boards(markdown: str) -> str:
    """Markdown with every board marker replaced by its figure.

    >>> page = "Two boards:\\n\\n<!-- board: p1 | Figure 18.1 -->\\n```rushhour-board\\n"
    >>> page += "ZZ.... ...... AA.... ...... ...... ......\\n```\\n"
    >>> drawn = boards(page)
    >>> drawn.count("<svg"), "Figure 18.1</figcaption>" in drawn, ">Z</text>" in drawn
    (2, True, True)
    >>> boards("<!-- board: p9 -->")
    Traceback (most recent call last):
    ...
    ValueError: no Rush Hour example 'p9': use one of g1, p1, p2, p3, p4
    >>> drawn = boards("<!-- draw: graph ladder | a graph -->")
    Traceback (most recent call last):
    ...
    ValueError: the puzzle 'graph' has no drawing
    >>> strip = boards("<!-- solution: rushhour p2 bfs -->")
    >>> strip.count("<svg"), strip.count("<figcaption>")
    (19, 19)
    >>> boards("<!-- answer: rushhour p2 bfs | out -->") in strip.replace("18: A+1", "out")
    True
    >>> boards("<!-- answers: knight - | tour -->").count("<figcaption>tour ")
    4
    """
    drawn = NAMED.sub(_named, FENCED.sub(_fenced, markdown))
    return METHODS.sub(_methods, DRAW.sub(_marked, DRAW_FENCED.sub(_draw_fenced, drawn)))


def on_page_markdown(markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """mkdocs' page event: the page's markdown with its boards drawn."""
    try:
        return boards(markdown)
    except ValueError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from error


def on_files(files: Files, /, *, config: MkDocsConfig) -> Files:
    """mkdocs' files event: this hook's folder kept out of the site."""
    for file in [f for f in files if f.src_uri.startswith("hooks/")]:
        files.remove(file)
    return files
