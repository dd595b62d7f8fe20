"""Bank notes: exact payments with change from the bank, payouts, and getting a note by exchange.

A holding is a list of five note counts ($1,000, $2,000, $5,000, $10,000, $20,000), as in
`cards.DENOMINATIONS`. Every function moves notes between holdings, so the 90 notes are conserved.
docs/rules/downtown.md D1 gives the rules these follow.
"""

from __future__ import annotations

from .cards import DENOMINATIONS

Notes = list[int]


def value(notes: Notes) -> int:
    """What a holding is worth, in thousands.

    >>> value([3, 1, 1, 0, 0])
    10
    """
    return notes[0] + 2 * notes[1] + 5 * notes[2] + 10 * notes[3] + 20 * notes[4]


def total_value(a: Notes, b: Notes, c: Notes) -> int:
    """What three holdings are worth together, in thousands (one call where `value` would take three:
    a seat's wealth is checked after every change of money).

    >>> total_value([3, 1, 1, 0, 0], [0, 0, 0, 0, 1], [1, 0, 0, 0, 0])
    31
    """
    return ((a[0] + b[0] + c[0]) + 2 * (a[1] + b[1] + c[1]) + 5 * (a[2] + b[2] + c[2])
            + 10 * (a[3] + b[3] + c[3]) + 20 * (a[4] + b[4] + c[4]))


def pick(notes: Notes, amount: int) -> Notes | None:
    """Counts of notes from `notes` worth exactly `amount`, using the largest notes first; None if impossible.

    >>> pick([3, 1, 1, 0, 0], 4)
    [2, 1, 0, 0, 0]
    >>> pick([0, 3, 0, 0, 0], 3) is None
    True
    """
    # Largest notes first settles almost every case; the search below is for the rest.
    chosen = [0, 0, 0, 0, 0]
    rest = amount
    for i in (4, 3, 2, 1, 0):
        count = min(notes[i], rest // DENOMINATIONS[i])
        chosen[i] = count
        rest -= count * DENOMINATIONS[i]
    if not rest:
        return chosen
    chosen = [0, 0, 0, 0, 0]

    def search(i: int, rest: int) -> bool:
        if rest == 0:
            return True
        if i < 0:
            return False
        d = DENOMINATIONS[i]
        for count in range(min(notes[i], rest // d), -1, -1):
            chosen[i] = count
            if search(i - 1, rest - count * d):
                return True
        chosen[i] = 0
        return False

    return chosen if search(4, amount) else None


def _move(src: Notes, dst: Notes, counts: Notes) -> None:
    for i in range(5):
        src[i] -= counts[i]
        dst[i] += counts[i]


def transfer(src: Notes, dst: Notes, amount: int, bank: Notes) -> None:
    """Move exactly `amount` from `src` to `dst` (which may be the bank), the bank making change.

    If `src` holds no notes that make the amount exactly, it changes its notes at the bank first:
    the bank's notes and its own are regrouped into the payment and a remainder of the same worth.
    `src` must hold at least `amount`. In the rare case the notes on hand cannot make the amount at
    all, `src` pays with the smallest overpayment it can make (docs: D1).
    """
    counts = pick(src, amount)
    if counts is not None:
        _move(src, dst, counts)
        return
    pool = [a + b for a, b in zip(src, bank, strict=True)]
    payment = pick(pool, amount)
    if payment is not None:
        rest_pool = [a - b for a, b in zip(pool, payment, strict=True)]
        keep = pick(rest_pool, value(src) - amount)
        if keep is not None:
            for i in range(5):
                bank[i] = pool[i] - payment[i] - keep[i]
                src[i] = keep[i]
                dst[i] += payment[i]
            return
    for over in range(amount + 1, value(src) + 1):  # pragma: no cover - needs an exhausted bank
        counts = pick(src, over)
        if counts is not None:
            _move(src, dst, counts)
            return
    raise AssertionError("transfer of more than the payer holds")  # pragma: no cover


def pay_out(bank: Notes, dst: Notes, amount: int) -> int:
    """The bank pays `amount` into `dst`, or the most it can make up to that; returns what it paid.

    >>> bank, mine = [0, 0, 1, 0, 0], [0, 0, 0, 0, 0]
    >>> pay_out(bank, mine, 6), mine
    (5, [0, 0, 1, 0, 0])
    """
    for paid in range(min(amount, value(bank)), 0, -1):
        counts = pick(bank, paid)
        if counts is not None:
            _move(bank, dst, counts)
            return paid
    return 0


def exchange_for(cash: Notes, note: int, bank: Notes, apply: bool) -> bool:
    """Can `cash` get a note of denomination index `note` by changing notes at the bank? Do it if `apply`.

    Already holding one needs no exchange.
    """
    if cash[note]:
        return True
    if not bank[note] or value(cash) < DENOMINATIONS[note]:
        return False
    pool = [a + b for a, b in zip(cash, bank, strict=True)]
    pool[note] -= 1
    keep = pick(pool, value(cash) - DENOMINATIONS[note])
    if keep is None:
        return False
    if apply:
        for i in range(5):
            bank[i] = pool[i] - keep[i]
            cash[i] = keep[i]
        cash[note] += 1
    return True


LARGEST_FIRST = tuple((i, DENOMINATIONS[i]) for i in (4, 3, 2, 1, 0))
"""(index, denomination) of the notes from the largest down, for making an amount greedily."""


def notes_to_put_down(cash: Notes, bank: Notes, exchange: bool) -> list[int]:
    """Denomination indices of the notes `cash` can put down: those it holds, and with `exchange`
    those it can get by changing notes at the bank (the same as `exchange_for`, faster)."""
    if not exchange:
        return [i for i in range(5) if cash[i]]
    worth = value(cash)
    found = []
    for i, d in enumerate(DENOMINATIONS):
        if cash[i]:
            found.append(i)
        elif bank[i] and worth >= d:
            # Can cash and bank, less the note taken, make up what the seat keeps? Largest notes
            # first nearly always can; `exchange_for` searches exactly where they cannot.
            rest = worth - d
            for j, dj in LARGEST_FIRST:
                take = rest // dj
                if take:
                    have = cash[j] + bank[j] - (j == i)
                    rest -= (take if take < have else have) * dj
                    if not rest:
                        break
            if not rest or exchange_for(cash, i, bank, False):
                found.append(i)
    return found
