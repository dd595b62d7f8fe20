"""What a seat sees of a Protection Racket game, and the text of actions.

Everything on the table is public: the city, every mobster, the hideouts, the supply and the money
(the rulebook keeps nothing secret). Only the order of the draw piles is hidden, so a seat's view
and a spectator's are the same but for `seat`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import DEPLOY0, GANG0, MUSCLE_PICK, PASS, SITE0, YES, deploy_parts
from .sites import MUSCLE_NAMES

if TYPE_CHECKING:
    from .state import ProtectionRacketState


def build_view(s: ProtectionRacketState, seat: int | None) -> dict[str, Any]:
    """JSON-ready data of the table (see the module docstring)."""
    from .state import (
        ACTION,
        HIDEOUT,
        HIRED_GUN,
        NEUTRAL,
        PHASE_NAMES,
        PICK,
        ROUNDS,
        STAND,
        WAR_OFFER,
        site_label,
    )

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


def action_text(s: ProtectionRacketState, action: int) -> str:
    """Readable text of an action in this state, e.g. "deploy 2 to Gambling Den (B1)"."""
    from .state import ACTION, HIRED_GUN, PICK, STAND, WAR_OFFER

    def site_name(site: int) -> str:
        if not 0 <= site < len(s.city):
            return f"site {site}"
        return s._name(site)

    if DEPLOY0 <= action < SITE0:
        site, regulars, muscle = deploy_parts(action)
        parts = [str(regulars)] if regulars else []
        if muscle:
            parts.append(MUSCLE_NAMES[s.muscle] if s.muscle >= 0 else "the Hired Muscle")
        return f"deploy {' and '.join(parts)} to {site_name(site)}"
    if SITE0 <= action < GANG0:
        verb = "move the Hired Gun to" if s.phase == HIRED_GUN else "site"
        return f"{verb} {site_name(action - SITE0)}"
    if action == MUSCLE_PICK:
        return "the Hired Muscle"
    if action >= GANG0:
        return f"seat {action - GANG0}"
    phase = s.phase
    if action == YES:
        return {WAR_OFFER: "declare a Mob War", ACTION: "take the action", STAND: "stand up",
                PICK: "yes"}.get(phase, "yes")
    assert action == PASS
    return {WAR_OFFER: "no war", ACTION: "skip the action", STAND: "stay lying",
            HIRED_GUN: "the Hired Gun stays"}.get(phase, "pass")
