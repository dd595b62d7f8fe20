"""Deploying mobsters (rulebook "1. Deploy Mobsters" and the Hired Muscle's rules;
docs/rules/protection_racket.md C15, C17): which deploys a seat may make, whether it has a turn at all,
and the deploy itself."""

from __future__ import annotations

from typing import Final

from gangland.engine.seats import SEAT_REFS

from .actions import DEPLOY0, MAX_REGULARS, site_name
from .agenda import T_ACTION, T_END_TURN, T_WAR_OFFER
from .control import units
from .fields import ProtectionRacketFields
from .mobsters import HIDEOUT, NEUTRAL
from .sites import M_CLEANER, M_LONER, MUSCLE_NAMES

SITE_STRIDE: Final = (MAX_REGULARS + 1) * 2
"""Deploy ids per site (actions.deploy_action)."""

_DEPLOY_OPTIONS: Final[dict[tuple[int, ...], tuple[int, ...]]] = {}
"""Deploy options by (mobsters in the hideout, has the Hired Muscle, open sites, -1, deploy limits)."""


def legal_deploy(s: ProtectionRacketFields) -> list[int]:
    """The legal actions of the deploy phase: the seat to act's deploys."""
    return deploy_options(s, s.actor)


def deploy_options(s: ProtectionRacketFields, seat: int) -> list[int]:
    """The legal deploy actions of a seat (rulebook "1. Deploy Mobsters", the Hired Muscle rules)."""
    regulars = s.hideout[seat]
    has_muscle = s.m_owner == seat and s.m_where == HIDEOUT and s.muscle >= 0
    if not regulars and not has_muscle:
        return []
    cleaner = has_muscle and s.muscle == M_CLEANER
    open_sites = open_sites_now(s)
    key = None
    if not cleaner:
        # The same few hands and cities come up again and again: remember their options.
        key = (regulars, has_muscle, *open_sites, -1, *s.max_deploy)
        cached = _DEPLOY_OPTIONS.get(key)
        if cached is not None:
            return list(cached)
    acts: list[int] = []
    max_deploy = s.max_deploy
    # Ids of one site are consecutive: base + 2n + m for n regulars and m (0/1) Hired Muscle.
    for site in open_sites:
        base = DEPLOY0 + site * SITE_STRIDE
        cap = max_deploy[site]
        most = regulars if not cap or cap > regulars else cap
        if not has_muscle:
            acts.extend(range(base + 2, base + 2 * most + 1, 2))
        elif cleaner:
            # "You may not deploy the Cleaner with any other Mobsters in your gang"
            if not units(s, site, seat):
                acts.append(base + 1)
            acts.extend(range(base + 2, base + 2 * most + 1, 2))
        else:
            # with the muscle at most cap - 1 regulars: all ids up to base + 2 * most (+ 1)
            acts.extend(range(base + 1, base + 2 * most + (2 if not cap or regulars < cap else 1)))
    if key is not None:
        if len(_DEPLOY_OPTIONS) > 50_000:
            _DEPLOY_OPTIONS.clear()
        _DEPLOY_OPTIONS[key] = tuple(acts)
    return acts


def open_sites_now(s: ProtectionRacketFields) -> list[int]:
    """The sites anyone may deploy onto now: not closed, not the Loner's or the Cleaner's."""
    sites = s.open_sites
    if (s.muscle in (M_LONER, M_CLEANER) and s.m_owner != NEUTRAL and not s.m_lying
            and s.m_where in sites):
        return [t for t in sites if t != s.m_where]
    return sites


def can_deploy(s: ProtectionRacketFields, seat: int) -> bool:
    """Whether a seat has a turn ("If a player is unable to deploy a Mobster their turn is skipped")."""
    if s.hideout[seat]:
        return bool(open_sites_now(s))
    return bool(deploy_options(s, seat))


def place_mobsters(s: ProtectionRacketFields, site: int, regulars: int, muscle: int) -> None:
    """The seat to act deploys `regulars` mobsters and `muscle` (0/1) Hired Muscle onto `site`; what
    follows (a war offered, the action, the end of the turn) goes on the agenda."""
    seat = s.actor
    lying = s.lie_down_at[site]
    s.hideout[seat] -= regulars
    (s.lie if lying else s.stand)[site][seat] += regulars
    if muscle:
        s.m_where, s.m_lying = site, lying
    # Lying mobsters "do not count as being deployed" (glossary): Growing the Gang does not pay them.
    s.deployed = 0 if lying else regulars + muscle
    what = f"{regulars} mobster{'s' if regulars != 1 else ''}" if regulars else ""
    if muscle:
        what = f"{what} and {MUSCLE_NAMES[s.muscle]}" if what else MUSCLE_NAMES[s.muscle]
    s.events.append(f"{SEAT_REFS[seat]} deploys {what} to {site_name(s, site)}"
                    + (" (they lie down)" if lying else ""))
    s.agenda += [(T_END_TURN, site), (T_ACTION, site), (T_WAR_OFFER, site)]
