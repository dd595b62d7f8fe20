"""Control and revenue (rulebook "Control", "Revenue Step"; docs/rules/protection_racket.md C7, C13):
who is on a site, who controls it, what a counter counts there and what the site pays. Queries only:
nothing here changes the state."""

from __future__ import annotations

from .fields import ProtectionRacketFields
from .mobsters import NEUTRAL, PINK
from .sites import M_ACCOUNTANT, M_CLEANER, M_HITMAN, Effect


def muscle_weight(s: ProtectionRacketFields) -> int:
    """What the Hired Muscle counts for in control: 2 for the Hitman and the Cleaner."""
    return 2 if s.muscle in (M_HITMAN, M_CLEANER) else 1


def muscle_at(s: ProtectionRacketFields, site: int) -> bool:
    """True when the Hired Muscle stands or lies on `site`."""
    return s.muscle >= 0 and s.m_where == site


def units(s: ProtectionRacketFields, site: int, gang: int) -> int:
    """A seat's mobsters on a site, standing or lying, its Hired Muscle included."""
    return (s.stand[site][gang] + s.lie[site][gang]
            + (1 if s.m_owner == gang and s.m_where == site and s.muscle >= 0 else 0))


def standing_units(s: ProtectionRacketFields, site: int, gang: int) -> int:
    """A seat's standing mobsters on a site, its Hired Muscle included (as one)."""
    return s.stand[site][gang] + (1 if s.m_owner == gang and s.m_where == site
                                  and s.muscle >= 0 and not s.m_lying else 0)


def lying_units(s: ProtectionRacketFields, site: int) -> int:
    """Lying mobsters on a site, any seat's, the Hired Muscle included."""
    return sum(s.lie[site]) + (1 if muscle_at(s, site) and s.m_lying else 0)


def parties(s: ProtectionRacketFields, site: int) -> list[int]:
    """The seats with mobsters on a site, and PINK for the unrecruited Hired Muscle."""
    standing, lying = s.stand[site], s.lie[site]
    found = [g for g in range(s._players) if standing[g] or lying[g]]
    if s.muscle >= 0 and s.m_where == site:
        owner = s.m_owner
        if owner == NEUTRAL:
            found.append(PINK)
        elif owner not in found:
            found.append(owner)
            found.sort()
    return found


def strength(s: ProtectionRacketFields, site: int, gang: int) -> int:
    """What a party counts for in control: standing mobsters, the Hitman and Cleaner as two."""
    if gang == PINK:
        return 1 if s.m_owner == NEUTRAL and muscle_at(s, site) and not s.m_lying else 0
    count = s.stand[site][gang]
    if s.m_owner == gang and s.m_where == site and s.muscle >= 0 and not s.m_lying:
        count += muscle_weight(s)
    return count


def controller(s: ProtectionRacketFields, site: int) -> int:
    """The party with more (standing) mobsters on the site than any other: a seat, PINK, or -1."""
    counts = s.stand[site]
    if s.muscle >= 0 and s.m_where == site and not s.m_lying:
        counts = [*counts, 0]  # the last slot is the unrecruited Hired Muscle's
        if s.m_owner == NEUTRAL:
            counts[-1] = 1  # its special rules only count once it has joined a gang
        else:
            counts[s.m_owner] += muscle_weight(s)
    best = max(counts)
    if not best or counts.count(best) > 1:
        return -1
    who = counts.index(best)
    return PINK if who == s._players else who


def counter(s: ProtectionRacketFields, per: str, site: int, gang: int) -> int:
    """The value of a `per` counter (sites.COUNTERS) for a seat at a site."""
    if per == "deployed":
        return s.deployed
    if per == "own_here":
        return standing_units(s, site, gang)
    if per == "rival_gangs_here":
        return sum(1 for g in range(s._players) if g != gang and units(s, site, g))
    if per == "lying_here":
        return lying_units(s, site)
    if per == "adjacent_controlled":
        return sum(1 for t in s.adj[site] if controller(s, t) == gang)
    if per == "adjacent_empty":
        return sum(1 for t in s.adj[site] if not parties(s, t))
    if per == "adjacent_sites":
        return len(s.adj[site])
    if per == "sites_controlled":
        return sum(1 for t in range(len(s.city)) if controller(s, t) == gang)
    if per == "edge":
        return int(s.edge[site])
    if per == "corner":
        return int(s.corner[site])
    if per == "alone":
        return int(all(p == gang for p in parties(s, site)))
    raise AssertionError(per)


def scope(s: ProtectionRacketFields, site: int, where: str) -> tuple[int, ...] | range:
    """The sites an effect of `site` reaches (sites.SCOPES): the site, its neighbours, or every site."""
    if where == "here":
        return (site,)
    if where == "adjacent":
        return s.adj[site]
    return range(len(s.city))


def effect_at(s: ProtectionRacketFields, site: int) -> Effect:
    """The effect of the face showing at a site (which has one)."""
    effect = s.faces[s.city[site]].effect
    assert effect is not None
    return effect


def site_revenue(s: ProtectionRacketFields, site: int) -> tuple[int, int]:
    """(controlling seat or -1, dollars it gets from the site in the revenue step)."""
    who = controller(s, site)
    if who < 0 or who == PINK:
        return -1, 0
    face = s.faces[s.city[site]]
    amount = face.revenue + s.aura_at[site]
    effect = face.effect
    if effect is not None and effect.kind == "bonus":
        amount += effect.amount * counter(s, effect.per, site, who)
    amount = max(0, amount)
    if (s.muscle == M_ACCOUNTANT and s.m_owner == who and s.m_where == site
            and not s.m_lying and not s.stand[site][who] and not s.lie[site][who]):
        amount *= 2  # "if the Accountant controls any site alone ... revenue ... is doubled" (C13)
    return who, amount
