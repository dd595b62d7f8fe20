"""The Protection Racket heuristic bot.

Everything in Protection Racket is on the table except the order of the draw piles, so the bot reads
a determinized state (`Decision.determinize`): the deck order, and so any city it might glimpse by
looking past the end of a round, is a fresh shuffle, never the true one.

How it plays: each legal action is tried on a copy of the state; the bot's own follow-up decisions in
the same turn (the war it may declare, the action it may take and its choices) are predicted greedily
by `position_value` (the first of equal follow-ups, as the actions come: a prediction, not a choice);
the position reached is then judged by `plan_value`, what it will be worth when the round is scored:

* the game's result, if it is over; the money, if the round has been scored;
* else `bots_round.round_end_value`: the deployments still to come played out on a sketch of the city
  in the rules' turn order (who deploys after whom, how many mobsters each still holds, which sites a
  later mover can still take or tie), the revenue step of that sketch paid, and each mobster still in
  a hideout worth `HAND_TURN` more for the site actions of its turns. So a deployment that a later
  mover can undo is worth what is left after the undoing, and keeping the last move has its worth.

A position is worth the bot's total less the best rival's total. The best action wins; equals are
drawn with the bot's own generator (`self.rng`, seeded by the agent seed), never the first site of the
grid or seat. `choose(state, seat)` reads the state only through public fields and is deterministic for
a given bot and sequence of calls, so a search bot can use it as a rollout policy.

Measured against the bot before it (42e2d44) on paired seeds (`benchmarks/bot_change.py protection-racket
--old 42e2d44 --seed 7`, issue 35): with 2 players (300 seeds) it wins 64.7% of its seats among the old
bot, +14.7 points (+10.6 to +18.7, over seeds) on the same seats; with 4 players (100 seeds) 47.8%, +22.8
points (+16.4 to +29.1), while the old bot alone among it gains +2.5 (-2.5 to +7.5). A decision takes
about 1.6 times as long (`benchmarks/selfplay.py --game protection-racket --games 6 --repeats 3`, pure
build: 1,190 decisions/s before, 729 now; 6.6 games/s, as its games have more, smaller deployments).

`position_value`, the judge of the follow-ups, weighs

* control and revenue: what each site pays its controller in the revenue step now, discounted when
  the control is not secure (rivals still have enough mobsters in their hideouts to take it over);
* war outcomes: a war is tried out, so the mobsters each side loses and who is left to control the
  site show in the score;
* mobsters in hand: a mobster still in the hideout is worth something (it can take or defend a site
  later in the round), one in the supply nothing;
* money, which is the score.

For a search that rolls out with this bot (`gangland.agents.ismcts`), `win_chances` turns the same
round-end totals of every seat into chances of winning (`round_chances`, fitted to self-play), so that a
rollout can stop after `ROLLOUT_HORIZON` decisions instead of playing every decision to the game's end.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import ne
from typing import Final

from gangland.engine import DeterminizingBot, softmax

from .bots_round import HAND_TURN, RevenueTable, round_end_totals, round_end_value
from .control import site_revenue, strength
from .mobsters import HIDEOUT, NOWHERE, PINK
from .phases import DEPLOY
from .rounds import ROUNDS
from .state import ProtectionRacketState

HIDEOUT_MOBSTER: Final = 0.9
"""Dollars a mobster still in the hideout is worth during a round."""
HIDEOUT_MUSCLE: Final = 1.5
UNSAFE: Final = 0.55
"""Share of a site's revenue counted when rivals could still outnumber its controller there."""
WIN: Final = 1000.0
FOLLOW_UPS: Final = 8
"""Most decisions of its own turn the bot plays out after the one it is choosing."""
TIE: Final = 1e-9
"""Values closer than this are equal (`choose` draws among them)."""
ROLLOUT_HORIZON: Final = 12
"""Decisions a search's rollout plays before `win_chances` judges the position (a round of heuristic bots
has a median of 15 decisions with two players, 22 with three, 30 with four: 20 games each). At the lobby's
Medium (0.1 s) against this bot, two players, 40 seeds: 4, 12 and 30 won 67.5%, 72.5% and 55.0% of 80
games, whole rollouts 57.5%; 12 against whole +15.0 points (+5.1 to +24.9, paired); at 0.5 s 23 and 19 of
24 (`benchmarks/protection_racket_horizon.py`, results in docs/strength/horizon-protection-racket-2p-*)."""
# Typed as a tuple of any length: compiled, a Final tuple of three floats read inside a function raised
# NameError ("value for final name was not set").
SHARPNESS: Final[tuple[float, ...]] = (0.3, 0.15, 0.1)
"""`win_chances`: weight of a dollar of the round-end totals in the softmax, by rounds still to play after
the running one (0, 1, 2 or more). Fitted by likelihood to the winners of heuristic self-play (150 games at
2, 3 and 4 players); on 500 other games each, `benchmarks/protection_racket_chances.py --games 500 --seed
11` finds them within 0.003 nats of the grid's best (0.35, 0.2, 0.1), gaining 0.33, 0.11 and 0.02 nats
over the uniform guess: the first round's standing says little of who wins."""


def round_chances(totals: Sequence[float], rounds_left: int,
                  sharpness: Sequence[float] | None = None) -> tuple[float, ...]:
    """Each seat's chance of winning from its round-end total (`bots_round.round_end_totals`) with
    `rounds_left` rounds to play after the running one: a softmax of the totals, each dollar weighing
    `sharpness[rounds_left]` (the last weight for more rounds left; `SHARPNESS` if not given).

    >>> [round(c, 3) for c in round_chances([10.0, 8.0], 0, (1.0,))]
    [0.881, 0.119]
    """
    weights_by_left = SHARPNESS if sharpness is None else sharpness
    weight = weights_by_left[min(rounds_left, len(weights_by_left) - 1)]
    return softmax([weight * t for t in totals])


def position_value(s: ProtectionRacketState, me: int, base: _Sites | None = None) -> float:
    """How good a position is for `me`: its expected total less the best rival's (module docstring).

    `base`, the sites of a position `s` was reached from (`_Sites`), saves working out again the
    sites it shows unchanged; the value is the same with or without it.
    """
    if s.is_over:
        winners = s.result().winners
        return WIN / len(winners) if me in winners else -WIN
    players = s.players
    spare = list(s.hideout)
    worth = [money + HIDEOUT_MOBSTER * hand for money, hand in zip(s.money, spare, strict=True)]
    if s.muscle >= 0 and s.m_where == HIDEOUT and s.m_owner >= 0:
        worth[s.m_owner] += HIDEOUT_MUSCLE
        spare[s.m_owner] += 1
    # The most mobsters any rival of each seat still has in hand: the most of all, but for the seat
    # that has it, the most of the others.
    most = max(spare)
    holder = spare.index(most)
    threats = [most] * players
    threats[holder] = max(spare[:holder] + spare[holder + 1:])
    for entry in _site_entries(s, base):
        if entry is not None:
            who, revenue, margin = entry
            worth[who] += revenue * (1.0 if margin > threats[who] else UNSAFE)
    return worth[me] - max(worth[:me] + worth[me + 1:])


_Entry = tuple[int, int, int] | None
"""What a site adds to `position_value`: (controlling seat, revenue, its margin of control) for a
site that pays a seat, else None."""

_LOCAL_COUNTERS: Final = frozenset({"own_here", "rival_gangs_here", "lying_here", "adjacent_sites", "edge",
                                    "corner", "alone"})
"""Counters of a `bonus` (control.counter) that read only the site's own mobsters and Hired Muscle or
the fixed grid, so that a site's entry depends on nothing else."""


def _muscle_site(s: ProtectionRacketState) -> int:
    """The site where the Hired Muscle stands, else NOWHERE."""
    return s.m_where if s.muscle >= 0 and s.m_where >= 0 and not s.m_lying else NOWHERE


def _site_entry(s: ProtectionRacketState, site: int, muscle_site: int) -> _Entry:
    """A site's `_Entry`: margin is its controller's strength (control.strength) less the strongest
    other party's."""
    if site == muscle_site:
        who, revenue = site_revenue(s, site)
        if who < 0 or not revenue:
            return None
        return who, revenue, strength(s, site, who) - max(
            (strength(s, site, g) for g in (*range(s.players), PINK) if g != who), default=0)
    # Without the Hired Muscle standing here, control and strength are the standing mobsters
    # (control.controller, control.strength): the controller has more than any other seat.
    counts = s.stand[site]
    top = max(counts)
    if not top or counts.count(top) > 1:
        return None
    who, revenue = site_revenue(s, site)
    if not revenue:
        return None
    return who, revenue, top - sorted(counts)[-2]


class _Sites:
    """The site entries of one position, for the positions tried from it (`position_value`'s base):
    a site keeps its entry where its mobsters, the Hired Muscle, the city's faces and auras are
    unchanged and its face pays no bonus that reads other sites or the turn."""

    __slots__ = ("aura_at", "city", "entries", "lie", "muscle", "sites", "stand", "watch")

    def __init__(self, s: ProtectionRacketState) -> None:
        self.muscle = (s.muscle, s.m_where, s.m_lying, s.m_owner)
        self.city = s.city[:]
        self.aura_at = s.aura_at[:]
        self.stand = [row[:] for row in s.stand]
        self.lie = [row[:] for row in s.lie]
        self.sites = range(len(s.city))
        muscle_site = _muscle_site(s)
        self.entries = [_site_entry(s, site, muscle_site) for site in self.sites]
        faces = s.faces
        self.watch = {site for site, face in enumerate(s.city) if (effect := faces[face].effect) is not None
                      and effect.kind == "bonus" and effect.per not in _LOCAL_COUNTERS}
        """Sites whose entry is always worked out again: a bonus that reads other sites or the turn."""

    def same_city(self, s: ProtectionRacketState) -> bool:
        """Whether `s` has this position's faces, auras and Hired Muscle."""
        return ((s.muscle, s.m_where, s.m_lying, s.m_owner) == self.muscle and s.city == self.city
                and s.aura_at == self.aura_at)


def _site_entries(s: ProtectionRacketState, base: _Sites | None) -> list[_Entry]:
    """Every site's `_Entry`, in site order; those `base` shows unchanged taken from it."""
    muscle_site = _muscle_site(s)
    if base is None or not base.same_city(s):
        return [_site_entry(s, site, muscle_site) for site in range(len(s.city))]
    sites = base.sites
    # The sites whose mobsters differ from the base's (compared without a Python loop).
    changed = {*compress(sites, map(ne, s.stand, base.stand)), *compress(sites, map(ne, s.lie, base.lie)),
               *base.watch}
    if not changed:
        return base.entries
    entries = base.entries[:]
    for site in changed:
        entries[site] = _site_entry(s, site, muscle_site)
    return entries


class ProtectionRacketHeuristicBot(DeterminizingBot[ProtectionRacketState]):
    """A hand-written Protection Racket player (see the module docstring).

    >>> from gangland.engine import play_match
    >>> from gangland.games.protection_racket import GAME
    >>> record = play_match(GAME, [ProtectionRacketHeuristicBot(1), ProtectionRacketHeuristicBot(2)], seed=3)
    >>> record.result is not None
    True
    """

    state_type = ProtectionRacketState
    plays = "Protection Racket"
    keep_in_search = True
    """A search rolling out with this bot plays the bot's move unless it clearly finds a better one
    (`gangland.agents.ismcts`, Keep). Its rollout decisions are slow (it plans each to the round's end), so
    a search buys few iterations: with whole rollouts some 44 a decision in 0.5 s with 2 players, 11 with 4,
    10 at the lobby's Medium. Free, that search acted on a rollout or two a move, and its Medium won 6.7% of
    two-player games against this bot (4 of 60); with the rule 53.3% (32 of 60), and at the default budget
    the rule cost nothing measurable: 65.0% against 68.0% of 100 games on the same seeds, -3.0 points
    (-16.2 to +10.2), issue 35, docs/strength.md. Rollouts are now cut short (`rollout_horizon`)."""
    hand_turn: float = HAND_TURN
    """What a mobster still in a hideout adds to a seat's total in `plan_value` (a style's weight:
    bots_styles.py)."""
    rollout_horizon = ROLLOUT_HORIZON

    def win_chances(self, state: ProtectionRacketState) -> tuple[float, ...]:
        """Each seat's chance of winning from the running `state`, for search rollouts cut short
        (`gangland.agents.ismcts`, Cut-off): `round_chances` of the round-end totals the bot plans by
        (`bots_round.round_end_totals`, with the plain bot's `HAND_TURN` whatever the style, so that the
        estimate is one thing), fitted to heuristic self-play. A finished game: each seat's share of the
        win.

        >>> from gangland.games.protection_racket import GAME
        >>> [round(c, 3) for c in ProtectionRacketHeuristicBot().win_chances(GAME.new_game(2, seed=1))]
        [0.45, 0.55]
        """
        if state.is_over:
            winners = state.result().winners
            return tuple(1 / len(winners) if seat in winners else 0.0 for seat in range(state.players))
        totals = round_end_totals(state, RevenueTable(state), HAND_TURN)
        return round_chances(totals, max(0, ROUNDS - 1 - state.round))

    def choose(self, state: ProtectionRacketState, seat: int) -> int:
        """The bot's action for `seat`, which must be the seat to act: the best by `plan_value`, equals
        drawn with the bot's own generator (so deterministic for a given bot and sequence of calls)."""
        if state.to_act != seat:
            raise ValueError(f"seat {seat} is not to act")
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        base = _Sites(state)
        table = RevenueTable(state)
        best: list[int] = []
        best_value = -float("inf")
        for action in legal:
            trial = state.clone()
            trial.apply(action)
            trial = _follow_up(trial, seat, FOLLOW_UPS, base)
            value = plan_value(trial, seat, state.round, table, self.hand_turn)
            if value > best_value + TIE:
                best, best_value = [action], value
            elif value >= best_value - TIE:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)


def plan_value(s: ProtectionRacketState, me: int, root_round: int, table: RevenueTable,
               hand_turn: float) -> float:
    """What a position reached in round `root_round` is worth to `me` once that round is scored
    (module docstring): the game's result if it is over; the money if the round has been scored;
    else `round_end_value` with `hand_turn` for a mobster in a hideout."""
    if s.is_over:
        winners = s.result().winners
        return WIN / len(winners) if me in winners else -WIN
    if s.round != root_round:
        money = s.money
        return float(money[me] - max(money[:me] + money[me + 1:]))
    return round_end_value(s, me, table if table.fits(s) else RevenueTable(s), hand_turn)


def _follow_up(state: ProtectionRacketState, seat: int, budget: int, base: _Sites) -> ProtectionRacketState:
    """Play the rest of `seat`'s turn greedily (one-step lookahead), up to `budget` decisions, on `state`
    (a trial, changed) or copies of it; the position reached."""
    while budget and not state.is_over and state.to_act == seat and state.phase != DEPLOY:
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
        else:
            # Every action but the last is tried on a copy, the last on the trial itself; the best
            # position reached goes on (the first of equals, as the actions come).
            best, best_value = state, -float("inf")
            last = len(legal) - 1
            for i, action in enumerate(legal):
                trial = state.clone() if i < last else state
                trial.apply(action)
                value = position_value(trial, seat, base)
                if value > best_value:
                    best, best_value = trial, value
            state = best
        budget -= 1
    return state
