"""Supergang's fights slice: the coward attack, the stick-up, the gangland killing, and what follows a
duel. Each test quotes the fragment line (supergang-en-fragment.txt, L1-L94) or the decision of
docs/rules/supergang.md (S1-S44) it checks.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from gangland.engine.errors import OptionError
from gangland.games.supergang.actions import (
    COWARD,
    DONE,
    FIRE,
    KILL0,
    NUM_ACTIONS,
    RACKET,
    STICKUP_MONEY,
    STICKUP_OWNERSHIP,
    VAMP0,
    action_text,
    char_action,
    kill_action,
)
from gangland.games.supergang.constants import CLINIC, DEALER, GRAVEYARD, KILLER, VAMP
from gangland.games.supergang.phases import ACT, CHOOSE, PATROL_MOVE
from gangland.games.supergang.state import SupergangState
from gangland.games.supergang.table import available
from gangland.games.supergang.turn import end_stop

from .test_state import new as new_game
from .test_state import shop_of, stop_at, total_money


def new(players: int = 4, seed: int = 1, **options: object) -> SupergangState:
    """A game with seat 0 first. These tests put a few characters on the board by hand and leave the
    others in the jail: with the default reading of the last-gang win ("free", S37) a lone free gang
    would win at once from round 4, so the "alive" reading is used."""
    return new_game(players, seed, **{"last_gang": "alive", **options})

SURE = {"dart_hit": 1.0, "dart_dead": 1.0}
"""Every dart hits and kills: the first gunner wins at once."""


def street(s: SupergangState) -> str:
    return "s02_04"


def outcome(s: SupergangState, action: int, want: Callable[[SupergangState], bool]) -> SupergangState:
    """A copy of `s` after `action`, its generator re-seeded until the duel ends as `want` says. An attack
    declared on one target (`KILL0 + t`) opens fire at once (S40)."""
    for seed in range(500):
        t = s.clone()
        t._rng = seed
        t.apply(action)
        if t.aim:
            t.apply(FIRE)
        if want(t):
            return t
    raise AssertionError("no such outcome")


def defender_dice(s: SupergangState) -> int:
    """How many dice the defenders threw in the last duel (one per fighter, S21)."""
    throw = next(e for e in reversed(s.events) if "defenders throw " in e)
    return throw.split("defenders throw ")[1].split(" =")[0].split(" +")[0].count("+") + 1


def years(s: SupergangState, c: int) -> int:
    """Crimes committed, noticed or not (S28-S29)."""
    return s.record[c] + s.pending[c]


def at_round(s: SupergangState, rnd: int) -> SupergangState:
    s.round = rnd
    s._legal = None
    return s


# -- the action space ----------------------------------------------------------------------------------


def test_new_ids_are_appended() -> None:
    # actions.py: new ids come after the destinations, so earlier ids keep their meaning.
    assert (COWARD, STICKUP_MONEY, STICKUP_OWNERSHIP, KILL0) == (1051, 1052, 1053, 1054)
    assert kill_action(3, 2) == 1065 < NUM_ACTIONS
    s = new()
    assert action_text(s, COWARD) == "coward attack"
    assert action_text(s, kill_action(1, VAMP)) == "attack ⟨s1⟩'s vamp"


def test_duel_options_checked() -> None:
    # Section 4: dart_hit 0.05-1, dart_dead 0-1, duel_max_volleys 1-1000, killer_bonus, dart_target.
    for bad in ({"dart_hit": 0.0}, {"dart_hit": 1.5}, {"dart_dead": -1}, {"duel_max_volleys": 0},
                {"killer_bonus": "gun"}, {"dart_target": "me"}, {"early_stickup": 1}):
        with pytest.raises(OptionError):
            new(**bad)
    s = new(dart_hit=0.25, killer_bonus="shot")
    assert s.duel_options.dart_hit == 0.25 and s.duel_options.killer_bonus == "shot"


# -- 1. the coward attack -------------------------------------------------------------------------------


def test_coward_attack_on_a_street_square() -> None:
    # L17 "Victims are defenceless. ... it yields 10 millions, given by the bank to the assaillant."
    # S19: a street square, a crime (1 year), allowed in rounds 1-3 (S12).
    s = new()
    assert s.round == 1
    stop_at(s, VAMP, street(s))
    c = 3 * s.turn_player + VAMP
    assert s.phase == ACT and s.legal_actions() == [DONE, COWARD]
    bank = s.bank
    s.apply(COWARD)
    assert s.money[0] == 10 and s.bank == bank - 10
    # L66 "COWARD Attacks 1 year"; S29: with no witness the crime waits, unnoticed, on its square
    assert s.pending[c] == 1 and s.record[c] == 0
    assert s.phase == CHOOSE  # S11: each action at most once; nothing else to do
    assert s.view(None)["gangs"][0]["characters"]["vamp"]["pending"] == 1


def test_no_coward_attack_in_a_shop() -> None:
    # S19 "a character stopping on a street square".
    s = new()
    stop_at(s, VAMP, shop_of(s, "basic"))
    assert COWARD not in s.legal_actions()


def test_coward_attack_is_paid_by_what_the_bank_has() -> None:
    # S34 "A bank that must pay pays what it has".
    s = new()
    s.money[1] += s.bank - 3
    s.bank = 3
    start = total_money(s)
    stop_at(s, KILLER, street(s))
    s.apply(COWARD)
    assert s.money[0] == 3 and s.bank == 0 and total_money(s) == start


# -- 2. the stick-up ------------------------------------------------------------------------------------


def test_stickup_of_an_unowned_shop_for_money() -> None:
    # L20 "A basic shop is protected by its manager and a successful stick up yields 50 millions."
    # L22 "The stick up implies a duel against the manager(s)."
    # L23 "If the shop belongs to nobody, the bank pays". L66: stick-up 1 year, each murder 2 (S28).
    s = new(**SURE)
    shop = shop_of(s, "basic")
    stop_at(s, KILLER, shop)
    assert STICKUP_MONEY in s.legal_actions() and STICKUP_OWNERSHIP not in s.legal_actions()
    bank = s.bank
    t = outcome(s, STICKUP_MONEY, lambda t: t.pos[0] == shop)
    assert any("manager1" in e for e in t.events) and not any("manager2" in e for e in t.events)
    assert t.money[0] == 50 and t.bank == bank - 50
    assert years(t, 0) == 1 + 2
    assert t.robbed == {t.geo.shop_index[shop]}
    assert STICKUP_MONEY not in t.legal_actions()  # L38: one dice throw a stop


def test_marked_shop_has_two_managers_and_yields_100() -> None:
    # L21 "A shop with initials ... is defended by two managers and a successful stick up yields 100".
    # L50 "There are two in each shop with initial(s)." L51 "two blue dices (shop with initial)".
    s = new(**SURE)
    shop = shop_of(s, "T")
    stop_at(s, DEALER, shop)
    t = outcome(s, STICKUP_MONEY, lambda t: t.pos[DEALER] == shop)
    assert any("manager2" in e for e in t.events)
    assert t.money[0] == 100 and years(t, DEALER) == 1 + 2 + 2


def test_owner_pays_what_he_has() -> None:
    # L23 "if the shop belongs to a gang, he pays"; S34: "the victim of a stick-up ... pays all it has".
    s = new(**SURE)
    shop = shop_of(s, "star")
    s.owner[s.geo.shop_index[shop]] = 1
    s.money[1], s.bank = 30, s.bank - 30
    start = total_money(s)
    stop_at(s, KILLER, shop)
    t = outcome(s, STICKUP_MONEY, lambda t: t.pos[0] == shop)
    assert t.money[0] == 30 and t.money[1] == 0 and total_money(t) == start


def test_failed_stickup_injured_to_the_clinic() -> None:
    # S24 "Injured gangsters go to the clinic"; S15: success = every manager shot down.
    s = new(dart_hit=1.0, dart_dead=0.0)
    shop = shop_of(s, "basic")
    stop_at(s, VAMP, shop)
    t = outcome(s, STICKUP_MONEY, lambda t: t.pos[VAMP] == CLINIC)
    assert t.money[0] == 0 and years(t, VAMP) == 1 and not t.robbed
    assert t.phase == CHOOSE  # S24 "If the attackers are all down, the action ends."
    assert t.prev[VAMP] is None and t.entry[VAMP] is None
    # L25: after a failure another character of the gang may try.
    stop_at(t, KILLER, shop)
    assert STICKUP_MONEY in t.legal_actions()


def test_failed_stickup_dead_to_the_graveyard() -> None:
    # L78 "Killed gangsters are put in the graveyard, ... their police record is erased."
    s = new(**SURE)
    s.record[KILLER] = 4
    stop_at(s, KILLER, shop_of(s, "basic"))
    t = outcome(s, STICKUP_MONEY, lambda t: t.pos[KILLER] == GRAVEYARD)
    assert years(t, KILLER) == 0 and t.phase == CHOOSE


def test_once_per_shop_per_gang_turn() -> None:
    # L25 "During his turn of play a gang may succeed only once in the stick up of the same shop."
    s = new(**SURE)
    shop = shop_of(s, "basic")
    stop_at(s, KILLER, shop)
    t = outcome(s, STICKUP_MONEY, lambda t: t.pos[0] == shop)
    t.apply(DONE)
    stop_at(t, VAMP, shop)
    assert STICKUP_MONEY not in t.legal_actions()
    t.apply(DONE)
    t.apply(char_action(0, DEALER))
    while t.turn_player != 1:
        t.apply(DONE if DONE in t.legal_actions() else t.legal_actions()[0])
    assert not t.robbed  # a new gang turn


def test_managers_are_replaced() -> None:
    # L79 "Killed or injuried managers are considered as being replaced for the next duel."
    s = new(**SURE)
    shop = shop_of(s, "T")
    stop_at(s, KILLER, shop)
    t = outcome(s, STICKUP_MONEY, lambda t: t.pos[0] == shop)
    t.apply(DONE)
    stop_at(t, VAMP, shop)
    t.robbed.clear()  # as in the gang's next turn
    t._legal = None
    u = outcome(t, STICKUP_MONEY, lambda u: u.pos[VAMP] == shop)
    assert any("manager2" in e for e in u.events) and defender_dice(u) == 2


def test_no_stickup_of_ones_own_shop() -> None:
    # S15 "not in his gang's own shop".
    s = new()
    shop = shop_of(s, "basic")
    s.owner[s.geo.shop_index[shop]] = 0
    stop_at(s, KILLER, shop)
    assert STICKUP_MONEY not in s.legal_actions() and STICKUP_OWNERSHIP not in s.legal_actions()


def test_stickup_for_ownership() -> None:
    # L24 "A shop belonging to an other gang may also be stick up for ownership ... If the attacker
    # succeeds ..., the ownership token is changed."; L32: the pawns lining it change colour.
    s = new(**SURE)
    shop = shop_of(s, "basic")
    i = s.geo.shop_index[shop]
    s.owner[i] = 2
    s.tokens[2] -= 1
    sec = s.geo.board.sections_lining(shop)[0]
    s.pawns[sec] = 2
    stop_at(s, VAMP, shop)
    assert STICKUP_OWNERSHIP in s.legal_actions()
    t = outcome(s, STICKUP_OWNERSHIP, lambda t: t.pos[VAMP] == shop)
    assert t.owner[i] == 0 and t.tokens[0] == 14 and t.tokens[2] == 15
    assert t.pawns[sec] == 0 and t.money == s.money


def test_stickup_for_ownership_needs_a_token() -> None:
    # S13 "with none left, the gang must first take back one of its tokens" (not yet implemented).
    s = new()
    shop = shop_of(s, "basic")
    s.owner[s.geo.shop_index[shop]] = 1
    s.tokens[0] = 0
    stop_at(s, KILLER, shop)
    assert STICKUP_MONEY in s.legal_actions() and STICKUP_OWNERSHIP not in s.legal_actions()


def test_stickup_of_a_racketed_shop_removes_the_racket() -> None:
    # L54 "If the stick up succeeds, the racket token of the defender is removed. He may be replaced by
    # a racket token from the attacker."
    s = new(**SURE)
    shop = shop_of(s, "basic")
    i = s.geo.shop_index[shop]
    s.racket[i] = 3
    s.tokens[3] -= 1
    stop_at(s, KILLER, shop)
    t = outcome(s, STICKUP_MONEY, lambda t: t.pos[0] == shop)
    assert t.racket[i] == -1 and t.tokens[3] == 15
    assert RACKET in t.legal_actions()


def test_early_stickup_option() -> None:
    # S12 option early_stickup: true (default: managers are not "each other") / false.
    s = new(early_stickup=False)
    shop = shop_of(s, "basic")
    stop_at(s, KILLER, shop)
    assert STICKUP_MONEY not in s.legal_actions()
    assert STICKUP_MONEY in at_round(s, 4).legal_actions()


# -- 3. the gangland killing ------------------------------------------------------------------------------


def test_no_killing_in_the_first_three_rounds() -> None:
    # L6 "During the three first turns, gangsters have not the right to harm each other".
    s = new()
    sq = street(s)
    s.pos[3 + KILLER] = sq
    stop_at(s, VAMP, sq)
    assert s.legal_actions() == [DONE, COWARD]
    assert at_round(s, 4).legal_actions() == [DONE, COWARD, kill_action(1, KILLER), VAMP0 + 3 + KILLER]


def test_killing_in_the_street() -> None:
    # L26 "The gangland killing may take place in the street or in a shop."; S24, S28: 2 years a murder.
    s = at_round(new(**SURE), 4)
    sq = street(s)
    s.pos[3 + DEALER] = sq
    s.pos[6 + VAMP] = sq
    s.pos[VAMP] = sq  # own gang: never a target
    stop_at(s, KILLER, sq)
    assert s.legal_actions() == [DONE, COWARD, kill_action(1, DEALER), kill_action(2, VAMP)]
    t = outcome(s, kill_action(1, DEALER), lambda t: t.pos[3 + DEALER] == GRAVEYARD)
    assert t.pos[KILLER] == sq and years(t, KILLER) == 2
    assert t.phase == ACT and t.legal_actions() == [DONE, COWARD]  # L38: one duel a stop
    t.apply(COWARD)
    assert years(t, KILLER) == 3


def test_killing_attacker_loses() -> None:
    # S24: the attacker injured goes to the clinic; the defender's shots are no crime (S28).
    s = at_round(new(dart_hit=1.0, dart_dead=0.0), 4)
    sq = street(s)
    s.pos[3 + VAMP] = sq
    stop_at(s, DEALER, sq)
    t = outcome(s, kill_action(1, VAMP), lambda t: t.pos[DEALER] == CLINIC)
    assert t.pos[3 + VAMP] == sq and t.record[3 + VAMP] == 0 and years(t, DEALER) == 0
    assert t.phase == CHOOSE
    assert kill_action(0, DEALER) not in t.legal_actions()


def test_managers_join_only_for_their_owner() -> None:
    # L27 "In shops, the managers are concerned by the duel only if their owners are implied."; L55.
    s = at_round(new(**SURE), 4)
    shop = shop_of(s, "T")
    i = s.geo.shop_index[shop]
    s.pos[3 + KILLER] = shop
    s.pos[6 + KILLER] = shop
    s.owner[i] = 1
    stop_at(s, VAMP, shop)
    t = outcome(s, kill_action(1, KILLER), lambda t: True)
    assert any("defended by 2 manager(s)" in e for e in t.events) and defender_dice(t) == 3
    t = outcome(s, kill_action(2, KILLER), lambda t: True)
    assert not any("manager" in e for e in t.events) and defender_dice(t) == 1


def test_killer_bonus_in_a_killing() -> None:
    # L81 "the killer has a bonus of two points on dices for the duels." (S23)
    s = at_round(new(), 4)
    sq = street(s)
    s.pos[3 + VAMP] = sq
    stop_at(s, KILLER, sq)
    t = outcome(s, kill_action(1, VAMP), lambda t: True)
    assert any("+2 (killer)" in e for e in t.events)


def test_off_board_characters_are_skipped_and_not_targets() -> None:
    # S4 "A gang with no available character still plays steps 1-4"; S24-S26.
    s = at_round(new(), 4)
    s.pos[3:6] = [GRAVEYARD, CLINIC, GRAVEYARD]
    s.clinic_left[4] = 2
    s.owner[0] = 1
    for role in range(3):
        s.apply(char_action(0, role))
        s.apply(s.legal_actions()[0])
        while s.phase == ACT:
            assert all(a < KILL0 + 3 or a >= KILL0 + 6 for a in s.legal_actions())
            s.apply(DONE)
    assert s.turn_player == 1 and s.to_act == 1 and s.phase == PATROL_MOVE  # L62: "still plays cops"
    while s.turn_player == 1:
        s.apply(s.legal_actions()[0])
    assert s.turn_player == 2  # seat 1 had nobody to move
    assert s.money[1] == 10  # but earned its shop's income


def test_game_ends_when_every_character_is_dead() -> None:
    # Not a rule: with every character in the graveyard nobody can ever recruit (S17 needs a free
    # character), so the game ends; a character in the clinic comes back (S25), so it does not.
    s = new()
    s.pos = [GRAVEYARD] * 11 + [CLINIC]
    s.moved = [True] * 12
    end_stop(s)
    assert not s.is_over
    s = new()
    s.pos = [GRAVEYARD] * 12
    s.moved = [True] * 12
    end_stop(s)
    assert s.is_over and s.to_act is None and s.winner == -1


@pytest.mark.parametrize("players", [3, 4])
def test_random_fights_conserve_money(players: int) -> None:
    # S34 "money is conserved"; the fallen never move (S24).
    fought = 0
    for seed in range(8):
        s = SupergangState.new(players, seed, {"turn_limit": 30, "dart_hit": 0.8})
        start = total_money(s)
        rng = random.Random(seed)
        while not s.is_over:
            legal = s.legal_actions()
            assert legal == sorted(legal) and all(0 <= a < NUM_ACTIONS for a in legal)
            fights = [a for a in legal if a >= STICKUP_MONEY]
            action = rng.choice(fights) if fights and rng.random() < 0.7 else rng.choice(legal)
            fought += action in fights
            s.apply(action)
            assert s.bank >= 0 and min(s.money) >= 0 and total_money(s) == start
            assert all(t >= 0 for t in s.tokens)
            if s.actor >= 0 and s.phase != ACT:
                assert available(s, s.actor)
    assert fought > 20


# -- duels side against side (S40-S43) ------------------------------------------------------------------


def attacker_throw(s: SupergangState) -> str:
    """The attackers' part of the last duel's deciding throw ("attackers throw 3+5 +2 (killer) = 10")."""
    throw = next(e for e in reversed(s.events) if e.startswith("attackers throw "))
    return throw.split(";")[0]


def attacker_dice(s: SupergangState) -> int:
    return attacker_throw(s).split("attackers throw ")[1].split(" =")[0].split(" +")[0].count("+") + 1


def test_several_targets_one_dice_throw_per_stop() -> None:
    # L38 "he may only do one dice throw against the character(s) he decides to attack": the first target
    # opens the declaration, more may join it, then the side opens fire once; no other duel at this stop.
    s = at_round(new(**SURE), 4)
    sq = street(s)
    s.pos[3 + DEALER] = sq
    s.pos[6 + VAMP] = sq
    stop_at(s, KILLER, sq)
    s.apply(kill_action(1, DEALER))
    assert s.phase == ACT and s.aim == [3 + DEALER]
    assert s.legal_actions() == [kill_action(2, VAMP), FIRE]  # no done, no other action mid-declaration
    s.apply(kill_action(2, VAMP))
    assert s.legal_actions() == [FIRE]
    t = outcome(s, FIRE, lambda t: t.pos[3 + DEALER] == GRAVEYARD and t.pos[6 + VAMP] == GRAVEYARD)
    assert sum(e.startswith("attackers throw ") for e in t.events) == 1 and defender_dice(t) == 2
    assert t.aim == [] and years(t, KILLER) == 2 + 2  # S28: two murders
    assert t.phase == ACT and t.legal_actions() == [DONE, COWARD]


def test_every_involved_character_is_a_target_the_attacked_vamps_captive_too() -> None:
    # L67 "All targets of the involved characters in the duel are placed ..., attacked on the right side";
    # L45 "In case of ... murder, the vamp and his vamped are always considered as accomplices": attacking
    # gang 1's vamp brings in the gang-2 dealer it holds, who is then not offered as another target.
    s = at_round(new(**SURE), 4)
    sq = street(s)
    s.pos[3 + VAMP] = s.pos[6 + DEALER] = sq
    s.captor[6 + DEALER] = 3 + VAMP
    stop_at(s, KILLER, sq)
    s.apply(kill_action(1, VAMP))
    assert s.legal_actions() == [FIRE]
    t = outcome(s, FIRE, lambda t: t.pos[6 + DEALER] == GRAVEYARD)
    assert defender_dice(t) == 2


def test_the_attacking_side_the_vamps_captive_and_the_players_characters_on_the_square() -> None:
    # L45 the vamp and his vamped are accomplices; L68 "The attacker then the defender throws the number of
    # dices corresponding to their characters"; L81 each killer's +2 (S41: here two, the gang's own and
    # the gang-1 killer its vamp holds). S40 `duel_allies`: "square" (default) brings every character the
    # player plays on the square, "accomplices" only the attacker and its vamp or captive.
    for allies, dice, bonus in (("square", 3, "+4 (killers)"), ("accomplices", 2, "+2 (killer)")):
        s = at_round(new(duel_allies=allies), 4)
        sq = street(s)
        s.pos[KILLER] = s.pos[3 + KILLER] = s.pos[6 + DEALER] = sq
        s.captor[3 + KILLER] = VAMP
        s.moved[KILLER] = True
        stop_at(s, VAMP, sq)
        s.apply(kill_action(2, DEALER))
        t = outcome(s, FIRE, lambda t: True)
        assert attacker_dice(t) == dice and bonus in attacker_throw(t), allies
        assert t.events[1].startswith("attackers throw ")  # L68: the attacker first


def test_the_stickup_accomplices_fight_and_are_charged() -> None:
    # L22 "The stick up implies a duel against the manager(s)"; L45 "In case of stick up ..., the vamp and
    # his vamped are always considered as accomplices": the captive in the shop fights beside the vamp
    # (two dice against the manager's one, L51) and both are charged (S42).
    s = at_round(new(**SURE), 4)
    shop = shop_of(s, "basic")
    s.pos[3 + DEALER] = shop
    s.captor[3 + DEALER] = VAMP
    stop_at(s, VAMP, shop)
    t = outcome(s, STICKUP_MONEY, lambda t: t.pos[VAMP] == t.pos[3 + DEALER] == shop)
    assert attacker_dice(t) == 2 and defender_dice(t) == 1
    assert years(t, VAMP) == years(t, 3 + DEALER) == 1 + 2  # the stick-up and the manager's murder


def test_the_darts_are_the_difference_of_the_sides_totals() -> None:
    # L70 "he fires at the targets as many arrows as points of difference between the two results".
    s = at_round(new(), 4)
    sq = street(s)
    s.pos[3 + DEALER] = s.pos[3 + VAMP] = sq
    stop_at(s, KILLER, sq)
    s.apply(kill_action(1, DEALER))
    s.apply(kill_action(1, VAMP))
    for seed in range(20):
        t = s.clone()
        t._rng = seed
        t.apply(FIRE)
        throw = next(e for e in reversed(t.events) if e.startswith("attackers throw "))
        totals = [int(part.rsplit("= ", 1)[1]) for part in throw.split("; ")]
        volley = next(e for e in t.events if "a volley" in e)
        assert int(volley.split(", ")[1].split(" ")[0]) == abs(totals[0] - totals[1])


def test_a_fallen_vamps_captive_leaves_the_fight_against_his_own_gang() -> None:
    # L44 "the vamp is put out of the fight, the vamped recovers immediately his freedom, but he must
    # continue the undertaken action, except against his own gang" (S43): gang 1's vamp holds our dealer;
    # our killer attacks the vamp, the dealer defends beside it (L45) until the vamp falls, then leaves.
    s = at_round(new(dart_hit=1.0, dart_dead=0.0), 4)
    sq = street(s)
    s.pos[3 + VAMP] = s.pos[DEALER] = sq
    s.captor[DEALER] = 3 + VAMP
    s.moved[DEALER] = True
    stop_at(s, KILLER, sq)
    s.apply(kill_action(1, VAMP))
    t = outcome(s, FIRE, lambda t: t.pos[3 + VAMP] == CLINIC and t.pos[DEALER] == sq)
    assert any("leaves the fight (L44)" in e for e in t.events)
    assert t.captor[DEALER] == -1 and t.pos[KILLER] == sq
