"""Protection Racket's fixed action space (docs/rules/protection_racket.md section "Actions"), and the one
text of an action.

    0        PASS      no war / do not take the action / stay / keep lying
    1        YES       declare the war / take the action / stand up
    2..145   DEPLOY    deploy n (0-5) of your mobsters and m (0-1) Hired Muscle onto site s:
                       DEPLOY0 + (s * 6 + n) * 2 + m, with n + m >= 1
    146..157 SITE0+s   pick site s (0-11, row by row) for an effect or the Hired Gun
    158..161 GANG0+g   pick gang g (0-3: a seat) for an effect
    162      MUSCLE_PICK  pick the Hired Muscle (an effect that removes "any Mobster")

`action_text(s, action)` words an action in a state ("deploy 2 to Gambling Den (B1)", "move from Mass
Move (A1)"); the small functions it is made of take the names of what an action is about, so that the
drawing (which has only the view) words the actions it puts on things the same way.
"""

from __future__ import annotations

from typing import Final

from gangland.engine.seats import seat_ref

from .fields import ProtectionRacketFields
from .grid import site_labels
from .mobsters import MOBSTERS
from .phases import ACTION, HIRED_GUN, PICK, STAND, WAR_OFFER
from .sites import MUSCLE_NAMES

PASS: Final = 0
YES: Final = 1
DEPLOY0: Final = 2
MAX_REGULARS: Final = MOBSTERS
"""Most mobsters one deploy places: a gang's five."""
SITES: Final = 12
SITE0: Final = DEPLOY0 + SITES * (MAX_REGULARS + 1) * 2
GANG0: Final = SITE0 + SITES
MAX_SEATS: Final = 4
MUSCLE_PICK: Final = GANG0 + MAX_SEATS
NUM_ACTIONS: Final = MUSCLE_PICK + 1


def deploy_action(site: int, regulars: int, muscle: int) -> int:
    """The id of deploying `regulars` mobsters and `muscle` (0 or 1) Hired Muscle onto `site`.

    >>> deploy_action(0, 1, 0), deploy_action(11, 5, 1)
    (4, 145)
    """
    return DEPLOY0 + (site * (MAX_REGULARS + 1) + regulars) * 2 + muscle


def deploy_parts(action: int) -> tuple[int, int, int]:
    """(site, regulars, muscle) of a deploy action id.

    >>> deploy_parts(deploy_action(7, 3, 1))
    (7, 3, 1)
    """
    rest, muscle = divmod(action - DEPLOY0, 2)
    site, regulars = divmod(rest, MAX_REGULARS + 1)
    return site, regulars, muscle


# -- the words of the actions, from the names of what they are about ---------------------------------

STAY_LYING: Final = "stay lying"
HIRED_GUN_STAYS: Final = "the Hired Gun stays"


def site_text(name: str, label: str) -> str:
    """A site as the actions and the events name it: "Fair Exchange (A1)"."""
    return f"{name} ({label})"


def deploy_text(regulars: int, muscle: str, site: str, lying: bool) -> str:
    """Deploying `regulars` mobsters and the Hired Muscle named `muscle` ("": none) onto `site`, where
    they lie down if `lying`: "deploy 2 and The Hitman to Gambling Den (B1)"."""
    parts = [str(regulars)] if regulars else []
    if muscle:
        parts.append(muscle)
    return f"deploy {' and '.join(parts)} to {site}{', lying down' if lying else ''}"


def declare_war_text(site: str) -> str:
    return f"declare a Mob War on {site}"


def no_war_text(site: str) -> str:
    return f"no war on {site}"


def take_action_text(site: str) -> str:
    return f"take the action of {site}"


def skip_action_text(site: str) -> str:
    return f"skip the action of {site}"


def stand_up_text(site: str) -> str:
    return f"stand up on {site}"


def hired_gun_text(site: str) -> str:
    return f"move the Hired Gun to {site}"


def remove_muscle_text(muscle: str) -> str:
    return f"remove {muscle}"


def gang_text(seat: int) -> str:
    """A gang as a pick's answer names it: "⟨s1⟩'s"."""
    return f"{seat_ref(seat)}'s"


def pick_answer(kind: str, step: int, whose: str, to: str, where: str) -> tuple[str, bool]:
    """How an answer to pick `step` (from 0) of an action of `kind` reads, a format with {x} (a site's
    name, or a gang's `gang_text`), and whether it picks a gang (else a site); `whose`, `to` and
    `where` are the card's parameters (sites.Effect). E.g. ("move from {x}", False)."""
    if kind == "war":
        return "Mob War on {x}", False
    if kind == "stand_up":
        return "stand up on {x}", False
    if kind == "lying":
        return "send the lying ones on {x} to the " + to, False
    if kind == "lay_down":
        return ("lay down on {x}", False) if step == 0 else ("lay down {x} mobsters", True)
    if kind == "remove":
        return ("remove from {x}", False) if step == 0 else ("remove one of {x} mobsters", True)
    if kind == "move":
        if step == 0:
            return "move from {x}", False
        if step == 1 and whose == "any":
            return "move {x} mobsters", True
        return "move to {x}", False
    if kind == "swap":
        return (("swap from {x}", "swap one of {x} mobsters", "swap with one on {x}",
                 "for one of {x} mobsters")[step], step % 2 == 1)
    if kind == "recall":
        return "recall from {x}", False
    if kind == "swap_sites":
        if where == "adjacent" or step:
            return "change places with {x}", False
        return "move the card of {x}", False
    if kind == "flip":
        return "turn over {x}", False
    return "replace {x}", False


# -- the text of an action in a state ----------------------------------------------------------------

def site_name(s: ProtectionRacketFields, site: int) -> str:
    """A site of the city by its face's name and grid reference (`site_text`)."""
    return site_text(s.faces[s.city[site]].name, site_labels(s.columns)[site])


def muscle_name(s: ProtectionRacketFields) -> str:
    """The Hired Muscle of this city by name ("The Hitman"), or "the Hired Muscle" when it has none."""
    return MUSCLE_NAMES[s.muscle] if s.muscle >= 0 else "the Hired Muscle"


def _any_site(s: ProtectionRacketFields, site: int) -> str:
    """`site_name`, or "site 14" for a number that is no site of the city (an error names it)."""
    return site_name(s, site) if 0 <= site < len(s.city) else f"site {site}"


def picked_answer(s: ProtectionRacketFields) -> str:
    """The format of an answer to the present pick of the action being taken (`pick_answer`)."""
    effect = s.faces[s.city[s.effect_site]].effect
    assert effect is not None
    return pick_answer(effect.kind, len(s.picks), effect.whose, effect.to, effect.where)[0]


def action_text(s: ProtectionRacketFields, action: int) -> str:
    """Readable text of an action in this state, saying what it chooses, e.g. "deploy 2 to Gambling
    Den (B1)", "move from Mass Move (A1)", "remove one of ⟨s1⟩'s mobsters"."""
    phase = s.phase
    if DEPLOY0 <= action < SITE0:
        site, regulars, muscle = deploy_parts(action)
        lying = 0 <= site < len(s.city) and s.lie_down_at[site]
        return deploy_text(regulars, muscle_name(s) if muscle else "", _any_site(s, site), lying)
    picking = phase == PICK and s.effect_site >= 0
    if SITE0 <= action < GANG0:
        if phase == HIRED_GUN:
            return hired_gun_text(_any_site(s, action - SITE0))
        template = picked_answer(s) if picking else "site {x}"
        return template.format(x=_any_site(s, action - SITE0))
    if action == MUSCLE_PICK:
        return remove_muscle_text(muscle_name(s)) if picking else muscle_name(s)
    if action >= GANG0:
        return picked_answer(s).format(x=gang_text(action - GANG0)) if picking else seat_ref(action - GANG0)
    war = _any_site(s, s.war_site) if phase in (WAR_OFFER, STAND, HIRED_GUN) else ""
    effect = _any_site(s, s.effect_site) if phase == ACTION else ""
    if action == YES:
        if phase == WAR_OFFER:
            return declare_war_text(war)
        if phase == ACTION:
            return take_action_text(effect)
        return stand_up_text(war) if phase == STAND else "yes"
    assert action == PASS
    if phase == WAR_OFFER:
        return no_war_text(war)
    if phase == ACTION:
        return skip_action_text(effect)
    if phase == STAND:
        return STAY_LYING
    return HIRED_GUN_STAYS if phase == HIRED_GUN else "pass"
