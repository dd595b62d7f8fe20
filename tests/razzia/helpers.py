"""Helpers for the Razzia! rules tests: set up exact situations and force the next card drawn.

A draw takes a random index of `state.deck` (the multiset of unseen cards, kept sorted), chosen by
the state's own SplitMix64 generator. `force_next` moves the generator on to a point where the next
draw takes a card of the wanted kind: only the hidden generator changes, the deck keeps its cards
and its order, and nothing is created or lost.
"""

from __future__ import annotations

import copy
from typing import Any

from gangland.engine import splitmix64
from gangland.games.razzia import GAME, RazziaState
from gangland.games.razzia.actions import DONE, DRAW, PASS
from gangland.games.razzia.cards import BOOTY_KINDS, KIND_NAMES, POLICE
from gangland.games.razzia.phases import AUCTION

SEAT_NAMES = ("Dennis", "Miriam", "Felix", "Elke")
"""The rulebook's four players, in clockwise order, as seats 0-3 with cheque_sets="by_seat":
Dennis gets set A (2, 6, 13), Miriam set B (3, 7, 12), Felix set C (4, 8, 11), Elke set D (5, 9, 10).
Miriam's lowest cheque is the 3 she bids in the court example; the 7 and 9 of the auction example
are Miriam's and Elke's."""
DENNIS, MIRIAM, FELIX, ELKE = range(4)

KIND = {name: kind for kind, name in enumerate(KIND_NAMES)}
"""Card kind by name, e.g. KIND["gold coin"]."""


def new_state(players: int = 4, seed: int = 1, **options: Any) -> RazziaState:
    """A new game with the cheque sets dealt by seat (player A's set to seat 0...) unless told otherwise."""
    options.setdefault("cheque_sets", "by_seat")
    state = GAME.new_game(players, seed, options)
    assert isinstance(state, RazziaState)
    return state


def counts(**by_name: int) -> list[int]:
    """A per-kind count list of booty, by name with spaces as underscores: counts(car=1, driver=3)."""
    result = [0] * BOOTY_KINDS
    for name, n in by_name.items():
        result[KIND[name.replace("_", " ")]] = n
    return result


def take_from_deck(state: RazziaState, kind: int) -> None:
    """Remove one card of `kind` from the unseen cards (as if it had been turned up earlier)."""
    state.deck.remove(kind)
    pile = 0 if state.piles[0] else 1
    state.piles[pile] -= 1
    state._legal = None


def set_row(state: RazziaState, kinds: list[int]) -> None:
    """Lay these booty cards in the row, taking them from the deck."""
    for kind in kinds:
        take_from_deck(state, kind)
    state.row = list(kinds)
    state._legal = None


def give(state: RazziaState, seat: int, kind: int, n: int = 1) -> None:
    """Put `n` cards of `kind` into a seat's estate, taking them from the deck."""
    for _ in range(n):
        take_from_deck(state, kind)
    state.estate[seat][kind] += n
    state._legal = None


def set_cheques(state: RazziaState, seat: int, up: list[int], down: list[int] | None = None) -> None:
    """Give a seat exactly these open (and face-down) cheques."""
    state.up[seat] = sorted(up)
    state.down[seat] = list(down or [])
    state._legal = None


def force_next(state: RazziaState, kind: int) -> None:
    """Make the next draw turn up a card of `kind` (which must be in the deck)."""
    deck = state.deck
    assert kind in deck, f"no {KIND_NAMES[kind]} left to draw"
    seed = state._rng
    while True:  # each try hits with probability (cards of kind) / len(deck) >= 1/120
        following, r = splitmix64(seed)
        if deck[r % len(deck)] == kind:
            state._rng = seed
            return
        seed = following


def draw(state: RazziaState, kind: int) -> None:
    """The seat to act draws, and the card is of `kind`."""
    force_next(state, kind)
    state.apply(DRAW)


def play(state: RazziaState, *actions: int) -> None:
    """Apply actions in order."""
    for action in actions:
        state.apply(action)


def snapshot(state: RazziaState) -> tuple[Any, ...]:
    """Everything a state holds (every slot but the legal-action cache) and the spectator's view."""
    fields = {name: copy.deepcopy(getattr(state, name))
              for name in RazziaState.__slots__ if name != "_legal"}
    return (fields, state.view(None), state.legal_actions(), state.to_act)


def finish_round(state: RazziaState) -> None:
    """Play the current round to its end by police: every draw is a police card, everyone passes
    (a court caller bids its lowest cheque), thieves are not used."""
    start = state.round
    while state.round == start and not state.is_over:
        legal = state.legal_actions()
        if state.phase == AUCTION:
            state.apply(PASS if PASS in legal else legal[0])
        elif DONE in legal:
            state.apply(DONE)
        else:
            draw(state, POLICE)
