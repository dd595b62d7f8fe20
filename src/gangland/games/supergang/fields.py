"""The fields of a Supergang state: where each character and patrol is, whose it is, the dice, the money,
the shops and their tokens, the traffic pawns, the records and the time to serve, and the end of the game.
The rules that read and change them are the rule modules (docs/architecture.md)."""

from __future__ import annotations

from typing import Any, ClassVar

from gangland.engine import PhaseState

from .duel import DuelOptions
from .geometry import Geometry


class SupergangFields(PhaseState):
    """The fields of a game of Supergang in progress (the phase and the players are `PhaseState`'s)."""

    __slots__ = (
        "_rng", "actor", "aim", "arrested", "asked_price", "bank", "captor", "clinic_left", "cops_owner",
        "dice", "done", "duel_options", "entry", "events", "first", "flags", "gangs", "geo", "jail_years",
        "last_victim", "money", "moved", "options", "owner", "patrol", "pawn_stock", "pawn_supply", "pawns",
        "pdice", "pending", "pentry", "police_seat", "pos", "ppos", "pprev", "preturn", "prev", "protected",
        "racket", "record", "robbed", "round", "served", "tokens", "turn_player", "winner",
    )

    COPIED: ClassVar[tuple[str, ...]] = (
        "aim", "captor", "clinic_left", "dice", "entry", "events", "jail_years", "last_victim", "money",
        "moved", "owner", "pawn_stock", "pawn_supply", "pawns", "pdice", "pending", "pentry", "pos", "ppos",
        "pprev", "preturn", "prev", "protected", "racket", "record", "robbed", "served", "tokens",
    )
    """Every list, set and dict the rules change in place."""

    _rng: int
    """The state of the generator (`gangland.engine.splitmix64`): the dice to come."""
    actor: int
    """The character (3 * gang + role) moving or acting now, or -1."""
    aim: list[int]
    """The characters the acting one has declared it attacks at this stop, before it opens fire (L38,
    S40); empty when no attack is being declared."""
    arrested: int
    """The character asked to surrender or rebel (phase ARRESTED), or -1."""
    asked_price: int
    """Index into PRICES of the price the owner asked for a recruit (phase OFFER), or -1."""
    bank: int
    """What the bank still holds (L84; it pays no more, S34)."""
    captor: list[int]
    """Per character: the vamp (a character) holding it (S20), or -1."""
    clinic_left: list[int]
    """Per character in the clinic: gang turns it still stays there (S25)."""
    cops_owner: int
    """The gang that bought the cops (S32), or -1."""
    dice: list[int]
    """This gang turn's die of each character that moves in it (S4: thrown together), else 0."""
    done: bool
    """True once the game is over (the phase is then OVER)."""
    duel_options: DuelOptions
    """The duel's rule options, taken out of `options` once."""
    entry: list[str | None]
    """Per character in a shop: the entrance square it came in by (S9)."""
    events: list[str]
    """What the last action did, in words (seats as markers, `gangland.engine.seats`)."""
    first: int
    """The seat that begins the round in progress: the first player (S3), every round unless
    `round_start` is "rotate" (S45)."""
    flags: int
    """What the acting character did at this stop (F_* bits)."""
    gangs: int
    """Number of gangs (the seats but the police player's)."""
    geo: Geometry
    """The board and its tables, shared by every state on that board."""
    jail_years: list[int]
    """Per character in the jail: gang turns it still spends there (S31)."""
    last_victim: list[int]
    """Per vamp: the character it vamped last (L42), or -1."""
    money: list[int]
    """Per gang: its money."""
    moved: list[bool]
    """Per character: True if it does not (or no longer) move this gang turn."""
    options: dict[str, Any]
    """The rule options, every one filled in (options.py); never changed."""
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
    """Per patrol in a shop: the entrance square it came in by (S9, S27)."""
    police_seat: int
    """The police player's seat in the variant (S36), or -1."""
    pos: list[str]
    """Where each character is: JAIL, CLINIC, GRAVEYARD, a street square or a shop."""
    ppos: list[str]
    """Where each patrol is: JAIL (before round 4, or out of the fight: L80), SEWER (L61), a square or a
    shop."""
    pprev: list[str | None]
    """Per patrol: the square entered just before `ppos` (as `prev`)."""
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
    """The round, from 1 (S4)."""
    served: list[int]
    """Per vamped character: the vamp's gang turns in which it was played (L43)."""
    tokens: list[int]
    """Per gang: tokens not on the board (S13)."""
    turn_player: int
    """The gang whose gang turn it is (S4)."""
    winner: int
    """The winning seat (a gang by district or as the last gang, or the police player), or -1."""
