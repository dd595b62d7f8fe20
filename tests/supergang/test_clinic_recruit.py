"""Supergang's clinic, graveyard and recruiting (S17, S24-S26; fragment L48-L49, L77-L78, L83 of
supergang-en-fragment.txt), and the incomes of a neutralized gang and of traffic while the dealer is out
(S33, L35, L46). Each test quotes the fragment sentence or the decision of docs/rules/supergang.md it
checks.
"""

from __future__ import annotations

import re

import pytest

from gangland.games.supergang.actions import (
    ACCEPT,
    CHAR0,
    CLINIC_KILL0,
    COWARD,
    DECLINE,
    DONE,
    PRICE0,
    PRICES,
    RECRUIT,
    REFUSE,
    kill_action,
)
from gangland.games.supergang.constants import CLINIC, DEALER, GRAVEYARD, JAIL, KILLER, VAMP
from gangland.games.supergang.movement import move_options
from gangland.games.supergang.phases import ACT, CHOOSE, OFFER, PRICE
from gangland.games.supergang.state import SupergangState
from gangland.games.supergang.turn import incomes

from .test_fights import SURE, at_round, new, outcome, street, years
from .test_state import shop_of, stop_at, total_money
from .test_vamping import move_to, next_turn_of

ENTRANCES = ("s05_06", "s10_06")
"""board.toml: the clinic's entrance squares."""


def clinic_kill(target: int) -> int:
    return CLINIC_KILL0 + target


def darts(s: SupergangState) -> tuple[int, int]:
    """(die, darts) of the last clinic killing, from its event."""
    line = next(e for e in s.events if e.startswith("the attacker throws"))
    die, n = re.match(r"the attacker throws (\d+): (\d+) dart", line).groups()  # type: ignore[union-attr]
    return int(die), int(n)


# -- the clinic (S25) ---------------------------------------------------------------------------------------


def test_injured_goes_to_the_clinic_for_clinic_turns() -> None:
    # S24 "Injured gangsters go to the clinic"; S25 "an injured character stays clinic_turns (default 2)
    # of its gang's turns": the count is set at the injury and goes down once per own gang turn.
    s = at_round(new(dart_hit=1.0, dart_dead=0.0, clinic_turns=3), 4)
    sq = street(s)
    s.pos[3 + VAMP] = sq
    stop_at(s, KILLER, sq)
    t = outcome(s, kill_action(1, VAMP), lambda t: t.pos[3 + VAMP] == CLINIC)
    assert t.clinic_left[3 + VAMP] == 3 and t.prev[3 + VAMP] is None
    assert years(t, KILLER) == 1  # L66 "ASSAULT and injuries 1 year"
    next_turn_of(t, 1)
    assert t.clinic_left[3 + VAMP] == 2 and CHAR0 + 3 + VAMP not in t.legal_actions()
    next_turn_of(t, 2)
    assert t.clinic_left[3 + VAMP] == 2  # only its own gang's turns count


@pytest.mark.parametrize("turns", [1, 2])
def test_the_injured_sits_out_clinic_turns_of_its_gang_turns(turns: int) -> None:
    # S25 "an injured character stays `clinic_turns` (default 2) of its gang's turns, then leaves";
    # section 4: clinic_turns = "gang turns in the clinic". Injured in seat 0's turn, seat 1's vamp must
    # miss seat 1's next `turns` gang turns.
    s = at_round(new(dart_hit=1.0, dart_dead=0.0, clinic_turns=turns), 4)
    sq = street(s)
    s.pos[3 + VAMP] = sq
    stop_at(s, KILLER, sq)
    t = outcome(s, kill_action(1, VAMP), lambda t: t.pos[3 + VAMP] == CLINIC)
    for _ in range(turns):
        next_turn_of(t, 1)
        assert t.pos[3 + VAMP] == CLINIC and CHAR0 + 3 + VAMP not in t.legal_actions()
    next_turn_of(t, 1)
    assert CHAR0 + 3 + VAMP in t.legal_actions()


def test_leaving_the_clinic_by_an_entrance_square() -> None:
    # S25 "then leaves from the clinic's entrance square with a free heading": the entrance (board.toml
    # s05_06, s10_06) is the first step of its die.
    s = new()
    s.pos[VAMP], s.clinic_left[VAMP] = CLINIC, 0
    for die in range(1, 7):
        s.dice[VAMP] = die
        options = move_options(s, VAMP).values()
        assert options and all(m.path[0] in ENTRANCES and len(m.path) == die for m in options)
        assert {m.path[0] for m in options} == set(ENTRANCES)
    s.dice[VAMP] = 1
    s._legal = None
    s.apply(CHAR0 + VAMP)
    assert {move_options(s, VAMP)[a].end for a in s.legal_actions()} == set(ENTRANCES)
    s.apply(next(a for a in s.legal_actions() if move_options(s, VAMP)[a].end == "s10_06"))
    assert s.pos[VAMP] == "s10_06" and s.prev[VAMP] is None  # a free heading
    assert any("leaves the clinic" in e for e in s.events)


def test_the_clinic_is_not_left_before_its_time() -> None:
    # S25: while clinic_left > 0 the character does not move (no die, not offered).
    s = new()
    s.pos[VAMP], s.clinic_left[VAMP], s.moved[VAMP] = CLINIC, 2, True
    s._legal = None
    next_turn_of(s, 0)
    assert s.clinic_left[VAMP] == 1 and s.dice[VAMP] == 0 and CHAR0 + VAMP not in s.legal_actions()


# -- killing in the clinic (L83) ----------------------------------------------------------------------------


def clinic_setup(**options: object) -> SupergangState:
    """Round 4; seat 1's vamp (4) and seat 0's own dealer (2) injured in the clinic; seat 0's killer
    stops at the clinic's entrance s05_06."""
    s = at_round(new(**options), 4)
    s.pos[3 + VAMP], s.clinic_left[3 + VAMP] = CLINIC, 2
    s.pos[DEALER], s.clinic_left[DEALER] = CLINIC, 2
    s.moved[DEALER] = True
    s.pos[3 + KILLER] = GRAVEYARD
    s._legal = None
    stop_at(s, KILLER, ENTRANCES[0])
    return s


def test_clinic_killing_from_an_entrance_after_round_3() -> None:
    # L83 "It is possible to kill injuried gangsters in the clinic." S25 "after round 3, a character
    # stopping at the clinic (its entrance, S2) may attack one injured character of another gang there".
    s = clinic_setup()
    legal = s.legal_actions()
    assert clinic_kill(3 + VAMP) in legal
    assert clinic_kill(DEALER) not in legal  # its own gang's
    assert clinic_kill(3 + KILLER) not in legal  # the dead are not in the clinic
    assert clinic_kill(3 + VAMP) not in at_round(s, 3).legal_actions()  # L6 (S12)
    s = at_round(new(), 4)
    s.pos[3 + VAMP], s.clinic_left[3 + VAMP] = CLINIC, 2
    stop_at(s, KILLER, street(s))  # not from another square
    assert not any(CLINIC_KILL0 <= a < CLINIC_KILL0 + 12 for a in s.legal_actions())


def test_no_clinic_killing_with_the_police_present() -> None:
    # L36 "A gangster can not fire at a manager or at an other gangster if the police is present."
    s = at_round(new(), 4)
    s.pos[3 + VAMP], s.clinic_left[3 + VAMP] = CLINIC, 2
    s.ppos[0] = ENTRANCES[1]
    stop_at(s, VAMP, ENTRANCES[1])
    assert clinic_kill(3 + VAMP) not in s.legal_actions()


def test_clinic_killing_kills_and_is_a_murder() -> None:
    # L83 "The dice throw of the attacker determines the number of arrows ...; the target ... can not
    # defend himself ... If the target is shooted down, it implies the death of the character."
    # L66 "EACH MURDER 2 years"; L78 the record is erased in the graveyard.
    s = clinic_setup(dart_hit=1.0)
    s.record[3 + VAMP], s.jail_years[3 + VAMP] = 3, 3  # e.g. injured by the police (L77)
    s.pos[3 + DEALER] = ENTRANCES[0]
    s._legal = None
    t = outcome(s, clinic_kill(3 + VAMP), lambda t: True)
    assert t.pos[3 + VAMP] == GRAVEYARD
    assert t.record[3 + VAMP] == t.jail_years[3 + VAMP] == t.clinic_left[3 + VAMP] == 0
    assert years(t, KILLER) == 2
    assert not any("defenders throw" in e for e in t.events)  # no defence: no duel
    assert t.pos[KILLER] == ENTRANCES[0]
    # L38: one dice throw a stop; the coward attack is still open
    assert t.phase == ACT and kill_action(1, DEALER) not in t.legal_actions() and COWARD in t.legal_actions()


def test_clinic_killing_darts_are_the_attackers_die() -> None:
    # L83 "The dice throw of the attacker determines the number of arrows"; S25 "darts = its die (the
    # killer: +2 darts, or +1 with killer_bonus = "shot")".
    for bonus, extra in (("dice", 2), ("shot", 1), ("none", 0)):
        s = clinic_setup(killer_bonus=bonus)
        t = outcome(s, clinic_kill(3 + VAMP), lambda t: True)
        die, n = darts(t)
        assert 1 <= die <= 6 and n == die + extra
    s = at_round(new(dart_hit=0.05), 4)
    s.pos[3 + VAMP], s.clinic_left[3 + VAMP] = CLINIC, 2
    stop_at(s, VAMP, ENTRANCES[1])
    t = outcome(s, clinic_kill(3 + VAMP), lambda t: t.pos[3 + VAMP] == CLINIC)
    die, n = darts(t)
    assert n == die and any("every dart misses" in e for e in t.events)
    assert years(t, VAMP) == 0 and t.clinic_left[3 + VAMP] == 2  # a miss: no crime, still injured


# -- the graveyard (S26, L78) -------------------------------------------------------------------------------


def test_dead_go_to_the_graveyard_with_the_record_erased_and_stay() -> None:
    # L78 "Killed gangsters are put in the graveyard, ... their police record is erased."; S26 "stay until
    # recruited".
    s = at_round(new(**SURE), 4)
    sq = street(s)
    s.pos[3 + VAMP] = sq
    s.record[3 + VAMP], s.pending[3 + VAMP] = 4, 1
    stop_at(s, KILLER, sq)
    t = outcome(s, kill_action(1, VAMP), lambda t: t.pos[3 + VAMP] == GRAVEYARD)
    assert t.record[3 + VAMP] == 0 and t.pending[3 + VAMP] == 0 and t.prev[3 + VAMP] is None
    assert years(t, KILLER) == 2
    for _ in range(2):
        next_turn_of(t, 1)
        assert t.pos[3 + VAMP] == GRAVEYARD and t.dice[3 + VAMP] == 0
        assert CHAR0 + 3 + VAMP not in t.legal_actions()


# -- recruiting (S17, L48-L49) -------------------------------------------------------------------------------


def test_recruit_free_in_ones_own_shop() -> None:
    # L78 "they may be recruited in shops with the corresponding initial"; S17 "in a shop the gang owns,
    # free"; L48 "Each new recruited is immediately available in the shop."
    s = new()
    shop = shop_of(s, "T")
    s.owner[s.geo.shop_index[shop]] = 0
    s.pos[KILLER], s.moved[KILLER] = GRAVEYARD, True
    start = total_money(s)
    stop_at(s, VAMP, shop)  # round 1: recruiting is allowed in rounds 1-3 (S12)
    assert RECRUIT in s.legal_actions()
    s.apply(RECRUIT)
    assert s.pos[KILLER] == shop and s.record[KILLER] == 0 and s.money[0] == 0 and total_money(s) == start
    if s.phase == ACT:
        assert RECRUIT not in s.legal_actions()
        s.apply(DONE)
    assert CHAR0 + KILLER not in s.legal_actions() and s.moved[KILLER]  # moves from the next turn
    next_turn_of(s, 0)
    assert CHAR0 + KILLER in s.legal_actions() and 1 <= s.dice[KILLER] <= 6
    s.apply(CHAR0 + KILLER)
    assert all(m.path[0] in s.geo.board.shops[shop].entrances for m in move_options(s, KILLER).values())


def test_recruit_in_an_unowned_shop_pays_the_bank() -> None:
    # S17 "in an unowned shop `recruit_price` (default 50) to the bank"; S33 "to the bank: ... recruits at
    # unowned shops".
    s = new()
    shop = shop_of(s, "D")
    s.pos[DEALER], s.moved[DEALER] = GRAVEYARD, True
    s.money[0], s.bank = 49, s.bank - 49
    stop_at(s, VAMP, shop)
    assert RECRUIT not in s.legal_actions()  # cannot pay
    s.money[0], s.bank = 60, s.bank - 11
    s._legal = None
    bank = s.bank
    s.apply(RECRUIT)
    assert s.pos[DEALER] == shop and s.money[0] == 10 and s.bank == bank + 50
    s = new(recruit_price=0)
    s.pos[DEALER], s.moved[DEALER] = GRAVEYARD, True
    stop_at(s, KILLER, shop)
    s.apply(RECRUIT)
    assert s.pos[DEALER] == shop and s.money[0] == 0


def test_recruit_only_the_gangs_dead_of_the_shops_letter() -> None:
    # L78 "shops with the corresponding initial" (T killer, V vamp, D dealer); S17 "a gang recruits only
    # its own dead characters"; not from the clinic or the jail.
    s = new(recruit_price=0)
    s.pos[VAMP], s.moved[VAMP] = GRAVEYARD, True
    s.pos[3 + VAMP] = s.pos[3 + KILLER] = GRAVEYARD
    for kind in ("T", "D", "star", "basic"):
        t = s.clone()
        stop_at(t, KILLER, shop_of(t, kind))
        assert RECRUIT not in t.legal_actions()
    t = s.clone()
    t.pos[VAMP] = JAIL
    stop_at(t, KILLER, shop_of(t, "V"))  # seat 1's dead vamp is not seat 0's to recruit
    assert RECRUIT not in t.legal_actions()
    s = new(recruit_price=0)
    s.pos[VAMP], s.moved[VAMP], s.clinic_left[VAMP] = CLINIC, True, 2
    stop_at(s, KILLER, shop_of(s, "V"))
    assert RECRUIT not in s.legal_actions()
    s.pos[VAMP] = GRAVEYARD
    s._legal = None
    assert RECRUIT in s.legal_actions()


def test_recruit_in_a_rival_shop_at_the_owners_price() -> None:
    # L49 "The owner of a shop where an other player wants to recruit, may freely determine the price";
    # S17 "the owner names a price (0, 10, 25, 50, 100, 200, 500) ..., the recruiter accepts (paying the
    # owner)". S33 "between gangs: ... recruit prices".
    s = new()
    shop = shop_of(s, "V")
    s.owner[s.geo.shop_index[shop]] = 2
    s.pos[VAMP], s.moved[VAMP] = GRAVEYARD, True
    s.money[0], s.bank = 40, s.bank - 40
    start = total_money(s)
    stop_at(s, DEALER, shop)
    s.apply(RECRUIT)
    assert s.phase == PRICE and s.to_act == 2
    assert s.legal_actions() == [PRICE0 + k for k in range(len(PRICES))] + [REFUSE]
    s.apply(PRICE0 + PRICES.index(25))
    assert s.phase == OFFER and s.to_act == 0 and s.view(None)["asked_price"] == 25
    assert s.legal_actions() == [ACCEPT, DECLINE]
    s.apply(ACCEPT)
    assert s.pos[VAMP] == shop and s.record[VAMP] == 0
    assert s.money[0] == 15 and s.money[2] == 25 and total_money(s) == start
    assert s.to_act == 0 and RECRUIT not in s.legal_actions()


def test_the_owner_may_refuse_and_the_recruiter_may_decline() -> None:
    # L49 "he may also refuse to sell a character"; S17 "the recruiter accepts ... or declines".
    s = new()
    shop = shop_of(s, "V")
    s.owner[s.geo.shop_index[shop]] = 3
    s.pos[VAMP], s.moved[VAMP] = GRAVEYARD, True
    s.money[0], s.bank = 100, s.bank - 100
    stop_at(s, DEALER, shop)
    t = s.clone()
    t.apply(RECRUIT)
    t.apply(REFUSE)
    assert t.pos[VAMP] == GRAVEYARD and t.money[0] == 100 and t.to_act == 0
    assert t.phase in (ACT, CHOOSE) and RECRUIT not in t.legal_actions()  # once a stop (S11)
    t = s.clone()
    t.apply(RECRUIT)
    t.apply(PRICE0 + PRICES.index(500))
    assert t.legal_actions() == [DECLINE]  # 500 is more than it has
    t.apply(DECLINE)
    assert t.pos[VAMP] == GRAVEYARD and t.money[0] == 100 and t.money[3] == 0


def test_the_recruit_comes_back_with_a_clean_record() -> None:
    # L78 "their police record is erased"; S17 "it appears in that shop with a clean record".
    s = new()
    shop = shop_of(s, "T")
    s.owner[s.geo.shop_index[shop]] = 0
    s.pos[KILLER], s.moved[KILLER] = GRAVEYARD, True
    s.record[KILLER], s.pending[KILLER] = 5, 2  # not possible in play (erased at death): made sure here
    stop_at(s, DEALER, shop)
    s.apply(RECRUIT)
    assert s.record[KILLER] == s.pending[KILLER] == 0 and s.captor[KILLER] == -1


# -- incomes (S33, L35, L46) --------------------------------------------------------------------------------


def test_neutralized_gang_earns_only_from_its_shops() -> None:
    # L35 "When a gang is completely neutralized (jail, graveyard, clinic), he only earns incomes from
    # properties."; S33 option neutralized_racket (default false).
    for racket_pays in (False, True):
        s = new(neutralized_racket=racket_pays)
        s.owner[0], s.racket[1], s.pawns["w00s1"] = 1, 1, 1
        s.pos[3:6] = [JAIL, CLINIC, GRAVEYARD]
        incomes(s, 1)
        assert s.money[1] == 10 + 5 * racket_pays
    s = new()
    s.owner[0], s.racket[1] = 1, 1
    s.pos[3:6] = [street(s), CLINIC, GRAVEYARD]  # one character free: not neutralized
    incomes(s, 1)
    assert s.money[1] == 15


@pytest.mark.parametrize("where", [JAIL, CLINIC, GRAVEYARD])
def test_no_traffic_income_while_the_dealer_is_out(where: str) -> None:
    # L46 "A dealer dead, injuried or in jail deprives the gang of the traffic 's incomes, until he is
    # back. The traffic pawns remain in place."
    s = new()
    s.pawns["w00s1"] = s.pawns["w01n1"] = 1
    s.pos[3 + KILLER] = street(s)  # the gang is not neutralized
    s.pos[3 + DEALER] = where
    incomes(s, 1)
    assert s.money[1] == 0 and s.pawns == {"w00s1": 1, "w01n1": 1}
    s.pos[3 + DEALER] = street(s)  # back (out of the jail, the clinic, or recruited)
    incomes(s, 1)
    assert s.money[1] == 10


def test_recruited_dealer_restores_the_traffic_income() -> None:
    # L46 "until he is back"; L48 the recruit is "immediately available in the shop".
    s = new(recruit_price=0)
    s.pawns["w00s1"] = 0
    s.pos[DEALER], s.moved[DEALER] = GRAVEYARD, True
    stop_at(s, KILLER, shop_of(s, "D"))
    s.apply(RECRUIT)
    s.apply(DONE)
    move_to(s, VAMP, street(s))
    s.apply(DONE)
    assert s.turn_player == 1
    next_turn_of(s, 0)
    assert s.money[0] == 5  # the pawn paid at the start of seat 0's turn
