"""Supergang's vamping (S20; fragment lines L40-L47 of supergang-en-fragment.txt, L6 for the first rounds).
Each test quotes the fragment sentence or the decision of docs/rules/supergang.md it checks.

The vamp is seat 0's (character 1); its usual victim is seat 1's dealer (character 5).
"""

from __future__ import annotations

import random

import pytest

from gangland.engine.errors import OptionError
from gangland.games.supergang.actions import (
    ARREST0,
    BUY0,
    CHAR0,
    COWARD,
    DONE,
    PLACE,
    PURCHASE,
    RACKET,
    STAY,
    STICKUP_MONEY,
    SURRENDER,
    VAMP0,
    kill_action,
)
from gangland.games.supergang.constants import CLINIC, DEALER, GRAVEYARD, JAIL, KILLER, VAMP
from gangland.games.supergang.movement import move_options, patrol_options
from gangland.games.supergang.phases import ACT, CHOOSE, MOVE, PATROL_MOVE, RESURFACE
from gangland.games.supergang.state import SupergangState
from gangland.games.supergang.table import gang_of
from gangland.games.supergang.turn import incomes
from gangland.games.supergang.victory import check_last_gang

from .test_fights import SURE, at_round, new, outcome, street, years
from .test_state import shop_of, stop_at

VICTIM = 3 + DEALER
"""Seat 1's dealer."""


def move_to(s: SupergangState, c: int, target: str) -> None:
    """Move character `c` (one the turn player moves: its own or a captive) onto `target` from a square
    next to it with a die of 1 (stop_at does this for the turn player's own characters only)."""
    assert s.phase == CHOOSE
    board = s.geo.board
    start = board.shops[target].entrances[0] if target in board.shops else board.neighbours(target)[0]
    s.pos[c], s.prev[c], s.entry[c] = start, None, None
    s.dice[c], s.moved[c] = 1, False
    s._legal = None
    s.apply(CHAR0 + c)
    if s.phase == RESURFACE:
        s.apply(STAY)
    s.apply(next(a for a, m in move_options(s, c).items() if m.end == target))
    assert s.pos[c] == target


def passive(s: SupergangState) -> None:
    legal = s.legal_actions()
    s.apply(DONE if DONE in legal else legal[0])


def next_turn_of(s: SupergangState, seat: int) -> None:
    """Play passively (DONE when legal, else the first legal action) out of the current gang turn and on
    until `seat`'s characters are to be chosen (after its patrols have moved)."""
    current, rnd = s.turn_player, s.round
    for _ in range(2000):
        if (s.turn_player, s.round) != (current, rnd) and s.turn_player == seat and s.phase == CHOOSE:
            return
        assert not s.is_over
        passive(s)
    raise AssertionError("the turn never came")


def serve(s: SupergangState, c: int) -> None:
    """The turn player moves character `c` (the first destination) and ends its stop."""
    s.apply(CHAR0 + c)
    if s.phase == RESURFACE:
        s.apply(STAY)
    if s.phase == MOVE:
        s.apply(s.legal_actions()[0])
    while s.actor == c and s.phase == ACT:
        s.apply(DONE)


def vamp_on_street(s: SupergangState, victim: int = VICTIM) -> str:
    """Seat 0's vamp stops on the street square where `victim` stands and vamps it."""
    sq = street(s)
    s.pos[victim] = sq
    stop_at(s, VAMP, sq)
    s.apply(VAMP0 + victim)
    return sq


# -- when and whom -----------------------------------------------------------------------------------------


def test_no_vamping_in_the_first_three_rounds() -> None:
    # L6 "During the three first turns, gangsters have not the right to harm each other (neither duel nor
    # vamping)".
    s = new()
    sq = street(s)
    s.pos[VICTIM] = sq
    stop_at(s, VAMP, sq)
    for rnd in (1, 2, 3):
        assert VAMP0 + VICTIM not in at_round(s, rnd).legal_actions()
    assert VAMP0 + VICTIM in at_round(s, 4).legal_actions()


def test_vamping_with_cops_and_other_gangs_present() -> None:
    # L40 "The presence of the police or a character from an other gang do not protect from vamping."
    s = at_round(new(), 4)
    sq = street(s)
    s.pos[VICTIM] = s.pos[6 + KILLER] = s.pos[9 + VAMP] = sq
    s.pos[KILLER] = sq  # own gang: never a victim
    s.ppos[0] = sq
    stop_at(s, VAMP, sq)
    legal = s.legal_actions()
    assert {VAMP0 + VICTIM, VAMP0 + 6 + KILLER, VAMP0 + 9 + VAMP} <= set(legal)
    assert VAMP0 + KILLER not in legal
    assert kill_action(1, DEALER) not in legal  # L36: no firing with the police present, but vamping is
    s.apply(VAMP0 + VICTIM)
    assert s.captor[VICTIM] == VAMP and gang_of(s, VICTIM) == 0
    assert s.view(None)["gangs"][1]["characters"]["dealer"]["vamped_by"] == 0


def test_only_the_vamp_vamps_and_no_dice() -> None:
    # S20 "The vamp, at its stop, vamps one character of another gang on its square ...; no dice."
    s = at_round(new(), 4)
    sq = street(s)
    s.pos[VICTIM] = sq
    stop_at(s, KILLER, sq)
    assert not any(VAMP0 <= a < VAMP0 + 12 for a in s.legal_actions())
    s = at_round(new(), 4)
    s.pos[VICTIM] = sq
    stop_at(s, VAMP, sq)
    rng = s._rng
    s.apply(VAMP0 + VICTIM)
    assert s._rng == rng and s.captor[VICTIM] == VAMP  # nothing thrown, it always works


def test_vamping_is_not_a_crime() -> None:
    # S20 "Vamping is not a crime (not in L66)."
    s = at_round(new(), 4)
    vamp_on_street(s)
    assert years(s, VAMP) == 0 and years(s, VICTIM) == 0
    assert not any("commits" in e for e in s.events)


def test_one_captive_at_a_time_and_no_vamping_a_captive() -> None:
    # S20 "not a character already vamped ..., not while it already holds a captive (designed: one at a
    # time)"; a vamped vamp cannot vamp either.
    s = at_round(new(), 4)
    sq = vamp_on_street(s)
    s.pos[9 + KILLER] = sq
    s._legal = None
    assert not any(VAMP0 <= a < VAMP0 + 12 for a in s.legal_actions())  # F_VAMP: once a stop
    next_turn_of(s, 2)
    move_to(s, 6 + VAMP, sq)  # seat 2's vamp on the square of seat 0's vamp and its captive
    legal = s.legal_actions()
    assert VAMP0 + 9 + KILLER in legal
    assert VAMP0 + VICTIM not in legal  # already vamped
    assert VAMP0 + VAMP not in legal  # holds a captive
    s.apply(VAMP0 + 9 + KILLER)
    next_turn_of(s, 3)
    move_to(s, 9 + VAMP, sq)
    legal = s.legal_actions()
    assert VAMP0 + 6 + VAMP not in legal  # seat 2's vamp holds seat 3's killer


# -- the captive plays for the vamp's gang (L41) -----------------------------------------------------------


def test_the_vamped_is_moved_by_the_vamps_gang_with_its_own_die() -> None:
    # L41 "he becomes the fourth member of the vamp 's gang for every action of the game."; S20 "its die
    # is thrown and it is moved by the vamp's player ... Its own gang does not move it."
    s = at_round(new(), 4)
    vamp_on_street(s)
    assert s.moved[VICTIM] and CHAR0 + VICTIM not in s.legal_actions()  # not in the turn it is vamped
    next_turn_of(s, 1)
    assert s.dice[VICTIM] == 0 and CHAR0 + VICTIM not in s.legal_actions()
    assert s.to_act == 1
    next_turn_of(s, 0)
    die = s.dice[VICTIM]
    assert 1 <= die <= 6 and CHAR0 + VICTIM in s.legal_actions()
    s.apply(CHAR0 + VICTIM)
    options = move_options(s, VICTIM)
    assert options and all(len(m.path) == die for m in options.values())
    s.apply(s.legal_actions()[0])
    while s.actor == VICTIM:
        s.apply(DONE)
    assert s.served[VICTIM] == 1 and s.captor[VICTIM] == VAMP


def test_the_vamped_earns_for_the_vamps_gang_and_keeps_its_own_record() -> None:
    # L41 "for every action of the game"; S20 "money it spends or earns is the vamp's gang's; its record is
    # its own." (racket token, coward attack)
    s = at_round(new(), 4)
    s.pos[VAMP] = "s20_00"
    s.captor[VICTIM], s.last_victim[VAMP] = VAMP, VICTIM
    shop = shop_of(s, "basic")
    i = s.geo.shop_index[shop]
    move_to(s, VICTIM, shop)
    assert s.to_act == 0
    s.apply(RACKET)
    assert s.racket[i] == 0 and s.tokens == [14, 15, 15, 15]
    assert years(s, VICTIM) == 1 and years(s, VAMP) == 0  # L66 "RACKET 1 year": the racketeer's own
    s.apply(DONE)
    move_to(s, VICTIM, street(s))
    bank = s.bank
    s.apply(COWARD)
    assert s.money == [10, 0, 0, 0] and s.bank == bank - 10
    # the racket, unnoticed, was lost when it moved (L63); a coward attack is not shared (L45)
    assert years(s, VICTIM) == 1 and years(s, VAMP) == 0
    incomes(s, 0)
    assert s.money[0] == 15  # L39: the racket pays the vamp's gang


def test_the_vamped_spends_the_vamps_money() -> None:
    # L41, S20: a purchase by the captive is paid by, and owned by, the vamp's gang.
    s = at_round(new(), 4)
    s.pos[VAMP] = "s20_00"
    s.captor[VICTIM] = VAMP
    s.money[0], s.money[1], s.bank = 60, 60, s.bank - 120
    shop = shop_of(s, "basic")
    move_to(s, VICTIM, shop)
    s.apply(PURCHASE)
    assert s.owner[s.geo.shop_index[shop]] == 0 and s.money == [10, 60, 0, 0]
    assert s.tokens[0] == 14 and s.tokens[1] == 15


def test_the_vamped_stickup_pays_the_vamps_gang_and_both_are_accomplices() -> None:
    # L45 "In case of stick up or murder, the vamp and his vamped are always considered as accomplices."
    s = at_round(new(**SURE), 4)
    s.captor[VICTIM] = VAMP
    s.pos[VAMP] = "s20_00"  # elsewhere: an accomplice need not be present
    shop = shop_of(s, "basic")
    move_to(s, VICTIM, shop)
    t = outcome(s, STICKUP_MONEY, lambda t: t.pos[VICTIM] == shop)
    assert t.money[0] == 50 and t.money[1] == 0
    assert years(t, VICTIM) == 1 + 2  # the stick-up and the manager's murder
    assert years(t, VAMP) == 1 + 2  # both crimes are the vamp's too


def test_murder_is_shared_injury_is_not() -> None:
    # L45 (stick-up or murder only); S28 "Accomplices (L45): a stick-up or murder of the vamp or its captive
    # is a crime of both." An injury ("ASSAULT and injuries", L66) is the attacking side's (S42): the
    # captive on the square fights beside the vamp (S40), so he is a co-author of it; the murder is his once.
    for dead, vamp_years, captive_years in ((1.0, 2, 2), (0.0, 1, 1)):
        s = at_round(new(dart_hit=1.0, dart_dead=dead), 4)
        sq = vamp_on_street(s)
        s.pos[6 + DEALER] = sq
        s._legal = None
        t = outcome(s, kill_action(2, DEALER), lambda t, sq=sq: t.pos[6 + DEALER] in (GRAVEYARD, CLINIC)
                    and t.pos[VAMP] == sq)
        assert years(t, VAMP) == vamp_years and years(t, VICTIM) == captive_years


def test_vamped_dealer_buys_and_places_its_colour_with_the_vamps_money() -> None:
    # L47 "The vamped dealer may buy and put traffic pawns from his color with the money from the vamp and
    # he gives incomes from his traffic pawns to the vamp."
    s = at_round(new(), 4)
    s.pos[VAMP] = "s20_00"
    s.captor[VICTIM] = VAMP
    s.money[0], s.money[1], s.bank = 30, 30, s.bank - 60
    move_to(s, VICTIM, shop_of(s, "star"))
    assert BUY0 + 4 in s.legal_actions()  # the vamp's gang can pay 25 for ten
    s.apply(BUY0 + 1)  # four pawns for 10
    assert s.money[:2] == [20, 30]
    assert s.pawn_supply[:2] == [20, 16] and s.pawn_stock[:2] == [0, 4]
    s.apply(DONE)
    move_to(s, VICTIM, street(s))
    s.apply(PLACE)
    placed = list(s.pawns)
    assert placed and all(colour == 1 for colour in s.pawns.values())
    assert years(s, VICTIM) == 1 and years(s, VAMP) == 0  # traffic is its own crime (not in L45)
    before = s.money[:2]
    incomes(s, 0)
    incomes(s, 1)
    assert s.money[0] == before[0] + 5 * len(placed)  # its pawns pay the vamp's gang
    assert s.money[1] == before[1]  # and not its own gang


def test_freed_pawns_pay_their_own_gang_again() -> None:
    # L47 "while it is vamped" (S20): once free, the dealer's pawns pay its own gang.
    s = at_round(new(), 4)
    s.pos[VICTIM] = s.pos[VAMP] = street(s)
    s.pawns["w00s1"] = 1
    s.captor[VICTIM] = VAMP
    incomes(s, 0)
    incomes(s, 1)
    assert s.money[:2] == [5, 0]
    s.captor[VICTIM] = -1
    incomes(s, 0)
    incomes(s, 1)
    assert s.money[:2] == [5, 5]


# -- duration and release (L42-L44) ------------------------------------------------------------------------


def test_not_the_same_victim_twice_in_a_row() -> None:
    # L42 "A vamp may not vamp twice in order the same character." (S20: "deux fois de suite")
    s = at_round(new(), 4)
    sq = street(s)
    s.pos[VICTIM] = s.pos[9 + KILLER] = sq
    s.last_victim[VAMP] = VICTIM  # its previous victim, since freed
    stop_at(s, VAMP, sq)
    assert VAMP0 + VICTIM not in s.legal_actions() and VAMP0 + 9 + KILLER in s.legal_actions()
    s.apply(VAMP0 + 9 + KILLER)
    assert s.last_victim[VAMP] == 9 + KILLER
    # Public, so every seat's view says whom the vamp may not vamp next (and the others have no victim).
    for seat in (None, 0, 2):
        gangs = s.view(seat)["gangs"]
        assert gangs[0]["characters"]["vamp"]["last_victim"] == {"gang": 3, "role": "killer"}
        assert gangs[1]["characters"]["vamp"]["last_victim"] is None
    s.captor[9 + KILLER] = -1  # freed
    s.apply(DONE)
    move_to(s, VAMP, sq)
    assert VAMP0 + VICTIM in s.legal_actions() and VAMP0 + 9 + KILLER not in s.legal_actions()


def test_after_vamp_turns_still_vamped_until_it_moves() -> None:
    # L43 "After the third turn of vamping, the vamped recovers his freedom as soon as he moves. He cannot
    # attack the vamp or be vamped by an other vamp, before his move." S20: free "as soon as it next
    # moves, on its own gang's turn"; until then still vamped for every purpose. (This test asserted the
    # old engine's release at the end of the third service, before he moves, which L43 and S20 contradict.)
    s = at_round(new(), 4)
    victim = 6 + DEALER  # seat 2's: seat 1 plays between the last service and its own gang's turn
    vamp_on_street(s, victim)
    for served in (1, 2, 3):
        next_turn_of(s, 0)
        assert s.captor[victim] == VAMP and CHAR0 + victim in s.legal_actions()
        serve(s, victim)
        assert s.served[victim] == served
    assert s.captor[victim] == VAMP and gang_of(s, victim) == 0  # served out, not moved: still vamped
    next_turn_of(s, 1)
    assert s.captor[victim] == VAMP and CHAR0 + victim not in s.legal_actions()
    sq = s.pos[victim]
    s.pos[9 + KILLER] = sq
    move_to(s, 3 + VAMP, sq)
    legal = s.legal_actions()
    assert VAMP0 + victim not in legal and VAMP0 + 9 + KILLER in legal  # not before its move
    s.apply(DONE)
    next_turn_of(s, 2)
    assert CHAR0 + victim in s.legal_actions() and s.captor[victim] == VAMP  # its own gang moves it
    s.apply(CHAR0 + victim)
    assert s.captor[victim] == -1 and gang_of(s, victim) == 2 and s.served[victim] == 0
    assert "⟨s2⟩'s dealer recovers his freedom" in s.events
    while s.actor == victim:
        s.apply(s.legal_actions()[0] if s.phase != ACT else DONE)
    assert not s.protected[victim]
    next_turn_of(s, 0)
    assert CHAR0 + victim not in s.legal_actions()  # the vamp's gang no longer moves it


def test_the_served_out_captive_counts_for_the_vamps_gang_until_it_moves() -> None:
    # L43 "the vamped recovers his freedom as soon as he moves"; S37 "the last gang with a free
    # character": a captive whose service is over but who has not moved yet is not his own gang's.
    s = at_round(new(players=3, last_gang="free"), 5)
    s.pos[3 + KILLER] = s.pos[6 + KILLER] = "s00_00"  # seats 1 and 2 stand on the board
    vamp_on_street(s)
    s.apply(DONE)
    s.served[VICTIM] = s.options["vamp_turns"] - 1
    s.moved[VICTIM], s.dice[VICTIM], s._legal = False, 1, None
    serve(s, VICTIM)  # the last service, on the vamp's gang turn
    assert not s.is_over and s.captor[VICTIM] == VAMP
    t = s.clone()  # seat 1 loses its killer, seat 2 its only free character: who is left?
    t.pos[3 + KILLER] = t.pos[6 + KILLER] = GRAVEYARD
    check_last_gang(t)
    assert t.is_over and t.winner == 0  # the captive is still seat 0's fourth member


def test_seed_28_the_captive_is_freed_by_its_move_not_at_the_end_of_its_service() -> None:
    # Issue 15 (3 gangs, seed 28, random.Random(28) choices, step 262): seat 2's vamp holds seat 1's
    # dealer; its third service ended at step 262, and the engine freed it there, before it moved, so it
    # counted for seat 1 in between. L43: free "as soon as he moves".
    s = SupergangState.new(3, 28, {})
    rng = random.Random(28)
    for _ in range(262):
        s.apply(rng.choice(s.legal_actions()))
    captive, vamp = 3 + DEALER, 6 + VAMP
    assert s.captor[captive] == vamp and s.served[captive] == 3 and s.turn_player == 2
    while not (s.turn_player == 1 and s.phase == CHOOSE and s.to_act == 1 and s.actor < 0):
        assert s.captor[captive] == vamp and gang_of(s, captive) == 2
        s.apply(rng.choice(s.legal_actions()))
    while s.captor[captive] == vamp:  # seat 1 moves its other characters first, perhaps
        assert s.turn_player == 1 and s.actor != captive
        action = rng.choice(s.legal_actions())
        s.apply(action)
    assert s.actor == captive and s.moved[captive] and gang_of(s, captive) == 1
    assert "⟨s1⟩'s dealer recovers his freedom" in s.events


def test_vamp_turns_option() -> None:
    # S20 "Option vamp_turns: 3 (default, L43)"; section 4: 1-5.
    assert new().options["vamp_turns"] == 3
    for bad in (0, 6, "3"):
        with pytest.raises(OptionError):
            new(vamp_turns=bad)
    s = at_round(new(vamp_turns=1), 4)
    vamp_on_street(s)
    next_turn_of(s, 0)
    serve(s, VICTIM)
    assert s.captor[VICTIM] == VAMP and s.served[VICTIM] == 1  # L43: free only when he moves
    next_turn_of(s, 1)
    s.apply(CHAR0 + VICTIM)
    assert s.captor[VICTIM] == -1 and gang_of(s, VICTIM) == 1


def test_vamp_killed_frees_the_captive_at_once() -> None:
    # L44 "If during an action (stick up, arrest, gangland killing), the vamp is put out of the fight, the
    # vamped recovers immediately his freedom".
    s = at_round(new(**SURE), 4)
    sq = vamp_on_street(s)
    s.pos[6 + KILLER] = sq
    s._legal = None
    t = outcome(s, kill_action(2, KILLER), lambda t: t.pos[VAMP] == GRAVEYARD)
    assert t.captor[VICTIM] == -1 and t.protected[VICTIM] and gang_of(t, VICTIM) == 1
    # L43 "He cannot ... be vamped by an other vamp, before his move": the view says so, for every seat.
    for seat in (None, 0, 1, 2):
        characters = t.view(seat)["gangs"][1]["characters"]
        assert characters["dealer"]["protected"] and not characters["killer"]["protected"]
    assert t.served[VICTIM] == 0 and t.moved[VICTIM]


def test_vamp_injured_in_a_stickup_frees_the_captive() -> None:
    # L44 "(stick up ...)": the vamp injured, to the clinic; the captive is free.
    s = at_round(new(dart_hit=1.0, dart_dead=0.0), 4)
    shop = shop_of(s, "basic")
    s.pos[VICTIM] = shop
    stop_at(s, VAMP, shop)
    s.apply(VAMP0 + VICTIM)
    # (the captive fights beside his vamp, S40: the outcome where he was not shot down himself)
    t = outcome(s, STICKUP_MONEY, lambda t: t.pos[VAMP] == CLINIC and t.pos[VICTIM] == shop)
    assert t.captor[VICTIM] == -1 and t.protected[VICTIM]
    # L45: the stick-up is the captive's crime too; he fought on (L44) and won it, so he is a co-author of
    # the manager's injury (S42)
    assert years(t, VICTIM) == 1 + 1


def test_vamp_arrested_frees_the_captive() -> None:
    # L44 "(... arrest ...)": the vamp surrenders to a patrol and goes to the jail; the captive is free.
    s = at_round(new(), 4)
    sq = vamp_on_street(s)
    s.record[VAMP] = 1
    next_turn_of(s, 1)
    assert s.pos[VAMP] == sq and s.captor[VICTIM] == VAMP
    s.ppos[0], s.pprev[0], s.pentry[0] = s.geo.board.neighbours(sq)[0], None, None
    s.pdice[0], s.pdice[1], s.patrol, s.phase, s._legal = 1, 0, 0, PATROL_MOVE, None
    s.apply(next(a for a, m in patrol_options(s, 0).items() if m.end == sq))
    s.apply(ARREST0 + VAMP)
    assert s.to_act == 0  # the vamp's player answers the arrest
    s.apply(SURRENDER)
    assert s.pos[VAMP] == JAIL and s.captor[VICTIM] == -1 and s.protected[VICTIM]
