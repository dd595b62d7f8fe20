"""Razzia! rules: one test per rule, each quoting the razzia.txt passage it checks.

Decisions where the text is silent or garbled are in docs/rules/razzia.md; tests of those quote the
passage they interpret and name the rule option. In the four-player examples the seats are Dennis 0,
Miriam 1, Felix 2, Elke 3 with cheque_sets="by_seat" (see tests/razzia/helpers.py).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gangland.engine import ActionParseError, IllegalAction
from gangland.games.razzia import GAME, RazziaState, phases
from gangland.games.razzia.actions import COURT, DONE, DRAW, NUM_ACTIONS, PASS, bid_action, steal_action
from gangland.games.razzia.cards import (
    BLACK_CROSS,
    BODYGUARD,
    BOOTY_KINDS,
    BROOCH,
    BUSINESSES,
    CAR,
    CARD_COUNTS,
    CASINO,
    CHAIN,
    DIAMOND,
    DRIVER,
    FILM,
    GOLD,
    POLICE,
    POLICE_LIMIT,
    RESTAURANT,
    RING,
    ROUNDS,
    THIEF,
    TRINKETS,
    WATCH,
)
from gangland.games.razzia.phases import AUCTION, OVER, THIEF_USE, TURN, Phase
from gangland.games.razzia.rules import APPLY, LEGAL

from .helpers import (
    DENNIS,
    ELKE,
    FELIX,
    MIRIAM,
    draw,
    finish_round,
    force_next,
    give,
    new_state,
    play,
    set_cheques,
    set_row,
    snapshot,
    take_from_deck,
)

RULEBOOK_SETS = {
    # razzia.txt "Play preparation" tables and "Variant for two players".
    2: [[2, 5, 6, 9], [3, 4, 7, 8]],
    3: [[2, 5, 8, 13], [3, 6, 9, 12], [4, 7, 10, 11]],
    4: [[2, 6, 13], [3, 7, 12], [4, 8, 11], [5, 9, 10]],
    5: [[2, 7, 16], [3, 8, 15], [4, 9, 14], [5, 10, 13], [6, 11, 12]],
}


def box_total(state: RazziaState) -> int:
    return sum(state.box)


def all_cards(state: RazziaState) -> Counter[int]:
    """Every card wherever it is: deck, row, police beside the board, estates, box."""
    cards = Counter(state.deck) + Counter(state.row)
    cards[POLICE] += state.police
    for estate in state.estate:
        cards.update({kind: n for kind, n in enumerate(estate) if n})
    cards.update({kind: n for kind, n in enumerate(state.box) if n})
    return cards


def all_cheques(state: RazziaState) -> list[int]:
    held = [c for seat in state.up for c in seat] + [c for seat in state.down for c in seat]
    return sorted([state.centre, *held])


# == Contents and play preparation ================================================================


def test_the_phase_aliases_are_the_phases() -> None:
    """phases.py's Final ints, which the hot paths compare, are the members of Phase; the phase table has
    an entry for each."""
    assert [getattr(phases, phase.name) for phase in Phase] == list(Phase) == [TURN, AUCTION, THIEF_USE, OVER]
    assert len(LEGAL) == len(APPLY) == len(phases.PHASE_NAMES) == len(Phase)


def test_contents() -> None:
    # razzia.txt: "99 Booty Cards ... 20 x Red - 20 Trinkets (4 each of Ring, Watch, Brooch, Chain and
    # Diamond) 16 x Purple - 16 Bodyguards ... 26 x Green - 16 Cars and 10 Drivers 6 x Blue - 6 Thieves
    # 3 x Gold - 3 Gold Coin Cards 28 x Brown - 28 Businesses (4 each of: ...) 21 Police Cards"
    # The line "10 x 1 uipic" is an extraction artefact of the green row, not a seventh booty type.
    deck = Counter(new_state().deck)
    assert sum(deck.values()) == 120
    assert sum(n for kind, n in deck.items() if kind != POLICE) == 99
    assert all(deck[t] == 4 for t in TRINKETS)
    assert deck[BODYGUARD] == 16
    assert deck[CAR] + deck[DRIVER] == 26 and deck[CAR] == 16 and deck[DRIVER] == 10
    assert deck[THIEF] == 6
    assert deck[GOLD] == 3
    assert all(deck[b] == 4 for b in BUSINESSES) and len(BUSINESSES) == 7
    assert deck[POLICE] == 21
    assert BOOTY_KINDS == 17 and len(CARD_COUNTS) == 18


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_cheque_sets_by_seat(players: int) -> None:
    # razzia.txt: "From the remaining cheques each player takes the following cheques: 3 players
    # Player A: 2.000, 5.000, 8.000, 13.000 ..." (and the 4 and 5 player tables);
    # "Variant for two players": "A player receives the cheques with the values 2.000, 5.000, 6.000
    # and 9.000. The other player receives the cheques with the values 3.000, 4.000, 7.000 and 8.000."
    # Option cheque_sets="by_seat": player A's set to seat 0, B's to seat 1...
    state = new_state(players, cheque_sets="by_seat")
    assert state.up == RULEBOOK_SETS[players]
    assert state.down == [[] for _ in range(players)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_centre_cheque_is_the_1(players: int) -> None:
    # razzia.txt: "The cheque with the value 1.000 is placed face up (in direction of arrow) beside
    # the board." (two players: "The 1.000 cheque is placed face up beside the board in the table
    # center.")
    for options in ({"cheque_sets": "by_seat"}, {"cheque_sets": "shuffled"}):
        assert new_state(players, **options).centre == 1


@pytest.mark.parametrize(("players", "in_play"), [(2, range(1, 10)), (3, range(1, 14)),
                                                   (4, range(1, 14)), (5, range(1, 17))])
def test_cheques_returned_to_the_box(players: int, in_play: range) -> None:
    # razzia.txt: "With five players all 16 cheques are needed. With three and four players only, the
    # cheques used are 1.000-13.000; the cheques 14.000-16.000 are returned to the box."
    # razzia.txt (two players): "The cheques with the values 10.000 - 16.000 are removed from the
    # game and put into the box. Only 9 cheques are thus needed for the play."
    for seed in range(5):
        assert all_cheques(new_state(players, seed, cheque_sets="shuffled")) == list(in_play)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_cheques_per_player(players: int) -> None:
    # razzia.txt: "has three cheques at one's disposal to use over three rounds (four cheques for 3
    # players)"; the two-player variant deals four each.
    expected = {2: 4, 3: 4, 4: 3, 5: 3}[players]
    assert [len(c) for c in new_state(players).up] == [expected] * players


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_cheque_sets_shuffled_deals_the_table_sets_at_random(players: int) -> None:
    # razzia.txt: "each player takes the following cheques" -- which player is A, B, C... is not
    # said; option cheque_sets="shuffled" (the default) deals the sets at random.
    assert GAME.resolve_options(None)["cheque_sets"] == "shuffled"
    seen = set()
    for seed in range(40):
        up = GAME.new_game(players, seed).up  # type: ignore[attr-defined]
        assert sorted(up) == sorted(RULEBOOK_SETS[players])
        seen.add(tuple(map(tuple, up)))
    assert len(seen) > 1
    again = new_state(players, 3, cheque_sets="shuffled")
    assert again.up == new_state(players, 3, cheque_sets="shuffled").up  # the seed decides


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_equal_piles_of_all_120_cards(players: int) -> None:
    # razzia.txt: "The 120 game cards are well shuffled and divided then in two piles (equal in
    # size). The two piles are put face down beside the board."
    state = new_state(players)
    assert state.piles == [60, 60]
    assert len(state.deck) == 120
    assert Counter(state.deck) == {kind: n for kind, n in enumerate(CARD_COUNTS)}
    assert state.row == [] and state.police == 0 and box_total(state) == 0
    assert all(sum(e) == 0 for e in state.estate)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("cheque_sets", ["shuffled", "by_seat"])
def test_highest_cheque_starts_the_game(players: int, cheque_sets: str) -> None:
    # razzia.txt: "The player with the highest cheques starts the game."
    top = {2: 9, 3: 13, 4: 13, 5: 16}[players]
    for seed in range(10):
        state = new_state(players, seed, cheque_sets=cheque_sets)
        assert state.round == 1 and state.phase == TURN
        assert top in state.up[state.to_act]  # type: ignore[index]


def test_a_turn_offers_the_three_actions() -> None:
    # razzia.txt: "Each player chooses 1 of 3 actions to perform." (A: draw, B: use a thief,
    # C: proclaim a court auction). Without a thief there is nothing to steal with.
    state = new_state()
    assert state.legal_actions() == [DRAW, COURT]
    set_row(state, [WATCH, GOLD])
    give(state, DENNIS, THIEF)
    assert state.legal_actions() == [DRAW, COURT, steal_action(WATCH), steal_action(GOLD)]


# == Action A: drawing ============================================================================


def test_booty_is_laid_in_the_row_and_the_turn_passes_left() -> None:
    # razzia.txt: "Example: Miriam begins and uncovers a trinket (watch). She puts it directly beside
    # the board. Felix uncovers a car and puts it right beside the watch. Elke uncovers a bodyguard
    # and puts it right beside the car."
    state = new_state()
    state.turn = MIRIAM
    draw(state, WATCH)
    assert state.row == [WATCH] and state.to_act == FELIX
    draw(state, CAR)
    assert state.row == [WATCH, CAR] and state.to_act == ELKE
    draw(state, BODYGUARD)
    assert state.row == [WATCH, CAR, BODYGUARD] and state.to_act == DENNIS
    assert state.view(None)["row"] == ["watch", "car", "bodyguard"]
    assert len(state.deck) == 117 and sum(state.piles) == 117


def test_police_starts_a_normal_auction_left_of_the_drawer() -> None:
    # razzia.txt: "The policeman is put above the cheque beside the board ... Now play is interrupted
    # and a normal auction is done." "The player to the left of the one who uncovered the policeman,
    # goes first, then clockwise through the rest of the players."
    # razzia.txt: "Example: Dennis uncovers a policeman, which is put beside the board. A normal
    # auction now takes place."
    state = new_state()
    set_row(state, [WATCH, CAR])
    assert state.to_act == DENNIS
    draw(state, POLICE)
    assert state.police == 1
    assert state.phase == AUCTION and state.to_act == MIRIAM
    assert state.a_queue == [MIRIAM, FELIX, ELKE, DENNIS]  # the drawer bids last
    auction = state.view(None)["auction"]
    assert auction["kind"] == "normal" and auction["caller"] == DENNIS and auction["to_bid"] == [1, 2, 3, 0]
    assert state.row == [WATCH, CAR]  # the booty is what is auctioned


def test_police_with_an_empty_row_still_starts_an_auction() -> None:
    # razzia.txt: "A policeman is uncovered ... Now play is interrupted and a normal auction is done."
    # (no exception for an empty row: the auction can still trade cheques)
    state = new_state()
    draw(state, POLICE)
    assert state.phase == AUCTION and state.to_act == MIRIAM


def test_auction_example() -> None:
    # razzia.txt: "Example: Dennis uncovered the policeman. The player to the left of him, Miriam,
    # begins the normal auction and offers a 7.000 cheque. Felix passes. Elke offers a 9.000 cheque.
    # Dennis, the last player passes. Elke takes the booty cards from the table and places them face
    # up within her family estate. She takes the 1.000 cheque from the table and places it face down
    # next to her estate. She places the 9.000 cheque she won the bid with next to the board, face up.
    # Miriam retrieves her 7.000 cheque."
    # razzia.txt: "Play now continues from where it left off with the player to the left of the one
    # that uncovered the policeman."
    state = new_state()
    set_row(state, [WATCH, CAR, BODYGUARD])
    draw(state, POLICE)
    assert state.to_act == MIRIAM
    state.apply(bid_action(7))
    assert state.to_act == FELIX
    assert state.legal_actions() == [PASS, bid_action(8), bid_action(11)]  # only higher cheques
    state.apply(PASS)
    assert state.to_act == ELKE
    state.apply(bid_action(9))
    assert state.to_act == DENNIS
    assert state.legal_actions() == [PASS, bid_action(13)]
    state.apply(PASS)
    assert state.estate[ELKE][WATCH] == state.estate[ELKE][CAR] == state.estate[ELKE][BODYGUARD] == 1
    assert state.down[ELKE] == [1]
    assert state.up[ELKE] == [5, 10]
    assert state.centre == 9
    assert state.up[MIRIAM] == [3, 7, 12]  # Miriam retrieves her 7.000
    assert state.up[DENNIS] == [2, 6, 13] and state.up[FELIX] == [4, 8, 11]
    assert state.row == []
    # razzia.txt: "The policemen remain all together beside the board."
    assert state.police == 1
    assert state.phase == TURN and state.to_act == MIRIAM
    last = state.view(None)["last_auction"]
    assert last == {"number": 1, "kind": "normal", "winner": ELKE, "bid": 9, "took_cheque": 1,
                    "cards": ["watch", "car", "bodyguard"]}


def test_a_bid_must_beat_the_highest_bid_so_far() -> None:
    # razzia.txt: "As soon as a cheque is bid, the following players may only bid with higher cheques
    # (or pass)."
    state = new_state()
    draw(state, POLICE)
    state.apply(bid_action(7))
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=r"bid 4.*beat the highest bid so far \(7\)"):
        state.apply(bid_action(4))
    assert snapshot(state) == before
    state.apply(bid_action(8))
    assert state.a_bid == 8 and state.a_bidder == FELIX
    assert state.legal_actions() == [PASS, bid_action(9), bid_action(10)]


def test_each_player_bids_once() -> None:
    # razzia.txt: "Each player gets a single chance to bid a cheque or pass for the booty."
    state = new_state()
    set_row(state, [GOLD])
    draw(state, POLICE)
    play(state, bid_action(3), bid_action(4), bid_action(5), bid_action(6))
    # Miriam is outbid but is not asked again: the auction is over and Dennis won it.
    assert state.phase == TURN and state.estate[DENNIS][GOLD] == 1
    assert state.up[DENNIS] == [2, 13] and state.down[DENNIS] == [1] and state.centre == 6


def test_the_drawer_may_win_and_play_still_continues_left_of_him() -> None:
    # razzia.txt: "Play now continues from where it left off with the player to the left of the one
    # that uncovered the policeman."
    state = new_state()
    set_row(state, [GOLD])
    draw(state, POLICE)
    play(state, PASS, PASS, PASS, bid_action(2))
    assert state.estate[DENNIS][GOLD] == 1 and state.centre == 2
    assert state.to_act == MIRIAM


def test_bidders_who_cannot_beat_the_high_bid_are_skipped() -> None:
    # razzia.txt: "As soon as a cheque is bid, the following players may only bid with higher cheques
    # (or pass)." A player with no higher cheque can only pass, so the engine skips him
    # (docs/rules/razzia.md "Players who cannot outbid").
    state = new_state()
    draw(state, POLICE)
    state.apply(bid_action(12))  # Miriam
    assert state.to_act == DENNIS  # Felix (top 11) and Elke (top 10) cannot beat 12
    state.apply(bid_action(13))
    assert state.phase == TURN and state.down[DENNIS] == [1] and state.centre == 13


def test_if_all_pass_the_row_stays() -> None:
    # razzia.txt: "Note: If all players pass in a normal auction, then all the cards remain lying on
    # the table and play continues."
    state = new_state()
    set_row(state, [WATCH, CAR])
    cheques = [c[:] for c in state.up]
    draw(state, POLICE)
    play(state, PASS, PASS, PASS, PASS)
    assert state.phase == TURN
    assert state.row == [WATCH, CAR]
    assert state.up == cheques and state.centre == 1 and state.down == [[], [], [], []]
    assert state.police == 1
    assert state.to_act == MIRIAM
    assert state.view(None)["last_auction"]["winner"] is None


def test_seventh_booty_card_starts_an_automatic_auction() -> None:
    # razzia.txt: "If seven booty cards are placed on the table, there is an automatic normal auction."
    state = new_state()
    set_row(state, [WATCH, CAR, BODYGUARD, GOLD, DRIVER, FILM])
    state.turn = FELIX
    state._legal = None
    draw(state, RING)
    assert state.row == [WATCH, CAR, BODYGUARD, GOLD, DRIVER, FILM, RING]
    assert state.phase == AUCTION
    assert state.view(None)["auction"]["kind"] == "full row"
    assert state.a_queue == [ELKE, DENNIS, MIRIAM, FELIX]  # as a normal auction, the drawer last
    assert state.police == 0
    play(state, PASS, PASS, bid_action(3), PASS)
    assert sum(state.estate[MIRIAM]) == 7 and state.row == []
    assert state.to_act == ELKE


def test_seventh_booty_card_nobody_bids_the_row_goes_to_the_box() -> None:
    # razzia.txt: "If seven booty cards are placed on the table, there is an automatic normal
    # auction. If no one bids then all the booty cards are discarded to the box."
    state = new_state()
    set_row(state, [WATCH, CAR, BODYGUARD, GOLD, DRIVER, FILM])
    state.turn = FELIX
    state._legal = None
    draw(state, RING)
    play(state, PASS, PASS, PASS, PASS)
    assert state.row == []
    assert state.box[WATCH] == state.box[CAR] == state.box[RING] == state.box[FILM] == 1
    assert box_total(state) == 7
    assert state.up == RULEBOOK_SETS[4] and state.centre == 1
    assert state.phase == TURN and state.to_act == ELKE
    assert all_cards(state) == Counter({kind: n for kind, n in enumerate(CARD_COUNTS)})


def test_sixth_booty_card_is_no_auction() -> None:
    # razzia.txt: "If seven booty cards are placed on the table, there is an automatic normal auction."
    state = new_state()
    set_row(state, [WATCH, CAR, BODYGUARD, GOLD, DRIVER])
    draw(state, RING)
    assert state.phase == TURN and len(state.row) == 6 and state.to_act == MIRIAM


# == Action C: the auction by order of the court ==================================================


def test_court_auction_example() -> None:
    # razzia.txt: "Example: It is Miriam's turn and she proclaims an auction by order of the court.
    # Her left neighbor, Felix, begins. He passes. Elke and Dennis pass likewise. Miriam is last and
    # must bid a cheque now. She offers her lowest cheque, the 3.000. Miriam takes all booty cards from
    # the center, and puts them into her family estate. In addition she receives the current cheque
    # from the table center and puts it face down beside her estate. The 3.000 cheque is placed face
    # up beside the board in the table center. Thus the auction by order of the court is complete and
    # the next player, Felix, continues (interrupted) the play."
    state = new_state()
    set_row(state, [GOLD, CASINO])
    state.turn = MIRIAM
    state._legal = None
    state.apply(COURT)
    assert state.phase == AUCTION and state.view(None)["auction"]["kind"] == "court"
    assert state.a_queue == [FELIX, ELKE, DENNIS, MIRIAM]
    play(state, PASS, PASS, PASS)
    assert state.to_act == MIRIAM
    # razzia.txt: "If all previous players pass, the last player to bid (the one that called the
    # auction) must bid."
    assert PASS not in state.legal_actions()
    assert state.legal_actions() == [bid_action(3), bid_action(7), bid_action(12)]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="must bid"):
        state.apply(PASS)
    assert snapshot(state) == before
    state.apply(bid_action(3))
    assert state.estate[MIRIAM][GOLD] == state.estate[MIRIAM][CASINO] == 1
    assert state.down[MIRIAM] == [1] and state.up[MIRIAM] == [7, 12]
    assert state.centre == 3
    assert state.row == []
    assert state.phase == TURN and state.to_act == FELIX


def test_court_auction_caller_may_pass_after_a_bid() -> None:
    # razzia.txt: "If there has been a bid, then the last player may pass. Once the auction is
    # complete, the play continues with the player to the left of the one who proclaimed the auction
    # by order of the court."
    state = new_state()
    set_row(state, [GOLD])
    state.turn = MIRIAM
    state._legal = None
    play(state, COURT, bid_action(4), PASS, PASS)
    assert state.to_act == MIRIAM
    assert PASS in state.legal_actions()
    state.apply(PASS)
    assert state.estate[FELIX][GOLD] == 1 and state.centre == 4 and state.down[FELIX] == [1]
    assert state.to_act == FELIX  # left of the caller, who happens to be the winner


def test_court_auction_does_not_add_police() -> None:
    # razzia.txt: "The player proclaims an auction by order of the court" -- no card is drawn.
    state = new_state()
    set_row(state, [GOLD])
    deck = len(state.deck)
    play(state, COURT, PASS, PASS, PASS, bid_action(2))
    assert state.police == 0 and len(state.deck) == deck


def test_court_auction_on_an_empty_row_allowed_by_default() -> None:
    # razzia.txt: "The player proclaims an auction by order of the court" -- nothing says the row
    # must hold booty. Option court_on_empty_row=True (the default, as in Ra): a court auction on an
    # empty row trades cheques only.
    assert GAME.resolve_options(None)["court_on_empty_row"] is True
    state = new_state()
    assert state.row == [] and COURT in state.legal_actions()
    play(state, COURT, PASS, PASS, PASS, bid_action(2))
    assert sum(state.estate[DENNIS]) == 0
    assert state.down[DENNIS] == [1] and state.up[DENNIS] == [6, 13] and state.centre == 2
    assert state.to_act == MIRIAM


def test_court_auction_on_an_empty_row_forbidden_by_option() -> None:
    # Option court_on_empty_row=False: a court auction needs booty in the row.
    state = new_state(court_on_empty_row=False)
    assert state.legal_actions() == [DRAW]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=r"call a court auction.*row is empty"):
        state.apply(COURT)
    assert snapshot(state) == before
    set_row(state, [GOLD])
    assert COURT in state.legal_actions()


# == Action B: thieves ============================================================================


def test_thief_example() -> None:
    # razzia.txt: "Example: It is Elke's turn. She already has a thief in her family estate. She uses
    # the thief and takes a Driver from the table beside the board and places it into her family
    # estate. The thief is discarded to the box. Elke's turn is complete. Dennis is next."
    state = new_state()
    set_row(state, [WATCH, DRIVER, CAR])
    give(state, ELKE, THIEF)
    state.turn = ELKE
    state._legal = None
    assert state.legal_actions() == [DRAW, COURT, steal_action(WATCH), steal_action(CAR),
                                      steal_action(DRIVER)]
    state.apply(steal_action(DRIVER))
    assert state.estate[ELKE][DRIVER] == 1 and state.estate[ELKE][THIEF] == 0
    assert state.box[THIEF] == 1
    assert state.row == [WATCH, CAR]
    assert state.phase == TURN and state.to_act == DENNIS
    assert len(state.deck) == 120 - 4  # no card drawn


def test_several_thieves_may_all_be_used_at_once() -> None:
    # razzia.txt: "If he has several thieves, these may all be used at once. All thieves used this
    # way are discarded."
    state = new_state()
    set_row(state, [WATCH, DRIVER, GOLD, CAR])
    give(state, DENNIS, THIEF, 3)
    state.apply(steal_action(GOLD))
    assert state.phase == THIEF_USE and state.to_act == DENNIS
    assert state.view(None)["thieves_left"] == 2
    assert state.legal_actions() == [DONE, steal_action(WATCH), steal_action(CAR), steal_action(DRIVER)]
    state.apply(steal_action(WATCH))
    state.apply(steal_action(CAR))
    assert state.estate[DENNIS][THIEF] == 0 and state.box[THIEF] == 3
    assert [state.estate[DENNIS][k] for k in (GOLD, WATCH, CAR)] == [1, 1, 1]
    assert state.row == [DRIVER]
    assert state.phase == TURN and state.to_act == MIRIAM


def test_a_player_may_stop_after_some_of_his_thieves() -> None:
    # razzia.txt: "If he has several thieves, these may all be used at once." -- may, not must.
    state = new_state()
    set_row(state, [WATCH, GOLD])
    give(state, DENNIS, THIEF, 2)
    play(state, steal_action(GOLD), DONE)
    assert state.estate[DENNIS][THIEF] == 1 and state.box[THIEF] == 1
    assert state.row == [WATCH] and state.to_act == MIRIAM


def test_thief_use_ends_when_the_row_is_empty() -> None:
    # razzia.txt: "The player takes any booty card of his choice which lies face up next to the board"
    # -- with the row empty there is nothing left to take, so the turn ends.
    state = new_state()
    set_row(state, [GOLD])
    give(state, DENNIS, THIEF, 2)
    state.apply(steal_action(GOLD))
    assert state.estate[DENNIS][THIEF] == 1 and state.to_act == MIRIAM and state.phase == TURN


def test_thief_needs_a_thief_in_the_estate() -> None:
    # razzia.txt: "Action B: The player uses a thief, who already is in their family estate."
    state = new_state()
    set_row(state, [GOLD])
    assert steal_action(GOLD) not in state.legal_actions()
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=r"steal gold coin.*no thief"):
        state.apply(steal_action(GOLD))
    assert snapshot(state) == before


def test_thief_takes_only_what_is_in_the_row() -> None:
    # razzia.txt: "The player takes any booty card of his choice which lies face up next to the board"
    state = new_state()
    set_row(state, [GOLD])
    give(state, DENNIS, THIEF)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=r"steal car.*no car in the row"):
        state.apply(steal_action(CAR))
    assert snapshot(state) == before


def test_thief_stolen_this_turn_is_not_usable_this_turn() -> None:
    # razzia.txt: "The player uses a thief, who already is in their family estate." A thief taken
    # by one of this turn's thieves was not already there (docs/rules/razzia.md).
    state = new_state()
    set_row(state, [THIEF, GOLD])
    give(state, DENNIS, THIEF)
    state.apply(steal_action(THIEF))
    assert state.estate[DENNIS][THIEF] == 1 and state.box[THIEF] == 1
    assert state.row == [GOLD]
    assert state.phase == TURN and state.to_act == MIRIAM  # the new thief could not take the gold
    # Two thieves: the first takes a thief, the second the gold; the stolen thief stays unused.
    state = new_state()
    set_row(state, [THIEF, GOLD, CAR])
    give(state, DENNIS, THIEF, 2)
    state.apply(steal_action(THIEF))
    assert state.view(None)["thieves_left"] == 1
    state.apply(steal_action(GOLD))
    assert state.estate[DENNIS][THIEF] == 1 and state.estate[DENNIS][GOLD] == 1
    assert state.row == [CAR] and state.to_act == MIRIAM
    # ... and it is usable on the thief's owner's next turn.
    state.turn = DENNIS
    state._legal = None
    assert steal_action(CAR) in state.legal_actions()


def test_thief_may_take_a_thief_by_default() -> None:
    # razzia.txt: "The player takes any booty card of his choice which lies face up next to the board"
    # Option thief_takes_thief=True (the default) follows the text.
    assert GAME.resolve_options(None)["thief_takes_thief"] is True
    state = new_state()
    set_row(state, [THIEF])
    give(state, DENNIS, THIEF)
    assert steal_action(THIEF) in state.legal_actions()


def test_thief_may_not_take_a_thief_by_option() -> None:
    # Option thief_takes_thief=False (Ra: a god tile may not take a god tile).
    state = new_state(thief_takes_thief=False)
    set_row(state, [THIEF, GOLD])
    give(state, DENNIS, THIEF, 2)
    assert state.legal_actions() == [DRAW, COURT, steal_action(GOLD)]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=r"steal thief.*may not take a thief"):
        state.apply(steal_action(THIEF))
    assert snapshot(state) == before
    state.apply(steal_action(GOLD))
    # Only a thief is left in the row: nothing the second thief may take, so the turn ends.
    assert state.phase == TURN and state.to_act == MIRIAM and state.estate[DENNIS][THIEF] == 1
    # A row of thieves only offers nothing to steal.
    state.turn = DENNIS
    state._legal = None
    assert state.legal_actions() == [DRAW, COURT]


def test_gaps_in_the_row_are_filled_by_later_draws() -> None:
    # razzia.txt: "If gaps appear beside the board, these will be filled in future rounds"; the
    # automatic auction comes when seven booty cards lie on the table.
    state = new_state()
    set_row(state, [WATCH, CAR, BODYGUARD, GOLD, DRIVER, FILM])
    give(state, DENNIS, THIEF)
    state.apply(steal_action(GOLD))
    assert len(state.row) == 5
    draw(state, RING)
    assert len(state.row) == 6 and state.phase == TURN
    draw(state, CHAIN)
    assert len(state.row) == 7 and state.phase == AUCTION


def test_thieves_cannot_be_used_in_an_auction() -> None:
    # razzia.txt: a thief is Action B, one of the actions of a player's turn.
    state = new_state()
    set_row(state, [GOLD])
    give(state, MIRIAM, THIEF)
    draw(state, POLICE)
    assert state.to_act == MIRIAM and steal_action(GOLD) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="steal gold coin during an auction: bid or pass"):
        state.apply(steal_action(GOLD))


# == Spent players and the lone player ============================================================


def test_spent_players_take_no_turns() -> None:
    # razzia.txt: "When a player has spent all of his cheques for the current round, he takes no more
    # turns and waits until the round has ended. The other players continue skipping the player(s)
    # who have spent up."
    state = new_state()
    set_cheques(state, FELIX, [11], down=[4, 8])
    set_row(state, [GOLD])
    draw(state, POLICE)                      # Dennis draws; Miriam, Felix, Elke, Dennis bid
    play(state, PASS, bid_action(11))        # Felix spends his last cheque; nobody can beat 11 but Dennis
    assert state.to_act == DENNIS
    state.apply(PASS)
    assert state.up[FELIX] == [] and state.down[FELIX] == [4, 8, 1]
    assert state.to_act == MIRIAM
    draw(state, CAR)
    assert state.to_act == ELKE  # Felix is skipped
    draw(state, CAR)
    draw(state, CAR)
    assert state.to_act == MIRIAM


def test_spent_players_take_no_part_in_auctions() -> None:
    # razzia.txt: "he takes no more turns and waits until the round has ended."
    state = new_state()
    set_cheques(state, FELIX, [], down=[4, 8, 11])
    state.turn = MIRIAM
    state._legal = None
    draw(state, POLICE)
    assert state.a_queue == [ELKE, DENNIS, MIRIAM]
    state.apply(PASS)
    state.apply(PASS)
    state.apply(PASS)
    assert state.to_act == ELKE  # play goes on left of Miriam, skipping Felix
    state.apply(COURT)
    assert state.a_queue == [DENNIS, MIRIAM, ELKE]


def test_the_last_player_plays_on_alone() -> None:
    # razzia.txt: "If there is only one player left in the round, he continues playing by himself."
    state = new_state()
    for seat in (DENNIS, FELIX, ELKE):
        set_cheques(state, seat, [], down=state.up[seat])
    state.turn = MIRIAM
    state._legal = None
    draw(state, WATCH)
    assert state.to_act == MIRIAM and state.phase == TURN
    draw(state, POLICE)
    assert state.phase == AUCTION and state.a_queue == [MIRIAM]
    assert PASS in state.legal_actions()  # a normal auction: she may pass
    state.apply(PASS)
    assert state.to_act == MIRIAM and state.row == [WATCH]
    state.apply(COURT)
    assert state.legal_actions() == [bid_action(3), bid_action(7), bid_action(12)]  # she must bid
    state.apply(bid_action(3))
    assert state.estate[MIRIAM][WATCH] == 1 and state.to_act == MIRIAM and state.round == 1


def test_round_ends_when_every_cheque_is_spent() -> None:
    # razzia.txt: "The round ends when all of the players have spent their cheques or seven policemen
    # have been uncovered."
    state = new_state()
    for seat in (DENNIS, FELIX, ELKE):
        set_cheques(state, seat, [], down=state.up[seat])
    set_cheques(state, MIRIAM, [12], down=[3, 7])
    set_row(state, [GOLD])
    state.turn = MIRIAM
    state._legal = None
    play(state, COURT, bid_action(12))
    assert state.round == 2 and len(state.round_scores) == 1
    assert state.round_scores[0][MIRIAM]["gold"] == 3
    assert state.centre == 12
    assert state.up == [[2, 6, 13], [1, 3, 7], [4, 8, 11], [5, 9, 10]]


# == The piles ====================================================================================


def test_a_used_up_pile_is_replaced_by_splitting_the_other() -> None:
    # razzia.txt: "If one of the stacks of face down cards is used up, split the remaining stack in
    # half to form two new stacks."
    state = new_state()
    state.piles = [1, 119]
    draw(state, CAR)
    assert state.piles == [60, 59] and len(state.deck) == 119
    state.piles = [1, 2]
    state.deck = state.deck[:3]
    state._legal = None
    state.deck[:] = [CAR, CAR, CAR]
    state.apply(DRAW)
    assert state.piles == [1, 1]
    state.apply(DRAW)
    assert state.piles == [0, 1]  # one card cannot be split
    state.apply(DRAW)
    assert state.piles == [0, 0] and state.deck == []


def test_piles_follow_the_deck_through_a_game() -> None:
    # razzia.txt: "The 120 game cards are ... divided then in two piles (equal in size)" and the split
    # rule: the two piles always hold exactly the unseen cards, and a pile is empty only when the
    # other holds at most one card.
    rng = random.Random(5)
    for seed in range(6):
        state = new_state(4, seed)
        while not state.is_over:
            assert sum(state.piles) == len(state.deck)
            assert state.piles[0] or state.piles[1] <= 1
            state.apply(rng.choice(state.legal_actions()))


# == The end of a round ===========================================================================


@pytest.mark.parametrize(("players", "limit"), [(2, 5), (3, 7), (4, 7), (5, 7)])
def test_last_police_ends_the_round_without_an_auction(players: int, limit: int) -> None:
    # razzia.txt: "[If this is the seventh policeman, the round ends immediately.]" "as soon as seven
    # policemen have been drawn, there is a raid and the round is immediately terminated."
    # razzia.txt (two players): "A round ends with the uncovering of the fifth policeman."
    assert POLICE_LIMIT[players] == limit
    state = new_state(players)
    for _ in range(limit - 1):
        take_from_deck(state, POLICE)
    state.police = limit - 1
    set_row(state, [WATCH, CAR])
    cheques = [c[:] for c in state.up]
    draw(state, POLICE)
    assert state.round == 2 and state.phase == TURN and len(state.round_scores) == 1
    assert state.up == cheques and state.centre == 1  # nobody bid
    assert all(sum(e) == 0 for e in state.estate)     # nobody got the row
    assert state.row == [] and state.police == 0
    assert state.box[WATCH] == state.box[CAR] == 1 and state.box[POLICE] == limit
    assert state.last_auction is None


@pytest.mark.parametrize(("players", "limit"), [(2, 5), (3, 7), (4, 7), (5, 7)])
def test_police_before_the_last_starts_an_auction(players: int, limit: int) -> None:
    # razzia.txt: "[If this is the seventh policeman, the round ends immediately.] Now play is
    # interrupted and a normal auction is done."
    state = new_state(players)
    for _ in range(limit - 2):
        take_from_deck(state, POLICE)
    state.police = limit - 2
    draw(state, POLICE)
    assert state.police == limit - 1 and state.phase == AUCTION and state.round == 1


def test_black_cross_cards_are_removed_after_scoring() -> None:
    # razzia.txt: "Important: After the points for each player were noted, all booty cards with a
    # small black cross shown in the bottom right are discarded from the game into the box. All other
    # booty cards remain in the family estate and available for the next scoring round."
    # The crosses are not in the text; as in Ra: trinkets, drivers, thieves and gold coins.
    assert {RING, WATCH, BROOCH, CHAIN, DIAMOND, DRIVER, THIEF, GOLD} == BLACK_CROSS
    state = new_state()
    held = {RING: 1, WATCH: 2, BROOCH: 1, DIAMOND: 1, DRIVER: 2, THIEF: 1, GOLD: 1, BODYGUARD: 3, CAR: 2,
            CASINO: 3, RESTAURANT: 1}
    for kind, n in held.items():
        give(state, ELKE, kind, n)
    finish_round(state)
    scored = state.round_scores[0][ELKE]
    assert scored["thieves"] == 2 and scored["gold"] == 3 and scored["trinkets"] == 10
    assert scored["cars and drivers"] == 4 and scored["bodyguards"] == 5
    for kind, n in held.items():
        if kind in BLACK_CROSS:
            assert state.estate[ELKE][kind] == 0 and state.box[kind] == n
        else:
            assert state.estate[ELKE][kind] == n and state.box[kind] == 0
    assert all_cards(state) == Counter({kind: n for kind, n in enumerate(CARD_COUNTS)})


def test_kept_cards_score_again_in_the_next_round() -> None:
    # razzia.txt: "All other booty cards remain in the family estate and available for the next
    # scoring round."
    state = new_state()
    give(state, ELKE, BODYGUARD, 2)
    give(state, ELKE, CAR, 2)
    give(state, ELKE, DRIVER, 1)
    finish_round(state)
    assert state.round_scores[0][ELKE]["cars and drivers"] == 3
    assert state.round_scores[0][ELKE]["bodyguards"] == 5
    finish_round(state)
    assert state.round_scores[1][ELKE]["cars and drivers"] == 0  # no driver left: cars score nothing
    assert state.round_scores[1][ELKE]["bodyguards"] == 5


def test_next_round_set_up() -> None:
    # razzia.txt: "On to the next round: Each player now turns all their cheques face up and places
    # them in front of themselves. Each player begins the next round again with just as many cheques,
    # as he had at the beginning of play (only with different values). All booty cards, which are
    # still laid out on the table as well as all the policemen are discarded face down into the box.
    # The cheque, which lies face up beside the board, remains there."
    state = new_state()
    set_row(state, [WATCH])
    draw(state, POLICE)
    play(state, PASS, PASS, bid_action(9), PASS)  # the auction example: Elke wins with 9
    set_row(state, [GOLD, CAR])
    deck_before = Counter(state.deck)
    finish_round(state)
    assert state.round == 2
    assert state.up[ELKE] == [1, 5, 10] and state.down == [[], [], [], []]
    assert [len(c) for c in state.up] == [3, 3, 3, 3]
    assert state.centre == 9
    assert state.row == [] and state.police == 0
    assert state.box[GOLD] == 1 and state.box[CAR] == 1 and state.box[POLICE] == 7
    # The deck is not reshuffled or refilled: only the six police drawn since have left it.
    assert deck_before - Counter(state.deck) == Counter({POLICE: 6})
    assert sum(state.piles) == len(state.deck)


def test_the_highest_cheque_starts_each_later_round() -> None:
    # razzia.txt: "The player with the highest cheque begins the next round - as normal, by deciding on
    # one of the three possibilities of action."
    state = new_state()
    draw(state, POLICE)
    play(state, PASS, PASS, PASS, bid_action(13))  # Dennis puts the 13 in the centre
    assert state.to_act == MIRIAM
    draw(state, POLICE)
    play(state, bid_action(4), PASS, PASS, PASS)   # Felix wins the 13 face down (Miriam drew)
    assert state.down[FELIX] == [13]
    state.turn = ELKE
    state._legal = None
    finish_round(state)
    assert state.round == 2 and state.up[FELIX] == [8, 11, 13]
    assert state.phase == TURN and state.to_act == FELIX


def test_businesses_and_cheques_are_scored_only_in_round_three() -> None:
    # razzia.txt: "Each player receives points for each of the booty cards in their family estate
    # except for the Business cards which are only scored in the final round."
    # razzia.txt: "Score the third round as you did the first two rounds. Additionally there are now
    # points for the businesses, which a player has in its family estate, as well as for the cheques."
    state = new_state()
    for kind, n in {RESTAURANT: 4, CASINO: 3, FILM: 1}.items():
        give(state, DENNIS, kind, n)
    for _ in range(ROUNDS):
        finish_round(state)
    assert state.is_over and state.phase == OVER and len(state.round_scores) == 3
    for early in state.round_scores[:2]:
        assert all(points["businesses"] == 0 and points["cheques"] == 0 for points in early)
    final = state.round_scores[2]
    assert final[DENNIS]["businesses"] == 3 + 10 + 5
    # Cheque sums 21, 22, 23, 24: Elke the highest, Dennis the lowest.
    assert [points["cheques"] for points in final] == [-5, 0, 0, 5]
    # Businesses are never removed: they stay to the end.
    assert state.estate[DENNIS][RESTAURANT] == 4


def test_centre_cheque_belongs_to_nobody_at_the_end() -> None:
    # razzia.txt: "Cheques: Each player adds the numbers on his (open and covered) cheques." The
    # cheque lying beside the board is no player's (docs/rules/razzia.md).
    state = new_state()
    draw(state, POLICE)
    play(state, PASS, PASS, bid_action(9), PASS)  # Elke: 5 + 10 + 1 face down = 16; 9 in the centre
    state.round = ROUNDS
    finish_round(state)
    assert state.is_over
    assert state.centre == 9
    # Sums: Dennis 21, Miriam 22, Felix 23, Elke 16: Felix the highest, Elke the lowest.
    assert [points["cheques"] for points in state.round_scores[-1]] == [0, 0, 5, -5]


@pytest.mark.parametrize(("all_tied", "points"), [("literal", 3), ("nobody", 0)])
def test_all_tied_option_in_play(all_tied: str, points: int) -> None:
    # razzia.txt: "If several players should have equally most and/or few bodyguards, all players
    # involved get the appropriate points." Nobody has a bodyguard, so all are tied: option all_tied
    # "literal" (default) gives each 5 - 2 = 3, "nobody" gives 0.
    assert GAME.resolve_options(None)["all_tied"] == "literal"
    state = new_state(3, all_tied=all_tied)
    finish_round(state)
    assert [p["bodyguards"] for p in state.round_scores[0]] == [points] * 3
    give(state, 0, BODYGUARD)
    finish_round(state)
    assert [p["bodyguards"] for p in state.round_scores[1]] == [5, -2, -2]


def test_the_game_is_three_rounds() -> None:
    # razzia.txt: "Whoever has the most points after three rounds is the winner."
    state = new_state()
    finish_round(state)
    finish_round(state)
    assert state.round == 3 and not state.is_over
    finish_round(state)
    assert state.is_over and state.to_act is None and state.legal_actions() == []


# == The winner ===================================================================================


def ended_with_totals(totals: list[int], **options: object) -> RazziaState:
    """A finished four-player game whose scores are `totals` (round scores replaced)."""
    state = new_state(4, **options)
    for _ in range(ROUNDS):
        finish_round(state)
    state.round_scores = [[{"thieves": t, "bodyguards": 0, "cars and drivers": 0, "trinkets": 0, "gold": 0,
                            "businesses": 0, "cheques": 0} for t in totals]]
    return state


def test_most_points_wins() -> None:
    # razzia.txt: "The player, who has most points after the third scoring round, is the winner."
    result = ended_with_totals([3, 9, 5, 1]).result()
    assert result.scores == (3, 9, 5, 1) and result.winners == (MIRIAM,) and result.ranks == (3, 1, 2, 4)


def test_tie_break_highest_cheque() -> None:
    # razzia.txt is silent on ties. Option tiebreak="highest_cheque" (the default; Ra's rule): among
    # tied players the one holding the highest single cheque (open or face down) wins.
    assert GAME.resolve_options(None)["tiebreak"] == "highest_cheque"
    state = ended_with_totals([10, 10, 5, 10])
    result = state.result()
    assert result.winners == (DENNIS,)         # Dennis holds the 13
    assert result.ranks == (1, 2, 4, 3)        # Miriam's 12 beats Elke's 10
    # A face-down cheque counts too.
    set_cheques(state, ELKE, [5, 9], down=[13])
    set_cheques(state, DENNIS, [2, 6], down=[10])
    assert state.result().winners == (ELKE,)


def test_tie_break_shared() -> None:
    # Option tiebreak="shared": tied players share the rank (a shared win).
    result = ended_with_totals([10, 10, 5, 10], tiebreak="shared").result()
    assert result.winners == (DENNIS, MIRIAM, ELKE)
    assert result.ranks == (1, 1, 4, 1)


def test_result_sums_every_scoring() -> None:
    # razzia.txt: "The points for each player are written down." -- the total is the sum of the three.
    state = new_state()
    give(state, ELKE, GOLD, 2)
    for _ in range(ROUNDS):
        finish_round(state)
    result = state.result()
    for seat in range(4):
        assert result.scores[seat] == sum(sum(r[seat].values()) for r in state.round_scores)
        assert result.breakdown[seat]["gold"] == (6 if seat == ELKE else 0)


# == Two players ==================================================================================


def test_two_player_variant() -> None:
    # razzia.txt: "Variant for two players ... The cheques with the values 10.000 - 16.000 are
    # removed from the game ... A player receives the cheques with the values 2.000, 5.000, 6.000 and
    # 9.000. The other player receives the cheques with the values 3.000, 4.000, 7.000 and 8.000. The
    # 1.000 cheque is placed face up beside the board in the table center. A round ends with the
    # uncovering of the fifth policeman. All other rules and the further operational sequence remain
    # the same."
    state = new_state(2)
    assert state.up == [[2, 5, 6, 9], [3, 4, 7, 8]] and state.centre == 1
    assert state.police_limit == 5 and state.to_act == 0
    set_row(state, [GOLD])
    draw(state, POLICE)
    assert state.a_queue == [1, 0]
    play(state, bid_action(3), bid_action(5))
    assert state.estate[0][GOLD] == 1 and state.centre == 5 and state.to_act == 1
    for _ in range(3):
        draw(state, POLICE)
        play(state, *([PASS] * len(state.a_queue)))
    assert state.police == 4 and state.round == 1
    draw(state, POLICE)
    assert state.round == 2 and state.police == 0


# == Illegal actions ==============================================================================


def _turn() -> RazziaState:
    return new_state()


def _turn_with_thief() -> RazziaState:
    state = new_state()
    set_row(state, [GOLD, THIEF])
    give(state, DENNIS, THIEF, 2)
    return state


def _auction_after_7() -> RazziaState:
    state = new_state()
    give(state, MIRIAM, THIEF)
    draw(state, POLICE)
    state.apply(bid_action(7))
    return state


def _court_caller_to_bid() -> RazziaState:
    state = new_state()
    play(state, COURT, PASS, PASS, PASS)
    return state


def _using_thieves() -> RazziaState:
    state = _turn_with_thief()
    state.apply(steal_action(GOLD))
    return state


def _elke_holds_a_face_down_1() -> RazziaState:
    state = new_state()
    play(state, COURT, PASS, PASS, bid_action(5), PASS)
    state.turn = DENNIS
    state._legal = None
    play(state, COURT, PASS, PASS)
    return state


def _game_over() -> RazziaState:
    state = new_state()
    for _ in range(ROUNDS):
        finish_round(state)
    return state


def _no_thief_taking_thief() -> RazziaState:
    state = new_state(thief_takes_thief=False)
    set_row(state, [THIEF])
    give(state, DENNIS, THIEF)
    return state


def _empty_row_no_court() -> RazziaState:
    return new_state(court_on_empty_row=False)


def _empty_deck() -> RazziaState:
    # Not reachable in play (see test_the_deck_cannot_run_out): only the message is checked.
    state = new_state()
    state.deck = []
    state.piles = [0, 0]
    state._legal = None
    return state


ILLEGAL = [
    (_turn, bid_action(13), r"Seat 1 cannot bid 13 now: it is not an auction"),
    (_turn, PASS, r"Seat 1 cannot pass now: it is not an auction"),
    (_turn, DONE, r"Seat 1 cannot stop stealing now: it is not using thieves"),
    (_turn, steal_action(GOLD), r"Seat 1 cannot steal gold coin: it has no thief in its estate"),
    (_turn_with_thief, steal_action(CAR), r"Seat 1 cannot steal car: there is no car in the row"),
    (_no_thief_taking_thief, steal_action(THIEF), r"Seat 1 cannot steal thief: a thief may not take a thief"),
    (_empty_row_no_court, COURT, r"Seat 1 cannot call a court auction: the row is empty"),
    (_empty_deck, DRAW, r"Seat 1 cannot draw a card: both piles are empty"),
    (_auction_after_7, DRAW, r"Seat 3 cannot draw a card during an auction: bid or pass"),
    (_auction_after_7, COURT, r"Seat 3 cannot call a court auction during an auction: bid or pass"),
    (_auction_after_7, DONE, r"Seat 3 cannot stop stealing during an auction: bid or pass"),
    (_auction_after_7, bid_action(4), r"Seat 3 cannot bid 4: a bid must beat the highest bid so far \(7\)"),
    (_auction_after_7, bid_action(13), r"Seat 3 cannot bid 13: it holds no open cheque 13"),
    (_auction_after_7, bid_action(7), r"Seat 3 cannot bid 7: it holds no open cheque 7"),
    (_elke_holds_a_face_down_1, bid_action(1), r"Seat 4 cannot bid 1: it holds no open cheque 1"),
    (_court_caller_to_bid, PASS, r"Seat 1 cannot pass: the caller of a court auction must bid"),
    (_using_thieves, DRAW, r"Seat 1 cannot draw a card while using thieves: steal or stop"),
    (_using_thieves, COURT, r"Seat 1 cannot call a court auction while using thieves: steal or stop"),
    (_using_thieves, PASS, r"Seat 1 cannot pass while using thieves: steal or stop"),
    (_using_thieves, steal_action(CAR), r"Seat 1 cannot steal car: there is no car in the row"),
    (_game_over, DRAW, r"cannot draw a card: the game is over"),
    (_game_over, PASS, r"cannot pass: the game is over"),
    (_turn, NUM_ACTIONS, r"is not a Razzia! action id"),
    (_turn, -1, r"-1 is not a Razzia! action id"),
    (_turn, True, r"True is not a Razzia! action id"),  # True == 1 == COURT, but it is no action id
]


@pytest.mark.parametrize(("setup", "action", "message"), ILLEGAL,
                         ids=[f"{s.__name__.strip('_')}-{a}" for s, a, _ in ILLEGAL])
def test_illegal_actions_raise_and_change_nothing(setup: object, action: int, message: str) -> None:
    # DESIGN.md: "state.apply(action) ... raises IllegalAction (a ValueError) and leaves the state
    # unchanged". The message names the action and the reason.
    state = setup()  # type: ignore[operator]
    assert type(action) is not int or action not in state.legal_actions()
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=message):
        state.apply(action)
    assert snapshot(state) == before
    assert isinstance(IllegalAction("x"), ValueError)


def test_illegal_action_with_an_empty_cache_changes_nothing() -> None:
    # The legal-action cache is filled on demand; a rejected action must not change anything else.
    state = _auction_after_7()
    state._legal = None
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(bid_action(2))
    assert snapshot(state) == before


# == Action text ==================================================================================


def test_action_names_are_distinct() -> None:
    state = new_state()
    names = [GAME.action_name(state, action) for action in range(NUM_ACTIONS)]
    assert len(set(names)) == NUM_ACTIONS
    assert GAME.action_name(state, DRAW) == "draw a card"
    assert GAME.action_name(state, bid_action(13)) == "bid 13"
    assert GAME.action_name(state, steal_action(GOLD)) == "steal gold coin"


def test_action_name_and_parse_action_round_trip() -> None:
    rng = random.Random(11)
    checked = 0
    for players in (2, 3, 4, 5):
        for seed in range(3):
            state = new_state(players, seed, cheque_sets="shuffled")
            while not state.is_over:
                for action in state.legal_actions():
                    name = GAME.action_name(state, action)
                    assert GAME.parse_action(state, name) == action
                    assert GAME.parse_action(state, "  " + name.upper().replace(" ", "   ") + " ") == action
                    checked += 1
                state.apply(rng.choice(state.legal_actions()))
    assert checked > 1000


def test_parse_action_prefixes_and_errors() -> None:
    state = new_state()
    assert GAME.parse_action(state, "draw") == DRAW
    assert GAME.parse_action(state, "call") == COURT
    draw(state, POLICE)
    set_cheques(state, MIRIAM, [1, 12])  # "bid 1" is exact although "bid 12" starts with it
    assert GAME.parse_action(state, "bid 1") == bid_action(1)
    assert GAME.parse_action(state, "bid 12") == bid_action(12)
    with pytest.raises(ActionParseError, match="ambiguous"):
        GAME.parse_action(state, "bid")
    with pytest.raises(ActionParseError, match="not a legal action; legal now: pass; bid 1; bid 12"):
        GAME.parse_action(state, "draw a card")


# == Hidden and public information ================================================================


def test_face_down_cheques_are_public() -> None:
    # razzia.txt: "He then takes the current cheque on the table and places it face down" -- every
    # player saw which cheque it was, so the engine shows it to all (docs/rules/razzia.md).
    state = new_state()
    draw(state, POLICE)
    play(state, PASS, PASS, bid_action(9), PASS)
    spectator = state.view(None)
    assert spectator["seats"][ELKE]["face_down_cheques"] == [1]
    for seat in range(4):
        view = state.view(seat)
        assert view["seat"] == seat
        assert {**view, "seat": None} == spectator


# == The deck cannot run out ======================================================================


def test_police_supply_covers_every_round() -> None:
    # razzia.txt: "21 Police Cards"; a round ends on the 7th police (5th with two players) and there
    # are three rounds: 21 >= 3 x 7 and 21 >= 3 x 5, so every round's last police is still in the deck.
    assert CARD_COUNTS[POLICE] == 21
    assert all(CARD_COUNTS[POLICE] >= ROUNDS * limit for limit in POLICE_LIMIT.values())


def police_needed(state: RazziaState) -> int:
    """Police cards still to come before the game ends by police alone."""
    return (state.police_limit - state.police) + state.police_limit * (ROUNDS - state.round)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_deck_cannot_run_out(players: int) -> None:
    # The argument of docs/rules/razzia.md "The deck cannot run out": at every turn the deck holds at
    # least the police cards still needed to end this round and the rounds after it, so it is never
    # empty when a player must act and "draw a card" is always legal.
    rng = random.Random(players)
    for seed in range(25):
        state = new_state(players, seed, cheque_sets="shuffled")
        while not state.is_over:
            assert state.deck.count(POLICE) >= police_needed(state) >= 1
            if state.phase == TURN:
                assert DRAW in state.legal_actions()
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_longest_game_ends_with_the_deck_just_sufficient(players: int) -> None:
    # Worst case for the deck: every booty card comes first and nobody ever bids, so each full row
    # goes to the box and rounds end only by police. The 99 booty cards all appear in round 1 and the
    # last police of round 3 is at most the deck's last card.
    state = new_state(players)
    while not state.is_over:
        if state.phase == AUCTION:
            state.apply(PASS)
            continue
        assert DRAW in state.legal_actions()
        booty = next((k for k in state.deck if k != POLICE), None)
        force_next(state, POLICE if booty is None else booty)
        state.apply(DRAW)
    assert state.round_scores and len(state.round_scores) == ROUNDS
    assert len(state.deck) == CARD_COUNTS[POLICE] - ROUNDS * POLICE_LIMIT[players]
    assert state.box[POLICE] == ROUNDS * POLICE_LIMIT[players]
    if players > 2:
        assert state.deck == []
