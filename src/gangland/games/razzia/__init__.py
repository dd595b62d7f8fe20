"""Razzia! (Reiner Knizia, Amigo 2004) for 2-5 players: the Game, each hook one line into the module
that holds it (docs/architecture.md)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from gangland.engine import SCREEN_WIDTH, Game, GameFacts, GameRecord, OptionSpec, State

from .actions import NUM_ACTIONS, action_text
from .bots import RazziaAggressiveBot, RazziaCautiousBot, RazziaHeuristicBot
from .drawing import view_svg
from .encoding import ENCODING
from .render import narrate, render
from .report import facts, inventory
from .scoring import ALL_TIED_CHOICES
from .screen import rules_help, screen
from .state import RazziaState
from .view import razzia_view


class RazziaGame(Game):
    """The Razzia! rules engine."""

    id = "razzia"
    name = "Razzia!"
    version = "1.0"
    player_counts = (2, 3, 4, 5)
    num_actions = NUM_ACTIONS
    encoding = ENCODING
    options = (
        OptionSpec("all_tied", "literal", ALL_TIED_CHOICES,
                   "When every player ties on bodyguards (or on cheque sums): 'literal' gives everyone "
                   "both the top and the bottom award, as the text reads; 'nobody' gives no one either, "
                   "as Ra is played."),
        OptionSpec("thief_takes_thief", True, (True, False),
                   "May a thief take a thief from the row? The text says 'any booty card'; Ra forbids "
                   "a god taking a god."),
        OptionSpec("court_on_empty_row", True, (True, False),
                   "May a court auction be called with no booty in the row (to trade cheques)? "
                   "Ra allows it."),
        OptionSpec("tiebreak", "highest_cheque", ("highest_cheque", "shared"),
                   "Tied final scores: the tied player holding the highest single cheque wins (Ra), or "
                   "the win is shared."),
        OptionSpec("cheque_sets", "shuffled", ("shuffled", "by_seat"),
                   "Which seat gets which cheque set: dealt at random, or player A's set to seat 0 "
                   "and so on (for studies of the sets)."),
    )
    bots = MappingProxyType({"heuristic": RazziaHeuristicBot, "heuristic-aggressive": RazziaAggressiveBot,
                             "heuristic-cautious": RazziaCautiousBot})

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return RazziaState.new(players, seed, options)

    def action_name(self, state: State, action: int) -> str:
        return action_text(action)

    def inventory(self, state: State) -> dict[str, int]:
        return inventory(state)

    def facts(self, record: GameRecord) -> GameFacts:
        return facts(self, record)

    def svg(self, view: dict[str, Any], layout: str = "wide") -> str:
        """The table as SVG, drawn from the view (lots, cheques, estates, the auction), with `data-act`
        on what a seat may act on (see drawing.py), in `layout` ("wide" or "narrow")."""
        return view_svg(razzia_view(view), layout)

    def render(self, view: dict[str, Any]) -> str:
        return render(razzia_view(view))

    def screen(self, view: dict[str, Any], width: int = SCREEN_WIDTH) -> str:
        return screen(razzia_view(view), width)

    def rules_help(self, view: dict[str, Any]) -> str:
        return rules_help(razzia_view(view))

    def narrate(self, before: dict[str, Any], actor: int, action_text: str, after: dict[str, Any]) -> str:
        return narrate(razzia_view(before), actor, action_text, razzia_view(after))


GAME = RazziaGame()
"""The registered Razzia! game."""

__all__ = ["GAME", "RazziaGame", "RazziaState"]
