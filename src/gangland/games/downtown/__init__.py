"""Downtown (Florian Racky, Racky-Spiele 2013) for 2-4 players: the 2013 English and current German rules."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gangland.engine import Game, GameFacts, GameRecord, OptionError, OptionSpec, State, quoted

from .actions import NUM_ACTIONS, action_text, public_action_text
from .cards import CASINO, DENOMINATIONS, GANGSTER_NAMES
from .encoding import DowntownEncoding
from .state import DowntownState


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

    def configurations(self) -> Iterator[tuple[int, dict[str, Any]]]:
        """Every player count and option value, as the base class gives, each under a turn limit.

        Uniformly random play rarely sells loot, so under the rules alone a random two-player game of
        the current edition can run for hundreds of thousands of decisions (docs D29). The shared
        invariants play random games to the end, so here they play under a 30-turn limit; games under
        the rules alone are ended by the bots (tests/downtown/test_bots.py).

        Options that mean something only beside another (see `check_options`) come with it:
        `villa_victim=false` with `villa=true`, and `pay_without_move=true` only with 3-4 players.
        """
        for players, options in super().configurations():
            if options["pay_without_move"] and players == 2:
                continue
            if not options["villa_victim"]:
                options = {**options, "villa": True}
            yield players, {**options, "turn_limit": 30}

    @property
    def bots(self) -> dict[str, Any]:  # type: ignore[override]
        from .bots import DowntownHeuristicBot

        return {"heuristic": DowntownHeuristicBot}

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        check_options(players, options)
        return DowntownState.new(players, seed, options)

    def action_name(self, state: State, action: int) -> str:
        assert isinstance(state, DowntownState)
        return action_text(state, action)

    def public_action_name(self, state: State, action: int, seat: int | None) -> str:
        assert isinstance(state, DowntownState)
        return public_action_text(state, action, seat)

    def inventory(self, state: State) -> dict[str, int]:
        assert isinstance(state, DowntownState)
        s = state
        counts: dict[str, int] = {}
        for k, name in enumerate(GANGSTER_NAMES):
            counts[f"gangster {name}"] = (s.draw[k] + s.discard[k] + s.downtown[k]
                                          + sum(h[k] for h in s.hands) + sum(d[k] for d in s.disp_g)
                                          + sum(d[k] for d in s.down_g))
        for i, d in enumerate(DENOMINATIONS):
            counts[f"note ${d},000"] = (s.bank[i] + sum(c[i] for c in s.cash) + sum(c[i] for c in s.disp_n)
                                        + sum(c[i] for c in s.down_n) + sum(1 for b in s.bets if b == i)
                                        + sum(p[0][i] for p in s.pend if p is not None))
        stooges = [c for pile in s.spiles for c in pile] + [c for h in s.shand for c in h] + s.out_s + s.offer
        counts["stooge cards"] = len(stooges)
        counts["distinct stooge cards"] = len(set(stooges))
        fences = [f for pile in s.fpiles for f in pile if f != CASINO] + s.out_f
        counts["fence cards"] = len(fences)
        counts["distinct fence cards"] = len(set(fences))
        counts["casino cards"] = s.casinos + sum(pile.count(CASINO) for pile in s.fpiles)
        return counts

    def svg(self, view: dict[str, Any], layout: str = "wide") -> str:
        """The table as SVG, drawn from the view (the city, the Downtown display, the piles, the
        displays, the seat's own cash and cards), with `data-act` on what a seat may act on (see
        drawing.py)."""
        from .drawing import view_svg

        return view_svg(view, layout)

    def facts(self, record: GameRecord) -> GameFacts:
        from .report import facts

        return facts(self, record)

    def render(self, view: dict[str, Any]) -> str:
        from .render import render_view

        return render_view(view)

    def screen(self, view: dict[str, Any], width: int = 80) -> str:
        from .screen import screen

        return screen(view, width)

    def rules_help(self, view: dict[str, Any]) -> str:
        from .screen import rules_help

        return rules_help(view)

    def menu_choice(self, state: State, action: int) -> tuple[str, str] | None:
        assert isinstance(state, DowntownState)
        from .screen import menu_choice

        return menu_choice(state, action)

    def narrate(self, before: dict[str, Any], actor: int, action_text: str, after: dict[str, Any]) -> str:
        from .render import narrate

        return narrate(before, actor, action_text, after)


def check_options(players: int, options: dict[str, Any]) -> None:
    """OptionError for a value out of range, or for an option set where it can have no effect.

    `turn_limit` is a number of turns, 0 for none; `villa_victim` says what the `villa` rule does, so
    it is refused (set to its non-default value) without `villa=true`; `pay_without_move` is the
    rule with 2 players anyway, so `true` is refused with 2 players (docs D8, D25, D29).
    """
    limit = options["turn_limit"]
    if limit < 0:
        raise OptionError(f"option turn_limit: {quoted(limit)} must be a whole number of turns, 0 or more "
                          "(0: no limit)")
    if not options["villa_victim"] and not options["villa"]:
        raise OptionError("option villa_victim=false has no effect without villa=true: it says whether "
                          "the advanced Villa rule pays the Villa holder when he is robbed; add "
                          "--option villa=true or leave villa_victim out")
    if options["pay_without_move"] and players == 2:
        raise OptionError("option pay_without_move=true has no effect with 2 players, who may always pay "
                          "without moving a token (it is for 3-4 players); leave it out")


GAME = DowntownGame()
"""The registered Downtown game."""

__all__ = ["GAME", "DowntownGame", "DowntownState"]
