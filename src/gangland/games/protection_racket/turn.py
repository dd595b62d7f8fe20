"""A turn's decisions (rulebook "Play": deploy, then a Mob War, then the site's action): each decision's
step, then the agenda (agenda.py) of what follows it run until the next decision is needed."""

from __future__ import annotations

from .actions import PASS, SITE0, YES, deploy_parts
from .agenda import T_ACTION, T_FIGHT, T_PINK, T_WAR, T_WAR_OFFER
from .control import controller, parties
from .decisions import ask
from .deployment import place_mobsters
from .effects import begin_effect, effect_available, effect_complete, resolve_effect
from .fields import ProtectionRacketFields
from .phases import ACTION, PICK, STAND, WAR_OFFER
from .rounds import end_turn
from .war import declare_war, fight, hired_gun_asks, move_hired_gun, muscle_returns, stand_up


def deploy(s: ProtectionRacketFields, action: int, legal: list[int]) -> None:
    """The deploy phase's step: the mobsters placed, then what follows."""
    place_mobsters(s, *deploy_parts(action))
    run(s)


def war_offer(s: ProtectionRacketFields, action: int, legal: list[int]) -> None:
    """A Mob War offered: declared (YES) or not."""
    if action == YES:
        declare_war(s)
    run(s)


def hired_gun(s: ProtectionRacketFields, action: int, legal: list[int]) -> None:
    """The Hired Gun moved to a site, or staying (PASS); then the war is fought."""
    if action != PASS:
        move_hired_gun(s, action - SITE0)
    s.agenda.append((T_FIGHT, s.war_site))
    run(s)


def stand(s: ProtectionRacketFields, action: int, legal: list[int]) -> None:
    """The gang left after a war stands its lying mobsters up (YES), or not."""
    if action == YES:
        stand_up(s, s.war_site, s.actor)
    run(s)


def take_action(s: ProtectionRacketFields, action: int, legal: list[int]) -> None:
    """The site's action taken (YES: its picks are asked, if it has any) or skipped."""
    if action == YES:
        begin_effect(s, s.effect_site)
        if s.phase == PICK:
            return
    run(s)


def pick(s: ProtectionRacketFields, action: int, legal: list[int]) -> None:
    """A pick of the action being taken; the last one carries the action out."""
    s.picks.append(action)
    if not effect_complete(s):
        return  # the next pick is asked (its legal actions are worked out anew: _legal is None)
    resolve_effect(s)
    run(s)


def run(s: ProtectionRacketFields) -> None:
    """Carry out agenda tasks until one needs a decision (or the game ends)."""
    agenda = s.agenda
    while agenda:
        task, site = agenda.pop()
        if task == T_WAR_OFFER:
            if len(parties(s, site)) >= 2 and not s.no_war[site]:
                ask(s, WAR_OFFER, s.turn_player)
                s.war_site = site
                return
        elif task == T_WAR:
            if hired_gun_asks(s, site):
                return
            agenda.append((T_FIGHT, site))
        elif task == T_FIGHT:
            winner, pink_removed = fight(s, site)
            if pink_removed:
                # after the stand-up: control "after a Mob War" decides where the pink goes
                agenda.append((T_PINK, site))
            if winner >= 0 and (s.lie[site][winner] or (s.m_owner == winner and s.m_where == site
                                                        and s.m_lying)):
                s.war_site = site
                ask(s, STAND, winner)
                return
        elif task == T_PINK:
            muscle_returns(s, site)
        elif task == T_ACTION:
            effect = s.faces[s.city[site]].effect
            if (effect is not None and not effect.passive and controller(s, site) == s.turn_player
                    and effect_available(s, effect, site)):
                s.effect_site = site
                ask(s, ACTION, s.turn_player)
                return
        else:  # T_END_TURN
            end_turn(s)
            return
