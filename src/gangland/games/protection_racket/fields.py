"""The fields of a Protection Racket game and what the rules and the view read or do with them: who is
on a site, who controls it and what it pays, the decks and what closed sites do to their neighbours.

`StateFields` is the base of `ProtectionRacketState` (state.py: set-up, turns, the State contract).
The Mob War (war.py), the site actions (effects.py) and the view (view.py) are written as functions of
a `StateFields`, so that the package's imports go one way: actions, common, grid, sites <- fields <-
war <- effects <- state, and fields <- view <- state, screen.
"""

from __future__ import annotations

from typing import Any

from gangland.engine import CachedLegalState
from gangland.engine.rng import splitmix64

from .common import M_ACCOUNTANT, M_CLEANER, M_HITMAN, NEUTRAL, PINK
from .grid import site_labels
from .sites import Effect, Face, SiteSet


class StateFields(CachedLegalState):
    """The fields of a game of Protection Racket in progress, and the queries and bookkeeping that the
    rules (state.py, war.py, effects.py) and the view share."""

    __slots__ = (
        "_players", "_rng", "actor", "adj", "agenda", "aura_at", "city", "closed", "columns",
        "corner", "deployed", "draw", "earned", "edge", "effect_site", "events", "faces", "first",
        "first_seat", "hideout", "last_sites", "lie", "lie_down_at", "m_home", "m_lying", "m_owner",
        "m_where", "max_deploy", "money", "muscle", "no_war", "open_sites", "options", "phase",
        "picks", "put_away", "recommended", "returns_used", "round", "rows", "sites", "stand",
        "supply", "turn", "turn_player", "used", "war_site",
    )

    _players: int
    _rng: int
    actor: int
    adj: tuple[tuple[int, ...], ...]
    agenda: list[tuple[int, int]]
    aura_at: list[int]
    """Revenue each site gets from its neighbours' auras (closed sites' included)."""
    city: list[int]
    """Face id showing at each site, row by row."""
    closed: list[bool]
    columns: int
    corner: tuple[bool, ...]
    deployed: int
    """Mobsters the player to act deployed this turn."""
    draw: list[list[int]]
    """Card ids of each deck's draw pile (top = last); hidden order."""
    earned: list[dict[str, int]]
    edge: tuple[bool, ...]
    effect_site: int
    events: list[str]
    first: int
    """Who starts this round ("the first player rotates clockwise")."""
    first_seat: int
    hideout: list[int]
    last_sites: list[int]
    """Cards of last round's city and those `replace` put away in it: set aside, but shuffled into a
    draw pile only when nothing else is left (C31). Replaced, never changed in place (shared by clones)."""
    lie: list[list[int]]
    """Lying mobsters per site per seat (the Hired Muscle apart)."""
    lie_down_at: list[bool]
    m_home: int
    """Site of the Hired Muscle card, or NOWHERE when the city has none."""
    m_lying: bool
    m_owner: int
    m_where: int
    max_deploy: list[int]
    """Most mobsters deployable onto each site in one turn; 0 = no limit."""
    money: list[int]
    muscle: int
    """Index in MUSCLES of the Hired Muscle in this city, or -1."""
    no_war: list[bool]
    open_sites: list[int]
    """Sites that are not closed (shared between clones: replaced, never changed in place)."""
    options: dict[str, Any]
    phase: int
    picks: list[int]
    put_away: list[int]
    """Cards `replace` set aside this round (C31); replaced, never changed in place."""
    recommended: bool
    round: int
    returns_used: list[int]
    """Faces whose action brought mobsters back to a hideout this round (C30)."""
    rows: int
    sites: SiteSet
    faces: tuple[Face, ...]
    """Every face of the site set, by face id (`sites.faces`)."""
    stand: list[list[int]]
    """Standing mobsters per site per seat (the Hired Muscle apart)."""
    supply: list[int]
    turn: int
    turn_player: int
    used: list[list[int]]
    """Card ids set aside after a round, per deck (public)."""
    war_site: int

    # -- the decks ---------------------------------------------------------------------------------

    def _random(self, bound: int) -> int:
        self._rng, r = splitmix64(self._rng)
        return r % bound

    def _shuffled(self, items: list[int]) -> list[int]:
        """Fisher-Yates, taking several indexes from each 64-bit draw (the bias is below 2^-40)."""
        pool, room = 0, 1
        for i in range(len(items) - 1, 0, -1):
            if room < 1 << 24:
                self._rng, pool = splitmix64(self._rng)
                room = 1 << 64
            pool, j = divmod(pool, i + 1)
            room //= i + 1
            items[i], items[j] = items[j], items[i]
        return items

    def _draw_card(self, deck: int) -> int:
        """The top card of a deck. When it runs out, its set-aside cards are shuffled in (C4), but not
        last round's sites nor those put away this round ("The protection sites in the city should be
        different each round", C31) unless the deck has no other card left."""
        pile = self.draw[deck]
        if not pile:
            used = self.used[deck]
            recent = {*self.last_sites, *self.put_away}
            back = [c for c in used if c not in recent]
            if back:
                self.used[deck] = [c for c in used if c in recent]
                but = ", not this or last round's sites" if self.used[deck] else ""
                self.events.append(f"deck {deck + 1} runs out: its set-aside cards are shuffled{but}")
            else:
                back, self.used[deck] = used, []
                self.events.append(f"deck {deck + 1} runs out: with no other card left, this and last "
                                   "round's sites are shuffled back in")
            pile.extend(self._shuffled(back))
        return pile.pop()

    def _face(self, card: int) -> int:
        """A card dealt "flipped at random": one of its two faces."""
        return 2 * card + self._random(2)

    # -- the city ----------------------------------------------------------------------------------

    def _city_rules(self) -> None:
        """Recompute what closed sites and auras do to their neighbours (after any change of faces)."""
        size = len(self.city)
        self.closed = [False] * size
        self.no_war = [False] * size
        self.lie_down_at = [False] * size
        self.max_deploy = [0] * size
        self.aura_at = [0] * size
        self.open_sites = [t for t, face in enumerate(self.city)
                           if (effect := self.faces[face].effect) is None or effect.kind != "closed"]
        for site, face in enumerate(self.city):
            effect = self.faces[face].effect
            if effect is None:
                continue
            if effect.kind == "aura":
                for t in self.adj[site]:
                    self.aura_at[t] += effect.amount
            elif effect.kind == "closed":
                self.closed[site] = True
                rule = effect.adjacent
                for t in self.adj[site]:
                    if rule == "aura":
                        self.aura_at[t] += effect.amount
                    elif rule == "no_war":
                        self.no_war[t] = True
                    elif rule == "lie_down":
                        self.lie_down_at[t] = True
                    elif rule == "max_deploy":
                        cap = self.max_deploy[t]
                        self.max_deploy[t] = effect.amount if not cap else min(cap, effect.amount)

    # -- what is where -----------------------------------------------------------------------------

    def muscle_weight(self) -> int:
        """What the Hired Muscle counts for in control: 2 for the Hitman and the Cleaner."""
        return 2 if self.muscle in (M_HITMAN, M_CLEANER) else 1

    def muscle_at(self, site: int) -> bool:
        """True when the Hired Muscle stands or lies on `site`."""
        return self.muscle >= 0 and self.m_where == site

    def units(self, site: int, gang: int) -> int:
        """A seat's mobsters on a site, standing or lying, its Hired Muscle included."""
        return (self.stand[site][gang] + self.lie[site][gang]
                + (1 if self.m_owner == gang and self.m_where == site and self.muscle >= 0 else 0))

    def standing_units(self, site: int, gang: int) -> int:
        """A seat's standing mobsters on a site, its Hired Muscle included (as one)."""
        return self.stand[site][gang] + (1 if self.m_owner == gang and self.m_where == site
                                         and self.muscle >= 0 and not self.m_lying else 0)

    def lying_units(self, site: int) -> int:
        """Lying mobsters on a site, any seat's, the Hired Muscle included."""
        return sum(self.lie[site]) + (1 if self.muscle_at(site) and self.m_lying else 0)

    def parties(self, site: int) -> list[int]:
        """The seats with mobsters on a site, and PINK for the unrecruited Hired Muscle."""
        standing, lying = self.stand[site], self.lie[site]
        found = [g for g in range(self._players) if standing[g] or lying[g]]
        if self.muscle >= 0 and self.m_where == site:
            owner = self.m_owner
            if owner == NEUTRAL:
                found.append(PINK)
            elif owner not in found:
                found.append(owner)
                found.sort()
        return found

    def strength(self, site: int, gang: int) -> int:
        """What a party counts for in control: standing mobsters, the Hitman and Cleaner as two."""
        if gang == PINK:
            return 1 if self.m_owner == NEUTRAL and self.muscle_at(site) and not self.m_lying else 0
        count = self.stand[site][gang]
        if self.m_owner == gang and self.m_where == site and self.muscle >= 0 and not self.m_lying:
            count += self.muscle_weight()
        return count

    def controller(self, site: int) -> int:
        """The party with more (standing) mobsters on the site than any other: a seat, PINK, or -1."""
        counts = self.stand[site]
        if self.muscle >= 0 and self.m_where == site and not self.m_lying:
            counts = [*counts, 0]  # the last slot is the unrecruited Hired Muscle's
            if self.m_owner == NEUTRAL:
                counts[-1] = 1  # its special rules only count once it has joined a gang
            else:
                counts[self.m_owner] += self.muscle_weight()
        best = max(counts)
        if not best or counts.count(best) > 1:
            return -1
        who = counts.index(best)
        return PINK if who == self._players else who

    def counter(self, per: str, site: int, gang: int) -> int:
        """The value of a `per` counter (sites.COUNTERS) for a seat at a site."""
        if per == "deployed":
            return self.deployed
        if per == "own_here":
            return self.standing_units(site, gang)
        if per == "rival_gangs_here":
            return sum(1 for g in range(self._players) if g != gang and self.units(site, g))
        if per == "lying_here":
            return self.lying_units(site)
        if per == "adjacent_controlled":
            return sum(1 for t in self.adj[site] if self.controller(t) == gang)
        if per == "adjacent_empty":
            return sum(1 for t in self.adj[site] if not self.parties(t))
        if per == "adjacent_sites":
            return len(self.adj[site])
        if per == "sites_controlled":
            return sum(1 for t in range(len(self.city)) if self.controller(t) == gang)
        if per == "edge":
            return int(self.edge[site])
        if per == "corner":
            return int(self.corner[site])
        if per == "alone":
            return int(all(p == gang for p in self.parties(site)))
        raise AssertionError(per)

    def _scope(self, site: int, where: str) -> tuple[int, ...] | range:
        if where == "here":
            return (site,)
        if where == "adjacent":
            return self.adj[site]
        return range(len(self.city))

    def site_revenue(self, site: int) -> tuple[int, int]:
        """(controlling seat or -1, dollars it gets from the site in the revenue step)."""
        who = self.controller(site)
        if who < 0 or who == PINK:
            return -1, 0
        face = self.faces[self.city[site]]
        amount = face.revenue + self.aura_at[site]
        effect = face.effect
        if effect is not None and effect.kind == "bonus":
            amount += effect.amount * self.counter(effect.per, site, who)
        amount = max(0, amount)
        if (self.muscle == M_ACCOUNTANT and self.m_owner == who and self.m_where == site
                and not self.m_lying and not self.stand[site][who] and not self.lie[site][who]):
            amount *= 2  # "if the Accountant controls any site alone ... revenue ... is doubled" (C13)
        return who, amount

    def effect_at(self, site: int) -> Effect:
        """The effect of the face showing at a site (which has one)."""
        effect = self.faces[self.city[site]].effect
        assert effect is not None
        return effect

    def _name(self, site: int) -> str:
        """A site as the events and the view name it: its face's name and grid reference."""
        return f"{self.faces[self.city[site]].name} ({site_labels(self.columns)[site]})"

    # -- bookkeeping -------------------------------------------------------------------------------

    def _ask(self, phase: int, seat: int) -> None:
        """Ask `seat` the decision of `phase` (its legal actions are worked out anew)."""
        self.phase = phase
        self.actor = seat
        self._legal = None
