"""Every game's observation encoding (issue 20, `gangland.engine.encoding`), for every player count and
option value: the vector has its layout's size and bounds, is made from the seat's view alone, and its
layout is documented in docs/rl/<game>.md."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gangland.engine import Game, Layout, Segment, ViewEncoding
from gangland.games import all_games

from .scale import many
from .test_invariants import CONFIGS, random_playout

DOCS = Path(__file__).resolve().parents[1] / "docs" / "rl"
ENCODED = [game for game in all_games() if game.encoding is not None]
ENCODED_CONFIGS = [param for param in CONFIGS if param.values[0].encoding is not None]
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
FEW = settings(max_examples=many(3, 8), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def encoding_of(game: Game) -> ViewEncoding:
    assert game.encoding is not None
    return game.encoding


def test_every_game_has_an_encoding() -> None:
    assert [game.id for game in ENCODED] == [game.id for game in all_games()]


@pytest.mark.parametrize(("game", "players", "options"), ENCODED_CONFIGS)
@FEW
@given(seed=SEEDS, policy_seed=SEEDS, cut=st.floats(0.0, 1.0))
def test_a_vector_fills_its_layout_from_the_view_alone(game: Game, players: int, options: dict[str, object],
                                                       seed: int, policy_seed: int, cut: float) -> None:
    encoding = encoding_of(game)
    resolved = game.resolve_options(options)
    layout = encoding.layout(players, resolved)
    low, high = layout.bounds()
    _, full = random_playout(game, players, options, seed, policy_seed)
    state, _ = random_playout(game, players, options, seed, policy_seed, stop_at=int(cut * len(full)))
    rng = random.Random(seed)
    for seat in range(players):
        view = state.view(seat)
        vector = encoding.encode(view, players, resolved)
        assert len(vector) == layout.size
        assert all(type(x) is float for x in vector)
        assert all(lo <= x <= hi for lo, x, hi in zip(low, vector, high, strict=True))
        # Equal views give equal vectors: a state the seat cannot tell apart from this one, and the
        # view as it comes back from JSON (what a client or a record holds).
        assert encoding.encode(state.determinize(seat, rng).view(seat), players, resolved) == vector
        assert encoding.encode(json.loads(json.dumps(view)), players, resolved) == vector


@pytest.mark.parametrize(("game", "players", "options"), ENCODED_CONFIGS)
def test_a_vector_changes_as_the_game_goes_on(game: Game, players: int, options: dict[str, object]) -> None:
    # An encoding that ignored the view would pass the test above; over a game, a seat's vectors differ.
    encoding = encoding_of(game)
    resolved = game.resolve_options(options)
    state = game.new_game(players, 7, options)
    rng = random.Random(7)
    vectors = {tuple(encoding.encode(state.view(0), players, resolved))}
    steps = 0
    while not state.is_over and steps < 200:
        state.apply(rng.choice(state.legal_actions()))
        vectors.add(tuple(encoding.encode(state.view(0), players, resolved)))
        steps += 1
    assert len(vectors) > steps // 4


@pytest.mark.parametrize("game", ENCODED, ids=lambda game: game.id)
def test_the_layout_is_documented(game: Game) -> None:
    # docs/rl/<game>.md holds the layout table of the largest table with the default options, as
    # Layout.markdown() prints it (regenerate: `gangland encoding GAME`).
    players = max(game.player_counts)
    table = encoding_of(game).layout(players, game.resolve_options(None)).markdown()
    page = DOCS / f"{game.id}.md"
    assert page.exists(), f"{page} is missing"
    assert table in page.read_text(), f"{page} does not hold the current layout for {players} players"


def test_a_writer_refuses_a_value_out_of_bounds_a_segment_twice_or_a_segment_missing() -> None:
    layout = Layout([Segment("phase", 3, "the phase, one-hot"), Segment("money", 1, "money / 10", high=2.0)])
    out = layout.writer()
    with pytest.raises(ValueError, match="outside"):
        out.put("money", [2.5])
    out.put("money", [2.0])  # the refused value wrote nothing
    with pytest.raises(ValueError, match="written twice"):
        out.put("money", [1.0])
    with pytest.raises(ValueError, match="not written: phase"):
        out.done()
    with pytest.raises(ValueError, match="has 3 places"):
        layout.writer().one_hot("phase", 3)
    with pytest.raises(ValueError, match="holds 1 values, not 2"):
        layout.writer().put("money", [1.0, 1.0])
    with pytest.raises(ValueError, match="two segments"):
        Layout([Segment("a", 1, ""), Segment("a", 2, "")])


def test_gangland_encoding_prints_the_documented_layout_and_refuses_bad_input() -> None:
    from typer.testing import CliRunner

    from gangland.cli import app

    runner = CliRunner()
    result = runner.invoke(app, ["encoding", "razzia"])
    assert result.exit_code == 0, result.output
    game = next(g for g in ENCODED if g.id == "razzia")
    assert encoding_of(game).layout(5, game.resolve_options(None)).markdown() in result.output
    three = runner.invoke(app, ["encoding", "razzia", "--players", "3"])
    assert three.exit_code == 0 and "3 players" in three.output and three.output != result.output
    for bad in (["encoding", "razzia", "--players", "9"], ["encoding", "nogame"],
                ["encoding", "razzia", "--option", "tiebreak=coin"]):
        refused = runner.invoke(app, bad)
        assert refused.exit_code == 2 and "error:" in refused.output, bad
