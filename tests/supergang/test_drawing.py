"""Supergang's table as SVG: drawn from a seat's view alone, and every legal action of the seat to act is a
thing on the drawing it can click (`data-act` with the action's name), over random games of every seat
count and the police variant, and over the rare decisions set up by hand (a recruit's price, a token
taken back, the cops for sale)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

from gangland.engine import SEAT_REF, seat_ref
from gangland.engine.svg import LAYOUTS, drawn_actions
from gangland.games.supergang import GAME
from gangland.games.supergang.actions import COWARD, NUM_ACTIONS, PRICE0, PRICES, RACKET, RECRUIT, action_text
from gangland.games.supergang.constants import DEALER, GRAVEYARD, VAMP
from gangland.games.supergang.drawing import CELL, HEADER, PAD
from gangland.games.supergang.movement import move_options, patrol_options
from gangland.games.supergang.phases import ACT, COP_OFFER, MOVE, PATROL_ACT, PATROL_MOVE, PATROL_PLACE
from gangland.games.supergang.state import SupergangState

from ..drawn import check_drawn
from .test_fights import at_round, new, street
from .test_police import gang_turn
from .test_state import shop_of, stop_at

SVG = "{http://www.w3.org/2000/svg}"
CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (3, {}), (4, {}), (4, {"police_player": True}), (5, {"police_player": True}),
    (3, {"turn_clock": 240, "cop_price": 200})]
KINDS = {
    "done", "no arrest", "do not buy the cops", "move X", "racket", "purchase", "buy X pawns", "place pawns",
    "stay on the manhole", "resurface at X", "put the patrol at X", "stop at X from the north",
    "stop at X from the east", "stop at X from the south", "stop at X from the west", "coward attack",
    "stick up for money", "stick up for ownership", "attack X", "vamp X", "recruit", "ask X",
    "refuse to sell", "pay the price", "decline the price", "arrest X", "surrender", "rebel",
    "attack patrol X", "shoot X in the clinic", "buy the cops for X", "time is up", "take the token off X",
    "open fire"}
"""Every kind of action name: a name with its character, square, shop or number written X."""
RARE = {"ask X", "refuse to sell", "pay the price", "decline the price", "take the token off X",
        "buy the cops for X", "do not buy the cops"}
"""The kinds random games seldom reach: set up by hand in `test_the_rare_decisions_are_drawn`."""


def kind(name: str) -> str:
    name = re.sub(f"{SEAT_REF.pattern}'s \\w+", "X", name)
    name = re.sub(r"\bs\d\d_\d\d\b|\b[A-Z]\d\b|\d+", "X", name)
    return re.sub(r"\b(place|shop|manhole|character) X", "X", name)  # ids past the board's: never legal


def texts(svg: str) -> str:
    """The drawing's text (read without parsing it again: parsing is most of this test's time)."""
    return " ".join(re.findall(r"<text [^>]*>([^<]*)</text>", svg))


def check(state: SupergangState, seen: Counter[str], layout: str = "wide") -> None:
    """The drawing of the seat to act (in `layout`): tests/drawn.py's check (every legal action on it, the
    view's alone, the spectator's offering nothing), no stop drawn that is not legal, each gang's money,
    and no text below 11 units."""
    svg, names = check_drawn(GAME, state, layout, salt=state.to_act or 0)
    view = state.view(state.to_act)
    drawn = drawn_actions(svg)
    if state.phase in (MOVE, PATROL_MOVE):  # the view holds all a move depends on (a patrol's entrance too)
        stops = {name for name in drawn if name.startswith("stop at ")}
        assert stops == names, f"{view['actor']}: drawn, not legal: {sorted(stops - names)}"
    seen.update({kind(name) for name in names})
    shown = texts(svg)
    assert all(f"${gang['money']}" in shown for gang in view["gangs"])
    assert min(float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)) >= 11


def test_every_kind_of_action_is_listed() -> None:
    # Whatever the phase, every action id's name is of one of the kinds the tests below require drawn.
    state = new(4)
    for phase in (0, COP_OFFER, PATROL_PLACE, PATROL_ACT):
        state.phase = phase
        assert {kind(action_text(state, a)) for a in range(NUM_ACTIONS)} <= KINDS


def test_every_legal_action_is_on_the_drawing_and_the_drawing_is_the_views() -> None:
    seen: Counter[str] = Counter()
    for seed in range(9):
        players, options = CONFIGS[seed % len(CONFIGS)]
        state = GAME.new_game(players, seed, {"turn_limit": 8, **options})
        assert isinstance(state, SupergangState)
        rng = random.Random(seed)
        while not state.is_over:
            check(state, seen)
            legal = list(state.legal_actions())
            kinds = {a: kind(GAME.action_name(state, a)) for a in legal}
            if "time is up" in kinds.values() and rng.random() < 0.97:  # else the games stall in jail
                legal = [a for a in legal if kinds[a] != "time is up"] or legal
            if rng.random() < 0.5:  # half the time an action of a kind seldom seen, to reach them all
                fewest = min(seen[kinds[a]] for a in legal)
                legal = [a for a in legal if seen[kinds[a]] == fewest]
            state.apply(rng.choice(legal))
        # Over: the line under the title names the winners (by the rules, else by shops then money).
        over = re.findall(r">(Game over[^<]*)<", GAME.svg(state.view(None)))
        assert over and all(f"{seat_ref(w)} ({chr(65 + w)}" in over[0] for w in state.result().winners), over
    assert set(seen) >= KINDS - RARE, f"never drawn: {sorted(KINDS - RARE - set(seen))}"


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_rare_decisions_are_drawn(layout: str) -> None:
    seen: Counter[str] = Counter()
    # A recruit in a rival's shop (S17, L49): its owner names a price or refuses; the recruiter pays or not.
    s = new()
    shop = shop_of(s, "V")
    s.owner[s.geo.shop_index[shop]] = 2
    s.pos[VAMP], s.moved[VAMP] = GRAVEYARD, True
    s.money[0], s.bank = 40, s.bank - 40
    stop_at(s, 2, shop)
    check(s, seen, layout)
    s.apply(RECRUIT)
    check(s, seen, layout)
    s.apply(PRICE0 + PRICES.index(25))
    check(s, seen, layout)
    # No token left (L85): one comes off a shop of the gang's first.
    s = new()
    s.owner[s.geo.shop_index[shop_of(s, "basic")]], s.tokens[0] = 0, 0
    s.money[0], s.bank = 100, s.bank - 100
    stop_at(s, VAMP, shop_of(s, "star"))
    check(s, seen, layout)
    # The cops for sale (S32).
    s = new(cop_price=200)
    s.money[0], s.bank = 300, s.bank - 300
    gang_turn(s, 0)
    assert s.phase == COP_OFFER
    check(s, seen, layout)
    assert set(seen) >= RARE, f"never drawn: {sorted(RARE - set(seen))}"


def test_the_drawing_says_what_is_going_on() -> None:
    state = GAME.new_game(4, 2, {"turn_limit": 8})
    rng = random.Random(2)
    while state.view(None)["phase"] != "choose where the character stops":
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    svg = GAME.svg(view)
    root = ET.fromstring(svg)
    shown = texts(svg)
    actor = view["actor"]  # (the seat's own character is "its killer" after the seat's name)
    mover = f"its {actor.rsplit(' ', 1)[1]}" if actor.startswith(f"{seat_ref(seat)}'s ") else actor
    assert f"{seat_ref(seat)} ({chr(65 + seat)}): {mover} moves" in shown and "round 1 of 8" in shown
    # Each square the move may end on is one thing listing every side it may be entered from.
    names = [GAME.action_name(state, a) for a in state.legal_actions()]
    for name in names:
        place = name.split()[2]
        node = next(g for g in root.iter(f"{SVG}g") if g.get("data-act") and name in g.get("data-act", ""))
        assert all(n in node.get("data-act", "").split("|") for n in names if n.split()[2] == place)
        assert f"stop at {place}" not in (node.findtext(f"{SVG}title") or "")
        assert "path" in (node.findtext(f"{SVG}title") or "")
    # Every piece of the table keeps one key from view to view.
    keys = [node.get("data-key") for node in root.iter() if node.get("data-key")]
    assert len(keys) == len(set(keys)) and {"char:0:killer", "patrol:1", "place:jail", "shop:R1"} <= set(keys)


def test_what_a_character_did_at_its_stop_is_not_offered_again() -> None:
    # S11: each action once a stop. The view says what was done (stop_done), so its button or name goes.
    s = new()
    stop_at(s, DEALER, shop_of(s, "basic"))
    assert "racket" in drawn_actions(GAME.svg(s.view(0)))
    s.apply(RACKET)
    assert s.phase == ACT and s.view(0)["stop_done"] == ["racket"]
    assert "racket" not in drawn_actions(GAME.svg(s.view(0)))
    s = new()
    stop_at(s, DEALER, street(s))
    s.pawn_stock[0] = 2
    s._legal = None
    assert {"coward attack", "place pawns"} <= drawn_actions(GAME.svg(s.view(0)))
    s.apply(COWARD)
    assert s.phase == ACT and s.view(0)["stop_done"] == ["coward attack"]
    drawn = drawn_actions(GAME.svg(s.view(0)))
    assert "coward attack" not in drawn and "place pawns" in drawn


def test_pawn_bars_tell_the_gangs_apart_without_colour() -> None:
    # A sidewall bar has no room for a letter: each gang's bar carries its own mark, shown in its panel.
    s = new(4)
    sections = sorted(s.geo.board.sections)
    s.pawns = {sections[g]: g for g in range(4)}
    root = ET.fromstring(GAME.svg(s.view(None)))
    looks = {}
    for node in root.iter(f"{SVG}g"):
        if node.get("class") == "pawn":
            gang = s.pawns[(node.get("data-key") or "").split(":")[1]]
            shape = "".join(ET.tostring(child, encoding="unicode") for child in node
                            if child.tag != f"{SVG}title")
            looks[gang] = re.sub(r'\b(x|y|x1|y1|x2|y2|width|height)="[^"]*"|#[0-9a-fA-F]{6}', "", shape)
            assert f"({chr(65 + gang)})" in (node.findtext(f"{SVG}title") or "")
    assert len(looks) == 4 and len(set(looks.values())) == 4, looks
    legends = [node.findtext(f"{SVG}title") or "" for node in root.iter(f"{SVG}g")
               if node.get("class") == "legend"]
    assert len(legends) == 4 and len({legend.split("drawn ")[1] for legend in legends}) == 4


def centre(s: SupergangState, place: str) -> tuple[float, float]:
    """The middle of a square or shop as the board is drawn."""
    cell = s.geo.board.squares.get(place) or s.geo.board.shops[place]
    return PAD + (cell.x + 0.5) * CELL, HEADER + (cell.y + 0.5) * CELL


def routes(node: ET.Element) -> list[list[tuple[float, ...]]]:
    """The points of each route drawn in `node` (a route's casing and line count once), each hidden."""
    out = []
    for line in node.iter(f"{SVG}polyline"):
        if line.get("class") == "route":
            assert line.get("opacity") == "0"
            points = [tuple(float(v) for v in p.split(",")) for p in (line.get("points") or "").split()]
            if points not in out:
                out.append(points)
    return out


def check_routes(state: SupergangState) -> int:
    """Each stop of the move drawn with one route a way in; the route of each legal stop goes through
    the middle of the mover's square or shop (when it is in one), then of each square the move enters.
    Returns the number of stops checked."""
    seat = state.to_act
    assert seat is not None
    moving = state.phase == MOVE
    options = move_options(state, state.actor) if moving else patrol_options(state, state.patrol)
    here = state.pos[state.actor] if moving else state.ppos[state.patrol]
    stops = {g.get("data-act", ""): g for g in ET.fromstring(GAME.svg(state.view(seat))).iter(f"{SVG}g")
             if "stop at" in g.get("data-act", "")}
    for act, node in stops.items():
        assert len(routes(node)) == len(act.split("|")), act
    for action, move in options.items():
        name = GAME.public_action_name(state, action, seat)
        node = next(g for act, g in stops.items() if name in act.split("|"))
        drawn = [points for points in routes(node) if points[1:] == [centre(state, p) for p in move.path]]
        assert len(drawn) == 1 and drawn[0][-1] == centre(state, move.end), (name, move, routes(node))
        if here in state.geo.board.squares or here in state.geo.board.shops:
            assert drawn[0][0] == centre(state, here)
    return len(options)


def test_a_stop_holds_the_path_each_way_to_it_takes() -> None:
    # The issue: a move is clicked "where its object is drawn (... a square and the path to it)". Each
    # square or shop a move may stop on holds a route a side it may be entered from, drawn hidden for
    # the page to show while the stop is hovered: a line through the squares of the move's path.
    checked = 0
    for seed in range(4):
        state = GAME.new_game(4, seed, {"turn_limit": 6, "police_player": seed % 2 == 1})
        assert isinstance(state, SupergangState)
        rng = random.Random(seed)
        while not state.is_over and checked < 60 * (seed + 1):
            if state.phase in (MOVE, PATROL_MOVE) and state.view(None)["round"] >= 2:
                checked += check_routes(state)
            state.apply(rng.choice(state.legal_actions()))
    assert checked >= 100


def test_every_shop_is_drawn_with_its_managers() -> None:
    # L50-L51 (docs/rules/supergang.md): the managers are not marked on the board; their number is the
    # shop kind's (one in a basic shop, two in the others). The drawing shows them and says how many.
    s = new(4)
    stop_at(s, DEALER, shop_of(s, "T"))
    board = s.geo.board
    drawn = {}
    for node in ET.fromstring(GAME.svg(s.view(0))).iter(f"{SVG}g"):
        if node.get("class") == "shop":
            keys = [g.get("data-key", "") for g in node.iter(f"{SVG}g")]
            sid = next(key[5:] for key in keys if key.startswith("shop:"))
            drawn[sid] = sum(g.get("class") == "manager" for g in node.iter(f"{SVG}g"))
            words = {1: "one manager", 2: "two managers"}[board.shops[sid].managers]
            assert words in (node.findtext(f"{SVG}title") or ""), sid
    assert drawn == {sid: shop.managers for sid, shop in board.shops.items()}
    assert set(drawn.values()) == {1, 2}


def test_a_click_on_a_shop_where_an_enemy_stands_offers_the_stick_up() -> None:
    # Issue 31: "clicking a shop where an enemy piece stands opens the piece's chooser instead of the
    # stick-up". The enemy's chip covers most of the shop and is the innermost thing clicked, so it stands
    # for the shop's actions too: its chooser offers the stick-up beside the attack.
    s = at_round(new(**{"dart_hit": 1.0, "dart_dead": 1.0}), 4)
    shop = shop_of(s, "basic")
    s.owner[s.geo.shop_index[shop]] = 2
    s.tokens[2] -= 1
    s.pos[3 + DEALER] = shop  # an enemy (seat 1's dealer) in the shop
    stop_at(s, VAMP, shop)
    legal = {GAME.action_name(s, a) for a in s.legal_actions()}
    assert {"stick up for money", "stick up for ownership", f"attack {seat_ref(1)}'s dealer"} <= legal
    root = ET.fromstring(GAME.svg(s.view(0)))
    shop_node = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "shop"
                     and any(k.get("data-key") == f"shop:{shop}" for k in g.iter(f"{SVG}g")))
    pieces = [g for g in shop_node.iter(f"{SVG}g") if g.get("class") == "piece" and g.get("data-act")]
    assert pieces, "the enemy in the shop is a thing to click"
    for piece in pieces:
        names = piece.get("data-act", "").split("|")
        assert f"attack {seat_ref(1)}'s dealer" in names
        # every shop action the seat may take here, on the piece as on the shop
        assert {"stick up for money", "stick up for ownership", "recruit"} <= set(names), names
        assert set(names) <= set(shop_node.get("data-act", "").split("|")) | {
            f"attack {seat_ref(1)}'s dealer", f"vamp {seat_ref(1)}'s dealer"}
    # Every legal action a click in the shop may mean is on each thing clicked there.
    for name in legal & set(shop_node.get("data-act", "").split("|")):
        assert all(name in piece.get("data-act", "").split("|") for piece in pieces), name
