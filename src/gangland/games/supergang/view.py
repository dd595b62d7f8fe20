"""What a seat of Supergang sees (S38: everything is public, so every seat sees the same): the
`SupergangView` every reader (render, screen, drawing, encoding, bots) is typed with, and `build_view`."""

from __future__ import annotations

from typing import Any, Final, TypedDict

from .actions import PATROLS, PRICES, ROLES, character_name
from .constants import F_BUY, F_COWARD, F_DUEL, F_PLACE, F_PURCHASE, F_RACKET, F_RECRUIT, F_VAMP
from .fields import SupergangFields
from .options import DEFAULTS
from .phases import ACT, ARRESTED, OFFER, PATROL_ACT, PATROL_MOVE, PATROL_PLACE, PHASE_NAMES, PRICE
from .turn import seat_to_act

STOP_FLAGS: Final = ((F_RACKET, "racket"), (F_PURCHASE, "purchase"), (F_BUY, "buy pawns"),
                    (F_PLACE, "place pawns"), (F_COWARD, "coward attack"), (F_DUEL, "duel"), (F_VAMP, "vamp"),
                    (F_RECRUIT, "recruit"))
"""The view's names of what a character did at its stop (S11: each at most once; "duel" is the stop's
one throw against characters or a patrol, L38)."""


class LastVictimView(TypedDict):
    """The character a vamp vamped last (L42: not again next)."""

    gang: int
    role: str


CharacterView = TypedDict("CharacterView", {
    "at": str,  # JAIL, CLINIC, GRAVEYARD, a street square or a shop
    "from": str | None,  # the square entered just before (None: any way)
    "entrance": str | None,  # in a shop: the entrance square it came in by (S9)
    "record": int,
    "pending": int,  # years of crimes not noticed yet (S29)
    "jail_years": int,
    "clinic_turns": int,
    "vamped_by": int | None,  # the gang of the vamp holding it
    "vamp_turns_served": int,
    "die": int,  # this gang turn's die, 0 if it does not move
    "moved": bool,
    "protected": bool,  # L43: freed from a vamp and not moved since: it cannot be vamped
    "last_victim": LastVictimView | None,
})
"""One character: where it is, its record and time to serve, its vamping and its die."""

PatrolView = TypedDict("PatrolView", {
    "at": str,  # JAIL, SEWER, a street square or a shop
    "from": str | None,
    "entrance": str | None,
    "die": int,
    "returns_with": int | None,  # in the jail or the sewer: the seat on whose turn it comes back
})
"""One patrol of two cops."""


class GangView(TypedDict):
    """One gang: its money, tokens, traffic pawns and characters (by role: killer, vamp, dealer)."""

    money: int
    tokens: int
    pawn_supply: int
    pawn_stock: int
    characters: dict[str, CharacterView]


class ShopMarkView(TypedDict):
    """The tokens on a shop: its owning gang and its racketeering gang (-1: none)."""

    owner: int
    racket: int


class TurnClockView(TypedDict):
    """The turn clock (S35): its seconds, and which gang turn it runs for ("round.seat")."""

    seconds: int
    turn: str


class SupergangView(TypedDict):
    """Everything a seat of Supergang may know, JSON-ready."""

    game: str
    seat: int | None
    players: int
    police_seat: int | None
    round: int
    first: int
    turn_player: int
    to_act: int | None
    phase: str
    """`PHASE_NAMES` of the phase."""
    actor: str | None
    """The character or patrol moving or acting now ("patrol 1")."""
    arrested: str | None
    bank: int
    cops_owner: int | None
    gangs: list[GangView]
    stop_done: list[str]
    """What the acting character did at its stop (`STOP_FLAGS`'s names)."""
    aim: list[dict[str, Any]]
    """The characters ({"gang", "role"}) the acting one declared it attacks, before it opens fire (S40)."""
    patrols: list[PatrolView]
    shops: dict[str, ShopMarkView]
    """The shops with a token on them."""
    pawns: dict[str, int]
    """Placed traffic pawns: section -> gang."""
    stuck_up_this_turn: list[str]
    asked_price: int | None
    turn_clock: TurnClockView | None
    winner: int
    over: bool
    events: list[str]
    options: dict[str, Any]
    """The options that differ from the defaults."""


def actor_name(s: SupergangFields) -> str | None:
    """The patrol or the character moving or acting now, or None."""
    if s.phase in (PATROL_PLACE, PATROL_MOVE, PATROL_ACT, ARRESTED):
        return f"patrol {s.patrol + 1}"
    return character_name(s.actor) if s.actor >= 0 else None


def character_view(s: SupergangFields, c: int) -> CharacterView:
    """Character `c` as every seat sees it."""
    victim = s.last_victim[c]
    return {"at": s.pos[c], "from": s.prev[c], "entrance": s.entry[c], "record": s.record[c],
            "pending": s.pending[c], "jail_years": s.jail_years[c], "clinic_turns": s.clinic_left[c],
            "vamped_by": s.captor[c] // 3 if s.captor[c] >= 0 else None,
            "vamp_turns_served": s.served[c], "die": s.dice[c], "moved": s.moved[c] and s.dice[c] > 0,
            "protected": s.protected[c],
            "last_victim": {"gang": victim // 3, "role": ROLES[victim % 3]} if victim >= 0 else None}


def build_view(s: SupergangFields, seat: int | None) -> SupergangView:
    """S38: everything is public, so every seat sees the same (`seat` only says whose view it is)."""
    geo = s.geo
    return {
        "game": "supergang",
        "seat": seat,
        "players": s.players,
        "police_seat": s.police_seat if s.police_seat >= 0 else None,
        "round": s.round,
        "first": s.first,
        "turn_player": s.turn_player,
        "to_act": seat_to_act(s),
        "phase": PHASE_NAMES[s.phase],
        "actor": actor_name(s),
        "arrested": character_name(s.arrested) if s.arrested >= 0 else None,
        "bank": s.bank,
        "cops_owner": s.cops_owner if s.cops_owner >= 0 else None,
        "gangs": [{
            "money": s.money[g],
            "tokens": s.tokens[g],
            "pawn_supply": s.pawn_supply[g],
            "pawn_stock": s.pawn_stock[g],
            "characters": {ROLES[r]: character_view(s, 3 * g + r) for r in range(3)},
        } for g in range(s.gangs)],
        "stop_done": ([name for flag, name in STOP_FLAGS if s.flags & flag]
                      if s.phase in (ACT, PRICE, OFFER) else []),
        "aim": [{"gang": t // 3, "role": ROLES[t % 3]} for t in s.aim],
        "patrols": [{"at": s.ppos[p], "from": s.pprev[p], "entrance": s.pentry[p], "die": s.pdice[p],
                     "returns_with": s.preturn[p] if s.preturn[p] >= 0 else None}
                    for p in range(PATROLS)],
        "shops": {shop: {"owner": s.owner[i], "racket": s.racket[i]}
                  for i, shop in enumerate(geo.shops) if s.owner[i] >= 0 or s.racket[i] >= 0},
        "pawns": dict(sorted(s.pawns.items())),
        "stuck_up_this_turn": [geo.shops[i] for i in sorted(s.robbed)],
        "asked_price": PRICES[s.asked_price] if s.asked_price >= 0 else None,
        "turn_clock": ({"seconds": s.options["turn_clock"], "turn": f"{s.round}.{s.turn_player}"}
                       if s.options["turn_clock"] else None),
        "winner": s.winner,
        "over": s.done,
        "events": s.events[:],
        "options": {k: v for k, v in s.options.items() if v != DEFAULTS[k]},
    }
