"""Downtown rules, phase 3 at Downtown and the West Side, and the passive Ghetto, Bank and Villa.

Each test quotes its passage (downtown-2013-en.txt: edition "2013"; downtown-current-de.txt: edition
"current"); D-numbers and W-numbers refer to docs/rules/downtown.md.
"""

from __future__ import annotations

import pytest

from gangland.engine import IllegalAction, seat_ref
from gangland.games.downtown.actions import BUY0, DONE, JOB0, LOOK_STOOGE0, PUT_TOP, PUT_UNDER
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
    refill_count,
)
from gangland.games.downtown.deck import LUIGI
from gangland.games.downtown.money import value
from gangland.games.downtown.phases import AFTER_STOOGE_LOOK, BUYING, LOCATION, OVER, STOOGE_BACK, WINDOW

from .helpers import (
    GAME,
    YELLOW,
    cash,
    give_stooge,
    phase3,
    play,
    set_display,
    set_downtown,
    set_hand,
    set_money,
    setup,
    stooge_on_top,
    wealth,
)

EDITIONS = ("current", "2013")
LUIGI_52 = 10
"""The printed Luigi card with the $52,000 back (W5, W6)."""
LUIGI_60 = 11
"""A copy of the same front with the $60,000 back."""
QUIET = {0: (DOWNTOWN, WEST_SIDE), 1: (EAST_SIDE, VILLA), 2: (WEST_SIDE, EAST_SIDE)}
"""Seat 0 at Downtown and the West Side; nobody at the Ghetto or the Bank."""


def bank_value(s: object) -> int:
    return value(s.bank)  # type: ignore[attr-defined]


# == Downtown: the price table =====================================================================


@pytest.mark.parametrize("edition", EDITIONS)
def test_w3_price_table(edition: str) -> None:
    # downtown-current-de.txt: "Ausliegende Gangster einer Sorte / Preis eines Gangsters dieser Sorte /
    # 1 $4,000 / 2 $3,000 / 3 $2,000 / 4 oder mehr $1,000" (the 2013 English table is garbled: D12)
    # docs W3: display 4 lookouts, 2 spies, 1 safecracker: 2 lookouts + 1 spy + 1 safecracker = $9,000.
    s = setup(3, edition)
    inv = GAME.inventory(s)
    set_money(s, 0, 20)
    set_downtown(s, [4, 1, 2])
    phase3(s, 0, QUIET, 1)
    assert s.view(None)["downtown"]["prices"] == [1000, 4000, 3000]
    bank, hand = bank_value(s), s.hands[0][:]
    play(s, BUY0 + LOOKOUT, BUY0 + LOOKOUT, BUY0 + SPY, BUY0 + SAFECRACKER, DONE)
    assert cash(s, 0) == 20 - 9
    # "The money used to pay for gangsters cards is returned to the bank."
    assert bank_value(s) == bank + 9
    # "The purchased gangster cards will be added to the player's hand."
    assert s.hands[0] == [hand[0] + 2, hand[1] + 1, hand[2] + 1]
    assert GAME.inventory(s) == inv


@pytest.mark.parametrize(("shown", "each"), [(1, 4), (2, 3), (3, 2), (4, 1), (7, 1), (10, 1)])
def test_price_by_count_on_display(shown: int, each: int) -> None:
    # downtown-current-de.txt: "Der Preis jedes Gangsters [...] richtet sich danach, wie häufig Karten dieser
    # Sorte zu Beginn des Spielzuges ausliegen"
    s = setup(3)
    set_money(s, 0, 20)
    set_downtown(s, [shown, 0, 0])
    phase3(s, 0, QUIET, 1)
    play(s, BUY0 + LOOKOUT, DONE)
    assert cash(s, 0) == 20 - each


@pytest.mark.parametrize("edition", EDITIONS)
def test_price_fixed_when_buying_starts(edition: str) -> None:
    # downtown-current-de.txt: "wie häufig Karten dieser Sorte zu Beginn des Spielzuges ausliegen" (D12:
    # buying does not raise the price: all four of 4 lookouts cost $1,000)
    s = setup(3, edition)
    set_money(s, 0, 20)
    set_downtown(s, [4, 0, 1])
    phase3(s, 0, QUIET, 1)
    play(s, BUY0 + LOOKOUT, BUY0 + LOOKOUT, BUY0 + LOOKOUT)
    assert s.phase == BUYING and s.view(0)["buying"]["spent"] == 3000
    play(s, BUY0 + LOOKOUT, DONE)
    assert cash(s, 0) == 16


@pytest.mark.parametrize("edition", EDITIONS)
def test_buying_must_be_affordable(edition: str) -> None:
    # downtown-current-de.txt: "bezahlt den Gesamtbetrag an die Bank" (D12: he must have the money for
    # every card as he buys it)
    s = setup(3, edition)
    set_money(s, 0, 5)
    set_downtown(s, [4, 1, 1])
    phase3(s, 0, QUIET, 1)
    play(s, BUY0 + SAFECRACKER)
    assert s.legal_actions() == [DONE, BUY0 + LOOKOUT]  # the spy ($4,000) is now too dear
    with pytest.raises(IllegalAction):
        s.apply(BUY0 + SPY)
    play(s, BUY0 + LOOKOUT)
    assert s.legal_actions() == [DONE]


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_purchase_no_downtown_visit(edition: str) -> None:
    # downtown-2013-en.txt: "The purchased gangster cards will be added to the player's hand. [...] Then the
    # 3 topmost cards [...] are turned over" (D12: a visit buys at least one card; no refill without one)
    s = setup(3, edition)
    phase3(s, 0, QUIET, 1)
    shown, pile = s.downtown[:], s.draw[:]
    assert s.phase == LOCATION
    play(s, DONE)
    assert s.downtown == shown and s.draw == pile
    assert s.phase == WINDOW


# == Downtown: the refill and the reshuffle ========================================================


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("left", range(10))
def test_w4_refill_for_every_count_left(edition: str, left: int) -> None:
    # downtown-2013-en.txt: "Then the 3 topmost cards from the gangster card pile (Ghetto) are turned over
    # and laid out, up to a maximum of 10 cards and a minimum of 5 cards. For example, if there is only 1
    # card laid out, 4 new cards must be turned over."
    # downtown-current-de.txt: "Liegt nach einem Einkauf zum Beispiel nur noch 1 Karte aus, werden 4 neue
    # Karten aufgedeckt."
    s = setup(3, edition)
    inv = GAME.inventory(s)
    set_money(s, 0, 20)
    set_downtown(s, [left, 0, 1])
    phase3(s, 0, QUIET, 1)
    pile = sum(s.draw)
    play(s, BUY0 + SPY, DONE)
    turned = [5, 4, 3, 3, 3, 3, 3, 3, 2, 1][left]
    assert refill_count(left) == turned
    assert sum(s.downtown) == left + turned == [5, 5, 5, 6, 7, 8, 9, 10, 10, 10][left]
    assert sum(s.draw) == pile - turned
    assert GAME.inventory(s) == inv


@pytest.mark.parametrize("edition", EDITIONS)
def test_reshuffle_when_the_pile_is_used_up(edition: str) -> None:
    # downtown-2013-en.txt: "If the pile is used up, all gangster cards of the discard pile are shuffled and
    # replaced as the new gangster card pile."
    # downtown-current-de.txt: "Wenn der Gangsterkarten-Nachziehstapel aufgebraucht wird, werden alle Karten
    # des Gangsterkarten-Ablagestapels gemischt und als neuer Nachziehstapel bereit gelegt." (D14)
    s = setup(3, edition)
    inv = GAME.inventory(s)
    set_money(s, 0, 20)
    set_downtown(s, [4, 0, 1])
    for k in range(3):  # all but one card of the pile have been played onto the discard pile
        s.discard[k], s.draw[k] = s.draw[k], 0
    s.draw[LOOKOUT], s.discard[LOOKOUT] = 1, s.discard[LOOKOUT] - 1
    total = sum(s.draw) + sum(s.discard)
    phase3(s, 0, QUIET, 1)
    play(s, BUY0 + SPY, DONE)
    assert sum(s.downtown) == 7
    assert s.discard == [0, 0, 0]
    assert sum(s.draw) == total - 3
    assert GAME.inventory(s) == inv


def test_both_piles_empty_refill_what_there_is() -> None:
    # D13: if the draw and the discard pile are both empty, turn up what there is (the display may hold
    # fewer than 5).
    s = setup(3)
    inv = GAME.inventory(s)
    set_money(s, 0, 20)
    set_downtown(s, [2, 0, 1])
    for k in range(3):  # every other gangster lies in seat 2's hand
        s.hands[2][k] += s.draw[k]
        s.draw[k] = 0
    phase3(s, 0, QUIET, 1)
    play(s, BUY0 + SPY, DONE)
    assert s.downtown == [2, 0, 0] and s.draw == [0, 0, 0]
    assert GAME.inventory(s) == inv


# == Ghetto ========================================================================================


def test_w12_current_ghetto_draws_after_a_purchase() -> None:
    # downtown-current-de.txt: "Ein Beispiel: Spieler Gelb kauft in der Downtown Gangsterkarten. Im Ghetto
    # befindet sich ein Spielstein von Spieler Rot und einer von Spieler Gelb. Spieler Rot darf sich 2
    # Gangsterkarten nehmen, weil der Spielstein von Spieler Gelb nicht berücksichtigt wird."
    s = setup(3, "current")
    inv = GAME.inventory(s)
    set_money(s, YELLOW, 20)
    set_downtown(s, [4, 0, 1])
    phase3(s, YELLOW, {0: (DOWNTOWN, GHETTO), 1: (GHETTO, EAST_SIDE), 2: (WEST_SIDE, VILLA)}, 2)
    red, yellow = sum(s.hands[1]), sum(s.hands[0])
    play(s, BUY0 + LOOKOUT, DONE)
    assert sum(s.hands[1]) == red + 2
    assert sum(s.hands[0]) == yellow + 1  # only his purchase
    assert GAME.inventory(s) == inv


def test_w11_2013_ghetto_draws_after_a_job() -> None:
    # downtown-2013-en.txt: "An example: Player Yellow is doing a job at the West Side. Player Red and Yellow
    # both have a token at the Ghetto. Player Red may draw 2 gangster cards, because the token of player
    # Yellow is ignored."
    s = setup(3, "2013")
    inv = GAME.inventory(s)
    stooge_on_top(s, LUIGI_52)
    phase3(s, YELLOW, {0: (WEST_SIDE, GHETTO), 1: (GHETTO, EAST_SIDE), 2: (DOWNTOWN, VILLA)}, 2)
    set_hand(s, YELLOW, [2, 2, 1])
    red = sum(s.hands[1])
    play(s, JOB0 + LUIGI)
    assert sum(s.hands[1]) == red + 2
    assert s.hands[YELLOW] == [0, 0, 0] and s.shand[YELLOW] == [LUIGI_52]
    assert GAME.inventory(s) == inv


def test_2013_ghetto_ignores_purchases() -> None:
    # downtown-2013-en.txt: "each time another player has played gangster cards for a „job“ (West Side)"
    s = setup(3, "2013")
    set_money(s, 0, 20)
    set_downtown(s, [4, 0, 1])
    phase3(s, 0, {0: (DOWNTOWN, VILLA), 1: (GHETTO, EAST_SIDE), 2: (WEST_SIDE, BANK)}, 2)
    red = sum(s.hands[1])
    play(s, BUY0 + LOOKOUT, DONE)
    assert sum(s.hands[1]) == red


def test_current_ghetto_ignores_jobs() -> None:
    # downtown-current-de.txt: "jedes Mal, nachdem einer der Mitspieler in der Downtown Gangsterkarten
    # eingekauft hat"
    s = setup(3, "current")
    stooge_on_top(s, LUIGI_52)
    phase3(s, 0, {0: (WEST_SIDE, VILLA), 1: (GHETTO, EAST_SIDE), 2: (DOWNTOWN, BANK)}, 2)
    set_hand(s, 0, [2, 2, 1])
    red = sum(s.hands[1])
    play(s, JOB0 + LUIGI)
    assert sum(s.hands[1]) == red


@pytest.mark.parametrize("edition", EDITIONS)
def test_several_ghetto_holders_one_each_clockwise(edition: str) -> None:
    # downtown-2013-en.txt: "If more than one player has a token at the Ghetto, each of these players may
    # only take 1 card (in clockwise order, starting with the player left of the current player)."
    # downtown-current-de.txt: "Haben mehrere Spieler einen Spielstein im Ghetto, dürfen sich diese Spieler
    # jeweils nur 1 Karte nehmen (vom Spieler am Spielzug ausgehend reihum im Uhrzeigersinn)."
    s = setup(4, edition)
    inv = GAME.inventory(s)
    set_money(s, 2, 20)
    set_downtown(s, [4, 0, 1])
    stooge_on_top(s, LUIGI_52)
    tokens = {2: (DOWNTOWN, GHETTO), 3: (GHETTO, EAST_SIDE), 0: (GHETTO, BANK), 1: (VILLA, EAST_SIDE)}
    if edition == "2013":
        tokens[2] = (WEST_SIDE, GHETTO)
    phase3(s, 2, tokens, 1)
    sizes = [sum(h) for h in s.hands]
    if edition == "2013":
        set_hand(s, 2, [2, 2, 1])
        sizes[2] = 0
        play(s, JOB0 + LUIGI)
    else:
        play(s, BUY0 + LOOKOUT, DONE)
        sizes[2] += 1
    assert [sum(h) - sizes[i] for i, h in enumerate(s.hands)] == [1, 0, 0, 1]
    draws = [text for who, text in s.events if who is None and "in the Ghetto draws" in text]
    assert draws == [f"{seat_ref(seat)} in the Ghetto draws a gangster card" for seat in (3, 0)]
    assert GAME.inventory(s) == inv


def test_ghetto_draws_stop_when_no_card_is_left() -> None:
    # D15: "If cards run short (D13, D14), holders draw in that order until none are left."
    s = setup(4, "current")
    inv = GAME.inventory(s)
    set_money(s, 1, 20)
    set_downtown(s, [4, 0, 1])
    for k in range(3):  # keep 4 cards in the draw pile: 3 for the refill, 1 for the Ghetto
        s.hands[0][k] += s.draw[k]
        s.draw[k] = 0
    s.hands[0][LOOKOUT] -= 4
    s.draw[LOOKOUT] = 4
    phase3(s, 1, {1: (DOWNTOWN, VILLA), 2: (GHETTO, EAST_SIDE), 3: (GHETTO, WEST_SIDE), 0: (BANK, WEST_SIDE)},
           0)
    sizes = [sum(h) for h in s.hands]
    play(s, BUY0 + SPY, DONE)
    assert sum(s.hands[2]) == sizes[2] + 1 and sum(s.hands[3]) == sizes[3]
    assert GAME.inventory(s) == inv


# == Bank ==========================================================================================


def _bank_position(edition: str, players: int, buyer_tokens: tuple[int, int],
                   others: dict[int, tuple[int, int]]) -> object:
    s = setup(players, edition)
    set_money(s, 0, 20)
    set_downtown(s, [4, 1, 0])
    victim = max(others)
    phase3(s, 0, {0: buyer_tokens, **others}, victim)
    return s


def test_w16_current_buyer_alone_at_the_bank_gets_it_back() -> None:
    # downtown-current-de.txt: "Hat derjenige Spieler, der in der Downtown Gangster-Karten kauft einen
    # Spielstein bei der Bank, erhält dieser Spieler das eingezahlte Geld anschließend wieder zurück"
    s = _bank_position("current", 3, (DOWNTOWN, BANK), {1: (WEST_SIDE, EAST_SIDE), 2: (GHETTO, VILLA)})
    inv, bank = GAME.inventory(s), bank_value(s)
    play(s, BUY0 + SAFECRACKER, BUY0 + LOOKOUT, DONE)  # $4,000 + $1,000
    assert cash(s, 0) == 20 and bank_value(s) == bank
    assert GAME.inventory(s) == inv


def test_w16_current_buyer_shares_with_another_holder() -> None:
    # downtown-current-de.txt: "[...] oder muss es mit anderen Spielern teilen, falls auch andere Spieler
    # einen Spielstein bei der Bank haben." / "Überzähliges Geld verbleibt in der Bank." (D16: $2,000 each)
    s = _bank_position("current", 3, (DOWNTOWN, BANK), {1: (BANK, EAST_SIDE), 2: (GHETTO, VILLA)})
    m1, bank = cash(s, 1), bank_value(s)
    play(s, BUY0 + SAFECRACKER, BUY0 + LOOKOUT, DONE)
    assert cash(s, 0) == 20 - 5 + 2 and cash(s, 1) == m1 + 2
    assert bank_value(s) == bank + 1


def test_w17_2013_buyers_own_bank_token_ignored() -> None:
    # downtown-2013-en.txt: "If the player who buys gangster cards has a token at the bank, this token will be
    # ignored when dividing the money."
    s = _bank_position("2013", 3, (DOWNTOWN, BANK), {1: (BANK, EAST_SIDE), 2: (GHETTO, VILLA)})
    m1, bank = cash(s, 1), bank_value(s)
    play(s, BUY0 + SAFECRACKER, BUY0 + LOOKOUT, DONE)
    assert cash(s, 0) == 15 and cash(s, 1) == m1 + 5 and bank_value(s) == bank


def test_2013_buyer_alone_at_the_bank_gets_nothing_back() -> None:
    # downtown-2013-en.txt: "If only one player has a token at the Bank, this player will each time another
    # player pays money into the bank [...] receive this money" - the buyer's own token is ignored.
    s = _bank_position("2013", 3, (DOWNTOWN, BANK), {1: (WEST_SIDE, EAST_SIDE), 2: (GHETTO, VILLA)})
    bank = bank_value(s)
    play(s, BUY0 + SAFECRACKER, DONE)
    assert cash(s, 0) == 16 and bank_value(s) == bank + 4


@pytest.mark.parametrize("edition", EDITIONS)
def test_lone_bank_holder_gets_the_payment(edition: str) -> None:
    # downtown-2013-en.txt: "If only one player has a token at the Bank, this player will each time another
    # player pays money into the bank (when buying gangster cards at the Downtown location) receive this
    # money paid into the bank."
    s = _bank_position(edition, 3, (DOWNTOWN, VILLA), {1: (BANK, EAST_SIDE), 2: (GHETTO, WEST_SIDE)})
    m1 = cash(s, 1)
    play(s, BUY0 + SAFECRACKER, BUY0 + LOOKOUT, DONE)
    assert cash(s, 1) == m1 + 5


@pytest.mark.parametrize(("edition", "buyer_tokens"),
                         [("current", (DOWNTOWN, BANK)), ("2013", (DOWNTOWN, VILLA))])
def test_bank_split_three_holders_remainder_stays(edition: str, buyer_tokens: tuple[int, int]) -> None:
    # downtown-2013-en.txt: "If more than one player has a token at the Bank, these players will divide the
    # money equally as far as possible. The rest will be placed into the bank." (D16: $4,000 and 3 holders:
    # $1,000 each, $1,000 stays)
    others = {1: (BANK, EAST_SIDE), 2: (BANK, WEST_SIDE), 3: (GHETTO, VILLA)}
    if edition == "2013":
        others = {1: (BANK, EAST_SIDE), 2: (BANK, WEST_SIDE), 3: (GHETTO, BANK)}
    s = _bank_position(edition, 4, buyer_tokens, others)
    inv, bank = GAME.inventory(s), bank_value(s)
    m = [cash(s, seat) for seat in range(4)]
    play(s, BUY0 + SAFECRACKER, DONE)
    gains = [cash(s, seat) - m[seat] for seat in range(4)]
    if edition == "current":
        assert gains == [-4 + 1, 1, 1, 0]
    else:
        assert gains == [-4, 1, 1, 1]
    assert bank_value(s) == bank + 1
    assert GAME.inventory(s) == inv


def test_two_cross_100000_with_equal_money_share_the_win() -> None:
    # downtown-current-de.txt: "Bei Gleichstand gibt es mehrere Gewinner." (D27: applied to both editions and
    # both ends: a Bank split that brings two players to the same amount)
    s = setup(3, "2013")
    set_money(s, 0, 20)
    set_money(s, 1, 97)
    set_money(s, 2, 97)
    set_downtown(s, [3, 0, 2])
    phase3(s, 0, {0: (DOWNTOWN, VILLA), 1: (BANK, WEST_SIDE), 2: (BANK, EAST_SIDE)}, 2)
    play(s, BUY0 + SPY, BUY0 + SPY, DONE)
    assert s.phase == OVER and s.result().winners == (1, 2)


def test_w18_2013_two_cross_100000_richest_wins() -> None:
    # downtown-2013-en.txt: "If more than one player possesses at least $100,000 at the same time - possible
    # if these players have a token at the bank - the player possessing the most money is the winner."
    s = setup(3, "2013")
    inv = GAME.inventory(s)
    set_money(s, 0, 20)
    set_money(s, 1, 98)
    set_money(s, 2, 97)
    set_downtown(s, [3, 0, 2])
    phase3(s, 0, {0: (DOWNTOWN, VILLA), 1: (BANK, WEST_SIDE), 2: (BANK, EAST_SIDE)}, 2)
    play(s, BUY0 + SPY, BUY0 + SPY, DONE)  # 2 spies at $3,000
    assert (wealth(s, 1), wealth(s, 2)) == (101, 100)
    assert s.phase == OVER and s.is_over
    result = s.result()
    assert result.winners == (1,)
    assert result.scores == (14000, 101000, 100000)
    assert GAME.inventory(s) == inv


def test_100000_with_display_money_ends_at_once() -> None:
    # downtown-2013-en.txt: "The game ends immediately when a player possesses $100,000 or more - including
    # money in the player's own display area." downtown-current-de.txt: "Das Spiel endet bereits auch dann,
    # sobald ein Spieler in Besitz von mindestens 100.000,- Dollar ist." (D27: display included)
    s = setup(3, "current")
    set_money(s, 0, 20)
    set_money(s, 1, 90)
    set_display(s, 1, [0, 0, 0, 0, 0])
    set_downtown(s, [4, 1, 0])
    phase3(s, 0, {0: (DOWNTOWN, VILLA), 1: (BANK, WEST_SIDE), 2: (GHETTO, EAST_SIDE)}, 2)
    set_display(s, 1, [1, 0, 1, 0, 0])  # $6,000 lie in seat 1's display
    assert wealth(s, 1) == 96
    play(s, BUY0 + SAFECRACKER, DONE)
    assert s.phase == OVER and wealth(s, 1) == 100 and cash(s, 1) == 94
    assert s.result().winners == (1,)
    assert s.result().breakdown[1] == {"cash": 94000, "display": 6000}


# == West Side: jobs ===============================================================================


@pytest.mark.parametrize("edition", EDITIONS)
def test_w5_w6_the_printed_luigi_card(edition: str) -> None:
    # downtown-2013-en.txt: "Luigi knows where to rob artobjects worth $60,000 / The real value of the loot
    # is written on the backside of the card and is $40,000, $52,000 or $60,000 / Luigi says for that job
    # you need 2 Safecrackers, 1 Spy and 2 Lookouts" / "The actual value of the loot is $52,000"
    # downtown-current-de.txt: "Luigi sagt, für den Job brauchst Du 1 Spitzel, 2 Tresorknacker und 2
    # Schmiere-Steher" / "Der tatsächliche Warenwert der Beute beträgt $52,000 Dollar"
    card = setup(3, edition).cards[LUIGI_52]
    assert (card.stooge, card.loot, card.promise) == (LUIGI, 2, 60)
    assert card.needs == (2, 2, 1) and card.possible == (40, 52, 60) and card.back == 52


@pytest.mark.parametrize("edition", EDITIONS)
def test_w5_job_discards_exactly_the_needed_gangsters(edition: str) -> None:
    # downtown-2013-en.txt: "In order to rob, the current player has to play exactly these Gangster cards
    # from his hand which are required for a job of one of the topmost displayed Stooge cards. The played
    # Gangster cards are discarded to the discard pile [...] The player can then take and add the Stooge
    # card to his hand."
    s = setup(3, edition)
    inv = GAME.inventory(s)
    stooge_on_top(s, LUIGI_52)
    phase3(s, 0, QUIET, 1)
    set_hand(s, 0, [3, 2, 2])  # the job and one lookout and one spy more
    discard, pile = s.discard[:], len(s.spiles[LUIGI])
    assert JOB0 + LUIGI in s.legal_actions()
    play(s, JOB0 + LUIGI)
    assert s.hands[0] == [1, 0, 1]
    assert s.discard == [discard[0] + 2, discard[1] + 2, discard[2] + 1]
    assert s.shand[0] == [LUIGI_52] and LUIGI_52 not in s.spiles[LUIGI]
    assert len(s.spiles[LUIGI]) == pile - 1
    assert GAME.inventory(s) == inv


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("hand", [[2, 1, 1], [2, 2, 0], [1, 2, 1], [7, 0, 3]])
def test_w5_job_illegal_without_the_needed_gangsters(edition: str, hand: list[int]) -> None:
    # downtown-2013-en.txt: "play exactly these Gangster cards from his hand which are required" (D17: no
    # substitutes; one safecracker fewer and the job is illegal)
    s = setup(3, edition)
    stooge_on_top(s, LUIGI_52)
    phase3(s, 0, QUIET, 1)
    set_hand(s, 0, hand)
    assert JOB0 + LUIGI not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(JOB0 + LUIGI)


@pytest.mark.parametrize("edition", EDITIONS)
def test_one_job_per_west_side_use(edition: str) -> None:
    # downtown-current-de.txt: "Während Phase 3 darf der Spieler am Spielzug *einen* der Orte [...] *einmal*
    # nutzen." (D17)
    s = setup(3, edition)
    stooge_on_top(s, LUIGI_52)
    phase3(s, 0, QUIET, 1)
    set_hand(s, 0, [4, 4, 2])
    play(s, JOB0 + LUIGI)
    assert s.phase == WINDOW


@pytest.mark.parametrize("edition", EDITIONS)
def test_empty_stooge_pile_offers_nothing(edition: str) -> None:
    # D17: "An empty stooge pile [...] offers no job and no look."
    s = setup(3, edition)
    for c in list(s.spiles[LUIGI]):
        give_stooge(s, 2, c)
    phase3(s, 0, QUIET, 1)
    set_hand(s, 0, [4, 4, 2])
    legal = s.legal_actions()
    assert JOB0 + LUIGI not in legal and LOOK_STOOGE0 + LUIGI not in legal
    assert LOOK_STOOGE0 in legal


# == West Side: the look ===========================================================================


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("where", [PUT_TOP, PUT_UNDER])
def test_stooge_look_then_on_top_or_under(edition: str, where: int) -> None:
    # downtown-2013-en.txt: "Instead of stealing, a player may glance at one of the topmost Stooge cards (to
    # check the real loot) and must then place that card back on top of the same pile or place it
    # underneath this pile."
    # downtown-current-de.txt: "Anschließend legt der Spieler diese Karte entweder wieder verdeckt zuoberst
    # auf denselben Stapel zurück oder schiebt die Karte verdeckt unter diesen Stapel."
    s = setup(3, edition)
    inv = GAME.inventory(s)
    stooge_on_top(s, LUIGI_52)
    phase3(s, 0, QUIET, 1)
    play(s, LOOK_STOOGE0 + LUIGI)
    assert s.phase == STOOGE_BACK and s.legal_actions() == [PUT_TOP, PUT_UNDER]
    # "im Geheimen": the looker sees the back, nobody else does
    assert s.view(0)["stooge_piles"][LUIGI]["cards"][0]["value"] == 52000
    for other in (1, 2, None):
        assert "value" not in s.view(other)["stooge_piles"][LUIGI]["cards"][0]
    play(s, where)
    pile = s.spiles[LUIGI]
    assert (pile[-1] if where == PUT_TOP else pile[0]) == LUIGI_52
    assert len(pile) == 9
    assert s.phase == WINDOW  # the look was the use of the West Side
    assert GAME.inventory(s) == inv


@pytest.mark.parametrize("edition", EDITIONS)
def test_stooge_look_at_a_one_card_pile(edition: str) -> None:
    # D18: "If the pile has one card, "on top" and "under" are the same: the engine puts it back without
    # asking."
    s = setup(3, edition)
    stooge_on_top(s, LUIGI_52)
    for c in s.spiles[LUIGI][:-1]:
        give_stooge(s, 2, c)
    phase3(s, 0, QUIET, 1)
    play(s, LOOK_STOOGE0 + LUIGI)
    assert s.spiles[LUIGI] == [LUIGI_52] and s.phase == WINDOW
    assert LUIGI_52 in s.known_s[0]


# == Don Massimo's Villa ===========================================================================


@pytest.mark.parametrize("edition", EDITIONS)
def test_villa_look_then_job(edition: str) -> None:
    # downtown-2013-en.txt: "before stealing (West Side location), play the "West Side alternative action"
    # once per turn. The player may steal afterwards but is not required to."
    # downtown-current-de.txt: "an der West Side zunächst einmal die „Alternativ-Aktion“ ausführen und
    # anschließend auch noch einen Raub ausführen."
    s = setup(3, edition)
    inv = GAME.inventory(s)
    stooge_on_top(s, LUIGI_60)
    phase3(s, 0, {0: (WEST_SIDE, VILLA), 1: (DOWNTOWN, EAST_SIDE), 2: (BANK, GHETTO)}, 1)
    set_hand(s, 0, [2, 2, 1])
    play(s, LOOK_STOOGE0 + LUIGI, PUT_TOP)
    assert s.phase == AFTER_STOOGE_LOOK
    # one look only, then a job or nothing
    legal = s.legal_actions()
    assert DONE in legal and JOB0 + LUIGI in legal
    assert not any(LOOK_STOOGE0 <= a < LOOK_STOOGE0 + 3 for a in legal)
    play(s, JOB0 + LUIGI)
    assert s.shand[0] == [LUIGI_60] and s.phase == WINDOW
    assert GAME.inventory(s) == inv


@pytest.mark.parametrize("edition", EDITIONS)
def test_villa_look_then_no_job(edition: str) -> None:
    # downtown-2013-en.txt: "The player may steal afterwards but is not required to."
    s = setup(3, edition)
    phase3(s, 0, {0: (WEST_SIDE, VILLA), 1: (DOWNTOWN, EAST_SIDE), 2: (BANK, GHETTO)}, 1)
    play(s, LOOK_STOOGE0 + LUIGI, PUT_UNDER, DONE)
    assert s.phase == WINDOW and s.shand[0] == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_without_villa_no_job_after_a_look(edition: str) -> None:
    # downtown-2013-en.txt: "Instead of stealing, a player may glance at one of the topmost Stooge cards"
    s = setup(3, edition)
    phase3(s, 0, QUIET, 1)
    set_hand(s, 0, [4, 4, 2])
    play(s, LOOK_STOOGE0 + LUIGI, PUT_TOP)
    assert s.phase == WINDOW and s.shand[0] == []
