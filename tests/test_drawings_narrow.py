"""Issue 31, "A page that fits": at a phone's 390 px each game's table is drawn for the narrow screen
(`Game.svg(view, "narrow")`), NARROW_WIDTH units wide, and "every target is at least 44 px for a thumb".

For every game, over random games: every legal action of the seat to act is on the narrow drawing (as on
the wide one: the games' own test_drawing.py), the narrow drawing is the view's alone (a state the seat
cannot tell apart draws the same), it uses only what the page lets through, nothing to touch lies outside
its width, every thing to touch is at least TARGET units each way (44 px at the scale a 360 px phone
shows it; tests/server/test_browser_phone.py measures the boxes in Chromium at 390 px), and a move changes
only the pieces it touches. The seat's own panel comes before the other seats'."""

from __future__ import annotations

import random
import re
import statistics
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from gangland.engine import Game, State, svg
from gangland.engine.svg import NARROW_WIDTH, TARGET, drawn_actions
from gangland.games import all_games

from .test_drawings import OPTIONS, pieces

SVG = "{http://www.w3.org/2000/svg}"
GAMES = {game.id: game for game in all_games()}
Box = tuple[float, float, float, float]
Affine = tuple[float, float, float]
"""A transform as the drawings use them: scale, then move by (x, y)."""


def _transform(value: str, outer: Affine) -> Affine:
    """`outer` followed by a `<g transform>` of translate and scale steps (all the drawings use)."""
    scale, dx, dy = 1.0, 0.0, 0.0
    for name, args in re.findall(r"(translate|scale)\(([^)]*)\)", value):
        numbers = [float(n) for n in args.replace(",", " ").split()]
        if name == "translate":
            dx, dy = dx + scale * numbers[0], dy + scale * (numbers[1] if len(numbers) > 1 else 0)
        else:
            scale *= numbers[0]
    s, ox, oy = outer
    return s * scale, ox + s * dx, oy + s * dy


def _shape(node: ET.Element, affine: Affine) -> Box | None:
    """The box of a rect or circle in the drawing's units."""
    tag, a = node.tag.removeprefix(SVG), node.attrib
    if tag == "rect":
        x, y, w, h = (float(a.get(k, 0)) for k in ("x", "y", "width", "height"))
    elif tag == "circle":
        r = float(a["r"])
        x, y, w, h = float(a["cx"]) - r, float(a["cy"]) - r, 2 * r, 2 * r
    else:
        return None
    s, ox, oy = affine
    return ox + s * x, oy + s * y, ox + s * (x + w), oy + s * (y + h)


def things(drawing: str, attribute: str = "data-act") -> Iterator[tuple[ET.Element, Box]]:
    """Each thing with `attribute` (default: each that stands for an action), with the box of the shapes
    it is drawn with (not its hidden routes, which the page shows while it is hovered), in the drawing's
    units."""

    def walk(node: ET.Element, affine: Affine) -> Iterator[tuple[ET.Element, Affine]]:
        if "transform" in node.attrib:
            affine = _transform(node.attrib["transform"], affine)
        yield node, affine
        for child in node:
            yield from walk(child, affine)

    def shapes(node: ET.Element, affine: Affine) -> Iterator[Box]:
        for inner, inner_affine in walk(node, affine):
            if "route" not in inner.attrib.get("class", "").split() and (box := _shape(inner, inner_affine)):
                yield box

    for node, affine in walk(ET.fromstring(drawing), (1.0, 0.0, 0.0)):
        if node.attrib.get(attribute):
            boxes = list(shapes(node, affine)) or [(0.0, 0.0, 0.0, 0.0)]  # (text alone: nothing to touch)
            yield node, (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                         max(b[3] for b in boxes))


def check(game: Game, state: State, seen: set[str]) -> str:
    """The narrow drawing of the seat to act (and the spectator's): see the module docstring."""
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    drawing = game.svg(view, "narrow")
    root = ET.fromstring(drawing)
    assert float(root.attrib["width"]) == NARROW_WIDTH
    names = {game.public_action_name(state, a, seat) for a in state.legal_actions()}
    drawn = drawn_actions(drawing)
    assert names <= drawn, f"{game.id}: not on the narrow drawing: {sorted(names - drawn)}"
    seen.update(names)
    assert game.svg(state.determinize(seat, random.Random(seat)).view(seat), "narrow") == drawing
    for node in root.iter():
        assert node.tag.split("}")[1] in svg.DRAWING_ELEMENTS, node.tag
        assert set(node.attrib) <= svg.DRAWING_ATTRIBUTES, set(node.attrib)
    for node, (left, top, right, bottom) in things(drawing):
        if not set(node.attrib["data-act"].split(svg.ACT_SEPARATOR)) & names:
            continue  # nothing on it is legal now: the page does not make it a thing to touch
        what = (node.attrib["data-act"][:60], round(left), round(top), round(right), round(bottom))
        assert right - left >= TARGET - 0.01 and bottom - top >= TARGET - 0.01, \
            f"{game.id}: too small: {what}"
        assert left >= 0 and right <= NARROW_WIDTH, f"{game.id}: outside the drawing's width: {what}"
    ET.fromstring(game.svg(state.view(None), "narrow"))
    return drawing


def playout(game: Game, seed: int) -> Iterator[State]:
    """The decisions of a seeded random game (of each player count up to 4), its state at each."""
    counts = [n for n in game.player_counts if n <= 4]
    state = game.new_game(counts[seed % len(counts)], seed, OPTIONS.get(game.id, {}))
    rng = random.Random(seed)
    for _ in range(400):
        if state.is_over:
            return
        yield state
        state.apply(rng.choice(state.legal_actions()))


GAMES_EACH = {"razzia": 8, "downtown": 6, "protection-racket": 10, "supergang": 4}
"""Random games a game: enough that every kind of its actions comes up (checked by `KINDS`)."""
GAMES_EACH_DEFAULT = 6
"""Random games for a game not in `GAMES_EACH`: as many as Downtown plays, the middle of the four."""
KINDS = {
    "razzia": {"draw", "call", "bid", "pass", "steal", "stop"},
    "downtown": {"done", "place", "move", "rob", "pay", "buy", "do", "look", "add"},
    "protection-racket": {"deploy", "declare", "no", "take", "skip"},
    "supergang": {"move", "stop", "done", "racket", "purchase", "recruit", "coward"},
}
"""The first words of action names the narrow drawings must be seen to draw (each game's rarer kinds are
set up by hand in its own test_drawing.py, for both layouts)."""
KINDS_AT_LEAST = 3
"""For a game not in `KINDS`: its drawings must be seen to draw this many kinds of action (first words)
at least, so that more than the opening choice and a pass are drawn within reach; its own list belongs in
`KINDS` once its kinds are known."""


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_the_narrow_drawing_draws_every_legal_action_within_reach(game: Game) -> None:
    seen: set[str] = set()
    for seed in range(GAMES_EACH.get(game.id, GAMES_EACH_DEFAULT)):
        for state in playout(game, seed):
            check(game, state, seen)
    words = {name.split()[0] for name in seen}
    if game.id in KINDS:
        assert KINDS[game.id] <= words, f"never drawn: {sorted(KINDS[game.id] - words)}"
    else:
        assert len(words) >= KINDS_AT_LEAST, f"only these kinds were drawn: {sorted(words)}"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_move_changes_only_the_pieces_it_touches_in_the_narrow_drawing_too(game: Game) -> None:
    # As tests/test_drawings.py for the wide drawing: the page marks the keyed pieces whose drawing changed.
    changed: list[float] = []
    for seed in range(2):
        state = game.new_game(4, seed, OPTIONS.get(game.id, {}))
        rng = random.Random(seed)
        before = pieces(game.svg(state.view(0), "narrow"))
        for _ in range(60):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
            after = pieces(game.svg(state.view(0), "narrow"))
            changed.append(sum(before.get(key) != looks for key, looks in after.items()) / len(after))
            before = after
    changed.sort()
    assert statistics.median(changed) <= 0.3
    assert changed[int(len(changed) * 0.9)] <= 0.5


OWN_PANEL = {"razzia": "seat:{}", "downtown": "cash:0", "protection-racket": "panel:{}",
             "supergang": "seat:{}"}
"""A piece of the seat's own hand, estate or hideout (Downtown: its first note), by its data-key."""
OTHER_PANEL = {"razzia": "seat:{}", "downtown": "panel:{}", "protection-racket": "panel:{}",
               "supergang": "seat:{}"}
"""A piece of another seat's panel."""
PANEL_DEFAULT = "seat:{}"
"""For a game in neither dict: the convention that a seat's panel (its own and any other's) is the piece
keyed `seat:{n}` (`data-key`), with n the seat's number from 0, as Razzia and Supergang draw it."""


def top_of(drawing: str, key: str) -> float:
    """Where the piece with `key` begins, from the top of the drawing."""
    found = [box for node, box in things(drawing, "data-key") if node.attrib["data-key"] == key and box[2]]
    assert found, key
    return found[0][1]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_the_seats_own_panel_comes_before_the_others(game: Game) -> None:
    # "your own hand, estate or hideout ... reachable": in the narrow drawing before the other seats'.
    players = 4
    state = game.new_game(players, 3, OPTIONS.get(game.id, {}))
    for seat in (1, 2):
        drawing = game.svg(state.view(seat), "narrow")
        own = top_of(drawing, OWN_PANEL.get(game.id, PANEL_DEFAULT).format(seat))
        for other in set(range(players)) - {seat}:
            assert own < top_of(drawing, OTHER_PANEL.get(game.id, PANEL_DEFAULT).format(other)), \
                (game.id, seat, other)
