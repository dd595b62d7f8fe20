"""Setting up a game (rulebook "Quick Setup" and "Build the City"; docs/rules/protection_racket.md C5):
the site set and the grid, the decks shuffled, the money, who starts, and the first round's city."""

from __future__ import annotations

from typing import Any, Final

from gangland.engine.rng import mix_seed, splitmix64

from .decks import shuffled
from .fields import ProtectionRacketFields
from .grid import grid_geometry
from .rounds import start_round
from .sites import load_sites

START_MONEY: Final = 1
"""Each player's money at the start: "Each player takes 1 money and 5 Mobsters of one colour"."""


def set_up(s: ProtectionRacketFields, players: int, seed: int, options: dict[str, Any]) -> None:
    """Give `s`, a new state, every field its first value, and begin round one."""
    s._players = players
    s.options = options
    s.sites = load_sites(options["sites"] or None)
    s.faces = s.sites.faces
    s.recommended = options["city"] == "recommended"
    s.columns, s.rows = s.sites.grid[players]
    s.adj, s.edge, s.corner = grid_geometry(s.columns, s.rows)
    s._rng = mix_seed(seed)
    s._legal = None
    s.events = []
    s.draw = [shuffled(s, list(deck)) for deck in s.sites.decks]
    s.used = [[], [], []]
    s.last_sites = s.put_away = []
    s.city = []
    s.money = [START_MONEY] * players
    s.earned = [{"start": START_MONEY, "revenue": 0, "actions": 0, "extorted": 0}
                for _ in range(players)]
    if options["first_seat"] == "random":
        s._rng, r = splitmix64(s._rng)
        s.first_seat = r % players
    else:
        s.first_seat = 0
    s.round = -1
    s.turn = 0
    s.picks = []
    s.agenda = []
    s.effect_site = s.war_site = -1
    s.deployed = 0
    start_round(s)
