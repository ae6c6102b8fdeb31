"""Write the API reference: one page per public module of ``pearls``, an overview page,
and the ``SUMMARY.md`` that mkdocs-literate-nav turns into the section's navigation.

mkdocs-gen-files runs this file during a build, with ``runpy.run_path`` (module name
``"<run_path>"``), and the pages it writes exist only inside that build.  Importing the
file, as pytest does when it collects ``docs/``, writes nothing.  A module added under
``pearls/`` gets its page at the next build, with no edit here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import mkdocs_gen_files
from mkdocs.structure.files import InclusionLevel
from mkdocs_gen_files.editor import FilesEditor

__all__ = ["main", "modules", "navigation", "section", "summary"]

ROOT = Path(__file__).resolve().parents[1]  # the repository: pearls/ lives here


def modules(package: Path) -> list[str]:
    """The dotted names of the public modules under ``package``, sorted: a package is
    named by its ``__init__.py``; ``__main__`` and ``_private`` modules are left out.

    >>> names = modules(ROOT / "pearls")
    >>> names[0], "pearls.puzzles.rushhour" in names, "pearls.__main__" in names
    ('pearls', True, False)
    """
    names = []
    for path in package.rglob("*.py"):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if not any(part.startswith("_") for part in parts):
            names.append(".".join(parts))
    return sorted(names)


def summary(path: Path) -> str:
    """The first sentence of a module's docstring (its first paragraph up to a full
    stop), ready for a table cell; empty without a docstring.

    >>> summary(ROOT / "pearls" / "search.py")
    "The chapter's search combinators, one function per group of equations."
    """
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    if not doc:
        return ""
    paragraph = " ".join(doc.split("\n\n")[0].split())
    sentence = re.split(r"(?<=\.)\s", paragraph, maxsplit=1)[0]
    return sentence.replace("|", "\\|")


def source(name: str) -> Path:
    """The file that holds module ``name``."""
    path = ROOT.joinpath(*name.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


CHAPTER = ("pearls", "pearls.types", "pearls.search", "pearls.literal")  # Bird's, and literally
TECHNIQUES = ("deepening", "informed", "backtrack", "analysis", "distributed")


def section(name: str) -> str:
    """The sidebar section of a module: the chapter, the techniques beyond it, the
    puzzles, or the platform (methods, limits, descriptions, the command line).

    >>> [section(n) for n in ("pearls.search", "pearls.informed", "pearls.puzzles.nooff")]
    ['The chapter', 'Beyond the chapter', 'Puzzles']
    >>> section("pearls.cli.render")
    'The platform'
    """
    if name in CHAPTER:
        return "The chapter"
    if name.removeprefix("pearls.") in TECHNIQUES:
        return "Beyond the chapter"
    if name.startswith("pearls.puzzles"):
        return "Puzzles"
    return "The platform"


def navigation(names: list[str]) -> str:
    """The sidebar as mkdocs-literate-nav reads it: the overview, then each section's
    modules, a package's modules nested under it.

    >>> print(navigation(["pearls.search", "pearls.puzzles.knight", "pearls.puzzles.knight.text"]))
    * [Overview](index.md)
    * The chapter
        * [pearls.search](pearls.search.md)
    * Puzzles
        * [pearls.puzzles.knight](pearls.puzzles.knight.md)
            * [text](pearls.puzzles.knight.text.md)
    <BLANKLINE>
    """
    lines = ["* [Overview](index.md)"]
    for heading in ("The chapter", "Beyond the chapter", "The platform", "Puzzles"):
        members = [n for n in names if section(n) == heading]
        if members:
            lines.append(f"* {heading}")
        for name in members:
            parent = name.rpartition(".")[0]
            if parent in members and parent != "pearls.puzzles":
                lines.append(f"        * [{name.rpartition('.')[2]}]({name}.md)")
            else:
                lines.append(f"    * [{name}]({name}.md)")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Write ``reference/index.md``, ``reference/<module>.md`` and ``reference/SUMMARY.md``."""
    names = modules(ROOT / "pearls")
    rows = [f"| [`{name}`]({name}.md) | {summary(source(name))} |" for name in names]
    with mkdocs_gen_files.open("reference/index.md", "w") as index:
        index.write("# API reference\n\nGenerated from the docstrings, one page per module.\n\n")
        index.write("| module | what it holds |\n|---|---|\n" + "\n".join(rows) + "\n")
    for name in names:
        with mkdocs_gen_files.open(f"reference/{name}.md", "w") as page:
            page.write(f"# {name}\n\n::: {name}\n")
        mkdocs_gen_files.set_edit_path(f"reference/{name}.md", source(name).relative_to(ROOT))
    with mkdocs_gen_files.open("reference/SUMMARY.md", "w") as nav:
        nav.write(navigation(names))
    files = FilesEditor.current().files
    summary_file = files.get_file_from_path("reference/SUMMARY.md")
    if summary_file is not None:  # read by mkdocs-literate-nav, not a page of its own
        summary_file.inclusion = InclusionLevel.EXCLUDED


if __name__ == "<run_path>":
    main()
