"""The rules of Protection Racket (rulebook: protection-racket.txt; choices: docs/rules/protection_racket.md).

A round: the city is dealt; players take turns deploying mobsters from their hideouts onto one site,
may declare a Mob War there, and the controller may take the site's action; a player who cannot
deploy is skipped; when nobody can, the revenue step pays the controllers. Three rounds, most money
wins, a tie plays another round.

The fields of the state and the queries every rule reads (who controls a site, what it pays) are in
fields.py, the base class. The card effects are data (sites.py); effects.py interprets their primitives
and war.py fights the Mob War, both as functions of the fields, bound here as the state's methods where
the turn calls them; common.py holds the phases and tasks they share.
Work that follows a decision (a war, then the action, then the end of the turn) is kept on an agenda,
a stack of small tasks run until the next decision is needed.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from gangland.engine import SEAT_REFS, Result, as_method, fill_seats, plain_names, rank_by, seat_label
from gangland.engine.rng import mix_seed, splitmix64

from . import effects, war
from .actions import DEPLOY0, MAX_REGULARS, NUM_ACTIONS, PASS, SITE0, YES, deploy_parts
from .common import (
    ACTION,
    DEPLOY,
    HIDEOUT,
    HIRED_GUN,
    LIMBO,
    M_ACCOUNTANT,
    M_CLEANER,
    M_HIRED_GUN,
    M_HITMAN,
    M_LONER,
    M_SURVIVOR,
    MAX_EXTRA_ROUNDS,
    NEUTRAL,
    NOWHERE,
    OVER,
    PHASE_NAMES,
    PICK,
    PINK,
    RETURN_KINDS,
    ROUNDS,
    STAND,
    T_ACTION,
    T_END_TURN,
    T_FIGHT,
    T_PINK,
    T_WAR,
    T_WAR_OFFER,
    WAR_OFFER,
)
from .fields import StateFields
from .grid import grid_geometry
from .sites import MUSCLE_NAMES, MUSCLES, load_sites
from .view import action_text, build_view

START_MONEY: Final = 1
MOBSTERS: Final = MAX_REGULARS
SITE_STRIDE: Final = (MAX_REGULARS + 1) * 2
"""Deploy ids per site (actions.deploy_action)."""

RECOMMENDED_MAX: Final = {"red": 1, "orange": 1, "light yellow": 1, "yellow": 1, "light pink": 1, "pink": 1,
                   "white": 2}
"""The rulebook's recommended most faces of each deck-3 colour in one city (the same for 9 and 12
cards); the blue and green ranges always hold when each deck deals 3 (or 4) cards."""


_DEPLOY_OPTIONS: Final[dict[tuple[int, ...], tuple[int, ...]]] = {}
"""Deploy options by (mobsters in the hideout, has the Hired Muscle, open sites, -1, deploy limits)."""


class ProtectionRacketState(StateFields):
    """A game of Protection Racket in progress (its fields: fields.StateFields)."""

    __slots__ = ()

    # -- set-up ----------------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> ProtectionRacketState:
        """Set up (rulebook "Quick Setup" and "Build the City") and deal the first round's city."""
        s = cls()
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
        self.events.append(f"round {self.round + 1}: a new city is dealt; {SEAT_REFS[self.first]} starts")
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

    def apply(self, action: object) -> None:
        self._checked(action)
        assert type(action) is int  # (_checked refuses anything else) for the type checker
        self.events = []
        self._apply(action)

    def _why_illegal(self, action: object) -> str:
        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            return f"{action!r} is not a Protection Racket action id (0..{NUM_ACTIONS - 1})"
        if self.phase == OVER:
            return f"{action_text(self, action)!r}: the game is over"
        # (an error names seats as the terminal does: it is not narration a front end fills in)
        names = plain_names(self._players)
        choices = fill_seats("; ".join(action_text(self, a) for a in self._legal or []), names)
        asked = seat_label(self.actor)
        return (f"{fill_seats(action_text(self, action), names)!r} is not legal now: {asked} is asked to "
                f"{PHASE_NAMES[self.phase]}; legal now: {choices}")

    def clone(self) -> ProtectionRacketState:
        s = ProtectionRacketState()
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

    def determinize(self, seat: object, rng: random.Random) -> ProtectionRacketState:
        """Everything on the table is public; only the order of the draw piles (and so every future
        city and flip) is unknown: shuffle them and re-seed the state's generator."""
        self.check_seat(seat)
        s = self.clone()
        for pile in s.draw:
            pile.sort()  # the order before the shuffle must not carry the true order through
            rng.shuffle(pile)
        s._rng = rng.getrandbits(64)
        return s

    def view(self, seat: object) -> dict[str, Any]:
        if seat is not None:
            seat = self.check_seat(seat)
        return build_view(self, seat)

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
                war_site = self._name(self.war_site)
                self.events.append(f"{SEAT_REFS[self.actor]} declares a Mob War on {war_site}")
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
        self.events.append(f"{SEAT_REFS[seat]} deploys {what} to {self._name(site)}"
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
            f"{SEAT_REFS[s]} ${m}" for s, m in enumerate(self.money)))

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
            f"{SEAT_REFS[s]} +${a}" for s, a in enumerate(paid)))

    # -- the Mob War (war.py) and the site actions (effects.py): what the turn calls ---------------

    _hired_gun_asks: ClassVar = as_method(war._hired_gun_asks)
    _move_hired_gun: ClassVar = as_method(war._move_hired_gun)
    _fight: ClassVar = as_method(war._fight)
    _muscle_returns: ClassVar = as_method(war._muscle_returns)
    _stand_up: ClassVar = as_method(war._stand_up)

    _effect_available: ClassVar = as_method(effects._effect_available)
    _begin_effect: ClassVar = as_method(effects._begin_effect)
    _effect_complete: ClassVar = as_method(effects._effect_complete)
    _pick_choices: ClassVar = as_method(effects._pick_choices)
    _resolve_effect: ClassVar = as_method(effects._resolve_effect)


__all__ = [  # the state, and what it re-exports from common.py and grid.py: tests read them from here
    "ACTION", "DEPLOY", "HIDEOUT", "HIRED_GUN", "LIMBO", "MAX_EXTRA_ROUNDS", "MOBSTERS", "M_ACCOUNTANT",
    "M_CLEANER", "M_HIRED_GUN", "M_HITMAN", "M_LONER", "M_SURVIVOR", "NEUTRAL", "NOWHERE", "OVER",
    "PHASE_NAMES", "PICK", "PINK", "RECOMMENDED_MAX", "RETURN_KINDS", "ROUNDS", "SITE_STRIDE", "STAND",
    "START_MONEY", "T_ACTION", "T_END_TURN", "T_FIGHT", "T_PINK", "T_WAR", "T_WAR_OFFER", "WAR_OFFER",
    "ProtectionRacketState", "grid_geometry",
]
