"""The set-up (both rulebooks, "Setting up the Game" / "Spielvorbereitung", steps 1-9), and which options
may go together: `check_options` refuses those that can have no effect, `playable` leaves them out of the
configurations the shared tests play."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, TypeVar

from gangland.engine import OptionError, quoted
from gangland.engine.rng import mix_seed, splitmix64

from .cards import CASINO, GANGSTER_COUNTS, NOTE_COUNTS, START_NOTES
from .chance import draw_gangster, shuffled
from .deck import load_deck
from .fields import DowntownFields
from .phases import PLACE, RESUME_AFTER_SALE

F = TypeVar("F", bound=DowntownFields)


def set_up(s: F, players: int, seed: int, options: dict[str, Any]) -> F:
    """Fill the fields of a new state `s` (and return it): the game set up, the first seat to place."""
    n = s._players = players
    s.options = options
    s.ed2013 = options["edition"] == "2013"
    s.villa_rule = bool(options["villa"])
    s.villa_victim = bool(options["villa_victim"])
    s.pay_without_move = bool(options["pay_without_move"])
    s.casino_active_only = options["casino_skip"] == "active"
    s.turn_limit = options["turn_limit"]
    s.turn = 0
    s.cards = load_deck(options["stooge_deck"] or None).cards
    s._rng = mix_seed(seed)
    s._legal = None
    s.events = []
    s.shown = ()
    # 3. shuffle the gangsters and deal 5 to each player; the rest is the draw pile.
    s.draw = list(GANGSTER_COUNTS)
    s.discard = [0, 0, 0]
    s.hands = [[0, 0, 0] for _ in range(n)]
    for seat in range(n):
        for _ in range(5):
            s.hands[seat][draw_gangster(s)] += 1
    # 4. the top 5 (2013) or 7 (current) gangsters are turned up at Downtown.
    s.downtown = [0, 0, 0]
    for _ in range(5 if s.ed2013 else 7):
        s.downtown[draw_gangster(s)] += 1
    # 5. each stooge's 9 cards shuffled into a pile, fronts up.
    s.spiles = [shuffled(s, [c.id for c in s.cards if c.stooge == p]) for p in range(3)]
    # 6-7. the 12 fences shuffled into three piles of four, a casino card under each.
    fences = shuffled(s, list(range(12)))
    s.fpiles = [[CASINO, *fences[4 * p:4 * p + 4]] for p in range(3)]
    # 8-9. the bank, and $10,000 to each player as 3 x $1,000, $2,000, $5,000.
    s.cash = [list(START_NOTES) for _ in range(n)]
    s.bank = [NOTE_COUNTS[i] - n * START_NOTES[i] for i in range(5)]
    s.disp_n = [[0] * 5 for _ in range(n)]
    s.down_n = [[0] * 5 for _ in range(n)]
    s.disp_g = [[0, 0, 0] for _ in range(n)]
    s.down_g = [[0, 0, 0] for _ in range(n)]
    s.shand = [[] for _ in range(n)]
    s.out_s, s.out_f = [], []
    s.known_s = [set() for _ in range(n)]
    s.known_f = [set() for _ in range(n)]
    s.pub_s, s.pub_f = set(), set()
    s.casinos = 0
    s.ending = s.final_casino = False
    s.tokens = [[-1, -1] for _ in range(n)]
    # "The player who has last been in prison begins by placing" (D3: option first_seat).
    if options["first_seat"] == "random":
        s._rng, r = splitmix64(s._rng)
        s.first_placer = r % n
    else:
        s.first_placer = 0
    s.starter = -1
    s.queue = [(s.first_placer + i) % n for i in range(n)]
    s.active = s.nxt = s.payee = s.look_pile = -1
    s.moved = s.used = s.spent = 0
    s.robbed = s.villa_w = s.villa_e = False
    s.prices = [0, 0, 0]
    s.bought = [0, 0, 0]
    s.offer = []
    s.offer_loot = -1
    s.bets = [-1] * n
    s.pend = [None] * n
    s.casino_seats = []
    s.resume = RESUME_AFTER_SALE
    s.phase = PLACE
    s.actor = s.queue[0]
    return s


def check_options(players: int, options: dict[str, Any]) -> dict[str, Any]:
    """`options`, once checked: OptionError for a value out of range, or for an option set where it can
    have no effect.

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
    return options


def playable(configurations: Iterable[tuple[int, dict[str, Any]]]) -> Iterator[tuple[int, dict[str, Any]]]:
    """The engine's configurations (every player count and option value) as Downtown plays them in the
    shared tests: each under a 30-turn limit, and the options that mean something only beside another
    (see `check_options`) with it: `villa_victim=false` with `villa=true`, `pay_without_move=true` only
    with 3-4 players.

    Uniformly random play rarely sells loot, so under the rules alone a random two-player game of the
    current edition can run for hundreds of thousands of decisions (docs D29). The shared invariants play
    random games to the end, so here they play under a 30-turn limit; games under the rules alone are
    ended by the bots (tests/downtown/test_bots.py).
    """
    for players, options in configurations:
        if options["pay_without_move"] and players == 2:
            continue
        if not options["villa_victim"]:
            options = {**options, "villa": True}
        yield players, {**options, "turn_limit": 30}
