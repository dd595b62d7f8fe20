"""Razzia!'s table as SVG: drawn from a seat's view alone, and every legal action of the seat to act is a
thing on the drawing it can click (`data-act` with the action's name)."""

from __future__ import annotations

import itertools
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from gangland.engine import seat_ref
from gangland.engine.svg import LAYOUTS, text_width
from gangland.games import get
from gangland.games.razzia import RazziaState
from gangland.games.razzia.actions import PASS
from gangland.games.razzia.cards import (
    BODYGUARD,
    BROOCH,
    CAR,
    CASINO,
    CHAIN,
    DRIVER,
    FILM,
    GOLD,
    NIGHT_CLUB,
    POLICE,
    REAL_ESTATE,
    RESTAURANT,
    RING,
    THIEF,
    WATCH,
)
from gangland.games.razzia.drawing import WIDTH
from gangland.games.razzia.view import points_if_scored_now

from ..drawn import check_drawn
from ..seats import with_long_names
from ..test_svg import contrast
from .helpers import (
    DENNIS,
    ELKE,
    FELIX,
    KIND,
    MIRIAM,
    draw,
    finish_round,
    give,
    new_state,
    set_cheques,
    set_row,
)

GAME = get("razzia")
SVG = "{http://www.w3.org/2000/svg}"


def acts(svg: str) -> set[str]:
    """The action names the drawing offers."""
    return {node.attrib["data-act"] for node in ET.fromstring(svg).iter() if "data-act" in node.attrib}


def texts(svg: str) -> str:
    return " ".join(node.text or "" for node in ET.fromstring(svg).iter(f"{SVG}text"))


def test_every_legal_action_is_on_the_drawing_and_the_drawing_is_the_views() -> None:
    seen: set[str] = set()
    for seed in range(12):
        players = GAME.player_counts[seed % len(GAME.player_counts)]
        state = GAME.new_game(players, seed)
        rng = random.Random(seed)
        while not state.is_over:
            svg, names = check_drawn(GAME, state, salt=seed)
            seen |= {name.split()[0] for name in names}
            view = state.view(state.to_act)
            shown = texts(svg)
            assert all(lot in shown for lot in view["row"])
            for info in view["seats"]:
                assert all(str(v) in shown for v in info["open_cheques"] + info["face_down_cheques"])
            state.apply(rng.choice(state.legal_actions()))
    assert {"draw", "call", "bid", "pass", "steal", "stop"} <= seen  # every kind of action was drawn


# What a seat's panel shows: the counts that score (issue: "every player's estate grouped by kind with the
# counts that score"), kept inside its box, and readable (issue 17).

def keyed(svg: str | ET.Element, key: str) -> ET.Element:
    """The piece of the drawing with this `data-key`."""
    root = ET.fromstring(svg) if isinstance(svg, str) else svg
    found = [node for node in root.iter() if node.attrib.get("data-key") == key]
    assert len(found) == 1, key
    return found[0]


def words(node: ET.Element) -> list[str]:
    """The lines of text in a piece, in drawing order."""
    return [inner.text or "" for inner in node.iter(f"{SVG}text")]


def rulebook_table() -> RazziaState:
    """Round 1, the rulebook's four players holding the estates of its scoring examples (razzia.txt
    "Scoring for the first two rounds" and "Scoring the third round and game end")."""
    state = new_state(4)
    holdings = {
        # "Miriam and Felix have four bodyguards each, Dennis has two and Elke only one."
        BODYGUARD: {MIRIAM: 4, FELIX: 4, DENNIS: 2, ELKE: 1},
        # "Felix has one car and three Drivers ... Elke has five cars, but no Driver ... Miriam has two
        # Drivers ... Dennis has three cars and a Driver."
        CAR: {FELIX: 1, ELKE: 5, DENNIS: 3}, DRIVER: {FELIX: 3, MIRIAM: 2, DENNIS: 1},
        # "Felix possesses two watches, three chains and two rings ... Elke possesses two brooches and a
        # ring. ... Dennis and Miriam do not have any trinkets."
        WATCH: {FELIX: 2}, CHAIN: {FELIX: 3}, RING: {FELIX: 2, ELKE: 1}, BROOCH: {ELKE: 2},
        GOLD: {DENNIS: 2},  # "Dennis possesses two gold coin cards and receives 6 points."
        THIEF: {ELKE: 2},  # "Elke has two thieves in her family estate. She receives 4 points for them."
        # "Dennis has 5 different businesses ... (4 restaurants) and ... (3 Casinos) ... 20 points."
        RESTAURANT: {DENNIS: 4}, CASINO: {DENNIS: 3}, FILM: {DENNIS: 1}, NIGHT_CLUB: {DENNIS: 1},
        REAL_ESTATE: {DENNIS: 1},
    }
    for kind, by_seat in holdings.items():
        for seat, n in by_seat.items():
            give(state, seat, kind, n)
    return state


def test_each_panel_shows_the_counts_that_score_and_their_points() -> None:
    # razzia.txt "Scoring for the first two rounds": each example's counts and points are on the holder's
    # panel, as they would be scored if the round ended now.
    state = rulebook_table()
    view = state.view(DENNIS)
    svg = GAME.svg(view)

    def tile(seat: int, category: str) -> list[str]:
        return words(keyed(svg, f"estate:{seat}:{category}"))

    assert tile(MIRIAM, "bodyguards") == ["bodyguards", "+5", "4 held", "most"]
    assert tile(FELIX, "bodyguards")[1:] == ["+5", "4 held", "most"]
    assert tile(DENNIS, "bodyguards")[1:] == ["0", "2 held"]
    assert tile(ELKE, "bodyguards")[1:] == ["-2", "1 held", "fewest"]
    assert tile(FELIX, "cars and drivers") == ["car & driver", "+4", "cars 1", "drivers 3"]
    assert tile(ELKE, "cars and drivers")[1:] == ["0", "cars 5 (idle)", "drivers 0"]  # "no Driver"
    assert tile(MIRIAM, "cars and drivers")[1:] == ["+2", "cars 0", "drivers 2"]
    assert tile(DENNIS, "cars and drivers")[1:3] == ["+4", "cars 3"]
    felix = tile(FELIX, "trinkets")  # one cell a kind, the held ones bold: R W C of RWBCD
    assert felix[0:2] == ["trinkets", "+5"] and felix[-1] == "3 kinds" and felix[2:7] == list("RWBCD")
    assert tile(ELKE, "trinkets")[1] == "0" and tile(ELKE, "trinkets")[-1] == "2 kinds"
    assert tile(DENNIS, "trinkets")[1] == "-5" and tile(MIRIAM, "trinkets")[-1] == "0 kinds"
    assert tile(DENNIS, "gold")[1:3] == ["+6", "2 held"]
    assert tile(ELKE, "thieves")[1:3] == ["+4", "2 held"]
    # Businesses score only after round 3: shown in brackets as what they would give then, with the count
    # of each kind ("C3" casinos, "R4" restaurants) since three and four alike score too.
    assert tile(DENNIS, "businesses") == ["businesses", "(+20)", "C3", "T", "F", "H", "E", "N", "R4",
                                          "5 kinds, at end"]
    # What the round would give if it ended now, next to the score: the screen's `now` column.
    for seat, now in enumerate(points_if_scored_now(view)):
        assert words(keyed(svg, f"now:{seat}")) == [f"round 1 if it ended now {now:+d}"]
    assert [*map(words, (keyed(svg, f"score:{s}") for s in range(4)))] == [["score 0"]] * 4


def test_the_cheques_tile_gives_the_sums_and_who_has_most_and_fewest() -> None:
    # razzia.txt "Cheques: ... Miriam's three cheques have the total value of 25.000, those from Felix 21.000
    # and from Elke and Dennis in each case the 17.000. Miriam gets 5 points. Dennis and Elke receive -5."
    state = new_state(4)
    for seat, up, down in ((DENNIS, [2, 15], []), (MIRIAM, [6, 8], [11]), (FELIX, [5, 16], []),
                           (ELKE, [3, 14], [])):
        set_cheques(state, seat, up, down)
    svg = GAME.svg(state.view(MIRIAM))
    assert words(keyed(svg, f"estate:{MIRIAM}:cheques")) == ["cheques", "(+5)", "sum 25, at end", "most"]
    state.round = 3  # the third round scores them now
    svg = GAME.svg(state.view(MIRIAM))
    assert words(keyed(svg, f"estate:{MIRIAM}:cheques")) == ["cheques", "+5", "sum 25", "most"]
    assert words(keyed(svg, f"estate:{FELIX}:cheques")) == ["cheques", "0", "sum 21"]
    for seat in (DENNIS, ELKE):
        assert words(keyed(svg, f"estate:{seat}:cheques")) == ["cheques", "-5", "sum 17", "fewest"]


def test_after_the_game_the_panels_show_the_final_scoring() -> None:
    # razzia.txt "Important: After the points for each player were noted, all booty cards with a small black
    # cross ... are discarded": at the end the tiles show the points noted, not the estate left after it.
    state = rulebook_table()
    for _ in range(3):
        finish_round(state)
    assert state.is_over
    view = state.view(None)
    svg = GAME.svg(view)
    final = view["round_scores"][-1]
    # Felix's trinkets went to the box after round 1: round 3 found him with none (-5).
    assert words(keyed(svg, f"estate:{FELIX}:trinkets")) == ["trinkets", "-5", "scored", "boxed"]
    assert words(keyed(svg, f"estate:{DENNIS}:businesses"))[1] == f"{final[DENNIS]['businesses']:+d}"
    assert words(keyed(svg, f"now:{DENNIS}")) == [f"round 3 scored {sum(final[DENNIS].values()):+d}"]


def test_face_down_cheques_differ_from_face_up_by_more_than_colour() -> None:
    # Issue 17: "colours are never the only cue": a cheque won this round has a dashed edge and a turned-down
    # corner; a face-up cheque a solid edge and none.
    state = new_state(4)
    set_cheques(state, MIRIAM, [3, 7], [12])  # her own set, turned: 12 won this round
    svg = GAME.svg(state.view(MIRIAM))
    for value, face_up in ((3, True), (7, True), (12, False)):
        cheque = keyed(svg, f"cheque:{value}")
        edge = cheque.find(f"{SVG}rect")
        assert edge is not None
        assert ("stroke-dasharray" in edge.attrib) is not face_up
        assert (cheque.find(f"{SVG}polygon") is not None) is not face_up


# Where a text lies: its box is estimated from its font size and length (DejaVu Sans, the page's sans-serif
# on Debian, averages about 0.52 em a character, 0.62 em bold: these err wide), its baseline and anchor.
def text_box(node: ET.Element) -> tuple[float, float, float, float]:
    size = float(node.attrib["font-size"])
    width = len(node.text or "") * size * (0.62 if node.attrib.get("font-weight") == "bold" else 0.56)
    x, y = float(node.attrib["x"]), float(node.attrib["y"])
    left = {"start": x, "middle": x - width / 2, "end": x - width}[node.attrib.get("text-anchor", "start")]
    return left, y - 0.75 * size, left + width, y + 0.22 * size


def measured_box(node: ET.Element) -> tuple[float, float, float, float]:
    """`text_box` with the text's width as the drawing lays it out (`text_width`)."""
    left, top, right, bottom = text_box(node)
    size, weight = float(node.attrib["font-size"]), node.attrib.get("font-weight", "normal")
    width = text_width(node.text or "", size, weight)
    left = {"start": left, "middle": (left + right - width) / 2, "end": right - width}[
        node.attrib.get("text-anchor", "start")]
    return left, top, left + width, bottom


def shape_box(node: ET.Element) -> tuple[float, float, float, float] | None:
    tag, a = node.tag.removeprefix(SVG), node.attrib
    if tag == "rect":
        x, y = float(a.get("x", 0)), float(a.get("y", 0))
        return x, y, x + float(a["width"]), y + float(a["height"])
    if tag == "circle":
        cx, cy, r = float(a["cx"]), float(a["cy"]), float(a["r"])
        return cx - r, cy - r, cx + r, cy + r
    if tag == "polygon":
        xs, ys = zip(*(map(float, p.split(",")) for p in a["points"].split()), strict=True)
        return min(xs), min(ys), max(xs), max(ys)
    if tag == "text":
        return text_box(node)
    return None


def inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def texts_on_cards(svg: str) -> list[tuple[ET.Element, ET.Element]]:
    """Each text with the filled shape drawn last under its middle (the drawing has no transforms)."""
    drawn: list[ET.Element] = []
    pairs = []
    for node in ET.fromstring(svg).iter():
        if node.tag == f"{SVG}text":
            left, top, right, bottom = text_box(node)
            middle = ((left + right) / 2, (top + bottom) / 2)
            for shape in reversed(drawn):
                box = shape_box(shape)
                if box and box[0] <= middle[0] <= box[2] and box[1] <= middle[1] <= box[3]:
                    pairs.append((node, shape))
                    break
        elif node.tag in (f"{SVG}rect", f"{SVG}circle") and node.attrib.get("fill") not in (None, "none"):
            drawn.append(node)
    return pairs


def playouts(games: int, every: int, layout: str = "wide") -> Iterator[tuple[dict[str, Any], str]]:
    """The acting seat's view and drawing (in `layout`) every `every` steps of random games at every player
    count, at the last step of each round (when estates are largest) and at the end, with names as long as
    the page lets them be."""
    for seed in range(games):
        state = GAME.new_game(GAME.player_counts[seed % len(GAME.player_counts)], 1000 + seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_over:
            view = state.view(state.to_act)
            state.apply(rng.choice(state.legal_actions()))
            if step % every == 0 or state.round != view["round"] or state.is_over:
                yield view, with_long_names(GAME.svg(view, layout), state.players, view["seat"])
            step += 1
        yield state.view(0), with_long_names(GAME.svg(state.view(0), layout), state.players, 0)


def no_overlap(texts: list[tuple[float, float, float, float]], where: object) -> None:
    """No two of `texts` (boxes) overlap."""
    texts = sorted(texts)
    for i, a in enumerate(texts):  # sorted by left edge: only those starting before `a` ends
        for b in itertools.takewhile(lambda b, a=a: b[0] < a[2], texts[i + 1:]):
            assert a[3] <= b[1] or b[3] <= a[1], (where, a, b)


def check_layout(view: dict[str, Any], svg: str) -> None:
    """Every piece of a seat's panel lies inside the panel, panels do not overlap and fit in the drawing,
    no two texts of a panel overlap; above the panels (the header, the row, the auction) the texts keep
    inside the drawing and apart."""
    root = ET.fromstring(svg)
    height, width = float(root.attrib["height"]), float(root.attrib["width"])
    panels = []
    in_panels: set[int] = set()
    for seat in range(view["players"]):
        panel = keyed(root, f"seat:{seat}")
        shapes = [node for node in panel.iter() if shape_box(node) is not None]
        box = shape_box(shapes[0])
        assert box is not None and box[3] <= height
        for node in shapes[1:]:
            assert inside(shape_box(node) or (), box), (seat, node.text, node.attrib)
        no_overlap([text_box(node) for node in panel.iter(f"{SVG}text")], seat)
        in_panels.update(id(node) for node in panel.iter(f"{SVG}text"))
        panels.append(box)
    panels.sort(key=lambda box: box[1])  # (a narrow drawing puts the seat's own first)
    assert all(a[3] <= b[1] for a, b in itertools.pairwise(panels))
    # (measured as the layout measures a line, `text_width`: its estimate errs wide of Chromium's widths,
    # where the rough one of `text_box`, made for short texts, overstates a long line by 15%)
    above = [measured_box(node) for node in root.iter(f"{SVG}text") if id(node) not in in_panels]
    no_overlap(above, "above the panels")
    for box in above:
        assert box[0] >= 0 and box[2] <= width and box[3] <= panels[0][1], box


@pytest.mark.parametrize("layout", LAYOUTS)
def test_no_panel_leaves_its_box_and_texts_do_not_overlap(layout: str) -> None:
    # The review: "With 3 rows of estate chips the panel overflows into the next seat's panel" (and a
    # tile's title and its points once overlapped). With names of 12 characters (issue 31), in both layouts.
    for view, svg in playouts(30 if layout == "wide" else 12, 12, layout):
        check_layout(view, svg)
    # The longest auction lines: five answers and the high bid, names of 12 characters (the narrow layout
    # wraps them into the lines it keeps for the auction).
    state = new_state(5)
    draw(state, POLICE)
    for _ in range(3):
        state.apply(PASS)
    state.apply(state.legal_actions()[-1])  # a bid
    for seat in (None, *range(5)):
        view = state.view(seat)
        check_layout(view, with_long_names(GAME.svg(view, layout), 5, seat))


def test_text_is_readable_on_the_card_it_lies_on() -> None:
    # Issue 17: "text has enough contrast": at least 4.5:1 against the filled shape under it (the gold coin
    # card's family label had 4.41:1), no text smaller than 11 px once the 800-unit drawing is shown about
    # 780 px wide on a 1280 px screen, and each text of a card inside that card.
    state = new_state(4)
    set_row(state, [KIND["gold coin"], CAR, DRIVER, THIEF, BODYGUARD, RING, CASINO])
    views = [(state.view(0), with_long_names(GAME.svg(state.view(0)), 4, 0))]
    for _, svg in itertools.chain(views, playouts(8, 10)):
        for node, card in texts_on_cards(svg):
            assert float(node.attrib["font-size"]) * 780 / 800 >= 11, node.text
            assert contrast(node.attrib["fill"], card.attrib["fill"]) >= 4.5, (node.text, card.attrib)
            if card.tag == f"{SVG}rect" and float(card.attrib["width"]) < WIDTH - 16:
                assert inside(text_box(node), shape_box(card) or ()), (node.text, card.attrib)


# Issue 31, the newcomer's findings.

def test_the_turn_line_offers_a_thief_only_to_a_seat_that_can_use_one() -> None:
    # Issue 31: "Razzia!: the prompt offers 'use a thief' to a player without one". The drawing's turn line
    # (as the terminal's) names what the seat may do: a thief only with one in the estate and a lot to take.
    state = new_state(4)
    set_row(state, [WATCH, CAR])
    seat = state.turn
    assert "use a thief" not in texts(GAME.svg(state.view(seat)))
    assert "draw a card or call a court auction" in texts(GAME.svg(state.view(seat)))
    give(state, seat, THIEF)
    assert "draw a card, call a court auction or use a thief" in texts(GAME.svg(state.view(seat)))
    # Over whole games, the drawing offers a thief exactly when stealing is legal.
    for seed in range(20):
        state = GAME.new_game(2 + seed % 4, 300 + seed)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(state.to_act)
            if view["phase"] == "turn":
                legal = {GAME.action_name(state, a) for a in state.legal_actions()}
                offered = "use a thief" in texts(GAME.svg(view))
                assert offered == any(name.startswith("steal ") for name in legal), (seed, legal)
            state.apply(rng.choice(state.legal_actions()))


def test_the_auction_line_shows_every_answer_so_far() -> None:
    # Issue 31: "the auction line says 'bids so far: none yet' after three passes (the terminal shows every
    # answer)". After three passes in a five-player auction the drawing says who passed, in turn.
    state = new_state(5)
    draw(state, POLICE)
    for _ in range(3):
        state.apply(PASS)
    view = state.view(state.to_act)
    answers = next(line for line in words(ET.fromstring(GAME.svg(view))) if line.startswith("answers"))
    order = view["auction"]["order"]
    letters = "ABCDE"
    assert answers == (f"answers in turn: {letters[order[0]]} passed, {letters[order[1]]} passed, "
                       f"{letters[order[2]]} passed, {letters[order[3]]} to bid, {letters[order[4]]} waiting")
    state.apply(state.legal_actions()[-1])  # a bid
    view = state.view(None)
    lines = words(ET.fromstring(GAME.svg(view)))
    assert f"{letters[order[3]]} bid {view['auction']['high_bid']}" in next(
        line for line in lines if line.startswith("answers"))
    assert f"high bid {view['auction']['high_bid']} by {seat_ref(order[3])} ({letters[order[3]]})" in lines
