"""Every game fits an 80 x 24 terminal (issue 15, "Terminal play: Fit 80 x 24"): at every decision of
random playouts, in every player count, the board (`Game.screen`) takes at most BOARD_ROWS lines of
at most 80 columns, and the menu of actions at most MENU_ROWS lines, in one step or in two
(`Game.menu_choice`); '?' has the rules of the decision (`Game.rules_help`)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from rich.cells import cell_len

from gangland.cli.common import shown
from gangland.cli.human import Menu, menu_rows
from gangland.engine import BOARD_ROWS, MENU_ROWS, SCREEN_WIDTH, Decision, Game, GanglandError
from gangland.games import all_games

from .scale import many


def configurations() -> Iterator[tuple[Game, int, dict[str, object]]]:
    """Each game at each player count (the first set-up `Game.configurations` gives for it), and the
    variants that change what is drawn."""
    variants = {"downtown": [{"edition": "2013"}, {"villa": True}],
                "supergang": [{"police_player": True}]}
    for game in all_games():
        first: dict[int, dict[str, object]] = {}
        for players, options in game.configurations():
            first.setdefault(players, options)
        for players, options in first.items():
            yield game, players, options
            for variant in variants.get(game.id, []):
                if all(options.get(k) != v for k, v in variant.items()):
                    try:
                        game.new_game(players, 0, {**options, **variant})
                    except GanglandError:
                        continue  # not a set-up of this player count (Supergang's police at 3)
                    yield game, players, {**options, **variant}


CONFIGS = [pytest.param(g, p, o, id=f"{g.id}-{p}p-" + "-".join(
    f"{k}={v}" for k, v in o.items() if v != g.resolve_options(None)[k])) for g, p, o in configurations()]


def decisions(game: Game, players: int, options: dict[str, object], seed: int,
              steps: int) -> Iterator[Decision]:
    """The decisions of a random playout, at most `steps` of them."""
    state = game.new_game(players, seed, options)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = state.to_act
        if seat is None:
            return
        legal = tuple(state.legal_actions())
        yield Decision(game, state, seat, legal)
        state.apply(rng.choice(legal))


def check_screen(game: Game, decision: Decision) -> None:
    view = decision.view
    # As the terminal shows it: seats filled in ("Seat 2 (you)"), which is what must fit.
    lines = shown(game.screen(view, SCREEN_WIDTH), decision.players, decision.seat).splitlines()
    assert len(lines) <= BOARD_ROWS, f"{len(lines)} lines:\n" + "\n".join(lines)
    wide = [line for line in lines if cell_len(line) > SCREEN_WIDTH]
    assert not wide, "wider than 80 columns:\n" + "\n".join(wide)
    rules = shown(game.rules_help(view), decision.players, decision.seat)
    assert rules.strip(), f"no rules help for {view.get('phase')!r}"
    assert not [line for line in rules.splitlines() if cell_len(line) > SCREEN_WIDTH], rules
    # The menus exactly as the terminal shows them: the first step, and each group's second step.
    top = Menu.of(decision, SCREEN_WIDTH)
    menus = [top, *(entry for entry in top.entries if isinstance(entry, Menu))]
    for menu in menus:
        assert menu_rows(menu.labels, SCREEN_WIDTH) <= MENU_ROWS, f"{menu.heading}: {menu.labels}"
        assert len(set(menu.labels)) == len(menu.labels), f"two entries read the same: {menu.labels}"
    offered = [e for m in menus for e in m.entries if not isinstance(e, Menu)]
    assert sorted(offered) == sorted(decision.legal_actions)  # every legal action, once


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
def test_every_decision_fits_an_80_by_24_terminal(game: Game, players: int,
                                                  options: dict[str, object]) -> None:
    for seed in range(many(2, 12)):
        for decision in decisions(game, players, options, seed, steps=many(400, 3000)):
            check_screen(game, decision)
