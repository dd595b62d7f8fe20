"""The Protection Racket heuristic bot: it plays only legal actions in every phase, player count and
city option, is deterministic, reads only a determinized state (the draw piles' order and the state's
generator are all it cannot see), refuses to act for a seat not to act, beats random play clearly, and
its games end under the rules alone."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gangland.agents import RandomAgent, make_agent
from gangland.engine import Agent, Decision, GameRecord, run_match
from gangland.games import get
from gangland.games.protection_racket import GAME, ProtectionRacketState
from gangland.games.protection_racket.bots import WIN, ProtectionRacketHeuristicBot, _Sites, position_value
from gangland.games.protection_racket.bots_styles import (
    ProtectionRacketAggressiveBot,
    ProtectionRacketCautiousBot,
)
from gangland.games.protection_racket.phases import OVER, PHASE_NAMES
from gangland.sim import SimConfig, agent_seed, game_seed

CAP = 1500
"""Most decisions a game is given here: a normal game takes 25-150, so a game still running then does
not end (see test_heuristic_games_against_random_end); the cap makes such a game fail, not hang."""

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (players, {"city": city}) for players in (2, 3, 4) for city in ("random", "recommended")
] + [
    (3, {"first_seat": "seat0"}),
    (4, {"first_seat": "seat0", "city": "recommended"}),
]


def _config_id(config: tuple[int, dict[str, Any]]) -> str:
    players, options = config
    return f"{players}p-" + "-".join(f"{k}={v}" for k, v in options.items())


def _new(players: int, seed: int, options: dict[str, Any] | None = None) -> ProtectionRacketState:
    state = GAME.new_game(players, seed, options or {})
    assert isinstance(state, ProtectionRacketState)
    return state


def _walk(players: int, options: dict[str, Any], seed: int, bot_share: float) -> list[ProtectionRacketState]:
    """Every state of one game in which each step is the bot's choice (with chance `bot_share`) or a
    random legal action, so that the walk also reaches positions the bot would not steer into."""
    rng = random.Random(seed)
    bot = ProtectionRacketHeuristicBot(seed)
    state = _new(players, seed, options)
    states = []
    while not state.is_over:
        states.append(state.clone())
        seat = state.to_act
        assert seat is not None
        if bot_share and rng.random() < bot_share:
            state.apply(bot.choose(state, seat))
        else:
            state.apply(rng.choice(state.legal_actions()))
        assert len(states) < CAP, "the walk does not end"
    return states


def _play(agents: list[Agent], seed: int, options: dict[str, Any] | None = None,
          cap: int = CAP) -> GameRecord:
    """play_match with a cap: RuntimeError when the game has not ended after `cap` decisions."""
    record = GameRecord.start(GAME, len(agents), seed, options, [a.name for a in agents])
    run_match(GAME, agents, record, max_steps=cap)
    return record


def _decision(state: ProtectionRacketState, seat: int) -> Decision:
    return Decision(GAME, state, seat, tuple(state.legal_actions()))


# -- legality -------------------------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=_config_id)
def test_plays_only_legal_actions(config: tuple[int, dict[str, Any]]) -> None:
    players, options = config
    # Whole matches through the runner (which raises IllegalAction on an illegal choice), the bot in
    # every other seat and random players in the rest. (At commit a1bb913 game 0 of the last
    # configuration did not end: test_heuristic_games_against_random_end.)
    for game in (1, 2):
        agents: list[Agent] = [ProtectionRacketHeuristicBot(s) if (s + game) % 2 else RandomAgent(s)
                               for s in range(players)]
        record = _play(agents, seed=game, options=options)
        assert record.result is not None
        assert record.replay(GAME).is_over
    # Every state of a half-random walk, through both entry points.
    for state in _walk(players, options, seed=3, bot_share=0.5):
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        assert ProtectionRacketHeuristicBot(1).choose(state, seat) in legal
        assert ProtectionRacketHeuristicBot(1).act(_decision(state, seat)) in legal


@pytest.mark.parametrize("players", [3, 4])
def test_every_decision_phase_is_met_and_answered_legally(players: int) -> None:
    # Random walks (fast) until every phase in which a seat decides has turned up a few times: the
    # Hired Gun's question and standing up after a war are rare. The bot answers each legally.
    wanted = set(range(OVER))
    seen: dict[int, int] = {}
    for seed in range(300):
        for state in _walk(players, {}, seed, bot_share=0.0):
            if seen.get(state.phase, 0) >= 3:
                continue
            seen[state.phase] = seen.get(state.phase, 0) + 1
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            assert ProtectionRacketHeuristicBot(seed).choose(state, seat) in legal
            assert ProtectionRacketHeuristicBot(seed).act(_decision(state, seat)) in legal
        if set(seen) >= wanted:
            break
    assert set(seen) == wanted, sorted(PHASE_NAMES[p] for p in wanted - set(seen))


def test_make_agent_gives_the_heuristic_bot() -> None:
    agent = make_agent("heuristic", GAME, seed=3)
    assert isinstance(agent, ProtectionRacketHeuristicBot)
    assert agent.name == "heuristic"
    assert GAME.bots == {"heuristic": ProtectionRacketHeuristicBot,
                         "heuristic-aggressive": ProtectionRacketAggressiveBot,
                         "heuristic-cautious": ProtectionRacketCautiousBot}


@pytest.mark.parametrize("players", [2, 4])
def test_the_styles_play_legal_whole_games(players: int) -> None:
    # Each style (bots_styles.py) through the runner, which raises IllegalAction on an illegal choice,
    # beside the heuristic bot and a random player; made by name as a pool of opponents makes them.
    for style, cls in (("heuristic-aggressive", ProtectionRacketAggressiveBot),
                       ("heuristic-cautious", ProtectionRacketCautiousBot)):
        names = [style, "heuristic", "random", style][:players]
        agents = [make_agent(name, GAME, seed=10 + s) for s, name in enumerate(names)]
        assert isinstance(agents[0], cls) and agents[0].name == style
        assert agents[0].hand_turn != ProtectionRacketHeuristicBot.hand_turn
        record = _play(agents, seed=players)
        assert record.result is not None
        assert record.replay(GAME).is_over


def test_choose_leaves_the_state_unchanged() -> None:
    bot = ProtectionRacketHeuristicBot(0)
    for state in _walk(3, {}, seed=5, bot_share=0.7)[::4]:
        before = (state.view(None), [state.view(s) for s in range(3)], state.legal_actions(),
                  [p[:] for p in state.draw], state._rng)
        seat = state.to_act
        assert seat is not None
        bot.choose(state, seat)
        bot.act(_decision(state, seat))
        assert (state.view(None), [state.view(s) for s in range(3)], state.legal_actions(),
                [p[:] for p in state.draw], state._rng) == before


# -- determinism ----------------------------------------------------------------------------------


def test_deterministic_for_the_same_view() -> None:
    # The same position (a clone: the same view, the same true state) gets the same action from two
    # bots of the same seed, through act and through choose: equals are drawn with the bot's own
    # generator, so a bot's choices depend only on its seed and the positions it was asked about.
    compared = 0
    for players in (2, 3, 4):
        for state in _walk(players, {}, seed=players, bot_share=0.6)[::3]:
            seat = state.to_act
            assert seat is not None
            twin = state.clone()
            assert twin.view(seat) == state.view(seat)
            assert (ProtectionRacketHeuristicBot(7).act(_decision(state, seat))
                    == ProtectionRacketHeuristicBot(7).act(_decision(twin, seat)))
            assert (ProtectionRacketHeuristicBot(7).choose(state, seat)
                    == ProtectionRacketHeuristicBot(7).choose(twin, seat))
            compared += 1
    assert compared > 30


def test_same_seed_same_game() -> None:
    def record(seed: int, players: int) -> list[int]:
        bots: list[Agent] = [ProtectionRacketHeuristicBot(seed + s) for s in range(players)]
        return _play(bots, seed=seed).actions

    for players in (2, 4):
        assert record(12, players) == record(12, players)


# -- hidden information ---------------------------------------------------------------------------


def _shuffled_piles(state: ProtectionRacketState, rng: random.Random) -> ProtectionRacketState:
    """A clone whose draw piles hold the same cards in another order: nothing any seat sees changes."""
    twin = state.clone()
    for pile in twin.draw:
        rng.shuffle(pile)
    return twin


@pytest.mark.parametrize("config", CONFIGS[:6], ids=_config_id)
def test_never_uses_the_order_of_the_draw_piles(config: tuple[int, dict[str, Any]]) -> None:
    # Two true states that differ only in the order of the draw piles (and, in a second twin, in the
    # state's own generator too, which decides future flips): the bot must choose the same action in
    # all of them with the same seed, through act, which sees the game only through determinize.
    players, options = config
    rng = random.Random(players)
    compared = differ = 0
    for seed in range(2):
        for state in _walk(players, options, seed, bot_share=0.7):
            seat = state.to_act
            assert seat is not None
            twin = _shuffled_piles(state, rng)
            other = _shuffled_piles(state, rng)
            other._rng ^= 0x9E3779B97F4A7C15
            for look_alike in (twin, other):
                assert look_alike.view(seat) == state.view(seat)
                assert look_alike.legal_actions() == state.legal_actions()
            first = ProtectionRacketHeuristicBot(seed).act(_decision(state, seat))
            assert ProtectionRacketHeuristicBot(seed).act(_decision(twin, seat)) == first
            assert ProtectionRacketHeuristicBot(seed).act(_decision(other, seat)) == first
            compared += 1
            differ += any(a != b for a, b in zip(state.draw, twin.draw, strict=True))
    # The twins really do differ in what the seat cannot see, so the test has teeth.
    assert compared > 40
    assert differ > compared // 2


class _DeterminizeOnly(Decision):
    """A Decision that gives the bot nothing but `determinize` (and the seat and legal actions)."""

    __slots__ = ("calls",)

    def __init__(self, state: ProtectionRacketState, seat: int) -> None:
        super().__init__(GAME, state, seat, tuple(state.legal_actions()))
        self.calls = 0

    @property
    def view(self) -> dict[str, Any]:  # type: ignore[override]
        raise AssertionError("the bot read the view")

    def action_name(self, action: int) -> str:
        raise AssertionError("the bot read an action name")

    def parse_action(self, text: str) -> int:
        raise AssertionError("the bot parsed an action")

    def determinize(self, rng: random.Random) -> ProtectionRacketState:  # type: ignore[override]
        self.calls += 1
        state = super().determinize(rng)
        assert isinstance(state, ProtectionRacketState)
        return state


def test_act_goes_through_determinize_once() -> None:
    for state in _walk(4, {"city": "recommended"}, seed=8, bot_share=0.5)[::5]:
        seat = state.to_act
        assert seat is not None
        decision = _DeterminizeOnly(state, seat)
        action = ProtectionRacketHeuristicBot(4).act(decision)
        assert decision.calls == 1
        # act is choose on the determinized state it drew with its own generator (which then also
        # draws among equal actions).
        twin = ProtectionRacketHeuristicBot(4)
        assert action == twin.choose(state.determinize(seat, twin.rng), seat)


# -- refusals -------------------------------------------------------------------------------------


def test_choose_raises_for_a_seat_not_to_act() -> None:
    bot = ProtectionRacketHeuristicBot()
    for players in (2, 3, 4):
        state = _new(players, 1)
        seat = state.to_act
        assert seat is not None
        for other in range(players):
            if other != seat:
                with pytest.raises(ValueError, match=f"seat {other} is not to act"):
                    bot.choose(state, other)
    # Nobody is to act in a finished game.
    state = _new(2, 2)
    rng = random.Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(ValueError, match="not to act"):
        bot.choose(state, 0)


def test_act_refuses_another_game() -> None:
    razzia = get("razzia")
    state = razzia.new_game(3, 1)
    seat = state.to_act
    assert seat is not None
    with pytest.raises(TypeError, match="plays Protection Racket"):
        ProtectionRacketHeuristicBot().act(Decision(razzia, state, seat, tuple(state.legal_actions())))


def test_position_value_of_a_finished_game() -> None:
    state = _new(3, 4)
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    winners = state.result().winners
    for seat in range(3):
        expected = WIN / len(winners) if seat in winners else -WIN
        assert position_value(state, seat) == expected


@pytest.mark.parametrize("config", CONFIGS[::3], ids=_config_id)
def test_position_value_from_a_base_is_the_same(config: tuple[int, dict[str, Any]]) -> None:
    # The bot values the positions it tries from one position with that position's site entries
    # (_Sites) and works out again only the sites a trial changed: the value must be the one worked
    # out from scratch, for every action (wars, site actions, the end of a round included) and seat.
    players, options = config
    compared = 0
    for state in _walk(players, options, seed=3, bot_share=0.7)[::2]:
        base = _Sites(state)
        for seat in range(players):
            assert position_value(state, seat, base) == position_value(state, seat)
        for action in state.legal_actions():
            trial = state.clone()
            trial.apply(action)
            for seat in range(players):
                assert position_value(trial, seat, base) == position_value(trial, seat)
                compared += 1
    assert compared > 200


# -- strength and the game end --------------------------------------------------------------------


def test_beats_random_two_players() -> None:
    # 30 two-player games, the bot's seat alternating, the city as dealt in the first 15 and the
    # recommended city in the rest. A game that has not ended after 300 decisions (a normal one takes
    # under 60) counts as not won (at commit a1bb913 game 28 was one: test_heuristic_games_against_random_
    # end). Measured there: 29 of 30, and 100% of the finished games over 200 with the CLI.
    wins = 0.0
    games = 30
    for game in range(games):
        seat = game % 2
        options = {"city": "recommended" if game >= games // 2 else "random"}
        agents = [make_agent("heuristic" if s == seat else "random", GAME, seed=1000 * game + s)
                  for s in range(2)]
        record = GameRecord.start(GAME, 2, game, options, [a.name for a in agents])
        try:
            run_match(GAME, agents, record, max_steps=300)
        except RuntimeError:
            continue
        result = record.result
        assert result is not None
        if seat in result.winners:
            wins += 1 / len(result.winners)
    assert wins / games >= 0.8, f"{wins} wins in {games} games"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("city", ["random", "recommended"])
def test_bot_games_end_under_the_rules(players: int, city: str) -> None:
    # Self-play: three rounds, plus at most the rules' extra rounds on a tie. (At commit a1bb913 games 2
    # and 3 of 3 and 4 players did not end: test_self_play_games_end.)
    for game in range(2):
        bots = [ProtectionRacketHeuristicBot(10 * game + s) for s in range(players)]
        state = _new(players, game, {"city": city})
        decisions = 0
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            state.apply(bots[seat].choose(state, seat))
            decisions += 1
            assert decisions < CAP, "the game does not end"
        assert state.round >= 2
        assert GAME.inventory(state) == GAME.inventory(_new(players, game, {"city": city}))


def test_heuristic_games_against_random_end() -> None:
    # With the engine of commit a1bb913, `gangland simulate protection-racket --players 2 --agents
    # heuristic,random --seed 1` never finished: games 10, 13, 63, 89, 95 and 191 of that run did not
    # end (nor 9 of 200 with four players). In game 10 the bot (seat 0)
    # is the only seat with mobsters in its hideout; it deploys one onto Back Door ("Return all your
    # Mobsters on this site to your hideout"), takes the action and gets it back, and as the only seat
    # that can deploy it is asked again: the same turn for ever (turn 200, still round 1). Each of the
    # bot's turns leaves the position as it was, which its evaluation rates above any real move. These
    # are the same games, seeded as the simulation seeds them.
    config = SimConfig(GAME.id, 2, ("heuristic", "random"), 200, 1)
    stuck = []
    for index in (10, 13, 63):
        seed = game_seed(config.seed, index)
        names = config.seats(index)
        agents = [make_agent(name, GAME, agent_seed(seed, seat)) for seat, name in enumerate(names)]
        try:
            _play(agents, seed, cap=400)  # a normal two-player game takes under 100
        except RuntimeError:
            stuck.append(index)
    assert not stuck, f"games {stuck} of the simulation do not end within 400 decisions"


@pytest.mark.parametrize("players", [3, 4])
def test_self_play_games_end(players: int) -> None:
    # The loop of test_heuristic_games_against_random_end in self-play: at commit a1bb913, game 2 (bots
    # seeded 20, 21, ...) of 3 and 4 players did not end, with the city as dealt or recommended.
    for city in ("random", "recommended"):
        bots: list[Agent] = [ProtectionRacketHeuristicBot(20 + s) for s in range(players)]
        try:
            _play(bots, 2, {"city": city}, cap=800)  # a normal game takes under 200
        except RuntimeError as exc:
            raise AssertionError(f"{players} players, city={city}, seed 2: {exc}") from None


def test_the_bot_does_not_take_turns_that_change_nothing() -> None:
    # Game 10 of the run above, played up to where the bot's turns were endless at commit a1bb913: a
    # whole turn of the bot (deploy onto Back Door, then its action) brought back the very position it
    # started from.
    config = SimConfig(GAME.id, 2, ("heuristic", "random"), 200, 1)
    seed = game_seed(config.seed, 10)
    agents = [make_agent(name, GAME, agent_seed(seed, seat)) for seat, name in enumerate(config.seats(10))]
    state = _new(2, seed)
    for _ in range(120):
        seat = state.to_act
        if seat is None:
            return  # the game ended: the bot no longer plays into the loop
        state.apply(agents[seat].act(_decision(state, seat)))
    seat = state.to_act
    assert seat is not None

    def position(s: ProtectionRacketState) -> tuple[Any, ...]:
        return (s.round, s.phase, s.actor, [r[:] for r in s.stand], [r[:] for r in s.lie], s.hideout[:],
                s.supply[:], s.money[:], s.city[:])

    seen = {repr(position(state))}
    repeats = 0
    for _ in range(40):
        if state.is_over:
            break
        actor = state.to_act
        assert actor is not None
        state.apply(agents[actor].act(_decision(state, actor)))
        key = repr(position(state))
        repeats += key in seen
        seen.add(key)
    assert repeats < 5, f"the bot came back to a position it had been in {repeats} times in 40 decisions " \
                        f"(turn {state.turn}, round {state.round + 1})"
