"""The knight's tour drawn as SVG: the board light and dark, the path of jumps, each
visited square numbered with its step.

>>> from pearls.puzzles.knight import PROBLEM_A, move, start
>>> picture = draw(PROBLEM_A, move(start(PROBLEM_A), 5))
>>> picture.startswith("<svg"), picture.count('class="square"'), picture.count("<text")
(True, 12, 2)
"""

from __future__ import annotations

from pearls import svg
from pearls.puzzles.knight import Board, Square, Tour

__all__ = ["draw"]

_SIDE = 40  # a square's side, in SVG units
_PAD = 10  # room around the board
_LIGHT, _DARK = "#f0d9b5", "#b58863"  # the squares' colours, as on a chessboard
_PATH = "#1f4e9c"  # the knight's path


def draw(b: Board, t: Tour, closed: bool = False) -> str:
    """The tour drawn on its board: the squares light and dark, the path of jumps as a
    line through their centres (with the jump home dashed, once a closed tour is
    complete), each visited square numbered with its step, the first one ringed.

    >>> from pearls.puzzles.knight import PROBLEM_A, start
    >>> draw(PROBLEM_A, start(PROBLEM_A)).count('class="step"')
    1
    """
    rows = max(r for r, _ in b.squares) + 1
    cols = max(c for _, c in b.squares) + 1
    width, height = cols * _SIDE + 2 * _PAD, rows * _SIDE + 2 * _PAD
    squares = [_square(r, c) for r, c in b.squares]
    centres = [_centre(b.squares[c]) for c in t.cells]
    complete = closed and len(t.cells) == len(b.squares) and len(t.cells) > 2
    title = f"knight's tour, {len(t.cells)} of {len(b.squares)} squares"
    return svg.document(
        width,
        height,
        *squares,
        *_path(centres, complete),
        *(_step(i, x, y) for i, (x, y) in enumerate(centres)),
        title=title,
    )


def _centre(s: Square) -> tuple[float, float]:
    """The (x, y) of a square's centre."""
    r, c = s
    return _PAD + (c + 0.5) * _SIDE, _PAD + (r + 0.5) * _SIDE


def _square(r: int, c: int) -> str:
    """One square of the board, light or dark."""
    fill = _LIGHT if (r + c) % 2 == 0 else _DARK
    x, y = _PAD + c * _SIDE, _PAD + r * _SIDE
    return svg.element("rect", x=x, y=y, width=_SIDE, height=_SIDE, fill=fill, class_="square")


def _path(centres: list[tuple[float, float]], complete: bool) -> list[str]:
    """The jumps as a line through the squares' centres, and the jump home dashed."""
    line: dict[str, svg.Attr] = dict(
        fill="none", stroke=_PATH, stroke_width=2.5, stroke_opacity=0.7
    )
    drawn: list[str] = []
    if len(centres) > 1:
        points = " ".join(f"{x:g},{y:g}" for x, y in centres)
        drawn.append(svg.element("polyline", points=points, class_="path", **line))
    if complete:
        (x1, y1), (x2, y2) = centres[-1], centres[0]
        drawn.append(
            svg.element(
                "line", x1=x1, y1=y1, x2=x2, y2=y2, stroke_dasharray="5 4", class_="home", **line
            )
        )
    return drawn


def _step(i: int, x: float, y: float) -> str:
    """The step ``i`` at a square's centre on a white disc, the first one ringed."""
    ring: dict[str, svg.Attr] = dict(stroke=_PATH, stroke_width=2.5) if i == 0 else {}
    disc = svg.element("circle", cx=x, cy=y, r=_SIDE * 0.3, fill="#ffffff", **ring)
    label = svg.element(
        "text",
        str(i),
        x=x,
        y=y,
        dy="0.35em",
        font_size=14 if i < 100 else 11,
        font_family="sans-serif",
        text_anchor="middle",
        fill="#1a1a1a",
    )
    return svg.element("g", disc, label, class_="step")
