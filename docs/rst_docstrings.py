"""A griffe extension that lets the reST-ish docstrings of ``pearls`` render as Markdown
in the API reference, without changing a line of them.

* a ``::`` literal block (the Haskell equations) becomes a fenced code block, and its
  ``text::`` introduction ``text:`` (a lone ``::`` disappears);
* a doctest block (``>>>`` after a blank line) becomes a fenced ``pycon`` block;
* a role, ``:class:`Puzzle``` or ``:func:`~pearls.search.mkplans```, becomes a link to the
  object's entry when the reference shows it, and inline code otherwise;
* an attribute with no docstring (a type alias, a constant) is described by the comment
  that ends its line, where the house style gives an example value.

Double backticks need nothing: they are inline code in Markdown too.
"""

from __future__ import annotations

import re
import tokenize
from collections.abc import Iterator
from functools import partial
from typing import Any

from griffe import Alias, Attribute, Docstring, Extension, GriffeLoader, Module, Object

__all__ = ["RstDocstrings", "comment", "fence", "link"]

ROLE = re.compile(r":(?:mod|class|func|meth|data|exc|attr|obj):`(~?)([\w.]+)`")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _block(lines: list[str], i: int, inside: int) -> tuple[list[str], int]:
    """The lines from ``i`` on that are blank or indented more than ``inside``, less
    blanks at either end, and the index after them."""
    while i < len(lines) and not lines[i].strip():
        i += 1
    j = i
    while j < len(lines) and (not lines[j].strip() or _indent(lines[j]) > inside):
        j += 1
    while j > i and not lines[j - 1].strip():
        j -= 1
    return lines[i:j], j


def fence(text: str) -> str:
    r"""Markdown for a reST-ish docstring: literal and doctest blocks fenced.

    >>> fence("Equations::\n\n    f x = x\n\nSo:\n\n>>> 1 + 1\n2").splitlines()
    ['Equations:', '', '```', 'f x = x', '```', '', 'So:', '', '```pycon', '>>> 1 + 1', '2', '```']
    """
    lines, out, i = text.splitlines(), list[str](), 0
    while i < len(lines):
        line = lines[i]
        pad = line[: _indent(line)]
        if line.rstrip().endswith("::"):
            intro = line.rstrip()[:-2].rstrip()
            out += [intro + ":"] if intro.strip() else []
            block, i = _block(lines, i + 1, len(pad))
            body = [row for row in block if row.strip()]
            cut = min((_indent(row) for row in body), default=0)
            out += ["", pad + "```", *(row[cut:] and pad + row[cut:] for row in block)]
            out += [pad + "```"]
        elif line.lstrip().startswith(">>>") and (not out or not out[-1].strip()):
            j = i
            while j < len(lines) and lines[j].strip():
                j += 1
            out += [pad + "```pycon", *lines[i:j], pad + "```"]
            i = j
        else:
            out.append(line)
            i += 1
    return "\n".join(out).lstrip("\n")


def _objects(obj: Object) -> Iterator[Object]:
    """``obj`` and every object defined inside it (aliases left out)."""
    yield obj
    for member in obj.members.values():
        if not member.is_alias and isinstance(member, Object):
            yield from _objects(member)


def link(loader: GriffeLoader, obj: Object, role: re.Match[str]) -> str:
    """The Markdown for a role found in ``obj``'s docstring: a link to the entry of the
    object it names, looked up as Python would from ``obj``, when the reference shows
    that object; inline code otherwise (``ValueError``, a private helper)."""
    tilde, name = role.groups()
    label = f"`{name.rsplit('.', 1)[-1] if tilde else name}`"
    path = name
    scope: Object | None = obj
    while "." not in name and scope is not None:
        if name in scope.members:
            member = scope.members[name]
            path = member.target_path if isinstance(member, Alias) else member.path
            break
        scope = scope.parent
    try:
        target = loader.modules_collection.get_member(path)
    except (KeyError, ValueError):
        return label
    return f"[{label}][{path}]" if target.is_public else label


def comment(source: list[str]) -> str:
    """The comment that ends a statement's source, or the empty string: the house style
    documents an alias with an example there.

    >>> comment(['Cell = int  # 1..41, e.g. 20, the exit'])
    '1..41, e.g. 20, the exit'
    >>> comment(['LETTERS = "#"'])
    ''
    """
    lines = iter([*(line + "\n" for line in source), ""])
    try:
        tokens = list(tokenize.generate_tokens(lambda: next(lines)))
    except (tokenize.TokenError, SyntaxError):
        return ""
    last = len(source)
    found = [t.string for t in tokens if t.type == tokenize.COMMENT and t.start[0] == last]
    return found[-1].lstrip("#").strip() if found else ""


class RstDocstrings(Extension):
    """Rewrites each docstring of a loaded package once, before it is rendered; an
    attribute with no docstring takes the comment at the end of its line."""

    def on_package(self, *, pkg: Module, loader: GriffeLoader, **kwargs: Any) -> None:
        """Fence the blocks and resolve the roles of every docstring in ``pkg``."""
        for obj in _objects(pkg):
            if obj.docstring is None and isinstance(obj, Attribute) and comment(obj.lines):
                obj.docstring = Docstring(comment(obj.lines), lineno=obj.endlineno, parent=obj)
            if obj.docstring is not None:
                text = fence(obj.docstring.value)
                obj.docstring.value = ROLE.sub(partial(link, loader, obj), text)
