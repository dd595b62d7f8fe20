"""Helpers for the Downtown rules tests: play the set-up, then set up exact positions.

Positions are built by playing the set-up with real actions (placing, opening bids) and then editing
fields directly. Every edit moves things rather than creating them: gangsters come from (and go back
to) the draw pile, notes from (and back to) the bank, stooge and fence cards from their piles. So
`GAME.inventory(state)` is the same before and after any helper here. Money is in thousands inside
the state; notes are five counts ($1k, $2k, $5k, $10k, $20k); gangsters are [lookouts, safecrackers,
spies].

Draws from the gangster pile are random (the pile is a multiset drawn with the state's own generator);
`force_next` moves that generator on until the next draw is a wanted kind, without touching any card.
"""

from __future__ import annotations

import copy
from typing import Any

from gangland.engine import splitmix64
from gangland.games import get
from gangland.games.downtown import ending, turns
from gangland.games.downtown.actions import ADD_NOTE0, DONE, PAY0, PLACE0, ROB0
from gangland.games.downtown.cards import CASINO
from gangland.games.downtown.fields import DowntownFields
from gangland.games.downtown.money import value
from gangland.games.downtown.phases import BID, MOVE, PAYMOVE, ROBPAY
from gangland.games.downtown.state import DowntownState

GAME = get("downtown")

YELLOW, RED, BLUE, ORANGE = range(4)
"""Seat names for the rulebooks' examples ("Player Yellow", "Player Red")."""


def new_state(players: int = 3, edition: str = "current", seed: int = 1, **options: Any) -> DowntownState:
    """A new game; the first placer is seat 0 unless told otherwise."""
    options.setdefault("first_seat", "seat0")
    state = GAME.new_game(players, seed, {"edition": edition, **options})
    assert isinstance(state, DowntownState)
    return state


def play(state: DowntownState, *actions: int) -> None:
    """Apply actions in order."""
    for action in actions:
        state.apply(action)


def place_all(state: DowntownState, placements: list[tuple[int, int]]) -> None:
    """Each seat, in placing order, places its two tokens at these locations."""
    for first, second in placements:
        play(state, PLACE0 + first, PLACE0 + second)


BID_NOTES = {1: [0], 2: [1], 3: [1, 0]}
"""An opening bid of $1,000-$3,000 as note indices ($1,000 = 0, $2,000 = 1)."""


def bid_all(state: DowntownState, amount: int | dict[int, int] = 1) -> None:
    """Every bidder puts down `amount` thousands (or the amount given for its seat)."""
    while state.phase == BID:
        seat = state.actor
        thousands = amount if isinstance(amount, int) else amount[seat]
        for note in BID_NOTES[thousands]:
            state.apply(ADD_NOTE0 + note)
        if state.phase == BID and state.actor == seat:
            state.apply(DONE)


DEFAULT_TOKENS = {
    2: [(0, 3), (1, 4)],
    3: [(0, 3), (1, 4), (2, 5)],
    4: [(0, 3), (1, 4), (2, 5), (0, 1)],
}


def setup(players: int = 3, edition: str = "current", seed: int = 1,
          placements: list[tuple[int, int]] | None = None, bids: int | dict[int, int] = 1,
          **options: Any) -> DowntownState:
    """A game played through placing and the opening bids: the starter's first turn has begun."""
    state = new_state(players, edition, seed, **options)
    place_all(state, placements or DEFAULT_TOKENS[players])
    bid_all(state, bids)
    return state


# -- moving things without creating them --------------------------------------------------------


def _take(pool: list[int], dst: list[int], counts: list[int] | tuple[int, ...], what: str) -> None:
    for i, n in enumerate(counts):
        assert pool[i] >= n, f"not enough {what} left to take"
        pool[i] -= n
        dst[i] += n


def _give_back(src: list[int], pool: list[int]) -> None:
    for i in range(len(src)):
        pool[i] += src[i]
        src[i] = 0


def set_hand(state: DowntownState, seat: int, gangsters: list[int]) -> None:
    """The seat's hand holds exactly these gangsters (its old hand goes back to the draw pile)."""
    _give_back(state.hands[seat], state.draw)
    _take(state.draw, state.hands[seat], gangsters, "gangsters in the draw pile")
    state._legal = None


def set_downtown(state: DowntownState, gangsters: list[int]) -> None:
    """The Downtown display shows exactly these gangsters."""
    _give_back(state.downtown, state.draw)
    _take(state.draw, state.downtown, gangsters, "gangsters in the draw pile")
    state._legal = None


def set_display(state: DowntownState, seat: int, notes: list[int] | None = None,
                gangsters: list[int] | None = None) -> None:
    """The seat's face-up display holds exactly these notes and gangsters."""
    _give_back(state.disp_n[seat], state.bank)
    _take(state.bank, state.disp_n[seat], notes or [0] * 5, "notes in the bank")
    _give_back(state.disp_g[seat], state.draw)
    _take(state.draw, state.disp_g[seat], gangsters or [0, 0, 0], "gangsters in the draw pile")
    state._legal = None


def set_cash(state: DowntownState, seat: int, notes: list[int]) -> None:
    """The seat's money (not its display) is exactly these notes."""
    _give_back(state.cash[seat], state.bank)
    _take(state.bank, state.cash[seat], notes, "notes in the bank")
    state._legal = None


def notes_of(thousands: int) -> list[int]:
    """A handful of notes worth `thousands`: as many $20k, $10k, $5k, $2k, $1k as fit, in that order."""
    notes = [0] * 5
    for i, d in reversed(list(enumerate((1, 2, 5, 10, 20)))):
        notes[i], thousands = divmod(thousands, d)
    return notes


def set_money(state: DowntownState, seat: int, thousands: int) -> None:
    """The seat's money is `thousands`, in the fewest notes; nothing in its display."""
    set_display(state, seat)
    set_cash(state, seat, notes_of(thousands))


def _stooge_home(state: DowntownState, card: int) -> list[int]:
    for pile in state.spiles:
        if card in pile:
            return pile
    for hand in state.shand:
        if card in hand:
            return hand
    assert card in state.out_s, f"stooge card {card} is nowhere"
    return state.out_s


def give_stooge(state: DowntownState, seat: int, card: int) -> None:
    """Move a stooge card from wherever it is into the seat's hand."""
    _stooge_home(state, card).remove(card)
    state.shand[seat].append(card)
    state.shand[seat].sort()
    state._legal = None


def stooge_on_top(state: DowntownState, card: int) -> None:
    """Move a stooge card (from its pile, a hand or out of the game) to the top of its stooge's pile."""
    _stooge_home(state, card).remove(card)
    state.spiles[state.cards[card].stooge].append(card)
    state._legal = None


def fence_on_top(state: DowntownState, pile: int, fence: int) -> None:
    """Swap `fence` (wherever it lies in the fence piles) with the top card of `pile`."""
    for p in state.fpiles:
        if fence in p:
            i = p.index(fence)
            top = state.fpiles[pile][-1]
            assert top != CASINO
            p[i], state.fpiles[pile][-1] = top, fence
            break
    else:
        raise AssertionError(f"fence {fence} is in no pile")
    state._legal = None


def arrange_pile(state: DowntownState, pile: int, fences: list[int]) -> None:
    """Fence pile `pile` holds these fences (bottom first) above its casino card, by swapping cards."""
    target = state.fpiles[pile]
    base = 1 if target and target[0] == CASINO else 0
    assert len(target) - base == len(fences)
    for i, fence in enumerate(fences):
        for p in state.fpiles:
            if fence in p:
                j = p.index(fence)
                p[j], target[base + i] = target[base + i], p[j]
                break
    state._legal = None


def thin_fence_pile(state: DowntownState, pile: int, keep: int, onto: int) -> None:
    """Move fences from under the top of `pile` onto pile `onto` (under its top) until `keep` are left."""
    src, dst = state.fpiles[pile], state.fpiles[onto]
    while sum(1 for f in src if f != CASINO) > keep:
        i = 1 if src[0] == CASINO else 0
        dst.insert(len(dst) - 1, src.pop(i))
    state._legal = None


def force_next(state: DowntownState, kind: int) -> None:
    """Make the next draw from the gangster pile turn up a card of `kind` (which the pile must hold)."""
    draw = state.draw
    assert draw[kind], "no card of that kind in the draw pile"
    seed = state._rng
    while True:
        following, r = splitmix64(seed)
        r %= sum(draw)
        got = 0 if r < draw[0] else 1 if r < draw[0] + draw[1] else 2
        if got == kind:
            state._rng = seed
            return
        seed = following


# -- turns ----------------------------------------------------------------------------------------


def begin_turn(state: DowntownState, seat: int, tokens: dict[int, tuple[int, int]] | None = None) -> None:
    """Start `seat`'s turn (its display comes back, D10) with the tokens given; stop at phase 1 or 2."""
    for s, (a, b) in (tokens or {}).items():
        state.tokens[s] = [a, b]
    state.queue = []
    turns.start_turn(state, seat)
    state._legal = None


def to_phase2(state: DowntownState) -> None:
    """End phase 1 without moving."""
    if state.phase == MOVE:
        state.apply(DONE)
    assert state.phase == ROBPAY


def rob(state: DowntownState, victim: int) -> None:
    """End phase 1 and rob `victim` (the next player)."""
    to_phase2(state)
    state.apply(ROB0 + victim)


def phase3(state: DowntownState, seat: int, tokens: dict[int, tuple[int, int]], victim: int) -> None:
    """Start `seat`'s turn with these tokens and rob `victim` (emptied first): phase 3 begins.

    With two players robbing skips phase 3, so there `seat` pays the empty display without moving.
    """
    set_display(state, victim)
    begin_turn(state, seat, tokens)
    to_phase2(state)
    if state.players == 2:
        state.apply(PAY0 + victim)
        if state.phase == PAYMOVE:
            state.apply(DONE)
    else:
        state.apply(ROB0 + victim)


def parse(state: DowntownState, text: str) -> int:
    """The legal action named by `text`."""
    return GAME.parse_action(state, text)


def wealth(state: DowntownState, seat: int) -> int:
    """A seat's money in thousands, display (and face-down notes) included."""
    return ending.wealth(state, seat)


def cash(state: DowntownState, seat: int) -> int:
    """A seat's money in hand, in thousands."""
    return value(state.cash[seat])


def snapshot(state: DowntownState) -> tuple[Any, ...]:
    """Every slot but the legal-action cache, every seat's view, the legal actions, who acts."""
    fields = {name: copy.deepcopy(getattr(state, name))
              for name in ("_players", "phase", *DowntownFields.__slots__)}
    views = [state.view(s) for s in [None, *range(state.players)]]
    return (fields, views, state.legal_actions(), state.to_act)
