"""Bank notes: exact payments with change from the bank, payouts, and getting a note by exchange.

A holding is a list of five note counts ($1,000, $2,000, $5,000, $10,000, $20,000), as in
`cards.DENOMINATIONS`. Every function moves notes between holdings, so the 90 notes are conserved.
docs/rules/downtown.md D1 gives the rules these follow.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

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
    # Largest notes first settles almost every case (written out: a payment or exchange calls this a
    # few times, and a loop over the denominations costs twice as much); the search is for the rest.
    n0, n1, n2, n3, n4 = notes
    c4 = amount // 20
    if c4 > n4:
        c4 = n4
    rest = amount - 20 * c4
    c3 = rest // 10
    if c3 > n3:
        c3 = n3
    rest -= 10 * c3
    c2 = rest // 5
    if c2 > n2:
        c2 = n2
    rest -= 5 * c2
    c1 = rest // 2
    if c1 > n1:
        c1 = n1
    rest -= 2 * c1
    if rest <= n0:
        return [rest, c1, c2, c3, c4]
    chosen = [0, 0, 0, 0, 0]
    return chosen if _search(notes, chosen, 4, amount) else None


def _search(notes: Notes, chosen: Notes, i: int, rest: int) -> bool:
    """Fill `chosen[:i + 1]` with counts of `notes` worth `rest`, the most of the largest notes first."""
    if rest == 0:
        return True
    if i < 0:
        return False
    d = DENOMINATIONS[i]
    for count in range(min(notes[i], rest // d), -1, -1):
        chosen[i] = count
        if _search(notes, chosen, i - 1, rest - count * d):
            return True
    chosen[i] = 0
    return False


def sums(notes: Notes) -> int:
    """The amounts some of `notes` make exactly, as a bit set (bit k: k thousands), 0 included.

    >>> bin(sums([1, 1, 0, 0, 0]))  # $0, $1,000, $2,000, $3,000
    '0b1111'
    """
    made = (1 << notes[0] + 1) - 1  # $1,000 notes make every amount up to theirs
    for i in 1, 2, 3, 4:
        d = DENOMINATIONS[i]
        for _ in range(notes[i]):
            made |= made << d
    return made


def _handfuls(notes: Notes, low: int) -> Iterator[int]:
    """The amounts of at least `low` that some of `notes` make exactly, smallest first."""
    made = sums(notes) >> low
    while made:
        bit = made & -made  # the lowest amount left
        yield low + bit.bit_length() - 1
        made ^= bit


def _move(src: Notes, dst: Notes, counts: Notes) -> None:
    for i in range(5):
        src[i] -= counts[i]
        dst[i] += counts[i]


Exchange = tuple[Notes, Notes]
"""(handed, taken): the notes a seat hands to the bank and the notes it takes, of equal worth. Both are
public: at a real table everyone sees notes change hands with the bank (docs: D1)."""


def net(handed: Notes, taken: Notes) -> Exchange:
    """An exchange less the notes that would go to the bank and straight back (new lists).

    >>> net([0, 1, 1, 0, 0], [1, 1, 0, 0, 0])
    ([0, 0, 1, 0, 0], [1, 0, 0, 0, 0])
    """
    handed, taken = list(handed), list(taken)
    for i in range(5):  # (rarely both: a loop costs a third of the three comprehensions it replaces)
        if handed[i] and taken[i]:
            both = min(handed[i], taken[i])
            handed[i] -= both
            taken[i] -= both
    return handed, taken


def do_exchange(cash: Notes, bank: Notes, exchange: Exchange) -> None:
    """Carry out an exchange: `cash` hands its notes to the bank and takes the bank's."""
    handed, taken = exchange
    for i in range(5):
        moved = taken[i] - handed[i]
        cash[i] += moved
        bank[i] -= moved


def _regroup(cash: Notes, bank: Notes, amount: int, spare: int) -> Notes | None:
    """`cash` changed at the bank into notes that make `amount` exactly (`spare` more of them, if
    wanted, put aside first: see `exchange_plan`), by regrouping its notes and the bank's: the most
    general exchange, tried when handing over a few notes cannot do it."""
    pool = [a + b for a, b in zip(cash, bank, strict=True)]
    payment = pick(pool, amount)
    if payment is None:
        return None
    rest = [a - b for a, b in zip(pool, payment, strict=True)]
    keep = pick(rest, value(cash) - amount - spare)
    if keep is None:
        return None
    return [k + p for k, p in zip(keep, payment, strict=True)]


def change_to_pay(cash: Notes, bank: Notes, amount: int) -> Exchange | None:
    """The least exchange after which `cash` can pay `amount` exactly (None if it already can, or
    cannot at all): it hands over the fewest thousands it can (the notes `pick` makes them with) and
    takes notes that make the amount and the change. A real player hands over the smallest note
    that will do; the rest of his notes stay unseen (docs: D1).

    >>> change_to_pay([0, 1, 0, 1, 0], [5, 5, 5, 5, 5], 3)  # $2,000 + $10,000 paying $3,000
    ([0, 0, 0, 1, 0], [1, 2, 1, 0, 0])
    """
    if pick(cash, amount) is not None or value(cash) < amount:
        return None
    payment = pick(bank, amount)
    for worth in _handfuls(cash, amount + 1) if payment is not None else ():
        handed = pick(cash, worth)
        if handed is None or payment is None:  # (never: `_handfuls` gives amounts `cash` makes)
            continue
        change = pick([b - p for b, p in zip(bank, payment, strict=True)], worth - amount)
        if change is not None:
            return net(handed, [p + c for p, c in zip(payment, change, strict=True)])
    after = _regroup(cash, bank, amount, 0)
    if after is None:
        return None
    return net([max(0, c - a) for c, a in zip(cash, after, strict=True)],
                [max(0, a - c) for c, a in zip(cash, after, strict=True)])


def transfer(src: Notes, dst: Notes, amount: int, bank: Notes) -> Exchange | None:
    """Move exactly `amount` from `src` to `dst` (which may be the bank); returns the exchange made.

    If `src` holds no notes that make the amount exactly, it first changes at the bank the least it
    can (`change_to_pay`) and pays with the notes taken if they make the amount; both editions make
    change for a payment (docs: D1). `src` must hold at
    least `amount`. In the rare case even the bank's notes cannot make the amount at all, `src` pays
    with the smallest overpayment it can make.
    """
    counts = pick(src, amount)
    made = None
    if counts is None:
        made = change_to_pay(src, bank, amount)
        if made is not None:
            do_exchange(src, bank, made)
            # He pays with the notes he has just taken, as a real player does, so that the rest of
            # them, his change, is known to be in his hand (docs: D30).
            counts = pick(made[1], amount)
            if counts is None:
                counts = pick(src, amount)
    if counts is not None:
        _move(src, dst, counts)
        return made
    for over in range(amount + 1, value(src) + 1):  # pragma: no cover - needs an exhausted bank
        counts = pick(src, over)
        if counts is not None:
            _move(src, dst, counts)
            return None
    raise AssertionError("transfer of more than the payer holds")  # pragma: no cover


def pay_out(bank: Notes, dst: Notes, amount: int) -> tuple[int, Notes | None]:
    """The bank pays `amount` into `dst`, or the most it can make up to that; returns what it paid
    and, if the bank had not the notes to pay exactly, the notes `dst` handed it so that it could
    pay that much more ("müssen dies sogar tun, falls eine Sorte von Geldscheinen aufgebraucht wird":
    the payee changes the least he can; docs D1, D2).

    >>> bank, mine = [0, 0, 1, 0, 0], [0, 0, 0, 0, 0]
    >>> pay_out(bank, mine, 6), mine
    ((5, None), [0, 0, 1, 0, 0])
    >>> bank, mine = [0, 0, 2, 0, 0], [0, 1, 0, 0, 0]    # $3,000 from a bank of $5,000 notes
    >>> pay_out(bank, mine, 3), mine, bank
    ((3, [0, 1, 0, 0, 0]), [0, 0, 1, 0, 0], [0, 1, 1, 0, 0])
    """
    counts = pick(bank, amount)
    if counts is not None:
        _move(bank, dst, counts)
        return amount, None
    for worth in _handfuls(dst, 1):
        handed = pick(dst, worth)
        if handed is None:  # (never)
            continue
        counts = pick(bank, amount + worth)
        if counts is not None:
            handed, counts = net(handed, counts)
            _move(dst, bank, handed)
            _move(bank, dst, counts)
            return amount, handed
    for paid in range(min(amount - 1, value(bank)), 0, -1):
        counts = pick(bank, paid)
        if counts is not None:
            _move(bank, dst, counts)
            return paid, None
    return 0, None


def exchange_plan(cash: Notes, note: int, bank: Notes) -> Exchange | None:
    """The least exchange at the bank that gives `cash` a note of denomination index `note`, which it
    does not hold; None if the bank's present notes cannot do it.

    It hands over the fewest thousands it can (the notes `pick` makes them with) for that note and
    change from the bank; if no such handful works, its notes and the bank's are regrouped, and only
    the difference changes hands. Exactly when `notes_to_put_down` offers the note (docs: D1).

    >>> exchange_plan([3, 0, 3, 0, 0], 3, [5, 5, 5, 5, 5])  # $10,000 from 3 x $1,000 + 3 x $5,000
    ([0, 0, 2, 0, 0], [0, 0, 0, 1, 0])
    >>> exchange_plan([0, 0, 1, 0, 2], 0, [5, 5, 5, 5, 5])  # $1,000 from $5,000 + 2 x $20,000
    ([0, 0, 1, 0, 0], [1, 2, 0, 0, 0])
    """
    # Remembered: the search costs several microseconds, and random play makes an exchange in one
    # decision in fifteen, most of them seen before. The plan depends on the bank's notes of a kind
    # only up to as many as `cash` is worth in them, plus one (`pick`, the only reader of the bank's
    # counts, reads each as min(count, amount // denomination), and no amount exceeds the worth of
    # `cash`), so the key counts the bank's notes only that far.
    c0, c1, c2, c3, c4 = cash
    worth = c0 + 2 * c1 + 5 * c2 + 10 * c3 + 20 * c4
    b0, b1, b2, b3, b4 = bank
    key = (c0, c1, c2, c3, c4, note,
           b0 if b0 <= worth else worth + 1, b1 if 2 * b1 <= worth else worth // 2 + 1,
           b2 if 5 * b2 <= worth else worth // 5 + 1, b3 if 10 * b3 <= worth else worth // 10 + 1,
           b4 if 20 * b4 <= worth else worth // 20 + 1)
    plan = _PLANS.get(key)
    if plan is None:
        found = _plan(cash, note, bank)
        plan = () if found is None else (tuple(found[0]), tuple(found[1]))
        if len(_PLANS) >= PLANS_KEPT:
            _PLANS.clear()
        _PLANS[key] = plan
    return (list(plan[0]), list(plan[1])) if plan else None


PLANS_KEPT: Final = 8192
"""Most exchange plans remembered (`exchange_plan`); a few thousand cover hundreds of random games."""
_PLANS: Final[dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]] | tuple[()]]] = {}
"""`exchange_plan` by its key: the plan as tuples, () for none."""


def _plan(cash: Notes, note: int, bank: Notes) -> Exchange | None:
    """`exchange_plan`, worked out."""
    d = DENOMINATIONS[note]
    if cash[note] or not bank[note] or value(cash) < d:
        return None
    rest = bank[:]
    rest[note] -= 1
    for worth in _handfuls(cash, d):
        handed = pick(cash, worth)
        if handed is None:  # (never)
            continue
        change = pick(rest, worth - d)
        if change is not None:
            change[note] += 1
            return net(handed, change)
    after = _regroup(cash, rest, 0, d)
    if after is None:
        return None
    after[note] += 1
    return net([max(0, c - a) for c, a in zip(cash, after, strict=True)],
                [max(0, a - c) for c, a in zip(cash, after, strict=True)])


def exchange_for(cash: Notes, note: int, bank: Notes, apply: bool) -> bool:
    """Can `cash` get a note of denomination index `note` by changing notes at the bank? Do it if `apply`.

    Already holding one needs no exchange.
    """
    if cash[note]:
        return True
    plan = exchange_plan(cash, note, bank)
    if plan is not None and apply:
        do_exchange(cash, bank, plan)
    return plan is not None


Pending = tuple[tuple[int, ...], tuple[int, ...]]
"""An exchange made for a note chosen in secret and not yet told: (handed, taken) (docs: D1)."""


def reserve(cash: Notes, bank: Notes, note: int, pending: Pending | None) -> tuple[Pending, Exchange]:
    """Get `cash` a note of index `note` by exchange, told only when the note is turned up (D1): the
    notes taken leave `bank` now (nobody else may choose them), the notes handed over wait outside it.
    Returns the seat's pending exchange, `pending` and this one together, and this exchange.

    >>> cash, bank = [0, 0, 1, 0, 2], [5, 5, 5, 5, 5]
    >>> reserve(cash, bank, 0, None)[0], cash, bank
    (((0, 0, 1, 0, 0), (1, 2, 0, 0, 0)), [1, 2, 0, 0, 2], [4, 3, 5, 5, 5])
    """
    plan = exchange_plan(cash, note, bank)
    assert plan is not None
    handed, taken = plan
    for i in range(5):
        cash[i] += taken[i] - handed[i]
        bank[i] -= taken[i]
    if pending is None:
        return (tuple(handed), tuple(taken)), plan
    # A note taken by the earlier exchange and handed over by this one goes straight back.
    both_handed, both_taken = [], []
    for i in range(5):
        h, t = pending[0][i] + handed[i], pending[1][i] + taken[i]
        back = h if h < t else t
        bank[i] += back
        both_handed.append(h - back)
        both_taken.append(t - back)
    return (tuple(both_handed), tuple(both_taken)), plan


LARGEST_FIRST: Final = tuple((i, DENOMINATIONS[i]) for i in (4, 3, 2, 1, 0))
"""(index, denomination) of the notes from the largest down, for making an amount greedily."""


def notes_to_put_down(cash: Notes, bank: Notes, exchange: bool) -> list[int]:
    """Denomination indices of the notes `cash` can put down: those it holds, and with `exchange`
    those it can get by changing notes at the bank (the same as `exchange_for`, faster)."""
    if not exchange:
        return [i for i in range(5) if cash[i]]
    return list(MASK_NOTES[note_mask(cash, bank)])


def note_mask(cash: Notes, bank: Notes) -> int:
    """`notes_to_put_down(cash, bank, True)` as a bit set (bit i: denomination index i), which the
    rules turn into action ids by table (`MASK_NOTES`) rather than by building lists: it is worked out
    again after every note a seat puts down, a decision in five of random play.

    >>> note_mask([0, 0, 1, 0, 0], [5, 5, 5, 5, 5]) == 0b00111  # $5,000: as such, or as $2,000s and $1,000s
    True
    """
    c0, c1, c2, c3, c4 = cash
    held = (1 if c0 else 0) | (2 if c1 else 0) | (4 if c2 else 0) | (8 if c3 else 0) | (16 if c4 else 0)
    worth = c0 + 2 * c1 + 5 * c2 + 10 * c3 + 20 * c4
    mask = held
    for i, d, bit in MISSING[held]:  # the notes it does not hold, from the smallest up
        if worth < d:
            break
        if bank[i]:
            # Can cash and bank, less the note taken, make up what the seat keeps? $1,000 notes or
            # largest notes first nearly always can; `exchange_for` searches exactly where they cannot.
            rest = worth - d
            if rest <= c0 + bank[0] - (i == 0) or _keeps(cash, bank, i, rest):
                mask |= bit
    return mask


def _keeps(cash: Notes, bank: Notes, note: int, rest: int) -> bool:
    """Can `cash` get a note of index `note` by exchange, keeping `rest`? (See `note_mask`.)"""
    for j, dj in LARGEST_FIRST:
        take = rest // dj
        if take:
            have = cash[j] + bank[j] - (j == note)
            rest -= (take if take < have else have) * dj
            if not rest:
                return True
    return exchange_for(cash, note, bank, False)


MISSING: Final = tuple(tuple((i, DENOMINATIONS[i], 1 << i) for i in range(5) if not held >> i & 1)
                for held in range(32))
"""(index, denomination, bit) of the notes not in a bit set of notes, smallest first, by bit set."""

NOTE_INDEX: Final = tuple(enumerate(DENOMINATIONS))
"""(index, denomination) of the notes from the smallest up."""

MASK_NOTES: Final = tuple(tuple(i for i in range(5) if mask >> i & 1) for mask in range(32))
"""The denomination indices in a bit set of notes (`note_mask`), by bit set."""
