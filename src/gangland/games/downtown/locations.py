"""Phase 3: the locations a turn may use and what each does: buying gangsters at Downtown, the Bank's
share and the Ghetto's draw (docs D12-D16), jobs and looks at the West Side (D17, D18), looks and sales
at the East Side (D18-D20), the Villa's second action (D24), and a casino card turning up on a fence
pile, which interrupts the East Side for a visit (D21; the visit's decisions are casino.py's, which goes on
here with `after_casino`).
"""

from __future__ import annotations

from typing import Final

from gangland.engine.seats import SEAT_REFS

from .actions import (
    BUY0,
    DONE,
    JOB0,
    LOOK_FENCE0,
    LOOK_STOOGE0,
    OFFER0,
    PUT_ONTO0,
    PUT_TOP,
    PUT_UNDER,
    SELL_AT0,
)
from .cards import (
    BANK,
    CASINO,
    DOWNTOWN,
    EAST_SIDE,
    FENCES,
    GANGSTER_COUNTS,
    GANGSTER_NAMES,
    GHETTO,
    VILLA,
    WEST_SIDE,
    fence_text,
    gangsters_text,
    money_text,
    payout,
    price,
    refill_count,
)
from .chance import draw_gangster
from .displays import bank_pays, tell_exchange
from .ending import end_phase3, finish, money_end
from .fields import DowntownFields
from .money import transfer, value
from .phases import (
    AFTER_FENCE_LOOK,
    AFTER_STOOGE_LOOK,
    BUYING,
    CASINO_VOTE,
    FENCE_BACK,
    LOCATION,
    OFFERING,
    OVER,
    RESUME_AFTER_FENCE_LOOK,
    RESUME_AFTER_SALE,
    STOOGE_BACK,
)


def _usable(state: DowntownFields) -> int:
    """The locations the active player may still use in phase 3, as a bit set (bit i: location i)."""
    used = state.used
    if state._players > 2 and used:
        return 0
    t0, t1 = state.tokens[state.active]
    # His tokens as bits (shifted by one: a token not yet placed is at -1), less the locations used.
    return ((1 << t0 + 1 | 1 << t1 + 1) >> 1) & 7 & ~used


def legal_location(state: DowntownFields) -> list[int]:
    """Phase 3: end it, or use a location (`_usable`): buy at Downtown; do a job or look at
    a stooge pile at the West Side; look at a fence pile or offer loot at the East Side.

    One loop per location, not the helpers each phase of a location uses: phase 3 is one decision in
    sixteen of random play, and building its choices was a tenth of the time.
    """
    acts = [DONE]
    usable = _usable(state)
    if usable & 1 << DOWNTOWN:
        acts += _buys(state)
    if usable & 1 << WEST_SIDE:
        hand = state.hands[state.active]
        looks = []
        for p, pile in enumerate(state.spiles):
            if pile:
                needs = state.cards[pile[-1]].needs
                if hand[0] >= needs[0] and hand[1] >= needs[1] and hand[2] >= needs[2]:
                    acts.append(JOB0 + p)
                looks.append(LOOK_STOOGE0 + p)
        acts += looks
    if usable & 1 << EAST_SIDE:
        kinds = 0  # the loot kinds the fences on top buy, as bits
        for p, pile in enumerate(state.fpiles):
            if pile and pile[-1] >= 0:
                acts.append(LOOK_FENCE0 + p)
                kinds |= 1 << FENCES[pile[-1]][0]
        if kinds:
            cards = state.cards
            for c in state.shand[state.active]:
                if kinds >> cards[c].loot & 1:
                    acts.append(OFFER0 + c)
    acts.sort()  # (sorted already unless a hand's stooge cards were not)
    return acts


def _jobs(state: DowntownFields) -> list[int]:
    hand = state.hands[state.active]
    acts = []
    for p in range(3):
        pile = state.spiles[p]
        if pile:
            needs = state.cards[pile[-1]].needs
            if hand[0] >= needs[0] and hand[1] >= needs[1] and hand[2] >= needs[2]:
                acts.append(JOB0 + p)
    return acts


def _fence_tops(state: DowntownFields) -> list[int]:
    """The fence on top of each pile, -1 for a pile that is gone."""
    return [p[-1] if p else -1 for p in state.fpiles]


def _offers(state: DowntownFields, loot: int) -> list[int]:
    """Stooge cards the active player may offer: of kind `loot` (or any, -1) that a top fence buys."""
    kinds = {FENCES[f][0] for f in _fence_tops(state) if f >= 0}
    return [OFFER0 + c for c in state.shand[state.active]
            if state.cards[c].loot in kinds and (loot < 0 or state.cards[c].loot == loot)]


PRICES: Final = tuple(price(n) if n else 0 for n in range(sum(GANGSTER_COUNTS) + 1))
"""`price` by the number of a kind on display (0 for none)."""


def _buys(state: DowntownFields) -> list[int]:
    money = value(state.cash[state.active]) - state.spent
    downtown = state.downtown
    prices = state.prices if state.phase == BUYING else [PRICES[downtown[0]], PRICES[downtown[1]],
                                                          PRICES[downtown[2]]]
    acts = []
    for k in 0, 1, 2:  # (a comprehension would cost a call)
        if downtown[k] and prices[k] <= money:
            acts.append(BUY0 + k)
    return acts


def legal_buying(state: DowntownFields) -> list[int]:
    """Buying at Downtown: done, or another gangster (D12)."""
    return [DONE, *_buys(state)]


def legal_stooge_back(state: DowntownFields) -> list[int]:
    """The stooge card looked at goes back on top or under its pile (D18)."""
    return [PUT_TOP, PUT_UNDER]


def legal_after_stooge_look(state: DowntownFields) -> list[int]:
    """Villa, after a look at the West Side: done, or a job (D24)."""
    return [DONE, *_jobs(state)]


def legal_fence_back(state: DowntownFields) -> list[int]:
    """The fence card looked at goes back: on top or under (2013), or onto a pile left (current)."""
    if state.ed2013:
        return [PUT_TOP, PUT_UNDER]
    return [PUT_ONTO0 + q for q in range(3) if q == state.look_pile or state.fpiles[q]]


def legal_after_fence_look(state: DowntownFields) -> list[int]:
    """Villa, after a look at the East Side: done, or an offer (D24)."""
    return [DONE, *_offers(state, -1)]


def legal_offering(state: DowntownFields) -> list[int]:
    """Loot offered: offer more of its kind, or sell to a fence on top who buys it (D19)."""
    sells = [SELL_AT0 + p for p, f in enumerate(_fence_tops(state))
             if f >= 0 and FENCES[f][0] == state.offer_loot]
    return sorted(_offers(state, state.offer_loot) + sells)


def enter_location(state: DowntownFields) -> None:
    if state.phase == OVER:
        return
    if _usable(state):
        state.phase = LOCATION
        state.actor = state.active
    else:
        end_phase3(state)


def after_use(state: DowntownFields, loc: int) -> None:
    state.used |= 1 << loc
    if state.phase == OVER:
        return
    if state._players == 2:
        enter_location(state)  # "Players may always use both locations"
    else:
        end_phase3(state)


def use_location(state: DowntownFields, action: int, legal: list[int]) -> None:
    """A decision at phase 3 or at a location's step (LOCATION, BUYING, AFTER_STOOGE_LOOK,
    AFTER_FENCE_LOOK, OFFERING): done, buy, a job, a look, an offer or a sale."""
    if action == DONE:
        phase = state.phase
        if phase == BUYING:
            _finish_buying(state)
        elif phase == AFTER_STOOGE_LOOK:
            after_use(state, WEST_SIDE)
        elif phase == AFTER_FENCE_LOOK:
            after_use(state, EAST_SIDE)
        else:  # LOCATION: the player ends phase 3
            end_phase3(state)
    elif action < JOB0:
        _buy(state, action - BUY0)
    elif action < LOOK_STOOGE0:
        _job(state, action - JOB0)
    elif action < LOOK_FENCE0:
        _look_stooge(state, action - LOOK_STOOGE0)
    elif action < PUT_TOP:
        _look_fence(state, action - LOOK_FENCE0)
    elif action < SELL_AT0:
        _offer(state, action - OFFER0)
    else:
        _sell(state, action - SELL_AT0)


def _buy(state: DowntownFields, kind: int) -> None:
    if state.phase != BUYING:
        # D12: each kind's price is fixed by how many lie out when buying starts.
        state.prices = [price(n) if n else 0 for n in state.downtown]
        state.spent = 0
        state.bought = [0, 0, 0]
        state.phase = BUYING
    state.downtown[kind] -= 1
    state.hands[state.active][kind] += 1
    state.bought[kind] += 1
    state.spent += state.prices[kind]


def _finish_buying(state: DowntownFields) -> None:
    a, spent = state.active, state.spent
    state.events.append((None, f"{SEAT_REFS[a]} buys {gangsters_text(state.bought)} for {money_text(spent)}"))
    tell_exchange(state, a, transfer(state.cash[a], state.bank, spent, state.bank), spent)
    # Bank: the holders share the payment; 2013 ignores the buyer's own token, current counts it.
    holders = [s for s in range(state._players)
               if BANK in state.tokens[s] and not (state.ed2013 and s == a)]
    if holders and spent:
        share = spent // len(holders)
        for s in holders:
            paid, _ = bank_pays(state, s, share)
            state.events.append((None, f"{SEAT_REFS[s]} at the Bank receives {money_text(paid)}"))
    # "Then the 3 topmost cards [...] are turned over and laid out, up to a maximum of 10 cards
    # and a minimum of 5 cards."
    turned = [0, 0, 0]
    for _ in range(refill_count(sum(state.downtown))):
        kind = draw_gangster(state)
        if kind < 0:
            break
        state.downtown[kind] += 1
        turned[kind] += 1
    state.events.append((None, f"turned up at Downtown: {gangsters_text(turned)}"))
    if not state.ed2013:
        _ghetto(state)  # current: "nachdem einer der Mitspieler in der Downtown [...] eingekauft hat"
    state.spent = 0
    if money_end(state):
        return
    after_use(state, DOWNTOWN)


def _ghetto(state: DowntownFields) -> None:
    """Ghetto holders other than the active player draw: 2 for a lone holder, else 1 each (D15)."""
    a, n = state.active, state._players
    holders = [(a + i) % n for i in range(1, n) if GHETTO in state.tokens[(a + i) % n]]
    for s in holders:
        for _ in range(2 if len(holders) == 1 else 1):
            kind = draw_gangster(state)
            if kind < 0:
                return
            state.hands[s][kind] += 1
            state.events.append((None, f"{SEAT_REFS[s]} in the Ghetto draws a gangster card"))
            state.events.append((s, f"{SEAT_REFS[s]} draws a {GANGSTER_NAMES[kind]} in the Ghetto"))


def _job(state: DowntownFields, p: int) -> None:
    a = state.active
    card = state.spiles[p].pop()
    needs = state.cards[card].needs
    for k in range(3):
        state.hands[a][k] -= needs[k]
        state.discard[k] += needs[k]
    state.shand[a].append(card)
    state.shand[a].sort()
    _forget_stooge(state, card, a)
    state.events.append((None, f"{SEAT_REFS[a]} does the job of {state.cards[card].front_text()}"))
    if state.ed2013:
        _ghetto(state)  # 2013: "each time another player has played gangster cards for a job"
    after_use(state, WEST_SIDE)


def _forget_stooge(state: DowntownFields, card: int, holder: int) -> None:
    """A card entering `holder`'s hand: the others no longer track it (docs D30)."""
    state.pub_s.discard(card)
    for s, known in enumerate(state.known_s):
        if s != holder:
            known.discard(card)


def _look_stooge(state: DowntownFields, p: int) -> None:
    a = state.active
    pile = state.spiles[p]
    state.known_s[a].add(pile[-1])
    state.look_pile = p
    state.events.append((None, f"{SEAT_REFS[a]} looks at the top card of stooge pile {p}"))
    if len(pile) == 1:  # D18: on top and under are the same place
        after_stooge_look(state)
    else:
        state.phase = STOOGE_BACK
        state.actor = a


def stooge_back(state: DowntownFields, action: int, legal: list[int]) -> None:
    """The stooge card looked at goes back on top or under its pile (D18)."""
    if action == PUT_UNDER:
        pile = state.spiles[state.look_pile]
        pile.insert(0, pile.pop())
    where = "under the pile" if action == PUT_UNDER else "back on top"
    state.events.append((None, f"puts it {where}"))
    after_stooge_look(state)


def after_stooge_look(state: DowntownFields) -> None:
    if VILLA in state.tokens[state.active] and not state.villa_w:
        # Villa: "play the West Side alternative action [...] The player may steal afterwards"
        state.villa_w = True
        state.phase = AFTER_STOOGE_LOOK
    else:
        after_use(state, WEST_SIDE)


def _look_fence(state: DowntownFields, p: int) -> None:
    a = state.active
    pile = state.fpiles[p]
    state.known_f[a].add(pile[-1])
    state.look_pile = p
    state.events.append((None, f"{SEAT_REFS[a]} looks at the top card of fence pile {p}"))
    alone = len(pile) == 1 if state.ed2013 else not any(state.fpiles[q] for q in range(3) if q != p)
    if alone:
        _after_fence_placed(state)
    else:
        state.phase = FENCE_BACK
        state.actor = a


def fence_back(state: DowntownFields, action: int, legal: list[int]) -> None:
    """The fence card looked at goes back: on top or under (2013), or onto a pile (current; D19)."""
    p = state.look_pile
    pile = state.fpiles[p]
    if action == PUT_UNDER:
        pile.insert(0, pile.pop())
        state.events.append((None, "puts it under the pile"))
    elif action == PUT_TOP:
        state.events.append((None, "puts it back on top"))
    else:
        q = action - PUT_ONTO0
        if q != p:
            state.fpiles[q].append(pile.pop())
        state.events.append((None, f"puts it on fence pile {q}"))
    _after_fence_placed(state)


def _after_fence_placed(state: DowntownFields) -> None:
    if casino_turns_up(state, state.look_pile, RESUME_AFTER_FENCE_LOOK):
        return
    after_fence_look(state)


def after_fence_look(state: DowntownFields) -> None:
    if state.phase == OVER:
        return
    if VILLA in state.tokens[state.active] and not state.villa_e:
        state.villa_e = True
        state.phase = AFTER_FENCE_LOOK
        state.actor = state.active
    else:
        after_use(state, EAST_SIDE)


def _offer(state: DowntownFields, card: int) -> None:
    a = state.active
    state.shand[a].remove(card)
    state.offer.append(card)
    state.offer_loot = state.cards[card].loot
    state.pub_s.add(card)  # offered loot is shown: the sale follows with no other decision between
    state.phase = OFFERING
    state.actor = a


def _sell(state: DowntownFields, p: int) -> None:
    a = state.active
    pile = state.fpiles[p]
    fence = pile.pop()
    total = sum(state.cards[c].back for c in state.offer)
    paid, _ = bank_pays(state, a, payout(total, fence))
    cop = " an undercover cop!" if FENCES[fence][2] else " honest"
    state.events.append((None, f"{SEAT_REFS[a]} sells loot worth {money_text(total)} to fence pile {p}: "
                              f"the {fence_text(fence)} is{cop}; the bank pays {money_text(paid)}"))
    if state.ed2013:
        state.out_s.extend(state.offer)  # "Played Stooge-Cards are taken out of the game."
        pile.insert(0, fence)  # "placed underneath the same pile" (D20: under the casino card too)
        state.pub_f.add(fence)
    else:
        for c in state.offer:  # "zurück unter den zugehörigen Stapel (West Side) geschoben"
            state.spiles[state.cards[c].stooge].insert(0, c)
        state.out_f.append(fence)  # "Die aufgedeckte Hehler-Karte kommt aus dem Spiel."
        state.pub_f.add(fence)
    state.offer = []
    state.offer_loot = -1
    if money_end(state):
        return
    if casino_turns_up(state, p, RESUME_AFTER_SALE):
        return
    after_use(state, EAST_SIDE)


def casino_turns_up(s: DowntownFields, p: int, resume: int) -> bool:
    """If pile p's casino card is on top now, set it aside and start a visit (D21): True if a step
    began, or the visit is over at once (`after_casino`); `resume` says what the East Side does next."""
    pile = s.fpiles[p]
    if not pile or pile[-1] != CASINO:
        return False
    pile.pop()
    s.casinos += 1
    s.events.append((None, f"casino card {s.casinos} appears on fence pile {p}"))
    if s.ed2013 and s.casinos == 3:
        # "The Casino game will be played as usual and the game ends afterwards."
        s.final_casino = True
    if not s.ed2013 and s.casinos == 2:
        # "Das Spiel endet nach dem Spielzug, in dem die zweite Casino-Karte erschienen ist."
        s.ending = True
    a, n = s.active, s._players
    s.resume = resume
    # "A player who does not have any bill, does not take part [...] If the current player does
    # not have any bill, he is not visiting the Casino."
    if not value(s.cash[a]):
        s.events.append((None, f"{SEAT_REFS[a]} has no money: no casino visit"))
        return after_casino(s)
    s.casino_seats = [(a + i) % n for i in range(n) if value(s.cash[(a + i) % n])]
    s.bets = [-1] * n
    s.queue = [a] if s.casino_active_only else s.casino_seats[:]
    s.phase = CASINO_VOTE
    s.actor = s.queue[0]
    return True


def after_casino(s: DowntownFields) -> bool:
    """The visit is over: the game ends (2013, 3rd casino card) or the East Side use goes on."""
    if s.final_casino:
        finish(s)  # 2013: "When the 3rd Casino card appears, the game ends."
        return True
    if s.resume == RESUME_AFTER_FENCE_LOOK:
        after_fence_look(s)
    else:
        after_use(s, EAST_SIDE)
    return True
