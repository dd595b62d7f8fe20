"""The casino: a casino card turning up on a fence pile, the vote to skip it, the notes face down and
the settlement ("Rules for visiting the Casino" / "Regeln für den Casino-Besuch"; docs D21-D23, D27).

Functions of the state, called by `DowntownState` where a casino card can appear and at the casino's
two decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gangland.engine.seats import SEAT_REFS

from . import displays, turns
from .cards import CASINO, DENOMINATIONS, EAST_SIDE, money_text
from .money import value
from .phases import CASINO_BET, CASINO_VOTE, RESUME_AFTER_FENCE_LOOK

if TYPE_CHECKING:
    from .state import DowntownState


def check(s: DowntownState, p: int, resume: int) -> bool:
    """If pile p's casino card is on top now, set it aside and start a visit. True if a step began."""
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
    a, n = s.active, s.players
    s.resume = resume
    # "A player who does not have any bill, does not take part [...] If the current player does
    # not have any bill, he is not visiting the Casino."
    if not value(s.cash[a]):
        s.events.append((None, f"{SEAT_REFS[a]} has no money: no casino visit"))
        return over(s)
    s.casino_seats = [(a + i) % n for i in range(n) if value(s.cash[(a + i) % n])]
    s.bets = [-1] * n
    s.queue = [a] if s.casino_active_only else s.casino_seats[:]
    s.phase = CASINO_VOTE
    s.actor = s.queue[0]
    return True


def vote(s: DowntownState, play: bool) -> None:
    """A seat votes to play or skip (D22): one "play" starts the notes; all "skip" skips the visit."""
    seat = s.queue.pop(0)
    s.events.append((None, f"{SEAT_REFS[seat]} votes to {'play' if play else 'skip'} the casino"))
    if play:
        s.queue = s.casino_seats[:]
        s.phase = CASINO_BET
        s.actor = s.queue[0]
    elif s.queue:
        s.actor = s.queue[0]
    else:
        s.events.append((None, "the casino is skipped"))
        over(s)


def bet(s: DowntownState, note: int) -> None:
    """A seat puts down a note face down (D23; the current edition may get it by exchange, D1); after
    the last, all are turned up and settled."""
    seat = s.queue.pop(0)
    displays._take_note(s, seat, note, True)
    s.bets[seat] = note
    if s.queue:
        s.actor = s.queue[0]
        return
    # The reveal and the settlement ("Rules for visiting the Casino"); exchanges made for the notes
    # are told now (D1).
    displays._settle_pending(s)
    a = s.active
    mine = s.bets[a]
    same = [w for w in s.casino_seats if w != a and s.bets[w] == mine]
    shown = ", ".join(f"{SEAT_REFS[w]} {money_text(DENOMINATIONS[s.bets[w]])}" for w in s.casino_seats)
    s.events.append((None, f"casino notes: {shown}"))
    if same:
        s.cash[a][mine] += 1 + len(same)
    else:
        s.bank[mine] += 1
    for w in s.casino_seats:
        if w == a or w in same:
            continue
        note = s.bets[w]
        if DENOMINATIONS[note] > DENOMINATIONS[mine]:
            s.cash[w][note] += 1
        else:
            s.bank[note] += 1
    won = DENOMINATIONS[mine] * len(same)
    s.events.append((None, f"{SEAT_REFS[a]} wins {money_text(won)} at the casino" if same else
                       f"nobody matched {SEAT_REFS[a]}'s note: it goes to the bank"))
    s.bets = [-1] * s.players
    s.casino_seats = []
    if turns._money_end(s):
        return
    over(s)


def over(s: DowntownState) -> bool:
    """The visit is over: the game ends (2013, 3rd casino card) or the East Side use goes on."""
    if s.final_casino:
        turns._finish(s)  # 2013: "When the 3rd Casino card appears, the game ends."
        return True
    if s.resume == RESUME_AFTER_FENCE_LOOK:
        s._after_fence_look()
    else:
        s._after_use(EAST_SIDE)
    return True
