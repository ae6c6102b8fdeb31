"""What a notebook shows (:mod:`pearls.notebook`): the outcomes' HTML, and
``docs/chapter.ipynb`` run on a kernel of this venv, each output of the kind it must be."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

from pearls.frontend import Analyze, Draw, Example, Request, Solve, respond
from pearls.notebook import show, stepper_html
from pearls.puzzles import rushhour

NOTEBOOK = Path(__file__).resolve().parent.parent / "docs" / "chapter.ipynb"


def test_a_solution_shows_its_positions_drawn_with_a_stepper() -> None:
    html = respond(Request("rushhour", Solve("bfs"), Example("g1")))._repr_html_()
    assert html.count("<svg") == 35 and html.count('class="pearls-frame"') == 35
    assert "move 0 of 34" in html and "<script>" in html and "http" not in _outside_svg(html)


def test_an_analysis_shows_its_chart_and_farthest_positions() -> None:
    outcome = respond(Request("sliding", Analyze(), options={"size": "2x3"}))
    html = outcome._repr_html_()
    assert html.count("<svg") == 2  # the chart, and the one farthest board
    assert "360 positions" in html and html.count('class="bar"') == 22


def test_a_position_and_a_puzzle_without_drawing_and_a_trace() -> None:
    assert respond(Request("hanoi", Draw()))._repr_html_().startswith("<svg")
    plain = respond(Request("graph", Solve("bfs"), Example("ladder")))._repr_html_()
    assert "<svg" not in plain and "<pre" in plain
    task = Solve("bfs", trace=True, literal=True)
    traced = respond(Request("graph", task, Example("ladder")))._repr_html_()
    assert "event 7 of 7" in traced and "7. step: rule 3" in traced


def test_moves_from_the_librarys_own_functions_are_shown_as_a_solution() -> None:
    shown = show("rushhour", rushhour.g1, rushhour.psolve(rushhour.g1))
    assert shown._repr_html_().count("<svg") == 39
    with pytest.raises(ValueError, match="move 1"):
        show("rushhour", rushhour.g1, [(0, 30)])


def test_several_steppers_on_a_page_each_find_their_own_frames() -> None:
    html = stepper_html(["<svg></svg>"], ["start"], "one")
    assert "document.currentScript" in html and "getElementById" not in html


def _outside_svg(html: str) -> str:
    """The HTML without its SVG documents (whose namespace is a URL)."""
    return re.sub(r"<svg.*?</svg>", "", html, flags=re.DOTALL)


def test_the_chapters_notebook_runs_and_each_output_is_of_its_kind(tmp_path: Path) -> None:
    notebook = nbformat.read(NOTEBOOK, as_version=4)  # type: ignore[no-untyped-call]  # untyped
    # local sockets, not TCP, named under a directory of the test's own
    kernel = KernelManager(kernel_name="python3", transport="ipc", ip=str(tmp_path / "kernel"))
    NotebookClient(notebook, km=kernel, timeout=120).execute()
    outputs = [cell.outputs for cell in notebook.cells if cell.cell_type == "code"]
    kinds = [[_kind(output) for output in cell] for cell in outputs]
    assert kinds == [["stepper"], ["text", "stepper"], ["stepper"], ["chart"]]


def _kind(output: nbformat.NotebookNode) -> str:
    """What a cell's output is: printed text, a stepper, or a chart."""
    if output.output_type == "stream":
        return "text"
    html = str(output.data.get("text/html", ""))
    if "pearls-stepper" in html:
        return "stepper"
    return "chart" if 'class="bar"' in html else output.output_type
