"""SVG text and Rush Hour drawings: read back with an XML parser, never by string matching.

A drawing is checked against the board it draws: each rounded rectangle, found by the
letter written on it, must cover exactly the cells ``fillcells`` gives for that vehicle,
measured from the board's own square rather than from the drawing code's constants.
"""

from __future__ import annotations

import colorsys
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pearls import svg
from pearls.puzzles import rushhour as rh
from pearls.puzzles.rushhour import Cell, Grid
from pearls.puzzles.rushhour import draw as rd
from pearls.puzzles.rushhour import text as rt

EXAMPLES = {"g1": rh.g1, "p1": rh.p1, "p2": rh.p2, "p3": rh.p3, "p4": rh.p4}
NS = {"svg": svg.SVG_NAMESPACE}
XML_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")))


@st.composite
def walked(draw: st.DrawFn, max_moves: int = 40) -> Grid:
    """A book example after a random legal walk of up to 40 moves."""
    g = draw(st.sampled_from(list(EXAMPLES.values())))
    for _ in range(draw(st.integers(0, max_moves))):
        g = rh.move(g, draw(st.sampled_from(rh.moves(g))))
    return g


# --- reading a drawing back --------------------------------------------------------------


def parse_svg(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{{{svg.SVG_NAMESPACE}}}svg"
    return root


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == name]


def vehicles(root: ET.Element) -> dict[str, ET.Element]:
    """Each vehicle's rounded rectangle, by the letter written on it."""
    found = {}
    for group in by_class(root, "vehicle"):
        rect, text = group.find("svg:rect", NS), group.find("svg:text", NS)
        assert rect is not None and text is not None and text.text is not None
        found[text.text] = rect
    return found


def number(element: ET.Element, name: str) -> float:
    """A numeric attribute; a missing one reads as NaN, which fails every comparison."""
    return float(element.get(name, "nan"))


def board_square(root: ET.Element) -> tuple[float, float, float]:
    """The board's left, top, and the side of one cell."""
    (board,) = by_class(root, "board")
    assert number(board, "width") == number(board, "height")
    return number(board, "x"), number(board, "y"), number(board, "width") / 6


def covered(root: ET.Element, rect: ET.Element) -> set[Cell]:
    """Bird's numbers of the cells whose centres lie inside a rectangle."""
    left, top, side = board_square(root)
    x, y, width, height = (number(rect, name) for name in ("x", "y", "width", "height"))
    return {
        7 * row + col + 1
        for row in range(6)
        for col in range(6)
        if x < left + (col + 0.5) * side < x + width and y < top + (row + 0.5) * side < y + height
    }


def hue_and_saturation(colour: str) -> tuple[float, float]:
    red, green, blue = (int(colour[k : k + 2], 16) / 255 for k in (1, 3, 5))
    hue, _, saturation = colorsys.rgb_to_hls(red, green, blue)
    return hue * 360, saturation


def is_red(colour: str) -> bool:
    hue, saturation = hue_and_saturation(colour)
    return saturation > 0.4 and min(hue, 360 - hue) < 20


# --- the element builder -------------------------------------------------------------------


@given(XML_TEXT)
def test_escaped_text_and_attributes_read_back_unchanged(text: str) -> None:
    root = ET.fromstring(svg.element("g", svg.element("text", svg.escape(text)), title=text))
    assert root.get("title") == text
    assert (root[0].text or "") == text


def test_numbers_print_short_and_attributes_keep_their_order() -> None:
    made = svg.element("rect", y=2.0, x=0.125, stroke_width=-0.0001, class_="c")
    assert made == '<rect y="2" x="0.125" stroke-width="0" class="c"/>'


def test_document_has_its_view_box_and_an_escaped_title() -> None:
    root = parse_svg(svg.document(30, 20.5, svg.element("rect"), title="a & b"))
    assert root.get("viewBox") == "0 0 30 20.5"
    assert root.findtext("svg:title", namespaces=NS) == "a & b"
    assert root.find("svg:rect", NS) is not None


# --- drawing Rush Hour boards --------------------------------------------------------------


def check_drawing(g: Grid, letters: str = rt.LETTERS) -> None:
    """Every property a drawing of ``g`` must have, with the given letters."""
    root = parse_svg(rd.draw(g, letters))
    rounded = [e for e in root.iter(f"{{{svg.SVG_NAMESPACE}}}rect") if e.get("rx")]
    drawn = vehicles(root)
    assert len(rounded) == len(drawn) == len(g)
    for v, span in enumerate(g):
        assert covered(root, drawn[letters[v]]) == set(rh.fillcells(span))
    fills = [drawn[letters[v]].get("fill", "") for v in range(len(g))]
    assert is_red(fills[0])
    assert not any(map(is_red, fills[1:]))
    assert len(set(fills)) == len(fills)


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_examples_draw_every_vehicle_on_its_cells(name: str) -> None:
    check_drawing(EXAMPLES[name])


@given(walked())
def test_random_boards_draw_every_vehicle_on_its_cells(g: Grid) -> None:
    check_drawing(g)
    assert rd.draw(g) == rd.draw(rt.grid(g))


def test_a_full_board_gets_a_distinct_colour_for_each_vehicle() -> None:
    rows = [(c, c + 1) for row in range(6) for c in (7 * row + 1, 7 * row + 3, 7 * row + 5)]
    g = rt.grid([rows[7], *rows[:7], *rows[8:]])
    check_drawing(g)


def test_custom_letters_are_written_and_escaped() -> None:
    letters = "<&>abcdefghijklmnopq"
    check_drawing(rh.p2, letters)
    texts = [e.text for e in parse_svg(rd.draw(rh.p2, letters)).iter() if e.tag.endswith("text")]
    assert texts[:3] == ["<", "&", ">"]


def wall_points(d: str) -> list[tuple[float, float]]:
    """The corners of a path of absolute ``M x y``, ``H x`` and ``V y`` commands."""
    points: list[tuple[float, float]] = []
    for command, args in re.findall(r"([MHV])\s*([-\d.\s]+)", d):
        numbers = [float(n) for n in args.split()]
        x, y = points[-1] if points else (0.0, 0.0)
        points.append(
            {"M": (numbers[0], numbers[-1]), "H": (numbers[0], y), "V": (x, numbers[0])}[command]
        )
    return points


def test_the_exit_is_a_gap_in_the_wall_beside_the_third_row_with_an_arrow() -> None:
    root = parse_svg(rd.draw(rh.g1))
    left, top, side = board_square(root)
    right, row3 = left + 6 * side, (top + 2 * side, top + 3 * side)
    (wall,) = by_class(root, "wall")
    corners = wall_points(wall.get("d", ""))
    assert (corners[0], corners[-1]) == ((right, row3[0]), (right, row3[1]))
    assert {round(x) for x, _ in corners} == {left, right}
    (arrow,) = by_class(root, "exit")
    points = [tuple(map(float, p.split(","))) for p in arrow.get("points", "").split()]
    assert all(x > right and row3[0] < y < row3[1] for x, y in points)


def test_drawings_are_the_same_bytes_every_time() -> None:
    assert rd.draw(rh.p4) == rd.draw(rt.grid(list(rh.p4))) == rd.draw(rh.p4, rt.LETTERS)


# --- the step-through viewer ---------------------------------------------------------------


class Page(HTMLParser):
    """An HTML page's image sources and figure captions, checking that tags nest."""

    VOID = frozenset({"meta", "img", "br", "input", "link", "hr"})

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.sources: list[str] = []
        self.captions: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self.sources.append(dict(attrs).get("src") or "")
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open.pop() == tag

    def handle_data(self, data: str) -> None:
        if self.open and self.open[-1] == "figcaption":
            self.captions.append(data)


def test_stepper_names_every_frame_and_links_each_from_the_page() -> None:
    frames = [rd.draw(g) for g in (rh.g1, rh.move(rh.g1, (0, 16)), rh.p2)]
    captions = ["start", "A left", "p2 <b>'x' & \"y\"</b>"]
    files = svg.stepper(frames, captions, "g1 & co")
    assert sorted(files) == ["000.svg", "001.svg", "002.svg", "index.html"]
    assert [files[name] for name in ("000.svg", "001.svg", "002.svg")] == frames
    index = files["index.html"]
    page = Page(index)
    assert page.open == []
    assert page.sources == ["000.svg", "001.svg", "002.svg"]
    assert page.captions == captions
    assert "<b>" not in index and "g1 &amp; co" in index
    assert "move 0 of 2" in index
    assert not re.search(r"(?i)(https?:)?//[a-z]", index.replace(svg.SVG_NAMESPACE, ""))


@pytest.mark.parametrize(("count", "first", "last"), [(1, "000", "000"), (1000, "000", "999"),
                                                       (1001, "0000", "1000")])  # fmt: skip
def test_frame_names_share_one_width_of_at_least_three_digits(
    count: int, first: str, last: str
) -> None:
    files = svg.stepper(["<svg/>"] * count, [""] * count, "t")
    names = sorted(name for name in files if name.endswith(".svg"))
    assert len(names) == count and (names[0], names[-1]) == (f"{first}.svg", f"{last}.svg")
    assert Page(files["index.html"]).sources == names


def test_stepper_refuses_no_frames_or_a_caption_count_that_differs() -> None:
    with pytest.raises(ValueError, match="at least one frame"):
        svg.stepper([], [], "t")
    with pytest.raises(ValueError, match="captions"):
        svg.stepper(["<svg/>", "<svg/>"], ["one"], "t")
