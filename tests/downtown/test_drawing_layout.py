"""Downtown's drawing keeps its text where it belongs: every text of a seat's panel inside the panel at 2, 3
and 4 players, display chips that do not fit summed up in a "+N more" chip (its hover lists them), and
the lists under the stooge and fence piles within the room kept for them, which is no more than they need.
Widths are `text_width`'s estimates (DejaVu Sans, the widest sans-serif a browser here draws with)."""

from __future__ import annotations

import copy
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

from gangland.engine.svg import fit_lines, text_width
from gangland.games import get
from gangland.games.downtown.actions import ADD_GANGSTER0, ADD_NOTE0, DONE
from gangland.games.downtown.cards import DENOMINATIONS, GANGSTER_NAMES
from gangland.games.downtown.drawing import OUT_TOP, SITUATION_TOP
from gangland.games.downtown.phases import PHASE_NAMES, STOOGE_BACK
from gangland.games.downtown.render import kilo, plural

GAME = get("downtown")
SVG = "{http://www.w3.org/2000/svg}"
MORE = re.compile(r"\+(\d+) more")
ASCENT, DESCENT = 0.76, 0.24
"""How far DejaVu Sans reaches above and below the baseline, in ems."""


def extent(node: ET.Element) -> tuple[float, float]:
    """A text's estimated left and right ends, from its anchor."""
    x = float(node.attrib["x"])
    width = text_width(node.text or "", float(node.attrib["font-size"]), node.attrib["font-weight"])
    anchor = node.attrib["text-anchor"]
    left = x - width if anchor == "end" else x - width / 2 if anchor == "middle" else x
    return left, left + width


def bottom(node: ET.Element) -> float:
    """The lowest point of a text or a box."""
    if node.tag == f"{SVG}text":
        return float(node.attrib["y"]) + DESCENT * float(node.attrib["font-size"])
    return float(node.attrib["y"]) + float(node.attrib["height"])


def panels(svg: str) -> Iterator[tuple[int, ET.Element]]:
    """Each seat's panel, with its seat."""
    for node in ET.fromstring(svg).iter(f"{SVG}g"):
        if node.attrib.get("class") == "seat":
            yield int(node.attrib["data-key"].split(":")[1]), node


def check_panels(view: dict[str, Any], svg: str) -> int:
    """Every text of every seat's panel lies inside it (at 11 px or more), and every kind of note and
    gangster in a display is a chip or listed by its "+N more" chip. How many "+N more" chips there are."""
    more_chips = 0
    for seat, panel in panels(svg):
        frame = panel.find(f"{SVG}rect")
        assert frame is not None
        x, width = float(frame.attrib["x"]), float(frame.attrib["width"])
        for node in panel.iter(f"{SVG}text"):
            left, right = extent(node)
            assert float(node.attrib["font-size"]) >= 11, node.text
            assert x + 4 <= left and right <= x + width - 4, \
                f"{len(view['players'])} players, seat {seat}: {node.text!r} runs from {left - x:.0f} to " \
                f"{right - x:.0f} in a panel {width:.0f} wide"
        display = view["players"][seat]["display"]
        wanted = [f"{kilo(d * 1000)} x{n}" for d, n in zip(DENOMINATIONS, display["notes"], strict=True) if n]
        wanted += [plural(n, name, "spies" if name == "spy" else "") for name, n in
                   zip(GANGSTER_NAMES, display["gangsters"], strict=True) if n]
        labels = [node.text or "" for node in panel.iter(f"{SVG}text")]
        shown = [label for label in labels if label in wanted]
        hidden: list[str] = []
        for chip in panel.iter(f"{SVG}g"):
            label = chip.find(f"{SVG}text")
            found = MORE.fullmatch(label.text or "") if label is not None else None
            if found:
                title = chip.find(f"{SVG}title")
                assert title is not None and (title.text or "").startswith("also in the display: ")
                listed = (title.text or "").removeprefix("also in the display: ").split(", ")
                assert len(listed) == int(found.group(1))
                hidden += listed
                more_chips += 1
        assert sorted(shown + hidden) == sorted(wanted), (shown, hidden, wanted)
    return more_chips


def check_piles(svg: str) -> None:
    """What the piles list below their tops ends above the out-of-game lines, and those above the
    situation box."""
    root = ET.fromstring(svg)
    for node in root.iter(f"{SVG}g"):
        key = node.attrib.get("data-key", "")
        if key.startswith(("stooge:", "fence:")):
            for inner in node.iter():
                if inner.tag in (f"{SVG}text", f"{SVG}rect"):
                    assert bottom(inner) <= OUT_TOP, (key, inner.text)
        if key == "out":
            for inner in node.iter(f"{SVG}text"):
                assert float(inner.attrib["y"]) - ASCENT * 11 >= OUT_TOP and bottom(inner) <= SITUATION_TOP
                assert extent(inner)[1] <= 980 - 12, inner.text


def filling(legal: list[int], rng: random.Random) -> int:
    """A random move that mostly puts notes and gangsters in the display when it may, so that displays
    fill with every kind; "done" seldom, so that the turn limit comes after some turns."""
    adding = [a for a in legal if ADD_NOTE0 <= a < ADD_GANGSTER0 + 3]
    if adding and rng.random() < 0.8:
        return rng.choice(adding)
    moves = [a for a in legal if a != DONE] or legal
    return rng.choice(moves if rng.random() < 0.9 else legal)


def test_seat_panels_hold_their_text_and_chips_over_playouts() -> None:
    """(Displays in these playouts hold up to four kinds of note and three of gangster, all of which fit
    at 4 players: `crowded` below is what needs a "+N more" chip.)"""
    for seed in range(6):
        players = 2 + seed % 3
        edition = ("current", "2013")[seed % 2]
        state = GAME.new_game(players, seed, {"edition": edition, "turn_limit": 4, "villa": seed % 3 == 0})
        rng = random.Random(seed)
        step = 0
        while not state.is_over:
            if step % 3 == 0 or state.to_act is None:
                for seat in (state.to_act, None):
                    view = state.view(seat)
                    svg = GAME.svg(view)
                    check_panels(view, svg)
                    check_piles(svg)
            state.apply(filling(state.legal_actions(), rng))
            step += 1
        view = state.view(0)
        check_panels(view, GAME.svg(view))


def crowded(players: int) -> dict[str, Any]:
    """A real view of `players` seats with the most a panel may have to show: every kind of note and
    gangster in a display, long hands, the hand limit 10, notes face down, and every tag on one seat."""
    state = GAME.new_game(players, 1, {})
    rng = random.Random(1)
    for _ in range(30):
        state.apply(filling(state.legal_actions(), rng))
    view = copy.deepcopy(state.view(state.to_act))
    view["next"] = view["to_act"]
    notes = ([2, 3, 1, 2, 1], [12, 11, 10, 13, 14], [1, 0, 0, 0, 1], [0, 0, 0, 0, 0])
    gangsters = ([3, 2, 2], [12, 11, 11], [1, 1, 1], [0, 0, 0])
    for i, player in enumerate(view["players"]):
        player["display"]["notes"], player["display"]["gangsters"] = notes[i], gangsters[i]
        player["face_down"] = {**player["face_down"], "notes": 12 - i, "gangsters": 11 - i}
        player["hand"] = {"gangsters": 25 - i, "stooge_cards": 10 + i}
        player["hand_limit"] = 10
    return view


def test_a_crowded_panel_fits_at_2_3_and_4_players() -> None:
    for players in (2, 3, 4):
        view = crowded(players)
        svg = GAME.svg(view)
        more_chips = check_panels(view, svg)
        # At 4 players, five kinds of note (seats 0 and 1) and three kinds of gangster in tens (seat 1) do
        # not fit in a row; at 2 and 3 they do.
        assert more_chips == (3 if players == 4 else 0), players
        texts = " ".join(node.text or "" for node in ET.fromstring(svg).iter(f"{SVG}text"))
        assert "face down:" in texts and "(limit 10)" in texts


def known_everywhere(view: dict[str, Any]) -> dict[str, Any]:
    """`view` with the seat knowing every card of every pile, and much out of the game."""
    view = copy.deepcopy(view)
    top_stooge = next(pile["cards"][0] for pile in view["stooge_piles"] if pile["cards"])
    for pile in view["stooge_piles"]:
        pile["size"] = 9
        pile["cards"] = [{**top_stooge, "value": 52000}] * 9
    fence = {"id": 1, "kind": "money launderer", "buys": "money", "takes": "1/4", "cop": True}
    for pile in view["fence_piles"]:
        pile["size"] = 9
        pile["cards"] = [fence, "casino", *[fence] * 7]
    view["out_of_game"]["fences"] = [fence] * 8
    view["out_of_game"]["stooge_cards"] = [{**top_stooge, "value": 44000}] * 6
    return view


def test_the_lists_under_the_piles_fill_the_room_kept_for_them() -> None:
    """The room between the piles and the situation box is what their longest lists (four lines under a
    stooge pile, two under one being put back, six under a fence pile) and two out-of-game lines take:
    nothing runs into what follows, and no line's worth of room is left over. (A seat may know seven cards
    under one stooge pile in a real game, so the four lines are used.)"""
    base = crowded(4)
    for putting in (False, True):
        view = known_everywhere(base)
        if putting:
            view["phase"] = PHASE_NAMES[STOOGE_BACK]
            view["to_act"] = view["seat"]
            view["looking_at"] = {"pile": "stooge", "index": 1}
        svg = GAME.svg(view)
        check_piles(svg)
        root = ET.fromstring(svg)
        lowest = max(bottom(inner) for node in root.iter(f"{SVG}g")
                     if node.attrib.get("data-key", "").startswith(("stooge:", "fence:"))
                     for inner in node.iter() if inner.tag == f"{SVG}text")
        out = [node for node in root.iter(f"{SVG}g") if node.attrib.get("data-key") == "out"]
        assert out and len(out[0].findall(f"{SVG}text")) == 2
        assert OUT_TOP - lowest < 14 and SITUATION_TOP - max(map(bottom, out[0].findall(f"{SVG}text"))) < 14


def test_fit_lines_breaks_between_units_only() -> None:
    assert fit_lines(["hand:", "12 gangsters,", "10 stooge cards", "(limit 10)"], 140, 11) == \
        ["hand: 12 gangsters,", "10 stooge cards", "(limit 10)"]
    assert fit_lines(["a much too long unit"], 10, 11) == ["a much too long unit"]
    assert text_width("mmm", 11, "bold") > text_width("mmm", 11) > text_width("iii", 11)
