"""The action space (docs/rules/downtown.md section 4.2: 137 ids, fixed for every option) and the one
action text: the words of every action, which the log, the terminal's menu, error messages and the
drawing's `data-act` all take from here.

Each kind of action is a base id plus an index (a location, a seat, a gangster kind, a pile, a card, a
note's denomination index). `action_text(s, action)` is made of the small functions below, one per kind,
which the drawing calls with what its view holds.
"""

from __future__ import annotations

from typing import Final

from gangland.engine import seat_ref

from .cards import GANGSTER_NAMES, LOCATION_NAMES, LOCATIONS, NOTE_LABELS, money_text
from .deck import LOOT_NAMES, STOOGE_NAMES, StoogeCard
from .fields import DowntownFields
from .phases import BID, CASINO_BET, OVER, WINDOW

DONE: Final = 0
PLACE0: Final = 1  # PLACE(L) = 1 + L
MOVE0: Final = 7  # MOVE(X, Z) = 7 + 5X + (Z if Z < X else Z - 1)
ROB0: Final = 37
PAY0: Final = 41
BUY0: Final = 45
JOB0: Final = 48
LOOK_STOOGE0: Final = 51
LOOK_FENCE0: Final = 54
PUT_TOP: Final = 57
PUT_UNDER: Final = 58
PUT_ONTO0: Final = 59
OFFER0: Final = 62
SELL_AT0: Final = 89
CASINO_PLAY: Final = 92
CASINO_SKIP: Final = 93
BILL0: Final = 94
ADD_NOTE0: Final = 99
ADD_GANGSTER0: Final = 104
DISCARD_GANGSTER0: Final = 107
SHED_STOOGE0: Final = 110
NUM_ACTIONS: Final = 137
STOOGE_CARDS: Final = 27


def move_action(origin: int, target: int) -> int:
    """The id of moving a token from location `origin` to location `target`."""
    return MOVE0 + 5 * origin + (target if target < origin else target - 1)


MOVES: Final = {move_action(x, z): (x, z) for x in range(LOCATIONS) for z in range(LOCATIONS) if x != z}
"""Move action id -> (origin, target)."""

DONE_TEXT: Final = "done"
PUT_TOP_TEXT: Final = "put it back on top"
PUT_UNDER_TEXT: Final = "put it under the pile"
CASINO_PLAY_TEXT: Final = "play the casino"
CASINO_SKIP_TEXT: Final = "skip the casino"


def place_text(location: str) -> str:
    """Placing a token at a location (by name)."""
    return f"place a token at {location}"


def move_text(origin: str, target: str) -> str:
    """Moving a token between two locations (by name)."""
    return f"move token {origin} -> {target}"


def rob_text(seat: int) -> str:
    return f"rob {seat_ref(seat)}"


def pay_text(seat: int) -> str:
    return f"pay {seat_ref(seat)}"


def buy_text(kind: int) -> str:
    """Buying a gangster of a kind at Downtown."""
    return f"buy a {GANGSTER_NAMES[kind]}"


def job_text(stooge: str) -> str:
    """Doing the job of the top card of a stooge's pile (the stooge by name)."""
    return f"do {stooge}'s job"


def look_stooge_text(stooge: str) -> str:
    return f"look at {stooge}'s top card"


def look_fence_text(pile: int) -> str:
    return f"look at fence pile {pile}"


def put_onto_text(pile: int) -> str:
    """Putting the fence card looked at onto a pile (the current edition)."""
    return f"put it on fence pile {pile}"


def stooge_card_label(card: int, stooge: str, loot: str, back: int) -> str:
    """'stooge card 14 (Luigi, art, $52,000)': a card in its owner's hand, back (thousands) included."""
    return f"stooge card {card} ({stooge}, {loot}, {money_text(back)})"


def offer_text(label: str) -> str:
    """Offering a stooge card (its `stooge_card_label`) to the fences."""
    return f"offer {label}"


def shed_text(label: str) -> str:
    """Putting a stooge card (its `stooge_card_label`) away at the hand limit."""
    return f"shed {label}"


def sell_text(pile: int) -> str:
    return f"sell to fence pile {pile}"


def bet_text(note: int) -> str:
    """Betting a note (a denomination index) at the casino."""
    return f"bet a {NOTE_LABELS[note]} note"


def add_note_text(note: int) -> str:
    """Adding a note (a denomination index) to a display or a bid."""
    return f"add a {NOTE_LABELS[note]} note"


def add_gangster_text(kind: int) -> str:
    return f"add a {GANGSTER_NAMES[kind]}"


def discard_text(kind: int) -> str:
    """Discarding a gangster of a kind at the hand limit (2013)."""
    return f"discard a {GANGSTER_NAMES[kind]}"


def card_label(card: StoogeCard) -> str:
    """A stooge card of the deck as `stooge_card_label` writes it."""
    return stooge_card_label(card.id, STOOGE_NAMES[card.stooge], LOOT_NAMES[card.loot], card.back)


def action_text(s: DowntownFields, action: int) -> str:
    """Readable text of an action id in this state (it need not be legal)."""
    if action == DONE:
        return DONE_TEXT
    if action < MOVE0:
        return place_text(LOCATION_NAMES[action - PLACE0])
    if action < ROB0:
        origin, target = MOVES[action]
        return move_text(LOCATION_NAMES[origin], LOCATION_NAMES[target])
    if action < PAY0:
        return rob_text(action - ROB0)
    if action < BUY0:
        return pay_text(action - PAY0)
    if action < JOB0:
        return buy_text(action - BUY0)
    if action < LOOK_STOOGE0:
        return job_text(STOOGE_NAMES[action - JOB0])
    if action < LOOK_FENCE0:
        return look_stooge_text(STOOGE_NAMES[action - LOOK_STOOGE0])
    if action < PUT_TOP:
        return look_fence_text(action - LOOK_FENCE0)
    if action == PUT_TOP:
        return PUT_TOP_TEXT
    if action == PUT_UNDER:
        return PUT_UNDER_TEXT
    if action < OFFER0:
        return put_onto_text(action - PUT_ONTO0)
    if action < SELL_AT0:
        return offer_text(card_label(s.cards[action - OFFER0]))
    if action < CASINO_PLAY:
        return sell_text(action - SELL_AT0)
    if action == CASINO_PLAY:
        return CASINO_PLAY_TEXT
    if action == CASINO_SKIP:
        return CASINO_SKIP_TEXT
    if action < ADD_NOTE0:
        return bet_text(action - BILL0)
    if action < ADD_GANGSTER0:
        return add_note_text(action - ADD_NOTE0)
    if action < DISCARD_GANGSTER0:
        return add_gangster_text(action - ADD_GANGSTER0)
    if action < SHED_STOOGE0:
        return discard_text(action - DISCARD_GANGSTER0)
    return shed_text(card_label(s.cards[action - SHED_STOOGE0]))


def public_action_text(s: DowntownFields, action: int, seat: int | None) -> str:
    """The text of an action as `seat` may read it: secret choices are named without their content."""
    if seat == (None if s.phase == OVER else s.actor):
        return action_text(s, action)
    if s.phase in (BID, WINDOW):
        if action == DONE:
            return DONE_TEXT
        return "put a note face down" if action < ADD_GANGSTER0 else "put a gangster face down"
    if s.phase == CASINO_BET:
        return "put a note face down"
    if action >= SHED_STOOGE0:
        return "put a stooge card away unseen"
    return action_text(s, action)

