"""The turn and the round (S4, S25, S31, S33, S35): a gang turn's incomes, the time served in the clinic
and the jail, the dice, the patrols moved first (S27), each character chosen, moved (resurfacing from a
manhole first, S10) and stopped (S11); the turn clock; the next gang turn and round.

This is the turn's order, so it alone says what comes after a step: each phase's step (`choose`, `move`,
`act`, ...) is here, and the rule modules below it do the parts."""

from __future__ import annotations

from gangland.engine.seats import SEAT_REFS

from .actions import (
    ACCEPT,
    ARREST0,
    BUY_COPS,
    CHAR0,
    DONE,
    MANHOLE0,
    PATROLS,
    PRICE0,
    PRICES,
    REFUSE,
    STAY,
    SURRENDER,
    TIME_UP,
    character_name,
)
from .board import Move
from .constants import (
    CLINIC,
    DEALER,
    EARLY_ROUNDS,
    GRAVEYARD,
    JAIL,
    PAWN_INCOME,
    RACKET_INCOME,
    SEWER,
    SHOP_INCOME,
)
from .fields import SupergangFields
from .fights import fight_patrol
from .movement import arrival, move_options, patrol_options
from .phases import (
    ACT,
    ARRESTED,
    CHOOSE,
    COP_OFFER,
    MOVE,
    OFFER,
    PATROL_ACT,
    PATROL_MOVE,
    PATROL_PLACE,
    PRICE,
    RESURFACE,
)
from .police import arrest, arrestable, ask_patrol_move, buy_cops, cop_mover, imprison, move_patrol
from .shops import recruit_into, recruitable
from .stop import act as act_at_stop
from .stop import stop_actions
from .table import (
    available,
    end_game,
    free_captive,
    gang_of,
    is_free,
    leave_board,
    patrol_on_board,
    pay_from_bank,
    shops_owned,
    throw_die,
    transfer,
)


def start_gang_turn(s: SupergangFields) -> None:
    """S4: incomes (S33), the time served in the jail and the clinic (S25, S31), the offer of the cops
    (S32), then the dice of the characters and patrols, thrown together."""
    g = s.turn_player
    s.robbed = set()
    s.actor = -1
    s.flags = 0
    incomes(s, g)
    sitting_out = [serve_time(s, c) for c in range(3 * g, 3 * g + 3)]
    s.moved = [True] * len(s.pos)
    for c in range(len(s.pos)):
        # L43: a captive whose service is over is his own gang's to move, and is freed by that move
        held = s.captor[c] >= 0 and s.served[c] < s.options["vamp_turns"]
        mine = c // 3 == g and not held and not sitting_out[c % 3] and available(s, c)
        held = held and s.captor[c] // 3 == g and is_free(s, c)
        s.moved[c] = not (mine or held)
    if all(p == GRAVEYARD for p in s.pos):
        s.events.append("every character is in the graveyard: nobody can recruit again, the game ends"
                        + (": the police player wins" if s.police_seat >= 0 else " in a draw"))
        if s.police_seat >= 0:
            s.winner = s.police_seat
        end_game(s)
        return
    if (s.round > EARLY_ROUNDS and s.police_seat < 0 and s.cops_owner < 0
        and s.money[g] >= s.options["cop_price"]):
        s.dice = [0] * len(s.pos)
        s.phase = COP_OFFER
        return
    throw_dice(s)


def serve_time(s: SupergangFields, c: int) -> bool:
    """S25, S31 (L66 "1 year means 1 turn without playing"): True if the character sits this gang
    turn out in the clinic or the jail; an injured criminal goes on from the clinic to the jail."""
    if s.pos[c] == CLINIC:
        if s.clinic_left[c] > 0:
            s.clinic_left[c] -= 1
            return True
        if s.jail_years[c] > 0:  # L77: from the clinic to the jail
            s.pos[c] = JAIL
            s.events.append(f"{character_name(c)} leaves the clinic for the jail")
    if s.pos[c] == JAIL and s.jail_years[c] > 0:
        s.jail_years[c] -= 1
        s.events.append(f"{character_name(c)} spends a year in the jail")
        return True
    return False


def incomes(s: SupergangFields, gang: int) -> None:
    """S33: 5 per racket token, 10 per owned shop, 5 per placed pawn while its dealer is free (L46;
    a vamped dealer's pawns pay the vamp's gang, L47); a neutralized gang earns only from its shops
    (L35)."""
    neutralized = not any(is_free(s, 3 * gang + r) for r in range(3))
    if not neutralized or s.options["neutralized_racket"]:
        rackets = sum(1 for r in s.racket if r == gang)
        if rackets:
            pay_from_bank(s, gang, RACKET_INCOME * rackets, f"{rackets} racket(s)")
    shops = shops_owned(s, gang)
    if shops:
        pay_from_bank(s, gang, SHOP_INCOME * shops, f"{shops} shop(s)")
    if not neutralized:
        colours = {d // 3 for d in range(DEALER, len(s.pos), 3)
                   if is_free(s, d) and gang_of(s, d) == gang}
        pawns = sum(1 for p in s.pawns.values() if p in colours)
        if pawns:
            pay_from_bank(s, gang, PAWN_INCOME * pawns, f"{pawns} traffic pawn(s)")


def throw_dice(s: SupergangFields) -> None:
    """L58: the player throws the dice of the cops and of his available characters together."""
    g = s.turn_player
    s.dice = [0 if s.moved[c] else throw_die(s) for c in range(len(s.pos))]
    in_play = s.round > EARLY_ROUNDS
    for p in range(PATROLS):
        # L61, L80: back on the turn of the player who pushed or shot it; a patrol in the sewer comes
        # back at once when a cop owner or the police player moves the patrols
        owned = s.cops_owner >= 0 or s.police_seat >= 0
        waiting = s.ppos[p] in (JAIL, SEWER) and s.preturn[p] >= 0 and not (
            s.preturn[p] == g or (s.ppos[p] == SEWER and owned))
        s.pdice[p] = throw_die(s) if in_play and not waiting else 0
    thrown = [f"{character_name(c)} {s.dice[c]}" for c in range(len(s.pos)) if s.dice[c]]
    thrown += [f"patrol {p + 1} {s.pdice[p]}" for p in range(PATROLS) if s.pdice[p]]
    s.events.append(f"round {s.round}, the turn of {SEAT_REFS[g]}: dice "
                    + (", ".join(thrown) or "none"))
    s.patrol = -1
    next_patrol(s)


def time_up(s: SupergangFields) -> None:
    """S35 (L86): every character not moved when the clock runs out goes to the jail for the next turn."""
    s.events.append(f"time is up for {SEAT_REFS[s.turn_player]}")
    for c in range(len(s.pos)):
        if not s.moved[c]:
            leave_board(s, c, JAIL)
            s.jail_years[c] = 1
            s.events.append(f"{character_name(c)} goes to the jail for the next turn")
    next_gang_turn(s)


def begin_move(s: SupergangFields) -> None:
    """L43: a captive whose service is over recovers his freedom as soon as he moves; L63: unnoticed
    crimes are lost when the criminal moves; S10: from a manhole it may first resurface at another."""
    c = s.actor
    if s.captor[c] >= 0 and c // 3 == s.turn_player:
        free_captive(s, c)
    if s.pending[c]:
        s.events.append(f"{character_name(c)} gets away with {s.pending[c]} unnoticed year(s)")
        s.pending[c] = 0
    s.protected[c] = False
    if s.pos[c] in s.geo.manholes:
        s.phase = RESURFACE
    else:
        ask_move(s)


def resurface_at(s: SupergangFields, manhole: str) -> None:
    c = s.actor
    s.events.append(f"{character_name(c)} goes down {s.pos[c]} and resurfaces at {manhole}")
    s.pos[c] = manhole
    s.prev[c] = None
    s.entry[c] = None


def ask_move(s: SupergangFields) -> None:
    """S7: exactly the die; with no path of that length the character stays and does nothing."""
    if move_options(s, s.actor):
        s.phase = MOVE
    else:
        s.events.append(f"{character_name(s.actor)} cannot move {s.dice[s.actor]} "
                        f"squares from {s.pos[s.actor]} and stays")
        end_stop(s)


def move_along(s: SupergangFields, move: Move) -> None:
    c = s.actor
    start = s.pos[c]
    s.pos[c], s.prev[c], s.entry[c] = arrival(s, start, s.prev[c], move.path)
    s.events.append(f"{character_name(c)} moves {len(move.path)}: "
                    f"{start} -> {' -> '.join(move.path)}")
    if start == CLINIC:
        s.events.append(f"{character_name(c)} leaves the clinic")
    begin_stop(s)


def end_stop(s: SupergangFields) -> None:
    """The character's move and actions are over: a vamped character's turn of service counts (L43:
    after the last one he is free only when he next moves, `begin_move`), then the next character,
    or the next gang turn."""
    c = s.actor
    if c >= 0 and s.captor[c] >= 0 and s.captor[c] // 3 == s.turn_player:
        s.served[c] += 1  # still vamped until he moves again, on his own gang's turn (L43)
    s.flags = 0
    s.actor = -1
    s.phase = CHOOSE
    if not all(s.moved):
        return
    next_gang_turn(s)


def next_gang_turn(s: SupergangFields) -> None:
    """The next gang clockwise (S4); after the round's last gang the next round, begun by the same first
    player or, with `round_start` "rotate", by the seat on the left of this round's (S45)."""
    nxt = (s.turn_player + 1) % s.gangs
    if nxt == s.first:
        limit = s.options["turn_limit"]
        if limit and s.round >= limit:
            s.events.append(f"stopped at the safety limit of {limit} rounds (not a rule): a draw "
                            "shared by the gangs")
            end_game(s)
            return
        s.round += 1
        if s.options["round_start"] == "rotate":
            s.first = nxt = (s.first + 1) % s.gangs
            s.events.append(f"round {s.round} begins with {SEAT_REFS[nxt]}")
    s.turn_player = nxt
    start_gang_turn(s)


def next_patrol(s: SupergangFields) -> None:
    """S27: each patrol with a die moves (a patrol in the sewer first comes up, L61), then the
    characters."""
    while s.patrol + 1 < PATROLS:
        s.patrol += 1
        p = s.patrol
        if not s.pdice[p]:
            continue
        if s.ppos[p] == SEWER:
            s.phase = PATROL_PLACE
            return
        if s.ppos[p] == JAIL:
            s.preturn[p] = -1
            s.pprev[p] = s.pentry[p] = None
        if ask_patrol_move(s):
            return
    s.patrol = -1
    s.phase = CHOOSE
    if all(s.moved):
        s.events.append(f"{SEAT_REFS[s.turn_player]} has no character that can move")
        next_gang_turn(s)


def after_arrest(s: SupergangFields) -> None:
    """Back to the patrol's arrests while it stands and has someone to arrest, else the next patrol."""
    if patrol_on_board(s, s.patrol) and arrestable(s, s.patrol):
        s.phase = PATROL_ACT
    else:
        next_patrol(s)


def begin_stop(s: SupergangFields) -> None:
    """S11: at its stop the character may act; with nothing to do the stop ends at once."""
    s.flags = 0
    s.phase = ACT
    if not stop_actions(s):
        end_stop(s)


def after_act(s: SupergangFields) -> None:
    """After an action the character may act again, unless it is down (S24) or has nothing left (or the
    action ended the game, or asks the shop's owner a price)."""
    if s.phase == ACT and (not is_free(s, s.actor) or not stop_actions(s)):
        end_stop(s)


# -- whose decision it is, and each phase's step -------------------------------------------------------


def seat_to_act(s: SupergangFields) -> int | None:
    """The seat deciding now: the patrols' mover, the arrested gangster's player, the owner of the shop
    asked a price, or the gang whose turn it is; None once the game is over."""
    phase = s.phase
    if s.done:
        return None
    if phase in (PATROL_PLACE, PATROL_MOVE, PATROL_ACT):
        return cop_mover(s)
    if phase == ARRESTED:
        return gang_of(s, s.arrested)
    if phase == PRICE:
        return s.owner[s.geo.shop_index[s.pos[s.actor]]]
    return s.turn_player


def legal_choose(s: SupergangFields) -> list[int]:
    """S5: the characters still to move this gang turn; with the turn clock, "time is up" (S35)."""
    chars = [CHAR0 + c for c in range(len(s.pos)) if not s.moved[c]]
    return [*chars, TIME_UP] if s.options["turn_clock"] else chars


def choose(s: SupergangFields, action: int, legal: list[int]) -> None:
    """S5: the character picked moves next; or the clock ran out (S35)."""
    if action == TIME_UP:
        time_up(s)
        return
    s.actor = action - CHAR0
    s.moved[s.actor] = True
    begin_move(s)


def resurface(s: SupergangFields, action: int, legal: list[int]) -> None:
    """S10: stay, or resurface at another manhole (then move, or, by option, that was the move)."""
    if action != STAY:
        resurface_at(s, s.geo.manholes[action - MANHOLE0])
        if s.options["manhole_move"] == "instead":
            begin_stop(s)
            return
    ask_move(s)


def move(s: SupergangFields, action: int, legal: list[int]) -> None:
    """S6-S9: the character moves to the stop chosen."""
    move_along(s, move_options(s, s.actor)[action])


def act(s: SupergangFields, action: int, legal: list[int]) -> None:
    """S11: an action at the stop, or DONE, which ends it."""
    if action == DONE:
        end_stop(s)
    else:
        act_at_stop(s, action)
        after_act(s)


def cop_offer(s: SupergangFields, action: int, legal: list[int]) -> None:
    """S32: the cops bought or not, then the dice."""
    if action == BUY_COPS:
        buy_cops(s)
    throw_dice(s)


def patrol_place(s: SupergangFields, action: int, legal: list[int]) -> None:
    """L61: the patrol comes up at the manhole chosen, then moves."""
    p = s.patrol
    hole = s.geo.manholes[action - MANHOLE0]
    s.ppos[p], s.pprev[p], s.pentry[p], s.preturn[p] = hole, None, None, -1
    s.events.append(f"patrol {p + 1} comes up at {hole}")
    if not ask_patrol_move(s):
        next_patrol(s)


def patrol_move(s: SupergangFields, action: int, legal: list[int]) -> None:
    """S27: the patrol moves to the stop chosen; unless it fell into the sewer, its arrests follow."""
    if move_patrol(s, patrol_options(s, s.patrol)[action]):
        after_arrest(s)
    else:
        next_patrol(s)


def patrol_act(s: SupergangFields, action: int, legal: list[int]) -> None:
    """S30: no arrest (the next patrol), or the arrest of a gangster."""
    if action == DONE:
        next_patrol(s)
        return
    arrest(s, action - ARREST0)
    if s.phase != ARRESTED:
        after_arrest(s)


def arrested(s: SupergangFields, action: int, legal: list[int]) -> None:
    """S30: the arrested gangster surrenders (to the jail) or rebels (a duel against the patrol)."""
    t, s.arrested = s.arrested, -1
    if action == SURRENDER:
        s.events.append(f"{character_name(t)} surrenders")
        imprison(s, t, s.record[t])
    else:
        fight_patrol(s, t, s.patrol, arrested=True)
    after_arrest(s)


def price(s: SupergangFields, action: int, legal: list[int]) -> None:
    """L49: the shop's owner names a price for the recruit, or refuses to sell."""
    seller = seat_to_act(s)
    assert seller is not None  # (the shop's owner is asked for a price)
    if action == REFUSE:
        s.events.append(f"{SEAT_REFS[seller]} refuses to sell the recruit")
        s.phase = ACT
        after_act(s)
    else:
        s.asked_price = action - PRICE0
        s.events.append(f"{SEAT_REFS[seller]} asks {PRICES[s.asked_price]} for the recruit")
        s.phase = OFFER


def offer(s: SupergangFields, action: int, legal: list[int]) -> None:
    """L49: the recruiter pays the price asked and recruits, or declines."""
    paid, s.asked_price = PRICES[s.asked_price], -1
    s.phase = ACT
    if action == ACCEPT:
        shop = s.pos[s.actor]
        owner = s.owner[s.geo.shop_index[shop]]
        transfer(s, gang_of(s, s.actor), owner, paid)
        recruit_into(s, recruitable(s, s.actor), shop, f"for {paid} paid to {SEAT_REFS[owner]}")
    else:
        s.events.append("the recruiter declines the price")
    after_act(s)
