"""Rush Hour boards drawn into the docs at build time by ``pearls.puzzles.rushhour.draw``.

An mkdocs hook (listed under ``hooks:`` in ``mkdocs.yml``).  On each page's markdown it
replaces two kinds of marker with a figure holding an inline SVG:

- a line ``<!-- board: NAME -->`` or ``<!-- board: NAME | CAPTION -->``, NAME one of the
  module's examples (``g1``, ``p1`` .. ``p4``);
- a fenced block of language ``rushhour-board`` holding a board's text, as ``parse`` reads
  it, drawn in the board's own letters; the rest of the opening line is the caption::

      ```rushhour-board Card 20
      B..CCC BDDE.. AAFE.G ..F..G ..HIIG ..HJJJ
      ```

Captions are plain text.  Figures on consecutive lines stand side by side, a gallery.
A marker stands alone on its line, so one quoted inline in running text is left alone.
An unknown name or a bad board stops the build, naming the page.
"""

from __future__ import annotations

import re

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from pearls import svg
from pearls.puzzles import rushhour
from pearls.puzzles.rushhour import Grid

__all__ = ["EXAMPLES", "boards", "figure", "on_files", "on_page_markdown"]

EXAMPLES: dict[str, Grid] = {
    name: rushhour.parse(text) for name, text in rushhour.DESCRIPTION.examples.items()
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
FIGURE_STYLE = "display:inline-block;margin:0 1em 1em 0;vertical-align:top;text-align:center"


def figure(g: Grid, letters: str = rushhour.LETTERS, caption: str = "") -> str:
    """A board as an HTML figure: its SVG drawing, then its caption if any.

    >>> lines = figure(rushhour.p2, caption="card <20>").splitlines()
    >>> lines[0].startswith("<figure"), lines[1].startswith("<svg"), lines[-2:]
    (True, True, ['<figcaption>card &lt;20&gt;</figcaption>', '</figure>'])
    """
    words = [f"<figcaption>{svg.escape(caption)}</figcaption>"] if caption else []
    lines = [f'<figure class="rushhour-board" style="{FIGURE_STYLE}">', rushhour.draw(g, letters)]
    return "\n".join([*lines, *words, "</figure>"])


def _named(match: re.Match[str]) -> str:
    """The figure of a named example."""
    name = match["name"]
    if name not in EXAMPLES:
        raise ValueError(f"no Rush Hour example {name!r}: use one of {', '.join(EXAMPLES)}")
    return figure(EXAMPLES[name], caption=match["caption"] or "")


def _fenced(match: re.Match[str]) -> str:
    """The figure of a board written out, in its own letters."""
    g, letters = rushhour.parse_named(match["text"])
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
    """
    return NAMED.sub(_named, FENCED.sub(_fenced, markdown))


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
