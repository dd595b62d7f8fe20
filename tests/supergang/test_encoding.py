"""Supergang's observation encoding (issue 20, docs/rl/supergang.md): the vector says what the view says.

Each test builds a position by hand (or plays one), then decodes segments of the vector (`layout.span`)
and compares them with the view: money and stocks, places and headings, dice, the decision at hand, the
ownership masks, the saturating scales, and the seat-relative order. The generic checks (size, bounds,
equal views give equal vectors) are in tests/test_encoding.py.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from gangland.engine import Layout
from gangland.games.supergang import GAME
from gangland.games.supergang.actions import PRICES, RACKET, STAY, char_action
from gangland.games.supergang.board import step_heading
from gangland.games.supergang.constants import CLINIC, DEALER, GRAVEYARD, JAIL, KILLER, SEWER, VAMP
from gangland.games.supergang.encoding import STATUS, STOCK, YEAR_SCALE, SupergangEncoding
from gangland.games.supergang.movement import move_options
from gangland.games.supergang.phases import ACT, ARRESTED, CHOOSE, OFFER, PHASE_NAMES, RESURFACE
from gangland.games.supergang.state import SupergangState
from gangland.games.supergang.table import end_game
from gangland.games.supergang.turn import start_gang_turn

ENCODING = GAME.encoding
assert isinstance(ENCODING, SupergangEncoding)


def new(players: int = 4, seed: int = 1, **options: Any) -> SupergangState:
    return SupergangState.new(players, seed, {"first_seat": "seat0", **options})


def encode(s: SupergangState, seat: int) -> tuple[list[float], Layout]:
    """The vector of `seat`'s view, encoded from its JSON round trip (what a client holds), and its layout."""
    options = GAME.resolve_options(s.options)
    view = json.loads(json.dumps(s.view(seat)))
    assert ENCODING is not None
    return ENCODING.encode(view, s.players, options), ENCODING.layout(s.players, options)


def part(vector: list[float], layout: Layout, name: str) -> list[float]:
    return vector[layout.span(name)]


def hot(vector: list[float], layout: Layout, name: str) -> int | None:
    """The index of the 1 in a one-hot segment, None if all 0 (and a check that it is one-hot)."""
    values = part(vector, layout, name)
    ones = [i for i, v in enumerate(values) if v == 1.0]
    assert len(ones) <= 1 and all(v in (0.0, 1.0) for v in values), (name, values)
    return ones[0] if ones else None


def stop_at(s: SupergangState, role: int, target: str) -> None:
    """Move the turn player's `role` into `target` (a shop or a square) by a real move of 1 from one of its
    entrances (or neighbours)."""
    assert s.phase == CHOOSE
    board = s.geo.board
    c = 3 * s.turn_player + role
    start = board.shops[target].entrances[0] if target in board.shops else board.neighbours(target)[0]
    s.pos[c], s.prev[c], s.entry[c], s.dice[c] = start, board.neighbours(start)[0], None, 1
    s.moved[c] = False
    s._legal = None
    s.apply(char_action(s.turn_player, role))
    if s.phase == RESURFACE:
        s.apply(STAY)
    s.apply(next(a for a, m in move_options(s, c).items() if m.end == target))
    assert s.pos[c] == target


def test_money_stocks_and_bank_are_each_gangs_view_scaled_by_the_games_constants() -> None:
    s = new(4)
    s.money, s.bank = [100, 0, 660, 33], 1320 - 793
    s.tokens[0], s.pawn_supply[0], s.pawn_stock[0] = 12, 14, 4
    vector, layout = encode(s, 0)
    view = s.view(0)
    for k in range(4):
        gang = view["gangs"][k]
        assert part(vector, layout, f"gang{k}.money") == [gang["money"] / 1320]
        stock = dict(zip(STOCK, part(vector, layout, f"gang{k}.stock"), strict=True))
        assert stock == {"tokens": gang["tokens"] / 15, "pawn_supply": gang["pawn_supply"] / 20,
                         "pawn_stock": gang["pawn_stock"] / 20}
    assert part(vector, layout, "bank") == [527 / 1320]
    assert part(vector, layout, "gang0.stock") == [12 / 15, 14 / 20, 4 / 20]
    # three gangs: the bank of 1000 is the scale
    s3 = new(3)
    s3.money[1], s3.bank = 250, 750
    vector, layout = encode(s3, 0)
    assert part(vector, layout, "gang1.money") == [0.25] and part(vector, layout, "bank") == [0.75]


def test_the_gangs_and_seats_are_in_turn_order_from_the_observer() -> None:
    # Seat 0's gang K is seat 2's gang K+2 (four gangs), and a seat is one-hot by its distance after the
    # observer: the turn player, seat 1, is 1 for seat 0 and 3 for seat 2.
    s = new(4)
    s.money, s.bank = [10, 20, 30, 40], 1220
    s.turn_player = 1
    start_gang_turn(s)
    s._legal = None
    s.pos[3 * 3 + VAMP] = "s02_04"
    mine, layout = encode(s, 0)
    theirs, _ = encode(s, 2)
    for k in range(4):
        assert part(mine, layout, f"gang{k}.money") == [10 * (k + 1) / 1320]
        assert part(theirs, layout, f"gang{k}.money") == [10 * ((k + 2) % 4 + 1) / 1320]
        for role in ("killer", "vamp", "dealer"):
            for field in ("at", "status", "die"):
                other = f"gang{(k + 2) % 4}.{role}.{field}"
                assert part(mine, layout, other) == part(theirs, layout, f"gang{k}.{role}.{field}")
    square = s.geo.place_index["s02_04"]
    assert hot(mine, layout, "gang3.vamp.at") == square and hot(theirs, layout, "gang1.vamp.at") == square
    assert hot(mine, layout, "turn_player") == 1 and hot(theirs, layout, "turn_player") == 3
    assert hot(mine, layout, "to_act") == 1 and hot(theirs, layout, "to_act") == 3
    assert hot(mine, layout, "first") == 0 and hot(theirs, layout, "first") == 2
    assert mine != theirs


def test_the_police_player_sees_the_gangs_from_seat_0_and_knows_it_is_the_police() -> None:
    s = new(5, police_player=True)
    s.money, s.bank = [1, 2, 3, 4], 1310
    police, layout = encode(s, 4)
    gang, _ = encode(s, 1)
    assert part(police, layout, "me.police") == [1.0] and part(gang, layout, "me.police") == [0.0]
    assert [part(police, layout, f"gang{k}.money")[0] * 1320 for k in range(4)] == [1, 2, 3, 4]
    assert [part(gang, layout, f"gang{k}.money")[0] * 1320 for k in range(4)] == [2, 3, 4, 1]
    # seats: seat 0 (to act) is 1 after the police seat; after seat 1 come 2, 3, the police, then seat 0
    assert hot(police, layout, "to_act") == 1 and hot(gang, layout, "to_act") == 4
    assert layout.size == 3934 and ENCODING is not None
    # five seats are only the variant: the layout of the default options is the same one
    assert ENCODING.layout(5, GAME.resolve_options(None)).markdown() == layout.markdown()


def test_a_character_in_a_shop_is_at_the_shop_with_its_entrance_and_kept_heading() -> None:
    s = new(4)
    shop = next(sid for sid in s.geo.shops if len(s.geo.board.shops[sid].entrances) == 1)
    stop_at(s, DEALER, shop)
    view = s.view(0)
    dealer = view["gangs"][0]["characters"]["dealer"]
    assert dealer["at"] == shop and dealer["entrance"] is not None and dealer["from"] is not None
    vector, layout = encode(s, 0)
    board = s.geo.board
    assert hot(vector, layout, "gang0.dealer.at") == s.geo.place_index[shop]
    assert hot(vector, layout, "gang0.dealer.heading") == step_heading(board, dealer["entrance"], shop)
    assert hot(vector, layout, "gang0.dealer.shop_heading") == step_heading(board, dealer["from"],
                                                                            dealer["entrance"])
    # the decision at hand: acting at the stop, by seat 0's dealer
    assert hot(vector, layout, "phase") == PHASE_NAMES.index(view["phase"]) == ACT
    assert hot(vector, layout, "actor") == DEALER and hot(vector, layout, "actor_patrol") is None
    assert part(vector, layout, "stop_done") == [0.0] * 8
    s.apply(RACKET)
    vector, layout = encode(s, 0)
    assert s.view(0)["stop_done"] == ["racket"]
    assert part(vector, layout, "stop_done") == [1.0] + [0.0] * 7
    racket = part(vector, layout, "shop.racket")
    assert racket[4 * s.geo.shop_index[shop]] == 1.0 and sum(racket) == 1.0
    # seen from seat 3, the same racket is the next gang's (gang1)
    vector, layout = encode(s, 3)
    assert part(vector, layout, "shop.racket")[4 * s.geo.shop_index[shop] + 1] == 1.0


def test_a_character_on_a_street_has_the_heading_of_its_last_step_and_none_off_the_board() -> None:
    s = new(4)
    s.pos[KILLER], s.prev[KILLER] = "s02_04", "s01_04"  # came from the west: heading east
    s.pos[VAMP], s.prev[VAMP] = "s02_04", None  # may go any way
    s.pos[3 + KILLER], s.pos[3 + VAMP], s.pos[3 + DEALER] = JAIL, CLINIC, GRAVEYARD
    vector, layout = encode(s, 0)
    places = len(s.geo.places)
    assert hot(vector, layout, "gang0.killer.heading") == 1
    assert hot(vector, layout, "gang0.vamp.heading") is None
    assert hot(vector, layout, "gang0.killer.shop_heading") is None
    assert [hot(vector, layout, f"gang1.{r}.at") for r in ("killer", "vamp", "dealer")] == [
        places, places + 1, places + 2]
    s.ppos[1] = SEWER
    vector, layout = encode(s, 0)
    assert hot(vector, layout, "patrol1.at") == places and hot(vector, layout, "patrol2.at") == places + 1


def test_the_dice_thrown_are_one_hot_and_a_moved_character_is_marked() -> None:
    s = new(4)
    view = s.view(0)
    vector, layout = encode(s, 0)
    thrown = 0
    for role in ("killer", "vamp", "dealer"):
        die = view["gangs"][0]["characters"][role]["die"]
        assert hot(vector, layout, f"gang0.{role}.die") == (die - 1 if die else None)
        thrown += die > 0
    assert thrown == 3  # round 1, seat 0's gang turn: all three leave the jail
    for k in (1, 2, 3):
        assert hot(vector, layout, f"gang{k}.killer.die") is None
    s.apply(char_action(0, KILLER))
    while s.phase != CHOOSE:
        legal = s.legal_actions()
        s.apply(0 if 0 in legal else legal[0])
    vector, layout = encode(s, 0)
    assert s.view(0)["gangs"][0]["characters"]["killer"]["moved"] is True
    status = dict(zip(STATUS, part(vector, layout, "gang0.killer.status"), strict=True))
    assert status["moved"] == 1.0
    assert dict(zip(STATUS, part(vector, layout, "gang0.vamp.status"), strict=True))["moved"] == 0.0


def test_years_saturate_and_clinic_and_vamp_counts_are_fractions_of_their_options() -> None:
    s = new(3, clinic_turns=4, vamp_turns=5)
    s.record[KILLER], s.pending[KILLER] = 3, 25
    s.pos[VAMP], s.jail_years[VAMP] = JAIL, YEAR_SCALE
    s.pos[DEALER], s.clinic_left[DEALER] = CLINIC, 3
    s.captor[3 + KILLER], s.served[3 + KILLER] = 2 * 3 + VAMP, 2  # seat 1's killer, held by seat 2's vamp
    vector, layout = encode(s, 0)
    killer = dict(zip(STATUS, part(vector, layout, "gang0.killer.status"), strict=True))
    assert killer["record"] == 0.3 and killer["pending"] == 1.0
    assert dict(zip(STATUS, part(vector, layout, "gang0.vamp.status"), strict=True))["jail_years"] == 1.0
    assert dict(zip(STATUS, part(vector, layout, "gang0.dealer.status"), strict=True))["clinic_turns"] == 0.75
    captive = dict(zip(STATUS, part(vector, layout, "gang1.killer.status"), strict=True))
    assert captive["vamp_served"] == 0.4
    assert hot(vector, layout, "gang1.killer.vamped_by") == 2
    # from seat 1: the captive is its own gang0's killer, held by the next gang (gang1 = seat 2)
    vector, layout = encode(s, 1)
    assert hot(vector, layout, "gang0.killer.vamped_by") == 1


def test_the_owner_racket_pawn_and_district_masks_follow_the_view() -> None:
    s = new(4)
    geo = s.geo
    district = sorted(geo.board.districts)[2]
    shops = [sid for sid in geo.shops if geo.board.shops[sid].district == district]
    for sid in shops:
        s.owner[geo.shop_index[sid]] = 2
    other = next(sid for sid in geo.shops if sid not in shops)
    s.racket[geo.shop_index[other]] = 1
    section = sorted(geo.board.sections)[5]
    s.pawns[section] = 3
    s.robbed = {geo.shop_index[other]}
    vector, layout = encode(s, 1)  # seat 1: gang 2 is gang1, gang 1 is gang0, gang 3 is gang2
    view = s.view(1)
    owner = part(vector, layout, "shop.owner")
    assert [i for i, v in enumerate(owner) if v] == sorted(4 * geo.shop_index[sid] + 1 for sid in shops)
    assert len(view["shops"]) == len(shops) + 1
    assert part(vector, layout, "gang1.districts")[2] == 1.0
    assert sum(part(vector, layout, "gang1.districts")) == 1.0
    assert sum(part(vector, layout, "gang0.districts")) == 0.0
    racket = part(vector, layout, "shop.racket")
    assert [i for i, v in enumerate(racket) if v] == [4 * geo.shop_index[other] + 0]
    pawns = part(vector, layout, "pawns")
    assert [i for i, v in enumerate(pawns) if v] == [4 * 5 + 2]
    stuck = part(vector, layout, "shop.stuck_up")
    assert view["stuck_up_this_turn"] == [other] and [i for i, v in enumerate(stuck) if v] == [
        geo.shop_index[other]]


@pytest.mark.parametrize("price", range(len(PRICES)))
def test_the_price_asked_for_a_recruit_is_one_hot_over_the_prices(price: int) -> None:
    s = new(4)
    s.actor, s.phase, s.asked_price = KILLER, OFFER, price
    s.pos[KILLER] = s.geo.shops[0]
    vector, layout = encode(s, 0)
    assert s.view(0)["asked_price"] == PRICES[price]
    assert hot(vector, layout, "asked_price") == price
    assert hot(vector, layout, "phase") == OFFER


def test_the_arrested_gangster_and_the_patrol_are_the_decision_at_hand() -> None:
    s = new(4)
    s.round, s.phase, s.patrol, s.arrested = 5, ARRESTED, 1, 2 * 3 + DEALER
    s.pos[s.arrested] = s.ppos[1] = "s02_04"
    view = s.view(3)
    assert view["arrested"] == "⟨s2⟩'s dealer" and view["actor"] == "patrol 2" and view["to_act"] == 2
    vector, layout = encode(s, 3)  # seat 3: seat 2 is the last gang (gang3), 3 seats after
    assert hot(vector, layout, "arrested") == 3 * 3 + DEALER
    assert hot(vector, layout, "actor_patrol") == 1 and hot(vector, layout, "actor") is None
    assert hot(vector, layout, "to_act") == 3 and hot(vector, layout, "phase") == ARRESTED


def test_the_round_is_a_fraction_of_the_turn_limit_and_the_first_three_are_one_hot() -> None:
    s = new(3, turn_limit=8)
    vector, layout = encode(s, 0)
    assert part(vector, layout, "round") == [1 / 8] and hot(vector, layout, "early_round") == 0
    s.round = 6
    vector, layout = encode(s, 0)
    assert part(vector, layout, "round") == [6 / 8] and hot(vector, layout, "early_round") is None
    s = new(3, turn_limit=0)
    s.round = 45
    vector, layout = encode(s, 0)
    assert part(vector, layout, "round") == [1.0]  # no limit: saturates at 20 rounds


def test_a_finished_game_has_no_seat_to_act_and_names_the_winner() -> None:
    s = new(4)
    s.winner = 2
    end_game(s)
    vector, layout = encode(s, 3)
    assert s.view(3)["to_act"] is None
    assert hot(vector, layout, "to_act") is None and part(vector, layout, "over") == [1.0]
    assert hot(vector, layout, "winner") == 3


def test_sizes_per_table_and_no_table_of_two_gangs() -> None:
    assert ENCODING is not None
    sizes = {(players, police): ENCODING.layout(players, GAME.resolve_options({"police_player": police})).size
             for players, police in ((3, False), (4, False), (4, True), (5, True))}
    assert sizes == {(3, False): 3051, (4, False): 3928, (4, True): 3057, (5, True): 3934}
    with pytest.raises(ValueError, match="3 or 4 gangs"):
        ENCODING.layout(3, GAME.resolve_options({"police_player": True}))
