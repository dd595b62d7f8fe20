"""The Downtown heuristic bot's style variants (issue 35, the search's opponent pool): registered under
their names, legal in whole games of every player count and edition, and different from the plain bot
where their weights say (bots_valuation.Style)."""

from __future__ import annotations

import pytest

from gangland.agents import make_agent
from gangland.engine import Agent, play_match
from gangland.games.downtown import GAME
from gangland.games.downtown.bots import DowntownAggressiveBot, DowntownCautiousBot, DowntownHeuristicBot
from gangland.games.downtown.bots_knowledge import knowledge_from_state
from gangland.games.downtown.bots_valuation import AGGRESSIVE, CAUTIOUS, PLAIN, Valuation
from gangland.games.downtown.cards import BANK, FENCES, WEST_SIDE
from gangland.games.downtown.phases import BID

from .helpers import new_state, place_all, set_hand

STYLES = ("heuristic-aggressive", "heuristic-cautious")


def test_the_styles_are_registered() -> None:
    assert isinstance(make_agent("heuristic-aggressive", GAME, 1), DowntownAggressiveBot)
    assert isinstance(make_agent("heuristic-cautious", GAME, 1), DowntownCautiousBot)
    assert make_agent("heuristic-cautious", GAME, 1).name == "heuristic-cautious"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("edition", ["current", "2013"])
def test_styles_play_legal_whole_games(players: int, edition: str) -> None:
    # Through the match runner, which raises on an illegal action; under the rules alone (no turn limit),
    # each style beside the plain bot and the other style, in every seat in turn.
    names = [*STYLES, "heuristic", *STYLES][:players]
    for game in range(3):
        seats = names[game % players:] + names[:game % players]
        agents: list[Agent] = [make_agent(name, GAME, 10 * game + s) for s, name in enumerate(seats)]
        record = play_match(GAME, agents, seed=game, options={"edition": edition})
        assert record.result is not None
        assert len(record.actions) < 3000


def _bid(bot: DowntownHeuristicBot) -> int:
    """The whole opening bid of the first bidder of a 4-player game whose hand can do no job."""
    state = new_state(4, seed=3)
    place_all(state, [(WEST_SIDE, BANK)] * 4)
    seat = state.actor
    set_hand(state, seat, [0, 0, 0])
    assert Valuation(knowledge_from_state(state, seat), state.legal_actions()).best_job_now()[0] < 0
    while state.phase == BID and state.actor == seat:
        state.apply(bot.choose(state, seat))
    return state.down_n[seat][0] + 2 * state.down_n[seat][1]


def test_aggressive_bids_more_than_the_plain_bot() -> None:
    assert _bid(DowntownHeuristicBot(0)) == _bid(DowntownCautiousBot(0)) == 1
    assert _bid(DowntownAggressiveBot(0)) == 3


def test_the_styles_fear_the_cop_differently() -> None:
    # An unknown 1/4 fence with a one-in-three chance of being the cop (no fence seen): the plain bot
    # expects 0.75 - 0.5/3 of the loot; the cautious bot counts the chance double (below a half fence's
    # 0.5, so it sells there rather), the aggressive bot half.
    state = new_state(3, seed=2)
    pile = next(p for p in range(3) if not FENCES[state.fpiles[p][-1]][1])  # a 1/4 fence on top
    shares = {}
    for style in (PLAIN, CAUTIOUS, AGGRESSIVE):
        ctx = Valuation(knowledge_from_state(state, 0), state.legal_actions(), style)
        shares[style] = ctx.fence_factor(pile)[1]
    assert shares[PLAIN] == pytest.approx(0.75 - 0.5 / 3)
    assert shares[CAUTIOUS] == pytest.approx(0.75 - 1 / 3)
    assert shares[CAUTIOUS] < 0.5
    assert shares[AGGRESSIVE] == pytest.approx(0.75 - 0.25 / 3)
