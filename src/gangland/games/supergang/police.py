"""The police (S27-S32, S36): who moves the patrols, their moves and falls into the sewer, crimes noticed
on their square, arrests (custody of an innocent in the police-player variant, L87), the jail, and
buying the cops."""

from __future__ import annotations

from gangland.engine.seats import SEAT_REFS

from .actions import ARREST0, BUY_COPS, DONE, MANHOLE0, REBEL, SURRENDER, character_name
from .board import Move
from .constants import CUSTODY_YEARS, JAIL, SEWER
from .fields import SupergangFields
from .movement import arrival, patrol_options
from .phases import ARRESTED, PATROL_MOVE
from .table import leave_board, patrol_on_board


def cop_mover(s: SupergangFields) -> int:
    """L58, L65, L89: who moves the patrols this gang turn: the police player, the cop owner, or the
    player whose turn it is."""
    if s.police_seat >= 0:
        return s.police_seat
    return s.cops_owner if s.cops_owner >= 0 else s.turn_player


def arrestable(s: SupergangFields, p: int) -> list[int]:
    """S30: gangsters on the patrol's square with a record, not on a manhole (L16); in the variant the
    police player may also take innocents into custody (L87)."""
    here = s.ppos[p]
    if here in s.geo.manholes or not patrol_on_board(s, p):
        return []
    custody = s.police_seat >= 0
    return [t for t in range(len(s.pos))
            if s.pos[t] == here and (s.record[t] > 0 or (custody and s.pending[t] == 0))]


def ask_patrol_move(s: SupergangFields) -> bool:
    """PATROL_MOVE if the patrol has a move; else it stays (S7) and the next one goes."""
    if patrol_options(s, s.patrol):
        s.phase = PATROL_MOVE
        return True
    s.events.append(f"patrol {s.patrol + 1} cannot move {s.pdice[s.patrol]}: it stays")
    return False


def move_patrol(s: SupergangFields, move: Move) -> bool:
    """S27: the patrol moves along `move`; a patrol that stops on a manhole falls into the sewer (L61),
    else it notices the crimes of those on its square (L63). Whether it stands on the board after."""
    p = s.patrol
    start = s.ppos[p]
    s.ppos[p], s.pprev[p], s.pentry[p] = arrival(s, start, s.pprev[p], move.path)
    here = s.ppos[p]
    s.events.append(f"patrol {p + 1} moves {len(move.path)}: {start} -> {' -> '.join(move.path)}")
    if here in s.geo.manholes:  # L61: "Cops fallen in manholes are removed from game"
        s.ppos[p], s.pprev[p], s.preturn[p] = SEWER, None, cop_mover(s)
        s.events.append(f"patrol {p + 1} falls into the manhole at {here}")
        return False
    for t in range(len(s.pos)):  # L63: a crime is noticed while the criminal is on its square
        if s.pos[t] == here and s.pending[t]:
            notice(s, t)
    return True


def notice(s: SupergangFields, t: int) -> None:
    s.record[t] += s.pending[t]
    s.events.append(f"the police notice {character_name(t)}'s crimes: "
                    f"{s.pending[t]} year(s) on the record")
    s.pending[t] = 0


def arrest(s: SupergangFields, t: int) -> None:
    """S30: surrender or rebel (the choice of the gangster's player: the phase ARRESTED asks it), or
    straight to the jail; L87: custody of an innocent."""
    s.events.append(f"patrol {s.patrol + 1} arrests {character_name(t)}")
    if s.record[t] == 0:  # the variant's custody (L87)
        imprison(s, t, CUSTODY_YEARS)
    elif s.options["arrest_choice"] == "surrender_or_rebel":
        s.arrested = t
        s.phase = ARRESTED
    else:
        imprison(s, t, s.record[t])


def imprison(s: SupergangFields, t: int, years: int) -> None:
    """S31: to the jail for `years` gang turns; the record is erased."""
    leave_board(s, t, JAIL)
    s.jail_years[t] = years
    s.record[t] = 0
    s.events.append(f"{character_name(t)} goes to the jail for {years} turn(s)")


def buy_cops(s: SupergangFields) -> None:
    g = s.turn_player
    price = s.options["cop_price"]
    s.money[g] -= price
    s.bank += price
    s.cops_owner = g
    s.events.append(f"{SEAT_REFS[g]} buys the cops for {price}: it moves the patrols from now on")


def legal_cop_offer(s: SupergangFields) -> list[int]:
    """S32: buy the cops, or not (DONE)."""
    return [DONE, BUY_COPS]


def legal_patrol_place(s: SupergangFields) -> list[int]:
    """L61: a patrol out of the sewer comes back at any manhole."""
    return [MANHOLE0 + m for m in range(len(s.geo.manholes))]


def legal_patrol_move(s: SupergangFields) -> list[int]:
    """S27: where the patrol may stop with its die."""
    return sorted(patrol_options(s, s.patrol))


def legal_patrol_act(s: SupergangFields) -> list[int]:
    """S30, S36: no arrest (DONE), or the arrest of a gangster on the patrol's square."""
    return [DONE] + [ARREST0 + t for t in arrestable(s, s.patrol)]


def legal_arrested(s: SupergangFields) -> list[int]:
    """S30: the arrested gangster surrenders or rebels."""
    return [SURRENDER, REBEL]
