"""The chapter's live figures written into the page at build time, their equations
quoted from :mod:`pearls.literal`, every line marked with the rules it states.

An mkdocs hook (listed under ``hooks:`` in ``mkdocs.yml``).  On each page's markdown
it replaces a line ``<!-- explore: NAME | CAPTION -->``, NAME a figure of
``docs/figures.py``, with ``<figure class="explore">``: for each pane, the equation
group's Haskell as the docstring of its :mod:`pearls.literal` function quotes it (the
``-- N`` that numbers each rule left off the page), the Python that fires the rules,
and a place for the variables; and what the figure draws that stays the same as it
steps (the first figure's graph).  A line of either language carries ``data-rules``,
the rules it states or runs, and the head of a guarded equation ``data-heads``, the
rules of its guards; ``javascripts/explore.js`` steps the figure and highlights the
lines of the rule that fires.  Without JavaScript the figure is the equations, the
Python and a note that says what JavaScript adds.

The Python of a rule is read from the function's source: the block that yields its
step (``yield _step(N, ...)``) from the ``if`` that leads to it, or from the yield to
the end of the loop.  Where one yield serves two rules (``2 if rs else 1``), the block
is both rules' but for a branch on the opposite condition (``if not rs:``), which is
the second's alone, and what follows it, the first's.
"""

from __future__ import annotations

import ast
import inspect
import re
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from pygments import highlight  # type: ignore[import-untyped]  # Pygments ships no types
from pygments.formatters import HtmlFormatter  # type: ignore[import-untyped]  # no types
from pygments.lexers import HaskellLexer, PythonLexer  # type: ignore[import-untyped]  # no types

from pearls import literal, svg

DOCS = Path(__file__).resolve().parents[1]
if str(DOCS) not in sys.path:  # mkdocs puts a hook's own folder alone on the path
    sys.path.insert(0, str(DOCS))

from figures import ACCUMULATING, FIGURES, Pane  # noqa: E402  # docs/ is on the path now

__all__ = ["Line", "explore", "figure", "haskell", "on_page_markdown", "python", "unmarked"]

Line = tuple[str, tuple[int, ...], tuple[int, ...]]  # (text, rules stated, rules guarded)

MARKER = re.compile(
    r"^[ \t]*<!--[ \t]*explore:[ \t]*(?P<name>[^\s|]+)[ \t]*(?:\|[ \t]*(?P<caption>.*?)[ \t]*)?-->"
    r"[ \t]*$",
    re.MULTILINE,
)
NUMBERED = re.compile(r"\s+--\s*(\d+)\s*$")  # a docstring's rule number: "-- 4"
NOTE = (
    "The equations above run in your browser when JavaScript is on: Python, loaded from "
    "this site, fires them rule by rule, and Step, Back and Play show each rule as it "
    "fires, with the variables just before."
)


# --- The equations, quoted ---------------------------------------------------------------------


def haskell(function: Callable[..., object]) -> list[Line]:
    """The Haskell a :mod:`pearls.literal` function's docstring quotes (its ``::``
    block), each line with the rule it states (``-- N``, left off) and, at the head
    of guarded equations, the rules of its guards.

    >>> from pearls import literal
    >>> for line in haskell(literal.bfsearch):
    ...     print(line)
    ('bfsearch qs [] = Nothing', (1,), ())
    ('bfsearch qs (p@(ms, q) : ps)', (), (2, 3, 4))
    ('  | solved q  = Just ms', (2,), ())
    ('  | q ∈ qs    = bfsearch qs ps', (3,), ())
    ('  | otherwise = bfsearch (q : qs) (ps ++ succs p)', (4,), ())
    """
    block = _quoted(inspect.getdoc(function) or "")
    stated = [(NUMBERED.sub("", line), _number(line)) for line in block]
    lines: list[Line] = []
    for i, (text, rules) in enumerate(stated):
        guards: list[int] = []
        if not rules:
            for later, rule in stated[i + 1 :]:
                if not later.lstrip().startswith("|"):
                    break
                guards.extend(rule)
        lines.append((text, rules, tuple(guards)))
    return lines


def _quoted(doc: str) -> list[str]:
    """The lines of a docstring's first ``::`` block, dedented."""
    lines = doc.splitlines()
    begin = lines.index("::") + 1 if "::" in lines else len(lines)
    block: list[str] = []
    for line in lines[begin:]:
        if line and not line.startswith(" "):
            break
        block.append(line)
    return textwrap.dedent("\n".join(block)).strip("\n").splitlines()


def _number(line: str) -> tuple[int, ...]:
    """The rule a quoted line states, as its ``-- N`` says, if it does."""
    found = NUMBERED.search(line)
    return (int(found.group(1)),) if found else ()


def python(function: Callable[..., object]) -> list[Line]:
    """The body of a :mod:`pearls.literal` function, its docstring left out, each line
    with the rules whose step it yields or whose work it does.

    >>> from pearls import literal
    >>> [(text.strip(), rules) for text, rules, _ in python(literal.bfsearch_)[2:7]]
    [('if not ps:', (1, 2)), ('yield _step(2 if rs else 1, qs, rs, ps)', (1, 2)), \
('if not rs:', (1,)), ('return None', (1,)), ('rs, ps = [], rs', (2,))]
    """
    source = textwrap.dedent(inspect.getsource(function))
    tree = ast.parse(source)
    definition = tree.body[0]
    assert isinstance(definition, ast.FunctionDef)
    body = definition.body[1:] if ast.get_docstring(definition) else definition.body
    first = body[0].lineno
    rules: dict[int, set[int]] = {}
    for line, rule in _rule_lines(definition):
        rules.setdefault(line, set()).add(rule)
    lines = source.splitlines()[first - 1 : definition.end_lineno]
    text = textwrap.dedent("\n".join(lines)).splitlines()
    return [(t, tuple(sorted(rules.get(first + i, ()))), ()) for i, t in enumerate(text)]


def _rule_lines(definition: ast.FunctionDef) -> Iterator[tuple[int, int]]:
    """Each line of a literal function and a rule it serves (see the module's
    docstring): the block of each ``yield _step(...)``."""
    for parent, block in _blocks(definition):
        for i, statement in enumerate(block):
            said = _yielded_rules(statement)
            if not said:
                continue
            leading = [parent.lineno] if isinstance(parent, ast.If) else []
            rest = block[i:]
            yield from ((line, rule) for line in leading for rule in said)
            yield from _served(rest, said)


def _blocks(definition: ast.FunctionDef) -> Iterator[tuple[ast.AST, list[ast.stmt]]]:
    """Every block of statements in a function, with the statement that holds it."""
    for node in ast.walk(definition):
        if isinstance(node, ast.If | ast.While | ast.For):
            yield node, node.body
            yield node, node.orelse


def _yielded_rules(statement: ast.stmt) -> tuple[int, ...]:
    """The rules of a ``yield _step(N, ...)`` statement, or of ``_step(A if c else B,
    ...)``: ``(A, B)``; none for any other statement."""
    if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Yield)):
        return ()
    call = statement.value.value
    if not (isinstance(call, ast.Call) and call.args):
        return ()
    rule = call.args[0]
    if isinstance(rule, ast.Constant) and isinstance(rule.value, int):
        return (rule.value,)
    if isinstance(rule, ast.IfExp):
        chosen = (rule.body, rule.orelse)
        return tuple(
            r.value for r in chosen if isinstance(r, ast.Constant) and isinstance(r.value, int)
        )
    return ()


def _served(block: list[ast.stmt], rules: tuple[int, ...]) -> Iterator[tuple[int, int]]:
    """The lines of ``block`` (a yield and what follows it) with the rules they serve:
    all of ``rules``, but where the yield chose between two by a condition, a branch
    on the opposite condition serves the second alone and what follows, the first."""
    condition = _chosen_by(block[0])
    split = None
    for i, statement in enumerate(block):
        if (
            condition is not None
            and isinstance(statement, ast.If)
            and _negates(statement, condition)
        ):
            split = i
    for i, statement in enumerate(block):
        serving = rules if split is None or i < split else rules[1:] if i == split else rules[:1]
        for line in range(statement.lineno, (statement.end_lineno or statement.lineno) + 1):
            yield from ((line, rule) for rule in serving)


def _chosen_by(statement: ast.stmt) -> ast.expr | None:
    """The condition a ``yield _step(A if c else B, ...)`` chooses its rule by."""
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Yield):
        call = statement.value.value
        if isinstance(call, ast.Call) and call.args and isinstance(call.args[0], ast.IfExp):
            return call.args[0].test
    return None


def _negates(statement: ast.If, condition: ast.expr) -> bool:
    """Whether an ``if`` tests ``not condition``."""
    test = statement.test
    return (
        isinstance(test, ast.UnaryOp)
        and isinstance(test.op, ast.Not)
        and ast.dump(test.operand) == ast.dump(condition)
    )


# --- The figure ---------------------------------------------------------------------------------


def _code(lines: list[Line], lexer: object, language: str) -> str:
    """Lines of code, highlighted as the site highlights its code blocks, each in a
    ``span.explore-line`` that names the rules it states and guards."""
    spans = []
    for text, rules, heads in lines:
        marked: str = highlight(text, lexer, HtmlFormatter(nowrap=True)).rstrip("\n")
        attributes = f' data-rules="{_words(rules)}"' if rules else ""
        attributes += f' data-heads="{_words(heads)}"' if heads else ""
        spans.append(f'<span class="explore-line"{attributes}>{marked}</span>')
    body = "\n".join(spans)
    return f'<div class="language-{language} highlight"><pre><code>{body}</code></pre></div>'


def _words(rules: tuple[int, ...]) -> str:
    """Rule numbers as an attribute's words: ``"1 2"``."""
    return " ".join(map(str, rules))


def _pane(pane: Pane, index: int, drawing: str) -> str:
    """One pane: its title, its equations, the Python (or the Python alone), the graph
    where there is one, and the places the page fills."""
    parts = []
    if not isinstance(pane.python, str):
        name = f"pearls.literal.{pane.python.__name__}"
        equations = _code(haskell(pane.python), HaskellLexer(), "haskell")
        parts.append(_labelled("haskell", "Haskell", equations))
        code = _code(python(pane.python), PythonLexer(), "python")
        parts.append(_labelled("python", f"Python: the loop of <code>{name}</code>", code))
    else:
        code = _code([(line, (), ()) for line in pane.python.splitlines()], PythonLexer(), "python")
        parts.append(_labelled("python", "Python", code))
    title = svg.escape(pane.title)
    picture = [f'<div class="explore-graph">{drawing}{_legend(pane)}</div>'] if drawing else []
    return "\n".join(
        [
            f'<section class="explore-pane" data-pane="{index}">',
            f'<p class="explore-title"><code>{title}</code> <span class="explore-rule"></span></p>',
            '<div class="explore-body">',
            *parts,
            '<div class="explore-view">',
            *picture,
            '<div class="explore-picture"></div>',
            '<div class="explore-vars"></div>',
            "</div>",
            "</div>",
            "</section>",
        ]
    )


def _legend(pane: Pane) -> str:
    """What the marks on a graph's nodes say, for the frontiers the pane has."""
    marks = ["grey: in qs", "red ring: the head of ps", "blue: the rest of ps"]
    if pane.group in ACCUMULATING:
        marks.append("green dashes: in rs")
    return f'<p class="explore-legend">{"; ".join(marks)}</p>'


def _labelled(language: str, label: str, code: str) -> str:
    """A block of code under its label."""
    return f'<div class="explore-{language}"><p class="explore-language">{label}</p>{code}</div>'


def unmarked(pane: Pane) -> list[str]:
    """The rules of a pane's group that no line of its Haskell, or of its Python,
    states: none, for every pane of every figure.

    >>> [unmarked(pane) for f in FIGURES.values() for pane in f.panes]
    [[], [], [], [], []]
    """
    if pane.group is None or isinstance(pane.python, str):
        return []
    every = range(1, len(literal.RULES[pane.group]) + 1)
    missing = []
    for language, lines in (("Haskell", haskell(pane.python)), ("Python", python(pane.python))):
        stated = {rule for _, rules, _ in lines for rule in rules}
        missing += [f"{language}: rule {rule}" for rule in every if rule not in stated]
    return missing


def figure(name: str, caption: str = "") -> str:
    """The HTML of the figure ``name`` of :data:`figures.FIGURES`.

    >>> shown = figure("levels", "two searches")
    >>> shown.count('class="explore-pane"'), shown.count("data-node="), "explore-note" in shown
    (2, 10, True)
    """
    if name not in FIGURES:
        raise ValueError(f"no figure {name!r}: use one of {', '.join(FIGURES)}")
    shown = FIGURES[name]
    drawing = shown.drawing() if shown.drawing is not None else ""
    panes = [_pane(pane, i, drawing) for i, pane in enumerate(shown.panes)]
    words = [f"<figcaption>{svg.escape(caption)}</figcaption>"] if caption else []
    return "\n".join(
        [
            f'<figure class="explore" id="explore-{name}" data-explore="{name}">',
            f'<div class="explore-panes">{"".join(panes)}</div>',
            f'<p class="explore-note">{NOTE}</p>',
            *words,
            "</figure>",
        ]
    )


def explore(markdown: str) -> str:
    """Markdown with every figure marker replaced by its figure.

    >>> explore("<!-- explore: fast | side by side -->").count('class="explore-pane"')
    2
    >>> explore("<!-- explore: nine -->")
    Traceback (most recent call last):
    ...
    ValueError: no figure 'nine': use one of levels, planning, fast
    """
    return MARKER.sub(lambda found: figure(found["name"], found["caption"] or ""), markdown)


def on_page_markdown(markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """mkdocs' page event: the page's markdown with its live figures written in."""
    try:
        return explore(markdown)
    except ValueError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from error
