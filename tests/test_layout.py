"""The package's shape, read from its source with ``ast``: no import circles among the
modules of ``pearls`` (an import inside a function counts too), no file or console
input and output outside the command line and the one cache module, and the rules
(:mod:`pearls.rules`) written apart from the puzzles' models: none imports one, directly
or through another module.

Run ``pytest tests/test_layout.py -q`` to check; a circle is reported as the modules
that form it, in order.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pearls"
IO_ALLOWED = ("pearls.cli", "pearls.cache", "pearls.__main__")  # and their submodules
IO_CALLS = {"open", "print", "input"}
IO_METHODS = {"read_text", "write_text", "read_bytes", "write_bytes", "open"}


def module_name(path: Path) -> str:
    """The dotted name of a source file of the package."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported(name: str, tree: ast.AST) -> Iterator[str]:
    """The modules of ``pearls`` that a module's source imports, anywhere in it: for
    ``from X import y``, the module ``X.y`` where there is one, else ``X``."""
    package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name in MODULES)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: up level - 1 packages from this one
                parts = package.split(".")
                above = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{above}.{base}" if base else above
            for alias in node.names:
                target = f"{base}.{alias.name}"
                yield target if target in MODULES else base


def graph() -> dict[str, set[str]]:
    """Each module of ``pearls`` and the modules of ``pearls`` it imports."""
    edges: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges[name] = {m for m in imported(name, tree) if m in MODULES and m != name}
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``edges``: one cycle for each strongly connected group of
    more than one module (Tarjan's algorithm, written as a loop)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_the_graph_is_read_from_the_source() -> None:
    edges = graph()
    assert "pearls.search" in edges["pearls.methods"]
    assert "pearls.types" in edges["pearls.search"]
    assert not edges["pearls.types"] - {"pearls.errors"}


def test_circles_are_found() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(edges) == [["a", "b", "c"]]


def test_no_import_circles() -> None:
    assert circles(graph()) == []


def io_in(tree: ast.AST) -> Iterator[str]:
    """The input and output a module's source does: calls of ``open``, ``print`` and
    ``input``, file methods of paths, and ``os.environ``, each with its line."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in IO_CALLS:
                yield f"{node.func.id}( at line {node.lineno}"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in IO_METHODS:
                yield f".{node.func.attr}( at line {node.lineno}"
        elif isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv"):
            yield f"os.{node.attr} at line {node.lineno}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_input_or_output_outside_the_command_line_and_the_cache(name: str) -> None:
    if name.startswith(IO_ALLOWED):
        return
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    assert list(io_in(tree)) == []


def reached(edges: dict[str, set[str]], start: str) -> set[str]:
    """The modules ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for m in edges[todo.pop()] - seen:
            seen.add(m)
            todo.append(m)
    return seen


@cache
def whole_graph() -> dict[str, set[str]]:
    """The package's imports (:func:`graph`), read once for the tests that share them."""
    return graph()


@pytest.mark.parametrize("name", [m for m in sorted(MODULES) if m.startswith("pearls.rules")])
def test_the_rules_are_written_apart_from_the_models(name: str) -> None:
    models = {m for m in reached(whole_graph(), name) if m.startswith("pearls.puzzles")}
    assert models == set(), f"{name} imports {sorted(models)}"


def test_reached_follows_imports_through_others() -> None:
    assert reached({"a": {"b"}, "b": {"c"}, "c": set()}, "a") == {"b", "c"}
