"""The rules of Supergang (docs/rules/supergang.md, decisions S1-S39; fragment lines L1-L94).

A round: every gang plays a gang turn (S4): incomes (S33), the offer of the cops (S32), the dice, the
patrols moved first (S27) with their arrests (S30), then each character moving exactly its die without
turning back (S6-S10) and acting at its stop (S11): racket (S13), purchase (S14), stick-up (S15), traffic
(S16), recruiting (S17), gangland killing (S18), coward attack (S19), vamping (S20), attacking a patrol
(S30), killing in the clinic (S25). Duels use `duel.duel` (S21-S24). Crimes go on a character's record
when a witness notices them (S28-S29); arrested gangsters surrender or rebel (S30) and serve their years
in the jail (S31). Injured characters stay in the clinic (S25), dead ones in the graveyard until
recruited (S26, S17). The police-player variant (S36), the turn clock (S35) and the victories (S37).
"""

from __future__ import annotations

import random
from typing import Any

from gangland.engine import CachedLegalState, Result, rank_by
from gangland.engine.errors import OptionError
from gangland.engine.rng import mix_seed, splitmix64

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
    DEST0,
    DIRECTIONS,
    DONE,
    KILL0,
    MANHOLE0,
    MAX_MANHOLES,
    MAX_PAIRS,
    MAX_PLACES,
    MAX_SHOPS,
    NUM_ACTIONS,
    PATROLS,
    PLACE,
    PRICE0,
    PRICES,
    PURCHASE,
    RACKET,
    REBEL,
    RECALL0,
    RECRUIT,
    REFUSE,
    ROLES,
    STAY,
    STICKUP_MONEY,
    STICKUP_OWNERSHIP,
    SURRENDER,
    TIME_UP,
    VAMP0,
    dest_action,
    dest_parts,
)
from .board import Board, Move, load_board, moves, moves_from_jail
from .duel import ATTACKER, DEFENDER, DuelOptions, DuelResult, Fighter, Side, Status, clinic_kill, duel

# Phases: what the seat to act is asked.
(CHOOSE, RESURFACE, MOVE, ACT, OVER, COP_OFFER, PATROL_PLACE, PATROL_MOVE, PATROL_ACT, ARRESTED, PRICE,
 OFFER) = range(12)
PHASE_NAMES = ("choose the character that moves next", "resurface at another manhole?",
               "choose where the character stops", "act at the stop", "game over", "buy the cops?",
               "put the patrol back at a manhole", "choose where the patrol stops",
               "arrest a gangster on the patrol's square?", "surrender or rebel?",
               "name the price of a recruit", "pay the price asked for the recruit?")

KILLER, VAMP, DEALER = range(3)
JAIL = "jail"
CLINIC = "clinic"
"""S24-S25: where injured gangsters are put (the board's clinic place)."""
GRAVEYARD = "graveyard"
"""S24, S26: where dead gangsters are put (the board's graveyard place)."""
SEWER = "sewer"
"""L61: where a patrol that stopped on a manhole is, off the board, until it resurfaces."""
NEUTRALIZED = (JAIL, CLINIC, GRAVEYARD)
RECRUITS = {"T": KILLER, "V": VAMP, "D": DEALER}
"""L78, S17: a shop's letter names the character recruited there (T killer, V vamp, D dealer)."""
EARLY_ROUNDS = 3
"""L6: "During the three first turns, gangsters have not the right to harm each other"."""
BANK = {3: 1000, 4: 1320}
"""L84: "The bank owns 1320 millions for 4 players, 1000 millions for 3 players et not any more"."""
TOKENS = 15
"""S13: 15 tokens per gang, one stock for rackets and ownership."""
PAWNS = 20
"""S16 (designed, open question 4): 20 traffic pawns per gang."""
RACKET_INCOME, SHOP_INCOME, PAWN_INCOME = 5, 10, 5
"""L39: racket 5 a turn, purchase 10 a turn, traffic 5 a turn per placed pawn."""
PAIR_PRICE = 5
"""L28: "at the price of 5 millions the two"."""
COWARD_YIELD = 10
"""L17: "it yields 10 millions, given by the bank to the assaillant"."""
COWARD_YEARS, RACKET_YEARS, STICKUP_YEARS, TRAFFIC_YEARS, INJURY_YEARS, REBELLION_YEARS, MURDER_YEARS = \
    1, 1, 1, 1, 1, 1, 2
"""L66 / S28: coward attack, racket, stick-up, traffic, each target injured as attacker, rebellion: 1
year each; each murder 2."""
CUSTODY_YEARS = 1
"""L87: the police player takes an innocent "for one turn in jail"."""

DEFAULTS: dict[str, Any] = {
    "police_player": False,
    "first_seat": "dice",
    "shop_exit": "keep",
    "manhole_move": "then_move",
    "shop_action_required": False,
    "killer_may_buy": True,
    "neutralized_racket": False,
    "early_stickup": True,
    "dart_hit": 0.5,
    "dart_dead": 0.5,
    "dart_target": "choose",
    "duel_max_volleys": 50,
    "killer_bonus": "dice",
    "recruit_price": 50,
    "vamp_turns": 3,
    "clinic_turns": 2,
    "cop_sight": 1,
    "arrest_choice": "surrender_or_rebel",
    "cop_price": 500,
    "last_gang": "free",
    "turn_clock": 0,
    "turn_limit": 20,
    "board": "",
}
CHOICES: dict[str, tuple[Any, ...]] = {
    "police_player": (False, True),
    "first_seat": ("dice", "seat0"),
    "shop_exit": ("keep", "free"),
    "manhole_move": ("then_move", "instead"),
    "shop_action_required": (False, True),
    "killer_may_buy": (True, False),
    "neutralized_racket": (False, True),
    "early_stickup": (True, False),
    "dart_target": ("choose", "random"),
    "killer_bonus": ("dice", "shot", "none"),
    "arrest_choice": ("surrender_or_rebel", "surrender"),
    "last_gang": ("free", "alive"),
}
RANGES: dict[str, tuple[int, int]] = {
    "recruit_price": (0, 500), "vamp_turns": (1, 5), "clinic_turns": (1, 5), "cop_sight": (0, 3),
    "cop_price": (0, 10_000), "turn_clock": (0, 3600), "turn_limit": (0, 10_000),
}
"""Section 4's ranges of the whole-number options."""
MIN_DART_HIT = 0.05
"""Section 4: dart_hit ranges over 0.05-1 (a dart must be able to hit, or no duel ends)."""

# Flags of what a character did at its current stop (S11: each action at most once).
F_RACKET, F_PURCHASE, F_BUY, F_PLACE, F_COWARD, F_DUEL, F_VAMP, F_RECRUIT = 1, 2, 4, 8, 16, 32, 64, 128
"""F_DUEL: the stop's one "dice throw against characters" (L38): a stick-up, a killing, an attack on a
patrol or a clinic killing."""


class Geometry:
    """A board and the tables the state needs from it; shared by every state on that board (read-only
    but for its move cache, which only ever grows with values that depend on the key alone)."""

    __slots__ = ("board", "clinic_entrances", "direction_of", "distance", "manholes", "move_cache",
                 "place_index", "places", "shop_index", "shops", "touching")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.places: tuple[str, ...] = tuple(sorted(board.squares)) + tuple(sorted(board.shops))
        if len(self.places) > MAX_PLACES:
            raise OptionError(f"{board.source}: {len(self.places)} squares and shops; at most {MAX_PLACES}")
        self.place_index = {p: i for i, p in enumerate(self.places)}
        self.shops: tuple[str, ...] = tuple(sorted(board.shops))
        self.shop_index = {s: i for i, s in enumerate(self.shops)}
        self.manholes = board.manholes()
        if len(self.manholes) > MAX_MANHOLES:
            raise OptionError(f"{board.source}: more than {MAX_MANHOLES} manholes")
        if len(self.shops) > MAX_SHOPS:
            raise OptionError(f"{board.source}: more than {MAX_SHOPS} shops")
        self.touching = {sq: board.sections_touching(sq) for sq in board.squares}
        self.move_cache: dict[tuple[str, str | None, str | None, int], dict[int, Move]] = {}
        self.direction_of: dict[tuple[str, str], int] = {}
        self.clinic_entrances = board.places["clinic"].entrances
        self.distance = self._distances()

    def _distances(self) -> dict[tuple[str, str], int]:
        """Street steps between every two places (a shop counts as its entrance squares), for S29's sight."""
        board = self.board
        near = {sq: board.neighbours(sq) for sq in board.squares}
        street: dict[str, dict[str, int]] = {}
        for origin in board.squares:
            seen, frontier, d = {origin: 0}, [origin], 0
            while frontier:
                d += 1
                frontier = [n for sq in frontier for n in near[sq] if n not in seen]
                for n in frontier:
                    seen.setdefault(n, d)
                frontier = list(dict.fromkeys(frontier))
            street[origin] = seen
        def feet(place: str) -> tuple[str, ...]:
            return board.shops[place].entrances if place in board.shops else (place,)
        far = len(board.squares)
        return {(a, b): (0 if a == b else min(street[x].get(y, far) for x in feet(a) for y in feet(b)))
                for a in self.places for b in self.places}

    def xy(self, place: str) -> tuple[int, int]:
        where = self.board.squares.get(place) or self.board.shops[place]
        return where.x, where.y

    def direction(self, before: str, end: str) -> int:
        """0 north, 1 east, 2 south, 3 west: the heading of the step from `before` to `end`."""
        key = (before, end)
        d = self.direction_of.get(key)
        if d is None:
            (x0, y0), (x1, y1) = self.xy(before), self.xy(end)
            d = 1 if x1 > x0 else 3 if x1 < x0 else 2 if y1 > y0 else 0
            self.direction_of[key] = d
        return d


_GEOMETRY: dict[str, Geometry] = {}


def geometry(path: str) -> Geometry:
    """The geometry of the board at `path` ("" = the packaged board), loaded once."""
    geo = _GEOMETRY.get(path)
    if geo is None:
        geo = _GEOMETRY[path] = Geometry(load_board(path or None))
    return geo


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options with defaults filled in; OptionError on an unknown name or value."""
    merged = dict(DEFAULTS)
    for key, value in options.items():
        if key not in DEFAULTS:
            raise OptionError(f"unknown Supergang option {key!r}")
        merged[key] = value
    for key, allowed in CHOICES.items():
        if merged[key] not in allowed or type(merged[key]) is not type(allowed[0]):
            raise OptionError(f"option {key}: {merged[key]!r} is not one of {allowed}")
    for key, (low, high) in RANGES.items():
        value = merged[key]
        if type(value) is not int or not low <= value <= high:
            raise OptionError(f"option {key}: {value!r} must be a whole number in {low}..{high}")
    if not isinstance(merged["board"], str):
        raise OptionError(f"option board: {merged['board']!r} must be a path or empty")
    DuelOptions.from_options(merged)  # dart_dead, duel_max_volleys and dart_hit's 0..1 checked there
    hit = merged["dart_hit"]
    if isinstance(hit, bool) or not isinstance(hit, int | float) or hit < MIN_DART_HIT:
        raise OptionError(f"option dart_hit: {hit!r} must be a probability in {MIN_DART_HIT}..1")
    return merged


class SupergangState(CachedLegalState):
    """A game of Supergang in progress."""

    __slots__ = (
        "_players", "_rng", "actor", "arrested", "asked_price", "bank", "captor", "clinic_left", "cops_owner",
        "dice", "done", "duel_options", "entry", "events", "first", "flags", "gangs", "geo", "jail_years",
        "last_victim", "money", "moved", "options", "owner", "patrol", "pawn_stock", "pawn_supply", "pawns",
        "pdice", "pending", "pentry", "phase", "police_seat", "pos", "ppos", "pprev", "preturn", "prev",
        "protected", "racket", "record", "robbed", "round", "served", "tokens", "turn_player", "winner",
    )

    _players: int
    _rng: int
    actor: int
    """The character (3 * gang + role) moving or acting now, or -1."""
    arrested: int
    """The character asked to surrender or rebel (phase ARRESTED), or -1."""
    asked_price: int
    """Index into PRICES of the price the owner asked for a recruit (phase OFFER), or -1."""
    bank: int
    captor: list[int]
    """Per character: the vamp (a character) holding it (S20), or -1."""
    clinic_left: list[int]
    """Per character in the clinic: gang turns it still stays there (S25)."""
    cops_owner: int
    """The gang that bought the cops (S32), or -1."""
    dice: list[int]
    """This gang turn's die of each character that moves in it (S4: thrown together), else 0."""
    done: bool
    duel_options: DuelOptions
    entry: list[str | None]
    """Per character in a shop: the entrance square it came in by (S9)."""
    events: list[str]
    first: int
    flags: int
    """What the acting character did at this stop (F_* bits)."""
    gangs: int
    """Number of gangs (the seats but the police player's)."""
    geo: Geometry
    jail_years: list[int]
    """Per character in the jail: gang turns it still spends there (S31)."""
    last_victim: list[int]
    """Per vamp: the character it vamped last (L42), or -1."""
    money: list[int]
    moved: list[bool]
    """Per character: True if it does not (or no longer) move this gang turn."""
    options: dict[str, Any]
    owner: list[int]
    """Owning gang of each shop (Geometry.shops order), -1 for none."""
    patrol: int
    """The patrol being moved or acting (phases PATROL_*, ARRESTED), or -1."""
    pawn_stock: list[int]
    """Pawns bought and not placed, per gang (they earn nothing, L31)."""
    pawn_supply: list[int]
    """Pawns not yet bought, per gang."""
    pawns: dict[str, int]
    """Placed traffic pawns: section id -> gang (its colour)."""
    pdice: list[int]
    """This gang turn's die of each patrol that moves, else 0 (S27)."""
    pending: list[int]
    """Per character: years of crimes nobody has noticed yet; lost when it moves (L63, S29)."""
    pentry: list[str | None]
    phase: int
    police_seat: int
    """The police player's seat in the variant (S36), or -1."""
    pos: list[str]
    """Where each character is: JAIL, CLINIC, GRAVEYARD, a street square or a shop."""
    ppos: list[str]
    """Where each patrol is: JAIL (before round 4, or out of the fight: L80), SEWER (L61), a square or a
    shop."""
    pprev: list[str | None]
    preturn: list[int]
    """Per patrol in the jail or the sewer: the seat on whose turn it comes back (L61, L80), or -1."""
    prev: list[str | None]
    """The square entered just before `pos` (for a shop: the one before its entrance); None = any way."""
    protected: list[bool]
    """Per character: freed from a vamp and not moved since; cannot be vamped (L43)."""
    racket: list[int]
    """Racketeering gang of each shop, -1 for none."""
    record: list[int]
    """Years on each character's police record: noticed crimes (S28-S29; erased at death, L78, and when
    jailed, S31)."""
    robbed: set[int]
    """Shops the turn player's gang has stuck up successfully this gang turn (L25)."""
    round: int
    served: list[int]
    """Per vamped character: the vamp's gang turns in which it was played (L43)."""
    tokens: list[int]
    turn_player: int
    winner: int
    """The winning seat (a gang by district or as the last gang, or the police player), or -1."""

    # -- set-up ----------------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any] | None = None) -> SupergangState:
        """S3: three characters per gang in the jail, no money, 15 tokens, the bank 1320 / 1000, and the
        first player by the three dice (or seat 0). With `police_player` the last seat is the police."""
        opts = check_options(options or {})
        gangs = players - 1 if opts["police_player"] else players
        if gangs not in BANK:
            raise OptionError(f"Supergang is for 3 or 4 gangs (L1), plus the police player in the variant "
                              f"(L92), not {players} players"
                              + (" with the police player" if opts["police_player"] else ""))
        s = cls.__new__(cls)
        s._players = players
        s.gangs = gangs
        s.police_seat = gangs if opts["police_player"] else -1
        s._rng = mix_seed(seed)
        s._legal = None
        s.options = opts
        s.duel_options = DuelOptions.from_options(opts)
        s.geo = geometry(opts["board"])
        s.events = []
        s.bank = BANK[gangs]
        s.money = [0] * gangs
        s.tokens = [TOKENS] * gangs
        s.pawn_supply = [PAWNS] * gangs
        s.pawn_stock = [0] * gangs
        s.pawns = {}
        s.owner = [-1] * len(s.geo.shops)
        s.racket = [-1] * len(s.geo.shops)
        n = 3 * gangs
        s.pos = [JAIL] * n
        s.prev = [None] * n
        s.entry = [None] * n
        s.record = [0] * n
        s.pending = [0] * n
        s.jail_years = [0] * n
        s.clinic_left = [0] * n
        s.captor = [-1] * n
        s.served = [0] * n
        s.protected = [False] * n
        s.last_victim = [-1] * n
        s.dice = [0] * n
        s.moved = [True] * n
        s.ppos = [JAIL] * PATROLS
        s.pprev = [None] * PATROLS
        s.pentry = [None] * PATROLS
        s.preturn = [-1] * PATROLS
        s.pdice = [0] * PATROLS
        s.patrol = -1
        s.arrested = -1
        s.asked_price = -1
        s.cops_owner = -1
        s.robbed = set()
        s.actor = -1
        s.flags = 0
        s.winner = -1
        s.done = False
        s.round = 1
        s.phase = CHOOSE
        s.first = 0 if opts["first_seat"] == "seat0" else s._first_by_dice()
        s.turn_player = s.first
        s._start_gang_turn()
        return s

    def _die(self) -> int:
        self._rng, r = splitmix64(self._rng)
        return 1 + r % 6

    def _first_by_dice(self) -> int:
        """S3: every player throws his three dice, the highest total starts, ties throw again."""
        throwing = list(range(self.gangs))
        while True:
            totals = {seat: self._die() + self._die() + self._die() for seat in throwing}
            self.events.append("first player throw: " + ", ".join(f"seat {s} {t}" for s, t in totals.items()))
            best = max(totals.values())
            throwing = [seat for seat, t in totals.items() if t == best]
            if len(throwing) == 1:
                self.events.append(f"seat {throwing[0]} plays first")
                return throwing[0]

    # -- the State contract ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self._players

    @property
    def to_act(self) -> int | None:
        if self.done:
            return None
        if self.phase in (PATROL_PLACE, PATROL_MOVE, PATROL_ACT):
            return self.cop_mover()
        if self.phase == ARRESTED:
            return self.gang_of(self.arrested)
        if self.phase == PRICE:
            return self.owner[self.geo.shop_index[self.pos[self.actor]]]
        return self.turn_player

    def cop_mover(self) -> int:
        """L58, L65, L89: who moves the patrols this gang turn: the police player, the cop owner, or the
        player whose turn it is."""
        if self.police_seat >= 0:
            return self.police_seat
        return self.cops_owner if self.cops_owner >= 0 else self.turn_player

    def result(self) -> Result:
        """One point to the winner (S37): a district owner, the last gang or the police player; at the
        turn limit (not a rule) the gang with most shops, then most money (a tie shares the point)."""
        ranks = rank_by(self.rank_keys())
        points = tuple(int(r == 1) for r in ranks)
        winners = tuple(s for s, r in enumerate(ranks) if r == 1)
        return Result(points, ranks, winners, tuple({"victory": p} for p in points))

    def rank_keys(self) -> list[tuple[int, ...]]:
        """The winner first; then most shops, then most money (the police player has neither)."""
        keys: list[tuple[int, ...]] = [(int(seat == self.winner), self.shops_owned(seat), self.money[seat])
                                       for seat in range(self.gangs)]
        if self.police_seat >= 0:
            keys.append((int(self.police_seat == self.winner), -1, -1))
        return keys

    def apply(self, action: int) -> None:
        self._checked(action)
        self.events = []
        self._apply(action)
        if not self.done:  # S37: "Checked after every action"
            self._check_last_gang()

    def _why_illegal(self, action: object) -> str:
        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            return f"{action!r} is not a Supergang action id (0..{NUM_ACTIONS - 1})"
        if self.done:
            return f"{self.action_text(action)!r}: the game is over"
        choices = "; ".join(self.action_text(a) for a in self._legal or [])
        return (f"{self.action_text(action)!r} is not legal now: seat {self.to_act} is asked to "
                f"{PHASE_NAMES[self.phase]}; legal now: {choices}")

    def clone(self) -> SupergangState:
        s = SupergangState.__new__(SupergangState)
        s._legal = self._legal
        s._players = self._players
        s._rng = self._rng
        s.actor = self.actor
        s.arrested = self.arrested
        s.asked_price = self.asked_price
        s.bank = self.bank
        s.captor = self.captor[:]
        s.clinic_left = self.clinic_left[:]
        s.cops_owner = self.cops_owner
        s.dice = self.dice[:]
        s.done = self.done
        s.duel_options = self.duel_options
        s.entry = self.entry[:]
        s.events = self.events[:]
        s.first = self.first
        s.flags = self.flags
        s.gangs = self.gangs
        s.geo = self.geo
        s.jail_years = self.jail_years[:]
        s.last_victim = self.last_victim[:]
        s.money = self.money[:]
        s.moved = self.moved[:]
        s.options = self.options
        s.owner = self.owner[:]
        s.patrol = self.patrol
        s.pawn_stock = self.pawn_stock[:]
        s.pawn_supply = self.pawn_supply[:]
        s.pawns = dict(self.pawns)
        s.pdice = self.pdice[:]
        s.pending = self.pending[:]
        s.pentry = self.pentry[:]
        s.phase = self.phase
        s.police_seat = self.police_seat
        s.pos = self.pos[:]
        s.ppos = self.ppos[:]
        s.pprev = self.pprev[:]
        s.preturn = self.preturn[:]
        s.prev = self.prev[:]
        s.protected = self.protected[:]
        s.racket = self.racket[:]
        s.record = self.record[:]
        s.robbed = set(self.robbed)
        s.round = self.round
        s.served = self.served[:]
        s.tokens = self.tokens[:]
        s.turn_player = self.turn_player
        s.winner = self.winner
        return s

    def determinize(self, seat: int, rng: random.Random) -> SupergangState:
        """S38: nothing is hidden but the future dice (this turn's dice are thrown and public):
        re-seed the copy's generator from `rng`."""
        self.check_seat(seat)
        s = self.clone()
        s._rng = rng.getrandbits(64)
        return s

    def inventory(self) -> dict[str, int]:
        """What the game conserves: money (bank and gangs), each gang's tokens, pawns, characters, patrols."""
        counts = {"money": self.bank + sum(self.money), "characters": len(self.pos),
                  "patrols": len(self.ppos)}
        for g in range(self.gangs):
            counts[f"seat {g} tokens"] = (self.tokens[g] + sum(1 for o in self.owner if o == g)
                                          + sum(1 for r in self.racket if r == g))
        # L32: placed pawns change colour with a shop's owner, so only the total is conserved.
        counts["traffic pawns"] = sum(self.pawn_supply) + sum(self.pawn_stock) + len(self.pawns)
        return counts

    def view(self, seat: int | None) -> dict[str, Any]:
        """S38: everything is public, so every seat sees the same (JSON-ready)."""
        if seat is not None:
            self.check_seat(seat)
        geo = self.geo

        def character(c: int) -> dict[str, Any]:
            return {"at": self.pos[c], "from": self.prev[c], "entrance": self.entry[c],
                    "record": self.record[c], "pending": self.pending[c], "jail_years": self.jail_years[c],
                    "clinic_turns": self.clinic_left[c],
                    "vamped_by": self.captor[c] // 3 if self.captor[c] >= 0 else None,
                    "vamp_turns_served": self.served[c], "die": self.dice[c],
                    "moved": self.moved[c] and self.dice[c] > 0}

        return {
            "game": "supergang",
            "seat": seat,
            "players": self._players,
            "police_seat": self.police_seat if self.police_seat >= 0 else None,
            "round": self.round,
            "first": self.first,
            "turn_player": self.turn_player,
            "to_act": self.to_act,
            "phase": PHASE_NAMES[self.phase],
            "actor": self.actor_name(),
            "arrested": self.character_name(self.arrested) if self.arrested >= 0 else None,
            "bank": self.bank,
            "cops_owner": self.cops_owner if self.cops_owner >= 0 else None,
            "gangs": [{
                "money": self.money[g],
                "tokens": self.tokens[g],
                "pawn_supply": self.pawn_supply[g],
                "pawn_stock": self.pawn_stock[g],
                "characters": {ROLES[r]: character(3 * g + r) for r in range(3)},
            } for g in range(self.gangs)],
            "patrols": [{"at": self.ppos[p], "from": self.pprev[p], "die": self.pdice[p],
                         "returns_with": self.preturn[p] if self.preturn[p] >= 0 else None}
                        for p in range(PATROLS)],
            "shops": {shop: {"owner": self.owner[i], "racket": self.racket[i]}
                      for i, shop in enumerate(geo.shops) if self.owner[i] >= 0 or self.racket[i] >= 0},
            "pawns": dict(sorted(self.pawns.items())),
            "stuck_up_this_turn": [geo.shops[i] for i in sorted(self.robbed)],
            "asked_price": PRICES[self.asked_price] if self.asked_price >= 0 else None,
            "turn_clock": ({"seconds": self.options["turn_clock"], "turn": f"{self.round}.{self.turn_player}"}
                           if self.options["turn_clock"] else None),
            "winner": self.winner,
            "over": self.done,
            "events": self.events[:],
            "options": {k: v for k, v in self.options.items() if v != DEFAULTS[k]},
        }

    # -- what is where -----------------------------------------------------------------------------

    def character_name(self, character: int) -> str:
        return f"seat {character // 3}'s {ROLES[character % 3]}"

    def actor_name(self) -> str | None:
        if self.phase in (PATROL_PLACE, PATROL_MOVE, PATROL_ACT, ARRESTED):
            return f"patrol {self.patrol + 1}"
        return self.character_name(self.actor) if self.actor >= 0 else None

    def gang_of(self, character: int) -> int:
        """The gang a character plays for: its own, or its vamp's while vamped (L41)."""
        captor = self.captor[character]
        return captor // 3 if captor >= 0 else character // 3

    def shops_owned(self, gang: int) -> int:
        return sum(1 for o in self.owner if o == gang)

    def is_free(self, character: int) -> bool:
        """On the board: not in the jail, the clinic or the graveyard."""
        return self.pos[character] not in NEUTRALIZED

    def patrol_on_board(self, p: int) -> bool:
        return self.ppos[p] not in (JAIL, SEWER)

    def patrols_at(self, place: str) -> list[int]:
        return [p for p in range(PATROLS) if self.ppos[p] == place]

    def stickup_yield(self, shop: str) -> int:
        """L20-21: a successful stick-up yields 50 (basic shop) / 100 (shop with initials)."""
        return 50 if self.geo.board.shops[shop].kind == "basic" else 100

    def shop_price(self, shop: str) -> int:
        """L39: purchase 50 (basic) / 100 (other shop)."""
        return 50 if self.geo.board.shops[shop].kind == "basic" else 100

    def move_options(self, character: int) -> dict[int, Move]:
        """Destination id -> the move, for the character and its die (S6-S9); for several paths to the
        same end from the same direction, the first path in sorted order."""
        return self._move_options(self.pos[character], self.prev[character], self.entry[character],
                                  self.dice[character])

    def patrol_options(self, p: int) -> dict[int, Move]:
        """The moves of patrol `p` with its die (S27: as a character's)."""
        return self._move_options(self.ppos[p], self.pprev[p], self.pentry[p], self.pdice[p])

    def _move_options(self, here: str, before: str | None, entry: str | None, die: int) -> dict[int, Move]:
        board, geo = self.geo.board, self.geo
        if self.options["shop_exit"] == "free" or here not in board.shops:
            entry = None
            if here in board.shops:
                before = None
        key = (here, before, entry, die)
        cached = geo.move_cache.get(key)
        if cached is not None:
            return cached
        if here == JAIL:
            found = moves_from_jail(board, die, die)
        elif here == CLINIC:  # S25: out by one of the clinic's entrance squares, which is the first step
            found = tuple(Move((e, *m.path)) for e in geo.clinic_entrances
                          for m in (moves(board, e, None, die - 1) if die > 1 else (Move(()),)))
        elif here in board.shops:
            found = moves(board, here, None, die)
            if entry is not None:  # S9 "keep": out by the entrance it came in by, then straight on
                found = tuple(m for m in found if m.path[0] == entry
                              and (len(m.path) == 1 or m.path[1] != before))
        else:
            found = moves(board, here, before, die)
        options: dict[int, Move] = {}
        for m in found:
            last = m.path[-2] if len(m.path) > 1 else here
            d = geo.direction(last, m.end) if last in board.squares or last in board.shops else 0
            options.setdefault(dest_action(geo.place_index[m.end], d), m)
        geo.move_cache[key] = options
        return options

    def placeable_sections(self, character: int) -> list[str]:
        """S16 / L30, L33: the empty sections touching the dealer's square, not lining a shop of another
        gang; in a shop its gang owns, also the empty sections lining it. A vamped dealer places pawns
        of its own colour (L47), so "its gang" is its own."""
        gang, here = character // 3, self.pos[character]
        board, geo = self.geo.board, self.geo
        found: set[str] = set(geo.touching.get(here, ()))
        if here in board.shops and self.owner[geo.shop_index[here]] == gang:
            found.update(board.sections_lining(here))
        out = []
        for sec in sorted(found):
            if sec in self.pawns:
                continue
            if any(self.owner[geo.shop_index[shop]] not in (-1, gang) for shop in board.sections[sec].shops):
                continue
            out.append(sec)
        return out

    def accomplice(self, character: int) -> int:
        """L45: the vamp's captive or the captive's vamp, or -1."""
        if self.captor[character] >= 0:
            return self.captor[character]
        if character % 3 == VAMP:
            return next((t for t, v in enumerate(self.captor) if v == character), -1)
        return -1

    def available(self, character: int) -> bool:
        """On the board, or due to leave the jail (years served) or the clinic (S25, S31)."""
        where = self.pos[character]
        if where == JAIL:
            return self.jail_years[character] == 0
        if where == CLINIC:
            return self.clinic_left[character] == 0 and self.jail_years[character] == 0
        return where != GRAVEYARD

    # -- legal actions -----------------------------------------------------------------------------

    def _stop_actions(self) -> list[int]:
        """The actions (besides DONE) open to the acting character at its stop (S11)."""
        c = self.actor
        gang, colour, role, here = self.gang_of(c), c // 3, c % 3, self.pos[c]
        board, geo = self.geo.board, self.geo
        out: list[int] = []
        if here in board.shops:
            i = geo.shop_index[here]
            shop = board.shops[here]
            unowned = self.owner[i] == -1
            token = self.tokens[gang] > 0
            could_racket = not self.flags & F_RACKET and unowned and self.racket[i] == -1
            could_buy = (not self.flags & F_PURCHASE and unowned and self.money[gang] >= self.shop_price(here)
                         and (role != KILLER or self.options["killer_may_buy"]))
            if could_racket and token:
                out.append(RACKET)
            if could_buy and (token or self.racket[i] == gang):
                out.append(PURCHASE)
            if not token and (could_racket or (could_buy and self.racket[i] != gang)
                              or self._could_take_ownership(c)):
                # L85: with no token left, one of the gang's tokens must first come off the board
                out += [RECALL0 + j for j in range(len(geo.shops))
                        if j != i and (self.owner[j] == gang or self.racket[j] == gang)]
            if role == DEALER and not self.flags & F_BUY and shop.kind == "star":
                for k in range(1, MAX_PAIRS + 1):
                    if self.money[gang] >= PAIR_PRICE * k and self.pawn_supply[colour] >= 2 * k:
                        out.append(BUY0 + k - 1)
        if (role == DEALER and not self.flags & F_PLACE and self.pawn_stock[colour] > 0
                and self.placeable_sections(c)):
            out.append(PLACE)
        if here in board.shops and not self.flags & F_RECRUIT and self._recruitable(c) >= 0:
            out.append(RECRUIT)
        return sorted(out + self._fight_actions())

    def _could_take_ownership(self, c: int) -> bool:
        """A stick-up for ownership would be open here but for a token (S15; L85)."""
        here, gang = self.pos[c], self.gang_of(c)
        i = self.geo.shop_index[here]
        owner = self.owner[i]
        return (not self.flags & F_DUEL and owner >= 0 and owner != gang and i not in self.robbed
                and not self.patrols_at(here)
                and (self.round > EARLY_ROUNDS or self.options["early_stickup"]))

    def _recruitable(self, character: int) -> int:
        """S17: the dead character of the shop's letter, of the character's gang, if it can be bought."""
        here, gang = self.pos[character], self.gang_of(character)
        shop = self.geo.board.shops[here]
        role = RECRUITS.get(shop.kind)
        if role is None or self.pos[3 * gang + role] != GRAVEYARD:
            return -1
        owner = self.owner[self.geo.shop_index[here]]
        if owner == -1 and self.money[gang] < self.options["recruit_price"]:
            return -1
        return 3 * gang + role

    def _fight_actions(self) -> list[int]:
        """S19 coward attack (a street square, rounds 1-3 too); S15 stick-up; S18 killing; S20 vamping;
        S30 attacking a patrol; S25 killing in the clinic. One duel per stop (L38); no firing at
        managers or gangsters with a patrol on the square (L36); no harm in rounds 1-3 (L6)."""
        c = self.actor
        gang, here = self.gang_of(c), self.pos[c]
        board, geo = self.geo.board, self.geo
        out: list[int] = []
        if here in board.squares and not self.flags & F_COWARD:
            out.append(COWARD)
        early = self.round <= EARLY_ROUNDS
        if (not early and c % 3 == VAMP and not self.flags & F_VAMP and self.captor[c] < 0
                and c not in self.captor):
            out += [VAMP0 + t for t in range(len(self.pos))
                    if self.pos[t] == here and self.gang_of(t) != gang and self._vampable(t)
                    and t != self.last_victim[c]]
        if self.flags & F_DUEL:
            return out
        cops = self.patrols_at(here)
        if here in board.shops and not cops and (not early or self.options["early_stickup"]):
            i = geo.shop_index[here]
            owner = self.owner[i]
            if owner != gang and i not in self.robbed:
                out.append(STICKUP_MONEY)
                if owner >= 0 and self.tokens[gang] > 0:
                    out.append(STICKUP_OWNERSHIP)
        if early:
            return out
        if not cops:
            out += [KILL0 + t for t in range(len(self.pos))
                    if self.pos[t] == here and self.gang_of(t) != gang]
            if here in geo.clinic_entrances:
                out += [CLINIC_KILL0 + t for t in range(len(self.pos))
                        if self.pos[t] == CLINIC and t // 3 != gang]
        out += [ATTACK_PATROL0 + p for p in cops]
        return out

    def _vampable(self, target: int) -> bool:
        """L43: not already vamped, not freed and unmoved since; designed: not a vamp holding a captive."""
        return self.captor[target] < 0 and not self.protected[target] and target not in self.captor

    def arrestable(self, p: int) -> list[int]:
        """S30: gangsters on the patrol's square with a record, not on a manhole (L16); in the variant the
        police player may also take innocents into custody (L87)."""
        here = self.ppos[p]
        if here in self.geo.manholes or not self.patrol_on_board(p):
            return []
        custody = self.police_seat >= 0
        return [t for t in range(len(self.pos))
                if self.pos[t] == here and (self.record[t] > 0 or (custody and self.pending[t] == 0))]

    def _compute_legal(self) -> list[int]:
        if self.done:
            return []
        phase = self.phase
        if phase == CHOOSE:
            chars = [CHAR0 + c for c in range(len(self.pos)) if not self.moved[c]]
            return [*chars, TIME_UP] if self.options["turn_clock"] else chars
        if phase == RESURFACE:
            here = self.pos[self.actor]
            return [STAY] + [MANHOLE0 + m for m, h in enumerate(self.geo.manholes) if h != here]
        if phase == MOVE:
            return sorted(self.move_options(self.actor))
        if phase == COP_OFFER:
            return [DONE, BUY_COPS]
        if phase == PATROL_PLACE:
            return [MANHOLE0 + m for m in range(len(self.geo.manholes))]
        if phase == PATROL_MOVE:
            return sorted(self.patrol_options(self.patrol))
        if phase == PATROL_ACT:
            return [DONE] + [ARREST0 + t for t in self.arrestable(self.patrol)]
        if phase == ARRESTED:
            return [SURRENDER, REBEL]
        if phase == PRICE:
            return [PRICE0 + k for k in range(len(PRICES))] + [REFUSE]
        if phase == OFFER:
            affordable = self.money[self.gang_of(self.actor)] >= PRICES[self.asked_price]
            return [ACCEPT, DECLINE] if affordable else [DECLINE]
        acts = self._stop_actions()
        if (self.options["shop_action_required"] and acts and self.flags == 0
                and self.pos[self.actor] in self.geo.board.shops):
            return acts
        return [DONE, *acts]

    def action_text(self, action: int) -> str:
        """A short English name of an action id."""
        n = len(self.pos)

        def who(t: int) -> str:
            return self.character_name(t) if t < n else f"character {t}"

        if action == DONE:
            return {COP_OFFER: "do not buy the cops", PATROL_ACT: "no arrest"}.get(self.phase, "done")
        if CHAR0 <= action < RACKET:
            return f"move {who(action - CHAR0)}"
        if action == RACKET:
            return "racket"
        if action == PURCHASE:
            return "purchase"
        if BUY0 <= action < PLACE:
            return f"buy {2 * (action - BUY0 + 1)} pawns"
        if action == PLACE:
            return "place pawns"
        if action == STAY:
            return "stay on the manhole"
        if MANHOLE0 <= action < DEST0:
            m = action - MANHOLE0
            hole = self.geo.manholes[m] if m < len(self.geo.manholes) else f"manhole {m}"
            return f"put the patrol at {hole}" if self.phase == PATROL_PLACE else f"resurface at {hole}"
        if DEST0 <= action < COWARD:
            place, d = dest_parts(action)
            name = self.geo.places[place] if place < len(self.geo.places) else f"place {place}"
            return f"stop at {name} from the {DIRECTIONS[(d + 2) % 4]}"
        if action == COWARD:
            return "coward attack"
        if action == STICKUP_MONEY:
            return "stick up for money"
        if action == STICKUP_OWNERSHIP:
            return "stick up for ownership"
        if KILL0 <= action < VAMP0:
            return f"attack {who(action - KILL0)}"
        if VAMP0 <= action < RECRUIT:
            return f"vamp {who(action - VAMP0)}"
        if action == RECRUIT:
            return "recruit"
        if PRICE0 <= action < REFUSE:
            return f"ask {PRICES[action - PRICE0]}"
        if action == REFUSE:
            return "refuse to sell"
        if action == ACCEPT:
            return "pay the price"
        if action == DECLINE:
            return "decline the price"
        if ARREST0 <= action < SURRENDER:
            return f"arrest {who(action - ARREST0)}"
        if action == SURRENDER:
            return "surrender"
        if action == REBEL:
            return "rebel"
        if ATTACK_PATROL0 <= action < CLINIC_KILL0:
            return f"attack patrol {action - ATTACK_PATROL0 + 1}"
        if CLINIC_KILL0 <= action < BUY_COPS:
            return f"shoot {who(action - CLINIC_KILL0)} in the clinic"
        if action == BUY_COPS:
            return f"buy the cops for {self.options['cop_price']}"
        if action == TIME_UP:
            return "time is up"
        j = action - RECALL0
        return f"take the token off {self.geo.shops[j] if j < len(self.geo.shops) else f'shop {j}'}"

    # -- the turn ----------------------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == CHOOSE:
            if action == TIME_UP:
                self._time_up()
                return
            self.actor = action - CHAR0
            self.moved[self.actor] = True
            self._begin_move()
        elif phase == RESURFACE:
            if action != STAY:
                self._resurface(self.geo.manholes[action - MANHOLE0])
                if self.options["manhole_move"] == "instead":
                    self._begin_stop()
                    return
            self._ask_move()
        elif phase == MOVE:
            self._move(self.move_options(self.actor)[action])
        elif phase == ACT:
            if action == DONE:
                self._end_stop()
            else:
                self._act(action)
        elif phase == COP_OFFER:
            if action == BUY_COPS:
                self._buy_cops()
            self._throw_dice()
        elif phase == PATROL_PLACE:
            p = self.patrol
            hole = self.geo.manholes[action - MANHOLE0]
            self.ppos[p], self.pprev[p], self.pentry[p], self.preturn[p] = hole, None, None, -1
            self.events.append(f"patrol {p + 1} comes up at {hole}")
            if not self._ask_patrol_move():
                self._next_patrol()
        elif phase == PATROL_MOVE:
            self._patrol_move(self.patrol_options(self.patrol)[action])
        elif phase == PATROL_ACT:
            if action == DONE:
                self._next_patrol()
            else:
                self._arrest(action - ARREST0)
        elif phase == ARRESTED:
            t, self.arrested = self.arrested, -1
            if action == SURRENDER:
                self.events.append(f"{self.character_name(t)} surrenders")
                self._imprison(t, self.record[t])
            else:
                self._fight_patrol(t, self.patrol, arrested=True)
            self._after_arrest()
        elif phase == PRICE:
            if action == REFUSE:
                self.events.append(f"seat {self.to_act} refuses to sell the recruit")
                self.phase = ACT
                self._after_act()
            else:
                self.asked_price = action - PRICE0
                self.events.append(f"seat {self.to_act} asks {PRICES[self.asked_price]} for the recruit")
                self.phase = OFFER
        else:  # OFFER
            price, self.asked_price = PRICES[self.asked_price], -1
            self.phase = ACT
            if action == ACCEPT:
                shop = self.pos[self.actor]
                owner = self.owner[self.geo.shop_index[shop]]
                self._transfer(self.gang_of(self.actor), owner, price)
                self._recruit_into(self._recruitable(self.actor), shop, f"for {price} paid to seat {owner}")
            else:
                self.events.append("the recruiter declines the price")
            self._after_act()

    def _start_gang_turn(self) -> None:
        """S4: incomes (S33), the time served in the jail and the clinic (S25, S31), the offer of the cops
        (S32), then the dice of the characters and patrols, thrown together."""
        g = self.turn_player
        self.robbed = set()
        self.actor = -1
        self.flags = 0
        self._incomes(g)
        sitting_out = [self._serve_time(c) for c in range(3 * g, 3 * g + 3)]
        self.moved = [True] * len(self.pos)
        for c in range(len(self.pos)):
            # L43: a captive whose service is over is his own gang's to move, and is freed by that move
            held = self.captor[c] >= 0 and self.served[c] < self.options["vamp_turns"]
            mine = c // 3 == g and not held and not sitting_out[c % 3] and self.available(c)
            held = held and self.captor[c] // 3 == g and self.is_free(c)
            self.moved[c] = not (mine or held)
        if all(p == GRAVEYARD for p in self.pos):
            self.events.append("every character is in the graveyard: the game ends")
            if self.police_seat >= 0:
                self.winner = self.police_seat
            self._end_game()
            return
        if (self.round > EARLY_ROUNDS and self.police_seat < 0 and self.cops_owner < 0
                and self.money[g] >= self.options["cop_price"]):
            self.dice = [0] * len(self.pos)
            self.phase = COP_OFFER
            return
        self._throw_dice()

    def _serve_time(self, c: int) -> bool:
        """S25, S31 (L66 "1 year means 1 turn without playing"): True if the character sits this gang
        turn out in the clinic or the jail; an injured criminal goes on from the clinic to the jail."""
        if self.pos[c] == CLINIC:
            if self.clinic_left[c] > 0:
                self.clinic_left[c] -= 1
                return True
            if self.jail_years[c] > 0:  # L77: from the clinic to the jail
                self.pos[c] = JAIL
                self.events.append(f"{self.character_name(c)} leaves the clinic for the jail")
        if self.pos[c] == JAIL and self.jail_years[c] > 0:
            self.jail_years[c] -= 1
            self.events.append(f"{self.character_name(c)} spends a year in the jail")
            return True
        return False

    def _throw_dice(self) -> None:
        """L58: the player throws the dice of the cops and of his available characters together."""
        g = self.turn_player
        self.dice = [0 if self.moved[c] else self._die() for c in range(len(self.pos))]
        in_play = self.round > EARLY_ROUNDS
        for p in range(PATROLS):
            # L61, L80: back on the turn of the player who pushed or shot it; a patrol in the sewer comes
            # back at once when a cop owner or the police player moves the patrols
            owned = self.cops_owner >= 0 or self.police_seat >= 0
            waiting = self.ppos[p] in (JAIL, SEWER) and self.preturn[p] >= 0 and not (
                self.preturn[p] == g or (self.ppos[p] == SEWER and owned))
            self.pdice[p] = self._die() if in_play and not waiting else 0
        thrown = [f"{self.character_name(c)} {self.dice[c]}" for c in range(len(self.pos)) if self.dice[c]]
        thrown += [f"patrol {p + 1} {self.pdice[p]}" for p in range(PATROLS) if self.pdice[p]]
        self.events.append(f"round {self.round}, seat {g}'s turn: dice " + (", ".join(thrown) or "none"))
        self.patrol = -1
        self._next_patrol()

    def _next_patrol(self) -> None:
        """S27: each patrol with a die moves (a patrol in the sewer first comes up, L61), then the
        characters."""
        while self.patrol + 1 < PATROLS:
            self.patrol += 1
            p = self.patrol
            if not self.pdice[p]:
                continue
            if self.ppos[p] == SEWER:
                self.phase = PATROL_PLACE
                return
            if self.ppos[p] == JAIL:
                self.preturn[p] = -1
                self.pprev[p] = self.pentry[p] = None
            if self._ask_patrol_move():
                return
        self.patrol = -1
        self.phase = CHOOSE
        if all(self.moved):
            self.events.append(f"seat {self.turn_player} has no character that can move")
            self._next_gang_turn()

    def _ask_patrol_move(self) -> bool:
        """PATROL_MOVE if the patrol has a move; else it stays (S7) and the next one goes."""
        if self.patrol_options(self.patrol):
            self.phase = PATROL_MOVE
            return True
        self.events.append(f"patrol {self.patrol + 1} cannot move {self.pdice[self.patrol]}: it stays")
        return False

    def _patrol_move(self, move: Move) -> None:
        p = self.patrol
        start = self.ppos[p]
        self.ppos[p], self.pprev[p], self.pentry[p] = self._arrival(start, self.pprev[p], move.path)
        here = self.ppos[p]
        self.events.append(f"patrol {p + 1} moves {len(move.path)}: {start} -> {' -> '.join(move.path)}")
        if here in self.geo.manholes:  # L61: "Cops fallen in manholes are removed from game"
            self.ppos[p], self.pprev[p], self.preturn[p] = SEWER, None, self.cop_mover()
            self.events.append(f"patrol {p + 1} falls into the manhole at {here}")
            self._next_patrol()
            return
        for t in range(len(self.pos)):  # L63: a crime is noticed while the criminal is on its square
            if self.pos[t] == here and self.pending[t]:
                self._notice(t)
        self._after_arrest()

    def _after_arrest(self) -> None:
        """Back to the patrol's arrests while it stands and has someone to arrest, else the next patrol."""
        if self.patrol_on_board(self.patrol) and self.arrestable(self.patrol):
            self.phase = PATROL_ACT
        else:
            self._next_patrol()

    def _notice(self, t: int) -> None:
        self.record[t] += self.pending[t]
        self.events.append(f"the police notice {self.character_name(t)}'s crimes: "
                           f"{self.pending[t]} year(s) on the record")
        self.pending[t] = 0

    def _arrest(self, t: int) -> None:
        """S30: surrender or rebel (the choice of the gangster's player); L87: custody of an innocent."""
        self.events.append(f"patrol {self.patrol + 1} arrests {self.character_name(t)}")
        if self.record[t] == 0:  # the variant's custody (L87)
            self._imprison(t, CUSTODY_YEARS)
            self._after_arrest()
        elif self.options["arrest_choice"] == "surrender_or_rebel":
            self.arrested = t
            self.phase = ARRESTED
        else:
            self._imprison(t, self.record[t])
            self._after_arrest()

    def _imprison(self, t: int, years: int) -> None:
        """S31: to the jail for `years` gang turns; the record is erased."""
        self._leave_board(t, JAIL)
        self.jail_years[t] = years
        self.record[t] = 0
        self.events.append(f"{self.character_name(t)} goes to the jail for {years} turn(s)")

    def _leave_board(self, t: int, where: str) -> None:
        """A character goes to the jail, the clinic or the graveyard: off the board, its unnoticed crimes
        forgotten, and any vamping it was part of over (L44)."""
        self.pos[t] = where
        self.prev[t] = self.entry[t] = None
        self.pending[t] = 0
        self.moved[t] = True
        self.protected[t] = False
        if where == GRAVEYARD:  # a recruit comes back new (L78)
            self.last_victim[t] = -1
        if self.captor[t] >= 0:
            self.events.append(f"{self.character_name(t)} is no longer vamped")
            self.captor[t] = -1
            self.served[t] = 0
        for held, vamp in enumerate(self.captor):
            if vamp == t:
                self._free_captive(held)

    def _free_captive(self, t: int) -> None:
        """L43 (at his first move after his service) and L44 (his vamp out of the fight): the vamped recovers
        his freedom; after L44, until he moves he cannot be vamped."""
        self.captor[t] = -1
        self.served[t] = 0
        self.protected[t] = True
        self.moved[t] = True
        self.events.append(f"{self.character_name(t)} recovers his freedom")

    def _buy_cops(self) -> None:
        g = self.turn_player
        price = self.options["cop_price"]
        self.money[g] -= price
        self.bank += price
        self.cops_owner = g
        self.events.append(f"seat {g} buys the cops for {price}: it moves the patrols from now on")

    def _time_up(self) -> None:
        """S35 (L86): every character not moved when the clock runs out goes to the jail for the next turn."""
        self.events.append(f"seat {self.turn_player}'s time is up")
        for c in range(len(self.pos)):
            if not self.moved[c]:
                self._leave_board(c, JAIL)
                self.jail_years[c] = 1
                self.events.append(f"{self.character_name(c)} goes to the jail for the next turn")
        self._next_gang_turn()

    def _pay_from_bank(self, gang: int, amount: int, why: str) -> None:
        """S34: the bank pays what it has and no more."""
        paid = min(amount, self.bank)
        if paid:
            self.bank -= paid
            self.money[gang] += paid
        if paid or amount:
            short = f" (the bank had only {paid})" if paid < amount else ""
            self.events.append(f"seat {gang} earns {paid} from {why}{short}")

    def _transfer(self, payer: int, payee: int, amount: int) -> int:
        """Money from one gang to another (or the bank: -1); no more than the payer has. The amount paid."""
        paid = min(amount, self.money[payer])
        self.money[payer] -= paid
        if payee >= 0:
            self.money[payee] += paid
        else:
            self.bank += paid
        return paid

    def _incomes(self, gang: int) -> None:
        """S33: 5 per racket token, 10 per owned shop, 5 per placed pawn while its dealer is free (L46;
        a vamped dealer's pawns pay the vamp's gang, L47); a neutralized gang earns only from its shops
        (L35)."""
        neutralized = not any(self.is_free(3 * gang + r) for r in range(3))
        if not neutralized or self.options["neutralized_racket"]:
            rackets = sum(1 for r in self.racket if r == gang)
            if rackets:
                self._pay_from_bank(gang, RACKET_INCOME * rackets, f"{rackets} racket(s)")
        shops = self.shops_owned(gang)
        if shops:
            self._pay_from_bank(gang, SHOP_INCOME * shops, f"{shops} shop(s)")
        if not neutralized:
            colours = {d // 3 for d in range(DEALER, len(self.pos), 3)
                       if self.is_free(d) and self.gang_of(d) == gang}
            pawns = sum(1 for p in self.pawns.values() if p in colours)
            if pawns:
                self._pay_from_bank(gang, PAWN_INCOME * pawns, f"{pawns} traffic pawn(s)")

    def _begin_move(self) -> None:
        """L43: a captive whose service is over recovers his freedom as soon as he moves; L63: unnoticed
        crimes are lost when the criminal moves; S10: from a manhole it may first resurface at another."""
        c = self.actor
        if self.captor[c] >= 0 and c // 3 == self.turn_player:
            self._free_captive(c)
        if self.pending[c]:
            self.events.append(f"{self.character_name(c)} gets away with {self.pending[c]} unnoticed year(s)")
            self.pending[c] = 0
        self.protected[c] = False
        if self.pos[c] in self.geo.manholes:
            self.phase = RESURFACE
        else:
            self._ask_move()

    def _resurface(self, manhole: str) -> None:
        c = self.actor
        self.events.append(f"{self.character_name(c)} goes down {self.pos[c]} and resurfaces at {manhole}")
        self.pos[c] = manhole
        self.prev[c] = None
        self.entry[c] = None

    def _ask_move(self) -> None:
        """S7: exactly the die; with no path of that length the character stays and does nothing."""
        if self.move_options(self.actor):
            self.phase = MOVE
        else:
            self.events.append(f"{self.character_name(self.actor)} cannot move {self.dice[self.actor]} "
                               f"squares from {self.pos[self.actor]} and stays")
            self._end_stop()

    def _arrival(self, start: str, before: str | None,
                 path: tuple[str, ...]) -> tuple[str, str | None, str | None]:
        """(where, the square before it, the entrance used) after moving along `path` from `start`."""
        board = self.geo.board
        end = path[-1]
        street_start = start in board.squares
        if end in board.shops:  # S9: it keeps the heading it had on the entrance square
            if len(path) >= 2:
                return end, (path[-3] if len(path) >= 3 else (start if street_start else None)), path[-2]
            return end, (before if street_start else None), start
        if len(path) >= 2:
            return end, path[-2], None
        return end, (start if street_start else None), None  # out of the jail or a shop with a one (L14)

    def _move(self, move: Move) -> None:
        c = self.actor
        start = self.pos[c]
        self.pos[c], self.prev[c], self.entry[c] = self._arrival(start, self.prev[c], move.path)
        self.events.append(f"{self.character_name(c)} moves {len(move.path)}: "
                           f"{start} -> {' -> '.join(move.path)}")
        if start == CLINIC:
            self.events.append(f"{self.character_name(c)} leaves the clinic")
        self._begin_stop()

    def _begin_stop(self) -> None:
        """S11: at its stop the character may act; with nothing to do the stop ends at once."""
        self.flags = 0
        self.phase = ACT
        if not self._stop_actions():
            self._end_stop()

    def _act(self, action: int) -> None:
        c = self.actor
        gang, colour, here = self.gang_of(c), c // 3, self.pos[c]
        geo = self.geo
        if action == RACKET:
            i = geo.shop_index[here]
            self.racket[i] = gang
            self.tokens[gang] -= 1
            self.flags |= F_RACKET
            self.events.append(f"{self.character_name(c)} rackets {here}")
            self._crime(c, RACKET_YEARS, "a racket")
        elif action == PURCHASE:
            i = geo.shop_index[here]
            price = self.shop_price(here)
            self._transfer(gang, -1, price)
            if self.racket[i] >= 0:  # L19: "the racket token is removed"
                self.tokens[self.racket[i]] += 1
                self.events.append(f"seat {self.racket[i]}'s racket token on {here} goes back")
                self.racket[i] = -1
            self.flags |= F_PURCHASE
            self.events.append(f"{self.character_name(c)} buys {here} for {price}")
            self._take_shop(gang, here)
        elif BUY0 <= action < PLACE:
            pairs = action - BUY0 + 1
            cost = PAIR_PRICE * pairs
            self._transfer(gang, -1, cost)  # L47: a vamped dealer buys with the vamp's money
            self.pawn_supply[colour] -= 2 * pairs
            self.pawn_stock[colour] += 2 * pairs
            self.flags |= F_BUY
            self.events.append(f"{self.character_name(c)} buys {2 * pairs} traffic pawns for {cost}")
        elif action == PLACE:
            placed = []
            for sec in self.placeable_sections(c):
                if not self.pawn_stock[colour]:
                    break
                self.pawns[sec] = colour
                self.pawn_stock[colour] -= 1
                placed.append(sec)
            self.flags |= F_PLACE
            self.events.append(f"{self.character_name(c)} places traffic pawns on {', '.join(placed)}")
            self._crime(c, TRAFFIC_YEARS, "traffic")
        elif action == COWARD:
            self.flags |= F_COWARD
            self.events.append(f"{self.character_name(c)} mugs a passer-by on {here} (coward attack)")
            self._pay_from_bank(gang, COWARD_YIELD, "a coward attack")
            self._crime(c, COWARD_YEARS, "a coward attack")
        elif action == RECRUIT:
            self._recruit()
            return
        elif action >= RECALL0:
            j = action - RECALL0
            shop = geo.shops[j]
            kind = "ownership" if self.owner[j] == gang else "racket"
            if self.owner[j] == gang:
                self.owner[j] = -1
            else:
                self.racket[j] = -1
            self.tokens[gang] += 1
            self.events.append(f"seat {gang} takes its {kind} token off {shop} (no token left, L85)")
        elif action in (STICKUP_MONEY, STICKUP_OWNERSHIP):
            self.flags |= F_DUEL
            self._stickup(action == STICKUP_OWNERSHIP)
        elif KILL0 <= action < VAMP0:
            self.flags |= F_DUEL
            self._killing(action - KILL0)
        elif VAMP0 <= action < RECRUIT:
            self.flags |= F_VAMP
            self._vamp(action - VAMP0)
        elif ATTACK_PATROL0 <= action < CLINIC_KILL0:
            self.flags |= F_DUEL
            self.events.append(f"{self.character_name(c)} attacks patrol {action - ATTACK_PATROL0 + 1}")
            self._fight_patrol(c, action - ATTACK_PATROL0, arrested=False)
        else:  # CLINIC_KILL0 + target
            self.flags |= F_DUEL
            self._clinic_kill(action - CLINIC_KILL0)
        self._after_act()

    def _after_act(self) -> None:
        """After an action the character may act again, unless it is down (S24) or has nothing left."""
        if self.done:
            return
        if not self.is_free(self.actor) or not self._stop_actions():
            self._end_stop()

    def _take_shop(self, gang: int, shop: str) -> None:
        """The gang's ownership token goes on the shop (a previous owner's token goes back, S15); the
        traffic pawns lining it take the new owner's colour (L32); then the district victory (S37)."""
        i = self.geo.shop_index[shop]
        if self.owner[i] >= 0:
            self.tokens[self.owner[i]] += 1
        self.owner[i] = gang
        self.tokens[gang] -= 1
        for sec in self.geo.board.sections_lining(shop):
            if self.pawns.get(sec, gang) != gang:
                self.pawns[sec] = gang
                self.events.append(f"the traffic pawn on {sec} takes seat {gang}'s colour")
        self._check_district(gang, shop)

    # -- recruiting and vamping --------------------------------------------------------------------

    def _recruit(self) -> None:
        """S17: free in one's own shop, `recruit_price` to the bank in an unowned one; in another gang's
        shop its owner names a price or refuses (L49)."""
        c = self.actor
        self.flags |= F_RECRUIT
        here, gang = self.pos[c], self.gang_of(c)
        owner = self.owner[self.geo.shop_index[here]]
        recruit = self._recruitable(c)
        self.events.append(f"{self.character_name(c)} recruits {self.character_name(recruit)} at {here}?")
        if owner == gang:
            self._recruit_into(recruit, here, "free in the gang's own shop")
        elif owner < 0:
            price = self.options["recruit_price"]
            self._transfer(gang, -1, price)
            self._recruit_into(recruit, here, f"for {price} paid to the bank")
        else:
            self.phase = PRICE
            return
        self._after_act()

    def _recruit_into(self, recruit: int, shop: str, how: str) -> None:
        """L48: "Each new recruited is immediately available in the shop"; it moves from the next turn,
        its record clean (L78)."""
        self.pos[recruit] = shop
        self.prev[recruit] = self.entry[recruit] = None
        self.record[recruit] = self.pending[recruit] = 0
        self.moved[recruit] = True
        self.events.append(f"{self.character_name(recruit)} is recruited at {shop} {how}")

    def _vamp(self, target: int) -> None:
        """S20: the target plays for the vamp's gang, as its fourth member, for `vamp_turns` turns."""
        c = self.actor
        self.captor[target] = c
        self.served[target] = 0
        self.last_victim[c] = target
        self.events.append(f"{self.character_name(c)} vamps {self.character_name(target)}")

    # -- fights ------------------------------------------------------------------------------------

    def _crime(self, character: int, years: int, what: str, *, noticed: bool = False,
               accomplices: bool = False) -> None:
        """S28-S29: the crime's years go on the record if a witness notices it (a surviving manager, a
        patrol within `cop_sight`, the police itself), else they wait as unnoticed until the criminal
        moves. L45: stick-ups and murders are crimes of the vamp and its captive both."""
        criminals = [character]
        partner = self.accomplice(character) if accomplices else -1
        if partner >= 0:
            criminals.append(partner)
        for t in criminals:
            if not self.is_free(t) and t != character:
                continue
            seen = noticed or self._in_sight(self.pos[t])
            if seen:
                self.record[t] += years
            else:
                self.pending[t] += years
            self.events.append(f"{self.character_name(t)} commits {what}: {years} year(s)"
                               + (" on the record" if seen else ", not noticed yet"))

    def _in_sight(self, place: str) -> bool:
        """S29 (b): a patrol on the board within `cop_sight` street steps of the place."""
        sight = self.options["cop_sight"]
        distance = self.geo.distance
        return any(self.patrol_on_board(p) and distance.get((self.ppos[p], place), sight + 1) <= sight
                   for p in range(PATROLS))

    def _fighter(self, character: int) -> Fighter:
        return Fighter(self.character_name(character), "gangster", killer=character % 3 == KILLER)

    def _duel(self, attackers: list[Fighter], defenders: list[Fighter]) -> DuelResult:
        """S21-S23 between the two sides; the generator moves on."""
        result = duel(Side(tuple(attackers)), Side(tuple(defenders)), self.duel_options, self._rng)
        self._rng = result.rng
        self.events.extend(result.events)
        return result

    def _attacker_crimes(self, attacker: int, fallen: tuple[Status, ...], *, noticed: bool = False) -> None:
        """S28: 1 year per target injured, 2 per target killed, by the attacker."""
        for status in fallen:
            if status == "injured":
                self._crime(attacker, INJURY_YEARS, "an injury", noticed=noticed)
            elif status == "dead":
                self._crime(attacker, MURDER_YEARS, "a murder", noticed=noticed, accomplices=True)

    def _fall(self, character: int, status: Status, *, by_police: bool = False) -> None:
        """S24: injured to the clinic (S25; shot by the police, then to the jail for its record, L77),
        dead to the graveyard with the record erased (L78, S26)."""
        if status == "standing":
            return
        if status == "injured":
            self._leave_board(character, CLINIC)
            self.clinic_left[character] = self.options["clinic_turns"]
            if by_police:
                self.jail_years[character] += self.record[character]
                self.record[character] = 0
        else:
            self._leave_board(character, GRAVEYARD)
            self.record[character] = self.jail_years[character] = self.clinic_left[character] = 0
            gang = character // 3
            if self.cops_owner == gang and all(self.pos[3 * gang + r] == GRAVEYARD for r in range(3)):
                self.cops_owner = -1  # L65: "except if all his gangsters are killed"
                self.events.append("the cops are for sale again")
        self.events.append(f"{self.character_name(character)} is {status}: to the "
                           f"{'clinic' if status == 'injured' else 'graveyard'}")

    def _stickup(self, ownership: bool) -> None:
        """S15: a duel against the shop's managers; success when they are all down. Surviving managers,
        standing or injured, witness the crimes (L57)."""
        c = self.actor
        gang, here = self.gang_of(c), self.pos[c]
        i = self.geo.shop_index[here]
        owner = self.owner[i]
        managers = self.geo.board.shops[here].managers
        what = "ownership" if ownership else "money"
        self.events.append(f"{self.character_name(c)} sticks up {here} for {what}"
                           f" against {managers} manager(s)")
        result = self._duel([self._fighter(c)],
                            [Fighter(f"manager{k + 1}", "manager") for k in range(managers)])
        success = result.winner == ATTACKER
        # L57: a manager injured, not killed, has survived too: any manager not dead is a witness (S29 a)
        witnessed = any(status != "dead" for status in result.status[DEFENDER])
        self._crime(c, STICKUP_YEARS, "a stick-up", noticed=witnessed, accomplices=True)
        self._attacker_crimes(c, result.status[DEFENDER], noticed=witnessed)
        if success:
            self.robbed.add(i)
            if ownership:
                self.events.append(f"the stick-up succeeds: seat {gang} takes {here} from seat {owner}")
                self._take_shop(gang, here)
            else:
                amount = self.stickup_yield(here)
                if owner >= 0:  # S34: the victim pays all it has
                    paid = self._transfer(owner, gang, amount)
                    self.events.append(f"the stick-up succeeds: seat {owner} pays seat {gang} {paid}")
                else:
                    self._pay_from_bank(gang, amount, f"the stick-up of {here}")
                racketeer = self.racket[i]
                if racketeer >= 0 and racketeer != gang:  # L54: the defender's racket token is removed
                    self.racket[i] = -1
                    self.tokens[racketeer] += 1
                    self.events.append(f"seat {racketeer}'s racket token on {here} goes back")
        else:
            self.events.append("the stick-up fails")
        self._fall(c, result.status[ATTACKER][0])

    def _killing(self, target: int) -> None:
        """S18: a duel against a character of another gang on the square; in a shop its managers join
        the defenders if the target's gang owns it (L27, L55)."""
        c = self.actor
        here = self.pos[c]
        managers = 0
        if here in self.geo.board.shops and self.owner[self.geo.shop_index[here]] == self.gang_of(target):
            managers = self.geo.board.shops[here].managers
        self.events.append(f"{self.character_name(c)} attacks {self.character_name(target)} on {here}"
                           + (f", defended by {managers} manager(s)" if managers else ""))
        result = self._duel([self._fighter(c)],
                            [self._fighter(target)] + [Fighter(f"manager{k + 1}", "manager")
                                                       for k in range(managers)])
        self._attacker_crimes(c, result.status[DEFENDER])
        self._fall(target, result.status[DEFENDER][0])
        self._fall(c, result.status[ATTACKER][0])

    def _clinic_kill(self, target: int) -> None:
        """S25 (L83): the attacker's die gives the darts; the target cannot defend; a hit kills."""
        c = self.actor
        self.events.append(f"{self.character_name(c)} shoots at {self.character_name(target)} in the clinic")
        result = clinic_kill(self._rng, self.duel_options, killer=c % 3 == KILLER)
        self._rng = result.rng
        self.events.extend(result.events)
        if result.killed:
            self._crime(c, MURDER_YEARS, "a murder", accomplices=True)
            self._fall(target, "dead")

    def _fight_patrol(self, c: int, p: int, *, arrested: bool) -> None:
        """S30: a rebellion, resisting arrest or attacking a patrol: a duel against its two cops (L59).
        Crimes against the police are always known. A patrol with a cop down leaves for the jail, to
        come back on the turn of the player whose side shot it (L60, L80)."""
        if arrested:
            self.events.append(f"{self.character_name(c)} rebels against patrol {p + 1}")
        self._crime(c, REBELLION_YEARS, "rebellion", noticed=True)
        result = self._duel([self._fighter(c)], [Fighter(f"cop{k + 1}", "cop") for k in range(2)])
        self._attacker_crimes(c, result.status[DEFENDER], noticed=True)
        if any(s != "standing" for s in result.status[DEFENDER]):
            self.ppos[p], self.pprev[p], self.pentry[p] = JAIL, None, None
            self.preturn[p] = self.gang_of(c)
            self.events.append(f"patrol {p + 1} is out: back from the jail on seat {self.preturn[p]}'s turn")
        self._fall(c, result.status[ATTACKER][0], by_police=True)
        if arrested and self.is_free(c) and self.patrol_on_board(p):  # the duel stopped undecided
            self._imprison(c, self.record[c])

    # -- ends --------------------------------------------------------------------------------------

    def _check_district(self, gang: int, shop: str) -> None:
        """S37 (1): a gang owning every shop of one district wins."""
        board, geo = self.geo.board, self.geo
        district = board.shops[shop].district
        if all(self.owner[geo.shop_index[s.id]] == gang
               for s in board.shops.values() if s.district == district):
            self.winner = gang
            self.events.append(f"seat {gang} owns every shop of district {district} and wins")
            self._end_game()

    def _check_last_gang(self) -> None:
        """S37 (2): from round 4, the last gang with a free (or, option, living) character wins; in the
        variant (3) the police player wins when every gangster is in the jail, the clinic or the
        graveyard (L91)."""
        if self.round <= EARLY_ROUNDS:
            return
        if self.police_seat >= 0:
            if not any(self.is_free(c) for c in range(len(self.pos))):
                self.winner = self.police_seat
                self.events.append("every gangster is in the jail, the clinic or the graveyard: "
                                   "the police player wins")
                self._end_game()
            return
        alive = self.options["last_gang"] == "alive"
        # "free": on the board and not vamped away from its gang (the conventions of the rules page)
        standing = {c // 3 for c in range(len(self.pos))
                    if (self.pos[c] != GRAVEYARD if alive else self.is_free(c) and self.captor[c] < 0)}
        if len(standing) == 1:
            (self.winner,) = standing
            self.events.append(f"seat {self.winner} is the last gang standing and wins")
            self._end_game()

    def _end_game(self) -> None:
        self.done = True
        self.phase = OVER
        self.actor = -1
        self.patrol = -1

    def _end_stop(self) -> None:
        """The character's move and actions are over: a vamped character's turn of service counts (L43:
        after the last one he is free only when he next moves, `_begin_move`), then the next character,
        or the next gang turn."""
        c = self.actor
        if c >= 0 and self.captor[c] >= 0 and self.captor[c] // 3 == self.turn_player:
            self.served[c] += 1  # still vamped until he moves again, on his own gang's turn (L43)
        self.flags = 0
        self.actor = -1
        self.phase = CHOOSE
        if not all(self.moved):
            return
        self._next_gang_turn()

    def _next_gang_turn(self) -> None:
        nxt = (self.turn_player + 1) % self.gangs
        if nxt == self.first:
            limit = self.options["turn_limit"]
            if limit and self.round >= limit:
                self.events.append(f"round {self.round} was the last (the turn limit)")
                self._end_game()
                return
            self.round += 1
        self.turn_player = nxt
        self._start_gang_turn()
