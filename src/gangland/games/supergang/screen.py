"""Supergang at an 80 x 24 terminal (issue 15): the screen of a decision (the whole map with its pieces,
then whose decision it is, the dice and the money), the rules of the decision ('?'), and two-step menus
for the long ones (a move's stops: the square, then the side it is entered from).

Everything here is built from the view (or, for menus, the acting seat's legal actions); the whole view
is `render.render_view`, which the terminal shows on 'more'.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from gangland.engine import HELP_ROWS, SCREEN_WIDTH, seat_ref, terminal_len, terminal_wrap

from .actions import (
    ARREST0,
    ATTACK_PATROL0,
    BUY0,
    BUY_COPS,
    CLINIC_KILL0,
    COWARD,
    DEST0,
    DIRECTIONS,
    FIRE,
    KILL0,
    PLACE,
    RECALL0,
    RECRUIT,
    SURRENDER,
    VAMP0,
    action_text,
    dest_parts,
)
from .constants import PAIR_PRICE
from .phases import PHASE_NAMES
from .render import dice_text, seat_name
from .render_map import (
    MAP_KEY,
    character_name,
    characters,
    gangs_of,
    map_lines,
    option,
    patrol_glyph,
    patrols_of,
)
from .state import SupergangState
from .view import SupergangView

(CHOOSE, RESURFACE, MOVE, ACT, OVER, COP_OFFER, PATROL_PLACE, PATROL_MOVE, PATROL_ACT, ARRESTED, PRICE,
 OFFER) = PHASE_NAMES
SEP = " \u00b7 "
PLACES = ("jail", "clinic", "graveyard")


def _actor(view: SupergangView) -> tuple[str, str | None, int]:
    """Who acts, as the person reads it ("its vamp" for the seat to act's own, "⟨s2⟩'s dealer",
    "patrol 1 (P)"), where, and its die (the arrested gangster, when one is asked to surrender or rebel)."""
    actor = view.get("arrested") if view.get("phase") == ARRESTED else view.get("actor")
    found: list[tuple[str, Mapping[str, Any]]] = []
    for g, gang in enumerate(gangs_of(view)):
        for role, char in characters(gang):
            if actor == character_name(g, role):
                name = f"its {role}" if g == view.get("to_act") else str(actor)
                vamp = char.get("vamped_by")
                found.append((name + (f" (vamped by {seat_ref(vamp)})" if vamp is not None else ""), char))
    found += [(f"patrol {i + 1} ({patrol_glyph(i)})", patrol) for i, patrol in enumerate(patrols_of(view))
              if actor == f"patrol {i + 1}"]
    if not found:
        return str(actor or "?"), None, 0
    name, piece = found[0]
    at = piece.get("at")
    return name, at if isinstance(at, str) else None, int(piece.get("die") or 0)


def _task(view: SupergangView) -> str:
    """What the decision is, in a few words."""
    phase = view.get("phase")
    who, where, die = _actor(view)
    at = f" in the {where}" if where in PLACES else f" at {where}" if where else ""
    if die and phase in (RESURFACE, MOVE, PATROL_MOVE):
        at += f" (die {die})"
    tasks = {
        CHOOSE: "pick the character that moves next",
        RESURFACE: f"{who}{at}: stay or resurface?",
        MOVE: f"{who}{at}: where does it stop?",
        ACT: f"{who}{at}: act?",
        COP_OFFER: f"buy the cops for ${option(view, 'cop_price')}?",
        PATROL_PLACE: f"{who}: at which manhole does it come up?",
        PATROL_MOVE: f"{who}{at}: where does it stop?",
        PATROL_ACT: f"{who}{at}: arrest a gangster here?",
        ARRESTED: f"{who}{at} is arrested: surrender or rebel?",
        PRICE: f"{who} recruits in your shop{at}: name the price",
        OFFER: f"{who}{at}: pay ${view.get('asked_price')} for the recruit?",
    }
    return tasks.get(str(phase), str(phase))


def _dice(view: SupergangView) -> str:
    """The gang turn's dice: the characters' (K4 V2 D6, a captive's 2d3), then the patrols' (P5 p2)."""
    patrols = [f"{patrol_glyph(i)}{p['die']}" for i, p in enumerate(patrols_of(view)) if p.get("die")]
    gangsters = dice_text(view)
    return "dice " + " ".join([*([gangsters] if gangsters != "-" or not patrols else []), *patrols])


def _fit(parts: list[str], width: int, you: int | None) -> str:
    """The parts joined by ' · ' while they fit `width` as the terminal shows them to `you` (seats
    filled in; the first is cut if it alone is too long); on a terminal narrower than 80 columns, all
    of them, wrapped."""
    if width < SCREEN_WIDTH:
        return "\n".join(terminal_wrap(SEP.join(parts), width, you, subsequent_indent="  "))
    head = parts[0]
    line = head[:width - (terminal_len(head, you) - len(head))]  # (a seat's name comes early in it)
    for part in parts[1:]:
        if terminal_len(line + SEP + part, you) > width:
            break
        line += SEP + part
    return line


def decision_line(view: SupergangView, width: int = SCREEN_WIDTH) -> str:
    """Round, who acts and on what, and the dice of the gang turn."""
    if view.get("over"):
        winner = view.get("winner", -1)
        result = (f"Game over: {seat_name(view, winner)} wins" if isinstance(winner, int) and winner >= 0
                  else "Game over: no gang won by the rules, a draw")
        return _fit([result, f"round {view.get('round', '?')}"], width, view.get("seat"))
    to_act, turn = view.get("to_act"), view.get("turn_player")
    head = f"Round {view.get('round', '?')}, {seat_name(view, to_act)}: {_task(view)}"
    parts = [head, _dice(view)]
    if turn != to_act:
        parts.append(f"turn of {seat_name(view, turn)}")
    return _fit(parts, width, view.get("seat"))


def money_line(view: SupergangView, width: int = SCREEN_WIDTH) -> str:
    """Each gang's money and shops, the bank and who moves the patrols."""
    shops = view.get("shops") or {}
    parts = []
    for g, gang in enumerate(gangs_of(view)):
        owned = sum(1 for info in shops.values() if isinstance(info, dict) and info.get("owner") == g)
        parts.append(f"{g + 1} ${gang.get('money', 0)}/{owned}")  # the gang's digit, as on the map
    police, cops = view.get("police_seat"), view.get("cops_owner")
    patrols = (f"police {seat_ref(police)}" if police is not None else f"cops {seat_ref(cops)}"
               if cops is not None else "cops for sale")
    return _fit([f"money/shops: {', '.join(parts)}", f"bank ${view.get('bank', 0)}", patrols], width,
                view.get("seat"))


def screen(view: SupergangView, width: int = SCREEN_WIDTH) -> str:
    """The whole map with its pieces (14 lines), then the decision and the money (2 lines): 16 lines of
    at most 80 columns at width 80. A narrower terminal gets the map cut on the right."""
    lines = [line[:width] for line in map_lines(view)]
    return "\n".join([*lines, decision_line(view, width), money_line(view, width)])


# -- the rules of a decision ('?') -----------------------------------------------------------------


def _act_help(view: SupergangView) -> list[str]:
    if view.get("aim"):
        allies = ", your other characters here" if option(view, "duel_allies") == "square" else ""
        return ["Declaring an attack (one dice throw a stop): add another character here to the targets, "
                f"or open fire. Your side (the attacker, its vamp or captive here{allies}) throws one die "
                "each, each killer +2; the attacked side likewise, with their vamp or captive; the managers "
                "of a shop join the side of a gangster of its owner; the difference in darts, volley after "
                "volley, until one side is down."]
    return [
        "At its stop a character may take each action once. In a shop: racket (a token on an unowned "
        "shop: its income is yours, 1 year); purchase ($50, $100 with initials); recruit your dead T/V/D "
        f"(${option(view, 'recruit_price')} to the bank, or the owner's price); stick up (a duel with "
        "the managers for $50/$100 or the shop, 1 year). On a street: coward attack ($10 from the bank, "
        "1 year). Attack: declare the gangsters here you attack, then open fire (side against side). "
        "The vamp vamps: he plays for you for "
        f"{option(view, 'vamp_turns')} turns. The dealer buys pawns (${PAIR_PRICE} a pair, star shop) "
        "and places them (1 year). Done ends the stop.",
    ]


PHASE_HELP: dict[str, list[str]] = {
    CHOOSE: ["Pick which character moves next: each of yours with a die, and any captive your vamp "
             "holds. It moves exactly its die along the streets, never turning back, and acts only "
             "where it stops; from the jail or the clinic it leaves by its die."],
    RESURFACE: ["On a manhole (an o on the map): stay and move along the street, or go down and come "
                "up at another manhole, then move the die from there."],
    MOVE: ["Choose the stop: a square sXX_YY or a shop id, exactly the die's count of squares away, "
           "never turning back. 'from the east' is the side it enters from: it leaves a shop the way "
           "it came in. A long list asks in two steps: the place, then the side."],
    COP_OFFER: ["Buy the cops: you move both patrols in every gang turn until all your gangsters are "
                "killed; done declines (the offer comes again next turn)."],
    PATROL_PLACE: ["The patrol fell into the sewers: it comes up at the manhole you pick (an o on the "
                   "map), then moves its die."],
    PATROL_MOVE: ["Move the patrol exactly its die along the streets (it may end in a shop). At its "
                  "stop it notices crimes within sight and may arrest gangsters there with a record."],
    PATROL_ACT: ["Arrest a gangster with a record on the patrol's square (not on a manhole), one by "
                 "one: he surrenders (jail for his years) or rebels (a duel with the two cops). Done "
                 "lets the rest go."],
    ARRESTED: ["Surrender: to the jail for the years on his record (a year is a turn out), record "
               "erased. Rebel: a duel with the patrol's two cops, +1 year; if he wins he stays free "
               "and the patrol goes to the jail; injured: clinic, then jail; killed: graveyard."],
    PRICE: ["Another gang recruits its dead character in your shop: name the price it must pay you "
            "(it may decline), or refuse to sell."],
    OFFER: ["The shop's owner named a price for the recruit: pay it (the recruit appears in the shop "
            "at once) or decline."],
    OVER: ["The game is over: 'more' shows the whole table."],
}


def rules_help(view: SupergangView) -> str:
    """The rules of the decision the view shows, then the map's key: at most HELP_ROWS lines of
    SCREEN_WIDTH columns."""
    phase = str(view.get("phase"))
    lines = _act_help(view) if phase == ACT else PHASE_HELP.get(phase, [phase])
    if phase == COP_OFFER:
        lines = [f"Price: ${option(view, 'cop_price')}. {lines[0]}"]
    wrapped = [w for line in lines for w in textwrap.wrap(line, SCREEN_WIDTH)]
    return "\n".join([*wrapped[:HELP_ROWS - len(MAP_KEY)], *MAP_KEY])


# -- two-step menus --------------------------------------------------------------------------------


GROUPS = ((KILL0, VAMP0, "attack "), (VAMP0, RECRUIT, "vamp "), (BUY0, PLACE, "buy "),
          (ARREST0, SURRENDER, "arrest "), (ATTACK_PATROL0, CLINIC_KILL0, "attack "),
          (CLINIC_KILL0, BUY_COPS, "shoot "), (RECALL0, FIRE, "take the token off "))
"""Actions that share a verb: one group (the verb), its items the rest of the action's name."""


def menu_choice(state: SupergangState, action: int) -> tuple[str, str]:
    """(group, item) of a legal action, for a menu too long for MENU_ROWS lines (the terminal measures):
    a stop is grouped by its place (the item: the side it is entered from); actions sharing a verb
    (attack, vamp, buy, arrest, shoot, take the token off) by the verb; any other action is a group of
    its own."""
    if DEST0 <= action < COWARD:
        place, d = dest_parts(action)
        return state.geo.places[place], f"from the {DIRECTIONS[(d + 2) % 4]}"
    text = action_text(state, action)
    for low, high, verb in GROUPS:
        if low <= action < high and text.startswith(verb):
            return verb.strip(), text[len(verb):]
    return text, text
