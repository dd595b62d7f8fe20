"""The rules of Supergang (docs/rules/supergang.md, decisions S1-S39; fragment lines L1-L94).

A round: every gang plays a gang turn (S4): incomes (S33), the offer of the cops (S32), the dice, the
patrols moved first (S27) with their arrests (S30), then each character moving exactly its die without
turning back (S6-S10) and acting at its stop (S11): racket (S13), purchase (S14), stick-up (S15), traffic
(S16), recruiting (S17), gangland killing (S18), coward attack (S19), vamping (S20), attacking a patrol
(S30), killing in the clinic (S25). Duels use `duel.duel` (S21-S24). Crimes go on a character's record
when a witness notices them (S28-S29); arrested gangsters surrender or rebel (S30) and serve their years
in the jail (S31). Injured characters stay in the clinic (S25), dead ones in the graveyard until
recruited (S26, S17). The police-player variant (S36), the turn clock (S35) and the victories (S37).

This module is the State contract (set-up, legal actions, apply, clone, determinize, the view) over the
rules, each group in its own module, each building on the one before (fields.py):

- `constants` the phases, roles, places, sums and years; `options` the rule options and their check;
  `geometry` the board's tables; `fields` the state's fields and the bookkeeping every group shares;
- `movement` S6-S10, S27; `shops` S13-S17 and the district win; `police` S27-S32, S36;
  `fights` S15, S18-S30; `stop` S11 (what a character does where it stops); `turn` S4, S25, S31,
  S33, S35, S37 (the gang turn and the round).
"""

from __future__ import annotations

import random
from typing import Any, Final

from gangland.engine import SEAT_REFS, Result, fill_seats, plain_names, rank_by, seat_label
from gangland.engine.errors import OptionError
from gangland.engine.rng import mix_seed

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
    dest_parts,
)
from .constants import (
    ACT,
    ARRESTED,
    BANK,
    CHOOSE,
    COP_OFFER,
    F_BUY,
    F_COWARD,
    F_DUEL,
    F_PLACE,
    F_PURCHASE,
    F_RACKET,
    F_RECRUIT,
    F_VAMP,
    JAIL,
    MOVE,
    OFFER,
    PATROL_ACT,
    PATROL_MOVE,
    PATROL_PLACE,
    PAWNS,
    PHASE_NAMES,
    PRICE,
    RESURFACE,
    TOKENS,
)
from .duel import DuelOptions
from .geometry import geometry
from .options import DEFAULTS, check_options
from .turn import TurnRules

STOP_DONE: Final = ((F_RACKET, "racket"), (F_PURCHASE, "purchase"), (F_BUY, "buy pawns"),
                    (F_PLACE, "place pawns"), (F_COWARD, "coward attack"), (F_DUEL, "duel"), (F_VAMP, "vamp"),
                    (F_RECRUIT, "recruit"))
"""The view's names of what a character did at its stop (S11: each at most once; "duel" is the stop's
one throw against characters or a patrol, L38)."""
ENDINGS: Final = ("and wins", "the police player wins", "the game ends", "(the turn limit)")
"""How the event that ends a game ends (turn.py, shops.py): a district owned, the last gang standing, the
police player's win, everyone in the graveyard, the turn limit."""


class SupergangState(TurnRules):
    """A game of Supergang in progress: the State contract over the rules of `turn.TurnRules` and the
    groups it builds on (fields.py lists the chain)."""

    __slots__ = ()

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
        s = cls()
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

    def _first_by_dice(self) -> int:
        """S3: every player throws his three dice, the highest total starts, ties throw again."""
        throwing = list(range(self.gangs))
        while True:
            totals = {seat: self._die() + self._die() + self._die() for seat in throwing}
            thrown = ", ".join(f"{SEAT_REFS[s]} {t}" for s, t in totals.items())
            self.events.append(f"first player throw: {thrown}")
            best = max(totals.values())
            throwing = [seat for seat, t in totals.items() if t == best]
            if len(throwing) == 1:
                self.events.append(f"{SEAT_REFS[throwing[0]]} plays first")
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

    def result(self) -> Result:
        """One point to the winner (S37): a district owner, the last gang or the police player; at the
        turn limit (not a rule) the gang with most shops, then most money (a tie shares the point). The
        standing shows each gang's shops and money, and the ending what ended the game."""
        ranks = rank_by(self.rank_keys())
        points = tuple(int(r == 1) for r in ranks)
        winners = tuple(s for s, r in enumerate(ranks) if r == 1)
        standing = [{"shops": self.shops_owned(g), "money": self.money[g]} for g in range(self.gangs)]
        if self.police_seat >= 0:
            standing.append({})  # the police player has neither
        return Result(points, ranks, winners, tuple({"victory": p} for p in points), tuple(standing),
                      self.ending())

    def ending(self) -> str:
        """How the game ended (S37), as its last step told it; "" while it goes on."""
        if not self.done:
            return ""
        told = next((e for e in reversed(self.events) if e.endswith(ENDINGS)), "the game is over")
        if self.winner < 0:
            told += "; no gang won by the rules, so the most shops win, then the most money"
        return told

    def rank_keys(self) -> list[tuple[int, ...]]:
        """The winner first; then most shops, then most money (the police player has neither)."""
        keys: list[tuple[int, ...]] = [(int(seat == self.winner), self.shops_owned(seat), self.money[seat])
                                       for seat in range(self.gangs)]
        if self.police_seat >= 0:
            keys.append((int(self.police_seat == self.winner), -1, -1))
        return keys

    def apply(self, action: object) -> None:
        self._checked(action)
        assert type(action) is int  # (_checked refuses anything else) for the type checker
        self.events = []
        self._apply(action)
        if not self.done:  # S37: "Checked after every action"
            self._check_last_gang()

    def _why_illegal(self, action: object) -> str:
        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            return f"{action!r} is not a Supergang action id (0..{NUM_ACTIONS - 1})"
        if self.done:
            return f"{self.action_text(action)!r}: the game is over"
        # (an error names seats as the terminal does: it is not narration a front end fills in)
        names = plain_names(self._players)
        choices = fill_seats("; ".join(self.action_text(a) for a in self._legal or []), names)
        asked = seat_label(self.to_act) if self.to_act is not None else "nobody"
        return (f"{fill_seats(self.action_text(action), names)!r} is not legal now: {asked} is asked to "
                f"{PHASE_NAMES[self.phase]}; legal now: {choices}")

    def clone(self) -> SupergangState:
        s = SupergangState()
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

    def determinize(self, seat: object, rng: random.Random) -> SupergangState:
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

    def view(self, seat: object) -> dict[str, Any]:
        """S38: everything is public, so every seat sees the same (JSON-ready)."""
        if seat is not None:
            seat = self.check_seat(seat)
        geo = self.geo

        def character(c: int) -> dict[str, Any]:
            return {"at": self.pos[c], "from": self.prev[c], "entrance": self.entry[c],
                    "record": self.record[c], "pending": self.pending[c], "jail_years": self.jail_years[c],
                    "clinic_turns": self.clinic_left[c],
                    "vamped_by": self.captor[c] // 3 if self.captor[c] >= 0 else None,
                    "vamp_turns_served": self.served[c], "die": self.dice[c],
                    "moved": self.moved[c] and self.dice[c] > 0,
                    # L43: freed from a vamp, it cannot be vamped again until it has moved.
                    "protected": self.protected[c],
                    # L42: a vamp may not vamp the same character twice in a row.
                    "last_victim": ({"gang": self.last_victim[c] // 3, "role": ROLES[self.last_victim[c] % 3]}
                                    if self.last_victim[c] >= 0 else None)}

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
            "stop_done": ([name for flag, name in STOP_DONE if self.flags & flag]
                          if self.phase in (ACT, PRICE, OFFER) else []),
            "patrols": [{"at": self.ppos[p], "from": self.pprev[p], "entrance": self.pentry[p],
                         "die": self.pdice[p],
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

    # -- legal actions -----------------------------------------------------------------------------

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

    # -- applying an action: each phase's decision -------------------------------------------------

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
            seller = self.to_act
            assert seller is not None  # (the shop's owner is asked for a price)
            if action == REFUSE:
                self.events.append(f"{SEAT_REFS[seller]} refuses to sell the recruit")
                self.phase = ACT
                self._after_act()
            else:
                self.asked_price = action - PRICE0
                self.events.append(f"{SEAT_REFS[seller]} asks {PRICES[self.asked_price]} for the recruit")
                self.phase = OFFER
        else:  # OFFER
            price, self.asked_price = PRICES[self.asked_price], -1
            self.phase = ACT
            if action == ACCEPT:
                shop = self.pos[self.actor]
                owner = self.owner[self.geo.shop_index[shop]]
                self._transfer(self.gang_of(self.actor), owner, price)
                paid_to = SEAT_REFS[owner]
                self._recruit_into(self._recruitable(self.actor), shop, f"for {price} paid to {paid_to}")
            else:
                self.events.append("the recruiter declines the price")
            self._after_act()
