"""Razzia!'s table as SVG: drawn from a seat's view alone, and every legal action of the seat to act is a
thing on the drawing it can click (`data-act` with the action's name)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from gangland.games import get

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
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            svg = GAME.svg(view)
            names = {GAME.action_name(state, a) for a in state.legal_actions()}
            assert names <= acts(svg), f"not on the drawing: {sorted(names - acts(svg))}"
            seen |= {name.split()[0] for name in names}
            # Drawn from the view alone: a state the seat cannot tell from this one draws the same.
            assert GAME.svg(state.determinize(seat, random.Random(seed)).view(seat)) == svg
            shown = texts(svg)
            assert all(lot in shown for lot in view["row"])
            for info in view["seats"]:
                assert all(str(v) in shown for v in info["open_cheques"] + info["face_down_cheques"])
            ET.fromstring(GAME.svg(state.view(None)))  # the spectator's drawing is well-formed too
            state.apply(rng.choice(state.legal_actions()))
    assert {"draw", "call", "bid", "pass", "steal", "stop"} <= seen  # every kind of action was drawn
