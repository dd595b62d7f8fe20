"""The fields of a Supergang state and what every rule group reads or does with them: where each
character and patrol is, whose it is, the dice, the bank's payments (S34), leaving the board for the
jail, the clinic or the graveyard (L44, L78), the end of the game.

The rules are a chain of classes, each building on the one before, so that imports go one way:
`StateFields` (here) <- `movement.MovementRules` <- `shops.ShopRules` <- `police.PoliceRules` <-
`fights.FightRules` <- `stop.StopRules` <- `turn.TurnRules` <- `state.SupergangState` (the State
contract). Only the turn structure knows what comes after a stop or a patrol's moves: the two methods it
decides that with are declared here and defined in `turn.TurnRules`.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from gangland.engine import SEAT_REFS, CachedLegalState
from gangland.engine.rng import splitmix64

from .actions import CHARACTER_NAMES, PATROLS, ROLES
from .constants import (
    ARRESTED,
    CLINIC,
    GRAVEYARD,
    JAIL,
    NEUTRALIZED,
    OVER,
    PATROL_ACT,
    PATROL_MOVE,
    PATROL_PLACE,
    SEWER,
    VAMP,
)
from .duel import DuelOptions
from .geometry import Geometry


class StateFields(CachedLegalState):
    """The fields of a game of Supergang in progress, and the queries and bookkeeping every rule group
    shares (the rule groups and the State contract are the subclasses)."""

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

    # -- what is where -----------------------------------------------------------------------------

    def character_name(self, character: int) -> str:
        """Who a character is, for events and action names: "⟨s1⟩'s vamp" (`CHARACTER_NAMES`)."""
        if character < len(CHARACTER_NAMES):
            return CHARACTER_NAMES[character]
        return f"{SEAT_REFS[character // 3]}'s {ROLES[character % 3]}"

    def actor_name(self) -> str | None:
        """The patrol or the character moving or acting now, or None."""
        if self.phase in (PATROL_PLACE, PATROL_MOVE, PATROL_ACT, ARRESTED):
            return f"patrol {self.patrol + 1}"
        return self.character_name(self.actor) if self.actor >= 0 else None

    def gang_of(self, character: int) -> int:
        """The gang a character plays for: its own, or its vamp's while vamped (L41)."""
        captor = self.captor[character]
        return captor // 3 if captor >= 0 else character // 3

    def shops_owned(self, gang: int) -> int:
        """How many shops the gang owns."""
        return sum(1 for o in self.owner if o == gang)

    def is_free(self, character: int) -> bool:
        """On the board: not in the jail, the clinic or the graveyard."""
        return self.pos[character] not in NEUTRALIZED

    def patrol_on_board(self, p: int) -> bool:
        """Patrol `p` is on a square or in a shop, not in the jail or the sewer."""
        return self.ppos[p] not in (JAIL, SEWER)

    def patrols_at(self, place: str) -> list[int]:
        """The patrols at `place`."""
        return [p for p in range(PATROLS) if self.ppos[p] == place]

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

    # -- the dice and the money --------------------------------------------------------------------

    def _die(self) -> int:
        """One die, 1-6, from the state's generator."""
        self._rng, r = splitmix64(self._rng)
        return 1 + r % 6

    def _pay_from_bank(self, gang: int, amount: int, why: str) -> None:
        """S34: the bank pays what it has and no more."""
        paid = min(amount, self.bank)
        if paid:
            self.bank -= paid
            self.money[gang] += paid
        if paid or amount:
            short = f" (the bank had only {paid})" if paid < amount else ""
            self.events.append(f"{SEAT_REFS[gang]} earns {paid} from {why}{short}")

    def _transfer(self, payer: int, payee: int, amount: int) -> int:
        """Money from one gang to another (or the bank: -1); no more than the payer has. The amount paid."""
        paid = min(amount, self.money[payer])
        self.money[payer] -= paid
        if payee >= 0:
            self.money[payee] += paid
        else:
            self.bank += paid
        return paid

    # -- off the board, and the end ----------------------------------------------------------------

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

    def _end_game(self) -> None:
        """The game is over: nobody is to act."""
        self.done = True
        self.phase = OVER
        self.actor = -1
        self.patrol = -1

    # -- what comes next: decided by the turn structure (turn.TurnRules) ---------------------------

    @abstractmethod
    def _end_stop(self) -> None:
        """The acting character's stop is over: the next character, or the next gang turn."""

    @abstractmethod
    def _next_gang_turn(self) -> None:
        """The next gang's turn, or the end of the game at the turn limit."""
