"""The rules of Protection Racket (rulebook: protection-racket.txt; choices: docs/rules/protection_racket.md).

A round: the city is dealt; players take turns deploying mobsters from their hideouts onto one site,
may declare a Mob War there, and the controller may take the site's action; a player who cannot
deploy is skipped; when nobody can, the revenue step pays the controllers. Three rounds, most money
wins, a tie plays another round.

The card effects are data (sites.py); this module interprets their primitives. Work that follows a
decision (a war, then the action, then the end of the turn) is kept on an agenda, a stack of small
tasks run until the next decision is needed.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from gangland.engine import CachedLegalState, Result, rank_by
from gangland.engine.rng import mix_seed, splitmix64

from .actions import DEPLOY0, GANG0, MAX_REGULARS, MUSCLE_PICK, NUM_ACTIONS, PASS, SITE0, YES, deploy_parts
from .sites import MUSCLE_NAMES, MUSCLES, Effect, Face, SiteSet, load_sites

# Phases: what the seat to act is asked.
DEPLOY, WAR_OFFER, HIRED_GUN, STAND, ACTION, PICK, OVER = range(7)
PHASE_NAMES = ("deploy mobsters", "declare a Mob War?", "the Hired Gun: join or leave the war?",
               "stand up after the war?", "take the site's action?", "choose for the action", "game over")

ROUNDS = 3
MAX_EXTRA_ROUNDS = 7
"""Not a rule: ties play another round (rulebook), at most this many times; then the tied share the
win (docs C14), so that every game ends."""
START_MONEY = 1
MOBSTERS = MAX_REGULARS

# Where the Hired Muscle is when not on a site.
HIDEOUT, NOWHERE, LIMBO = -2, -1, -3
"""LIMBO: removed in a war, its way back not yet settled (until the survivors have stood up)."""
SITE_STRIDE = (MAX_REGULARS + 1) * 2
"""Deploy ids per site (actions.deploy_action)."""
NEUTRAL = -1
"""The Hired Muscle's owner before anyone recruits it."""
PINK = 4
"""The unrecruited Hired Muscle as a party to a war or to control (seats are 0-3)."""

M_LONER, M_ACCOUNTANT, M_HITMAN, M_CLEANER, M_HIRED_GUN, M_SURVIVOR = range(6)
"""Indexes of the Hired Muscle in MUSCLES."""

RETURN_KINDS = frozenset({"recall", "reinforce", "lying"})
"""Actions that can bring mobsters back to a hideout ("lying" only with to = "hideout"): each face's
once per round (C30)."""

# Agenda tasks: (kind, site).
T_WAR_OFFER, T_WAR, T_FIGHT, T_PINK, T_ACTION, T_END_TURN = range(6)

RECOMMENDED_MAX = {"red": 1, "orange": 1, "light yellow": 1, "yellow": 1, "light pink": 1, "pink": 1,
                   "white": 2}
"""The rulebook's recommended most faces of each deck-3 colour in one city (the same for 9 and 12
cards); the blue and green ranges always hold when each deck deals 3 (or 4) cards."""


_DEPLOY_OPTIONS: dict[tuple[int, ...], tuple[int, ...]] = {}
"""Deploy options by (mobsters in the hideout, has the Hired Muscle, open sites, -1, deploy limits)."""


@cache
def grid_geometry(columns: int, rows: int) -> tuple[tuple[tuple[int, ...], ...], tuple[bool, ...],
                                                    tuple[bool, ...]]:
    """(neighbours, on the edge, in a corner) of each site of a grid numbered row by row.

    >>> grid_geometry(3, 3)[0][4]
    (1, 3, 5, 7)
    """
    adj: list[tuple[int, ...]] = []
    edge: list[bool] = []
    corner: list[bool] = []
    for site in range(columns * rows):
        row, col = divmod(site, columns)
        near = []
        if row > 0:
            near.append(site - columns)
        if col > 0:
            near.append(site - 1)
        if col < columns - 1:
            near.append(site + 1)
        if row < rows - 1:
            near.append(site + columns)
        adj.append(tuple(near))
        on_rows, on_cols = row in (0, rows - 1), col in (0, columns - 1)
        edge.append(on_rows or on_cols)
        corner.append(on_rows and on_cols)
    return tuple(adj), tuple(edge), tuple(corner)


def site_label(site: int, columns: int) -> str:
    """Grid reference of a site: columns A.., rows 1.. (site 0 is A1).

    >>> site_label(5, 4)
    'B2'
    """
    return site_labels(columns)[site]


@cache
def site_labels(columns: int) -> tuple[str, ...]:
    """The grid references of the (at most 12) sites of a grid with this many columns."""
    return tuple(f"{'ABCDEFGHIJKL'[t % columns]}{t // columns + 1}" for t in range(12))


class ProtectionRacketState(CachedLegalState):
    """A game of Protection Racket in progress."""

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

    # -- set-up ----------------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> ProtectionRacketState:
        """Set up (rulebook "Quick Setup" and "Build the City") and deal the first round's city."""
        s = cls.__new__(cls)
        s._players = players
        s.options = options
        s.sites = load_sites(options["sites"] or None)
        s.faces = s.sites.faces
        s.recommended = options["city"] == "recommended"
        s.columns, s.rows = s.sites.grid[players]
        s.adj, s.edge, s.corner = grid_geometry(s.columns, s.rows)
        s._rng = mix_seed(seed)
        s._legal = None
        s.events = []
        s.draw = [s._shuffled(list(deck)) for deck in s.sites.decks]
        s.used = [[], [], []]
        s.last_sites = s.put_away = []
        s.city = []
        # "Each player takes 1 money and 5 Mobsters of one colour."
        s.money = [START_MONEY] * players
        s.earned = [{"start": START_MONEY, "revenue": 0, "actions": 0, "extorted": 0}
                    for _ in range(players)]
        if options["first_seat"] == "random":
            s._rng, r = splitmix64(s._rng)
            s.first_seat = r % players
        else:
            s.first_seat = 0
        s.round = -1
        s.turn = 0
        s.picks = []
        s.agenda = []
        s.effect_site = s.war_site = -1
        s.deployed = 0
        s._start_round()
        return s

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
        last round's sites ("The protection sites in the city should be different each round", C31)
        unless the deck has no other card left."""
        pile = self.draw[deck]
        if not pile:
            used, last = self.used[deck], self.last_sites
            back = [c for c in used if c not in last]
            if back:
                self.used[deck] = [c for c in used if c in last]
                but = ", not last round's sites" if self.used[deck] else ""
                self.events.append(f"deck {deck + 1} runs out: its set-aside cards are shuffled{but}")
            else:
                back, self.used[deck] = used, []
                self.events.append(f"deck {deck + 1} runs out: with no other card left, last round's "
                                   "sites are shuffled back in")
            pile.extend(self._shuffled(back))
        return pile.pop()

    def _face(self, card: int) -> int:
        """A card dealt "flipped at random": one of its two faces."""
        return 2 * card + self._random(2)

    def _start_round(self) -> None:
        """A new city, everyone's mobsters back in the hideouts, the next first player (C5, C6)."""
        n = self._players
        self.round += 1
        for face in self.city:
            self.used[self.faces[face].deck - 1].append(face // 2)
        # This round's sites, put away at its end or by `replace`, are not dealt again next round (C31).
        self.last_sites = [f // 2 for f in self.city] + self.put_away
        self.put_away = []
        deal = self.sites.deal[n]
        cards = [self._draw_card(d) for d in range(3) for _ in range(deal[d])]
        self._rng, flips = splitmix64(self._rng)
        # each card "flipped at random": one bit of one draw per card
        self.city = [2 * c + (flips >> k & 1) for k, c in enumerate(self._shuffled(cards))]
        self._one_hired_muscle()
        if self.recommended:
            self._recommended_city()
        size = len(self.city)
        self.stand = [[0] * n for _ in range(size)]
        self.lie = [[0] * n for _ in range(size)]
        self.hideout = [MOBSTERS] * n
        self.supply = [0] * n
        self.returns_used = []
        self._place_muscle()
        self._city_rules()
        self.first = (self.first_seat + self.round) % n
        self.events.append(f"round {self.round + 1}: a new city is dealt; seat {self.first} starts")
        self.turn_player = (self.first - 1) % n
        self._end_turn()

    def _pink_sites(self) -> list[int]:
        return [i for i, f in enumerate(self.city) if self.faces[f].colour == "pink"]

    def _one_hired_muscle(self) -> None:
        """"If two Hired Muscle cards are drawn into the city then replace one with another card.\""""
        for site in self._pink_sites()[1:]:
            self.used[2].append(self.city[site] // 2)
            face = self._face(self._draw_card(2))
            # A card never has two pink faces (sites.py): turned over, the new card is no second one.
            self.city[site] = face ^ 1 if self.faces[face].colour == "pink" else face

    def _recommended_city(self) -> None:
        """Option city=recommended: no deck-3 colour beyond the rulebook's suggested maximum (C3)."""
        for _ in range(200):
            counts: dict[str, int] = {}
            over = -1
            for site, face in enumerate(self.city):
                colour = self.faces[face].colour
                counts[colour] = counts.get(colour, 0) + 1
                if counts[colour] > RECOMMENDED_MAX.get(colour, 99):
                    over = site
            if over < 0:
                return
            face = self.city[over]
            other = self.faces[face ^ 1].colour
            if counts.get(other, 0) < RECOMMENDED_MAX.get(other, 99) and not (
                    other == "pink" and counts.get("pink", 0)):
                self.city[over] = face ^ 1
            else:
                self.used[2].append(face // 2)
                self.city[over] = self._face(self._draw_card(2))
                self._one_hired_muscle()

    def _place_muscle(self) -> None:
        """"If a Hired Muscle (pink) card appears in the city then the single pink Mobster is placed on
        that card, otherwise it is not used in the game" (this round: C6)."""
        pinks = self._pink_sites()
        if pinks:
            effect = self.faces[self.city[pinks[0]]].effect
            assert effect is not None
            self.muscle = MUSCLES.index(effect.muscle)
            self.m_home = self.m_where = pinks[0]
        else:
            self.muscle = -1
            self.m_home = self.m_where = NOWHERE
        self.m_owner = NEUTRAL
        self.m_lying = False

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

    # -- the State contract ----------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self._players

    @property
    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.actor

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        scores = tuple(self.money)
        ranks = rank_by([(m,) for m in scores])
        winners = tuple(s for s, r in enumerate(ranks) if r == 1)
        return Result(scores, ranks, winners, tuple(dict(e) for e in self.earned))

    def apply(self, action: int) -> None:
        self._checked(action)
        self.events = []
        self._apply(action)

    def _why_illegal(self, action: object) -> str:
        from .view import action_text

        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            return f"{action!r} is not a Protection Racket action id (0..{NUM_ACTIONS - 1})"
        if self.phase == OVER:
            return f"{action_text(self, action)!r}: the game is over"
        choices = "; ".join(action_text(self, a) for a in self._legal or [])
        return (f"{action_text(self, action)!r} is not legal now: seat {self.actor} is asked to "
                f"{PHASE_NAMES[self.phase]}; legal now: {choices}")

    def clone(self) -> ProtectionRacketState:
        s = ProtectionRacketState.__new__(ProtectionRacketState)
        s._legal = self._legal
        s._players = self._players
        s._rng = self._rng
        s.actor = self.actor
        s.adj = self.adj
        s.agenda = self.agenda[:]
        s.aura_at = self.aura_at[:]
        s.city = self.city[:]
        s.closed = self.closed[:]
        s.columns = self.columns
        s.corner = self.corner
        s.deployed = self.deployed
        s.draw = [p[:] for p in self.draw]
        s.earned = [dict(e) for e in self.earned]
        s.edge = self.edge
        s.effect_site = self.effect_site
        s.events = self.events[:]
        s.first = self.first
        s.first_seat = self.first_seat
        s.hideout = self.hideout[:]
        s.last_sites = self.last_sites
        s.lie = [row[:] for row in self.lie]
        s.lie_down_at = self.lie_down_at[:]
        s.m_home = self.m_home
        s.m_lying = self.m_lying
        s.m_owner = self.m_owner
        s.m_where = self.m_where
        s.max_deploy = self.max_deploy[:]
        s.money = self.money[:]
        s.muscle = self.muscle
        s.no_war = self.no_war[:]
        s.open_sites = self.open_sites
        s.options = self.options
        s.phase = self.phase
        s.picks = self.picks[:]
        s.put_away = self.put_away
        s.recommended = self.recommended
        s.round = self.round
        s.returns_used = self.returns_used[:]
        s.rows = self.rows
        s.sites = self.sites
        s.faces = self.faces
        s.stand = [row[:] for row in self.stand]
        s.supply = self.supply[:]
        s.turn = self.turn
        s.turn_player = self.turn_player
        s.used = [p[:] for p in self.used]
        s.war_site = self.war_site
        return s

    def determinize(self, seat: int, rng: random.Random) -> ProtectionRacketState:
        """Everything on the table is public; only the order of the draw piles (and so every future
        city and flip) is unknown: shuffle them and re-seed the state's generator."""
        self.check_seat(seat)
        s = self.clone()
        for pile in s.draw:
            pile.sort()  # the order before the shuffle must not carry the true order through
            rng.shuffle(pile)
        s._rng = rng.getrandbits(64)
        return s

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            self.check_seat(seat)
        from .view import build_view

        return build_view(self, seat)

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

    def deploy_options(self, seat: int) -> list[int]:
        """The legal deploy actions of a seat (rulebook "1. Deploy Mobsters", the Hired Muscle rules)."""
        regulars = self.hideout[seat]
        has_muscle = self.m_owner == seat and self.m_where == HIDEOUT and self.muscle >= 0
        if not regulars and not has_muscle:
            return []
        cleaner = has_muscle and self.muscle == M_CLEANER
        open_sites = self._open_sites()
        key = None
        if not cleaner:
            # The same few hands and cities come up again and again: remember their options.
            key = (regulars, has_muscle, *open_sites, -1, *self.max_deploy)
            cached = _DEPLOY_OPTIONS.get(key)
            if cached is not None:
                return list(cached)
        acts: list[int] = []
        max_deploy = self.max_deploy
        # Ids of one site are consecutive: base + 2n + m for n regulars and m (0/1) Hired Muscle.
        for site in open_sites:
            base = DEPLOY0 + site * SITE_STRIDE
            cap = max_deploy[site]
            most = regulars if not cap or cap > regulars else cap
            if not has_muscle:
                acts.extend(range(base + 2, base + 2 * most + 1, 2))
            elif cleaner:
                # "You may not deploy the Cleaner with any other Mobsters in your gang"
                if not self.units(site, seat):
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

    def _open_sites(self) -> list[int]:
        """The sites anyone may deploy onto now: not closed, not the Loner's or the Cleaner's."""
        sites = self.open_sites
        if (self.muscle in (M_LONER, M_CLEANER) and self.m_owner != NEUTRAL and not self.m_lying
                and self.m_where in sites):
            return [t for t in sites if t != self.m_where]
        return sites

    def can_deploy(self, seat: int) -> bool:
        """Whether a seat has a turn ("If a player is unable to deploy a Mobster their turn is skipped")."""
        if self.hideout[seat]:
            return bool(self._open_sites())
        return bool(self.deploy_options(seat))

    # -- legal actions -----------------------------------------------------------------------------

    def _compute_legal(self) -> list[int]:
        phase = self.phase
        if phase == DEPLOY:
            return self.deploy_options(self.actor)
        if phase in (WAR_OFFER, ACTION, STAND):
            return [PASS, YES]
        if phase == HIRED_GUN:
            return [PASS, *(SITE0 + t for t in self._hired_gun_moves())]
        if phase == PICK:
            return self._pick_choices()
        return []

    def _hired_gun_moves(self) -> tuple[int, ...]:
        war = self.war_site
        if self.m_where == war:
            return self.adj[war]
        return (war,)

    # -- apply -------------------------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == DEPLOY:
            self._deploy(*deploy_parts(action))
        elif phase == WAR_OFFER:
            if action == YES:
                self.events.append(f"seat {self.actor} declares a Mob War on {self._name(self.war_site)}")
                self.agenda.append((T_WAR, self.war_site))
        elif phase == HIRED_GUN:
            if action != PASS:
                self._move_hired_gun(action - SITE0)
            self.agenda.append((T_FIGHT, self.war_site))
        elif phase == STAND:
            if action == YES:
                self._stand_up(self.war_site, self.actor)
        elif phase == ACTION:
            if action == YES:
                self._begin_effect(self.effect_site)
                if self.phase == PICK:
                    return
        else:  # PICK
            self.picks.append(action)
            if not self._effect_complete():
                self._legal = None
                return
            self._resolve_effect()
        self._run()

    def _name(self, site: int) -> str:
        return f"{self.faces[self.city[site]].name} ({site_labels(self.columns)[site]})"

    def _start_turn(self, seat: int) -> None:
        self.turn += 1
        self.turn_player = self.actor = seat
        self.deployed = 0
        self.phase = DEPLOY
        self._legal = None

    def _deploy(self, site: int, regulars: int, muscle: int) -> None:
        seat = self.actor
        lying = self.lie_down_at[site]
        self.hideout[seat] -= regulars
        (self.lie if lying else self.stand)[site][seat] += regulars
        if muscle:
            self.m_where, self.m_lying = site, lying
        # Lying mobsters "do not count as being deployed" (glossary): Growing the Gang does not pay them.
        self.deployed = 0 if lying else regulars + muscle
        what = f"{regulars} mobster{'s' if regulars != 1 else ''}" if regulars else ""
        if muscle:
            what = f"{what} and {MUSCLE_NAMES[self.muscle]}" if what else MUSCLE_NAMES[self.muscle]
        self.events.append(f"seat {seat} deploys {what} to {self._name(site)}"
                           + (" (they lie down)" if lying else ""))
        self.agenda += [(T_END_TURN, site), (T_ACTION, site), (T_WAR_OFFER, site)]

    def _run(self) -> None:
        """Carry out agenda tasks until one needs a decision (or the game ends)."""
        agenda = self.agenda
        while agenda:
            task, site = agenda.pop()
            if task == T_WAR_OFFER:
                if len(self.parties(site)) >= 2 and not self.no_war[site]:
                    self._ask(WAR_OFFER, self.turn_player)
                    self.war_site = site
                    return
            elif task == T_WAR:
                if self._hired_gun_asks(site):
                    return
                agenda.append((T_FIGHT, site))
            elif task == T_FIGHT:
                winner, pink_removed = self._fight(site)
                if pink_removed:
                    # after the stand-up: control "after a Mob War" decides where the pink goes
                    agenda.append((T_PINK, site))
                if winner >= 0 and (self.lie[site][winner] or (self.m_owner == winner and self.m_where == site
                                                               and self.m_lying)):
                    self.war_site = site
                    self._ask(STAND, winner)
                    return
            elif task == T_PINK:
                self._muscle_returns(site)
            elif task == T_ACTION:
                effect = self.faces[self.city[site]].effect
                if (effect is not None and not effect.passive and self.controller(site) == self.turn_player
                        and self._effect_available(effect, site)):
                    self.effect_site = site
                    self._ask(ACTION, self.turn_player)
                    return
            else:  # T_END_TURN
                self._end_turn()
                return

    def _ask(self, phase: int, seat: int) -> None:
        self.phase = phase
        self.actor = seat
        self._legal = None

    # -- the Mob War -------------------------------------------------------------------------------

    def _hired_gun_asks(self, site: int) -> bool:
        """"When a Mob War is declared the Hired Gun may move to the Mob War from an adjacent site or
        from the Mob War to an adjacent site": its owner is asked (C11)."""
        if self.muscle != M_HIRED_GUN or self.m_owner == NEUTRAL or self.m_where < 0 or self.m_lying:
            return False  # lying, it is not "deployed" (glossary) and does not move (C11)
        if self.m_where != site and site not in self.adj[self.m_where]:
            return False
        self.war_site = site
        self._ask(HIRED_GUN, self.m_owner)
        return True

    def _move_hired_gun(self, target: int) -> None:
        self.events.append(f"{MUSCLE_NAMES[M_HIRED_GUN]} moves from {self._name(self.m_where)} to "
                           f"{self._name(target)}")
        self.m_where = target

    def _fight(self, site: int) -> tuple[int, bool]:
        """Resolve a declared Mob War: (the seat the war left on the site, or -1; whether the Hired
        Muscle was removed and has yet to go back or join the site's controller)."""
        parties = self.parties(site)
        if len(parties) < 2:
            # No war is fought, so nobody may stand up "at the end of a Mob War" (C16).
            self.events.append(f"no war on {self._name(site)}: only one gang is left there")
            return -1, False
        pending_pink = survivor_back = False
        losses: dict[int, int] = {}
        if self.muscle == M_HITMAN and self.m_owner != NEUTRAL and self.m_where == site and not self.m_lying:
            # "all players with the exception of the player controlling the Hitman must remove one
            # Mobster before the Mob War begins" (the unrecruited pink is no player: C12).
            for gang in parties:
                if gang not in (self.m_owner, PINK):
                    losses[gang] = 1
                    self._war_loss(site, gang)
            self.events.append(f"{MUSCLE_NAMES[M_HITMAN]}: every rival loses a mobster before the war")
        while True:
            parties = self.parties(site)
            if len(parties) < 2:
                break
            # "each player involved simultaneously removes one of their Mobsters"
            for gang in parties:
                losses[gang] = losses.get(gang, 0) + 1
                lost = self._war_loss(site, gang)
                pending_pink |= lost == "muscle"
                survivor_back |= lost == "survivor"
        parties = self.parties(site)
        left = parties[0] if parties else -1
        lost_text = ", ".join(f"{'the Hired Muscle' if g == PINK else f'seat {g}'} loses {k}"
                              for g, k in sorted(losses.items()))
        outcome = ("nobody is left" if left < 0 else "the Hired Muscle holds" if left == PINK
                   else f"seat {left} is left")
        self.events.append(f"Mob War on {self._name(site)}: {lost_text}; {outcome}")
        if survivor_back:
            # "if a Mob War includes the Survivor and it is removed, then the Survivor is immediately
            # returned to the site, after the Mob War."
            self.m_where, self.m_lying = site, False
            self.events.append(f"{MUSCLE_NAMES[M_SURVIVOR]} returns to {self._name(site)}")
        return (left if left != PINK else -1), pending_pink

    def _war_loss(self, site: int, gang: int) -> str:
        """Remove one of a party's mobsters in a war, in the order that costs it least (C10): a lying
        mobster, the Survivor (who comes back), a standing mobster, the Hired Muscle."""
        if gang == PINK:
            self.m_where, self.m_lying = LIMBO, False
            return "muscle"
        owns = self.m_owner == gang and self.m_where == site and self.muscle >= 0
        if self.lie[site][gang]:
            self.lie[site][gang] -= 1
            self.supply[gang] += 1
            return "mobster"
        if owns and self.muscle == M_SURVIVOR:
            self.m_where, self.m_lying = NOWHERE, False
            return "survivor"
        if self.stand[site][gang]:
            self.stand[site][gang] -= 1
            self.supply[gang] += 1
            return "mobster"
        self.m_where, self.m_lying = LIMBO, False
        return "muscle"

    def _muscle_returns(self, war_site: int) -> None:
        """A Hired Muscle removed in a war: "If you control the recruiting site after a Mob War then the
        pink meeple is moved to your hideout rather than the supply"; otherwise "it is returned to the
        site from where it can be recruited again" (unrecruited: C9)."""
        home = self.m_home
        self.m_lying = False
        if war_site == home:
            who = self.controller(home)
            if who >= 0 and who != PINK:
                self.m_owner, self.m_where = who, HIDEOUT
                self.events.append(f"seat {who} controls {self._name(home)}: "
                                   f"{MUSCLE_NAMES[self.muscle]} joins its hideout")
                return
        self.m_owner, self.m_where = NEUTRAL, home
        self.events.append(f"{MUSCLE_NAMES[self.muscle]} returns to {self._name(home)}")

    def _stand_up(self, site: int, seat: int | None) -> None:
        """Stand up the lying mobsters of a seat (None: of every seat) on a site."""
        for gang in range(self._players) if seat is None else (seat,):
            self.stand[site][gang] += self.lie[site][gang]
            self.lie[site][gang] = 0
        if self.muscle_at(site) and (seat is None or self.m_owner == seat):
            self.m_lying = False
        who = "every" if seat is None else f"seat {seat}'s"
        self.events.append(f"{who} lying mobster on {self._name(site)} stands up")

    # -- the end of a turn and of a round ------------------------------------------------------------

    def _end_turn(self) -> None:
        """"Play then alternates ... If a player is unable to deploy a Mobster their turn is skipped";
        "If no player can make another turn, the round ends"."""
        n = self._players
        for step in range(1, n + 1):
            seat = (self.turn_player + step) % n
            if self.can_deploy(seat):
                self._start_turn(seat)
                return
        self._revenue_step()
        leaders = [s for s, m in enumerate(self.money) if m == max(self.money)]
        if self.round + 1 < ROUNDS or (len(leaders) > 1 and self.round + 1 < ROUNDS + MAX_EXTRA_ROUNDS):
            if self.round + 1 >= ROUNDS:
                self.events.append("a tie for the most money: another round (\"If there is a tie then "
                                   "play another round\")")
            self._start_round()
            return
        self.phase = OVER
        self._legal = None
        self.events.append("the game is over: " + ", ".join(
            f"seat {s} ${m}" for s, m in enumerate(self.money)))

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

    def _revenue_step(self) -> None:
        """"each city site is checked to see if it yields any revenue to the Mobsters controlling that
        site" - from the bank, which never runs out (C7)."""
        paid = [0] * self._players
        for site in range(len(self.city)):
            who, amount = self.site_revenue(site)
            if amount:
                paid[who] += amount
        for seat, amount in enumerate(paid):
            self.money[seat] += amount
            self.earned[seat]["revenue"] += amount
        self.events.append(f"revenue step of round {self.round + 1}: " + ", ".join(
            f"seat {s} +${a}" for s, a in enumerate(paid)))

    # -- site actions --------------------------------------------------------------------------------

    def effect_at(self, site: int) -> Effect:
        """The effect of the face showing at a site (which has one)."""
        effect = self.faces[self.city[site]].effect
        assert effect is not None
        return effect

    def _effect_available(self, effect: Effect, site: int) -> bool:
        """Whether taking the action would do something (an action that cannot is not offered)."""
        seat = self.turn_player
        kind = effect.kind
        if kind == "income":
            return effect.amount * self.counter(effect.per, site, seat) > 0
        if kind == "extort":
            return any(self.money[g] for g in self._extorted(effect, site, seat))
        if kind == "recruit":
            return self.m_owner == NEUTRAL and self.m_where == site
        if kind in RETURN_KINDS and (kind != "lying" or effect.to == "hideout") and (
                self.city[site] in self.returns_used):
            return False  # once per round, or a round could go on for ever (C30)
        if kind == "reinforce":
            return self.supply[seat] > 0
        saved = self.effect_site, self.picks
        self.effect_site, self.picks = site, []
        try:
            first = self._pick_choices()
        finally:
            self.effect_site, self.picks = saved
        prefilled = self._prefilled(effect, site)
        return prefilled[0] in first if prefilled else bool(first)

    def _prefilled(self, effect: Effect, site: int) -> list[int]:
        """Picks implied by the card: a site choice whose scope is the site itself is not asked."""
        scope = effect.origin if effect.kind == "move" else effect.where
        if scope == "here" and effect.kind not in ("income", "extort", "swap_sites"):
            return [SITE0 + site]
        return []

    def _begin_effect(self, site: int) -> None:
        effect = self.effect_at(site)
        self.effect_site = site
        self.picks = self._prefilled(effect, site)
        self.events.append(f"seat {self.turn_player} takes the action of {self._name(site)}")
        if self._effect_complete():
            self._resolve_effect()
        else:
            self._ask(PICK, self.turn_player)

    def _steps(self, effect: Effect) -> int:
        """How many picks an effect takes."""
        kind = effect.kind
        if kind in ("income", "extort", "recruit", "reinforce"):
            return 0
        if kind in ("lay_down", "remove"):
            return 2
        if kind == "move":
            return 3 if effect.whose == "any" else 2
        if kind == "swap":
            return 4
        if kind == "swap_sites":
            return 2 if effect.where == "any" else 1
        return 1

    def _effect_complete(self) -> bool:
        return len(self.picks) >= self._steps(self.effect_at(self.effect_site))

    def _occupied(self, site: int, gangs: range | list[int], standing: bool = False) -> bool:
        """Whether any of `gangs` has a mobster (standing, if `standing`) on a site."""
        row_s, row_l = self.stand[site], self.lie[site]
        for g in gangs:
            if row_s[g] or (row_l[g] and not standing):
                return True
        return (self.muscle >= 0 and self.m_where == site and self.m_owner in gangs
                and not (standing and self.m_lying))

    def _gangs_with(self, site: int, gangs: range | list[int], standing: bool = False) -> list[int]:
        """Those of `gangs` with a mobster (standing, if `standing`) on a site, Hired Muscle included."""
        row_s, row_l = self.stand[site], self.lie[site]
        owner = (self.m_owner if self.muscle >= 0 and self.m_where == site
                 and not (standing and self.m_lying) else NOWHERE)
        if standing:
            return [g for g in gangs if row_s[g] or g == owner]
        return [g for g in gangs if row_s[g] or row_l[g] or g == owner]

    def _rivals(self, seat: int) -> list[int]:
        return [g for g in range(self._players) if g != seat]

    def _pick_choices(self) -> list[int]:
        """The legal picks of the action being taken, each leading to a complete action."""
        site, seat, picks = self.effect_site, self.turn_player, self.picks
        effect = self.effect_at(site)
        kind, step = effect.kind, len(picks)
        everyone = range(self._players)
        sites = range(len(self.city))
        if kind == "war":
            return [SITE0 + t for t in self._scope(site, effect.where)
                    if len(self.parties(t)) >= 2 and not self.no_war[t]]
        if kind in ("stand_up", "lying"):
            own = kind == "stand_up" and effect.whose == "own"
            return [SITE0 + t for t in self._scope(site, effect.where)
                    if (self.lie[t][seat] or (self.m_owner == seat and self.m_where == t and self.m_lying))
                    or (not own and self.lying_units(t))]
        if kind in ("lay_down", "remove"):
            gangs = self._rivals(seat) if kind == "lay_down" or effect.whose == "rival" else list(everyone)
            standing = kind == "lay_down"
            if step == 0:
                return [SITE0 + t for t in self._scope(site, effect.where)
                        if self._occupied(t, gangs, standing)]
            target = picks[0] - SITE0
            if standing:
                return [GANG0 + g for g in self._gangs_with(target, gangs, True)]
            # "Return any Mobster": one of a seat's own mobsters, or its Hired Muscle (C10)
            row_s, row_l = self.stand[target], self.lie[target]
            acts = [GANG0 + g for g in gangs if row_s[g] or row_l[g]]
            if self.m_where == target and self.m_owner in gangs and self.muscle >= 0:
                acts.append(MUSCLE_PICK)
            return acts
        if kind == "move":
            gangs = [seat] if effect.whose == "own" else list(everyone)
            if step == 0:
                return [SITE0 + t for t in self._scope(site, effect.origin) if self._occupied(t, gangs)]
            origin = picks[0] - SITE0
            if step == 1 and effect.whose == "any":
                return [GANG0 + g for g in self._gangs_with(origin, gangs)]
            targets = self.adj[origin] if effect.to == "adjacent" else [t for t in sites if t != origin]
            return [SITE0 + t for t in targets]
        if kind == "swap":
            present = [self._gangs_with(t, everyone) for t in sites]
            if step == 0:
                return [SITE0 + t for t in sites
                        if any(self._swap_partners(present, t, g) for g in present[t])]
            first = picks[0] - SITE0
            if step == 1:
                return [GANG0 + g for g in present[first] if self._swap_partners(present, first, g)]
            if step == 2:
                return [SITE0 + t for t in self._swap_partners(present, first, picks[1] - GANG0)]
            return [GANG0 + g for g in present[picks[2] - SITE0] if g != picks[1] - GANG0]
        if kind == "recall":
            return [SITE0 + t for t in self._scope(site, effect.where) if self.units(t, seat)]
        if kind == "swap_sites":
            if effect.where == "adjacent":
                return [SITE0 + t for t in self.adj[site]]
            return [SITE0 + t for t in sites if not picks or t != picks[0] - SITE0]
        if kind in ("flip", "replace"):
            return [SITE0 + t for t in self._scope(site, effect.where) if self._changeable(t)]
        return []

    @staticmethod
    def _swap_partners(present: list[list[int]], site: int, gang: int) -> list[int]:
        """Sites other than `site` with a mobster of a gang other than `gang` (`present`: the seats
        with mobsters on each site)."""
        return [t for t, gangs in enumerate(present) if t != site and any(g != gang for g in gangs)]

    def _changeable(self, site: int) -> bool:
        """Flip and replace never turn a Hired Muscle card away nor bring one in (C8); replace needs a
        card to draw."""
        face = self.city[site]
        if "pink" in (self.faces[face].colour, self.faces[face ^ 1].colour):
            return False
        if self.effect_at(self.effect_site).kind == "replace":
            deck = self.faces[face].deck - 1
            return bool(self.draw[deck] or self.used[deck])
        return True

    def _extorted(self, effect: Effect, site: int, seat: int) -> list[int]:
        scope = self._scope(site, effect.where)
        return [g for g in self._rivals(seat) if any(self.standing_units(t, g) for t in scope)]

    def _resolve_effect(self) -> None:
        """Carry out the action being taken, with its picks."""
        site, seat = self.effect_site, self.turn_player
        effect = self.effect_at(site)
        kind = effect.kind
        picked = [p - SITE0 if p < GANG0 else p - GANG0 for p in self.picks]
        muscle_picked = MUSCLE_PICK in self.picks
        self.picks = []
        if kind in RETURN_KINDS and (kind != "lying" or effect.to == "hideout"):
            self.returns_used.append(self.city[site])
        if kind == "income":
            gain = effect.amount * self.counter(effect.per, site, seat)
            self._gain(seat, gain, "actions")
            self.events.append(f"seat {seat} takes ${gain} from the bank")
        elif kind == "extort":
            for victim in self._extorted(effect, site, seat):
                paid = min(effect.amount, self.money[victim])
                self.money[victim] -= paid
                self.earned[victim]["extorted"] -= paid
                self._gain(seat, paid, "actions")
                self.events.append(f"seat {victim} pays seat {seat} ${paid}")
        elif kind == "recruit":
            self.m_owner, self.m_where, self.m_lying = seat, HIDEOUT, False
            self.events.append(f"seat {seat} recruits {MUSCLE_NAMES[self.muscle]} into its hideout")
        elif kind == "reinforce":
            back = min(effect.count, self.supply[seat])
            self.supply[seat] -= back
            self.hideout[seat] += back
            self.events.append(f"{back} of seat {seat}'s mobsters return from the supply to its hideout")
        elif kind == "war":
            self.events.append(f"seat {seat} starts a Mob War on {self._name(picked[0])}")
            self.agenda.append((T_WAR, picked[0]))
        elif kind == "stand_up":
            self._stand_up(picked[0], seat if effect.whose == "own" else None)
        elif kind == "lying":
            self._clear_lying(picked[0], effect.to)
        elif kind == "lay_down":
            self._lay_down(picked[0], picked[1], effect.count)
        elif kind == "remove":
            if muscle_picked:
                self.events.append(f"{MUSCLE_NAMES[self.muscle]} on {self._name(picked[0])} is sent back")
                self._muscle_home()
            else:
                self._remove_one(picked[0], picked[1])
        elif kind == "move":
            origin, target = picked[0], picked[-1]
            gang = picked[1] if effect.whose == "any" else seat
            self._move(origin, gang, target, effect.count)
            if effect.war:
                self.agenda.append((T_WAR_OFFER, target))
        elif kind == "swap":
            a, ga, b, gb = picked
            self._move(a, ga, b, 1)
            self._move(b, gb, a, 1)  # gb is not ga: the mobster that just arrived stays
            if effect.war:
                self.agenda += [(T_WAR_OFFER, b), (T_WAR_OFFER, a)]
        elif kind == "recall":
            self._recall(picked[0], seat)
        elif kind == "swap_sites":
            other = picked[0] if effect.where == "adjacent" else picked[1]
            self._swap_sites(site if effect.where == "adjacent" else picked[0], other)
        elif kind == "flip":
            self.city[picked[0]] ^= 1
            self.events.append(f"{self._name(picked[0])} is turned over")
            self._city_rules()
        else:  # replace
            target = picked[0]
            old = self.city[target]
            deck = self.faces[old].deck - 1
            self.used[deck].append(old // 2)
            self.put_away = [*self.put_away, old // 2]
            face = self._face(self._draw_card(deck))
            if self.faces[face].colour == "pink":
                face ^= 1  # no Hired Muscle card comes in (C8)
            self.city[target] = face
            self.events.append(f"{self.faces[old].name} is replaced by {self._name(target)}")
            self._city_rules()

    def _gain(self, seat: int, amount: int, category: str) -> None:
        self.money[seat] += amount
        self.earned[seat][category] += amount

    def _clear_lying(self, site: int, to: str) -> None:
        for gang in range(self._players):
            count = self.lie[site][gang]
            self.lie[site][gang] = 0
            if to == "supply":
                self.supply[gang] += count
            else:
                self.hideout[gang] += count
        if self.muscle_at(site) and self.m_lying:
            if to == "hideout" and self.m_owner != NEUTRAL:
                self.m_where, self.m_lying = HIDEOUT, False
            else:
                self._muscle_home()
        self.events.append(f"the lying mobsters on {self._name(site)} go to the {to}")

    def _muscle_home(self) -> None:
        """The Hired Muscle leaves its gang and returns to its card, "from where it can be recruited"."""
        self.m_owner, self.m_where, self.m_lying = NEUTRAL, self.m_home, False

    def _lay_down(self, site: int, gang: int, count: int) -> None:
        down = min(count, self.stand[site][gang])
        self.stand[site][gang] -= down
        self.lie[site][gang] += down
        if down < count and self.m_owner == gang and self.m_where == site and not self.m_lying:
            self.m_lying = True
            down += 1
        self.events.append(f"{down} of seat {gang}'s mobsters on {self._name(site)} lie down")

    def _remove_one(self, site: int, gang: int) -> None:
        """One of a seat's mobsters to the supply: a standing one if it has one there (C10)."""
        rows = self.stand if self.stand[site][gang] else self.lie
        rows[site][gang] -= 1
        self.supply[gang] += 1
        self.events.append(f"one of seat {gang}'s mobsters on {self._name(site)} goes to the supply")

    def _move(self, origin: int, gang: int, target: int, count: int) -> None:
        """Move `count` (0: all) of a seat's mobsters, standing ones first, the Hired Muscle last; lying
        ones stay lying."""
        left = count or 99
        moved = 0
        for rows in (self.stand, self.lie):
            k = min(left, rows[origin][gang])
            rows[origin][gang] -= k
            rows[target][gang] += k
            left -= k
            moved += k
        if left and self.m_owner == gang and self.m_where == origin and self.muscle >= 0:
            self.m_where = target
            moved += 1
        self.events.append(f"{moved} of seat {gang}'s mobsters move from {self._name(origin)} to "
                           f"{self._name(target)}")

    def _recall(self, site: int, seat: int) -> None:
        count = self.stand[site][seat] + self.lie[site][seat]
        self.stand[site][seat] = self.lie[site][seat] = 0
        self.hideout[seat] += count
        if self.m_owner == seat and self.m_where == site:
            self.m_where, self.m_lying = HIDEOUT, False
            count += 1
        self.events.append(f"{count} of seat {seat}'s mobsters return from {self._name(site)} to its hideout")

    def _swap_sites(self, a: int, b: int) -> None:
        """Two cards change places, "mobsters travel with their card" (C8)."""
        self.city[a], self.city[b] = self.city[b], self.city[a]
        self.stand[a], self.stand[b] = self.stand[b], self.stand[a]
        self.lie[a], self.lie[b] = self.lie[b], self.lie[a]
        swap = {a: b, b: a}
        self.m_where = swap.get(self.m_where, self.m_where)
        self.m_home = swap.get(self.m_home, self.m_home)
        self.events.append(f"{self._name(b)} and {self._name(a)} change places")
        self._city_rules()
