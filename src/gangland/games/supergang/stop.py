"""A character's stop (S11): the actions open to it there, each at most once, and doing them: racket
(S13), purchase (S14), traffic pawns (S16), recruiting (S17), the coward attack (S19), taking a token
back (L85), and the fights (fights.py)."""

from __future__ import annotations

from gangland.engine.seats import SEAT_REFS

from .actions import (
    ATTACK_PATROL0,
    BUY0,
    CLINIC_KILL0,
    COWARD,
    DONE,
    FIRE,
    KILL0,
    MAX_PAIRS,
    PLACE,
    PURCHASE,
    RACKET,
    RECALL0,
    RECRUIT,
    STICKUP_MONEY,
    STICKUP_OWNERSHIP,
    VAMP0,
    character_name,
)
from .constants import (
    COWARD_YEARS,
    COWARD_YIELD,
    DEALER,
    F_BUY,
    F_COWARD,
    F_DUEL,
    F_PLACE,
    F_PURCHASE,
    F_RACKET,
    F_RECRUIT,
    F_VAMP,
    KILLER,
    PAIR_PRICE,
    RACKET_YEARS,
    TRAFFIC_YEARS,
)
from .fields import SupergangFields
from .fights import aim_actions, crime, fight_actions, fight_patrol, kill_in_clinic, killing, stickup, vamp
from .phases import PRICE
from .shops import could_take_ownership, placeable_sections, recruit_into, recruitable, shop_price, take_shop
from .table import gang_of, pay_from_bank, transfer


def stop_actions(s: SupergangFields) -> list[int]:
    """The actions (besides DONE) open to the acting character at its stop (S11); while it declares an
    attack, only more targets or opening fire (S40)."""
    if s.aim:
        return aim_actions(s)
    c = s.actor
    gang, colour, role, here = gang_of(s, c), c // 3, c % 3, s.pos[c]
    board, geo = s.geo.board, s.geo
    out: list[int] = []
    if here in board.shops:
        i = geo.shop_index[here]
        shop = board.shops[here]
        unowned = s.owner[i] == -1
        token = s.tokens[gang] > 0
        could_racket = not s.flags & F_RACKET and unowned and s.racket[i] == -1
        could_buy = (not s.flags & F_PURCHASE and unowned and s.money[gang] >= shop_price(s, here)
                     and (role != KILLER or s.options["killer_may_buy"]))
        if could_racket and token:
            out.append(RACKET)
        if could_buy and (token or s.racket[i] == gang):
            out.append(PURCHASE)
        if not token and (could_racket or (could_buy and s.racket[i] != gang)
                          or could_take_ownership(s, c)):
            # L85: with no token left, one of the gang's tokens must first come off the board
            out += [RECALL0 + j for j in range(len(geo.shops))
                    if j != i and (s.owner[j] == gang or s.racket[j] == gang)]
        if role == DEALER and not s.flags & F_BUY and shop.kind == "star":
            for k in range(1, MAX_PAIRS + 1):
                if s.money[gang] >= PAIR_PRICE * k and s.pawn_supply[colour] >= 2 * k:
                    out.append(BUY0 + k - 1)
    if (role == DEALER and not s.flags & F_PLACE and s.pawn_stock[colour] > 0
        and placeable_sections(s, c)):
        out.append(PLACE)
    if here in board.shops and not s.flags & F_RECRUIT and recruitable(s, c) >= 0:
        out.append(RECRUIT)
    return sorted(out + fight_actions(s))


def act(s: SupergangFields, action: int) -> None:
    """S11: the acting character does `action` at its stop (what comes after is the turn's, turn.py)."""
    c = s.actor
    gang, colour, here = gang_of(s, c), c // 3, s.pos[c]
    geo = s.geo
    if action == RACKET:
        i = geo.shop_index[here]
        s.racket[i] = gang
        s.tokens[gang] -= 1
        s.flags |= F_RACKET
        s.events.append(f"{character_name(c)} rackets {here}")
        crime(s, c, RACKET_YEARS, "a racket")
    elif action == PURCHASE:
        i = geo.shop_index[here]
        price = shop_price(s, here)
        transfer(s, gang, -1, price)
        if s.racket[i] >= 0:  # L19: "the racket token is removed"
            s.tokens[s.racket[i]] += 1
            s.events.append(f"the racket token of {SEAT_REFS[s.racket[i]]} on {here} goes back")
            s.racket[i] = -1
        s.flags |= F_PURCHASE
        s.events.append(f"{character_name(c)} buys {here} for {price}")
        take_shop(s, gang, here)
    elif BUY0 <= action < PLACE:
        pairs = action - BUY0 + 1
        cost = PAIR_PRICE * pairs
        transfer(s, gang, -1, cost)  # L47: a vamped dealer buys with the vamp's money
        s.pawn_supply[colour] -= 2 * pairs
        s.pawn_stock[colour] += 2 * pairs
        s.flags |= F_BUY
        s.events.append(f"{character_name(c)} buys {2 * pairs} traffic pawns for {cost}")
    elif action == PLACE:
        placed = []
        for sec in placeable_sections(s, c):
            if not s.pawn_stock[colour]:
                break
            s.pawns[sec] = colour
            s.pawn_stock[colour] -= 1
            placed.append(sec)
        s.flags |= F_PLACE
        s.events.append(f"{character_name(c)} places traffic pawns on {', '.join(placed)}")
        crime(s, c, TRAFFIC_YEARS, "traffic")
    elif action == COWARD:
        s.flags |= F_COWARD
        s.events.append(f"{character_name(c)} mugs a passer-by on {here} (coward attack)")
        pay_from_bank(s, gang, COWARD_YIELD, "a coward attack")
        crime(s, c, COWARD_YEARS, "a coward attack")
    elif action == RECRUIT:
        recruit(s)
    elif action == FIRE:
        targets = s.aim
        s.aim = []
        killing(s, targets)
    elif action >= RECALL0:
        j = action - RECALL0
        shop = geo.shops[j]
        kind = "ownership" if s.owner[j] == gang else "racket"
        if s.owner[j] == gang:
            s.owner[j] = -1
        else:
            s.racket[j] = -1
        s.tokens[gang] += 1
        s.events.append(f"{SEAT_REFS[gang]} takes its {kind} token off {shop} (no token left, L85)")
    elif action in (STICKUP_MONEY, STICKUP_OWNERSHIP):
        s.flags |= F_DUEL
        stickup(s, action == STICKUP_OWNERSHIP)
    elif KILL0 <= action < VAMP0:
        # S40: the first target opens the declaration (the stop's one dice throw, L38), others join it
        s.flags |= F_DUEL
        s.aim.append(action - KILL0)
        s.events.append(f"{character_name(c)} aims at {character_name(action - KILL0)}")
    elif VAMP0 <= action < RECRUIT:
        s.flags |= F_VAMP
        vamp(s, action - VAMP0)
    elif ATTACK_PATROL0 <= action < CLINIC_KILL0:
        s.flags |= F_DUEL
        s.events.append(f"{character_name(c)} attacks patrol {action - ATTACK_PATROL0 + 1}")
        fight_patrol(s, c, action - ATTACK_PATROL0, arrested=False)
    else:  # CLINIC_KILL0 + target
        s.flags |= F_DUEL
        kill_in_clinic(s, action - CLINIC_KILL0)


def recruit(s: SupergangFields) -> None:
    """S17: free in one's own shop, `recruit_price` to the bank in an unowned one; in another gang's
    shop its owner names a price or refuses (L49)."""
    c = s.actor
    s.flags |= F_RECRUIT
    here, gang = s.pos[c], gang_of(s, c)
    owner = s.owner[s.geo.shop_index[here]]
    recruited = recruitable(s, c)
    s.events.append(f"{character_name(c)} recruits {character_name(recruited)} at {here}?")
    if owner == gang:
        recruit_into(s, recruited, here, "free in the gang's own shop")
    elif owner < 0:
        price = s.options["recruit_price"]
        transfer(s, gang, -1, price)
        recruit_into(s, recruited, here, f"for {price} paid to the bank")
    else:
        s.phase = PRICE  # the owner names the price


def legal_act(s: SupergangFields) -> list[int]:
    """S11: the stop's actions, and DONE unless `shop_action_required` holds the character in a shop to
    one action (L12)."""
    acts = stop_actions(s)
    if s.aim:  # S40: a declared attack is carried out
        return acts
    if (s.options["shop_action_required"] and acts and s.flags == 0
        and s.pos[s.actor] in s.geo.board.shops):
        return acts
    return [DONE, *acts]
