"""Supergang's police slice: the patrols (S27), crimes and witnesses (S28-S29), arrests (S30), the jail
(S31), buying the cops (S32), the turn clock (S35), the police-player variant (S36) and the victories
(S37), and the police player's bot (S50-S52). Each test quotes the fragment line
(supergang-en-fragment.txt, L1-L94) or the decision of docs/rules/supergang.md (S1-S54) it checks.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from gangland.engine.errors import IllegalAction, OptionError
from gangland.games.supergang.actions import (
    ARREST0,
    ATTACK_PATROL0,
    BUY_COPS,
    CHAR0,
    COWARD,
    DEST0,
    DONE,
    KILL0,
    MANHOLE0,
    RACKET,
    REBEL,
    STICKUP_MONEY,
    STICKUP_OWNERSHIP,
    SURRENDER,
    TIME_UP,
    VAMP0,
    action_text,
    char_action,
    kill_action,
)
from gangland.games.supergang.board import moves, moves_from_jail
from gangland.games.supergang.bots import SupergangHeuristicBot
from gangland.games.supergang.bots_planner import Planner
from gangland.games.supergang.bots_police import Hunt
from gangland.games.supergang.constants import CLINIC, DEALER, GRAVEYARD, JAIL, KILLER, SEWER, VAMP
from gangland.games.supergang.movement import move_options, patrol_options
from gangland.games.supergang.phases import (
    ACT,
    ARRESTED,
    CHOOSE,
    COP_OFFER,
    MOVE,
    PATROL_ACT,
    PATROL_MOVE,
    PATROL_PLACE,
)
from gangland.games.supergang.police import arrestable
from gangland.games.supergang.state import SupergangState
from gangland.games.supergang.table import available
from gangland.games.supergang.turn import start_gang_turn

from .test_fights import SURE, at_round, defender_dice, outcome
from .test_fights import new as new_alive
from .test_state import new, shop_of, stop_at, total_money

STREET, NEAR, FAR = "s02_04", "s03_04", "s04_04"
"""A street square, one square from it and two squares from it (along the street)."""
POLICE_PHASES = (COP_OFFER, PATROL_PLACE, PATROL_MOVE, PATROL_ACT, ARRESTED)


def arrest(t: int) -> int:
    """The id of arresting character t (3 * gang + role)."""
    return ARREST0 + t


def step(s: SupergangState) -> None:
    """A passive decision: end / decline / no arrest / surrender when possible, else the first legal."""
    legal = s.legal_actions()
    s.apply(DONE if DONE in legal else legal[0])


def play_until(s: SupergangState, done: Callable[[SupergangState], bool]) -> SupergangState:
    for _ in range(3000):
        if done(s):
            return s
        step(s)
    raise AssertionError("never reached")


def end_turn(s: SupergangState) -> SupergangState:
    """Play the rest of the current gang turn passively; stop at the start of the next one."""
    seat, rnd = s.turn_player, s.round
    return play_until(s, lambda t: t.is_over or (t.turn_player, t.round) != (seat, rnd))


def gang_turn(s: SupergangState, seat: int, rnd: int = 4) -> SupergangState:
    """Start `seat`'s gang turn of round `rnd` by hand (S4: incomes, time served, the cop offer, the dice
    thrown, the patrols moved first)."""
    s.round, s.turn_player = rnd, seat
    start_gang_turn(s)
    s._legal = None
    return s


def patrol_stop(s: SupergangState, target: str) -> int:
    """Move the patrol being moved (phase PATROL_MOVE) to `target`: put it next to it with a die of 1 and
    apply that move. The patrol's number."""
    assert s.phase == PATROL_MOVE
    p = s.patrol
    board = s.geo.board
    start = board.shops[target].entrances[0] if target in board.shops else board.neighbours(target)[0]
    s.ppos[p], s.pprev[p], s.pentry[p], s.pdice[p] = start, None, None, 1
    s._legal = None
    s.apply(next(a for a, m in patrol_options(s, p).items() if m.end == target))
    return p


def give(s: SupergangState, gang: int, amount: int) -> None:
    """Money from the bank to a gang (money is conserved, S34)."""
    s.bank -= amount
    s.money[gang] += amount


# -- S27: the patrols ---------------------------------------------------------------------------------


def test_no_police_in_the_first_three_rounds() -> None:
    # L6 "During the three first turns, ... the police is not in play." (S12, S27)
    s = new_alive()
    give(s, 1, 600)  # S32 "From round 4": no offer of the cops either
    while s.round < 4:
        assert s.ppos == [JAIL, JAIL] and s.pdice == [0, 0]
        assert s.phase not in POLICE_PHASES
        assert not any(a >= ARREST0 for a in s.legal_actions())
        step(s)
    assert s.round == 4 and s.turn_player == 0 and s.phase == PATROL_MOVE


def test_patrols_enter_from_the_jail_by_their_die() -> None:
    # L6 (from round 4); S27 "start in the jail", "each by its own die"; S6 "a character (or patrol)
    # leaving the jail takes the exit of its die face (L4)".
    s = play_until(new_alive(), lambda t: t.round == 4)
    board = s.geo.board
    assert s.phase == PATROL_MOVE and s.patrol == 0 and s.ppos == [JAIL, JAIL]
    assert all(1 <= d <= 6 for d in s.pdice)
    for p in range(2):
        assert s.patrol == p
        die = s.pdice[p]
        options = patrol_options(s, p)
        assert {m.end for m in options.values()} == {m.end for m in moves_from_jail(board, die, die)}
        assert all(len(m.path) == die and m.path[0] == board.jail_exits[die].square for m in options.values())
        action = s.legal_actions()[0]
        s.apply(action)
        assert s.ppos[p] == options[action].end
    assert s.phase == CHOOSE


def test_the_turn_player_moves_the_patrols_before_his_characters() -> None:
    # L58 "At each turn of play, each player throws all the dices together (cops and available
    # gangsters), he first plays the cops then the characters." (S4 steps 3-5)
    s = play_until(new_alive(), lambda t: t.round == 4 and t.turn_player == 1)
    assert s.phase == PATROL_MOVE and s.to_act == 1
    dice = s.dice[:]
    assert all(dice[c] for c in range(3, 6) if available(s, c))  # thrown together, before the cops move
    assert all(a >= DEST0 for a in s.legal_actions())  # no character may go first
    with pytest.raises(IllegalAction):
        s.apply(char_action(1, KILLER))
    s.apply(s.legal_actions()[0])
    assert s.phase == PATROL_MOVE and s.patrol == 1 and s.to_act == 1
    s.apply(s.legal_actions()[0])
    assert s.phase == CHOOSE and s.dice == dice
    assert s.legal_actions() == [char_action(1, r) for r in range(3) if available(s, 3 + r)]


def test_patrol_moves_like_a_character_and_may_enter_a_shop() -> None:
    # S27 "under S6-S8 (cops may enter shops as a last step; designed)"; S7 exact die, never back.
    s = gang_turn(new_alive(), 0)
    board = s.geo.board
    shop = shop_of(s, "basic")
    entrance = board.shops[shop].entrances[0]
    s.ppos[0], s.pprev[0], s.pdice[0] = entrance, None, 1
    assert shop in {m.end for m in patrol_options(s, 0).values()}
    s.ppos[0], s.pprev[0], s.pdice[0] = STREET, "s01_04", 3
    assert {m.end for m in patrol_options(s, 0).values()} == \
        {m.end for m in moves(board, STREET, "s01_04", 3)}
    s._legal = None
    patrol_stop(s, shop)
    assert s.ppos[0] == shop


def test_a_player_without_characters_still_moves_the_patrols() -> None:
    # L62 "A player whose all the gangsters are unavailable still plays cops during his turn." (S4)
    s = new_alive()
    s.pos[3:6] = [GRAVEYARD, JAIL, CLINIC]
    s.jail_years[4], s.clinic_left[5] = 3, 2
    gang_turn(s, 1)
    assert s.phase == PATROL_MOVE and s.to_act == 1 and all(s.pdice)
    assert s.moved[3:6] == [True, True, True]
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert any("⟨s1⟩ has no character that can move" in e for e in s.events)
    assert s.turn_player == 2 and s.phase == PATROL_MOVE and s.to_act == 2


def test_patrol_in_a_manhole_comes_back_on_the_pushers_next_turn() -> None:
    # L61 "Cops fallen in manholes are removed from game, the player who pushed them in make them
    # resurface on the next turn, from the manhole of his choice." (S10, S27)
    s = gang_turn(new_alive(), 0)
    holes = s.geo.manholes
    p = patrol_stop(s, holes[1])
    assert s.ppos[p] == SEWER and s.preturn[p] == 0
    assert s.phase == PATROL_MOVE and s.patrol == 1  # the other patrol goes on
    for seat in (1, 2, 3):
        end_turn(s)
        assert s.turn_player == seat and s.ppos[p] == SEWER and s.pdice[p] == 0
        assert s.phase != PATROL_PLACE
    end_turn(s)
    assert s.turn_player == 0 and s.round == 5
    assert s.phase == PATROL_PLACE and s.patrol == p and s.to_act == 0 and s.pdice[p] > 0
    assert s.legal_actions() == [MANHOLE0 + m for m in range(len(holes))]
    s.apply(MANHOLE0 + 3)
    assert s.ppos[p] == holes[3] and s.preturn[p] == -1
    # then it moves its die from there, any way (S10)
    assert s.phase == PATROL_MOVE and s.patrol == p
    expected = moves(s.geo.board, holes[3], None, s.pdice[p])
    assert {m.end for m in patrol_options(s, p).values()} == {m.end for m in expected}


# -- S28-S29: crimes noticed ------------------------------------------------------------------------------


@pytest.mark.parametrize(("sight", "patrol_at", "noticed"), [
    (1, NEAR, True), (1, FAR, False), (0, NEAR, False), (0, STREET, True), (3, FAR, True)])
def test_crime_noticed_by_a_patrol_within_cop_sight(sight: int, patrol_at: str, noticed: bool) -> None:
    # S29 (b) "a patrol is within `cop_sight` squares (along streets ...) of the crime square at the
    # crime"; section 4 `cop_sight` 1 (0-3).
    s = at_round(new_alive(cop_sight=sight), 4)
    s.ppos[0] = patrol_at
    stop_at(s, VAMP, STREET)
    s.apply(COWARD)  # L66 "COWARD Attacks 1 year"
    assert (s.record[VAMP], s.pending[VAMP]) == ((1, 0) if noticed else (0, 1))


def test_crime_in_a_shop_seen_from_its_entrance() -> None:
    # S29 (b) "a shop counts as its entrance squares".
    s = at_round(new_alive(cop_sight=0), 4)
    shop = shop_of(s, "basic")
    s.ppos[1] = s.geo.board.shops[shop].entrances[-1]
    stop_at(s, DEALER, shop)
    s.apply(RACKET)  # L66 "RACKET 1 year"
    assert s.record[DEALER] == 1 and s.pending[DEALER] == 0


def test_cop_sight_is_checked() -> None:
    # Section 4: cop_sight ranges over 0-3.
    for bad in (-1, 4, 1.0):
        with pytest.raises(OptionError):
            new(cop_sight=bad)


def test_crime_noticed_by_a_patrol_stopping_later_on_the_square() -> None:
    # L63 "A crime may be noticed as long as the gangster is in the square of the crime." (S29 b)
    s = at_round(new_alive(), 4)
    stop_at(s, VAMP, STREET)
    s.apply(COWARD)
    assert s.pending[VAMP] == 1 and s.record[VAMP] == 0
    end_turn(s)
    assert s.turn_player == 1 and s.phase == PATROL_MOVE and s.pos[VAMP] == STREET
    patrol_stop(s, STREET)
    assert s.record[VAMP] == 1 and s.pending[VAMP] == 0
    assert s.phase == PATROL_ACT and arrest(VAMP) in s.legal_actions()  # now he can be arrested


def test_crime_lost_when_the_criminal_moves() -> None:
    # L63; S29 "A crime not noticed before the criminal moves is lost."
    s = new_alive()
    stop_at(s, VAMP, STREET)
    s.apply(COWARD)
    assert s.pending[VAMP] == 1
    play_until(s, lambda t: t.turn_player == 0 and t.round == 2)
    s.apply(char_action(0, VAMP))
    assert s.pending[VAMP] == 0 and s.record[VAMP] == 0
    assert any("gets away with 1 unnoticed year" in e for e in s.events)
    street = set(s.geo.board.squares) - set(s.geo.manholes)
    s.apply(next(a for a, m in move_options(s, VAMP).items() if m.end in street))
    where = s.pos[VAMP]
    while s.phase == ACT:
        s.apply(DONE)
    gang_turn(s, 1)  # later, a patrol stops where he is now: nothing to notice, nobody to arrest
    patrol_stop(s, where)
    assert s.record[VAMP] == 0 and s.phase == PATROL_MOVE and s.patrol == 1


def test_surviving_managers_witness_a_failed_stickup() -> None:
    # L57 "When they survive to a stick up, the managers witness all the observed crimes : cross on the
    # police record." (S29 a); no patrol in rounds 1-3 (S12).
    s = new_alive(dart_hit=1.0, dart_dead=0.0)
    shop = shop_of(s, "basic")
    stop_at(s, KILLER, shop)
    failed = outcome(s, STICKUP_MONEY, lambda t: t.pos[KILLER] == CLINIC)
    assert failed.record[KILLER] == 1 and failed.pending[KILLER] == 0


def test_an_injured_manager_survives_and_witnesses_a_successful_stickup() -> None:
    # L57 "When they survive to a stick up, the managers witness all the observed crimes : cross on the
    # police record." An injured manager has survived: the stick-up and the injury go on the record. (The
    # test above asserted the opposite until issue 15: a successful stick-up was never witnessed.)
    s = new_alive(dart_hit=1.0, dart_dead=0.0)
    shop = shop_of(s, "basic")
    stop_at(s, KILLER, shop)
    won = outcome(s, STICKUP_MONEY, lambda t: t.pos[KILLER] == shop)
    assert won.record[KILLER] == 1 + 1 and won.pending[KILLER] == 0  # the stick-up and an injury
    # Two managers (a star shop), one killed and one injured: the injured one witnesses both crimes.
    s = new_alive(dart_hit=1.0, dart_dead=0.5)
    star = shop_of(s, "star")
    stop_at(s, KILLER, star)
    won = outcome(s, STICKUP_MONEY, lambda t: t.pos[KILLER] == star and sorted(
        re.findall(r"hit manager\d \((\w+)\)", " ".join(t.events))) == ["dead", "injured"])
    assert won.record[KILLER] == 1 + 1 + 2 and won.pending[KILLER] == 0


def test_killed_managers_witness_nothing() -> None:
    # L57 "When they survive to a stick up": every manager killed, nobody survives to witness (S29 a).
    s = new_alive(**SURE)
    shop = shop_of(s, "basic")
    stop_at(s, KILLER, shop)
    won = outcome(s, STICKUP_MONEY, lambda t: t.pos[KILLER] == shop)
    assert won.record[KILLER] == 0 and won.pending[KILLER] == 1 + 2  # the stick-up and a murder


def test_seed_0_step_112_the_injured_manager_witnesses() -> None:
    # Issue 15 (3 gangs, seed 0, random.Random(7) choices, step 112): seat 1's vamp sticks up B6, its
    # manager is injured and the stick-up succeeds; L57: the injured manager witnesses both crimes.
    s = SupergangState.new(3, 0, {})
    rng = random.Random(7)
    for _ in range(112):
        s.apply(rng.choice(s.legal_actions()))
    assert "hit manager1 (injured)" in " ".join(s.events)
    assert "⟨s1⟩ earns 50 from the stick-up of B6" in s.events
    assert "⟨s1⟩'s vamp commits a stick-up: 1 year(s) on the record" in s.events
    assert "⟨s1⟩'s vamp commits an injury: 1 year(s) on the record" in s.events
    assert s.record[3 + VAMP] >= 2


# -- S30: arrest -------------------------------------------------------------------------------------------


def test_arrest_only_of_gangsters_with_a_record_one_by_one() -> None:
    # S30 "A patrol at its stop may arrest any gangster on its square with a non-empty record ...; the
    # player moving the patrol decides, gangster by gangster."
    s = new_alive()
    for c in (KILLER, VAMP, 6 + DEALER):
        s.pos[c] = STREET
    s.record[KILLER], s.record[6 + DEALER] = 2, 1
    gang_turn(s, 1)
    patrol_stop(s, STREET)
    assert s.phase == PATROL_ACT and s.to_act == 1
    assert s.legal_actions() == [DONE, arrest(KILLER), arrest(6 + DEALER)]  # not the innocent vamp
    s.apply(arrest(KILLER))
    assert s.phase == ARRESTED and s.to_act == 0  # the arrested gangster's player chooses
    assert s.legal_actions() == [SURRENDER, REBEL]
    s.apply(SURRENDER)
    assert s.pos[KILLER] == JAIL
    assert s.legal_actions() == [DONE, arrest(6 + DEALER)]
    s.apply(DONE)  # he may let one go
    assert s.pos[6 + DEALER] == STREET and s.phase == PATROL_MOVE and s.patrol == 1


def test_no_arrest_on_a_manhole() -> None:
    # L16 "On a manhole, a character can not be arrested (by cops)." (S10, S30)
    s = new_alive()
    hole = s.geo.manholes[2]
    s.pos[KILLER], s.record[KILLER] = hole, 3
    gang_turn(s, 1)
    s.ppos[1] = hole
    assert arrestable(s, 1) == []
    p = patrol_stop(s, hole)  # a patrol stopping there falls in (L61) and arrests nobody
    assert p == 0 and s.ppos[0] == SEWER and s.phase == PATROL_MOVE
    assert s.pos[KILLER] == hole and s.record[KILLER] == 3


def test_surrender_goes_to_jail_for_the_record() -> None:
    # L64 "Under arrest gangsters may :" (the list is lost) -> S30 "surrender (to jail for his record's
    # years, record erased)"; S31.
    s = new_alive()
    s.pos[VAMP], s.record[VAMP] = STREET, 3
    gang_turn(s, 2)
    patrol_stop(s, STREET)
    s.apply(arrest(VAMP))
    s.apply(SURRENDER)
    assert s.pos[VAMP] == JAIL and s.jail_years[VAMP] == 3 and s.record[VAMP] == 0
    assert s.prev[VAMP] is None and s.phase == PATROL_MOVE


def jailed_on_another_turn(years: int) -> SupergangState:
    """Seat 0's killer arrested with `years` on his record during seat 3's turn (the last of round 4)."""
    s = new_alive()
    s.pos[VAMP] = s.pos[DEALER] = FAR
    s.pos[KILLER], s.record[KILLER] = STREET, years
    gang_turn(s, 3)
    patrol_stop(s, STREET)
    s.apply(arrest(KILLER))
    s.apply(SURRENDER)
    assert s.pos[KILLER] == JAIL and s.jail_years[KILLER] == years
    return s


def sit_out(s: SupergangState, c: int) -> list[str]:
    """Where seat 0's character `c` is at the start of each of seat 0's gang turns, up to the first one in
    which it plays again (seat 0 must keep another character on the board)."""
    where: list[str] = []
    while len(where) < 20:
        play_until(s, lambda t: t.turn_player == 0 and t.phase == CHOOSE)
        where.append(s.pos[c])
        if not s.moved[c]:
            return where
        end_turn(s)
    raise AssertionError(f"{c} never plays again: {where}")


@pytest.mark.parametrize("years", [1, 2, 3])
def test_one_year_is_one_own_turn_without_playing(years: int) -> None:
    # L66 "1 year means 1 turn without playing."; S31 "A year is one of the prisoner's gang turns without
    # playing (L66). When the years are served the character leaves the jail by its die (S6) on the next
    # gang turn."
    s = jailed_on_another_turn(years)
    assert sit_out(s, KILLER) == [JAIL] * years + [JAIL]


def test_served_prisoner_leaves_the_jail_by_his_die() -> None:
    # S31 "the character leaves the jail by its die (S6)"; L4; the record was erased when jailed.
    s = jailed_on_another_turn(3)
    where = sit_out(s, KILLER)
    assert where == [JAIL] * 4  # three years, then out
    assert s.jail_years[KILLER] == 0 and s.dice[KILLER] > 0
    die = s.dice[KILLER]
    s.apply(char_action(0, KILLER))
    board = s.geo.board
    assert {m.end for m in move_options(s, KILLER).values()} == \
        {m.end for m in moves_from_jail(board, die, die)}
    s.apply(s.legal_actions()[0])
    assert s.pos[KILLER] not in (JAIL, CLINIC, GRAVEYARD) and s.record[KILLER] == 0


def test_arrest_choice_surrender_only() -> None:
    # S30 option arrest_choice "surrender": the arrested gangster goes straight to the jail.
    s = new_alive(arrest_choice="surrender")
    s.pos[DEALER], s.record[DEALER] = STREET, 2
    gang_turn(s, 1)
    patrol_stop(s, STREET)
    s.apply(arrest(DEALER))
    assert s.phase != ARRESTED and s.pos[DEALER] == JAIL and s.jail_years[DEALER] == 2
    assert s.record[DEALER] == 0


def rebel_state(**options: object) -> SupergangState:
    """Seat 0's killer (record 2) arrested by patrol 1 during seat 1's turn, asked to surrender or rebel."""
    s = new_alive(**options)
    s.pos[KILLER], s.record[KILLER] = STREET, 2
    s.pos[VAMP] = s.pos[DEALER] = FAR
    gang_turn(s, 1)
    patrol_stop(s, STREET)
    s.apply(arrest(KILLER))
    assert s.phase == ARRESTED
    return s


def test_rebel_duels_the_patrols_two_cops() -> None:
    # L59 "During a duel, a group of cops throws two dices."; S30 "rebel (a duel against the patrol;
    # +1 year rebellion ...)"; L66 "REBELLION against police 1 year"; S29 (c) "it is against the police
    # (cops always know)": noticed even with cop_sight 0.
    s = rebel_state(cop_sight=0, dart_hit=0.05, duel_max_volleys=1)
    t = outcome(s, REBEL, lambda t: not any("hit cop" in e or "hit seat" in e for e in t.events))
    assert defender_dice(t) == 2
    assert any("rebels against patrol 1" in e for e in t.events)
    assert not any("manager" in e for e in t.events)
    # S30 "if the duel stops undecided at the volley cap he is taken to the jail" (with the year)
    assert t.pos[KILLER] == JAIL and t.jail_years[KILLER] == 2 + 1


def test_rebel_wins_and_the_patrol_goes_back_to_the_jail() -> None:
    # S30 "if he wins he stays free, the patrol goes to the centre"; L80 "Injuried or killed cops start
    # from the center as sons as the player who killed or injuried them plays again." (S24; L88 says the
    # same of the variant's policemen)
    s = rebel_state(dart_hit=1.0, dart_dead=0.0)
    t = outcome(s, REBEL, lambda t: t.pos[KILLER] == STREET)
    assert sum(e.count("hit cop") for e in t.events) == 2
    assert t.ppos[0] == JAIL and t.preturn[0] == 0
    assert t.record[KILLER] == 2 + 1 + 2  # his record, the rebellion, two injured cops (S28)
    assert t.phase == PATROL_MOVE and t.patrol == 1 and t.to_act == 1
    for seat in (2, 3):
        end_turn(t)
        assert t.turn_player == seat and t.ppos[0] == JAIL and t.pdice[0] == 0
    end_turn(t)
    assert t.turn_player == 0 and t.pdice[0] > 0 and t.phase == PATROL_MOVE and t.patrol == 0
    die = t.pdice[0]
    assert {m.end for m in patrol_options(t, 0).values()} == \
        {m.end for m in moves_from_jail(t.geo.board, die, die)}


def test_one_cop_down_takes_the_whole_patrol_out() -> None:
    # L60 "After a duel an ablebodied cob follows his injuried or killed colleague." (S24, S27)
    s = rebel_state(dart_hit=1.0, dart_dead=0.0)
    t = outcome(s, REBEL, lambda t: t.pos[KILLER] == CLINIC
                and sum(e.count("hit cop") for e in t.events) == 1)
    assert t.ppos[0] == JAIL and t.preturn[0] == 0  # back on the turn of the rebel's player
    assert t.jail_years[KILLER] == 2 + 1 + 1 and t.record[KILLER] == 0  # L77


def test_rebel_injured_goes_to_the_clinic_then_to_the_jail() -> None:
    # L77 "Injuried during a duel against the police, a gangster goes to the clinic before serving his
    # pein in jail." (S25, S30)
    s = rebel_state(dart_hit=1.0, dart_dead=0.0)
    t = outcome(s, REBEL, lambda t: t.pos[KILLER] == CLINIC and t.ppos[0] == STREET)
    assert t.jail_years[KILLER] == 2 + 1 and t.record[KILLER] == 0
    assert t.clinic_left[KILLER] == t.options["clinic_turns"]
    where = sit_out(t, KILLER)
    assert where[0] == CLINIC and where[-1] == JAIL and set(where) == {CLINIC, JAIL}
    assert where == sorted(where, key=lambda w: w != CLINIC)  # the clinic first, then the jail
    assert t.jail_years[KILLER] == 0


def test_rebel_injured_misses_the_clinic_turns_then_the_years() -> None:
    # L77; S25 "an injured character stays `clinic_turns` (default 2) of its gang's turns, then leaves
    # ... (or goes to jail for its record, if injured by the police: L77, S30)"; S31 a year = a turn.
    s = rebel_state(dart_hit=1.0, dart_dead=0.0)
    t = outcome(s, REBEL, lambda t: t.pos[KILLER] == CLINIC and t.ppos[0] == STREET)
    clinic, years = t.clinic_left[KILLER], t.jail_years[KILLER]
    assert sit_out(t, KILLER) == [CLINIC] * clinic + [JAIL] * years + [JAIL]


def test_rebel_killed_goes_to_the_graveyard() -> None:
    # L78 "Killed gangsters are put in the graveyard, ... their police record is erased."
    s = rebel_state(**SURE)
    t = outcome(s, REBEL, lambda t: t.pos[KILLER] == GRAVEYARD and t.ppos[0] == STREET)
    assert t.record[KILLER] == 0 and t.jail_years[KILLER] == 0 and t.ppos[0] == STREET


def test_managers_do_nothing_in_an_arrest() -> None:
    # L56 "In case of arrest by the cops, they do nothing." (S30)
    s = new_alive()
    shop = shop_of(s, "T")
    s.owner[s.geo.shop_index[shop]] = 0
    s.pos[VAMP], s.record[VAMP] = shop, 1
    gang_turn(s, 2)
    patrol_stop(s, shop)
    s.apply(arrest(VAMP))
    t = outcome(s, REBEL, lambda t: True)
    assert defender_dice(t) == 2 and not any("manager" in e for e in t.events)


def test_attacking_a_patrol_at_ones_stop_is_a_rebellion() -> None:
    # S30 "Attacking a patrol at one's own stop is a rebellion too."; L36 "A gangster can not fire at a
    # manager or at an other gangster if the police is present."; L40 "The presence of the police ... do
    # not protect from vamping."
    s = at_round(new_alive(cop_sight=0, dart_hit=1.0, dart_dead=0.0), 4)
    s.ppos[1] = STREET
    s.pos[3 + DEALER] = STREET
    stop_at(s, VAMP, STREET)
    assert s.legal_actions() == [DONE, COWARD, VAMP0 + 3 + DEALER, ATTACK_PATROL0 + 1]
    assert kill_action(1, DEALER) not in s.legal_actions()
    t = outcome(s, ATTACK_PATROL0 + 1, lambda t: t.pos[VAMP] == STREET)
    assert any("attacks patrol 2" in e for e in t.events) and defender_dice(t) == 2
    assert t.ppos[1] == JAIL and t.preturn[1] == 0
    assert t.record[VAMP] >= 1 + 1 and t.pending[VAMP] == 0  # rebellion and injuries, always known
    lost = outcome(s, ATTACK_PATROL0 + 1, lambda t: t.pos[VAMP] == CLINIC)
    assert lost.jail_years[VAMP] == 1 and lost.ppos[1] == STREET  # L77


def test_no_stickup_with_a_patrol_in_the_shop() -> None:
    # L36 (S15 "not with a patrol on the square"); L40 vamping still allowed.
    s = at_round(new_alive(), 4)
    shop = shop_of(s, "basic")
    s.owner[s.geo.shop_index[shop]] = 1
    s.pos[3 + KILLER] = shop
    s.ppos[0] = shop
    stop_at(s, VAMP, shop)
    legal = s.legal_actions()
    assert STICKUP_MONEY not in legal and STICKUP_OWNERSHIP not in legal
    assert kill_action(1, KILLER) not in legal
    assert VAMP0 + 3 + KILLER in legal and ATTACK_PATROL0 in legal
    s.ppos[0] = JAIL
    s._legal = None
    assert {STICKUP_MONEY, STICKUP_OWNERSHIP, kill_action(1, KILLER)} <= set(s.legal_actions())


def test_no_patrol_attack_in_the_first_three_rounds() -> None:
    # L6 "the police is not in play" (S12).
    s = new_alive()
    s.ppos[0] = STREET
    stop_at(s, VAMP, STREET)
    assert not any(a >= KILL0 for a in s.legal_actions())


# -- S32: buying the cops ------------------------------------------------------------------------------


def test_buying_the_cops() -> None:
    # L65 "cops may be purchased for 500 millions, their new owner will play them before each player turn,
    # for all the remaining game"; S32 "at the start of his gang turn pay 500 to the bank".
    s = new_alive()
    give(s, 0, 600)
    give(s, 2, 700)
    start = total_money(s)
    gang_turn(s, 0)
    assert s.phase == COP_OFFER and s.to_act == 0 and s.legal_actions() == [DONE, BUY_COPS]
    assert s.dice == [0] * 12  # before the dice (S4 step 2)
    bank = s.bank
    s.apply(BUY_COPS)
    assert s.cops_owner == 0 and s.money[0] == 100 and s.bank == bank + 500 and total_money(s) == start
    assert s.phase == PATROL_MOVE and s.to_act == 0
    for seat in (1, 2, 3, 0, 1):
        end_turn(s)
        assert s.turn_player == seat
        assert s.phase == PATROL_MOVE and s.to_act == 0  # the owner moves them in every gang turn
    assert s.cops_owner == 0  # seat 2 (700) was never offered them again


def test_cops_not_offered_early_or_without_the_money() -> None:
    # S32 "From round 4 ... if nobody owns the cops"; S34 a payment a gang cannot make is not allowed.
    s = new_alive()
    give(s, 0, 499)
    gang_turn(s, 0)
    assert s.phase == PATROL_MOVE
    s = new_alive()
    give(s, 0, 500)
    gang_turn(s, 0, rnd=3)
    assert s.phase == CHOOSE and s.pdice == [0, 0]


def test_cop_price_option() -> None:
    # S32 "Option cop_price: 500".
    s = new_alive(cop_price=200)
    give(s, 1, 250)
    gang_turn(s, 1)
    assert s.phase == COP_OFFER and action_text(s, BUY_COPS) == "buy the cops for 200"
    s.apply(BUY_COPS)
    assert s.money[1] == 50 and s.cops_owner == 1
    s = new_alive(cop_price=200)
    give(s, 1, 199)
    gang_turn(s, 1)
    assert s.phase == PATROL_MOVE


def test_declining_the_cops() -> None:
    # S32 "a player may ... pay 500": DONE declines; the others are not moved by him.
    s = new_alive()
    give(s, 0, 600)
    gang_turn(s, 0)
    s.apply(DONE)
    assert s.cops_owner == -1 and s.money[0] == 600 and s.phase == PATROL_MOVE
    end_turn(s)
    assert s.turn_player == 1 and s.to_act == 1


@pytest.mark.parametrize(("others", "for_sale"), [(GRAVEYARD, True), (CLINIC, False)])
def test_cops_for_sale_again_when_the_owners_gang_is_dead(others: str, for_sale: bool) -> None:
    # L65 "(except if all his gangsters are killed, in that case police may be bought again)"; S32 "If
    # all his characters are dead at once, the cops are for sale again."
    s = at_round(new_alive(**SURE), 4)
    s.cops_owner = 1
    s.pos[3 + VAMP] = s.pos[3 + DEALER] = others
    s.clinic_left[3 + VAMP] = s.clinic_left[3 + DEALER] = 2
    s.pos[3 + KILLER] = STREET
    stop_at(s, KILLER, STREET)
    t = outcome(s, kill_action(1, KILLER), lambda t: t.pos[3 + KILLER] == GRAVEYARD)
    assert (t.cops_owner == -1) == for_sale
    if for_sale:
        give(t, 2, 500)
        gang_turn(t, 2)
        assert t.phase == COP_OFFER


# -- S36: the police-player variant -----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "gangs", "bank"), [(4, 3, 1000), (5, 4, 1320)])
def test_police_player_seats(players: int, gangs: int, bank: int) -> None:
    # L92 "This enables a game with five players."; S36 "a fifth seat (3-4 gangs) plays the cops ... The
    # bank is that of the number of gangs"; "It has no money."
    s = new(players, police_player=True)
    assert s.players == players and s.gangs == gangs and s.police_seat == gangs
    assert s.bank == bank and len(s.money) == gangs and len(s.pos) == 3 * gangs
    v = s.view(gangs)
    assert v["police_seat"] == gangs and len(v["gangs"]) == gangs
    seen = set()
    while s.round < 3:
        seen.add(s.turn_player)
        step(s)
    assert seen == set(range(gangs))  # the police has no gang turn of its own


def test_police_player_counts_checked() -> None:
    # L1 "For 3 - 4 players."; S36: 3-4 gangs plus the police.
    with pytest.raises(OptionError):
        new(3, police_player=True)
    with pytest.raises(OptionError):
        new(6, police_player=True)
    with pytest.raises(OptionError):
        new(5)


def test_police_player_moves_both_patrols_in_every_gang_turn() -> None:
    # L89 "their actions conducted by only one person"; S36 "it moves both patrols in every gang turn
    # (L89), from round 4"; L90 "Of course, cops cannot be bought."
    s = new_alive(5, police_player=True)
    give(s, 0, 900)
    while s.round < 4:
        assert s.phase not in POLICE_PHASES
        step(s)
    for seat in (0, 1, 2, 3, 0):
        assert s.turn_player == seat and s.phase == PATROL_MOVE and s.to_act == 4
        assert s.patrol == 0 and all(s.pdice)
        s.apply(s.legal_actions()[0])
        while s.phase == PATROL_ACT:  # L87: innocents may be taken; the police declines here
            assert s.to_act == 4
            step(s)
        assert s.phase == PATROL_MOVE and s.patrol == 1 and s.to_act == 4
        end_turn(s)
    assert s.cops_owner == -1 and s.money[0] >= 900  # never offered (L90)


def test_police_player_takes_innocents_into_custody() -> None:
    # L87 "she can bring any innocent gangster, in police custody, for one turn in jail, where he
    # restarts on the next turn." (S36)
    s = new_alive(4, police_player=True)
    s.pos[VAMP] = STREET
    s.pos[3 + KILLER], s.record[3 + KILLER] = STREET, 2
    s.pos[6:9] = [FAR] * 3  # (others free: not yet the police player's win, L91)
    gang_turn(s, 2)
    patrol_stop(s, STREET)
    assert s.to_act == 3 and s.legal_actions() == [DONE, arrest(VAMP), arrest(3 + KILLER)]
    hole = s.geo.manholes[0]
    s.pos[DEALER], s.ppos[1] = hole, hole
    assert arrestable(s, 1) == []  # S36 "(empty record, not on a manhole)"
    s.pos[DEALER], s.ppos[1] = FAR, JAIL
    s.apply(arrest(VAMP))
    assert s.phase == PATROL_ACT  # no surrender or rebel: custody
    assert s.pos[VAMP] == JAIL and s.jail_years[VAMP] == 1 and s.record[VAMP] == 0
    s.apply(arrest(3 + KILLER))  # a criminal still chooses (S30)
    assert s.phase == ARRESTED and s.to_act == 1
    s.apply(SURRENDER)
    assert s.pos[3 + KILLER] == JAIL and s.jail_years[3 + KILLER] == 2
    # he restarts from the jail: leaves by his die
    play_until(s, lambda t: t.turn_player == 0 and t.phase == CHOOSE and not t.moved[VAMP])
    die = s.dice[VAMP]
    s.apply(char_action(0, VAMP))
    assert {m.end for m in move_options(s, VAMP).values()} == \
        {m.end for m in moves_from_jail(s.geo.board, die, die)}


def test_police_player_wins_when_every_gangster_is_neutralized() -> None:
    # L91 "The player wins as soon as all the gangsters are in the graveyard, the clinic or jail."; L2;
    # S36-S37 (3); one point to the winner.
    s = new_alive(4, police_player=True)
    s.pos = [GRAVEYARD, CLINIC, JAIL] * 3
    s.clinic_left = [2] * 9
    s.jail_years = [2] * 9
    s.pos[6 + DEALER] = STREET
    gang_turn(s, 0)
    assert not s.is_over
    patrol_stop(s, STREET)
    s.apply(arrest(6 + DEALER))
    assert s.is_over and s.winner == 3 and s.to_act is None
    r = s.result()
    assert r.winners == (3,) and r.scores == (0, 0, 0, 1) and r.ranks[3] == 1


# -- S35: the turn clock --------------------------------------------------------------------------------


def test_time_up_needs_the_turn_clock() -> None:
    # S35 "Option turn_clock: 0 seconds (default, off)".
    s = new_alive()
    assert TIME_UP not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(TIME_UP)
    s = new_alive(turn_clock=240)
    assert s.legal_actions() == [CHAR0, CHAR0 + 1, CHAR0 + 2, TIME_UP]
    s.apply(CHAR0)
    assert s.phase == MOVE and TIME_UP not in s.legal_actions()


def clocked() -> SupergangState:
    """Round 4, seat 0: the killer has moved; the vamp and the dealer are on the street, not moved; the
    clock runs out."""
    s = at_round(new_alive(turn_clock=240), 4)
    s.pos[VAMP], s.pos[DEALER] = NEAR, FAR
    s.record[DEALER] = 2
    stop_at(s, KILLER, STREET)
    s.apply(DONE)
    s.apply(TIME_UP)
    return s


def test_time_up_sends_the_unmoved_characters_to_the_jail() -> None:
    # L86 "Time limitation : ... each non moved character goes for the next turn in jail." (S35)
    s = clocked()
    assert s.pos[KILLER] == STREET and s.record[VAMP] == 0
    assert s.pos[VAMP] == s.pos[DEALER] == JAIL and s.jail_years[VAMP] == s.jail_years[DEALER] == 1
    assert s.record[DEALER] == 2  # S35 "The record of the jailed characters stays (it is not a conviction)"
    assert s.turn_player == 1


def test_time_up_costs_the_next_gang_turn() -> None:
    # S35 "every character of the gang not yet moved goes to the jail and spends the next gang turn there."
    s = clocked()
    assert sit_out(s, VAMP) == [JAIL, JAIL]


# -- S37: victory and the result -----------------------------------------------------------------------------


def lone_gang(others: str, players: int = 4, **options: object) -> SupergangState:
    """Seat 0's turn of round 3: its killer on the street, every character of the other gangs in `others`
    for a long stay; then passive play up to the start of round 4 (S4: a new round)."""
    s = new(players, **options)
    s.pos[KILLER] = STREET
    for c in range(3, len(s.pos)):
        s.pos[c], s.jail_years[c], s.clinic_left[c] = others, 9, 9
    gang_turn(s, 0, rnd=3)
    while s.round == 3:
        assert not s.is_over  # S37: from round 4 only (designed, L6)
        step(s)
    return s


@pytest.mark.parametrize("others", [JAIL, CLINIC, GRAVEYARD])
def test_last_gang_with_a_free_character_wins_from_round_4(others: str) -> None:
    # S37 (2) "every other gang has no free character while this gang has one: it wins (notes; designed:
    # "free" per the conventions)" (neutralized = jail, clinic or graveyard); one point to the winner.
    s = lone_gang(others)
    assert s.round == 4 and s.is_over and s.winner == 0 and s.to_act is None
    r = s.result()
    assert r.winners == (0,) and r.scores == (1, 0, 0, 0) and r.breakdown[0] == {"victory": 1}


def test_last_gang_wins_by_a_killing() -> None:
    # S37 "Checked after every action": the last free character of the last rival gang killed.
    s = at_round(new(**SURE), 4)
    s.pos[3:] = [GRAVEYARD] * 9
    s.pos[6 + VAMP] = STREET
    stop_at(s, KILLER, STREET)
    assert not s.is_over
    t = outcome(s, kill_action(2, VAMP), lambda t: t.pos[6 + VAMP] == GRAVEYARD)
    assert t.is_over and t.winner == 0 and t.result().scores == (1, 0, 0, 0)


@pytest.mark.parametrize(("others", "over"), [(JAIL, False), (CLINIC, False), (GRAVEYARD, True)])
def test_last_gang_alive_option(others: str, over: bool) -> None:
    # S37 option last_gang "alive": "a gang is out only when all its characters are in the graveyard".
    s = lone_gang(others, last_gang="alive")
    if not over:
        step(s)
    assert s.round == 4 and s.is_over == over and s.winner == (0 if over else -1)


def test_no_last_gang_win_with_the_police_player() -> None:
    # S37 "With the police player the last-gang win is off (designed: otherwise the police could never
    # win)".
    s = lone_gang(JAIL, players=4, police_player=True)
    step(s)
    assert s.round == 4 and not s.is_over and s.winner == -1


def test_the_last_gang_win_is_checked_after_a_time_up() -> None:
    # S37 "Checked after every action" (a review found the check skipped after "time is up", S35).
    s = SupergangState.new(3, 200016, {"turn_clock": 240, "turn_limit": 8})
    actions = [5, 263, 1051, 4, 263, 1051, 6, 413, 1051, 1118, 2, 436, 0, 3, 409, 1051, 1118, 4, 660, 1052,
               5, 198, 1051, 1118, 2, 529, 1051, 3, 452, 1051, 1118, 9, 413, 1051, 7, 331, 1051, 8, 218,
               1051]
    for action in actions:
        s.apply(action)
    assert not s.is_over
    s.apply(TIME_UP)
    assert s.is_over and s.winner == 2 and s.round == 4


def test_the_last_gang_win_is_checked_after_vamping() -> None:
    # S37 (2) "every other gang has no free character while this gang has one" and the conventions:
    # a character vamped away from its gang is not free (L41). Vamping a gang's last free character wins.
    s = at_round(new(3, 1, last_gang="free"), 5)
    s.pos = [GRAVEYARD] * 9
    s.pos[KILLER] = s.pos[VAMP] = "s00_02"
    s.pos[3 + KILLER] = "s02_04"
    stop_at(s, VAMP, "s02_04")
    assert not s.is_over and VAMP0 + 3 + KILLER in s.legal_actions()
    s.apply(VAMP0 + 3 + KILLER)
    assert s.is_over and s.winner == 0


# -- S50-S52: the police player's bot ---------------------------------------------------------------


def police_choice(s: SupergangState) -> int:
    """What the heuristic bot in the police seat (S36) chooses in the decision `s` waits for."""
    s._legal = None
    return SupergangHeuristicBot(s.police_seat).choose(s, s.police_seat)


def police_patrol_from(s: SupergangState, square: str) -> None:
    """Put the patrol to be moved on `square` with a die of 1 (its stops: the neighbours)."""
    assert s.phase == PATROL_MOVE
    p = s.patrol
    s.ppos[p], s.pprev[p], s.pentry[p], s.pdice[p] = square, None, None, 1


def hunt_state(free: dict[int, str], records: dict[int, int] | None = None) -> SupergangState:
    """Three gangs and the police (seat 3) in round 4, seat 0's gang turn, patrol 1 to move: the
    characters of `free` at their squares, the others in the graveyard, the jail or the clinic."""
    s = new_alive(4, police_player=True)
    s.pos = [GRAVEYARD, CLINIC, JAIL] * 3
    s.clinic_left, s.jail_years = [2] * 9, [2] * 9
    for c, where in free.items():
        s.pos[c] = where
    for c, years in (records or {}).items():
        s.record[c] = years
    gang_turn(s, 0)
    assert s.to_act == 3 and s.phase == PATROL_MOVE
    return s


def stop_of(s: SupergangState, action: int) -> str:
    return patrol_options(s, s.patrol)[action].end


def test_police_bot_takes_the_last_free_gangsters_and_wins() -> None:
    # L91 "The player wins as soon as all the gangsters are in the graveyard, the clinic or jail."; L87
    # custody of innocents; S50: the stop that takes every gangster still free wins outright.
    s = hunt_state({3 + VAMP: STREET, 6 + DEALER: STREET})
    police_patrol_from(s, NEAR)
    choice = police_choice(s)
    assert stop_of(s, choice) == STREET
    s.apply(choice)
    while not s.is_over:
        assert s.phase == PATROL_ACT
        s.apply(police_choice(s))
    assert s.winner == 3


def test_police_bot_prefers_the_gangster_who_stays_out_longest() -> None:
    # L66 "1 year means 1 turn without playing", L87 custody is "for one turn": S50 values a catch by
    # the turns it keeps the gangster out, so a dealer with three years beats an innocent.
    s = hunt_state({3 + VAMP: STREET, 6 + DEALER: FAR, 3 + KILLER: "s25_12"}, {6 + DEALER: 3})
    police_patrol_from(s, NEAR)
    assert stop_of(s, police_choice(s)) == FAR


def test_police_bot_takes_innocents_before_rebels() -> None:
    # L87: custody of an innocent has no surrender or rebellion; S30: a criminal may rebel and shoot the
    # patrol out (L60). S52: the sure catch first, then the criminal.
    s = hunt_state({3 + VAMP: STREET, 6 + KILLER: STREET, 3 + KILLER: "s25_12"}, {6 + KILLER: 1})
    police_patrol_from(s, NEAR)
    s.apply(next(a for a, m in patrol_options(s, s.patrol).items() if m.end == STREET))
    assert s.phase == PATROL_ACT
    assert police_choice(s) == arrest(3 + VAMP)


def test_police_bot_counts_the_turn_a_gangster_is_about_to_play() -> None:
    # S36: a gangster taken in his own gang's turn, before he moves, loses that turn too; S50.
    s = hunt_state({VAMP: STREET, 3 + VAMP: FAR, 6 + VAMP: "s25_12"})
    hunt = Hunt(Planner(s, 3, s.legal_actions()))
    assert s.turn_player == 0 and not s.moved[VAMP]
    assert hunt.catch(VAMP) > hunt.catch(3 + VAMP)
    police_patrol_from(s, NEAR)
    assert stop_of(s, police_choice(s)) == STREET


def test_police_bot_holds_the_missing_shop_of_a_district() -> None:
    # S51: a gang owning all shops but one of a district wins by taking the last (notes; S37) and ends
    # the game before L91; a patrol in that shop bars the stick-up for ownership (L36).
    s = hunt_state({6 + DEALER: "s25_12"})
    red = [i for i, sid in enumerate(s.geo.shops) if s.geo.board.shops[sid].district == "R"]
    for i in red:
        s.owner[i] = 0
    s.owner[s.geo.shop_index["R8"]] = 1
    police_patrol_from(s, "s07_00")
    assert stop_of(s, police_choice(s)) == "R8"


@pytest.mark.parametrize(("years", "choice"), [(1, SURRENDER), (3, SURRENDER), (12, REBEL)])
def test_bot_rebels_only_against_a_long_stay(years: int, choice: int) -> None:
    # S30: surrender (the record's years in the jail) or rebel against the patrol's two dice (L59); a
    # rebel who loses goes to the clinic then the jail (L77) or to the graveyard (L78).
    s = hunt_state({KILLER: STREET, 3 + KILLER: "s25_12"}, {KILLER: years})
    police_patrol_from(s, NEAR)
    s.apply(next(a for a, m in patrol_options(s, s.patrol).items() if m.end == STREET))
    s.apply(arrest(KILLER))
    assert s.phase == ARRESTED and s.to_act == 0
    assert SupergangHeuristicBot(0).choose(s, 0) == choice


def test_the_bot_buys_the_cops_late_in_a_long_game_but_not_just_before_the_limit() -> None:
    # L65 "for all the remaining game": the bot buys them with money to spare whenever enough of the game
    # is left to use them, judged by the turn limit (a safety net, S47), not by the bot's own income
    # horizon (S55), which ends at round 15 while games go on.
    for rnd, limit, bought in ((25, 100, True), (25, 0, True), (97, 100, False)):
        s = new_alive(turn_limit=limit)
        give(s, 0, 900)
        gang_turn(s, 0, rnd=rnd)
        assert s.phase == COP_OFFER
        bot = SupergangHeuristicBot(seed=1)
        action = bot.choose(s, s.to_act)
        assert (action == BUY_COPS) is bought, (rnd, limit, action)
