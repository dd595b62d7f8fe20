"""The game-agnostic agents of `gangland.agents` (the search has its own tests: test_ismcts.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from gangland.agents import CARELESS, LAPSE, CarelessAgent, agent_names, make_agent
from gangland.engine import Decision, DeterminizingBot
from gangland.games import all_games, get
from gangland.sim import play_seated

GAME_IDS = [game.id for game in all_games()]


@dataclass
class FirstChoice:
    """A bot that always plays the first legal action, and counts how often it was asked."""

    name = "first"
    asked: int = 0

    def act(self, decision: Decision) -> int:
        self.asked += 1
        return decision.legal_actions[0]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_careless_bot_is_offered_and_plays_whole_games(game_id: str) -> None:
    """Issue 35 (levels a person can trust): `heuristic-careless`, the lobby's Easy in Supergang, is named
    wherever a game has a `heuristic` bot, plays legal moves to the end, and plays the same game again
    from the same seed."""
    game = get(game_id)
    assert CARELESS in agent_names(game, search=False)
    assert isinstance(make_agent(CARELESS, game, 1), CarelessAgent)
    players = min(game.player_counts)
    names = [CARELESS, "heuristic", *["random"] * (players - 2)]
    first = play_seated(game_id, 5, names, {})
    again = play_seated(game_id, 5, names, {})
    assert first.actions == again.actions and first.replay(game).is_over
    careful = play_seated(game_id, 5, ["heuristic", *names[1:]], {})
    assert careful.actions != first.actions  # its lapses change the game


def test_the_careless_bot_plays_supergangs_police() -> None:
    """The police variant's seat too (its bot plays for L91: the careless one lapses from that)."""
    record = play_seated("supergang", 2, [CARELESS] * 4, {"police_player": True})
    assert record.replay(get("supergang")).is_over


def test_the_careless_bot_lapses_with_a_generator_of_its_own() -> None:
    """Its lapses do not move the bot's own generator (the bot plays as it would from the same seed)."""
    careless = CarelessAgent(get("supergang"), 8)
    bot = careless.bot
    assert isinstance(bot, DeterminizingBot)
    assert careless.rng.getstate() != bot.rng.getstate()


def test_the_careless_bot_lapses_at_its_rate_and_plays_its_bot_otherwise() -> None:
    """A lapse (chance LAPSE a decision) is any legal action; every other decision is the bot's own."""
    razzia = get("razzia")
    careless = CarelessAgent(razzia, 3)
    careless.bot = bot = FirstChoice()
    ten_choices = Decision(razzia, razzia.new_game(2, 1), 0, tuple(range(10)))
    decisions = 4000
    chosen = [careless.act(ten_choices) for _ in range(decisions)]
    lapses = decisions - bot.asked
    assert abs(lapses / decisions - LAPSE) < 0.03, lapses
    # A lapse picks among all ten actions, the bot's own among them.
    assert abs(sum(a != 0 for a in chosen) - lapses * 9 / 10) < 0.05 * lapses
    assert set(chosen) == set(range(10))
