"""Downtown rules, a turn's first two phases: the display coming back, moving tokens, robbing and paying.

Also the two-player rules and the advanced Villa rule (option `villa`). Each test quotes its passage
(downtown-2013-en.txt: edition "2013"; downtown-current-de.txt: edition "current"); D-numbers and
W-numbers refer to docs/rules/downtown.md.
"""

from __future__ import annotations

import pytest

from gangland.engine import ActionParseError, IllegalAction
from gangland.games.downtown.actions import BUY0, DONE, JOB0, PAY0, ROB0, move_action
from gangland.games.downtown.cards import (
    BANK,
    DOWNTOWN,
    EAST_SIDE,
    GHETTO,
    LOOKOUT,
    SAFECRACKER,
    SPY,
    VILLA,
    WEST_SIDE,
)
from gangland.games.downtown.phases import LOCATION, MOVE, OVER, PAYMOVE, REFRESH, ROBPAY

from .helpers import (
    GAME,
    begin_turn,
    cash,
    parse,
    play,
    rob,
    set_cash,
    set_display,
    set_downtown,
    set_hand,
    set_money,
    setup,
    stooge_on_top,
    to_phase2,
    wealth,
)

EDITIONS = ("current", "2013")


# == Turn start (D10) ==============================================================================


@pytest.mark.parametrize("edition", EDITIONS)
def test_own_display_returns_at_the_start_of_the_turn(edition: str) -> None:
    # downtown-2013-en.txt: "The current player may take money out of the display area back into his own
    # money pile or take Gangster cards out of the display area [...] *(Note: The player may already do
    # this during his turn, in case he needs the money and/or gangster cards for his turn)."
    # downtown-current-de.txt: "darf er das auch schon zu Beginn des Spielzuges tun" (D10: automatic)
    s = setup(3, edition)
    inv = GAME.inventory(s)
    set_display(s, 1, [1, 1, 1, 0, 0], [1, 0, 2])
    set_hand(s, 1, [1, 1, 0])
    set_cash(s, 1, [0, 0, 0, 1, 0])
    begin_turn(s, 1)
    assert s.active == 1
    assert s.disp_n[1] == [0] * 5 and s.disp_g[1] == [0, 0, 0]
    assert cash(s, 1) == 18 and s.cash[1] == [1, 1, 1, 1, 0]
    assert s.hands[1] == [2, 1, 2]
    assert GAME.inventory(s) == inv


# == Phase 1: moving tokens ========================================================================


@pytest.mark.parametrize("edition", EDITIONS)
def test_phase1_only_to_locations_with_no_token(edition: str) -> None:
    # downtown-2013-en.txt: "The current player may move his own tokens to locations with no other token."
    # downtown-current-de.txt: "Der Spieler darf einen oder beide eigene Spielsteine zu Orten versetzen, an
    # denen sich kein anderer Spielstein befindet. (Auch keine eigenen Spielsteine.)"
    s = setup(3, edition)
    begin_turn(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, GHETTO), 2: (EAST_SIDE, WEST_SIDE)})
    assert s.phase == MOVE and s.to_act == 0
    assert s.legal_actions() == sorted([DONE, move_action(DOWNTOWN, BANK), move_action(DOWNTOWN, VILLA),
                                        move_action(GHETTO, BANK), move_action(GHETTO, VILLA)])
    for occupied in (WEST_SIDE, EAST_SIDE, GHETTO):
        with pytest.raises(IllegalAction):
            s.apply(move_action(DOWNTOWN, occupied))


@pytest.mark.parametrize("edition", EDITIONS)
def test_phase1_each_token_moves_once(edition: str) -> None:
    # downtown-current-de.txt: "Der Spieler darf einen oder beide eigene Spielsteine [...] versetzen"
    # (D7: each token at most once; the second may go where the first just left.)
    s = setup(3, edition)
    begin_turn(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, GHETTO), 2: (EAST_SIDE, WEST_SIDE)})
    play(s, move_action(DOWNTOWN, BANK))
    assert s.tokens[0] == [BANK, GHETTO] and s.phase == MOVE
    # the token now at the Bank has moved; the Ghetto token may go to Downtown (just left) or the Villa
    assert s.legal_actions() == sorted([DONE, move_action(GHETTO, DOWNTOWN), move_action(GHETTO, VILLA)])
    play(s, move_action(GHETTO, DOWNTOWN))
    assert sorted(s.tokens[0]) == [DOWNTOWN, BANK]
    assert s.phase == ROBPAY  # both moved: phase 1 is over


@pytest.mark.parametrize("edition", EDITIONS)
def test_phase1_is_optional_and_skipped_without_empty_locations(edition: str) -> None:
    # downtown-2013-en.txt: "The current player may move his own tokens" (may: "done" ends phase 1).
    s = setup(3, edition)
    begin_turn(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, WEST_SIDE)})
    play(s, DONE)
    assert s.phase == ROBPAY and s.tokens[0] == [DOWNTOWN, GHETTO]
    # all six locations taken: nothing to move, phase 2 at once
    begin_turn(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)})
    assert s.phase == ROBPAY


# == Phase 2: rob =================================================================================


@pytest.mark.parametrize("edition", EDITIONS)
def test_phase2_must_rob_or_pay(edition: str) -> None:
    # downtown-current-de.txt: "Der Spieler am Spielzug muss einen der Mitspieler entweder „abkassieren“
    # (2.1.) oder „bezahlen“ (2.2.)." Robbing any other player is always possible.
    s = setup(4, edition)
    begin_turn(s, 1)
    to_phase2(s)
    legal = s.legal_actions()
    assert DONE not in legal
    assert [a for a in legal if ROB0 <= a < PAY0] == [ROB0, ROB0 + 2, ROB0 + 3]


@pytest.mark.parametrize("edition", EDITIONS)
def test_rob_takes_money_and_gangsters(edition: str) -> None:
    # downtown-2013-en.txt: "The current player takes all the money and gangster cards from the display area
    # of any other player of his choice. [...] Gangster cards will be added to the player's own hand and the
    # money will be added to his own money pile."
    # downtown-2013-en.txt: "The chosen player becomes the next player to take his turn"
    s = setup(3, edition)
    inv = GAME.inventory(s)
    set_display(s, 1, [1, 0, 1, 0, 0], [1, 0, 1])
    begin_turn(s, 0)
    hand, money = s.hands[0][:], cash(s, 0)
    rob(s, 1)
    assert s.disp_n[1] == [0] * 5 and s.disp_g[1] == [0, 0, 0]
    assert cash(s, 0) == money + 6
    assert s.hands[0] == [hand[0] + 1, hand[1], hand[2] + 1]
    assert s.nxt == 1
    assert GAME.inventory(s) == inv


@pytest.mark.parametrize("edition", EDITIONS)
def test_w15_rob_an_empty_display(edition: str) -> None:
    # downtown-2013-en.txt: "A player who has neither money nor gangsters in his display area can still be
    # "robbed" and chosen to become the next player, even if there is actually nothing to "rob"."
    s = setup(3, edition)
    set_display(s, 2)
    begin_turn(s, 0)
    to_phase2(s)
    before = [wealth(s, seat) for seat in range(3)], [h[:] for h in s.hands]
    assert ROB0 + 2 in s.legal_actions()
    play(s, ROB0 + 2)
    assert ([wealth(s, seat) for seat in range(3)], s.hands) == before
    assert s.nxt == 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_robbed_player_is_next(edition: str) -> None:
    # downtown-2013-en.txt: "The next current player is always the player who was "paid" or "robbed" during
    # phase 2 by the current player."
    s = setup(3, edition)
    begin_turn(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)})
    rob(s, 2)
    while not (s.active == 2 and s.phase in (MOVE, ROBPAY)):
        s.apply(DONE)  # end phase 3; the window (seat 1 only); the refresh
    assert s.active == 2 and s.to_act == 2


# == Phase 2: pay =================================================================================


def _pay_position(edition: str, players: int = 3, **options: object) -> object:
    s = setup(players, edition, **options)
    # seat 1 has $3,000 and a safecracker on display; seat 0 may join him at the West Side or the Bank
    set_display(s, 1, [1, 1, 0, 0, 0], [0, 1, 0])
    tokens = {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)}
    if players == 4:
        tokens[3] = (EAST_SIDE, WEST_SIDE)
    begin_turn(s, 0, tokens)
    return s


@pytest.mark.parametrize("edition", EDITIONS)
def test_pay_exact_money_and_same_kinds(edition: str) -> None:
    # downtown-current-de.txt: "Der Spieler gibt diesem Mitspieler genau so viel Geld (und eventuell
    # Gangsterkarten derselben Sorte), wie dieser Mitspieler in seiner Auslage hat."
    # downtown-2013-en.txt: "the current player has to give this player exactly the same amount of money and
    # gangster cards as this player has in his display area" (D9: the same kinds, both editions)
    s = _pay_position(edition)
    inv = GAME.inventory(s)
    set_hand(s, 0, [3, 0, 2])  # no safecracker: cannot pay seat 1
    to_phase2(s)
    assert PAY0 + 1 not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(PAY0 + 1)
    set_hand(s, 0, [3, 1, 0])
    assert PAY0 + 1 in s.legal_actions()
    payee_hand, money0, money1 = s.hands[1][:], cash(s, 0), cash(s, 1)
    play(s, PAY0 + 1)
    assert cash(s, 0) == money0 - 3 and cash(s, 1) == money1 + 3
    assert s.hands[0] == [3, 0, 0]
    assert s.hands[1] == [payee_hand[0], payee_hand[1] + 1, payee_hand[2]]
    # the payee's display stays as it is
    assert s.disp_n[1] == [1, 1, 0, 0, 0] and s.disp_g[1] == [0, 1, 0]
    assert s.nxt == 1
    assert GAME.inventory(s) == inv


@pytest.mark.parametrize("edition", EDITIONS)
def test_pay_needs_enough_money(edition: str) -> None:
    # downtown-2013-en.txt: "exactly the same amount of money" (D9: who cannot, cannot pay that player)
    s = _pay_position(edition)
    set_hand(s, 0, [0, 1, 0])
    set_cash(s, 0, [2, 0, 0, 0, 0])
    to_phase2(s)
    assert PAY0 + 1 not in s.legal_actions()
    set_cash(s, 0, [3, 0, 0, 0, 0])
    assert PAY0 + 1 in s.legal_actions()


@pytest.mark.parametrize("edition", EDITIONS)
def test_pay_with_change_from_the_bank(edition: str) -> None:
    # downtown-current-de.txt: "genau so viel Geld [...] wie dieser Mitspieler in seiner Auslage hat" and
    # "Die Spieler dürfen zu jeder Zeit des Spiels mit dem Geldvorrat der Bank Geldscheine [...] umtauschen"
    # (D1: a payment is exact; the bank makes change.)
    s = _pay_position(edition)
    inv = GAME.inventory(s)
    set_hand(s, 0, [0, 1, 0])
    set_cash(s, 0, [0, 0, 1, 0, 0])  # one $5,000 note for a $3,000 payment
    to_phase2(s)
    play(s, PAY0 + 1)
    assert cash(s, 0) == 2 and cash(s, 1) == 10 + 3 - 1  # seat 1 bid $1,000 of his $10,000
    assert GAME.inventory(s) == inv


@pytest.mark.parametrize("edition", EDITIONS)
def test_pay_then_move_onto_the_payee(edition: str) -> None:
    # downtown-2013-en.txt: "Then the current player may move one of his own tokens to a location where the
    # paid player has one of his tokens."
    # downtown-current-de.txt: "Der Spieler darf einen Spielstein nicht zu dem Ort versetzen, bei dem sich
    # bereits der andere eigene Spielstein befindet." (D8: with 3-4 players the move is part of paying)
    s = _pay_position(edition)
    set_hand(s, 0, [0, 1, 0])
    to_phase2(s)
    play(s, PAY0 + 1)
    assert s.phase == PAYMOVE
    assert s.legal_actions() == sorted([move_action(DOWNTOWN, WEST_SIDE), move_action(DOWNTOWN, BANK),
                                        move_action(GHETTO, WEST_SIDE), move_action(GHETTO, BANK)])
    assert DONE not in s.legal_actions()
    play(s, move_action(GHETTO, BANK))
    assert s.tokens[0] == [DOWNTOWN, BANK] and s.tokens[1] == [WEST_SIDE, BANK]
    assert s.phase == LOCATION and s.nxt == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_pay_not_onto_own_other_token(edition: str) -> None:
    # downtown-current-de.txt: "Der Spieler darf einen Spielstein nicht zu dem Ort versetzen, bei dem sich
    # bereits der andere eigene Spielstein befindet."
    s = _pay_position(edition)
    set_hand(s, 0, [0, 1, 0])
    begin_turn(s, 0, {0: (DOWNTOWN, BANK), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)})
    to_phase2(s)
    play(s, PAY0 + 1)
    assert s.legal_actions() == sorted([move_action(DOWNTOWN, WEST_SIDE), move_action(BANK, WEST_SIDE)])
    assert move_action(DOWNTOWN, BANK) not in s.legal_actions()


@pytest.mark.parametrize("edition", EDITIONS)
def test_pay_impossible_without_a_move_3_players(edition: str) -> None:
    # downtown-2013-en.txt (2 players): "However, the current player may pay the other player even if the
    # current player does not move one of his own tokens" - a special rule, so with 3-4 players paying
    # means moving (D8, option pay_without_move false): on both of the payee's locations he cannot pay.
    s = _pay_position(edition)
    set_hand(s, 0, [0, 1, 0])
    begin_turn(s, 0, {0: (WEST_SIDE, BANK), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)})
    to_phase2(s)
    assert PAY0 + 1 not in s.legal_actions()
    assert ROB0 + 1 in s.legal_actions()


@pytest.mark.parametrize("edition", EDITIONS)
def test_option_pay_without_move(edition: str) -> None:
    # D8, option pay_without_move true: the move after paying is optional with 3-4 players too.
    s = _pay_position(edition, pay_without_move=True)
    set_hand(s, 0, [0, 1, 0])
    begin_turn(s, 0, {0: (WEST_SIDE, BANK), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)})
    to_phase2(s)
    assert PAY0 + 1 in s.legal_actions()
    play(s, PAY0 + 1)
    assert s.nxt == 1 and s.tokens[0] == [WEST_SIDE, BANK]
    s2 = _pay_position(edition, pay_without_move=True)
    set_hand(s2, 0, [0, 1, 0])
    to_phase2(s2)
    play(s2, PAY0 + 1)
    assert s2.phase == PAYMOVE and DONE in s2.legal_actions()
    play(s2, DONE)
    assert s2.tokens[0] == [DOWNTOWN, GHETTO] and s2.phase == LOCATION


@pytest.mark.parametrize("edition", EDITIONS)
def test_w15_pay_an_empty_display(edition: str) -> None:
    # downtown-2013-en.txt: "If a player has no money and/or gangster cards in his own display area, this
    # player can also be "paid" by giving him nothing and the current player may move a token for free to a
    # location where this paid player has one of his tokens."
    s = setup(3, edition)
    set_display(s, 2)
    begin_turn(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)})
    to_phase2(s)
    before = [wealth(s, seat) for seat in range(3)], [h[:] for h in s.hands]
    play(s, PAY0 + 2, move_action(GHETTO, VILLA))
    assert ([wealth(s, seat) for seat in range(3)], s.hands) == before
    assert s.tokens[0] == [DOWNTOWN, VILLA] and s.nxt == 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_pay_one_of_several_players_at_a_location(edition: str) -> None:
    # downtown-2013-en.txt: "If the current player wants to move a token to a location where there are
    # already tokens of two or three players, the current player must only pay one of these players and may
    # choose which of these players he wants to pay."
    s = setup(4, edition)
    set_display(s, 1, [0, 0, 1, 0, 0])
    set_display(s, 3)
    begin_turn(s, 0, {0: (DOWNTOWN, GHETTO), 1: (EAST_SIDE, BANK), 2: (WEST_SIDE, VILLA),
                      3: (EAST_SIDE, VILLA)})
    to_phase2(s)
    assert {PAY0 + 1, PAY0 + 3} <= set(s.legal_actions())
    money = cash(s, 0)
    play(s, PAY0 + 3, move_action(DOWNTOWN, EAST_SIDE))  # the "cheaper" one
    assert cash(s, 0) == money and s.nxt == 3
    assert s.tokens[0] == [EAST_SIDE, GHETTO]


@pytest.mark.parametrize("edition", EDITIONS)
def test_one_token_per_turn_onto_an_occupied_location(edition: str) -> None:
    # downtown-2013-en.txt: "The current player may only pay one player per turn and therefore may move only
    # one token per turn to a location where there is already at least one other player's token."
    s = _pay_position(edition)
    set_hand(s, 0, [0, 1, 0])
    to_phase2(s)
    play(s, PAY0 + 1, move_action(GHETTO, BANK))
    assert s.phase == LOCATION  # no more moves and no second payment
    legal = s.legal_actions()
    assert not any(ROB0 <= a < BUY0 for a in legal)
    assert not any(7 <= a < ROB0 for a in legal)


# == Two players ==================================================================================


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_players_robbing_skips_phase3(edition: str) -> None:
    # downtown-2013-en.txt: "When robbing another player in Phase 2, the current player must skip Phase 3
    # and cannot use any of the locations in this turn."
    # downtown-current-de.txt: "Wenn der Spieler den Gegenspieler in Phase 2 „abkassiert“ und nicht
    # „bezahlt“, muss der Spieler in diesem Spielzug Phase 3 überspringen und kann keine Orte nutzen."
    s = setup(2, edition)
    begin_turn(s, 0, {0: (DOWNTOWN, WEST_SIDE), 1: (EAST_SIDE, BANK)})
    rob(s, 1)
    assert s.phase == REFRESH  # no phase 3, and no addition window with two players
    assert not any(BUY0 <= a <= JOB0 + 2 for a in s.legal_actions())


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_players_paying_needs_no_move(edition: str) -> None:
    # downtown-current-de.txt: "Wenn der Spieler den Gegenspieler „bezahlt“, muss er keinen Spielstein zu
    # einem Ort mit einem Spielstein des Gegenspielers versetzen."
    # downtown-2013-en.txt: "[...] and may then use locations in Phase 3."
    s = setup(2, edition)
    set_display(s, 1, [1, 0, 0, 0, 0])
    begin_turn(s, 0, {0: (EAST_SIDE, BANK), 1: (EAST_SIDE, BANK)})  # already on both of his locations
    to_phase2(s)
    assert PAY0 + 1 in s.legal_actions()
    play(s, PAY0 + 1)
    assert s.phase == LOCATION and s.nxt == 1
    begin_turn(s, 0, {0: (DOWNTOWN, GHETTO), 1: (EAST_SIDE, BANK)})
    to_phase2(s)
    play(s, PAY0 + 1)
    assert s.phase == PAYMOVE and DONE in s.legal_actions()
    play(s, DONE)
    assert s.tokens[0] == [DOWNTOWN, GHETTO] and s.phase == LOCATION


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_players_both_locations_usable(edition: str) -> None:
    # downtown-2013-en.txt: "Players may always use both locations with their own two tokens during their
    # turn." downtown-current-de.txt: "Während eines Spielzuges darf der Spieler immer beide Orte nutzen, bei
    # denen man einen Spielstein hat." (D28: in either order, e.g. buy, then do a job with them)
    s = setup(2, edition)
    inv = GAME.inventory(s)
    luigi = 10  # Luigi, art, needs 2 lookouts, 2 safecrackers, 1 spy
    stooge_on_top(s, luigi)
    set_downtown(s, [1, 1, 3])
    set_display(s, 1)
    begin_turn(s, 0, {0: (DOWNTOWN, WEST_SIDE), 1: (EAST_SIDE, BANK)})
    set_hand(s, 0, [1, 1, 0])
    to_phase2(s)
    play(s, PAY0 + 1, DONE)
    assert s.phase == LOCATION and JOB0 + 1 not in s.legal_actions()
    play(s, BUY0 + LOOKOUT, BUY0 + SAFECRACKER, BUY0 + SPY, DONE)
    assert s.phase == LOCATION  # the West Side is still usable
    assert not any(BUY0 <= a < JOB0 for a in s.legal_actions())
    play(s, JOB0 + 1)
    assert luigi in s.shand[0]
    assert s.phase == REFRESH  # both used
    assert GAME.inventory(s) == inv


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_players_alternate(edition: str) -> None:
    # downtown-2013-en.txt: "The chosen player becomes the next player": with two, always the other one.
    s = setup(2, edition)
    seen = []
    for _ in range(6):
        seen.append(s.active)
        rob(s, 1 - s.active)
        play(s, DONE)  # refresh: put nothing
        while s.phase not in (MOVE, ROBPAY):
            s.apply(s.legal_actions()[-1])  # the hand limit, if any
    assert seen == [0, 1, 0, 1, 0, 1]


# == The advanced Villa rule (option villa, D25) ==================================================


@pytest.mark.parametrize("edition", EDITIONS)
def test_w13_villa_holder_takes_half_of_robbed_money(edition: str) -> None:
    # downtown-2013-en.txt: "If only one player has a token at Don Massimo's Villa, this player will every
    # time one of the other players is "robbing" another player, receive half of the robbed money. If the
    # amount is "odd", the amount is rounded down. For example if a player robs $5,000 from another player,
    # the player who has a token at Don Massimo's Villa receives $2,000 of the $5,000."
    s = setup(3, edition, villa=True)
    inv = GAME.inventory(s)
    set_display(s, 1, [0, 0, 1, 0, 0], [1, 0, 0])
    begin_turn(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)})
    w0, w2, hand = wealth(s, 0), wealth(s, 2), s.hands[0][:]
    rob(s, 1)
    assert wealth(s, 0) == w0 + 3 and wealth(s, 2) == w2 + 2
    assert s.hands[0] == [hand[0] + 1, hand[1], hand[2]]  # gangsters are not shared
    assert GAME.inventory(s) == inv


@pytest.mark.parametrize(("robbed", "share"), [(5, 2), (3, 1), (1, 0), (8, 4)])
def test_villa_share_rounded_down(robbed: int, share: int) -> None:
    # downtown-2013-en.txt: "If the amount is "odd", the amount is rounded down." (D25: whole thousands)
    s = setup(3, "2013", villa=True)
    set_display(s, 1, [robbed, 0, 0, 0, 0])
    begin_turn(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)})
    w0, w2 = wealth(s, 0), wealth(s, 2)
    rob(s, 1)
    assert (wealth(s, 0) - w0, wealth(s, 2) - w2) == (robbed - share, share)


def test_villa_rule_off_by_default() -> None:
    # D25: the rule is an expansion "for advanced players (not recommended when playing the game for the
    # first time)", and the current German rules drop it: option villa, default false.
    s = setup(3, "2013")
    set_display(s, 1, [0, 0, 1, 0, 0])
    begin_turn(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)})
    w0, w2 = wealth(s, 0), wealth(s, 2)
    rob(s, 1)
    assert (wealth(s, 0) - w0, wealth(s, 2) - w2) == (5, 0)


def test_villa_rule_needs_a_lone_holder_who_is_not_the_robber() -> None:
    # downtown-2013-en.txt: "If only one player has a token at Don Massimo's Villa, this player will every
    # time one of the other players is "robbing" another player, receive half"
    s = setup(4, "2013", villa=True)
    set_display(s, 1, [0, 0, 1, 0, 0])
    begin_turn(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA),
                      3: (VILLA, BANK)})
    w = [wealth(s, seat) for seat in range(4)]
    rob(s, 1)  # two Villa holders: nobody gets a share
    assert [wealth(s, seat) - w[seat] for seat in range(4)] == [5, -5, 0, 0]
    s = setup(3, "2013", villa=True)
    set_display(s, 1, [0, 0, 1, 0, 0])
    begin_turn(s, 0, {0: (VILLA, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, DOWNTOWN)})
    w0 = wealth(s, 0)
    rob(s, 1)  # the robber himself at the Villa: he keeps it all
    assert wealth(s, 0) == w0 + 5


@pytest.mark.parametrize(("victim_option", "back"), [(True, 2), (False, 0)])
def test_option_villa_victim(victim_option: bool, back: int) -> None:
    # D25, option villa_victim: the text excludes only the robber ("one of the other players is "robbing"
    # another player"); true (default): the lone Villa holder gets half of his own money back.
    s = setup(3, "2013", villa=True, villa_victim=victim_option)
    set_display(s, 1, [0, 0, 1, 0, 0])
    begin_turn(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, VILLA), 2: (EAST_SIDE, BANK)})
    w0, w1 = wealth(s, 0), wealth(s, 1)
    rob(s, 1)
    assert wealth(s, 0) == w0 + 5 - back and wealth(s, 1) == w1 - 5 + back


def test_parse_action_texts() -> None:
    # The action texts of docs section 4.2 name the same actions as the ids.
    s = setup(3)
    begin_turn(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, WEST_SIDE)})
    assert parse(s, "move token Downtown -> Don Massimo's Villa") == move_action(DOWNTOWN, VILLA)
    play(s, DONE)
    # Issue 31: an action naming a seat is read as the engine writes it and as the terminal shows it (seats
    # counted from 1, the person's own with " (you)"), and by a prefix of either.
    assert parse(s, "rob \u27e8s1\u27e9") == ROB0 + 1
    assert parse(s, "rob Seat 2") == parse(s, "ROB SEAT 2") == ROB0 + 1
    assert parse(s, "pay seat 3") == PAY0 + 2
    with pytest.raises(ActionParseError, match=r"legal now: .*rob seat 2"):
        parse(s, "rob seat 1")  # the person's own seat (seat 0) is none to rob


@pytest.mark.parametrize("edition", EDITIONS)
def test_robbery_to_100000_ends_at_once(edition: str) -> None:
    # downtown-2013-en.txt: "The game ends immediately when a player possesses $100,000 or more"
    # (D27: checked after every event that moves money, a robbery included)
    s = setup(3, edition)
    set_money(s, 0, 95)
    set_display(s, 1, [0, 0, 1, 0, 0])
    begin_turn(s, 0)
    rob(s, 1)
    assert s.phase == OVER and s.result().winners == (0,)


@pytest.mark.parametrize("edition", EDITIONS)
def test_payment_to_100000_ends_at_once(edition: str) -> None:
    # downtown-current-de.txt: "Das Spiel endet bereits auch dann, sobald ein Spieler in Besitz von mindestens
    # 100.000,- Dollar ist. Dieser Spieler ist der Gewinner des Spiels."
    s = setup(3, edition)
    set_money(s, 1, 90)
    set_display(s, 1, [0, 0, 1, 0, 0])
    begin_turn(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)})
    set_money(s, 0, 20)
    to_phase2(s)
    play(s, PAY0 + 1)
    assert wealth(s, 1) == 100 and s.phase == OVER and s.result().winners == (1,)
