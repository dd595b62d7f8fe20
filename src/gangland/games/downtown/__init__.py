"""Downtown (Florian Racky, Racky-Spiele 2013) for 2-4 players: the 2013 English and current German rules."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

from gangland.engine import Game, GameFacts, GameRecord, OptionSpec, State

from .actions import NUM_ACTIONS, action_text, public_action_text
from .bots import DowntownAggressiveBot, DowntownCautiousBot, DowntownHeuristicBot
from .drawing import view_svg
from .encoding import DowntownEncoding
from .render import narrate, render_view
from .report import facts, inventory
from .screen import menu_choice, rules_help, screen
from .start import check_options, playable
from .state import DowntownState
from .view import downtown_view


class DowntownGame(Game):
    """The Downtown rules engine."""

    id = "downtown"
    name = "Downtown"
    version = "1.2"
    player_counts = (2, 3, 4)
    num_actions = NUM_ACTIONS
    encoding = DowntownEncoding()
    options = (
        OptionSpec("edition", "current", ("current", "2013"),
                   "Which rulebook: 'current' (the publisher's current German rules, the default) or "
                   "'2013' (the first English rulebook). docs/rules/downtown.md 2.22 lists the differences."),
        OptionSpec("villa", False, (False, True),
                   "The 2013 'rules expansion for advanced players': the lone Villa holder gets half of "
                   "the money every other player robs (D25)."),
        OptionSpec("villa_victim", True, (True, False),
                   "With 'villa': does the lone Villa holder get half even when he is the one robbed? "
                   "The text excludes only the robber (D25). Refused without villa=true."),
        OptionSpec("pay_without_move", False, (False, True),
                   "With 3-4 players, may a player pay another without moving a token onto him (always "
                   "allowed with 2, so refused with 2)? (D8)"),
        OptionSpec("casino_skip", "unanimous", ("unanimous", "active"),
                   "Who may skip a casino visit: everyone taking part, by vote ('Players can agree not to "
                   "play'), or the active player alone ('the current player may visit') (D22)."),
        OptionSpec("first_seat", "random", ("random", "seat0"),
                   "Who 'has last been in prison' (places first, and may start): a seat drawn at random, "
                   "or seat 0 (D3)."),
        OptionSpec("turn_limit", 0, (0,),
                   "Not a rule of either rulebook: end the game after this many turns (0: never; not "
                   "negative), the richest winning, for simulations and search. Random play can go on "
                   "for a very long time (docs D29).", free=True),
        OptionSpec("stooge_deck", "", ("",),
                   "Path of a stooge deck file in the format of the built-in stooges.toml; empty: the "
                   "built-in deck (authored for Gangland, not the printed cards).", free=True),
    )

    @property
    def bots(self) -> dict[str, Any]:  # type: ignore[override]
        return {"heuristic": DowntownHeuristicBot, "heuristic-aggressive": DowntownAggressiveBot,
                "heuristic-cautious": DowntownCautiousBot}

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return DowntownState.new(players, seed, check_options(players, options))

    def configurations(self) -> Iterator[tuple[int, dict[str, Any]]]:
        return playable(super().configurations())

    def action_name(self, state: State, action: int) -> str:
        return action_text(cast(DowntownState, state), action)

    def public_action_name(self, state: State, action: int, seat: int | None) -> str:
        return public_action_text(cast(DowntownState, state), action, seat)

    def inventory(self, state: State) -> dict[str, int]:
        return inventory(cast(DowntownState, state))

    def facts(self, record: GameRecord) -> GameFacts:
        return facts(self, record)

    def svg(self, view: dict[str, Any], layout: str = "wide") -> str:
        return view_svg(downtown_view(view), layout)

    def render(self, view: dict[str, Any]) -> str:
        return render_view(downtown_view(view))

    def screen(self, view: dict[str, Any], width: int = 80) -> str:
        return screen(downtown_view(view), width)

    def rules_help(self, view: dict[str, Any]) -> str:
        return rules_help(downtown_view(view))

    def narrate(self, before: dict[str, Any], actor: int, action_text: str, after: dict[str, Any]) -> str:
        return narrate(downtown_view(before), actor, action_text, downtown_view(after))

    def menu_choice(self, state: State, action: int) -> tuple[str, str] | None:
        return menu_choice(cast(DowntownState, state), action)


GAME = DowntownGame()
"""The registered Downtown game."""

__all__ = ["GAME", "DowntownGame", "DowntownState"]
