"""Supergang's fixed action space (docs/rules/supergang.md).

One id is one atomic choice of the seat to act:

    0            DONE       end the current character's stop (its actions, S11)
    1..12        CHAR0 + 3 * gang + role
                            pick the character that moves next (S5); role 0 killer, 1 vamp, 2 dealer
                            (gang 0-3: the player's own, or a character his vamp holds)
    13           RACKET     put a racket token on the shop (S13)
    14           PURCHASE   buy the shop (S14)
    15..19       BUY0 + k - 1
                            the dealer buys 2k traffic pawns (k = 1..5: 2, 4, ..., 10 pawns) in a star shop
                            (S16)
    20           PLACE      the dealer puts one stocked pawn on each eligible empty sidewall section (S16)
    21           STAY       do not resurface: move from the manhole the character stands on (S10)
    22..26       MANHOLE0 + m
                            resurface at manhole m (the board's manholes sorted by id) before moving (S10);
                            for a patrol down a manhole, where it comes back (L61)
    27..1050     DEST0 + 4 * place + direction (a character's or a patrol's move)
                            end the move at `place` (index into the board's street squares sorted by
                            id, then its shops sorted by id) arriving with `direction` (0 north, 1 east,
                            2 south, 3 west: from the square entered just before it to it) (S7-S9)
    1051         COWARD     coward attack on a street square: 10 from the bank (S19)
    1052         STICKUP_MONEY
                            stick up the shop for money (S15)
    1053         STICKUP_OWNERSHIP
                            stick up another gang's shop for its ownership (S15)
    1054..1065   KILL0 + 3 * gang + role
                            gangland killing: a duel against that character of another gang on the
                            same square (S18)
    1066..1077   VAMP0 + 3 * gang + role
                            the vamp vamps that character (S20)
    1078         RECRUIT    recruit the gang's dead character of the shop's letter (S17)
    1079..1085   PRICE0 + k the shop's owner asks PRICES[k] for a recruit (S17, L49)
    1086         REFUSE     the owner refuses to sell (L49)
    1087         ACCEPT     the recruiter pays the price asked
    1088         DECLINE    the recruiter declines
    1089..1100   ARREST0 + 3 * gang + role
                            the patrol arrests that gangster (S30), or in the police variant takes an
                            innocent one into custody (S36)
    1101         SURRENDER  the arrested gangster goes to jail (S30)
    1102         REBEL      the arrested gangster resists: a duel against the patrol (S30)
    1103..1104   ATTACK_PATROL0 + p
                            attack patrol p on the character's square: a rebellion (S30)
    1105..1116   CLINIC_KILL0 + 3 * gang + role
                            shoot that injured character in the clinic (S25, L83)
    1117         BUY_COPS   buy the cops (S32); DONE declines
    1118         TIME_UP    the turn clock ran out: the characters not moved go to the jail (S35)
    1119..1182   RECALL0 + shop
                            with no token left, take the gang's token (racket or ownership) off that shop
                            (index into the board's shops sorted by id) to mark a new one here (L85, S13)
    1183         FIRE       open fire on the characters declared (KILL0 + t opens the declaration, further
                            KILL0 + t add targets on the square): the stop's one dice throw (L38, S40)

Ids are only ever appended, so an id keeps its meaning from one slice to the next.

The words of an action are made here only (`action_text` and the small functions it is made of): the log,
the terminal's menu, the error messages and the drawing's `data-act` all come from them.
"""

from __future__ import annotations

from typing import Final

from gangland.engine.seats import SEAT_REFS

from .constants import MAX_MANHOLES, MAX_PLACES, MAX_SHOPS
from .fields import SupergangFields
from .phases import COP_OFFER, PATROL_ACT, PATROL_PLACE

DONE: Final = 0
CHAR0: Final = 1
ROLES: Final = ("killer", "vamp", "dealer")
CHARACTER_NAMES: Final = tuple(f"{SEAT_REFS[c // 3]}'s {ROLES[c % 3]}" for c in range(3 * 6))
"""Who each character is in game text ("⟨s1⟩'s vamp": its gang's seat marker, `gangland.engine.seats`)."""
MAX_SEATS: Final = 4
RACKET: Final = CHAR0 + MAX_SEATS * len(ROLES)
PURCHASE: Final = RACKET + 1
BUY0: Final = PURCHASE + 1
MAX_PAIRS: Final = 5
"""At most ten pawns at once (L28): five pairs."""
PLACE: Final = BUY0 + MAX_PAIRS
STAY: Final = PLACE + 1
MANHOLE0: Final = STAY + 1
DEST0: Final = MANHOLE0 + MAX_MANHOLES
DIRECTIONS: Final = ("north", "east", "south", "west")
COWARD: Final = DEST0 + MAX_PLACES * len(DIRECTIONS)
STICKUP_MONEY: Final = COWARD + 1
STICKUP_OWNERSHIP: Final = STICKUP_MONEY + 1
KILL0: Final = STICKUP_OWNERSHIP + 1
VAMP0: Final = KILL0 + MAX_SEATS * len(ROLES)
RECRUIT: Final = VAMP0 + MAX_SEATS * len(ROLES)
PRICES: Final = (0, 10, 25, 50, 100, 200, 500)
"""The prices an owner may ask for a recruit (S17, designed: L49 "may freely determine the price")."""
PRICE0: Final = RECRUIT + 1
REFUSE: Final = PRICE0 + len(PRICES)
ACCEPT: Final = REFUSE + 1
DECLINE: Final = ACCEPT + 1
ARREST0: Final = DECLINE + 1
SURRENDER: Final = ARREST0 + MAX_SEATS * len(ROLES)
REBEL: Final = SURRENDER + 1
PATROLS: Final = 2
"""Two patrols of two cops (RULES-NOTES.md; L59-60)."""
ATTACK_PATROL0: Final = REBEL + 1
CLINIC_KILL0: Final = ATTACK_PATROL0 + PATROLS
BUY_COPS: Final = CLINIC_KILL0 + MAX_SEATS * len(ROLES)
TIME_UP: Final = BUY_COPS + 1
RECALL0: Final = TIME_UP + 1
FIRE: Final = RECALL0 + MAX_SHOPS
NUM_ACTIONS: Final = FIRE + 1


def kill_action(gang: int, role: int) -> int:
    """The id of attacking gang `gang`'s character `role` (a gangland killing, S18), or of adding it to the
    targets declared (S40).

    >>> kill_action(0, 0), kill_action(3, 2)
    (1054, 1065)
    """
    return KILL0 + gang * len(ROLES) + role


def char_action(gang: int, role: int) -> int:
    """The id of picking gang `gang`'s character `role` to move next.

    >>> char_action(0, 0), char_action(3, 2)
    (1, 12)
    """
    return CHAR0 + gang * len(ROLES) + role


def dest_action(place: int, direction: int) -> int:
    """The id of ending the move at place index `place`, arriving heading `direction`.

    >>> dest_action(0, 0), dest_action(255, 3)
    (27, 1050)
    """
    return DEST0 + place * len(DIRECTIONS) + direction


def dest_parts(action: int) -> tuple[int, int]:
    """(place index, direction) of a destination id.

    >>> dest_parts(dest_action(17, 2))
    (17, 2)
    """
    return divmod(action - DEST0, len(DIRECTIONS))


# -- the one action text -----------------------------------------------------------------------------

WORDS: Final = {
    RACKET: "racket", PURCHASE: "purchase", PLACE: "place pawns", STAY: "stay on the manhole",
    COWARD: "coward attack", STICKUP_MONEY: "stick up for money", STICKUP_OWNERSHIP: "stick up for ownership",
    RECRUIT: "recruit", REFUSE: "refuse to sell", ACCEPT: "pay the price", DECLINE: "decline the price",
    SURRENDER: "surrender", REBEL: "rebel", TIME_UP: "time is up", FIRE: "open fire",
}
"""The words of the actions that name nothing but themselves."""


def character_name(character: int) -> str:
    """Who a character is, for events and action names: "⟨s1⟩'s vamp" (`CHARACTER_NAMES`)."""
    if character < len(CHARACTER_NAMES):
        return CHARACTER_NAMES[character]
    return f"{SEAT_REFS[character // 3]}'s {ROLES[character % 3]}"


def done_text(phase: int) -> str:
    """DONE's words in `phase`: declining the cops, no arrest, or the end of a stop."""
    return "do not buy the cops" if phase == COP_OFFER else "no arrest" if phase == PATROL_ACT else "done"


def move_text(character: int) -> str:
    """Picking `character` to move next."""
    return f"move {character_name(character)}"


def buy_pawns_text(pairs: int) -> str:
    """The dealer buying `pairs` pairs of traffic pawns."""
    return f"buy {2 * pairs} pawns"


def resurface_text(manhole: str) -> str:
    """A character resurfacing at `manhole` before it moves."""
    return f"resurface at {manhole}"


def patrol_place_text(manhole: str) -> str:
    """A patrol out of the sewer put back at `manhole`."""
    return f"put the patrol at {manhole}"


def stop_text(place: str, direction: int) -> str:
    """Ending a move at `place`, arriving heading `direction` (so entering it from the opposite side)."""
    return f"stop at {place} from the {DIRECTIONS[(direction + 2) % 4]}"


def attack_text(character: int) -> str:
    """A gangland killing of `character`."""
    return f"attack {character_name(character)}"


def vamp_text(character: int) -> str:
    """The vamp vamping `character`."""
    return f"vamp {character_name(character)}"


def ask_text(price: int) -> str:
    """The shop's owner asking `price` for a recruit."""
    return f"ask {price}"


def arrest_text(character: int) -> str:
    """The patrol arresting `character`."""
    return f"arrest {character_name(character)}"


def attack_patrol_text(patrol: int) -> str:
    """Attacking patrol `patrol` (0 or 1)."""
    return f"attack patrol {patrol + 1}"


def clinic_kill_text(character: int) -> str:
    """Shooting the injured `character` in the clinic."""
    return f"shoot {character_name(character)} in the clinic"


def buy_cops_text(price: int) -> str:
    """Buying the cops for `price`."""
    return f"buy the cops for {price}"


def recall_text(shop: str) -> str:
    """Taking the gang's token off `shop`."""
    return f"take the token off {shop}"


def action_text(s: SupergangFields, action: int) -> str:
    """A short English name of an action id in state `s` (its board, phase and options)."""
    geo = s.geo
    n = len(s.pos)
    if action in WORDS:
        return WORDS[action]
    if action == DONE:
        return done_text(s.phase)
    if CHAR0 <= action < RACKET:
        return move_text(action - CHAR0) if action - CHAR0 < n else f"move character {action - CHAR0}"
    if BUY0 <= action < PLACE:
        return buy_pawns_text(action - BUY0 + 1)
    if MANHOLE0 <= action < DEST0:
        m = action - MANHOLE0
        hole = geo.manholes[m] if m < len(geo.manholes) else f"manhole {m}"
        return patrol_place_text(hole) if s.phase == PATROL_PLACE else resurface_text(hole)
    if DEST0 <= action < COWARD:
        place, d = dest_parts(action)
        return stop_text(geo.places[place] if place < len(geo.places) else f"place {place}", d)
    if PRICE0 <= action < REFUSE:
        return ask_text(PRICES[action - PRICE0])
    if ATTACK_PATROL0 <= action < CLINIC_KILL0:
        return attack_patrol_text(action - ATTACK_PATROL0)
    if action == BUY_COPS:
        return buy_cops_text(s.options["cop_price"])
    if RECALL0 <= action < FIRE:
        j = action - RECALL0
        return recall_text(geo.shops[j] if j < len(geo.shops) else f"shop {j}")
    for base, end, text in ((KILL0, VAMP0, attack_text), (VAMP0, RECRUIT, vamp_text),
                            (ARREST0, SURRENDER, arrest_text), (CLINIC_KILL0, BUY_COPS, clinic_kill_text)):
        if base <= action < end:
            t = action - base
            # (an id of a character beyond this game's gangs, in an error message, names it by number)
            return text(t) if t < n else text(t).replace(character_name(t), f"character {t}")
    raise ValueError(f"{action!r} is not a Supergang action id")
