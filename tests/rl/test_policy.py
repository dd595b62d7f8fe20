"""`gangland.rl.policy` (issue 20): the learned policy's file, its refusal of other tables, its masked
choices, its agent reading only the seat's view, `policy:PATH` through make_agent, and
examples/train_policy.py run end to end with tiny sizes."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import gangland
from gangland.agents import agent_names, make_agent
from gangland.engine import Decision, OptionError, State
from gangland.games import get
from gangland.rl.policy import Adam, PolicyAgent, PolicyModel
from gangland.rl.table import RLTable
from gangland.sim import SimConfig
from gangland.tournament import tournament

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "train_policy.py"


@pytest.fixture(scope="module")
def table() -> RLTable:
    return RLTable("razzia", players=3)


def saved(tmp_path: Path, table: RLTable, hidden: int = 8, seed: int = 1) -> Path:
    path = tmp_path / "policy.npz"
    PolicyModel.create(table, hidden=hidden, seed=seed).save(path)
    return path


def states_along_a_game(game_id: str, players: int, seed: int, every: int = 7) -> list[State]:
    """Copies of the state at every `every`-th decision of a random game (each with a seat to act)."""
    game = get(game_id)
    state = game.new_game(players, seed)
    rng = random.Random(seed)
    found: list[State] = []
    while not state.is_over:
        if rng.random() < 1 / every:
            found.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    assert found
    return found


@pytest.mark.parametrize("hidden", [0, 8])
def test_a_saved_model_loads_with_the_same_weights_table_and_choices(tmp_path: Path, table: RLTable,
                                                                     hidden: int) -> None:
    model = PolicyModel.create(table, hidden=hidden, seed=5)
    path = tmp_path / "m.npz"
    model.save(path)
    loaded = PolicyModel.load(path, table)
    assert loaded.meta() == model.meta()
    assert loaded.meta()["players"] == 3 and loaded.meta()["game"] == "razzia"
    assert loaded.meta()["obs_size"] == table.layout.size
    assert sorted(loaded.params) == sorted(model.params)
    for name, value in model.params.items():
        assert np.array_equal(loaded.params[name], value)
    for state in states_along_a_game("razzia", 3, seed=3):
        seat = state.to_act
        assert seat is not None
        obs = table.observe(state, seat)
        assert loaded.choose(obs, state.legal_actions()) == model.choose(obs, state.legal_actions())


def test_a_model_for_another_table_is_refused(tmp_path: Path, table: RLTable) -> None:
    path = saved(tmp_path, table)
    with pytest.raises(OptionError, match="3 players"):
        PolicyModel.load(path, RLTable("razzia", players=4))
    with pytest.raises(OptionError, match="trained for razzia"):
        PolicyModel.load(path, RLTable("razzia", players=3, options={"thief_takes_thief": False}))
    with pytest.raises(OptionError, match="trained for razzia, not downtown"):
        PolicyModel.load(path, RLTable("downtown", players=3))
    # The agent finds out at its first decision at a table of another size.
    agent = make_agent(f"policy:{path}", get("razzia"), 0)
    state = get("razzia").new_game(4, 1)
    seat = state.to_act
    assert seat is not None
    with pytest.raises(OptionError, match="not for 4 players"):
        agent.act(Decision(get("razzia"), state, seat, tuple(state.legal_actions())))


def test_a_model_whose_arrays_do_not_fit_its_table_is_refused(tmp_path: Path, table: RLTable) -> None:
    model = PolicyModel.create(table, hidden=4, seed=0)
    path = tmp_path / "bad.npz"
    meta = np.array('{"format": "gangland-policy/1", "game": "razzia", "players": 3, "options": {}, '
                    f'"obs_size": {table.layout.size + 1}, "num_actions": 37, "hidden": 4}}')
    np.savez(path, meta=meta, **model.params)
    with pytest.raises(OptionError, match="not a usable policy"):
        PolicyModel.load(path)


def test_the_masked_choice_is_always_legal(table: RLTable) -> None:
    model = PolicyModel.create(table, hidden=16, seed=2)
    # Make one action id score far above every other: it must still never be chosen where illegal.
    model.params["b2"][:] = 0
    model.params["b2"][5] = 1e6
    rng = np.random.default_rng(0)
    chose_five = 0
    for state in states_along_a_game("razzia", 3, seed=11, every=3):
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        obs, mask = table.observe(state, seat), table.mask(state, seat)
        probs = model.probabilities(obs, mask)
        assert np.all(probs[mask == 0] == 0) and abs(float(probs.sum()) - 1) < 1e-5
        for sample in (None, rng):
            action = model.choose(obs, legal, sample)
            assert action in legal
            chose_five += action == 5
        assert (model.choose(obs, legal) == 5) == (5 in legal)
    assert chose_five > 0  # the pull towards action 5 was real where it was legal


def test_every_action_of_the_agent_is_legal_through_a_whole_game(tmp_path: Path, table: RLTable) -> None:
    path = saved(tmp_path, table, hidden=8, seed=3)
    config = SimConfig("razzia", 3, (f"policy:{path}", "random"), games=4, seed=2)
    result = tournament(config)  # run_match raises IllegalAction on an illegal choice
    assert result.summary.games == 4 and result.summary.unfinished == 0


@pytest.mark.parametrize(("game_id", "players"), [("razzia", 3), ("downtown", 3)])
def test_the_agent_reads_only_the_view(tmp_path: Path, game_id: str, players: int) -> None:
    """The same choice on a state and on its determinization for the deciding seat (hidden parts
    re-drawn). In Downtown the other seats' hands differ between the two, so a leak would show."""
    model = PolicyModel.create(RLTable(game_id, players=players), hidden=16, seed=4)
    game = get(game_id)
    rng = random.Random(9)
    compared = hidden_differed = 0
    for sample in (False, True):
        for state in states_along_a_game(game_id, players, seed=21, every=5):
            seat = state.to_act
            assert seat is not None
            legal = tuple(state.legal_actions())
            other = state.determinize(seat, rng)
            hidden_differed += any(state.view(s) != other.view(s) for s in range(players) if s != seat)
            agents = [PolicyAgent(model, seed=7, sample=sample) for _ in range(2)]
            first = agents[0].act(Decision(game, state, seat, legal))
            assert first == agents[1].act(Decision(game, other, seat, legal))
            compared += 1
    assert compared > 4
    if game_id == "downtown":
        assert hidden_differed > 0


def test_policy_path_through_make_agent(tmp_path: Path, table: RLTable) -> None:
    razzia = get("razzia")
    path = saved(tmp_path, table)
    agent = make_agent(f"policy:{path}", razzia, 3)
    assert isinstance(agent, PolicyAgent) and agent.name == "policy"
    assert not any(name.startswith("policy") for name in agent_names(razzia))
    with pytest.raises(OptionError, match="policy:PATH"):
        make_agent("policy", razzia, 0)
    with pytest.raises(OptionError, match="policy:PATH"):
        make_agent("policy:", razzia, 0)
    with pytest.raises(OptionError, match="no policy file"):
        make_agent(f"policy:{tmp_path / 'missing.npz'}", razzia, 0)
    garbage = tmp_path / "garbage.npz"
    garbage.write_bytes(b"not a zip file at all")
    with pytest.raises(OptionError, match="cannot read a policy"):
        make_agent(f"policy:{garbage}", razzia, 0)
    no_meta = tmp_path / "no-meta.npz"
    np.savez(no_meta, w2=np.zeros((2, 2), dtype=np.float32))
    with pytest.raises(OptionError, match="cannot read a policy"):
        make_agent(f"policy:{no_meta}", razzia, 0)
    with pytest.raises(OptionError, match="trained for razzia, not downtown"):
        make_agent(f"policy:{path}", get("downtown"), 0)
    with pytest.raises(OptionError, match="no policy file"):
        SimConfig("razzia", 3, ("policy:/nonexistent/p.npz", "random"), games=1).check()


def test_gradients_match_finite_differences(table: RLTable) -> None:
    rng = np.random.default_rng(0)
    obs = rng.random((6, table.layout.size))
    mask = (rng.random((6, table.num_actions)) < 0.3).astype(np.int8)
    actions = rng.integers(0, table.num_actions, 6)
    mask[np.arange(6), actions] = 1
    weights = rng.standard_normal(6).astype(np.float32)
    for hidden in (0, 6):
        model = PolicyModel.create(table, hidden=hidden, seed=1)
        model.params = {name: value.astype(np.float64) for name, value in model.params.items()}  # type: ignore[misc]
        _, grads = model.loss_and_grads(obs, mask, actions, weights)  # type: ignore[arg-type]
        for name, grad in grads.items():
            where = np.unravel_index(int(np.argmax(np.abs(grad))), grad.shape)
            assert abs(float(grad[where])) > 1e-4
            old = model.params[name][where]
            model.params[name][where] = old + 1e-3
            up, _ = model.loss_and_grads(obs, mask, actions, weights)  # type: ignore[arg-type]
            model.params[name][where] = old - 1e-3
            down, _ = model.loss_and_grads(obs, mask, actions, weights)  # type: ignore[arg-type]
            model.params[name][where] = old
            assert (up - down) / 2e-3 == pytest.approx(float(grad[where]), rel=1e-3)


def test_adam_on_cloning_learns_a_fixed_choice(table: RLTable) -> None:
    model = PolicyModel.create(table, hidden=8, seed=0)
    rng = np.random.default_rng(1)
    obs = rng.random((64, table.layout.size)).astype(np.float32)
    mask = np.ones((64, table.num_actions), dtype=np.int8)
    actions = np.full(64, 3)
    optimiser = Adam(model, lr=1e-2)
    first, _ = model.loss_and_grads(obs, mask, actions)
    for _ in range(50):
        _, grads = model.loss_and_grads(obs, mask, actions)
        optimiser.step(grads)
    last, _ = model.loss_and_grads(obs, mask, actions)
    assert last < first / 10
    assert all(model.choose(row, range(table.num_actions)) == 3 for row in obs[:8])


def test_the_example_trains_and_plays_a_tournament(tmp_path: Path, table: RLTable) -> None:
    args = ["--games", "3", "--epochs", "1", "--hidden", "16", "--rl-episodes", "3", "--rl-batch", "2",
            "--tournament-games", "3", "--seed", "4"]
    # The child imports the gangland under test, wherever it lies (src/ or an installed build).
    package_root = str(Path(gangland.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [package_root,
                                                                      os.environ.get("PYTHONPATH")]))}
    runs = []
    for name in ("a.npz", "b.npz"):
        out = tmp_path / "models" / name
        done = subprocess.run([sys.executable, str(EXAMPLE), *args, "--out", str(out)], cwd=tmp_path,
                              env=env, capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 0, done.stderr
        assert "epoch  1" in done.stdout and "REINFORCE" in done.stdout
        assert "tournament: 3 games of 3 players" in done.stdout
        assert "the policy finished ahead of random in" in done.stdout
        runs.append(PolicyModel.load(out, table))
    first, second = runs
    assert first.hidden == 16
    for name, value in first.params.items():  # seeded: the same command gives the same model
        assert np.array_equal(value, second.params[name])
