"""The set-up (razzia.txt "Play preparation"): cheque sets dealt, the 1 in the centre, 120 cards in two
equal face-down piles, and the first turn."""

from __future__ import annotations

from typing import cast

from gangland.engine import JSON, mix_seed, splitmix64

from .cards import ALL_KINDS, BOOTY_KINDS, CARD_COUNTS, CENTRE_CHEQUE, CHEQUE_SETS, POLICE_LIMIT
from .fields import RazziaFields, RazziaOptions
from .rounds import clear_auction, start_round


def set_up(s: RazziaFields, players: int, seed: int, options: dict[str, JSON]) -> None:
    """Give every field of the new state `s` its first value, and start the first round."""
    s._players = players
    s._legal = None
    s.clockwise = tuple(tuple((seat + step) % players for step in range(1, players + 1))
                        for seat in range(players))
    s._rng = mix_seed(seed)
    s.options = cast(RazziaOptions, options)  # Game.new_game checked them against the Game's options
    sets = list(CHEQUE_SETS[players])
    if s.options["cheque_sets"] == "shuffled":
        # "each player takes the following cheques": which player gets which set is by chance.
        for i in range(len(sets) - 1, 0, -1):
            s._rng, r = splitmix64(s._rng)
            j = r % (i + 1)
            sets[i], sets[j] = sets[j], sets[i]
    s.up = [sorted(cheques) for cheques in sets]
    s.down = [[] for _ in range(players)]
    s.centre = CENTRE_CHEQUE
    s.deck = [kind for kind in range(ALL_KINDS) for _ in range(CARD_COUNTS[kind])]
    s.piles = [len(s.deck) - len(s.deck) // 2, len(s.deck) // 2]
    s.row = []
    s.police = 0
    s.police_limit = POLICE_LIMIT[players]
    s.estate = [[0] * BOOTY_KINDS for _ in range(players)]
    s.box = [0] * ALL_KINDS
    s.round = 1
    s.round_scores = []
    s.last_draw = None
    s.last_auction = None
    s.thieves_left = 0
    clear_auction(s)
    start_round(s)
