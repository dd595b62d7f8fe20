"""The rules of Supergang (docs/rules/supergang.md, decisions S1-S39; fragment lines L1-L94).

First slice: the set-up (S3), the gang turn (S4, S5): incomes (S33), dice, then each character moving
exactly its die without turning back (S6-S9), manholes (S10), and at a stop in a shop the peaceful shop
actions: racket (S13), purchase (S14), traffic (S16); the finite bank (S34); the district victory (S37)
and a `turn_limit` for simulations (not a rule).

Fights slice: the coward attack on a street square (S19), the stick-up for money or ownership (S15) and
the gangland killing (S18), fought with `duel.duel` (S21-S23); after a duel (S24) an injured gangster is
put in the clinic and a dead one in the graveyard (record erased, L78), managers are always replaced;
rounds 1-3 forbid killings (S12); each crime adds its years to the character's record (S28). One duel per
stop (L38). A character in the clinic or the graveyard does not move or act (its gang's turn skips it).

Not yet: vamping, police (so no crime is noticed, S29), jail years, leaving the clinic (S25), clinic
killings, recruiting (S17), the attacker's other characters joining a killing and several targets in one
killing (S18), the turn clock, the police variant, rendering, taking a token back from the board (S13).
"""

from __future__ import annotations

import random
from typing import Any

from gangland.engine import CachedLegalState, Result, rank_by
from gangland.engine.errors import OptionError
from gangland.engine.rng import mix_seed, splitmix64

from .actions import (
    BUY0,
    CHAR0,
    COWARD,
    DEST0,
    DIRECTIONS,
    DONE,
    KILL0,
    MANHOLE0,
    MAX_MANHOLES,
    MAX_PAIRS,
    MAX_PLACES,
    NUM_ACTIONS,
    PLACE,
    PURCHASE,
    RACKET,
    ROLES,
    STAY,
    STICKUP_MONEY,
    STICKUP_OWNERSHIP,
    char_action,
    dest_action,
    dest_parts,
)
from .board import Board, Move, load_board, moves, moves_from_jail
from .duel import ATTACKER, DEFENDER, DuelOptions, DuelResult, Fighter, Side, Status, duel

# Phases: what the seat to act is asked.
CHOOSE, RESURFACE, MOVE, ACT, OVER = range(5)
PHASE_NAMES = ("choose the character that moves next", "resurface at another manhole?",
               "choose where the character stops", "act at the stop", "game over")

KILLER, VAMP, DEALER = range(3)
JAIL = "jail"
CLINIC = "clinic"
"""S24-S25: where injured gangsters are put (the board's clinic place)."""
GRAVEYARD = "graveyard"
"""S24, S26: where dead gangsters are put (the board's graveyard place)."""
OFF_BOARD = (CLINIC, GRAVEYARD)
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
COWARD_YEARS, STICKUP_YEARS, INJURY_YEARS, MURDER_YEARS = 1, 1, 1, 2
"""L66 / S28: coward attack 1 year, stick-up 1, each target injured as attacker 1, each murder 2."""

DEFAULTS: dict[str, Any] = {
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
    "turn_limit": 0,
    "board": "",
}
CHOICES: dict[str, tuple[Any, ...]] = {
    "first_seat": ("dice", "seat0"),
    "shop_exit": ("keep", "free"),
    "manhole_move": ("then_move", "instead"),
    "shop_action_required": (False, True),
    "killer_may_buy": (True, False),
    "neutralized_racket": (False, True),
    "early_stickup": (True, False),
    "dart_target": ("choose", "random"),
    "killer_bonus": ("dice", "shot", "none"),
}
MIN_DART_HIT = 0.05
"""Section 4: dart_hit ranges over 0.05-1 (a dart must be able to hit, or no duel ends)."""

# Flags of what a character did at its current stop (S11: each action at most once).
F_RACKET, F_PURCHASE, F_BUY, F_PLACE, F_COWARD, F_DUEL = 1, 2, 4, 8, 16, 32
"""F_DUEL: the stop's one "dice throw against characters" (L38): a stick-up or a killing."""


class Geometry:
    """A board and the tables the state needs from it; shared by every state on that board (read-only
    but for its move cache, which only ever grows with values that depend on the key alone)."""

    __slots__ = ("board", "direction_of", "manholes", "move_cache", "place_index", "places", "shop_index",
                 "shops", "touching")

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
        self.touching = {sq: board.sections_touching(sq) for sq in board.squares}
        self.move_cache: dict[tuple[str, str | None, str | None, int], dict[int, Move]] = {}
        self.direction_of: dict[tuple[str, str], int] = {}

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
    limit = merged["turn_limit"]
    if type(limit) is not int or limit < 0:
        raise OptionError(f"option turn_limit: {limit!r} must be a whole number of rounds (0 = none)")
    if not isinstance(merged["board"], str):
        raise OptionError(f"option board: {merged['board']!r} must be a path or empty")
    DuelOptions.from_options(merged)  # dart_dead, duel_max_volleys and dart_hit's 0..1 checked there
    hit = merged["dart_hit"]
    if isinstance(hit, bool) or not isinstance(hit, int | float) or hit < MIN_DART_HIT:
        raise OptionError(f"option dart_hit: {hit!r} must be a probability in {MIN_DART_HIT}..1")
    return merged


class SupergangState(CachedLegalState):
    """A game of Supergang in progress (first slice)."""

    __slots__ = (
        "_players", "_rng", "actor", "bank", "dice", "done", "duel_options", "entry", "events", "first",
        "flags", "geo", "money", "moved", "options", "owner", "pawn_stock", "pawn_supply", "pawns", "phase",
        "pos", "prev", "racket", "record", "robbed", "round", "tokens", "turn_player", "winner",
    )

    _players: int
    _rng: int
    actor: int
    """The character (3 * gang + role) moving or acting now, or -1."""
    bank: int
    dice: list[int]
    """This gang turn's die of each of the turn player's characters (S4: thrown together)."""
    done: bool
    """True once the game has ended."""
    duel_options: DuelOptions
    entry: list[str | None]
    """Per character in a shop: the entrance square it came in by (S9)."""
    events: list[str]
    first: int
    flags: int
    """What the acting character did at this stop (F_* bits)."""
    geo: Geometry
    money: list[int]
    moved: list[bool]
    """Which of the turn player's characters have moved this gang turn."""
    options: dict[str, Any]
    owner: list[int]
    """Owning gang of each shop (Geometry.shops order), -1 for none."""
    pawn_stock: list[int]
    """Pawns bought and not placed, per gang (they earn nothing, L31)."""
    pawn_supply: list[int]
    """Pawns not yet bought, per gang."""
    pawns: dict[str, int]
    """Placed traffic pawns: section id -> gang."""
    phase: int
    pos: list[str]
    """Where each character (3 * gang + role) is: JAIL, CLINIC, GRAVEYARD, a street square or a shop."""
    prev: list[str | None]
    """The square entered just before `pos` (for a shop: the one before its entrance); None = any way."""
    racket: list[int]
    """Racketeering gang of each shop, -1 for none."""
    record: list[int]
    """Years of crimes committed by each character (S28; erased at death, L78). No police yet, so every
    crime counts (S29's noticing is not implemented)."""
    robbed: set[int]
    """Shops (Geometry.shops indices) the turn player's gang has stuck up successfully this gang turn
    (L25: once per shop per gang turn)."""
    round: int
    tokens: list[int]
    turn_player: int
    winner: int
    """The gang that owns a whole district (S37), or -1."""

    # -- set-up ----------------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any] | None = None) -> SupergangState:
        """S3: three characters per gang in the jail, no money, 15 tokens, the bank 1320 / 1000, and the
        first player by the three dice (or seat 0)."""
        if players not in BANK:
            raise OptionError(f"Supergang is for 3 or 4 players (L1), not {players}")
        opts = check_options(options or {})
        s = cls.__new__(cls)
        s._players = players
        s._rng = mix_seed(seed)
        s._legal = None
        s.options = opts
        s.duel_options = DuelOptions.from_options(opts)
        s.geo = geometry(opts["board"])
        s.events = []
        s.bank = BANK[players]
        s.money = [0] * players
        s.tokens = [TOKENS] * players
        s.pawn_supply = [PAWNS] * players
        s.pawn_stock = [0] * players
        s.pawns = {}
        s.owner = [-1] * len(s.geo.shops)
        s.racket = [-1] * len(s.geo.shops)
        s.pos = [JAIL] * (3 * players)
        s.prev = [None] * (3 * players)
        s.entry = [None] * (3 * players)
        s.record = [0] * (3 * players)
        s.robbed = set()
        s.dice = [0, 0, 0]
        s.moved = [False, False, False]
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
        throwing = list(range(self._players))
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
        return None if self.done else self.turn_player

    def result(self) -> Result:
        scores = tuple(self.money)
        ranks = rank_by(self.rank_keys())
        winners = tuple(s for s, r in enumerate(ranks) if r == 1)
        return Result(scores, ranks, winners, tuple({"money": m} for m in self.money))

    def rank_keys(self) -> list[tuple[int, ...]]:
        """S37: a district owner wins; else (turn limit, not a rule) most shops, then most money."""
        return [(int(seat == self.winner), self.shops_owned(seat), self.money[seat])
                for seat in range(self._players)]

    def apply(self, action: int) -> None:
        self._checked(action)
        self.events = []
        self._apply(action)

    def _why_illegal(self, action: object) -> str:
        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            return f"{action!r} is not a Supergang action id (0..{NUM_ACTIONS - 1})"
        if self.done:
            return f"{self.action_text(action)!r}: the game is over"
        choices = "; ".join(self.action_text(a) for a in self._legal or [])
        return (f"{self.action_text(action)!r} is not legal now: seat {self.turn_player} is asked to "
                f"{PHASE_NAMES[self.phase]}; legal now: {choices}")

    def clone(self) -> SupergangState:
        s = SupergangState.__new__(SupergangState)
        s._legal = self._legal
        s._players = self._players
        s._rng = self._rng
        s.actor = self.actor
        s.bank = self.bank
        s.dice = self.dice[:]
        s.done = self.done
        s.duel_options = self.duel_options
        s.entry = self.entry[:]
        s.events = self.events[:]
        s.first = self.first
        s.flags = self.flags
        s.geo = self.geo
        s.money = self.money[:]
        s.moved = self.moved[:]
        s.options = self.options
        s.owner = self.owner[:]
        s.pawn_stock = self.pawn_stock[:]
        s.pawn_supply = self.pawn_supply[:]
        s.pawns = dict(self.pawns)
        s.phase = self.phase
        s.pos = self.pos[:]
        s.prev = self.prev[:]
        s.racket = self.racket[:]
        s.record = self.record[:]
        s.robbed = set(self.robbed)
        s.round = self.round
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

    def view(self, seat: int | None) -> dict[str, Any]:
        """S38: everything is public, so every seat sees the same (JSON-ready)."""
        if seat is not None:
            self.check_seat(seat)
        geo = self.geo
        return {
            "game": "supergang",
            "seat": seat,
            "players": self._players,
            "round": self.round,
            "first": self.first,
            "turn_player": self.turn_player,
            "to_act": self.to_act,
            "phase": PHASE_NAMES[self.phase],
            "actor": self.character_name(self.actor) if self.actor >= 0 else None,
            "dice": {ROLES[r]: self.dice[r] for r in range(3) if self.dice[r]},
            "moved": [ROLES[r] for r in range(3) if self.moved[r]],
            "bank": self.bank,
            "gangs": [{
                "money": self.money[g],
                "tokens": self.tokens[g],
                "pawn_supply": self.pawn_supply[g],
                "pawn_stock": self.pawn_stock[g],
                "characters": {ROLES[r]: {"at": self.pos[3 * g + r], "from": self.prev[3 * g + r],
                                          "entrance": self.entry[3 * g + r], "record": self.record[3 * g + r]}
                               for r in range(3)},
            } for g in range(self._players)],
            "shops": {shop: {"owner": self.owner[i], "racket": self.racket[i]}
                      for i, shop in enumerate(geo.shops) if self.owner[i] >= 0 or self.racket[i] >= 0},
            "pawns": dict(sorted(self.pawns.items())),
            "stuck_up_this_turn": [geo.shops[i] for i in sorted(self.robbed)],
            "winner": self.winner,
            "over": self.done,
            "events": self.events[:],
        }

    # -- what is where -----------------------------------------------------------------------------

    def character_name(self, character: int) -> str:
        return f"seat {character // 3}'s {ROLES[character % 3]}"

    def shops_owned(self, gang: int) -> int:
        return sum(1 for o in self.owner if o == gang)

    def is_free(self, character: int) -> bool:
        """On the board: not in the jail, the clinic or the graveyard."""
        return self.pos[character] not in (JAIL, CLINIC, GRAVEYARD)

    def available(self, character: int) -> bool:
        """Moves in its gang's turn: free or leaving the jail (not yet: leaving the clinic, S25)."""
        return self.pos[character] not in OFF_BOARD

    def stickup_yield(self, shop: str) -> int:
        """L20-21: a successful stick-up yields 50 (basic shop) / 100 (shop with initials)."""
        return 50 if self.geo.board.shops[shop].kind == "basic" else 100

    def shop_price(self, shop: str) -> int:
        """L39: purchase 50 (basic) / 100 (other shop)."""
        return 50 if self.geo.board.shops[shop].kind == "basic" else 100

    def move_options(self, character: int) -> dict[int, Move]:
        """Destination id -> the move, for the acting character and its die (S6-S9); for several paths
        to the same end from the same direction, the first path in sorted order."""
        here, before, entry = self.pos[character], self.prev[character], self.entry[character]
        die = self.dice[character % 3]
        if self.options["shop_exit"] == "free" or here not in self.geo.board.shops:
            entry = None
            if here in self.geo.board.shops:
                before = None
        key = (here, before, entry, die)
        cached = self.geo.move_cache.get(key)
        if cached is not None:
            return cached
        board, geo = self.geo.board, self.geo
        if here == JAIL:
            found = moves_from_jail(board, die, die)
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
            d = 0 if last == JAIL else geo.direction(last, m.end)
            options.setdefault(dest_action(geo.place_index[m.end], d), m)
        geo.move_cache[key] = options
        return options

    def placeable_sections(self, character: int) -> list[str]:
        """S16 / L30, L33: the empty sections touching the dealer's square, not lining a shop of another
        gang; in a shop its gang owns, also the empty sections lining it."""
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

    def _shop_actions(self) -> list[int]:
        """The actions (besides DONE) open to the acting character at its stop."""
        c = self.actor
        gang, role, here = c // 3, c % 3, self.pos[c]
        board, geo = self.geo.board, self.geo
        out: list[int] = []
        if here in board.shops:
            i = geo.shop_index[here]
            unowned = self.owner[i] == -1
            if not self.flags & F_RACKET and unowned and self.racket[i] == -1 and self.tokens[gang] > 0:
                out.append(RACKET)
            if (not self.flags & F_PURCHASE and unowned and self.money[gang] >= self.shop_price(here)
                    and self.tokens[gang] + (self.racket[i] == gang) > 0
                    and (role != KILLER or self.options["killer_may_buy"])):
                out.append(PURCHASE)
            if role == DEALER and not self.flags & F_BUY and board.shops[here].kind == "star":
                for k in range(1, MAX_PAIRS + 1):
                    if self.money[gang] >= PAIR_PRICE * k and self.pawn_supply[gang] >= 2 * k:
                        out.append(BUY0 + k - 1)
        if (role == DEALER and not self.flags & F_PLACE and self.pawn_stock[gang] > 0
                and self.placeable_sections(c)):
            out.append(PLACE)
        return out + self._fight_actions()

    def _fight_actions(self) -> list[int]:
        """S19 coward attack (street square, rounds 1-3 too); S15 stick-up (a shop not the gang's own, not
        twice successfully in a gang turn, rounds 1-3 only with `early_stickup`); S18 killing (a free
        character of another gang on the same square, from round 4); one duel per stop (L38)."""
        c = self.actor
        gang, here = c // 3, self.pos[c]
        board, geo = self.geo.board, self.geo
        out: list[int] = []
        if here in board.squares and not self.flags & F_COWARD:
            out.append(COWARD)
        if self.flags & F_DUEL or not (here in board.squares or here in board.shops):
            return out
        early = self.round <= EARLY_ROUNDS
        if here in board.shops and (not early or self.options["early_stickup"]):
            i = geo.shop_index[here]
            owner = self.owner[i]
            if owner != gang and i not in self.robbed:
                out.append(STICKUP_MONEY)
                if owner >= 0 and self.tokens[gang] > 0:
                    out.append(STICKUP_OWNERSHIP)
        if not early:
            out += [KILL0 + t for t in range(3 * self._players) if t // 3 != gang and self.pos[t] == here]
        return out

    def _compute_legal(self) -> list[int]:
        if self.done:
            return []
        if self.phase == CHOOSE:
            g = self.turn_player
            return [char_action(g, r) for r in range(3) if not self.moved[r]]
        if self.phase == RESURFACE:
            here = self.pos[self.actor]
            return [STAY] + [MANHOLE0 + m for m, h in enumerate(self.geo.manholes) if h != here]
        if self.phase == MOVE:
            return sorted(self.move_options(self.actor))
        acts = self._shop_actions()
        if (self.options["shop_action_required"] and acts and self.flags == 0
                and self.pos[self.actor] in self.geo.board.shops):
            return acts
        return [DONE, *acts]

    def action_text(self, action: int) -> str:
        """A short English name of an action id."""
        if action == DONE:
            return "done"
        if CHAR0 <= action < RACKET:
            return f"move {self.character_name(action - CHAR0)}" if action - CHAR0 < 3 * self._players \
                else f"move character {action - CHAR0}"
        if action == RACKET:
            return "racket"
        if action == PURCHASE:
            return "purchase"
        if BUY0 <= action < PLACE:
            return f"buy {2 * (action - BUY0 + 1)} pawns"
        if action == PLACE:
            return "place pawns"
        if action == COWARD:
            return "coward attack"
        if action == STICKUP_MONEY:
            return "stick up for money"
        if action == STICKUP_OWNERSHIP:
            return "stick up for ownership"
        if action >= KILL0:
            t = action - KILL0
            return f"attack {self.character_name(t)}" if t < 3 * self._players else f"attack character {t}"
        if action == STAY:
            return "stay on the manhole"
        if MANHOLE0 <= action < DEST0:
            m = action - MANHOLE0
            return f"resurface at {self.geo.manholes[m]}" if m < len(self.geo.manholes) else f"manhole {m}"
        place, d = dest_parts(action)
        name = self.geo.places[place] if place < len(self.geo.places) else f"place {place}"
        return f"stop at {name} from the {DIRECTIONS[(d + 2) % 4]}"

    # -- the turn ----------------------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        if self.phase == CHOOSE:
            self.actor = action - CHAR0
            self.moved[self.actor % 3] = True
            self._begin_move()
        elif self.phase == RESURFACE:
            if action != STAY:
                self._resurface(self.geo.manholes[action - MANHOLE0])
                if self.options["manhole_move"] == "instead":
                    self._begin_stop()
                    return
            self._ask_move()
        elif self.phase == MOVE:
            self._move(self.move_options(self.actor)[action])
        elif action == DONE:
            self._end_stop()
        else:
            self._act(action)

    def _start_gang_turn(self) -> None:
        """S4: incomes (S33), then the dice of the available characters, thrown together."""
        g = self.turn_player
        self._incomes(g)
        self.robbed = set()
        self.moved = [not self.available(3 * g + r) for r in range(3)]
        self.dice = [0 if self.moved[r] else self._die() for r in range(3)]
        self.actor = -1
        self.events.append(f"round {self.round}, seat {g}'s turn: dice "
                           + ", ".join(f"{ROLES[r]} {self.dice[r]}" for r in range(3) if self.dice[r]))
        self.phase = CHOOSE
        if all(self.moved):
            if not any(self.available(c) for c in range(3 * self._players)):
                self.events.append("no character of any gang can move: the game ends")
                self._end_game()
                return
            self.events.append(f"seat {g} has no character that can move")
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

    def _incomes(self, gang: int) -> None:
        """S33: 5 per racket token, 10 per owned shop, 5 per placed pawn while the dealer is free; a
        neutralized gang earns only from its shops (L35)."""
        neutralized = not any(self.is_free(3 * gang + r) for r in range(3))
        if not neutralized or self.options["neutralized_racket"]:
            rackets = sum(1 for r in self.racket if r == gang)
            if rackets:
                self._pay_from_bank(gang, RACKET_INCOME * rackets, f"{rackets} racket(s)")
        shops = self.shops_owned(gang)
        if shops:
            self._pay_from_bank(gang, SHOP_INCOME * shops, f"{shops} shop(s)")
        if not neutralized and self.is_free(3 * gang + DEALER):
            pawns = sum(1 for p in self.pawns.values() if p == gang)
            if pawns:
                self._pay_from_bank(gang, PAWN_INCOME * pawns, f"{pawns} traffic pawn(s)")

    def _begin_move(self) -> None:
        """S10: a character standing on a manhole may first resurface at another."""
        if self.pos[self.actor] in self.geo.manholes:
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
            self.events.append(f"{self.character_name(self.actor)} cannot move {self.dice[self.actor % 3]} "
                               f"squares from {self.pos[self.actor]} and stays")
            self._end_stop()

    def _move(self, move: Move) -> None:
        c = self.actor
        start, path = self.pos[c], move.path
        board = self.geo.board
        end = path[-1]
        if end in board.shops:  # S9: it keeps the heading it had on the entrance square
            if len(path) >= 2:
                self.entry[c] = path[-2]
                self.prev[c] = path[-3] if len(path) >= 3 else (start if start in board.squares else None)
            else:
                self.entry[c] = start
                self.prev[c] = self.prev[c] if start in board.squares else None
        else:
            self.entry[c] = None
            if len(path) >= 2:
                self.prev[c] = path[-2]
            else:  # out of the jail or a shop with a one: a free heading (S9, L14)
                self.prev[c] = start if start in board.squares else None
        self.pos[c] = end
        self.events.append(f"{self.character_name(c)} moves {len(path)}: {start} -> {' -> '.join(path)}")
        self._begin_stop()

    def _begin_stop(self) -> None:
        """S11: at its stop the character may act; with nothing to do the stop ends at once."""
        self.flags = 0
        if self._shop_actions():
            self.phase = ACT
        else:
            self._end_stop()

    def _act(self, action: int) -> None:
        c = self.actor
        gang, here = c // 3, self.pos[c]
        geo = self.geo
        if action == RACKET:
            i = geo.shop_index[here]
            self.racket[i] = gang
            self.tokens[gang] -= 1
            self.flags |= F_RACKET
            self.events.append(f"{self.character_name(c)} rackets {here}")
        elif action == PURCHASE:
            i = geo.shop_index[here]
            price = self.shop_price(here)
            self.money[gang] -= price
            self.bank += price
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
            self.money[gang] -= cost
            self.bank += cost
            self.pawn_supply[gang] -= 2 * pairs
            self.pawn_stock[gang] += 2 * pairs
            self.flags |= F_BUY
            self.events.append(f"{self.character_name(c)} buys {2 * pairs} traffic pawns for {cost}")
        elif action == COWARD:
            self.flags |= F_COWARD
            self.events.append(f"{self.character_name(c)} mugs a passer-by on {here} (coward attack)")
            self._pay_from_bank(gang, COWARD_YIELD, "a coward attack")
            self._crime(c, COWARD_YEARS, "coward attack")
        elif action in (STICKUP_MONEY, STICKUP_OWNERSHIP):
            self.flags |= F_DUEL
            self._stickup(action == STICKUP_OWNERSHIP)
        elif action >= KILL0:
            self.flags |= F_DUEL
            self._killing(action - KILL0)
        else:  # PLACE
            placed = []
            for sec in self.placeable_sections(c):
                if not self.pawn_stock[gang]:
                    break
                self.pawns[sec] = gang
                self.pawn_stock[gang] -= 1
                placed.append(sec)
            self.flags |= F_PLACE
            self.events.append(f"{self.character_name(c)} places traffic pawns on {', '.join(placed)}")
        if self.done:
            return
        if not self.is_free(c) or not self._shop_actions():  # S24: an attacker down ends the action
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

    # -- fights ------------------------------------------------------------------------------------

    def _crime(self, character: int, years: int, what: str) -> None:
        """S28: the crime's years go on the character's record."""
        self.record[character] += years
        self.events.append(f"{self.character_name(character)} commits {what}: {years} year(s) on the record")

    def _fighter(self, character: int) -> Fighter:
        return Fighter(self.character_name(character), "gangster", killer=character % 3 == KILLER)

    def _duel(self, attacker: int, target: int | None, managers: int) -> DuelResult:
        """S21-S23: the attacker alone against the target (if any) and `managers` managers (one blue die
        each, always at full strength: L79)."""
        defenders = [self._fighter(target)] if target is not None else []
        defenders += [Fighter(f"manager{k + 1}", "manager") for k in range(managers)]
        result = duel(Side((self._fighter(attacker),)), Side(tuple(defenders)), self.duel_options, self._rng)
        self._rng = result.rng
        self.events.extend(result.events)
        return result

    def _attacker_crimes(self, attacker: int, fallen: tuple[Status, ...]) -> None:
        """S28: 1 year per target injured, 2 per target killed, by the attacker."""
        for status in fallen:
            if status == "injured":
                self._crime(attacker, INJURY_YEARS, "an injury")
            elif status == "dead":
                self._crime(attacker, MURDER_YEARS, "a murder")

    def _fall(self, character: int, status: Status) -> None:
        """S24: injured to the clinic (S25), dead to the graveyard with the record erased (L78, S26)."""
        if status == "standing":
            return
        where = CLINIC if status == "injured" else GRAVEYARD
        self.pos[character] = where
        self.prev[character] = None
        self.entry[character] = None
        if status == "dead":
            self.record[character] = 0
        self.events.append(f"{self.character_name(character)} is {status}: to the {where}")

    def _stickup(self, ownership: bool) -> None:
        """S15: a duel against the shop's managers; success when they are all down."""
        c = self.actor
        gang, here = c // 3, self.pos[c]
        i = self.geo.shop_index[here]
        owner = self.owner[i]
        managers = self.geo.board.shops[here].managers
        what = "ownership" if ownership else "money"
        self.events.append(f"{self.character_name(c)} sticks up {here} for {what}"
                           f" against {managers} manager(s)")
        self._crime(c, STICKUP_YEARS, "a stick-up")
        result = self._duel(c, None, managers)
        self._attacker_crimes(c, result.status[DEFENDER])
        if result.winner == ATTACKER:
            self.robbed.add(i)
            if ownership:
                self.events.append(f"the stick-up succeeds: seat {gang} takes {here} from seat {owner}")
                self._take_shop(gang, here)
            else:
                amount = self.stickup_yield(here)
                if owner >= 0:  # S34: the victim pays all it has
                    paid = min(amount, self.money[owner])
                    self.money[owner] -= paid
                    self.money[gang] += paid
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
        if here in self.geo.board.shops and self.owner[self.geo.shop_index[here]] == target // 3:
            managers = self.geo.board.shops[here].managers
        self.events.append(f"{self.character_name(c)} attacks {self.character_name(target)} on {here}"
                           + (f", defended by {managers} manager(s)" if managers else ""))
        result = self._duel(c, target, managers)
        self._attacker_crimes(c, result.status[DEFENDER])
        self._fall(target, result.status[DEFENDER][0])
        self._fall(c, result.status[ATTACKER][0])

    def _check_district(self, gang: int, shop: str) -> None:
        """S37 (1): a gang owning every shop of one district wins."""
        board, geo = self.geo.board, self.geo
        district = board.shops[shop].district
        if all(self.owner[geo.shop_index[s.id]] == gang
               for s in board.shops.values() if s.district == district):
            self.winner = gang
            self.events.append(f"seat {gang} owns every shop of district {district} and wins")
            self._end_game()

    def _end_game(self) -> None:
        self.done = True
        self.phase = OVER
        self.actor = -1

    def _end_stop(self) -> None:
        """The character's move and actions are over: the next character, or the next gang turn."""
        self.flags = 0
        self.actor = -1
        if not all(self.moved):
            self.phase = CHOOSE
            return
        self._next_gang_turn()

    def _next_gang_turn(self) -> None:
        nxt = (self.turn_player + 1) % self._players
        if nxt == self.first:
            limit = self.options["turn_limit"]
            if limit and self.round >= limit:
                self.events.append(f"round {self.round} was the last (turn limit, not a rule)")
                self._end_game()
                return
            self.round += 1
        self.turn_player = nxt
        self._start_gang_turn()
