"""Money on the table: the notes a seat may put down (exchange, D1), adding notes and gangsters to
the displays (face down while phase 3 lasts, D11; face up in phase 4), turning them up, and the bank's
payments and exchanges as the log tells them. The step of the display phases is turns.py's (phase 4's
end starts the hand limit and the next turn).
"""

from __future__ import annotations

from typing import Final

from gangland.engine.seats import SEAT_REFS

from .actions import ADD_GANGSTER0, ADD_NOTE0, BILL0, DONE
from .cards import DENOMINATIONS, notes_text
from .fields import DowntownFields
from .money import MASK_NOTES, Exchange, Notes, do_exchange, exchange_plan, note_mask, pay_out, pick, reserve

NO_NOTES: Final = [0, 0, 0, 0, 0]
NO_GANGSTERS: Final = [0, 0, 0]
"""An empty holding of notes, of gangsters (a display compares to them faster than `any` tells)."""


def empty_into(notes: list[int], cards: list[int], to_notes: list[int], to_cards: list[int]) -> None:
    """Move every note and gangster of one holder (a display) to another (a display, or cash and hand):
    a display turned up (D11), robbed (phase 2), or back to its owner at his turn (D10)."""
    # Three times a turn: written out, and skipped for an empty holder, at a third of a loop's cost.
    if notes != NO_NOTES:
        to_notes[0] += notes[0]
        to_notes[1] += notes[1]
        to_notes[2] += notes[2]
        to_notes[3] += notes[3]
        to_notes[4] += notes[4]
        notes[:] = NO_NOTES
    if cards != NO_GANGSTERS:
        to_cards[0] += cards[0]
        to_cards[1] += cards[1]
        to_cards[2] += cards[2]
        cards[:] = NO_GANGSTERS


NOTE_ADDS: Final = tuple(tuple(ADD_NOTE0 + i for i in notes) for notes in MASK_NOTES)
"""The actions adding each note of a bit set of notes (see `money.note_mask`), by bit set."""
BILLS: Final = tuple(tuple(BILL0 + i for i in notes) for notes in MASK_NOTES)
"""The actions betting each note of a bit set of notes at the casino, by bit set."""
GANGSTER_ADDS: Final = tuple(tuple(ADD_GANGSTER0 + k for k in range(3) if kinds >> k & 1)
                             for kinds in range(8))
"""The actions adding each gangster kind of a bit set of kinds, by bit set."""


def _note_mask(state: DowntownFields, seat: int) -> int:
    """The notes `seat` may put down, bid or bet, as a bit set (bit i: denomination index i): those it
    holds, and in the current edition any it can get by exchange with the bank's present notes ("zu
    jeder Zeit des Spiels [...] umtauschen", D1)."""
    cash = state.cash[seat]
    return held(cash) if state.ed2013 else note_mask(cash, state.bank)


def held(notes: Notes) -> int:
    """The notes held, as a bit set (bit i: denomination index i)."""
    return ((1 if notes[0] else 0) | (2 if notes[1] else 0) | (4 if notes[2] else 0) | (8 if notes[3] else 0)
            | (16 if notes[4] else 0))


def note_actions(state: DowntownFields, seat: int, base: int) -> list[int]:
    """Notes `seat` may put down, bid or bet (`_note_mask`), as actions from `base` (ADD_NOTE0, BILL0)."""
    if base == ADD_NOTE0:
        return list(NOTE_ADDS[_note_mask(state, seat)])
    if base == BILL0:
        return list(BILLS[_note_mask(state, seat)])
    return [base + i for i in MASK_NOTES[_note_mask(state, seat)]]  # pragma: no cover - no other base


def legal_adding(state: DowntownFields) -> list[int]:
    """Adding to a display (phases WINDOW and REFRESH): done, a note (`_note_mask`), a gangster kind the
    seat to act holds."""
    seat = state.actor
    hand, cash = state.hands[seat], state.cash[seat]
    kinds = (1 if hand[0] else 0) | (2 if hand[1] else 0) | (4 if hand[2] else 0)
    notes = held(cash) if state.ed2013 else note_mask(cash, state.bank)  # (`_note_mask`, one call less)
    return [DONE, *NOTE_ADDS[notes], *GANGSTER_ADDS[kinds]]


TURNED_UP: Final = tuple((None, f"{SEAT_REFS[s]}'s face-down display is turned up") for s in range(4))
"""The events telling that a seat's face-down display is turned up, by seat."""


def reveal_displays(state: DowntownFields) -> None:
    if any(state.pend):
        settle_pending(state)
    down_n, down_g = state.down_n, state.down_g
    for s in range(state._players):
        notes, cards = down_n[s], down_g[s]
        if notes != NO_NOTES or cards != NO_GANGSTERS:
            empty_into(notes, cards, state.disp_n[s], state.disp_g[s])
            state.events.append(TURNED_UP[s])


def take_note(state: DowntownFields, seat: int, note: int, secret: bool) -> None:
    """`seat` takes a note of index `note` from its cash to put down, first getting it by exchange
    at the bank if it holds none (D1: only the notes handed over and taken are public).

    A note chosen in `secret` (face down, a casino note) keeps its exchange pending until it is turned
    up (D1): the notes taken leave the bank now, so that nobody else can choose them, but the notes
    handed over wait beside it (`pend`) and the others are told nothing until `settle_pending`.
    """
    cash = state.cash[seat]
    if not cash[note]:
        if secret:
            state.pend[seat], made = reserve(cash, state.bank, note, state.pend[seat])
            state.events.append((seat, f"{SEAT_REFS[seat]} changes {notes_text(made[0])} at the bank for "
                                       f"{notes_text(made[1])} (the others learn it when the note is "
                                       "turned up)"))
        else:
            plan = exchange_plan(cash, note, state.bank)
            assert plan is not None
            do_exchange(cash, state.bank, plan)
            tell_exchange(state, seat, plan, DENOMINATIONS[note])  # (what it takes makes the note first)
    cash[note] -= 1


def settle_pending(state: DowntownFields) -> None:
    """The notes chosen in secret are turned up: their pending exchanges are completed and told (D1)."""
    for seat, pending in enumerate(state.pend):
        if pending is not None:
            handed, taken = pending
            bank = state.bank
            for i in range(5):
                bank[i] += handed[i]
            state.pend[seat] = None
            state.events.append((None, f"{SEAT_REFS[seat]} changed {notes_text(list(handed))} at the bank "
                                       f"for {notes_text(list(taken))}"))
            # What it took and did not put down is in its cash, for all to know.
            put = state.down_n[seat][:]
            if state.bets[seat] >= 0:
                put[state.bets[seat]] += 1
            state.shown += ((seat, tuple([t - p if t > p else 0 for t, p in zip(taken, put, strict=True)])),)


def bank_pays(state: DowntownFields, seat: int, amount: int) -> tuple[int, Notes | None]:
    """The bank pays `seat` (`money.pay_out`), telling the change `seat` had to give it, if any."""
    paid, handed = pay_out(state.bank, state.cash[seat], amount)
    if handed is not None:
        state.events.append((None, f"{SEAT_REFS[seat]} hands the bank {notes_text(handed)} so that it can "
                                  "pay in the notes it has"))
    return paid, handed


def tell_exchange(state: DowntownFields, seat: int, plan: Exchange | None, paid: int = 0) -> None:
    """Tell everyone of an exchange `seat` made at the bank (None: it made none), for a payment of
    `paid` (thousands; or a note chosen face up, of that worth) if not 0: the notes taken that did not
    pay it (`money.transfer` pays with the notes taken where they make the amount) are known to be in
    its hand for the rest of the step (`determinize` keeps them there)."""
    if plan is None:
        return
    state.events.append((None, f"{SEAT_REFS[seat]} changes {notes_text(plan[0])} at the bank for "
                              f"{notes_text(plan[1])}"))
    taken = plan[1]
    counts = pick(taken, paid) if paid else None
    if counts is not None:
        state.shown += ((seat, (taken[0] - counts[0], taken[1] - counts[1], taken[2] - counts[2],
                                taken[3] - counts[3], taken[4] - counts[4])),)
