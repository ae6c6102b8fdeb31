"""SVG text built by small pure functions, and the files of a step-through viewer.

Everything here returns strings and writes nothing.  The same input always gives the same
bytes: attributes keep the order they are given in, and numbers print in their shortest
form, so a drawing can be compared, cached or committed.

>>> print(document(20, 10, element("rect", width=20, height=10, fill="#eee")))
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10" width="20" height="10">
<rect width="20" height="10" fill="#eee"/>
</svg>
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TypeAlias

__all__ = ["Attr", "bar_chart", "document", "element", "escape", "frame_names", "stepper"]

Attr: TypeAlias = str | int | float  # an attribute's value, e.g. "#d62728", 40 or 12.5

SVG_NAMESPACE = "http://www.w3.org/2000/svg"


def escape(text: str) -> str:
    """Text made safe inside an element or a quoted attribute, in SVG, XML or HTML.

    >>> escape('<A & "B">')
    '&lt;A &amp; &quot;B&quot;&gt;'
    """
    return html.escape(text, quote=True)


def _number(value: int | float) -> str:
    """A number in its shortest form, to three decimals: ``12.0 -> "12"``."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _attribute(name: str, value: Attr) -> str:
    """``name="value"``, with a Python-safe name spelled as SVG spells it:
    a trailing underscore dropped (``class_``), other underscores as hyphens."""
    spelled = name.rstrip("_").replace("_", "-")
    shown = value if isinstance(value, str) else _number(value)
    return f'{spelled}="{escape(shown)}"'


def element(tag: str, *children: str, **attrs: Attr) -> str:
    """One element: its attributes in the order given, its children (markup, already
    escaped) in a row, or ``/>`` when it has none.

    >>> element("rect", x=1, y=2.50, stroke_width=0.5, class_="car")
    '<rect x="1" y="2.5" stroke-width="0.5" class="car"/>'
    >>> element("text", escape("A&B"), x=3)
    '<text x="3">A&amp;B</text>'
    """
    opening = " ".join([tag, *(_attribute(name, value) for name, value in attrs.items())])
    if not children:
        return f"<{opening}/>"
    return f"<{opening}>{''.join(children)}</{tag}>"


def document(width: float, height: float, *children: str, title: str = "") -> str:
    """A standalone SVG document of the given size, one child per line, its user units
    the same as its size (``viewBox="0 0 width height"``), with an optional title.

    >>> document(4, 3, title="a <small> box").splitlines()[1:]
    ['<title>a &lt;small&gt; box</title>', '</svg>']
    """
    w, h = _number(width), _number(height)
    opening = f'<svg xmlns="{SVG_NAMESPACE}" viewBox="0 0 {w} {h}" width="{w}" height="{h}">'
    heading = [element("title", escape(title))] if title else []
    return "\n".join([opening, *heading, *children, "</svg>"])


def _ticks(count: int, most: int = 12) -> range:
    """Every how many bars a label goes: ``1, 2, 5, 10, 20, 50, ...``, the first step
    that labels at most ``most`` of ``count`` bars."""
    step = 1
    while count > most * step:
        step = step * 5 // 2 if str(step).startswith("2") else step * 2
    return range(0, count, step)


def bar_chart(
    values: Sequence[int],
    title: str = "",
    x_label: str = "",
    y_label: str = "",
    bar: float = 8,
    height: float = 160,
) -> str:
    """A bar chart as a standalone SVG document: bar ``i`` (``bar`` units wide) as tall
    as ``values[i]`` against the largest (``height`` units), the bars numbered along the
    bottom from 0, the largest value at the top of the vertical axis, each bar with a
    tooltip ``x_label i: value``.

    >>> chart = bar_chart([1, 4, 2], title="levels", x_label="distance", y_label="states")
    >>> chart.count('class="bar"'), "<title>distance 1: 4</title>" in chart
    (3, True)
    >>> bar_chart([]).count('class="bar"')
    0
    """
    left, right, top, bottom = 56, 12, 12 + (16 if title else 0), 40
    width = left + max(1, len(values)) * bar + right
    tallest = max(values, default=0) or 1
    base = top + height

    def column(i: int, value: int) -> str:
        tall = height * value / tallest
        tip = element("title", escape(f"{x_label} {i}: {value:,}".strip()))
        x = left + i * bar
        return element(
            "rect",
            tip,
            x=x,
            y=base - tall,
            width=bar * 0.85,
            height=tall,
            fill="#1f77b4",
            class_="bar",
        )

    def text(x: float, y: float, words: str, anchor: str = "middle", **more: Attr) -> str:
        return element(
            "text",
            escape(words),
            x=x,
            y=y,
            text_anchor=anchor,
            font_size=11,
            font_family="sans-serif",
            **more,
        )

    axes = element("path", d=f"M{left} {top}V{base}H{width - right}", stroke="#333333", fill="none")
    labels = [text(left + i * bar + bar * 0.425, base + 14, str(i)) for i in _ticks(len(values))]
    scale = [
        text(left - 6, top + 4, f"{max(values, default=0):,}", "end"),
        text(left - 6, base, "0", "end"),
    ]
    names = [
        text((left + width - right) / 2, base + 32, x_label),
        text(14, top + height / 2, y_label, transform=f"rotate(-90 14 {top + height / 2:g})"),
    ]
    heading = [text(width / 2, 16, title, font_weight="bold")] if title else []
    bars = [column(i, value) for i, value in enumerate(values)]
    return document(
        width, base + bottom, *heading, axes, *bars, *labels, *scale, *names, title=title
    )


def frame_names(count: int) -> list[str]:
    """The file names of ``count`` frames, numbered from 0 and zero-padded to one width:
    three digits, or as many as the last number needs.

    >>> frame_names(2)
    ['000.svg', '001.svg']
    >>> frame_names(1001)[-1]
    '1000.svg'
    """
    digits = max(3, len(str(count - 1)))
    return [f"{i:0{digits}d}.svg" for i in range(count)]


def stepper(frames: Sequence[str], captions: Sequence[str], title: str) -> dict[str, str]:
    """The files of a viewer that steps through frames one at a time: each frame as
    ``000.svg``, ``001.svg``, ... and an ``index.html`` showing one frame with its
    caption, first/previous/next/last buttons, the arrow keys, and a counter
    "move i of n" (frame 0 is the start, so ``n`` is one less than the frames).

    The page is self-contained (inline CSS and script, nothing fetched from elsewhere)
    and loads the frames by relative ``<img src>``, so it works from any folder,
    ``file://`` included; without scripts it shows every frame in a column.  Raises
    :class:`ValueError` unless there is at least one frame and one caption per frame.

    >>> files = stepper(["<svg/>", "<svg/>"], ["start", "A right"], "g1 <bfs>")
    >>> sorted(files)
    ['000.svg', '001.svg', 'index.html']
    >>> "<title>g1 &lt;bfs&gt;</title>" in files["index.html"]
    True
    """
    if not frames:
        raise ValueError("a stepper needs at least one frame")
    if len(captions) != len(frames):
        raise ValueError(f"{len(frames)} frames need as many captions, not {len(captions)}")
    names = frame_names(len(frames))
    page = _index_page(names, captions, title)
    return {**dict(zip(names, frames, strict=True)), "index.html": page}


def _counter(i: int, count: int) -> str:
    """The counter's text under frame ``i`` of ``count``: ``move 3 of 34``."""
    return f"move {i} of {count - 1}"


def _figure(i: int, name: str, caption: str, count: int) -> str:
    """Frame ``i`` as a figure: its image by relative link, then its caption."""
    counter = escape(_counter(i, count))
    image = f'<img src="{escape(name)}" alt="{counter}" loading="lazy">'
    words = f"<figcaption>{escape(caption)}</figcaption>"
    return f'<figure class="frame" data-counter="{counter}">{image}{words}</figure>'


def _index_page(names: Sequence[str], captions: Sequence[str], title: str) -> str:
    """The viewer's HTML page over frames already named."""
    count = len(names)
    pairs = enumerate(zip(names, captions, strict=True))
    figures = [_figure(i, name, caption, count) for i, (name, caption) in pairs]
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(title)}</title>",
            f"<style>{_STYLE}</style>",
            '<script>document.documentElement.classList.add("js");</script>',
            "</head>",
            "<body>",
            f"<h1>{escape(title)}</h1>",
            _NAVIGATION.replace("COUNTER", escape(_counter(0, count))),
            "<main>",
            *figures,
            "</main>",
            f"<script>{_SCRIPT}</script>",
            "</body>",
            "</html>",
            "",
        ]
    )


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 42em;
       padding: 0 1em; color: #222; background: #fff; text-align: center; }
h1 { font-size: 1.3em; }
nav { display: none; gap: .5em; justify-content: center; align-items: center;
      margin: 1em 0; }
.js nav { display: flex; }
button { font: inherit; padding: .3em .8em; }
#counter { min-width: 9em; font-variant-numeric: tabular-nums; }
figure { margin: 0 0 2em; }
.js figure.frame { display: none; }
.js figure.frame.current { display: block; }
img { max-width: 100%; height: auto; }
figcaption { margin-top: .5em; font-size: 1.1em; }
"""

_NAVIGATION = """<nav aria-label="frames">
<button type="button" id="first" title="first (Home)">&laquo; First</button>
<button type="button" id="previous" title="previous (left arrow)">&#x25C0; Previous</button>
<span id="counter" aria-live="polite">COUNTER</span>
<button type="button" id="next" title="next (right arrow)">Next &#x25B6;</button>
<button type="button" id="last" title="last (End)">Last &raquo;</button>
</nav>"""

_SCRIPT = """
(function () {
  var frames = document.querySelectorAll("figure.frame");
  var last = frames.length - 1;
  var current = 0;
  function byId(id) { return document.getElementById(id); }
  function show(i) {
    current = Math.max(0, Math.min(last, i));
    frames.forEach(function (frame, j) { frame.classList.toggle("current", j === current); });
    byId("counter").textContent = frames[current].getAttribute("data-counter");
    byId("first").disabled = byId("previous").disabled = current === 0;
    byId("next").disabled = byId("last").disabled = current === last;
  }
  byId("first").onclick = function () { show(0); };
  byId("previous").onclick = function () { show(current - 1); };
  byId("next").onclick = function () { show(current + 1); };
  byId("last").onclick = function () { show(last); };
  document.addEventListener("keydown", function (event) {
    var steps = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last };
    var known = Object.prototype.hasOwnProperty.call(steps, event.key);
    if (known && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      show(steps[event.key]);
    }
  });
  show(0);
})();
"""
