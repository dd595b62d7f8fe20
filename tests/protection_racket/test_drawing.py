"""Protection Racket's table as SVG: drawn from a seat's view alone, every legal action of the seat to act
is a thing on the drawing (`data-act` with the action's name), and each sits on its object: a site's
actions on that site's card, a gang's on its mobsters and panel, the Hired Muscle's on its token, the
answers with no object on buttons."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from gangland.engine import SEAT_REF, seat_ref
from gangland.engine.seats import SEAT_OPEN
from gangland.engine.svg import ACT_SEPARATOR, LAYOUTS
from gangland.games.protection_racket import GAME
from gangland.games.protection_racket.actions import MUSCLE_PICK, SITE0, YES
from gangland.games.protection_racket.city import city_rules
from gangland.games.protection_racket.phases import HIRED_GUN, PICK
from gangland.games.protection_racket.state import ProtectionRacketState

from ..drawn import check_drawn
from .helpers import city_with, deploy, muscle_to, put

SVG = "{http://www.w3.org/2000/svg}"
CENTRE = 4
"""The centre of the 3 x 3 city."""

ON_SITE = ("deploy", "declare a Mob War on", "take the action of", "stand up on", "move the Hired Gun to",
           "Mob War on", "send the lying ones on", "lay down on", "remove from", "move from", "move to",
           "swap from", "swap with one on", "recall from", "change places with", "move the card of",
           "turn over", "replace")
"""Kinds of action whose object is a site (named in the action, "... (B2)")."""
ON_GANG = (f"lay down {SEAT_OPEN}", "remove one of", f"move {SEAT_OPEN}", "swap one of", "for one of")
"""Kinds of action whose object is a gang's mobsters ("... ⟨s1⟩'s mobsters")."""
ON_BUTTON = ("no war on", "skip the action of", "stay lying", "the Hired Gun stays")
"""Kinds of action with no object: drawn as buttons."""
ON_MUSCLE = ("remove The",)
"""The Hired Muscle taken off the table ("remove The Hitman")."""
KINDS = ON_SITE + ON_GANG + ON_BUTTON + ON_MUSCLE
RARE = {"move the Hired Gun to", "the Hired Gun stays", "send the lying ones on", "remove from",
        "remove one of", "remove The"}
"""Kinds random games seldom reach: test_rare_choices_are_drawn sets them up."""


def kind_of(name: str) -> str:
    """The kind of an action name: the longest of KINDS it starts with."""
    kinds = [kind for kind in KINDS if name.startswith(kind)]
    assert kinds, f"an action of no known kind: {name!r}"
    return max(kinds, key=len)


def texts(svg: str) -> str:
    return " ".join(node.text or "" for node in ET.fromstring(svg).iter(f"{SVG}text"))


def holders(svg: str) -> dict[str, set[str]]:
    """For each action name drawn, what carries it: the data-key of the thing, or "button"."""
    found: dict[str, set[str]] = {}
    for node in ET.fromstring(svg).iter():
        value = node.attrib.get("data-act")
        if value:
            where = node.attrib.get("data-key") or node.attrib.get("class", "")
            for name in value.split(ACT_SEPARATOR):
                found.setdefault(name, set()).add(where)
    return found


def check_decision(state: ProtectionRacketState, salt: int, layout: str = "wide") -> set[str]:
    """Check the acting seat's drawing of a decision (in `layout`); the kinds of its legal actions."""
    svg, names = check_drawn(GAME, state, layout, salt)
    view = state.view(state.to_act)
    shown = texts(svg)
    for site in view["city"]:
        assert site["name"] in shown and site["label"] in shown
        assert not site["revenue"] or f"${site['revenue']}" in shown
    carried = holders(svg)
    labels = {site["label"] for site in view["city"]}
    for name in names:
        kind = kind_of(name)
        if kind in ON_SITE:
            label = re.search(r"\(([A-D][1-3])\)", name)
            assert label and label[1] in labels, name
            assert f"site:{label[1]}" in carried[name], (name, carried[name])
        elif kind in ON_GANG:
            gang = re.search(f"{SEAT_REF.pattern}'s", name)
            assert gang and f"panel:{gang[1]}" in carried[name], (name, carried[name])
        elif kind in ON_BUTTON:
            assert "button" in carried[name], (name, carried[name])
        else:
            assert carried[name] == {"muscle"}, (name, carried[name])
    assert "as a spectator" in GAME.svg(state.view(None), layout)
    return {kind_of(name) for name in names}


def decisions(seeds: range) -> Iterator[ProtectionRacketState]:
    """Every decision of seeded random games of 2, 3 and 4 players, half in the recommended city."""
    for seed in seeds:
        players = GAME.player_counts[seed % len(GAME.player_counts)]
        state = GAME.new_game(players, seed, {"city": "recommended"} if seed % 2 else {})
        assert isinstance(state, ProtectionRacketState)
        rng = random.Random(seed)
        while not state.is_over:
            yield state
            state.apply(rng.choice(state.legal_actions()))
        ET.fromstring(GAME.svg(state.view(0)))  # the end of the game draws too
        assert "Game over" in texts(GAME.svg(state.view(None)))


def test_every_legal_action_is_on_its_object_and_the_drawing_is_the_views() -> None:
    seen: set[str] = set()
    for step, state in enumerate(decisions(range(24))):
        seen |= check_decision(state, step)
    missing = set(KINDS) - RARE - seen
    assert not missing, f"kinds never drawn: {sorted(missing)}"


@pytest.mark.parametrize("layout", LAYOUTS)
def test_rare_choices_are_drawn(layout: str) -> None:
    seen: set[str] = set()
    # The Hired Gun's question: seat 1's Hired Gun stands in a war seat 0 declares on the centre.
    state = city_with(2, {8: "The Hired Gun"})
    muscle_to(state, 1, CENTRE)
    put(state, CENTRE, 1, standing=1)
    deploy(state, CENTRE, 2)
    state.apply(YES)
    assert state.phase == HIRED_GUN
    seen |= check_decision(state, 1, layout)
    # A card sends the lying mobsters of a site (any site) to the supply.
    state = city_with(2, {CENTRE: "City Morgue"})
    put(state, 0, 1, lying=2)
    deploy(state, CENTRE, 1)
    state.apply(YES)
    assert state.phase == PICK
    seen |= check_decision(state, 2, layout)
    # Whack-a-mole: the site, then one of a gang's mobsters or its Hired Muscle.
    state = city_with(2, {CENTRE: "Whack-a-mole", 8: "The Hitman"})
    muscle_to(state, 1, 2)
    put(state, 2, 1, standing=1)
    deploy(state, CENTRE, 1)
    state.apply(YES)
    seen |= check_decision(state, 3, layout)
    state.apply(SITE0 + 2)
    assert MUSCLE_PICK in state.legal_actions()
    seen |= check_decision(state, 4, layout)
    assert not RARE - seen, f"not drawn: {sorted(RARE - seen)}"


def test_the_table_says_who_holds_what() -> None:
    state = city_with(2, {CENTRE: "Gambling Den", 8: "The Hitman"})
    put(state, CENTRE, 0, standing=2, lying=1)
    put(state, CENTRE, 1, lying=2)
    muscle_to(state, 1, 0, lying=True)
    city_rules(state)
    svg = GAME.svg(state.view(0))
    root = ET.fromstring(svg)
    keyed = {node.attrib["data-key"]: node for node in root.iter() if "data-key" in node.attrib}
    centre = keyed["site:B2"]
    shown = " ".join(node.text or "" for node in centre.iter(f"{SVG}text"))
    assert "Gambling Den" in shown and "$6" in shown and "holds" in shown  # seat 0 holds it: 2 to 0
    # lying mobsters are marked as lying, in words, on their gang's chip
    assert "2 + 1 lying" in texts(ET.tostring(keyed["site:B2:seat:0"], encoding="unicode"))
    assert "2 lying" in texts(ET.tostring(keyed["site:B2:seat:1"], encoding="unicode"))
    muscle = keyed["muscle"]
    assert "lying" in (muscle.findtext(f"{SVG}title") or "")
    assert f"{seat_ref(1)} (B)" in (muscle.findtext(f"{SVG}title") or "")
    # each gang's panel: its money, letter and the seat to act
    for seat in range(2):
        panel = " ".join(node.text or "" for node in keyed[f"panel:{seat}"].iter(f"{SVG}text"))
        assert seat_ref(seat) in panel and "AB"[seat] in panel.split() and f"${state.money[seat]}" in panel
    assert "to act" in " ".join(node.text or "" for node in keyed["panel:0"].iter(f"{SVG}text"))
    # deploying is drawn on every open site, up to the hideout (2 left here)
    centre_acts = centre.attrib["data-act"].split(ACT_SEPARATOR)
    assert "deploy 2 to Gambling Den (B2)" in centre_acts
    assert "deploy 3 to Gambling Den (B2)" not in centre_acts
