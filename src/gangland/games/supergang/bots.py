"""The Supergang heuristic bot (docs/rules/supergang.md).

Everything in Supergang is public (S38) except the future: the dice of later gang turns and the outcome
of duels, which the state's generator decides. So the bot never applies an action to see what comes of
it: `act` determinizes (the copy's generator is re-seeded) and `choose` scores the legal actions
statically from public fields only, and two states that differ only in their generator get the same
choice. A duel is scored by its win chance, estimated once per line-up by duels fought with a fixed seed
through `duel.duel` (the rules' own model), never with the game's generator. Between actions of equal
worth it draws at random with its own generator (`bots_planner.pick_best`), never the first by index: the
characters, and so the targets of a killing, a vamping or an arrest, are numbered by seat, and taking the
first of equals would make the lower seats everyone's victims.

How it plays, phase by phase:

* choose: the character whose best destination scores highest moves first;
* move: a destination is worth what the character could do there (`Planner.stop_value`: buying and
  racketing free shops, pawns for the dealer, coward attacks, recruiting, stick-ups, killings and
  vamping with a good chance) plus a share of the best target reachable later (discounted by street
  distance), less the danger of ending there (a patrol in reach with a record; a rival killer near);
* act: the peaceful earning actions first (purchase, pawns, racket, coward attack, recruiting), then
  one fight if its expected value is positive and its win chance high, then done;
* the ends (S37, docs/rules/supergang.md S55): a shop is worth more the nearer it brings the gang's
  district, and a rival's shops in a district it is close to are worth taking or keeping from it; a
  rival's character is worth more the fewer free characters its gang has left (its last one puts the
  gang out), so the killer and the free vamp hunt them, and the bot guards its own last ones; incomes
  count up to the round the game is expected to end by, never up to a far turn limit;
* patrols (moved by the turn player, the cop owner or the police seat, S27, S32, S36): towards rival
  gangsters with a record or unnoticed crimes, away from the bot's own criminals; every rival that may
  be arrested is; the police seat goes after every gangster (innocents too: custody, L87);
* arrested: surrender unless rebelling is likely to succeed (S30); the cops are bought only with money
  to spare (S32); a rival recruiting in the bot's shop is refused unless it pays dearly (L49), and the
  bot pays a fair price for its own recruit.

Styles: `heuristic-aggressive`, `heuristic-cautious` and `heuristic-wary` (bots_styles.py) are this bot with
other weights (`bots_weights.Style`: the win chance it asks of a fight, the weight of its own risks, money
kept in hand), for opponents unlike the search's rollout bot. The bot's stick-ups at even odds (`MIN_STICKUP`)
are a habit that costs it against the wary style, kept because the game's ends depend on it
(docs/rules/supergang.md S55).

The code follows what the bot decides: the board's distances (bots_tables.py) and the duel odds
(bots_odds.py) worked out once, what moves are worth (bots_planner.py), the gang's turn (bots_turn.py)
and the police's decisions (bots_police.py); the dispatch by phase is here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar, Final

from gangland.engine import DeterminizingBot, softmax

from .bots_duel import aim
from .bots_planner import Planner
from .bots_police import arrest, buy_cops, patrol_move, patrol_place, rebel_or_surrender
from .bots_turn import accept_price, act_at_stop, ask_price, choose_character, move_character, resurface
from .bots_value import learned_chances
from .bots_weights import PLAIN, Style
from .phases import (
    ACT,
    ARRESTED,
    CHOOSE,
    COP_OFFER,
    MOVE,
    OFFER,
    PATROL_ACT,
    PATROL_MOVE,
    PATROL_PLACE,
    PRICE,
    RESURFACE,
)
from .state import SupergangState
from .table import shops_owned

ROLLOUT_HORIZON: Final = 60
"""Decisions a search's rollout plays before `win_chances` judges the position (about two rounds with
three gangs; a whole game is about 600)."""
STANDING_SHARPNESS: Final = 1.6
"""`win_chances`: the softmax weight of a shop is this over sqrt(rounds left + 1.5). Fitted, with
`MONEY_PER_SHOP`, by likelihood to the winners of heuristic self-play (3 and 4 gangs);
`benchmarks/supergang_chances.py` measures the fit."""
MONEY_PER_SHOP: Final = 400.0
"""`win_chances`: money that counts as much as one shop (money breaks ties at the turn limit, S37)."""


def standing_chances(rounds_left: int, shops: Sequence[int], money: Sequence[int],
                     sharpness: float = STANDING_SHARPNESS,
                     money_per_shop: float = MONEY_PER_SHOP) -> tuple[float, ...]:
    """`standing` from the gangs' shops and money: a softmax of shops +
    money / `money_per_shop`, weighted `sharpness` / sqrt(rounds_left + 1.5).

    >>> [round(c, 3) for c in standing_chances(0, [2, 1], [0, 0])]
    [0.787, 0.213]
    """
    weight = sharpness / math.sqrt(rounds_left + 1.5)
    return softmax([weight * (s + m / money_per_shop) for s, m in zip(shops, money, strict=True)])



def standing(state: SupergangState) -> tuple[float, ...] | None:
    """The gangs' chances by `standing_chances` (shops and money, sharper as the turn limit nears): the
    search's cut-off estimate before issue 35, fitted when the limit's ranking decided games (before
    issue 34), kept as the baseline the learned model is measured against. None with the police player
    (it knows nothing of the police's win, L91) and without a turn limit.

    >>> from gangland.games.supergang import GAME
    >>> [round(c, 3) for c in standing(GAME.new_game(3, seed=1))]
    [0.333, 0.333, 0.333]
    """
    limit = state.options["turn_limit"]
    if state.police_seat >= 0 or not limit:
        return None
    gangs = range(state.gangs)
    return standing_chances(max(0, limit - state.round), [shops_owned(state, g) for g in gangs],
                            [state.money[g] for g in gangs])


def _best(plan: Planner) -> int:
    """The action of the decision `plan` scores, by the phase's decider."""
    phase = plan.s.phase
    if phase == CHOOSE:
        return choose_character(plan)
    if phase == MOVE:
        return move_character(plan)
    if phase == ACT:
        return aim(plan) if plan.s.aim else act_at_stop(plan)
    if phase == RESURFACE:
        return resurface(plan)
    if phase == PATROL_MOVE:
        return patrol_move(plan)
    if phase == PATROL_PLACE:
        return patrol_place(plan)
    if phase == PATROL_ACT:
        return arrest(plan)
    if phase == ARRESTED:
        return rebel_or_surrender(plan)
    if phase == COP_OFFER:
        return buy_cops(plan)
    if phase == PRICE:
        return ask_price(plan)
    if phase == OFFER:
        return accept_price(plan)
    return plan.safe_default()


class SupergangHeuristicBot(DeterminizingBot[SupergangState]):
    """A hand-written Supergang player (see the module docstring).

    >>> from gangland.engine import play_match
    >>> from gangland.games.supergang import GAME
    >>> bots = [SupergangHeuristicBot(seat) for seat in range(3)]
    >>> play_match(GAME, bots, seed=1, options={"turn_limit": 4}).result is not None
    True
    """

    state_type = SupergangState
    plays = "Supergang"
    style: ClassVar[Style] = PLAIN
    """The weights of its style of play (`bots_weights.Style`; its variants: bots_styles.py)."""
    rollout_horizon = ROLLOUT_HORIZON
    keep_in_search = True
    """A search rolling out with this bot plays the bot's move unless it clearly finds a better one: its
    rollouts, cut off at the horizon, cannot see what most moves are worth (`gangland.agents.ismcts`,
    Keep; measured in docs/strength.md). Asked in every variant, also where `win_chances` gives no
    estimate and rollouts play on (no turn limit): not measured there."""

    def win_chances(self, state: SupergangState) -> tuple[float, ...] | None:
        """Each seat's chance of winning from the running `state`, for search rollouts cut short: the value
        model learned from self-play under the rules' own ends (`bots_value.learned_chances`, refitted
        for 0.11). Issue 35: with it as the cut-off, one `ismcts:19` among two heuristic bots won 12.9
        points more of its seats (+2.4 to +23.4, 150 paired seats) than with the shops-and-money
        `standing`, the estimate before (docs/strength/notes.md). With the police player, the variant's
        own model (`bots_value.PoliceModel`: the police's win, L91, a district, the draw at the safety
        net); None without a turn limit.

        >>> from gangland.games.supergang import GAME
        >>> chances = SupergangHeuristicBot().win_chances(GAME.new_game(3, seed=1))
        >>> [round(c, 3) for c in chances]
        [0.333, 0.333, 0.333]
        """
        return learned_chances(state)

    def learned_chances(self, state: SupergangState) -> tuple[float, ...] | None:
        """The value model learned from self-play (`bots_value.learned_chances`): what a search judges its
        cut-off by with the agent name part `learned`; since issue 35 also `win_chances`, so in Supergang
        that part changes nothing (docs/strength/notes.md)."""
        return learned_chances(state)

    def choose(self, state: SupergangState, seat: int) -> int:
        """The bot's action for `seat`, which must be the seat to act. Reads only public fields (never the
        state's generator) and leaves the state unchanged; deterministic for a given bot and sequence of
        calls (ties are drawn from the bot's own generator)."""
        if state.to_act != seat:
            raise ValueError(f"seat {seat} is not to act")
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return _best(Planner(state, seat, legal, self.rng, self.style))
