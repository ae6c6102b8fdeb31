"""What the front end returns, shown in a notebook.

In Jupyter, or any front end of IPython, an outcome of :func:`pearls.frontend.respond`
displays itself: a solution as a stepper through its positions drawn as SVG (buttons
and the arrow keys, a script of its own: the fragment is self-contained and fetches
nothing), an analysis as its chart by distance and its farthest positions, a drawn
position as its SVG, a trace (a search's events, or its equations stepped literally) as
a stepper through its events; text where a puzzle has no drawing.  Without scripts (a
notebook not trusted, a page that strips them) a stepper shows its frames one under
another.

A position, or moves from it, that come from the library's own functions get the same
through :func:`show`:

>>> from pearls.puzzles import rushhour
>>> shown = show("rushhour", rushhour.g1, rushhour.bfsolve(rushhour.g1))
>>> shown.html.count("<svg"), "move 34 of 34" in shown.html
(35, True)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from pearls.description import JSON, Solution, Survey
from pearls.registry import PUZZLES
from pearls.svg import bar_chart, escape

__all__ = [
    "SHOWN_EVENTS",
    "SHOWN_FARTHEST",
    "SHOWN_FRAMES",
    "Shown",
    "chart_html",
    "drawing_html",
    "lines_html",
    "show",
    "solution_html",
    "stepper_html",
    "survey_html",
    "trace_html",
]

SHOWN_FRAMES = 500  # the positions of a solution a notebook draws at most
SHOWN_EVENTS = 500  # the events of a trace a notebook steps through at most
SHOWN_FARTHEST = 12  # the farthest positions of an analysis a notebook draws at most


@dataclass(frozen=True)
class Shown:
    """An HTML fragment a notebook displays (``_repr_html_``)."""

    html: str

    def _repr_html_(self) -> str:
        return self.html


def show(name: str, state: object, moves: Iterable[object] | None = (), **options: JSON) -> Shown:
    """A position of the puzzle registered as ``name``, and the positions ``moves``
    pass through from it, shown as a solution is: ``show("rushhour", rushhour.g1,
    rushhour.bfsolve(rushhour.g1))``, no moves (``None``, as a search that finds none
    gives) showing the position alone.  ``options`` are the puzzle's own, as the front
    end takes them (``size="4x4"``), where the state needs them to be read."""
    d = PUZZLES[name]
    problem = d.problem(d.default_text(options), options)
    solution = problem.replayed(state, moves or ())
    return Shown(solution_html(replace(solution, puzzle=name)))


# Fragments


def solution_html(solution: Solution) -> str:
    """A solution: its positions drawn, stepped through with their moves in words, and
    the line that sums it up; as text where the puzzle has no drawing."""
    drawings = solution.drawings or _drawn(solution.puzzle, solution.pictures)
    said = f"{solution.puzzle} ({solution.method}): {len(solution.words)} moves"
    if drawings is None:
        return lines_html([said, "", *solution.pictures])
    frames = drawings[:SHOWN_FRAMES]
    captions = solution.captions[: len(frames)]
    return stepper_html(frames, captions, said)


def _drawn(puzzle: str, pictures: Sequence[str]) -> tuple[str, ...] | None:
    """The positions written as ``pictures`` drawn by the puzzle's own drawing, the
    first :data:`SHOWN_FRAMES`; ``None`` where it has none."""
    d = PUZZLES.get(puzzle)
    if d is None or not d.drawable:
        return None
    drawn = (d.drawing(text) for text in pictures[:SHOWN_FRAMES])
    return tuple(svg for svg in drawn if svg is not None)


def survey_html(survey: Survey, drawings: Sequence[str] = ()) -> str:
    """An analysis: the states by distance as a chart, and its farthest positions, drawn
    where ``drawings`` are given, else as text."""
    heading = (
        f"{survey.puzzle}: {survey.states:,} positions, the farthest "
        f"{len(survey.histogram) - 1} moves from the {survey.origin}"
    )
    pictures = survey.pictures[:SHOWN_FARTHEST]
    farthest = list(drawings) or list(_drawn(survey.puzzle, pictures) or ())
    shown = farthest or [lines_html([text]) for text in pictures]
    return _section(heading, [chart_html(survey.histogram), *shown])


def chart_html(histogram: Sequence[int]) -> str:
    """The states at each distance, as a bar chart."""
    return bar_chart(histogram, "positions by distance", "distance", "positions")


def drawing_html(drawing: str | None, text: str = "") -> str:
    """A position: its SVG, or its text where it has no drawing."""
    return drawing if drawing is not None else lines_html([text])


def trace_html(trace: Sequence[Mapping[str, JSON]], title: str = "the search") -> str:
    """A trace stepped through, event by event (the first :data:`SHOWN_EVENTS`): each
    expanded position drawn where the trace carries its drawing, and every event said
    in words, its fields by name."""
    events = list(trace[:SHOWN_EVENTS])
    if not events:
        return lines_html([f"{title}: no events"])
    frames = [_event_frame(e) for e in events]
    captions = [_event_caption(i, e) for i, e in enumerate(events)]
    more = len(trace) - len(events)
    said = f"{title}: {len(trace):,} events" + (f", the first {len(events):,} shown" * bool(more))
    return stepper_html(frames, captions, said, counted="event")


def _event_frame(event: Mapping[str, JSON]) -> str:
    """An event's picture: its drawing, else its state and variables as JSON."""
    drawing = event.get("drawing")
    if isinstance(drawing, str):
        return drawing
    shown = {k: v for k, v in event.items() if k in ("state", "qs", "rs", "ps", "plan", "plans")}
    return lines_html([json.dumps(v) if k == "state" else f"{k} = {json.dumps(v)}"
                       for k, v in shown.items()])  # fmt: skip


def _event_caption(i: int, event: Mapping[str, JSON]) -> str:
    """An event in words: its kind, then its numbers by name."""
    kind = event.get("event")
    named = [f"{k} {v}" for k, v in event.items() if isinstance(v, int) and k != "event"]
    return f"{i + 1}. {kind}" + (f": {', '.join(named)}" if named else "")


def lines_html(lines: Iterable[str]) -> str:
    """Lines of text, as written."""
    return f'<pre class="pearls-text">{escape(chr(10).join(lines))}</pre>'


def _section(heading: str, parts: Iterable[str]) -> str:
    """Parts under a heading."""
    body = "".join(f'<div class="pearls-part">{part}</div>' for part in parts)
    return f'<div class="pearls"><p><strong>{escape(heading)}</strong></p>{body}</div>'


# The stepper


def stepper_html(
    frames: Sequence[str], captions: Sequence[str], title: str, counted: str = "move"
) -> str:
    """Frames stepped through one at a time, each with its caption: First, Previous,
    Next and Last, the arrow keys while the stepper has the focus, and a counter
    ("move i of n", frame 0 the start; "event i of n" for events, from 1).  Self-
    contained: its style and script are in the fragment, which finds itself from its
    own script, so that several can share a page."""
    count = len(frames)
    figures = "".join(
        f'<figure class="pearls-frame" data-counter="{escape(_counter(i, count, counted))}">'
        f"{frame}<figcaption>{escape(caption)}</figcaption></figure>"
        for i, (frame, caption) in enumerate(zip(frames, captions, strict=True))
    )
    return (
        f'<div class="pearls-stepper" tabindex="0"><style>{_STYLE}</style>'
        f"<p><strong>{escape(title)}</strong></p>{_NAVIGATION}{figures}"
        f"<script>{_SCRIPT}</script></div>"
    )


def _counter(i: int, count: int, counted: str) -> str:
    """The counter under frame ``i`` of ``count``."""
    return f"move {i} of {count - 1}" if counted == "move" else f"{counted} {i + 1} of {count}"


_STYLE = """
.pearls-stepper { font-family: system-ui, sans-serif; }
.pearls-stepper nav { display: none; gap: .4em; align-items: center; margin: .5em 0; }
.pearls-stepper.live nav { display: flex; }
.pearls-stepper.live .pearls-frame { display: none; }
.pearls-stepper.live .pearls-frame.current { display: block; }
.pearls-stepper figure, .pearls-stepper pre { margin: 0 0 1em; text-align: left; }
.pearls-stepper svg { max-width: 24em; height: auto; }
.pearls-stepper .counter { min-width: 9em; font-variant-numeric: tabular-nums; }
"""

_NAVIGATION = (
    '<nav><button type="button" data-to="first">&laquo;</button>'
    '<button type="button" data-to="previous">&#x25C0;</button>'
    '<span class="counter" aria-live="polite"></span>'
    '<button type="button" data-to="next">&#x25B6;</button>'
    '<button type="button" data-to="last">&raquo;</button></nav>'
)

_SCRIPT = """
(function (script) {
  var root = script ? script.parentElement
    : document.querySelectorAll(".pearls-stepper:not(.live)")[0];
  if (!root) { return; }
  var frames = root.querySelectorAll(".pearls-frame");
  var last = frames.length - 1, current = 0;
  function show(i) {
    current = Math.max(0, Math.min(last, i));
    frames.forEach(function (f, j) { f.classList.toggle("current", j === current); });
    root.querySelector(".counter").textContent = frames[current].dataset.counter;
  }
  var to = {
    first: function () { return 0; }, previous: function () { return current - 1; },
    next: function () { return current + 1; }, last: function () { return last; }
  };
  root.querySelectorAll("button").forEach(function (b) {
    b.onclick = function () { show(to[b.dataset.to]()); };
  });
  root.addEventListener("keydown", function (e) {
    var keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
    if (keys[e.key]) { e.preventDefault(); show(to[keys[e.key]]()); }
  });
  root.classList.add("live");
  show(0);
})(document.currentScript);
"""
