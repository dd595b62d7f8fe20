"""Supergang (Delfanti, Mathieu, Trigaux; Ludodélire 1984), reconstructed from a fragment of its rules:
3-4 gangs, and a police player as a fifth seat in the variant (docs/rules/supergang.md)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

from gangland.engine import SCREEN_WIDTH, Game, GameFacts, GameRecord, OptionSpec, State

from .actions import NUM_ACTIONS, action_text
from .bots import SupergangHeuristicBot
from .bots_styles import SupergangAggressiveBot, SupergangCautiousBot, SupergangWaryBot
from .encoding import SupergangEncoding
from .options import SAFETY_LIMIT_ROUNDS, option_spec, short_configurations
from .render import narrate, render_view, view_svg
from .report import facts, inventory
from .screen import menu_choice, rules_help, screen
from .state import SupergangState
from .view import SupergangView


class SupergangGame(Game):
    """The Supergang rules engine (reconstructed: every designed rule is an S-decision of the rules page)."""

    id = "supergang"
    name = "Supergang (reconstructed)"
    version = "0.11"
    player_counts = (3, 4, 5)
    """3-4 gangs; with `police_player` the police is one more seat (4 or 5 players, L92)."""
    num_actions = NUM_ACTIONS
    encoding = SupergangEncoding()
    options = (
        option_spec("police_player", (False, True),
              "The variant: the last seat plays the police (no money, moves both patrols every gang turn, "
              "takes innocents into custody; wins when every gangster is neutralized) (S36)."),
        option_spec("first_seat", ("dice", "seat0"), "First player by the three-dice throw, or seat 0 (S3)."),
        option_spec("round_start", ("first", "rotate"),
              "Who begins each round: the first player, every round (S4), or the seat on the left of the "
              "last round's (not in the fragment; evens out the first gang's advantage) (S45)."),
        option_spec("shop_exit", ("keep", "free"),
              "Leaving a shop: out by the entrance it came in by and straight on, or any way (S9)."),
        option_spec("manhole_move", ("then_move", "instead"),
              "From a manhole: resurface at another then move the die, or resurfacing is the move (S10)."),
        option_spec("shop_action_required", (False, True),
              "Must a character stopping in a shop take an action (L12 'must') or may it take none "
              "(L38) (S11)."),
        option_spec("early_stickup", (True, False), "Stick-ups allowed in rounds 1-3 (S12)."),
        option_spec("killer_may_buy", (True, False), "Reading of L37: may the killer buy a shop (S14)."),
        option_spec("neutralized_racket", (False, True),
              "Do rackets pay a gang with no free character (L35 'properties') (S33)."),
        option_spec("recruit_price", (50, 0),
              "Price paid to the bank to recruit at an unowned T/V/D shop (S17).", free=True),
        option_spec("vamp_turns", (3, 1), "Gang turns a vamped character serves the vamp (L43, S20).",
              free=True),
        option_spec("dart_hit", (0.5, 0.8), "Probability that a dart hits its target (S22).", free=True),
        option_spec("dart_dead", (0.5, 1.0), "Probability that a hit target is dead, else injured (S22).",
              free=True),
        option_spec("dart_target", ("choose", "random"),
              "Who a dart aims at: the best target, or at random (S22)."),
        option_spec("duel_max_volleys", (50, 2), "Not a rule: volleys before a duel stops undecided (S22).",
              free=True),
        option_spec("killer_bonus", ("dice", "shot", "none"),
              "The killer's bonus: +2 on his side's dice (L81), one extra dart a volley (notes), or none "
              "(S23)."),
        option_spec("duel_allies", ("square", "accomplices"),
              "Who fights beside an attacker (L38, L45, L68): every character his player plays on the "
              "square, or only the attacker and its vamp or captive (S40)."),
        option_spec("clinic_turns", (2, 1), "Gang turns an injured character stays in the clinic (S25).",
              free=True),
        option_spec("cop_sight", (1, 3), "Squares within which a patrol notices a crime (S29).", free=True),
        option_spec("arrest_choice", ("surrender_or_rebel", "surrender"),
              "What an arrested gangster may do (L64's list is lost) (S30)."),
        option_spec("cop_price", (500, 200), "Price of the cops (L65) (S32).", free=True),
        option_spec("last_gang", ("free", "alive"),
              "The last-gang win: the last gang with a free character, or with a living one (S37)."),
        option_spec("turn_clock", (0, 240),
              "Seconds per gang turn (L86; 0 = off). When a player lets it run out (the host plays "
              "'time is up' for him), his characters not yet moved go to the jail for a turn (S35).",
              free=True),
        option_spec("turn_limit", (SAFETY_LIMIT_ROUNDS, 20),
              "Not a rule: a safety net that stops a game its rules have not ended after so many rounds "
              "(0 = none), undecided: a draw shared by the gangs (S37, S46). The rulebook's 2-3 hours are "
              "about 8-15 rounds at four minutes a gang turn (L1, L86).", free=True),
        OptionSpec("board", "", ("",), "The city: empty, the built-in board (authored for Gangland, "
                   "not the printed one); 'compact', the built-in compact city (S57); or the path of a "
                   "board file in the format of the built-in board.toml.", free=True),
    )

    @property
    def bots(self) -> dict[str, Any]:  # type: ignore[override]
        return {"heuristic": SupergangHeuristicBot, "heuristic-aggressive": SupergangAggressiveBot,
                "heuristic-cautious": SupergangCautiousBot, "heuristic-wary": SupergangWaryBot}

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return SupergangState.new(players, seed, options)

    def configurations(self) -> Iterator[tuple[int, dict[str, Any]]]:
        return short_configurations(self)

    def action_name(self, state: State, action: int) -> str:
        return action_text(cast(SupergangState, state), action)

    def inventory(self, state: State) -> dict[str, int]:
        return inventory(cast(SupergangState, state))

    def facts(self, record: GameRecord) -> GameFacts:
        return facts(self, record)

    def svg(self, view: dict[str, Any], layout: str = "wide") -> str:
        """The table as SVG from the seat's view: the city with every piece, the gangs' panels, the duel;
        what may be played is drawn on its object (drawing.py; `gangland render supergang --svg FILE`)."""
        return view_svg(cast(SupergangView, view), layout)

    def render(self, view: dict[str, Any]) -> str:
        return render_view(cast(SupergangView, view))

    def screen(self, view: dict[str, Any], width: int = SCREEN_WIDTH) -> str:
        """The whole map with its pieces, then the decision and the money: 16 lines at 80 columns."""
        return screen(cast(SupergangView, view), width)

    def rules_help(self, view: dict[str, Any]) -> str:
        return rules_help(cast(SupergangView, view))

    def narrate(self, before: dict[str, Any], actor: int, action_text: str, after: dict[str, Any]) -> str:
        return narrate(cast(SupergangView, before), actor, action_text, cast(SupergangView, after))

    def menu_choice(self, state: State, action: int) -> tuple[str, str] | None:
        """A long menu in two steps: a move's stop by its place, then the side it is entered from; an
        action sharing a verb (attack, vamp, buy, arrest, ...) by the verb, then its object."""
        return menu_choice(cast(SupergangState, state), action)


GAME = SupergangGame()
"""The registered Supergang game."""

__all__ = ["GAME", "SupergangGame", "SupergangState"]
