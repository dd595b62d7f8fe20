"""Fights and crimes (S15, S18-S30): the fight actions open at a stop, vamping, the crimes and their
witnesses, duels and their fallen (the clinic, the graveyard), stick-ups, killings, killing in the
clinic, and fighting a patrol."""

from __future__ import annotations

from gangland.engine.seats import SEAT_REFS

from .actions import (
    ATTACK_PATROL0,
    CLINIC_KILL0,
    COWARD,
    KILL0,
    PATROLS,
    STICKUP_MONEY,
    STICKUP_OWNERSHIP,
    VAMP0,
    character_name,
)
from .constants import (
    CLINIC,
    EARLY_ROUNDS,
    F_COWARD,
    F_DUEL,
    F_VAMP,
    GRAVEYARD,
    INJURY_YEARS,
    JAIL,
    KILLER,
    MURDER_YEARS,
    REBELLION_YEARS,
    STICKUP_YEARS,
    VAMP,
)
from .duel import ATTACKER, DEFENDER, DuelResult, Fighter, Side, Status, clinic_kill, duel
from .fields import SupergangFields
from .police import imprison
from .shops import stickup_yield, take_shop
from .table import (
    accomplice,
    gang_of,
    is_free,
    leave_board,
    patrol_on_board,
    patrols_at,
    pay_from_bank,
    transfer,
)


def fight_actions(s: SupergangFields) -> list[int]:
    """S19 coward attack (a street square, rounds 1-3 too); S15 stick-up; S18 killing; S20 vamping;
    S30 attacking a patrol; S25 killing in the clinic. One duel per stop (L38); no firing at
    managers or gangsters with a patrol on the square (L36); no harm in rounds 1-3 (L6)."""
    c = s.actor
    gang, here = gang_of(s, c), s.pos[c]
    board, geo = s.geo.board, s.geo
    out: list[int] = []
    if here in board.squares and not s.flags & F_COWARD:
        out.append(COWARD)
    early = s.round <= EARLY_ROUNDS
    if (not early and c % 3 == VAMP and not s.flags & F_VAMP and s.captor[c] < 0
        and c not in s.captor):
        out += [VAMP0 + t for t in range(len(s.pos))
                if s.pos[t] == here and gang_of(s, t) != gang and vampable(s, t)
                and t != s.last_victim[c]]
    if s.flags & F_DUEL:
        return out
    cops = patrols_at(s, here)
    if here in board.shops and not cops and (not early or s.options["early_stickup"]):
        i = geo.shop_index[here]
        owner = s.owner[i]
        if owner != gang and i not in s.robbed:
            out.append(STICKUP_MONEY)
            if owner >= 0 and s.tokens[gang] > 0:
                out.append(STICKUP_OWNERSHIP)
    if early:
        return out
    if not cops:
        out += [KILL0 + t for t in range(len(s.pos))
                if s.pos[t] == here and gang_of(s, t) != gang]
        if here in geo.clinic_entrances:
            out += [CLINIC_KILL0 + t for t in range(len(s.pos))
                    if s.pos[t] == CLINIC and t // 3 != gang]
    out += [ATTACK_PATROL0 + p for p in cops]
    return out


def vampable(s: SupergangFields, target: int) -> bool:
    """L43: not already vamped, not freed and unmoved since; designed: not a vamp holding a captive."""
    return s.captor[target] < 0 and not s.protected[target] and target not in s.captor


def vamp(s: SupergangFields, target: int) -> None:
    """S20: the target plays for the vamp's gang, as its fourth member, for `vamp_turns` turns."""
    c = s.actor
    s.captor[target] = c
    s.served[target] = 0
    s.last_victim[c] = target
    s.events.append(f"{character_name(c)} vamps {character_name(target)}")


def crime(s: SupergangFields, character: int, years: int, what: str, *, noticed: bool = False,
          accomplices: bool = False) -> None:
    """S28-S29: the crime's years go on the record if a witness notices it (a surviving manager, a
    patrol within `cop_sight`, the police itself), else they wait as unnoticed until the criminal
    moves. L45: stick-ups and murders are crimes of the vamp and its captive both."""
    criminals = [character]
    partner = accomplice(s, character) if accomplices else -1
    if partner >= 0:
        criminals.append(partner)
    for t in criminals:
        if not is_free(s, t) and t != character:
            continue
        seen = noticed or in_sight(s, s.pos[t])
        if seen:
            s.record[t] += years
        else:
            s.pending[t] += years
        s.events.append(f"{character_name(t)} commits {what}: {years} year(s)"
                        + (" on the record" if seen else ", not noticed yet"))


def in_sight(s: SupergangFields, place: str) -> bool:
    """S29 (b): a patrol on the board within `cop_sight` street steps of the place."""
    sight = s.options["cop_sight"]
    distance = s.geo.distance
    return any(patrol_on_board(s, p) and distance.get((s.ppos[p], place), sight + 1) <= sight
               for p in range(PATROLS))


def fighter(s: SupergangFields, character: int) -> Fighter:
    return Fighter(character_name(character), "gangster", killer=character % 3 == KILLER)


def fight(s: SupergangFields, attackers: list[Fighter], defenders: list[Fighter]) -> DuelResult:
    """S21-S23 between the two sides; the generator moves on."""
    result = duel(Side(tuple(attackers)), Side(tuple(defenders)), s.duel_options, s._rng)
    s._rng = result.rng
    s.events.extend(result.events)
    return result


def attacker_crimes(s: SupergangFields, attacker: int, fallen: tuple[Status, ...], *,
                    noticed: bool = False) -> None:
    """S28: 1 year per target injured, 2 per target killed, by the attacker."""
    for status in fallen:
        if status == "injured":
            crime(s, attacker, INJURY_YEARS, "an injury", noticed=noticed)
        elif status == "dead":
            crime(s, attacker, MURDER_YEARS, "a murder", noticed=noticed, accomplices=True)


def fall(s: SupergangFields, character: int, status: Status, *, by_police: bool = False) -> None:
    """S24: injured to the clinic (S25; shot by the police, then to the jail for its record, L77),
    dead to the graveyard with the record erased (L78, S26)."""
    if status == "standing":
        return
    if status == "injured":
        leave_board(s, character, CLINIC)
        s.clinic_left[character] = s.options["clinic_turns"]
        if by_police:
            s.jail_years[character] += s.record[character]
            s.record[character] = 0
    else:
        leave_board(s, character, GRAVEYARD)
        s.record[character] = s.jail_years[character] = s.clinic_left[character] = 0
        gang = character // 3
        if s.cops_owner == gang and all(s.pos[3 * gang + r] == GRAVEYARD for r in range(3)):
            s.cops_owner = -1  # L65: "except if all his gangsters are killed"
            s.events.append("the cops are for sale again")
    s.events.append(f"{character_name(character)} is {status}: to the "
                    f"{'clinic' if status == 'injured' else 'graveyard'}")


def stickup(s: SupergangFields, ownership: bool) -> None:
    """S15: a duel against the shop's managers; success when they are all down. Surviving managers,
    standing or injured, witness the crimes (L57)."""
    c = s.actor
    gang, here = gang_of(s, c), s.pos[c]
    i = s.geo.shop_index[here]
    owner = s.owner[i]
    managers = s.geo.board.shops[here].managers
    what = "ownership" if ownership else "money"
    s.events.append(f"{character_name(c)} sticks up {here} for {what}"
                    f" against {managers} manager(s)")
    result = fight(s, [fighter(s, c)],
                   [Fighter(f"manager{k + 1}", "manager") for k in range(managers)])
    success = result.winner == ATTACKER
    # L57: a manager injured, not killed, has survived too: any manager not dead is a witness (S29 a)
    witnessed = any(status != "dead" for status in result.status[DEFENDER])
    crime(s, c, STICKUP_YEARS, "a stick-up", noticed=witnessed, accomplices=True)
    attacker_crimes(s, c, result.status[DEFENDER], noticed=witnessed)
    if success:
        s.robbed.add(i)
        if ownership:
            s.events.append(f"the stick-up succeeds: {SEAT_REFS[gang]} takes {here} "
                            f"from {SEAT_REFS[owner]}")
            take_shop(s, gang, here)
        else:
            amount = stickup_yield(s, here)
            if owner >= 0:  # S34: the victim pays all it has
                paid = transfer(s, owner, gang, amount)
                s.events.append(f"the stick-up succeeds: {SEAT_REFS[owner]} pays {SEAT_REFS[gang]} "
                                f"{paid}")
            else:
                pay_from_bank(s, gang, amount, f"the stick-up of {here}")
            racketeer = s.racket[i]
            if racketeer >= 0 and racketeer != gang:  # L54: the defender's racket token is removed
                s.racket[i] = -1
                s.tokens[racketeer] += 1
                s.events.append(f"the racket token of {SEAT_REFS[racketeer]} on {here} goes back")
    else:
        s.events.append("the stick-up fails")
    fall(s, c, result.status[ATTACKER][0])


def killing(s: SupergangFields, target: int) -> None:
    """S18: a duel against a character of another gang on the square; in a shop its managers join
    the defenders if the target's gang owns it (L27, L55)."""
    c = s.actor
    here = s.pos[c]
    managers = 0
    if here in s.geo.board.shops and s.owner[s.geo.shop_index[here]] == gang_of(s, target):
        managers = s.geo.board.shops[here].managers
    s.events.append(f"{character_name(c)} attacks {character_name(target)} on {here}"
                    + (f", defended by {managers} manager(s)" if managers else ""))
    result = fight(s, [fighter(s, c)],
                   [fighter(s, target)] + [Fighter(f"manager{k + 1}", "manager")
                                           for k in range(managers)])
    attacker_crimes(s, c, result.status[DEFENDER])
    fall(s, target, result.status[DEFENDER][0])
    fall(s, c, result.status[ATTACKER][0])


def kill_in_clinic(s: SupergangFields, target: int) -> None:
    """S25 (L83): the attacker's die gives the darts; the target cannot defend; a hit kills."""
    c = s.actor
    s.events.append(f"{character_name(c)} shoots at {character_name(target)} in the clinic")
    result = clinic_kill(s._rng, s.duel_options, killer=c % 3 == KILLER)
    s._rng = result.rng
    s.events.extend(result.events)
    if result.killed:
        crime(s, c, MURDER_YEARS, "a murder", accomplices=True)
        fall(s, target, "dead")


def fight_patrol(s: SupergangFields, c: int, p: int, *, arrested: bool) -> None:
    """S30: a rebellion, resisting arrest or attacking a patrol: a duel against its two cops (L59).
    Crimes against the police are always known. A patrol with a cop down leaves for the jail, to
    come back on the turn of the player whose side shot it (L60, L80)."""
    if arrested:
        s.events.append(f"{character_name(c)} rebels against patrol {p + 1}")
    crime(s, c, REBELLION_YEARS, "rebellion", noticed=True)
    result = fight(s, [fighter(s, c)], [Fighter(f"cop{k + 1}", "cop") for k in range(2)])
    attacker_crimes(s, c, result.status[DEFENDER], noticed=True)
    if any(status != "standing" for status in result.status[DEFENDER]):
        s.ppos[p], s.pprev[p], s.pentry[p] = JAIL, None, None
        s.preturn[p] = gang_of(s, c)
        s.events.append(f"patrol {p + 1} is out: back from the jail in the turn of "
                        f"{SEAT_REFS[s.preturn[p]]}")
    fall(s, c, result.status[ATTACKER][0], by_police=True)
    if arrested and is_free(s, c) and patrol_on_board(s, p):  # the duel stopped undecided
        imprison(s, c, s.record[c])
