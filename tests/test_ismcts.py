"""The IS-MCTS agent: legal play in every game, determinism, no peeking, names, strength against random."""

from __future__ import annotations

import doctest
import random
from typing import Any, ClassVar

import pytest

import gangland.agents.ismcts
from gangland.agents import agent_names, make_agent
from gangland.agents.ismcts import (
    EXPAND_AFTER,
    EXPLORATION,
    KEEP_Z,
    LEVELS,
    MARGIN_WEIGHT,
    MAX_ROLLOUT,
    WIN_WEIGHT,
    AgentSpec,
    ISMCTSAgent,
    _best_action,
    _secret_moves,
    _worker_search,
    parse_name,
    rollout_cutoff,
    rollout_keeps,
    rollout_policy,
    search,
    seat_rewards,
)
from gangland.engine import Decision, Game, OptionError, Result, State, play_match
from gangland.engine.compiled import is_compiled
from gangland.games import all_games, get
from gangland.games.supergang.bots import ROLLOUT_HORIZON
from gangland.sim import SimConfig, simulate

from .doctests import source_doctests

GAMES = all_games()


def known(values: dict[str, Any], expected: dict[str, Any]) -> dict[str, Any]:
    """The entries of `values` (one per registered game) for the games `expected` names, to compare with
    it exactly; a game registered later has no figure there, and its test checks it some other way."""
    return {game_id: value for game_id, value in values.items() if game_id in expected}
IDS = [game.id for game in GAMES]


def first_config(game: Game) -> tuple[int, dict[str, Any]]:
    """The game's first configuration (fewest players, defaults; bounded where the game says so)."""
    return next(iter(game.configurations()))


def decision(game: Game, state: State) -> Decision:
    seat = state.to_act
    assert seat is not None
    return Decision(game, state, seat, tuple(state.legal_actions()))


def mid_game_states(game: Game, seed: int, count: int = 3) -> list[State]:
    """`count` states with a choice to make, from the middle of a random game."""
    players, options = first_config(game)
    rng = random.Random(seed)
    state = game.new_game(players, seed, options)
    trail: list[State] = []
    while not state.is_over:
        legal = state.legal_actions()
        if len(legal) > 1:
            trail.append(state.clone())
        state.apply(rng.choice(legal))
    middle = trail[len(trail) // 5: max(len(trail) // 5 + count, 4 * len(trail) // 5)]
    step = max(1, len(middle) // count)
    return middle[::step][:count]


class CheckedAgent:
    """Wraps an agent and checks every action it returns is legal in its decision."""

    def __init__(self, agent: ISMCTSAgent) -> None:
        self.agent = agent
        self.name = agent.name
        self.decisions = 0

    def act(self, decision: Decision) -> int:
        action = self.agent.act(decision)
        assert action in decision.legal_actions
        self.decisions += 1
        return action


def test_module_doctests() -> None:
    # Read from the source: a compiled module keeps no docstrings (tests/doctests.py).
    runner = doctest.DocTestRunner()
    tests = source_doctests(gangland.agents.ismcts)
    for test in tests:
        runner.run(test)
    assert tests and runner.failures == 0


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_plays_only_legal_actions_over_whole_games(game: Game) -> None:
    players, options = first_config(game)
    agents = [CheckedAgent(ISMCTSAgent(game, seed=seat, iterations=4, max_rollout=40))
              for seat in range(players)]
    record = play_match(game, agents, seed=7, options=options)
    assert record.result is not None
    assert sum(a.decisions for a in agents) > 0


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_heuristic_rollouts_choose_legal_actions(game: Game) -> None:
    agent = ISMCTSAgent(game, seed=1, iterations=3, rollout="heuristic", max_rollout=20)
    for state in mid_game_states(game, seed=2, count=2):
        d = decision(game, state)
        assert agent.act(d) in d.legal_actions


def test_largest_player_count_plays_legally() -> None:
    game = get("razzia")
    agents = [CheckedAgent(ISMCTSAgent(game, seed=seat, iterations=8)) for seat in range(5)]
    assert play_match(game, agents, seed=4).result is not None


def test_deterministic_for_a_seed_and_iteration_budget() -> None:
    game = get("razzia")
    states = mid_game_states(game, seed=3, count=4)
    first = ISMCTSAgent(game, seed=11, iterations=150)
    second = ISMCTSAgent(game, seed=11, iterations=150)
    for state in states:
        assert first.act(decision(game, state)) == second.act(decision(game, state))


def test_deterministic_whole_game() -> None:
    game = get("protection-racket")
    records = [play_match(game, [ISMCTSAgent(game, seed=s, iterations=10, rollout="random") for s in (1, 2)],
                          seed=5)
               for _ in range(2)]
    assert records[0].actions == records[1].actions


def futures_differ(a: State, b: State, seat: int) -> bool:
    """True when `a` and `b` differ in what `seat` cannot see: another seat's view now, or what the
    same choices go on to show (the next cards, dice...)."""
    if any(a.view(s) != b.view(s) for s in range(a.players) if s != seat):
        return True
    a, b = a.clone(), b.clone()
    rng = random.Random(0)
    for _ in range(400):
        if a.view(None) != b.view(None) or a.legal_actions() != b.legal_actions():
            return True
        if a.is_over:
            return a.result() != b.result()
        index = rng.randrange(len(a.legal_actions()))
        a.apply(a.legal_actions()[index])
        b.apply(b.legal_actions()[index])
    return False


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_no_peeking_same_view_same_action(game: Game) -> None:
    # The issue: "a test gives it two true states that look the same to its seat and checks that,
    # with the same seed, it chooses the same action." The twin is a determinization of the truth:
    # the same to the seat, re-drawn everywhere else.
    for index, state in enumerate(mid_game_states(game, seed=21, count=3)):
        seat = state.to_act
        assert seat is not None
        twin = state.determinize(seat, random.Random(1000 + index))
        assert twin.view(seat) == state.view(seat)
        assert futures_differ(state, twin, seat), "the twin should hide a different future"
        actions = [ISMCTSAgent(game, seed=5, iterations=25, max_rollout=60).act(decision(game, s))
                   for s in (state, twin)]
        assert actions[0] == actions[1]


def test_root_parallel_workers_merge_and_are_deterministic() -> None:
    game = get("razzia")
    state = mid_game_states(game, seed=8, count=1)[0]
    chosen = []
    for _ in range(2):
        agent = ISMCTSAgent(game, seed=3, iterations=60, workers=2)
        try:
            chosen.append(agent.act(decision(game, state)))
            assert agent.last_iterations == 60
        finally:
            agent.close()
    assert chosen[0] == chosen[1]
    assert chosen[0] in state.legal_actions()


def test_seconds_budget_runs_at_least_once() -> None:
    game = get("razzia")
    state = mid_game_states(game, seed=9, count=1)[0]
    agent = ISMCTSAgent(game, seed=1, seconds=0.02)
    assert agent.act(decision(game, state)) in state.legal_actions()
    assert agent.last_iterations >= 1


def test_single_legal_action_answered_without_search() -> None:
    game = get("razzia")
    state = game.new_game(2, 1)
    agent = ISMCTSAgent(game, seed=1, iterations=10**9)  # would never finish if it searched
    only = state.legal_actions()[0]
    assert agent.act(Decision(game, state, state.to_act or 0, (only,))) == only


@pytest.mark.parametrize(("name", "spec"), [
    ("ismcts", AgentSpec(None, LEVELS["medium"], None, 1)),
    ("ismcts:easy", AgentSpec(None, 0.1, None, 1)),
    ("ismcts:medium", AgentSpec(None, 0.5, None, 1)),
    ("ismcts:hard", AgentSpec(None, 2.0, None, 1)),
    ("ismcts:500", AgentSpec(500, None, None, 1)),
    ("ismcts:0.5s", AgentSpec(None, 0.5, None, 1)),
    ("ismcts:2s", AgentSpec(None, 2.0, None, 1)),
    ("ismcts:hard+random", AgentSpec(None, 2.0, "random", 1)),
    ("ismcts:hard+heuristic", AgentSpec(None, 2.0, "heuristic", 1)),
    ("ismcts:300+random+j3", AgentSpec(300, None, "random", 3)),
    ("ismcts:heuristic", AgentSpec(None, LEVELS["medium"], "heuristic", 1)),
    ("ismcts+heuristic", AgentSpec(None, LEVELS["medium"], "heuristic", 1)),
    ("ismcts:hard+keep", AgentSpec(None, 2.0, None, 1, True)),
    ("ismcts:hard+nokeep", AgentSpec(None, 2.0, None, 1, False)),
    ("ismcts:random+nokeep", AgentSpec(None, LEVELS["medium"], "random", 1, False)),
])
def test_name_parsing(name: str, spec: AgentSpec) -> None:
    assert parse_name(name) == spec
    agent = make_agent(name, get("razzia"), 1)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.name == name
    # Without a rollout in the name the game's default is used: Razzia!'s heuristic bot.
    assert (agent.iterations, agent.seconds, agent.rollout, agent.workers) == (
        spec.iterations, spec.seconds, spec.rollout or "heuristic", spec.workers)
    assert agent.expand_after == EXPAND_AFTER[agent.rollout]
    # Razzia!'s bot does not set keep_in_search: the bot's move is kept only when the name asks.
    assert agent.keep is bool(spec.keep)


@pytest.mark.parametrize("name", ["ismcts:", "ismcts:fast", "ismcts:0", "ismcts:-1s", "ismcts:0s",
                                  "ismcts:hard+easy", "ismcts:500+1s", "ismcts:heuristic+random",
                                  "ismcts:j0", "ismcts:hard+j2+j3", "ismcts:infs", "ismctsx",
                                  "ismcts:hard+", "ismcts:keep+keep", "ismcts:keep+nokeep",
                                  "ismcts:random+keep"])
def test_bad_names_are_clear_option_errors(name: str) -> None:
    with pytest.raises(OptionError) as info:
        make_agent(name, get("razzia"), 1)
    message = str(info.value)
    assert repr(name) in message or "ismctsx" in message
    for choice in ("easy", "medium", "hard"):
        assert choice in message


def test_agent_names_list_levels_and_all_resolve() -> None:
    for game in GAMES:
        names = agent_names(game)
        for level in LEVELS:
            assert f"ismcts:{level}" in names
            # Every game has a heuristic bot with choose: the default rollout, so random is listed.
            assert f"ismcts:{level}+random" in names
            assert make_agent(f"ismcts:{level}", game, 0).rollout == "heuristic"
        for name in names:
            assert make_agent(name, game, 0).name == name


def test_heuristic_rollout_needs_a_bot_with_choose() -> None:
    class NoBots:
        name = "Bare"
        bots: ClassVar[dict[str, Any]] = {}

    with pytest.raises(OptionError, match="random rollout"):
        rollout_policy(NoBots(), "heuristic")  # type: ignore[arg-type]


def test_beats_random_in_two_player_razzia() -> None:
    # 10 games, seats rotated. Against a coin (win rate 0.5) 8 or more wins has probability 5.5%;
    # the agent wins nearly every game against random, so 8 is a safe bar.
    run = simulate(SimConfig("razzia", players=2, agents=("ismcts:60+random", "random"), games=10, seed=1))
    ismcts = next(s for s in run.summary.by_agent if s.label == "ismcts:60+random")
    assert ismcts.games == 10
    assert ismcts.wins >= 8, ismcts


def test_trees_per_observer_only_where_moves_can_be_secret() -> None:
    # Downtown's face-down bids are secret (it overrides public_action_name): one tree per seat.
    # The other games hide no move, and one shared tree keyed by action ids is the same search.
    secret = {game.id: _secret_moves(game) for game in GAMES}
    expected = {"downtown": True, "protection-racket": False, "razzia": False, "supergang": False}
    assert known(secret, expected) == expected
    assert all(type(value) is bool for value in secret.values()), secret


@pytest.mark.parametrize("result", [
    Result((5, 5, 1), (1, 1, 3), (0, 1), ({}, {}, {})),
    Result((-3, 12, 40, 0), (3, 2, 1, 4), (2,), ({}, {}, {}, {})),
    Result((0, 0), (1, 1), (0, 1), ({}, {})),
])
def test_rewards_are_in_range_and_favour_winners(result: Result) -> None:
    rewards = seat_rewards(result)
    assert all(0.0 <= r <= 1.0 for r in rewards)
    losers = [r for seat, r in enumerate(rewards) if seat not in result.winners]
    assert all(rewards[w] > max(losers, default=-1.0) for w in result.winners)
    # A shared win is shared: the rewards of tied winners are equal.
    assert len({rewards[w] for w in result.winners}) == 1


class CountingNode(gangland.agents.ismcts._Node):
    """A tree node that counts how many are made."""

    made = 0

    def __init__(self) -> None:
        super().__init__()
        CountingNode.made += 1


@pytest.mark.skipif(is_compiled(gangland.agents.ismcts.__name__),
                    reason="counts the nodes by patching _Node, which compiled code does not look up "
                           "(the pure build runs it)")
@pytest.mark.parametrize("rollout", ["random", "heuristic"])
def test_expansion_threshold_keeps_a_node_a_leaf_until_visited_enough(
        rollout: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # With a threshold above the budget no node below the root's children ever gets statistics: the
    # search is flat Monte Carlo over the root's actions. With the threshold 1 (classic MCTS) the tree
    # grows a node every iteration.
    game = get("razzia")
    state = mid_game_states(game, seed=4, count=1)[0]
    monkeypatch.setattr(gangland.agents.ismcts, "_Node", CountingNode)
    policy = rollout_policy(game, rollout)
    made = {}
    for threshold in (1, 10**9):
        CountingNode.made = 0
        stats, done = search(decision(game, state), 3, 60, None, policy, expand_after=threshold)
        assert done == 60 and sum(visits for visits, _, _ in stats.values()) == 60
        made[threshold] = CountingNode.made
    assert made[10**9] == 1 + len(state.legal_actions())  # the root and one child per action
    assert made[1] == 1 + 60  # the root and one new node per iteration


class CountingPolicy:
    """The heuristic rollout policy, counting the decisions it makes."""

    def __init__(self, game: Game) -> None:
        policy = rollout_policy(game, "heuristic")
        assert policy is not None
        self.policy = policy
        self.calls = 0

    def __call__(self, state: State, seat: int) -> int:
        self.calls += 1
        return self.policy(state, seat)


def test_cutoff_stops_rollouts_at_the_horizon_and_rewards_by_the_estimate() -> None:
    # Cut-off (module docstring): a rollout plays `horizon` decisions, then each seat's reward is
    # WIN_WEIGHT * chance + MARGIN_WEIGHT * 0.5. With a flat tree (threshold above the budget) every
    # iteration makes one move from the root and then one rollout, so the policy is asked exactly
    # horizon times an iteration, and every root child's mean is the estimate's reward for the seat.
    game = get("razzia")
    state = mid_game_states(game, seed=4, count=1)[0]
    policy = CountingPolicy(game)
    positions: list[State] = []

    def estimate(position: State) -> tuple[float, ...]:
        positions.append(position)
        return (0.25, 0.75)

    stats, done = search(decision(game, state), 3, 40, None, policy, expand_after=10**9, cutoff=(5, estimate))
    assert done == 40 and len(positions) == 40
    assert policy.calls == 5 * 40
    seat = state.to_act
    assert seat is not None
    reward = WIN_WEIGHT * (0.25, 0.75)[seat] + MARGIN_WEIGHT * 0.5
    for visits, total, squares in stats.values():
        assert total == pytest.approx(visits * reward)
        assert squares == pytest.approx(visits * reward * reward)  # what the keep test's variance reads
    assert all(not p.is_over for p in positions)


def test_cutoff_without_an_estimate_plays_on_to_the_result() -> None:
    # Where the bot gives no estimate (None) the rollout plays on, to MAX_ROLLOUT decisions in all
    # (Razzia! always ends before), and the result rewards the seats as without a cut-off: the same
    # root statistics for the same seed.
    game = get("razzia")
    d = decision(game, mid_game_states(game, seed=4, count=1)[0])
    policy = rollout_policy(game, "heuristic")
    plain = search(d, 3, 30, None, policy, expand_after=10**9)
    unsure = search(d, 3, 30, None, policy, expand_after=10**9, cutoff=(5, lambda position: None))
    assert unsure == plain


def test_rollout_cutoff_comes_from_the_heuristic_bot() -> None:
    supergang = get("supergang")
    cutoff = rollout_cutoff(supergang, "heuristic")
    assert cutoff is not None and cutoff[0] == ROLLOUT_HORIZON
    assert rollout_cutoff(supergang, "random") is None
    # Bots without win_chances play their rollouts to the end.
    cutoffs = {game.id: rollout_cutoff(game, "heuristic") for game in GAMES}
    expected = {"downtown": True, "protection-racket": False, "razzia": True, "supergang": False}
    assert known({game_id: cutoff is None for game_id, cutoff in cutoffs.items()}, expected) == expected
    # Any other game: no cut-off, or one a positive number of steps into the rollout.
    assert all(cutoff is None or cutoff[0] > 0 for cutoff in cutoffs.values()), cutoffs
    agent = ISMCTSAgent(supergang, seed=1, iterations=5)
    assert agent.cutoff is not None and agent.cutoff[0] == ROLLOUT_HORIZON


@pytest.mark.parametrize("game_id", ["supergang", "protection-racket"])
def test_whole_plays_every_rollout_to_the_end(game_id: str) -> None:
    # The name part that turns the cut-off off (the search as it was before the game's bot gave one),
    # deterministic for a seed like any other.
    game = get(game_id)
    agent = make_agent("ismcts:20+whole", game, 1)
    assert isinstance(agent, ISMCTSAgent) and agent.whole and agent.cutoff is None
    assert make_agent("ismcts:20", game, 1).cutoff is not None
    d = decision(game, mid_game_states(game, seed=4, count=1)[0])
    assert agent.act(d) in d.legal_actions
    # A worker of a parallel search (`j2`) is told too: its search is the one without a cut-off, not the
    # one with it (each from a fresh rollout bot, so that the same seed plays the same rollouts).
    whole = _worker_search(d, 5, 20, None, "heuristic", MAX_ROLLOUT, EXPLORATION, 10**9, False, True)
    cut = _worker_search(d, 5, 20, None, "heuristic", MAX_ROLLOUT, EXPLORATION, 10**9, False, False)
    policy = rollout_policy(game, "heuristic")
    assert whole == search(d, 5, 20, None, policy, MAX_ROLLOUT, EXPLORATION, 10**9, cutoff=None)
    assert whole != cut
    again = make_agent("ismcts:20+whole", game, 1)
    assert isinstance(again, ISMCTSAgent)
    again.act(d)
    assert agent.last_stats == again.last_stats


@pytest.mark.parametrize("name", ["ismcts:20+whole+learned", "ismcts:20+whole+whole"])
def test_whole_is_refused_with_learned_or_twice(name: str) -> None:
    with pytest.raises(OptionError, match="whole"):
        make_agent(name, get("supergang"), 1)
    with pytest.raises(OptionError, match="whole"):
        ISMCTSAgent(get("supergang"), 1, iterations=20, learned=True, whole=True)


def test_a_style_of_the_bot_rolls_out_in_its_style() -> None:
    # ROLLOUTS: `heuristic-STYLE` rolls out with that bot of the game, and is "heuristic" for the rest
    # (expansion threshold, keep, cut-off).
    game = get("supergang")
    agent = make_agent("ismcts:5+heuristic-wary", game, 1)
    assert isinstance(agent, ISMCTSAgent)
    assert parse_name("ismcts:5+heuristic-wary").rollout == "heuristic-wary"
    assert (agent.rollout, agent.keep) == ("heuristic-wary", True)
    assert agent.expand_after == EXPAND_AFTER["heuristic"]
    assert agent.cutoff is not None
    plain, wary = rollout_policy(game, "heuristic"), rollout_policy(game, "heuristic-wary")
    assert plain is not None and wary is not None
    differ = 0
    state = game.new_game(3, seed=4)
    for _ in range(3000):
        seat = state.to_act
        if state.is_over or seat is None:
            break
        differ += wary(state, seat) != plain(state, seat)
        state.apply(plain(state, seat))
    assert differ, "the wary style chose as the plain bot did at every decision of a game"
    for name in ("ismcts:5+heuristic-reckless", "ismcts:5+heuristic-wary+random"):
        with pytest.raises(OptionError) as info:
            make_agent(name, game, 1)
        assert "heuristic-wary" in str(info.value) or "more than one rollout" in str(info.value)
    with pytest.raises(OptionError, match="heuristic-cautious"):
        make_agent("ismcts:5+heuristic-wary", get("razzia"), 1)  # Razzia!'s bot has no wary style


def test_keep_is_the_default_where_the_bot_asks_for_it() -> None:
    # Keep (module docstring): on by default where the game's heuristic bot sets keep_in_search, with
    # heuristic rollouts only (a random rollout has no bot's move to keep); a name's `+keep` adds it.
    asking = {"downtown": True, "protection-racket": True, "razzia": False, "supergang": True}
    by_bot = {game.id: rollout_keeps(game, "heuristic") for game in GAMES}
    assert known(by_bot, asking) == asking
    # Any other game: whatever its bot asks, the agent and its name without `+keep` do the same.
    assert {game.id: ISMCTSAgent(game, seed=1, iterations=5).keep for game in GAMES} == by_bot
    assert {game.id: keeps("ismcts:5", game) for game in GAMES} == by_bot
    assert not any(rollout_keeps(game, "random") for game in GAMES)
    assert not any(ISMCTSAgent(game, seed=1, iterations=5, rollout="random").keep for game in GAMES)
    # Explicit choices override the default either way.
    assert not any(ISMCTSAgent(game, seed=1, iterations=5, keep=False).keep for game in GAMES)
    assert all(keeps("ismcts:5+keep", game) for game in GAMES)
    assert not any(keeps("ismcts:5+nokeep", game) for game in GAMES)


def keeps(name: str, game: Game) -> bool:
    """Whether the agent called `name` keeps the bot's move."""
    agent = make_agent(name, game, 1)
    assert isinstance(agent, ISMCTSAgent)
    return agent.keep


@pytest.mark.parametrize(("best", "kept", "chosen"), [
    ((100, 60.0, 40.0), (100, 58.0, 38.0), 0),  # 0.69 standard errors: not enough to leave the bot's move
    ((100, 60.0, 40.0), (100, 50.0, 30.0), 1),  # 3.3 standard errors: the search's move
    ((100, 60.0, 40.0), (1, 0.0, 0.0), 0),  # one visit is no evidence either way
])
def test_keep_stands_unless_clearly_beaten(best: tuple[int, float, float], kept: tuple[int, float, float],
                                            chosen: int) -> None:
    # Keep (module docstring): the bot's move (action 0 here) stands unless the most visited
    # action (1) has a mean reward more than KEEP_Z standard errors of the difference above it.
    assert KEEP_Z == 2.0
    stats = {1: best, 0: kept}
    assert _best_action(stats, (0, 1), keep=0) == chosen
    assert _best_action(stats, (0, 1)) == 1  # without a move to keep: the most visited


@pytest.mark.parametrize(("game_id", "players", "keeping", "free"), [
    ("supergang", 3, "ismcts:1", "ismcts:1+nokeep"),  # the bot asks for keep (and cuts rollouts off)
    ("downtown", 2, "ismcts:1", "ismcts:1+nokeep"),  # the bot asks for keep
    ("razzia", 2, "ismcts:1+keep", "ismcts:1"),  # the bot does not: the name asks
])
def test_keep_without_evidence_plays_the_bots_move(game_id: str, players: int, keeping: str,
                                                  free: str) -> None:
    # Keep (module docstring): with one iteration no action has the two visits a standard error
    # needs, so an agent that keeps plays what the heuristic bot would; one that does not often plays
    # another move (the one iteration's).
    game = get(game_id)
    bot = game.bots["heuristic"](0)
    agent, plain = make_agent(keeping, game, 3), make_agent(free, game, 3)
    assert isinstance(agent, ISMCTSAgent) and agent.keep
    assert isinstance(plain, ISMCTSAgent) and not plain.keep
    state = game.new_game(players, seed=9)
    checked = differed = 0
    while checked < 30 and state.to_act is not None:
        d = decision(game, state)
        if len(d.legal_actions) > 1:
            wanted = bot.choose(state, d.seat)
            assert agent.act(d) == wanted
            differed += plain.act(d) != wanted
            checked += 1
        state.apply(bot.choose(state, d.seat))
    assert checked == 30
    assert differed > 0
