"""Protection Racket (Ian Brocklebank, unpublished prototype) for 2-4 players, with data-driven city sites."""

from __future__ import annotations

from typing import Any, cast

from gangland.engine import SCREEN_WIDTH, Game, GameFacts, GameRecord, OptionSpec, State

from .actions import NUM_ACTIONS, action_text
from .bots import ProtectionRacketHeuristicBot
from .bots_styles import ProtectionRacketAggressiveBot, ProtectionRacketCautiousBot
from .drawing import view_svg
from .encoding import ProtectionRacketEncoding
from .render import narrate, render_view
from .report import facts, inventory
from .screen import menu_choice, rules_help, screen_view
from .state import ProtectionRacketState
from .view import ProtectionRacketView


class ProtectionRacketGame(Game):
    """The Protection Racket rules engine."""

    id = "protection-racket"
    name = "Protection Racket"
    version = "1.1"
    """1.1: a new city never deals last round's cards again (C31)."""
    player_counts = (2, 3, 4)
    num_actions = NUM_ACTIONS
    encoding = ProtectionRacketEncoding()
    options = (
        OptionSpec("first_seat", "random", ("random", "seat0"),
                   "Who \"has most recently taken a bribe\" and starts round one: a seat drawn at random, "
                   "or seat 0 (C5)."),
        OptionSpec("city", "random", ("random", "recommended"),
                   "'random': the city as dealt (\"We suggest you roll with it\"); 'recommended': no more "
                   "of a colour than the rulebook's suggested distribution allows (C3)."),
        OptionSpec("sites", "", ("",),
                   "Path of a site file in the format of the built-in sites.toml; empty: the built-in "
                   "faces (authored for Gangland, not the designer's cards).", free=True),
    )

    @property
    def bots(self) -> dict[str, Any]:  # type: ignore[override]
        """The heuristic bot, and its two styles for a search's pool of opponents (bots_styles.py)."""
        return {"heuristic": ProtectionRacketHeuristicBot,
                "heuristic-aggressive": ProtectionRacketAggressiveBot,
                "heuristic-cautious": ProtectionRacketCautiousBot}

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return ProtectionRacketState.new(players, seed, options)

    def action_name(self, state: State, action: int) -> str:
        return action_text(cast(ProtectionRacketState, state), action)

    def inventory(self, state: State) -> dict[str, int]:
        return inventory(cast(ProtectionRacketState, state))

    def facts(self, record: GameRecord) -> GameFacts:
        return facts(self, record)

    def svg(self, view: dict[str, Any], layout: str = "wide") -> str:
        """The table as SVG, drawn from the view (the city's site cards with the gangs' mobsters on
        them, each gang's panel, what is asked now), with `data-act` on what a seat may act on
        (see drawing.py)."""
        return view_svg(cast(ProtectionRacketView, view), layout)

    def render(self, view: dict[str, Any]) -> str:
        return render_view(cast(ProtectionRacketView, view))

    def screen(self, view: dict[str, Any], width: int = SCREEN_WIDTH) -> str:
        return screen_view(cast(ProtectionRacketView, view), width)

    def rules_help(self, view: dict[str, Any]) -> str:
        return rules_help(cast(ProtectionRacketView, view))

    def narrate(self, before: dict[str, Any], actor: int, action_text: str, after: dict[str, Any]) -> str:
        return narrate(cast(ProtectionRacketView, before), actor, action_text,
                       cast(ProtectionRacketView, after))

    def menu_choice(self, state: State, action: int) -> tuple[str, str] | None:
        return menu_choice(cast(ProtectionRacketState, state), action)


GAME = ProtectionRacketGame()
"""The registered Protection Racket game."""

__all__ = ["GAME", "ProtectionRacketGame", "ProtectionRacketState"]
