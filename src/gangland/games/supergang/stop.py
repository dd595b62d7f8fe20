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
)
from .constants import (
    ACT,
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
    PRICE,
    RACKET_YEARS,
    TRAFFIC_YEARS,
)
from .fights import FightRules


class StopRules(FightRules):
    """What a character may do where it stops, and doing it."""

    __slots__ = ()

    def _begin_stop(self) -> None:
        """S11: at its stop the character may act; with nothing to do the stop ends at once."""
        self.flags = 0
        self.phase = ACT
        if not self._stop_actions():
            self._end_stop()

    def _stop_actions(self) -> list[int]:
        """The actions (besides DONE) open to the acting character at its stop (S11)."""
        c = self.actor
        gang, colour, role, here = self.gang_of(c), c // 3, c % 3, self.pos[c]
        board, geo = self.geo.board, self.geo
        out: list[int] = []
        if here in board.shops:
            i = geo.shop_index[here]
            shop = board.shops[here]
            unowned = self.owner[i] == -1
            token = self.tokens[gang] > 0
            could_racket = not self.flags & F_RACKET and unowned and self.racket[i] == -1
            could_buy = (not self.flags & F_PURCHASE and unowned and self.money[gang] >= self.shop_price(here)
                         and (role != KILLER or self.options["killer_may_buy"]))
            if could_racket and token:
                out.append(RACKET)
            if could_buy and (token or self.racket[i] == gang):
                out.append(PURCHASE)
            if not token and (could_racket or (could_buy and self.racket[i] != gang)
                              or self._could_take_ownership(c)):
                # L85: with no token left, one of the gang's tokens must first come off the board
                out += [RECALL0 + j for j in range(len(geo.shops))
                        if j != i and (self.owner[j] == gang or self.racket[j] == gang)]
            if role == DEALER and not self.flags & F_BUY and shop.kind == "star":
                for k in range(1, MAX_PAIRS + 1):
                    if self.money[gang] >= PAIR_PRICE * k and self.pawn_supply[colour] >= 2 * k:
                        out.append(BUY0 + k - 1)
        if (role == DEALER and not self.flags & F_PLACE and self.pawn_stock[colour] > 0
                and self.placeable_sections(c)):
            out.append(PLACE)
        if here in board.shops and not self.flags & F_RECRUIT and self._recruitable(c) >= 0:
            out.append(RECRUIT)
        return sorted(out + self._fight_actions())

    def _act(self, action: int) -> None:
        c = self.actor
        gang, colour, here = self.gang_of(c), c // 3, self.pos[c]
        geo = self.geo
        if action == RACKET:
            i = geo.shop_index[here]
            self.racket[i] = gang
            self.tokens[gang] -= 1
            self.flags |= F_RACKET
            self.events.append(f"{self.character_name(c)} rackets {here}")
            self._crime(c, RACKET_YEARS, "a racket")
        elif action == PURCHASE:
            i = geo.shop_index[here]
            price = self.shop_price(here)
            self._transfer(gang, -1, price)
            if self.racket[i] >= 0:  # L19: "the racket token is removed"
                self.tokens[self.racket[i]] += 1
                self.events.append(f"the racket token of {SEAT_REFS[self.racket[i]]} on {here} goes back")
                self.racket[i] = -1
            self.flags |= F_PURCHASE
            self.events.append(f"{self.character_name(c)} buys {here} for {price}")
            self._take_shop(gang, here)
        elif BUY0 <= action < PLACE:
            pairs = action - BUY0 + 1
            cost = PAIR_PRICE * pairs
            self._transfer(gang, -1, cost)  # L47: a vamped dealer buys with the vamp's money
            self.pawn_supply[colour] -= 2 * pairs
            self.pawn_stock[colour] += 2 * pairs
            self.flags |= F_BUY
            self.events.append(f"{self.character_name(c)} buys {2 * pairs} traffic pawns for {cost}")
        elif action == PLACE:
            placed = []
            for sec in self.placeable_sections(c):
                if not self.pawn_stock[colour]:
                    break
                self.pawns[sec] = colour
                self.pawn_stock[colour] -= 1
                placed.append(sec)
            self.flags |= F_PLACE
            self.events.append(f"{self.character_name(c)} places traffic pawns on {', '.join(placed)}")
            self._crime(c, TRAFFIC_YEARS, "traffic")
        elif action == COWARD:
            self.flags |= F_COWARD
            self.events.append(f"{self.character_name(c)} mugs a passer-by on {here} (coward attack)")
            self._pay_from_bank(gang, COWARD_YIELD, "a coward attack")
            self._crime(c, COWARD_YEARS, "a coward attack")
        elif action == RECRUIT:
            self._recruit()
            return
        elif action >= RECALL0:
            j = action - RECALL0
            shop = geo.shops[j]
            kind = "ownership" if self.owner[j] == gang else "racket"
            if self.owner[j] == gang:
                self.owner[j] = -1
            else:
                self.racket[j] = -1
            self.tokens[gang] += 1
            self.events.append(f"{SEAT_REFS[gang]} takes its {kind} token off {shop} (no token left, L85)")
        elif action in (STICKUP_MONEY, STICKUP_OWNERSHIP):
            self.flags |= F_DUEL
            self._stickup(action == STICKUP_OWNERSHIP)
        elif KILL0 <= action < VAMP0:
            self.flags |= F_DUEL
            self._killing(action - KILL0)
        elif VAMP0 <= action < RECRUIT:
            self.flags |= F_VAMP
            self._vamp(action - VAMP0)
        elif ATTACK_PATROL0 <= action < CLINIC_KILL0:
            self.flags |= F_DUEL
            self.events.append(f"{self.character_name(c)} attacks patrol {action - ATTACK_PATROL0 + 1}")
            self._fight_patrol(c, action - ATTACK_PATROL0, arrested=False)
        else:  # CLINIC_KILL0 + target
            self.flags |= F_DUEL
            self._clinic_kill(action - CLINIC_KILL0)
        self._after_act()

    def _after_act(self) -> None:
        """After an action the character may act again, unless it is down (S24) or has nothing left."""
        if self.done:
            return
        if not self.is_free(self.actor) or not self._stop_actions():
            self._end_stop()

    def _recruit(self) -> None:
        """S17: free in one's own shop, `recruit_price` to the bank in an unowned one; in another gang's
        shop its owner names a price or refuses (L49)."""
        c = self.actor
        self.flags |= F_RECRUIT
        here, gang = self.pos[c], self.gang_of(c)
        owner = self.owner[self.geo.shop_index[here]]
        recruit = self._recruitable(c)
        self.events.append(f"{self.character_name(c)} recruits {self.character_name(recruit)} at {here}?")
        if owner == gang:
            self._recruit_into(recruit, here, "free in the gang's own shop")
        elif owner < 0:
            price = self.options["recruit_price"]
            self._transfer(gang, -1, price)
            self._recruit_into(recruit, here, f"for {price} paid to the bank")
        else:
            self.phase = PRICE
            return
        self._after_act()
