"""Determinization: a full Downtown state consistent with one seat's view, the rest re-drawn.

What a seat cannot see (docs/rules/downtown.md 3.2) is re-dealt here; everything in its view stays.
Every choice below is made from `rng` and from data sorted independently of where the hidden cards
truly are, so the result depends only on the seat's view: a bot cannot learn the truth from it.
"""

from __future__ import annotations

import random
from typing import Final, TypeVar

from .cards import CASINO, DENOMINATIONS, FENCE_FRONTS, START_NOTES, WIN_MONEY
from .fields import DowntownFields
from .money import Pending, notes_to_put_down, reserve, value
from .phases import BID, BUYING, CASINO_BET, CASINO_VOTE, OVER, PLACE

F = TypeVar("F", bound=DowntownFields)

BIDS_BY_COUNT: Final = {1: ([1, 0], [0, 1]), 2: ([2, 0], [1, 1]), 3: ([3, 0],)}
"""Opening bids ($1,000-$3,000 in $1,000 and $2,000 notes) by their number of notes."""


def determinize(state: F, seat: int, rng: random.Random) -> F:
    """A copy of `state` in which everything `seat` cannot see is dealt again at random."""
    s = state.clone()
    others = [w for w in range(s.players) if w != seat]
    s.events = [(who, text) for who, text in s.events if who is None or who == seat]
    _deal_gangsters(s, others, rng)
    _deal_stooges(s, seat, others, rng)
    _deal_fences(s, seat, others, rng)
    if s.phase != OVER:  # at the end every player's money is counted in the open
        _deal_money(s, others, rng)
    s._rng = rng.getrandbits(64)
    s._legal = None
    return s


def _deal_gangsters(s: DowntownFields, others: list[int], rng: random.Random) -> None:
    """The draw pile and the other hands (and their face-down cards) are one pool of unseen gangsters.

    Mid-purchase, what another buyer has bought so far is public (the view's "bought"): those cards
    stay in his hand, and only the rest of it is re-dealt.
    """
    kept = {w: [0, 0, 0] for w in others}
    if s.phase == BUYING and s.active in kept:
        kept[s.active] = s.bought[:]
    counts = s.draw[:]
    for w in others:
        for k in range(3):
            counts[k] += s.hands[w][k] + s.down_g[w][k] - kept[w][k]
    pool = [k for k in range(3) for _ in range(counts[k])]
    rng.shuffle(pool)
    for w in others:
        for field, keep in ((s.down_g[w], [0, 0, 0]), (s.hands[w], kept[w])):
            size = sum(field) - sum(keep)
            field[:] = keep[:]
            for k in pool[:size]:
                field[k] += 1
            del pool[:size]
    s.draw = [pool.count(k) for k in range(3)]


def _deal_stooges(s: DowntownFields, seat: int, others: list[int], rng: random.Random) -> None:
    cards = s.cards
    seen = set(s.shand[seat]) | s.known_s[seat] | s.pub_s | set(s.offer)
    free = {c for c in range(len(cards)) if c not in seen}
    if not free:
        return
    new: dict[int, int] = {}  # true id -> the id dealt into its place
    # Pile tops show their fronts: a hidden top is replaced by a card with the same front.
    fronts = [card.front for card in cards]  # (`front` is a property: build each once)
    for pile in s.spiles:
        if pile and pile[-1] not in seen:
            front = fronts[pile[-1]]
            alike = [c for c in sorted(free) if fronts[c] == front]
            choice = alike[rng.randrange(len(alike))]
            free.discard(choice)
            new[pile[-1]] = choice
    # Below the top, a pile holds only its own stooge's cards.
    for p, pile in enumerate(s.spiles):
        slots = [c for c in pile[:-1] if c not in seen]
        if slots:
            own = [c for c in sorted(free) if cards[c].stooge == p]
            rng.shuffle(own)
            for c, choice in zip(slots, own, strict=False):
                new[c] = choice
                free.discard(choice)
    rest = sorted(free)
    rng.shuffle(rest)
    for w in others:
        for c in s.shand[w]:
            new[c] = rest.pop()
    for c in s.out_s:
        if c not in seen:
            new[c] = rest.pop()
    assert not rest
    s.spiles = [[new.get(c, c) for c in pile] for pile in s.spiles]
    for w in others:
        s.shand[w] = sorted(new[c] for c in s.shand[w])
    s.out_s = [new.get(c, c) for c in s.out_s]
    for w in others:
        s.known_s[w] = {new.get(c, c) for c in s.known_s[w]}


def _deal_fences(s: DowntownFields, seat: int, others: list[int], rng: random.Random) -> None:
    seen = s.known_f[seat] | s.pub_f | set(s.out_f)
    free = [f for f in range(12) if f not in seen]  # ascending (`seen` includes the fences out of play)
    if not free:
        return
    new: dict[int, int] = {}
    for pile in s.fpiles:
        top = pile[-1] if pile else CASINO
        if top != CASINO and top not in seen:
            front = FENCE_FRONTS[top]
            candidates = [f for f in free if FENCE_FRONTS[f] == front]
            choice = candidates[rng.randrange(len(candidates))]
            free.remove(choice)
            new[top] = choice
    rng.shuffle(free)
    for pile in s.fpiles:
        for f in pile[:-1]:
            if f != CASINO and f not in seen:
                new[f] = free.pop()
    s.fpiles = [[new.get(f, f) for f in pile] for pile in s.fpiles]
    for w in others:
        s.known_f[w] = {new.get(f, f) for f in s.known_f[w]}


def _deal_money(s: DowntownFields, others: list[int], rng: random.Random) -> None:
    if s.phase in (PLACE, BID):
        # Before the bids are revealed everyone still holds the starting notes less his own bid; only
        # the composition of the others' bids is unknown (their number of notes lies on the table).
        for w in others:
            count = sum(s.down_n[w])
            bid = [0, 0] if not count else list(rng.choice(BIDS_BY_COUNT[count]))
            s.down_n[w] = [bid[0], bid[1], 0, 0, 0]
            s.cash[w] = [START_NOTES[i] - s.down_n[w][i] for i in range(5)]
        return
    # Another seat's exchange for a note chosen in secret is not in this view (D1): the bank is dealt
    # as the view shows it, and his notes from what he held before it.
    bank = s.bank
    pool: list[int] = []
    for w in others:
        notes = [c + d for c, d in zip(s.cash[w], s.down_n[w], strict=True)]
        if s.bets[w] >= 0:
            notes[s.bets[w]] += 1
        pending = s.pend[w]
        if pending is not None:
            s.pend[w] = None
            for i in range(5):
                notes[i] += pending[0][i] - pending[1][i]
                bank[i] += pending[1][i]
        pool += [i for i in range(5) for _ in range(notes[i])]
    pool.sort()
    casino = s.phase in (CASINO_VOTE, CASINO_BET)
    # Seats that took no part in a running casino had no money when it began, and still have none.
    broke = {w for w in others if casino and w not in s.casino_seats}
    # Seats still to bet must hold a note to bet with; a buyer must hold what he has spent so far.
    need = {w: 1 for w in others if casino and w in s.casino_seats and s.bets[w] < 0}
    if s.phase == BUYING and s.active in others:
        need[s.active] = s.spent
    shown = {w: value(s.disp_n[w]) for w in others}
    # Notes this step's narration put in a seat's cash (the change of an exchange seen by all) stay there.
    kept = {w: [0] * 5 for w in others}
    for w, change in s.shown:
        if w in kept:
            kept[w] = [max(k, c) for k, c in zip(kept[w], change, strict=True)]
    for w in others:
        for i in range(5):
            for _ in range(kept[w][i]):
                pool.remove(i)
    for attempt in range(40):
        dealt = _try_deal(s, others, pool, broke, need, shown, kept, rng if attempt < 39 else None)
        if dealt is not None:
            break
    assert dealt is not None
    cash, down, bets, bank[:], pend = dealt
    for w in others:
        s.cash[w], s.down_n[w], s.pend[w] = cash[w], down[w], pend[w]
        if s.bets[w] >= 0:
            s.bets[w] = bets[w]


Deal = tuple[dict[int, list[int]], dict[int, list[int]], dict[int, int], list[int], dict[int, Pending | None]]
"""The others' cash, face-down notes and casino notes, the bank and the pending exchanges."""


def _try_deal(s: DowntownFields, others: list[int], pool: list[int], broke: set[int], need: dict[int, int],
              shown: dict[int, int], kept: dict[int, list[int]], rng: random.Random | None) -> Deal | None:
    """One random deal of the unseen notes (rng None: a fixed fallback deal); None if it broke a rule.

    Kept: the notes `kept` in a seat's cash, each seat's number of face-down notes, one note per casino
    bet, the cash a seat must hold (a note to bet with, a buyer's spending), nobody at $100,000 or
    more (the game would be over). In the current edition a seat's notes are dealt into its cash and
    it then chooses its face-down and casino notes as the rules let it, by exchange if need be (D1):
    the view shows how many notes it put down, not whether it had them or changed for them.
    """
    notes = pool[:]
    if rng is not None:
        rng.shuffle(notes)
    exchange = not s.ed2013
    cash = {w: kept[w][:] for w in others}
    down = {w: [0] * 5 for w in others}
    bet = {w: -1 for w in others}
    total = {w: shown[w] + value(kept[w]) for w in others}
    secret = {w: sum(s.down_n[w]) + (s.bets[w] >= 0) for w in others}
    for w in others:
        if not exchange:
            for _ in range(sum(s.down_n[w])):
                note = notes.pop()
                down[w][note] += 1
                total[w] += DENOMINATIONS[note]
            if s.bets[w] >= 0:
                bet[w] = notes.pop()
                total[w] += DENOMINATIONS[bet[w]]
        while value(cash[w]) < need.get(w, 0) + (secret[w] if exchange else 0):
            if not notes:
                return None
            note = notes.pop()
            cash[w][note] += 1
            total[w] += DENOMINATIONS[note]
    notes.sort(reverse=True)
    takers = [w for w in others if w not in broke]
    for note in notes:
        room = [w for w in takers if total[w] + DENOMINATIONS[note] < WIN_MONEY]
        if not room:
            if rng is not None:
                return None
            room = takers or others
        w = rng.choice(room) if rng is not None else min(room, key=lambda x: (total[x], x))
        cash[w][note] += 1
        total[w] += DENOMINATIONS[note]
    bank = s.bank[:]
    pend: dict[int, Pending | None] = {w: None for w in others}
    if exchange:
        for w in others:
            mine = cash[w]
            for left in range(secret[w] - 1, -1, -1):
                # Any note the rules offer it that leaves enough for the notes still to go down.
                choices = [i for i in notes_to_put_down(mine, bank, True)
                           if value(mine) - DENOMINATIONS[i] >= left]
                if not choices:
                    return None
                note = choices[0] if rng is None else rng.choice(choices)
                if not mine[note]:
                    pend[w] = reserve(mine, bank, note, pend[w])[0]
                mine[note] -= 1
                if left or s.bets[w] < 0:
                    down[w][note] += 1
                else:
                    bet[w] = note
    return cash, down, bet, bank, pend
