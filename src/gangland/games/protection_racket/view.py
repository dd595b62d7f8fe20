"""What a seat sees of a Protection Racket game.

Everything on the table is public: the city, every mobster, the hideouts, the supply and the money
(the rulebook keeps nothing secret). Only the order of the draw piles is hidden, so a seat's view
and a spectator's are the same but for `seat`.
"""

from __future__ import annotations

from typing import TypedDict

from gangland.engine import JSON

from .actions import GANG0, SITE0, site_name
from .control import controller, effect_at, site_revenue
from .fields import ProtectionRacketFields
from .grid import site_label
from .mobsters import HIDEOUT, NEUTRAL
from .phases import ACTION, DEPLOY, HIRED_GUN, OVER, PHASE_NAMES, PICK, STAND, WAR_OFFER
from .rounds import ROUNDS, result
from .sites import MUSCLE_NAMES


class SiteView(TypedDict):
    """One site of the city: its face, who is on it and what it does now."""

    site: int
    label: str
    """Its grid reference ("B2")."""
    name: str
    colour: str
    revenue: int
    """The face's printed revenue."""
    text: str
    effect: str | None
    """The effect's kind (sites.EFFECT_KINDS), None for a face without one."""
    standing: list[int]
    """Standing mobsters by seat (the Hired Muscle apart)."""
    lying: list[int]
    controller: int
    """The seat controlling it, PINK (the free Hired Muscle), or -1."""
    revenue_now: int
    """What it would pay its controller in a revenue step now."""
    closed: bool
    used_this_round: bool
    """Its once-a-round return action was taken (C30)."""
    lie_down: bool
    no_war: bool
    max_deploy: int
    """Most mobsters deployable here in one turn; 0: no limit (C15, section 3.3 "closed")."""


class MuscleView(TypedDict):
    """The Hired Muscle of this city."""

    name: str
    owner: int | None
    """Its gang's seat, None before anyone recruits it."""
    site: int | None
    """The site it is on, None when it is on none."""
    in_hideout: bool
    lying: bool
    home: int
    """The site of its card."""


class PendingView(TypedDict):
    """The decision at hand."""

    war_site: int | None
    """The site of the Mob War offered, the Hired Gun's or the stand-up's."""
    effect_site: int | None
    """The site whose action is offered or being taken."""
    picks: list[int]
    """The picks (action ids) made so far of the action being taken."""
    question: str
    """What the seat to act decides, in words ("" when the game is over)."""


class DeckView(TypedDict):
    draw: int
    """Cards left in the draw pile."""
    set_aside: int


class ProtectionRacketView(TypedDict):
    """What a seat (None: a spectator) sees of the table."""

    game: str
    seat: int | None
    players: int
    round: int
    """From 1."""
    rounds: int
    """Rounds in the game so far as it stands: 3, or the round being played in a tie-break."""
    turn: int
    phase: str
    """PHASE_NAMES of the phase."""
    to_act: int | None
    turn_player: int
    first: int
    """Who started this round."""
    columns: int
    rows: int
    city: list[SiteView]
    """The sites, row by row."""
    hideout: list[int]
    supply: list[int]
    money: list[int]
    muscle: MuscleView | None
    """None when the city has no Hired Muscle."""
    deployed: int
    pending: PendingView
    decks: list[DeckView]
    events: list[str]
    """What the last step led to."""
    result: dict[str, JSON] | None
    """The result (Result.to_json) once the game is over."""


def build_view(s: ProtectionRacketFields, seat: int | None) -> ProtectionRacketView:
    """The table as `seat` sees it (see the module docstring)."""
    city: list[SiteView] = []
    for site, face_id in enumerate(s.city):
        face = s.faces[face_id]
        effect = face.effect
        who, revenue = site_revenue(s, site)
        city.append({
            "site": site, "label": site_label(site, s.columns), "name": face.name,
            "colour": face.colour, "revenue": face.revenue, "text": face.text,
            "effect": effect.kind if effect is not None else None,
            "standing": list(s.stand[site]), "lying": list(s.lie[site]),
            "controller": controller(s, site), "revenue_now": revenue if who >= 0 else 0,
            "closed": s.closed[site], "used_this_round": face_id in s.returns_used,
            "lie_down": s.lie_down_at[site], "no_war": s.no_war[site], "max_deploy": s.max_deploy[site],
        })
    muscle: MuscleView | None = None
    if s.muscle >= 0:
        muscle = {"name": MUSCLE_NAMES[s.muscle], "owner": None if s.m_owner == NEUTRAL else s.m_owner,
                  "site": None if s.m_where < 0 else s.m_where, "in_hideout": s.m_where == HIDEOUT,
                  "lying": s.m_lying, "home": s.m_home}
    over = s.phase == OVER
    pending: PendingView = {
        "war_site": s.war_site if s.phase in (WAR_OFFER, HIRED_GUN, STAND) else None,
        "effect_site": s.effect_site if s.phase in (ACTION, PICK) else None,
        "picks": list(s.picks),
        "question": question(s),
    }
    return {
        "game": "protection-racket", "seat": seat, "players": s.players,
        "round": s.round + 1, "rounds": max(ROUNDS, s.round + 1), "turn": s.turn,
        "phase": PHASE_NAMES[s.phase], "to_act": None if over else s.actor, "turn_player": s.turn_player,
        "first": s.first, "columns": s.columns, "rows": s.rows, "city": city,
        "hideout": list(s.hideout), "supply": list(s.supply), "money": list(s.money),
        "muscle": muscle, "deployed": s.deployed, "pending": pending,
        "decks": [{"draw": len(s.draw[d]), "set_aside": len(s.used[d])} for d in range(3)],
        "events": list(s.events),
        "result": result(s).to_json() if over else None,
    }


def pick_question(s: ProtectionRacketFields) -> str:
    """What the present pick of the action being taken asks, e.g. "the site to move mobsters from"."""
    effect = effect_at(s, s.effect_site)
    kind, step, picks = effect.kind, len(s.picks), s.picks
    first = site_name(s, picks[0] - SITE0) if picks and picks[0] < GANG0 else ""
    if kind == "war":
        return "the site of the Mob War"
    if kind == "stand_up":
        whose = "your" if effect.whose == "own" else "every gang's"
        return f"the site where {whose} lying mobsters stand up"
    if kind == "lying":
        return f"the site whose lying mobsters go to the {effect.to}"
    if kind == "lay_down":
        if step == 0:
            what = ("a rival's standing mobster lies" if effect.count == 1 else
                    f"{effect.count} of a rival's standing mobsters lie")
            return f"the site where {what} down"
        return f"whose mobsters on {first} lie down"
    if kind == "remove":
        if step == 0:
            return "the site to remove a mobster from"
        return f"whose mobster on {first} goes to the supply"
    if kind == "move":
        if step == 0:
            return "the site to move mobsters from"
        if step == 1 and effect.whose == "any":
            return f"whose mobsters to move from {first}"
        return f"the site to move them to from {first}"
    if kind == "swap":
        if step in (0, 2):
            if step == 0:
                return "the site of the first mobster to swap"
            return "the site of the mobster to swap it with"
        return f"whose mobster on {site_name(s, picks[step - 1] - SITE0)} to swap"
    if kind == "recall":
        return "the site to bring all your mobsters back from"
    if kind == "swap_sites":
        if effect.where == "adjacent" or step:
            return f"the site that changes places with {first or site_name(s, s.effect_site)}"
        return "the first of two sites to change places"
    if kind == "flip":
        return "the site to turn over"
    return "the site to put away and replace"


def question(s: ProtectionRacketFields) -> str:
    """What the seat to act decides now, e.g. "for Mass Move (A1), choose the site to move mobsters
    from"; empty when the game is over."""
    phase = s.phase
    if phase == DEPLOY:
        return "deploy from the hideout onto one site"
    if phase == WAR_OFFER:
        return f"declare a Mob War on {site_name(s, s.war_site)}?"
    if phase == HIRED_GUN:
        return f"move {MUSCLE_NAMES[s.muscle]} into or out of the Mob War on {site_name(s, s.war_site)}?"
    if phase == STAND:
        return f"stand up the lying mobsters on {site_name(s, s.war_site)} after the war?"
    if phase == ACTION:
        return f"take the action of {site_name(s, s.effect_site)}?"
    if phase == PICK:
        return f"for {site_name(s, s.effect_site)}, choose {pick_question(s)}"
    return ""
