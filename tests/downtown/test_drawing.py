"""Downtown's table as SVG: drawn from a seat's view alone, every legal action of the seat to act is a
thing on the drawing it can click (`data-act` with the action's name), and what the view tells is there."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

from gangland.engine import seat_ref
from gangland.engine.agent import Decision
from gangland.engine.seats import SEAT_OPEN
from gangland.games import get
from gangland.games.downtown.actions import (
    CASINO_PLAY,
    DONE,
    JOB0,
    LOOK_FENCE0,
    LOOK_STOOGE0,
    OFFER0,
    PUT_TOP,
)
from gangland.games.downtown.bots import DowntownHeuristicBot

from ..drawn import check_drawn

GAME = get("downtown")
SVG = "{http://www.w3.org/2000/svg}"

KINDS = {
    "done": "done", "place": "place a token", "move": "move token", "rob": f"rob {SEAT_OPEN}s",
    "pay": f"pay {SEAT_OPEN}s",
    "buy": "buy a ", "job": "do ", "look_stooge": "'s top card", "look_fence": "look at fence pile",
    "put_top": "put it back on top", "put_under": "put it under the pile", "put_onto": "put it on fence pile",
    "offer": "offer stooge card", "sell": "sell to fence pile", "play": "play the casino",
    "skip": "skip the casino", "bet": "bet a ", "add_note": " note", "add_gangster": "add a ",
    "discard": "discard a ", "shed": "shed stooge card",
}
"""Every kind of Downtown action, by a piece of its name (see actions.action_text)."""


def kind_of(name: str) -> str:
    """The kind of an action name (the first of KINDS whose piece it holds, the more special first)."""
    for kind in ("look_stooge", "add_note", "bet", "buy", "done", "discard", "shed", "offer"):
        if KINDS[kind] in name and (kind != "add_note" or name.startswith("add")):
            return kind
    for kind, piece in KINDS.items():
        if piece in name:
            return kind
    raise AssertionError(f"unknown action kind: {name!r}")


def texts(svg: str) -> str:
    return " ".join(node.text or "" for node in ET.fromstring(svg).iter(f"{SVG}text"))


def keys(svg: str) -> set[str]:
    return {node.attrib["data-key"] for node in ET.fromstring(svg).iter() if "data-key" in node.attrib}


def check_facts(view: dict[str, Any], svg: str) -> None:
    """What the view tells is written on the drawing: displays, the own cash and hand, the piles' tops."""
    shown = texts(svg)
    for seat, player in enumerate(view["players"]):
        assert f"display ${player['display']['money']:,}" in shown
        assert seat_ref(seat) in shown and f" {chr(65 + seat)} " in f" {shown} "  # its name, and its letter
        hand = player["hand"]
        assert f"{hand['gangsters']} gangster" in shown and f"{hand['stooge_cards']} stooge card" in shown
    me = view["seat"]
    if me is not None:
        own = view["players"][me]
        assert f"cash ${own['cash']['money']:,}" in shown
        for count in own["gangsters"]:
            assert f"x{count}" in shown
        for card in own["stooge_cards"]:
            assert f"#{card['id']}" in shown and f"worth ${card['value']:,}" in shown
    for pile in view["stooge_piles"]:
        assert f"{pile['stooge']}'s pile · {pile['size']} card" in shown
        if pile["cards"]:
            assert f"promised ${pile['cards'][0]['promise'] // 1000}k" in shown
    assert f"Bank: ${view['bank']['money']:,}" in shown
    assert view["phase"] in shown
    found = keys(svg)
    assert {"location:Downtown", "location:Villa", "fence:0", "stooge:Joe"} <= found
    assert {f"seat:{s}" for s in range(len(view["players"]))} <= found


def choose(legal: list[int], rng: random.Random) -> int:
    """A random move that mostly does jobs, looks at fences, offers, sells and plays the casino when it
    can, and seldom says "done": so that in a few turns loot is sold and casino cards turn up."""
    keen = [a for a in legal if JOB0 <= a < LOOK_STOOGE0 or LOOK_FENCE0 <= a < PUT_TOP
            or OFFER0 <= a <= CASINO_PLAY]
    if keen and rng.random() < 0.8:
        return rng.choice(keen)
    moves = [a for a in legal if a != DONE and a != PUT_TOP] or legal
    return rng.choice(moves if rng.random() < 0.85 else legal)


def play(players: int, seed: int, options: dict[str, Any], seen: set[str]) -> None:
    """A game, checking the drawing of the seat to act at every decision. The heuristic bot makes most
    moves (it plans jobs and sales, so loot is sold and casino cards turn up within the turn limit),
    `choose` the others (so that moves the bot would not make are drawn too)."""
    state = GAME.new_game(players, seed, {"turn_limit": 20, **options})
    rng = random.Random(seed)
    bot = DowntownHeuristicBot(seed)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        legal = state.legal_actions()
        svg, names = check_drawn(GAME, state, "wide", seed)
        check_drawn(GAME, state, "narrow", seed)  # (tests/test_drawings_narrow.py checks the rest)
        seen.update(kind_of(name) for name in names)
        check_facts(view, svg)
        if rng.random() < 0.6:
            state.apply(bot.act(Decision(GAME, state, seat, tuple(legal))))
        else:
            state.apply(choose(legal, rng))
    for seat in range(players):  # the end: the result, seen from each seat
        check_facts(state.view(seat), GAME.svg(state.view(seat)))
    assert "Game over" in texts(GAME.svg(state.view(None)))


def test_every_legal_action_is_on_the_drawing_and_the_drawing_is_the_views() -> None:
    seen: set[str] = set()
    for seed in range(9):
        options = {"edition": ("current", "2013")[seed % 2], "villa": seed % 3 == 0}
        if seed % 4 == 3:
            options["casino_skip"] = "active"
        play((2, 3, 4)[seed % 3], seed, options, seen)
    assert seen == set(KINDS), f"never drawn: {sorted(set(KINDS) - seen)}"


def test_kinds_of_action_names() -> None:
    assert kind_of("look at Luigi's top card") == "look_stooge"
    assert kind_of("add a $1,000 note") == "add_note"
    assert kind_of("bet a $5,000 note") == "bet"
    assert kind_of("add a spy") == "add_gangster"
    assert kind_of("put it on fence pile 2") == "put_onto"
