"""Fights and crimes (S15, S18-S30): the fight actions open at a stop, vamping, the crimes and their
witnesses, duels and their fallen (the clinic, the graveyard), stick-ups, killings, killing in the
clinic, and fighting a patrol."""

from __future__ import annotations

from gangland.engine.seats import SEAT_REFS

from .actions import (
    ATTACK_PATROL0,
    CLINIC_KILL0,
    COWARD,
    FIRE,
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


def aim_actions(s: SupergangFields) -> list[int]:
    """S40 (L38): while the attack is being declared, another character of another gang on the square
    who is not yet on the attacked side may be added, or the side opens fire (its one dice throw)."""
    here, gang = s.pos[s.actor], gang_of(s, s.actor)
    attacked = defending_side(s, s.aim)
    out = [KILL0 + t for t in range(len(s.pos))
           if s.pos[t] == here and gang_of(s, t) != gang and t not in attacked]
    out.append(FIRE)
    return out


def attacking_side(s: SupergangFields, c: int) -> list[int]:
    """S40: the attacker, its L45 accomplice (its vamp or its captive) on the square, and with
    `duel_allies` "square" every other character its player plays there (L38 "a player arrives", L41 the
    vamped "for every action", L68 "their characters")."""
    here = s.pos[c]
    side = [c]
    partner = accomplice(s, c)
    if partner >= 0 and s.pos[partner] == here:
        side.append(partner)
    if s.options["duel_allies"] == "square":
        gang = gang_of(s, c)
        side += [t for t in range(len(s.pos)) if s.pos[t] == here and t not in side and gang_of(s, t) == gang]
    return side


def defending_side(s: SupergangFields, targets: list[int]) -> list[int]:
    """S40: the characters attacked and their L45 accomplices on the square."""
    side = list(targets)
    for t in targets:
        partner = accomplice(s, t)
        if partner >= 0 and s.pos[partner] == s.pos[t] and partner not in side:
            side.append(partner)
    return side


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


def fighters(s: SupergangFields, characters: list[int]) -> list[Fighter]:
    """The duel's targets (L67) of these characters: each a gangster of its own gang, held by the vamp
    beside it if any (for L44), the killers with their bonus (L81)."""
    return [Fighter(character_name(t), "gangster", killer=t % 3 == KILLER, home=t // 3,
                    held_by=characters.index(s.captor[t]) if s.captor[t] in characters else -1)
            for t in characters]


def managers(s: SupergangFields, count: int) -> list[Fighter]:
    """A shop's managers as targets, one blue die each (L51)."""
    return [Fighter(f"manager{k + 1}", "manager") for k in range(count)]


def fight(s: SupergangFields, attackers: list[Fighter], defenders: list[Fighter]) -> DuelResult:
    """S21-S23 between the two sides; the generator moves on."""
    result = duel(Side(tuple(attackers)), Side(tuple(defenders)), s.duel_options, s._rng)
    s._rng = result.rng
    s.events.extend(result.events)
    return result


def attacker_crimes(s: SupergangFields, side: list[int], fallen: tuple[Status, ...], *,
                    noticed: bool = False) -> None:
    """S28, S42: 1 year per target injured, 2 per target killed, for every character of the attacking
    side: the side throws and fires as one (L68, L70), so its members are co-authors; a murder is also
    the crime of their L45 accomplices wherever they are."""
    for status in fallen:
        if status == "injured":
            side_crime(s, side, INJURY_YEARS, "an injury", noticed=noticed)
        elif status == "dead":
            side_crime(s, side, MURDER_YEARS, "a murder", noticed=noticed, shared=True)


def side_crime(s: SupergangFields, side: list[int], years: int, what: str, *, noticed: bool = False,
               shared: bool = False) -> None:
    """S42: a crime of each member of a duel's side, once each; `shared` (a stick-up or a murder, L45
    "always ... accomplices"): of their vamps and captives too, present or not."""
    criminals = list(side)
    if shared:
        for t in side:
            partner = accomplice(s, t)
            if partner >= 0 and partner not in criminals:
                criminals.append(partner)
    for t in criminals:
        crime(s, t, years, what, noticed=noticed)


def fall_all(s: SupergangFields, side: list[int], status: tuple[Status, ...], *,
             by_police: bool = False) -> None:
    """S24: every fallen character of a side to the clinic or the graveyard."""
    for t, fell in zip(side, status, strict=True):
        fall(s, t, fell, by_police=by_police)


def fall(s: SupergangFields, character: int, status: Status, *, by_police: bool = False) -> None:
    """S24: injured to the clinic (S25; shot by the police, then to the jail for its record, L77),
    dead to the graveyard with the record erased (L78, S26)."""
    if status not in ("injured", "dead"):
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
    count = s.geo.board.shops[here].managers
    what = "ownership" if ownership else "money"
    side = attacking_side(s, c)
    s.events.append(f"{character_name(c)} sticks up {here} for {what}"
                    f" against {count} manager(s)" + _with(side))
    result = fight(s, fighters(s, side), managers(s, count))
    success = result.winner == ATTACKER
    # L57: a manager injured, not killed, has survived too: any manager not dead is a witness (S29 a)
    witnessed = any(status != "dead" for status in result.status[DEFENDER])
    side_crime(s, side, STICKUP_YEARS, "a stick-up", noticed=witnessed, shared=True)
    attacker_crimes(s, side, result.status[DEFENDER], noticed=witnessed)
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
    fall_all(s, side, result.status[ATTACKER])


def killing(s: SupergangFields, targets: list[int]) -> None:
    """S18, S40: the declared targets and their accomplices against the attacking side (L38, L45, L67);
    in a shop its managers join the side of their owner's gang when one of its gangsters is in the duel
    (L27, L55)."""
    c = s.actor
    here = s.pos[c]
    side, attacked = attacking_side(s, c), defending_side(s, targets)
    helpers = killing_managers(s, here, side, attacked)
    s.events.append(f"{character_name(c)}{_with(side)} attacks "
                    f"{', '.join(character_name(t) for t in attacked)} on {here}"
                    + (f", defended by {helpers[1]} manager(s)" if helpers[1] else "")
                    + (f", helped by {helpers[0]} manager(s)" if helpers[0] else ""))
    result = fight(s, fighters(s, side) + managers(s, helpers[0]),
                   fighters(s, attacked) + managers(s, helpers[1]))
    attacker_crimes(s, side, result.status[DEFENDER])
    fall_all(s, attacked, result.status[DEFENDER][:len(attacked)])
    fall_all(s, side, result.status[ATTACKER][:len(side)])


def killing_managers(s: SupergangFields, place: str, side: list[int], attacked: list[int]
                     ) -> tuple[int, int]:
    """S41 (L27, L55): in a shop the managers join a killing on the side holding a gangster of the
    owning gang, if either does: (managers beside the attackers, managers beside the attacked)."""
    if place not in s.geo.board.shops:
        return 0, 0
    owner = s.owner[s.geo.shop_index[place]]
    count = s.geo.board.shops[place].managers
    if owner < 0:
        return 0, 0
    return (count if any(gang_of(s, t) == owner for t in side) else 0,
            count if any(gang_of(s, t) == owner for t in attacked) else 0)


def _with(side: list[int]) -> str:
    """The attacker's companions in a duel, in words."""
    return f" with {', '.join(character_name(t) for t in side[1:])}" if len(side) > 1 else ""


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
    side = attacking_side(s, c)
    side_crime(s, side, REBELLION_YEARS, "rebellion", noticed=True)
    result = fight(s, fighters(s, side), [Fighter(f"cop{k + 1}", "cop") for k in range(2)])
    attacker_crimes(s, side, result.status[DEFENDER], noticed=True)
    if any(status != "standing" for status in result.status[DEFENDER]):
        s.ppos[p], s.pprev[p], s.pentry[p] = JAIL, None, None
        s.preturn[p] = gang_of(s, c)
        s.events.append(f"patrol {p + 1} is out: back from the jail in the turn of "
                        f"{SEAT_REFS[s.preturn[p]]}")
    fall_all(s, side, result.status[ATTACKER], by_police=True)
    if arrested and is_free(s, c) and patrol_on_board(s, p):  # the duel stopped undecided
        imprison(s, c, s.record[c])
