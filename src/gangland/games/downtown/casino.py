"""The casino's two decisions: the vote to skip a visit, the notes face down, and the settlement ("Rules
for visiting the Casino" / "Regeln für den Casino-Besuch"; docs D21-D23, D27). A casino card turning up,
which starts a visit, and the East Side going on after it, are locations.py's.
"""

from __future__ import annotations

from gangland.engine.seats import SEAT_REFS

from .actions import BILL0, CASINO_PLAY, CASINO_SKIP
from .cards import DENOMINATIONS, money_text
from .displays import note_actions, settle_pending, take_note
from .ending import money_end
from .fields import DowntownFields
from .locations import after_casino
from .phases import CASINO_BET


def legal_vote(s: DowntownFields) -> list[int]:
    """Play or skip the casino (D22)."""
    return [CASINO_PLAY, CASINO_SKIP]


def vote(s: DowntownFields, action: int, legal: list[int]) -> None:
    """A seat votes to play or skip (D22): one "play" starts the notes; all "skip" skips the visit."""
    play = action == CASINO_PLAY
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
        after_casino(s)


def legal_bet(s: DowntownFields) -> list[int]:
    """The notes the seat to act may put face down (D23; the current edition: by exchange too, D1)."""
    return note_actions(s, s.actor, BILL0)


def bet(s: DowntownFields, action: int, legal: list[int]) -> None:
    """A seat puts down a note face down (D23; the current edition may get it by exchange, D1); after
    the last, all are turned up and settled."""
    note = action - BILL0
    seat = s.queue.pop(0)
    take_note(s, seat, note, True)
    s.bets[seat] = note
    if s.queue:
        s.actor = s.queue[0]
        return
    # The reveal and the settlement ("Rules for visiting the Casino"); exchanges made for the notes
    # are told now (D1).
    settle_pending(s)
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
    s.bets = [-1] * s._players
    s.casino_seats = []
    if money_end(s):
        return
    after_casino(s)
