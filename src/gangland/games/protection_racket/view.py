"""What a seat sees of a Protection Racket game, and the text of actions.

Everything on the table is public: the city, every mobster, the hideouts, the supply and the money
(the rulebook keeps nothing secret). Only the order of the draw piles is hidden, so a seat's view
and a spectator's are the same but for `seat`.
"""

from __future__ import annotations

from typing import Any

from gangland.engine.seats import seat_ref

from .actions import DEPLOY0, GANG0, MUSCLE_PICK, PASS, SITE0, YES, deploy_parts
from .common import ACTION, DEPLOY, HIDEOUT, HIRED_GUN, NEUTRAL, PHASE_NAMES, PICK, ROUNDS, STAND, WAR_OFFER
from .fields import StateFields
from .grid import site_label
from .sites import MUSCLE_NAMES


def build_view(s: StateFields, seat: int | None) -> dict[str, Any]:
    """JSON-ready data of the table (see the module docstring)."""
    city = []
    for site, face_id in enumerate(s.city):
        face = s.faces[face_id]
        effect = face.effect
        who, revenue = s.site_revenue(site)
        city.append({
            "site": site, "label": site_label(site, s.columns), "name": face.name,
            "colour": face.colour, "revenue": face.revenue, "text": face.text,
            "effect": effect.kind if effect is not None else None,
            "standing": list(s.stand[site]), "lying": list(s.lie[site]),
            "controller": s.controller(site), "revenue_now": revenue if who >= 0 else 0,
            "closed": s.closed[site], "used_this_round": face_id in s.returns_used,
            # what closed neighbours do to deploying here (C15, section 3.3 "closed")
            "lie_down": s.lie_down_at[site], "no_war": s.no_war[site], "max_deploy": s.max_deploy[site],
        })
    muscle: dict[str, Any] | None = None
    if s.muscle >= 0:
        muscle = {"name": MUSCLE_NAMES[s.muscle], "owner": None if s.m_owner == NEUTRAL else s.m_owner,
                  "site": None if s.m_where < 0 else s.m_where, "in_hideout": s.m_where == HIDEOUT,
                  "lying": s.m_lying, "home": s.m_home}
    over = s.is_over
    pending = {
        "war_site": s.war_site if s.phase in (WAR_OFFER, HIRED_GUN, STAND) else None,
        "effect_site": s.effect_site if s.phase in (ACTION, PICK) else None,
        "picks": list(s.picks),
        "question": question(s),
    }
    return {
        "game": "protection-racket", "seat": seat, "players": s.players,
        "round": s.round + 1, "rounds": max(ROUNDS, s.round + 1), "turn": s.turn,
        "phase": PHASE_NAMES[s.phase], "to_act": s.to_act, "turn_player": s.turn_player,
        "first": s.first, "columns": s.columns, "rows": s.rows, "city": city,
        "hideout": list(s.hideout), "supply": list(s.supply), "money": list(s.money),
        "muscle": muscle, "deployed": s.deployed, "pending": pending,
        "decks": [{"draw": len(s.draw[d]), "set_aside": len(s.used[d])} for d in range(3)],
        "events": list(s.events),
        "result": s.result().to_json() if over else None,
    }


def pick_wording(s: StateFields) -> tuple[str, str]:
    """What the present pick of the action being taken asks, and how an answer reads (a format with
    {x}: a site's name, or a gang as "⟨s1⟩'s"), e.g. ("the site to move mobsters from", "move from {x}")."""
    effect = s.effect_at(s.effect_site)
    kind, step, picks = effect.kind, len(s.picks), s.picks
    first = s._name(picks[0] - SITE0) if picks and picks[0] < GANG0 else ""
    if kind == "war":
        return "the site of the Mob War", "Mob War on {x}"
    if kind == "stand_up":
        whose = "your" if effect.whose == "own" else "every gang's"
        return f"the site where {whose} lying mobsters stand up", "stand up on {x}"
    if kind == "lying":
        return (f"the site whose lying mobsters go to the {effect.to}",
                "send the lying ones on {x} to the " + effect.to)
    if kind == "lay_down":
        if step == 0:
            what = ("a rival's standing mobster lies" if effect.count == 1 else
                    f"{effect.count} of a rival's standing mobsters lie")
            return f"the site where {what} down", "lay down on {x}"
        return f"whose mobsters on {first} lie down", "lay down {x} mobsters"
    if kind == "remove":
        if step == 0:
            return "the site to remove a mobster from", "remove from {x}"
        return f"whose mobster on {first} goes to the supply", "remove one of {x} mobsters"
    if kind == "move":
        if step == 0:
            return "the site to move mobsters from", "move from {x}"
        if step == 1 and effect.whose == "any":
            return f"whose mobsters to move from {first}", "move {x} mobsters"
        return f"the site to move them to from {first}", "move to {x}"
    if kind == "swap":
        if step in (0, 2):
            return (("the site of the first mobster to swap", "swap from {x}") if step == 0 else
                    ("the site of the mobster to swap it with", "swap with one on {x}"))
        where = s._name(picks[step - 1] - SITE0)
        return f"whose mobster on {where} to swap", ("swap one of {x} mobsters" if step == 1 else
                                                     "for one of {x} mobsters")
    if kind == "recall":
        return "the site to bring all your mobsters back from", "recall from {x}"
    if kind == "swap_sites":
        if effect.where == "adjacent" or step:
            other = first or s._name(s.effect_site)
            return f"the site that changes places with {other}", "change places with {x}"
        return "the first of two sites to change places", "move the card of {x}"
    if kind == "flip":
        return "the site to turn over", "turn over {x}"
    return "the site to put away and replace", "replace {x}"


def question(s: StateFields) -> str:
    """What the seat to act decides now, e.g. "for Mass Move (A1), choose the site to move mobsters
    from"; empty when the game is over."""
    phase = s.phase
    if phase == DEPLOY:
        return "deploy from the hideout onto one site"
    if phase == WAR_OFFER:
        return f"declare a Mob War on {s._name(s.war_site)}?"
    if phase == HIRED_GUN:
        return f"move {MUSCLE_NAMES[s.muscle]} into or out of the Mob War on {s._name(s.war_site)}?"
    if phase == STAND:
        return f"stand up the lying mobsters on {s._name(s.war_site)} after the war?"
    if phase == ACTION:
        return f"take the action of {s._name(s.effect_site)}?"
    if phase == PICK:
        return f"for {s._name(s.effect_site)}, choose {pick_wording(s)[0]}"
    return ""


def action_text(s: StateFields, action: int) -> str:
    """Readable text of an action in this state, saying what it chooses, e.g. "deploy 2 to Gambling
    Den (B1)", "move from Mass Move (A1)", "remove one of ⟨s1⟩'s mobsters"."""
    def site_name(site: int) -> str:
        if not 0 <= site < len(s.city):
            return f"site {site}"
        return s._name(site)

    phase = s.phase
    if DEPLOY0 <= action < SITE0:
        site, regulars, muscle = deploy_parts(action)
        parts = [str(regulars)] if regulars else []
        if muscle:
            parts.append(MUSCLE_NAMES[s.muscle] if s.muscle >= 0 else "the Hired Muscle")
        lying = ", lying down" if 0 <= site < len(s.city) and s.lie_down_at[site] else ""
        return f"deploy {' and '.join(parts)} to {site_name(site)}{lying}"
    picking = phase == PICK and s.effect_site >= 0
    if SITE0 <= action < GANG0:
        if phase == HIRED_GUN:
            return f"move the Hired Gun to {site_name(action - SITE0)}"
        template = pick_wording(s)[1] if picking else "site {x}"
        return template.format(x=site_name(action - SITE0))
    if action == MUSCLE_PICK:
        name = MUSCLE_NAMES[s.muscle] if s.muscle >= 0 else "the Hired Muscle"
        return f"remove {name}" if picking else name
    if action >= GANG0:
        gang = seat_ref(action - GANG0)
        return pick_wording(s)[1].format(x=f"{gang}'s") if picking else gang
    war = site_name(s.war_site) if phase in (WAR_OFFER, STAND, HIRED_GUN) else ""
    effect = site_name(s.effect_site) if phase == ACTION else ""
    if action == YES:
        return {WAR_OFFER: f"declare a Mob War on {war}", ACTION: f"take the action of {effect}",
                STAND: f"stand up on {war}", PICK: "yes"}.get(phase, "yes")
    assert action == PASS
    return {WAR_OFFER: f"no war on {war}", ACTION: f"skip the action of {effect}", STAND: "stay lying",
            HIRED_GUN: "the Hired Gun stays"}.get(phase, "pass")
