"""Taking back a decision (undo): which steps an undo removes, and whether it may.

One rule for every front end (the terminal's `undo`, the web table's), in two kinds of table:

- **A fair table** (people at one table, `fair=True`): a seat may take back its last decision while no
  other seat has moved since and neither that decision nor the single-choice steps of the same seat after
  it showed anyone anything new: a card drawn, a face-down card looked at, a die rolled, the others'
  secret bids turned up. What the decision itself says (the bid, the card played) the others have seen;
  they are told that it was taken back. Anything beyond it cannot be unseen, so it closes the undo.
- **A practice table** (the terminal, one person against their own bots, `fair=False`): the person's last
  decision and every step after it (the bots' too) go back, whatever they showed; the same shuffled
  cards come again. It is for learning a game, and such a record says so (`GameRecord.undo`).

Neither ever takes back a step with one legal action alone as "the decision": such steps are played for
the person (the terminal always, the web page after a pause) and go back with the decision before them.

**What "showed something new" means, and how it is tested.** A step showed seat `s` nothing new when
`view(s)` after it follows from `view(s)` before it and the action alone. `shows_something_new` tests
that without knowing anything about the game: it draws states `s` cannot tell from the true one
(`State.determinize(s, rng)`: everything `s` cannot see re-drawn, the state's own generator too), applies
the same action to each, and compares `s`'s view afterwards with the true one. A card drawn, a die
rolled, a hidden card turned up or looked at, comes out differently in some of them. Only draws in which
the action is legal count (in the others the action itself tells `s` about the actor's hidden hand: that
is the decision, not something it showed). Its error is one-sided and small: it can miss a revelation
only when every sample turned up the very thing the true state did, which for an outcome of probability
p happens with probability p ** SAMPLES (1 in 65,536 for an even chance); and then what was shown was
what the seat expected anyway. A draw in which `s` could not be tested at all (no sample made the action
legal) counts as showing something: the rule errs on the side of refusing. It costs SAMPLES
determinizations, applications and views per seat and step: measured over heuristic games of all four
games, a median of 0.1 to 7 ms and at most 20 ms a step (docs/server.md, "Undo").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import GanglandError
from .game import Game
from .record import GameRecord
from .rng import mix_seed
from .state import State

SAMPLES = 16
"""How many states a seat cannot tell apart `shows_something_new` tries per seat and step."""
TRIES = 4
"""At most SAMPLES * TRIES draws per seat, to find SAMPLES in which the action is legal."""


class UndoRefused(GanglandError):
    """An undo that may not be made now: `code` says which rule ("nothing", "not_now", "shown"), the
    message says it in a sentence for the person."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class TakeBack:
    """What an undo takes back: every step from `step` on (the game goes back to before it)."""

    step: int
    """The step of the decision taken back."""
    name: str
    """That decision as its seat reads it."""
    later: tuple[tuple[int, str], ...]
    """Each step after it that goes back with it: (its seat, its action as the undoing seat read it)."""


def forced(legal_actions: Sequence[int]) -> bool:
    """A step with one legal action: no decision, played for the person (and never taken back alone)."""
    return len(legal_actions) == 1


def shows_something_new(state: State, action: int, seed: int, samples: int = SAMPLES) -> int | None:
    """The first seat that `action` (legal in `state`) shows something beyond the action itself, or None
    if it shows nobody anything new (see the module docstring). `state` is not changed; `seed` makes the
    answer repeatable."""
    after = state.clone()
    after.apply(action)
    rng = random.Random(seed)
    for seat in range(state.players):
        truth = after.view(seat)
        tested = 0
        for _ in range(samples * TRIES):
            draw = state.determinize(seat, rng)
            if action not in draw.legal_actions():
                continue
            draw.apply(action)
            if draw.view(seat) != truth:
                return seat
            tested += 1
            if tested == samples:
                break
        if tested == 0:
            return seat  # no draw could test it: counted as shown
    return None


def plan_take_back(game: Game, record: GameRecord, seat: int, *, fair: bool,
                   samples: int = SAMPLES) -> TakeBack:
    """What an undo of `seat`'s last decision in the game `record` holds so far takes back, at a fair
    table (`fair`) or a practice one (see the module docstring); UndoRefused saying why not: "nothing"
    (no decision of the seat's to take back), "not_now" (another seat moved since, or the game is over),
    "shown" (it showed someone something new)."""
    state = game.new_game(record.players, record.seed, record.options)
    base: State | None = None
    """The state before the seat's last decision found so far."""
    decision = -1
    for step, action in enumerate(record.actions):
        if state.to_act == seat and not forced(state.legal_actions()):
            base, decision = state.clone(), step
        state.apply(action)
    if base is None:
        raise UndoRefused("nothing", "there is nothing to take back: you have not made a decision yet")
    if fair and state.is_over:
        raise UndoRefused("not_now", "the game is over: its last move stands")
    name = game.action_name(base, record.actions[decision])
    run: list[tuple[State, int]] = []
    """(the state before, the action) of each step from the decision on (at a fair table)."""
    later: list[tuple[int, str]] = []
    state = base
    for step in range(decision, len(record.actions)):
        actor, action = state.to_act, record.actions[step]
        assert actor is not None
        if fair:
            if actor != seat:
                raise UndoRefused("not_now", f"another seat has moved since your {name!r}: it stands")
            run.append((state.clone(), action))
        if step > decision:
            later.append((actor, game.public_action_name(state, action, seat)))
        state.apply(action)
    if fair:  # checked once nobody else has moved: it costs more
        for step, (before, action) in enumerate(run, decision):
            shown = shows_something_new(before, action, mix_seed(record.seed, step), samples)
            if shown is not None:
                whom = "you" if shown == seat else "another seat"
                raise UndoRefused("shown", f"your {name!r} showed {whom} something new (a card, a roll, a "
                                           "hidden choice turned up), which cannot be unseen: it stands")
    return TakeBack(decision, name, tuple(later))
