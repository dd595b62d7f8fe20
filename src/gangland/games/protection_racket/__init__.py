"""Protection Racket (Ian Brocklebank, unpublished prototype) for 2-4 players, with data-driven city sites."""

from __future__ import annotations

from typing import Any

from gangland.engine import SCREEN_WIDTH, Game, GameFacts, GameRecord, OptionSpec, State

from .actions import NUM_ACTIONS
from .encoding import ProtectionRacketEncoding
from .state import MOBSTERS, NOWHERE, ProtectionRacketState
from .view import action_text


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
        from .bots import ProtectionRacketHeuristicBot

        return {"heuristic": ProtectionRacketHeuristicBot}

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return ProtectionRacketState.new(players, seed, options)

    def action_name(self, state: State, action: int) -> str:
        assert isinstance(state, ProtectionRacketState)
        return action_text(state, action)

    def inventory(self, state: State) -> dict[str, int]:
        assert isinstance(state, ProtectionRacketState)
        s = state
        counts: dict[str, int] = {}
        for seat in range(s.players):
            on_sites = sum(s.stand[t][seat] + s.lie[t][seat] for t in range(len(s.city)))
            counts[f"seat {seat} mobsters"] = s.hideout[seat] + s.supply[seat] + on_sites
        cards = [f // 2 for f in s.city] + [c for pile in (*s.draw, *s.used) for c in pile]
        counts["city cards"] = len(cards)
        counts["distinct city cards"] = len(set(cards))
        counts["hired muscle"] = int(s.muscle < 0 or s.m_where != NOWHERE)
        return counts

    def svg(self, view: dict[str, Any], layout: str = "wide") -> str:
        """The table as SVG, drawn from the view (the city's site cards with the gangs' mobsters on
        them, each gang's panel, what is asked now), with `data-act` on what a seat may act on
        (see drawing.py)."""
        from .drawing import view_svg

        return view_svg(view, layout)

    def facts(self, record: GameRecord) -> GameFacts:
        from .report import facts

        return facts(self, record)

    def render(self, view: dict[str, Any]) -> str:
        from .render import render_view

        return render_view(view)

    def screen(self, view: dict[str, Any], width: int = SCREEN_WIDTH) -> str:
        from .screen import screen_view

        return screen_view(view, width)

    def rules_help(self, view: dict[str, Any]) -> str:
        from .screen import rules_help

        return rules_help(view)

    def menu_choice(self, state: State, action: int) -> tuple[str, str] | None:
        from .screen import menu_choice

        assert isinstance(state, ProtectionRacketState)
        return menu_choice(state, action)

    def narrate(self, before: dict[str, Any], actor: int, action_text: str, after: dict[str, Any]) -> str:
        from .render import narrate

        return narrate(before, actor, action_text, after)


GAME = ProtectionRacketGame()
"""The registered Protection Racket game."""

__all__ = ["GAME", "MOBSTERS", "ProtectionRacketGame", "ProtectionRacketState"]
