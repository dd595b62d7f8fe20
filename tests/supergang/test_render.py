"""Supergang's text rendering, narration and SVG drawing, from the views of random games (every player
count, the police-player variant, to game over) and from a hand-made view using every field of the
view contract (jail years, clinic turns, a vamped captive, patrols in the sewers, the cops' owner)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest
from rich.cells import cell_len

from gangland.cli.common import shown
from gangland.engine import State, seat_ref
from gangland.games.supergang import GAME
from gangland.games.supergang.board_file import load_board
from gangland.games.supergang.render import (
    character_line,
    glyph,
    narrate,
    pieces,
    render_view,
    vamping_notes,
    view_svg,
)
from gangland.games.supergang.render_map import OWNER_MARK, RACKET_MARK, layout, map_cell

BOARD = load_board()
MAP_WIDTH = 80
SVG = "{http://www.w3.org/2000/svg}"
CONFIGS = [(3, {}), (4, {}), (4, {"police_player": True}), (5, {"police_player": True})]


def play(players: int, options: dict[str, Any], seed: int) -> Iterator[tuple[dict[str, Any], int, str,
                                                                            dict[str, Any], State]]:
    """(before, actor, action text, after, state) for every step of a random game to its end."""
    state = GAME.new_game(players, seed, {"turn_limit": 6, **options})
    rng = random.Random(seed)
    for _ in range(20_000):
        actor = state.to_act
        if actor is None:
            return
        action = rng.choice(list(state.legal_actions()))
        before = state.view(None)
        text = GAME.public_action_name(state, action, None)
        state.apply(action)
        yield before, actor, text, state.view(None), state
    raise AssertionError("a random game did not end")


def cell(text: str, x: int, y: int) -> str:
    """The three characters of cell (x, y) on the map at the top of `text`."""
    return map_cell(text.splitlines(), x, y)


def terminal(text: str, view: dict[str, Any]) -> str:
    """`text` of `view` as the terminal shows it: seats named "Seat N" from 1, "(you)" for the view's own."""
    return shown(text, view["players"], view["seat"])


def check_text(view: dict[str, Any]) -> str:
    """Render a view and check the map against it (as the terminal shows it): widths, pieces, owners,
    the status block."""
    text = terminal(render_view(view), view)
    lines = text.splitlines()
    # At most 80 columns: the map, its key and every line of a real game's status block.
    assert all(cell_len(line) <= MAP_WIDTH for line in lines)
    plan = layout(BOARD)
    together = next((line for line in lines if line.startswith("together:")), "")
    for where, glyphs in pieces(view).items():
        spot = BOARD.squares.get(where)
        if spot is not None:
            here = cell(text, spot.x, spot.y)
            if spot.x == BOARD.width - 1 and len(glyphs) > 1:
                assert here.strip() == f"+{len(glyphs)}"
            else:
                assert here[:2].rstrip() == glyphs[0], (where, glyphs, here)
                assert (here[2] == "+") == (len(glyphs) > 1)
            if len(glyphs) > 1:
                assert f"{where} {' '.join(glyphs)}" in " ".join(together.split())
        elif where in BOARD.shops:
            ((x, y, arrow),) = plan.slots[where]  # every shop of the built-in board has its yard
            assert cell(text, x, y).rstrip() == arrow + (glyphs[0] if len(glyphs) == 1 else f"+{len(glyphs)}")
        elif where in plan.slots:
            shown = [cell(text, x, y)[len(arrow):].strip() for x, y, arrow in plan.slots[where]]
            shown = [s for s in shown if s]
            if len(glyphs) <= len(plan.slots[where]):
                assert shown == glyphs, (where, glyphs, shown)
            else:
                more = len(glyphs) - len(shown) + 1
                assert shown[:-1] == glyphs[:len(shown) - 1] and shown[-1] == f"+{more}"
    for shop in BOARD.shops.values():
        info = view["shops"].get(shop.id, {"owner": -1, "racket": -1})
        here = cell(text, shop.x, shop.y)
        assert here[:2] == shop.id  # every shop's id is on the map
        # (a gang's digit is its seat counted from 1)
        want = (str(info["owner"] + 1).translate(OWNER_MARK) if info["owner"] >= 0
                else str(info["racket"] + 1).translate(RACKET_MARK) if info["racket"] >= 0 else " ")
        assert here[2] == want, (shop.id, info, here)
    assert f"round {view['round']}" in text
    assert f"bank ${view['bank']}" in text
    for g, gang in enumerate(view["gangs"]):
        you = " (you)" if g == view["seat"] else ""
        assert f"gang {g + 1}, Seat {g + 1}{you}: ${gang['money']}," in text
    for event in view["events"]:
        assert " ".join(terminal(event, view).split()) in " ".join(text.split())
    if view["over"]:
        assert "Game over" in text
    return text


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_every_view_of_a_random_game_renders(players: int, options: dict[str, Any]) -> None:
    last = None
    for before, actor, action_text, after, state in play(players, options, seed=players):
        check_text(after)
        line = narrate(before, actor, action_text, after)
        assert "\n" not in line and line.startswith(seat_ref(actor)) and action_text in line
        last = state
    assert last is not None and last.is_over
    final = check_text(last.view(0))
    assert "Game over" in final and "Seat 1 (you)" in final


def test_police_variant_shows_the_police_seat_and_the_patrols() -> None:
    views = [after for _, _, _, after, _ in play(4, {"police_player": True}, seed=11)]
    police = views[-1].get("police_seat")
    assert police == 3
    assert len(views[-1]["gangs"]) == 3
    text = terminal(render_view(views[-1]), views[-1])
    assert "Seat 4 (police): moves both patrols" in text
    # The patrols come out from round 4 (S27): by the end (turn_limit 6), some view shows one on the map.
    def on_board(patrol: dict[str, Any]) -> bool:
        return patrol["at"] in BOARD.squares or patrol["at"] in BOARD.shops

    on_map = [v for v in views if any(on_board(p) for p in v.get("patrols", []))]
    assert on_map, "no patrol ever left the jail"
    view = on_map[-1]
    patrol = next(i for i, p in enumerate(view["patrols"]) if on_board(p))
    where = view["patrols"][patrol]["at"]
    assert "Pp"[patrol] in pieces(view)[where]
    assert f"patrol {patrol + 1} ({'Pp'[patrol]}) at {where}" in render_view(view)


def contract_view() -> dict[str, Any]:
    """A hand-made view using every field of the contract, with crowding, a captive and the sewers."""
    def char(at: str, **more: Any) -> dict[str, Any]:
        return {"at": at, "from": None, "entrance": None, "record": 0, "pending": 0, "jail_years": 0,
                "clinic_turns": 0, "vamped_by": None, "vamp_turns_served": 0, "die": 0, "moved": False,
                **more}

    return {
        "game": "supergang", "seat": 1, "players": 4, "police_seat": None, "round": 7, "first": 2,
        "turn_player": 0, "to_act": 0, "phase": "act at the stop", "actor": "⟨s0⟩'s killer", "bank": 777,
        "cops_owner": 2,
        "gangs": [
            {"money": 120, "tokens": 13, "pawn_supply": 14, "pawn_stock": 2, "characters": {
                "killer": char("s05_06", **{"from": "s05_05", "record": 3, "pending": 1, "die": 4,
                                            "moved": True}),
                "vamp": char("jail", jail_years=2, die=2),
                "dealer": char("R1", entrance="s01_00", die=6)}},
            {"money": 45, "tokens": 15, "pawn_supply": 20, "pawn_stock": 0, "characters": {
                "killer": char("s05_06"),
                "vamp": char("clinic", clinic_turns=2),
                "dealer": char("graveyard")}},
            {"money": 0, "tokens": 14, "pawn_supply": 18, "pawn_stock": 0, "characters": {
                "killer": char("jail", jail_years=1),
                "vamp": char("s10_04"),
                "dealer": char("s05_06", vamped_by=0, vamp_turns_served=1, die=5)}},
            {"money": 300, "tokens": 15, "pawn_supply": 20, "pawn_stock": 0, "characters": {
                "killer": char("jail"), "vamp": char("jail"), "dealer": char("jail")}},
        ],
        "patrols": [{"at": "s10_04", "from": "s09_04", "die": 3, "returns_with": None},
                    {"at": "sewer", "from": None, "die": 0, "returns_with": 1}],
        "shops": {"R1": {"owner": 0, "racket": -1}, "B2": {"owner": -1, "racket": 1},
                  "G1": {"owner": 3, "racket": -1}},
        "pawns": {"w00n1": 0, "w00w": 1, "w00s2": 2},
        "stuck_up_this_turn": ["R1"], "winner": -1, "over": False, "asked_price": 25,
        "events": ["⟨s0⟩'s killer moves 2: s05_04 -> s05_05 -> s05_06",
                   "⟨s0⟩'s killer mugs a passer-by on s05_06 (coward attack)"],
        "options": {"board": ""},
    }


def test_the_whole_contract_renders() -> None:
    view = contract_view()
    text = check_text(view)
    # Issue 31: a gang's digit on the map is its seat counted from 1 (gang 1 is Seat 1's).
    assert "together: s05_06 1K 2K 3d" in text  # the vamped dealer is in lower case
    assert "1V vamp   jail, 2 years to serve" in text
    assert "2V vamp   clinic, 2 turns to stay" in text
    assert "2D dealer graveyard (dead)" in text
    assert "3D dealer s05_06, vamped by Seat 3" not in text
    assert "3D dealer s05_06, vamped by Seat 1 (1 turn served), die 5" in text
    assert "1K killer s05_06 (from s05_05), record 3 (+1 unnoticed), die 4, moved" in text
    assert "1D dealer R1 (in by s01_00)" in text
    assert "cops: Seat 3" in text and "stuck up this turn: R1" in text
    flat = " ".join(text.split())  # the patrols' line wraps
    assert ("patrols: patrol 1 (P) at s10_04 (die 3); patrol 2 (p) in the sewers (back in the turn of "
            "Seat 2 (you))" in flat)
    assert cell(text, 10, 4) == "3V+"  # gangsters first, then the patrol
    assert "s10_04 3V P" in text
    assert "dice: K4 V2 D6 3d5; price asked for the recruit: $25" in text
    assert "gang 2, Seat 2 (you): $45" in text
    assert "shops 1: R1; rackets 0: -" in text and "rackets 1: B2" in text
    assert "pawns 1 placed/2 stock/14 to buy" in text
    assert cell(text, 1, 1) == "R1\u00b9" and cell(text, 16, 1) == "B2\u2082"  # owned by gang 1, racket of 2
    assert cell(text, 1, 2) == "^1D"  # gang 1's dealer in R1, the shop above its yard
    # The jail lists its prisoners in its own rectangle, after its name: the 4th gang's three, 0V, 2K.
    jail = BOARD.places["jail"]
    label = "".join(cell(text, x, jail.y) for x in range(jail.x, jail.x + 2))
    assert label.strip() == "jail"
    slots = [cell(text, x, y) for y in range(jail.y, jail.y + jail.height)
             for x in range(jail.x, jail.x + jail.width) if y > jail.y or x >= jail.x + 2]
    assert sorted(s.strip() for s in slots if s.strip()) == ["1V", "3K", "4D", "4K", "4V"]
    assert "shops: T B1 G1 P1 R1 Y1; V B2 G2 P2 R2 Y2; D B3 G3 P3 R3 Y3; star B4" in " ".join(text.split())


def test_game_over_and_the_police_win() -> None:
    view = {**contract_view(), "over": True, "winner": 3, "to_act": None}
    assert "Game over: Seat 4 wins." in terminal(render_view(view), view)
    police = {**contract_view(), "players": 5, "police_seat": 4, "cops_owner": None, "over": True,
              "winner": 4, "to_act": None}
    text = terminal(render_view(police), police)
    assert "Game over: Seat 5 (police) wins." in text
    assert "cops: played by Seat 5 (police)" in text
    assert "Seat 5 (police): moves both patrols (no money)" in text
    assert "Game over: no gang won" in render_view({**contract_view(), "over": True, "to_act": None})


def test_a_view_of_the_first_slice_still_renders() -> None:
    # Before the patrols and the police: no police_seat, cops_owner, patrols nor per-character dice.
    view = contract_view()
    for key in ("police_seat", "cops_owner", "patrols", "options"):
        del view[key]
    for gang in view["gangs"]:
        for char in gang["characters"].values():
            for key in ("jail_years", "clinic_turns", "vamped_by", "vamp_turns_served", "die", "moved"):
                del char[key]
    view["dice"] = {"killer": 4, "vamp": 2, "dealer": 6}
    text = render_view(view)
    assert "dice: K4 V2 D6" in text and "cops: nobody (for sale)" in text
    assert "patrols:" not in text
    assert ET.fromstring(view_svg(view)).tag == f"{SVG}svg"


def piece_keys(view: dict[str, Any]) -> list[str]:
    """The `data-key` of every piece the drawing shows on the board (not those in the sewers)."""
    keys = [f"char:{g}:{role}" for g, gang in enumerate(view["gangs"])
            for role, char in gang["characters"].items() if char["at"] != "sewer"]
    return keys + [f"patrol:{i + 1}" for i, p in enumerate(view["patrols"]) if p["at"] != "sewer"]


def drawn_pieces(root: ET.Element) -> tuple[list[str], int]:
    """The keys of the pieces drawn, and how many more a crowded place shows as '+N'."""
    keys = [str(k.get("data-key")) for g in root.iter(f"{SVG}g") if g.get("class") == "piece"
            for k in g.iter(f"{SVG}g") if k.get("data-key")]
    more = sum(int(str(t.text)[1:]) for g in root.iter(f"{SVG}g") if g.get("class") == "more"
               for t in g.iter(f"{SVG}text"))
    return keys, more


def test_svg_is_well_formed_and_shows_the_state() -> None:
    view = contract_view()
    root = ET.fromstring(view_svg(view))
    assert root.tag == f"{SVG}svg"
    drawn, more = drawn_pieces(root)
    assert sorted(drawn) == sorted(piece_keys(view)) and more == 0
    assert "patrol:1" in drawn and "patrol:2" not in drawn  # patrol 2 is in the sewers
    classes = [e.get("class") for e in root.iter()]
    assert classes.count("owner") == 2 and classes.count("racket") == 1 and classes.count("pawn") == 3
    shown = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "$120" in shown and "$300" in shown and "bank $777" in shown
    assert "patrol 2 in the sewers" in shown and f"cops: {seat_ref(2)} (C)" in shown


def test_svg_of_every_view_of_a_random_game_is_well_formed() -> None:
    for n, (_, _, _, after, _) in enumerate(play(5, {"police_player": True}, seed=3)):
        if n % 25 == 0 or after["over"]:
            drawn, more = drawn_pieces(ET.fromstring(GAME.svg(after)))
            assert len(set(drawn)) == len(drawn) and len(drawn) + more == len(piece_keys(after))


def test_glyphs() -> None:
    # A gang's digit is its seat counted from 1 (issue 31), as the status lines name the gangs.
    assert glyph(0, "killer") == "1K" and glyph(3, "vamp") == "4V" and glyph(1, "dealer", vamped=True) == "2d"


def test_narrate_is_one_line_with_the_events() -> None:
    view = contract_view()
    line = narrate(view, 0, "stop at s05_06", view)
    assert line == (f"{seat_ref(0)}: stop at s05_06 \u2014 {seat_ref(0)}'s killer moves 2: s05_04 -> s05_05 "
                    f"-> s05_06; {seat_ref(0)}'s killer mugs a passer-by on s05_06 (coward attack)")
    long = {**view, "events": [f"volley {i}" for i in range(30)]}
    line = narrate(view, 0, "attack", long)
    assert "\n" not in line and "volley 0; volley 1; ... 25 more ...;" in line and line.endswith("volley 29")
    quiet = narrate({**view, "police_seat": 4}, 4, "move patrol 1", {**view, "events": []})
    assert quiet == f"{seat_ref(4)} (police): move patrol 1"


def test_a_character_line_says_what_forbids_a_vamping() -> None:
    # L42 (not the same victim twice in a row) and L43 (freed: not vamped again before it moves) decide
    # whether a vamping is legal; the status lines and the drawing's piece titles say both.
    freed = {"at": "s05_06", "protected": True, "last_victim": None}
    vamp = {"at": "s05_06", "protected": False, "last_victim": {"gang": 2, "role": "dealer"}}
    assert vamping_notes(freed) == ["freed: no vamping it until it moves"]
    assert vamping_notes(vamp) == ["may not vamp ⟨s2⟩'s dealer next"]
    assert vamping_notes({"at": "s05_06", "protected": False, "last_victim": None}) == []
    assert "freed: no vamping it until it moves" in character_line({}, 1, "dealer", freed)
    assert "may not vamp ⟨s2⟩'s dealer next" in character_line({}, 0, "vamp", vamp)
