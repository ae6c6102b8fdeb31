"""A notebook of the docs, run when the site is built and shown as a page.

An mkdocs hook (listed under ``hooks:`` in ``mkdocs.yml``).  A page holding the line
``<!-- notebook: NAME.ipynb -->`` gets, in its place, the notebook ``docs/NAME.ipynb``
run on a kernel of the venv that builds the site (``python3``): each markdown cell as
written, each code cell as a Python block, and under it what the cell gave, as a
notebook shows it (its HTML, else its text, else its printed lines).  The outputs are
put into the page after it is rendered, so that no markdown touches them.  A cell that
fails stops the build, naming the page.
"""

from __future__ import annotations

import html
import tempfile
from pathlib import Path

import nbformat
from jupyter_client.manager import KernelManager
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from nbclient import NotebookClient
from nbformat import NotebookNode

MARKER = "<!-- notebook: "
PLACE = "<!-- notebook output {} -->"
TIMEOUT = 300  # seconds a cell may take

_outputs: dict[str, list[str]] = {}  # each page's outputs, by its source path, in order


def on_page_markdown(markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """The page with its notebook's cells in place of the marker."""
    lines = markdown.splitlines()
    marked = [line for line in lines if line.startswith(MARKER)]
    if not marked:
        return markdown
    name = marked[0].removeprefix(MARKER).removesuffix("-->").strip()
    try:
        cells = _run(Path(config.docs_dir) / name)
    except (OSError, ValueError) as e:
        raise PluginError(f"{page.file.src_path}: the notebook {name}: {e}") from e
    outputs: list[str] = []
    rendered = [_cell(cell, outputs) for cell in cells]
    _outputs[page.file.src_path] = outputs
    return "\n".join("\n\n".join(rendered) if line.startswith(MARKER) else line for line in lines)


def on_page_content(content: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """The rendered page with each cell's output in its place."""
    for i, output in enumerate(_outputs.pop(page.file.src_path, [])):
        content = content.replace(f"<p>{PLACE.format(i)}</p>", output)
        content = content.replace(PLACE.format(i), output)
    return content


def _run(path: Path) -> list[NotebookNode]:
    """The cells of the notebook at ``path``, run."""
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]  # untyped
    with tempfile.TemporaryDirectory() as sockets:  # local sockets, not TCP, named there
        kernel = KernelManager(kernel_name="python3", transport="ipc", ip=f"{sockets}/kernel")
        NotebookClient(notebook, km=kernel, timeout=TIMEOUT).execute()
    cells: list[NotebookNode] = notebook.cells
    return cells


def _cell(cell: NotebookNode, outputs: list[str]) -> str:
    """A cell as markdown: a markdown cell as written; a code cell as a Python block
    and a placeholder for what it gave."""
    if cell.cell_type == "markdown":
        return str(cell.source)
    given = "".join(_output(output) for output in cell.outputs)
    outputs.append(f'<div class="notebook-output">{given}</div>')
    return f"```python\n{cell.source}\n```\n\n{PLACE.format(len(outputs) - 1)}"


def _output(output: NotebookNode) -> str:
    """One output as a notebook shows it."""
    if output.output_type == "stream":
        return f"<pre>{html.escape(str(output.text))}</pre>"
    if output.output_type == "error":
        raise ValueError(f"a cell of the notebook failed: {output.ename}: {output.evalue}")
    data = output.get("data", {})
    if "text/html" in data:
        return str(data["text/html"])
    return f"<pre>{html.escape(str(data.get('text/plain', '')))}</pre>"
