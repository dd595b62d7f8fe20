"""What every rule shares (S4, S24, S34, L41-L45, L78): whose a character is and where the pieces are,
the die, the bank's payments and money changing hands, leaving the board for the jail, the clinic or the
graveyard, and the end of the game."""

from __future__ import annotations

from gangland.engine.rng import splitmix64
from gangland.engine.seats import SEAT_REFS

from .actions import PATROLS, character_name
from .constants import CLINIC, GRAVEYARD, JAIL, NEUTRALIZED, SEWER, VAMP
from .fields import SupergangFields
from .phases import OVER

# -- what is where -----------------------------------------------------------------------------------


def gang_of(s: SupergangFields, character: int) -> int:
    """The gang a character plays for: its own, or its vamp's while vamped (L41)."""
    captor = s.captor[character]
    return captor // 3 if captor >= 0 else character // 3


def shops_owned(s: SupergangFields, gang: int) -> int:
    """How many shops the gang owns."""
    return sum(1 for o in s.owner if o == gang)


def is_free(s: SupergangFields, character: int) -> bool:
    """On the board: not in the jail, the clinic or the graveyard."""
    return s.pos[character] not in NEUTRALIZED


def patrol_on_board(s: SupergangFields, p: int) -> bool:
    """Patrol `p` is on a square or in a shop, not in the jail or the sewer."""
    return s.ppos[p] not in (JAIL, SEWER)


def patrols_at(s: SupergangFields, place: str) -> list[int]:
    """The patrols at `place`."""
    return [p for p in range(PATROLS) if s.ppos[p] == place]


def accomplice(s: SupergangFields, character: int) -> int:
    """L45: the vamp's captive or the captive's vamp, or -1."""
    if s.captor[character] >= 0:
        return s.captor[character]
    if character % 3 == VAMP:
        return next((t for t, v in enumerate(s.captor) if v == character), -1)
    return -1


def available(s: SupergangFields, character: int) -> bool:
    """On the board, or due to leave the jail (years served) or the clinic (S25, S31)."""
    where = s.pos[character]
    if where == JAIL:
        return s.jail_years[character] == 0
    if where == CLINIC:
        return s.clinic_left[character] == 0 and s.jail_years[character] == 0
    return where != GRAVEYARD


# -- the die and the money ---------------------------------------------------------------------------


def throw_die(s: SupergangFields) -> int:
    """One die, 1-6, from the state's generator."""
    s._rng, r = splitmix64(s._rng)
    return 1 + r % 6


def pay_from_bank(s: SupergangFields, gang: int, amount: int, why: str) -> None:
    """S34: the bank pays what it has and no more."""
    paid = min(amount, s.bank)
    if paid:
        s.bank -= paid
        s.money[gang] += paid
    if paid or amount:
        short = f" (the bank had only {paid})" if paid < amount else ""
        s.events.append(f"{SEAT_REFS[gang]} earns {paid} from {why}{short}")


def transfer(s: SupergangFields, payer: int, payee: int, amount: int) -> int:
    """Money from one gang to another (or the bank: -1); no more than the payer has. The amount paid."""
    paid = min(amount, s.money[payer])
    s.money[payer] -= paid
    if payee >= 0:
        s.money[payee] += paid
    else:
        s.bank += paid
    return paid


# -- off the board, and the end ----------------------------------------------------------------------


def leave_board(s: SupergangFields, t: int, where: str) -> None:
    """A character goes to the jail, the clinic or the graveyard: off the board, its unnoticed crimes
    forgotten, and any vamping it was part of over (L44)."""
    s.pos[t] = where
    s.prev[t] = s.entry[t] = None
    s.pending[t] = 0
    s.moved[t] = True
    s.protected[t] = False
    if where == GRAVEYARD:  # a recruit comes back new (L78)
        s.last_victim[t] = -1
    if s.captor[t] >= 0:
        s.events.append(f"{character_name(t)} is no longer vamped")
        s.captor[t] = -1
        s.served[t] = 0
    for held, vamp in enumerate(s.captor):
        if vamp == t:
            free_captive(s, held)


def free_captive(s: SupergangFields, t: int) -> None:
    """L43 (at his first move after his service) and L44 (his vamp out of the fight): the vamped recovers
    his freedom; after L44, until he moves he cannot be vamped."""
    s.captor[t] = -1
    s.served[t] = 0
    s.protected[t] = True
    s.moved[t] = True
    s.events.append(f"{character_name(t)} recovers his freedom")


def end_game(s: SupergangFields) -> None:
    """The game is over: nobody is to act."""
    s.done = True
    s.phase = OVER
    s.actor = -1
    s.patrol = -1
