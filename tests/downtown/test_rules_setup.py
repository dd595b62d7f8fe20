"""Downtown rules, set-up: components, the deal, placing the tokens, the starter, the opening bids.

Each test quotes the passage it checks: downtown-2013-en.txt (the 2013 English rulebook, edition
"2013") or downtown-current-de.txt (the current German rulebook, edition "current", the default).
Decisions where the texts are silent are numbered D1..D31 and worked examples W1..W18 in
docs/rules/downtown.md.
"""

from __future__ import annotations

import pytest

from gangland.engine import IllegalAction, OptionError
from gangland.games.downtown.actions import ADD_NOTE0, DONE, PLACE0
from gangland.games.downtown.cards import (
    BANK,
    CASINO,
    DOWNTOWN,
    EAST_SIDE,
    FENCES,
    GHETTO,
    NOTE_COUNTS,
    START_NOTES,
    VILLA,
    WEST_SIDE,
)
from gangland.games.downtown.money import value
from gangland.games.downtown.phases import BID, MOVE, PLACE, ROBPAY

from .helpers import GAME, bid_all, new_state, place_all, play, setup

EDITIONS = ("current", "2013")


# == Components and set-up =========================================================================


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_w1_starting_money_and_bank(edition: str, players: int) -> None:
    # downtown-2013-en.txt: "Each player receives $10,000 from the bank in the following denominations:
    # 3x $1,000 and 1x $2,000 and 1x $5,000."
    # downtown-current-de.txt: "Jeder Spieler erhält $10,000 in folgender Stückelung aus der Bank: 3x
    # $1,000 und jeweils 1x $2,000 und $5,000."
    s = new_state(players, edition)
    for seat in range(players):
        assert s.cash[seat] == [3, 1, 1, 0, 0]
        assert value(s.cash[seat]) == 10
        assert s.disp_n[seat] == [0] * 5 and s.disp_g[seat] == [0, 0, 0]
    # "90 bank notes [...] 25x $1,000, 20x $2,000, 20x $5,000, 15x $10,000 and 10x $20,000": $515,000.
    assert s.bank == [NOTE_COUNTS[i] - players * START_NOTES[i] for i in range(5)]
    assert value(s.bank) == 515 - 10 * players


@pytest.mark.parametrize(("edition", "shown"), [("2013", 5), ("current", 7)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_w2_downtown_display_and_draw_pile(edition: str, shown: int, players: int) -> None:
    # downtown-2013-en.txt: "The 5 topmost Gangster cards from the stock pile are turned over and placed
    # next to the "Downtown" location card."
    # downtown-current-de.txt: "Die 7 obersten Gangsterkarten des Nachziehstapels werden aufgedeckt und
    # neben der Ortskarte „Downtown“ aufgereiht."
    # Both: "The 48 gangster cards will be shuffled and 5 cards dealt face down to each player."
    s = new_state(players, edition)
    assert sum(s.downtown) == shown
    assert all(sum(hand) == 5 for hand in s.hands)
    assert sum(s.draw) == 48 - 5 * players - shown
    assert s.discard == [0, 0, 0]
    inv = GAME.inventory(s)
    # "48 Gangster cards: 26 x Lookouts, 11 x Safe Crackers, 11 x Spies"
    assert (inv["gangster lookout"], inv["gangster safecracker"], inv["gangster spy"]) == (26, 11, 11)


def test_w2_four_players_numbers() -> None:
    # docs W2: "4 players: 23 / 21" cards left in the draw pile.
    assert sum(new_state(4, "2013").draw) == 23
    assert sum(new_state(4, "current").draw) == 21


@pytest.mark.parametrize("edition", EDITIONS)
def test_stooge_piles_sorted_by_stooge(edition: str) -> None:
    # downtown-2013-en.txt: "The 27 Stooge cards are sorted by stooge (Frankie, Luigi and Joe). The 9
    # cards for each stooge are shuffled [...] Then the 9 cards are placed in a pile."
    s = new_state(3, edition)
    for p, pile in enumerate(s.spiles):
        assert len(pile) == 9
        assert {s.cards[c].stooge for c in pile} == {p}
    assert sorted(c for pile in s.spiles for c in pile) == list(range(27))
    assert all(hand == [] for hand in s.shand)


@pytest.mark.parametrize("edition", EDITIONS)
def test_fence_piles_with_a_casino_card_under_each(edition: str) -> None:
    # downtown-2013-en.txt: "They will then be divided into 3 piles, each consisting of 4 cards, and placed
    # face up." / "One of the three Casino cards is placed underneath each Fence card pile."
    # downtown-current-de.txt: "Unter jeden Hehler-Kartenstapel wird jeweils eine der drei Casino-Karten
    # geschoben."
    s = new_state(3, edition)
    for pile in s.fpiles:
        assert len(pile) == 5
        assert pile[0] == CASINO and CASINO not in pile[1:]
    assert sorted(f for pile in s.fpiles for f in pile[1:]) == list(range(12))
    assert s.casinos == 0


def test_w10_the_fences() -> None:
    # downtown-2013-en.txt: "This money launderer takes a quarter of the washed money for his services.
    # There are 3 of these cards in play [...] And one of these 3 money launderers is an undercover cop."
    # "Underneath the 9 Fences who only want a quarter of the loot as their share, there are 3 undercover
    # cops"; "4x „Money launderer“, 4x „Jewellery dealer“ and 4x „Arts dealer“."
    launderers = [f for f in FENCES if f[0] == 0]
    quarter = [f for f in launderers if not f[1]]
    assert len(launderers) == 4 and len(quarter) == 3
    assert sum(cop for _, _, cop in quarter) == 1
    assert [f for f in launderers if f[1]] == [(0, True, False)]
    assert sum(1 for f in FENCES if not f[1]) == 9
    assert sum(1 for f in FENCES if f[2]) == 3
    assert all(not half for _, half, cop in FENCES if cop)
    assert [sum(1 for f in FENCES if f[0] == k) for k in range(3)] == [4, 4, 4]


# == Placing the tokens ============================================================================


def test_first_placer_places_first_then_clockwise() -> None:
    # downtown-2013-en.txt: "The player who has last been in prison begins by placing his two tokens, and
    # the other players follow clockwise." (D3: first_seat "seat0" makes seat 0 that player.)
    s = new_state(4, first_seat="seat0")
    assert s.phase == PLACE and s.to_act == 0
    order = []
    while s.phase == PLACE:
        order.append(s.to_act)
        play(s, PLACE0 + DOWNTOWN)
        assert s.to_act == order[-1]  # both tokens before the next player places
        play(s, PLACE0 + WEST_SIDE)
    assert order == [0, 1, 2, 3]


def test_first_seat_random_draws_the_first_placer() -> None:
    # D3: first_seat "random" (default) draws "the player who has last been in prison" with the seeded RNG.
    firsts = set()
    for seed in range(40):
        s = GAME.new_game(4, seed, {})
        assert s.first_placer == s.to_act
        firsts.add(s.first_placer)
        again = GAME.new_game(4, seed, {})
        assert again.first_placer == s.first_placer  # seeded
    assert firsts == {0, 1, 2, 3}


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_tokens_on_two_different_locations(edition: str) -> None:
    # downtown-2013-en.txt: "Players cannot place their two tokens on the same Location card."
    # downtown-current-de.txt: "auf zwei verschiedene der 6 Ortskarten"
    s = new_state(3, edition)
    play(s, PLACE0 + WEST_SIDE)
    assert PLACE0 + WEST_SIDE not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(PLACE0 + WEST_SIDE)


@pytest.mark.parametrize("passive", [GHETTO, BANK, VILLA])
def test_current_edition_one_token_on_an_active_location(passive: int) -> None:
    # downtown-current-de.txt: "Jeder Spieler platziert die beiden eigenen Spielsteine auf zwei
    # verschiedene der 6 Ortskarten und muss dabei mindestens einen der beiden Spielsteine zur Downtown,
    # zur West Side oder zur East Side setzen."
    s = new_state(3, "current")
    assert s.legal_actions() == [PLACE0 + loc for loc in range(6)]
    play(s, PLACE0 + passive)
    assert s.legal_actions() == [PLACE0 + DOWNTOWN, PLACE0 + WEST_SIDE, PLACE0 + EAST_SIDE]
    s2 = new_state(3, "current")
    play(s2, PLACE0 + DOWNTOWN)
    assert s2.legal_actions() == [PLACE0 + loc for loc in range(6) if loc != DOWNTOWN]


@pytest.mark.parametrize("passive", [GHETTO, BANK, VILLA])
def test_2013_edition_any_two_locations(passive: int) -> None:
    # downtown-2013-en.txt: "Each player places their own 2 tokens on to any two of the six Location cards."
    s = new_state(3, "2013")
    play(s, PLACE0 + passive)
    assert s.legal_actions() == [PLACE0 + loc for loc in range(6) if loc != passive]
    play(s, PLACE0 + (VILLA if passive != VILLA else BANK))
    assert s.tokens[0][0] >= GHETTO and s.tokens[0][1] >= GHETTO


def test_players_may_share_a_location_at_set_up() -> None:
    # downtown-2013-en.txt: "The player who has first placed a token on the East Side will then start the
    # game." (D4: several players may place on one location; "locations with no other token" is phase 1.)
    s = new_state(3)
    place_all(s, [(EAST_SIDE, DOWNTOWN), (EAST_SIDE, DOWNTOWN), (EAST_SIDE, DOWNTOWN)])
    assert s.tokens == [[EAST_SIDE, DOWNTOWN]] * 3


# == The starting player (W14) =====================================================================


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(("players", "placements", "starter"), [
    # seat 1 is the first in placing order with a token on the East Side
    (3, [(DOWNTOWN, GHETTO), (WEST_SIDE, EAST_SIDE), (EAST_SIDE, BANK)], 1),
    # the first placer himself
    (4, [(EAST_SIDE, BANK), (EAST_SIDE, DOWNTOWN), (WEST_SIDE, GHETTO), (DOWNTOWN, VILLA)], 0),
    # only the last placer
    (4, [(DOWNTOWN, GHETTO), (WEST_SIDE, BANK), (DOWNTOWN, VILLA), (WEST_SIDE, EAST_SIDE)], 3),
    # nobody on the East Side: the first placer starts
    (3, [(DOWNTOWN, GHETTO), (WEST_SIDE, BANK), (DOWNTOWN, VILLA)], 0),
])
def test_w14_the_starter(edition: str, players: int, placements: list[tuple[int, int]], starter: int) -> None:
    # downtown-2013-en.txt: "The player who has first placed a token on the East Side will then start the
    # game. If no player has placed a token on the East Side, the player who has last been in prison
    # starts the game."
    # downtown-current-de.txt: "Derjenige Spieler, der als erster Spieler einen Spielstein zur East Side
    # legt, wird Startspieler. Hat keiner der Spieler einen Spielstein zur East Side gelegt, ist derjenige
    # Spieler Startspieler, der als erster seine Spielsteine gesetzt hat."
    s = new_state(players, edition)
    place_all(s, placements)
    assert s.starter == starter
    assert s.phase == BID and starter not in [s.to_act, *s.queue]
    bid_all(s)
    assert s.active == starter and s.to_act == starter


def test_w14_starter_follows_the_placing_order_not_seat_numbers() -> None:
    # downtown-2013-en.txt: "The player who has first placed a token on the East Side" (placing begins
    # with the player last in prison and goes clockwise: here seat 2 places first).
    s = GAME.new_game(4, 5, {"first_seat": "random"})
    first = s.first_placer
    placements = [(DOWNTOWN, GHETTO)] * 4
    east = (first + 2) % 4
    later_east = (first + 3) % 4
    for i in range(4):
        seat = (first + i) % 4
        assert s.to_act == seat
        loc = (EAST_SIDE, BANK) if seat in (east, later_east) else placements[i]
        play(s, PLACE0 + loc[0], PLACE0 + loc[1])
    assert s.starter == east


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_players_the_first_placer_starts(edition: str) -> None:
    # downtown-2013-en.txt (2 players): "The player who has last been to prison begins."
    # downtown-current-de.txt: "Das Spiel beginnt derjenige Spieler, der zuletzt im Gefängnis war." (D28)
    s = new_state(2, edition)
    place_all(s, [(DOWNTOWN, GHETTO), (EAST_SIDE, BANK)])
    assert s.starter == 0
    assert s.queue == [1] and s.to_act == 1  # the other player makes the opening bid
    bid_all(s)
    assert s.active == 0


# == Opening the displays ==========================================================================


def test_bidders_clockwise_from_the_starters_left_not_the_starter() -> None:
    # downtown-2013-en.txt: "Each player, except the starting player, places $1,000 to $3,000 face down"
    # (D6: one at a time, clockwise from the starter's left.)
    s = new_state(4)
    place_all(s, [(DOWNTOWN, GHETTO), (WEST_SIDE, BANK), (EAST_SIDE, VILLA), (DOWNTOWN, BANK)])
    assert s.starter == 2
    order = []
    while s.phase == BID:
        order.append(s.to_act)
        play(s, ADD_NOTE0, DONE)
    assert order == [3, 0, 1]


@pytest.mark.parametrize("edition", EDITIONS)
def test_opening_bid_between_1000_and_3000(edition: str) -> None:
    # downtown-2013-en.txt: "places $1,000 to $3,000 face down (money value hidden)"
    # downtown-current-de.txt: "legt jeder Spieler $1,000 bis $3,000 Dollar *verdeckt* neben die eigene
    # „Auslage“-Karte."
    s = new_state(3, edition)
    place_all(s, [(EAST_SIDE, GHETTO), (WEST_SIDE, BANK), (DOWNTOWN, VILLA)])
    bidder = s.to_act
    # compulsory: no "done" before $1,000 lies there; $1,000 and $2,000 notes only
    assert s.legal_actions() == [ADD_NOTE0, ADD_NOTE0 + 1]
    with pytest.raises(IllegalAction):
        s.apply(DONE)
    with pytest.raises(IllegalAction):
        s.apply(ADD_NOTE0 + 2)  # a $5,000 note is more than $3,000
    play(s, ADD_NOTE0 + 1)
    assert s.legal_actions() == [DONE, ADD_NOTE0]  # a second $2,000 would make $4,000
    play(s, ADD_NOTE0)  # $3,000: nothing more fits, but "done" is still asked: ending by itself would
    assert s.to_act == bidder and s.legal_actions() == [DONE]  # tell the others the amount (D6)
    play(s, DONE)
    assert s.to_act != bidder
    assert value(s.down_n[bidder]) == 3 and value(s.cash[bidder]) == 7


@pytest.mark.parametrize("edition", EDITIONS)
def test_bids_hidden_until_all_have_bid_then_face_up(edition: str) -> None:
    # downtown-2013-en.txt: "places $1,000 to $3,000 face down (money value hidden) next to his own Display
    # card. As soon all players have placed bank notes next to his Display card, each player turns over
    # the money to display the value."
    # downtown-current-de.txt: "Sobald alle anderen Spieler dort Geld ausgelegt haben, wird das ausgelegte
    # Geld aufgedeckt."
    s = new_state(4, edition)
    place_all(s, [(EAST_SIDE, GHETTO), (WEST_SIDE, BANK), (DOWNTOWN, VILLA), (WEST_SIDE, GHETTO)])
    assert s.queue == [1, 2, 3]
    play(s, ADD_NOTE0 + 1, DONE)  # seat 1 bids $2,000
    play(s, ADD_NOTE0, DONE)  # seat 2 bids $1,000
    for other in (0, 2, 3, None):
        seen = s.view(other)["players"][1]
        assert seen["display"]["money"] == 0
        assert "notes_detail" not in seen["face_down"] and "cash" not in seen
        if other != s.to_act:  # how the next bidder's note reads to the others
            assert "$2,000" not in GAME.public_action_name(s, ADD_NOTE0 + 1, other)
    assert s.view(1)["players"][1]["face_down"]["notes_detail"] == [0, 1, 0, 0, 0]
    play(s, ADD_NOTE0 + 1, ADD_NOTE0, DONE)  # seat 3 bids $3,000: all have bid
    assert s.phase in (MOVE, ROBPAY) and s.active == 0
    assert [value(s.disp_n[seat]) for seat in range(4)] == [0, 2, 1, 3]
    assert all(sum(d) == 0 for d in s.down_n)
    for other in (0, 1, 2, 3, None):
        assert [p["display"]["money"] for p in s.view(other)["players"]] == [0, 2000, 1000, 3000]


def test_opening_displays_hold_money_only() -> None:
    # downtown-current-de.txt: "(Hinweis: Bei Spielbeginn haben die Spieler nur Geld in ihren Auslagen
    # ausliegen)." (D6: no gangster can be bid.)
    s = new_state(3)
    place_all(s, [(EAST_SIDE, GHETTO), (WEST_SIDE, BANK), (DOWNTOWN, VILLA)])
    assert all(a in (ADD_NOTE0, ADD_NOTE0 + 1) for a in s.legal_actions())
    bid_all(s, {1: 1, 2: 2})
    assert all(d == [0, 0, 0] for d in s.disp_g)


def test_setup_conserves_everything() -> None:
    # downtown-2013-en.txt: "100 playing cards [...] 90 bank notes": nothing is created or lost.
    for edition in EDITIONS:
        for players in (2, 3, 4):
            before = GAME.inventory(new_state(players, edition))
            assert GAME.inventory(setup(players, edition, bids=3)) == before


# == Options that are refused ======================================================================


@pytest.mark.parametrize("limit", [-1, -30])
def test_a_negative_turn_limit_is_refused(limit: int) -> None:
    # D29: turn_limit is a number of turns (0: none); issue 15: a negative one is refused, as Supergang's is.
    with pytest.raises(OptionError, match=r"turn_limit: -\d+ must be a whole number of turns, 0 or more"):
        GAME.new_game(3, 1, {"turn_limit": limit})
    assert GAME.new_game(3, 1, {"turn_limit": 0}).players == 3


def test_villa_victim_without_the_villa_rule_is_refused() -> None:
    # D25: villa_victim says what the advanced Villa rule does to a robbed Villa holder; without villa=true
    # it would change nothing, so it is refused with the reason (issue 15).
    with pytest.raises(OptionError, match="villa_victim=false has no effect without villa=true"):
        GAME.new_game(3, 1, {"villa_victim": False})
    assert GAME.new_game(3, 1, {"villa_victim": False, "villa": True}).players == 3


def test_pay_without_move_with_two_players_is_refused() -> None:
    # downtown-2013-en.txt, two players: "the current player may pay the other player even if the current
    # player does not move one of his own tokens" (D8): the option, for 3-4 players, changes nothing with 2.
    with pytest.raises(OptionError, match="pay_without_move=true has no effect with 2 players"):
        GAME.new_game(2, 1, {"pay_without_move": True})
    assert GAME.new_game(3, 1, {"pay_without_move": True}).players == 3


def test_every_configuration_the_shared_tests_play_is_accepted() -> None:
    # Game.configurations gives each non-default value alone; Downtown pairs the dependent ones.
    configs = list(GAME.configurations())
    for players, options in configs:
        GAME.new_game(players, 0, options)
    assert any(not o["villa_victim"] and o["villa"] for _, o in configs)
    assert any(o["pay_without_move"] for _, o in configs)
