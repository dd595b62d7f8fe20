"""Supergang's state, first slice: set-up, the gang turn, movement, manholes, the peaceful shop actions,
the bank and the district victory. Each test quotes the fragment line (supergang-en-fragment.txt, L1-L94)
or the decision of docs/rules/supergang.md (S1-S39) it checks.
"""

from __future__ import annotations

import json
import random

import pytest

from gangland.engine.errors import IllegalAction, OptionError
from gangland.engine.seats import SEAT_REFS
from gangland.games import get
from gangland.games.supergang.actions import (
    BUY0,
    CHAR0,
    DEST0,
    DONE,
    MANHOLE0,
    NUM_ACTIONS,
    PLACE,
    PURCHASE,
    RACKET,
    RECALL0,
    STAY,
    char_action,
    dest_parts,
)
from gangland.games.supergang.board import moves, moves_from_jail
from gangland.games.supergang.constants import CLINIC, DEALER, GRAVEYARD, JAIL, KILLER, VAMP
from gangland.games.supergang.movement import move_options
from gangland.games.supergang.options import SAFETY_LIMIT_ROUNDS
from gangland.games.supergang.phases import ACT, CHOOSE, MOVE, RESURFACE
from gangland.games.supergang.shops import placeable_sections
from gangland.games.supergang.state import SupergangState
from gangland.games.supergang.turn import incomes, start_gang_turn
from gangland.games.supergang.victory import (
    DISTRICT,
    EVERYONE_DEAD,
    LAST_GANG,
    POLICE,
    SAFETY_LIMIT,
    check_last_gang,
    ending_kind,
)

GAME = get("supergang")


def new(players: int = 4, seed: int = 1, **options: object) -> SupergangState:
    return SupergangState.new(players, seed, {"first_seat": "seat0", **options})


def total_money(s: SupergangState) -> int:
    return s.bank + sum(s.money)


def stop_at(s: SupergangState, role: int, target: str) -> None:
    """Put the turn player's `role` on a square next to `target` with a die of 1, then move it there."""
    assert s.phase == CHOOSE
    board = s.geo.board
    c = 3 * s.turn_player + role
    start = board.shops[target].entrances[0] if target in board.shops else board.neighbours(target)[0]
    s.pos[c], s.prev[c], s.entry[c] = start, None, None
    s.dice[c] = 1
    s._legal = None
    s.apply(char_action(s.turn_player, role))
    if s.phase == RESURFACE:
        s.apply(STAY)
    options = move_options(s, c)
    s.apply(next(a for a, m in options.items() if m.end == target))
    assert s.pos[c] == target


def shop_of(s: SupergangState, kind: str) -> str:
    return next(sid for sid in s.geo.shops if s.geo.board.shops[sid].kind == kind)


# -- set-up ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "bank"), [(3, 1000), (4, 1320)])
def test_setup(players: int, bank: int) -> None:
    # L3 "The first player puts his three characters in the center (jail)"; L5 "You start without
    # money."; L84 "The bank owns 1320 millions for 4 players, 1000 millions for 3 players"; S3: 15 tokens.
    s = SupergangState.new(players, 7, {})
    assert s.pos == [JAIL] * (3 * players)
    assert s.bank == bank and s.money == [0] * players
    assert s.tokens == [15] * players
    assert s.round == 1 and s.turn_player == s.first and s.to_act == s.first
    mine = range(3 * s.first, 3 * s.first + 3)
    assert s.phase == CHOOSE and all(1 <= s.dice[c] <= 6 for c in mine)
    assert all(s.dice[c] == 0 for c in range(3 * players) if c not in mine)


def test_first_player_by_three_dice() -> None:
    # S3: "every player throws his three dice, the highest total starts, ties throw again".
    firsts = {SupergangState.new(4, seed, {}).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    s = SupergangState.new(4, 3, {})
    assert any(e.startswith("first player throw") for e in s.events)
    assert new().first == 0


def test_player_counts_and_options_checked() -> None:
    # L1 "For 3 - 4 players." (the police variant's fifth seat is not in this slice)
    for players in (2, 5):
        with pytest.raises(OptionError):
            SupergangState.new(players, 1, {})
    with pytest.raises(OptionError):
        SupergangState.new(3, 1, {"nope": 1})
    with pytest.raises(OptionError):
        SupergangState.new(3, 1, {"shop_exit": "sideways"})


# -- movement ----------------------------------------------------------------------------------------


def test_leaving_the_jail_by_the_die_face() -> None:
    # L4 "Each character starts straight ahead, in the direction shown by its dice." (S6)
    s = new()
    for role in range(3):
        c = 3 * s.turn_player + role
        die = s.dice[role]
        s.apply(char_action(s.turn_player, role))
        assert s.phase == MOVE
        expected = {m.path for m in moves_from_jail(s.geo.board, die, die)}
        assert {m.path for m in move_options(s, c).values()} <= expected
        assert {m.end for m in move_options(s, c).values()} == {p[-1] for p in expected}
        action = s.legal_actions()[0]
        move = move_options(s, c)[action]
        s.apply(action)
        assert s.pos[c] == move.end and len(move.path) == die
        assert move.path[0] == s.geo.board.jail_exits[die].square
        while s.phase == ACT:
            s.apply(DONE)


def test_movement_is_exact_and_never_turns_back() -> None:
    # L7 "Each gangster must move the number of squares indicated by his dice."; S7 "never turning back":
    # the legal destinations are exactly the ends of board.moves(start, came_from, die).
    s = new()
    board = s.geo.board
    c = 3 * s.turn_player + KILLER
    s.pos[c], s.prev[c] = "s02_04", "s01_04"
    for die in range(1, 7):
        s.dice[KILLER], s._legal = die, None
        options = move_options(s, c)
        expected = moves(board, "s02_04", "s01_04", die)
        assert {m.end for m in options.values()} == {m.end for m in expected}
        assert all(len(m.path) == die and m.path[0] != "s01_04" for m in options.values())
        assert all(m in expected for m in options.values())


def test_the_player_picks_the_order_and_the_destination() -> None:
    # L38 "he has the choice of the order"; S5 the player picks which character goes next.
    s = new()
    assert s.legal_actions() == [char_action(0, r) for r in range(3)]
    s.apply(char_action(0, DEALER))
    assert s.moved[:3] == [False, False, True] and s.phase == MOVE
    assert all(a >= DEST0 for a in s.legal_actions())


def test_heading_is_kept_after_a_move() -> None:
    # S7 "never turning back": after stopping, the next move may not go back to the square just left.
    s = new()
    c = 3 * s.turn_player + VAMP
    s.pos[c], s.prev[c] = "s02_04", "s01_04"
    s.dice[VAMP] = 2
    s.apply(char_action(s.turn_player, VAMP))
    action = next(a for a, m in move_options(s, c).items() if m.end in s.geo.board.squares)
    move = move_options(s, c)[action]
    s.apply(action)
    assert s.pos[c] == move.end and s.prev[c] == move.path[-2]
    place, _ = dest_parts(action)
    assert s.geo.places[place] == move.end


def test_a_shop_is_entered_only_at_the_end_and_not_twice() -> None:
    # L10 "A character may stop in a shop at the last square of his move."; L13 "he may never cross the
    # shop square twice in the same turn."
    s = new()
    shop = shop_of(s, "basic")
    stop_at(s, KILLER, shop)
    c = 3 * s.turn_player + KILLER
    for die in range(1, 7):
        s.dice[KILLER] = die
        for m in move_options(s, c).values():
            assert m.end != shop
            assert all(p not in s.geo.board.shops for p in m.path[:-1])


def test_leaving_a_shop_with_one_frees_the_heading() -> None:
    # L14 "To go out of a shop with "one" on the dice enables to choose a direction on the next turn
    # (even to go back in the shop)."
    s = new()
    shop = shop_of(s, "basic")
    stop_at(s, KILLER, shop)
    c = 3 * s.turn_player + KILLER
    s.dice[KILLER] = 1
    (move,) = move_options(s, c).values()
    assert move.path == (s.entry[c],)
    s.pos[c], s.prev[c], s.entry[c] = move.end, None, None  # as the move with a one leaves it
    assert shop in {m.end for m in move_options(s, c).values()}


def test_manhole_resurfacing() -> None:
    # L15 "To stop on a manhole allows on the next turn to resurface by any other manhole, at the player
    # wish." (S10, manhole_move "then_move")
    s = new()
    holes = s.geo.manholes
    stop_at(s, KILLER, holes[0])
    s.apply(DONE)  # no coward attack (S19)
    for role in (VAMP, DEALER):
        s.apply(char_action(0, role))
        s.apply(s.legal_actions()[0])
        while s.phase == ACT:
            s.apply(DONE)
    while s.turn_player != 0:  # the other gangs play
        a = s.legal_actions()
        s.apply(DONE if DONE in a else a[0])
    c = KILLER
    assert s.pos[c] == holes[0]
    s.apply(char_action(0, KILLER))
    assert s.phase == RESURFACE
    assert s.legal_actions() == [STAY] + [MANHOLE0 + m for m in range(1, len(holes))]
    s.apply(MANHOLE0 + 2)
    assert s.phase == MOVE
    expected = moves(s.geo.board, holes[2], None, s.dice[KILLER])
    assert {m.end for m in move_options(s, c).values()} == {m.end for m in expected}


def test_manhole_instead_option() -> None:
    # S10 option manhole_move "instead": resurfacing is the whole move.
    s = new(manhole_move="instead")
    holes = s.geo.manholes
    c = 3 * s.turn_player + VAMP
    s.pos[c] = holes[1]
    s.apply(char_action(0, VAMP))
    s.apply(MANHOLE0 + 3)
    assert s.pos[c] == holes[3] and s.phase == ACT  # S10 "stops there, and acts" (S19 coward attack)
    s.apply(DONE)
    assert s.phase == CHOOSE


# -- shop actions --------------------------------------------------------------------------------------


def test_racket() -> None:
    # L39 "RACKET 5 each turn"; S13: a token in an unowned, unracketed shop, no cost.
    s = new()
    shop = shop_of(s, "basic")
    stop_at(s, VAMP, shop)
    assert RACKET in s.legal_actions()
    s.apply(RACKET)
    i = s.geo.shop_index[shop]
    assert s.racket[i] == 0 and s.tokens[0] == 14 and s.money[0] == 0
    incomes(s, 0)
    assert s.money[0] == 5 and s.bank == 1315


def test_racketed_shop_cannot_be_racketed_again() -> None:
    # S13: racketing a shop already racketed (or owned) is not possible (open question 10).
    s = new()
    shop = shop_of(s, "basic")
    s.racket[s.geo.shop_index[shop]] = 2
    stop_at(s, VAMP, shop)
    assert RACKET not in s.legal_actions()


def test_no_token_left_means_taking_one_off_the_board() -> None:
    # L85 "When a player has no more racket token in the bank, he must remove either a racket or an
    # ownership somewhere on the gameboard if he wants to indicate a new ownership." (S13)
    s = new()
    basic, star = shop_of(s, "basic"), shop_of(s, "star")
    owned, racketed = s.geo.shop_index[basic], s.geo.shop_index[shop_of(s, "D")]
    s.owner[owned], s.racket[racketed], s.tokens[0] = 0, 0, 0
    s.money[0], s.bank = 100, s.bank - 100
    stop_at(s, VAMP, star)
    legal = s.legal_actions()
    assert RACKET not in legal and PURCHASE not in legal
    assert [a - RECALL0 for a in legal if a >= RECALL0] == sorted([owned, racketed])
    s.apply(RECALL0 + racketed)
    assert s.racket[racketed] == -1 and s.tokens[0] == 1 and s.owner[owned] == 0
    assert "takes its racket token off" in s.events[-1]
    legal = s.legal_actions()
    assert RACKET in legal and PURCHASE in legal and not [a for a in legal if a >= RECALL0]
    s.apply(PURCHASE)
    assert s.owner[s.geo.shop_index[star]] == 0 and s.tokens[0] == 0
    # With a token in hand, or nothing to mark here, no token comes off the board.
    s = new()
    s.owner[owned], s.tokens[0] = 0, 0
    stop_at(s, VAMP, "s02_04")  # a street square
    assert not [a for a in s.legal_actions() if a >= RECALL0]


def test_purchase_and_income() -> None:
    # L39 "PURCHASE Basic Shop 50 10 Other Shop 100 10"; S14.
    s = new()
    basic, star = shop_of(s, "basic"), shop_of(s, "star")
    s.money[0], s.bank = 200, s.bank - 200
    stop_at(s, VAMP, basic)
    s.apply(PURCHASE)
    stop_at(s, KILLER, star)
    s.apply(PURCHASE)
    assert s.money[0] == 50 and s.bank == 1320 - 50
    assert s.owner[s.geo.shop_index[basic]] == 0 and s.owner[s.geo.shop_index[star]] == 0
    assert s.tokens[0] == 13
    incomes(s, 0)
    assert s.money[0] == 70


def test_purchase_removes_a_racket() -> None:
    # L18 "A racketed shop remains free to buy."; L19 "It is possible to purchase a racketed shop, in
    # this case the racket token is removed."
    s = new()
    shop = shop_of(s, "basic")
    i = s.geo.shop_index[shop]
    s.racket[i], s.tokens[2] = 2, 14
    s.money[0], s.bank = 50, s.bank - 50
    stop_at(s, VAMP, shop)
    assert PURCHASE in s.legal_actions()
    s.apply(PURCHASE)
    assert s.racket[i] == -1 and s.tokens[2] == 15 and s.owner[i] == 0


def test_purchase_needs_the_money_and_the_killer_option() -> None:
    # S34 "A payment a gang cannot make fully is not allowed"; S14 option killer_may_buy (L37).
    s = new()
    shop = shop_of(s, "basic")
    s.money[0], s.bank = 49, s.bank - 49
    stop_at(s, VAMP, shop)
    assert PURCHASE not in s.legal_actions()
    s = new(killer_may_buy=False)
    s.money[0], s.bank = 100, s.bank - 100
    stop_at(s, KILLER, shop)
    assert PURCHASE not in s.legal_actions()


def test_traffic_buying() -> None:
    # L28 "He buys traffic pawns in shops printed with a star, at the price of 5 millions the two, but he
    # can not buy more than ten at once."
    s = new()
    star = shop_of(s, "star")
    s.money[0], s.bank = 100, s.bank - 100
    stop_at(s, VAMP, star)
    assert not any(BUY0 <= a < PLACE for a in s.legal_actions())  # only the dealer
    s.apply(DONE)
    stop_at(s, DEALER, star)
    buys = [a for a in s.legal_actions() if BUY0 <= a < PLACE]
    assert buys == [BUY0 + k for k in range(5)]
    s.apply(BUY0 + 4)
    assert s.pawn_stock[0] == 10 and s.money[0] == 75 and s.bank == 1320 - 75
    assert not any(BUY0 <= a < PLACE for a in s.legal_actions())  # once per stop


def test_traffic_placing_and_income() -> None:
    # L30 "The dealer may put a traffic pawn and only one on each empty section touching the square in
    # which he has stopped."; L31 pawns not placed "yield nothing"; L39 "TRAFFIC 5 for 2 5".
    s = new()
    s.pawn_stock[0], s.pawn_supply[0] = 10, 10
    board = s.geo.board
    square = next(sq for sq in sorted(board.squares) if len(board.sections_touching(sq)) >= 2)
    stop_at(s, DEALER, square)
    assert PLACE in s.legal_actions()
    s.apply(PLACE)
    touching = board.sections_touching(square)
    assert all(s.pawns[sec] == 0 for sec in touching)
    assert s.pawn_stock[0] == 10 - len(touching)
    before = s.money[0]
    incomes(s, 0)
    assert s.money[0] - before == 5 * len(touching)
    s.pos[DEALER] = JAIL  # L46 a dealer in jail "deprives the gang of the traffic 's incomes"
    before = s.money[0]
    incomes(s, 0)
    assert s.money[0] == before


def test_no_traffic_along_a_rival_shop() -> None:
    # L33 "It is impossible to deal on the shop 's sidewalls from someone else."
    s = new()
    board = s.geo.board
    sec = next(x for x in board.sections.values() if x.shops)
    for shop in sec.shops:
        s.owner[s.geo.shop_index[shop]] = 1
    s.pawn_stock[0] = 4
    stop_at(s, DEALER, sec.squares[0])
    assert sec.id not in placeable_sections(s, DEALER)


def test_purchase_recolours_pawns_lining_the_shop() -> None:
    # L32 "If the ownership is modified, all the traffic pawns lining a shop freely take the color of the
    # new owner." (applied to a purchase too: decision of this slice)
    s = new()
    shop = shop_of(s, "basic")
    sec = s.geo.board.sections_lining(shop)[0]
    s.pawns[sec] = 3
    s.money[0], s.bank = 50, s.bank - 50
    stop_at(s, VAMP, shop)
    s.apply(PURCHASE)
    assert s.pawns[sec] == 0


# -- money ---------------------------------------------------------------------------------------------


def test_the_bank_pays_what_it_has() -> None:
    # L84 "... and not any more million"; S34 "A bank that must pay pays what it has".
    s = new()
    for i in range(8):
        s.owner[i] = 0
    s.money[1], s.bank = s.bank - 30, 30
    incomes(s, 0)
    assert s.bank == 0 and s.money[0] == 30
    incomes(s, 0)
    assert s.bank == 0 and total_money(s) == 1320


@pytest.mark.parametrize("players", [3, 4])
def test_money_is_conserved_and_the_bank_never_negative(players: int) -> None:
    # S34 "money is conserved"; L34 "The loan of cash between players is strickly forbidden."
    for seed in range(6):
        s = SupergangState.new(players, seed, {"turn_limit": 30})
        start = total_money(s)
        rng = random.Random(seed)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
            assert s.bank >= 0 and min(s.money) >= 0
            assert total_money(s) == start


def test_neutralized_gang_earns_only_from_shops() -> None:
    # L35 "When a gang is completely neutralized (jail, graveyard, clinic), he only earns incomes from
    # properties."
    s = new()
    s.owner[0], s.racket[1] = 1, 1
    incomes(s, 1)
    assert s.money[1] == 10


# -- victory and the end ---------------------------------------------------------------------------------


def test_district_victory() -> None:
    # S37 (1): "a gang owns every shop of one district: it wins"; S46: the result says which district,
    # who and in which round.
    s = new()
    board = s.geo.board
    district = board.shops[s.geo.shops[0]].district
    rest = [sid for sid in s.geo.shops if board.shops[sid].district == district]
    last = rest.pop()
    for sid in rest:
        s.owner[s.geo.shop_index[sid]] = 0
    s.money[0], s.bank = 100, s.bank - 100
    stop_at(s, VAMP, last)
    s.apply(PURCHASE)
    assert s.is_over and s.to_act is None and s.legal_actions() == []
    assert s.winner == 0 and s.result().winners == (0,)
    assert s.result().ranks[0] == 1 and s.result().scores == (1, 0, 0, 0)
    assert ending_kind(s) == DISTRICT
    assert s.result().ending == f"{SEAT_REFS[0]} owns every shop of district {district} in round 1 and wins"


def at_round(players: int = 3, rnd: int = 4, **options: object) -> SupergangState:
    """A new game moved on to round `rnd` (the last-gang and police wins count from round 4, S37)."""
    s = new(players, **options)
    s.round = rnd
    return s


def test_last_gang_ending_says_where_the_others_are() -> None:
    # S37 (2) (notes: "the last gang with a free character"); S46: the result names the winner, the
    # round, and where every other gang's characters are: jail, clinic, graveyard, or vamped away (L41).
    s = at_round()
    s.pos[KILLER] = s.pos[3 + VAMP] = s.geo.manholes[0]  # seat 0's killer free; seat 1's vamp vamped
    s.captor[3 + VAMP] = VAMP
    s.pos[3 + KILLER], s.pos[3 + DEALER] = CLINIC, GRAVEYARD
    s.pos[VAMP] = s.pos[DEALER] = s.pos[6 + DEALER] = GRAVEYARD  # seat 2: killer and vamp in the jail
    check_last_gang(s)
    assert s.is_over and s.winner == 0 and ending_kind(s) == LAST_GANG
    r = s.result()
    assert r.winners == (0,) and r.scores == (1, 0, 0)
    assert r.ending == (f"{SEAT_REFS[0]} is the last gang with a free character in round 4 and wins "
                        f"({SEAT_REFS[1]}: killer in the clinic, vamp vamped by {SEAT_REFS[0]}, dealer in "
                        f"the graveyard; {SEAT_REFS[2]}: killer in the jail, vamp in the jail, dealer in the "
                        "graveyard)")


def test_police_ending() -> None:
    # L91 "The player wins as soon as all the gangsters are in the graveyard, the clinic or jail." (S36);
    # S46: the result says so, with where every gang's characters are.
    s = at_round(4, police_player=True)
    s.pos[KILLER], s.pos[3 + VAMP] = CLINIC, GRAVEYARD
    check_last_gang(s)
    assert s.is_over and s.winner == 3 and ending_kind(s) == POLICE
    r = s.result()
    assert r.winners == (3,) and r.scores == (0, 0, 0, 1)
    assert r.ending.startswith("every gangster is in the jail, the clinic or the graveyard in round 4: the "
                               f"police player wins (L91) ({SEAT_REFS[0]}: killer in the clinic, vamp in the "
                               "jail, dealer in the jail; ")


@pytest.mark.parametrize("police", [False, True])
def test_everyone_in_the_graveyard(police: bool) -> None:
    # S26: with every character in the graveyard nobody can recruit again (L78: only from a shop, by a
    # free character, S17) and the game ends; nobody won by the rules, so it is a draw shared by the
    # gangs (S46), but in the variant it is the police player's win (L91: "all the gangsters are in the
    # graveyard").
    s = at_round(4 if police else 3, 6, police_player=police)
    s.pos = [GRAVEYARD] * len(s.pos)
    start_gang_turn(s)
    assert s.is_over and ending_kind(s) == (POLICE if police else EVERYONE_DEAD)
    r = s.result()
    assert r.winners == ((3,) if police else (0, 1, 2))
    if not police:
        assert r.scores == (1, 1, 1) and r.ranks == (1, 1, 1)
        assert r.ending.startswith("every character is in the graveyard in round 6: nobody can recruit "
                                   "again, no gang won by the rules: a draw shared by the gangs")


@pytest.mark.parametrize("players", [3, 4])
def test_the_safety_limit_is_a_draw_of_the_gangs(players: int) -> None:
    # S37, S39, S46: the fragment has no turn limit and no tie-break ("most shops, then most money" was
    # invented); `turn_limit` only stops a game that its rules have not ended, as undecided: every gang
    # shares the draw whatever its shops and money, and the police player does not win. S4: a round is
    # every gang once.
    police = players == 4
    s = new(players, turn_limit=2, police_player=police)
    gangs = 3
    s.owner[0] = 1  # shops and money decide nothing at the limit
    s.money[2], s.bank = 200, s.bank - 200
    rng = random.Random(0)
    turns = []
    while not s.is_over:
        turns.append((s.round, s.turn_player))
        s.apply(rng.choice(s.legal_actions()))
    assert sorted(set(turns)) == [(r, p) for r in (1, 2) for p in range(gangs)]
    assert ending_kind(s) == SAFETY_LIMIT and s.winner == -1
    r = s.result()
    assert r.winners == (0, 1, 2) and r.scores[:3] == (1, 1, 1) and r.ranks[:3] == (1, 1, 1)
    assert [b["victory"] for b in r.breakdown] == list(r.scores)
    assert r.ending == ("stopped at the safety limit of 2 rounds (not a rule): no gang won by the rules, a "
                        "draw shared by the gangs")
    assert r.standing[1]["shops"] == 1 and r.standing[2]["money"] >= 200  # shown, not counted
    if police:
        assert r.scores[3] == 0 and r.ranks[3] == 4


def test_the_safety_limit_is_far_beyond_the_games_length() -> None:
    # L1 "2H to 3H" at L86's four minutes a gang turn is some 8-15 rounds: the default safety limit
    # (one constant, S37) lies well beyond it, and 0 takes it away.
    assert GAME.resolve_options(None)["turn_limit"] == SAFETY_LIMIT_ROUNDS >= 4 * 15
    assert new(3, turn_limit=0).options["turn_limit"] == 0


@pytest.mark.parametrize(("round_start", "starters"), [("first", [1, 1, 1, 1]), ("rotate", [1, 2, 0, 1])])
def test_who_begins_each_round(round_start: str, starters: list[int]) -> None:
    # L58 "At each turn of play, each player throws all the dices together" and L3 "The first player":
    # the fragment names a first player and never passes the start on, so by default the first player
    # begins every round (S4); option round_start "rotate" passes the start to the left each round (S45).
    s = SupergangState.new(3, 0, {"round_start": round_start, "turn_limit": 4})
    assert s.first == 1  # seat 1 won the first player's throw (S3)
    rng = random.Random(0)
    turns: list[tuple[int, int]] = []
    while not s.is_over:
        if not turns or turns[-1] != (s.round, s.turn_player):
            turns.append((s.round, s.turn_player))
        s.apply(rng.choice(s.legal_actions()))
    assert [next(p for r, p in turns if r == n) for n in (1, 2, 3, 4)] == starters
    for n in (1, 2, 3, 4):  # every gang still plays once a round, clockwise from the round's starter
        assert [p for r, p in turns if r == n] == [(starters[n - 1] + k) % 3 for k in range(3)]


@pytest.mark.parametrize("players", [3, 4])
def test_random_playouts_end(players: int) -> None:
    # S39 "turn_limit (S37) ... keep simulations finite."
    for seed in range(10):
        s = SupergangState.new(players, seed, {"turn_limit": 25})
        rng = random.Random(seed)
        steps = 0
        while not s.is_over:
            legal = s.legal_actions()
            assert legal and all(0 <= a < NUM_ACTIONS for a in legal) and legal == sorted(legal)
            s.apply(rng.choice(legal))
            steps += 1
        assert s.round <= 25 and steps > 0
        s.result()


# -- the contract -----------------------------------------------------------------------------------------


def test_illegal_actions_change_nothing() -> None:
    # State.apply: "Raises IllegalAction ... and leaves the state unchanged".
    s = new()
    before = json.dumps(s.view(None), sort_keys=True)
    for bad in (-1, NUM_ACTIONS, RACKET, PURCHASE, DONE, char_action(1, 0), True, 1.0, "1", None):
        with pytest.raises(IllegalAction):
            s.apply(bad)  # type: ignore[arg-type]
        assert json.dumps(s.view(None), sort_keys=True) == before
    s.apply(CHAR0)
    with pytest.raises(IllegalAction):
        s.apply(CHAR0 + 1)
    assert s.phase == MOVE


def test_clone_is_independent() -> None:
    s = new()
    c = s.clone()
    c.apply(c.legal_actions()[0])
    c.apply(c.legal_actions()[0])
    c.money[0] += 5
    assert s.phase == CHOOSE and s.money[0] == 0 and s.pos[0] == JAIL
    assert json.dumps(s.clone().view(0)) == json.dumps(s.view(0))


def test_determinize_keeps_the_view_and_redraws_the_dice() -> None:
    # S38 "Everything is public ... The randomness: the dice": only the future dice are re-drawn.
    s = new()
    rng = random.Random(5)
    for _ in range(20):
        s.apply(rng.choice(s.legal_actions()))
    d = s.determinize(1, random.Random(9))
    assert d.view(1) == s.view(1)
    assert d._rng != s._rng
    json.dumps(s.view(None))


def test_view_is_public_and_the_same_for_all() -> None:
    # S38 "Everything is public (board, money, records, tokens, stocks)."
    s = new()
    views = [s.view(seat) for seat in range(4)]
    for v in views:
        v.pop("seat")
    assert all(v == views[0] for v in views)
    assert views[0]["bank"] == 1320 and views[0]["gangs"][0]["tokens"] == 15


def test_the_phase_aliases_equal_their_members() -> None:
    """phases.py's Final int aliases (for the compiled hot code) are the `Phase` members' values."""
    from gangland.games.supergang import phases

    assert {name: getattr(phases, name) for name in phases.Phase.__members__} == {
        name: int(member) for name, member in phases.Phase.__members__.items()}
