"""What one seat of a Downtown game may see, as JSON-ready data, and action texts.

A view is the table as that seat sees it (docs/rules/downtown.md D30, 3.2): everything face up,
the sizes of piles and hands, its own hand, cash and pending choices, and the cards it has learnt by
looking while it can still tell where they are. Other seats' cash, hands and face-down choices are
not in it.
"""

from __future__ import annotations

from typing import Any, Protocol

from gangland.engine import Result, seat_ref

from .cards import (
    ADD_GANGSTER0,
    ADD_NOTE0,
    BILL0,
    BUY0,
    CASINO,
    CASINO_PLAY,
    CASINO_SKIP,
    DENOMINATIONS,
    DISCARD_GANGSTER0,
    DONE,
    FENCE_NAMES,
    FENCES,
    GANGSTER_NAMES,
    GANGSTER_PLURALS,
    JOB0,
    LOCATION_NAMES,
    LOOK_FENCE0,
    LOOK_STOOGE0,
    MOVE0,
    MOVES,
    OFFER0,
    PAY0,
    PLACE0,
    PUT_ONTO0,
    PUT_TOP,
    PUT_UNDER,
    ROB0,
    SELL_AT0,
    SHED_STOOGE0,
    gangsters_text,
    money_text,
    price,
)
from .deck import LOOT_NAMES, STOOGE_NAMES, StoogeCard
from .money import value
from .phases import BID, BUYING, CASINO_BET, FENCE_BACK, OFFERING, OVER, PHASE_NAMES, STOOGE_BACK, WINDOW

__all__ = ["Table", "action_text", "build_view", "gangsters_text", "money_text", "public_action_text"]
# (gangsters_text and money_text live in cards.py, where the rules' log texts take them from too.)


class Table(Protocol):
    """What the view and the action texts read of a game in progress (`DowntownState` is one).

    A Protocol rather than the state's class, so that this module never imports state.py, which
    imports it: the package's imports go one way (phases, cards <- view <- state).
    """

    @property
    def players(self) -> int: ...
    @property
    def to_act(self) -> int | None: ...

    options: dict[str, Any]
    cards: tuple[StoogeCard, ...]
    phase: int
    active: int
    nxt: int
    first_placer: int
    starter: int
    tokens: list[list[int]]
    cash: list[list[int]]
    bank: list[int]
    hands: list[list[int]]
    shand: list[list[int]]
    disp_n: list[list[int]]
    disp_g: list[list[int]]
    down_n: list[list[int]]
    down_g: list[list[int]]
    downtown: list[int]
    draw: list[int]
    discard: list[int]
    spiles: list[list[int]]
    fpiles: list[list[int]]
    known_s: list[set[int]]
    known_f: list[set[int]]
    pub_s: set[int]
    pub_f: set[int]
    out_s: list[int]
    out_f: list[int]
    casinos: int
    turn: int
    turn_limit: int
    look_pile: int
    bets: list[int]
    pend: list[tuple[tuple[int, ...], tuple[int, ...]] | None]
    casino_seats: list[int]
    bought: list[int]
    spent: int
    prices: list[int]
    offer: list[int]
    events: list[tuple[int | None, str]]

    def hand_limit(self, seat: int) -> int:
        """A seat's hand limit."""
        ...

    def result(self) -> Result:
        """Scores and ranks (read once the game is over)."""
        ...


def stooge_card_json(card: StoogeCard, back: bool) -> dict[str, Any]:
    """A stooge card's face-up side, and its back if `back`."""
    data: dict[str, Any] = {
        "stooge": STOOGE_NAMES[card.stooge], "loot": LOOT_NAMES[card.loot], "promise": card.promise * 1000,
        "needs": dict(zip(GANGSTER_PLURALS, card.needs, strict=True)),
        "possible": [v * 1000 for v in card.possible],
    }
    if back:
        data["id"] = card.id
        data["value"] = card.back * 1000
    return data


def fence_json(fence: int, back: bool) -> dict[str, Any]:
    """A fence card's face-up side (kind, share), and whether it is an undercover cop if `back`."""
    kind, half, cop = FENCES[fence]
    data: dict[str, Any] = {"buys": LOOT_NAMES[kind], "kind": FENCE_NAMES[kind],
                            "takes": "1/2" if half else "1/4"}
    if back:
        data["id"] = fence
        data["cop"] = cop
    return data


def build_view(state: Table, seat: int | None) -> dict[str, Any]:
    """Exactly what `seat` (None: a spectator) may know of `state`."""
    n = state.players
    cards = state.cards
    known_s = state.pub_s | (state.known_s[seat] if seat is not None else set())
    known_f = state.pub_f | (state.known_f[seat] if seat is not None else set())
    stooge_piles = []
    for p, pile in enumerate(state.spiles):
        slots: list[dict[str, Any] | None] = []
        for depth, c in enumerate(reversed(pile)):
            if c in known_s:
                slots.append(stooge_card_json(cards[c], True))
            elif depth == 0:
                slots.append(stooge_card_json(cards[c], False))
            else:
                slots.append(None)
        stooge_piles.append({"stooge": STOOGE_NAMES[p], "size": len(pile), "cards": slots})
    fence_piles = []
    for pile in state.fpiles:
        fslots: list[dict[str, Any] | str | None] = []
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
    players = []
    for s in range(n):
        mine = s == seat
        entry: dict[str, Any] = {
            "tokens": [LOCATION_NAMES[loc] if loc >= 0 else None for loc in state.tokens[s]],
            "display": {"money": value(state.disp_n[s]) * 1000, "notes": list(state.disp_n[s]),
                        "gangsters": list(state.disp_g[s])},
            "face_down": {"notes": sum(state.down_n[s]), "gangsters": sum(state.down_g[s])},
            "hand": {"gangsters": sum(state.hands[s]), "stooge_cards": len(state.shand[s])},
            "hand_limit": state.hand_limit(s),
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
    view: dict[str, Any] = {
        "game": "downtown",
        "edition": state.options["edition"],
        "seat": seat,
        "players": players,
        "phase": PHASE_NAMES[state.phase],
        "turn": state.turn,  # 0 while the tokens are placed, then 1, 2, ...
        # The option that ends the game after this many turns (0: none; docs/rules/downtown.md).
        "turn_limit": state.turn_limit,
        "to_act": state.to_act,
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
        view["result"] = state.result().to_json()
    return view


def action_text(state: Table, action: int) -> str:
    """Readable text of an action id in this state (it need not be legal)."""
    if action == DONE:
        return "done"
    if action < MOVE0:
        return f"place a token at {LOCATION_NAMES[action - PLACE0]}"
    if action < ROB0:
        origin, target = MOVES[action]
        return f"move token {LOCATION_NAMES[origin]} -> {LOCATION_NAMES[target]}"
    if action < PAY0:
        return f"rob {seat_ref(action - ROB0)}"
    if action < BUY0:
        return f"pay {seat_ref(action - PAY0)}"
    if action < JOB0:
        return f"buy a {GANGSTER_NAMES[action - BUY0]}"
    if action < LOOK_STOOGE0:
        return f"do {STOOGE_NAMES[action - JOB0]}'s job"
    if action < LOOK_FENCE0:
        return f"look at {STOOGE_NAMES[action - LOOK_STOOGE0]}'s top card"
    if action < PUT_TOP:
        return f"look at fence pile {action - LOOK_FENCE0}"
    if action == PUT_TOP:
        return "put it back on top"
    if action == PUT_UNDER:
        return "put it under the pile"
    if action < OFFER0:
        return f"put it on fence pile {action - PUT_ONTO0}"
    if action < SELL_AT0:
        return f"offer {_card_label(state.cards[action - OFFER0])}"
    if action < CASINO_PLAY:
        return f"sell to fence pile {action - SELL_AT0}"
    if action == CASINO_PLAY:
        return "play the casino"
    if action == CASINO_SKIP:
        return "skip the casino"
    if action < ADD_NOTE0:
        return f"bet a {money_text(DENOMINATIONS[action - BILL0])} note"
    if action < ADD_GANGSTER0:
        return f"add a {money_text(DENOMINATIONS[action - ADD_NOTE0])} note"
    if action < DISCARD_GANGSTER0:
        return f"add a {GANGSTER_NAMES[action - ADD_GANGSTER0]}"
    if action < SHED_STOOGE0:
        return f"discard a {GANGSTER_NAMES[action - DISCARD_GANGSTER0]}"
    return f"shed {_card_label(state.cards[action - SHED_STOOGE0])}"


def _card_label(card: StoogeCard) -> str:
    """'stooge card 14 (Luigi, art, $52,000)': a card in its owner's hand, back included."""
    return (f"stooge card {card.id} ({STOOGE_NAMES[card.stooge]}, {LOOT_NAMES[card.loot]}, "
            f"{money_text(card.back)})")


def public_action_text(state: Table, action: int, seat: int | None) -> str:
    """The text of an action as `seat` may read it: secret choices are named without their content."""
    if seat == state.to_act:
        return action_text(state, action)
    if state.phase in (BID, WINDOW):
        if action == DONE:
            return "done"
        return "put a note face down" if action < ADD_GANGSTER0 else "put a gangster face down"
    if state.phase == CASINO_BET:
        return "put a note face down"
    if action >= SHED_STOOGE0:
        return "put a stooge card away unseen"
    return action_text(state, action)
