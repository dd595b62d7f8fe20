"""The learned Supergang value model (gangland.games.supergang.bots_value): its packaged weights load with the
right shapes, its estimate is a distribution over the gangs along real games and follows the gangs when
they are relabelled, IS-MCTS takes it with the name part `learned` (and refuses it where it cannot apply),
and benchmarks/supergang_value.py trains and writes a loadable file on a tiny sample."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

import gangland
from gangland.agents import make_agent
from gangland.agents.ismcts import ISMCTSAgent
from gangland.engine import Decision, OptionError
from gangland.games import get
from gangland.games.supergang import GAME, SupergangState, bots
from gangland.games.supergang import bots_value as value
from gangland.games.supergang.constants import CLINIC, GRAVEYARD, JAIL

ROOT = Path(__file__).resolve().parents[2]
TRAIN = ROOT / "benchmarks" / "supergang_value.py"


def three_gangs_after_300_moves(seed: int) -> SupergangState:
    """A three-gang game after 300 decisions of heuristic bots: a position some way into the game."""
    bot = bots.SupergangHeuristicBot()
    state = GAME.new_game(3, seed=seed)
    assert isinstance(state, SupergangState)
    for _ in range(300):
        seat = state.to_act
        assert seat is not None
        state.apply(bot.choose(state, seat))
    return state


def test_the_packaged_weights_load_with_the_right_shapes() -> None:
    data = json.loads(resources.files("gangland.games.supergang").joinpath(value.WEIGHTS_FILE).read_text())
    assert "regenerate with" in data["generated"]
    assert data["features"] == list(value.FEATURE_NAMES)
    model = value.load_model()
    hidden = len(model.output)
    assert hidden >= 1 and len(model.hidden_bias) == hidden and len(model.hidden_weights) == hidden
    assert all(len(row) == value.FEATURES for row in model.hidden_weights)
    assert len(model.mean) == len(model.scale) == len(model.linear) == value.FEATURES
    assert all(s > 0 for s in model.scale)


def test_weights_of_the_wrong_shape_are_refused() -> None:
    data = json.loads(resources.files("gangland.games.supergang").joinpath(value.WEIGHTS_FILE).read_text())
    data["linear"] = data["linear"][:-1]
    with pytest.raises(ValueError, match="shapes"):
        value.ValueModel(data)


@pytest.mark.parametrize("gangs", [3, 4])
def test_the_estimate_is_a_distribution_along_a_heuristic_game(gangs: int) -> None:
    bot = bots.SupergangHeuristicBot()
    state = GAME.new_game(gangs, seed=gangs)
    assert isinstance(state, SupergangState)
    seen = 0
    decisions = 0
    spread = 0.0
    while (seat := state.to_act) is not None:
        if decisions % 25 == 0:
            chances = bot.learned_chances(state)
            assert chances is not None and len(chances) == gangs
            assert all(0.0 <= c <= 1.0 for c in chances)
            assert sum(chances) == pytest.approx(1.0)
            spread = max(spread, max(chances) - min(chances))
            seen += 1
        state.apply(bot.choose(state, seat))
        decisions += 1
    assert seen > 10
    assert spread > 0.1  # it tells the gangs apart once the game has gone some way


def test_relabelling_the_gangs_relabels_the_chances() -> None:
    state = three_gangs_after_300_moves(seed=5)
    rows = value.features(state, 10)
    model = value.load_model()
    chances = model.chances(rows)
    order = [2, 0, 1]
    assert model.chances([rows[g] for g in order]) == pytest.approx([chances[g] for g in order])


def test_no_estimate_without_a_turn_limit_and_no_standing_with_the_police_player() -> None:
    state = GAME.new_game(3, seed=1, options={"turn_limit": 0})
    assert isinstance(state, SupergangState)
    assert value.learned_chances(state) is None
    police = GAME.new_game(4, seed=1, options={"police_player": True})
    assert isinstance(police, SupergangState)
    assert bots.standing(police) is None  # the baseline knows nothing of the police's win (L91)


def test_the_packaged_police_weights_load_and_wrong_shapes_are_refused() -> None:
    text = resources.files("gangland.games.supergang").joinpath(value.POLICE_WEIGHTS_FILE).read_text()
    data = json.loads(text)
    assert "supergang_police_value.py" in data["generated"]
    assert data["gang_features"] == list(value.FEATURE_NAMES)
    assert data["police_features"] == list(value.POLICE_FEATURE_NAMES)
    model = value.load_police_model()
    assert len(model.gang_linear) == value.FEATURES and len(model.police_linear) == value.POLICE_FEATURES
    assert all(s > 0 for s in model.gang_scale + model.police_scale)
    data["police_linear"] = data["police_linear"][:-1]
    with pytest.raises(ValueError, match="shapes"):
        value.PoliceModel(data)


@pytest.mark.parametrize("gangs", [3, 4])
def test_with_the_police_player_every_seat_has_a_chance_and_the_police_sits_last(gangs: int) -> None:
    bot = bots.SupergangHeuristicBot()
    state = GAME.new_game(gangs + 1, seed=gangs, options={"police_player": True})
    assert isinstance(state, SupergangState) and state.police_seat == gangs
    seen = 0
    decisions = 0
    police = []
    while (seat := state.to_act) is not None:
        if decisions % 25 == 0:
            chances = bot.win_chances(state)
            assert chances is not None and len(chances) == gangs + 1
            assert all(0.0 <= c <= 1.0 for c in chances)
            assert sum(chances) == pytest.approx(1.0)
            police.append(chances[gangs])
            seen += 1
        state.apply(bot.choose(state, seat))
        decisions += 1
    assert seen > 10
    assert max(police) - min(police) > 0.1  # it follows the game, not a constant base rate


@pytest.mark.parametrize("gangs", [3, 4])
def test_at_the_end_the_police_chance_tells_the_police_wins_from_the_rest(gangs: int) -> None:
    """L91 (the police wins when every gangster is out of play at once) against a district or the safety
    net: at each game's last decision the packaged model gives the police more in the games it then won.
    (Far from the end it knows little more than the base rate: benchmarks/supergang_police_value.py.)"""
    bot = bots.SupergangHeuristicBot()
    won, lost = [], []
    for seed in range(12):
        state = GAME.new_game(gangs + 1, seed=seed, options={"police_player": True})
        assert isinstance(state, SupergangState)
        last = 0.0
        while (seat := state.to_act) is not None:
            chances = value.learned_chances(state)
            assert chances is not None
            last = chances[gangs]
            state.apply(bot.choose(state, seat))
        (won if state.result().winners == (gangs,) else lost).append(last)
    assert won and lost
    assert sum(won) / len(won) > sum(lost) / len(lost) + 0.1


def test_ismcts_judges_its_cut_off_by_the_learned_model_by_default_and_when_named() -> None:
    game = get("supergang")
    agent = make_agent("ismcts:20+learned", game, 1)
    assert isinstance(agent, ISMCTSAgent) and agent.learned and agent.cutoff is not None
    default = make_agent("ismcts:20", game, 1)
    assert isinstance(default, ISMCTSAgent) and not default.learned and default.cutoff is not None
    bot = bots.SupergangHeuristicBot()
    played = three_gangs_after_300_moves(seed=4)
    assert agent.cutoff[1](played) == value.learned_chances(played)
    # Since issue 35 the bot's estimate is the learned model, so the name part changes nothing here.
    assert default.cutoff[1](played) == bot.win_chances(played) == value.learned_chances(played)
    state = game.new_game(3, seed=2)
    legal = tuple(state.legal_actions())
    assert agent.act(Decision(game, state, state.to_act or 0, legal)) in legal
    police = game.new_game(4, seed=2, options={"police_player": True})
    assert isinstance(police, SupergangState)
    assert default.cutoff[1](police) == value.learned_chances(police)  # the variant's model, 4 seats
    assert len(value.learned_chances(police) or ()) == 4


@pytest.mark.parametrize(("game_id", "name"), [("supergang", "ismcts:20+random+learned"),
                                               ("razzia", "ismcts:20+learned")])
def test_learned_is_refused_where_there_is_no_learned_cut_off(game_id: str, name: str) -> None:
    with pytest.raises(OptionError, match="learned"):
        make_agent(name, get(game_id), 1)


def test_training_runs_on_a_tiny_sample_and_writes_a_loadable_model(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    out = tmp_path / "weights.json"
    env = {**os.environ, "PYTHONPATH": str(Path(gangland.__file__).parents[1])}
    done = subprocess.run([sys.executable, str(TRAIN), "--games", "4", "--games4", "4", "--epochs", "2",
                           "--hidden", "3", "--write", str(out)],
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "held out, 3 gangs" in done.stdout and "accuracy" in done.stdout
    data = json.loads(out.read_text())
    model = value.ValueModel(data)
    assert len(model.output) == 3
    assert "benchmarks/supergang_value.py --games 4" in data["generated"]


def test_the_police_variant_training_runs_on_a_tiny_sample_and_writes_a_loadable_model(
        tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    out = tmp_path / "police.json"
    env = {**os.environ, "PYTHONPATH": str(Path(gangland.__file__).parents[1])}
    done = subprocess.run([sys.executable, str(TRAIN.with_name("supergang_police_value.py")), "--games", "4",
                           "--games4", "4", "--epochs", "20", "--write", str(out)],
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "held out, 3 gangs" in done.stdout and "police accuracy" in done.stdout
    data = json.loads(out.read_text())
    assert len(value.PoliceModel(data).police_linear) == value.POLICE_FEATURES
    assert "benchmarks/supergang_police_value.py --games 4" in data["generated"]


def test_the_police_features_read_where_the_gangsters_are() -> None:
    """L91: the police's features count the gangsters out of play (the jail, the clinic, the graveyard);
    every character starts in the jail."""
    state = GAME.new_game(4, seed=1, options={"police_player": True})
    assert isinstance(state, SupergangState)
    names = value.POLICE_FEATURE_NAMES
    start = dict(zip(names, value.police_features(state, 10), strict=True))
    assert start["free"] == 0.0 and start["jail"] == 1.0 and start["gangs_all_out"] == 1.0
    out = state.clone()
    square = next(iter(out.geo.board.squares))
    for c in range(len(out.pos)):
        # gang 1 on the streets, the others one each in the jail, the clinic and the graveyard
        out.pos[c] = square if c // 3 == 1 else JAIL if c % 3 == 0 else CLINIC if c % 3 == 1 else GRAVEYARD
    f = dict(zip(names, value.police_features(out, 10), strict=True))
    assert f["free"] == pytest.approx(3 / 9) and f["gangs_all_out"] == pytest.approx(2 / 3)
    assert f["jail"] == f["clinic"] == f["graveyard"] == pytest.approx(2 / 9)
    assert f["fewest_free"] == 0.0
