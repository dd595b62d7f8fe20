"""The set-up of a game of Supergang (S3): three characters per gang in the jail, no money, 15 tokens, the
bank's 1320 / 1000, and the first player by the three dice (or seat 0); with `police_player` the last seat
is the police."""

from __future__ import annotations

from typing import Any

from gangland.engine.errors import OptionError
from gangland.engine.rng import mix_seed
from gangland.engine.seats import SEAT_REFS

from .actions import PATROLS
from .constants import BANK, JAIL, PAWNS, TOKENS
from .duel import DuelOptions
from .fields import SupergangFields
from .geometry import geometry
from .options import check_options
from .phases import CHOOSE
from .table import throw_die
from .turn import start_gang_turn


def set_up(s: SupergangFields, players: int, seed: int, options: dict[str, Any] | None) -> None:
    """Fill a new state's fields for `players` seats, the generator seeded from `seed`; OptionError for
    an option or a player count the game does not allow."""
    opts = check_options(options or {})
    gangs = players - 1 if opts["police_player"] else players
    if gangs not in BANK:
        raise OptionError(f"Supergang is for 3 or 4 gangs (L1), plus the police player in the variant "
                          f"(L92), not {players} players"
                          + (" with the police player" if opts["police_player"] else ""))
    s._players = players
    s.gangs = gangs
    s.police_seat = gangs if opts["police_player"] else -1
    s._rng = mix_seed(seed)
    s._legal = None
    s.options = opts
    s.duel_options = DuelOptions.from_options(opts)
    s.geo = geometry(opts["board"])
    s.events = []
    s.bank = BANK[gangs]
    s.money = [0] * gangs
    s.tokens = [TOKENS] * gangs
    s.pawn_supply = [PAWNS] * gangs
    s.pawn_stock = [0] * gangs
    s.pawns = {}
    s.owner = [-1] * len(s.geo.shops)
    s.racket = [-1] * len(s.geo.shops)
    n = 3 * gangs
    s.pos = [JAIL] * n
    s.prev = [None] * n
    s.entry = [None] * n
    s.record = [0] * n
    s.pending = [0] * n
    s.jail_years = [0] * n
    s.clinic_left = [0] * n
    s.captor = [-1] * n
    s.served = [0] * n
    s.protected = [False] * n
    s.last_victim = [-1] * n
    s.dice = [0] * n
    s.moved = [True] * n
    s.ppos = [JAIL] * PATROLS
    s.pprev = [None] * PATROLS
    s.pentry = [None] * PATROLS
    s.preturn = [-1] * PATROLS
    s.pdice = [0] * PATROLS
    s.patrol = -1
    s.arrested = -1
    s.asked_price = -1
    s.cops_owner = -1
    s.robbed = set()
    s.actor = -1
    s.flags = 0
    s.aim = []
    s.winner = -1
    s.done = False
    s.round = 1
    s.phase = CHOOSE
    s.first = 0 if opts["first_seat"] == "seat0" else first_by_dice(s)
    s.turn_player = s.first
    start_gang_turn(s)


def first_by_dice(s: SupergangFields) -> int:
    """S3: every player throws his three dice, the highest total starts, ties throw again."""
    throwing = list(range(s.gangs))
    while True:
        totals = {seat: throw_die(s) + throw_die(s) + throw_die(s) for seat in throwing}
        thrown = ", ".join(f"{SEAT_REFS[seat]} {total}" for seat, total in totals.items())
        s.events.append(f"first player throw: {thrown}")
        best = max(totals.values())
        throwing = [seat for seat, total in totals.items() if total == best]
        if len(throwing) == 1:
            s.events.append(f"{SEAT_REFS[throwing[0]]} plays first")
            return throwing[0]
