"""What one seat of a Downtown game may see, as JSON-ready data.

A view is the table as that seat sees it (docs/rules/downtown.md D30, 3.2): everything face up,
the sizes of piles and hands, its own hand, cash and pending choices, and the cards it has learnt by
looking while it can still tell where they are. Other seats' cash, hands and face-down choices are
not in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict, cast

from .cards import CASINO, DENOMINATIONS, FENCE_NAMES, FENCES, GANGSTER_PLURALS, LOCATION_NAMES, price
from .deck import LOOT_NAMES, STOOGE_NAMES, StoogeCard
from .ending import result
from .fields import DowntownFields
from .money import value
from .phases import BUYING, FENCE_BACK, OFFERING, OVER, PHASE_NAMES, STOOGE_BACK
from .turns import hand_limit


class StoogeCardView(TypedDict):
    """A stooge card's face-up side; its back (`id`, `value`, dollars) where the seat knows it."""

    stooge: str
    loot: str
    promise: int
    needs: dict[str, int]
    possible: list[int]
    id: NotRequired[int]
    value: NotRequired[int]


class FenceView(TypedDict):
    """A fence card's face-up side; its back (`id`, `cop`) where the seat knows it."""

    buys: str
    kind: str
    takes: str
    id: NotRequired[int]
    cop: NotRequired[bool]


class StoogePileView(TypedDict):
    """A stooge pile: its size and its cards from the top (None: one the seat cannot tell)."""

    stooge: str
    size: int
    cards: list[StoogeCardView | None]


class FencePileView(TypedDict):
    """A fence pile: its size and its cards from the top ("casino", or None: one the seat cannot tell)."""

    size: int
    cards: list[FenceView | str | None]


class NotesView(TypedDict):
    """Money: the dollars, and the notes by denomination."""

    money: int
    notes: list[int]


class DisplayView(NotesView):
    """A display face up: its notes and its gangsters by kind."""

    gangsters: list[int]


class FaceDownView(TypedDict):
    """What lies face down in a display: counts; the details for its owner only."""

    notes: int
    gangsters: int
    notes_detail: NotRequired[list[int]]
    gangsters_detail: NotRequired[list[int]]


class HandView(TypedDict):
    """A hand's size."""

    gangsters: int
    stooge_cards: int


class ExchangeView(TypedDict):
    """An exchange at the bank made for a note chosen in secret (D1): notes handed and taken."""

    handed: list[int]
    taken: list[int]


class PlayerView(TypedDict):
    """A seat as the viewer sees it; the keys marked NotRequired are the viewer's own seat's only."""

    tokens: list[str | None]
    display: DisplayView
    face_down: FaceDownView
    hand: HandView
    hand_limit: int
    cash: NotRequired[NotesView]
    gangsters: NotRequired[list[int]]
    stooge_cards: NotRequired[list[StoogeCardView]]
    casino_note: NotRequired[int]
    pending_exchange: NotRequired[ExchangeView]


class MarketView(TypedDict):
    """The Downtown display: gangsters by kind and each kind's price (None: none left)."""

    gangsters: list[int]
    prices: list[int | None]


class OutOfGameView(TypedDict):
    """The cards out of the game (a stooge card None: unseen)."""

    stooge_cards: list[StoogeCardView | None]
    fences: list[FenceView]


class LookingAtView(TypedDict):
    """The pile ("stooge" or "fence") whose top card the active player is looking at."""

    pile: str
    index: int


class BuyingView(TypedDict):
    """A purchase at Downtown under way."""

    bought: list[int]
    spent: int
    prices: list[int]


class CasinoView(TypedDict):
    """A casino visit: the seats taking part, and those who have put their note down."""

    seats: list[int]
    bet: list[int]


class DowntownView(TypedDict):
    """What one seat (None: a spectator) may know of a Downtown game (`build_view`)."""

    game: str
    edition: str
    seat: int | None
    players: list[PlayerView]
    phase: str
    turn: int
    turn_limit: int
    to_act: int | None
    active: int | None
    next: int | None
    first_placer: int
    starter: int | None
    downtown: MarketView
    draw_pile: int
    discard_pile: list[int]
    stooge_piles: list[StoogePileView]
    fence_piles: list[FencePileView]
    casinos: int
    out_of_game: OutOfGameView
    bank: NotesView
    events: list[str]
    looking_at: NotRequired[LookingAtView]
    buying: NotRequired[BuyingView]
    offer: NotRequired[list[StoogeCardView]]
    casino: NotRequired[CasinoView]
    result: NotRequired[dict[str, Any]]


def downtown_view(data: Mapping[str, Any]) -> DowntownView:
    """A view as the Game's hooks receive it (JSON-ready data) read as what `build_view` made."""
    return cast(DowntownView, data)


def stooge_card_json(card: StoogeCard, back: bool) -> StoogeCardView:
    """A stooge card's face-up side, and its back if `back`."""
    data: StoogeCardView = {
        "stooge": STOOGE_NAMES[card.stooge], "loot": LOOT_NAMES[card.loot], "promise": card.promise * 1000,
        "needs": dict(zip(GANGSTER_PLURALS, card.needs, strict=True)),
        "possible": [v * 1000 for v in card.possible],
    }
    if back:
        data["id"] = card.id
        data["value"] = card.back * 1000
    return data


def fence_json(fence: int, back: bool) -> FenceView:
    """A fence card's face-up side (kind, share), and whether it is an undercover cop if `back`."""
    kind, half, cop = FENCES[fence]
    data: FenceView = {"buys": LOOT_NAMES[kind], "kind": FENCE_NAMES[kind],
                       "takes": "1/2" if half else "1/4"}
    if back:
        data["id"] = fence
        data["cop"] = cop
    return data


def build_view(state: DowntownFields, seat: int | None) -> DowntownView:
    """Exactly what `seat` (None: a spectator) may know of `state`."""
    n = state._players
    cards = state.cards
    known_s = state.pub_s | (state.known_s[seat] if seat is not None else set())
    known_f = state.pub_f | (state.known_f[seat] if seat is not None else set())
    stooge_piles: list[StoogePileView] = []
    for p, pile in enumerate(state.spiles):
        slots: list[StoogeCardView | None] = []
        for depth, c in enumerate(reversed(pile)):
            if c in known_s:
                slots.append(stooge_card_json(cards[c], True))
            elif depth == 0:
                slots.append(stooge_card_json(cards[c], False))
            else:
                slots.append(None)
        stooge_piles.append({"stooge": STOOGE_NAMES[p], "size": len(pile), "cards": slots})
    fence_piles: list[FencePileView] = []
    for pile in state.fpiles:
        fslots: list[FenceView | str | None] = []
        for depth, f in enumerate(reversed(pile)):
            if f == CASINO:
                fslots.append("casino")
            elif f in known_f:
                fslots.append(fence_json(f, True))
            elif depth == 0:
                fslots.append(fence_json(f, False))
            else:
                fslots.append(None)
        fence_piles.append({"size": len(pile), "cards": fslots})
    # Face-down notes and cards (opening bids, additions) show only their number until turned up.
    players: list[PlayerView] = []
    for s in range(n):
        mine = s == seat
        entry: PlayerView = {
            "tokens": [LOCATION_NAMES[loc] if loc >= 0 else None for loc in state.tokens[s]],
            "display": {"money": value(state.disp_n[s]) * 1000, "notes": list(state.disp_n[s]),
                        "gangsters": list(state.disp_g[s])},
            "face_down": {"notes": sum(state.down_n[s]), "gangsters": sum(state.down_g[s])},
            "hand": {"gangsters": sum(state.hands[s]), "stooge_cards": len(state.shand[s])},
            "hand_limit": hand_limit(state, s),
        }
        if mine:
            entry["cash"] = {"money": value(state.cash[s]) * 1000, "notes": list(state.cash[s])}
            entry["gangsters"] = list(state.hands[s])
            entry["stooge_cards"] = [stooge_card_json(cards[c], True) for c in state.shand[s]]
            entry["face_down"]["notes_detail"] = list(state.down_n[s])
            entry["face_down"]["gangsters_detail"] = list(state.down_g[s])
            if state.bets[s] >= 0:
                entry["casino_note"] = DENOMINATIONS[state.bets[s]] * 1000
            pending = state.pend[s]
            if pending is not None:
                entry["pending_exchange"] = {"handed": list(pending[0]), "taken": list(pending[1])}
        players.append(entry)
    # An exchange made for a note chosen in secret is told when the note is turned up: until then the
    # others see the bank as it was before it (D1).
    bank = list(state.bank)
    for s, pending in enumerate(state.pend):
        if pending is not None and s != seat:
            for i in range(5):
                bank[i] += pending[1][i]
    view: DowntownView = {
        "game": "downtown",
        "edition": state.options["edition"],
        "seat": seat,
        "players": players,
        "phase": PHASE_NAMES[state.phase],
        "turn": state.turn,  # 0 while the tokens are placed, then 1, 2, ...
        # The option that ends the game after this many turns (0: none; docs/rules/downtown.md).
        "turn_limit": state.turn_limit,
        "to_act": None if state.phase == OVER else state.actor,
        "active": state.active if state.active >= 0 else None,
        "next": state.nxt if state.nxt >= 0 else None,
        "first_placer": state.first_placer,
        "starter": state.starter if state.starter >= 0 else None,
        "downtown": {"gangsters": list(state.downtown),
                     "prices": [price(c) * 1000 if c else None for c in state.downtown]},
        "draw_pile": sum(state.draw),
        "discard_pile": list(state.discard),
        "stooge_piles": stooge_piles,
        "fence_piles": fence_piles,
        "casinos": state.casinos,
        "out_of_game": {
            "stooge_cards": [stooge_card_json(cards[c], True) if c in known_s else None for c in state.out_s],
            "fences": [fence_json(f, True) for f in state.out_f],
        },
        "bank": {"money": value(bank) * 1000, "notes": bank},
        "events": [text for who, text in state.events if who is None or who == seat],
    }
    if state.phase in (STOOGE_BACK, FENCE_BACK):
        # Everyone sees which pile the active player took the card from (not the card).
        view["looking_at"] = {"pile": "stooge" if state.phase == STOOGE_BACK else "fence",
                              "index": state.look_pile}
    if state.phase == BUYING:
        view["buying"] = {"bought": list(state.bought), "spent": state.spent * 1000,
                          "prices": [p * 1000 for p in state.prices]}
    if state.phase == OFFERING:
        view["offer"] = [stooge_card_json(cards[c], True) for c in state.offer]
    if state.casino_seats:
        view["casino"] = {"seats": list(state.casino_seats),
                          "bet": [s for s in state.casino_seats if state.bets[s] >= 0]}
    if state.phase == OVER:
        view["result"] = result(state).to_json()
    return view
