"""Downtown money: exchange with the bank, change for payments, and what the table learns of it.

downtown-current-de.txt: "Die Spieler dürfen zu jeder Zeit des Spiels mit dem Geldvorrat der Bank
Geldscheine in kleinere oder größere Scheine umtauschen und müssen dies sogar tun, falls eine Sorte von
Geldscheinen aufgebraucht wird." The 2013 text says nothing of exchange. docs/rules/downtown.md D1 (what
is exchanged, in which edition) and D30 (what the other seats learn of it).
"""

from __future__ import annotations

import random

import pytest

from gangland.games.downtown.actions import (
    ADD_GANGSTER0,
    ADD_NOTE0,
    BILL0,
    CASINO_PLAY,
    DONE,
    OFFER0,
    PAY0,
    SELL_AT0,
)
from gangland.games.downtown.money import value
from gangland.games.downtown.phases import CASINO_BET, REFRESH, WINDOW
from gangland.games.downtown.state import DowntownState

from .helpers import (
    GAME,
    begin_turn,
    fence_on_top,
    give_stooge,
    phase3,
    play,
    set_cash,
    set_display,
    setup,
    to_phase2,
)
from .test_rules_east import ART_HALF, EDITIONS, LUIGI_52, SELLER, casino_position
from .test_rules_end import FOUR


def bank_change(before: list[int], state: DowntownState) -> list[int]:
    """What the bank gained (+) and gave (-) of each note since `before`: public, in every view."""
    return [b - a for a, b in zip(before, state.bank, strict=True)]


def window_position(edition: str, notes: list[int]) -> DowntownState:
    """Seat 0 has ended phase 3 of a 4-player game; seat 1, holding `notes`, may add face down."""
    s = setup(4, edition)
    phase3(s, 0, FOUR, 2)
    set_display(s, 1)
    set_cash(s, 1, notes)
    play(s, DONE)
    assert s.phase == WINDOW and s.to_act == 1
    return s


def test_issue_15_bet_a_1000_note_holding_5000_and_two_20000() -> None:
    # downtown-current-de.txt: "Die Spieler dürfen zu jeder Zeit des Spiels mit dem Geldvorrat der Bank
    # Geldscheine in kleinere oder größere Scheine umtauschen": a seat holding $5,000 + 2 x $20,000 may bet
    # a $1,000 note when the bank has some (issue 15: it could bet only $5,000 or $20,000).
    s = casino_position("current", 3, {1: [0, 0, 1, 0, 2]})
    inv = GAME.inventory(s)
    play(s, CASINO_PLAY, BILL0 + 2)
    assert s.phase == CASINO_BET and s.to_act == 1
    assert s.legal_actions() == [BILL0 + i for i in range(5)]
    bank = list(s.bank)
    play(s, BILL0)
    # He changes only his $5,000 (the smallest note that will do): the $20,000 notes stay unseen. The
    # exchange is told when the casino notes are turned up (D1, version 1.2: it used to be told at once,
    # which named his secret note to the seats still to bet, and this test asserted that).
    assert bank_change(bank, s) == [-1, -2, 0, 0, 0]  # the notes taken are reserved; his $5,000 waits
    assert s.pend[1] == ((0, 0, 1, 0, 0), (1, 2, 0, 0, 0))
    assert s.events == [(1, "⟨s1⟩ changes $5,000 at the bank for 2 x $2,000 + $1,000 (the others learn "
                            "it when the note is turned up)")]
    assert s.cash[1] == [0, 2, 0, 0, 2] and s.bets[1] == 0
    assert GAME.inventory(s) == inv
    play(s, BILL0 + 2)  # seat 2 bets; the notes are turned up
    assert (None, "⟨s1⟩ changed $5,000 at the bank for 2 x $2,000 + $1,000") in s.events
    # seat 2 matched seat 0's $5,000; seat 1's $1,000 went back to the bank; his $5,000 is in it now
    assert bank_change(bank, s) == [0, -2, 1, 0, 0] and s.pend == [None, None, None]
    assert GAME.inventory(s) == inv


def test_2013_bets_only_notes_held() -> None:
    # downtown-2013-en.txt: "Each player has to place one (money) bill"; the 2013 text says nothing of
    # exchange (D1: in 2013 a note is put down, bid or bet only from the notes held).
    s = casino_position("2013", 3, {1: [0, 0, 1, 0, 2]})
    play(s, CASINO_PLAY, BILL0 + 2)
    assert s.to_act == 1 and s.legal_actions() == [BILL0 + 2, BILL0 + 4]


def test_issue_15_add_a_smaller_note_face_down_holding_two_20000() -> None:
    # downtown-current-de.txt: "[...] in kleinere oder größere Scheine umtauschen": a seat holding
    # 2 x $20,000 may add a $10,000 (or any smaller) note face down (issue 15: only a $20,000 note).
    s = window_position("current", [0, 0, 0, 0, 2])
    inv = GAME.inventory(s)
    notes = [a - ADD_NOTE0 for a in s.legal_actions() if ADD_NOTE0 <= a < ADD_GANGSTER0]
    assert notes == [0, 1, 2, 3, 4]
    bank = list(s.bank)
    seen = {w: s.view(w)["bank"] for w in (0, 2, 3, None)}
    play(s, ADD_NOTE0 + 3)
    # The exchange waits for the reveal (D1, version 1.2; this test used to assert it public at once):
    # the others' views show the bank as it was and no narration of it.
    assert bank_change(bank, s) == [0, 0, 0, -2, 0]
    assert s.events == [(1, "⟨s1⟩ changes $20,000 at the bank for 2 x $10,000 (the others learn it "
                            "when the note is turned up)")]
    assert all(s.view(w)["bank"] == seen[w] for w in (0, 2, 3, None))
    assert s.down_n[1] == [0, 0, 0, 1, 0] and s.cash[1] == [0, 0, 0, 1, 1]
    assert GAME.public_action_name(s, ADD_NOTE0 + 3, 2) == "put a note face down"
    assert GAME.inventory(s) == inv


def test_2013_face_down_only_notes_held() -> None:
    # downtown-2013-en.txt has no exchange: a face-down note is one the seat holds (D1).
    s = window_position("2013", [0, 0, 0, 0, 2])
    assert [a - ADD_NOTE0 for a in s.legal_actions() if ADD_NOTE0 <= a < ADD_GANGSTER0] == [4]


def test_issue_15_seed_9001_step_145_changes_only_the_notes_handed_over() -> None:
    # Issue 15: seed 9001 (two players, random.Random(9001) choices), step 145: seat 0 holds
    # 3 x $1,000 + 3 x $5,000 and adds a $10,000 note face up. The change regrouped its whole holding
    # at the bank in the open. A real player hands over 2 x $5,000 for a $10,000, and no more is seen.
    s = GAME.new_game(2, 9001, {})
    rng = random.Random(9001)
    for _ in range(145):
        s.apply(rng.choice(s.legal_actions()))
    assert s.phase == REFRESH and s.to_act == 0 and s.cash[0] == [3, 0, 3, 0, 0]
    bank = list(s.bank)
    s.apply(ADD_NOTE0 + 3)
    assert bank_change(bank, s) == [0, 0, 2, -1, 0]
    assert s.events == [(None, "⟨s0⟩ changes 2 x $5,000 at the bank for $10,000")]
    assert s.cash[0] == [3, 0, 1, 0, 0]


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_payment_changes_only_the_note_handed_over(edition: str) -> None:
    # downtown-current-de.txt: "Der Spieler gibt diesem Mitspieler genau so viel Geld [...] wie dieser
    # Mitspieler in seiner Auslage hat." Paying $3,000 with $2,000 + $10,000, he changes the $10,000
    # at the bank, as at any table (both editions, D1): the $2,000 stays unseen, and nothing tells the
    # table he held $12,000.
    s = setup(3, edition)
    set_display(s, 1, [1, 1, 0, 0, 0], [0, 0, 0])
    begin_turn(s, 0, {seat: FOUR[seat] for seat in range(3)})
    set_cash(s, 0, [0, 1, 0, 1, 0])
    to_phase2(s)
    inv = GAME.inventory(s)
    bank = list(s.bank)
    play(s, PAY0 + 1)
    assert bank_change(bank, s) == [-1, -2, -1, 1, 0]
    assert (None, "⟨s0⟩ changes $10,000 at the bank for $5,000 + 2 x $2,000 + $1,000") in s.events
    assert not any("12,000" in text for _, text in s.events)
    assert s.cash[0] == [0, 2, 1, 0, 0]
    assert GAME.inventory(s) == inv
    # He pays with the $2,000 + $1,000 just taken, so the table knows the $5,000 + $2,000 of change are
    # in his hand, and a determinization for another seat keeps them there (D30; issue 15 review).
    assert s.shown == ((0, (0, 1, 1, 0, 0)),)
    for seat in (1, 2):
        for k in range(10):
            d = s.determinize(seat, random.Random(k))
            assert d.cash[0][1] >= 1 and d.cash[0][2] >= 1 and d.view(seat) == s.view(seat)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_payee_changes_when_the_bank_lacks_the_notes(edition: str) -> None:
    # downtown-current-de.txt: "[...] und müssen dies sogar tun, falls eine Sorte von Geldscheinen
    # aufgebraucht wird." The bank has no $1,000 or $2,000 notes left and owes $26,000 for a sale: the
    # seller hands it the least he can ($4,000 in small notes) and it pays $30,000 (D1: both editions,
    # since making change for a payment needs no rule).
    s = setup(3, edition)
    fence_on_top(s, 0, ART_HALF)
    give_stooge(s, 0, LUIGI_52)
    phase3(s, 0, SELLER, 1)
    set_cash(s, 0, [3, 1, 0, 0, 0])
    set_cash(s, 2, [s.cash[2][0] + s.bank[0], s.cash[2][1] + s.bank[1], 0, 0, 0])
    assert s.bank[0] == s.bank[1] == 0
    inv = GAME.inventory(s)
    bank = list(s.bank)
    play(s, OFFER0 + LUIGI_52, SELL_AT0 + 0)
    assert value(s.cash[0]) == 5 + 26
    assert bank_change(bank, s) == [2, 1, 0, -1, -1]
    assert (None, "⟨s0⟩ hands the bank $2,000 + 2 x $1,000 so that it can pay in the notes it has") \
        in s.events
    assert GAME.inventory(s) == inv
