"""The RL interfaces (issue 20) for every game, edition and player count: PettingZoo's API and seed tests,
Gymnasium's environment checker, OpenSpiel's random simulation test, and no leak through any of them.

The default run shortens Downtown's and Supergang's games with their turn limits, so that every table plays
whole games in a few seconds; `GANGLAND_FULL_TESTS=1` plays them at their default rules and longer.
"""

from __future__ import annotations

import json
import random
from typing import Any

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from gangland.agents import agent_names, make_agent
from gangland.engine import Decision, IllegalAction, OptionError, State
from gangland.games import all_games, get
from gangland.rl import gym as rl_gym
from gangland.rl import openspiel as rl_openspiel
from gangland.rl import pettingzoo as rl_pettingzoo
from gangland.rl.table import RLTable

from ..scale import FULL, many

SHORT: dict[str, dict[str, Any]] = {} if FULL else {"downtown": {"turn_limit": 6},
                                                    "supergang": {"turn_limit": 5}}
"""Options that shorten a game in the default run."""
EXTRA_TABLES = [
    *[("downtown", n, {"edition": "2013"}) for n in (2, 3, 4)],
    *[("supergang", n, {"police_player": True}) for n in (4, 5)],
]
"""Option cases beyond the defaults that change what the interfaces handle (Supergang's police variant
adds the police player's seat)."""


def default_tables() -> list[tuple[str, int, dict[str, Any]]]:
    """Every registered game at every player count its default options allow (Supergang's 5 seats need
    the police variant, so its defaults stop at 4)."""
    tables: list[tuple[str, int, dict[str, Any]]] = []
    for game in all_games():
        for players in game.player_counts:
            try:
                game.new_game(players, 0)
            except OptionError:
                continue
            tables.append((game.id, players, {}))
    return tables


TABLES = [*default_tables(), *EXTRA_TABLES]
"""Every game at every player count, and the option cases above."""
PARAMS = [pytest.param(game_id, players, {**SHORT.get(game_id, {}), **options},
                       id=f"{game_id}-{players}p" + "".join(f"-{v}" for v in options.values()))
          for game_id, players, options in TABLES]


@pytest.mark.parametrize(("game_id", "players", "options"), PARAMS)
def test_pettingzoo_api_and_seed_tests_pass(game_id: str, players: int, options: dict[str, Any]) -> None:
    api_test(rl_pettingzoo.env(game_id, players, options), num_cycles=many(60, 1000))
    seed_test(lambda: rl_pettingzoo.env(game_id, players, options), num_cycles=many(20, 500))


@pytest.mark.parametrize(("game_id", "players", "options"), PARAMS)
def test_a_pettingzoo_game_plays_to_the_end_with_rewards_that_share_the_win(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    env = rl_pettingzoo.raw_env(game_id, players, options)
    env.reset(seed=3)
    rng = random.Random(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert sorted(np.flatnonzero(observation["action_mask"]).tolist()) == sorted(info["legal_actions"])
        env.step(rng.choice(info["legal_actions"]))
    assert env.state_ is not None and env.state_.is_over
    winners = env.state_.result().winners
    assert totals == {agent: (1 / len(winners) if seat in winners else 0.0)
                      for seat, agent in enumerate(env.possible_agents)}


def test_pettingzoo_refuses_an_illegal_action_and_changes_nothing() -> None:
    env = rl_pettingzoo.raw_env("razzia", 3)
    env.reset(seed=1)
    agent = env.agent_selection
    before = env.observe(agent)
    illegal = next(a for a in range(env.table.num_actions) if a not in env.infos[agent]["legal_actions"])
    for action in (illegal, True, 2.0, None):
        with pytest.raises(IllegalAction):
            env.step(action)  # type: ignore[arg-type]
    assert env.agent_selection == agent
    after = env.observe(agent)
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])


def test_pettingzoo_truncates_after_max_steps() -> None:
    env = rl_pettingzoo.raw_env("downtown", 3, max_steps=5)
    env.reset(seed=2)
    steps = 0
    for _ in env.agent_iter():
        _, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert truncated and not terminated
            env.step(None)
        else:
            env.step(info["legal_actions"][0])
            steps += 1
    assert steps == 5


@pytest.mark.parametrize(("game_id", "players", "options"), PARAMS)
def test_the_gymnasium_seat_env_passes_the_checker(game_id: str, players: int,
                                                   options: dict[str, Any]) -> None:
    env = gymnasium.make(f"gangland/{game_id}-v0", seat=players - 1, players=players, options=options,
                         opponents="random", render_mode="ansi")
    check_env(env.unwrapped, skip_render_check=False)
    observation, info = env.reset(seed=5)
    assert env.observation_space.contains(observation)
    done, reward = False, 0.0
    rng = random.Random(5)
    while not done:
        observation, reward, terminated, truncated, info = env.step(rng.choice(info["legal_actions"]))
        assert env.observation_space.contains(observation)
        done = terminated or truncated
    state = env.unwrapped.state_
    assert state is not None and state.is_over
    winners = state.result().winners
    assert reward == (1 / len(winners) if players - 1 in winners else 0.0)


def test_render_names_seats_as_the_terminal_does() -> None:
    # Issue 31: game text names seats by markers a front end fills in; the environments' text renderings
    # are read by people, so they fill them in as the terminal does ("Seat 3 (you)").
    seat_env = gymnasium.make("gangland/downtown-v0", seat=2, players=3, opponents="random",
                              render_mode="ansi")
    seat_env.reset(seed=2)
    mine = seat_env.unwrapped.render()
    table = rl_pettingzoo.env("downtown", players=3, render_mode="ansi")
    table.reset(seed=2)
    spectator = table.render()
    assert isinstance(mine, str) and isinstance(spectator, str)
    assert "Seat 3 (you)" in mine and "Seat 1" in spectator and "(you)" not in spectator
    spiel = str(rl_openspiel.load("downtown", players=3).new_initial_state())
    assert "\u27e8" not in mine + spectator + spiel and "Seat 1" in spiel


def test_the_seat_env_answers_an_illegal_action_as_asked() -> None:
    lose = rl_gym.SeatEnv("razzia", seat=0, players=3, opponents="random")
    _, info = lose.reset(seed=1)
    illegal = next(a for a in range(lose.table.num_actions) if a not in info["legal_actions"])
    before = json.dumps(lose.state_.view(None) if lose.state_ else None)
    _, reward, terminated, truncated, info = lose.step(illegal)
    assert (reward, terminated, truncated) == (rl_gym.ILLEGAL_REWARD, True, False)
    assert info["illegal_action"] is True
    assert json.dumps(lose.state_.view(None) if lose.state_ else None) == before
    strict = rl_gym.SeatEnv("razzia", seat=0, players=3, opponents="random", illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAction, match="not a legal action"):
        strict.step(illegal)
    with pytest.raises(OptionError, match="2 opponents are needed"):
        rl_gym.SeatEnv("razzia", players=3, opponents=["random"])
    with pytest.raises(OptionError, match="no agent 'nobody'"):
        rl_gym.SeatEnv("razzia", players=3, opponents="nobody")
    with pytest.raises(OptionError, match="seat must be 0 to 2"):
        rl_gym.SeatEnv("razzia", seat=3, players=3)


@pytest.mark.parametrize(("game_id", "players", "options"), PARAMS)
def test_openspiel_random_simulation_passes(game_id: str, players: int, options: dict[str, Any]) -> None:
    game = rl_openspiel.load(game_id, players, options)
    assert game.num_players() == players
    assert game.observation_tensor_size() == game.information_state_tensor_size() == RLTable(
        game_id, players, options).layout.size
    pyspiel.random_sim_test(game, num_sims=many(1, 5), serialize=False, verbose=False)


def test_openspiel_loads_the_games_by_name_with_their_types() -> None:
    for registered in all_games():
        game = pyspiel.load_game(rl_openspiel.short_name(registered))
        kind = game.get_type()
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
        assert game.num_players() == registered.default_players
    game = pyspiel.load_game("python_gangland_supergang(players=5,police_player=True,turn_limit=5)")
    assert (game.num_players(), game.get_parameters()["police_player"]) == (5, True)
    # OpenSpiel's name parser reads 2013 as a number, and the edition is text: parameters as a dict.
    game = pyspiel.load_game("python_gangland_downtown", {"players": 2, "edition": "2013"})
    assert (game.num_players(), game.get_parameters()["edition"]) == (2, "2013")
    with pytest.raises(OptionError):
        pyspiel.load_game("python_gangland_razzia(players=6)")


def test_openspiel_states_clone_independently_and_resample_keeps_the_seats_view() -> None:
    game = rl_openspiel.load("razzia", 3)
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(15):
        state.apply_action(rng.choice(state.legal_actions()))
    clone = state.clone()
    assert clone.information_state_string(1) == state.information_state_string(1)
    clone.apply_action(clone.legal_actions()[0])
    assert clone.history() != state.history()
    seat = state.current_player()
    sample = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(seat) == state.information_state_string(seat)
    assert sample.observation_tensor(seat) == state.observation_tensor(seat)
    assert sample.legal_actions() == state.legal_actions()


# -- no leak: what one seat gets never changes when only what it cannot see changes ---------------------

LEAK_CASES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "razzia": [(4, {})], "downtown": [(3, {}), (3, {"edition": "2013"})], "protection-racket": [(3, {})],
    "supergang": [(4, {"police_player": True})]}
"""The tables that show the most hidden information of each game (most seats hiding things, every
edition). A game not named here is checked at its default player count with its default options."""
LEAK_TABLES = [(game.id, players, options)
               for game in all_games()
               for players, options in LEAK_CASES.get(game.id, [(game.default_players, {})])]


def positions(game_id: str, players: int, options: dict[str, Any], count: int) -> list[State]:
    """States part-way through random games."""
    table = RLTable(game_id, players, options)
    found = []
    for seed in range(count):
        state = table.new_game(seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 120)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        found.append(state)
    return found


@pytest.mark.parametrize(("game_id", "players", "options"), LEAK_TABLES)
def test_no_interface_tells_a_seat_what_it_cannot_see(game_id: str, players: int,
                                                      options: dict[str, Any]) -> None:
    pz = rl_pettingzoo.raw_env(game_id, players, options)
    pz.reset(seed=0)
    seat_envs = [rl_gym.SeatEnv(game_id, seat=seat, players=players, options=options, opponents="random")
                 for seat in range(players)]
    spiel = rl_openspiel.load(game_id, players, options)
    rng = random.Random(9)
    for state in positions(game_id, players, options, many(4, 20)):
        for seat in range(players):
            other = state.determinize(seat, rng)  # the same to this seat; anything hidden from it redrawn

            def pettingzoo_sees(s: State, seat: int = seat) -> tuple[Any, ...]:
                pz.state_ = s
                pz._select()
                seen = pz.observe(pz.possible_agents[seat])
                return (seen["observation"].tolist(), seen["action_mask"].tolist(),
                        pz.infos[pz.possible_agents[seat]])

            def gym_sees(s: State, seat: int = seat) -> tuple[Any, ...]:
                seat_envs[seat].state_ = s
                info = seat_envs[seat]._info()
                return (seat_envs[seat]._observation().tolist(), info["action_mask"].tolist(),
                        info["legal_actions"])

            def openspiel_sees(s: State, seat: int = seat) -> tuple[Any, ...]:
                wrapped = rl_openspiel.GanglandSpielState(spiel, rl_openspiel._Engine(spiel.table, s,
                                                                                       (None,) * players))
                return (wrapped.observation_tensor(seat), wrapped.information_state_tensor(seat),
                        wrapped.observation_string(seat), wrapped.information_state_string(seat),
                        wrapped.legal_actions(seat) if wrapped.current_player() == seat else None)

            for sees in (pettingzoo_sees, gym_sees, openspiel_sees):
                assert sees(state) == sees(other), f"{sees.__name__} differs for seat {seat}"


# -- OpenSpiel's IS-MCTS as a Gangland agent ----------------------------------------------------------

def test_openspiel_ismcts_plays_legal_moves_from_the_seats_decision() -> None:
    game = get("razzia")
    assert "openspiel-ismcts" in agent_names(game)
    agent = make_agent("openspiel-ismcts:20", game, seed=1)
    state = game.new_game(3, 2)
    rng = random.Random(2)
    for _ in range(6):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        legal = tuple(state.legal_actions())
        action = agent.act(Decision(game, state, seat, legal)) if rng.random() < 0.5 else rng.choice(legal)
        assert action in legal
        state.apply(action)


def test_openspiel_ismcts_names_are_checked() -> None:
    game = get("razzia")
    for bad in ("openspiel-ismcts:0", "openspiel-ismcts:many", "openspiel-ismcts:-3"):
        with pytest.raises(OptionError, match="simulations a decision"):
            make_agent(bad, game, seed=1)
    assert make_agent("openspiel-ismcts:7", game, seed=1).name == "openspiel-ismcts:7"
