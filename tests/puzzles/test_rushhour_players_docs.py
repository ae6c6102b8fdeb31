"""The figures of docs/rushhour-players.md, drawn by the code they show and kept up to date.

Each figure under ``docs/rushhour-players/`` is an SVG file made here: boards by
:func:`pearls.puzzles.rushhour_players.draw.draw` (walls included), distance histograms of
clusters by :func:`pearls.svg.bar_chart`, and the gallery of hard puzzles that ``pearls
generate rushhour --seed N`` makes.  A test fails when a file differs from what the code
draws now; run it with ``PEARLS_WRITE_FIGURES=1`` to draw the files afresh.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from pearls import svg
from pearls.description import Generated, Settings
from pearls.limits import Meter
from pearls.puzzles import rushhour as rh
from pearls.puzzles import rushhour_players as rp
from pearls.puzzles.rushhour import text as rt
from pearls.puzzles.rushhour_players import Metric, clusters, draw, generate
from pearls.puzzles.rushhour_players import text as pt

FOLDER = Path(__file__).resolve().parents[2] / "docs" / "rushhour-players"
PLAYER = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"  # Fogleman's online player's board

# The gallery: (walls, --seed) -> (slides, cluster) of the first puzzle that
# `pearls generate rushhour --seed SEED [--walls 1]` prints, found by trying seeds 0..299.
GALLERY: dict[tuple[str, int], tuple[int, int]] = {
    ("0", 260): (32, 8_195),
    ("0", 26): (23, 2_420),
    ("1", 231): (16, 1_111),
    ("1", 150): (16, 1_239),
}


def board_figure(text: str) -> str:
    board = pt.parse(text)
    return draw.draw(board.grid, board.letters, board.walls)


def histogram(text: str, metric: Metric) -> str:
    board = pt.parse(text)
    analysis = clusters.cluster(rp.puzzle(metric, board.walls), board.grid)
    title = f"{analysis.states:,} positions by {metric} from the nearest solved one"
    return svg.bar_chart(
        analysis.histogram, title=title, x_label=metric, y_label="positions", bar=6
    )


def generated(walls: str, seed: int) -> Generated:
    return next(
        generate.generate(
            Settings(generate.OPTIONS, {"walls": walls}), seed, Meter(max_states=100_000)
        )
    )


def gallery_figure(walls: str, seed: int) -> Callable[[], str]:
    return lambda: board_figure(generated(walls, seed).text)


FIGURES: dict[str, Callable[[], str]] = {
    "player-60.svg": lambda: board_figure(PLAYER),
    "cluster-p1-steps.svg": lambda: histogram(rt.show(rh.p1), "steps"),
    "cluster-p1-slides.svg": lambda: histogram(rt.show(rh.p1), "slides"),
    "cluster-player-60.svg": lambda: histogram(PLAYER, "slides"),
    **{f"generated-{seed}.svg": gallery_figure(walls, seed) for walls, seed in GALLERY},
}


@pytest.mark.parametrize("name", FIGURES)
def test_the_figure_is_what_the_code_draws(name: str) -> None:
    drawn = FIGURES[name]() + "\n"
    path = FOLDER / name
    if os.environ.get("PEARLS_WRITE_FIGURES") == "1":
        FOLDER.mkdir(exist_ok=True)
        path.write_text(drawn, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == drawn


@pytest.mark.parametrize(("walls", "seed"), GALLERY)
def test_the_gallerys_numbers(walls: str, seed: int) -> None:
    made = generated(walls, seed)
    assert (made.fields["slides"], made.fields["cluster"]) == GALLERY[walls, seed]
    board = pt.parse(made.text)
    assert len(rp.bfsolve(board.grid, "slides", board.walls) or []) == GALLERY[walls, seed][0]


def test_the_page_shows_every_figure() -> None:
    page = (FOLDER.parent / "rushhour-players.md").read_text(encoding="utf-8")
    for name in FIGURES:
        assert f"rushhour-players/{name}" in page, name
