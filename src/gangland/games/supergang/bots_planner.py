"""What the Supergang bot's moves are worth (`Planner`, one per decision): what a character loses its gang,
the cost of crimes, what shops are worth, what a character could do at a place (its peaceful actions, its
fights, the danger of standing there) and which places are worth heading for. The deciders (bots_turn.py,
bots_police.py) score the legal actions with it."""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import itemgetter
from typing import Final

from .actions import (
    BUY0,
    COWARD,
    DECLINE,
    DONE,
    KILL0,
    MAX_PAIRS,
    PLACE,
    PURCHASE,
    RACKET,
    RECRUIT,
    REFUSE,
    STICKUP_MONEY,
    STICKUP_OWNERSHIP,
    SURRENDER,
    TIME_UP,
    VAMP0,
)
from .board import Move
from .bots_odds import duel_odds, duel_stats
from .bots_tables import CACHE_SIZE, DECAY, FAR, tables
from .bots_weights import PLAIN, Style
from .constants import (
    CLINIC,
    DEALER,
    EARLY_ROUNDS,
    GRAVEYARD,
    JAIL,
    KILLER,
    NEUTRALIZED,
    RECRUITS,
    SEWER,
    VAMP,
)
from .shops import shop_price, stickup_yield
from .state import SupergangState
from .table import gang_of

SHOP_RANK: Final = 80.0
"""What one more shop is worth beyond its income: a step towards a district (S37 (1)) and a rival's
stick-up target the gang no longer is."""
DISTRICT_WIN: Final = 2000.0
"""Owning a whole district wins at once (S37)."""
DISTRICT_FOCUS: Final = 0.5
"""A district of n shops owned k of n is worth DISTRICT_FOCUS * DISTRICT_WIN * (k / n) ** 2 towards its
win (S37 (1)): each shop more is worth more than the last, which draws a gang's shops into one district."""
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
HUNT_WIN: Final = 0.74
KILLER_WIN: Final = 0.52
"""About a killer's chance against another gang's lone vamp or dealer, and against its killer (the
default dart model, `bots_odds`): how much a hunt is worth before the odds at the stop are known."""
MIN_HUNT: Final = 0.4
"""Nor a killing with less than this chance, even of a character whose fall brings an end nearer
(`Planner.knockout`)."""
FUTURE: Final = 0.35
"""Weight of the best target reachable on later turns against what the stop itself yields."""
REACH: Final = 6
"""Squares a character or a patrol may cover in one move (a die)."""
RECRUIT_VALUE: Final = 2.0
"""A recruit is worth this many times its role's worth (it comes back to play at once)."""
EXPECTED_END: Final = 15
"""The round by which the bot expects the game to end by the rules' own ends (L1 "2H to 3H" at L86's
four minutes a player turn: 8 to 15 rounds), whatever the turn limit (a safety net, S37): incomes are
counted up to it, not up to the limit."""
MIN_LEFT: Final = 3
"""Rounds of income the bot counts at least, however late the round."""
ELIMINATION: Final = 400.0
"""Putting out a rival gang's last free character (S37 (2): a gang with no free character is out of
the race for the last-gang win); a gang's second last is worth a quarter of it."""
LAST_RIVAL: Final = 0.8
"""Share of DISTRICT_WIN the last free character of the last rival gang is worth (taking it wins)."""


TIE: Final = 1e-9
"""Values this close are equal (`pick_best`)."""


def pick_best(actions: Sequence[int], values: Sequence[float], rng: random.Random) -> int:
    """The action of the highest value (`values[i]` is `actions[i]`'s), equals at random by `rng`: never the
    first by index, which would favour a seat (the characters, and so the targets, are numbered by seat) or
    a direction. `rng` is drawn from only when there are equals."""
    top = max(values)
    tied = [a for a, v in zip(actions, values, strict=True) if v >= top - TIE]
    return tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]


def progress(owned: int, size: int) -> float:
    """The step towards a district of `size` shops (S37 (1)) of one more shop where the gang owns
    `owned`: DISTRICT_FOCUS * DISTRICT_WIN * ((owned + 1) ** 2 - owned ** 2) / size ** 2."""
    return DISTRICT_FOCUS * DISTRICT_WIN * (2 * owned + 1) / (size * size)


class Planner:
    """Scores the legal actions of one decision of `seat` in a `style`; never changes the state. `rng`
    (the bot's own generator) breaks ties between equal actions (`pick_best`); without it a fixed one
    does."""

    def __init__(self, state: SupergangState, seat: int, legal: Sequence[int],
                 rng: random.Random | None = None, style: Style = PLAIN) -> None:
        self.s = state
        self.seat = seat
        self.legal = legal
        self.rng = rng if rng is not None else random.Random(0)
        self.geo = state.geo
        self.board = state.geo.board
        self.t = tables(state.geo)
        self.police = seat == state.police_seat
        reserve = style.reserve if state.bank > 0 else 0
        self.money = max(0, state.money[seat] - reserve) if seat < state.gangs else 0
        left = max(MIN_LEFT, EXPECTED_END - state.round + 1)
        limit = state.options["turn_limit"]
        self.left = min(left, max(1, limit - state.round + 1)) if limit else left
        """Rounds of income the bot counts (this one too): up to EXPECTED_END, or the turn limit if
        nearer."""
        self.early = state.round <= EARLY_ROUNDS
        self.min_win = MIN_WIN + style.odds_margin
        self.min_stickup = MIN_STICKUP + style.odds_margin
        self.min_hunt = MIN_HUNT + style.odds_margin
        self.risk = style.risk_weight
        """The style's win chances asked of a fight and weight on its own side's risks (`Style`); `money`
        is what it may spend, beyond the style's reserve."""
        self.patrols = [p for p in state.ppos if p not in (JAIL, SEWER)]
        self.sight: int = state.options["cop_sight"]
        self._district_counts: list[list[int]] | None = None
        self._free: list[int] | None = None
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

    def free_counts(self) -> list[int]:
        """Per gang: its free characters as the last-gang win counts them (S37 (2): on the board and not
        vamped away). Counted once per decision."""
        free = self._free
        if free is None:
            s = self.s
            free = self._free = [0] * s.gangs
            pos, captor = s.pos, s.captor
            for c in range(len(pos)):
                if captor[c] < 0 and pos[c] not in NEUTRALIZED:
                    free[c // 3] += 1
        return free

    def knockout(self, t: int) -> float:
        """What putting character t out of play (injured, dead, jailed or vamped away) is worth beyond its
        own worth: the end it brings nearer (S37 (2)). Its gang's last free character puts the gang out,
        and wins if it was the last rival standing; its second last is a quarter of that."""
        g = t // 3
        if g >= self.s.gangs or g == self.seat or self.s.captor[t] >= 0 or self.s.pos[t] in NEUTRALIZED:
            return 0.0
        if self.s.police_seat >= 0 or self.s.options["last_gang"] != "free":
            # No last-gang win with the police player (S37 (3)); with "alive" only the graveyard puts a
            # gang out, which a fight's injury, an arrest or a vamping does not.
            return 0.0
        free = self.free_counts()
        if free[g] == 1:
            rivals = sum(1 for o, n in enumerate(free) if n and o != self.seat)
            return LAST_RIVAL * DISTRICT_WIN if rivals == 1 and free[self.seat] else ELIMINATION
        if free[g] == 2:
            return 0.25 * ELIMINATION
        return 0.0

    def exposure(self, c: int) -> float:
        """What character c of the bot's gang falling costs beyond its worth: with it the gang's last
        free characters (S37 (2)) go."""
        free = self.free_counts()[self.seat] if self.seat < self.s.gangs else 3
        return ELIMINATION if free <= 1 else 0.25 * ELIMINATION if free == 2 else 0.0

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
        return self.risk * years * YEAR_COST * seen * (1 + 0.1 * self.s.record[c])

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
        """What owning shop i is worth to `gang`: rank, income for the rounds left, district progress
        (a gang owning it counts it among its shops of the district)."""
        d = self.t.district[i]
        owned = self.district_counts()[d][gang]
        if self.s.owner[i] == gang:
            owned -= 1
        size = self.t.district_sizes[d]
        if owned == size - 1:
            return DISTRICT_WIN
        return self.plain_worth(owned, size)

    def plain_worth(self, owned: int, size: int) -> float:
        """What one more shop is worth in a district of `size` shops where the gang owns `owned`: its rank,
        its income, and its step towards the district (S37 (1)), larger the nearer the district is to
        complete, which draws a gang's shops into one district."""
        return SHOP_RANK + 10 * self.left + progress(owned, size)

    def buy_values(self) -> list[float]:
        """Per shop nobody owns: what buying it is worth to the bot's gang before its price
        (`shop_worth`), and half of what it is worth to the rival furthest on in its district (keeping
        it from them, S37): half a win if that rival owns the rest; 0 for the others. Once per
        decision, a district at a time."""
        values = self._buy_values
        if values is None:
            seat, sizes = self.seat, self.t.district_sizes
            by_district: list[float] = []
            for d, counts in enumerate(self.district_counts()):
                size = sizes[d]
                rest = size - 1
                owned = counts[seat]
                rival = max((counts[r] for r in range(self.s.gangs) if r != seat), default=0)
                if owned == rest:
                    value = DISTRICT_WIN
                elif rival == rest:
                    value = self.plain_worth(owned, size) + 0.5 * DISTRICT_WIN
                else:
                    value = self.plain_worth(owned, size) + (0.5 * progress(rival, size) if rival else 0.0)
                by_district.append(value)
            district = self.t.district
            values = self._buy_values = [by_district[district[i]] if owner == -1 else 0.0
                                         for i, owner in enumerate(self.s.owner)]
        return values

    def side_of(self, c: int, place: str | None = None) -> tuple[int, bool]:
        """The side character c would fight with at `place` (S40): itself and, with `duel_allies`
        "square", the characters its gang plays that already stand there (count, any killer)."""
        s = self.s
        if place is None or s.options["duel_allies"] != "square":
            return 1, c % 3 == KILLER
        count, killer = 1, c % 3 == KILLER
        for t in range(len(s.pos)):
            if t != c and s.pos[t] == place and gang_of(s, t) == self.seat:
                count += 1
                killer = killer or t % 3 == KILLER
        return count, killer

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
                price = shop_price(s, place)
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
            win, fall, clean = duel_stats(opts, self.side_of(c, place), line_up)
            if owner != gang and i not in s.robbed and win >= self.min_stickup:
                # Crimes: the stick-up, and an injury or a murder per manager shot (S28). A manager who
                # survives, standing or injured, witnesses them all (L57, S29 a): after a failure, and
                # after a success unless every manager was killed (the clean win of `duel_stats`).
                years = 1 + managers * (1 + float(opts.dart_dead))
                witnessed = 1 - clean
                loss = self.risk * fall * self.fall_cost(c) + self.crime_cost(place, years, c, witnessed)
                if owner >= 0:
                    gain = min(stickup_yield(s, place), s.money[owner]) * 1.5  # the rival's loss too
                else:
                    gain = float(min(stickup_yield(s, place), s.bank))
                out[STICKUP_MONEY] = win * gain - loss
                if owner >= 0 and s.tokens[gang] > 0:
                    gain = self.shop_worth(gang, i) + 0.5 * self.shop_worth(owner, i)
                    out[STICKUP_OWNERSHIP] = win * gain - loss
        if self.early:
            return out
        side = self.side_of(c, place)
        for t in range(len(s.pos)):
            if s.pos[t] != place or gang_of(s, t) == gang:
                continue
            if not cops:
                managers = 0
                if place in board.shops and s.owner[self.geo.shop_index[place]] == gang_of(s, t):
                    managers = board.shops[place].managers
                win, fall = duel_odds(opts, side, (1, t % 3 == KILLER, managers, 0))
                bonus = self.knockout(t)
                if win >= self.min_win or (bonus and win >= self.min_hunt):
                    dead = float(opts.dart_dead)
                    years = win * (1 + dead) * (1 + managers)
                    gain = self.fall_cost(t) + bonus
                    loss = (self.risk * fall * (self.fall_cost(c) + self.exposure(c))
                            + self.crime_cost(place, years, c))
                    out[KILL0 + t] = win * gain - loss
            if c % 3 == VAMP and s.captor[c] < 0 and c not in s.captor and s.captor[t] < 0 \
                    and not s.protected[t] and t not in s.captor and t != s.last_victim[c]:
                # The captive plays for the bot and is lost to its gang; a dealer's pawns pay the bot
                # (S20, L47).
                out[VAMP0 + t] = 0.8 * self.character_worth(t) + 10 + self.knockout(t)
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
                if gang_of(s, t) == self.seat or s.pos[t] in NEUTRALIZED:
                    continue
                d = self.t.distance(s.pos[t], place)
                if d <= REACH:
                    risk += 0.15 * (self.fall_cost(c) + self.exposure(c)) / (1 + d)
        return self.risk * risk

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
        colour, role = c // 3, c % 3
        out = self._shop_targets(c)
        if not self.early and role != DEALER:
            hunt = self._hunt_targets(c)
            if hunt:
                out = sorted(out + hunt, key=itemgetter(1), reverse=True)
        runs = [out]
        if role == DEALER and s.pawn_stock[colour] > 0:
            dealing = t.free_sections(colour, s.owner, s.pawns)
            runs.append(dealing.targets(s.pawn_stock[colour], 5 * min(self.left, 8)))
        return runs

    def _hunt_targets(self, c: int) -> list[tuple[int, float]]:
        """Rival characters worth going after for character c: a killer shoots them, a vamp free to vamp
        takes them (S20), each worth its fall and the end it brings nearer (`knockout`), halved as they
        move on; and for a killer the clinic's entrances, where the injured of a gang with nobody free
        may be killed (L83) before they come back."""
        s, t = self.s, self.t
        gang, role = self.seat, c % 3
        vamping = role == VAMP and s.captor[c] < 0 and c not in s.captor
        out: list[tuple[int, float]] = []
        clinic = 0.0
        free = self.free_counts()
        for v in range(len(s.pos)):
            if v // 3 == gang or gang_of(s, v) == gang:
                continue
            where = s.pos[v]
            if role == KILLER:
                if where in t.index:
                    win = KILLER_WIN if v % 3 == KILLER else HUNT_WIN
                    out.append((t.index[where], 0.5 * win * (self.fall_cost(v) + self.knockout(v))))
                elif where == CLINIC and not free[v // 3]:
                    clinic = max(clinic, self.clinic_bonus(v))
            elif vamping and where in t.index and v % 3 != VAMP and s.captor[v] < 0 \
                    and not s.protected[v] and v != s.last_victim[c]:
                out.append((t.index[where], 0.5 * (0.8 * self.character_worth(v) + self.knockout(v))))
        if clinic:
            out.extend((t.index[e], 0.5 * clinic) for e in self.geo.clinic_entrances)
        return out

    def clinic_bonus(self, t: int) -> float:
        """What killing character t in the clinic (L83) is worth beyond its worth: a gang with nobody free
        stays out of the race while its injured are dead, not back in a few turns (S25)."""
        g = t // 3
        if g == self.seat or self.free_counts()[g]:
            return 0.0
        return 0.5 * ELIMINATION

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
               tuple(s.owner), tuple(s.racket), s.tokens[gang] > 0, s.duel_options)
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
        taking = stickups and s.tokens[gang] > 0
        side = (1, role == KILLER)
        take_odds = (duel_odds(s.duel_options, side, (0, False, 1, 0))[0],
                     duel_odds(s.duel_options, side, (0, False, 2, 0))[0])
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
            if taking and owner[i] >= 0 and owner[i] != gang:
                # A stick-up for ownership (L24): a step towards the bot's district, or a rival's lost.
                win = take_odds[0 if kind == "basic" else 1]
                take = 0.5 * win * (self.shop_worth(gang, i) + 0.5 * self.shop_worth(owner[i], i))
                if take > value:
                    value = take
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

    def safe_default(self) -> int:
        """A harmless choice for a position the bot has no plan for."""
        for a in (DONE, DECLINE, SURRENDER, REFUSE):
            if a in self.legal:
                return a
        return next((a for a in self.legal if a != TIME_UP), self.legal[0])
