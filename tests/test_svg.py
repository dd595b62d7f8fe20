"""The pieces drawings are made of (gangland.engine.svg): the action-list contract, escaping, and the
colours' contrast (issue 17: "text has enough contrast; colours are never the only cue")."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from gangland.engine import svg
from gangland.games.razzia import drawing as razzia_drawing


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a #rrggbb colour."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_of_the_palette_is_at_least_aa() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21)  # the formula, against its known value
    for paper in (svg.PAPER, "#ffffff", "#fbfaf6", "#fff3c4"):
        assert contrast(svg.INK, paper) >= 7
        assert contrast(svg.MUTED, paper) >= 4.5
    for colour in svg.SEAT_COLOURS:  # white letters on every seat's colour
        assert contrast("#ffffff", colour) >= 4.5, colour
    assert contrast(razzia_drawing.ON_FELT, razzia_drawing.FELT) >= 4.5
    for _, fill in razzia_drawing.FAMILY.values():  # Razzia!'s lot cards take dark ink
        assert contrast(svg.INK, fill) >= 7, fill


def test_seats_have_letters_as_well_as_colours() -> None:
    assert [svg.seat_letter(s) for s in range(5)] == ["A", "B", "C", "D", "E"]
    assert len(set(svg.SEAT_COLOURS)) == len(svg.SEAT_COLOURS)
    badge = ET.fromstring(f'<g xmlns="{svg.SVG_NS}">{svg.seat_badge(10, 10, 2)}</g>')
    assert "C" in "".join(badge.itertext())


def test_a_thing_lists_its_actions_and_text_is_escaped() -> None:
    drawn = svg.document(100, 50, "t <&>", [
        svg.group(svg.text(1, 2, "<script>&"), title='a "b"', act=["bid 3", "bid 4"], key="k:1"),
        svg.button(0, 0, 20, "pass", "pass"),
    ])
    root = ET.fromstring(drawn)  # well-formed: every string was escaped
    assert "<script>" not in drawn and "<script>&" in "".join(root.itertext())
    assert svg.drawn_actions(drawn) == {"bid 3", "bid 4", "pass"}
    keyed = [node for node in root.iter() if node.get("data-key") == "k:1"]
    assert keyed and keyed[0].get("data-act") == "bid 3|bid 4"
    with pytest.raises(ValueError, match="may not contain"):
        svg.acts(["a|b"])


def test_the_page_colours_seats_as_the_drawings_do() -> None:
    import re
    from pathlib import Path

    css = (Path(svg.__file__).parents[1] / "server" / "static" / "style.css").read_text(encoding="utf-8")
    found = dict(re.findall(r"\.seat-letter\.s(\d) \{ background: (#[0-9a-f]{6}); \}", css))
    assert [found.get(str(i)) for i in range(len(svg.SEAT_COLOURS))] == list(svg.SEAT_COLOURS)
