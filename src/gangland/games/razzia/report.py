"""Razzia!'s accounts: every card and cheque a state holds (`inventory`, which the invariant tests hold
constant), and a finished game's facts for a balance report (`facts`: police drawn per round, auctions
by kind, thieves used), counted by replaying the record and reading the state's public fields after
each step.
"""

from __future__ import annotations

from gangland.engine import Game, GameFacts, GameRecord, State, replay_steps

from .actions import COURT, DRAW, STEAL_BASE
from .cards import KIND_NAMES, POLICE
from .fields import NOBODY
from .phases import AUCTION_NAMES, TURN
from .state import RazziaState


def inventory(state: State) -> dict[str, int]:
    """How many cards of each kind the state holds wherever they are (the box, the deck, the row, the
    police drawn, the estates), and how many cheques of each value (the centre's, open and face down)."""
    assert isinstance(state, RazziaState)
    cards = list(state.box)
    for kind in state.deck:
        cards[kind] += 1
    for kind in state.row:
        cards[kind] += 1
    cards[POLICE] += state.police
    for estate in state.estate:
        for kind, count in enumerate(estate):
            cards[kind] += count
    counts = {f"card {KIND_NAMES[kind]}": n for kind, n in enumerate(cards)}
    cheques = [state.centre, *(c for s in range(state.players) for c in state.up[s] + state.down[s])]
    counts.update({f"cheque {value}": cheques.count(value) for value in sorted(set(cheques))})
    counts["cheques"] = len(cheques)
    return counts


def facts(game: Game, record: GameRecord) -> GameFacts:
    """Decisions, turns and rounds; police per round, auctions (won or passed) by kind, thefts; per seat:
    auctions won, court auctions called, thefts."""
    events: dict[str, float] = {}
    police_by_round: dict[int, int] = {}
    turns = 0
    last_auction: object = None
    phase_before, round_before = TURN, 1
    per_seat = [{"auctions won": 0.0, "court auctions called": 0.0, "thefts": 0.0}
                for _ in range(record.players)]
    state: RazziaState | None = None
    for step_state, actor, action in replay_steps(game, record):
        assert isinstance(step_state, RazziaState)
        state = step_state
        if phase_before == TURN and (action in (DRAW, COURT) or action >= STEAL_BASE):
            turns += 1  # a turn is one of the three actions (A draw, B thief, C court)
        if action == DRAW and state.last_draw is not None and state.last_draw[1] == POLICE:
            # Counted in the round it was drawn in (a police card that ends a round moves the counter on).
            police_by_round[round_before] = police_by_round.get(round_before, 0) + 1
        if action >= STEAL_BASE:
            events["thefts"] = events.get("thefts", 0) + 1
            if actor is not None:
                per_seat[actor]["thefts"] += 1
        if action == COURT and actor is not None:
            per_seat[actor]["court auctions called"] += 1
        if state.last_auction is not None and state.last_auction != last_auction:
            last_auction = state.last_auction
            _number, kind, winner, _bid, _took, _cards = state.last_auction
            key = f"{AUCTION_NAMES[kind]} auctions"
            events[key] = events.get(key, 0) + 1
            if winner == NOBODY:
                events[f"{key} passed by all"] = events.get(f"{key} passed by all", 0) + 1
            else:
                per_seat[winner]["auctions won"] += 1
        phase_before, round_before = state.phase, state.round
    rounds = state.round if state is not None else 1
    for round_number in range(1, rounds + 1):
        events[f"police drawn in round {round_number}"] = police_by_round.get(round_number, 0)
    events["police drawn"] = sum(police_by_round.values())
    return GameFacts({"decisions": len(record.actions), "turns": turns, "rounds": rounds}, events,
                     seat_events=tuple(per_seat))
