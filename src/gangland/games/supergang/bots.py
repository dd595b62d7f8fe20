"""The Supergang heuristic bot (docs/rules/supergang.md).

Everything in Supergang is public (S38) except the future: the dice of later gang turns and the outcome
of duels, which the state's generator decides. So the bot never applies an action to see what comes of
it: `act` determinizes (the copy's generator is re-seeded) and `choose` scores the legal actions
statically from public fields only, and two states that differ only in their generator get the same
choice. A duel is scored by its win chance, estimated once per line-up by duels fought with a fixed seed
through `duel.duel` (the rules' own model), never with the game's generator.

How it plays, phase by phase:

* choose: the character whose best destination scores highest moves first;
* move: a destination is worth what the character could do there (`_Planner.stop_value`: buying and
  racketing free shops, pawns for the dealer, coward attacks, recruiting, stick-ups, killings and
  vamping with a good chance) plus a share of the best target reachable later (discounted by street
  distance), less the danger of ending there (a patrol in reach with a record; a rival killer near);
* act: the peaceful earning actions first (purchase, pawns, racket, coward attack, recruiting), then
  one fight if its expected value is positive and its win chance high, then done;
* patrols (moved by the turn player, the cop owner or the police seat, S27, S32, S36): towards rival
  gangsters with a record or unnoticed crimes, away from the bot's own criminals; every rival that may
  be arrested is; the police seat goes after every gangster (innocents too: custody, L87);
* arrested: surrender unless rebelling is likely to succeed (S30); the cops are bought only with money
  to spare (S32); a rival recruiting in the bot's shop is refused unless it pays dearly (L49), and the
  bot pays a fair price for its own recruit.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from operator import itemgetter
from typing import Final

from gangland.engine import DeterminizingBot

from .actions import (
    ACCEPT,
    ARREST0,
    ATTACK_PATROL0,
    BUY0,
    BUY_COPS,
    CHAR0,
    CLINIC_KILL0,
    COWARD,
    DECLINE,
    DONE,
    KILL0,
    MANHOLE0,
    MAX_PAIRS,
    PLACE,
    PRICE0,
    PRICES,
    PURCHASE,
    RACKET,
    REBEL,
    RECRUIT,
    REFUSE,
    STAY,
    STICKUP_MONEY,
    STICKUP_OWNERSHIP,
    SURRENDER,
    TIME_UP,
    VAMP0,
    dest_parts,
)
from .board import Move
from .constants import (
    ACT,
    ARRESTED,
    CHOOSE,
    COP_OFFER,
    DEALER,
    EARLY_ROUNDS,
    GRAVEYARD,
    JAIL,
    KILLER,
    MOVE,
    NEUTRALIZED,
    OFFER,
    PATROL_ACT,
    PATROL_MOVE,
    PATROL_PLACE,
    PRICE,
    RECRUITS,
    RESURFACE,
    SEWER,
    VAMP,
)
from .duel import ATTACKER, DEFENDER, DuelOptions, Side, duel
from .geometry import Geometry
from .state import SupergangState
from .value import learned_chances

SHOP_RANK: Final = 80.0
"""What one more shop is worth beyond its income: shops rank first at the turn limit (S37)."""
DISTRICT_WIN: Final = 2000.0
"""Owning a whole district wins at once (S37)."""
DISTRICT_STEP: Final = 40.0
"""Bonus per shop already owned in the district of a shop bought (steering towards S37's win)."""
ROLE_WORTH: Final[tuple[float, ...]] = (70.0, 50.0, 50.0)  # (mypyc 2.4 misreads a Final tuple of 3 floats)
"""What a character out of play costs its gang (killer, vamp, dealer), before the dealer's pawns."""
DEAD_FACTOR: Final = 1.6
"""A dead character (recruit price, time) costs more than an injured one (a few turns in the clinic)."""
YEAR_COST: Final = 12.0
"""Cost of a year on the record: the jail turns it may bring."""
MIN_WIN: Final = 0.6
"""The bot starts a fight against gangsters or the police only with at least this chance of winning."""
MIN_STICKUP: Final = 0.5
"""Nor a stick-up with less than this chance (a lone vamp or dealer against two managers: about 7%)."""
FUTURE: Final = 0.35
"""Weight of the best target reachable on later turns against what the stop itself yields."""
DECAY: Final = 0.8
"""Discount of a target's value per square of street distance."""
REACH: Final = 6
"""Squares a character or a patrol may cover in one move (a die)."""
RECRUIT_VALUE: Final = 2.0
"""A recruit is worth this many times its role's worth (it comes back to play at once)."""
COPS_SPARE: Final = 300
"""Money the bot keeps beyond the cops' price before it buys them (S32): shops rank first."""
ODDS_SAMPLES: Final = 400
"""Duels fought (fixed seed) to estimate a line-up's odds."""
FAR: Final = 99
ROLLOUT_HORIZON: Final = 60
"""Decisions a search's rollout plays before `win_chances` judges the position (about two rounds with
three gangs; a whole game is about 600)."""
STANDING_SHARPNESS: Final = 1.6
"""`win_chances`: the softmax weight of a shop is this over sqrt(rounds left + 1.5). Fitted, with
`MONEY_PER_SHOP`, by likelihood to the winners of heuristic self-play (3 and 4 gangs);
`benchmarks/supergang_chances.py` measures the fit."""
MONEY_PER_SHOP: Final = 400.0
"""`win_chances`: money that counts as much as one shop (money breaks ties at the turn limit, S37)."""


def standing_chances(rounds_left: int, shops: Sequence[int], money: Sequence[int],
                     sharpness: float = STANDING_SHARPNESS,
                     money_per_shop: float = MONEY_PER_SHOP) -> tuple[float, ...]:
    """`SupergangHeuristicBot.win_chances` from the gangs' shops and money: a softmax of shops +
    money / `money_per_shop`, weighted `sharpness` / sqrt(rounds_left + 1.5).

    >>> [round(c, 3) for c in standing_chances(0, [2, 1], [0, 0])]
    [0.787, 0.213]
    """
    weight = sharpness / math.sqrt(rounds_left + 1.5)
    standing = [weight * (s + m / money_per_shop) for s, m in zip(shops, money, strict=True)]
    top = max(standing)
    weights = [math.exp(v - top) for v in standing]
    total = sum(weights)
    return tuple(w / total for w in weights)


# -- tables computed once per board --------------------------------------------------------------------


class _Tables:
    """Street distances between every two places of one board (a shop is one step from its entrances)."""

    __slots__ = ("decay", "dist", "district", "district_sizes", "free", "geo", "index", "jail_starts",
                 "kinds", "shop_places", "shop_targets")

    def __init__(self, geo: Geometry) -> None:
        self.geo = geo
        board = geo.board
        names = list(geo.places)
        self.index = {p: i for i, p in enumerate(names)}
        adj: list[list[int]] = [[] for _ in names]
        for link in board.links:
            a, b = tuple(link)
            adj[self.index[a]].append(self.index[b])
            adj[self.index[b]].append(self.index[a])
        for shop in board.shops.values():
            for e in shop.entrances:
                adj[self.index[shop.id]].append(self.index[e])
                adj[self.index[e]].append(self.index[shop.id])
        self.dist: list[list[int]] = []
        for src in range(len(names)):
            d = [FAR] * len(names)
            d[src] = 0
            queue = deque([src])
            while queue:
                x = queue.popleft()
                for y in adj[x]:
                    if d[y] == FAR:
                        d[y] = d[x] + 1
                        queue.append(y)
            self.dist.append(d)
        self.decay = tuple(DECAY ** d for d in range(max(map(max, self.dist)) + 1))
        """DECAY ** d for every distance d in `dist` (FAR included)."""
        # The jail and the clinic are left by their exit squares (S6, S25).
        self.jail_starts = tuple(self.index[e.square] for e in board.jail_exits.values())
        districts: dict[str, list[int]] = {}
        for i, sid in enumerate(geo.shops):
            districts.setdefault(board.shops[sid].district, []).append(i)
        names_of_districts = list(districts)
        self.district = [names_of_districts.index(board.shops[sid].district) for sid in geo.shops]
        """Per shop (Geometry.shops order): the index of its district."""
        self.district_sizes = [len(districts[name]) for name in names_of_districts]
        """Per district: its number of shops."""
        self.kinds = [board.shops[sid].kind for sid in geo.shops]
        self.shop_places = [self.index[sid] for sid in geo.shops]
        self.free: dict[tuple[int, tuple[int, ...], frozenset[str]], _Dealing] = {}
        """`free_sections` by (colour, shop owners, sections with a pawn): the same few recur for
        many decisions (cleared when large)."""
        self.shop_targets: dict[tuple[object, ...], list[tuple[int, float]]] = {}
        """The shop part of `_Planner._targets` by what it reads (cleared when large)."""

    def free_sections(self, colour: int, owner: list[int], pawns: dict[str, int]) -> _Dealing:
        """Where a dealer of `colour` may put pawns (`_Dealing`)."""
        key = (colour, tuple(owner), frozenset(pawns))
        found = self.free.get(key)
        if found is None:
            if len(self.free) >= CACHE_SIZE:
                self.free.clear()
            found = self.free[key] = _Dealing(self, colour, owner, pawns)
        return found

    def distance(self, a: str, b: str) -> int:
        """Street steps from place `a` (or the jail) to place `b`."""
        j = self.index.get(b)
        if j is None:
            return FAR
        if a == JAIL:
            return 1 + min(self.dist[i][j] for i in self.jail_starts)
        i = self.index.get(a)
        return FAR if i is None else self.dist[i][j]


class _Dealing:
    """Where a dealer of one colour may put pawns, for one set of shop owners and pawns placed."""

    __slots__ = ("runs", "sections", "squares")

    def __init__(self, t: _Tables, colour: int, owner: list[int], pawns: dict[str, int]) -> None:
        geo = t.geo
        shop_index = geo.shop_index
        self.sections = frozenset(sec for sec, section in geo.board.sections.items() if sec not in pawns
                                  and all(owner[shop_index[x]] in (-1, colour) for x in section.shops))
        """The sections it may put a pawn on, wherever it stands: no pawn there, no rival's shop along
        it (L30, L33)."""
        squares = []
        for sq, secs in geo.touching.items():
            count = sum(1 for sec in secs if sec in self.sections)
            if count:
                squares.append((t.index[sq], count))
        squares.sort(key=itemgetter(1), reverse=True)
        self.squares = squares
        """(place index, free sections it touches) of every square touching any, most first."""
        self.runs: dict[tuple[int, int], list[tuple[int, float]]] = {}

    def targets(self, stock: int, per_pawn: int) -> list[tuple[int, float]]:
        """The squares as targets of a dealer with `stock` pawns, worth `per_pawn` each: (place index,
        value), most valuable first."""
        run = self.runs.get((stock, per_pawn))
        if run is None:
            run = self.runs[stock, per_pawn] = [(place, min(free, stock) * per_pawn)
                                                for place, free in self.squares]
        return run


_TABLES: Final[dict[int, _Tables]] = {}
CACHE_SIZE: Final = 20_000
"""Most entries of each table a board keeps of what recurs from decision to decision."""


def _tables(geo: Geometry) -> _Tables:
    t = _TABLES.get(id(geo))
    if t is None or t.geo is not geo:
        t = _TABLES[id(geo)] = _Tables(geo)
    return t


# -- duel odds -----------------------------------------------------------------------------------------

_ODDS: Final[dict[tuple[DuelOptions, tuple[int, bool], tuple[int, bool, int, int]],
                  tuple[float, float, float]]] = {}


def duel_odds(options: DuelOptions, attackers: tuple[int, bool], defenders: tuple[int, bool, int, int]
              ) -> tuple[float, float]:
    """(chance the attackers win, chance the first attacker falls) of a duel (S21-S22).

    `attackers` = (gangsters, one of them the killer?), `defenders` = (gangsters, one of them the
    killer?, managers, patrols). Estimated once per line-up and options by duels fought with a fixed
    seed (the game's generator is never touched), so the bot stays deterministic and blind to the future.

    >>> win, fall = duel_odds(DuelOptions(), (1, True), (0, False, 1, 0))
    >>> 0.6 < win < 0.9 and 0.1 < fall < 0.4
    True
    """
    win, fall, _ = duel_stats(options, attackers, defenders)
    return win, fall


def duel_stats(options: DuelOptions, attackers: tuple[int, bool], defenders: tuple[int, bool, int, int]
               ) -> tuple[float, float, float]:
    """(win, first attacker falls, clean win) of a line-up, from the same cached duels as `duel_odds`.

    A clean win leaves every defender dead: no manager survives to witness a stick-up (L57, S29 a),
    which a manager injured, not killed, does. With `dart_dead` 1 every win is clean, below 1 a win
    may leave a manager injured.

    >>> certain, line_up = DuelOptions(dart_dead=1.0), (0, False, 1, 0)
    >>> win, fall, clean = duel_stats(certain, (1, True), line_up)
    >>> clean == win == duel_odds(certain, (1, True), line_up)[0]
    True
    """
    key = (options, attackers, defenders)
    odds = _ODDS.get(key)
    if odds is None:
        gangsters, killer = attackers
        d_gangsters, d_killer, managers, patrols = defenders
        if d_gangsters + managers + patrols == 0:
            return 1.0, 0.0, 1.0
        att = Side.of(killer=killer, gangsters=gangsters - killer)
        dfn = Side.of(killer=d_killer, gangsters=d_gangsters - d_killer, managers=managers, patrols=patrols)
        wins = falls = clean = 0
        rng = 0x5EED
        for _ in range(ODDS_SAMPLES):
            result = duel(att, dfn, options, rng)
            rng = result.rng
            won = result.winner == ATTACKER
            wins += won
            falls += result.status[ATTACKER][0] != "standing"
            clean += won and all(status == "dead" for status in result.status[DEFENDER])
        odds = _ODDS[key] = (wins / ODDS_SAMPLES, falls / ODDS_SAMPLES, clean / ODDS_SAMPLES)
    return odds


# -- the planner: one decision -------------------------------------------------------------------------


class _Planner:
    """Scores the legal actions of one decision of `seat`; never changes the state."""

    def __init__(self, state: SupergangState, seat: int, legal: Sequence[int]) -> None:
        self.s = state
        self.seat = seat
        self.legal = legal
        self.geo = state.geo
        self.board = state.geo.board
        self.t = _tables(state.geo)
        self.police = seat == state.police_seat
        self.money = state.money[seat] if seat < state.gangs else 0
        limit = state.options["turn_limit"] or 20
        self.left = max(1, limit - state.round + 1)
        """Rounds left (counting this one), what incomes are multiplied by."""
        self.early = state.round <= EARLY_ROUNDS
        self.patrols = [p for p in state.ppos if p not in (JAIL, SEWER)]
        self.sight: int = state.options["cop_sight"]
        self._district_counts: list[list[int]] | None = None
        self._buy_values: list[float] | None = None
        self.target_cache: dict[tuple[int, int], list[list[tuple[int, float]]]] = {}
        self._patrol_distance: dict[str, int] = {}
        self._watched: dict[str, tuple[bool, float]] = {}

    # ---- generic values ----

    def character_worth(self, c: int) -> float:
        """What gang c // 3 loses while character c is out of play (a dealer: its pawns' income too)."""
        worth = ROLE_WORTH[c % 3]
        if c % 3 == DEALER:
            colour = c // 3
            worth += 3 * sum(1 for g in self.s.pawns.values() if g == colour)
        return worth

    def fall_cost(self, c: int) -> float:
        """Expected cost for its gang of character c falling in a duel (injured or dead)."""
        dead = float(self.s.duel_options.dart_dead)
        return self.character_worth(c) * (1 - dead + dead * DEAD_FACTOR)

    def patrol_distance(self, place: str) -> int:
        """Street steps from the nearest patrol to `place` (once per place and decision)."""
        near = self._patrol_distance.get(place)
        if near is None:
            near = self._patrol_distance[place] = min((self.t.distance(p, place) for p in self.patrols),
                                                      default=FAR)
        return near

    def crime_cost(self, place: str, years: float, c: int, witnessed: float = 0.0) -> float:
        """Expected cost of `years` of crimes committed at `place`: noticed by a witness on the spot
        (a surviving manager, S29 a) with chance `witnessed`, else at once by a patrol within sight, or
        later by one stopping there before the criminal moves (S29 b)."""
        if self.early or not years or self.police:
            return 0.0
        watched = self._watched.get(place)
        if watched is None:
            # (in sight of a patrol now, the chance one comes by otherwise), once per place and decision
            if any(self.geo.distance.get((p, place), FAR) <= self.sight for p in self.patrols):
                watched = self._watched[place] = (True, 1.0)
            else:
                near = self.patrol_distance(place)
                later = 0.5 if near <= REACH else 0.1 if self.patrols else 0.2
                watched = self._watched[place] = (False, later)
        in_sight, later = watched
        seen = 1.0 if witnessed >= 1 or in_sight else witnessed + (1 - witnessed) * later
        # A longer record means a longer jail stay once arrested.
        return years * YEAR_COST * seen * (1 + 0.1 * self.s.record[c])

    def district_counts(self) -> list[list[int]]:
        """Per district, per gang: shops owned. Counted once per decision: the shops' worths read it
        for every shop and gang (the bot's most called code)."""
        counts = self._district_counts
        if counts is None:
            # A column per seat: the police seat (S36) owns nothing but is asked too.
            counts = self._district_counts = [[0] * self.s.players for _ in self.t.district_sizes]
            district = self.t.district
            for i, owner in enumerate(self.s.owner):
                if owner >= 0:
                    counts[district[i]][owner] += 1
        return counts

    def shop_worth(self, gang: int, i: int) -> float:
        """What owning shop i is worth to `gang`: rank, income for the rounds left, district progress."""
        d = self.t.district[i]
        owned = self.district_counts()[d][gang]
        if self.s.owner[i] != gang and owned == self.t.district_sizes[d] - 1:
            return DISTRICT_WIN
        return self.plain_worth(owned)

    def plain_worth(self, owned: int) -> float:
        """A shop's worth short of a district win: rank, income for the rounds left, and progress in a
        district where the gang owns `owned` shops."""
        return SHOP_RANK + 10 * self.left + DISTRICT_STEP * owned

    def buy_values(self) -> list[float]:
        """Per shop nobody owns: what buying it is worth to the bot's gang before its price
        (`shop_worth`), and half a win more when a rival owns the rest of its district (keeping it from
        them, S37); 0 for the others. Once per decision, a district at a time."""
        values = self._buy_values
        if values is None:
            seat, sizes = self.seat, self.t.district_sizes
            by_district: list[float] = []
            for d, counts in enumerate(self.district_counts()):
                rest = sizes[d] - 1
                owned = counts[seat]
                value = DISTRICT_WIN if owned == rest else self.plain_worth(owned)
                if any(counts[rival] == rest for rival in range(self.s.gangs) if rival != seat):
                    value += 0.5 * DISTRICT_WIN
                by_district.append(value)
            district = self.t.district
            values = self._buy_values = [by_district[district[i]] if owner == -1 else 0.0
                                         for i, owner in enumerate(self.s.owner)]
        return values

    def side_of(self, c: int) -> tuple[int, bool]:
        return 1, c % 3 == KILLER

    # ---- what a character could do at a place ----

    def placeable(self, c: int, place: str) -> int:
        """Sections the dealer c could put a pawn on at `place` (S16, L30, L33; its own colour, L47)."""
        s, board, geo = self.s, self.board, self.geo
        colour = c // 3
        found: set[str] = set(geo.touching.get(place, ()))
        if place in board.shops and s.owner[geo.shop_index[place]] == colour:
            found.update(board.sections_lining(place))
        return len(found & self.free_sections(colour))

    def free_sections(self, colour: int) -> frozenset[str]:
        """Sections a dealer of `colour` may put a pawn on, wherever it stands: no pawn there, no
        rival's shop along it (L30, L33)."""
        return self.t.free_sections(colour, self.s.owner, self.s.pawns).sections

    def recruit_value(self, c: int, place: str) -> float:
        """S17: recruiting the gang's dead character of the shop's letter, if the bot would."""
        s = self.s
        shop = self.board.shops.get(place)
        role = RECRUITS.get(shop.kind) if shop else None
        if role is None:
            return 0.0
        dead = 3 * self.seat + role
        if dead >= len(s.pos) or s.pos[dead] != GRAVEYARD:
            return 0.0
        owner = s.owner[self.geo.shop_index[place]]
        price = 0 if owner == self.seat else s.options["recruit_price"] if owner < 0 else 100
        if owner < 0 and self.money < price:
            return 0.0
        return RECRUIT_VALUE * ROLE_WORTH[role] - price

    def peaceful(self, c: int, place: str) -> dict[int, float]:
        """Values of the peaceful actions character c (played for the bot's gang) would have at `place`."""
        s, board = self.s, self.board
        gang, colour, role = self.seat, c // 3, c % 3
        money = self.money
        out: dict[int, float] = {}
        if place in board.shops:
            i = self.geo.shop_index[place]
            if s.owner[i] == -1:
                price = s.shop_price(place)
                may_buy = role != KILLER or s.options["killer_may_buy"]
                if may_buy and money >= price and s.tokens[gang] + (s.racket[i] == gang) > 0:
                    out[PURCHASE] = self.buy_values()[i] - price
                if s.racket[i] == -1 and s.tokens[gang] > 0:
                    out[RACKET] = 3 * self.left - self.crime_cost(place, 1, c)
            if role == DEALER and board.shops[place].kind == "star":
                pairs = min(MAX_PAIRS, money // 5, s.pawn_supply[colour] // 2)
                if pairs > 0:
                    # A pawn pays 5 a turn once placed; placing takes turns, hence the cap.
                    out[BUY0 + pairs - 1] = pairs * (2 * min(2.5 * self.left, 25) - 5)
            recruit = self.recruit_value(c, place)
            if recruit > 0:
                out[RECRUIT] = recruit
        if role == DEALER and s.pawn_stock[colour] > 0:
            n = min(s.pawn_stock[colour], self.placeable(c, place))
            if n:
                out[PLACE] = n * 5 * min(self.left, 8) - self.crime_cost(place, 1, c)
        if place in board.squares:
            value = 10 - self.crime_cost(place, 1, c)
            if value > 0:
                out[COWARD] = value
        return out

    def fights(self, c: int, place: str) -> dict[int, float]:
        """Expected values of the duels (and vamping) character c could start at `place`."""
        s, board = self.s, self.board
        gang = self.seat
        out: dict[int, float] = {}
        if place not in self.t.index:
            return out
        opts = s.duel_options
        cops = place in self.patrols  # L36: no firing with a patrol on the square
        if place in board.shops and not cops and (not self.early or s.options["early_stickup"]):
            i = self.geo.shop_index[place]
            owner = s.owner[i]
            managers = board.shops[place].managers
            line_up = (0, False, managers, 0)
            win, fall, clean = duel_stats(opts, self.side_of(c), line_up)
            if owner != gang and i not in s.robbed and win >= MIN_STICKUP:
                # Crimes: the stick-up, and an injury or a murder per manager shot (S28). A manager who
                # survives, standing or injured, witnesses them all (L57, S29 a): after a failure, and
                # after a success unless every manager was killed (the clean win of `duel_stats`).
                years = 1 + managers * (1 + float(opts.dart_dead))
                witnessed = 1 - clean
                loss = fall * self.fall_cost(c) + self.crime_cost(place, years, c, witnessed)
                if owner >= 0:
                    gain = min(s.stickup_yield(place), s.money[owner]) * 1.5  # the rival's loss too
                else:
                    gain = float(min(s.stickup_yield(place), s.bank))
                out[STICKUP_MONEY] = win * gain - loss
                if owner >= 0 and s.tokens[gang] > 0:
                    gain = self.shop_worth(gang, i) + 0.5 * self.shop_worth(owner, i)
                    out[STICKUP_OWNERSHIP] = win * gain - loss
        if self.early:
            return out
        for t in range(len(s.pos)):
            if s.pos[t] != place or s.gang_of(t) == gang:
                continue
            if not cops:
                managers = 0
                if place in board.shops and s.owner[self.geo.shop_index[place]] == s.gang_of(t):
                    managers = board.shops[place].managers
                win, fall = duel_odds(opts, self.side_of(c), (1, t % 3 == KILLER, managers, 0))
                if win >= MIN_WIN:
                    dead = float(opts.dart_dead)
                    years = win * (1 + dead) * (1 + managers)
                    gain = self.fall_cost(t)
                    out[KILL0 + t] = win * gain - fall * self.fall_cost(c) - self.crime_cost(place, years, c)
            if c % 3 == VAMP and s.captor[c] < 0 and c not in s.captor and s.captor[t] < 0 \
                    and not s.protected[t] and t not in s.captor and t != s.last_victim[c]:
                # The captive plays for the bot and is lost to its gang; a dealer's pawns pay the bot
                # (S20, L47).
                out[VAMP0 + t] = 0.8 * self.character_worth(t) + 10
        return out

    def danger(self, c: int, place: str) -> float:
        """Risk of ending the move at `place`: an arrest (a patrol in reach, a record, no manhole), a
        rival killer in reach (none in one's own shop, whose managers defend it, L27, nor with a patrol
        there, L36)."""
        s = self.s
        risk = 0.0
        record = s.record[c]
        if record and self.patrols and place not in self.geo.manholes:
            near = self.patrol_distance(place)
            if near <= REACH:
                risk += YEAR_COST * record * (1.0 if near == 0 else 0.5 / near)
        own_shop = place in self.board.shops and s.owner[self.geo.shop_index[place]] == self.seat
        if not self.early and c % 3 != KILLER and place not in self.patrols and not own_shop:
            for t in range(KILLER, len(s.pos), 3):
                if s.gang_of(t) == self.seat or s.pos[t] in NEUTRALIZED:
                    continue
                d = self.t.distance(s.pos[t], place)
                if d <= REACH:
                    risk += 0.15 * self.fall_cost(c) / (1 + d)
        return risk

    def stop_value(self, c: int, place: str) -> float:
        """What character c could make of a stop at `place`: its peaceful actions, its best fight, less
        the danger of standing there."""
        value = sum(v for v in self.peaceful(c, place).values() if v > 0)
        best_fight = max(self.fights(c, place).values(), default=0.0)
        return value + max(0.0, best_fight) - self.danger(c, place)

    def targets(self, c: int) -> list[list[tuple[int, float]]]:
        """Places worth heading for on later turns, for character c: runs of (place index, value),
        each the most valuable first (so that `potential` can stop early)."""
        key = (c % 3, c // 3)
        cached = self.target_cache.get(key)
        if cached is None:
            cached = self.target_cache[key] = self._targets(c)
        return cached

    def _targets(self, c: int) -> list[list[tuple[int, float]]]:
        s, t = self.s, self.t
        gang, colour, role = self.seat, c // 3, c % 3
        out = self._shop_targets(c)
        if role == KILLER and not self.early:
            out = out[:]
            for v in range(len(s.pos)):
                where = s.pos[v]
                if s.gang_of(v) != gang and v % 3 != KILLER and where in t.index:
                    out.append((t.index[where], 0.3 * self.character_worth(v)))
            out.sort(key=itemgetter(1), reverse=True)
        runs = [out]
        if role == DEALER and s.pawn_stock[colour] > 0:
            dealing = t.free_sections(colour, s.owner, s.pawns)
            runs.append(dealing.targets(s.pawn_stock[colour], 5 * min(self.left, 8)))
        return runs

    def _shop_targets(self, c: int) -> list[tuple[int, float]]:
        """The shops worth heading for, for character c (the most valuable first), from what they
        read: remembered by the board, for the next decisions that read the same."""
        s = self.s
        gang, colour, role = self.seat, c // 3, c % 3
        money = self.money
        may_buy = role != KILLER or bool(s.options["killer_may_buy"])
        stickups = not self.early or bool(s.options["early_stickup"])
        pawns = role == DEALER and s.pawn_supply[colour] > 0 and s.pawn_stock[colour] < 4 and money >= 5
        dead = tuple(r for r in range(3) if s.pos[3 * gang + r] == GRAVEYARD) if gang < s.gangs else ()
        key = (gang, s.gangs, s.players, role, money, self.left, may_buy, stickups, pawns, dead,
               tuple(s.owner), tuple(s.racket))
        cache = self.t.shop_targets
        out = cache.get(key)
        if out is None:
            if len(cache) >= CACHE_SIZE:
                cache.clear()
            out = cache[key] = self._work_out_shop_targets(role, may_buy, stickups, pawns, dead)
        return out

    def _work_out_shop_targets(self, role: int, may_buy: bool, stickups: bool, pawns: bool,
                               dead: tuple[int, ...]) -> list[tuple[int, float]]:
        s, t = self.s, self.t
        gang, money = self.seat, self.money
        out: list[tuple[int, float]] = []
        buy_values = self.buy_values() if may_buy else []
        owner, racket, shop_places = s.owner, s.racket, t.shop_places
        racket_value = 3.0 * self.left
        star_value = min(MAX_PAIRS, money // 5) * 2 * 2.0 * min(self.left, 10) if pawns else 0.0
        killer_stickups = role == KILLER and stickups
        recruit_values = {kind: RECRUIT_VALUE * ROLE_WORTH[r] - 50 for kind, r in RECRUITS.items()
                          if r in dead}
        # (`max(value, x)` below written out as: x replaces value only if larger.)
        for i, kind in enumerate(t.kinds):
            value = 0.0
            if owner[i] == -1:
                if may_buy:
                    # Worth less if the gang cannot pay for it yet.
                    price = 50 if kind == "basic" else 100
                    worth = buy_values[i] - price
                    value = worth * (1.0 if money >= price else 0.3)
                if racket[i] == -1 and racket_value > value:
                    value = racket_value
            if pawns and kind == "star" and star_value > value:
                value = star_value
            if killer_stickups and owner[i] != gang and kind == "basic" and value < 25.0:
                value = 25.0
            if recruit_values:
                recruit = recruit_values.get(kind)
                if recruit is not None and recruit > value:
                    value = recruit
            if value > 0:
                out.append((shop_places[i], value))
        out.sort(key=itemgetter(1), reverse=True)
        return out

    def potential(self, place: str, targets: list[list[tuple[int, float]]]) -> float:
        """The best target's value discounted by its distance from `place` (a target at `place` itself
        is the stop's own value, counted elsewhere)."""
        i = self.t.index.get(place)
        if i is None:
            return 0.0
        row = self.t.dist[i]
        decay = self.t.decay
        best = 0.0
        for run in targets:
            for j, value in run:
                d = row[j]
                if d:
                    if value * DECAY <= best:
                        break  # no target further in the run, a step away or more, can beat the best
                    v = value * decay[d]
                    if v > best:
                        best = v
        return best

    def destination_scores(self, c: int, options: dict[int, Move]) -> dict[int, float]:
        """Score of each destination id of character c."""
        targets = self.targets(c)
        scores: dict[int, float] = {}
        seen: dict[str, float] = {}
        for action, move in options.items():
            place = move.path[-1]
            value = seen.get(place)
            if value is None:
                value = seen[place] = self.stop_value(c, place) + FUTURE * self.potential(place, targets)
            scores[action] = value
        return scores

    # ---- the phases ----

    def best(self) -> int:
        phase = self.s.phase
        if phase == CHOOSE:
            return self.choose_character()
        if phase == MOVE:
            return self.move()
        if phase == ACT:
            return self.act()
        if phase == RESURFACE:
            return self.resurface()
        if phase == PATROL_MOVE:
            return self.patrol_move()
        if phase == PATROL_PLACE:
            return self.patrol_place()
        if phase == PATROL_ACT:
            return self.arrest()
        if phase == ARRESTED:
            return self.arrested()
        if phase == COP_OFFER:
            return self.buy_cops()
        if phase == PRICE:
            return self.ask_price()
        if phase == OFFER:
            return self.accept()
        return self.safe_default()

    def safe_default(self) -> int:
        """A harmless choice for a position the bot has no plan for."""
        for a in (DONE, DECLINE, SURRENDER, REFUSE):
            if a in self.legal:
                return a
        return next((a for a in self.legal if a != TIME_UP), self.legal[0])

    def choose_character(self) -> int:
        """S5: the character with the best prospects moves first (the turn clock is never let run out)."""
        best, best_value = self.safe_default(), -float("inf")
        for a in self.legal:
            if a == TIME_UP:
                continue
            value = self.character_prospect(a - CHAR0)
            if value > best_value:
                best, best_value = a, value
        return best

    def character_prospect(self, c: int) -> float:
        """The best destination score of character c with its die (from a manhole: without
        resurfacing)."""
        options = self.s.move_options(c)
        if not options:
            return -1.0
        return max(self.destination_scores(c, options).values())

    def move(self) -> int:
        c = self.s.actor
        options = self.s.move_options(c)
        scores = self.destination_scores(c, {a: options[a] for a in self.legal})
        return max(self.legal, key=lambda a: scores[a])

    def resurface(self) -> int:
        """S10: resurface where the best destination is, or stay."""
        s, c = self.s, self.s.actor
        best, best_value = STAY, -float("inf")
        trial = s.clone()  # only the character's position is changed on it: no action is applied
        for a in self.legal:
            if a != STAY:
                trial.pos[c], trial.prev[c], trial.entry[c] = self.geo.manholes[a - MANHOLE0], None, None
            if s.options["manhole_move"] == "instead":
                value = self.stop_value(c, trial.pos[c]) if a != STAY else 0.0
            else:
                # S10: from the manhole chosen, with a free heading.
                value = max(self.destination_scores(c, trial.move_options(c)).values(), default=-5.0)
            if value > best_value:
                best, best_value = a, value
        return best

    def act(self) -> int:
        """At a stop: the best peaceful action with a positive value, then the best fight with a positive
        expected value (and a good chance), then done."""
        s = self.s
        c = s.actor
        place = s.pos[c]
        values = self.peaceful(c, place)
        for a in self.legal:
            if BUY0 <= a < PLACE:
                # Pawns pay for themselves within two turns once placed: the most pawns allowed.
                pairs = a - BUY0 + 1
                values[a] = pairs * (2 * min(2.5 * self.left, 25) - 5)
            elif a == RECRUIT:
                values[a] = max(values.get(a, 0.0), 1.0)
        best, best_value = DONE, 0.0
        for a in self.legal:
            v = values.get(a, 0.0)
            if v > best_value:
                best, best_value = a, v
        if best != DONE:
            return best
        fights = self.fights(c, place)
        for a in self.legal:
            if CLINIC_KILL0 <= a < BUY_COPS:
                fights[a] = self.clinic_kill_value(c, a - CLINIC_KILL0, place)
            elif ATTACK_PATROL0 <= a < CLINIC_KILL0:
                win, _ = duel_odds(s.duel_options, self.side_of(c), (0, False, 0, 1))
                fights[a] = 1.0 if win >= MIN_WIN and s.record[c] >= 2 else -1.0
        for a in self.legal:
            v = fights.get(a, 0.0)
            if v > best_value:
                best, best_value = a, v
        if best in self.legal:
            return best

        def rank(a: int) -> tuple[int, float]:
            return (1, values[a]) if a in values else (0, fights.get(a, -1e9))

        # DONE is not legal yet (option shop_action_required, L12 "must"): the least bad action, a
        # peaceful one if there is one.
        return max(self.legal, key=rank)

    def clinic_kill_value(self, c: int, t: int, place: str) -> float:
        """S25: darts = the die (+ the killer's bonus), any hit kills the defenceless target; a murder."""
        s = self.s
        hit = float(s.duel_options.dart_hit)
        bonus = {"dice": 2, "shot": 1}.get(s.options["killer_bonus"], 0)
        darts = s.dice[c] + (bonus if c % 3 == KILLER else 0)
        win = 1 - (1 - hit) ** max(1, darts)
        if win < MIN_WIN:
            return -1.0
        return win * self.character_worth(t) * DEAD_FACTOR - self.crime_cost(place, 2 * win, c)

    # ---- recruiting, arrest, cops ----

    def ask_price(self) -> int:
        """L49: a rival's recruit strengthens a rival: refuse, unless it can pay a lot for it."""
        s = self.s
        recruiter_money = s.money[s.gang_of(s.actor)]
        asks = [(PRICES[a - PRICE0], a) for a in self.legal if PRICE0 <= a < REFUSE]
        affordable = [(p, a) for p, a in asks if 100 <= p <= recruiter_money]
        return max(affordable)[1] if affordable else REFUSE

    def accept(self) -> int:
        """Pay for one's own recruit up to about what the character is worth."""
        s = self.s
        price = PRICES[s.asked_price]
        role = RECRUITS.get(self.board.shops[s.pos[s.actor]].kind, KILLER)
        if ACCEPT in self.legal and price <= RECRUIT_VALUE * ROLE_WORTH[role]:
            return ACCEPT
        return DECLINE

    def arrested(self) -> int:
        """S30: rebel only with good odds and a long stay ahead; else surrender."""
        s = self.s
        c = s.arrested
        win, _ = duel_odds(s.duel_options, self.side_of(c), (0, False, 0, 1))
        if win >= MIN_WIN and s.record[c] >= 2:
            return REBEL
        return SURRENDER

    def arrest(self) -> int:
        """S30, S36: arrest the rival with the longest record first; never one's own."""
        s = self.s
        best, best_value = DONE, 0.0
        for a in self.legal:
            if a == DONE:
                continue
            t = a - ARREST0
            if not self.police and s.gang_of(t) == self.seat:
                continue
            value = 1.0 + s.record[t] + self.character_worth(t) / 100
            if value > best_value:
                best, best_value = a, value
        return best

    def buy_cops(self) -> int:
        """S32: the cops move both patrols every gang turn; bought only with money to spare."""
        if self.money >= self.s.options["cop_price"] + COPS_SPARE and self.left >= 5:
            return BUY_COPS
        return DONE

    # ---- patrols ----

    def patrol_value(self, place: str) -> float:
        """A patrol's stop: rival gangsters it may arrest there (a gang's patrol: those with a record or
        unnoticed crimes, which it notices on arrival; the police: everyone) and near, and the bot's own
        criminals kept out of sight."""
        s = self.s
        value = 0.0
        manhole = place in self.geo.manholes
        if manhole:
            return -1.0  # L61: down the manhole and off the board for a turn
        for t in range(len(s.pos)):
            where = s.pos[t]
            if where not in self.t.index:
                continue
            guilt = s.record[t] + s.pending[t]
            d = self.t.distance(place, where)
            if not self.police and s.gang_of(t) == self.seat:
                if guilt and self.geo.distance.get((place, where), FAR) <= max(1, self.sight):
                    value -= 10.0 * guilt
                elif d == 0 and not self.early and self.killer_near(where):
                    value += 5.0  # L36: no duel with a patrol on the square, a bodyguard
                continue
            wanted = guilt + (1 if self.police else 0)
            if not wanted:
                continue
            if d == 0 and where not in self.geo.manholes:
                value += 20.0 * wanted
            elif d <= 2 * REACH:
                value += 3.0 * wanted * DECAY ** d
        return value

    def killer_near(self, place: str) -> bool:
        """A free rival killer within one move of `place`."""
        s = self.s
        return any(s.gang_of(k) != self.seat and s.pos[k] not in NEUTRALIZED
                   and self.t.distance(s.pos[k], place) <= REACH for k in range(KILLER, len(s.pos), 3))

    def patrol_move(self) -> int:
        best, best_value = self.legal[0], -float("inf")
        places = self.geo.places
        for a in self.legal:
            value = self.patrol_value(places[dest_parts(a)[0]])
            if value > best_value:
                best, best_value = a, value
        return best

    def patrol_place(self) -> int:
        """L61: the patrol comes up at the manhole nearest the gangsters it is after."""
        best, best_value = self.legal[0], -float("inf")
        for a in self.legal:
            place = self.geo.manholes[a - MANHOLE0]
            value = sum(0.5 ** self.t.distance(place, self.s.pos[t]) * (1 + self.s.record[t])
                        for t in range(len(self.s.pos)) if self.police or self.s.gang_of(t) != self.seat)
            if value > best_value:
                best, best_value = a, value
        return best


class SupergangHeuristicBot(DeterminizingBot[SupergangState]):
    """A hand-written Supergang player (see the module docstring).

    >>> from gangland.engine import play_match
    >>> from gangland.games.supergang import GAME
    >>> bots = [SupergangHeuristicBot(seat) for seat in range(3)]
    >>> play_match(GAME, bots, seed=1, options={"turn_limit": 4}).result is not None
    True
    """

    state_type = SupergangState
    plays = "Supergang"
    rollout_horizon = ROLLOUT_HORIZON
    keep_in_search = True
    """A search rolling out with this bot plays the bot's move unless it clearly finds a better one: its
    rollouts, cut off at the horizon, cannot see what most moves are worth (`gangland.agents.ismcts`,
    Keep; measured in docs/strength.md). Asked in every variant, also where `win_chances` gives no
    estimate and rollouts play on (the police player, no turn limit): not measured there."""

    def win_chances(self, state: SupergangState) -> tuple[float, ...] | None:
        """Each seat's chance of winning from the running `state`, for search rollouts cut short: a
        softmax of the gangs' standing at the turn limit's ranking (shops, then money, S37), sharper as
        the limit nears. None with the police player (the police's own win, S36, has no estimate here)
        and without a turn limit (the ranking never decides then).

        >>> from gangland.games.supergang import GAME
        >>> chances = SupergangHeuristicBot().win_chances(GAME.new_game(3, seed=1))
        >>> [round(c, 3) for c in chances]
        [0.333, 0.333, 0.333]
        """
        limit = state.options["turn_limit"]
        if state.police_seat >= 0 or not limit:
            return None
        gangs = range(state.gangs)
        return standing_chances(max(0, limit - state.round), [state.shops_owned(g) for g in gangs],
                                [state.money[g] for g in gangs])

    def learned_chances(self, state: SupergangState) -> tuple[float, ...] | None:
        """Like `win_chances`, by the value model learned from self-play (`value.learned_chances`): what
        a search judges its cut-off by with the agent name part `learned` (docs/strength/notes.md)."""
        return learned_chances(state)

    def choose(self, state: SupergangState, seat: int) -> int:
        """The bot's action for `seat`, which must be the seat to act. Deterministic; reads only public
        fields (never the generator) and leaves the state unchanged."""
        if state.to_act != seat:
            raise ValueError(f"seat {seat} is not to act")
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return _Planner(state, seat, legal).best()
